#!/usr/bin/env python3
"""Counts passed and failed tests of one ctest run.

Reads ctest's JUnit file and, when lit ran under ctest, lit's xUnit file, so
that each lit test counts on its own instead of as the single ctest entry
`lit`. Prints `PASSED FAILED` and lists the failures on stderr.

    count_results.py CTEST_XML [LIT_XML]
"""
import os
import sys
import xml.etree.ElementTree as ET


def cases(path):
    """Yields (name, outcome) with outcome 'pass', 'fail' or 'skip'."""
    root = ET.parse(path).getroot()
    for case in root.iter("testcase"):
        name = case.get("name", "")
        classname = case.get("classname", "")
        if classname and classname != name:  # lit: suite.dir + file name
            name = classname + "." + name
        if case.find("failure") is not None or case.find("error") is not None:
            yield name, "fail"
        elif case.find("skipped") is not None or case.get("status") == "notrun":
            # ctest marks a test whose executable is missing as notrun + failure
            yield name, "skip"
        else:
            yield name, "pass"


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    ctest_xml = argv[1]
    lit_xml = argv[2] if len(argv) > 2 else None
    passed = failed = 0
    failures = []
    if not os.path.exists(ctest_xml):
        print("0 1")
        print("  no ctest results in " + ctest_xml, file=sys.stderr)
        return 0
    use_lit = lit_xml is not None and os.path.exists(lit_xml)
    for name, outcome in cases(ctest_xml):
        if name == "lit" and use_lit:
            continue  # replaced by the per-test lit results below
        if outcome == "pass":
            passed += 1
        elif outcome == "fail":
            failed += 1
            failures.append(name)
    if use_lit:
        for name, outcome in cases(lit_xml):
            if outcome == "pass":
                passed += 1
            elif outcome == "fail":
                failed += 1
                failures.append("lit: " + name)
    for name in failures:
        print("  FAILED " + name, file=sys.stderr)
    print(passed, failed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

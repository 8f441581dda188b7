#!/usr/bin/env python3
"""Counts passed and failed tests of ctest runs.

    count_results.py [--lit LIT_XML] CTEST_XML...

Reads ctest's JUnit files and, when lit ran under ctest (as the test named
`lit`), lit's xUnit file, so that each lit test counts on its own instead of
as one ctest entry. Prints `PASSED FAILED` on stdout and names the failures
on stderr. A missing ctest file counts as one failure.
"""
import argparse
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
            yield name, "skip"  # lit: UNSUPPORTED
        else:
            yield name, "pass"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lit", help="lit's --xunit-xml-output file")
    ap.add_argument("ctest_xml", nargs="+", help="ctest's --output-junit files")
    args = ap.parse_args(argv[1:])
    use_lit = args.lit is not None and os.path.exists(args.lit)
    passed = failed = 0
    failures = []

    def add(name, outcome):
        nonlocal passed, failed
        if outcome == "pass":
            passed += 1
        elif outcome == "fail":
            failed += 1
            failures.append(name)

    for path in args.ctest_xml:
        if not os.path.exists(path):
            add("(no ctest results in %s)" % path, "fail")
            continue
        for name, outcome in cases(path):
            # lit's own results replace its single ctest entry; if lit did not
            # get as far as writing them, the entry's outcome stands.
            if name == "lit" and use_lit:
                continue
            add(name, outcome)
    if use_lit:
        for name, outcome in cases(args.lit):
            add("lit: " + name, outcome)
    for name in failures:
        print("  FAILED " + name, file=sys.stderr)
    print(passed, failed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

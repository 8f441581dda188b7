#!/usr/bin/python3
"""ONNX conformance: runs the ONNX backend test data shipped by Debian's
libonnx-testdata through `lite-run --reference` (or, with --mode runtime,
through the compiled path: lite-run compiles each model and runs the artifact
on the runtime; with --mode jit, the same with generated kernels preferred) and classifies each test.

Each test directory holds model.onnx and test_data_set_N/{input_K,output_K}.pb;
input K binds to the K-th graph input that is not an initializer, output K to
the K-th graph output (ONNX's own backend runner does the same). A test passes
when every data set matches within ONNX's backend tolerances (rtol 1e-3,
atol 1e-7) unless TOLERANCE_OVERRIDES loosens them with a stated reason.

    conformance.py --bin build/bin                      # every suite
    conformance.py --bin build/bin --suite node --filter '^test_(conv|pool)'
    conformance.py --bin build/bin --check test/onnx/expected_pass.txt
    conformance.py --bin build/bin --mode runtime --check test/onnx/expected_pass.txt
    conformance.py --bin build/bin --update-expected test/onnx/expected_pass.txt
    conformance.py --bin build/bin --report out/        # report.md + report.json

Statuses: pass; fail (wrong numbers, a runtime error, a crash or a timeout:
the reason is lite-run's first error lines); unsupported (lite-run exit code
3: the importer does not support an op, or the test needs sequence/optional/
map values, which the lite dialect does not have).
"""

import argparse
import collections
import concurrent.futures
import datetime
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

try:
    import onnx
except ImportError:  # pragma: no cover - the message is the point
    sys.exit("conformance.py needs the onnx package: run it with /usr/bin/python3")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_DATA = "/usr/share/libonnx-testdata/data"
SUITES = ["node", "pytorch-converted", "pytorch-operator", "simple"]
RTOL, ATOL = 1e-3, 1e-7

# Per-test tolerance overrides: "suite/test" -> (rtol, atol, reason). Loosen a
# bound only with a reason that says why the exact reference is not the
# right oracle (an ONNX reference computed in a lower precision, say).
TOLERANCE_OVERRIDES = {
    "node/test_cast_FLOAT_to_BFLOAT16": (
        0.008, ATOL,
        "the expected output was made by truncating float32 to bfloat16 (ONNX's "
        "1.12 test generator keeps the upper 16 bits); lite rounds to nearest "
        "even as the Cast spec says, so values may differ by one bfloat16 ulp "
        "(at most 2^-7 relative)"),
}

# Tests whose data contradicts their own model: they stay failures (lite is
# right to refuse them), and the note says why in the reports.
DATA_DEFECTS = {
    name: "the data set's 'like' input has shape [1] where the model declares [3, 4]"
    for name in ("node/test_castlike_BFLOAT16_to_FLOAT",
                 "node/test_castlike_BFLOAT16_to_FLOAT_expanded",
                 "node/test_castlike_FLOAT_to_BFLOAT16",
                 "node/test_castlike_FLOAT_to_BFLOAT16_expanded")
}

PASS, FAIL, UNSUPPORTED = "pass", "fail", "unsupported"


# ---- discovering tests --------------------------------------------------------

class Test:
    def __init__(self, suite, name, path):
        self.suite, self.name, self.path = suite, name, path
        self.full = suite + "/" + name


def discover(data, suites, pattern):
    tests = []
    for suite in suites:
        base = os.path.join(data, suite)
        if not os.path.isdir(base):
            sys.exit(f"conformance.py: no test suite at {base}")
        for name in sorted(os.listdir(base)):
            path = os.path.join(base, name)
            if not os.path.isfile(os.path.join(path, "model.onnx")):
                continue
            if pattern and not (pattern.search(name) or pattern.search(suite + "/" + name)):
                continue
            tests.append(Test(suite, name, path))
    return tests


def data_sets(path):
    sets = [d for d in os.listdir(path) if d.startswith("test_data_set_")]
    return sorted(sets, key=lambda d: int(d.rsplit("_", 1)[1]) if d.rsplit("_", 1)[1].isdigit() else 0)


def numbered(dir_, prefix):
    """input_0.pb, input_1.pb, ... in numeric order."""
    files = []
    for f in os.listdir(dir_):
        m = re.fullmatch(prefix + r"_(\d+)\.pb", f)
        if m:
            files.append((int(m.group(1)), os.path.join(dir_, f)))
    return [p for _, p in sorted(files)]


def value_kind(value_info):
    """'tensor', or the name of the non-tensor type (sequence, optional, map)."""
    t = value_info.type
    kind = t.WhichOneof("value")
    return {"tensor_type": "tensor", "sparse_tensor_type": "sparse tensor",
            "sequence_type": "sequence", "optional_type": "optional",
            "map_type": "map"}.get(kind, kind or "untyped")


def op_types(graph, out):
    for node in graph.node:
        out.add(node.op_type if node.domain in ("", "ai.onnx") else node.domain + "." + node.op_type)
        for attr in node.attribute:
            if attr.type == onnx.AttributeProto.GRAPH:
                op_types(attr.g, out)
            for g in attr.graphs:
                op_types(g, out)
    return out


# ---- running one test -----------------------------------------------------------

class Result:
    def __init__(self, test, status, reason="", detail="", ops=None, seconds=0.0, command=None):
        self.test, self.status, self.reason, self.detail = test, status, reason, detail
        self.ops = sorted(ops or [])
        self.seconds = seconds
        self.command = command

    def to_json(self):
        d = {"name": self.test.full, "suite": self.test.suite, "status": self.status,
             "reason": self.reason, "seconds": round(self.seconds, 3)}
        if self.ops:
            d["unsupported_ops"] = self.ops
        return d


def first_lines(text, n):
    lines = [l.rstrip() for l in text.splitlines() if l.strip()]
    return lines[:n]


def strip_prefix(line, model):
    """Drops the prefixes lite-run puts before errors (the same for every line)."""
    for p in ("lite-run: ", "error: ", model + ": "):
        if line.startswith(p):
            line = line[len(p):]
    return line


MODE_FLAGS = {"reference": ["--reference"], "runtime": ["--warmup-runs", "0"],
              "jit": ["--warmup-runs", "0", "--jit"]}


def run_test(test, lite_run, timeout, verbose_lines, mode="reference"):
    start = time.monotonic()
    model_path = os.path.join(test.path, "model.onnx")
    try:
        model = onnx.load(model_path, load_external_data=False)
    except Exception as e:  # noqa: BLE001 - any parse error is the test's failure
        return Result(test, FAIL, f"onnx cannot load model.onnx: {e}", seconds=time.monotonic() - start)
    graph = model.graph
    inits = {i.name for i in graph.initializer} | {i.name for i in graph.sparse_initializer}
    inputs = [i for i in graph.input if i.name not in inits]
    outputs = list(graph.output)
    ops = op_types(graph, set())
    odd = sorted({value_kind(v) for v in inputs + outputs} - {"tensor"})
    if odd:
        return Result(test, UNSUPPORTED, "needs " + "/".join(odd) + " values",
                      ops=[], seconds=time.monotonic() - start)

    rtol, atol = RTOL, ATOL
    if test.full in TOLERANCE_OVERRIDES:
        rtol, atol, _ = TOLERANCE_OVERRIDES[test.full]
    sets = data_sets(test.path)
    if not sets:
        return Result(test, FAIL, "no test_data_set_N directory", seconds=time.monotonic() - start)
    command = None
    for ds in sets:
        dpath = os.path.join(test.path, ds)
        ins, outs = numbered(dpath, "input"), numbered(dpath, "output")
        # lite-run would make random data for a missing input: refuse.
        if len(ins) != len(inputs) or len(outs) > len(outputs):
            return Result(test, FAIL, f"{ds} has {len(ins)} inputs and {len(outs)} outputs; "
                          f"the model has {len(inputs)} and {len(outputs)}",
                          seconds=time.monotonic() - start)
        command = [lite_run, *MODE_FLAGS[mode], model_path, "--rtol", repr(rtol), "--atol", repr(atol)]
        for vi, f in zip(inputs, ins):
            command += ["--input", f"{vi.name}=@{f}"]
        for vi, f in zip(outputs, outs):
            command += ["--expected-output", f"{vi.name}=@{f}"]
        try:
            proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  timeout=timeout, text=True, errors="replace")
        except subprocess.TimeoutExpired:
            return Result(test, FAIL, f"timeout after {timeout} s ({ds})",
                          seconds=time.monotonic() - start, command=command)
        err = proc.stderr
        lines = [strip_prefix(l, model_path).replace(test.path + "/", "")
                 for l in first_lines(err, verbose_lines)]
        detail = "\n".join(lines)
        if proc.returncode == 0:
            continue
        if proc.returncode == 3:
            mentioned = {op for op in ops if re.search(r"\b" + re.escape(op) + r"\b", err)}
            reason = lines[0] if lines else "unsupported"
            return Result(test, UNSUPPORTED, reason, detail, ops=mentioned,
                          seconds=time.monotonic() - start, command=command)
        if proc.returncode < 0:
            try:
                sig = signal.Signals(-proc.returncode).name
            except ValueError:
                sig = str(-proc.returncode)
            reason = f"crashed ({sig})" + (": " + lines[-1] if lines else "")
        elif proc.returncode == 2:
            reason = "usage error: " + (lines[0] if lines else "")
        else:
            reason = pick_reason(lines) or f"exit code {proc.returncode}"
        if len(sets) > 1:
            reason = f"[{ds}] " + reason
        if test.full in DATA_DEFECTS:
            reason = f"known test data defect ({DATA_DEFECTS[test.full]}): " + reason
        return Result(test, FAIL, reason, detail, seconds=time.monotonic() - start, command=command)
    return Result(test, PASS, seconds=time.monotonic() - start, command=command)


def pick_reason(lines):
    """The most telling line: an error (not a note or the generic trailer)."""
    generic = re.compile(r"the reference run failed|^note:")
    for l in lines:
        if "error" in l and not generic.search(l):
            return l
    for l in lines:
        if not generic.search(l):
            return l
    return lines[0] if lines else ""


# ---- grouping failures by cause -------------------------------------------------

def cause_of(reason):
    """A reason with its particulars (numbers, names, paths) blanked, so that
    failures of one cause group together."""
    r = re.sub(r"^\[test_data_set_\d+\] ", "", reason)
    r = re.sub(r'loc\("[^"]*"\)', "loc(NODE)", r)
    r = re.sub(r"'(lite|func|arith)\.([a-z_0-9]+)'", r"'\1.\2'", r)
    r = re.sub(r"'(?!lite\.|func\.|arith\.)[^']*'", "'…'", r)
    r = re.sub(r"/[^\s:']+", "PATH", r)
    r = re.sub(r"-?\d+(\.\d+)?(e[-+]?\d+)?", "N", r)
    r = re.sub(r"\bNxN(xN)*\b", "SHAPE", r)
    return r[:200]


# ---- reporting --------------------------------------------------------------------

def totals(results, suites):
    t = collections.OrderedDict()
    for s in suites:
        t[s] = collections.Counter()
    for r in results:
        t[r.test.suite][r.status] += 1
        t[r.test.suite]["total"] += 1
    return t


def summary_lines(results, suites):
    out = []
    grand = collections.Counter()
    for s, c in totals(results, suites).items():
        if not c["total"]:
            continue
        grand.update(c)
        out.append(f"{s:18} {c[PASS]:5} pass {c[FAIL]:5} fail {c[UNSUPPORTED]:5} unsupported "
                   f"(of {c['total']})")
    out.append(f"{'total':18} {grand[PASS]:5} pass {grand[FAIL]:5} fail {grand[UNSUPPORTED]:5} "
               f"unsupported (of {grand['total']})")
    return out


def write_report(dir_, results, suites, lite_run, args):
    os.makedirs(dir_, exist_ok=True)
    results = sorted(results, key=lambda r: r.test.full)
    causes = collections.Counter(cause_of(r.reason) for r in results if r.status == FAIL)
    examples = {}
    for r in results:
        if r.status == FAIL:
            examples.setdefault(cause_of(r.reason), []).append(r.test.full)
    unsupported_ops = collections.Counter(op for r in results if r.status == UNSUPPORTED for op in r.ops)
    unsupported_other = collections.Counter(r.reason for r in results
                                            if r.status == UNSUPPORTED and not r.ops)
    data = {
        "generated": datetime.datetime.now().isoformat(timespec="seconds"),
        "lite_run": lite_run,
        "rtol": RTOL, "atol": ATOL,
        "filter": args.filter,
        "suites": {s: dict(c) for s, c in totals(results, suites).items() if c["total"]},
        "failure_causes": [{"cause": c, "count": n, "tests": examples[c]}
                           for c, n in causes.most_common()],
        "unsupported_ops": dict(unsupported_ops.most_common()),
        "tests": [r.to_json() for r in results],
    }
    with open(os.path.join(dir_, "report.json"), "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")

    md = [f"# ONNX conformance (lite-run, {args.mode} mode)", "",
          f"Generated {data['generated']} with `{lite_run}`; tolerances rtol {RTOL}, atol {ATOL}"
          + (f"; filter `{args.filter}`" if args.filter else "") + ".", "",
          "| suite | pass | fail | unsupported | total |", "|---|---:|---:|---:|---:|"]
    grand = collections.Counter()
    for s, c in totals(results, suites).items():
        if c["total"]:
            grand.update(c)
            md.append(f"| {s} | {c[PASS]} | {c[FAIL]} | {c[UNSUPPORTED]} | {c['total']} |")
    md.append(f"| **total** | {grand[PASS]} | {grand[FAIL]} | {grand[UNSUPPORTED]} | {grand['total']} |")
    if causes:
        md += ["", "## Failures by cause", "", "| count | cause | tests |", "|---:|---|---|"]
        for c, n in causes.most_common():
            names = examples[c]
            shown = ", ".join(names[:5]) + (f", … ({len(names) - 5} more)" if len(names) > 5 else "")
            md.append(f"| {n} | {md_cell(c)} | {md_cell(shown)} |")
    if unsupported_ops or unsupported_other:
        md += ["", "## Unsupported", "", "| tests | op or reason |", "|---:|---|"]
        for op, n in unsupported_ops.most_common():
            md.append(f"| {n} | {md_cell(op)} |")
        for why, n in unsupported_other.most_common():
            md.append(f"| {n} | {md_cell(why)} |")
    md += ["", "## Tests", "", "| test | status | reason |", "|---|---|---|"]
    for r in results:
        md.append(f"| {r.test.full} | {r.status} | {md_cell(r.reason)} |")
    with open(os.path.join(dir_, "report.md"), "w") as f:
        f.write("\n".join(md) + "\n")


def md_cell(s):
    return s.replace("|", "\\|").replace("\n", " ")


# ---- the expected-pass list -----------------------------------------------------------

def read_list(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [l.strip() for l in f if l.strip() and not l.lstrip().startswith("#")]


LIST_HEADER = """\
# ONNX backend tests (libonnx-testdata) that pass on `lite-run --reference`.
# One suite/test per line, sorted. The list may only grow: CI runs
#   test/onnx/conformance.py --check test/onnx/expected_pass.txt
# and fails when a listed test stops passing. Regenerate with
#   test/onnx/conformance.py --update-expected test/onnx/expected_pass.txt
"""


def check_expected(path, results, suites, filtered):
    listed = read_list(path)
    by_name = {r.test.full: r for r in results}
    bad = 0
    for name in listed:
        r = by_name.get(name)
        if r is None:
            # Outside this run's selection, unless its whole suite ran.
            if name.split("/", 1)[0] in suites and not filtered:
                print(f"MISSING   {name}: listed in {path}, but there is no such test")
                bad += 1
            continue
        if r.status != PASS:
            print(f"REGRESSED {name}: {r.status}: {r.reason}")
            bad += 1
    listed_set = set(listed)
    new = sorted(r.test.full for r in results if r.status == PASS and r.test.full not in listed_set)
    for name in new:
        print(f"NEW PASS  {name}: not in {path}; add it (--update-expected {path})")
    checked = sum(1 for n in listed if n in by_name)
    print(f"check: {checked} listed tests run, {bad} not passing, {len(new)} passing but not listed")
    return bad == 0


def update_expected(path, results, allow_shrink):
    old = read_list(path)
    ran = {r.test.full: r for r in results}
    passes = {n for n, r in ran.items() if r.status == PASS}
    dropped = sorted(n for n in old if n in ran and n not in passes)
    if dropped and not allow_shrink:
        print(f"update-expected: refusing to drop {len(dropped)} listed tests that no longer pass "
              f"(fix them, or pass --allow-shrink):")
        for n in dropped:
            print(f"  {n}: {ran[n].status}: {ran[n].reason}")
        return False
    keep = {n for n in old if n not in ran}  # outside this run's selection
    new = sorted(keep | passes)
    with open(path, "w") as f:
        f.write(LIST_HEADER)
        for n in new:
            f.write(n + "\n")
    added = len(set(new) - set(old))
    print(f"update-expected: {path}: {len(new)} tests ({added} added, {len(dropped)} dropped)")
    return True


# ---- main -------------------------------------------------------------------------------

def find_lite_run(bin_arg):
    candidates = []
    if bin_arg:
        candidates = [bin_arg, os.path.join(bin_arg, "lite-run")]
    else:
        candidates = [os.path.join(ROOT, "build", "bin", "lite-run")]
        found = shutil.which("lite-run")
        if found:
            candidates.append(found)
    for c in candidates:
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return os.path.abspath(c)
    sys.exit("conformance.py: lite-run not found (tried " + ", ".join(candidates)
             + "); build it and pass --bin BUILD/bin")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", help="directory holding lite-run (or its path)")
    ap.add_argument("--data", default=DEFAULT_DATA, help="libonnx-testdata data directory")
    ap.add_argument("--suite", action="append", choices=SUITES,
                    help="suite to run (repeatable; default: all)")
    ap.add_argument("--filter", help="regular expression searched in the test name")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="tests run in parallel (default 2)")
    ap.add_argument("--timeout", type=float, default=60, help="seconds per data set (default 60)")
    ap.add_argument("--report", metavar="DIR", help="write DIR/report.md and DIR/report.json")
    ap.add_argument("--check", metavar="FILE", help="fail when a test listed in FILE does not pass")
    ap.add_argument("--update-expected", metavar="FILE", help="rewrite FILE from the passing tests")
    ap.add_argument("--allow-shrink", action="store_true",
                    help="let --update-expected drop tests that no longer pass")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="show the command and error lines of every test that does not pass")
    ap.add_argument("-q", "--quiet", action="store_true", help="print only tests that do not pass")
    ap.add_argument("--mode", choices=sorted(MODE_FLAGS), default="reference",
                    help="reference: the interpreter (default); runtime: compile, run the artifact; "
                         "jit: the same with generated kernels preferred (lite-run --jit)")
    args = ap.parse_args(argv)

    lite_run = find_lite_run(args.bin)
    suites = args.suite or SUITES
    pattern = re.compile(args.filter) if args.filter else None
    tests = discover(args.data, suites, pattern)
    if not tests:
        sys.exit("conformance.py: no test matches")
    verbose_lines = 20 if args.verbose else 6

    results = []
    width = max(len(t.full) for t in tests)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run_test, t, lite_run, args.timeout, verbose_lines, args.mode) for t in tests]
        for fut in concurrent.futures.as_completed(futures):
            r = fut.result()
            results.append(r)
            if r.status == PASS and args.quiet:
                continue
            line = f"{r.status.upper():11} {r.test.full:{width}}"
            if r.status != PASS:
                line += "  " + r.reason
            print(line.rstrip(), flush=True)
            if args.verbose and r.status != PASS:
                if r.command:
                    print("    $ " + " ".join(r.command))
                for l in r.detail.splitlines():
                    print("    " + l)

    print()
    for l in summary_lines(results, suites):
        print(l)
    if args.report:
        write_report(args.report, results, suites, lite_run, args)
        print(f"report: {os.path.join(args.report, 'report.md')}, report.json")

    ok = True
    if args.check:
        ok = check_expected(args.check, results, set(suites), bool(args.filter)) and ok
    if args.update_expected:
        ok = update_expected(args.update_expected, results, args.allow_shrink) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

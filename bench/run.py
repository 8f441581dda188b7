#!/usr/bin/env python3
"""Compares lite-opt with upstream mlir-opt-16 on generated modules.

    bench/run.py [--sizes 10000,100000,1000000] [--repeat 3] [--lite-opt PATH]

For each size, bench/gen_ir.py writes one module (cached in --workdir). Both
tools then run, in the same process tree and back to back, on that file:
  parse    parse + verify + print
  cse      --cse
  canon    --canonicalize
each with --allow-unregistered-dialect, printing to /dev/null. Wall time is
the best of --repeat runs; peak RSS comes from wait4() on each child. One
more run per tool and mode prints the generic form to count the ops left,
so a tool that does less work cannot look faster unnoticed.

The table shows the ratio mlir-opt / lite-opt (above 1: lite-opt is faster or
smaller), and for each tool and mode the growth exponent k of time ~ size^k
between the smallest and largest size (k close to 1 is linear).
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MODES = [
    ("parse", []),
    ("cse", ["--cse"]),
    ("canon", ["--canonicalize"]),
]
OP_LINE = re.compile(rb'^\s*(?:%[^=]*=\s*)?"[^"]+"\(', re.MULTILINE)


def run_once(cmd, stdout):
    """Runs cmd; returns (exit status, wall seconds, peak RSS in KiB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.PIPE)
    # wait4 gives this child's own rusage (RUSAGE_CHILDREN would mix runs).
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.stderr.write("%s failed (exit %d):\n%s\n"
                         % (" ".join(cmd), proc.returncode, err[-2000:]))
    return proc.returncode, wall, usage.ru_maxrss


def measure(cmd, repeat):
    """Best wall time and the peak RSS of that run; None on failure."""
    best = None
    for _ in range(repeat):
        with open(os.devnull, "wb") as null:
            rc, wall, rss = run_once(cmd, null)
        if rc != 0:
            return None
        if best is None or wall < best[0]:
            best = (wall, rss)
    return best


def count_ops(cmd, workdir):
    """Runs cmd with generic printing and counts the ops in its output."""
    out_path = os.path.join(workdir, "count.out")
    with open(out_path, "wb") as out:
        rc, _, _ = run_once(cmd + ["--mlir-print-op-generic"], out)
    if rc != 0:
        return None
    with open(out_path, "rb") as f:
        n = len(OP_LINE.findall(f.read()))
    os.remove(out_path)
    return n


def module_for(size, workdir, seed):
    path = os.path.join(workdir, "bench-%d-s%d.mlir" % (size, seed))
    gen = os.path.join(HERE, "gen_ir.py")
    if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(gen):
        subprocess.run([sys.executable, gen, str(size), "-o", path,
                        "--seed", str(seed)], check=True)
    return path


def fmt_time(t):
    return "FAIL" if t is None else "%.3f s" % t


def fmt_mib(kib):
    return "FAIL" if kib is None else "%.1f MiB" % (kib / 1024.0)


def fmt_ratio(a, b):
    return "-" if a is None or b is None or b == 0 else "%.2fx" % (a / b)


def main(argv):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10000,100000,1000000",
                    help="comma-separated op counts")
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement")
    ap.add_argument("--lite-opt", default=os.path.join(ROOT, "build", "bin", "lite-opt"))
    ap.add_argument("--mlir-opt", default=shutil.which("mlir-opt-16") or "mlir-opt-16")
    ap.add_argument("--mlir-threading", action="store_true",
                    help="let mlir-opt use threads (default: --mlir-disable-threading,"
                         " as lite-opt is single-threaded)")
    ap.add_argument("--workdir", default=os.path.join(ROOT, "build-bench"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--modes", default=",".join(m for m, _ in MODES))
    args = ap.parse_args(argv[1:])

    for tool in (args.lite_opt, args.mlir_opt):
        if not shutil.which(tool):
            sys.exit("bench: %s not found (build lite first: scripts/build.sh)" % tool)
    os.makedirs(args.workdir, exist_ok=True)
    sizes = [int(s) for s in args.sizes.split(",")]
    modes = [m for m in MODES if m[0] in args.modes.split(",")]
    tools = {
        "lite-opt": [args.lite_opt, "--allow-unregistered-dialect"],
        "mlir-opt": [args.mlir_opt, "--allow-unregistered-dialect"]
                    + ([] if args.mlir_threading else ["--mlir-disable-threading"]),
    }

    results = {}  # (tool, mode, size) -> (wall, rss, ops_out)
    for size in sizes:
        path = module_for(size, args.workdir, args.seed)
        for mode, flags in modes:
            for tool, base in tools.items():
                cmd = base + flags + [path]
                best = measure(cmd, args.repeat)
                ops = count_ops(cmd, args.workdir) if best else None
                results[(tool, mode, size)] = (
                    best[0] if best else None, best[1] if best else None, ops)
                print("  %-8s %-5s %8d ops: %s, %s, %s ops out" % (
                    tool, mode, size, fmt_time(results[(tool, mode, size)][0]),
                    fmt_mib(results[(tool, mode, size)][1]), ops), file=sys.stderr)

    header = ("| ops | mode | lite-opt time | mlir-opt time | time ratio | "
              "lite-opt RSS | mlir-opt RSS | RSS ratio | ops out (lite / mlir) |")
    print(header)
    print("|---:|---|---:|---:|---:|---:|---:|---:|---|")
    for size in sizes:
        for mode, _ in modes:
            lt, lr, lo = results[("lite-opt", mode, size)]
            mt, mr, mo = results[("mlir-opt", mode, size)]
            print("| %d | %s | %s | %s | %s | %s | %s | %s | %s / %s |" % (
                size, mode, fmt_time(lt), fmt_time(mt), fmt_ratio(mt, lt),
                fmt_mib(lr), fmt_mib(mr), fmt_ratio(mr, lr),
                "-" if lo is None else lo, "-" if mo is None else mo))

    if len(sizes) >= 2:
        lo_size, hi_size = min(sizes), max(sizes)
        print()
        print("| tool | mode | growth k (time ~ ops^k, %d..%d ops) | verdict |"
              % (lo_size, hi_size))
        print("|---|---|---:|---|")
        for tool in tools:
            for mode, _ in modes:
                t0 = results[(tool, mode, lo_size)][0]
                t1 = results[(tool, mode, hi_size)][0]
                if not t0 or not t1:
                    print("| %s | %s | - | failed |" % (tool, mode))
                    continue
                k = math.log(t1 / t0) / math.log(hi_size / lo_size)
                verdict = "linear" if k < 1.15 else "superlinear"
                print("| %s | %s | %.2f | %s |" % (tool, mode, k, verdict))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""The hand-written elementwise and softmax rows against the generated
kernels of the same ops and the reference kernels, one op at a time, in
one run on this machine.

    /usr/bin/python3 bench/rows.py [--bin BUILD/bin] [--runs 200] [--rounds 3]

Each case is a function of one lone op (so the pick gives it to the
hand-written row where one exists, not to an elementwise group of the
generated kernels). lite-run runs the cases with the hand-written kinds
(--kernel-kinds=x86,arm,ref at this CPU's places), the generated ones
(--kernel-kinds=jit,ref) and the reference kernels alone, --rounds times
each, alternating; per op the median over the rounds of lite-run's
profile (ms per run, mean over --runs timed runs after 20 warm-ups, one
thread). Printed: the three times and hand / generated, hand / reference.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

# name, op line, argument types, result type
CASES = [
    ("bias add 2x24x40x40", '"lite.add"(%a0, %a1)',
     ["tensor<2x24x40x40xf32>", "tensor<24x1x1xf32>"], "tensor<2x24x40x40xf32>"),
    ("mul 2x24x40x40", '"lite.mul"(%a0, %a1)',
     ["tensor<2x24x40x40xf32>", "tensor<2x24x40x40xf32>"], "tensor<2x24x40x40xf32>"),
    ("row scale 512x300", '"lite.mul"(%a0, %a1)',
     ["tensor<512x300xf32>", "tensor<512x1xf32>"], "tensor<512x300xf32>"),
    ("prelu 2x24x40x40", '"lite.prelu"(%a0, %a1)',
     ["tensor<2x24x40x40xf32>", "tensor<1x24x1x1xf32>"], "tensor<2x24x40x40xf32>"),
    ("div 64x1000", '"lite.div"(%a0, %a1)',
     ["tensor<64x1000xf32>", "tensor<1000xf32>"], "tensor<64x1000xf32>"),
    ("softmax 256x1000", '"lite.softmax"(%a0) {axis = 1 : i64}',
     ["tensor<256x1000xf32>"], "tensor<256x1000xf32>"),
    ("softmax 1024x64", '"lite.softmax"(%a0) {axis = 1 : i64}',
     ["tensor<1024x64xf32>"], "tensor<1024x64xf32>"),
]

KINDS = [("hand", "x86,arm,ref"), ("generated", "jit,ref"), ("reference", "ref")]


def module(case):
    _, op, args, result = case
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    types = ", ".join(args)
    return (f"func.func @main({params}) -> {result} {{\n"
            f"  %r = {op} : ({types}) -> {result}\n"
            f"  return %r : {result}\n}}\n")


def time_of(lite_run, path, kinds, runs):
    out = subprocess.run(
        [lite_run, path, f"--kernel-kinds={kinds}", "--num-threads", "1",
         "--warmup-runs", "20", "--num-runs", str(runs), "--profile"],
        capture_output=True, text=True, check=True).stdout
    # `   0  lite.add   x86_add__f32_nchw   x86:f32:nchw   2x24x40x40   0.0090 ...`
    for line in out.splitlines():
        m = re.match(r"\s+0\s+(\S+)\s+(\S+)\s+\S+\s+\S+\s+([0-9.]+)", line)
        if m:
            return m.group(2), float(m.group(3))
    raise RuntimeError(f"no profile line in lite-run's output for {path}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "build", "bin"))
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    lite_run = os.path.join(a.bin, "lite-run")
    if not os.access(lite_run, os.X_OK):
        sys.exit(f"rows: {lite_run} not found: build first (scripts/build.sh)")
    print("| op | hand-written row | ms | generated ms | reference ms "
          "| hand / generated | hand / reference |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for i, case in enumerate(CASES):
            path = os.path.join(tmp, f"case{i}.mlir")
            with open(path, "w") as f:
                f.write(module(case))
            times = {k: [] for k, _ in KINDS}
            names = {}
            for _ in range(a.rounds):
                for key, kinds in KINDS:
                    names[key], ms = time_of(lite_run, path, kinds, a.runs)
                    times[key].append(ms)
            med = {k: statistics.median(v) for k, v in times.items()}
            print(f"| {case[0]} | `{names['hand']}` | {med['hand']:.4f} "
                  f"| {med['generated']:.4f} | {med['reference']:.4f} "
                  f"| {med['hand'] / med['generated']:.2f} "
                  f"| {med['hand'] / med['reference']:.3f} |")


if __name__ == "__main__":
    main()

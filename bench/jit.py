#!/usr/bin/env python3
"""Generated kernels: JIT compile time (cold and warm object cache) and the
time of the ops they replace, against the reference kernels, per model, in
one run on this machine.

    python3 bench/jit.py [--bin BUILD/bin] [--models-dir DIR] [--models a,b]
        [--num-runs 10] [--rounds 3]

compile  lite-run MODEL --jit twice with a fresh LITE_CACHE_DIR: the first
         start compiles every kernel module (translate, O3, object), the
         second loads the cached object; both print lite-run's `jit:` line
         (kernels, modules compiled, ms compiling, ms loading).
kernels  lite-run MODEL --profile with the reference kernels only
         (--kernel-kinds=ref) and with generated ones (--jit), --rounds
         times each, alternating; per op type the median ms per run. The
         ops the lowering replaced are the reference time that went away
         (per op type: reference ms minus the ms that type still takes with
         --jit), set against the time of the lite.dispatch instructions
         that replaced them. Whole-run medians are shown beside.

There is no hand-written x86 kernel yet to set beside them: the reference
kernels (kernels/ref, portable C) are what the generated ones replace.
Models come from test/models/gen_models.py (generated when missing).
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_MODELS = ["mobilenet_v2", "mobilenet_v3_small", "efficientnet_b0",
                  "resnet50", "transformer_encoder"]
JIT_LINE = re.compile(r"^jit: (\d+) kernels, (\d+) module\(s\) compiled in "
                      r"([0-9.]+) ms, (\d+) from the cache, loaded in ([0-9.]+) ms")
SUMMARY = re.compile(r"median ([0-9.]+) ms")


def run(cmd, env=None):
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        sys.exit(f"bench/jit.py: {' '.join(cmd)} failed:\n{p.stderr[-2000:]}")
    return p.stdout


def jit_line(out):
    for line in out.splitlines():
        m = JIT_LINE.match(line)
        if m:
            return (int(m[1]), int(m[2]), float(m[3]), int(m[4]), float(m[5]))
    return None


def by_op_type(out):
    """{op: ms per run} from lite-run --profile's `by op type` table."""
    ops, on = {}, False
    for line in out.splitlines():
        if line.startswith("by op type:"):
            on = True
            continue
        if on:
            f = line.split()
            if not f or f[0] == "op":
                continue
            if not f[0].startswith("lite."):
                break
            ops[f[0]] = float(f[2])
    return ops


def median_ms(out):
    m = SUMMARY.search(out)
    return float(m[1]) if m else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--models-dir", default=os.path.join(ROOT, "build", "models"))
    ap.add_argument("--models", default=",".join(DEFAULT_MODELS))
    ap.add_argument("--num-runs", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    lite_run = os.path.join(a.bin, "lite-run")
    names = [n for n in a.models.split(",") if n]
    missing = [n for n in names if not os.path.exists(os.path.join(a.models_dir, n + ".onnx"))]
    if missing:
        subprocess.run([sys.executable, os.path.join(ROOT, "test", "models", "gen_models.py"),
                        a.models_dir, *missing], check=True, capture_output=True)

    print("## JIT compile of each model's generated kernels (one thread)\n")
    print("| model | kernels | cold: compile ms | cold: load ms | warm: compile ms | warm: load ms |")
    print("|---|---|---|---|---|---|")
    for n in names:
        path = os.path.join(a.models_dir, n + ".onnx")
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, LITE_CACHE_DIR=cache)
            cold = jit_line(run([lite_run, path, "--jit", "--warmup-runs", "0"], env))
            warm = jit_line(run([lite_run, path, "--jit", "--warmup-runs", "0"], env))
        if not cold:
            print(f"| {n} | 0 | - | - | - | - |")
            continue
        assert warm and warm[1] == 0, f"{n}: the second start compiled again: {warm}"
        print(f"| {n} | {cold[0]} | {cold[2]:.1f} | {cold[4]:.2f} | {warm[2]:.1f} | {warm[4]:.2f} |")

    print(f"\n## The ops generated kernels replace, reference vs generated "
          f"(median of {a.rounds} rounds of {a.num_runs} runs, ms per run)\n")
    print("| model | dispatches | replaced ops: reference ms | generated ms | ratio | whole run: reference ms | with --jit ms |")
    print("|---|---|---|---|---|---|---|")
    for n in names:
        path = os.path.join(a.models_dir, n + ".onnx")
        ref_t, jit_t, ref_ops, jit_ops = [], [], [], []
        for _ in range(a.rounds):
            common = [path, "--profile", "--warmup-runs", "2", "--num-runs", str(a.num_runs)]
            out = run([lite_run, *common, "--kernel-kinds=ref"])
            ref_t.append(median_ms(out))
            ref_ops.append(by_op_type(out))
            out = run([lite_run, *common, "--jit"])
            jit_t.append(median_ms(out))
            jit_ops.append(by_op_type(out))
        types = set().union(*ref_ops, *jit_ops)
        med = {t: (statistics.median(r.get(t, 0.0) for r in ref_ops),
                   statistics.median(j.get(t, 0.0) for j in jit_ops)) for t in types}
        dispatch = med.get("lite.dispatch", (0.0, 0.0))[1]
        replaced = sum(max(0.0, r - j) for t, (r, j) in med.items() if t != "lite.dispatch")
        count = "-"
        prof = run([lite_run, path, "--jit", "--profile", "--warmup-runs", "0"])
        m = re.search(r"^lite\.dispatch\s+(\d+)", prof, re.M)
        if m:
            count = m[1]
        ratio = f"{replaced / dispatch:.1f}x" if dispatch > 0 else "-"
        print(f"| {n} | {count} | {replaced:.3f} | {dispatch:.3f} | {ratio} | "
              f"{statistics.median(ref_t):.2f} | {statistics.median(jit_t):.2f} |")


if __name__ == "__main__":
    main()

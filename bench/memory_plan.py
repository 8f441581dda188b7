#!/usr/bin/python3
"""Memory planning on every generated model (and PP-OCR when present).

For each model: import (lite-translate --import-onnx), --lite-optimize,
then --lite-plan-memory with --mlir-pass-statistics and --mlir-timing, and
print naive bytes (every value its own range), the lower bound (the largest
sum of simultaneously live buffers), the planned arena bytes, their ratio
and the planner's wall time from lite-opt's timing report.

PP-OCR models (/tmp/ppocr/*.onnx) have dynamic input dims; they are planned
at a fixed serving shape (cls 1x3x48x192, det 1x3x640x640, rec 1x3x48x320),
written into a copy of the model's input before import.

Usage: /usr/bin/python3 bench/memory_plan.py [--build build-mem] [--limit 1.1]
Exits non-zero when a plan exceeds limit x its lower bound.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PPOCR_SHAPES = {"ppocr_cls": [1, 3, 48, 192], "ppocr_det": [1, 3, 640, 640],
                "ppocr_rec": [1, 3, 48, 320]}


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if r.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (" ".join(cmd), r.stderr[-2000:]))
    return r.stdout + r.stderr


def fix_shape(src, dst, shape):
    import onnx
    m = onnx.load(src)
    dims = m.graph.input[0].type.tensor_type.shape.dim
    for d, v in zip(dims, shape):
        d.Clear()
        d.dim_value = v
    onnx.save(m, dst)


def plan(build, onnx_path, work):
    name = os.path.splitext(os.path.basename(onnx_path))[0]
    mlir = os.path.join(work, name + ".mlir")
    opt = os.path.join(work, name + ".opt.mlir")
    bindir = os.path.join(build, "bin")
    run([os.path.join(bindir, "lite-translate"), "--import-onnx", onnx_path,
         "-o", mlir])
    run([os.path.join(bindir, "lite-opt"), mlir, "--lite-optimize", "-o", opt])
    out = run([os.path.join(bindir, "lite-opt"), opt, "--lite-plan-memory",
               "--mlir-pass-statistics", "--mlir-timing", "-o", os.devnull])
    stats = {k: int(v) for v, k in
             re.findall(r"\(S\)\s+(\d+) ([a-z-]+)", out)}
    t = re.search(r"^\s*([\d.]+) \(\s*[\d.]+%\)\s+LitePlanMemory$", out, re.M)
    return (name, stats["naive-bytes"], stats["lower-bound-bytes"],
            stats["planned-bytes"], float(t.group(1)) * 1e3 if t else -1.0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build-mem"))
    ap.add_argument("--limit", type=float, default=1.1)
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as work:
        models = os.path.join(work, "models")
        os.makedirs(models)
        run([sys.executable, os.path.join(ROOT, "test/models/gen_models.py"),
             models])
        paths = sorted(glob.glob(os.path.join(models, "*.onnx")))
        for p in sorted(glob.glob("/tmp/ppocr/*.onnx")):
            name = os.path.splitext(os.path.basename(p))[0]
            if name in PPOCR_SHAPES:
                fixed = os.path.join(work, name + ".onnx")
                fix_shape(p, fixed, PPOCR_SHAPES[name])
                paths.append(fixed)
        for p in paths:
            rows.append(plan(args.build, p, work))
    print("%-20s %12s %12s %12s %7s %9s" %
          ("model", "naive", "lower bound", "planned", "ratio", "plan ms"))
    bad = 0
    for name, naive, lb, planned, ms in rows:
        ratio = planned / lb if lb else 1.0
        bad += ratio > args.limit
        print("%-20s %12d %12d %12d %7.3f %9.2f" %
              (name, naive, lb, planned, ratio, ms))
    print("onnxruntime peak activation memory: not measured (onnxruntime is "
          "not installed for /usr/bin/python3 here)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Runs models under `lite-run --reference`, through the compiled path on the
runtime (lite-run's default mode) and under onnxruntime on the same seeded
inputs and compares the outputs: both of lite's against onnxruntime, and
(lite-run --check-reference) the runtime's against the interpreter's on the
compiled module within 1e-5 relative.

  check_models.py --bin BUILD/bin --models DIR [NAME...] [--ppocr DIR]

NAME is a model of gen_models.py (generated into DIR when missing) or one of
the PP-OCR models fetched by fetch_ppocr.py (ppocr_det, ppocr_rec, ppocr_cls).
Agreement: the largest absolute difference, relative to the largest absolute
reference value, at most --rtol (1e-4); the per-output cosine is printed too.
With --pipeline P, each model is also run through `lite-run --compare` with
the pass pipeline P (e.g. lite-optimize and placement): the optimized model
must agree with the unoptimized one within 1e-4 relative + 1e-5 absolute.
Run with the interpreter of .venv (scripts/setup.sh), which has onnxruntime.
Exits 0 when every model agrees, 1 otherwise, 2 when onnxruntime is missing.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np
import onnx

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_models  # noqa: E402

# Dynamic dims of the PP-OCR models get the sizes their pipelines use.
PPOCR_SHAPES = {
    "ppocr_det": (1, 3, 640, 640),
    "ppocr_rec": (1, 3, 48, 320),
    "ppocr_cls": (1, 3, 48, 192),
}
ELEM = {onnx.TensorProto.FLOAT: np.float32, onnx.TensorProto.INT64: np.int64,
        onnx.TensorProto.INT32: np.int32, onnx.TensorProto.BOOL: np.bool_}


def graph_inputs(model):
    inits = {i.name for i in model.graph.initializer}
    for vi in model.graph.input:
        if vi.name in inits:
            continue
        tt = vi.type.tensor_type
        dims = [d.dim_value if d.HasField("dim_value") and d.dim_value > 0 else None
                for d in tt.shape.dim]
        yield vi.name, ELEM[tt.elem_type], dims


def make_inputs(name, model, seed):
    rng = np.random.default_rng(seed)
    feeds = {}
    for iname, dtype, dims in graph_inputs(model):
        if None in dims:
            dims = PPOCR_SHAPES[name]
        if iname == "mask":  # attention mask: allow all but the last two keys
            m = np.zeros(dims, np.float32)
            m[..., -2:] = -1e4
            feeds[iname] = m
        else:
            feeds[iname] = rng.uniform(-1, 1, dims).astype(dtype)
    return feeds


def compare(ref, got):
    ref64, got64 = ref.astype(np.float64), got.astype(np.float64)
    scale = max(np.abs(ref64).max(), 1e-30)
    rel = np.abs(ref64 - got64).max() / scale
    cos = float(np.dot(ref64.ravel(), got64.ravel()) /
                max(np.linalg.norm(ref64) * np.linalg.norm(got64), 1e-300))
    return rel, cos


def compare_pipeline(name, path, lite_run, pipeline):
    """lite-run --compare of the model before and after `pipeline`."""
    cmd = [lite_run, "--compare", path, "--pass-pipeline", pipeline,
           "--rtol", "1e-4", "--atol", "1e-5"]
    if name in PPOCR_SHAPES:
        cmd += ["--input-shape", "x=" + "x".join(map(str, PPOCR_SHAPES[name]))]
    p = subprocess.run(cmd, capture_output=True, text=True)
    lines = (p.stdout + p.stderr).strip().splitlines()
    ops = next((l for l in lines if l.startswith("ops:")), "")
    if p.returncode != 0:
        return False, f"--compare exit {p.returncode}: " + " | ".join(lines[-3:])[:400]
    return True, ops


def run_one(name, path, lite_run, seed, rtol, jit=False):
    import onnxruntime as ort
    model = onnx.load(path, load_external_data=False)
    feeds = make_inputs(name, model, seed)
    out_names = [o.name for o in model.graph.output]
    so = ort.SessionOptions()
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    sess = ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
    ref = dict(zip(out_names, sess.run(out_names, feeds)))
    with tempfile.TemporaryDirectory() as tmp:
        inputs = []
        for k, v in feeds.items():
            f = os.path.join(tmp, f"in_{len(inputs)}.npy")
            np.save(f, v)
            inputs += ["--input", f"{k}=@{f}"]
        outs, secs = {}, 0.0
        # The interpreter, then the compiled path on the runtime.
        # The runtime run also runs the interpreter on the compiled module
        # (--check-reference) and fails unless they agree within 1e-5.
        # Then the same with generated kernels (--jit), checked against the
        # interpreter on the model before compiling.
        modes = [("reference", ["--reference"]),
                 ("runtime", ["--warmup-runs", "0", "--check-reference"])]
        if jit:
            modes.append(("jit", ["--warmup-runs", "0", "--jit", "--check-reference"]))
        for mode, flags in modes:
            odir = os.path.join(tmp, mode)
            cmd = [lite_run, *flags, path, "--output", "@" + odir, *inputs]
            t = time.time()
            p = subprocess.run(cmd, capture_output=True, text=True)
            secs += time.time() - t
            if p.returncode != 0:
                return False, f"lite-run ({mode}) exit {p.returncode}: {(p.stderr or p.stdout).strip()[:400]}", secs
            outs[mode] = {}
            for o in out_names:
                # lite-run writes DIR/<name>.npy with [^A-Za-z0-9._-] as '_'.
                safe = re.sub(r"[^A-Za-z0-9._-]", "_", o)
                outs[mode][o] = np.load(os.path.join(odir, safe + ".npy"))
        worst, parts = 0.0, []
        for o in out_names:
            got, run = outs["reference"][o], outs["runtime"][o]
            if got.shape != ref[o].shape or run.shape != ref[o].shape:
                return False, f"{o}: shapes {got.shape} (reference) {run.shape} (runtime) vs onnxruntime {ref[o].shape}", secs
            rel, cos = compare(ref[o], got)
            rt_rel, _ = compare(ref[o], run)
            worst = max(worst, rel, rt_rel)
            part = f"{o}: rel {rel:.2e} cos {cos:.8f} runtime rel {rt_rel:.2e}"
            if jit:
                jrun = outs["jit"][o]
                if jrun.shape != ref[o].shape:
                    return False, f"{o}: shape {jrun.shape} (jit) vs onnxruntime {ref[o].shape}", secs
                jit_rel, _ = compare(ref[o], jrun)
                worst = max(worst, jit_rel)
                part += f" jit rel {jit_rel:.2e}"
            parts.append(part)
    return worst <= rtol, "; ".join(parts), secs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*")
    ap.add_argument("--bin", required=True, help="directory holding lite-run")
    ap.add_argument("--models", required=True, help="directory of generated models")
    ap.add_argument("--ppocr", help="directory of fetched PP-OCR models")
    ap.add_argument("--small", action="store_true", help="only the CI-sized models")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rtol", type=float, default=1e-4)
    ap.add_argument("--pipeline", help="also compare the model before and after this pipeline")
    ap.add_argument("--jit", action="store_true",
                    help="also run with generated kernels (lite-run --jit)")
    a = ap.parse_args()
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        print("check_models.py: onnxruntime is not installed (run scripts/setup.sh "
              "and use .venv/bin/python); skipping", file=sys.stderr)
        return 2
    names = a.names or (gen_models.SMALL if a.small else list(gen_models.MODELS))
    if a.ppocr and not a.names:
        names += sorted(PPOCR_SHAPES)
    lite_run = os.path.join(a.bin, "lite-run")
    failed = 0
    for name in names:
        if name in PPOCR_SHAPES:
            path = os.path.join(a.ppocr or "", name + ".onnx")
            if not a.ppocr or not os.path.exists(path):
                print(f"{name:22s} SKIP  not fetched (test/models/fetch_ppocr.py)")
                continue
        else:
            path = os.path.join(a.models, name + ".onnx")
            if not os.path.exists(path):
                os.makedirs(a.models, exist_ok=True)
                onnx.save(gen_models.MODELS[name](), path)
        ok, detail, secs = run_one(name, path, lite_run, a.seed, a.rtol, a.jit)
        if ok and a.pipeline:
            ok, more = compare_pipeline(name, path, lite_run, a.pipeline)
            detail += f"; pipeline {more}"
        failed += not ok
        print(f"{name:22s} {'PASS' if ok else 'FAIL'}  {secs:6.1f}s  {detail}", flush=True)
    print(f"{len(names) - failed} agree, {failed} differ (rtol {a.rtol:g})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

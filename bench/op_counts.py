#!/usr/bin/env python3
"""Op counts before and after `lite-opt --lite-optimize`, beside
onnxruntime's own optimized graph, with the optimized model checked against
the unoptimized one and the speed of the pass pipeline.

  bench/op_counts.py --bin BUILD/bin --models DIR [--ppocr DIR] [NAME...]
                     [--no-check] [--repeat N] [--timing resnet50,ppocr_rec]

NAME is a model of test/models/gen_models.py (generated into DIR when
missing) or a PP-OCR model of test/models/fetch_ppocr.py (ppocr_det,
ppocr_rec, ppocr_cls in --ppocr DIR; their dynamic input dims are fixed to
the sizes their pipelines use, for lite and onnxruntime alike). Default:
every generated model and every fetched PP-OCR model.

What counts, in the imported IR (`lite-translate --import-onnx`) and after
`lite-opt --lite-optimize`:
  ops      every lite op except lite.constant and lite.none (func.func and
           func.return are not lite ops and do not count);
  compute  the ops that do arithmetic: conv (conv2d, conv2d_transpose),
           matmul, gemm, fc, einsum, attention, pool2d, the norms
           (batch_norm, layer_norm, instance_norm, lrn, mean_variance_
           normalization, lp_normalization), elementwise arithmetic (add,
           sub, mul, div, pow, mod, prelu, max, min, sum, mean, scale),
           activations and unary math (relu ... gelu, exp, sqrt, clip,
           softmax, ...) and reductions (reduce_*). Not compute: data
           movement (reshape, transpose, concat, slice, ...), identity,
           dropout, casts, shape ops.
onnxruntime's graph is the model saved by a session with
ORT_ENABLE_ALL (`optimized_model_filepath`, CPU provider); its nodes count
the same way (every node but Constant; compute by op type, whatever the
domain, so FusedConv and the NCHWc Conv are conv, FusedMatMul and FusedGemm
matmul, SkipLayerNormalization a norm, BiasGelu and FastGelu activations;
NCHWc's ReorderInput/ReorderOutput are data movement).

check: `lite-run --compare` on the imported IR (reference interpreter, same
seeded inputs before and after) with --rtol 1e-4 --atol 1e-5; the column
shows the verdict and the worst output's max-abs over its largest |value|.

Timing: the `'func.func' Pipeline` line of `lite-opt --lite-optimize
--mlir-timing` (the pass pipeline alone: parsing and printing excluded),
best of --repeat; beside it onnxruntime's graph optimization time, taken as
session creation with ORT_ENABLE_ALL minus session creation with
ORT_DISABLE_ALL (best of --repeat each). Run with .venv/bin/python
(scripts/setup.sh) for the onnxruntime columns.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "models"))

PPOCR_SHAPES = {  # as test/models/check_models.py
    "ppocr_det": (1, 3, 640, 640),
    "ppocr_rec": (1, 3, 48, 320),
    "ppocr_cls": (1, 3, 48, 192),
}

# ---- what counts ---------------------------------------------------------------
COMPUTE_GROUPS = {
    "conv": ["Conv", "ConvTranspose", "FusedConv", "NhwcConv", "QLinearConv", "ConvInteger"],
    "matmul": ["MatMul", "Gemm", "Fc", "FusedGemm", "FusedMatMul", "MatMulInteger",
               "QLinearMatMul", "Einsum"],
    "attention": ["Attention", "MultiHeadAttention", "GroupQueryAttention"],
    "pool": ["Pool2d", "MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool", "LpPool"],
    "norm": ["BatchNormalization", "BatchNorm", "LayerNormalization", "LayerNorm",
             "SimplifiedLayerNormalization", "SkipLayerNormalization",
             "SkipSimplifiedLayerNormalization", "EmbedLayerNormalization",
             "InstanceNormalization", "InstanceNorm", "LRN", "MeanVarianceNormalization",
             "LpNormalization"],
    "elementwise": ["Add", "Sub", "Mul", "Div", "Pow", "Mod", "PRelu", "Max", "Min", "Sum",
                    "Mean", "Scale", "BiasAdd"],
    "activation": ["Relu", "LeakyRelu", "ThresholdedRelu", "Elu", "Selu", "Celu", "Sigmoid",
                   "HardSigmoid", "HardSwish", "Swish", "Mish", "Gelu", "FastGelu", "BiasGelu",
                   "QuickGelu", "Softplus", "Softsign", "Shrink", "Tanh", "Erf", "Exp", "Log",
                   "Sqrt", "Rsqrt", "Abs", "Neg", "Reciprocal", "Floor", "Ceil", "Round", "Sign",
                   "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Asinh", "Acosh",
                   "Atanh", "Clip", "Softmax", "LogSoftmax", "Hardmax", "BiasSoftmax"],
    "reduction": ["ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1",
                  "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare"],
}


def snake(name):
    """ONNX's CamelCase as lite's op names: BatchNormalization ->
    batch_normalization, PRelu -> prelu, LRN -> lrn, Pool2d -> pool2d."""
    s = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    return s.lower().replace("p_relu", "prelu")


ONNX_COMPUTE = {t for ts in COMPUTE_GROUPS.values() for t in ts}
LITE_COMPUTE = {snake(t) for t in ONNX_COMPUTE} | {
    "conv2d", "conv2d_transpose", "fc", "batch_norm", "layer_norm", "instance_norm",
    "mean_variance_normalization", "lp_normalization", "pool2d", "log_softmax",
    "hard_sigmoid", "hard_swish", "leaky_relu", "thresholded_relu"}
LITE_NOT_COUNTED = {"constant", "none"}

OP_RE = re.compile(r'^\s*(?:%[^=]*=\s*)?"lite\.([a-z_0-9]+)"')


def count_lite(path):
    """(ops, compute ops) of a .mlir file in lite's generic op form."""
    ops = compute = 0
    with open(path, errors="replace") as f:
        for line in f:
            m = OP_RE.match(line)
            if not m or m.group(1) in LITE_NOT_COUNTED:
                continue
            ops += 1
            compute += m.group(1) in LITE_COMPUTE
    return ops, compute


def count_onnx(model):
    ops = compute = 0
    for node in model.graph.node:
        if node.op_type == "Constant":
            continue
        ops += 1
        compute += node.op_type in ONNX_COMPUTE
    return ops, compute


# ---- running -------------------------------------------------------------------
def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return p.returncode, p.stdout, p.stderr


def model_path(name, a, tmp):
    """The ONNX file to use: generated, or a PP-OCR model with its dynamic
    input dims fixed."""
    import onnx
    if name in PPOCR_SHAPES:
        src = os.path.join(a.ppocr or "", name + ".onnx")
        if not a.ppocr or not os.path.exists(src):
            return None
        model = onnx.load(src)
        inits = {i.name for i in model.graph.initializer}
        for vi in model.graph.input:
            if vi.name in inits:
                continue
            for d, size in zip(vi.type.tensor_type.shape.dim, PPOCR_SHAPES[name]):
                d.Clear()
                d.dim_value = size
        path = os.path.join(tmp, name + ".onnx")
        onnx.save(model, path)
        return path
    import gen_models
    path = os.path.join(a.models, name + ".onnx")
    if not os.path.exists(path):
        os.makedirs(a.models, exist_ok=True)
        onnx.save(gen_models.MODELS[name](), path)
    return path


def ort_counts(path, tmp):
    import onnx
    import onnxruntime as ort
    so = ort.SessionOptions()
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    out = os.path.join(tmp, os.path.basename(path)[:-5] + ".ort.onnx")
    so.optimized_model_filepath = out
    so.log_severity_level = 3
    ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
    return count_onnx(onnx.load(out, load_external_data=False))


def ort_optimize_seconds(path, repeat):
    import onnxruntime as ort

    def create(level):
        best = float("inf")
        for _ in range(repeat):
            so = ort.SessionOptions()
            so.graph_optimization_level = level
            so.log_severity_level = 3
            t = time.perf_counter()
            ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
            best = min(best, time.perf_counter() - t)
        return best

    return (create(ort.GraphOptimizationLevel.ORT_ENABLE_ALL) -
            create(ort.GraphOptimizationLevel.ORT_DISABLE_ALL))


LINE_RE = re.compile(r"^output '(.*)': max-abs (\S+) max-rel (\S+) cosine (\S+): (ok|MISMATCH)$")


def check(lite_run, mlir, tmp):
    """lite-run --compare with rtol 1e-4: (verdict, worst max-abs / max|y|)."""
    import numpy as np
    out_dir = os.path.join(tmp, "out-" + os.path.basename(mlir))
    rc, out, err = run([lite_run, "--compare", mlir, "--rtol", "1e-4", "--atol", "1e-5",
                        "--output", "@" + out_dir])
    lines = [LINE_RE.match(line) for line in out.splitlines()]
    lines = [m for m in lines if m]
    if not lines:
        return f"FAIL ({(err or out).strip()[-200:]})", None
    worst = 0.0
    for m in lines:
        safe = re.sub(r"[^A-Za-z0-9._-]", "_", m.group(1))
        f = os.path.join(out_dir, safe + ".npy")
        scale = float(np.abs(np.load(f)).max()) if os.path.exists(f) else 0.0
        worst = max(worst, float(m.group(2)) / max(scale, 1e-30))
    return ("ok" if rc == 0 else "MISMATCH"), worst


def optimize(lite_opt, mlir, out):
    """Runs --lite-optimize: (seconds of the pass pipeline, rounds, unconverged)."""
    rc, _, err = run([lite_opt, "--lite-optimize", "--mlir-timing", "--mlir-pass-statistics",
                      mlir, "-o", out])
    if rc != 0:
        raise RuntimeError(f"lite-opt --lite-optimize failed: {err.strip()[-400:]}")
    secs = rounds = unconverged = None
    for line in err.splitlines():
        m = re.match(r"\s*([0-9.]+) \(\s*[0-9.]+%\)\s+'func.func' Pipeline$", line)
        if m and secs is None:
            secs = float(m.group(1))
        m = re.search(r"\(S\)\s+(\d+) num-rounds", line)
        if m:
            rounds = int(m.group(1))
        m = re.search(r"\(S\)\s+(\d+) num-unconverged", line)
        if m:
            unconverged = int(m.group(1))
    return secs, rounds, unconverged


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*")
    ap.add_argument("--bin", required=True, help="directory of lite-translate, lite-opt, lite-run")
    ap.add_argument("--models", required=True, help="directory of the generated models")
    ap.add_argument("--ppocr", help="directory of the fetched PP-OCR models")
    ap.add_argument("--no-check", action="store_true", help="skip lite-run --compare")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timing", default="resnet50,ppocr_rec",
                    help="models whose pass time is measured (comma-separated)")
    a = ap.parse_args()
    try:
        import onnxruntime  # noqa: F401
        have_ort = True
    except ImportError:
        have_ort = False
        print("op_counts.py: onnxruntime not installed: its columns are skipped "
              "(run with .venv/bin/python)", file=sys.stderr)
    import gen_models
    names = a.names or (list(gen_models.MODELS) + list(PPOCR_SHAPES))
    tool = {t: os.path.join(a.bin, t) for t in ("lite-translate", "lite-opt", "lite-run")}

    rows, timings = [], []
    with tempfile.TemporaryDirectory(prefix="op-counts-") as tmp:
        for name in names:
            path = model_path(name, a, tmp)
            if path is None:
                print(f"op_counts.py: {name}: not fetched (test/models/fetch_ppocr.py), "
                      "skipped", file=sys.stderr)
                continue
            mlir = os.path.join(tmp, name + ".mlir")
            opt = os.path.join(tmp, name + ".opt.mlir")
            rc, _, err = run([tool["lite-translate"], "--import-onnx", path, "-o", mlir])
            if rc != 0:
                print(f"op_counts.py: {name}: import failed: {err.strip()[-300:]}",
                      file=sys.stderr)
                continue
            secs, rounds, unconverged = optimize(tool["lite-opt"], mlir, opt)
            before, after = count_lite(mlir), count_lite(opt)
            ort_ops = ort_counts(path, tmp) if have_ort else None
            verdict, worst = ("-", None) if a.no_check else check(tool["lite-run"], mlir, tmp)
            rows.append((name, before, after, ort_ops, rounds, unconverged, verdict, worst))
            print(f"op_counts.py: {name} done", file=sys.stderr, flush=True)
            if name in a.timing.split(","):
                best = min([secs] + [optimize(tool["lite-opt"], mlir, opt)[0]
                                     for _ in range(a.repeat - 1)])
                ort_secs = ort_optimize_seconds(path, a.repeat) if have_ort else None
                timings.append((name, best, ort_secs))
            for f in (mlir, opt):
                os.remove(f)

    def ort_cell(v, i):
        return str(v[i]) if v else "-"

    print("| model | ops before | lite-optimize | onnxruntime | compute before | "
          "lite-optimize | onnxruntime | rounds | outputs (max-abs / max\\|y\\|) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for name, before, after, ort_ops, rounds, unconverged, verdict, worst in rows:
        w = f" {worst:.1e}" if worst is not None else ""
        r = f"{rounds}" + (" (unconverged)" if unconverged else "")
        print(f"| {name} | {before[0]} | {after[0]} | {ort_cell(ort_ops, 0)} | {before[1]} | "
              f"{after[1]} | {ort_cell(ort_ops, 1)} | {r} | {verdict}{w} |")
    if timings:
        print()
        print("| model | lite-optimize pass pipeline (ms) | onnxruntime graph optimization (ms) |")
        print("|---|---:|---:|")
        for name, secs, ort_secs in timings:
            o = f"{ort_secs * 1e3:.1f}" if ort_secs is not None else "-"
            print(f"| {name} | {secs * 1e3:.1f} | {o} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

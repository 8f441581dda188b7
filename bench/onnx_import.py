#!/usr/bin/env python3
"""ONNX import speed and memory: `lite-translate --import-onnx` against the
peers that read the same file in the same run: onnx.load (protobuf's C++
parser) and onnxruntime's session creation with graph optimizations off.

  bench/onnx_import.py --bin BUILD/bin --models DIR [NAME...] [--repeat N]

Models come from test/models/gen_models.py (generated into DIR when missing).
lite's time is the `Import` line of `lite-translate --mlir-timing` (reading,
decoding, building and verifying the module, folding constant subgraphs);
its memory is the whole process's peak RSS, printing the module to
/dev/null included. The Python peers' figures are
net of the interpreter with its modules imported (measured the same way).
Ratios are peer / lite: above 1 means lite is faster or smaller. Run with
.venv/bin/python (scripts/setup.sh) for the onnxruntime column.
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "models"))


def run(cmd):
    """(seconds, peak RSS in MiB) of one child process. GNU time reports the
    peak of the command alone (a child forked from this interpreter would
    count the interpreter's pages too). With --mlir-timing in cmd, the
    seconds are those of its `Import` line."""
    t = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    secs = time.perf_counter() - t
    if p.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {p.stderr.strip()[:300]}")
    lines = p.stderr.strip().splitlines()
    for line in lines:
        if line.strip().endswith(" Import"):
            secs = float(line.split()[0])
    return secs, int(lines[-1]) / 1024.0


def best(cmd, repeat):
    runs = [run(cmd) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs)


PY_ONNX = "import onnx, sys; {body}"
PY_ORT = ("import onnxruntime as ort, sys; so = ort.SessionOptions(); "
          "so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL; {body}")


def python_peer(template, body, path, repeat):
    base = best([sys.executable, "-c", template.format(body="pass")], repeat)
    full = best([sys.executable, "-c", template.format(body=body), path], repeat)
    return full[0] - base[0], full[1] - base[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*")
    ap.add_argument("--bin", required=True)
    ap.add_argument("--models", required=True)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    import gen_models
    import onnx
    try:
        import onnxruntime  # noqa: F401
        have_ort = True
    except ImportError:
        have_ort = False
        print("onnxruntime not installed: its column is skipped", file=sys.stderr)
    names = a.names or ["resnet50", "resnet18", "mobilenet_v2", "efficientnet_b0"]
    tool = os.path.join(a.bin, "lite-translate")
    print(f"{'model':16s} {'MB':>6s} | {'lite s':>7s} {'RSS/file':>8s} | "
          f"{'onnx.load s':>11s} {'ratio':>6s} {'RSS':>6s} | {'ort s':>6s} {'ratio':>6s} {'RSS':>6s}")
    for n in names:
        path = os.path.join(a.models, n + ".onnx")
        if not os.path.exists(path):
            os.makedirs(a.models, exist_ok=True)
            onnx.save(gen_models.MODELS[n](), path)
        mb = os.path.getsize(path) / 2**20
        lt, lrss = best([tool, "--import-onnx", path, "-o", "/dev/null", "--mlir-timing"],
                        a.repeat)
        ot, orss = python_peer(PY_ONNX, "onnx.load(sys.argv[1])", path, a.repeat)
        row = (f"{n:16s} {mb:6.1f} | {lt:7.3f} {lrss / mb:7.2f}x | {ot:11.3f} {ot / lt:5.2f}x "
               f"{orss / lrss:5.2f}x")
        if have_ort:
            rt, rrss = python_peer(PY_ORT, "ort.InferenceSession(sys.argv[1], so, "
                                   "providers=['CPUExecutionProvider'])", path, a.repeat)
            row += f" | {rt:6.3f} {rt / lt:5.2f}x {rrss / lrss:5.2f}x"
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

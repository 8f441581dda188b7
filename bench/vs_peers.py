#!/usr/bin/env python3
"""lite against onnxruntime and ncnn, per model and thread count, in one run
on this machine. Run it through bench/vs_peers, which installs the peers.

    bench/vs_peers [--models a,b] [--threads 1,2] [--runs 30] [--rounds 3]

For every model and thread count the three engines take turns: --rounds
rounds, each running lite, onnxruntime and ncnn one after another for
--runs / --rounds timed runs after 3 warm-up runs; an engine's time is the
median of its round medians (ms per inference, batch 1). Only ratios
measured here count: machines differ.

lite     lite-run MODEL --jit --autotune --num-threads T (the compile path
         for this machine: generated kernels, hand-written x86 ones, the
         host's vector width; per op the fastest of the kernels that take
         it, measured once and cached on disk; --no-autotune: the kernel
         pick's rule), with --spin-us 300 at T > 1 (idle threads poll
         300 us before they sleep, as onnxruntime's spin by default); the
         median of its runs. GFLOP/s: the model's FLOPs
         (lite-run --profile's per-instruction GFLOP/s x ms, summed) over
         that time; % of peak: against bench/peak.c's FMA peak for T threads.
onnxruntime  1.20, CPU provider (MLAS), all graph optimizations, T intra-op
         threads, sequential execution.
ncnn     the PyPI wheel, the model converted from ONNX by pnnx (fp16=0), fp32
         only: fp16 and bf16 storage, packing and arithmetic off; T threads.
         A model pnnx or ncnn cannot take shows `-` and the reason.

Models: test/models/gen_models.py's (generated into build/models) and the
PP-OCR ones (test/models/fetch_ppocr.py), at the sizes their pipelines use.
The transformer encoder is gen_models.py's, built with the onnx helper, not
exported from PyTorch (no torch here).
"""
import argparse
import datetime
import math
import os
import re
import statistics
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = ["mobilenet_v2", "mobilenet_v3_small", "resnet18", "resnet50",
          "squeezenet1_1", "shufflenet_v2_x1_0", "efficientnet_b0",
          "transformer_encoder", "pytorch_mha", "ppocr_det", "ppocr_rec",
          "ppocr_cls"]
PPOCR = {"ppocr_det": (1, 3, 640, 640), "ppocr_rec": (1, 3, 48, 320),
         "ppocr_cls": (1, 3, 48, 192)}
MEDIAN = re.compile(r"median ([0-9.]+) ms")


def sh(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {p.returncode}: "
                           f"{(p.stderr or p.stdout).strip()[-400:]}")
    return p.stdout


def model_path(models_dir, name):
    path = os.path.join(models_dir, name + ".onnx")
    if os.path.exists(path):
        return path
    if name in PPOCR:
        sh([sys.executable, os.path.join(ROOT, "test/models/fetch_ppocr.py"),
            models_dir])
    else:  # gen_models.py needs Debian's onnx: the system python
        sh(["/usr/bin/python3", os.path.join(ROOT, "test/models/gen_models.py"),
            models_dir, name])
    return path


def input_shapes(sess, name):
    """[(input name, shape)] with the dynamic dims of the PP-OCR models set."""
    out = []
    for i in sess.get_inputs():
        dims = [d if isinstance(d, int) and d > 0 else None for d in i.shape]
        out.append((i.name, PPOCR[name] if None in dims else tuple(dims)))
    return out


# ---- lite ---------------------------------------------------------------------------
SPIN_US = 300
AUTOTUNE = True  # --no-autotune clears it


def lite_args(path, shapes, threads):
    args = [path, "--jit", "--num-threads", str(threads)]
    if AUTOTUNE:
        args.append("--autotune")
    if threads > 1:  # onnxruntime's intra-op threads spin too, by default
        args += ["--spin-us", str(SPIN_US)]
    for iname, dims in shapes:
        args += ["--input-shape", f"{iname}=" + "x".join(map(str, dims))]
    return args


def lite_flops(lite_run, path, shapes):
    """The model's FLOPs: GFLOP/s x ms per row of a profiled run on the
    reference kernels, which name the op of every row (a generated kernel's
    row does not say what it computes)."""
    args = [a for a in lite_args(path, shapes, 1)
            if a not in ("--jit", "--autotune")]
    out = sh([lite_run, *args, "--kernel-kinds=ref", "--warmup-runs", "0",
              "--num-runs", "1", "--profile"])
    flops, on = 0.0, False
    for line in out.splitlines():
        if line.split()[:3] == ["#", "op", "kernel"]:
            on = True
            continue
        if on and line.startswith("by op type"):
            break
        f = line.split()
        if on and len(f) >= 7 and f[0].isdigit():
            try:
                ms, gflops = float(f[5]), float(f[7])
            except (ValueError, IndexError):
                continue
            flops += gflops * 1e9 * ms * 1e-3
    return flops


def lite_round(lite_run, path, shapes, threads, runs):
    out = sh([lite_run, *lite_args(path, shapes, threads), "--warmup-runs", "3",
              "--num-runs", str(runs)])
    m = MEDIAN.search(out)
    if not m:
        raise RuntimeError(f"lite-run printed no median: {out[-300:]}")
    return float(m[1])


# ---- onnxruntime ------------------------------------------------------------------
class Ort:
    def __init__(self, path, name, threads):
        import onnxruntime as ort
        so = ort.SessionOptions()
        so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        so.intra_op_num_threads = threads
        so.inter_op_num_threads = 1
        so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        self.sess = ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
        rng = np.random.default_rng(1)
        self.feeds = {}
        for iname, dims in input_shapes(self.sess, name):
            self.feeds[iname] = (np.zeros(dims, np.float32) if iname == "mask"
                                 else rng.uniform(-1, 1, dims).astype(np.float32))

    def round(self, runs):
        for _ in range(3):
            self.sess.run(None, self.feeds)
        t = []
        for _ in range(runs):
            t0 = time.perf_counter()
            self.sess.run(None, self.feeds)
            t.append((time.perf_counter() - t0) * 1e3)
        return statistics.median(t)


# ---- ncnn ------------------------------------------------------------------------------
class Ncnn:
    def __init__(self, path, name, shapes, threads, work):
        import importlib.util

        import ncnn
        os.makedirs(work, exist_ok=True)
        base = os.path.join(work, name)
        if not os.path.exists(base + ".ncnn.param"):
            # the converter binary inside the package (importing pnnx would
            # import torch, which its binary does not need)
            spec = importlib.util.find_spec("pnnx")
            if not spec or not spec.submodule_search_locations:
                raise RuntimeError("pnnx is not installed")
            exe = os.path.join(list(spec.submodule_search_locations)[0], "pnnx")
            link = os.path.join(work, name + ".onnx")
            if not os.path.exists(link):
                os.symlink(os.path.abspath(path), link)
            dims = ",".join("[" + ",".join(map(str, d)) + "]" for _, d in shapes)
            sh([exe, name + ".onnx", f"inputshape={dims}", "fp16=0"], cwd=work)
        net = ncnn.Net()
        o = net.opt
        o.num_threads = threads
        o.use_fp16_packed = False
        o.use_fp16_storage = False
        o.use_fp16_arithmetic = False
        o.use_bf16_storage = False
        if net.load_param(base + ".ncnn.param") or net.load_model(base + ".ncnn.bin"):
            raise RuntimeError("ncnn could not load the converted model")
        self.net = net
        rng = np.random.default_rng(1)
        # pnnx names the inputs in0, in1, ... in the graph's order; ncnn's
        # Mat has no batch dim.
        self.inputs = [(f"in{i}", ncnn.Mat(np.ascontiguousarray(
            rng.uniform(-1, 1, d).astype(np.float32)[0])))
            for i, (_, d) in enumerate(shapes)]

    def once(self):
        with self.net.create_extractor() as ex:
            for n, m in self.inputs:
                ex.input(n, m)
            ret, _ = ex.extract("out0")
            if ret != 0:
                raise RuntimeError(f"ncnn extract failed ({ret})")

    def round(self, runs):
        for _ in range(3):
            self.once()
        t = []
        for _ in range(runs):
            t0 = time.perf_counter()
            self.once()
            t.append((time.perf_counter() - t0) * 1e3)
        return statistics.median(t)


def peaks(peak_bin, max_threads):
    out = sh([peak_bin, str(max_threads)])
    p = {}
    isa = "?"
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[0] == "peak":
            isa, p[int(f[2])] = f[1], float(f[3])
    return isa, p


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "?"


def fmt(v):
    return f"{v:.2f}" if isinstance(v, float) else v


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--models-dir", default=os.path.join(ROOT, "build", "models"))
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--peak", required=True, help="bench/peak.c, built")
    ap.add_argument("--no-autotune", action="store_true",
                    help="lite's kernels by the pick's rule, not measured")
    a = ap.parse_args()
    global AUTOTUNE
    AUTOTUNE = not a.no_autotune
    lite_run = os.path.join(a.bin, "lite-run")
    names = [n for n in a.models.split(",") if n]
    threads = [int(t) for t in a.threads.split(",") if t]
    per_round = max(1, math.ceil(a.runs / a.rounds))
    isa, peak = peaks(a.peak, max(threads))
    os.makedirs(a.models_dir, exist_ok=True)
    work = os.path.join(ROOT, "build", "bench", "ncnn")

    print(f"# lite vs onnxruntime and ncnn, {datetime.date.today()}, "
          f"{cpu_name()} ({os.cpu_count()} CPUs)\n")
    print("FMA peak (bench/peak.c, " + isa + "): " +
          ", ".join(f"{peak[t]:.1f} GFLOP/s on {t} thread(s)" for t in threads) +
          f". {a.rounds} rounds of {per_round} runs per engine, alternating; "
          "ms per inference, median of the round medians; lite's kernels "
          + ("measured per op (--autotune)" if AUTOTUNE else "by the pick's rule")
          + ".\n")
    print("| model | threads | lite ms | onnxruntime ms | ncnn ms | lite / best peer | lite GFLOP/s | % of peak |")
    print("|---|---|---|---|---|---|---|---|")
    ratios = {t: [] for t in threads}
    notes = []
    for name in names:
        try:
            path = model_path(a.models_dir, name)
        except RuntimeError as e:
            notes.append(f"{name}: not available ({e})")
            continue
        probe = Ort(path, name, 1)
        shapes = input_shapes(probe.sess, name)
        del probe
        flops = lite_flops(lite_run, path, shapes)
        for t in threads:
            lite_t, ort_t, ncnn_t = [], [], []
            ort = Ort(path, name, t)
            try:
                nc = Ncnn(path, name, shapes, t, work)
            except Exception as e:  # noqa: BLE001 - the reason goes in the table's note
                nc = None
                if t == threads[0]:
                    notes.append(f"{name}: ncnn: {str(e)[:200]}")
            for _ in range(a.rounds):
                lite_t.append(lite_round(lite_run, path, shapes, t, per_round))
                ort_t.append(ort.round(per_round))
                if nc:
                    try:
                        ncnn_t.append(nc.round(per_round))
                    except Exception as e:  # noqa: BLE001
                        notes.append(f"{name}: ncnn run: {str(e)[:200]}")
                        nc = None
            lt, ot = statistics.median(lite_t), statistics.median(ort_t)
            nt = statistics.median(ncnn_t) if ncnn_t else None
            best = min(ot, nt) if nt else ot
            ratios[t].append(lt / best)
            gf = flops / (lt * 1e-3) * 1e-9
            print(f"| {name} | {t} | {lt:.2f} | {ot:.2f} | "
                  f"{fmt(nt) if nt else '-'} | {lt / best:.2f} | {gf:.1f} | "
                  f"{100 * gf / peak[t]:.0f}% |", flush=True)
    for t in threads:
        if ratios[t]:
            g = math.exp(sum(math.log(r) for r in ratios[t]) / len(ratios[t]))
            print(f"\nGeometric mean of lite / best peer, {t} thread(s): "
                  f"**{g:.2f}** over {len(ratios[t])} models "
                  f"(worst {max(ratios[t]):.2f}).")
    for n in notes:
        print(f"\n- {n}")


if __name__ == "__main__":
    main()

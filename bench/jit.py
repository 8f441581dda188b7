#!/usr/bin/env python3
"""Generated kernels: JIT compile time (cold and warm object cache) and the
time of the ops they replace, against the reference kernels, per model, in
one run on this machine.

    .venv/bin/python bench/jit.py [--bin BUILD/bin] [--models-dir DIR]
        [--models a,b] [--per-kernel-models a,b] [--num-runs 10] [--rounds 3]

Run it with .venv/bin/python (scripts/setup.sh): the per-kernel section
needs onnxruntime.

compile  lite-run MODEL --jit twice with a fresh LITE_CACHE_DIR: the first
         start compiles every kernel module (translate, O3, objects; the
         kernels split over one thread per online CPU), the second loads
         the cached objects; both print lite-run's `jit:` line (kernels,
         modules compiled, ms compiling, ms loading).
kernels  lite-run MODEL --profile with the reference kernels only
         (--kernel-kinds=ref) and with generated ones (--jit), --rounds
         times each, alternating; per op type the median ms per run. The
         ops the lowering replaced are the reference time that went away
         (per op type: reference ms minus the ms that type still takes with
         --jit), set against the time of the lite.dispatch instructions
         that replaced them. Whole-run medians are shown beside.

per kernel  for --per-kernel-models (mobilenet_v2 and resnet50 by default):
         every generated kernel (each conv/GEMM shape, each fused
         elementwise chain) with the ms of the ops it replaced on the
         reference kernels, and the ms onnxruntime's CPU provider (MLAS's
         hand-written kernels) spends on the same ONNX nodes, one thread
         each, from its node profile. A lite instruction is matched with the
         reference instructions and onnxruntime nodes by the ONNX nodes it
         computes: the reference rows whose nodes it covers, the
         onnxruntime nodes whose output or name is one of them (onnxruntime
         names a fused NCHWc node after its last output). onnxruntime's
         layout reorders (nchw <-> nchw8c/16c) have no lite counterpart and
         are listed as one line of their own.

lite's hand-written x86 kernels (kernels/simd) do not cover convolutions
and GEMMs yet: the reference kernels (kernels/ref, portable C) are what the
generated ones replace, and onnxruntime's MLAS kernels are the
hand-written peer.
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


def profile_rows(out):
    """[(kernel, shape, ms, gflops or None, [onnx nodes])] from lite-run
    --profile's per-instruction table."""
    rows, on = [], False
    for line in out.splitlines():
        if line.startswith("profile:"):
            on = True
            continue
        if not on:
            continue
        if line.startswith("by op type:"):
            break
        f = line.split()
        if len(f) < 7 or not f[0].isdigit():
            continue
        gflops = float(f[7]) if len(f) >= 9 else None
        nodes = f[-1].split(",") if len(f) >= 8 else []
        rows.append((f[2], f[4], float(f[5]), gflops, nodes))
    return rows


def ort_node_ms(path, runs):
    """{ONNX node name: median ms} of onnxruntime's CPU provider on one
    thread (its node profile), and the ms of its layout reorders."""
    import json

    import numpy as np
    import onnx
    import onnxruntime as ort

    model = onnx.load(path)
    by_output = {o: n.name for n in model.graph.node for o in n.output}
    names = {n.name for n in model.graph.node}
    so = ort.SessionOptions()
    so.intra_op_num_threads = so.inter_op_num_threads = 1
    so.enable_profiling = True
    with tempfile.TemporaryDirectory() as tmp:
        so.profile_file_prefix = os.path.join(tmp, "ort")
        sess = ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
        rng = np.random.default_rng(0)
        feeds = {i.name: rng.random([d if isinstance(d, int) else 1 for d in i.shape],
                                    dtype=np.float32) for i in sess.get_inputs()}
        for _ in range(runs + 2):
            sess.run(None, feeds)
        with open(sess.end_profiling()) as f:
            events = json.load(f)
    times = {}
    for e in events:
        if e.get("cat") != "Node" or not e["name"].endswith("_kernel_time"):
            continue
        times.setdefault(e["name"][:-len("_kernel_time")], []).append(e["dur"] / 1000.0)
    nodes, reorder = {}, 0.0
    for name, t in times.items():
        t = sorted(t)[2:] or t  # the warm-up runs come first
        ms = statistics.median(t)
        base = name[:-len("_nchwc")] if name.endswith("_nchwc") else name
        node = name if name in names else by_output.get(base)
        if node:
            nodes[node] = nodes.get(node, 0.0) + ms
        else:
            reorder += ms
    return nodes, reorder


def describe(model, nodes):
    """The first ONNX node of a kernel: `Conv 3x3/2 g32` for convs."""
    n = model.get(nodes[0]) if nodes else None
    if n is None:
        return "-"
    attrs = {a.name: a for a in n.attribute}
    if n.op_type != "Conv":
        return n.op_type
    k = "x".join(str(v) for v in attrs["kernel_shape"].ints) if "kernel_shape" in attrs else "?"
    s = max(attrs["strides"].ints) if "strides" in attrs else 1
    g = attrs["group"].i if "group" in attrs else 1
    return f"Conv {k}/{s}" + (f" g{g}" if g > 1 else "")


def per_kernel(lite_run, path, name, num_runs):
    import onnx

    model = {n.name: n for n in onnx.load(path).graph.node}
    common = [path, "--profile", "--warmup-runs", "2", "--num-runs", str(num_runs)]
    ref = profile_rows(run([lite_run, *common, "--kernel-kinds=ref"]))
    jit = profile_rows(run([lite_run, *common, "--jit"]))
    ort_ms, reorder = ort_node_ms(path, num_runs)
    groups = {}  # kernel -> [count, out shape, what, jit ms, ref ms, ort ms]
    for kernel, shape, ms, _, nodes in jit:
        if not kernel.startswith("jit_"):
            continue
        covered = set(nodes)
        r = sum(row[2] for row in ref if row[4] and set(row[4]) <= covered)
        o = sum(ort_ms.get(nd, 0.0) for nd in nodes)
        g = groups.setdefault(kernel, [0, shape, describe(model, nodes), 0.0, 0.0, 0.0])
        g[0] += 1
        g[3] += ms
        g[4] += r
        g[5] += o
    print(f"\n### {name}: every generated kernel, ms per run (all its dispatches)\n")
    print("| kernel | ops | dispatches | output | generated | reference | ratio | onnxruntime | ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    tot = [0.0, 0.0, 0.0]
    for kernel, (count, shape, what, j, r, o) in sorted(groups.items(), key=lambda kv: -kv[1][4]):
        tot = [tot[0] + j, tot[1] + r, tot[2] + o]
        print(f"| {kernel} | {what} | {count} | {shape} | {j:.3f} | {r:.3f} | "
              f"{r / j if j else float('nan'):.1f}x | {o:.3f} | {j / o if o else float('nan'):.2f} |")
    print(f"| all generated | | {sum(g[0] for g in groups.values())} | | {tot[0]:.3f} | "
          f"{tot[1]:.3f} | {tot[1] / tot[0] if tot[0] else float('nan'):.1f}x | {tot[2]:.3f} | "
          f"{tot[0] / tot[2] if tot[2] else float('nan'):.2f} |")
    print(f"| onnxruntime's layout reorders | | | | | | | {reorder:.3f} | |")
    print("\n(ratio: reference / generated, then generated / onnxruntime: below 1 "
          "the generated kernel is faster)")


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
    ap.add_argument("--per-kernel-models", default="mobilenet_v2,resnet50")
    a = ap.parse_args()
    lite_run = os.path.join(a.bin, "lite-run")
    names = [n for n in a.models.split(",") if n]
    per_kernel_names = [n for n in a.per_kernel_models.split(",") if n]
    if per_kernel_names:
        try:
            import onnx  # noqa: F401
            import onnxruntime  # noqa: F401
        except ImportError as e:
            sys.exit(f"bench/jit.py: {e} (run with .venv/bin/python; "
                     "scripts/setup.sh makes it; --per-kernel-models= skips "
                     "the section that needs it)")
    missing = [n for n in dict.fromkeys(names + per_kernel_names) if not os.path.exists(os.path.join(a.models_dir, n + ".onnx"))]
    if missing:
        subprocess.run([sys.executable, os.path.join(ROOT, "test", "models", "gen_models.py"),
                        a.models_dir, *missing], check=True, capture_output=True)

    print(f"## JIT compile of each model's generated kernels "
          f"({os.cpu_count()} compile threads)\n")
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

    if per_kernel_names:
        print("\n## Per generated kernel: generated vs reference vs onnxruntime "
              f"(median of {a.num_runs} runs, one thread)")
    for n in per_kernel_names:
        per_kernel(lite_run, os.path.join(a.models_dir, n + ".onnx"), n, a.num_runs)


if __name__ == "__main__":
    main()

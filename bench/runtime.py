#!/usr/bin/env python3
"""The execution phase: lite's runtime against the reference interpreter and
onnxruntime, on the same models, inputs and machine, in one run.

    .venv/bin/python bench/runtime.py [--bin BUILD/bin] [--lib LIBRUNTIME]
        [--models-dir DIR] [--models a,b] [--num-runs 10] [--rounds 5]
        [--load-reps 20] [--chain-ops relu,add] [--chain-len 1000]
        [--sections runs,load,chain]

Run it with .venv/bin/python (scripts/setup.sh): it needs onnxruntime.
Models come from test/models/gen_models.py (generated into --models-dir
when missing). Every engine runs on one thread and on the same seeded
inputs, written as .npy files and passed with --input.

runs   For each model, three engines, measured in --rounds rounds (each
       round measures every engine once, so that a change of load on the
       machine hits all of them alike); each figure is the median over the
       rounds, in wall time and in CPU time (user + system): on this shared
       machine time slicing inflates wall time, not CPU time, and on an idle
       one the two agree for these single-threaded runs.
       - runtime: wall: the `median` of lite-run's summary line (lite-run
         MODEL --warmup-runs 2 --num-runs N): lite_predictor_run alone,
         timed inside the process; the in-process compile is shown apart.
         CPU: that invocation's CPU time (wait4) minus that of the same
         with --warmup-runs 0 --num-runs 1, over the N + 1 runs between
         them (a mean, not a median).
       - interpreter: `lite-run --reference` prints no timing, so its run
         time is measured from outside as the difference of two otherwise
         identical invocations, back to back: one that runs (every input
         given as a file) and one that stops just before the run (its last
         input given with the right element count and a wrong shape, which
         lite-run refuses after importing and verifying the model and
         reading every input file). The difference is the interpreter's run
         plus printing the summary of the outputs (microseconds): process
         start, import and verification cancel. It is a single run, where
         the others are medians of warm runs: the interpreter allocates
         every intermediate afresh on each run anyway and its weights are
         in memory since the import, so what the single run lacks is warm
         caches, which weigh little in runs of tens of milliseconds.
       - interpreter, optimized IR: the same on `lite-opt --lite-optimize`'s
         output for the model (a .mlir). The interpreter runs the graph it
         is given; the runtime runs what lite-compile made of it
         (lite-optimize's fusions, then kernels, places and the memory
         plan), with the same reference kernels. So interpreter / runtime
         is the whole execution phase's gain, and optimized IR / runtime the
         part of it that is not the graph optimizations.
       - onnxruntime: InferenceSession with ORT_ENABLE_ALL,
         intra_op_num_threads=1, inter_op_num_threads=1, sequential; the
         median of N sess.run after 2 warm-up runs (perf_counter and
         process_time around each).
       The runtime's outputs (lite-run --output) are compared with
       onnxruntime's on the same inputs: the `max diff` column is the
       largest absolute difference over the largest |onnxruntime value|,
       so that an engine that computes something else cannot look fast
       unnoticed.
load   mobilenet_v2's artifact is written (lite-translate --import-onnx,
       lite-opt --lite-compile --lite-emit-artifact), then through ctypes on
       --lib: lite_model_load_file + lite_predictor_create, then both
       releases, --load-reps times (median and min of each step and of the
       cycle), beside onnxruntime's InferenceSession(...) for the same .onnx
       with the options above (median and min of 5). The file is in the page
       cache for both. onnxruntime's creation includes its graph
       optimization, which lite does before, at compile time: lite-run's
       `compile` of the same model is shown beside it (the in-process
       lite-compile of the imported module, import excluded; median of 5).
       One run of the loaded predictor is checked against onnxruntime.
chain  A model of --chain-len ops in a chain on a 1-element f32 tensor
       (relu: Relu(x); add: Add(x, b) with b a second graph input, so that
       nothing folds: a constant operand would let lite-optimize fold the
       whole chain to one op), generated with onnx.helper. The runtime's
       median run (--num-runs 200) divided by the number of instructions
       the compiled model runs (from lite-run --profile, a separate
       invocation), beside onnxruntime's median sess.run (200 runs, Python
       binding included) divided by the nodes of its optimized graph
       (optimized_model_filepath). The marginal cost per op is the same
       between this chain and a chain of one op, so that the fixed cost of
       a run (lite-run's timing, onnxruntime's Python binding) drops out.

Ratios: interpreter / runtime above 1 means the runtime is faster; runtime /
onnxruntime above 1 means onnxruntime is faster. The machine may be shared:
medians, not means, and each ratio compares numbers of the same run.
"""
import argparse
import ctypes
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_MODELS = ("mobilenet_v2,resnet18,resnet50,squeezenet1_1,"
                  "shufflenet_v2_x1_0,efficientnet_b0,mobilenet_v3_small,"
                  "transformer_encoder")
SUMMARY = re.compile(
    r"^(?:compile (?P<compile>[\d.]+) ms, )?load (?P<load>[\d.]+) ms .*"
    r"first run (?P<first>[\d.]+) ms, median (?P<median>[\d.]+) ms, "
    r"min (?P<min>[\d.]+) ms, max (?P<max>[\d.]+) ms", re.MULTILINE)
INSTRUCTIONS = re.compile(r"^profile: (\d+) instructions", re.MULTILINE)

try:
    import numpy as np
    import onnx
    import onnxruntime as ort
    from onnx import TensorProto, helper
except ImportError as e:  # pragma: no cover - depends on the environment
    sys.exit("bench: %s (run with .venv/bin/python; scripts/setup.sh makes it)"
             % e)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, check=True):
    """Runs cmd; returns (exit status, wall seconds, stdout, stderr, CPU
    seconds: user + system of this child alone, from wait4)."""
    t = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        p = subprocess.Popen(cmd, stdout=out, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
        rc = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        stderr = err.read().decode(errors="replace")
    if check and rc != 0:
        raise RuntimeError("%s failed (exit %d): %s" % (
            " ".join(cmd), rc, stderr.strip()[-1000:]))
    return rc, wall, stdout, stderr, usage.ru_utime + usage.ru_stime


def summary(stdout):
    m = SUMMARY.search(stdout)
    if not m:
        raise RuntimeError("no summary line in lite-run's output:\n" + stdout)
    return {k: float(v) for k, v in m.groupdict().items() if v is not None}


# ---- models and inputs ----------------------------------------------------
def model_path(args, name):
    path = os.path.join(args.models_dir, name + ".onnx")
    if not os.path.exists(path):
        log("bench: generating models into %s" % args.models_dir)
        subprocess.run(["/usr/bin/python3",
                        os.path.join(ROOT, "test", "models", "gen_models.py"),
                        args.models_dir], check=True,
                       stdout=subprocess.DEVNULL)
    if not os.path.exists(path):
        raise RuntimeError("%s: no such model" % path)
    return path


def graph_inputs(path):
    """[(name, numpy dtype, shape)] of the graph inputs (initializers
    excluded); every dim must be static."""
    m = onnx.load(path, load_external_data=False)
    inits = {i.name for i in m.graph.initializer}
    out = []
    for vi in m.graph.input:
        if vi.name in inits:
            continue
        tt = vi.type.tensor_type
        dims = [d.dim_value if d.HasField("dim_value") else -1
                for d in tt.shape.dim]
        if any(d < 0 for d in dims):
            raise RuntimeError("%s: input %r has a dynamic dim"
                               % (path, vi.name))
        dtype = np.dtype(onnx.mapping.TENSOR_TYPE_TO_NP_TYPE[tt.elem_type])
        out.append((vi.name, dtype, dims))
    return out


def make_inputs(path, workdir, seed):
    """Writes one .npy per input (floats uniform in [-1, 1), integers in
    [0, 10)) and, for the last input, a copy of wrong shape; returns
    (feeds, --input flags, the same flags with the bad last input)."""
    rng = np.random.default_rng(seed)
    base = os.path.splitext(os.path.basename(path))[0]
    feeds, good, bad = {}, [], []
    specs = graph_inputs(path)
    for k, (name, dtype, dims) in enumerate(specs):
        if np.issubdtype(dtype, np.floating):
            a = rng.uniform(-1, 1, dims).astype(dtype)
        elif dtype == np.bool_:
            a = rng.integers(0, 2, dims).astype(dtype)
        else:
            a = rng.integers(0, 10, dims).astype(dtype)
        feeds[name] = a
        f = os.path.join(workdir, "%s.in%d.npy" % (base, k))
        np.save(f, a)
        good.append("--input=%s=@%s" % (name, f))
        if k == len(specs) - 1:
            # Same element count, rank 1 (or rank 2 for a 1-D input): lite-run
            # reads the file and refuses it before the run.
            shape = (a.size,) if a.ndim != 1 else (1, a.size)
            fb = os.path.join(workdir, "%s.bad%d.npy" % (base, k))
            np.save(fb, a.reshape(shape))
            bad.append("--input=%s=@%s" % (name, fb))
        else:
            bad.append(good[-1])
    return feeds, good, bad


def ort_options():
    so = ort.SessionOptions()
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    so.intra_op_num_threads = 1
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    return so


def ort_times(sess, feeds, runs, warmup=2):
    """Wall and CPU milliseconds of each of runs sess.run after warmup."""
    for _ in range(warmup):
        sess.run(None, feeds)
    wall, cpu = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        sess.run(None, feeds)
        wall.append((time.perf_counter() - t) * 1e3)
        cpu.append((time.process_time() - c) * 1e3)
    return wall, cpu


def rel_diff(got, want):
    scale = max(float(np.max(np.abs(want))), 1e-30)
    return float(np.max(np.abs(got.astype(np.float64) - want))) / scale


def npy_name(name):
    return re.sub(r"[^A-Za-z0-9._-]", "_", name) + ".npy"


# ---- section 1: runtime vs interpreter vs onnxruntime ----------------------
def interp_pair(args, name, path, good, bad):
    """One invocation of the interpreter that stops before the run, then one
    that runs: (their difference in CPU time, in wall time), in ms."""
    lite_run = os.path.join(args.bin, "lite-run")
    rc, wall0, _, err, cpu0 = run([lite_run, "--reference", path] + bad,
                                  check=False)
    if rc != 1 or "expected tensor<" not in err:
        raise RuntimeError("%s: the control run did not stop at the input "
                           "(exit %d): %s" % (name, rc, err[-500:]))
    _, wall1, _, _, cpu1 = run([lite_run, "--reference", path] + good)
    return (cpu1 - cpu0) * 1e3, (wall1 - wall0) * 1e3


def bench_model(args, name):
    path = model_path(args, name)
    feeds, good, bad = make_inputs(path, args.workdir, args.seed)
    lite_run = os.path.join(args.bin, "lite-run")
    imported = os.path.join(args.workdir, name + ".mlir")
    opt = os.path.join(args.workdir, name + ".opt.mlir")
    run([os.path.join(args.bin, "lite-translate"), "--import-onnx", path,
         "-o", imported])
    run([os.path.join(args.bin, "lite-opt"), imported, "--lite-optimize",
         "-o", opt])
    os.remove(imported)
    sess = ort.InferenceSession(path, ort_options(),
                                providers=["CPUExecutionProvider"])
    outdir = tempfile.mkdtemp(prefix="rt-" + name + "-", dir=args.workdir)

    # Every round measures every engine once, so that a change of load on
    # the machine hits all of them alike. Each figure is taken in wall and
    # in CPU time.
    keys = ("interp", "interp_opt", "rt", "ort")
    wall = {k: [] for k in keys}
    cpu = {k: [] for k in keys}
    compiles = []
    runtime = [lite_run, path] + good + ["--num-threads=1",
                                         "--output=@" + outdir]
    med = statistics.median
    for _ in range(args.rounds):
        _, _, out, _, cpu1 = run(runtime + [
            "--warmup-runs=2", "--num-runs=%d" % args.num_runs])
        rt = summary(out)
        wall["rt"].append(rt["median"])
        compiles.append(rt.get("compile", float("nan")))
        # The same minus N + 1 runs: their mean CPU time.
        cpu0 = run(runtime + ["--warmup-runs=0", "--num-runs=1"])[4]
        cpu["rt"].append((cpu1 - cpu0) * 1e3 / (args.num_runs + 1))
        for key, model in (("interp", path), ("interp_opt", opt)):
            c, w = interp_pair(args, name, model, good, bad)
            cpu[key].append(c)
            wall[key].append(w)
        w, c = ort_times(sess, feeds, args.num_runs)
        wall["ort"].append(med(w))
        cpu["ort"].append(med(c))
    os.remove(opt)

    want = sess.run(None, feeds)
    diff = 0.0
    for o, w in zip(sess.get_outputs(), want):
        got = np.load(os.path.join(outdir, npy_name(o.name)))
        diff = max(diff, rel_diff(got, w))
    shutil.rmtree(outdir)
    res = {"wall": {k: med(v) for k, v in wall.items()},
           "cpu": {k: med(v) for k, v in cpu.items()},
           "compile": med(compiles), "diff": diff}
    log("  %-20s wall: %s; CPU: %s; max diff %.1e; runtime wall per round %s"
        % (name, fmt_engines(res["wall"]), fmt_engines(res["cpu"]), diff,
           " ".join("%.1f" % t for t in wall["rt"])))
    return res


def fmt_engines(r):
    return ("interpreter %.2f, optimized IR %.2f, runtime %.3f, onnxruntime "
            "%.3f ms" % (r["interp"], r["interp_opt"], r["rt"], r["ort"]))


def print_runs(args, results):
    print("One thread; each figure is the median over %d rounds, a round "
          "measuring every engine once: the runtime's and onnxruntime's median "
          "of %d runs, the interpreter's whole invocation minus one that "
          "stops before the run." % (args.rounds, args.num_runs))
    print()
    print("Wall time (the runtime's: lite-run's summary line):")
    print()
    print("| model | interpreter | interpreter, optimized IR | runtime | "
          "onnxruntime | interpreter / runtime | optimized IR / runtime | "
          "runtime / onnxruntime | runtime compile | max diff |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, r in results:
        w = r["wall"]
        print("| %s | %.2f ms | %.2f ms | %.2f ms | %.2f ms | %.2fx | %.2fx | "
              "%.2fx | %.1f ms | %.1e |" % (
                  name, w["interp"], w["interp_opt"], w["rt"], w["ort"],
                  w["interp"] / w["rt"], w["interp_opt"] / w["rt"],
                  w["rt"] / w["ort"], r["compile"], r["diff"]))
    print()
    print("CPU time (user + system; the runtime's: the mean of N + 1 runs, "
          "from two invocations):")
    print()
    print("| model | interpreter | interpreter, optimized IR | runtime | "
          "onnxruntime | interpreter / runtime | optimized IR / runtime | "
          "runtime / onnxruntime |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, r in results:
        c = r["cpu"]
        print("| %s | %.2f ms | %.2f ms | %.2f ms | %.2f ms | %.2fx | %.2fx | "
              "%.2fx |" % (
                  name, c["interp"], c["interp_opt"], c["rt"], c["ort"],
                  c["interp"] / c["rt"], c["interp_opt"] / c["rt"],
                  c["rt"] / c["ort"]))
    print()


# ---- section 2: load + prepare through the C API ---------------------------
class Runtime:
    """The C API of liblite_runtime (include/lite/lite.h) through ctypes."""

    def __init__(self, path):
        lib = ctypes.CDLL(path)
        vp, pvp = ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)
        for fn, res, argt in [
                ("lite_status_message", ctypes.c_char_p, [vp]),
                ("lite_status_free", None, [vp]),
                ("lite_model_load_file", vp, [ctypes.c_char_p, vp, pvp]),
                ("lite_model_release", None, [vp]),
                ("lite_predictor_create", vp, [vp, vp, pvp]),
                ("lite_predictor_release", None, [vp]),
                ("lite_predictor_set_input", vp,
                 [vp, ctypes.c_uint32, ctypes.c_int, ctypes.c_int32,
                  ctypes.POINTER(ctypes.c_int64), vp, ctypes.c_size_t]),
                ("lite_predictor_run", vp, [vp]),
                ("lite_predictor_get_output", vp,
                 [vp, ctypes.c_uint32, vp, pvp,
                  ctypes.POINTER(ctypes.c_size_t)]),
        ]:
            f = getattr(lib, fn)
            f.restype, f.argtypes = res, argt
        self.lib = lib

    def check(self, status, what):
        if status:
            msg = self.lib.lite_status_message(status).decode(errors="replace")
            self.lib.lite_status_free(status)
            raise RuntimeError("%s: %s" % (what, msg))

    def load(self, path):
        model = ctypes.c_void_p()
        self.check(self.lib.lite_model_load_file(path.encode(), None,
                                                 ctypes.byref(model)),
                   "lite_model_load_file")
        return model

    def predictor(self, model):
        pred = ctypes.c_void_p()
        # NULL options: one thread, no profiling.
        self.check(self.lib.lite_predictor_create(model, None,
                                                  ctypes.byref(pred)),
                   "lite_predictor_create")
        return pred

    def run_f32(self, pred, x, out_elems):
        """Binds the f32 array x as input 0, runs, returns output 0."""
        dims = (ctypes.c_int64 * x.ndim)(*x.shape)
        self.check(self.lib.lite_predictor_set_input(
            pred, 0, 0, x.ndim, dims, x.ctypes.data, x.nbytes),
            "lite_predictor_set_input")
        self.check(self.lib.lite_predictor_run(pred), "lite_predictor_run")
        # lite_tensor_info_t: name, element type, rank, dims[8].
        info = ctypes.create_string_buffer(8 + 4 + 4 + 8 * 8)
        data, size = ctypes.c_void_p(), ctypes.c_size_t()
        self.check(self.lib.lite_predictor_get_output(
            pred, 0, info, ctypes.byref(data), ctypes.byref(size)),
            "lite_predictor_get_output")
        if size.value != out_elems * 4:
            raise RuntimeError("output 0: %d bytes, expected %d"
                               % (size.value, out_elems * 4))
        return np.ctypeslib.as_array(
            ctypes.cast(data, ctypes.POINTER(ctypes.c_float)),
            (out_elems,)).copy()


def write_artifact(args, onnx_path):
    base = os.path.join(args.workdir,
                        os.path.splitext(os.path.basename(onnx_path))[0])
    run([os.path.join(args.bin, "lite-translate"), "--import-onnx", onnx_path,
         "-o", base + ".mlir"])
    run([os.path.join(args.bin, "lite-opt"), base + ".mlir", "--lite-compile",
         "--lite-emit-artifact=path=" + base + ".lite", "-o", os.devnull])
    os.remove(base + ".mlir")
    return base + ".lite"


def bench_load(args):
    name = "mobilenet_v2"
    onnx_path = model_path(args, name)
    artifact = write_artifact(args, onnx_path)
    rt = Runtime(args.lib)
    loads, creates, cycles = [], [], []
    for _ in range(args.load_reps):
        t0 = time.perf_counter()
        model = rt.load(artifact)
        t1 = time.perf_counter()
        pred = rt.predictor(model)
        t2 = time.perf_counter()
        rt.lib.lite_predictor_release(pred)
        rt.lib.lite_model_release(model)
        t3 = time.perf_counter()
        loads.append((t1 - t0) * 1e3)
        creates.append((t2 - t1) * 1e3)
        cycles.append((t3 - t0) * 1e3)

    sessions = []
    for _ in range(5):
        t = time.perf_counter()
        sess = ort.InferenceSession(onnx_path, ort_options(),
                                    providers=["CPUExecutionProvider"])
        sessions.append((time.perf_counter() - t) * 1e3)

    # The loaded artifact computes what onnxruntime does.
    feeds, _, _ = make_inputs(onnx_path, args.workdir, args.seed)
    (x,) = feeds.values()
    want = sess.run(None, feeds)[0]
    model = rt.load(artifact)
    pred = rt.predictor(model)
    got = rt.run_f32(pred, x, want.size)
    rt.lib.lite_predictor_release(pred)
    rt.lib.lite_model_release(model)
    diff = rel_diff(got, want.reshape(-1))

    med = statistics.median
    compile_ms = med(summary(run([os.path.join(args.bin, "lite-run"),
                                  onnx_path, "--num-runs=1"])[2])["compile"]
                     for _ in range(5))
    print("%s: artifact %.1f MiB; lite load + predictor over %d repetitions "
          "(ctypes on %s), onnxruntime InferenceSession over 5; one run of the "
          "loaded predictor against onnxruntime: max diff %.1e."
          % (name, os.path.getsize(artifact) / 2**20, args.load_reps,
             os.path.relpath(args.lib, ROOT), diff))
    print()
    print("| step | median | min |")
    print("|---|---:|---:|")
    for label, xs in [("lite_model_load_file", loads),
                      ("lite_predictor_create", creates),
                      ("load + create + release (lite)", cycles),
                      ("InferenceSession (onnxruntime)", sessions)]:
        print("| %s | %.3f ms | %.3f ms |" % (label, med(xs), min(xs)))
    print()
    print("onnxruntime session / lite load + create + release: %.0fx (medians)."
          % (med(sessions) / med(cycles)))
    print("lite-run's in-process compile of the same model (import excluded; "
          "median of 5): %.1f ms; compile + load + create: %.1f ms, "
          "onnxruntime session / that: %.2fx."
          % (compile_ms, compile_ms + med(cycles),
             med(sessions) / (compile_ms + med(cycles))))
    print()


# ---- section 3: per-op overhead --------------------------------------------
def chain_model(op, k, path):
    nodes, x = [], "x"
    ins = [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1])]
    if op == "add":
        ins.append(helper.make_tensor_value_info("b", TensorProto.FLOAT, [1]))
    for i in range(k):
        y = "y" if i == k - 1 else "t%d" % i
        node = (helper.make_node("Add", [x, "b"], [y], name="n%d" % i)
                if op == "add" else
                helper.make_node("Relu", [x], [y], name="n%d" % i))
        nodes.append(node)
        x = y
    graph = helper.make_graph(
        nodes, "chain_" + op, ins,
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1])])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.save(model, path)


def chain_once(args, op, k):
    """(runtime instructions, runtime median ms, onnxruntime nodes,
    onnxruntime median ms) of a chain of k ops."""
    path = os.path.join(args.workdir, "chain_%s_%d.onnx" % (op, k))
    chain_model(op, k, path)
    feeds, good, _ = make_inputs(path, args.workdir, args.seed)
    lite_run = os.path.join(args.bin, "lite-run")
    out = run([lite_run, path] + good + ["--num-runs=1", "--profile"])[2]
    instrs = int(INSTRUCTIONS.search(out).group(1))
    out = run([lite_run, path] + good + [
        "--num-threads=1", "--warmup-runs=2",
        "--num-runs=%d" % args.chain_runs])[2]
    rt = summary(out)["median"]
    so = ort_options()
    so.optimized_model_filepath = path + ".ort.onnx"
    sess = ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
    nodes = len(onnx.load(so.optimized_model_filepath).graph.node)
    ort_ms = statistics.median(ort_times(sess, feeds, args.chain_runs)[0])
    return instrs, rt, nodes, ort_ms


def bench_chain(args, op):
    long, short = (chain_once(args, op, k) for k in (args.chain_len, 1))
    res = {"op": op, "long": long, "short": short}
    log("  chain %-4s %d: %d instructions, runtime %.3f ms; onnxruntime %d "
        "nodes, %.3f ms; 1: runtime %.3f ms, onnxruntime %.3f ms"
        % (op, args.chain_len, long[0], long[1], long[2], long[3], short[1],
           short[3]))
    return res


def print_chain(args, results):
    print("Chains of %d ops on a 1-element f32 tensor, one thread, medians of "
          "%d runs. Per op: the run over the number of instructions (runtime) "
          "or nodes (onnxruntime) it has; marginal: the same between the "
          "chains of %d ops and of 1, without the fixed cost of a run "
          "(onnxruntime's: the Python binding's)."
          % (args.chain_len, args.chain_runs, args.chain_len))
    print()
    print("| chain | runtime instructions | runtime run | runtime per op | "
          "runtime marginal | onnxruntime nodes | onnxruntime run | "
          "onnxruntime per op | onnxruntime marginal | onnxruntime / runtime "
          "(marginal) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        (ri, rt, on, ot), (ri1, rt1, on1, ot1) = r["long"], r["short"]
        rt_op, ort_op = rt * 1e3 / max(ri, 1), ot * 1e3 / max(on, 1)
        rt_m = (rt - rt1) * 1e3 / max(ri - ri1, 1)
        ort_m = (ot - ot1) * 1e3 / max(on - on1, 1)
        print("| %s | %d | %.3f ms | %.3f µs | %.3f µs | %d | %.3f ms | "
              "%.3f µs | %.3f µs | %.2fx |"
              % (r["op"], ri, rt, rt_op, rt_m, on, ot, ort_op, ort_m,
                 ort_m / rt_m if rt_m > 0 else float("nan")))
    print()


def main(argv):
    ap = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--lib", default=os.path.join(
        ROOT, "build", "runtime", "liblite_runtime.so"))
    ap.add_argument("--models-dir",
                    default=os.path.join(ROOT, "build", "models"))
    ap.add_argument("--models", default=DEFAULT_MODELS,
                    help="comma-separated model names (section runs)")
    ap.add_argument("--num-runs", type=int, default=10,
                    help="timed runs per engine and model")
    ap.add_argument("--rounds", type=int, default=5,
                    help="rounds per model, each measuring every engine once")
    ap.add_argument("--load-reps", type=int, default=20)
    ap.add_argument("--chain-ops", default="relu,add")
    ap.add_argument("--chain-len", type=int, default=1000)
    ap.add_argument("--chain-runs", type=int, default=200)
    ap.add_argument("--sections", default="runs,load,chain")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workdir", default=os.path.join(ROOT, "build-bench",
                                                      "runtime"))
    args = ap.parse_args(argv[1:])
    for tool in ("lite-run", "lite-translate", "lite-opt"):
        if not os.access(os.path.join(args.bin, tool), os.X_OK):
            sys.exit("bench: %s not found in %s (build lite first: "
                     "scripts/build.sh)" % (tool, args.bin))
    os.makedirs(args.workdir, exist_ok=True)
    os.makedirs(args.models_dir, exist_ok=True)
    sections = args.sections.split(",")
    ort.set_default_logger_severity(3)

    print("Load average at the start: %.2f %.2f %.2f (%d cores)."
          % (os.getloadavg() + (os.cpu_count(),)))
    print()
    if "runs" in sections:
        log("bench: runs")
        results = [(m, bench_model(args, m)) for m in args.models.split(",")]
        print_runs(args, results)
    if "load" in sections:
        log("bench: load")
        bench_load(args)
    if "chain" in sections:
        log("bench: chain")
        print_chain(args, [bench_chain(args, op)
                           for op in args.chain_ops.split(",")])
    print("Load average at the end: %.2f %.2f %.2f." % os.getloadavg())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

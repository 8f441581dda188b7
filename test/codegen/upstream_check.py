#!/usr/bin/python3
"""Differential check of lowered kernels with upstream MLIR 16.

For each function of a lite module (each `// -----` chunk on its own), this
script runs `lite-opt --lite-lower-to-loops` on it, takes the kernels of
`module @lite_kernels` and the function's `lite.dispatch` ops, and writes a
driver module: the kernels, the function's inputs (seeded random numbers)
and the outputs numpy computes from the *original* lite ops as
`memref.global` constants, and a `func.func @main() -> f32` that calls the
kernels in dispatch order and returns the largest normalized error
|out - ref| / (atol + rtol * |ref|) over every output element.
mlir-opt-16 lowers it to the LLVM dialect and mlir-cpu-runner-16 runs it;
a function passes when the error is at most 1 (NaN fails).

    upstream_check.py INPUT.mlir [--lite-opt PATH] [--pass-option OPTS]
                      [--rtol R] [--atol A] [--seed N] [--keep DIR]

Prints one line per function (`PASS @f: 2 kernels, 2 dispatches, max error
0.013`) and exits 1 when any function fails. numpy computes in float64 from
the same float32 inputs; the default tolerance (rtol 2e-4, atol 2e-5) covers
float32 rounding through a chain of ops and the libm/LLVM math functions.
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

# Vector transfers along a dim other than the last (a permutation_map, the
# strided gathers of layout casts) go through scf loops first: MLIR 16's
# vector-to-llvm lowers minor-identity transfers only. expand-strided-metadata:
# collapse_shape / expand_shape become reinterpret_casts that
# convert-memref-to-llvm takes (MLIR 16).
LOWER_TO_LLVM = [
    "--convert-vector-to-scf", "--expand-strided-metadata", "--lower-affine",
    "--arith-expand",
    "--convert-math-to-llvm", "--convert-math-to-libm", "--convert-scf-to-cf",
    "--convert-vector-to-llvm", "--convert-memref-to-llvm",
    "--convert-arith-to-llvm", "--convert-func-to-llvm", "--convert-cf-to-llvm",
    "--reconcile-unrealized-casts",
]

# ---- a small reader of the textual IR lite-opt prints --------------------------


def split_top(text, sep=","):
    """Splits text at `sep` outside brackets and strings."""
    parts, depth, cur, in_str = [], 0, [], False
    for i, ch in enumerate(text):
        if in_str:
            cur.append(ch)
            if ch == '"' and text[i - 1] != "\\":
                in_str = False
            continue
        if ch == '"':
            in_str = True
        elif ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def parse_shape(t):
    """(shape, element) of `tensor<1x4xf32, ...>` or `memref<...>`."""
    m = re.match(r"\s*(?:tensor|memref)<((?:\d+x)*)(\w+)", t)
    if not m:
        raise ValueError("not a ranked tensor: " + t)
    dims = [int(d) for d in m.group(1).split("x") if d]
    return tuple(dims), m.group(2)


def parse_dense(text, shape):
    start = text.index("<") + 1
    depth, end = 1, start
    while depth:
        depth += {"<": 1, ">": -1}.get(text[end], 0)
        end += 1
    inner = text[start:end - 1]
    if inner.startswith('"0x'):
        raw = bytes.fromhex(inner[3:-1])
        data = np.frombuffer(raw, dtype=np.float32).astype(np.float64)
        return data.reshape(shape) if data.size > 1 else np.full(shape, data[0])
    vals = np.array(eval(inner.replace("true", "1").replace("false", "0")),
                    dtype=np.float64)
    return np.broadcast_to(vals, shape).copy() if vals.ndim == 0 else \
        vals.reshape(shape)


def parse_attr_value(v):
    v = v.strip()
    if v.startswith('"'):
        return v[1:-1]
    if v.startswith("array<"):
        body = v[v.index(":") + 1:-1] if ":" in v else ""
        return [float(x) if "." in x or "e" in x else int(x)
                for x in split_top(body)]
    if v.startswith("dense<"):
        return v
    if v in ("true", "false"):
        return v == "true"
    num = v.split(":")[0].strip()
    try:
        return int(num)
    except ValueError:
        try:
            return float(num)
        except ValueError:
            return v


def parse_attrs(text):
    attrs = {}
    if not text:
        return attrs
    for part in split_top(text.strip()[1:-1]):
        if "=" not in part:
            attrs[part] = True
            continue
        name, value = part.split("=", 1)
        attrs[name.strip().strip('"')] = parse_attr_value(value)
    return attrs


OP_RE = re.compile(r'^\s*(%[\w.#:]+)(?::\d+)?\s*=\s*"([\w.]+)"\((.*?)\)\s*'
                   r'(\{.*\})?\s*:\s*\((.*)\)\s*->\s*(.+)$')
FUNC_RE = re.compile(r"^\s*func\.func\s+@([\w$.]+)\((.*)\)\s*(?:->\s*(.*?))?\s*"
                     r"(?:attributes\s*\{.*\})?\s*\{\s*$")
RET_RE = re.compile(r"^\s*(?:func\.)?return\s*(.*?)(?:\s*:.*)?$")


class Func:
    def __init__(self, name, args):
        self.name, self.args, self.ops, self.results = name, args, [], []


def parse_funcs(text, aliases):
    """The top-level funcs of a module: args, ops (generic form), return."""
    funcs, cur = [], None
    for line in text.splitlines():
        if cur is None:
            m = FUNC_RE.match(line)
            if m and "memref<" not in m.group(2):
                args = []
                for a in split_top(m.group(2)):
                    name, ty = a.split(":", 1)
                    args.append((name.strip(), resolve(ty.strip(), aliases)))
                cur = Func(m.group(1), args)
            continue
        m = OP_RE.match(line)
        if m:
            res, name, operands, attrs, _, rtype = m.groups()
            cur.ops.append({
                "result": res, "name": name,
                "operands": [o.strip() for o in split_top(operands)],
                "attrs": parse_attrs(attrs), "type": resolve(rtype, aliases)})
            continue
        m = RET_RE.match(line)
        if m:
            cur.results = [r.strip() for r in split_top(m.group(1))]
            funcs.append(cur)
            cur = None
    return funcs


def resolve(t, aliases):
    for name, value in aliases.items():
        t = t.replace(name, value)
    return t


def parse_aliases(text):
    return {m.group(1): m.group(2) for m in
            re.finditer(r"^(#\w+)\s*=\s*(.*)$", text, re.M)}


def kernel_module(text):
    """The body of `module @lite_kernels { ... }` (brace matched)."""
    start = text.find("module @lite_kernels")
    if start < 0:
        return ""
    i = text.index("{", start)
    depth, j = 0, i
    while True:
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1:j]
        j += 1


# ---- numpy semantics of the lite ops (ONNX's) --------------------------------------


def erf(x):
    return np.vectorize(math.erf)(x)


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


ACT_DEFAULTS = {"relu6": (6.0, 0.0), "leaky_relu": (0.01, 0.0),
                "hard_swish": (1.0 / 6.0, 0.5), "hard_sigmoid": (0.2, 0.5),
                "swish": (0.0, 1.0)}


def activation(name, a, b, x):
    if name in (None, "none", ""):
        return x
    da, db = ACT_DEFAULTS.get(name, (0.0, 0.0))
    a = da if a is None else a
    b = db if b is None else b
    return {
        "relu": lambda: np.maximum(x, 0),
        "relu6": lambda: np.clip(x, 0, a),
        "leaky_relu": lambda: np.where(x >= 0, x, a * x),
        "sigmoid": lambda: sigmoid(x),
        "tanh": lambda: np.tanh(x),
        "hard_swish": lambda: x * np.clip(a * x + b, 0, 1),
        "hard_sigmoid": lambda: np.clip(a * x + b, 0, 1),
        "swish": lambda: x * sigmoid(b * x),
        "gelu": lambda: 0.5 * x * (1 + erf(x / math.sqrt(2))),
    }[name]()


def evaluate(op, ins):
    n, at = op["name"][len("lite."):], op["attrs"]
    x = ins[0] if ins else None
    binary = {"add": np.add, "sub": np.subtract, "mul": np.multiply,
              "div": np.divide, "pow": np.power}
    if n in binary:
        return activation(at.get("activation"), at.get("activation_alpha"),
                          at.get("activation_beta"), binary[n](x, ins[1]))
    if n in ("max", "min", "sum", "mean"):
        f = {"max": np.maximum, "min": np.minimum}.get(n, np.add)
        r = ins[0]
        for v in ins[1:]:
            r = f(r, v)
        return r / len(ins) if n == "mean" else r
    if n == "prelu":
        return np.where(x < 0, x * ins[1], x)
    if n == "scale":
        s, b = at.get("scale", 1.0), at.get("bias", 0.0)
        r = x * s + b if at.get("bias_after_scale", 1) else (x + b) * s
        return activation(at.get("activation"), at.get("activation_alpha"),
                          at.get("activation_beta"), r)
    unary = {
        "relu": lambda: np.maximum(x, 0),
        "leaky_relu": lambda: np.where(x >= 0, x, at.get("alpha", 0.01) * x),
        "elu": lambda: np.where(x >= 0, x, at.get("alpha", 1.0) * np.expm1(x)),
        "sigmoid": lambda: sigmoid(x),
        "hard_sigmoid": lambda: np.clip(at.get("alpha", 0.2) * x +
                                        at.get("beta", 0.5), 0, 1),
        "hard_swish": lambda: x * np.clip(x / 6 + 0.5, 0, 1),
        "swish": lambda: x * sigmoid(at.get("beta", 1.0) * x),
        "gelu": lambda: (0.5 * x * (1 + np.tanh(0.7978845608028654 *
                                                (x + 0.044715 * x ** 3))))
        if at.get("approximate") == "tanh"
        else 0.5 * x * (1 + erf(x / math.sqrt(2))),
        "softplus": lambda: np.log1p(np.exp(x)),
        "tanh": lambda: np.tanh(x), "erf": lambda: erf(x),
        "exp": lambda: np.exp(x), "log": lambda: np.log(x),
        "sqrt": lambda: np.sqrt(x), "rsqrt": lambda: 1 / np.sqrt(x),
        "abs": lambda: np.abs(x), "neg": lambda: -x,
        "reciprocal": lambda: 1 / x,
        "clip": lambda: np.clip(x, at.get("min", -np.inf),
                                at.get("max", np.inf)),
    }
    if n in unary:
        return unary[n]()
    if n in ("softmax", "log_softmax"):
        axis = at.get("axis", -1)
        d = x - x.max(axis=axis, keepdims=True)
        s = np.exp(d).sum(axis=axis, keepdims=True)
        return np.exp(d) / s if n == "softmax" else d - np.log(s)
    if n.startswith("reduce_"):
        axes = at.get("axes")
        axes = tuple(axes) if axes else None
        f = {"reduce_sum": np.sum, "reduce_mean": np.mean,
             "reduce_max": np.max, "reduce_min": np.min}[n]
        return f(x, axis=axes, keepdims=bool(at.get("keepdims", 1)))
    if n == "layer_norm":
        axis = at.get("axis", -1)
        axes = tuple(range(axis % x.ndim, x.ndim))
        mean = x.mean(axis=axes, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=axes, keepdims=True)
        y = (x - mean) / np.sqrt(var + at.get("epsilon", 1e-5)) * ins[1]
        return y + ins[2] if len(ins) > 2 else y
    if n == "pool2d":
        f = np.mean if at["pooling_type"] == "avg" else np.max
        return f(x, axis=tuple(range(2, x.ndim)), keepdims=True)
    if n == "transpose":
        return np.transpose(x, at.get("perm"))
    raise NotImplementedError("no numpy form of lite." + n)


POSITIVE = ("lite.log", "lite.sqrt", "lite.rsqrt", "lite.pow")


def reference(func, inputs):
    env = dict(zip([a for a, _ in func.args], inputs))
    for op in func.ops:
        shape, _ = parse_shape(op["type"])
        if op["name"] == "lite.constant":
            env[op["result"]] = parse_dense(op["attrs"]["value"], shape)
            continue
        ins = [env[o] for o in op["operands"] if o in env]
        env[op["result"]] = np.asarray(evaluate(op, ins),
                                       dtype=np.float64).reshape(shape)
    return [env[r] for r in func.results]


# ---- the driver ----------------------------------------------------------------------


def memref(shape):
    return "memref<" + "".join("%dx" % d for d in shape) + "f32>"


def hex_dense(a):
    return 'dense<"0x%s">' % np.ascontiguousarray(
        a, dtype="<f4").tobytes().hex().upper()


def compare_loops(lines, out, ref, shape, acc, n, rtol, atol):
    """Appends loops folding max normalized error of out vs ref into acc."""
    ivs, cur = [], acc
    for d, size in enumerate(shape):
        lines.append("    %%cu%d_%d = arith.constant %d : index" % (n, d, size))
        iv = "%%i%d_%d" % (n, d)
        lines.append("    %%r%d_%d = scf.for %s = %%c0 to %%cu%d_%d step %%c1 "
                     "iter_args(%%a%d_%d = %s) -> (f32) {" %
                     (n, d, iv, n, d, n, d, cur))
        ivs.append(iv)
        cur = "%%a%d_%d" % (n, d)
    idx = "[" + ", ".join(ivs) + "]"
    t = memref(shape)
    lines += [
        "    %%o%d = memref.load %s%s : %s" % (n, out, idx, t),
        "    %%e%d = memref.load %s%s : %s" % (n, ref, idx, t),
        "    %%d%d = arith.subf %%o%d, %%e%d : f32" % (n, n, n),
        "    %%ad%d = math.absf %%d%d : f32" % (n, n),
        "    %%ae%d = math.absf %%e%d : f32" % (n, n),
        "    %%tr%d = arith.mulf %%ae%d, %%rtol : f32" % (n, n),
        "    %%tl%d = arith.addf %%tr%d, %%atol : f32" % (n, n),
        "    %%q%d = arith.divf %%ad%d, %%tl%d : f32" % (n, n, n),
        "    %%m%d = arith.maxf %s, %%q%d : f32" % (n, cur, n),
    ]
    last = "%%m%d" % n
    for d in reversed(range(len(shape))):
        lines.append("    scf.yield %s : f32" % last)
        lines.append("    }")
        last = "%%r%d_%d" % (n, d)
    return last


def driver(func, kernels, inputs, expected, rtol, atol):
    globs, body = [], []
    env = {}
    for i, ((name, ty), value) in enumerate(zip(func.args, inputs)):
        shape, _ = parse_shape(ty)
        globs.append('  memref.global "private" constant @in%d : %s = %s' %
                     (i, memref(shape), hex_dense(value)))
        body.append("    %%in%d = memref.get_global @in%d : %s" %
                    (i, i, memref(shape)))
        env[name] = "%%in%d" % i
    calls = 0
    for k, op in enumerate(func.ops):
        shape, _ = parse_shape(op["type"])
        if op["name"] == "lite.constant":
            globs.append('  memref.global "private" constant @k%d : %s = %s' %
                         (k, memref(shape),
                          hex_dense(parse_dense(op["attrs"]["value"], shape))))
            body.append("    %%v%d = memref.get_global @k%d : %s" %
                        (k, k, memref(shape)))
        elif op["name"] == "lite.dispatch":
            callee = re.search(r"@lite_kernels::@([\w$.]+)",
                               op["attrs"]["callee"] if isinstance(
                                   op["attrs"]["callee"], str) else "")
            if not callee:
                raise ValueError("dispatch without a callee")
            body.append("    %%v%d = memref.alloc() : %s" % (k, memref(shape)))
            args = [env[o] for o in op["operands"]] + ["%%v%d" % k]
            types = [memref(parse_shape(func_type(func, o, env))[0])
                     for o in op["operands"]] + [memref(shape)]
            body.append("    call @%s(%s) : (%s) -> ()" %
                        (callee.group(1), ", ".join(args), ", ".join(types)))
            calls += 1
        else:
            raise ValueError("%s is left in @%s: not every op was lowered" %
                             (op["name"], func.name))
        env[op["result"]] = "%%v%d" % k
        func.types = getattr(func, "types", {})
        func.types[op["result"]] = op["type"]
    body += ["    %c0 = arith.constant 0 : index",
             "    %c1 = arith.constant 1 : index",
             "    %%rtol = arith.constant %e : f32" % rtol,
             "    %%atol = arith.constant %e : f32" % atol,
             "    %err0 = arith.constant 0.0 : f32"]
    acc = "%err0"
    for n, (r, value) in enumerate(zip(func.results, expected)):
        shape = value.shape
        globs.append('  memref.global "private" constant @ref%d : %s = %s' %
                     (n, memref(shape), hex_dense(value)))
        body.append("    %%ref%d = memref.get_global @ref%d : %s" %
                    (n, n, memref(shape)))
        acc = compare_loops(body, env[r], "%%ref%d" % n, shape, acc, n, rtol,
                            atol)
    text = ["module {", kernels] + globs + [
        "  func.func @main() -> f32 {"] + body + [
        "    return %s : f32" % acc, "  }", "}"]
    return "\n".join(text) + "\n", calls


def func_type(func, value, env):
    for name, ty in func.args:
        if name == value:
            return ty
    return func.types[value]


# ---- running --------------------------------------------------------------------------


def run(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (cmd[0], p.stderr))
    return p.stdout


def check_chunk(chunk, args, rng, tmp, index):
    lowered = run([args.lite_opt, "-", "--lite-lower-to-loops" +
                   ("=" + args.pass_option if args.pass_option else "")],
                  stdin=chunk)
    aliases = parse_aliases(chunk)
    originals = {f.name: f for f in parse_funcs(chunk, aliases)}
    kernels = kernel_module(lowered)
    num_kernels = len(re.findall(r"func\.func @jit_", kernels))
    ok = True
    for func in parse_funcs(lowered, parse_aliases(lowered)):
        orig = originals[func.name]
        positive = any(op["name"] in POSITIVE for op in orig.ops)
        inputs = []
        for _, ty in func.args:
            shape, _ = parse_shape(ty)
            lo, hi = (0.25, 3.0) if positive else (-3.0, 3.0)
            inputs.append(rng.uniform(lo, hi, shape).astype(np.float32)
                          .astype(np.float64))
        expected = reference(orig, inputs)
        text, calls = driver(func, kernels, inputs, expected, args.rtol,
                             args.atol)
        base = os.path.join(tmp, "%d_%s" % (index, func.name))
        with open(base + ".mlir", "w") as f:
            f.write(text)
        llvm = run([args.mlir_opt, base + ".mlir"] + LOWER_TO_LLVM)
        with open(base + ".llvm.mlir", "w") as f:
            f.write(llvm)
        out = run([args.mlir_cpu_runner, base + ".llvm.mlir", "-e", "main",
                   "-entry-point-result=f32"])
        err = float(out.strip().split()[-1])
        passed = err <= 1.0
        ok = ok and passed
        print("%s @%s: %d kernels, %d dispatches, max error/tolerance %.3g" %
              ("PASS" if passed else "FAIL", func.name, num_kernels, calls,
               err))
    return ok



def run_chunks(args, check, name):
    """Runs check(chunk, args, rng, tmp, i) on every function chunk of
    args.input (split at `// -----`) and exits 0 when all pass."""
    with open(args.input) as f:
        source = f.read()
    chunks = re.split(r"^// -----\s*$", source, flags=re.M)
    rng = np.random.default_rng(args.seed)
    tmp = args.keep or tempfile.mkdtemp(prefix=name + ".")
    os.makedirs(tmp, exist_ok=True)
    ok = True
    try:
        for i, chunk in enumerate(chunks):
            if "func.func" in chunk:
                ok = check(chunk, args, rng, tmp, i) and ok
    except (RuntimeError, ValueError, NotImplementedError) as e:
        print("FAIL: %s" % e)
        ok = False
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(0 if ok else 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("input")
    ap.add_argument("--lite-opt", default=shutil.which("lite-opt"))
    ap.add_argument("--mlir-opt", default=shutil.which("mlir-opt-16"))
    ap.add_argument("--mlir-cpu-runner",
                    default=shutil.which("mlir-cpu-runner-16"))
    ap.add_argument("--pass-option", default="",
                    help="options of --lite-lower-to-loops, e.g. "
                    "'vector-width=16'")
    ap.add_argument("--rtol", type=float, default=2e-4)
    ap.add_argument("--atol", type=float, default=2e-5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--keep", help="keep the driver modules in this folder")
    args = ap.parse_args()
    for tool in ("lite_opt", "mlir_opt", "mlir_cpu_runner"):
        if not getattr(args, tool):
            sys.exit("upstream_check: no %s found" % tool.replace("_", "-"))
    run_chunks(args, check_chunk, "upstream_check")

if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Differential fuzzer of the graph optimizations: random small graphs of
the ops the importer and the passes know, each run before and after a pass
pipeline (default: lite-optimize) by `lite-run --compare` on the same
seeded inputs.

  diff_fuzz.py [--seeds N] [--start S] [--bin DIR] [--out DIR]
               [--pass-pipeline TEXT] [--rtol X] [--atol X] [--keep] [-v]

Seed S gives one graph, always the same: an input (an image NCHW, a
sequence BxTxD or a matrix), then a few random layers on the values made so
far (conv2d with or without bias, grouped or depthwise, batch_norm,
add/sub/mul/div with per-channel, per-row, scalar or full constants, add
and mul of two values, relu, clip as relu6, sigmoid, tanh, hard_swish,
hard_sigmoid, leaky_relu, swish as x*sigmoid(x), gelu as its erf
decomposition, layer norm as its reduce_mean/sub/pow/sqrt/div
decomposition, reshape, flatten, transpose, squeeze/unsqueeze, matmul,
gemm, softmax, concat, split, slice, reduce_mean, max/average/global
pooling, identity, dropout, prelu, hard_swish as x*relu6(x+3)/6, the
channel shuffle reshape/transpose/reshape, softmax between a transpose and
its inverse, multi-head self-attention), with chains that the fusions look for (conv+bn+relu,
conv+add+relu, matmul+add, mul+add) made likelier, and
sometimes an intermediate value as a second output, so that fusions must
leave shared values alone. Weights are random constants.

The graph is written as ONNX, imported with `lite-translate --import-onnx`
into DIR/seed-S.mlir (the reproducer), and checked with
`lite-run --compare DIR/seed-S.mlir --seed S`. A --pass-pipeline is applied
by `lite-opt` instead (which knows the test passes too) into
DIR/seed-S.opt.mlir, which `lite-run --compare --compare-to` checks. A failure prints the seed,
the command, lite-run's messages and the reproducer's IR; the files of
failing seeds are kept (all with --keep). Exit status: 0 when every seed
passed, 1 otherwise.

The tolerances (default rtol 1e-4, atol 1e-5) are looser than
lite-run --compare's own: folding batch_norm into weights or reassociating
a chain of constants changes rounding, and in a sum of such terms that
nearly cancels, a small output's relative error grows.
"""
import argparse
import math
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 17
MAX_ELEMS = 4096


class Graph:
    """The ONNX graph being built; every method returns the new value's
    (name, shape)."""

    def __init__(self, rng):
        self.rng = rng
        self.nodes, self.inits, self.n = [], [], 0

    def _name(self, kind):
        self.n += 1
        return f"{kind}_{self.n}"

    def const(self, array, kind="w"):
        name = self._name(kind)
        self.inits.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def node(self, op, inputs, shape, outputs=1, **attrs):
        name = self._name(op.lower())
        outs = [f"{name}_out{i}" for i in range(outputs)]
        self.nodes.append(helper.make_node(op, inputs, outs, name=name, **attrs))
        return [(o, tuple(shape)) for o in outs] if outputs > 1 else (outs[0], tuple(shape))

    def weights(self, shape, fan_in):
        return self.rng.normal(0, 1 / math.sqrt(max(fan_in, 1)), shape).astype(np.float32)

    def away_from_zero(self, shape):
        """Values of either sign in [0.5, 2): safe divisors and scales."""
        mag = self.rng.uniform(0.5, 2.0, shape)
        return (mag * self.rng.choice([-1.0, 1.0], shape)).astype(np.float32)


def numel(shape):
    return int(np.prod(shape)) if shape else 1


# ---- layers: each takes (g, value) and returns the new value or None --------

def conv(g, v):
    x, s = v
    if len(s) != 4:
        return None
    n, c, h, w = s
    k = int(g.rng.choice([1, 3])) if min(h, w) >= 3 else 1
    stride = int(g.rng.choice([1, 1, 2]))
    pad = k // 2 if g.rng.random() < 0.8 else 0
    group = 1
    cout = int(g.rng.integers(1, 9))
    r = g.rng.random()
    if r < 0.2 and c > 1:
        group, cout = c, c  # depthwise
    elif r < 0.3 and c % 2 == 0 and c > 2:
        group, cout = 2, 2 * int(g.rng.integers(1, 4))
    oh = (h + 2 * pad - k) // stride + 1
    ow = (w + 2 * pad - k) // stride + 1
    if oh < 1 or ow < 1 or n * cout * oh * ow > MAX_ELEMS:
        return None
    ins = [x, g.const(g.weights((cout, c // group, k, k), c // group * k * k))]
    if g.rng.random() < 0.5:
        ins.append(g.const(g.rng.normal(0, 0.1, cout).astype(np.float32), "b"))
    return g.node("Conv", ins, (n, cout, oh, ow), kernel_shape=[k, k],
                  strides=[stride, stride], pads=[pad] * 4, group=group)


def batch_norm(g, v):
    x, s = v
    if len(s) not in (2, 3, 4):
        return None
    c = s[1]
    scale = g.const(g.rng.uniform(0.5, 1.5, c).astype(np.float32), "gamma")
    bias = g.const(g.rng.normal(0, 0.1, c).astype(np.float32), "beta")
    mean = g.const(g.rng.normal(0, 0.1, c).astype(np.float32), "mean")
    var = g.const(g.rng.uniform(0.5, 1.5, c).astype(np.float32), "var")
    return g.node("BatchNormalization", [x, scale, bias, mean, var], s,
                  epsilon=float(g.rng.choice([1e-5, 1e-3])))


def const_operand(g, s):
    """A constant that broadcasts against shape s: per channel (C,1,1 or
    1,C,1,1), per last dim, a scalar, a one-element vector, or full."""
    kinds = ["scalar", "one", "last", "full"]
    if len(s) >= 3:
        kinds += ["channel", "channel4"] * 2
    kind = kinds[int(g.rng.integers(len(kinds)))]
    if kind == "scalar":
        shape = ()
    elif kind == "one":
        shape = (1,)
    elif kind == "last":
        shape = (s[-1],)
    elif kind == "full":
        shape = s
    elif kind == "channel":
        shape = (s[1],) + (1,) * (len(s) - 2)
    else:
        shape = (1, s[1]) + (1,) * (len(s) - 2)
    return shape


def binary_const(g, v, op=None):
    x, s = v
    op = op or str(g.rng.choice(["Add", "Mul", "Sub", "Div"]))
    shape = const_operand(g, s)
    c = g.const(g.away_from_zero(shape) if op in ("Mul", "Div")
                else g.rng.normal(0, 0.5, shape).astype(np.float32), "k")
    # x - c and c - x, x / c (never by x: no division by a value near 0)
    ins = [c, x] if op in ("Add", "Mul", "Sub") and g.rng.random() < 0.3 else [x, c]
    return g.node(op, ins, s)


def binary_values(g, v, values):
    x, s = v
    same = [u for u in values if u[1] == s and u[0] != x]
    other = same[int(g.rng.integers(len(same)))] if same and g.rng.random() < 0.7 else v
    # No Sub: (x - c) - x of a value and its own ancestor cancels to
    # rounding noise, which a later normalization blows up to an
    # ill-conditioned output no tolerance fits.
    op = str(g.rng.choice(["Add", "Mul"]))
    return g.node(op, [x, other[0]], s)


def activation(g, v):
    x, s = v
    kind = str(g.rng.choice(["Relu", "Relu", "Relu6", "Sigmoid", "Tanh", "HardSwish",
                             "HardSigmoid", "LeakyRelu", "Swish", "Gelu"]))
    if kind == "Relu6":
        lo = g.const(np.array(0.0, np.float32), "min")
        hi = g.const(np.array(6.0, np.float32), "max")
        return g.node("Clip", [x, lo, hi], s)
    if kind == "HardSigmoid":
        return g.node("HardSigmoid", [x], s, alpha=float(g.rng.choice([0.2, 1 / 6])), beta=0.5)
    if kind == "LeakyRelu":
        return g.node("LeakyRelu", [x], s, alpha=float(g.rng.choice([0.01, 0.1, 0.2])))
    if kind == "Swish":
        sig = g.node("Sigmoid", [x], s)
        return g.node("Mul", [x, sig[0]], s)
    if kind == "Gelu":
        d = g.node("Div", [x, g.const(np.array(math.sqrt(2), np.float32), "k")], s)
        e = g.node("Erf", [d[0]], s)
        a = g.node("Add", [e[0], g.const(np.array(1.0, np.float32), "k")], s)
        m = g.node("Mul", [x, a[0]], s)
        return g.node("Mul", [m[0], g.const(np.array(0.5, np.float32), "k")], s)
    return g.node(kind, [x], s)


def layer_norm(g, v):
    """The decomposition frameworks export for LayerNorm on the last axis."""
    x, s = v
    if len(s) < 2 or s[-1] < 2:
        return None
    red = s[:-1] + (1,)
    mean = g.node("ReduceMean", [x], red, axes=[-1], keepdims=1)
    d = g.node("Sub", [x, mean[0]], s)
    p = g.node("Pow", [d[0], g.const(np.array(2.0, np.float32), "k")], s)
    var = g.node("ReduceMean", [p[0]], red, axes=[-1], keepdims=1)
    ve = g.node("Add", [var[0], g.const(np.array(1e-5, np.float32), "eps")], red)
    sd = g.node("Sqrt", [ve[0]], red)
    n = g.node("Div", [d[0], sd[0]], s)
    gm = g.node("Mul", [n[0], g.const(g.rng.uniform(0.5, 1.5, s[-1]).astype(np.float32), "gamma")], s)
    return g.node("Add", [gm[0], g.const(g.rng.normal(0, 0.1, s[-1]).astype(np.float32), "beta")], s)


def reshape(g, v):
    x, s = v
    if len(s) < 2:
        return None
    r = g.rng.random()
    if r < 0.4:  # merge the last two dims
        t = s[:-2] + (s[-2] * s[-1],)
        spec = list(t[:-1]) + [-1]
    elif r < 0.7 and len(s) <= 3:  # split the last dim when it is even
        if s[-1] % 2:
            return None
        t = s[:-1] + (2, s[-1] // 2)
        spec = list(t)
    else:  # keep the batch dim, flatten the rest with a 0 (copy) dim
        t = (s[0], numel(s[1:]))
        spec = [0, -1]
    return g.node("Reshape", [x, g.const(np.array(spec, np.int64), "shape")], t)


def flatten(g, v):
    x, s = v
    if len(s) < 2:
        return None
    return g.node("Flatten", [x], (s[0], numel(s[1:])), axis=1)


def transpose(g, v):
    x, s = v
    if len(s) < 2:
        return None
    perm = [int(i) for i in g.rng.permutation(len(s))]
    return g.node("Transpose", [x], tuple(s[i] for i in perm), perm=perm)


def unsqueeze(g, v):
    x, s = v
    if len(s) >= 5:
        return None
    axis = int(g.rng.integers(len(s) + 1))
    t = s[:axis] + (1,) + s[axis:]
    u = g.node("Unsqueeze", [x, g.const(np.array([axis], np.int64), "axes")], t)
    if g.rng.random() < 0.5:  # and back: a pair forwarding may drop
        return g.node("Squeeze", [u[0], g.const(np.array([axis], np.int64), "axes")], s)
    return u


def squeeze(g, v):
    x, s = v
    ones = [i for i, d in enumerate(s) if d == 1]
    if not ones or len(s) < 2:
        return None
    axis = ones[int(g.rng.integers(len(ones)))]
    return g.node("Squeeze", [x, g.const(np.array([axis], np.int64), "axes")],
                  s[:axis] + s[axis + 1:])


def matmul(g, v):
    x, s = v
    if len(s) < 2:
        return None
    k, m = s[-1], int(g.rng.integers(1, 17))
    if numel(s[:-1]) * m > MAX_ELEMS:
        return None
    y = g.node("MatMul", [x, g.const(g.weights((k, m), k))], s[:-1] + (m,))
    if g.rng.random() < 0.6:  # + bias: what an fc fusion looks for
        y = g.node("Add", [y[0], g.const(g.rng.normal(0, 0.1, m).astype(np.float32), "b")], y[1])
    return y


def gemm(g, v):
    x, s = v
    if len(s) != 2:
        return None
    k, m = s[1], int(g.rng.integers(1, 17))
    trans_b = int(g.rng.integers(2))
    w = g.weights((m, k) if trans_b else (k, m), k)
    ins = [x, g.const(w)]
    if g.rng.random() < 0.7:
        ins.append(g.const(g.rng.normal(0, 0.1, (m,)).astype(np.float32), "b"))
    return g.node("Gemm", ins, (s[0], m), transB=trans_b,
                  alpha=float(g.rng.choice([1.0, 0.5])), beta=float(g.rng.choice([1.0, 2.0])))


def softmax(g, v):
    x, s = v
    if not s:
        return None
    return g.node("Softmax", [x], s, axis=int(g.rng.integers(-len(s), len(s))))


def concat(g, v, values):
    x, s = v
    if not s:
        return None
    axis = int(g.rng.integers(len(s)))
    mates = [u for u in values if len(u[1]) == len(s) and u[0] != x and
             all(a == b for i, (a, b) in enumerate(zip(u[1], s)) if i != axis)]
    if mates and g.rng.random() < 0.6:
        other = mates[int(g.rng.integers(len(mates)))]
    elif g.rng.random() < 0.5:
        other = (g.const(g.rng.normal(0, 1, s).astype(np.float32), "c"), s)
    else:
        other = v
    t = list(s)
    t[axis] += other[1][axis]
    if numel(t) > MAX_ELEMS:
        return None
    return g.node("Concat", [x, other[0]], t, axis=axis)


def split(g, v):
    x, s = v
    axes = [i for i, d in enumerate(s) if d >= 2 and d % 2 == 0]
    if not axes:
        return None
    axis = axes[int(g.rng.integers(len(axes)))]
    t = list(s)
    t[axis] //= 2
    a, b = g.node("Split", [x], t, outputs=2, axis=axis)
    if g.rng.random() < 0.5:
        return g.node("Add", [a[0], b[0]], t)
    return a if g.rng.random() < 0.5 else b


def slice_(g, v):
    x, s = v
    axes = [i for i, d in enumerate(s) if d >= 2]
    if not axes:
        return None
    axis = axes[int(g.rng.integers(len(axes)))]
    d = s[axis]
    start = int(g.rng.integers(0, d - 1))
    end = int(g.rng.integers(start + 1, d + 1))
    step = int(g.rng.choice([1, 1, 2]))
    t = list(s)
    t[axis] = len(range(start, end, step))
    ins = [x, g.const(np.array([start], np.int64), "starts"),
           g.const(np.array([end], np.int64), "ends"),
           g.const(np.array([axis], np.int64), "axes"),
           g.const(np.array([step], np.int64), "steps")]
    return g.node("Slice", ins, t)


def reduce_mean(g, v):
    x, s = v
    if len(s) < 2:
        return None
    axes = sorted(set(int(a) for a in g.rng.choice(len(s), int(g.rng.integers(1, len(s))), replace=False)))
    if len(s) == 4 and g.rng.random() < 0.4:
        axes = [2, 3]  # a global average pool in disguise
    keep = int(g.rng.integers(2))
    t = [1 if i in axes else d for i, d in enumerate(s)] if keep else \
        [d for i, d in enumerate(s) if i not in axes]
    return g.node("ReduceMean", [x], t, axes=axes, keepdims=keep)


def pool(g, v):
    x, s = v
    if len(s) != 4:
        return None
    n, c, h, w = s
    if g.rng.random() < 0.3:
        return g.node("GlobalAveragePool", [x], (n, c, 1, 1))
    k = int(g.rng.choice([2, 3]))
    if min(h, w) < k:
        return None
    stride = int(g.rng.choice([1, 2]))
    pad = int(g.rng.integers(0, 2)) if k == 3 else 0
    oh, ow = (h + 2 * pad - k) // stride + 1, (w + 2 * pad - k) // stride + 1
    op = str(g.rng.choice(["MaxPool", "AveragePool"]))
    attrs = dict(kernel_shape=[k, k], strides=[stride, stride], pads=[pad] * 4)
    if op == "AveragePool":
        attrs["count_include_pad"] = int(g.rng.integers(2))
    return g.node(op, [x], (n, c, oh, ow), **attrs)


def shuffle(g, v):
    """ShuffleNet's channel shuffle: reshape, transpose, reshape."""
    x, s = v
    if len(s) != 4 or s[1] % 2 or s[1] < 4:
        return None
    n, c, h, w = s
    r = g.node("Reshape", [x, g.const(np.array([n, 2, c // 2, h, w], np.int64), "shape")],
               (n, 2, c // 2, h, w))
    t = g.node("Transpose", [r[0]], (n, c // 2, 2, h, w), perm=[0, 2, 1, 3, 4])
    return g.node("Reshape", [t[0], g.const(np.array([n, c, h, w], np.int64), "shape")], s)


def transpose_softmax(g, v):
    """softmax along a middle axis as exporters write it: transpose the
    axis last, softmax, transpose back."""
    x, s = v
    if len(s) < 2:
        return None
    perm = [int(i) for i in g.rng.permutation(len(s))]
    inv = [perm.index(i) for i in range(len(s))]
    t = g.node("Transpose", [x], tuple(s[i] for i in perm), perm=perm)
    m = g.node("Softmax", [t[0]], t[1], axis=-1)
    return g.node("Transpose", [m[0]], s, perm=inv)


def prelu(g, v):
    x, s = v
    shape = (1,) if len(s) < 3 or g.rng.random() < 0.5 else (s[1],) + (1,) * (len(s) - 2)
    return g.node("PRelu", [x, g.const(g.rng.uniform(0.05, 0.5, shape).astype(np.float32),
                                        "slope")], s)


def hard_swish_decomposed(g, v):
    """x * relu6(x + 3) / 6, the form of exports before opset 14."""
    x, s = v
    a = g.node("Add", [x, g.const(np.array(3.0, np.float32), "k")], s)
    r = g.node("Clip", [a[0], g.const(np.array(0.0, np.float32), "min"),
                        g.const(np.array(6.0, np.float32), "max")], s)
    m = g.node("Mul", [x, r[0]], s)
    return g.node("Div", [m[0], g.const(np.array(6.0, np.float32), "k")], s)


def attention(g, v):
    """Multi-head self-attention as exporters write it (no mask): Q, K, V
    projections, heads split by reshape + transpose, softmax(QK^T / c) V,
    heads merged."""
    x, s = v
    if len(s) != 3:
        return None
    b, seq, d = s
    heads = int(g.rng.choice([h for h in (1, 2, 4) if d % h == 0]))
    dh = d // heads

    def proj():
        p = g.node("MatMul", [x, g.const(g.weights((d, d), d))], s)
        p = g.node("Add", [p[0], g.const(g.rng.normal(0, 0.1, d).astype(np.float32), "b")], s)
        r = g.node("Reshape", [p[0], g.const(np.array([b, seq, heads, dh], np.int64), "shape")],
                   (b, seq, heads, dh))
        return g.node("Transpose", [r[0]], (b, heads, seq, dh), perm=[0, 2, 1, 3])

    q, k, val = proj(), proj(), proj()
    kt = g.node("Transpose", [k[0]], (b, heads, dh, seq), perm=[0, 1, 3, 2])
    sc = g.node("MatMul", [q[0], kt[0]], (b, heads, seq, seq))
    sc = g.node("Div", [sc[0], g.const(np.array(np.sqrt(dh), np.float32), "scale")], sc[1])
    pr = g.node("Softmax", [sc[0]], sc[1], axis=-1)
    o = g.node("MatMul", [pr[0], val[0]], (b, heads, seq, dh))
    o = g.node("Transpose", [o[0]], (b, seq, heads, dh), perm=[0, 2, 1, 3])
    return g.node("Reshape", [o[0], g.const(np.array([b, seq, d], np.int64), "shape")], s)


def identity(g, v):
    x, s = v
    if g.rng.random() < 0.5:
        return g.node("Identity", [x], s)
    return g.node("Dropout", [x], s)


LAYERS = [  # (layer, weight, needs the other values)
    (conv, 6, False), (batch_norm, 2, False), (binary_const, 4, False),
    (binary_values, 2, True), (activation, 5, False), (layer_norm, 1, False),
    (reshape, 2, False), (flatten, 1, False), (transpose, 2, False),
    (unsqueeze, 1, False), (squeeze, 1, False), (matmul, 3, False),
    (gemm, 2, False), (softmax, 1, False), (concat, 2, True), (split, 1, False),
    (slice_, 1, False), (reduce_mean, 1, False), (pool, 2, False), (identity, 1, False),
    (shuffle, 1, False), (transpose_softmax, 1, False), (prelu, 1, False),
    (hard_swish_decomposed, 1, False), (attention, 1, False),
]


def chain_after(g, layer, v, values):
    """Makes the chains the fusions look for likelier: conv -> bn -> act,
    conv -> add(per channel) -> act, conv -> add(residual) -> act,
    x * c + d."""
    if layer is conv and v[1] and len(v[1]) == 4:
        r = g.rng.random()
        same = [u for u in values if u[1] == v[1]]
        if r < 0.35:
            v = batch_norm(g, v)
        elif r < 0.55:
            v = binary_const(g, v, str(g.rng.choice(["Add", "Mul"])))
        elif r < 0.75 and same:
            res = same[int(g.rng.integers(len(same)))]
            v = g.node("Add", [v[0], res[0]] if g.rng.random() < 0.5 else [res[0], v[0]], v[1])
        if g.rng.random() < 0.5:
            v = activation(g, v)
    elif layer is binary_const and g.rng.random() < 0.3:
        v = binary_const(g, v, str(g.rng.choice(["Add", "Mul"])))
    return v


def random_input(rng):
    kind = rng.choice(["image", "image", "sequence", "matrix"])
    if kind == "image":
        return (int(rng.integers(1, 3)), int(rng.integers(1, 9)),
                int(rng.integers(3, 10)), int(rng.integers(3, 10)))
    if kind == "sequence":
        return (int(rng.integers(1, 3)), int(rng.integers(1, 9)), int(rng.integers(2, 17)))
    return (int(rng.integers(1, 5)), int(rng.integers(1, 33)))


def make_model(seed):
    rng = np.random.default_rng(seed)
    g = Graph(rng)
    shape = random_input(rng)
    values = [("x", shape)]
    weights = np.array([w for _, w, _ in LAYERS], float)
    steps = int(rng.integers(3, 14))
    tries = 0
    while steps and tries < 100:
        tries += 1
        # mostly the newest value, sometimes an older one (a second user)
        v = values[-1] if rng.random() < 0.75 else values[int(rng.integers(len(values)))]
        layer, _, needs = LAYERS[int(rng.choice(len(LAYERS), p=weights / weights.sum()))]
        out = layer(g, v, values) if needs else layer(g, v)
        if out is None or numel(out[1]) > MAX_ELEMS or numel(out[1]) == 0:
            continue
        out = chain_after(g, layer, out, values)
        values.append(out)
        steps -= 1
    outputs = [values[-1]]
    if len(values) > 2 and rng.random() < 0.3:
        extra = values[int(rng.integers(1, len(values) - 1))]
        if extra[0] != outputs[0][0]:
            outputs.append(extra)
    graph = helper.make_graph(
        g.nodes, f"fuzz_{seed}",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(shape))],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n, _ in outputs],
        g.inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])


# ---- running ---------------------------------------------------------------

def tool(bin_dir, name):
    if bin_dir:
        return os.path.join(bin_dir, name)
    found = shutil.which(name)
    if not found:
        sys.exit(f"diff_fuzz.py: {name} is not on PATH; give --bin BUILD/bin")
    return found


def check_seed(seed, args, out_dir):
    """None when the seed passes, else (what failed, the command, its
    output, the reproducer path)."""
    onnx_path = os.path.join(out_dir, f"seed-{seed}.onnx")
    mlir_path = os.path.join(out_dir, f"seed-{seed}.mlir")
    onnx.save(make_model(seed), onnx_path)
    imp = [tool(args.bin, "lite-translate"), "--import-onnx", onnx_path, "-o", mlir_path]
    p = subprocess.run(imp, capture_output=True, text=True)
    if p.returncode != 0:
        return ("the generated model does not import", imp, p.stdout + p.stderr, onnx_path)
    opt_path = os.path.join(out_dir, f"seed-{seed}.opt.mlir")
    run = [tool(args.bin, "lite-run"), "--compare", mlir_path, "--seed", str(seed),
           "--rtol", str(args.rtol), "--atol", str(args.atol)]
    if args.pass_pipeline:
        opt = [tool(args.bin, "lite-opt"), mlir_path,
               f"--pass-pipeline={args.pass_pipeline}", "-o", opt_path]
        p = subprocess.run(opt, capture_output=True, text=True, timeout=120)
        if p.returncode != 0:
            return ("the pipeline fails in lite-opt", opt, p.stdout + p.stderr, mlir_path)
        run += ["--compare-to", opt_path]
    else:
        run += ["-o", opt_path]
    try:
        p = subprocess.run(run, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return ("lite-run --compare timed out", run, "", mlir_path)
    if args.verbose:
        print(f"seed {seed}: {p.stdout.strip()}")
    if p.returncode == 0:
        return None
    before = "before the pipeline failed" in p.stderr
    what = ("the model fails before the pipeline (a generator or interpreter bug)"
            if before else f"lite-run --compare exited {p.returncode}")
    return (what, run, p.stdout + p.stderr, mlir_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=100, help="number of seeds (default 100)")
    ap.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--bin", help="directory of lite-translate, lite-opt and lite-run (default: PATH)")
    ap.add_argument("--out", help="where the models go (default: a temporary directory)")
    ap.add_argument("--pass-pipeline",
                    help="pipeline to check, applied by lite-opt (default: lite-optimize in lite-run)")
    ap.add_argument("--rtol", type=float, default=1e-4)
    ap.add_argument("--atol", type=float, default=1e-5)
    ap.add_argument("--keep", action="store_true", help="keep the files of passing seeds")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each seed's result")
    args = ap.parse_args()

    out_dir = args.out or tempfile.mkdtemp(prefix="diff-fuzz-")
    os.makedirs(out_dir, exist_ok=True)
    failures = 0
    for seed in range(args.start, args.start + args.seeds):
        result = check_seed(seed, args, out_dir)
        if result is None:
            if not args.keep:
                for ext in (".onnx", ".mlir", ".opt.mlir"):
                    path = os.path.join(out_dir, f"seed-{seed}{ext}")
                    if os.path.exists(path):
                        os.remove(path)
            continue
        failures += 1
        what, cmd, output, repro = result
        print(f"FAIL seed {seed}: {what}")
        print(f"  reproducer: {repro}")
        opt = repro[:-len(".mlir")] + ".opt.mlir"
        if os.path.exists(opt):
            print(f"  after the pipeline: {opt}")
        print(f"  command: {shlex.join(cmd)}")
        for line in output.strip().splitlines():
            print(f"  | {line}")
        if repro.endswith(".mlir") and os.path.exists(repro):
            print("  IR:")
            with open(repro) as f:
                for line in f:
                    print(f"    {line}", end="")
        print()
    passed = args.seeds - failures
    print(f"diff_fuzz: {passed} of {args.seeds} seeds passed "
          f"(seeds {args.start}..{args.start + args.seeds - 1})")
    if not args.out and not failures and not args.keep:
        shutil.rmtree(out_dir, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

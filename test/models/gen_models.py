#!/usr/bin/python3
"""Writes the test models as ONNX files, built layer by layer with onnx's
helper API and random weights from fixed seeds (no training framework needed).

The architectures follow torchvision's definitions (channel counts, strides,
blocks) and the graphs are what a framework export looks like: Conv with
separate BatchNormalization, Clip as relu6, HardSwish/HardSigmoid, Sigmoid*Mul
as swish, Reshape/Transpose channel shuffles, decomposed LayerNorm and Erf
GELU in the transformer.

  gen_models.py OUTDIR [NAME...]     (default: every model)
  gen_models.py --list
"""
import argparse
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 17


class Graph:
    """Accumulates nodes and initializers; every method returns the name of
    the value it produces."""

    def __init__(self, name, seed):
        self.name = name
        self.rng = np.random.default_rng(seed)
        self.nodes, self.inits, self.count = [], [], {}

    def _name(self, kind):
        n = self.count.get(kind, 0)
        self.count[kind] = n + 1
        return f"{kind}_{n}"

    def const(self, array, kind="w"):
        name = self._name(kind)
        self.inits.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def node(self, op, inputs, outputs=1, **attrs):
        name = self._name(op.lower())
        outs = [f"{name}_out{i}" if outputs > 1 else f"{name}_out"
                for i in range(outputs)]
        self.nodes.append(helper.make_node(op, inputs, outs, name=name, **attrs))
        return outs if outputs > 1 else outs[0]

    # ---- layers -------------------------------------------------------------
    def conv(self, x, cin, cout, k, stride=1, pad=None, group=1, bias=False):
        pad = (k // 2) if pad is None else pad
        fan_in = cin // group * k * k
        w = self.rng.normal(0, np.sqrt(2.0 / fan_in),
                            (cout, cin // group, k, k)).astype(np.float32)
        ins = [x, self.const(w)]
        if bias:
            ins.append(self.const(self.rng.normal(0, 0.1, cout).astype(np.float32), "b"))
        return self.node("Conv", ins, kernel_shape=[k, k], strides=[stride, stride],
                         pads=[pad] * 4, group=group, dilations=[1, 1])

    def bn(self, x, c):
        r = self.rng
        return self.node("BatchNormalization", [
            x,
            self.const(r.uniform(0.5, 1.0, c).astype(np.float32), "gamma"),
            self.const(r.normal(0, 0.1, c).astype(np.float32), "beta"),
            self.const(r.normal(0, 0.1, c).astype(np.float32), "mean"),
            self.const(r.uniform(0.5, 1.5, c).astype(np.float32), "var")],
            epsilon=1e-5)

    def relu(self, x):
        return self.node("Relu", [x])

    def relu6(self, x):
        return self.node("Clip", [x, self.const(np.float32(0), "lo"),
                                  self.const(np.float32(6), "hi")])

    def hswish(self, x):
        return self.node("HardSwish", [x])

    def hsigmoid(self, x):
        return self.node("HardSigmoid", [x], alpha=1.0 / 6, beta=0.5)

    def swish(self, x):
        return self.node("Mul", [x, self.node("Sigmoid", [x])])

    def act(self, x, kind):
        return {"relu": self.relu, "relu6": self.relu6, "hswish": self.hswish,
                "swish": self.swish, None: lambda v: v}[kind](x)

    def cba(self, x, cin, cout, k, stride=1, group=1, act="relu"):
        return self.act(self.bn(self.conv(x, cin, cout, k, stride, group=group), cout), act)

    def fc(self, x, cin, cout):
        w = self.rng.normal(0, np.sqrt(1.0 / cin), (cout, cin)).astype(np.float32)
        b = self.rng.normal(0, 0.1, cout).astype(np.float32)
        return self.node("Gemm", [x, self.const(w), self.const(b, "b")], transB=1)

    def head(self, x, c, classes=1000):
        x = self.node("GlobalAveragePool", [x])
        x = self.node("Flatten", [x], axis=1)
        return self.fc(x, c, classes)

    def se(self, x, c, squeeze, gate="hsigmoid", inner="relu"):
        s = self.node("GlobalAveragePool", [x])
        s = self.act(self.conv(s, c, squeeze, 1, bias=True), inner)
        s = self.conv(s, squeeze, c, 1, bias=True)
        s = self.hsigmoid(s) if gate == "hsigmoid" else self.node("Sigmoid", [s])
        return self.node("Mul", [x, s])

    def model(self, inputs, outputs):
        g = helper.make_graph(self.nodes, self.name, inputs, outputs, self.inits)
        m = helper.make_model(g, producer_name="lite-gen-models",
                              opset_imports=[helper.make_opsetid("", OPSET)])
        m.ir_version = 8
        onnx.checker.check_model(m)
        return m


def image_io(g, x_out, size=224, classes=1000):
    return ([helper.make_tensor_value_info("input", TensorProto.FLOAT, [1, 3, size, size])],
            [helper.make_tensor_value_info(x_out, TensorProto.FLOAT, [1, classes])])


def make_divisible(v, d=8):
    n = max(d, int(v + d / 2) // d * d)
    return n + d if n < 0.9 * v else n


# ---- CNNs -----------------------------------------------------------------------

def resnet(depth):
    g = Graph(f"resnet{depth}", 18 if depth == 18 else 50)
    bottleneck = depth == 50
    layers = {18: [2, 2, 2, 2], 50: [3, 4, 6, 3]}[depth]
    x = g.cba("input", 3, 64, 7, 2)
    x = g.node("MaxPool", [x], kernel_shape=[3, 3], strides=[2, 2], pads=[1] * 4)
    cin = 64
    for stage, blocks in enumerate(layers):
        width = 64 * 2 ** stage
        cout = width * 4 if bottleneck else width
        for b in range(blocks):
            stride = 2 if stage > 0 and b == 0 else 1
            if bottleneck:
                y = g.cba(x, cin, width, 1)
                y = g.cba(y, width, width, 3, stride)
                y = g.bn(g.conv(y, width, cout, 1), cout)
            else:
                y = g.cba(x, cin, width, 3, stride)
                y = g.bn(g.conv(y, width, cout, 3), cout)
            sc = x
            if stride != 1 or cin != cout:
                sc = g.bn(g.conv(x, cin, cout, 1, stride, pad=0), cout)
            x = g.relu(g.node("Add", [y, sc]))
            cin = cout
    y = g.head(x, cin)
    return g.model(*image_io(g, y))


def mobilenet_v2():
    g = Graph("mobilenet_v2", 2)
    cfg = [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2),
           (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]
    x = g.cba("input", 3, 32, 3, 2, act="relu6")
    cin = 32
    for t, c, n, s in cfg:
        for i in range(n):
            stride = s if i == 0 else 1
            hidden = cin * t
            y = x
            if t != 1:
                y = g.cba(y, cin, hidden, 1, act="relu6")
            y = g.cba(y, hidden, hidden, 3, stride, group=hidden, act="relu6")
            y = g.bn(g.conv(y, hidden, c, 1), c)
            x = g.node("Add", [x, y]) if stride == 1 and cin == c else y
            cin = c
    x = g.cba(x, cin, 1280, 1, act="relu6")
    y = g.head(x, 1280)
    return g.model(*image_io(g, y))


def mobilenet_v3_small():
    g = Graph("mobilenet_v3_small", 3)
    # kernel, expanded, out, se, activation, stride
    cfg = [(3, 16, 16, True, "relu", 2), (3, 72, 24, False, "relu", 2),
           (3, 88, 24, False, "relu", 1), (5, 96, 40, True, "hswish", 2),
           (5, 240, 40, True, "hswish", 1), (5, 240, 40, True, "hswish", 1),
           (5, 120, 48, True, "hswish", 1), (5, 144, 48, True, "hswish", 1),
           (5, 288, 96, True, "hswish", 2), (5, 576, 96, True, "hswish", 1),
           (5, 576, 96, True, "hswish", 1)]
    x = g.cba("input", 3, 16, 3, 2, act="hswish")
    cin = 16
    for k, exp, c, se, act, s in cfg:
        y = x
        if exp != cin:
            y = g.cba(y, cin, exp, 1, act=act)
        y = g.cba(y, exp, exp, k, s, group=exp, act=act)
        if se:
            y = g.se(y, exp, make_divisible(exp // 4))
        y = g.bn(g.conv(y, exp, c, 1), c)
        x = g.node("Add", [x, y]) if s == 1 and cin == c else y
        cin = c
    x = g.cba(x, cin, 576, 1, act="hswish")
    x = g.node("GlobalAveragePool", [x])
    x = g.node("Flatten", [x], axis=1)
    x = g.hswish(g.fc(x, 576, 1024))
    y = g.fc(x, 1024, 1000)
    return g.model(*image_io(g, y))


def squeezenet1_1():
    g = Graph("squeezenet1_1", 4)
    x = g.relu(g.conv("input", 3, 64, 3, 2, pad=0, bias=True))
    pool = dict(kernel_shape=[3, 3], strides=[2, 2], ceil_mode=1)
    x = g.node("MaxPool", [x], **pool)
    cin = 64

    def fire(x, cin, s, e):
        sq = g.relu(g.conv(x, cin, s, 1, pad=0, bias=True))
        a = g.relu(g.conv(sq, s, e, 1, pad=0, bias=True))
        b = g.relu(g.conv(sq, s, e, 3, pad=1, bias=True))
        return g.node("Concat", [a, b], axis=1), 2 * e

    for s, e, pool_after in [(16, 64, False), (16, 64, True), (32, 128, False),
                             (32, 128, True), (48, 192, False), (48, 192, False),
                             (64, 256, False), (64, 256, False)]:
        x, cin = fire(x, cin, s, e)
        if pool_after:
            x = g.node("MaxPool", [x], **pool)
    x = g.relu(g.conv(x, cin, 1000, 1, pad=0, bias=True))
    x = g.node("GlobalAveragePool", [x])
    y = g.node("Flatten", [x], axis=1)
    return g.model(*image_io(g, y))


def shufflenet_v2_x1_0():
    g = Graph("shufflenet_v2_x1_0", 5)

    def shuffle(x, c, h):
        x = g.node("Reshape", [x, g.const(np.array([1, 2, c // 2, h, h], np.int64), "shape")])
        x = g.node("Transpose", [x], perm=[0, 2, 1, 3, 4])
        return g.node("Reshape", [x, g.const(np.array([1, c, h, h], np.int64), "shape")])

    x = g.cba("input", 3, 24, 3, 2)
    x = g.node("MaxPool", [x], kernel_shape=[3, 3], strides=[2, 2], pads=[1] * 4)
    cin, h = 24, 56
    for c, n in [(116, 4), (232, 8), (464, 4)]:
        half = c // 2
        for i in range(n):
            if i == 0:
                h //= 2
                a = g.bn(g.conv(x, cin, cin, 3, 2, group=cin), cin)
                a = g.cba(a, cin, half, 1)
                b = g.cba(x, cin, half, 1)
                b = g.bn(g.conv(b, half, half, 3, 2, group=half), half)
                b = g.cba(b, half, half, 1)
            else:
                a, b = g.node("Split", [x, g.const(np.array([half, half], np.int64), "split")],
                              outputs=2, axis=1)
                b = g.cba(b, half, half, 1)
                b = g.bn(g.conv(b, half, half, 3, 1, group=half), half)
                b = g.cba(b, half, half, 1)
            x = shuffle(g.node("Concat", [a, b], axis=1), c, h)
            cin = c
    x = g.cba(x, cin, 1024, 1)
    x = g.node("ReduceMean", [x], axes=[2, 3], keepdims=0)
    y = g.fc(x, 1024, 1000)
    return g.model(*image_io(g, y))


def efficientnet_b0():
    g = Graph("efficientnet_b0", 6)
    # expand ratio, kernel, stride, out, repeats
    cfg = [(1, 3, 1, 16, 1), (6, 3, 2, 24, 2), (6, 5, 2, 40, 2), (6, 3, 2, 80, 3),
           (6, 5, 1, 112, 3), (6, 5, 2, 192, 4), (6, 3, 1, 320, 1)]
    x = g.cba("input", 3, 32, 3, 2, act="swish")
    cin = 32
    for t, k, s, c, n in cfg:
        for i in range(n):
            stride = s if i == 0 else 1
            hidden = cin * t
            y = x
            if t != 1:
                y = g.cba(y, cin, hidden, 1, act="swish")
            y = g.cba(y, hidden, hidden, k, stride, group=hidden, act="swish")
            y = g.se(y, hidden, max(1, cin // 4), gate="sigmoid", inner="swish")
            y = g.bn(g.conv(y, hidden, c, 1), c)
            x = g.node("Add", [x, y]) if stride == 1 and cin == c else y
            cin = c
    x = g.cba(x, cin, 1280, 1, act="swish")
    y = g.head(x, 1280)
    return g.model(*image_io(g, y))


# ---- transformer ------------------------------------------------------------------

def transformer_encoder(layers=2, d=256, heads=8, ff=1024, seq=128, name="transformer_encoder"):
    g = Graph(name, 7)
    dh = d // heads

    def linear(x, cin, cout):
        w = g.rng.normal(0, np.sqrt(1.0 / cin), (cin, cout)).astype(np.float32)
        b = g.rng.normal(0, 0.02, cout).astype(np.float32)
        return g.node("Add", [g.node("MatMul", [x, g.const(w)]), g.const(b, "b")])

    def layer_norm(x):
        # The decomposition exporters emit below opset 17.
        mean = g.node("ReduceMean", [x], axes=[-1])
        xc = g.node("Sub", [x, mean])
        var = g.node("ReduceMean", [g.node("Pow", [xc, g.const(np.float32(2), "two")])], axes=[-1])
        std = g.node("Sqrt", [g.node("Add", [var, g.const(np.float32(1e-5), "eps")])])
        y = g.node("Div", [xc, std])
        y = g.node("Mul", [y, g.const(g.rng.uniform(0.8, 1.2, d).astype(np.float32), "gamma")])
        return g.node("Add", [y, g.const(g.rng.normal(0, 0.05, d).astype(np.float32), "beta")])

    def gelu(x):
        e = g.node("Erf", [g.node("Div", [x, g.const(np.float32(np.sqrt(2.0)), "sqrt2")])])
        e = g.node("Add", [e, g.const(np.float32(1), "one")])
        return g.node("Mul", [g.node("Mul", [x, e]), g.const(np.float32(0.5), "half")])

    def heads_split(x):
        x = g.node("Reshape", [x, g.const(np.array([1, seq, heads, dh], np.int64), "shape")])
        return g.node("Transpose", [x], perm=[0, 2, 1, 3])

    x = "input"
    for _ in range(layers):
        q, k, v = (heads_split(linear(x, d, d)) for _ in range(3))
        s = g.node("MatMul", [q, g.node("Transpose", [k], perm=[0, 1, 3, 2])])
        s = g.node("Div", [s, g.const(np.float32(np.sqrt(dh)), "scale")])
        s = g.node("Add", [s, "mask"])
        p = g.node("Softmax", [s], axis=-1)
        o = g.node("Transpose", [g.node("MatMul", [p, v])], perm=[0, 2, 1, 3])
        o = g.node("Reshape", [o, g.const(np.array([1, seq, d], np.int64), "shape")])
        x = layer_norm(g.node("Add", [x, linear(o, d, d)]))
        f = linear(gelu(linear(x, d, ff)), ff, d)
        x = layer_norm(g.node("Add", [x, f]))
    inputs = [helper.make_tensor_value_info("input", TensorProto.FLOAT, [1, seq, d]),
              helper.make_tensor_value_info("mask", TensorProto.FLOAT, [1, 1, 1, seq])]
    outputs = [helper.make_tensor_value_info(x, TensorProto.FLOAT, [1, seq, d])]
    return g.model(inputs, outputs)


def pytorch_mha(layers=2, d=128, heads=4, ff=256, seq=64, batch=1, batch_first=True,
                name="pytorch_mha"):
    """A transformer encoder whose attention is nn.MultiheadAttention as
    torch.onnx.export writes it (torch 2.15, opset 17, need_weights=False):
    one packed in-projection of the sequence-major input, its columns split
    by Reshape [S, B, 3, D], Unsqueeze, Transpose [3, 1, 2, 0, 4], Squeeze
    and three Gathers, each head split as Reshape [S, B H, Dh], Transpose
    [1, 0, 2], Reshape [B, H, S, Dh], the scale as sqrt(1/sqrt(Dh)) on Q and
    on K^T, and the output back through Transpose [2, 0, 1, 3], Reshape
    [S B, D] and a Gemm with transB. (The export computes the shapes with
    Shape, Slice and Concat, which fold to the constants written here.)
    batch_first: the input [B, S, D], transposed in and out as torch does;
    else [S, B, D]. Then residual, LayerNormalization and a relu FFN."""
    g = Graph(name, 17)
    dh = d // heads

    def shape(*dims):
        return g.const(np.array(dims, np.int64), "shape")

    def scalar(i):
        return g.const(np.array(i, np.int64), "index")

    def layer_norm(x):
        return g.node("LayerNormalization",
                      [x, g.const(g.rng.uniform(0.8, 1.2, d).astype(np.float32), "gamma"),
                       g.const(g.rng.normal(0, 0.05, d).astype(np.float32), "beta")],
                      axis=-1, epsilon=1e-5)

    def linear(x, cin, cout):  # nn.Linear on a 3-D input: MatMul + Add
        w = g.rng.normal(0, np.sqrt(1.0 / cin), (cin, cout)).astype(np.float32)
        return g.node("Add", [g.node("MatMul", [x, g.const(w)]),
                              g.const(g.rng.normal(0, 0.02, cout).astype(np.float32), "b")])

    def mha(x):
        xt = g.node("Transpose", [x], perm=[1, 0, 2]) if batch_first else x
        w_in = g.rng.normal(0, np.sqrt(1.0 / d), (d, 3 * d)).astype(np.float32)
        b_in = g.rng.normal(0, 0.02, 3 * d).astype(np.float32)
        p = g.node("Add", [g.const(b_in, "in_proj_bias"), g.node("MatMul", [xt, g.const(w_in)])])
        p = g.node("Reshape", [p, shape(seq, batch, 3, d)])
        p = g.node("Unsqueeze", [p, shape(0)])
        p = g.node("Transpose", [p], perm=[3, 1, 2, 0, 4])
        p = g.node("Squeeze", [p, shape(3)])
        qkv = []
        for i in (0, 1, 2):
            t = g.node("Gather", [p, scalar(i)], axis=0)
            t = g.node("Reshape", [t, shape(seq, batch * heads, dh)])
            t = g.node("Transpose", [t], perm=[1, 0, 2])
            qkv.append(g.node("Reshape", [t, shape(batch, heads, seq, dh)]))
        q, k, v = qkv
        c = g.const(np.array([np.sqrt(1.0 / np.sqrt(dh))], np.float32), "scale")
        q = g.node("Mul", [q, c])
        kt = g.node("Mul", [g.node("Transpose", [k], perm=[0, 1, 3, 2]), c])
        a = g.node("Softmax", [g.node("MatMul", [q, kt])], axis=-1)
        o = g.node("Transpose", [g.node("MatMul", [a, v])], perm=[2, 0, 1, 3])
        o = g.node("Reshape", [o, shape(seq * batch, d)])
        o = g.node("Gemm", [o, g.const(g.rng.normal(0, np.sqrt(1.0 / d), (d, d)).astype(np.float32)),
                            g.const(g.rng.normal(0, 0.02, d).astype(np.float32), "b")],
                   alpha=1.0, beta=1.0, transB=1)
        o = g.node("Reshape", [o, shape(seq, batch, d)])
        return g.node("Transpose", [o], perm=[1, 0, 2]) if batch_first else o

    x = "input"
    for _ in range(layers):
        x = layer_norm(g.node("Add", [x, mha(x)]))
        f = linear(g.relu(linear(x, d, ff)), ff, d)
        x = layer_norm(g.node("Add", [x, f]))
    dims = [batch, seq, d] if batch_first else [seq, batch, d]
    inputs = [helper.make_tensor_value_info("input", TensorProto.FLOAT, dims)]
    outputs = [helper.make_tensor_value_info(x, TensorProto.FLOAT, dims)]
    return g.model(inputs, outputs)


def tiny_pytorch_mha():
    return pytorch_mha(layers=1, d=32, heads=4, ff=64, seq=16, batch=2, batch_first=False,
                       name="tiny_pytorch_mha")


# ---- small synthetic graphs (CI) ----------------------------------------------------

def tiny_cnn():
    g = Graph("tiny_cnn", 11)
    x = g.cba("input", 3, 8, 3, 2, act="relu6")
    y = g.cba(x, 8, 8, 3, 1, group=8, act="hswish")
    y = g.se(y, 8, 4)
    y = g.bn(g.conv(y, 8, 8, 1), 8)
    x = g.relu(g.node("Add", [x, y]))
    x = g.node("AveragePool", [x], kernel_shape=[2, 2], strides=[2, 2])
    x = g.node("Resize", [x, "", g.const(np.array([1, 1, 2, 2], np.float32), "scales")],
               mode="nearest")
    x = g.cba(x, 8, 16, 3, 2, act="swish")
    y = g.head(x, 16, 10)
    y = g.node("Softmax", [y], axis=-1)
    return g.model(*image_io(g, y, size=32, classes=10))


def tiny_mlp():
    g = Graph("tiny_mlp", 12)
    x = g.node("Flatten", ["input"], axis=1)
    x = g.relu(g.fc(x, 3 * 8 * 8, 32))
    x = g.node("Tanh", [g.fc(x, 32, 16)])
    y = g.node("LogSoftmax", [g.fc(x, 16, 10)], axis=1)
    return g.model(*image_io(g, y, size=8, classes=10))


def tiny_transformer():
    return transformer_encoder(layers=1, d=32, heads=4, ff=64, seq=16, name="tiny_transformer")


MODELS = {
    "mobilenet_v2": mobilenet_v2,
    "mobilenet_v3_small": mobilenet_v3_small,
    "resnet18": lambda: resnet(18),
    "resnet50": lambda: resnet(50),
    "squeezenet1_1": squeezenet1_1,
    "shufflenet_v2_x1_0": shufflenet_v2_x1_0,
    "efficientnet_b0": efficientnet_b0,
    "transformer_encoder": transformer_encoder,
    "pytorch_mha": pytorch_mha,
    "tiny_cnn": tiny_cnn,
    "tiny_mlp": tiny_mlp,
    "tiny_transformer": tiny_transformer,
    "tiny_pytorch_mha": tiny_pytorch_mha,
}
SMALL = ["tiny_cnn", "tiny_mlp", "tiny_transformer", "tiny_pytorch_mha"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir", nargs="?")
    ap.add_argument("names", nargs="*")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--small", action="store_true", help="only the CI-sized graphs")
    a = ap.parse_args()
    if a.list:
        print("\n".join(MODELS))
        return 0
    if not a.outdir:
        ap.error("OUTDIR is required")
    names = a.names or (SMALL if a.small else list(MODELS))
    for n in names:
        if n not in MODELS:
            print(f"gen_models.py: unknown model '{n}' (see --list)", file=sys.stderr)
            return 2
    os.makedirs(a.outdir, exist_ok=True)
    for n in names:
        path = os.path.join(a.outdir, n + ".onnx")
        onnx.save(MODELS[n](), path)
        print(f"{path}: {os.path.getsize(path) / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

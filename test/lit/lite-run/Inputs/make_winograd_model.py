"""Writes x86-winograd.test's model into argv[1]: 3 x 3 stride-1
convolutions the x86 kernels run in the Winograd form, seeded random
weights as initializers (so packed at load):

  x [1, 96, 20, 20] -> conv 96 -> 24 (bias, relu)   : a, F(4 x 4), 25 tiles
  a -> conv 24 -> 64 (bias)                        : F(4 x 4), channels off
                                                     the 16-channel blocks
  -> max pool 3 x 3 stride 3 -> p [1, 64, 6, 6]
  p -> conv 64 -> 64 (bias) + p, relu              : y, F(2 x 2) on 36 pixels,
                                                     a fused residual
"""
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper, save

rng = np.random.default_rng(7)


def init(name, shape, scale):
    return numpy_helper.from_array(
        (rng.standard_normal(shape) * scale).astype(np.float32), name)


inits = [init("w0", [24, 96, 3, 3], 0.05), init("b0", [24], 0.1),
         init("w1", [64, 24, 3, 3], 0.1), init("b1", [64], 0.1),
         init("w2", [64, 64, 3, 3], 0.05), init("b2", [64], 0.1)]
conv = dict(kernel_shape=[3, 3], pads=[1, 1, 1, 1])
nodes = [
    helper.make_node("Conv", ["x", "w0", "b0"], ["c0"], name="conv0", **conv),
    helper.make_node("Relu", ["c0"], ["a"], name="relu0"),
    helper.make_node("Conv", ["a", "w1", "b1"], ["c1"], name="conv1", **conv),
    helper.make_node("MaxPool", ["c1"], ["p"], name="pool", kernel_shape=[3, 3],
                     strides=[3, 3]),
    helper.make_node("Conv", ["p", "w2", "b2"], ["c2"], name="conv2", **conv),
    helper.make_node("Add", ["c2", "p"], ["s"], name="add"),
    helper.make_node("Relu", ["s"], ["y"], name="relu2"),
]
F = TensorProto.FLOAT
graph = helper.make_graph(
    nodes, "winograd", [helper.make_tensor_value_info("x", F, [1, 96, 20, 20])],
    [helper.make_tensor_value_info("a", F, [1, 24, 20, 20]),
     helper.make_tensor_value_info("y", F, [1, 64, 6, 6])], inits)
save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]),
     os.path.join(sys.argv[1]))

"""Writes the small ONNX models and tensors of onnx-model.test into argv[1]."""
import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper, save

out = sys.argv[1]


def tensor_file(name, array, tensor_name=""):
    with open(os.path.join(out, name), "wb") as f:
        f.write(numpy_helper.from_array(array, tensor_name).SerializeToString())


# z = relu(x + y) with a symbolic batch dim N.
x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3])
y = helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 3])
z = helper.make_tensor_value_info("z", TensorProto.FLOAT, ["N", 3])
graph = helper.make_graph(
    [helper.make_node("Add", ["x", "y"], ["s"], name="the_add"),
     helper.make_node("Relu", ["s"], ["z"], name="the_relu")],
    "add_relu", [x, y], [z])
save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]),
     os.path.join(out, "add_relu.onnx"))

xv = np.array([[-3, -2, -1], [0, 1, 2]], np.float32)
yv = np.array([[1, 1, 1], [1, 3, 2]], np.float32)
tensor_file("x.pb", xv, "x")
np.save(os.path.join(out, "y.npy"), yv)
zv = np.maximum(xv + yv, 0)
tensor_file("z.pb", zv, "z")
zoff = zv.copy()
zoff[1, 2] += 0.5
tensor_file("z-off.pb", zoff, "z")

# Det has no lite counterpart.
a = helper.make_tensor_value_info("a", TensorProto.FLOAT, [2, 2])
d = helper.make_tensor_value_info("d", TensorProto.FLOAT, [])
graph = helper.make_graph([helper.make_node("Det", ["a"], ["d"], name="det0")],
                          "unsupported", [a], [d])
save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]),
     os.path.join(out, "unsupported.onnx"))

#!/usr/bin/python3
"""Writes a small ONNX model for the importer's lit tests.

    models.py CASE OUT.onnx

CASE names one of the functions below (`python3 models.py list` prints
them). Models are built with the onnx helper API, so they are what ONNX's
own tools write.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT


def vi(name, shape, elem=F):
    return helper.make_tensor_value_info(name, elem, shape)


def model(nodes, inputs, outputs, inits=(), opset=13, ir_version=None):
    g = helper.make_graph(nodes, "g", inputs, outputs, list(inits))
    kw = {"opset_imports": [helper.make_opsetid("", opset)]}
    if ir_version is not None:
        kw["ir_version"] = ir_version
    return helper.make_model(g, **kw)


def arr(values, dtype=np.float32):
    return np.array(values, dtype=dtype)


def init(name, values, dtype=np.float32):
    return numpy_helper.from_array(arr(values, dtype), name)


# ---- basics ------------------------------------------------------------------
def conv_relu():
    """Conv (initializers as weights) -> Relu, symbolic batch."""
    w = np.arange(4 * 3 * 3 * 3, dtype=np.float32).reshape(4, 3, 3, 3) / 100
    nodes = [
        helper.make_node("Conv", ["x", "conv1.weight", "conv1.bias"], ["c"],
                         name="conv1", pads=[1, 1, 1, 1], strides=[1, 1],
                         kernel_shape=[3, 3]),
        helper.make_node("Relu", ["c"], ["y"], name="relu1"),
    ]
    return model(nodes, [vi("x", ["N", 3, 8, 8])], [vi("y", None)],
                 [numpy_helper.from_array(w, "conv1.weight"),
                  init("conv1.bias", [0.5, -0.5, 1, 2])])


def attrs():
    """One attribute of each kind lite takes."""
    nodes = [
        helper.make_node("LeakyRelu", ["x"], ["a"], alpha=0.25),
        helper.make_node("Transpose", ["a"], ["b"], perm=[0, 2, 3, 1]),
        helper.make_node("DepthToSpace", ["b"], ["c"], blocksize=2,
                         mode="CRD"),
        helper.make_node("Flatten", ["c"], ["d"], axis=1),
        helper.make_node("Shape", ["d"], ["s"]),
        helper.make_node("ConstantOfShape", ["s"], ["y"],
                         value=numpy_helper.from_array(arr([7], np.int32))),
    ]
    return model(nodes, [vi("x", [1, 4, 4, 8])], [vi("y", None)])


def dtypes():
    """Inputs of each element type lite has."""
    types = [("f16", TensorProto.FLOAT16), ("bf16", TensorProto.BFLOAT16),
             ("f64", TensorProto.DOUBLE), ("i8", TensorProto.INT8),
             ("u16", TensorProto.UINT16), ("i32", TensorProto.INT32),
             ("u64", TensorProto.UINT64), ("b", TensorProto.BOOL)]
    inputs = [vi(n, [2, "M"], t) for n, t in types]
    nodes = [helper.make_node("Identity", [n], [n + "_out"]) for n, _ in types]
    outputs = [vi(n + "_out", None, t) for n, t in types]
    return model(nodes, inputs, outputs)


def string_input():
    nodes = [helper.make_node("Identity", ["s"], ["y"])]
    return model(nodes, [vi("s", [2], TensorProto.STRING)],
                 [vi("y", None, TensorProto.STRING)])


def optional_inputs():
    """Clip with an absent min (a middle input): lite.none; absent trailing
    inputs are dropped."""
    nodes = [
        helper.make_node("Clip", ["x", "", "hi"], ["a"]),
        helper.make_node("Clip", ["a", "lo", ""], ["y"]),
    ]
    return model(nodes, [vi("x", [3])], [vi("y", None)],
                 [init("hi", 6.0), init("lo", 0.0)])


# ---- initializers --------------------------------------------------------------
def initializers():
    """Large (blob) and small (inline) initializers, names that need
    sanitizing, typed data fields, an unused initializer, and an initializer
    also listed as a graph input."""
    big = numpy_helper.from_array(np.arange(20, dtype=np.float32), "w:0")
    clash = numpy_helper.from_array(np.arange(20, dtype=np.float32) * 2, "w/0")
    typed = helper.make_tensor("typed", TensorProto.FLOAT, [20],
                               [float(i) / 4 for i in range(20)])
    i8 = helper.make_tensor("i8", TensorProto.INT8, [3], [-128, 0, 127])
    unused = numpy_helper.from_array(np.zeros(1000, np.float32), "unused")
    bias = init("bias", [1.5])
    nodes = [
        helper.make_node("Add", ["x", "w:0"], ["a"]),
        helper.make_node("Add", ["a", "w/0"], ["b"]),
        helper.make_node("Mul", ["b", "typed"], ["c"]),
        helper.make_node("Add", ["c", "bias"], ["y"]),
        helper.make_node("Identity", ["i8"], ["z"]),
    ]
    return model(nodes, [vi("x", [20]), vi("bias", [1])],
                 [vi("y", None), vi("z", None, TensorProto.INT8)],
                 [big, clash, typed, i8, unused, bias])


def external_data():
    """An initializer stored in a file next to the model."""
    w = numpy_helper.from_array(np.arange(32, dtype=np.float32), "weight")
    return model([helper.make_node("Add", ["x", "weight"], ["y"])],
                 [vi("x", [32])], [vi("y", None)], [w])


# ---- folding ---------------------------------------------------------------------
def shape_chain():
    """Shape -> Gather -> Unsqueeze -> Concat -> Reshape: folds away when x
    has a static shape."""
    nodes = [
        helper.make_node("Shape", ["x"], ["s"], name="shape"),
        helper.make_node("Constant", [], ["zero"], name="zero",
                         value=numpy_helper.from_array(arr(0, np.int64))),
        helper.make_node("Gather", ["s", "zero"], ["n"], name="gather"),
        helper.make_node("Unsqueeze", ["n", "axes"], ["n1"], name="unsq"),
        helper.make_node("Concat", ["n1", "minus1"], ["shp"], axis=0,
                         name="concat"),
        helper.make_node("Reshape", ["x", "shp"], ["y"], name="reshape"),
    ]
    return model(nodes, [vi("x", ["N", 3, 4])], [vi("y", None)],
                 [init("axes", [0], np.int64), init("minus1", [-1], np.int64)])


def shape_gather_dynamic():
    """Gather of a static dim of a dynamically shaped value: Shape(x)[1]
    is 3 whatever N is."""
    nodes = [
        helper.make_node("Shape", ["x"], ["s"]),
        helper.make_node("Gather", ["s", "one"], ["c"]),
        helper.make_node("Unsqueeze", ["c", "axes"], ["c1"]),
        helper.make_node("Concat", ["minus1", "c1"], ["shp"], axis=0),
        helper.make_node("Reshape", ["x", "shp"], ["y"]),
    ]
    return model(nodes, [vi("x", ["N", 3, 4])], [vi("y", None)],
                 [init("one", 1, np.int64), init("axes", [0], np.int64),
                  init("minus1", [-1], np.int64)])


def const_node():
    """Constant nodes: a large value becomes a blob named after the output,
    the value_* forms become inline constants."""
    nodes = [
        helper.make_node("Constant", [], ["big"], name="cbig",
                         value=numpy_helper.from_array(
                             np.arange(24, dtype=np.float32).reshape(2, 12))),
        helper.make_node("Constant", [], ["f"], value_float=2.5),
        helper.make_node("Constant", [], ["ints"], value_ints=[1, 2, 3]),
        helper.make_node("Mul", ["big", "f"], ["y"], name="mul"),
    ]
    return model(nodes, [], [vi("y", None), vi("ints", None, TensorProto.INT64)])


# ---- attribute-to-input moves of older opsets ----------------------------------
def clip6():
    return model([helper.make_node("Clip", ["x"], ["y"], min=-1.0, max=1.0)],
                 [vi("x", [4])], [vi("y", None)], opset=6)


def clip6_max():
    return model([helper.make_node("Clip", ["x"], ["y"], max=1.0)],
                 [vi("x", [4])], [vi("y", None)], opset=6)


def squeeze11():
    nodes = [helper.make_node("Unsqueeze", ["x"], ["a"], axes=[0, 3]),
             helper.make_node("Squeeze", ["a"], ["y"], axes=[0])]
    return model(nodes, [vi("x", [2, 3])], [vi("y", None)], opset=11)


def split11():
    nodes = [helper.make_node("Split", ["x"], ["a", "b"], axis=1,
                              split=[1, 3])]
    return model(nodes, [vi("x", [2, 4])], [vi("a", None), vi("b", None)],
                 opset=11)


def split18():
    nodes = [helper.make_node("Split", ["x"], ["a", "b", "c"], axis=1,
                              num_outputs=3)]
    return model(nodes, [vi("x", [2, 6])],
                 [vi("a", None), vi("b", None), vi("c", None)], opset=18)


def pad2():
    nodes = [helper.make_node("Pad", ["x"], ["y"], pads=[0, 1, 0, 2],
                              value=1.5, mode="constant")]
    return model(nodes, [vi("x", [2, 3])], [vi("y", None)], opset=2)


def upsample7():
    nodes = [helper.make_node("Upsample", ["x"], ["y"], scales=[1.0, 1.0, 2.0,
                                                                3.0])]
    return model(nodes, [vi("x", [1, 1, 2, 2])], [vi("y", None)], opset=7)


def upsample9():
    nodes = [helper.make_node("Upsample", ["x", "scales"], ["y"],
                              mode="linear")]
    return model(nodes, [vi("x", [1, 1, 2, 2])], [vi("y", None)],
                 [init("scales", [1.0, 1.0, 2.0, 2.0])], opset=9)


def resize10():
    nodes = [helper.make_node("Resize", ["x", "scales"], ["y"],
                              mode="nearest")]
    return model(nodes, [vi("x", [1, 1, 4, 4])], [vi("y", None)],
                 [init("scales", [1.0, 1.0, 0.5, 0.5])], opset=10)


def reduce11():
    nodes = [helper.make_node("ReduceMean", ["x"], ["a"], axes=[1],
                              keepdims=0),
             helper.make_node("ReduceSum", ["a"], ["y"], axes=[0])]
    return model(nodes, [vi("x", [2, 3, 4])], [vi("y", None)], opset=11)


def reduce13():
    """ReduceSum takes axes as an input from 13, ReduceMax only from 18."""
    nodes = [helper.make_node("ReduceSum", ["x", "axes"], ["a"], keepdims=1),
             helper.make_node("ReduceMax", ["a"], ["y"], axes=[2])]
    return model(nodes, [vi("x", [2, 3, 4])], [vi("y", None)],
                 [init("axes", [1], np.int64)], opset=13)


def slice9():
    nodes = [helper.make_node("Slice", ["x"], ["y"], starts=[1, 0],
                              ends=[3, 2], axes=[0, 1])]
    return model(nodes, [vi("x", [4, 4])], [vi("y", None)], opset=9)


def topk9():
    nodes = [helper.make_node("TopK", ["x"], ["v", "i"], k=2, axis=-1)]
    return model(nodes, [vi("x", [3, 5])],
                 [vi("v", None), vi("i", None, TensorProto.INT64)], opset=9)


def dropout10():
    nodes = [helper.make_node("Dropout", ["x"], ["y"], ratio=0.3)]
    return model(nodes, [vi("x", [4])], [vi("y", None)], opset=10)


def softmax11():
    """Softmax before 13 coerces to 2-D at axis: on the last axis that is
    the same op; elsewhere flatten -> softmax -> reshape."""
    nodes = [helper.make_node("Softmax", ["x"], ["a"], axis=2, name="last"),
             helper.make_node("LogSoftmax", ["a"], ["y"], axis=1,
                              name="middle")]
    return model(nodes, [vi("x", [2, 3, 4])], [vi("y", None)], opset=11)


def softmax11_dynamic():
    nodes = [helper.make_node("Hardmax", ["x"], ["y"], name="hm")]
    return model(nodes, [vi("x", ["N", 3, 4])], [vi("y", None)], opset=11)


def softmax13():
    nodes = [helper.make_node("Softmax", ["x"], ["y"], axis=1)]
    return model(nodes, [vi("x", [2, 3, 4])], [vi("y", None)], opset=13)


def batchnorm7():
    c = 3
    inits = [init("scale", [1] * c), init("b", [0] * c), init("mean", [0] * c),
             init("var", [1] * c)]
    nodes = [helper.make_node("BatchNormalization",
                              ["x", "scale", "b", "mean", "var"], ["y"],
                              epsilon=1e-3, spatial=1)]
    return model(nodes, [vi("x", [1, c, 2, 2])], [vi("y", None)], inits,
                 opset=7)


def batchnorm_stats():
    """A used running-mean output: lite.batch_norm has one result."""
    c = 3
    inits = [init("scale", [1] * c), init("b", [0] * c), init("mean", [0] * c),
             init("var", [1] * c)]
    nodes = [helper.make_node("BatchNormalization",
                              ["x", "scale", "b", "mean", "var"],
                              ["y", "running_mean", "running_var"],
                              training_mode=0, name="bn")]
    return model(nodes, [vi("x", [1, c, 2, 2])],
                 [vi("y", None), vi("running_mean", None)], inits, opset=15)


def cast_ops():
    nodes = [helper.make_node("Cast", ["x"], ["a"], to=TensorProto.INT32),
             helper.make_node("CastLike", ["a", "like"], ["y"])]
    return model(nodes, [vi("x", [3]), vi("like", [1], TensorProto.FLOAT16)],
                 [vi("y", None, TensorProto.FLOAT16)], opset=15)


def pools():
    nodes = [
        helper.make_node("MaxPool", ["x"], ["a"], kernel_shape=[2, 2],
                         strides=[2, 2]),
        helper.make_node("AveragePool", ["a"], ["b"], kernel_shape=[2, 2],
                         count_include_pad=1, pads=[1, 1, 1, 1]),
        helper.make_node("LpPool", ["b"], ["c"], kernel_shape=[1, 1], p=3),
        helper.make_node("GlobalAveragePool", ["c"], ["d"]),
        helper.make_node("GlobalMaxPool", ["d"], ["y"]),
    ]
    return model(nodes, [vi("x", [1, 2, 8, 8])], [vi("y", None)])


def renames():
    """ONNX ops whose lite op has another name."""
    nodes = [
        helper.make_node("Gemm", ["x", "w"], ["a"], transB=1, alpha=2.0),
        helper.make_node("MatMul", ["a", "w"], ["b"]),
        helper.make_node("Scatter", ["b", "idx", "upd"], ["y"], axis=1),
    ]
    return model(nodes, [vi("x", [2, 2])], [vi("y", None)],
                 [init("w", [[1, 0], [0, 1]]),
                  init("idx", [[1, 0]], np.int64), init("upd", [[5, 6]])],
                 opset=9)


def legacy_broadcast():
    """Opset 6 Add with broadcast=1 along axis 1, and a per-channel PRelu
    slope."""
    nodes = [helper.make_node("Add", ["x", "b"], ["a"], broadcast=1, axis=1),
             helper.make_node("PRelu", ["a", "slope"], ["y"])]
    return model(nodes, [vi("x", [2, 3, 4, 5]), vi("b", [3])],
                 [vi("y", None)], [init("slope", [0.1, 0.2, 0.3])], opset=6)


# ---- unsupported ----------------------------------------------------------------------
def unsupported_ops():
    nodes = [
        helper.make_node("Relu", ["x"], ["a"], name="ok"),
        helper.make_node("NonMaxSuppression", ["a", "a"], ["b"], name="nms"),
        helper.make_node("Det", ["a"], ["c"]),
        helper.make_node("FancyOp", ["c"], ["y"], domain="com.example",
                         name="fancy"),
    ]
    m = model(nodes, [vi("x", [2, 2])], [vi("y", None)])
    m.opset_import.append(helper.make_opsetid("com.example", 1))
    return m


def unsupported_attr():
    nodes = [helper.make_node("Relu", ["x"], ["y"], name="r", flavour=3)]
    return model(nodes, [vi("x", [2])], [vi("y", None)])


def invalid_op():
    """Shapes that do not broadcast: an error at the node."""
    nodes = [helper.make_node("Add", ["x", "z"], ["y"], name="bad_add")]
    return model(nodes, [vi("x", [2, 3]), vi("z", [4])], [vi("y", None)])


def undefined_input():
    nodes = [helper.make_node("Relu", ["nowhere"], ["y"], name="r")]
    return model(nodes, [vi("x", [2])], [vi("y", None)])


CASES = {name: fn for name, fn in globals().items()
         if callable(fn) and fn.__module__ == "__main__"
         and name not in ("vi", "model", "arr", "init", "main")}


def main(argv):
    if len(argv) == 2 and argv[1] == "list":
        print("\n".join(sorted(CASES)))
        return 0
    if len(argv) != 3 or argv[1] not in CASES:
        sys.stderr.write(__doc__)
        return 2
    m = CASES[argv[1]]()
    out = argv[2]
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    if argv[1] == "external_data":
        onnx.save_model(m, out, save_as_external_data=True,
                        all_tensors_to_one_file=True, location="model.weights",
                        size_threshold=0)
    else:
        onnx.save(m, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/python3
"""Writes broken ONNX files for the importer's error tests.

    corrupt.py CASE OUT

  truncated   a valid model cut in the middle of its graph
  garbage     bytes that are no protobuf (a field tag of wire type 7)
  empty       a zero-byte file
  hugelen     a length-delimited field claiming more bytes than the file has
  wirewrong   ModelProto.graph (a message) written as a varint
  rawsize     an initializer whose raw_data is shorter than its dims say
"""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def valid_model():
    w = numpy_helper.from_array(np.arange(64, dtype=np.float32), "w")
    g = helper.make_graph(
        [helper.make_node("Add", ["x", "w"], ["y"], name="add")], "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [64])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [64])], [w])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    case, out = argv[1], argv[2]
    if case == "truncated":
        data = valid_model().SerializeToString()
        data = data[: len(data) * 2 // 3]
    elif case == "garbage":
        data = b"\x0f\x01\x02\x03this is not a model"
    elif case == "empty":
        data = b""
    elif case == "hugelen":
        data = b"\x3a\xff\xff\xff\xff\x0f" + b"\x00" * 10
    elif case == "wirewrong":
        data = b"\x08\x07\x38\x05"
    elif case == "rawsize":
        m = valid_model()
        m.graph.initializer[0].raw_data = m.graph.initializer[0].raw_data[:100]
        data = m.SerializeToString()
    else:
        sys.stderr.write(__doc__)
        return 2
    with open(out, "wb") as f:
        f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Generates the ONNX importer's schema header from the system's onnx.proto.

    gen_onnx_schema.py ONNX_PROTO OUT_HEADER

The importer decodes protobuf itself (see docs/onnx-import.md); the field
numbers and wire types it relies on come from here, so they are those of the
onnx.proto installed on the build machine, never a copy kept in the tree.
The header holds X-macros:

  LT_ONNX_FIELDS_<Msg>(X)  X(Msg, field, number, WIRE, LABEL)
      WIRE: VARINT, I64, LEN, I32 (protobuf wire types); LABEL: ONE or
      REPEATED (packed or not: a decoder accepts both forms)
  LT_ONNX_ENUM_<Enum>(X)   X(Enum, NAME, value)

Nested messages and enums are named Outer_Inner (TypeProto_Tensor). Only
the messages and enums listed in WANTED_* are emitted. Python 3 stdlib only.
"""
import os
import re
import sys

WANTED_MESSAGES = [
    "ModelProto", "GraphProto", "NodeProto", "AttributeProto", "TensorProto",
    "ValueInfoProto", "TypeProto", "TypeProto.Tensor", "TensorShapeProto",
    "TensorShapeProto.Dimension", "OperatorSetIdProto",
    "StringStringEntryProto",
]
WANTED_ENUMS = [
    "TensorProto.DataType", "AttributeProto.AttributeType",
    "TensorProto.DataLocation",
]

SCALAR_WIRE = {
    "int32": "VARINT", "int64": "VARINT", "uint32": "VARINT",
    "uint64": "VARINT", "sint32": "VARINT", "sint64": "VARINT",
    "bool": "VARINT", "float": "I32", "fixed32": "I32", "sfixed32": "I32",
    "double": "I64", "fixed64": "I64", "sfixed64": "I64",
    "string": "LEN", "bytes": "LEN",
}

TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_.]*|-?0[xX][0-9a-fA-F]+|-?\d+|\S')


class ProtoError(Exception):
    pass


def tokenize(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return TOKEN.findall(text)


class Parser:
    def __init__(self, tokens):
        self.toks = tokens
        self.i = 0
        self.messages = {}  # full name -> list of (name, number, type, label)
        self.enums = {}     # full name -> list of (name, value)

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, expect=None):
        tok = self.peek()
        if tok is None:
            raise ProtoError("unexpected end of file")
        if expect is not None and tok != expect:
            raise ProtoError("expected '%s', got '%s'" % (expect, tok))
        self.i += 1
        return tok

    def skip_statement(self):
        depth = 0
        while True:
            tok = self.take()
            if tok == "{":
                depth += 1
            elif tok == "}":
                depth -= 1
                if depth == 0:
                    return
            elif tok == ";" and depth == 0:
                return

    def parse_file(self):
        while self.peek() is not None:
            tok = self.peek()
            if tok == "message":
                self.parse_message("")
            elif tok == "enum":
                self.parse_enum("")
            else:
                self.skip_statement()

    def parse_enum(self, prefix):
        self.take("enum")
        name = prefix + self.take()
        self.take("{")
        values = []
        while self.peek() != "}":
            tok = self.take()
            if tok in ("option", "reserved"):
                self.i -= 1
                self.skip_statement()
                continue
            if tok == ";":
                continue
            self.take("=")
            values.append((tok, int(self.take(), 0)))
            if self.peek() == "[":
                while self.take() != "]":
                    pass
            self.take(";")
        self.take("}")
        self.enums[name] = values

    def parse_message(self, prefix):
        self.take("message")
        name = prefix + self.take()
        self.take("{")
        fields = []
        self.parse_body(name, fields, in_oneof=False)
        self.take("}")
        self.messages[name] = fields

    def parse_body(self, name, fields, in_oneof):
        while self.peek() != "}":
            tok = self.peek()
            if tok == "message":
                self.parse_message(name + ".")
            elif tok == "enum":
                self.parse_enum(name + ".")
            elif tok == "oneof":
                self.take()
                self.take()
                self.take("{")
                self.parse_body(name, fields, in_oneof=True)
                self.take("}")
            elif tok in ("reserved", "option", "extensions", "extend"):
                self.skip_statement()
            elif tok == ";":
                self.take()
            else:
                label = "optional"
                if tok in ("optional", "required", "repeated"):
                    label = self.take()
                ftype = self.take()
                if ftype == "map":
                    raise ProtoError("map fields are not supported (%s)" % name)
                fname = self.take()
                self.take("=")
                number = int(self.take(), 0)
                if self.peek() == "[":
                    while self.take() != "]":
                        pass
                self.take(";")
                fields.append((fname, number, ftype, label))


def resolve_wire(parser, scope, ftype):
    if ftype in SCALAR_WIRE:
        return SCALAR_WIRE[ftype]
    # Name resolution as protoc does: innermost scope outwards.
    parts = scope.split(".")
    for k in range(len(parts), -1, -1):
        cand = ".".join(parts[:k] + [ftype]) if k else ftype
        cand = cand.lstrip(".")
        if cand in parser.enums:
            return "VARINT"
        if cand in parser.messages:
            return "LEN"
    if ftype.split(".")[-1] in [e.split(".")[-1] for e in parser.enums]:
        return "VARINT"
    return "LEN"


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    proto, out = argv[1], argv[2]
    if not os.path.isfile(proto):
        sys.stderr.write(
            "error: onnx.proto not found at '%s'.\n"
            "The ONNX importer takes its schema from the system's onnx.proto:\n"
            "install python3-onnx (Debian: /usr/lib/python3/dist-packages/onnx/"
            "onnx.proto) or libonnx-dev (/usr/include/onnx/onnx.proto), or\n"
            "configure with -DLITE_ONNX_PROTO=/path/to/onnx.proto.\n" % proto)
        return 1
    try:
        with open(proto, encoding="utf-8") as f:
            source = f.read()
        parser = Parser(tokenize(source))
        parser.parse_file()
    except (OSError, ProtoError, ValueError) as e:
        sys.stderr.write("error: cannot parse %s: %s\n" % (proto, e))
        return 1
    if not re.search(r"\bpackage\s+onnx\w*\s*;", source):
        sys.stderr.write("error: %s does not declare package onnx\n" % proto)
        return 1

    lines = [
        "/* onnx_schema.h - generated by frontends/onnx/gen_onnx_schema.py from",
        " * %s; do not edit. */" % proto,
        "#ifndef LITE_FRONTENDS_ONNX_SCHEMA_H",
        "#define LITE_FRONTENDS_ONNX_SCHEMA_H",
        "",
        '#define LT_ONNX_PROTO_PATH "%s"' % proto.replace("\\", "\\\\").replace('"', '\\"'),
        "",
    ]
    for msg in WANTED_MESSAGES:
        if msg not in parser.messages:
            sys.stderr.write("error: %s has no message %s\n" % (proto, msg))
            return 1
        cname = msg.replace(".", "_")
        lines.append("#define LT_ONNX_FIELDS_%s(X) \\" % cname)
        for fname, number, ftype, label in parser.messages[msg]:
            wire = resolve_wire(parser, msg, ftype)
            lab = "REPEATED" if label == "repeated" else "ONE"
            lines.append("  X(%s, %s, %d, %s, %s) \\" % (cname, fname, number, wire, lab))
        lines.append("  /* end */")
        lines.append("")
    lines.append("#define LT_ONNX_MESSAGES(X) \\")
    for msg in WANTED_MESSAGES:
        lines.append("  X(%s) \\" % msg.replace(".", "_"))
    lines.append("  /* end */")
    lines.append("")
    for enum in WANTED_ENUMS:
        if enum not in parser.enums:
            sys.stderr.write("error: %s has no enum %s\n" % (proto, enum))
            return 1
        cname = enum.replace(".", "_")
        lines.append("#define LT_ONNX_ENUM_%s(X) \\" % cname)
        for name, value in parser.enums[enum]:
            lines.append("  X(%s, %s, %d) \\" % (cname, name, value))
        lines.append("  /* end */")
        lines.append("")
    lines.append("#endif /* LITE_FRONTENDS_ONNX_SCHEMA_H */")
    text = "\n".join(lines) + "\n"
    # Rewrite only on change, so an unchanged schema rebuilds nothing.
    try:
        with open(out, encoding="utf-8") as f:
            if f.read() == text:
                return 0
    except OSError:
        pass
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Writes docs/lite-ops.md, the reference table of the lite dialect's ops,
from dialects/lite/ops.def (the single source of truth).

  gen_op_docs.py [OUT]      (default: print to stdout)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KINDS = {"i": "int", "f": "float", "s": "string", "I": "ints", "F": "floats",
         "S": "strings", "t": "tensor", "T": "type",
         "y": "symbol"}


def rows(text):
    macros = dict(re.findall(r'#define (LITE_\w+_ATTRS) ((?:"[^"]*"\s*(?:\\\n\s*)?)+)', text))
    macros = {k: "".join(re.findall(r'"([^"]*)"', v)) for k, v in macros.items()}
    section = ""
    for line in re.finditer(r"^/\* ---- (.*?) -+ \*/|^LITE_OP\((.*?)\)\n", text, re.S | re.M):
        if line.group(1):
            section = line.group(1).strip()
            continue
        body = line.group(2)
        parts = [p.strip() for p in re.split(r",(?![^\"]*\"(?:[^\"]*\"[^\"]*\")*[^\"]*$)", body, maxsplit=7)]
        ident, name, min_in, max_in, min_out, max_out, traits, attrs = parts
        attr_text = ""
        for piece in re.findall(r'"([^"]*)"|(LITE_\w+_ATTRS)', attrs):
            attr_text += piece[0] or macros.get(piece[1], "")
        yield section, name.strip('"'), (min_in, max_in), (min_out, max_out), attr_text


def arity(lo, hi):
    return lo if lo == hi else (f"{lo}+" if hi == "-1" else f"{lo}-{hi}")


def render(text):
    out = ["# lite dialect ops", "",
           "Generated from `dialects/lite/ops.def` by `scripts/gen_op_docs.py`; do not edit.",
           "Semantics are ONNX's (latest opset form) on logical NCHW tensors; attribute",
           "names are ONNX's. `?` marks an optional attribute."]
    section = None
    for sec, name, ins, outs, attrs in rows(text):
        if sec != section:
            section = sec
            out += ["", f"## {sec}", "", "| op | operands | results | attributes |",
                    "|---|---|---|---|"]
        alist = []
        for a in filter(None, attrs.split(",")):
            n, k = a.split(":")
            alist.append(f"{n}: {KINDS[k[0]]}{'?' if k.endswith('?') else ''}")
        out.append(f"| `lite.{name}` | {arity(*ins)} | {arity(*outs)} | "
                   f"{', '.join(alist) or '-'} |")
    return "\n".join(out) + "\n"


def main():
    with open(os.path.join(ROOT, "dialects/lite/ops.def")) as f:
        doc = render(f.read())
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as f:
            f.write(doc)
    else:
        sys.stdout.write(doc)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Fails when a source file includes a layer above its own.

    scripts/check_layers.py [--root DIR] [--table FILE]

The layers and what each may include are the table in cmake/layers.txt, the
one the build reads to give every target its include path. The build already
refuses most upward includes; this finds the rest: relative paths
("../ir/context.h"), branches of #if a configuration leaves out, files no
target compiles. It also checks the table: every layer it names has a row,
and a layer may use all that the layers it uses may (their headers include
those). Prints each violation as FILE:LINE and exits 1; exits 2 on a bad
table. Python 3 standard library only.
"""

import argparse
import os
import re
import sys

SOURCE_SUFFIXES = (".c", ".h", ".inc", ".def", ".cc", ".cpp", ".hpp")
INCLUDE = re.compile(r'^\s*#\s*include\s*(?:"([^"]+)"|<([^>]+)>)')


# The layers that may include LLVM's C API (codegen/llvm and what sits above
# it); the runtime, the HAL, the kernels and the IR stay free of it.
LLVM_LAYERS = {"codegen", "tools", "test"}


class TableError(Exception):
    pass


def read_table(path):
    """Returns {layer: set of the layers it may include besides itself}, in
    file order, after checking the table is complete and closed."""
    uses = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            m = re.fullmatch(r"([a-z][a-z0-9_]*):(.*)", line)
            if not m:
                raise TableError("%s:%d: '%s' is not 'layer: layers it uses'"
                                 % (path, number, line))
            name = m.group(1)
            if name in uses:
                raise TableError("%s:%d: layer %s has a second row"
                                 % (path, number, name))
            uses[name] = set(m.group(2).split()) - {name}
    for name, used in uses.items():
        for other in sorted(used):
            if other not in uses:
                raise TableError("%s: %s uses %s, which has no row"
                                 % (path, name, other))
            missing = uses[other] - used - {name}
            if missing:
                raise TableError(
                    "%s: %s uses %s but not %s, which %s uses (its headers "
                    "would not be found)"
                    % (path, name, other, ", ".join(sorted(missing)), other))
    return uses


def layer_of(rel):
    """The top-level directory of a root-relative path."""
    return rel.split("/", 1)[0]


def resolve(root, source_dir, spelled, quoted, layers):
    """The root-relative path an include names, as the compiler finds it
    (the including file's directory first, for quoted includes), or None
    for one outside the tree's layers (system and generated headers)."""
    candidates = []
    if quoted:
        candidates.append(os.path.join(source_dir, spelled))
    candidates.append(os.path.join(root, spelled))
    for path in candidates:
        if os.path.isfile(path):
            return os.path.relpath(os.path.normpath(path), root)
    # Not in the tree: generated at build time or a system header. A
    # root-relative spelling still says which layer it belongs to.
    if "/" in spelled and layer_of(os.path.normpath(spelled)) in layers:
        return os.path.normpath(spelled)
    return None


def describe(layer, uses):
    allowed = [layer] + [name for name in uses if name in uses[layer]]
    return ", ".join(name + "/" for name in allowed)


def check(root, table_path):
    uses = read_table(table_path)
    table_rel = os.path.relpath(table_path, root)
    violations = []
    files = includes = 0
    for layer in uses:
        top = os.path.join(root, layer)
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames.sort()
            for filename in sorted(filenames):
                if not filename.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(dirpath, filename)
                rel = os.path.relpath(path, root)
                files += 1
                with open(path, encoding="utf-8", errors="replace") as f:
                    lines = f.readlines()
                for number, line in enumerate(lines, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    quoted = m.group(1) is not None
                    spelled = m.group(1) if quoted else m.group(2)
                    if spelled.startswith("llvm-c/") and layer not in LLVM_LAYERS:
                        violations.append(
                            "%s:%d: #include <%s>: only %s may use LLVM "
                            "(the runtime never links it)"
                            % (rel, number, spelled, ", ".join(
                                name + "/" for name in sorted(LLVM_LAYERS))))
                        continue
                    if not quoted and layer_of(spelled) not in uses:
                        continue  # <stdio.h> and the like
                    target = resolve(root, dirpath, spelled, quoted, uses)
                    if target is None:
                        continue
                    includes += 1
                    shown = ('"%s"' if quoted else "<%s>") % spelled
                    if target.startswith(".."):
                        violations.append("%s:%d: #include %s: reaches "
                                          "outside the source tree"
                                          % (rel, number, shown))
                        continue
                    to = layer_of(target)
                    if to == layer or to in uses[layer]:
                        continue
                    if to not in uses:
                        why = "%s/ is in no layer of %s" % (to, table_rel)
                    else:
                        why = "%s/ may include only %s (%s)" % (
                            layer, describe(layer, uses), table_rel)
                    violations.append("%s:%d: #include %s: %s"
                                      % (rel, number, shown, why))
    return files, includes, violations


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.dirname(here),
                        help="the source tree (default: this script's repository)")
    parser.add_argument("--table", help="the layer table "
                        "(default: ROOT/cmake/layers.txt)")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    table = args.table or os.path.join(root, "cmake", "layers.txt")
    try:
        files, includes, violations = check(root, table)
    except (TableError, OSError) as e:
        print("check_layers: %s" % e, file=sys.stderr)
        return 2
    for v in violations:
        print(v, file=sys.stderr)
    if violations:
        print("check_layers: %d upward include%s (%d files scanned)"
              % (len(violations), "" if len(violations) == 1 else "s", files),
              file=sys.stderr)
        return 1
    print("check_layers: %d includes in %d files, none upward" % (includes, files))
    return 0


if __name__ == "__main__":
    sys.exit(main())

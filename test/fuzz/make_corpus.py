#!/usr/bin/env python3
"""Makes the parser fuzzer's seed corpus from the lit tests.

    make_corpus.py LIT_DIR OUT_DIR

Each .mlir file under LIT_DIR is split on `// -----` lines (as lite-opt
--split-input-file does) and each chunk becomes one file in OUT_DIR, named
after its source path and chunk number. OUT_DIR is emptied first so a removed
test leaves no stale seed.
"""
import os
import re
import shutil
import sys

SPLIT = re.compile(r"^// -----.*$", re.MULTILINE)


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    lit_dir, out_dir = argv[1], argv[2]
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    count = 0
    for dirpath, dirnames, filenames in os.walk(lit_dir):
        dirnames.sort()
        for fname in sorted(filenames):
            if not fname.endswith(".mlir"):
                continue
            path = os.path.join(dirpath, fname)
            rel = os.path.relpath(path, lit_dir).replace(os.sep, "_")
            with open(path, "rb") as f:
                text = f.read().decode("utf-8", errors="replace")
            for i, chunk in enumerate(SPLIT.split(text)):
                if not chunk.strip():
                    continue
                out = os.path.join(out_dir, "%s.%d" % (rel, i))
                with open(out, "w", encoding="utf-8") as f:
                    f.write(chunk)
                count += 1
    print("make_corpus: %d seeds in %s" % (count, out_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""Edits lite-autotune's cache entries (compiler/autotune.h) by op name.

  autotune_seed.py DIR OP fastest KIND   KIND's time 0.001 ms, the others 1 ms
  autotune_seed.py DIR OP truncate       drops the entry's last line (`end`)
  autotune_seed.py DIR OP garbage        replaces the entry by other bytes

OP is the lite op's name without `lite.`; every entry of that op changes,
and at least one must exist.
"""
import glob
import os
import sys

directory, op, action = sys.argv[1:4]
paths = []
for path in sorted(glob.glob(os.path.join(directory, "*.tune"))):
    with open(path) as f:
        lines = f.read().split("\n")
    if len(lines) > 2 and lines[2].startswith('op "lite.%s"' % op):
        paths.append((path, lines))
if not paths:
    sys.exit("no cache entry for lite.%s in %s" % (op, directory))
for path, lines in paths:
    if action == "fastest":
        kind = sys.argv[4]
        for i, line in enumerate(lines):
            words = line.split(" ")
            if len(words) == 3 and words[1].startswith(words[0] + "_"):
                words[2] = "0.001" if words[0] == kind else "1"
                lines[i] = " ".join(words)
        text = "\n".join(lines)
    elif action == "truncate":
        text = "\n".join(lines).rstrip("\n").rsplit("\n", 1)[0] + "\n"
    else:
        text = "not an entry\x00\xff"
    with open(path, "w") as f:
        f.write(text)

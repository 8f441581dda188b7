"""Writes a module holding one constant of N bytes as a dense_resource blob
(N from argv[2], default 2 MiB) to argv[1]: what a real model's weights look
like in lite-opt's input."""
import sys

n = int(sys.argv[2]) if len(sys.argv) > 2 else 2 << 20
with open(sys.argv[1], "w") as f:
    f.write(
        "func.func @f() -> tensor<%dxi8> {\n"
        "  %%0 = arith.constant dense_resource<weights> : tensor<%dxi8>\n"
        "  return %%0 : tensor<%dxi8>\n"
        "}\n"
        "{-#\n  dialect_resources: {\n    builtin: {\n"
        '      weights: "0x01000000%s"\n'
        "    }\n  }\n#-}\n" % (n, n, n, "AB" * n)
    )

#!/usr/bin/python3
"""Differential check of our codegen against upstream MLIR 16 on lowered kernels.

For each `// -----` chunk of a lite module, this script runs `lite-opt
--lite-lower-to-loops` on it and, for every kernel of `module @lite_kernels`,
fills its inputs with seeded random numbers, runs the kernel through OUR
code generator (lite-kernel-run: codegen/llvm's JIT, the kernel's ABI entry
point) and then writes a driver module (upstream_check.py's): the kernels,
the same inputs and our outputs as `memref.global` constants, and a `@main`
that calls the kernel and returns the largest normalized error
|upstream - ours| / (atol + rtol * |ours|). mlir-opt-16 lowers it to the
LLVM dialect and mlir-cpu-runner-16 runs it; a kernel passes when the error
is at most 1 (NaN fails).

    jit_check.py INPUT.mlir [--lite-opt PATH] [--kernel-run PATH]
                 [--pass-option OPTS] [--rtol R] [--atol A] [--seed N]

Prints one line per kernel (`PASS @f jit_add_relu_5df5cce0: 1 outputs, 640
elements, max error 0.02`) and exits 1 when any kernel fails. The default
tolerance (rtol 1e-5, atol 1e-6) is float32 rounding: our exp, tanh and
erf are inline polynomials, upstream's come from libm or its own
approximations.
"""
import argparse
import os
import re
import shutil
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import upstream_check as uc  # noqa: E402

KERNEL_RE = re.compile(
    r"func\.func @(jit_\w+)\((.*?)\) attributes \{lite\.kernel = "
    r"\{num_inputs = (\d+) : i64\}\}")


def driver(kernels, name, shapes, num_inputs, inputs, ours, rtol, atol):
    globs, body, args = [], [], []
    for i, (shape, value) in enumerate(zip(shapes[:num_inputs], inputs)):
        globs.append('  memref.global "private" constant @in%d : %s = %s' %
                     (i, uc.memref(shape), uc.hex_dense(value)))
        body.append("    %%in%d = memref.get_global @in%d : %s" %
                    (i, i, uc.memref(shape)))
        args.append("%%in%d" % i)
    for j, shape in enumerate(shapes[num_inputs:]):
        body.append("    %%out%d = memref.alloc() : %s" % (j, uc.memref(shape)))
        args.append("%%out%d" % j)
    body.append("    call @%s(%s) : (%s) -> ()" %
                (name, ", ".join(args), ", ".join(uc.memref(s) for s in shapes)))
    body += ["    %c0 = arith.constant 0 : index",
             "    %c1 = arith.constant 1 : index",
             "    %%rtol = arith.constant %e : f32" % rtol,
             "    %%atol = arith.constant %e : f32" % atol,
             "    %err0 = arith.constant 0.0 : f32"]
    acc = "%err0"
    for j, (shape, value) in enumerate(zip(shapes[num_inputs:], ours)):
        globs.append('  memref.global "private" constant @ours%d : %s = %s' %
                     (j, uc.memref(shape), uc.hex_dense(value)))
        body.append("    %%ours%d = memref.get_global @ours%d : %s" %
                    (j, j, uc.memref(shape)))
        acc = uc.compare_loops(body, "%%out%d" % j, "%%ours%d" % j, shape, acc,
                               j, rtol, atol)
    text = ["module {", kernels] + globs + [
        "  func.func @main() -> f32 {"] + body + [
        "    return %s : f32" % acc, "  }", "}"]
    return "\n".join(text) + "\n"


def check_chunk(chunk, args, rng, tmp, index):
    lowered = uc.run([args.lite_opt, "-", "--lite-lower-to-loops" +
                      ("=" + args.pass_option if args.pass_option else "")],
                     stdin=chunk)
    funcs = uc.parse_funcs(chunk, uc.parse_aliases(chunk))
    fname = funcs[0].name if funcs else "?"
    positive = any(op["name"] in uc.POSITIVE for f in funcs for op in f.ops)
    base = os.path.join(tmp, "%d" % index)
    os.makedirs(base, exist_ok=True)
    with open(os.path.join(base, "lowered.mlir"), "w") as f:
        f.write(lowered)
    kernels = uc.kernel_module(lowered)
    ok = True
    for m in KERNEL_RE.finditer(kernels):
        name, sig, num_inputs = m.group(1), m.group(2), int(m.group(3))
        shapes = [uc.parse_shape(a.split(":", 1)[1].strip())[0]
                  for a in uc.split_top(sig)]
        lo, hi = (0.25, 3.0) if positive else (-3.0, 3.0)
        inputs = [rng.uniform(lo, hi, s).astype(np.float32)
                  for s in shapes[:num_inputs]]
        for i, a in enumerate(inputs):
            a.astype("<f4").tofile(os.path.join(base, "in%d.bin" % i))
        uc.run([args.kernel_run, os.path.join(base, "lowered.mlir"), name,
                base])
        ours = [np.fromfile(os.path.join(base, "out%d.bin" % j),
                            dtype="<f4").reshape(s)
                for j, s in enumerate(shapes[num_inputs:])]
        text = driver(kernels, name, shapes, num_inputs, inputs, ours,
                      args.rtol, args.atol)
        path = os.path.join(base, name + ".mlir")
        with open(path, "w") as f:
            f.write(text)
        llvm = uc.run([args.mlir_opt, path] + uc.LOWER_TO_LLVM)
        with open(path + ".llvm.mlir", "w") as f:
            f.write(llvm)
        out = uc.run([args.mlir_cpu_runner, path + ".llvm.mlir", "-e", "main",
                      "-entry-point-result=f32"])
        err = float(out.strip().split()[-1])
        passed = err <= 1.0
        ok = ok and passed
        print("%s @%s %s: %d outputs, %d elements, max error/tolerance %.3g" %
              ("PASS" if passed else "FAIL", fname, name, len(ours),
               sum(o.size for o in ours), err))
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("input")
    ap.add_argument("--lite-opt", default=shutil.which("lite-opt"))
    ap.add_argument("--kernel-run", default=shutil.which("lite-kernel-run"))
    ap.add_argument("--mlir-opt", default=shutil.which("mlir-opt-16"))
    ap.add_argument("--mlir-cpu-runner",
                    default=shutil.which("mlir-cpu-runner-16"))
    ap.add_argument("--pass-option", default="")
    ap.add_argument("--rtol", type=float, default=1e-5)
    ap.add_argument("--atol", type=float, default=1e-6)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--keep", help="keep the files in this folder")
    args = ap.parse_args()
    for tool in ("lite_opt", "kernel_run", "mlir_opt", "mlir_cpu_runner"):
        if not getattr(args, tool):
            sys.exit("jit_check: no %s found" % tool.replace("_", "-"))
    uc.run_chunks(args, check_chunk, "jit_check")

if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes benchmark modules of a given size in MLIR's generic form.

    gen_ir.py NUM_OPS [-o FILE] [--ops-per-func N] [--seed S]

The module holds functions of about --ops-per-func ops each. Their bodies mix
  * arith constants and integer/float arithmetic on them (work for the folder),
  * pure expressions computed twice (work for CSE),
  * unregistered `bench.*` ops on tensors with attributes of many kinds (work
    for the parser, the uniquer and the printer; no pass may touch them).
Everything is written in the generic form, so lite-opt and upstream
`mlir-opt-16 --allow-unregistered-dialect` read identical text. NUM_OPS counts
every op in the file, the module and functions included.
"""
import argparse
import random
import sys

TENSOR_TYPES = [
    "tensor<1x3x224x224xf32>",
    "tensor<1x64x56x56xf32>",
    "tensor<64x3x7x7xf32>",
    "tensor<?x128xf32>",
    "tensor<1000xf32>",
]
INT_BINOPS = ["arith.addi", "arith.subi", "arith.muli"]
FLOAT_BINOPS = ["arith.addf", "arith.mulf"]


class Func:
    """Emits one function body, tracking values by type."""

    def __init__(self, out, rng, index):
        self.out = out
        self.rng = rng
        self.index = index
        self.next_id = 0
        self.ints = ["%arg0"]
        self.floats = ["%arg1"]
        self.tensors = ["%arg2"]
        self.ops = 0

    def new(self):
        name = "%%v%d" % self.next_id
        self.next_id += 1
        return name

    def emit(self, text):
        self.out.write("    " + text + "\n")
        self.ops += 1

    def constant(self):
        if self.rng.random() < 0.5:
            v = self.new()
            self.emit('%s = "arith.constant"() {value = %d : i32} : () -> i32'
                      % (v, self.rng.randint(-100, 100)))
            self.ints.append(v)
        else:
            v = self.new()
            self.emit('%s = "arith.constant"() {value = %.2f : f32} : () -> f32'
                      % (v, self.rng.randint(-40, 40) / 4.0))
            self.floats.append(v)

    def pick(self, pool):
        # Mostly recent values: keeps chains local, as real models do.
        lo = max(0, len(pool) - 16)
        return pool[self.rng.randrange(lo, len(pool))]

    def arith(self, duplicate):
        if self.rng.random() < 0.6:
            op, pool, ty = self.rng.choice(INT_BINOPS), self.ints, "i32"
        else:
            op, pool, ty = self.rng.choice(FLOAT_BINOPS), self.floats, "f32"
        a, b = self.pick(pool), self.pick(pool)
        text = '"%s"(%s, %s) : (%s, %s) -> %s' % (op, a, b, ty, ty, ty)
        for _ in range(2 if duplicate else 1):
            v = self.new()
            self.emit("%s = %s" % (v, text))
            pool.append(v)

    def unregistered(self):
        src = self.pick(self.tensors)  # all of type tensor<1x3x224x224xf32>
        ty = self.rng.choice(TENSOR_TYPES)
        n = self.rng.randrange(1000)
        v = self.new()
        attrs = ('{alpha = %d.5 : f32, axes = [0, 2, 3], kind = "conv", '
                 'name = "node_%d_%d", pads = array<i64: 1, 1, 1, 1>, '
                 'place = #bench.place<x86, f32, nchw>, scale = dense<2.500000e-01> : tensor<4xf32>}'
                 % (n % 7, self.index, n))
        self.emit('%s = "bench.op%d"(%s) %s : (tensor<1x3x224x224xf32>) -> %s'
                  % (v, n % 8, src, attrs, ty))
        if ty == "tensor<1x3x224x224xf32>":
            self.tensors.append(v)

    def body(self, target_ops):
        while self.ops < target_ops:
            r = self.rng.random()
            if r < 0.25:
                self.constant()
            elif r < 0.55:
                self.arith(duplicate=False)
            elif r < 0.75 and self.ops + 2 <= target_ops:
                self.arith(duplicate=True)
            else:
                self.unregistered()

    def write(self, target_ops):
        """Writes the whole func.func; target_ops includes func and return."""
        fname = "f%d" % self.index
        sig = "(i32, f32, tensor<1x3x224x224xf32>) -> (i32, f32)"
        self.out.write('  "func.func"() ({\n')
        self.out.write("  ^bb0(%arg0: i32, %arg1: f32, "
                       "%arg2: tensor<1x3x224x224xf32>):\n")
        self.body(max(0, target_ops - 2))
        self.emit('"func.return"(%s, %s) : (i32, f32) -> ()'
                  % (self.ints[-1], self.floats[-1]))
        self.out.write('  }) {function_type = %s, sym_name = "%s"} : () -> ()\n'
                       % (sig, fname))
        return self.ops + 1  # the func.func itself


def generate(out, num_ops, ops_per_func, seed):
    rng = random.Random(seed)
    out.write('"builtin.module"() ({\n')
    remaining = num_ops - 1  # the module
    index = 0
    while remaining > 0:
        size = min(ops_per_func, remaining)
        if size < 3:
            break  # too small for a function; the count is off by at most 2
        remaining -= Func(out, rng, index).write(size)
        index += 1
    out.write("}) : () -> ()\n")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("num_ops", type=int, help="total ops in the module")
    ap.add_argument("-o", "--output", default="-", help="output file (- = stdout)")
    ap.add_argument("--ops-per-func", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv[1:])
    if args.output == "-":
        generate(sys.stdout, args.num_ops, args.ops_per_func, args.seed)
    else:
        with open(args.output, "w") as f:
            generate(f, args.num_ops, args.ops_per_func, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

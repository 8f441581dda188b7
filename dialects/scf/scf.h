/* scf.h - a subset of MLIR's scf dialect: scf.for (with iter_args),
 * scf.parallel (with scf.reduce / scf.reduce.return), scf.if and
 * scf.yield, with MLIR 16's verifiers and custom assembly. */
#ifndef LITE_DIALECTS_SCF_SCF_H
#define LITE_DIALECTS_SCF_SCF_H

#include "ir/operation.h"

extern const lt_dialect_t lt_scf_dialect;

/* The operands of the scf.parallel segments, in operand order. */
typedef enum lt_scf_parallel_segment {
  LT_SCF_PAR_LOWER,
  LT_SCF_PAR_UPPER,
  LT_SCF_PAR_STEP,
  LT_SCF_PAR_INIT,
  LT_SCF_PAR_SEGMENTS
} lt_scf_parallel_segment_t;

/* Custom syntax hooks (scf_asm.c), one pair per op:
 *
 *   scf.for %i = %lb to %ub step %s iter_args(%acc = %init) -> (f32) {
 *   scf.parallel (%i, %j) = (%a, %b) to (%c, %d) step (%e, %f)
 *       init (%x) -> f32 {
 *   scf.reduce(%v)  : f32 { ^bb0(%l: f32, %r: f32): ... }
 *   scf.reduce.return %v : f32
 *   scf.if %c -> (f32) { ... } else { ... }
 *   scf.yield %v : f32
 *
 * Bodies without a terminator get the implicit scf.yield, and it is left
 * out of the printed form, as MLIR does. */
#define LT_SCF_ASM_FORMS(X)                                                    \
  X(for)                                                                       \
  X(parallel)                                                                  \
  X(reduce)                                                                    \
  X(reduce_return)                                                             \
  X(if)                                                                        \
  X(yield)

#define X(form)                                                                \
  void lt_scf_print_##form(lt_op_t *op, lt_asm_printer_t *p);                  \
  lt_result_t lt_scf_parse_##form(lt_asm_parser_t *p, lt_op_state_t *state);
LT_SCF_ASM_FORMS(X)
#undef X

#endif /* LITE_DIALECTS_SCF_SCF_H */

/* lite_impl.h - how the lite dialect runs an op, and the helpers its files
 * and the passes share. Every op but lite.constant and lite.none is its
 * two table rows in kernels/: its plan step (kernels/plan_steps.def) and
 * its reference kernel (kernels/registry.def), found by the op's name.
 *
 *   shape inference (the verifier, lt_lite_create) runs the step over the
 *     operands' shapes (constants with their contents) and reports its
 *     failure at the op (lt_lite_plan_init, lt_lite_plan_report);
 *   evaluation (lt_lite_eval: folding, the reference interpreter) runs the
 *     step once over the concrete operands, allocates the results from the
 *     shapes and the workspace from the size it gives, and calls the op's
 *     `ref_<op>__any_nchw` row through lk_kernel_call with the step's
 *     parameter block; a failed call is reported at the op with the
 *     status's message.
 *
 * So an op of a new family needs no code here: its ops.def row, its step
 * and its kernel row (docs/lite-dialect.md, "Adding an op"). */
#ifndef LITE_DIALECTS_LITE_LITE_IMPL_H
#define LITE_DIALECTS_LITE_LITE_IMPL_H

#include "dialects/lite/lite.h"
#include "kernels/plan.h"

/* One call on an op: its id, its attributes and where to report. attrs is
 * the op's attribute dictionary (never NULL). */
typedef struct lt_lite_call {
  lt_context_t *ctx;
  lt_loc_t loc;
  lt_lite_op_id_t id;
  const lt_attr_t *attrs;
  lt_allocator_t allocator; /* temporaries, parameter blocks, results */
} lt_lite_call_t;

/* Shape of one operand or result: the plan steps' (kernels/plan.h). */
typedef lk_shape_t lt_lite_shape_t;

/* ---- diagnostics ----------------------------------------------------------- */
/* Emits "'lite.<op>' op <message>" at c->loc; returns LT_FAILURE. */
lt_result_t lt_lite_error(const lt_lite_call_t *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* ---- plan steps ------------------------------------------------------------ */
/* A reader over c's attribute dictionary, for the plan steps of kernels/;
 * it reads in place (valid as long as *c). */
lk_attrs_t lt_lite_attrs(const lt_lite_call_t *c);
/* Readies *p for a plan step over c's attributes and allocator. */
void lt_lite_plan_init(const lt_lite_call_t *c, lk_plan_t *p);
/* Passes r on; when it failed, first reports p's message at c's op. */
lt_result_t lt_lite_plan_report(const lt_lite_call_t *c, const lk_plan_t *p,
                                lt_result_t r);

/* ---- attributes (ONNX defaults are the caller's `dflt`) ------------------- */
const lt_attr_t *lt_lite_attr(const lt_lite_call_t *c, const char *name);
int64_t lt_lite_attr_int(const lt_lite_call_t *c, const char *name,
                         int64_t dflt);
double lt_lite_attr_float(const lt_lite_call_t *c, const char *name,
                          double dflt);
/* Element count of an ints attribute (values into out[0..cap)), or -1 when
 * absent. */
int32_t lt_lite_attr_ints(const lt_lite_call_t *c, const char *name,
                          int64_t *out, int32_t cap);

#endif /* LITE_DIALECTS_LITE_LITE_IMPL_H */

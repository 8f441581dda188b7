/* lite_impl.h - what an op family of the lite dialect implements, and the
 * helpers it may use. Each family named in ops.def provides
 *
 *   lt_lite_shape_<family>: result dtypes and shapes from the operands'
 *     (shape inference, used by the verifier, by lt_lite_create and by the
 *     evaluator); it checks operands and attributes and reports problems
 *     with lt_lite_error, naming the operand and what was expected;
 *   lt_lite_eval_<family>: computes the results on the reference kernels of
 *     kernels/ref.
 *
 * Both switch on c->id when the family has several ops. A family with a
 * plan step in kernels/plan/ (docs/kernel-abi.md) keeps its rules there and
 * both functions wrap the step (lt_lite_plan_init, lt_lite_plan_report). */
#ifndef LITE_DIALECTS_LITE_LITE_IMPL_H
#define LITE_DIALECTS_LITE_LITE_IMPL_H

#include "dialects/lite/lite.h"
#include "kernels/plan.h"
#include "kernels/ref/activation.h"
#include "kernels/ref/workspace.h"

/* One call of a family function: the op id, its attributes and where to
 * report. attrs is the op's attribute dictionary (never NULL). */
typedef struct lt_lite_call {
  lt_context_t *ctx;
  lt_loc_t loc;
  lt_lite_op_id_t id;
  const lt_attr_t *attrs;
  lt_allocator_t allocator; /* temporaries and dynamically shaped results */
} lt_lite_call_t;

/* Shape of one operand or result: the plan steps' (kernels/plan.h), so
 * shape functions hand theirs to a plan step as they are. */
typedef lk_shape_t lt_lite_shape_t;

/* in[0..num_in): operands (num_in within the op's arity); out[0..num_out):
 * to fill (dtype, rank, dims; leave value NULL). */
typedef lt_result_t (*lt_lite_shape_fn_t)(const lt_lite_call_t *c,
                                          const lt_lite_shape_t *in,
                                          uint32_t num_in,
                                          lt_lite_shape_t *out,
                                          uint32_t num_out);
/* out[i] arrives with dtype, rank and dims from the shape function applied
 * to the concrete inputs and data allocated and zeroed. When the shape
 * function left a dim at -1 (data-dependent shapes, e.g. non_zero), data is
 * NULL: the evaluator sets the dims and calls lt_lite_tensor_alloc with
 * c->allocator. */
typedef lt_result_t (*lt_lite_eval_fn_t)(const lt_lite_call_t *c,
                                         const lk_tensor_t *in,
                                         uint32_t num_in, lk_tensor_t *out,
                                         uint32_t num_out);

#define LITE_OP(id, name, min_in, max_in, min_out, max_out, traits, family,   \
                attrs)                                                         \
  lt_result_t lt_lite_shape_##family(const lt_lite_call_t *c,                 \
                                     const lt_lite_shape_t *in,               \
                                     uint32_t num_in, lt_lite_shape_t *out,   \
                                     uint32_t num_out);                        \
  lt_result_t lt_lite_eval_##family(const lt_lite_call_t *c,                  \
                                    const lk_tensor_t *in, uint32_t num_in,   \
                                    lk_tensor_t *out, uint32_t num_out);
#include "dialects/lite/ops.def"
#undef LITE_OP

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
/* The scratch a kernel takes, p->workspace_size bytes from c's allocator
 * (the step run on the concrete operands); reports running out of memory.
 * An evaluator brackets the kernel call with it and
 * lt_lite_workspace_free. */
lt_result_t lt_lite_workspace_alloc(const lt_lite_call_t *c, const lk_plan_t *p,
                                    lk_workspace_t *out);
void lt_lite_workspace_free(const lt_lite_call_t *c, lk_workspace_t *ws);

/* ---- attributes (ONNX defaults are the caller's `dflt`) ------------------- */
const lt_attr_t *lt_lite_attr(const lt_lite_call_t *c, const char *name);
int64_t lt_lite_attr_int(const lt_lite_call_t *c, const char *name,
                         int64_t dflt);
double lt_lite_attr_float(const lt_lite_call_t *c, const char *name,
                          double dflt);
/* Copies a string attribute into buf (NUL-terminated, truncated to cap-1);
 * dflt when absent. Returns buf. */
const char *lt_lite_attr_str(const lt_lite_call_t *c, const char *name,
                             char *buf, size_t cap, const char *dflt);
/* Element count of an ints/floats attribute (values into out[0..cap)), or
 * -1 when absent. */
int32_t lt_lite_attr_ints(const lt_lite_call_t *c, const char *name,
                          int64_t *out, int32_t cap);
int32_t lt_lite_attr_floats(const lt_lite_call_t *c, const char *name,
                            double *out, int32_t cap);
/* The index in names[0..n) of the string attribute `name` (dflt when
 * absent); otherwise reports "attribute 'name' must be one of a, b, c; got
 * 'x'". */
lt_result_t lt_lite_attr_choice(const lt_lite_call_t *c, const char *name,
                                const char *dflt, const char *const *names,
                                int n, int *out_index);

/* ---- shape helpers ----------------------------------------------------------- */
/* Integer contents of a known 0-D/1-D value (any integer dtype) into
 * out[0..cap); returns the element count. */
int64_t lt_lite_value_ints(const lk_tensor_t *v, int64_t *out, int64_t cap);
/* Normalizes axis into [0, rank) (negative counts from the back); reports
 * "<what> <axis> is out of range for rank <rank>" otherwise. */
lt_result_t lt_lite_axis(const lt_lite_call_t *c, int64_t axis, int32_t rank,
                         const char *what, int32_t *out_axis);
/* numpy broadcasting of n shapes into *out (dtype copied from in[0]);
 * reports the operands that do not broadcast. Unknown dims stay unknown
 * unless the other side fixes them. */
lt_result_t lt_lite_broadcast(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t n,
                              lt_lite_shape_t *out);
/* Checks that operand `index` has a float dtype / the given rank (rank -1:
 * any) and reports "operand #<index> (<name>) ..." otherwise. */
lt_result_t lt_lite_expect_float(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t index,
                                 const char *name);
lt_result_t lt_lite_expect_rank(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t index,
                                const char *name, int32_t rank);
/* Reports "operand #<i> (<name>) is required, got none" unless operand i
 * is present (name may be NULL). */
lt_result_t lt_lite_expect_present(const lt_lite_call_t *c,
                                   const lt_lite_shape_t *in, uint32_t num_in,
                                   uint32_t i, const char *name);
/* The fused activation of `activation`, `activation_alpha` and
 * `activation_beta` (the activation's own defaults when absent); reports an
 * unknown name with the known ones. */
lt_result_t lt_lite_fused_activation(const lt_lite_call_t *c,
                                     lk_activation_t *out_kind,
                                     double *out_alpha, double *out_beta);
/* True when operand i is present (not an absent optional operand). */
static inline bool lt_lite_present(const lt_lite_shape_t *in, uint32_t num_in,
                                   uint32_t i) {
  return lk_shape_present(in, num_in, i);
}
static inline bool lt_lite_tensor_present(const lk_tensor_t *in,
                                          uint32_t num_in, uint32_t i) {
  return i < num_in && in[i].dtype != LK_DTYPE_NONE;
}

/* ---- shape-like operands with an attribute form ----------------------------- */
/* Operands that are usually constant (shapes, axes, pads, scales, clip
 * bounds) may come as an attribute of the operand's name instead (ops.def).
 * *out_count of the readers below: the number of values, or one of these. */
#define LT_LITE_LIST_UNKNOWN (-1) /* the operand is given, contents unknown */
#define LT_LITE_LIST_ABSENT (-2)  /* neither the operand nor the attribute */
/* The values of operand `index`, or else of attribute `name` (an array, or
 * one number), into out[0..cap); the operand's contents are known when it
 * is a constant and during evaluation. An absent operand is a missing
 * trailing one or a `lite.none`. Reports both forms given and more than cap
 * values. Element types and ranks are the caller's to check. */
lt_result_t lt_lite_int_list(const lt_lite_call_t *c,
                             const lt_lite_shape_t *in, uint32_t num_in,
                             uint32_t index, const char *name, int64_t *out,
                             int32_t cap, int32_t *out_count);
lt_result_t lt_lite_float_list(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               uint32_t index, const char *name, double *out,
                               int32_t cap, int32_t *out_count);

#endif /* LITE_DIALECTS_LITE_LITE_IMPL_H */

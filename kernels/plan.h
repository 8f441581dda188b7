/* plan.h - the plan step's vocabulary. A plan step is the IR-free half of
 * an op family: from the op's attributes and its input shapes to the output
 * shapes, the kernel's parameter block and the workspace the kernel needs,
 * or an error message. The compiler's shape inference and evaluation call
 * it with a reader over the op's attribute dictionary; the runtime calls it
 * at load, and again when input shapes change, with a reader over the
 * artifact's attribute table. One shape rule, one place (docs/kernel-abi.md).
 *
 * The steps themselves live in kernels/plan/, one file per family. */
#ifndef LITE_KERNELS_PLAN_H
#define LITE_KERNELS_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/base.h"
#include "kernels/ref/activation.h"
#include "kernels/tensor.h"

/* ---- shapes ----------------------------------------------------------------
 */

/* Shape of one operand or result. rank -1: unknown rank; dims[i] -1: not
 * known until run time. value: the contents when known (a constant operand
 * at compile time; every operand during evaluation), NULL otherwise. An
 * absent optional operand has dtype LK_DTYPE_NONE. */
typedef struct lk_shape {
  lk_dtype_t dtype;
  int32_t rank;
  int64_t dims[LK_MAX_RANK];
  const lk_tensor_t *value;
} lk_shape_t;

/* The shapes of concrete tensors, out[i].value pointing at in[i] (absent
 * operands get rank -1 and no value). */
void lk_shapes_of(const lk_tensor_t *in, uint32_t num_in, lk_shape_t *out);

/* Shape-only tensors (data NULL) of in[0..n) for a kernel's workspace
 * function, the ones past num_in and absent ones with dtype none. False
 * when a present one's rank or a dim is unknown, or its element count
 * passes LK_DATA_MAX_ELEMENTS: its step then leaves the workspace at 0, to
 * be planned once the shapes are (the runtime plans such an op again
 * before it runs it, and checks its results against the artifact). */
bool lk_plan_shape_tensors(const lk_shape_t *in, uint32_t num_in, uint32_t n,
                           lk_tensor_t *out);

/* True when operand i is given (not a missing trailing or absent one). */
static inline bool lk_shape_present(const lk_shape_t *in, uint32_t num_in,
                                    uint32_t i) {
  return i < num_in && in[i].dtype != LK_DTYPE_NONE;
}

/* ---- attribute reader ------------------------------------------------------
 * How a plan step sees the op's attributes, without copying them out of
 * their store: a self pointer and a table of getters. Every getter returns
 * LK_ATTR_ABSENT when there is no attribute of that name, LK_ATTR_WRONG_KIND
 * when there is one the getter cannot read, LK_ATTR_FOUND with the value.
 * Conversions every reader makes, so a step sees the same values whoever
 * stores them:
 *   get_int    integers and booleans; a float converts toward zero; a
 *              type attribute (cast's `to`) gives its lk_dtype_t code
 *              (LK_DTYPE_NONE when it is no tensor element type);
 *   get_float  floats; integers and booleans convert;
 *   get_ints   a list of numbers: *out_count gets its length, out[0..cap)
 *              its first values (floats convert toward zero);
 *   get_floats the same as doubles;
 *   get_str    a string: *out_data (not NUL-terminated, valid as long as
 *              the store) and *out_len;
 *   get_tensor a dense tensor (constant_of_shape's `value`) as a read-only
 *              view: dtype, rank, dims, data pointing into the store
 *              (valid as long as the store; never written through). An
 *              element type that is no lk_dtype_t gives dtype
 *              LK_DTYPE_NONE, for the step to refuse by name. */
typedef enum lk_attr_found {
  LK_ATTR_ABSENT,
  LK_ATTR_FOUND,
  LK_ATTR_WRONG_KIND
} lk_attr_found_t;

typedef struct lk_attrs_vtable {
  lk_attr_found_t (*get_int)(const void *self, const char *name, int64_t *out);
  lk_attr_found_t (*get_float)(const void *self, const char *name, double *out);
  lk_attr_found_t (*get_ints)(const void *self, const char *name, int64_t *out,
                              int32_t cap, int32_t *out_count);
  lk_attr_found_t (*get_floats)(const void *self, const char *name, double *out,
                                int32_t cap, int32_t *out_count);
  lk_attr_found_t (*get_str)(const void *self, const char *name,
                             const char **out_data, size_t *out_len);
  lk_attr_found_t (*get_tensor)(const void *self, const char *name,
                                lk_tensor_t *out);
} lk_attrs_vtable_t;

typedef struct lk_attrs {
  const void *self;
  const lk_attrs_vtable_t *vt;
} lk_attrs_t;

/* Attribute `name` with ONNX's default `dflt` when it is absent or of
 * another kind (the compiler's attribute check refuses wrong kinds first). */
int64_t lk_attr_int(lk_attrs_t a, const char *name, int64_t dflt);
double lk_attr_float(lk_attrs_t a, const char *name, double dflt);
/* Copies a string attribute into buf (NUL-terminated, truncated to cap-1);
 * dflt when absent. Returns buf. */
const char *lk_attr_str(lk_attrs_t a, const char *name, char *buf, size_t cap,
                        const char *dflt);
/* Element count of a list attribute (its first values into out[0..cap)),
 * or -1 when absent or not a list. */
int32_t lk_attr_ints(lk_attrs_t a, const char *name, int64_t *out, int32_t cap);
int32_t lk_attr_floats(lk_attrs_t a, const char *name, double *out,
                       int32_t cap);
/* The view of tensor attribute `name` into *out; false when it is absent
 * or of another kind. */
bool lk_attr_tensor(lk_attrs_t a, const char *name, lk_tensor_t *out);

/* ---- the plan context ------------------------------------------------------
 */

#define LK_PLAN_ERROR_CAP 512

/* One call of a plan step. The caller fills attrs and allocator (with
 * lk_plan_init); the step fills workspace_size and, when it fails, error:
 * the message without the op's name ("attribute 'group' must be >= 1, got
 * 0"), which the compiler reports at the op and the runtime wraps in a
 * status naming the instruction. */
typedef struct lk_plan {
  lk_attrs_t attrs;
  lt_allocator_t allocator; /* for temporaries the step needs */
  size_t workspace_size;    /* bytes of scratch the kernel takes */
  /* Set when a result shape or a parameter depends on the contents of an
   * operand that were not known (lk_plan_value): the caller plans again
   * once they are (the runtime does, before each run of the op). */
  bool values_missing;
  char error[LK_PLAN_ERROR_CAP];
} lk_plan_t;

/* Readies *p for one step over `attrs` (workspace 0, no error). */
void lk_plan_init(lk_plan_t *p, lk_attrs_t attrs, lt_allocator_t allocator);
/* The contents of operand i (NULL when absent or not known; the latter
 * sets p->values_missing). Every read of operand contents goes through
 * it, so a caller knows when the plan is not final. */
const lk_tensor_t *lk_plan_value(lk_plan_t *p, const lk_shape_t *in,
                                 uint32_t num_in, uint32_t i);
/* Formats the step's error into p->error; returns LT_FAILURE. */
lt_result_t lk_plan_fail(lk_plan_t *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The index in names[0..n) of string attribute `name` (dflt when absent);
 * otherwise fails with "attribute 'name' must be one of a, b, c; got 'x'". */
lt_result_t lk_plan_attr_choice(lk_plan_t *p, const char *name,
                                const char *dflt, const char *const *names,
                                int n, int *out_index);
/* The fused activation of `activation`, `activation_alpha` and
 * `activation_beta` (the activation's own defaults when absent); fails on
 * an unknown name, listing the known ones. */
lt_result_t lk_plan_fused_activation(lk_plan_t *p, lk_activation_t *out_kind,
                                     double *out_alpha, double *out_beta);

/* ---- operand checks ---------------------------------------------------------
 * Each fails with "operand #<i> (<name>) ..." saying what was expected. */
/* Operand i must be present. */
lt_result_t lk_plan_expect_present(lk_plan_t *p, const lk_shape_t *in,
                                   uint32_t num_in, uint32_t i,
                                   const char *name);
/* Operand i must have a float dtype. */
lt_result_t lk_plan_expect_float(lk_plan_t *p, const lk_shape_t *in, uint32_t i,
                                 const char *name);
/* Operand i must have operand 0's dtype. */
lt_result_t lk_plan_expect_same_dtype(lk_plan_t *p, const lk_shape_t *in,
                                      uint32_t i, const char *name);
/* Operand i must have rank within [lo, hi] (unknown rank passes). */
lt_result_t lk_plan_expect_rank_range(lk_plan_t *p, const lk_shape_t *in,
                                      uint32_t i, const char *name, int32_t lo,
                                      int32_t hi);
/* Operand i must be 1-D with `len` elements (len or its dim -1: any). */
lt_result_t lk_plan_expect_vector(lk_plan_t *p, const lk_shape_t *in,
                                  uint32_t i, const char *name, int64_t len);

/* ---- sizes ------------------------------------------------------------------
 * Element counts past this are refused: sizes computed from dims, attributes
 * or operand values (constant_of_shape, range, tile, ...) must not overflow
 * byte counts. The runtime's loader holds every tensor of an artifact to it,
 * so a step may multiply the dims of one tensor; a step that multiplies a
 * dim by an attribute or by another tensor's dims checks the product. */
#define LK_DATA_MAX_ELEMENTS ((int64_t)1 << 48)

/* a * b for a, b >= 0, false when the product passes LK_DATA_MAX_ELEMENTS
 * (then *out is unchanged). */
static inline bool lk_size_mul(int64_t a, int64_t b, int64_t *out) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r) || r > LK_DATA_MAX_ELEMENTS)
    return false;
  *out = r;
  return true;
}

/* Whether the known nonzero dims of dims[0..rank) multiply to at most
 * LK_DATA_MAX_ELEMENTS: then no product of them overflows. */
bool lk_dims_in_limit(const int64_t *dims, int32_t rank);

/* d * k for a result dim: -1 when d is unknown; fails with "<what> <k>
 * times dim <d> is too large" past LK_DATA_MAX_ELEMENTS. k >= 0. */
lt_result_t lk_plan_mul_dim(lk_plan_t *p, int64_t d, int64_t k,
                            const char *what, int64_t *out);

/* ---- shared by every family ------------------------------------------- */
/* Normalizes axis into [0, rank) (negative counts from the back); fails
 * with "<what> <axis> is out of range for rank <rank>" otherwise. */
lt_result_t lk_plan_axis(lk_plan_t *p, int64_t axis, int32_t rank,
                         const char *what, int32_t *out_axis);
/* "2x?x3" for dims[0..rank) ("*" for rank -1) into buf (truncated to
 * cap); returns buf. */
const char *lk_dims_str(const int64_t *dims, int32_t rank, char *buf,
                        size_t cap);

#endif /* LITE_KERNELS_PLAN_H */

/* data.h - plan steps of the shape and data-movement families: the ops
 * that keep the data and change its shape (identity, dropout, reshape,
 * flatten, squeeze, unsqueeze, shape, size), the ones that rearrange it
 * (transpose, concat, split, slice, pad, expand, tile, the space ops), and
 * the helpers these steps share for shape-like operands (shapes, axes,
 * pads, starts/ends) whose contents may be known, unknown, or given as an
 * attribute instead; and trilu. The indexing, one_hot, non_zero, compress
 * and generator ops are kernels/plan/data_index.h's.
 *
 * Each step reads the op's attributes from p->attrs, checks the operands,
 * writes the result shapes to out (and the kernel's parameters where it
 * takes some), or fails with the message in p->error. An unknown rank or
 * dim, or shape-like contents not known yet, leave what depends on them at
 * -1; the step does not fail for that. */
#ifndef LITE_KERNELS_PLAN_DATA_H
#define LITE_KERNELS_PLAN_DATA_H

#include "kernels/plan.h"
#include "kernels/ref/data.h"

/* ---- shape-like operands with an attribute form -----------------------------
 * Operands that are usually constant (shapes, axes, pads, scales, clip
 * bounds) may come as an attribute of the operand's name instead (the
 * compiler folds constant operands into attributes). *out_count of the
 * readers below: the number of values, or one of these. */
#define LK_LIST_UNKNOWN (-1) /* the operand is given, contents unknown */
#define LK_LIST_ABSENT (-2)  /* neither the operand nor the attribute */

/* The values of operand `index` (its contents, when known), or else of
 * attribute `name` (a list, or one number), into out[0..cap). Fails on both
 * forms given and on more than cap values. Element types and ranks are the
 * caller's to check. */
lt_result_t lk_plan_int_list(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, uint32_t index, const char *name,
                             int64_t *out, int32_t cap, int32_t *out_count);
lt_result_t lk_plan_float_list(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, uint32_t index,
                               const char *name, double *out, int32_t cap,
                               int32_t *out_count);

/* A 1-D integer operand: checks its dtype and rank, reads its contents into
 * out[0..cap) and sets *out_count to their number, or -1 when unknown (then
 * *out_len is its length when the shape says it, else -1). Fails on more
 * than cap elements. */
lt_result_t lk_plan_data_ints(lk_plan_t *p, const lk_shape_t *in, uint32_t i,
                              const char *name, int64_t *out, int32_t cap,
                              int32_t *out_count, int64_t *out_len);

/* A shape-like operand that may come as attribute `name`: checks the
 * operand when given, reads the values with lk_plan_int_list (*out_count as
 * there); *out_len is the number of values when known (from the operand's
 * shape when its contents are not), else -1. With `required`, fails when
 * neither form is given. */
lt_result_t lk_plan_data_list(lk_plan_t *p, const lk_shape_t *in,
                              uint32_t num_in, uint32_t i, const char *name,
                              bool required, int64_t *out, int32_t cap,
                              int32_t *out_count, int64_t *out_len);

/* "operand #i (name)" when operand i is present, else "attribute 'name'",
 * into buf; returns buf. */
const char *lk_data_form(const lk_shape_t *in, uint32_t num_in, uint32_t i,
                         const char *name, char *buf, size_t cap);

/* The number attribute `name` stands for an operand of element type dtype
 * (pad's constant_value, clip's bounds): fails unless it is exact there
 * (integral and in range for integers, 0 or 1 for bool; floats take any). */
lt_result_t lk_plan_exact_attr(lk_plan_t *p, const char *name, double value,
                               lk_dtype_t dtype);

/* A one-element operand (rank 0, or 1-D of length 1); its contents, when
 * known, as int64 (*out_i) and double (*out_f; either may be NULL).
 * *out_known says whether they were. */
lt_result_t lk_plan_data_scalar(lk_plan_t *p, const lk_shape_t *in, uint32_t i,
                                const char *name, int64_t *out_i, double *out_f,
                                bool *out_known);

/* ---- operands, axes, sizes ----------------------------------------------- */

/* Operands 0..n) must all be present. */
lt_result_t lk_plan_expect_all_present(lk_plan_t *p, const lk_shape_t *in,
                                       uint32_t n);
/* Operand i must have an integer (not bool) element type. */
lt_result_t lk_plan_expect_index(lk_plan_t *p, const lk_shape_t *in, uint32_t i,
                                 const char *name);
/* Fails on a result whose known element count exceeds
 * LK_DATA_MAX_ELEMENTS (unknown dims are left to run time). */
lt_result_t lk_plan_check_size(lk_plan_t *p, const lk_shape_t *out);
/* Product of dims[from..to), or -1 when one of them is unknown. */
int64_t lk_data_product(const int64_t *dims, int32_t from, int32_t to);

/* ---- ops that keep the data ---------------------------------------------- */

/* in: X. The result is X's shape (identity, io_copy, layout). */
lt_result_t lk_plan_identity(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, lk_shape_t *out);
/* in: X, ratio (optional scalar float), training_mode (optional i1
 * scalar); out: X's shape and, when num_out is 2, the i1 mask. Fails on
 * training mode with a positive ratio (inference only). */
lt_result_t lk_plan_dropout(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                            lk_shape_t *out, uint32_t num_out);
/* in: data, shape (or attribute 'shape'). Attribute allowzero. */
lt_result_t lk_plan_reshape(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                            lk_shape_t *out);
/* in: X. Attribute axis (default 1); the result is 2-D. */
lt_result_t lk_plan_flatten(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                            lk_shape_t *out);
/* in: data, axes (optional; or attribute 'axes'): without axes, every dim
 * of size 1 goes. */
lt_result_t lk_plan_squeeze(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                            lk_shape_t *out);
/* in: data, axes (or attribute 'axes'; required). */
lt_result_t lk_plan_unsqueeze(lk_plan_t *p, const lk_shape_t *in,
                              uint32_t num_in, lk_shape_t *out);

/* The dims shape reads: [start, end) of the input's. */
typedef struct lk_shape_params {
  int64_t start, end;
} lk_shape_params_t;

/* in: data. Attributes start, end (clamped as ONNX does); out: a 1-D i64
 * of end - start elements. *params is set when data's rank is known. */
lt_result_t lk_plan_shape(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, lk_shape_params_t *params);
/* in: data; out: an i64 scalar (its element count). */
lt_result_t lk_plan_size(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                         lk_shape_t *out);

/* ---- ops that rearrange the data ----------------------------------------- */

/* in: X. Attribute perm (default: the dims reversed); with X's rank unknown,
 * perm's length gives the result's. */
lt_result_t lk_plan_transpose(lk_plan_t *p, const lk_shape_t *in,
                              uint32_t num_in, lk_shape_t *out,
                              lk_transpose_params_t *params);

/* The axis lk_ref_concat joins along. */
typedef struct lk_concat_params {
  int32_t axis;
} lk_concat_params_t;
/* in: the operands to join (one dtype, one rank). Attribute axis. */
lt_result_t lk_plan_concat(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_concat_params_t *params);

/* The axis lk_ref_split cuts along (the results' dims give the sizes). */
typedef struct lk_split_params {
  int32_t axis;
} lk_split_params_t;
/* in: X, split (optional; or attribute 'split'); out[0..num_out). Attribute
 * axis and num_outputs (ceil-sized parts); without either form, equal
 * parts. */
lt_result_t lk_plan_split(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, uint32_t num_out,
                          lk_split_params_t *params);

/* in: data, starts, ends, axes, steps (each an operand or an attribute;
 * axes and steps optional), clamped as ONNX does. */
lt_result_t lk_plan_slice(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, lk_slice_params_t *params);

/* in: data, pads, constant_value (a scalar of data's dtype), axes (each
 * but data an operand or an attribute; pads required). Attribute mode
 * (constant, reflect, edge, wrap). params->constant is constant_value when
 * known (the attribute, or operand #2's contents); params->value, operand
 * #2's tensor, is a binding: the step leaves it NULL for the caller. */
lt_result_t lk_plan_pad(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                        lk_shape_t *out, lk_pad_params_t *params);

/* in: input, shape (1-D integer): input broadcast to shape, numpy's way
 * (the result may have more dims than either). lk_ref_tile runs it. */
lt_result_t lk_plan_expand(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out);

/* in: X, repeats (1-D integer, one per dim of X). */
lt_result_t lk_plan_tile(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                         lk_shape_t *out);

/* in: X (rank 4, NCHW). op: LK_SPACE_SHUFFLE_CHANNEL (attribute group),
 * LK_SPACE_SPACE_TO_DEPTH (blocksize) or either depth_to_space op
 * (blocksize; attribute mode DCR or CRD picks params->op). */
lt_result_t lk_plan_space(lk_plan_t *p, lk_space_op_t op, const lk_shape_t *in,
                          uint32_t num_in, lk_shape_t *out,
                          lk_space_params_t *params);

/* ---- ops that select by position ----------------------------------------- */

/* in: input (rank >= 2), k (optional integer scalar; 0 when absent or not
 * known yet). Attribute upper (default 1). */
lt_result_t lk_plan_trilu(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, lk_trilu_params_t *params);

#endif /* LITE_KERNELS_PLAN_DATA_H */

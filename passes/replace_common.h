/* replace_common.h - what the replacement and forwarding passes share
 * (passes/replace_*.c, split_group_conv.c, expand_shuffle_channel.c,
 * forward_ops.c): reading an op's attributes and shape-like inputs, the
 * static tensor types they insist on, and building the few ops they emit.
 *
 * These passes only rewrite unplaced tensors of static shape (dims may be
 * dynamic where a pass says so): the types of the ops they create come from
 * shape inference, and an unplaced static type is what inference gives, so
 * a replacement has exactly the type of what it replaces. */
#ifndef LITE_PASSES_REPLACE_COMMON_H
#define LITE_PASSES_REPLACE_COMMON_H

#include "dialects/lite/lite_impl.h"
#include "passes/lite_rewrite.h"

/* ---- reading ------------------------------------------------------------ */
/* op's attributes as a lite call, for lite_impl.h's attribute getters
 * (lt_lite_attr_int, lt_lite_attr_ints, ...). op must be a lite op. */
lt_lite_call_t lt_repl_call(lt_op_t *op);

/* v's type when v is a ranked tensor without a Place, else NULL. */
const lt_type_t *lt_repl_ranked(const lt_value_t *v);
/* lt_repl_ranked, and every dim static. */
const lt_type_t *lt_repl_static(const lt_value_t *v);
/* Element dtype of a tensor value (LK_DTYPE_NONE for anything else). */
lk_dtype_t lt_repl_dtype(const lt_value_t *v);
/* True for f16, bf16, f32 and f64. */
bool lt_repl_is_float(lk_dtype_t t);

/* A shape-like input given either as attribute `name` or as operand
 * `index` (ops.def's two forms): its integers into out[0..cap). Returns the
 * count, -1 when neither form is there (absent or a `none` operand), -2
 * when the operand is not a constant. */
int32_t lt_repl_ints(lt_op_t *op, const char *name, uint32_t index,
                     int64_t *out, int32_t cap);

/* ---- building (at rw's insertion point) ---------------------------------
 * Each returns NULL, silently, when the op cannot be built (the pattern
 * then gives up with lt_repl_undo or lt_repl_finish). */
/* Result 0 of a new lite op `id` with inferred types. */
lt_value_t *lt_repl_op(lt_rewriter_t *rw, lt_lite_op_id_t id, lt_loc_t loc,
                       uint32_t n, lt_value_t *const *operands,
                       uint32_t num_attrs, const lt_named_attr_t *attrs);
/* lite.reshape of x to shape[0..rank) (the attribute form). */
lt_value_t *lt_repl_reshape(lt_rewriter_t *rw, lt_loc_t loc, lt_value_t *x,
                            uint32_t rank, const int64_t *shape);
/* lite.slice of x to [start, end) along axis (the attribute form). */
lt_value_t *lt_repl_slice(lt_rewriter_t *rw, lt_loc_t loc, lt_value_t *x,
                          int64_t axis, int64_t start, int64_t end);
/* A new constant of `rank` dims holding, in row-major order, elements
 * src[index[0]], src[index[1]], ... of the constant tensor src (a gather:
 * transposes and slices of weights). index may be NULL for src in order
 * (a reshape of the constant). NULL on OOM. */
lt_value_t *lt_repl_const_gather(lt_rewriter_t *rw, lt_loc_t loc,
                                 const lk_tensor_t *src, int32_t rank,
                                 const int64_t *dims, const int64_t *index,
                                 const char *name_hint);

/* A new constant of `rank` dims holding the transpose of src read as a
 * [rows, cols] matrix (element [j, i] is src's [i, j]): weights between
 * the [K, N] and [N, K] layouts. NULL on OOM. */
lt_value_t *lt_repl_const_transpose(lt_rewriter_t *rw, lt_loc_t loc,
                                    const lk_tensor_t *src, int64_t rows,
                                    int64_t cols, int32_t rank,
                                    const int64_t *dims, const char *name_hint);

/* The op before rw's insertion point: everything a pattern creates lies
 * between it and the insertion point. Take it before creating anything. */
lt_op_t *lt_repl_mark(lt_rewriter_t *rw);
/* Erases what was created since mark (newest first); for a pattern that
 * gives up after creating ops. */
void lt_repl_undo(lt_rewriter_t *rw, lt_op_t *mark);
/* Replaces op's single result by v when v has exactly op's result type and
 * succeeds; otherwise undoes everything created since mark and fails, so a
 * pattern never changes a value's type. v may be NULL (a failed build). */
lt_result_t lt_repl_finish(lt_rewriter_t *rw, lt_op_t *op, lt_value_t *v,
                           lt_op_t *mark);

#endif /* LITE_PASSES_REPLACE_COMMON_H */

/* lite.h - the lite dialect: Place-typed tensors and ONNX-semantics ops.
 *
 * A tensor type is MLIR's ranked tensor whose optional encoding is a Place
 * attribute, `#lite.place<x86, f32, nchw8c>` (plus `, device = N` when N is
 * not 0). No encoding means "not placed yet". Shapes are logical (NCHW); the
 * layout only says how the bytes are stored. The ops are listed in ops.def. */
#ifndef LITE_DIALECTS_LITE_LITE_H
#define LITE_DIALECTS_LITE_LITE_H

#include "ir/operation.h"
#include "kernels/place.h"
#include "kernels/tensor.h"

extern const lt_dialect_t lt_lite_dialect;

/* ---- Place ---------------------------------------------------------------- */
/* Places are the kernel layer's (kernels/place.h); the attribute stores
 * an lk_place_t's fields as they are, so kernel Places need no mapping. */

/* The uniqued `#lite.place<...>` attribute (the lite dialect must be
 * registered in ctx). */
const lt_attr_t *lt_place_attr(lt_context_t *ctx, lk_place_t place);
/* True when a is a Place attribute; fills *out_place. */
bool lt_place_from_attr(const lt_attr_t *a, lk_place_t *out_place);
/* The Place of a tensor type's encoding; false when it has none. */
bool lt_place_of_type(const lt_type_t *t, lk_place_t *out_place);
/* t (a ranked tensor) with its encoding replaced by place. */
const lt_type_t *lt_type_with_place(lt_context_t *ctx, const lt_type_t *t,
                                    lk_place_t place);
/* The precision that stores element type t (ANY when none does). */
lk_precision_t lt_precision_of_element(const lt_type_t *t);
/* The row-major shape a tensor of ranked tensor type t is stored in (what
 * kernels/abi.h's dense views hold): the logical shape at nchw, `any` or
 * no Place; N, spatial..., C at nhwc; N, ceil(C/B), spatial..., B at a
 * layout of channel block B (one dim more; a dynamic C gives a dynamic
 * block count). out_shape holds rank + 1 entries. False when the layout
 * cannot store the rank (blocked below 2, nhwc below 3). */
bool lt_place_stored_shape(const lt_type_t *t, int64_t *out_shape,
                           uint32_t *out_rank);

/* Compatibility: can a value stored at `from` be read by a consumer that
 * declares `to` without a cast? `any` on either side matches; host, x86 and
 * arm memory is the same memory. */
bool lt_target_compatible(lk_target_t from, lk_target_t to);
bool lt_precision_compatible(lk_precision_t from, lk_precision_t to);
bool lt_layout_compatible(lk_layout_t from, lk_layout_t to);
bool lt_device_compatible(const lk_place_t *from, const lk_place_t *to);
bool lt_place_compatible(const lk_place_t *from, const lk_place_t *to);
/* Type level: same element type and shape (dynamic dims match anything),
 * and compatible Places; an unplaced side matches any Place. */
bool lt_type_compatible(const lt_type_t *from, const lt_type_t *to);

/* ---- ops ------------------------------------------------------------------ */
typedef enum lt_lite_op_id {
#define LITE_OP(id, ...) LT_LITE_##id,
#include "dialects/lite/ops.def"
#undef LITE_OP
  LT_LITE_NUM_OPS
} lt_lite_op_id_t;

/* The lite op id of op, or -1 when op is not a registered lite op. */
int lt_lite_op_id(const lt_op_t *op);
/* The op's name without the `lite.` prefix ("conv2d"). */
const char *lt_lite_op_name(lt_lite_op_id_t id);

/* Creates lite op `id` at the builder's insertion point with result types
 * from shape inference (unplaced tensors; `none` for lite.none). NULL, with
 * a diagnostic at loc, when the operands or attributes are invalid. */
lt_op_t *lt_lite_create(lt_builder_t *b, lt_lite_op_id_t id, lt_loc_t loc,
                        uint32_t num_operands, lt_value_t *const *operands,
                        uint32_t num_attrs, const lt_named_attr_t *attrs,
                        uint32_t num_results);

/* ---- element types -------------------------------------------------------- */
/* The kernel dtype of an MLIR element type; LK_DTYPE_NONE if there is none. */
lk_dtype_t lt_lite_dtype(const lt_type_t *element);
const lt_type_t *lt_lite_element_type(lt_context_t *ctx, lk_dtype_t dtype);

/* ---- evaluation ----------------------------------------------------------- */
/* Evaluates op on concrete inputs (in[i] for operand i; an absent optional
 * operand, a `none` value, has dtype LK_DTYPE_NONE). Each out[i] is
 * allocated with `allocator` and must be released with lt_lite_tensor_free.
 * Errors are reported as diagnostics at the op's location. */
lt_result_t lt_lite_eval(lt_op_t *op, lt_allocator_t allocator,
                         const lk_tensor_t *in, lk_tensor_t *out);
lt_result_t lt_lite_tensor_alloc(lt_allocator_t allocator, lk_tensor_t *t);
void lt_lite_tensor_free(lt_allocator_t allocator, lk_tensor_t *t);

/* A read-only view of a constant attribute's data (dense or dense_resource;
 * a splat is expanded into memory from `allocator`, *out_owned true).
 * Fails with a diagnostic at loc for attributes that are not tensors. */
lt_result_t lt_lite_attr_tensor(lt_context_t *ctx, lt_loc_t loc,
                                const lt_attr_t *a, lt_allocator_t allocator,
                                lk_tensor_t *out, bool *out_owned);
/* The dense attribute holding t's contents (copied) with type `type`. */
const lt_attr_t *lt_lite_dense_attr(lt_context_t *ctx, const lt_type_t *type,
                                    const lk_tensor_t *t);

#endif /* LITE_DIALECTS_LITE_LITE_H */

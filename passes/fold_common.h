/* fold_common.h - what lite-fold-constants and lite-eliminate-redundant
 * share: creating a replacement op that keeps the replaced op's result
 * types (Places included), reading small constant operands, and number
 * attributes that hold a value exactly. */
#ifndef LITE_PASSES_FOLD_COMMON_H
#define LITE_PASSES_FOLD_COMMON_H

#include "passes/lite_rewrite.h"

/* Creates lite op `id` with the given operands and attributes at rw's
 * insertion point, with result types want[0..num_results): shape inference
 * must accept them (same element types and ranks, dims that agree where
 * both are known). Returns NULL and leaves the IR untouched (no diagnostic)
 * when inference fails or disagrees. */
lt_op_t *lt_fold_create(lt_rewriter_t *rw, lt_lite_op_id_t id, lt_loc_t loc,
                        uint32_t num_operands, lt_value_t *const *operands,
                        uint32_t num_attrs, const lt_named_attr_t *attrs,
                        const lt_type_t *const *want, uint32_t num_results);

/* lt_fold_create with op's id, location and result types, then replaces
 * op by the new op's results. False (IR untouched) when it cannot. */
bool lt_fold_rebuild(lt_rewriter_t *rw, lt_op_t *op, uint32_t num_operands,
                     lt_value_t *const *operands, uint32_t num_attrs,
                     const lt_named_attr_t *attrs);

/* The integer contents (any integer element type, rank 0 or 1) of the
 * lite.constant v into out[0..cap); false when v is not one or has more
 * than cap elements. */
bool lt_fold_const_ints(const lt_value_t *v, int64_t *out, int32_t cap,
                        int32_t *out_count);

/* Where an op's shape-like values come from. */
typedef enum lt_fold_known {
  LT_FOLD_ABSENT,  /* neither the operand nor the attribute */
  LT_FOLD_UNKNOWN, /* an operand that is not a constant */
  LT_FOLD_KNOWN,   /* attribute or constant operand, read into out */
} lt_fold_known_t;

/* The integer values of op's operand `index` (a constant) or of its
 * attribute `name` (the attribute form of ops.def), into out[0..cap). */
lt_fold_known_t lt_fold_op_ints(lt_op_t *op, uint32_t index, const char *name,
                                int64_t *out, int32_t cap, int32_t *out_count);

/* A float attribute holding v exactly: f32 when v is an f32 value, else
 * f64. */
lt_named_attr_t lt_fold_named_float(lt_context_t *ctx, const char *name,
                                    double v);

/* The static dims of a ranked tensor type into dims (LK_MAX_RANK); false
 * when t is not one. */
bool lt_fold_static_dims(const lt_type_t *t, int32_t *out_rank, int64_t *dims);

#endif /* LITE_PASSES_FOLD_COMMON_H */

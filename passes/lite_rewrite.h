/* lite_rewrite.h - the helpers the lite dialect's passes share (prefix
 * lt_rw_, apart from the dialect's own lt_lite_): reading constants and
 * attributes, matching ops and many-op subgraphs, making new constants,
 * creating ops with inferred types at the rewriter's insertion point, fused
 * locations, and running pattern rows that count into a pass's statistics.
 * A fusion written with these and lt_match_chain is a few dozen lines. */
#ifndef LITE_PASSES_LITE_REWRITE_H
#define LITE_PASSES_LITE_REWRITE_H

#include "dialects/lite/lite.h"
#include "ir/pass.h"
#include "ir/rewrite.h"

/* ---- matching ---------------------------------------------------------------- */
/* v's defining op when it is the lite op `id`, else NULL. */
lt_op_t *lt_rw_def(const lt_value_t *v, lt_lite_op_id_t id);
/* True when op is the lite op `id`. */
bool lt_rw_is(const lt_op_t *op, lt_lite_op_id_t id);
/* The `value` attribute of v's lite.constant, NULL when v is not one. */
const lt_attr_t *lt_rw_const_attr(const lt_value_t *v);
/* True when operand i of op is absent (a `none` value) or out of range. */
bool lt_rw_absent(lt_op_t *op, uint32_t i);

/* A constant's contents as a read-only tensor (no copy unless splat, then
 * *owned). False when v is not a lite.constant. Release owned data with
 * lt_lite_tensor_free(allocator, t). */
bool lt_rw_const_tensor(const lt_value_t *v, lt_allocator_t allocator,
                        lk_tensor_t *out, bool *out_owned);
/* Every element of the constant v equals `value` (within 0: exact). */
bool lt_rw_const_is(const lt_value_t *v, double value);
/* The single f64 value of a one-element constant. */
bool lt_rw_const_scalar(const lt_value_t *v, double *out);
/* lt_rw_const_scalar of a float constant only. */
bool lt_rw_float_scalar(const lt_value_t *v, double *out);
/* A float constant of shape [n] as n doubles into out. */
bool lt_rw_const_vector(const lt_value_t *v, int64_t n, double *out);

/* op when it is lite op `id` without a fused activation (no `activation`,
 * or "none"), else NULL. */
lt_op_t *lt_rw_plain(lt_op_t *op, lt_lite_op_id_t id);
/* lt_rw_plain of v's defining op. */
lt_op_t *lt_rw_plain_def(const lt_value_t *v, lt_lite_op_id_t id);
/* A float (or integer) attribute of op, dflt when absent. */
double lt_rw_op_float(const lt_op_t *op, const char *name, double dflt);
/* An integer attribute of op, dflt when absent. */
int64_t lt_rw_op_int(const lt_op_t *op, const char *name, int64_t dflt);
/* The kernel dtype of a ranked tensor value's elements; LK_DTYPE_NONE for
 * anything else. */
lk_dtype_t lt_rw_value_dtype(const lt_value_t *v);
/* Ranked tensors with the same element type and dims (dynamic dims equal
 * only dynamic ones). */
bool lt_rw_same_shape(const lt_type_t *a, const lt_type_t *b);

/* ---- matched subgraphs --------------------------------------------------------- */
/* The ops a many-op fusion replaces, gathered while matching. */
#define LT_RW_MATCH_MAX_OPS 48
typedef struct lt_rw_match {
  lt_op_t *ops[LT_RW_MATCH_MAX_OPS];
  uint32_t n;
} lt_rw_match_t;

/* Adds op unless it is there already; false when the set is full. */
bool lt_rw_match_add(lt_rw_match_t *m, lt_op_t *op);
/* Every result of m's ops but root's is used by m's ops only, all in
 * root's block: replacing root lets the others die. */
bool lt_rw_match_closed(const lt_rw_match_t *m, const lt_op_t *root);
/* Sorts m's ops into block order, so that their fused location lists the
 * source nodes as they came. */
void lt_rw_match_sort(lt_rw_match_t *m);

/* ---- building ----------------------------------------------------------------- */
/* Creates lite op `id` at rw's insertion point with inferred result types
 * (lt_lite_create), notifying the rewriter's listener. NULL on failure (a
 * diagnostic was emitted). */
lt_op_t *lt_rw_create(lt_rewriter_t *rw, lt_lite_op_id_t id, lt_loc_t loc,
                      uint32_t num_operands, lt_value_t *const *operands,
                      uint32_t num_attrs, const lt_named_attr_t *attrs,
                      uint32_t num_results);
/* A lite.constant holding a copy of t, at rw's insertion point: a dense
 * attribute up to 64 elements, a dense_resource blob (named after
 * `name_hint`, made unique) beyond. Returns its result, NULL on OOM. */
lt_value_t *lt_rw_constant(lt_rewriter_t *rw, lt_loc_t loc,
                           const lk_tensor_t *t, const char *name_hint);
/* Like lt_rw_constant for a tensor of t's dtype and dims (t->data is
 * ignored) that fill(user, view) writes in place: big constants are
 * written straight into their blob, without a temporary copy. */
lt_value_t *lt_rw_constant_fill(lt_rewriter_t *rw, lt_loc_t loc,
                                const lk_tensor_t *t, const char *name_hint,
                                void (*fill)(void *user, lk_tensor_t *out),
                                void *user);
/* lt_rw_constant of `dtype` and dims[0..rank) holding v[0..numel),
 * each value rounded once. */
lt_value_t *lt_rw_constant_f64(lt_rewriter_t *rw, lt_loc_t loc,
                               lk_dtype_t dtype, int32_t rank,
                               const int64_t *dims, const double *v,
                               const char *name_hint);
/* Replaces root's single result by v, then erases the ops of ops[0..n) but
 * root that are left unused, last first (users before their producers). */
void lt_rw_replace_fused(lt_rewriter_t *rw, lt_op_t *root, lt_value_t *v,
                         lt_op_t *const *ops, uint32_t n);
/* n scratch doubles from ctx's allocator (NULL on OOM); free them with the
 * same n. */
double *lt_rw_scratch(lt_context_t *ctx, int64_t n);
void lt_rw_scratch_free(lt_context_t *ctx, double *p, int64_t n);
/* Named attributes for lt_rw_create. */
lt_named_attr_t lt_rw_named_int(lt_context_t *ctx, const char *name, int64_t v);
lt_named_attr_t lt_rw_named_float(lt_context_t *ctx, const char *name,
                                  double v);
lt_named_attr_t lt_rw_named_str(lt_context_t *ctx, const char *name,
                                const char *s);
lt_named_attr_t lt_rw_named_ints(lt_context_t *ctx, const char *name,
                                 uint32_t n, const int64_t *v);
/* op's attributes without `drop` (may be NULL) plus `add[0..n)`, as a
 * list to hand to lt_rw_create; storage from the context arena. */
uint32_t lt_rw_attrs_with(lt_op_t *op, const char *drop, uint32_t n,
                          const lt_named_attr_t *add,
                          lt_named_attr_t **out_attrs);

/* The fused location of ops[0..n) (MLIR's FusedLoc, flattened), so that a
 * diagnostic or profile names every original ONNX node. */
lt_loc_t lt_rw_fused_loc(lt_context_t *ctx, uint32_t n, lt_op_t *const *ops);

/* ---- running pattern passes ------------------------------------------------------ */
/* A pattern row of a pass: each time `base` applies, statistic `stat` of
 * the pass grows by one. base.user is the pattern's own data, handed back
 * unchanged as self->user. */
typedef struct lt_rw_pattern {
  lt_pattern_t base;
  uint32_t stat;
} lt_rw_pattern_t;

/* Runs patterns[0..n) greedily on op under cfg (NULL: the defaults, folding
 * and dead-op removal included), counting each application into its row's
 * statistic through the driver's listener (cfg's own listener is not
 * called), and marks the pass changed or not. Fails only when out of
 * memory. */
lt_result_t lt_rw_run_patterns(lt_pass_t *pass, lt_op_t *op,
                               const lt_rw_pattern_t *patterns, size_t n,
                               const lt_greedy_config_t *cfg);

#endif /* LITE_PASSES_LITE_REWRITE_H */

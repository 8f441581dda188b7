/* fuse_matmul_common.h - what the dense and elementwise fusions
 * (passes/fuse_matmul_*.c, fuse_scales.c, fuse_elementwise_activation.c,
 * fuse_swish.c) share: recognizing a matmul, fc or gemm whose weights may
 * be rewritten, folding an affine epilogue y' = a * y + c (per output
 * column) into those weights, replacing a chain of ops by one new op, and
 * moving an activation op into the op before it. Activations are
 * fuse_act.h's, so conv and dense fusions agree on them. Internal to
 * passes/. */
#ifndef LITE_PASSES_FUSE_MATMUL_COMMON_H
#define LITE_PASSES_FUSE_MATMUL_COMMON_H

#include "passes/fuse_act.h"

/* ---- reading ------------------------------------------------------------- */
/* Reads the float constant k as values along the last dim of a result of
 * type `result` whose last dim is n (-1: unknown): k must not widen the
 * result under numpy broadcasting and must vary along the last dim only,
 * so a scalar, [n], [1, n] or [1, 1, n], or any all-ones shape. Writes
 * *out_count (1 or n) values into out (room for max(n, 1)). */
bool lt_dense_last_dim_values(const lt_value_t *k, const lt_type_t *result,
                              int64_t n, double *out, int64_t *out_count);

/* ---- the dense ops ------------------------------------------------------- */
/* A matched matmul, fc or gemm whose result may be folded into. */
typedef struct lt_dense_op {
  lt_op_t *op;
  lt_context_t *ctx;  /* outlives op, which a fold erases */
  lt_lite_op_id_t id; /* LT_LITE_MATMUL, _FC or _GEMM */
  lk_dtype_t dtype;   /* f32 or f64 */
  int64_t n;          /* the result's last dim, -1 when unknown */
  uint32_t wi;        /* operand holding the constant weights (matmul:
                         1, or 0 when only A is constant) */
  lk_tensor_t w;      /* the constant weights */
  lk_tensor_t b;      /* fc's bias or gemm's C when constant, else dtype
                         none; b_given says whether there is one at all */
  bool b_given, w_owned, b_owned;
} lt_dense_op_t;

/* Matches the matmul, fc or gemm defining v: v has one use, f32 or f64,
 * ranked operands and result, a constant weight operand of static shape,
 * no fused activation. Release a match with lt_dense_release. */
bool lt_dense_match(const lt_value_t *v, lt_dense_op_t *out);
void lt_dense_release(lt_dense_op_t *d);

/* Replaces ops[n-1] (whose result is d's result transformed) by one op
 * computing act(a * y + c), y being d's result and a, c per output column:
 * na is 1 or d->n, nc is 0 (c = 0), 1 or d->n. The weights are scaled
 * column by column and the bias becomes a * bias + c, each value computed
 * in double and rounded once; a matmul that gains a bias or an activation
 * becomes an fc. Returns the new op; NULL when the fold does not apply
 * (non-constant bias, weights that cannot take a per-column factor, a
 * matmul that cannot become an fc, values that overflow), decided before
 * the IR changes (only running out of memory can leave unused constants,
 * which the driver erases). */
lt_op_t *lt_dense_affine(lt_rewriter_t *rw, const lt_dense_op_t *d,
                         const double *a, int64_t na, const double *c,
                         int64_t nc, const lt_fuse_act_t *act,
                         lt_op_t *const *ops, uint32_t n);

/* ---- building ------------------------------------------------------------ */
/* op's attributes but those named in drop[0..num_drop), into out (room for
 * cap); returns the count, or UINT32_MAX when they do not fit. */
uint32_t lt_dense_attrs_except(const lt_op_t *op, const char *const *drop,
                               uint32_t num_drop, lt_named_attr_t *out,
                               uint32_t cap);
/* Creates lite op `id` before ops[n-1] at the fused location of
 * ops[0..n), gives its result ops[n-1]'s type (the same logical shape, so
 * every user still verifies), replaces ops[n-1] with it and erases the
 * earlier ops once unused. Returns the new op; NULL when the op does not
 * verify (then nothing was replaced). */
lt_op_t *lt_dense_replace(lt_rewriter_t *rw, lt_lite_op_id_t id,
                          uint32_t num_operands, lt_value_t *const *operands,
                          uint32_t num_attrs, const lt_named_attr_t *attrs,
                          lt_op_t *const *ops, uint32_t n);
/* Replaces the activation op `act_op` by its producer `op` recreated with
 * the fused activation `act` (op must have no activation and its result
 * must feed only act_op). Returns the new op or NULL. */
lt_op_t *lt_dense_with_activation(lt_rewriter_t *rw, lt_op_t *op,
                                  lt_op_t *act_op, const lt_fuse_act_t *act);

/* The body of a pattern rooted at the activation op act_op: moves its
 * activation into the single-use float producer p of its operand 0 when
 * accept(p) and p has no activation yet (lt_dense_with_activation);
 * else notifies `why`. */
lt_result_t lt_dense_fuse_activation(lt_op_t *act_op, lt_rewriter_t *rw,
                                     bool (*accept)(const lt_op_t *p),
                                     const char *why);

#endif /* LITE_PASSES_FUSE_MATMUL_COMMON_H */

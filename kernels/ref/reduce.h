/* reduce.h - reference kernels of reductions along axes: reduce_*, argmax/
 * argmin and cumsum. Axes are normalized (0 <= axis < rank) by the caller.
 * Float math in double, integer math in int64 with wrap-around (uint64
 * compared as unsigned). */
#ifndef LITE_KERNELS_REF_REDUCE_H
#define LITE_KERNELS_REF_REDUCE_H

#include <stdbool.h>

#include "kernels/tensor.h"

/* X(ID, name): the lite dialect's reduce_<name> ops. */
#define LK_REDUCE_OPS(X)                                                       \
  X(MEAN, mean) X(SUM, sum) X(MAX, max) X(MIN, min) X(PROD, prod) X(L1, l1)    \
  X(L2, l2) X(LOG_SUM, log_sum) X(LOG_SUM_EXP, log_sum_exp)                    \
  X(SUM_SQUARE, sum_square)

typedef enum lk_reduce_op {
#define X(e, name) LK_REDUCE_##e,
  LK_REDUCE_OPS(X)
#undef X
  LK_NUM_REDUCE_OPS
} lk_reduce_op_t;

typedef struct lk_reduce_params {
  lk_reduce_op_t op;
  bool axes[LK_MAX_RANK]; /* axes[d]: input axis d is reduced */
  bool noop; /* empty axes with noop_with_empty_axes: y = x, whatever op */
} lk_reduce_params_t;

/* y = x reduced over the marked axes (a copy of x when p->noop). y holds
 * one element per combination of the kept axes in row-major order, so
 * keepdims does not change the data. Integer dtypes: sum, prod, max, min,
 * l1, sum_square and mean (its sum divided with truncation) stay in int64;
 * the others go through double. Max and min propagate NaN. An empty
 * reduction gives the op's identity (0, 1, -inf, +inf; mean NaN, log_sum
 * and log_sum_exp -inf). */
void lk_ref_reduce(const lk_reduce_params_t *p, const lk_tensor_t *x,
                   lk_tensor_t *y);

typedef struct lk_arg_params {
  bool is_min;            /* argmin rather than argmax */
  int32_t axis;           /* normalized */
  bool select_last_index; /* ties pick the last index, not the first */
} lk_arg_params_t;

/* y (int64) = index of the max (min) of x along axis; y has x's dims with
 * the axis dropped or kept as 1 (same data). The first NaN counts as the
 * extreme, as numpy's argmax does. */
void lk_ref_arg(const lk_arg_params_t *p, const lk_tensor_t *x,
                lk_tensor_t *y);

typedef struct lk_cumsum_params {
  int32_t axis;   /* normalized */
  bool exclusive; /* element i sums the elements before i, not through i */
  bool reverse;   /* sums run from the end of the axis */
} lk_cumsum_params_t;

/* y = running sums of x along axis (y has x's shape and dtype). */
void lk_ref_cumsum(const lk_cumsum_params_t *p, const lk_tensor_t *x,
                   lk_tensor_t *y);

#endif /* LITE_KERNELS_REF_REDUCE_H */

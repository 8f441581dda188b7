/* dense.c - the plan steps of matmul, gemm and fc: operand checks, result
 * shapes and the gemm engine's parameters. */
#include <string.h>

#include "kernels/plan/dense.h"
#include "kernels/plan/math.h"

/* Both operands present, numeric (not bool) and of one element type. */
static lt_result_t expect_pair(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, const char *a, const char *b) {
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, a)) ||
      LT_FAILED(lk_plan_expect_present(p, in, num_in, 1, b)))
    return LT_FAILURE;
  if (in[0].dtype == LK_BOOL)
    return lk_plan_fail(p,
                        "operand #0 (%s) must have a numeric element type, "
                        "got %s",
                        a, lk_dtype_name(in[0].dtype));
  return lk_plan_expect_same_dtype(p, in, 1, b);
}

static lt_result_t check_inner(lk_plan_t *p, int64_t ka, int64_t kb,
                               const char *a, const char *b) {
  if (ka < 0 || kb < 0 || ka == kb) return LT_SUCCESS;
  return lk_plan_fail(p,
                      "operand #0 (%s) has inner dimension %lld but operand "
                      "#1 (%s) has %lld",
                      a, (long long)ka, b, (long long)kb);
}

/* ---- matmul
 * ------------------------------------------------------------------ */

lt_result_t lk_plan_matmul(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out) {
  p->workspace_size = 0;
  if (LT_FAILED(expect_pair(p, in, num_in, "A", "B")) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 0, "A", 1, LK_MAX_RANK)) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 1, "B", 1, LK_MAX_RANK)))
    return LT_FAILURE;
  const lk_shape_t *a = &in[0], *b = &in[1];
  out->dtype = a->dtype;
  out->rank = -1;
  if (a->rank < 0 || b->rank < 0) return LT_SUCCESS;
  int64_t ka = a->dims[a->rank - 1];
  int64_t kb = b->rank == 1 ? b->dims[0] : b->dims[b->rank - 2];
  if (LT_FAILED(check_inner(p, ka, kb, "A", "B"))) return LT_FAILURE;
  /* 1-D operands have no batch dims. */
  int32_t rank;
  lk_shape_t batch[2] = {*a, *b}, bcast;
  batch[0].rank = a->rank >= 2 ? a->rank - 2 : 0;
  batch[1].rank = b->rank >= 2 ? b->rank - 2 : 0;
  if (LT_FAILED(lk_plan_broadcast(p, batch, 2, &bcast))) return LT_FAILURE;
  memcpy(out->dims, bcast.dims, sizeof(int64_t) * (size_t)bcast.rank);
  rank = bcast.rank;
  if (a->rank >= 2) out->dims[rank++] = a->dims[a->rank - 2];
  if (b->rank >= 2) out->dims[rank++] = b->dims[b->rank - 1];
  out->rank = rank;
  lk_tensor_t t[2], y;
  if (lk_plan_shape_tensors(in, num_in, 2, t) &&
      lk_plan_shape_tensors(out, 1, 1, &y))
    p->workspace_size = lk_ref_matmul_workspace(&t[0], &t[1], &y);
  return LT_SUCCESS;
}

/* ---- gemm
 * -------------------------------------------------------------------- */

lt_result_t lk_plan_gemm(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                         lk_shape_t *out, lk_gemm_params_t *params) {
  memset(params, 0, sizeof *params);
  p->workspace_size = 0;
  if (LT_FAILED(expect_pair(p, in, num_in, "A", "B")) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 0, "A", 2, 2)) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 1, "B", 2, 2)) ||
      LT_FAILED(lk_plan_fused_activation(p, &params->act, &params->act_alpha,
                                         &params->act_beta)))
    return LT_FAILURE;
  params->alpha = lk_attr_float(p->attrs, "alpha", 1.0);
  params->beta = lk_attr_float(p->attrs, "beta", 1.0);
  params->trans_a = lk_attr_int(p->attrs, "transA", 0) != 0;
  params->trans_b = lk_attr_int(p->attrs, "transB", 0) != 0;
  bool ta = params->trans_a, tb = params->trans_b;
  const lk_shape_t *a = &in[0], *b = &in[1];
  int64_t m = a->rank == 2 ? a->dims[ta ? 1 : 0] : -1;
  int64_t ka = a->rank == 2 ? a->dims[ta ? 0 : 1] : -1;
  int64_t kb = b->rank == 2 ? b->dims[tb ? 1 : 0] : -1;
  int64_t n = b->rank == 2 ? b->dims[tb ? 0 : 1] : -1;
  if (LT_FAILED(check_inner(p, ka, kb, "A", "B"))) return LT_FAILURE;
  if (lk_shape_present(in, num_in, 2)) {
    const lk_shape_t *c = &in[2];
    if (LT_FAILED(lk_plan_expect_same_dtype(p, in, 2, "C")) ||
        LT_FAILED(lk_plan_expect_rank_range(p, in, 2, "C", 0, 2)))
      return LT_FAILURE;
    int64_t want[2] = {m, n};
    for (int32_t i = 0; i < c->rank; i++) {
      int64_t d = c->dims[c->rank - 1 - i], w = want[1 - i];
      if (d >= 0 && d != 1 && w >= 0 && d != w)
        return lk_plan_fail(p,
                            "operand #2 (C) does not broadcast to the "
                            "%lldx%lld result: dim %d is %lld",
                            (long long)m, (long long)n, (int)(c->rank - 1 - i),
                            (long long)d);
    }
  }
  out->dtype = a->dtype;
  out->rank = 2;
  out->dims[0] = m;
  out->dims[1] = n;
  lk_tensor_t t[3], y;
  if (lk_plan_shape_tensors(in, num_in, 3, t) &&
      lk_plan_shape_tensors(out, 1, 1, &y))
    p->workspace_size = lk_ref_gemm_workspace(params, &t[0], &t[1], &t[2], &y);
  return LT_SUCCESS;
}

/* ---- fc
 * ---------------------------------------------------------------------- */

lt_result_t lk_plan_fc(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                       lk_shape_t *out, lk_fc_params_t *params) {
  memset(params, 0, sizeof *params);
  p->workspace_size = 0;
  if (LT_FAILED(expect_pair(p, in, num_in, "X", "W")) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 0, "X", 2, LK_MAX_RANK)) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 1, "W", 2, 2)) ||
      LT_FAILED(lk_plan_fused_activation(p, &params->act, &params->act_alpha,
                                         &params->act_beta)))
    return LT_FAILURE;
  const lk_shape_t *x = &in[0], *w = &in[1];
  int64_t k = lk_attr_int(p->attrs, "in_num_col_dims", 1);
  if (x->rank >= 0 && (k < 1 || k >= x->rank))
    return lk_plan_fail(p,
                        "attribute 'in_num_col_dims' must be in [1, %d) for "
                        "operand #0 (X) of rank %d, got %lld",
                        (int)x->rank, (int)x->rank, (long long)k);
  /* Unknown rank: the range is checked once it is known. */
  params->in_num_col_dims = k >= 1 && k < LK_MAX_RANK ? (int32_t)k : 1;
  int64_t n = w->rank == 2 ? w->dims[1] : -1;
  if (lk_shape_present(in, num_in, 2)) {
    const lk_shape_t *b = &in[2];
    if (LT_FAILED(lk_plan_expect_same_dtype(p, in, 2, "bias")) ||
        LT_FAILED(lk_plan_expect_rank_range(p, in, 2, "bias", 1, 2)))
      return LT_FAILURE;
    int64_t bn = b->rank >= 1 ? b->dims[b->rank - 1] : -1;
    if ((b->rank == 2 && b->dims[0] >= 0 && b->dims[0] != 1) ||
        (bn >= 0 && n >= 0 && bn != n))
      return lk_plan_fail(p,
                          "operand #2 (bias) must have shape [%lld] or [1, "
                          "%lld]",
                          (long long)n, (long long)n);
  }
  out->dtype = x->dtype;
  out->rank = -1;
  if (x->rank < 0) return LT_SUCCESS;
  int64_t cols = 1;
  for (int32_t d = (int32_t)k; d < x->rank && cols >= 0; d++)
    cols = x->dims[d] < 0 ? -1 : cols * x->dims[d];
  if (w->rank == 2 && LT_FAILED(check_inner(p, cols, w->dims[0], "X", "W")))
    return LT_FAILURE;
  out->rank = (int32_t)k + 1;
  memcpy(out->dims, x->dims, sizeof(int64_t) * (size_t)k);
  out->dims[k] = n;
  lk_tensor_t t[3], y;
  if (lk_plan_shape_tensors(in, num_in, 3, t) &&
      lk_plan_shape_tensors(out, 1, 1, &y))
    p->workspace_size = lk_ref_fc_workspace(params, &t[0], &t[1], &t[2], &y);
  return LT_SUCCESS;
}

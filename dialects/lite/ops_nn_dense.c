/* ops_nn_dense.c - matrix products: matmul (numpy semantics), gemm (ONNX
 * Gemm) and fc (Paddle's fully connected layer), all on the gemm engine of
 * kernels/ref/gemm.h. */
#include <string.h>

#include "dialects/lite/ops_nn.h"
#include "kernels/ref/gemm.h"

/* Both operands present, numeric (not bool) and of one element type. */
static lt_result_t expect_pair(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               const char *a, const char *b) {
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, a)) ||
      LT_FAILED(lt_lite_expect_present(c, in, num_in, 1, b)))
    return LT_FAILURE;
  if (in[0].dtype == LK_BOOL)
    return lt_lite_error(c,
                         "operand #0 (%s) must have a numeric element "
                         "type, got %s",
                         a, lk_dtype_name(in[0].dtype));
  return lt_lite_nn_expect_same_dtype(c, in, 1, b);
}

static lt_result_t check_inner(const lt_lite_call_t *c, int64_t ka, int64_t kb,
                               const char *a, const char *b) {
  if (ka < 0 || kb < 0 || ka == kb) return LT_SUCCESS;
  return lt_lite_error(c,
                       "operand #0 (%s) has inner dimension %lld but "
                       "operand #1 (%s) has %lld",
                       a, (long long)ka, b, (long long)kb);
}

/* ---- matmul -------------------------------------------------------------- */

lt_result_t lt_lite_shape_matmul(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(expect_pair(c, in, num_in, "A", "B")) ||
      LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 0, "A", 1, LK_MAX_RANK)) ||
      LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 1, "B", 1, LK_MAX_RANK)))
    return LT_FAILURE;
  const lt_lite_shape_t *a = &in[0], *b = &in[1];
  out->dtype = a->dtype;
  out->rank = -1;
  if (a->rank < 0 || b->rank < 0) return LT_SUCCESS;
  int64_t ka = a->dims[a->rank - 1];
  int64_t kb = b->rank == 1 ? b->dims[0] : b->dims[b->rank - 2];
  if (LT_FAILED(check_inner(c, ka, kb, "A", "B"))) return LT_FAILURE;
  /* Batch dims broadcast; 1-D operands have none. */
  lt_lite_shape_t batch[2], bo;
  memset(batch, 0, sizeof batch);
  batch[0].dtype = batch[1].dtype = a->dtype;
  batch[0].rank = a->rank >= 2 ? a->rank - 2 : 0;
  batch[1].rank = b->rank >= 2 ? b->rank - 2 : 0;
  memcpy(batch[0].dims, a->dims, sizeof(int64_t) * (size_t)batch[0].rank);
  memcpy(batch[1].dims, b->dims, sizeof(int64_t) * (size_t)batch[1].rank);
  if (LT_FAILED(lt_lite_broadcast(c, batch, 2, &bo))) return LT_FAILURE;
  out->rank = bo.rank;
  memcpy(out->dims, bo.dims, sizeof(int64_t) * (size_t)bo.rank);
  if (a->rank >= 2) out->dims[out->rank++] = a->dims[a->rank - 2];
  if (b->rank >= 2) out->dims[out->rank++] = b->dims[b->rank - 1];
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_matmul(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  return lk_ref_matmul(&in[0], &in[1], &out[0]) ? LT_SUCCESS
                                                : lt_lite_nn_oom(c);
}

/* ---- gemm ---------------------------------------------------------------- */

lt_result_t lt_lite_shape_gemm(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               lt_lite_shape_t *out, uint32_t num_out) {
  lk_activation_t act;
  double aa, ab;
  if (LT_FAILED(expect_pair(c, in, num_in, "A", "B")) ||
      LT_FAILED(lt_lite_expect_rank(c, in, 0, "A", 2)) ||
      LT_FAILED(lt_lite_expect_rank(c, in, 1, "B", 2)) ||
      LT_FAILED(lt_lite_fused_activation(c, &act, &aa, &ab)))
    return LT_FAILURE;
  bool ta = lt_lite_attr_int(c, "transA", 0) != 0;
  bool tb = lt_lite_attr_int(c, "transB", 0) != 0;
  const lt_lite_shape_t *a = &in[0], *b = &in[1];
  int64_t m = a->rank == 2 ? a->dims[ta ? 1 : 0] : -1;
  int64_t ka = a->rank == 2 ? a->dims[ta ? 0 : 1] : -1;
  int64_t kb = b->rank == 2 ? b->dims[tb ? 1 : 0] : -1;
  int64_t n = b->rank == 2 ? b->dims[tb ? 0 : 1] : -1;
  if (LT_FAILED(check_inner(c, ka, kb, "A", "B"))) return LT_FAILURE;
  if (lt_lite_present(in, num_in, 2)) {
    const lt_lite_shape_t *cc = &in[2];
    if (LT_FAILED(lt_lite_nn_expect_same_dtype(c, in, 2, "C")) ||
        LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 2, "C", 0, 2)))
      return LT_FAILURE;
    int64_t want[2] = {m, n};
    for (int32_t i = 0; i < cc->rank; i++) {
      int64_t d = cc->dims[cc->rank - 1 - i], w = want[1 - i];
      if (d >= 0 && d != 1 && w >= 0 && d != w)
        return lt_lite_error(c,
                             "operand #2 (C) does not broadcast to the "
                             "%lldx%lld result: dim %d is %lld",
                             (long long)m, (long long)n,
                             (int)(cc->rank - 1 - i), (long long)d);
    }
  }
  out->dtype = a->dtype;
  out->rank = 2;
  out->dims[0] = m;
  out->dims[1] = n;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_gemm(const lt_lite_call_t *c, const lk_tensor_t *in,
                              uint32_t num_in, lk_tensor_t *out,
                              uint32_t num_out) {
  lk_gemm_params_t p;
  memset(&p, 0, sizeof p);
  if (LT_FAILED(lt_lite_fused_activation(c, &p.act, &p.act_alpha, &p.act_beta)))
    return LT_FAILURE;
  p.alpha = lt_lite_attr_float(c, "alpha", 1.0);
  p.beta = lt_lite_attr_float(c, "beta", 1.0);
  p.trans_a = lt_lite_attr_int(c, "transA", 0) != 0;
  p.trans_b = lt_lite_attr_int(c, "transB", 0) != 0;
  const lk_tensor_t *cc = lt_lite_tensor_present(in, num_in, 2) ? &in[2] : NULL;
  return lk_ref_gemm(&p, &in[0], &in[1], cc, &out[0]) ? LT_SUCCESS
                                                      : lt_lite_nn_oom(c);
}

/* ---- fc ------------------------------------------------------------------ */

lt_result_t lt_lite_shape_fc(const lt_lite_call_t *c, const lt_lite_shape_t *in,
                             uint32_t num_in, lt_lite_shape_t *out,
                             uint32_t num_out) {
  lk_activation_t act;
  double aa, ab;
  if (LT_FAILED(expect_pair(c, in, num_in, "X", "W")) ||
      LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 0, "X", 2, LK_MAX_RANK)) ||
      LT_FAILED(lt_lite_expect_rank(c, in, 1, "W", 2)) ||
      LT_FAILED(lt_lite_fused_activation(c, &act, &aa, &ab)))
    return LT_FAILURE;
  const lt_lite_shape_t *x = &in[0], *w = &in[1];
  int64_t k = lt_lite_attr_int(c, "in_num_col_dims", 1);
  if (x->rank >= 0 && (k < 1 || k >= x->rank))
    return lt_lite_error(c,
                         "attribute 'in_num_col_dims' must be in [1, %d) "
                         "for operand #0 (X) of rank %d, got %lld",
                         (int)x->rank, (int)x->rank, (long long)k);
  int64_t n = w->rank == 2 ? w->dims[1] : -1;
  if (lt_lite_present(in, num_in, 2)) {
    const lt_lite_shape_t *b = &in[2];
    if (LT_FAILED(lt_lite_nn_expect_same_dtype(c, in, 2, "bias")) ||
        LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 2, "bias", 1, 2)))
      return LT_FAILURE;
    int64_t bn = b->rank >= 1 ? b->dims[b->rank - 1] : -1;
    if ((b->rank == 2 && b->dims[0] >= 0 && b->dims[0] != 1) ||
        (bn >= 0 && n >= 0 && bn != n))
      return lt_lite_error(c,
                           "operand #2 (bias) must have shape [%lld] or "
                           "[1, %lld]",
                           (long long)n, (long long)n);
  }
  out->dtype = x->dtype;
  out->rank = -1;
  if (x->rank < 0) return LT_SUCCESS;
  int64_t cols = 1;
  for (int32_t d = (int32_t)k; d < x->rank && cols >= 0; d++)
    cols = x->dims[d] < 0 ? -1 : cols * x->dims[d];
  if (w->rank == 2 && LT_FAILED(check_inner(c, cols, w->dims[0], "X", "W")))
    return LT_FAILURE;
  out->rank = (int32_t)k + 1;
  memcpy(out->dims, x->dims, sizeof(int64_t) * (size_t)k);
  out->dims[k] = n;
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_fc(const lt_lite_call_t *c, const lk_tensor_t *in,
                            uint32_t num_in, lk_tensor_t *out,
                            uint32_t num_out) {
  lk_fc_params_t p;
  memset(&p, 0, sizeof p);
  if (LT_FAILED(lt_lite_fused_activation(c, &p.act, &p.act_alpha, &p.act_beta)))
    return LT_FAILURE;
  p.in_num_col_dims = (int32_t)lt_lite_attr_int(c, "in_num_col_dims", 1);
  const lk_tensor_t *b = lt_lite_tensor_present(in, num_in, 2) ? &in[2] : NULL;
  return lk_ref_fc(&p, &in[0], &in[1], b, &out[0]) ? LT_SUCCESS
                                                   : lt_lite_nn_oom(c);
}

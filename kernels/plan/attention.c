/* attention.c - the plan step of lite.attention (kernels/plan/attention.h). */
#include "kernels/plan/attention.h"

#include <math.h>
#include <stdio.h>

static const char *const kNames[8] = {"X",  "Wq", "Bq", "Wk",
                                      "Bk", "Wv", "Bv", "Mask"};

/* dims as 2x?x5 into buf. */
static const char *dims_str(const int64_t *dims, int32_t rank, char *buf,
                            size_t cap) {
  size_t n = 0;
  buf[0] = '\0';
  for (int32_t i = 0; i < rank && n < cap; i++) {
    int w = dims[i] < 0 ? snprintf(buf + n, cap - n, "%s?", i ? "x" : "")
                        : snprintf(buf + n, cap - n, "%s%lld", i ? "x" : "",
                                   (long long)dims[i]);
    if (w < 0) break;
    n += (size_t)w;
  }
  return rank == 0 ? "scalar" : buf;
}

/* The mask must broadcast to the scores [B, num_heads, S, S] without
 * widening them (unknown dims pass). */
static lt_result_t check_mask(lk_plan_t *p, const lk_shape_t *m,
                              const int64_t scores[4]) {
  for (int32_t i = 0; i < m->rank; i++) {
    int64_t md = m->dims[i], sd = scores[4 - m->rank + i];
    if (md < 0 || md == 1 || sd < 0 || md == sd) continue;
    char mb[96], sb[96];
    return lk_plan_fail(p,
                        "operand #7 (Mask) of shape %s does not broadcast "
                        "to the scores [B, num_heads, S, S] = %s (dim %d "
                        "is %lld, want 1 or %lld)",
                        dims_str(m->dims, m->rank, mb, sizeof mb),
                        dims_str(scores, 4, sb, sizeof sb), (int)i,
                        (long long)md, (long long)sd);
  }
  return LT_SUCCESS;
}

lt_result_t lk_plan_attention(lk_plan_t *p, const lk_shape_t *in,
                              uint32_t num_in, lk_shape_t *out,
                              lk_attention_params_t *params) {
  for (uint32_t i = 0; i < 7; i++)
    if (LT_FAILED(lk_plan_expect_present(p, in, num_in, i, kNames[i])) ||
        LT_FAILED(lk_plan_expect_float(p, in, i, kNames[i])) ||
        LT_FAILED(lk_plan_expect_same_dtype(p, in, i, kNames[i])))
      return LT_FAILURE;
  if (LT_FAILED(lk_plan_expect_rank_range(p, in, 0, "X", 3, 3)))
    return LT_FAILURE;
  int64_t heads = lk_attr_int(p->attrs, "num_heads", 0);
  if (heads <= 0)
    return lk_plan_fail(p, "attribute 'num_heads' must be positive, got %lld",
                        (long long)heads);
  const lk_shape_t *x = &in[0];
  int64_t din = x->rank == 3 ? x->dims[2] : -1, d = -1;
  for (uint32_t i = 1; i < 7; i += 2) {
    if (LT_FAILED(lk_plan_expect_rank_range(p, in, i, kNames[i], 2, 2)))
      return LT_FAILURE;
    if (in[i].rank != 2) continue;
    if (din >= 0 && in[i].dims[0] >= 0 && in[i].dims[0] != din)
      return lk_plan_fail(p,
                          "operand #%u (%s) must have %lld rows (X's last "
                          "dim), got %lld",
                          i, kNames[i], (long long)din,
                          (long long)in[i].dims[0]);
    int64_t di = in[i].dims[1];
    if (d >= 0 && di >= 0 && di != d)
      return lk_plan_fail(p,
                          "operand #%u (%s) has %lld columns; Wq, Wk and "
                          "Wv must agree (%lld)",
                          i, kNames[i], (long long)di, (long long)d);
    if (di >= 0) d = di;
  }
  if (d >= 0 && d % heads != 0)
    return lk_plan_fail(p,
                        "num_heads %lld does not divide the projection "
                        "width %lld",
                        (long long)heads, (long long)d);
  for (uint32_t i = 2; i < 7; i += 2)
    if (LT_FAILED(lk_plan_expect_vector(p, in, i, kNames[i], d)))
      return LT_FAILURE;
  int64_t b = x->rank == 3 ? x->dims[0] : -1;
  int64_t s = x->rank == 3 ? x->dims[1] : -1;
  if (lk_shape_present(in, num_in, 7)) {
    if (LT_FAILED(lk_plan_expect_float(p, in, 7, "Mask")) ||
        LT_FAILED(lk_plan_expect_rank_range(p, in, 7, "Mask", 0, 4)))
      return LT_FAILURE;
    int64_t scores[4] = {b, heads, s, s};
    if (LT_FAILED(check_mask(p, &in[7], scores))) return LT_FAILURE;
  }
  int64_t dh = d > 0 ? d / heads : 0;
  params->num_heads = heads;
  params->scale =
      lk_attr_float(p->attrs, "scale", dh > 0 ? 1.0 / sqrt((double)dh) : 1);
  out->dtype = x->dtype;
  out->rank = 3;
  out->value = NULL;
  out->dims[0] = b;
  out->dims[1] = s;
  out->dims[2] = d;
  lk_tensor_t t[8], y;
  if (lk_plan_shape_tensors(in, num_in, 8, t) &&
      lk_plan_shape_tensors(out, 1, 1, &y)) {
    const lk_tensor_t *w[3] = {&t[1], &t[3], &t[5]};
    const lk_tensor_t *bias[3] = {&t[2], &t[4], &t[6]};
    p->workspace_size = lk_ref_attention_workspace(
        &t[0], w, bias, t[7].dtype == LK_DTYPE_NONE ? NULL : &t[7], &y);
  }
  return LT_SUCCESS;
}

/* replace_batch_norm.c - lite-replace-batch-norm: an inference batch_norm
 * with constant statistics is an affine map per channel,
 *
 *   y = scale * (x - mean) / sqrt(var + epsilon) + B = x * a + b,
 *   a = scale / sqrt(var + epsilon),  b = B - mean * a   (in f64),
 *
 * and becomes
 *   - lite.scale(x){scale = a, bias = b} when every channel has the same
 *     a and b (one channel included) and x is f32 (the attributes are f32);
 *   - otherwise lite.mul(x, A) then lite.add(_, Bc), A and Bc constants of
 *     shape [C, 1, ..., 1] (rank(x) - 1 dims, so they broadcast along axis
 *     1), the mul left out when every a is 1 and the add when every b is 0.
 *
 * lite.scale's attributes are scalars, hence mul + add for per-channel
 * values. In the default pipeline this runs after the conv+batch_norm
 * fusion, so it sees the batch_norms no conv could absorb. Rounding: a and
 * b are rounded to x's type and the product is rounded before the add,
 * where the reference kernel rounds once; within 1e-5 relative for f32
 * except where y cancels to near 0. */
#include <math.h>

#include "passes/pass_list.h"
#include "passes/replace_common.h"

static void free_params(lt_allocator_t al, lk_tensor_t *t, bool *owned) {
  for (int i = 0; i < 4; i++)
    if (owned[i]) lt_lite_tensor_free(al, &t[i]);
}

/* The four per-channel operands as float constants of shape [C]. */
static bool load_params(lt_op_t *op, int64_t c, lk_tensor_t *t, bool *owned) {
  lt_allocator_t al = lt_context_allocator(lt_op_context(op));
  for (int i = 0; i < 4; i++)
    owned[i] = false;
  for (uint32_t i = 0; i < 4; i++) {
    if (!lt_rw_const_tensor(lt_op_operand(op, 1 + i), al, &t[i], &owned[i]) ||
        !lt_repl_is_float(t[i].dtype) || t[i].rank != 1 || t[i].dims[0] != c) {
      free_params(al, t, owned);
      return false;
    }
  }
  return true;
}

/* Per-channel constant [C, 1, ...] (rank r - 1) of x's dtype from v. */
static lt_value_t *channel_const(lt_rewriter_t *rw, lt_loc_t loc, lk_dtype_t dt,
                                 int32_t r, int64_t c, const double *v,
                                 const char *hint) {
  int64_t dims[LK_MAX_RANK] = {c};
  for (int32_t d = 1; d < r - 1; d++)
    dims[d] = 1;
  return lt_rw_constant_f64(rw, loc, dt, r - 1, dims, v, hint);
}

static lt_result_t replace_batch_norm(const lt_pattern_t *self, lt_op_t *op,
                                      lt_rewriter_t *rw) {
  lt_value_t *x = lt_op_operand(op, 0);
  const lt_type_t *xt = lt_repl_ranked(x);
  lk_dtype_t dt = lt_repl_dtype(x);
  /* f16/bf16 would round a and b to 11 or 8 bits: not worth the error. */
  if (!xt || (dt != LK_F32 && dt != LK_F64) || xt->shaped.rank < 2 ||
      xt->shaped.shape[1] == LT_DYNAMIC || x->type != lt_op_result(op, 0)->type)
    return LT_FAILURE;
  int32_t r = (int32_t)xt->shaped.rank;
  int64_t c = xt->shaped.shape[1];
  if (c < 1 || c > (1 << 24)) return LT_FAILURE;
  lk_tensor_t p[4];
  bool owned[4];
  if (!load_params(op, c, p, owned)) return LT_FAILURE;

  lt_lite_call_t call = lt_repl_call(op);
  double eps = lt_lite_attr_float(&call, "epsilon", 1e-5);
  lt_allocator_t al = lt_context_allocator(lt_op_context(op));
  double *a = lt_calloc(al, (size_t)c * 2 * sizeof *a);
  if (!a) {
    free_params(al, p, owned);
    return LT_FAILURE;
  }
  double *b = a + c;
  bool ok = true, uniform = true, unit = true, zero = true;
  for (int64_t i = 0; i < c && ok; i++) {
    double s = lk_load_f64(&p[0], i), bias = lk_load_f64(&p[1], i);
    double mean = lk_load_f64(&p[2], i), var = lk_load_f64(&p[3], i);
    /* A negative variance makes the reference NaN: leave it to say so. */
    ok = var + eps > 0 && isfinite(s) && isfinite(bias) && isfinite(mean);
    a[i] = s / sqrt(var + eps);
    b[i] = bias - mean * a[i];
    ok = ok && isfinite(a[i]) && isfinite(b[i]);
    uniform = uniform && a[i] == a[0] && b[i] == b[0];
    unit = unit && (dt == LK_F32 ? (double)(float)a[i] : a[i]) == 1.0;
    zero = zero && (dt == LK_F32 ? (double)(float)b[i] : b[i]) == 0.0;
  }
  free_params(al, p, owned);

  lt_op_t *mark = lt_repl_mark(rw);
  lt_value_t *y = NULL;
  if (ok && uniform && dt == LK_F32) {
    lt_context_t *ctx = lt_rewriter_context(rw);
    lt_named_attr_t attrs[3] = {lt_rw_named_float(ctx, "scale", (float)a[0]),
                                lt_rw_named_float(ctx, "bias", (float)b[0]),
                                lt_rw_named_int(ctx, "bias_after_scale", 1)};
    y = lt_repl_op(rw, LT_LITE_SCALE, op->loc, 1, &x, 3, attrs);
  } else if (ok) {
    y = x;
    if (!unit) {
      lt_value_t *ops[2] = {
          y, channel_const(rw, op->loc, dt, r, c, a, "bn_scale")};
      y = lt_repl_op(rw, LT_LITE_MUL, op->loc, 2, ops, 0, NULL);
    }
    if (y && !zero) {
      lt_value_t *ops[2] = {y,
                            channel_const(rw, op->loc, dt, r, c, b, "bn_bias")};
      y = lt_repl_op(rw, LT_LITE_ADD, op->loc, 2, ops, 0, NULL);
    }
  }
  lt_free(al, a, (size_t)c * 2 * sizeof *a);
  if (!ok || LT_FAILED(lt_repl_finish(rw, op, y, mark))) return LT_FAILURE;
  return LT_SUCCESS;
}

static const lt_rw_pattern_t batch_norm_patterns[] = {
    {{"lite.batch_norm", 1, replace_batch_norm, NULL, "replace-batch-norm"}, 0},
};

static lt_result_t run_replace_batch_norm(lt_pass_t *pass, lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, batch_norm_patterns,
                            LT_ARRAY_SIZE(batch_norm_patterns), NULL);
}

static const lt_pass_statistic_t batch_norm_statistics[] = {
    {"num-replaced", "Number of batch_norm ops replaced by scale or mul/add"},
};

const lt_pass_info_t lt_replace_batch_norm_pass = {
    .argument = "lite-replace-batch-norm",
    .name = "LiteReplaceBatchNorm",
    .summary = "Replace batch_norm with constant statistics by scale or a "
               "per-channel mul and add",
    .anchor = "func.func",
    .statistics = batch_norm_statistics,
    .num_statistics = LT_ARRAY_SIZE(batch_norm_statistics),
    .run = run_replace_batch_norm,
};

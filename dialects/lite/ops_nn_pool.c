/* ops_nn_pool.c - pool2d: ONNX MaxPool, AveragePool, LpPool and the Global
 * forms (global_pooling = 1), over 1 to 3 spatial dims like conv2d. The
 * MaxPool Indices output is not part of the op. */
#include <string.h>

#include "dialects/lite/ops_nn.h"
#include "kernels/ref/pool.h"

typedef struct pool_plan {
  lk_pool_type_t type;
  bool global;
  lt_nn_window_t w;
} pool_plan_t;

static lt_result_t pool_type(const lt_lite_call_t *c, lk_pool_type_t *out) {
  static const char *const names[] = {"max", "avg", "lp"};
  static const lk_pool_type_t types[] = {LK_POOL_MAX, LK_POOL_AVG, LK_POOL_LP};
  int i;
  if (LT_FAILED(lt_lite_attr_choice(c, "pooling_type", "", names, 3, &i)))
    return LT_FAILURE;
  *out = types[i];
  return LT_SUCCESS;
}

static lt_result_t pool_infer(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              lt_lite_shape_t *out, pool_plan_t *p) {
  const lt_lite_shape_t *x = &in[0];
  if (LT_FAILED(pool_type(c, &p->type)) ||
      LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "X")) ||
      LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 0, "X", 3, LK_MAX_RANK)))
    return LT_FAILURE;
  /* max compares, so integers work too; avg and lp need floats. */
  if ((p->type != LK_POOL_MAX || x->dtype == LK_BOOL) &&
      LT_FAILED(lt_lite_expect_float(c, in, 0, "X")))
    return LT_FAILURE;
  int64_t pexp = lt_lite_attr_int(c, "p", 2);
  if (p->type == LK_POOL_LP && pexp < 1)
    return lt_lite_error(c, "attribute 'p' must be >= 1, got %lld",
                         (long long)pexp);
  p->global = lt_lite_attr_int(c, "global_pooling", 0) != 0;
  out->dtype = x->dtype;
  out->rank = x->rank;
  if (x->rank < 0) return LT_SUCCESS;
  int32_t ns = x->rank - 2;
  out->dims[0] = x->dims[0];
  out->dims[1] = x->dims[1];
  if (LT_FAILED(lt_lite_nn_window_attrs(c, ns, &p->w))) return LT_FAILURE;
  p->w.ceil_mode = lt_lite_attr_int(c, "ceil_mode", 0) != 0;
  if (p->global) {
    /* The window is the whole input. */
    for (int32_t d = 0; d < ns; d++) {
      p->w.kernel[d] = x->dims[2 + d];
      p->w.strides[d] = 1;
      p->w.dilations[d] = 1;
      p->w.pads[d] = p->w.pads[ns + d] = 0;
      out->dims[2 + d] = 1;
    }
    p->w.auto_pad = LT_NN_PAD_NOTSET;
    return LT_SUCCESS;
  }
  int64_t ks[LK_MAX_RANK];
  int32_t n = lt_lite_attr_ints(c, "kernel_shape", ks, LK_MAX_RANK);
  if (n < 0)
    return lt_lite_error(c, "requires attribute 'kernel_shape' unless "
                            "global_pooling is set");
  if (n != ns)
    return lt_lite_error(c,
                         "attribute 'kernel_shape' must have %d values, "
                         "got %d",
                         (int)ns, (int)n);
  for (int32_t d = 0; d < ns; d++) {
    if (ks[d] < 1)
      return lt_lite_error(c,
                           "attribute 'kernel_shape' must have values >= "
                           "1, got %lld",
                           (long long)ks[d]);
    p->w.kernel[d] = ks[d];
  }
  for (int32_t d = 0; d < ns; d++)
    if (LT_FAILED(lt_lite_nn_window_out(c, &p->w, d, x->dims[2 + d],
                                        &out->dims[2 + d])))
      return LT_FAILURE;
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_pool(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               lt_lite_shape_t *out, uint32_t num_out) {
  pool_plan_t p;
  memset(&p, 0, sizeof p);
  return pool_infer(c, in, num_in, out, &p);
}

lt_result_t lt_lite_eval_pool(const lt_lite_call_t *c, const lk_tensor_t *in,
                              uint32_t num_in, lk_tensor_t *out,
                              uint32_t num_out) {
  lt_lite_shape_t sin[1], sout;
  lt_lite_nn_shapes_of(in, num_in, sin);
  memset(&sout, 0, sizeof sout);
  pool_plan_t p;
  memset(&p, 0, sizeof p);
  if (LT_FAILED(pool_infer(c, sin, num_in, &sout, &p))) return LT_FAILURE;
  lk_pool_params_t kp;
  memset(&kp, 0, sizeof kp);
  kp.type = p.type;
  kp.spatial = p.w.spatial;
  kp.count_include_pad = lt_lite_attr_int(c, "count_include_pad", 0) != 0;
  kp.p = lt_lite_attr_int(c, "p", 2);
  for (int32_t d = 0; d < kp.spatial; d++) {
    kp.kernel[d] = p.w.kernel[d];
    kp.strides[d] = p.w.strides[d];
    kp.dilations[d] = p.w.dilations[d];
    kp.pads_begin[d] = p.w.pads[d];
    kp.pads_end[d] = p.w.pads[kp.spatial + d];
  }
  return lk_ref_pool2d(&kp, &in[0], &out[0]) ? LT_SUCCESS : lt_lite_nn_oom(c);
}

/* ops_nn_topk.c - top_k (ONNX TopK): K is an operand; two results, the
 * values and their int64 indices, ties in ascending index order. */
#include <string.h>

#include "dialects/lite/ops_nn.h"
#include "kernels/ref/topk.h"

/* The normalized axis (when X's rank is known) and K (-1 when unknown). */
static lt_result_t topk_plan(const lt_lite_call_t *c, const lt_lite_shape_t *in,
                             uint32_t num_in, int32_t *out_axis,
                             int64_t *out_k) {
  *out_axis = -1;
  *out_k = -1;
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "X")) ||
      LT_FAILED(lt_lite_expect_present(c, in, num_in, 1, "K")) ||
      LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 0, "X", 1, LK_MAX_RANK)) ||
      LT_FAILED(lt_lite_nn_expect_rank_range(c, in, 1, "K", 0, 1)))
    return LT_FAILURE;
  if (in[0].dtype == LK_BOOL)
    return lt_lite_error(c, "operand #0 (X) must have a numeric element type, "
                            "got bool");
  if (!lk_dtype_is_int(in[1].dtype) || in[1].dtype == LK_BOOL)
    return lt_lite_error(c,
                         "operand #1 (K) must have an integer element "
                         "type, got %s",
                         lk_dtype_name(in[1].dtype));
  if (in[1].rank == 1 && in[1].dims[0] >= 0 && in[1].dims[0] != 1)
    return lt_lite_error(c, "operand #1 (K) must have one element, got %lld",
                         (long long)in[1].dims[0]);
  if (in[0].rank >= 0 &&
      LT_FAILED(lt_lite_axis(c, lt_lite_attr_int(c, "axis", -1), in[0].rank,
                             "attribute 'axis'", out_axis)))
    return LT_FAILURE;
  if (in[1].value) {
    int64_t k = 0;
    lt_lite_value_ints(in[1].value, &k, 1);
    int64_t len = *out_axis >= 0 ? in[0].dims[*out_axis] : -1;
    if (k < 0 || (len >= 0 && k > len))
      return lt_lite_error(c,
                           "operand #1 (K) is %lld, outside [0, %lld] "
                           "(the size of the axis)",
                           (long long)k, (long long)(len >= 0 ? len : k));
    *out_k = k;
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_top_k(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  int32_t axis;
  int64_t k;
  if (LT_FAILED(topk_plan(c, in, num_in, &axis, &k))) return LT_FAILURE;
  for (uint32_t i = 0; i < num_out; i++) {
    out[i].dtype = i == 0 ? in[0].dtype : LK_I64;
    out[i].rank = in[0].rank;
    for (int32_t d = 0; d < in[0].rank; d++)
      out[i].dims[d] = d == axis ? k : in[0].dims[d];
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_top_k(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lt_lite_shape_t sin[2];
  lk_shapes_of(in, num_in, sin);
  lk_topk_params_t p;
  memset(&p, 0, sizeof p);
  if (LT_FAILED(topk_plan(c, sin, num_in, &p.axis, &p.k))) return LT_FAILURE;
  p.largest = lt_lite_attr_int(c, "largest", 1) != 0;
  p.sorted = lt_lite_attr_int(c, "sorted", 1) != 0;
  lk_tensor_t scratch;
  lk_tensor_t *indices = &out[1];
  if (num_out < 2) { /* tolerate a call without the indices result */
    scratch = out[0];
    scratch.dtype = LK_I64;
    if (LT_FAILED(lt_lite_tensor_alloc(c->allocator, &scratch)))
      return lt_lite_nn_oom(c);
    indices = &scratch;
  }
  bool ok = lk_ref_top_k(&p, &in[0], &out[0], indices);
  if (num_out < 2) lt_lite_tensor_free(c->allocator, &scratch);
  return ok ? LT_SUCCESS : lt_lite_nn_oom(c);
}

/* ops_nn_einsum.c - einsum (ONNX Einsum): the equation is parsed by
 * kernels/ref/einsum.h against the operands' ranks; label sizes must agree
 * (ellipsis dims broadcast). */
#include <string.h>

#include "dialects/lite/ops_nn.h"
#include "kernels/ref/einsum.h"

static lt_result_t parse(const lt_lite_call_t *c, const lt_lite_shape_t *in,
                         uint32_t num_in, lk_einsum_t *e, bool *out_known) {
  *out_known = false;
  if (num_in > LK_EINSUM_MAX_INPUTS)
    return lt_lite_error(c, "takes at most %d operands, got %u",
                         LK_EINSUM_MAX_INPUTS, num_in);
  int32_t ranks[LK_EINSUM_MAX_INPUTS];
  bool known = true;
  for (uint32_t i = 0; i < num_in; i++) {
    if (LT_FAILED(lt_lite_expect_present(c, in, num_in, i, "Inputs")) ||
        LT_FAILED(lt_lite_nn_expect_same_dtype(c, in, i, "Inputs")))
      return LT_FAILURE;
    ranks[i] = in[i].rank;
    known = known && in[i].rank >= 0;
  }
  if (in[0].dtype == LK_BOOL)
    return lt_lite_error(c, "operand #0 (Inputs) must have a numeric element "
                            "type, got bool");
  char eq[1024], err[160];
  lt_lite_attr_str(c, "equation", eq, sizeof eq, "");
  if (!known) return LT_SUCCESS;
  if (!lk_einsum_parse(eq, (int32_t)num_in, ranks, e, err, sizeof err))
    return lt_lite_error(c, "equation '%s': %s", eq, err);
  *out_known = true;
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_einsum(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  lk_einsum_t e;
  bool known;
  if (LT_FAILED(parse(c, in, num_in, &e, &known))) return LT_FAILURE;
  out->dtype = in[0].dtype;
  out->rank = -1;
  if (!known) return LT_SUCCESS;
  /* Per label: the size other than 1 that operands agree on, and whether
   * some operand's dim is unknown. */
  int64_t size[LK_EINSUM_MAX_LABELS];
  bool unknown[LK_EINSUM_MAX_LABELS] = {false};
  for (int32_t l = 0; l < LK_EINSUM_MAX_LABELS; l++)
    size[l] = -1;
  for (uint32_t i = 0; i < num_in; i++)
    for (int32_t d = 0; d < e.in_rank[i]; d++) {
      int l = e.in_labels[i][d];
      int64_t v = in[i].dims[d];
      bool ell = l >= LK_EINSUM_ELLIPSIS_LABEL;
      if (v < 0) {
        unknown[l] = true;
        continue;
      }
      if (size[l] < 0 || (ell && size[l] == 1)) {
        size[l] = v;
        continue;
      }
      if (v == size[l] || (ell && v == 1)) continue;
      if (ell)
        return lt_lite_error(c,
                             "dims covered by '...' do not broadcast: "
                             "operand #%u dim %d is %lld, another operand "
                             "has %lld",
                             i, (int)d, (long long)v, (long long)size[l]);
      char ch = (char)(l < 26 ? 'a' + l : 'A' + (l - 26));
      return lt_lite_error(c,
                           "label '%c' has size %lld in operand #%u (dim "
                           "%d) but %lld elsewhere",
                           ch, (long long)v, i, (int)d, (long long)size[l]);
    }
  out->rank = e.out_rank;
  for (int32_t d = 0; d < e.out_rank; d++) {
    int l = e.out_labels[d];
    bool ell = l >= LK_EINSUM_ELLIPSIS_LABEL;
    int64_t v = size[l];
    if (unknown[l] && (v < 0 || (ell && v == 1))) v = -1;
    out->dims[d] = v < 0 && !unknown[l] ? 1 : v;
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_einsum(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lt_lite_shape_t sin[LK_EINSUM_MAX_INPUTS];
  if (num_in > LK_EINSUM_MAX_INPUTS)
    return lt_lite_error(c, "takes at most %d operands, got %u",
                         LK_EINSUM_MAX_INPUTS, num_in);
  lk_shapes_of(in, num_in, sin);
  lk_einsum_t e;
  bool known;
  if (LT_FAILED(parse(c, sin, num_in, &e, &known))) return LT_FAILURE;
  const lk_tensor_t *ins[LK_EINSUM_MAX_INPUTS];
  for (uint32_t i = 0; i < num_in; i++)
    ins[i] = &in[i];
  lk_ref_einsum(&e, ins, &out[0]);
  return LT_SUCCESS;
}

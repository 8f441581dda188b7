/* einsum.c - the plan step of lite.einsum (kernels/plan/einsum.h). */
#include "kernels/plan/einsum.h"

#include <string.h>

/* Checks the operands and parses the equation when every rank is known
 * (*out_known). */
static lt_result_t parse(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                         lk_einsum_t *e, bool *out_known) {
  *out_known = false;
  if (num_in > LK_EINSUM_MAX_INPUTS)
    return lk_plan_fail(p, "takes at most %d operands, got %u",
                        LK_EINSUM_MAX_INPUTS, num_in);
  /* The runtime may hand a malformed instruction no operand at all. */
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "Inputs")))
    return LT_FAILURE;
  int32_t ranks[LK_EINSUM_MAX_INPUTS];
  bool known = true;
  for (uint32_t i = 0; i < num_in; i++) {
    if (LT_FAILED(lk_plan_expect_present(p, in, num_in, i, "Inputs")) ||
        LT_FAILED(lk_plan_expect_same_dtype(p, in, i, "Inputs")))
      return LT_FAILURE;
    ranks[i] = in[i].rank;
    known = known && in[i].rank >= 0;
  }
  if (in[0].dtype == LK_BOOL)
    return lk_plan_fail(p, "operand #0 (Inputs) must have a numeric element "
                           "type, got bool");
  char eq[1024], err[160];
  lk_attr_str(p->attrs, "equation", eq, sizeof eq, "");
  if (!known) return LT_SUCCESS;
  if (!lk_einsum_parse(eq, (int32_t)num_in, ranks, e, err, sizeof err))
    return lk_plan_fail(p, "equation '%s': %s", eq, err);
  *out_known = true;
  return LT_SUCCESS;
}

lt_result_t lk_plan_einsum(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_einsum_t *params) {
  memset(params, 0, sizeof *params);
  bool known;
  if (LT_FAILED(parse(p, in, num_in, params, &known))) return LT_FAILURE;
  out->dtype = in[0].dtype;
  out->rank = -1;
  out->value = NULL;
  if (!known) return LT_SUCCESS;
  /* Per label: the size other than 1 that operands agree on, and whether
   * some operand's dim is unknown. */
  int64_t size[LK_EINSUM_MAX_LABELS];
  bool unknown[LK_EINSUM_MAX_LABELS] = {false};
  for (int32_t l = 0; l < LK_EINSUM_MAX_LABELS; l++)
    size[l] = -1;
  for (uint32_t i = 0; i < num_in; i++)
    for (int32_t d = 0; d < params->in_rank[i]; d++) {
      int l = params->in_labels[i][d];
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
        return lk_plan_fail(p,
                            "dims covered by '...' do not broadcast: "
                            "operand #%u dim %d is %lld, another operand "
                            "has %lld",
                            i, (int)d, (long long)v, (long long)size[l]);
      char ch = (char)(l < 26 ? 'a' + l : 'A' + (l - 26));
      return lk_plan_fail(p,
                          "label '%c' has size %lld in operand #%u (dim "
                          "%d) but %lld elsewhere",
                          ch, (long long)v, i, (int)d, (long long)size[l]);
    }
  out->rank = params->out_rank;
  for (int32_t d = 0; d < params->out_rank; d++) {
    int l = params->out_labels[d];
    bool ell = l >= LK_EINSUM_ELLIPSIS_LABEL;
    int64_t v = size[l];
    if (unknown[l] && (v < 0 || (ell && v == 1))) v = -1;
    out->dims[d] = v < 0 && !unknown[l] ? 1 : v;
  }
  return LT_SUCCESS;
}

/* data_select.c - plan steps of the ops that select elements by position:
 * trilu (data.h). */
#include "kernels/plan/data.h"

lt_result_t lk_plan_trilu(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, lk_trilu_params_t *params) {
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1)) ||
      LT_FAILED(
          lk_plan_expect_rank_range(p, in, 0, "input", 2, LK_MAX_RANK)))
    return LT_FAILURE;
  params->upper = lk_attr_int(p->attrs, "upper", 1) != 0;
  params->k = 0;
  if (lk_shape_present(in, num_in, 1)) {
    bool known;
    int64_t k = 0;
    if (LT_FAILED(lk_plan_expect_index(p, in, 1, "k")) ||
        LT_FAILED(lk_plan_data_scalar(p, in, 1, "k", &k, NULL, &known)))
      return LT_FAILURE;
    if (known) params->k = k;
  }
  out[0] = in[0];
  out[0].value = NULL;
  return LT_SUCCESS;
}

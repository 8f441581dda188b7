/* nn_shape.c - shape rules shared by the nn families' plan steps. */
#include "kernels/plan/nn_shape.h"

#include <string.h>

lt_result_t lk_nn_plan_axis(lk_plan_t *p, int64_t axis, int32_t rank,
                            const char *what, int32_t *out_axis) {
  int64_t a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= rank)
    return lk_plan_fail(p, "%s %lld is out of range for rank %d", what,
                        (long long)axis, (int)rank);
  *out_axis = (int32_t)a;
  return LT_SUCCESS;
}

void lk_nn_plan_same_shape(const lk_shape_t *x, lk_shape_t *out) {
  out->dtype = x->dtype;
  out->rank = x->rank;
  out->value = NULL;
  if (x->rank > 0)
    memcpy(out->dims, x->dims, sizeof(int64_t) * (size_t)x->rank);
}

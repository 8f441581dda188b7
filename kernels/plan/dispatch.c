/* dispatch.c - lite.dispatch's plan step (dispatch.h). */
#include "kernels/plan/dispatch.h"

#include "kernels/abi_ref.h"

/* The most results a kernel call carries (the call record's limit). */
#define DISPATCH_MAX_VALUES (LK_CALL_MAX_OPERANDS * (1 + LK_MAX_RANK))

lt_result_t lk_plan_dispatch(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, lk_shape_t *out,
                             uint32_t num_out) {
  (void)in;
  (void)num_in;
  int64_t v[DISPATCH_MAX_VALUES];
  int32_t n =
      lk_attr_ints(p->attrs, "result_dims", v, (int32_t)DISPATCH_MAX_VALUES);
  if (n < 0)
    return lk_plan_fail(p, "requires attribute 'result_dims' (the result "
                           "shapes, [rank, dims..., ...])");
  if (n > (int32_t)DISPATCH_MAX_VALUES)
    return lk_plan_fail(p, "attribute 'result_dims' holds %d values; at most "
                           "%d fit %d results",
                        n, DISPATCH_MAX_VALUES, LK_CALL_MAX_OPERANDS);
  int32_t k = 0;
  for (uint32_t r = 0; r < num_out; r++) {
    if (k >= n)
      return lk_plan_fail(p, "attribute 'result_dims' describes %u results; "
                             "the op has %u",
                          r, num_out);
    int64_t rank = v[k++];
    if (rank < 0 || rank > LK_MAX_RANK)
      return lk_plan_fail(p, "attribute 'result_dims': result #%u has rank "
                             "%lld; expected 0 to %d",
                          r, (long long)rank, LK_MAX_RANK);
    if (rank > n - k)
      return lk_plan_fail(p, "attribute 'result_dims' ends inside result "
                             "#%u's dims",
                          r);
    out[r].dtype = LK_DTYPE_NONE;
    out[r].rank = (int32_t)rank;
    out[r].value = NULL;
    for (int32_t d = 0; d < (int32_t)rank; d++) {
      int64_t dim = v[k++];
      if (dim < 0)
        return lk_plan_fail(p, "attribute 'result_dims': result #%u dim %d "
                               "is %lld; a generated kernel's shapes are "
                               "static",
                            r, d, (long long)dim);
      out[r].dims[d] = dim;
    }
    if (!lk_dims_in_limit(out[r].dims, out[r].rank))
      return lk_plan_fail(p, "attribute 'result_dims': result #%u has more "
                             "elements than a tensor may hold",
                          r);
  }
  if (k != n)
    return lk_plan_fail(p, "attribute 'result_dims' describes more results "
                           "than the op's %u",
                        num_out);
  return LT_SUCCESS;
}

/* ops_data_common.c - helpers of the data families (see ops_data.h): the
 * dialect's face of kernels/plan/data.h, so each rule and message exists
 * once. */
#include <stdio.h>

#include "dialects/lite/ops_data.h"
#include "kernels/plan/data.h"

lt_result_t lt_lite_data_expect_present(const lt_lite_call_t *c,
                                        const lt_lite_shape_t *in, uint32_t n) {
  lk_plan_t p;
  return PLAN(c, p, lk_plan_expect_all_present(&p, in, n));
}

lt_result_t lt_lite_data_expect_index(const lt_lite_call_t *c,
                                      const lt_lite_shape_t *in, uint32_t i,
                                      const char *name) {
  lk_plan_t p;
  return PLAN(c, p, lk_plan_expect_index(&p, in, i, name));
}

lt_result_t lt_lite_data_ints(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t i,
                              const char *name, int64_t *out, int32_t cap,
                              int32_t *out_count, int64_t *out_len) {
  lk_plan_t p;
  return PLAN(c, p,
              lk_plan_data_ints(&p, in, i, name, out, cap, out_count, out_len));
}

const char *lt_lite_data_form(const lt_lite_shape_t *in, uint32_t num_in,
                              uint32_t i, const char *name, char *buf,
                              size_t cap) {
  return lk_data_form(in, num_in, i, name, buf, cap);
}

lt_result_t lt_lite_data_exact_attr(const lt_lite_call_t *c, const char *name,
                                    double value, lk_dtype_t dtype) {
  lk_plan_t p;
  return PLAN(c, p, lk_plan_exact_attr(&p, name, value, dtype));
}

lt_result_t lt_lite_data_scalar(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t i,
                                const char *name, int64_t *out_i, double *out_f,
                                bool *out_known) {
  lk_plan_t p;
  return PLAN(c, p,
              lk_plan_data_scalar(&p, in, i, name, out_i, out_f, out_known));
}

int64_t lt_lite_data_product(const int64_t *dims, int32_t from, int32_t to) {
  return lk_data_product(dims, from, to);
}

lt_result_t lt_lite_data_check_size(const lt_lite_call_t *c,
                                    const lt_lite_shape_t *out) {
  lk_plan_t p;
  return PLAN(c, p, lk_plan_check_size(&p, out));
}

const char *lt_lite_data_dims_str(const int64_t *dims, int32_t rank, char *buf,
                                  size_t cap) {
  return lk_dims_str(dims, rank, buf, cap);
}

lt_result_t lt_lite_data_index_error(const lt_lite_call_t *c, uint32_t i,
                                     const char *name,
                                     const lk_index_error_t *e) {
  return lt_lite_error(c,
                       "operand #%u (%s) element %lld is %lld, out of "
                       "range for a dim of size %lld",
                       i, name, (long long)e->position, (long long)e->value,
                       (long long)e->bound);
}

lt_result_t lt_lite_data_reduction(const lt_lite_call_t *c,
                                   lk_scatter_reduction_t *out) {
  static const char *const names[] = {"none", "add", "mul", "max", "min"};
  static const lk_scatter_reduction_t kinds[] = {
      LK_SCATTER_NONE, LK_SCATTER_ADD, LK_SCATTER_MUL, LK_SCATTER_MAX,
      LK_SCATTER_MIN};
  int i;
  if (LT_FAILED(lt_lite_attr_choice(c, "reduction", "none", names, 5, &i)))
    return LT_FAILURE;
  *out = kinds[i];
  return LT_SUCCESS;
}

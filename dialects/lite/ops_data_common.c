/* ops_data_common.c - helpers of the data families (see ops_data.h): the
 * dialect's face of kernels/plan/data.h, so each rule and message exists
 * once. */
#include <string.h>

#include "dialects/lite/ops_data.h"
#include "kernels/abi.h"
#include "kernels/plan/data.h"

lt_result_t lt_lite_data_expect_present(const lt_lite_call_t *c,
                                        const lt_lite_shape_t *in, uint32_t n) {
  lk_plan_t p;
  return PLAN(c, p, lk_plan_expect_all_present(&p, in, n));
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

lt_result_t lt_lite_data_check_size(const lt_lite_call_t *c,
                                    const lt_lite_shape_t *out) {
  lk_plan_t p;
  return PLAN(c, p, lk_plan_check_size(&p, out));
}

lt_result_t lt_lite_data_eval_params(const lt_lite_call_t *c,
                                     const lk_tensor_t *in, uint32_t num_in,
                                     void *params, size_t params_size) {
  const lk_plan_step_t *s = lk_plan_step_find(lt_lite_op_name(c->id));
  lt_lite_shape_t sin[8], sout;
  if (!s || s->params_size != params_size || num_in > 8)
    return lt_lite_error(c, "has no plan step for its evaluation");
  lk_shapes_of(in, num_in, sin);
  memset(&sout, 0, sizeof sout);
  lk_plan_t p;
  return PLAN(c, p, lk_plan_step_run(s, &p, sin, num_in, &sout, 1, params));
}

/* ops_data_shape.c - ops that keep the data and change only the shape or
 * the Place: identity (with dropout, io_copy, layout), reshape, flatten,
 * squeeze, unsqueeze (shape and axes as an operand or an attribute); and
 * shape/size, which read it. The rules are the plan steps'
 * (kernels/plan/data_shape.c). The reference interpreter stores every
 * tensor logically, so their evaluation is a copy. */
#include <string.h>

#include "dialects/lite/ops_data.h"
#include "kernels/plan/data.h"

/* The result's dims are data's, its bytes too. */
static lt_result_t eval_copy(const lt_lite_call_t *c, const lk_tensor_t *in,
                             uint32_t num_in, lk_tensor_t *out,
                             uint32_t num_out) {
  lk_ref_copy(&in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- identity, dropout, io_copy, layout ---------------------------------- */

lt_result_t lt_lite_shape_identity(const lt_lite_call_t *c,
                                   const lt_lite_shape_t *in, uint32_t num_in,
                                   lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(
      c, &p,
      c->id == LT_LITE_DROPOUT ? lk_plan_dropout(&p, in, num_in, out, num_out)
                               : lk_plan_identity(&p, in, num_in, out));
}

lt_result_t lt_lite_eval_identity(const lt_lite_call_t *c,
                                  const lk_tensor_t *in, uint32_t num_in,
                                  lk_tensor_t *out, uint32_t num_out) {
  lk_ref_copy(&in[0], &out[0]);
  if (num_out > 1) memset(out[1].data, 1, lk_nbytes(&out[1]));
  return LT_SUCCESS;
}

/* ---- reshape, flatten, squeeze, unsqueeze -------------------------------- */

/* The shape function of a family whose step takes (p, in, num_in, out). */
#define SHAPE_WRAPPER(family, step)                                            \
  lt_result_t lt_lite_shape_##family(const lt_lite_call_t *c,                 \
                                     const lt_lite_shape_t *in,               \
                                     uint32_t num_in, lt_lite_shape_t *out,   \
                                     uint32_t num_out) {                       \
    lk_plan_t p;                                                               \
    lt_lite_plan_init(c, &p);                                                  \
    return lt_lite_plan_report(c, &p, step(&p, in, num_in, out));              \
  }                                                                            \
  lt_result_t lt_lite_eval_##family(const lt_lite_call_t *c,                  \
                                    const lk_tensor_t *in, uint32_t num_in,   \
                                    lk_tensor_t *out, uint32_t num_out) {     \
    return eval_copy(c, in, num_in, out, num_out);                             \
  }

SHAPE_WRAPPER(reshape, lk_plan_reshape)
SHAPE_WRAPPER(flatten, lk_plan_flatten)
SHAPE_WRAPPER(squeeze, lk_plan_squeeze)
SHAPE_WRAPPER(unsqueeze, lk_plan_unsqueeze)

/* ---- shape / size -------------------------------------------------------- */

static lt_result_t plan_shape(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              lt_lite_shape_t *out, lk_shape_params_t *kp) {
  lk_plan_t p;
  lt_lite_plan_init(c, &p);
  return lt_lite_plan_report(c, &p,
                             c->id == LT_LITE_SIZE
                                 ? lk_plan_size(&p, in, num_in, out)
                                 : lk_plan_shape(&p, in, num_in, out, kp));
}

lt_result_t lt_lite_shape_shape(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_shape_params_t kp;
  return plan_shape(c, in, num_in, out, &kp);
}

lt_result_t lt_lite_eval_shape(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  if (c->id == LT_LITE_SIZE) {
    lk_store_i64(&out[0], 0, lk_numel(&in[0]));
    return LT_SUCCESS;
  }
  lt_lite_shape_t sin[1], sout[1] = {{0}};
  lk_shape_params_t kp;
  lk_shapes_of(in, 1, sin);
  if (LT_FAILED(plan_shape(c, sin, 1, sout, &kp))) return LT_FAILURE;
  for (int64_t d = kp.start; d < kp.end; d++)
    lk_store_i64(&out[0], d - kp.start, in[0].dims[d]);
  return LT_SUCCESS;
}

/* ops_data_move.c - ops that rearrange data without indices: transpose,
 * concat, split, slice, pad, expand, tile and the space family
 * (shuffle_channel, depth_to_space, space_to_depth). split's sizes, slice's
 * index operands and pad's operands may also come as attributes. The rules
 * are the plan steps' (kernels/plan/data_move.c). */
#include "dialects/lite/ops_data.h"
#include "kernels/plan/data.h"

/* ---- transpose ----------------------------------------------------------- */

lt_result_t lt_lite_shape_transpose(const lt_lite_call_t *c,
                                    const lt_lite_shape_t *in, uint32_t num_in,
                                    lt_lite_shape_t *out, uint32_t num_out) {
  lk_transpose_params_t kp;
  lk_plan_t p;
  return PLAN(c, p, lk_plan_transpose(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_transpose(const lt_lite_call_t *c,
                                   const lk_tensor_t *in, uint32_t num_in,
                                   lk_tensor_t *out, uint32_t num_out) {
  lt_lite_shape_t s[1], so[1] = {{0}};
  lk_transpose_params_t kp;
  lk_shapes_of(in, 1, s);
  lk_plan_t p;
  if (LT_FAILED(PLAN(c, p, lk_plan_transpose(&p, s, 1, so, &kp))))
    return LT_FAILURE;
  lk_ref_transpose(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- concat -------------------------------------------------------------- */

lt_result_t lt_lite_shape_concat(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  lk_concat_params_t kp;
  lk_plan_t p;
  return PLAN(c, p, lk_plan_concat(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_concat(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lt_lite_shape_t *s = lt_calloc(c->allocator, num_in * sizeof *s), so = {0};
  if (!s) return lt_lite_error(c, "out of memory");
  lk_concat_params_t kp;
  lk_shapes_of(in, num_in, s);
  lk_plan_t p;
  lt_result_t r = PLAN(c, p, lk_plan_concat(&p, s, num_in, &so, &kp));
  lt_free(c->allocator, s, num_in * sizeof *s);
  if (LT_FAILED(r)) return LT_FAILURE;
  lk_ref_concat(kp.axis, num_in, in, &out[0]);
  return LT_SUCCESS;
}

/* ---- split --------------------------------------------------------------- */

lt_result_t lt_lite_shape_split(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_split_params_t kp;
  lk_plan_t p;
  return PLAN(c, p, lk_plan_split(&p, in, num_in, out, num_out, &kp));
}

lt_result_t lt_lite_eval_split(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  /* The results arrive shaped; the step gives the axis. */
  lt_lite_shape_t s[2];
  lt_lite_shape_t *so = lt_calloc(c->allocator, num_out * sizeof *so);
  if (!so) return lt_lite_error(c, "out of memory");
  lk_split_params_t kp;
  lk_shapes_of(in, num_in, s);
  lk_plan_t p;
  lt_result_t r = PLAN(c, p, lk_plan_split(&p, s, num_in, so, num_out, &kp));
  lt_free(c->allocator, so, num_out * sizeof *so);
  if (LT_FAILED(r)) return LT_FAILURE;
  lk_ref_split(kp.axis, &in[0], num_out, out);
  return LT_SUCCESS;
}

/* ---- slice --------------------------------------------------------------- */

lt_result_t lt_lite_shape_slice(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_slice_params_t kp;
  lk_plan_t p;
  return PLAN(c, p, lk_plan_slice(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_slice(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lt_lite_shape_t s[5], so[1] = {{0}};
  lk_slice_params_t kp;
  lk_shapes_of(in, num_in, s);
  lk_plan_t p;
  if (LT_FAILED(PLAN(c, p, lk_plan_slice(&p, s, num_in, so, &kp))))
    return LT_FAILURE;
  lk_ref_slice(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- pad ----------------------------------------------------------------- */

lt_result_t lt_lite_shape_pad(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              lt_lite_shape_t *out, uint32_t num_out) {
  lk_pad_params_t kp;
  lk_plan_t p;
  return PLAN(c, p, lk_plan_pad(&p, in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_pad(const lt_lite_call_t *c, const lk_tensor_t *in,
                             uint32_t num_in, lk_tensor_t *out,
                             uint32_t num_out) {
  lt_lite_shape_t s[4], so[1] = {{0}};
  lk_pad_params_t kp;
  lk_shapes_of(in, num_in, s);
  lk_plan_t p;
  if (LT_FAILED(PLAN(c, p, lk_plan_pad(&p, s, num_in, so, &kp))))
    return LT_FAILURE;
  kp.value = lt_lite_tensor_present(in, num_in, 2) ? &in[2] : NULL;
  lk_ref_pad(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- expand -------------------------------------------------------------- */

lt_result_t lt_lite_shape_expand(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  return PLAN(c, p, lk_plan_expand(&p, in, num_in, out));
}

lt_result_t lt_lite_eval_expand(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lk_ref_tile(&in[0], &out[0]); /* a broadcast tiles the size-1 dims */
  return LT_SUCCESS;
}

/* ---- tile ---------------------------------------------------------------- */

lt_result_t lt_lite_shape_tile(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               lt_lite_shape_t *out, uint32_t num_out) {
  lk_plan_t p;
  return PLAN(c, p, lk_plan_tile(&p, in, num_in, out));
}

lt_result_t lt_lite_eval_tile(const lt_lite_call_t *c, const lk_tensor_t *in,
                              uint32_t num_in, lk_tensor_t *out,
                              uint32_t num_out) {
  lk_ref_tile(&in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- shuffle_channel, depth_to_space, space_to_depth --------------------- */

static lk_space_op_t space_op(const lt_lite_call_t *c) {
  return c->id == LT_LITE_SHUFFLE_CHANNEL  ? LK_SPACE_SHUFFLE_CHANNEL
         : c->id == LT_LITE_DEPTH_TO_SPACE ? LK_SPACE_DEPTH_TO_SPACE_DCR
                                           : LK_SPACE_SPACE_TO_DEPTH;
}

lt_result_t lt_lite_shape_space(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  lk_space_params_t kp;
  lk_plan_t p;
  return PLAN(c, p, lk_plan_space(&p, space_op(c), in, num_in, out, &kp));
}

lt_result_t lt_lite_eval_space(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lt_lite_shape_t s[1], so[1] = {{0}};
  lk_space_params_t kp;
  lk_shapes_of(in, 1, s);
  lk_plan_t p;
  if (LT_FAILED(PLAN(c, p, lk_plan_space(&p, space_op(c), s, 1, so, &kp))))
    return LT_FAILURE;
  lk_ref_space(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

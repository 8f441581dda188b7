/* simd_conv_util.h - what the tests of the x86 convolutions (conv2d and its
 * transpose) share: one call's views over given buffers, its parameters,
 * and the same operands as tensors for the reference kernel's workspace. */
#ifndef LITE_TEST_UNIT_SIMD_CONV_UTIL_H
#define LITE_TEST_UNIT_SIMD_CONV_UTIL_H

#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/ref/conv.h"
#include "test/unit/check.h"

typedef struct xt_conv {
  lk_view_t in[4], y; /* x, w, the bias and the residual (dtype none: absent) */
  lk_tensor_t t[4], ty;
  lk_conv_params_t p;
  lk_target_ctx_t target;
  lk_call_t call; /* over the above: *v stays where it is */
} xt_conv_t;

/* v's call: x [xd], w [wd] and y [yd] dense f32 nchw, the bias [yd[1]] when
 * b and the residual [yd] when r; two spatial dims with this group,
 * stride, dilation and leading pad, the activation act (its default
 * alpha and beta; leaky_relu's alpha 0.3); on cpu and par (no target when
 * both are NULL). */
static inline void xt_conv_setup(xt_conv_t *v, const int64_t xd[4],
                                 const int64_t wd[4], const int64_t yd[4],
                                 float *x, float *w, float *b, float *r,
                                 float *y, int64_t group, int64_t s, int64_t d,
                                 int64_t pad, lk_activation_t act,
                                 const lk_cpu_info_t *cpu,
                                 const lk_parallel_t *par) {
  memset(v, 0, sizeof *v);
  CHECK(lk_view_dense(&v->in[0], LK_F32, 4, xd, LK_LAYOUT_NCHW, x));
  CHECK(lk_view_dense(&v->in[1], LK_F32, 4, wd, LK_LAYOUT_NCHW, w));
  v->in[2].dtype = v->in[3].dtype = LK_DTYPE_NONE;
  uint32_t n = 2;
  if (b) CHECK(lk_view_dense(&v->in[2], LK_F32, 1, &yd[1], LK_LAYOUT_NCHW, b));
  if (b || r) n = 3;
  if (r) {
    CHECK(lk_view_dense(&v->in[3], LK_F32, 4, yd, LK_LAYOUT_NCHW, r));
    n = 4;
  }
  CHECK(lk_view_dense(&v->y, LK_F32, 4, yd, LK_LAYOUT_NCHW, y));
  v->p = (lk_conv_params_t){.spatial = 2, .group = group,
                            .strides = {s, s}, .dilations = {d, d},
                            .pads_begin = {pad, pad}, .act = act,
                            .act_alpha = lk_activation_default_alpha(act),
                            .act_beta = lk_activation_default_beta(act)};
  if (act == LK_ACT_LEAKY_RELU) v->p.act_alpha = 0.3;
  v->target = (lk_target_ctx_t){par, cpu};
  v->call = (lk_call_t){v->in, n, &v->y, 1, &v->p, sizeof v->p, NULL, 0,
                        NULL, 0, cpu || par ? &v->target : NULL};
  for (int i = 0; i < 4; i++) {
    v->t[i].dtype = LK_DTYPE_NONE;
    if (v->in[i].dtype != LK_DTYPE_NONE) lk_view_to_tensor(&v->in[i], &v->t[i]);
  }
  lk_view_to_tensor(&v->y, &v->ty);
}

#endif /* LITE_TEST_UNIT_SIMD_CONV_UTIL_H */

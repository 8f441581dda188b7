/* abi_ref.h - the reference kernels' call-record entry points: for each
 * registry.def row marked RUN, `lk_` + the row's name
 * (`lk_ref_conv2d__f32_nchw`). Declared from the table itself, so a row
 * and its function cannot drift apart.
 *
 * conv2d, conv2d_transpose: inputs X, W, B (optional), R (optional fused
 * residual); params lk_conv_params_t. pool2d: input X; lk_pool_params_t.
 * layout: one input and one output of one dtype and logical shape, any
 * dense layouts (nchw, nhwc, nchw4c/8c/16c); no params; the channel
 * padding of a blocked output is zeroed. The f32 rows refuse other dtypes. */
#ifndef LITE_KERNELS_ABI_REF_H
#define LITE_KERNELS_ABI_REF_H

#include "kernels/abi.h"

#define LK_ABI_DECL_RUN(op, spell)                                             \
  lt_status_t lk_ref_##op##__##spell##_nchw(const lk_call_t *call);
#define LK_ABI_DECL_NONE(op, spell)
#define LK_ABI_DECL_F32_ANY(op, abi)                                           \
  LK_ABI_DECL_##abi(op, f32) LK_ABI_DECL_##abi(op, any)
#define LK_ABI_DECL_ANY_ONLY(op, abi) LK_ABI_DECL_##abi(op, any)
#define LK_REF(op, classes, results, header, abi) LK_ABI_DECL_##classes(op, abi)
#include "kernels/registry.def"
#undef LK_REF

#endif /* LITE_KERNELS_ABI_REF_H */

/* conv_transpose.h - {x86,arm}_conv2d_transpose__f32_nchw: transposed
 * convolution over two spatial dims (any stride, dilation, pads, groups),
 * as a product and a scatter.
 *
 * Per image and group, the columns col = W_g^T X_g: W_g^T is
 * [Mg KH KW x Cg] (the weights transposed once at load when they are
 * constants, else per call), X_g [Cg x H W] is packed as the GEMM's B
 * (gemm.h), col is [Mg KH KW x H W]. Then each output channel (over the
 * parallel-for) is zeroed and gathers its KH KW rows of col into place,
 * y[m, i sh - ph + kh dh, j sw - pw + kw dw] += col[(m, kh, kw), i W + j],
 * and its rows get the bias, the residual and the activation (epilogue.h).
 * The reference kernel runs instead for other element types and ranks, and
 * x86 CPUs without AVX2 + FMA. */
#ifndef LITE_KERNELS_SIMD_CONV_TRANSPOSE_H
#define LITE_KERNELS_SIMD_CONV_TRANSPOSE_H

#include "kernels/simd/simd.h"

#endif /* LITE_KERNELS_SIMD_CONV_TRANSPOSE_H */

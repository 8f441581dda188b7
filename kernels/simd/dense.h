/* dense.h - {x86,arm}_fc__f32_nchw and {x86,arm}_gemm__f32_nchw: fully connected
 * layers on the SIMD GEMM (gemm.h), Y = act(A B + bias), with B, the
 * weights, packed once at load when they are a constant (else per call into
 * the workspace).
 *
 * fc: A is X flattened at in_num_col_dims, B is W [K, N], the bias [N].
 * gemm: A is its first operand, B the second or its transpose (transB),
 * the bias C when it broadcasts along the rows ([N] or [1, N]). The
 * activation runs in the microkernel's store (relu, relu6) or over each
 * panel of Y as the product finishes it, while it is in cache (epilogue.h). The reference kernel runs
 * instead for gemm's transA, an alpha or beta other than 1, a C of another
 * shape, other element types, and x86 CPUs without AVX2 + FMA. */
#ifndef LITE_KERNELS_SIMD_DENSE_H
#define LITE_KERNELS_SIMD_DENSE_H

#include "kernels/simd/simd.h"

#endif /* LITE_KERNELS_SIMD_DENSE_H */

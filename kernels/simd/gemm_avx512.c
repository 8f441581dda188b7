/* gemm_avx512.c - the GEMM microkernels on AVX-512F (gemm_kernel.inc):
 * 12, 8, 4 and 1 rows of 32 columns, reading A as stored and packed. */
#include "kernels/simd/gemm.h"
#include "kernels/simd/vec_avx512.h"

#define LK_MR_PANEL 12 /* a packed A's panel rows */
#define LK_MR 12
#define LK_A_PACKED 0
#define LK_UKERNEL lk_f32_gemm_12x32__avx512f
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 8
#define LK_A_PACKED 0
#define LK_UKERNEL lk_f32_gemm_8x32__avx512f
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 4
#define LK_A_PACKED 0
#define LK_UKERNEL lk_f32_gemm_4x32__avx512f
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 1
#define LK_A_PACKED 0
#define LK_UKERNEL lk_f32_gemm_1x32__avx512f
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 12
#define LK_A_PACKED 1
#define LK_UKERNEL lk_f32_gemm_pa_12x32__avx512f
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 8
#define LK_A_PACKED 1
#define LK_UKERNEL lk_f32_gemm_pa_8x32__avx512f
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 4
#define LK_A_PACKED 1
#define LK_UKERNEL lk_f32_gemm_pa_4x32__avx512f
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 1
#define LK_A_PACKED 1
#define LK_UKERNEL lk_f32_gemm_pa_1x32__avx512f
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL

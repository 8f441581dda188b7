/* gemm_avx2.c - the GEMM microkernels on AVX2 + FMA (gemm_kernel.inc): 6,
 * 4, 2 and 1 rows of 16 columns, reading A as stored and packed. */
#include "kernels/simd/gemm.h"
#include "kernels/simd/vec_avx2.h"

#define LK_MR_PANEL 6 /* a packed A's panel rows */
#define LK_MR 6
#define LK_A_PACKED 0
#define LK_UKERNEL lk_f32_gemm_6x16__avx2
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 4
#define LK_A_PACKED 0
#define LK_UKERNEL lk_f32_gemm_4x16__avx2
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 2
#define LK_A_PACKED 0
#define LK_UKERNEL lk_f32_gemm_2x16__avx2
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 1
#define LK_A_PACKED 0
#define LK_UKERNEL lk_f32_gemm_1x16__avx2
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 6
#define LK_A_PACKED 1
#define LK_UKERNEL lk_f32_gemm_pa_6x16__avx2
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 4
#define LK_A_PACKED 1
#define LK_UKERNEL lk_f32_gemm_pa_4x16__avx2
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 2
#define LK_A_PACKED 1
#define LK_UKERNEL lk_f32_gemm_pa_2x16__avx2
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 1
#define LK_A_PACKED 1
#define LK_UKERNEL lk_f32_gemm_pa_1x16__avx2
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL

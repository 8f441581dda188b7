/* gemm_neon.c - the GEMM microkernels on NEON (gemm_kernel.inc): 8, 4, 2
 * and 1 rows of 8 columns, reading A as stored and packed. */
#include "kernels/simd/gemm.h"
#include "kernels/simd/vec_neon.h"

#define LK_MR_PANEL 8 /* a packed A's panel rows */
#define LK_MR 8
#define LK_A_PACKED 0
#define LK_UKERNEL lk_f32_gemm_8x8__neon
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 4
#define LK_A_PACKED 0
#define LK_UKERNEL lk_f32_gemm_4x8__neon
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 2
#define LK_A_PACKED 0
#define LK_UKERNEL lk_f32_gemm_2x8__neon
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 1
#define LK_A_PACKED 0
#define LK_UKERNEL lk_f32_gemm_1x8__neon
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 8
#define LK_A_PACKED 1
#define LK_UKERNEL lk_f32_gemm_pa_8x8__neon
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 4
#define LK_A_PACKED 1
#define LK_UKERNEL lk_f32_gemm_pa_4x8__neon
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 2
#define LK_A_PACKED 1
#define LK_UKERNEL lk_f32_gemm_pa_2x8__neon
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL
#define LK_MR 1
#define LK_A_PACKED 1
#define LK_UKERNEL lk_f32_gemm_pa_1x8__neon
#include "kernels/simd/gemm_kernel.inc"
#undef LK_MR
#undef LK_A_PACKED
#undef LK_UKERNEL

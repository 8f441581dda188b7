/* gemm_avx2.c - the 6x16 GEMM microkernel on AVX2 + FMA (gemm_kernel.inc). */
#include "kernels/x86/gemm.h"
#include "kernels/x86/vec_avx2.h"

#define LK_MR 6
#define LK_UKERNEL lk_f32_gemm_6x16__avx2
#include "kernels/x86/gemm_kernel.inc"
#undef LK_MR
#undef LK_UKERNEL

#define LK_MR 1
#define LK_UKERNEL lk_f32_gemm_1x16__avx2
#include "kernels/x86/gemm_kernel.inc"

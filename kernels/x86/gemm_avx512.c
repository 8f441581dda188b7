/* gemm_avx512.c - the 12x32 GEMM microkernel on AVX-512F (gemm_kernel.inc). */
#include "kernels/x86/gemm.h"
#include "kernels/x86/vec_avx512.h"

#define LK_MR 12
#define LK_UKERNEL lk_f32_gemm_12x32__avx512f
#include "kernels/x86/gemm_kernel.inc"
#undef LK_MR
#undef LK_UKERNEL

#define LK_MR 1
#define LK_UKERNEL lk_f32_gemm_1x32__avx512f
#include "kernels/x86/gemm_kernel.inc"

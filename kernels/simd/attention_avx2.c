/* attention_avx2.c - attention's softmax row on AVX2 + FMA
 * (attention_kernel.inc). */
#include "kernels/simd/attention.h"
#include "kernels/simd/vec_avx2.h"
#include "kernels/simd/vec_math.inc"

#include "kernels/simd/attention_kernel.inc"

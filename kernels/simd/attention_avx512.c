/* attention_avx512.c - attention's softmax row on AVX-512F
 * (attention_kernel.inc). */
#include "kernels/simd/attention.h"
#include "kernels/simd/vec_avx512.h"
#include "kernels/simd/vec_math.inc"

#include "kernels/simd/attention_kernel.inc"

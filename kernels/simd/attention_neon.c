/* attention_neon.c - attention's softmax row on NEON
 * (attention_kernel.inc). */
#include "kernels/simd/attention.h"
#include "kernels/simd/vec_neon.h"
#include "kernels/simd/vec_math.inc"

#include "kernels/simd/attention_kernel.inc"

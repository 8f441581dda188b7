/* attention_avx2.c - attention's softmax row on AVX2 + FMA
 * (attention_kernel.inc). */
#include "kernels/x86/attention.h"
#include "kernels/x86/vec_avx2.h"
#include "kernels/x86/vec_math.inc"

#include "kernels/x86/attention_kernel.inc"

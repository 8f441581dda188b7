/* attention_avx512.c - attention's softmax row on AVX-512F
 * (attention_kernel.inc). */
#include "kernels/x86/attention.h"
#include "kernels/x86/vec_avx512.h"
#include "kernels/x86/vec_math.inc"

#include "kernels/x86/attention_kernel.inc"

/* binary_avx512.c - the broadcasting binary kernels' rows on AVX-512F
 * (binary_kernel.inc). */
#include "kernels/simd/binary.h"
#include "kernels/simd/binary_nchwc.h"
#include "kernels/simd/vec_avx512.h"

#include "kernels/simd/binary_kernel.inc"

/* binary_avx2.c - the broadcasting binary kernels' rows on AVX2
 * (binary_kernel.inc). */
#include "kernels/simd/binary.h"
#include "kernels/simd/binary_nchwc.h"
#include "kernels/simd/vec_avx2.h"

#include "kernels/simd/binary_kernel.inc"

/* binary_nchwc_avx512.c - the x86 nchw16c binary kernels' rows on AVX-512F
 * (binary_nchwc_kernel.inc). */
#include "kernels/simd/binary_nchwc.h"
#include "kernels/simd/vec_avx512.h"

#include "kernels/simd/binary_nchwc_kernel.inc"

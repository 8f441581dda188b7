/* binary_nchwc_avx2.c - the x86 nchw16c binary kernels' rows on AVX2
 * (binary_nchwc_kernel.inc). */
#include "kernels/simd/binary_nchwc.h"
#include "kernels/simd/vec_avx2.h"

#include "kernels/simd/binary_nchwc_kernel.inc"

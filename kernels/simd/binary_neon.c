/* binary_neon.c - the broadcasting binary kernels' row on NEON
 * (binary_kernel.inc). */
#include "kernels/simd/binary.h"
#include "kernels/simd/vec_neon.h"

#include "kernels/simd/binary_kernel.inc"

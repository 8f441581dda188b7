/* pool_avx512.c - the pool2d family's plane on AVX-512F (pool_kernel.inc). */
#include "kernels/simd/pool.h"
#include "kernels/simd/vec_avx512.h"

#include "kernels/simd/pool_kernel.inc"

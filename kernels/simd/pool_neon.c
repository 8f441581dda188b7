/* pool_neon.c - the pool2d family's plane on NEON (pool_kernel.inc). */
#include "kernels/simd/pool.h"
#include "kernels/simd/vec_neon.h"

#include "kernels/simd/pool_kernel.inc"

/* pool_avx2.c - x86_pool2d's plane on AVX2 + FMA (pool_kernel.inc). */
#include "kernels/x86/pool.h"
#include "kernels/x86/vec_avx2.h"

#include "kernels/x86/pool_kernel.inc"

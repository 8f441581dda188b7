/* pool_avx512.c - x86_pool2d's plane on AVX-512F (pool_kernel.inc). */
#include "kernels/x86/pool.h"
#include "kernels/x86/vec_avx512.h"

#include "kernels/x86/pool_kernel.inc"

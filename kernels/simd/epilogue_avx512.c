/* epilogue_avx512.c - epilogue.h's row on AVX-512F (epilogue_kernel.inc). */
#include "kernels/simd/epilogue.h"
#include "kernels/simd/vec_avx512.h"
#include "kernels/simd/vec_math.inc"

#include "kernels/simd/epilogue_kernel.inc"

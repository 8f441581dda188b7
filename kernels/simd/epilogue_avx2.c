/* epilogue_avx2.c - epilogue.h's row on AVX2 + FMA (epilogue_kernel.inc). */
#include "kernels/simd/epilogue.h"
#include "kernels/simd/vec_avx2.h"
#include "kernels/simd/vec_math.inc"

#include "kernels/simd/epilogue_kernel.inc"

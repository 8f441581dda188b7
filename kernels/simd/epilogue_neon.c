/* epilogue_neon.c - epilogue.h's row on NEON (epilogue_kernel.inc). */
#include "kernels/simd/epilogue.h"
#include "kernels/simd/vec_neon.h"
#include "kernels/simd/vec_math.inc"

#include "kernels/simd/epilogue_kernel.inc"

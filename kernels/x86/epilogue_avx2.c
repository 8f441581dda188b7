/* epilogue_avx2.c - epilogue.h's row on AVX2 + FMA (epilogue_kernel.inc). */
#include "kernels/x86/epilogue.h"
#include "kernels/x86/vec_avx2.h"
#include "kernels/x86/vec_math.inc"

#include "kernels/x86/epilogue_kernel.inc"

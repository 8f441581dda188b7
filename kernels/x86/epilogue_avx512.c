/* epilogue_avx512.c - epilogue.h's row on AVX-512F (epilogue_kernel.inc). */
#include "kernels/x86/epilogue.h"
#include "kernels/x86/vec_avx512.h"
#include "kernels/x86/vec_math.inc"

#include "kernels/x86/epilogue_kernel.inc"

/* concat_nchwc.h - x86_concat__f32_nchw16c: joins f32 nchw16c tensors of
 * rank 4 along any axis (lk_concat_params_t), so a blocked region keeps
 * the concatenations of squeezenet's fire modules and their kin.
 *
 * Along N, H or W every input has the output's channels: whole images,
 * row runs or pixel runs are copied block by block, an item of the
 * parallel-for being an (image, block) plane of the output. Along C an
 * item is an (image, input): an input starting on a block boundary copies
 * its whole blocks as planes, and every other channel goes lane to lane,
 * so no two items write one lane (the output's padded lanes are left as
 * they are). Views that are not dense
 * nchw16c are refused with the kernel's name. */
#ifndef LITE_KERNELS_SIMD_CONCAT_NCHWC_H
#define LITE_KERNELS_SIMD_CONCAT_NCHWC_H

#include "kernels/simd/simd.h"

#endif /* LITE_KERNELS_SIMD_CONCAT_NCHWC_H */

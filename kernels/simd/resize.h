/* resize.h - {x86,arm}_resize__f32_nchw: nearest and linear Resize of the two
 * spatial dims of f32 nchw tensors (any coordinate transform and nearest
 * rounding but tf_crop_and_resize), from the reference kernel's own tap
 * tables (lk_resize_taps), one (n, c) plane per work item.
 *
 * Nearest copies: an output row is gathered from its input row once, and
 * the output rows that read the same input row copy it. Linear blends the
 * two input rows of an output row into a row buffer first, then each output
 * column from its two buffer columns; an output row whose taps equal the
 * previous one's copies it. Memory-bound, so one portable file: the
 * compiler's vectorization of the row loops is all it needs.
 *
 * The reference kernel runs instead for cubic, tf_crop_and_resize, ranks
 * other than 4, resized batch or channel axes, and a workspace smaller than
 * the tables (the plan step sizes it for the reference kernel, whose tables
 * are larger). */
#ifndef LITE_KERNELS_SIMD_RESIZE_H
#define LITE_KERNELS_SIMD_RESIZE_H

#include "kernels/simd/simd.h"

#endif /* LITE_KERNELS_SIMD_RESIZE_H */

/* resize.h - reference Resize (ONNX Resize, opsets 10-19, without
 * antialias): nearest, linear and cubic interpolation, separable over every
 * axis, following the ONNX reference implementation's coordinate transforms
 * and neighbour selection. The plan step (kernels/plan/resize.h) turns
 * scales/sizes/axes/keep_aspect_ratio_policy into one scale per axis and
 * y's dims. */
#ifndef LITE_KERNELS_REF_RESIZE_H
#define LITE_KERNELS_REF_RESIZE_H

#include <stdbool.h>

#include "kernels/ref/workspace.h"
#include "kernels/tensor.h"

#define LK_RESIZE_MODES(X)                                                     \
  X(NEAREST, "nearest") X(LINEAR, "linear") X(CUBIC, "cubic")
#define LK_RESIZE_COORDS(X)                                                    \
  X(HALF_PIXEL, "half_pixel")                                                  \
  X(HALF_PIXEL_SYMMETRIC, "half_pixel_symmetric")                              \
  X(PYTORCH_HALF_PIXEL, "pytorch_half_pixel")                                  \
  X(ALIGN_CORNERS, "align_corners")                                            \
  X(ASYMMETRIC, "asymmetric")                                                  \
  X(TF_HALF_PIXEL_FOR_NN, "tf_half_pixel_for_nn")                              \
  X(TF_CROP_AND_RESIZE, "tf_crop_and_resize")
#define LK_RESIZE_NEARESTS(X)                                                  \
  X(ROUND_PREFER_FLOOR, "round_prefer_floor")                                  \
  X(ROUND_PREFER_CEIL, "round_prefer_ceil") X(FLOOR, "floor") X(CEIL, "ceil")

typedef enum lk_resize_mode {
#define X(e, s) LK_RESIZE_##e,
  LK_RESIZE_MODES(X)
#undef X
} lk_resize_mode_t;
typedef enum lk_resize_coord {
#define X(e, s) LK_RESIZE_COORD_##e,
  LK_RESIZE_COORDS(X)
#undef X
} lk_resize_coord_t;
typedef enum lk_resize_nearest {
#define X(e, s) LK_RESIZE_NEAREST_##e,
  LK_RESIZE_NEARESTS(X)
#undef X
} lk_resize_nearest_t;

/* Name lookups for the attribute strings; false for an unknown name. */
bool lk_resize_mode_from_name(const char *name, lk_resize_mode_t *out);
bool lk_resize_coord_from_name(const char *name, lk_resize_coord_t *out);
bool lk_resize_nearest_from_name(const char *name, lk_resize_nearest_t *out);

typedef struct lk_resize_params {
  lk_resize_mode_t mode;
  lk_resize_coord_t coord;
  lk_resize_nearest_t nearest;
  double cubic_coeff_a;
  bool exclude_outside;
  double extrapolation_value; /* tf_crop_and_resize, outside the roi */
  /* Per axis of x: the scale of the transform, and the resized length it
   * implies (the output size when sizes were given, else scale * input
   * size, not rounded, as the ONNX reference uses it). */
  double scales[LK_MAX_RANK];
  double lengths[LK_MAX_RANK];
  double roi_start[LK_MAX_RANK], roi_end[LK_MAX_RANK]; /* tf_crop_and_resize */
} lk_resize_params_t;

/* The input taps of one output position along one axis: count of them
 * (1 for nearest, up to 2 for linear, 4 for cubic), their indices (clamped
 * into the axis) and weights, or `outside` (tf_crop_and_resize: the
 * position takes extrapolation_value). */
typedef struct lk_resize_taps {
  int32_t count;
  bool outside;
  int64_t index[4];
  double weight[4];
} lk_resize_taps_t;

/* The taps of output position o along axis d of an input axis of `in`
 * elements, as the ONNX reference picks them (the tables the reference
 * kernel and the fast ones share). */
lk_resize_taps_t lk_resize_taps(const lk_resize_params_t *p, int32_t d,
                                int64_t o, int64_t in);

/* Resizes x into y (allocated with the output dims; same dtype). nearest
 * copies elements (every dtype); linear and cubic compute in double.
 * Scratch comes from ws, of at least lk_ref_resize_workspace bytes; returns
 * false, having written nothing, when it is shorter. */
bool lk_ref_resize(const lk_resize_params_t *p, const lk_tensor_t *x,
                   lk_tensor_t *y, lk_workspace_t ws);
/* Each rounded up to 64 bytes: the tap tables (one record per output
 * position along each axis: the sum of y's dims) and, unless mode
 * is nearest, x as doubles (dims only; data is not read). */
size_t lk_ref_resize_workspace(const lk_resize_params_t *p,
                               const lk_tensor_t *x, const lk_tensor_t *y);

#endif /* LITE_KERNELS_REF_RESIZE_H */

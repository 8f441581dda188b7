/* resize.c - the plan step of lite.resize (kernels/plan/resize.h): the
 * attributes, scales or sizes (operand or attribute), axes, roi and
 * keep_aspect_ratio_policy to the result dims and the kernel's per-axis
 * scales and lengths. */
#include "kernels/plan/resize.h"

#include <math.h>
#include <string.h>

#include "kernels/plan/data.h"

/* The largest result dim resize accepts. */
#define RESIZE_MAX_DIM 1099511627776.0 /* 2^40 */

/* What the step reads besides the kernel's parameters. */
typedef struct resize_spec {
  int policy; /* keep_aspect_ratio_policy: stretch 0, not_larger 1, ... */
  double scales[LK_MAX_RANK + 1];
  int64_t sizes[LK_MAX_RANK + 1];
  int32_t cs, cz;            /* their counts, or LK_LIST_UNKNOWN / _ABSENT */
  int64_t nscales, nsizes;   /* their lengths: -1 unknown, 0 absent */
  char sname[40], zname[40]; /* their forms: operand or attribute */
  bool use_sizes;            /* sizes given (else scales) */
  bool known;                /* the scales / sizes values are known */
  int32_t naxes;
  int32_t axes[LK_MAX_RANK];  /* the resized axes, in operand order */
  double values[LK_MAX_RANK]; /* per entry of axes: scale or size */
} resize_spec_t;

static lt_result_t enum_attr(lk_plan_t *p, const char *name, const char *dflt,
                             const char *choices,
                             bool (*lookup)(const char *, void *), void *out) {
  char s[64];
  lk_attr_str(p->attrs, name, s, sizeof s, dflt);
  if (lookup(s, out)) return LT_SUCCESS;
  return lk_plan_fail(p, "attribute '%s' must be one of %s, got '%s'", name,
                      choices, s);
}

static bool mode_lookup(const char *s, void *out) {
  return lk_resize_mode_from_name(s, out);
}
static bool coord_lookup(const char *s, void *out) {
  return lk_resize_coord_from_name(s, out);
}
static bool nearest_lookup(const char *s, void *out) {
  return lk_resize_nearest_from_name(s, out);
}

/* The attributes that become kernel parameters as they are, and the
 * policy. */
static lt_result_t read_attrs(lk_plan_t *p, const lk_shape_t *x,
                              lk_resize_params_t *kp, int *policy) {
  static const char *const policies[] = {"stretch", "not_larger",
                                         "not_smaller"};
  if (LT_FAILED(enum_attr(p, "mode", "nearest", "nearest, linear, cubic",
                          mode_lookup, &kp->mode)) ||
      LT_FAILED(enum_attr(p, "coordinate_transformation_mode", "half_pixel",
                          "half_pixel, half_pixel_symmetric, "
                          "pytorch_half_pixel, align_corners, asymmetric, "
                          "tf_half_pixel_for_nn, tf_crop_and_resize",
                          coord_lookup, &kp->coord)) ||
      LT_FAILED(enum_attr(p, "nearest_mode", "round_prefer_floor",
                          "round_prefer_floor, round_prefer_ceil, floor, "
                          "ceil",
                          nearest_lookup, &kp->nearest)) ||
      LT_FAILED(lk_plan_attr_choice(p, "keep_aspect_ratio_policy", "stretch",
                                    policies, 3, policy)))
    return LT_FAILURE;
  if (lk_attr_int(p->attrs, "antialias", 0) != 0)
    return lk_plan_fail(p, "antialias is not supported");
  if (kp->mode != LK_RESIZE_NEAREST && x->dtype == LK_BOOL)
    return lk_plan_fail(p, "operand #0 (X) must be numeric for %s mode, got %s",
                        kp->mode == LK_RESIZE_LINEAR ? "linear" : "cubic",
                        lk_dtype_name(x->dtype));
  kp->cubic_coeff_a = lk_attr_float(p->attrs, "cubic_coeff_a", -0.75);
  kp->exclude_outside = lk_attr_int(p->attrs, "exclude_outside", 0) != 0;
  kp->extrapolation_value = lk_attr_float(p->attrs, "extrapolation_value", 0.0);
  return LT_SUCCESS;
}

/* The element types and ranks of roi, scales and sizes (checked even when
 * X's rank is unknown). */
static lt_result_t check_operands(lk_plan_t *p, const lk_shape_t *in,
                                  uint32_t num_in) {
  if (lk_shape_present(in, num_in, 1) &&
      LT_FAILED(lk_plan_expect_float(p, in, 1, "roi")))
    return LT_FAILURE;
  if (lk_shape_present(in, num_in, 2) &&
      (LT_FAILED(lk_plan_expect_float(p, in, 2, "scales")) ||
       LT_FAILED(lk_plan_expect_rank_range(p, in, 2, "scales", 1, 1))))
    return LT_FAILURE;
  if (!lk_shape_present(in, num_in, 3)) return LT_SUCCESS;
  if (!lk_dtype_is_int(in[3].dtype) || in[3].dtype == LK_BOOL)
    return lk_plan_fail(p,
                        "operand #3 (sizes) must have an integer element "
                        "type, got %s",
                        lk_dtype_name(in[3].dtype));
  return lk_plan_expect_rank_range(p, in, 3, "sizes", 1, 1);
}

/* Known length of a 1-D operand, -1 when unknown; 0 for an absent one. */
static int64_t operand_len(const lk_shape_t *in, uint32_t num_in, uint32_t i) {
  if (!lk_shape_present(in, num_in, i)) return 0;
  if (in[i].value) return lk_numel(in[i].value);
  return in[i].rank == 1 ? in[i].dims[0] : -1;
}

/* scales and sizes: operands (an empty one is absent) or attributes; which
 * of the two the op takes. */
static lt_result_t read_values(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, resize_spec_t *s) {
  if (LT_FAILED(lk_plan_float_list(p, in, num_in, 2, "scales", s->scales,
                                   LK_MAX_RANK + 1, &s->cs)) ||
      LT_FAILED(lk_plan_int_list(p, in, num_in, 3, "sizes", s->sizes,
                                 LK_MAX_RANK + 1, &s->cz)))
    return LT_FAILURE;
  s->nscales = s->cs >= 0 ? s->cs : operand_len(in, num_in, 2);
  s->nsizes = s->cz >= 0 ? s->cz : operand_len(in, num_in, 3);
  lk_data_form(in, num_in, 2, "scales", s->sname, sizeof s->sname);
  lk_data_form(in, num_in, 3, "sizes", s->zname, sizeof s->zname);
  if (s->nscales > 0 && s->nsizes > 0)
    return lk_plan_fail(p, "takes %s or %s, not both", s->sname, s->zname);
  if (s->nscales == 0 && s->nsizes == 0)
    return lk_plan_fail(p, "needs operand #2 (scales) or operand #3 (sizes)");
  /* sizes when it has values, or is of unknown length without scales;
   * both of unknown length: decided at run time, scales until then. */
  s->use_sizes = s->nsizes > 0 || (s->nsizes < 0 && s->nscales == 0);
  return LT_SUCCESS;
}

/* The resized axes (attribute axes, else every axis of X) and the number
 * of scales or sizes they take. */
static lt_result_t read_axes(lk_plan_t *p, int32_t rank, resize_spec_t *s) {
  int64_t axes[LK_MAX_RANK + 1];
  int32_t na = lk_attr_ints(p->attrs, "axes", axes, LK_MAX_RANK + 1);
  if (na > rank)
    return lk_plan_fail(p,
                        "attribute 'axes' has %d values for operand #0 (X) "
                        "of rank %d",
                        (int)na, (int)rank);
  uint32_t seen = 0;
  s->naxes = na < 0 ? rank : na;
  for (int32_t i = 0; i < s->naxes; i++) {
    int32_t a = i;
    if (na >= 0 &&
        LT_FAILED(lk_plan_axis(p, axes[i], rank, "attribute 'axes' value", &a)))
      return LT_FAILURE;
    if (seen & (1u << a))
      return lk_plan_fail(p, "attribute 'axes' repeats axis %d", (int)a);
    seen |= 1u << a;
    s->axes[i] = a;
  }
  int64_t nvals = s->use_sizes ? s->nsizes : s->nscales;
  if (nvals >= 0 && nvals != s->naxes)
    return lk_plan_fail(p,
                        "%s must have %d values (one per resized axis), got "
                        "%lld",
                        s->use_sizes ? s->zname : s->sname, (int)s->naxes,
                        (long long)nvals);
  return LT_SUCCESS;
}

/* The region of interest per axis of X: 0 to 1, or for tf_crop_and_resize
 * the roi operand's starts and ends of the resized axes. */
static lt_result_t read_roi(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                            int32_t rank, const resize_spec_t *s,
                            lk_resize_params_t *kp) {
  bool crop = kp->coord == LK_RESIZE_COORD_TF_CROP_AND_RESIZE;
  int64_t nroi = operand_len(in, num_in, 1);
  if (crop && nroi >= 0 && nroi != 2 * s->naxes)
    return lk_plan_fail(p,
                        "operand #1 (roi) must have %d values (starts, then "
                        "ends) for tf_crop_and_resize, got %lld",
                        2 * (int)s->naxes, (long long)nroi);
  for (int32_t d = 0; d < rank; d++) {
    kp->roi_start[d] = 0.0;
    kp->roi_end[d] = 1.0;
  }
  const lk_tensor_t *roi = crop ? lk_plan_value(p, in, num_in, 1) : NULL;
  if (roi)
    for (int32_t i = 0; i < s->naxes; i++) {
      kp->roi_start[s->axes[i]] = lk_load_f64(roi, i);
      kp->roi_end[s->axes[i]] = lk_load_f64(roi, s->naxes + i);
    }
  return LT_SUCCESS;
}

/* The scales or sizes per resized axis, when known: each positive. */
static lt_result_t read_known(lk_plan_t *p, resize_spec_t *s) {
  s->known = (s->use_sizes ? s->cz : s->cs) >= 0;
  for (int32_t i = 0; s->known && i < s->naxes; i++) {
    s->values[i] = s->use_sizes ? (double)s->sizes[i] : s->scales[i];
    if (!(s->values[i] > 0))
      return lk_plan_fail(p, "%s must be positive, got %g",
                          s->use_sizes ? s->zname : s->sname, s->values[i]);
  }
  return LT_SUCCESS;
}

/* keep_aspect_ratio_policy other than stretch: the one scale of every
 * resized axis, the smallest (not_larger) or largest (not_smaller) of
 * size / X's dim. False while a size or dim is unknown (or a dim is 0). */
static bool common_scale(const resize_spec_t *s, const lk_shape_t *x,
                         double *out) {
  if (!s->use_sizes || s->policy == 0 || !s->known) return false;
  double common = 0;
  for (int32_t i = 0; i < s->naxes; i++) {
    int64_t xd = x->dims[s->axes[i]];
    if (xd <= 0) return false;
    double r = s->values[i] / (double)xd;
    if (i == 0 || (s->policy == 1 ? r < common : r > common)) common = r;
  }
  *out = common;
  return true;
}

/* Result dim, scale and length of the i-th resized axis, with the values
 * known (have_common: common is the policy's scale). */
static lt_result_t resize_axis(lk_plan_t *p, const resize_spec_t *s, int32_t i,
                               const lk_shape_t *x, bool have_common,
                               double common, lk_shape_t *out,
                               lk_resize_params_t *kp) {
  int32_t d = s->axes[i];
  int64_t xd = x->dims[d];
  double v = s->values[i];
  /* Sizes and scaled lengths must be representable dims (this also
   * refuses NaN and negative values before any conversion). */
  double len = s->use_sizes ? v : v * (double)(xd > 0 ? xd : 1);
  if (!(len >= 0 && len <= RESIZE_MAX_DIM))
    return lk_plan_fail(p,
                        "%s for axis %d gives %g elements; expected 0 to "
                        "2^40",
                        s->use_sizes ? "sizes" : "scales", (int)d, len);
  if (!s->use_sizes) {
    kp->scales[d] = v;
    kp->lengths[d] = v * (double)xd;
    if (xd >= 0) out->dims[d] = (int64_t)floor(v * (double)xd);
  } else if (s->policy == 0) {
    out->dims[d] = (int64_t)v;
    kp->scales[d] = xd > 0 ? v / (double)xd : 1.0;
    kp->lengths[d] = v;
  } else if (have_common) {
    if (!(common * (double)xd <= RESIZE_MAX_DIM))
      return lk_plan_fail(p,
                          "sizes give a scale of %g for axis %d; the "
                          "result would exceed 2^40 elements",
                          common, (int)d);
    kp->scales[d] = common;
    kp->lengths[d] = common * (double)xd;
    out->dims[d] = (int64_t)floor(common * (double)xd + 0.5);
  }
  /* There is nothing to interpolate from. */
  if (xd == 0 && out->dims[d] > 0)
    return lk_plan_fail(p,
                        "cannot resize the empty axis %d of operand #0 (X) "
                        "to %lld elements",
                        (int)d, (long long)out->dims[d]);
  return LT_SUCCESS;
}

/* Result dims and, with X's dims known, the per-axis scale and resized
 * length of the kernel parameters. */
static lt_result_t infer(lk_plan_t *p, const resize_spec_t *s,
                         const lk_shape_t *x, lk_shape_t *out,
                         lk_resize_params_t *kp) {
  for (int32_t d = 0; d < x->rank; d++) {
    out->dims[d] = x->dims[d];
    kp->scales[d] = 1.0;
    kp->lengths[d] = (double)x->dims[d];
  }
  double common = 0;
  bool have_common = common_scale(s, x, &common);
  for (int32_t i = 0; i < s->naxes; i++) {
    out->dims[s->axes[i]] = -1;
    if (s->known &&
        LT_FAILED(resize_axis(p, s, i, x, have_common, common, out, kp)))
      return LT_FAILURE;
  }
  return LT_SUCCESS;
}

lt_result_t lk_plan_resize(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_resize_params_t *params) {
  memset(params, 0, sizeof *params);
  resize_spec_t s;
  memset(&s, 0, sizeof s);
  if (LT_FAILED(lk_plan_expect_present(p, in, num_in, 0, "X")) ||
      LT_FAILED(read_attrs(p, &in[0], params, &s.policy)) ||
      LT_FAILED(check_operands(p, in, num_in)) ||
      LT_FAILED(read_values(p, in, num_in, &s)))
    return LT_FAILURE;
  int32_t rank = in[0].rank;
  out->dtype = in[0].dtype;
  out->rank = rank;
  out->value = NULL;
  if (rank < 0) return LT_SUCCESS;
  if (LT_FAILED(read_axes(p, rank, &s)) ||
      LT_FAILED(read_roi(p, in, num_in, rank, &s, params)) ||
      LT_FAILED(read_known(p, &s)) ||
      LT_FAILED(infer(p, &s, &in[0], out, params)))
    return LT_FAILURE;
  lk_tensor_t tx, ty;
  if (lk_plan_shape_tensors(in, num_in, 1, &tx) &&
      lk_plan_shape_tensors(out, 1, 1, &ty))
    p->workspace_size = lk_ref_resize_workspace(params, &tx, &ty);
  return LT_SUCCESS;
}

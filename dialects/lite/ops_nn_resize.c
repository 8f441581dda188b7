/* ops_nn_resize.c - resize (ONNX Resize, opsets 10-19): roi, scales and
 * sizes are operands (absent, lite.none, or empty), axes and
 * keep_aspect_ratio_policy attributes as in opset 18; scales and sizes may
 * also be attributes (an empty one is absent). antialias is not
 * supported. */
#include <math.h>
#include <string.h>

#include "dialects/lite/ops_data.h"
#include "dialects/lite/ops_nn.h"
#include "kernels/ref/resize.h"

/* The largest result dim resize accepts. */
#define RESIZE_MAX_DIM 1099511627776.0 /* 2^40 */

/* Everything the shape function and the evaluator derive from the
 * attributes and operands. */
typedef struct resize_plan {
  lk_resize_params_t kp;
  int32_t naxes;
  int32_t axes[LK_MAX_RANK];  /* the resized axes, in operand order */
  bool use_sizes;             /* sizes given (else scales) */
  bool known;                 /* the scales / sizes values are known */
  double values[LK_MAX_RANK]; /* per entry of axes: scale or size */
} resize_plan_t;

static lt_result_t enum_attr(const lt_lite_call_t *c, const char *name,
                             const char *dflt, const char *choices,
                             bool (*lookup)(const char *, void *), void *out) {
  char s[64];
  lt_lite_attr_str(c, name, s, sizeof s, dflt);
  if (lookup(s, out)) return LT_SUCCESS;
  return lt_lite_error(c, "attribute '%s' must be one of %s, got '%s'", name,
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

/* "stretch" 0, "not_larger" 1, "not_smaller" 2. */
static lt_result_t policy(const lt_lite_call_t *c, int *out) {
  static const char *const names[] = {"stretch", "not_larger",
                                      "not_smaller"};
  return lt_lite_attr_choice(c, "keep_aspect_ratio_policy", "stretch", names,
                             3, out);
}

/* Known length of a 1-D operand, -1 when unknown; 0 for an absent one. */
static int64_t operand_len(const lt_lite_shape_t *in, uint32_t num_in,
                           uint32_t i) {
  if (!lt_lite_present(in, num_in, i)) return 0;
  if (in[i].value) return lk_numel(in[i].value);
  return in[i].rank == 1 ? in[i].dims[0] : -1;
}

static lt_result_t resize_plan(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               resize_plan_t *p, int *out_policy) {
  memset(p, 0, sizeof *p);
  lk_resize_params_t *kp = &p->kp;
  if (LT_FAILED(lt_lite_expect_present(c, in, num_in, 0, "X")) ||
      LT_FAILED(enum_attr(c, "mode", "nearest", "nearest, linear, cubic",
                          mode_lookup, &kp->mode)) ||
      LT_FAILED(enum_attr(c, "coordinate_transformation_mode", "half_pixel",
                          "half_pixel, half_pixel_symmetric, "
                          "pytorch_half_pixel, align_corners, asymmetric, "
                          "tf_half_pixel_for_nn, tf_crop_and_resize",
                          coord_lookup, &kp->coord)) ||
      LT_FAILED(enum_attr(c, "nearest_mode", "round_prefer_floor",
                          "round_prefer_floor, round_prefer_ceil, floor, "
                          "ceil",
                          nearest_lookup, &kp->nearest)) ||
      LT_FAILED(policy(c, out_policy)))
    return LT_FAILURE;
  if (lt_lite_attr_int(c, "antialias", 0) != 0)
    return lt_lite_error(c, "antialias is not supported");
  if (kp->mode != LK_RESIZE_NEAREST &&
      (in[0].dtype == LK_BOOL || in[0].dtype == LK_DTYPE_NONE))
    return lt_lite_error(c,
                         "operand #0 (X) must be numeric for %s mode, "
                         "got %s",
                         kp->mode == LK_RESIZE_LINEAR ? "linear" : "cubic",
                         lk_dtype_name(in[0].dtype));
  kp->cubic_coeff_a = lt_lite_attr_float(c, "cubic_coeff_a", -0.75);
  kp->exclude_outside = lt_lite_attr_int(c, "exclude_outside", 0) != 0;
  kp->extrapolation_value = lt_lite_attr_float(c, "extrapolation_value", 0.0);
  int32_t rank = in[0].rank;
  /* Operand kinds (checked even when X's rank is unknown). */
  if (lt_lite_present(in, num_in, 1) &&
      LT_FAILED(lt_lite_expect_float(c, in, 1, "roi")))
    return LT_FAILURE;
  if (lt_lite_present(in, num_in, 2) &&
      (LT_FAILED(lt_lite_expect_float(c, in, 2, "scales")) ||
       LT_FAILED(lt_lite_expect_rank(c, in, 2, "scales", 1))))
    return LT_FAILURE;
  if (lt_lite_present(in, num_in, 3) &&
      ((!lk_dtype_is_int(in[3].dtype) || in[3].dtype == LK_BOOL)
           ? lt_lite_error(c,
                           "operand #3 (sizes) must have an integer "
                           "element type, got %s",
                           lk_dtype_name(in[3].dtype))
           : lt_lite_expect_rank(c, in, 3, "sizes", 1)))
    return LT_FAILURE;
  /* scales and sizes: operands (an empty one is absent) or attributes. */
  double scales[LK_MAX_RANK + 1];
  int64_t sizes[LK_MAX_RANK + 1];
  int32_t cs, cz;
  if (LT_FAILED(lt_lite_float_list(c, in, num_in, 2, "scales", scales,
                                   LK_MAX_RANK + 1, &cs)) ||
      LT_FAILED(lt_lite_int_list(c, in, num_in, 3, "sizes", sizes,
                                 LK_MAX_RANK + 1, &cz)))
    return LT_FAILURE;
  int64_t nscales = cs >= 0 ? cs : operand_len(in, num_in, 2);
  int64_t nsizes = cz >= 0 ? cz : operand_len(in, num_in, 3);
  char sname[40], zname[40];
  lt_lite_data_form(in, num_in, 2, "scales", sname, sizeof sname);
  lt_lite_data_form(in, num_in, 3, "sizes", zname, sizeof zname);
  if (nscales > 0 && nsizes > 0)
    return lt_lite_error(c, "takes %s or %s, not both", sname, zname);
  if (nscales == 0 && nsizes == 0)
    return lt_lite_error(c, "needs operand #2 (scales) or operand #3 (sizes)");
  p->use_sizes = nsizes != 0 && nscales <= 0;
  if (nscales < 0 && nsizes < 0) p->use_sizes = false; /* decided at run time */
  const char *vname = p->use_sizes ? zname : sname;
  if (rank < 0) return LT_SUCCESS;
  /* Axes. */
  int64_t axes[LK_MAX_RANK + 1];
  int32_t na = lt_lite_attr_ints(c, "axes", axes, LK_MAX_RANK + 1);
  if (na > rank)
    return lt_lite_error(c,
                         "attribute 'axes' has %d values for operand #0 "
                         "(X) of rank %d",
                         (int)na, (int)rank);
  uint32_t seen = 0;
  p->naxes = na < 0 ? rank : na;
  for (int32_t i = 0; i < p->naxes; i++) {
    int32_t a = i;
    if (na >= 0 &&
        LT_FAILED(lt_lite_axis(c, axes[i], rank, "attribute 'axes' value", &a)))
      return LT_FAILURE;
    if (seen & (1u << a))
      return lt_lite_error(c, "attribute 'axes' repeats axis %d", (int)a);
    seen |= 1u << a;
    p->axes[i] = a;
  }
  int64_t nvals = p->use_sizes ? nsizes : nscales;
  if (nvals >= 0 && nvals != p->naxes)
    return lt_lite_error(c,
                         "%s must have %d values (one per resized axis), "
                         "got %lld",
                         vname, (int)p->naxes, (long long)nvals);
  int64_t nroi = operand_len(in, num_in, 1);
  if (kp->coord == LK_RESIZE_COORD_TF_CROP_AND_RESIZE && nroi >= 0 &&
      nroi != 2 * p->naxes)
    return lt_lite_error(c,
                         "operand #1 (roi) must have %d values (starts, "
                         "then ends) for tf_crop_and_resize, got %lld",
                         2 * (int)p->naxes, (long long)nroi);
  for (int32_t d = 0; d < rank; d++) {
    kp->roi_start[d] = 0.0;
    kp->roi_end[d] = 1.0;
  }
  if (kp->coord == LK_RESIZE_COORD_TF_CROP_AND_RESIZE && in[1].value)
    for (int32_t i = 0; i < p->naxes; i++) {
      kp->roi_start[p->axes[i]] = lk_load_f64(in[1].value, i);
      kp->roi_end[p->axes[i]] = lk_load_f64(in[1].value, p->naxes + i);
    }
  p->known = (p->use_sizes ? cz : cs) >= 0;
  for (int32_t i = 0; p->known && i < p->naxes; i++) {
    p->values[i] = p->use_sizes ? (double)sizes[i] : scales[i];
    if (!(p->values[i] > 0))
      return lt_lite_error(c, "%s must be positive, got %g", vname,
                           p->values[i]);
  }
  return LT_SUCCESS;
}

/* Output dims and, with X's dims known, the per-axis scale and resized
 * length of the kernel parameters. */
static lt_result_t resize_infer(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, resize_plan_t *p) {
  int pol = 0;
  if (LT_FAILED(resize_plan(c, in, num_in, p, &pol))) return LT_FAILURE;
  const lt_lite_shape_t *x = &in[0];
  out->dtype = x->dtype;
  out->rank = x->rank;
  for (int32_t d = 0; d < x->rank; d++) {
    out->dims[d] = x->dims[d];
    p->kp.scales[d] = 1.0;
    p->kp.lengths[d] = (double)x->dims[d];
  }
  if (x->rank < 0) return LT_SUCCESS;
  /* keep_aspect_ratio_policy: one scale for every resized axis. */
  double common = 0;
  bool have_common = p->use_sizes && pol != 0 && p->known;
  for (int32_t i = 0; have_common && i < p->naxes; i++) {
    int64_t xd = x->dims[p->axes[i]];
    if (xd <= 0) {
      have_common = false;
      break;
    }
    double s = p->values[i] / (double)xd;
    if (i == 0 || (pol == 1 ? s < common : s > common)) common = s;
  }
  for (int32_t i = 0; i < p->naxes; i++) {
    int32_t d = p->axes[i];
    int64_t xd = x->dims[d];
    out->dims[d] = -1;
    if (!p->known) continue;
    /* Sizes and scaled lengths must be representable dims (this also
     * refuses NaN and negative values before any conversion). */
    double len = p->use_sizes ? p->values[i]
                              : p->values[i] * (double)(xd > 0 ? xd : 1);
    if (!(len >= 0 && len <= RESIZE_MAX_DIM))
      return lt_lite_error(c,
                           "%s for axis %d gives %g elements; expected 0 to "
                           "2^40",
                           p->use_sizes ? "sizes" : "scales", (int)d, len);
    if (!p->use_sizes) {
      p->kp.scales[d] = p->values[i];
      p->kp.lengths[d] = p->values[i] * (double)xd;
      if (xd >= 0) out->dims[d] = (int64_t)floor(p->values[i] * (double)xd);
    } else if (pol == 0) {
      out->dims[d] = (int64_t)p->values[i];
      p->kp.scales[d] = xd > 0 ? p->values[i] / (double)xd : 1.0;
      p->kp.lengths[d] = p->values[i];
    } else if (have_common) {
      if (!(common * (double)xd <= RESIZE_MAX_DIM))
        return lt_lite_error(c, "sizes give a scale of %g for axis %d; the "
                                "result would exceed 2^40 elements",
                             common, (int)d);
      p->kp.scales[d] = common;
      p->kp.lengths[d] = common * (double)xd;
      out->dims[d] = (int64_t)floor(common * (double)xd + 0.5);
    }
    /* There is nothing to interpolate from. */
    if (xd == 0 && out->dims[d] > 0)
      return lt_lite_error(c,
                           "cannot resize the empty axis %d of operand #0 "
                           "(X) to %lld elements",
                           (int)d, (long long)out->dims[d]);
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_resize(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  resize_plan_t p;
  return resize_infer(c, in, num_in, out, &p);
}

lt_result_t lt_lite_eval_resize(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lt_lite_shape_t sin[4], sout;
  lk_shapes_of(in, num_in, sin);
  memset(&sout, 0, sizeof sout);
  resize_plan_t p;
  if (LT_FAILED(resize_infer(c, sin, num_in, &sout, &p))) return LT_FAILURE;
  return lk_ref_resize(&p.kp, &in[0], &out[0]) ? LT_SUCCESS : lt_lite_nn_oom(c);
}

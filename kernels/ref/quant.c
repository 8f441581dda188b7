/* quant.c - quantize, dequantize and calib. */
#include "kernels/ref/quant.h"

#include <math.h>

#include "kernels/ref/elementwise.h"

bool lk_quant_per_axis(const lk_quant_params_t *p, const lk_tensor_t *x,
                       const lk_tensor_t *scale) {
  return scale->rank == 1 && p->axis >= 0 && p->axis < x->rank &&
         !(scale->dims[0] == 1 && x->dims[p->axis] != 1);
}

/* v rounded to dtype t's precision (a float dtype). */
static double round_to(lk_dtype_t t, double v) {
  switch (t) {
  case LK_F32: return (float)v;
  case LK_F16: return lk_f16_to_f32(lk_f32_to_f16((float)v));
  case LK_BF16: return lk_bf16_to_f32(lk_f32_to_bf16((float)v));
  default: return v;
  }
}

/* v rounded half to even and clamped to integer dtype t's range. */
static double saturate(lk_dtype_t t, double v) {
  int bits = (int)lk_dtype_size(t) * 8;
  double lo = 0, hi;
  if (t == LK_BOOL) {
    hi = 1;
  } else if (lk_dtype_is_signed(t)) {
    lo = -ldexp(1.0, bits - 1);
    hi = ldexp(1.0, bits - 1) - 1;
  } else {
    hi = ldexp(1.0, bits) - 1;
  }
  v = nearbyint(v);
  if (v != v) return 0;
  return v < lo ? lo : v > hi ? hi : v;
}

/* Maps an element of x to its scale / zero point: element i uses index
 * (i / inner) % len (len 1 per tensor). */
typedef struct channels {
  int64_t inner, len;
} channels_t;

static channels_t channels_of(const lk_quant_params_t *p, const lk_tensor_t *x,
                              const lk_tensor_t *scale) {
  channels_t c = {1, 1};
  if (!lk_quant_per_axis(p, x, scale)) return c;
  for (int32_t d = p->axis + 1; d < x->rank; d++) c.inner *= x->dims[d];
  c.len = x->dims[p->axis];
  return c;
}

static bool present(const lk_tensor_t *t) {
  return t && t->dtype != LK_DTYPE_NONE && t->data;
}

void lk_ref_quantize(const lk_quant_params_t *p, const lk_tensor_t *x,
                     const lk_tensor_t *scale, const lk_tensor_t *zero_point,
                     lk_tensor_t *y) {
  channels_t ch = channels_of(p, x, scale);
  bool has_zp = present(zero_point);
  int64_t n = lk_numel(x);
  for (int64_t i = 0; i < n; i++) {
    int64_t c = (i / ch.inner) % ch.len;
    double q =
        round_to(scale->dtype, lk_load_f64(x, i) / lk_load_f64(scale, c));
    /* The zero point is added after rounding, as an integer. */
    double zp = has_zp ? (double)lk_load_i64(zero_point, c) : 0.0;
    lk_store_f64(y, i, saturate(y->dtype, nearbyint(q) + zp));
  }
}

void lk_ref_dequantize(const lk_quant_params_t *p, const lk_tensor_t *x,
                       const lk_tensor_t *scale,
                       const lk_tensor_t *zero_point, lk_tensor_t *y) {
  channels_t ch = channels_of(p, x, scale);
  bool has_zp = present(zero_point);
  int64_t n = lk_numel(x);
  for (int64_t i = 0; i < n; i++) {
    int64_t c = (i / ch.inner) % ch.len;
    int64_t zp = has_zp ? lk_load_i64(zero_point, c) : 0;
    double v = (double)lk_load_i64(x, i) - (double)zp;
    lk_store_f64(y, i, v * lk_load_f64(scale, c));
  }
}

void lk_ref_calib(double scale, const lk_tensor_t *x, lk_tensor_t *y) {
  bool from_float = lk_dtype_is_float(x->dtype);
  bool to_float = lk_dtype_is_float(y->dtype);
  int64_t n = lk_numel(x);
  if (from_float && !to_float) {
    for (int64_t i = 0; i < n; i++)
      lk_store_f64(y, i, saturate(y->dtype, lk_load_f64(x, i) / scale));
  } else if (!from_float && to_float) {
    for (int64_t i = 0; i < n; i++)
      lk_store_f64(y, i, (double)lk_load_i64(x, i) * scale);
  } else {
    lk_ref_cast(x, y);
  }
}

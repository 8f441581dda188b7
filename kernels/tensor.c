/* tensor.c - element types and generic element access. */
#include "kernels/tensor.h"

#include <math.h>
#include <string.h>

static const struct {
  const char *name;
  uint8_t bytes, is_float, is_signed;
} lk_dtype_table[] = {
#define X(e, name, bytes, fl, sg) {name, bytes, fl, sg},
    LK_DTYPES(X)
#undef X
};

static bool lk_dtype_valid(lk_dtype_t t) {
  return (int)t >= 0 && t < LK_NUM_DTYPES;
}

const char *lk_dtype_name(lk_dtype_t t) {
  return lk_dtype_valid(t) ? lk_dtype_table[t].name : "none";
}
size_t lk_dtype_size(lk_dtype_t t) {
  return lk_dtype_valid(t) ? lk_dtype_table[t].bytes : 0;
}
bool lk_dtype_is_float(lk_dtype_t t) {
  return lk_dtype_valid(t) && lk_dtype_table[t].is_float;
}
bool lk_dtype_is_signed(lk_dtype_t t) {
  return lk_dtype_valid(t) && lk_dtype_table[t].is_signed;
}
bool lk_dtype_is_int(lk_dtype_t t) {
  return lk_dtype_valid(t) && !lk_dtype_table[t].is_float;
}

int64_t lk_numel(const lk_tensor_t *t) {
  int64_t n = 1;
  for (int32_t i = 0; i < t->rank; i++) n *= t->dims[i];
  return n;
}

size_t lk_nbytes(const lk_tensor_t *t) {
  return (size_t)lk_numel(t) * lk_dtype_size(t->dtype);
}

void lk_strides(const lk_tensor_t *t, int64_t *strides) {
  int64_t s = 1;
  for (int32_t i = t->rank - 1; i >= 0; i--) {
    strides[i] = s;
    s *= t->dims[i];
  }
}

/* ---- half precision ------------------------------------------------------ */

float lk_f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 0x1f,
           man = h & 0x3ff, bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (man << 13);
  } else if (exp == 0) {
    if (man == 0) {
      bits = sign;
    } else { /* subnormal: value = man * 2^-24 */
      float f = ldexpf((float)man, -24);
      return sign ? -f : f;
    }
  } else {
    bits = sign | ((exp + 112) << 23) | (man << 13);
  }
  float f;
  memcpy(&f, &bits, 4);
  return f;
}

uint16_t lk_f32_to_f16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  uint32_t absx = x & 0x7fffffffu;
  if (absx >= 0x7f800000u) /* inf or nan (keep nan quiet) */
    return (uint16_t)(sign | 0x7c00 | (absx > 0x7f800000u ? 0x200 : 0));
  if (absx >= 0x477ff000u) return (uint16_t)(sign | 0x7c00); /* overflow */
  if (absx < 0x38800000u) { /* subnormal or zero in half */
    float a;
    memcpy(&a, &absx, 4);
    /* a * 2^24 rounded to nearest even integer is the subnormal mantissa */
    float m = nearbyintf(a * 16777216.0f);
    return (uint16_t)(sign | (uint32_t)m);
  }
  uint32_t mant = absx & 0x7fffff, exp = (absx >> 23) - 112;
  uint32_t h = (exp << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1))) h++;
  return (uint16_t)(sign | h);
}

float lk_bf16_to_f32(uint16_t h) {
  uint32_t bits = (uint32_t)h << 16;
  float f;
  memcpy(&f, &bits, 4);
  return f;
}

uint16_t lk_f32_to_bf16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40);
  x += 0x7fff + ((x >> 16) & 1);
  return (uint16_t)(x >> 16);
}

/* ---- generic access ------------------------------------------------------ */

#define LK_LOAD_CASES(T, conv)                                                 \
  case LK_F32: return (T)((const float *)t->data)[i];                          \
  case LK_F64: return (T)((const double *)t->data)[i];                         \
  case LK_F16: return (T)lk_f16_to_f32(((const uint16_t *)t->data)[i]);        \
  case LK_BF16: return (T)lk_bf16_to_f32(((const uint16_t *)t->data)[i]);      \
  case LK_I8: return (T)((const int8_t *)t->data)[i];                          \
  case LK_I16: return (T)((const int16_t *)t->data)[i];                        \
  case LK_I32: return (T)((const int32_t *)t->data)[i];                        \
  case LK_I64: return (T)((const int64_t *)t->data)[i];                        \
  case LK_U8: return (T)((const uint8_t *)t->data)[i];                         \
  case LK_U16: return (T)((const uint16_t *)t->data)[i];                       \
  case LK_U32: return (T)((const uint32_t *)t->data)[i];                       \
  case LK_U64: return conv(((const uint64_t *)t->data)[i]);                    \
  case LK_BOOL: return (T)(((const uint8_t *)t->data)[i] != 0);                \
  default: return 0;

static double u64_to_f64(uint64_t v) { return (double)v; }
static int64_t u64_to_i64(uint64_t v) { return (int64_t)v; }

double lk_load_f64(const lk_tensor_t *t, int64_t i) {
  switch (t->dtype) { LK_LOAD_CASES(double, u64_to_f64) }
}

/* Float to integer conversions saturate instead of being undefined. */
static int64_t f64_to_i64(double v) {
  if (v != v) return 0;
  if (v >= 9223372036854775807.0) return INT64_MAX;
  if (v <= -9223372036854775808.0) return INT64_MIN;
  return (int64_t)v;
}

int64_t lk_load_i64(const lk_tensor_t *t, int64_t i) {
  switch (t->dtype) {
  case LK_F32: return f64_to_i64(((const float *)t->data)[i]);
  case LK_F64: return f64_to_i64(((const double *)t->data)[i]);
  case LK_F16: return f64_to_i64(lk_f16_to_f32(((const uint16_t *)t->data)[i]));
  case LK_BF16:
    return f64_to_i64(lk_bf16_to_f32(((const uint16_t *)t->data)[i]));
  case LK_I8: return ((const int8_t *)t->data)[i];
  case LK_I16: return ((const int16_t *)t->data)[i];
  case LK_I32: return ((const int32_t *)t->data)[i];
  case LK_I64: return ((const int64_t *)t->data)[i];
  case LK_U8: return ((const uint8_t *)t->data)[i];
  case LK_U16: return ((const uint16_t *)t->data)[i];
  case LK_U32: return ((const uint32_t *)t->data)[i];
  case LK_U64: return u64_to_i64(((const uint64_t *)t->data)[i]);
  case LK_BOOL: return ((const uint8_t *)t->data)[i] != 0;
  default: return 0;
  }
}

/* Stores of a double into an integer type: C conversion semantics with the
 * undefined cases (NaN, out of range) pinned to wrap-around of the int64
 * value, as numpy's astype does on x86. */
static uint64_t f64_to_bits(double v) {
  if (v != v) return 0;
  if (v >= 18446744073709551616.0 || v <= -9223372036854775808.0)
    return (uint64_t)INT64_MIN;
  if (v >= 9223372036854775808.0) return (uint64_t)v;
  return (uint64_t)(int64_t)v;
}

static void store_bits(lk_tensor_t *t, int64_t i, uint64_t v) {
  switch (t->dtype) {
  case LK_I8: case LK_U8: ((uint8_t *)t->data)[i] = (uint8_t)v; break;
  case LK_I16: case LK_U16: ((uint16_t *)t->data)[i] = (uint16_t)v; break;
  case LK_I32: case LK_U32: ((uint32_t *)t->data)[i] = (uint32_t)v; break;
  case LK_I64: case LK_U64: ((uint64_t *)t->data)[i] = v; break;
  default: break;
  }
}

void lk_store_f64(lk_tensor_t *t, int64_t i, double v) {
  switch (t->dtype) {
  case LK_F32: ((float *)t->data)[i] = (float)v; break;
  case LK_F64: ((double *)t->data)[i] = v; break;
  case LK_F16: ((uint16_t *)t->data)[i] = lk_f32_to_f16((float)v); break;
  case LK_BF16: ((uint16_t *)t->data)[i] = lk_f32_to_bf16((float)v); break;
  case LK_BOOL: ((uint8_t *)t->data)[i] = v != 0; break;
  default: store_bits(t, i, f64_to_bits(v)); break;
  }
}

void lk_store_i64(lk_tensor_t *t, int64_t i, int64_t v) {
  switch (t->dtype) {
  case LK_F32: ((float *)t->data)[i] = (float)v; break;
  case LK_F64: ((double *)t->data)[i] = (double)v; break;
  case LK_F16: ((uint16_t *)t->data)[i] = lk_f32_to_f16((float)v); break;
  case LK_BF16: ((uint16_t *)t->data)[i] = lk_f32_to_bf16((float)v); break;
  case LK_U64: ((uint64_t *)t->data)[i] = (uint64_t)v; break;
  case LK_BOOL: ((uint8_t *)t->data)[i] = v != 0; break;
  default: store_bits(t, i, (uint64_t)v); break;
  }
}

void lk_copy_elem(lk_tensor_t *dst, int64_t j, const lk_tensor_t *src,
                  int64_t i) {
  size_t n = lk_dtype_size(src->dtype);
  memcpy((char *)dst->data + (size_t)j * n,
         (const char *)src->data + (size_t)i * n, n);
}

/* float16.c - round-to-nearest-even conversions between f64 and the narrower
 * IEEE-style formats, done on bit patterns so that the result never depends
 * on the FPU's rounding mode and signalling NaNs are not quieted. */
#include "ir/float16.h"

#include <math.h>
#include <string.h>

typedef struct lt_float_format {
  int mbits; /* stored mantissa bits */
  int ebits; /* exponent bits */
} lt_float_format_t;

static const lt_float_format_t lt_fmt_f16 = {10, 5};
static const lt_float_format_t lt_fmt_bf16 = {7, 8};
static const lt_float_format_t lt_fmt_f32 = {23, 8};

static uint64_t lt_f64_bits(double v) {
  uint64_t b;
  memcpy(&b, &v, sizeof b);
  return b;
}

static double lt_f64_from_raw(uint64_t b) {
  double v;
  memcpy(&v, &b, sizeof v);
  return v;
}

static uint64_t lt_round_to_format(double v, lt_float_format_t f) {
  const uint64_t d = lt_f64_bits(v);
  const uint64_t sign = (d >> 63) << (f.mbits + f.ebits);
  const uint64_t dexp = (d >> 52) & 0x7ff;
  const uint64_t dman = d & ((1ull << 52) - 1);
  const uint64_t emax = (1ull << f.ebits) - 1;
  if (dexp == 0x7ff) {
    if (dman == 0) return sign | (emax << f.mbits);
    uint64_t m = dman >> (52 - f.mbits);
    if (m == 0) m = 1ull << (f.mbits - 1); /* keep it a NaN */
    return sign | (emax << f.mbits) | m;
  }
  if (dexp == 0 && dman == 0) return sign;
  const int64_t bias = (1 << (f.ebits - 1)) - 1;
  const int64_t emin = 1 - bias;
  int64_t e = dexp ? (int64_t)dexp - 1023 : -1022;
  uint64_t m = dexp ? (dman | (1ull << 52)) : dman;
  int64_t shift = 52 - f.mbits;
  if (e < emin) shift += emin - e;
  if (shift >= 64) return sign; /* below half the smallest subnormal */
  uint64_t q = m >> shift;
  uint64_t rem = m & ((1ull << shift) - 1);
  uint64_t half = 1ull << (shift - 1);
  if (rem > half || (rem == half && (q & 1))) q++;
  if (e < emin) return sign | q; /* a carry lands on the smallest normal */
  /* q carries into the exponent when rounding up to the next power of 2. */
  uint64_t bits = ((uint64_t)(e + bias) << f.mbits) + (q - (1ull << f.mbits));
  if (e + bias >= (int64_t)emax || bits >= (emax << f.mbits))
    return sign | (emax << f.mbits);
  return sign | bits;
}

static double lt_value_of_format(uint64_t bits, lt_float_format_t f) {
  const uint64_t emax = (1ull << f.ebits) - 1;
  const bool neg = (bits >> (f.mbits + f.ebits)) & 1;
  const uint64_t e = (bits >> f.mbits) & emax;
  const uint64_t m = bits & ((1ull << f.mbits) - 1);
  const int bias = (1 << (f.ebits - 1)) - 1;
  if (e == emax) {
    uint64_t d = ((uint64_t)neg << 63) | (0x7ffull << 52);
    if (m) d |= m << (52 - f.mbits);
    return lt_f64_from_raw(d);
  }
  double v;
  if (e == 0)
    v = ldexp((double)m, 1 - bias - f.mbits);
  else
    v = ldexp((double)(m | (1ull << f.mbits)), (int)e - bias - f.mbits);
  return neg ? -v : v;
}

uint64_t lt_float_to_bits(lt_type_kind_t kind, double value) {
  switch (kind) {
  case LT_TYPE_F16:
    return lt_round_to_format(value, lt_fmt_f16);
  case LT_TYPE_BF16:
    return lt_round_to_format(value, lt_fmt_bf16);
  case LT_TYPE_F32:
    return lt_round_to_format(value, lt_fmt_f32);
  default:
    return lt_f64_bits(value);
  }
}

double lt_float_from_bits(lt_type_kind_t kind, uint64_t bits) {
  switch (kind) {
  case LT_TYPE_F16:
    return lt_value_of_format(bits & 0xffff, lt_fmt_f16);
  case LT_TYPE_BF16:
    return lt_value_of_format(bits & 0xffff, lt_fmt_bf16);
  case LT_TYPE_F32:
    return lt_value_of_format(bits & 0xffffffffu, lt_fmt_f32);
  default:
    return lt_f64_from_raw(bits);
  }
}

static double lt_f32_widen(float value) {
  uint32_t b;
  memcpy(&b, &value, sizeof b);
  return lt_value_of_format(b, lt_fmt_f32);
}

static float lt_f32_narrow(double value) {
  uint32_t b = (uint32_t)lt_round_to_format(value, lt_fmt_f32);
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

uint16_t lt_f32_to_f16_bits(float value) {
  return (uint16_t)lt_round_to_format(lt_f32_widen(value), lt_fmt_f16);
}

float lt_f16_bits_to_f32(uint16_t bits) {
  return lt_f32_narrow(lt_value_of_format(bits, lt_fmt_f16));
}

uint16_t lt_f32_to_bf16_bits(float value) {
  return (uint16_t)lt_round_to_format(lt_f32_widen(value), lt_fmt_bf16);
}

float lt_bf16_bits_to_f32(uint16_t bits) {
  return lt_f32_narrow(lt_value_of_format(bits, lt_fmt_bf16));
}

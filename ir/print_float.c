/* print_float.c - numbers: floats exactly as MLIR 16 prints them
 * (printFloatValue on top of llvm::APFloat::toString). APFloat's decimal
 * conversion truncates then rounds half-up on one digit, which is not printf's
 * correct rounding, so the algorithm is reproduced here on exact big integers;
 * otherwise `1.234567` would come out as `1.234567e+00` where MLIR prints
 * `1.23456705`, and lite's output would not diff clean against mlir-opt's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/float16.h"
#include "ir/print_impl.h"

/* ---- minimal unsigned big integers (enough for f64: 53 + 1074*log2(5)) --- */
#define BIG_LIMBS 96

typedef struct big {
  uint32_t n; /* limbs in use; d[n-1] != 0 unless n == 0 */
  uint32_t d[BIG_LIMBS];
} big_t;

static void big_set_u64(big_t *b, uint64_t v) {
  b->n = 0;
  while (v) {
    b->d[b->n++] = (uint32_t)v;
    v >>= 32;
  }
}

static void big_mul_small(big_t *b, uint32_t m) {
  uint64_t carry = 0;
  for (uint32_t i = 0; i < b->n; i++) {
    uint64_t t = (uint64_t)b->d[i] * m + carry;
    b->d[i] = (uint32_t)t;
    carry = t >> 32;
  }
  if (carry && b->n < BIG_LIMBS) b->d[b->n++] = (uint32_t)carry;
}

static void big_shl(big_t *b, uint32_t bits) {
  if (b->n == 0) return;
  uint32_t limbs = bits / 32, sh = bits % 32;
  uint32_t n = b->n + limbs + 1;
  if (n > BIG_LIMBS) n = BIG_LIMBS;
  for (int64_t i = (int64_t)n - 1; i >= 0; i--) {
    int64_t src = i - (int64_t)limbs;
    uint64_t hi = (src >= 0 && src < (int64_t)b->n) ? b->d[src] : 0;
    uint64_t lo = (src - 1 >= 0 && src - 1 < (int64_t)b->n) ? b->d[src - 1] : 0;
    b->d[i] = sh ? (uint32_t)((hi << sh) | (lo >> (32 - sh))) : (uint32_t)hi;
  }
  b->n = n;
  while (b->n && b->d[b->n - 1] == 0)
    b->n--;
}

/* b /= m; returns the remainder. */
static uint32_t big_divrem_small(big_t *b, uint32_t m) {
  uint64_t rem = 0;
  for (int64_t i = (int64_t)b->n - 1; i >= 0; i--) {
    uint64_t cur = (rem << 32) | b->d[i];
    b->d[i] = (uint32_t)(cur / m);
    rem = cur % m;
  }
  while (b->n && b->d[b->n - 1] == 0)
    b->n--;
  return (uint32_t)rem;
}

static uint32_t big_active_bits(const big_t *b) {
  if (b->n == 0) return 0;
  uint32_t top = b->d[b->n - 1];
  return (b->n - 1) * 32 + (32 - (uint32_t)__builtin_clz(top));
}

/* ---- float formats ------------------------------------------------------- */
typedef struct fsem {
  int precision; /* significand bits including the implicit one */
  int ebits;
} fsem_t;

static bool fsem_of(lt_type_kind_t kind, fsem_t *out) {
  switch (kind) {
  case LT_TYPE_F16:
    *out = (fsem_t){11, 5};
    return true;
  case LT_TYPE_BF16:
    *out = (fsem_t){8, 8};
    return true;
  case LT_TYPE_F32:
    *out = (fsem_t){24, 8};
    return true;
  case LT_TYPE_F64:
    *out = (fsem_t){53, 11};
    return true;
  default:
    return false;
  }
}

/* Rounds the decimal string to format s (correctly: via double for the short
 * strings printed here, whose distance to a midpoint of s is far above
 * double's rounding error). */
static uint64_t fsem_parse(fsem_t s, lt_type_kind_t kind, const char *str) {
  if (s.precision == 24) {
    float f = strtof(str, NULL);
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
  }
  double d = strtod(str, NULL);
  if (s.precision == 53) {
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
  }
  return lt_float_to_bits(kind, d);
}

/* APFloat's AdjustToPrecision on the digit buffer (least significant first):
 * round half up on the first dropped digit. */
static void adjust_digits(char *buf, unsigned *n_io, int *exp, unsigned prec) {
  unsigned n = *n_io;
  if (n <= prec) return;
  unsigned first = n - prec;
  if (buf[first - 1] < '5') {
    while (first < n && buf[first] == '0')
      first++;
    *exp += (int)first;
    memmove(buf, buf + first, n - first);
    *n_io = n - first;
    return;
  }
  for (unsigned i = first; i != n; ++i) {
    if (buf[i] == '9') {
      first++;
    } else {
      buf[i]++;
      break;
    }
  }
  if (first == n) {
    *exp += (int)first;
    buf[0] = '1';
    *n_io = 1;
    return;
  }
  *exp += (int)first;
  memmove(buf, buf + first, n - first);
  *n_io = n - first;
}

/* APFloat::toString for a finite value. */
static void apfloat_to_string(fsem_t s, uint64_t bits, unsigned fmt_prec,
                              unsigned max_pad, bool truncate_zero, char *out,
                              size_t out_cap) {
  int p = s.precision, bias = (1 << (s.ebits - 1)) - 1;
  bool neg = (bits >> (s.ebits + p - 1)) & 1;
  uint64_t biased = (bits >> (p - 1)) & ((1u << s.ebits) - 1);
  uint64_t frac = bits & ((1ull << (p - 1)) - 1);
  size_t o = 0;
#define PUT(c)                                                                 \
  do {                                                                         \
    if (o + 1 < out_cap) out[o++] = (c);                                       \
  } while (0)
  if (neg) PUT('-');
  if (biased == 0 && frac == 0) {
    if (!max_pad) {
      if (truncate_zero) {
        for (const char *t = "0.0E+0"; *t; t++)
          PUT(*t);
      } else {
        PUT('0');
        PUT('.');
        PUT('0');
        for (unsigned i = 1; i < fmt_prec; i++)
          PUT('0');
        for (const char *t = "e+00"; *t; t++)
          PUT(*t);
      }
    } else {
      PUT('0');
    }
    out[o] = 0;
    return;
  }
  uint64_t sig = biased ? (frac | (1ull << (p - 1))) : frac;
  int exp = (biased ? (int)biased - bias : 1 - bias) - (p - 1);

  if (!fmt_prec) fmt_prec = 2 + (unsigned)p * 59 / 196;

  int tz = __builtin_ctzll(sig);
  exp += tz;
  sig >>= tz;

  big_t b;
  big_set_u64(&b, sig);
  if (exp > 0) {
    big_shl(&b, (uint32_t)exp);
    exp = 0;
  } else if (exp < 0) {
    /* N * 2^-e == N * 5^e * 10^-e */
    int texp = -exp;
    while (texp >= 13) {
      big_mul_small(&b, 1220703125u); /* 5^13 */
      texp -= 13;
    }
    uint32_t m = 1;
    while (texp-- > 0)
      m *= 5;
    big_mul_small(&b, m);
  }

  /* AdjustToPrecision on the integer: drop (floor) whole tens. */
  unsigned nbits = big_active_bits(&b);
  unsigned bits_required = (fmt_prec * 196 + 58) / 59;
  if (nbits > bits_required) {
    unsigned tens = (nbits - bits_required) * 59 / 196;
    exp += (int)tens;
    while (tens >= 9) {
      big_divrem_small(&b, 1000000000u);
      tens -= 9;
    }
    uint32_t d = 1;
    while (tens-- > 0)
      d *= 10;
    if (d > 1) big_divrem_small(&b, d);
  }

  char buf[800];
  unsigned nd = 0;
  bool in_trail = true;
  while (b.n && nd < sizeof buf) {
    uint32_t d = big_divrem_small(&b, 10);
    if (in_trail && !d) {
      exp++;
    } else {
      buf[nd++] = (char)('0' + d);
      in_trail = false;
    }
  }
  adjust_digits(buf, &nd, &exp, fmt_prec);

  bool scientific;
  if (!max_pad) {
    scientific = true;
  } else if (exp >= 0) {
    scientific = (unsigned)exp > max_pad || nd + (unsigned)exp > fmt_prec;
  } else {
    int msd = exp + (int)(nd - 1);
    scientific = msd >= 0 ? false : (unsigned)(-msd) > max_pad;
  }

  if (scientific) {
    exp += (int)(nd - 1);
    PUT(buf[nd - 1]);
    PUT('.');
    if (nd == 1 && truncate_zero) {
      PUT('0');
    } else {
      for (unsigned i = 1; i != nd; ++i)
        PUT(buf[nd - 1 - i]);
    }
    if (!truncate_zero && fmt_prec > nd - 1)
      for (unsigned i = 0; i < fmt_prec - nd + 1; i++)
        PUT('0');
    PUT(truncate_zero ? 'E' : 'e');
    PUT(exp >= 0 ? '+' : '-');
    if (exp < 0) exp = -exp;
    char eb[12];
    int en = 0;
    do {
      eb[en++] = (char)('0' + exp % 10);
      exp /= 10;
    } while (exp);
    if (!truncate_zero && en < 2) eb[en++] = '0';
    while (en > 0)
      PUT(eb[--en]);
  } else if (exp >= 0) {
    for (unsigned i = 0; i != nd; ++i)
      PUT(buf[nd - 1 - i]);
    for (int i = 0; i != exp; ++i)
      PUT('0');
  } else {
    int whole = exp + (int)nd;
    unsigned i = 0;
    if (whole > 0) {
      for (; i != (unsigned)whole; ++i)
        PUT(buf[nd - i - 1]);
      PUT('.');
    } else {
      PUT('0');
      PUT('.');
      for (int z = 0; z < -whole; z++)
        PUT('0');
    }
    for (; i != nd; ++i)
      PUT(buf[nd - i - 1]);
  }
#undef PUT
  out[o] = 0;
}

void lt_print_float_bits(lt_strbuf_t *out, lt_type_kind_t kind, uint64_t bits) {
  fsem_t s;
  if (!fsem_of(kind, &s)) {
    lt_strbuf_puts(out, "<<INVALID FLOAT TYPE>>");
    return;
  }
  int total = s.ebits + s.precision;
  if (total < 64) bits &= (1ull << total) - 1;
  uint64_t emask = (1u << s.ebits) - 1;
  bool special = ((bits >> (s.precision - 1)) & emask) == emask;
  if (!special) {
    char str[128];
    apfloat_to_string(s, bits, 6, 0, false, str, sizeof str);
    if (fsem_parse(s, kind, str) == bits) {
      lt_strbuf_puts(out, str);
      return;
    }
    apfloat_to_string(s, bits, 0, 3, true, str, sizeof str);
    if (strchr(str, '.')) {
      lt_strbuf_puts(out, str);
      return;
    }
  }
  /* Special values (and integers APFloat would print without a '.') as the
   * bit pattern, which the parser reads back exactly. */
  lt_strbuf_printf(out, "0x%llX", (unsigned long long)bits);
}

void lt_print_float(lt_strbuf_t *out, const lt_type_t *type, double value) {
  lt_type_kind_t kind = type ? type->kind : LT_TYPE_F64;
  lt_print_float_bits(out, kind, lt_float_to_bits(kind, value));
}

/* Integers wider than 64 bits are rare (dense<> of i128), so they share the
 * big integers above instead of a 128-bit fast path. */
void lt_print_wide_int(lt_strbuf_t *out, const uint8_t *bytes, size_t nbytes,
                       uint32_t width, bool is_signed) {
  _Static_assert(LT_PRINT_WIDE_INT_MAX_BITS <= BIG_LIMBS * 32,
                 "decimal printer too narrow");
  if (width > LT_PRINT_WIDE_INT_MAX_BITS) width = LT_PRINT_WIDE_INT_MAX_BITS;
  if (width == 0) {
    lt_strbuf_putc(out, '0');
    return;
  }
  big_t b;
  uint32_t limbs = (width + 31) / 32;
  for (uint32_t i = 0; i < limbs; i++) {
    uint32_t v = 0;
    for (uint32_t k = 0; k < 4; k++) {
      size_t at = (size_t)i * 4 + k;
      if (at < nbytes) v |= (uint32_t)bytes[at] << (8 * k);
    }
    b.d[i] = v;
  }
  if (width % 32) b.d[limbs - 1] &= (1u << (width % 32)) - 1;
  bool neg =
      is_signed && width && ((b.d[(width - 1) / 32] >> ((width - 1) % 32)) & 1);
  if (neg) { /* two's complement within `width` bits */
    uint64_t carry = 1;
    for (uint32_t i = 0; i < limbs; i++) {
      uint64_t t = (uint64_t)(uint32_t)~b.d[i] + carry;
      b.d[i] = (uint32_t)t;
      carry = t >> 32;
    }
    if (width % 32) b.d[limbs - 1] &= (1u << (width % 32)) - 1;
  }
  b.n = limbs;
  while (b.n && b.d[b.n - 1] == 0)
    b.n--;
  uint32_t chunks[BIG_LIMBS * 2];
  int nc = 0;
  do {
    chunks[nc++] = big_divrem_small(&b, 1000000000u);
  } while (b.n && nc < (int)LT_ARRAY_SIZE(chunks));
  if (neg) lt_strbuf_putc(out, '-');
  lt_strbuf_printf(out, "%u", chunks[nc - 1]);
  for (int i = nc - 2; i >= 0; i--)
    lt_strbuf_printf(out, "%09u", chunks[i]);
}

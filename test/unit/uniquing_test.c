/* uniquing_test.c - hash-consing of identifiers, types and attributes, and
 * the value rules their constructors apply (integer truncation, float
 * rounding, dictionary sorting, dense splats, fused locations), resources
 * and the op registry. Runs under a counting allocator that must balance. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/attributes.h"
#include "ir/context.h"
#include "ir/diagnostics.h"
#include "ir/float16.h"
#include "ir/operation.h"
#include "ir/types.h"

#include "test/unit/check.h"

/* ---- counting allocator -------------------------------------------------- */

typedef struct counting {
  long live_blocks;
  long long live_bytes;
  long calls;
} counting_t;

static void *counting_fn(void *self, void *ptr, size_t old_size,
                         size_t new_size) {
  counting_t *c = self;
  c->calls++;
  if (ptr) {
    c->live_blocks--;
    c->live_bytes -= (long long)old_size;
  }
  if (new_size == 0) {
    free(ptr);
    return NULL;
  }
  void *p = realloc(ptr, new_size);
  if (p) {
    c->live_blocks++;
    c->live_bytes += (long long)new_size;
  } else if (ptr) {
    c->live_blocks++;
    c->live_bytes += (long long)old_size;
  }
  return p;
}

static counting_t counter;

static lt_context_t *new_context(void) {
  lt_allocator_t a = {&counter, counting_fn};
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(a, &ctx);
  if (st) {
    fprintf(stderr, "context: %s\n", lt_status_message(st));
    lt_status_free(st);
    exit(1);
  }
  return ctx;
}

/* Captures diagnostics instead of printing them. */
typedef struct captured {
  int count;
  char last[512];
} captured_t;

static bool capture(void *user, const lt_diag_t *d) {
  captured_t *c = user;
  c->count++;
  snprintf(c->last, sizeof c->last, "%s",
           d->message.data ? d->message.data : "");
  return true;
}

/* ---- identifiers --------------------------------------------------------- */

static void test_idents(lt_context_t *ctx) {
  const lt_ident_t *a = lt_ident_cstr(ctx, "value");
  CHECK(a && a == lt_ident_get(ctx, "value", 5));
  CHECK(a == lt_ident_get(ctx, "values", 5));
  CHECK(a != lt_ident_cstr(ctx, "values"));
  CHECK(a->len == 5 && strcmp(a->str, "value") == 0);
  const lt_ident_t *e = lt_ident_get(ctx, "", 0);
  CHECK(e && e->len == 0 && e == lt_ident_cstr(ctx, ""));
  /* Embedded NUL is part of the identifier. */
  const lt_ident_t *z = lt_ident_get(ctx, "a\0b", 3);
  CHECK(z && z->len == 3 && z != lt_ident_cstr(ctx, "a"));
  CHECK(z == lt_ident_get(ctx, "a\0b", 3));

  /* Many identifiers: the table grows and keeps every one findable. */
  enum { N = 200000 };
  const lt_ident_t **ids = malloc(N * sizeof(*ids));
  char buf[32];
  for (int i = 0; i < N; i++) {
    int n = snprintf(buf, sizeof buf, "%%v%d", i);
    ids[i] = lt_ident_get(ctx, buf, (size_t)n);
  }
  int bad = 0;
  for (int i = 0; i < N; i++) {
    int n = snprintf(buf, sizeof buf, "%%v%d", i);
    if (lt_ident_get(ctx, buf, (size_t)n) != ids[i]) bad++;
    if (i > 0 && ids[i] == ids[i - 1]) bad++;
  }
  CHECK(bad == 0);
  free(ids);
}

/* ---- types --------------------------------------------------------------- */

static void test_types(lt_context_t *ctx) {
  const lt_type_t *i32 = lt_type_integer(ctx, 32, LT_SIGNLESS);
  CHECK(i32 == lt_type_integer(ctx, 32, LT_SIGNLESS));
  CHECK(i32 != lt_type_integer(ctx, 32, LT_SIGNED));
  CHECK(lt_type_integer(ctx, 32, LT_UNSIGNED) !=
        lt_type_integer(ctx, 32, LT_SIGNED));
  CHECK(lt_type_integer(ctx, 1000, LT_SIGNLESS) ==
        lt_type_integer(ctx, 1000, LT_SIGNLESS));
  CHECK(lt_type_is_integer(i32) && lt_type_bit_width(i32) == 32);
  const lt_type_t *f32 = lt_type_f32(ctx);
  CHECK(f32 == lt_type_float(ctx, LT_TYPE_F32));
  CHECK(lt_type_float(ctx, LT_TYPE_F16) != lt_type_float(ctx, LT_TYPE_BF16));
  CHECK(lt_type_float(ctx, LT_TYPE_INTEGER) == NULL);
  CHECK(lt_type_bit_width(lt_type_index(ctx)) == 64);
  CHECK(lt_type_bit_width(lt_type_float(ctx, LT_TYPE_BF16)) == 16);
  CHECK(lt_type_index(ctx) == lt_type_index(ctx));
  CHECK(lt_type_none(ctx) != lt_type_index(ctx));

  size_t before = lt_context_num_types(ctx);
  int64_t shape[] = {2, LT_DYNAMIC, 4};
  int64_t shape2[] = {2, LT_DYNAMIC, 4};
  const lt_type_t *t1 = lt_type_tensor(ctx, 3, shape, f32, NULL);
  const lt_type_t *t2 = lt_type_tensor(ctx, 3, shape2, f32, NULL);
  CHECK(t1 == t2 && t1->shaped.shape != shape);
  CHECK(lt_context_num_types(ctx) == before + 1);
  CHECK(lt_type_tensor(ctx, 2, shape, f32, NULL) != t1);
  CHECK(lt_type_tensor(ctx, 3, shape, i32, NULL) != t1);
  CHECK(lt_type_num_elements(t1) == -1 && !lt_type_has_static_shape(t1));
  CHECK(lt_type_element(t1) == f32 && lt_type_element(f32) == f32);
  const lt_attr_t *enc = lt_attr_opaque(ctx, "lite", "place<x86, f32, nchw>",
                                        strlen("place<x86, f32, nchw>"));
  const lt_type_t *t3 = lt_type_tensor(ctx, 3, shape, f32, enc);
  CHECK(t3 != t1 && t3 == lt_type_tensor(ctx, 3, shape2, f32, enc));
  CHECK(t3->shaped.encoding == enc);
  int64_t s4[] = {2, 3};
  const lt_type_t *st = lt_type_tensor(ctx, 2, s4, f32, NULL);
  CHECK(lt_type_num_elements(st) == 6 && lt_type_has_static_shape(st));
  const lt_type_t *scalar = lt_type_tensor(ctx, 0, NULL, f32, NULL);
  CHECK(scalar == lt_type_tensor(ctx, 0, shape, f32, NULL));
  CHECK(lt_type_num_elements(scalar) == 1);
  const lt_type_t *v = lt_type_vector(ctx, 2, s4, f32);
  CHECK(v != st && v == lt_type_vector(ctx, 2, s4, f32) &&
        lt_type_is_shaped(v));
  const lt_type_t *u = lt_type_unranked_tensor(ctx, f32);
  CHECK(u == lt_type_unranked_tensor(ctx, f32) &&
        lt_type_num_elements(u) == -1);
  CHECK(u != lt_type_unranked_tensor(ctx, i32));

  const lt_type_t *ins[] = {st, i32};
  const lt_type_t *outs[] = {f32};
  const lt_type_t *fn = lt_type_function(ctx, 2, ins, 1, outs);
  CHECK(fn == lt_type_function(ctx, 2, ins, 1, outs));
  CHECK(fn !=
        lt_type_function(ctx, 1, ins, 2, (const lt_type_t *[]){i32, f32}));
  CHECK(fn->function.types[0] == st && fn->function.types[2] == f32);
  CHECK(lt_type_function(ctx, 0, NULL, 0, NULL) ==
        lt_type_function(ctx, 0, NULL, 0, NULL));
  /* More inputs than the constructor's stack buffer holds. */
  const lt_type_t *many[40];
  for (int i = 0; i < 40; i++)
    many[i] = i % 2 ? f32 : i32;
  CHECK(lt_type_function(ctx, 40, many, 0, NULL) ==
        lt_type_function(ctx, 40, many, 0, NULL));

  const lt_type_t *o1 = lt_type_opaque(ctx, "lite", "qint<8>", 7);
  CHECK(o1 == lt_type_opaque(ctx, "lite", "qint<8>", 7));
  CHECK(o1 != lt_type_opaque(ctx, "lite", "qint<8> ", 8));
  CHECK(strcmp(o1->opaque.dialect->str, "lite") == 0);
}

/* ---- integers and floats ------------------------------------------------- */

static void test_integers(lt_context_t *ctx) {
  const lt_type_t *i8 = lt_type_integer(ctx, 8, LT_SIGNLESS);
  const lt_type_t *ui8 = lt_type_integer(ctx, 8, LT_UNSIGNED);
  const lt_type_t *si8 = lt_type_integer(ctx, 8, LT_SIGNED);
  const lt_type_t *i1 = lt_type_integer(ctx, 1, LT_SIGNLESS);
  const lt_type_t *si1 = lt_type_integer(ctx, 1, LT_SIGNED);
  const lt_type_t *i64 = lt_type_integer(ctx, 64, LT_SIGNLESS);
  const lt_type_t *i4 = lt_type_integer(ctx, 4, LT_SIGNLESS);
  CHECK(lt_attr_integer(ctx, i8, 300)->i == 44);
  CHECK(lt_attr_integer(ctx, i8, 200)->i == -56);
  CHECK(lt_attr_integer(ctx, i8, 200) == lt_attr_integer(ctx, i8, -56));
  CHECK(lt_attr_integer(ctx, si8, 255)->i == -1);
  CHECK(lt_attr_integer(ctx, ui8, -1)->i == 255);
  CHECK(lt_attr_integer(ctx, ui8, 255) != lt_attr_integer(ctx, i8, 255));
  CHECK(lt_attr_integer(ctx, i4, 15)->i == -1);
  CHECK(lt_attr_integer(ctx, i64, INT64_MIN)->i == INT64_MIN);
  CHECK(lt_attr_integer(ctx, lt_type_index(ctx), -7)->i == -7);
  CHECK(lt_attr_integer(ctx, lt_type_f32(ctx), 1) == NULL);
  /* i1 is 0/1 and `1 : i1` is the attribute `true`. */
  const lt_attr_t *t = lt_attr_integer(ctx, i1, 3);
  CHECK(t == lt_attr_bool(ctx, true) && t->kind == LT_ATTR_BOOL);
  CHECK(t->b && t->i == 1 && t->type == i1);
  CHECK(lt_attr_integer(ctx, i1, 2) == lt_attr_bool(ctx, false));
  CHECK(lt_attr_bool(ctx, false)->i == 0 && !lt_attr_bool(ctx, false)->b);
  CHECK(lt_attr_integer(ctx, si1, 1)->i == -1);
  CHECK(lt_attr_integer(ctx, si1, 1)->kind == LT_ATTR_INTEGER);
  CHECK(lt_attr_integer(ctx, i8, 5) != lt_attr_integer(ctx, si8, 5));
}

static uint32_t f32_bits(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}

static float f32_of(uint32_t b) {
  float f;
  memcpy(&f, &b, 4);
  return f;
}

static uint64_t f64_bits(double d) {
  uint64_t b;
  memcpy(&b, &d, 8);
  return b;
}

/* Reference bf16 rounding: the well-known add-and-truncate trick. */
static uint16_t ref_bf16(float f) {
  uint32_t b = f32_bits(f);
  b += 0x7fff + ((b >> 16) & 1);
  return (uint16_t)(b >> 16);
}

static uint32_t rng_state = 12345;
static uint32_t rng(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 17;
  rng_state ^= rng_state << 5;
  return rng_state;
}

static void test_float_conversions(void) {
  /* Every f16 and bf16 pattern survives a trip through f32. */
  int bad16 = 0, badbf = 0;
  for (uint32_t b = 0; b <= 0xffff; b++) {
    if (lt_f32_to_f16_bits(lt_f16_bits_to_f32((uint16_t)b)) != b) bad16++;
    if (lt_f32_to_bf16_bits(lt_bf16_bits_to_f32((uint16_t)b)) != b) badbf++;
    if (lt_float_to_bits(LT_TYPE_F16, lt_float_from_bits(LT_TYPE_F16, b)) != b)
      bad16++;
  }
  CHECK(bad16 == 0);
  CHECK(badbf == 0);
  /* bf16 is the top half of f32. */
  CHECK(f32_bits(lt_bf16_bits_to_f32(0x3f80)) == 0x3f800000u);

  /* Known f16 values and rounding boundaries. */
  CHECK(lt_f32_to_f16_bits(1.0f) == 0x3c00);
  CHECK(lt_f32_to_f16_bits(-2.0f) == 0xc000);
  CHECK(lt_f32_to_f16_bits(65504.0f) == 0x7bff);
  CHECK(lt_f32_to_f16_bits(65519.0f) == 0x7bff); /* below the midpoint */
  CHECK(lt_f32_to_f16_bits(65520.0f) == 0x7c00); /* midpoint, to even: inf */
  CHECK(lt_f32_to_f16_bits(1e10f) == 0x7c00);
  CHECK(lt_f32_to_f16_bits(ldexpf(1, -24)) == 0x0001); /* smallest subnormal */
  CHECK(lt_f32_to_f16_bits(ldexpf(1, -25)) == 0x0000); /* tie to even: 0 */
  CHECK(lt_f32_to_f16_bits(ldexpf(3, -26)) == 0x0001); /* above the tie */
  CHECK(lt_f32_to_f16_bits(ldexpf(3, -25)) == 0x0002); /* 1.5 ulp: to even */
  CHECK(lt_f32_to_f16_bits(-0.0f) == 0x8000);
  CHECK(lt_f32_to_f16_bits(ldexpf(1023, -24) + ldexpf(1, -25)) == 0x0400);
  CHECK(lt_f32_to_f16_bits(1.0f + ldexpf(1, -11)) == 0x3c00); /* tie, even */
  CHECK(lt_f32_to_f16_bits(1.0f + ldexpf(3, -11)) == 0x3c02); /* tie, up */
  CHECK(lt_f32_to_f16_bits(INFINITY) == 0x7c00);
  CHECK(lt_f32_to_f16_bits(-INFINITY) == 0xfc00);
  uint16_t qnan = lt_f32_to_f16_bits(NAN);
  CHECK((qnan & 0x7c00) == 0x7c00 && (qnan & 0x3ff) != 0);
  /* A NaN whose payload sits below f16's mantissa stays a NaN. */
  uint16_t low = lt_f32_to_f16_bits(f32_of(0x7f800001u));
  CHECK((low & 0x7c00) == 0x7c00 && (low & 0x3ff) != 0);
  /* Signalling NaN payloads are not quieted. */
  CHECK(lt_f32_to_f16_bits(lt_f16_bits_to_f32(0x7d01)) == 0x7d01);
  CHECK(f32_bits(lt_f16_bits_to_f32(0x7d01)) == 0x7fa02000u);
  CHECK(lt_f16_bits_to_f32(0x0001) == ldexpf(1, -24));
  CHECK(lt_f16_bits_to_f32(0x3555) == 0.333251953125f);

  /* bf16 against the reference on random finite f32 values. */
  int badr = 0;
  for (int i = 0; i < 1000000; i++) {
    uint32_t b = rng();
    float f = f32_of(b);
    if (isnan(f)) continue;
    if (lt_f32_to_bf16_bits(f) != ref_bf16(f)) badr++;
  }
  CHECK(badr == 0);
  CHECK(lt_f32_to_bf16_bits(1.1f) == 0x3f8d);
  CHECK(lt_f32_to_bf16_bits(f32_of(0x3f808000u)) == 0x3f80); /* tie, even */
  CHECK(lt_f32_to_bf16_bits(f32_of(0x3f818000u)) == 0x3f82); /* tie, up */
  CHECK(lt_f32_to_bf16_bits(f32_of(0x7f7fffffu)) == 0x7f80); /* overflow */

#ifdef __FLT16_MAX__
  /* f16 against the compiler's own conversion on random finite values. */
  int badc = 0;
  for (int i = 0; i < 1000000; i++) {
    uint32_t b = rng();
    if (i % 2)
      b = (b & 0x807fffffu) | ((100 + rng() % 50) << 23); /* f16 range */
    float f = f32_of(b);
    if (isnan(f)) continue;
    _Float16 h = (_Float16)f;
    uint16_t hb;
    memcpy(&hb, &h, 2);
    if (lt_f32_to_f16_bits(f) != hb) badc++;
    if (lt_f16_bits_to_f32(hb) != (float)h) badc++;
  }
  CHECK(badc == 0);
#endif

  /* f64 -> f16 rounds once: 1 + 2^-11 + 2^-40 is above the f16 tie, though
   * its f32 rounding (1 + 2^-11) would be a tie rounding down. */
  CHECK(lt_float_to_bits(LT_TYPE_F16, 1.0 + ldexp(1, -11) + ldexp(1, -40)) ==
        0x3c01);
  CHECK(lt_float_to_bits(LT_TYPE_F32, 0.1) == f32_bits(0.1f));
  CHECK(lt_float_to_bits(LT_TYPE_F32, 1e300) == 0x7f800000u);
  CHECK(lt_float_to_bits(LT_TYPE_F32, ldexp(1, -149)) == 1);
  CHECK(lt_float_to_bits(LT_TYPE_F32, ldexp(1, -150)) == 0);
  CHECK(lt_float_to_bits(LT_TYPE_F32, ldexp(1.5, -150)) == 1);
  CHECK(lt_float_to_bits(LT_TYPE_F64, 0.1) == f64_bits(0.1));
  int badf = 0;
  for (int i = 0; i < 200000; i++) {
    float f = f32_of(rng());
    if (isnan(f)) continue;
    double d = (double)f * (1.0 + ldexp((double)(rng() % 1000), -40));
    if (lt_float_to_bits(LT_TYPE_F32, d) != f32_bits((float)d)) badf++;
  }
  CHECK(badf == 0);
}

static void test_floats(lt_context_t *ctx) {
  const lt_type_t *f16 = lt_type_float(ctx, LT_TYPE_F16);
  const lt_type_t *bf16 = lt_type_float(ctx, LT_TYPE_BF16);
  const lt_type_t *f32 = lt_type_f32(ctx);
  const lt_type_t *f64 = lt_type_float(ctx, LT_TYPE_F64);
  CHECK(lt_attr_float(ctx, f32, 0.1)->f == (double)0.1f);
  CHECK(lt_attr_float(ctx, f64, 0.1)->f == 0.1);
  CHECK(lt_attr_float(ctx, f16, 1.1)->f == 1.099609375);
  CHECK(lt_attr_float(ctx, bf16, 1.1)->f == 1.1015625);
  CHECK(lt_attr_float(ctx, f16, 1.1) == lt_attr_float(ctx, f16, 1.0996));
  CHECK(lt_attr_float(ctx, f16, 1.1) != lt_attr_float(ctx, bf16, 1.1));
  CHECK(isinf(lt_attr_float(ctx, f16, 70000.0)->f));
  CHECK(lt_attr_float(ctx, f32, 1.0) != lt_attr_float(ctx, f64, 1.0));
  CHECK(lt_attr_float(ctx, lt_type_integer(ctx, 32, LT_SIGNLESS), 1.0) == NULL);
  /* NaN attributes unique by bit pattern; -0.0 is not 0.0. */
  const lt_attr_t *n1 = lt_attr_float(ctx, f32, NAN);
  CHECK(n1 && n1 == lt_attr_float(ctx, f32, NAN));
  CHECK(lt_attr_float(ctx, f32, -0.0) != lt_attr_float(ctx, f32, 0.0));
  double pay = lt_float_from_bits(LT_TYPE_F16, 0x7e01);
  const lt_attr_t *n2 = lt_attr_float(ctx, f16, pay);
  CHECK(n2 != lt_attr_float(ctx, f16, NAN));
  CHECK(lt_float_to_bits(LT_TYPE_F16, n2->f) == 0x7e01);
  double snan32 = lt_float_from_bits(LT_TYPE_F32, 0x7f800001u);
  CHECK(lt_float_to_bits(LT_TYPE_F32, lt_attr_float(ctx, f32, snan32)->f) ==
        0x7f800001u);
}

/* ---- strings, arrays, dictionaries, symbols ------------------------------ */

static void test_aggregates(lt_context_t *ctx) {
  const lt_attr_t *s = lt_attr_string_cstr(ctx, "hello");
  CHECK(s == lt_attr_string(ctx, "hello!", 5, NULL));
  CHECK(s != lt_attr_string(ctx, "hello", 5, lt_type_f32(ctx)));
  CHECK(s->str.len == 5 && s->str.data[5] == '\0');
  CHECK(lt_attr_string(ctx, "a\0b", 3, NULL) !=
        lt_attr_string(ctx, "a\0c", 3, NULL));
  CHECK(lt_attr_string(ctx, "", 0, NULL) == lt_attr_string_cstr(ctx, ""));

  const lt_type_t *i64 = lt_type_integer(ctx, 64, LT_SIGNLESS);
  const lt_attr_t *one = lt_attr_integer(ctx, i64, 1);
  const lt_attr_t *two = lt_attr_integer(ctx, i64, 2);
  const lt_attr_t *e1[] = {one, two};
  const lt_attr_t *e2[] = {two, one};
  const lt_attr_t *arr = lt_attr_array(ctx, 2, e1);
  CHECK(arr == lt_attr_array(ctx, 2, (const lt_attr_t *[]){one, two}));
  CHECK(arr != lt_attr_array(ctx, 2, e2));
  CHECK(lt_attr_array(ctx, 0, NULL) == lt_attr_array(ctx, 0, NULL));
  CHECK(lt_attr_array(ctx, 1, e1) != lt_attr_array(ctx, 0, NULL));
  const lt_attr_t *nested =
      lt_attr_array(ctx, 2, (const lt_attr_t *[]){arr, arr});
  CHECK(nested == lt_attr_array(ctx, 2, (const lt_attr_t *[]){arr, arr}));

  const lt_ident_t *a = lt_ident_cstr(ctx, "a"), *b = lt_ident_cstr(ctx, "b"),
                   *c = lt_ident_cstr(ctx, "c"), *ab = lt_ident_cstr(ctx, "ab");
  lt_named_attr_t sorted[] = {{a, one}, {ab, two}, {b, one}, {c, two}};
  lt_named_attr_t shuffled[] = {{c, two}, {a, one}, {b, one}, {ab, two}};
  const lt_attr_t *d1 = lt_attr_dict(ctx, 4, sorted);
  const lt_attr_t *d2 = lt_attr_dict(ctx, 4, shuffled);
  CHECK(d1 == d2 && d1->dict.count == 4);
  CHECK(d1->dict.entries[0].name == a && d1->dict.entries[1].name == ab &&
        d1->dict.entries[2].name == b && d1->dict.entries[3].name == c);
  CHECK(lt_attr_dict_get(d1, ab) == two && lt_attr_dict_get(d1, c) == two);
  CHECK(lt_attr_dict_get(d1, lt_ident_cstr(ctx, "zz")) == NULL);
  /* Duplicates: the last one wins. */
  lt_named_attr_t dup[] = {{b, one}, {a, one}, {b, two}, {a, two}, {b, one}};
  const lt_attr_t *d3 = lt_attr_dict(ctx, 5, dup);
  CHECK(d3->dict.count == 2 && lt_attr_dict_get(d3, a) == two &&
        lt_attr_dict_get(d3, b) == one);
  lt_named_attr_t dup2[] = {{a, one}, {a, two}};
  CHECK(lt_attr_dict_get(lt_attr_dict(ctx, 2, dup2), a) == two);
  CHECK(lt_attr_dict(ctx, 0, NULL) == lt_attr_dict(ctx, 0, NULL));
  CHECK(lt_attr_dict(ctx, 0, NULL)->dict.count == 0);
  CHECK(lt_attr_dict(ctx, 1, sorted) != lt_attr_dict(ctx, 0, NULL));

  /* A large dictionary (merge sort, binary-search lookup). */
  enum { N = 300 };
  lt_named_attr_t big[N], big_rev[N + 1];
  char name[16];
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof name, "k%04d", i);
    big[i].name = lt_ident_cstr(ctx, name);
    big[i].value = lt_attr_integer(ctx, i64, i);
  }
  for (int i = 0; i < N; i++)
    big_rev[i] = big[N - 1 - i];
  big_rev[N].name = big[7].name;
  big_rev[N].value = two;
  const lt_attr_t *db = lt_attr_dict(ctx, N, big);
  const lt_attr_t *dr = lt_attr_dict(ctx, N + 1, big_rev);
  CHECK(db == lt_attr_dict(ctx, N, big_rev)); /* same as sorted input */
  CHECK(dr != db && dr->dict.count == N);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    if (lt_attr_dict_get(db, big[i].name) != big[i].value) bad++;
    if (db->dict.entries[i].name != big[i].name) bad++;
    if (i != 7 && lt_attr_dict_get(dr, big[i].name) != big[i].value) bad++;
  }
  CHECK(bad == 0);
  CHECK(lt_attr_dict_get(dr, big[7].name) == two);
  CHECK(lt_attr_dict_get(db, lt_ident_cstr(ctx, "k9999")) == NULL);

  const lt_ident_t *root = lt_ident_cstr(ctx, "root");
  const lt_attr_t *sym =
      lt_attr_symbol_ref(ctx, 2, (const lt_ident_t *[]){root, a});
  CHECK(sym == lt_attr_symbol_ref(ctx, 2, (const lt_ident_t *[]){root, a}));
  CHECK(sym != lt_attr_symbol_ref(ctx, 1, &root));
  CHECK(lt_attr_symbol_ref(ctx, 0, NULL) == NULL);
  CHECK(lt_attr_type(ctx, i64) == lt_attr_type(ctx, i64) &&
        lt_attr_type(ctx, i64)->type == i64);
  CHECK(lt_attr_unit(ctx) == lt_attr_unit(ctx));
  CHECK(lt_attr_opaque(ctx, "lite", "place<x86>", 10) ==
        lt_attr_opaque(ctx, "lite", "place<x86>", 10));
  CHECK(lt_attr_opaque(ctx, "lite", "place<x86>", 10) !=
        lt_attr_opaque(ctx, "lite", "\"place<x86>\"", 12));
}

/* ---- dense elements ------------------------------------------------------ */

static void test_dense(lt_context_t *ctx) {
  const lt_type_t *i32 = lt_type_integer(ctx, 32, LT_SIGNLESS);
  const lt_type_t *f32 = lt_type_f32(ctx);
  int64_t s4[] = {4}, s22[] = {2, 2}, s0[] = {0}, sdyn[] = {LT_DYNAMIC};
  const lt_type_t *t4 = lt_type_tensor(ctx, 1, s4, i32, NULL);
  int32_t vals[] = {1, -2, 3, 4};
  const lt_attr_t *d = lt_attr_dense(ctx, t4, vals, sizeof vals);
  CHECK(d && !d->dense.splat && d->dense.size == 16);
  CHECK(d == lt_attr_dense(ctx, t4, (int32_t[]){1, -2, 3, 4}, 16));
  CHECK(lt_attr_dense_count(d) == 4 && lt_attr_dense_int(d, 1) == -2);
  CHECK(lt_attr_dense_float(d, 2) == 3.0);
  /* Splat given as one element, or detected from equal elements. */
  int32_t seven = 7;
  const lt_attr_t *sp = lt_attr_dense(ctx, t4, &seven, 4);
  CHECK(sp && sp->dense.splat && sp->dense.size == 4);
  CHECK(sp == lt_attr_dense(ctx, t4, (int32_t[]){7, 7, 7, 7}, 16));
  CHECK(lt_attr_dense_int(sp, 3) == 7 && lt_attr_dense_count(sp) == 4);
  CHECK(lt_attr_dense(ctx, t4, vals, 8) == NULL);
  CHECK(lt_attr_dense(ctx, lt_type_tensor(ctx, 1, sdyn, i32, NULL), vals, 4) ==
        NULL);
  const lt_type_t *t1 = lt_type_tensor(ctx, 1, (int64_t[]){1}, i32, NULL);
  CHECK(lt_attr_dense(ctx, t1, &seven, 4)->dense.splat);
  const lt_type_t *empty = lt_type_tensor(ctx, 1, s0, f32, NULL);
  const lt_attr_t *de = lt_attr_dense(ctx, empty, NULL, 0);
  CHECK(de && !de->dense.splat && lt_attr_dense_count(de) == 0);
  CHECK(lt_attr_dense(ctx, empty, vals, 4) == NULL);
  /* -0.0 and 0.0 are different bytes: no splat. */
  const lt_type_t *f22 = lt_type_tensor(ctx, 2, s22, f32, NULL);
  float fz[] = {0.0f, -0.0f, 0.0f, 0.0f};
  CHECK(!lt_attr_dense(ctx, f22, fz, 16)->dense.splat);
  float fh[] = {0.5f, 0.5f, 0.5f, 0.5f};
  const lt_attr_t *fs = lt_attr_dense(ctx, f22, fh, 16);
  CHECK(fs->dense.splat && lt_attr_dense_float(fs, 3) == 0.5);
  /* Same bytes, other type: other attribute. */
  CHECK(lt_attr_dense(ctx, lt_type_vector(ctx, 2, s22, f32), fh, 16) != fs);
  /* i1 elements are normalized to 0/1. */
  const lt_type_t *i1 = lt_type_integer(ctx, 1, LT_SIGNLESS);
  const lt_type_t *b4 = lt_type_tensor(ctx, 1, s4, i1, NULL);
  const lt_attr_t *bt = lt_attr_dense(ctx, b4, (uint8_t[]){1, 5, 0, 255}, 4);
  CHECK(bt == lt_attr_dense(ctx, b4, (uint8_t[]){1, 1, 0, 1}, 4));
  CHECK(lt_attr_dense_int(bt, 3) == 1 && lt_attr_dense_int(bt, 2) == 0);
  CHECK(lt_attr_dense(ctx, b4, (uint8_t[]){2, 1, 1, 1}, 4)->dense.splat);
  /* Signedness of the element decides the extension. */
  const lt_type_t *u8 = lt_type_integer(ctx, 8, LT_UNSIGNED);
  const lt_type_t *i8 = lt_type_integer(ctx, 8, LT_SIGNLESS);
  CHECK(
      lt_attr_dense_int(lt_attr_dense(ctx, lt_type_tensor(ctx, 1, s4, u8, NULL),
                                      (uint8_t[]){255, 1, 2, 3}, 4),
                        0) == 255);
  CHECK(
      lt_attr_dense_int(lt_attr_dense(ctx, lt_type_tensor(ctx, 1, s4, i8, NULL),
                                      (uint8_t[]){255, 1, 2, 3}, 4),
                        0) == -1);
  /* f16 and bf16 elements read back as values. */
  const lt_type_t *h = lt_type_float(ctx, LT_TYPE_F16);
  const lt_attr_t *dh =
      lt_attr_dense(ctx, lt_type_tensor(ctx, 1, s4, h, NULL),
                    (uint16_t[]){0x3c00, 0xc000, 0x3555, 0x7c00}, 8);
  CHECK(lt_attr_dense_float(dh, 0) == 1.0 &&
        lt_attr_dense_float(dh, 1) == -2.0);
  CHECK(lt_attr_dense_float(dh, 2) == 0.333251953125 &&
        isinf(lt_attr_dense_float(dh, 3)));
  const lt_type_t *bf = lt_type_float(ctx, LT_TYPE_BF16);
  const lt_attr_t *dbf =
      lt_attr_dense(ctx, lt_type_tensor(ctx, 1, s4, bf, NULL),
                    (uint16_t[]){0x3f80, 0x4000, 0x3f8d, 0}, 8);
  CHECK(lt_attr_dense_float(dbf, 1) == 2.0 &&
        lt_attr_dense_float(dbf, 2) == 1.1015625);
  /* A big payload lands in its own arena chunk and still uniques. */
  size_t n = 1 << 18;
  float *w = malloc(n * sizeof(float));
  for (size_t i = 0; i < n; i++)
    w[i] = (float)i;
  const lt_type_t *tw =
      lt_type_tensor(ctx, 1, (int64_t[]){(int64_t)n}, f32, NULL);
  const lt_attr_t *dw = lt_attr_dense(ctx, tw, w, n * sizeof(float));
  CHECK(dw && dw == lt_attr_dense(ctx, tw, w, n * sizeof(float)));
  CHECK(lt_attr_dense_float(dw, 12345) == 12345.0);
  free(w);

  /* Dense arrays: never splat, count given explicitly. */
  const lt_type_t *i64 = lt_type_integer(ctx, 64, LT_SIGNLESS);
  const lt_attr_t *da = lt_attr_dense_array(ctx, i64, 2, (int64_t[]){1, 1});
  CHECK(da && !da->dense.splat && lt_attr_dense_count(da) == 2 &&
        da->type == i64);
  CHECK(da == lt_attr_dense_array(ctx, i64, 2, (int64_t[]){1, 1}));
  CHECK(da != lt_attr_dense_array(ctx, i64, 1, (int64_t[]){1}));
  CHECK(lt_attr_dense_array(ctx, i64, 0, NULL) ==
        lt_attr_dense_array(ctx, i64, 0, NULL));
  CHECK(lt_attr_dense_array(ctx, i64, 0, NULL) !=
        lt_attr_dense_array(ctx, i32, 0, NULL));
  CHECK(lt_attr_dense_count(da) == 2 && lt_attr_dense_int(da, 1) == 1);
  const lt_attr_t *dfa =
      lt_attr_dense_array(ctx, f32, 2, (float[]){1.5f, -2.0f});
  CHECK(lt_attr_dense_float(dfa, 1) == -2.0);
  CHECK(lt_dense_element_size(i1) == 1 && lt_dense_element_size(h) == 2 &&
        lt_dense_element_size(lt_type_index(ctx)) == 8 &&
        lt_dense_element_size(lt_type_integer(ctx, 17, LT_SIGNLESS)) == 3);
}

/* ---- locations ----------------------------------------------------------- */

static void test_locations(lt_context_t *ctx) {
  lt_loc_t unk = lt_loc_unknown(ctx);
  lt_loc_t a = lt_loc_file(ctx, "a", 1, 2), a2 = lt_loc_file(ctx, "a", 1, 2);
  lt_loc_t b = lt_loc_file(ctx, "b", 3, 4), c = lt_loc_file(ctx, "c", 1, 1);
  CHECK(a == a2 && a != b && lt_loc_file(ctx, "a", 1, 3) != a);
  CHECK(lt_attr_is_loc(a) && lt_attr_is_loc(unk) &&
        !lt_attr_is_loc(lt_attr_unit(ctx)));
  CHECK(lt_loc_name(ctx, "n", unk) == lt_loc_name(ctx, "n", NULL));
  CHECK(lt_loc_name(ctx, "n", NULL)->name_loc.child == NULL);
  CHECK(lt_loc_name(ctx, "n", a) != lt_loc_name(ctx, "n", NULL));
  lt_loc_t cs = lt_loc_callsite(ctx, a, b);
  CHECK(cs == lt_loc_callsite(ctx, a, b) && cs != lt_loc_callsite(ctx, b, a));

  /* fused[a, a, fused[b], unknown, fused<q>[c]] -> fused[a, b, fused<q>[c]] */
  const lt_attr_t *q = lt_attr_string_cstr(ctx, "q");
  lt_loc_t fq = lt_loc_fused(ctx, 1, &c, q);
  CHECK(fq->kind == LT_ATTR_LOC_FUSED && fq->fused.count == 1 &&
        fq->fused.metadata == q);
  lt_loc_t fb = lt_loc_fused(ctx, 2, (lt_loc_t[]){b, c}, NULL);
  lt_loc_t f = lt_loc_fused(ctx, 5, (lt_loc_t[]){a, a, fb, unk, fq}, NULL);
  CHECK(f->kind == LT_ATTR_LOC_FUSED && f->fused.count == 4 &&
        !f->fused.metadata);
  CHECK(f->fused.locs[0] == a && f->fused.locs[1] == b &&
        f->fused.locs[2] == c && f->fused.locs[3] == fq);
  CHECK(f == lt_loc_fused(ctx, 4, (lt_loc_t[]){a, b, c, fq}, NULL));
  /* Single survivor without metadata is returned itself; none is unknown. */
  CHECK(lt_loc_fused(ctx, 3, (lt_loc_t[]){a, unk, a}, NULL) == a);
  CHECK(lt_loc_fused(ctx, 1, &unk, NULL) == unk);
  CHECK(lt_loc_fused(ctx, 0, NULL, NULL) == unk);
  /* With metadata the wrapper stays: fused<m>[unknown] as MLIR keeps it. */
  const lt_attr_t *m = lt_attr_string_cstr(ctx, "m");
  lt_loc_t fm = lt_loc_fused(ctx, 1, &unk, m);
  CHECK(fm->kind == LT_ATTR_LOC_FUSED && fm->fused.count == 1 &&
        fm->fused.locs[0] == unk && fm->fused.metadata == m);
  CHECK(lt_loc_fused(ctx, 1, &a, m) != a);
  /* Same metadata flattens, other metadata nests. */
  lt_loc_t fm2 = lt_loc_fused(ctx, 2, (lt_loc_t[]){a, b}, m);
  lt_loc_t outer = lt_loc_fused(ctx, 2, (lt_loc_t[]){fm2, c}, m);
  CHECK(outer->fused.count == 3 && outer->fused.locs[2] == c);
  lt_loc_t outer2 = lt_loc_fused(ctx, 2, (lt_loc_t[]){fm2, c}, q);
  CHECK(outer2->fused.count == 2 && outer2->fused.locs[0] == fm2);
  /* Many locations (heap scratch buffer). */
  lt_loc_t many[100];
  for (int i = 0; i < 100; i++)
    many[i] = lt_loc_file(ctx, "x", (uint32_t)i % 50, 1);
  lt_loc_t fmany = lt_loc_fused(ctx, 100, many, NULL);
  CHECK(fmany->fused.count == 50);
}

/* ---- resources ----------------------------------------------------------- */

static void test_resources(lt_context_t *ctx) {
  size_t before = lt_context_num_resources(ctx);
  lt_resource_t *r = lt_context_resource(ctx, "weight0");
  CHECK(r && r == lt_context_resource(ctx, "weight0") && !r->has_data);
  CHECK(strcmp(r->name->str, "weight0") == 0);
  float w[] = {1, 2, 3};
  lt_status_t st = lt_resource_set_blob(ctx, r, w, sizeof w, 64);
  CHECK(st == LT_OK);
  CHECK(r->has_data && r->size == 12 && r->alignment == 64 &&
        ((uintptr_t)r->data % 64) == 0 && memcmp(r->data, w, 12) == 0);
  w[0] = 9; /* copied */
  CHECK(((float *)r->data)[0] == 1.0f);
  CHECK(lt_resource_set_blob(ctx, r, w, 4, 4) == LT_OK && r->size == 4 &&
        ((float *)r->data)[0] == 9.0f);
  st = lt_resource_set_blob(ctx, r, w, 4, 3);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  CHECK(strstr(lt_status_message(st), "power of two") != NULL);
  lt_status_free(st);
  lt_resource_t *r2 = lt_context_resource(ctx, "weight1");
  CHECK(lt_context_num_resources(ctx) == before + 2);
  CHECK(lt_context_resource_at(ctx, before) == r &&
        lt_context_resource_at(ctx, before + 1) == r2 &&
        lt_context_resource_at(ctx, before + 2) == NULL);
  int64_t s3[] = {3};
  const lt_type_t *t = lt_type_tensor(ctx, 1, s3, lt_type_f32(ctx), NULL);
  const lt_attr_t *dr = lt_attr_dense_resource(ctx, t, "weight0");
  CHECK(dr && dr == lt_attr_dense_resource(ctx, t, "weight0"));
  CHECK(dr->resource.resource == r && dr->type == t);
  CHECK(dr != lt_attr_dense_resource(ctx, t, "weight1"));
  CHECK(lt_attr_dense_count(dr) == 3);
  /* A resource named by an attribute first exists without data. */
  const lt_attr_t *d3 = lt_attr_dense_resource(ctx, t, "later");
  CHECK(d3->resource.resource == lt_context_resource(ctx, "later") &&
        !d3->resource.resource->has_data);
}

/* ---- op registry --------------------------------------------------------- */

static const lt_op_def_t test_ops[] = {
    {.name = "test.a",
     .num_operands = 1,
     .num_results = 1,
     .traits = LT_TRAIT_PURE},
    {.name = "test.b",
     .num_operands = -1,
     .num_results = 0,
     .traits = LT_TRAIT_TERMINATOR},
};
static const lt_dialect_t test_dialect = {.ns = "test", .ops = test_ops, .num_ops = 2};
static const lt_op_def_t clash_ops[] = {{.name = "test.c"}};
static const lt_dialect_t clash_dialect = {.ns = "test", .ops = clash_ops, .num_ops = 1};
static const lt_op_def_t bad_ops[] = {{.name = "other.x"}};
static const lt_dialect_t bad_dialect = {.ns = "bad", .ops = bad_ops, .num_ops = 1};

static void test_registry(lt_context_t *ctx) {
  CHECK(lt_context_dialect(ctx, "builtin", 7) != NULL);
  CHECK(lt_context_dialect(ctx, "builtinx", 7) != NULL);
  CHECK(lt_context_dialect(ctx, "builtinx", 8) == NULL);
  const lt_op_info_t *u = lt_op_info_get(ctx, "test.a", 6);
  CHECK(u && !u->registered && !u->def && !u->dialect);
  CHECK(u == lt_op_info_get(ctx, "test.a", 6));
  CHECK(lt_op_info_lookup(ctx, "test.a") == NULL);
  const lt_op_info_t *x = lt_op_info_get(ctx, "foo.bar", 7);
  CHECK(x && x != u && strcmp(x->name->str, "foo.bar") == 0);
  CHECK(x->name == lt_ident_cstr(ctx, "foo.bar"));

  CHECK(lt_context_register_dialect(ctx, &test_dialect) == LT_SUCCESS);
  CHECK(lt_context_register_dialect(ctx, &test_dialect) == LT_SUCCESS);
  CHECK(lt_context_dialect(ctx, "test", 4) == &test_dialect);
  /* The record handed out before registration is upgraded in place. */
  CHECK(u->registered && u->def == &test_ops[0] && u->dialect == &test_dialect);
  CHECK(u->traits == LT_TRAIT_PURE);
  CHECK(lt_op_info_lookup(ctx, "test.a") == u);
  const lt_op_info_t *ib = lt_op_info_lookup(ctx, "test.b");
  CHECK(ib && ib == lt_op_info_get(ctx, "test.b", 6) &&
        ib->traits == LT_TRAIT_TERMINATOR);
  CHECK(!lt_op_info_get(ctx, "test.zzz", 8)->registered);

  captured_t cap = {0};
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, capture, &cap);
  CHECK(lt_context_register_dialect(ctx, &clash_dialect) == LT_FAILURE);
  CHECK(cap.count == 1 && strstr(cap.last, "already registered"));
  CHECK(lt_context_register_dialect(ctx, &bad_dialect) == LT_FAILURE);
  CHECK(cap.count == 2 && strstr(cap.last, "does not belong"));
  CHECK(lt_context_dialect(ctx, "bad", 3) == NULL);
  lt_diag_pop_handler(ctx, h);
  CHECK(!lt_context_allow_unregistered(ctx));
  lt_context_set_allow_unregistered(ctx, true);
  CHECK(lt_context_allow_unregistered(ctx));
}

/* ---- scale --------------------------------------------------------------- */

/* A million distinct attributes plus a million repeated lookups: the tables
 * must keep up (no quadratic behaviour). */
static void test_scale(lt_context_t *ctx) {
  const lt_type_t *i64 = lt_type_integer(ctx, 64, LT_SIGNLESS);
  size_t before = lt_context_num_attrs(ctx);
  enum { N = 1000000 };
  const lt_attr_t *first = lt_attr_integer(ctx, i64, 1000000000);
  for (int64_t i = 0; i < N; i++)
    lt_attr_integer(ctx, i64, 1000000000 + i);
  CHECK(lt_context_num_attrs(ctx) == before + N);
  int bad = 0;
  for (int64_t i = 0; i < N; i++) {
    const lt_attr_t *a = lt_attr_integer(ctx, i64, 1000000000 + i);
    if (a->i != 1000000000 + i) bad++;
  }
  CHECK(bad == 0 && first == lt_attr_integer(ctx, i64, 1000000000));
  CHECK(lt_context_num_attrs(ctx) == before + N);
  const lt_type_t *f32 = lt_type_f32(ctx);
  size_t types_before = lt_context_num_types(ctx);
  for (int64_t i = 0; i < 100000; i++) {
    int64_t shape[] = {i, 1234567};
    lt_type_tensor(ctx, 2, shape, f32, NULL);
  }
  CHECK(lt_context_num_types(ctx) == types_before + 100000);
}

int main(void) {
  test_float_conversions();
  lt_context_t *ctx = new_context();
  CHECK(counter.calls > 0); /* the context allocates through the hook */
  test_idents(ctx);
  test_types(ctx);
  test_integers(ctx);
  test_floats(ctx);
  test_aggregates(ctx);
  test_dense(ctx);
  test_locations(ctx);
  test_resources(ctx);
  test_registry(ctx);
  test_scale(ctx);
  lt_context_destroy(ctx);
  CHECK(counter.live_blocks == 0 && counter.live_bytes == 0);
  if (counter.live_blocks || counter.live_bytes)
    fprintf(stderr, "leaked %ld blocks, %lld bytes\n", counter.live_blocks,
            counter.live_bytes);

  /* Two contexts never share objects. */
  lt_context_t *c1 = new_context(), *c2 = new_context();
  CHECK(lt_type_f32(c1) != lt_type_f32(c2));
  CHECK(lt_ident_cstr(c1, "x") != lt_ident_cstr(c2, "x"));
  lt_context_destroy(c1);
  lt_context_destroy(c2);
  CHECK(counter.live_blocks == 0 && counter.live_bytes == 0);

  if (g_failures) {
    fprintf(stderr, "uniquing_test: %d check(s) failed\n", g_failures);
    return 1;
  }
  printf("uniquing_test: all checks passed\n");
  return 0;
}

/* memref_type_test.c - the builtin memref type (construction rules,
 * uniquing, the layout's strides and offset, the default memory space) and
 * the restricted affine_map attribute, through the C API, the printer and
 * the parser. */
#include <stdio.h>
#include <string.h>

#include "ir/attributes.h"
#include "ir/context.h"
#include "ir/diagnostics.h"
#include "ir/parser.h"
#include "ir/types.h"

#include "test/unit/check.h"

#define DYN LT_DYNAMIC

static bool silent(void *user, const lt_diag_t *d) {
  (void)user;
  (void)d;
  return true;
}

/* Whether t prints as text. */
static bool prints_as(const lt_type_t *t, const char *text) {
  lt_strbuf_t sb = {0};
  lt_type_print(t, &sb);
  bool ok = sb.data && strcmp(sb.data, text) == 0;
  if (!ok) fprintf(stderr, "printed '%s', want '%s'\n", sb.data, text);
  lt_strbuf_free(&sb);
  return ok;
}

static bool attr_prints_as(const lt_attr_t *a, const char *text) {
  lt_strbuf_t sb = {0};
  lt_attr_print(a, &sb);
  bool ok = sb.data && strcmp(sb.data, text) == 0;
  if (!ok) fprintf(stderr, "printed '%s', want '%s'\n", sb.data, text);
  lt_strbuf_free(&sb);
  return ok;
}

static void test_construct(lt_context_t *ctx) {
  const lt_type_t *f32 = lt_type_f32(ctx);
  const int64_t s48[] = {4, 8}, s4d[] = {4, DYN};
  const lt_type_t *a = lt_type_memref(ctx, 2, s48, f32, NULL, 0, NULL);
  CHECK(a && lt_type_is_memref(a) && !lt_type_is_shaped(a));
  CHECK(a == lt_type_memref(ctx, 2, s48, f32, NULL, 0, NULL));
  CHECK(lt_type_element(a) == f32);
  CHECK(lt_type_num_elements(a) == 32 && lt_type_has_static_shape(a));
  CHECK(prints_as(a, "memref<4x8xf32>"));

  /* An explicit identity layout stays distinct from no layout. */
  const int64_t st81[] = {8, 1};
  const lt_type_t *b = lt_type_memref(ctx, 2, s48, f32, st81, 0, NULL);
  CHECK(b && b != a && b->shaped.strides && b->shaped.strides != st81);
  CHECK(b == lt_type_memref(ctx, 2, s48, f32, st81, 0, NULL));
  CHECK(prints_as(b, "memref<4x8xf32, strided<[8, 1]>>"));

  const int64_t sd1[] = {DYN, 1};
  const lt_type_t *c = lt_type_memref(ctx, 2, s4d, f32, sd1, DYN, NULL);
  CHECK(c && prints_as(c, "memref<4x?xf32, strided<[?, 1], offset: ?>>"));
  CHECK(lt_type_num_elements(c) == -1 && !lt_type_has_static_shape(c));
  CHECK(c != lt_type_memref(ctx, 2, s4d, f32, sd1, 0, NULL));
  CHECK(prints_as(lt_type_memref(ctx, 2, s4d, f32, sd1, 5, NULL),
                  "memref<4x?xf32, strided<[?, 1], offset: 5>>"));

  /* Rank 0, with and without a layout. */
  const lt_type_t *r0 = lt_type_memref(ctx, 0, NULL, f32, NULL, 0, NULL);
  const int64_t none[1] = {0};
  const lt_type_t *r0s = lt_type_memref(ctx, 0, NULL, f32, none, 3, NULL);
  CHECK(r0 && r0s && r0 != r0s && lt_type_num_elements(r0) == 1);
  CHECK(prints_as(r0, "memref<f32>"));
  CHECK(prints_as(r0s, "memref<f32, strided<[], offset: 3>>"));

  /* Memory spaces: an integer 0 is the default; i64 prints bare. */
  const lt_type_t *i64 = lt_type_integer(ctx, 64, LT_SIGNLESS);
  const lt_type_t *i32 = lt_type_integer(ctx, 32, LT_SIGNLESS);
  const int64_t s4[] = {4};
  const lt_attr_t *one = lt_attr_integer(ctx, i64, 1);
  const lt_type_t *m1 = lt_type_memref(ctx, 1, s4, f32, NULL, 0, one);
  CHECK(m1 && m1->shaped.encoding == one && prints_as(m1, "memref<4xf32, 1>"));
  CHECK(
      lt_type_memref(ctx, 1, s4, f32, NULL, 0, lt_attr_integer(ctx, i32, 0)) ==
      lt_type_memref(ctx, 1, s4, f32, NULL, 0, NULL));
  CHECK(prints_as(
      lt_type_memref(ctx, 1, s4, f32, NULL, 0, lt_attr_integer(ctx, i32, 2)),
      "memref<4xf32, 2 : i32>"));
  const int64_t st1[] = {1};
  CHECK(prints_as(
      lt_type_memref(ctx, 1, s4, f32, st1, 0, lt_attr_integer(ctx, i64, 3)),
      "memref<4xf32, strided<[1]>, 3>"));
  CHECK(prints_as(
      lt_type_memref(ctx, 1, s4, f32, NULL, 0, lt_attr_string_cstr(ctx, "gpu")),
      "memref<4xf32, \"gpu\">"));

  /* Vector elements and zero-sized dims are fine. */
  const lt_type_t *v4 = lt_type_vector(ctx, 1, s4, f32);
  CHECK(prints_as(lt_type_memref(ctx, 1, s4, v4, NULL, 0, NULL),
                  "memref<4xvector<4xf32>>"));
  const int64_t s04[] = {0, 4};
  CHECK(lt_type_num_elements(lt_type_memref(ctx, 2, s04, lt_type_index(ctx),
                                            NULL, 0, NULL)) == 0);

  /* Invalid: bad dims, elements, strides, offsets and memory spaces. */
  const int64_t bad_dim[] = {-2};
  CHECK(!lt_type_memref(ctx, 1, bad_dim, f32, NULL, 0, NULL));
  CHECK(!lt_type_memref(ctx, 1, s4, lt_type_none(ctx), NULL, 0, NULL));
  CHECK(!lt_type_memref(ctx, 1, s4, lt_type_tensor(ctx, 1, s4, f32, NULL), NULL,
                        0, NULL));
  CHECK(!lt_type_memref(ctx, 1, s4, a, NULL, 0, NULL));
  CHECK(!lt_type_memref(ctx, 1, s4, NULL, NULL, 0, NULL));
  CHECK(!lt_type_memref(ctx, 1, NULL, f32, NULL, 0, NULL));
  CHECK(!lt_type_memref(ctx, 1, s4, f32, NULL, 4, NULL));
  const int64_t zero[] = {0};
  CHECK(!lt_type_memref(ctx, 1, s4, f32, zero, 0, NULL));
  CHECK(
      !lt_type_memref(ctx, 1, s4, f32, NULL, 0, lt_attr_float(ctx, f32, 1.0)));
  CHECK(!lt_type_memref(ctx, 1, s4, f32, NULL, 0, lt_attr_unit(ctx)));
  CHECK(lt_type_is_memory_space(NULL) && lt_type_is_memory_space(one) &&
        !lt_type_is_memory_space(lt_attr_type(ctx, f32)));
}

static void test_strides(lt_context_t *ctx) {
  const lt_type_t *f32 = lt_type_f32(ctx);
  int64_t st[4], off = 7;
  const int64_t s234[] = {2, 3, 4};
  CHECK(lt_type_memref_strides(lt_type_memref(ctx, 3, s234, f32, NULL, 0, NULL),
                               st, &off));
  CHECK(st[0] == 12 && st[1] == 4 && st[2] == 1 && off == 0);

  /* Strides left of a dynamic dim are unknown. */
  const int64_t s2d4[] = {2, DYN, 4, 5};
  CHECK(lt_type_memref_strides(lt_type_memref(ctx, 4, s2d4, f32, NULL, 0, NULL),
                               st, NULL));
  CHECK(st[0] == DYN && st[1] == 20 && st[2] == 5 && st[3] == 1);

  /* A layout's own values. */
  const int64_t s44[] = {4, 4}, lay[] = {DYN, -2};
  CHECK(lt_type_memref_strides(lt_type_memref(ctx, 2, s44, f32, lay, DYN, NULL),
                               st, &off));
  CHECK(st[0] == DYN && st[1] == -2 && off == DYN);

  /* Overflowing products are unknown rather than wrapped. */
  const int64_t huge[] = {2, INT64_MAX / 2 + 1, 4};
  CHECK(lt_type_memref_strides(lt_type_memref(ctx, 3, huge, f32, NULL, 0, NULL),
                               st, NULL));
  CHECK(st[2] == 1 && st[1] == 4 && st[0] == DYN);

  /* Rank 0 and non-memrefs. */
  CHECK(lt_type_memref_strides(lt_type_memref(ctx, 0, NULL, f32, NULL, 0, NULL),
                               st, &off) &&
        off == 0);
  CHECK(!lt_type_memref_strides(f32, st, &off));
  CHECK(!lt_type_memref_strides(lt_type_tensor(ctx, 3, s234, f32, NULL), st,
                                &off));
}

static void test_affine_map(lt_context_t *ctx) {
  const int32_t r10[] = {1, -1}, r20[] = {2, 0}, r0[] = {0};
  const lt_attr_t *m = lt_attr_affine_map(ctx, 2, 2, r10);
  CHECK(m && m->kind == LT_ATTR_AFFINE_MAP && m->affine_map.num_dims == 2 &&
        m->affine_map.num_results == 2 && m->affine_map.results != r10);
  CHECK(m == lt_attr_affine_map(ctx, 2, 2, r10));
  CHECK(attr_prints_as(m, "affine_map<(d0, d1) -> (d1, 0)>"));
  CHECK(attr_prints_as(lt_attr_affine_map(ctx, 3, 2, r20),
                       "affine_map<(d0, d1, d2) -> (d2, d0)>"));
  const lt_attr_t *empty = lt_attr_affine_map(ctx, 0, 0, NULL);
  CHECK(empty && attr_prints_as(empty, "affine_map<() -> ()>"));
  CHECK(lt_attr_affine_map(ctx, 2, 2, r10) !=
        lt_attr_affine_map(ctx, 3, 2, r10));

  const lt_attr_t *id1 = lt_attr_affine_map(ctx, 1, 1, r0);
  CHECK(id1 == lt_attr_affine_minor_identity(ctx, 1, 1));
  CHECK(attr_prints_as(id1, "affine_map<(d0) -> (d0)>"));
  CHECK(lt_attr_affine_map_is_identity(id1));
  const lt_attr_t *mi = lt_attr_affine_minor_identity(ctx, 3, 2);
  CHECK(attr_prints_as(mi, "affine_map<(d0, d1, d2) -> (d1, d2)>"));
  CHECK(lt_attr_affine_map_is_minor_identity(mi) &&
        !lt_attr_affine_map_is_identity(mi));
  CHECK(!lt_attr_affine_map_is_minor_identity(m));
  CHECK(lt_attr_affine_map_is_identity(empty));
  CHECK(!lt_attr_affine_map_is_identity(lt_attr_unit(ctx)));
  /* Wide maps go through the heap path of the minor identity. */
  const lt_attr_t *wide = lt_attr_affine_minor_identity(ctx, 40, 33);
  CHECK(wide && wide->affine_map.results[0] == 7 &&
        wide->affine_map.results[32] == 39);

  /* Past 1024 dimensions the seen-dimension bitmap is on the heap. */
  const int32_t far[] = {5, 1999, 0}, far_dup[] = {5, 1999, 5};
  CHECK(lt_attr_affine_map(ctx, 2000, 3, far));
  CHECK(!lt_attr_affine_map(ctx, 2000, 3, far_dup));

  /* Out of range, repeated dimensions, bad constants. */
  const int32_t oob[] = {2}, dup[] = {1, 1}, neg[] = {-2};
  CHECK(!lt_attr_affine_map(ctx, 2, 1, oob));
  CHECK(!lt_attr_affine_map(ctx, 2, 2, dup));
  CHECK(!lt_attr_affine_map(ctx, 2, 1, neg));
  CHECK(!lt_attr_affine_map(ctx, 2, 1, NULL));
  CHECK(!lt_attr_affine_minor_identity(ctx, 1, 2));
  const int32_t bcast[] = {-1, -1};
  CHECK(lt_attr_affine_map(ctx, 1, 2, bcast)); /* several broadcasts are fine */
}

/* Text -> object -> text, and the object the constructors build. */
static void test_parse(lt_context_t *ctx) {
  static const char *const round_trip[] = {
      "memref<4x?xf32>",
      "memref<f32>",
      "memref<4x8xf32, strided<[8, 1]>>",
      "memref<4x?xf32, strided<[?, 1], offset: ?>>",
      "memref<4xf32, 1>",
      "memref<4xf32, strided<[1]>, 3>",
      "memref<4xindex, strided<[-2], offset: 9>>",
      "memref<2x3xvector<4xi8>>",
      "memref<f32, strided<[]>>",
  };
  for (size_t i = 0; i < sizeof round_trip / sizeof *round_trip; i++) {
    const lt_type_t *t = lt_parse_type_str(ctx, round_trip[i]);
    CHECK(t && prints_as(t, round_trip[i]));
  }
  const int64_t s48[] = {4, 8}, st81[] = {8, 1};
  CHECK(lt_parse_type_str(ctx, "memref<4x8xf32, strided<[8, 1], offset: 0>>") ==
        lt_type_memref(ctx, 2, s48, lt_type_f32(ctx), st81, 0, NULL));
  CHECK(lt_parse_type_str(ctx, "memref<4x8xf32, 0>") ==
        lt_type_memref(ctx, 2, s48, lt_type_f32(ctx), NULL, 0, NULL));
  CHECK(
      lt_parse_type_str(ctx, "memref<4x8xf32, affine_map<(i, j) -> (i, j)>>") ==
      lt_type_memref(ctx, 2, s48, lt_type_f32(ctx), NULL, 0, NULL));

  const int32_t r10[] = {1, -1};
  CHECK(lt_parse_attr_str(ctx, "affine_map<(i, j) -> (j, 0)>") ==
        lt_attr_affine_map(ctx, 2, 2, r10));
  CHECK(lt_parse_attr_str(ctx, "affine_map<() -> ()>") ==
        lt_attr_affine_map(ctx, 0, 0, NULL));

  /* Malformed or unsupported input fails without a crash. */
  static const char *const bad_types[] = {
      "memref<*xf32>",
      "memref<4x4xf32, strided<[1]>>",
      "memref<4xf32, strided<[0]>>",
      "memref<4xtensor<f32>>",
      "memref<4xf32, 1, 2>",
      "memref<4xf32, 1.0>",
      "memref<4xf32, 1, strided<[1]>>",
      "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>",
      "memref<4xf32, strided<[-9223372036854775808]>>",
      "memref<4xf32",
      "memref<4xf32, strided<[1], offset: >>",
  };
  for (size_t i = 0; i < sizeof bad_types / sizeof *bad_types; i++)
    CHECK(!lt_parse_type_str(ctx, bad_types[i]));
  static const char *const bad_attrs[] = {
      "affine_map<(d0) -> (d0 + 1)>",
      "affine_map<(d0)[s0] -> (d0)>",
      "affine_map<(d0, d1) -> (d0, d0)>",
      "affine_map<(d0) -> (1)>",
      "affine_map<(d0) -> (d1)>",
      "affine_map<(d0, d0) -> (d0)>",
      "affine_map<(d0) -> (d0 floordiv 2)>",
      "strided<[1]>",
      "affine_map<(d0) -> (-d0)>",
      "affine_map<(d0) -> (d0)",
  };
  for (size_t i = 0; i < sizeof bad_attrs / sizeof *bad_attrs; i++)
    CHECK(!lt_parse_attr_str(ctx, bad_attrs[i]));
  /* The names of one map do not leak into the next. */
  CHECK(!lt_parse_attr_str(ctx, "affine_map<(x) -> (y)>"));
  CHECK(lt_parse_attr_str(ctx, "affine_map<(y) -> (y)>"));
}

int main(void) {
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    fprintf(stderr, "context: %s\n", lt_status_message(st));
    lt_status_free(st);
    return 1;
  }
  lt_diag_push_handler(ctx, silent, NULL);
  test_construct(ctx);
  test_strides(ctx);
  test_affine_map(ctx);
  test_parse(ctx);
  lt_context_destroy(ctx);
  if (g_failures) {
    fprintf(stderr, "memref_type_test: %d check(s) failed\n", g_failures);
    return 1;
  }
  printf("memref_type_test: all checks passed\n");
  return 0;
}

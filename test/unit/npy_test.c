/* npy_test.c - lite-run's .npy reader and writer: round trips of every
 * dtype and odd shapes, numpy's exact header bytes, and rejection (never a
 * crash) of truncated, corrupted and unsupported files. */
#include <stdlib.h>
#include <string.h>

#include "tools/lite-run/npy.h"

#include "test/unit/lite_test_util.h"

static lt_allocator_t g_alloc;

static void free_tensor(lk_tensor_t *t) {
  size_t n = lk_nbytes(t);
  if (t->data) lt_free(g_alloc, t->data, n ? n : 1);
  t->data = NULL;
}

/* A parse that must fail, with `needle` in its message. */
static void expect_error(const void *data, size_t size, const char *needle) {
  lk_tensor_t t;
  lt_status_t st = lt_npy_parse(data, size, "f.npy", g_alloc, &t);
  CHECK(st != LT_OK);
  if (!st) {
    free_tensor(&t);
    return;
  }
  const char *msg = lt_status_message(st);
  if (!strstr(msg, needle)) {
    fprintf(stderr, "  message '%s' lacks '%s'\n", msg, needle);
    CHECK(strstr(msg, needle) != NULL);
  }
  CHECK(strstr(msg, "f.npy") != NULL); /* names the file */
  lt_status_free(st);
}

/* A .npy image with a hand-written header dictionary (version 1.0). */
static size_t make_file(uint8_t *buf, size_t cap, const char *dict,
                        const void *data, size_t nbytes) {
  size_t dlen = strlen(dict);
  size_t total = (10 + dlen + 1 + 63) / 64 * 64;
  size_t hlen = total - 10;
  if (total + nbytes > cap) return 0;
  memcpy(buf, "\x93NUMPY\x01\x00", 8);
  buf[8] = (uint8_t)hlen;
  buf[9] = (uint8_t)(hlen >> 8);
  memcpy(buf + 10, dict, dlen);
  memset(buf + 10 + dlen, ' ', hlen - dlen - 1);
  buf[total - 1] = '\n';
  if (nbytes) memcpy(buf + total, data, nbytes);
  return total + nbytes;
}

static void test_round_trip_all_dtypes(void) {
  static const lk_dtype_t dtypes[] = {LK_F32, LK_F64, LK_F16, LK_I8,
                                      LK_I16, LK_I32, LK_I64, LK_U8,
                                      LK_U16, LK_U32, LK_U64, LK_BOOL};
  for (size_t k = 0; k < LT_ARRAY_SIZE(dtypes); k++) {
    lk_tensor_t t = {.dtype = dtypes[k], .rank = 2, .dims = {2, 3}};
    uint8_t data[6 * 8];
    t.data = data;
    for (int64_t i = 0; i < 6; i++)
      lk_store_i64(&t, i, i % 2 ? i : -i);
    lt_strbuf_t sb = {0};
    CHECK(lt_npy_serialize(&t, &sb) == LT_OK);
    CHECK(sb.len % 64 == lk_nbytes(&t) % 64); /* the header is aligned */
    lk_tensor_t back;
    lt_status_t st = lt_npy_parse(sb.data, sb.len, "rt.npy", g_alloc, &back);
    CHECK(st == LT_OK);
    if (st) {
      fprintf(stderr, "  %s: %s\n", lk_dtype_name(dtypes[k]),
              lt_status_message(st));
      lt_status_free(st);
    } else {
      CHECK(back.dtype == t.dtype && back.rank == 2);
      CHECK(back.dims[0] == 2 && back.dims[1] == 3);
      CHECK(memcmp(back.data, t.data, lk_nbytes(&t)) == 0);
      free_tensor(&back);
    }
    lt_strbuf_free(&sb);
  }
}

static void test_shapes(void) {
  /* Scalar, empty, 1-D and rank 8. */
  static const struct {
    int32_t rank;
    int64_t dims[LK_MAX_RANK];
  } shapes[] = {{0, {0}}, {2, {0, 3}}, {1, {5}}, {8, {1, 2, 1, 2, 1, 2, 1, 2}}};
  double data[16];
  for (int i = 0; i < 16; i++)
    data[i] = i * 0.5;
  for (size_t k = 0; k < LT_ARRAY_SIZE(shapes); k++) {
    lk_tensor_t t = {.dtype = LK_F64, .rank = shapes[k].rank, .data = data};
    memcpy(t.dims, shapes[k].dims, sizeof(t.dims));
    lt_strbuf_t sb = {0};
    CHECK(lt_npy_serialize(&t, &sb) == LT_OK);
    lk_tensor_t back;
    CHECK(lt_npy_parse(sb.data, sb.len, "s.npy", g_alloc, &back) == LT_OK);
    CHECK(back.rank == t.rank);
    CHECK(memcmp(back.dims, t.dims, (size_t)t.rank * sizeof(int64_t)) == 0);
    CHECK(memcmp(back.data, data, lk_nbytes(&t)) == 0);
    free_tensor(&back);
    lt_strbuf_free(&sb);
  }
}

/* The bytes numpy.save writes for np.zeros((2, 3), np.float32) and for a
 * 1-D bool array, so files round-trip with numpy unchanged. */
static void test_numpy_header_bytes(void) {
  float z[6] = {0};
  lk_tensor_t t = {.dtype = LK_F32, .rank = 2, .dims = {2, 3}, .data = z};
  lt_strbuf_t sb = {0};
  CHECK(lt_npy_serialize(&t, &sb) == LT_OK);
  const char *want = "\x93NUMPY\x01\x00\x76\x00{'descr': '<f4', "
                     "'fortran_order': False, 'shape': (2, 3), }";
  CHECK(sb.len == 128 + 24);
  CHECK(memcmp(sb.data, want, 10) == 0); /* magic, 1.0, header length 118 */
  CHECK(memcmp(sb.data + 10, want + 10, strlen(want + 10)) == 0);
  CHECK(sb.data[127] == '\n' && sb.data[126] == ' ');
  lt_strbuf_free(&sb);

  uint8_t b[3] = {1, 0, 1};
  lk_tensor_t tb = {.dtype = LK_BOOL, .rank = 1, .dims = {3}, .data = b};
  CHECK(lt_npy_serialize(&tb, &sb) == LT_OK);
  CHECK(strstr(sb.data + 10, "{'descr': '|b1', 'fortran_order': False, "
                             "'shape': (3,), }") == sb.data + 10);
  lt_strbuf_free(&sb);
}

static void test_reader_variants(void) {
  uint8_t buf[512];
  float v[2] = {1.5f, -2.0f};
  /* Double quotes, no trailing comma, keys in another order, 'L' dims. */
  size_t n = make_file(buf, sizeof(buf),
                       "{\"shape\": (2L,), \"fortran_order\": False, "
                       "\"descr\": \"<f4\"}",
                       v, sizeof(v));
  lk_tensor_t t;
  CHECK(lt_npy_parse(buf, n, "v.npy", g_alloc, &t) == LT_OK);
  CHECK(t.dtype == LK_F32 && t.rank == 1 && t.dims[0] == 2);
  CHECK(((float *)t.data)[1] == -2.0f);
  free_tensor(&t);
  /* Version 2.0: a 4-byte header length. */
  uint8_t v2[256];
  size_t m = make_file(buf, sizeof(buf),
                       "{'descr': '<f4', 'fortran_order': False, "
                       "'shape': (2,), }",
                       v, sizeof(v));
  size_t hlen = m - sizeof(v) - 10;
  memcpy(v2, "\x93NUMPY\x02\x00", 8);
  v2[8] = (uint8_t)hlen, v2[9] = 0, v2[10] = 0, v2[11] = 0;
  memcpy(v2 + 12, buf + 10, m - 10);
  CHECK(lt_npy_parse(v2, m + 2, "v2.npy", g_alloc, &t) == LT_OK);
  CHECK(t.dims[0] == 2 && ((float *)t.data)[0] == 1.5f);
  free_tensor(&t);
  /* Bool bytes other than 0/1 read as true. */
  uint8_t bools[2] = {0, 7};
  n = make_file(buf, sizeof(buf),
                "{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }",
                bools, 2);
  CHECK(lt_npy_parse(buf, n, "b.npy", g_alloc, &t) == LT_OK);
  CHECK(((uint8_t *)t.data)[0] == 0 && ((uint8_t *)t.data)[1] == 1);
  free_tensor(&t);
}

static void test_rejections(void) {
  uint8_t buf[1024];
  float v[4] = {0};
  const char *ok_dict =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }";
  size_t good = make_file(buf, sizeof(buf), ok_dict, v, sizeof(v));
  /* Every truncation fails cleanly (no read past the end under ASan). */
  for (size_t len = 0; len < good; len++) {
    uint8_t *copy = malloc(len ? len : 1);
    memcpy(copy, buf, len);
    lk_tensor_t t;
    lt_status_t st = lt_npy_parse(copy, len, "t.npy", g_alloc, &t);
    CHECK(st != LT_OK);
    lt_status_free(st);
    free(copy);
  }
  expect_error("GIF89a..", 8, "bad magic");
  size_t n;
  memcpy(buf, "\x93NUMPY\x04\x00\x00\x00", 10);
  expect_error(buf, 10, "version 4.0");
  n = make_file(buf, sizeof(buf), ok_dict, v, sizeof(v));
  buf[8] = 0xff, buf[9] = 0x7f; /* header length past the end */
  expect_error(buf, n, "truncated .npy header");
  /* Well-formed files whose header says something wrong, each with what
   * the message must name. */
  const struct {
    const char *dict;
    size_t nbytes;
    const char *needle;
  } bad[] = {
      {"{'descr': '>f4', 'fortran_order': False, 'shape': (2, 2), }", sizeof(v),
       "big-endian"},
      {"{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }", sizeof(v),
       "unsupported .npy dtype '<c8'"},
      {"{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", 16,
       "unsupported .npy dtype '|O'"},
      {"{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", sizeof(v),
       "Fortran-order"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (-2, 2), }",
       sizeof(v), "non-negative integers"},
      {"{'descr': '<f4', 'fortran_order': False, "
       "'shape': (1, 1, 1, 1, 1, 1, 1, 1, 1), }",
       4, "rank above 8"},
      {"{'descr': '<f4', 'fortran_order': False, "
       "'shape': (99999999999999999999, 2), }",
       sizeof(v), "too large"},
      {"{'descr': '<f8', 'fortran_order': False, "
       "'shape': (281474976710656, 281474976710656), }",
       sizeof(v), "too many elements"},
      {ok_dict, sizeof(v) - 4, "need 16"},
      {"{'descr': '<f4', 'shape': (2, 2), }", sizeof(v), "all required"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (4,), 'extra': 1}",
       sizeof(v), "unexpected key"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (4,)} x", sizeof(v),
       "text after the dictionary"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (4,", sizeof(v),
       "unterminated 'shape'"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (4 4)}", sizeof(v),
       "expected ',' or ')'"},
  };
  for (size_t i = 0; i < LT_ARRAY_SIZE(bad); i++) {
    n = make_file(buf, sizeof(buf), bad[i].dict, v, bad[i].nbytes);
    expect_error(buf, n, bad[i].needle);
  }
}

static void test_writer_rejects_bf16(void) {
  uint16_t h[1] = {0};
  lk_tensor_t t = {.dtype = LK_BF16, .rank = 1, .dims = {1}, .data = h};
  lt_strbuf_t sb = {0};
  lt_status_t st = lt_npy_serialize(&t, &sb);
  CHECK(st != LT_OK);
  CHECK(st && strstr(lt_status_message(st), "bf16"));
  lt_status_free(st);
  lt_strbuf_free(&sb);
}

static void test_files(void) {
  char path[] = "/tmp/npy_test_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd < 0) return;
  int32_t d[3] = {7, -8, 9};
  lk_tensor_t t = {.dtype = LK_I32, .rank = 1, .dims = {3}, .data = d};
  CHECK(lt_npy_write_file(path, &t) == LT_OK);
  lk_tensor_t back;
  CHECK(lt_npy_read_file(path, g_alloc, &back) == LT_OK);
  CHECK(back.dtype == LK_I32 && back.dims[0] == 3 &&
        ((int32_t *)back.data)[1] == -8);
  free_tensor(&back);
  remove(path);
  lt_status_t st = lt_npy_read_file(path, g_alloc, &back);
  CHECK(st && lt_status_code(st) == LT_STATUS_NOT_FOUND);
  CHECK(st && strstr(lt_status_message(st), path));
  lt_status_free(st);
}

int main(void) {
  g_alloc = lt_allocator_system();
  test_round_trip_all_dtypes();
  test_shapes();
  test_numpy_header_bytes();
  test_reader_variants();
  test_rejections();
  test_writer_rejects_bf16();
  test_files();
  return test_exit_status();
}

/* autotune_cache_test.c - lite-autotune's cache entries (compiler/
 * autotune.h): the text round-trips, the key depends on every ingredient,
 * and anything but a whole entry of the same key and signature is refused:
 * other headers, keys or ops, truncation, bytes after `end`, unreadable
 * times, a kernel of another kind, a kind twice. With LLVM, entries also go
 * through files in a temporary directory. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "compiler/autotune.h"

static const char *k_sig =
    "\"lite.softmax\" {axis = 1 : i64} (tensor<3x5xf32>) -> (tensor<3x5xf32>)";

static lt_autotune_entry_t sample(void) {
  lt_autotune_entry_t e = {.count = 3};
  e.times[0] = (lt_autotune_time_t){"jit", "jit_softmax__f32_nchw", 0.00213};
  e.times[1] = (lt_autotune_time_t){"ref", "ref_softmax__f32_nchw", 0.5};
  e.times[2] = (lt_autotune_time_t){"x86", "", -1};
  return e;
}

/* Parses text as an entry of key 0x12 and k_sig. */
static bool parses(const char *text, lt_autotune_entry_t *out) {
  return lt_autotune_parse(text, strlen(text), 0x12, k_sig, out);
}

/* The sample's text with `from` replaced by `to` (once). */
static char *edited(const char *from, const char *to) {
  lt_strbuf_t sb = {0};
  lt_autotune_entry_t e = sample();
  lt_autotune_format(0x12, k_sig, &e, &sb);
  char *at = strstr(sb.data, from);
  CHECK(at != NULL);
  lt_strbuf_t out = {0};
  lt_strbuf_printf(&out, "%.*s%s%s", (int)(at - sb.data), sb.data, to,
                   at + strlen(from));
  lt_strbuf_free(&sb);
  return lt_strbuf_take(&out);
}

static void test_round_trip(void) {
  lt_autotune_entry_t e = sample(), back;
  lt_strbuf_t sb = {0};
  lt_autotune_format(0x12, k_sig, &e, &sb);
  CHECK(strcmp(sb.data, "lite-autotune 1\n"
                        "key 0000000000000012\n"
                        "op \"lite.softmax\" {axis = 1 : i64} "
                        "(tensor<3x5xf32>) -> (tensor<3x5xf32>)\n"
                        "jit jit_softmax__f32_nchw 0.00213\n"
                        "ref ref_softmax__f32_nchw 0.5\n"
                        "x86 - -\n"
                        "end\n") == 0);
  CHECK(parses(sb.data, &back));
  CHECK(back.count == 3);
  CHECK(strcmp(back.times[0].kernel, "jit_softmax__f32_nchw") == 0);
  CHECK(back.times[0].ms == 0.00213 && back.times[1].ms == 0.5);
  CHECK(back.times[2].kernel[0] == 0 && back.times[2].ms < 0);
  const lt_autotune_time_t *ref = lt_autotune_find(&back, "ref");
  CHECK(ref && ref == &back.times[1]);
  CHECK(lt_autotune_find(&back, "arm") == NULL);
  /* Another key or signature: another entry. */
  CHECK(!lt_autotune_parse(sb.data, sb.len, 0x13, k_sig, &back));
  CHECK(!lt_autotune_parse(sb.data, sb.len, 0x12, "\"lite.relu\" {}", &back));
  /* Every prefix is a truncated file. */
  for (size_t n = 0; n < sb.len; n++)
    CHECK(!lt_autotune_parse(sb.data, n, 0x12, k_sig, &back));
  lt_strbuf_free(&sb);
}

static void test_refused(void) {
  static const char *const kEdits[][2] = {
      {"lite-autotune 1", "lite-autotune 2"},
      {"key 0000000000000012", "key 12"},
      {"op \"lite.softmax\"", "op \"lite.relu\""},
      {"end\n", "end\nmore\n"},
      {"end\n", "end\n\n"},
      {"end\n", "end"},
      {"0.00213", "nan"},
      {"0.00213", "inf"},
      {"0.00213", "-1"},
      {"0.00213", "1x"},
      {"0.00213", "-"},
      {"0.00213", "1 2"},
      {"jit jit_softmax", "jit ref_softmax"},
      {"jit jit_softmax", "jit jitsoftmax"},
      {"jit jit_softmax", "Jit Jit_softmax"},
      {"jit jit_softmax__f32_nchw 0.00213", "jit"},
      {"x86 - -", "ref - -"},
      {"x86 - -", "x86 - 1"},
      {"x86 - -", "- - -"},
      {"jit jit_softmax__f32_nchw 0.00213\nref ref_softmax__f32_nchw 0.5\n"
       "x86 - -\n",
       ""},
      {"\nend", "\x01\xff\nend"},
  };
  for (size_t i = 0; i < LT_ARRAY_SIZE(kEdits); i++) {
    char *text = edited(kEdits[i][0], kEdits[i][1]);
    lt_autotune_entry_t e;
    if (parses(text, &e)) fprintf(stderr, "accepted edit %zu: %s\n", i, text);
    CHECK(!parses(text, &e));
    free(text);
  }
  /* More kinds than an entry holds. */
  lt_strbuf_t sb = {0};
  lt_strbuf_printf(&sb, "lite-autotune 1\nkey 0000000000000012\nop %s\n",
                   k_sig);
  for (int i = 0; i <= LT_AUTOTUNE_MAX_KINDS; i++)
    lt_strbuf_printf(&sb, "k%d - -\n", i);
  lt_strbuf_puts(&sb, "end\n");
  lt_autotune_entry_t e;
  CHECK(!parses(sb.data, &e));
  lt_strbuf_free(&sb);
}

static void test_key(void) {
  uint64_t a = lt_autotune_key(k_sig, "x86_64 znver3 +avx512f llvm 16");
  CHECK(a != 0);
  CHECK(a == lt_autotune_key(k_sig, "x86_64 znver3 +avx512f llvm 16"));
  CHECK(a != lt_autotune_key(k_sig, "x86_64 znver3 +avx512f llvm 17"));
  CHECK(a !=
        lt_autotune_key("\"lite.relu\" {}", "x86_64 znver3 +avx512f llvm 16"));
  char *path = lt_autotune_path("/c", 0xab);
  CHECK(path && strcmp(path, "/c/00000000000000ab.tune") == 0);
  free(path);
}

static void test_files(void) {
#if LITE_TEST_WITH_LLVM
  char dir[] = "/tmp/lite-autotune-test-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char sub[64];
  snprintf(sub, sizeof sub, "%s/a/b", dir);
  lt_autotune_entry_t e = sample(), back;
  CHECK(!lt_autotune_cache_read(sub, 0x12, k_sig, &back));
  lt_status_t st = lt_autotune_cache_write(sub, 0x12, k_sig, &e);
  CHECK(st == LT_OK);
  if (st) lt_status_free(st);
  CHECK(lt_autotune_cache_read(sub, 0x12, k_sig, &back) && back.count == 3);
  CHECK(!lt_autotune_cache_read(sub, 0x12, "\"lite.relu\" {}", &back));
  /* A damaged file is no entry; writing again repairs it. */
  char *path = lt_autotune_path(sub, 0x12);
  FILE *f = fopen(path, "r+b");
  CHECK(f != NULL);
  if (f) {
    fseek(f, 20, SEEK_SET);
    fputc('#', f);
    fclose(f);
  }
  CHECK(!lt_autotune_cache_read(sub, 0x12, k_sig, &back));
  st = lt_autotune_cache_write(sub, 0x12, k_sig, &e);
  CHECK(st == LT_OK);
  if (st) lt_status_free(st);
  CHECK(lt_autotune_cache_read(sub, 0x12, k_sig, &back));
  /* No temporary file is left behind. */
  char cmd[160];
  snprintf(cmd, sizeof cmd, "test \"$(ls %s | wc -l)\" = 1", sub);
  CHECK(system(cmd) == 0);
  unlink(path);
  free(path);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  CHECK(system(cmd) == 0);
#endif
}

int main(void) {
  test_round_trip();
  test_refused();
  test_key();
  test_files();
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

/* autotune_cache.c - lite-autotune's cache entries: the key, the text of a
 * file, and reading and writing it (autotune.h has the format). */
#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compiler/autotune.h"
#if LITE_WITH_LLVM
#include "codegen/llvm/cache.h"
#endif

#define HEADER "lite-autotune 1"
/* A file larger than this holds no entry of ours. */
#define MAX_FILE (64u << 10)

uint64_t lt_autotune_key(const char *signature, const char *host) {
  uint64_t h = lt_hash_bytes(HEADER, strlen(HEADER), 0);
  h = lt_hash_bytes(signature, strlen(signature), h);
  h = lt_hash_bytes(host, strlen(host), h);
  return h ? h : 1;
}

char *lt_autotune_path(const char *dir, uint64_t key) {
  size_t n = strlen(dir) + 32;
  char *s = malloc(n);
  if (s) snprintf(s, n, "%s/%016llx.tune", dir, (unsigned long long)key);
  return s;
}

void lt_autotune_format(uint64_t key, const char *signature,
                        const lt_autotune_entry_t *e, lt_strbuf_t *sb) {
  lt_strbuf_printf(sb, "%s\nkey %016llx\nop %s\n", HEADER,
                   (unsigned long long)key, signature);
  for (uint32_t i = 0; i < e->count; i++) {
    const lt_autotune_time_t *t = &e->times[i];
    if (t->kernel[0] && t->ms >= 0)
      lt_strbuf_printf(sb, "%s %s %.6g\n", t->kind, t->kernel, t->ms);
    else
      lt_strbuf_printf(sb, "%s - -\n", t->kind);
  }
  lt_strbuf_puts(sb, "end\n");
}

/* The next line from *p up to end, without its '\n' (into out_line and
 * out_len); false at the end or when the line has no '\n' (a truncated file).
 */
static bool next_line(const char **p, const char *end, const char **out_line,
                      size_t *out_len) {
  const char *nl = memchr(*p, '\n', (size_t)(end - *p));
  if (!nl) return false;
  *out_line = *p;
  *out_len = (size_t)(nl - *p);
  *p = nl + 1;
  return true;
}

static bool line_is(const char *line, size_t len, const char *want) {
  return len == strlen(want) && memcmp(line, want, len) == 0;
}

/* A word of a kind line: letters, digits and '_' only (kinds and kernel
 * names), or "-". */
static bool word_ok(const char *s, size_t n) {
  if (n == 1 && s[0] == '-') return true;
  for (size_t i = 0; i < n; i++)
    if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
          s[i] == '_'))
      return false;
  return n > 0;
}

/* "<kind> <kernel> <ms>" or "<kind> - -". */
static bool parse_time(const char *line, size_t len, lt_autotune_time_t *t) {
  char buf[256];
  if (len >= sizeof buf) return false;
  memcpy(buf, line, len);
  buf[len] = 0;
  char kind[64], kernel[192], ms[64], extra;
  if (sscanf(buf, "%63s %191s %63s %c", kind, kernel, ms, &extra) != 3)
    return false;
  size_t nk = strlen(kind), nn = strlen(kernel);
  if (nk >= sizeof t->kind || nn >= sizeof t->kernel ||
      strcmp(kind, "-") == 0 || !word_ok(kind, nk) || !word_ok(kernel, nn))
    return false;
  memset(t, 0, sizeof *t);
  memcpy(t->kind, kind, nk + 1);
  if (strcmp(kernel, "-") == 0) {
    t->ms = -1;
    return strcmp(ms, "-") == 0;
  }
  /* A kernel is one of its kind. */
  if (strncmp(kernel, kind, nk) != 0 || kernel[nk] != '_') return false;
  memcpy(t->kernel, kernel, nn + 1);
  char *stop;
  errno = 0;
  t->ms = strtod(ms, &stop);
  return *stop == 0 && errno == 0 && isfinite(t->ms) && t->ms >= 0;
}

bool lt_autotune_parse(const char *text, size_t len, uint64_t key,
                       const char *signature, lt_autotune_entry_t *out) {
  const char *p = text, *end = text + len, *line;
  size_t n;
  char want[32];
  snprintf(want, sizeof want, "key %016llx", (unsigned long long)key);
  if (!next_line(&p, end, &line, &n) || !line_is(line, n, HEADER) ||
      !next_line(&p, end, &line, &n) || !line_is(line, n, want) ||
      !next_line(&p, end, &line, &n) || n < 3 || memcmp(line, "op ", 3) != 0 ||
      !line_is(line + 3, n - 3, signature))
    return false;
  out->count = 0;
  for (;;) {
    if (!next_line(&p, end, &line, &n)) return false;
    if (line_is(line, n, "end")) return p == end && out->count > 0;
    if (out->count == LT_AUTOTUNE_MAX_KINDS) return false;
    lt_autotune_time_t *t = &out->times[out->count];
    if (!parse_time(line, n, t) || lt_autotune_find(out, t->kind)) return false;
    out->count++;
  }
}

const lt_autotune_time_t *lt_autotune_find(const lt_autotune_entry_t *e,
                                           const char *kind) {
  for (uint32_t i = 0; i < e->count; i++)
    if (strcmp(e->times[i].kind, kind) == 0) return &e->times[i];
  return NULL;
}

bool lt_autotune_cache_read(const char *dir, uint64_t key,
                            const char *signature, lt_autotune_entry_t *out) {
  char *path = lt_autotune_path(dir, key);
  FILE *f = path ? fopen(path, "rb") : NULL;
  free(path);
  if (!f) return false;
  char *buf = malloc(MAX_FILE);
  size_t n = buf ? fread(buf, 1, MAX_FILE, f) : 0;
  bool ok = buf && n < MAX_FILE && !ferror(f) &&
            lt_autotune_parse(buf, n, key, signature, out);
  fclose(f);
  free(buf);
  return ok;
}

lt_status_t lt_autotune_cache_write(const char *dir, uint64_t key,
                                    const char *signature,
                                    const lt_autotune_entry_t *e) {
#if LITE_WITH_LLVM
  static atomic_uint counter;
  if (!lt_llvm_cache_make_dirs(dir))
    return lt_status_make(LT_STATUS_IO,
                          "cannot create cache directory '%s': %s", dir,
                          strerror(errno));
  lt_strbuf_t sb = {0};
  lt_autotune_format(key, signature, e, &sb);
  char *path = lt_autotune_path(dir, key);
  size_t n = path ? strlen(path) + 48 : 0;
  char *tmp = path ? malloc(n) : NULL;
  if (!tmp || !sb.data) {
    lt_strbuf_free(&sb);
    free(path);
    free(tmp);
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  }
  /* Unique per process and write, so that concurrent writers never share
   * a temporary file; the rename makes the entry whole or absent. */
  snprintf(tmp, n, "%s.tmp.%ld.%u", path, (long)getpid(),
           atomic_fetch_add(&counter, 1));
  FILE *f = fopen(tmp, "wb");
  bool ok = f && fwrite(sb.data, 1, sb.len, f) == sb.len;
  if (f) ok = fclose(f) == 0 && ok;
  ok = ok && rename(tmp, path) == 0;
  lt_status_t st =
      ok ? LT_OK
         : lt_status_make(LT_STATUS_IO, "cannot write autotune entry '%s': %s",
                          path, strerror(errno));
  if (!ok) unlink(tmp);
  free(tmp);
  free(path);
  lt_strbuf_free(&sb);
  return st;
#else
  (void)dir, (void)key, (void)signature, (void)e;
  return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                        "the autotune cache needs LLVM (LITE_WITH_LLVM=OFF)");
#endif
}

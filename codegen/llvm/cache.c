/* cache.c - the object cache's files (cache.h has the layout). */
#include "codegen/llvm/cache.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HEADER 32
static const uint8_t k_magic[8] = {'L', 'T', 'O', 'B', 'J', 0, 0, 1};

uint64_t lt_llvm_fnv1a(const void *p, size_t n, uint64_t h) {
  const uint8_t *b = p;
  for (size_t i = 0; i < n; i++) {
    h ^= b[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

static char *join(const char *a, const char *b) {
  size_t n = strlen(a) + strlen(b) + 2;
  char *s = malloc(n);
  if (s) snprintf(s, n, "%s/%s", a, b);
  return s;
}

char *lt_llvm_cache_default_dir(void) {
  const char *d = getenv("LITE_CACHE_DIR");
  if (d && *d) return strdup(d);
  d = getenv("XDG_CACHE_HOME");
  if (d && *d) return join(d, "lite");
  d = getenv("HOME");
  if (d && *d) return join(d, ".cache/lite");
  return NULL;
}

char *lt_llvm_cache_path(const char *dir, uint64_t key) {
  char name[32];
  snprintf(name, sizeof(name), "%016llx.lobj", (unsigned long long)key);
  return join(dir, name);
}

static void put64(uint8_t *p, uint64_t v) {
  for (int i = 0; i < 8; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++)
    v |= (uint64_t)p[i] << (8 * i);
  return v;
}

bool lt_llvm_cache_read(const char *dir, uint64_t key, void **out_data,
                        size_t *out_size) {
  *out_data = NULL;
  *out_size = 0;
  char *path = lt_llvm_cache_path(dir, key);
  FILE *f = path ? fopen(path, "rb") : NULL;
  free(path);
  if (!f) return false;
  uint8_t h[HEADER];
  bool ok = fread(h, 1, HEADER, f) == HEADER && memcmp(h, k_magic, 8) == 0 &&
            get64(h + 8) == key;
  uint64_t size = ok ? get64(h + 16) : 0;
  /* an object over 1 GiB is no kernel module: the header is damaged */
  ok = ok && size > 0 && size < (1ull << 30);
  void *data = ok ? malloc(size) : NULL;
  ok = data && fread(data, 1, size, f) == size && fgetc(f) == EOF &&
       lt_llvm_fnv1a(data, size, LT_LLVM_FNV_OFFSET) == get64(h + 24);
  fclose(f);
  if (!ok) {
    free(data);
    return false;
  }
  *out_data = data;
  *out_size = size;
  return true;
}

bool lt_llvm_cache_make_dirs(const char *dir) {
  char *p = strdup(dir);
  if (!p) return false;
  for (char *s = p + 1; *s; s++) {
    if (*s != '/') continue;
    *s = '\0';
    if (mkdir(p, 0755) != 0 && errno != EEXIST) {
      free(p);
      return false;
    }
    *s = '/';
  }
  bool ok = mkdir(p, 0755) == 0 || errno == EEXIST;
  free(p);
  return ok;
}

lt_status_t lt_llvm_cache_write(const char *dir, uint64_t key,
                                const void *data, size_t size) {
  static atomic_uint counter;
  if (!lt_llvm_cache_make_dirs(dir))
    return lt_status_make(LT_STATUS_IO, "cannot create cache directory '%s': %s",
                          dir, strerror(errno));
  char *path = lt_llvm_cache_path(dir, key);
  size_t n = path ? strlen(path) + 48 : 0;
  char *tmp = path ? malloc(n) : NULL;
  if (!tmp) {
    free(path);
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  }
  snprintf(tmp, n, "%s.tmp.%ld.%u", path, (long)getpid(),
           atomic_fetch_add(&counter, 1));
  uint8_t h[HEADER];
  memcpy(h, k_magic, 8);
  put64(h + 8, key);
  put64(h + 16, size);
  put64(h + 24, lt_llvm_fnv1a(data, size, LT_LLVM_FNV_OFFSET));
  FILE *f = fopen(tmp, "wb");
  bool ok = f && fwrite(h, 1, HEADER, f) == HEADER &&
            fwrite(data, 1, size, f) == size;
  if (f) ok = fclose(f) == 0 && ok;
  ok = ok && rename(tmp, path) == 0;
  lt_status_t st = ok ? LT_OK
                      : lt_status_make(LT_STATUS_IO,
                                       "cannot write cache entry '%s': %s",
                                       path, strerror(errno));
  if (!ok) unlink(tmp);
  free(tmp);
  free(path);
  return st;
}

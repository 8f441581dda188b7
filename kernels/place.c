/* place.c - Place spellings, their parsers, and the facts about targets,
 * layouts and precisions that the compiler and the runtime both need. */
#include "kernels/place.h"

#include <stdio.h>
#include <string.h>

static const char *const kTargetNames[] = {
#define X(e, s) s,
    LK_TARGETS(X)
#undef X
};
static const char *const kPrecisionNames[] = {
#define X(e, s) s,
    LK_PRECISIONS(X)
#undef X
};
static const char *const kLayoutNames[] = {
#define X(e, s, block) s,
    LK_LAYOUTS(X)
#undef X
};
static const int32_t kLayoutBlocks[] = {
#define X(e, s, block) block,
    LK_LAYOUTS(X)
#undef X
};

const char *lk_target_name(lk_target_t t) {
  return (unsigned)t < LK_NUM_TARGETS ? kTargetNames[t] : "?";
}
const char *lk_precision_name(lk_precision_t p) {
  return (unsigned)p < LK_NUM_PRECISIONS ? kPrecisionNames[p] : "?";
}
const char *lk_layout_name(lk_layout_t l) {
  return (unsigned)l < LK_NUM_LAYOUTS ? kLayoutNames[l] : "?";
}

static int find_name(const char *const *names, int count, const char *s,
                     size_t n) {
  for (int i = 0; i < count; i++)
    if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0) return i;
  return -1;
}

bool lk_target_parse(const char *s, size_t n, lk_target_t *out_target) {
  int i = find_name(kTargetNames, LK_NUM_TARGETS, s, n);
  if (i >= 0) *out_target = (lk_target_t)i;
  return i >= 0;
}
bool lk_precision_parse(const char *s, size_t n, lk_precision_t *out_prec) {
  int i = find_name(kPrecisionNames, LK_NUM_PRECISIONS, s, n);
  if (i >= 0) *out_prec = (lk_precision_t)i;
  return i >= 0;
}
bool lk_layout_parse(const char *s, size_t n, lk_layout_t *out_layout) {
  int i = find_name(kLayoutNames, LK_NUM_LAYOUTS, s, n);
  if (i >= 0) *out_layout = (lk_layout_t)i;
  return i >= 0;
}

/* A device number: decimal digits only, at most INT32_MAX. */
static bool parse_device(const char *s, size_t n, int32_t *out) {
  if (n == 0) return false;
  int64_t v = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
    if (v > INT32_MAX) return false;
  }
  *out = (int32_t)v;
  return true;
}

bool lk_place_parse(const char *s, size_t n, lk_place_t *out_place) {
  /* Up to four fields; the fourth runs to the end, so a fifth ':' makes
   * the device malformed. */
  const char *f[4];
  size_t len[4];
  int count = 0;
  const char *p = s, *end = s + n;
  for (;;) {
    const char *c = count < 3 ? memchr(p, ':', (size_t)(end - p)) : NULL;
    f[count] = p;
    len[count++] = (size_t)((c ? c : end) - p);
    if (!c) break;
    p = c + 1;
  }
  if (count < 3) return false;
  lk_place_t r = {.device = 0};
  if (!lk_target_parse(f[0], len[0], &r.target) ||
      !lk_precision_parse(f[1], len[1], &r.precision) ||
      !lk_layout_parse(f[2], len[2], &r.layout) ||
      (count == 4 && !parse_device(f[3], len[3], &r.device)))
    return false;
  *out_place = r;
  return true;
}

void lk_place_format(lk_place_t p, char *buf, size_t size) {
  if (p.device)
    snprintf(buf, size, "%s:%s:%s:%d", lk_target_name(p.target),
             lk_precision_name(p.precision), lk_layout_name(p.layout),
             (int)p.device);
  else
    snprintf(buf, size, "%s:%s:%s", lk_target_name(p.target),
             lk_precision_name(p.precision), lk_layout_name(p.layout));
}

bool lk_target_is_host_memory(lk_target_t t) {
  return t == LK_TARGET_HOST || t == LK_TARGET_X86 || t == LK_TARGET_ARM;
}

int32_t lk_layout_channel_block(lk_layout_t l) {
  return (unsigned)l < LK_NUM_LAYOUTS ? kLayoutBlocks[l] : 1;
}

lk_precision_t lk_precision_of_dtype(lk_dtype_t d) {
  switch (d) {
  case LK_F32: return LK_PRECISION_F32;
  case LK_F16: return LK_PRECISION_F16;
  case LK_BF16: return LK_PRECISION_BF16;
  case LK_I8: return LK_PRECISION_I8;
  case LK_U8: return LK_PRECISION_U8;
  case LK_I32: return LK_PRECISION_I32;
  case LK_I64: return LK_PRECISION_I64;
  case LK_BOOL: return LK_PRECISION_BOOL;
  default: return LK_PRECISION_ANY;
  }
}

lk_dtype_t lk_dtype_of_precision(lk_precision_t p) {
  switch (p) {
  case LK_PRECISION_F32: return LK_F32;
  case LK_PRECISION_F16: return LK_F16;
  case LK_PRECISION_BF16: return LK_BF16;
  case LK_PRECISION_I8: return LK_I8;
  case LK_PRECISION_U8: return LK_U8;
  case LK_PRECISION_I32: return LK_I32;
  case LK_PRECISION_I64: return LK_I64;
  case LK_PRECISION_BOOL: return LK_BOOL;
  case LK_PRECISION_ANY:
  case LK_NUM_PRECISIONS: break;
  }
  return LK_DTYPE_NONE;
}

bool lk_precision_is_float(lk_precision_t p) {
  return p == LK_PRECISION_F32 || p == LK_PRECISION_F16 ||
         p == LK_PRECISION_BF16;
}

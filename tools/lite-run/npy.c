/* npy.c - .npy reading and writing. The header is a Python dict literal,
 * `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`, padded
 * with spaces to a 64-byte boundary and ended by '\n'; the raw elements
 * follow. Only the subset numpy itself writes is accepted, and anything
 * else (big-endian, Fortran order, object arrays, unknown keys) is refused
 * with a message rather than guessed at. */
#include "tools/lite-run/npy.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

/* X(dtype, numpy type string): the dtypes a .npy file may hold. */
#define NPY_DTYPES(X)                                                          \
  X(F32, "<f4")                                                                \
  X(F64, "<f8")                                                                \
  X(F16, "<f2") X(I8, "|i1") X(I16, "<i2") X(I32, "<i4") X(I64, "<i8")         \
      X(U8, "|u1") X(U16, "<u2") X(U32, "<u4") X(U64, "<u8") X(BOOL, "|b1")

static const char k_magic[6] = {'\x93', 'N', 'U', 'M', 'P', 'Y'};
#define NPY_PREAMBLE_V1 10 /* magic, version, 2-byte header length */
#define NPY_PREAMBLE_V2 12 /* magic, version, 4-byte header length */
#define NPY_ALIGN 64

const char *lt_npy_descr(lk_dtype_t dtype) {
  switch (dtype) {
#define X(e, s)                                                                \
  case LK_##e:                                                                 \
    return s;
    NPY_DTYPES(X)
#undef X
  default:
    return NULL;
  }
}

/* numpy writes '|' for one-byte types and '<' for the rest; '<' on a
 * one-byte type and '=' (native, little-endian on every machine lite runs
 * on) are accepted as well, since other writers use them. */
static bool descr_to_dtype(const char *s, size_t n, lk_dtype_t *out) {
  if (n != 3) return false;
#define X(e, str)                                                              \
  if (memcmp(s + 1, &(str)[1], 2) == 0) {                                      \
    bool one_byte = str[0] == '|';                                             \
    if (s[0] == str[0] || s[0] == '=' || (one_byte && s[0] == '<')) {          \
      *out = LK_##e;                                                           \
      return true;                                                             \
    }                                                                          \
  }
  NPY_DTYPES(X)
#undef X
  return false;
}

/* ---- header parsing ------------------------------------------------------ */

typedef struct header_parser {
  const char *p, *end;
  const char *name; /* the file, for messages */
} header_parser_t;

static void skip_ws(header_parser_t *h) {
  while (h->p < h->end &&
         (*h->p == ' ' || *h->p == '\t' || *h->p == '\n' || *h->p == '\r'))
    h->p++;
}

static bool eat(header_parser_t *h, char c) {
  skip_ws(h);
  if (h->p < h->end && *h->p == c) {
    h->p++;
    return true;
  }
  return false;
}

static lt_status_t header_error(const header_parser_t *h, const char *what) {
  return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                        "%s: malformed .npy header: %s", h->name, what);
}

/* A quoted Python string without escapes (numpy never writes any). */
static bool parse_string(header_parser_t *h, const char **out_s,
                         size_t *out_n) {
  skip_ws(h);
  if (h->p >= h->end || (*h->p != '\'' && *h->p != '"')) return false;
  char quote = *h->p++;
  const char *start = h->p;
  while (h->p < h->end && *h->p != quote) {
    if (*h->p == '\\') return false;
    h->p++;
  }
  if (h->p >= h->end) return false;
  *out_s = start;
  *out_n = (size_t)(h->p - start);
  h->p++;
  return true;
}

static bool parse_word(header_parser_t *h, const char *word) {
  skip_ws(h);
  size_t n = strlen(word);
  if ((size_t)(h->end - h->p) < n || memcmp(h->p, word, n) != 0) return false;
  h->p += n;
  return true;
}

/* Dimensions are capped well below INT64_MAX so that products of a few of
 * them are checked against overflow one step at a time. */
#define NPY_MAX_DIM ((int64_t)1 << 48)

static lt_status_t parse_shape(header_parser_t *h, lk_tensor_t *out) {
  if (!eat(h, '(')) return header_error(h, "'shape' must be a tuple");
  out->rank = 0;
  for (;;) {
    if (eat(h, ')')) return LT_OK;
    skip_ws(h);
    if (h->p >= h->end) return header_error(h, "unterminated 'shape'");
    if (*h->p < '0' || *h->p > '9')
      return header_error(h, "'shape' must hold non-negative integers");
    int64_t v = 0;
    while (h->p < h->end && *h->p >= '0' && *h->p <= '9') {
      v = v * 10 + (*h->p++ - '0');
      if (v > NPY_MAX_DIM) return header_error(h, "a dimension is too large");
    }
    if (h->p < h->end && *h->p == 'L') h->p++; /* Python 2 long */
    if (out->rank == LK_MAX_RANK)
      return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                            "%s: .npy arrays of rank above %d are not "
                            "supported",
                            h->name, LK_MAX_RANK);
    out->dims[out->rank++] = v;
    if (eat(h, ')')) return LT_OK;
    if (!eat(h, ',')) return header_error(h, "expected ',' or ')' in 'shape'");
  }
}

static lt_status_t parse_header(header_parser_t *h, lk_tensor_t *out) {
  bool have_descr = false, have_order = false, have_shape = false;
  if (!eat(h, '{')) return header_error(h, "expected '{'");
  while (!eat(h, '}')) {
    const char *key;
    size_t key_len;
    if (!parse_string(h, &key, &key_len))
      return header_error(h, "expected a quoted key");
    if (!eat(h, ':')) return header_error(h, "expected ':' after a key");
    if (key_len == 5 && memcmp(key, "descr", 5) == 0) {
      const char *s;
      size_t n;
      if (!parse_string(h, &s, &n))
        return header_error(h, "'descr' must be a type string");
      if (!descr_to_dtype(s, n, &out->dtype)) {
        bool big = n > 0 && s[0] == '>';
        return lt_status_make(
            LT_STATUS_UNIMPLEMENTED,
            "%s: unsupported .npy dtype '%.*s'%s (supported: <f4 <f8 <f2 |i1 "
            "<i2 <i4 <i8 |u1 <u2 <u4 <u8 |b1)",
            h->name, (int)(n > 32 ? 32 : n), s,
            big ? " (big-endian data)" : "");
      }
      have_descr = true;
    } else if (key_len == 13 && memcmp(key, "fortran_order", 13) == 0) {
      if (parse_word(h, "True"))
        return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                              "%s: Fortran-order .npy arrays are not "
                              "supported (save a C-contiguous array)",
                              h->name);
      if (!parse_word(h, "False"))
        return header_error(h, "'fortran_order' must be True or False");
      have_order = true;
    } else if (key_len == 5 && memcmp(key, "shape", 5) == 0) {
      LT_RETURN_IF_ERROR(parse_shape(h, out));
      have_shape = true;
    } else {
      return header_error(h, "unexpected key (expected 'descr', "
                             "'fortran_order' and 'shape')");
    }
    if (eat(h, '}')) break;
    if (!eat(h, ',')) return header_error(h, "expected ',' or '}'");
  }
  skip_ws(h);
  if (h->p != h->end) return header_error(h, "text after the dictionary");
  if (!have_descr || !have_order || !have_shape)
    return header_error(h, "'descr', 'fortran_order' and 'shape' are all "
                           "required");
  return LT_OK;
}

/* ---- reading ------------------------------------------------------------- */

lt_status_t lt_npy_parse(const void *data, size_t size, const char *name,
                         lt_allocator_t allocator, lk_tensor_t *out) {
  const uint8_t *b = data;
  memset(out, 0, sizeof(*out));
  out->dtype = LK_DTYPE_NONE;
  if (size < 8 || memcmp(b, k_magic, sizeof(k_magic)) != 0)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: not a .npy file (bad magic)", name);
  uint8_t major = b[6];
  size_t header_len, preamble;
  if (major == 1) {
    preamble = NPY_PREAMBLE_V1;
    if (size < preamble)
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "%s: truncated .npy preamble", name);
    header_len = (size_t)b[8] | (size_t)b[9] << 8;
  } else if (major == 2 || major == 3) {
    preamble = NPY_PREAMBLE_V2;
    if (size < preamble)
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "%s: truncated .npy preamble", name);
    header_len = (size_t)b[8] | (size_t)b[9] << 8 | (size_t)b[10] << 16 |
                 (size_t)b[11] << 24;
  } else {
    return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                          "%s: unsupported .npy format version %u.%u", name,
                          major, b[7]);
  }
  if (header_len > size - preamble)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: truncated .npy header (%zu bytes announced, "
                          "%zu present)",
                          name, header_len, size - preamble);
  header_parser_t h = {(const char *)b + preamble,
                       (const char *)b + preamble + header_len, name};
  lk_tensor_t t = {.dtype = LK_DTYPE_NONE};
  LT_RETURN_IF_ERROR(parse_header(&h, &t));

  size_t elem = lk_dtype_size(t.dtype);
  uint64_t count = 1;
  for (int32_t i = 0; i < t.rank; i++) {
    uint64_t d = (uint64_t)t.dims[i];
    if (d != 0 && count > (uint64_t)INT64_MAX / elem / d)
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "%s: .npy shape has too many elements", name);
    count *= d;
  }
  uint64_t nbytes = count * elem;
  size_t avail = size - preamble - header_len;
  if (nbytes != avail)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: .npy data is %zu bytes, but shape and dtype "
                          "need %llu",
                          name, avail, (unsigned long long)nbytes);
  t.data = lt_alloc(allocator, nbytes ? (size_t)nbytes : 1);
  if (!t.data)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                          "%s: out of memory for %llu bytes of .npy data", name,
                          (unsigned long long)nbytes);
  if (nbytes) memcpy(t.data, b + preamble + header_len, (size_t)nbytes);
  if (t.dtype == LK_BOOL) /* any non-zero byte is True, as numpy reads it */
    for (uint64_t i = 0; i < count; i++)
      ((uint8_t *)t.data)[i] = ((uint8_t *)t.data)[i] != 0;
  *out = t;
  return LT_OK;
}

lt_status_t lt_npy_read_file(const char *path, lt_allocator_t allocator,
                             lk_tensor_t *out) {
  memset(out, 0, sizeof(*out));
  out->dtype = LK_DTYPE_NONE;
  FILE *f = fopen(path, "rb");
  if (!f)
    return lt_status_make(LT_STATUS_NOT_FOUND, "cannot open '%s': %s", path,
                          strerror(errno));
  long size = -1;
  if (fseek(f, 0, SEEK_END) == 0) size = ftell(f);
  if (size < 0 || fseek(f, 0, SEEK_SET) != 0) {
    fclose(f);
    return lt_status_make(LT_STATUS_IO, "cannot read '%s': not a regular file",
                          path);
  }
  void *buf = lt_alloc(allocator, size ? (size_t)size : 1);
  if (!buf) {
    fclose(f);
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                          "cannot read '%s': out of memory", path);
  }
  size_t got = fread(buf, 1, (size_t)size, f);
  bool failed = ferror(f) != 0;
  fclose(f);
  lt_status_t st;
  if (failed || got != (size_t)size)
    st = lt_status_make(LT_STATUS_IO, "cannot read '%s'", path);
  else
    st = lt_npy_parse(buf, got, path, allocator, out);
  lt_free(allocator, buf, size ? (size_t)size : 1);
  return st;
}

/* ---- writing ------------------------------------------------------------- */

lt_status_t lt_npy_serialize(const lk_tensor_t *t, lt_strbuf_t *sb) {
  const char *descr = lt_npy_descr(t->dtype);
  if (!descr)
    return lt_status_make(
        LT_STATUS_UNIMPLEMENTED, "dtype %s has no .npy spelling",
        t->dtype == LK_DTYPE_NONE ? "none" : lk_dtype_name(t->dtype));
  if (t->rank < 0 || t->rank > LK_MAX_RANK)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT, "invalid rank %d",
                          (int)t->rank);
  lt_strbuf_t dict = {0};
  lt_strbuf_printf(&dict, "{'descr': '%s', 'fortran_order': False, 'shape': (",
                   descr);
  /* Python's tuple spelling, as numpy writes it: (), (3,), (2, 3). */
  for (int32_t i = 0; i < t->rank; i++)
    lt_strbuf_printf(&dict, "%s%lld", i ? ", " : "", (long long)t->dims[i]);
  lt_strbuf_puts(&dict, t->rank == 1 ? ",), }" : "), }");
  if (!dict.data)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");

  /* Version 1.0 unless the padded header outgrows its 16-bit length. */
  size_t preamble = NPY_PREAMBLE_V1;
  size_t padded =
      (preamble + dict.len + 1 + NPY_ALIGN - 1) / NPY_ALIGN * NPY_ALIGN;
  if (padded - preamble > 0xffff) {
    preamble = NPY_PREAMBLE_V2;
    padded = (preamble + dict.len + 1 + NPY_ALIGN - 1) / NPY_ALIGN * NPY_ALIGN;
  }
  size_t header_len = padded - preamble;
  uint8_t pre[NPY_PREAMBLE_V2];
  memcpy(pre, k_magic, sizeof(k_magic));
  pre[6] = preamble == NPY_PREAMBLE_V1 ? 1 : 2;
  pre[7] = 0;
  for (size_t i = 0; i < preamble - 8; i++)
    pre[8 + i] = (uint8_t)(header_len >> (8 * i));
  size_t before = sb->len;
  lt_strbuf_append(sb, (const char *)pre, preamble);
  lt_strbuf_append(sb, dict.data, dict.len);
  for (size_t i = dict.len; i + 1 < header_len; i++)
    lt_strbuf_putc(sb, ' ');
  lt_strbuf_putc(sb, '\n');
  lt_strbuf_free(&dict);
  size_t nbytes = lk_nbytes(t);
  if (nbytes) lt_strbuf_append(sb, t->data, nbytes);
  if (!sb->data || sb->len != before + padded + nbytes)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  return LT_OK;
}

lt_status_t lt_npy_write_file(const char *path, const lk_tensor_t *t) {
  lt_strbuf_t sb = {0};
  lt_status_t st = lt_npy_serialize(t, &sb);
  if (st) {
    lt_status_t named = lt_status_make(lt_status_code(st), "%s: %s", path,
                                       lt_status_message(st));
    lt_status_free(st);
    lt_strbuf_free(&sb);
    return named;
  }
  FILE *f = fopen(path, "wb");
  if (!f) {
    st = lt_status_make(LT_STATUS_IO, "cannot create '%s': %s", path,
                        strerror(errno));
    lt_strbuf_free(&sb);
    return st;
  }
  bool ok = fwrite(sb.data, 1, sb.len, f) == sb.len;
  ok = fclose(f) == 0 && ok;
  lt_strbuf_free(&sb);
  if (!ok)
    return lt_status_make(LT_STATUS_IO, "cannot write '%s': %s", path,
                          strerror(errno));
  return LT_OK;
}

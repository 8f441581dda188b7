/* artifact_writer.c - the table writer: records are encoded as they come,
 * one byte buffer per section, and laid out at finish. */
#include "compiler/artifact_writer.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct weight_fix {
  uint32_t tensor;
  uint64_t rel; /* offset inside the weights section */
} weight_fix_t;

struct lt_aw {
  lt_strbuf_t sec[LT_ARTIFACT_NUM_SECTION_KINDS + 1];
  uint32_t count[LT_ARTIFACT_NUM_SECTION_KINDS + 1];
  weight_fix_t *fixes;
  uint32_t num_fixes, cap_fixes;
  bool oom;
  uint32_t instr_attrs_first, instr_locs_first;
};

static void put32(lt_strbuf_t *b, uint32_t v) {
  uint8_t p[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
  lt_strbuf_append(b, (const char *)p, 4);
}
static void put64(lt_strbuf_t *b, uint64_t v) {
  put32(b, (uint32_t)v);
  put32(b, (uint32_t)(v >> 32));
}
static void wr32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static void wr64(uint8_t *p, uint64_t v) {
  wr32(p, (uint32_t)v);
  wr32(p + 4, (uint32_t)(v >> 32));
}

lt_aw_t *lt_aw_new(void) { return calloc(1, sizeof(lt_aw_t)); }

void lt_aw_free(lt_aw_t *w) {
  if (!w) return;
  for (uint32_t i = 0; i <= LT_ARTIFACT_NUM_SECTION_KINDS; i++)
    lt_strbuf_free(&w->sec[i]);
  free(w->fixes);
  free(w);
}

/* Appends a string to the string table and writes its ref. */
static void put_str(lt_aw_t *w, lt_strbuf_t *b, const char *s, size_t len) {
  lt_strbuf_t *st = &w->sec[LT_ARTIFACT_SECTION_STRINGS];
  put32(b, (uint32_t)st->len);
  put32(b, (uint32_t)len);
  lt_strbuf_append(st, s, len);
}

static void count(lt_aw_t *w, uint32_t kind, uint32_t n) { w->count[kind] += n; }

void lt_aw_tensor_name(lt_aw_t *w, uint32_t t, const char *name) {
  lt_strbuf_t *b = &w->sec[LT_ARTIFACT_SECTION_TENSORS];
  if (t >= w->count[LT_ARTIFACT_SECTION_TENSORS] || !b->data) return;
  lt_strbuf_t ref = {0};
  put_str(w, &ref, name, strlen(name));
  if (ref.data && ref.len == LT_ARTIFACT_STR_SIZE)
    memcpy(b->data + (size_t)t * LT_ARTIFACT_TENSOR_SIZE, ref.data, ref.len);
  lt_strbuf_free(&ref);
}

uint32_t lt_aw_tensor(lt_aw_t *w, const lt_aw_tensor_t *t) {
  lt_strbuf_t *b = &w->sec[LT_ARTIFACT_SECTION_TENSORS];
  uint32_t index = w->count[LT_ARTIFACT_SECTION_TENSORS];
  put_str(w, b, t->name ? t->name : "", t->name ? strlen(t->name) : 0);
  put32(b, (uint32_t)t->dtype);
  put32(b, (uint32_t)t->rank);
  for (int d = 0; d < LK_MAX_RANK; d++)
    put64(b, d < t->rank ? (uint64_t)t->dims[d] : 0);
  put32(b, (uint32_t)t->place.target);
  put32(b, (uint32_t)t->place.precision);
  put32(b, (uint32_t)t->place.layout);
  put32(b, (uint32_t)t->place.device);
  put32(b, (uint32_t)t->storage);
  put32(b, t->arena);
  uint64_t offset = t->offset;
  if (t->storage == LT_ARTIFACT_STORAGE_WEIGHT) {
    lt_strbuf_t *ws = &w->sec[LT_ARTIFACT_SECTION_WEIGHTS];
    static const char zeros[LT_ARTIFACT_ALIGN];
    lt_strbuf_append(ws, zeros, (LT_ARTIFACT_ALIGN - ws->len % LT_ARTIFACT_ALIGN) % LT_ARTIFACT_ALIGN);
    if (w->num_fixes == w->cap_fixes) {
      uint32_t cap = w->cap_fixes ? 2 * w->cap_fixes : 16;
      weight_fix_t *f = realloc(w->fixes, cap * sizeof *f);
      if (!f) {
        w->oom = true;
      } else {
        w->fixes = f;
        w->cap_fixes = cap;
      }
    }
    if (w->num_fixes < w->cap_fixes)
      w->fixes[w->num_fixes++] = (weight_fix_t){index, ws->len};
    offset = 0; /* patched at finish */
    lt_strbuf_append(ws, t->data, (size_t)t->size);
  }
  put64(b, offset);
  put64(b, t->size);
  put64(b, 0);
  count(w, LT_ARTIFACT_SECTION_TENSORS, 1);
  return index;
}

uint32_t lt_aw_arena(lt_aw_t *w, const char *name, lk_target_t target,
                     int32_t device, uint64_t size) {
  lt_strbuf_t *b = &w->sec[LT_ARTIFACT_SECTION_ARENAS];
  put_str(w, b, name, strlen(name));
  put32(b, (uint32_t)target);
  put32(b, (uint32_t)device);
  put64(b, size);
  count(w, LT_ARTIFACT_SECTION_ARENAS, 1);
  return w->count[LT_ARTIFACT_SECTION_ARENAS] - 1;
}

void lt_aw_input(lt_aw_t *w, uint32_t t) {
  put32(&w->sec[LT_ARTIFACT_SECTION_INPUTS], t);
  count(w, LT_ARTIFACT_SECTION_INPUTS, 1);
}
void lt_aw_output(lt_aw_t *w, uint32_t t) {
  put32(&w->sec[LT_ARTIFACT_SECTION_OUTPUTS], t);
  count(w, LT_ARTIFACT_SECTION_OUTPUTS, 1);
}

/* The record of the last instruction, whose attribute and location counts
 * grow as they are added. */
static uint8_t *last_instr(lt_aw_t *w) {
  lt_strbuf_t *b = &w->sec[LT_ARTIFACT_SECTION_INSTRS];
  if (b->len < LT_ARTIFACT_INSTR_SIZE) return NULL;
  return (uint8_t *)b->data + b->len - LT_ARTIFACT_INSTR_SIZE;
}

void lt_aw_instr(lt_aw_t *w, const char *kernel, const char *op,
                 const uint32_t *operands, uint32_t num_operands,
                 const uint32_t *results, uint32_t num_results) {
  lt_strbuf_t *b = &w->sec[LT_ARTIFACT_SECTION_INSTRS];
  lt_strbuf_t *ix = &w->sec[LT_ARTIFACT_SECTION_INDICES];
  put_str(w, b, kernel, strlen(kernel));
  put_str(w, b, op, strlen(op));
  put32(b, w->count[LT_ARTIFACT_SECTION_INDICES]);
  put32(b, num_operands);
  for (uint32_t i = 0; i < num_operands; i++) put32(ix, operands[i]);
  count(w, LT_ARTIFACT_SECTION_INDICES, num_operands);
  put32(b, w->count[LT_ARTIFACT_SECTION_INDICES]);
  put32(b, num_results);
  for (uint32_t i = 0; i < num_results; i++) put32(ix, results[i]);
  count(w, LT_ARTIFACT_SECTION_INDICES, num_results);
  put32(b, w->count[LT_ARTIFACT_SECTION_ATTRS]);
  put32(b, 0);
  put32(b, w->count[LT_ARTIFACT_SECTION_LOCS]);
  put32(b, 0);
  put32(b, 0);
  put32(b, 0);
  count(w, LT_ARTIFACT_SECTION_INSTRS, 1);
}

static void bump(lt_aw_t *w, uint32_t field) {
  uint8_t *r = last_instr(w);
  if (!r) return;
  uint32_t v = (uint32_t)r[field] | (uint32_t)r[field + 1] << 8 |
               (uint32_t)r[field + 2] << 16 | (uint32_t)r[field + 3] << 24;
  wr32(r + field, v + 1);
}

static void attr_head(lt_aw_t *w, const char *name, lt_artifact_attr_kind_t kind,
                      uint32_t n) {
  lt_strbuf_t *b = &w->sec[LT_ARTIFACT_SECTION_ATTRS];
  put_str(w, b, name, strlen(name));
  put32(b, (uint32_t)kind);
  put32(b, n);
  count(w, LT_ARTIFACT_SECTION_ATTRS, 1);
  bump(w, 36);
}

void lt_aw_attr_int(lt_aw_t *w, const char *name, int64_t v) {
  attr_head(w, name, LT_ARTIFACT_ATTR_INT, 0);
  put64(&w->sec[LT_ARTIFACT_SECTION_ATTRS], (uint64_t)v);
}
void lt_aw_attr_float(lt_aw_t *w, const char *name, double v) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  attr_head(w, name, LT_ARTIFACT_ATTR_FLOAT, 0);
  put64(&w->sec[LT_ARTIFACT_SECTION_ATTRS], bits);
}
void lt_aw_attr_ints(lt_aw_t *w, const char *name, const int64_t *v, uint32_t n) {
  attr_head(w, name, LT_ARTIFACT_ATTR_INTS, n);
  put64(&w->sec[LT_ARTIFACT_SECTION_ATTRS], w->count[LT_ARTIFACT_SECTION_ATTR_DATA]);
  for (uint32_t i = 0; i < n; i++) put64(&w->sec[LT_ARTIFACT_SECTION_ATTR_DATA], (uint64_t)v[i]);
  count(w, LT_ARTIFACT_SECTION_ATTR_DATA, n);
}
void lt_aw_attr_floats(lt_aw_t *w, const char *name, const double *v, uint32_t n) {
  attr_head(w, name, LT_ARTIFACT_ATTR_FLOATS, n);
  put64(&w->sec[LT_ARTIFACT_SECTION_ATTRS], w->count[LT_ARTIFACT_SECTION_ATTR_DATA]);
  for (uint32_t i = 0; i < n; i++) {
    uint64_t bits;
    memcpy(&bits, &v[i], sizeof bits);
    put64(&w->sec[LT_ARTIFACT_SECTION_ATTR_DATA], bits);
  }
  count(w, LT_ARTIFACT_SECTION_ATTR_DATA, n);
}
void lt_aw_attr_str(lt_aw_t *w, const char *name, const char *s, size_t len) {
  attr_head(w, name, LT_ARTIFACT_ATTR_STRING, (uint32_t)len);
  lt_strbuf_t *st = &w->sec[LT_ARTIFACT_SECTION_STRINGS];
  put64(&w->sec[LT_ARTIFACT_SECTION_ATTRS], st->len);
  lt_strbuf_append(st, s, len);
}
bool lt_aw_attr_tensor(lt_aw_t *w, const char *name, const lk_tensor_t *t) {
  const uint64_t cap = (uint64_t)LT_ARTIFACT_ATTR_TENSOR_MAX_WORDS * 8;
  if (t->dtype < 0 || t->dtype >= LK_NUM_DTYPES || t->rank < 0 ||
      t->rank > LK_MAX_RANK)
    return false;
  uint64_t bytes = lk_dtype_size(t->dtype);
  for (int32_t i = 0; i < t->rank; i++) {
    if (t->dims[i] < 0 || (t->dims[i] && bytes > cap / (uint64_t)t->dims[i]))
      return false;
    bytes *= (uint64_t)t->dims[i];
  }
  uint64_t words = 2 + (uint64_t)t->rank + (bytes + 7) / 8;
  if (words > LT_ARTIFACT_ATTR_TENSOR_MAX_WORDS) return false;
  lt_strbuf_t *d = &w->sec[LT_ARTIFACT_SECTION_ATTR_DATA];
  attr_head(w, name, LT_ARTIFACT_ATTR_TENSOR, (uint32_t)words);
  put64(&w->sec[LT_ARTIFACT_SECTION_ATTRS], w->count[LT_ARTIFACT_SECTION_ATTR_DATA]);
  put64(d, (uint64_t)t->dtype);
  put64(d, (uint64_t)t->rank);
  for (int32_t i = 0; i < t->rank; i++) put64(d, (uint64_t)t->dims[i]);
  static const char zeros[8];
  lt_strbuf_append(d, t->data, (size_t)bytes); /* host order: little-endian */
  lt_strbuf_append(d, zeros, (8 - bytes % 8) % 8);
  count(w, LT_ARTIFACT_SECTION_ATTR_DATA, (uint32_t)words);
  return true;
}
void lt_aw_kernel_ir(lt_aw_t *w, const char *text, size_t len) {
  lt_strbuf_t *k = &w->sec[LT_ARTIFACT_SECTION_KERNEL_IR];
  size_t before = k->len;
  lt_strbuf_append(k, text, len);
  if (k->len != before + len) w->oom = true;
}
void lt_aw_loc(lt_aw_t *w, const char *name, size_t len) {
  put_str(w, &w->sec[LT_ARTIFACT_SECTION_LOCS], name, len);
  count(w, LT_ARTIFACT_SECTION_LOCS, 1);
  bump(w, 44);
}

static uint64_t align_up(uint64_t v) {
  return (v + LT_ARTIFACT_ALIGN - 1) / LT_ARTIFACT_ALIGN * LT_ARTIFACT_ALIGN;
}

lt_status_t lt_aw_finish(lt_aw_t *w, const char *producer, uint8_t **out_data,
                         size_t *out_size) {
  *out_data = NULL;
  *out_size = 0;
  if (w->oom) return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "artifact writer: out of memory");
  if (w->sec[LT_ARTIFACT_SECTION_STRINGS].len > UINT32_MAX)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "artifact writer: the string table exceeds 4 GiB");
  /* The optional kernel IR section, last, only when there is one: older
   * runtimes read files without it. */
  bool kernel_ir = w->sec[LT_ARTIFACT_SECTION_KERNEL_IR].len > 0;
  const uint32_t n = LT_ARTIFACT_NUM_SECTION_KINDS - (kernel_ir ? 0 : 1);
  uint64_t off[LT_ARTIFACT_NUM_SECTION_KINDS + 1];
  uint64_t pos = align_up(LT_ARTIFACT_HEADER_SIZE + (uint64_t)n * LT_ARTIFACT_SECTION_SIZE);
  for (uint32_t k = 1; k <= n; k++) {
    off[k] = pos;
    pos = align_up(pos + w->sec[k].len);
  }
  uint8_t *buf = calloc(1, (size_t)pos);
  if (!buf) return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "artifact writer: out of memory");
  memcpy(buf, LT_ARTIFACT_MAGIC, LT_ARTIFACT_MAGIC_SIZE);
  wr32(buf + 8, LT_ARTIFACT_FORMAT_VERSION);
  wr32(buf + 12, kernel_ir ? LT_ARTIFACT_MIN_RUNTIME_KERNEL_IR
                           : LT_ARTIFACT_MIN_RUNTIME);
  wr64(buf + 16, pos);
  wr32(buf + 24, n);
  strncpy((char *)buf + 32, producer ? producer : "", LT_ARTIFACT_PRODUCER_SIZE);
  for (uint32_t k = 1; k <= n; k++) {
    uint8_t *e = buf + LT_ARTIFACT_HEADER_SIZE + (k - 1) * LT_ARTIFACT_SECTION_SIZE;
    wr32(e, k);
    bool bytes = k == LT_ARTIFACT_SECTION_STRINGS ||
                 k == LT_ARTIFACT_SECTION_WEIGHTS ||
                 k == LT_ARTIFACT_SECTION_KERNEL_IR;
    wr32(e + 4, bytes ? (uint32_t)w->sec[k].len : w->count[k]);
    wr64(e + 8, off[k]);
    wr64(e + 16, w->sec[k].len);
    if (w->sec[k].len) memcpy(buf + off[k], w->sec[k].data, w->sec[k].len);
  }
  for (uint32_t i = 0; i < w->num_fixes; i++)
    wr64(buf + off[LT_ARTIFACT_SECTION_TENSORS] +
             (uint64_t)w->fixes[i].tensor * LT_ARTIFACT_TENSOR_SIZE + 104,
         off[LT_ARTIFACT_SECTION_WEIGHTS] + w->fixes[i].rel);
  *out_data = buf;
  *out_size = (size_t)pos;
  return LT_OK;
}

lt_status_t lt_aw_write_file(lt_aw_t *w, const char *producer, const char *path) {
  uint8_t *data;
  size_t size;
  LT_RETURN_IF_ERROR(lt_aw_finish(w, producer, &data, &size));
  FILE *f = fopen(path, "wb");
  bool ok = f && fwrite(data, 1, size, f) == size;
  int err = errno;
  if (f && fclose(f) != 0) ok = false;
  free(data);
  if (!ok)
    return lt_status_make(LT_STATUS_IO, "cannot write artifact '%s': %s", path,
                          strerror(err));
  return LT_OK;
}

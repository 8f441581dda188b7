/* artifact.c - the artifact loader: bounds-checks the whole file once, then
 * decodes the tables into arrays the accessors hand out. */
#include "runtime/artifact.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct section {
  uint32_t count;
  uint64_t offset, size;
  bool present;
} section_t;

struct lt_artifact {
  lt_allocator_t al;
  const uint8_t *data;
  size_t size;
  void *map; /* non-NULL when mapped */
  uint32_t format_version, min_runtime;
  char producer[LT_ARTIFACT_PRODUCER_SIZE + 1];
  section_t sec[LT_ARTIFACT_NUM_SECTION_KINDS + 1];
  lt_artifact_tensor_t *tensors;
  uint32_t num_tensors;
  lt_artifact_instr_t *instrs;
  uint32_t num_instrs;
  lt_artifact_attr_t *attrs;
  uint32_t num_attrs;
  lt_artifact_str_t *locs;
  uint32_t num_locs;
  uint32_t *indices;
  uint32_t num_indices;
  uint32_t *inputs, *outputs;
  uint32_t num_inputs, num_outputs;
  lt_artifact_arena_t *arenas;
  uint32_t num_arenas;
};

static const char *section_name(uint32_t kind) {
  switch (kind) {
#define X(e, v, s)                                                             \
  case v:                                                                      \
    return s;
    LT_ARTIFACT_SECTIONS(X)
#undef X
  }
  return "?";
}

static uint32_t rd32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}
static uint64_t rd64(const uint8_t *p) {
  return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}
static int32_t rdi32(const uint8_t *p) { return (int32_t)rd32(p); }

static lt_status_t bad(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static lt_status_t bad(const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return lt_status_make(LT_STATUS_INVALID_ARGUMENT, "artifact: %s", msg);
}

/* Whether [off, off + len) lies inside [0, size), without overflow. */
static bool in_bounds(uint64_t off, uint64_t len, uint64_t size) {
  return off <= size && len <= size - off;
}

static const uint8_t *record(const lt_artifact_t *a, uint32_t kind,
                             uint32_t i, uint32_t rec_size) {
  return a->data + a->sec[kind].offset + (uint64_t)i * rec_size;
}

static lt_status_t read_str(const lt_artifact_t *a, const uint8_t *p,
                            const char *where, uint32_t idx, const char *field,
                            lt_artifact_str_t *out) {
  uint32_t off = rd32(p), len = rd32(p + 4);
  const section_t *s = &a->sec[LT_ARTIFACT_SECTION_STRINGS];
  if (!in_bounds(off, len, s->size))
    return bad("%s #%u: %s: string ref [%u, +%u) is past the end of the "
               "string table (%llu bytes)",
               where, idx, field, off, len, (unsigned long long)s->size);
  out->data = (const char *)a->data + s->offset + off;
  out->len = len;
  return LT_OK;
}

/* Reads the header and section table. */
static lt_status_t read_header(lt_artifact_t *a) {
  if (a->size < LT_ARTIFACT_HEADER_SIZE)
    return bad("header: file is %zu bytes, shorter than the %u-byte header",
               a->size, LT_ARTIFACT_HEADER_SIZE);
  const uint8_t *h = a->data;
  if (memcmp(h, LT_ARTIFACT_MAGIC, LT_ARTIFACT_MAGIC_SIZE) != 0)
    return bad("header: magic: not a lite artifact (expected \"LITEART\")");
  a->format_version = rd32(h + 8);
  a->min_runtime = rd32(h + 12);
  if (a->min_runtime > LT_ARTIFACT_RUNTIME_VERSION ||
      a->format_version < a->min_runtime)
    return lt_status_make(
        LT_STATUS_UNIMPLEMENTED,
        "artifact: header: format version %u (needs runtime version %u) "
        "is not readable by this runtime (version %u)",
        a->format_version, a->min_runtime, LT_ARTIFACT_RUNTIME_VERSION);
  uint64_t file_size = rd64(h + 16);
  if (file_size != a->size)
    return bad("header: file_size: header says %llu bytes, the file has %zu",
               (unsigned long long)file_size, a->size);
  uint32_t n = rd32(h + 24);
  if (rd32(h + 28) != 0) return bad("header: reserved: must be 0");
  memcpy(a->producer, h + 32, LT_ARTIFACT_PRODUCER_SIZE);
  a->producer[LT_ARTIFACT_PRODUCER_SIZE] = '\0';
  if (!in_bounds(LT_ARTIFACT_HEADER_SIZE, (uint64_t)n * LT_ARTIFACT_SECTION_SIZE,
                 a->size))
    return bad("header: num_sections: %u section entries do not fit in the "
               "file",
               n);
  static const uint32_t rec_size[LT_ARTIFACT_NUM_SECTION_KINDS + 1] = {
      [LT_ARTIFACT_SECTION_STRINGS] = 1,
      [LT_ARTIFACT_SECTION_TENSORS] = LT_ARTIFACT_TENSOR_SIZE,
      [LT_ARTIFACT_SECTION_INDICES] = 4,
      [LT_ARTIFACT_SECTION_INSTRS] = LT_ARTIFACT_INSTR_SIZE,
      [LT_ARTIFACT_SECTION_ATTRS] = LT_ARTIFACT_ATTR_SIZE,
      [LT_ARTIFACT_SECTION_ATTR_DATA] = 8,
      [LT_ARTIFACT_SECTION_LOCS] = LT_ARTIFACT_STR_SIZE,
      [LT_ARTIFACT_SECTION_INPUTS] = 4,
      [LT_ARTIFACT_SECTION_OUTPUTS] = 4,
      [LT_ARTIFACT_SECTION_ARENAS] = LT_ARTIFACT_ARENA_SIZE,
      [LT_ARTIFACT_SECTION_WEIGHTS] = 1,
      [LT_ARTIFACT_SECTION_KERNEL_IR] = 1,
  };
  for (uint32_t i = 0; i < n; i++) {
    const uint8_t *e = h + LT_ARTIFACT_HEADER_SIZE + (uint64_t)i * LT_ARTIFACT_SECTION_SIZE;
    uint32_t kind = rd32(e), count = rd32(e + 4);
    uint64_t off = rd64(e + 8), size = rd64(e + 16);
    if (kind == 0 || kind > LT_ARTIFACT_NUM_SECTION_KINDS)
      return bad("section entry #%u: kind: unknown section kind %u", i, kind);
    const char *name = section_name(kind);
    section_t *s = &a->sec[kind];
    if (s->present) return bad("section %s: appears twice", name);
    if (!in_bounds(off, size, a->size))
      return bad("section %s: offset %llu + size %llu is past the end of the "
                 "file (%zu bytes)",
                 name, (unsigned long long)off, (unsigned long long)size,
                 a->size);
    if (off % LT_ARTIFACT_ALIGN != 0)
      return bad("section %s: offset %llu is not %u-byte aligned", name,
                 (unsigned long long)off, LT_ARTIFACT_ALIGN);
    if ((uint64_t)count * rec_size[kind] != size)
      return bad("section %s: count: %u records of %u bytes do not make its "
                 "size %llu",
                 name, count, rec_size[kind], (unsigned long long)size);
    *s = (section_t){count, off, size, true};
  }
  return LT_OK;
}

/* Arrays carry their byte size in front (16 bytes, keeping alignment), so
 * that free_array hands the allocator hook the size it gave out whatever
 * point a failed load reached. */
#define ARRAY_HEADER 16u

static void *alloc_array(lt_artifact_t *a, uint32_t n, size_t elem) {
  size_t size = ARRAY_HEADER + (size_t)(n ? n : 1) * elem;
  uint8_t *p = lt_calloc(a->al, size);
  if (!p) return NULL;
  memcpy(p, &size, sizeof size);
  return p + ARRAY_HEADER;
}

static void free_array(lt_allocator_t al, void *array) {
  if (!array) return;
  uint8_t *p = (uint8_t *)array - ARRAY_HEADER;
  size_t size;
  memcpy(&size, p, sizeof size);
  lt_free(al, p, size);
}

static lt_status_t read_indices(lt_artifact_t *a, uint32_t kind,
                                uint32_t **out, uint32_t *out_n,
                                uint32_t limit, const char *what) {
  const section_t *s = &a->sec[kind];
  *out_n = s->count;
  *out = alloc_array(a, s->count, sizeof(uint32_t));
  if (!*out) return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "artifact: out of memory");
  for (uint32_t i = 0; i < s->count; i++) {
    uint32_t v = rd32(record(a, kind, i, 4));
    if (v >= limit)
      return bad("section %s: entry #%u: %s %u is out of range (%u)",
                 section_name(kind), i, what, v, limit);
    (*out)[i] = v;
  }
  return LT_OK;
}

/* Tensor attribute #i: the count words at p (dtype, rank, dims, element
 * bytes; docs/artifact.md) into a view of them. */
static lt_status_t read_tensor_attr(uint32_t i, const uint8_t *p,
                                    uint32_t count, lk_tensor_t *out) {
  if (count < 2)
    return bad("attribute #%u: count: a tensor needs at least 2 words "
               "(dtype, rank), got %u", i, count);
  if (count > LT_ARTIFACT_ATTR_TENSOR_MAX_WORDS)
    return bad("attribute #%u: count: %u words exceed the tensor attribute "
               "limit of %u", i, count, LT_ARTIFACT_ATTR_TENSOR_MAX_WORDS);
  int64_t dt = (int64_t)rd64(p), rank = (int64_t)rd64(p + 8);
  if (dt < 0 || dt >= LK_NUM_DTYPES)
    return bad("attribute #%u: dtype: %lld is no element type", i, (long long)dt);
  if (rank < 0 || rank > LK_MAX_RANK)
    return bad("attribute #%u: rank: %lld is not in [0, %d]", i, (long long)rank,
               LK_MAX_RANK);
  if ((uint64_t)count < 2 + (uint64_t)rank)
    return bad("attribute #%u: count: %u words do not hold the dims of a rank "
               "%lld tensor", i, count, (long long)rank);
  memset(out, 0, sizeof *out);
  out->dtype = (lk_dtype_t)dt;
  out->rank = (int32_t)rank;
  /* Element bytes, capped by the words there are (so nothing overflows). */
  const uint64_t avail = ((uint64_t)count - 2 - (uint64_t)rank) * 8;
  uint64_t bytes = lk_dtype_size(out->dtype);
  for (int32_t d = 0; d < out->rank; d++) {
    out->dims[d] = (int64_t)rd64(p + 16 + 8 * (size_t)d);
    if (out->dims[d] < 0)
      return bad("attribute #%u: dims[%d]: %lld is negative", i, d,
                 (long long)out->dims[d]);
    if (out->dims[d] && bytes > avail / (uint64_t)out->dims[d])
      return bad("attribute #%u: count: %u words do not hold the elements of "
                 "its dims", i, count);
    bytes *= (uint64_t)out->dims[d];
  }
  uint64_t want = 2 + (uint64_t)rank + (bytes + 7) / 8;
  if (want != count)
    return bad("attribute #%u: count: %u words, its %s tensor of %llu bytes "
               "takes %llu", i, count, lk_dtype_name(out->dtype),
               (unsigned long long)bytes, (unsigned long long)want);
  out->data = (void *)(p + 16 + 8 * (size_t)rank);
  return LT_OK;
}

/* Whether tensors u and v take overlapping bytes of one arena. */
static bool slots_overlap(const lt_artifact_tensor_t *u,
                          const lt_artifact_tensor_t *v) {
  return u->storage == LT_ARTIFACT_STORAGE_ARENA &&
         v->storage == LT_ARTIFACT_STORAGE_ARENA && u->arena == v->arena &&
         u->size && v->size && u->offset < v->offset + v->size &&
         v->offset < u->offset + u->size;
}

/* Kernels write instruction i's results: into memory the runtime owns, and
 * into a slot that is an operand's or another result's in place (the same
 * offset) or shares no byte with it. */
static lt_status_t check_results(const lt_artifact_t *a, uint32_t i) {
  const lt_artifact_instr_t *r = &a->instrs[i];
  for (uint32_t k = 0; k < r->num_results; k++) {
    const lt_artifact_tensor_t *t = &a->tensors[r->results[k]];
    lt_artifact_storage_t s = t->storage;
    if (s != LT_ARTIFACT_STORAGE_ARENA && s != LT_ARTIFACT_STORAGE_DYNAMIC)
      return bad("instruction #%u (%.*s): result #%u: tensor #%u is %s, not "
                 "stored in an arena or dynamically", i, (int)r->op.len,
                 r->op.data, k, r->results[k],
                 s == LT_ARTIFACT_STORAGE_NONE     ? "absent"
                 : s == LT_ARTIFACT_STORAGE_WEIGHT ? "a weight"
                                                   : "a model input");
    for (uint32_t j = 0; j < r->num_operands + k; j++) {
      bool operand = j < r->num_operands;
      const lt_artifact_tensor_t *o =
          &a->tensors[operand ? r->operands[j]
                              : r->results[j - r->num_operands]];
      if (slots_overlap(t, o) && o->offset != t->offset)
        return bad("instruction #%u (%.*s): result #%u: arena slot [%llu, "
                   "+%llu) overlaps %s #%u's [%llu, +%llu)", i,
                   (int)r->op.len, r->op.data, k,
                   (unsigned long long)t->offset, (unsigned long long)t->size,
                   operand ? "operand" : "result",
                   operand ? j : j - r->num_operands,
                   (unsigned long long)o->offset, (unsigned long long)o->size);
    }
  }
  return LT_OK;
}

/* The first+count range [first, first + count) of a table of n entries. */
static bool range_ok(uint32_t first, uint32_t count, uint32_t n) {
  return first <= n && count <= n - first;
}

static lt_status_t read_tables(lt_artifact_t *a) {
  const section_t *ts = &a->sec[LT_ARTIFACT_SECTION_TENSORS];
  const section_t *ws = &a->sec[LT_ARTIFACT_SECTION_WEIGHTS];
  lt_status_t st;
  /* Arenas first: tensors refer to them. */
  a->num_arenas = a->sec[LT_ARTIFACT_SECTION_ARENAS].count;
  a->arenas = alloc_array(a, a->num_arenas, sizeof *a->arenas);
  a->num_tensors = ts->count;
  a->tensors = alloc_array(a, ts->count, sizeof *a->tensors);
  if (!a->arenas || !a->tensors)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "artifact: out of memory");
  for (uint32_t i = 0; i < a->num_arenas; i++) {
    const uint8_t *p = record(a, LT_ARTIFACT_SECTION_ARENAS, i, LT_ARTIFACT_ARENA_SIZE);
    lt_artifact_arena_t *r = &a->arenas[i];
    if ((st = read_str(a, p, "arena", i, "name", &r->name))) return st;
    int32_t t = rdi32(p + 8);
    if (t < 0 || t >= LK_NUM_TARGETS)
      return bad("arena #%u: target: %d is no target", i, t);
    r->target = (lk_target_t)t;
    r->device = rdi32(p + 12);
    if (r->device < 0) return bad("arena #%u: device: %d is negative", i, r->device);
    r->size = rd64(p + 16);
  }
  for (uint32_t i = 0; i < ts->count; i++) {
    const uint8_t *p = record(a, LT_ARTIFACT_SECTION_TENSORS, i, LT_ARTIFACT_TENSOR_SIZE);
    lt_artifact_tensor_t *t = &a->tensors[i];
    if ((st = read_str(a, p, "tensor", i, "name", &t->name))) return st;
    int32_t dt = rdi32(p + 8);
    if (dt != LK_DTYPE_NONE && (dt < 0 || dt >= LK_NUM_DTYPES))
      return bad("tensor #%u: dtype: %d is no element type", i, dt);
    t->dtype = (lk_dtype_t)dt;
    t->rank = rdi32(p + 12);
    if (t->rank < -1 || t->rank > LK_MAX_RANK)
      return bad("tensor #%u: rank: %d is not in [-1, %d]", i, t->rank, LK_MAX_RANK);
    for (int d = 0; d < LK_MAX_RANK; d++) {
      t->dims[d] = (int64_t)rd64(p + 16 + 8 * d);
      if (d < t->rank && t->dims[d] < -1)
        return bad("tensor #%u: dims[%d]: %lld is negative", i, d, (long long)t->dims[d]);
    }
    /* The plan steps' size limit: then no product of one tensor's dims,
     * element or byte count, overflows. */
    if (!lk_dims_in_limit(t->dims, t->rank))
      return bad("tensor #%u: dims: shape %s is too large (its nonzero dims "
                 "multiply past %lld)", i,
                 lk_dims_str(t->dims, t->rank, (char[192]){0}, 192),
                 (long long)LK_DATA_MAX_ELEMENTS);
    int32_t tg = rdi32(p + 80), pr = rdi32(p + 84), ly = rdi32(p + 88);
    t->place.device = rdi32(p + 92);
    if (tg < 0 || tg >= LK_NUM_TARGETS) return bad("tensor #%u: target: %d is no target", i, tg);
    if (pr < 0 || pr >= LK_NUM_PRECISIONS) return bad("tensor #%u: precision: %d is no precision", i, pr);
    if (ly < 0 || ly >= LK_NUM_LAYOUTS) return bad("tensor #%u: layout: %d is no layout", i, ly);
    if (t->place.device < 0) return bad("tensor #%u: device: %d is negative", i, t->place.device);
    t->place.target = (lk_target_t)tg;
    t->place.precision = (lk_precision_t)pr;
    t->place.layout = (lk_layout_t)ly;
    uint32_t storage = rd32(p + 96);
    t->arena = rd32(p + 100);
    t->offset = rd64(p + 104);
    t->size = rd64(p + 112);
    if (rd64(p + 120) != 0) return bad("tensor #%u: reserved: must be 0", i);
    switch (storage) {
    case LT_ARTIFACT_STORAGE_NONE:
      break;
    case LT_ARTIFACT_STORAGE_ARENA:
      if (t->arena >= a->num_arenas)
        return bad("tensor #%u: arena: %u is out of range (%u arenas)", i, t->arena, a->num_arenas);
      if (!in_bounds(t->offset, t->size, a->arenas[t->arena].size))
        return bad("tensor #%u: offset: [%llu, +%llu) is past the end of arena "
                   "#%u (%llu bytes)", i, (unsigned long long)t->offset,
                   (unsigned long long)t->size, t->arena,
                   (unsigned long long)a->arenas[t->arena].size);
      /* Arenas are 64-byte aligned; kernels access elements in place. */
      if (lk_dtype_size(t->dtype) > 1 && t->offset % lk_dtype_size(t->dtype))
        return bad("tensor #%u: offset: arena offset %llu is not aligned for "
                   "its %s elements", i, (unsigned long long)t->offset,
                   lk_dtype_name(t->dtype));
      break;
    case LT_ARTIFACT_STORAGE_WEIGHT:
      if (t->offset < ws->offset || !in_bounds(t->offset - ws->offset, t->size, ws->size))
        return bad("tensor #%u: offset: weight bytes [%llu, +%llu) are outside "
                   "the weights section", i, (unsigned long long)t->offset,
                   (unsigned long long)t->size);
      if (t->offset % LT_ARTIFACT_ALIGN != 0)
        return bad("tensor #%u: offset: weight offset %llu is not %u-byte aligned",
                   i, (unsigned long long)t->offset, LT_ARTIFACT_ALIGN);
      t->data = a->data + t->offset;
      break;
    case LT_ARTIFACT_STORAGE_INPUT:
      if (t->offset >= a->sec[LT_ARTIFACT_SECTION_INPUTS].count)
        return bad("tensor #%u: offset: input number %llu is out of range", i,
                   (unsigned long long)t->offset);
      break;
    case LT_ARTIFACT_STORAGE_DYNAMIC:
      break;
    default:
      return bad("tensor #%u: storage: unknown kind %u", i, storage);
    }
    t->storage = (lt_artifact_storage_t)storage;
  }
  if ((st = read_indices(a, LT_ARTIFACT_SECTION_INDICES, &a->indices,
                         &a->num_indices, ts->count, "tensor index")) ||
      (st = read_indices(a, LT_ARTIFACT_SECTION_INPUTS, &a->inputs,
                         &a->num_inputs, ts->count, "tensor index")) ||
      (st = read_indices(a, LT_ARTIFACT_SECTION_OUTPUTS, &a->outputs,
                         &a->num_outputs, ts->count, "tensor index")))
    return st;
  /* Model input i is the one tensor of storage INPUT and number i: what the
   * caller sets is no arena slot or weight, and no input stays unset. */
  for (uint32_t i = 0; i < a->num_inputs; i++) {
    const lt_artifact_tensor_t *t = &a->tensors[a->inputs[i]];
    if (t->storage != LT_ARTIFACT_STORAGE_INPUT || t->offset != i)
      return bad("section inputs: entry #%u: tensor #%u is not model input "
                 "#%u", i, a->inputs[i], i);
  }
  for (uint32_t i = 0; i < ts->count; i++)
    if (a->tensors[i].storage == LT_ARTIFACT_STORAGE_INPUT &&
        a->inputs[a->tensors[i].offset] != i)
      return bad("tensor #%u: offset: model input #%llu is tensor #%u", i,
                 (unsigned long long)a->tensors[i].offset,
                 a->inputs[a->tensors[i].offset]);
  const section_t *as = &a->sec[LT_ARTIFACT_SECTION_ATTRS];
  const section_t *ds = &a->sec[LT_ARTIFACT_SECTION_ATTR_DATA];
  a->num_attrs = as->count;
  a->attrs = alloc_array(a, as->count, sizeof *a->attrs);
  a->num_locs = a->sec[LT_ARTIFACT_SECTION_LOCS].count;
  a->locs = alloc_array(a, a->num_locs, sizeof *a->locs);
  if (!a->attrs || !a->locs)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "artifact: out of memory");
  for (uint32_t i = 0; i < as->count; i++) {
    const uint8_t *p = record(a, LT_ARTIFACT_SECTION_ATTRS, i, LT_ARTIFACT_ATTR_SIZE);
    lt_artifact_attr_t *r = &a->attrs[i];
    if ((st = read_str(a, p, "attribute", i, "name", &r->name))) return st;
    uint32_t kind = rd32(p + 8);
    r->count = rd32(p + 12);
    uint64_t v = rd64(p + 16);
    switch (kind) {
    case LT_ARTIFACT_ATTR_INT:
      r->i = (int64_t)v;
      break;
    case LT_ARTIFACT_ATTR_FLOAT:
      memcpy(&r->f, &v, sizeof r->f);
      break;
    case LT_ARTIFACT_ATTR_INTS:
    case LT_ARTIFACT_ATTR_FLOATS:
    case LT_ARTIFACT_ATTR_TENSOR:
      if (v > ds->count || r->count > ds->count - v)
        return bad("attribute #%u: value: elements [%llu, +%u) are past the end "
                   "of the attribute data (%u elements)", i,
                   (unsigned long long)v, r->count, ds->count);
      r->list = a->data + ds->offset + v * 8;
      if (kind == LT_ARTIFACT_ATTR_TENSOR &&
          (st = read_tensor_attr(i, r->list, r->count, &r->tensor)))
        return st;
      break;
    case LT_ARTIFACT_ATTR_STRING: {
      uint8_t ref[8];
      if (v > UINT32_MAX)
        return bad("attribute #%u: value: string offset %llu is out of range", i,
                   (unsigned long long)v);
      memcpy(ref, p + 16, 4);
      memcpy(ref + 4, p + 12, 4);
      if ((st = read_str(a, ref, "attribute", i, "value", &r->s))) return st;
      break;
    }
    default:
      return bad("attribute #%u: kind: unknown kind %u", i, kind);
    }
    r->kind = (lt_artifact_attr_kind_t)kind;
  }
  for (uint32_t i = 0; i < a->num_locs; i++)
    if ((st = read_str(a, record(a, LT_ARTIFACT_SECTION_LOCS, i, 8), "location",
                       i, "name", &a->locs[i])))
      return st;
  a->num_instrs = a->sec[LT_ARTIFACT_SECTION_INSTRS].count;
  a->instrs = alloc_array(a, a->num_instrs, sizeof *a->instrs);
  if (!a->instrs) return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "artifact: out of memory");
  for (uint32_t i = 0; i < a->num_instrs; i++) {
    const uint8_t *p = record(a, LT_ARTIFACT_SECTION_INSTRS, i, LT_ARTIFACT_INSTR_SIZE);
    lt_artifact_instr_t *r = &a->instrs[i];
    if ((st = read_str(a, p, "instruction", i, "kernel", &r->kernel)) ||
        (st = read_str(a, p + 8, "instruction", i, "op", &r->op)))
      return st;
    static const char *const fields[] = {"operands", "results", "attributes", "locations"};
    uint32_t limits[] = {a->num_indices, a->num_indices, a->num_attrs, a->num_locs};
    uint32_t first[4], count[4];
    for (int k = 0; k < 4; k++) {
      first[k] = rd32(p + 16 + 8 * k);
      count[k] = rd32(p + 20 + 8 * k);
      if (!range_ok(first[k], count[k], limits[k]))
        return bad("instruction #%u (%.*s): %s: [%u, +%u) is past the end of "
                   "its table (%u entries)", i, (int)r->op.len, r->op.data,
                   fields[k], first[k], count[k], limits[k]);
    }
    if (rd32(p + 48) != 0 || rd32(p + 52) != 0)
      return bad("instruction #%u: flags: must be 0", i);
    if (count[0] > LT_ARTIFACT_MAX_OPERANDS ||
        count[1] > LT_ARTIFACT_MAX_OPERANDS)
      return bad("instruction #%u (%.*s): %u operands and %u results; at most "
                 "%u of each", i, (int)r->op.len, r->op.data, count[0],
                 count[1], LT_ARTIFACT_MAX_OPERANDS);
    r->operands = a->indices + first[0];
    r->num_operands = count[0];
    r->results = a->indices + first[1];
    r->num_results = count[1];
    r->attrs = a->attrs + first[2];
    r->num_attrs = count[2];
    r->locs = a->locs + first[3];
    r->num_locs = count[3];
    if ((st = check_results(a, i))) return st;
  }
  return LT_OK;
}

/* Every operand of an instruction, and every model output, is written
 * before it is read: a model input, a weight, absent, or a result of an
 * earlier instruction (a dynamic tensor no instruction wrote has no memory
 * at all). */
static lt_status_t check_order(lt_artifact_t *a) {
  uint8_t *written = alloc_array(a, a->num_tensors, 1);
  if (!written)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "artifact: out of memory");
  for (uint32_t t = 0; t < a->num_tensors; t++)
    written[t] = a->tensors[t].storage != LT_ARTIFACT_STORAGE_ARENA &&
                 a->tensors[t].storage != LT_ARTIFACT_STORAGE_DYNAMIC;
  lt_status_t st = LT_OK;
  for (uint32_t i = 0; i < a->num_instrs && !st; i++) {
    const lt_artifact_instr_t *r = &a->instrs[i];
    for (uint32_t k = 0; k < r->num_operands && !st; k++)
      if (!written[r->operands[k]])
        st = bad("instruction #%u (%.*s): operand #%u: tensor #%u is read "
                 "before any instruction writes it", i, (int)r->op.len,
                 r->op.data, k, r->operands[k]);
    for (uint32_t k = 0; k < r->num_results; k++) written[r->results[k]] = 1;
  }
  for (uint32_t i = 0; i < a->num_outputs && !st; i++)
    if (!written[a->outputs[i]])
      st = bad("section outputs: entry #%u: tensor #%u is never written", i,
               a->outputs[i]);
  free_array(a->al, written);
  return st;
}

lt_status_t lt_artifact_load_buffer(const void *data, size_t size,
                                    lt_allocator_t al,
                                    lt_artifact_t **out_artifact) {
  *out_artifact = NULL;
  lt_artifact_t *a = lt_calloc(al, sizeof *a);
  if (!a) return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "artifact: out of memory");
  a->al = al;
  a->data = data;
  a->size = size;
  lt_status_t st = read_header(a);
  if (!st) st = read_tables(a);
  if (!st) st = check_order(a);
  if (st) {
    lt_artifact_free(a);
    return st;
  }
  *out_artifact = a;
  return LT_OK;
}

lt_status_t lt_artifact_load_file(const char *path, lt_allocator_t al,
                                  lt_artifact_t **out_artifact) {
  *out_artifact = NULL;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return lt_status_make(LT_STATUS_IO, "artifact: cannot open '%s': %s", path,
                          strerror(errno));
  struct stat sb;
  if (fstat(fd, &sb) != 0 || sb.st_size <= 0) {
    close(fd);
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "artifact: '%s': empty or unreadable file", path);
  }
  size_t size = (size_t)sb.st_size;
  void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (map == MAP_FAILED)
    return lt_status_make(LT_STATUS_IO, "artifact: cannot map '%s': %s", path,
                          strerror(errno));
  lt_status_t st = lt_artifact_load_buffer(map, size, al, out_artifact);
  if (st) {
    munmap(map, size);
    lt_status_t wrapped = lt_status_make(lt_status_code(st), "%s: %s", path,
                                         lt_status_message(st));
    lt_status_free(st);
    return wrapped;
  }
  (*out_artifact)->map = map;
  return LT_OK;
}

void lt_artifact_free(lt_artifact_t *a) {
  if (!a) return;
  lt_allocator_t al = a->al;
  free_array(al, a->tensors);
  free_array(al, a->instrs);
  free_array(al, a->attrs);
  free_array(al, a->locs);
  free_array(al, a->indices);
  free_array(al, a->inputs);
  free_array(al, a->outputs);
  free_array(al, a->arenas);
  if (a->map) munmap(a->map, a->size);
  lt_free(al, a, sizeof *a);
}

uint32_t lt_artifact_format_version(const lt_artifact_t *a) { return a->format_version; }
uint32_t lt_artifact_min_runtime(const lt_artifact_t *a) { return a->min_runtime; }

const char *lt_artifact_kernel_ir(const lt_artifact_t *a, size_t *out_size) {
  const section_t *s = &a->sec[LT_ARTIFACT_SECTION_KERNEL_IR];
  *out_size = s->present ? (size_t)s->size : 0;
  return s->present && s->size ? (const char *)a->data + s->offset : NULL;
}
const char *lt_artifact_producer(const lt_artifact_t *a) { return a->producer; }
uint32_t lt_artifact_num_tensors(const lt_artifact_t *a) { return a->num_tensors; }
const lt_artifact_tensor_t *lt_artifact_tensor(const lt_artifact_t *a, uint32_t i) {
  return &a->tensors[i];
}
uint32_t lt_artifact_num_instrs(const lt_artifact_t *a) { return a->num_instrs; }
const lt_artifact_instr_t *lt_artifact_instr(const lt_artifact_t *a, uint32_t i) {
  return &a->instrs[i];
}
uint32_t lt_artifact_num_arenas(const lt_artifact_t *a) { return a->num_arenas; }
const lt_artifact_arena_t *lt_artifact_arena(const lt_artifact_t *a, uint32_t i) {
  return &a->arenas[i];
}
uint32_t lt_artifact_num_inputs(const lt_artifact_t *a) { return a->num_inputs; }
uint32_t lt_artifact_input(const lt_artifact_t *a, uint32_t i) { return a->inputs[i]; }
uint32_t lt_artifact_num_outputs(const lt_artifact_t *a) { return a->num_outputs; }
uint32_t lt_artifact_output(const lt_artifact_t *a, uint32_t i) { return a->outputs[i]; }

bool lt_artifact_str_eq(lt_artifact_str_t s, const char *c) {
  size_t n = strlen(c);
  return n == s.len && memcmp(s.data, c, n) == 0;
}

/* ---- the attribute reader ------------------------------------------------- */

static const lt_artifact_attr_t *find_attr(const void *self, const char *name) {
  const lt_artifact_instr_t *in = self;
  for (uint32_t i = 0; i < in->num_attrs; i++)
    if (lt_artifact_str_eq(in->attrs[i].name, name)) return &in->attrs[i];
  return NULL;
}

static double elem_f(const lt_artifact_attr_t *a, uint32_t i) {
  uint64_t v = rd64(a->list + 8 * (size_t)i);
  if (a->kind == LT_ARTIFACT_ATTR_INTS) return (double)(int64_t)v;
  double d;
  memcpy(&d, &v, sizeof d);
  return d;
}

/* A double toward zero, saturated to int64 (UB otherwise). */
static int64_t to_int(double d) {
  if (d != d) return 0;
  if (d >= 9.2233720368547758e18) return INT64_MAX;
  if (d <= -9.2233720368547758e18) return INT64_MIN;
  return (int64_t)d;
}

static lk_attr_found_t get_int(const void *self, const char *name, int64_t *out) {
  const lt_artifact_attr_t *a = find_attr(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind == LT_ARTIFACT_ATTR_INT) *out = a->i;
  else if (a->kind == LT_ARTIFACT_ATTR_FLOAT) *out = to_int(a->f);
  else return LK_ATTR_WRONG_KIND;
  return LK_ATTR_FOUND;
}

static lk_attr_found_t get_float(const void *self, const char *name, double *out) {
  const lt_artifact_attr_t *a = find_attr(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind == LT_ARTIFACT_ATTR_FLOAT) *out = a->f;
  else if (a->kind == LT_ARTIFACT_ATTR_INT) *out = (double)a->i;
  else return LK_ATTR_WRONG_KIND;
  return LK_ATTR_FOUND;
}

static lk_attr_found_t get_ints(const void *self, const char *name, int64_t *out,
                                int32_t cap, int32_t *out_count) {
  const lt_artifact_attr_t *a = find_attr(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind != LT_ARTIFACT_ATTR_INTS && a->kind != LT_ARTIFACT_ATTR_FLOATS)
    return LK_ATTR_WRONG_KIND;
  *out_count = a->count > INT32_MAX ? INT32_MAX : (int32_t)a->count;
  for (int32_t i = 0; i < cap && i < *out_count; i++)
    out[i] = a->kind == LT_ARTIFACT_ATTR_INTS
                 ? (int64_t)rd64(a->list + 8 * (size_t)i)
                 : to_int(elem_f(a, (uint32_t)i));
  return LK_ATTR_FOUND;
}

static lk_attr_found_t get_floats(const void *self, const char *name, double *out,
                                  int32_t cap, int32_t *out_count) {
  const lt_artifact_attr_t *a = find_attr(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind != LT_ARTIFACT_ATTR_INTS && a->kind != LT_ARTIFACT_ATTR_FLOATS)
    return LK_ATTR_WRONG_KIND;
  *out_count = a->count > INT32_MAX ? INT32_MAX : (int32_t)a->count;
  for (int32_t i = 0; i < cap && i < *out_count; i++) out[i] = elem_f(a, (uint32_t)i);
  return LK_ATTR_FOUND;
}

static lk_attr_found_t get_str(const void *self, const char *name,
                               const char **out_data, size_t *out_len) {
  const lt_artifact_attr_t *a = find_attr(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind != LT_ARTIFACT_ATTR_STRING) return LK_ATTR_WRONG_KIND;
  *out_data = a->s.data;
  *out_len = a->s.len;
  return LK_ATTR_FOUND;
}

static lk_attr_found_t get_tensor(const void *self, const char *name,
                                  lk_tensor_t *out) {
  const lt_artifact_attr_t *a = find_attr(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind != LT_ARTIFACT_ATTR_TENSOR) return LK_ATTR_WRONG_KIND;
  *out = a->tensor;
  return LK_ATTR_FOUND;
}

static const lk_attrs_vtable_t attrs_vt = {get_int,    get_float, get_ints,
                                           get_floats, get_str,   get_tensor};

lk_attrs_t lt_artifact_instr_attrs(const lt_artifact_instr_t *instr) {
  return (lk_attrs_t){instr, &attrs_vt};
}

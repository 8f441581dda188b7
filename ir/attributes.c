/* attributes.c - builtin attribute and location constructors (hash-consed in
 * the context) and queries. As for types, the lookup key lives on the stack
 * and borrows the caller's arrays; only a miss copies them into the arena. */
#include <string.h>

#include "ir/attributes.h"
#include "ir/context_impl.h"
#include "ir/float16.h"

/* BOOL attributes also store 0/1 in `i` so integer folders can read any
 * i1 constant as `->i`; `b` shares the low byte only on little-endian hosts. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "lt_attr_t's BOOL layout assumes a little-endian host"
#endif

static uint64_t lt_f64_bits(double v) {
  uint64_t b;
  memcpy(&b, &v, sizeof b);
  return b;
}

static uint64_t lt_attr_compute_hash(const lt_attr_t *a) {
  uint64_t h = lt_hash_combine(0x61747472ull, (uint64_t)a->kind);
  h = lt_hash_combine(h, a->type ? a->type->hash : 0);
  switch (a->kind) {
  case LT_ATTR_BOOL:
  case LT_ATTR_INTEGER:
    h = lt_hash_combine(h, (uint64_t)a->i);
    break;
  case LT_ATTR_FLOAT:
    h = lt_hash_combine(h, lt_f64_bits(a->f));
    break;
  case LT_ATTR_STRING:
    h = lt_hash_combine(h, lt_hash_bytes(a->str.data, a->str.len, 0));
    break;
  case LT_ATTR_ARRAY:
    h = lt_hash_combine(h, a->array.count);
    for (uint32_t i = 0; i < a->array.count; i++)
      h = lt_hash_combine(h, a->array.elems[i]->hash);
    break;
  case LT_ATTR_DICT:
    h = lt_hash_combine(h, a->dict.count);
    for (uint32_t i = 0; i < a->dict.count; i++) {
      h = lt_hash_combine(h, a->dict.entries[i].name->hash);
      h = lt_hash_combine(h, a->dict.entries[i].value->hash);
    }
    break;
  case LT_ATTR_SYMBOL_REF:
    h = lt_hash_combine(h, a->symbol.count);
    for (uint32_t i = 0; i < a->symbol.count; i++)
      h = lt_hash_combine(h, a->symbol.names[i]->hash);
    break;
  case LT_ATTR_DENSE:
  case LT_ATTR_DENSE_ARRAY:
    h = lt_hash_combine(h, a->dense.splat);
    h = lt_hash_combine(h, lt_hash_bytes(a->dense.data, a->dense.size, 0));
    break;
  case LT_ATTR_DENSE_RESOURCE:
    h = lt_hash_combine(h, a->resource.name->hash);
    break;
  case LT_ATTR_AFFINE_MAP:
    h = lt_hash_combine(h, a->affine_map.num_dims);
    h = lt_hash_combine(h, a->affine_map.num_results);
    h = lt_hash_combine(
        h, lt_hash_bytes(a->affine_map.results,
                         a->affine_map.num_results * sizeof(int32_t), 0));
    break;
  case LT_ATTR_DIALECT:
    h = lt_hash_combine(h, (uint64_t)(uintptr_t)a->ext.dialect);
    h = lt_hash_combine(h, a->ext.tag);
    h = lt_hash_combine(h, lt_hash_bytes(a->ext.data, a->ext.size, 0));
    break;
  case LT_ATTR_OPAQUE:
    h = lt_hash_combine(h, a->opaque.dialect->hash);
    h = lt_hash_combine(h, a->opaque.data->hash);
    break;
  case LT_ATTR_LOC_FILE:
    h = lt_hash_combine(h, a->file_loc.file->hash);
    h = lt_hash_combine(h, a->file_loc.line);
    h = lt_hash_combine(h, a->file_loc.col);
    break;
  case LT_ATTR_LOC_NAME:
    h = lt_hash_combine(h, a->name_loc.name->hash);
    h = lt_hash_combine(h, a->name_loc.child ? a->name_loc.child->hash : 0);
    break;
  case LT_ATTR_LOC_CALLSITE:
    h = lt_hash_combine(h, a->callsite.callee->hash);
    h = lt_hash_combine(h, a->callsite.caller->hash);
    break;
  case LT_ATTR_LOC_FUSED:
    h = lt_hash_combine(h, a->fused.count);
    for (uint32_t i = 0; i < a->fused.count; i++)
      h = lt_hash_combine(h, a->fused.locs[i]->hash);
    h = lt_hash_combine(h, a->fused.metadata ? a->fused.metadata->hash : 0);
    break;
  default:
    break; /* UNIT, TYPE (hashed via type), LOC_UNKNOWN */
  }
  return lt_hash_finish(h);
}

/* Components are uniqued, so pointer comparison is structural; floats compare
 * by bit pattern so that NaNs unique and -0.0 stays distinct from 0.0. */
static bool lt_attr_eq(const void *stored, const void *key) {
  const lt_attr_t *a = stored, *b = key;
  if (a->kind != b->kind || a->type != b->type) return false;
  switch (a->kind) {
  case LT_ATTR_BOOL:
  case LT_ATTR_INTEGER:
    return a->i == b->i;
  case LT_ATTR_FLOAT:
    return lt_f64_bits(a->f) == lt_f64_bits(b->f);
  case LT_ATTR_STRING:
    return a->str.len == b->str.len &&
           (a->str.len == 0 ||
            memcmp(a->str.data, b->str.data, a->str.len) == 0);
  case LT_ATTR_ARRAY:
    return a->array.count == b->array.count &&
           (a->array.count == 0 ||
            memcmp(a->array.elems, b->array.elems,
                   a->array.count * sizeof(lt_attr_t *)) == 0);
  case LT_ATTR_DICT:
    if (a->dict.count != b->dict.count) return false;
    for (uint32_t i = 0; i < a->dict.count; i++)
      if (a->dict.entries[i].name != b->dict.entries[i].name ||
          a->dict.entries[i].value != b->dict.entries[i].value)
        return false;
    return true;
  case LT_ATTR_SYMBOL_REF:
    return a->symbol.count == b->symbol.count &&
           memcmp(a->symbol.names, b->symbol.names,
                  a->symbol.count * sizeof(lt_ident_t *)) == 0;
  case LT_ATTR_DENSE:
  case LT_ATTR_DENSE_ARRAY:
    return a->dense.splat == b->dense.splat &&
           a->dense.size == b->dense.size &&
           (a->dense.size == 0 ||
            memcmp(a->dense.data, b->dense.data, a->dense.size) == 0);
  case LT_ATTR_DENSE_RESOURCE:
    return a->resource.name == b->resource.name;
  case LT_ATTR_AFFINE_MAP:
    return a->affine_map.num_dims == b->affine_map.num_dims &&
           a->affine_map.num_results == b->affine_map.num_results &&
           (a->affine_map.num_results == 0 ||
            memcmp(a->affine_map.results, b->affine_map.results,
                   a->affine_map.num_results * sizeof(int32_t)) == 0);
  case LT_ATTR_DIALECT:
    return a->ext.dialect == b->ext.dialect && a->ext.tag == b->ext.tag &&
           a->ext.size == b->ext.size &&
           (a->ext.size == 0 ||
            memcmp(a->ext.data, b->ext.data, a->ext.size) == 0);
  case LT_ATTR_OPAQUE:
    return a->opaque.dialect == b->opaque.dialect &&
           a->opaque.data == b->opaque.data;
  case LT_ATTR_LOC_FILE:
    return a->file_loc.file == b->file_loc.file &&
           a->file_loc.line == b->file_loc.line &&
           a->file_loc.col == b->file_loc.col;
  case LT_ATTR_LOC_NAME:
    return a->name_loc.name == b->name_loc.name &&
           a->name_loc.child == b->name_loc.child;
  case LT_ATTR_LOC_CALLSITE:
    return a->callsite.callee == b->callsite.callee &&
           a->callsite.caller == b->callsite.caller;
  case LT_ATTR_LOC_FUSED:
    return a->fused.count == b->fused.count &&
           a->fused.metadata == b->fused.metadata &&
           memcmp(a->fused.locs, b->fused.locs,
                  a->fused.count * sizeof(lt_loc_t)) == 0;
  default:
    return true;
  }
}

/* Copies `n` bytes of a borrowed array into the arena (NULL source allowed
 * when n == 0). */
static const void *lt_attr_copy(lt_context_t *ctx, const void *p, size_t n,
                                size_t align, bool *ok) {
  if (n == 0) return NULL;
  void *q = lt_arena_memdup(&ctx->arena, p, n, align);
  if (!q) *ok = false;
  return q;
}

/* -1, 0, 1 as file location a's (line, col) is before, at or after b's. */
static int lt_loc_pos_cmp(const lt_attr_t *a, const lt_attr_t *b) {
  if (a->file_loc.line != b->file_loc.line)
    return a->file_loc.line < b->file_loc.line ? -1 : 1;
  if (a->file_loc.col != b->file_loc.col)
    return a->file_loc.col < b->file_loc.col ? -1 : 1;
  return 0;
}

static const lt_attr_t *lt_loc_run_at(const lt_loc_run_t *run, size_t i) {
  return &run->chunks[i / LT_LOC_RUN_CHUNK][i % LT_LOC_RUN_CHUNK];
}

/* The file location equal to key in the context's run, else NULL; sets
 * *out_append when key may join the run's end. */
static const lt_attr_t *lt_loc_run_find(const lt_loc_run_t *run,
                                        const lt_attr_t *key,
                                        bool *out_append) {
  *out_append = false;
  if (run->file && run->file != key->file_loc.file) return NULL;
  if (!run->count ||
      lt_loc_pos_cmp(key, lt_loc_run_at(run, run->count - 1)) > 0) {
    *out_append = true;
    return NULL;
  }
  size_t lo = 0, hi = run->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const lt_attr_t *loc = lt_loc_run_at(run, mid);
    int c = lt_loc_pos_cmp(key, loc);
    if (c == 0) return loc;
    if (c < 0)
      hi = mid;
    else
      lo = mid + 1;
  }
  return NULL;
}

const lt_attr_t *lt_attr_unique(lt_context_t *ctx, lt_attr_t *key) {
  key->hash = lt_attr_compute_hash(key);
  bool to_run = false;
  if (key->kind == LT_ATTR_LOC_FILE) {
    const lt_attr_t *in_run = lt_loc_run_find(&ctx->loc_run, key, &to_run);
    if (in_run) return in_run;
  }
  const lt_attr_t *found =
      lt_utable_find(&ctx->attrs, key->hash, lt_attr_eq, key);
  if (found) return found;
  if (to_run) {
    lt_loc_run_t *run = &ctx->loc_run;
    size_t slot = run->count % LT_LOC_RUN_CHUNK;
    size_t chunk = run->count / LT_LOC_RUN_CHUNK;
    if (!slot) {
      if (LT_FAILED(lt_context_grow(ctx, (void **)&run->chunks,
                                    &run->cap_chunks, chunk + 1,
                                    sizeof(*run->chunks))))
        return NULL;
      run->chunks[chunk] =
          lt_arena_alloc(&ctx->arena, LT_LOC_RUN_CHUNK * sizeof(lt_attr_t),
                         _Alignof(lt_attr_t));
      if (!run->chunks[chunk]) return NULL;
    }
    lt_attr_t *a = &run->chunks[chunk][slot];
    *a = *key;
    run->file = key->file_loc.file;
    run->count++;
    return a;
  }
  lt_attr_t *a =
      lt_arena_memdup(&ctx->arena, key, sizeof(*key), _Alignof(lt_attr_t));
  if (!a) return NULL;
  bool ok = true;
  switch (a->kind) {
  case LT_ATTR_STRING: {
    /* NUL-terminated for the convenience of C callers. */
    char *s = lt_arena_alloc(&ctx->arena, key->str.len + 1, 1);
    if (!s) return NULL;
    if (key->str.len) memcpy(s, key->str.data, key->str.len);
    s[key->str.len] = '\0';
    a->str.data = s;
    break;
  }
  case LT_ATTR_ARRAY:
    a->array.elems = lt_attr_copy(ctx, key->array.elems,
                                  key->array.count * sizeof(lt_attr_t *),
                                  _Alignof(lt_attr_t *), &ok);
    break;
  case LT_ATTR_DICT:
    a->dict.entries = lt_attr_copy(ctx, key->dict.entries,
                                   key->dict.count * sizeof(lt_named_attr_t),
                                   _Alignof(lt_named_attr_t), &ok);
    break;
  case LT_ATTR_SYMBOL_REF:
    a->symbol.names = lt_attr_copy(ctx, key->symbol.names,
                                   key->symbol.count * sizeof(lt_ident_t *),
                                   _Alignof(lt_ident_t *), &ok);
    break;
  case LT_ATTR_DENSE:
  case LT_ATTR_DENSE_ARRAY:
    a->dense.data = lt_attr_copy(ctx, key->dense.data, key->dense.size,
                                 key->dense.size >= 64 ? 64 : 8, &ok);
    break;
  case LT_ATTR_AFFINE_MAP:
    a->affine_map.results = lt_attr_copy(
        ctx, key->affine_map.results,
        key->affine_map.num_results * sizeof(int32_t), _Alignof(int32_t), &ok);
    break;
  case LT_ATTR_DIALECT:
    a->ext.data = lt_attr_copy(ctx, key->ext.data, key->ext.size, 8, &ok);
    break;
  case LT_ATTR_LOC_FUSED:
    a->fused.locs =
        lt_attr_copy(ctx, key->fused.locs, key->fused.count * sizeof(lt_loc_t),
                     _Alignof(lt_loc_t), &ok);
    break;
  default:
    break;
  }
  if (!ok) return NULL;
  if (LT_FAILED(lt_utable_insert(&ctx->attrs, ctx->allocator, a->hash, a)))
    return NULL;
  return a;
}

static lt_attr_t lt_attr_key(lt_attr_kind_t kind, const lt_type_t *type) {
  lt_attr_t key;
  memset(&key, 0, sizeof key);
  key.kind = kind;
  key.type = type;
  return key;
}

/* ---- scalars ------------------------------------------------------------- */

const lt_attr_t *lt_attr_unit(lt_context_t *ctx) {
  if (ctx->a_unit) return ctx->a_unit;
  lt_attr_t key = lt_attr_key(LT_ATTR_UNIT, NULL);
  return lt_attr_unique(ctx, &key);
}

const lt_attr_t *lt_attr_bool(lt_context_t *ctx, bool value) {
  const lt_attr_t *cached = value ? ctx->a_true : ctx->a_false;
  if (cached) return cached;
  const lt_type_t *i1 = lt_type_integer(ctx, 1, LT_SIGNLESS);
  if (!i1) return NULL;
  lt_attr_t key = lt_attr_key(LT_ATTR_BOOL, i1);
  key.i = value ? 1 : 0;
  return lt_attr_unique(ctx, &key);
}

/* Truncates v to the type's width: sign-extended for signless and signed
 * types, zero-extended for unsigned ones; signless i1 is 0 or 1. */
static int64_t lt_int_to_width(const lt_type_t *t, int64_t v) {
  uint32_t w = t->kind == LT_TYPE_INDEX ? 64 : t->integer.width;
  if (w >= 64) return v;
  if (w == 0) return 0;
  uint64_t u = (uint64_t)v & ((1ull << w) - 1);
  if (t->kind == LT_TYPE_INTEGER && t->integer.signedness == LT_UNSIGNED)
    return (int64_t)u;
  if (w == 1 && t->integer.signedness == LT_SIGNLESS) return (int64_t)u;
  uint64_t sign = 1ull << (w - 1);
  return (int64_t)((u ^ sign) - sign);
}

const lt_attr_t *lt_attr_integer(lt_context_t *ctx, const lt_type_t *type,
                                 int64_t value) {
  if (!type || !lt_type_is_int_or_index(type)) return NULL;
  value = lt_int_to_width(type, value);
  /* `1 : i1` and `true` are one attribute, as in MLIR. */
  if (type->kind == LT_TYPE_INTEGER && type->integer.width == 1 &&
      type->integer.signedness == LT_SIGNLESS)
    return lt_attr_bool(ctx, value != 0);
  lt_attr_t key = lt_attr_key(LT_ATTR_INTEGER, type);
  key.i = value;
  return lt_attr_unique(ctx, &key);
}

const lt_attr_t *lt_attr_float(lt_context_t *ctx, const lt_type_t *type,
                               double value) {
  if (!type || !lt_type_is_float(type)) return NULL;
  lt_attr_t key = lt_attr_key(LT_ATTR_FLOAT, type);
  key.f = lt_float_from_bits(type->kind, lt_float_to_bits(type->kind, value));
  return lt_attr_unique(ctx, &key);
}

const lt_attr_t *lt_attr_string(lt_context_t *ctx, const char *data, size_t len,
                                const lt_type_t *type) {
  lt_attr_t key = lt_attr_key(LT_ATTR_STRING, type);
  key.str.data = data;
  key.str.len = len;
  return lt_attr_unique(ctx, &key);
}

const lt_attr_t *lt_attr_string_cstr(lt_context_t *ctx, const char *s) {
  return lt_attr_string(ctx, s, strlen(s), NULL);
}

const lt_attr_t *lt_attr_type(lt_context_t *ctx, const lt_type_t *type) {
  if (!type) return NULL;
  lt_attr_t key = lt_attr_key(LT_ATTR_TYPE, type);
  return lt_attr_unique(ctx, &key);
}

const lt_attr_t *lt_attr_opaque(lt_context_t *ctx, const char *dialect,
                                const char *data, size_t data_len) {
  lt_attr_t key = lt_attr_key(LT_ATTR_OPAQUE, NULL);
  key.opaque.dialect = lt_ident_cstr(ctx, dialect);
  key.opaque.data = lt_ident_get(ctx, data, data_len);
  if (!key.opaque.dialect || !key.opaque.data) return NULL;
  return lt_attr_unique(ctx, &key);
}

const lt_attr_t *lt_attr_dialect(lt_context_t *ctx, const lt_dialect_t *dialect,
                                 uint32_t tag, const void *data,
                                 uint32_t size) {
  lt_attr_t key = lt_attr_key(LT_ATTR_DIALECT, NULL);
  key.ext.dialect = dialect;
  key.ext.tag = tag;
  key.ext.data = data;
  key.ext.size = size;
  return lt_attr_unique(ctx, &key);
}

/* ---- aggregates ---------------------------------------------------------- */

const lt_attr_t *lt_attr_array(lt_context_t *ctx, uint32_t count,
                               const lt_attr_t *const *elems) {
  lt_attr_t key = lt_attr_key(LT_ATTR_ARRAY, NULL);
  key.array.count = count;
  key.array.elems = elems;
  return lt_attr_unique(ctx, &key);
}

const lt_attr_t *lt_attr_symbol_ref(lt_context_t *ctx, uint32_t count,
                                    const lt_ident_t *const *names) {
  if (count == 0) return NULL;
  lt_attr_t key = lt_attr_key(LT_ATTR_SYMBOL_REF, NULL);
  key.symbol.count = count;
  key.symbol.names = names;
  return lt_attr_unique(ctx, &key);
}

static int lt_ident_cmp(const lt_ident_t *a, const lt_ident_t *b) {
  if (a == b) return 0;
  uint32_t n = a->len < b->len ? a->len : b->len;
  int c = memcmp(a->str, b->str, n);
  if (c) return c;
  return a->len < b->len ? -1 : a->len > b->len ? 1 : 0;
}

static int lt_entry_cmp(const lt_named_attr_t *a, const lt_named_attr_t *b) {
  return lt_ident_cmp(a->name, b->name);
}

/* Stable merge sort (insertion sort for short runs): stability is what lets
 * the last of several equal names win. */
static void lt_dict_sort(lt_named_attr_t *a, lt_named_attr_t *tmp, uint32_t n) {
  if (n <= 16) {
    for (uint32_t i = 1; i < n; i++) {
      lt_named_attr_t x = a[i];
      uint32_t j = i;
      while (j > 0 && lt_entry_cmp(&a[j - 1], &x) > 0) {
        a[j] = a[j - 1];
        j--;
      }
      a[j] = x;
    }
    return;
  }
  uint32_t h = n / 2;
  lt_dict_sort(a, tmp, h);
  lt_dict_sort(a + h, tmp, n - h);
  memcpy(tmp, a, h * sizeof(*a));
  uint32_t i = 0, j = h, k = 0;
  while (i < h && j < n)
    a[k++] = lt_entry_cmp(&a[j], &tmp[i]) < 0 ? a[j++] : tmp[i++];
  while (i < h)
    a[k++] = tmp[i++];
}

const lt_attr_t *lt_attr_dict(lt_context_t *ctx, uint32_t count,
                              const lt_named_attr_t *entries) {
  lt_attr_t key = lt_attr_key(LT_ATTR_DICT, NULL);
  /* Parsed and printed dictionaries are usually sorted already. */
  bool sorted = true;
  for (uint32_t i = 1; i < count && sorted; i++)
    sorted = lt_ident_cmp(entries[i - 1].name, entries[i].name) < 0;
  if (sorted) {
    key.dict.count = count;
    key.dict.entries = entries;
    return lt_attr_unique(ctx, &key);
  }
  /* The copy and the merge buffer share one allocation. */
  lt_named_attr_t small[48];
  lt_named_attr_t *buf = small;
  size_t need = (size_t)count + count / 2 + 1;
  if (need > LT_ARRAY_SIZE(small)) {
    buf = lt_alloc(ctx->allocator, need * sizeof(*buf));
    if (!buf) return NULL;
  }
  memcpy(buf, entries, count * sizeof(*buf));
  lt_dict_sort(buf, buf + count, count);
  uint32_t n = 0;
  for (uint32_t i = 0; i < count; i++) {
    if (i + 1 < count && buf[i + 1].name == buf[i].name) continue;
    buf[n++] = buf[i];
  }
  key.dict.count = n;
  key.dict.entries = buf;
  const lt_attr_t *a = lt_attr_unique(ctx, &key);
  if (buf != small) lt_free(ctx->allocator, buf, need * sizeof(*buf));
  return a;
}

/* Same order as the dictionary's entries: bytes, then length. */
static int lt_name_cmp(const lt_ident_t *id, const char *name, size_t len) {
  size_t n = id->len < len ? id->len : len;
  int c = n ? memcmp(id->str, name, n) : 0;
  if (c) return c;
  return id->len < len ? -1 : id->len > len ? 1 : 0;
}

const lt_attr_t *lt_attr_dict_get_str(const lt_attr_t *dict, const char *name,
                                      size_t len) {
  if (!dict || dict->kind != LT_ATTR_DICT || !name) return NULL;
  uint32_t lo = 0, hi = dict->dict.count;
  const lt_named_attr_t *e = dict->dict.entries;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    int c = lt_name_cmp(e[mid].name, name, len);
    if (c == 0) return e[mid].value;
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

const lt_attr_t *lt_attr_dict_get(const lt_attr_t *dict,
                                  const lt_ident_t *name) {
  if (!dict || dict->kind != LT_ATTR_DICT || !name) return NULL;
  uint32_t n = dict->dict.count;
  const lt_named_attr_t *e = dict->dict.entries;
  if (n <= 8) {
    for (uint32_t i = 0; i < n; i++)
      if (e[i].name == name) return e[i].value;
    return NULL;
  }
  uint32_t lo = 0, hi = n;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    int c = lt_ident_cmp(e[mid].name, name);
    if (c == 0) return e[mid].value;
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

/* ---- dense elements ------------------------------------------------------ */

size_t lt_dense_element_size(const lt_type_t *element) {
  switch (element->kind) {
  case LT_TYPE_INTEGER:
    return (element->integer.width + 7) / 8;
  case LT_TYPE_INDEX:
    return 8;
  case LT_TYPE_F16:
  case LT_TYPE_BF16:
    return 2;
  case LT_TYPE_F32:
    return 4;
  case LT_TYPE_F64:
    return 8;
  default:
    return 0;
  }
}

/* Integers narrower than their storage keep only their own bits (i1 is 0 or
 * 1), so equal values have equal bytes and unique to one attribute. */
static bool lt_dense_needs_normalize(const lt_type_t *element) {
  return element->kind == LT_TYPE_INTEGER && element->integer.width % 8 != 0;
}

static void lt_dense_normalize(const lt_type_t *element, uint8_t *data,
                               size_t count) {
  uint32_t w = element->integer.width;
  size_t esize = (w + 7) / 8;
  if (w == 1) {
    for (size_t i = 0; i < count; i++)
      data[i] = data[i] != 0;
    return;
  }
  uint8_t mask = (uint8_t)((1u << (w % 8)) - 1);
  for (size_t i = 0; i < count; i++)
    data[i * esize + esize - 1] &= mask;
}

/* Storage for a normalized copy: on the stack when small. */
typedef struct lt_dense_tmp {
  uint8_t small[256];
  uint8_t *data;
  size_t size;
} lt_dense_tmp_t;

/* Points *out_bytes at the canonical bytes: `data` itself, or a normalized
 * copy in tmp. Fails only when the copy cannot be allocated. */
static bool lt_dense_prepare(lt_context_t *ctx, const lt_type_t *element,
                             const void *data, size_t size, size_t count,
                             lt_dense_tmp_t *tmp, const uint8_t **out_bytes) {
  tmp->data = NULL;
  tmp->size = size;
  *out_bytes = data;
  if (!lt_dense_needs_normalize(element) || size == 0) return true;
  tmp->data =
      size <= sizeof tmp->small ? tmp->small : lt_alloc(ctx->allocator, size);
  if (!tmp->data) return false;
  memcpy(tmp->data, data, size);
  lt_dense_normalize(element, tmp->data, count);
  *out_bytes = tmp->data;
  return true;
}

static void lt_dense_tmp_free(lt_context_t *ctx, lt_dense_tmp_t *tmp) {
  if (tmp->data && tmp->data != tmp->small)
    lt_free(ctx->allocator, tmp->data, tmp->size);
}

const lt_attr_t *lt_attr_dense(lt_context_t *ctx, const lt_type_t *type,
                               const void *data, size_t size) {
  if (!type || !lt_type_has_static_shape(type)) return NULL;
  const lt_type_t *element = type->shaped.element;
  size_t esize = lt_dense_element_size(element);
  int64_t n = lt_type_num_elements(type);
  if (esize == 0 || n < 0) return NULL;
  bool splat;
  size_t count;
  if (n > 0 && size == esize) {
    splat = true;
    count = 1;
  } else if ((uint64_t)n <= SIZE_MAX / esize && size == (size_t)n * esize) {
    splat = false;
    count = (size_t)n;
  } else {
    return NULL;
  }
  lt_dense_tmp_t tmp;
  const uint8_t *bytes;
  if (!lt_dense_prepare(ctx, element, data, size, count, &tmp, &bytes))
    return NULL;
  /* All elements equal: store one (MLIR prints dense<[1, 1]> as dense<1>). */
  if (!splat && count > 0) {
    size_t i = 1;
    while (i < count && memcmp(bytes, bytes + i * esize, esize) == 0)
      i++;
    if (i == count) {
      splat = true;
      size = esize;
    }
  }
  lt_attr_t key = lt_attr_key(LT_ATTR_DENSE, type);
  key.dense.data = bytes;
  key.dense.size = size;
  key.dense.splat = splat;
  const lt_attr_t *a = lt_attr_unique(ctx, &key);
  lt_dense_tmp_free(ctx, &tmp);
  return a;
}

const lt_attr_t *lt_attr_dense_array(lt_context_t *ctx,
                                     const lt_type_t *element, int64_t count,
                                     const void *data) {
  if (!element || count < 0) return NULL;
  size_t esize = lt_dense_element_size(element);
  if (esize == 0 || (uint64_t)count > SIZE_MAX / esize) return NULL;
  size_t size = (size_t)count * esize;
  lt_dense_tmp_t tmp;
  const uint8_t *bytes;
  if (!lt_dense_prepare(ctx, element, data, size, (size_t)count, &tmp, &bytes))
    return NULL;
  lt_attr_t key = lt_attr_key(LT_ATTR_DENSE_ARRAY, element);
  key.dense.data = bytes;
  key.dense.size = size;
  const lt_attr_t *a = lt_attr_unique(ctx, &key);
  lt_dense_tmp_free(ctx, &tmp);
  return a;
}

const lt_attr_t *lt_attr_dense_resource(lt_context_t *ctx,
                                        const lt_type_t *type,
                                        const char *name) {
  if (!type) return NULL;
  lt_resource_t *r = lt_context_resource(ctx, name);
  if (!r) return NULL;
  lt_attr_t key = lt_attr_key(LT_ATTR_DENSE_RESOURCE, type);
  key.resource.name = r->name;
  key.resource.resource = r;
  return lt_attr_unique(ctx, &key);
}

int64_t lt_attr_dense_count(const lt_attr_t *a) {
  /* Dense arrays are never splat: the count follows from the byte size. */
  if (a->kind == LT_ATTR_DENSE_ARRAY)
    return (int64_t)(a->dense.size / lt_dense_element_size(a->type));
  if (a->kind == LT_ATTR_DENSE || a->kind == LT_ATTR_DENSE_RESOURCE)
    return lt_type_num_elements(a->type);
  return 0;
}

static const lt_type_t *lt_dense_element_type(const lt_attr_t *a) {
  return a->kind == LT_ATTR_DENSE_ARRAY ? a->type : a->type->shaped.element;
}

/* Little-endian load of element i (its low 8 bytes). */
static uint64_t lt_dense_load(const lt_attr_t *a, size_t esize, int64_t i) {
  const uint8_t *p = a->dense.data + (a->dense.splat ? 0 : (size_t)i * esize);
  size_t n = esize < 8 ? esize : 8;
  uint64_t v = 0;
  for (size_t k = 0; k < n; k++)
    v |= (uint64_t)p[k] << (8 * k);
  return v;
}

int64_t lt_attr_dense_int(const lt_attr_t *a, int64_t i) {
  const lt_type_t *element = lt_dense_element_type(a);
  size_t esize = lt_dense_element_size(element);
  if (!lt_type_is_int_or_index(element) || a->dense.size == 0) return 0;
  return lt_int_to_width(element, (int64_t)lt_dense_load(a, esize, i));
}

double lt_attr_dense_float(const lt_attr_t *a, int64_t i) {
  const lt_type_t *element = lt_dense_element_type(a);
  if (a->dense.size == 0) return 0.0;
  if (!lt_type_is_float(element)) {
    int64_t v = lt_attr_dense_int(a, i);
    if (element->kind == LT_TYPE_INTEGER &&
        element->integer.signedness == LT_UNSIGNED)
      return (double)(uint64_t)v;
    return (double)v;
  }
  size_t esize = lt_dense_element_size(element);
  return lt_float_from_bits(element->kind, lt_dense_load(a, esize, i));
}

/* ---- locations ----------------------------------------------------------- */

bool lt_attr_is_loc(const lt_attr_t *a) {
  return a->kind == LT_ATTR_LOC_UNKNOWN || a->kind == LT_ATTR_LOC_FILE ||
         a->kind == LT_ATTR_LOC_NAME || a->kind == LT_ATTR_LOC_CALLSITE ||
         a->kind == LT_ATTR_LOC_FUSED;
}

lt_loc_t lt_loc_unknown(lt_context_t *ctx) {
  if (ctx->a_unknown_loc) return ctx->a_unknown_loc;
  lt_attr_t key = lt_attr_key(LT_ATTR_LOC_UNKNOWN, NULL);
  return lt_attr_unique(ctx, &key);
}

lt_loc_t lt_loc_file(lt_context_t *ctx, const char *file, uint32_t line,
                     uint32_t col) {
  lt_attr_t key = lt_attr_key(LT_ATTR_LOC_FILE, NULL);
  key.file_loc.file = lt_ident_cstr(ctx, file);
  if (!key.file_loc.file) return NULL;
  key.file_loc.line = line;
  key.file_loc.col = col;
  return lt_attr_unique(ctx, &key);
}

lt_loc_t lt_loc_name(lt_context_t *ctx, const char *name, lt_loc_t child) {
  lt_attr_t key = lt_attr_key(LT_ATTR_LOC_NAME, NULL);
  key.name_loc.name = lt_ident_cstr(ctx, name);
  if (!key.name_loc.name) return NULL;
  /* An unknown child is no child: loc("n"(unknown)) prints as loc("n"). */
  key.name_loc.child =
      child && child->kind != LT_ATTR_LOC_UNKNOWN ? child : NULL;
  return lt_attr_unique(ctx, &key);
}

lt_loc_t lt_loc_callsite(lt_context_t *ctx, lt_loc_t callee, lt_loc_t caller) {
  lt_attr_t key = lt_attr_key(LT_ATTR_LOC_CALLSITE, NULL);
  key.callsite.callee = callee ? callee : lt_loc_unknown(ctx);
  key.callsite.caller = caller ? caller : lt_loc_unknown(ctx);
  return lt_attr_unique(ctx, &key);
}

static bool lt_loc_list_add(lt_loc_t *list, uint32_t *n, lt_loc_t loc) {
  for (uint32_t i = 0; i < *n; i++)
    if (list[i] == loc) return false;
  list[(*n)++] = loc;
  return true;
}

/* MLIR's FusedLoc::get: nested fused locations with the same metadata are
 * inlined, unknown ones and duplicates dropped. Without metadata a single
 * survivor is returned as is and none gives loc(unknown); with metadata the
 * fused wrapper is kept (fused<m>[unknown] when nothing survives). */
lt_loc_t lt_loc_fused(lt_context_t *ctx, uint32_t count, const lt_loc_t *locs,
                      const lt_attr_t *metadata) {
  size_t cap = 0;
  for (uint32_t i = 0; i < count; i++) {
    lt_loc_t l = locs[i];
    cap += l && l->kind == LT_ATTR_LOC_FUSED && l->fused.metadata == metadata
               ? l->fused.count
               : 1;
  }
  lt_loc_t small[16];
  lt_loc_t *list = small;
  if (cap > LT_ARRAY_SIZE(small)) {
    if (cap > UINT32_MAX) return NULL;
    list = lt_alloc(ctx->allocator, cap * sizeof(*list));
    if (!list) return NULL;
  }
  uint32_t n = 0;
  for (uint32_t i = 0; i < count; i++) {
    lt_loc_t l = locs[i];
    if (!l || l->kind == LT_ATTR_LOC_UNKNOWN) continue;
    if (l->kind == LT_ATTR_LOC_FUSED && l->fused.metadata == metadata) {
      for (uint32_t j = 0; j < l->fused.count; j++)
        lt_loc_list_add(list, &n, l->fused.locs[j]);
      continue;
    }
    lt_loc_list_add(list, &n, l);
  }
  lt_loc_t result;
  if (n == 0 && !metadata) {
    result = lt_loc_unknown(ctx);
  } else if (n == 1 && !metadata) {
    result = list[0];
  } else {
    lt_loc_t unknown = lt_loc_unknown(ctx);
    lt_attr_t key = lt_attr_key(LT_ATTR_LOC_FUSED, NULL);
    key.fused.count = n ? n : 1;
    key.fused.locs = n ? list : &unknown;
    key.fused.metadata = metadata;
    result = lt_attr_unique(ctx, &key);
  }
  if (list != small) lt_free(ctx->allocator, list, cap * sizeof(*list));
  return result;
}

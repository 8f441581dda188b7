/* types.c - builtin type constructors (hash-consed in the context) and
 * queries. A constructor builds its key on the stack, so a lookup that finds
 * an existing type allocates nothing. */
#include <string.h>

#include "ir/context_impl.h"
#include "ir/types.h"

static uint64_t lt_type_compute_hash(const lt_type_t *t) {
  uint64_t h = lt_hash_combine(0x74797065ull, (uint64_t)t->kind);
  switch (t->kind) {
  case LT_TYPE_INTEGER:
    h = lt_hash_combine(h, t->integer.width);
    h = lt_hash_combine(h, (uint64_t)t->integer.signedness);
    break;
  case LT_TYPE_FUNCTION: {
    uint32_t n = t->function.num_inputs + t->function.num_results;
    h = lt_hash_combine(h, t->function.num_inputs);
    h = lt_hash_combine(h, t->function.num_results);
    for (uint32_t i = 0; i < n; i++)
      h = lt_hash_combine(h, t->function.types[i]->hash);
    break;
  }
  case LT_TYPE_TENSOR:
  case LT_TYPE_UNRANKED_TENSOR:
  case LT_TYPE_VECTOR:
    h = lt_hash_combine(h, t->shaped.rank);
    if (t->shaped.rank)
      h = lt_hash_combine(
          h,
          lt_hash_bytes(t->shaped.shape, t->shaped.rank * sizeof(int64_t), 0));
    h = lt_hash_combine(h, t->shaped.element->hash);
    h = lt_hash_combine(h, t->shaped.encoding ? t->shaped.encoding->hash : 0);
    break;
  case LT_TYPE_MEMREF:
    h = lt_hash_combine(h, t->shaped.rank);
    if (t->shaped.rank)
      h = lt_hash_combine(
          h,
          lt_hash_bytes(t->shaped.shape, t->shaped.rank * sizeof(int64_t), 0));
    h = lt_hash_combine(h, t->shaped.element->hash);
    h = lt_hash_combine(h, t->shaped.encoding ? t->shaped.encoding->hash : 0);
    h = lt_hash_combine(h, t->shaped.strides != NULL);
    if (t->shaped.strides && t->shaped.rank)
      h = lt_hash_combine(h,
                          lt_hash_bytes(t->shaped.strides,
                                        t->shaped.rank * sizeof(int64_t), 0));
    h = lt_hash_combine(h, (uint64_t)t->shaped.offset);
    break;
  case LT_TYPE_OPAQUE:
    h = lt_hash_combine(h, t->opaque.dialect->hash);
    h = lt_hash_combine(h, t->opaque.data->hash);
    break;
  default:
    break;
  }
  return lt_hash_finish(h);
}

/* Components are uniqued, so comparing their pointers is structural. */
static bool lt_type_eq(const void *stored, const void *key) {
  const lt_type_t *a = stored, *b = key;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
  case LT_TYPE_INTEGER:
    return a->integer.width == b->integer.width &&
           a->integer.signedness == b->integer.signedness;
  case LT_TYPE_FUNCTION: {
    if (a->function.num_inputs != b->function.num_inputs ||
        a->function.num_results != b->function.num_results)
      return false;
    uint32_t n = a->function.num_inputs + a->function.num_results;
    for (uint32_t i = 0; i < n; i++)
      if (a->function.types[i] != b->function.types[i]) return false;
    return true;
  }
  case LT_TYPE_TENSOR:
  case LT_TYPE_UNRANKED_TENSOR:
  case LT_TYPE_VECTOR:
    return a->shaped.rank == b->shaped.rank &&
           a->shaped.element == b->shaped.element &&
           a->shaped.encoding == b->shaped.encoding &&
           (a->shaped.rank == 0 ||
            memcmp(a->shaped.shape, b->shaped.shape,
                   a->shaped.rank * sizeof(int64_t)) == 0);
  case LT_TYPE_MEMREF: {
    size_t n = a->shaped.rank * sizeof(int64_t);
    if (a->shaped.rank != b->shaped.rank ||
        a->shaped.element != b->shaped.element ||
        a->shaped.encoding != b->shaped.encoding ||
        a->shaped.offset != b->shaped.offset ||
        (a->shaped.strides == NULL) != (b->shaped.strides == NULL))
      return false;
    if (n == 0) return true;
    return memcmp(a->shaped.shape, b->shaped.shape, n) == 0 &&
           (!a->shaped.strides ||
            memcmp(a->shaped.strides, b->shaped.strides, n) == 0);
  }
  case LT_TYPE_OPAQUE:
    return a->opaque.dialect == b->opaque.dialect &&
           a->opaque.data == b->opaque.data;
  default:
    return true;
  }
}

/* Finds or creates the type described by *key (whose arrays are borrowed). */
static const lt_type_t *lt_type_unique(lt_context_t *ctx, lt_type_t *key) {
  key->hash = lt_type_compute_hash(key);
  const lt_type_t *found =
      lt_utable_find(&ctx->types, key->hash, lt_type_eq, key);
  if (found) return found;
  lt_type_t *t =
      lt_arena_memdup(&ctx->arena, key, sizeof(*key), _Alignof(lt_type_t));
  if (!t) return NULL;
  switch (t->kind) {
  case LT_TYPE_FUNCTION: {
    uint32_t n = t->function.num_inputs + t->function.num_results;
    if (n) {
      t->function.types =
          lt_arena_memdup(&ctx->arena, key->function.types,
                          n * sizeof(lt_type_t *), _Alignof(lt_type_t *));
      if (!t->function.types) return NULL;
    } else {
      /* Never NULL: callers index `types + num_inputs` even for `() -> ()`. */
      static const lt_type_t *const k_no_types[1];
      t->function.types = k_no_types;
    }
    break;
  }
  case LT_TYPE_TENSOR:
  case LT_TYPE_VECTOR:
    if (t->shaped.rank) {
      t->shaped.shape =
          lt_arena_memdup(&ctx->arena, key->shaped.shape,
                          t->shaped.rank * sizeof(int64_t), _Alignof(int64_t));
      if (!t->shaped.shape) return NULL;
    } else {
      t->shaped.shape = NULL;
    }
    break;
  case LT_TYPE_MEMREF: {
    size_t n = t->shaped.rank * sizeof(int64_t);
    t->shaped.shape = NULL;
    if (n) {
      t->shaped.shape =
          lt_arena_memdup(&ctx->arena, key->shaped.shape, n, _Alignof(int64_t));
      if (!t->shaped.shape) return NULL;
    }
    if (t->shaped.strides && n) {
      t->shaped.strides = lt_arena_memdup(&ctx->arena, key->shaped.strides, n,
                                          _Alignof(int64_t));
      if (!t->shaped.strides) return NULL;
    } else if (t->shaped.strides) {
      /* Never NULL for a layout, even of rank 0: NULL means no layout. */
      static const int64_t k_no_strides[1];
      t->shaped.strides = k_no_strides;
    }
    break;
  }
  default:
    break;
  }
  if (LT_FAILED(lt_utable_insert(&ctx->types, ctx->allocator, t->hash, t)))
    return NULL;
  return t;
}

static lt_type_t lt_type_key(lt_type_kind_t kind) {
  lt_type_t key;
  memset(&key, 0, sizeof key);
  key.kind = kind;
  return key;
}

const lt_type_t *lt_type_integer(lt_context_t *ctx, uint32_t width,
                                 lt_signedness_t signedness) {
  bool cacheable = width < LT_INT_TYPE_CACHE && (unsigned)signedness < 3;
  if (cacheable && ctx->t_int[signedness][width])
    return ctx->t_int[signedness][width];
  lt_type_t key = lt_type_key(LT_TYPE_INTEGER);
  key.integer.width = width;
  key.integer.signedness = signedness;
  const lt_type_t *t = lt_type_unique(ctx, &key);
  if (cacheable) ctx->t_int[signedness][width] = t;
  return t;
}

const lt_type_t *lt_type_index(lt_context_t *ctx) {
  if (ctx->t_index) return ctx->t_index;
  lt_type_t key = lt_type_key(LT_TYPE_INDEX);
  return lt_type_unique(ctx, &key);
}

const lt_type_t *lt_type_none(lt_context_t *ctx) {
  if (ctx->t_none) return ctx->t_none;
  lt_type_t key = lt_type_key(LT_TYPE_NONE);
  return lt_type_unique(ctx, &key);
}

const lt_type_t *lt_type_float(lt_context_t *ctx, lt_type_kind_t kind) {
  const lt_type_t *cached = NULL;
  switch (kind) {
  case LT_TYPE_F16:
    cached = ctx->t_f16;
    break;
  case LT_TYPE_BF16:
    cached = ctx->t_bf16;
    break;
  case LT_TYPE_F32:
    cached = ctx->t_f32;
    break;
  case LT_TYPE_F64:
    cached = ctx->t_f64;
    break;
  default:
    return NULL;
  }
  if (cached) return cached;
  lt_type_t key = lt_type_key(kind);
  return lt_type_unique(ctx, &key);
}

const lt_type_t *lt_type_f32(lt_context_t *ctx) {
  return lt_type_float(ctx, LT_TYPE_F32);
}

const lt_type_t *lt_type_function(lt_context_t *ctx, uint32_t num_inputs,
                                  const lt_type_t *const *inputs,
                                  uint32_t num_results,
                                  const lt_type_t *const *results) {
  /* The key wants inputs and results in one array. */
  const lt_type_t *small[16];
  const lt_type_t **all = small;
  size_t n = (size_t)num_inputs + num_results;
  if (n > LT_ARRAY_SIZE(small)) {
    all = lt_alloc(ctx->allocator, n * sizeof(*all));
    if (!all) return NULL;
  }
  for (uint32_t i = 0; i < num_inputs; i++)
    all[i] = inputs[i];
  for (uint32_t i = 0; i < num_results; i++)
    all[num_inputs + i] = results[i];
  lt_type_t key = lt_type_key(LT_TYPE_FUNCTION);
  key.function.num_inputs = num_inputs;
  key.function.num_results = num_results;
  key.function.types = all;
  const lt_type_t *t = lt_type_unique(ctx, &key);
  if (all != small) lt_free(ctx->allocator, all, n * sizeof(*all));
  return t;
}

const lt_type_t *lt_type_tensor(lt_context_t *ctx, uint32_t rank,
                                const int64_t *shape, const lt_type_t *element,
                                const lt_attr_t *encoding) {
  lt_type_t key = lt_type_key(LT_TYPE_TENSOR);
  key.shaped.rank = rank;
  key.shaped.shape = shape;
  key.shaped.element = element;
  key.shaped.encoding = encoding;
  return lt_type_unique(ctx, &key);
}

const lt_type_t *lt_type_unranked_tensor(lt_context_t *ctx,
                                         const lt_type_t *element) {
  lt_type_t key = lt_type_key(LT_TYPE_UNRANKED_TENSOR);
  key.shaped.element = element;
  return lt_type_unique(ctx, &key);
}

const lt_type_t *lt_type_vector(lt_context_t *ctx, uint32_t rank,
                                const int64_t *shape,
                                const lt_type_t *element) {
  lt_type_t key = lt_type_key(LT_TYPE_VECTOR);
  key.shaped.rank = rank;
  key.shaped.shape = shape;
  key.shaped.element = element;
  return lt_type_unique(ctx, &key);
}

/* MLIR's MemRefType::isValidElementType, less memrefs and dialect types:
 * the element kinds lite's loop-level code handles. */
static bool lt_memref_element_ok(const lt_type_t *t) {
  return t && (lt_type_is_int_or_index(t) || lt_type_is_float(t) ||
               t->kind == LT_TYPE_VECTOR);
}

bool lt_type_is_memory_space(const lt_attr_t *a) {
  if (!a) return true; /* the default space */
  switch (a->kind) {
  case LT_ATTR_BOOL:
  case LT_ATTR_STRING:
  case LT_ATTR_DICT:
    return true;
  case LT_ATTR_INTEGER:
    return a->type && lt_type_is_int_or_index(a->type);
  case LT_ATTR_DIALECT:
    return true;
  default:
    return false;
  }
}

const lt_type_t *lt_type_memref(lt_context_t *ctx, uint32_t rank,
                                const int64_t *shape, const lt_type_t *element,
                                const int64_t *strides, int64_t offset,
                                const lt_attr_t *memory_space) {
  if (!lt_memref_element_ok(element) || (rank && !shape)) return NULL;
  for (uint32_t i = 0; i < rank; i++)
    if (shape[i] < 0 && shape[i] != LT_DYNAMIC) return NULL;
  if (!strides && offset != 0) return NULL;
  for (uint32_t i = 0; strides && i < rank; i++)
    if (strides[i] == 0) return NULL; /* MLIR: strides must not be zero */
  if (memory_space) {
    if (!lt_type_is_memory_space(memory_space)) return NULL;
    /* MLIR's skipDefaultMemorySpace: an integer 0 is the default space. */
    if ((memory_space->kind == LT_ATTR_INTEGER ||
         memory_space->kind == LT_ATTR_BOOL) &&
        memory_space->i == 0)
      memory_space = NULL;
  }
  /* A rank-0 layout still needs a non-NULL key: NULL means no layout. */
  static const int64_t k_empty[1];
  lt_type_t key = lt_type_key(LT_TYPE_MEMREF);
  key.shaped.rank = rank;
  key.shaped.shape = shape;
  key.shaped.element = element;
  key.shaped.encoding = memory_space;
  key.shaped.strides = strides && rank == 0 ? k_empty : strides;
  key.shaped.offset = offset;
  return lt_type_unique(ctx, &key);
}

const lt_type_t *lt_type_opaque(lt_context_t *ctx, const char *dialect,
                                const char *data, size_t data_len) {
  lt_type_t key = lt_type_key(LT_TYPE_OPAQUE);
  key.opaque.dialect = lt_ident_cstr(ctx, dialect);
  key.opaque.data = lt_ident_get(ctx, data, data_len);
  if (!key.opaque.dialect || !key.opaque.data) return NULL;
  return lt_type_unique(ctx, &key);
}

/* ---- queries ------------------------------------------------------------- */

bool lt_type_is_integer(const lt_type_t *t) {
  return t->kind == LT_TYPE_INTEGER;
}

bool lt_type_is_int_or_index(const lt_type_t *t) {
  return t->kind == LT_TYPE_INTEGER || t->kind == LT_TYPE_INDEX;
}

bool lt_type_is_float(const lt_type_t *t) {
  return t->kind == LT_TYPE_F16 || t->kind == LT_TYPE_BF16 ||
         t->kind == LT_TYPE_F32 || t->kind == LT_TYPE_F64;
}

bool lt_type_is_shaped(const lt_type_t *t) {
  return t->kind == LT_TYPE_TENSOR || t->kind == LT_TYPE_UNRANKED_TENSOR ||
         t->kind == LT_TYPE_VECTOR;
}

bool lt_type_is_memref(const lt_type_t *t) { return t->kind == LT_TYPE_MEMREF; }

const lt_type_t *lt_type_element(const lt_type_t *t) {
  return lt_type_is_shaped(t) || lt_type_is_memref(t) ? t->shaped.element : t;
}

uint32_t lt_type_bit_width(const lt_type_t *t) {
  switch (t->kind) {
  case LT_TYPE_INTEGER:
    return t->integer.width;
  case LT_TYPE_INDEX:
    return 64;
  case LT_TYPE_F16:
  case LT_TYPE_BF16:
    return 16;
  case LT_TYPE_F32:
    return 32;
  case LT_TYPE_F64:
    return 64;
  default:
    return 0;
  }
}

/* Ranked kinds: their shape is all of the type's extent. */
static bool lt_type_is_ranked(const lt_type_t *t) {
  return t->kind == LT_TYPE_TENSOR || t->kind == LT_TYPE_VECTOR ||
         t->kind == LT_TYPE_MEMREF;
}

int64_t lt_type_num_elements(const lt_type_t *t) {
  if (!lt_type_is_ranked(t)) return -1;
  int64_t n = 1;
  for (uint32_t i = 0; i < t->shaped.rank; i++) {
    int64_t d = t->shaped.shape[i];
    if (d < 0) return -1;
    if (d != 0 && n > INT64_MAX / d) return -1;
    n *= d;
  }
  return n;
}

bool lt_type_has_static_shape(const lt_type_t *t) {
  if (!lt_type_is_ranked(t)) return false;
  for (uint32_t i = 0; i < t->shaped.rank; i++)
    if (t->shaped.shape[i] < 0) return false;
  return true;
}

bool lt_type_memref_strides(const lt_type_t *t, int64_t *out_strides,
                            int64_t *out_offset) {
  if (!t || t->kind != LT_TYPE_MEMREF) return false;
  uint32_t rank = t->shaped.rank;
  if (out_offset) *out_offset = t->shaped.strides ? t->shaped.offset : 0;
  if (!out_strides) return true;
  if (t->shaped.strides) {
    for (uint32_t i = 0; i < rank; i++)
      out_strides[i] = t->shaped.strides[i];
    return true;
  }
  /* Row-major: each stride is the product of the dims to its right, unknown
   * once one of them is (or once the product leaves int64). */
  int64_t s = 1;
  for (uint32_t i = rank; i-- > 0;) {
    out_strides[i] = s;
    int64_t d = t->shaped.shape[i];
    if (s == LT_DYNAMIC || d == LT_DYNAMIC || (d != 0 && s > INT64_MAX / d))
      s = LT_DYNAMIC;
    else
      s *= d;
  }
  return true;
}

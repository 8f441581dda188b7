/* context.c - context lifetime, identifier interning, the dialect/op registry
 * and the resource-blob store. */
#include <string.h>

#include "ir/builtin.h"
#include "ir/context_impl.h"
#include "ir/diagnostics.h"
#include "ir/operation.h"

/* ---- uniquing table ------------------------------------------------------ */

lt_result_t lt_utable_init(lt_utable_t *t, lt_allocator_t a, size_t cap) {
  /* cap must be a power of two */
  t->slots = lt_calloc(a, cap * sizeof(lt_uslot_t));
  if (!t->slots) return LT_FAILURE;
  t->mask = cap - 1;
  t->count = 0;
  return LT_SUCCESS;
}

void lt_utable_deinit(lt_utable_t *t, lt_allocator_t a) {
  if (t->slots) lt_free(a, t->slots, (t->mask + 1) * sizeof(lt_uslot_t));
  t->slots = NULL;
  t->mask = 0;
  t->count = 0;
}

static void lt_utable_place(lt_uslot_t *slots, size_t mask, uint64_t hash,
                            const void *ptr) {
  size_t i = (size_t)hash & mask;
  while (slots[i].ptr)
    i = (i + 1) & mask;
  slots[i].hash = hash;
  slots[i].ptr = ptr;
}

/* Doubles the table in place: realloc can move a large block's pages
 * (mremap) instead of copying, so the old and new slot arrays are not both
 * held while a big module's attribute table grows. Every old entry is marked
 * pending (low pointer bit; stored objects are at least 2-aligned), then
 * placed at the first empty or pending slot of its new probe sequence,
 * swapping with a pending one (hashbrown's in-place rehash). Placed entries
 * never move again, so every slot between an entry's home and its place is
 * full when the pass ends, as linear probing requires. */
static lt_result_t lt_utable_grow(lt_utable_t *t, lt_allocator_t a) {
  size_t cap = t->mask + 1, new_cap = cap * 2, mask = new_cap - 1;
  lt_uslot_t *slots = lt_realloc(a, t->slots, cap * sizeof(lt_uslot_t),
                                 new_cap * sizeof(lt_uslot_t));
  if (!slots) return LT_FAILURE;
  memset(slots + cap, 0, cap * sizeof(lt_uslot_t));
  t->slots = slots;
  t->mask = mask;
  for (size_t i = 0; i < cap; i++)
    if (slots[i].ptr)
      slots[i].ptr = (const void *)((uintptr_t)slots[i].ptr | 1);
  for (size_t i = 0; i < cap; i++) {
    while ((uintptr_t)slots[i].ptr & 1) {
      lt_uslot_t e = slots[i];
      e.ptr = (const void *)((uintptr_t)e.ptr & ~(uintptr_t)1);
      size_t j = (size_t)e.hash & mask;
      while (j != i && slots[j].ptr && !((uintptr_t)slots[j].ptr & 1))
        j = (j + 1) & mask;
      if (j == i) {
        slots[i] = e;
      } else if (!slots[j].ptr) {
        slots[j] = e;
        slots[i].ptr = NULL;
        slots[i].hash = 0;
      } else {
        slots[i] = slots[j]; /* still pending: placed by the next round */
        slots[j] = e;
      }
    }
  }
  return LT_SUCCESS;
}

lt_result_t lt_utable_insert(lt_utable_t *t, lt_allocator_t a, uint64_t hash,
                             const void *ptr) {
  size_t cap = t->mask + 1;
  /* Slots keep the full hash, so probes stay cheap even at 7/8 load (a
   * probe compares hashes in one sequential run); the attribute table is
   * the largest table a big module has, and a lower load would double it. */
  if ((t->count + 1) * 8 > cap * 7 && LT_FAILED(lt_utable_grow(t, a)))
    return LT_FAILURE;
  lt_utable_place(t->slots, t->mask, hash, ptr);
  t->count++;
  return LT_SUCCESS;
}

#if defined(__SANITIZE_ADDRESS__)
#define LT_OP_SLAB 0
#else
#define LT_OP_SLAB 1
#endif

void *lt_context_op_alloc(lt_context_t *ctx, size_t size, size_t *out_size) {
  size_t cls = (size + 7) / 8;
  *out_size = size;
  if (!LT_OP_SLAB || cls >= LT_OP_SLAB_CLASSES)
    return lt_calloc(ctx->allocator, size);
  /* A freed block a little larger serves too (rewrites often erase big ops
   * and create smaller ones); it keeps its size for when it is freed. */
  size_t last = cls + LT_OP_SLAB_SLACK;
  if (last >= LT_OP_SLAB_CLASSES) last = LT_OP_SLAB_CLASSES - 1;
  for (size_t c = cls; c <= last; c++) {
    void *p = ctx->op_free[c];
    if (!p) continue;
    memcpy(&ctx->op_free[c], p, sizeof(void *));
    memset(p, 0, c * 8);
    *out_size = c * 8;
    return p;
  }
  void *p = lt_arena_alloc(&ctx->op_arena, cls * 8, 8);
  if (p) memset(p, 0, cls * 8);
  return p;
}

void lt_context_op_free(lt_context_t *ctx, void *p, size_t size) {
  size_t cls = (size + 7) / 8;
  if (!LT_OP_SLAB || cls >= LT_OP_SLAB_CLASSES) {
    lt_free(ctx->allocator, p, size);
    return;
  }
  memcpy(p, &ctx->op_free[cls], sizeof(void *));
  ctx->op_free[cls] = p;
}

lt_result_t lt_context_grow(lt_context_t *ctx, void **items, size_t *cap,
                            size_t need, size_t item_size) {
  if (need <= *cap) return LT_SUCCESS;
  size_t new_cap = *cap ? *cap * 2 : 8;
  while (new_cap < need)
    new_cap *= 2;
  void *p =
      lt_realloc(ctx->allocator, *items, *cap * item_size, new_cap * item_size);
  if (!p) return LT_FAILURE;
  *items = p;
  *cap = new_cap;
  return LT_SUCCESS;
}

/* ---- identifiers --------------------------------------------------------- */

typedef struct lt_str_key {
  const char *s;
  size_t len;
} lt_str_key_t;

#define LT_IDENT_SEED 0x6c6974652d696400ull

static bool lt_ident_eq(const void *stored, const void *key) {
  const lt_ident_t *id = stored;
  const lt_str_key_t *k = key;
  return id->len == k->len && memcmp(id->str, k->s, k->len) == 0;
}

const lt_ident_t *lt_ident_get(lt_context_t *ctx, const char *s, size_t len) {
  if (len > UINT32_MAX) return NULL;
  lt_str_key_t key = {s, len};
  uint64_t hash = lt_hash_bytes(s, len, LT_IDENT_SEED);
  const lt_ident_t *found =
      lt_utable_find(&ctx->idents, hash, lt_ident_eq, &key);
  if (found) return found;
  lt_ident_t *id = lt_arena_alloc(&ctx->arena, sizeof(lt_ident_t) + len + 1,
                                  _Alignof(lt_ident_t));
  if (!id) return NULL;
  id->len = (uint32_t)len;
  id->hash = hash;
  if (len) memcpy(id->str, s, len);
  id->str[len] = '\0';
  if (LT_FAILED(lt_utable_insert(&ctx->idents, ctx->allocator, hash, id)))
    return NULL;
  return id;
}

const lt_ident_t *lt_ident_cstr(lt_context_t *ctx, const char *s) {
  return lt_ident_get(ctx, s, strlen(s));
}

/* ---- lifetime ------------------------------------------------------------ */

static void *counting_alloc_fn(void *self, void *ptr, size_t old_size,
                               size_t new_size) {
  lt_context_t *ctx = self;
  void *p =
      ctx->base_allocator.fn(ctx->base_allocator.self, ptr, old_size, new_size);
  if (!p && new_size) ctx->alloc_failures++;
  return p;
}

lt_status_t lt_context_create(lt_allocator_t allocator,
                              lt_context_t **out_ctx) {
  *out_ctx = NULL;
  lt_context_t *ctx = lt_calloc(allocator, sizeof(*ctx));
  if (!ctx)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                          "cannot allocate the context");
  ctx->base_allocator = allocator;
  ctx->allocator = (lt_allocator_t){ctx, counting_alloc_fn};
  lt_allocator_t a = ctx->allocator;
  lt_arena_init(&ctx->arena, a);
  lt_arena_init(&ctx->op_arena, a);
  ctx->next_handler_id = 1;
  bool ok = LT_SUCCEEDED(lt_utable_init(&ctx->idents, a, 1024)) &&
            LT_SUCCEEDED(lt_utable_init(&ctx->types, a, 256)) &&
            LT_SUCCEEDED(lt_utable_init(&ctx->attrs, a, 1024)) &&
            LT_SUCCEEDED(lt_utable_init(&ctx->op_infos, a, 256)) &&
            LT_SUCCEEDED(lt_utable_init(&ctx->resources, a, 16));
  if (ok) {
    ctx->t_index = lt_type_index(ctx);
    ctx->t_none = lt_type_none(ctx);
    ctx->t_f16 = lt_type_float(ctx, LT_TYPE_F16);
    ctx->t_bf16 = lt_type_float(ctx, LT_TYPE_BF16);
    ctx->t_f32 = lt_type_float(ctx, LT_TYPE_F32);
    ctx->t_f64 = lt_type_float(ctx, LT_TYPE_F64);
    ctx->a_unit = lt_attr_unit(ctx);
    ctx->a_true = lt_attr_bool(ctx, true);
    ctx->a_false = lt_attr_bool(ctx, false);
    ctx->a_unknown_loc = lt_loc_unknown(ctx);
    ok = ctx->t_index && ctx->t_none && ctx->t_f16 && ctx->t_bf16 &&
         ctx->t_f32 && ctx->t_f64 && ctx->a_unit && ctx->a_true &&
         ctx->a_false && ctx->a_unknown_loc;
  }
  if (!ok) {
    lt_context_destroy(ctx);
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                          "cannot allocate the context");
  }
  if (LT_FAILED(lt_context_register_dialect(ctx, &lt_builtin_dialect))) {
    bool oom = ctx->alloc_failures != 0;
    lt_context_destroy(ctx);
    return oom ? lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                                "cannot allocate the context")
               : lt_status_make(LT_STATUS_INTERNAL,
                                "cannot register the builtin dialect");
  }
  *out_ctx = ctx;
  return LT_OK;
}

void lt_context_destroy(lt_context_t *ctx) {
  if (!ctx) return;
  lt_allocator_t a = ctx->allocator;
  /* Extensions first, newest first, while the context they may use (its
   * allocator, its diagnostics) is still whole. */
  while (ctx->num_extensions) {
    lt_extension_entry_t e = ctx->extensions[--ctx->num_extensions];
    if (e.destroy) e.destroy(ctx, e.ptr);
  }
  if (ctx->extensions)
    lt_free(a, ctx->extensions, ctx->cap_extensions * sizeof(*ctx->extensions));
  lt_diag_state_deinit(ctx);
  for (size_t i = 0; i < ctx->num_resources; i++) {
    lt_resource_entry_t *r = ctx->resource_list[i];
    if (r->raw) lt_free(a, r->raw, r->raw_size);
  }
  if (ctx->resource_list)
    lt_free(a, ctx->resource_list,
            ctx->cap_resources * sizeof(*ctx->resource_list));
  if (ctx->dialects)
    lt_free(a, ctx->dialects, ctx->cap_dialects * sizeof(*ctx->dialects));
  lt_utable_deinit(&ctx->idents, a);
  lt_utable_deinit(&ctx->types, a);
  lt_utable_deinit(&ctx->attrs, a);
  if (ctx->loc_run.cap_chunks)
    lt_free(a, ctx->loc_run.chunks,
            ctx->loc_run.cap_chunks * sizeof(*ctx->loc_run.chunks));
  lt_utable_deinit(&ctx->op_infos, a);
  lt_utable_deinit(&ctx->resources, a);
  lt_arena_deinit(&ctx->arena);
  lt_arena_deinit(&ctx->op_arena);
  lt_free(ctx->base_allocator, ctx, sizeof(*ctx));
}

lt_allocator_t lt_context_allocator(lt_context_t *ctx) {
  return ctx->allocator;
}

uint64_t lt_context_alloc_failures(lt_context_t *ctx) {
  return ctx->alloc_failures;
}

lt_arena_t *lt_context_arena(lt_context_t *ctx) { return &ctx->arena; }

/* ---- extensions ---------------------------------------------------------- */

static lt_extension_entry_t *find_extension(const lt_context_t *ctx,
                                            const lt_context_key_t *key) {
  for (size_t i = 0; i < ctx->num_extensions; i++)
    if (ctx->extensions[i].key == key) return &ctx->extensions[i];
  return NULL;
}

lt_status_t
lt_context_set_extension(lt_context_t *ctx, const lt_context_key_t *key,
                         void *ptr, lt_context_extension_destroy_fn_t destroy) {
  lt_extension_entry_t *e = find_extension(ctx, key);
  if (!e && !ptr) return LT_OK;
  if (!e) {
    if (LT_FAILED(lt_context_grow(ctx, (void **)&ctx->extensions,
                                  &ctx->cap_extensions, ctx->num_extensions + 1,
                                  sizeof(*ctx->extensions))))
      return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                            "cannot keep the context's %s",
                            key->name ? key->name : "extension");
    ctx->extensions[ctx->num_extensions++] =
        (lt_extension_entry_t){key, ptr, destroy};
    return LT_OK;
  }
  lt_extension_entry_t old = *e;
  if (ptr) {
    *e = (lt_extension_entry_t){key, ptr, destroy};
  } else {
    size_t i = (size_t)(e - ctx->extensions);
    memmove(e, e + 1, (ctx->num_extensions - i - 1) * sizeof(*e));
    ctx->num_extensions--;
  }
  /* Setting the same pointer again only changes who owns it. */
  if (old.destroy && old.ptr != ptr) old.destroy(ctx, old.ptr);
  return LT_OK;
}

void *lt_context_extension(const lt_context_t *ctx,
                           const lt_context_key_t *key) {
  const lt_extension_entry_t *e = find_extension(ctx, key);
  return e ? e->ptr : NULL;
}

void lt_context_set_allow_unregistered(lt_context_t *ctx, bool allow) {
  ctx->allow_unregistered = allow;
}

bool lt_context_allow_unregistered(lt_context_t *ctx) {
  return ctx->allow_unregistered;
}

size_t lt_context_num_types(lt_context_t *ctx) { return ctx->types.count; }
size_t lt_context_num_attrs(lt_context_t *ctx) {
  return ctx->attrs.count + ctx->loc_run.count;
}

/* ---- dialects and op records --------------------------------------------- */

static bool lt_op_info_eq(const void *stored, const void *key) {
  const lt_op_info_t *info = stored;
  const lt_str_key_t *k = key;
  return info->name->len == k->len &&
         memcmp(info->name->str, k->s, k->len) == 0;
}

static lt_op_info_t *lt_op_info_find(lt_context_t *ctx, const char *name,
                                     size_t len, uint64_t *out_hash) {
  lt_str_key_t key = {name, len};
  *out_hash = lt_hash_bytes(name, len, LT_IDENT_SEED);
  return (lt_op_info_t *)lt_utable_find(&ctx->op_infos, *out_hash,
                                        lt_op_info_eq, &key);
}

static lt_op_info_t *lt_op_info_new(lt_context_t *ctx, const char *name,
                                    size_t len, uint64_t hash) {
  const lt_ident_t *id = lt_ident_get(ctx, name, len);
  if (!id) return NULL;
  lt_op_info_t *info =
      lt_arena_alloc(&ctx->arena, sizeof(*info), _Alignof(lt_op_info_t));
  if (!info) return NULL;
  memset(info, 0, sizeof(*info));
  info->name = id;
  info->ctx = ctx;
  if (LT_FAILED(lt_utable_insert(&ctx->op_infos, ctx->allocator, hash, info)))
    return NULL;
  return info;
}

const lt_dialect_t *lt_context_dialect(lt_context_t *ctx, const char *ns,
                                       size_t len) {
  for (size_t i = 0; i < ctx->num_dialects; i++) {
    const char *d = ctx->dialects[i]->ns;
    if (strncmp(d, ns, len) == 0 && d[len] == '\0') return ctx->dialects[i];
  }
  return NULL;
}

lt_result_t lt_context_register_dialect(lt_context_t *ctx,
                                        const lt_dialect_t *dialect) {
  size_t ns_len = strlen(dialect->ns);
  const lt_dialect_t *existing = lt_context_dialect(ctx, dialect->ns, ns_len);
  if (existing == dialect) return LT_SUCCESS;
  if (existing)
    return lt_emit_error(ctx, lt_loc_unknown(ctx),
                         "dialect namespace '%s' is already registered by "
                         "another dialect",
                         dialect->ns);
  /* Check every op first so a bad table registers nothing. */
  for (size_t i = 0; i < dialect->num_ops; i++) {
    const char *name = dialect->ops[i].name;
    if (strncmp(name, dialect->ns, ns_len) != 0 || name[ns_len] != '.')
      return lt_emit_error(ctx, lt_loc_unknown(ctx),
                           "op '%s' does not belong to dialect '%s'", name,
                           dialect->ns);
    uint64_t hash;
    lt_op_info_t *info = lt_op_info_find(ctx, name, strlen(name), &hash);
    if (info && info->registered)
      return lt_emit_error(ctx, lt_loc_unknown(ctx),
                           "op '%s' is registered twice", name);
  }
  /* Everything that can fail comes first, so that out of memory leaves
   * the dialect unregistered rather than half registered. */
  for (size_t i = 0; i < dialect->num_ops; i++)
    if (!lt_op_info_get(ctx, dialect->ops[i].name,
                        strlen(dialect->ops[i].name)))
      return lt_emit_error(ctx, lt_loc_unknown(ctx), "out of memory");
  if (LT_FAILED(lt_context_grow(ctx, (void **)&ctx->dialects,
                                &ctx->cap_dialects, ctx->num_dialects + 1,
                                sizeof(*ctx->dialects))))
    return lt_emit_error(ctx, lt_loc_unknown(ctx), "out of memory");
  ctx->dialects[ctx->num_dialects++] = dialect;
  for (size_t i = 0; i < dialect->num_ops; i++) {
    const lt_op_def_t *def = &dialect->ops[i];
    uint64_t hash;
    /* A record made for the name while it was unregistered is upgraded in
     * place, so ops already created with it become registered too. */
    lt_op_info_t *info =
        lt_op_info_find(ctx, def->name, strlen(def->name), &hash);
    info->dialect = dialect;
    info->def = def;
    info->registered = true;
    info->traits = def->traits;
  }
  return LT_SUCCESS;
}

const lt_op_info_t *lt_op_info_get(lt_context_t *ctx, const char *name,
                                   size_t len) {
  uint64_t hash;
  lt_op_info_t *info = lt_op_info_find(ctx, name, len, &hash);
  if (info) return info;
  return lt_op_info_new(ctx, name, len, hash);
}

const lt_op_info_t *lt_op_info_lookup(lt_context_t *ctx, const char *name) {
  uint64_t hash;
  lt_op_info_t *info = lt_op_info_find(ctx, name, strlen(name), &hash);
  return info && info->registered ? info : NULL;
}

/* ---- resource blobs ------------------------------------------------------ */

static bool lt_resource_eq(const void *stored, const void *key) {
  return ((const lt_resource_entry_t *)stored)->pub.name == key;
}

lt_resource_t *lt_context_resource(lt_context_t *ctx, const char *name) {
  const lt_ident_t *id = lt_ident_cstr(ctx, name);
  if (!id) return NULL;
  lt_resource_entry_t *r = (lt_resource_entry_t *)lt_utable_find(
      &ctx->resources, id->hash, lt_resource_eq, id);
  if (r) return &r->pub;
  if (LT_FAILED(lt_context_grow(ctx, (void **)&ctx->resource_list,
                                &ctx->cap_resources, ctx->num_resources + 1,
                                sizeof(*ctx->resource_list))))
    return NULL;
  r = lt_arena_alloc(&ctx->arena, sizeof(*r), _Alignof(lt_resource_entry_t));
  if (!r) return NULL;
  memset(r, 0, sizeof(*r));
  r->pub.name = id;
  r->pub.alignment = 1;
  if (LT_FAILED(lt_utable_insert(&ctx->resources, ctx->allocator, id->hash, r)))
    return NULL;
  ctx->resource_list[ctx->num_resources++] = r;
  return &r->pub;
}

lt_status_t lt_resource_set_blob(lt_context_t *ctx, lt_resource_t *r,
                                 const void *data, size_t size,
                                 uint32_t alignment) {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "resource '%s': alignment %u is not a power of two",
                          r->name->str, alignment);
  lt_resource_entry_t *e = (lt_resource_entry_t *)r;
  /* Over-allocate so the blob can start at its alignment whatever the
   * allocator guarantees. */
  size_t raw_size = size + alignment;
  if (raw_size < size)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "resource '%s': blob too large", r->name->str);
  void *raw = lt_alloc(ctx->allocator, raw_size);
  if (!raw)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                          "resource '%s': cannot allocate %zu bytes",
                          r->name->str, size);
  uintptr_t p = ((uintptr_t)raw + alignment - 1) & ~(uintptr_t)(alignment - 1);
  if (size && data) memcpy((void *)p, data, size);
  if (e->raw) lt_free(ctx->allocator, e->raw, e->raw_size);
  e->raw = raw;
  e->raw_size = raw_size;
  r->data = (uint8_t *)p;
  r->size = size;
  r->alignment = alignment;
  r->has_data = true;
  return LT_OK;
}

size_t lt_context_num_resources(lt_context_t *ctx) {
  return ctx->num_resources;
}

lt_resource_t *lt_context_resource_at(lt_context_t *ctx, size_t i) {
  return i < ctx->num_resources ? &ctx->resource_list[i]->pub : NULL;
}

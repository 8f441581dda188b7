/* context_impl.h - the context's private layout and the open-addressing
 * uniquing table shared by identifiers, types, attributes, op records and
 * resources. Only the IR core's own .c files include this. */
#ifndef LITE_IR_CONTEXT_IMPL_H
#define LITE_IR_CONTEXT_IMPL_H

#include "ir/context.h"
#include "ir/diagnostics.h"

/* ---- uniquing table ---------------------------------------------------------
 * Linear probing over (hash, pointer) slots: the stored hash is compared
 * before the object is touched, so a probe rarely leaves the slot array.
 * Capacity is a power of two and doubles (in place) at 7/8 load. */
typedef struct lt_uslot {
  uint64_t hash;
  const void *ptr; /* NULL: empty */
} lt_uslot_t;

typedef struct lt_utable {
  lt_uslot_t *slots;
  size_t mask; /* capacity - 1 */
  size_t count;
} lt_utable_t;

lt_result_t lt_utable_init(lt_utable_t *t, lt_allocator_t a, size_t cap);
void lt_utable_deinit(lt_utable_t *t, lt_allocator_t a);
/* Adds ptr (known to be absent; at least 2-aligned, as growing marks slots
 * in the low bit). Fails only when growing runs out of memory. */
lt_result_t lt_utable_insert(lt_utable_t *t, lt_allocator_t a, uint64_t hash,
                             const void *ptr);

/* Finds the stored object equal to `key`, NULL if absent. Inline, so each
 * caller's comparison function is inlined into its probe loop. */
static inline const void *lt_utable_find(const lt_utable_t *t, uint64_t hash,
                                         bool (*eq)(const void *stored,
                                                    const void *key),
                                         const void *key) {
  size_t i = (size_t)hash & t->mask;
  for (;;) {
    const lt_uslot_t *s = &t->slots[i];
    if (!s->ptr) return NULL;
    if (s->hash == hash && eq(s->ptr, key)) return s->ptr;
    i = (i + 1) & t->mask;
  }
}

/* Final avalanche so that combined field hashes spread over the low bits. */
static inline uint64_t lt_hash_finish(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h;
}

/* ---- context layout ------------------------------------------------------ */
typedef struct lt_diag_handler_entry {
  lt_diag_handler_id_t id;
  lt_diag_handler_fn_t fn;
  void *user;
} lt_diag_handler_entry_t;

typedef struct lt_source_entry {
  const lt_ident_t *name;
  const char *buf;
  size_t len;
  size_t *line_starts; /* lazily built; num_lines + 1 entries */
  uint32_t num_lines;
} lt_source_entry_t;

/* A resource with the bookkeeping of its aligned blob. */
typedef struct lt_resource_entry {
  lt_resource_t pub;
  void *raw; /* allocation holding the aligned data */
  size_t raw_size;
} lt_resource_entry_t;

/* One extension (lt_context_set_extension). */
typedef struct lt_extension_entry {
  const lt_context_key_t *key;
  void *ptr;
  lt_context_extension_destroy_fn_t destroy; /* NULL: borrowed */
} lt_extension_entry_t;

#define LT_INT_TYPE_CACHE 65 /* widths 0..64 */

/* File locations of one file made in increasing (line, col) order, as a
 * parser makes one per op: stored in order in arena chunks of
 * LT_LOC_RUN_CHUNK attributes (found by binary search, no per-location
 * pointer or table slot) instead of the attribute table. Every other file
 * location lives in the table; each location is in exactly one of the two. */
#define LT_LOC_RUN_CHUNK 1024
typedef struct lt_loc_run {
  const lt_ident_t *file; /* NULL until the first location */
  lt_attr_t **chunks;
  size_t count, cap_chunks;
} lt_loc_run_t;

/* Ops are carved from a context arena by size class (8-byte steps up to
 * LT_OP_SLAB_MAX) and recycled through per-class free lists: no per-op
 * malloc header or call. Sanitized builds use the allocator per op, so
 * use-after-free of an op stays detectable. */
#define LT_OP_SLAB_MAX 1024
#define LT_OP_SLAB_CLASSES (LT_OP_SLAB_MAX / 8 + 1)
#define LT_OP_SLAB_SLACK 8 /* larger classes an allocation may take from */

struct lt_context {
  /* Everything allocates through `allocator`, which forwards to the one the
   * context was created with (`base_allocator`) and counts the requests it
   * could not serve, so that a failure no caller reported is still seen. */
  lt_allocator_t allocator;
  lt_allocator_t base_allocator;
  uint64_t alloc_failures;
  lt_arena_t arena;
  lt_arena_t op_arena;
  void *op_free[LT_OP_SLAB_CLASSES]; /* free lists, linked through word 0 */
  lt_utable_t idents;
  lt_utable_t types;
  lt_utable_t attrs;
  lt_loc_run_t loc_run;
  lt_utable_t op_infos;  /* keyed by name string */
  lt_utable_t resources; /* keyed by name ident */

  /* Frequent objects, created once. */
  const lt_type_t *t_index, *t_none, *t_f16, *t_bf16, *t_f32, *t_f64;
  const lt_type_t *t_int[3][LT_INT_TYPE_CACHE]; /* [signedness][width] */
  const lt_attr_t *a_unit, *a_true, *a_false, *a_unknown_loc;

  bool allow_unregistered;
  const lt_dialect_t **dialects;
  size_t num_dialects, cap_dialects;

  lt_resource_entry_t **resource_list; /* creation order */
  size_t num_resources, cap_resources;

  lt_diag_handler_entry_t *handlers;
  size_t num_handlers, cap_handlers;
  lt_diag_handler_id_t next_handler_id;
  uint64_t error_count;
  lt_source_entry_t *sources;
  size_t num_sources, cap_sources;

  lt_extension_entry_t *extensions; /* few: searched in order */
  size_t num_extensions, cap_extensions;
};

/* Grows a context-allocated array to hold at least `need` items. */
lt_result_t lt_context_grow(lt_context_t *ctx, void **items, size_t *cap,
                            size_t need, size_t item_size);

/* Storage for one op of at least `size` bytes, zeroed, and its actual size
 * (a recycled block may be a little larger); NULL when out of memory. */
void *lt_context_op_alloc(lt_context_t *ctx, size_t size, size_t *out_size);
/* Returns storage from lt_context_op_alloc, given the size asked for or the
 * actual size (a larger block given back by its asked size only wastes its
 * tail until the context goes). */
void lt_context_op_free(lt_context_t *ctx, void *p, size_t size);

/* Finds or creates the attribute described by *key, whose arrays are
 * borrowed (attributes.c); for constructors outside attributes.c. */
const lt_attr_t *lt_attr_unique(lt_context_t *ctx, lt_attr_t *key);

/* Frees the diagnostic engine's state (diagnostics.c). */
void lt_diag_state_deinit(lt_context_t *ctx);

#endif /* LITE_IR_CONTEXT_IMPL_H */

/* context.h - the context: owner of arenas, interned identifiers, uniqued
 * types and attributes, registered dialects and ops, the resource-blob store
 * and the diagnostic handlers. Nothing in the IR is global: everything hangs
 * off a context. A context is not thread-safe. */
#ifndef LITE_IR_CONTEXT_H
#define LITE_IR_CONTEXT_H

#include "ir/attributes.h"
#include "base/base.h"
#include "ir/types.h"

typedef struct lt_dialect lt_dialect_t;
typedef struct lt_op_info lt_op_info_t;

/* An interned string: pointer equality is string equality. */
struct lt_ident {
  uint32_t len;
  uint64_t hash;
  char str[]; /* NUL-terminated */
};

lt_status_t lt_context_create(lt_allocator_t allocator,
                              lt_context_t **out_ctx);
void lt_context_destroy(lt_context_t *ctx);
/* The allocator everything of this context (and every pass on its IR) must
 * use: the one given to lt_context_create, with failures counted. */
lt_allocator_t lt_context_allocator(lt_context_t *ctx);
/* How many allocations through lt_context_allocator failed since the
 * context was created: a run whose count grew has lost memory somewhere,
 * even where nothing reported it. */
uint64_t lt_context_alloc_failures(lt_context_t *ctx);
/* Arena for objects that live as long as the context. */
lt_arena_t *lt_context_arena(lt_context_t *ctx);

const lt_ident_t *lt_ident_get(lt_context_t *ctx, const char *s, size_t len);
const lt_ident_t *lt_ident_cstr(lt_context_t *ctx, const char *s);

/* Unregistered ops (names whose dialect is not registered, or unknown names
 * in a registered dialect) are rejected by the parser unless allowed. */
void lt_context_set_allow_unregistered(lt_context_t *ctx, bool allow);
bool lt_context_allow_unregistered(lt_context_t *ctx);

/* Registers a dialect and all its ops (idempotent). The descriptor is
 * static data owned by the caller. */
lt_result_t lt_context_register_dialect(lt_context_t *ctx,
                                        const lt_dialect_t *dialect);
const lt_dialect_t *lt_context_dialect(lt_context_t *ctx, const char *ns,
                                       size_t len);
/* Registered dialects in registration order (for --show-dialects). */
size_t lt_context_num_dialects(lt_context_t *ctx);
const lt_dialect_t *lt_context_dialect_at(lt_context_t *ctx, size_t i);

/* The op info for a name: the registered one, or a per-name unregistered
 * record (registered = false) created on first use. Never NULL unless OOM. */
const lt_op_info_t *lt_op_info_get(lt_context_t *ctx, const char *name,
                                   size_t len);
/* Registered op info by name, NULL if not registered. */
const lt_op_info_t *lt_op_info_lookup(lt_context_t *ctx, const char *name);

/* ---- extensions ------------------------------------------------------------
 * State that a layer above the IR keeps per context (the kernel registry
 * the placement passes read, a target description, ...), as an MLIR context
 * holds dialect state: the IR cannot name the state's type, so it keeps a
 * pointer under a key. A key is the address of a static lt_context_key_t
 * of the layer that owns the state, so keys never collide and need no
 * registration; its name only shows in messages. */
typedef struct lt_context_key {
  const char *name; /* "kernel registry" */
} lt_context_key_t;

/* Called once on an owned extension's pointer when it is replaced, removed
 * or its context is destroyed; the context is still whole then. */
typedef void (*lt_context_extension_destroy_fn_t)(lt_context_t *ctx, void *ptr);

/* Keeps ptr under key, in place of (and destroying) what was there; NULL
 * removes it. With destroy the context owns ptr; without, ptr is borrowed
 * and must outlive the context or be removed first. Fails (out of memory)
 * leaving everything as it was: ptr is still the caller's. */
lt_status_t lt_context_set_extension(lt_context_t *ctx,
                                     const lt_context_key_t *key, void *ptr,
                                     lt_context_extension_destroy_fn_t destroy);
/* The pointer kept under key, NULL when there is none. */
void *lt_context_extension(const lt_context_t *ctx,
                           const lt_context_key_t *key);

/* ---- iteration over uniqued objects (for tests and statistics) -------- */
size_t lt_context_num_types(lt_context_t *ctx);
size_t lt_context_num_attrs(lt_context_t *ctx);
/* Resource blobs in creation order. */
size_t lt_context_num_resources(lt_context_t *ctx);
lt_resource_t *lt_context_resource_at(lt_context_t *ctx, size_t i);

#endif /* LITE_IR_CONTEXT_H */

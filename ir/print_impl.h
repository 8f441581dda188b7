/* print_impl.h - the printer's private state, shared by printer.c (ops,
 * regions, numbering), print_attr.c (types, attributes, locations) and
 * print_alias.c (location aliases). Only ir/print*.c include this. */
#ifndef LITE_IR_PRINT_IMPL_H
#define LITE_IR_PRINT_IMPL_H

#include "ir/printer.h"
#include "ir/ptr_map.h"

/* How much of an attribute's type suffix to print (MLIR AttrTypeElision). */
typedef enum lt_elide {
  LT_ELIDE_NEVER, /* `1 : i64` */
  LT_ELIDE_MAY,   /* i64/f64 left out (array elements) */
  LT_ELIDE_MUST   /* no type suffix at all */
} lt_elide_t;

typedef struct lt_alias_state lt_alias_state_t;

/* Result names from asm_result_names hooks (print_names.c). Names live in
 * `chars`; the names in scope form a set of chains over `buckets` (index + 1,
 * 0 ends a chain) and a stack `live` in insertion order. */
typedef struct lt_name_table {
  lt_allocator_t allocator;
  char *chars;
  uint32_t chars_len, chars_cap;
  struct lt_name_entry {
    uint32_t offset, len;
    uint32_t next; /* next name in the chain, index + 1 */
    uint64_t hash;
  } * names;
  uint32_t num_names, cap_names;
  uint32_t *buckets;
  uint32_t num_buckets;
  uint32_t *live;
  uint32_t num_live, cap_live;
  uint64_t next_conflict; /* next `_N` suffix to try */
  /* op -> 1 + offset in group_pool of [count, start0, start1, ...] */
  lt_ptr_map_t groups;
  uint32_t *group_pool;
  uint32_t num_pool, cap_pool;
} lt_name_table_t;

struct lt_asm_printer {
  lt_strbuf_t *out;
  lt_print_flags_t flags;
  lt_allocator_t allocator;
  uint32_t indent;
  /* Default dialect of the region being printed (prefix dropped from
   * custom op names). */
  const char *dialect;
  size_t dialect_len;
  /* value (first result of an op, or block argument) -> id, block -> index
   * in its region; ids are stored +1 so that no entry is NULL. */
  lt_ptr_map_t ids;
  /* dense_resource blobs in the order they were first printed. */
  lt_resource_t **resources;
  size_t num_resources, cap_resources;
  lt_ptr_map_t resource_seen;
  /* Direct-mapped cache in front of `ids` (NULL for one-off printers): a
   * use usually follows its definition closely, and the map itself is too
   * large to stay in cache when printing big functions. */
  struct lt_id_cache_entry {
    const void *key;
    uintptr_t id;
  } * id_cache;
  /* Location aliases (NULL when none are used). */
  lt_alias_state_t *aliases;
  /* Dry run that only visits locations for alias numbering; output goes to
   * `scratch` and is dropped. */
  bool collecting;
  lt_strbuf_t scratch;
  lt_name_table_t names;
  /* Printing a whole module numbers the regions of an isolated-from-above
   * op (a function) only when that op is printed, in a map of its own that
   * goes away afterwards: the printer holds the ids of one function at a
   * time, not the module's. `scopes` is the stack of those maps (uses look
   * up the innermost first, then `ids`); `pending` holds, for each op whose
   * numbering waits, the counters and the names in scope where MLIR would
   * have numbered it (`snap` stores the name lists). */
  bool defer;
  lt_ptr_map_t *scopes;
  uint32_t num_scopes, cap_scopes;
  lt_ptr_map_t pending_index; /* op -> 1 + index in pending */
  struct lt_pending_scope {
    const lt_op_t *op;
    uint64_t next_value, next_arg, conflict;
    uint32_t snap_at, snap_len;
  } * pending;
  uint32_t num_pending, cap_pending;
  uint32_t *snap;
  uint32_t num_snap, cap_snap;
};

/* Starts a printer writing to out (flags NULL: defaults), with its scratch
 * memory from `allocator`. */
void lt_printer_init(lt_asm_printer_t *p, const lt_print_flags_t *flags,
                     lt_strbuf_t *out, lt_allocator_t allocator);
void lt_printer_deinit(lt_asm_printer_t *p);

#define LT_ID_CACHE_SIZE 4096

/* Appends a decimal integer (faster than printf on the hot paths). */
void lt_put_u64(lt_strbuf_t *out, uint64_t v);
void lt_put_i64(lt_strbuf_t *out, int64_t v);

/* ---- print_attr.c -------------------------------------------------------- */
void lt_pr_type(lt_asm_printer_t *p, const lt_type_t *t);
void lt_pr_attr(lt_asm_printer_t *p, const lt_attr_t *a, lt_elide_t elide);
/* `name = value`, or `name` for a unit attribute. */
void lt_pr_named_attr(lt_asm_printer_t *p, const lt_named_attr_t *na);
/* `loc(...)`; allow_alias prints `loc(#locN)` when loc has an alias (nested
 * locations use their aliases either way). */
void lt_pr_loc(lt_asm_printer_t *p, lt_loc_t loc, bool allow_alias);
/* `#loc` for alias 0, `#locN` for alias N. */
void lt_pr_alias_name(lt_strbuf_t *out, int64_t n);
/* The location without the `loc(...)` wrapper. */
void lt_pr_loc_inner(lt_asm_printer_t *p, lt_loc_t loc, bool top_level);

/* ---- print_names.c ------------------------------------------------------- */
void lt_names_init(lt_name_table_t *t, lt_allocator_t a);
void lt_names_deinit(lt_name_table_t *t);
/* Sanitizes name (MLIR sanitizeIdentifier), makes it unique among the names
 * in scope with a `_N` suffix and adds it to the scope; returns its index,
 * UINT32_MAX when name is empty or memory ran out. */
uint32_t lt_names_unique(lt_name_table_t *t, const char *name, size_t len);
/* The text of name `index` (without `%`). */
const char *lt_names_get(const lt_name_table_t *t, uint32_t index,
                         size_t *out_len);
/* A scope: the names in the set and the conflict counter. */
typedef struct lt_names_mark {
  uint32_t live;
  uint64_t conflict;
} lt_names_mark_t;
lt_names_mark_t lt_names_mark(const lt_name_table_t *t);
/* Drops the names added since m and restores its conflict counter. */
void lt_names_reset(lt_name_table_t *t, lt_names_mark_t m);
/* Makes the names live[0..n) (indices of stored names, in the order they
 * were added) the whole scope, with conflict counter `conflict`; false when
 * out of memory. */
bool lt_names_restore(lt_name_table_t *t, const uint32_t *live, uint32_t n,
                      uint64_t conflict);
/* Forgets the stored names from index num_names on; none may be in scope. */
void lt_names_truncate(lt_name_table_t *t, uint32_t num_names);
/* Records the first result of each result group of op (sorts starts;
 * starts[0] is 0). */
bool lt_names_set_groups(lt_name_table_t *t, const lt_op_t *op,
                         uint32_t *starts, uint32_t n);
/* op's group starts, NULL (count 0) when all results form one group. */
const uint32_t *lt_names_groups(const lt_name_table_t *t, const lt_op_t *op,
                                uint32_t *out_count);

/* ---- print_alias.c ------------------------------------------------------- */
lt_alias_state_t *lt_alias_create(lt_allocator_t a);
void lt_alias_destroy(lt_alias_state_t *s);
/* Records loc (and the locations nested in it) as MLIR's AliasInitializer
 * does; only op locations may be deferred to the end of the output. */
void lt_alias_visit(lt_alias_state_t *s, const lt_attr_t *a, bool can_defer);
/* Sorts and numbers the aliases once every location was visited. */
void lt_alias_finalize(lt_alias_state_t *s);
/* The alias number of a (#loc is 0, #loc1 is 1 ...), -1 if none. */
int64_t lt_alias_number(const lt_alias_state_t *s, const lt_attr_t *a);
/* Writes `#locN = loc(...)` lines for the deferred or non-deferred aliases. */
void lt_alias_print_defs(lt_asm_printer_t *p, bool deferred);

/* ---- print_float.c
 * ----------------------------------------------------------- */
/* Widest integer lt_print_wide_int can print in decimal. */
#define LT_PRINT_WIDE_INT_MAX_BITS 3072
/* Appends an integer of `width` (<= LT_PRINT_WIDE_INT_MAX_BITS) bits stored
 * little-endian in nbytes bytes, signed or unsigned, in decimal. */
void lt_print_wide_int(lt_strbuf_t *out, const uint8_t *bytes, size_t nbytes,
                       uint32_t width, bool is_signed);

#endif /* LITE_IR_PRINT_IMPL_H */

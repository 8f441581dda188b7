/* greedy.c - MLIR's greedy pattern rewrite driver and its constant folder.
 *
 * Each sweep seeds a worklist with every op nested in the root's regions
 * (pre-order when top-down, so producers are visited before users), then pops
 * ops until the list is empty: a trivially dead op is erased; otherwise its
 * folder is tried, then the patterns for it, best benefit first. The rewriter's
 * listener keeps the list current (new and modified ops, users of replaced
 * values and producers that may have become dead go back on it; erased ops
 * leave it). After each sweep, region simplification erases unreachable
 * blocks and every op that no live op needs (MLIR's simplifyRegions, less
 * block merging). Sweeps repeat while something changed, up to the
 * iteration limit; a run that still changed in its last allowed sweep did
 * not converge.
 *
 * Folding follows MLIR's OperationFolder: constants produced by folds are
 * materialized by the folded op's dialect at the start of the entry block of
 * the nearest isolated-from-above region and uniqued per (region, dialect,
 * value, type), so equal constants are shared and stay hoisted. */
#include <string.h>

#include "ir/ptr_map.h"
#include "ir/rewrite.h"

/* ---- a small open-addressing hash table with 4-word keys ---------------- */

typedef struct hkey {
  uintptr_t k[4];
} hkey_t;

typedef struct hslot {
  hkey_t key;
  uintptr_t val;
  uint8_t state; /* 0 empty, 1 full, 2 deleted */
} hslot_t;

typedef struct htab {
  lt_allocator_t allocator;
  hslot_t *slots;
  size_t cap, used; /* used counts full and deleted slots */
  size_t count;
} htab_t;

static uint64_t hkey_hash(const hkey_t *k) {
  uint64_t h = lt_hash_ptr((const void *)k->k[0]);
  for (int i = 1; i < 4; i++)
    h = lt_hash_combine(h, lt_hash_ptr((const void *)k->k[i]));
  return h;
}

static bool hkey_eq(const hkey_t *a, const hkey_t *b) {
  return memcmp(a, b, sizeof *a) == 0;
}

static hkey_t key1(const void *p) {
  hkey_t k = {{(uintptr_t)p, 0, 0, 0}};
  return k;
}

static void htab_free(htab_t *t) {
  lt_free(t->allocator, t->slots, t->cap * sizeof *t->slots);
  t->slots = NULL;
  t->cap = t->used = t->count = 0;
}

static hslot_t *htab_find(const htab_t *t, const hkey_t *key) {
  if (!t->cap) return NULL;
  size_t mask = t->cap - 1, i = (size_t)hkey_hash(key) & mask;
  for (;;) {
    hslot_t *s = &t->slots[i];
    if (s->state == 0) return NULL;
    if (s->state == 1 && hkey_eq(&s->key, key)) return s;
    i = (i + 1) & mask;
  }
}

static bool htab_rehash(htab_t *t, size_t cap) {
  hslot_t *slots = lt_calloc(t->allocator, cap * sizeof *slots);
  if (!slots) return false;
  hslot_t *old = t->slots;
  size_t old_cap = t->cap;
  t->slots = slots;
  t->cap = cap;
  t->used = t->count = 0;
  for (size_t i = 0; i < old_cap; i++) {
    if (old[i].state != 1) continue;
    size_t j = (size_t)hkey_hash(&old[i].key) & (cap - 1);
    while (slots[j].state)
      j = (j + 1) & (cap - 1);
    slots[j] = old[i];
    t->used++;
    t->count++;
  }
  lt_free(t->allocator, old, old_cap * sizeof *old);
  return true;
}

static bool htab_grow(htab_t *t) {
  size_t cap = t->cap ? t->cap * 2 : 64;
  /* Rehash into the same size when most slots are tombstones. */
  if (t->count * 2 < t->cap) cap = t->cap;
  return htab_rehash(t, cap);
}

static bool htab_put(htab_t *t, const hkey_t *key, uintptr_t val) {
  hslot_t *s = htab_find(t, key);
  if (s) {
    s->val = val;
    return true;
  }
  if ((t->used + 1) * 4 > t->cap * 3 && !htab_grow(t)) return false;
  size_t mask = t->cap - 1, i = (size_t)hkey_hash(key) & mask;
  while (t->slots[i].state == 1)
    i = (i + 1) & mask;
  if (t->slots[i].state == 0) t->used++;
  t->slots[i] = (hslot_t){*key, val, 1};
  t->count++;
  return true;
}

static void htab_del(htab_t *t, const hkey_t *key) {
  hslot_t *s = htab_find(t, key);
  if (!s) return;
  s->state = 2;
  t->count--;
  /* Folded constants come and go by the hundred thousand in a big module;
   * keep the table near its live size (best effort: on failure it stays). */
  if (t->cap > 1024 && t->count * 8 < t->cap) {
    size_t cap = 64;
    while (t->count * 4 > cap)
      cap *= 2;
    htab_rehash(t, cap);
  }
}

/* ---- worklist index ---------------------------------------------------- */

/* Finds an op's slot on the worklist. Each entry is a slot number + 1
 * (0 empty, SLOT_GRAVE removed): the key is the op stored at that slot, so
 * an entry takes 4 bytes instead of a pointer map's 16, which matters when
 * a sweep seeds millions of ops. */
typedef struct slot_index {
  uint32_t *slots;
  size_t cap, used, count; /* used counts live and removed entries */
} slot_index_t;

#define SLOT_GRAVE UINT32_MAX

/* ---- driver state ------------------------------------------------------- */

typedef struct const_record {
  hkey_t keys[2];
  uint32_t num_keys;
  uint32_t next_free; /* free list link (index + 1, 0 ends) while unused */
} const_record_t;

typedef struct driver {
  lt_context_t *ctx;
  lt_allocator_t allocator;
  lt_op_t *root;
  const lt_pattern_set_t *patterns;
  lt_greedy_config_t cfg;
  lt_rewriter_t rw;
  /* Worklist: a stack with holes (NULL) left by removed ops, and op -> slot
   * as a hash set of slot numbers (see slot_index_t). */
  lt_op_t **list;
  size_t len, cap;
  slot_index_t index;
  bool seeding;      /* notifications do not add ops while the list is seeded */
  bool seed_changed; /* seeding merged or moved constants */
  /* Folder: (region, dialect, attr, type) -> constant op, and for each
   * folder-owned constant op the keys it is filed under. */
  htab_t constants;
  lt_ptr_map_t owned; /* op -> index into records */
  const_record_t *records;
  size_t num_records, cap_records;
  /* Records of constants that left the folder, for reuse: most folded
   * constants are soon merged or dead, and a record each would keep
   * growing with the module. */
  uint32_t free_records; /* index + 1 of the first, 0 when none */
  /* Scratch. */
  const lt_pattern_t **pats;
  size_t cap_pats;
  lt_op_t **seed;
  size_t seed_len, seed_cap;
  int64_t num_rewrites;
  bool failed_alloc;
} driver_t;

static bool grow_array(driver_t *d, void **arr, size_t *cap, size_t elem,
                       size_t need) {
  if (need <= *cap) return true;
  size_t ncap = *cap ? *cap : 16;
  while (ncap < need)
    ncap *= 2;
  void *p = lt_realloc(d->allocator, *arr, *cap * elem, ncap * elem);
  if (!p) {
    d->failed_alloc = true;
    return false;
  }
  *arr = p;
  *cap = ncap;
  return true;
}

/* ---- worklist ------------------------------------------------------------ */

static void index_free(driver_t *d) {
  lt_free(d->allocator, d->index.slots, d->index.cap * sizeof *d->index.slots);
  memset(&d->index, 0, sizeof d->index);
}

/* The index entry of op, or NULL when op is not on the list. */
static uint32_t *index_find(driver_t *d, const lt_op_t *op) {
  slot_index_t *x = &d->index;
  if (!x->cap) return NULL;
  size_t mask = x->cap - 1, i = (size_t)lt_hash_ptr(op) & mask;
  for (;;) {
    uint32_t e = x->slots[i];
    if (!e) return NULL;
    if (e != SLOT_GRAVE && d->list[e - 1] == op) return &x->slots[i];
    i = (i + 1) & mask;
  }
}

static void index_insert_fresh(slot_index_t *x, const lt_op_t *op,
                               size_t slot) {
  size_t mask = x->cap - 1, i = (size_t)lt_hash_ptr(op) & mask;
  while (x->slots[i] && x->slots[i] != SLOT_GRAVE)
    i = (i + 1) & mask;
  if (!x->slots[i]) x->used++;
  x->slots[i] = (uint32_t)(slot + 1);
  x->count++;
}

/* Rebuilds the index from list[0, len) with `cap` entries (a power of two
 * above the live count). The live entries are exactly the list's non-NULL
 * slots, so the old table is freed before the new one is allocated: the
 * two are never held together. */
static bool index_rebuild(driver_t *d, size_t cap) {
  index_free(d);
  d->index.slots = lt_calloc(d->allocator, cap * sizeof *d->index.slots);
  if (!d->index.slots) {
    d->failed_alloc = true;
    return false;
  }
  d->index.cap = cap;
  for (size_t i = 0; i < d->len; i++)
    if (d->list[i]) index_insert_fresh(&d->index, d->list[i], i);
  return true;
}

/* The index may fill to 7/8 (entries are small and probes sequential). */
static bool index_over_load(size_t used, size_t cap) {
  return used * 8 > cap * 7;
}

/* A power of two at most half full with `live` entries. */
static size_t index_cap_for(size_t live) {
  size_t cap = 16;
  while (live * 2 > cap)
    cap *= 2;
  return cap;
}

#define INDEX_SHRINK_MIN 4096

static void index_remove(driver_t *d, uint32_t *entry) {
  *entry = SLOT_GRAVE;
  d->index.count--;
  /* The list drains as a sweep proceeds; a drained index (and list, see
   * pop_worklist) shrinks so that the memory they held serves the
   * attributes and ops the sweep creates. */
  if (d->index.cap > INDEX_SHRINK_MIN && d->index.count * 8 < d->index.cap)
    index_rebuild(d, index_cap_for(d->index.count + 1));
}

static void push_single(driver_t *d, lt_op_t *op) {
  if (index_find(d, op)) return;
  if (d->len >= SLOT_GRAVE - 1) {
    d->failed_alloc = true;
    return;
  }
  if (!grow_array(d, (void **)&d->list, &d->cap, sizeof *d->list, d->len + 1))
    return;
  /* Removed entries count towards the load until a rebuild drops them. */
  if (index_over_load(d->index.used + 1, d->index.cap) &&
      !index_rebuild(d, index_cap_for(d->index.count + 1)))
    return;
  index_insert_fresh(&d->index, op, d->len);
  d->list[d->len++] = op;
}

/* Adds op, and its ancestors below the root, when op lies inside the root:
 * a change inside a region may enable patterns on the ops holding it. */
static void add_to_worklist(driver_t *d, lt_op_t *op) {
  if (d->seeding || !op) return;
  lt_op_t *cur = op;
  for (;;) {
    lt_op_t *parent = lt_op_parent_op(cur);
    if (!parent) return; /* detached or outside the root */
    if (parent == d->root) break;
    cur = parent;
  }
  for (cur = op; cur != d->root; cur = lt_op_parent_op(cur))
    push_single(d, cur);
}

static void remove_from_worklist(driver_t *d, lt_op_t *op) {
  uint32_t *entry = index_find(d, op);
  if (!entry) return;
  d->list[*entry - 1] = NULL;
  index_remove(d, entry);
}

static lt_op_t *pop_worklist(driver_t *d) {
  while (d->len) {
    lt_op_t *op = d->list[--d->len];
    if (d->cap > INDEX_SHRINK_MIN && d->len < d->cap / 4) {
      size_t cap = d->cap / 2;
      void *p = lt_realloc(d->allocator, d->list, d->cap * sizeof *d->list,
                           cap * sizeof *d->list);
      if (p) {
        d->list = p;
        d->cap = cap;
      }
    }
    if (!op) continue;
    /* The vacated slot still holds op, which is how the index finds it. */
    uint32_t *entry = index_find(d, op);
    if (entry) index_remove(d, entry);
    return op;
  }
  return NULL;
}

/* Producers whose value has at most one use left may now be dead or
 * foldable into their last user. */
static void add_operands_to_worklist(driver_t *d, lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++) {
    lt_value_t *v = lt_op_operand(op, i);
    if (!v || v->is_block_arg) continue;
    if (!lt_value_use_empty(v) && !lt_value_has_one_use(v)) continue;
    add_to_worklist(d, v->owner.op);
  }
}

/* ---- folder -------------------------------------------------------------- */

static bool is_owned(driver_t *d, const lt_op_t *op) {
  return op && lt_ptr_map_find(&d->owned, op, NULL);
}

static void folder_notify_removal(driver_t *d, lt_op_t *op) {
  void *idx;
  if (!lt_ptr_map_find(&d->owned, op, &idx)) return;
  const_record_t *rec = &d->records[(uintptr_t)idx];
  for (uint32_t i = 0; i < rec->num_keys; i++) {
    hslot_t *c = htab_find(&d->constants, &rec->keys[i]);
    if (c && c->val == (uintptr_t)op) htab_del(&d->constants, &rec->keys[i]);
  }
  rec->num_keys = 0;
  rec->next_free = d->free_records;
  d->free_records = (uint32_t)((uintptr_t)idx + 1);
  lt_ptr_map_remove(&d->owned, op);
}

static bool folder_own(driver_t *d, lt_op_t *op, const hkey_t *keys,
                       uint32_t num_keys) {
  size_t idx;
  if (d->free_records) {
    idx = d->free_records - 1;
  } else {
    if (d->num_records >= UINT32_MAX - 1 ||
        !grow_array(d, (void **)&d->records, &d->cap_records,
                    sizeof *d->records, d->num_records + 1))
      goto oom;
    idx = d->num_records;
  }
  const_record_t *rec = &d->records[idx];
  uint32_t next_free = rec->next_free;
  rec->num_keys = num_keys;
  for (uint32_t i = 0; i < num_keys; i++) {
    rec->keys[i] = keys[i];
    if (!htab_put(&d->constants, &keys[i], (uintptr_t)op)) goto oom;
  }
  if (!lt_ptr_map_put(&d->owned, op, (void *)(uintptr_t)idx)) goto oom;
  if (idx == d->num_records)
    d->num_records++;
  else
    d->free_records = next_free;
  rec->next_free = 0;
  return true;
oom:
  d->failed_alloc = true;
  return false;
}

/* The region constants of ops in `block` are materialized in: the nearest
 * region whose parent is isolated from above, unregistered (it might be), or
 * top level. */
static lt_region_t *insertion_region(lt_block_t *block) {
  for (;;) {
    lt_region_t *region = block->parent;
    if (!region) return NULL;
    lt_op_t *parent = region->parent;
    if (!parent || !parent->parent || !parent->info->registered ||
        lt_op_has_trait(parent, LT_TRAIT_ISOLATED_FROM_ABOVE))
      return region;
    block = parent->parent;
  }
}

static hkey_t const_key(lt_region_t *region, const lt_dialect_t *dialect,
                        const lt_attr_t *value, const lt_type_t *type) {
  hkey_t k = {{(uintptr_t)region, (uintptr_t)dialect, (uintptr_t)value,
               (uintptr_t)type}};
  return k;
}

static const lt_attr_t *constant_value(const lt_op_t *op) {
  if (!lt_op_has_trait(op, LT_TRAIT_CONSTANT_LIKE) || op->num_results != 1)
    return NULL;
  return lt_op_attr(op, "value");
}

/* Moves an owned constant back to the top of its block when something else
 * was inserted before it. */
static void maybe_rehoist(driver_t *d, lt_op_t *op) {
  lt_block_t *b = op->parent;
  if (b->first != op && !is_owned(d, op->prev)) {
    lt_op_move_before(op, b->first);
    d->seed_changed = true;
  }
}

/* Files an existing constant op with the folder while seeding. Returns false
 * when op was a duplicate and has been replaced (and erased). */
static bool insert_known_constant(driver_t *d, lt_op_t *op,
                                  const lt_attr_t *value) {
  if (is_owned(d, op)) {
    maybe_rehoist(d, op);
    return true;
  }
  lt_region_t *region = insertion_region(op->parent);
  if (!region || !region->first) return true;
  hkey_t k = const_key(region, op->info->dialect, value, op->results[0].type);
  hslot_t *s = htab_find(&d->constants, &k);
  if (s) {
    lt_op_t *existing = (lt_op_t *)s->val;
    lt_value_t *repl = lt_op_result(existing, 0);
    lt_rewriter_replace_op(&d->rw, op, &repl);
    d->seed_changed = true;
    return false;
  }
  lt_block_t *entry = region->first;
  if (op->parent != entry || (entry->first != op && !is_owned(d, op->prev))) {
    lt_op_move_before(op, entry->first);
    d->seed_changed = true;
  }
  folder_own(d, op, &k, 1);
  return true;
}

/* Finds or materializes the constant `value : type` for an op of `dialect`
 * at the start of `region`'s entry block. Sets *out_created when new. */
static lt_op_t *get_or_create_constant(driver_t *d, lt_region_t *region,
                                       const lt_dialect_t *dialect,
                                       const lt_attr_t *value,
                                       const lt_type_t *type, lt_loc_t loc,
                                       bool *out_created) {
  *out_created = false;
  hkey_t k = const_key(region, dialect, value, type);
  hslot_t *s = htab_find(&d->constants, &k);
  if (s) return (lt_op_t *)s->val;
  if (!dialect || !dialect->materialize_constant) return NULL;
  lt_builder_t b;
  lt_builder_init(&b, d->ctx);
  lt_builder_set_block_start(&b, region->first);
  lt_op_t *op = dialect->materialize_constant(&b, value, type, loc);
  if (!op) return NULL;
  hkey_t keys[2] = {k, k};
  uint32_t num_keys = 1;
  /* The dialect may have canonicalized the value; file it under both. */
  const lt_attr_t *actual = constant_value(op);
  if (actual && (actual != value || op->info->dialect != dialect)) {
    keys[1] = const_key(region, op->info->dialect, actual, type);
    hslot_t *e = htab_find(&d->constants, &keys[1]);
    if (e) {
      lt_op_erase(op);
      lt_op_t *existing = (lt_op_t *)e->val;
      htab_put(&d->constants, &k, (uintptr_t)existing);
      return existing;
    }
    num_keys = 2;
  }
  folder_own(d, op, keys, num_keys);
  *out_created = true;
  return op;
}

/* Folds op as MLIR's OperationFolder::tryToFold: moves constant operands of
 * commutative ops to the back, calls the folder, and replaces the op by the
 * folded values (materializing constants) unless it folded in place. */
static lt_result_t try_fold(driver_t *d, lt_op_t *op, bool *out_in_place) {
  *out_in_place = false;
  if (is_owned(d, op)) {
    maybe_rehoist(d, op);
    return LT_FAILURE;
  }
  bool updated = false;
  uint32_t n = op->num_operands;
  if (n >= 2 && lt_op_has_trait(op, LT_TRAIT_COMMUTATIVE)) {
    lt_value_t *stack_vals[8];
    lt_value_t **vals = stack_vals;
    if (n > 8) vals = lt_alloc(d->allocator, n * sizeof *vals);
    if (vals) {
      uint32_t k = 0;
      for (uint32_t i = 0; i < n; i++)
        if (!lt_match_constant(lt_op_operand(op, i)))
          vals[k++] = lt_op_operand(op, i);
      for (uint32_t i = 0; i < n; i++)
        if (lt_match_constant(lt_op_operand(op, i)))
          vals[k++] = lt_op_operand(op, i);
      for (uint32_t i = 0; i < n && !updated; i++)
        updated = vals[i] != lt_op_operand(op, i);
      if (updated) lt_op_set_operands(op, n, vals);
      if (vals != stack_vals) lt_free(d->allocator, vals, n * sizeof *vals);
    }
  }

  uint32_t nr = op->num_results;
  lt_fold_result_t stack_res[4];
  lt_value_t *stack_repl[4];
  lt_fold_result_t *res = stack_res;
  lt_value_t **repl = stack_repl;
  if (nr > 4) {
    res = lt_alloc(d->allocator, nr * sizeof *res);
    repl = lt_alloc(d->allocator, nr * sizeof *repl);
    if (!res || !repl) {
      lt_free(d->allocator, res, nr * sizeof *res);
      lt_free(d->allocator, repl, nr * sizeof *repl);
      d->failed_alloc = true;
      *out_in_place = updated;
      return updated ? LT_SUCCESS : LT_FAILURE;
    }
  }
  lt_result_t result = LT_FAILURE;
  if (LT_FAILED(lt_op_fold(op, res))) goto done;

  /* In place: the folder answered with the op's own results. */
  uint32_t own = 0;
  for (uint32_t i = 0; i < nr; i++)
    own += !res[i].attr && res[i].value == lt_op_result(op, i);
  if (own == nr) {
    *out_in_place = true;
    result = LT_SUCCESS;
    goto done;
  }
  if (own) goto done; /* partially in place: not meaningful, ignore */

  for (uint32_t i = 0; i < nr; i++)
    repl[i] = NULL;
  for (uint32_t i = 0; i < nr; i++) {
    if (!res[i].attr) {
      repl[i] = res[i].value;
      if (!repl[i]) goto undo;
      continue;
    }
    lt_region_t *region = op->parent ? insertion_region(op->parent) : NULL;
    bool is_new = false;
    lt_op_t *c =
        region && region->first
            ? get_or_create_constant(d, region, op->info->dialect, res[i].attr,
                                     op->results[i].type, op->loc, &is_new)
            : NULL;
    if (!c || c->num_results != 1) goto undo;
    if (is_new) add_to_worklist(d, c);
    /* An existing constant in op's block may sit below op (op was inserted
     * above it); move it up so it dominates op's users. */
    if (c->parent == op->parent && op->parent->first != c)
      lt_op_move_before(c, op->parent->first);
    repl[i] = lt_op_result(c, 0);
  }
  lt_rewriter_replace_op(&d->rw, op, repl);
  result = LT_SUCCESS;
  goto done;

undo:
  /* Drop constants materialized for this op that nothing uses. */
  for (uint32_t i = 0; i < nr; i++) {
    lt_op_t *c = repl[i] ? lt_value_defining_op(repl[i]) : NULL;
    if (c && res[i].attr && is_owned(d, c) && lt_op_use_empty(c)) {
      remove_from_worklist(d, c);
      folder_notify_removal(d, c);
      for (uint32_t j = i + 1; j < nr; j++)
        if (repl[j] && lt_value_defining_op(repl[j]) == c) repl[j] = NULL;
      lt_op_erase(c);
    }
  }
done:
  if (result == LT_FAILURE && updated) {
    *out_in_place = true;
    result = LT_SUCCESS;
  }
  if (res != stack_res) {
    lt_free(d->allocator, res, nr * sizeof *res);
    lt_free(d->allocator, repl, nr * sizeof *repl);
  }
  return result;
}

/* ---- listener ------------------------------------------------------------ */

static void on_inserted(void *user, lt_op_t *op) { add_to_worklist(user, op); }

static void on_modified(void *user, lt_op_t *op) { add_to_worklist(user, op); }

static void on_replaced(void *user, lt_op_t *op, lt_value_t *const *values) {
  driver_t *d = user;
  LT_UNUSED(values);
  for (uint32_t i = 0; i < op->num_results; i++)
    LT_FOR_EACH_USE(use, &op->results[i]) { add_to_worklist(d, use->owner); }
}

static lt_walk_result_t forget_op(lt_op_t *op, void *user) {
  driver_t *d = user;
  remove_from_worklist(d, op);
  folder_notify_removal(d, op);
  return LT_WALK_ADVANCE;
}

static void on_erased(void *user, lt_op_t *op) {
  driver_t *d = user;
  add_operands_to_worklist(d, op);
  lt_op_walk(op, LT_WALK_PRE, forget_op, d);
}

/* ---- region simplification ----------------------------------------------- */

/* Erases blocks unreachable from their region's entry, in every region
 * nested under the root (MLIR's eraseUnreachableBlocks). */
static bool erase_unreachable_blocks(driver_t *d, lt_region_t *region) {
  bool changed = false;
  if (!region->first) return false;
  if (region->first == region->last) {
    LT_FOR_EACH_OP(op, region->first) {
      for (uint32_t r = 0; r < op->num_regions; r++)
        changed |= erase_unreachable_blocks(d, &op->regions[r]);
    }
    return changed;
  }
  /* Depth-first reachability over successors, marking with a table. */
  htab_t seen = {.allocator = d->allocator};
  lt_block_t **stack = NULL, **dead = NULL;
  size_t sp = 0, scap = 0, nd = 0, dcap = 0;
  hkey_t k = key1(region->first);
  htab_put(&seen, &k, 1);
  if (grow_array(d, (void **)&stack, &scap, sizeof *stack, 1))
    stack[sp++] = region->first;
  while (sp) {
    lt_block_t *b = stack[--sp];
    lt_op_t *term = b->last;
    if (!term) continue;
    for (uint32_t i = 0; i < term->num_successors; i++) {
      lt_block_t *s = term->successors[i].block;
      k = key1(s);
      if (!s || htab_find(&seen, &k)) continue;
      htab_put(&seen, &k, 1);
      if (grow_array(d, (void **)&stack, &scap, sizeof *stack, sp + 1))
        stack[sp++] = s;
    }
  }
  LT_FOR_EACH_BLOCK(b, region) {
    k = key1(b);
    if (htab_find(&seen, &k)) continue;
    if (grow_array(d, (void **)&dead, &dcap, sizeof *dead, nd + 1))
      dead[nd++] = b;
  }
  if (!d->failed_alloc && nd) {
    lt_rewriter_erase_blocks(&d->rw, dead, nd);
    changed = true;
  }
  LT_FOR_EACH_BLOCK(b, region) {
    LT_FOR_EACH_OP(op, b) {
      for (uint32_t r = 0; r < op->num_regions; r++)
        changed |= erase_unreachable_blocks(d, &op->regions[r]);
    }
  }
  lt_free(d->allocator, stack, scap * sizeof *stack);
  lt_free(d->allocator, dead, dcap * sizeof *dead);
  htab_free(&seen);
  return changed;
}

/* Blocks of region reachable from its entry, in post-order (successors
 * before the blocks that branch to them). NULL when out of memory. */
static lt_block_t **post_order_blocks(driver_t *d, lt_region_t *region,
                                      size_t *out_count, size_t *out_cap) {
  typedef struct frame {
    lt_block_t *block;
    uint32_t next;
  } frame_t;
  size_t n = 0;
  LT_FOR_EACH_BLOCK(b, region) { n++; }
  *out_count = 0;
  *out_cap = n;
  lt_block_t **order = lt_alloc(d->allocator, n * sizeof *order);
  frame_t *stack = lt_alloc(d->allocator, n * sizeof *stack);
  htab_t seen = {.allocator = d->allocator};
  if (!order || !stack || !region->first) goto fail;
  size_t sp = 0, count = 0;
  hkey_t k = key1(region->first);
  if (!htab_put(&seen, &k, 1)) goto fail;
  stack[sp++] = (frame_t){region->first, 0};
  while (sp) {
    frame_t *f = &stack[sp - 1];
    lt_op_t *term = f->block->last;
    if (term && f->next < term->num_successors) {
      lt_block_t *s = term->successors[f->next++].block;
      k = key1(s);
      if (!s || htab_find(&seen, &k)) continue;
      if (!htab_put(&seen, &k, 1)) goto fail;
      stack[sp++] = (frame_t){s, 0};
      continue;
    }
    order[count++] = f->block;
    sp--;
  }
  lt_free(d->allocator, stack, n * sizeof *stack);
  htab_free(&seen);
  *out_count = count;
  return order;
fail:
  if (region->first) d->failed_alloc = true;
  lt_free(d->allocator, order, n * sizeof *order);
  lt_free(d->allocator, stack, n * sizeof *stack);
  htab_free(&seen);
  return NULL;
}

/* Liveness for MLIR's runRegionDCE: an op is live if it may have effects,
 * holds regions, is a terminator (or might be one: unregistered), or has a
 * live user; a value is live if a live op uses it. Arguments of blocks that
 * are branched to stay live (without a branch interface their incoming
 * values cannot be dropped), as do entry-block arguments. */
typedef struct liveness {
  driver_t *d;
  lt_ptr_map_t set; /* live ops and values */
  bool changed;
} liveness_t;

static bool is_live(liveness_t *l, const void *p) {
  return lt_ptr_map_find(&l->set, p, NULL);
}

static void set_live(liveness_t *l, const void *p) {
  if (lt_ptr_map_find(&l->set, p, NULL)) return;
  if (!lt_ptr_map_put(&l->set, p, (void *)p)) l->d->failed_alloc = true;
  l->changed = true;
}

static void process_value(liveness_t *l, lt_value_t *v) {
  if (is_live(l, v)) return;
  LT_FOR_EACH_USE(use, v) {
    if (is_live(l, use->owner)) {
      set_live(l, v);
      return;
    }
  }
}

static void propagate_region(liveness_t *l, lt_region_t *region);

/* An op with regions is always live, and nothing crosses the boundary of
 * an isolated-from-above one: its regions get a liveness set of their own
 * (delete_dead), so the set holds one function at a time. */
static bool own_liveness(const lt_op_t *op) {
  return op->num_regions && lt_op_has_trait(op, LT_TRAIT_ISOLATED_FROM_ABOVE);
}

static void propagate_op(liveness_t *l, lt_op_t *op) {
  if (own_liveness(op)) {
    set_live(l, op);
    return;
  }
  for (uint32_t r = 0; r < op->num_regions; r++)
    propagate_region(l, &op->regions[r]);
  if (!op->info->registered || lt_op_has_trait(op, LT_TRAIT_TERMINATOR)) {
    set_live(l, op);
    for (uint32_t i = 0; i < op->num_successors; i++) {
      lt_block_t *s = op->successors[i].block;
      for (uint32_t a = 0; s && a < s->num_args; a++)
        set_live(l, s->args[a]);
    }
    return;
  }
  if (is_live(l, op)) return;
  if (!lt_op_has_trait(op, LT_TRAIT_PURE) || op->num_regions ||
      lt_op_has_trait(op, LT_TRAIT_SYMBOL)) {
    set_live(l, op);
    return;
  }
  bool live = false;
  for (uint32_t i = 0; i < op->num_results; i++) {
    process_value(l, &op->results[i]);
    live |= is_live(l, &op->results[i]);
  }
  if (live) set_live(l, op);
}

static void propagate_region(liveness_t *l, lt_region_t *region) {
  size_t n, cap;
  lt_block_t **order = post_order_blocks(l->d, region, &n, &cap);
  for (size_t i = 0; i < n; i++) {
    lt_block_t *b = order[i];
    /* Uses before definitions converges fastest. */
    for (lt_op_t *op = b->last; op; op = op->prev)
      propagate_op(l, op);
    if (b == region->first) continue;
    for (uint32_t a = 0; a < b->num_args; a++)
      process_value(l, b->args[a]);
  }
  lt_free(l->d->allocator, order, cap * sizeof *order);
}

static bool dce_regions(driver_t *d, lt_region_t *regions, uint32_t count);

static bool delete_dead(liveness_t *l, lt_region_t *regions, uint32_t count) {
  bool erased = false;
  for (uint32_t r = 0; r < count; r++) {
    size_t n, cap;
    lt_block_t **order = post_order_blocks(l->d, &regions[r], &n, &cap);
    for (size_t i = 0; i < n; i++) {
      for (lt_op_t *op = order[i]->last, *prev; op; op = prev) {
        prev = op->prev;
        if (is_live(l, op)) {
          erased |= own_liveness(op)
                        ? dce_regions(l->d, op->regions, op->num_regions)
                        : delete_dead(l, op->regions, op->num_regions);
          continue;
        }
        /* Users are dead too; in graph regions they may come later. */
        for (uint32_t k = 0; k < op->num_results; k++)
          while (op->results[k].first_use)
            lt_op_set_operand(op->results[k].first_use->owner,
                              lt_operand_index(op->results[k].first_use),
                              NULL);
        lt_rewriter_erase_op(&l->d->rw, op);
        erased = true;
      }
    }
    lt_free(l->d->allocator, order, cap * sizeof *order);
  }
  return erased;
}

static bool dce_regions(driver_t *d, lt_region_t *regions, uint32_t count) {
  liveness_t l = {.d = d};
  lt_ptr_map_init(&l.set, d->allocator);
  do {
    l.changed = false;
    for (uint32_t r = 0; r < count && !d->failed_alloc; r++)
      propagate_region(&l, &regions[r]);
  } while (l.changed && !d->failed_alloc);
  bool erased = !d->failed_alloc && delete_dead(&l, regions, count);
  lt_ptr_map_deinit(&l.set);
  return erased;
}

static bool region_dce(driver_t *d) {
  return dce_regions(d, d->root->regions, d->root->num_regions);
}

/* MLIR's simplifyRegions, less the merging of identical blocks. */
static bool simplify_regions(driver_t *d) {
  bool changed = false;
  for (uint32_t r = 0; r < d->root->num_regions; r++)
    changed |= erase_unreachable_blocks(d, &d->root->regions[r]);
  changed |= region_dce(d);
  return changed;
}

/* ---- the sweep ----------------------------------------------------------- */

static lt_walk_result_t collect_op(lt_op_t *op, void *user) {
  driver_t *d = user;
  if (op == d->root) return LT_WALK_ADVANCE;
  if (grow_array(d, (void **)&d->seed, &d->seed_cap, sizeof *d->seed,
                 d->seed_len + 1))
    d->seed[d->seed_len++] = op;
  return LT_WALK_ADVANCE;
}

static lt_walk_result_t count_op(lt_op_t *op, void *user) {
  LT_UNUSED(op);
  (*(size_t *)user)++;
  return LT_WALK_ADVANCE;
}

static void seed_worklist(driver_t *d) {
  /* Start small: the previous sweep may have held many more ops. The old
   * list goes before the walk fills the seed array that replaces it. */
  d->len = 0;
  lt_free(d->allocator, d->list, d->cap * sizeof *d->list);
  d->list = NULL;
  d->cap = 0;
  index_free(d);
  d->seed_len = 0;
  /* Sized by a counting walk first: doubling would overshoot by up to
   * twice the ops, and each growth may copy the array. Pops come before
   * pushes, so a little headroom is all processing needs (the list grows
   * again if not). */
  size_t count = 0;
  lt_op_walk(d->root, LT_WALK_PRE, count_op, &count);
  size_t want = count + count / 16 + 16;
  if (want > d->seed_cap) {
    void *p = lt_realloc(d->allocator, d->seed, d->seed_cap * sizeof *d->seed,
                         want * sizeof *d->seed);
    if (p) {
      d->seed = p;
      d->seed_cap = want;
    }
  }
  lt_op_walk(d->root, d->cfg.top_down ? LT_WALK_PRE : LT_WALK_POST, collect_op,
             d);
  d->seeding = true;
  /* Constants are filed (and duplicates merged) in walk order, as MLIR does
   * while populating its worklist. */
  for (size_t i = 0; i < d->seed_len; i++) {
    lt_op_t *op = d->seed[i];
    const lt_attr_t *value = d->cfg.fold ? constant_value(op) : NULL;
    if (value && op->parent && !insert_known_constant(d, op, value))
      d->seed[i] = NULL;
  }
  d->seeding = false;
  /* The list is a stack. Top-down pushes the pre-order walk in reverse so
   * pops follow it; bottom-up pushes the post-order walk as is, so the last
   * op comes first (users before producers), as in MLIR. The seed array
   * becomes the list (each op is in it once), and the index is sized once:
   * a large module need not hold two arrays, nor the index while it
   * rehashes. */
  size_t n = 0;
  for (size_t i = 0; i < d->seed_len; i++)
    if (d->seed[i]) d->seed[n++] = d->seed[i];
  if (d->cfg.top_down)
    for (size_t i = 0; i < n / 2; i++) {
      lt_op_t *t = d->seed[i];
      d->seed[i] = d->seed[n - 1 - i];
      d->seed[n - 1 - i] = t;
    }
  /* Trim, should the array be larger (the walk counted the root too). */
  size_t fit_cap = n + n / 16 + 16;
  if (fit_cap < d->seed_cap) {
    void *fit = lt_realloc(d->allocator, d->seed, d->seed_cap * sizeof *d->seed,
                           fit_cap * sizeof *d->seed);
    if (fit) {
      d->seed = fit;
      d->seed_cap = fit_cap;
    }
  }
  d->list = d->seed;
  d->cap = d->seed_cap;
  d->len = 0;
  d->seed = NULL;
  d->seed_len = d->seed_cap = 0;
  if (n >= SLOT_GRAVE - 1) {
    d->failed_alloc = true;
    return;
  }
  d->len = n;
  size_t cap = 16;
  while (index_over_load(n + 1, cap))
    cap *= 2;
  index_rebuild(d, cap);
}

static bool rewrite_budget_left(const driver_t *d) {
  return d->cfg.max_num_rewrites < 0 ||
         d->num_rewrites < d->cfg.max_num_rewrites;
}

static bool process_worklist(driver_t *d) {
  bool changed = false;
  while (rewrite_budget_left(d) && !d->failed_alloc) {
    lt_op_t *op = pop_worklist(d);
    if (!op) break;

    if (lt_op_is_trivially_dead(op)) {
      lt_rewriter_erase_op(&d->rw, op);
      changed = true;
      continue;
    }

    if (d->cfg.fold) {
      bool in_place;
      if (LT_SUCCEEDED(try_fold(d, op, &in_place))) {
        changed = true;
        if (!in_place) continue;
      }
    }

    size_t n = lt_pattern_set_lookup(d->patterns, op, d->pats, d->cap_pats);
    if (n > d->cap_pats) {
      if (!grow_array(d, (void **)&d->pats, &d->cap_pats, sizeof *d->pats, n))
        break;
      n = lt_pattern_set_lookup(d->patterns, op, d->pats, d->cap_pats);
    }
    for (size_t i = 0; i < n; i++) {
      const lt_pattern_t *p = d->pats[i];
      lt_rewriter_set_before(&d->rw, op);
      if (LT_SUCCEEDED(p->match_and_rewrite(p, op, &d->rw))) {
        changed = true;
        d->num_rewrites++;
        const lt_pattern_listener_t *l = d->cfg.listener;
        if (l && l->pattern_applied) l->pattern_applied(l->user, p);
        break;
      }
    }
  }
  return changed;
}

lt_result_t lt_apply_patterns_greedily(lt_op_t *root,
                                       const lt_pattern_set_t *patterns,
                                       const lt_greedy_config_t *cfg,
                                       bool *out_changed) {
  if (out_changed) *out_changed = false;
  if (!root) return LT_FAILURE;
  if (lt_pattern_set_failed(patterns))
    return lt_op_emit_error(root, "out of memory: the pattern set is "
                                  "incomplete");
  driver_t d;
  memset(&d, 0, sizeof d);
  d.ctx = lt_op_context(root);
  d.allocator = lt_context_allocator(d.ctx);
  d.root = root;
  d.patterns = patterns;
  d.cfg = cfg ? *cfg : LT_GREEDY_CONFIG_DEFAULT;
  d.constants.allocator = d.allocator;
  lt_ptr_map_init(&d.owned, d.allocator);
  lt_listener_t listener = {&d, on_inserted, on_erased, on_modified,
                            on_replaced};
  lt_rewriter_init(&d.rw, d.ctx, &listener);

  bool changed, any_change = false;
  int64_t iteration = 0;
  do {
    seed_worklist(&d);
    changed = process_worklist(&d);
    if (d.cfg.region_simplify) changed |= simplify_regions(&d);
    /* Constants merged or hoisted while seeding change the IR but, as in
     * MLIR, do not call for another sweep. */
    any_change |= changed || d.seed_changed;
  } while (changed && !d.failed_alloc && rewrite_budget_left(&d) &&
           (++iteration < d.cfg.max_iterations || d.cfg.max_iterations < 0));

  index_free(&d);
  htab_free(&d.constants);
  lt_ptr_map_deinit(&d.owned);
  lt_free(d.allocator, d.list, d.cap * sizeof *d.list);
  lt_free(d.allocator, d.records, d.cap_records * sizeof *d.records);
  lt_free(d.allocator, d.pats, d.cap_pats * sizeof *d.pats);
  lt_free(d.allocator, d.seed, d.seed_cap * sizeof *d.seed);
  if (out_changed) *out_changed = any_change;
  if (d.failed_alloc)
    return lt_op_emit_error(root, "out of memory in the greedy rewrite driver");
  return changed ? LT_FAILURE : LT_SUCCESS;
}

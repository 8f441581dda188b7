/* print_alias.c - `#locN` aliases for locations, numbered as MLIR 16's
 * AliasInitializer does: every location visited gets an alias; aliases are
 * ordered by nesting depth (a location that refers to aliased locations
 * comes after them), then by first visit; `#loc`, `#loc1`, ... Aliases of
 * op locations are printed after the IR ("deferred"); those reached from
 * block arguments or attributes are printed before it. */
#include <stdlib.h>
#include <string.h>

#include "ir/print_impl.h"

typedef struct alias_entry {
  const lt_attr_t *attr;
  uint32_t depth;
  bool has_alias;
  bool deferrable;
  uint32_t first_child, num_children; /* into children[] */
  int64_t number;                     /* assigned by finalize; -1 none */
} alias_entry_t;

struct lt_alias_state {
  lt_allocator_t allocator;
  alias_entry_t *entries;
  size_t num_entries, cap_entries;
  uint32_t *children;
  size_t num_children, cap_children;
  lt_ptr_map_t index; /* attr -> entry index + 1 */
  uint32_t *order;    /* aliased entries, sorted */
  size_t num_order;
};

lt_alias_state_t *lt_alias_create(lt_allocator_t a) {
  lt_alias_state_t *s = lt_calloc(a, sizeof *s);
  if (!s) return NULL;
  s->allocator = a;
  lt_ptr_map_init(&s->index, a);
  return s;
}

void lt_alias_destroy(lt_alias_state_t *s) {
  if (!s) return;
  lt_free(s->allocator, s->entries, s->cap_entries * sizeof(alias_entry_t));
  lt_free(s->allocator, s->children, s->cap_children * sizeof(uint32_t));
  lt_free(s->allocator, s->order, s->num_order * sizeof(uint32_t));
  lt_ptr_map_deinit(&s->index);
  lt_free(s->allocator, s, sizeof *s);
}

/* Only locations and the containers that may hold them matter: scalars have
 * no alias and no children, so they are not recorded at all. */
static bool may_hold_alias(const lt_attr_t *a) {
  return lt_attr_is_loc(a) || a->kind == LT_ATTR_ARRAY ||
         a->kind == LT_ATTR_DICT;
}

/* MLIR marks a value non-deferrable together with its children, but stops
 * at entries already non-deferrable (including every entry without an
 * alias, which never was deferrable); kept as is for identical output. */
static void mark_non_deferrable(lt_alias_state_t *s, uint32_t i) {
  if (!s->entries[i].deferrable) return;
  s->entries[i].deferrable = false;
  for (uint32_t k = 0; k < s->entries[i].num_children; k++)
    mark_non_deferrable(s, s->children[s->entries[i].first_child + k]);
}

/* The attributes MLIR's printAndVisitNestedAliases visits inside a. */
static uint32_t nested_attrs(const lt_attr_t *a, const lt_attr_t ***out_list,
                             const lt_attr_t **one) {
  switch (a->kind) {
  case LT_ATTR_LOC_NAME:
    if (a->name_loc.child && a->name_loc.child->kind != LT_ATTR_LOC_UNKNOWN) {
      one[0] = a->name_loc.child;
      *out_list = one;
      return 1;
    }
    return 0;
  case LT_ATTR_LOC_CALLSITE:
    one[0] = a->callsite.callee;
    one[1] = a->callsite.caller;
    *out_list = one;
    return 2;
  case LT_ATTR_ARRAY:
    *out_list = (const lt_attr_t **)a->array.elems;
    return a->array.count;
  default:
    return 0;
  }
}

static int64_t visit(lt_alias_state_t *s, const lt_attr_t *a, bool can_defer,
                     uint32_t *out_depth);

static void visit_child(lt_alias_state_t *s, const lt_attr_t *c, bool can_defer,
                        uint32_t **kids, size_t *nk, size_t *capk,
                        uint32_t *max_depth) {
  uint32_t d = 0;
  int64_t ci = visit(s, c, can_defer, &d);
  if (d > *max_depth) *max_depth = d;
  if (ci < 0) return;
  if (*nk == *capk) {
    size_t cap = *capk * 2;
    uint32_t *n = lt_alloc(s->allocator, cap * sizeof(uint32_t));
    if (!n) return;
    memcpy(n, *kids, *nk * sizeof(uint32_t));
    if (*capk > 8) lt_free(s->allocator, *kids, *capk * sizeof(uint32_t));
    *kids = n;
    *capk = cap;
  }
  (*kids)[(*nk)++] = (uint32_t)ci;
}

static int64_t visit(lt_alias_state_t *s, const lt_attr_t *a, bool can_defer,
                     uint32_t *out_depth) {
  *out_depth = 0;
  if (!a || !may_hold_alias(a)) return -1;
  void *found;
  if (lt_ptr_map_find(&s->index, a, &found)) {
    uint32_t i = (uint32_t)((uintptr_t)found - 1);
    if (!can_defer) mark_non_deferrable(s, i);
    *out_depth = s->entries[i].depth;
    return i;
  }
  if (s->num_entries == s->cap_entries) {
    size_t cap = s->cap_entries ? s->cap_entries * 2 : 64;
    alias_entry_t *n =
        lt_realloc(s->allocator, s->entries, s->cap_entries * sizeof(*n),
                   cap * sizeof(*n));
    if (!n) return -1;
    s->entries = n;
    s->cap_entries = cap;
  }
  uint32_t idx = (uint32_t)s->num_entries++;
  bool is_loc = lt_attr_is_loc(a);
  s->entries[idx] = (alias_entry_t){.attr = a,
                                    .depth = is_loc ? 1 : 0,
                                    .has_alias = is_loc,
                                    .deferrable = is_loc && can_defer,
                                    .number = -1};
  if (!lt_ptr_map_put(&s->index, a, (void *)(uintptr_t)(idx + 1))) return -1;

  uint32_t small[8];
  uint32_t *kids = small;
  size_t nk = 0, capk = 8;
  uint32_t max_depth = 0;
  const lt_attr_t *one[2];
  const lt_attr_t **list = NULL;
  if (a->kind == LT_ATTR_LOC_FUSED) {
    if (a->fused.metadata)
      visit_child(s, a->fused.metadata, can_defer, &kids, &nk, &capk,
                  &max_depth);
    for (uint32_t i = 0; i < a->fused.count; i++)
      visit_child(s, a->fused.locs[i], can_defer, &kids, &nk, &capk,
                  &max_depth);
  } else if (a->kind == LT_ATTR_DICT) {
    for (uint32_t i = 0; i < a->dict.count; i++)
      visit_child(s, a->dict.entries[i].value, can_defer, &kids, &nk, &capk,
                  &max_depth);
  } else {
    uint32_t n = nested_attrs(a, &list, one);
    for (uint32_t i = 0; i < n; i++)
      visit_child(s, list[i], can_defer, &kids, &nk, &capk, &max_depth);
  }
  if (max_depth) s->entries[idx].depth = max_depth + 1;
  if (nk) {
    if (s->num_children + nk > s->cap_children) {
      size_t cap = s->cap_children ? s->cap_children : 64;
      while (cap < s->num_children + nk)
        cap *= 2;
      uint32_t *n = lt_realloc(s->allocator, s->children,
                               s->cap_children * sizeof(uint32_t),
                               cap * sizeof(uint32_t));
      if (n) {
        s->children = n;
        s->cap_children = cap;
      }
    }
    if (s->num_children + nk <= s->cap_children) {
      s->entries[idx].first_child = (uint32_t)s->num_children;
      s->entries[idx].num_children = (uint32_t)nk;
      memcpy(s->children + s->num_children, kids, nk * sizeof(uint32_t));
      s->num_children += nk;
    }
  }
  if (kids != small) lt_free(s->allocator, kids, capk * sizeof(uint32_t));
  *out_depth = s->entries[idx].depth;
  return idx;
}

void lt_alias_visit(lt_alias_state_t *s, const lt_attr_t *a, bool can_defer) {
  uint32_t d;
  (void)visit(s, a, can_defer, &d);
}

void lt_alias_finalize(lt_alias_state_t *s) {
  size_t n = 0;
  uint32_t max_depth = 0;
  for (size_t i = 0; i < s->num_entries; i++) {
    if (!s->entries[i].has_alias) continue;
    n++;
    if (s->entries[i].depth > max_depth) max_depth = s->entries[i].depth;
  }
  if (!n) return;
  s->order = lt_alloc(s->allocator, n * sizeof(uint32_t));
  size_t *start = lt_calloc(s->allocator, (max_depth + 2) * sizeof(size_t));
  if (!s->order || !start) {
    lt_free(s->allocator, s->order, n * sizeof(uint32_t));
    lt_free(s->allocator, start, (max_depth + 2) * sizeof(size_t));
    s->order = NULL;
    return;
  }
  /* Counting sort by depth; ties keep visit order, as MLIR's stable sort. */
  for (size_t i = 0; i < s->num_entries; i++)
    if (s->entries[i].has_alias) start[s->entries[i].depth + 1]++;
  for (uint32_t d = 1; d <= max_depth + 1; d++)
    start[d] += start[d - 1];
  for (size_t i = 0; i < s->num_entries; i++)
    if (s->entries[i].has_alias)
      s->order[start[s->entries[i].depth]++] = (uint32_t)i;
  lt_free(s->allocator, start, (max_depth + 2) * sizeof(size_t));
  s->num_order = n;
  for (size_t i = 0; i < n; i++)
    s->entries[s->order[i]].number = (int64_t)i;
}

int64_t lt_alias_number(const lt_alias_state_t *s, const lt_attr_t *a) {
  void *found;
  if (!s->order || !lt_ptr_map_find(&s->index, a, &found)) return -1;
  return s->entries[(uintptr_t)found - 1].number;
}

void lt_alias_print_defs(lt_asm_printer_t *p, bool deferred) {
  lt_alias_state_t *s = p->aliases;
  if (!s) return;
  for (size_t i = 0; i < s->num_order; i++) {
    const alias_entry_t *e = &s->entries[s->order[i]];
    if (e->deferrable != deferred) continue;
    lt_pr_alias_name(p->out, e->number);
    lt_strbuf_puts(p->out, " = ");
    lt_pr_loc(p, e->attr, false);
    lt_strbuf_putc(p->out, '\n');
  }
}

/* printer.c - operations, regions and blocks as MLIR 16's OperationPrinter
 * prints them, value/block numbering (SSANameState), the top-level layout
 * (aliases, resource trailer) and the API for custom op printers. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir/builtin.h"
#include "ir/print_impl.h"

#define ARG_FLAG ((uintptr_t)1 << 40)  /* id of an entry-block argument */
#define NAME_FLAG ((uintptr_t)1 << 41) /* a name from the names table */

void lt_print_flags_init(lt_print_flags_t *f) {
  memset(f, 0, sizeof *f);
  f->elide_elements_larger = -1;
  f->hex_elements_larger = 100;
  f->elide_resources_larger = -1;
}

void lt_printer_init(lt_asm_printer_t *p, const lt_print_flags_t *flags,
                     lt_strbuf_t *out, lt_allocator_t allocator) {
  memset(p, 0, sizeof *p);
  p->out = out;
  if (flags)
    p->flags = *flags;
  else
    lt_print_flags_init(&p->flags);
  p->allocator = allocator;
  p->dialect = "builtin";
  p->dialect_len = 7;
  lt_ptr_map_init(&p->ids, p->allocator);
  lt_names_init(&p->names, p->allocator);
  lt_ptr_map_init(&p->resource_seen, p->allocator);
  lt_ptr_map_init(&p->pending_index, p->allocator);
}

void lt_printer_deinit(lt_asm_printer_t *p) {
  lt_ptr_map_deinit(&p->ids);
  lt_names_deinit(&p->names);
  lt_ptr_map_deinit(&p->resource_seen);
  lt_free(p->allocator, p->resources,
          p->cap_resources * sizeof(lt_resource_t *));
  lt_alias_destroy(p->aliases);
  lt_free(p->allocator, p->id_cache,
          p->id_cache ? LT_ID_CACHE_SIZE * sizeof(*p->id_cache) : 0);
  lt_strbuf_free(&p->scratch);
  for (uint32_t i = 0; i < p->num_scopes; i++)
    lt_ptr_map_deinit(&p->scopes[i]);
  lt_free(p->allocator, p->scopes, p->cap_scopes * sizeof(*p->scopes));
  lt_ptr_map_deinit(&p->pending_index);
  lt_free(p->allocator, p->pending, p->cap_pending * sizeof(*p->pending));
  lt_free(p->allocator, p->snap, p->cap_snap * sizeof(uint32_t));
}

void lt_put_u64(lt_strbuf_t *out, uint64_t v) {
  char buf[24];
  int n = 0;
  do {
    buf[sizeof buf - 1 - n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  lt_strbuf_append(out, buf + sizeof buf - n, (size_t)n);
}

void lt_put_i64(lt_strbuf_t *out, int64_t v) {
  if (v < 0) {
    lt_strbuf_putc(out, '-');
    lt_put_u64(out, 0 - (uint64_t)v);
  } else {
    lt_put_u64(out, (uint64_t)v);
  }
}

static void put_indent(lt_strbuf_t *out, uint32_t n) {
  static const char spaces[] = "                                ";
  while (n) {
    uint32_t k = n < 32 ? n : 32;
    lt_strbuf_append(out, spaces, k);
    n -= k;
  }
}

/* ---- numbering (MLIR SSANameState) -----------------------------------------
 * All values of a region's blocks are numbered first (block arguments of
 * the entry block as %argN, other arguments and results as %N, in order),
 * then every region nested in it starts from the counters where that
 * region ended: sibling regions reuse the same numbers. */

static lt_ptr_map_t *top_ids(lt_asm_printer_t *p) {
  return p->num_scopes ? &p->scopes[p->num_scopes - 1] : &p->ids;
}

static struct lt_id_cache_entry *cache_slot(const lt_asm_printer_t *p,
                                            const void *key) {
  return &p->id_cache[(lt_hash_ptr(key) >> 7) & (LT_ID_CACHE_SIZE - 1)];
}

static void set_id(lt_asm_printer_t *p, const void *key, uintptr_t id) {
  lt_ptr_map_put(top_ids(p), key, (void *)(id + 1));
  /* A key numbered again (the second printing pass) must not keep a
   * cached id from a scope that is gone. */
  if (p->id_cache) *cache_slot(p, key) = (struct lt_id_cache_entry){key, id};
}

/* Whether key was numbered in the scope being numbered (no cache: it may
 * hold ids from an earlier pass). */
static bool numbered_here(lt_asm_printer_t *p, const void *key) {
  return lt_ptr_map_find(top_ids(p), key, NULL);
}

static bool get_id(const lt_asm_printer_t *p, const void *key, uintptr_t *out) {
  struct lt_id_cache_entry *c = NULL;
  if (p->id_cache) {
    c = cache_slot(p, key);
    if (c->key == key) {
      *out = c->id;
      return true;
    }
  }
  void *v;
  uint32_t i = p->num_scopes;
  while (i && !lt_ptr_map_find(&p->scopes[i - 1], key, &v))
    i--;
  if (!i && !lt_ptr_map_find(&p->ids, key, &v)) return false;
  *out = (uintptr_t)v - 1;
  if (c) {
    c->key = key;
    c->id = *out;
  }
  return true;
}

/* State handed to an asm_result_names hook. */
typedef struct name_cookie {
  lt_asm_printer_t *p;
  lt_op_t *op;
  uint64_t *next_value;
  uint32_t *starts; /* group starts (0 first), grown on the allocator */
  uint32_t num_starts, cap_starts;
  uint32_t small[8];
} name_cookie_t;

/* MLIR's setResultNameFn: a name (or, when empty, the next number) for one
 * result; a result other than the first starts a result group. */
static void set_result_name(void *cookie, lt_value_t *v, const char *name) {
  name_cookie_t *c = cookie;
  lt_asm_printer_t *p = c->p;
  lt_op_t *op = c->op;
  if (!v || v < op->results || v >= op->results + op->num_results ||
      numbered_here(p, v))
    return; /* not a result of op, or named already */
  uint32_t index =
      name ? lt_names_unique(&p->names, name, strlen(name)) : UINT32_MAX;
  if (index != UINT32_MAX)
    set_id(p, v, NAME_FLAG | index);
  else
    set_id(p, v, (uintptr_t)(*c->next_value)++);
  if (!v->index) return;
  if (c->num_starts == c->cap_starts) {
    uint32_t cap = c->cap_starts * 2;
    uint32_t *fresh = lt_alloc(p->allocator, cap * sizeof(uint32_t));
    if (!fresh) return;
    memcpy(fresh, c->starts, c->num_starts * sizeof(uint32_t));
    if (c->starts != c->small)
      lt_free(p->allocator, c->starts, c->cap_starts * sizeof(uint32_t));
    c->starts = fresh;
    c->cap_starts = cap;
  }
  c->starts[c->num_starts++] = v->index;
}

/* Numbers op's results: hook names first (custom form only, as MLIR), then
 * the next number for the first result unless it got a name. */
static void number_results(lt_asm_printer_t *p, lt_op_t *op,
                           uint64_t *next_value) {
  const lt_op_def_t *def = op->info->def;
  if (p->flags.generic || !def || !def->asm_result_names ||
      !op->info->registered) {
    set_id(p, &op->results[0], (uintptr_t)(*next_value)++);
    return;
  }
  name_cookie_t c = {p, op, next_value, NULL, 1, 8, {0}};
  c.starts = c.small;
  def->asm_result_names(op, set_result_name, &c);
  if (!numbered_here(p, &op->results[0]))
    set_id(p, &op->results[0], (uintptr_t)(*next_value)++);
  if (c.num_starts > 1)
    lt_names_set_groups(&p->names, op, c.starts, c.num_starts);
  if (c.starts != c.small)
    lt_free(p->allocator, c.starts, c.cap_starts * sizeof(uint32_t));
}

/* Records where op's regions would have been numbered, to number them when
 * op is printed. */
static bool defer_numbering(lt_asm_printer_t *p, const lt_op_t *op,
                            uint64_t next_value, uint64_t next_arg) {
  lt_name_table_t *t = &p->names;
  if (p->num_pending == p->cap_pending) {
    uint32_t cap = p->cap_pending ? p->cap_pending * 2 : 16;
    void *fresh = lt_realloc(p->allocator, p->pending,
                             p->cap_pending * sizeof(*p->pending),
                             cap * sizeof(*p->pending));
    if (!fresh) return false;
    p->pending = fresh;
    p->cap_pending = cap;
  }
  if (t->num_live > p->cap_snap - p->num_snap) {
    uint32_t cap = p->cap_snap ? p->cap_snap : 16;
    while (cap - p->num_snap < t->num_live)
      cap *= 2;
    void *fresh = lt_realloc(p->allocator, p->snap,
                             p->cap_snap * sizeof(uint32_t),
                             cap * sizeof(uint32_t));
    if (!fresh) return false;
    p->snap = fresh;
    p->cap_snap = cap;
  }
  if (!lt_ptr_map_put(&p->pending_index, op,
                      (void *)(uintptr_t)(p->num_pending + 1)))
    return false;
  if (t->num_live)
    memcpy(p->snap + p->num_snap, t->live, t->num_live * sizeof(uint32_t));
  p->pending[p->num_pending++] = (struct lt_pending_scope){
      op, next_value, next_arg, t->next_conflict, p->num_snap, t->num_live};
  p->num_snap += t->num_live;
  return true;
}

static bool can_defer(const lt_asm_printer_t *p, const lt_op_t *op) {
  return p->defer && op->num_regions &&
         lt_op_has_trait(op, LT_TRAIT_ISOLATED_FROM_ABOVE);
}

/* Each region is a name scope inside its parent's (MLIR's usedNames
 * ScopedHashTable), and starts from the parent's conflict counter. */
static void number_region(lt_asm_printer_t *p, lt_region_t *r,
                          uint64_t next_value, uint64_t next_arg) {
  uint64_t block_index = 0;
  lt_names_mark_t scope = lt_names_mark(&p->names);
  LT_FOR_EACH_BLOCK(b, r) {
    set_id(p, b, (uintptr_t)block_index++);
    bool entry = b == r->first;
    for (uint32_t i = 0; i < b->num_args; i++)
      set_id(p, b->args[i], entry ? (ARG_FLAG | next_arg++) : next_value++);
    LT_FOR_EACH_OP(op, b) {
      if (op->num_results) number_results(p, op, &next_value);
    }
  }
  lt_names_mark_t inner = lt_names_mark(&p->names);
  LT_FOR_EACH_BLOCK(b, r) {
    LT_FOR_EACH_OP(op, b) {
      if (can_defer(p, op) && defer_numbering(p, op, next_value, next_arg))
        continue;
      for (uint32_t i = 0; i < op->num_regions; i++) {
        number_region(p, &op->regions[i], next_value, next_arg);
        lt_names_reset(&p->names, inner);
      }
    }
  }
  lt_names_reset(&p->names, scope);
}

/* The root's regions start from zero even when the root has results (MLIR
 * captures the counters before numbering the root op); a name the root got
 * stays in scope for them. */
static void number_root(lt_asm_printer_t *p, lt_op_t *root) {
  uint64_t next_value = 0;
  lt_names_mark_t start = lt_names_mark(&p->names);
  if (root->num_results) number_results(p, root, &next_value);
  start.live = p->names.num_live;
  lt_names_reset(&p->names, start);
  for (uint32_t i = 0; i < root->num_regions; i++)
    number_region(p, &root->regions[i], 0, 0);
}

/* What enter_scope changed, for leave_scope. */
typedef struct scope_saved {
  bool entered;
  uint32_t num_names, num_pending, num_snap;
  uint64_t conflict;
} scope_saved_t;

/* Numbers the regions of op if their numbering waits for it to be printed,
 * in a fresh id map on top of the scope stack. */
static scope_saved_t enter_scope(lt_asm_printer_t *p, const lt_op_t *op) {
  scope_saved_t saved = {0};
  void *v;
  if (!can_defer(p, op) || !lt_ptr_map_find(&p->pending_index, op, &v))
    return saved;
  if (p->num_scopes == p->cap_scopes) {
    uint32_t cap = p->cap_scopes ? p->cap_scopes * 2 : 4;
    void *fresh =
        lt_realloc(p->allocator, p->scopes, p->cap_scopes * sizeof(*p->scopes),
                   cap * sizeof(*p->scopes));
    if (!fresh) return saved;
    p->scopes = fresh;
    p->cap_scopes = cap;
  }
  struct lt_pending_scope s = p->pending[(uintptr_t)v - 1];
  saved = (scope_saved_t){true, p->names.num_names, p->num_pending,
                          p->num_snap, p->names.next_conflict};
  lt_ptr_map_init(&p->scopes[p->num_scopes++], p->allocator);
  lt_names_restore(&p->names, s.snap_len ? p->snap + s.snap_at : NULL,
                   s.snap_len, s.conflict);
  lt_names_mark_t inner = lt_names_mark(&p->names);
  for (uint32_t i = 0; i < op->num_regions; i++) {
    number_region(p, &op->regions[i], s.next_value, s.next_arg);
    lt_names_reset(&p->names, inner);
  }
  return saved;
}

/* Drops the ids, names and pending scopes that enter_scope made. */
static void leave_scope(lt_asm_printer_t *p, scope_saved_t saved) {
  if (!saved.entered) return;
  lt_ptr_map_deinit(&p->scopes[--p->num_scopes]);
  lt_names_reset(&p->names, (lt_names_mark_t){0, saved.conflict});
  lt_names_truncate(&p->names, saved.num_names);
  while (p->num_pending > saved.num_pending)
    lt_ptr_map_remove(&p->pending_index, p->pending[--p->num_pending].op);
  p->num_snap = saved.num_snap;
}

static void print_block_name(lt_asm_printer_t *p, const lt_block_t *b) {
  if (p->collecting) return; /* no text in the alias dry run */
  uintptr_t id;
  if (!b || !get_id(p, b, &id)) {
    lt_strbuf_puts(p->out, "<<UNKNOWN BLOCK>>");
    return;
  }
  lt_strbuf_puts(p->out, "^bb");
  lt_put_u64(p->out, id);
}

/* `%N` / `%argN` for a numbered key (a block argument or first result). */
static void print_id(lt_asm_printer_t *p, const void *key) {
  if (p->collecting) return; /* no text in the alias dry run */
  lt_strbuf_t *out = p->out;
  uintptr_t id;
  if (!get_id(p, key, &id)) {
    lt_strbuf_puts(out, "<<UNKNOWN SSA VALUE>>");
    return;
  }
  if (id & ARG_FLAG) {
    lt_strbuf_puts(out, "%arg");
    lt_put_u64(out, id & ~ARG_FLAG);
  } else if (id & NAME_FLAG) {
    size_t len;
    const char *name =
        lt_names_get(&p->names, (uint32_t)(id & ~NAME_FLAG), &len);
    lt_strbuf_putc(out, '%');
    lt_strbuf_append(out, name, len);
  } else {
    lt_strbuf_putc(out, '%');
    lt_put_u64(out, id);
  }
}

/* The first result and size of the result group holding result i (MLIR
 * getResultIDAndNumber). */
static uint32_t result_group(const lt_asm_printer_t *p, const lt_op_t *op,
                             uint32_t i, uint32_t *out_size) {
  if (op->num_results == 1) {
    *out_size = 1;
    return 0;
  }
  uint32_t n;
  const uint32_t *starts = lt_names_groups(&p->names, op, &n);
  uint32_t k = 0;
  while (k + 1 < n && starts[k + 1] <= i)
    k++;
  uint32_t start = n ? starts[k] : 0;
  *out_size = (k + 1 < n ? starts[k + 1] : op->num_results) - start;
  return start;
}

/* A use: results of multi-result ops are `%N#i` (i within the result
 * group when the op's results were named in groups). */
static void print_value(lt_asm_printer_t *p, const lt_value_t *v) {
  if (p->collecting) return; /* no text in the alias dry run */
  if (!v) {
    lt_strbuf_puts(p->out, "<<NULL VALUE>>");
    return;
  }
  lt_op_t *owner = v->is_block_arg ? NULL : v->owner.op;
  if (!owner || owner->num_results == 1) {
    print_id(p, v);
    return;
  }
  uint32_t size, start = result_group(p, owner, v->index, &size);
  print_id(p, &owner->results[start]);
  if (size == 1) return;
  lt_strbuf_putc(p->out, '#');
  lt_put_u64(p->out, v->index - start);
}

/* ---- operations ---------------------------------------------------------- */

static void print_op_line(lt_asm_printer_t *p, lt_op_t *op);

/* ` loc(...)` with debuginfo. allow_alias is false for block arguments,
 * which print their location inline and whose aliases MLIR 16 cannot defer
 * to the end of the output. */
static void print_trailing_loc(lt_asm_printer_t *p, lt_loc_t loc,
                               bool allow_alias) {
  if (!p->flags.debuginfo) return;
  if (p->collecting) {
    if (p->aliases && loc) lt_alias_visit(p->aliases, loc, allow_alias);
    return;
  }
  lt_strbuf_putc(p->out, ' ');
  lt_pr_loc(p, loc, allow_alias);
}

const char *lt_op_default_dialect(const lt_op_t *op, size_t *out_len) {
  const lt_op_info_t *info = op ? op->info : NULL;
  if (info && info->registered && info->dialect && info->def &&
      info->def->print && (info->traits & LT_TRAIT_ISOLATED_FROM_ABOVE)) {
    *out_len = strlen(info->dialect->ns);
    return info->dialect->ns;
  }
  *out_len = 0;
  return "";
}

static void print_block(lt_asm_printer_t *p, lt_block_t *b, bool header,
                        bool terminator);

static void print_region(lt_asm_printer_t *p, lt_region_t *r, bool entry_args,
                         bool terminators, bool empty_block) {
  lt_strbuf_t *out = p->out;
  if (p->flags.skip_regions) {
    lt_strbuf_puts(out, "{...}");
    return;
  }
  lt_strbuf_puts(out, "{\n");
  if (r->first) {
    const char *saved = p->dialect;
    size_t saved_len = p->dialect_len;
    p->dialect = lt_op_default_dialect(r->parent, &p->dialect_len);
    lt_block_t *entry = r->first;
    bool header =
        (empty_block && !entry->first) || (entry_args && entry->num_args);
    print_block(p, entry, header, terminators);
    for (lt_block_t *b = entry->next; b; b = b->next)
      print_block(p, b, true, true);
    p->dialect = saved;
    p->dialect_len = saved_len;
  }
  put_indent(p->out, p->indent);
  lt_strbuf_putc(p->out, '}');
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : (x > y);
}

/* `// N preds: ^bb0, ^bb2` sorted by block position (MLIR lists a block once
 * per branch that reaches it). */
static void print_preds_comment(lt_asm_printer_t *p, lt_block_t *b) {
  if (p->collecting) return; /* no text in the alias dry run */
  lt_strbuf_t *out = p->out;
  lt_successor_t *first = b->first_pred;
  if (!first) {
    if (b->parent && b != b->parent->first)
      lt_strbuf_puts(out, "  // no predecessors");
    return;
  }
  if (!first->next_use) {
    lt_strbuf_puts(out, "  // pred: ");
    print_block_name(p, first->owner->parent);
    return;
  }
  size_t n = 0;
  for (lt_successor_t *s = first; s; s = s->next_use)
    n++;
  uint64_t small[16];
  uint64_t *ids =
      n <= 16 ? small : lt_alloc(p->allocator, n * sizeof(uint64_t));
  if (!ids) return;
  size_t k = 0;
  for (lt_successor_t *s = first; s; s = s->next_use) {
    uintptr_t id = UINT32_MAX;
    if (s->owner->parent) get_id(p, s->owner->parent, &id);
    ids[k++] = id;
  }
  qsort(ids, n, sizeof(uint64_t), cmp_u64);
  lt_strbuf_puts(out, "  // ");
  lt_put_u64(out, n);
  lt_strbuf_puts(out, " preds: ");
  for (size_t i = 0; i < n; i++) {
    if (i) lt_strbuf_puts(out, ", ");
    lt_strbuf_puts(out, "^bb");
    lt_put_u64(out, ids[i]);
  }
  if (ids != small) lt_free(p->allocator, ids, n * sizeof(uint64_t));
}

static void print_block(lt_asm_printer_t *p, lt_block_t *b, bool header,
                        bool terminator) {
  lt_strbuf_t *out = p->out;
  if (header) {
    put_indent(out, p->indent);
    print_block_name(p, b);
    if (b->num_args) {
      lt_strbuf_putc(out, '(');
      for (uint32_t i = 0; i < b->num_args; i++) {
        if (i) lt_strbuf_puts(out, ", ");
        print_value(p, b->args[i]);
        lt_strbuf_puts(out, ": ");
        lt_pr_type(p, b->args[i]->type);
        print_trailing_loc(p, b->args[i]->loc, false);
      }
      lt_strbuf_putc(out, ')');
    }
    lt_strbuf_putc(out, ':');
    print_preds_comment(p, b);
    lt_strbuf_putc(out, '\n');
  }
  p->indent += 2;
  lt_op_t *last = b->last;
  bool skip_last =
      !terminator && last && lt_op_has_trait(last, LT_TRAIT_TERMINATOR);
  for (lt_op_t *op = b->first; op; op = op->next) {
    if (skip_last && op == last) break;
    print_op_line(p, op);
    lt_strbuf_putc(p->out, '\n');
  }
  p->indent -= 2;
}

static void print_operand_types(lt_asm_printer_t *p, lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++) {
    if (i) lt_strbuf_puts(p->out, ", ");
    lt_pr_type(p, op->operands[i].value ? op->operands[i].value->type : NULL);
  }
}

static void print_functional_type(lt_asm_printer_t *p, lt_op_t *op) {
  lt_strbuf_putc(p->out, '(');
  print_operand_types(p, op);
  lt_strbuf_puts(p->out, ") -> ");
  bool wrap =
      op->num_results != 1 ||
      (op->results[0].type && op->results[0].type->kind == LT_TYPE_FUNCTION);
  if (wrap) lt_strbuf_putc(p->out, '(');
  for (uint32_t i = 0; i < op->num_results; i++) {
    if (i) lt_strbuf_puts(p->out, ", ");
    lt_pr_type(p, op->results[i].type);
  }
  if (wrap) lt_strbuf_putc(p->out, ')');
}

static bool name_elided(const lt_ident_t *name, uint32_t n,
                        const char *const *elided) {
  for (uint32_t i = 0; i < n; i++)
    if (strcmp(name->str, elided[i]) == 0) return true;
  return false;
}

static void print_attr_dict(lt_asm_printer_t *p, const lt_attr_t *dict,
                            uint32_t num_elided, const char *const *elided,
                            bool keyword) {
  if (!dict || dict->kind != LT_ATTR_DICT || !dict->dict.count) return;
  uint32_t shown = 0;
  for (uint32_t i = 0; i < dict->dict.count; i++)
    shown += !name_elided(dict->dict.entries[i].name, num_elided, elided);
  if (!shown) return;
  lt_strbuf_puts(p->out, keyword ? " attributes {" : " {");
  bool first = true;
  for (uint32_t i = 0; i < dict->dict.count; i++) {
    const lt_named_attr_t *na = &dict->dict.entries[i];
    if (name_elided(na->name, num_elided, elided)) continue;
    if (!first) lt_strbuf_puts(p->out, ", ");
    first = false;
    lt_pr_named_attr(p, na);
  }
  lt_strbuf_putc(p->out, '}');
}

static void print_generic_op(lt_asm_printer_t *p, lt_op_t *op) {
  lt_strbuf_t *out = p->out;
  const lt_ident_t *name = op->info->name;
  if (!p->collecting) lt_print_escaped_string(out, name->str, name->len);
  lt_strbuf_putc(out, '(');
  for (uint32_t i = 0; i < op->num_operands; i++) {
    if (i) lt_strbuf_puts(p->out, ", ");
    print_value(p, op->operands[i].value);
  }
  lt_strbuf_putc(p->out, ')');
  if (op->num_successors) {
    lt_strbuf_putc(p->out, '[');
    for (uint32_t i = 0; i < op->num_successors; i++) {
      if (i) lt_strbuf_puts(p->out, ", ");
      print_block_name(p, op->successors[i].block);
    }
    lt_strbuf_putc(p->out, ']');
  }
  if (op->num_regions) {
    lt_strbuf_puts(p->out, " (");
    for (uint32_t i = 0; i < op->num_regions; i++) {
      if (i) lt_strbuf_puts(p->out, ", ");
      print_region(p, &op->regions[i], true, true, true);
    }
    lt_strbuf_putc(p->out, ')');
  }
  print_attr_dict(p, op->attrs, 0, NULL, false);
  lt_strbuf_puts(p->out, " : ");
  print_functional_type(p, op);
}

/* MLIR's printFullOpWithIndentAndLoc: indent, results, op, location. */
static void print_op_line(lt_asm_printer_t *p, lt_op_t *op) {
  if (p->collecting) p->scratch.len = 0; /* the dry run keeps no text */
  lt_strbuf_t *out = p->out;
  put_indent(out, p->indent);
  for (uint32_t i = 0; i < op->num_results;) {
    uint32_t size;
    result_group(p, op, i, &size);
    if (i) lt_strbuf_puts(out, ", ");
    print_id(p, &op->results[i]);
    if (size > 1) {
      lt_strbuf_putc(out, ':');
      lt_put_u64(out, size);
    }
    i += size;
    if (i == op->num_results) lt_strbuf_puts(out, " = ");
  }
  if (p->collecting)
    print_trailing_loc(p, op->loc, true); /* loc first, as MLIR */
  const lt_op_def_t *def = op->info->def;
  scope_saved_t scope = enter_scope(p, op);
  if (!p->flags.generic && op->info->registered && def && def->print)
    def->print(op, p);
  else
    print_generic_op(p, op);
  leave_scope(p, scope);
  if (!p->collecting) print_trailing_loc(p, op->loc, true);
}

/* ---- top level ----------------------------------------------------------- */

/* The trailer string is `"0x` + 8 hex digits of alignment + 2 per byte +
 * `"`; MLIR elides when that length exceeds the limit. */
bool lt_print_resource_elided(const lt_print_flags_t *flags,
                              const lt_resource_t *r) {
  int64_t limit = flags->elide_resources_larger;
  if (limit < 0) return false;
  return r->size > (SIZE_MAX - 12) / 2 || 12 + 2 * r->size > (uint64_t)limit;
}

static void print_resource_trailer(lt_asm_printer_t *p) {
  lt_strbuf_t *out = p->out;
  bool any = false;
  for (size_t i = 0; i < p->num_resources; i++) {
    lt_resource_t *r = p->resources[i];
    if (!r->has_data || lt_print_resource_elided(&p->flags, r)) continue;
    if (!any)
      lt_strbuf_puts(out, "\n{-#\n  dialect_resources: {\n    builtin: {\n");
    else
      lt_strbuf_puts(out, ",\n");
    any = true;
    lt_strbuf_puts(out, "      ");
    lt_strbuf_append(out, r->name->str, r->name->len);
    lt_strbuf_puts(out, ": \"0x");
    static const char hex[] = "0123456789ABCDEF";
    char buf[4096];
    size_t n = 0;
    for (int k = 0; k < 4; k++) {
      uint8_t byte = (uint8_t)(r->alignment >> (8 * k));
      buf[n++] = hex[byte >> 4];
      buf[n++] = hex[byte & 15];
    }
    for (size_t j = 0; j < r->size; j++) {
      if (n + 2 > sizeof buf) {
        lt_strbuf_append(out, buf, n);
        n = 0;
      }
      buf[n++] = hex[r->data[j] >> 4];
      buf[n++] = hex[r->data[j] & 15];
    }
    lt_strbuf_append(out, buf, n);
    lt_strbuf_putc(out, '"');
  }
  if (any) lt_strbuf_puts(out, "\n    }\n  }\n#-}\n");
}

static bool attr_holds_loc(const lt_attr_t *a, int depth) {
  if (!a || depth > 64) return false;
  if (lt_attr_is_loc(a)) return true;
  if (a->kind == LT_ATTR_ARRAY) {
    for (uint32_t i = 0; i < a->array.count; i++)
      if (attr_holds_loc(a->array.elems[i], depth + 1)) return true;
  } else if (a->kind == LT_ATTR_DICT) {
    for (uint32_t i = 0; i < a->dict.count; i++)
      if (attr_holds_loc(a->dict.entries[i].value, depth + 1)) return true;
  }
  return false;
}

static lt_walk_result_t find_loc_attr(lt_op_t *op, void *user) {
  (void)user;
  return attr_holds_loc(op->attrs, 0) ? LT_WALK_INTERRUPT : LT_WALK_ADVANCE;
}

/* Whether printing needs location aliases: always with debuginfo, and
 * without it when an attribute holds a location (MLIR aliases those too). */
static bool needs_aliases(lt_asm_printer_t *p, lt_op_t *op) {
  if (p->flags.debuginfo) return true;
  return lt_op_walk(op, LT_WALK_PRE, find_loc_attr, NULL) == LT_WALK_INTERRUPT;
}

lt_result_t lt_op_print(lt_op_t *op, const lt_print_flags_t *flags,
                        lt_strbuf_t *out) {
  if (!op) {
    lt_strbuf_puts(out, "<<NULL OPERATION>>");
    return LT_SUCCESS;
  }
  lt_context_t *ctx = lt_op_context(op);
  uint64_t oom_before = lt_context_alloc_failures(ctx);
  lt_asm_printer_t p;
  lt_printer_init(&p, flags, out, lt_context_allocator(ctx));
  lt_op_t *root = op;
  for (;;) {
    if (p.flags.local_scope &&
        lt_op_has_trait(root, LT_TRAIT_ISOLATED_FROM_ABOVE))
      break;
    lt_op_t *parent = lt_op_parent_op(root);
    if (!parent) break;
    root = parent;
  }
  p.id_cache = lt_calloc(p.allocator, LT_ID_CACHE_SIZE * sizeof(*p.id_cache));
  /* Printing from the root visits every op in numbering order, so nested
   * functions can be numbered when they are reached. */
  p.defer = op == root;
  number_root(&p, root);
  bool top = !op->parent && !p.flags.local_scope;
  if (top && needs_aliases(&p, op)) {
    p.aliases = lt_alias_create(p.allocator);
    if (p.aliases) {
      p.collecting = true;
      p.out = &p.scratch;
      print_op_line(&p, op);
      p.collecting = false;
      p.out = out;
      p.indent = 0;
      p.dialect = "builtin";
      p.dialect_len = 7;
      lt_alias_finalize(p.aliases);
    }
  }
  if (top) lt_alias_print_defs(&p, false);
  print_op_line(&p, op);
  if (top) {
    lt_strbuf_putc(out, '\n');
    lt_alias_print_defs(&p, true);
    print_resource_trailer(&p);
  }
  lt_printer_deinit(&p);
  /* Where the printer's memory ran out it printed less (no aliases, no
   * names): the text is not the IR's. */
  if (lt_context_alloc_failures(ctx) != oom_before)
    return lt_op_emit_error(op, "out of memory while printing '%s'",
                            lt_op_name(op));
  return LT_SUCCESS;
}

/* ---- builtin.module's custom form ---------------------------------------- */

void lt_builtin_module_print(lt_op_t *op, lt_asm_printer_t *p) {
  static const char *const elided[] = {"sym_name"};
  lt_asm_print_op_name(p, op);
  const lt_attr_t *name = lt_op_attr(op, "sym_name");
  if (name && name->kind == LT_ATTR_STRING) {
    lt_strbuf_putc(p->out, ' ');
    lt_asm_print_symbol_name(p, name->str.data, name->str.len);
  }
  print_attr_dict(p, op->attrs, 1, elided, true);
  lt_strbuf_putc(p->out, ' ');
  print_region(p, &op->regions[0], true, true, false);
}

/* ---- custom printer API
 * ------------------------------------------------------ */

lt_strbuf_t *lt_asm_stream(lt_asm_printer_t *p) { return p->out; }

const lt_print_flags_t *lt_asm_flags(lt_asm_printer_t *p) { return &p->flags; }

void lt_asm_print_raw(lt_asm_printer_t *p, const char *s) {
  lt_strbuf_puts(p->out, s);
}

void lt_asm_printf(lt_asm_printer_t *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lt_strbuf_vprintf(p->out, fmt, ap);
  va_end(ap);
}

void lt_asm_print_newline(lt_asm_printer_t *p) {
  lt_strbuf_putc(p->out, '\n');
  put_indent(p->out, p->indent);
}

void lt_asm_print_op_name(lt_asm_printer_t *p, const lt_op_t *op) {
  const lt_ident_t *name = op->info->name;
  const char *s = name->str;
  size_t len = name->len, dl = p->dialect_len;
  if (dl && len > dl + 1 && memcmp(s, p->dialect, dl) == 0 && s[dl] == '.' &&
      !memchr(s + dl + 1, '.', len - dl - 1)) {
    s += dl + 1;
    len -= dl + 1;
  }
  lt_strbuf_append(p->out, s, len);
}

void lt_asm_print_operand(lt_asm_printer_t *p, const lt_value_t *v) {
  print_value(p, v);
}

void lt_asm_print_operands(lt_asm_printer_t *p, uint32_t n,
                           lt_value_t *const *values) {
  for (uint32_t i = 0; i < n; i++) {
    if (i) lt_strbuf_puts(p->out, ", ");
    print_value(p, values[i]);
  }
}

void lt_asm_print_op_operands(lt_asm_printer_t *p, lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++) {
    if (i) lt_strbuf_puts(p->out, ", ");
    print_value(p, op->operands[i].value);
  }
}

void lt_asm_print_type(lt_asm_printer_t *p, const lt_type_t *t) {
  lt_pr_type(p, t);
}

void lt_asm_print_types(lt_asm_printer_t *p, uint32_t n,
                        const lt_type_t *const *types) {
  for (uint32_t i = 0; i < n; i++) {
    if (i) lt_strbuf_puts(p->out, ", ");
    lt_pr_type(p, types[i]);
  }
}

void lt_asm_print_operand_types(lt_asm_printer_t *p, lt_op_t *op) {
  print_operand_types(p, op);
}

void lt_asm_print_result_types(lt_asm_printer_t *p, lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_results; i++) {
    if (i) lt_strbuf_puts(p->out, ", ");
    lt_pr_type(p, op->results[i].type);
  }
}

void lt_asm_print_arrow_types(lt_asm_printer_t *p, uint32_t n,
                              const lt_type_t *const *types) {
  if (!n) return;
  lt_strbuf_puts(p->out, " -> ");
  bool wrap = n != 1 || (types[0] && types[0]->kind == LT_TYPE_FUNCTION);
  if (wrap) lt_strbuf_putc(p->out, '(');
  lt_asm_print_types(p, n, types);
  if (wrap) lt_strbuf_putc(p->out, ')');
}

void lt_asm_print_functional_type(lt_asm_printer_t *p, lt_op_t *op) {
  print_functional_type(p, op);
}

void lt_asm_print_attr(lt_asm_printer_t *p, const lt_attr_t *a) {
  lt_pr_attr(p, a, LT_ELIDE_NEVER);
}

void lt_asm_print_attr_no_type(lt_asm_printer_t *p, const lt_attr_t *a) {
  lt_pr_attr(p, a, LT_ELIDE_MUST);
}

void lt_asm_print_attr_dict(lt_asm_printer_t *p, const lt_attr_t *dict,
                            uint32_t num_elided, const char *const *elided) {
  print_attr_dict(p, dict, num_elided, elided, false);
}

void lt_asm_print_attr_dict_kw(lt_asm_printer_t *p, const lt_attr_t *dict,
                               uint32_t num_elided, const char *const *elided) {
  print_attr_dict(p, dict, num_elided, elided, true);
}

void lt_asm_print_symbol_name(lt_asm_printer_t *p, const char *name,
                              size_t len) {
  lt_strbuf_putc(p->out, '@');
  lt_print_keyword_or_string(p->out, name, len);
}

void lt_asm_print_successor(lt_asm_printer_t *p, lt_block_t *b) {
  print_block_name(p, b);
}

void lt_asm_print_region(lt_asm_printer_t *p, lt_region_t *r, bool entry_args,
                         bool terminators, bool empty_block) {
  print_region(p, r, entry_args, terminators, empty_block);
}

void lt_asm_print_region_arg(lt_asm_printer_t *p, const lt_value_t *arg,
                             const lt_attr_t *arg_attrs, bool omit_type) {
  print_value(p, arg);
  if (!omit_type) {
    lt_strbuf_puts(p->out, ": ");
    lt_pr_type(p, arg->type);
  }
  print_attr_dict(p, arg_attrs, 0, NULL, false);
  print_trailing_loc(p, arg->loc, false);
}

void lt_asm_print_generic_op(lt_asm_printer_t *p, lt_op_t *op) {
  print_generic_op(p, op);
}

void lt_asm_print_optional_loc(lt_asm_printer_t *p, lt_loc_t loc) {
  print_trailing_loc(p, loc, true);
}

/* symbol_dce.c - erases symbols nothing refers to (MLIR's SymbolDCE).
 *
 * In each symbol table, symbols that may be seen from outside are live:
 * public ones, and `nested` ones when the table itself is visible (a
 * non-private symbol table nested in a visible parent). Every non-symbol op
 * and every live symbol makes the symbols it references live, transitively;
 * `@a::@b` keeps both @a and @b. Live nested symbol tables are processed the
 * same way. Whatever is left is erased. */
#include <string.h>

#include "ir/diagnostics.h"
#include "ir/ptr_map.h"
#include "passes/pass_list.h"

enum { STAT_DCE };

static const lt_pass_statistic_t symbol_dce_statistics[] = {
    [STAT_DCE] = {"num-dce", "Number of symbols DCE'd"},
};

typedef struct sdce {
  lt_allocator_t allocator;
  lt_ptr_map_t live; /* op -> op */
  lt_op_t **worklist;
  size_t len, cap;
  bool oom;
} sdce_t;

/* Symbol ops, and named symbol tables (`module @m` is an optional symbol). */
static bool is_symbol(const lt_op_t *op) {
  if (!op->info->registered) return false;
  if (lt_op_has_trait(op, LT_TRAIT_SYMBOL)) return true;
  return lt_op_has_trait(op, LT_TRAIT_SYMBOL_TABLE) && lt_symbol_name(op);
}

static bool has_visibility(const lt_op_t *op, const char *vis) {
  const lt_attr_t *v = lt_op_attr(op, "sym_visibility");
  if (!v) return strcmp(vis, "public") == 0;
  return v->kind == LT_ATTR_STRING && v->str.len == strlen(vis) &&
         memcmp(v->str.data, vis, v->str.len) == 0;
}

static bool is_table(const lt_op_t *op) {
  return lt_op_has_trait(op, LT_TRAIT_SYMBOL_TABLE) && op->num_regions > 0;
}

static void push(sdce_t *s, lt_op_t *op) {
  if (s->len == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 32;
    lt_op_t **w = lt_realloc(s->allocator, s->worklist, s->cap * sizeof *w,
                             cap * sizeof *w);
    if (!w) {
      s->oom = true;
      return;
    }
    s->worklist = w;
    s->cap = cap;
  }
  s->worklist[s->len++] = op;
}

static void mark_live(sdce_t *s, lt_op_t *op) {
  if (lt_ptr_map_get(&s->live, op)) return;
  if (!lt_ptr_map_put(&s->live, op, op)) {
    s->oom = true;
    return;
  }
  push(s, op);
}

/* Resolves @a::@b from `table`, marking every symbol on the way live. */
static void mark_reference(sdce_t *s, lt_op_t *table, const lt_attr_t *ref) {
  for (uint32_t i = 0; i < ref->symbol.count && table; i++) {
    if (!is_table(table)) return;
    lt_op_t *sym = lt_symbol_lookup_in(table, ref->symbol.names[i]);
    if (!sym) return; /* references to unknown symbols are ignored */
    mark_live(s, sym);
    table = sym;
  }
}

static void mark_attr_refs(sdce_t *s, lt_op_t *table, const lt_attr_t *a) {
  switch (a->kind) {
  case LT_ATTR_SYMBOL_REF:
    mark_reference(s, table, a);
    break;
  case LT_ATTR_ARRAY:
    for (uint32_t i = 0; i < a->array.count; i++)
      mark_attr_refs(s, table, a->array.elems[i]);
    break;
  case LT_ATTR_DICT:
    for (uint32_t i = 0; i < a->dict.count; i++)
      mark_attr_refs(s, table, a->dict.entries[i].value);
    break;
  default:
    break;
  }
}

/* Marks the references held by op and the ops nested in it, not entering
 * nested symbol tables (their names are relative to them). Fails, at the
 * live op being scanned, on an unregistered op with a region: it might be
 * a symbol table. */
static lt_result_t mark_uses(sdce_t *s, lt_op_t *table, lt_op_t *live,
                             lt_op_t *op) {
  if (op->num_regions == 1 && !op->info->dialect)
    return lt_emit_error(lt_op_context(op), live->loc,
                         "operation contains potentially unknown symbol "
                         "table, meaning that we can't reliable compute "
                         "symbol uses");
  mark_attr_refs(s, table, op->attrs);
  if (is_table(op)) return LT_SUCCESS;
  for (uint32_t r = 0; r < op->num_regions; r++)
    LT_FOR_EACH_BLOCK(b, &op->regions[r]) {
      LT_FOR_EACH_OP(nested, b) {
        if (LT_FAILED(mark_uses(s, table, live, nested))) return LT_FAILURE;
      }
    }
  return LT_SUCCESS;
}

static lt_result_t compute_liveness(sdce_t *s, lt_op_t *table, bool hidden) {
  size_t base = s->len;
  LT_FOR_EACH_BLOCK(b, &table->regions[0]) {
    LT_FOR_EACH_OP(op, b) {
      if (!is_symbol(op)) {
        push(s, op);
        continue;
      }
      bool discardable = (hidden || has_visibility(op, "private")) &&
                         !has_visibility(op, "public");
      if (!discardable) mark_live(s, op);
    }
  }
  while (s->len > base && !s->oom) {
    lt_op_t *op = s->worklist[--s->len];
    if (is_table(op) && op != table) {
      bool nested_hidden =
          hidden || !is_symbol(op) || has_visibility(op, "private");
      if (LT_FAILED(compute_liveness(s, op, nested_hidden))) return LT_FAILURE;
    }
    if (LT_FAILED(mark_uses(s, table, op, op))) return LT_FAILURE;
  }
  return LT_SUCCESS;
}

static uint64_t erase_dead(sdce_t *s, lt_op_t *table) {
  uint64_t erased = 0;
  LT_FOR_EACH_BLOCK(b, &table->regions[0]) {
    LT_FOR_EACH_OP_SAFE(op, next, b) {
      if (is_symbol(op) && !lt_ptr_map_get(&s->live, op)) {
        lt_op_erase(op);
        erased++;
      } else if (is_table(op)) {
        erased += erase_dead(s, op);
      }
    }
  }
  return erased;
}

static lt_result_t run_symbol_dce(lt_pass_t *pass, lt_op_t *op) {
  if (!is_table(op))
    return lt_op_emit_error(op, " was scheduled to run under SymbolDCE, but "
                                "does not define a symbol table");
  /* The top-level table is hidden unless it is itself a visible symbol. */
  bool hidden = true;
  if (lt_op_parent_op(op) && is_symbol(op))
    hidden = has_visibility(op, "private");
  sdce_t s = {.allocator = lt_context_allocator(lt_op_context(op))};
  lt_ptr_map_init(&s.live, s.allocator);
  lt_result_t r = compute_liveness(&s, op, hidden);
  uint64_t erased = 0;
  if (LT_SUCCEEDED(r) && !s.oom) erased = erase_dead(&s, op);
  lt_ptr_map_deinit(&s.live);
  lt_free(s.allocator, s.worklist, s.cap * sizeof *s.worklist);
  if (s.oom) return lt_op_emit_error(op, "out of memory");
  lt_pass_stat_add(pass, STAT_DCE, erased);
  lt_pass_set_changed(pass, erased > 0);
  return r;
}

const lt_pass_info_t lt_symbol_dce_pass = {
    .argument = "symbol-dce",
    .name = "SymbolDCE",
    .summary = "Eliminate dead symbols",
    .anchor = NULL,
    .options_size = 0,
    .options = NULL,
    .num_options = 0,
    .statistics = symbol_dce_statistics,
    .num_statistics = LT_ARRAY_SIZE(symbol_dce_statistics),
    .run = run_symbol_dce,
};

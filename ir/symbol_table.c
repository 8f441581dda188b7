/* symbol_table.c - symbols (ops with a `sym_name` string attribute), nested
 * reference resolution (@a::@b) and the hashed symbol table. */
#include <stdio.h>
#include <string.h>

#include "ir/op_internal.h"
#include "ir/ptr_map.h"

struct lt_symbol_table {
  lt_op_t *op;
  lt_context_t *ctx;
  lt_ptr_map_t map; /* interned name -> symbol op */
  uint32_t uniquing_counter;
};

static const lt_attr_t *sym_name_attr(const lt_op_t *op) {
  const lt_attr_t *a = lt_op_attr(op, "sym_name");
  return a && a->kind == LT_ATTR_STRING ? a : NULL;
}

const lt_ident_t *lt_symbol_name(const lt_op_t *op) {
  const lt_attr_t *a = sym_name_attr(op);
  if (!a) return NULL;
  return lt_ident_get(lt_op_context(op), a->str.data, a->str.len);
}

/* The body block of a symbol-table op, NULL when it has none. */
static lt_block_t *table_body(lt_op_t *table_op) {
  if (table_op->num_regions == 0) return NULL;
  return table_op->regions[0].first;
}

lt_op_t *lt_symbol_lookup_in(lt_op_t *table_op, const lt_ident_t *name) {
  lt_block_t *body = table_body(table_op);
  if (!body || !name) return NULL;
  LT_FOR_EACH_OP(op, body) {
    const lt_attr_t *a = sym_name_attr(op);
    if (a && a->str.len == name->len &&
        memcmp(a->str.data, name->str, name->len) == 0)
      return op;
  }
  return NULL;
}

lt_op_t *lt_symbol_lookup_ref(lt_op_t *from, const lt_attr_t *symbol_ref) {
  if (!symbol_ref || symbol_ref->kind != LT_ATTR_SYMBOL_REF) return NULL;
  lt_op_t *table = from;
  while (table && !lt_op_has_trait(table, LT_TRAIT_SYMBOL_TABLE))
    table = lt_op_parent_op(table);
  if (!table) return NULL;
  lt_op_t *found = NULL;
  for (uint32_t i = 0; i < symbol_ref->symbol.count; i++) {
    if (i > 0) {
      /* Nested references descend through symbols that are tables. */
      if (!lt_op_has_trait(found, LT_TRAIT_SYMBOL_TABLE)) return NULL;
      table = found;
    }
    found = lt_symbol_lookup_in(table, symbol_ref->symbol.names[i]);
    if (!found) return NULL;
  }
  return found;
}

lt_symbol_table_t *lt_symbol_table_create(lt_op_t *table_op) {
  lt_context_t *ctx = lt_op_context(table_op);
  lt_allocator_t a = lt_context_allocator(ctx);
  lt_symbol_table_t *t = lt_alloc(a, sizeof(*t));
  if (!t) return NULL;
  t->op = table_op;
  t->ctx = ctx;
  t->uniquing_counter = 0;
  lt_ptr_map_init(&t->map, a);
  lt_block_t *body = table_body(table_op);
  if (body) {
    LT_FOR_EACH_OP(op, body) {
      const lt_ident_t *name = lt_symbol_name(op);
      /* On duplicates (invalid IR) the first definition wins, as lookups
       * in MLIR's table do. */
      if (name && !lt_ptr_map_find(&t->map, name, NULL))
        lt_ptr_map_put(&t->map, name, op);
    }
  }
  return t;
}

void lt_symbol_table_destroy(lt_symbol_table_t *t) {
  if (!t) return;
  lt_ptr_map_deinit(&t->map);
  lt_free(lt_context_allocator(t->ctx), t, sizeof(*t));
}

lt_op_t *lt_symbol_table_lookup(lt_symbol_table_t *t, const lt_ident_t *name) {
  return name ? lt_ptr_map_get(&t->map, name) : NULL;
}

void lt_symbol_table_insert(lt_symbol_table_t *t, lt_op_t *op) {
  lt_block_t *body = table_body(t->op);
  if (!body) return;
  if (op->parent != body) {
    /* Insert at the end, but before a terminator if the body has one. */
    lt_op_t *term = lt_block_terminator(body);
    lt_block_insert(body, term, op);
  }
  const lt_ident_t *name = lt_symbol_name(op);
  if (!name) return;
  lt_op_t *existing = lt_symbol_table_lookup(t, name);
  if (!existing) {
    lt_ptr_map_put(&t->map, name, op);
    return;
  }
  if (existing == op) return;
  /* Clash: try name_0, name_1, ... with a counter kept per table. */
  lt_strbuf_t sb = {0};
  const lt_ident_t *fresh;
  do {
    sb.len = 0;
    lt_strbuf_append(&sb, name->str, name->len);
    lt_strbuf_printf(&sb, "_%u", t->uniquing_counter++);
    fresh = lt_ident_get(t->ctx, sb.data, sb.len);
  } while (fresh && lt_symbol_table_lookup(t, fresh));
  if (fresh) {
    lt_op_set_attr(op, "sym_name",
                   lt_attr_string(t->ctx, sb.data, sb.len, NULL));
    lt_ptr_map_put(&t->map, fresh, op);
  }
  lt_strbuf_free(&sb);
}

void lt_symbol_table_erase(lt_symbol_table_t *t, lt_op_t *op) {
  const lt_ident_t *name = lt_symbol_name(op);
  if (name && lt_symbol_table_lookup(t, name) == op)
    lt_ptr_map_remove(&t->map, name);
  lt_op_erase(op);
}

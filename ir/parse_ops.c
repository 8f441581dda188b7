/* parse_ops.c - operations (generic and custom forms), regions, blocks and
 * SSA names: definitions, forward references (placeholders replaced when the
 * definition shows up), region scopes (mlir/lib/AsmParser/Parser.cpp's
 * OperationParser). */
#include <stdlib.h>
#include <string.h>

#include "ir/parse_internal.h"

/* Block slot flags above LT_PSLOT_DEFINED hold 1 + the loose_blocks index. */
#define LOOSE_SHIFT 2

static uint32_t current_tag(lt_asm_parser_t *p) {
  return p->scopes.len ? p->scopes.data[p->scopes.len - 1].tag : 0;
}

static int cmp_pos(const void *a, const void *b) {
  const char *x = *(const char *const *)a, *y = *(const char *const *)b;
  return x < y ? -1 : x > y;
}

/* Emits `msg` at every position (sorted), as MLIR reports all undefined
 * blocks and values at once. */
static lt_result_t error_at_all(lt_asm_parser_t *p, const char **pos,
                                uint32_t n, const char *msg) {
  if (p->failed) return LT_FAILURE;
  qsort(pos, n, sizeof(*pos), cmp_pos);
  for (uint32_t i = 0; i < n; i++)
    lt_emit_error(p->ctx, lt_p_loc(p, pos[i]), "%s", msg);
  p->failed = true;
  return LT_FAILURE;
}

/* ---- scopes
 * -------------------------------------------------------------------- */

void lt_p_push_scope(lt_asm_parser_t *p) {
  lt_pscope_t s = {p->value_defs.len, p->block_names.len, ++p->next_tag};
  LT_PVEC_PUSH(p, p->scopes, s);
}

lt_result_t lt_p_pop_scope(lt_asm_parser_t *p) {
  if (p->failed || p->scopes.len == 0) return LT_FAILURE;
  lt_pscope_t s = p->scopes.data[--p->scopes.len];
  /* Blocks referenced but never defined. */
  uint32_t undefined = 0;
  for (uint32_t i = s.block_names; i < p->block_names.len; i++) {
    lt_pname_t *n = &p->block_names.data[i];
    lt_pentry_t *e = lt_pmap_find(&p->blocks, n->key, n->len, s.tag);
    if (e && !(lt_pentry_slots(e)[0].flags & LT_PSLOT_DEFINED)) undefined++;
  }
  if (undefined) {
    const char **pos = lt_p_arena_alloc(p, undefined * sizeof(*pos));
    if (!pos) return LT_FAILURE;
    uint32_t k = 0;
    for (uint32_t i = s.block_names; i < p->block_names.len; i++) {
      lt_pname_t *n = &p->block_names.data[i];
      lt_pentry_t *e = lt_pmap_find(&p->blocks, n->key, n->len, s.tag);
      if (e && !(lt_pentry_slots(e)[0].flags & LT_PSLOT_DEFINED))
        pos[k++] = lt_pentry_slots(e)[0].pos;
    }
    return error_at_all(p, pos, k, "reference to an undefined block");
  }
  for (uint32_t i = s.block_names; i < p->block_names.len; i++) {
    lt_pname_t *n = &p->block_names.data[i];
    lt_pentry_t *e = lt_pmap_find(&p->blocks, n->key, n->len, s.tag);
    if (e) lt_pmap_remove(&p->blocks, e);
  }
  p->block_names.len = s.block_names;
  for (uint32_t i = s.value_defs; i < p->value_defs.len; i++) {
    lt_pname_t *n = &p->value_defs.data[i];
    lt_pentry_t *e = lt_pmap_find(&p->values, n->key, n->len, 0);
    if (e) lt_pmap_remove(&p->values, e);
  }
  p->value_defs.len = s.value_defs;
  return LT_SUCCESS;
}

/* ---- SSA values
 * ------------------------------------------------------------------ */

lt_result_t lt_p_parse_ssa_use(lt_asm_parser_t *p, lt_asm_operand_t *out,
                               bool allow_number) {
  out->name = p->tok.ptr;
  out->len = p->tok.len;
  out->number = 0;
  out->pos = p->tok.ptr;
  if (p->tok.kind != LT_TOK_PERCENT_ID)
    return lt_p_wrong_token(p, "expected SSA operand");
  lt_p_consume(p);
  if (p->tok.kind != LT_TOK_HASH_ID) return p->failed ? LT_FAILURE : LT_SUCCESS;
  if (!allow_number)
    return lt_p_error(p, "result number not allowed in argument list");
  uint64_t n = 0;
  for (uint32_t i = 1; i < p->tok.len; i++) {
    char c = p->tok.ptr[i];
    /* No op can have more results than the buffer has characters. */
    if (c < '0' || c > '9' || (n = n * 10 + (uint64_t)(c - '0')) > p->buf_size)
      return lt_p_error(p, "invalid SSA value result number");
  }
  out->number = (uint32_t)n;
  lt_p_consume(p);
  return p->failed ? LT_FAILURE : LT_SUCCESS;
}

static lt_result_t type_mismatch(lt_asm_parser_t *p, const char *pos,
                                 const char *fmt, const char *name,
                                 uint32_t len, const lt_type_t *a,
                                 const lt_type_t *b, const char *note_pos,
                                 const char *note) {
  lt_diag_t *d = lt_p_begin_error(p, pos);
  if (!d) return LT_FAILURE;
  lt_strbuf_t sa = {0}, sb = {0};
  lt_p_type_str(p, &sa, a);
  lt_p_type_str(p, &sb, b);
  lt_diag_printf(d, fmt, (int)len, name, sa.data, sb.data);
  lt_diag_printf(lt_diag_note(d, lt_p_loc(p, note_pos)), note, sb.data);
  lt_strbuf_free(&sa);
  lt_strbuf_free(&sb);
  return lt_p_end_error(p, d);
}

lt_value_t *lt_p_resolve_use(lt_asm_parser_t *p, const lt_asm_operand_t *use,
                             const lt_type_t *type) {
  lt_pentry_t *e = lt_pmap_insert(p, &p->values, use->name, use->len, 0);
  if (!e) return NULL;
  if (use->number < e->count) {
    lt_pslot_t *s = &lt_pentry_slots(e)[use->number];
    if (s->ptr) {
      lt_value_t *v = s->ptr;
      if (!type || v->type == type) return v;
      type_mismatch(p, use->pos,
                    "use of value '%.*s' expects different type than prior "
                    "uses: %s vs %s",
                    use->name, use->len, type, v->type, s->pos,
                    "prior use here");
      return NULL;
    }
  }
  if (use->number >= e->count) {
    if (!lt_pentry_reserve(p, e, use->number + 1)) return NULL;
    e->count = use->number + 1;
  }
  lt_pslot_t *slots = lt_pentry_slots(e);
  if (slots[0].ptr && !(slots[0].flags & LT_PSLOT_FWD)) {
    lt_p_error_at(p, use->pos, "reference to invalid result number");
    return NULL;
  }
  /* A forward reference: a placeholder value until the definition. */
  lt_value_t *v = lt_p_arena_alloc(p, sizeof(lt_value_t));
  if (!v) return NULL;
  memset(v, 0, sizeof(*v));
  v->type = type;
  v->is_block_arg = true; /* owned by no op */
  lt_pfwd_t f = {v, use->pos, false};
  if (!LT_PVEC_PUSH(p, p->fwd, f)) return NULL;
  slots[use->number] =
      (lt_pslot_t){v, use->pos, LT_PSLOT_FWD | (p->fwd.len << 2)};
  return v;
}

lt_result_t lt_p_add_definition(lt_asm_parser_t *p, const lt_asm_operand_t *def,
                                lt_value_t *v) {
  lt_pentry_t *e = lt_pmap_insert(p, &p->values, def->name, def->len, 0);
  if (!e) return LT_FAILURE;
  bool fresh = e->count == 0;
  if (def->number >= e->count) {
    if (!lt_pentry_reserve(p, e, def->number + 1)) return LT_FAILURE;
    e->count = def->number + 1;
  }
  lt_pslot_t *s = &lt_pentry_slots(e)[def->number];
  if (s->ptr) {
    if (!(s->flags & LT_PSLOT_FWD)) {
      lt_diag_t *d = lt_p_begin_error(p, def->pos);
      if (d) {
        lt_diag_printf(d, "redefinition of SSA value '%.*s'", (int)def->len,
                       def->name);
        lt_diag_printf(lt_diag_note(d, lt_p_loc(p, s->pos)),
                       "previously defined here");
      }
      return lt_p_end_error(p, d);
    }
    lt_value_t *placeholder = s->ptr;
    if (placeholder->type != v->type) {
      lt_diag_t *d = lt_p_begin_error(p, def->pos);
      if (d) {
        lt_strbuf_t sa = {0}, sb = {0};
        lt_diag_printf(d, "definition of SSA value '%.*s#%u' has type %s",
                       (int)def->len, def->name, def->number,
                       lt_p_type_str(p, &sa, v->type));
        lt_diag_printf(lt_diag_note(d, lt_p_loc(p, s->pos)),
                       "previously used here with type %s",
                       lt_p_type_str(p, &sb, placeholder->type));
        lt_strbuf_free(&sa);
        lt_strbuf_free(&sb);
      }
      return lt_p_end_error(p, d);
    }
    lt_value_replace_all_uses(placeholder, v);
    p->fwd.data[(s->flags >> 2) - 1].resolved = true;
  }
  *s = (lt_pslot_t){v, def->pos, 0};
  /* One record per name and scope: removal at the scope's end drops all. */
  if (fresh || def->number == 0) {
    lt_pname_t n = {def->name, def->len};
    if (!LT_PVEC_PUSH(p, p->value_defs, n)) return LT_FAILURE;
  }
  return LT_SUCCESS;
}

lt_result_t lt_p_check_forward_refs(lt_asm_parser_t *p) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < p->fwd.len; i++)
    n += !p->fwd.data[i].resolved;
  if (!n) return LT_SUCCESS;
  const char **pos = lt_p_arena_alloc(p, n * sizeof(*pos));
  if (!pos) return LT_FAILURE;
  uint32_t k = 0;
  for (uint32_t i = 0; i < p->fwd.len; i++)
    if (!p->fwd.data[i].resolved) pos[k++] = p->fwd.data[i].pos;
  return error_at_all(p, pos, k, "use of undeclared SSA value name");
}

/* The source position where %name#number was defined or first used. */
static const char *reference_pos(lt_asm_parser_t *p,
                                 const lt_asm_operand_t *u) {
  lt_pentry_t *e = lt_pmap_find(&p->values, u->name, u->len, 0);
  if (!e || u->number >= e->count) return NULL;
  lt_pslot_t *s = &lt_pentry_slots(e)[u->number];
  return s->ptr ? s->pos : NULL;
}

/* ---- blocks
 * -------------------------------------------------------------------- */

/* The block a successor names; created (loose) on first reference. */
static lt_block_t *block_named(lt_asm_parser_t *p, const lt_token_t *t) {
  uint32_t tag = current_tag(p);
  lt_pentry_t *e = lt_pmap_insert(p, &p->blocks, t->ptr, t->len, tag);
  if (!e) return NULL;
  if (e->count) return lt_pentry_slots(e)[0].ptr;
  lt_block_t *b = lt_block_create(p->ctx);
  if (!b || !LT_PVEC_PUSH(p, p->loose_blocks, b)) {
    if (b) lt_block_destroy(b);
    lt_pmap_remove(&p->blocks, e);
    if (!p->failed) lt_p_oom(p);
    return NULL;
  }
  lt_pentry_reserve(p, e, 1);
  e->count = 1;
  e->s.one = (lt_pslot_t){b, t->ptr, p->loose_blocks.len << LOOSE_SHIFT};
  lt_pname_t n = {t->ptr, t->len};
  return LT_PVEC_PUSH(p, p->block_names, n) ? b : NULL;
}

/* Defines the label `t`: the forward-referenced block, `existing` or a new
 * one. *out_redefined is set when the label was already defined. */
static lt_block_t *define_block(lt_asm_parser_t *p, const lt_token_t *t,
                                lt_block_t *existing, bool *out_redefined) {
  *out_redefined = false;
  uint32_t tag = current_tag(p);
  lt_pentry_t *e = lt_pmap_insert(p, &p->blocks, t->ptr, t->len, tag);
  if (!e) return NULL;
  if (!e->count) {
    lt_block_t *b = existing ? existing : lt_block_create(p->ctx);
    if (!b) return lt_p_oom(p), NULL;
    lt_pentry_reserve(p, e, 1);
    e->count = 1;
    e->s.one = (lt_pslot_t){b, t->ptr, LT_PSLOT_DEFINED};
    lt_pname_t n = {t->ptr, t->len};
    return LT_PVEC_PUSH(p, p->block_names, n) ? b : NULL;
  }
  lt_pslot_t *s = &e->s.one;
  if (s->flags & LT_PSLOT_DEFINED) {
    *out_redefined = true;
    return NULL;
  }
  uint32_t loose = s->flags >> LOOSE_SHIFT;
  if (loose) p->loose_blocks.data[loose - 1] = NULL;
  s->flags = LT_PSLOT_DEFINED;
  s->pos = t->ptr;
  return s->ptr;
}

static lt_result_t parse_block_args(lt_asm_parser_t *p, lt_block_t *b) {
  lt_p_consume(p); /* ( */
  if (lt_p_consume_if(p, LT_TOK_R_PAREN)) return LT_SUCCESS;
  do {
    lt_asm_operand_t u;
    if (LT_FAILED(lt_p_parse_ssa_use(p, &u, false)) ||
        LT_FAILED(lt_p_expect(p, LT_TOK_COLON,
                              "expected ':' and type for SSA operand")))
      return LT_FAILURE;
    const lt_type_t *t = lt_p_parse_type(p);
    if (!t) return LT_FAILURE;
    lt_value_t *v = lt_block_add_arg(b, t, lt_p_loc(p, u.pos));
    if (!v) return lt_p_oom(p);
    if (LT_FAILED(lt_p_parse_trailing_loc(p, &v->loc, NULL)) ||
        LT_FAILED(lt_p_add_definition(p, &u, v)))
      return LT_FAILURE;
  } while (lt_p_consume_if(p, LT_TOK_COMMA));
  return lt_p_expect(p, LT_TOK_R_PAREN, "expected ')'");
}

static lt_result_t parse_block_body(lt_asm_parser_t *p, lt_block_t *b) {
  while (p->tok.kind != LT_TOK_CARET_ID && p->tok.kind != LT_TOK_R_BRACE)
    if (LT_FAILED(lt_p_parse_operation(p, b))) return LT_FAILURE;
  return LT_SUCCESS;
}

/* A labeled block, or the unlabeled body of `entry`. */
static lt_result_t parse_block(lt_asm_parser_t *p, lt_region_t *region,
                               lt_block_t *entry) {
  if (entry && p->tok.kind != LT_TOK_CARET_ID)
    return parse_block_body(p, entry);
  if (p->tok.kind != LT_TOK_CARET_ID)
    return lt_p_wrong_token(p, "expected block name");
  lt_token_t name = p->tok;
  bool redefined;
  lt_block_t *b = define_block(p, &name, entry, &redefined);
  if (!b) {
    if (redefined)
      return lt_p_error_at(p, name.ptr, "redefinition of block '%.*s'",
                           (int)name.len, name.ptr);
    return LT_FAILURE;
  }
  lt_p_consume(p);
  if (!entry) lt_region_push_back(region, b);
  if (p->tok.kind == LT_TOK_L_PAREN && LT_FAILED(parse_block_args(p, b)))
    return LT_FAILURE;
  if (LT_FAILED(lt_p_expect(p, LT_TOK_COLON, "expected ':' after block name")))
    return LT_FAILURE;
  return parse_block_body(p, b);
}

/* ---- regions
 * ------------------------------------------------------------------ */

static lt_result_t parse_region_body(lt_asm_parser_t *p, lt_region_t *region,
                                     const lt_asm_argument_t *args,
                                     uint32_t num_args) {
  lt_p_push_scope(p);
  lt_block_t *entry = lt_block_create(p->ctx);
  if (!entry) return lt_p_oom(p);
  lt_region_push_back(region, entry);
  if (num_args && args[0].ssa.name) {
    if (p->tok.kind == LT_TOK_CARET_ID)
      return lt_p_error(p, "invalid block name in region with named "
                           "arguments");
    for (uint32_t i = 0; i < num_args; i++) {
      const lt_asm_argument_t *a = &args[i];
      const char *prev = reference_pos(p, &a->ssa);
      if (prev) {
        lt_diag_t *d = lt_p_begin_error(p, a->ssa.pos);
        if (d) {
          lt_diag_printf(d, "region entry argument '%.*s' is already in use",
                         (int)a->ssa.len, a->ssa.name);
          lt_diag_printf(lt_diag_note(d, lt_p_loc(p, prev)),
                         "previously referenced here");
        }
        return lt_p_end_error(p, d);
      }
      lt_loc_t loc = a->loc ? a->loc : lt_p_loc(p, a->ssa.pos);
      lt_value_t *v = lt_block_add_arg(entry, a->type, loc);
      if (!v) return lt_p_oom(p);
      if (a->deferred_loc && a->deferred_loc <= p->deferred.len)
        p->deferred.data[a->deferred_loc - 1].slot = &v->loc;
      if (LT_FAILED(lt_p_add_definition(p, &a->ssa, v))) return LT_FAILURE;
    }
  }
  if (LT_FAILED(parse_block(p, region, entry))) return LT_FAILURE;
  while (p->tok.kind != LT_TOK_R_BRACE)
    if (LT_FAILED(parse_block(p, region, NULL))) return LT_FAILURE;
  return lt_p_pop_scope(p);
}

lt_result_t lt_p_parse_region(lt_asm_parser_t *p, lt_region_t *region,
                              const lt_asm_argument_t *args,
                              uint32_t num_args) {
  if (LT_FAILED(
          lt_p_expect(p, LT_TOK_L_BRACE, "expected '{' to begin a region")))
    return LT_FAILURE;
  if (num_args == 0 && lt_p_consume_if(p, LT_TOK_R_BRACE)) return LT_SUCCESS;
  if (LT_FAILED(lt_p_enter(p))) return LT_FAILURE;
  lt_result_t r = parse_region_body(p, region, args, num_args);
  lt_p_leave(p);
  if (LT_FAILED(r)) return LT_FAILURE;
  lt_p_consume(p); /* } */
  return p->failed ? LT_FAILURE : LT_SUCCESS;
}

/* ---- partial IR after an error
 * ----------------------------------------------------- */

static void drop_region_refs(lt_region_t *r) {
  LT_FOR_EACH_BLOCK(b, r) {
    LT_FOR_EACH_OP(op, b) lt_op_drop_all_references(op);
  }
}

void lt_p_drop_partial_ir(lt_asm_parser_t *p) {
  if (p->dropped) return;
  p->dropped = true;
  for (uint32_t i = 0; i < p->pending.len; i++) {
    lt_pending_t *e = &p->pending.data[i];
    switch (e->kind) {
    case LT_PENDING_REGION:
      drop_region_refs(e->ptr);
      break;
    case LT_PENDING_STATE: {
      lt_op_state_t *s = e->ptr;
      for (uint32_t k = 0; k < s->num_regions; k++)
        if (s->regions && s->regions[k]) drop_region_refs(s->regions[k]);
      break;
    }
    case LT_PENDING_BLOCK: {
      lt_block_t *b = e->ptr;
      LT_FOR_EACH_OP(op, b) lt_op_drop_all_references(op);
      break;
    }
    }
  }
}

void lt_p_destroy_loose_blocks(lt_asm_parser_t *p) {
  for (uint32_t i = 0; i < p->loose_blocks.len; i++)
    if (p->loose_blocks.data[i]) lt_block_destroy(p->loose_blocks.data[i]);
  p->loose_blocks.len = 0;
}

/* ---- generic operations
 * ------------------------------------------------------------ */

/* Marks of every scratch stack, so an op's parse can give back what it used. */
typedef struct marks {
  uint32_t operands, types, vals, succs, regions, named, pending, chars;
} marks_t;

static marks_t save_marks(lt_asm_parser_t *p) {
  marks_t m = {p->operands.len, p->types.len, p->vals.len,    p->succs.len,
               p->regions.len,  p->named.len, p->pending.len, p->chars.len};
  return m;
}

static void restore_marks(lt_asm_parser_t *p, const marks_t *m) {
  p->operands.len = m->operands;
  p->types.len = m->types;
  p->vals.len = m->vals;
  p->succs.len = m->succs;
  p->regions.len = m->regions;
  p->named.len = p->named_pos.len = m->named;
  p->pending.len = m->pending;
  p->chars.len = m->chars;
}

static lt_result_t check_generic_name(lt_asm_parser_t *p, const char *name,
                                      size_t len, const char *name_pos,
                                      const lt_op_info_t **out_info) {
  const lt_op_info_t *info = lt_op_info_lookup(p->ctx, name);
  if (!info) {
    const char *dot = memchr(name, '.', len);
    size_t ns_len = dot ? (size_t)(dot - name) : len;
    const lt_dialect_t *d = lt_context_dialect(p->ctx, name, ns_len);
    if (!lt_context_allow_unregistered(p->ctx)) {
      if (!d)
        return lt_p_error(p, "operation being parsed with an unregistered "
                             "dialect. If this is intended, please use "
                             "-allow-unregistered-dialect with the MLIR tool "
                             "used");
      return lt_p_error_at(p, name_pos,
                           "unregistered operation '%s' found in dialect "
                           "('%s') that does not allow unknown operations",
                           name, d->ns);
    }
    info = lt_op_info_get(p->ctx, name, len);
    if (!info) return lt_p_oom(p);
  }
  *out_info = info;
  return LT_SUCCESS;
}

/* `[^bb1, ^bb2(%a, %b : i32, i32)]`; the old operands-in-successor form
 * appends its operands after the op's own (as MLIR 16 prints them). */
static lt_result_t parse_successors(lt_asm_parser_t *p, uint32_t *out_extra) {
  lt_p_consume(p); /* [ */
  *out_extra = 0;
  if (lt_p_consume_if(p, LT_TOK_R_SQUARE)) return LT_SUCCESS;
  do {
    if (p->tok.kind != LT_TOK_CARET_ID)
      return lt_p_wrong_token(p, "expected block name");
    lt_block_t *b = block_named(p, &p->tok);
    if (!b || !LT_PVEC_PUSH(p, p->succs, b)) return LT_FAILURE;
    lt_p_consume(p);
    if (!lt_p_consume_if(p, LT_TOK_L_PAREN)) continue;
    if (lt_p_consume_if(p, LT_TOK_R_PAREN)) continue;
    uint32_t first = p->operands.len, first_type = p->types.len;
    do {
      lt_asm_operand_t u;
      if (LT_FAILED(lt_p_parse_ssa_use(p, &u, true)) ||
          !LT_PVEC_PUSH(p, p->operands, u))
        return LT_FAILURE;
    } while (lt_p_consume_if(p, LT_TOK_COMMA));
    if (LT_FAILED(lt_p_expect(p, LT_TOK_COLON,
                              "expected ':' in successor "
                              "operand list")) ||
        LT_FAILED(lt_p_parse_type_list_no_parens(p)))
      return LT_FAILURE;
    uint32_t n = p->operands.len - first, nt = p->types.len - first_type;
    if (n != nt)
      return lt_p_error(p,
                        "expected %u types in successor operand list but "
                        "had %u",
                        n, nt);
    if (LT_FAILED(lt_p_expect(p, LT_TOK_R_PAREN, "expected ')'")))
      return LT_FAILURE;
    *out_extra += n;
  } while (lt_p_consume_if(p, LT_TOK_COMMA));
  return lt_p_expect(p, LT_TOK_R_SQUARE, "expected ']'");
}

/* The op named by the current STRING token. Names without escapes are
 * cached by their spelling: a file names few distinct ops many times. */
static lt_result_t generic_op_info(lt_asm_parser_t *p,
                                   const lt_op_info_t **out_info) {
  lt_token_t tok = p->tok;
  bool plain = !memchr(tok.ptr, '\\', tok.len);
  lt_pentry_t *e =
      plain ? lt_pmap_find(&p->op_names, tok.ptr, tok.len, 0) : NULL;
  if (e) {
    *out_info = lt_pentry_slots(e)[0].ptr;
    lt_p_consume(p);
    return LT_SUCCESS;
  }
  uint32_t start;
  size_t len = lt_p_string_value(p, &tok, &start);
  if (p->failed) return LT_FAILURE;
  const char *name = p->chars.data + start;
  if (len == 0) return lt_p_error(p, "empty operation name is invalid");
  if (memchr(name, '\0', len))
    return lt_p_error(p, "null character not allowed in operation name");
  lt_p_consume(p);
  if (LT_FAILED(check_generic_name(p, name, len, tok.ptr, out_info)))
    return LT_FAILURE;
  p->chars.len = start;
  if (plain) {
    e = lt_pmap_insert(p, &p->op_names, tok.ptr, tok.len, 0);
    if (!e || !lt_pentry_reserve(p, e, 1)) return LT_FAILURE;
    e->count = 1;
    e->s.one.ptr = (void *)*out_info;
  }
  return LT_SUCCESS;
}

static lt_result_t parse_generic_op(lt_asm_parser_t *p, lt_block_t *block,
                                    lt_op_t **out_op) {
  marks_t m = save_marks(p);
  lt_loc_t loc = lt_p_loc(p, p->tok.ptr);
  const lt_op_info_t *info = NULL;
  if (LT_FAILED(generic_op_info(p, &info))) {
    restore_marks(p, &m);
    return LT_FAILURE;
  }

  lt_result_t r = LT_FAILURE;
  uint32_t extra = 0;
  if (LT_FAILED(
          lt_p_expect(p, LT_TOK_L_PAREN, "expected '(' to start operand list")))
    goto fail;
  if (p->tok.kind == LT_TOK_PERCENT_ID) {
    do {
      lt_asm_operand_t u;
      if (LT_FAILED(lt_p_parse_ssa_use(p, &u, true)) ||
          !LT_PVEC_PUSH(p, p->operands, u))
        goto fail;
    } while (lt_p_consume_if(p, LT_TOK_COMMA));
  }
  if (LT_FAILED(
          lt_p_expect(p, LT_TOK_R_PAREN, "expected ')' to end operand list")))
    goto fail;
  uint32_t num_main = p->operands.len - m.operands;
  if (p->tok.kind == LT_TOK_L_SQUARE) {
    if (info->registered && !(info->traits & LT_TRAIT_TERMINATOR)) {
      lt_p_error(p, "successors in non-terminator");
      goto fail;
    }
    if (LT_FAILED(parse_successors(p, &extra))) goto fail;
  }
  if (lt_p_consume_if(p, LT_TOK_L_PAREN)) {
    do {
      lt_region_t *region = lt_region_create(p->ctx);
      if (!region) {
        lt_p_oom(p);
        goto fail;
      }
      if (!LT_PVEC_PUSH(p, p->pending,
                        ((lt_pending_t){LT_PENDING_REGION, region}))) {
        lt_region_destroy(region);
        goto fail;
      }
      if (!LT_PVEC_PUSH(p, p->regions, region) ||
          LT_FAILED(lt_p_parse_region(p, region, NULL, 0)))
        goto fail;
    } while (lt_p_consume_if(p, LT_TOK_COMMA));
    if (LT_FAILED(
            lt_p_expect(p, LT_TOK_R_PAREN, "expected ')' to end region list")))
      goto fail;
  }
  if (p->tok.kind == LT_TOK_L_BRACE && LT_FAILED(lt_p_parse_attr_dict(p)))
    goto fail;
  if (LT_FAILED(lt_p_expect(p, LT_TOK_COLON,
                            "expected ':' followed by operation type")))
    goto fail;
  const char *type_pos = p->tok.ptr;
  const lt_type_t *fn = lt_p_parse_type(p);
  if (!fn) goto fail;
  if (fn->kind != LT_TYPE_FUNCTION) {
    lt_p_error_at(p, type_pos, "expected function type");
    goto fail;
  }
  if (fn->function.num_inputs != num_main) {
    lt_p_error_at(p, type_pos, "expected %u operand type%s but had %u",
                  num_main, num_main == 1 ? "" : "s", fn->function.num_inputs);
    goto fail;
  }
  /* Successor operands were typed inline; their types sit on p->types. */
  for (uint32_t i = 0; i < num_main + extra; i++) {
    const lt_type_t *t = i < num_main ? fn->function.types[i]
                                      : p->types.data[m.types + i - num_main];
    lt_value_t *v = lt_p_resolve_use(p, &p->operands.data[m.operands + i], t);
    if (!v || !LT_PVEC_PUSH(p, p->vals, v)) goto fail;
  }
  lt_op_state_t st;
  memset(&st, 0, sizeof(st));
  st.ctx = p->ctx;
  st.info = info;
  st.loc = loc;
  st.num_operands = num_main + extra;
  st.operands = p->vals.data + m.vals;
  st.num_results = fn->function.num_results;
  st.result_types =
      st.num_results ? (const lt_type_t **)fn->function.types + num_main : NULL;
  st.num_successors = p->succs.len - m.succs;
  st.successors = p->succs.data + m.succs;
  st.num_attrs = p->named.len - m.named;
  st.attrs = p->named.data + m.named;
  st.num_regions = p->regions.len - m.regions;
  st.regions = p->regions.data + m.regions;
  lt_op_t *op = lt_op_create(&st);
  if (!op) {
    lt_p_oom(p);
    goto fail;
  }
  lt_block_push_back(block, op);
  for (uint32_t i = 0; i < st.num_regions; i++)
    lt_region_destroy(st.regions[i]);
  restore_marks(p, &m);
  *out_op = op;
  return lt_p_parse_trailing_loc(p, &op->loc, NULL);
fail:
  lt_p_drop_partial_ir(p);
  for (uint32_t i = m.pending; i < p->pending.len; i++)
    lt_region_destroy(p->pending.data[i].ptr);
  restore_marks(p, &m);
  return r;
}

/* ---- custom operations
 * -------------------------------------------------------------- */

static lt_result_t parse_custom_op(lt_asm_parser_t *p, lt_block_t *block,
                                   lt_op_t **out_op) {
  marks_t m = save_marks(p);
  lt_token_t tok = p->tok;
  lt_loc_t loc = lt_p_loc(p, tok.ptr);
  const char *name = lt_p_cstr(p, tok.ptr, tok.len);
  if (!name) return LT_FAILURE;
  const lt_op_info_t *info = lt_op_info_lookup(p->ctx, name);
  const char *tried = name;
  const char *dd = p->default_dialect ? p->default_dialect : "";
  bool has_dot = memchr(name, '.', tok.len) != NULL;
  if (!info && !has_dot) {
    size_t dl = strlen(dd);
    if (!LT_PVEC_RESERVE(p, p->chars, dl + tok.len + 2)) return LT_FAILURE;
    char *full = p->chars.data + p->chars.len;
    memcpy(full, dd, dl);
    full[dl] = '.';
    memcpy(full + dl + 1, tok.ptr, tok.len);
    full[dl + 1 + tok.len] = '\0';
    p->chars.len += (uint32_t)(dl + tok.len + 2);
    tried = full;
    name = p->chars.data + m.chars; /* p->chars may have moved */
    info = lt_op_info_lookup(p->ctx, tried);
  }
  lt_result_t r = LT_FAILURE;
  if (!info) {
    const char *dot = strchr(tried, '.');
    size_t ns_len = dot ? (size_t)(dot - tried) : strlen(tried);
    lt_diag_t *d = lt_p_begin_error(p, tok.ptr);
    if (d) {
      if (!lt_context_dialect(p->ctx, tried, ns_len))
        lt_diag_printf(d, "Dialect `%.*s' not found for custom op '%s'",
                       (int)ns_len, tried, name);
      else
        lt_diag_printf(d, "custom op '%s' is unknown", name);
      if (tried != name) lt_diag_printf(d, " (tried '%s' as well)", tried);
    }
    lt_p_end_error(p, d);
    goto out;
  }
  if (!info->def || !info->def->parse) {
    lt_p_error_at(p, tok.ptr,
                  "custom op '%s' has no custom assembly form; "
                  "use the generic form \"%s\"(...)",
                  info->name->str, info->name->str);
    goto out;
  }
  lt_p_consume(p);
  if (p->failed) goto out;
  lt_op_state_t st;
  lt_op_state_init(&st, p->ctx, info->name->str, loc);
  if (!LT_PVEC_PUSH(p, p->pending, ((lt_pending_t){LT_PENDING_STATE, &st}))) {
    lt_op_state_free(&st);
    goto out;
  }
  const char *saved_dd = p->default_dialect, *saved_op = p->custom_op;
  const char *saved_pos = p->custom_op_pos;
  p->default_dialect = "";
  p->custom_op = info->name->str;
  p->custom_op_pos = tok.ptr;
  lt_result_t hook = info->def->parse(p, &st);
  p->default_dialect = saved_dd;
  p->custom_op = saved_op;
  p->custom_op_pos = saved_pos;
  lt_op_t *op = NULL;
  if (LT_SUCCEEDED(hook) && !p->failed) {
    op = lt_op_create(&st);
    if (!op) lt_p_oom(p);
  } else if (!p->failed) {
    lt_p_error_at(p, tok.ptr, "custom op '%s' failed to parse",
                  info->name->str);
  }
  if (!op) lt_p_drop_partial_ir(p);
  lt_op_state_free(&st);
  p->pending.len = m.pending;
  if (!op) goto out;
  lt_block_push_back(block, op);
  restore_marks(p, &m);
  *out_op = op;
  return lt_p_parse_trailing_loc(p, &op->loc, NULL);
out:
  restore_marks(p, &m);
  return r;
}

/* ---- operations
 * ------------------------------------------------------------------ */

lt_result_t lt_p_parse_operation(lt_asm_parser_t *p, lt_block_t *block) {
  const char *op_pos = p->tok.ptr;
  uint32_t res_base = p->operands.len;
  uint64_t expected = 0;
  lt_result_t r = LT_FAILURE;
  if (p->tok.kind == LT_TOK_PERCENT_ID) {
    do {
      if (p->tok.kind != LT_TOK_PERCENT_ID) {
        lt_p_wrong_token(p, "expected valid ssa identifier");
        goto out;
      }
      lt_asm_operand_t res = {p->tok.ptr, p->tok.len, 1, p->tok.ptr};
      lt_p_consume(p);
      if (lt_p_consume_if(p, LT_TOK_COLON)) {
        if (p->tok.kind != LT_TOK_INTEGER) {
          lt_p_wrong_token(p, "expected integer number of results");
          goto out;
        }
        uint64_t n;
        if (!lt_token_uint64(&p->tok, &n) || n < 1 || n > UINT32_MAX) {
          lt_p_error(p, "expected named operation to have at least 1 result");
          goto out;
        }
        lt_p_consume(p);
        res.number = (uint32_t)n;
      }
      expected += res.number;
      if (!LT_PVEC_PUSH(p, p->operands, res)) goto out;
    } while (lt_p_consume_if(p, LT_TOK_COMMA));
    if (LT_FAILED(lt_p_expect(p, LT_TOK_EQUAL, "expected '=' after SSA name")))
      goto out;
  }
  lt_op_t *op = NULL;
  if (p->tok.kind == LT_TOK_BARE_ID)
    r = parse_custom_op(p, block, &op);
  else if (p->tok.kind == LT_TOK_STRING)
    r = parse_generic_op(p, block, &op);
  else
    r = lt_p_wrong_token(p, "expected operation name in quotes");
  if (LT_FAILED(r) || p->operands.len == res_base) goto out;
  r = LT_FAILURE;
  if (op->num_results == 0) {
    lt_p_error_at(p, op_pos, "cannot name an operation with no results");
    goto out;
  }
  if (expected != op->num_results) {
    lt_p_error_at(p, op_pos,
                  "operation defines %u results but was provided "
                  "%llu to bind",
                  op->num_results, (unsigned long long)expected);
    goto out;
  }
  uint32_t index = 0;
  for (uint32_t g = res_base; g < p->operands.len; g++) {
    lt_asm_operand_t group = p->operands.data[g];
    for (uint32_t k = 0; k < group.number; k++) {
      lt_asm_operand_t def = {group.name, group.len, k, group.pos};
      if (LT_FAILED(lt_p_add_definition(p, &def, lt_op_result(op, index++))))
        goto out;
    }
  }
  r = LT_SUCCESS;
out:
  p->operands.len = res_base;
  return r;
}

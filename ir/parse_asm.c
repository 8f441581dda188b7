/* parse_asm.c - the custom-syntax API that op parse hooks use (MLIR's
 * OpAsmParser), and builtin.module's custom form
 * `module @name? attributes {...}? { ... }`. */
#include <stdarg.h>
#include <string.h>

#include "ir/builtin.h"
#include "ir/parse_internal.h"

lt_context_t *lt_asm_context(lt_asm_parser_t *p) { return p->ctx; }

const char *lt_asm_current_pos(lt_asm_parser_t *p) { return p->tok.ptr; }

const char *lt_asm_name_pos(lt_asm_parser_t *p) {
  return p->custom_op_pos ? p->custom_op_pos : p->tok.ptr;
}

lt_loc_t lt_asm_loc_of(lt_asm_parser_t *p, const char *pos) {
  return lt_p_loc(p, pos);
}

lt_loc_t lt_asm_current_loc(lt_asm_parser_t *p) {
  return lt_p_loc(p, p->tok.ptr);
}

static lt_result_t emit_v(lt_asm_parser_t *p, const char *pos, const char *fmt,
                          va_list ap) {
  lt_diag_t *d = lt_p_begin_error(p, pos);
  if (!d) return LT_FAILURE;
  if (p->custom_op) lt_diag_printf(d, "custom op '%s' ", p->custom_op);
  lt_strbuf_vprintf(&d->message, fmt, ap);
  return lt_p_end_error(p, d);
}

lt_result_t lt_asm_emit_error(lt_asm_parser_t *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lt_result_t r = emit_v(p, NULL, fmt, ap);
  va_end(ap);
  return r;
}

lt_result_t lt_asm_emit_error_at(lt_asm_parser_t *p, const char *pos,
                                 const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lt_result_t r = emit_v(p, pos, fmt, ap);
  va_end(ap);
  return r;
}

/* ---- punctuation and keywords
 * ---------------------------------------------------- */

bool lt_asm_peek(lt_asm_parser_t *p, lt_tok_kind_t kind) {
  return p->tok.kind == kind;
}

lt_result_t lt_asm_parse_token(lt_asm_parser_t *p, lt_tok_kind_t kind) {
  if (lt_p_consume_if(p, kind)) return p->failed ? LT_FAILURE : LT_SUCCESS;
  return lt_p_wrong_token(p, "expected '%s'", lt_tok_kind_spelling(kind));
}

bool lt_asm_parse_optional_token(lt_asm_parser_t *p, lt_tok_kind_t kind) {
  return lt_p_consume_if(p, kind);
}

lt_result_t lt_asm_parse_keyword(lt_asm_parser_t *p, const char *keyword) {
  if (lt_asm_parse_optional_keyword(p, keyword)) return LT_SUCCESS;
  return lt_asm_emit_error(p, "expected '%s'", keyword);
}

bool lt_asm_parse_optional_keyword(lt_asm_parser_t *p, const char *keyword) {
  if (!lt_p_is_kw(p, keyword)) return false;
  lt_p_consume(p);
  return true;
}

/* ---- operands
 * ------------------------------------------------------------------------ */

lt_result_t lt_asm_parse_operand(lt_asm_parser_t *p, lt_asm_operand_t *out) {
  return lt_p_parse_ssa_use(p, out, true);
}

bool lt_asm_parse_optional_operand(lt_asm_parser_t *p, lt_asm_operand_t *out,
                                   lt_result_t *out_result) {
  if (p->tok.kind != LT_TOK_PERCENT_ID) return false;
  *out_result = lt_p_parse_ssa_use(p, out, true);
  return true;
}

lt_result_t lt_asm_parse_operand_list(lt_asm_parser_t *p,
                                      lt_asm_operand_list_t *out) {
  out->items = NULL;
  out->count = 0;
  if (p->tok.kind != LT_TOK_PERCENT_ID) return LT_SUCCESS;
  uint32_t base = p->operands.len;
  lt_result_t r = LT_FAILURE;
  do {
    lt_asm_operand_t u;
    if (LT_FAILED(lt_p_parse_ssa_use(p, &u, true)) ||
        !LT_PVEC_PUSH(p, p->operands, u))
      goto out;
  } while (lt_p_consume_if(p, LT_TOK_COMMA));
  uint32_t n = p->operands.len - base;
  out->items = lt_p_arena_alloc(p, n * sizeof(lt_asm_operand_t));
  if (!out->items) goto out;
  memcpy(out->items, p->operands.data + base, n * sizeof(lt_asm_operand_t));
  out->count = n;
  r = LT_SUCCESS;
out:
  p->operands.len = base;
  return r;
}

lt_result_t lt_asm_resolve_operand(lt_asm_parser_t *p,
                                   const lt_asm_operand_t *operand,
                                   const lt_type_t *type, lt_value_t **out) {
  *out = lt_p_resolve_use(p, operand, type);
  return *out ? LT_SUCCESS : LT_FAILURE;
}

lt_result_t lt_asm_resolve_operands(lt_asm_parser_t *p,
                                    const lt_asm_operand_list_t *operands,
                                    const lt_type_t *const *types,
                                    uint32_t num_types, const char *pos,
                                    lt_op_state_t *state) {
  if (operands->count != num_types)
    return lt_asm_emit_error_at(p, pos, "%u operands present, but expected %u",
                                operands->count, num_types);
  for (uint32_t i = 0; i < num_types; i++) {
    lt_value_t *v = lt_p_resolve_use(p, &operands->items[i], types[i]);
    if (!v) return LT_FAILURE;
    lt_op_state_add_operand(state, v);
  }
  return LT_SUCCESS;
}

lt_result_t lt_asm_resolve_indices(lt_asm_parser_t *p,
                                   const lt_asm_operand_list_t *operands,
                                   lt_op_state_t *state) {
  const lt_type_t *type = lt_type_index(p->ctx);
  for (uint32_t i = 0; i < operands->count; i++) {
    lt_value_t *v = lt_p_resolve_use(p, &operands->items[i], type);
    if (!v) return LT_FAILURE;
    lt_op_state_add_operand(state, v);
  }
  return LT_SUCCESS;
}

/* ---- types
 * ----------------------------------------------------------------------------
 */

lt_result_t lt_asm_parse_type(lt_asm_parser_t *p, const lt_type_t **out) {
  *out = lt_p_parse_type(p);
  return *out ? LT_SUCCESS : LT_FAILURE;
}

lt_result_t lt_asm_parse_colon_type(lt_asm_parser_t *p, const lt_type_t **out) {
  *out = NULL;
  if (LT_FAILED(lt_p_expect(p, LT_TOK_COLON, "expected ':'")))
    return LT_FAILURE;
  return lt_asm_parse_type(p, out);
}

/* Moves p->types[base..] into an arena list. */
static lt_result_t take_types(lt_asm_parser_t *p, uint32_t base,
                              lt_asm_type_list_t *out) {
  uint32_t n = p->types.len - base;
  out->items = lt_p_arena_alloc(p, n * sizeof(const lt_type_t *));
  if (out->items) {
    memcpy(out->items, p->types.data + base, n * sizeof(const lt_type_t *));
    out->count = n;
  }
  p->types.len = base;
  return out->items ? LT_SUCCESS : LT_FAILURE;
}

lt_result_t lt_asm_parse_type_list(lt_asm_parser_t *p,
                                   lt_asm_type_list_t *out) {
  out->items = NULL;
  out->count = 0;
  uint32_t base = p->types.len;
  if (LT_FAILED(lt_p_parse_type_list_no_parens(p))) {
    p->types.len = base;
    return LT_FAILURE;
  }
  return take_types(p, base, out);
}

lt_result_t lt_asm_parse_colon_type_list(lt_asm_parser_t *p,
                                         lt_asm_type_list_t *out) {
  out->items = NULL;
  out->count = 0;
  if (LT_FAILED(lt_p_expect(p, LT_TOK_COLON, "expected ':'")))
    return LT_FAILURE;
  return lt_asm_parse_type_list(p, out);
}

lt_result_t lt_asm_parse_optional_arrow_types(lt_asm_parser_t *p,
                                              lt_op_state_t *state) {
  if (!lt_p_consume_if(p, LT_TOK_ARROW)) return LT_SUCCESS;
  uint32_t base = p->types.len;
  lt_result_t r = lt_p_parse_function_result_types(p);
  if (LT_SUCCEEDED(r))
    for (uint32_t i = base; i < p->types.len; i++)
      lt_op_state_add_result(state, p->types.data[i]);
  p->types.len = base;
  return r;
}

/* ---- attributes
 * ------------------------------------------------------------------------ */

lt_result_t lt_asm_parse_attr(lt_asm_parser_t *p, const lt_attr_t **out) {
  *out = lt_p_parse_attr(p, NULL);
  return *out ? LT_SUCCESS : LT_FAILURE;
}

static lt_result_t dict_into_state(lt_asm_parser_t *p, lt_op_state_t *state) {
  uint32_t base = p->named.len;
  lt_result_t r = lt_p_parse_attr_dict(p);
  if (LT_SUCCEEDED(r))
    for (uint32_t i = base; i < p->named.len; i++)
      lt_op_state_add_attr(state, p->named.data[i].name->str,
                           p->named.data[i].value);
  p->named.len = p->named_pos.len = base;
  return r;
}

lt_result_t lt_asm_parse_optional_attr_dict(lt_asm_parser_t *p,
                                            lt_op_state_t *state) {
  if (p->tok.kind != LT_TOK_L_BRACE) return LT_SUCCESS;
  return dict_into_state(p, state);
}

lt_result_t lt_asm_parse_optional_attr_dict_with_keyword(lt_asm_parser_t *p,
                                                         lt_op_state_t *state) {
  if (!lt_asm_parse_optional_keyword(p, "attributes")) return LT_SUCCESS;
  return dict_into_state(p, state);
}

lt_result_t lt_asm_parse_optional_attr_dict_value(lt_asm_parser_t *p,
                                                  const lt_attr_t **out) {
  *out = NULL;
  if (p->tok.kind != LT_TOK_L_BRACE) return LT_SUCCESS;
  uint32_t base = p->named.len;
  if (LT_FAILED(lt_p_parse_attr_dict(p))) {
    p->named.len = p->named_pos.len = base;
    return LT_FAILURE;
  }
  *out = lt_p_named_to_dict(p, base);
  return *out ? LT_SUCCESS : LT_FAILURE;
}

lt_result_t lt_asm_parse_optional_symbol_name(lt_asm_parser_t *p,
                                              const lt_attr_t **out) {
  *out = NULL;
  if (p->tok.kind != LT_TOK_AT_ID) return LT_SUCCESS;
  const lt_token_t *t = &p->tok;
  if (t->len > 1 && t->ptr[1] == '"') {
    uint32_t start;
    size_t n = lt_p_string_value(p, t, &start);
    if (!p->failed)
      *out = lt_attr_string(p->ctx, p->chars.data + start, n, NULL);
    p->chars.len = start;
  } else {
    *out = lt_attr_string(p->ctx, t->ptr + 1, t->len - 1, NULL);
  }
  if (!*out) return p->failed ? LT_FAILURE : lt_p_oom(p);
  lt_p_consume(p);
  return p->failed ? LT_FAILURE : LT_SUCCESS;
}

lt_result_t lt_asm_parse_symbol_name(lt_asm_parser_t *p,
                                     const lt_attr_t **out) {
  *out = NULL;
  if (p->tok.kind != LT_TOK_AT_ID)
    return lt_asm_emit_error(p,
                             "expected valid '@'-identifier for symbol name");
  return lt_asm_parse_optional_symbol_name(p, out);
}

/* ---- arguments and regions
 * ---------------------------------------------------------------- */

lt_result_t lt_asm_parse_optional_loc(lt_asm_parser_t *p,
                                      lt_asm_argument_t *arg) {
  return lt_p_parse_trailing_loc(p, &arg->loc, &arg->deferred_loc);
}

lt_result_t lt_asm_parse_argument(lt_asm_parser_t *p, lt_asm_argument_t *out,
                                  bool allow_type, bool allow_attrs) {
  memset(out, 0, sizeof(*out));
  if (LT_FAILED(lt_p_parse_ssa_use(p, &out->ssa, false))) return LT_FAILURE;
  if (allow_type && LT_FAILED(lt_asm_parse_colon_type(p, &out->type)))
    return LT_FAILURE;
  if (allow_attrs &&
      LT_FAILED(lt_asm_parse_optional_attr_dict_value(p, &out->attrs)))
    return LT_FAILURE;
  return lt_asm_parse_optional_loc(p, out);
}

lt_result_t lt_asm_parse_region(lt_asm_parser_t *p, lt_region_t *region,
                                const lt_asm_argument_t *args,
                                uint32_t num_args) {
  return lt_p_parse_region(p, region, args, num_args);
}

lt_result_t lt_asm_parse_optional_region(lt_asm_parser_t *p,
                                         lt_region_t *region,
                                         const lt_asm_argument_t *args,
                                         uint32_t num_args, bool *out_present) {
  *out_present = p->tok.kind == LT_TOK_L_BRACE;
  if (!*out_present) return LT_SUCCESS;
  return lt_p_parse_region(p, region, args, num_args);
}

void lt_asm_set_default_dialect(lt_asm_parser_t *p, const char *ns) {
  p->default_dialect = ns ? ns : "";
}

/* ---- builtin.module
 * -------------------------------------------------------------------- */

lt_result_t lt_builtin_module_parse(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_set_default_dialect(p, "builtin");
  const lt_attr_t *name;
  if (LT_FAILED(lt_asm_parse_optional_symbol_name(p, &name))) return LT_FAILURE;
  if (name) lt_op_state_add_attr(state, "sym_name", name);
  if (LT_FAILED(lt_asm_parse_optional_attr_dict_with_keyword(p, state)))
    return LT_FAILURE;
  lt_region_t *body = lt_op_state_add_region(state);
  if (!body) return lt_p_oom(p);
  if (LT_FAILED(lt_asm_parse_region(p, body, NULL, 0))) return LT_FAILURE;
  /* A module always has its one block, even when written `module {}`. */
  if (lt_region_empty(body)) {
    lt_block_t *b = lt_block_create(p->ctx);
    if (!b) return lt_p_oom(p);
    lt_region_push_back(body, b);
  }
  return LT_SUCCESS;
}

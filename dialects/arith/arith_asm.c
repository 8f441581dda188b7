/* arith_asm.c - print and parse hooks of the arith ops' custom forms (MLIR
 * 16's assembly formats, see arith_asm.h) and arith.constant's result
 * names. The fast-math flags of float ops are kept as the attribute
 * `#arith.fastmath<...>` that the generic form spells; `none` is not stored,
 * lite's arith has no fast-math semantics. */
#include "dialects/arith/arith_asm.h"

#include <string.h>

#include "dialects/arith/arith_fold.h"
#include "ir/parser.h"
#include "ir/printer.h"

static const char *const k_cmpi_names[] = {
#define X(k, s) s,
    LT_CMPI_PREDICATES(X)
#undef X
};

static const char *const k_cmpf_names[] = {
#define X(k, s) s,
    LT_CMPF_PREDICATES(X)
#undef X
};

/* Fast-math flags in MLIR's bit order; `fast` is all of them. */
static const char *const k_fastmath_names[] = {
    "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"};
#define FASTMATH_ALL ((1u << LT_ARRAY_SIZE(k_fastmath_names)) - 1)

/* ---- shared pieces ------------------------------------------------------- */

static void print_name_and_operands(lt_op_t *op, lt_asm_printer_t *p) {
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_op_operands(p, op);
}

static const lt_type_t *operand_type(lt_op_t *op, uint32_t i) {
  lt_value_t *v = lt_op_operand(op, i);
  return v ? v->type : NULL;
}

static bool has_shape(lt_op_t *op, uint32_t operands, uint32_t results) {
  if (op->num_operands != operands || op->num_results != results) return false;
  for (uint32_t i = 0; i < operands; i++)
    if (!operand_type(op, i)) return false;
  return true;
}

/* MLIR's getI1SameShape: i1, or a tensor/vector of i1 of the same shape
 * (without the encoding). */
static const lt_type_t *i1_same_shape(lt_context_t *ctx, const lt_type_t *t) {
  const lt_type_t *i1 = lt_type_integer(ctx, 1, LT_SIGNLESS);
  switch (t->kind) {
  case LT_TYPE_TENSOR:
    return lt_type_tensor(ctx, t->shaped.rank, t->shaped.shape, i1, NULL);
  case LT_TYPE_UNRANKED_TENSOR:
    return lt_type_unranked_tensor(ctx, i1);
  case LT_TYPE_VECTOR:
    return lt_type_vector(ctx, t->shaped.rank, t->shaped.shape, i1);
  default:
    return i1;
  }
}

static lt_result_t oom(lt_asm_parser_t *p) {
  return lt_asm_emit_error(p, "out of memory");
}

/* `%a, %b` resolved with type t, for the binary and compare forms. */
static lt_result_t resolve_pair(lt_asm_parser_t *p, const lt_asm_operand_t *a,
                                const lt_asm_operand_t *b, const lt_type_t *t,
                                lt_op_state_t *state) {
  lt_value_t *va, *vb;
  if (LT_FAILED(lt_asm_resolve_operand(p, a, t, &va)) ||
      LT_FAILED(lt_asm_resolve_operand(p, b, t, &vb)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, va);
  lt_op_state_add_operand(state, vb);
  return LT_SUCCESS;
}

/* ---- arith.constant ------------------------------------------------------ */

/* The type an attribute gives the constant's result (MLIR TypedAttr::
 * getType), NULL for attributes that have none. */
static const lt_type_t *value_type(lt_context_t *ctx, const lt_attr_t *a) {
  switch (a->kind) {
  case LT_ATTR_BOOL:
  case LT_ATTR_INTEGER:
  case LT_ATTR_FLOAT:
  case LT_ATTR_DENSE:
  case LT_ATTR_DENSE_RESOURCE:
    return a->type;
  case LT_ATTR_STRING:
  case LT_ATTR_OPAQUE:
    return a->type ? a->type : lt_type_none(ctx);
  default:
    return NULL;
  }
}

void lt_arith_print_constant(lt_op_t *op, lt_asm_printer_t *p) {
  static const char *const elided[] = {"value"};
  const lt_attr_t *value = lt_op_attr(op, "value");
  if (!has_shape(op, 0, 1) || !value ||
      value_type(lt_op_context(op), value) != op->results[0].type) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_attr_dict(p, op->attrs, LT_ARRAY_SIZE(elided), elided);
  lt_asm_print_raw(p, " ");
  lt_asm_print_attr(p, value);
}

lt_result_t lt_arith_parse_constant(lt_asm_parser_t *p, lt_op_state_t *state) {
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state))) return LT_FAILURE;
  const char *pos = lt_asm_current_pos(p);
  const lt_attr_t *value;
  if (LT_FAILED(lt_asm_parse_attr(p, &value))) return LT_FAILURE;
  const lt_type_t *type = value_type(lt_asm_context(p), value);
  if (!type)
    return lt_asm_emit_error_at(p, pos, "invalid kind of attribute specified");
  lt_op_state_add_attr(state, "value", value);
  lt_op_state_add_result(state, type);
  return LT_SUCCESS;
}

void lt_arith_constant_result_names(lt_op_t *op, lt_asm_set_name_fn_t set_name,
                                    void *cookie) {
  const lt_attr_t *value = lt_op_attr(op, "value");
  lt_value_t *result = lt_op_result(op, 0);
  const lt_type_t *type = result->type;
  if (!value ||
      (value->kind != LT_ATTR_INTEGER && value->kind != LT_ATTR_BOOL)) {
    set_name(cookie, result, "cst");
    return;
  }
  bool int_type = type && type->kind == LT_TYPE_INTEGER;
  if (int_type && type->integer.width == 1) {
    set_name(cookie, result, value->i ? "true" : "false");
    return;
  }
  /* The value as a signed number of its attribute's width (APInt's
   * printing), whatever the signedness it was stored with. */
  int64_t v = value->i;
  uint32_t width = lt_type_bit_width(value->type);
  if (width && width < 64)
    v = (int64_t)((uint64_t)v << (64 - width)) >> (64 - width);
  lt_strbuf_t name = {0};
  lt_strbuf_printf(&name, "c%lld", (long long)v);
  if (int_type) {
    lt_strbuf_putc(&name, '_');
    lt_type_print(type, &name);
  }
  if (name.data) set_name(cookie, result, name.data);
  lt_strbuf_free(&name);
}

/* ---- binary ops ---------------------------------------------------------- */

/* Decodes `fastmath<flag,...>` (an `#arith.fastmath<...>` attribute's data)
 * into bits; false when it is not that. */
bool lt_arith_fastmath_bits(const lt_attr_t *a, uint32_t *out_bits) {
  static const char prefix[] = "fastmath<";
  if (!a || a->kind != LT_ATTR_OPAQUE ||
      strcmp(a->opaque.dialect->str, "arith") != 0)
    return false;
  const char *s = a->opaque.data->str;
  size_t len = a->opaque.data->len, pl = sizeof prefix - 1;
  if (len < pl + 1 || memcmp(s, prefix, pl) != 0 || s[len - 1] != '>')
    return false;
  const char *at = s + pl, *end = s + len - 1;
  uint32_t bits = 0;
  for (;;) {
    while (at < end && *at == ' ')
      at++;
    const char *word = at;
    while (at < end && *at != ',' && *at != ' ')
      at++;
    size_t n = (size_t)(at - word);
    bool known = false;
    if (n == 4 && memcmp(word, "none", 4) == 0) known = true;
    if (n == 4 && memcmp(word, "fast", 4) == 0) {
      bits |= FASTMATH_ALL;
      known = true;
    }
    for (size_t i = 0; i < LT_ARRAY_SIZE(k_fastmath_names) && !known; i++)
      if (strlen(k_fastmath_names[i]) == n &&
          memcmp(word, k_fastmath_names[i], n) == 0) {
        bits |= 1u << i;
        known = true;
      }
    if (!known) return false;
    while (at < end && *at == ' ')
      at++;
    if (at == end) break;
    if (*at++ != ',') return false;
  }
  *out_bits = bits;
  return true;
}

/* `fastmath<nnan,ninf>` as MLIR prints the flags. */
void lt_arith_fastmath_text(uint32_t bits, lt_strbuf_t *out) {
  lt_strbuf_puts(out, "fastmath<");
  if (bits == FASTMATH_ALL) {
    lt_strbuf_puts(out, "fast");
  } else if (!bits) {
    lt_strbuf_puts(out, "none");
  } else {
    bool first = true;
    for (size_t i = 0; i < LT_ARRAY_SIZE(k_fastmath_names); i++) {
      if (!(bits & (1u << i))) continue;
      if (!first) lt_strbuf_putc(out, ',');
      first = false;
      lt_strbuf_puts(out, k_fastmath_names[i]);
    }
  }
  lt_strbuf_putc(out, '>');
}

static void print_binary(lt_op_t *op, lt_asm_printer_t *p, bool fastmath) {
  static const char *const elided[] = {"fastmath"};
  const lt_type_t *t = op->num_results ? op->results[0].type : NULL;
  if (!has_shape(op, 2, 1) || operand_type(op, 0) != t ||
      operand_type(op, 1) != t) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  print_name_and_operands(op, p);
  uint32_t bits = 0;
  bool decoded =
      fastmath && lt_arith_fastmath_bits(lt_op_attr(op, "fastmath"), &bits);
  if (bits) {
    lt_asm_print_raw(p, " ");
    lt_arith_fastmath_text(bits, lt_asm_stream(p));
  }
  lt_asm_print_attr_dict(p, op->attrs, decoded ? 1 : 0, elided);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, t);
}

void lt_arith_print_int_binary(lt_op_t *op, lt_asm_printer_t *p) {
  print_binary(op, p, false);
}

void lt_arith_print_float_binary(lt_op_t *op, lt_asm_printer_t *p) {
  print_binary(op, p, true);
}

/* `<flag, ...>` after the `fastmath` keyword; stores the attribute unless
 * the flags are none. */
lt_result_t lt_arith_parse_fastmath(lt_asm_parser_t *p, lt_op_state_t *state) {
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_LESS))) return LT_FAILURE;
  uint32_t bits = 0;
  do {
    bool known = false;
    if (lt_asm_parse_optional_keyword(p, "none")) {
      known = true;
    } else if (lt_asm_parse_optional_keyword(p, "fast")) {
      bits |= FASTMATH_ALL;
      known = true;
    }
    for (size_t i = 0; i < LT_ARRAY_SIZE(k_fastmath_names) && !known; i++)
      if (lt_asm_parse_optional_keyword(p, k_fastmath_names[i])) {
        bits |= 1u << i;
        known = true;
      }
    if (!known) {
      if (!lt_asm_peek(p, LT_TOK_BARE_ID))
        return lt_asm_emit_error(p, "expected valid keyword");
      return lt_asm_emit_error(p, "expected ::mlir::arith::FastMathFlags to "
                                  "be one of: none, reassoc, nnan, ninf, nsz, "
                                  "arcp, contract, afn, fast");
    }
  } while (lt_asm_parse_optional_token(p, LT_TOK_COMMA));
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_GREATER))) return LT_FAILURE;
  if (!bits) return LT_SUCCESS;
  lt_strbuf_t text = {0};
  lt_arith_fastmath_text(bits, &text);
  const lt_attr_t *a = text.data ? lt_attr_opaque(lt_asm_context(p), "arith",
                                                  text.data, text.len)
                                 : NULL;
  lt_strbuf_free(&text);
  if (!a) return oom(p);
  lt_op_state_add_attr(state, "fastmath", a);
  return LT_SUCCESS;
}

static lt_result_t parse_binary(lt_asm_parser_t *p, lt_op_state_t *state,
                                bool fastmath) {
  lt_asm_operand_t a, b;
  const lt_type_t *t;
  if (LT_FAILED(lt_asm_parse_operand(p, &a)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)) ||
      LT_FAILED(lt_asm_parse_operand(p, &b)))
    return LT_FAILURE;
  if (fastmath && lt_asm_parse_optional_keyword(p, "fastmath") &&
      LT_FAILED(lt_arith_parse_fastmath(p, state)))
    return LT_FAILURE;
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &t)) ||
      LT_FAILED(resolve_pair(p, &a, &b, t, state)))
    return LT_FAILURE;
  lt_op_state_add_result(state, t);
  return LT_SUCCESS;
}

lt_result_t lt_arith_parse_int_binary(lt_asm_parser_t *p,
                                      lt_op_state_t *state) {
  return parse_binary(p, state, false);
}

lt_result_t lt_arith_parse_float_binary(lt_asm_parser_t *p,
                                        lt_op_state_t *state) {
  return parse_binary(p, state, true);
}

/* `%0 = arith.negf %x fastmath<nnan> : f32` (math's unary ops too). */
void lt_arith_print_float_unary(lt_op_t *op, lt_asm_printer_t *p) {
  static const char *const elided[] = {"fastmath"};
  const lt_type_t *t = op->num_results ? op->results[0].type : NULL;
  if (!has_shape(op, 1, 1) || operand_type(op, 0) != t) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  print_name_and_operands(op, p);
  uint32_t bits = 0;
  bool decoded = lt_arith_fastmath_bits(lt_op_attr(op, "fastmath"), &bits);
  if (bits) {
    lt_asm_print_raw(p, " ");
    lt_arith_fastmath_text(bits, lt_asm_stream(p));
  }
  lt_asm_print_attr_dict(p, op->attrs, decoded ? 1 : 0, elided);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, t);
}

lt_result_t lt_arith_parse_float_unary(lt_asm_parser_t *p,
                                       lt_op_state_t *state) {
  lt_asm_operand_t a;
  const lt_type_t *t;
  lt_value_t *v;
  if (LT_FAILED(lt_asm_parse_operand(p, &a))) return LT_FAILURE;
  if (lt_asm_parse_optional_keyword(p, "fastmath") &&
      LT_FAILED(lt_arith_parse_fastmath(p, state)))
    return LT_FAILURE;
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &t)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &a, t, &v)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  lt_op_state_add_result(state, t);
  return LT_SUCCESS;
}

/* ---- cmpi / cmpf --------------------------------------------------------- */

static void print_compare(lt_op_t *op, lt_asm_printer_t *p,
                          const char *const *names, int64_t count) {
  static const char *const elided[] = {"predicate"};
  const lt_attr_t *pred = lt_op_attr(op, "predicate");
  const lt_type_t *t = has_shape(op, 2, 1) ? operand_type(op, 0) : NULL;
  if (!t || operand_type(op, 1) != t || !pred ||
      pred->kind != LT_ATTR_INTEGER || !pred->type ||
      pred->type->kind != LT_TYPE_INTEGER || pred->type->integer.width != 64 ||
      pred->type->integer.signedness != LT_SIGNLESS || pred->i < 0 ||
      pred->i >= count ||
      op->results[0].type != i1_same_shape(lt_op_context(op), t)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_printf(p, " %s, ", names[pred->i]);
  lt_asm_print_op_operands(p, op);
  lt_asm_print_attr_dict(p, op->attrs, LT_ARRAY_SIZE(elided), elided);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, t);
}

void lt_arith_print_cmpi(lt_op_t *op, lt_asm_printer_t *p) {
  print_compare(op, p, k_cmpi_names, LT_CMPI_COUNT);
}

void lt_arith_print_cmpf(lt_op_t *op, lt_asm_printer_t *p) {
  print_compare(op, p, k_cmpf_names, LT_CMPF_COUNT);
}

/* The predicate as a keyword or a string (MLIR accepts both). */
static lt_result_t parse_predicate(lt_asm_parser_t *p, const char *const *names,
                                   int64_t count, int64_t *out) {
  const char *pos = lt_asm_current_pos(p);
  if (lt_asm_peek(p, LT_TOK_STRING)) {
    const lt_attr_t *s;
    if (LT_FAILED(lt_asm_parse_attr(p, &s))) return LT_FAILURE;
    for (int64_t i = 0; i < count; i++)
      if (s->kind == LT_ATTR_STRING && s->str.len == strlen(names[i]) &&
          memcmp(s->str.data, names[i], s->str.len) == 0) {
        *out = i;
        return LT_SUCCESS;
      }
    if (s->kind == LT_ATTR_STRING)
      return lt_asm_emit_error_at(p, pos,
                                  "invalid predicate attribute specification: "
                                  "\"%.*s\"",
                                  (int)s->str.len, s->str.data);
  } else {
    for (int64_t i = 0; i < count; i++)
      if (lt_asm_parse_optional_keyword(p, names[i])) {
        *out = i;
        return LT_SUCCESS;
      }
  }
  lt_strbuf_t list = {0};
  for (int64_t i = 0; i < count; i++)
    lt_strbuf_printf(&list, "%s%s", i ? ", " : "", names[i]);
  lt_result_t r = lt_asm_emit_error_at(
      p, pos,
      "expected string or keyword containing one of the following enum "
      "values for attribute 'predicate' [%s]",
      list.data ? list.data : "");
  lt_strbuf_free(&list);
  return r;
}

/* MLIR checks the operand type's constraint while parsing, as it builds the
 * result type from it, and reports it at the op name. */
static lt_result_t check_operand_class(lt_asm_parser_t *p, const lt_type_t *t,
                                       bool is_float) {
  const lt_type_t *e = lt_type_element(t);
  bool ok = is_float ? lt_type_is_float(e)
                     : e->kind == LT_TYPE_INDEX ||
                           (e->kind == LT_TYPE_INTEGER &&
                            e->integer.signedness == LT_SIGNLESS);
  if (ok) return LT_SUCCESS;
  lt_strbuf_t text = {0};
  lt_type_print(t, &text);
  lt_result_t r = lt_asm_emit_error_at(
      p, lt_asm_name_pos(p), "'lhs' must be %s, but got '%s'",
      is_float ? "floating-point-like" : "signless-integer-like",
      text.data ? text.data : "");
  lt_strbuf_free(&text);
  return r;
}

static lt_result_t parse_compare(lt_asm_parser_t *p, lt_op_state_t *state,
                                 const char *const *names, int64_t count) {
  lt_context_t *ctx = lt_asm_context(p);
  int64_t pred = 0;
  lt_asm_operand_t a, b;
  const lt_type_t *t;
  if (LT_FAILED(parse_predicate(p, names, count, &pred)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)) ||
      LT_FAILED(lt_asm_parse_operand(p, &a)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)) ||
      LT_FAILED(lt_asm_parse_operand(p, &b)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &t)) ||
      LT_FAILED(check_operand_class(p, t, names == k_cmpf_names)) ||
      LT_FAILED(resolve_pair(p, &a, &b, t, state)))
    return LT_FAILURE;
  const lt_attr_t *attr =
      lt_attr_integer(ctx, lt_type_integer(ctx, 64, LT_SIGNLESS), pred);
  const lt_type_t *result = i1_same_shape(ctx, t);
  if (!attr || !result) return oom(p);
  lt_op_state_add_attr(state, "predicate", attr);
  lt_op_state_add_result(state, result);
  return LT_SUCCESS;
}

lt_result_t lt_arith_parse_cmpi(lt_asm_parser_t *p, lt_op_state_t *state) {
  return parse_compare(p, state, k_cmpi_names, LT_CMPI_COUNT);
}

lt_result_t lt_arith_parse_cmpf(lt_asm_parser_t *p, lt_op_state_t *state) {
  return parse_compare(p, state, k_cmpf_names, LT_CMPF_COUNT);
}

/* ---- arith.select -------------------------------------------------------- */

/* MLIR SelectOp::print: the condition's type is spelled when it is shaped
 * (an i1 scalar condition is implied). */
void lt_arith_print_select(lt_op_t *op, lt_asm_printer_t *p) {
  const lt_type_t *t = op->num_results == 1 ? op->results[0].type : NULL;
  const lt_type_t *cond = has_shape(op, 3, 1) ? operand_type(op, 0) : NULL;
  lt_context_t *ctx = lt_op_context(op);
  if (!cond || operand_type(op, 1) != t || operand_type(op, 2) != t ||
      (!lt_type_is_shaped(cond) &&
       cond != lt_type_integer(ctx, 1, LT_SIGNLESS))) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  print_name_and_operands(op, p);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  if (lt_type_is_shaped(cond)) {
    lt_asm_print_type(p, cond);
    lt_asm_print_raw(p, ", ");
  }
  lt_asm_print_type(p, t);
}

lt_result_t lt_arith_parse_select(lt_asm_parser_t *p, lt_op_state_t *state) {
  const char *pos = lt_asm_current_pos(p);
  lt_asm_operand_list_t operands;
  const lt_type_t *types[3];
  if (LT_FAILED(lt_asm_parse_operand_list(p, &operands))) return LT_FAILURE;
  if (operands.count != 3)
    return lt_asm_emit_error_at(p, pos, "expected 3 operands");
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &types[1])))
    return LT_FAILURE;
  types[0] = lt_type_integer(lt_asm_context(p), 1, LT_SIGNLESS);
  if (lt_asm_parse_optional_token(p, LT_TOK_COMMA)) {
    types[0] = types[1];
    if (LT_FAILED(lt_asm_parse_type(p, &types[1]))) return LT_FAILURE;
  }
  types[2] = types[1];
  if (!types[0]) return oom(p);
  lt_op_state_add_result(state, types[1]);
  return lt_asm_resolve_operands(p, &operands, types, 3, pos, state);
}

/* ---- casts --------------------------------------------------------------- */

void lt_arith_print_cast(lt_op_t *op, lt_asm_printer_t *p) {
  if (!has_shape(op, 1, 1) || !op->results[0].type) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  print_name_and_operands(op, p);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, operand_type(op, 0));
  lt_asm_print_raw(p, " to ");
  lt_asm_print_type(p, op->results[0].type);
}

lt_result_t lt_arith_parse_cast(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_t in;
  const lt_type_t *from, *to;
  lt_value_t *v;
  if (LT_FAILED(lt_asm_parse_operand(p, &in)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &from)) ||
      LT_FAILED(lt_asm_parse_keyword(p, "to")) ||
      LT_FAILED(lt_asm_parse_type(p, &to)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &in, from, &v)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  lt_op_state_add_result(state, to);
  return LT_SUCCESS;
}

/* parse_types.c - builtin types (integers of any width, floats, index, none,
 * function, tensor, vector; memref in parse_memref.c), type aliases and opaque
 * dialect types (mlir/lib/AsmParser/TypeParser.cpp). */
#include <string.h>

#include "ir/parse_internal.h"

/* ---- dialect symbols ------------------------------------------------------
 */

lt_result_t lt_p_parse_symbol_body(lt_asm_parser_t *p, const char **out_end) {
  const char *cur = p->tok.ptr; /* at '<' */
  uint32_t stack_base = p->chars.len;
  lt_result_t r = LT_FAILURE;
  do {
    char c = *cur++;
    char open = 0;
    switch (c) {
    case '\0':
      if (p->chars.len > stack_base) goto unbalanced;
      lt_p_error(p, "unexpected nul or EOF in pretty dialect name");
      goto done;
    case '<':
    case '[':
    case '(':
    case '{':
      if (!LT_PVEC_PUSH(p, p->chars, c)) goto done;
      continue;
    case '-':
      if (*cur == '>') ++cur; /* `->` is one token, not a closer */
      continue;
    case '>':
      open = '<';
      break;
    case ']':
      open = '[';
      break;
    case ')':
      open = '(';
      break;
    case '}':
      open = '{';
      break;
    case '"': {
      lt_lexer_t sub = p->lex;
      lt_lexer_reset(&sub, cur - 1);
      lt_token_t s = lt_lexer_next(&sub);
      if (s.kind == LT_TOK_ERROR) {
        lt_p_error_at(p, sub.err_pos, "%s", sub.err_msg);
        goto done;
      }
      cur = sub.cur;
      continue;
    }
    default:
      continue;
    }
    if (p->chars.len == stack_base || p->chars.data[p->chars.len - 1] != open)
      goto unbalanced;
    p->chars.len--;
  } while (p->chars.len > stack_base);
  *out_end = cur;
  lt_lexer_reset(&p->lex, cur);
  lt_p_consume(p);
  r = p->failed ? LT_FAILURE : LT_SUCCESS;
  goto done;
unbalanced:
  lt_p_error(p, "unbalanced '%c' character in pretty dialect name",
             p->chars.len > stack_base ? p->chars.data[p->chars.len - 1] : '<');
done:
  p->chars.len = stack_base;
  return r;
}

/* MLIR's Dialect::isValidNamespace: [a-zA-Z_][a-zA-Z_0-9$]* */
static bool valid_namespace(const char *s, uint32_t len) {
  if (len == 0 || !lt_lex_is_bare_id_start(s[0])) return false;
  for (uint32_t i = 1; i < len; i++)
    if (!lt_lex_is_bare_id_char(s[i]) || s[i] == '.') return false;
  return true;
}

lt_result_t lt_p_parse_extended_symbol(lt_asm_parser_t *p, lt_pmap_t *aliases,
                                       lt_psymbol_t *out) {
  memset(out, 0, sizeof(*out));
  const char *ident = p->tok.ptr + 1;
  uint32_t len = p->tok.len - 1;
  out->pos = p->tok.ptr;
  lt_p_consume(p);
  if (p->failed) return LT_FAILURE;
  const char *dot = memchr(ident, '.', len);
  uint32_t ns_len = dot ? (uint32_t)(dot - ident) : len;
  bool pretty = dot != NULL;
  bool trailing = p->tok.kind == LT_TOK_LESS && p->tok.ptr == ident + len;
  if (!trailing && !pretty) {
    lt_pentry_t *e = lt_pmap_find(aliases, ident, len, 0);
    if (!e)
      return lt_p_wrong_token(p, "undefined symbol alias id '%.*s'", (int)len,
                              ident);
    out->alias = lt_pentry_slots(e)[0].ptr;
    return LT_SUCCESS;
  }
  if (!valid_namespace(ident, ns_len))
    return lt_p_error_at(p, out->pos, "invalid dialect namespace '%.*s'",
                         (int)ns_len, ident);
  const char *end;
  if (!pretty) {
    const char *body = p->tok.ptr;
    if (LT_FAILED(lt_p_parse_symbol_body(p, &end))) return LT_FAILURE;
    out->data = body + 1;
    out->data_len = (uint32_t)(end - body - 2);
  } else {
    out->data = dot + 1;
    end = ident + len;
    if (trailing && LT_FAILED(lt_p_parse_symbol_body(p, &end)))
      return LT_FAILURE;
    out->data_len = (uint32_t)(end - out->data);
  }
  out->dialect = lt_p_cstr(p, ident, ns_len);
  return out->dialect ? LT_SUCCESS : LT_FAILURE;
}

/* ---- shapes -----------------------------------------------------------------
 */

/* `x` between dimensions; the lexer sees `4xf32` as `4` then `xf32`, so the
 * rest of the identifier is lexed again. */
static lt_result_t parse_x_in_dims(lt_asm_parser_t *p) {
  if (p->tok.kind != LT_TOK_BARE_ID || p->tok.ptr[0] != 'x')
    return lt_p_wrong_token(p, "expected 'x' in dimension list");
  if (p->tok.len > 1) lt_lexer_reset(&p->lex, p->tok.ptr + 1);
  lt_p_consume(p);
  return p->failed ? LT_FAILURE : LT_SUCCESS;
}

static lt_result_t parse_int_in_dims(lt_asm_parser_t *p, int64_t *out) {
  /* `0x4` lexed as hex is really `0`, `x`, `4`. */
  if (p->tok.len > 1 && p->tok.ptr[1] == 'x') {
    *out = 0;
    lt_lexer_reset(&p->lex, p->tok.ptr + 1);
    lt_p_consume(p);
    return p->failed ? LT_FAILURE : LT_SUCCESS;
  }
  uint64_t v;
  if (!lt_token_uint64(&p->tok, &v) || v > (uint64_t)INT64_MAX)
    return lt_p_error(p, "invalid dimension");
  *out = (int64_t)v;
  lt_p_consume(p);
  return LT_SUCCESS;
}

lt_result_t lt_p_parse_dims_ranked(lt_asm_parser_t *p, bool allow_dynamic) {
  while (p->tok.kind == LT_TOK_INTEGER || p->tok.kind == LT_TOK_QUESTION) {
    int64_t d;
    if (p->tok.kind == LT_TOK_QUESTION) {
      if (!allow_dynamic) return lt_p_error(p, "expected static shape");
      lt_p_consume(p);
      d = LT_DYNAMIC;
    } else if (LT_FAILED(parse_int_in_dims(p, &d))) {
      return LT_FAILURE;
    }
    if (!LT_PVEC_PUSH(p, p->dims, d) || LT_FAILED(parse_x_in_dims(p)))
      return LT_FAILURE;
  }
  return LT_SUCCESS;
}

static bool valid_tensor_element(const lt_type_t *t) {
  switch (t->kind) {
  case LT_TYPE_INTEGER:
  case LT_TYPE_INDEX:
  case LT_TYPE_F16:
  case LT_TYPE_BF16:
  case LT_TYPE_F32:
  case LT_TYPE_F64:
  case LT_TYPE_VECTOR:
  case LT_TYPE_OPAQUE:
    return true;
  default:
    return false;
  }
}

static const lt_type_t *parse_tensor(lt_asm_parser_t *p) {
  lt_p_consume(p); /* tensor */
  if (LT_FAILED(lt_p_expect(p, LT_TOK_LESS, "expected '<' in tensor type")))
    return NULL;
  uint32_t base = p->dims.len;
  const lt_type_t *result = NULL;
  bool unranked = false;
  if (lt_p_consume_if(p, LT_TOK_STAR)) {
    unranked = true;
    if (LT_FAILED(parse_x_in_dims(p))) goto out;
  } else if (LT_FAILED(lt_p_parse_dims_ranked(p, true))) {
    goto out;
  }
  const char *elt_pos = p->tok.ptr;
  const lt_type_t *elt = lt_p_parse_type(p);
  if (!elt) goto out;
  const lt_attr_t *encoding = NULL;
  if (lt_p_consume_if(p, LT_TOK_COMMA)) {
    encoding = lt_p_parse_attr(p, NULL);
    if (!encoding) goto out;
  }
  if (LT_FAILED(lt_p_expect(p, LT_TOK_GREATER, "expected '>' in tensor type")))
    goto out;
  if (!valid_tensor_element(elt)) {
    lt_p_error_at(p, elt_pos, "invalid tensor element type");
    goto out;
  }
  if (unranked) {
    if (encoding) {
      lt_p_error(p, "cannot apply encoding to unranked tensor");
      goto out;
    }
    result = lt_type_unranked_tensor(p->ctx, elt);
  } else {
    result = lt_type_tensor(p->ctx, p->dims.len - base, p->dims.data + base,
                            elt, encoding);
  }
  if (!result) lt_p_oom(p);
out:
  p->dims.len = base;
  return result;
}

static const lt_type_t *parse_vector(lt_asm_parser_t *p) {
  lt_p_consume(p); /* vector */
  if (LT_FAILED(lt_p_expect(p, LT_TOK_LESS, "expected '<' in vector type")))
    return NULL;
  uint32_t base = p->dims.len;
  const lt_type_t *result = NULL;
  while (p->tok.kind == LT_TOK_INTEGER) {
    int64_t d;
    if (LT_FAILED(parse_int_in_dims(p, &d)) || !LT_PVEC_PUSH(p, p->dims, d) ||
        LT_FAILED(parse_x_in_dims(p)))
      goto out;
  }
  if (p->tok.kind == LT_TOK_L_SQUARE) {
    lt_p_error(p, "scalable vector dimensions are not supported");
    goto out;
  }
  for (uint32_t i = base; i < p->dims.len; i++) {
    if (p->dims.data[i] <= 0) {
      lt_p_error(p, "vector types must have positive constant sizes");
      goto out;
    }
  }
  const char *elt_pos = p->tok.ptr;
  const lt_type_t *elt = lt_p_parse_type(p);
  if (!elt ||
      LT_FAILED(lt_p_expect(p, LT_TOK_GREATER, "expected '>' in vector type")))
    goto out;
  if (!lt_type_is_int_or_index(elt) && !lt_type_is_float(elt)) {
    lt_p_error_at(p, elt_pos, "vector elements must be int/index/float type");
    goto out;
  }
  result = lt_type_vector(p->ctx, p->dims.len - base, p->dims.data + base, elt);
  if (!result) lt_p_oom(p);
out:
  p->dims.len = base;
  return result;
}

/* ---- the type grammar
 * --------------------------------------------------------- */

/* MLIR's maximum integer width (IntegerType::kMaxWidth). */
#define LT_MAX_INT_WIDTH 16777215u

/* iN / siN / uiN: *out_width = 0 when the spelling is not an integer type. */
static bool int_type_spelling(const lt_token_t *t, uint32_t *out_start,
                              lt_signedness_t *out_sign) {
  const char *s = t->ptr;
  uint32_t start;
  if (t->len > 1 && s[0] == 'i') {
    start = 1;
    *out_sign = LT_SIGNLESS;
  } else if (t->len > 2 && s[1] == 'i' && (s[0] == 's' || s[0] == 'u')) {
    start = 2;
    *out_sign = s[0] == 's' ? LT_SIGNED : LT_UNSIGNED;
  } else {
    return false;
  }
  for (uint32_t i = start; i < t->len; i++)
    if (s[i] < '0' || s[i] > '9') return false;
  *out_start = start;
  return true;
}

static const lt_type_t *parse_int_type(lt_asm_parser_t *p, uint32_t start,
                                       lt_signedness_t sign) {
  uint64_t width = 0;
  for (uint32_t i = start; i < p->tok.len; i++) {
    width = width * 10 + (uint64_t)(p->tok.ptr[i] - '0');
    if (width > UINT32_MAX) return lt_p_error(p, "invalid integer width"), NULL;
  }
  if (width > LT_MAX_INT_WIDTH)
    return lt_p_error(p, "integer bitwidth is limited to %u bits",
                      LT_MAX_INT_WIDTH),
           NULL;
  if (width == 0)
    return lt_p_error(p, "zero-width integer types are not supported"), NULL;
  lt_p_consume(p);
  return lt_type_integer(p->ctx, (uint32_t)width, sign);
}

/* Builtin type keywords of MLIR that lite does not model. */
static const char *const kUnsupported[] = {
    "complex", "tuple",    "f80",        "f128",       "tf32",
    "f8E5M2",  "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ"};

/* 0: no type starts at the current token; else like parse_non_function. */
static int parse_builtin_keyword(lt_asm_parser_t *p, const lt_type_t **out) {
  const lt_token_t *t = &p->tok;
  uint32_t start;
  lt_signedness_t sign;
  const lt_type_t *r;
  if (int_type_spelling(t, &start, &sign)) {
    r = parse_int_type(p, start, sign);
  } else if (lt_token_is(t, "f32")) {
    lt_p_consume(p);
    r = lt_type_float(p->ctx, LT_TYPE_F32);
  } else if (lt_token_is(t, "f16")) {
    lt_p_consume(p);
    r = lt_type_float(p->ctx, LT_TYPE_F16);
  } else if (lt_token_is(t, "bf16")) {
    lt_p_consume(p);
    r = lt_type_float(p->ctx, LT_TYPE_BF16);
  } else if (lt_token_is(t, "f64")) {
    lt_p_consume(p);
    r = lt_type_float(p->ctx, LT_TYPE_F64);
  } else if (lt_token_is(t, "index")) {
    lt_p_consume(p);
    r = lt_type_index(p->ctx);
  } else if (lt_token_is(t, "none")) {
    lt_p_consume(p);
    r = lt_type_none(p->ctx);
  } else if (lt_token_is(t, "tensor")) {
    if (LT_FAILED(lt_p_enter(p))) return -1;
    r = parse_tensor(p);
    lt_p_leave(p);
  } else if (lt_token_is(t, "vector")) {
    if (LT_FAILED(lt_p_enter(p))) return -1;
    r = parse_vector(p);
    lt_p_leave(p);
  } else if (lt_token_is(t, "memref")) {
    if (LT_FAILED(lt_p_enter(p))) return -1;
    r = lt_p_parse_memref_type(p);
    lt_p_leave(p);
  } else {
    for (size_t i = 0; i < LT_ARRAY_SIZE(kUnsupported); i++) {
      if (lt_token_is(t, kUnsupported[i])) {
        lt_p_error(p, "'%s' types are not supported", kUnsupported[i]);
        return -1;
      }
    }
    return 0;
  }
  if (!r) {
    if (!p->failed) lt_p_oom(p);
    return -1;
  }
  *out = r;
  return 1;
}

static const lt_type_t *parse_extended_type(lt_asm_parser_t *p) {
  uint32_t mark = p->chars.len;
  lt_psymbol_t sym;
  const lt_type_t *t = NULL;
  if (LT_SUCCEEDED(lt_p_parse_extended_symbol(p, &p->type_aliases, &sym))) {
    t = sym.alias ? sym.alias
                  : lt_type_opaque(p->ctx, sym.dialect, sym.data, sym.data_len);
    if (!t) lt_p_oom(p);
  }
  p->chars.len = mark;
  return t;
}

const lt_type_t *lt_p_parse_non_function_type(lt_asm_parser_t *p) {
  const lt_type_t *t = NULL;
  switch (p->tok.kind) {
  case LT_TOK_BARE_ID: {
    int r = parse_builtin_keyword(p, &t);
    if (r > 0) return t;
    if (r < 0) return NULL;
    break;
  }
  case LT_TOK_BANG_ID:
    return parse_extended_type(p);
  default:
    break;
  }
  lt_p_wrong_token(p, "expected non-function type");
  return NULL;
}

lt_result_t lt_p_parse_type_list_no_parens(lt_asm_parser_t *p) {
  do {
    const lt_type_t *t = lt_p_parse_type(p);
    if (!t || !LT_PVEC_PUSH(p, p->types, t)) return LT_FAILURE;
  } while (lt_p_consume_if(p, LT_TOK_COMMA));
  return LT_SUCCESS;
}

lt_result_t lt_p_parse_type_list_parens(lt_asm_parser_t *p) {
  if (LT_FAILED(lt_p_expect(p, LT_TOK_L_PAREN, "expected '('")))
    return LT_FAILURE;
  if (lt_p_consume_if(p, LT_TOK_R_PAREN)) return LT_SUCCESS;
  if (LT_FAILED(lt_p_parse_type_list_no_parens(p))) return LT_FAILURE;
  return lt_p_expect(p, LT_TOK_R_PAREN, "expected ')'");
}

lt_result_t lt_p_parse_function_result_types(lt_asm_parser_t *p) {
  if (p->tok.kind == LT_TOK_L_PAREN) return lt_p_parse_type_list_parens(p);
  const lt_type_t *t = lt_p_parse_non_function_type(p);
  if (!t || !LT_PVEC_PUSH(p, p->types, t)) return LT_FAILURE;
  return LT_SUCCESS;
}

static const lt_type_t *parse_function_type(lt_asm_parser_t *p) {
  if (LT_FAILED(lt_p_enter(p))) return NULL;
  uint32_t base = p->types.len;
  const lt_type_t *result = NULL;
  if (LT_FAILED(lt_p_parse_type_list_parens(p))) goto out;
  uint32_t num_inputs = p->types.len - base;
  if (LT_FAILED(
          lt_p_expect(p, LT_TOK_ARROW, "expected '->' in function type")) ||
      LT_FAILED(lt_p_parse_function_result_types(p)))
    goto out;
  const lt_type_t **types = p->types.data + base;
  result =
      lt_type_function(p->ctx, num_inputs, types,
                       p->types.len - base - num_inputs, types + num_inputs);
  if (!result) lt_p_oom(p);
out:
  p->types.len = base;
  lt_p_leave(p);
  return result;
}

const lt_type_t *lt_p_parse_type(lt_asm_parser_t *p) {
  if (p->tok.kind == LT_TOK_L_PAREN) return parse_function_type(p);
  return lt_p_parse_non_function_type(p);
}

int lt_p_parse_optional_type(lt_asm_parser_t *p, const lt_type_t **out) {
  switch (p->tok.kind) {
  case LT_TOK_L_PAREN:
  case LT_TOK_BANG_ID:
    *out = lt_p_parse_type(p);
    return *out ? 1 : -1;
  case LT_TOK_BARE_ID:
    return parse_builtin_keyword(p, out);
  default:
    return 0;
  }
}

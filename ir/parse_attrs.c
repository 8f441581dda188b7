/* parse_attrs.c - builtin attributes: integers and floats with their range
 * checks, strings, arrays, dictionaries, symbol references, types, unit,
 * inline locations, aliases and opaque dialect attributes
 * (mlir/lib/AsmParser/AttributeParser.cpp). Dense literals: parse_dense.c. */
#include <stdlib.h>
#include <string.h>

#include "ir/float16.h"
#include "ir/parse_internal.h"

typedef unsigned __int128 u128;

/* ---- literals
 * ---------------------------------------------------------------- */

bool lt_p_float_value(const lt_token_t *tok, double *out) {
  /* A FLOAT token is a maximal strtod prefix: strtod stops where it ends.
   * Out-of-range literals become infinity or zero, as in MLIR 16. */
  char *end;
  double v = strtod(tok->ptr, &end);
  if (end != tok->ptr + tok->len) return false;
  *out = v;
  return true;
}

/* Magnitude of an integer literal; false past 128 bits. */
static bool literal_value(const char *s, uint32_t len, u128 *out) {
  u128 v = 0;
  if (len > 2 && s[0] == '0' && s[1] == 'x') {
    for (uint32_t i = 2; i < len; i++) {
      if (v >> 124) return false;
      char c = s[i];
      unsigned d =
          c <= '9' ? (unsigned)(c - '0') : (unsigned)((c | 0x20) - 'a' + 10);
      v = (v << 4) | d;
    }
  } else {
    for (uint32_t i = 0; i < len; i++) {
      unsigned d = (unsigned)(s[i] - '0');
      if (v > (~(u128)0 - d) / 10) return false;
      v = v * 10 + d;
    }
  }
  *out = v;
  return true;
}

bool lt_p_int_fits(const char *spelling, uint32_t len, bool negative,
                   uint32_t width, bool is_signed, bool is_unsigned,
                   unsigned __int128 *out) {
  u128 m;
  if (!literal_value(spelling, len, &m)) return false;
  if (negative && is_unsigned) return false;
  /* Beyond 128 bits only magnitudes below 2^127 are represented. */
  if (width >= 128 && (m >> 127)) return false;
  if (width < 128 && (m >> width) != 0) return false;
  if (negative) {
    /* -m must have the sign bit set: 1 <= m <= 2^(width-1). MLIR rejects
     * `-0` this way too. */
    u128 limit = width >= 128 ? (u128)1 << 127 : (u128)1 << (width - 1);
    if (m == 0 || m > limit) return false;
    *out = (u128)0 - m;
    return true;
  }
  if (is_signed) {
    u128 limit = width >= 128 ? (u128)1 << 127 : (u128)1 << (width - 1);
    if (m >= limit) return false;
  }
  *out = m;
  return true;
}

lt_result_t lt_p_float_from_int_literal(lt_asm_parser_t *p,
                                        const lt_token_t *tok, bool negative,
                                        const lt_type_t *type, uint64_t *out) {
  bool hex = tok->len > 1 && tok->ptr[1] == 'x';
  if (!hex) {
    lt_diag_t *d = lt_p_begin_error(p, tok->ptr);
    if (d) {
      lt_diag_printf(d, "unexpected decimal integer literal for a floating "
                        "point value");
      lt_diag_printf(lt_diag_note(d, lt_p_loc(p, tok->ptr)),
                     "add a trailing dot to make the literal a float");
    }
    return lt_p_end_error(p, d);
  }
  if (negative)
    return lt_p_error_at(p, tok->ptr,
                         "hexadecimal float literal should not "
                         "have a leading minus");
  uint64_t v;
  uint32_t width = lt_type_bit_width(type);
  if (!lt_token_uint64(tok, &v) || (width < 64 && (v >> width) != 0))
    return lt_p_error_at(p, tok->ptr,
                         "hexadecimal float constant out of range for type");
  *out = v;
  return LT_SUCCESS;
}

static const lt_attr_t *parse_int_attr(lt_asm_parser_t *p,
                                       const lt_type_t *type, bool negative) {
  lt_token_t tok = p->tok;
  lt_p_consume(p);
  if (!type) {
    if (!lt_p_consume_if(p, LT_TOK_COLON))
      type = lt_type_integer(p->ctx, 64, LT_SIGNLESS);
    else if (!(type = lt_p_parse_type(p)))
      return NULL;
  }
  if (lt_type_is_float(type)) {
    uint64_t bits;
    if (LT_FAILED(lt_p_float_from_int_literal(p, &tok, negative, type, &bits)))
      return NULL;
    return lt_attr_float(p->ctx, type, lt_float_from_bits(type->kind, bits));
  }
  if (!lt_type_is_int_or_index(type))
    return lt_p_error_at(p, tok.ptr,
                         "integer literal not valid for specified "
                         "type"),
           NULL;
  bool is_unsigned =
      type->kind == LT_TYPE_INTEGER && type->integer.signedness == LT_UNSIGNED;
  if (negative && is_unsigned)
    return lt_p_error_at(p, tok.ptr,
                         "negative integer literal not valid for "
                         "unsigned integer type"),
           NULL;
  bool is_signed =
      type->kind == LT_TYPE_INDEX || type->integer.signedness == LT_SIGNED;
  uint32_t width = type->kind == LT_TYPE_INDEX ? 64 : type->integer.width;
  u128 bits;
  bool ok = lt_p_int_fits(tok.ptr, tok.len, negative, width, is_signed,
                          is_unsigned, &bits);
  /* Integer attributes hold 64 bits: wider types take what fits in them. */
  if (ok && width > 64)
    ok = is_unsigned ? (bits >> 63) == 0
                     : (__int128)bits == (__int128)(int64_t)(uint64_t)bits;
  if (!ok)
    return lt_p_error_at(p, tok.ptr,
                         "integer constant out of range for "
                         "attribute"),
           NULL;
  return lt_attr_integer(p->ctx, type, (int64_t)(uint64_t)bits);
}

static const lt_attr_t *parse_float_attr(lt_asm_parser_t *p,
                                         const lt_type_t *type, bool negative) {
  double v;
  if (!lt_p_float_value(&p->tok, &v))
    return lt_p_error(p, "floating point value too large for attribute"), NULL;
  lt_p_consume(p);
  if (!type) {
    if (!lt_p_consume_if(p, LT_TOK_COLON))
      type = lt_type_float(p->ctx, LT_TYPE_F64);
    else if (!(type = lt_p_parse_type(p)))
      return NULL;
  }
  if (!lt_type_is_float(type))
    return lt_p_error(p, "floating point value not valid for specified type"),
           NULL;
  return lt_attr_float(p->ctx, type, negative ? -v : v);
}

/* ---- structured attributes ------------------------------------------------
 */

static const lt_attr_t *parse_string_attr(lt_asm_parser_t *p,
                                          const lt_type_t *type) {
  uint32_t start;
  size_t n = lt_p_string_value(p, &p->tok, &start);
  if (p->failed) return NULL;
  lt_p_consume(p);
  if (!type && lt_p_consume_if(p, LT_TOK_COLON) &&
      !(type = lt_p_parse_type(p))) {
    p->chars.len = start;
    return NULL;
  }
  const lt_attr_t *a = lt_attr_string(p->ctx, p->chars.data + start, n, type);
  p->chars.len = start;
  return a;
}

static const lt_ident_t *symbol_ident(lt_asm_parser_t *p, const lt_token_t *t) {
  if (t->len > 1 && t->ptr[1] == '"') {
    uint32_t start;
    size_t n = lt_p_string_value(p, t, &start);
    const lt_ident_t *id =
        p->failed ? NULL : lt_ident_get(p->ctx, p->chars.data + start, n);
    p->chars.len = start;
    return id;
  }
  return lt_ident_get(p->ctx, t->ptr + 1, t->len - 1);
}

static const lt_attr_t *parse_symbol_ref(lt_asm_parser_t *p) {
  uint32_t base = p->idents.len;
  const lt_attr_t *result = NULL;
  const lt_ident_t *id = symbol_ident(p, &p->tok);
  if (!id || !LT_PVEC_PUSH(p, p->idents, id)) goto out;
  lt_p_consume(p);
  /* `::` nested references; a single `:` belongs to whatever follows. */
  while (p->tok.kind == LT_TOK_COLON && p->tok.ptr[1] == ':') {
    lt_p_consume(p);
    lt_p_consume(p);
    if (p->tok.kind != LT_TOK_AT_ID) {
      lt_p_error(p, "expected nested symbol reference identifier");
      goto out;
    }
    id = symbol_ident(p, &p->tok);
    if (!id || !LT_PVEC_PUSH(p, p->idents, id)) goto out;
    lt_p_consume(p);
  }
  if (p->failed) goto out;
  result =
      lt_attr_symbol_ref(p->ctx, p->idents.len - base, p->idents.data + base);
out:
  p->idents.len = base;
  return result;
}

static const lt_attr_t *parse_array(lt_asm_parser_t *p) {
  lt_p_consume(p); /* [ */
  uint32_t base = p->attrs.len;
  const lt_attr_t *result = NULL;
  if (!lt_p_consume_if(p, LT_TOK_R_SQUARE)) {
    do {
      const lt_attr_t *a = lt_p_parse_attr(p, NULL);
      if (!a || !LT_PVEC_PUSH(p, p->attrs, a)) goto out;
    } while (lt_p_consume_if(p, LT_TOK_COMMA));
    if (LT_FAILED(lt_p_expect(p, LT_TOK_R_SQUARE, "expected ',' or ']'")))
      goto out;
  }
  result = lt_attr_array(p->ctx, p->attrs.len - base, p->attrs.data + base);
out:
  p->attrs.len = base;
  return result;
}

/* Dictionaries beyond this size check duplicates with a hash table. */
#define LT_DICT_LINEAR_MAX 16

static bool dict_has_key(lt_asm_parser_t *p, uint32_t start,
                         const lt_ident_t *name, uint32_t tag) {
  uint32_t n = p->named.len - start;
  if (n <= LT_DICT_LINEAR_MAX) {
    for (uint32_t i = start; i < p->named.len; i++)
      if (p->named.data[i].name == name) return true;
    return false;
  }
  return lt_pmap_find(&p->dict_keys, name->str, name->len, tag) != NULL;
}

static bool dict_add_key(lt_asm_parser_t *p, uint32_t start, uint32_t tag) {
  uint32_t n = p->named.len - start;
  if (n < LT_DICT_LINEAR_MAX) return true;
  /* Entering hash mode: index every key so far (by the interned string,
   * which outlives the parse). */
  uint32_t from = n == LT_DICT_LINEAR_MAX ? start : p->named.len - 1;
  for (uint32_t i = from; i < p->named.len; i++) {
    const lt_ident_t *name = p->named.data[i].name;
    if (!lt_pmap_insert(p, &p->dict_keys, name->str, name->len, tag))
      return false;
  }
  return true;
}

static void dict_clear_keys(lt_asm_parser_t *p, uint32_t start, uint32_t tag) {
  if (p->named.len - start < LT_DICT_LINEAR_MAX) return;
  for (uint32_t i = start; i < p->named.len; i++) {
    const lt_ident_t *name = p->named.data[i].name;
    lt_pentry_t *e = lt_pmap_find(&p->dict_keys, name->str, name->len, tag);
    if (e) lt_pmap_remove(&p->dict_keys, e);
  }
}

static lt_result_t parse_dict_entry(lt_asm_parser_t *p, uint32_t start,
                                    uint32_t tag) {
  const lt_ident_t *name;
  const char *pos = p->tok.ptr;
  if (p->tok.kind == LT_TOK_STRING) {
    uint32_t s;
    size_t n = lt_p_string_value(p, &p->tok, &s);
    name = p->failed ? NULL : lt_ident_get(p->ctx, p->chars.data + s, n);
    p->chars.len = s;
  } else if (p->tok.kind == LT_TOK_BARE_ID) {
    name = lt_ident_get(p->ctx, p->tok.ptr, p->tok.len);
  } else {
    return lt_p_wrong_token(p, "expected attribute name");
  }
  if (!name) return p->failed ? LT_FAILURE : lt_p_oom(p);
  if (name->len == 0) return lt_p_error(p, "expected valid attribute name");
  if (dict_has_key(p, start, name, tag))
    return lt_p_error(p, "duplicate key '%s' in dictionary attribute",
                      name->str);
  lt_p_consume(p);
  const lt_attr_t *value;
  if (!lt_p_consume_if(p, LT_TOK_EQUAL))
    value = lt_attr_unit(p->ctx);
  else if (!(value = lt_p_parse_attr(p, NULL)))
    return LT_FAILURE;
  lt_named_attr_t na = {name, value};
  if (!LT_PVEC_PUSH(p, p->named, na) || !LT_PVEC_PUSH(p, p->named_pos, pos))
    return LT_FAILURE;
  return dict_add_key(p, start, tag) ? LT_SUCCESS : LT_FAILURE;
}

lt_result_t lt_p_parse_attr_dict(lt_asm_parser_t *p) {
  if (LT_FAILED(lt_p_expect(p, LT_TOK_L_BRACE,
                            "expected '{' in attribute dictionary")))
    return LT_FAILURE;
  if (lt_p_consume_if(p, LT_TOK_R_BRACE)) return LT_SUCCESS;
  if (LT_FAILED(lt_p_enter(p))) return LT_FAILURE;
  uint32_t start = p->named.len;
  uint32_t tag = ++p->next_tag;
  lt_result_t r = LT_SUCCESS;
  do {
    r = parse_dict_entry(p, start, tag);
  } while (LT_SUCCEEDED(r) && lt_p_consume_if(p, LT_TOK_COMMA));
  dict_clear_keys(p, start, tag);
  lt_p_leave(p);
  if (LT_FAILED(r)) return LT_FAILURE;
  return lt_p_expect(p, LT_TOK_R_BRACE, "expected '}' in attribute dictionary");
}

const lt_attr_t *lt_p_named_to_dict(lt_asm_parser_t *p, uint32_t start) {
  const lt_attr_t *d =
      lt_attr_dict(p->ctx, p->named.len - start, p->named.data + start);
  p->named.len = p->named_pos.len = start;
  if (!d) lt_p_oom(p);
  return d;
}

static const lt_attr_t *parse_extended_attr(lt_asm_parser_t *p) {
  uint32_t mark = p->chars.len;
  lt_psymbol_t sym;
  const lt_attr_t *a = NULL;
  if (LT_SUCCEEDED(lt_p_parse_extended_symbol(p, &p->attr_aliases, &sym))) {
    const lt_dialect_t *d =
        sym.alias ? NULL
                  : lt_context_dialect(p->ctx, sym.dialect, strlen(sym.dialect));
    if (sym.alias) {
      a = sym.alias;
    } else if (d && d->parse_attr) {
      lt_strbuf_t err = {0};
      a = d->parse_attr(p->ctx, sym.data, sym.data_len, &err);
      if (!a)
        lt_p_error_at(p, sym.pos, "%s",
                      err.data ? err.data : "invalid dialect attribute");
      lt_strbuf_free(&err);
      p->chars.len = mark;
      return a;
    } else {
      a = lt_attr_opaque(p->ctx, sym.dialect, sym.data, sym.data_len);
    }
    if (!a) lt_p_oom(p);
  }
  p->chars.len = mark;
  return a;
}

static const lt_attr_t *parse_inline_loc(lt_asm_parser_t *p) {
  lt_p_consume(p); /* loc */
  if (LT_FAILED(
          lt_p_expect(p, LT_TOK_L_PAREN, "expected '(' in inline location")))
    return NULL;
  lt_loc_t loc = lt_p_parse_location_instance(p);
  if (!loc || LT_FAILED(lt_p_expect(p, LT_TOK_R_PAREN,
                                    "expected ')' in inline location")))
    return NULL;
  return loc;
}

/* MLIR attribute keywords lite does not model. */
static const char *const kUnsupportedAttrs[] = {"affine_set", "sparse"};

static const lt_attr_t *parse_keyword_attr(lt_asm_parser_t *p,
                                           const lt_type_t *type) {
  const lt_token_t *t = &p->tok;
  if (lt_token_is(t, "true") || lt_token_is(t, "false")) {
    bool v = t->ptr[0] == 't';
    lt_p_consume(p);
    return lt_attr_bool(p->ctx, v);
  }
  if (lt_token_is(t, "unit")) {
    lt_p_consume(p);
    return lt_attr_unit(p->ctx);
  }
  if (lt_token_is(t, "dense")) return lt_p_parse_dense(p);
  if (lt_token_is(t, "dense_resource")) return lt_p_parse_dense_resource(p);
  if (lt_token_is(t, "array")) return lt_p_parse_dense_array(p);
  if (lt_token_is(t, "loc")) return parse_inline_loc(p);
  if (lt_token_is(t, "affine_map")) return lt_p_parse_affine_map(p);
  /* lite keeps a strided layout inside its memref type only. */
  if (lt_token_is(t, "strided"))
    return lt_p_error(p, "'strided' layouts are only supported inside "
                         "memref types"),
           NULL;
  for (size_t i = 0; i < LT_ARRAY_SIZE(kUnsupportedAttrs); i++)
    if (lt_token_is(t, kUnsupportedAttrs[i]))
      return lt_p_error(p, "'%s' attributes are not supported",
                        kUnsupportedAttrs[i]),
             NULL;
  LT_UNUSED(type);
  const lt_type_t *ty;
  int r = lt_p_parse_optional_type(p, &ty);
  if (r < 0) return NULL;
  if (r == 0) return lt_p_wrong_token(p, "expected attribute value"), NULL;
  return lt_attr_type(p->ctx, ty);
}

static const lt_attr_t *parse_attr_inner(lt_asm_parser_t *p,
                                         const lt_type_t *type) {
  switch (p->tok.kind) {
  case LT_TOK_L_SQUARE:
    return parse_array(p);
  case LT_TOK_L_BRACE: {
    uint32_t start = p->named.len;
    if (LT_FAILED(lt_p_parse_attr_dict(p))) {
      p->named.len = p->named_pos.len = start;
      return NULL;
    }
    return lt_p_named_to_dict(p, start);
  }
  case LT_TOK_HASH_ID:
    return parse_extended_attr(p);
  case LT_TOK_FLOAT:
    return parse_float_attr(p, type, false);
  case LT_TOK_INTEGER:
    return parse_int_attr(p, type, false);
  case LT_TOK_MINUS:
    lt_p_consume(p);
    if (p->tok.kind == LT_TOK_INTEGER) return parse_int_attr(p, type, true);
    if (p->tok.kind == LT_TOK_FLOAT) return parse_float_attr(p, type, true);
    return lt_p_wrong_token(p, "expected constant integer or floating point "
                               "value"),
           NULL;
  case LT_TOK_STRING:
    return parse_string_attr(p, type);
  case LT_TOK_AT_ID:
    return parse_symbol_ref(p);
  case LT_TOK_BARE_ID:
    return parse_keyword_attr(p, type);
  default: {
    const lt_type_t *ty;
    int r = lt_p_parse_optional_type(p, &ty);
    if (r < 0) return NULL;
    if (r == 0) return lt_p_wrong_token(p, "expected attribute value"), NULL;
    return lt_attr_type(p->ctx, ty);
  }
  }
}

const lt_attr_t *lt_p_parse_attr(lt_asm_parser_t *p, const lt_type_t *type) {
  if (LT_FAILED(lt_p_enter(p))) return NULL;
  const lt_attr_t *a = parse_attr_inner(p, type);
  lt_p_leave(p);
  if (!a && !p->failed) lt_p_oom(p);
  return p->failed ? NULL : a;
}

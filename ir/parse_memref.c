/* parse_memref.c - the memref type with its strided layout and memory space,
 * and the restricted affine_map attribute (mlir/lib/AsmParser/TypeParser.cpp
 * parseMemRefType, AttributeParser.cpp parseStridedLayoutAttr,
 * AffineParser.cpp), with MLIR 16's messages where lite accepts the same
 * input. */
#include <string.h>

#include "ir/parse_internal.h"

/* ---- strided layout ------------------------------------------------------ */

/* `?` or a signed integer that fits int64 and is not LT_DYNAMIC. */
static lt_result_t parse_stride_or_offset(lt_asm_parser_t *p, int64_t *out) {
  if (lt_p_consume_if(p, LT_TOK_QUESTION)) {
    *out = LT_DYNAMIC;
    return LT_SUCCESS;
  }
  const char *pos = p->tok.ptr;
  bool negative = lt_p_consume_if(p, LT_TOK_MINUS);
  uint64_t v;
  if (p->tok.kind != LT_TOK_INTEGER || !lt_token_uint64(&p->tok, &v) ||
      v > (uint64_t)INT64_MAX)
    return lt_p_error_at(p, pos, "expected a 64-bit signed integer or '?'");
  lt_p_consume(p);
  *out = negative ? -(int64_t)v : (int64_t)v;
  return p->failed ? LT_FAILURE : LT_SUCCESS;
}

/* strided<[s, ...](, offset: o)?> with the strides pushed onto p->dims. */
static lt_result_t parse_strided(lt_asm_parser_t *p, int64_t *out_offset) {
  const char *kw = p->tok.ptr;
  lt_p_consume(p); /* strided */
  if (LT_FAILED(lt_p_expect(p, LT_TOK_LESS, "expected '<' after 'strided'")) ||
      LT_FAILED(lt_p_expect(p, LT_TOK_L_SQUARE, "expected '['")))
    return LT_FAILURE;
  uint32_t base = p->dims.len;
  if (p->tok.kind != LT_TOK_R_SQUARE) {
    do {
      int64_t s = 0;
      if (LT_FAILED(parse_stride_or_offset(p, &s)) ||
          !LT_PVEC_PUSH(p, p->dims, s))
        return LT_FAILURE;
    } while (lt_p_consume_if(p, LT_TOK_COMMA));
  }
  if (LT_FAILED(lt_p_expect(p, LT_TOK_R_SQUARE, "expected ']'")))
    return LT_FAILURE;
  *out_offset = 0;
  if (!lt_p_consume_if(p, LT_TOK_GREATER)) {
    if (LT_FAILED(lt_p_expect(p, LT_TOK_COMMA, "expected ','")))
      return LT_FAILURE;
    if (!lt_p_is_kw(p, "offset"))
      return lt_p_wrong_token(p, "expected 'offset' after comma");
    lt_p_consume(p);
    if (LT_FAILED(
            lt_p_expect(p, LT_TOK_COLON, "expected ':' after 'offset'")) ||
        LT_FAILED(parse_stride_or_offset(p, out_offset)) ||
        LT_FAILED(lt_p_expect(p, LT_TOK_GREATER, "expected '>'")))
      return LT_FAILURE;
  }
  for (uint32_t i = base; i < p->dims.len; i++)
    if (p->dims.data[i] == 0)
      return lt_p_error_at(p, kw, "strides must not be zero");
  return LT_SUCCESS;
}

/* ---- memref -------------------------------------------------------------- */

/* The layout seen so far: none, strided (strides on p->dims past the
 * shape), or an identity affine_map (the same as none). */
typedef struct memref_layout {
  bool strided;
  int64_t offset;
  const lt_attr_t *space;
} memref_layout_t;

/* One `, attr` after the element type: a layout or the memory space. */
static lt_result_t parse_memref_elt(lt_asm_parser_t *p, const char *kw_pos,
                                    uint32_t rank, uint32_t strides_base,
                                    memref_layout_t *l) {
  const char *pos = p->tok.ptr;
  if (lt_p_is_kw(p, "strided")) {
    p->dims.len = strides_base; /* a later layout replaces an earlier one */
    if (LT_FAILED(parse_strided(p, &l->offset))) return LT_FAILURE;
    l->strided = true;
  } else {
    const lt_attr_t *a = lt_p_parse_attr(p, NULL);
    if (!a) return LT_FAILURE;
    if (a->kind != LT_ATTR_AFFINE_MAP) {
      if (l->space)
        return lt_p_error(p, "multiple memory spaces specified in memref type");
      l->space = a;
      return LT_SUCCESS;
    }
    if (a->affine_map.num_dims != rank)
      return lt_p_error_at(p, kw_pos,
                           "memref layout mismatch between rank and affine "
                           "map: %u != %u",
                           rank, a->affine_map.num_dims);
    if (!lt_attr_affine_map_is_identity(a))
      return lt_p_error_at(p, pos,
                           "only the identity affine_map is supported as a "
                           "memref layout; use strided<[...]>");
    p->dims.len = strides_base;
    l->strided = false;
    l->offset = 0;
  }
  if (l->space)
    return lt_p_wrong_token(p, "expected memory space to be last in memref "
                               "type");
  return LT_SUCCESS;
}

static bool valid_memref_element(const lt_type_t *t) {
  return lt_type_is_int_or_index(t) || lt_type_is_float(t) ||
         t->kind == LT_TYPE_VECTOR;
}

const lt_type_t *lt_p_parse_memref_type(lt_asm_parser_t *p) {
  const char *kw_pos = p->tok.ptr;
  lt_p_consume(p); /* memref */
  if (LT_FAILED(lt_p_expect(p, LT_TOK_LESS, "expected '<' in memref type")))
    return NULL;
  if (p->tok.kind == LT_TOK_STAR)
    return lt_p_error(p, "unranked memref is not supported"), NULL;
  uint32_t base = p->dims.len;
  const lt_type_t *result = NULL;
  if (LT_FAILED(lt_p_parse_dims_ranked(p, true))) goto out;
  uint32_t rank = p->dims.len - base;
  const char *elt_pos = p->tok.ptr;
  const lt_type_t *elt = lt_p_parse_type(p);
  if (!elt) goto out;
  if (!valid_memref_element(elt)) {
    lt_p_error_at(p, elt_pos, "invalid memref element type");
    goto out;
  }
  memref_layout_t l = {0};
  if (!lt_p_consume_if(p, LT_TOK_COMMA)) {
    if (LT_FAILED(lt_p_expect(p, LT_TOK_GREATER,
                              "expected ',' or '>' in memref type")))
      goto out;
  } else {
    do {
      if (LT_FAILED(parse_memref_elt(p, kw_pos, rank, base + rank, &l)))
        goto out;
    } while (lt_p_consume_if(p, LT_TOK_COMMA));
    if (LT_FAILED(lt_p_expect(p, LT_TOK_GREATER, "expected ',' or '>'")))
      goto out;
  }
  if (l.strided && p->dims.len - base - rank != rank) {
    lt_p_error_at(p, kw_pos,
                  "expected the number of strides to match the "
                  "rank");
    goto out;
  }
  if (l.space && !lt_type_is_memory_space(l.space)) {
    lt_p_error_at(p, kw_pos, "unsupported memory space Attribute");
    goto out;
  }
  result = lt_type_memref(p->ctx, rank, p->dims.data + base, elt,
                          l.strided ? p->dims.data + base + rank : NULL,
                          l.offset, l.space);
  if (!result) lt_p_oom(p);
out:
  p->dims.len = base;
  return result;
}

/* ---- affine_map ---------------------------------------------------------- */

#define LT_AFFINE_UNSUPPORTED                                                  \
  "only projected permutations with constant-0 broadcasts are supported in "   \
  "affine_map"

/* One result: a dimension identifier or the literal 0. Anything else (sums,
 * products, other constants, symbols, a dimension used twice) is outside
 * the subset. Dimension names are in p->dict_keys under tag, each slot's
 * flags holding the dimension and pos its first use. */
static lt_result_t parse_affine_result(lt_asm_parser_t *p, uint32_t tag,
                                       int64_t *out) {
  const char *pos = p->tok.ptr;
  if (p->tok.kind == LT_TOK_BARE_ID) {
    lt_pentry_t *e = lt_pmap_find(&p->dict_keys, p->tok.ptr, p->tok.len, tag);
    if (!e) return lt_p_error(p, "use of undeclared identifier");
    if (e->s.one.pos) return lt_p_error(p, LT_AFFINE_UNSUPPORTED);
    e->s.one.pos = pos;
    *out = (int64_t)e->s.one.flags;
  } else if (p->tok.kind == LT_TOK_INTEGER && lt_token_is(&p->tok, "0")) {
    *out = -1;
  } else {
    return lt_p_error(p, LT_AFFINE_UNSUPPORTED);
  }
  lt_p_consume(p);
  if (p->failed) return LT_FAILURE;
  bool op = p->tok.kind == LT_TOK_PLUS || p->tok.kind == LT_TOK_MINUS ||
            p->tok.kind == LT_TOK_STAR || lt_p_is_kw(p, "floordiv") ||
            lt_p_is_kw(p, "ceildiv") || lt_p_is_kw(p, "mod");
  return op ? lt_p_error_at(p, pos, LT_AFFINE_UNSUPPORTED) : LT_SUCCESS;
}

/* `(` d (, d)* `)` defining dimension names in p->dict_keys under tag, each
 * with its position; the name tokens are pushed onto p->elems above base so
 * that the caller can remove them. */
static lt_result_t parse_affine_dims(lt_asm_parser_t *p, uint32_t tag,
                                     uint32_t base) {
  if (LT_FAILED(lt_p_expect(p, LT_TOK_L_PAREN,
                            "expected '(' in dimensional identifier list")))
    return LT_FAILURE;
  if (lt_p_consume_if(p, LT_TOK_R_PAREN)) return LT_SUCCESS;
  do {
    if (p->tok.kind != LT_TOK_BARE_ID)
      return lt_p_wrong_token(p, "expected bare identifier");
    if (lt_pmap_find(&p->dict_keys, p->tok.ptr, p->tok.len, tag))
      return lt_p_error(p, "redefinition of identifier '%.*s'", (int)p->tok.len,
                        p->tok.ptr);
    lt_pelem_t el = {p->tok, false};
    lt_pentry_t *e =
        lt_pmap_insert(p, &p->dict_keys, p->tok.ptr, p->tok.len, tag);
    if (!e || !LT_PVEC_PUSH(p, p->elems, el)) return lt_p_oom(p);
    e->s.one.flags = p->elems.len - 1 - base;
    lt_p_consume(p);
  } while (lt_p_consume_if(p, LT_TOK_COMMA));
  if (p->failed) return LT_FAILURE;
  return lt_p_expect(p, LT_TOK_R_PAREN,
                     "expected ')' in dimensional identifier list");
}

static const lt_attr_t *parse_affine_body(lt_asm_parser_t *p, uint32_t tag,
                                          uint32_t names_base) {
  if (LT_FAILED(parse_affine_dims(p, tag, names_base))) return NULL;
  uint32_t num_dims = p->elems.len - names_base;
  if (p->tok.kind == LT_TOK_L_SQUARE || p->tok.kind == LT_TOK_COLON)
    return lt_p_error(p, LT_AFFINE_UNSUPPORTED), NULL;
  if (LT_FAILED(lt_p_expect(p, LT_TOK_ARROW, "expected '->' or ':'")) ||
      LT_FAILED(
          lt_p_expect(p, LT_TOK_L_PAREN, "expected '(' in affine map range")))
    return NULL;
  uint32_t base = p->dims.len;
  const lt_attr_t *result = NULL;
  if (!lt_p_consume_if(p, LT_TOK_R_PAREN)) {
    do {
      int64_t r = 0;
      if (LT_FAILED(parse_affine_result(p, tag, &r)) ||
          !LT_PVEC_PUSH(p, p->dims, r))
        goto out;
    } while (lt_p_consume_if(p, LT_TOK_COMMA));
    if (LT_FAILED(
            lt_p_expect(p, LT_TOK_R_PAREN, "expected ')' in affine map range")))
      goto out;
  }
  uint32_t n = p->dims.len - base;
  int32_t *results = n ? lt_p_arena_alloc(p, n * sizeof(int32_t)) : NULL;
  if (n && !results) {
    lt_p_oom(p);
    goto out;
  }
  for (uint32_t i = 0; i < n; i++)
    results[i] = (int32_t)p->dims.data[base + i];
  result = lt_attr_affine_map(p->ctx, num_dims, n, results);
  if (!result) lt_p_oom(p);
out:
  p->dims.len = base;
  return result;
}

const lt_attr_t *lt_p_parse_affine_map(lt_asm_parser_t *p) {
  lt_p_consume(p); /* affine_map */
  if (LT_FAILED(lt_p_expect(p, LT_TOK_LESS, "expected '<' in affine map")))
    return NULL;
  uint32_t tag = ++p->next_tag;
  uint32_t base = p->elems.len;
  const lt_attr_t *result = parse_affine_body(p, tag, base);
  for (uint32_t i = base; i < p->elems.len; i++) {
    const lt_token_t *t = &p->elems.data[i].tok;
    lt_pentry_t *e = lt_pmap_find(&p->dict_keys, t->ptr, t->len, tag);
    if (e) lt_pmap_remove(&p->dict_keys, e);
  }
  p->elems.len = base;
  if (result &&
      LT_FAILED(lt_p_expect(p, LT_TOK_GREATER, "expected '>' in affine map")))
    return NULL;
  return result;
}

/* parse_dense.c - elements literals: dense<...> (nested lists, splats, hex
 * strings with MLIR 16's bit-packed i1), array<T: ...> and
 * dense_resource<name> (AttributeParser.cpp's TensorLiteralParser). */
#include <string.h>

#include "ir/float16.h"
#include "ir/parse_internal.h"

typedef unsigned __int128 u128;

/* ---- the literal
 * ------------------------------------------------------------- */

static lt_result_t parse_element(lt_asm_parser_t *p) {
  lt_pelem_t e = {p->tok, false};
  switch (p->tok.kind) {
  case LT_TOK_BARE_ID:
    if (!lt_token_is(&p->tok, "true") && !lt_token_is(&p->tok, "false")) break;
    /* fall through */
  case LT_TOK_FLOAT:
  case LT_TOK_INTEGER:
  case LT_TOK_STRING:
    lt_p_consume(p);
    return LT_PVEC_PUSH(p, p->elems, e) ? LT_SUCCESS : LT_FAILURE;
  case LT_TOK_MINUS:
    lt_p_consume(p);
    if (p->tok.kind != LT_TOK_FLOAT && p->tok.kind != LT_TOK_INTEGER)
      return lt_p_error(p, "expected integer or floating point literal");
    e.tok = p->tok;
    e.negative = true;
    lt_p_consume(p);
    return LT_PVEC_PUSH(p, p->elems, e) ? LT_SUCCESS : LT_FAILURE;
  case LT_TOK_L_PAREN:
    return lt_p_error(p, "complex elements are not supported");
  default:
    break;
  }
  return lt_p_error(p, "expected element literal of primitive type");
}

/* `[` (list | element) (`,` ...)* `]`: pushes the shape onto p->dims. */
static lt_result_t parse_list(lt_asm_parser_t *p) {
  if (LT_FAILED(lt_p_enter(p))) return LT_FAILURE;
  lt_result_t r = LT_FAILURE;
  lt_p_consume(p); /* [ */
  uint32_t base = p->dims.len;
  if (!LT_PVEC_PUSH(p, p->dims, 0)) goto out;
  int64_t size = 0;
  uint32_t first_len = 0;
  if (!lt_p_consume_if(p, LT_TOK_R_SQUARE)) {
    do {
      uint32_t sub = p->dims.len;
      if (p->tok.kind == LT_TOK_L_SQUARE ? LT_FAILED(parse_list(p))
                                         : LT_FAILED(parse_element(p)))
        goto out;
      if (size++ == 0) {
        first_len = p->dims.len - sub;
        continue;
      }
      uint32_t len = p->dims.len - sub;
      if (len != first_len ||
          memcmp(p->dims.data + sub, p->dims.data + base + 1,
                 len * sizeof(int64_t)) != 0) {
        lt_p_error(p, "tensor literal is invalid; ranks are not consistent "
                      "between elements");
        goto out;
      }
      p->dims.len = sub;
    } while (lt_p_consume_if(p, LT_TOK_COMMA));
    if (LT_FAILED(lt_p_expect(p, LT_TOK_R_SQUARE, "expected ']'"))) goto out;
  }
  p->dims.data[base] = size;
  r = LT_SUCCESS;
out:
  lt_p_leave(p);
  return r;
}

static void shape_str(lt_strbuf_t *sb, const int64_t *dims, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (i) lt_strbuf_puts(sb, ", ");
    if (dims[i] == LT_DYNAMIC)
      lt_strbuf_putc(sb, '?');
    else
      lt_strbuf_printf(sb, "%lld", (long long)dims[i]);
  }
}

/* ---- element conversion
 * --------------------------------------------------------- */

static void put_le(uint8_t *out, u128 v, size_t size, bool sign) {
  for (size_t i = 0; i < size; i++) {
    if (i < 16) {
      out[i] = (uint8_t)(v >> (8 * i));
    } else {
      out[i] = sign && (v >> 127) ? 0xff : 0;
    }
  }
}

static bool is_unsigned_type(const lt_type_t *t) {
  return t->kind == LT_TYPE_INTEGER && t->integer.signedness == LT_UNSIGNED;
}

/* Writes one integer element (esize bytes) at out. */
static lt_result_t int_element(lt_asm_parser_t *p, const lt_pelem_t *e,
                               const lt_type_t *elt, size_t esize,
                               uint8_t *out) {
  const lt_token_t *t = &e->tok;
  bool is_unsigned = is_unsigned_type(elt);
  if (e->negative && is_unsigned)
    return lt_p_error_at(p, t->ptr,
                         "expected unsigned integer elements, but "
                         "parsed negative value");
  if (t->kind == LT_TOK_FLOAT)
    return lt_p_error_at(p, t->ptr,
                         "expected integer elements, but parsed "
                         "floating-point");
  uint32_t width = elt->kind == LT_TYPE_INDEX ? 64 : elt->integer.width;
  if (t->kind == LT_TOK_BARE_ID) {
    if (width != 1 || elt->kind != LT_TYPE_INTEGER)
      return lt_p_error_at(p, t->ptr,
                           "expected i1 type for 'true' or 'false' "
                           "values");
    out[0] = t->ptr[0] == 't';
    return LT_SUCCESS;
  }
  u128 v;
  bool is_signed =
      elt->kind == LT_TYPE_INDEX || elt->integer.signedness == LT_SIGNED;
  if (t->kind != LT_TOK_INTEGER ||
      !lt_p_int_fits(t->ptr, t->len, e->negative, width, is_signed, is_unsigned,
                     &v))
    return lt_p_error_at(p, t->ptr, "integer constant out of range for type");
  if (width == 1)
    out[0] = (uint8_t)(v & 1);
  else
    put_le(out, v, esize, !is_unsigned && e->negative);
  return LT_SUCCESS;
}

static void put_float(uint8_t *out, const lt_type_t *elt, uint64_t bits) {
  put_le(out, bits, lt_type_bit_width(elt) / 8, false);
}

static lt_result_t float_element(lt_asm_parser_t *p, const lt_pelem_t *e,
                                 const lt_type_t *elt, uint8_t *out) {
  const lt_token_t *t = &e->tok;
  uint64_t bits;
  if (t->kind == LT_TOK_INTEGER && t->len > 1 && t->ptr[1] == 'x') {
    if (LT_FAILED(lt_p_float_from_int_literal(p, t, e->negative, elt, &bits)))
      return LT_FAILURE;
  } else {
    if (t->kind != LT_TOK_FLOAT)
      return lt_p_error(p, "expected floating-point elements, but parsed "
                           "integer");
    double v;
    if (!lt_p_float_value(t, &v))
      return lt_p_error(p, "floating point value too large for attribute");
    bits = lt_float_to_bits(elt->kind, e->negative ? -v : v);
  }
  put_float(out, elt, bits);
  return LT_SUCCESS;
}

/* Hex payload: raw little-endian elements; i1 bit-packed LSB first (MLIR 16),
 * a single 0x00/0xFF byte being a splat. */
static lt_result_t hex_elements(lt_asm_parser_t *p, const lt_token_t *hex,
                                const lt_type_t *type, const char *loc_pos,
                                size_t *out_size) {
  const lt_type_t *elt = type->shaped.element;
  lt_strbuf_t sb = {0};
  if (!lt_type_is_int_or_index(elt) && !lt_type_is_float(elt)) {
    lt_p_error_at(p, loc_pos,
                  "expected floating-point, integer, or complex "
                  "element type, got %s",
                  lt_p_type_str(p, &sb, elt));
    lt_strbuf_free(&sb);
    return LT_FAILURE;
  }
  uint32_t raw = p->bytes.len;
  size_t n = 0;
  if (!LT_PVEC_RESERVE(p, p->bytes, hex->len / 2 + 1)) return LT_FAILURE;
  if (!lt_lex_hex_string(hex, p->bytes.data + raw, &n))
    return lt_p_error_at(p, hex->ptr,
                         "expected string containing hex digits "
                         "starting with `0x`");
  p->bytes.len += (uint32_t)n;
  int64_t count = lt_type_num_elements(type);
  size_t esize = lt_dense_element_size(elt);
  bool i1 = elt->kind == LT_TYPE_INTEGER && elt->integer.width == 1;
  bool valid;
  if (i1) {
    valid =
        (n == 1 && (p->bytes.data[raw] == 0 || p->bytes.data[raw] == 0xff)) ||
        (uint64_t)n * 8 == (((uint64_t)count + 7) / 8) * 8;
  } else {
    valid = n == esize || (uint64_t)n == (uint64_t)count * esize;
  }
  if (!valid) {
    lt_p_error_at(p, loc_pos,
                  "elements hex data size is invalid for provided "
                  "type: %s",
                  lt_p_type_str(p, &sb, type));
    lt_strbuf_free(&sb);
    return LT_FAILURE;
  }
  if (!i1) {
    *out_size = n;
    return LT_SUCCESS;
  }
  /* Unpack bits into one byte per element after the raw bytes. */
  uint32_t packed = raw;
  size_t elems =
      n == 1 && (p->bytes.data[raw] == 0 || p->bytes.data[raw] == 0xff)
          ? 1
          : (size_t)count;
  if (!LT_PVEC_RESERVE(p, p->bytes, elems)) return LT_FAILURE;
  uint8_t *dst = p->bytes.data + p->bytes.len;
  for (size_t i = 0; i < elems; i++)
    dst[i] = (p->bytes.data[packed + i / 8] >> (i % 8)) & 1;
  memmove(p->bytes.data + raw, dst, elems);
  p->bytes.len = raw + (uint32_t)elems;
  *out_size = elems;
  return LT_SUCCESS;
}

const lt_attr_t *lt_p_parse_dense(lt_asm_parser_t *p) {
  lt_p_consume(p); /* dense */
  if (LT_FAILED(lt_p_expect(p, LT_TOK_LESS, "expected '<' after 'dense'")))
    return NULL;
  uint32_t elems_base = p->elems.len, dims_base = p->dims.len;
  uint32_t bytes_base = p->bytes.len;
  const lt_attr_t *result = NULL;
  lt_strbuf_t sb = {0}, sb2 = {0};
  bool has_hex = false, has_shape = false;
  lt_token_t hex = {0};
  if (!lt_p_consume_if(p, LT_TOK_GREATER)) {
    if (p->tok.kind == LT_TOK_STRING) {
      hex = p->tok;
      has_hex = true;
      lt_p_consume(p);
    } else if (p->tok.kind == LT_TOK_L_SQUARE) {
      if (LT_FAILED(parse_list(p))) goto out;
      has_shape = true;
    } else if (LT_FAILED(parse_element(p))) {
      goto out;
    }
    if (LT_FAILED(lt_p_expect(p, LT_TOK_GREATER, "expected '>'"))) goto out;
  }
  const char *loc_pos = p->tok.ptr;
  if (LT_FAILED(lt_p_expect(p, LT_TOK_COLON, "expected ':'"))) goto out;
  const lt_type_t *type = lt_p_parse_type(p);
  if (!type) goto out;
  if (type->kind != LT_TYPE_TENSOR && type->kind != LT_TYPE_VECTOR &&
      type->kind != LT_TYPE_UNRANKED_TENSOR) {
    lt_p_error(p, "elements literal must be a shaped type");
    goto out;
  }
  if (!lt_type_has_static_shape(type)) {
    lt_p_error(p, "elements literal type must have static shape");
    goto out;
  }
  const lt_type_t *elt = type->shaped.element;
  size_t size = 0;
  if (has_hex) {
    if (LT_FAILED(hex_elements(p, &hex, type, loc_pos, &size))) goto out;
  } else {
    uint32_t rank = p->dims.len - dims_base;
    if (has_shape && (rank != type->shaped.rank ||
                      memcmp(p->dims.data + dims_base, type->shaped.shape,
                             rank * sizeof(int64_t)) != 0)) {
      shape_str(&sb, p->dims.data + dims_base, rank);
      shape_str(&sb2, type->shaped.shape, type->shaped.rank);
      lt_p_error_at(p, loc_pos,
                    "inferred shape of elements literal ([%s]) "
                    "does not match type ([%s])",
                    sb.data ? sb.data : "", sb2.data ? sb2.data : "");
      goto out;
    }
    uint32_t n = p->elems.len - elems_base;
    int64_t count = lt_type_num_elements(type);
    if (n == 0 && count > 0) {
      lt_p_error_at(p, loc_pos,
                    "parsed zero elements, but type (%s) expected "
                    "at least 1",
                    lt_p_type_str(p, &sb, type));
      goto out;
    }
    size_t esize = lt_dense_element_size(elt);
    bool is_int = lt_type_is_int_or_index(elt);
    if (!is_int && !lt_type_is_float(elt)) {
      lt_p_error_at(p, loc_pos, "dense elements of type %s are not supported",
                    lt_p_type_str(p, &sb, elt));
      goto out;
    }
    if (!LT_PVEC_RESERVE(p, p->bytes, (uint64_t)n * esize)) goto out;
    uint8_t *dst = p->bytes.data + bytes_base;
    for (uint32_t i = 0; i < n; i++) {
      const lt_pelem_t *e = &p->elems.data[elems_base + i];
      lt_result_t r = is_int ? int_element(p, e, elt, esize, dst + i * esize)
                             : float_element(p, e, elt, dst + i * esize);
      if (LT_FAILED(r)) goto out;
    }
    size = (size_t)n * esize;
  }
  result = lt_attr_dense(p->ctx, type, p->bytes.data + bytes_base, size);
  if (!result)
    lt_p_error_at(p, loc_pos, "elements literal does not fit type %s",
                  lt_p_type_str(p, &sb, type));
out:
  lt_strbuf_free(&sb);
  lt_strbuf_free(&sb2);
  p->elems.len = elems_base;
  p->dims.len = dims_base;
  p->bytes.len = bytes_base;
  return result;
}

/* ---- array<T: ...>
 * --------------------------------------------------------------- */

const lt_attr_t *lt_p_parse_dense_array(lt_asm_parser_t *p) {
  lt_p_consume(p); /* array */
  if (LT_FAILED(lt_p_expect(p, LT_TOK_LESS, "expected '<' after 'array'")))
    return NULL;
  const char *type_pos = p->tok.ptr;
  const lt_type_t *elt = lt_p_parse_type(p);
  if (!elt) return NULL;
  lt_strbuf_t sb = {0};
  if (!lt_type_is_int_or_index(elt) && !lt_type_is_float(elt)) {
    lt_p_error_at(p, type_pos, "expected integer or float type, got: %s",
                  lt_p_type_str(p, &sb, elt));
    lt_strbuf_free(&sb);
    return NULL;
  }
  uint32_t width = lt_type_bit_width(elt);
  bool i1 = elt->kind == LT_TYPE_INTEGER && width == 1;
  if (!i1 && width % 8 != 0)
    return lt_p_error_at(p, type_pos,
                         "element type bitwidth must be a "
                         "multiple of 8"),
           NULL;
  if (lt_p_consume_if(p, LT_TOK_GREATER))
    return lt_attr_dense_array(p->ctx, elt, 0, NULL);
  if (LT_FAILED(
          lt_p_expect(p, LT_TOK_COLON, "expected ':' after dense array type")))
    return NULL;
  size_t esize = lt_dense_element_size(elt);
  uint32_t base = p->bytes.len;
  int64_t count = 0;
  const lt_attr_t *result = NULL;
  do {
    if (!LT_PVEC_RESERVE(p, p->bytes, esize)) goto out;
    uint8_t *dst = p->bytes.data + p->bytes.len;
    bool negative = lt_p_consume_if(p, LT_TOK_MINUS);
    lt_token_t tok = p->tok;
    if (lt_type_is_int_or_index(elt)) {
      if (lt_token_is(&tok, "true") || lt_token_is(&tok, "false")) {
        if (!i1) {
          lt_p_error(p, "expected i1 type for 'true' or 'false' values");
          goto out;
        }
        dst[0] = tok.ptr[0] == 't';
        lt_p_consume(p);
      } else if (tok.kind == LT_TOK_INTEGER) {
        lt_p_consume(p);
        lt_pelem_t e = {tok, negative};
        if (LT_FAILED(int_element(p, &e, elt, esize, dst))) goto out;
      } else {
        lt_p_error(p, "expected integer literal");
        goto out;
      }
    } else {
      if (tok.kind != LT_TOK_INTEGER && tok.kind != LT_TOK_FLOAT) {
        lt_p_error(p, "expected integer or floating point literal");
        goto out;
      }
      lt_p_consume(p);
      uint64_t bits;
      if (tok.kind == LT_TOK_INTEGER) {
        if (LT_FAILED(
                lt_p_float_from_int_literal(p, &tok, negative, elt, &bits)))
          goto out;
      } else {
        double v;
        if (!lt_p_float_value(&tok, &v)) {
          lt_p_error_at(p, tok.ptr,
                        "floating point value too large for "
                        "attribute");
          goto out;
        }
        bits = lt_float_to_bits(elt->kind, negative ? -v : v);
      }
      put_float(dst, elt, bits);
    }
    p->bytes.len += (uint32_t)esize;
    count++;
  } while (lt_p_consume_if(p, LT_TOK_COMMA));
  if (LT_FAILED(lt_p_expect(p, LT_TOK_GREATER,
                            "expected '>' to close an array attribute")))
    goto out;
  result = lt_attr_dense_array(p->ctx, elt, count, p->bytes.data + base);
  if (!result) lt_p_oom(p);
out:
  p->bytes.len = base;
  return result;
}

/* ---- dense_resource<name>
 * --------------------------------------------------------- */

lt_result_t lt_p_parse_resource_key(lt_asm_parser_t *p, const char **out) {
  if (p->tok.kind == LT_TOK_BARE_ID) {
    *out = lt_p_cstr(p, p->tok.ptr, p->tok.len);
  } else if (p->tok.kind == LT_TOK_STRING) {
    uint32_t start;
    lt_p_string_value(p, &p->tok, &start);
    *out = p->failed ? NULL : p->chars.data + start;
  } else {
    return lt_p_error(p, "expected identifier key for 'resource' entry");
  }
  if (!*out) return LT_FAILURE;
  lt_p_consume(p);
  return LT_SUCCESS;
}

const lt_attr_t *lt_p_parse_dense_resource(lt_asm_parser_t *p) {
  lt_p_consume(p); /* dense_resource */
  if (LT_FAILED(
          lt_p_expect(p, LT_TOK_LESS, "expected '<' after 'dense_resource'")))
    return NULL;
  uint32_t mark = p->chars.len;
  const lt_attr_t *result = NULL;
  const char *key;
  if (LT_FAILED(lt_p_parse_resource_key(p, &key)) ||
      LT_FAILED(lt_p_expect(p, LT_TOK_GREATER, "expected '>'")))
    goto out;
  const char *type_pos = p->tok.ptr;
  if (LT_FAILED(lt_p_expect(p, LT_TOK_COLON, "expected ':'"))) goto out;
  const lt_type_t *type = lt_p_parse_type(p);
  if (!type) goto out;
  if (!lt_type_is_shaped(type)) {
    lt_p_error_at(p, type_pos, "`dense_resource` expected a shaped type");
    goto out;
  }
  /* key may have moved if p->chars grew while parsing the type. */
  key = p->chars.data + mark;
  result = lt_attr_dense_resource(p->ctx, type, key);
  if (!result) lt_p_oom(p);
out:
  p->chars.len = mark;
  return result;
}

/* parse_locs.c - locations: "file":line:col, names with an optional child,
 * callsite(... at ...), fused<meta>[...], unknown, aliases, and the trailing
 * `loc(#alias)` forward references resolved at the end of the file
 * (mlir/lib/AsmParser/LocationParser.cpp). */
#include <string.h>

#include "ir/parse_internal.h"

static lt_loc_t parse_callsite(lt_asm_parser_t *p) {
  lt_p_consume(p); /* callsite */
  if (LT_FAILED(
          lt_p_expect(p, LT_TOK_L_PAREN, "expected '(' in callsite location")))
    return NULL;
  lt_loc_t callee = lt_p_parse_location_instance(p);
  if (!callee) return NULL;
  if (!lt_p_is_kw(p, "at"))
    return lt_p_wrong_token(p, "expected 'at' in callsite location"), NULL;
  lt_p_consume(p);
  lt_loc_t caller = lt_p_parse_location_instance(p);
  if (!caller || LT_FAILED(lt_p_expect(p, LT_TOK_R_PAREN,
                                       "expected ')' in callsite location")))
    return NULL;
  return lt_loc_callsite(p->ctx, callee, caller);
}

static lt_loc_t parse_fused(lt_asm_parser_t *p) {
  lt_p_consume(p); /* fused */
  const lt_attr_t *metadata = NULL;
  if (lt_p_consume_if(p, LT_TOK_LESS)) {
    metadata = lt_p_parse_attr(p, NULL);
    if (!metadata ||
        LT_FAILED(lt_p_expect(p, LT_TOK_GREATER,
                              "expected '>' after fused location metadata")))
      return NULL;
  }
  if (LT_FAILED(
          lt_p_expect(p, LT_TOK_L_SQUARE, "expected '[' in fused location")))
    return NULL;
  uint32_t base = p->attrs.len;
  lt_loc_t result = NULL;
  if (!lt_p_consume_if(p, LT_TOK_R_SQUARE)) {
    do {
      lt_loc_t l = lt_p_parse_location_instance(p);
      if (!l || !LT_PVEC_PUSH(p, p->attrs, l)) goto out;
    } while (lt_p_consume_if(p, LT_TOK_COMMA));
    if (LT_FAILED(
            lt_p_expect(p, LT_TOK_R_SQUARE, "expected ']' in fused location")))
      goto out;
  }
  result =
      lt_loc_fused(p->ctx, p->attrs.len - base, p->attrs.data + base, metadata);
  if (!result) lt_p_oom(p);
out:
  p->attrs.len = base;
  return result;
}

static bool token_u32(const lt_token_t *t, uint32_t *out) {
  uint64_t v;
  if (!lt_token_uint64(t, &v) || v > UINT32_MAX) return false;
  *out = (uint32_t)v;
  return true;
}

static lt_loc_t parse_name_or_file(lt_asm_parser_t *p) {
  uint32_t start;
  lt_p_string_value(p, &p->tok, &start);
  if (p->failed) return NULL;
  lt_p_consume(p);
  lt_loc_t result = NULL;
  if (lt_p_consume_if(p, LT_TOK_COLON)) {
    uint32_t line, col;
    if (p->tok.kind != LT_TOK_INTEGER || !token_u32(&p->tok, &line)) {
      lt_p_wrong_token(p, "expected integer line number in FileLineColLoc");
      goto out;
    }
    lt_p_consume(p);
    if (LT_FAILED(
            lt_p_expect(p, LT_TOK_COLON, "expected ':' in FileLineColLoc")))
      goto out;
    if (p->tok.kind != LT_TOK_INTEGER) {
      lt_p_wrong_token(p, "expected integer column number in FileLineColLoc");
      goto out;
    }
    if (!token_u32(&p->tok, &col)) {
      lt_p_error(p, "expected integer column number in FileLineColLoc");
      goto out;
    }
    lt_p_consume(p);
    result = lt_loc_file(p->ctx, p->chars.data + start, line, col);
  } else if (lt_p_consume_if(p, LT_TOK_L_PAREN)) {
    lt_loc_t child = lt_p_parse_location_instance(p);
    if (!child ||
        LT_FAILED(lt_p_expect(p, LT_TOK_R_PAREN,
                              "expected ')' after child location of NameLoc")))
      goto out;
    result = lt_loc_name(p->ctx, p->chars.data + start, child);
  } else {
    result = lt_loc_name(p->ctx, p->chars.data + start, NULL);
  }
  if (!result && !p->failed) lt_p_oom(p);
out:
  p->chars.len = start;
  return result;
}

lt_loc_t lt_p_parse_location_instance(lt_asm_parser_t *p) {
  if (LT_FAILED(lt_p_enter(p))) return NULL;
  lt_loc_t result = NULL;
  const char *pos = p->tok.ptr;
  if (p->tok.kind == LT_TOK_HASH_ID) {
    const lt_attr_t *a = lt_p_parse_attr(p, NULL);
    if (a && !lt_attr_is_loc(a)) {
      lt_strbuf_t sb = {0};
      lt_p_error_at(p, pos, "expected location attribute, but got %s",
                    lt_p_attr_str(p, &sb, a));
      lt_strbuf_free(&sb);
    } else {
      result = a;
    }
  } else if (p->tok.kind == LT_TOK_STRING) {
    result = parse_name_or_file(p);
  } else if (lt_p_is_kw(p, "callsite")) {
    result = parse_callsite(p);
  } else if (lt_p_is_kw(p, "fused")) {
    result = parse_fused(p);
  } else if (lt_p_is_kw(p, "unknown")) {
    lt_p_consume(p);
    result = lt_loc_unknown(p->ctx);
  } else {
    lt_p_wrong_token(p, "expected location instance");
  }
  lt_p_leave(p);
  return p->failed ? NULL : result;
}

lt_result_t lt_p_parse_trailing_loc(lt_asm_parser_t *p, lt_loc_t *slot,
                                    uint32_t *out_deferred) {
  if (out_deferred) *out_deferred = 0;
  if (!lt_p_is_kw(p, "loc")) return LT_SUCCESS;
  lt_p_consume(p);
  if (LT_FAILED(lt_p_expect(p, LT_TOK_L_PAREN, "expected '(' in location")))
    return LT_FAILURE;
  lt_token_t tok = p->tok;
  lt_loc_t loc = NULL;
  if (tok.kind == LT_TOK_HASH_ID) {
    const char *name = tok.ptr + 1;
    uint32_t len = tok.len - 1;
    lt_p_consume(p);
    if (memchr(name, '.', len))
      return lt_p_error_at(p, tok.ptr,
                           "expected location, but found dialect "
                           "attribute: '#%.*s'",
                           (int)len, name);
    lt_pentry_t *e = lt_pmap_find(&p->attr_aliases, name, len, 0);
    if (e) {
      loc = lt_pentry_slots(e)[0].ptr;
      if (!lt_attr_is_loc(loc)) {
        lt_strbuf_t sb = {0};
        lt_p_error_at(p, tok.ptr, "expected location, but found %s",
                      lt_p_attr_str(p, &sb, loc));
        lt_strbuf_free(&sb);
        return LT_FAILURE;
      }
    } else {
      /* Location aliases are printed at the end of the file. */
      lt_pdeferred_loc_t d = {name, len, tok.ptr, out_deferred ? NULL : slot};
      if (!LT_PVEC_PUSH(p, p->deferred, d)) return LT_FAILURE;
      if (out_deferred) *out_deferred = p->deferred.len;
    }
  } else {
    loc = lt_p_parse_location_instance(p);
    if (!loc) return LT_FAILURE;
  }
  if (LT_FAILED(lt_p_expect(p, LT_TOK_R_PAREN, "expected ')' in location")))
    return LT_FAILURE;
  if (loc && slot) *slot = loc;
  return LT_SUCCESS;
}

lt_result_t lt_p_resolve_deferred_locs(lt_asm_parser_t *p) {
  for (uint32_t i = 0; i < p->deferred.len; i++) {
    lt_pdeferred_loc_t *d = &p->deferred.data[i];
    if (!d->slot) continue; /* e.g. the argument of a body-less function */
    lt_pentry_t *e = lt_pmap_find(&p->attr_aliases, d->name, d->len, 0);
    if (!e)
      return lt_p_error_at(p, d->pos,
                           "operation location alias was never "
                           "defined");
    const lt_attr_t *a = lt_pentry_slots(e)[0].ptr;
    if (!lt_attr_is_loc(a)) {
      lt_strbuf_t sb = {0};
      lt_p_error_at(p, d->pos, "expected location, but found %s",
                    lt_p_attr_str(p, &sb, a));
      lt_strbuf_free(&sb);
      return LT_FAILURE;
    }
    *d->slot = a;
  }
  return LT_SUCCESS;
}

/* parser.c - the parser's driver: buffer and token handling, diagnostics
 * with MLIR's locations, alias definitions, the `{-# ... #-}` file metadata
 * and the top level (implicit module). Grammar: reference/mlir.md §1. */
#include "ir/parser.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ir/builtin.h"
#include "ir/parse_internal.h"

/* ---- memory -----------------------------------------------------------------
 */

bool lt_p_grow(lt_asm_parser_t *p, void **data, uint32_t *cap, size_t elem,
               uint32_t need) {
  if (need <= *cap) return true;
  uint64_t new_cap = *cap ? *cap : 8;
  while (new_cap < need)
    new_cap *= 2;
  void *fresh = new_cap <= UINT32_MAX
                    ? lt_realloc(p->alloc, *data, (size_t)*cap * elem,
                                 (size_t)new_cap * elem)
                    : NULL;
  if (!fresh) {
    lt_p_oom(p);
    return false;
  }
  *data = fresh;
  *cap = (uint32_t)new_cap;
  return true;
}

void *lt_p_arena_alloc(lt_asm_parser_t *p, size_t size) {
  void *mem = lt_arena_alloc(&p->arena, size ? size : 1, 8);
  if (!mem) lt_p_oom(p);
  return mem;
}

lt_result_t lt_p_oom(lt_asm_parser_t *p) {
  return lt_p_error_at(p, p->tok.ptr, "out of memory while parsing");
}

lt_result_t lt_p_enter(lt_asm_parser_t *p) {
  if (p->depth >= LT_PARSE_MAX_DEPTH)
    return lt_p_error(p, "nesting is deeper than the parser's limit of %d",
                      LT_PARSE_MAX_DEPTH);
  p->depth++;
  return LT_SUCCESS;
}

/* ---- tokens
 * -------------------------------------------------------------------- */

void lt_p_consume(lt_asm_parser_t *p) {
  p->tok = lt_lexer_next(&p->lex);
  if (p->tok.kind == LT_TOK_ERROR)
    lt_p_error_at(p, p->lex.err_pos, "%s", p->lex.err_msg);
}

bool lt_p_is_kw(lt_asm_parser_t *p, const char *kw) {
  return p->tok.kind == LT_TOK_BARE_ID && lt_token_is(&p->tok, kw);
}

lt_result_t lt_p_expect(lt_asm_parser_t *p, lt_tok_kind_t k, const char *msg) {
  if (lt_p_consume_if(p, k)) return LT_SUCCESS;
  return lt_p_wrong_token(p, "%s", msg);
}

size_t lt_p_string_value(lt_asm_parser_t *p, const lt_token_t *t,
                         uint32_t *out_start) {
  const char *body = t->ptr + 1;
  size_t len = t->len >= 2 ? t->len - 2 : 0;
  if (t->kind == LT_TOK_AT_ID) { /* @"quoted" */
    body = t->ptr + 2;
    len = t->len >= 3 ? t->len - 3 : 0;
  }
  *out_start = p->chars.len;
  if (!LT_PVEC_RESERVE(p, p->chars, len + 1)) return 0;
  size_t n = lt_lex_decode_string(body, len, p->chars.data + p->chars.len);
  p->chars.data[p->chars.len + n] = '\0';
  p->chars.len += (uint32_t)n + 1;
  return n;
}

const char *lt_p_cstr(lt_asm_parser_t *p, const char *s, size_t len) {
  if (!LT_PVEC_RESERVE(p, p->chars, len + 1)) return NULL;
  char *out = p->chars.data + p->chars.len;
  memcpy(out, s, len);
  out[len] = '\0';
  p->chars.len += (uint32_t)len + 1;
  return out;
}

/* ---- locations and diagnostics
 * --------------------------------------------------- */

static void line_col(lt_asm_parser_t *p, const char *pos, uint32_t *out_line,
                     uint32_t *out_col) {
  if (pos < p->buf) pos = p->buf;
  if (pos > p->buf + p->buf_size) pos = p->buf + p->buf_size;
  if (pos < p->lc_line_start) { /* rare: restart from the top */
    p->lc_line_start = p->lc_scanned = p->buf;
    p->lc_line = 1;
  }
  if (pos > p->lc_scanned) {
    const char *s = p->lc_scanned;
    const char *nl;
    while ((nl = memchr(s, '\n', (size_t)(pos - s))) != NULL) {
      p->lc_line++;
      s = nl + 1;
      p->lc_line_start = s;
    }
    p->lc_scanned = pos;
    /* Locations are made in text order, so this is where the parser is. */
    if (p->consumed && (size_t)(pos - p->consumed_at) >= LT_CONSUMED_STEP) {
      p->consumed(p->consumed_user, pos - LT_CONSUMED_STEP / 2);
      p->consumed_at = pos;
    }
  }
  *out_line = p->lc_line + p->line_offset;
  *out_col = (uint32_t)(pos - p->lc_line_start) + 1;
}

lt_loc_t lt_p_loc(lt_asm_parser_t *p, const char *pos) {
  uint32_t line, col;
  line_col(p, pos, &line, &col);
  return lt_loc_file(p->ctx, p->name, line, col);
}

/* The current token's position; at EOF one character back, as MLIR does. */
static const char *current_pos(lt_asm_parser_t *p) {
  const char *pos = p->tok.ptr;
  if (p->tok.kind == LT_TOK_EOF && pos > p->buf) pos--;
  return pos;
}

lt_diag_t *lt_p_begin_error(lt_asm_parser_t *p, const char *pos) {
  if (p->failed) return NULL;
  p->failed = true;
  return lt_diag_begin(p->ctx, lt_p_loc(p, pos ? pos : current_pos(p)),
                       LT_SEV_ERROR);
}

lt_result_t lt_p_end_error(lt_asm_parser_t *p, lt_diag_t *d) {
  LT_UNUSED(p);
  if (d) lt_diag_emit(d);
  return LT_FAILURE;
}

static lt_result_t error_v(lt_asm_parser_t *p, const char *pos, const char *fmt,
                           va_list ap) {
  lt_diag_t *d = lt_p_begin_error(p, pos);
  if (!d) return LT_FAILURE;
  lt_strbuf_vprintf(&d->message, fmt, ap);
  return lt_p_end_error(p, d);
}

lt_result_t lt_p_error_at(lt_asm_parser_t *p, const char *pos, const char *fmt,
                          ...) {
  va_list ap;
  va_start(ap, fmt);
  lt_result_t r = error_v(p, pos, fmt, ap);
  va_end(ap);
  return r;
}

lt_result_t lt_p_error(lt_asm_parser_t *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lt_result_t r = error_v(p, NULL, fmt, ap);
  va_end(ap);
  return r;
}

/* MLIR reports a missing token right after the previous one: back up over
 * blanks, blank lines and lines that are only comments. */
/* Cuts a `//` comment off the line that ends at `end`. */
static const char *before_comment(const char *begin, const char *end) {
  const char *line = end;
  while (line > begin && line[-1] != '\n' && line[-1] != '\r')
    line--;
  for (const char *c = line; c + 1 < end; c++)
    if (c[0] == '/' && c[1] == '/') return c;
  return end;
}

static const char *wrong_token_pos(lt_asm_parser_t *p) {
  const char *orig = current_pos(p);
  const char *begin = p->buf;
  const char *end = orig;
  /* At the end of the input, scan back from the very end (MLIR starts one
   * character early, which skips the last token when no newline ends it). */
  if (p->tok.kind == LT_TOK_EOF) end = before_comment(begin, orig = p->tok.ptr);
  for (;;) {
    while (end > begin && (end[-1] == ' ' || end[-1] == '\t'))
      end--;
    if (end == begin) return orig;
    if (end[-1] != '\n' && end[-1] != '\r') return end;
    /* If the previous line has a `//`, report before it. */
    end = before_comment(begin, end - 1);
  }
}

lt_result_t lt_p_wrong_token(lt_asm_parser_t *p, const char *fmt, ...) {
  if (p->failed) return LT_FAILURE;
  va_list ap;
  va_start(ap, fmt);
  lt_result_t r = error_v(p, wrong_token_pos(p), fmt, ap);
  va_end(ap);
  return r;
}

const char *lt_p_type_str(lt_asm_parser_t *p, lt_strbuf_t *sb,
                          const lt_type_t *t) {
  LT_UNUSED(p);
  lt_strbuf_putc(sb, '\'');
  lt_type_print(t, sb);
  lt_strbuf_putc(sb, '\'');
  return sb->data;
}

const char *lt_p_attr_str(lt_asm_parser_t *p, lt_strbuf_t *sb,
                          const lt_attr_t *a) {
  LT_UNUSED(p);
  lt_strbuf_putc(sb, '\'');
  lt_attr_print(a, sb);
  lt_strbuf_putc(sb, '\'');
  return sb->data;
}

/* ---- parser lifetime
 * ----------------------------------------------------------- */

static lt_result_t parser_init(lt_asm_parser_t *p, lt_context_t *ctx,
                               const char *name, const char *buf, size_t len,
                               const lt_parse_config_t *config) {
  uint32_t line_offset = config->line_offset;
  memset(p, 0, sizeof(*p));
  p->ctx = ctx;
  p->alloc = lt_context_allocator(ctx);
  p->name = name ? name : "<unknown>";
  p->line_offset = line_offset;
  p->default_dialect = "builtin";
  lt_arena_init(&p->arena, p->alloc);
  if (len >= UINT32_MAX) {
    lt_emit_error(ctx, lt_loc_file(ctx, p->name, 0, 0),
                  "input of %zu bytes is larger than the parser's limit", len);
    return LT_FAILURE;
  }
  /* Scratch stacks start non-empty so `data + base` never offsets NULL. */
  if (!LT_PVEC_RESERVE(p, p->operands, 16) ||
      !LT_PVEC_RESERVE(p, p->types, 16) || !LT_PVEC_RESERVE(p, p->attrs, 16) ||
      !LT_PVEC_RESERVE(p, p->named, 16) ||
      !LT_PVEC_RESERVE(p, p->named_pos, 16) ||
      !LT_PVEC_RESERVE(p, p->idents, 8) || !LT_PVEC_RESERVE(p, p->elems, 16) ||
      !LT_PVEC_RESERVE(p, p->vals, 16) || !LT_PVEC_RESERVE(p, p->succs, 8) ||
      !LT_PVEC_RESERVE(p, p->regions, 8) || !LT_PVEC_RESERVE(p, p->dims, 16) ||
      !LT_PVEC_RESERVE(p, p->chars, 256) || !LT_PVEC_RESERVE(p, p->bytes, 64))
    return LT_FAILURE;
  if (config->nul_terminated) {
    p->buf = buf;
  } else {
    char *copy = lt_alloc(p->alloc, len + 1);
    if (!copy) {
      lt_emit_error(ctx, lt_loc_file(ctx, p->name, 0, 0),
                    "out of memory while parsing");
      return LT_FAILURE;
    }
    if (len) memcpy(copy, buf, len);
    copy[len] = '\0';
    p->buf = copy;
    p->owns_buf = true;
  }
  p->buf_size = len;
  p->consumed = config->consumed;
  p->consumed_user = config->consumed_user;
  p->consumed_at = p->buf;
  p->lc_line_start = p->lc_scanned = p->buf;
  p->lc_line = 1;
  lt_lexer_init(&p->lex, p->buf, len);
  lt_p_consume(p);
  return LT_SUCCESS;
}

static void parser_deinit(lt_asm_parser_t *p) {
  lt_pmap_free(p, &p->values);
  lt_pmap_free(p, &p->blocks);
  lt_pmap_free(p, &p->attr_aliases);
  lt_pmap_free(p, &p->type_aliases);
  lt_pmap_free(p, &p->op_names);
  LT_PVEC_FREE(p, p->value_defs);
  LT_PVEC_FREE(p, p->block_names);
  LT_PVEC_FREE(p, p->scopes);
  LT_PVEC_FREE(p, p->fwd);
  LT_PVEC_FREE(p, p->loose_blocks);
  LT_PVEC_FREE(p, p->deferred);
  LT_PVEC_FREE(p, p->pending);
  LT_PVEC_FREE(p, p->operands);
  LT_PVEC_FREE(p, p->types);
  LT_PVEC_FREE(p, p->attrs);
  LT_PVEC_FREE(p, p->named);
  LT_PVEC_FREE(p, p->named_pos);
  lt_pmap_free(p, &p->dict_keys);
  LT_PVEC_FREE(p, p->idents);
  LT_PVEC_FREE(p, p->elems);
  LT_PVEC_FREE(p, p->vals);
  LT_PVEC_FREE(p, p->succs);
  LT_PVEC_FREE(p, p->regions);
  LT_PVEC_FREE(p, p->dims);
  LT_PVEC_FREE(p, p->chars);
  LT_PVEC_FREE(p, p->bytes);
  lt_arena_deinit(&p->arena);
  if (p->owns_buf) lt_free(p->alloc, (char *)p->buf, p->buf_size + 1);
  p->buf = NULL;
}

/* ---- aliases
 * ---------------------------------------------------------------------- */

static lt_result_t parse_alias_def(lt_asm_parser_t *p, bool is_type) {
  const char *name = p->tok.ptr + 1;
  uint32_t len = p->tok.len - 1;
  lt_pmap_t *map = is_type ? &p->type_aliases : &p->attr_aliases;
  if (lt_pmap_find(map, name, len, 0))
    return lt_p_error(p, "redefinition of %s alias id '%.*s'",
                      is_type ? "type" : "attribute", (int)len, name);
  if (memchr(name, '.', len))
    return lt_p_error(p,
                      "%s names with a '.' are reserved for "
                      "dialect-defined names",
                      is_type ? "type" : "attribute");
  lt_p_consume(p);
  if (LT_FAILED(lt_p_expect(p, LT_TOK_EQUAL,
                            is_type ? "expected '=' in type alias definition"
                                    : "expected '=' in attribute alias "
                                      "definition")))
    return LT_FAILURE;
  void *value =
      is_type ? (void *)lt_p_parse_type(p) : (void *)lt_p_parse_attr(p, NULL);
  if (!value) return LT_FAILURE;
  lt_pentry_t *e = lt_pmap_insert(p, map, name, len, 0);
  if (!e || !lt_pentry_reserve(p, e, 1)) return LT_FAILURE;
  lt_pentry_slots(e)[0].ptr = value;
  e->count = 1;
  return LT_SUCCESS;
}

/* ---- file metadata: {-# dialect_resources: {...}, external_resources: {...}
 * #-} */

typedef lt_result_t (*list_elem_fn)(lt_asm_parser_t *p, void *user);

/* element (`,` element)* closed by `right`; empty allowed. */
static lt_result_t parse_list_until(lt_asm_parser_t *p, lt_tok_kind_t right,
                                    list_elem_fn fn, void *user) {
  if (lt_p_consume_if(p, right)) return LT_SUCCESS;
  do {
    if (LT_FAILED(fn(p, user))) return LT_FAILURE;
  } while (lt_p_consume_if(p, LT_TOK_COMMA));
  if (lt_p_consume_if(p, right)) return LT_SUCCESS;
  return lt_p_wrong_token(p, "expected ',' or '%s'",
                          lt_tok_kind_spelling(right));
}

/* Largest blob alignment accepted (a page is the most any kernel needs). */
#define LT_MAX_BLOB_ALIGNMENT 65536u

static bool is_keyword_token(const lt_token_t *t) {
  return t->kind == LT_TOK_BARE_ID;
}

static lt_result_t parse_builtin_blob(lt_asm_parser_t *p, void *user) {
  bool builtin = *(bool *)user;
  uint32_t mark = p->chars.len;
  const char *key;
  if (LT_FAILED(lt_p_parse_resource_key(p, &key))) return LT_FAILURE;
  if (LT_FAILED(lt_p_expect(p, LT_TOK_COLON, "expected ':'")))
    return LT_FAILURE;
  lt_token_t value = p->tok;
  lt_p_consume(p);
  if (p->failed) return LT_FAILURE;
  if (!builtin) { /* other dialects' external resources are not kept */
    p->chars.len = mark;
    return LT_SUCCESS;
  }
  size_t size = 0;
  uint32_t bmark = p->bytes.len;
  bool hex = false;
  if (value.kind == LT_TOK_STRING) {
    if (!LT_PVEC_RESERVE(p, p->bytes, value.len / 2)) return LT_FAILURE;
    hex = lt_lex_hex_string(&value, p->bytes.data + bmark, &size);
  }
  if (!hex)
    return lt_p_error_at(p, value.ptr, "expected hex string blob for key '%s'",
                         key);
  if (size < 4)
    return lt_p_error_at(p, value.ptr,
                         "expected hex string blob for key '%s' to encode "
                         "alignment in first 4 bytes",
                         key);
  const uint8_t *b = p->bytes.data + bmark;
  uint32_t align = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                   (uint32_t)b[3] << 24;
  if (align && (align & (align - 1)))
    return lt_p_error_at(p, value.ptr,
                         "expected hex string blob for key '%s' to encode "
                         "alignment in first 4 bytes, but got non-power-of-2 "
                         "value: %u",
                         key, align);
  /* Blobs are stored aligned, which costs up to `align` bytes more. */
  if (align > LT_MAX_BLOB_ALIGNMENT)
    return lt_p_error_at(p, value.ptr,
                         "expected hex string blob for key '%s' to encode an "
                         "alignment of at most %u, but got %u",
                         key, LT_MAX_BLOB_ALIGNMENT, align);
  if (align == 0) align = 1; /* MLIR reads 0 as "no alignment" */
  lt_resource_t *r = lt_context_resource(p->ctx, key);
  if (!r) return lt_p_oom(p);
  lt_status_t st = lt_resource_set_blob(p->ctx, r, b + 4, size - 4, align);
  if (st) {
    lt_p_error_at(p, value.ptr, "%s", lt_status_message(st));
    lt_status_free(st);
    return LT_FAILURE;
  }
  p->chars.len = mark;
  return LT_SUCCESS;
}

static lt_result_t parse_resource_group(lt_asm_parser_t *p, void *user) {
  bool dialect_section = *(bool *)user;
  const char *name_pos = p->tok.ptr;
  if (!is_keyword_token(&p->tok))
    return lt_p_error(p, "expected identifier key for 'resource' entry");
  lt_token_t name = p->tok;
  lt_p_consume(p);
  if (LT_FAILED(lt_p_expect(p, LT_TOK_COLON, "expected ':'")) ||
      LT_FAILED(lt_p_expect(p, LT_TOK_L_BRACE, "expected '{'")))
    return LT_FAILURE;
  bool builtin = lt_token_is(&name, "builtin");
  if (dialect_section && !builtin) {
    if (lt_context_dialect(p->ctx, name.ptr, name.len))
      return lt_p_error_at(p, name_pos,
                           "unexpected 'resource' section for dialect '%.*s'",
                           (int)name.len, name.ptr);
    return lt_p_error_at(p, name_pos, "dialect '%.*s' is unknown",
                         (int)name.len, name.ptr);
  }
  bool keep = dialect_section && builtin;
  return parse_list_until(p, LT_TOK_R_BRACE, parse_builtin_blob, &keep);
}

static lt_result_t parse_metadata_entry(lt_asm_parser_t *p, void *user) {
  LT_UNUSED(user);
  const char *key_pos = p->tok.ptr;
  if (!is_keyword_token(&p->tok))
    return lt_p_error(p, "expected identifier key in file metadata dictionary");
  lt_token_t key = p->tok;
  lt_p_consume(p);
  if (LT_FAILED(lt_p_expect(p, LT_TOK_COLON, "expected ':'")))
    return LT_FAILURE;
  bool dialect_section;
  if (lt_token_is(&key, "dialect_resources"))
    dialect_section = true;
  else if (lt_token_is(&key, "external_resources"))
    dialect_section = false;
  else
    return lt_p_error_at(p, key_pos,
                         "unknown key '%.*s' in file metadata dictionary",
                         (int)key.len, key.ptr);
  if (LT_FAILED(lt_p_expect(p, LT_TOK_L_BRACE, "expected '{'")))
    return LT_FAILURE;
  return parse_list_until(p, LT_TOK_R_BRACE, parse_resource_group,
                          &dialect_section);
}

static lt_result_t parse_file_metadata(lt_asm_parser_t *p) {
  lt_p_consume(p); /* {-# */
  return parse_list_until(p, LT_TOK_FILE_META_END, parse_metadata_entry, NULL);
}

/* ---- top level
 * ------------------------------------------------------------------- */

/* Drops every reference of the partial IR, then frees it. */
static void cleanup_partial(lt_asm_parser_t *p, lt_block_t *top) {
  lt_p_drop_partial_ir(p);
  p->pending.len = 0;
  if (top) lt_block_destroy(top);
  lt_p_destroy_loose_blocks(p);
}

static lt_result_t parse_top_level(lt_asm_parser_t *p, lt_block_t *top) {
  lt_p_push_scope(p);
  for (;;) {
    if (p->failed) return LT_FAILURE;
    lt_result_t r;
    switch (p->tok.kind) {
    case LT_TOK_EOF:
      if (LT_FAILED(lt_p_check_forward_refs(p)) ||
          LT_FAILED(lt_p_resolve_deferred_locs(p)))
        return LT_FAILURE;
      return lt_p_pop_scope(p);
    case LT_TOK_ERROR:
      return LT_FAILURE;
    case LT_TOK_HASH_ID:
      r = parse_alias_def(p, false);
      break;
    case LT_TOK_BANG_ID:
      r = parse_alias_def(p, true);
      break;
    case LT_TOK_FILE_META_BEGIN:
      r = parse_file_metadata(p);
      break;
    default:
      r = lt_p_parse_operation(p, top);
      break;
    }
    if (LT_FAILED(r)) return LT_FAILURE;
  }
}

static size_t count_ops(const lt_block_t *b) {
  size_t n = 0;
  for (const lt_op_t *op = b->first; op; op = op->next)
    n++;
  return n;
}

lt_op_t *lt_parse_source(lt_context_t *ctx, const char *name, const char *buf,
                         size_t len, const lt_parse_config_t *config) {
  lt_parse_config_t defaults = {0};
  if (!config) config = &defaults;
  uint64_t oom_before = lt_context_alloc_failures(ctx);
  lt_asm_parser_t p;
  if (LT_FAILED(parser_init(&p, ctx, name, buf, len, config))) {
    parser_deinit(&p);
    return NULL;
  }
  lt_block_t *top = lt_block_create(ctx);
  if (!top ||
      !LT_PVEC_PUSH(&p, p.pending, ((lt_pending_t){LT_PENDING_BLOCK, top}))) {
    if (top) lt_block_destroy(top);
    lt_p_oom(&p);
    parser_deinit(&p);
    return NULL;
  }
  lt_result_t r = parse_top_level(&p, top);
  if (LT_FAILED(r) || p.failed) {
    cleanup_partial(&p, top);
    parser_deinit(&p);
    return NULL;
  }
  p.pending.len = 0;
  lt_op_t *result = NULL;
  lt_op_t *first = top->first;
  size_t n = count_ops(top);
  lt_loc_t file_loc = lt_loc_file(ctx, p.name, 0, 0);
  if (n == 1 && strcmp(lt_op_name(first), "builtin.module") == 0) {
    lt_op_remove(first);
    result = first;
  } else if (config->no_implicit_module) {
    if (n == 1) {
      lt_op_remove(first);
      result = first;
    } else {
      lt_emit_error(ctx, file_loc,
                    "source must contain a single top-level operation, "
                    "found: %zu",
                    n);
    }
  } else {
    result = lt_module_create(ctx, file_loc);
    if (result)
      lt_block_splice(lt_module_body(result), top);
    else
      lt_emit_error(ctx, file_loc, "out of memory while parsing");
  }
  /* A failed allocation the parser recovered from may still have lost
   * something (a location, a name): the IR is not the text's. */
  if (result && lt_context_alloc_failures(ctx) != oom_before) {
    lt_emit_error(ctx, file_loc, "out of memory while parsing");
    lt_op_destroy(result);
    result = NULL;
  }
  lt_block_destroy(top);
  parser_deinit(&p);
  return result;
}

/* ---- single types and attributes
 * ------------------------------------------------- */

static void *parse_whole_string(lt_context_t *ctx, const char *s,
                                bool is_type) {
  lt_asm_parser_t p;
  void *result = NULL;
  const char *name = is_type ? "<type>" : "<attribute>";
  lt_parse_config_t defaults = {0};
  if (LT_SUCCEEDED(
          parser_init(&p, ctx, name, s, s ? strlen(s) : 0, &defaults))) {
    result = is_type ? (void *)lt_p_parse_type(&p)
                     : (void *)lt_p_parse_attr(&p, NULL);
    if (result && !p.failed && p.tok.kind != LT_TOK_EOF) {
      lt_p_error(&p, "found trailing characters: '%s'", p.tok.ptr);
      result = NULL;
    }
    if (p.failed) result = NULL;
  }
  parser_deinit(&p);
  return result;
}

const lt_type_t *lt_parse_type_str(lt_context_t *ctx, const char *s) {
  return parse_whole_string(ctx, s, true);
}

const lt_attr_t *lt_parse_attr_str(lt_context_t *ctx, const char *s) {
  return parse_whole_string(ctx, s, false);
}

/* lexer.c - MLIR's lexical grammar (mlir/lib/AsmParser/Lexer.cpp).
 * The buffer ends in a NUL sentinel, so one byte of lookahead past any
 * non-NUL byte is always safe. */
#include "ir/lexer.h"

#include <string.h>

enum {
  CC_ALPHA = 1,  /* [a-zA-Z] */
  CC_DIGIT = 2,  /* [0-9] */
  CC_HEX = 4,    /* [0-9a-fA-F] */
  CC_BARE = 8,   /* continues a bare id: [a-zA-Z0-9_$.] */
  CC_SUFFIX = 16 /* continues a suffix id: [a-zA-Z0-9_$.-] */
};

/* Character classes by arithmetic, independent of the C locale. */
static inline bool cc(char ch, uint8_t cls) {
  unsigned c = (unsigned char)ch;
  bool alpha = (c | 0x20) - 'a' < 26u;
  bool digit = c - '0' < 10u;
  uint8_t m = 0;
  if (alpha) m |= CC_ALPHA | CC_BARE | CC_SUFFIX;
  if (digit) m |= CC_DIGIT | CC_HEX | CC_BARE | CC_SUFFIX;
  if ((c | 0x20) - 'a' < 6u) m |= CC_HEX;
  if (c == '_' || c == '$' || c == '.') m |= CC_BARE | CC_SUFFIX;
  if (c == '-') m |= CC_SUFFIX;
  return (m & cls) != 0;
}

bool lt_lex_is_bare_id_start(char c) { return cc(c, CC_ALPHA) || c == '_'; }
bool lt_lex_is_bare_id_char(char c) { return cc(c, CC_BARE); }

void lt_lexer_init(lt_lexer_t *lx, const char *buf, size_t len) {
  lx->begin = buf;
  lx->cur = buf;
  lx->end = buf + len;
  lx->err_pos = NULL;
  lx->err_msg = NULL;
}

void lt_lexer_reset(lt_lexer_t *lx, const char *pos) { lx->cur = pos; }

static lt_token_t form(lt_lexer_t *lx, lt_tok_kind_t kind, const char *start) {
  lt_token_t t;
  t.kind = kind;
  t.ptr = start;
  t.len = (uint32_t)(lx->cur - start);
  return t;
}

static lt_token_t lex_error(lt_lexer_t *lx, const char *pos, const char *msg) {
  lx->err_pos = pos;
  lx->err_msg = msg;
  lt_token_t t;
  t.kind = LT_TOK_ERROR;
  t.ptr = pos;
  t.len = 0;
  return t;
}

/* string-literal ::= '"' [^"\n\f\v\r]* '"' ; cur is just past the quote. */
static lt_token_t lex_string(lt_lexer_t *lx, const char *start) {
  const char *p = lx->cur;
  for (;;) {
    char c = *p++;
    switch (c) {
    case '"':
      lx->cur = p;
      return form(lx, LT_TOK_STRING, start);
    case 0:
      if (p - 1 != lx->end) continue;
      /* fall through */
    case '\n':
    case '\v':
    case '\f':
      lx->cur = p - 1;
      return lex_error(lx, p - 1, "expected '\"' in string literal");
    case '\\':
      if (*p == '"' || *p == '\\' || *p == 'n' || *p == 't')
        ++p;
      else if (cc(p[0], CC_HEX) && cc(p[1], CC_HEX))
        p += 2;
      else {
        lx->cur = p - 1;
        return lex_error(lx, p - 1, "unknown escape in string literal");
      }
      continue;
    default:
      continue;
    }
  }
}

static lt_token_t lex_number(lt_lexer_t *lx, const char *start) {
  const char *p = lx->cur; /* just past the first digit */
  if (start[0] == '0' && *p == 'x') {
    /* `0xi32` is the literal 0 followed by the identifier `xi32`. */
    if (!cc(p[1], CC_HEX)) return form(lx, LT_TOK_INTEGER, start);
    p += 2;
    while (cc(*p, CC_HEX))
      ++p;
    lx->cur = p;
    return form(lx, LT_TOK_INTEGER, start);
  }
  while (cc(*p, CC_DIGIT))
    ++p;
  if (*p != '.') {
    lx->cur = p;
    return form(lx, LT_TOK_INTEGER, start);
  }
  ++p;
  while (cc(*p, CC_DIGIT))
    ++p;
  if (*p == 'e' || *p == 'E') {
    if (cc(p[1], CC_DIGIT) ||
        ((p[1] == '-' || p[1] == '+') && cc(p[2], CC_DIGIT))) {
      p += 2;
      while (cc(*p, CC_DIGIT))
        ++p;
    }
  }
  lx->cur = p;
  return form(lx, LT_TOK_FLOAT, start);
}

/* `#`, `%`, `^`, `!` followed by suffix-id. */
static lt_token_t lex_prefixed(lt_lexer_t *lx, const char *start,
                               lt_tok_kind_t kind, const char *err) {
  const char *p = lx->cur;
  if (cc(*p, CC_DIGIT)) {
    while (cc(*p, CC_DIGIT))
      ++p;
  } else if (cc(*p, CC_SUFFIX)) {
    while (cc(*p, CC_SUFFIX))
      ++p;
  } else {
    return lex_error(lx, p - 1, err);
  }
  lx->cur = p;
  return form(lx, kind, start);
}

static lt_token_t lex_at(lt_lexer_t *lx, const char *start) {
  const char *p = lx->cur;
  char c = *p++;
  if (c == '"') {
    lx->cur = p;
    lt_token_t s = lex_string(lx, p - 1);
    if (s.kind == LT_TOK_ERROR) return s;
    return form(lx, LT_TOK_AT_ID, start);
  }
  if (!(cc(c, CC_ALPHA) || c == '_'))
    return lex_error(lx, p - 1,
                     "@ identifier expected to start with letter or '_'");
  while (cc(*p, CC_BARE))
    ++p;
  lx->cur = p;
  return form(lx, LT_TOK_AT_ID, start);
}

lt_token_t lt_lexer_next(lt_lexer_t *lx) {
  for (;;) {
    const char *start = lx->cur;
    char c = *lx->cur++;
    switch (c) {
    case ' ':
    case '\t':
    case '\n':
    case '\r':
      continue;
    case 0:
      if (start == lx->end) {
        lx->cur = start; /* stay on EOF */
        return form(lx, LT_TOK_EOF, start);
      }
      continue;
    case ':':
      return form(lx, LT_TOK_COLON, start);
    case ',':
      return form(lx, LT_TOK_COMMA, start);
    case '.':
      if (lx->cur[0] != '.' || lx->cur[1] != '.')
        return lex_error(lx, lx->cur,
                         "expected three consecutive dots for an ellipsis");
      lx->cur += 2;
      return form(lx, LT_TOK_ELLIPSIS, start);
    case '(':
      return form(lx, LT_TOK_L_PAREN, start);
    case ')':
      return form(lx, LT_TOK_R_PAREN, start);
    case '{':
      if (lx->cur[0] == '-' && lx->cur[1] == '#') {
        lx->cur += 2;
        return form(lx, LT_TOK_FILE_META_BEGIN, start);
      }
      return form(lx, LT_TOK_L_BRACE, start);
    case '}':
      return form(lx, LT_TOK_R_BRACE, start);
    case '[':
      return form(lx, LT_TOK_L_SQUARE, start);
    case ']':
      return form(lx, LT_TOK_R_SQUARE, start);
    case '<':
      return form(lx, LT_TOK_LESS, start);
    case '>':
      return form(lx, LT_TOK_GREATER, start);
    case '=':
      return form(lx, LT_TOK_EQUAL, start);
    case '+':
      return form(lx, LT_TOK_PLUS, start);
    case '*':
      return form(lx, LT_TOK_STAR, start);
    case '-':
      if (*lx->cur == '>') {
        ++lx->cur;
        return form(lx, LT_TOK_ARROW, start);
      }
      return form(lx, LT_TOK_MINUS, start);
    case '?':
      return form(lx, LT_TOK_QUESTION, start);
    case '|':
      return form(lx, LT_TOK_VBAR, start);
    case '/':
      if (*lx->cur == '/') {
        /* Comment to end of line: like MLIR, '\r' ends it as '\n' does. */
        const char *eol = lx->cur;
        while (eol < lx->end && *eol != '\n' && *eol != '\r')
          eol++;
        lx->cur = eol < lx->end ? eol + 1 : lx->end;
        continue;
      }
      return lex_error(lx, start, "unexpected character");
    case '@':
      return lex_at(lx, start);
    case '#':
      if (lx->cur[0] == '-' && lx->cur[1] == '}') {
        lx->cur += 2;
        return form(lx, LT_TOK_FILE_META_END, start);
      }
      return lex_prefixed(lx, start, LT_TOK_HASH_ID, "invalid attribute name");
    case '%':
      return lex_prefixed(lx, start, LT_TOK_PERCENT_ID, "invalid SSA name");
    case '^':
      return lex_prefixed(lx, start, LT_TOK_CARET_ID, "invalid block name");
    case '!':
      return lex_prefixed(lx, start, LT_TOK_BANG_ID, "invalid type identifier");
    case '"':
      return lex_string(lx, start);
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
      return lex_number(lx, start);
    default:
      if (cc(c, CC_ALPHA) || c == '_') {
        while (cc(*lx->cur, CC_BARE))
          ++lx->cur;
        return form(lx, LT_TOK_BARE_ID, start);
      }
      lx->cur = start;
      return lex_error(lx, start, "unexpected character");
    }
  }
}

const char *lt_tok_kind_spelling(lt_tok_kind_t kind) {
  static const char *const names[] = {
#define X(k, s) s,
      LT_TOKEN_KINDS(X)
#undef X
  };
  return (size_t)kind < sizeof(names) / sizeof(names[0]) ? names[kind] : "?";
}

bool lt_token_is(const lt_token_t *t, const char *s) {
  size_t n = strlen(s);
  return t->len == n && memcmp(t->ptr, s, n) == 0;
}

static int hex_val(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool lt_token_uint64(const lt_token_t *t, uint64_t *out_value) {
  uint64_t v = 0;
  if (t->len > 2 && t->ptr[0] == '0' && t->ptr[1] == 'x') {
    for (uint32_t i = 2; i < t->len; ++i) {
      if (v >> 60) return false;
      v = (v << 4) | (uint64_t)hex_val(t->ptr[i]);
    }
  } else {
    for (uint32_t i = 0; i < t->len; ++i) {
      uint64_t d = (uint64_t)(t->ptr[i] - '0');
      if (v > (UINT64_MAX - d) / 10) return false;
      v = v * 10 + d;
    }
  }
  *out_value = v;
  return true;
}

size_t lt_lex_decode_string(const char *body, size_t len, char *out) {
  size_t n = 0;
  for (size_t i = 0; i < len; ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= len) {
      out[n++] = c;
      continue;
    }
    char e = body[++i];
    switch (e) {
    case '"':
    case '\\':
      out[n++] = e;
      break;
    case 'n':
      out[n++] = '\n';
      break;
    case 't':
      out[n++] = '\t';
      break;
    default:
      if (i + 1 < len && hex_val(e) >= 0 && hex_val(body[i + 1]) >= 0) {
        out[n++] = (char)(hex_val(e) * 16 + hex_val(body[i + 1]));
        ++i;
      } else {
        out[n++] = '\\';
        out[n++] = e;
      }
      break;
    }
  }
  return n;
}

bool lt_lex_hex_string(const lt_token_t *t, uint8_t *out, size_t *out_len) {
  if (t->kind != LT_TOK_STRING || t->len < 4) return false;
  const char *s = t->ptr + 1;
  size_t n = t->len - 2;
  if (s[0] != '0' || s[1] != 'x' || (n & 1)) return false;
  size_t bytes = (n - 2) / 2;
  for (size_t i = 0; i < bytes; ++i) {
    int hi = hex_val(s[2 + 2 * i]), lo = hex_val(s[3 + 2 * i]);
    if (hi < 0 || lo < 0) return false;
    out[i] = (uint8_t)(hi * 16 + lo);
  }
  *out_len = bytes;
  return true;
}

/* lexer.h - tokens of MLIR's textual syntax, lexed in place over a buffer that
 * ends with a NUL sentinel (no allocation per token). */
#ifndef LITE_IR_LEXER_H
#define LITE_IR_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LT_TOKEN_KINDS(X)                                                      \
  X(EOF, "end of file")                                                        \
  X(ERROR, "error")                                                            \
  X(BARE_ID, "identifier")     /* foo, i32, func.func, x.y$z */                \
  X(AT_ID, "@identifier")      /* @f, @"quoted" */                             \
  X(HASH_ID, "#identifier")    /* #alias, #dialect.attr, #1 */                 \
  X(PERCENT_ID, "%identifier") /* %0, %arg0 */                                 \
  X(CARET_ID, "^identifier")   /* ^bb0 */                                      \
  X(BANG_ID, "!identifier")    /* !alias, !dialect.type */                     \
  X(INTEGER, "integer")        /* 42, 0x2A */                                  \
  X(FLOAT, "float")            /* 1.5, 2.e-3 */                                \
  X(STRING, "string")          /* "text" (with quotes) */                      \
  X(L_PAREN, "(")                                                              \
  X(R_PAREN, ")")                                                              \
  X(L_BRACE, "{")                                                              \
  X(R_BRACE, "}")                                                              \
  X(L_SQUARE, "[")                                                             \
  X(R_SQUARE, "]")                                                             \
  X(LESS, "<")                                                                 \
  X(GREATER, ">")                                                              \
  X(COLON, ":")                                                                \
  X(COMMA, ",")                                                                \
  X(EQUAL, "=")                                                                \
  X(ARROW, "->")                                                               \
  X(MINUS, "-")                                                                \
  X(PLUS, "+")                                                                 \
  X(STAR, "*")                                                                 \
  X(QUESTION, "?")                                                             \
  X(VBAR, "|")                                                                 \
  X(ELLIPSIS, "...")                                                           \
  X(FILE_META_BEGIN, "{-#")                                                    \
  X(FILE_META_END, "#-}")

typedef enum lt_tok_kind {
#define X(k, s) LT_TOK_##k,
  LT_TOKEN_KINDS(X)
#undef X
} lt_tok_kind_t;

typedef struct lt_token {
  lt_tok_kind_t kind;
  uint32_t len;
  const char *ptr; /* spelling inside the buffer */
} lt_token_t;

typedef struct lt_lexer {
  const char *begin;
  const char *cur;
  const char *end;     /* the NUL sentinel: begin[len] == '\0' */
  const char *err_pos; /* set with err_msg when an ERROR token is returned */
  const char *err_msg;
} lt_lexer_t;

/* buf[len] must be '\0'; embedded NULs are skipped like whitespace. */
void lt_lexer_init(lt_lexer_t *lx, const char *buf, size_t len);
/* Lexes the next token; ERROR tokens carry their message in err_msg. */
lt_token_t lt_lexer_next(lt_lexer_t *lx);
/* Moves the lexer so that the next token starts at pos. */
void lt_lexer_reset(lt_lexer_t *lx, const char *pos);

/* Spelling of a token kind for messages ("(", "->", "identifier"). */
const char *lt_tok_kind_spelling(lt_tok_kind_t kind);
/* Whether a token's spelling is exactly `s`. */
bool lt_token_is(const lt_token_t *t, const char *s);
/* Value of an INTEGER token (decimal or 0x hex); false on overflow. */
bool lt_token_uint64(const lt_token_t *t, uint64_t *out_value);
/* Decodes the body of a string literal (between the quotes, escapes
 * \" \\ \n \t \XX) into out, which needs room for len bytes; returns the
 * decoded length. The lexer has already validated the escapes. */
size_t lt_lex_decode_string(const char *body, size_t len, char *out);
/* Decodes `"0x<hex pairs>"` (a whole STRING token) into out (room for
 * (len-4)/2 bytes); false if it is not such a string. */
bool lt_lex_hex_string(const lt_token_t *t, uint8_t *out, size_t *out_len);

/* Character classes used by the lexer and the parser. */
bool lt_lex_is_bare_id_start(char c);
bool lt_lex_is_bare_id_char(char c);

#endif /* LITE_IR_LEXER_H */

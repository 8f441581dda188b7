/* parse_internal.h - state shared by the parser's files (parser.c: driver,
 * tokens, diagnostics, top level; parse_names.c: name tables; parse_types.c;
 * parse_attrs.c; parse_dense.c; parse_locs.c; parse_ops.c: ops, regions,
 * SSA; parse_asm.c: the custom-syntax API). Internal to ir/. */
#ifndef LITE_IR_PARSE_INTERNAL_H
#define LITE_IR_PARSE_INTERNAL_H

#include "ir/context.h"
#include "ir/diagnostics.h"
#include "ir/lexer.h"
#include "ir/parser.h"

/* ---- growable arrays (context allocator; OOM sets a parse error) ------- */
#define LT_PVEC(T)                                                             \
  struct {                                                                     \
    T *data;                                                                   \
    uint32_t len, cap;                                                         \
  }

bool lt_p_grow(lt_asm_parser_t *p, void **data, uint32_t *cap, size_t elem,
               uint32_t need);
#define LT_PVEC_RESERVE(p, v, n)                                               \
  ((v).len + (n) <= (v).cap || lt_p_grow((p), (void **)&(v).data, &(v).cap,    \
                                         sizeof(*(v).data), (v).len + (n)))
#define LT_PVEC_PUSH(p, v, x)                                                  \
  (LT_PVEC_RESERVE(p, v, 1) ? ((v).data[(v).len++] = (x), true) : false)
#define LT_PVEC_FREE(p, v)                                                     \
  do {                                                                         \
    if ((v).data)                                                              \
      lt_free((p)->alloc, (v).data, (size_t)(v).cap * sizeof(*(v).data));      \
    (v).data = NULL;                                                           \
    (v).len = (v).cap = 0;                                                     \
  } while (0)

/* ---- name tables ----------------------------------------------------------
 * Open addressing over string slices of the source (plus a tag that keeps
 * the block names of different regions apart). Each entry holds slots: one
 * inline, more in the parser's arena (SSA names with result numbers). */
typedef struct lt_pslot {
  void *ptr;       /* value, block, attribute or type */
  const char *pos; /* definition or first use */
  uint32_t flags;
} lt_pslot_t;

/* Text the parser moves through between calls of config->consumed; half of
 * it stays behind as a margin for local look-backs. */
#define LT_CONSUMED_STEP ((size_t)8 << 20)

#define LT_PSLOT_FWD 1u     /* forward-reference placeholder */
#define LT_PSLOT_DEFINED 2u /* block: label seen */

typedef struct lt_pentry {
  const char *key; /* NULL: empty bucket */
  uint32_t len, tag, hash;
  uint32_t count, cap; /* slots in use / allocated (cap <= 1: inline) */
  union {
    lt_pslot_t one;
    lt_pslot_t *many;
  } s;
} lt_pentry_t;

typedef struct lt_pmap {
  lt_pentry_t *buckets;
  uint32_t mask, size;
} lt_pmap_t;

uint32_t lt_pmap_hash(const char *key, uint32_t len, uint32_t tag);
lt_pentry_t *lt_pmap_find(const lt_pmap_t *m, const char *key, uint32_t len,
                          uint32_t tag);
/* Finds or inserts (count 0); NULL on OOM. Pointers die on the next insert or
 * remove. */
lt_pentry_t *lt_pmap_insert(lt_asm_parser_t *p, lt_pmap_t *m, const char *key,
                            uint32_t len, uint32_t tag);
void lt_pmap_remove(lt_pmap_t *m, lt_pentry_t *e);
void lt_pmap_free(lt_asm_parser_t *p, lt_pmap_t *m);
static inline lt_pslot_t *lt_pentry_slots(lt_pentry_t *e) {
  return e->cap <= 1 ? &e->s.one : e->s.many;
}
/* Makes room for n slots (new ones zeroed); false on OOM. */
bool lt_pentry_reserve(lt_asm_parser_t *p, lt_pentry_t *e, uint32_t n);

/* ---- parser state ----------------------------------------------------------
 */
typedef struct lt_pname {
  const char *key;
  uint32_t len;
} lt_pname_t;

typedef struct lt_pscope {
  uint32_t value_defs; /* start in value_defs */
  uint32_t block_names;
  uint32_t tag;
} lt_pscope_t;

typedef struct lt_pfwd {
  lt_value_t *value;
  const char *pos;
  bool resolved;
} lt_pfwd_t;

typedef struct lt_pdeferred_loc {
  const char *name; /* alias name without '#' */
  uint32_t len;
  const char *pos;
  lt_loc_t *slot; /* where the resolved location goes; NULL: dropped */
} lt_pdeferred_loc_t;

typedef enum lt_pending_kind {
  LT_PENDING_REGION, /* detached region of a generic op being parsed */
  LT_PENDING_STATE,  /* op state of a custom op being parsed */
  LT_PENDING_BLOCK   /* the top-level block */
} lt_pending_kind_t;

typedef struct lt_pending {
  lt_pending_kind_t kind;
  void *ptr;
} lt_pending_t;

/* A dense literal element: the token and whether a `-` preceded it. */
typedef struct lt_pelem {
  lt_token_t tok;
  bool negative;
} lt_pelem_t;

struct lt_asm_parser {
  lt_context_t *ctx;
  lt_allocator_t alloc;
  const char *name; /* buffer name used in locations */
  uint32_t line_offset;
  const char *buf; /* NUL-terminated: the caller's or a private copy */
  size_t buf_size;
  bool owns_buf;
  void (*consumed)(void *user, const char *upto); /* lt_parse_config_t */
  void *consumed_user;
  const char *consumed_at; /* last position reported to `consumed` */
  lt_lexer_t lex;
  lt_token_t tok;

  /* line cache for positions -> line:col */
  const char *lc_line_start, *lc_scanned;
  uint32_t lc_line;

  bool failed;  /* an error was emitted: no more diagnostics */
  bool dropped; /* references of the partial IR were dropped */
  uint32_t depth;
  lt_arena_t arena; /* lives for one parse */

  lt_pmap_t values, blocks, attr_aliases, type_aliases;
  lt_pmap_t op_names; /* generic op name spelling -> op info */
  LT_PVEC(lt_pname_t) value_defs;
  LT_PVEC(lt_pname_t) block_names;
  LT_PVEC(lt_pscope_t) scopes;
  uint32_t next_tag;
  LT_PVEC(lt_pfwd_t) fwd;
  LT_PVEC(lt_block_t *) loose_blocks; /* forward-referenced, not placed yet */
  LT_PVEC(lt_pdeferred_loc_t) deferred;
  LT_PVEC(lt_pending_t) pending;

  /* scratch stacks: users push above a saved length and truncate back */
  LT_PVEC(lt_asm_operand_t) operands;
  LT_PVEC(const lt_type_t *) types;
  LT_PVEC(const lt_attr_t *) attrs;
  LT_PVEC(lt_named_attr_t) named;
  LT_PVEC(const char *) named_pos; /* key positions, parallel to named */
  lt_pmap_t dict_keys;             /* duplicate check of large dictionaries */
  LT_PVEC(const lt_ident_t *) idents;
  LT_PVEC(lt_pelem_t) elems;
  LT_PVEC(lt_value_t *) vals;
  LT_PVEC(lt_block_t *) succs;
  LT_PVEC(lt_region_t *) regions;
  LT_PVEC(int64_t) dims;
  LT_PVEC(char) chars;    /* decoded strings, punctuation stacks */
  LT_PVEC(uint8_t) bytes; /* dense data */

  const char *default_dialect; /* NUL-terminated */
  const char *custom_op;       /* name of the custom op being parsed */
  const char *custom_op_pos;   /* where its name is in the source */
};

/* ---- tokens ----------------------------------------------------------------
 */
void lt_p_consume(lt_asm_parser_t *p);
static inline bool lt_p_is(lt_asm_parser_t *p, lt_tok_kind_t k) {
  return p->tok.kind == k;
}
static inline bool lt_p_consume_if(lt_asm_parser_t *p, lt_tok_kind_t k) {
  if (p->tok.kind != k) return false;
  lt_p_consume(p);
  return true;
}
/* Whether the current token is the bare identifier `kw`. */
bool lt_p_is_kw(lt_asm_parser_t *p, const char *kw);
/* Consumes token kind k or reports msg as a wrong-token error. */
lt_result_t lt_p_expect(lt_asm_parser_t *p, lt_tok_kind_t k, const char *msg);
/* Decoded value of the current STRING token (or the quoted part of an AT_ID)
 * in p->chars starting at *out_start; returns its length. */
size_t lt_p_string_value(lt_asm_parser_t *p, const lt_token_t *t,
                         uint32_t *out_start);
/* Copies a slice into p->chars as a NUL-terminated string. */
const char *lt_p_cstr(lt_asm_parser_t *p, const char *s, size_t len);

/* ---- diagnostics ------------------------------------------------------------
 */
lt_loc_t lt_p_loc(lt_asm_parser_t *p, const char *pos);
/* Error at pos (NULL: the current token, moved back one char at EOF). */
lt_result_t lt_p_error_at(lt_asm_parser_t *p, const char *pos, const char *fmt,
                          ...) __attribute__((format(printf, 3, 4)));
lt_result_t lt_p_error(lt_asm_parser_t *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* MLIR's emitWrongTokenError: reported right after the previous token. */
lt_result_t lt_p_wrong_token(lt_asm_parser_t *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Starts an error to which notes can be attached; NULL when suppressed. */
lt_diag_t *lt_p_begin_error(lt_asm_parser_t *p, const char *pos);
lt_result_t lt_p_end_error(lt_asm_parser_t *p, lt_diag_t *d);
lt_result_t lt_p_oom(lt_asm_parser_t *p);
/* Appends a type/attribute as MLIR quotes them in messages ('i32'). */
const char *lt_p_type_str(lt_asm_parser_t *p, lt_strbuf_t *sb,
                          const lt_type_t *t);
const char *lt_p_attr_str(lt_asm_parser_t *p, lt_strbuf_t *sb,
                          const lt_attr_t *a);

/* Nesting guard: errors past LT_PARSE_MAX_DEPTH. */
lt_result_t lt_p_enter(lt_asm_parser_t *p);
static inline void lt_p_leave(lt_asm_parser_t *p) { p->depth--; }

void *lt_p_arena_alloc(lt_asm_parser_t *p, size_t size);

/* ---- types (parse_types.c)
 * ---------------------------------------------------- */
const lt_type_t *lt_p_parse_type(lt_asm_parser_t *p);
const lt_type_t *lt_p_parse_non_function_type(lt_asm_parser_t *p);
/* 0: no type starts here, 1: parsed into *out, -1: error. */
int lt_p_parse_optional_type(lt_asm_parser_t *p, const lt_type_t **out);
/* `(` types `)` or a single non-function type, pushed onto p->types. */
lt_result_t lt_p_parse_function_result_types(lt_asm_parser_t *p);
/* `(` types? `)` pushed onto p->types. */
lt_result_t lt_p_parse_type_list_parens(lt_asm_parser_t *p);
/* t (, t)* pushed onto p->types. */
lt_result_t lt_p_parse_type_list_no_parens(lt_asm_parser_t *p);
/* (dim `x`)* with dim ::= `?` | integer, pushed onto p->dims. */
lt_result_t lt_p_parse_dims_ranked(lt_asm_parser_t *p, bool allow_dynamic);
/* memref<...> (current token `memref`; parse_memref.c). */
const lt_type_t *lt_p_parse_memref_type(lt_asm_parser_t *p);
/* affine_map<...> in lite's subset (current token `affine_map`). */
const lt_attr_t *lt_p_parse_affine_map(lt_asm_parser_t *p);
/* Dialect symbol body `<...>` with balanced brackets (current token `<`). */
lt_result_t lt_p_parse_symbol_body(lt_asm_parser_t *p, const char **out_end);

/* What follows a `!` or `#` identifier: an alias (value set) or a dialect
 * symbol (dialect namespace NUL-terminated in p->chars, data in the source). */
typedef struct lt_psymbol {
  void *alias;
  const char *dialect;
  const char *data;
  uint32_t data_len;
  const char *pos; /* of the identifier token */
} lt_psymbol_t;
lt_result_t lt_p_parse_extended_symbol(lt_asm_parser_t *p, lt_pmap_t *aliases,
                                       lt_psymbol_t *out);

/* ---- attributes (parse_attrs.c, parse_dense.c)
 * -------------------------------- */
/* type: the expected type (integer/float literals), or NULL. */
const lt_attr_t *lt_p_parse_attr(lt_asm_parser_t *p, const lt_type_t *type);
/* `{...}` entries pushed onto p->named (current token `{`). */
lt_result_t lt_p_parse_attr_dict(lt_asm_parser_t *p);
/* Dictionary attribute from p->named[start..]; truncates p->named. */
const lt_attr_t *lt_p_named_to_dict(lt_asm_parser_t *p, uint32_t start);
const lt_attr_t *lt_p_parse_dense(lt_asm_parser_t *p);
const lt_attr_t *lt_p_parse_dense_array(lt_asm_parser_t *p);
const lt_attr_t *lt_p_parse_dense_resource(lt_asm_parser_t *p);
/* Resource key (bare id or string) as a NUL-terminated string in p->chars. */
lt_result_t lt_p_parse_resource_key(lt_asm_parser_t *p, const char **out);
/* Integer literal checks shared with dense elements: value of `spelling`
 * (decimal or hex, negated when negative) fitted to an integer type of
 * `width` bits (index: 64, signed); false when out of range. out gets the
 * two's complement bits, 128 wide. */
bool lt_p_int_fits(const char *spelling, uint32_t len, bool negative,
                   uint32_t width, bool is_signed, bool is_unsigned,
                   unsigned __int128 *out);
/* Hex float bit pattern for a float type; error emitted on failure. */
lt_result_t lt_p_float_from_int_literal(lt_asm_parser_t *p,
                                        const lt_token_t *tok, bool negative,
                                        const lt_type_t *type, uint64_t *out);
/* Decimal float token value (infinity when out of range, as MLIR 16). */
bool lt_p_float_value(const lt_token_t *tok, double *out);

/* ---- locations (parse_locs.c)
 * -------------------------------------------------- */
lt_loc_t lt_p_parse_location_instance(lt_asm_parser_t *p);
/* Trailing `loc(...)` if present, into *slot. A reference to a location alias
 * not yet defined is recorded as deferred: *slot is filled at the end, or,
 * when out_deferred is given, *out_deferred gets 1 + the index of the record
 * whose slot the caller binds later. */
lt_result_t lt_p_parse_trailing_loc(lt_asm_parser_t *p, lt_loc_t *slot,
                                    uint32_t *out_deferred);
/* Resolves deferred locations at the end of the parse. */
lt_result_t lt_p_resolve_deferred_locs(lt_asm_parser_t *p);

/* ---- operations (parse_ops.c)
 * --------------------------------------------------- */
lt_result_t lt_p_parse_operation(lt_asm_parser_t *p, lt_block_t *block);
lt_result_t lt_p_parse_region(lt_asm_parser_t *p, lt_region_t *region,
                              const lt_asm_argument_t *args, uint32_t num_args);
void lt_p_push_scope(lt_asm_parser_t *p);
lt_result_t lt_p_pop_scope(lt_asm_parser_t *p);
lt_result_t lt_p_parse_ssa_use(lt_asm_parser_t *p, lt_asm_operand_t *out,
                               bool allow_number);
lt_value_t *lt_p_resolve_use(lt_asm_parser_t *p, const lt_asm_operand_t *use,
                             const lt_type_t *type);
lt_result_t lt_p_add_definition(lt_asm_parser_t *p, const lt_asm_operand_t *def,
                                lt_value_t *v);
/* Reports remaining forward references ("use of undeclared SSA value name"). */
lt_result_t lt_p_check_forward_refs(lt_asm_parser_t *p);
/* Before anything is destroyed after an error: drops every use and successor
 * link in the partial IR, so it can be freed in any order. */
void lt_p_drop_partial_ir(lt_asm_parser_t *p);
void lt_p_destroy_loose_blocks(lt_asm_parser_t *p);

#endif /* LITE_IR_PARSE_INTERNAL_H */

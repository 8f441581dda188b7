/* parser.h - the textual IR parser: MLIR's generic syntax (mlir.md §1), op
 * custom forms through the ops' parse hooks, aliases, locations and the
 * `{-# dialect_resources #-}` trailer.
 *
 * Errors are reported as diagnostics on the context (file:line:col of the
 * offending token, MLIR's wording) and parsing stops at the first one. The
 * parser never verifies: callers run lt_op_verify on the result.
 *
 * The second half is the API that op parse hooks (lt_op_parse_fn_t) use to
 * read a custom form, modelled on MLIR's OpAsmParser. */
#ifndef LITE_IR_PARSER_H
#define LITE_IR_PARSER_H

#include "ir/lexer.h"
#include "ir/operation.h"

typedef struct lt_parse_config {
  bool no_implicit_module; /* return the single top-level op as is */
  uint32_t line_offset;    /* added to every line (split inputs) */
  /* buf[len] is readable and '\0': the buffer is parsed in place rather
   * than copied. */
  bool nul_terminated;
  /* Optional: called now and then with a position the parser has moved well
   * past, so that a caller owning a file mapping may drop the pages before
   * it (the text must stay readable: diagnostics may still look back). */
  void (*consumed)(void *user, const char *upto);
  void *consumed_user;
} lt_parse_config_t;

/* Parses a buffer named `name`; returns the top-level op — the single
 * builtin.module, or an implicit module wrapping all top-level ops — or NULL
 * after emitting diagnostics (file:line:col locations, lines shifted by
 * line_offset for split inputs). config may be NULL. The buffer need not be
 * NUL-terminated. */
lt_op_t *lt_parse_source(lt_context_t *ctx, const char *name, const char *buf,
                         size_t len, const lt_parse_config_t *config);
/* Parses a whole string as one type / attribute; NULL + diagnostic on error. */
const lt_type_t *lt_parse_type_str(lt_context_t *ctx, const char *s);
const lt_attr_t *lt_parse_attr_str(lt_context_t *ctx, const char *s);

/* Deepest nesting of regions, attributes, types and literals accepted. */
#define LT_PARSE_MAX_DEPTH 1000

/* ---- custom-syntax API for op parse hooks -------------------------------
 * Every function returning lt_result_t has emitted a diagnostic when it
 * returns LT_FAILURE; hooks just pass the failure on. Memory handed out
 * (lists) lives until the end of the parse. */

/* An SSA use not yet resolved to a value: `%name` or `%name#number`. */
typedef struct lt_asm_operand {
  const char *name; /* spelling including '%' */
  uint32_t len;
  uint32_t number;
  const char *pos; /* source position, for diagnostics */
} lt_asm_operand_t;

typedef struct lt_asm_operand_list {
  lt_asm_operand_t *items;
  uint32_t count;
} lt_asm_operand_list_t;

typedef struct lt_asm_type_list {
  const lt_type_t **items;
  uint32_t count;
} lt_asm_type_list_t;

/* A region entry argument `%x : type {attrs} loc(...)` (func signatures). */
typedef struct lt_asm_argument {
  lt_asm_operand_t ssa; /* name == NULL when only a type was given */
  const lt_type_t *type;
  const lt_attr_t *attrs; /* dictionary, NULL when none */
  lt_loc_t loc;           /* explicit loc(...), NULL when absent */
  uint32_t deferred_loc;  /* 1 + index of a `loc(#alias)` not yet defined */
} lt_asm_argument_t;

/* The context ops are created in. */
lt_context_t *lt_asm_context(lt_asm_parser_t *p);
/* File location of the current token. */
lt_loc_t lt_asm_current_loc(lt_asm_parser_t *p);
/* Source position of the current token, to report an error there later. */
const char *lt_asm_current_pos(lt_asm_parser_t *p);
/* Source position of the name of the op being parsed (MLIR's getNameLoc),
 * where MLIR reports errors about the op as a whole. */
const char *lt_asm_name_pos(lt_asm_parser_t *p);
/* File location of a position returned by lt_asm_current_pos. */
lt_loc_t lt_asm_loc_of(lt_asm_parser_t *p, const char *pos);
/* Errors from hooks, prefixed "custom op '<name>' " as MLIR does: at the
 * current token, or at a saved position. Always return LT_FAILURE. */
lt_result_t lt_asm_emit_error(lt_asm_parser_t *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
lt_result_t lt_asm_emit_error_at(lt_asm_parser_t *p, const char *pos,
                                 const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Whether the current token is of `kind` (nothing is consumed). */
bool lt_asm_peek(lt_asm_parser_t *p, lt_tok_kind_t kind);
/* Punctuation: consumes it, or errors `expected '<spelling>'` right after
 * the previous token; the optional form returns whether it was there. */
lt_result_t lt_asm_parse_token(lt_asm_parser_t *p, lt_tok_kind_t kind);
bool lt_asm_parse_optional_token(lt_asm_parser_t *p, lt_tok_kind_t kind);
/* Bare keywords (`attributes`, `private`), same pattern. */
lt_result_t lt_asm_parse_keyword(lt_asm_parser_t *p, const char *keyword);
bool lt_asm_parse_optional_keyword(lt_asm_parser_t *p, const char *keyword);

/* One SSA use `%x` / `%x#1` ("expected SSA operand"). The optional form
 * returns false when no `%` name starts here, else sets *out_result. */
lt_result_t lt_asm_parse_operand(lt_asm_parser_t *p, lt_asm_operand_t *out);
bool lt_asm_parse_optional_operand(lt_asm_parser_t *p, lt_asm_operand_t *out,
                                   lt_result_t *out_result);
/* `%a, %b#1, ...`, possibly empty. */
lt_result_t lt_asm_parse_operand_list(lt_asm_parser_t *p,
                                      lt_asm_operand_list_t *out);
/* The value an operand names, checked against (or, for a forward
 * reference, giving) its type. */
lt_result_t lt_asm_resolve_operand(lt_asm_parser_t *p,
                                   const lt_asm_operand_t *operand,
                                   const lt_type_t *type, lt_value_t **out);
/* Resolves operands[i] with types[i] and appends them to state; error
 * "N operands present, but expected M" at pos when the counts differ. */
lt_result_t lt_asm_resolve_operands(lt_asm_parser_t *p,
                                    const lt_asm_operand_list_t *operands,
                                    const lt_type_t *const *types,
                                    uint32_t num_types, const char *pos,
                                    lt_op_state_t *state);

/* Resolves every operand of the list as an `index` (subscripts, sizes,
 * loop bounds) and appends them to state. */
lt_result_t lt_asm_resolve_indices(lt_asm_parser_t *p,
                                   const lt_asm_operand_list_t *operands,
                                   lt_op_state_t *state);

/* A type, or `:` then a type. */
lt_result_t lt_asm_parse_type(lt_asm_parser_t *p, const lt_type_t **out);
lt_result_t lt_asm_parse_colon_type(lt_asm_parser_t *p, const lt_type_t **out);
/* `t1, t2, ...` (at least one), or the same after a `:`. */
lt_result_t lt_asm_parse_type_list(lt_asm_parser_t *p, lt_asm_type_list_t *out);
lt_result_t lt_asm_parse_colon_type_list(lt_asm_parser_t *p,
                                         lt_asm_type_list_t *out);
/* `-> t` or `-> (t, ...)` when an arrow follows; adds the types as results. */
lt_result_t lt_asm_parse_optional_arrow_types(lt_asm_parser_t *p,
                                              lt_op_state_t *state);

/* Any attribute value. */
lt_result_t lt_asm_parse_attr(lt_asm_parser_t *p, const lt_attr_t **out);
/* `{...}` when present: appended to the state's attributes. */
lt_result_t lt_asm_parse_optional_attr_dict(lt_asm_parser_t *p,
                                            lt_op_state_t *state);
/* `attributes {...}` when the keyword is present. */
lt_result_t lt_asm_parse_optional_attr_dict_with_keyword(lt_asm_parser_t *p,
                                                         lt_op_state_t *state);
/* `{...}` when present as one dictionary attribute; *out = NULL if absent. */
lt_result_t lt_asm_parse_optional_attr_dict_value(lt_asm_parser_t *p,
                                                  const lt_attr_t **out);
/* `@name` as a string attribute (error "expected valid '@'-identifier for
 * symbol name"). The optional form leaves *out NULL when absent. */
lt_result_t lt_asm_parse_symbol_name(lt_asm_parser_t *p, const lt_attr_t **out);
lt_result_t lt_asm_parse_optional_symbol_name(lt_asm_parser_t *p,
                                              const lt_attr_t **out);

/* Regions. `%x : type {attrs}? loc(...)?` with the pieces allowed. */
lt_result_t lt_asm_parse_argument(lt_asm_parser_t *p, lt_asm_argument_t *out,
                                  bool allow_type, bool allow_attrs);
/* `loc(...)` when present, into arg->loc / arg->deferred_loc. */
lt_result_t lt_asm_parse_optional_loc(lt_asm_parser_t *p,
                                      lt_asm_argument_t *arg);
/* `{ blocks }`; named args become the entry block's arguments (a region
 * starting with a block label is then an error). The region must come from
 * lt_op_state_add_region on the hook's state, so that the parser can free
 * it when the parse fails. */
lt_result_t lt_asm_parse_region(lt_asm_parser_t *p, lt_region_t *region,
                                const lt_asm_argument_t *args,
                                uint32_t num_args);
/* Same when the current token is `{`; *out_present says whether it was. */
lt_result_t lt_asm_parse_optional_region(lt_asm_parser_t *p,
                                         lt_region_t *region,
                                         const lt_asm_argument_t *args,
                                         uint32_t num_args, bool *out_present);
/* Dialect whose ops may be spelled without prefix inside the regions of the
 * op being parsed (MLIR's OpAsmOpInterface::getDefaultDialect). */
void lt_asm_set_default_dialect(lt_asm_parser_t *p, const char *ns);

#endif /* LITE_IR_PARSER_H */

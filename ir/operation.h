/* operation.h - the object model: values, operations, blocks, regions, op
 * descriptions (lt_op_info_t) and dialects.
 *
 * An operation is one allocation holding its results, operands, successors
 * and regions. Values (op results and block arguments) keep an intrusive
 * use-list: each operand links itself with `next_use` and `back` (the address
 * of the previous link's `next_use`, or of the value's `first_use`), so
 * inserting and removing a use is O(1) and replace-all-uses is one loop. */
#ifndef LITE_IR_OPERATION_H
#define LITE_IR_OPERATION_H

#include "ir/attributes.h"
#include "base/base.h"
#include "ir/context.h"
#include "ir/types.h"

typedef struct lt_value lt_value_t;
typedef struct lt_operand lt_operand_t;
typedef struct lt_successor lt_successor_t;
typedef struct lt_op lt_op_t;
typedef struct lt_block lt_block_t;
typedef struct lt_region lt_region_t;
typedef struct lt_builder lt_builder_t;
typedef struct lt_asm_printer lt_asm_printer_t; /* printer.h */
typedef struct lt_asm_parser lt_asm_parser_t;   /* parser.h */
typedef struct lt_op_state lt_op_state_t;
typedef struct lt_pattern_set lt_pattern_set_t; /* rewrite.h */

/* ---- values ------------------------------------------------------------- */
struct lt_value {
  const lt_type_t *type;
  lt_operand_t *first_use;
  uint32_t index;     /* result number or argument number */
  bool is_block_arg;
  union {
    lt_op_t *op;       /* defining op of a result */
    lt_block_t *block; /* owner block of an argument */
  } owner;
  lt_loc_t loc; /* block arguments only (results use their op's loc) */
};

/* An operand's position is lt_operand_index(use): owner->operands holds
 * the operands in order. */
struct lt_operand {
  lt_value_t *value;
  lt_operand_t *next_use;
  lt_operand_t **back;
  lt_op_t *owner;
};

/* A successor is a use of a block (the predecessor list of the block). */
struct lt_successor {
  lt_block_t *block;
  lt_successor_t *next_use;
  lt_successor_t **back;
  lt_op_t *owner;
  uint32_t index;
};

/* ---- operations ----------------------------------------------------------- */
struct lt_op {
  const lt_op_info_t *info; /* never NULL; info->registered may be false */
  lt_block_t *parent;
  lt_op_t *prev, *next;
  lt_loc_t loc;
  const lt_attr_t *attrs; /* uniqued DICT attribute, never NULL */
  lt_value_t *results;
  lt_operand_t *operands; /* tail storage, or separately allocated after growth */
  lt_successor_t *successors;
  lt_region_t *regions;
  uint32_t num_results, num_operands, num_successors, num_regions;
  uint32_t operand_capacity;
  uint32_t order; /* position cache within the parent block, see lt_op_is_before */
};

struct lt_block {
  lt_region_t *parent;
  lt_block_t *prev, *next;
  lt_op_t *first, *last;
  lt_value_t **args; /* each argument separately allocated: stable addresses */
  uint32_t num_args, args_capacity;
  lt_successor_t *first_pred; /* uses of this block as a successor */
  bool order_valid;
};

struct lt_region {
  lt_op_t *parent;
  lt_block_t *first, *last;
};

/* ---- traits (bit set on lt_op_info_t) ----------------------------------- */
#define LT_OP_TRAITS(X)                                                        \
  X(PURE, 0)                 /* no side effects: CSE/DCE may touch it */       \
  X(COMMUTATIVE, 1)          /* operands may be reordered */                   \
  X(TERMINATOR, 2)           /* must be last in its block */                   \
  X(ISOLATED_FROM_ABOVE, 3)  /* regions use no values from outside */          \
  X(SAME_OPERANDS_AND_RESULT_TYPE, 4)                                          \
  X(CONSTANT_LIKE, 5)        /* folds to its `value` attribute */             \
  X(SYMBOL, 6)               /* defines a symbol (sym_name) */                 \
  X(SYMBOL_TABLE, 7)         /* its single region is a symbol table */        \
  X(NO_TERMINATOR, 8)        /* single-block regions without terminator */    \
  X(RETURN_LIKE, 9)          /* returns from the enclosing region */          \
  X(IDEMPOTENT, 10)          /* f(f(x)) == f(x) */                             \
  X(INVOLUTION, 11)          /* f(f(x)) == x */                                \
  X(ELEMENTWISE, 12)                                                           \
  X(SINGLE_BLOCK, 13)        /* each region has at most one block */          \
  X(GRAPH_REGION, 14)        /* regions need no dominance (module body) */

typedef enum lt_op_trait {
#define X(name, bit) LT_TRAIT_##name = 1u << (bit),
  LT_OP_TRAITS(X)
#undef X
} lt_op_trait_t;

/* Fold result for one op result: either a constant attribute or an existing
 * value (which may be the op's own result when folded in place). */
typedef struct lt_fold_result {
  const lt_attr_t *attr;
  lt_value_t *value;
} lt_fold_result_t;

/* Hooks an op may provide; any may be NULL. */
typedef lt_result_t (*lt_op_verify_fn_t)(lt_op_t *op);
/* operands[i] is the constant attribute of operand i, or NULL if unknown.
 * Fill results[0..num_results) and return LT_SUCCESS when folded. */
typedef lt_result_t (*lt_op_fold_fn_t)(lt_op_t *op,
                                       const lt_attr_t *const *operands,
                                       lt_fold_result_t *results);
typedef void (*lt_op_canon_fn_t)(lt_context_t *ctx, lt_pattern_set_t *set);
/* Custom syntax: the printer writes everything after `%r = ` (starting with
 * the op name); the parser is called after the op name was consumed and
 * fills the state. */
typedef void (*lt_op_print_fn_t)(lt_op_t *op, lt_asm_printer_t *p);
typedef lt_result_t (*lt_op_parse_fn_t)(lt_asm_parser_t *p,
                                        lt_op_state_t *state);
/* Suggests names for op's results (MLIR's OpAsmOpInterface::
 * getAsmResultNames): set_name(cookie, result, "c0") makes the printer use
 * `%c0` (uniqued with `_N` suffixes) instead of a number, unless it prints
 * the generic form; naming a later result starts a result group
 * (`%a, %b:2 = ...`); an empty name keeps the number. */
typedef void (*lt_asm_set_name_fn_t)(void *cookie, lt_value_t *v,
                                     const char *name);
typedef void (*lt_op_asm_result_names_fn_t)(lt_op_t *op,
                                            lt_asm_set_name_fn_t set_name,
                                            void *cookie);

/* Static description of an op, normally written as one row of a dialect's
 * X-macro table. Arity -1 means variadic. */
typedef struct lt_op_def {
  const char *name; /* "arith.addf" */
  int32_t num_operands, num_results, num_regions, num_successors;
  uint32_t traits;
  const char *summary;
  lt_op_verify_fn_t verify;
  lt_op_fold_fn_t fold;
  lt_op_canon_fn_t canonicalize;
  lt_op_print_fn_t print;
  lt_op_parse_fn_t parse;
  lt_op_asm_result_names_fn_t asm_result_names;
  /* Checks that need the nested IR verified first (MLIR's verifyRegions):
   * called when the op's regions have passed, after isolation and symbol
   * table checks. */
  lt_op_verify_fn_t verify_regions;
} lt_op_def_t;

/* Context-owned op record ("OperationName"). */
struct lt_op_info {
  const lt_ident_t *name;
  const lt_dialect_t *dialect; /* NULL when unregistered */
  const lt_op_def_t *def;      /* NULL when unregistered */
  bool registered;
  uint32_t traits;
  lt_context_t *ctx; /* the owning context (ops find theirs through it) */
};

static inline bool lt_op_has_trait(const lt_op_t *op, lt_op_trait_t t) {
  return (op->info->traits & (uint32_t)t) != 0;
}

/* A dialect: namespace, its ops, and how to turn an attribute back into a
 * constant op (used by folding). */
struct lt_dialect {
  const char *ns;
  const lt_op_def_t *ops;
  size_t num_ops;
  /* Creates a constant op producing `value` of `type` at the builder's
   * insertion point; NULL if the dialect cannot. */
  lt_op_t *(*materialize_constant)(lt_builder_t *b, const lt_attr_t *value,
                                   const lt_type_t *type, lt_loc_t loc);
  /* Optional: verifies a discardable attribute `ns.xxx` on any op. */
  lt_result_t (*verify_attr)(lt_op_t *op, const lt_named_attr_t *attr);
  /* Optional dialect attributes (LT_ATTR_DIALECT). parse_attr gets the text
   * after `#ns.` (`place<x86, f32, nchw>`), or inside `#ns<...>`, and returns
   * the attribute, or NULL after writing why to err; print_attr writes that
   * text back. */
  const lt_attr_t *(*parse_attr)(lt_context_t *ctx, const char *text,
                                 size_t len, lt_strbuf_t *err);
  void (*print_attr)(const lt_attr_t *a, lt_strbuf_t *out);
};

/* ---- creating operations ----------------------------------------------- */
/* OperationState: everything needed to create an op. Arrays are borrowed
 * until lt_op_create returns. Use lt_op_state_* helpers or fill directly. */
struct lt_op_state {
  lt_context_t *ctx;
  const lt_op_info_t *info;
  lt_loc_t loc;
  uint32_t num_operands, num_results, num_successors, num_regions;
  lt_value_t **operands;
  const lt_type_t **result_types;
  lt_block_t **successors;
  lt_named_attr_t *attrs;
  uint32_t num_attrs;
  /* Regions to move into the new op (may be NULL: regions start empty). */
  lt_region_t **regions;
  /* growable storage used by the helpers below (freed by lt_op_state_free) */
  uint32_t cap_operands, cap_results, cap_successors, cap_attrs, cap_regions;
  /* Set when a helper below could not add its element (out of memory, or a
   * NULL type or attribute): lt_op_create then refuses the state. */
  bool failed;
};

void lt_op_state_init(lt_op_state_t *s, lt_context_t *ctx, const char *name,
                      lt_loc_t loc);
/* The adders return false, and mark the state failed, when out of memory
 * or given a NULL type or attribute (one whose creation failed). */
bool lt_op_state_add_operand(lt_op_state_t *s, lt_value_t *v);
bool lt_op_state_add_result(lt_op_state_t *s, const lt_type_t *t);
bool lt_op_state_add_successor(lt_op_state_t *s, lt_block_t *b);
bool lt_op_state_add_attr(lt_op_state_t *s, const char *name,
                          const lt_attr_t *value);
/* Adds an empty region and returns it (owned by the state until create);
 * NULL, and the state failed, when out of memory. */
lt_region_t *lt_op_state_add_region(lt_op_state_t *s);
void lt_op_state_free(lt_op_state_t *s);

/* Creates a detached op; regions in the state are moved in. NULL when out
 * of memory or when the state is marked failed. */
lt_op_t *lt_op_create(const lt_op_state_t *state);
/* Destroys a detached op (must have no uses of its results). */
void lt_op_destroy(lt_op_t *op);
/* Unlinks from the block, drops operand uses, destroys. Results must be
 * unused. Nested ops are erased too. */
void lt_op_erase(lt_op_t *op);
/* Unlinks from its block without destroying. */
void lt_op_remove(lt_op_t *op);
/* Moves op right before/after `where` (possibly in another block). */
void lt_op_move_before(lt_op_t *op, lt_op_t *where);
void lt_op_move_after(lt_op_t *op, lt_op_t *where);
/* Drops every operand use of op and of all ops nested in it. */
void lt_op_drop_all_references(lt_op_t *op);

/* ---- accessors ------------------------------------------------------------ */
static inline lt_value_t *lt_op_result(lt_op_t *op, uint32_t i) {
  return &op->results[i];
}
static inline lt_value_t *lt_op_operand(lt_op_t *op, uint32_t i) {
  return op->operands[i].value;
}
/* The position of use among its owner's operands. */
static inline uint32_t lt_operand_index(const lt_operand_t *use) {
  return (uint32_t)(use - use->owner->operands);
}
static inline lt_region_t *lt_op_region(lt_op_t *op, uint32_t i) {
  return &op->regions[i];
}
const char *lt_op_name(const lt_op_t *op);
lt_context_t *lt_op_context(const lt_op_t *op);
/* Parent op of the block holding op; NULL at top level. */
lt_op_t *lt_op_parent_op(const lt_op_t *op);
lt_op_t *lt_block_parent_op(const lt_block_t *b);
/* Nearest enclosing op (or op itself) whose name is `name`; NULL if none. */
lt_op_t *lt_op_parent_of_name(lt_op_t *op, const char *name);
bool lt_op_is_ancestor(const lt_op_t *ancestor, const lt_op_t *op);
/* Whether a precedes b in the same block (amortized O(1)). */
bool lt_op_is_before(lt_op_t *a, lt_op_t *b);
bool lt_op_use_empty(const lt_op_t *op);

void lt_op_set_operand(lt_op_t *op, uint32_t i, lt_value_t *v);
/* Replaces the whole operand list (may change its length). */
void lt_op_set_operands(lt_op_t *op, uint32_t n, lt_value_t *const *values);
void lt_op_set_successor(lt_op_t *op, uint32_t i, lt_block_t *b);

const lt_attr_t *lt_op_attr(const lt_op_t *op, const char *name);
const lt_attr_t *lt_op_attr_id(const lt_op_t *op, const lt_ident_t *name);
/* Sets (value != NULL) or removes (value == NULL) an attribute. */
void lt_op_set_attr(lt_op_t *op, const char *name, const lt_attr_t *value);
void lt_op_set_attr_id(lt_op_t *op, const lt_ident_t *name,
                       const lt_attr_t *value);
void lt_op_set_attrs(lt_op_t *op, const lt_attr_t *dict);

/* ---- values and uses --------------------------------------------------- */
static inline bool lt_value_use_empty(const lt_value_t *v) {
  return v->first_use == NULL;
}
bool lt_value_has_one_use(const lt_value_t *v);
/* Defining op of a result, NULL for block arguments. */
static inline lt_op_t *lt_value_defining_op(const lt_value_t *v) {
  return v->is_block_arg ? NULL : v->owner.op;
}
/* Block the value is defined in. */
lt_block_t *lt_value_parent_block(const lt_value_t *v);
/* The context the value belongs to (its op's or its block's). */
lt_context_t *lt_value_context(const lt_value_t *v);
lt_loc_t lt_value_loc(const lt_value_t *v);
/* Changes the value's type in place (callers keep the IR valid). */
void lt_value_set_type(lt_value_t *v, const lt_type_t *t);

void lt_value_replace_all_uses(lt_value_t *from, lt_value_t *to);
/* Replaces the uses of `from` for which pred(use, user) returns true. */
void lt_value_replace_uses_if(lt_value_t *from, lt_value_t *to,
                              bool (*pred)(lt_operand_t *use, void *user),
                              void *user);
/* Replaces all uses of op's results with values[i]. */
void lt_op_replace_all_uses(lt_op_t *op, lt_value_t *const *values);

/* ---- blocks and regions ---------------------------------------------- */
lt_block_t *lt_block_create(lt_context_t *ctx);
/* Destroys a block not in a region (erases its ops). */
void lt_block_destroy(lt_block_t *b);
lt_value_t *lt_block_add_arg(lt_block_t *b, const lt_type_t *type,
                             lt_loc_t loc);
/* Erases argument i (must be unused); later arguments shift down. */
void lt_block_erase_arg(lt_block_t *b, uint32_t i);
/* Inserts op before `before` (NULL: at the end). */
void lt_block_insert(lt_block_t *b, lt_op_t *before, lt_op_t *op);
void lt_block_push_back(lt_block_t *b, lt_op_t *op);
/* The last op if it is a terminator, else NULL. */
lt_op_t *lt_block_terminator(lt_block_t *b);
bool lt_block_has_no_preds(const lt_block_t *b);
/* Moves all ops of src to the end of dst (src stays, empty). */
void lt_block_splice(lt_block_t *dst, lt_block_t *src);

void lt_region_push_back(lt_region_t *r, lt_block_t *b);
void lt_region_insert(lt_region_t *r, lt_block_t *before, lt_block_t *b);
/* Unlinks a block from its region (without destroying it). */
void lt_region_remove(lt_region_t *r, lt_block_t *b);
/* Erases every block of the region. */
void lt_region_clear(lt_region_t *r);
/* Moves all blocks of src into dst (appending). */
void lt_region_take_body(lt_region_t *dst, lt_region_t *src);
static inline bool lt_region_empty(const lt_region_t *r) {
  return r->first == NULL;
}
lt_region_t *lt_region_create(lt_context_t *ctx); /* detached, for op states */
void lt_region_destroy(lt_region_t *r);

/* ---- walk ------------------------------------------------------------- */
typedef enum lt_walk_result {
  LT_WALK_ADVANCE = 0,
  LT_WALK_SKIP = 1,      /* pre-order only: do not visit nested ops */
  LT_WALK_INTERRUPT = 2
} lt_walk_result_t;
typedef enum lt_walk_order { LT_WALK_PRE, LT_WALK_POST } lt_walk_order_t;
typedef lt_walk_result_t (*lt_walk_fn_t)(lt_op_t *op, void *user);

/* Visits op and every nested op. It is safe for fn to erase the visited op
 * in post-order. Returns LT_WALK_INTERRUPT if interrupted. */
lt_walk_result_t lt_op_walk(lt_op_t *op, lt_walk_order_t order,
                            lt_walk_fn_t fn, void *user);

/* ---- clone ------------------------------------------------------------ */
/* Maps old values/blocks to new ones while cloning. */
typedef struct lt_ir_map lt_ir_map_t;
lt_ir_map_t *lt_ir_map_create(lt_context_t *ctx);
void lt_ir_map_destroy(lt_ir_map_t *m);
void lt_ir_map_value(lt_ir_map_t *m, lt_value_t *from, lt_value_t *to);
void lt_ir_map_block(lt_ir_map_t *m, lt_block_t *from, lt_block_t *to);
/* Mapped value, or `from` itself when unmapped. */
lt_value_t *lt_ir_map_lookup_value(lt_ir_map_t *m, lt_value_t *from);
lt_block_t *lt_ir_map_lookup_block(lt_ir_map_t *m, lt_block_t *from);
/* Deep-copies op (detached). Operands defined outside are remapped through
 * map (kept when unmapped); map may be NULL. Results are recorded in map. */
lt_op_t *lt_op_clone(lt_op_t *op, lt_ir_map_t *map);
/* Clones the blocks of src into dst before `before` (NULL = end). */
void lt_region_clone_into(lt_region_t *src, lt_region_t *dst,
                          lt_block_t *before, lt_ir_map_t *map);

/* ---- symbols -------------------------------------------------------------- */
/* sym_name of a symbol op, NULL if op is not a symbol. */
const lt_ident_t *lt_symbol_name(const lt_op_t *op);
/* Looks up a symbol directly inside a symbol-table op (O(n) scan; use
 * lt_symbol_table_t for repeated lookups). */
lt_op_t *lt_symbol_lookup_in(lt_op_t *table_op, const lt_ident_t *name);
/* Resolves @a::@b from the nearest symbol table enclosing `from`. */
lt_op_t *lt_symbol_lookup_ref(lt_op_t *from, const lt_attr_t *symbol_ref);

typedef struct lt_symbol_table lt_symbol_table_t;
lt_symbol_table_t *lt_symbol_table_create(lt_op_t *table_op);
void lt_symbol_table_destroy(lt_symbol_table_t *t);
lt_op_t *lt_symbol_table_lookup(lt_symbol_table_t *t, const lt_ident_t *name);
/* Inserts op into the table op's body; renames it (name_0, ...) on clash. */
void lt_symbol_table_insert(lt_symbol_table_t *t, lt_op_t *op);
void lt_symbol_table_erase(lt_symbol_table_t *t, lt_op_t *op);

/* ---- verification ------------------------------------------------------- */
/* Verifies structure (regions/blocks/terminators, successor placement),
 * SSA dominance, then each registered op's verify hook. Emits diagnostics. */
lt_result_t lt_op_verify(lt_op_t *op);

/* MLIR's AttrSizedOperandSegments: checks op's `operand_segment_sizes`
 * (an array<i32: ...> of num_segments non-negative entries summing to the
 * operand count), with MLIR 16's messages, and copies it to out_sizes. */
lt_result_t lt_op_verify_operand_segments(lt_op_t *op, uint32_t num_segments,
                                          int32_t *out_sizes);
/* The same check without diagnostics, for custom printers that fall back
 * to the generic form: true, with the sizes in out_sizes, when op's
 * `operand_segment_sizes` describes its operands. */
bool lt_op_operand_segments(const lt_op_t *op, uint32_t num_segments,
                            int32_t *out_sizes);

/* Emits an error attached to op: "'name' op <msg>". Returns LT_FAILURE. */
lt_result_t lt_op_emit_error(lt_op_t *op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void lt_op_emit_warning(lt_op_t *op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void lt_op_emit_remark(lt_op_t *op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Iteration helpers. */
#define LT_FOR_EACH_OP(op, block)                                              \
  for (lt_op_t *op = (block)->first; op; op = op->next)
#define LT_FOR_EACH_OP_SAFE(op, tmp, block)                                    \
  for (lt_op_t *op = (block)->first, *tmp = op ? op->next : NULL; op;          \
       op = tmp, tmp = op ? op->next : NULL)
#define LT_FOR_EACH_BLOCK(b, region)                                           \
  for (lt_block_t *b = (region)->first; b; b = b->next)
#define LT_FOR_EACH_USE(use, value)                                            \
  for (lt_operand_t *use = (value)->first_use; use; use = use->next_use)

#endif /* LITE_IR_OPERATION_H */

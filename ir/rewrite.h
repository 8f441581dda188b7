/* rewrite.h - pattern rewriting: patterns, pattern sets, the rewriter that
 * patterns make every change through, MLIR's greedy driver, and small
 * matchers (constants, op chains) that keep a fusion short.
 *
 * A pattern is rooted at one op name (or any op), has a benefit and a
 * match-and-rewrite callback. The callback either fails without touching the
 * IR, or succeeds after changing it only through the rewriter (create,
 * replace, erase, modify in place), so the driver hears about every change. */
#ifndef LITE_IR_REWRITE_H
#define LITE_IR_REWRITE_H

#include "ir/builder.h"
#include "ir/operation.h"

typedef struct lt_rewriter lt_rewriter_t;
typedef struct lt_pattern lt_pattern_t;

/* Returns LT_SUCCESS after rewriting `op`, LT_FAILURE (IR untouched) when
 * the pattern does not apply. */
typedef lt_result_t (*lt_match_rewrite_fn_t)(const lt_pattern_t *self,
                                             lt_op_t *op, lt_rewriter_t *rw);

struct lt_pattern {
  const char *root; /* op name the pattern is rooted at; NULL: any op */
  uint16_t benefit; /* higher is tried first; ties keep insertion order */
  lt_match_rewrite_fn_t match_and_rewrite;
  void *user;             /* pattern data, read by the callback via self */
  const char *debug_name; /* optional, shown in match-failure notes */
};

/* ---- pattern sets --------------------------------------------------------
 * A set is filled once (ops' canonicalize hooks add to it) and then only
 * read: patterns are kept indexed by root op and sorted by benefit. */
lt_pattern_set_t *lt_pattern_set_create(lt_context_t *ctx);
void lt_pattern_set_destroy(lt_pattern_set_t *set);
/* Copies the pattern into the set. LT_FAILURE when out of memory (or for a
 * pattern without callback): the set is then marked incomplete, and the
 * greedy driver refuses it, so a hook that cannot report (an op's
 * canonicalize) loses nothing silently. */
lt_result_t lt_pattern_set_add(lt_pattern_set_t *set,
                               const lt_pattern_t *pattern);
/* Shorthand for lt_pattern_set_add with a compound literal. */
lt_result_t lt_pattern_set_add_fn(lt_pattern_set_t *set, const char *root,
                                  uint16_t benefit, lt_match_rewrite_fn_t fn,
                                  void *user);
/* Whether an add failed: the set lacks patterns. */
bool lt_pattern_set_failed(const lt_pattern_set_t *set);
size_t lt_pattern_set_size(const lt_pattern_set_t *set);
/* The position at which `pattern` was added to set (0 for the first), for a
 * pattern the set handed out (lookup, a listener); SIZE_MAX for any other
 * pointer. Tells apart rows that are otherwise alike. */
size_t lt_pattern_set_index(const lt_pattern_set_t *set,
                            const lt_pattern_t *pattern);
lt_context_t *lt_pattern_set_context(const lt_pattern_set_t *set);
/* Adds the canonicalize patterns of every op of `dialect`. */
void lt_pattern_set_add_dialect_canonicalizations(lt_pattern_set_t *set,
                                                  const lt_dialect_t *dialect);

/* Patterns that may apply to `op`, best first (root patterns for op's name
 * merged with any-op patterns by benefit). Writes at most `cap` pointers to
 * out_patterns and returns the total count. */
size_t lt_pattern_set_lookup(const lt_pattern_set_t *set, const lt_op_t *op,
                             const lt_pattern_t **out_patterns, size_t cap);

/* ---- rewriter ------------------------------------------------------------ */
struct lt_rewriter {
  lt_builder_t b;         /* insertion point; b.listener = &listener */
  lt_listener_t listener; /* the driver's (or a user's) callbacks */
  /* Called by lt_rewriter_notify_match_failure, may be NULL. */
  void (*on_match_failure)(void *user, lt_op_t *op, const char *reason);
  void *match_failure_user;
};

/* Initializes a rewriter; listener may be NULL (changes go unobserved). */
void lt_rewriter_init(lt_rewriter_t *rw, lt_context_t *ctx,
                      const lt_listener_t *listener);
static inline lt_context_t *lt_rewriter_context(lt_rewriter_t *rw) {
  return rw->b.ctx;
}
/* Insertion point helpers (the rewriter's builder). */
void lt_rewriter_set_before(lt_rewriter_t *rw, lt_op_t *op);
void lt_rewriter_set_after(lt_rewriter_t *rw, lt_op_t *op);

/* Creates an op at the insertion point (the listener hears of it). */
lt_op_t *lt_rewriter_create(lt_rewriter_t *rw, const lt_op_state_t *state);
/* Inserts a detached op at the insertion point. */
lt_op_t *lt_rewriter_insert(lt_rewriter_t *rw, lt_op_t *op);
/* Replaces every use of op's results with values[i], then erases op. */
void lt_rewriter_replace_op(lt_rewriter_t *rw, lt_op_t *op,
                            lt_value_t *const *values);
/* Creates an op from `state` right before `op` and replaces op with its
 * results. Returns the new op; NULL (IR untouched) when the result counts
 * differ or memory runs out. */
lt_op_t *lt_rewriter_replace_op_with_new(lt_rewriter_t *rw, lt_op_t *op,
                                         const lt_op_state_t *state);
/* Erases an op whose results are unused (and everything nested in it). */
void lt_rewriter_erase_op(lt_rewriter_t *rw, lt_op_t *op);
/* Erases a block (unlinked from its region) after dropping all uses of the
 * values it defines from ops inside it. */
void lt_rewriter_erase_block(lt_rewriter_t *rw, lt_block_t *block);
/* Erases several blocks at once; they may use each other's values and
 * branch to each other, but nothing else may. */
void lt_rewriter_erase_blocks(lt_rewriter_t *rw, lt_block_t *const *blocks,
                              size_t n);
/* Replaces all uses of `from` with `to`; every user counts as modified. */
void lt_rewriter_replace_all_uses(lt_rewriter_t *rw, lt_value_t *from,
                                  lt_value_t *to);

/* In-place modification: call start, change operands/attributes of op
 * directly, then finalize (listener hears op_modified) or cancel (the change
 * must have been undone by the caller). */
void lt_rewriter_modify_start(lt_rewriter_t *rw, lt_op_t *op);
void lt_rewriter_modify_finalize(lt_rewriter_t *rw, lt_op_t *op);
void lt_rewriter_modify_cancel(lt_rewriter_t *rw, lt_op_t *op);

/* Records why a pattern did not apply (for debugging); returns LT_FAILURE so
 * a pattern can `return lt_rewriter_notify_match_failure(...)`. */
lt_result_t lt_rewriter_notify_match_failure(lt_rewriter_t *rw, lt_op_t *op,
                                             const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- greedy driver ------------------------------------------------------ */
/* What a greedy run tells its caller beside the IR itself: each pattern
 * that applied (MLIR's notifyPatternEnd on success), so a pass counts its
 * rewrites without giving its patterns a counter. Folds and dead-op
 * erasures are the driver's own and not reported. */
typedef struct lt_pattern_listener {
  void *user;
  /* `pattern` is the set's copy (see lt_pattern_set_index); it rewrote an
   * op, which may be gone by now. */
  void (*pattern_applied)(void *user, const lt_pattern_t *pattern);
} lt_pattern_listener_t;

typedef struct lt_greedy_config {
  int64_t max_iterations;   /* full sweeps over the IR; -1: no limit */
  int64_t max_num_rewrites; /* pattern applications in total; -1: no limit */
  bool top_down;            /* seed the worklist in pre-order (else post) */
  bool region_simplify;     /* after each sweep: erase unreachable blocks
                               and ops no live op needs (region DCE) */
  bool fold;                /* try op folders before patterns */
  const lt_pattern_listener_t *listener; /* may be NULL */
} lt_greedy_config_t;

#define LT_GREEDY_CONFIG_DEFAULT                                               \
  ((lt_greedy_config_t){.max_iterations = 10,                                  \
                        .max_num_rewrites = -1,                                \
                        .top_down = true,                                      \
                        .region_simplify = true,                               \
                        .fold = true,                                          \
                        .listener = NULL})

/* Applies `patterns` (and folders, and trivially-dead-op erasure) to every op
 * nested in root's regions until nothing changes, as MLIR's
 * applyPatternsAndFoldGreedily. cfg may be NULL for the defaults. Returns
 * LT_FAILURE when the limits stopped it before convergence (not an error by
 * itself), and after an error diagnostic on root when it ran out of memory
 * or the set is incomplete (lt_pattern_set_failed): a caller that ignores
 * non-convergence tells them apart by lt_diag_error_count. out_changed (may
 * be NULL) says whether the IR changed. */
lt_result_t lt_apply_patterns_greedily(lt_op_t *root,
                                       const lt_pattern_set_t *patterns,
                                       const lt_greedy_config_t *cfg,
                                       bool *out_changed);

/* Whether op may be erased when its results are unused: pure (with pure
 * nested ops), not a terminator, not a symbol. */
bool lt_op_would_be_trivially_dead(lt_op_t *op);
/* lt_op_would_be_trivially_dead and every result unused. */
bool lt_op_is_trivially_dead(lt_op_t *op);

/* Tries op's folder alone (no IR change): fills out_results (num_results
 * entries) and returns LT_SUCCESS when it folds. Constant-like ops fold to
 * their `value` attribute. */
lt_result_t lt_op_fold(lt_op_t *op, lt_fold_result_t *out_results);

/* ---- matchers ------------------------------------------------------------ */
/* The `value` attribute of the constant-like op defining v, else NULL. */
const lt_attr_t *lt_match_constant(const lt_value_t *v);
/* Integer (or i1/bool) scalar constant, or an integer splat. */
bool lt_match_constant_int(const lt_value_t *v, int64_t *out_value);
/* Float scalar constant or float splat. */
bool lt_match_constant_float(const lt_value_t *v, double *out_value);
/* Integer or float constant equal to zero / one (splats included). Float
 * zero matches +0.0 only. */
bool lt_match_zero(const lt_value_t *v);
bool lt_match_one(const lt_value_t *v);

/* A declarative matcher for small trees of ops feeding a root, e.g.
 *   relu(add(conv(x, w), b))
 * as nodes {relu}, {add, parent 0, operand 0}, {conv, parent 1, operand 0}.
 * Node 0 is the root; every other node names the node it feeds (parent <
 * own index) and which operand of it (or LT_MATCH_ANY_OPERAND to try each,
 * for commutative producers). */
#define LT_MATCH_ANY_OPERAND UINT32_MAX

typedef bool (*lt_match_pred_fn_t)(lt_op_t *op, void *user);

typedef struct lt_match_node {
  const char *name;        /* op name; NULL matches any op */
  int32_t parent;          /* consumer node (ignored for node 0) */
  uint32_t operand;        /* operand of the consumer this node defines */
  bool single_use;         /* the value feeding the consumer has one use */
  lt_match_pred_fn_t pred; /* extra condition, may be NULL */
  void *pred_user;
} lt_match_node_t;

/* Matches nodes[0..n) against the ops feeding `root`; on success writes the
 * op matched by node i to out_ops[i] (n entries). Operands taken by
 * LT_MATCH_ANY_OPERAND nodes are tried in order with backtracking. */
bool lt_match_chain(lt_op_t *root, const lt_match_node_t *nodes, uint32_t n,
                    lt_op_t **out_ops);

#endif /* LITE_IR_REWRITE_H */

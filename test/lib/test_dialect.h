/* test_dialect.h - the `test` dialect: small ops with one property each
 * (pure, side effects, commutative, terminator, regions of each kind,
 * folders, canonicalization patterns, isolation, symbols), for lit and unit
 * tests of generic passes and the rewrite driver. lite-opt links it, as
 * mlir-opt links MLIR's test dialect. */
#ifndef LITE_TEST_LIB_TEST_DIALECT_H
#define LITE_TEST_LIB_TEST_DIALECT_H

#include "ir/context.h"
#include "ir/operation.h"

/* The ops, one row each: X(name, operands, results, regions, successors,
 * traits, fold, canonicalize, summary). Arity -1 is variadic. */
#define LT_TEST_OPS(X)                                                         \
  X("test.pure", -1, -1, 0, 0, LT_TRAIT_PURE, NULL, NULL,                      \
    "no side effects: CSE and DCE may merge or erase it")                      \
  X("test.effect", -1, -1, 0, 0, 0, NULL, NULL,                                \
    "has side effects: never merged nor erased")                               \
  X("test.commutative", 2, 1, 0, 0, LT_TRAIT_PURE | LT_TRAIT_COMMUTATIVE,      \
    NULL, NULL, "commutative: constant operands move to the right")            \
  X("test.terminator", -1, 0, 0, 0, LT_TRAIT_TERMINATOR, NULL, NULL,           \
    "a terminator with side effects")                                          \
  X("test.br", -1, 0, 0, -1, LT_TRAIT_TERMINATOR, NULL, NULL,                  \
    "a branch: terminator with successors")                                    \
  X("test.yield", -1, 0, 0, 0,                                                 \
    LT_TRAIT_TERMINATOR | LT_TRAIT_RETURN_LIKE | LT_TRAIT_PURE, NULL, NULL,    \
    "pure terminator of test regions")                                         \
  X("test.graph_region", -1, -1, 1, 0,                                         \
    LT_TRAIT_GRAPH_REGION | LT_TRAIT_NO_TERMINATOR | LT_TRAIT_SINGLE_BLOCK,    \
    NULL, NULL, "one graph region (no dominance, no terminator)")              \
  X("test.region", -1, -1, -1, 0, 0, NULL, NULL,                               \
    "SSACFG regions, side effects")                                            \
  X("test.pure_region", -1, -1, 1, 0, LT_TRAIT_PURE | LT_TRAIT_SINGLE_BLOCK,   \
    NULL, NULL, "pure op with one single-block region")                        \
  X("test.isolated", -1, -1, 1, 0, LT_TRAIT_ISOLATED_FROM_ABOVE, NULL, NULL,   \
    "region isolated from above")                                              \
  X("test.symbol", 0, 0, 0, 0, LT_TRAIT_SYMBOL, NULL, NULL, "a symbol")        \
  X("test.symbol_table", 0, 0, 1, 0,                                           \
    LT_TRAIT_SYMBOL_TABLE | LT_TRAIT_NO_TERMINATOR | LT_TRAIT_SINGLE_BLOCK |   \
        LT_TRAIT_GRAPH_REGION,                                                 \
    NULL, NULL, "a symbol table (optionally named, like a module)")            \
  X("test.constant", 0, 1, 0, 0, LT_TRAIT_PURE | LT_TRAIT_CONSTANT_LIKE, NULL, \
    NULL, "constant holding any typed `value`")                                \
  X("test.identity", 1, 1, 0, 0, LT_TRAIT_PURE, lt_test_fold_identity, NULL,   \
    "folds to its operand")                                                    \
  X("test.fold_add", 2, 1, 0, 0, LT_TRAIT_PURE, lt_test_fold_add, NULL,        \
    "integer add with a folder (x + 0 and constants)")                         \
  X("test.neg", 1, 1, 0, 0, LT_TRAIT_PURE, NULL, lt_test_canon_neg,            \
    "canonicalized by neg(neg(x)) -> x")                                       \
  X("test.flip", -1, -1, 0, 0, 0, NULL, lt_test_canon_flip,                    \
    "its pattern always applies: canonicalization never converges")            \
  X("test.fma", 3, 1, 0, 0, LT_TRAIT_PURE, NULL, NULL,                         \
    "a * b + c, produced by the test-fuse-fma example pass")

/* Registers the test dialect in ctx (idempotent). */
void lt_register_test_dialect(lt_context_t *ctx);

/* The dialect descriptor (materializes `test.constant`). */
extern const lt_dialect_t lt_test_dialect;

#endif /* LITE_TEST_LIB_TEST_DIALECT_H */

/* test_passes.h - passes that exist for tests: they drive the rewrite
 * machinery from lit tests, test-fuse-fma is the worked example of
 * docs/writing-a-pass.md, test-lite-break-* are wrong rewrites that
 * lite-run --compare and the verifier must catch, and
 * test-lite-register-kernels gives the placement passes stand-in kernels. */
#ifndef LITE_TEST_LIB_TEST_PASSES_H
#define LITE_TEST_LIB_TEST_PASSES_H

#include "ir/pass.h"

#define LT_TEST_PASSES(X)                                                      \
  X(test_greedy_patterns)       /* --test-greedy-patterns */                   \
  X(test_fuse_fma)              /* --test-fuse-fma */                          \
  X(test_lite_break_numbers)    /* --test-lite-break-numbers */                \
  X(test_lite_break_ir)         /* --test-lite-break-ir */                     \
  X(test_lite_register_kernels) /* --test-lite-register-kernels */

#define X(name) extern const lt_pass_info_t lt_##name##_pass;
LT_TEST_PASSES(X)
#undef X

/* Registers the test passes with the pass registry (idempotent); false
 * when out of memory. */
bool lt_register_test_passes(void);

#endif /* LITE_TEST_LIB_TEST_PASSES_H */

/* test_passes.c - registration of the test passes. */
#include "test/lib/test_passes.h"

void lt_register_test_passes(void) {
#define X(name) lt_pass_register(&lt_##name##_pass);
  LT_TEST_PASSES(X)
#undef X
}

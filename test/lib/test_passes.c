/* test_passes.c - registration of the test passes. */
#include "test/lib/test_passes.h"

bool lt_register_test_passes(void) {
  bool ok = true;
#define X(name) ok = lt_pass_register(&lt_##name##_pass) && ok;
  LT_TEST_PASSES(X)
#undef X
  return ok;
}

/* registry.c - makes every pass and pipeline of this library reachable
 * from lite-opt. */
#include "passes/pass_list.h"
#include "passes/passes.h"

bool lt_register_core_passes(void) {
  bool ok = true;
#define X(name) ok = lt_pass_register(&lt_##name##_pass) && ok;
  LT_CORE_PASSES(X)
#undef X
  return lt_register_core_pipelines() && ok;
}

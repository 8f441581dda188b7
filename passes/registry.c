/* registry.c - makes every pass and pipeline of this library reachable
 * from lite-opt. */
#include "passes/pass_list.h"
#include "passes/passes.h"

void lt_register_core_passes(void) {
#define X(name) lt_pass_register(&lt_##name##_pass);
  LT_CORE_PASSES(X)
#undef X
  lt_register_core_pipelines();
}

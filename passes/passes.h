/* passes.h - the generic passes (canonicalize, cse, symbol-dce,
 * strip-debuginfo, view-op-graph) and their registration. */
#ifndef LITE_PASSES_PASSES_H
#define LITE_PASSES_PASSES_H

#include "ir/pass.h"

/* Registers every pass of this library with the pass registry (idempotent). */
void lt_register_core_passes(void);

#endif /* LITE_PASSES_PASSES_H */

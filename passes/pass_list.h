/* pass_list.h - the table of this library's passes (internal): one row per
 * pass, its descriptor defined in passes/<name>.c. */
#ifndef LITE_PASSES_PASS_LIST_H
#define LITE_PASSES_PASS_LIST_H

#include "ir/pass.h"

#define LT_CORE_PASSES(X)                                                      \
  X(canonicalize)                                                              \
  X(cse)                                                                       \
  X(symbol_dce)                                                                \
  X(strip_debuginfo)                                                           \
  X(view_op_graph)

#define X(name) extern const lt_pass_info_t lt_##name##_pass;
LT_CORE_PASSES(X)
#undef X

/* Registers the named pipelines of pipelines.c. */
void lt_register_core_pipelines(void);

#endif /* LITE_PASSES_PASS_LIST_H */

/* model_diag.h - how the tools that read models print diagnostics: at a
 * file location (an .mlir model) as lite-opt prints them, with the source
 * line; at an ONNX node's location after the model's path
 * (`m.onnx: loc("conv_1"): error: ...`), so that every error names the file
 * and the node; at no location at all, after the tool's name
 * (`lite-run: error: ...`, a pass pipeline's text, say). */
#ifndef LITE_TOOLS_COMMON_MODEL_DIAG_H
#define LITE_TOOLS_COMMON_MODEL_DIAG_H

#include <stdbool.h>

#include "ir/diagnostics.h"

typedef struct lt_tool_diag {
  const char *tool;  /* "lite-run" */
  const char *model; /* the model's path */
} lt_tool_diag_t;

/* A diagnostic handler (lt_diag_push_handler) printing on stderr; user is
 * an lt_tool_diag_t that outlives the handler. */
bool lt_tool_print_diag(void *user, const lt_diag_t *d);

#endif /* LITE_TOOLS_COMMON_MODEL_DIAG_H */

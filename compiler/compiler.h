/* compiler.h - the passes of liblite_compiler. */
#ifndef LITE_COMPILER_COMPILER_H
#define LITE_COMPILER_COMPILER_H

#include <stdbool.h>

#include "ir/pass.h"

/* lite-emit-artifact{path=FILE}: writes the module as an artifact. */
extern const lt_pass_info_t lt_emit_artifact_pass;

/* Registers this library's passes with lite-opt's registry; false when out
 * of memory. */
bool lt_register_compiler_passes(void);

#endif /* LITE_COMPILER_COMPILER_H */

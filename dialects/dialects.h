/* dialects.h - registration of the dialects every tool knows. */
#ifndef LITE_DIALECTS_DIALECTS_H
#define LITE_DIALECTS_DIALECTS_H

#include "ir/context.h"

/* Registers builtin, func, arith and lite in ctx; LT_FAILURE when out of
 * memory (some may then be missing). */
lt_result_t lt_register_core_dialects(lt_context_t *ctx);

#endif /* LITE_DIALECTS_DIALECTS_H */

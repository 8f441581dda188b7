/* dialects.c - registration of the dialects every tool knows. builtin is
 * registered by the context itself. */
#include "dialects/dialects.h"

#include "dialects/arith/arith.h"
#include "dialects/func/func.h"
#include "dialects/lite/lite.h"
#include "ir/operation.h"

void lt_register_core_dialects(lt_context_t *ctx) {
  lt_context_register_dialect(ctx, &lt_func_dialect);
  lt_context_register_dialect(ctx, &lt_arith_dialect);
  lt_context_register_dialect(ctx, &lt_lite_dialect);
}

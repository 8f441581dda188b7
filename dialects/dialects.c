/* dialects.c - registration of the dialects every tool knows. builtin is
 * registered by the context itself. */
#include "dialects/dialects.h"

#include "dialects/arith/arith.h"
#include "dialects/func/func.h"
#include "dialects/lite/lite.h"
#include "dialects/math/math.h"
#include "dialects/memref/memref.h"
#include "dialects/scf/scf.h"
#include "dialects/vector/vector.h"
#include "ir/operation.h"

lt_result_t lt_register_core_dialects(lt_context_t *ctx) {
  if (LT_FAILED(lt_context_register_dialect(ctx, &lt_func_dialect)) ||
      LT_FAILED(lt_context_register_dialect(ctx, &lt_arith_dialect)) ||
      LT_FAILED(lt_context_register_dialect(ctx, &lt_lite_dialect)) ||
      LT_FAILED(lt_context_register_dialect(ctx, &lt_math_dialect)) ||
      LT_FAILED(lt_context_register_dialect(ctx, &lt_vector_dialect)) ||
      LT_FAILED(lt_context_register_dialect(ctx, &lt_scf_dialect)) ||
      LT_FAILED(lt_context_register_dialect(ctx, &lt_memref_dialect)))
    return LT_FAILURE;
  return LT_SUCCESS;
}

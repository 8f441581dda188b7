/* context_dialects.c - iteration over the dialects registered in a context. */
#include "ir/context_impl.h"

size_t lt_context_num_dialects(lt_context_t *ctx) { return ctx->num_dialects; }

const lt_dialect_t *lt_context_dialect_at(lt_context_t *ctx, size_t i) {
  return i < ctx->num_dialects ? ctx->dialects[i] : NULL;
}

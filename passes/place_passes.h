/* place_passes.h - what --lite-infer-places and --lite-insert-casts share
 * (place_common.c). Both read the `lite.kernel` names lite-pick-kernels
 * records and look them up in the context's kernel registry
 * (passes/kernel_registry.h). */
#ifndef LITE_PASSES_PLACE_PASSES_H
#define LITE_PASSES_PLACE_PASSES_H

#include "dialects/lite/lite.h"
#include "kernels/registry.h"

/* The Place of a value's tensor type; false when it is not placed. */
bool lt_place_of_value(const lt_value_t *v, lk_place_t *out_place);
/* The kernel an op records as `lite.kernel`, NULL when it records none;
 * an error (and *out_failed) when the name is not in the registry. */
const lk_kernel_t *lt_place_op_kernel(lt_op_t *op,
                                      const lk_registry_t *registry,
                                      bool *out_failed);
/* The element type that precision p stores (NULL for `any`). */
const lt_type_t *lt_place_element(lt_context_t *ctx, lk_precision_t p);
/* t (a ranked tensor) at place, its element type following the place's
 * precision when that is not `any`. */
const lt_type_t *lt_place_retype(lt_context_t *ctx, const lt_type_t *t,
                                 lk_place_t place);

#endif /* LITE_PASSES_PLACE_PASSES_H */

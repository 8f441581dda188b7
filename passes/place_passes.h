/* place_passes.h - what --lite-infer-places, --lite-insert-casts and
 * --lite-choose-layout share (place_common.c, pick_kernels.c). Both read the `lite.kernel` names lite-pick-kernels
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

/* Picks op's kernel as lite-pick-kernels{places=places kernel-kinds=kinds}
 * would (NULL or "": the options' defaults) and records it as
 * `lite.kernel`; what lite-choose-layout re-picks with. */
lt_result_t lt_pick_kernel_at(lt_op_t *op, const char *places,
                              const char *kinds);

#endif /* LITE_PASSES_PLACE_PASSES_H */

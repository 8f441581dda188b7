/* place_passes.h - the engines of --lite-infer-places and
 * --lite-insert-casts, shared with test passes that bring their own kernel
 * registry (test/lib/test_kernels.c). Both read the `lite.kernel` names
 * lite-pick-kernels records and look them up in `registry`. */
#ifndef LITE_PASSES_PLACE_PASSES_H
#define LITE_PASSES_PLACE_PASSES_H

#include "ir/pass.h"
#include "kernels/registry.h"

/* Statistics of lite-insert-casts, in this order. */
#define LT_INSERT_CASTS_NUM_STATISTICS 6
extern const lt_pass_statistic_t
    lt_insert_casts_statistics[LT_INSERT_CASTS_NUM_STATISTICS];

/* Gives every tensor of func (a func.func) a Place. `places` is the valid
 * places text (`opencl:f16:nchw,host:f32:nchw`) whose first entry fills
 * `any` fields nothing else decides. */
lt_result_t lt_infer_places_run(lt_pass_t *pass, lt_op_t *func,
                                const lk_registry_t *registry,
                                const char *places);
/* Inserts io_copy/calib/layout casts wherever a value's Place is not
 * compatible with its consumer's kernel; statistics go to the pass's
 * statistics from index stat_base on. */
lt_result_t lt_insert_casts_run(lt_pass_t *pass, lt_op_t *func,
                                const lk_registry_t *registry,
                                uint32_t stat_base);

/* ---- shared by both (place_common.c) ----------------------------------- */
#include "dialects/lite/lite.h"

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

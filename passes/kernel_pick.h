/* kernel_pick.h - the kernel-pick pass's engine, shared by
 * --lite-pick-kernels (the builtin registry) and test passes that bring
 * their own registry (test/lib/test_kernels.c). */
#ifndef LITE_PASSES_KERNEL_PICK_H
#define LITE_PASSES_KERNEL_PICK_H

#include "ir/pass.h"
#include "kernels/registry.h"

/* The pass's options (table lt_pick_kernels_options). */
typedef struct lt_pick_kernels_options {
  char *places; /* "x86:f32:nchw8c,host:f32:nchw": the user's priority */
  bool explain; /* a remark per op with every candidate's score */
} lt_pick_kernels_options_t;

#define LT_PICK_KERNELS_NUM_OPTIONS 2
extern const lt_pass_option_t
    lt_pick_kernels_options[LT_PICK_KERNELS_NUM_OPTIONS];
#define LT_PICK_KERNELS_NUM_STATISTICS 1
extern const lt_pass_statistic_t
    lt_pick_kernels_statistics[LT_PICK_KERNELS_NUM_STATISTICS];

/* Picks a kernel from `registry` for every lite op under `op` (except
 * lite.constant and lite.none) and records its name as the op's
 * `lite.kernel` string attribute. Options come from pass->options. Fails
 * with an error at each op no kernel takes. */
lt_result_t lt_pick_kernels_run(lt_pass_t *pass, lt_op_t *op,
                                const lk_registry_t *registry);

#endif /* LITE_PASSES_KERNEL_PICK_H */

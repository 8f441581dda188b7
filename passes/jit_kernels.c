/* jit_kernels.c - the generated kernels' registry rows (jit_kernels.h). */
#include "passes/jit_kernels.h"

#include <stdio.h>
#include <string.h>

static const char *const kOps[] = {
#define LT_JIT_KERNEL(op) #op,
#include "passes/jit_kernels.def"
#undef LT_JIT_KERNEL
};

/* A layout cast's operand and result: any layout, which lite-insert-casts
 * sets on its types (a cast kernel is matched by target and precision). */
static const lk_place_t kAnyLayout[] = {
    LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32, LK_LAYOUT_ANY)};

lk_reg_status_t lt_jit_kernels_add(lk_registry_t *r) {
  for (size_t i = 0; i < sizeof kOps / sizeof *kOps; i++) {
    char name[96];
    snprintf(name, sizeof name, "jit_%s__f32_nchw", kOps[i]);
    lk_kernel_t k = {
        .name = name,
        .op = kOps[i],
        .place = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32, LK_LAYOUT_NCHW),
        .source = "passes/lower_loops.c",
        .summary = "generated for the op's shapes by --lite-lower-to-loops",
        .static_shapes = true,
    };
    if (strcmp(kOps[i], "layout") == 0) {
      k.inputs = k.outputs = kAnyLayout;
      k.num_inputs = k.num_outputs = 1;
    }
    lk_reg_status_t s = lk_registry_add(r, &k);
    if (s != LK_REG_OK) return s;
  }
  return LK_REG_OK;
}

bool lt_jit_kernel_name(const char *name) {
  return name && strncmp(name, "jit_", 4) == 0;
}

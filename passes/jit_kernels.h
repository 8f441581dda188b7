/* jit_kernels.h - the registry rows of generated kernels: which ops the
 * lowering to loops takes (passes/jit_kernels.def). A context's registry
 * holds them when the compiler is built with LLVM (LITE_WITH_LLVM), which
 * compiles what the lowering produces; without it they do not exist and no
 * op can pick them. */
#ifndef LITE_PASSES_JIT_KERNELS_H
#define LITE_PASSES_JIT_KERNELS_H

#include <stdbool.h>

#include "kernels/registry.h"

/* Adds a `jit_<op>__f32_nchw` row for every op of jit_kernels.def. */
lk_reg_status_t lt_jit_kernels_add(lk_registry_t *r);

/* Whether kernel name `name` is a generated kernel's row (`jit_...`). */
bool lt_jit_kernel_name(const char *name);

#endif /* LITE_PASSES_JIT_KERNELS_H */

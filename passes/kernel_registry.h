/* kernel_registry.h - the kernel registry a context's placement passes
 * (lite-pick-kernels, lite-infer-places, lite-insert-casts) choose from
 * and look kernel names up in. It is the builtin table (with LLVM, plus the
 * generated kernels' rows: passes/jit_kernels.h) unless a caller
 * injects another: a kernel source (hand-written x86 kernels, a JIT, a
 * HAL driver, a test's stand-ins) builds a registry with its rows,
 * usually the builtin ones plus its own, and sets it on the context
 * before the passes run; no pass changes. The registry lives in one of
 * the context's extensions (ir/context.h), since ir/ cannot name it. */
#ifndef LITE_PASSES_KERNEL_REGISTRY_H
#define LITE_PASSES_KERNEL_REGISTRY_H

#include "ir/context.h"
#include "kernels/registry.h"

/* The registry the placement passes of ctx use: the injected one, else the
 * builtin table, created on first use and owned by ctx. Rows added to it
 * (lk_registry_add) are seen by every later pass run. NULL when out of
 * memory. */
lk_registry_t *lt_kernels_registry(lt_context_t *ctx);

/* Makes registry the one the placement passes of ctx use, destroying the
 * previous one if ctx owned it; NULL goes back to the builtin table. With
 * owned, ctx destroys registry (lk_registry_destroy) when it is replaced or
 * ctx is destroyed; without, registry is borrowed and must outlive ctx or
 * be replaced first. Fails (out of memory) changing nothing: registry is
 * then still the caller's. */
lt_status_t lt_kernels_set_registry(lt_context_t *ctx, lk_registry_t *registry,
                                    bool owned);

#endif /* LITE_PASSES_KERNEL_REGISTRY_H */

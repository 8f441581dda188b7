/* kernel_registry.c - a context's kernel registry, kept as the context's
 * extension under kRegistryKey: the builtin table and, with LLVM, the
 * generated kernels' rows. */
#include "passes/kernel_registry.h"

#include "passes/jit_kernels.h"

static const lt_context_key_t kRegistryKey = {"kernel registry"};

static void destroy_registry(lt_context_t *ctx, void *registry) {
  (void)ctx;
  lk_registry_destroy(registry);
}

lk_registry_t *lt_kernels_registry(lt_context_t *ctx) {
  lk_registry_t *r = lt_context_extension(ctx, &kRegistryKey);
  if (r) return r;
  r = lk_registry_create();
  if (!r) return NULL;
#if LITE_WITH_LLVM
  /* Generated kernels exist where LLVM can compile them. */
  if (lt_jit_kernels_add(r) != LK_REG_OK) {
    lk_registry_destroy(r);
    return NULL;
  }
#endif
  lt_status_t st =
      lt_context_set_extension(ctx, &kRegistryKey, r, destroy_registry);
  if (st) {
    lt_status_free(st);
    lk_registry_destroy(r);
    return NULL;
  }
  return r;
}

lt_status_t lt_kernels_set_registry(lt_context_t *ctx, lk_registry_t *registry,
                                    bool owned) {
  return lt_context_set_extension(ctx, &kRegistryKey, registry,
                                  registry && owned ? destroy_registry : NULL);
}

/* jit.c - the generated kernels through codegen/llvm's JIT (jit.h). */
#include "compiler/jit.h"

#include <stdlib.h>
#include <string.h>

#include "ir/diagnostics.h"
#include "ir/parser.h"
#if LITE_WITH_LLVM
#include "codegen/llvm/jit.h"
#endif

struct lt_jit_kernels {
#if LITE_WITH_LLVM
  lt_llvm_jit_t *jit;
#endif
  const lk_kernel_table_t *table;
};

lt_op_t *lt_jit_kernels_module(lt_op_t *module) {
  if (!module || module->num_regions == 0 || !module->regions[0].first)
    return NULL;
  for (lt_op_t *op = module->regions[0].first->first; op; op = op->next) {
    const lt_ident_t *name = lt_symbol_name(op);
    if (name && strcmp(lt_op_name(op), "builtin.module") == 0 &&
        strcmp(name->str, "lite_kernels") == 0)
      return op;
  }
  return NULL;
}

/* Compiles the kernel module `kernels` into *out. */
static lt_status_t compile_kernels(lt_op_t *kernels, const char *what,
                                   bool no_cache, lt_jit_kernels_t **out) {
#if LITE_WITH_LLVM
  (void)what;
  lt_jit_kernels_t *k = calloc(1, sizeof *k);
  if (!k) return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  lt_llvm_jit_options_t o;
  lt_llvm_jit_options_init(&o);
  o.no_cache = no_cache;
  lt_status_t st = lt_llvm_jit_create(&o, &k->jit);
  if (!st) st = lt_llvm_jit_add_module(k->jit, kernels, &k->table);
  if (st) {
    lt_jit_kernels_release(k);
    return st;
  }
  *out = k;
  return LT_OK;
#else
  (void)kernels, (void)no_cache, (void)out;
  return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                        "%s has generated kernels (@lite_kernels), and this "
                        "build has no LLVM to compile them "
                        "(LITE_WITH_LLVM=OFF)",
                        what);
#endif
}

lt_status_t lt_jit_kernels_compile(lt_op_t *module, bool no_cache,
                                   lt_jit_kernels_t **out) {
  *out = NULL;
  lt_op_t *kernels = lt_jit_kernels_module(module);
  return kernels ? compile_kernels(kernels, "the module", no_cache, out)
                 : LT_OK;
}

lt_status_t lt_jit_kernels_compile_text(lt_context_t *ctx, const char *name,
                                        const char *text, size_t len,
                                        bool no_cache, lt_jit_kernels_t **out) {
  *out = NULL;
  lt_op_t *m = lt_parse_source(ctx, name, text, len, NULL);
  if (!m || LT_FAILED(lt_op_verify(m))) {
    if (m) lt_op_destroy(m);
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: the kernel IR section is not valid loop-level "
                          "IR",
                          name);
  }
  /* The section holds the kernel module itself; the parser may wrap it. */
  lt_op_t *kernels = lt_jit_kernels_module(m);
  const lt_ident_t *sym = lt_symbol_name(m);
  if (!kernels && sym && strcmp(sym->str, "lite_kernels") == 0) kernels = m;
  lt_status_t st;
  if (!kernels) {
    st = lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                        "%s: the kernel IR section holds no module "
                        "@lite_kernels",
                        name);
  } else {
    st = compile_kernels(kernels, name, no_cache, out);
  }
  /* The JIT keeps what it needs: objects, not the IR. */
  lt_op_destroy(m);
  return st;
}

const lk_kernel_table_t *lt_jit_kernels_table(const lt_jit_kernels_t *k) {
  return k ? k->table : NULL;
}

void lt_jit_kernels_get_stats(const lt_jit_kernels_t *k,
                              lt_jit_kernels_stats_t *out) {
  memset(out, 0, sizeof *out);
  if (!k) return;
  out->kernels = k->table ? k->table->count : 0;
#if LITE_WITH_LLVM
  lt_llvm_jit_stats_t s;
  lt_llvm_jit_get_stats(k->jit, &s);
  out->cache_hits = s.cache_hits;
  out->cache_misses = s.cache_misses;
  out->compile_ms = s.compile_ms;
  out->load_ms = s.load_ms;
#endif
}

void lt_jit_kernels_release(void *p) {
  lt_jit_kernels_t *k = p;
  if (!k) return;
#if LITE_WITH_LLVM
  lt_llvm_jit_destroy(k->jit);
#endif
  free(k);
}

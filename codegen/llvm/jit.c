/* jit.c - ORC LLJIT through the C API, one LLJIT per added module (so two
 * modules may define kernels of the same name, and each table's symbols
 * are looked up where they were defined). A module's object comes from the
 * cache or from translate -> verify -> O3 -> LLVMTargetMachineEmitToMemory-
 * Buffer, and is added with LLVMOrcLLJITAddObjectFile; libm and libc
 * symbols resolve from the process. */
#include "codegen/llvm/jit.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <llvm-c/Core.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>

#include "codegen/llvm/cache.h"
#include "codegen/llvm/target.h"
#include "codegen/llvm/translate.h"
#include "ir/diagnostics.h"
#include "ir/printer.h"

typedef struct jit_module {
  LLVMOrcLLJITRef lljit;
  lk_kernel_table_t table;
  lk_kernel_entry_t *entries;
  char **names;
  struct jit_module *next;
} jit_module_t;

struct lt_llvm_jit {
  lt_llvm_jit_options_t options;
  char *cache_dir;
  lt_llvm_target_t *target;
  lt_llvm_jit_stats_t stats;
  jit_module_t *modules;
};

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return 1e3 * (double)ts.tv_sec + 1e-6 * (double)ts.tv_nsec;
}

static lt_status_t from_error(LLVMErrorRef e, const char *what) {
  char *m = LLVMGetErrorMessage(e);
  lt_status_t st = lt_status_make(LT_STATUS_INTERNAL, "%s: %s", what, m);
  LLVMDisposeErrorMessage(m);
  return st;
}

void lt_llvm_jit_options_init(lt_llvm_jit_options_t *o) {
  memset(o, 0, sizeof(*o));
  o->opt_level = 3;
  o->parallel_split = true;
}

lt_status_t lt_llvm_jit_create(const lt_llvm_jit_options_t *options,
                               lt_llvm_jit_t **out) {
  *out = NULL;
  lt_llvm_jit_t *jit = calloc(1, sizeof(*jit));
  if (!jit) return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  if (options)
    jit->options = *options;
  else
    lt_llvm_jit_options_init(&jit->options);
  if (!jit->options.no_cache)
    jit->cache_dir = jit->options.cache_dir ? strdup(jit->options.cache_dir)
                                            : lt_llvm_cache_default_dir();
  jit->options.cache_dir = NULL; /* the copy above is the one kept */
  lt_status_t st = lt_llvm_target_create(NULL, jit->options.cpu,
                                         jit->options.features, &jit->target);
  if (st) {
    lt_llvm_jit_destroy(jit);
    return st;
  }
  *out = jit;
  return LT_OK;
}

static void module_free(jit_module_t *m) {
  if (m->lljit) {
    LLVMErrorRef e = LLVMOrcDisposeLLJIT(m->lljit);
    if (e) LLVMConsumeError(e);
  }
  for (uint32_t i = 0; m->names && i < m->table.count; i++)
    free(m->names[i]);
  free(m->names);
  free(m->entries);
  free(m);
}

void lt_llvm_jit_destroy(lt_llvm_jit_t *jit) {
  if (!jit) return;
  while (jit->modules) {
    jit_module_t *m = jit->modules;
    jit->modules = m->next;
    module_free(m);
  }
  lt_llvm_target_destroy(jit->target);
  free(jit->cache_dir);
  free(jit);
}

void lt_llvm_jit_get_stats(const lt_llvm_jit_t *jit, lt_llvm_jit_stats_t *out) {
  *out = jit->stats;
}

const char *lt_llvm_jit_cache_dir(const lt_llvm_jit_t *jit) {
  return jit->cache_dir;
}

uint64_t lt_llvm_jit_cache_key(const lt_llvm_jit_t *jit, lt_op_t *module) {
  lt_print_flags_t flags;
  lt_print_flags_init(&flags);
  flags.generic = true;
  flags.local_scope = true;
  flags.hex_elements_larger = -1;
  lt_strbuf_t sb = {0};
  if (LT_FAILED(lt_op_print(module, &flags, &sb)) || !sb.data) {
    lt_strbuf_free(&sb);
    return 0;
  }
  lt_strbuf_printf(&sb, "\n%s\n%s\n%s\nllvm %s\ntable %u\nO%d split %d\n",
                   jit->target->triple, jit->target->cpu,
                   jit->target->features, lt_llvm_version(),
                   LK_KERNEL_TABLE_VERSION, jit->options.opt_level,
                   jit->options.parallel_split ? 1 : 0);
  uint64_t key = sb.data ? lt_llvm_fnv1a(sb.data, sb.len, LT_LLVM_FNV_OFFSET)
                         : 0;
  lt_strbuf_free(&sb);
  return key ? key : 1;
}

/* Collects the translation's first error for the status message. */
static bool keep_first_error(void *user, const lt_diag_t *d) {
  lt_strbuf_t *sb = user;
  if (d->severity == LT_SEV_ERROR && sb->len == 0) lt_diag_format(d, sb);
  return false; /* the context's handlers still see it */
}

/* Translates, optimizes and emits module; the object's bytes in *out. */
static lt_status_t compile(lt_llvm_jit_t *jit, lt_op_t *module,
                           void **out_data, size_t *out_size) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef mod = NULL;
  lt_llvm_translate_options_t topts;
  lt_llvm_translate_options_init(&topts);
  topts.parallel_split = jit->options.parallel_split;
  lt_context_t *ir = lt_op_context(module);
  lt_strbuf_t first = {0};
  lt_diag_handler_id_t h = lt_diag_push_handler(ir, keep_first_error, &first);
  lt_result_t r = lt_llvm_translate_module(module, ctx, "lite.jit", &topts, &mod);
  if (h) lt_diag_pop_handler(ir, h);
  lt_status_t st = LT_OK;
  if (LT_FAILED(r))
    st = lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                        "the LLVM backend cannot translate the module: %s",
                        first.data ? first.data : "(no diagnostic)");
  lt_strbuf_free(&first);
  if (!st) {
    lt_llvm_target_apply(jit->target, mod);
    st = lt_llvm_verify(mod);
  }
  if (!st) st = lt_llvm_optimize(mod, jit->target, jit->options.opt_level);
  LLVMMemoryBufferRef buf = NULL;
  if (!st) st = lt_llvm_emit_object(mod, jit->target, &buf);
  if (!st) {
    size_t size = LLVMGetBufferSize(buf);
    void *data = malloc(size ? size : 1);
    if (!data)
      st = lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
    else
      memcpy(data, LLVMGetBufferStart(buf), size);
    *out_data = data;
    *out_size = size;
  }
  if (buf) LLVMDisposeMemoryBuffer(buf);
  if (mod) LLVMDisposeModule(mod);
  LLVMContextDispose(ctx);
  return st;
}

/* A fresh LLJIT whose main dylib holds the object and sees the process. */
static lt_status_t link(jit_module_t *m, const void *data, size_t size) {
  LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
  LLVMErrorRef e = LLVMOrcCreateLLJIT(&m->lljit, builder);
  if (e) {
    m->lljit = NULL;
    return from_error(e, "creating the LLJIT");
  }
  LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(m->lljit);
  LLVMOrcDefinitionGeneratorRef gen = NULL;
  e = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
      &gen, LLVMOrcLLJITGetGlobalPrefix(m->lljit), NULL, NULL);
  if (e) return from_error(e, "searching the process for symbols");
  LLVMOrcJITDylibAddGenerator(jd, gen);
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
      data, size, "lite-kernels.o");
  e = LLVMOrcLLJITAddObjectFile(m->lljit, jd, buf);
  return e ? from_error(e, "adding the kernels' object") : LT_OK;
}

static lt_status_t lookup(LLVMOrcLLJITRef j, const char *name, void **out) {
  LLVMOrcExecutorAddress addr = 0;
  LLVMErrorRef e = LLVMOrcLLJITLookup(j, &addr, name);
  if (e) return from_error(e, "looking up a kernel");
  *out = (void *)(uintptr_t)addr;
  return LT_OK;
}

lt_status_t lt_llvm_jit_add_module(lt_llvm_jit_t *jit, lt_op_t *module,
                                   const lk_kernel_table_t **out_table) {
  *out_table = NULL;
  jit_module_t *m = calloc(1, sizeof(*m));
  size_t n = lt_llvm_kernel_names(module, NULL, 0);
  const char **names = calloc(n + 1, sizeof(*names));
  if (m) m->entries = calloc(n + 1, sizeof(*m->entries));
  if (m) m->names = calloc(n + 1, sizeof(*m->names));
  if (!m || !names || !m->entries || !m->names) {
    free(names);
    if (m) module_free(m);
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  }
  lt_llvm_kernel_names(module, names, n);
  m->table.version = LK_KERNEL_TABLE_VERSION;
  m->table.count = (uint32_t)n;
  m->table.entries = m->entries;
  lt_status_t st = LT_OK;
  for (size_t i = 0; i < n && !st; i++) {
    m->names[i] = strdup(names[i]);
    if (!m->names[i]) st = lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
    m->entries[i].name = m->names[i];
  }
  free(names);

  double t0 = now_ms();
  uint64_t key = jit->cache_dir ? lt_llvm_jit_cache_key(jit, module) : 0;
  void *data = NULL;
  size_t size = 0;
  bool hit = !st && key && lt_llvm_cache_read(jit->cache_dir, key, &data, &size);
  if (!st && !hit) {
    st = compile(jit, module, &data, &size);
    jit->stats.cache_misses++;
    jit->stats.compile_ms += now_ms() - t0;
    if (!st && key) {
      lt_status_t w = lt_llvm_cache_write(jit->cache_dir, key, data, size);
      if (w) jit->stats.cache_errors++;
      lt_status_free(w);
    }
  } else if (hit) {
    jit->stats.cache_hits++;
  }
  double t1 = now_ms();
  if (!st) st = link(m, data, size);
  free(data);
  for (size_t i = 0; i < n && !st; i++) {
    void *addr = NULL;
    st = lookup(m->lljit, m->names[i], &addr);
    m->entries[i].run = (lk_kernel_fn)(uintptr_t)addr;
  }
  jit->stats.load_ms += now_ms() - t1;
  if (st) {
    module_free(m);
    return st;
  }
  jit->stats.modules++;
  m->next = jit->modules;
  jit->modules = m;
  *out_table = &m->table;
  return LT_OK;
}

lt_status_t lt_llvm_jit_lookup(lt_llvm_jit_t *jit,
                               const lk_kernel_table_t *table,
                               const char *name, void **out) {
  *out = NULL;
  for (jit_module_t *m = jit->modules; m; m = m->next)
    if (&m->table == table) return lookup(m->lljit, name, out);
  return lt_status_make(LT_STATUS_NOT_FOUND,
                        "the table does not come from this JIT");
}

/* jit.c - ORC LLJIT through the C API, one LLJIT per added module (so two
 * modules may define kernels of the same name, and each table's symbols
 * are looked up where they were defined). A module's objects come from the
 * cache or from translate -> verify -> O3 -> LLVMTargetMachineEmitToMemory-
 * Buffer, in parts on threads (below), and are added with
 * LLVMOrcLLJITAddObjectFile; libm and libc symbols resolve from the
 * process. */
#include "codegen/llvm/jit.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

/* ---- parts ---------------------------------------------------------------
 * A module whose funcs are all kernels calling nothing (what the lowering
 * writes) compiles in up to compile_threads parts, balanced by op count.
 * Each part is translated into its own LLVM context (one after the other:
 * translation reads the IR and reports on its context), then optimized and
 * emitted on its own thread with its own target machine. The objects are
 * linked into one JITDylib, and the cache entry holds them all:
 *   u64 count, then per object u64 size and its bytes (little-endian). */

#define MAX_PARTS 8

static lt_walk_result_t count_ops(lt_op_t *op, void *user) {
  (void)op;
  (*(size_t *)user)++;
  return LT_WALK_ADVANCE;
}

static lt_walk_result_t find_call(lt_op_t *op, void *user) {
  (void)user;
  return strcmp(lt_op_name(op), "func.call") == 0 ? LT_WALK_INTERRUPT
                                                  : LT_WALK_ADVANCE;
}

static unsigned online_cpus(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : (unsigned)n;
}

/* How many parts module compiles in (1: whole). */
static unsigned num_parts(const lt_llvm_jit_t *jit, lt_op_t *module) {
  unsigned want = jit->options.compile_threads > 0
                      ? (unsigned)jit->options.compile_threads
                      : online_cpus();
  if (want > MAX_PARTS) want = MAX_PARTS;
  if (!module->num_regions || !module->regions[0].first) return 1;
  size_t kernels = 0;
  LT_FOR_EACH_OP(op, module->regions[0].first) {
    if (strcmp(lt_op_name(op), "func.func") != 0) continue;
    if (!lt_llvm_is_kernel(op, NULL)) return 1;
    if (lt_op_walk(op, LT_WALK_PRE, find_call, NULL) == LT_WALK_INTERRUPT)
      return 1;
    kernels++;
  }
  return kernels < want ? (kernels ? (unsigned)kernels : 1) : want;
}

typedef struct part {
  /* translation */
  lt_op_t **funcs;
  size_t num_funcs;
  size_t weight;
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  /* optimization and emission, on the part's thread */
  const lt_llvm_jit_t *jit;
  void *data;
  size_t size;
  lt_status_t st;
} part_t;

static bool in_part(void *user, lt_op_t *func) {
  const part_t *p = user;
  for (size_t i = 0; i < p->num_funcs; i++)
    if (p->funcs[i] == func) return true;
  return false;
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
  lt_strbuf_printf(&sb,
                   "\n%s\n%s\n%s\nllvm %s\ntable %u\nO%d split %d parts %u\n",
                   jit->target->triple, jit->target->cpu,
                   jit->target->features, lt_llvm_version(),
                   LK_KERNEL_TABLE_VERSION, jit->options.opt_level,
                   jit->options.parallel_split ? 1 : 0, num_parts(jit, module));
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

/* Translates part p of module (all of it when p selects nothing) and
 * verifies it. */
static lt_status_t translate_part(lt_llvm_jit_t *jit, lt_op_t *module,
                                  part_t *p, bool whole) {
  p->ctx = LLVMContextCreate();
  lt_llvm_translate_options_t topts;
  lt_llvm_translate_options_init(&topts);
  topts.parallel_split = jit->options.parallel_split;
  if (!whole) {
    topts.select = in_part;
    topts.select_user = p;
  }
  lt_context_t *ir = lt_op_context(module);
  lt_strbuf_t first = {0};
  lt_diag_handler_id_t h = lt_diag_push_handler(ir, keep_first_error, &first);
  lt_result_t r =
      lt_llvm_translate_module(module, p->ctx, "lite.jit", &topts, &p->mod);
  if (h) lt_diag_pop_handler(ir, h);
  lt_status_t st = LT_OK;
  if (LT_FAILED(r))
    st = lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                        "the LLVM backend cannot translate the module: %s",
                        first.data ? first.data : "(no diagnostic)");
  lt_strbuf_free(&first);
  if (!st) {
    lt_llvm_target_apply(jit->target, p->mod);
    st = lt_llvm_verify(p->mod);
  }
  return st;
}

/* O3 and emission of one part with a target machine of its own (they are
 * not shared between threads); the object's bytes in p->data. */
static void *build_part(void *arg) {
  part_t *p = arg;
  const lt_llvm_target_t *host = p->jit->target;
  lt_llvm_target_t *t = NULL;
  p->st = lt_llvm_target_create(host->triple, host->cpu, host->features, &t);
  if (!p->st) p->st = lt_llvm_optimize(p->mod, t, p->jit->options.opt_level);
  LLVMMemoryBufferRef buf = NULL;
  if (!p->st) p->st = lt_llvm_emit_object(p->mod, t, &buf);
  if (!p->st) {
    p->size = LLVMGetBufferSize(buf);
    p->data = malloc(p->size ? p->size : 1);
    if (!p->data)
      p->st = lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
    else
      memcpy(p->data, LLVMGetBufferStart(buf), p->size);
  }
  if (buf) LLVMDisposeMemoryBuffer(buf);
  lt_llvm_target_destroy(t);
  return NULL;
}

static void put_u64(uint8_t *b, uint64_t v) {
  for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_u64(const uint8_t *b) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= (uint64_t)b[i] << (8 * i);
  return v;
}

/* Assigns module's kernels to n parts, heaviest first onto the lightest. */
static lt_status_t partition(lt_op_t *module, part_t *parts, unsigned n) {
  size_t count = 0;
  LT_FOR_EACH_OP(op, module->regions[0].first)
    if (strcmp(lt_op_name(op), "func.func") == 0) count++;
  lt_op_t **funcs = calloc(count + 1, sizeof(*funcs));
  size_t *weights = calloc(count + 1, sizeof(*weights));
  bool ok = funcs && weights;
  for (unsigned i = 0; i < n; i++) {
    parts[i].funcs = calloc(count + 1, sizeof(*parts[i].funcs));
    ok = ok && parts[i].funcs;
  }
  if (!ok) { /* compile frees the parts' arrays */
    free(funcs);
    free(weights);
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  }
  size_t k = 0;
  LT_FOR_EACH_OP(op, module->regions[0].first) {
    if (strcmp(lt_op_name(op), "func.func") != 0) continue;
    funcs[k] = op;
    lt_op_walk(op, LT_WALK_PRE, count_ops, &weights[k]);
    k++;
  }
  for (size_t done = 0; done < count; done++) {
    size_t best = count;
    for (size_t i = 0; i < count; i++)
      if (funcs[i] && (best == count || weights[i] > weights[best])) best = i;
    part_t *light = &parts[0];
    for (unsigned i = 1; i < n; i++)
      if (parts[i].weight < light->weight) light = &parts[i];
    light->funcs[light->num_funcs++] = funcs[best];
    light->weight += weights[best];
    funcs[best] = NULL;
  }
  free(funcs);
  free(weights);
  return LT_OK;
}

/* Translates, optimizes and emits module in n parts; the cache entry's
 * bytes (the objects, as the layout above) in *out. */
static lt_status_t compile(lt_llvm_jit_t *jit, lt_op_t *module, unsigned n,
                           void **out_data, size_t *out_size) {
  *out_data = NULL;
  *out_size = 0;
  part_t parts[MAX_PARTS];
  memset(parts, 0, sizeof(parts));
  lt_status_t st = n > 1 ? partition(module, parts, n) : LT_OK;
  for (unsigned i = 0; i < n && !st; i++) {
    parts[i].jit = jit;
    st = translate_part(jit, module, &parts[i], n == 1);
  }
  pthread_t threads[MAX_PARTS];
  bool started[MAX_PARTS] = {false};
  for (unsigned i = 1; i < n && !st; i++)
    started[i] = pthread_create(&threads[i], NULL, build_part, &parts[i]) == 0;
  if (!st) build_part(&parts[0]);
  for (unsigned i = 1; i < n && !st; i++)
    if (!started[i]) build_part(&parts[i]); /* no thread: here */
  size_t total = 8;
  for (unsigned i = 0; i < n; i++) {
    if (started[i]) pthread_join(threads[i], NULL);
    if (!st && parts[i].st) {
      st = parts[i].st;
      parts[i].st = LT_OK;
    }
    total += 8 + parts[i].size;
  }
  uint8_t *buf = st ? NULL : malloc(total);
  if (!st && !buf) st = lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  if (!st) {
    put_u64(buf, n);
    size_t at = 8;
    for (unsigned i = 0; i < n; i++) {
      put_u64(buf + at, parts[i].size);
      memcpy(buf + at + 8, parts[i].data, parts[i].size);
      at += 8 + parts[i].size;
    }
    *out_data = buf;
    *out_size = total;
  }
  for (unsigned i = 0; i < n; i++) {
    lt_status_free(parts[i].st);
    free(parts[i].data);
    free(parts[i].funcs);
    if (parts[i].mod) LLVMDisposeModule(parts[i].mod);
    if (parts[i].ctx) LLVMContextDispose(parts[i].ctx);
  }
  return st;
}

/* A fresh LLJIT whose main dylib holds the entry's objects and sees the
 * process. A malformed entry (not one compile wrote) is an error. */
static lt_status_t link_objects(jit_module_t *m, const void *data, size_t size) {
  const uint8_t *b = data;
  uint64_t count = size >= 8 ? get_u64(b) : 0;
  if (count == 0 || count > MAX_PARTS)
    return lt_status_make(LT_STATUS_INTERNAL, "a malformed kernel object list");
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
  size_t at = 8;
  for (uint64_t i = 0; i < count; i++) {
    uint64_t n = size - at >= 8 ? get_u64(b + at) : UINT64_MAX;
    if (n > size - at - 8)
      return lt_status_make(LT_STATUS_INTERNAL,
                            "a malformed kernel object list");
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
        (const char *)b + at + 8, n, "lite-kernels.o");
    e = LLVMOrcLLJITAddObjectFile(m->lljit, jd, buf);
    if (e) return from_error(e, "adding the kernels' object");
    at += 8 + n;
  }
  return LT_OK;
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
    st = compile(jit, module, num_parts(jit, module), &data, &size);
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
  if (!st) st = link_objects(m, data, size);
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

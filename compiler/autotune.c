/* autotune.c - the lite-autotune pass (autotune.h): which ops, their
 * signatures, the cache, the decision. Measuring is autotune_measure.c. */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "compiler/autotune_internal.h"
#include "compiler/compiler.h"
#include "dialects/lite/lite.h"
#include "ir/diagnostics.h"
#include "kernels/registry.h"
#include "passes/kernel_registry.h"
#include "passes/lower_loops.h"
#if LITE_WITH_LLVM
#include "codegen/llvm/cache.h"
#include "codegen/llvm/target.h"
#endif

typedef struct autotune_options {
  char *places;
  char *kinds;
  int64_t budget_ms;
  int64_t threads;
  int64_t seed;
  int64_t vector_width;
  bool cache;
  char *cache_dir;
  bool explain;
} autotune_options_t;

static const lt_pass_option_t kOptions[] = {
    {"places", LT_OPT_STRING, offsetof(autotune_options_t, places), "",
     "Valid places, as lite-pick-kernels took them (each kind is picked "
     "again at them); empty: the pick's default"},
    {"kernel-kinds", LT_OPT_STRING, offsetof(autotune_options_t, kinds),
     "jit,ref",
     "Kernel kinds to measure against each other, preferred first at equal "
     "times"},
    {"budget-ms", LT_OPT_INT, offsetof(autotune_options_t, budget_ms), "20",
     "Milliseconds of timed runs per op, shared by its kinds (compiling "
     "comes on top)"},
    {"threads", LT_OPT_INT, offsetof(autotune_options_t, threads), "1",
     "Threads the kernels may use while measured"},
    {"seed", LT_OPT_INT, offsetof(autotune_options_t, seed), "1",
     "Seed of the random inputs"},
    {"vector-width", LT_OPT_INT, offsetof(autotune_options_t, vector_width),
     "8", "lite-lower-to-loops' vector-width for the generated kernels (the "
     "compile path's)"},
    {"cache", LT_OPT_BOOL, offsetof(autotune_options_t, cache), "true",
     "Read measurements from the cache and write new ones to it"},
    {"cache-dir", LT_OPT_STRING, offsetof(autotune_options_t, cache_dir), "",
     "The cache directory; empty: the JIT object cache's ($LITE_CACHE_DIR, "
     "$XDG_CACHE_HOME/lite or ~/.cache/lite)"},
    {"explain", LT_OPT_BOOL, offsetof(autotune_options_t, explain), "false",
     "Emit a remark per op with every kind's time and where it came from"},
};

enum {
  STAT_OPS,
  STAT_DISTINCT,
  STAT_MEASURED,
  STAT_CACHED,
  STAT_CHANGED,
  STAT_US
};
static const lt_pass_statistic_t kStatistics[] = {
    {"num-ops", "Ops with more than one kernel kind to choose from"},
    {"num-distinct", "Distinct op signatures among them"},
    {"num-measured", "Signatures measured"},
    {"num-cached", "Signatures found in the cache"},
    {"num-changed", "Ops whose kernel differs from the pick's"},
    {"time-us", "Microseconds spent measuring and reading the cache"},
};

typedef struct kinds {
  char names[LT_AUTOTUNE_MAX_KINDS][16];
  uint32_t count;
} kinds_t;

/* kernel-kinds= as lite-pick-kernels reads it; false on a bad word. */
static bool parse_kinds(const char *text, kinds_t *out) {
  out->count = 0;
  for (const char *p = text ? text : ""; *p;) {
    p += strspn(p, ", ");
    size_t n = strcspn(p, ", ");
    if (!n) break;
    if (n >= sizeof out->names[0] || out->count == LT_AUTOTUNE_MAX_KINDS)
      return false;
    for (size_t i = 0; i < n; i++)
      if (!((p[i] >= 'a' && p[i] <= 'z') || (p[i] >= '0' && p[i] <= '9')))
        return false;
    memcpy(out->names[out->count], p, n);
    out->names[out->count++][n] = 0;
    p += n;
  }
  return true;
}

static lt_result_t check_options(lt_context_t *ctx, const void *options) {
  const autotune_options_t *o = options;
  kinds_t kinds;
  if (!parse_kinds(o->kinds, &kinds))
    return lt_emit_error(ctx, lt_loc_unknown(ctx),
                         "lite-autotune: bad kernel-kinds='%s': expected "
                         "kernel name first words (jit, ref, ...)",
                         o->kinds);
  if (o->budget_ms < 1 || o->budget_ms > 60000)
    return lt_emit_error(ctx, lt_loc_unknown(ctx),
                         "lite-autotune: budget-ms must be in 1..60000, not "
                         "%lld",
                         (long long)o->budget_ms);
  if (o->threads < 1 || o->threads > 1024)
    return lt_emit_error(ctx, lt_loc_unknown(ctx),
                         "lite-autotune: threads must be in 1..1024, not %lld",
                         (long long)o->threads);
  if (o->vector_width < 1 || o->vector_width > 64)
    return lt_emit_error(ctx, lt_loc_unknown(ctx),
                         "lite-autotune: vector-width must be in 1..64, not "
                         "%lld",
                         (long long)o->vector_width);
  return LT_SUCCESS;
}

#if LITE_WITH_LLVM
/* ---- state --------------------------------------------------------------- */
typedef struct seen {
  char *signature;
  const lt_attr_t *kernel; /* NULL: no kind could run it; keep the pick's */
} seen_t;

typedef struct tune {
  lt_pass_t *pass;
  const autotune_options_t *o;
  lt_context_t *ctx;
  const lk_registry_t *registry;
  kinds_t kinds;
  char *host; /* the key's other ingredients */
  char *dir;  /* NULL: no cache */
  lt_op_t **ops;
  size_t num_ops, cap_ops;
  seen_t *seen;
  size_t num_seen, cap_seen;
} tune_t;

static bool grow(void **items, size_t *cap, size_t n, size_t size) {
  if (n < *cap) return true;
  size_t c = *cap ? *cap * 2 : 32;
  void *p = realloc(*items, c * size);
  if (!p) return false;
  *items = p;
  *cap = c;
  return true;
}

/* ---- which ops ----------------------------------------------------------- */
static bool static_value(const lt_value_t *v) {
  return v->type->kind == LT_TYPE_NONE ||
         (v->type->kind == LT_TYPE_TENSOR && lt_type_has_static_shape(v->type));
}

/* Bit i: kind i has a registry row for op. */
static uint32_t kinds_of(const tune_t *t, lt_op_t *op) {
  const char *name = lt_lite_op_name((lt_lite_op_id_t)lt_lite_op_id(op));
  uint32_t mask = 0;
  for (size_t i = 0; i < lk_registry_size(t->registry); i++) {
    const lk_kernel_t *k = lk_registry_at(t->registry, i);
    if (strcmp(k->op, name) != 0) continue;
    size_t n = strcspn(k->name, "_");
    for (uint32_t j = 0; j < t->kinds.count; j++)
      if (strlen(t->kinds.names[j]) == n &&
          memcmp(t->kinds.names[j], k->name, n) == 0)
        mask |= 1u << j;
  }
  return mask;
}

static uint32_t popcount(uint32_t m) {
  uint32_t n = 0;
  for (; m; m &= m - 1)
    n++;
  return n;
}

/* An op with a kernel picked, static shapes (the generated kernels take no
 * other), and rows of more than one kind. */
static uint32_t tunable(const tune_t *t, lt_op_t *op) {
  int id = lt_lite_op_id(op);
  if (id < 0 || id == LT_LITE_CONSTANT || id == LT_LITE_NONE ||
      id == LT_LITE_DISPATCH)
    return 0;
  const lt_attr_t *k = lt_op_attr(op, "lite.kernel");
  if (!k || k->kind != LT_ATTR_STRING) return 0;
  /* an op in a blocked region stays: the layout choice weighed the region
   * as a whole, which one op measured alone cannot */
  char name[128];
  if (k->str.len < sizeof name) {
    memcpy(name, k->str.data, k->str.len);
    name[k->str.len] = 0;
    const lk_kernel_t *kernel = lk_registry_find(t->registry, name);
    if (kernel && lk_layout_channel_block(kernel->place.layout) > 1) return 0;
    /* so does a generated kernel of an elementwise group: the group runs
     * as one loop nest, which one op measured alone cannot show */
    if (strncmp(name, "jit_", 4) == 0 && ll_ew_fuses(op)) return 0;
  }
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (!static_value(lt_op_operand(op, i))) return 0;
  for (uint32_t i = 0; i < op->num_results; i++)
    if (!static_value(lt_op_result(op, i))) return 0;
  uint32_t mask = kinds_of(t, op);
  return popcount(mask) > 1 ? mask : 0;
}

static lt_walk_result_t collect(lt_op_t *op, void *user) {
  tune_t *t = user;
  if (lt_lite_op_id(op) < 0) return LT_WALK_ADVANCE;
  if (!grow((void **)&t->ops, &t->cap_ops, t->num_ops, sizeof *t->ops))
    return LT_WALK_INTERRUPT;
  t->ops[t->num_ops++] = op;
  return LT_WALK_ADVANCE;
}

/* ---- signatures ---------------------------------------------------------- */
/* `"lite.softmax" {axis = 1 : i64} (tensor<3x5xf32>) -> (tensor<3x5xf32>)`,
 * attributes without lite.* (the pick's and the tools' own), operands
 * made by constants marked `const`. One line. */
static char *signature(lt_op_t *op) {
  lt_context_t *ctx = lt_op_context(op);
  const lt_attr_t *attrs = op->attrs;
  lt_named_attr_t kept[64];
  uint32_t n = 0;
  for (uint32_t i = 0; i < attrs->dict.count; i++) {
    const lt_named_attr_t *a = &attrs->dict.entries[i];
    if (strncmp(a->name->str, "lite.", 5) == 0) continue;
    if (n == LT_ARRAY_SIZE(kept)) return NULL;
    kept[n++] = *a;
  }
  const lt_attr_t *dict = lt_attr_dict(ctx, n, kept);
  if (!dict) return NULL;
  lt_strbuf_t sb = {0};
  lt_strbuf_printf(&sb, "\"%s\" ", lt_op_name(op));
  lt_attr_print(dict, &sb);
  lt_strbuf_puts(&sb, " (");
  for (uint32_t i = 0; i < op->num_operands; i++) {
    lt_value_t *v = lt_op_operand(op, i);
    lt_op_t *def = lt_value_defining_op(v);
    int id = def ? lt_lite_op_id(def) : -1;
    if (i) lt_strbuf_puts(&sb, ", ");
    if (id == LT_LITE_CONSTANT || id == LT_LITE_NONE)
      lt_strbuf_puts(&sb, "const ");
    lt_type_print(v->type, &sb);
  }
  lt_strbuf_puts(&sb, ") -> (");
  for (uint32_t i = 0; i < op->num_results; i++) {
    if (i) lt_strbuf_puts(&sb, ", ");
    lt_type_print(lt_op_result(op, i)->type, &sb);
  }
  lt_strbuf_putc(&sb, ')');
  char *s = lt_strbuf_take(&sb);
  for (char *c = s; c && *c; c++)
    if (*c == '\n' || *c == '\r') *c = ' ';
  return s;
}

/* ---- decisions ----------------------------------------------------------- */
/* A cached entry answers for op when it has every kind of mask, each with
 * a kernel of this registry for this op (or none). */
static bool entry_covers(const tune_t *t, lt_op_t *op, uint32_t mask,
                         const lt_autotune_entry_t *e) {
  const char *name = lt_lite_op_name((lt_lite_op_id_t)lt_lite_op_id(op));
  for (uint32_t j = 0; j < t->kinds.count; j++) {
    if (!(mask & (1u << j))) continue;
    const lt_autotune_time_t *k = lt_autotune_find(e, t->kinds.names[j]);
    if (!k) return false;
    const lk_kernel_t *row =
        k->kernel[0] ? lk_registry_find(t->registry, k->kernel) : NULL;
    if (k->kernel[0] && (!row || strcmp(row->op, name) != 0)) return false;
  }
  return true;
}

/* The fastest kind of mask in e; at equal times the one kernel-kinds
 * prefers. NULL when none has a kernel. */
static const lt_autotune_time_t *fastest(const tune_t *t, uint32_t mask,
                                         const lt_autotune_entry_t *e) {
  const lt_autotune_time_t *best = NULL;
  for (uint32_t j = 0; j < t->kinds.count; j++) {
    const lt_autotune_time_t *k =
        mask & (1u << j) ? lt_autotune_find(e, t->kinds.names[j]) : NULL;
    if (k && k->kernel[0] && k->ms >= 0 && (!best || k->ms < best->ms))
      best = k;
  }
  return best;
}

static void explain(lt_op_t *op, uint32_t mask, const tune_t *t,
                    const lt_autotune_entry_t *e,
                    const lt_autotune_time_t *best, const char *from) {
  lt_strbuf_t sb = {0};
  lt_strbuf_printf(&sb, "lite-autotune: %s (",
                   best ? best->kernel : "the pick's kernel");
  bool first = true;
  for (uint32_t j = 0; j < t->kinds.count; j++) {
    const lt_autotune_time_t *k =
        mask & (1u << j) ? lt_autotune_find(e, t->kinds.names[j]) : NULL;
    if (!k) continue;
    if (!first) lt_strbuf_puts(&sb, ", ");
    first = false;
    if (k->kernel[0])
      lt_strbuf_printf(&sb, "%s %.4g ms", k->kind, k->ms);
    else
      lt_strbuf_printf(&sb, "%s: no kernel runs it", k->kind);
  }
  lt_strbuf_printf(&sb, "; %s)", from);
  lt_op_emit_remark(op, "%s", sb.data ? sb.data : "");
  lt_strbuf_free(&sb);
}

static void measure(tune_t *t, lt_op_t *op, uint32_t mask,
                    lt_autotune_entry_t *e) {
  lt_autotune_measure_config_t mc = {.places = t->o->places,
                                     .threads = (uint32_t)t->o->threads,
                                     .budget_ms = (double)t->o->budget_ms /
                                                  popcount(mask),
                                     .seed = (uint64_t)t->o->seed,
                                     .vector_width = (int)t->o->vector_width};
  lt_op_t *one = lt_autotune_one_op_module(op);
  e->count = 0;
  for (uint32_t j = 0; j < t->kinds.count; j++) {
    if (!(mask & (1u << j))) continue;
    lt_autotune_time_t *k = &e->times[e->count++];
    memset(k, 0, sizeof *k);
    snprintf(k->kind, sizeof k->kind, "%s", t->kinds.names[j]);
    k->ms = -1;
    if (one) lt_autotune_measure(one, k->kind, &mc, k);
  }
  if (one) lt_op_destroy(one);
}

/* Decides op's kernel: an equal op's decision, the cache's, or measuring. */
static lt_result_t tune_op(tune_t *t, lt_op_t *op, uint32_t mask) {
  lt_pass_stat_add(t->pass, STAT_OPS, 1);
  char *sig = signature(op);
  if (!sig) return lt_op_emit_error(op, "lite-autotune: out of memory");
  const lt_attr_t *kernel = NULL;
  bool known = false;
  for (size_t i = 0; i < t->num_seen && !known; i++)
    if (strcmp(t->seen[i].signature, sig) == 0) {
      known = true;
      kernel = t->seen[i].kernel;
    }
  if (known) {
    free(sig);
  } else {
    uint64_t key = lt_autotune_key(sig, t->host);
    lt_autotune_entry_t e;
    bool hit = t->dir && lt_autotune_cache_read(t->dir, key, sig, &e) &&
               entry_covers(t, op, mask, &e);
    if (!hit) {
      measure(t, op, mask, &e);
      /* A cache that cannot be written costs the next run a measurement,
       * nothing else. */
      if (t->dir) {
        lt_status_t st = lt_autotune_cache_write(t->dir, key, sig, &e);
        if (st) lt_status_free(st);
      }
    }
    lt_pass_stat_add(t->pass, hit ? STAT_CACHED : STAT_MEASURED, 1);
    lt_pass_stat_add(t->pass, STAT_DISTINCT, 1);
    const lt_autotune_time_t *best = fastest(t, mask, &e);
    if (t->o->explain)
      explain(op, mask, t, &e, best, hit ? "from the cache" : "measured");
    kernel = best ? lt_attr_string_cstr(t->ctx, best->kernel) : NULL;
    if (!grow((void **)&t->seen, &t->cap_seen, t->num_seen, sizeof *t->seen)) {
      free(sig);
      return lt_op_emit_error(op, "lite-autotune: out of memory");
    }
    t->seen[t->num_seen++] = (seen_t){sig, kernel};
  }
  if (kernel && lt_op_attr(op, "lite.kernel") != kernel) {
    lt_op_set_attr(op, "lite.kernel", kernel);
    lt_pass_set_changed(t->pass, true);
    lt_pass_stat_add(t->pass, STAT_CHANGED, 1);
  }
  return LT_SUCCESS;
}

/* ---- the key's other ingredients ----------------------------------------- */
/* The build of the hand-written kernels: the size and modification time
 * of the file that holds them (the executable, or the shared library), so
 * that a rebuilt lite measures its kernels again rather than trusting
 * another build's times. */
static void kernels_build(lt_strbuf_t *sb) {
  Dl_info info;
  struct stat st;
  if (dladdr((void *)lk_builtin_kernel_find, &info) && info.dli_fname &&
      stat(info.dli_fname, &st) == 0)
    lt_strbuf_printf(sb, " kernels %lld:%lld.%09ld", (long long)st.st_size,
                     (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
}

static char *host_key(const autotune_options_t *o) {
  lt_llvm_target_t *target = NULL;
  lt_status_t st = lt_llvm_target_create(NULL, NULL, NULL, &target);
  if (st) {
    lt_status_free(st);
    return NULL;
  }
  lt_strbuf_t sb = {0};
  lt_strbuf_printf(&sb,
                   "%s %s %s llvm %s vector-width %lld threads %lld "
                   "places %s",
                   target->triple, target->cpu, target->features,
                   lt_llvm_version(), (long long)o->vector_width,
                   (long long)o->threads,
                   o->places ? o->places : "");
  kernels_build(&sb);
  lt_llvm_target_destroy(target);
  return lt_strbuf_take(&sb);
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static lt_result_t tune_module(tune_t *t, lt_op_t *module) {
  const autotune_options_t *o = t->o;
  t->host = host_key(o);
  if (!t->host)
    return lt_op_emit_error(module, "lite-autotune: cannot describe the host "
                                    "CPU for the cache key");
  if (o->cache)
    t->dir = o->cache_dir && *o->cache_dir ? strdup(o->cache_dir)
                                           : lt_llvm_cache_default_dir();
  if (lt_op_walk(module, LT_WALK_PRE, collect, t) == LT_WALK_INTERRUPT)
    return lt_op_emit_error(module, "lite-autotune: out of memory");
  for (size_t i = 0; i < t->num_ops; i++) {
    uint32_t mask = tunable(t, t->ops[i]);
    if (mask && LT_FAILED(tune_op(t, t->ops[i], mask))) return LT_FAILURE;
  }
  return LT_SUCCESS;
}
#endif

static lt_result_t run_autotune(lt_pass_t *pass, lt_op_t *module) {
  lt_pass_set_changed(pass, false);
#if !LITE_WITH_LLVM
  return lt_op_emit_error(module,
                          "lite-autotune measures generated kernels, and this "
                          "build has no LLVM to compile them "
                          "(LITE_WITH_LLVM=OFF)");
#else
  double t0 = now_ms();
  tune_t t = {.pass = pass, .o = pass->options, .ctx = lt_op_context(module)};
  t.registry = lt_kernels_registry(t.ctx);
  if (!t.registry || !parse_kinds(t.o->kinds, &t.kinds))
    return lt_op_emit_error(module, "lite-autotune: out of memory");
  /* One kind leaves nothing to choose between. */
  lt_result_t r = t.kinds.count > 1 ? tune_module(&t, module) : LT_SUCCESS;
  for (size_t i = 0; i < t.num_seen; i++)
    free(t.seen[i].signature);
  free(t.seen);
  free(t.ops);
  free(t.host);
  free(t.dir);
  lt_pass_stat_add(pass, STAT_US, (uint64_t)((now_ms() - t0) * 1e3));
  return r;
#endif
}

const lt_pass_info_t lt_autotune_pass = {
    .argument = "lite-autotune",
    .name = "LiteAutotune",
    .summary = "Choose between generated and hand-written kernels by "
               "measuring each distinct op on the runtime (after "
               "lite-pick-kernels, before the casts and the lowering); the "
               "times are cached on disk",
    .anchor = "builtin.module",
    .options_size = sizeof(autotune_options_t),
    .options = kOptions,
    .num_options = LT_ARRAY_SIZE(kOptions),
    .statistics = kStatistics,
    .num_statistics = LT_ARRAY_SIZE(kStatistics),
    .run = run_autotune,
    .check_options = check_options,
};

void lt_autotune_get_stats(const lt_pass_manager_t *pm,
                           lt_autotune_stats_t *out) {
  memset(out, 0, sizeof *out);
  for (size_t i = 0; i < lt_pass_manager_size(pm); i++) {
    const lt_pass_t *p = lt_pass_manager_pass_at(pm, i);
    if (!p || lt_pass_base(p->info) != &lt_autotune_pass) continue;
    out->ops += p->stats[STAT_OPS];
    out->distinct += p->stats[STAT_DISTINCT];
    out->measured += p->stats[STAT_MEASURED];
    out->cached += p->stats[STAT_CACHED];
    out->changed += p->stats[STAT_CHANGED];
    out->ms += (double)p->stats[STAT_US] / 1e3;
  }
}

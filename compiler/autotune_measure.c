/* autotune_measure.c - one op, compiled as the compile path would for one
 * kernel kind, timed on the runtime (autotune_internal.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compiler/autotune_internal.h"
#include "compiler/compile.h"
#include "compiler/jit.h"
#include "dialects/lite/lite.h"
#include "ir/builder.h"
#include "ir/builtin.h"
#include "ir/diagnostics.h"
#include "passes/jit_kernels.h"
#include "runtime/artifact.h"
#include "runtime/model.h"
#include "runtime/predictor.h"

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static bool made_by_constant(const lt_value_t *v) {
  lt_op_t *def = lt_value_defining_op(v);
  int id = def ? lt_lite_op_id(def) : -1;
  return id == LT_LITE_CONSTANT || id == LT_LITE_NONE;
}

/* ---- the module ---------------------------------------------------------- */
static lt_op_t *make_func(lt_context_t *ctx, lt_op_t *op, lt_ir_map_t *map) {
  const lt_type_t *args[64], *results[64];
  lt_value_t *from[64];
  uint32_t n = 0;
  if (op->num_results > LT_ARRAY_SIZE(results)) return NULL;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    lt_value_t *v = lt_op_operand(op, i);
    bool seen = false;
    for (uint32_t j = 0; j < n && !seen; j++)
      seen = from[j] == v;
    if (seen || made_by_constant(v)) continue;
    if (n == LT_ARRAY_SIZE(args)) return NULL;
    from[n] = v;
    args[n++] = v->type;
  }
  for (uint32_t i = 0; i < op->num_results; i++)
    results[i] = lt_op_result(op, i)->type;
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, "func.func", op->loc);
  lt_op_state_add_attr(&s, "sym_name", lt_attr_string_cstr(ctx, "main"));
  lt_op_state_add_attr(
      &s, "function_type",
      lt_attr_type(ctx,
                   lt_type_function(ctx, n, args, op->num_results, results)));
  lt_op_state_add_region(&s);
  lt_op_t *func = lt_op_create(&s);
  lt_op_state_free(&s);
  if (!func) return NULL;
  lt_builder_t b;
  lt_builder_init(&b, ctx);
  lt_block_t *entry = lt_builder_create_block(&b, lt_op_region(func, 0), NULL,
                                              n, args, op->loc);
  bool ok = entry != NULL;
  for (uint32_t i = 0; ok && i < n; i++)
    lt_ir_map_value(map, from[i], entry->args[i]);
  for (uint32_t i = 0; ok && i < op->num_operands; i++) {
    lt_value_t *v = lt_op_operand(op, i);
    /* The map answers an unmapped value with itself. */
    if (made_by_constant(v) && lt_ir_map_lookup_value(map, v) == v)
      ok = lt_builder_clone(&b, lt_value_defining_op(v), map) != NULL;
  }
  lt_op_t *copy = ok ? lt_builder_clone(&b, op, map) : NULL;
  if (copy) {
    lt_op_state_init(&s, ctx, "func.return", op->loc);
    for (uint32_t i = 0; i < copy->num_results; i++)
      lt_op_state_add_operand(&s, lt_op_result(copy, i));
    ok = lt_builder_create(&b, &s) != NULL;
    lt_op_state_free(&s);
  }
  if (!copy || !ok) {
    lt_op_destroy(func);
    return NULL;
  }
  return func;
}

lt_op_t *lt_autotune_one_op_module(lt_op_t *op) {
  lt_context_t *ctx = lt_op_context(op);
  lt_ir_map_t *map = lt_ir_map_create(ctx);
  lt_op_t *func = map ? make_func(ctx, op, map) : NULL;
  if (map) lt_ir_map_destroy(map);
  lt_op_t *module = func ? lt_module_create(ctx, op->loc) : NULL;
  if (!module) {
    if (func) lt_op_destroy(func);
    return NULL;
  }
  lt_block_push_back(lt_module_body(module), func);
  return module;
}

/* The op being measured in a one-op module: the function's first lite op
 * that is neither a constant nor none. */
static lt_op_t *the_op(lt_op_t *module) {
  lt_op_t *func = lt_module_body(module)->first;
  lt_block_t *entry = func && func->num_regions ? func->regions[0].first : NULL;
  for (lt_op_t *op = entry ? entry->first : NULL; op; op = op->next) {
    int id = lt_lite_op_id(op);
    if (id >= 0 && id != LT_LITE_CONSTANT && id != LT_LITE_NONE) return op;
  }
  return NULL;
}

static lt_walk_result_t find_dispatch(lt_op_t *op, void *user) {
  (void)user;
  return lt_lite_op_id(op) == LT_LITE_DISPATCH ? LT_WALK_INTERRUPT
                                               : LT_WALK_ADVANCE;
}

/* ---- one kind ------------------------------------------------------------ */
static bool swallow(void *user, const lt_diag_t *d) {
  (void)user, (void)d;
  return true;
}

/* The kernel the pick gives module's op at places among `kind`'s. */
static bool pick(lt_op_t *module, const char *places, const char *kind,
                 char *out, size_t cap) {
  lt_context_t *ctx = lt_op_context(module);
  lt_strbuf_t sb = {0};
  lt_strbuf_printf(&sb, "func.func(lite-pick-kernels{kernel-kinds=%s", kind);
  if (places && *places) lt_strbuf_printf(&sb, " places=%s", places);
  lt_strbuf_puts(&sb, "})");
  lt_pass_manager_t *pm = lt_pass_manager_create(ctx, "builtin.module");
  bool ok = pm && sb.data &&
            LT_SUCCEEDED(lt_pass_manager_add_pipeline(pm, sb.data)) &&
            LT_SUCCEEDED(lt_pass_manager_run(pm, module));
  lt_pass_manager_destroy(pm);
  lt_strbuf_free(&sb);
  lt_op_t *op = ok ? the_op(module) : NULL;
  const lt_attr_t *k = op ? lt_op_attr(op, "lite.kernel") : NULL;
  if (!k || k->kind != LT_ATTR_STRING || k->str.len >= cap) return false;
  memcpy(out, k->str.data, k->str.len);
  out[k->str.len] = 0;
  return true;
}

/* Seeded inputs: floats uniform in [-1, 1), everything else zeros (valid
 * indices and shapes for the ops that read integers). The predictor reads
 * them where they are: *out_data holds them all until the runs are over
 * (free() it). */
static bool set_inputs(lt_predictor_t *p, uint64_t seed, void **out_data) {
  const lt_artifact_t *a = lt_model_artifact(lt_predictor_model(p));
  uint32_t n = lt_artifact_num_inputs(a);
  size_t total = 0;
  for (uint32_t i = 0; i < n; i++) {
    const lt_artifact_tensor_t *t =
        lt_artifact_tensor(a, lt_artifact_input(a, i));
    size_t count = 1;
    for (int32_t d = 0; d < t->rank; d++) {
      if (t->dims[d] < 0) return false;
      count *= (size_t)t->dims[d];
    }
    total += (count * lk_dtype_size(t->dtype) + 63) & ~(size_t)63;
  }
  uint8_t *data = calloc(total ? total : 1, 1);
  *out_data = data;
  if (!data) return false;
  uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
  size_t at = 0;
  for (uint32_t i = 0; i < n; i++) {
    const lt_artifact_tensor_t *t =
        lt_artifact_tensor(a, lt_artifact_input(a, i));
    size_t count = 1;
    for (int32_t d = 0; d < t->rank; d++)
      count *= (size_t)t->dims[d];
    size_t bytes = count * lk_dtype_size(t->dtype);
    float *f = (float *)(data + at);
    for (size_t k = 0; t->dtype == LK_F32 && k < count; k++) {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      f[k] = (float)((double)(s >> 11) / 4503599627370496.0 - 1);
    }
    lt_status_t st = lt_predictor_set_input(p, i, t->dtype, t->rank, t->dims,
                                            data + at, bytes);
    if (st) {
      lt_status_free(st);
      return false;
    }
    at += (bytes + 63) & ~(size_t)63;
  }
  return true;
}

/* The fastest of runs of p, past a first run and a warm-up, until the
 * budget is spent (at least two). */
static bool time_runs(lt_predictor_t *p, double budget_ms, double *out_ms) {
  for (int i = 0; i < 2; i++) {
    lt_status_t st = lt_predictor_run(p);
    if (st) {
      lt_status_free(st);
      return false;
    }
  }
  double best = -1, start = now_ms();
  for (uint32_t n = 0; n < 2 || (now_ms() - start < budget_ms && n < 100000);
       n++) {
    double t0 = now_ms();
    lt_status_t st = lt_predictor_run(p);
    double dt = now_ms() - t0;
    if (st) {
      lt_status_free(st);
      return false;
    }
    if (best < 0 || dt < best) best = dt;
  }
  *out_ms = best;
  return true;
}

/* Compiles module for kind and times it; false when the kind's kernel
 * does not end up running the op. */
static bool compile_and_time(lt_op_t *module, const char *kind,
                             const char *kernel,
                             const lt_autotune_measure_config_t *c,
                             double *out_ms) {
  lt_lite_compile_config_t cc = {.places = c->places,
                                 .kernel_kinds = kind,
                                 .no_optimize = true,
                                 .vector_width = c->vector_width};
  uint8_t *data = NULL;
  size_t size = 0;
  if (LT_FAILED(lt_compile_module_config(module, &cc, NULL, &data, &size)))
    return false;
  /* The lowering leaves an op it cannot take to its reference kernel: then
   * this kind has nothing of its own to measure. */
  bool ok =
      !lt_jit_kernel_name(kernel) ||
      lt_op_walk(module, LT_WALK_PRE, find_dispatch, NULL) == LT_WALK_INTERRUPT;
  lt_jit_kernels_t *jit = NULL;
  if (ok) {
    lt_status_t st = lt_jit_kernels_compile(module, false, &jit);
    if (st) lt_status_free(st);
    ok = !st;
  }
  lt_model_t *m = NULL;
  /* The tables are read through this array while the model loads. */
  const lk_kernel_table_t *table = lt_jit_kernels_table(jit);
  if (ok) {
    lt_model_options_t mo = {.allocator = lt_allocator_system(),
                             .kernel_tables = &table,
                             .num_kernel_tables = jit ? 1 : 0,
                             .keep = jit,
                             .release_keep = lt_jit_kernels_release};
    jit = NULL; /* the model's now, even when the load fails */
    lt_status_t st = lt_model_load_buffer(data, size, &mo, &m);
    if (st) lt_status_free(st);
    ok = !st;
  }
  lt_predictor_t *p = NULL;
  void *inputs = NULL;
  if (ok) {
    lt_predictor_options_t po = {.num_threads = c->threads};
    lt_status_t st = lt_predictor_create(m, &po, &p);
    if (st) lt_status_free(st);
    ok = !st && set_inputs(p, c->seed, &inputs) &&
         time_runs(p, c->budget_ms, out_ms);
  }
  lt_predictor_destroy(p);
  free(inputs);
  lt_model_release(m);
  lt_jit_kernels_release(jit);
  free(data);
  return ok;
}

void lt_autotune_measure(lt_op_t *one_op, const char *kind,
                         const lt_autotune_measure_config_t *c,
                         lt_autotune_time_t *t) {
  t->kernel[0] = 0;
  t->ms = -1;
  lt_context_t *ctx = lt_op_context(one_op);
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, swallow, NULL);
  lt_op_t *module = h ? lt_op_clone(one_op, NULL) : NULL;
  char kernel[sizeof t->kernel];
  double ms;
  if (module && pick(module, c->places, kind, kernel, sizeof kernel) &&
      compile_and_time(module, kind, kernel, c, &ms)) {
    memcpy(t->kernel, kernel, sizeof kernel);
    t->ms = ms;
  }
  if (module) lt_op_destroy(module);
  if (h) lt_diag_pop_handler(ctx, h);
}

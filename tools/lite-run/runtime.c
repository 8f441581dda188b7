/* runtime.c - lite-run's default mode: compile in-process (the full API),
 * load the artifact into the runtime (the light API), run, and report: the
 * summary line, --profile's tables, --trace's Chrome-trace JSON and
 * --mem-report. The outputs go through the same printing, writing and
 * checking as --reference's. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compiler/compile.h"
#include "compiler/jit.h"
#include "ir/diagnostics.h"
#include "ir/parser.h"
#include "passes/passes.h"
#include "runtime/artifact.h"
#include "runtime/predictor.h"
#include "tools/lite-run/lite_run.h"

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void print_status(const char *model, lt_status_t st) {
  fprintf(stderr, "lite-run: error: %s: %s\n", model, lt_status_message(st));
  lt_status_free(st);
}

/* ---- the trace: every timed run's instructions, as complete events ------ */
typedef struct trace_event {
  uint32_t instr;
  uint64_t start_ns, end_ns;
} trace_event_t;

typedef struct trace {
  trace_event_t *events;
  size_t count, cap;
  bool on; /* only the timed runs are recorded */
  bool failed;
} trace_t;

static void on_instr(void *user, uint32_t instr, uint64_t t0, uint64_t t1) {
  trace_t *t = user;
  if (!t->on || t->failed) return;
  if (t->count == t->cap) {
    size_t cap = t->cap ? t->cap * 2 : 1024;
    trace_event_t *e = realloc(t->events, cap * sizeof *e);
    if (!e) {
      t->failed = true;
      return;
    }
    t->events = e;
    t->cap = cap;
  }
  t->events[t->count++] = (trace_event_t){instr, t0, t1};
}

/* A JSON string body: quotes, backslashes and control bytes escaped. */
static void json_str(FILE *f, const char *s) {
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
}

static lt_cl_exit_t write_trace(const char *path, const trace_t *t,
                                const lt_model_t *m) {
  FILE *f = fopen(path, "w");
  if (!f || t->failed) {
    fprintf(stderr, "lite-run: error: cannot write the trace '%s'\n", path);
    if (f) fclose(f);
    return LT_EXIT_FAILURE;
  }
  uint64_t base = t->count ? t->events[0].start_ns : 0;
  fputs("{\"displayTimeUnit\": \"ms\", \"traceEvents\": [\n", f);
  for (size_t k = 0; k < t->count; k++) {
    const trace_event_t *e = &t->events[k];
    const lt_rt_instr_t *ins = lt_model_instr(m, e->instr);
    fputs("  {\"name\": \"", f);
    json_str(f, ins->nodes[0] ? ins->nodes : ins->op_name);
    fputs("\", \"cat\": \"", f);
    json_str(f, ins->op_name);
    fprintf(f, "\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": %.3f, "
               "\"dur\": %.3f, \"args\": {\"kernel\": \"",
            (double)(e->start_ns - base) / 1e3,
            (double)(e->end_ns - e->start_ns) / 1e3);
    json_str(f, ins->kernel_name);
    fprintf(f, "\", \"instruction\": %u}}%s\n", e->instr,
            k + 1 < t->count ? "," : "");
  }
  fputs("]}\n", f);
  bool bad = ferror(f) != 0;
  if (fclose(f) != 0 || bad) {
    fprintf(stderr, "lite-run: error: cannot write the trace '%s'\n", path);
    return LT_EXIT_FAILURE;
  }
  return LT_EXIT_OK;
}

/* ---- the profile ---------------------------------------------------------- */
/* Floating-point operations of one call, where the op has a standard count
 * (multiply-adds count two); 0 when it has none. */
static double instr_flops(const lt_predictor_t *p, const lt_rt_instr_t *ins) {
  const lt_artifact_instr_t *ai = ins->ai;
  if (ai->num_operands < 2 || ai->num_results < 1) return 0;
  const lk_view_t *y = lt_predictor_tensor(p, ai->results[0]);
  const lk_view_t *w = lt_predictor_tensor(p, ai->operands[1]);
  double out = 1;
  for (int32_t d = 0; d < y->rank; d++) out *= (double)y->dims[d];
  const char *op = ins->op_name;
  if (strcmp(op, "lite.conv2d") == 0 && w->rank >= 2) {
    double per = 1;
    for (int32_t d = 1; d < w->rank; d++) per *= (double)w->dims[d];
    return 2 * out * per;
  }
  if ((strcmp(op, "lite.matmul") == 0 || strcmp(op, "lite.fc") == 0 ||
       strcmp(op, "lite.gemm") == 0) &&
      w->rank >= 2) {
    const lk_view_t *x = lt_predictor_tensor(p, ai->operands[0]);
    double k = (double)x->dims[x->rank - 1];
    if (strcmp(op, "lite.gemm") == 0 && lk_attr_int(ins->attrs, "transA", 0))
      k = (double)x->dims[x->rank - 2];
    return 2 * out * k;
  }
  return 0;
}

static void print_profile(FILE *f, const lt_predictor_t *p, double run_ms) {
  const lt_model_t *m = lt_predictor_model(p);
  const lt_artifact_t *a = lt_model_artifact(m);
  const lt_predictor_instr_profile_t *prof = lt_predictor_profile(p);
  uint32_t n = lt_model_num_instrs(m);
  double total = 0;
  for (uint32_t i = 0; i < n; i++) total += (double)prof[i].total_ns;
  fprintf(f, "profile: %u instructions, per run (mean over timed runs)\n", n);
  fprintf(f, "%5s  %-22s %-30s %-18s %-16s %9s %6s %8s  %s\n", "#", "op",
          "kernel", "place", "shape", "ms", "%", "GFLOP/s", "ONNX nodes");
  for (uint32_t i = 0; i < n; i++) {
    const lt_rt_instr_t *ins = lt_model_instr(m, i);
    double ms = prof[i].calls ? (double)prof[i].total_ns / 1e6 /
                                    (double)prof[i].calls
                              : 0;
    char shape[64] = "-", place[64] = "-", flops[32] = "";
    if (ins->ai->num_results) {
      const lk_view_t *y = lt_predictor_tensor(p, ins->ai->results[0]);
      lk_dims_str(y->dims, y->rank, shape, sizeof shape);
      lk_place_format(lt_artifact_tensor(a, ins->ai->results[0])->place, place,
                      sizeof place);
    }
    double fl = instr_flops(p, ins);
    if (fl > 0 && ms > 0) snprintf(flops, sizeof flops, "%.2f", fl / ms / 1e6);
    fprintf(f, "%5u  %-22s %-30s %-18s %-16s %9.4f %6.2f %8s  %s\n", i,
            ins->op_name, ins->kernel_name, place, shape, ms,
            total > 0 ? 100.0 * (double)prof[i].total_ns / total : 0, flops,
            ins->nodes);
  }
  /* By op type, largest first. */
  typedef struct row {
    const char *op;
    uint64_t ns;
    uint32_t count;
  } row_t;
  row_t *rows = calloc(n ? n : 1, sizeof *rows);
  uint32_t num_rows = 0;
  for (uint32_t i = 0; rows && i < n; i++) {
    const char *op = lt_model_instr(m, i)->op_name;
    uint32_t r = 0;
    while (r < num_rows && strcmp(rows[r].op, op) != 0) r++;
    if (r == num_rows) rows[num_rows++] = (row_t){op, 0, 0};
    rows[r].ns += prof[i].total_ns / (prof[i].calls ? prof[i].calls : 1);
    rows[r].count++;
  }
  for (uint32_t i = 1; i < num_rows; i++)
    for (uint32_t j = i; j > 0 && rows[j].ns > rows[j - 1].ns; j--) {
      row_t t = rows[j];
      rows[j] = rows[j - 1];
      rows[j - 1] = t;
    }
  fprintf(f, "by op type:\n%-22s %6s %9s %6s\n", "op", "count", "ms", "%");
  double sum = 0;
  for (uint32_t r = 0; r < num_rows; r++) sum += (double)rows[r].ns;
  for (uint32_t r = 0; r < num_rows; r++)
    fprintf(f, "%-22s %6u %9.4f %6.2f\n", rows[r].op, rows[r].count,
            (double)rows[r].ns / 1e6, sum > 0 ? 100.0 * (double)rows[r].ns / sum : 0);
  fprintf(f, "instructions %.4f ms of a %.4f ms run (the rest: the run "
             "loop and timing)\n",
          sum / 1e6, run_ms);
  free(rows);
}

static void print_mem_report(FILE *f, const lt_predictor_t *p) {
  const lt_model_t *m = lt_predictor_model(p);
  const lt_artifact_t *a = lt_model_artifact(m);
  uint64_t weights = 0;
  uint32_t num_weights = 0;
  for (uint32_t t = 0; t < lt_artifact_num_tensors(a); t++) {
    const lt_artifact_tensor_t *at = lt_artifact_tensor(a, t);
    if (at->storage != LT_ARTIFACT_STORAGE_WEIGHT) continue;
    weights += at->size;
    num_weights++;
  }
  fprintf(f, "memory: weights %llu bytes in %u tensors (mapped, not copied), "
             "packed weights %zu bytes, arenas %zu bytes",
          (unsigned long long)weights, num_weights, lt_model_packed_bytes(m),
          lt_predictor_arena_bytes(p));
  for (uint32_t i = 0; i < lt_artifact_num_arenas(a); i++) {
    const lt_artifact_arena_t *ar = lt_artifact_arena(a, i);
    fprintf(f, "%s%.*s %llu", i ? ", " : " (", (int)ar->name.len, ar->name.data,
            (unsigned long long)ar->size);
  }
  fprintf(f, "%s, workspace %zu bytes\n",
          lt_artifact_num_arenas(a) ? ")" : "", lt_predictor_workspace_bytes(p));
}

/* ---- the run -------------------------------------------------------------- */
static lt_cl_exit_t bind_inputs(const lt_run_options_t *o, lt_predictor_t *p,
                                const lt_lite_named_tensor_t *in, uint32_t n) {
  uint32_t want = lt_artifact_num_inputs(lt_model_artifact(lt_predictor_model(p)));
  if (n != want) {
    fprintf(stderr, "lite-run: error: %s: the artifact has %u input(s), the "
                    "function %u\n", o->model, want, n);
    return LT_EXIT_FAILURE;
  }
  for (uint32_t i = 0; i < n; i++) {
    const lk_tensor_t *t = &in[i].tensor;
    lt_status_t st = lt_predictor_set_input(p, i, t->dtype, t->rank, t->dims,
                                            t->data, lk_nbytes(t));
    if (st) {
      print_status(o->model, st);
      return LT_EXIT_FAILURE;
    }
  }
  return LT_EXIT_OK;
}

/* Copies the predictor's outputs into outs, named as func names them. */
static lt_cl_exit_t collect(const lt_run_options_t *o, const lt_predictor_t *p,
                            lt_op_t *func, lt_allocator_t al,
                            lt_lite_outputs_t *outs) {
  const lt_artifact_t *a = lt_model_artifact(lt_predictor_model(p));
  uint32_t n = lt_artifact_num_outputs(a);
  outs->allocator = al;
  outs->count = 0;
  outs->items = lt_calloc(al, (n ? n : 1) * sizeof *outs->items);
  if (!outs->items) return LT_EXIT_FAILURE;
  for (uint32_t i = 0; i < n; i++) {
    lt_lite_named_tensor_t *it = &outs->items[i];
    const char *name = func ? lt_lite_func_output_name(func, i) : NULL;
    char buf[32];
    if (!name) snprintf(buf, sizeof buf, "output_%u", i), name = buf;
    size_t len = strlen(name) + 1;
    char *copy = lt_alloc(al, len);
    lk_tensor_t src;
    if (!copy || !lk_view_to_tensor(lt_predictor_output(p, i), &src)) {
      fprintf(stderr, "lite-run: error: %s: output #%u is not a dense nchw "
                      "tensor\n", o->model, i);
      lt_free(al, copy, len);
      return LT_EXIT_FAILURE;
    }
    memcpy(copy, name, len);
    it->name = copy;
    it->tensor = src;
    it->tensor.data = NULL;
    outs->count++;
    if (LT_FAILED(lt_lite_tensor_alloc(al, &it->tensor))) return LT_EXIT_FAILURE;
    if (lk_nbytes(&src)) memcpy(it->tensor.data, src.data, lk_nbytes(&src));
  }
  return LT_EXIT_OK;
}

/* --check-reference: the interpreter on the compiled function (the very
 * program the runtime ran, casts and layouts included) on the same inputs;
 * every output of the runtime must match it within 1e-5 relative, plus
 * 1e-6 and 1e-5 of the output's largest value absolute: the --compare
 * tolerances but for the scale, which leaves room for the Winograd
 * convolution's rounding (a few 1e-6 of the largest value,
 * kernels/simd/conv_nchwc_wino.h). */
static lt_cl_exit_t check_reference(const lt_run_options_t *o, lt_op_t *func,
                                    const lt_lite_named_tensor_t *in,
                                    uint32_t num_in, lt_allocator_t al,
                                    const lt_lite_outputs_t *got) {
  lt_lite_outputs_t ref;
  if (LT_FAILED(lt_lite_interpret(func, al, num_in, in, &ref))) {
    fprintf(stderr, "lite-run: error: '%s': the reference run of the "
                    "compiled module failed\n", o->model);
    return LT_EXIT_FAILURE;
  }
  lt_run_tolerance_t tol = {1e-5, 1e-6, 1e-5};
  lt_cl_exit_t rc = ref.count == got->count ? LT_EXIT_OK : LT_EXIT_FAILURE;
  for (uint32_t i = 0; i < ref.count && i < got->count; i++) {
    char name[160];
    snprintf(name, sizeof name, "%s (runtime vs interpreter)",
             got->items[i].name);
    if (lt_run_report_diff(stdout, name, &got->items[i].tensor,
                           &ref.items[i].tensor, &tol,
                           "the interpreter on the compiled module") !=
        LT_EXIT_OK)
      rc = LT_EXIT_FAILURE;
  }
  lt_lite_outputs_free(&ref);
  return rc;
}

/* Runs p once; reports and fails on an error. */
static bool run_once(const lt_run_options_t *o, lt_predictor_t *p, double *ms) {
  double t0 = now_ms();
  lt_status_t st = lt_predictor_run(p);
  *ms = now_ms() - t0;
  if (st) print_status(o->model, st);
  return st == LT_OK;
}

static lt_cl_exit_t run_model(const lt_run_options_t *o, lt_model_t *m,
                              lt_op_t *func, const lt_lite_named_tensor_t *in,
                              uint32_t num_in, const lk_tensor_t *expected,
                              lt_allocator_t al, double compile_ms,
                              double load_ms) {
  trace_t trace = {0};
  lt_predictor_options_t po = {o->num_threads, o->profile || o->trace != NULL,
                               on_instr, &trace, o->spin_us};
  lt_predictor_t *p;
  double t0 = now_ms();
  lt_status_t st = lt_predictor_create(m, &po, &p);
  double create_ms = now_ms() - t0;
  if (st) {
    print_status(o->model, st);
    return LT_EXIT_FAILURE;
  }
  lt_cl_exit_t rc = bind_inputs(o, p, in, num_in);
  double first = 0, *times = calloc(o->num_runs, sizeof *times);
  if (!times) rc = LT_EXIT_FAILURE;
  if (rc == LT_EXIT_OK && !run_once(o, p, &first)) rc = LT_EXIT_FAILURE;
  for (uint32_t r = 0; rc == LT_EXIT_OK && r < o->warmup_runs; r++)
    if (!run_once(o, p, &times[0])) rc = LT_EXIT_FAILURE;
  lt_predictor_profile_reset(p);
  trace.on = true;
  for (uint32_t r = 0; rc == LT_EXIT_OK && r < o->num_runs; r++)
    if (!run_once(o, p, &times[r])) rc = LT_EXIT_FAILURE;
  trace.on = false;
  if (rc == LT_EXIT_OK) {
    double mean = 0;
    for (uint32_t r = 0; r < o->num_runs; r++) mean += times[r];
    mean /= o->num_runs;
    qsort(times, o->num_runs, sizeof *times, cmp_double);
    double median = o->num_runs % 2
                        ? times[o->num_runs / 2]
                        : (times[o->num_runs / 2 - 1] + times[o->num_runs / 2]) / 2;
    if (compile_ms >= 0) printf("compile %.2f ms, ", compile_ms);
    printf("load %.2f ms (artifact %.2f, predictor %.2f), first run %.3f ms, "
           "median %.3f ms, min %.3f ms, max %.3f ms over %u run(s), %u "
           "thread(s)\n",
           load_ms + create_ms, load_ms, create_ms, first, median,
           times[0], times[o->num_runs - 1], o->num_runs, o->num_threads);
    if (o->profile) print_profile(stdout, p, mean);
    if (o->mem_report) print_mem_report(stdout, p);
    if (o->trace && write_trace(o->trace, &trace, m) != LT_EXIT_OK)
      rc = LT_EXIT_FAILURE;
    lt_lite_outputs_t outs = {0};
    lt_cl_exit_t crc = collect(o, p, func, al, &outs);
    if (crc == LT_EXIT_OK && o->check_reference)
      crc = check_reference(o, func, in, num_in, al, &outs);
    if (crc == LT_EXIT_OK) crc = lt_run_finish_outputs(o, expected, &outs);
    if (crc != LT_EXIT_OK) rc = crc;
    lt_lite_outputs_free(&outs);
  }
  free(times);
  free(trace.events);
  lt_predictor_destroy(p);
  return rc;
}

/* " {lite.name = \"x\"}" with the name's quotes and backslashes escaped. */
static void put_name_attr(lt_strbuf_t *sb, const char *name) {
  lt_strbuf_puts(sb, " {lite.name = \"");
  for (const char *c = name; *c; c++) {
    if (*c == '"' || *c == '\\') lt_strbuf_putc(sb, '\\');
    if ((unsigned char)*c >= 0x20) lt_strbuf_putc(sb, *c);
  }
  lt_strbuf_puts(sb, "\"}");
}

static void put_tensor_type(lt_strbuf_t *sb, const lt_artifact_tensor_t *t) {
  lt_strbuf_puts(sb, "tensor<");
  if (t->rank < 0) lt_strbuf_puts(sb, "*x");
  for (int32_t d = 0; d < t->rank; d++) {
    if (t->dims[d] < 0)
      lt_strbuf_puts(sb, "?x");
    else
      lt_strbuf_printf(sb, "%lldx", (long long)t->dims[d]);
  }
  lt_strbuf_printf(sb, "%s>", lk_dtype_name(t->dtype));
}

/* The `jit:` line: what compiling the generated kernels took. */
static void print_jit(const lt_jit_kernels_t *jit, const char *from) {
  lt_jit_kernels_stats_t js;
  lt_jit_kernels_get_stats(jit, &js);
  printf("jit: %u kernels%s, %llu module(s) compiled in %.2f ms, %llu from "
         "the cache, loaded in %.2f ms\n",
         js.kernels, from, (unsigned long long)js.cache_misses, js.compile_ms,
         (unsigned long long)js.cache_hits, js.load_ms);
}

/* Model options that hand the generated kernels (none when jit is NULL)
 * to the model, which keeps the JIT; *table must outlive the load. */
static lt_model_options_t jit_model_options(lt_jit_kernels_t *jit,
                                            const lk_kernel_table_t **table) {
  *table = lt_jit_kernels_table(jit);
  return (lt_model_options_t){.allocator = lt_allocator_system(),
                              .kernel_tables = table,
                              .num_kernel_tables = jit ? 1 : 0,
                              .keep = jit,
                              .release_keep = lt_jit_kernels_release};
}

lt_cl_exit_t lt_run_load_artifact(lt_context_t *ctx, const char *path,
                                  lt_strbuf_t *text, lt_model_t **out_model,
                                  lt_op_t **out_module) {
  *out_model = NULL;
  *out_module = NULL;
  /* An artifact with generated kernels carries them as IR: compiled here
   * (or found in the object cache) and handed to the model. */
  lt_artifact_t *art = NULL;
  lt_status_t st = lt_artifact_load_file(path, lt_allocator_system(), &art);
  size_t ir_size = 0;
  const char *ir = st ? NULL : lt_artifact_kernel_ir(art, &ir_size);
  lt_jit_kernels_t *jit = NULL;
  if (ir) {
    st = lt_jit_kernels_compile_text(ctx, path, ir, ir_size, false, &jit);
    if (!st) print_jit(jit, " from the artifact");
  }
  lt_artifact_free(art);
  if (!st) {
    const lk_kernel_table_t *table;
    lt_model_options_t mo = jit_model_options(jit, &table);
    st = lt_model_load_file(path, &mo, out_model);
  }
  if (st) {
    fprintf(stderr, "lite-run: error: %s\n", lt_status_message(st));
    lt_status_free(st);
    return LT_EXIT_FAILURE;
  }
  /* The artifact's interface as a function declaration, so that inputs,
   * --input-shape and --expected-output resolve as they do for a model. */
  const lt_artifact_t *a = lt_model_artifact(*out_model);
  lt_strbuf_puts(text, "func.func private @main(");
  for (uint32_t i = 0; i < lt_artifact_num_inputs(a); i++) {
    if (i) lt_strbuf_puts(text, ", ");
    put_tensor_type(text, lt_artifact_tensor(a, lt_artifact_input(a, i)));
    put_name_attr(text, lt_model_input_name(*out_model, i));
  }
  lt_strbuf_puts(text, ") -> (");
  for (uint32_t i = 0; i < lt_artifact_num_outputs(a); i++) {
    if (i) lt_strbuf_puts(text, ", ");
    put_tensor_type(text, lt_artifact_tensor(a, lt_artifact_output(a, i)));
    put_name_attr(text, lt_model_output_name(*out_model, i));
  }
  lt_strbuf_puts(text, ")\n");
  lt_source_add(ctx, path, text->data, text->len);
  *out_module = lt_parse_source(ctx, path, text->data, text->len, NULL);
  if (*out_module) return LT_EXIT_OK;
  fprintf(stderr, "lite-run: error: %s: cannot describe the artifact's "
                  "inputs and outputs\n", path);
  lt_model_release(*out_model);
  *out_model = NULL;
  return LT_EXIT_FAILURE;
}

lt_cl_exit_t lt_run_runtime(const lt_run_options_t *o, lt_op_t *module,
                            lt_op_t *func, const lk_tensor_t *expected,
                            lt_allocator_t allocator, lt_model_t *artifact) {
  lt_lite_named_tensor_t *inputs;
  uint32_t num_inputs;
  lt_cl_exit_t rc =
      lt_run_prepare_inputs(o, func, allocator, &inputs, &num_inputs);
  if (rc != LT_EXIT_OK) return rc;
  if (artifact && o->check_reference) {
    fprintf(stderr, "lite-run: error: '%s': --check-reference needs the model "
                    "(.onnx or .mlir), not an artifact\n", o->model);
    rc = LT_EXIT_USAGE;
  } else if (artifact) {
    rc = run_model(o, artifact, func, inputs, num_inputs, expected, allocator,
                   -1, 0);
  }
  if (artifact || rc != LT_EXIT_OK) {
    lt_run_free_inputs(allocator, inputs, num_inputs);
    return rc;
  }
  uint8_t *data = NULL;
  size_t size = 0;
  /* The interpreter cannot run generated kernels: with them,
   * --check-reference runs the model as it was before compiling. */
  lt_op_t *before = NULL, *ref_func = func;
  if (o->check_reference && lt_kernel_kinds_name(o->kernel_kinds, "jit")) {
    before = lt_op_clone(module, NULL);
    ref_func = before ? lt_lite_interp_entry(before, o->function) : NULL;
    if (!ref_func) {
      fprintf(stderr, "lite-run: error: '%s': out of memory copying the "
                      "model for --check-reference\n", o->model);
      if (before) lt_op_destroy(before);
      lt_run_free_inputs(allocator, inputs, num_inputs);
      return LT_EXIT_FAILURE;
    }
  }
  /* Kernels are measured with the threads they will run with. */
  char tune[32];
  snprintf(tune, sizeof tune, "threads=%u", o->num_threads);
  lt_lite_compile_config_t cc = {.places = o->places,
                                 .kernel_kinds = o->kernel_kinds,
                                 .autotune = o->autotune ? tune : NULL};
  lt_compile_config_for_host(&cc);
  lt_autotune_stats_t tuned;
  double t0 = now_ms();
  if (LT_FAILED(
          lt_compile_module_config(module, &cc, &tuned, &data, &size))) {
    fprintf(stderr, "lite-run: error: '%s': compiling failed\n", o->model);
    rc = LT_EXIT_FAILURE;
  } else if (o->autotune) {
    printf("autotune: %llu ops (%llu distinct), %llu measured, %llu from the "
           "cache, %llu kernel(s) changed, in %.2f ms\n",
           (unsigned long long)tuned.ops, (unsigned long long)tuned.distinct,
           (unsigned long long)tuned.measured,
           (unsigned long long)tuned.cached,
           (unsigned long long)tuned.changed, tuned.ms);
  }
  /* The generated kernels, if the compile path made any. */
  lt_jit_kernels_t *jit = NULL;
  if (rc == LT_EXIT_OK) {
    lt_status_t st = lt_jit_kernels_compile(module, false, &jit);
    if (st) {
      fprintf(stderr, "lite-run: error: '%s': generated kernels: %s\n",
              o->model, lt_status_message(st));
      lt_status_free(st);
      rc = LT_EXIT_FAILURE;
    } else if (jit) {
      print_jit(jit, "");
    }
  }
  double compile_ms = now_ms() - t0;
  lt_model_t *m = NULL;
  if (rc == LT_EXIT_OK) {
    t0 = now_ms();
    const lk_kernel_table_t *table;
    lt_model_options_t mo = jit_model_options(jit, &table);
    jit = NULL; /* the model's now, even when the load fails */
    lt_status_t st = lt_model_load_buffer(data, size, &mo, &m);
    double load_ms = now_ms() - t0;
    if (st) {
      print_status(o->model, st);
      rc = LT_EXIT_FAILURE;
    } else {
      rc = run_model(o, m, ref_func, inputs, num_inputs, expected, allocator,
                     compile_ms, load_ms);
    }
  }
  lt_model_release(m);
  lt_jit_kernels_release(jit);
  if (before) lt_op_destroy(before);
  free(data);
  lt_run_free_inputs(allocator, inputs, num_inputs);
  return rc;
}

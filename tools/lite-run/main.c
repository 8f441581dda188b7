/* lite-run - runs a model: loads it (.onnx through the importer, .mlir
 * through the parser), prepares its inputs, compiles it and runs it on the
 * runtime (runtime.c) or, with --reference, on the reference interpreter,
 * and prints, writes or checks the outputs; or, with --compare, checks a
 * pass pipeline on it (compare.c). lite-run links the
 * library's passes only: a test pass runs in lite-opt, whose output
 * --compare-to compares with the model. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/compiler.h"
#include "dialects/dialects.h"
#include "ir/diagnostics.h"
#include "ir/parser.h"
#include "passes/passes.h"
#include "tools/common/model_diag.h"
#include "tools/lite-run/lite_run.h"
#ifdef LITE_RUN_HAVE_ONNX
#include "frontends/onnx/onnx.h"
#endif

static bool has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The text stays registered (for source lines in diagnostics) until the
 * run is over; *text owns it. */
static lt_cl_exit_t load_mlir(lt_context_t *ctx, const char *path,
                              lt_strbuf_t *text, lt_op_t **out) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "lite-run: error: cannot open model '%s': %s\n", path,
            strerror(errno));
    return LT_EXIT_FAILURE;
  }
  char chunk[1 << 16];
  size_t n;
  while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
    lt_strbuf_append(text, chunk, n);
  bool failed = ferror(f) != 0;
  fclose(f);
  if (failed) {
    fprintf(stderr, "lite-run: error: cannot read model '%s'\n", path);
    return LT_EXIT_FAILURE;
  }
  lt_source_add(ctx, path, text->data ? text->data : "", text->len);
  *out =
      lt_parse_source(ctx, path, text->data ? text->data : "", text->len, NULL);
  return *out ? LT_EXIT_OK : LT_EXIT_FAILURE;
}

static lt_cl_exit_t load_onnx(lt_context_t *ctx, const lt_run_options_t *o,
                              const char *path, lt_op_t **out) {
#ifdef LITE_RUN_HAVE_ONNX
  lt_onnx_import_options_t opts;
  lt_onnx_import_options_init(&opts);
  opts.dim_params = o->dim_params;
  /* --input-shape also fixes the imported input types, so that passes see
   * static shapes even where the model's dims are unnamed. */
  lt_onnx_input_shape_t shapes[64];
  uint32_t n = o->num_shapes < 64 ? o->num_shapes : 64;
  for (uint32_t i = 0; i < n; i++)
    shapes[i] =
        (lt_onnx_input_shape_t){o->shapes[i].name, o->shapes[i].name_len,
                                o->shapes[i].rank, o->shapes[i].dims};
  opts.input_shapes = shapes;
  opts.num_input_shapes = n;
  lt_status_t st = lt_onnx_import_file(ctx, path, &opts, out);
  if (!st) return LT_EXIT_OK;
  bool unsupported = lt_status_code(st) == LT_STATUS_UNIMPLEMENTED;
  fprintf(stderr, "lite-run: error: %s%s\n",
          unsupported ? "unsupported model: " : "", lt_status_message(st));
  lt_status_free(st);
  *out = NULL;
  return unsupported ? LT_EXIT_UNSUPPORTED : LT_EXIT_FAILURE;
#else
  LT_UNUSED(ctx);
  LT_UNUSED(out);
  fprintf(stderr, "lite-run: error: '%s': this build has no ONNX importer\n",
          path);
  return LT_EXIT_UNSUPPORTED;
#endif
}

lt_cl_exit_t lt_run_load_model(lt_context_t *ctx, const lt_run_options_t *o,
                               const char *path, lt_strbuf_t *text,
                               lt_op_t **out) {
  *out = NULL;
  lt_cl_exit_t rc;
  if (has_suffix(path, ".onnx")) {
    rc = load_onnx(ctx, o, path, out);
  } else if (has_suffix(path, ".mlir")) {
    /* Not for --compare-to's model: its dims are fixed already. */
    if (o->dim_params && path == o->model)
      fprintf(stderr,
              "lite-run: note: '%s': --dim-params applies to ONNX models "
              "only\n",
              path);
    rc = load_mlir(ctx, path, text, out);
  } else {
    fprintf(stderr,
            "lite-run: error: '%s': unknown model format (expected .onnx, "
            ".mlir or .lite)\n",
            path);
    return LT_EXIT_USAGE;
  }
  if (rc == LT_EXIT_OK && LT_FAILED(lt_op_verify(*out))) rc = LT_EXIT_FAILURE;
  return rc;
}

static lt_cl_exit_t run_reference(const lt_run_options_t *o, lt_op_t *func,
                                  const lk_tensor_t *expected,
                                  lt_allocator_t allocator) {
  lt_lite_named_tensor_t *inputs;
  uint32_t num_inputs;
  lt_cl_exit_t rc =
      lt_run_prepare_inputs(o, func, allocator, &inputs, &num_inputs);
  if (rc != LT_EXIT_OK) return rc;
  lt_lite_outputs_t outs;
  if (LT_FAILED(
          lt_lite_interpret(func, allocator, num_inputs, inputs, &outs))) {
    fprintf(stderr, "lite-run: error: '%s': the reference run failed\n",
            o->model);
    lt_run_free_inputs(allocator, inputs, num_inputs);
    return LT_EXIT_FAILURE;
  }
  lt_run_free_inputs(allocator, inputs, num_inputs);
  rc = lt_run_finish_outputs(o, expected, &outs);
  lt_lite_outputs_free(&outs);
  return rc;
}

lt_cl_exit_t lt_run_finish_outputs(const lt_run_options_t *o,
                                   const lk_tensor_t *expected,
                                   const lt_lite_outputs_t *outs) {
  lt_cl_exit_t rc = LT_EXIT_OK;
  for (uint32_t i = 0; i < outs->count; i++)
    lt_run_print_summary(stdout, &outs->items[i], o->print_values);
  if (o->output_dir && lt_run_write_outputs(o->output_dir, outs) != LT_EXIT_OK)
    rc = LT_EXIT_FAILURE;
  if (lt_run_compare_outputs(o, expected, outs, stdout) != LT_EXIT_OK)
    rc = LT_EXIT_FAILURE;
  return rc;
}

static lt_cl_exit_t run(const lt_run_options_t *o) {
  lt_allocator_t allocator = lt_allocator_system();
  lt_context_t *ctx;
  lt_status_t st = lt_context_create(allocator, &ctx);
  if (st) {
    fprintf(stderr, "lite-run: error: %s\n", lt_status_message(st));
    lt_status_free(st);
    return LT_EXIT_FAILURE;
  }
  lt_register_core_dialects(ctx);
  lt_context_register_dialect(ctx, &lt_lite_dialect);
  lt_tool_diag_t who = {"lite-run", o->model};
  lt_diag_push_handler(ctx, lt_tool_print_diag, &who);
  lt_op_t *module = NULL;
  lt_strbuf_t text = {0};
  lt_model_t *artifact = NULL;
  lt_cl_exit_t rc;
  if (has_suffix(o->model, ".lite")) {
    rc = o->runtime ? lt_run_load_artifact(ctx, o->model, &text, &artifact,
                                           &module)
                    : LT_EXIT_USAGE;
    if (rc == LT_EXIT_USAGE)
      fprintf(stderr, "lite-run: error: '%s' is a compiled artifact: it runs "
                      "on the runtime only, not with --%s\n",
              o->model, o->reference ? "reference" : "compare");
  } else {
    rc = lt_run_load_model(ctx, o, o->model, &text, &module);
  }
  if (rc == LT_EXIT_OK) {
    lt_op_t *func = lt_lite_interp_entry(module, o->function);
    lk_tensor_t *expected = NULL;
    if (!func) {
      fprintf(stderr, "lite-run: error: '%s' has no function @%s\n", o->model,
              o->function);
      rc = LT_EXIT_FAILURE;
    } else {
      rc = lt_run_prepare_outputs(o, func, allocator, &expected);
    }
    if (rc == LT_EXIT_OK)
      rc = o->compare     ? lt_run_compare(o, module, expected, allocator)
           : o->reference ? run_reference(o, func, expected, allocator)
                          : lt_run_runtime(o, module, func, expected, allocator,
                                           artifact);
    lt_run_free_expected(o, allocator, expected);
  }
  if (module) lt_op_destroy(module);
  lt_model_release(artifact);
  if (text.data) lt_source_remove(ctx, o->model);
  lt_context_destroy(ctx);
  lt_strbuf_free(&text);
  return rc;
}

int main(int argc, char **argv) {
  /* Line-buffered, so that results and errors interleave in order when
   * both go to one file. */
  setvbuf(stdout, NULL, _IOLBF, 0);
  /* The passes --compare may run, and the compiler's (lite-autotune). */
  if (!lt_register_core_passes() || !lt_register_compiler_passes()) {
    fprintf(stderr, "lite-run: error: out of memory registering the passes\n");
    return LT_EXIT_FAILURE;
  }
  lt_run_options_t opts;
  if (!lt_run_parse_args(argc, argv, &opts)) {
    lt_run_options_free(&opts);
    return LT_EXIT_USAGE;
  }
  int rc = LT_EXIT_OK;
  if (opts.help)
    lt_run_print_help(stdout);
  else if (opts.version)
    lt_cl_print_version(stdout, "lite-run");
  else
    rc = run(&opts);
  lt_run_options_free(&opts);
  fflush(stdout);
  return rc;
}

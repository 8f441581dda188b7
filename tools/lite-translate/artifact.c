/* artifact.c - lite-translate's models: loading one (.onnx through the
 * importer, .mlir through the parser), the compile path (lt_compile_module)
 * and --emit-artifact, which writes the artifact file the runtime loads. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/compile.h"
#include "ir/diagnostics.h"
#include "ir/parser.h"
#include "passes/passes.h"
#include "tools/common/cl.h"
#include "tools/common/sniff.h"
#include "tools/common/model_diag.h"
#include "tools/lite-translate/lite_translate.h"

static bool has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The importer's options do nothing to MLIR; say so rather than drop them
 * in silence. */
static void note_onnx_only(const lt_tr_config_t *c, const char *name) {
  if (c->dim_params || c->no_fold)
    lt_cl_note(c->prog, "'%s': %s applies to ONNX models only", name,
               c->dim_params ? "--dim-params" : "--no-fold");
}

static int parse_mlir(const lt_tr_config_t *c, lt_context_t *ctx,
                      lt_tr_model_text_t *t, lt_op_t **out) {
  note_onnx_only(c, t->name);
  lt_source_add(ctx, t->name, t->buf, t->len);
  t->is_source = true;
  *out = lt_parse_source(ctx, t->name, t->buf, t->len, NULL);
  if (*out && LT_SUCCEEDED(lt_op_verify(*out))) return LT_EXIT_OK;
  if (*out) lt_op_destroy(*out);
  *out = NULL;
  return LT_EXIT_FAILURE;
}

/* An .onnx file goes to the importer as a file (mapped, not copied); any
 * other input is read, then an ONNX model or MLIR text by its name
 * (.mlir) or its first bytes. */
static int load_model(const lt_tr_config_t *c, lt_context_t *ctx,
                      lt_tr_model_text_t *t, lt_op_t **out) {
  bool from_stdin = strcmp(c->input, "-") == 0;
  if (!from_stdin && has_suffix(c->input, ".onnx"))
    return lt_tr_import_onnx(c, ctx, NULL, 0, out);
  FILE *f = from_stdin ? stdin : fopen(c->input, "rb");
  if (!f) {
    lt_cl_error(c->prog, "%s: cannot open: %s", t->name, strerror(errno));
    return LT_EXIT_FAILURE;
  }
  bool read = lt_tr_read_stream(f, &t->buf, &t->len);
  if (!from_stdin) fclose(f);
  if (!read) {
    lt_cl_error(c->prog, "%s: cannot read", t->name);
    return LT_EXIT_FAILURE;
  }
  lt_sniff_kind_t kind = has_suffix(t->name, ".mlir")
                             ? LT_SNIFF_TEXT
                             : lt_sniff(t->name, t->buf, t->len);
  if (kind == LT_SNIFF_ONNX)
    return lt_tr_import_onnx(c, ctx, t->buf, t->len, out);
  if (kind == LT_SNIFF_BINARY) {
    lt_cl_error(c->prog, "%s: binary data, neither an ONNX model nor MLIR text",
                t->name);
    return LT_EXIT_FAILURE;
  }
  return parse_mlir(c, ctx, t, out);
}

int lt_tr_load_model(const lt_tr_config_t *c, lt_context_t *ctx,
                     lt_tr_model_text_t *t, lt_op_t **out) {
  *out = NULL;
  lt_tool_diag_t who = {c->prog, t->name};
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, lt_tool_print_diag, &who);
  int rc = load_model(c, ctx, t, out);
  lt_diag_pop_handler(ctx, h);
  return rc;
}

void lt_tr_model_text_free(lt_context_t *ctx, lt_tr_model_text_t *t) {
  if (t->is_source) lt_source_remove(ctx, t->name);
  t->is_source = false;
  free(t->buf);
  t->buf = NULL;
}

int lt_tr_compile(const lt_tr_config_t *c, const lt_tr_model_text_t *t,
                  lt_op_t *module, const char *kernel_kinds,
                  uint8_t **out_data, size_t *out_size) {
  lt_context_t *ctx = lt_op_context(module);
  lt_tool_diag_t who = {c->prog, t->name};
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, lt_tool_print_diag, &who);
  /* Not the host's places and width: the artifact and the object of one
   * model must name the same kernels on any machine. */
  lt_compile_options_t options = {
      .places = c->places ? c->places : "host:f32:nchw",
      .kernel_kinds = kernel_kinds,
      .vector_width = c->vector_width ? c->vector_width : 8};
  *out_data = NULL;
  *out_size = 0;
  lt_result_t r = lt_compile_module(module, &options, out_data, out_size);
  lt_diag_pop_handler(ctx, h);
  if (LT_SUCCEEDED(r)) return LT_EXIT_OK;
  free(*out_data);
  *out_data = NULL;
  lt_cl_error(c->prog, "%s: compiling failed", t->name);
  return LT_EXIT_FAILURE;
}

/* Written only once the whole artifact is in memory: a failed compile
 * leaves no file behind. */
static int write_artifact(const lt_tr_config_t *c, const uint8_t *data,
                          size_t size) {
  FILE *f = fopen(c->output, "wb");
  if (!f) {
    lt_cl_error(c->prog, "cannot open output file '%s': %s", c->output,
                strerror(errno));
    return LT_EXIT_FAILURE;
  }
  bool ok = fwrite(data, 1, size, f) == size;
  ok = fclose(f) == 0 && ok;
  if (ok) return LT_EXIT_OK;
  lt_cl_error(c->prog, "cannot write output file '%s': %s", c->output,
              strerror(errno));
  return LT_EXIT_FAILURE;
}

static int compile_and_write(const lt_tr_config_t *c, const lt_tr_model_text_t *t,
                             lt_op_t *module, double *secs) {
  double t0 = lt_tr_now_seconds();
  uint8_t *data = NULL;
  size_t size = 0;
  int rc = lt_tr_compile(c, t, module, c->kernel_kinds, &data, &size);
  double t1 = lt_tr_now_seconds();
  secs[1] = t1 - t0;
  if (rc == LT_EXIT_OK) rc = write_artifact(c, data, size);
  free(data);
  secs[2] = lt_tr_now_seconds() - t1;
  return rc;
}

int lt_tr_emit_artifact(const lt_tr_config_t *c) {
  /* The compile pipeline names the library's passes. */
  if (!lt_register_core_passes()) {
    lt_cl_error(c->prog, "out of memory registering the passes");
    return LT_EXIT_FAILURE;
  }
  double t0 = lt_tr_now_seconds();
  lt_context_t *ctx = lt_tr_context_create(c);
  if (!ctx) return LT_EXIT_FAILURE;
  lt_tr_model_text_t text = {.name =
                           strcmp(c->input, "-") == 0 ? "<stdin>" : c->input};
  lt_op_t *module = NULL;
  int rc = lt_tr_load_model(c, ctx, &text, &module);
  double secs[3] = {lt_tr_now_seconds() - t0, 0, 0};
  if (rc == LT_EXIT_OK) {
    rc = compile_and_write(c, &text, module, secs);
    lt_op_destroy(module);
    const char *names[] = {"Import", "Compile", "Output"};
    if (c->timing) lt_tr_print_timing(names, secs, 3);
  }
  lt_tr_model_text_free(ctx, &text);
  lt_context_destroy(ctx);
  return rc;
}

/* lite-translate - translates models (mlir-translate's counterpart):
 * `--import-onnx model.onnx` prints the imported module, `--emit-artifact
 * -o out.lite model` compiles a model into an artifact (artifact.c). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dialects/dialects.h"
#include "dialects/lite/lite.h"
#include "frontends/onnx/onnx.h"
#include "ir/diagnostics.h"
#include "tools/common/cl.h"
#include "tools/lite-translate/lite_translate.h"

/* The importer's status message carries every diagnostic it emits (with
 * the node name), so they are not printed twice. */
static bool swallow(void *user, const lt_diag_t *d) { return true; }

bool lt_tr_read_stream(FILE *f, char **out, size_t *out_len) {
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t n = fread(buf + len, 1, cap - len - 1, f);
    len += n;
    if (len < cap - 1) break;
    char *grown = realloc(buf, cap * 2);
    if (!grown) free(buf);
    buf = grown;
    cap *= 2;
  }
  if (!buf || ferror(f)) {
    free(buf);
    return false;
  }
  buf[len] = '\0';
  *out = buf;
  *out_len = len;
  return true;
}

static int print_module(const lt_tr_config_t *c, lt_op_t *module) {
  bool to_file = c->output && strcmp(c->output, "-") != 0;
  FILE *f = to_file ? fopen(c->output, "wb") : stdout;
  if (!f) {
    lt_cl_error(c->prog, "cannot open output file '%s': %s", c->output,
                strerror(errno));
    return LT_EXIT_FAILURE;
  }
  lt_strbuf_t out = {.sink = f};
  /* A print that ran out of memory has reported it as a diagnostic. */
  bool printed = LT_SUCCEEDED(lt_op_print(module, &c->print_flags, &out));
  lt_strbuf_putc(&out, '\n');
  bool ok = lt_strbuf_flush(&out) && fflush(f) == 0;
  if (to_file) ok = fclose(f) == 0 && ok;
  lt_strbuf_free(&out);
  if (!ok) {
    lt_cl_error(c->prog, "cannot write output file '%s': %s",
                to_file ? c->output : "-", strerror(errno));
    return LT_EXIT_FAILURE;
  }
  return printed ? LT_EXIT_OK : LT_EXIT_FAILURE;
}

double lt_tr_now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void lt_tr_print_timing(const char *const *names, const double *secs, int n) {
  double total = 0;
  for (int i = 0; i < n; i++)
    total += secs[i];
  const char *rule = "===---------------------------------------------------"
                     "----------------------===";
  fprintf(stderr, "%s\n%52s\n%s\n", rule, "... Execution time report ...",
          rule);
  fprintf(stderr, "  Total Execution Time: %.4f seconds\n\n", total);
  fprintf(stderr, "  ----Wall Time----  ----Name----\n");
  for (int i = 0; i <= n; i++) {
    double t = i < n ? secs[i] : total;
    fprintf(stderr, "    %.4f (%5.1f%%)  %s\n", t,
            total > 0 ? 100.0 * t / total : 100.0, i < n ? names[i] : "Total");
  }
}

lt_context_t *lt_tr_context_create(const lt_tr_config_t *c) {
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    lt_cl_error(c->prog, "%s", lt_status_message(st));
    lt_status_free(st);
    return NULL;
  }
  lt_register_core_dialects(ctx);
  lt_context_register_dialect(ctx, &lt_lite_dialect);
  return ctx;
}

int lt_tr_import_onnx(const lt_tr_config_t *c, lt_context_t *ctx,
                      const char *buf, size_t len, lt_op_t **out) {
  *out = NULL;
  bool from_stdin = strcmp(c->input, "-") == 0;
  lt_onnx_import_options_t opts;
  lt_onnx_import_options_init(&opts);
  opts.fold_constants = !c->no_fold;
  opts.dim_params = c->dim_params;
  char *read = NULL;
  if (!buf && from_stdin) {
    if (!lt_tr_read_stream(stdin, &read, &len)) {
      lt_cl_error(c->prog, "cannot read standard input");
      return LT_EXIT_FAILURE;
    }
    buf = read;
  }
  const char *name = from_stdin ? "<stdin>" : c->input;
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, swallow, NULL);
  lt_status_t st = buf ? lt_onnx_import_buffer(ctx, buf, len, name, &opts, out)
                       : lt_onnx_import_file(ctx, c->input, &opts, out);
  lt_diag_pop_handler(ctx, h);
  free(read);
  if (!st) return LT_EXIT_OK;
  lt_cl_error(c->prog, "%s", lt_status_message(st));
  int rc = lt_status_code(st) == LT_STATUS_UNIMPLEMENTED ? LT_EXIT_UNSUPPORTED
                                                         : LT_EXIT_FAILURE;
  lt_status_free(st);
  return rc;
}

static int import_onnx(const lt_tr_config_t *c) {
  double t0 = lt_tr_now_seconds();
  lt_context_t *ctx = lt_tr_context_create(c);
  if (!ctx) return LT_EXIT_FAILURE;
  lt_op_t *module;
  int rc = lt_tr_import_onnx(c, ctx, NULL, 0, &module);
  if (rc == LT_EXIT_OK) {
    double t1 = lt_tr_now_seconds();
    rc = print_module(c, module);
    lt_op_destroy(module);
    const char *names[] = {"Import", "Output"};
    double secs[] = {t1 - t0, lt_tr_now_seconds() - t1};
    if (c->timing) lt_tr_print_timing(names, secs, 2);
  }
  lt_context_destroy(ctx);
  return rc;
}

/* Usage errors of the translation flags: one translation, and flags that
 * only one of them reads. */
static bool check_translation(const lt_tr_config_t *c) {
  int given = c->import_onnx + c->emit_artifact + c->emit_llvm + c->emit_object;
  if (given > 1 && (c->emit_llvm || c->emit_object)) {
    lt_cl_error(c->prog, "give one translation: --import-onnx, "
                         "--emit-artifact, --emit-llvm or --emit-object");
    return false;
  }
  if (!c->emit_llvm && !c->emit_object && (c->target || c->mcpu || c->mattr || c->o0)) {
    lt_cl_error(c->prog, "--target, --mcpu, --mattr and --O0 need "
                         "--emit-llvm or --emit-object");
    return false;
  }
  if (c->emit_object && (!c->output || strcmp(c->output, "-") == 0)) {
    lt_cl_error(c->prog, "--emit-object writes a binary object: give its "
                         "file with -o FILE (not standard output)");
    return false;
  }
  if (c->emit_llvm || c->emit_object) return true;
  if (c->kernel_kinds && !c->emit_artifact) {
    lt_cl_error(c->prog, "--kernel-kinds needs --emit-artifact, --emit-llvm "
                         "or --emit-object: it sets the kernels a model's "
                         "ops pick from");
    return false;
  }
  if (c->vector_width && !c->emit_artifact) {
    lt_cl_error(c->prog, "--vector-width needs --emit-artifact, --emit-llvm "
                         "or --emit-object: it shapes a model's generated "
                         "kernels");
    return false;
  }
  if (c->import_onnx && c->emit_artifact) {
    lt_cl_error(c->prog, "--import-onnx and --emit-artifact are two "
                         "translations: give one (--emit-artifact imports "
                         "an ONNX model itself)");
    return false;
  }
  if (!c->import_onnx && !c->emit_artifact) {
    lt_cl_error(c->prog,
                "no translation given: use --import-onnx or --emit-artifact "
                "(see %s --help)",
                c->prog);
    return false;
  }
  if (c->places && !c->emit_artifact) {
    lt_cl_error(c->prog, "--lite-places needs --emit-artifact: it sets the "
                         "Places the artifact is compiled for (a model's "
                         "kernels for --emit-llvm and --emit-object)");
    return false;
  }
  if (c->emit_artifact && (!c->output || strcmp(c->output, "-") == 0)) {
    lt_cl_error(c->prog, "--emit-artifact writes a binary artifact: give its "
                         "file with -o FILE (not standard output)");
    return false;
  }
  return true;
}

int main(int argc, char **argv) {
  lt_tr_config_t config;
  if (!lt_tr_parse_args(argc, argv, &config)) return LT_EXIT_USAGE;
  if (config.help) {
    lt_tr_print_help(&config, stdout);
    return LT_EXIT_OK;
  }
  if (config.version) {
    lt_cl_print_version(stdout, config.prog);
    return LT_EXIT_OK;
  }
  if (!check_translation(&config)) return LT_EXIT_USAGE;
#ifdef LITE_WITH_LLVM
  if (config.emit_llvm || config.emit_object)
    return lt_tr_emit_codegen(&config);
#endif
  return config.emit_artifact ? lt_tr_emit_artifact(&config)
                              : import_onnx(&config);
}

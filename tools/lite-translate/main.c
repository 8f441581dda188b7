/* lite-translate - translates models into lite IR (mlir-translate's
 * counterpart): `--import-onnx model.onnx` prints the imported module. */
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

/* stdin is read whole (a model from a pipe cannot be mapped). */
static bool read_stdin(char **out, size_t *out_len) {
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t n = fread(buf + len, 1, cap - len, stdin);
    len += n;
    if (len < cap) break;
    char *grown = realloc(buf, cap * 2);
    if (!grown) free(buf);
    buf = grown;
    cap *= 2;
  }
  if (!buf || ferror(stdin)) {
    free(buf);
    return false;
  }
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

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* --mlir-timing: the report in the layout of lite-opt's (MLIR's). */
static void print_timing(double import_s, double output_s) {
  double total = import_s + output_s;
  const char *rule = "===---------------------------------------------------"
                     "----------------------===";
  fprintf(stderr, "%s\n%52s\n%s\n", rule, "... Execution time report ...",
          rule);
  fprintf(stderr, "  Total Execution Time: %.4f seconds\n\n", total);
  fprintf(stderr, "  ----Wall Time----  ----Name----\n");
  const char *names[3] = {"Import", "Output", "Total"};
  double secs[3] = {import_s, output_s, total};
  for (int i = 0; i < 3; i++)
    fprintf(stderr, "    %.4f (%5.1f%%)  %s\n", secs[i],
            total > 0 ? 100.0 * secs[i] / total : 100.0, names[i]);
}

static int import_onnx(const lt_tr_config_t *c) {
  double t0 = now_seconds();
  bool from_stdin = strcmp(c->input, "-") == 0;
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    lt_cl_error(c->prog, "%s", lt_status_message(st));
    lt_status_free(st);
    return LT_EXIT_FAILURE;
  }
  lt_register_core_dialects(ctx);
  lt_context_register_dialect(ctx, &lt_lite_dialect);
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, swallow, NULL);

  lt_onnx_import_options_t opts;
  lt_onnx_import_options_init(&opts);
  opts.fold_constants = !c->no_fold;
  opts.dim_params = c->dim_params;
  lt_op_t *module = NULL;
  if (from_stdin) {
    char *buf;
    size_t len;
    if (!read_stdin(&buf, &len)) {
      lt_cl_error(c->prog, "cannot read standard input");
      lt_diag_pop_handler(ctx, h);
      lt_context_destroy(ctx);
      return LT_EXIT_FAILURE;
    }
    st = lt_onnx_import_buffer(ctx, buf, len, "<stdin>", &opts, &module);
    free(buf);
  } else {
    st = lt_onnx_import_file(ctx, c->input, &opts, &module);
  }
  lt_diag_pop_handler(ctx, h);
  int rc;
  if (st) {
    lt_cl_error(c->prog, "%s", lt_status_message(st));
    rc = lt_status_code(st) == LT_STATUS_UNIMPLEMENTED ? LT_EXIT_UNSUPPORTED
                                                       : LT_EXIT_FAILURE;
    lt_status_free(st);
  } else {
    double t1 = now_seconds();
    rc = print_module(c, module);
    lt_op_destroy(module);
    if (c->timing) print_timing(t1 - t0, now_seconds() - t1);
  }
  lt_context_destroy(ctx);
  return rc;
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
  if (!config.import_onnx) {
    lt_cl_error(config.prog,
                "no translation given: use --import-onnx (see %s --help)",
                config.prog);
    return LT_EXIT_USAGE;
  }
  return import_onnx(&config);
}

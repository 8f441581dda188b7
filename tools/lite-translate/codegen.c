/* codegen.c - lite-translate --emit-llvm / --emit-object: loop-level
 * kernels (.mlir: func, arith, math, scf, memref, vector) through
 * codegen/llvm into LLVM IR or an object file with the kernel table
 * lite_generated_kernels, for the host or --target (AOT). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/llvm/aot.h"
#include "ir/diagnostics.h"
#include "ir/parser.h"
#include "tools/common/cl.h"
#include "tools/common/model_diag.h"
#include "tools/lite-translate/lite_translate.h"

static int write_text(const lt_tr_config_t *c, const lt_strbuf_t *text) {
  bool to_file = c->output && strcmp(c->output, "-") != 0;
  FILE *f = to_file ? fopen(c->output, "wb") : stdout;
  if (!f) {
    lt_cl_error(c->prog, "cannot open output file '%s': %s", c->output,
                strerror(errno));
    return LT_EXIT_FAILURE;
  }
  bool ok = fwrite(text->data ? text->data : "", 1, text->len, f) == text->len;
  ok = fflush(f) == 0 && ok;
  if (to_file) ok = fclose(f) == 0 && ok;
  if (ok) return LT_EXIT_OK;
  lt_cl_error(c->prog, "cannot write output file '%s': %s",
              to_file ? c->output : "-", strerror(errno));
  return LT_EXIT_FAILURE;
}

static int translate(const lt_tr_config_t *c, lt_op_t *module) {
  lt_llvm_aot_options_t o;
  lt_llvm_aot_options_init(&o);
  o.triple = c->target;
  o.cpu = c->mcpu;
  o.features = c->mattr;
  o.opt_level = c->o0 ? 0 : 3;
  lt_status_t st;
  int rc = LT_EXIT_OK;
  if (c->emit_object) {
    st = lt_llvm_aot_emit_object(module, &o, c->output);
  } else {
    lt_strbuf_t text = {0};
    st = lt_llvm_aot_emit_llvm(module, &o, &text);
    if (!st) rc = write_text(c, &text);
    lt_strbuf_free(&text);
  }
  if (st) {
    lt_cl_error(c->prog, "%s", lt_status_message(st));
    lt_status_free(st);
    return LT_EXIT_FAILURE;
  }
  return rc;
}

int lt_tr_emit_codegen(const lt_tr_config_t *c) {
  lt_context_t *ctx = lt_tr_context_create(c);
  if (!ctx) return LT_EXIT_FAILURE;
  bool from_stdin = strcmp(c->input, "-") == 0;
  const char *name = from_stdin ? "<stdin>" : c->input;
  FILE *f = from_stdin ? stdin : fopen(c->input, "rb");
  char *buf = NULL;
  size_t len = 0;
  int rc = LT_EXIT_FAILURE;
  if (!f) {
    lt_cl_error(c->prog, "%s: cannot open: %s", name, strerror(errno));
  } else if (!lt_tr_read_stream(f, &buf, &len)) {
    lt_cl_error(c->prog, "%s: cannot read", name);
  } else {
    lt_tool_diag_t who = {c->prog, name};
    lt_diag_handler_id_t h = lt_diag_push_handler(ctx, lt_tool_print_diag, &who);
    lt_source_add(ctx, name, buf, len);
    lt_op_t *module = lt_parse_source(ctx, name, buf, len, NULL);
    if (module && LT_SUCCEEDED(lt_op_verify(module))) rc = translate(c, module);
    if (module) lt_op_destroy(module);
    lt_source_remove(ctx, name);
    lt_diag_pop_handler(ctx, h);
  }
  if (f && !from_stdin) fclose(f);
  free(buf);
  lt_context_destroy(ctx);
  return rc;
}

/* codegen.c - lite-translate --emit-llvm / --emit-object: kernels through
 * codegen/llvm into LLVM IR or an object file with the kernel table
 * lite_generated_kernels, for the host or --target (AOT). The kernels are a
 * model's generated ones (its @lite_kernels after the compile path with
 * --kernel-kinds, jit,ref by default: the ones its artifact dispatches to)
 * or loop-level kernels given as they are (.mlir: func, arith, math, scf,
 * memref, vector). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/llvm/aot.h"
#include "compiler/jit.h"
#include "ir/builtin.h"
#include "ir/diagnostics.h"
#include "passes/passes.h"
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

/* Whether module holds an op of the lite dialect: a model to compile. */
static lt_walk_result_t find_lite_op(lt_op_t *op, void *user) {
  if (strncmp(lt_op_name(op), "lite.", 5) != 0) return LT_WALK_ADVANCE;
  *(bool *)user = true;
  return LT_WALK_INTERRUPT;
}

/* The module whose functions become LLVM code: a model's @lite_kernels
 * (compiled here when it has none yet), else the module itself. *out NULL
 * with LT_EXIT_OK: a model none of whose ops took a generated kernel. */
static int kernels_of(const lt_tr_config_t *c, const lt_tr_model_text_t *t,
                      lt_op_t *module, lt_op_t **out) {
  *out = lt_jit_kernels_module(module);
  if (*out) return LT_EXIT_OK;
  bool model = false;
  lt_op_walk(module, LT_WALK_PRE, find_lite_op, &model);
  if (!model) {
    *out = module;
    return LT_EXIT_OK;
  }
  /* The artifact is dropped: the same model and flags given to
   * --emit-artifact write it, dispatching to the kernels written here. */
  uint8_t *data = NULL;
  size_t size = 0;
  int rc = lt_tr_compile(c, t, module,
                         c->kernel_kinds ? c->kernel_kinds : "jit,ref", &data,
                         &size);
  free(data);
  if (rc != LT_EXIT_OK) return rc;
  *out = lt_jit_kernels_module(module);
  if (!*out)
    lt_cl_note(c->prog, "%s: no op took a generated kernel: the kernel "
                        "table is empty", t->name);
  return LT_EXIT_OK;
}

int lt_tr_emit_codegen(const lt_tr_config_t *c) {
  /* A model's compile pipeline names the library's passes. */
  if (!lt_register_core_passes()) {
    lt_cl_error(c->prog, "out of memory registering the passes");
    return LT_EXIT_FAILURE;
  }
  lt_context_t *ctx = lt_tr_context_create(c);
  if (!ctx) return LT_EXIT_FAILURE;
  lt_tr_model_text_t text = {
      .name = strcmp(c->input, "-") == 0 ? "<stdin>" : c->input};
  lt_op_t *module = NULL, *kernels = NULL;
  int rc = lt_tr_load_model(c, ctx, &text, &module);
  if (rc == LT_EXIT_OK) rc = kernels_of(c, &text, module, &kernels);
  if (rc == LT_EXIT_OK) {
    lt_tool_diag_t who = {c->prog, text.name};
    lt_diag_handler_id_t h =
        lt_diag_push_handler(ctx, lt_tool_print_diag, &who);
    /* No generated kernel: an object with an empty table still links. */
    lt_op_t *empty = kernels ? NULL : lt_module_create(ctx, lt_loc_unknown(ctx));
    if (kernels || empty)
      rc = translate(c, kernels ? kernels : empty);
    else {
      lt_cl_error(c->prog, "out of memory");
      rc = LT_EXIT_FAILURE;
    }
    if (empty) lt_op_destroy(empty);
    lt_diag_pop_handler(ctx, h);
  }
  if (module) lt_op_destroy(module);
  lt_tr_model_text_free(ctx, &text);
  lt_context_destroy(ctx);
  return rc;
}

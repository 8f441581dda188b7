/* emit_artifact_pass.c - lite-emit-artifact{path=out.lite}: writes the
 * compiled module as an artifact (compiler/artifact_emit.h). It changes
 * nothing in the IR. */
#include <stddef.h>

#include "compiler/artifact_emit.h"
#include "compiler/autotune.h"
#include "compiler/compiler.h"
#include "ir/diagnostics.h"
#include "ir/pass.h"

typedef struct emit_options {
  char *path;
} emit_options_t;

static lt_result_t run_emit(lt_pass_t *pass, lt_op_t *module) {
  const emit_options_t *o = pass->options;
  lt_pass_set_changed(pass, false);
  if (!o->path || !o->path[0])
    return lt_op_emit_error(module, "lite-emit-artifact: no output: pass "
                                    "{path=FILE}");
  return lt_artifact_emit_file(module, o->path);
}

static const lt_pass_option_t emit_options[] = {
    {"path", LT_OPT_STRING, offsetof(emit_options_t, path), "",
     "The artifact file to write"},
};

const lt_pass_info_t lt_emit_artifact_pass = {
    .argument = "lite-emit-artifact",
    .name = "LiteEmitArtifact",
    .summary = "Write the compiled module (kernels picked, places inferred, "
               "memory planned) as a runtime artifact",
    .anchor = "builtin.module",
    .options_size = sizeof(emit_options_t),
    .options = emit_options,
    .num_options = LT_ARRAY_SIZE(emit_options),
    .run = run_emit,
};

bool lt_register_compiler_passes(void) {
  return lt_pass_register(&lt_emit_artifact_pass) &&
         lt_pass_register(&lt_autotune_pass);
}

/* lite-opt - the lite optimizer driver, mlir-opt's counterpart: parses IR,
 * runs passes given as flags or as a textual pipeline, prints the result. */
#include <stdio.h>

#include "compiler/compiler.h"
#include "kernels/registry.h"
#include "passes/passes.h"
#include "test/lib/test_passes.h"
#include "tools/common/cl.h"
#include "tools/lite-opt/lite_opt.h"

/* Options and listings that answer without reading any input: true when
 * one was given, with *out_rc its exit status. */
static bool handle_informational(const lt_opt_config_t *config, int *out_rc) {
  *out_rc = LT_EXIT_OK;
  if (config->help) {
    lt_opt_print_help(config, stdout);
    return true;
  }
  if (config->version) {
    lt_cl_print_version(stdout, config->prog);
    return true;
  }
  if (config->list_passes) {
    lt_opt_print_passes(stdout, config->show_test_passes);
    return true;
  }
  if (config->list_kernels) {
    lk_registry_t *kernels = lk_registry_create();
    if (!kernels) {
      lt_cl_error(config->prog, "out of memory");
      *out_rc = LT_EXIT_FAILURE;
      return true;
    }
    lt_opt_print_kernels(kernels, stdout, config->list_kernels_markdown);
    lk_registry_destroy(kernels);
    return true;
  }
  if (config->show_dialects) {
    if (!lt_opt_print_dialects(config->prog, stdout)) *out_rc = LT_EXIT_FAILURE;
    return true;
  }
  return false;
}

int main(int argc, char **argv) {
  /* Passes first: every registered pass is also a command-line flag. */
  if (!lt_register_core_passes() || !lt_register_compiler_passes() ||
      !lt_register_test_passes()) {
    lt_cl_error("lite-opt", "out of memory registering the passes");
    return LT_EXIT_FAILURE;
  }
  lt_opt_config_t config;
  if (!lt_opt_parse_args(argc, argv, &config)) {
    lt_opt_config_free(&config);
    return LT_EXIT_USAGE;
  }
  int rc;
  if (!handle_informational(&config, &rc)) rc = lt_opt_run(&config);
  lt_opt_config_free(&config);
  return rc;
}

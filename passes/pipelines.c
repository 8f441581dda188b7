/* pipelines.c - named pass pipelines. */
#include "ir/pass_manager.h"
#include "passes/pass_list.h"

void lt_register_core_pipelines(void) {
  /* Run on a module, this is builtin.module(symbol-dce,func.func(
   * canonicalize,cse)): drop unused private symbols first, then clean up
   * every function. */
  lt_pass_pipeline_register(
      "lite-default",
      "The default cleanup pipeline: symbol-dce, then canonicalize and cse "
      "on every function",
      "symbol-dce,func.func(canonicalize,cse)");
}

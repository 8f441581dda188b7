/* make_runtime_seeds - the runtime fuzzer's seed corpus: each ONNX model
 * named on the command line compiled (the full C API) into OUTDIR/N.lite.
 * Models the compiler refuses are skipped; it fails only when none
 * compiles. */
#include <stdio.h>

#include "include/lite/lite_compiler.h"

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: make_runtime_seeds OUTDIR MODEL.onnx...\n");
    return 2;
  }
  int made = 0;
  for (int i = 2; i < argc; i++) {
    char out[4096];
    snprintf(out, sizeof out, "%s/%d.lite", argv[1], i - 2);
    lite_status_t st = lite_compile_file_to_artifact(argv[i], NULL, out);
    if (st)
      lite_status_free(st);
    else
      made++;
  }
  printf("make_runtime_seeds: %d of %d models compiled\n", made, argc - 2);
  return made ? 0 : 1;
}

/* lite_translate.h - lite-translate's command line: one flag table for
 * parsing (tools/common/cl.h) and --help, and the parsed config. */
#ifndef LITE_TOOLS_LITE_TRANSLATE_H
#define LITE_TOOLS_LITE_TRANSLATE_H

#include <stdio.h>

#include "ir/printer.h"

/* X(ID, name, kind, value name, help). Kinds are cl's: FLAG (an optional
 * =true/false), VALUE (=v or a separate argument). */
#define LT_TR_FLAGS(X)                                                         \
  X(IMPORT_ONNX, "import-onnx", FLAG, "",                                      \
    "Translate an ONNX model (protobuf) into lite IR")                         \
  X(OUTPUT, "o", VALUE, "<filename>", "Output filename")                       \
  X(DIM_PARAMS, "dim-params", VALUE, "<name=value,...>",                       \
    "Give symbolic input dimensions a size (e.g. N=1,seq=128)")                \
  X(NO_FOLD, "no-fold", FLAG, "",                                              \
    "Do not fold constant subgraphs (Shape, Gather, ...) at import")           \
  X(PRINT_GENERIC, "mlir-print-op-generic", FLAG, "",                          \
    "Print the generic op form")                                               \
  X(PRINT_DEBUGINFO, "mlir-print-debuginfo", FLAG, "",                         \
    "Print debug info (locations: the ONNX node names) in MLIR output")        \
  X(PRINT_LOCAL_SCOPE, "mlir-print-local-scope", FLAG, "",                     \
    "Print with local scope and inline information (eliding aliases for "      \
    "attributes, types, and locations")                                        \
  X(ELIDE_ELEMENTS, "mlir-elide-elementsattrs-if-larger", VALUE, "<uint>",     \
    "Elide ElementsAttrs with \"...\" that have more elements than the given " \
    "upper limit")                                                             \
  X(HEX_ELEMENTS, "mlir-print-elementsattrs-with-hex-if-larger", VALUE,        \
    "<long>",                                                                  \
    "Print DenseElementsAttrs with a hex string that have more elements than " \
    "the given upper limit (use -1 to disable)")                               \
  X(ELIDE_RESOURCES, "mlir-elide-resource-strings-if-larger", VALUE, "<uint>", \
    "Leave out resource blobs whose quoted hex is longer than the given "      \
    "number of characters (output for reading, not for reparsing)")            \
  X(TIMING, "mlir-timing", FLAG, "",                                           \
    "Display execution times (import and output)")                             \
  X(HELP, "help", FLAG, "", "Display available options")                       \
  X(VERSION, "version", FLAG, "", "Display the version of this program")

typedef enum lt_tr_opt_id {
#define X(id, name, kind, value, help) LT_TR_##id,
  LT_TR_FLAGS(X)
#undef X
      LT_TR_COUNT
} lt_tr_opt_id_t;

typedef struct lt_tr_config {
  const char *prog;
  const char *input;  /* "-" = stdin */
  const char *output; /* NULL = stdout */
  bool import_onnx, no_fold, timing, help, version;
  const char *dim_params;
  lt_print_flags_t print_flags;
} lt_tr_config_t;

/* Parses argv (LLVM cl conventions: `-x` or `--x`, `--x=v` or `--x v`).
 * Prints the error and returns false on a bad command line (the tool then
 * exits LT_EXIT_USAGE, tools/common/exit_codes.def). */
bool lt_tr_parse_args(int argc, char **argv, lt_tr_config_t *out_config);
/* --help: the flags, then the exit codes. */
void lt_tr_print_help(const lt_tr_config_t *config, FILE *out);

#endif /* LITE_TOOLS_LITE_TRANSLATE_H */

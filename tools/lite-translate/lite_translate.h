/* lite_translate.h - lite-translate's command line (one flag table for
 * parsing, tools/common/cl.h, and --help, and the parsed config), and the
 * translations: --import-onnx (main.c) and --emit-artifact (artifact.c). */
#ifndef LITE_TOOLS_LITE_TRANSLATE_H
#define LITE_TOOLS_LITE_TRANSLATE_H

#include <stdint.h>
#include <stdio.h>

#include "ir/operation.h"
#include "ir/printer.h"

/* The LLVM code generator's flags (codegen.c), with LITE_WITH_LLVM only. */
#ifdef LITE_WITH_LLVM
#define LT_TR_CODEGEN_FLAGS(X)                                                 \
  X(EMIT_LLVM, "emit-llvm", FLAG, "",                                          \
    "Translate kernels into LLVM IR (optimized; unoptimized with --O0): "     \
    "a model's generated kernels (.onnx, or .mlir of the lite dialect, "      \
    "compiled with --kernel-kinds), or loop-level kernels (.mlir)")            \
  X(EMIT_OBJECT, "emit-object", FLAG, "",                                      \
    "Compile kernels (a model's generated ones, or loop-level .mlir) into "   \
    "an object file (-o) with the kernel table lite_generated_kernels")        \
  X(TARGET, "target", VALUE, "<triple>",                                       \
    "Target triple of --emit-llvm/--emit-object (x86_64-linux-gnu, "          \
    "aarch64-linux-gnu; default: the host)")                                   \
  X(MCPU, "mcpu", VALUE, "<cpu>",                                              \
    "Target CPU (default: the host's, or generic for another triple)")        \
  X(MATTR, "mattr", VALUE, "<a1,+a2,-a3,...>",                                 \
    "Target features (default: the host CPU's, +neon for aarch64)")           \
  X(O0, "O0", FLAG, "", "Do not optimize the LLVM IR")
#else
#define LT_TR_CODEGEN_FLAGS(X)
#endif

/* X(ID, name, kind, value name, help). Kinds are cl's: FLAG (an optional
 * =true/false), VALUE (=v or a separate argument). */
#define LT_TR_FLAGS(X)                                                         \
  X(IMPORT_ONNX, "import-onnx", FLAG, "",                                      \
    "Translate an ONNX model (protobuf) into lite IR")                         \
  X(EMIT_ARTIFACT, "emit-artifact", FLAG, "",                                  \
    "Compile a model (.onnx, with the importer's options, or .mlir) into "     \
    "a runtime artifact (.lite) written to -o")                                \
  X(OUTPUT, "o", VALUE, "<filename>",                                          \
    "Output filename (--emit-artifact: required, not stdout)")                 \
  X(DIM_PARAMS, "dim-params", VALUE, "<name=value,...>",                       \
    "Give symbolic input dimensions a size (e.g. N=1,seq=128)")                \
  X(NO_FOLD, "no-fold", FLAG, "",                                              \
    "Do not fold constant subgraphs (Shape, Gather, ...) at import")           \
  X(PLACES, "lite-places", VALUE, "<place,...>",                               \
    "The Places --emit-artifact compiles for (--emit-llvm/--emit-object: a "  \
    "model's kernels), most preferred first (target:precision:layout,...; "   \
    "default host:f32:nchw)")                                                  \
  X(KERNEL_KINDS, "kernel-kinds", VALUE, "<kind,...>",                         \
    "Kernel kinds a model's ops pick from, preferred first (jit: generated; "  \
    "default: every kind for --emit-artifact, jit,ref for --emit-llvm and "    \
    "--emit-object)")                                                          \
  X(VECTOR_WIDTH, "vector-width", VALUE, "<n>",                                \
    "f32 lanes of the generated kernels' vectors (default 8; 16 for "         \
    "AVX-512); give the same to --emit-artifact and --emit-object")           \
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
  LT_TR_CODEGEN_FLAGS(X)                                                       \
  X(TIMING, "mlir-timing", FLAG, "",                                           \
    "Display execution times (import, compile and output)")                    \
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
  bool import_onnx, emit_artifact, no_fold, timing, help, version;
  const char *dim_params;
  const char *places; /* NULL unless --lite-places */
  const char *kernel_kinds; /* NULL unless --kernel-kinds */
  int vector_width;         /* 0 unless --vector-width (then 8) */
  /* --emit-llvm / --emit-object (LITE_WITH_LLVM) */
  bool emit_llvm, emit_object, o0;
  const char *target, *mcpu, *mattr;
  lt_print_flags_t print_flags;
} lt_tr_config_t;

/* Parses argv (LLVM cl conventions: `-x` or `--x`, `--x=v` or `--x v`).
 * Prints the error and returns false on a bad command line (the tool then
 * exits LT_EXIT_USAGE, tools/common/exit_codes.def). */
bool lt_tr_parse_args(int argc, char **argv, lt_tr_config_t *out_config);
/* --help: the flags, then the exit codes. */
void lt_tr_print_help(const lt_tr_config_t *config, FILE *out);

/* ---- what the translations share (main.c) ------------------------------ */
/* A context with the dialects models use; NULL after printing why. */
lt_context_t *lt_tr_context_create(const lt_tr_config_t *config);
/* Reads f whole into *out (malloc'ed, NUL-terminated) and *out_len. */
bool lt_tr_read_stream(FILE *f, char **out, size_t *out_len);
/* Imports config->input as ONNX with the importer's options (--dim-params,
 * --no-fold): from buf (len bytes) when it is set, else from the file or,
 * for "-", standard input. The importer's message names the file and the
 * node. Returns the exit code (LT_EXIT_UNSUPPORTED for what lite does not
 * support). */
int lt_tr_import_onnx(const lt_tr_config_t *config, lt_context_t *ctx,
                      const char *buf, size_t len, lt_op_t **out_module);
double lt_tr_now_seconds(void);
/* --mlir-timing: the report of n named phases, in the layout of
 * lite-opt's (MLIR's), on stderr. */
void lt_tr_print_timing(const char *const *names, const double *seconds, int n);

/* ---- models (artifact.c) ---------------------------------------------- */
/* The model's text (MLIR, or ONNX read from a pipe or under another
 * name), kept while diagnostics may quote it. */
typedef struct lt_tr_model_text {
  const char *name; /* as diagnostics name the model */
  char *buf;
  size_t len;
  bool is_source; /* buf is registered for source lines */
} lt_tr_model_text_t;

/* Imports (.onnx, or ONNX bytes by their first bytes) or parses and
 * verifies (.mlir, any text) config->input into *out_module. t->name must
 * be set; lt_tr_model_text_free releases the rest. Returns the exit code. */
int lt_tr_load_model(const lt_tr_config_t *config, lt_context_t *ctx,
                     lt_tr_model_text_t *t, lt_op_t **out_module);
void lt_tr_model_text_free(lt_context_t *ctx, lt_tr_model_text_t *t);
/* Runs the compile path (lt_compile_module) on module at config->places
 * with kernel_kinds, printing its diagnostics; the artifact in *out_data
 * (free() it). Returns the exit code. */
int lt_tr_compile(const lt_tr_config_t *config, const lt_tr_model_text_t *t,
                  lt_op_t *module, const char *kernel_kinds,
                  uint8_t **out_data, size_t *out_size);

/* --emit-artifact: loads config->input, compiles it at config->places with
 * config->kernel_kinds and writes the artifact to config->output. Returns
 * the exit code. */
int lt_tr_emit_artifact(const lt_tr_config_t *config);

#ifdef LITE_WITH_LLVM
/* --emit-llvm / --emit-object: loads config->input and writes LLVM IR or an
 * object file of its kernels: a model (lite ops, no @lite_kernels yet) is
 * compiled with --kernel-kinds (default jit,ref) and its @lite_kernels
 * translated; a module that has @lite_kernels has that translated; any
 * other module (loop-level kernels) is translated whole. Returns the exit
 * code. */
int lt_tr_emit_codegen(const lt_tr_config_t *config);
#endif

#endif /* LITE_TOOLS_LITE_TRANSLATE_H */

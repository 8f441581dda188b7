/* lite_opt.h - the lite-opt driver: command-line options, input splitting,
 * --verify-diagnostics, and processing of one input buffer. */
#ifndef LITE_TOOLS_LITE_OPT_H
#define LITE_TOOLS_LITE_OPT_H

#include <stdio.h>

#include "ir/pass_manager.h"
#include "ir/printer.h"
#include "kernels/registry.h"

/* ---- command line -------------------------------------------------------
 * One table for parsing (tools/common/cl.h), --help and docs/lite-opt.md.
 * Kinds are cl's: FLAG (an optional =true/false), VALUE (=v or a separate
 * argument), LIST (VALUE that may repeat; here also comma-separated). */
#define LT_OPT_FAMILIES(X)                                                     \
  X(GENERAL, "General options")                                                \
  X(PIPELINE, "Pass pipeline options")                                         \
  X(PRINTING, "IR printing options")                                           \
  X(INSTRUMENT, "Pass instrumentation options")

#define LT_OPT_FLAGS(X)                                                        \
  X(OUTPUT, "o", VALUE, "<filename>", GENERAL, "Output filename")              \
  X(SPLIT_INPUT_FILE, "split-input-file", FLAG, "", GENERAL,                   \
    "Split the input file into pieces and process each chunk independently")   \
  X(VERIFY_DIAGNOSTICS, "verify-diagnostics", FLAG, "", GENERAL,               \
    "Check that emitted diagnostics match expected-* lines on the "            \
    "corresponding line")                                                      \
  X(ALLOW_UNREGISTERED, "allow-unregistered-dialect", FLAG, "", GENERAL,       \
    "Allow operation with no registered dialects")                             \
  X(NO_IMPLICIT_MODULE, "no-implicit-module", FLAG, "", GENERAL,               \
    "Disable implicit addition of a top-level module op during parsing")       \
  X(SHOW_DIALECTS, "show-dialects", FLAG, "", GENERAL,                         \
    "Print the list of registered dialects")                                   \
  X(LIST_PASSES, "list-passes", FLAG, "", GENERAL,                             \
    "Print the registered passes and pass pipelines with their options")       \
  X(SHOW_TEST_PASSES, "show-test-passes", FLAG, "", GENERAL,                   \
    "Also list the test-only passes (test-*) in --help and --list-passes")     \
  X(LIST_KERNELS, "list-kernels", FLAG, "", GENERAL,                           \
    "Print the builtin kernel registry")                                       \
  X(LIST_KERNELS_FORMAT, "list-kernels-format", VALUE, "<text|markdown>",      \
    GENERAL, "Format of --list-kernels (markdown: docs/kernels.md)")           \
  X(HELP, "help", FLAG, "", GENERAL, "Display available options")              \
  X(VERSION, "version", FLAG, "", GENERAL,                                     \
    "Display the version of this program")                                     \
  X(PASS_PIPELINE, "pass-pipeline", VALUE, "<string>", PIPELINE,               \
    "Textual description of the pass pipeline to run")                         \
  X(PLACES, "lite-places", VALUE, "<place,...>", PIPELINE,                     \
    "The Places --lite-compile compiles for, most preferred first "            \
    "(target:precision:layout,...; default host:f32:nchw)")                    \
  X(KERNEL_KINDS, "lite-kernel-kinds", VALUE, "<kind,...>", PIPELINE,          \
    "The kernel kinds --lite-compile picks from, preferred first (jit,ref "     \
    "generates kernels; default: every kind)")                                 \
  X(DUMP_PASS_PIPELINE, "dump-pass-pipeline", FLAG, "", PIPELINE,              \
    "Print the pipeline that will be run")                                     \
  X(VERIFY_EACH, "verify-each", FLAG, "", PIPELINE,                            \
    "Run the verifier after each transformation pass (default: true)")         \
  X(DISABLE_THREADING, "mlir-disable-threading", FLAG, "", PIPELINE,           \
    "Accepted for compatibility: passes always run sequentially")              \
  X(PRINT_GENERIC, "mlir-print-op-generic", FLAG, "", PRINTING,                \
    "Print the generic op form")                                               \
  X(PRINT_DEBUGINFO, "mlir-print-debuginfo", FLAG, "", PRINTING,               \
    "Print debug info in MLIR output")                                         \
  X(PRINT_LOCAL_SCOPE, "mlir-print-local-scope", FLAG, "", PRINTING,           \
    "Print with local scope and inline information (eliding aliases for "      \
    "attributes, types, and locations")                                        \
  X(ELIDE_ELEMENTS, "mlir-elide-elementsattrs-if-larger", VALUE, "<uint>",     \
    PRINTING,                                                                  \
    "Elide ElementsAttrs with \"...\" that have more elements than the given " \
    "upper limit")                                                             \
  X(HEX_ELEMENTS, "mlir-print-elementsattrs-with-hex-if-larger", VALUE,        \
    "<long>", PRINTING,                                                        \
    "Print DenseElementsAttrs with a hex string that have more elements than " \
    "the given upper limit (use -1 to disable)")                               \
  X(ELIDE_RESOURCES, "mlir-elide-resource-strings-if-larger", VALUE, "<uint>", \
    PRINTING,                                                                  \
    "Leave out resource blobs whose quoted hex is longer than the given "      \
    "number of characters (output for reading, not for reparsing)")            \
  X(PRINT_BEFORE, "mlir-print-ir-before", LIST, "<pass-arg>", INSTRUMENT,      \
    "Print IR before specified passes")                                        \
  X(PRINT_AFTER, "mlir-print-ir-after", LIST, "<pass-arg>", INSTRUMENT,        \
    "Print IR after specified passes")                                         \
  X(PRINT_BEFORE_ALL, "mlir-print-ir-before-all", FLAG, "", INSTRUMENT,        \
    "Print IR before each pass")                                               \
  X(PRINT_AFTER_ALL, "mlir-print-ir-after-all", FLAG, "", INSTRUMENT,          \
    "Print IR after each pass")                                                \
  X(PRINT_AFTER_CHANGE, "mlir-print-ir-after-change", FLAG, "", INSTRUMENT,    \
    "When printing the IR after a pass, only print if the IR changed")         \
  X(PRINT_AFTER_FAILURE, "mlir-print-ir-after-failure", FLAG, "", INSTRUMENT,  \
    "When printing the IR after a pass, only print if the pass failed")        \
  X(PRINT_MODULE_SCOPE, "mlir-print-ir-module-scope", FLAG, "", INSTRUMENT,    \
    "When printing IR for print-ir-[before|after]{-all} always print the "     \
    "top-level operation")                                                     \
  X(TIMING, "mlir-timing", FLAG, "", INSTRUMENT, "Display execution times")    \
  X(TIMING_DISPLAY, "mlir-timing-display", VALUE, "<tree|list>", INSTRUMENT,   \
    "Display method for timing data")                                          \
  X(PASS_STATISTICS, "mlir-pass-statistics", FLAG, "", INSTRUMENT,             \
    "Display the statistics of each pass")                                     \
  X(PASS_STATISTICS_DISPLAY, "mlir-pass-statistics-display", VALUE,            \
    "<pipeline|list>", INSTRUMENT, "Display method for pass statistics")

typedef enum lt_opt_id {
#define X(id, name, kind, value, family, help) LT_OPT_##id,
  LT_OPT_FLAGS(X)
#undef X
      LT_OPT_COUNT
} lt_opt_id_t;

/* A pass or pass pipeline given as its own flag (`--cse`,
 * `--canonicalize='max-iterations=2'`), in command-line order. */
typedef struct lt_opt_pass_flag {
  const char *name;
  const char *options; /* NULL when no `=` */
} lt_opt_pass_flag_t;

/* The parsed command line, typed. Strings point into argv. */
typedef struct lt_opt_config {
  const char *prog;
  const char *input;  /* "-" = stdin */
  const char *output; /* NULL = stdout */
  bool split_input_file, verify_diagnostics, allow_unregistered;
  bool no_implicit_module, show_dialects, list_passes, help, version;
  bool show_test_passes;
  bool list_kernels, list_kernels_markdown;
  const char *pass_pipeline; /* NULL unless --pass-pipeline */
  const char *places;        /* NULL unless --lite-places */
  const char *kernel_kinds;  /* NULL unless --lite-kernel-kinds */
  lt_opt_pass_flag_t *pass_flags;
  size_t num_pass_flags;
  bool dump_pass_pipeline, verify_each;
  lt_print_flags_t print_flags;
  const char **print_before, **print_after;
  size_t num_print_before, num_print_after;
  bool print_before_all, print_after_all, print_after_change;
  bool print_after_failure, print_module_scope;
  bool timing;
  lt_timing_display_t timing_display;
  bool pass_statistics;
  lt_pass_stats_display_t pass_statistics_display;
} lt_opt_config_t;

/* Parses argv (LLVM cl conventions: `-x` or `--x`, `--x=v` or `--x v`;
 * a registered pass or pipeline is a flag too). Prints the error and
 * returns false on a bad command line. */
bool lt_opt_parse_args(int argc, char **argv, lt_opt_config_t *out_config);
void lt_opt_config_free(lt_opt_config_t *config);
/* --help: the flag table by family with the registered passes, then the
 * exit codes. Test-only passes (test-*) only with --show-test-passes. */
void lt_opt_print_help(const lt_opt_config_t *config, FILE *out);
/* --list-passes: every pass and pipeline with summary and options (the
 * test-only ones when show_test is set). */
void lt_opt_print_passes(FILE *out, bool show_test);

/* --list-kernels: one line per kernel of r, or (markdown) the page
 * docs/kernels.md. */
void lt_opt_print_kernels(const lk_registry_t *r, FILE *out, bool markdown);

/* --show-dialects: the dialects lite-opt registers, sorted by name; false
 * after printing why when it could not. */
bool lt_opt_print_dialects(const char *prog, FILE *out);

/* ---- input splitting ----------------------------------------------------- */
/* One chunk of the input: text (not NUL-terminated) and the number of
 * lines before it in the file, so chunk line L is file line L + offset. */
typedef struct lt_opt_chunk {
  const char *text;
  size_t len;
  uint32_t line_offset;
} lt_opt_chunk_t;

/* Splits buf at lines starting with `// -----` (MLIR's marker; the rest of
 * the marker line belongs to the next chunk). Returns the number of chunks
 * written to *out_chunks (malloc'ed, caller frees); 0 on out-of-memory. */
size_t lt_opt_split_input(const char *buf, size_t len,
                          lt_opt_chunk_t **out_chunks);
/* The separator written between chunk outputs. */
#define LT_OPT_SPLIT_MARKER "// -----"

/* ---- --verify-diagnostics ----------------------------------------------- */
typedef struct lt_opt_verifier lt_opt_verifier_t;
/* Collects expected-* directives of a chunk and installs a diagnostic handler
 * on ctx that checks every diagnostic against them. Directive errors (bad
 * regex) are reported right away and make the verification fail. */
lt_opt_verifier_t *lt_opt_verifier_create(lt_context_t *ctx,
                                          const char *filename,
                                          const lt_opt_chunk_t *chunk);
/* Reports expectations that were not met; removes the handler; frees.
 * Returns LT_FAILURE when anything did not match. */
lt_result_t lt_opt_verifier_finish(lt_opt_verifier_t *v);

/* ---- processing ------------------------------------------------------------
 */
/* Checks the pipeline options (unknown passes, bad options, mixing
 * --pass-pipeline with pass flags, --lite-places without --lite-compile,
 * unknown --mlir-print-ir-* passes) before any input is read. Prints
 * diagnostics; false on error. */
bool lt_opt_check_pipeline(const lt_opt_config_t *config);

/* Resource data above this much, printed to a terminal, earns a note on
 * how to keep it out (-o, --mlir-elide-resource-strings-if-larger). */
#define LT_OPT_HINT_RESOURCE_BYTES ((uint64_t)1 << 20)

/* Runs the whole tool on the configured input; returns the exit code
 * (LT_EXIT_*: tools/common/exit_codes.def). */
int lt_opt_run(const lt_opt_config_t *config);

#endif /* LITE_TOOLS_LITE_OPT_H */

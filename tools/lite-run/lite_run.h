/* lite_run.h - lite-run: runs a model (.onnx or .mlir) on given or random
 * inputs and prints, writes or checks its outputs, or compares its outputs
 * before and after a pass pipeline. The table of contents of the tool:
 * options (options.c), inputs (inputs.c), outputs and comparison
 * (outputs.c), --compare (compare.c), model loading and the run (main.c). */
#ifndef LITE_TOOLS_LITE_RUN_LITE_RUN_H
#define LITE_TOOLS_LITE_RUN_LITE_RUN_H

#include <stdio.h>

#include "dialects/lite/interp.h"

/* Exit codes; scripts (the ONNX conformance runner) depend on them. */
typedef enum lt_run_exit {
  LT_RUN_OK = 0,
  LT_RUN_FAILURE = 1,     /* mismatch, runtime error, malformed input */
  LT_RUN_USAGE = 2,       /* bad command line */
  LT_RUN_UNSUPPORTED = 3, /* the importer does not support the model */
} lt_run_exit_t;

/* NAME=@FILE of --input and --expected-output. */
typedef struct lt_run_binding {
  const char *name; /* points into argv */
  size_t name_len;
  const char *path;
} lt_run_binding_t;

/* NAME=1x3x224x224 of --input-shape. */
typedef struct lt_run_shape {
  const char *name;
  size_t name_len;
  int32_t rank;
  int64_t dims[LK_MAX_RANK];
} lt_run_shape_t;

typedef struct lt_run_options {
  bool help;
  bool reference;
  bool compare;             /* --compare */
  const char *pass_pipeline; /* --pass-pipeline; NULL: lite-optimize */
  bool lite_optimize;        /* --lite-optimize (the default of --compare) */
  bool print_ir_after;       /* --print-ir-after: the optimized module */
  const char *ir_output;     /* -o FILE: the optimized module */
  const char *model;
  const char *function; /* --function, default "main" */
  lt_run_binding_t *inputs;
  uint32_t num_inputs;
  lt_run_binding_t *expected;
  uint32_t num_expected;
  lt_run_shape_t *shapes;
  uint32_t num_shapes;
  const char *output_dir; /* --output @DIR */
  const char *dim_params;
  uint64_t seed;
  double rtol, atol; /* negative until given: the mode's default */
  uint32_t print_values; /* values shown per output in the summary */
} lt_run_options_t;

/* Parses argv (LLVM cl conventions, tools/common/cl.h); on a usage error
 * prints it (naming the flag) on stderr and returns false. */
bool lt_run_parse_args(int argc, char **argv, lt_run_options_t *out);
void lt_run_options_free(lt_run_options_t *opts);
/* --help, its rows from the flag table. */
void lt_run_print_help(FILE *f);

/* Reads a tensor file: .npy, or a serialized ONNX TensorProto (.pb),
 * told apart by the .npy magic. The status names the file. */
lt_status_t lt_run_read_tensor(const char *path, lt_allocator_t allocator,
                               lk_tensor_t *out);

/* Builds the inputs of func: the --input files, and random tensors
 * (--seed) for the arguments not given. Prints errors naming the input on
 * stderr. *out_inputs has one entry per argument, in argument order. */
lt_run_exit_t lt_run_prepare_inputs(const lt_run_options_t *opts, lt_op_t *func,
                                    lt_allocator_t allocator,
                                    lt_lite_named_tensor_t **out_inputs,
                                    uint32_t *out_count);
void lt_run_free_inputs(lt_allocator_t allocator,
                        lt_lite_named_tensor_t *inputs, uint32_t count);

/* Prints one output's summary (dtype, shape, min/max/mean, first values). */
void lt_run_print_summary(FILE *f, const lt_lite_named_tensor_t *t,
                          uint32_t print_values);
/* Writes each output to DIR/<name>.npy. */
lt_run_exit_t lt_run_write_outputs(const char *dir,
                                   const lt_lite_outputs_t *outs);
/* Compares the outputs against the --expected-output files: one line of
 * metrics per output on f, an error on stderr for each mismatch. */
lt_run_exit_t lt_run_compare_outputs(const lt_run_options_t *opts,
                                     const lt_lite_outputs_t *outs,
                                     lt_allocator_t allocator, FILE *f);

/* Prints one output's metrics line ("output 'y': max-abs ... cosine ...:
 * ok" or MISMATCH) on f; on a mismatch also an error on stderr saying how
 * many values differ from `against` (a quoted path, or words) and where
 * the worst one is. */
lt_run_exit_t lt_run_report_diff(FILE *f, const char *name,
                                 const lk_tensor_t *got,
                                 const lk_tensor_t *exp, double rtol,
                                 double atol, const char *against);
/* "1x3x224x224", or "scalar". */
void lt_run_print_shape(FILE *f, const lk_tensor_t *t);

/* --compare: runs func's module on the reference interpreter, applies the
 * pipeline, runs again on the same inputs and compares the outputs.
 * module is the whole model (the pipeline runs on it); func its entry. */
lt_run_exit_t lt_run_compare(const lt_run_options_t *opts, lt_op_t *module,
                             lt_allocator_t allocator);

/* Comparison of two tensors of one dtype and shape: numpy.allclose's rule
 * |a - e| <= atol + rtol * |e| for floats (NaN equals NaN, equal infinities
 * match), exact equality for integers and bool. */
typedef struct lt_run_diff {
  double max_abs, max_rel, cosine;
  int64_t mismatches;
  int64_t worst; /* flat index of the worst mismatch, -1 when none */
} lt_run_diff_t;

void lt_run_diff(const lk_tensor_t *got, const lk_tensor_t *expected,
                 double rtol, double atol, lt_run_diff_t *out);

#endif /* LITE_TOOLS_LITE_RUN_LITE_RUN_H */

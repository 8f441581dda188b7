/* lite_run.h - lite-run: runs a model (.onnx or .mlir) on given or random
 * inputs and prints, writes or checks its outputs, or compares its outputs
 * before and after a pass pipeline. The table of contents of the tool:
 * options (options.c), inputs (inputs.c), outputs and comparison
 * (outputs.c), --compare (compare.c), model loading and the run (main.c). */
#ifndef LITE_TOOLS_LITE_RUN_LITE_RUN_H
#define LITE_TOOLS_LITE_RUN_LITE_RUN_H

#include <stdio.h>

#include "dialects/lite/interp.h"
#include "ir/diagnostics.h"
#include "runtime/model.h"
#include "tools/common/cl.h"

/* NAME=FILE (or NAME=@FILE) of --input and --expected-output. */
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

/* The tolerances of a comparison: a float value passes when |got -
 * expected| <= atol + atol_scale * max|expected| + rtol * |expected|,
 * max|expected| being the largest finite magnitude of that output. */
typedef struct lt_run_tolerance {
  double rtol, atol;
  double atol_scale; /* 0 when --atol is given: then atol is all */
} lt_run_tolerance_t;

typedef struct lt_run_options {
  bool help;
  bool version;
  bool reference;
  bool runtime; /* neither --reference nor --compare: compile and run */
  bool compare;              /* --compare */
  const char *compare_to;    /* --compare-to FILE: instead of a pipeline */
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
  const char *output_dir; /* --output DIR */
  const char *dim_params;
  uint64_t seed;
  lt_run_tolerance_t tol; /* the mode's defaults unless given */
  uint32_t print_values;  /* values shown per output in the summary */
  /* The runtime's (the default mode). */
  const char *places; /* --lite-places; NULL: host:f32:nchw */
  const char *kernel_kinds; /* --kernel-kinds, --jit; NULL: every kind */
  uint32_t num_threads, warmup_runs, num_runs;
  uint32_t spin_us; /* --spin-us */
  bool autotune; /* --autotune: lite-autotune after the kernel pick */
  bool profile, mem_report, check_reference;
  const char *trace; /* --trace FILE */
} lt_run_options_t;

/* Parses argv (LLVM cl conventions, tools/common/cl.h); on a usage error
 * prints it (naming the flag) on stderr and returns false. */
bool lt_run_parse_args(int argc, char **argv, lt_run_options_t *out);
void lt_run_options_free(lt_run_options_t *opts);
/* --help, its rows from the flag table, ending with the exit codes. */
void lt_run_print_help(FILE *f);

/* Loads the model at path (.onnx through the importer with opts' dim
 * params and input shapes, .mlir through the parser) and verifies it.
 * *text keeps an .mlir file's text registered for diagnostics' source
 * lines: free it (lt_source_remove, lt_strbuf_free) after the run. */
lt_cl_exit_t lt_run_load_model(lt_context_t *ctx, const lt_run_options_t *opts,
                               const char *path, lt_strbuf_t *text,
                               lt_op_t **out);

/* Reads a tensor file: .npy, or a serialized ONNX TensorProto (.pb),
 * told apart by the .npy magic. The status names the file. */
lt_status_t lt_run_read_tensor(const char *path, lt_allocator_t allocator,
                               lk_tensor_t *out);

/* Builds the inputs of func: the --input files, and random tensors
 * (--seed) for the arguments not given. Prints errors naming the input on
 * stderr. *out_inputs has one entry per argument, in argument order. */
lt_cl_exit_t lt_run_prepare_inputs(const lt_run_options_t *opts, lt_op_t *func,
                                   lt_allocator_t allocator,
                                   lt_lite_named_tensor_t **out_inputs,
                                   uint32_t *out_count);
void lt_run_free_inputs(lt_allocator_t allocator,
                        lt_lite_named_tensor_t *inputs, uint32_t count);

/* What is checked before a run, so that a typo does not wait for the end
 * of a long one: each --expected-output names an output of func and its
 * file reads (*out_expected[k] is opts->expected[k]'s tensor), and the
 * --output directory exists or is created. Prints every error found. */
lt_cl_exit_t lt_run_prepare_outputs(const lt_run_options_t *opts, lt_op_t *func,
                                    lt_allocator_t allocator,
                                    lk_tensor_t **out_expected);
void lt_run_free_expected(const lt_run_options_t *opts,
                          lt_allocator_t allocator, lk_tensor_t *expected);

/* Prints one output's summary (dtype, shape, min/max/mean, first values). */
void lt_run_print_summary(FILE *f, const lt_lite_named_tensor_t *t,
                          uint32_t print_values);
/* Writes each output to DIR/<name>.npy (DIR exists: see
 * lt_run_prepare_outputs). */
lt_cl_exit_t lt_run_write_outputs(const char *dir,
                                  const lt_lite_outputs_t *outs);
/* Compares the outputs against expected (from lt_run_prepare_outputs):
 * one line of metrics per output on f, an error on stderr for each
 * mismatch. */
lt_cl_exit_t lt_run_compare_outputs(const lt_run_options_t *opts,
                                    const lk_tensor_t *expected,
                                    const lt_lite_outputs_t *outs, FILE *f);

/* Prints one output's metrics line ("output 'y': max-abs ... cosine ...:
 * ok" or MISMATCH) on f; on a mismatch also an error on stderr saying how
 * many values differ from `against` (a quoted path, or words), under
 * which tolerance, and where the worst one is. */
lt_cl_exit_t lt_run_report_diff(FILE *f, const char *name,
                                const lk_tensor_t *got, const lk_tensor_t *exp,
                                const lt_run_tolerance_t *tol,
                                const char *against);
/* "1x3x224x224", or "scalar". */
void lt_run_print_shape(FILE *f, const lk_tensor_t *t);

/* --compare: runs module's entry on the reference interpreter, then
 * either applies the pipeline to module or loads --compare-to's model,
 * runs that on the same inputs and compares the outputs (and checks them
 * against expected, see lt_run_compare_outputs). */
lt_cl_exit_t lt_run_compare(const lt_run_options_t *opts, lt_op_t *module,
                            const lk_tensor_t *expected,
                            lt_allocator_t allocator);

/* The default mode: compiles module (unless artifact, a loaded .lite,
 * is given: then module is its signature from lt_run_load_artifact), loads
 * it into the runtime, runs it on the prepared inputs (the first run,
 * --warmup-runs, then --num-runs timed), prints the summary line, the
 * profile and memory report asked for, and the outputs as --reference
 * does. */
lt_cl_exit_t lt_run_runtime(const lt_run_options_t *opts, lt_op_t *module,
                            lt_op_t *func, const lk_tensor_t *expected,
                            lt_allocator_t allocator, lt_model_t *artifact);
/* Loads the artifact at path into *out_model and describes its inputs and
 * outputs as a function declaration @main in *out_module (its text kept in
 * *text, registered as path's source). */
lt_cl_exit_t lt_run_load_artifact(lt_context_t *ctx, const char *path,
                                  lt_strbuf_t *text, lt_model_t **out_model,
                                  lt_op_t **out_module);
/* Prints, writes and checks outputs as every mode does. */
lt_cl_exit_t lt_run_finish_outputs(const lt_run_options_t *opts,
                                   const lk_tensor_t *expected,
                                   const lt_lite_outputs_t *outs);

/* Comparison of two tensors of one dtype and shape, by the rule of
 * lt_run_tolerance_t for floats (NaN equals NaN, equal infinities match),
 * exact equality for integers and bool. */
typedef struct lt_run_diff {
  double max_abs;
  double max_rel; /* over nonzero expected values; NAN when there are none
                     and some value differs */
  double cosine;
  double max_expected; /* the largest finite |expected| */
  double atol;         /* the absolute tolerance applied: atol + scale */
  int64_t mismatches;
  int64_t worst; /* flat index of the worst mismatch, -1 when none */
} lt_run_diff_t;

void lt_run_diff(const lk_tensor_t *got, const lk_tensor_t *expected,
                 const lt_run_tolerance_t *tol, lt_run_diff_t *out);

#endif /* LITE_TOOLS_LITE_RUN_LITE_RUN_H */

/* options.c - lite-run's command line: the flag table, what each flag
 * sets, and --help from the table (tools/common/cl.h does the parsing).
 * Every value flag takes its value either as the next argument or after
 * '=' (`--seed 3`, `--seed=3`). A file or directory may be written with
 * a leading '@' (`x=@in.npy`, `@out/`), iree-run-module's spelling, or
 * without: lite-run's values are always paths. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"
#include "tools/common/cl.h"
#include "tools/lite-run/lite_run.h"

/* X(ID, name, kind, value name, group, help). Kinds are cl's. The value
 * flags are LISTs: --input, --input-shape and --expected-output collect
 * their values, the others keep the last one. Help text breaks its lines
 * where --help does. */
#define LT_RUN_FLAGS(X)                                                        \
  X(REFERENCE, "reference", SWITCH, "", MODES,                                 \
    "Run on the reference interpreter (each op\n"                              \
    "evaluated on the reference kernels) instead\n"                            \
    "of compiling and running on the runtime")                                 \
  X(COMPARE, "compare", SWITCH, "", MODES,                                     \
    "Run on the reference interpreter before and\n"                            \
    "after a pass pipeline (default: lite-optimize),\n"                        \
    "or beside --compare-to's model, on the same\n"                            \
    "inputs; compare the outputs")                                             \
  X(PASS_PIPELINE, "pass-pipeline", LIST, "TEXT", COMPARE,                     \
    "The pipeline --compare applies, as lite-opt's:\n"                         \
    "'builtin.module(func.func(cse))'")                                        \
  X(LITE_OPTIMIZE, "lite-optimize", SWITCH, "", COMPARE,                       \
    "Apply the lite-optimize pipeline (the default)")                          \
  X(COMPARE_TO, "compare-to", LIST, "FILE", COMPARE,                           \
    "Instead of a pipeline, compare with the model\n"                          \
    "in FILE (one already rewritten, e.g. by\n"                                \
    "lite-opt -o) on the same inputs")                                         \
  X(PRINT_IR_AFTER, "print-ir-after", SWITCH, "", COMPARE,                     \
    "Print the module after the pipeline on stdout")                           \
  X(IR_OUTPUT, "o", LIST, "FILE", COMPARE,                                     \
    "Write the module after the pipeline to FILE\n"                            \
    "(also when the pipeline fails)")                                          \
  X(PLACES, "lite-places", LIST, "P,...", RUNTIME,                             \
    "Places kernels may run at, preferred first\n"                             \
    "(default: the hand-written kernels' and the\n"                            \
    "host's: x86:f32:nchw16c,x86:f32:nchw,\n"                                  \
    "host:f32:nchw on x86_64 with AVX2 + FMA)")                                \
  X(KERNEL_KINDS, "kernel-kinds", LIST, "K,...", RUNTIME,                      \
    "Kernel kinds to pick from, preferred first\n"                             \
    "(default: every kind), e.g. jit,ref")                                     \
  X(JIT, "jit", SWITCH, "", RUNTIME,                                           \
    "Generate kernels where an op can take one\n"                              \
    "(--kernel-kinds=jit,x86,arm,ref): lowered to loops,\n"                    \
    "compiled by LLVM, cached on disk")                                        \
  X(AUTOTUNE, "autotune", SWITCH, "", RUNTIME,                                 \
    "With --jit: per op, the faster of the generated\n"                        \
    "and the reference kernel, measured on the\n"                              \
    "runtime (lite-autotune), the times cached on\n"                           \
    "disk beside the JIT's objects")                                           \
  X(NUM_THREADS, "num-threads", LIST, "N", RUNTIME,                            \
    "Threads the kernels may use (default 1)")                                 \
  X(SPIN_US, "spin-us", LIST, "N", RUNTIME,                                    \
    "With threads: microseconds an idle thread polls\n"                        \
    "for work before it sleeps (default 0)")                                   \
  X(WARMUP_RUNS, "warmup-runs", LIST, "N", RUNTIME,                            \
    "Untimed runs after the first (default 1)")                                \
  X(NUM_RUNS, "num-runs", LIST, "N", RUNTIME,                                  \
    "Timed runs for the summary line (default 1)")                             \
  X(PROFILE, "profile", SWITCH, "", RUNTIME,                                   \
    "Print per-instruction and per-op-type times")                             \
  X(TRACE, "trace", LIST, "FILE", RUNTIME,                                     \
    "Write the timed runs as Chrome-trace JSON\n"                              \
    "(chrome://tracing, Perfetto): one event per\n"                           \
    "instruction, named by its ONNX nodes")                                    \
  X(CHECK_REFERENCE, "check-reference", SWITCH, "", RUNTIME,                   \
    "Also run the interpreter on the compiled\n"                               \
    "module and check the runtime's outputs match\n"                           \
    "it (1e-5 relative, 1e-5 of the largest value)")                          \
  X(MEM_REPORT, "mem-report", SWITCH, "", RUNTIME,                             \
    "Print the bytes of weights, arenas and\n"                                 \
    "workspace")                                                               \
  X(INPUT, "input", LIST, "NAME=@FILE", OPTIONS,                               \
    "Input NAME from FILE (.npy or an ONNX\n"                                  \
    "TensorProto .pb; the @ is optional);\n"                                   \
    "repeatable. Inputs not given are random\n"                                \
    "(see --seed). An argument without a name\n"                               \
    "is argN.")                                                                \
  X(INPUT_SHAPE, "input-shape", LIST, "NAME=DxDx...", OPTIONS,                 \
    "Shape of input NAME where the model leaves\n"                             \
    "dims dynamic (needed for random inputs)")                                 \
  X(SEED, "seed", LIST, "N", OPTIONS,                                          \
    "Seed of the random inputs (default 0):\n"                                 \
    "floats uniform in [-1, 1), integers in\n"                                 \
    "[0, 10), bool 0 or 1")                                                    \
  X(DIM_PARAMS, "dim-params", LIST, "N=1,...", OPTIONS,                        \
    "Fix the ONNX model's symbolic dims")                                      \
  X(FUNCTION, "function", LIST, "NAME", OPTIONS,                               \
    "Function to run (default: main)")                                         \
  X(OUTPUT, "output", LIST, "@DIR", OPTIONS,                                   \
    "Write each output to DIR/<name>.npy (the @\n"                             \
    "is optional; DIR is made before the run)")                                \
  X(EXPECTED, "expected-output", LIST, "NAME=@FILE", OPTIONS,                  \
    "Compare output NAME with FILE (.npy or .pb;\n"                            \
    "the @ is optional); repeatable")                                          \
  X(RTOL, "rtol", LIST, "X", OPTIONS,                                          \
    "Relative tolerance (default 1e-3; 1e-5\n"                                 \
    "with --compare)")                                                         \
  X(ATOL, "atol", LIST, "X", OPTIONS,                                          \
    "Absolute tolerance: a value passes when\n"                                \
    "|got - expected| <= atol + rtol * |expected|\n"                           \
    "(integers: exactly). Default 1e-7 (1e-6 with\n"                           \
    "--compare) + rtol/10 * the output's largest\n"                            \
    "|expected|; a given X is all of it")                                      \
  X(PRINT_VALUES, "print-values", LIST, "N", OPTIONS,                          \
    "Values shown per output (default 8)")                                     \
  X(HELP, "help", SWITCH, "", OPTIONS, "Show this help")                       \
  X(HELP_SHORT, "h", SWITCH, "", OPTIONS, NULL)                                \
  X(VERSION, "version", SWITCH, "", OPTIONS, "Show the version")

typedef enum run_flag {
#define X(id, name, kind, value, group, help) FLAG_##id,
  LT_RUN_FLAGS(X)
#undef X
      FLAG_COUNT
} run_flag_t;

enum { GROUP_MODES, GROUP_COMPARE, GROUP_RUNTIME, GROUP_OPTIONS };

static const lt_cl_option_t kOptions[FLAG_COUNT] = {
#define X(id, name, kind, value, group, help)                                  \
  [FLAG_##id] = {name, LT_CL_##kind, value, GROUP_##group, help},
    LT_RUN_FLAGS(X)
#undef X
};

/* Flags padded to 30 columns, help after one space. */
static const lt_cl_style_t kHelpStyle = {30, 0, " ", " "};

void lt_run_print_help(FILE *f) {
  fputs("OVERVIEW: lite-run - run a model on given or random inputs\n"
        "\n"
        "USAGE: lite-run [runtime options] [options] MODEL\n"
        "       lite-run --reference [options] MODEL\n"
        "       lite-run --compare [--pass-pipeline=TEXT] [options] MODEL\n"
        "       lite-run --compare --compare-to=FILE [options] MODEL\n"
        "\n"
        "MODEL is an ONNX model (.onnx), lite IR (.mlir) or a compiled\n"
        "artifact (.lite). Without a mode, the model is compiled (the\n"
        "lite-compile path) and run on the runtime.\n"
        "\n"
        "MODES:\n",
        f);
  lt_cl_print_options(f, &kHelpStyle, kOptions, FLAG_COUNT, GROUP_MODES);
  fputs("\nCOMPARE OPTIONS:\n", f);
  lt_cl_print_options(f, &kHelpStyle, kOptions, FLAG_COUNT, GROUP_COMPARE);
  fputs("\nRUNTIME OPTIONS:\n", f);
  lt_cl_print_options(f, &kHelpStyle, kOptions, FLAG_COUNT, GROUP_RUNTIME);
  fputs("\nOPTIONS:\n", f);
  lt_cl_print_options(f, &kHelpStyle, kOptions, FLAG_COUNT, GROUP_OPTIONS);
  lt_cl_print_exit_codes(f);
}

static bool usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static bool usage(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("lite-run: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputs(" (see 'lite-run --help')\n", stderr);
  va_end(ap);
  return false;
}

static bool grow(void **items, uint32_t count, size_t size) {
  if (count & (count - 1)) return true; /* capacity is the next power of 2 */
  void *p = realloc(*items, (count ? count * 2 : 1) * size);
  if (!p) return false;
  *items = p;
  return true;
}

/* A path, less the optional '@'; NULL when nothing is left. */
static const char *path_value(const char *v) {
  if (v[0] == '@') v++;
  return v[0] ? v : NULL;
}

/* NAME=FILE or NAME=@FILE. */
static bool parse_binding(const char *flag, const char *v,
                          lt_run_binding_t **items, uint32_t *count) {
  const char *eq = strchr(v, '=');
  const char *path = eq ? path_value(eq + 1) : NULL;
  if (!eq || eq == v || !path)
    return usage("--%s expects NAME=FILE (or NAME=@FILE), got '%s'", flag, v);
  if (!grow((void **)items, *count, sizeof(**items)))
    return usage("--%s: out of memory", flag);
  (*items)[(*count)++] = (lt_run_binding_t){v, (size_t)(eq - v), path};
  return true;
}

/* NAME=1x3x224x224 (NAME= for a scalar). */
static bool parse_shape(const char *v, lt_run_shape_t **items,
                        uint32_t *count) {
  const char *eq = strchr(v, '=');
  if (!eq || eq == v)
    return usage("%s expects NAME=DxDx..., got '%s'", "--input-shape", v);
  lt_run_shape_t s = {v, (size_t)(eq - v), 0, {0}};
  const char *p = eq + 1;
  while (*p) {
    if (s.rank == LK_MAX_RANK)
      return usage("%s: more than 8 dims in '%s'", "--input-shape", v);
    char *end;
    errno = 0;
    long long d = strtoll(p, &end, 10);
    if (end == p || d < 0 || errno || (*end && *end != 'x'))
      return usage("%s: '%s' is not a shape like 1x3x224x224", "--input-shape",
                   v);
    s.dims[s.rank++] = d;
    p = *end ? end + 1 : end;
    if (*end && !*p) return usage("%s: '%s' ends with 'x'", "--input-shape", v);
  }
  if (!grow((void **)items, *count, sizeof(**items)))
    return usage("--input-shape: out of memory");
  (*items)[(*count)++] = s;
  return true;
}

static bool parse_double(const char *flag, const char *v, double *out) {
  char *end;
  errno = 0;
  double d = strtod(v, &end);
  if (end == v || *end || errno || !(d >= 0))
    return usage("--%s expects a non-negative number, got '%s'", flag, v);
  *out = d;
  return true;
}

static bool parse_u64(const char *flag, const char *v, uint64_t *out) {
  char *end;
  errno = 0;
  unsigned long long u = strtoull(v, &end, 10);
  if (end == v || *end || errno || v[0] == '-')
    return usage("--%s expects a non-negative integer, got '%s'", flag, v);
  *out = u;
  return true;
}

/* Stores one parsed option (cl's apply callback). */
static bool apply_flag(const lt_cl_t *cl, int id, const char *v, bool on) {
  lt_run_options_t *o = cl->user;
  if (id == LT_CL_POSITIONAL) {
    o->model = v;
    return true;
  }
  const char *name = kOptions[id].name;
  switch ((run_flag_t)id) {
  case FLAG_REFERENCE:
    o->reference = on;
    return true;
  case FLAG_COMPARE:
    o->compare = on;
    return true;
  case FLAG_COMPARE_TO:
    o->compare_to = path_value(v);
    if (!o->compare_to) return usage("--%s expects FILE, got '%s'", name, v);
    return true;
  case FLAG_PASS_PIPELINE:
    o->pass_pipeline = v;
    return true;
  case FLAG_LITE_OPTIMIZE:
    o->lite_optimize = on;
    return true;
  case FLAG_PRINT_IR_AFTER:
    o->print_ir_after = on;
    return true;
  case FLAG_IR_OUTPUT:
    o->ir_output = v;
    return true;
  case FLAG_HELP:
  case FLAG_HELP_SHORT:
    o->help = on;
    return true;
  case FLAG_VERSION:
    o->version = on;
    return true;
  case FLAG_INPUT:
    return parse_binding(name, v, &o->inputs, &o->num_inputs);
  case FLAG_EXPECTED:
    return parse_binding(name, v, &o->expected, &o->num_expected);
  case FLAG_INPUT_SHAPE:
    return parse_shape(v, &o->shapes, &o->num_shapes);
  case FLAG_SEED:
    return parse_u64(name, v, &o->seed);
  case FLAG_DIM_PARAMS:
    o->dim_params = v;
    return true;
  case FLAG_FUNCTION:
    o->function = v;
    return true;
  case FLAG_OUTPUT:
    o->output_dir = path_value(v);
    if (!o->output_dir)
      return usage("--%s expects DIR (or @DIR), got '%s'", name, v);
    return true;
  case FLAG_RTOL:
    return parse_double(name, v, &o->tol.rtol);
  case FLAG_ATOL:
    return parse_double(name, v, &o->tol.atol);
  case FLAG_PRINT_VALUES: {
    uint64_t n = 0;
    if (!parse_u64(name, v, &n)) return false;
    o->print_values = n > 1000000 ? 1000000 : (uint32_t)n;
    return true;
  }
  case FLAG_PLACES:
    o->places = v;
    return true;
  case FLAG_KERNEL_KINDS:
    o->kernel_kinds = v;
    return true;
  case FLAG_JIT:
    o->kernel_kinds = on ? "jit,x86,arm,ref" : NULL;
    return true;
  case FLAG_AUTOTUNE:
    o->autotune = on;
    return true;
  case FLAG_SPIN_US: {
    uint64_t n = 0;
    if (!parse_u64(name, v, &n)) return false;
    if (n > 1000000)
      return usage("--%s expects at most 1000000 (1 s), got '%s'", name, v);
    o->spin_us = (uint32_t)n;
    return true;
  }
  case FLAG_NUM_THREADS:
  case FLAG_WARMUP_RUNS:
  case FLAG_NUM_RUNS: {
    uint64_t n = 0;
    if (!parse_u64(name, v, &n)) return false;
    if (n > 1000000) return usage("--%s: %s is too many", name, v);
    if (id == FLAG_NUM_THREADS) {
      if (n == 0 || n > 1024)
        return usage("--%s expects 1 to 1024, got '%s'", name, v);
      o->num_threads = (uint32_t)n;
    } else if (id == FLAG_WARMUP_RUNS) {
      o->warmup_runs = (uint32_t)n;
    } else {
      if (n == 0) return usage("--%s expects at least 1, got '%s'", name, v);
      o->num_runs = (uint32_t)n;
    }
    return true;
  }
  case FLAG_PROFILE:
    o->profile = on;
    return true;
  case FLAG_TRACE:
    o->trace = path_value(v);
    if (!o->trace) return usage("--%s expects FILE, got '%s'", name, v);
    return true;
  case FLAG_MEM_REPORT:
    o->mem_report = on;
    return true;
  case FLAG_CHECK_REFERENCE:
    o->check_reference = on;
    return true;
  case FLAG_COUNT:
    break;
  }
  return false;
}

/* Parse errors in lite-run's words (cl's reporting hook). */
static void report(const lt_cl_t *cl, const lt_cl_error_t *e) {
  switch (e->kind) {
  case LT_CL_ERR_UNKNOWN:
  case LT_CL_ERR_UNEXPECTED_VALUE:
    usage("unknown option '%s'", e->arg);
    return;
  case LT_CL_ERR_TOO_MANY_INPUTS:
    usage("more than one model given: '%s' and '%s'", e->previous, e->arg);
    return;
  case LT_CL_ERR_MISSING_VALUE:
    usage("--%s expects a value", e->option->name);
    return;
  case LT_CL_ERR_REPEATED:
  case LT_CL_ERR_BAD_BOOL:
    break; /* no option of lite-run's table can raise these */
  }
  lt_cl_report(cl, e);
}

bool lt_run_parse_args(int argc, char **argv, lt_run_options_t *o) {
  memset(o, 0, sizeof(*o));
  o->function = "main";
  o->tol = (lt_run_tolerance_t){-1, -1, 0};
  o->print_values = 8;
  o->num_threads = 1;
  o->warmup_runs = 1;
  o->num_runs = 1;
  const lt_cl_t cl = {.prog = "lite-run",
                      .options = kOptions,
                      .num_options = FLAG_COUNT,
                      .max_positional = 1,
                      .apply = apply_flag,
                      .report = report,
                      .user = o};
  if (!lt_cl_parse(&cl, argc, argv)) return false;
  if (o->help || o->version) return true;
  if (!o->model) return usage("no model given");
  if (o->reference && o->compare)
    return usage("--reference and --compare are two modes: give one");
  o->runtime = !o->reference && !o->compare;
  if (!o->runtime) {
    const char *only = o->places             ? "--lite-places"
                       : o->kernel_kinds     ? "--kernel-kinds or --jit"
                       : o->autotune         ? "--autotune"
                       : o->profile          ? "--profile"
                       : o->trace            ? "--trace"
                       : o->mem_report       ? "--mem-report"
                       : o->check_reference  ? "--check-reference"
                       : o->num_threads != 1 ? "--num-threads"
                       : o->spin_us          ? "--spin-us"
                       : o->num_runs != 1    ? "--num-runs"
                                             : NULL;
    if (only)
      return usage("%s applies to the runtime, not to --%s", only,
                   o->reference ? "reference" : "compare");
  }
  if (!o->compare) {
    const char *only = o->pass_pipeline    ? "--pass-pipeline"
                       : o->lite_optimize  ? "--lite-optimize"
                       : o->print_ir_after ? "--print-ir-after"
                       : o->ir_output      ? "-o"
                       : o->compare_to     ? "--compare-to"
                                           : NULL;
    if (only) return usage("%s applies to --compare only", only);
  }
  /* Measuring chooses between generated and hand-written kernels. */
  if (o->autotune && !lt_kernel_kinds_name(o->kernel_kinds, "jit"))
    return usage("--autotune chooses between generated and reference "
                 "kernels: give --jit (or --kernel-kinds naming jit)");
  if (o->pass_pipeline && o->lite_optimize)
    return usage("--pass-pipeline and --lite-optimize both name the "
                 "pipeline: give one");
  if (o->compare_to) {
    /* The other model is already rewritten: no pipeline runs, so none
     * can be named and there is no module after it to print. */
    const char *pipeline_flag = o->pass_pipeline    ? "--pass-pipeline"
                                : o->lite_optimize  ? "--lite-optimize"
                                : o->print_ir_after ? "--print-ir-after"
                                : o->ir_output      ? "-o"
                                                    : NULL;
    if (pipeline_flag)
      return usage("--compare-to and %s contradict: --compare-to compares "
                   "with a model already rewritten, no pipeline runs",
                   pipeline_flag);
  }
  /* --compare checks a rewrite, which keeps every value up to rounding:
   * tighter than the tolerances against other frameworks. */
  if (o->tol.rtol < 0) o->tol.rtol = o->compare ? 1e-5 : 1e-3;
  /* A value near zero carries the rounding of terms as large as the
   * output's largest values: by default it may be off by a tenth of what
   * the largest value may (docs/lite-run.md). A given --atol is all. */
  if (o->tol.atol < 0) {
    o->tol.atol = o->compare ? 1e-6 : 1e-7;
    o->tol.atol_scale = o->tol.rtol / 10;
  }
  return true;
}

void lt_run_options_free(lt_run_options_t *o) {
  free(o->inputs);
  free(o->expected);
  free(o->shapes);
  memset(o, 0, sizeof(*o));
}

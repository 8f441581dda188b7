/* options.c - lite-run's command line. Every flag takes its value either
 * as the next argument or after '=' (`--seed 3`, `--seed=3`). */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tools/lite-run/lite_run.h"

void lt_run_print_help(FILE *f) {
  fputs(
      "OVERVIEW: lite-run - run a model on given or random inputs\n"
      "\n"
      "USAGE: lite-run --reference [options] MODEL\n"
      "\n"
      "MODEL is an ONNX model (.onnx) or lite IR (.mlir).\n"
      "\n"
      "MODES:\n"
      "  --reference                  Run on the reference interpreter (each "
      "op\n"
      "                               evaluated on the reference kernels)\n"
      "\n"
      "OPTIONS:\n"
      "  --input NAME=@FILE           Input NAME from FILE (.npy or an ONNX\n"
      "                               TensorProto .pb); repeatable. Inputs "
      "not\n"
      "                               given are random (see --seed). An\n"
      "                               argument without a name is argN.\n"
      "  --input-shape NAME=DxDx...   Shape of input NAME where the model "
      "leaves\n"
      "                               dims dynamic (needed for random inputs)\n"
      "  --seed N                     Seed of the random inputs (default 0):\n"
      "                               floats uniform in [-1, 1), integers in\n"
      "                               [0, 10), bool 0 or 1\n"
      "  --dim-params N=1,...         Fix the ONNX model's symbolic dims\n"
      "  --function NAME              Function to run (default: main)\n"
      "  --output @DIR                Write each output to DIR/<name>.npy\n"
      "  --expected-output NAME=@FILE Compare output NAME with FILE (.npy or\n"
      "                               .pb); repeatable\n"
      "  --rtol X                     Relative tolerance (default 1e-3)\n"
      "  --atol X                     Absolute tolerance (default 1e-7); a "
      "value\n"
      "                               passes when |got - expected| <= atol +\n"
      "                               rtol * |expected| (integers: exactly)\n"
      "  --print-values N             Values shown per output (default 8)\n"
      "  --help                       Show this help\n"
      "\n"
      "EXIT CODES: 0 ok, 1 failure (mismatch, runtime error, malformed "
      "input),\n"
      "2 usage error, 3 model not supported by the importer.\n",
      f);
}

static bool usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static bool usage(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("lite-run: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputs("\n(see lite-run --help)\n", stderr);
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

/* NAME=@FILE. */
static bool parse_binding(const char *flag, const char *v,
                          lt_run_binding_t **items, uint32_t *count) {
  const char *eq = strchr(v, '=');
  if (!eq || eq == v || eq[1] != '@' || eq[2] == '\0')
    return usage("%s expects NAME=@FILE, got '%s'", flag, v);
  if (!grow((void **)items, *count, sizeof(**items)))
    return usage("%s: out of memory", flag);
  (*items)[(*count)++] = (lt_run_binding_t){v, (size_t)(eq - v), eq + 2};
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
    return usage("%s expects a non-negative number, got '%s'", flag, v);
  *out = d;
  return true;
}

static bool parse_u64(const char *flag, const char *v, uint64_t *out) {
  char *end;
  errno = 0;
  unsigned long long u = strtoull(v, &end, 10);
  if (end == v || *end || errno || v[0] == '-')
    return usage("%s expects a non-negative integer, got '%s'", flag, v);
  *out = u;
  return true;
}

/* Flags that take a value. */
#define LT_RUN_VALUE_FLAGS(X)                                                  \
  X(INPUT, "--input")                                                          \
  X(INPUT_SHAPE, "--input-shape")                                              \
  X(SEED, "--seed")                                                            \
  X(DIM_PARAMS, "--dim-params")                                                \
  X(FUNCTION, "--function")                                                    \
  X(OUTPUT, "--output")                                                        \
  X(EXPECTED, "--expected-output")                                             \
  X(RTOL, "--rtol")                                                            \
  X(ATOL, "--atol")                                                            \
  X(PRINT_VALUES, "--print-values")

typedef enum value_flag {
#define X(e, s) FLAG_##e,
  LT_RUN_VALUE_FLAGS(X)
#undef X
      FLAG_NONE
} value_flag_t;

static const char *const k_value_flags[] = {
#define X(e, s) s,
    LT_RUN_VALUE_FLAGS(X)
#undef X
};

/* Which value flag `arg` is (`--flag` or `--flag=value`); *out_value is
 * the inline value or NULL. */
static value_flag_t match_value_flag(const char *arg, const char **out_value) {
  for (int i = 0; i < FLAG_NONE; i++) {
    size_t n = strlen(k_value_flags[i]);
    if (strncmp(arg, k_value_flags[i], n) != 0) continue;
    if (arg[n] == '\0') {
      *out_value = NULL;
      return (value_flag_t)i;
    }
    if (arg[n] == '=') {
      *out_value = arg + n + 1;
      return (value_flag_t)i;
    }
  }
  return FLAG_NONE;
}

static bool apply_value_flag(value_flag_t flag, const char *v,
                             lt_run_options_t *o) {
  const char *name = k_value_flags[flag];
  switch (flag) {
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
    o->output_dir = v[0] == '@' ? v + 1 : v;
    if (!o->output_dir[0]) return usage("%s expects @DIR, got '%s'", name, v);
    return true;
  case FLAG_RTOL:
    return parse_double(name, v, &o->rtol);
  case FLAG_ATOL:
    return parse_double(name, v, &o->atol);
  case FLAG_PRINT_VALUES: {
    uint64_t n;
    if (!parse_u64(name, v, &n)) return false;
    o->print_values = n > 1000000 ? 1000000 : (uint32_t)n;
    return true;
  }
  case FLAG_NONE:
    break;
  }
  return false;
}

bool lt_run_parse_args(int argc, char **argv, lt_run_options_t *o) {
  memset(o, 0, sizeof(*o));
  o->function = "main";
  o->rtol = 1e-3;
  o->atol = 1e-7;
  o->print_values = 8;
  bool only_positional = false;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (only_positional || arg[0] != '-' || strcmp(arg, "-") == 0) {
      if (o->model)
        return usage("more than one model given: '%s' and '%s'", o->model, arg);
      o->model = arg;
      continue;
    }
    if (strcmp(arg, "--") == 0) {
      only_positional = true;
    } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      o->help = true;
    } else if (strcmp(arg, "--reference") == 0) {
      o->reference = true;
    } else {
      const char *v;
      value_flag_t flag = match_value_flag(arg, &v);
      if (flag == FLAG_NONE) return usage("unknown option '%s'", arg);
      if (!v) {
        if (i + 1 >= argc)
          return usage("%s expects a value", k_value_flags[flag]);
        v = argv[++i];
      }
      if (!apply_value_flag(flag, v, o)) return false;
    }
  }
  if (o->help) return true;
  if (!o->model) return usage("no model given");
  if (!o->reference) return usage("no execution mode given: use --reference");
  return true;
}

void lt_run_options_free(lt_run_options_t *o) {
  free(o->inputs);
  free(o->expected);
  free(o->shapes);
  memset(o, 0, sizeof(*o));
}

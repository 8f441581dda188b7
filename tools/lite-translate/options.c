/* options.c - lite-translate's command line, parsed the way LLVM's cl does
 * (`-x` or `--x`, `--x=v` or `--x v`, `--` ends options). */
#include <stdlib.h>
#include <string.h>

#include "tools/lite-translate/lite_translate.h"

typedef enum opt_kind { KIND_FLAG, KIND_VALUE } opt_kind_t;

typedef struct opt_desc {
  const char *name;
  opt_kind_t kind;
  const char *value_name;
  const char *help;
} opt_desc_t;

static const opt_desc_t kOptions[LT_TR_COUNT] = {
#define X(id, name, kind, value, help)                                         \
  [LT_TR_##id] = {name, KIND_##kind, value, help},
    LT_TR_FLAGS(X)
#undef X
};

/* LLVM spells one-letter options with one dash in messages. */
static const char *dashes(const char *name) {
  return strlen(name) == 1 ? "-" : "--";
}

static bool parse_bool(const char *v, bool *out) {
  static const char *const yes[] = {"true", "TRUE", "True", "1"};
  static const char *const no[] = {"false", "FALSE", "False", "0"};
  for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
    if (strcmp(v, yes[i]) == 0) {
      *out = true;
      return true;
    }
    if (strcmp(v, no[i]) == 0) {
      *out = false;
      return true;
    }
  }
  return false;
}

static bool parse_int64(const char *v, int64_t *out) {
  char *end;
  if (!*v) return false;
  long long x = strtoll(v, &end, 0);
  if (*end) return false;
  *out = (int64_t)x;
  return true;
}

static bool set_option(lt_tr_config_t *c, lt_tr_opt_id_t id,
                       const char *value) {
  const opt_desc_t *d = &kOptions[id];
  bool b = true;
  int64_t i = 0;
  if (d->kind == KIND_FLAG && value && !parse_bool(value, &b)) {
    fprintf(stderr,
            "%s: for the %s%s option: '%s' is invalid value for boolean "
            "argument! Try 0 or 1\n",
            c->prog, dashes(d->name), d->name, value);
    return false;
  }
  switch (id) {
  case LT_TR_IMPORT_ONNX:
    c->import_onnx = b;
    break;
  case LT_TR_OUTPUT:
    c->output = value;
    break;
  case LT_TR_DIM_PARAMS:
    c->dim_params = value;
    break;
  case LT_TR_NO_FOLD:
    c->no_fold = b;
    break;
  case LT_TR_TIMING:
    c->timing = b;
    break;
  case LT_TR_PRINT_GENERIC:
    c->print_flags.generic = b;
    break;
  case LT_TR_PRINT_DEBUGINFO:
    c->print_flags.debuginfo = b;
    break;
  case LT_TR_PRINT_LOCAL_SCOPE:
    c->print_flags.local_scope = b;
    break;
  case LT_TR_ELIDE_ELEMENTS:
  case LT_TR_HEX_ELEMENTS:
    if (!parse_int64(value, &i) || (id == LT_TR_ELIDE_ELEMENTS && i < 0)) {
      fprintf(stderr,
              "%s: for the %s%s option: '%s' value invalid for %s "
              "argument!\n",
              c->prog, dashes(d->name), d->name, value,
              id == LT_TR_ELIDE_ELEMENTS ? "uint" : "long");
      return false;
    }
    if (id == LT_TR_ELIDE_ELEMENTS)
      c->print_flags.elide_elements_larger = i;
    else
      c->print_flags.hex_elements_larger = i;
    break;
  case LT_TR_HELP:
    c->help = b;
    break;
  case LT_TR_VERSION:
    c->version = b;
    break;
  case LT_TR_COUNT:
    break;
  }
  return true;
}

static int find_option(const char *name, size_t len) {
  for (int i = 0; i < LT_TR_COUNT; i++)
    if (strlen(kOptions[i].name) == len &&
        memcmp(kOptions[i].name, name, len) == 0)
      return i;
  return -1;
}

bool lt_tr_parse_args(int argc, char **argv, lt_tr_config_t *c) {
  memset(c, 0, sizeof(*c));
  const char *argv0 = argc > 0 ? argv[0] : "lite-translate";
  const char *slash = strrchr(argv0, '/');
  c->prog = slash ? slash + 1 : argv0;
  lt_print_flags_init(&c->print_flags);
  bool seen[LT_TR_COUNT] = {0};
  bool only_positional = false;
  for (int ai = 1; ai < argc; ai++) {
    const char *arg = argv[ai];
    if (only_positional || arg[0] != '-' || strcmp(arg, "-") == 0) {
      if (c->input) {
        fprintf(stderr,
                "%s: Too many positional arguments specified!\nCan specify at "
                "most 1 positional arguments: See: %s --help\n",
                c->prog, c->prog);
        return false;
      }
      c->input = arg;
      continue;
    }
    if (strcmp(arg, "--") == 0) {
      only_positional = true;
      continue;
    }
    const char *name = arg + (arg[1] == '-' ? 2 : 1);
    const char *eq = strchr(name, '=');
    size_t name_len = eq ? (size_t)(eq - name) : strlen(name);
    const char *value = eq ? eq + 1 : NULL;
    int id = find_option(name, name_len);
    if (id < 0) {
      fprintf(stderr,
              "%s: Unknown command line argument '%s'.  Try: '%s --help'\n",
              c->prog, arg, c->prog);
      return false;
    }
    const opt_desc_t *d = &kOptions[id];
    if (d->kind != KIND_FLAG && !value) {
      if (ai + 1 >= argc) {
        fprintf(stderr, "%s: for the %s%s option: requires a value!\n",
                c->prog, dashes(d->name), d->name);
        return false;
      }
      value = argv[++ai];
    }
    if (d->kind == KIND_VALUE && seen[id]) {
      fprintf(stderr,
              "%s: for the %s%s option: may only occur zero or one times!\n",
              c->prog, dashes(d->name), d->name);
      return false;
    }
    seen[id] = true;
    if (!set_option(c, (lt_tr_opt_id_t)id, value)) return false;
  }
  if (!c->input) c->input = "-";
  return true;
}

#define HELP_COLUMN 48

void lt_tr_print_help(const lt_tr_config_t *c, FILE *out) {
  fprintf(out,
          "OVERVIEW: lite translation driver: model formats to lite IR\n\n"
          "USAGE: %s [options] <input file>\n\n"
          "Exit status: 0 on success, 1 on errors (a malformed model, I/O),\n"
          "3 when the model is valid but uses what lite does not support.\n\n"
          "OPTIONS:\n\n",
          c->prog);
  for (int i = 0; i < LT_TR_COUNT; i++) {
    const opt_desc_t *d = &kOptions[i];
    char left[160];
    snprintf(left, sizeof(left), "  %s%s%s%s", dashes(d->name), d->name,
             d->kind == KIND_FLAG ? ""
             : strlen(d->name) == 1 ? " "
                                    : "=",
             d->value_name);
    int w = (int)strlen(left);
    fprintf(out, "%s%*s - %s\n", left, w < HELP_COLUMN ? HELP_COLUMN - w : 1,
            "", d->help);
  }
}

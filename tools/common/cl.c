/* cl.c - the command-line parser of lite-opt, lite-translate and lite-run,
 * and the rows of their --help. */
#include "tools/common/cl.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const lt_cl_style_t lt_cl_llvm_style = {48, 1, " - ", "="};

void lt_cl_print_exit_codes(FILE *out) {
  fputs("\nExit codes:\n", out);
#define X(id, code, meaning) fprintf(out, "  %d  %s\n", code, meaning);
#include "tools/common/exit_codes.def"
#undef X
}

static void vmessage(const char *prog, const char *kind, const char *fmt,
                     va_list ap) {
  fprintf(stderr, "%s: %s: ", prog, kind);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
}

void lt_cl_error(const char *prog, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vmessage(prog, "error", fmt, ap);
  va_end(ap);
}

void lt_cl_note(const char *prog, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vmessage(prog, "note", fmt, ap);
  va_end(ap);
}

#ifndef LITE_VERSION
#error "LITE_VERSION is the project version (CMakeLists.txt)"
#endif

const char *lt_cl_version(void) { return LITE_VERSION; }

void lt_cl_print_version(FILE *out, const char *prog) {
  fprintf(out, "%s version %s\n", prog, LITE_VERSION);
}

const char *lt_cl_dashes(const char *name) {
  return strlen(name) == 1 ? "-" : "--";
}

const char *lt_cl_prog_name(int argc, char **argv, const char *fallback) {
  const char *argv0 = argc > 0 && argv[0] ? argv[0] : fallback;
  const char *slash = strrchr(argv0, '/');
  return slash ? slash + 1 : argv0;
}

static FILE *err_stream(const lt_cl_t *cl) {
  return cl->err ? cl->err : stderr;
}

static void option_verror(const lt_cl_t *cl, const lt_cl_option_t *o,
                          const char *fmt, va_list ap) {
  FILE *f = err_stream(cl);
  fprintf(f, "%s: for the %s%s option: ", cl->prog, lt_cl_dashes(o->name),
          o->name);
  vfprintf(f, fmt, ap);
  fputc('\n', f);
}

static void option_error(const lt_cl_t *cl, const lt_cl_option_t *o,
                         const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void option_error(const lt_cl_t *cl, const lt_cl_option_t *o,
                         const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  option_verror(cl, o, fmt, ap);
  va_end(ap);
}

void lt_cl_option_error(const lt_cl_t *cl, int id, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  option_verror(cl, &cl->options[id], fmt, ap);
  va_end(ap);
}

void lt_cl_report(const lt_cl_t *cl, const lt_cl_error_t *e) {
  FILE *f = err_stream(cl);
  switch (e->kind) {
  case LT_CL_ERR_UNKNOWN:
    fprintf(f, "%s: Unknown command line argument '%s'.  Try: '%s --help'\n",
            cl->prog, e->arg, cl->prog);
    break;
  case LT_CL_ERR_TOO_MANY_INPUTS:
    fprintf(f,
            "%s: Too many positional arguments specified!\nCan specify at "
            "most %d positional arguments: See: %s --help\n",
            cl->prog, cl->max_positional, cl->prog);
    break;
  case LT_CL_ERR_MISSING_VALUE:
    option_error(cl, e->option, "requires a value!");
    break;
  case LT_CL_ERR_REPEATED:
    option_error(cl, e->option, "may only occur zero or one times!");
    break;
  case LT_CL_ERR_BAD_BOOL:
    option_error(cl, e->option,
                 "'%s' is invalid value for boolean argument! Try 0 or 1",
                 e->value);
    break;
  case LT_CL_ERR_UNEXPECTED_VALUE:
    option_error(cl, e->option, "does not allow a value! '%s' specified.",
                 e->value);
    break;
  }
}

bool lt_cl_parse_bool(const char *text, bool *out) {
  static const char *const yes[] = {"true", "TRUE", "True", "1"};
  static const char *const no[] = {"false", "FALSE", "False", "0"};
  for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
    if (strcmp(text, yes[i]) == 0) {
      *out = true;
      return true;
    }
    if (strcmp(text, no[i]) == 0) {
      *out = false;
      return true;
    }
  }
  return false;
}

bool lt_cl_int_value(const lt_cl_t *cl, int id, const char *text, int64_t min,
                     int64_t *out) {
  char *end;
  long long x = *text ? strtoll(text, &end, 0) : 0;
  if (!*text || *end || x < min) {
    lt_cl_option_error(cl, id, "'%s' value invalid for %s argument!", text,
                       min >= 0 ? "uint" : "long");
    return false;
  }
  *out = (int64_t)x;
  return true;
}

/* ---- parsing ------------------------------------------------------------- */
static int find_option(const lt_cl_t *cl, const char *name, size_t len) {
  for (int i = 0; i < cl->num_options; i++)
    if (strlen(cl->options[i].name) == len &&
        memcmp(cl->options[i].name, name, len) == 0)
      return i;
  return -1;
}

static bool fail(const lt_cl_t *cl, lt_cl_error_t e) {
  (cl->report ? cl->report : lt_cl_report)(cl, &e);
  return false;
}

/* Checks and completes the value of option o found at argv[*ai] (with the
 * text after `=` in *value), taking the next argument when it needs one. */
static bool take_value(const lt_cl_t *cl, int argc, char **argv, int *ai,
                       const lt_cl_option_t *o, const char **value, bool *on,
                       bool *seen) {
  const char *arg = argv[*ai];
  switch (o->kind) {
  case LT_CL_SWITCH:
    if (*value)
      return fail(cl, (lt_cl_error_t){LT_CL_ERR_UNEXPECTED_VALUE, arg, o,
                                      *value, NULL});
    return true;
  case LT_CL_FLAG:
    if (*value && !lt_cl_parse_bool(*value, on))
      return fail(cl,
                  (lt_cl_error_t){LT_CL_ERR_BAD_BOOL, arg, o, *value, NULL});
    return true;
  case LT_CL_VALUE:
  case LT_CL_LIST:
    if (!*value) {
      if (*ai + 1 >= argc)
        return fail(
            cl, (lt_cl_error_t){LT_CL_ERR_MISSING_VALUE, arg, o, NULL, NULL});
      *value = argv[++*ai];
    }
    if (o->kind == LT_CL_VALUE && *seen)
      return fail(cl,
                  (lt_cl_error_t){LT_CL_ERR_REPEATED, arg, o, *value, NULL});
    *seen = true;
    return true;
  }
  return true;
}

static bool parse(const lt_cl_t *cl, int argc, char **argv, bool *seen) {
  bool only_positional = false;
  int num_positional = 0;
  const char *previous = NULL;
  for (int ai = 1; ai < argc; ai++) {
    const char *arg = argv[ai];
    if (only_positional || arg[0] != '-' || strcmp(arg, "-") == 0) {
      if (num_positional == cl->max_positional)
        return fail(cl, (lt_cl_error_t){LT_CL_ERR_TOO_MANY_INPUTS, arg, NULL,
                                        NULL, previous});
      num_positional++;
      previous = arg;
      if (!cl->apply(cl, LT_CL_POSITIONAL, arg, true)) return false;
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
    int id = find_option(cl, name, name_len);
    if (id < 0) {
      lt_cl_claim_t claim = cl->unknown ? cl->unknown(cl, name, name_len, value)
                                        : LT_CL_UNCLAIMED;
      if (claim == LT_CL_CLAIMED) continue;
      if (claim == LT_CL_FAILED) return false;
      return fail(cl,
                  (lt_cl_error_t){LT_CL_ERR_UNKNOWN, arg, NULL, value, NULL});
    }
    bool on = true;
    if (!take_value(cl, argc, argv, &ai, &cl->options[id], &value, &on,
                    &seen[id]) ||
        !cl->apply(cl, id, value, on))
      return false;
  }
  return true;
}

bool lt_cl_parse(const lt_cl_t *cl, int argc, char **argv) {
  bool *seen =
      calloc(cl->num_options > 0 ? (size_t)cl->num_options : 1, sizeof(*seen));
  if (!seen) {
    fprintf(err_stream(cl), "%s: error: out of memory\n", cl->prog);
    return false;
  }
  bool ok = parse(cl, argc, argv, seen);
  free(seen);
  return ok;
}

/* ---- --help -------------------------------------------------------------- */
void lt_cl_print_row(FILE *out, const lt_cl_style_t *style, int indent,
                     const char *flag, const char *value, const char *help) {
  int w = fprintf(out, "%*s%s%s", indent, "", flag, value);
  if (w < 0) w = 0;
  int pad = w < style->flag_width ? style->flag_width - w : style->min_gap;
  fprintf(out, "%*s%s", pad, "", style->separator);
  int help_column = style->flag_width + (int)strlen(style->separator);
  for (const char *line = help;;) {
    const char *nl = strchr(line, '\n');
    if (!nl) {
      fprintf(out, "%s\n", line);
      return;
    }
    fprintf(out, "%.*s\n%*s", (int)(nl - line), line, help_column, "");
    line = nl + 1;
  }
}

void lt_cl_print_options(FILE *out, const lt_cl_style_t *style,
                         const lt_cl_option_t *options, int num_options,
                         int group) {
  for (int i = 0; i < num_options; i++) {
    const lt_cl_option_t *o = &options[i];
    if (!o->help || (group >= 0 && o->group != group)) continue;
    bool has_value = o->kind == LT_CL_VALUE || o->kind == LT_CL_LIST;
    char flag[128], value[128] = "";
    snprintf(flag, sizeof(flag), "%s%s", lt_cl_dashes(o->name), o->name);
    if (has_value)
      snprintf(value, sizeof(value), "%s%s",
               strlen(o->name) == 1 ? " " : style->long_value_sep,
               o->value_name);
    lt_cl_print_row(out, style, 2, flag, value, o->help);
  }
}

/* options.c - lite-opt's command line, parsed the way LLVM's cl does
 * (`-x` or `--x`, `--x=v` or `--x v`, `--` ends options), plus every
 * registered pass and pipeline as a flag of its own. */
#include <stdlib.h>
#include <string.h>

#include "tools/lite-opt/lite_opt.h"

typedef enum opt_kind { KIND_FLAG, KIND_VALUE, KIND_LIST } opt_kind_t;
typedef enum opt_family {
#define X(id, title) FAMILY_##id,
  LT_OPT_FAMILIES(X)
#undef X
      FAMILY_COUNT
} opt_family_t;

typedef struct opt_desc {
  const char *name;
  opt_kind_t kind;
  const char *value_name;
  opt_family_t family;
  const char *help;
} opt_desc_t;

static const opt_desc_t kOptions[LT_OPT_COUNT] = {
#define X(id, name, kind, value, family, help)                                 \
  [LT_OPT_##id] = {name, KIND_##kind, value, FAMILY_##family, help},
    LT_OPT_FLAGS(X)
#undef X
};

static const char *const kFamilyTitles[FAMILY_COUNT] = {
#define X(id, title) [FAMILY_##id] = title,
    LT_OPT_FAMILIES(X)
#undef X
};

/* LLVM spells one-letter options with one dash in messages. */
static const char *dashes(const char *name) {
  return strlen(name) == 1 ? "-" : "--";
}

static bool parse_bool(const char *v, bool *out) {
  static const char *const yes[] = {"true", "TRUE", "True", "1"};
  static const char *const no[] = {"false", "FALSE", "False", "0"};
  for (size_t i = 0; i < LT_ARRAY_SIZE(yes); i++) {
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

static bool push_str(const char ***list, size_t *count, const char *s) {
  const char **grown = realloc(*list, (*count + 1) * sizeof(**list));
  if (!grown) return false;
  grown[(*count)++] = s;
  *list = grown;
  return true;
}

static const char *prog_name(const char *argv0) {
  const char *slash = strrchr(argv0, '/');
  return slash ? slash + 1 : argv0;
}

/* Adds `a,b` (split at commas) to a list option; each must be a pass. The
 * pieces are copied into the list so that argv stays untouched. */
static bool add_pass_names(lt_opt_config_t *c, lt_opt_id_t id,
                           const char *value) {
  const char ***list =
      id == LT_OPT_PRINT_BEFORE ? &c->print_before : &c->print_after;
  size_t *count =
      id == LT_OPT_PRINT_BEFORE ? &c->num_print_before : &c->num_print_after;
  const char *s = value;
  for (;;) {
    const char *comma = strchr(s, ',');
    size_t n = comma ? (size_t)(comma - s) : strlen(s);
    char *piece = strndup(s, n);
    if (!piece || !push_str(list, count, piece)) {
      free(piece);
      fprintf(stderr, "%s: out of memory\n", c->prog);
      return false;
    }
    if (!lt_pass_lookup(piece)) {
      fprintf(stderr,
              "%s: for the %s%s option: Cannot find option named "
              "'%s'!\n",
              c->prog, dashes(kOptions[id].name), kOptions[id].name, piece);
      return false;
    }
    if (!comma) return true;
    s = comma + 1;
  }
}

/* Stores the value of a tool option. */
static bool set_option(lt_opt_config_t *c, lt_opt_id_t id, const char *value) {
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
  case LT_OPT_OUTPUT:
    c->output = value;
    break;
  case LT_OPT_SPLIT_INPUT_FILE:
    c->split_input_file = b;
    break;
  case LT_OPT_VERIFY_DIAGNOSTICS:
    c->verify_diagnostics = b;
    break;
  case LT_OPT_ALLOW_UNREGISTERED:
    c->allow_unregistered = b;
    break;
  case LT_OPT_NO_IMPLICIT_MODULE:
    c->no_implicit_module = b;
    break;
  case LT_OPT_SHOW_DIALECTS:
    c->show_dialects = b;
    break;
  case LT_OPT_LIST_PASSES:
    c->list_passes = b;
    break;
  case LT_OPT_HELP:
    c->help = b;
    break;
  case LT_OPT_VERSION:
    c->version = b;
    break;
  case LT_OPT_PASS_PIPELINE:
    c->pass_pipeline = value;
    break;
  case LT_OPT_DUMP_PASS_PIPELINE:
    c->dump_pass_pipeline = b;
    break;
  case LT_OPT_VERIFY_EACH:
    c->verify_each = b;
    break;
  case LT_OPT_DISABLE_THREADING:
    break;
  case LT_OPT_PRINT_GENERIC:
    c->print_flags.generic = b;
    break;
  case LT_OPT_PRINT_DEBUGINFO:
    c->print_flags.debuginfo = b;
    break;
  case LT_OPT_PRINT_LOCAL_SCOPE:
    c->print_flags.local_scope = b;
    break;
  case LT_OPT_ELIDE_ELEMENTS:
  case LT_OPT_HEX_ELEMENTS:
    if (!parse_int64(value, &i) || (id == LT_OPT_ELIDE_ELEMENTS && i < 0)) {
      fprintf(stderr,
              "%s: for the %s%s option: '%s' value invalid for %s "
              "argument!\n",
              c->prog, dashes(d->name), d->name, value,
              id == LT_OPT_ELIDE_ELEMENTS ? "uint" : "long");
      return false;
    }
    if (id == LT_OPT_ELIDE_ELEMENTS)
      c->print_flags.elide_elements_larger = i;
    else
      c->print_flags.hex_elements_larger = i;
    break;
  case LT_OPT_PRINT_BEFORE:
  case LT_OPT_PRINT_AFTER:
    return add_pass_names(c, id, value);
  case LT_OPT_PRINT_BEFORE_ALL:
    c->print_before_all = b;
    break;
  case LT_OPT_PRINT_AFTER_ALL:
    c->print_after_all = b;
    break;
  case LT_OPT_PRINT_AFTER_CHANGE:
    c->print_after_change = b;
    break;
  case LT_OPT_PRINT_AFTER_FAILURE:
    c->print_after_failure = b;
    break;
  case LT_OPT_PRINT_MODULE_SCOPE:
    c->print_module_scope = b;
    break;
  case LT_OPT_TIMING:
    c->timing = b;
    break;
  case LT_OPT_TIMING_DISPLAY:
  case LT_OPT_PASS_STATISTICS_DISPLAY: {
    bool timing = id == LT_OPT_TIMING_DISPLAY;
    if (strcmp(value, "list") == 0) {
      if (timing)
        c->timing_display = LT_TIMING_LIST;
      else
        c->pass_statistics_display = LT_PASS_STATS_LIST;
    } else if (strcmp(value, timing ? "tree" : "pipeline") == 0) {
      if (timing)
        c->timing_display = LT_TIMING_TREE;
      else
        c->pass_statistics_display = LT_PASS_STATS_PIPELINE;
    } else {
      fprintf(stderr,
              "%s: for the %s%s option: Cannot find option named "
              "'%s'!\n",
              c->prog, dashes(d->name), d->name, value);
      return false;
    }
    break;
  }
  case LT_OPT_PASS_STATISTICS:
    c->pass_statistics = b;
    break;
  case LT_OPT_COUNT:
    break;
  }
  return true;
}

static int find_option(const char *name, size_t len) {
  for (int i = 0; i < LT_OPT_COUNT; i++)
    if (strlen(kOptions[i].name) == len &&
        memcmp(kOptions[i].name, name, len) == 0)
      return i;
  return -1;
}

bool lt_opt_parse_args(int argc, char **argv, lt_opt_config_t *c) {
  memset(c, 0, sizeof(*c));
  c->prog = prog_name(argc > 0 ? argv[0] : "lite-opt");
  c->verify_each = true;
  lt_print_flags_init(&c->print_flags);
  c->timing_display = LT_TIMING_TREE;
  c->pass_statistics_display = LT_PASS_STATS_PIPELINE;
  bool seen[LT_OPT_COUNT] = {0};
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
    if (id >= 0) {
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
      if (!set_option(c, (lt_opt_id_t)id, value)) return false;
      continue;
    }
    char pass_name[256];
    if (name_len < sizeof(pass_name)) {
      memcpy(pass_name, name, name_len);
      pass_name[name_len] = 0;
      if (lt_pass_lookup(pass_name) || lt_pass_pipeline_lookup(pass_name)) {
        lt_opt_pass_flag_t *grown =
            realloc(c->pass_flags, (c->num_pass_flags + 1) * sizeof(*grown));
        if (!grown) {
          fprintf(stderr, "%s: out of memory\n", c->prog);
          return false;
        }
        c->pass_flags = grown;
        /* The registered name, not argv, so it outlives this buffer. */
        const char *stable = lt_pass_lookup(pass_name)
                                 ? lt_pass_lookup(pass_name)->argument
                                 : lt_pass_pipeline_lookup(pass_name)->name;
        c->pass_flags[c->num_pass_flags++] =
            (lt_opt_pass_flag_t){.name = stable, .options = value};
        continue;
      }
    }
    fprintf(stderr,
            "%s: Unknown command line argument '%s'.  Try: '%s --help'\n",
            c->prog, arg, c->prog);
    return false;
  }
  if (!c->input) c->input = "-";
  return true;
}

void lt_opt_config_free(lt_opt_config_t *c) {
  for (size_t i = 0; i < c->num_print_before; i++)
    free((char *)c->print_before[i]);
  for (size_t i = 0; i < c->num_print_after; i++)
    free((char *)c->print_after[i]);
  free(c->print_before);
  free(c->print_after);
  free(c->pass_flags);
  c->print_before = c->print_after = NULL;
  c->pass_flags = NULL;
}

/* ---- help and pass listing ---------------------------------------------- */
#define HELP_COLUMN 48

static void print_row(FILE *out, int indent, const char *flag,
                      const char *value, const char *sep, const char *help) {
  char left[512];
  snprintf(left, sizeof(left), "%*s%s%s", indent, "", flag, value);
  int w = (int)strlen(left);
  fprintf(out, "%s%*s - %s%s\n", left, w < HELP_COLUMN ? HELP_COLUMN - w : 1,
          "", sep, help);
}

static const char *option_value_name(lt_pass_option_kind_t kind) {
  switch (kind) {
  case LT_OPT_BOOL:
    return "";
  case LT_OPT_INT:
    return "=<int>";
  case LT_OPT_STRING:
    return "=<string>";
  case LT_OPT_INT_LIST:
    return "=<int,...>";
  }
  return "";
}

static void print_pass_list(FILE *out, int indent) {
  fprintf(out, "%*sPasses:\n", indent, "");
  for (size_t i = 0; i < lt_pass_registry_size(); i++) {
    const lt_pass_info_t *p = lt_pass_registry_at(i);
    char flag[300];
    snprintf(flag, sizeof(flag), "--%s", p->argument);
    print_row(out, indent + 2, flag, "", "  ", p->summary ? p->summary : "");
    for (uint32_t k = 0; k < p->num_options; k++) {
      const lt_pass_option_t *o = &p->options[k];
      char help[1024];
      snprintf(help, sizeof(help), "%s%s%s%s", o->help ? o->help : "",
               o->default_value ? " (default: " : "",
               o->default_value ? o->default_value : "",
               o->default_value ? ")" : "");
      snprintf(flag, sizeof(flag), "--%s", o->name);
      print_row(out, indent + 4, flag, option_value_name(o->kind), "", help);
    }
  }
  fprintf(out, "%*sPass Pipelines:\n", indent, "");
  for (size_t i = 0; i < lt_pass_pipeline_registry_size(); i++) {
    const lt_pass_pipeline_info_t *p = lt_pass_pipeline_registry_at(i);
    char flag[300];
    snprintf(flag, sizeof(flag), "--%s", p->name);
    print_row(out, indent + 2, flag, "", "  ", p->summary);
    fprintf(out, "%*s%s\n", indent + 4, "", p->text);
  }
}

void lt_opt_print_passes(FILE *out) { print_pass_list(out, 0); }

void lt_opt_print_help(const lt_opt_config_t *c, FILE *out) {
  fprintf(out,
          "OVERVIEW: lite modular optimizer driver\n\n"
          "USAGE: %s [options] <input file>\n\nOPTIONS:\n",
          c->prog);
  for (int f = 0; f < FAMILY_COUNT; f++) {
    fprintf(out, "\n%s:\n\n", kFamilyTitles[f]);
    for (int i = 0; i < LT_OPT_COUNT; i++) {
      const opt_desc_t *d = &kOptions[i];
      if ((int)d->family != f) continue;
      char flag[128], value[64] = "";
      snprintf(flag, sizeof(flag), "%s%s", dashes(d->name), d->name);
      if (d->kind != KIND_FLAG)
        snprintf(value, sizeof(value), "%s%s", strlen(d->name) == 1 ? " " : "=",
                 d->value_name);
      print_row(out, 2, flag, value, "", d->help);
    }
    if (f == FAMILY_PIPELINE) {
      fprintf(out, "  Compiler passes to run\n");
      print_pass_list(out, 4);
    }
  }
}

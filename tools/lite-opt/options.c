/* options.c - lite-opt's command line: the flag table, what each flag
 * sets, and every registered pass and pipeline as a flag of its own
 * (tools/common/cl.h does the parsing). */
#include <stdlib.h>
#include <string.h>

#include "tools/common/cl.h"
#include "tools/lite-opt/lite_opt.h"

typedef enum opt_family {
#define X(id, title) FAMILY_##id,
  LT_OPT_FAMILIES(X)
#undef X
      FAMILY_COUNT
} opt_family_t;

static const lt_cl_option_t kOptions[LT_OPT_COUNT] = {
#define X(id, name, kind, value, family, help)                                 \
  [LT_OPT_##id] = {name, LT_CL_##kind, value, FAMILY_##family, help},
    LT_OPT_FLAGS(X)
#undef X
};

static const char *const kFamilyTitles[FAMILY_COUNT] = {
#define X(id, title) [FAMILY_##id] = title,
    LT_OPT_FAMILIES(X)
#undef X
};

static bool push_str(const char ***list, size_t *count, const char *s) {
  const char **grown = realloc(*list, (*count + 1) * sizeof(**list));
  if (!grown) return false;
  grown[(*count)++] = s;
  *list = grown;
  return true;
}

/* Adds `a,b` (split at commas) to a list option; each must be a pass. The
 * pieces are copied into the list so that argv stays untouched. */
static bool add_pass_names(const lt_cl_t *cl, lt_opt_id_t id,
                           const char *value) {
  lt_opt_config_t *c = cl->user;
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
      lt_cl_error(c->prog, "out of memory");
      return false;
    }
    if (!lt_pass_lookup(piece)) {
      lt_cl_option_error(cl, id, "Cannot find option named '%s'!", piece);
      return false;
    }
    if (!comma) return true;
    s = comma + 1;
  }
}

/* --mlir-timing-display and --mlir-pass-statistics-display: `list`, or
 * `other` for the other of their two values. */
static bool set_display(const lt_cl_t *cl, int id, const char *value,
                        const char *other, bool *out_list) {
  *out_list = strcmp(value, "list") == 0;
  if (*out_list || strcmp(value, other) == 0) return true;
  lt_cl_option_error(cl, id, "Cannot find option named '%s'!", value);
  return false;
}

/* Stores one parsed option (cl's apply callback). */
static bool set_option(const lt_cl_t *cl, int id, const char *value, bool b) {
  lt_opt_config_t *c = cl->user;
  int64_t i = 0;
  bool list = false;
  if (id == LT_CL_POSITIONAL) {
    c->input = value;
    return true;
  }
  switch ((lt_opt_id_t)id) {
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
  case LT_OPT_SHOW_TEST_PASSES:
    c->show_test_passes = b;
    break;
  case LT_OPT_LIST_KERNELS:
    c->list_kernels = b;
    break;
  case LT_OPT_LIST_KERNELS_FORMAT:
    c->list_kernels_markdown = strcmp(value, "markdown") == 0;
    if (!c->list_kernels_markdown && strcmp(value, "text") != 0) {
      lt_cl_option_error(cl, id, "Cannot find option named '%s'!", value);
      return false;
    }
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
  case LT_OPT_PLACES:
    c->places = value;
    break;
  case LT_OPT_KERNEL_KINDS:
    c->kernel_kinds = value;
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
    if (!lt_cl_int_value(cl, id, value, 0, &i)) return false;
    c->print_flags.elide_elements_larger = i;
    break;
  case LT_OPT_HEX_ELEMENTS:
    if (!lt_cl_int_value(cl, id, value, INT64_MIN, &i)) return false;
    c->print_flags.hex_elements_larger = i;
    break;
  case LT_OPT_ELIDE_RESOURCES:
    if (!lt_cl_int_value(cl, id, value, 0, &i)) return false;
    c->print_flags.elide_resources_larger = i;
    break;
  case LT_OPT_PRINT_BEFORE:
  case LT_OPT_PRINT_AFTER:
    return add_pass_names(cl, (lt_opt_id_t)id, value);
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
    if (!set_display(cl, id, value, "tree", &list)) return false;
    c->timing_display = list ? LT_TIMING_LIST : LT_TIMING_TREE;
    break;
  case LT_OPT_PASS_STATISTICS_DISPLAY:
    if (!set_display(cl, id, value, "pipeline", &list)) return false;
    c->pass_statistics_display =
        list ? LT_PASS_STATS_LIST : LT_PASS_STATS_PIPELINE;
    break;
  case LT_OPT_PASS_STATISTICS:
    c->pass_statistics = b;
    break;
  case LT_OPT_COUNT:
    break;
  }
  return true;
}

/* A flag not in the table may name a pass or pipeline (cl's unknown-option
 * hook); its `=...` are the pass options. */
static lt_cl_claim_t claim_pass_flag(const lt_cl_t *cl, const char *name,
                                     size_t name_len, const char *value) {
  lt_opt_config_t *c = cl->user;
  char pass_name[256];
  if (name_len >= sizeof(pass_name)) return LT_CL_UNCLAIMED;
  memcpy(pass_name, name, name_len);
  pass_name[name_len] = 0;
  const lt_pass_info_t *pass = lt_pass_lookup(pass_name);
  const lt_pass_pipeline_info_t *pipeline =
      pass ? NULL : lt_pass_pipeline_lookup(pass_name);
  if (!pass && !pipeline) return LT_CL_UNCLAIMED;
  lt_opt_pass_flag_t *grown =
      realloc(c->pass_flags, (c->num_pass_flags + 1) * sizeof(*grown));
  if (!grown) {
    lt_cl_error(c->prog, "out of memory");
    return LT_CL_FAILED;
  }
  c->pass_flags = grown;
  /* The registered name, not argv, so it outlives this buffer. */
  c->pass_flags[c->num_pass_flags++] = (lt_opt_pass_flag_t){
      .name = pass ? pass->argument : pipeline->name, .options = value};
  return LT_CL_CLAIMED;
}

bool lt_opt_parse_args(int argc, char **argv, lt_opt_config_t *c) {
  memset(c, 0, sizeof(*c));
  c->prog = lt_cl_prog_name(argc, argv, "lite-opt");
  c->verify_each = true;
  lt_print_flags_init(&c->print_flags);
  c->timing_display = LT_TIMING_TREE;
  c->pass_statistics_display = LT_PASS_STATS_PIPELINE;
  const lt_cl_t cl = {.prog = c->prog,
                      .options = kOptions,
                      .num_options = LT_OPT_COUNT,
                      .max_positional = 1,
                      .apply = set_option,
                      .unknown = claim_pass_flag,
                      .user = c};
  if (!lt_cl_parse(&cl, argc, argv)) return false;
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
  case LT_OPT_PIPELINE:
    return "=<pipeline>";
  }
  return "";
}

/* A pass or pipeline: its summary sits two columns right of the options'
 * help, as in mlir-opt. */
static void print_pass_row(FILE *out, int indent, const char *name,
                           const char *summary) {
  char flag[300], help[1024];
  snprintf(flag, sizeof(flag), "--%s", name);
  snprintf(help, sizeof(help), "  %s", summary ? summary : "");
  lt_cl_print_row(out, &lt_cl_llvm_style, indent, flag, "", help);
}

/* Test-only passes are named test-* (as in MLIR); they exist for lit tests
 * and would bury the real ones in a newcomer's --help. */
static bool is_test_pass(const lt_pass_info_t *p) {
  return strncmp(p->argument, "test-", 5) == 0;
}

static void print_pass_list(FILE *out, int indent, bool show_test) {
  fprintf(out, "%*sPasses:\n", indent, "");
  for (size_t i = 0; i < lt_pass_registry_size(); i++) {
    const lt_pass_info_t *p = lt_pass_registry_at(i);
    if (!show_test && is_test_pass(p)) continue;
    const lt_pass_info_t *base = lt_pass_base(p);
    print_pass_row(out, indent + 2, p->argument, p->summary);
    for (uint32_t k = 0; k < base->num_options; k++) {
      const lt_pass_option_t *o = &base->options[k];
      if (lt_pass_option_preset(p, o->name)) continue;
      char flag[300], help[1024];
      snprintf(help, sizeof(help), "%s%s%s%s", o->help ? o->help : "",
               o->default_value ? " (default: " : "",
               o->default_value ? o->default_value : "",
               o->default_value ? ")" : "");
      snprintf(flag, sizeof(flag), "--%s", o->name);
      lt_cl_print_row(out, &lt_cl_llvm_style, indent + 4, flag,
                      option_value_name(o->kind), help);
    }
  }
  fprintf(out, "%*sPass Pipelines:\n", indent, "");
  for (size_t i = 0; i < lt_pass_pipeline_registry_size(); i++) {
    const lt_pass_pipeline_info_t *p = lt_pass_pipeline_registry_at(i);
    print_pass_row(out, indent + 2, p->name, p->summary);
  }
}

void lt_opt_print_passes(FILE *out, bool show_test) {
  print_pass_list(out, 0, show_test);
}

void lt_opt_print_help(const lt_opt_config_t *c, FILE *out) {
  fprintf(out,
          "OVERVIEW: lite modular optimizer driver\n\n"
          "USAGE: %s [options] <input file>\n\nOPTIONS:\n",
          c->prog);
  for (int f = 0; f < FAMILY_COUNT; f++) {
    fprintf(out, "\n%s:\n\n", kFamilyTitles[f]);
    lt_cl_print_options(out, &lt_cl_llvm_style, kOptions, LT_OPT_COUNT, f);
    if (f == FAMILY_PIPELINE) {
      fprintf(out, "  Compiler passes to run\n");
      print_pass_list(out, 4, c->show_test_passes);
    }
  }
  lt_cl_print_exit_codes(out);
}

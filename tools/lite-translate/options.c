/* options.c - lite-translate's command line: the flag table and what each
 * flag sets (tools/common/cl.h does the parsing). */
#include <string.h>

#include "tools/common/cl.h"
#include "tools/lite-translate/lite_translate.h"

static const lt_cl_option_t kOptions[LT_TR_COUNT] = {
#define X(id, name, kind, value, help)                                         \
  [LT_TR_##id] = {name, LT_CL_##kind, value, 0, help},
    LT_TR_FLAGS(X)
#undef X
};

/* Stores one parsed option (cl's apply callback). */
static bool set_option(const lt_cl_t *cl, int id, const char *value, bool b) {
  lt_tr_config_t *c = cl->user;
  int64_t i = 0;
  if (id == LT_CL_POSITIONAL) {
    c->input = value;
    return true;
  }
  switch ((lt_tr_opt_id_t)id) {
  case LT_TR_IMPORT_ONNX:
    c->import_onnx = b;
    break;
  case LT_TR_EMIT_ARTIFACT:
    c->emit_artifact = b;
    break;
  case LT_TR_OUTPUT:
    c->output = value;
    break;
  case LT_TR_DIM_PARAMS:
    c->dim_params = value;
    break;
  case LT_TR_PLACES:
    c->places = value;
    break;
  case LT_TR_KERNEL_KINDS:
    c->kernel_kinds = value;
    break;
  case LT_TR_VECTOR_WIDTH:
    if (!lt_cl_int_value(cl, id, value, 1, &i)) return false;
    if (i > 64) {
      lt_cl_error(c->prog, "--vector-width must be in 1..64, not %lld",
                  (long long)i);
      return false;
    }
    c->vector_width = (int)i;
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
    if (!lt_cl_int_value(cl, id, value, 0, &i)) return false;
    c->print_flags.elide_elements_larger = i;
    break;
  case LT_TR_ELIDE_RESOURCES:
    if (!lt_cl_int_value(cl, id, value, 0, &i)) return false;
    c->print_flags.elide_resources_larger = i;
    break;
  case LT_TR_HEX_ELEMENTS:
    if (!lt_cl_int_value(cl, id, value, INT64_MIN, &i)) return false;
    c->print_flags.hex_elements_larger = i;
    break;
#ifdef LITE_WITH_LLVM
  case LT_TR_EMIT_LLVM:
    c->emit_llvm = b;
    break;
  case LT_TR_EMIT_OBJECT:
    c->emit_object = b;
    break;
  case LT_TR_TARGET:
    c->target = value;
    break;
  case LT_TR_MCPU:
    c->mcpu = value;
    break;
  case LT_TR_MATTR:
    c->mattr = value;
    break;
  case LT_TR_O0:
    c->o0 = b;
    break;
#endif
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

bool lt_tr_parse_args(int argc, char **argv, lt_tr_config_t *c) {
  memset(c, 0, sizeof(*c));
  c->prog = lt_cl_prog_name(argc, argv, "lite-translate");
  lt_print_flags_init(&c->print_flags);
  const lt_cl_t cl = {.prog = c->prog,
                      .options = kOptions,
                      .num_options = LT_TR_COUNT,
                      .max_positional = 1,
                      .apply = set_option,
                      .user = c};
  if (!lt_cl_parse(&cl, argc, argv)) return false;
  if (!c->input) c->input = "-";
  return true;
}

void lt_tr_print_help(const lt_tr_config_t *c, FILE *out) {
  fprintf(out,
          "OVERVIEW: lite translation driver: model formats to lite IR, "
          "and models to runtime artifacts\n\n"
          "USAGE: %s [options] <input file>\n\n"
          "OPTIONS:\n\n",
          c->prog);
  lt_cl_print_options(out, &lt_cl_llvm_style, kOptions, LT_TR_COUNT, -1);
  lt_cl_print_exit_codes(out);
}

/* onnx_import.c - the importer's driver: decode the model, reject what is
 * unsupported (all of it at once), then build `func.func @main`: graph
 * inputs as arguments, nodes through their converters, graph outputs as
 * the returned values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/func/func.h"
#include "frontends/onnx/onnx_import.h"
#include "ir/builtin.h"
#include "ir/diagnostics.h"

void lt_onnx_import_options_init(lt_onnx_import_options_t *opts) {
  memset(opts, 0, sizeof(*opts));
  opts->fold_constants = true;
}

/* Error diagnostics leave their text for the status message; while a fold
 * is tried they are swallowed. */
static bool on_diag(void *user, const lt_diag_t *d) {
  lt_onnx_import_t *im = user;
  if (d->severity == LT_SEV_ERROR) {
    im->last_diag.len = 0;
    lt_strbuf_puts(&im->last_diag, d->message.data ? d->message.data : "");
  }
  return im->quiet;
}

/* The location name of node k: its name, else "<op_type>_<k>". */
static lt_loc_t node_loc(lt_onnx_import_t *im, uint32_t k) {
  const lt_onnx_node_t *n = &im->model.graph.nodes[k];
  char buf[256];
  if (n->name.len)
    snprintf(buf, sizeof(buf), "%.*s", (int)n->name.len, n->name.data);
  else
    snprintf(buf, sizeof(buf), "%.*s_%u", (int)n->op_type.len,
             n->op_type.data ? n->op_type.data : "", k);
  return lt_loc_name(im->ctx, buf, NULL);
}

static lt_loc_t name_loc(lt_onnx_import_t *im, lt_onnx_str_t name) {
  char buf[256];
  snprintf(buf, sizeof(buf), "%.*s", (int)name.len, name.data ? name.data : "");
  return lt_loc_name(im->ctx, buf, NULL);
}

#define STR_ARGS(s) (int)(s).len, (s).data ? (s).data : ""

/* ---- opset ------------------------------------------------------------------------ */
static bool is_default_domain(lt_onnx_str_t d) {
  return d.len == 0 || lt_onnx_str_eq(d, "ai.onnx");
}

static void find_opset(lt_onnx_import_t *im) {
  /* Models of IR version 1 and 2 predate opset_import: opset 1. */
  im->opset = 1;
  for (uint32_t i = 0; i < im->model.num_opsets; i++)
    if (is_default_domain(im->model.opsets[i].domain))
      im->opset = im->model.opsets[i].version;
}

/* The opset version the model imports for domain (0 when none). */
static int64_t domain_opset(lt_onnx_import_t *im, lt_onnx_str_t domain) {
  if (is_default_domain(domain)) return im->opset;
  int64_t v = 0;
  for (uint32_t i = 0; i < im->model.num_opsets; i++)
    if (im->model.opsets[i].domain.len == domain.len &&
        memcmp(im->model.opsets[i].domain.data, domain.data, domain.len) == 0)
      v = im->model.opsets[i].version;
  return v;
}

/* ---- names ---------------------------------------------------------------------------- */
/* Enters every name the graph reads (used: unused initializers are never
 * copied, and unused extra outputs of a node may be left out) and every
 * initializer. */
static bool enter_names(lt_onnx_import_t *im) {
  const lt_onnx_graph_t *g = &im->model.graph;
  for (uint32_t k = 0; k < g->num_nodes; k++)
    for (uint32_t i = 0; i < g->nodes[k].num_inputs; i++)
      if (g->nodes[k].inputs[i].len) {
        lt_onnx_entry_t *e =
            lt_onnx_names_get(im, &im->values, g->nodes[k].inputs[i], true);
        if (!e) return false;
        e->used = true;
      }
  for (uint32_t i = 0; i < g->num_outputs; i++) {
    lt_onnx_entry_t *e =
        lt_onnx_names_get(im, &im->values, g->outputs[i].name, true);
    if (!e) return false;
    e->used = true;
  }
  for (uint32_t i = 0; i < g->num_initializers; i++) {
    lt_onnx_entry_t *e =
        lt_onnx_names_get(im, &im->values, g->initializers[i].name, true);
    if (!e) return false;
    e->init = &g->initializers[i];
  }
  return true;
}

/* ---- checks before building ------------------------------------------------------ */
static bool attr_allowed(const lt_onnx_op_row_t *row, int64_t opset,
                         const lt_onnx_attr_t *a) {
  const char *name = a->name.data ? a->name.data : "";
  const char *p = row->consumed;
  while (*p) {
    const char *comma = strchr(p, ',');
    size_t n = comma ? (size_t)(comma - p) : strlen(p);
    if (n == a->name.len && memcmp(p, name, n) == 0) return true;
    if (!comma) break;
    p = comma + 1;
  }
  if (opset < 7 && (lt_onnx_str_eq(a->name, "consumed_inputs") ||
                    lt_onnx_str_eq(a->name, "broadcast")))
    return true;
  return lt_onnx_lite_attr_kind(row->lite, name, a->name.len) != 0;
}

/* Every node's op type, opset and attribute names against the table, and
 * every graph input's and initializer's element type: one error listing
 * all that is unsupported. */
static bool check_supported(lt_onnx_import_t *im) {
  const lt_onnx_graph_t *g = &im->model.graph;
  lt_strbuf_t ops = {0}, other = {0};
  uint32_t num_ops = 0, num_other = 0;
  for (uint32_t k = 0; k < g->num_nodes; k++) {
    const lt_onnx_node_t *n = &g->nodes[k];
    lt_loc_t loc = node_loc(im, k);
    const char *node_name = loc->name_loc.name->str;
    const lt_onnx_op_row_t *row = NULL;
    bool known = false;
    if (is_default_domain(n->domain))
      row = lt_onnx_op_lookup(n->op_type, im->opset, &known);
    if (!row) {
      int64_t opset = domain_opset(im, n->domain);
      lt_strbuf_printf(&ops, "%s%.*s%s%.*s (opset %lld, node '%s')",
                       num_ops++ ? ", " : "", STR_ARGS(n->domain),
                       n->domain.len ? "." : "", STR_ARGS(n->op_type),
                       (long long)opset, node_name);
      lt_emit_error(im->ctx, loc, "unsupported ONNX operator %.*s%s%.*s at "
                    "opset %lld%s",
                    STR_ARGS(n->domain), n->domain.len ? "." : "",
                    STR_ARGS(n->op_type), (long long)opset,
                    known ? " (supported at other opsets)" : "");
      continue;
    }
    for (uint32_t i = 0; i < n->num_attrs; i++) {
      const lt_onnx_attr_t *a = &n->attrs[i];
      if (a->has_ref) {
        lt_strbuf_printf(&other, "%snode '%s' (%.*s): attribute '%.*s' "
                         "refers to a function attribute",
                         num_other++ ? "; " : "", node_name,
                         STR_ARGS(n->op_type), STR_ARGS(a->name));
      } else if (!attr_allowed(row, im->opset, a)) {
        lt_strbuf_printf(&other, "%snode '%s' (%.*s, opset %lld): attribute "
                         "'%.*s' is not supported",
                         num_other++ ? "; " : "", node_name,
                         STR_ARGS(n->op_type), (long long)im->opset,
                         STR_ARGS(a->name));
        lt_emit_error(im->ctx, loc, "unsupported attribute '%.*s'",
                      STR_ARGS(a->name));
      }
    }
  }
  for (uint32_t i = 0; i < g->num_initializers; i++) {
    const lt_onnx_tensor_t *t = &g->initializers[i];
    lt_onnx_entry_t *e = lt_onnx_names_get(im, &im->values, t->name, false);
    lk_dtype_t dt;
    if (e && e->used && !lt_onnx_dtype(t->data_type, &dt))
      lt_strbuf_printf(&other, "%sinitializer '%.*s': element type %s",
                       num_other++ ? "; " : "", STR_ARGS(t->name),
                       lt_onnx_data_type_name(t->data_type));
  }
  if (g->num_sparse_initializers)
    lt_strbuf_printf(&other, "%s%u sparse initializers",
                     num_other++ ? "; " : "", g->num_sparse_initializers);
  if (num_ops)
    lt_onnx_record_error(im, LT_STATUS_UNIMPLEMENTED,
                         "unsupported ONNX operator%s: %s",
                         num_ops == 1 ? "" : "s", ops.data);
  if (num_other)
    lt_onnx_record_error(im, LT_STATUS_UNIMPLEMENTED, "unsupported: %s",
                         other.data);
  lt_strbuf_free(&ops);
  lt_strbuf_free(&other);
  return num_ops == 0 && num_other == 0;
}

/* ---- graph inputs ------------------------------------------------------------------ */
/* The value of a "--dim-params N=1,seq=128" entry named `param`; false when
 * the list does not name it. */
static bool dim_param_value(const char *list, lt_onnx_str_t param,
                            int64_t *out) {
  if (!list || !param.len) return false;
  const char *p = list;
  while (*p) {
    const char *eq = strchr(p, '=');
    if (!eq) return false;
    const char *end = strchr(eq, ',');
    if (!end) end = eq + strlen(eq);
    if ((size_t)(eq - p) == param.len && memcmp(p, param.data, param.len) == 0) {
      *out = strtoll(eq + 1, NULL, 10);
      return true;
    }
    if (!*end) return false;
    p = end + 1;
  }
  return false;
}

static bool dim_params_valid(const char *list) {
  if (!list) return true;
  const char *p = list;
  if (!*p) return true;
  for (;;) {
    const char *eq = strchr(p, '=');
    const char *comma = strchr(p, ',');
    if (!eq || eq == p || (comma && comma < eq)) return false;
    const char *v = eq + 1;
    char *end;
    long long x = strtoll(v, &end, 10);
    if (end == v || x < 0 || (*end && *end != ',')) return false;
    if (!*end) return true;
    p = end + 1;
  }
}

/* Whether a dim of a graph input is named param[0..len). */
static bool graph_has_dim_param(const lt_onnx_graph_t *g, const char *param,
                                size_t len) {
  for (uint32_t k = 0; k < g->num_inputs; k++)
    for (uint32_t i = 0; g->inputs[k].has_shape && i < g->inputs[k].rank; i++) {
      lt_onnx_str_t d = g->inputs[k].dims[i].param;
      if (d.len == len && memcmp(d.data, param, len) == 0) return true;
    }
  return false;
}

/* Appends 'name' to a ", "-separated list unless it is there. */
static void add_quoted(lt_strbuf_t *list, const char *name, size_t len) {
  for (const char *p = list->data; p && (p = strchr(p, '\'')) != NULL;) {
    const char *end = strchr(p + 1, '\'');
    if (!end) break;
    if ((size_t)(end - p - 1) == len && memcmp(p + 1, name, len) == 0) return;
    p = end + 1;
  }
  lt_strbuf_printf(list, "%s'%.*s'", list->len ? ", " : "", (int)len, name);
}

/* Every name in dim_params (already valid) must be a graph input's dim
 * param: a misspelt one would leave its dim dynamic without a word. */
static bool check_dim_params(lt_onnx_import_t *im) {
  const lt_onnx_graph_t *g = &im->model.graph;
  lt_strbuf_t unknown = {0};
  uint32_t num_unknown = 0;
  for (const char *p = im->opts->dim_params; p && *p;) {
    const char *eq = strchr(p, '=');
    const char *comma = strchr(eq, ',');
    if (!graph_has_dim_param(g, p, (size_t)(eq - p))) {
      add_quoted(&unknown, p, (size_t)(eq - p));
      num_unknown++;
    }
    p = comma ? comma + 1 : eq + strlen(eq);
  }
  if (!num_unknown) return true;
  lt_strbuf_t known = {0};
  for (uint32_t k = 0; k < g->num_inputs; k++)
    for (uint32_t i = 0; g->inputs[k].has_shape && i < g->inputs[k].rank; i++)
      if (g->inputs[k].dims[i].param.len)
        add_quoted(&known, g->inputs[k].dims[i].param.data,
                   g->inputs[k].dims[i].param.len);
  lt_onnx_record_error(im, LT_STATUS_INVALID_ARGUMENT,
                       "dim_params: no graph input has a dim named %s; the "
                       "model's dim params are: %s",
                       unknown.data ? unknown.data : "?",
                       known.len ? known.data : "none");
  lt_strbuf_free(&unknown);
  lt_strbuf_free(&known);
  return false;
}

/* The shape the options give for the graph input `name`, or NULL. */
static const lt_onnx_input_shape_t *
given_shape(const lt_onnx_import_options_t *o, lt_onnx_str_t name) {
  for (uint32_t i = 0; i < o->num_input_shapes; i++) {
    const lt_onnx_input_shape_t *s = &o->input_shapes[i];
    if (s->name_len == name.len && memcmp(s->name, name.data, name.len) == 0)
      return s;
  }
  return NULL;
}

/* Overrides shape[0..rank) with fix's dims, which must have the input's
 * rank and agree with its static dims. */
static lt_result_t apply_shape(lt_onnx_import_t *im,
                               const lt_onnx_value_info_t *v,
                               const lt_onnx_input_shape_t *fix,
                               int64_t *shape) {
  if (fix->rank != (int32_t)v->rank) {
    lt_onnx_record_error(im, LT_STATUS_INVALID_ARGUMENT,
                         "graph input '%.*s' has rank %u; the given shape "
                         "has rank %d",
                         STR_ARGS(v->name), v->rank, (int)fix->rank);
    return LT_FAILURE;
  }
  for (uint32_t i = 0; i < v->rank; i++) {
    if (fix->dims[i] < 0) {
      lt_onnx_record_error(im, LT_STATUS_INVALID_ARGUMENT,
                           "graph input '%.*s': the given dim %u is negative",
                           STR_ARGS(v->name), i);
      return LT_FAILURE;
    }
    if (shape[i] != LT_DYNAMIC && shape[i] != fix->dims[i]) {
      lt_onnx_record_error(im, LT_STATUS_INVALID_ARGUMENT,
                           "graph input '%.*s': the given dim %u (%lld) "
                           "contradicts the model's (%lld)",
                           STR_ARGS(v->name), i, (long long)fix->dims[i],
                           (long long)shape[i]);
      return LT_FAILURE;
    }
    shape[i] = fix->dims[i];
  }
  return LT_SUCCESS;
}

static const lt_type_t *input_type(lt_onnx_import_t *im,
                                   const lt_onnx_value_info_t *v,
                                   const char *what) {
  static const char *const kinds[] = {"no type",  "tensor", "sequence",
                                      "map",      "optional",
                                      "sparse tensor"};
  if (v->kind != LT_ONNX_TYPE_TENSOR) {
    lt_onnx_record_error(im,
                         v->kind == LT_ONNX_TYPE_ABSENT
                             ? LT_STATUS_INVALID_ARGUMENT
                             : LT_STATUS_UNIMPLEMENTED,
                         "%s '%.*s' has %s%s", what, STR_ARGS(v->name),
                         v->kind == LT_ONNX_TYPE_ABSENT ? "" : "type ",
                         kinds[v->kind]);
    return NULL;
  }
  const lt_type_t *elem = lt_onnx_element_type(im->ctx, v->elem_type);
  if (!elem) {
    lt_onnx_record_error(im, LT_STATUS_UNIMPLEMENTED,
                         "%s '%.*s': element type %s is not supported", what,
                         STR_ARGS(v->name),
                         lt_onnx_data_type_name(v->elem_type));
    return NULL;
  }
  if (!v->has_shape) return lt_type_unranked_tensor(im->ctx, elem);
  if (v->rank > LK_MAX_RANK) {
    lt_onnx_record_error(im, LT_STATUS_UNIMPLEMENTED,
                         "%s '%.*s': rank %u exceeds lite's limit of %d", what,
                         STR_ARGS(v->name), v->rank, LK_MAX_RANK);
    return NULL;
  }
  int64_t shape[LK_MAX_RANK];
  for (uint32_t i = 0; i < v->rank; i++) {
    const lt_onnx_dim_t *d = &v->dims[i];
    int64_t x;
    if (d->has_value && d->value >= 0)
      shape[i] = d->value;
    else if (!d->has_value && dim_param_value(im->opts->dim_params, d->param, &x))
      shape[i] = x;
    else
      shape[i] = LT_DYNAMIC;
  }
  const lt_onnx_input_shape_t *fix = given_shape(im->opts, v->name);
  if (fix && LT_FAILED(apply_shape(im, v, fix, shape))) return NULL;
  return lt_type_tensor(im->ctx, v->rank, shape, elem, NULL);
}

static const lt_attr_t *name_dict(lt_onnx_import_t *im, lt_onnx_str_t name) {
  lt_named_attr_t e = {
      lt_ident_cstr(im->ctx, "lite.name"),
      lt_attr_string(im->ctx, name.data ? name.data : "", name.len, NULL)};
  return lt_attr_dict(im->ctx, 1, &e);
}

/* ---- nodes -------------------------------------------------------------------------- */
static lt_value_t *input_value(lt_onnx_import_t *im, lt_onnx_cv_t *cv,
                               lt_onnx_str_t name) {
  lt_onnx_entry_t *e = lt_onnx_names_get(im, &im->values, name, false);
  if (e && !e->value && e->init)
    e->value = lt_onnx_const_proto(im, e->init, name, name_loc(im, name), true);
  if (e && e->value) return e->value;
  if (!e || !e->init) {
    if (cv)
      lt_onnx_invalid(cv, "input '%.*s' is not a graph input, an initializer "
                      "or the output of an earlier node",
                      STR_ARGS(name));
    else
      lt_onnx_record_error(im, LT_STATUS_INVALID_ARGUMENT,
                           "graph output '%.*s' is not a graph input, an "
                           "initializer or the output of a node",
                           STR_ARGS(name));
  }
  return NULL;
}

static lt_result_t convert_node(lt_onnx_import_t *im, uint32_t k) {
  const lt_onnx_node_t *n = &im->model.graph.nodes[k];
  bool known;
  lt_onnx_cv_t cv = {
      .im = im,
      .ctx = im->ctx,
      .node = n,
      .row = lt_onnx_op_lookup(n->op_type, im->opset, &known),
      .opset = im->opset,
      .loc = node_loc(im, k),
      .num_inputs = n->num_inputs,
      .num_outputs = n->num_outputs,
  };
  cv.inputs = lt_arena_alloc(&im->arena, (n->num_inputs + 1) * sizeof(void *),
                             _Alignof(void *));
  cv.outputs = lt_arena_alloc(
      &im->arena, (n->num_outputs + 1) * sizeof(void *), _Alignof(void *));
  if (!cv.inputs || !cv.outputs) return lt_onnx_invalid(&cv, "out of memory");
  memset(cv.outputs, 0, (n->num_outputs + 1) * sizeof(void *));
  for (uint32_t i = 0; i < n->num_inputs; i++) {
    cv.inputs[i] = NULL;
    if (!n->inputs[i].len) continue;
    cv.inputs[i] = input_value(im, &cv, n->inputs[i]);
    if (!cv.inputs[i]) return LT_FAILURE;
  }
  lt_result_t r = cv.row->convert ? cv.row->convert(&cv)
                                  : lt_onnx_convert_default(&cv);
  if (LT_FAILED(r)) return r;
  for (uint32_t i = 0; i < n->num_outputs; i++) {
    if (!n->outputs[i].len) continue;
    lt_onnx_entry_t *e =
        lt_onnx_names_get(im, &im->values, n->outputs[i], true);
    if (!e) return lt_onnx_invalid(&cv, "out of memory");
    if (e->value || e->init)
      return lt_onnx_invalid(&cv, "output '%.*s' is already defined",
                             STR_ARGS(n->outputs[i]));
    if (!cv.outputs[i]) {
      if (e->used)
        return lt_onnx_unsupported(&cv, "output #%u ('%.*s') is not produced",
                                   i, STR_ARGS(n->outputs[i]));
      continue;
    }
    e->value = cv.outputs[i];
  }
  return LT_SUCCESS;
}

/* ---- the function ------------------------------------------------------------------- */
static lt_result_t build(lt_onnx_import_t *im, lt_op_t **out_module) {
  const lt_onnx_graph_t *g = &im->model.graph;
  lt_context_t *ctx = im->ctx;
  lt_loc_t file_loc = lt_loc_file(ctx, im->name, 0, 0);

  im->block = lt_block_create(ctx);
  if (!im->block) return LT_FAILURE;
  lt_builder_init(&im->builder, ctx);
  lt_builder_set_block_end(&im->builder, im->block);

  /* Arguments: graph inputs that are not initializers (those are
   * defaults an initializer supplies, IR version >= 4). */
  uint32_t num_args = 0;
  const lt_attr_t **arg_attrs =
      lt_arena_alloc(&im->arena, (g->num_inputs + 1) * sizeof(void *),
                     _Alignof(void *));
  const lt_type_t **arg_types =
      lt_arena_alloc(&im->arena, (g->num_inputs + 1) * sizeof(void *),
                     _Alignof(void *));
  if (!arg_attrs || !arg_types) return LT_FAILURE;
  for (uint32_t i = 0; i < g->num_inputs; i++) {
    const lt_onnx_value_info_t *v = &g->inputs[i];
    lt_onnx_entry_t *e = lt_onnx_names_get(im, &im->values, v->name, true);
    if (!e) return LT_FAILURE;
    if (e->init) continue;
    if (e->value) {
      lt_onnx_record_error(im, LT_STATUS_INVALID_ARGUMENT,
                           "graph input '%.*s' is listed twice",
                           STR_ARGS(v->name));
      return LT_FAILURE;
    }
    const lt_type_t *t = input_type(im, v, "graph input");
    if (!t) return LT_FAILURE;
    e->value = lt_block_add_arg(im->block, t, name_loc(im, v->name));
    if (!e->value) return LT_FAILURE;
    arg_types[num_args] = t;
    arg_attrs[num_args++] = name_dict(im, v->name);
  }

  for (uint32_t k = 0; k < g->num_nodes; k++)
    if (LT_FAILED(convert_node(im, k))) return LT_FAILURE;

  /* Results: the graph outputs. */
  uint32_t nout = g->num_outputs;
  lt_value_t **results = lt_arena_alloc(
      &im->arena, (nout + 1) * sizeof(void *), _Alignof(void *));
  const lt_type_t **res_types = lt_arena_alloc(
      &im->arena, (nout + 1) * sizeof(void *), _Alignof(void *));
  const lt_attr_t **res_attrs = lt_arena_alloc(
      &im->arena, (nout + 1) * sizeof(void *), _Alignof(void *));
  if (!results || !res_types || !res_attrs) return LT_FAILURE;
  for (uint32_t i = 0; i < nout; i++) {
    results[i] = input_value(im, NULL, g->outputs[i].name);
    if (!results[i]) return LT_FAILURE;
    res_types[i] = results[i]->type;
    res_attrs[i] = name_dict(im, g->outputs[i].name);
  }
  lt_op_state_t rs;
  lt_op_state_init(&rs, ctx, "func.return", file_loc);
  for (uint32_t i = 0; i < nout; i++)
    lt_op_state_add_operand(&rs, results[i]);
  lt_op_t *ret = lt_op_create(&rs);
  lt_op_state_free(&rs);
  if (!ret) return LT_FAILURE;
  lt_block_push_back(im->block, ret);

  /* What folding left without users: constants, and Shape/Size ops whose
   * static dims were taken as constants (last to first, so that an erased
   * op's operands may go too). */
  for (lt_op_t *op = im->block->last, *prev; op; op = prev) {
    prev = op->prev;
    int id = lt_lite_op_id(op);
    if ((id == LT_LITE_CONSTANT || id == LT_LITE_NONE ||
         id == LT_LITE_SHAPE || id == LT_LITE_SIZE) &&
        lt_op_use_empty(op))
      lt_op_erase(op);
  }

  lt_op_state_t fs;
  /* The function is the graph: its name (or @main) in the model file, so
   * that a diagnostic on it names both rather than "model.onnx:0:0". */
  char graph_name[256];
  snprintf(graph_name, sizeof(graph_name), "%.*s",
           g->name.len ? (int)g->name.len : 4,
           g->name.len ? g->name.data : "main");
  lt_op_state_init(&fs, ctx, "func.func",
                   lt_loc_name(ctx, graph_name, file_loc));
  lt_op_state_add_attr(&fs, "sym_name", lt_attr_string_cstr(ctx, "main"));
  lt_op_state_add_attr(
      &fs, "function_type",
      lt_attr_type(ctx, lt_type_function(ctx, num_args, arg_types, nout,
                                         res_types)));
  if (num_args)
    lt_op_state_add_attr(&fs, "arg_attrs",
                         lt_attr_array(ctx, num_args, arg_attrs));
  if (nout)
    lt_op_state_add_attr(&fs, "res_attrs", lt_attr_array(ctx, nout, res_attrs));
  lt_region_t *body = lt_op_state_add_region(&fs);
  lt_region_push_back(body, im->block);
  lt_op_t *func = lt_op_create(&fs);
  lt_op_state_free(&fs);
  if (!func) return LT_FAILURE;
  im->block = NULL; /* owned by func now */

  lt_op_t *module = lt_module_create(ctx, file_loc);
  if (!module) {
    lt_op_destroy(func);
    return LT_FAILURE;
  }
  lt_block_push_back(lt_module_body(module), func);
  *out_module = module;
  return LT_SUCCESS;
}

/* ---- entry points -------------------------------------------------------------------- */
static bool starts_with(const char *p, const char *end, const char *prefix) {
  size_t n = strlen(prefix);
  return (size_t)(end - p) >= n && memcmp(p, prefix, n) == 0;
}

/* What a buffer that is not a model is, when it is text ("text (MLIR?)",
 * with *hint what to do instead): a binary ModelProto starts with a field
 * tag (a control byte such as 0x08), never with printable text, so a file
 * of text was most likely given to the wrong tool. NULL when the first
 * bytes are not all text. */
static const char *text_kind(const uint8_t *data, size_t size,
                             const char **hint) {
  size_t n = size < 256 ? size : 256;
  if (n == 0) return NULL;
  for (size_t i = 0; i < n; i++) {
    uint8_t c = data[i];
    /* Bytes of 0x80 and above: UTF-8 in comments or names. */
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return NULL;
    if (c == 0x7f) return NULL;
  }
  const char *p = (const char *)data, *end = p + size;
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
    p++;
  static const char *const kMlir[] = {"module", "func.func", "#", "//",
                                      "\"",     "%",         "!",
                                      "{-#"};
  for (size_t i = 0; i < LT_ARRAY_SIZE(kMlir); i++)
    if (starts_with(p, end, kMlir[i])) {
      *hint = "; run lite-opt on it";
      return "text (MLIR?)";
    }
  /* ONNX's own text forms: protobuf text format (onnx.printer) and the
   * textual syntax (onnx.parser). */
  if (starts_with(p, end, "ir_version") || starts_with(p, end, "<")) {
    *hint = "; save it as binary (onnx.save) first";
    return "text (ONNX text format?)";
  }
  return "text";
}

static lt_status_t import(lt_context_t *ctx, const uint8_t *data, size_t size,
                          const char *name, const char *dir, bool mapped,
                          const lt_onnx_import_options_t *opts,
                          lt_op_t **out_module) {
  *out_module = NULL;
  lt_onnx_import_options_t defaults;
  if (!opts) {
    lt_onnx_import_options_init(&defaults);
    opts = &defaults;
  }
  if (!dim_params_valid(opts->dim_params))
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "invalid dim_params '%s': expected "
                          "NAME=VALUE[,NAME=VALUE...]",
                          opts->dim_params);
  lt_onnx_import_t im = {
      .ctx = ctx,
      .allocator = lt_context_allocator(ctx),
      .name = name,
      .dir = dir,
      .base = data,
      .size = size,
      .mapped = mapped,
      .opts = opts,
      .code = LT_STATUS_OK,
  };
  lt_arena_init(&im.arena, im.allocator);
  /* Resource names already in the context are taken. */
  for (size_t i = 0; i < lt_context_num_resources(ctx); i++) {
    const lt_ident_t *id = lt_context_resource_at(ctx, i)->name;
    lt_onnx_names_get(&im, &im.blob_names, (lt_onnx_str_t){id->str, id->len},
                      true);
  }
  lt_diag_handler_id_t handler = lt_diag_push_handler(ctx, on_diag, &im);

  lt_pb_error_t err;
  lt_op_t *module = NULL;
  int decoded = lt_onnx_decode_model(data, size, &im.arena, &im.model, &err);
  const char *hint = "";
  const char *text = decoded < 0 || !im.model.has_graph
                         ? text_kind(data, size, &hint)
                         : NULL;
  if (text) {
    lt_onnx_record_error(&im, LT_STATUS_INVALID_ARGUMENT,
                         "this is %s, not an ONNX model (binary protobuf)%s",
                         text, hint);
  } else if (decoded < 0) {
    lt_onnx_record_error(&im, LT_STATUS_INVALID_ARGUMENT,
                         "malformed ONNX model at byte %zu: %s", err.offset,
                         err.message);
  } else if (!im.model.has_graph) {
    lt_onnx_record_error(&im, LT_STATUS_INVALID_ARGUMENT,
                         "not an ONNX model: ModelProto.graph is missing");
  } else {
    find_opset(&im);
    if (enter_names(&im) && check_dim_params(&im) &&
        check_supported(&im) && LT_SUCCEEDED(build(&im, &module))) {
      if (LT_FAILED(lt_op_verify(module))) {
        lt_onnx_record_error(&im, LT_STATUS_INTERNAL,
                             "the imported module does not verify: %s",
                             im.last_diag.len ? im.last_diag.data : "");
        lt_op_destroy(module);
        module = NULL;
      }
    } else if (!im.num_errors) {
      lt_onnx_record_error(&im, LT_STATUS_OUT_OF_MEMORY, "out of memory");
    }
  }
  lt_diag_pop_handler(ctx, handler);

  lt_status_t st = LT_OK;
  if (im.num_errors) {
    st = lt_status_make(im.code, "%s: %s", name, im.errors.data);
    if (module) lt_op_destroy(module);
    module = NULL;
  }
  if (im.block) lt_block_destroy(im.block);
  lt_strbuf_free(&im.errors);
  lt_strbuf_free(&im.last_diag);
  if (im.values.slots)
    lt_free(im.allocator, im.values.slots,
            im.values.cap * sizeof(*im.values.slots));
  if (im.blob_names.slots)
    lt_free(im.allocator, im.blob_names.slots,
            im.blob_names.cap * sizeof(*im.blob_names.slots));
  lt_arena_deinit(&im.arena);
  *out_module = module;
  return st;
}

lt_status_t lt_onnx_import_buffer(lt_context_t *ctx, const void *data,
                                  size_t size, const char *name,
                                  const lt_onnx_import_options_t *opts,
                                  lt_op_t **out_module) {
  return import(ctx, data, size, name ? name : "<buffer>", NULL, false, opts,
                out_module);
}

lt_status_t lt_onnx_import_file(lt_context_t *ctx, const char *path,
                                const lt_onnx_import_options_t *opts,
                                lt_op_t **out_module) {
  *out_module = NULL;
  lt_onnx_file_t f;
  lt_allocator_t a = lt_context_allocator(ctx);
  LT_RETURN_IF_ERROR(lt_onnx_file_open(path, a, &f));
  /* External data files are found next to the model. */
  size_t len = strlen(path);
  char *dir = lt_alloc(a, len + 2);
  if (!dir) {
    lt_onnx_file_close(&f);
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "%s: out of memory", path);
  }
  const char *slash = strrchr(path, '/');
  if (!slash)
    memcpy(dir, ".", 2);
  else if (slash == path)
    memcpy(dir, "/", 2);
  else {
    memcpy(dir, path, (size_t)(slash - path));
    dir[slash - path] = '\0';
  }
  lt_status_t st =
      import(ctx, f.data, f.size, path, dir, f.mapped, opts, out_module);
  lt_free(a, dir, len + 2);
  lt_onnx_file_close(&f);
  return st;
}

/* view_op_graph.c - writes a Graphviz DOT graph of the IR to stderr, byte for
 * byte as mlir-opt-16's --view-op-graph does, and leaves the IR alone.
 *
 * Ops with regions and blocks become clusters (each with an invisible
 * anchor node that edges attach to); other ops and block arguments become
 * nodes. Data-flow edges run from a value's node to each user, control-flow
 * edges between consecutive ops of a block. Edges are written after all
 * nodes. Labels show the op name, result types and attributes, long ones cut
 * to max-label-len characters. (The doubled `)` after result types is
 * MLIR 16's.) */
#include <stdio.h>
#include <string.h>

#include "ir/ptr_map.h"
#include "passes/pass_list.h"

typedef struct view_options {
  int64_t max_label_len;
  bool print_attrs;
  bool print_control_flow_edges;
  bool print_data_flow_edges;
  bool print_result_types;
} view_options_t;

static const lt_pass_option_t view_options[] = {
    {"max-label-len", LT_OPT_INT, offsetof(view_options_t, max_label_len), "20",
     "Limit attribute/type length to number of chars"},
    {"print-attrs", LT_OPT_BOOL, offsetof(view_options_t, print_attrs), "true",
     "Print attributes of operations"},
    {"print-control-flow-edges", LT_OPT_BOOL,
     offsetof(view_options_t, print_control_flow_edges), "false",
     "Print control flow edges"},
    {"print-data-flow-edges", LT_OPT_BOOL,
     offsetof(view_options_t, print_data_flow_edges), "true",
     "Print data flow edges"},
    {"print-result-types", LT_OPT_BOOL,
     offsetof(view_options_t, print_result_types), "true",
     "Print result types of operations"},
};

/* Elements attributes above this many elements are elided (MLIR's default
 * when no printing flag sets a limit). */
enum { LARGE_ATTR_LIMIT = 16 };

typedef struct node {
  int id;
  int cluster; /* 0: a plain node */
} node_t;

typedef struct viewer {
  const view_options_t *opt;
  lt_strbuf_t out;
  int indent;
  int counter;
  lt_strbuf_t edges;
  lt_ptr_map_t nodes; /* value -> encoded node */
} viewer_t;

static void *encode_node(node_t n) {
  return (void *)(uintptr_t)(((uint64_t)(uint32_t)n.cluster << 32) |
                             (uint32_t)n.id);
}

static node_t node_of(viewer_t *v, const lt_value_t *value) {
  uintptr_t bits = (uintptr_t)lt_ptr_map_get(&v->nodes, value);
  /* A value not seen yet (defined later in a graph region) is node 0. */
  node_t n = {(int)(uint32_t)bits, (int)(uint32_t)((uint64_t)bits >> 32)};
  return n;
}

static void line_start(viewer_t *v) {
  for (int i = 0; i < v->indent; i++)
    lt_strbuf_puts(&v->out, "  ");
}

/* llvm::raw_ostream::write_escaped. */
static void escape(lt_strbuf_t *sb, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    switch (c) {
    case '\\':
      lt_strbuf_puts(sb, "\\\\");
      break;
    case '\t':
      lt_strbuf_puts(sb, "\\t");
      break;
    case '\n':
      lt_strbuf_puts(sb, "\\n");
      break;
    case '"':
      lt_strbuf_puts(sb, "\\\"");
      break;
    default:
      if (c >= 0x20 && c < 0x7f)
        lt_strbuf_putc(sb, (char)c);
      else
        lt_strbuf_printf(sb, "\\%03o", c);
    }
  }
}

static void put_quoted(lt_strbuf_t *sb, const lt_strbuf_t *label) {
  lt_strbuf_putc(sb, '"');
  escape(sb, label->data ? label->data : "", label->len);
  lt_strbuf_putc(sb, '"');
}

static void truncated(viewer_t *v, lt_strbuf_t *dst, const lt_strbuf_t *src) {
  size_t max = v->opt->max_label_len < 0 ? 0 : (size_t)v->opt->max_label_len;
  if (src->len <= max) {
    lt_strbuf_append(dst, src->data ? src->data : "", src->len);
    return;
  }
  lt_strbuf_append(dst, src->data, max);
  lt_strbuf_puts(dst, "...");
}

static node_t emit_node(viewer_t *v, const lt_strbuf_t *label,
                        const char *shape) {
  int id = ++v->counter;
  line_start(v);
  lt_strbuf_printf(&v->out, "v%d [label = ", id);
  put_quoted(&v->out, label);
  lt_strbuf_printf(&v->out, ", shape = %s];\n", shape);
  node_t n = {id, 0};
  return n;
}

static void emit_edge(viewer_t *v, node_t from, node_t to, const char *label,
                      const char *style) {
  lt_strbuf_printf(&v->edges, "v%d -> v%d [", from.id, to.id);
  if (!from.cluster && !to.cluster) {
    lt_strbuf_t l = {0};
    lt_strbuf_puts(&l, label);
    lt_strbuf_puts(&v->edges, "label = ");
    put_quoted(&v->edges, &l);
    lt_strbuf_free(&l);
    lt_strbuf_printf(&v->edges, ", style = %s", style);
  } else {
    lt_strbuf_printf(&v->edges, "style = %s", style);
    if (from.cluster)
      lt_strbuf_printf(&v->edges, ", ltail = cluster_%d", from.cluster);
    if (to.cluster)
      lt_strbuf_printf(&v->edges, ", lhead = cluster_%d", to.cluster);
  }
  lt_strbuf_puts(&v->edges, "];\n");
}

static void emit_attr(viewer_t *v, lt_strbuf_t *label, const lt_attr_t *a) {
  lt_strbuf_t text = {0};
  if (a->kind == LT_ATTR_DENSE && a->dense.splat) {
    lt_attr_print(a, label); /* splats are always shown whole */
    return;
  }
  bool elements = a->kind == LT_ATTR_DENSE || a->kind == LT_ATTR_DENSE_RESOURCE;
  if (elements && lt_attr_dense_count(a) > LARGE_ATTR_LIMIT) {
    uint32_t rank = a->type->shaped.rank;
    for (uint32_t i = 0; i < rank; i++)
      lt_strbuf_putc(label, '[');
    lt_strbuf_puts(label, "...");
    for (uint32_t i = 0; i < rank; i++)
      lt_strbuf_putc(label, ']');
    lt_strbuf_puts(label, " : ");
    lt_type_print(a->type, label);
    return;
  }
  if (a->kind == LT_ATTR_ARRAY && a->array.count > LARGE_ATTR_LIMIT) {
    lt_strbuf_puts(label, "[...]");
    return;
  }
  lt_attr_print(a, &text);
  truncated(v, label, &text);
  lt_strbuf_free(&text);
}

static void op_label(viewer_t *v, lt_op_t *op, lt_strbuf_t *label) {
  lt_strbuf_puts(label, lt_op_name(op));
  if (v->opt->print_result_types) {
    lt_strbuf_t types = {0};
    for (uint32_t i = 0; i < op->num_results; i++) {
      if (i) lt_strbuf_puts(&types, ", ");
      lt_type_print(op->results[i].type, &types);
    }
    lt_strbuf_puts(label, " : (");
    truncated(v, label, &types);
    lt_strbuf_puts(label, "))");
    lt_strbuf_free(&types);
  }
  if (v->opt->print_attrs) {
    lt_strbuf_putc(label, '\n');
    const lt_attr_t *attrs = op->attrs;
    for (uint32_t i = 0; i < attrs->dict.count; i++) {
      lt_strbuf_printf(label, "\n%s: ", attrs->dict.entries[i].name->str);
      emit_attr(v, label, attrs->dict.entries[i].value);
    }
  }
}

static node_t process_op(viewer_t *v, lt_op_t *op);

/* A cluster: `subgraph cluster_N {`, its anchor node, its label, then the
 * body written by the caller before close_cluster. */
static node_t open_cluster(viewer_t *v, const lt_strbuf_t *label) {
  int cluster = ++v->counter;
  line_start(v);
  lt_strbuf_printf(&v->out, "subgraph cluster_%d {\n", cluster);
  v->indent++;
  lt_strbuf_t blank = {0};
  lt_strbuf_puts(&blank, " ");
  node_t anchor = emit_node(v, &blank, "plain");
  lt_strbuf_free(&blank);
  line_start(v);
  lt_strbuf_puts(&v->out, "label = ");
  put_quoted(&v->out, label);
  lt_strbuf_puts(&v->out, ";\n");
  anchor.cluster = cluster;
  return anchor;
}

static void close_cluster(viewer_t *v) {
  v->indent--;
  line_start(v);
  lt_strbuf_puts(&v->out, "}\n");
}

static void process_block(viewer_t *v, lt_block_t *b) {
  lt_strbuf_t empty = {0};
  open_cluster(v, &empty);
  for (uint32_t i = 0; i < b->num_args; i++) {
    lt_strbuf_t label = {0};
    lt_strbuf_printf(&label, "arg%u", i);
    node_t n = emit_node(v, &label, "ellipse");
    lt_strbuf_free(&label);
    lt_ptr_map_put(&v->nodes, b->args[i], encode_node(n));
  }
  node_t prev = {0, 0};
  bool have_prev = false;
  LT_FOR_EACH_OP(op, b) {
    node_t n = process_op(v, op);
    if (v->opt->print_control_flow_edges && have_prev)
      emit_edge(v, prev, n, "", "dashed");
    prev = n;
    have_prev = true;
  }
  close_cluster(v);
}

static node_t process_op(viewer_t *v, lt_op_t *op) {
  lt_strbuf_t label = {0};
  op_label(v, op, &label);
  node_t n;
  if (op->num_regions) {
    n = open_cluster(v, &label);
    for (uint32_t r = 0; r < op->num_regions; r++)
      LT_FOR_EACH_BLOCK(b, &op->regions[r]) { process_block(v, b); }
    close_cluster(v);
  } else {
    n = emit_node(v, &label, "ellipse");
  }
  lt_strbuf_free(&label);
  if (v->opt->print_data_flow_edges) {
    for (uint32_t i = 0; i < op->num_operands; i++) {
      char index[16] = "";
      if (op->num_operands != 1) snprintf(index, sizeof index, "%u", i);
      emit_edge(v, node_of(v, lt_op_operand(op, i)), n, index, "solid");
    }
  }
  for (uint32_t i = 0; i < op->num_results; i++)
    lt_ptr_map_put(&v->nodes, &op->results[i], encode_node(n));
  return n;
}

static lt_result_t run_view_op_graph(lt_pass_t *pass, lt_op_t *op) {
  viewer_t v = {.opt = pass->options};
  lt_ptr_map_init(&v.nodes, lt_context_allocator(lt_op_context(op)));
  lt_strbuf_puts(&v.out, "digraph G {\n");
  v.indent = 1;
  line_start(&v);
  lt_strbuf_puts(&v.out, "compound = true;\n");
  process_op(&v, op);
  /* Edges are indented like the graph body. */
  const char *e = v.edges.data ? v.edges.data : "";
  while (*e) {
    const char *nl = strchr(e, '\n');
    size_t n = nl ? (size_t)(nl - e) + 1 : strlen(e);
    line_start(&v);
    lt_strbuf_append(&v.out, e, n);
    e += n;
  }
  lt_strbuf_puts(&v.out, "}\n");
  fputs(v.out.data, stderr);
  fflush(stderr);
  lt_strbuf_free(&v.out);
  lt_strbuf_free(&v.edges);
  lt_ptr_map_deinit(&v.nodes);
  lt_pass_set_changed(pass, false);
  return LT_SUCCESS;
}

const lt_pass_info_t lt_view_op_graph_pass = {
    .argument = "view-op-graph",
    .name = "PrintOpPass",
    .summary = "Print Graphviz visualization of an operation",
    .anchor = NULL,
    .options_size = sizeof(view_options_t),
    .options = view_options,
    .num_options = LT_ARRAY_SIZE(view_options),
    .statistics = NULL,
    .num_statistics = 0,
    .run = run_view_op_graph,
};

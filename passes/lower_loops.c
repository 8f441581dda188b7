/* lower_loops.c - --lite-lower-to-loops: every lite op whose kernel
 * (`lite.kernel`) is a generated one (`jit_...`) becomes a loop-level
 * kernel function in upstream MLIR 16's dialects (memref, scf, vector,
 * math, arith, func) and a `lite.dispatch` of it in the graph.
 *
 * Elementwise ops fuse: a connected chain or DAG of jit elementwise ops
 * whose intermediate results are used only inside it becomes one kernel
 * with one loop nest (lower_loops_ew.c); softmax, reductions, layer norm,
 * global pooling, transpose, matmul, gemm, fc and conv2d (group 1, a GEMM
 * around a register-blocked microkernel) are kernels of one op each. The kernels go
 * into `builtin.module @lite_kernels` at the end of the top module, named
 * `jit_<families>_<8 hex digits of a hash of the printed kernel>`, so that
 * equal kernels are one function however many ops dispatch it.
 *
 * Only static f32 shapes at nchw Places (or none) are lowered; anything
 * else keeps its op, with a remark saying why under explain=true. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/builtin.h"
#include "ir/diagnostics.h"
#include "ir/printer.h"
#include "passes/lite_rewrite.h"
#include "passes/kernel_registry.h"
#include "passes/lower_loops.h"
#include "passes/pass_list.h"

typedef struct lower_loops_options {
  int64_t vector_width;
  bool explain;
} lower_loops_options_t;

static const lt_pass_option_t kOptions[] = {
    {"vector-width", LT_OPT_INT, offsetof(lower_loops_options_t, vector_width),
     "8", "f32 lanes of the vectors the inner loops step by (16: AVX-512)"},
    {"explain", LT_OPT_BOOL, offsetof(lower_loops_options_t, explain), "false",
     "Emit a remark for every jit op that is left alone, saying why"},
};

enum { STAT_KERNELS, STAT_DISPATCHES, STAT_OPS };
static const lt_pass_statistic_t kStatistics[] = {
    {"num-kernels", "Number of kernel functions created"},
    {"num-dispatches", "Number of lite.dispatch ops created"},
    {"num-ops-lowered", "Number of lite ops replaced by dispatches"},
};

typedef struct lower_state {
  lt_pass_t *pass;
  lt_context_t *ctx;
  const lower_loops_options_t *opt;
  lt_op_t *top;           /* the module the pass runs on */
  lt_op_t *kernels;       /* builtin.module @lite_kernels, once made */
  lt_symbol_table_t *symbols;
  lt_op_t *placed; /* the last dispatch made */
  lt_result_t result;
} lower_state_t;

static lt_result_t check_options(lt_context_t *ctx, const void *options) {
  const lower_loops_options_t *o = options;
  if (o->vector_width < 1 || o->vector_width > 64) {
    return lt_emit_error(ctx, lt_loc_unknown(ctx),
                         "lite-lower-to-loops: vector-width must be in 1..64, "
                         "not %lld",
                         (long long)o->vector_width);
  }
  return LT_SUCCESS;
}

/* ---- which ops ------------------------------------------------------------------- */
static bool is_jit(const lt_op_t *op) {
  /* A dispatch names the kernel it calls, generated already. */
  int id = lt_lite_op_id(op);
  if (id < 0 || id == LT_LITE_DISPATCH) return false;
  const lt_attr_t *k = lt_op_attr(op, "lite.kernel");
  return k && k->kind == LT_ATTR_STRING && k->str.len > 4 &&
         memcmp(k->str.data, "jit_", 4) == 0;
}

const ll_single_t *ll_single_family(lt_op_t *op) {
  switch (lt_lite_op_id(op)) {
  case LT_LITE_SOFTMAX: return &ll_softmax_family;
  case LT_LITE_LOG_SOFTMAX: return &ll_log_softmax_family;
  case LT_LITE_REDUCE_SUM:
  case LT_LITE_REDUCE_MEAN:
  case LT_LITE_REDUCE_MAX:
  case LT_LITE_REDUCE_MIN: return &ll_reduce_family;
  case LT_LITE_LAYER_NORM: return &ll_layer_norm_family;
  case LT_LITE_POOL2D: return &ll_global_pool_family;
  case LT_LITE_TRANSPOSE: return &ll_transpose_family;
  case LT_LITE_CONV2D:
    return lt_rw_op_int(op, "group", 1) > 1 ? &ll_dwconv_family
                                            : &ll_conv_family;
  case LT_LITE_MATMUL: return &ll_matmul_family;
  case LT_LITE_GEMM: return &ll_gemm_family;
  case LT_LITE_FC: return &ll_fc_family;
  case LT_LITE_LAYOUT: return &ll_layout_family;
  default: return NULL;
  }
}

static void explain(lower_state_t *st, lt_op_t *op, const ll_why_t *why) {
  if (st->opt->explain)
    lt_op_emit_remark(op, "not lowered to loops: %s", why->text);
}

/* An op that picked a generated kernel this pass cannot make (a case the
 * row's constraints do not rule out: axes as an operand, a layer norm not
 * over the last axis) runs the reference kernel of the same Place instead
 * (jit_relu__f32_nchw -> ref_relu__f32_nchw): no op leaves the pass naming
 * a kernel that has no code. */
static void fall_back(lower_state_t *st, lt_op_t *op) {
  const lt_attr_t *k = lt_op_attr(op, "lite.kernel");
  char name[128];
  snprintf(name, sizeof name, "ref_%.*s", (int)k->str.len - 4,
           k->str.data + 4);
  const lk_registry_t *r = lt_kernels_registry(st->ctx);
  if (!r || !lk_registry_find(r, name)) {
    st->result = lt_op_emit_error(op, "picked a generated kernel that "
                                      "lite-lower-to-loops cannot make, and "
                                      "has no %s to run instead", name);
    return;
  }
  lt_op_set_attr(op, "lite.kernel", lt_attr_string_cstr(st->ctx, name));
  lt_pass_set_changed(st->pass, true);
}

/* ---- kernels: naming and sharing -------------------------------------------------- */
static lt_op_t *kernels_module(lower_state_t *st) {
  if (st->kernels) return st->kernels;
  lt_block_t *body = lt_module_body(st->top);
  LT_FOR_EACH_OP(op, body) {
    const lt_ident_t *name = lt_symbol_name(op);
    if (strcmp(lt_op_name(op), "builtin.module") == 0 && name &&
        strcmp(name->str, "lite_kernels") == 0)
      st->kernels = op;
  }
  if (!st->kernels) {
    lt_op_t *m = lt_module_create(st->ctx, lt_loc_unknown(st->ctx));
    if (!m) return NULL;
    lt_op_set_attr(m, "sym_name", lt_attr_string_cstr(st->ctx, "lite_kernels"));
    lt_block_push_back(body, m);
    st->kernels = m;
  }
  st->symbols = lt_symbol_table_create(st->kernels);
  if (!st->symbols) st->kernels = NULL;
  return st->kernels;
}

/* The kernel's text as named `kernel`, what its name's hash is of. */
static bool kernel_text(lt_op_t *func, lt_strbuf_t *out) {
  const lt_attr_t *name = lt_op_attr(func, "sym_name");
  lt_op_set_attr(func, "sym_name", lt_attr_string_cstr(lt_op_context(func),
                                                       "kernel"));
  lt_print_flags_t flags;
  lt_print_flags_init(&flags);
  flags.generic = true;
  flags.local_scope = true;
  lt_result_t r = lt_op_print(func, &flags, out);
  lt_op_set_attr(func, "sym_name", name);
  return LT_SUCCEEDED(r) && out->data;
}

static uint32_t fnv1a(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
  return h;
}

/* Names the finished kernel and puts it into @lite_kernels, or destroys it
 * when an equal one is there already; the name is the one to call. */
static const lt_ident_t *install_kernel(lower_state_t *st, ll_kernel_t *k,
                                        const char *families) {
  lt_strbuf_t text = {0};
  if (!kernel_text(k->func, &text) || !kernels_module(st)) {
    lt_strbuf_free(&text);
    return NULL;
  }
  char name[96];
  snprintf(name, sizeof(name), "jit_%s_%08x", families,
           fnv1a(text.data, text.len));
  const lt_ident_t *id = lt_ident_cstr(st->ctx, name);
  lt_op_t *existing = id ? lt_symbol_table_lookup(st->symbols, id) : NULL;
  if (existing) {
    lt_strbuf_t other = {0};
    bool same = kernel_text(existing, &other) && other.len == text.len &&
                memcmp(other.data, text.data, text.len) == 0;
    lt_strbuf_free(&other);
    if (same) {
      lt_strbuf_free(&text);
      lt_op_destroy(k->func);
      k->func = NULL;
      return id;
    }
  }
  lt_strbuf_free(&text);
  lt_op_set_attr(k->func, "sym_name", lt_attr_string_cstr(st->ctx, name));
  /* A different kernel of the same hash gets a suffix from the table. */
  lt_symbol_table_insert(st->symbols, k->func);
  lt_pass_stat_add(st->pass, STAT_KERNELS, 1);
  id = lt_symbol_name(k->func);
  k->func = NULL;
  return id;
}

/* Family names joined by `_`, cut at a name boundary before 40 bytes:
 * false once one did not fit. */
static bool add_family(char *buf, size_t cap, const char *family) {
  size_t len = strlen(buf), n = strlen(family);
  if ((len && len + 1 + n > 40) || len + 1 + n >= cap) return false;
  if (len) buf[len++] = '_';
  memcpy(buf + len, family, n + 1);
  return true;
}

/* ---- dispatches ------------------------------------------------------------------- */
/* Replaces ops[0..n) (block order; the last one's results are the
 * outputs) by a lite.dispatch of `callee` on inputs[0..num_inputs). */
static lt_result_t dispatch(lower_state_t *st, lt_op_t *const *ops, uint32_t n,
                            lt_value_t *const *inputs, uint32_t num_inputs,
                            const lt_ident_t *callee) {
  lt_context_t *ctx = st->ctx;
  lt_op_t *root = ops[n - 1];
  int64_t dims[LL_MAX_RANK + 1];
  uint32_t nd = 0;
  dims[nd++] = root->results[0].type->shaped.rank;
  for (uint32_t d = 0; d < root->results[0].type->shaped.rank; d++)
    dims[nd++] = root->results[0].type->shaped.shape[d];
  const lt_ident_t *path[2] = {lt_ident_cstr(ctx, "lite_kernels"), callee};

  lt_op_state_t s;
  lt_op_state_init(&s, ctx, "lite.dispatch", lt_rw_fused_loc(ctx, n, ops));
  for (uint32_t i = 0; i < num_inputs; i++)
    lt_op_state_add_operand(&s, inputs[i]);
  lt_op_state_add_result(&s, root->results[0].type);
  lt_op_state_add_attr(&s, "callee", lt_attr_symbol_ref(ctx, 2, path));
  lt_op_state_add_attr(&s, "lite.kernel", lt_attr_string(ctx, callee->str,
                                                         callee->len, NULL));
  lt_op_state_add_attr(&s, "result_dims",
                       lt_attr_dense_array(ctx, lt_type_integer(ctx, 64,
                                                                LT_SIGNLESS),
                                           nd, dims));
  lt_builder_t b;
  lt_builder_init(&b, ctx);
  lt_builder_set_before(&b, root);
  lt_op_t *d = lt_builder_create(&b, &s);
  lt_op_state_free(&s);
  if (!d) return lt_op_emit_error(root, "out of memory");
  st->placed = d;
  lt_value_replace_all_uses(lt_op_result(root, 0), lt_op_result(d, 0));
  /* Users come after their producers: erasing from the root backwards
   * leaves each op unused when its turn comes. */
  for (uint32_t i = n; i-- > 0;) lt_op_erase(ops[i]);
  lt_pass_stat_add(st->pass, STAT_DISPATCHES, 1);
  lt_pass_stat_add(st->pass, STAT_OPS, n);
  return LT_SUCCESS;
}

/* Splat constants the group read are erased once nothing else does. */
static void erase_dead_constants(lt_op_t **consts, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (!consts[i]) continue;
    for (uint32_t j = i + 1; j < n; j++)
      if (consts[j] == consts[i]) consts[j] = NULL;
    if (lt_op_use_empty(consts[i])) lt_op_erase(consts[i]);
  }
}

/* ---- elementwise groups ----------------------------------------------------------- */
static bool in_group(const ll_group_t *g, const lt_op_t *op) {
  for (uint32_t i = 0; i < g->n; i++)
    if (g->ops[i] == op) return true;
  return false;
}

/* Whether the producer of v can join g: a jit elementwise op of the same
 * block whose single result only g's ops use. */
static lt_op_t *joinable(const ll_group_t *g, lt_value_t *v, lt_block_t *block) {
  lt_op_t *def = lt_value_defining_op(v);
  if (!def || def->parent != block || in_group(g, def) || !is_jit(def) ||
      def->num_results != 1 || !ll_ew_supported(def, NULL))
    return NULL;
  LT_FOR_EACH_USE(use, v)
    if (!in_group(g, use->owner)) return NULL;
  return def;
}

static int cmp_order(const void *a, const void *b) {
  lt_op_t *x = *(lt_op_t *const *)a, *y = *(lt_op_t *const *)b;
  return x == y ? 0 : lt_op_is_before(x, y) ? -1 : 1;
}

/* Grows the group of root over its producers until none more can join
 * (a producer used by two ops of the group joins once both are in). */
static void grow_group(ll_group_t *g, lt_op_t *root) {
  g->n = 0;
  g->ops[g->n++] = root;
  for (bool grew = true; grew && g->n < LL_MAX_GROUP;) {
    grew = false;
    for (uint32_t i = 0; i < g->n && g->n < LL_MAX_GROUP; i++)
      for (uint32_t j = 0; j < g->ops[i]->num_operands; j++) {
        lt_op_t *def = joinable(g, lt_op_operand(g->ops[i], j), root->parent);
        if (def && g->n < LL_MAX_GROUP) {
          g->ops[g->n++] = def;
          grew = true;
        }
      }
  }
  qsort(g->ops, g->n, sizeof(g->ops[0]), cmp_order);
}

/* The group's inputs (values from outside, splat constants aside) in
 * order of first use; false past LL_MAX_INPUTS. */
static bool group_inputs(ll_group_t *g, lt_op_t **consts, uint32_t *num_consts) {
  g->num_inputs = 0;
  *num_consts = 0;
  for (uint32_t i = 0; i < g->n; i++)
    for (uint32_t j = 0; j < g->ops[i]->num_operands; j++) {
      lt_value_t *v = lt_op_operand(g->ops[i], j);
      lt_op_t *def = lt_value_defining_op(v);
      double c;
      if (def && in_group(g, def)) continue;
      if (ll_ew_splat_const(v, &c)) {
        if (*num_consts < LL_MAX_GROUP * 2) consts[(*num_consts)++] = def;
        continue;
      }
      bool seen = false;
      for (uint32_t k = 0; k < g->num_inputs; k++) seen |= g->inputs[k] == v;
      if (seen) continue;
      if (g->num_inputs == LL_MAX_INPUTS) return false;
      g->inputs[g->num_inputs++] = v;
    }
  return true;
}

/* Lowers the group rooted at root (st->placed: its dispatch). */
static void lower_group(lower_state_t *st, lt_op_t *root) {
  ll_group_t g;
  lt_op_t *consts[LL_MAX_GROUP * 2];
  uint32_t num_consts;
  grow_group(&g, root);
  /* Past LL_MAX_INPUTS, the root alone may still fit. */
  bool fit = group_inputs(&g, consts, &num_consts);
  if (!fit && g.n > 1) {
    g.n = 1;
    g.ops[0] = root;
    fit = group_inputs(&g, consts, &num_consts);
  }
  if (!fit) {
    ll_why_t why;
    ll_why_set(&why, "more than %d inputs", LL_MAX_INPUTS);
    explain(st, root, &why);
    return;
  }
  const lt_type_t *types[LL_MAX_INPUTS + 1];
  for (uint32_t i = 0; i < g.num_inputs; i++) types[i] = g.inputs[i]->type;
  types[g.num_inputs] = root->results[0].type;
  char families[64] = "";
  bool fits = true;
  for (uint32_t i = 0; i < g.n && fits; i++) {
    lt_strbuf_t fam = {0};
    ll_ew_family(g.ops[i], &fam);
    fits = fam.data && add_family(families, sizeof(families), fam.data);
    lt_strbuf_free(&fam);
  }

  ll_kernel_t k;
  lt_result_t r = ll_kernel_begin(&k, st->ctx, root->loc, st->opt->vector_width,
                                  g.num_inputs + 1, types, g.num_inputs);
  if (LT_SUCCEEDED(r)) r = ll_ew_emit(&k, &g);
  if (LT_SUCCEEDED(r)) r = ll_kernel_end(&k);
  const lt_ident_t *name = LT_SUCCEEDED(r) ? install_kernel(st, &k, families)
                                           : NULL;
  if (k.func) lt_op_destroy(k.func);
  ll_kernel_free(&k);
  if (!name) {
    st->result = lt_op_emit_error(root, "out of memory building its kernel");
    return;
  }
  if (LT_FAILED(dispatch(st, g.ops, g.n, g.inputs, g.num_inputs, name)))
    st->result = LT_FAILURE;
  erase_dead_constants(consts, num_consts);
}

/* ---- one-op kernels ---------------------------------------------------------------- */
static void lower_single(lower_state_t *st, lt_op_t *op,
                         const ll_single_t *fam) {
  lt_value_t *inputs[LL_MAX_INPUTS];
  const lt_type_t *types[LL_MAX_INPUTS + 1];
  uint32_t n = 0;
  for (uint32_t i = 0; i < op->num_operands && n < LL_MAX_INPUTS; i++) {
    lt_value_t *v = lt_op_operand(op, i);
    if (v->type->kind == LT_TYPE_NONE) continue;
    inputs[n] = v;
    types[n++] = v->type;
  }
  types[n] = op->results[0].type;
  ll_kernel_t k;
  lt_result_t r = ll_kernel_begin(&k, st->ctx, op->loc, st->opt->vector_width,
                                  n + 1, types, n);
  if (LT_SUCCEEDED(r)) r = fam->emit(&k, op);
  if (LT_SUCCEEDED(r)) r = ll_kernel_end(&k);
  const char *family = fam->family ? fam->family
                                    : lt_lite_op_name((lt_lite_op_id_t)
                                                          lt_lite_op_id(op));
  const lt_ident_t *name = LT_SUCCEEDED(r) ? install_kernel(st, &k, family)
                                           : NULL;
  if (k.func) lt_op_destroy(k.func);
  ll_kernel_free(&k);
  if (!name) {
    st->result = lt_op_emit_error(op, "out of memory building its kernel");
    return;
  }
  if (LT_FAILED(dispatch(st, &op, 1, inputs, n, name))) st->result = LT_FAILURE;
}

/* ---- the walk ----------------------------------------------------------------------- */
static void lower_block(lower_state_t *st, lt_block_t *block) {
  /* Backwards, so that a group is found from its root, the last op; the
   * ops a kernel takes in are all before it, and the walk goes on before
   * the dispatch that stands where the root stood. */
  for (lt_op_t *op = block->last, *prev; op && LT_SUCCEEDED(st->result);
       op = prev) {
    prev = op->prev;
    if (!is_jit(op)) continue;
    ll_why_t why = {{0}};
    const ll_single_t *fam = ll_single_family(op);
    if (fam ? !fam->supported(op, &why) : !ll_ew_supported(op, &why)) {
      explain(st, op, &why);
      fall_back(st, op);
      continue;
    }
    st->placed = NULL;
    if (fam) lower_single(st, op, fam);
    else lower_group(st, op);
    if (st->placed) prev = st->placed->prev;
  }
}

static lt_result_t run(lt_pass_t *pass, lt_op_t *module) {
  lower_state_t st = {.pass = pass,
                      .ctx = lt_op_context(module),
                      .opt = pass->options,
                      .top = module,
                      .result = LT_SUCCESS};
  uint64_t before = pass->stats[STAT_DISPATCHES];
  LT_FOR_EACH_OP(op, lt_module_body(module)) {
    if (strcmp(lt_op_name(op), "func.func") != 0 || op->num_regions != 1)
      continue;
    LT_FOR_EACH_BLOCK(b, lt_op_region(op, 0)) lower_block(&st, b);
    if (LT_FAILED(st.result)) break;
  }
  if (st.symbols) lt_symbol_table_destroy(st.symbols);
  lt_pass_set_changed(pass, pass->stats[STAT_DISPATCHES] != before);
  return st.result;
}

const lt_pass_info_t lt_lower_to_loops_pass = {
    .argument = "lite-lower-to-loops",
    .name = "LiteLowerToLoops",
    .summary = "Lower jit-picked lite ops into loop-level kernels (memref, "
               "scf, vector, math, arith) called by lite.dispatch",
    .anchor = "builtin.module",
    .options_size = sizeof(lower_loops_options_t),
    .options = kOptions,
    .num_options = LT_ARRAY_SIZE(kOptions),
    .statistics = kStatistics,
    .num_statistics = LT_ARRAY_SIZE(kStatistics),
    .run = run,
    .check_options = check_options,
};

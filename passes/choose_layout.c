/* choose_layout.c - --lite-choose-layout: which regions of a function run
 * in a blocked layout (nchw16c), after lite-pick-kernels has given every
 * op its kernel.
 *
 * The pick scores each op alone, so with a blocked place first every op
 * that has a blocked kernel takes it, wherever it stands. A blocked value
 * read by an op in another layout costs a lite.layout (a pass over its
 * bytes), and so does a plain value that a blocked kernel reads at its
 * blocked layout; what a blocked region gains is its convolutions running
 * on packed channel blocks. This pass weighs the two per region:
 *
 * - a region is a connected set of ops whose kernels run at a blocked
 *   layout, joined by the values one writes and another reads at a
 *   blocked layout (a convolution reading its input at `any` layout, as
 *   x86_conv2d__f32_nchw16c does, takes a plain input without a cast and
 *   so starts a region for free);
 * - its cost is the elements of the values that would be cast at its
 *   edges: blocked results read outside it (or returned), and plain
 *   values its ops read at a blocked layout (constants excepted: their
 *   casts fold);
 * - its gain is the multiply-adds of its convolutions.
 *
 * A region whose multiply-adds are fewer than macs-per-cast times its cast
 * elements is given back: each of its ops is picked again at the places
 * without a blocked layout (kernel-kinds as the pick had them). So is any
 * blocked op with an operand or result that is not a rank-4 tensor (the
 * blocked layouts are defined over N, C, H, W). Giving a region back
 * changes its neighbours' edges, so the weighing repeats until nothing
 * changes. */
#include <stdlib.h>
#include <string.h>

#include "dialects/func/func.h"
#include "ir/diagnostics.h"
#include "passes/kernel_registry.h"
#include "passes/pass_list.h"
#include "passes/place_passes.h"

typedef struct choose_layout_options {
  char *places;
  char *kinds;
  int64_t macs_per_cast;
} choose_layout_options_t;

static const lt_pass_option_t kOptions[] = {
    {"places", LT_OPT_STRING, offsetof(choose_layout_options_t, places),
     "host:f32:nchw",
     "Valid places, as lite-pick-kernels took them (a region given back is "
     "picked again at the unblocked ones)"},
    {"kernel-kinds", LT_OPT_STRING, offsetof(choose_layout_options_t, kinds),
     "", "Kernel kinds, as lite-pick-kernels took them"},
    {"macs-per-cast", LT_OPT_INT,
     offsetof(choose_layout_options_t, macs_per_cast), "1000",
     "Multiply-adds a region's convolutions must have per element cast at "
     "its edges to stay blocked"},
};

enum { STAT_REGIONS, STAT_KEPT, STAT_REPICKED };
static const lt_pass_statistic_t kStatistics[] = {
    {"num-regions", "Number of blocked regions weighed (last round)"},
    {"num-kept", "Number of blocked regions kept (last round)"},
    {"num-repicked", "Number of ops picked again at an unblocked layout"},
};

typedef struct node {
  lt_op_t *op;
  const lk_kernel_t *kernel;
  int32_t parent; /* union-find */
} node_t;

typedef struct region {
  double macs, casts;
} region_t;

static int32_t find(node_t *n, int32_t i) {
  while (n[i].parent != i)
    i = n[i].parent = n[n[i].parent].parent;
  return i;
}

static bool blocked(lk_layout_t l) { return lk_layout_channel_block(l) > 1; }

static double elements(const lt_value_t *v) {
  const lt_type_t *t = v->type;
  if (!t || t->kind != LT_TYPE_TENSOR) return 0;
  double e = 1;
  for (uint32_t i = 0; i < t->shaped.rank; i++)
    e *= t->shaped.shape[i] < 0 ? 1 : (double)t->shaped.shape[i];
  return e;
}

static bool rank4(const lt_value_t *v) {
  return v->type->kind == LT_TYPE_NONE ||
         (v->type->kind == LT_TYPE_TENSOR && v->type->shaped.rank == 4);
}

/* The multiply-adds of a convolution: y's elements times a filter's. */
static double conv_macs(lt_op_t *op) {
  if (lt_lite_op_id(op) != LT_LITE_CONV2D || op->num_operands < 2) return 0;
  const lt_type_t *w = lt_op_operand(op, 1)->type;
  if (w->kind != LT_TYPE_TENSOR || w->shaped.rank != 4) return 0;
  double per = 1;
  for (int i = 1; i < 4; i++)
    per *= w->shaped.shape[i] < 0 ? 1 : (double)w->shaped.shape[i];
  return elements(lt_op_result(op, 0)) * per;
}

/* Node index of v's defining op, -1 when it has none among the nodes. */
static int32_t node_of(const lt_value_t *v, node_t *nodes, int32_t n) {
  if (v->is_block_arg) return -1;
  const lt_op_t *def = v->owner.op;
  for (int32_t i = 0; i < n; i++)
    if (nodes[i].op == def) return i;
  return -1;
}

typedef struct chooser {
  lt_pass_t *pass;
  const choose_layout_options_t *o;
  const lk_registry_t *registry;
  char *unblocked; /* places without the blocked ones */
  node_t *nodes;
  region_t *regions;
  int32_t n, cap;
  int64_t regions_seen, kept; /* of the last round */
} chooser_t;

/* The ops of block whose kernels run at a blocked layout. */
static lt_result_t collect(chooser_t *c, lt_block_t *block) {
  c->n = 0;
  for (lt_op_t *op = block->first; op; op = op->next) {
    bool failed;
    const lk_kernel_t *k = lt_place_op_kernel(op, c->registry, &failed);
    if (failed) return LT_FAILURE;
    if (!k || !blocked(k->place.layout)) continue;
    if (c->n == c->cap) {
      int32_t cap = c->cap ? 2 * c->cap : 64;
      node_t *grown = realloc(c->nodes, (size_t)cap * sizeof *grown);
      region_t *rg = realloc(c->regions, (size_t)cap * sizeof *rg);
      if (grown) c->nodes = grown;
      if (rg) c->regions = rg;
      if (!grown || !rg) return lt_op_emit_error(op, "out of memory");
      c->cap = cap;
    }
    c->nodes[c->n] = (node_t){op, k, c->n};
    c->n++;
  }
  return LT_SUCCESS;
}

static lt_result_t repick(chooser_t *c, lt_op_t *op) {
  lt_pass_stat_add(c->pass, STAT_REPICKED, 1);
  lt_pass_set_changed(c->pass, true);
  return lt_pick_kernel_at(op, c->unblocked, c->o->kinds);
}

/* One round: weigh the regions, give back the losing ones. *changed when
 * an op was picked again. */
static lt_result_t round_once(chooser_t *c, lt_block_t *block, bool *changed) {
  *changed = false;
  if (LT_FAILED(collect(c, block))) return LT_FAILURE;
  node_t *nd = c->nodes;
  /* not rank 4: no blocked layout for it */
  for (int32_t i = 0; i < c->n; i++) {
    lt_op_t *op = nd[i].op;
    bool ok = true;
    for (uint32_t j = 0; j < op->num_operands && ok; j++)
      ok = rank4(lt_op_operand(op, j)) ||
           !blocked(lk_kernel_input(nd[i].kernel, (int32_t)j).layout);
    for (uint32_t j = 0; j < op->num_results && ok; j++)
      ok = rank4(lt_op_result(op, j));
    if (!ok) {
      if (LT_FAILED(repick(c, op))) return LT_FAILURE;
      *changed = true;
    }
  }
  if (*changed) return LT_SUCCESS;
  /* regions: a blocked result read at a blocked (or any) layout by another
   * blocked op */
  for (int32_t i = 0; i < c->n; i++) {
    lt_op_t *op = nd[i].op;
    for (uint32_t j = 0; j < op->num_operands; j++) {
      lk_layout_t l = lk_kernel_input(nd[i].kernel, (int32_t)j).layout;
      int32_t d = node_of(lt_op_operand(op, j), nd, c->n);
      if (d >= 0 && (blocked(l) || l == LK_LAYOUT_ANY))
        nd[find(nd, d)].parent = find(nd, i);
    }
  }
  for (int32_t i = 0; i < c->n; i++)
    c->regions[i] = (region_t){0, 0};
  for (int32_t i = 0; i < c->n; i++) {
    lt_op_t *op = nd[i].op;
    region_t *r = &c->regions[find(nd, i)];
    r->macs += conv_macs(op);
    /* plain values read at a blocked layout: a cast in */
    for (uint32_t j = 0; j < op->num_operands; j++) {
      lt_value_t *v = lt_op_operand(op, j);
      if (!blocked(lk_kernel_input(nd[i].kernel, (int32_t)j).layout) ||
          node_of(v, nd, c->n) >= 0)
        continue;
      if (!v->is_block_arg && lt_lite_op_id(v->owner.op) == LT_LITE_CONSTANT)
        continue;
      r->casts += elements(v);
    }
    /* blocked results read elsewhere: a cast out (once a value) */
    for (uint32_t j = 0; j < op->num_results; j++) {
      lt_value_t *v = lt_op_result(op, j);
      for (lt_operand_t *u = v->first_use; u; u = u->next_use) {
        int32_t at = -1;
        for (int32_t k = 0; k < c->n && at < 0; k++)
          if (nd[k].op == u->owner) at = k;
        lk_layout_t l =
            at >= 0 ? lk_kernel_input(nd[at].kernel,
                                      (int32_t)lt_operand_index(u))
                          .layout
                    : LK_LAYOUT_NCHW;
        if (blocked(l) || l == LK_LAYOUT_ANY) continue; /* read inside */
        r->casts += elements(v);
        break;
      }
    }
  }
  int64_t regions = 0, kept = 0;
  for (int32_t i = 0; i < c->n; i++) {
    if (find(nd, i) != i) continue;
    regions++;
    const region_t *r = &c->regions[i];
    if (r->macs >= (double)c->o->macs_per_cast * r->casts) kept++;
  }
  for (int32_t i = 0; i < c->n; i++) {
    const region_t *r = &c->regions[find(nd, i)];
    if (r->macs >= (double)c->o->macs_per_cast * r->casts) continue;
    if (LT_FAILED(repick(c, nd[i].op))) return LT_FAILURE;
    *changed = true;
  }
  c->regions_seen = regions;
  c->kept = kept;
  return LT_SUCCESS;
}

/* places without its blocked entries (kept in order), or NULL. */
static char *unblocked_places(lt_op_t *anchor, const char *places) {
  size_t len = strlen(places ? places : "");
  char *out = malloc(len + 1), *at = out;
  if (!out) return NULL;
  *out = 0;
  for (const char *p = places ? places : ""; *p;) {
    p += strspn(p, ", ");
    size_t n = strcspn(p, ",");
    lk_place_t place;
    if (n && lk_place_parse(p, n, &place) && !blocked(place.layout)) {
      if (at != out) *at++ = ',';
      memcpy(at, p, n);
      at += n;
      *at = 0;
    } else if (n && !lk_place_parse(p, n, &place)) {
      lt_op_emit_error(anchor,
                       "lite-choose-layout: bad place '%.*s' in places='%s': "
                       "expected target:precision:layout",
                       (int)n, p, places);
      free(out);
      return NULL;
    }
    p += n;
  }
  if (!*out) { /* nothing unblocked: the host's reference kernels */
    free(out);
    return strdup("host:f32:nchw");
  }
  return out;
}

static lt_result_t run_choose_layout(lt_pass_t *pass, lt_op_t *func) {
  lt_pass_set_changed(pass, false);
  const choose_layout_options_t *o = pass->options;
  lt_block_t *entry = lt_func_entry(func);
  if (!entry) return LT_SUCCESS;
  chooser_t c = {.pass = pass,
                 .o = o,
                 .registry = lt_kernels_registry(lt_op_context(func))};
  if (!c.registry)
    return lt_op_emit_error(func, "out of memory creating the kernel registry");
  c.unblocked = unblocked_places(func, o->places);
  if (!c.unblocked) return LT_FAILURE;
  lt_result_t r = LT_SUCCESS;
  /* each round gives back at least one op, or stops */
  for (bool changed = true; changed && LT_SUCCEEDED(r);)
    r = round_once(&c, entry, &changed);
  lt_pass_stat_add(pass, STAT_REGIONS, (uint64_t)c.regions_seen);
  lt_pass_stat_add(pass, STAT_KEPT, (uint64_t)c.kept);
  free(c.nodes);
  free(c.regions);
  free(c.unblocked);
  return r;
}

const lt_pass_info_t lt_choose_layout_pass = {
    .argument = "lite-choose-layout",
    .name = "LiteChooseLayout",
    .summary = "Keep the blocked-layout regions whose convolutions outweigh "
               "the casts at their edges; pick the others' kernels again",
    .anchor = "func.func",
    .options_size = sizeof(choose_layout_options_t),
    .options = kOptions,
    .num_options = LT_ARRAY_SIZE(kOptions),
    .statistics = kStatistics,
    .num_statistics = LT_ARRAY_SIZE(kStatistics),
    .run = run_choose_layout,
};

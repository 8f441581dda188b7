/* insert_casts.c - --lite-insert-casts: one mechanism for Paddle-Lite's
 * three cast passes. Wherever a value's Place is not compatible with the
 * Place its consumer's kernel declares for it, a chain of casts goes in:
 * lite.io_copy to the destination target, then lite.calib to its precision
 * (the element type follows), then lite.layout to its layout.
 *
 * Casts are cached by (value, destination Place), never by name: every
 * consumer wanting the same destination shares one cast, and consumers
 * wanting different ones get their own. A cast of a constant is folded
 * into a new constant at the destination (calib computed by the
 * evaluator); a cast whose input is a cast from the destination is
 * replaced by that cast's input. Once an op's operands are at its kernel's
 * precision, its results take the kernel's declared result precision. */
#include <stdlib.h>
#include <string.h>

#include "dialects/func/func.h"
#include "ir/diagnostics.h"
#include "passes/kernel_registry.h"
#include "passes/lite_rewrite.h"
#include "passes/pass_list.h"
#include "passes/place_passes.h"

enum {
  STAT_IO_COPY,
  STAT_CALIB,
  STAT_LAYOUT,
  STAT_SHARED,
  STAT_FOLDED,
  STAT_CANCELLED
};

static const lt_pass_statistic_t kStatistics[] = {
    {"num-io-copy", "Number of lite.io_copy ops inserted"},
    {"num-calib", "Number of lite.calib ops inserted"},
    {"num-layout", "Number of lite.layout ops inserted"},
    {"num-shared", "Number of uses served by an existing cast"},
    {"num-folded", "Number of casts of constants folded"},
    {"num-cancelled", "Number of casts cancelled by an inverse cast"},
};

typedef struct cache_entry {
  lt_value_t *from;
  lk_place_t to;
  lt_value_t *value;
} cache_entry_t;

typedef struct casts {
  lt_pass_t *pass;
  const lk_registry_t *registry;
  lt_context_t *ctx;
  lt_block_t *entry;
  cache_entry_t *cache;
  size_t n, cap;
  bool changed;
} casts_t;

static bool same_place(const lk_place_t *a, const lk_place_t *b) {
  return a->target == b->target && a->precision == b->precision &&
         a->layout == b->layout && a->device == b->device;
}

static void stat(casts_t *c, uint32_t i) { lt_pass_stat_add(c->pass, i, 1); }

static void remember(casts_t *c, lt_value_t *from, lk_place_t to,
                     lt_value_t *v) {
  if (c->n == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 16;
    cache_entry_t *g = lt_realloc(lt_context_allocator(c->ctx), c->cache,
                                  c->cap * sizeof(*g), cap * sizeof(*g));
    if (!g) return; /* only sharing is lost */
    c->cache = g;
    c->cap = cap;
  }
  c->cache[c->n++] = (cache_entry_t){from, to, v};
}

/* A float result of an `any` kernel is computed in its float operand's
 * precision (an f16 relu after an f16 conv). */
static bool is_cast(const lt_op_t *op) {
  int id = op ? lt_lite_op_id(op) : -1;
  return id == LT_LITE_IO_COPY || id == LT_LITE_CALIB || id == LT_LITE_LAYOUT;
}

/* The registry's kernel for a cast to `to`: one on the destination target
 * (or any) first, else the host reference one; NULL when none exists. */
static const lk_kernel_t *cast_kernel(const lk_registry_t *r, const char *op,
                                      lk_place_t to) {
  const lk_kernel_t *fallback = NULL;
  for (size_t i = 0; i < lk_registry_size(r); i++) {
    const lk_kernel_t *k = lk_registry_at(r, i);
    if (strcmp(k->op, op) != 0) continue;
    lk_place_t p = k->place;
    if (p.precision != to.precision && p.precision != LK_PRECISION_ANY)
      continue;
    if (p.target == to.target || p.target == LK_TARGET_ANY) return k;
    if (!fallback) fallback = k;
  }
  return fallback;
}

/* cur at Place `to` through one cast op `id`. */
static lt_value_t *cast_one(casts_t *c, lt_value_t *cur, lt_lite_op_id_t id,
                            lk_place_t to) {
  for (size_t i = 0; i < c->n; i++)
    if (c->cache[i].from == cur && same_place(&c->cache[i].to, &to)) {
      stat(c, STAT_SHARED);
      return c->cache[i].value;
    }
  const lt_type_t *type = lt_place_retype(c->ctx, cur->type, to);
  /* Inverse casts cancel: back to where a cast chain started. */
  for (lt_value_t *v = cur; !v->is_block_arg && is_cast(v->owner.op);) {
    v = lt_op_operand(v->owner.op, 0);
    if (v->type == type) {
      stat(c, STAT_CANCELLED);
      remember(c, cur, to, v);
      return v;
    }
  }
  lt_op_t *def = cur->is_block_arg ? NULL : cur->owner.op;
  lt_loc_t loc = def ? def->loc : cur->loc;
  lt_op_state_t s;
  lt_op_state_init(&s, c->ctx,
                   id == LT_LITE_IO_COPY ? "lite.io_copy"
                   : id == LT_LITE_CALIB ? "lite.calib"
                                         : "lite.layout",
                   loc);
  lt_op_state_add_operand(&s, cur);
  lt_op_state_add_result(&s, type);
  const lk_kernel_t *k = cast_kernel(c->registry, lt_lite_op_name(id), to);
  if (k)
    lt_op_state_add_attr(&s, "lite.kernel",
                         lt_attr_string_cstr(c->ctx, k->name));
  lt_op_t *op = lt_op_create(&s);
  lt_op_state_free(&s);
  if (!op) return NULL;
  lt_block_insert(c->entry, def ? def->next : c->entry->first, op);
  lt_value_t *out = lt_op_result(op, 0);
  c->changed = true;

  if (def && lt_lite_op_id(def) == LT_LITE_CONSTANT) {
    /* Fold: the constant at the destination, computed by the evaluator. */
    lt_allocator_t al = lt_context_allocator(c->ctx);
    lk_tensor_t in, res;
    bool owned;
    lt_value_t *folded = NULL;
    if (lt_rw_const_tensor(cur, al, &in, &owned)) {
      if (LT_SUCCEEDED(lt_lite_eval(op, al, &in, &res))) {
        lt_rewriter_t rw;
        lt_rewriter_init(&rw, c->ctx, NULL);
        lt_rewriter_set_after(&rw, op);
        folded = lt_rw_constant(&rw, loc, &res, "cast");
        lt_lite_tensor_free(al, &res);
      }
      if (owned) lt_lite_tensor_free(al, &in);
    }
    if (folded) {
      lt_value_set_type(folded, type);
      lt_op_erase(op);
      stat(c, STAT_FOLDED);
      remember(c, cur, to, folded);
      return folded;
    }
  }
  stat(c, id == LT_LITE_IO_COPY ? STAT_IO_COPY
          : id == LT_LITE_CALIB ? STAT_CALIB
                                : STAT_LAYOUT);
  remember(c, cur, to, out);
  return out;
}

/* v at a Place compatible with want: io_copy, then calib, then layout. */
static lt_value_t *convert(casts_t *c, lt_value_t *v, lk_place_t want) {
  lk_place_t have;
  if (!lt_place_of_value(v, &have) || lt_place_compatible(&have, &want))
    return v;
  lt_value_t *cur = v;
  lk_place_t p = have;
  if (!lt_target_compatible(p.target, want.target) ||
      !lt_device_compatible(&p, &want)) {
    p.target = want.target;
    p.device = want.device;
    if (!(cur = cast_one(c, cur, LT_LITE_IO_COPY, p))) return NULL;
  }
  if (!lt_precision_compatible(p.precision, want.precision)) {
    p.precision = want.precision;
    if (!(cur = cast_one(c, cur, LT_LITE_CALIB, p))) return NULL;
  }
  if (!lt_layout_compatible(p.layout, want.layout)) {
    p.layout = want.layout;
    if (!(cur = cast_one(c, cur, LT_LITE_LAYOUT, p))) return NULL;
  }
  return cur;
}

static lt_result_t fix_operand(casts_t *c, lt_op_t *op, uint32_t i,
                               const lk_kernel_t *k, lk_place_t want) {
  lt_value_t *v = lt_op_operand(op, i);
  lk_place_t have, first;
  if (!lt_place_of_value(v, &have)) return LT_SUCCESS;
  /* A kernel of one float precision (the f32 rows) reads every float
   * operand it leaves open in that precision: an f16 value is calibrated
   * to it, as the kernel pick's f16/f32 compatibility assumes. */
  if (k && want.precision == LK_PRECISION_ANY &&
      lk_precision_is_float(k->place.precision) &&
      lk_precision_is_float(have.precision))
    want.precision = k->place.precision;
  /* An `any` kernel reads its float operands in operand 0's precision:
   * one element type per op. */
  if (i > 0 && want.precision == LK_PRECISION_ANY &&
      lt_place_of_value(lt_op_operand(op, 0), &first) &&
      lk_precision_is_float(first.precision) &&
      lk_precision_is_float(have.precision))
    want.precision = first.precision;
  /* `any` in a declaration keeps what the value has. */
  if (want.target == LK_TARGET_ANY) want.target = have.target;
  if (want.precision == LK_PRECISION_ANY) want.precision = have.precision;
  if (want.layout == LK_LAYOUT_ANY) want.layout = have.layout;
  lt_value_t *w = convert(c, v, want);
  if (!w) return lt_op_emit_error(op, "cannot cast operand #%u", i);
  if (w != v) lt_op_set_operand(op, i, w);
  return LT_SUCCESS;
}

/* A returned value whose Place is compatible with the declared result but
 * not the same (x86 memory where host was declared: one address space)
 * needs no copy: the function's result type takes the value's type, since
 * func.return wants them equal. */
static lt_result_t match_results(casts_t *c, lt_op_t *func, lt_op_t *ret) {
  const lt_type_t *ft = lt_func_type(func);
  uint32_t ni = ft->function.num_inputs, nr = ft->function.num_results;
  const lt_type_t *types[64];
  if (ni + nr > 64) return LT_SUCCESS;
  bool differ = false;
  for (uint32_t i = 0; i < ni + nr; i++)
    types[i] = ft->function.types[i];
  for (uint32_t i = 0; i < nr; i++) {
    const lt_type_t *have = lt_op_operand(ret, i)->type;
    if (have != types[ni + i] && lt_type_compatible(have, types[ni + i])) {
      types[ni + i] = have;
      differ = true;
    }
  }
  if (!differ) return LT_SUCCESS;
  lt_op_set_attr(func, "function_type",
                 lt_attr_type(c->ctx, lt_type_function(c->ctx, ni, types, nr,
                                                       types + ni)));
  c->changed = true;
  return LT_SUCCESS;
}

/* The unrealized cast lite-infer-places put before func.return's operand
 * i, if any, gives way: the operand becomes the cast's input again, to be
 * cast for real. */
static void unbridge(lt_op_t *ret, uint32_t i) {
  lt_value_t *v = lt_op_operand(ret, i);
  lt_op_t *def = v->is_block_arg ? NULL : v->owner.op;
  if (!def || def->num_operands != 1 ||
      strcmp(lt_op_name(def), "builtin.unrealized_conversion_cast") != 0)
    return;
  lt_op_set_operand(ret, i, lt_op_operand(def, 0));
  if (lt_value_use_empty(lt_op_result(def, 0))) lt_op_erase(def);
}

static lt_result_t visit(casts_t *c, lt_op_t *op) {
  if (strcmp(lt_op_name(op), "func.return") == 0) {
    const lt_type_t *ft = lt_func_type(lt_op_parent_op(op));
    if (!ft || ft->function.num_results != op->num_operands) return LT_SUCCESS;
    for (uint32_t i = 0; i < op->num_operands; i++) {
      unbridge(op, i);
      lk_place_t want;
      const lt_type_t *t = ft->function.types[ft->function.num_inputs + i];
      if (t->kind == LT_TYPE_TENSOR && lt_place_of_type(t, &want) &&
          LT_FAILED(fix_operand(c, op, i, NULL, want)))
        return LT_FAILURE;
    }
    return match_results(c, lt_op_parent_op(op), op);
  }
  bool failed;
  const lk_kernel_t *k = lt_place_op_kernel(op, c->registry, &failed);
  if (!k) return failed ? LT_FAILURE : LT_SUCCESS;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (LT_FAILED(fix_operand(c, op, i, k, lk_kernel_input(k, (int32_t)i))))
      return LT_FAILURE;
  lk_place_t first;
  bool has_first = false;
  for (uint32_t i = 0; i < op->num_operands && !has_first; i++)
    has_first = lt_place_of_value(lt_op_operand(op, i), &first);
  for (uint32_t i = 0; i < op->num_results; i++) {
    lt_value_t *r = lt_op_result(op, i);
    lk_place_t have, decl = lk_kernel_output(k, (int32_t)i);
    if (!lt_place_of_value(r, &have)) continue;
    lk_place_t p = have;
    if (decl.precision != LK_PRECISION_ANY)
      p.precision = decl.precision;
    else if (has_first && lt_lite_op_id(op) != LT_LITE_CALIB &&
             lt_lite_op_id(op) != LT_LITE_CAST &&
             lk_precision_is_float(first.precision) &&
             lk_precision_is_float(
                 lt_precision_of_element(r->type->shaped.element)))
      p.precision = first.precision;
    const lt_type_t *t = lt_place_retype(c->ctx, r->type, p);
    if (t != r->type) {
      lt_value_set_type(r, t);
      c->changed = true;
    }
  }
  return LT_SUCCESS;
}

static lt_result_t run_insert_casts(lt_pass_t *pass, lt_op_t *func) {
  const lk_registry_t *registry = lt_kernels_registry(lt_op_context(func));
  if (!registry)
    return lt_op_emit_error(func, "out of memory creating the kernel registry");
  casts_t c = {.pass = pass,
               .registry = registry,
               .ctx = lt_op_context(func),
               .entry = lt_func_entry(func)};
  lt_result_t result = LT_SUCCESS;
  if (c.entry)
    for (lt_op_t *op = c.entry->first; op; op = op->next)
      if (LT_FAILED(visit(&c, op))) result = LT_FAILURE;
  /* Constants every use of which now reads a folded copy, and casts
   * every use of which was cancelled, are dead. */
  for (size_t i = 0; i < c.n; i++) {
    lt_value_t *from = c.cache[i].from;
    if (!from || from->is_block_arg ||
        (lt_lite_op_id(from->owner.op) != LT_LITE_CONSTANT &&
         !is_cast(from->owner.op)) ||
        !lt_value_use_empty(from))
      continue;
    lt_op_t *dead = from->owner.op;
    for (size_t j = i; j < c.n; j++)
      if (c.cache[j].from == from) c.cache[j].from = NULL;
    lt_op_erase(dead);
  }
  lt_free(lt_context_allocator(c.ctx), c.cache, c.cap * sizeof(*c.cache));
  lt_pass_set_changed(pass, c.changed);
  return result;
}

const lt_pass_info_t lt_insert_casts_pass = {
    .argument = "lite-insert-casts",
    .name = "LiteInsertCasts",
    .summary = "Insert io_copy, calib and layout casts where a value's Place "
               "is not the one its consumer's kernel reads",
    .anchor = "func.func",
    .statistics = kStatistics,
    .num_statistics = sizeof(kStatistics) / sizeof(kStatistics[0]),
    .run = run_insert_casts,
};

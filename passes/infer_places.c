/* infer_places.c - --lite-infer-places: gives every tensor of a function a
 * Place once lite-pick-kernels has recorded `lite.kernel` on its ops
 * (Paddle-Lite's variable_place_inference_pass).
 *
 * A result takes its kernel's declared result Place; `any` target and
 * layout come from the first placed operand, else from the first valid
 * place in an unblocked layout (the first one when all are blocked); a
 * value not of rank 4 never takes a blocked layout. The model's interface
 * is host memory in the logical layout: the caller hands inputs and
 * receives outputs as plain NCHW buffers, so arguments and results are
 * placed at host/nchw and lite-insert-casts copies them to and from the
 * devices their consumers and producers run on. A constant takes the
 * Place each consumer declares: a constant wanted at two Places is
 * duplicated (weights are free to place; no cast needed).
 *
 * The precision of every Place stays the one storing the value's element
 * type, so the IR verifies after this pass: a kernel declaring another
 * precision (an f16 conv fed f32) gets its operands calibrated and its
 * results retyped by lite-insert-casts. A returned value placed elsewhere
 * than the function's result reaches func.return (which wants the result's
 * type) through a builtin.unrealized_conversion_cast, as in MLIR's type
 * conversions; lite-insert-casts turns it into real casts. */
#include <string.h>

#include "dialects/func/func.h"
#include "ir/diagnostics.h"
#include "passes/kernel_registry.h"
#include "passes/pass_list.h"
#include "passes/place_passes.h"

typedef struct infer_places_options {
  char *places;
} infer_places_options_t;

static const lt_pass_option_t kOptions[] = {
    {"places", LT_OPT_STRING, offsetof(infer_places_options_t, places),
     "host:f32:nchw",
     "Valid places, highest priority first (the first fills `any`)"},
};
static const lt_pass_statistic_t kStatistics[] = {
    {"num-placed", "Number of values given a Place"},
    {"num-duplicated", "Number of constants duplicated for a second Place"},
};

static lt_context_t *value_context(const lt_value_t *v) {
  return v->is_block_arg ? lt_op_context(lt_block_parent_op(v->owner.block))
                         : lt_op_context(v->owner.op);
}

static bool set_place(lt_value_t *v, lk_place_t place) {
  if (!v->type || v->type->kind != LT_TYPE_TENSOR) return false;
  /* the blocked layouts are defined over N, C, H, W */
  if (lk_layout_channel_block(place.layout) > 1 && v->type->shaped.rank != 4)
    place.layout = LK_LAYOUT_NCHW;
  lt_context_t *ctx = value_context(v);
  place.precision = lt_precision_of_element(v->type->shaped.element);
  const lt_type_t *t = lt_type_with_place(ctx, v->type, place);
  if (t == v->type) return false;
  lt_value_set_type(v, t);
  return true;
}

/* `any` fields of want filled from `from` (when placed), then `dflt`. */
static lk_place_t resolve(lk_place_t want, const lk_place_t *from,
                          lk_place_t dflt) {
  if (want.target == LK_TARGET_ANY)
    want.target =
        from && from->target != LK_TARGET_ANY ? from->target : dflt.target;
  if (want.layout == LK_LAYOUT_ANY)
    want.layout =
        from && from->layout != LK_LAYOUT_ANY ? from->layout : dflt.layout;
  return want;
}

/* The Place the kernel of use's owner declares for that operand. */
static bool wanted_at(const lt_operand_t *use, const lk_registry_t *registry,
                      lk_place_t dflt, lk_place_t *out) {
  bool failed;
  const lk_kernel_t *k = lt_place_op_kernel(use->owner, registry, &failed);
  if (!k) return false;
  *out =
      resolve(lk_kernel_input(k, (int32_t)lt_operand_index(use)), NULL, dflt);
  return true;
}

static uint32_t place_constant(lt_pass_t *pass, lt_op_t *c,
                               const lk_registry_t *registry, lk_place_t dflt) {
  lt_value_t *v = lt_op_result(c, 0);
  uint32_t placed = 0;
  /* Uses wanting the first Place stay on c; each other Place gets a clone
   * taking over the uses that want it. */
  for (;;) {
    lt_operand_t *first = NULL;
    lk_place_t want = dflt, have;
    bool have_placed = lt_place_of_value(v, &have);
    for (lt_operand_t *u = v->first_use; u; u = u->next_use) {
      lk_place_t w;
      if (!wanted_at(u, registry, dflt, &w)) continue;
      w.precision = lt_precision_of_element(v->type->shaped.element);
      if (have_placed && lt_place_compatible(&have, &w)) continue;
      first = u;
      want = w;
      break;
    }
    if (!first) break;
    if (!have_placed && !placed) {
      if (set_place(v, want)) placed++;
      continue;
    }
    lt_ir_map_t *map = lt_ir_map_create(lt_op_context(c));
    lt_op_t *copy = lt_op_clone(c, map);
    lt_ir_map_destroy(map);
    if (!copy) return placed;
    lt_block_insert(c->parent, c->next, copy);
    lt_value_t *cv = lt_op_result(copy, 0);
    set_place(cv, want);
    lt_operand_t *next;
    for (lt_operand_t *u = v->first_use; u; u = next) {
      next = u->next_use;
      lk_place_t w;
      if (!wanted_at(u, registry, dflt, &w)) continue;
      w.precision = lt_precision_of_element(v->type->shaped.element);
      if (lt_place_compatible(&want, &w))
        lt_op_set_operand(u->owner, lt_operand_index(u), cv);
    }
    lt_pass_stat_add(pass, 1, 1);
    placed++;
  }
  if (!placed && !lt_place_of_value(v, &(lk_place_t){0}) && set_place(v, dflt))
    placed++;
  return placed;
}

/* Returned values whose type is not the function's result type get an
 * unrealized cast to it, so that func.return verifies until
 * lite-insert-casts. */
static lt_result_t bridge_returns(lt_op_t *func, lt_op_t *ret) {
  const lt_type_t *ft = lt_func_type(func);
  if (!ft || ft->function.num_results != ret->num_operands) return LT_SUCCESS;
  lt_context_t *ctx = lt_op_context(func);
  for (uint32_t i = 0; i < ret->num_operands; i++) {
    lt_value_t *v = lt_op_operand(ret, i);
    const lt_type_t *want = ft->function.types[ft->function.num_inputs + i];
    if (v->type == want) continue;
    lt_op_state_t s;
    lt_op_state_init(&s, ctx, "builtin.unrealized_conversion_cast", ret->loc);
    lt_op_state_add_operand(&s, v);
    lt_op_state_add_result(&s, want);
    lt_op_t *cast = lt_op_create(&s);
    lt_op_state_free(&s);
    if (!cast) return lt_op_emit_error(ret, "out of memory");
    lt_block_insert(ret->parent, ret, cast);
    lt_op_set_operand(ret, i, lt_op_result(cast, 0));
  }
  return LT_SUCCESS;
}

static lt_result_t run_infer_places(lt_pass_t *pass, lt_op_t *func) {
  const char *places = ((const infer_places_options_t *)pass->options)->places;
  const lk_registry_t *registry = lt_kernels_registry(lt_op_context(func));
  if (!registry)
    return lt_op_emit_error(func, "out of memory creating the kernel registry");
  /* The default: the first valid place in an unblocked layout (a blocked
   * one is a kernel's to declare, for the values it means), else the
   * first. */
  lk_place_t dflt = {0};
  const char *text = places ? places : "";
  for (const char *p = text, *end = text + strlen(text); p == text || p < end;
       p++) {
    size_t n = strcspn(p, ",");
    lk_place_t place;
    if (!lk_place_parse(p, n, &place))
      return lt_op_emit_error(func,
                              "lite-infer-places: bad place '%.*s' in "
                              "places='%s': expected target:precision:layout",
                              (int)n, p, text);
    if (p == text || (lk_layout_channel_block(dflt.layout) > 1 &&
                      lk_layout_channel_block(place.layout) <= 1))
      dflt = place;
    p += n;
  }
  lt_block_t *entry = lt_func_entry(func);
  if (!entry) return LT_SUCCESS;
  uint64_t placed = 0;
  lt_result_t result = LT_SUCCESS;

  const lk_place_t host = {LK_TARGET_HOST, LK_PRECISION_ANY, LK_LAYOUT_NCHW, 0};
  for (uint32_t i = 0; i < entry->num_args; i++)
    if (set_place(entry->args[i], host)) placed++;
  for (lt_op_t *op = entry->first; op; op = op->next) {
    if (lt_lite_op_id(op) == LT_LITE_CONSTANT) {
      placed += place_constant(pass, op, registry, dflt);
      continue;
    }
    bool failed;
    const lk_kernel_t *k = lt_place_op_kernel(op, registry, &failed);
    if (failed) result = LT_FAILURE;
    if (!k) continue;
    lk_place_t from, *fromp = NULL;
    for (uint32_t i = 0; i < op->num_operands && !fromp; i++)
      if (lt_place_of_value(lt_op_operand(op, i), &from)) fromp = &from;
    for (uint32_t i = 0; i < op->num_results; i++) {
      lk_place_t want = resolve(lk_kernel_output(k, (int32_t)i), fromp, dflt);
      if (set_place(lt_op_result(op, i), want)) placed++;
    }
  }

  /* The function type follows its arguments and returned values. */
  lt_op_t *ret = lt_block_terminator(entry);
  const lt_type_t *ft = lt_func_type(func);
  if (ret && ft && ft->function.num_inputs == entry->num_args &&
      ft->function.num_results == ret->num_operands) {
    lt_context_t *ctx = lt_op_context(func);
    uint32_t ni = ft->function.num_inputs, nr = ft->function.num_results;
    const lt_type_t *types[64];
    if (ni + nr <= 64) {
      for (uint32_t i = 0; i < ni; i++)
        types[i] = entry->args[i]->type;
      for (uint32_t i = 0; i < nr; i++) {
        const lt_type_t *t = lt_op_operand(ret, i)->type;
        /* Results keep the model's element types and come back to host
         * memory: lite-insert-casts adds the copies and calibs. */
        const lt_type_t *declared = ft->function.types[ni + i];
        if (t->kind == LT_TYPE_TENSOR && declared->kind == LT_TYPE_TENSOR) {
          lk_place_t p = host;
          p.precision = lt_precision_of_element(declared->shaped.element);
          t = lt_type_with_place(ctx, declared, p);
        }
        types[ni + i] = t;
      }
      lt_op_set_attr(
          func, "function_type",
          lt_attr_type(ctx, lt_type_function(ctx, ni, types, nr, types + ni)));
    } else {
      result = lt_op_emit_error(func, "lite-infer-places: more than 64 "
                                      "arguments and results");
    }
  }
  if (LT_SUCCEEDED(result) && ret && LT_FAILED(bridge_returns(func, ret)))
    result = LT_FAILURE;
  lt_pass_stat_add(pass, 0, placed);
  lt_pass_set_changed(pass, placed != 0);
  return result;
}

const lt_pass_info_t lt_infer_places_pass = {
    .argument = "lite-infer-places",
    .name = "LiteInferPlaces",
    .summary = "Give every tensor the Place its picked kernel declares",
    .anchor = "func.func",
    .options_size = sizeof(infer_places_options_t),
    .options = kOptions,
    .num_options = 1,
    .statistics = kStatistics,
    .num_statistics = 2,
    .run = run_infer_places,
};

/* builtin.c - the builtin dialect: builtin.module and
 * builtin.unrealized_conversion_cast. */
#include "ir/builtin.h"

#include <string.h>

#include "ir/builder.h"

/* ---- builtin.module ----------------------------------------------------- */

static lt_result_t module_verify(lt_op_t *op) {
  lt_region_t *body = lt_op_region(op, 0);
  if (body->first && body->first->num_args)
    return lt_op_emit_error(op, "region should have no arguments");
  /* Only symbol attributes and dialect attributes (`ns.name`) may sit on a
   * module: anything else would be an inherent attribute it does not have. */
  const lt_attr_t *attrs = op->attrs;
  for (uint32_t i = 0; i < attrs->dict.count; i++) {
    const lt_ident_t *name = attrs->dict.entries[i].name;
    if (memchr(name->str, '.', name->len)) continue;
    if (strcmp(name->str, "sym_name") == 0 ||
        strcmp(name->str, "sym_visibility") == 0)
      continue;
    return lt_op_emit_error(
        op,
        "can only contain attributes with dialect-prefixed names, found: '%s'",
        name->str);
  }
  const lt_attr_t *sym = lt_op_attr(op, "sym_name");
  if (sym && sym->kind != LT_ATTR_STRING)
    return lt_op_emit_error(op, "attribute 'sym_name' failed to satisfy "
                                "constraint: string attribute");
  return LT_SUCCESS;
}

/* ---- builtin.unrealized_conversion_cast -------------------------------- */

/* cast(cast(x : A -> B) : B -> A) folds to x, and a cast to the same types
 * folds to its inputs. */
static lt_result_t cast_fold(lt_op_t *op, const lt_attr_t *const *operands,
                             lt_fold_result_t *results) {
  LT_UNUSED(operands);
  uint32_t n = op->num_results;
  if (n == 0 || op->num_operands != n) return LT_FAILURE;
  bool identity = true;
  for (uint32_t i = 0; i < n && identity; i++)
    identity = lt_op_operand(op, i)->type == op->results[i].type;
  if (identity) {
    for (uint32_t i = 0; i < n; i++) {
      results[i].attr = NULL;
      results[i].value = lt_op_operand(op, i);
    }
    return LT_SUCCESS;
  }
  lt_op_t *in = lt_value_defining_op(lt_op_operand(op, 0));
  if (!in || in->info != op->info || in->num_results != n ||
      in->num_operands != n)
    return LT_FAILURE;
  for (uint32_t i = 0; i < n; i++) {
    lt_value_t *v = lt_op_operand(op, i);
    if (v->is_block_arg || v->owner.op != in || v->index != i)
      return LT_FAILURE;
    if (lt_op_operand(in, i)->type != op->results[i].type) return LT_FAILURE;
  }
  for (uint32_t i = 0; i < n; i++) {
    results[i].attr = NULL;
    results[i].value = lt_op_operand(in, i);
  }
  return LT_SUCCESS;
}

/* X(field, name, operands, results, regions, successors, traits, summary,
 *   verify, fold, print, parse) */
#define LT_BUILTIN_OPS(X)                                                      \
  X(module, "builtin.module", 0, 0, 1, 0,                                      \
    LT_TRAIT_SYMBOL_TABLE | LT_TRAIT_NO_TERMINATOR |                           \
        LT_TRAIT_ISOLATED_FROM_ABOVE | LT_TRAIT_GRAPH_REGION |                 \
        LT_TRAIT_SINGLE_BLOCK,                                                 \
    "A top level container operation", module_verify, NULL,                    \
    lt_builtin_module_print, lt_builtin_module_parse)                          \
  X(cast, "builtin.unrealized_conversion_cast", -1, -1, 0, 0, LT_TRAIT_PURE,   \
    "An unrealized conversion from one set of types to another", NULL,         \
    cast_fold, NULL, NULL)

static const lt_op_def_t builtin_ops[] = {
#define X(field, name_, nops, nres, nreg, nsucc, traits_, summary_, verify_,   \
          fold_, print_, parse_)                                               \
  {.name = name_,                                                              \
   .num_operands = nops,                                                       \
   .num_results = nres,                                                        \
   .num_regions = nreg,                                                        \
   .num_successors = nsucc,                                                    \
   .traits = traits_,                                                          \
   .summary = summary_,                                                        \
   .verify = verify_,                                                          \
   .fold = fold_,                                                              \
   .print = print_,                                                            \
   .parse = parse_},
    LT_BUILTIN_OPS(X)
#undef X
};

const lt_dialect_t lt_builtin_dialect = {
    .ns = "builtin",
    .ops = builtin_ops,
    .num_ops = LT_ARRAY_SIZE(builtin_ops),
    .materialize_constant = NULL,
    .verify_attr = NULL,
};

lt_op_t *lt_module_create(lt_context_t *ctx, lt_loc_t loc) {
  /* Registration is idempotent; it makes the module a registered op even in
   * a context that was not given the builtin dialect explicitly. */
  lt_context_register_dialect(ctx, &lt_builtin_dialect);
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, "builtin.module", loc);
  lt_region_t *r = lt_op_state_add_region(&s);
  lt_block_t *body = r ? lt_block_create(ctx) : NULL;
  if (body) lt_region_push_back(r, body);
  lt_op_t *op = body ? lt_op_create(&s) : NULL;
  lt_op_state_free(&s);
  return op;
}

lt_block_t *lt_module_body(lt_op_t *module) {
  if (module->num_regions == 0) return NULL;
  lt_region_t *r = lt_op_region(module, 0);
  if (!r->first) {
    /* An empty module (e.g. parsed from `module {}` with no block) still has
     * a body to insert into. */
    lt_block_t *b = lt_block_create(lt_op_context(module));
    if (!b) return NULL;
    lt_region_push_back(r, b);
  }
  return r->first;
}

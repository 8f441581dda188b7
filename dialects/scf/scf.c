/* scf.c - the scf dialect's op table and verifiers, in MLIR 16's order and
 * with its messages: the ODS checks (operand types, region sizes) and
 * traits on entrance, then what needs the nested IR verified (the implicit
 * terminator, the types along the region control flow edges of scf.for and
 * scf.if, scf.reduce's block) once the regions passed. The custom forms
 * live in scf_asm.c. */
#include "dialects/scf/scf.h"

#include <string.h>

#include "ir/diagnostics.h"

/* ---- shared checks ------------------------------------------------------- */

/* Type text for messages; reset on each call with the same buffer. */
static const char *type_str(lt_strbuf_t *sb, const lt_type_t *t) {
  sb->len = 0;
  if (sb->data) sb->data[0] = '\0';
  lt_type_print(t, sb);
  return sb->data ? sb->data : "";
}

static bool is_named(const lt_op_t *op, const char *name) {
  return op && strcmp(lt_op_name(op), name) == 0;
}

static lt_result_t check_index_operands(lt_op_t *op, uint32_t first,
                                        uint32_t n) {
  for (uint32_t i = first; i < first + n && i < op->num_operands; i++) {
    const lt_type_t *t = lt_op_operand(op, i)->type;
    if (t->kind == LT_TYPE_INDEX) continue;
    lt_strbuf_t sb = {0};
    lt_result_t r = lt_op_emit_error(op, "operand #%u must be index, but got "
                                         "'%s'",
                                     i, type_str(&sb, t));
    lt_strbuf_free(&sb);
    return r;
  }
  return LT_SUCCESS;
}

/* ODS SizedRegion<1>. */
static lt_result_t check_sized_region(lt_op_t *op, uint32_t i,
                                      const char *name) {
  lt_region_t *r = lt_op_region(op, i);
  if (r->first && r->first == r->last) return LT_SUCCESS;
  return lt_op_emit_error(op,
                          "region #%u ('%s') failed to verify constraint: "
                          "region with 1 blocks",
                          i, name);
}

/* A step that is an `arith.constant` index must be positive. */
static lt_result_t check_step(lt_op_t *op, lt_value_t *step) {
  lt_op_t *def = lt_value_defining_op(step);
  if (!is_named(def, "arith.constant") || step->type->kind != LT_TYPE_INDEX)
    return LT_SUCCESS;
  const lt_attr_t *v = lt_op_attr(def, "value");
  if (!v || v->kind != LT_ATTR_INTEGER || v->i > 0) return LT_SUCCESS;
  return lt_op_emit_error(op, "constant step operand must be positive");
}

/* SingleBlockImplicitTerminator<"scf.yield">, on the regions that have a
 * block. */
static lt_result_t check_implicit_terminator(lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_regions; i++) {
    lt_block_t *b = lt_op_region(op, i)->first;
    if (!b || !b->last || is_named(b->last, "scf.yield")) continue;
    lt_diag_t *d = lt_diag_begin(lt_op_context(op), op->loc, LT_SEV_ERROR);
    if (!d) return LT_FAILURE;
    lt_diag_printf(d,
                   "'%s' op expects regions to end with 'scf.yield', found "
                   "'%s'",
                   lt_op_name(op), lt_op_name(b->last));
    lt_diag_t *n = lt_diag_note(d, op->loc);
    if (n)
      lt_diag_printf(n, "in custom textual format, the absence of terminator "
                        "implies 'scf.yield'");
    return lt_diag_emit(d);
  }
  return LT_SUCCESS;
}

/* A range of values whose types flow along a control flow edge: operands
 * from `first`, block arguments from `first`, or results. */
typedef struct type_range {
  lt_op_t *operands_of;
  lt_block_t *args_of;
  lt_op_t *results_of;
  uint32_t first;
  uint64_t count; /* MLIR's size arithmetic wraps below zero */
} type_range_t;

static const lt_type_t *range_type(const type_range_t *r, uint64_t i) {
  uint32_t k = r->first + (uint32_t)i;
  if (r->operands_of) return lt_op_operand(r->operands_of, k)->type;
  if (r->args_of) return r->args_of->args[k]->type;
  return r->results_of->results[k].type;
}

static type_range_t operands_from(lt_op_t *op, uint32_t first) {
  type_range_t r = {op, NULL, NULL, first, 0};
  r.count = op && op->num_operands > first ? op->num_operands - first : 0;
  return r;
}

static type_range_t args_from(lt_block_t *b, uint32_t first) {
  type_range_t r = {NULL, b, NULL, first, 0};
  r.count = (uint64_t)b->num_args - first; /* wraps as MLIR's does */
  return r;
}

static type_range_t results_of(lt_op_t *op) {
  type_range_t r = {NULL, NULL, op, 0, op->num_results};
  return r;
}

/* RegionBranchOpInterface's check of one edge (verifyTypesAlongAllEdges). */
static lt_result_t check_edge(lt_op_t *op, const char *from, const char *to,
                              const type_range_t *src,
                              const type_range_t *dst) {
  if (src->count != dst->count)
    return lt_op_emit_error(op,
                            " region control flow edge from %s to %s: source "
                            "has %llu operands, but target successor needs "
                            "%llu",
                            from, to, (unsigned long long)src->count,
                            (unsigned long long)dst->count);
  for (uint64_t i = 0; i < src->count; i++) {
    const lt_type_t *a = range_type(src, i), *b = range_type(dst, i);
    if (a == b) continue;
    lt_strbuf_t sa = {0}, sb = {0};
    lt_result_t r = lt_op_emit_error(
        op,
        " along control flow edge from %s to %s: source type #%llu '%s' "
        "should match input type #%llu '%s'",
        from, to, (unsigned long long)i, type_str(&sa, a),
        (unsigned long long)i, type_str(&sb, b));
    lt_strbuf_free(&sa);
    lt_strbuf_free(&sb);
    return r;
  }
  return LT_SUCCESS;
}

/* The scf.yield ending region i's block (its operands flow out), NULL when
 * another op ends it. */
static lt_op_t *region_yield(lt_op_t *op, uint32_t i) {
  lt_block_t *b = lt_op_region(op, i)->first;
  return b && is_named(b->last, "scf.yield") ? b->last : NULL;
}

/* ---- scf.for ------------------------------------------------------------- */

static lt_result_t verify_for(lt_op_t *op) {
  if (op->num_operands < 3)
    return lt_op_emit_error(op, "expected 3 or more operands, but found %u",
                            op->num_operands);
  if (LT_FAILED(check_index_operands(op, 0, 3)) ||
      LT_FAILED(check_sized_region(op, 0, "region")) ||
      LT_FAILED(check_step(op, lt_op_operand(op, 2))))
    return LT_FAILURE;
  if (op->num_results && op->num_operands - 3 != op->num_results)
    return lt_op_emit_error(
        op, "mismatch in number of loop-carried values and defined values");
  return LT_SUCCESS;
}

static lt_result_t verify_for_regions(lt_op_t *op) {
  if (LT_FAILED(check_implicit_terminator(op))) return LT_FAILURE;
  lt_block_t *body = lt_op_region(op, 0)->first;
  type_range_t inits = operands_from(op, 3), iter_args = args_from(body, 1);
  type_range_t results = results_of(op);
  type_range_t yielded = operands_from(region_yield(op, 0), 0);
  if (LT_FAILED(check_edge(op, "parent operands", "Region #0", &inits,
                           &iter_args)) ||
      LT_FAILED(
          check_edge(op, "Region #0", "Region #0", &yielded, &iter_args)) ||
      LT_FAILED(check_edge(op, "Region #0", "parent results", &yielded,
                           &results)))
    return LT_FAILURE;
  if (!body->num_args || body->args[0]->type->kind != LT_TYPE_INDEX)
    return lt_op_emit_error(op, "expected body first argument to be an index "
                                "argument for the induction variable");
  if (!op->num_results) return LT_SUCCESS;
  if (body->num_args - 1 != op->num_results)
    return lt_op_emit_error(
        op, "mismatch in number of basic block args and defined values");
  for (uint32_t i = 0; i < op->num_results; i++) {
    const lt_type_t *t = op->results[i].type;
    if (lt_op_operand(op, 3 + i)->type != t)
      return lt_op_emit_error(
          op, "types mismatch between %uth iter operand and defined value", i);
    if (body->args[1 + i]->type != t)
      return lt_op_emit_error(
          op, "types mismatch between %uth iter region arg and defined value",
          i);
  }
  return LT_SUCCESS;
}

/* ---- scf.if -------------------------------------------------------------- */

static lt_result_t verify_if(lt_op_t *op) {
  const lt_type_t *c = lt_op_operand(op, 0)->type;
  if (c->kind != LT_TYPE_INTEGER || c->integer.width != 1 ||
      c->integer.signedness != LT_SIGNLESS) {
    lt_strbuf_t sb = {0};
    lt_result_t r = lt_op_emit_error(
        op, "operand #0 must be 1-bit signless integer, but got '%s'",
        type_str(&sb, c));
    lt_strbuf_free(&sb);
    return r;
  }
  if (LT_FAILED(check_sized_region(op, 0, "thenRegion"))) return LT_FAILURE;
  for (uint32_t i = 0; i < 2; i++) {
    lt_block_t *b = lt_op_region(op, i)->first;
    if (b && b->num_args)
      return lt_op_emit_error(op, "region #%u should have no arguments", i);
  }
  if (op->num_results && lt_region_empty(lt_op_region(op, 1)))
    return lt_op_emit_error(op, "must have an else block if defining values");
  return LT_SUCCESS;
}

static lt_result_t verify_if_regions(lt_op_t *op) {
  if (LT_FAILED(check_implicit_terminator(op))) return LT_FAILURE;
  type_range_t results = results_of(op);
  if (lt_region_empty(lt_op_region(op, 1))) {
    type_range_t none = operands_from(NULL, 0);
    if (LT_FAILED(
            check_edge(op, "parent operands", "parent results", &none,
                       &results)))
      return LT_FAILURE;
  }
  static const char *const names[] = {"Region #0", "Region #1"};
  for (uint32_t i = 0; i < 2; i++) {
    if (lt_region_empty(lt_op_region(op, i))) continue;
    type_range_t yielded = operands_from(region_yield(op, i), 0);
    if (LT_FAILED(
            check_edge(op, names[i], "parent results", &yielded, &results)))
      return LT_FAILURE;
  }
  return LT_SUCCESS;
}

/* ---- scf.parallel -------------------------------------------------------- */

static lt_result_t verify_parallel(lt_op_t *op) {
  int32_t seg[LT_SCF_PAR_SEGMENTS];
  if (LT_FAILED(lt_op_verify_operand_segments(op, LT_SCF_PAR_SEGMENTS, seg)))
    return LT_FAILURE;
  uint32_t num_bounds = (uint32_t)(seg[0] + seg[1] + seg[2]);
  uint32_t first_step = (uint32_t)(seg[0] + seg[1]);
  uint32_t num_steps = (uint32_t)seg[LT_SCF_PAR_STEP];
  if (LT_FAILED(check_index_operands(op, 0, num_bounds)) ||
      LT_FAILED(check_sized_region(op, 0, "region")))
    return LT_FAILURE;
  if (!num_steps)
    return lt_op_emit_error(op, "needs at least one tuple element for "
                                "lowerBound, upperBound and step");
  for (uint32_t i = 0; i < num_steps; i++)
    if (LT_FAILED(check_step(op, lt_op_operand(op, first_step + i))))
      return LT_FAILURE;
  lt_block_t *body = lt_op_region(op, 0)->first;
  if (body->num_args != num_steps)
    return lt_op_emit_error(op,
                            "expects the same number of induction variables: "
                            "%u as bound and step values: %u",
                            body->num_args, num_steps);
  for (uint32_t i = 0; i < body->num_args; i++)
    if (body->args[i]->type->kind != LT_TYPE_INDEX)
      return lt_op_emit_error(op, "expects arguments for the induction "
                                  "variable to be of index type");
  lt_op_t *term = body->last;
  if (!is_named(term, "scf.yield")) {
    lt_diag_t *d = lt_diag_begin(lt_op_context(op), op->loc, LT_SEV_ERROR);
    if (!d) return LT_FAILURE;
    lt_diag_printf(d, "'%s' op expects body to terminate with 'scf.yield'",
                   lt_op_name(op));
    lt_diag_t *n = term && (!term->info->registered ||
                            lt_op_has_trait(term, LT_TRAIT_TERMINATOR))
                       ? lt_diag_note(d, term->loc)
                       : NULL;
    if (n) lt_diag_printf(n, "terminator here");
    return lt_diag_emit(d);
  }
  if (term->num_operands)
    return lt_op_emit_error(term, "not allowed to have operands inside "
                                  "'scf.parallel'");
  uint32_t num_reductions = 0;
  LT_FOR_EACH_OP(x, body) num_reductions += is_named(x, "scf.reduce");
  if (op->num_results != num_reductions)
    return lt_op_emit_error(op,
                            "expects number of results: %u to be the same as "
                            "number of reductions: %u",
                            op->num_results, num_reductions);
  if (op->num_results != (uint32_t)seg[LT_SCF_PAR_INIT])
    return lt_op_emit_error(op,
                            "expects number of results: %u to be the same as "
                            "number of initial values: %d",
                            op->num_results, seg[LT_SCF_PAR_INIT]);
  uint32_t k = 0;
  LT_FOR_EACH_OP(x, body) {
    if (!is_named(x, "scf.reduce") || x->num_operands != 1) continue;
    const lt_type_t *rt = op->results[k++].type;
    const lt_type_t *t = lt_op_operand(x, 0)->type;
    if (t == rt) continue;
    lt_strbuf_t sa = {0}, sb = {0};
    lt_result_t r = lt_op_emit_error(x,
                                     "expects type of reduce: '%s' to be the "
                                     "same as result type: '%s'",
                                     type_str(&sa, t), type_str(&sb, rt));
    lt_strbuf_free(&sa);
    lt_strbuf_free(&sb);
    return r;
  }
  return LT_SUCCESS;
}

/* ---- scf.reduce, scf.reduce.return, scf.yield ---------------------------- */

static lt_result_t verify_reduce(lt_op_t *op) {
  if (!is_named(lt_op_parent_op(op), "scf.parallel"))
    return lt_op_emit_error(op, "expects parent op 'scf.parallel'");
  return check_sized_region(op, 0, "reductionOperator");
}

static lt_result_t verify_reduce_regions(lt_op_t *op) {
  const lt_type_t *t = lt_op_operand(op, 0)->type;
  lt_block_t *b = lt_op_region(op, 0)->first;
  if (!b->first)
    return lt_op_emit_error(op, "the block inside reduce should not be empty");
  bool ok = b->num_args == 2;
  for (uint32_t i = 0; ok && i < b->num_args; i++)
    ok = b->args[i]->type == t;
  if (!ok) {
    lt_strbuf_t sb = {0};
    lt_result_t r = lt_op_emit_error(
        op, "expects two arguments to reduce block of type '%s'",
        type_str(&sb, t));
    lt_strbuf_free(&sb);
    return r;
  }
  if (!is_named(b->last, "scf.reduce.return"))
    return lt_op_emit_error(op, "the block inside reduce should be terminated "
                                "with a 'scf.reduce.return' op");
  return LT_SUCCESS;
}

static lt_result_t verify_reduce_return(lt_op_t *op) {
  lt_op_t *reduce = lt_op_parent_op(op);
  if (!is_named(reduce, "scf.reduce"))
    return lt_op_emit_error(op, "expects parent op 'scf.reduce'");
  if (reduce->num_operands != 1) return LT_SUCCESS; /* reduce reports it */
  const lt_type_t *want = lt_op_operand(reduce, 0)->type;
  if (lt_op_operand(op, 0)->type == want) return LT_SUCCESS;
  lt_strbuf_t sb = {0};
  lt_result_t r = lt_op_emit_error(
      op, "needs to have type '%s' (the type of the enclosing ReduceOp)",
      type_str(&sb, want));
  lt_strbuf_free(&sb);
  return r;
}

static lt_result_t verify_yield(lt_op_t *op) {
  static const char *const parents[] = {"scf.for", "scf.if", "scf.parallel"};
  lt_op_t *parent = lt_op_parent_op(op);
  for (size_t i = 0; i < LT_ARRAY_SIZE(parents); i++)
    if (is_named(parent, parents[i])) return LT_SUCCESS;
  /* MLIR 16's list, which names the scf ops lite does not have too. */
  return lt_op_emit_error(op, "expects parent op to be one of "
                              "'scf.execute_region, scf.for, scf.if, "
                              "scf.index_switch, scf.parallel, scf.while'");
}

/* ---- op table ------------------------------------------------------------ */

#define TERM (LT_TRAIT_TERMINATOR | LT_TRAIT_PURE)

/* X(name, form, operands, results, regions, traits, summary, verify,
 *   verify_regions) */
#define LT_SCF_OPS(X)                                                          \
  X("scf.for", for, -1, -1, 1, LT_TRAIT_SINGLE_BLOCK, "for operation",         \
    verify_for, verify_for_regions)                                            \
  X("scf.parallel", parallel, -1, -1, 1, LT_TRAIT_SINGLE_BLOCK,                \
    "parallel for operation", verify_parallel, NULL)                           \
  X("scf.reduce", reduce, 1, 0, 1, 0, "reduce operation for parallel for",     \
    verify_reduce, verify_reduce_regions)                                      \
  X("scf.reduce.return", reduce_return, 1, 0, 0, TERM,                         \
    "terminator for reduce operation", verify_reduce_return, NULL)             \
  X("scf.if", if, 1, -1, 2, LT_TRAIT_SINGLE_BLOCK,                             \
    "if-then-else operation", verify_if, verify_if_regions)                    \
  X("scf.yield", yield, -1, 0, 0, TERM | LT_TRAIT_RETURN_LIKE,                 \
    "loop yield and termination operation", verify_yield, NULL)

static const lt_op_def_t scf_ops[] = {
#define X(name_, form, nops, nres, nreg, traits_, summary_, verify_, vregions) \
  {.name = name_,                                                              \
   .num_operands = nops,                                                       \
   .num_results = nres,                                                        \
   .num_regions = nreg,                                                        \
   .traits = traits_,                                                          \
   .summary = summary_,                                                        \
   .verify = verify_,                                                          \
   .print = lt_scf_print_##form,                                               \
   .parse = lt_scf_parse_##form,                                               \
   .verify_regions = vregions},
    LT_SCF_OPS(X)
#undef X
};

const lt_dialect_t lt_scf_dialect = {
    .ns = "scf",
    .ops = scf_ops,
    .num_ops = LT_ARRAY_SIZE(scf_ops),
};

/* memref.c - the memref dialect's op table and verifiers, with MLIR 16's
 * messages: the ODS checks (operand and result types, attributes) first,
 * then the ops' own verify. memref.subview's verifier and the cast rule
 * live in memref_view.c, collapse_shape's and expand_shape's in
 * memref_reshape.c, the custom forms in memref_asm.c. */
#include "dialects/memref/memref.h"

#include <string.h>

/* ---- type checks --------------------------------------------------------- */

static const char k_memref[] = "memref of any type values";
static const char k_any_memref[] =
    "unranked.memref of any type values or memref of any type values";

static bool is_named(const lt_op_t *op, const char *name) {
  return op && strcmp(lt_op_name(op), name) == 0;
}

static bool is_index(const lt_type_t *t) { return t->kind == LT_TYPE_INDEX; }

static lt_result_t type_error(lt_op_t *op, const char *what, uint32_t i,
                              const char *summary, const lt_type_t *t) {
  lt_strbuf_t sb = {0};
  lt_type_print(t, &sb);
  lt_result_t r = lt_op_emit_error(op, "%s #%u must be %s, but got '%s'", what,
                                   i, summary, sb.data ? sb.data : "");
  lt_strbuf_free(&sb);
  return r;
}

static lt_result_t check_memref_operand(lt_op_t *op, uint32_t i,
                                        const char *summary) {
  const lt_type_t *t = lt_op_operand(op, i)->type;
  return lt_type_is_memref(t) ? LT_SUCCESS
                              : type_error(op, "operand", i, summary, t);
}

static lt_result_t check_memref_result(lt_op_t *op, const char *summary) {
  const lt_type_t *t = op->results[0].type;
  return lt_type_is_memref(t) ? LT_SUCCESS
                              : type_error(op, "result", 0, summary, t);
}

static lt_result_t check_index_operands(lt_op_t *op, uint32_t first) {
  for (uint32_t i = first; i < op->num_operands; i++) {
    const lt_type_t *t = lt_op_operand(op, i)->type;
    if (!is_index(t)) return type_error(op, "operand", i, "index", t);
  }
  return LT_SUCCESS;
}

static lt_result_t check_min_operands(lt_op_t *op, uint32_t n) {
  if (op->num_operands >= n) return LT_SUCCESS;
  return lt_op_emit_error(op, "expected %u or more operands, but found %u", n,
                          op->num_operands);
}

/* ---- alloc, alloca, dealloc ---------------------------------------------- */

/* Symbols of a layout's affine map: one per dynamic stride and for a
 * dynamic offset; none without a layout. */
static uint32_t layout_symbols(const lt_type_t *t) {
  if (!t->shaped.strides) return 0;
  uint32_t n = t->shaped.offset == LT_DYNAMIC;
  for (uint32_t i = 0; i < t->shaped.rank; i++)
    n += t->shaped.strides[i] == LT_DYNAMIC;
  return n;
}

/* Ops whose region is an AutomaticAllocationScope (MLIR 16's trait). */
static bool is_allocation_scope(const lt_op_t *op) {
  return is_named(op, "func.func") || is_named(op, "scf.parallel");
}

static lt_result_t verify_alloc_like(lt_op_t *op, bool alloca) {
  int32_t seg[2];
  if (LT_FAILED(lt_op_verify_operand_segments(op, 2, seg)))
    return LT_FAILURE;
  const lt_attr_t *align = lt_op_attr(op, "alignment");
  const lt_type_t *at = align ? align->type : NULL;
  if (align &&
      (align->kind != LT_ATTR_INTEGER || !at || at->kind != LT_TYPE_INTEGER ||
       at->integer.width != 64 || at->integer.signedness != LT_SIGNLESS ||
       align->i < 0))
    return lt_op_emit_error(op, "attribute 'alignment' failed to satisfy "
                                "constraint: 64-bit signless integer "
                                "attribute whose minimum value is 0");
  if (LT_FAILED(check_index_operands(op, 0)) ||
      LT_FAILED(check_memref_result(op, k_memref)))
    return LT_FAILURE;
  if (alloca) {
    lt_op_t *scope = lt_op_parent_op(op);
    while (scope && !is_allocation_scope(scope))
      scope = lt_op_parent_op(scope);
    if (!scope)
      return lt_op_emit_error(op, "requires an ancestor op with "
                                  "AutomaticAllocationScope trait");
  }
  const lt_type_t *t = op->results[0].type;
  uint32_t dynamic = 0;
  for (uint32_t i = 0; i < t->shaped.rank; i++)
    dynamic += t->shaped.shape[i] == LT_DYNAMIC;
  if ((uint32_t)seg[0] != dynamic)
    return lt_op_emit_error(op, "dimension operand count does not equal "
                                "memref dynamic dimension count");
  uint32_t symbols = layout_symbols(t);
  if ((uint32_t)seg[1] != symbols)
    return lt_op_emit_error(op,
                            "symbol operand count does not equal memref "
                            "symbol count: expected %u, got %d",
                            symbols, seg[1]);
  return LT_SUCCESS;
}

static lt_result_t verify_alloc(lt_op_t *op) {
  return verify_alloc_like(op, false);
}

static lt_result_t verify_alloca(lt_op_t *op) {
  return verify_alloc_like(op, true);
}

static lt_result_t verify_dealloc(lt_op_t *op) {
  return check_memref_operand(op, 0, k_any_memref);
}

/* ---- load, store --------------------------------------------------------- */

static lt_result_t verify_load(lt_op_t *op) {
  if (LT_FAILED(check_min_operands(op, 1)) ||
      LT_FAILED(check_memref_operand(op, 0, k_memref)) ||
      LT_FAILED(check_index_operands(op, 1)))
    return LT_FAILURE;
  const lt_type_t *m = lt_op_operand(op, 0)->type;
  if (op->results[0].type != m->shaped.element)
    return lt_op_emit_error(op, "failed to verify that result type matches "
                                "element type of 'memref'");
  if (op->num_operands - 1 != m->shaped.rank)
    return lt_op_emit_error(op, "incorrect number of indices for load");
  return LT_SUCCESS;
}

static lt_result_t verify_store(lt_op_t *op) {
  if (LT_FAILED(check_min_operands(op, 2)) ||
      LT_FAILED(check_memref_operand(op, 1, k_memref)) ||
      LT_FAILED(check_index_operands(op, 2)))
    return LT_FAILURE;
  const lt_type_t *m = lt_op_operand(op, 1)->type;
  if (lt_op_operand(op, 0)->type != m->shaped.element)
    return lt_op_emit_error(op, "failed to verify that type of 'value' "
                                "matches element type of 'memref'");
  if (op->num_operands - 2 != m->shaped.rank)
    return lt_op_emit_error(op,
                            "store index operand count not equal to memref "
                            "rank");
  return LT_SUCCESS;
}

/* ---- dim, cast, copy ----------------------------------------------------- */

static lt_result_t verify_dim(lt_op_t *op) {
  if (LT_FAILED(check_memref_operand(op, 0, k_any_memref)) ||
      LT_FAILED(check_index_operands(op, 1)))
    return LT_FAILURE;
  if (!is_index(op->results[0].type))
    return type_error(op, "result", 0, "index", op->results[0].type);
  /* Only an arith.constant index is known (MLIR getConstantIndex). */
  lt_value_t *index = lt_op_operand(op, 1);
  lt_op_t *def = lt_value_defining_op(index);
  const lt_attr_t *v = is_named(def, "arith.constant")
                           ? lt_op_attr(def, "value")
                           : NULL;
  if (v && v->kind == LT_ATTR_INTEGER && v->type && is_index(v->type) &&
      v->i >= (int64_t)lt_op_operand(op, 0)->type->shaped.rank)
    return lt_op_emit_error(op, "index is out of range");
  return LT_SUCCESS;
}

static lt_result_t verify_cast(lt_op_t *op) {
  if (LT_FAILED(check_memref_operand(op, 0, k_any_memref)))
    return LT_FAILURE;
  const lt_type_t *in = lt_op_operand(op, 0)->type, *out = op->results[0].type;
  if (!lt_type_is_memref(out))
    return type_error(op, "result", 0, k_any_memref, out);
  if (lt_memref_cast_compatible(in, out)) return LT_SUCCESS;
  lt_strbuf_t a = {0}, b = {0};
  lt_type_print(in, &a);
  lt_type_print(out, &b);
  lt_result_t r = lt_op_emit_error(
      op, "operand type '%s' and result type '%s' are cast incompatible",
      a.data ? a.data : "", b.data ? b.data : "");
  lt_strbuf_free(&a);
  lt_strbuf_free(&b);
  return r;
}

static lt_result_t verify_copy(lt_op_t *op) {
  if (LT_FAILED(check_memref_operand(op, 0, k_any_memref)) ||
      LT_FAILED(check_memref_operand(op, 1, k_any_memref)))
    return LT_FAILURE;
  const lt_type_t *a = lt_op_operand(op, 0)->type;
  const lt_type_t *b = lt_op_operand(op, 1)->type;
  if (a->shaped.element != b->shaped.element)
    return lt_op_emit_error(op,
                            "requires the same element type for all operands");
  /* Compatible shapes: a dynamic dim matches any size. */
  bool same = a->shaped.rank == b->shaped.rank;
  for (uint32_t i = 0; same && i < a->shaped.rank; i++) {
    int64_t x = a->shaped.shape[i], y = b->shaped.shape[i];
    same = x == y || x == LT_DYNAMIC || y == LT_DYNAMIC;
  }
  if (!same)
    return lt_op_emit_error(op, "requires the same shape for all operands");
  return LT_SUCCESS;
}

/* ---- op table ------------------------------------------------------------ */

/* X(name, form, operands, results, traits, summary, verify, names) */
#define LT_MEMREF_OPS(X)                                                       \
  X("memref.alloc", alloc, -1, 1, 0, "memory allocation operation",            \
    verify_alloc, lt_memref_result_names)                                      \
  X("memref.alloca", alloc, -1, 1, 0, "stack memory allocation operation",     \
    verify_alloca, lt_memref_result_names)                                     \
  X("memref.dealloc", dealloc, 1, 0, 0, "memory deallocation operation",       \
    verify_dealloc, NULL)                                                      \
  X("memref.load", load, -1, 1, 0, "load operation", verify_load, NULL)        \
  X("memref.store", store, -1, 0, 0, "store operation", verify_store, NULL)    \
  X("memref.subview", subview, -1, 1, LT_TRAIT_PURE,                           \
    "memref subview operation", lt_memref_verify_subview,                      \
    lt_memref_result_names)                                                    \
  X("memref.dim", dim, 2, 1, LT_TRAIT_PURE, "dimension index operation",       \
    verify_dim, lt_memref_result_names)                                        \
  X("memref.cast", cast, 1, 1, LT_TRAIT_PURE, "memref cast operation",         \
    verify_cast, lt_memref_result_names)                                       \
  X("memref.copy", copy, 2, 0, 0, "copy operation", verify_copy, NULL)       \
  X("memref.collapse_shape", reshape, 1, 1, LT_TRAIT_PURE,                     \
    "operation to produce a memref with a smaller rank.",                      \
    lt_memref_verify_collapse_shape, lt_memref_result_names)                   \
  X("memref.expand_shape", reshape, 1, 1, LT_TRAIT_PURE,                       \
    "operation to produce a memref with a higher rank.",                       \
    lt_memref_verify_expand_shape, lt_memref_result_names)

static const lt_op_def_t memref_ops[] = {
#define X(name_, form, nops, nres, traits_, summary_, verify_, names)          \
  {.name = name_,                                                              \
   .num_operands = nops,                                                       \
   .num_results = nres,                                                        \
   .traits = traits_,                                                          \
   .summary = summary_,                                                        \
   .verify = verify_,                                                          \
   .print = lt_memref_print_##form,                                            \
   .parse = lt_memref_parse_##form,                                            \
   .asm_result_names = names},
    LT_MEMREF_OPS(X)
#undef X
};

const lt_dialect_t lt_memref_dialect = {
    .ns = "memref",
    .ops = memref_ops,
    .num_ops = LT_ARRAY_SIZE(memref_ops),
};

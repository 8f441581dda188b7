/* lite_dispatch.c - what ties a lite.dispatch to its generated kernel: the
 * callee must be a kernel func of the module whose memref arguments are
 * the dispatch's operands and then its results, element for element; and
 * the `lite.kernel` attribute, a string on an op (the kernel it runs) and
 * `{num_inputs = N : i64}` on a kernel func. */
#include <string.h>

#include "dialects/lite/lite_internal.h"
#include "ir/operation.h"

/* Ranks of the dispatch's tensors it checks (one more for a block dim). */
#define LT_MAX_STORED_RANK 64

/* A kernel func's `lite.kernel`: {num_inputs = N : i64}, N >= 0. */
static bool kernel_num_inputs(const lt_attr_t *a, int64_t *out) {
  if (!a || a->kind != LT_ATTR_DICT) return false;
  for (uint32_t i = 0; i < a->dict.count; i++) {
    const lt_named_attr_t *e = &a->dict.entries[i];
    if (strcmp(e->name->str, "num_inputs") != 0) return false;
    if (e->value->kind != LT_ATTR_INTEGER || e->value->i < 0) return false;
    *out = e->value->i;
  }
  return a->dict.count == 1;
}

lt_result_t lt_lite_verify_kernel_attr(lt_op_t *op, const lt_attr_t *value) {
  int64_t n;
  if (strcmp(op->info->name->str, "func.func") == 0) {
    if (kernel_num_inputs(value, &n)) return LT_SUCCESS;
    return lt_op_emit_error(op, "attribute 'lite.kernel' of a kernel func "
                                "must be {num_inputs = N : i64} with N >= 0");
  }
  if (value->kind == LT_ATTR_STRING) return LT_SUCCESS;
  return lt_op_emit_error(op, "attribute 'lite.kernel' must be a string (the "
                              "kernel's name)");
}

/* Whether memref m stores tensor t: same element type, and the shape t is
 * stored in (lt_place_stored_shape: the logical shape at nchw, the
 * physical one of a blocked or nhwc Place, whose bytes the kernel indexes
 * as they lie). */
static bool memref_of(const lt_type_t *m, const lt_type_t *t) {
  if (m->kind != LT_TYPE_MEMREF || t->kind != LT_TYPE_TENSOR ||
      m->shaped.element != t->shaped.element)
    return false;
  int64_t stored[LT_MAX_STORED_RANK + 1];
  const int64_t *shape = t->shaped.shape;
  uint32_t rank = t->shaped.rank;
  /* Past LT_MAX_STORED_RANK only the logical shape can be checked. */
  if (rank <= LT_MAX_STORED_RANK) {
    if (!lt_place_stored_shape(t, stored, &rank)) return false;
    shape = stored;
  }
  if (m->shaped.rank != rank) return false;
  for (uint32_t i = 0; i < rank; i++)
    if (m->shaped.shape[i] != shape[i]) return false;
  return true;
}

static lt_result_t arg_mismatch(lt_op_t *op, const char *what, uint32_t i,
                                const lt_type_t *t, uint32_t arg,
                                const lt_type_t *m) {
  lt_strbuf_t a = {0}, b = {0};
  lt_type_print(t, &a);
  lt_type_print(m, &b);
  lt_result_t r = lt_op_emit_error(
      op, "%s #%u (%s) is not stored by the callee's argument #%u (%s)", what,
      i, a.data ? a.data : "?", arg, b.data ? b.data : "?");
  lt_strbuf_free(&a);
  lt_strbuf_free(&b);
  return r;
}

lt_result_t lt_lite_verify_dispatch(lt_op_t *op) {
  const lt_attr_t *callee = lt_op_attr(op, "callee");
  lt_op_t *fn = lt_symbol_lookup_ref(op, callee);
  const lt_ident_t *leaf = callee->symbol.names[callee->symbol.count - 1];
  if (!fn || strcmp(fn->info->name->str, "func.func") != 0)
    return lt_op_emit_error(op, "callee @%s is not a func.func of this "
                                "module",
                            leaf->str);
  int64_t num_inputs;
  if (!kernel_num_inputs(lt_op_attr(fn, "lite.kernel"), &num_inputs))
    return lt_op_emit_error(op, "callee @%s is not a kernel func (it lacks "
                                "lite.kernel = {num_inputs = N : i64})",
                            leaf->str);
  const lt_attr_t *name = lt_op_attr(op, "lite.kernel");
  if (name && (name->str.len != leaf->len ||
               memcmp(name->str.data, leaf->str, leaf->len) != 0))
    return lt_op_emit_error(op, "lite.kernel '%.*s' is not the callee's name "
                                "'%s'",
                            (int)name->str.len, name->str.data, leaf->str);
  const lt_attr_t *ft = lt_op_attr(fn, "function_type");
  const lt_type_t *type = ft ? ft->type : NULL;
  if (!type || type->kind != LT_TYPE_FUNCTION) return LT_SUCCESS;
  if ((uint64_t)num_inputs != op->num_operands ||
      type->function.num_inputs != op->num_operands + op->num_results ||
      type->function.num_results != 0)
    return lt_op_emit_error(op,
                            "has %u operands and %u results; callee @%s takes "
                            "%lld inputs of %u arguments and returns %u values "
                            "(a kernel takes its operands, then its results, "
                            "and returns nothing)",
                            op->num_operands, op->num_results, leaf->str,
                            (long long)num_inputs, type->function.num_inputs,
                            type->function.num_results);
  for (uint32_t i = 0; i < op->num_operands; i++) {
    const lt_type_t *t = lt_op_operand(op, i)->type;
    if (!memref_of(type->function.types[i], t))
      return arg_mismatch(op, "operand", i, t, i, type->function.types[i]);
  }
  for (uint32_t i = 0; i < op->num_results; i++) {
    const lt_type_t *t = lt_op_result(op, i)->type;
    uint32_t arg = op->num_operands + i;
    if (!memref_of(type->function.types[arg], t))
      return arg_mismatch(op, "result", i, t, arg, type->function.types[arg]);
  }
  return LT_SUCCESS;
}

/* vector.c - the vector dialect: its op table, the `#vector.kind<...>`
 * attribute and the verifiers of the ops other than the transfers
 * (vector_transfer.c), with MLIR 16's checks in its order: the ODS operand
 * and result constraints, then the op's own verify. Custom forms are in
 * vector_asm.c. */
#include <string.h>

#include "dialects/vector/vector_internal.h"

static const char *const k_kind_names[] = {
#define X(k, s) s,
    LT_VECTOR_KINDS(X)
#undef X
};

enum { VECTOR_ATTR_KIND = 1 };

const char *lt_vector_kind_name(lt_vector_kind_t k) {
  return (unsigned)k < LT_VECTOR_KIND_COUNT ? k_kind_names[k] : "";
}

const lt_attr_t *lt_vector_kind_attr(lt_context_t *ctx, lt_vector_kind_t k) {
  uint32_t v = (uint32_t)k;
  return lt_attr_dialect(ctx, &lt_vector_dialect, VECTOR_ATTR_KIND, &v,
                         sizeof v);
}

bool lt_vector_kind_of(const lt_attr_t *a, lt_vector_kind_t *out_kind) {
  if (!a || a->kind != LT_ATTR_DIALECT ||
      a->ext.dialect != &lt_vector_dialect || a->ext.tag != VECTOR_ATTR_KIND ||
      a->ext.size != sizeof(uint32_t))
    return false;
  uint32_t v;
  memcpy(&v, a->ext.data, sizeof v);
  if (v >= LT_VECTOR_KIND_COUNT) return false;
  *out_kind = (lt_vector_kind_t)v;
  return true;
}

/* `kind<add>` after `#vector.`. */
static const lt_attr_t *vector_parse_attr(lt_context_t *ctx, const char *text,
                                          size_t len, lt_strbuf_t *err) {
  static const char prefix[] = "kind<";
  size_t pl = sizeof prefix - 1;
  if (len < pl + 1 || memcmp(text, prefix, pl) != 0 || text[len - 1] != '>') {
    lt_strbuf_printf(err,
                     "unknown vector attribute '%.*s' (expected "
                     "'kind<...>')",
                     (int)len, text);
    return NULL;
  }
  const char *w = text + pl, *end = text + len - 1;
  while (w < end && *w == ' ')
    w++;
  while (end > w && end[-1] == ' ')
    end--;
  for (int k = 0; k < LT_VECTOR_KIND_COUNT; k++)
    if (strlen(k_kind_names[k]) == (size_t)(end - w) &&
        memcmp(k_kind_names[k], w, (size_t)(end - w)) == 0)
      return lt_vector_kind_attr(ctx, (lt_vector_kind_t)k);
  lt_strbuf_puts(err, "expected ::mlir::vector::CombiningKind to be one of: ");
  for (int k = 0; k < LT_VECTOR_KIND_COUNT; k++)
    lt_strbuf_printf(err, "%s%s", k ? ", " : "", k_kind_names[k]);
  return NULL;
}

static void vector_print_attr(const lt_attr_t *a, lt_strbuf_t *out) {
  lt_vector_kind_t k;
  if (!lt_vector_kind_of(a, &k)) {
    lt_strbuf_puts(out, "<<unknown vector attribute>>");
    return;
  }
  lt_strbuf_printf(out, "kind<%s>", k_kind_names[k]);
}

/* ---- shared checks ------------------------------------------------------- */

lt_result_t lt_vector_error_type(lt_op_t *op, const char *prefix,
                                 const lt_type_t *t, const char *suffix) {
  lt_strbuf_t sb = {0};
  lt_type_print(t, &sb);
  lt_result_t r =
      lt_op_emit_error(op, "%s'%s'%s", prefix, sb.data ? sb.data : "", suffix);
  lt_strbuf_free(&sb);
  return r;
}

static bool is_vector(const lt_type_t *t) { return t->kind == LT_TYPE_VECTOR; }

static lt_result_t check_type(lt_op_t *op, bool result, uint32_t i,
                              bool (*ok)(const lt_type_t *), const char *what) {
  const lt_type_t *t =
      result ? op->results[i].type : lt_op_operand(op, i)->type;
  if (ok(t)) return LT_SUCCESS;
  lt_strbuf_t pre = {0};
  lt_strbuf_printf(&pre, "%s #%u must be %s, but got ",
                   result ? "result" : "operand", i, what);
  lt_result_t r = lt_vector_error_type(op, pre.data ? pre.data : "", t, "");
  lt_strbuf_free(&pre);
  return r;
}

static bool is_index(const lt_type_t *t) { return t->kind == LT_TYPE_INDEX; }

static bool is_memref(const lt_type_t *t) { return t->kind == LT_TYPE_MEMREF; }

static bool is_float_vector(const lt_type_t *t) {
  return is_vector(t) && lt_type_is_float(lt_type_element(t));
}

static bool is_int_or_index(const lt_type_t *t) {
  return t->kind == LT_TYPE_INDEX ||
         (t->kind == LT_TYPE_INTEGER && t->integer.signedness == LT_SIGNLESS);
}

/* ---- load / store -------------------------------------------------------- */

/* MLIR's isLastMemrefDimUnitStride: no layout, or a last stride of 1. */
static bool last_dim_unit_stride(const lt_type_t *m) {
  return !m->shaped.strides || m->shaped.rank == 0 ||
         m->shaped.strides[m->shaped.rank - 1] == 1;
}

/* base at operand `base`, indices after it; `what` names the vector. */
static lt_result_t verify_load_store(lt_op_t *op, uint32_t base,
                                     const lt_type_t *vec, bool vec_is_result,
                                     const char *what) {
  if (op->num_operands < base + 1)
    return lt_op_emit_error(op, "expected %u or more operands, but found %u",
                            base + 1, op->num_operands);
  if (LT_FAILED(
          check_type(op, false, base, is_memref, "memref of any type values")))
    return LT_FAILURE;
  for (uint32_t i = base + 1; i < op->num_operands; i++)
    if (LT_FAILED(check_type(op, false, i, is_index, "index")))
      return LT_FAILURE;
  if (LT_FAILED(check_type(op, vec_is_result, vec_is_result ? 0 : 0, is_vector,
                           "vector of any type values")))
    return LT_FAILURE;
  const lt_type_t *m = lt_op_operand(op, base)->type;
  if (!last_dim_unit_stride(m))
    return lt_op_emit_error(op, "most minor memref dim must have unit stride");
  const lt_type_t *elem = m->shaped.element;
  if (is_vector(elem)) {
    if (elem != vec)
      return lt_op_emit_error(
          op, "base memref and %s vector types should match", what);
    elem = lt_type_element(elem);
  }
  if (lt_type_element(vec) != elem)
    return lt_op_emit_error(op, "base and %s element type%s should match", what,
                            vec_is_result ? "s" : "");
  if (op->num_operands - base - 1 != m->shaped.rank)
    return lt_op_emit_error(op, "requires %u indices", m->shaped.rank);
  return LT_SUCCESS;
}

lt_result_t lt_vector_verify_load(lt_op_t *op) {
  return verify_load_store(op, 0, op->results[0].type, true, "result");
}

lt_result_t lt_vector_verify_store(lt_op_t *op) {
  if (op->num_operands < 1)
    return lt_op_emit_error(op, "expected 2 or more operands, but found 0");
  return verify_load_store(op, 1, lt_op_operand(op, 0)->type, false,
                           "valueToStore");
}

/* ---- broadcast, splat, fma ----------------------------------------------- */

lt_result_t lt_vector_verify_broadcast(lt_op_t *op) {
  if (LT_FAILED(
          check_type(op, true, 0, is_vector, "vector of any type values")))
    return LT_FAILURE;
  const lt_type_t *src = lt_op_operand(op, 0)->type, *dst = op->results[0].type;
  if (lt_type_element(src) != lt_type_element(dst))
    return lt_op_emit_error(op, "failed to verify that source operand and "
                                "result have same element type");
  if (!is_vector(src)) {
    if (lt_type_is_int_or_index(src) || lt_type_is_float(src))
      return LT_SUCCESS;
    return lt_op_emit_error(op, "source type is not a vector");
  }
  uint32_t sr = src->shaped.rank, dr = dst->shaped.rank;
  if (sr > dr)
    return lt_op_emit_error(op, "source rank higher than destination rank");
  /* Trailing dims match or are 1; leading ones are duplicated. */
  for (uint32_t r = 0; r < sr; r++) {
    int64_t s = src->shaped.shape[r], d = dst->shaped.shape[dr - sr + r];
    if (s != 1 && s != d)
      return lt_op_emit_error(op, "dimension mismatch (%lld vs. %lld)",
                              (long long)s, (long long)d);
  }
  return LT_SUCCESS;
}

lt_result_t lt_vector_verify_splat(lt_op_t *op) {
  if (LT_FAILED(
          check_type(op, true, 0, is_vector, "vector of any type values")))
    return LT_FAILURE;
  if (lt_op_operand(op, 0)->type != lt_type_element(op->results[0].type))
    return lt_op_emit_error(op, "failed to verify that operand type matches "
                                "element type of result");
  return LT_SUCCESS;
}

lt_result_t lt_vector_verify_fma(lt_op_t *op) {
  for (uint32_t i = 0; i < 3; i++)
    if (LT_FAILED(check_type(op, false, i, is_float_vector,
                             "vector of floating-point values")))
      return LT_FAILURE;
  if (LT_FAILED(check_type(op, true, 0, is_float_vector,
                           "vector of floating-point values")))
    return LT_FAILURE;
  const lt_type_t *t = lt_op_operand(op, 0)->type;
  if (lt_op_operand(op, 1)->type != t || lt_op_operand(op, 2)->type != t ||
      op->results[0].type != t)
    return lt_op_emit_error(op, "failed to verify that all of {lhs, rhs, acc, "
                                "result} have same type");
  return LT_SUCCESS;
}

/* ---- reduction ----------------------------------------------------------- */

/* MLIR's isSupportedCombiningKind. */
static bool kind_supports(lt_vector_kind_t k, const lt_type_t *t) {
  switch (k) {
  case LT_VECTOR_KIND_ADD:
  case LT_VECTOR_KIND_MUL:
    return is_int_or_index(t) || lt_type_is_float(t);
  case LT_VECTOR_KIND_MINF:
  case LT_VECTOR_KIND_MAXF:
    return lt_type_is_float(t);
  default:
    return is_int_or_index(t);
  }
}

lt_result_t lt_vector_verify_reduction(lt_op_t *op) {
  const lt_attr_t *ka = lt_op_attr(op, "kind");
  lt_vector_kind_t k;
  if (!ka) return lt_op_emit_error(op, "requires attribute 'kind'");
  if (!lt_vector_kind_of(ka, &k))
    return lt_op_emit_error(op, "attribute 'kind' failed to satisfy "
                                "constraint: Kind of combining function for "
                                "contractions and reductions");
  if (op->num_operands < 1 || op->num_operands > 2)
    return lt_op_emit_error(op,
                            "expected between 1 and 2 operands, but found "
                            "%u",
                            op->num_operands);
  if (LT_FAILED(
          check_type(op, false, 0, is_vector, "vector of any type values")))
    return LT_FAILURE;
  const lt_type_t *v = lt_op_operand(op, 0)->type, *dest = op->results[0].type;
  if (lt_type_element(v) != dest)
    return lt_op_emit_error(op, "failed to verify that source operand and "
                                "result have same element type");
  if (v->shaped.rank > 1)
    return lt_op_emit_error(op, "unsupported reduction rank: %u",
                            v->shaped.rank);
  if (!kind_supports(k, dest)) {
    lt_strbuf_t sfx = {0};
    lt_strbuf_printf(&sfx, "' for kind '%s'", k_kind_names[k]);
    lt_result_t r = lt_vector_error_type(op, "unsupported reduction type '",
                                         dest, sfx.data ? sfx.data : "");
    lt_strbuf_free(&sfx);
    return r;
  }
  return LT_SUCCESS;
}

/* ---- extractelement / insertelement -------------------------------------- */

static lt_result_t verify_position(lt_op_t *op, const lt_type_t *v,
                                   uint32_t pos_index) {
  bool has_pos = op->num_operands > pos_index;
  if (has_pos && LT_FAILED(check_type(op, false, pos_index, is_int_or_index,
                                      "signless integer or index")))
    return LT_FAILURE;
  if (v->shaped.rank == 0) {
    if (has_pos)
      return lt_op_emit_error(op,
                              "expected position to be empty with 0-D vector");
    return LT_SUCCESS;
  }
  if (v->shaped.rank != 1)
    return lt_op_emit_error(op, "unexpected >1 vector rank");
  if (!has_pos) return lt_op_emit_error(op, "expected position for 1-D vector");
  return LT_SUCCESS;
}

lt_result_t lt_vector_verify_extractelement(lt_op_t *op) {
  if (op->num_operands < 1 || op->num_operands > 2)
    return lt_op_emit_error(op,
                            "expected between 1 and 2 operands, but found "
                            "%u",
                            op->num_operands);
  if (LT_FAILED(
          check_type(op, false, 0, is_vector, "vector of any type values")))
    return LT_FAILURE;
  const lt_type_t *v = lt_op_operand(op, 0)->type;
  if (op->num_operands > 1 &&
      LT_FAILED(check_type(op, false, 1, is_int_or_index,
                           "signless integer or index")))
    return LT_FAILURE;
  if (op->results[0].type != lt_type_element(v))
    return lt_op_emit_error(op, "failed to verify that result type matches "
                                "element type of vector operand");
  return verify_position(op, v, 1);
}

lt_result_t lt_vector_verify_insertelement(lt_op_t *op) {
  if (op->num_operands < 2 || op->num_operands > 3)
    return lt_op_emit_error(op,
                            "expected between 2 and 3 operands, but found "
                            "%u",
                            op->num_operands);
  if (LT_FAILED(
          check_type(op, false, 1, is_vector, "vector of any type values")) ||
      LT_FAILED(
          check_type(op, true, 0, is_vector, "vector of any type values")))
    return LT_FAILURE;
  if (op->num_operands > 2 &&
      LT_FAILED(check_type(op, false, 2, is_int_or_index,
                           "signless integer or index")))
    return LT_FAILURE;
  const lt_type_t *dest = lt_op_operand(op, 1)->type;
  if (lt_op_operand(op, 0)->type != lt_type_element(op->results[0].type))
    return lt_op_emit_error(op, "failed to verify that source operand type "
                                "matches element type of result");
  if (dest != op->results[0].type)
    return lt_op_emit_error(op, "failed to verify that all of {dest, result} "
                                "have same type");
  return verify_position(op, dest, 2);
}

/* ---- op table ------------------------------------------------------------ */

static const lt_op_def_t vector_ops[] = {
#define X(name_, nops, nres, traits_)                                          \
  {.name = "vector." #name_,                                                   \
   .num_operands = nops,                                                       \
   .num_results = nres,                                                        \
   .traits = traits_,                                                          \
   .verify = lt_vector_verify_##name_,                                         \
   .print = lt_vector_print_##name_,                                           \
   .parse = lt_vector_parse_##name_},
    LT_VECTOR_OPS(X)
#undef X
};

const lt_dialect_t lt_vector_dialect = {
    .ns = "vector",
    .ops = vector_ops,
    .num_ops = LT_ARRAY_SIZE(vector_ops),
    .parse_attr = vector_parse_attr,
    .print_attr = vector_print_attr,
};

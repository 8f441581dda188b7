/* arith.c - the arith dialect's op table, verifiers and constant
 * materialization. cmpi/cmpf predicates are i64 attributes in MLIR's
 * numbering; the custom forms live in arith_asm.c. */
#include "dialects/arith/arith.h"

#include <string.h>

#include "dialects/arith/arith_asm.h"
#include "dialects/arith/arith_fold.h"
#include "ir/builder.h"

/* ---- type classes -------------------------------------------------------- */

static bool is_signless_int(const lt_type_t *t) {
  return t->kind == LT_TYPE_INDEX ||
         (t->kind == LT_TYPE_INTEGER && t->integer.signedness == LT_SIGNLESS);
}

static bool is_i1(const lt_type_t *t) {
  return t->kind == LT_TYPE_INTEGER && t->integer.width == 1 &&
         t->integer.signedness == LT_SIGNLESS;
}

/* A scalar of the class, or a tensor/vector of such scalars. */
static bool is_like(const lt_type_t *t, bool (*scalar)(const lt_type_t *)) {
  return scalar(lt_type_is_shaped(t) ? lt_type_element(t) : t);
}

typedef struct type_class {
  bool (*scalar)(const lt_type_t *);
  const char *name;
} type_class_t;

static const type_class_t k_int = {is_signless_int, "signless-integer-like"};
static const type_class_t k_float = {lt_type_is_float, "floating-point-like"};
static const type_class_t k_bool = {is_i1, "bool-like"};

static lt_result_t check_class(lt_op_t *op, const char *what, uint32_t i,
                               const lt_type_t *t, const type_class_t *cls) {
  if (is_like(t, cls->scalar)) return LT_SUCCESS;
  lt_strbuf_t sb = {0};
  lt_type_print(t, &sb);
  lt_result_t r = lt_op_emit_error(op, "%s #%u must be %s, but got '%s'", what,
                                   i, cls->name, sb.data ? sb.data : "");
  lt_strbuf_free(&sb);
  return r;
}

static lt_result_t check_operands(lt_op_t *op, uint32_t first, uint32_t n,
                                  const type_class_t *cls) {
  for (uint32_t i = first; i < first + n && i < op->num_operands; i++)
    if (LT_FAILED(
            check_class(op, "operand", i, lt_op_operand(op, i)->type, cls)))
      return LT_FAILURE;
  return LT_SUCCESS;
}

/* Same container (scalar, tensor, vector) and shape; element types may
 * differ. */
static bool same_shape(const lt_type_t *a, const lt_type_t *b) {
  if (lt_type_is_shaped(a) != lt_type_is_shaped(b)) return false;
  if (!lt_type_is_shaped(a)) return true;
  if (a->kind != b->kind || a->shaped.rank != b->shaped.rank) return false;
  for (uint32_t i = 0; i < a->shaped.rank; i++)
    if (a->shaped.shape[i] != b->shaped.shape[i]) return false;
  return true;
}

/* ---- verifiers
 * --------------------------------------------------------------- */

/* MLIR's checks in its order: the ODS type match (strings and opaque
 * attributes are typed, `none` by default), then ConstantOp::verify. */
static lt_result_t verify_constant(lt_op_t *op) {
  const lt_attr_t *v = lt_op_attr(op, "value");
  if (!v) return lt_op_emit_error(op, "requires attribute 'value'");
  const lt_type_t *rt = op->results[0].type;
  bool numeric = v->kind == LT_ATTR_INTEGER || v->kind == LT_ATTR_BOOL ||
                 v->kind == LT_ATTR_FLOAT || v->kind == LT_ATTR_DENSE ||
                 v->kind == LT_ATTR_DENSE_RESOURCE;
  bool typed =
      numeric || v->kind == LT_ATTR_STRING || v->kind == LT_ATTR_OPAQUE;
  const lt_type_t *vt = v->type;
  if (!vt && typed && !numeric) vt = lt_type_none(lt_op_context(op));
  if (!typed)
    return lt_op_emit_error(op, "attribute 'value' failed to satisfy "
                                "constraint: TypedAttr instance");
  if (vt != rt)
    return lt_op_emit_error(
        op, "failed to verify that all of {value, result} have same type");
  if (rt->kind == LT_TYPE_INTEGER && rt->integer.signedness != LT_SIGNLESS)
    return lt_op_emit_error(op, "integer return type must be signless");
  if (!numeric)
    return lt_op_emit_error(
        op, "value must be an integer, float, or elements attribute");
  return LT_SUCCESS;
}

static lt_result_t verify_int_binary(lt_op_t *op) {
  if (LT_FAILED(check_operands(op, 0, 2, &k_int))) return LT_FAILURE;
  return check_class(op, "result", 0, op->results[0].type, &k_int);
}

static lt_result_t verify_float_binary(lt_op_t *op) {
  if (LT_FAILED(check_operands(op, 0, 2, &k_float))) return LT_FAILURE;
  return check_class(op, "result", 0, op->results[0].type, &k_float);
}

static lt_result_t verify_float_unary(lt_op_t *op) {
  if (LT_FAILED(check_operands(op, 0, 1, &k_float))) return LT_FAILURE;
  return check_class(op, "result", 0, op->results[0].type, &k_float);
}

static lt_result_t verify_predicate(lt_op_t *op, int64_t count) {
  const lt_attr_t *p = lt_op_attr(op, "predicate");
  if (!p) return lt_op_emit_error(op, "requires attribute 'predicate'");
  const lt_type_t *t = p->type;
  if (p->kind == LT_ATTR_INTEGER && t && t->kind == LT_TYPE_INTEGER &&
      t->integer.width == 64 && t->integer.signedness == LT_SIGNLESS &&
      p->i >= 0 && p->i < count)
    return LT_SUCCESS;
  lt_strbuf_t sb = {0};
  for (int64_t i = 0; i < count; i++)
    lt_strbuf_printf(&sb, "%s%lld", i ? ", " : "", (long long)i);
  lt_result_t r = lt_op_emit_error(op,
                                   "attribute 'predicate' failed to satisfy "
                                   "constraint: allowed 64-bit signless "
                                   "integer cases: %s",
                                   sb.data ? sb.data : "");
  lt_strbuf_free(&sb);
  return r;
}

static lt_result_t verify_compare(lt_op_t *op, const type_class_t *cls,
                                  int64_t num_predicates) {
  if (LT_FAILED(verify_predicate(op, num_predicates)) ||
      LT_FAILED(check_operands(op, 0, 2, cls)) ||
      LT_FAILED(check_class(op, "result", 0, op->results[0].type, &k_bool)))
    return LT_FAILURE;
  const lt_type_t *a = lt_op_operand(op, 0)->type;
  if (lt_op_operand(op, 1)->type != a)
    return lt_op_emit_error(op, "requires all operands to have the same type");
  if (!same_shape(a, op->results[0].type))
    return lt_op_emit_error(op, "failed to verify that result type has i1 "
                                "element type and same shape as operands");
  return LT_SUCCESS;
}

static lt_result_t verify_cmpi(lt_op_t *op) {
  return verify_compare(op, &k_int, LT_CMPI_COUNT);
}

static lt_result_t verify_cmpf(lt_op_t *op) {
  return verify_compare(op, &k_float, LT_CMPF_COUNT);
}

static lt_result_t verify_select(lt_op_t *op) {
  const lt_type_t *rt = op->results[0].type;
  if (LT_FAILED(check_operands(op, 0, 1, &k_bool))) return LT_FAILURE;
  if (lt_op_operand(op, 1)->type != rt || lt_op_operand(op, 2)->type != rt)
    return lt_op_emit_error(op, "failed to verify that all of {true_value, "
                                "false_value, result} have same type");
  const lt_type_t *ct = lt_op_operand(op, 0)->type;
  if (is_i1(ct)) return LT_SUCCESS;
  lt_strbuf_t a = {0};
  lt_type_print(ct, &a);
  lt_result_t r;
  if (!lt_type_is_shaped(rt) || rt->kind == LT_TYPE_UNRANKED_TENSOR)
    r = lt_op_emit_error(op,
                         "expected condition to be a signless i1, but got %s",
                         a.data ? a.data : "");
  else if (!is_like(ct, is_i1) || !same_shape(ct, rt))
    r = lt_op_emit_error(op, "all non-scalar operands/results must have the "
                             "same shape and base type");
  else
    r = LT_SUCCESS;
  lt_strbuf_free(&a);
  return r;
}

/* Cast compatibility per element type pair. */
typedef bool (*cast_rule_fn_t)(const lt_type_t *in, const lt_type_t *out);

static bool ints(const lt_type_t *a, const lt_type_t *b) {
  return a->kind == LT_TYPE_INTEGER && b->kind == LT_TYPE_INTEGER &&
         a->integer.signedness == LT_SIGNLESS &&
         b->integer.signedness == LT_SIGNLESS;
}
static bool widen_int(const lt_type_t *a, const lt_type_t *b) {
  return ints(a, b) && a->integer.width < b->integer.width;
}
static bool narrow_int(const lt_type_t *a, const lt_type_t *b) {
  return ints(a, b) && a->integer.width > b->integer.width;
}
static bool int_to_float(const lt_type_t *a, const lt_type_t *b) {
  return a->kind == LT_TYPE_INTEGER && a->integer.signedness == LT_SIGNLESS &&
         lt_type_is_float(b);
}
static bool float_to_int(const lt_type_t *a, const lt_type_t *b) {
  return int_to_float(b, a);
}
static bool widen_float(const lt_type_t *a, const lt_type_t *b) {
  return lt_type_is_float(a) && lt_type_is_float(b) &&
         lt_type_bit_width(a) < lt_type_bit_width(b);
}
static bool narrow_float(const lt_type_t *a, const lt_type_t *b) {
  return widen_float(b, a);
}
static bool index_cast(const lt_type_t *a, const lt_type_t *b) {
  bool ai = a->kind == LT_TYPE_INTEGER && a->integer.signedness == LT_SIGNLESS;
  bool bi = b->kind == LT_TYPE_INTEGER && b->integer.signedness == LT_SIGNLESS;
  return (a->kind == LT_TYPE_INDEX && bi) || (ai && b->kind == LT_TYPE_INDEX);
}
static bool bit_cast(const lt_type_t *a, const lt_type_t *b) {
  bool ok_a = lt_type_is_float(a) || (a->kind == LT_TYPE_INTEGER &&
                                      a->integer.signedness == LT_SIGNLESS);
  bool ok_b = lt_type_is_float(b) || (b->kind == LT_TYPE_INTEGER &&
                                      b->integer.signedness == LT_SIGNLESS);
  return ok_a && ok_b && lt_type_bit_width(a) == lt_type_bit_width(b);
}

static lt_result_t verify_cast(lt_op_t *op, cast_rule_fn_t rule) {
  const lt_type_t *in = lt_op_operand(op, 0)->type, *out = op->results[0].type;
  if (!same_shape(in, out))
    return lt_op_emit_error(
        op, "requires the same shape for all operands and results");
  if (rule(lt_type_element(in), lt_type_element(out))) return LT_SUCCESS;
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

#define CAST_VERIFIER(name, rule)                                              \
  static lt_result_t verify_##name(lt_op_t *op) {                              \
    return verify_cast(op, rule);                                              \
  }
CAST_VERIFIER(extsi, widen_int)
CAST_VERIFIER(extui, widen_int)
CAST_VERIFIER(trunci, narrow_int)
CAST_VERIFIER(sitofp, int_to_float)
CAST_VERIFIER(fptosi, float_to_int)
CAST_VERIFIER(extf, widen_float)
CAST_VERIFIER(truncf, narrow_float)
CAST_VERIFIER(index_cast, index_cast)
CAST_VERIFIER(bitcast, bit_cast)
#undef CAST_VERIFIER

static bool is_fixed_int(const lt_type_t *t) {
  return t->kind == LT_TYPE_INTEGER && t->integer.signedness == LT_SIGNLESS;
}

static const type_class_t k_fixed_int = {is_fixed_int,
                                         "signless-fixed-width-integer-like"};

/* MLIR's ODS operand and result constraints come before the cast rule. */
static lt_result_t verify_typed_cast(lt_op_t *op, const type_class_t *in,
                                     const type_class_t *out,
                                     cast_rule_fn_t rule) {
  if (LT_FAILED(check_operands(op, 0, 1, in)) ||
      LT_FAILED(check_class(op, "result", 0, op->results[0].type, out)))
    return LT_FAILURE;
  return verify_cast(op, rule);
}

static lt_result_t verify_uitofp(lt_op_t *op) {
  return verify_typed_cast(op, &k_fixed_int, &k_float, int_to_float);
}

static lt_result_t verify_fptoui(lt_op_t *op) {
  return verify_typed_cast(op, &k_float, &k_fixed_int, float_to_int);
}

/* ---- op table
 * ---------------------------------------------------------------- */

#define PURE_EW (LT_TRAIT_PURE | LT_TRAIT_ELEMENTWISE)
#define BINARY (PURE_EW | LT_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE)
#define COMM_BINARY (BINARY | LT_TRAIT_COMMUTATIVE)

/* X(name, operands, traits, summary, verify, canonicalize, assembly form
 *   (arith_asm.h), result names) */
#define LT_ARITH_OPS(X)                                                        \
  X(constant, 0, LT_TRAIT_PURE | LT_TRAIT_CONSTANT_LIKE,                       \
    "integer or floating point constant", verify_constant, NULL, constant,     \
    lt_arith_constant_result_names)                                            \
  X(addi, 2, COMM_BINARY, "integer addition", verify_int_binary,               \
    lt_arith_canon_addi, int_binary, NULL)                                     \
  X(subi, 2, BINARY, "integer subtraction", verify_int_binary,                 \
    lt_arith_canon_subi, int_binary, NULL)                                     \
  X(muli, 2, COMM_BINARY, "integer multiplication", verify_int_binary,         \
    lt_arith_canon_muli, int_binary, NULL)                                     \
  X(divsi, 2, BINARY, "signed integer division", verify_int_binary, NULL,      \
    int_binary, NULL)                                                          \
  X(divui, 2, BINARY, "unsigned integer division", verify_int_binary, NULL,    \
    int_binary, NULL)                                                          \
  X(remsi, 2, BINARY, "signed integer remainder", verify_int_binary, NULL,     \
    int_binary, NULL)                                                          \
  X(andi, 2, COMM_BINARY, "integer binary and", verify_int_binary, NULL,       \
    int_binary, NULL)                                                          \
  X(ori, 2, COMM_BINARY, "integer binary or", verify_int_binary, NULL,         \
    int_binary, NULL)                                                          \
  X(xori, 2, COMM_BINARY, "integer binary xor", verify_int_binary,             \
    lt_arith_canon_xori, int_binary, NULL)                                     \
  X(addf, 2, COMM_BINARY, "floating point addition", verify_float_binary,      \
    NULL, float_binary, NULL)                                                  \
  X(subf, 2, BINARY, "floating point subtraction", verify_float_binary, NULL,  \
    float_binary, NULL)                                                        \
  X(mulf, 2, COMM_BINARY, "floating point multiplication",                     \
    verify_float_binary, NULL, float_binary, NULL)                             \
  X(divf, 2, BINARY, "floating point division", verify_float_binary, NULL,     \
    float_binary, NULL)                                                        \
  X(cmpi, 2, PURE_EW, "integer comparison", verify_cmpi, NULL, cmpi, NULL)     \
  X(cmpf, 2, PURE_EW, "floating-point comparison", verify_cmpf, NULL, cmpf,    \
    NULL)                                                                      \
  X(select, 3, PURE_EW, "select operation", verify_select, NULL, select, NULL) \
  X(extsi, 1, PURE_EW, "integer sign extension", verify_extsi, NULL, cast,     \
    NULL)                                                                      \
  X(extui, 1, PURE_EW, "integer zero extension", verify_extui, NULL, cast,     \
    NULL)                                                                      \
  X(trunci, 1, PURE_EW, "integer truncation", verify_trunci, NULL, cast, NULL) \
  X(sitofp, 1, PURE_EW, "cast from signed integer to floating-point",          \
    verify_sitofp, NULL, cast, NULL)                                           \
  X(fptosi, 1, PURE_EW, "cast from floating-point to signed integer",          \
    verify_fptosi, NULL, cast, NULL)                                           \
  X(extf, 1, PURE_EW, "cast from floating-point to wider floating-point",      \
    verify_extf, NULL, cast, NULL)                                             \
  X(truncf, 1, PURE_EW, "cast from floating-point to narrower floating-point", \
    verify_truncf, NULL, cast, NULL)                                           \
  X(index_cast, 1, PURE_EW, "cast between index and integer types",            \
    verify_index_cast, NULL, cast, NULL)                                       \
  X(bitcast, 1, PURE_EW, "bitcast between values of equal bit width",          \
    verify_bitcast, NULL, cast, NULL)                                          \
  X(maxf, 2, COMM_BINARY, "floating-point maximum", verify_float_binary, NULL, \
    float_binary, NULL)                                                        \
  X(minf, 2, COMM_BINARY, "floating-point minimum", verify_float_binary, NULL, \
    float_binary, NULL)                                                        \
  X(negf, 1, PURE_EW | LT_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE,                 \
    "floating point negation", verify_float_unary, NULL, float_unary, NULL)    \
  X(remf, 2, BINARY, "floating point division remainder operation",            \
    verify_float_binary, NULL, float_binary, NULL)                             \
  X(uitofp, 1, PURE_EW, "cast from unsigned integer type to floating-point",   \
    verify_uitofp, NULL, cast, NULL)                                           \
  X(fptoui, 1, PURE_EW, "cast from floating-point type to integer type",       \
    verify_fptoui, NULL, cast, NULL)                                           \
  X(maxsi, 2, COMM_BINARY, "signed integer maximum", verify_int_binary, NULL,  \
    int_binary, NULL)                                                          \
  X(minsi, 2, COMM_BINARY, "signed integer minimum", verify_int_binary, NULL,  \
    int_binary, NULL)                                                          \
  X(maxui, 2, COMM_BINARY, "unsigned integer maximum", verify_int_binary,      \
    NULL, int_binary, NULL)                                                    \
  X(minui, 2, COMM_BINARY, "unsigned integer minimum", verify_int_binary,      \
    NULL, int_binary, NULL)                                                    \
  X(shli, 2, BINARY, "integer left-shift", verify_int_binary, NULL,            \
    int_binary, NULL)                                                          \
  X(shrsi, 2, BINARY, "signed integer right-shift", verify_int_binary, NULL,   \
    int_binary, NULL)                                                          \
  X(shrui, 2, BINARY, "unsigned integer right-shift", verify_int_binary, NULL, \
    int_binary, NULL)                                                          \
  X(remui, 2, BINARY, "unsigned integer division remainder",                   \
    verify_int_binary, NULL, int_binary, NULL)                                 \
  X(floordivsi, 2, BINARY, "signed floor integer division", verify_int_binary, \
    NULL, int_binary, NULL)                                                    \
  X(ceildivsi, 2, BINARY, "signed ceil integer division", verify_int_binary,   \
    NULL, int_binary, NULL)

static const lt_op_def_t arith_ops[] = {
#define X(name_, nops, traits_, summary_, verify_, canon, form, names)         \
  {.name = "arith." #name_,                                                    \
   .num_operands = nops,                                                       \
   .num_results = 1,                                                           \
   .traits = traits_,                                                          \
   .summary = summary_,                                                        \
   .verify = verify_,                                                          \
   .fold = lt_arith_fold_##name_,                                              \
   .canonicalize = canon,                                                      \
   .print = lt_arith_print_##form,                                             \
   .parse = lt_arith_parse_##form,                                             \
   .asm_result_names = names},
    LT_ARITH_OPS(X)
#undef X
};

/* Builds `arith.constant` for typed scalar and dense values whose type is
 * the requested one (MLIR's ConstantOp::isBuildableWith). */
static lt_op_t *arith_materialize(lt_builder_t *b, const lt_attr_t *value,
                                  const lt_type_t *type, lt_loc_t loc) {
  if (!value || value->type != type) return NULL;
  if (value->kind != LT_ATTR_INTEGER && value->kind != LT_ATTR_BOOL &&
      value->kind != LT_ATTR_FLOAT && value->kind != LT_ATTR_DENSE &&
      value->kind != LT_ATTR_DENSE_RESOURCE)
    return NULL;
  lt_op_state_t s;
  lt_op_state_init(&s, b->ctx, "arith.constant", loc);
  lt_op_state_add_attr(&s, "value", value);
  lt_op_state_add_result(&s, type);
  lt_op_t *op = lt_builder_create(b, &s);
  lt_op_state_free(&s);
  return op;
}

const lt_dialect_t lt_arith_dialect = {
    .ns = "arith",
    .ops = arith_ops,
    .num_ops = LT_ARRAY_SIZE(arith_ops),
    .materialize_constant = arith_materialize,
    .verify_attr = NULL,
};

/* math.c - the math dialect's op table and verifier. The ops are MLIR 16's
 * elementwise float functions: one to three operands of one float-like type
 * (a float, or a vector or tensor of floats) and a result of that type,
 * with an optional `fastmath = #arith.fastmath<...>` attribute (the arith
 * dialect's flags, as upstream). Custom forms: `math.exp %x : f32`,
 * `math.powf %a, %b fastmath<fast> : f32`, `math.fma %a, %b, %c : T`; the
 * unary and binary ones are arith's float forms. */
#include "dialects/math/math.h"

#include "dialects/arith/arith.h"
#include "dialects/arith/arith_asm.h"
#include "dialects/math/math_fold.h"
#include "ir/parser.h"
#include "ir/printer.h"

static lt_result_t check_float_like(lt_op_t *op, const char *what, uint32_t i,
                                    const lt_type_t *t) {
  if (lt_type_is_float(lt_type_is_shaped(t) ? lt_type_element(t) : t))
    return LT_SUCCESS;
  lt_strbuf_t sb = {0};
  lt_type_print(t, &sb);
  lt_result_t r =
      lt_op_emit_error(op, "%s #%u must be floating-point-like, but got '%s'",
                       what, i, sb.data ? sb.data : "");
  lt_strbuf_free(&sb);
  return r;
}

/* MLIR's ODS order: the attribute constraint, then operand and result
 * types (the same-type trait is checked by the core verifier). */
static lt_result_t verify_math(lt_op_t *op) {
  const lt_attr_t *fm = lt_op_attr(op, "fastmath");
  uint32_t bits;
  if (fm && !lt_arith_fastmath_bits(fm, &bits))
    return lt_op_emit_error(op, "attribute 'fastmath' failed to satisfy "
                                "constraint: Floating point fast math flags");
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (LT_FAILED(
            check_float_like(op, "operand", i, lt_op_operand(op, i)->type)))
      return LT_FAILURE;
  return check_float_like(op, "result", 0, op->results[0].type);
}

/* ---- math.fma's form: `%a, %b, %c fastmath<...> {attrs} : T` ------------- */

static void print_ternary(lt_op_t *op, lt_asm_printer_t *p) {
  static const char *const elided[] = {"fastmath"};
  const lt_type_t *t = op->num_results == 1 ? op->results[0].type : NULL;
  bool ok = op->num_operands == 3 && t;
  for (uint32_t i = 0; ok && i < 3; i++)
    ok = lt_op_operand(op, i) && lt_op_operand(op, i)->type == t;
  if (!ok) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_op_operands(p, op);
  uint32_t bits = 0;
  bool decoded = lt_arith_fastmath_bits(lt_op_attr(op, "fastmath"), &bits);
  if (bits) {
    lt_asm_print_raw(p, " ");
    lt_arith_fastmath_text(bits, lt_asm_stream(p));
  }
  lt_asm_print_attr_dict(p, op->attrs, decoded ? 1 : 0, elided);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, t);
}

static lt_result_t parse_ternary(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_t v[3];
  const lt_type_t *t;
  for (int i = 0; i < 3; i++)
    if ((i && LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA))) ||
        LT_FAILED(lt_asm_parse_operand(p, &v[i])))
      return LT_FAILURE;
  if (lt_asm_parse_optional_keyword(p, "fastmath") &&
      LT_FAILED(lt_arith_parse_fastmath(p, state)))
    return LT_FAILURE;
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &t)))
    return LT_FAILURE;
  for (int i = 0; i < 3; i++) {
    lt_value_t *value;
    if (LT_FAILED(lt_asm_resolve_operand(p, &v[i], t, &value)))
      return LT_FAILURE;
    lt_op_state_add_operand(state, value);
  }
  lt_op_state_add_result(state, t);
  return LT_SUCCESS;
}

/* ---- op table ------------------------------------------------------------ */

#define MATH_TRAITS                                                            \
  (LT_TRAIT_PURE | LT_TRAIT_ELEMENTWISE |                                      \
   LT_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE)

#define FOLD(name) lt_math_fold_##name
#define NOFOLD(name) NULL

/* X(name, operands, summary, fold) */
#define LT_MATH_OPS(X)                                                         \
  X(absf, 1, "floating point absolute-value operation", FOLD)                  \
  X(atan, 1, "arcus tangent of the given value", FOLD)                         \
  X(atan2, 2, "2-argument arcus tangent of the given values", FOLD)            \
  X(ceil, 1, "ceiling of the specified value", FOLD)                           \
  X(cos, 1, "cosine of the specified value", FOLD)                             \
  X(erf, 1, "error function of the specified value", FOLD)                     \
  X(exp, 1, "base-e exponential of the specified value", FOLD)                 \
  X(exp2, 1, "base-2 exponential of the specified value", FOLD)                \
  X(expm1, 1, "base-e exponential of the specified value minus 1", FOLD)       \
  X(floor, 1, "floor of the specified value", FOLD)                            \
  X(fma, 3, "floating point fused multipy-add operation", NOFOLD)              \
  X(log, 1, "base-e logarithm of the specified value", FOLD)                   \
  X(log1p, 1, "Computes the natural logarithm of one plus the given value",    \
    FOLD)                                                                      \
  X(log2, 1, "base-2 logarithm of the specified value", FOLD)                  \
  X(powf, 2, "floating point raised to the power of operation", FOLD)          \
  X(round, 1, "round of the specified value", FOLD)                            \
  X(rsqrt, 1, "reciprocal of sqrt (1 / sqrt of the specified value)", NOFOLD)  \
  X(sin, 1, "sine of the specified value", FOLD)                               \
  X(sqrt, 1, "sqrt of the specified value", FOLD)                              \
  X(tan, 1, "tangent of the specified value", FOLD)                            \
  X(tanh, 1, "hyperbolic tangent of the specified value", FOLD)                \
  X(trunc, 1, "trunc of the specified value", FOLD)

#define PRINT_1 lt_arith_print_float_unary
#define PRINT_2 lt_arith_print_float_binary
#define PRINT_3 print_ternary
#define PARSE_1 lt_arith_parse_float_unary
#define PARSE_2 lt_arith_parse_float_binary
#define PARSE_3 parse_ternary

static const lt_op_def_t math_ops[] = {
#define X(name_, nops, summary_, fold_)                                        \
  {.name = "math." #name_,                                                     \
   .num_operands = nops,                                                       \
   .num_results = 1,                                                           \
   .traits = MATH_TRAITS,                                                      \
   .summary = summary_,                                                        \
   .verify = verify_math,                                                      \
   .fold = fold_(name_),                                                       \
   .print = PRINT_##nops,                                                      \
   .parse = PARSE_##nops},
    LT_MATH_OPS(X)
#undef X
};

/* Folded values become arith.constant ops, as upstream's math dialect
 * materializes them. */
static lt_op_t *math_materialize(lt_builder_t *b, const lt_attr_t *value,
                                 const lt_type_t *type, lt_loc_t loc) {
  return lt_arith_dialect.materialize_constant(b, value, type, loc);
}

const lt_dialect_t lt_math_dialect = {
    .ns = "math",
    .ops = math_ops,
    .num_ops = LT_ARRAY_SIZE(math_ops),
    .materialize_constant = math_materialize,
};

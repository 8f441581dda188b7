/* vector_asm.c - custom forms of the vector ops other than the transfers,
 * as MLIR 16 prints them:
 *
 *   %0 = vector.load %m[%i, %j] : memref<4x8xf32>, vector<8xf32>
 *   vector.store %v, %m[%i, %j] : memref<4x8xf32>, vector<8xf32>
 *   %1 = vector.broadcast %s : f32 to vector<8xf32>
 *   %2 = vector.splat %s : vector<8xf32>
 *   %3 = vector.fma %a, %b, %c : vector<8xf32>
 *   %4 = vector.reduction <add>, %v, %acc : vector<8xf32> into f32
 *   %5 = vector.extractelement %v[%i : index] : vector<8xf32>
 *   %6 = vector.insertelement %s, %v[%i : index] : vector<8xf32>
 *
 * IR a form cannot express prints in the generic form. */
#include "dialects/vector/vector_internal.h"
#include "ir/parser.h"
#include "ir/printer.h"

static const lt_type_t *operand_type(lt_op_t *op, uint32_t i) {
  return i < op->num_operands && lt_op_operand(op, i)
             ? lt_op_operand(op, i)->type
             : NULL;
}

static lt_result_t oom(lt_asm_parser_t *p) {
  return lt_asm_emit_error(p, "out of memory");
}

/* `[%i, %j]` */
static lt_result_t parse_indices(lt_asm_parser_t *p,
                                 lt_asm_operand_list_t *out) {
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_SQUARE)) ||
      LT_FAILED(lt_asm_parse_operand_list(p, out)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_R_SQUARE)))
    return LT_FAILURE;
  return LT_SUCCESS;
}


static lt_result_t resolve(lt_asm_parser_t *p, const lt_asm_operand_t *o,
                           const lt_type_t *t, lt_op_state_t *state) {
  lt_value_t *v;
  if (LT_FAILED(lt_asm_resolve_operand(p, o, t, &v))) return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  return LT_SUCCESS;
}

/* `%base[%i, %j]` of operands [first, n). */
static void print_base_indices(lt_asm_printer_t *p, lt_op_t *op,
                               uint32_t first) {
  lt_asm_print_operand(p, lt_op_operand(op, first));
  lt_asm_print_raw(p, "[");
  for (uint32_t i = first + 1; i < op->num_operands; i++) {
    if (i > first + 1) lt_asm_print_raw(p, ", ");
    lt_asm_print_operand(p, lt_op_operand(op, i));
  }
  lt_asm_print_raw(p, "]");
}

static bool operands_present(lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (!lt_op_operand(op, i)) return false;
  return true;
}

/* ---- load / store -------------------------------------------------------- */

void lt_vector_print_load(lt_op_t *op, lt_asm_printer_t *p) {
  if (op->num_operands < 1 || op->num_results != 1 || !operands_present(op)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  print_base_indices(p, op, 0);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, operand_type(op, 0));
  lt_asm_print_raw(p, ", ");
  lt_asm_print_type(p, op->results[0].type);
}

lt_result_t lt_vector_parse_load(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_t base;
  lt_asm_operand_list_t indices;
  const lt_type_t *mt, *vt;
  if (LT_FAILED(lt_asm_parse_operand(p, &base)) ||
      LT_FAILED(parse_indices(p, &indices)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &mt)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)) ||
      LT_FAILED(lt_asm_parse_type(p, &vt)) ||
      LT_FAILED(resolve(p, &base, mt, state)) ||
      LT_FAILED(lt_asm_resolve_indices(p, &indices, state)))
    return LT_FAILURE;
  lt_op_state_add_result(state, vt);
  return LT_SUCCESS;
}

void lt_vector_print_store(lt_op_t *op, lt_asm_printer_t *p) {
  if (op->num_operands < 2 || op->num_results != 0 || !operands_present(op)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_operand(p, lt_op_operand(op, 0));
  lt_asm_print_raw(p, ", ");
  print_base_indices(p, op, 1);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, operand_type(op, 1));
  lt_asm_print_raw(p, ", ");
  lt_asm_print_type(p, operand_type(op, 0));
}

lt_result_t lt_vector_parse_store(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_t value, base;
  lt_asm_operand_list_t indices;
  const lt_type_t *mt, *vt;
  if (LT_FAILED(lt_asm_parse_operand(p, &value)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)) ||
      LT_FAILED(lt_asm_parse_operand(p, &base)) ||
      LT_FAILED(parse_indices(p, &indices)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &mt)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)) ||
      LT_FAILED(lt_asm_parse_type(p, &vt)) ||
      LT_FAILED(resolve(p, &value, vt, state)) ||
      LT_FAILED(resolve(p, &base, mt, state)) ||
      LT_FAILED(lt_asm_resolve_indices(p, &indices, state)))
    return LT_FAILURE;
  return LT_SUCCESS;
}

/* ---- broadcast / splat / fma --------------------------------------------- */

static bool one_to_one(lt_op_t *op, uint32_t nops) {
  return op->num_operands == nops && op->num_results == 1 &&
         operands_present(op);
}

void lt_vector_print_broadcast(lt_op_t *op, lt_asm_printer_t *p) {
  if (!one_to_one(op, 1)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_op_operands(p, op);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, operand_type(op, 0));
  lt_asm_print_raw(p, " to ");
  lt_asm_print_type(p, op->results[0].type);
}

lt_result_t lt_vector_parse_broadcast(lt_asm_parser_t *p,
                                      lt_op_state_t *state) {
  lt_asm_operand_t src;
  const lt_type_t *from, *to;
  if (LT_FAILED(lt_asm_parse_operand(p, &src)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &from)) ||
      LT_FAILED(lt_asm_parse_keyword(p, "to")) ||
      LT_FAILED(lt_asm_parse_type(p, &to)) ||
      LT_FAILED(resolve(p, &src, from, state)))
    return LT_FAILURE;
  lt_op_state_add_result(state, to);
  return LT_SUCCESS;
}

void lt_vector_print_splat(lt_op_t *op, lt_asm_printer_t *p) {
  const lt_type_t *rt = op->num_results == 1 ? op->results[0].type : NULL;
  if (!one_to_one(op, 1) || rt->kind != LT_TYPE_VECTOR ||
      operand_type(op, 0) != lt_type_element(rt)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_op_operands(p, op);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, rt);
}

lt_result_t lt_vector_parse_splat(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_t src;
  const lt_type_t *t;
  const char *pos;
  if (LT_FAILED(lt_asm_parse_operand(p, &src)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COLON)))
    return LT_FAILURE;
  pos = lt_asm_current_pos(p);
  if (LT_FAILED(lt_asm_parse_type(p, &t))) return LT_FAILURE;
  if (t->kind != LT_TYPE_VECTOR)
    return lt_asm_emit_error_at(p, pos,
                                "'aggregate' must be vector of any "
                                "type values");
  if (LT_FAILED(resolve(p, &src, lt_type_element(t), state))) return LT_FAILURE;
  lt_op_state_add_result(state, t);
  return LT_SUCCESS;
}

void lt_vector_print_fma(lt_op_t *op, lt_asm_printer_t *p) {
  const lt_type_t *t = op->num_results == 1 ? op->results[0].type : NULL;
  if (!one_to_one(op, 3) || operand_type(op, 0) != t ||
      operand_type(op, 1) != t || operand_type(op, 2) != t) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_op_operands(p, op);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, t);
}

lt_result_t lt_vector_parse_fma(lt_asm_parser_t *p, lt_op_state_t *state) {
  const char *pos = lt_asm_current_pos(p);
  lt_asm_operand_list_t ops;
  const lt_type_t *t;
  if (LT_FAILED(lt_asm_parse_operand_list(p, &ops)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &t)))
    return LT_FAILURE;
  const lt_type_t *types[3] = {t, t, t};
  lt_op_state_add_result(state, t);
  return lt_asm_resolve_operands(p, &ops, types, 3, pos, state);
}

/* ---- reduction ----------------------------------------------------------- */

void lt_vector_print_reduction(lt_op_t *op, lt_asm_printer_t *p) {
  static const char *const elided[] = {"kind"};
  lt_vector_kind_t k;
  if (op->num_operands < 1 || op->num_operands > 2 || op->num_results != 1 ||
      !operands_present(op) || !lt_vector_kind_of(lt_op_attr(op, "kind"), &k) ||
      (op->num_operands == 2 && operand_type(op, 1) != op->results[0].type)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_printf(p, " <%s>, ", lt_vector_kind_name(k));
  lt_asm_print_op_operands(p, op);
  lt_asm_print_attr_dict(p, op->attrs, 1, elided);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, operand_type(op, 0));
  lt_asm_print_raw(p, " into ");
  lt_asm_print_type(p, op->results[0].type);
}

lt_result_t lt_vector_parse_reduction(lt_asm_parser_t *p,
                                      lt_op_state_t *state) {
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_LESS))) return LT_FAILURE;
  int kind = -1;
  for (int k = 0; k < LT_VECTOR_KIND_COUNT && kind < 0; k++)
    if (lt_asm_parse_optional_keyword(p, lt_vector_kind_name(k))) kind = k;
  if (kind < 0) {
    if (!lt_asm_peek(p, LT_TOK_BARE_ID))
      return lt_asm_emit_error(p, "expected valid keyword");
    return lt_asm_emit_error(p, "expected ::mlir::vector::CombiningKind to be "
                                "one of: add, mul, minui, minsi, minf, maxui, "
                                "maxsi, maxf, and, or, xor");
  }
  const char *pos;
  lt_asm_operand_list_t ops;
  const lt_type_t *vt, *rt;
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_GREATER)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)))
    return LT_FAILURE;
  pos = lt_asm_current_pos(p);
  if (LT_FAILED(lt_asm_parse_operand_list(p, &ops)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &vt)) ||
      LT_FAILED(lt_asm_parse_keyword(p, "into")) ||
      LT_FAILED(lt_asm_parse_type(p, &rt)))
    return LT_FAILURE;
  if (ops.count < 1 || ops.count > 2)
    return lt_asm_emit_error_at(p, pos, "unsupported number of operands");
  const lt_attr_t *ka =
      lt_vector_kind_attr(lt_asm_context(p), (lt_vector_kind_t)kind);
  if (!ka) return oom(p);
  lt_op_state_add_attr(state, "kind", ka);
  const lt_type_t *types[2] = {vt, rt};
  lt_op_state_add_result(state, rt);
  return lt_asm_resolve_operands(p, &ops, types, ops.count, pos, state);
}

/* ---- extractelement / insertelement -------------------------------------- */

/* `%v[%i : index]`, `%v[]` for 0-D vectors. */
static void print_position(lt_asm_printer_t *p, lt_op_t *op, uint32_t vec) {
  lt_asm_print_operand(p, lt_op_operand(op, vec));
  lt_asm_print_raw(p, "[");
  if (op->num_operands > vec + 1) {
    lt_asm_print_operand(p, lt_op_operand(op, vec + 1));
    lt_asm_print_raw(p, " : ");
    lt_asm_print_type(p, operand_type(op, vec + 1));
  }
  lt_asm_print_raw(p, "]");
}

static lt_result_t parse_position(lt_asm_parser_t *p, lt_asm_operand_t *vec,
                                  lt_asm_operand_t *pos,
                                  const lt_type_t **pos_type) {
  *pos_type = NULL;
  lt_result_t r = LT_SUCCESS;
  if (LT_FAILED(lt_asm_parse_operand(p, vec)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_SQUARE)))
    return LT_FAILURE;
  if (lt_asm_parse_optional_operand(p, pos, &r)) {
    if (LT_FAILED(r) || LT_FAILED(lt_asm_parse_colon_type(p, pos_type)))
      return LT_FAILURE;
  } else if (LT_FAILED(r)) {
    return LT_FAILURE;
  }
  return lt_asm_parse_token(p, LT_TOK_R_SQUARE);
}

void lt_vector_print_extractelement(lt_op_t *op, lt_asm_printer_t *p) {
  if (op->num_operands < 1 || op->num_operands > 2 || op->num_results != 1 ||
      !operands_present(op) ||
      op->results[0].type != lt_type_element(operand_type(op, 0))) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  print_position(p, op, 0);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, operand_type(op, 0));
}

lt_result_t lt_vector_parse_extractelement(lt_asm_parser_t *p,
                                           lt_op_state_t *state) {
  lt_asm_operand_t vec, pos;
  const lt_type_t *pt, *vt;
  if (LT_FAILED(parse_position(p, &vec, &pos, &pt)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &vt)) ||
      LT_FAILED(resolve(p, &vec, vt, state)) ||
      (pt && LT_FAILED(resolve(p, &pos, pt, state))))
    return LT_FAILURE;
  lt_op_state_add_result(state, lt_type_element(vt));
  return LT_SUCCESS;
}

void lt_vector_print_insertelement(lt_op_t *op, lt_asm_printer_t *p) {
  const lt_type_t *rt = op->num_results == 1 ? op->results[0].type : NULL;
  if (op->num_operands < 2 || op->num_operands > 3 || !rt ||
      !operands_present(op) || operand_type(op, 1) != rt ||
      operand_type(op, 0) != lt_type_element(rt)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_operand(p, lt_op_operand(op, 0));
  lt_asm_print_raw(p, ", ");
  print_position(p, op, 1);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, rt);
}

lt_result_t lt_vector_parse_insertelement(lt_asm_parser_t *p,
                                          lt_op_state_t *state) {
  lt_asm_operand_t src, vec, pos;
  const lt_type_t *pt, *vt;
  if (LT_FAILED(lt_asm_parse_operand(p, &src)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)) ||
      LT_FAILED(parse_position(p, &vec, &pos, &pt)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &vt)) ||
      LT_FAILED(resolve(p, &src, lt_type_element(vt), state)) ||
      LT_FAILED(resolve(p, &vec, vt, state)) ||
      (pt && LT_FAILED(resolve(p, &pos, pt, state))))
    return LT_FAILURE;
  lt_op_state_add_result(state, vt);
  return LT_SUCCESS;
}

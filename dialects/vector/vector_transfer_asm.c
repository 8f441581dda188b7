/* vector_transfer_asm.c - custom forms of the transfers, as MLIR 16 prints
 * them:
 *
 *   %0 = vector.transfer_read %m[%i], %pad, %mask {in_bounds = [true]}
 *          : memref<?xf32>, vector<8xf32>
 *   vector.transfer_write %v, %m[%i] : vector<8xf32>, memref<?xf32>
 *   %1 = vector.transfer_write %v, %t[%i] : vector<8xf32>, tensor<8xf32>
 *
 * (one line each). The parser supplies what the form leaves out: the minor
 * identity permutation_map, the mask type and operand_segment_sizes. */
#include <string.h>

#include "dialects/vector/vector_internal.h"
#include "ir/parser.h"
#include "ir/printer.h"

/* The four segments (base, indices, padding or value, mask) when they
 * describe the operands, all present, with at most one mask. */
static bool segments(lt_op_t *op, int64_t n[4]) {
  int32_t seg[4];
  if (!lt_op_operand_segments(op, 4, seg)) return false;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (!lt_op_operand(op, i)) return false;
  for (int i = 0; i < 4; i++) n[i] = seg[i];
  return n[3] <= 1;
}

static bool is_minor_identity(const lt_attr_t *map) {
  if (!map || map->kind != LT_ATTR_AFFINE_MAP) return false;
  uint32_t nd = map->affine_map.num_dims, nr = map->affine_map.num_results;
  if (nr > nd) return false;
  for (uint32_t i = 0; i < nr; i++)
    if (map->affine_map.results[i] != (int32_t)(nd - nr + i)) return false;
  return true;
}

static bool all_false(const lt_attr_t *ib) {
  if (!ib || ib->kind != LT_ATTR_ARRAY) return false;
  for (uint32_t i = 0; i < ib->array.count; i++)
    if (ib->array.elems[i]->kind != LT_ATTR_BOOL || ib->array.elems[i]->b)
      return false;
  return true;
}

/* The attribute dictionary without what the custom form implies. */
static void print_transfer_attrs(lt_asm_printer_t *p, lt_op_t *op) {
  const char *elided[3];
  uint32_t n = 0;
  elided[n++] = "operand_segment_sizes";
  if (is_minor_identity(lt_op_attr(op, "permutation_map")))
    elided[n++] = "permutation_map";
  if (all_false(lt_op_attr(op, "in_bounds"))) elided[n++] = "in_bounds";
  lt_asm_print_attr_dict(p, op->attrs, n, elided);
}

static void print_indices(lt_asm_printer_t *p, lt_op_t *op, uint32_t first,
                          uint32_t n) {
  lt_asm_print_raw(p, "[");
  for (uint32_t i = 0; i < n; i++) {
    if (i) lt_asm_print_raw(p, ", ");
    lt_asm_print_operand(p, lt_op_operand(op, first + i));
  }
  lt_asm_print_raw(p, "]");
}

void lt_vector_print_transfer_read(lt_op_t *op, lt_asm_printer_t *p) {
  int64_t n[4];
  if (!segments(op, n) || n[0] != 1 || n[2] != 1 || op->num_results != 1 ||
      !lt_op_attr(op, "permutation_map")) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  uint32_t ni = (uint32_t)n[1];
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_operand(p, lt_op_operand(op, 0));
  print_indices(p, op, 1, ni);
  lt_asm_print_raw(p, ", ");
  lt_asm_print_operand(p, lt_op_operand(op, 1 + ni));
  if (n[3]) {
    lt_asm_print_raw(p, ", ");
    lt_asm_print_operand(p, lt_op_operand(op, 2 + ni));
  }
  print_transfer_attrs(p, op);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, lt_op_operand(op, 0)->type);
  lt_asm_print_raw(p, ", ");
  lt_asm_print_type(p, op->results[0].type);
}

void lt_vector_print_transfer_write(lt_op_t *op, lt_asm_printer_t *p) {
  int64_t n[4];
  if (!segments(op, n) || n[0] != 1 || n[1] != 1 || op->num_results > 1 ||
      !lt_op_attr(op, "permutation_map") ||
      (op->num_results && op->results[0].type != lt_op_operand(op, 1)->type)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  uint32_t ni = (uint32_t)n[2];
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_operand(p, lt_op_operand(op, 0));
  lt_asm_print_raw(p, ", ");
  lt_asm_print_operand(p, lt_op_operand(op, 1));
  print_indices(p, op, 2, ni);
  if (n[3]) {
    lt_asm_print_raw(p, ", ");
    lt_asm_print_operand(p, lt_op_operand(op, 2 + ni));
  }
  print_transfer_attrs(p, op);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, lt_op_operand(op, 0)->type);
  lt_asm_print_raw(p, ", ");
  lt_asm_print_type(p, lt_op_operand(op, 1)->type);
}

/* The types after `:` (exactly two), checked as MLIR's parser does. */
static lt_result_t parse_two_types(lt_asm_parser_t *p, bool vector_first,
                                   const lt_type_t **out_src,
                                   const lt_type_t **out_vec) {
  const char *pos;
  lt_asm_type_list_t types;
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_COLON))) return LT_FAILURE;
  pos = lt_asm_current_pos(p);
  if (LT_FAILED(lt_asm_parse_type_list(p, &types))) return LT_FAILURE;
  if (types.count != 2)
    return lt_asm_emit_error_at(p, pos, "requires two types");
  *out_vec = types.items[vector_first ? 0 : 1];
  *out_src = types.items[vector_first ? 1 : 0];
  if ((*out_src)->kind != LT_TYPE_MEMREF && (*out_src)->kind != LT_TYPE_TENSOR)
    return lt_asm_emit_error_at(p, pos,
                                "requires memref or ranked tensor type");
  if ((*out_vec)->kind != LT_TYPE_VECTOR)
    return lt_asm_emit_error_at(p, pos, "requires vector type");
  return LT_SUCCESS;
}

/* Adds the default map, the segments; resolves the mask with its
 * inferred type. */
static lt_result_t finish(lt_asm_parser_t *p, lt_op_state_t *state,
                          const lt_type_t *src, const lt_type_t *vec,
                          const lt_asm_operand_t *mask, const int32_t seg[4]) {
  lt_context_t *ctx = lt_asm_context(p);
  const lt_attr_t *map = NULL;
  for (uint32_t i = 0; i < state->num_attrs; i++)
    if (strcmp(state->attrs[i].name->str, "permutation_map") == 0)
      map = state->attrs[i].value;
  if (!map) {
    if (vec->shaped.rank > src->shaped.rank)
      return lt_asm_emit_error(p, "expected a permutation_map when the vector "
                                  "rank exceeds the source rank");
    map =
        lt_attr_affine_minor_identity(ctx, src->shaped.rank, vec->shaped.rank);
    if (!map) return lt_asm_emit_error(p, "out of memory");
    lt_op_state_add_attr(state, "permutation_map", map);
  }
  if (mask) {
    if (map->kind != LT_ATTR_AFFINE_MAP)
      return lt_asm_emit_error(p, "expected an affine_map permutation_map");
    int64_t shape[64];
    uint32_t rank = 0;
    for (uint32_t d = 0; d < map->affine_map.num_dims && rank < 64; d++)
      for (uint32_t i = 0; i < map->affine_map.num_results; i++)
        if (map->affine_map.results[i] == (int32_t)d && i < vec->shaped.rank)
          shape[rank++] = vec->shaped.shape[i];
    const lt_type_t *mt =
        lt_type_vector(ctx, rank, shape, lt_type_integer(ctx, 1, LT_SIGNLESS));
    lt_value_t *v;
    if (!mt || LT_FAILED(lt_asm_resolve_operand(p, mask, mt, &v)))
      return LT_FAILURE;
    lt_op_state_add_operand(state, v);
  }
  const lt_attr_t *sa =
      lt_attr_dense_array(ctx, lt_type_integer(ctx, 32, LT_SIGNLESS), 4, seg);
  if (!sa) return lt_asm_emit_error(p, "out of memory");
  lt_op_state_add_attr(state, "operand_segment_sizes", sa);
  return LT_SUCCESS;
}

static lt_result_t parse_source_indices(lt_asm_parser_t *p,
                                        lt_asm_operand_t *src,
                                        lt_asm_operand_list_t *indices) {
  if (LT_FAILED(lt_asm_parse_operand(p, src)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_SQUARE)) ||
      LT_FAILED(lt_asm_parse_operand_list(p, indices)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_R_SQUARE)))
    return LT_FAILURE;
  return LT_SUCCESS;
}

static lt_result_t resolve_all(lt_asm_parser_t *p, lt_op_state_t *state,
                               const lt_asm_operand_t *o, const lt_type_t *t) {
  lt_value_t *v;
  if (LT_FAILED(lt_asm_resolve_operand(p, o, t, &v))) return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  return LT_SUCCESS;
}


lt_result_t lt_vector_parse_transfer_read(lt_asm_parser_t *p,
                                          lt_op_state_t *state) {
  lt_asm_operand_t src, pad, mask;
  lt_asm_operand_list_t indices;
  const lt_type_t *st, *vt;
  bool has_mask = false;
  if (LT_FAILED(parse_source_indices(p, &src, &indices)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)) ||
      LT_FAILED(lt_asm_parse_operand(p, &pad)))
    return LT_FAILURE;
  if (lt_asm_parse_optional_token(p, LT_TOK_COMMA)) {
    if (LT_FAILED(lt_asm_parse_operand(p, &mask))) return LT_FAILURE;
    has_mask = true;
  }
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(parse_two_types(p, false, &st, &vt)) ||
      LT_FAILED(resolve_all(p, state, &src, st)) ||
      LT_FAILED(lt_asm_resolve_indices(p, &indices, state)) ||
      LT_FAILED(resolve_all(p, state, &pad, st->shaped.element)))
    return LT_FAILURE;
  int32_t seg[4] = {1, (int32_t)indices.count, 1, has_mask ? 1 : 0};
  if (LT_FAILED(finish(p, state, st, vt, has_mask ? &mask : NULL, seg)))
    return LT_FAILURE;
  lt_op_state_add_result(state, vt);
  return LT_SUCCESS;
}

lt_result_t lt_vector_parse_transfer_write(lt_asm_parser_t *p,
                                           lt_op_state_t *state) {
  lt_asm_operand_t vec, src, mask;
  lt_asm_operand_list_t indices;
  const lt_type_t *st, *vt;
  bool has_mask = false;
  if (LT_FAILED(lt_asm_parse_operand(p, &vec)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)) ||
      LT_FAILED(parse_source_indices(p, &src, &indices)))
    return LT_FAILURE;
  if (lt_asm_parse_optional_token(p, LT_TOK_COMMA)) {
    if (LT_FAILED(lt_asm_parse_operand(p, &mask))) return LT_FAILURE;
    has_mask = true;
  }
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(parse_two_types(p, true, &st, &vt)) ||
      LT_FAILED(resolve_all(p, state, &vec, vt)) ||
      LT_FAILED(resolve_all(p, state, &src, st)) ||
      LT_FAILED(lt_asm_resolve_indices(p, &indices, state)))
    return LT_FAILURE;
  int32_t seg[4] = {1, 1, (int32_t)indices.count, has_mask ? 1 : 0};
  if (LT_FAILED(finish(p, state, st, vt, has_mask ? &mask : NULL, seg)))
    return LT_FAILURE;
  if (st->kind == LT_TYPE_TENSOR) lt_op_state_add_result(state, st);
  return LT_SUCCESS;
}

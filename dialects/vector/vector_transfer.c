/* vector_transfer.c - vector.transfer_read / transfer_write: verifiers and
 * custom forms (MLIR 16's TransferReadOp / TransferWriteOp).
 *
 * Operands are segmented by `operand_segment_sizes = array<i32: ...>`
 * (read: source, indices, padding, mask; write: vector, source, indices,
 * mask), as MLIR 16's generic form spells it. The permutation_map is
 * required in the generic form; the custom form leaves out the minor
 * identity, the segments and an all-false in_bounds. */
#include <string.h>

#include "dialects/vector/vector_internal.h"
#include "ir/parser.h"
#include "ir/printer.h"

typedef struct segs {
  int64_t n[4];
} segs_t;

static lt_result_t read_segments(lt_op_t *op, segs_t *s) {
  const lt_attr_t *a = lt_op_attr(op, "operand_segment_sizes");
  const lt_type_t *et = a ? a->type : NULL;
  if (!a || a->kind != LT_ATTR_DENSE_ARRAY || !et ||
      et->kind != LT_TYPE_INTEGER || et->integer.width != 32)
    return lt_op_emit_error(
        op, "requires dense i32 array attribute 'operand_segment_sizes'");
  int64_t count = lt_attr_dense_count(a), total = 0;
  if (count != 4)
    return lt_op_emit_error(op,
                            "'operand_segment_sizes' attribute for "
                            "specifying operand segments must have 4 "
                            "elements, but got %lld",
                            (long long)count);
  for (int i = 0; i < 4; i++) {
    s->n[i] = lt_attr_dense_int(a, i);
    if (s->n[i] < 0)
      return lt_op_emit_error(op, "'operand_segment_sizes' attribute for "
                                  "specifying operand segments must have "
                                  "non-negative values");
    total += s->n[i];
  }
  if (total != (int64_t)op->num_operands)
    return lt_op_emit_error(op,
                            "operand count (%u) does not match with the "
                            "total size (%lld) specified in attribute "
                            "'operand_segment_sizes'",
                            op->num_operands, (long long)total);
  return LT_SUCCESS;
}

static lt_result_t type_error(lt_op_t *op, const char *what, uint32_t i,
                              const char *cls, const lt_type_t *t) {
  lt_strbuf_t pre = {0};
  lt_strbuf_printf(&pre, "%s #%u must be %s, but got ", what, i, cls);
  lt_result_t r = lt_vector_error_type(op, pre.data ? pre.data : "", t, "");
  lt_strbuf_free(&pre);
  return r;
}

static bool is_shaped_any(const lt_type_t *t) {
  return lt_type_is_shaped(t) || t->kind == LT_TYPE_MEMREF;
}

static bool is_i1_vector(const lt_type_t *t) {
  const lt_type_t *e = lt_type_element(t);
  return t->kind == LT_TYPE_VECTOR && e->kind == LT_TYPE_INTEGER &&
         e->integer.width == 1 && e->integer.signedness == LT_SIGNLESS;
}

/* MLIR's inferTransferOpMaskType: the vector's dims ordered by the source
 * dims they come from (broadcast results have none). */
static const lt_type_t *inferred_mask(lt_context_t *ctx, const lt_attr_t *map,
                                      const lt_type_t *vec) {
  int64_t shape[64];
  uint32_t rank = 0;
  for (uint32_t d = 0; d < map->affine_map.num_dims && rank < 64; d++)
    for (uint32_t i = 0; i < map->affine_map.num_results; i++)
      if (map->affine_map.results[i] == (int32_t)d && i < vec->shaped.rank)
        shape[rank++] = vec->shaped.shape[i];
  return lt_type_vector(ctx, rank, shape, lt_type_integer(ctx, 1, LT_SIGNLESS));
}

/* The checks both ops share (verifyTransferOp, verifyPermutationMap). */
static lt_result_t verify_transfer(lt_op_t *op, const lt_type_t *src,
                                   const lt_type_t *vec, const lt_type_t *mask,
                                   const lt_attr_t *map,
                                   const lt_attr_t *in_bounds, bool write) {
  lt_context_t *ctx = lt_op_context(op);
  if (src->kind != LT_TYPE_MEMREF && src->kind != LT_TYPE_TENSOR)
    return lt_op_emit_error(
        op, "requires source to be a memref or ranked tensor type");
  if (write)
    for (uint32_t i = 0; i < map->affine_map.num_results; i++)
      if (map->affine_map.results[i] < 0)
        return lt_op_emit_error(op, "should not have broadcast dimensions");
  const lt_type_t *elem = src->shaped.element;
  if (elem->kind == LT_TYPE_VECTOR)
    return lt_op_emit_error(op, "vector element types of the source are not "
                                "supported");
  uint64_t minor =
      vec->shaped.rank ? (uint64_t)vec->shaped.shape[vec->shaped.rank - 1] : 1;
  uint32_t vw = lt_type_bit_width(lt_type_element(vec)),
           sw = lt_type_bit_width(elem);
  if (sw && (vw * minor) % sw != 0)
    return lt_op_emit_error(op, "requires the bitwidth of the minor 1-D vector "
                                "to be an integral multiple of the bitwidth of "
                                "the source element type");
  if (map->affine_map.num_results != vec->shaped.rank)
    return lt_op_emit_error(op, "requires a permutation_map with result dims "
                                "of the same rank as the vector type");
  if (map->affine_map.num_dims != src->shaped.rank)
    return lt_op_emit_error(op, "requires a permutation_map with input dims "
                                "of the same rank as the source type");
  if (mask) {
    const lt_type_t *want = inferred_mask(ctx, map, vec);
    if (want != mask) {
      lt_strbuf_t a = {0}, b = {0};
      lt_type_print(want, &a);
      lt_type_print(mask, &b);
      lt_result_t r =
          lt_op_emit_error(op,
                           "inferred mask type ('%s') and mask "
                           "operand type ('%s') don't match",
                           a.data ? a.data : "", b.data ? b.data : "");
      lt_strbuf_free(&a);
      lt_strbuf_free(&b);
      return r;
    }
  }
  if (in_bounds) {
    if (in_bounds->array.count != map->affine_map.num_results) {
      lt_strbuf_t m = {0};
      lt_attr_print(map, &m);
      lt_result_t r = lt_op_emit_error(
          op,
          "expects the optional in_bounds attr of same rank as "
          "permutation_map results: %s vs inBounds of size: %u",
          m.data ? m.data : "", in_bounds->array.count);
      lt_strbuf_free(&m);
      return r;
    }
    for (uint32_t i = 0; i < map->affine_map.num_results; i++)
      if (map->affine_map.results[i] < 0 && !in_bounds->array.elems[i]->b)
        return lt_op_emit_error(
            op, "requires broadcast dimensions to be in-bounds");
  }
  return LT_SUCCESS;
}

static lt_result_t verify_permutation(lt_op_t *op, const lt_attr_t *map) {
  bool seen[64] = {false};
  for (uint32_t i = 0; i < map->affine_map.num_results; i++) {
    int32_t d = map->affine_map.results[i];
    if (d < 0 || d >= 64) continue;
    if (seen[d])
      return lt_op_emit_error(op, "requires a permutation_map that is a "
                                  "permutation (found one dim used more than "
                                  "once)");
    seen[d] = true;
  }
  return LT_SUCCESS;
}

/* ODS attribute constraints; fills map and in_bounds. */
static lt_result_t verify_attrs(lt_op_t *op, const lt_attr_t **out_map,
                                const lt_attr_t **out_in_bounds) {
  const lt_attr_t *map = lt_op_attr(op, "permutation_map");
  const lt_attr_t *ib = lt_op_attr(op, "in_bounds");
  if (ib) {
    bool ok = ib->kind == LT_ATTR_ARRAY;
    for (uint32_t i = 0; ok && i < ib->array.count; i++)
      ok = ib->array.elems[i]->kind == LT_ATTR_BOOL;
    if (!ok)
      return lt_op_emit_error(op, "attribute 'in_bounds' failed to satisfy "
                                  "constraint: 1-bit boolean array attribute");
  }
  if (!map) return lt_op_emit_error(op, "requires attribute 'permutation_map'");
  if (map->kind != LT_ATTR_AFFINE_MAP)
    return lt_op_emit_error(op, "attribute 'permutation_map' failed to "
                                "satisfy constraint: AffineMap attribute");
  if (lt_op_attr(op, "masked"))
    return lt_op_emit_error(op, "masked attribute has been removed. Use "
                                "in_bounds instead.");
  *out_map = map;
  *out_in_bounds = ib;
  return LT_SUCCESS;
}

static lt_result_t check_indices(lt_op_t *op, uint32_t first, uint32_t n) {
  for (uint32_t i = first; i < first + n; i++)
    if (lt_op_operand(op, i)->type->kind != LT_TYPE_INDEX)
      return type_error(op, "operand", i, "index", lt_op_operand(op, i)->type);
  return LT_SUCCESS;
}

lt_result_t lt_vector_verify_transfer_read(lt_op_t *op) {
  segs_t s;
  const lt_attr_t *map, *ib;
  if (LT_FAILED(read_segments(op, &s)) ||
      LT_FAILED(verify_attrs(op, &map, &ib)))
    return LT_FAILURE;
  if (s.n[0] != 1 || s.n[2] != 1 || s.n[3] > 1)
    return lt_op_emit_error(op,
                            "operand group starting at #%lld requires 1 "
                            "element, but got %lld",
                            (long long)(s.n[0] != 1 ? 0 : 1 + s.n[1]),
                            (long long)(s.n[0] != 1 ? s.n[0] : s.n[2]));
  uint32_t ni = (uint32_t)s.n[1];
  const lt_type_t *src = lt_op_operand(op, 0)->type;
  const lt_type_t *pad = lt_op_operand(op, 1 + ni)->type;
  const lt_type_t *mask = s.n[3] ? lt_op_operand(op, 2 + ni)->type : NULL;
  const lt_type_t *vec = op->results[0].type;
  if (!is_shaped_any(src))
    return type_error(op, "operand", 0, "shaped of any type values", src);
  if (LT_FAILED(check_indices(op, 1, ni))) return LT_FAILURE;
  if (mask && !is_i1_vector(mask))
    return type_error(op, "operand", 2 + ni,
                      "vector of 1-bit signless integer values", mask);
  if (vec->kind != LT_TYPE_VECTOR)
    return type_error(op, "result", 0, "vector of any type values", vec);
  if (src->kind == LT_TYPE_UNRANKED_TENSOR || src->kind == LT_TYPE_VECTOR)
    return lt_op_emit_error(
        op, "requires source to be a memref or ranked tensor type");
  if (ni != src->shaped.rank)
    return lt_op_emit_error(op, "requires %u indices", src->shaped.rank);
  if (LT_FAILED(verify_transfer(op, src, vec, mask, map, ib, false)))
    return LT_FAILURE;
  if (pad != src->shaped.element)
    return lt_op_emit_error(op, "requires formal padding and source of the "
                                "same elemental type");
  return verify_permutation(op, map);
}

lt_result_t lt_vector_verify_transfer_write(lt_op_t *op) {
  segs_t s;
  const lt_attr_t *map, *ib;
  if (LT_FAILED(read_segments(op, &s)) ||
      LT_FAILED(verify_attrs(op, &map, &ib)))
    return LT_FAILURE;
  if (s.n[0] != 1 || s.n[1] != 1 || s.n[3] > 1)
    return lt_op_emit_error(op,
                            "operand group starting at #%d requires 1 "
                            "element, but got %lld",
                            s.n[0] != 1 ? 0 : 1,
                            (long long)(s.n[0] != 1 ? s.n[0] : s.n[1]));
  uint32_t ni = (uint32_t)s.n[2];
  const lt_type_t *vec = lt_op_operand(op, 0)->type;
  const lt_type_t *src = lt_op_operand(op, 1)->type;
  const lt_type_t *mask = s.n[3] ? lt_op_operand(op, 2 + ni)->type : NULL;
  if (vec->kind != LT_TYPE_VECTOR)
    return type_error(op, "operand", 0, "vector of any type values", vec);
  if (!is_shaped_any(src))
    return type_error(op, "operand", 1, "shaped of any type values", src);
  if (LT_FAILED(check_indices(op, 2, ni))) return LT_FAILURE;
  if (mask && !is_i1_vector(mask))
    return type_error(op, "operand", 2 + ni,
                      "vector of 1-bit signless integer values", mask);
  if (op->num_results > 1)
    return lt_op_emit_error(op, "requires zero or one result");
  if (op->num_results && op->results[0].type->kind != LT_TYPE_TENSOR)
    return type_error(op, "result", 0, "ranked tensor of any type values",
                      op->results[0].type);
  if (src->kind == LT_TYPE_UNRANKED_TENSOR || src->kind == LT_TYPE_VECTOR)
    return lt_op_emit_error(
        op, "requires source to be a memref or ranked tensor type");
  if (ni != src->shaped.rank)
    return lt_op_emit_error(op, "requires %u indices", src->shaped.rank);
  if (LT_FAILED(verify_transfer(op, src, vec, mask, map, ib, true)))
    return LT_FAILURE;
  return verify_permutation(op, map);
}

/* memref_reshape.c - memref.collapse_shape and memref.expand_shape: their
 * verifiers, with MLIR 16's messages, and their custom form
 *
 *   %collapse_shape = memref.collapse_shape %m [[0, 1], [2, 3]]
 *       : memref<2x3x4x5xf32> into memref<6x20xf32>
 *   %expand_shape = memref.expand_shape %m [[0, 1]]
 *       : memref<6xf32> into memref<2x3xf32>
 *
 * Each dim of the collapsed type is one group of consecutive dims of the
 * expanded one (`reassociation`, an array of i64 arrays). Only sources with
 * the identity layout (contiguous, row-major) are supported, whose results
 * have the identity layout too; a strided source is rejected. */
#include <string.h>

#include "dialects/memref/memref.h"
#include "ir/parser.h"
#include "ir/printer.h"

#define MAX_DIMS 64

/* The groups of `reassociation` when it is an array of arrays of i64;
 * flat[] holds the indices in order, ends[g] where group g ends. */
typedef struct groups {
  uint32_t n, total;
  int64_t flat[MAX_DIMS];
  uint32_t ends[MAX_DIMS];
} groups_t;

static bool is_i64(const lt_attr_t *a) {
  return a->kind == LT_ATTR_INTEGER && a->type &&
         a->type->kind == LT_TYPE_INTEGER && a->type->integer.width == 64;
}

static bool read_groups(const lt_attr_t *a, groups_t *g) {
  memset(g, 0, sizeof(*g));
  if (a->kind != LT_ATTR_ARRAY || a->array.count > MAX_DIMS) return false;
  for (uint32_t i = 0; i < a->array.count; i++) {
    const lt_attr_t *grp = a->array.elems[i];
    if (grp->kind != LT_ATTR_ARRAY) return false;
    for (uint32_t j = 0; j < grp->array.count; j++) {
      if (!is_i64(grp->array.elems[j]) || g->total == MAX_DIMS) return false;
      g->flat[g->total++] = grp->array.elems[j]->i;
    }
    g->ends[g->n++] = g->total;
  }
  return true;
}

/* MLIR's verifyCollapsedShape. */
static lt_result_t verify_shapes(lt_op_t *op, const lt_type_t *collapsed,
                                 const lt_type_t *expanded, const groups_t *g,
                                 bool multiple_dynamic) {
  uint32_t crank = collapsed->shaped.rank, erank = expanded->shaped.rank;
  if (crank != g->n)
    return lt_op_emit_error(op, "invalid number of reassociation groups: "
                                "found %u, expected %u",
                            g->n, crank);
  int64_t next = 0;
  for (uint32_t c = 0, i = 0; c < g->n; c++) {
    bool dynamic = false;
    int64_t size = 1;
    for (; i < g->ends[c]; i++) {
      int64_t d = g->flat[i];
      if (d != next++)
        return lt_op_emit_error(op, "reassociation indices must be "
                                    "contiguous");
      if (d >= (int64_t)erank)
        return lt_op_emit_error(op, "reassociation index %lld is out of "
                                    "bounds",
                                (long long)d);
      int64_t e = expanded->shaped.shape[d];
      if (e == LT_DYNAMIC) {
        if (dynamic && !multiple_dynamic)
          return lt_op_emit_error(op, "at most one dimension in a "
                                      "reassociation group may be dynamic");
        dynamic = true;
      } else {
        size *= e;
      }
    }
    int64_t cs = collapsed->shaped.shape[c];
    if ((cs == LT_DYNAMIC) != dynamic)
      return lt_op_emit_error(op, "collapsed dim (%u) must be dynamic if and "
                                  "only if reassociation group is dynamic",
                              c);
    if (!dynamic && size != cs)
      return lt_op_emit_error(op, "collapsed dim size (%lld) must equal "
                                  "reassociation group size (%lld)",
                              (long long)cs, (long long)size);
  }
  if (crank == 0) {
    for (uint32_t d = 0; d < erank; d++)
      if (expanded->shaped.shape[d] != 1)
        return lt_op_emit_error(op, "rank 0 memrefs can only be "
                                    "extended/collapsed with/from ones");
  } else if (next != (int64_t)erank) {
    return lt_op_emit_error(op, "expanded rank (%u) inconsistent with number "
                                "of reassociation indices (%lld)",
                            erank, (long long)next);
  }
  return LT_SUCCESS;
}

static lt_result_t expected_error(lt_op_t *op, const char *what,
                                  const lt_type_t *want, const lt_type_t *got) {
  lt_strbuf_t a = {0}, b = {0};
  lt_type_print(want, &a);
  lt_type_print(got, &b);
  lt_result_t r = lt_op_emit_error(op, "expected %s type to be '%s' but found "
                                       "'%s'",
                                   what, a.data ? a.data : "",
                                   b.data ? b.data : "");
  lt_strbuf_free(&a);
  lt_strbuf_free(&b);
  return r;
}

static lt_result_t verify_reshape(lt_op_t *op, bool collapse) {
  const lt_attr_t *re = lt_op_attr(op, "reassociation");
  if (!re) return lt_op_emit_error(op, "requires attribute 'reassociation'");
  groups_t g;
  if (!read_groups(re, &g))
    return lt_op_emit_error(op, "attribute 'reassociation' failed to satisfy "
                                "constraint: Array of 64-bit integer array "
                                "attributes");
  const lt_type_t *src = lt_op_operand(op, 0)->type, *rt = op->results[0].type;
  if (!lt_type_is_memref(src) || !lt_type_is_memref(rt)) {
    const lt_type_t *bad = lt_type_is_memref(src) ? rt : src;
    lt_strbuf_t sb = {0};
    lt_type_print(bad, &sb);
    lt_result_t r = lt_op_emit_error(
        op, "%s #0 must be strided memref of any type values, but got '%s'",
        bad == src ? "operand" : "result", sb.data ? sb.data : "");
    lt_strbuf_free(&sb);
    return r;
  }
  uint32_t sr = src->shaped.rank, rr = rt->shaped.rank;
  if (collapse && sr <= rr)
    return lt_op_emit_error(op, "expected rank reduction, but found source "
                                "rank %u <= result rank %u",
                            sr, rr);
  if (!collapse && sr >= rr)
    return lt_op_emit_error(op, "expected rank expansion, but found source "
                                "rank %u >= result rank %u",
                            sr, rr);
  if (LT_FAILED(verify_shapes(op, collapse ? rt : src, collapse ? src : rt, &g,
                              collapse)))
    return LT_FAILURE;
  if (src->shaped.strides)
    return lt_op_emit_error(op, "supports sources of the identity layout "
                                "only (a strided source need not be "
                                "contiguous)");
  /* An identity source gives an identity result in its memory space. */
  const lt_type_t *want = lt_type_memref(
      lt_op_context(op), rr, rt->shaped.shape, src->shaped.element, NULL, 0,
      src->shaped.encoding);
  if (!want) return lt_op_emit_error(op, "out of memory");
  if (want != rt)
    return expected_error(op, collapse ? "collapsed" : "expanded", want, rt);
  return LT_SUCCESS;
}

lt_result_t lt_memref_verify_collapse_shape(lt_op_t *op) {
  return verify_reshape(op, true);
}

lt_result_t lt_memref_verify_expand_shape(lt_op_t *op) {
  return verify_reshape(op, false);
}

/* ---- custom form ------------------------------------------------------------ */
void lt_memref_print_reshape(lt_op_t *op, lt_asm_printer_t *p) {
  static const char *const elided[] = {"reassociation"};
  const lt_attr_t *re = lt_op_attr(op, "reassociation");
  groups_t g;
  if (op->num_operands != 1 || op->num_results != 1 || !re ||
      !read_groups(re, &g) || !lt_type_is_memref(lt_op_operand(op, 0)->type) ||
      !lt_type_is_memref(op->results[0].type)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_operand(p, lt_op_operand(op, 0));
  lt_asm_print_raw(p, " ");
  lt_asm_print_attr(p, re);
  lt_asm_print_attr_dict(p, op->attrs, 1, elided);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, lt_op_operand(op, 0)->type);
  lt_asm_print_raw(p, " into ");
  lt_asm_print_type(p, op->results[0].type);
}

lt_result_t lt_memref_parse_reshape(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_t src;
  const lt_attr_t *re;
  const lt_type_t *from, *to;
  lt_value_t *v;
  if (LT_FAILED(lt_asm_parse_operand(p, &src)) ||
      LT_FAILED(lt_asm_parse_attr(p, &re)))
    return LT_FAILURE;
  lt_op_state_add_attr(state, "reassociation", re);
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &from)) ||
      LT_FAILED(lt_asm_parse_keyword(p, "into")) ||
      LT_FAILED(lt_asm_parse_type(p, &to)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &src, from, &v)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  lt_op_state_add_result(state, to);
  return LT_SUCCESS;
}

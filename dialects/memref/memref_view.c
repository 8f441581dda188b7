/* memref_view.c - memref.subview's result type inference and verifier, and
 * memref.cast's compatibility rule, as MLIR 16 computes them (SubViewOp::
 * inferResultType, isRankReducedMemRefType, CastOp::areCastCompatible).
 * Subview errors are emitted without the "'memref.subview' op" prefix, as
 * MLIR emits them. */
#include <stdarg.h>
#include <string.h>

#include "dialects/memref/memref.h"
#include "ir/diagnostics.h"

/* ---- strides and offsets ------------------------------------------------- */

/* Saturated arithmetic: a dynamic factor makes the result dynamic. */
static int64_t sat_mul(int64_t a, int64_t b) {
  return a == LT_DYNAMIC || b == LT_DYNAMIC ? LT_DYNAMIC
                                            : (int64_t)((uint64_t)a * (uint64_t)b);
}

static int64_t sat_add(int64_t a, int64_t b) {
  return a == LT_DYNAMIC || b == LT_DYNAMIC ? LT_DYNAMIC
                                            : (int64_t)((uint64_t)a + (uint64_t)b);
}

/* Strides of a memref into a context-allocated array (rank entries, at
 * least one slot); NULL when out of memory. */
static int64_t *strides_of(lt_context_t *ctx, const lt_type_t *t,
                           int64_t *out_offset) {
  uint32_t n = t->shaped.rank ? t->shaped.rank : 1;
  int64_t *s = lt_alloc(lt_context_allocator(ctx), n * sizeof(*s));
  if (s) lt_type_memref_strides(t, s, out_offset);
  return s;
}

static void free_strides(lt_context_t *ctx, const lt_type_t *t, int64_t *s) {
  uint32_t n = t->shaped.rank ? t->shaped.rank : 1;
  lt_free(lt_context_allocator(ctx), s, n * sizeof(*s));
}

const lt_type_t *lt_memref_subview_type(lt_context_t *ctx,
                                        const lt_type_t *source,
                                        const int64_t *offsets,
                                        const int64_t *sizes,
                                        const int64_t *strides) {
  if (!lt_type_is_memref(source)) return NULL;
  int64_t offset;
  int64_t *s = strides_of(ctx, source, &offset);
  if (!s) return NULL;
  uint32_t rank = source->shaped.rank;
  for (uint32_t i = 0; i < rank; i++)
    offset = sat_add(offset, sat_mul(offsets[i], s[i]));
  for (uint32_t i = 0; i < rank; i++)
    s[i] = sat_mul(s[i], strides[i]);
  const lt_type_t *t =
      lt_type_memref(ctx, rank, sizes, source->shaped.element, s, offset,
                     source->shaped.encoding);
  free_strides(ctx, source, s);
  return t;
}

bool lt_memref_cast_compatible(const lt_type_t *a, const lt_type_t *b) {
  if (!lt_type_is_memref(a) || !lt_type_is_memref(b)) return false;
  if (a->shaped.element != b->shaped.element) return false;
  if (a->shaped.rank != b->shaped.rank) return false;
  uint32_t rank = a->shaped.rank;
  bool same_layout =
      (!a->shaped.strides && !b->shaped.strides) ||
      (a->shaped.strides && b->shaped.strides &&
       a->shaped.offset == b->shaped.offset &&
       memcmp(a->shaped.strides, b->shaped.strides, rank * sizeof(int64_t)) ==
           0);
  if (!same_layout) {
    int64_t sa[16], sb[16], oa, ob;
    int64_t *pa = sa, *pb = sb;
    lt_allocator_t al = lt_allocator_system();
    if (rank > 16) {
      pa = lt_alloc(al, rank * sizeof(int64_t));
      pb = lt_alloc(al, rank * sizeof(int64_t));
    }
    bool ok = pa && pb;
    if (ok) {
      lt_type_memref_strides(a, pa, &oa);
      lt_type_memref_strides(b, pb, &ob);
      ok = oa == LT_DYNAMIC || ob == LT_DYNAMIC || oa == ob;
      for (uint32_t i = 0; ok && i < rank; i++)
        ok = pa[i] == LT_DYNAMIC || pb[i] == LT_DYNAMIC || pa[i] == pb[i];
    }
    if (rank > 16) {
      lt_free(al, pa, rank * sizeof(int64_t));
      lt_free(al, pb, rank * sizeof(int64_t));
    }
    if (!ok) return false;
  }
  if (a->shaped.encoding != b->shaped.encoding) return false;
  for (uint32_t i = 0; i < rank; i++) {
    int64_t x = a->shaped.shape[i], y = b->shaped.shape[i];
    if (x != LT_DYNAMIC && y != LT_DYNAMIC && x != y) return false;
  }
  return true;
}

/* ---- rank reduction ------------------------------------------------------ */

typedef enum slice_result {
  SLICE_OK,
  SLICE_RANK_TOO_LARGE,
  SLICE_SIZE_MISMATCH,
  SLICE_ELEM_MISMATCH,
  SLICE_MEMSPACE_MISMATCH,
  SLICE_LAYOUT_MISMATCH
} slice_result_t;

/* computeRankReductionMask: the reduced shape is the original with some
 * unit dims dropped, matched greedily. */
static bool shape_reduces(const lt_type_t *orig, const lt_type_t *red) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < orig->shaped.rank; i++) {
    if (k < red->shaped.rank && orig->shaped.shape[i] == red->shaped.shape[k]) {
      k++;
      continue;
    }
    if (orig->shaped.shape[i] != 1) return false;
  }
  return k == red->shaped.rank;
}

static uint32_t count_of(const int64_t *v, uint32_t n, int64_t x) {
  uint32_t c = 0;
  for (uint32_t i = 0; i < n; i++)
    c += v[i] == x;
  return c;
}

/* computeMemRefRankReductionMask: a unit dim (static size 1) counts as
 * dropped while its stride occurs more often in the original strides not
 * yet accounted for than in the reduced type's; the dropped dims must be
 * exactly the missing ones. */
static bool layout_reduces(lt_context_t *ctx, const lt_type_t *orig,
                           const lt_type_t *red, const int64_t *sizes,
                           bool *out_oom) {
  uint32_t n = orig->shaped.rank, m = red->shaped.rank;
  if (n == m) return true;
  uint32_t unused = 0;
  for (uint32_t i = 0; i < n; i++)
    unused += sizes[i] == 1;
  if (unused + m == n) return true;
  lt_allocator_t a = lt_context_allocator(ctx);
  int64_t oo, ro;
  int64_t *os = strides_of(ctx, orig, &oo), *rs = strides_of(ctx, red, &ro);
  bool *dropped = lt_alloc(a, n * sizeof(bool));
  bool ok = os && rs && dropped;
  *out_oom = !ok;
  unused = 0;
  for (uint32_t i = 0; ok && i < n; i++) {
    dropped[i] = false;
    if (sizes[i] != 1) continue;
    uint32_t left = count_of(os, n, os[i]);
    for (uint32_t j = 0; j < i; j++)
      left -= dropped[j] && os[j] == os[i];
    uint32_t cand = count_of(rs, m, os[i]);
    if (left < cand) ok = false;
    dropped[i] = left > cand;
    unused += dropped[i];
  }
  ok = ok && unused + m == n;
  if (os) free_strides(ctx, orig, os);
  if (rs) free_strides(ctx, red, rs);
  lt_free(a, dropped, n * sizeof(bool));
  return ok;
}

static slice_result_t check_slice(lt_context_t *ctx, const lt_type_t *expected,
                                  const lt_type_t *got, const int64_t *sizes,
                                  bool *out_oom) {
  *out_oom = false;
  if (expected == got) return SLICE_OK;
  if (got->shaped.rank > expected->shaped.rank) return SLICE_RANK_TOO_LARGE;
  if (!shape_reduces(expected, got)) return SLICE_SIZE_MISMATCH;
  if (expected->shaped.element != got->shaped.element)
    return SLICE_ELEM_MISMATCH;
  if (!layout_reduces(ctx, expected, got, sizes, out_oom))
    return SLICE_LAYOUT_MISMATCH;
  if (expected->shaped.encoding != got->shaped.encoding)
    return SLICE_MEMSPACE_MISMATCH;
  int64_t eo, go;
  lt_type_memref_strides(expected, NULL, &eo);
  lt_type_memref_strides(got, NULL, &go);
  return eo == go ? SLICE_OK : SLICE_LAYOUT_MISMATCH;
}

/* ---- the verifier -------------------------------------------------------- */

static lt_result_t plain_error(lt_op_t *op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static lt_result_t plain_error(lt_op_t *op, const char *fmt, ...) {
  lt_diag_t *d = lt_diag_begin(lt_op_context(op), op->loc, LT_SEV_ERROR);
  if (!d) return LT_FAILURE;
  va_list ap;
  va_start(ap, fmt);
  lt_strbuf_vprintf(&d->message, fmt, ap);
  va_end(ap);
  return lt_diag_emit(d);
}

static bool is_i64_array(const lt_attr_t *a) {
  const lt_type_t *t = a->type;
  return a->kind == LT_ATTR_DENSE_ARRAY && t && t->kind == LT_TYPE_INTEGER &&
         t->integer.width == 64 && t->integer.signedness == LT_SIGNLESS;
}

static uint32_t array_len(const lt_attr_t *a) {
  return (uint32_t)(a->dense.size / sizeof(int64_t));
}

static lt_result_t type_error(lt_op_t *op, const char *what, uint32_t i,
                              const char *summary, const lt_type_t *t) {
  lt_strbuf_t sb = {0};
  lt_type_print(t, &sb);
  lt_result_t r = lt_op_emit_error(op, "%s #%u must be %s, but got '%s'", what,
                                   i, summary, sb.data ? sb.data : "");
  lt_strbuf_free(&sb);
  return r;
}

/* ODS: the segments, the three static arrays, the operand and result
 * types. */
static lt_result_t verify_ods(lt_op_t *op, int32_t *seg,
                              const lt_attr_t **arrays) {
  static const char *const names[] = {"static_offsets", "static_sizes",
                                      "static_strides"};
  if (LT_FAILED(lt_op_verify_operand_segments(op, LT_SUBVIEW_SEGMENTS, seg)))
    return LT_FAILURE;
  for (uint32_t i = 0; i < 3; i++) {
    arrays[i] = lt_op_attr(op, names[i]);
    if (!arrays[i])
      return lt_op_emit_error(op, "requires attribute '%s'", names[i]);
  }
  for (uint32_t i = 0; i < 3; i++)
    if (!is_i64_array(arrays[i]))
      return lt_op_emit_error(op,
                              "attribute '%s' failed to satisfy constraint: "
                              "i64 dense array attribute",
                              names[i]);
  if (seg[LT_SUBVIEW_SOURCE] != 1)
    return lt_op_emit_error(op, "operand group starting at #0 requires 1 "
                                "element, but found %d",
                            seg[LT_SUBVIEW_SOURCE]);
  const lt_type_t *src = lt_op_operand(op, 0)->type;
  if (!lt_type_is_memref(src))
    return type_error(op, "operand", 0, "memref of any type values", src);
  for (uint32_t i = 1; i < op->num_operands; i++) {
    const lt_type_t *t = lt_op_operand(op, i)->type;
    if (t->kind != LT_TYPE_INDEX)
      return type_error(op, "operand", i, "index", t);
  }
  const lt_type_t *rt = op->results[0].type;
  if (!lt_type_is_memref(rt))
    return type_error(op, "result", 0, "memref of any type values", rt);
  return LT_SUCCESS;
}

/* OffsetSizeAndStrideOpInterface: list lengths and dynamic entry counts. */
static lt_result_t verify_lists(lt_op_t *op, const int32_t *seg,
                                const lt_attr_t *const *arrays,
                                uint32_t rank) {
  static const char *const names[] = {"offset", "size", "stride"};
  uint32_t n[3] = {array_len(arrays[0]), array_len(arrays[1]),
                   array_len(arrays[2])};
  if (n[0] != n[1])
    return plain_error(op,
                       "expected mixed offsets rank to match mixed sizes "
                       "rank (%u vs %u) so the rank of the result type is "
                       "well-formed.",
                       n[0], n[1]);
  if (n[1] != n[2])
    return plain_error(op,
                       "expected mixed sizes rank to match mixed strides "
                       "rank (%u vs %u) so the rank of the result type is "
                       "well-formed.",
                       n[1], n[2]);
  for (uint32_t k = 0; k < 3; k++) {
    if (n[k] != rank)
      return plain_error(op, "expected %u %s values", rank, names[k]);
    uint32_t dynamic = 0;
    for (uint32_t i = 0; i < n[k]; i++)
      dynamic += lt_attr_dense_int(arrays[k], i) == LT_DYNAMIC;
    if ((uint32_t)seg[1 + k] != dynamic)
      return plain_error(op, "expected %u dynamic %s values", dynamic,
                         names[k]);
  }
  return LT_SUCCESS;
}

static lt_result_t slice_error(lt_op_t *op, slice_result_t r,
                               const lt_type_t *expected) {
  lt_strbuf_t sb = {0};
  lt_type_print(r == SLICE_ELEM_MISMATCH ? expected->shaped.element : expected,
                &sb);
  const char *t = sb.data ? sb.data : "";
  lt_result_t res = LT_FAILURE;
  switch (r) {
  case SLICE_OK:
    res = LT_SUCCESS;
    break;
  case SLICE_RANK_TOO_LARGE:
    res = plain_error(op, "expected result rank to be smaller or equal to "
                          "the source rank. ");
    break;
  case SLICE_SIZE_MISMATCH:
    res = plain_error(op,
                      "expected result type to be '%s' or a rank-reduced "
                      "version. (mismatch of result sizes) ",
                      t);
    break;
  case SLICE_ELEM_MISMATCH:
    res = plain_error(op, "expected result element type to be '%s'", t);
    break;
  case SLICE_MEMSPACE_MISMATCH:
    res = plain_error(op,
                      "expected result and source memory spaces to match.");
    break;
  case SLICE_LAYOUT_MISMATCH:
    res = plain_error(op,
                      "expected result type to be '%s' or a rank-reduced "
                      "version. (mismatch of result layout) ",
                      t);
    break;
  }
  lt_strbuf_free(&sb);
  return res;
}

lt_result_t lt_memref_verify_subview(lt_op_t *op) {
  int32_t seg[LT_SUBVIEW_SEGMENTS];
  const lt_attr_t *arrays[3];
  if (LT_FAILED(verify_ods(op, seg, arrays))) return LT_FAILURE;
  const lt_type_t *src = lt_op_operand(op, 0)->type, *rt = op->results[0].type;
  uint32_t rank = src->shaped.rank;
  if (LT_FAILED(verify_lists(op, seg, arrays, rank))) return LT_FAILURE;
  if (src->shaped.encoding != rt->shaped.encoding) {
    lt_strbuf_t a = {0}, b = {0};
    lt_type_print(src, &a);
    lt_type_print(rt, &b);
    lt_result_t r = plain_error(op,
                                "different memory spaces specified for base "
                                "memref type '%s' and subview memref type "
                                "'%s'",
                                a.data ? a.data : "", b.data ? b.data : "");
    lt_strbuf_free(&a);
    lt_strbuf_free(&b);
    return r;
  }
  lt_context_t *ctx = lt_op_context(op);
  /* The arrays' storage need not be aligned for int64_t. */
  lt_allocator_t a = lt_context_allocator(ctx);
  size_t bytes = 3 * (rank ? rank : 1) * sizeof(int64_t);
  int64_t *lists = lt_alloc(a, bytes);
  if (!lists) return lt_op_emit_error(op, "out of memory");
  for (uint32_t k = 0; k < 3; k++)
    for (uint32_t i = 0; i < rank; i++)
      lists[k * rank + i] = lt_attr_dense_int(arrays[k], i);
  const lt_type_t *expected = lt_memref_subview_type(
      ctx, src, lists, lists + rank, lists + 2 * rank);
  bool oom = !expected;
  slice_result_t r =
      expected ? check_slice(ctx, expected, rt, lists + rank, &oom) : SLICE_OK;
  lt_free(a, lists, bytes);
  if (oom) return lt_op_emit_error(op, "out of memory");
  return slice_error(op, r, expected);
}

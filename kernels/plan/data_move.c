/* data_move.c - plan steps of the ops that rearrange data without indices:
 * transpose, concat, split, slice, pad, expand, tile and the space family
 * (shuffle_channel, depth_to_space, space_to_depth) (data.h). */
#include <string.h>

#include "kernels/plan/data.h"
#include "kernels/plan/math.h"

/* ---- transpose ----------------------------------------------------------- */

/* The permutation: the perm attribute, or reversed dims by default. */
static lt_result_t transpose_perm(lk_plan_t *p, int32_t rank, int32_t *perm) {
  int64_t v[LK_MAX_RANK];
  int32_t n = lk_attr_ints(p->attrs, "perm", v, LK_MAX_RANK);
  if (n < 0) {
    for (int32_t i = 0; i < rank; i++)
      perm[i] = rank - 1 - i;
    return LT_SUCCESS;
  }
  if (n != rank)
    return lk_plan_fail(p, "perm has %d entries; the input has rank %d", (int)n,
                        (int)rank);
  bool seen[LK_MAX_RANK] = {false};
  for (int32_t i = 0; i < n; i++) {
    if (v[i] < 0 || v[i] >= rank || seen[v[i]])
      return lk_plan_fail(p,
                          "perm is not a permutation of 0..%d (entry %d "
                          "is %lld)",
                          (int)rank - 1, (int)i, (long long)v[i]);
    seen[v[i]] = true;
    perm[i] = (int32_t)v[i];
  }
  return LT_SUCCESS;
}

lt_result_t lk_plan_transpose(lk_plan_t *p, const lk_shape_t *in,
                              uint32_t num_in, lk_shape_t *out,
                              lk_transpose_params_t *params) {
  (void)num_in;
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1))) return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  out[0].value = NULL;
  out[0].rank = in[0].rank;
  if (in[0].rank < 0) { /* perm still says the rank */
    int32_t n = lk_attr_ints(p->attrs, "perm", NULL, 0);
    out[0].rank = n > LK_MAX_RANK ? -1 : n;
    for (int32_t d = 0; d < out[0].rank; d++)
      out[0].dims[d] = -1;
    return LT_SUCCESS;
  }
  if (LT_FAILED(transpose_perm(p, in[0].rank, params->perm))) return LT_FAILURE;
  for (int32_t d = 0; d < in[0].rank; d++)
    out[0].dims[d] = in[0].dims[params->perm[d]];
  return LT_SUCCESS;
}

/* ---- concat -------------------------------------------------------------- */

lt_result_t lk_plan_concat(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out, lk_concat_params_t *params) {
  if (LT_FAILED(lk_plan_expect_all_present(p, in, num_in))) return LT_FAILURE;
  int32_t rank = -1;
  uint32_t ranked = 0;
  for (uint32_t i = 0; i < num_in; i++) {
    if (in[i].dtype != in[0].dtype)
      return lk_plan_fail(p,
                          "operand #%u has element type %s; operand #0 "
                          "has %s",
                          i, lk_dtype_name(in[i].dtype),
                          lk_dtype_name(in[0].dtype));
    if (in[i].rank < 0) continue;
    if (rank >= 0 && in[i].rank != rank)
      return lk_plan_fail(p,
                          "operand #%u has rank %d; operand #%u has rank "
                          "%d",
                          i, (int)in[i].rank, ranked, (int)rank);
    rank = in[i].rank;
    ranked = i;
  }
  out[0].dtype = in[0].dtype;
  out[0].value = NULL;
  out[0].rank = rank;
  if (rank < 0) return LT_SUCCESS;
  int32_t axis;
  if (LT_FAILED(lk_plan_axis(p, lk_attr_int(p->attrs, "axis", 0), rank, "axis",
                             &axis)))
    return LT_FAILURE;
  params->axis = axis;
  for (int32_t d = 0; d < rank; d++) {
    int64_t dim = d == axis ? 0 : -1;
    uint32_t from = 0;
    for (uint32_t i = 0; i < num_in; i++) {
      int64_t v = in[i].rank < 0 ? -1 : in[i].dims[d];
      if (d == axis) {
        dim = v < 0 || dim < 0 ? -1 : dim + v;
      } else if (v >= 0 && dim >= 0 && v != dim) {
        return lk_plan_fail(p,
                            "operand #%u has size %lld in dim %d; operand "
                            "#%u has %lld",
                            i, (long long)v, (int)d, from, (long long)dim);
      } else if (v >= 0 && dim < 0) {
        dim = v;
        from = i;
      }
    }
    out[0].dims[d] = dim;
  }
  return LT_SUCCESS;
}

/* ---- split --------------------------------------------------------------- */

static bool has_attr(lk_plan_t *p, const char *name) {
  const char *s;
  size_t len;
  return p->attrs.vt->get_str(p->attrs.self, name, &s, &len) != LK_ATTR_ABSENT;
}

/* The size of each of the n parts of a dim of `dim` elements (-1 when not
 * known yet). */
static lt_result_t split_sizes(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, int64_t dim, int32_t axis,
                               uint32_t n, int64_t *sizes) {
  for (uint32_t j = 0; j < n; j++)
    sizes[j] = -1;
  bool num_outputs = has_attr(p, "num_outputs");
  bool operand = lk_shape_present(in, num_in, 1);
  bool attr = has_attr(p, "split");
  if (operand || attr) {
    if (num_outputs)
      return lk_plan_fail(p,
                          "takes either a split %s or a num_outputs "
                          "attribute, not both",
                          operand ? "operand" : "attribute");
    if (operand && attr)
      return lk_plan_fail(p, "takes operand #1 (split) or attribute 'split', "
                             "not both");
    if (operand &&
        (LT_FAILED(lk_plan_expect_index(p, in, 1, "split")) ||
         LT_FAILED(lk_plan_expect_rank_range(p, in, 1, "split", 1, 1))))
      return LT_FAILURE;
    int64_t len = !operand          ? lk_attr_ints(p->attrs, "split", NULL, 0)
                  : in[1].value     ? lk_numel(in[1].value)
                  : in[1].rank == 1 ? in[1].dims[0]
                                    : -1;
    if (len >= 0 && len != (int64_t)n)
      return lk_plan_fail(p, "split has %lld sizes but the op has %u results",
                          (long long)len, n);
    int32_t count;
    if (LT_FAILED(lk_plan_int_list(p, in, num_in, 1, "split", sizes, (int32_t)n,
                                   &count)))
      return LT_FAILURE;
    if (count < 0) return LT_SUCCESS;
    int64_t sum = 0;
    for (uint32_t j = 0; j < n; j++) {
      if (sizes[j] < 0)
        return lk_plan_fail(p, "split size #%u is %lld; sizes must be >= 0", j,
                            (long long)sizes[j]);
      if (__builtin_add_overflow(sum, sizes[j], &sum))
        return lk_plan_fail(p, "split sizes overflow");
    }
    if (dim >= 0 && sum != dim)
      return lk_plan_fail(p,
                          "split sizes add up to %lld, but dim %d has "
                          "size %lld",
                          (long long)sum, (int)axis, (long long)dim);
    return LT_SUCCESS;
  }
  if (num_outputs) { /* ceil-sized parts, the last one smaller */
    int64_t k = lk_attr_int(p->attrs, "num_outputs", 0);
    if (k != (int64_t)n)
      return lk_plan_fail(p, "num_outputs is %lld but the op has %u results",
                          (long long)k, n);
    if (dim < 0) return LT_SUCCESS;
    int64_t part = (dim + k - 1) / k, last = dim - part * (k - 1);
    if (last < 0)
      return lk_plan_fail(p,
                          "dim %d of size %lld does not split into %lld "
                          "parts of %lld",
                          (int)axis, (long long)dim, (long long)k,
                          (long long)part);
    for (uint32_t j = 0; j < n; j++)
      sizes[j] = j + 1 < n ? part : last;
    return LT_SUCCESS;
  }
  if (dim < 0) return LT_SUCCESS;
  if (dim % n != 0)
    return lk_plan_fail(p,
                        "dim %d of size %lld does not split into %u equal "
                        "parts",
                        (int)axis, (long long)dim, n);
  for (uint32_t j = 0; j < n; j++)
    sizes[j] = dim / n;
  return LT_SUCCESS;
}

lt_result_t lk_plan_split(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, uint32_t num_out,
                          lk_split_params_t *params) {
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1))) return LT_FAILURE;
  for (uint32_t j = 0; j < num_out; j++) {
    out[j] = in[0];
    out[j].value = NULL;
  }
  if (in[0].rank < 0) return LT_SUCCESS;
  int32_t axis;
  if (LT_FAILED(lk_plan_axis(p, lk_attr_int(p->attrs, "axis", 0), in[0].rank,
                             "axis", &axis)))
    return LT_FAILURE;
  params->axis = axis;
  int64_t small[16], *sizes = small;
  if (num_out > 16) {
    sizes = lt_calloc(p->allocator, num_out * sizeof *sizes);
    if (!sizes) return lk_plan_fail(p, "out of memory");
  }
  lt_result_t r =
      split_sizes(p, in, num_in, in[0].dims[axis], axis, num_out, sizes);
  for (uint32_t j = 0; j < num_out; j++)
    out[j].dims[axis] = sizes[j];
  if (sizes != small) lt_free(p->allocator, sizes, num_out * sizeof *sizes);
  return r;
}

/* ---- slice --------------------------------------------------------------- */

/* The result size of one sliced dim, clamping start/end as ONNX does;
 * *start is where the first element is read. */
static int64_t slice_dim(int64_t dim, int64_t *start, int64_t end,
                         int64_t step) {
  int64_t s = *start, e = end;
  if (dim == 0) {
    *start = 0;
    return 0;
  }
  if (s < 0) s += dim;
  if (e < 0) e += dim;
  int64_t n;
  if (step > 0) {
    s = s < 0 ? 0 : s > dim ? dim : s;
    e = e < 0 ? 0 : e > dim ? dim : e;
    n = e > s ? (e - s - 1) / step + 1 : 0;
  } else {
    s = s < 0 ? 0 : s > dim - 1 ? dim - 1 : s;
    e = e < -1 ? -1 : e > dim - 1 ? dim - 1 : e;
    /* -step, without overflowing for INT64_MIN */
    uint64_t mag = (uint64_t)0 - (uint64_t)step;
    n = s > e ? (int64_t)((uint64_t)(s - e - 1) / mag) + 1 : 0;
  }
  *start = n ? s : 0;
  return n;
}

lt_result_t lk_plan_slice(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                          lk_shape_t *out, lk_slice_params_t *params) {
  static const char *const names[] = {"data", "starts", "ends", "axes",
                                      "steps"};
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1))) return LT_FAILURE;
  int32_t r = in[0].rank;
  int64_t v[5][LK_MAX_RANK], len = -1;
  int32_t count[5] = {0, -1, -1, -1, -1};
  bool present[5] = {true, true, true, false, false}, known = true;
  char what[48];
  for (uint32_t i = 1; i < 5; i++) {
    int64_t li;
    if (LT_FAILED(lk_plan_data_list(p, in, num_in, i, names[i], i < 3, v[i],
                                    LK_MAX_RANK, &count[i], &li)))
      return LT_FAILURE;
    present[i] = count[i] != LK_LIST_ABSENT;
    if (!present[i]) continue;
    if (li >= 0 && len >= 0 && li != len)
      return lk_plan_fail(
          p, "%s has %lld elements; the other index operands have %lld",
          lk_data_form(in, num_in, i, names[i], what, sizeof what),
          (long long)li, (long long)len);
    if (li >= 0) len = li;
    known = known && count[i] >= 0;
  }
  out[0].dtype = in[0].dtype;
  out[0].value = NULL;
  out[0].rank = r;
  if (r < 0) return LT_SUCCESS;
  for (int32_t d = 0; d < r; d++) {
    params->starts[d] = 0;
    params->steps[d] = 1;
    out[0].dims[d] = in[0].dims[d];
  }
  bool axes_known = !present[3] || count[3] >= 0;
  int32_t n = (int32_t)(len < 0 ? 0 : len);
  bool marks[LK_MAX_RANK] = {false};
  int32_t axis[LK_MAX_RANK];
  for (int32_t i = 0; i < n && axes_known; i++) {
    if (LT_FAILED(
            lk_plan_axis(p, present[3] ? v[3][i] : i, r, "axis", &axis[i])))
      return LT_FAILURE;
    if (marks[axis[i]])
      return lk_plan_fail(p, "axis %d is sliced twice", (int)axis[i]);
    marks[axis[i]] = true;
  }
  if (!axes_known || len < 0) { /* any dim may be sliced */
    for (int32_t d = 0; d < r; d++)
      out[0].dims[d] = -1;
    return LT_SUCCESS;
  }
  for (int32_t i = 0; i < n; i++) {
    int32_t d = axis[i];
    int64_t step = present[4] && count[4] >= 0 ? v[4][i] : 1;
    if (step == 0) return lk_plan_fail(p, "steps[%d] is 0", (int)i);
    if (!known || in[0].dims[d] < 0) {
      out[0].dims[d] = -1;
      continue;
    }
    params->starts[d] = v[1][i];
    params->steps[d] = step;
    out[0].dims[d] =
        slice_dim(in[0].dims[d], &params->starts[d], v[2][i], step);
  }
  return LT_SUCCESS;
}

/* ---- pad ----------------------------------------------------------------- */

/* The `constant_value` attribute (*out_count 1) when given: it must be
 * exact in data's element type. */
static lt_result_t pad_value_attr(lk_plan_t *p, const lk_shape_t *in,
                                  uint32_t num_in, double *out_value,
                                  int32_t *out_count) {
  if (LT_FAILED(lk_plan_float_list(p, in, num_in, 2, "constant_value",
                                   out_value, 1, out_count)))
    return LT_FAILURE;
  if (lk_shape_present(in, num_in, 2) || *out_count != 1) return LT_SUCCESS;
  return lk_plan_exact_attr(p, "constant_value", *out_value, in[0].dtype);
}

/* Pads before (params->begin) and after (end) each dim (0 for dims that
 * axes leaves out), and constant_value when known into params;
 * *out_known is false when pads or axes are not known yet. */
static lt_result_t pad_amounts(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, lk_pad_params_t *params,
                               int64_t *end, bool *out_known) {
  int64_t *begin = params->begin;
  int32_t r = in[0].rank, np, na = -1;
  int64_t pads[2 * LK_MAX_RANK], axes[LK_MAX_RANK], lp, la = -1;
  *out_known = false;
  if (LT_FAILED(lk_plan_data_list(p, in, num_in, 1, "pads", true, pads,
                                  2 * LK_MAX_RANK, &np, &lp)))
    return LT_FAILURE;
  int32_t nv;
  if (LT_FAILED(pad_value_attr(p, in, num_in, &params->constant, &nv)))
    return LT_FAILURE;
  params->constant_given = nv == 1;
  if (lk_shape_present(in, num_in, 2)) {
    const lk_shape_t *v = &in[2];
    if (v->dtype != in[0].dtype)
      return lk_plan_fail(p,
                          "operand #2 (constant_value) has element type "
                          "%s; data has %s",
                          lk_dtype_name(v->dtype), lk_dtype_name(in[0].dtype));
    bool k;
    if (LT_FAILED(
            lk_plan_data_scalar(p, in, 2, "constant_value", NULL, NULL, &k)))
      return LT_FAILURE;
  }
  if (LT_FAILED(lk_plan_data_list(p, in, num_in, 3, "axes", false, axes,
                                  LK_MAX_RANK, &na, &la)))
    return LT_FAILURE;
  bool has_axes = na != LK_LIST_ABSENT;
  if (r < 0) return LT_SUCCESS;
  int64_t naxes = has_axes ? la : r;
  if (naxes >= 0 && lp >= 0 && lp != 2 * naxes)
    return lk_plan_fail(p,
                        "pads has %lld values; expected %lld (2 per "
                        "padded axis)",
                        (long long)lp, (long long)(2 * naxes));
  if (has_axes && na < 0) return LT_SUCCESS;
  bool marks[LK_MAX_RANK] = {false};
  int32_t axis[LK_MAX_RANK];
  for (int32_t i = 0; i < naxes; i++) {
    axis[i] = i;
    if (!has_axes) continue;
    if (LT_FAILED(lk_plan_axis(p, axes[i], r, "axis", &axis[i])))
      return LT_FAILURE;
    if (marks[axis[i]])
      return lk_plan_fail(p, "axis %d is padded twice", (int)axis[i]);
    marks[axis[i]] = true;
  }
  if (np < 0) return LT_SUCCESS;
  for (int32_t d = 0; d < r; d++)
    begin[d] = end[d] = 0;
  for (int32_t i = 0; i < naxes; i++) {
    begin[axis[i]] = pads[i];
    end[axis[i]] = pads[i + naxes];
  }
  *out_known = true;
  return LT_SUCCESS;
}

lt_result_t lk_plan_pad(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                        lk_shape_t *out, lk_pad_params_t *params) {
  static const char *const names[] = {"constant", "reflect", "edge", "wrap"};
  static const lk_pad_mode_t modes[] = {LK_PAD_CONSTANT, LK_PAD_REFLECT,
                                        LK_PAD_EDGE, LK_PAD_WRAP};
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1))) return LT_FAILURE;
  int m;
  if (LT_FAILED(lk_plan_attr_choice(p, "mode", "constant", names, 4, &m)))
    return LT_FAILURE;
  params->mode = modes[m];
  params->value = NULL;
  int64_t *begin = params->begin, end[LK_MAX_RANK];
  bool known;
  if (LT_FAILED(pad_amounts(p, in, num_in, params, end, &known)))
    return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  out[0].value = NULL;
  out[0].rank = in[0].rank;
  for (int32_t d = 0; d < in[0].rank; d++) {
    int64_t dim = in[0].dims[d];
    out[0].dims[d] = -1;
    if (!known || dim < 0) continue;
    if (begin[d] < -LK_DATA_MAX_ELEMENTS || begin[d] > LK_DATA_MAX_ELEMENTS ||
        end[d] < -LK_DATA_MAX_ELEMENTS || end[d] > LK_DATA_MAX_ELEMENTS)
      return lk_plan_fail(p, "pads of dim %d (%lld, %lld) are too large",
                          (int)d, (long long)begin[d], (long long)end[d]);
    out[0].dims[d] = dim + begin[d] + end[d];
    if (out[0].dims[d] < 0)
      return lk_plan_fail(p,
                          "pads %lld and %lld remove more than the %lld "
                          "elements of dim %d",
                          (long long)begin[d], (long long)end[d],
                          (long long)dim, (int)d);
    if (params->mode != LK_PAD_CONSTANT && dim == 0 && out[0].dims[d] > 0)
      return lk_plan_fail(p,
                          "cannot pad the empty dim %d in non-constant "
                          "mode",
                          (int)d);
  }
  return lk_plan_check_size(p, &out[0]);
}

/* ---- expand, tile -------------------------------------------------------- */

/* Operands #0 and #1 given (the runtime may pass fewer than the op takes). */
static lt_result_t expect_two(lk_plan_t *p, const lk_shape_t *in,
                              uint32_t num_in) {
  for (uint32_t i = 0; i < 2; i++)
    if (LT_FAILED(lk_plan_expect_present(p, in, num_in, i, NULL)))
      return LT_FAILURE;
  return LT_SUCCESS;
}

lt_result_t lk_plan_expand(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                           lk_shape_t *out) {
  if (LT_FAILED(expect_two(p, in, num_in))) return LT_FAILURE;
  int64_t shape[LK_MAX_RANK], len;
  int32_t n;
  if (LT_FAILED(
          lk_plan_data_ints(p, in, 1, "shape", shape, LK_MAX_RANK, &n, &len)))
    return LT_FAILURE;
  /* The target shape as a second operand to broadcast with (its dims -1
   * while its contents are unknown). */
  bool known = n >= 0 && n == len;
  lk_shape_t both[2] = {in[0], {.dtype = in[0].dtype, .rank = (int32_t)len}};
  for (int32_t d = 0; d < both[1].rank; d++) {
    if (known && shape[d] < 0)
      return lk_plan_fail(p, "shape[%d] is %lld; dims must be >= 0", (int)d,
                          (long long)shape[d]);
    both[1].dims[d] = known ? shape[d] : -1;
  }
  if (LT_FAILED(lk_plan_broadcast(p, both, 2, out))) return LT_FAILURE;
  return lk_plan_check_size(p, &out[0]);
}

lt_result_t lk_plan_tile(lk_plan_t *p, const lk_shape_t *in, uint32_t num_in,
                         lk_shape_t *out) {
  if (LT_FAILED(expect_two(p, in, num_in))) return LT_FAILURE;
  int64_t reps[LK_MAX_RANK], len;
  int32_t n;
  if (LT_FAILED(
          lk_plan_data_ints(p, in, 1, "repeats", reps, LK_MAX_RANK, &n, &len)))
    return LT_FAILURE;
  out[0] = in[0];
  out[0].value = NULL;
  if (in[0].rank < 0) {
    out[0].rank = (int32_t)len;
    for (int32_t d = 0; d < out[0].rank; d++)
      out[0].dims[d] = -1;
    return LT_SUCCESS;
  }
  if (len >= 0 && len != in[0].rank)
    return lk_plan_fail(p, "repeats has %lld entries; the input has rank %d",
                        (long long)len, (int)in[0].rank);
  for (int32_t d = 0; d < in[0].rank; d++) {
    if (n < 0) {
      out[0].dims[d] = -1;
      continue;
    }
    if (reps[d] < 0)
      return lk_plan_fail(p, "repeats[%d] is %lld; repeats must be >= 0",
                          (int)d, (long long)reps[d]);
    out[0].dims[d] = -1;
    if (reps[d] > LK_DATA_MAX_ELEMENTS ||
        (in[0].dims[d] >= 0 &&
         !lk_size_mul(in[0].dims[d], reps[d], &out[0].dims[d])))
      return lk_plan_fail(p, "repeats[%d] is too large (%lld)", (int)d,
                          (long long)reps[d]);
  }
  return lk_plan_check_size(p, &out[0]);
}

/* ---- shuffle_channel, depth_to_space, space_to_depth --------------------- */

static lt_result_t space_params(lk_plan_t *p, lk_space_op_t op,
                                lk_space_params_t *params) {
  params->op = op;
  if (op == LK_SPACE_SHUFFLE_CHANNEL) {
    params->block = lk_attr_int(p->attrs, "group", 1);
    if (params->block < 1)
      return lk_plan_fail(p, "group must be positive, got %lld",
                          (long long)params->block);
    return LT_SUCCESS;
  }
  params->block = lk_attr_int(p->attrs, "blocksize", 1);
  if (params->block < 1 || params->block > (1 << 20))
    return lk_plan_fail(p, "blocksize must be positive, got %lld",
                        (long long)params->block);
  if (op != LK_SPACE_SPACE_TO_DEPTH) {
    static const char *const modes[] = {"DCR", "CRD"};
    int m;
    if (LT_FAILED(lk_plan_attr_choice(p, "mode", "DCR", modes, 2, &m)))
      return LT_FAILURE;
    params->op = m ? LK_SPACE_DEPTH_TO_SPACE_CRD : LK_SPACE_DEPTH_TO_SPACE_DCR;
  }
  return LT_SUCCESS;
}

/* dims[d] / k, or an error when k does not divide it (unknown stays so). */
static lt_result_t divide_dim(lk_plan_t *p, const int64_t *dims, int32_t d,
                              int64_t k, const char *what, int64_t *out) {
  if (dims[d] < 0) {
    *out = -1;
    return LT_SUCCESS;
  }
  if (dims[d] % k != 0)
    return lk_plan_fail(p, "%s %lld does not divide dim %d (%lld)", what,
                        (long long)k, (int)d, (long long)dims[d]);
  *out = dims[d] / k;
  return LT_SUCCESS;
}

lt_result_t lk_plan_space(lk_plan_t *p, lk_space_op_t op, const lk_shape_t *in,
                          uint32_t num_in, lk_shape_t *out,
                          lk_space_params_t *params) {
  (void)num_in;
  if (LT_FAILED(lk_plan_expect_all_present(p, in, 1))) return LT_FAILURE;
  if (LT_FAILED(space_params(p, op, params)) ||
      LT_FAILED(lk_plan_expect_rank_range(p, in, 0, "input", 4, 4)))
    return LT_FAILURE;
  out[0] = in[0];
  out[0].value = NULL;
  if (in[0].rank < 0) {
    out[0].rank = 4;
    for (int32_t d = 0; d < 4; d++)
      out[0].dims[d] = -1;
    return LT_SUCCESS;
  }
  const int64_t *d = in[0].dims;
  int64_t b = params->block, q;
  int64_t *o = out[0].dims;
  switch (params->op) {
  case LK_SPACE_SHUFFLE_CHANNEL:
    return divide_dim(p, d, 1, b, "group", &q);
  case LK_SPACE_DEPTH_TO_SPACE_DCR:
  case LK_SPACE_DEPTH_TO_SPACE_CRD:
    if (LT_FAILED(divide_dim(p, d, 1, b * b, "blocksize squared", &o[1])))
      return LT_FAILURE;
    if (LT_FAILED(lk_plan_mul_dim(p, d[2], b, "blocksize", &o[2])) ||
        LT_FAILED(lk_plan_mul_dim(p, d[3], b, "blocksize", &o[3])))
      return LT_FAILURE;
    break;
  case LK_SPACE_SPACE_TO_DEPTH:
    if (LT_FAILED(divide_dim(p, d, 2, b, "blocksize", &o[2])) ||
        LT_FAILED(divide_dim(p, d, 3, b, "blocksize", &o[3])))
      return LT_FAILURE;
    if (LT_FAILED(lk_plan_mul_dim(p, d[1], b * b, "blocksize squared",
                                  &o[1])))
      return LT_FAILURE;
    break;
  }
  return lk_plan_check_size(p, &out[0]);
}

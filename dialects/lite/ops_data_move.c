/* ops_data_move.c - ops that rearrange data without indices: transpose,
 * concat, split, slice, pad, expand, tile and the space family
 * (shuffle_channel, depth_to_space, space_to_depth). split's sizes, slice's
 * index operands and pad's operands may also come as attributes. */
#include <string.h>

#include "dialects/lite/ops_data.h"

/* ---- transpose ----------------------------------------------------------- */

/* The permutation: the perm attribute, or reversed dims by default. */
static lt_result_t transpose_perm(const lt_lite_call_t *c, int32_t rank,
                                  int32_t *perm) {
  int64_t p[LK_MAX_RANK];
  int32_t n = lt_lite_attr_ints(c, "perm", p, LK_MAX_RANK);
  if (n < 0) {
    for (int32_t i = 0; i < rank; i++)
      perm[i] = rank - 1 - i;
    return LT_SUCCESS;
  }
  if (n != rank)
    return lt_lite_error(c, "perm has %d entries; the input has rank %d",
                         (int)n, (int)rank);
  bool seen[LK_MAX_RANK] = {false};
  for (int32_t i = 0; i < n; i++) {
    if (p[i] < 0 || p[i] >= rank || seen[p[i]])
      return lt_lite_error(c,
                           "perm is not a permutation of 0..%d (entry %d "
                           "is %lld)",
                           (int)rank - 1, (int)i, (long long)p[i]);
    seen[p[i]] = true;
    perm[i] = (int32_t)p[i];
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_transpose(const lt_lite_call_t *c,
                                    const lt_lite_shape_t *in, uint32_t num_in,
                                    lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  out[0].rank = in[0].rank;
  if (in[0].rank < 0) { /* perm still says the rank */
    int64_t p[LK_MAX_RANK];
    int32_t n = lt_lite_attr_ints(c, "perm", p, LK_MAX_RANK);
    out[0].rank = n > LK_MAX_RANK ? -1 : n;
    for (int32_t d = 0; d < out[0].rank; d++)
      out[0].dims[d] = -1;
    return LT_SUCCESS;
  }
  int32_t perm[LK_MAX_RANK];
  if (LT_FAILED(transpose_perm(c, in[0].rank, perm))) return LT_FAILURE;
  for (int32_t d = 0; d < in[0].rank; d++)
    out[0].dims[d] = in[0].dims[perm[d]];
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval_transpose(const lt_lite_call_t *c,
                                   const lk_tensor_t *in, uint32_t num_in,
                                   lk_tensor_t *out, uint32_t num_out) {
  lk_transpose_params_t p;
  if (LT_FAILED(transpose_perm(c, in[0].rank, p.perm))) return LT_FAILURE;
  lk_ref_transpose(&p, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- concat -------------------------------------------------------------- */

lt_result_t lt_lite_shape_concat(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, num_in))) return LT_FAILURE;
  int32_t rank = -1;
  uint32_t ranked = 0;
  for (uint32_t i = 0; i < num_in; i++) {
    if (in[i].dtype != in[0].dtype)
      return lt_lite_error(c,
                           "operand #%u has element type %s; operand #0 "
                           "has %s",
                           i, lk_dtype_name(in[i].dtype),
                           lk_dtype_name(in[0].dtype));
    if (in[i].rank < 0) continue;
    if (rank >= 0 && in[i].rank != rank)
      return lt_lite_error(c,
                           "operand #%u has rank %d; operand #%u has rank "
                           "%d",
                           i, (int)in[i].rank, ranked, (int)rank);
    rank = in[i].rank;
    ranked = i;
  }
  out[0].dtype = in[0].dtype;
  out[0].rank = rank;
  if (rank < 0) return LT_SUCCESS;
  int32_t axis;
  if (LT_FAILED(
          lt_lite_axis(c, lt_lite_attr_int(c, "axis", 0), rank, "axis", &axis)))
    return LT_FAILURE;
  for (int32_t d = 0; d < rank; d++) {
    int64_t dim = d == axis ? 0 : -1;
    uint32_t from = 0;
    for (uint32_t i = 0; i < num_in; i++) {
      int64_t v = in[i].rank < 0 ? -1 : in[i].dims[d];
      if (d == axis) {
        dim = v < 0 || dim < 0 ? -1 : dim + v;
      } else if (v >= 0 && dim >= 0 && v != dim) {
        return lt_lite_error(c,
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

lt_result_t lt_lite_eval_concat(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  int32_t axis;
  if (LT_FAILED(lt_lite_axis(c, lt_lite_attr_int(c, "axis", 0), in[0].rank,
                             "axis", &axis)))
    return LT_FAILURE;
  lk_ref_concat(axis, num_in, in, &out[0]);
  return LT_SUCCESS;
}

/* ---- split --------------------------------------------------------------- */

/* The size of each of the n parts of a dim of `dim` elements (-1 when not
 * known yet). */
static lt_result_t split_sizes(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               int64_t dim, int32_t axis, uint32_t n,
                               int64_t *sizes) {
  for (uint32_t j = 0; j < n; j++)
    sizes[j] = -1;
  const lt_attr_t *num_outputs = lt_lite_attr(c, "num_outputs");
  bool operand = lt_lite_present(in, num_in, 1);
  if (operand || lt_lite_attr(c, "split")) {
    if (num_outputs)
      return lt_lite_error(c,
                           "takes either a split %s or a num_outputs "
                           "attribute, not both",
                           operand ? "operand" : "attribute");
    if (operand && lt_lite_attr(c, "split"))
      return lt_lite_error(c, "takes operand #1 (split) or attribute 'split', "
                              "not both");
    if (operand && (LT_FAILED(lt_lite_data_expect_index(c, in, 1, "split")) ||
                    LT_FAILED(lt_lite_expect_rank(c, in, 1, "split", 1))))
      return LT_FAILURE;
    int64_t len = !operand          ? lt_lite_attr_ints(c, "split", NULL, 0)
                  : in[1].value     ? lk_numel(in[1].value)
                  : in[1].rank == 1 ? in[1].dims[0]
                                    : -1;
    if (len >= 0 && len != (int64_t)n)
      return lt_lite_error(c, "split has %lld sizes but the op has %u results",
                           (long long)len, n);
    int32_t count;
    if (LT_FAILED(lt_lite_int_list(c, in, num_in, 1, "split", sizes, (int32_t)n,
                                   &count)))
      return LT_FAILURE;
    if (count < 0) return LT_SUCCESS;
    int64_t sum = 0;
    for (uint32_t j = 0; j < n; j++) {
      if (sizes[j] < 0)
        return lt_lite_error(c, "split size #%u is %lld; sizes must be >= 0", j,
                             (long long)sizes[j]);
      if (__builtin_add_overflow(sum, sizes[j], &sum))
        return lt_lite_error(c, "split sizes overflow");
    }
    if (dim >= 0 && sum != dim)
      return lt_lite_error(c,
                           "split sizes add up to %lld, but dim %d has "
                           "size %lld",
                           (long long)sum, (int)axis, (long long)dim);
    return LT_SUCCESS;
  }
  if (num_outputs) { /* ceil-sized parts, the last one smaller */
    int64_t k = lt_lite_attr_int(c, "num_outputs", 0);
    if (k != (int64_t)n)
      return lt_lite_error(c, "num_outputs is %lld but the op has %u results",
                           (long long)k, n);
    if (dim < 0) return LT_SUCCESS;
    int64_t part = (dim + k - 1) / k, last = dim - part * (k - 1);
    if (last < 0)
      return lt_lite_error(c,
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
    return lt_lite_error(c,
                         "dim %d of size %lld does not split into %u equal "
                         "parts",
                         (int)axis, (long long)dim, n);
  for (uint32_t j = 0; j < n; j++)
    sizes[j] = dim / n;
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_split(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  for (uint32_t j = 0; j < num_out; j++) {
    out[j] = in[0];
    out[j].value = NULL;
  }
  if (in[0].rank < 0) return LT_SUCCESS;
  int32_t axis;
  if (LT_FAILED(lt_lite_axis(c, lt_lite_attr_int(c, "axis", 0), in[0].rank,
                             "axis", &axis)))
    return LT_FAILURE;
  int64_t small[16], *sizes = small;
  if (num_out > 16) {
    sizes = lt_calloc(c->allocator, num_out * sizeof *sizes);
    if (!sizes) return lt_lite_error(c, "out of memory");
  }
  lt_result_t r =
      split_sizes(c, in, num_in, in[0].dims[axis], axis, num_out, sizes);
  for (uint32_t j = 0; j < num_out; j++)
    out[j].dims[axis] = sizes[j];
  if (sizes != small) lt_free(c->allocator, sizes, num_out * sizeof *sizes);
  return r;
}

lt_result_t lt_lite_eval_split(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  int32_t axis;
  if (LT_FAILED(lt_lite_axis(c, lt_lite_attr_int(c, "axis", 0), in[0].rank,
                             "axis", &axis)))
    return LT_FAILURE;
  lk_ref_split(axis, &in[0], num_out, out);
  return LT_SUCCESS;
}

/* ---- slice --------------------------------------------------------------- */

/* Slice's operands resolved per dim of the input: where each dim starts,
 * its step, and the result's size (-1 when not known yet). */
typedef struct slice_plan {
  int64_t starts[LK_MAX_RANK], steps[LK_MAX_RANK], dims[LK_MAX_RANK];
} slice_plan_t;

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

static lt_result_t slice_plan(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              slice_plan_t *p) {
  static const char *const names[] = {"data", "starts", "ends", "axes",
                                      "steps"};
  int32_t r = in[0].rank;
  int64_t v[5][LK_MAX_RANK], len = -1;
  int32_t count[5] = {0, -1, -1, -1, -1};
  bool present[5] = {true, true, true, false, false}, known = true;
  char what[48];
  for (uint32_t i = 1; i < 5; i++) {
    int64_t li;
    if (LT_FAILED(lt_lite_data_list(c, in, num_in, i, names[i], i < 3, v[i],
                                    LK_MAX_RANK, &count[i], &li)))
      return LT_FAILURE;
    present[i] = count[i] != LT_LITE_LIST_ABSENT;
    if (!present[i]) continue;
    if (li >= 0 && len >= 0 && li != len)
      return lt_lite_error(
          c, "%s has %lld elements; the other index operands have %lld",
          lt_lite_data_form(in, num_in, i, names[i], what, sizeof what),
          (long long)li, (long long)len);
    if (li >= 0) len = li;
    known = known && count[i] >= 0;
  }
  for (int32_t d = 0; d < (r < 0 ? 0 : r); d++) {
    p->starts[d] = 0;
    p->steps[d] = 1;
    p->dims[d] = in[0].dims[d];
  }
  if (r < 0) return LT_SUCCESS;
  bool axes_known = !present[3] || count[3] >= 0;
  int32_t n = (int32_t)(len < 0 ? 0 : len);
  bool marks[LK_MAX_RANK] = {false};
  int32_t axis[LK_MAX_RANK];
  for (int32_t i = 0; i < n && axes_known; i++) {
    if (LT_FAILED(
            lt_lite_axis(c, present[3] ? v[3][i] : i, r, "axis", &axis[i])))
      return LT_FAILURE;
    if (marks[axis[i]])
      return lt_lite_error(c, "axis %d is sliced twice", (int)axis[i]);
    marks[axis[i]] = true;
  }
  if (!axes_known || len < 0) { /* any dim may be sliced */
    for (int32_t d = 0; d < r; d++)
      p->dims[d] = -1;
    return LT_SUCCESS;
  }
  for (int32_t i = 0; i < n; i++) {
    int32_t d = axis[i];
    int64_t step = present[4] && count[4] >= 0 ? v[4][i] : 1;
    if (step == 0) return lt_lite_error(c, "steps[%d] is 0", (int)i);
    if (!known || in[0].dims[d] < 0) {
      p->dims[d] = -1;
      continue;
    }
    p->starts[d] = v[1][i];
    p->steps[d] = step;
    p->dims[d] = slice_dim(in[0].dims[d], &p->starts[d], v[2][i], step);
  }
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_slice(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  slice_plan_t p;
  if (LT_FAILED(slice_plan(c, in, num_in, &p))) return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  out[0].rank = in[0].rank;
  for (int32_t d = 0; d < in[0].rank; d++)
    out[0].dims[d] = p.dims[d];
  return LT_SUCCESS;
}

/* The evaluators see concrete tensors; the plan takes their shapes. */
static void shapes_of(const lk_tensor_t *in, uint32_t num_in,
                      lt_lite_shape_t *s) {
  for (uint32_t i = 0; i < num_in; i++) {
    memset(&s[i], 0, sizeof s[i]);
    s[i].dtype = in[i].dtype;
    s[i].rank = in[i].dtype == LK_DTYPE_NONE ? -1 : in[i].rank;
    if (in[i].dtype == LK_DTYPE_NONE) continue;
    memcpy(s[i].dims, in[i].dims, sizeof s[i].dims);
    s[i].value = &in[i];
  }
}

lt_result_t lt_lite_eval_slice(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lt_lite_shape_t s[5];
  slice_plan_t p;
  shapes_of(in, num_in, s);
  if (LT_FAILED(slice_plan(c, s, num_in, &p))) return LT_FAILURE;
  lk_slice_params_t kp;
  memcpy(kp.starts, p.starts, sizeof kp.starts);
  memcpy(kp.steps, p.steps, sizeof kp.steps);
  lk_ref_slice(&kp, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- pad ----------------------------------------------------------------- */

static lt_result_t pad_mode(const lt_lite_call_t *c, lk_pad_mode_t *out) {
  static const char *const names[] = {"constant", "reflect", "edge", "wrap"};
  static const lk_pad_mode_t modes[] = {LK_PAD_CONSTANT, LK_PAD_REFLECT,
                                        LK_PAD_EDGE, LK_PAD_WRAP};
  int i;
  if (LT_FAILED(lt_lite_attr_choice(c, "mode", "constant", names, 4, &i)))
    return LT_FAILURE;
  *out = modes[i];
  return LT_SUCCESS;
}

/* The `constant_value` attribute (*out_count 1) when given: it must be
 * exact in data's element type. */
static lt_result_t pad_value_attr(const lt_lite_call_t *c,
                                  const lt_lite_shape_t *in, uint32_t num_in,
                                  double *out_value, int32_t *out_count) {
  if (LT_FAILED(lt_lite_float_list(c, in, num_in, 2, "constant_value",
                                   out_value, 1, out_count)))
    return LT_FAILURE;
  if (lt_lite_present(in, num_in, 2) || *out_count != 1) return LT_SUCCESS;
  return lt_lite_data_exact_attr(c, "constant_value", *out_value, in[0].dtype);
}

/* Pads before and after each dim (0 for dims that axes leaves out);
 * *out_known is false when pads or axes are not known yet. */
static lt_result_t pad_amounts(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               int64_t *begin, int64_t *end, bool *out_known) {
  int32_t r = in[0].rank, np, na = -1;
  int64_t pads[2 * LK_MAX_RANK], axes[LK_MAX_RANK], lp, la = -1;
  *out_known = false;
  if (LT_FAILED(lt_lite_data_list(c, in, num_in, 1, "pads", true, pads,
                                  2 * LK_MAX_RANK, &np, &lp)))
    return LT_FAILURE;
  double value;
  int32_t nv;
  if (LT_FAILED(pad_value_attr(c, in, num_in, &value, &nv))) return LT_FAILURE;
  if (lt_lite_present(in, num_in, 2)) {
    const lt_lite_shape_t *v = &in[2];
    if (v->dtype != in[0].dtype)
      return lt_lite_error(c,
                           "operand #2 (constant_value) has element type "
                           "%s; data has %s",
                           lk_dtype_name(v->dtype), lk_dtype_name(in[0].dtype));
    bool k;
    if (LT_FAILED(
            lt_lite_data_scalar(c, in, 2, "constant_value", NULL, NULL, &k)))
      return LT_FAILURE;
  }
  if (LT_FAILED(lt_lite_data_list(c, in, num_in, 3, "axes", false, axes,
                                  LK_MAX_RANK, &na, &la)))
    return LT_FAILURE;
  bool has_axes = na != LT_LITE_LIST_ABSENT;
  if (r < 0) return LT_SUCCESS;
  int64_t naxes = has_axes ? la : r;
  if (naxes >= 0 && lp >= 0 && lp != 2 * naxes)
    return lt_lite_error(c,
                         "pads has %lld values; expected %lld (2 per "
                         "padded axis)",
                         (long long)lp, (long long)(2 * naxes));
  if (has_axes && na < 0) return LT_SUCCESS;
  bool marks[LK_MAX_RANK] = {false};
  int32_t axis[LK_MAX_RANK];
  for (int32_t i = 0; i < naxes; i++) {
    axis[i] = i;
    if (!has_axes) continue;
    if (LT_FAILED(lt_lite_axis(c, axes[i], r, "axis", &axis[i])))
      return LT_FAILURE;
    if (marks[axis[i]])
      return lt_lite_error(c, "axis %d is padded twice", (int)axis[i]);
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

lt_result_t lt_lite_shape_pad(const lt_lite_call_t *c,
                              const lt_lite_shape_t *in, uint32_t num_in,
                              lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  lk_pad_mode_t mode = LK_PAD_CONSTANT;
  int64_t begin[LK_MAX_RANK], end[LK_MAX_RANK];
  bool known;
  if (LT_FAILED(pad_mode(c, &mode)) ||
      LT_FAILED(pad_amounts(c, in, num_in, begin, end, &known)))
    return LT_FAILURE;
  out[0].dtype = in[0].dtype;
  out[0].rank = in[0].rank;
  for (int32_t d = 0; d < in[0].rank; d++) {
    int64_t dim = in[0].dims[d];
    out[0].dims[d] = -1;
    if (!known || dim < 0) continue;
    if (begin[d] < -LT_LITE_DATA_MAX_ELEMENTS ||
        begin[d] > LT_LITE_DATA_MAX_ELEMENTS ||
        end[d] < -LT_LITE_DATA_MAX_ELEMENTS ||
        end[d] > LT_LITE_DATA_MAX_ELEMENTS)
      return lt_lite_error(c, "pads of dim %d (%lld, %lld) are too large",
                           (int)d, (long long)begin[d], (long long)end[d]);
    out[0].dims[d] = dim + begin[d] + end[d];
    if (out[0].dims[d] < 0)
      return lt_lite_error(c,
                           "pads %lld and %lld remove more than the %lld "
                           "elements of dim %d",
                           (long long)begin[d], (long long)end[d],
                           (long long)dim, (int)d);
    if (mode != LK_PAD_CONSTANT && dim == 0 && out[0].dims[d] > 0)
      return lt_lite_error(c,
                           "cannot pad the empty dim %d in non-constant "
                           "mode",
                           (int)d);
  }
  return lt_lite_data_check_size(c, &out[0]);
}

lt_result_t lt_lite_eval_pad(const lt_lite_call_t *c, const lk_tensor_t *in,
                             uint32_t num_in, lk_tensor_t *out,
                             uint32_t num_out) {
  lt_lite_shape_t s[4];
  lk_pad_params_t p;
  int64_t end[LK_MAX_RANK];
  bool known;
  shapes_of(in, num_in, s);
  if (LT_FAILED(pad_mode(c, &p.mode)) ||
      LT_FAILED(pad_amounts(c, s, num_in, p.begin, end, &known)))
    return LT_FAILURE;
  p.value = lt_lite_tensor_present(in, num_in, 2) ? &in[2] : NULL;
  /* The attribute form, as a scalar of data's element type. */
  double value;
  int32_t nv;
  uint64_t storage = 0;
  lk_tensor_t scalar = {.dtype = in[0].dtype, .rank = 0, .data = &storage};
  if (LT_FAILED(pad_value_attr(c, s, num_in, &value, &nv))) return LT_FAILURE;
  if (!p.value && nv == 1) {
    lk_store_f64(&scalar, 0, value);
    p.value = &scalar;
  }
  lk_ref_pad(&p, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- expand / tile ------------------------------------------------------- */

lt_result_t lt_lite_shape_expand(const lt_lite_call_t *c,
                                 const lt_lite_shape_t *in, uint32_t num_in,
                                 lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 2))) return LT_FAILURE;
  int64_t shape[LK_MAX_RANK], len;
  int32_t n;
  if (LT_FAILED(
          lt_lite_data_ints(c, in, 1, "shape", shape, LK_MAX_RANK, &n, &len)))
    return LT_FAILURE;
  /* The target shape as a second operand to broadcast with. */
  lt_lite_shape_t both[2] = {in[0],
                             {.dtype = in[0].dtype, .rank = (int32_t)len}};
  for (int32_t d = 0; d < both[1].rank; d++) {
    if (n >= 0 && shape[d] < 0)
      return lt_lite_error(c, "shape[%d] is %lld; dims must be >= 0", (int)d,
                           (long long)shape[d]);
    both[1].dims[d] = n < 0 ? -1 : shape[d];
  }
  if (LT_FAILED(lt_lite_broadcast(c, both, 2, out))) return LT_FAILURE;
  return lt_lite_data_check_size(c, &out[0]);
}

lt_result_t lt_lite_eval_expand(const lt_lite_call_t *c, const lk_tensor_t *in,
                                uint32_t num_in, lk_tensor_t *out,
                                uint32_t num_out) {
  lk_ref_tile(&in[0], &out[0]); /* a broadcast tiles the size-1 dims */
  return LT_SUCCESS;
}

lt_result_t lt_lite_shape_tile(const lt_lite_call_t *c,
                               const lt_lite_shape_t *in, uint32_t num_in,
                               lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 2))) return LT_FAILURE;
  int64_t reps[LK_MAX_RANK], len;
  int32_t n;
  if (LT_FAILED(
          lt_lite_data_ints(c, in, 1, "repeats", reps, LK_MAX_RANK, &n, &len)))
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
    return lt_lite_error(c, "repeats has %lld entries; the input has rank %d",
                         (long long)len, (int)in[0].rank);
  for (int32_t d = 0; d < in[0].rank; d++) {
    if (n < 0) {
      out[0].dims[d] = -1;
      continue;
    }
    if (reps[d] < 0)
      return lt_lite_error(c, "repeats[%d] is %lld; repeats must be >= 0",
                           (int)d, (long long)reps[d]);
    if (reps[d] > LT_LITE_DATA_MAX_ELEMENTS)
      return lt_lite_error(c, "repeats[%d] is too large (%lld)", (int)d,
                           (long long)reps[d]);
    out[0].dims[d] = in[0].dims[d] < 0 ? -1 : in[0].dims[d] * reps[d];
  }
  return lt_lite_data_check_size(c, &out[0]);
}

lt_result_t lt_lite_eval_tile(const lt_lite_call_t *c, const lk_tensor_t *in,
                              uint32_t num_in, lk_tensor_t *out,
                              uint32_t num_out) {
  lk_ref_tile(&in[0], &out[0]);
  return LT_SUCCESS;
}

/* ---- shuffle_channel, depth_to_space, space_to_depth --------------------- */

static lt_result_t space_params(const lt_lite_call_t *c, lk_space_params_t *p) {
  if (c->id == LT_LITE_SHUFFLE_CHANNEL) {
    p->op = LK_SPACE_SHUFFLE_CHANNEL;
    p->block = lt_lite_attr_int(c, "group", 1);
    if (p->block < 1)
      return lt_lite_error(c, "group must be positive, got %lld",
                           (long long)p->block);
    return LT_SUCCESS;
  }
  p->block = lt_lite_attr_int(c, "blocksize", 1);
  if (p->block < 1 || p->block > (1 << 20))
    return lt_lite_error(c, "blocksize must be positive, got %lld",
                         (long long)p->block);
  p->op = LK_SPACE_SPACE_TO_DEPTH;
  if (c->id == LT_LITE_DEPTH_TO_SPACE) {
    static const char *const modes[] = {"DCR", "CRD"};
    int m;
    if (LT_FAILED(lt_lite_attr_choice(c, "mode", "DCR", modes, 2, &m)))
      return LT_FAILURE;
    p->op = m ? LK_SPACE_DEPTH_TO_SPACE_CRD : LK_SPACE_DEPTH_TO_SPACE_DCR;
  }
  return LT_SUCCESS;
}

/* dims[d] / k, or an error when k does not divide it (unknown stays so). */
static lt_result_t divide_dim(const lt_lite_call_t *c, const int64_t *dims,
                              int32_t d, int64_t k, const char *what,
                              int64_t *out) {
  if (dims[d] < 0) {
    *out = -1;
    return LT_SUCCESS;
  }
  if (dims[d] % k != 0)
    return lt_lite_error(c, "%s %lld does not divide dim %d (%lld)", what,
                         (long long)k, (int)d, (long long)dims[d]);
  *out = dims[d] / k;
  return LT_SUCCESS;
}

static int64_t mul_dim(int64_t d, int64_t k) { return d < 0 ? -1 : d * k; }

lt_result_t lt_lite_shape_space(const lt_lite_call_t *c,
                                const lt_lite_shape_t *in, uint32_t num_in,
                                lt_lite_shape_t *out, uint32_t num_out) {
  if (LT_FAILED(lt_lite_data_expect_present(c, in, 1))) return LT_FAILURE;
  lk_space_params_t p = {0};
  if (LT_FAILED(space_params(c, &p)) ||
      LT_FAILED(lt_lite_expect_rank(c, in, 0, "input", 4)))
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
  int64_t b = p.block, q;
  int64_t *o = out[0].dims;
  switch (p.op) {
  case LK_SPACE_SHUFFLE_CHANNEL:
    return divide_dim(c, d, 1, b, "group", &q);
  case LK_SPACE_DEPTH_TO_SPACE_DCR:
  case LK_SPACE_DEPTH_TO_SPACE_CRD:
    if (LT_FAILED(divide_dim(c, d, 1, b * b, "blocksize squared", &o[1])))
      return LT_FAILURE;
    o[2] = mul_dim(d[2], b);
    o[3] = mul_dim(d[3], b);
    break;
  case LK_SPACE_SPACE_TO_DEPTH:
    if (LT_FAILED(divide_dim(c, d, 2, b, "blocksize", &o[2])) ||
        LT_FAILED(divide_dim(c, d, 3, b, "blocksize", &o[3])))
      return LT_FAILURE;
    o[1] = mul_dim(d[1], b * b);
    break;
  }
  return lt_lite_data_check_size(c, &out[0]);
}

lt_result_t lt_lite_eval_space(const lt_lite_call_t *c, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out) {
  lk_space_params_t p = {0};
  if (LT_FAILED(space_params(c, &p))) return LT_FAILURE;
  lk_ref_space(&p, &in[0], &out[0]);
  return LT_SUCCESS;
}

/* abi_ref_data.c - the call-record entry points of the data families
 * (kernels/plan/data.h): identity, dropout, io_copy, reshape, flatten,
 * squeeze, unsqueeze, shape, size, transpose, concat, split, slice, pad,
 * expand, tile, the space ops and trilu (layout's is in abi_ref.c).
 *
 * Each takes its plan step's parameter block (kernels/plan_steps.def) and
 * results allocated with the step's shapes. The operands a step reads as
 * shapes or indices (reshape's shape, slice's starts, trilu's k, ...) come
 * along but are not read: the block already holds what they said. pad
 * binds operand #2, constant_value, as its value tensor. dropout's
 * optional second result, the mask, is all true (inference keeps every
 * element); shape and size write i64. Every kernel checks the block and
 * the results against the data as far as it indexes by them, so a mismatch
 * is refused rather than read or written past a buffer. */
#include "kernels/abi_ref.h"

#include <string.h>

#include "kernels/plan/data.h"
#include "kernels/ref/data.h"

static lt_status_t bad(const char *kernel, const char *what) {
  return lt_status_make(LT_STATUS_INVALID_ARGUMENT, "%s: %s", kernel, what);
}

static bool same_dims(const lk_tensor_t *a, const lk_tensor_t *b) {
  if (a->rank != b->rank) return false;
  for (int32_t d = 0; d < a->rank; d++)
    if (a->dims[d] != b->dims[d]) return false;
  return true;
}

/* ---- the kernels --------------------------------------------------------- */
/* Each gets the call and its tensors, counts and block size checked. */
typedef lt_status_t (*data_fn)(const char *kernel, const lk_call_t *call,
                               const lk_tensor_t *in, lk_tensor_t *out);

/* identity, dropout, io_copy and the reshapes: data's bytes. */
static lt_status_t copy(const char *kernel, const lk_call_t *call,
                        const lk_tensor_t *in, lk_tensor_t *out) {
  if (lk_numel(&out[0]) != lk_numel(&in[0]))
    return bad(kernel, "the result's element count is not the data's");
  if (call->num_outputs > 1 &&
      (out[1].dtype != LK_BOOL || !same_dims(&out[1], &in[0])))
    return bad(kernel, "the mask must be i1 of the data's shape");
  lk_ref_copy(&in[0], &out[0]);
  if (call->num_outputs > 1) memset(out[1].data, 1, lk_nbytes(&out[1]));
  return LT_OK;
}

static bool is_i64(const lk_tensor_t *t, int32_t rank, int64_t numel) {
  return t->dtype == LK_I64 && t->rank == rank && lk_numel(t) == numel;
}

static lt_status_t shape(const char *kernel, const lk_call_t *call,
                         const lk_tensor_t *in, lk_tensor_t *out) {
  const lk_shape_params_t *p = call->params;
  if (p->start < 0 || p->start > p->end || p->end > in[0].rank)
    return bad(kernel, "[start, end) is not a window of the data's dims");
  if (!is_i64(&out[0], 1, p->end - p->start))
    return bad(kernel, "the result must be 1-D i64 of end - start elements");
  for (int64_t d = p->start; d < p->end; d++)
    lk_store_i64(&out[0], d - p->start, in[0].dims[d]);
  return LT_OK;
}

static lt_status_t size(const char *kernel, const lk_call_t *call,
                        const lk_tensor_t *in, lk_tensor_t *out) {
  (void)call;
  if (!is_i64(&out[0], 0, 1)) return bad(kernel, "the result must be an i64");
  lk_store_i64(&out[0], 0, lk_numel(&in[0]));
  return LT_OK;
}

static lt_status_t transpose(const char *kernel, const lk_call_t *call,
                             const lk_tensor_t *in, lk_tensor_t *out) {
  const lk_transpose_params_t *p = call->params;
  bool ok = in[0].rank == out[0].rank;
  for (int32_t d = 0; ok && d < in[0].rank; d++)
    ok = p->perm[d] >= 0 && p->perm[d] < in[0].rank &&
         out[0].dims[d] == in[0].dims[p->perm[d]];
  if (!ok) return bad(kernel, "the result is not the data permuted by perm");
  lk_ref_transpose(p, &in[0], &out[0]);
  return LT_OK;
}

/* Whether parts[0..n) joined along axis make whole: whole's dtype and
 * rank, its dims but axis's, which add up to whole's. */
static bool joins(int32_t axis, const lk_tensor_t *parts, uint32_t n,
                  const lk_tensor_t *whole) {
  if (axis < 0 || axis >= whole->rank) return false;
  int64_t sum = 0;
  for (uint32_t j = 0; j < n; j++) {
    if (parts[j].dtype != whole->dtype || parts[j].rank != whole->rank)
      return false;
    for (int32_t d = 0; d < whole->rank; d++)
      if (d != axis && parts[j].dims[d] != whole->dims[d]) return false;
    sum += parts[j].dims[axis];
  }
  return sum == whole->dims[axis];
}

static lt_status_t concat(const char *kernel, const lk_call_t *call,
                          const lk_tensor_t *in, lk_tensor_t *out) {
  int32_t axis = ((const lk_concat_params_t *)call->params)->axis;
  if (!joins(axis, in, call->num_inputs, &out[0]))
    return bad(kernel, "the operands do not join into the result along axis");
  lk_ref_concat(axis, call->num_inputs, in, &out[0]);
  return LT_OK;
}

static lt_status_t split(const char *kernel, const lk_call_t *call,
                         const lk_tensor_t *in, lk_tensor_t *out) {
  int32_t axis = ((const lk_split_params_t *)call->params)->axis;
  if (!joins(axis, out, call->num_outputs, &in[0]))
    return bad(kernel, "the results do not join into the data along axis");
  lk_ref_split(axis, &in[0], call->num_outputs, out);
  return LT_OK;
}

/* Whether every position slice reads lies inside x: per dim, the first
 * and the last. */
static bool slice_inside(const lk_slice_params_t *p, const lk_tensor_t *x,
                         const lk_tensor_t *y) {
  if (x->rank != y->rank) return false;
  if (lk_numel(y) == 0) return true;
  for (int32_t d = 0; d < x->rank; d++) {
    int64_t first = p->starts[d], last;
    if (__builtin_mul_overflow(y->dims[d] - 1, p->steps[d], &last) ||
        __builtin_add_overflow(last, first, &last) || first < 0 ||
        first >= x->dims[d] || last < 0 || last >= x->dims[d])
      return false;
  }
  return true;
}

static lt_status_t slice(const char *kernel, const lk_call_t *call,
                         const lk_tensor_t *in, lk_tensor_t *out) {
  if (!slice_inside(call->params, &in[0], &out[0]))
    return bad(kernel, "starts and steps read outside the data");
  lk_ref_slice(call->params, &in[0], &out[0]);
  return LT_OK;
}

static lt_status_t pad(const char *kernel, const lk_call_t *call,
                       const lk_tensor_t *in, lk_tensor_t *out) {
  lk_pad_params_t p = *(const lk_pad_params_t *)call->params;
  p.value = in[2].dtype == LK_DTYPE_NONE ? NULL : &in[2];
  if (p.value && (p.value->dtype != in[0].dtype || lk_numel(p.value) != 1))
    return bad(kernel, "constant_value must be one element of data's type");
  if ((unsigned)p.mode > LK_PAD_WRAP || in[0].rank != out[0].rank)
    return bad(kernel, "the mode or the result's rank is wrong");
  lk_ref_pad(&p, &in[0], &out[0]);
  return LT_OK;
}

/* expand and tile: each of y's dims (x's aligned to the right) a multiple
 * of x's. */
static lt_status_t tile(const char *kernel, const lk_call_t *call,
                        const lk_tensor_t *in, lk_tensor_t *out) {
  (void)call;
  int32_t lead = out[0].rank - in[0].rank;
  bool ok = lead >= 0;
  for (int32_t d = 0; ok && d < in[0].rank; d++) {
    int64_t x = in[0].dims[d], y = out[0].dims[d + lead];
    ok = x ? y % x == 0 : y == 0;
  }
  if (!ok) return bad(kernel, "the result's dims are not multiples of data's");
  lk_ref_tile(&in[0], &out[0]);
  return LT_OK;
}

/* shuffle_channel, depth_to_space, space_to_depth: the block divides the
 * dims the op splits, and the result holds as many elements. */
static lt_status_t space(const char *kernel, const lk_call_t *call,
                         const lk_tensor_t *in, lk_tensor_t *out) {
  const lk_space_params_t *p = call->params;
  const int64_t *x = in[0].dims;
  int64_t b = p->block;
  bool ok = in[0].rank == 4 && out[0].rank == 4 && b >= 1 &&
            lk_numel(&in[0]) == lk_numel(&out[0]);
  switch (ok ? (int)p->op : -1) {
  case LK_SPACE_SHUFFLE_CHANNEL:
    ok = x[1] % b == 0;
    break;
  case LK_SPACE_DEPTH_TO_SPACE_DCR:
  case LK_SPACE_DEPTH_TO_SPACE_CRD:
    ok = x[1] % b == 0 && x[1] / b % b == 0;
    break;
  case LK_SPACE_SPACE_TO_DEPTH:
    ok = x[2] % b == 0 && x[3] % b == 0;
    break;
  default:
    ok = false;
  }
  if (!ok) return bad(kernel, "the block does not fit the data and result");
  lk_ref_space(p, &in[0], &out[0]);
  return LT_OK;
}

static lt_status_t trilu(const char *kernel, const lk_call_t *call,
                         const lk_tensor_t *in, lk_tensor_t *out) {
  if (in[0].rank < 2 || !same_dims(&in[0], &out[0]))
    return bad(kernel, "the result must have the data's shape, rank >= 2");
  lk_ref_trilu(call->params, &in[0], &out[0]);
  return LT_OK;
}

/* ---- the rows ------------------------------------------------------------ */
/* What a row takes: its operand count [min_in, max_in], results [1,
 * max_out], the block's size (0: none) and how many leading results carry
 * data's (operand #0's) element type. */
typedef struct data_row {
  const char *name;
  bool f32_only;
  uint32_t min_in, max_in, max_out;
  size_t params_size;
  uint32_t typed;
} data_row_t;

static lt_status_t run(const data_row_t *row, const lk_call_t *call,
                       data_fn fn) {
  lk_tensor_t in[LK_CALL_MAX_OPERANDS], out[LK_CALL_MAX_OPERANDS];
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(row->name, call, row->min_in,
                                         row->max_in, 1, row->max_out,
                                         row->params_size, in, out));
  if (in[0].dtype == LK_DTYPE_NONE) return bad(row->name, "no data operand");
  if (row->f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(row->name, &in[0]));
  for (uint32_t j = 0; j < call->num_outputs && j < row->typed; j++)
    if (out[j].dtype != in[0].dtype)
      return bad(row->name, "a result's element type is not the data's");
  return fn(row->name, call, in, out);
}

#define DATA_ROW(op, spell, f32, fn, min_in, max_in, max_out, size, typed)     \
  lt_status_t lk_ref_##op##__##spell##_nchw(const lk_call_t *call) {           \
    static const data_row_t row = {"ref_" #op "__" #spell "_nchw", f32,        \
                                   min_in, max_in, max_out, size, typed};      \
    return run(&row, call, fn);                                                \
  }
#define ROWS(op, ...)                                                          \
  DATA_ROW(op, f32, true, __VA_ARGS__) DATA_ROW(op, any, false, __VA_ARGS__)
#define ANY_ROW(op, ...) DATA_ROW(op, any, false, __VA_ARGS__)
#define MANY LK_CALL_MAX_OPERANDS

/* op, kernel, inputs min and max, results max, block, typed results */
ROWS(identity, copy, 1, 1, 1, 0, 1)
ROWS(dropout, copy, 1, 3, 2, 0, 1)
ROWS(io_copy, copy, 1, 1, 1, 0, 1)
ROWS(reshape, copy, 1, 2, 1, 0, 1)
ROWS(flatten, copy, 1, 1, 1, 0, 1)
ROWS(squeeze, copy, 1, 2, 1, 0, 1)
ROWS(unsqueeze, copy, 1, 2, 1, 0, 1)
ROWS(transpose, transpose, 1, 1, 1, sizeof(lk_transpose_params_t), 1)
ROWS(concat, concat, 1, MANY, 1, sizeof(lk_concat_params_t), 1)
ROWS(split, split, 1, 2, MANY, sizeof(lk_split_params_t), MANY)
ROWS(slice, slice, 1, 5, 1, sizeof(lk_slice_params_t), 1)
ROWS(pad, pad, 1, 4, 1, sizeof(lk_pad_params_t), 1)
ROWS(expand, tile, 2, 2, 1, 0, 1)
ROWS(tile, tile, 2, 2, 1, 0, 1)
ANY_ROW(shape, shape, 1, 1, 1, sizeof(lk_shape_params_t), 0)
ANY_ROW(size, size, 1, 1, 1, 0, 0)
ROWS(shuffle_channel, space, 1, 1, 1, sizeof(lk_space_params_t), 1)
ROWS(depth_to_space, space, 1, 1, 1, sizeof(lk_space_params_t), 1)
ROWS(space_to_depth, space, 1, 1, 1, sizeof(lk_space_params_t), 1)
ROWS(trilu, trilu, 1, 2, 1, sizeof(lk_trilu_params_t), 1)

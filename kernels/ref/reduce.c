/* reduce.c - reductions, argmax/argmin and cumsum. */
#include "kernels/ref/reduce.h"

#include <math.h>
#include <string.h>

/* Walks the elements of a sub-grid of x (some axes, with x's strides) in
 * row-major order, keeping the linear offset current. */
typedef struct odometer {
  int32_t n;
  int64_t dims[LK_MAX_RANK], strides[LK_MAX_RANK], pos[LK_MAX_RANK];
  int64_t off;
} odometer_t;

static void odo_next(odometer_t *o) {
  for (int32_t d = o->n - 1; d >= 0; d--) {
    o->off += o->strides[d];
    if (++o->pos[d] < o->dims[d]) return;
    o->off -= o->strides[d] * o->dims[d];
    o->pos[d] = 0;
  }
}

static void odo_reset(odometer_t *o, int64_t base) {
  for (int32_t d = 0; d < o->n; d++) o->pos[d] = 0;
  o->off = base;
}

static int64_t odo_count(const odometer_t *o) {
  int64_t c = 1;
  for (int32_t d = 0; d < o->n; d++) c *= o->dims[d];
  return c;
}

/* Splits x's axes into the kept ones and the reduced ones. */
static void split_axes(const lk_tensor_t *x, const bool *reduced,
                       odometer_t *kept, odometer_t *red) {
  int64_t strides[LK_MAX_RANK];
  lk_strides(x, strides);
  kept->n = red->n = 0;
  for (int32_t d = 0; d < x->rank; d++) {
    odometer_t *o = reduced[d] ? red : kept;
    o->dims[o->n] = x->dims[d];
    o->strides[o->n++] = strides[d];
  }
  odo_reset(kept, 0);
  odo_reset(red, 0);
}

/* ---- reduce -------------------------------------------------------------- */

static bool int_op(lk_reduce_op_t op) {
  return op != LK_REDUCE_L2 && op != LK_REDUCE_LOG_SUM &&
         op != LK_REDUCE_LOG_SUM_EXP;
}

/* Largest and smallest value of an integer dtype, as int64 (uint64's max
 * reads as -1, its bit pattern). */
static int64_t int_max(lk_dtype_t t) {
  int bits = (int)lk_dtype_size(t) * 8;
  if (t == LK_BOOL) return 1;
  if (!lk_dtype_is_signed(t))
    return bits == 64 ? -1 : (int64_t)((1ull << bits) - 1);
  return (int64_t)((1ull << (bits - 1)) - 1);
}
static int64_t int_min(lk_dtype_t t) {
  if (!lk_dtype_is_signed(t)) return 0;
  return -int_max(t) - 1;
}

static int64_t reduce_i64(lk_reduce_op_t op, const lk_tensor_t *x,
                          odometer_t *red, int64_t count) {
  bool uns = !lk_dtype_is_signed(x->dtype);
  uint64_t acc = op == LK_REDUCE_PROD ? 1 : 0;
  if (op == LK_REDUCE_MAX) acc = (uint64_t)int_min(x->dtype);
  if (op == LK_REDUCE_MIN) acc = (uint64_t)int_max(x->dtype);
  for (int64_t j = 0; j < count; j++, odo_next(red)) {
    int64_t v = lk_load_i64(x, red->off);
    uint64_t u = (uint64_t)v;
    bool greater = uns ? u > acc : v > (int64_t)acc;
    bool less = uns ? u < acc : v < (int64_t)acc;
    switch (op) {
    case LK_REDUCE_SUM:
    case LK_REDUCE_MEAN: acc += u; break;
    case LK_REDUCE_PROD: acc *= u; break;
    case LK_REDUCE_MAX: if (greater) acc = u; break;
    case LK_REDUCE_MIN: if (less) acc = u; break;
    case LK_REDUCE_L1: acc += !uns && v < 0 ? 0 - u : u; break;
    case LK_REDUCE_SUM_SQUARE: acc += u * u; break;
    default: break;
    }
  }
  if (op == LK_REDUCE_MEAN && count > 0)
    return uns ? (int64_t)(acc / (uint64_t)count) : (int64_t)acc / count;
  return (int64_t)acc;
}

static double reduce_f64(lk_reduce_op_t op, const lk_tensor_t *x,
                         odometer_t *red, int64_t count) {
  int64_t base = red->off;
  double shift = 0;
  if (op == LK_REDUCE_LOG_SUM_EXP) {
    /* exp of the differences to the max cannot overflow. */
    shift = -INFINITY;
    for (int64_t j = 0; j < count; j++, odo_next(red)) {
      double v = lk_load_f64(x, red->off);
      if (v > shift || v != v) shift = v;
    }
    if (isinf(shift) || shift != shift) return shift;
    odo_reset(red, base);
  }
  double acc = op == LK_REDUCE_PROD ? 1.0
               : op == LK_REDUCE_MAX ? -INFINITY
               : op == LK_REDUCE_MIN ? INFINITY
                                     : 0.0;
  for (int64_t j = 0; j < count; j++, odo_next(red)) {
    double v = lk_load_f64(x, red->off);
    switch (op) {
    case LK_REDUCE_SUM:
    case LK_REDUCE_MEAN:
    case LK_REDUCE_LOG_SUM: acc += v; break;
    case LK_REDUCE_PROD: acc *= v; break;
    /* NaN wins and stays. */
    case LK_REDUCE_MAX:
      if ((v > acc || v != v) && acc == acc) acc = v;
      break;
    case LK_REDUCE_MIN:
      if ((v < acc || v != v) && acc == acc) acc = v;
      break;
    case LK_REDUCE_L1: acc += fabs(v); break;
    case LK_REDUCE_L2:
    case LK_REDUCE_SUM_SQUARE: acc += v * v; break;
    case LK_REDUCE_LOG_SUM_EXP: acc += exp(v - shift); break;
    case LK_NUM_REDUCE_OPS: break;
    }
  }
  switch (op) {
  case LK_REDUCE_MEAN: return acc / (double)count;
  case LK_REDUCE_L2: return sqrt(acc);
  case LK_REDUCE_LOG_SUM: return log(acc);
  case LK_REDUCE_LOG_SUM_EXP: return shift + log(acc);
  default: return acc;
  }
}

void lk_ref_reduce(const lk_reduce_params_t *p, const lk_tensor_t *x,
                   lk_tensor_t *y) {
  if (p->noop) {
    if (lk_nbytes(x)) memcpy(y->data, x->data, lk_nbytes(x));
    return;
  }
  odometer_t kept, red;
  split_axes(x, p->axes, &kept, &red);
  int64_t outer = odo_count(&kept), count = odo_count(&red);
  bool ints = lk_dtype_is_int(x->dtype) && int_op(p->op);
  for (int64_t o = 0; o < outer; o++, odo_next(&kept)) {
    odo_reset(&red, kept.off);
    if (ints)
      lk_store_i64(y, o, reduce_i64(p->op, x, &red, count));
    else
      lk_store_f64(y, o, reduce_f64(p->op, x, &red, count));
  }
}

/* ---- argmax / argmin ----------------------------------------------------- */

/* Outer/axis/inner extents of x around axis. */
static void around_axis(const lk_tensor_t *x, int32_t axis, int64_t *outer,
                        int64_t *len, int64_t *inner) {
  *outer = *inner = 1;
  for (int32_t d = 0; d < axis; d++) *outer *= x->dims[d];
  for (int32_t d = axis + 1; d < x->rank; d++) *inner *= x->dims[d];
  *len = x->dims[axis];
}

/* Whether v replaces the current extreme best (cmp: sign of v - best). */
static bool replaces(const lk_arg_params_t *p, int cmp) {
  if (cmp == 0) return p->select_last_index;
  return p->is_min ? cmp < 0 : cmp > 0;
}

void lk_ref_arg(const lk_arg_params_t *p, const lk_tensor_t *x,
                lk_tensor_t *y) {
  int64_t outer, len, inner;
  around_axis(x, p->axis, &outer, &len, &inner);
  bool is_int = lk_dtype_is_int(x->dtype), uns = !lk_dtype_is_signed(x->dtype);
  for (int64_t o = 0; o < outer; o++)
    for (int64_t i = 0; i < inner; i++) {
      int64_t base = o * len * inner + i, best = 0;
      for (int64_t k = 1; k < len; k++) {
        int64_t a = base + k * inner, b = base + best * inner;
        int cmp;
        if (is_int) {
          int64_t va = lk_load_i64(x, a), vb = lk_load_i64(x, b);
          uint64_t ua = (uint64_t)va, ub = (uint64_t)vb;
          cmp = uns ? (ua > ub) - (ua < ub) : (va > vb) - (va < vb);
        } else {
          double va = lk_load_f64(x, a), vb = lk_load_f64(x, b);
          if (vb != vb) /* a NaN stays the extreme; later NaNs tie */
            cmp = va != va ? 0 : (p->is_min ? 1 : -1);
          else if (va != va)
            cmp = p->is_min ? -1 : 1;
          else
            cmp = (va > vb) - (va < vb);
        }
        if (replaces(p, cmp)) best = k;
      }
      lk_store_i64(y, o * inner + i, best);
    }
}

/* ---- cumsum -------------------------------------------------------------- */

void lk_ref_cumsum(const lk_cumsum_params_t *p, const lk_tensor_t *x,
                   lk_tensor_t *y) {
  int64_t outer, len, inner;
  around_axis(x, p->axis, &outer, &len, &inner);
  bool is_int = lk_dtype_is_int(x->dtype);
  for (int64_t o = 0; o < outer; o++)
    for (int64_t i = 0; i < inner; i++) {
      int64_t base = o * len * inner + i;
      double facc = 0;
      uint64_t iacc = 0;
      for (int64_t s = 0; s < len; s++) {
        int64_t k = p->reverse ? len - 1 - s : s, at = base + k * inner;
        if (is_int) {
          uint64_t v = (uint64_t)lk_load_i64(x, at);
          if (!p->exclusive) iacc += v;
          lk_store_i64(y, at, (int64_t)iacc);
          if (p->exclusive) iacc += v;
        } else {
          double v = lk_load_f64(x, at);
          if (!p->exclusive) facc += v;
          lk_store_f64(y, at, facc);
          if (p->exclusive) facc += v;
        }
      }
    }
}

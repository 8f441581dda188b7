/* elementwise_binary.c - broadcast binary arithmetic, comparisons, where and
 * the variadic ops. */
#include <math.h>

#include "kernels/ref/broadcast.h"
#include "kernels/ref/elementwise.h"

/* ---- arithmetic ---------------------------------------------------------- */

static double python_fmod(double a, double b) {
  double r = fmod(a, b);
  if (r != 0 && (r < 0) != (b < 0)) r += b;
  return r;
}

static double binary_f64(const lk_binary_params_t *p, double a, double b) {
  switch (p->op) {
  case LK_BINARY_ADD: return a + b;
  case LK_BINARY_SUB: return a - b;
  case LK_BINARY_MUL: return a * b;
  case LK_BINARY_DIV: return a / b;
  case LK_BINARY_POW: return pow(a, b);
  case LK_BINARY_MOD: return p->fmod ? fmod(a, b) : python_fmod(a, b);
  case LK_BINARY_PRELU: return a < 0 ? a * b : a;
  case LK_BINARY_BIT_SHIFT:
  case LK_NUM_BINARY_OPS: break;
  }
  return 0;
}

/* a ** b with wrap-around; negative exponents give 1/a truncated. */
static int64_t ipow(int64_t a, int64_t b) {
  if (b < 0) return a == 1 ? 1 : a == -1 ? ((b & 1) ? -1 : 1) : 0;
  uint64_t r = 1, base = (uint64_t)a;
  for (uint64_t e = (uint64_t)b; e; e >>= 1) {
    if (e & 1) r *= base;
    base *= base;
  }
  return (int64_t)r;
}

/* Integer arithmetic in uint64 (no signed overflow); false on division or
 * remainder by zero. */
static bool binary_i64(const lk_binary_params_t *p, int64_t a, int64_t b,
                       bool uns, int64_t *out) {
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  switch (p->op) {
  case LK_BINARY_ADD: *out = (int64_t)(ua + ub); return true;
  case LK_BINARY_SUB: *out = (int64_t)(ua - ub); return true;
  case LK_BINARY_MUL: *out = (int64_t)(ua * ub); return true;
  case LK_BINARY_DIV:
    if (b == 0) return false;
    if (uns) *out = (int64_t)(ua / ub);
    else *out = (a == INT64_MIN && b == -1) ? INT64_MIN : a / b;
    return true;
  case LK_BINARY_MOD: {
    if (b == 0) return false;
    if (uns) {
      *out = (int64_t)(ua % ub);
      return true;
    }
    int64_t r = b == -1 ? 0 : a % b;
    if (!p->fmod && r != 0 && (r < 0) != (b < 0)) r += b;
    *out = r;
    return true;
  }
  case LK_BINARY_POW: *out = ipow(a, b); return true;
  case LK_BINARY_PRELU:
    *out = !uns && a < 0 ? (int64_t)(ua * ub) : a;
    return true;
  case LK_BINARY_BIT_SHIFT:
    *out = ub >= 64 ? 0 : (int64_t)(p->shift_right ? ua >> ub : ua << ub);
    return true;
  case LK_NUM_BINARY_OPS: break;
  }
  *out = 0;
  return true;
}

lk_ref_status_t lk_ref_binary(const lk_binary_params_t *p,
                              const lk_tensor_t *a, const lk_tensor_t *b,
                              lk_tensor_t *y) {
  const lk_tensor_t *ins[2] = {a, b};
  lk_bcast_iter_t it;
  if (!lk_bcast_iter_init(&it, y->rank, y->dims, ins, 2))
    return LK_REF_BAD_SHAPE;
  int64_t n = lk_numel(y);
  const bool act = p->act != LK_ACT_NONE;
  if (a->dtype == LK_F32 && b->dtype == LK_F32 && y->dtype == LK_F32) {
    const float *pa = a->data, *pb = b->data;
    float *py = y->data;
    for (int64_t i = 0; i < n; i++, lk_bcast_iter_next(&it)) {
      double v = binary_f64(p, pa[it.off[0]], pb[it.off[1]]);
      py[i] = (float)(act ? lk_ref_activation(p->act, p->act_alpha,
                                              p->act_beta, v)
                          : v);
    }
    return LK_REF_OK;
  }
  /* Integer math only when both sides are integers (pow may mix). */
  if (lk_dtype_is_int(a->dtype) && lk_dtype_is_int(b->dtype)) {
    bool uns = !lk_dtype_is_signed(a->dtype);
    for (int64_t i = 0; i < n; i++, lk_bcast_iter_next(&it)) {
      int64_t v;
      if (!binary_i64(p, lk_load_i64(a, it.off[0]), lk_load_i64(b, it.off[1]),
                      uns, &v))
        return LK_REF_DIV_BY_ZERO;
      if (act)
        lk_store_f64(y, i,
                     lk_ref_activation(p->act, p->act_alpha, p->act_beta,
                                       uns ? (double)(uint64_t)v : (double)v));
      else
        lk_store_i64(y, i, v);
    }
    return LK_REF_OK;
  }
  for (int64_t i = 0; i < n; i++, lk_bcast_iter_next(&it)) {
    double v =
        binary_f64(p, lk_load_f64(a, it.off[0]), lk_load_f64(b, it.off[1]));
    lk_store_f64(y, i,
                 act ? lk_ref_activation(p->act, p->act_alpha, p->act_beta, v)
                     : v);
  }
  return LK_REF_OK;
}

/* ---- comparisons --------------------------------------------------------- */

/* -1, 0, 1 as a < b, a == b, a > b; 2 when unordered (a NaN). */
static int order_f64(double a, double b) {
  return a < b ? -1 : a > b ? 1 : a == b ? 0 : 2;
}

static int order_i64(int64_t a, int64_t b, bool uns) {
  if (uns) return (uint64_t)a < (uint64_t)b ? -1 : (uint64_t)a > (uint64_t)b;
  return a < b ? -1 : a > b;
}

static bool compare_result(lk_compare_op_t op, int ord) {
  switch (op) {
  case LK_COMPARE_EQUAL: return ord == 0;
  case LK_COMPARE_GREATER: return ord == 1;
  case LK_COMPARE_GREATER_EQUAL: return ord == 1 || ord == 0;
  case LK_COMPARE_LESS: return ord == -1;
  case LK_COMPARE_LESS_EQUAL: return ord == -1 || ord == 0;
  default: return false;
  }
}

bool lk_ref_compare(lk_compare_op_t op, const lk_tensor_t *a,
                    const lk_tensor_t *b, lk_tensor_t *y) {
  const lk_tensor_t *ins[2] = {a, b};
  lk_bcast_iter_t it;
  if (!lk_bcast_iter_init(&it, y->rank, y->dims, ins, 2)) return false;
  int64_t n = lk_numel(y);
  bool is_int = lk_dtype_is_int(a->dtype), uns = !lk_dtype_is_signed(a->dtype);
  for (int64_t i = 0; i < n; i++, lk_bcast_iter_next(&it)) {
    bool r;
    if (op == LK_COMPARE_AND || op == LK_COMPARE_OR || op == LK_COMPARE_XOR) {
      bool x = lk_load_i64(a, it.off[0]) != 0;
      bool z = lk_load_i64(b, it.off[1]) != 0;
      r = op == LK_COMPARE_AND ? x && z : op == LK_COMPARE_OR ? x || z : x != z;
    } else if (is_int) {
      r = compare_result(op, order_i64(lk_load_i64(a, it.off[0]),
                                       lk_load_i64(b, it.off[1]), uns));
    } else {
      r = compare_result(op, order_f64(lk_load_f64(a, it.off[0]),
                                       lk_load_f64(b, it.off[1])));
    }
    lk_store_i64(y, i, r);
  }
  return true;
}

bool lk_ref_where(const lk_tensor_t *cond, const lk_tensor_t *x,
                  const lk_tensor_t *y, lk_tensor_t *out) {
  const lk_tensor_t *ins[3] = {cond, x, y};
  lk_bcast_iter_t it;
  if (!lk_bcast_iter_init(&it, out->rank, out->dims, ins, 3)) return false;
  int64_t n = lk_numel(out);
  for (int64_t i = 0; i < n; i++, lk_bcast_iter_next(&it)) {
    if (lk_load_i64(cond, it.off[0]))
      lk_copy_elem(out, i, x, it.off[1]);
    else
      lk_copy_elem(out, i, y, it.off[2]);
  }
  return true;
}

/* ---- variadic ------------------------------------------------------------ */

static double fold_f64(lk_variadic_op_t op, double acc, double v) {
  switch (op) {
  case LK_VARIADIC_SUM:
  case LK_VARIADIC_MEAN: return acc + v;
  case LK_VARIADIC_MAX:
    return acc != acc || v != v ? acc + v : acc > v ? acc : v;
  case LK_VARIADIC_MIN:
    return acc != acc || v != v ? acc + v : acc < v ? acc : v;
  case LK_NUM_VARIADIC_OPS: break;
  }
  return acc;
}

static int64_t fold_i64(lk_variadic_op_t op, int64_t acc, int64_t v,
                        bool uns) {
  switch (op) {
  case LK_VARIADIC_SUM:
  case LK_VARIADIC_MEAN: return (int64_t)((uint64_t)acc + (uint64_t)v);
  case LK_VARIADIC_MAX: return order_i64(acc, v, uns) >= 0 ? acc : v;
  case LK_VARIADIC_MIN: return order_i64(acc, v, uns) <= 0 ? acc : v;
  case LK_NUM_VARIADIC_OPS: break;
  }
  return acc;
}

bool lk_ref_variadic(lk_variadic_op_t op, const lk_tensor_t *in, int32_t n,
                     lk_tensor_t *y) {
  int64_t count = lk_numel(y);
  bool is_int = lk_dtype_is_int(y->dtype), uns = !lk_dtype_is_signed(y->dtype);
  for (int32_t k = 0; k < n; k++) {
    const lk_tensor_t *ins[1] = {&in[k]};
    lk_bcast_iter_t it;
    if (!lk_bcast_iter_init(&it, y->rank, y->dims, ins, 1)) return false;
    for (int64_t i = 0; i < count; i++, lk_bcast_iter_next(&it)) {
      if (k == 0)
        lk_copy_elem(y, i, &in[0], it.off[0]);
      else if (is_int)
        lk_store_i64(y, i, fold_i64(op, lk_load_i64(y, i),
                                    lk_load_i64(&in[k], it.off[0]), uns));
      else
        lk_store_f64(y, i, fold_f64(op, lk_load_f64(y, i),
                                    lk_load_f64(&in[k], it.off[0])));
    }
  }
  if (op == LK_VARIADIC_MEAN && n > 1) {
    for (int64_t i = 0; i < count; i++) {
      if (is_int)
        lk_store_i64(y, i, lk_load_i64(y, i) / n);
      else
        lk_store_f64(y, i, lk_load_f64(y, i) / n);
    }
  }
  return true;
}

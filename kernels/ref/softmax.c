/* softmax.c - softmax, log_softmax, hardmax and lp_normalization. */
#include "kernels/ref/softmax.h"

#include <math.h>

/* Outer/axis/inner extents of x around axis. */
static void around_axis(const lk_tensor_t *x, int32_t axis, int64_t *outer,
                        int64_t *len, int64_t *inner) {
  *outer = *inner = 1;
  for (int32_t d = 0; d < axis; d++) *outer *= x->dims[d];
  for (int32_t d = axis + 1; d < x->rank; d++) *inner *= x->dims[d];
  *len = x->dims[axis];
}

void lk_ref_softmax(const lk_softmax_params_t *p, const lk_tensor_t *x,
                    lk_tensor_t *y) {
  int64_t outer, len, inner;
  around_axis(x, p->axis, &outer, &len, &inner);
  for (int64_t o = 0; o < outer; o++)
    for (int64_t i = 0; i < inner; i++) {
      int64_t base = o * len * inner + i, arg = 0;
      double max = -INFINITY;
      for (int64_t k = 0; k < len; k++) {
        double v = lk_load_f64(x, base + k * inner);
        if (v > max || (k == 0 && v == max)) {
          max = v;
          arg = k;
        }
      }
      if (p->op == LK_HARDMAX) {
        for (int64_t k = 0; k < len; k++)
          lk_store_f64(y, base + k * inner, k == arg ? 1.0 : 0.0);
        continue;
      }
      double sum = 0;
      for (int64_t k = 0; k < len; k++)
        sum += exp(lk_load_f64(x, base + k * inner) - max);
      double log_sum = log(sum);
      for (int64_t k = 0; k < len; k++) {
        double d = lk_load_f64(x, base + k * inner) - max;
        lk_store_f64(y, base + k * inner,
                     p->op == LK_LOG_SOFTMAX ? d - log_sum : exp(d) / sum);
      }
    }
}

void lk_ref_lp_norm(const lk_lp_norm_params_t *p, const lk_tensor_t *x,
                    lk_tensor_t *y) {
  int64_t outer, len, inner;
  around_axis(x, p->axis, &outer, &len, &inner);
  for (int64_t o = 0; o < outer; o++)
    for (int64_t i = 0; i < inner; i++) {
      int64_t base = o * len * inner + i;
      double norm = 0;
      for (int64_t k = 0; k < len; k++) {
        double v = lk_load_f64(x, base + k * inner);
        norm += p->p == 1 ? fabs(v) : v * v;
      }
      if (p->p != 1) norm = sqrt(norm);
      for (int64_t k = 0; k < len; k++)
        lk_store_f64(y, base + k * inner,
                     lk_load_f64(x, base + k * inner) / norm);
    }
}

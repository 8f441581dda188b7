/* nn_util.c - whole-tensor conversions for the nn reference kernels. */
#include "kernels/ref/nn_util.h"

void lk_nn_load_f64(const lk_tensor_t *t, double *v) {
  int64_t n = lk_numel(t);
  if (t->dtype == LK_F32) {
    const float *f = t->data;
    for (int64_t i = 0; i < n; i++)
      v[i] = f[i];
  } else {
    for (int64_t i = 0; i < n; i++)
      v[i] = lk_load_f64(t, i);
  }
}

void lk_nn_load_i64(const lk_tensor_t *t, int64_t *v) {
  int64_t n = lk_numel(t);
  for (int64_t i = 0; i < n; i++)
    v[i] = lk_load_i64(t, i);
}

void lk_nn_store_f64(lk_tensor_t *t, const double *v) {
  int64_t n = lk_numel(t);
  if (t->dtype == LK_F32) {
    float *f = t->data;
    for (int64_t i = 0; i < n; i++)
      f[i] = (float)v[i];
  } else {
    for (int64_t i = 0; i < n; i++)
      lk_store_f64(t, i, v[i]);
  }
}

void lk_nn_store_i64(lk_tensor_t *t, const int64_t *v) {
  int64_t n = lk_numel(t);
  for (int64_t i = 0; i < n; i++)
    lk_store_i64(t, i, v[i]);
}

int64_t lk_nn_floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

int64_t lk_nn_ceil_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && a > 0) ? q + 1 : q;
}

/* nn_util.h - whole-tensor conversions shared by the conv, pool, gemm, norm,
 * attention and resize reference kernels. They compute in double
 * (float dtypes) or int64 (integer dtypes) on one converted buffer per
 * operand rather than switching on the dtype per element. */
#ifndef LITE_KERNELS_REF_NN_UTIL_H
#define LITE_KERNELS_REF_NN_UTIL_H

#include "kernels/tensor.h"

/* Copies t's elements into v[0..numel(t)) as double / int64 (v: a
 * workspace buffer, kernels/ref/workspace.h). */
void lk_nn_load_f64(const lk_tensor_t *t, double *v);
void lk_nn_load_i64(const lk_tensor_t *t, int64_t *v);
/* Stores v[0..numel(t)) into t with t's dtype. */
void lk_nn_store_f64(lk_tensor_t *t, const double *v);
void lk_nn_store_i64(lk_tensor_t *t, const int64_t *v);

/* Floor and ceiling of a / b for b > 0 and any sign of a. */
int64_t lk_nn_floor_div(int64_t a, int64_t b);
int64_t lk_nn_ceil_div(int64_t a, int64_t b);

#endif /* LITE_KERNELS_REF_NN_UTIL_H */

/* softmax.c - {x86,arm}_softmax__f32_nchw (softmax.h). */
#include "kernels/simd/softmax.h"

#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/parallel.h"
#include "kernels/ref/softmax.h"

static const lk_simd_softmax_row_fn k_row[LK_SIMD_NUM_ISAS] =
    LK_SIMD_BY_ISA(lk_f32_softmax_row);

typedef struct task {
  lk_simd_softmax_row_fn row;
  const float *x;
  float *y;
  int64_t n;
} task_t;

static void run_rows(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const task_t *t = ctx;
  for (size_t r = begin; r < end; r++) {
    const size_t off = r * (size_t)t->n;
    if (t->y != t->x) /* else in place */
      memcpy(t->y + off, t->x + off, (size_t)t->n * sizeof(float));
    t->row(t->y + off, t->n, 1.0f, NULL, 0);
  }
}

lt_status_t lk_simd_softmax__f32_nchw(const lk_call_t *call) {
  static const char kName[] = LK_SIMD_KERNEL("softmax__f32_nchw");
  lk_tensor_t in[1], out[1];
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kName, call, 1, 1, 1, 1,
                                         sizeof(lk_softmax_params_t), in, out));
  const lk_softmax_params_t *p = call->params;
  const lk_tensor_t *x = &in[0];
  const lk_simd_isa_t isa = lk_simd_call_isa(call);
  if (isa == LK_SIMD_ISA_NONE || p->op != LK_SOFTMAX || x->dtype != LK_F32 ||
      out[0].dtype != LK_F32 || x->rank < 1 || p->axis != x->rank - 1 ||
      lk_numel(&out[0]) != lk_numel(x))
    return lk_ref_softmax__f32_nchw(call);
  const int64_t n = x->dims[x->rank - 1];
  if (n == 0 || lk_numel(x) == 0) return LT_OK;
  task_t t = {k_row[isa], x->data, out[0].data, n};
  /* about 16K floats a range */
  size_t grain = n >= 16384 ? 1 : (size_t)(16384 / n);
  lk_parallel_for(lk_call_parallel(call), (size_t)(lk_numel(x) / n), grain,
                  run_rows, &t);
  return LT_OK;
}

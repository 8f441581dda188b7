/* layer_norm.c - {x86,arm}_layer_norm__f32_nchw (layer_norm.h). */
#include "kernels/simd/layer_norm.h"

#include "kernels/abi_ref.h"
#include "kernels/parallel.h"
#include "kernels/plan/norm.h"

typedef void (*row_fn)(const float *x, const float *scale, const float *bias,
                       float *y, int64_t n, float epsilon, float *mean,
                       float *inv_std);
static const row_fn k_row[LK_SIMD_NUM_ISAS] =
    LK_SIMD_BY_ISA(lk_f32_layer_norm_row);

typedef struct ln_task {
  row_fn row;
  const float *x, *scale, *bias;
  float *y, *mean, *inv_std;
  int64_t n;
  float epsilon;
} ln_task_t;

static void run_rows(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const ln_task_t *t = ctx;
  for (size_t r = begin; r < end; r++) {
    size_t off = r * (size_t)t->n;
    t->row(t->x + off, t->scale, t->bias, t->y + off, t->n, t->epsilon,
           t->mean ? t->mean + r : NULL, t->inv_std ? t->inv_std + r : NULL);
  }
}

/* t is an f32 tensor of exactly n elements. */
static bool per_element(const lk_tensor_t *t, int64_t n) {
  return t->dtype == LK_F32 && lk_numel(t) == n;
}

lt_status_t lk_simd_layer_norm__f32_nchw(const lk_call_t *call) {
  static const char kName[] = LK_SIMD_KERNEL("layer_norm__f32_nchw");
  lk_tensor_t in[3], out[3];
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kName, call, 2, 3, 1, 3,
                                         sizeof(lk_layer_norm_params_t), in,
                                         out));
  LT_RETURN_IF_ERROR(lk_ref_require_f32(kName, &in[0]));
  const lk_layer_norm_params_t *p = call->params;
  const lk_tensor_t *x = &in[0];
  lk_simd_isa_t isa = lk_simd_call_isa(call);
  int64_t rows = 1, n = 1;
  for (int32_t d = 0; d < x->rank; d++)
    *(d < p->axis ? &rows : &n) *= x->dims[d];
  bool bias = in[2].dtype != LK_DTYPE_NONE;
  bool fast = isa != LK_SIMD_ISA_NONE && p->axis >= 0 && p->axis < x->rank &&
              n > 0 && out[0].dtype == LK_F32 && per_element(&in[1], n) &&
              (!bias || per_element(&in[2], n));
  for (uint32_t i = 1; fast && i < call->num_outputs; i++)
    fast = per_element(&out[i], rows);
  if (!fast) return lk_ref_layer_norm__f32_nchw(call);
  ln_task_t t = {k_row[isa],
                 x->data,
                 in[1].data,
                 bias ? in[2].data : NULL,
                 out[0].data,
                 call->num_outputs > 1 ? out[1].data : NULL,
                 call->num_outputs > 2 ? out[2].data : NULL,
                 n,
                 (float)p->epsilon};
  /* about 16K floats a range: a short row alone is not worth a worker */
  size_t grain = n >= 16384 ? 1 : (size_t)(16384 / n);
  lk_parallel_for(lk_call_parallel(call), (size_t)rows, grain, run_rows, &t);
  return LT_OK;
}

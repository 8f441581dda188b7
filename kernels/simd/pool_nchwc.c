/* pool_nchwc.c - x86_pool2d__f32_nchw16c (pool_nchwc.h). */
#include "kernels/simd/pool_nchwc.h"

#include <string.h>

#include "kernels/parallel.h"
#include "kernels/ref/pool.h"

#define BLOCK 16

static const char kName[] = "x86_pool2d__f32_nchw16c";

typedef struct task {
  const lk_pool_params_t *p;
  int64_t h, w, oh, ow;
  const float *x;
  float *y;
  void (*row)(const lk_simd_pool_nchwc_row_t *r, int64_t dh);
} task_t;

/* Items: output rows of one image's block, (n cb + b) oh + oh. */
static void run_rows(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const task_t *t = ctx;
  const lk_pool_params_t *p = t->p;
  const int64_t k = p->kernel[0], dh = p->dilations[0];
  for (size_t item = begin; item < end; item++) {
    int64_t oh = (int64_t)item % t->oh, plane = (int64_t)item / t->oh;
    lk_simd_pool_nchwc_row_t r = {.x = t->x + plane * t->h * t->w * BLOCK,
                                 .y = t->y + (int64_t)item * t->ow * BLOCK,
                                 .h = t->h,
                                 .w = t->w,
                                 .ow = t->ow,
                                 .ih0 = oh * p->strides[0] - p->pads_begin[0],
                                 .kh0 = 0,
                                 .kh1 = k,
                                 .kw = p->kernel[1],
                                 .sw = p->strides[1],
                                 .dw = p->dilations[1],
                                 .pw = p->pads_begin[1],
                                 .pw_end = p->pads_end[1],
                                 .max = p->type == LK_POOL_MAX,
                                 .include_pad = p->count_include_pad};
    while (r.kh0 < k && r.ih0 + r.kh0 * dh < 0)
      r.kh0++;
    while (r.kh1 > r.kh0 && r.ih0 + (r.kh1 - 1) * dh >= t->h)
      r.kh1--;
    r.rows_counted = r.kh1 - r.kh0;
    if (r.include_pad) { /* the padded input's rows */
      int64_t a = 0, b = k;
      while (a < b && r.ih0 + a * dh < -p->pads_begin[0])
        a++;
      while (b > a && r.ih0 + (b - 1) * dh >= t->h + p->pads_end[0])
        b--;
      r.rows_counted = b - a;
    }
    t->row(&r, dh);
  }
}

lt_status_t lk_simd_pool2d__f32_nchw16c(const lk_call_t *call) {
  const lk_pool_params_t *p = call->params;
  if (call->num_inputs != 1 || call->num_outputs != 1 ||
      call->params_size != sizeof *p || p->spatial != 2 ||
      (p->type != LK_POOL_MAX && p->type != LK_POOL_AVG) ||
      !lk_simd_view_nchw16c(&call->inputs[0]) || !lk_simd_view_nchw16c(&call->outputs[0]) ||
      call->inputs[0].dims[0] != call->outputs[0].dims[0] ||
      call->inputs[0].dims[1] != call->outputs[0].dims[1])
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: takes max or avg pooling over two spatial "
                          "dims, x and y f32 nchw16c of rank 4",
                          kName);
  for (int i = 0; i < 2; i++)
    if (p->strides[i] < 1 || p->dilations[i] < 1 || p->kernel[i] < 1)
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "%s: kernel, strides and dilations must be 1 or "
                            "more",
                            kName);
  lk_simd_isa_t isa;
  LT_RETURN_IF_ERROR(lk_simd_blocked_isa(kName, call, &isa));
  const lk_view_t *x = &call->inputs[0], *y = &call->outputs[0];
  task_t t = {.p = p,
              .h = x->dims[2],
              .w = x->dims[3],
              .oh = y->dims[2],
              .ow = y->dims[3],
              .x = x->data,
              .y = y->data,
              .row = isa == LK_SIMD_ISA_AVX512 ? lk_f32_pool_nchwc_row__avx512f
                                              : lk_f32_pool_nchwc_row__avx2};
  size_t rows =
      (size_t)(x->dims[0] * ((x->dims[1] + BLOCK - 1) / BLOCK) * t.oh);
  /* a few thousand vectors are not worth waking the pool */
  size_t work = rows * (size_t)(t.ow * p->kernel[0] * p->kernel[1]);
  lk_parallel_for(work < 16384 ? NULL : lk_call_parallel(call), rows, 1,
                  run_rows, &t);
  return LT_OK;
}

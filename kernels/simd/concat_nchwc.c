/* concat_nchwc.c - x86_concat__f32_nchw16c (concat_nchwc.h). */
#include "kernels/simd/concat_nchwc.h"

#include <string.h>

#include "kernels/parallel.h"
#include "kernels/plan/data.h"

#define BLOCK 16

static const char kName[] = "x86_concat__f32_nchw16c";

typedef struct task {
  const lk_call_t *call;
  int32_t axis;
  const int64_t *od; /* the output's dims */
} task_t;

static int64_t blocks(int64_t c) { return (c + BLOCK - 1) / BLOCK; }

/* Along C: item = image * inputs + input. */
static void run_channels(void *ctx, size_t begin, size_t end, uint32_t w) {
  (void)w;
  const task_t *t = ctx;
  const lk_call_t *call = t->call;
  const int64_t hw = t->od[2] * t->od[3], plane = hw * BLOCK;
  float *y = call->outputs[0].data;
  for (size_t item = begin; item < end; item++) {
    int64_t n = (int64_t)item / call->num_inputs;
    uint32_t i = (uint32_t)(item % call->num_inputs);
    int64_t c0 = 0;
    for (uint32_t j = 0; j < i; j++)
      c0 += call->inputs[j].dims[1];
    const lk_view_t *v = &call->inputs[i];
    const int64_t c = v->dims[1];
    const float *x = (const float *)v->data + n * blocks(c) * plane;
    float *yn = y + n * blocks(t->od[1]) * plane;
    int64_t whole = c0 % BLOCK == 0 ? c / BLOCK : 0;
    if (whole)
      memcpy(yn + c0 / BLOCK * plane, x,
             (size_t)(whole * plane) * sizeof(float));
    for (int64_t ch = whole * BLOCK; ch < c; ch++) {
      const float *s = x + ch / BLOCK * plane + ch % BLOCK;
      float *d = yn + (c0 + ch) / BLOCK * plane + (c0 + ch) % BLOCK;
      for (int64_t p = 0; p < hw; p++)
        d[p * BLOCK] = s[p * BLOCK];
    }
  }
}

/* Along N, H or W: item = an output (image, block) plane. */
static void run_planes(void *ctx, size_t begin, size_t end, uint32_t w) {
  (void)w;
  const task_t *t = ctx;
  const lk_call_t *call = t->call;
  const int64_t cb = blocks(t->od[1]);
  const int64_t oplane = t->od[2] * t->od[3] * BLOCK;
  float *y = call->outputs[0].data;
  for (size_t item = begin; item < end; item++) {
    int64_t n = (int64_t)item / cb, b = (int64_t)item % cb;
    float *yp = y + (n * cb + b) * oplane;
    int64_t at = 0; /* along the axis, in the output */
    for (uint32_t i = 0; i < call->num_inputs; i++) {
      const lk_view_t *v = &call->inputs[i];
      const int64_t *d = v->dims;
      const int64_t iplane = d[2] * d[3] * BLOCK;
      if (t->axis == 0) { /* image n of the output lies in one input */
        if (n >= at && n < at + d[0])
          memcpy(yp, (const float *)v->data + ((n - at) * cb + b) * iplane,
                 (size_t)iplane * sizeof(float));
      } else {
        const float *xp = (const float *)v->data + (n * cb + b) * iplane;
        if (t->axis == 2)
          memcpy(yp + at * t->od[3] * BLOCK, xp,
                 (size_t)iplane * sizeof(float));
        else
          for (int64_t r = 0; r < d[2]; r++)
            memcpy(yp + (r * t->od[3] + at) * BLOCK, xp + r * d[3] * BLOCK,
                   (size_t)(d[3] * BLOCK) * sizeof(float));
      }
      at += d[t->axis];
    }
  }
}

lt_status_t lk_simd_concat__f32_nchw16c(const lk_call_t *call) {
  const lk_concat_params_t *p = call->params;
  bool ok = call->num_inputs >= 1 && call->num_outputs == 1 &&
            call->params_size == sizeof *p && p->axis >= 0 && p->axis < 4 &&
            lk_simd_view_nchw16c(&call->outputs[0]);
  const int64_t *od = call->outputs[0].dims;
  int64_t along = 0;
  for (uint32_t i = 0; i < call->num_inputs && ok; i++) {
    const lk_view_t *v = &call->inputs[i];
    ok = lk_simd_view_nchw16c(v);
    for (int k = 0; k < 4 && ok; k++)
      ok = k == p->axis || v->dims[k] == od[k];
    if (ok) along += v->dims[p->axis];
  }
  if (!ok || along != od[p->axis])
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: takes f32 nchw16c tensors of rank 4 that "
                          "differ only along the axis, and their join",
                          kName);
  task_t t = {call, p->axis, od};
  size_t bytes = (size_t)call->outputs[0].nbytes;
  const lk_parallel_t *par = bytes < (1u << 18) ? NULL : lk_call_parallel(call);
  if (p->axis == 1)
    lk_parallel_for(par, (size_t)od[0] * call->num_inputs, 1, run_channels, &t);
  else
    lk_parallel_for(par, (size_t)(od[0] * blocks(od[1])), 1, run_planes, &t);
  return LT_OK;
}

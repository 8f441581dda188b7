/* dense.c - {x86,arm}_fc__f32_nchw and {x86,arm}_gemm__f32_nchw (dense.h). */
#include "kernels/simd/dense.h"

#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/cpu.h"
#include "kernels/parallel.h"
#include "kernels/ref/gemm.h"
#include "kernels/simd/epilogue.h"
#include "kernels/simd/gemm.h"

#define PACK_MAGIC 0x4e44584cu /* "LXDN" */
typedef struct packed_head {
  uint32_t magic;
  int32_t isa;
  int64_t k, n;
  int32_t trans, pad0;
  unsigned char pad[32]; /* the floats start 64-aligned */
} packed_head_t;

/* One product as the fast path takes it. */
typedef struct dense {
  int64_t m, n, k;
  const float *a, *b, *bias; /* b: the weights as stored */
  bool trans;                /* b is [N, K] */
  float *y;
  lk_simd_epilogue_t e;
} dense_t;

static int64_t prod(const int64_t *d, int32_t from, int32_t to) {
  int64_t p = 1;
  for (int32_t i = from; i < to; i++) p *= d[i];
  return p;
}

static bool f32_view(const lk_view_t *v) {
  return v->dtype == LK_F32 && v->rank >= 0;
}

/* The weights' shape for the packing: k x n from the weight view. */
static bool weight_dims(const lk_view_t *w, bool trans, int64_t *k,
                        int64_t *n) {
  if (!f32_view(w) || w->rank != 2 || w->dims[0] < 0 || w->dims[1] < 0)
    return false;
  *k = trans ? w->dims[1] : w->dims[0];
  *n = trans ? w->dims[0] : w->dims[1];
  return true;
}

/* fc's operands; false for what the fast path leaves to the reference. */
static bool fc_of(const lk_call_t *call, dense_t *d) {
  if (call->num_inputs < 2 || call->num_inputs > 3 || call->num_outputs != 1 ||
      call->params_size != sizeof(lk_fc_params_t))
    return false;
  const lk_fc_params_t *p = call->params;
  const lk_view_t *x = &call->inputs[0], *w = &call->inputs[1],
                  *y = &call->outputs[0];
  if (!f32_view(x) || !f32_view(y) || p->in_num_col_dims < 1 ||
      p->in_num_col_dims > x->rank || !weight_dims(w, false, &d->k, &d->n))
    return false;
  for (int32_t i = 0; i < x->rank; i++)
    if (x->dims[i] < 0) return false;
  d->m = prod(x->dims, 0, p->in_num_col_dims);
  if (prod(x->dims, p->in_num_col_dims, x->rank) != d->k) return false;
  d->trans = false;
  d->bias = NULL;
  if (call->num_inputs > 2 && call->inputs[2].dtype != LK_DTYPE_NONE) {
    const lk_view_t *b = &call->inputs[2];
    if (!f32_view(b) || b->rank != 1 || b->dims[0] != d->n) return false;
    d->bias = b->data;
  }
  d->e = (lk_simd_epilogue_t){p->act, (float)p->act_alpha, (float)p->act_beta};
  d->a = x->data;
  d->b = w->data;
  d->y = y->data;
  return true;
}

/* gemm's operands, likewise. */
static bool gemm_of(const lk_call_t *call, dense_t *d) {
  if (call->num_inputs < 2 || call->num_inputs > 3 || call->num_outputs != 1 ||
      call->params_size != sizeof(lk_gemm_params_t))
    return false;
  const lk_gemm_params_t *p = call->params;
  const lk_view_t *a = &call->inputs[0], *w = &call->inputs[1],
                  *y = &call->outputs[0];
  if (p->trans_a || p->alpha != 1.0 || !f32_view(a) || !f32_view(y) ||
      a->rank != 2 || a->dims[0] < 0 || a->dims[1] < 0 ||
      !weight_dims(w, p->trans_b, &d->k, &d->n) || a->dims[1] != d->k)
    return false;
  d->m = a->dims[0];
  d->trans = p->trans_b;
  d->bias = NULL;
  if (call->num_inputs > 2 && call->inputs[2].dtype != LK_DTYPE_NONE) {
    const lk_view_t *c = &call->inputs[2];
    bool row = (c->rank == 1 && c->dims[0] == d->n) ||
               (c->rank == 2 && c->dims[0] == 1 && c->dims[1] == d->n);
    if (!f32_view(c) || !row || p->beta != 1.0) return false;
    d->bias = c->data;
  }
  d->e = (lk_simd_epilogue_t){p->act, (float)p->act_alpha, (float)p->act_beta};
  d->a = a->data;
  d->b = w->data;
  d->y = y->data;
  return true;
}

static void pack(lk_simd_isa_t isa, const dense_t *d, float *out) {
  if (d->trans) /* B(k, n) = W[n, k] */
    lk_simd_gemm_pack_b(isa, d->k, d->n, d->b, 1, d->k, out);
  else
    lk_simd_gemm_pack_b(isa, d->k, d->n, d->b, d->n, 1, out);
}

/* The pack function of both rows: the weights, operand 1, when constant;
 * trans says how they are stored. */
static lt_status_t pack_weights(const lk_view_t *consts, uint32_t num_consts,
                                bool trans, void *out, size_t *out_size) {
  *out_size = 0;
  dense_t d = {0};
  if (num_consts < 2 || !consts[1].data ||
      !weight_dims(&consts[1], trans, &d.k, &d.n))
    return LT_OK;
  lk_cpu_info_t cpu;
  lk_cpu_detect(&cpu);
  lk_simd_isa_t isa = lk_simd_isa_of(&cpu);
  if (isa == LK_SIMD_ISA_NONE) return LT_OK;
  *out_size = sizeof(packed_head_t) +
              lk_simd_gemm_packed_floats(isa, d.k, d.n) * sizeof(float);
  if (!out) return LT_OK;
  packed_head_t *h = out;
  memset(h, 0, sizeof *h);
  h->magic = PACK_MAGIC;
  h->isa = isa;
  h->k = d.k;
  h->n = d.n;
  h->trans = trans;
  d.b = consts[1].data;
  d.trans = trans;
  pack(isa, &d, (float *)(h + 1));
  return LT_OK;
}

lt_status_t lk_simd_fc_pack__f32_nchw(const void *params,
                                     const lk_view_t *consts,
                                     uint32_t num_consts, void *out,
                                     size_t *out_size) {
  (void)params;
  return pack_weights(consts, num_consts, false, out, out_size);
}

lt_status_t lk_simd_gemm_pack__f32_nchw(const void *params,
                                       const lk_view_t *consts,
                                       uint32_t num_consts, void *out,
                                       size_t *out_size) {
  const lk_gemm_params_t *p = params;
  return pack_weights(consts, num_consts, p->trans_b, out, out_size);
}

/* B packed per call (AVX-512's panels, the wider). */
static size_t ws_floats(const dense_t *d) {
  return lk_simd_gemm_packed_floats(LK_SIMD_ISA_WIDEST, d->k, d->n);
}

size_t lk_simd_fc_workspace__f32_nchw(const lk_call_t *call) {
  dense_t d;
  return fc_of(call, &d) ? lk_simd_workspace_bytes(ws_floats(&d)) : 0;
}

size_t lk_simd_gemm_workspace__f32_nchw(const lk_call_t *call) {
  dense_t d;
  return gemm_of(call, &d) ? lk_simd_workspace_bytes(ws_floats(&d)) : 0;
}

typedef struct act_task {
  const dense_t *d;
  void (*epilogue)(const lk_simd_epilogue_t *e, float *y, int64_t n,
                   float bias, const float *residual);
} act_task_t;

/* An activation the store does not apply, over each panel of results as
 * the product finishes it. */
static void act_block(void *ctx, int64_t m0, int64_t m1, int64_t j0,
                      int64_t w) {
  const act_task_t *t = ctx;
  for (int64_t r = m0; r < m1; r++)
    t->epilogue(&t->d->e, t->d->y + r * t->d->n + j0, w, 0.0f, NULL);
}

static lt_status_t run(const char *name, const lk_call_t *call,
                       const dense_t *d, lk_simd_isa_t isa) {
  const packed_head_t *ph = call->packed;
  const float *bp;
  if (ph && call->packed_size >= sizeof *ph && ph->magic == PACK_MAGIC &&
      ph->isa == isa && ph->k == d->k && ph->n == d->n &&
      ph->trans == d->trans) {
    bp = (const float *)(ph + 1);
  } else {
    float *ws;
    LT_RETURN_IF_ERROR(lk_simd_workspace(name, call, ws_floats(d), &ws));
    pack(isa, d, ws);
    bp = ws;
  }
  const lk_parallel_t *par = lk_call_parallel(call);
  act_task_t t = {d, lk_simd_epilogue_rows[isa]};
  lk_simd_gemm_args_t g = {.m = d->m, .n = d->n, .k = d->k, .a = d->a,
                          .lda = d->k, .bp = bp, .c = d->y, .ldc = d->n,
                          .bias_n = d->bias};
  if (!lk_simd_gemm_store_act(&g, d->e.act, d->e.alpha)) {
    g.done = act_block;
    g.done_ctx = &t;
  }
  lk_simd_gemm(isa, &g, par);
  return LT_OK;
}

lt_status_t lk_simd_fc__f32_nchw(const lk_call_t *call) {
  lk_simd_isa_t isa = lk_simd_call_isa(call);
  dense_t d;
  if (isa == LK_SIMD_ISA_NONE || !fc_of(call, &d) || !lk_simd_views_dense(call))
    return lk_ref_fc__f32_nchw(call);
  return run(LK_SIMD_KERNEL("fc__f32_nchw"), call, &d, isa);
}

lt_status_t lk_simd_gemm__f32_nchw(const lk_call_t *call) {
  lk_simd_isa_t isa = lk_simd_call_isa(call);
  dense_t d;
  if (isa == LK_SIMD_ISA_NONE || !gemm_of(call, &d) || !lk_simd_views_dense(call))
    return lk_ref_gemm__f32_nchw(call);
  return run(LK_SIMD_KERNEL("gemm__f32_nchw"), call, &d, isa);
}

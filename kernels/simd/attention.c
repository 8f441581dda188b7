/* attention.c - {x86,arm}_attention__f32_nchw's entry point, pack and workspace
 * functions (attention.h). */
#include "kernels/simd/attention.h"

#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/cpu.h"
#include "kernels/parallel.h"
#include "kernels/ref/attention.h"
#include "kernels/simd/gemm.h"

/* The packed weights: this header, the three biases side by side (3 D
 * floats), then [Wq | Wk | Wv] as one packed Din x 3D B for `isa`. */
#define PACK_MAGIC 0x5441584cu /* "LXAT" */
static const lk_simd_softmax_row_fn k_softmax_row[LK_SIMD_NUM_ISAS] =
    LK_SIMD_BY_ISA(lk_f32_softmax_row);

typedef struct packed_head {
  uint32_t magic;
  int32_t isa;
  int64_t din, d;
  unsigned char pad[40]; /* the floats start 64-aligned */
} packed_head_t;

/* Floats of the biases and packed B. */
static size_t packed_floats(lk_simd_isa_t isa, int64_t din, int64_t d) {
  return (size_t)(3 * d + 15) / 16 * 16 + lk_simd_gemm_packed_floats(isa, din, 3 * d);
}

/* Fills bias and the packed B from the operands' weights. */
static void pack_weights(lk_simd_isa_t isa, int64_t din, int64_t d,
                         const lk_view_t *ops, float *out) {
  size_t nb = (size_t)(3 * d + 15) / 16 * 16;
  memset(out, 0, nb * sizeof(float));
  for (int i = 0; i < 3; i++)
    memcpy(out + i * d, ops[2 + 2 * i].data, (size_t)d * sizeof(float));
  /* the three W side by side, packed as one B of 3D columns: column j is
   * column j % D of W[j / D] */
  float *bp = out + nb;
  int64_t nr = lk_simd_gemm_nr(isa), n = 3 * d;
  for (int64_t j0 = 0; j0 < n; j0 += nr)
    for (int64_t r = 0; r < din; r++) {
      float *o = bp + j0 * din + r * nr;
      for (int64_t c = 0; c < nr; c++) {
        int64_t j = j0 + c;
        o[c] = j < n ? ((const float *)ops[1 + 2 * (j / d)].data)[r * d + j % d]
                     : 0.0f;
      }
    }
}

/* Whether the attention's operands are what the fast path takes: every
 * one f32, X [B, S, Din], the weights [Din, D], the biases [D]. */
static bool fast_shapes(const lk_view_t *in, uint32_t n, const lk_view_t *y) {
  if (n < 7 || in[0].rank != 3 || in[0].dtype != LK_F32 || y->rank != 3 ||
      y->dtype != LK_F32)
    return false;
  int64_t din = in[0].dims[2], d = in[1].dims[1];
  for (int i = 0; i < 3; i++) /* unknown until planned: no workspace yet */
    if (in[0].dims[i] < 0 || y->dims[i] < 0) return false;
  for (int i = 0; i < 3; i++) {
    const lk_view_t *w = &in[1 + 2 * i], *b = &in[2 + 2 * i];
    if (w->dtype != LK_F32 || w->rank != 2 || w->dims[0] != din ||
        w->dims[1] != d || b->dtype != LK_F32 || b->rank != 1 ||
        b->dims[0] != d)
      return false;
  }
  if (n > 7 && in[7].dtype != LK_DTYPE_NONE &&
      (in[7].dtype != LK_F32 || in[7].rank > 4))
    return false;
  return y->dims[0] == in[0].dims[0] && y->dims[1] == in[0].dims[1] &&
         y->dims[2] == d;
}

lt_status_t lk_simd_attention_pack__f32_nchw(const void *params,
                                            const lk_view_t *consts,
                                            uint32_t num_consts, void *out,
                                            size_t *out_size) {
  (void)params;
  *out_size = 0;
  if (num_consts < 7) return LT_OK;
  for (int i = 1; i < 7; i++)
    if (!consts[i].data || consts[i].dtype != LK_F32) return LT_OK; /* not constants */
  int64_t din = consts[1].dims[0], d = consts[1].dims[1];
  if (consts[1].rank != 2 || d <= 0 || din <= 0) return LT_OK;
  lk_cpu_info_t cpu;
  lk_cpu_detect(&cpu);
  lk_simd_isa_t isa = lk_simd_isa_of(&cpu);
  if (isa == LK_SIMD_ISA_NONE) return LT_OK;
  for (int i = 0; i < 3; i++)
    if (consts[1 + 2 * i].rank != 2 || consts[1 + 2 * i].dims[0] != din ||
        consts[1 + 2 * i].dims[1] != d || consts[2 + 2 * i].rank != 1 ||
        consts[2 + 2 * i].dims[0] != d)
      return LT_OK;
  *out_size = sizeof(packed_head_t) + packed_floats(isa, din, d) * sizeof(float);
  if (!out) return LT_OK;
  packed_head_t *h = out;
  memset(h, 0, sizeof *h);
  h->magic = PACK_MAGIC;
  h->isa = isa;
  h->din = din;
  h->d = d;
  pack_weights(isa, din, d, consts, (float *)(h + 1));
  return LT_OK;
}

/* The workspace, in floats: the weights packed per call, Q K V of a batch
 * (S x 3D), and per worker a head's K^T and V packed and its scores. */
typedef struct ws_layout {
  size_t weights, qkv, kt, vh, scores, per_worker, total;
} ws_layout_t;

static size_t round16(size_t n) { return (n + 15) / 16 * 16; }

static ws_layout_t layout(lk_simd_isa_t isa, int64_t s, int64_t din, int64_t d,
                          int64_t dh, uint32_t workers) {
  ws_layout_t l;
  l.weights = round16(packed_floats(isa, din, d));
  l.qkv = round16((size_t)(s * 3 * d));
  l.kt = round16(lk_simd_gemm_packed_floats(isa, dh, s));
  l.vh = round16(lk_simd_gemm_packed_floats(isa, s, dh));
  l.scores = round16((size_t)(s * s));
  l.per_worker = l.kt + l.vh + l.scores;
  l.total = l.weights + l.qkv + (size_t)workers * l.per_worker;
  return l;
}

size_t lk_simd_attention_workspace__f32_nchw(const lk_call_t *call) {
  if (!fast_shapes(call->inputs, call->num_inputs, call->outputs) ||
      call->params_size != sizeof(lk_attention_params_t))
    return 0;
  const lk_attention_params_t *p = call->params;
  if (p->num_heads < 1 || call->inputs[1].dims[1] % p->num_heads) return 0;
  /* sized for AVX-512's panels, the wider */
  ws_layout_t l = layout(LK_SIMD_ISA_WIDEST, call->inputs[0].dims[1],
                         call->inputs[0].dims[2], call->inputs[1].dims[1],
                         call->inputs[1].dims[1] / p->num_heads,
                         lk_parallel_workers(lk_call_parallel(call)));
  return lk_simd_workspace_bytes(l.total);
}

typedef struct head_task {
  lk_simd_isa_t isa;
  void (*softmax)(float *row, int64_t n, float scale, const float *mask,
                  int64_t mask_stride);
  const float *qkv;
  float *y;
  const float *mask;
  int64_t mask_dims[4]; /* broadcast to [B, H, S, S], 1 where it repeats */
  int64_t b, s, d, dh;
  float scale;
  float *scratch;
  size_t per_worker, kt, vh;
} head_task_t;

/* Offset of mask[b, h, r, 0] and the step along its last dim. */
static int64_t mask_row(const head_task_t *t, int64_t h, int64_t r,
                        int64_t *stride) {
  const int64_t *md = t->mask_dims;
  int64_t idx[3] = {t->b, h, r}, off = 0;
  for (int i = 0; i < 3; i++) off = off * md[i] + (md[i] == 1 ? 0 : idx[i]);
  *stride = md[3] == 1 ? 0 : 1;
  return off * md[3];
}

static void run_heads(void *ctx, size_t begin, size_t end, uint32_t worker) {
  const head_task_t *t = ctx;
  float *kt = t->scratch + (size_t)worker * t->per_worker;
  float *vh = kt + t->kt, *sc = vh + t->vh;
  const int64_t s = t->s, ld = 3 * t->d, dh = t->dh;
  for (size_t hh = begin; hh < end; hh++) {
    const int64_t h = (int64_t)hh;
    const float *q = t->qkv + h * dh, *k = q + t->d, *v = q + 2 * t->d;
    /* scores = Q_h K_h^T: B(e, u) = K[u, h dh + e] */
    lk_simd_gemm_pack_b(t->isa, dh, s, k, 1, ld, kt);
    lk_simd_gemm_args_t g1 = {.m = s, .n = s, .k = dh, .a = q, .lda = ld,
                             .bp = kt, .c = sc, .ldc = s};
    lk_simd_gemm(t->isa, &g1, NULL);
    for (int64_t r = 0; r < s; r++) {
      int64_t stride = 0;
      const float *m = t->mask ? t->mask + mask_row(t, h, r, &stride) : NULL;
      t->softmax(sc + r * s, s, t->scale, m, stride);
    }
    /* the head's columns of Y = scores V_h */
    lk_simd_gemm_pack_b(t->isa, s, dh, v, ld, 1, vh);
    lk_simd_gemm_args_t g2 = {.m = s, .n = dh, .k = s, .a = sc, .lda = s,
                             .bp = vh, .c = t->y + h * dh, .ldc = t->d};
    lk_simd_gemm(t->isa, &g2, NULL);
  }
}

lt_status_t lk_simd_attention__f32_nchw(const lk_call_t *call) {
  static const char kName[] = LK_SIMD_KERNEL("attention__f32_nchw");
  lk_simd_isa_t isa = lk_simd_call_isa(call);
  if (call->num_inputs < 7 || call->num_inputs > 8 || call->num_outputs != 1 ||
      call->params_size != sizeof(lk_attention_params_t) ||
      isa == LK_SIMD_ISA_NONE ||
      !fast_shapes(call->inputs, call->num_inputs, call->outputs))
    return lk_ref_attention__f32_nchw(call);
  const lk_attention_params_t *p = call->params;
  const lk_view_t *in = call->inputs;
  int64_t batch = in[0].dims[0], s = in[0].dims[1], din = in[0].dims[2];
  int64_t d = in[1].dims[1], heads = p->num_heads;
  if (heads < 1 || d % heads) return lk_ref_attention__f32_nchw(call);
  if (!lk_simd_views_dense(call)) return lk_ref_attention__f32_nchw(call);
  const lk_parallel_t *par = lk_call_parallel(call);
  uint32_t workers = lk_parallel_workers(par);
  ws_layout_t l = layout(isa, s, din, d, d / heads, workers);
  float *ws;
  LT_RETURN_IF_ERROR(lk_simd_workspace(kName, call, l.total, &ws));
  const packed_head_t *ph = call->packed;
  const float *wb;
  if (ph && call->packed_size >= sizeof *ph && ph->magic == PACK_MAGIC &&
      ph->isa == isa && ph->din == din && ph->d == d) {
    wb = (const float *)(ph + 1);
  } else {
    pack_weights(isa, din, d, in, ws);
    wb = ws;
  }
  const float *bias = wb, *bp = wb + round16((size_t)(3 * d));
  float *qkv = ws + l.weights;
  head_task_t t = {.isa = isa,
                   .softmax = k_softmax_row[isa],
                   .qkv = qkv,
                   .s = s,
                   .d = d,
                   .dh = d / heads,
                   .scale = (float)p->scale,
                   .scratch = qkv + l.qkv,
                   .per_worker = l.per_worker,
                   .kt = l.kt,
                   .vh = l.vh};
  if (call->num_inputs > 7 && in[7].dtype != LK_DTYPE_NONE) {
    t.mask = in[7].data;
    for (int i = 0; i < 4; i++) {
      int r = in[7].rank - 4 + i;
      t.mask_dims[i] = r >= 0 ? in[7].dims[r] : 1;
    }
  }
  for (int64_t b = 0; b < batch; b++) {
    lk_simd_gemm_args_t g = {.m = s, .n = 3 * d, .k = din,
                            .a = (const float *)in[0].data + b * s * din,
                            .lda = din, .bp = bp, .c = qkv, .ldc = 3 * d,
                            .bias_n = bias};
    lk_simd_gemm(isa, &g, par);
    t.b = b;
    t.y = (float *)call->outputs[0].data + b * s * d;
    lk_parallel_for(par, (size_t)heads, 1, run_heads, &t);
  }
  return LT_OK;
}

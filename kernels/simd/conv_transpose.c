/* conv_transpose.c - {x86,arm}_conv2d_transpose__f32_nchw (conv_transpose.h). */
#include "kernels/simd/conv_transpose.h"

#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/parallel.h"
#include "kernels/ref/conv.h"
#include "kernels/simd/epilogue.h"
#include "kernels/simd/gemm.h"

#define PACK_MAGIC 0x5443584cu /* "LXCT" */
typedef struct packed_head {
  uint32_t magic, pad0;
  int64_t c, mg, kh, kw, group;
  unsigned char pad[16]; /* the floats start 64-aligned */
} packed_head_t;

typedef struct geom {
  int64_t n, c, h, w, m, oh, ow, kh, kw, group, cg, mg, rows;
} geom_t;

/* The operands' shapes as the fast path takes them (lk_simd_conv2d_views),
 * w [C, M/group, KH, KW]. */
static bool geometry(const lk_call_t *call, geom_t *g) {
  if (!lk_simd_conv2d_views(call)) return false;
  const lk_conv_params_t *p = call->params;
  const lk_view_t *x = &call->inputs[0], *w = &call->inputs[1],
                  *y = &call->outputs[0];
  *g = (geom_t){x->dims[0], x->dims[1], x->dims[2], x->dims[3],
                y->dims[1], y->dims[2], y->dims[3], w->dims[2], w->dims[3],
                p->group, 0, 0, 0};
  if (g->c % g->group || g->m % g->group || w->dims[0] != g->c ||
      w->dims[1] * g->group != g->m || y->dims[0] != g->n)
    return false;
  g->cg = g->c / g->group;
  g->mg = g->m / g->group;
  g->rows = g->mg * g->kh * g->kw;
  return true;
}

/* out[grp][(m, kh, kw)][c] = w[grp cg + c, m, kh, kw]. */
static void transpose_weights(const geom_t *g, const float *w, float *out) {
  int64_t taps = g->kh * g->kw;
  for (int64_t grp = 0; grp < g->group; grp++)
    for (int64_t c = 0; c < g->cg; c++) {
      const float *src = w + (grp * g->cg + c) * g->mg * taps;
      float *dst = out + grp * g->rows * g->cg + c;
      for (int64_t r = 0; r < g->rows; r++) dst[r * g->cg] = src[r];
    }
}

lt_status_t lk_simd_conv2d_transpose_pack__f32_nchw(const void *params,
                                                   const lk_view_t *consts,
                                                   uint32_t num_consts,
                                                   void *out,
                                                   size_t *out_size) {
  *out_size = 0;
  const lk_conv_params_t *p = params;
  if (num_consts < 2 || !consts[1].data || consts[1].dtype != LK_F32 ||
      consts[1].rank != 4 || p->group < 1 || consts[1].dims[0] % p->group)
    return LT_OK;
  geom_t g = {0};
  g.c = consts[1].dims[0];
  g.mg = consts[1].dims[1];
  g.kh = consts[1].dims[2];
  g.kw = consts[1].dims[3];
  g.group = p->group;
  g.cg = g.c / g.group;
  g.rows = g.mg * g.kh * g.kw;
  *out_size = sizeof(packed_head_t) +
              (size_t)(g.group * g.rows * g.cg) * sizeof(float);
  if (!out) return LT_OK;
  packed_head_t *h = out;
  memset(h, 0, sizeof *h);
  *h = (packed_head_t){PACK_MAGIC, 0, g.c, g.mg, g.kh, g.kw, g.group, {0}};
  transpose_weights(&g, consts[1].data, (float *)(h + 1));
  return LT_OK;
}

/* The workspace, in floats: the transposed weights (unless packed), B
 * (AVX-512's panels, the wider), and the columns. */
static size_t ws_floats(const geom_t *g) {
  return (size_t)(g->group * g->rows * g->cg) + 16 +
         lk_simd_gemm_packed_floats(LK_SIMD_ISA_WIDEST, g->cg, g->h * g->w) + 16 +
         (size_t)(g->rows * g->h * g->w) + 16;
}

size_t lk_simd_conv2d_transpose_workspace__f32_nchw(const lk_call_t *call) {
  geom_t g;
  return geometry(call, &g) ? lk_simd_workspace_bytes(ws_floats(&g)) : 0;
}

typedef struct scatter_task {
  const geom_t *g;
  const lk_conv_params_t *p;
  const float *col;      /* this group's [rows x H W] */
  float *y;              /* this image's [M, OH, OW] */
  const float *bias, *residual;
  int64_t m0;            /* the group's first output channel */
  void (*epilogue)(const lk_simd_epilogue_t *e, float *y, int64_t n,
                   float bias, const float *residual);
  lk_simd_epilogue_t e;
} scatter_task_t;

static void run_channels(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const scatter_task_t *t = ctx;
  const geom_t *g = t->g;
  const lk_conv_params_t *p = t->p;
  const int64_t hw = g->h * g->w, plane = g->oh * g->ow;
  for (size_t mm = begin; mm < end; mm++) {
    int64_t m = (int64_t)mm, mo = t->m0 + m;
    float *yp = t->y + mo * plane;
    memset(yp, 0, (size_t)plane * sizeof(float));
    for (int64_t kh = 0; kh < g->kh; kh++)
      for (int64_t kw = 0; kw < g->kw; kw++) {
        const float *cr = t->col + ((m * g->kh + kh) * g->kw + kw) * hw;
        for (int64_t i = 0; i < g->h; i++) {
          int64_t oh = i * p->strides[0] - p->pads_begin[0] + kh * p->dilations[0];
          if (oh < 0 || oh >= g->oh) continue;
          float *yr = yp + oh * g->ow;
          const float *ci = cr + i * g->w;
          int64_t ow0 = -p->pads_begin[1] + kw * p->dilations[1], sw = p->strides[1];
          /* j with 0 <= j sw + ow0 < OW */
          int64_t j0 = ow0 >= 0 ? 0 : (-ow0 + sw - 1) / sw;
          int64_t j1 = g->ow - ow0 <= 0 ? 0 : (g->ow - ow0 + sw - 1) / sw;
          if (j1 > g->w) j1 = g->w;
          for (int64_t j = j0; j < j1; j++) yr[j * sw + ow0] += ci[j];
        }
      }
    const float *res = t->residual ? t->residual + mo * plane : NULL;
    t->epilogue(&t->e, yp, plane, t->bias ? t->bias[mo] : 0.0f, res);
  }
}

lt_status_t lk_simd_conv2d_transpose__f32_nchw(const lk_call_t *call) {
  static const char kName[] = LK_SIMD_KERNEL("conv2d_transpose__f32_nchw");
  lk_simd_isa_t isa = lk_simd_call_isa(call);
  geom_t g;
  if (isa == LK_SIMD_ISA_NONE || !geometry(call, &g) ||
      !lk_simd_views_dense(call))
    return lk_ref_conv2d_transpose__f32_nchw(call);
  const lk_conv_params_t *p = call->params;
  float *ws;
  LT_RETURN_IF_ERROR(lk_simd_workspace(kName, call, ws_floats(&g), &ws));
  const packed_head_t *ph = call->packed;
  const float *wt;
  if (ph && call->packed_size >= sizeof *ph && ph->magic == PACK_MAGIC &&
      ph->c == g.c && ph->mg == g.mg && ph->kh == g.kh && ph->kw == g.kw &&
      ph->group == g.group) {
    wt = (const float *)(ph + 1);
  } else {
    transpose_weights(&g, call->inputs[1].data, ws);
    wt = ws;
  }
  float *bp = ws + (size_t)(g.group * g.rows * g.cg) + 16;
  float *col = bp + lk_simd_gemm_packed_floats(LK_SIMD_ISA_WIDEST, g.cg,
                                              g.h * g.w) + 16;
  const lk_parallel_t *par = lk_call_parallel(call);
  const int64_t hw = g.h * g.w;
  scatter_task_t t = {
      .g = &g,
      .p = p,
      .col = col,
      .bias = call->num_inputs > 2 && call->inputs[2].dtype != LK_DTYPE_NONE
                  ? call->inputs[2].data : NULL,

      .epilogue = lk_simd_epilogue_rows[isa],
      .e = {p->act, (float)p->act_alpha, (float)p->act_beta}};
  const float *x = call->inputs[0].data;
  const float *residual =
      call->num_inputs > 3 && call->inputs[3].dtype != LK_DTYPE_NONE
          ? call->inputs[3].data
          : NULL;
  float *y = call->outputs[0].data;
  const int64_t image = g.m * g.oh * g.ow;
  for (int64_t n = 0; n < g.n; n++) {
    t.y = y + n * image;
    t.residual = residual ? residual + n * image : NULL;
    for (int64_t grp = 0; grp < g.group; grp++) {
      lk_simd_gemm_pack_b(isa, g.cg, hw, x + (n * g.c + grp * g.cg) * hw, hw, 1,
                         bp);
      lk_simd_gemm_args_t ga = {.m = g.rows, .n = hw, .k = g.cg,
                               .a = wt + grp * g.rows * g.cg, .lda = g.cg,
                               .bp = bp, .c = col, .ldc = hw};
      lk_simd_gemm(isa, &ga, par);
      t.m0 = grp * g.mg;
      lk_parallel_for(par, (size_t)g.mg, 1, run_channels, &t);
    }
  }
  return LT_OK;
}

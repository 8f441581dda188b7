/* conv_nchwc.c - x86_conv2d__f32_nchw16c (conv_nchwc.h). */
#include "kernels/simd/conv_nchwc.h"

#include <math.h>
#include <string.h>

#include "kernels/cpu.h"
#include "kernels/parallel.h"
#include "kernels/ref/activation.h"
#include "kernels/ref/conv.h"
#include "kernels/simd/conv.h"
#include "kernels/simd/conv_nchwc_wino.h"
#include "kernels/simd/epilogue.h"

#define BLOCK 16
/* A pointwise convolution's bands of pixels come in units of this many: a
 * whole number of tiles of 6, 8 or 12. */
#define FLAT_UNIT 24
#define PACK_MAGIC 0x4358434cu /* "LCXC" */

typedef struct packed_head {
  uint32_t magic;
  int32_t isa, gb; /* group_blocks */
  int64_t group, m, c, kh, kw;
  int32_t winograd;     /* the Winograd form's tile (0: the direct tiles') */
  unsigned char pad[4]; /* the floats start 64-aligned */
} packed_head_t;
_Static_assert(sizeof(packed_head_t) == 64, "the packed floats 64-aligned");

/* The shapes (x86_conv2d's, conv.h: s) and what the blocks add. */
typedef struct geom {
  lk_simd_conv_geom_t s;
  int64_t cb, mb;            /* input and output blocks */
  bool depthwise;            /* a group per channel, one output each */
  int64_t x_n, x_lane, x_px; /* input strides in floats: an image, a
                              * channel in a block, a pixel */
} geom_t;

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

static const char kName[] = "x86_conv2d__f32_nchw16c";

/* Output blocks a group of weights takes: 1 on AVX2; on AVX-512 4, or 2
 * for rows of up to 8 pixels (a 2 x 7 tile's weights serve a whole 7 x 7
 * row, where 4 blocks would leave tiles of 4 and 3 pixels, each weight
 * used by fewer pixels and the group's 36 KB a 3 x 3 input block crowding
 * L1: 1.8 against 3.0 ms for resnet's 512-channel 3 x 3 at 7 x 7). */
static int64_t group_blocks(lk_simd_isa_t isa, int64_t ow) {
  if (isa != LK_SIMD_ISA_AVX512) return 1;
  return ow <= 8 ? 2 : 4;
}

/* The output blocks as groups of at most gb, as even as they go (6 blocks
 * of 4: 3 + 3, not 4 + 2): group i's first block and count. */
static int64_t num_groups(int64_t gb, int64_t mb) { return ceil_div(mb, gb); }
static void group_span(int64_t gb, int64_t mb, int64_t i, int64_t *first,
                       int64_t *count) {
  int64_t n = num_groups(gb, mb), base = mb / n, extra = mb % n;
  *first = i * base + (i < extra ? i : extra);
  *count = base + (i < extra);
}

/* The widest tile of nv weight vectors (conv_nchwc_kernel.inc): the
 * accumulators fill the registers. */
static int64_t tile_pixels(lk_simd_isa_t isa, int64_t nv) {
  if (isa != LK_SIMD_ISA_AVX512) return 6;
  return nv <= 2 ? 12 : nv == 3 ? 8 : 6;
}

/* The floats of a group's packed weights (its blocks, every input block,
 * tap and lane). */
static size_t group_floats(const geom_t *g, int64_t blocks) {
  return (size_t)(blocks * BLOCK * g->cb * BLOCK * g->s.kh * g->s.kw);
}

static size_t packed_floats(lk_simd_isa_t isa, const geom_t *g) {
  if (g->depthwise) return (size_t)(g->mb * g->s.kh * g->s.kw * BLOCK);
  if (g->s.group > 1) return 0; /* read as stored */
  (void)isa; /* every partition of the blocks packs to the same size */
  return group_floats(g, g->mb);
}

/* Packs w [M, C, KH, KW] (dense) as conv_nchwc.h describes; depthwise,
 * w [C, 1, KH, KW] as [C / 16][KH][KW][16]. */
static void pack_weights(int64_t gb, const geom_t *g, const float *w,
                         float *out) {
  const int64_t taps = g->s.kh * g->s.kw;
  if (g->depthwise) {
    for (int64_t b = 0; b < g->mb; b++)
      for (int64_t t = 0; t < taps; t++)
        for (int64_t l = 0; l < BLOCK; l++) {
          int64_t m = b * BLOCK + l;
          *out++ = m < g->s.m ? w[m * taps + t] : 0.0f;
        }
    return;
  }
  for (int64_t grp = 0; grp < num_groups(gb, g->mb); grp++) {
    int64_t b0, nb;
    group_span(gb, g->mb, grp, &b0, &nb);
    const int64_t ocw = nb * BLOCK;
    for (int64_t cb = 0; cb < g->cb; cb++)
      for (int64_t t = 0; t < taps; t++)
        for (int64_t l = 0; l < BLOCK; l++, out += ocw) {
          int64_t c = cb * BLOCK + l;
          for (int64_t o = 0; o < ocw; o++) {
            int64_t m = b0 * BLOCK + o;
            out[o] = m < g->s.m && c < g->s.c ? w[(m * g->s.c + c) * taps + t] : 0.0f;
          }
        }
  }
}

/* The input's strides in floats from its view: nchw16c (a lane 1, a pixel
 * 16) or nchw (a lane a whole plane, a pixel 1); false for anything else. */
static bool input_strides(const lk_view_t *x, geom_t *g) {
  const int64_t f = (int64_t)sizeof(float);
  const int64_t plane = g->s.h * g->s.w;
  if (x->layout == LK_LAYOUT_NCHW16C) {
    g->x_n = g->cb * plane * BLOCK;
    g->x_lane = 1;
    g->x_px = BLOCK;
    return x->block_stride == f && x->strides[3] == BLOCK * f &&
           x->strides[2] == g->s.w * BLOCK * f &&
           x->strides[1] == plane * BLOCK * f &&
           x->strides[0] == g->cb * plane * BLOCK * f;
  }
  if (x->layout != LK_LAYOUT_NCHW) return false;
  g->x_n = g->s.c * plane;
  g->x_lane = plane;
  g->x_px = 1;
  return x->strides[3] == f && x->strides[2] == g->s.w * f &&
         x->strides[1] == plane * f && x->strides[0] == g->s.c * plane * f;
}

/* y (and a residual) dense nchw16c of y's dims. */
static bool output_view(const lk_view_t *y, const geom_t *g) {
  const int64_t f = (int64_t)sizeof(float);
  return y->layout == LK_LAYOUT_NCHW16C && y->block_stride == f &&
         y->strides[3] == BLOCK * f && y->strides[2] == g->s.ow * BLOCK * f &&
         y->strides[1] == g->s.oh * g->s.ow * BLOCK * f &&
         y->strides[0] == g->mb * g->s.oh * g->s.ow * BLOCK * f;
}

/* A group per channel, one output channel each. */
static bool is_depthwise(const lk_simd_conv_geom_t *s) {
  return s->group > 1 && s->cg == 1 && s->m == s->c;
}

static bool geometry(const lk_call_t *call, geom_t *g) {
  memset(g, 0, sizeof *g);
  if (!lk_simd_conv2d_geometry(call, &g->s)) return false;
  g->depthwise = is_depthwise(&g->s);
  g->cb = ceil_div(g->s.c, BLOCK);
  g->mb = ceil_div(g->s.m, BLOCK);
  return true;
}

static bool wino_applies(const geom_t *g) {
  return lk_simd_wino_applies(g->s.group, g->s.kh, g->s.kw, g->s.sh, g->s.sw,
                              g->s.dh, g->s.dw);
}

/* Whether the packed weights are this call's: the ISA's, w's dims, and the
 * direct form's groups or the Winograd form (*tile its tile, else 0). */
static const float *packed_of(const lk_call_t *call, lk_simd_isa_t isa,
                              const geom_t *g, int64_t *tile) {
  const packed_head_t *ph = call->packed;
  *tile = 0;
  if (!ph || call->packed_size < sizeof *ph || ph->magic != PACK_MAGIC ||
      ph->isa != (int32_t)isa || ph->group != g->s.group || ph->m != g->s.m ||
      ph->c != g->s.c || ph->kh != g->s.kh || ph->kw != g->s.kw)
    return NULL;
  if (ph->winograd) {
    if ((ph->winograd != 4 && ph->winograd != 2) || !wino_applies(g) ||
        call->packed_size <
            sizeof *ph + lk_simd_wino_packed_floats(isa, ph->winograd, g->s.c,
                                                    g->s.m) * 4)
      return NULL;
    *tile = ph->winograd;
  } else if (ph->gb != group_blocks(isa, g->s.ow) ||
             call->packed_size < sizeof *ph + packed_floats(isa, g) * 4) {
    return NULL;
  }
  return (const float *)(ph + 1);
}

/* The Winograd form's call (its x: x, nchw16c). */
static lk_simd_wino_conv_t wino_conv(const lk_call_t *call, lk_simd_isa_t isa,
                                     int64_t tile, const geom_t *g,
                                     const float *x, const float *u,
                                     const float *bias) {
  const lk_conv_params_t *p = call->params;
  lk_simd_wino_conv_t a = {
      .isa = isa, .out = tile, .n = g->s.n, .c = g->s.c, .h = g->s.h, .w = g->s.w,
      .m = g->s.m, .oh = g->s.oh, .ow = g->s.ow, .ph = g->s.ph, .pw = g->s.pw,
      .x = x, .u = u, .bias = bias, .y = call->outputs[0].data,
      .residual = call->num_inputs > 3 && call->inputs[3].dtype != LK_DTYPE_NONE
                      ? call->inputs[3].data
                      : NULL,
      .e = {p->act, (float)p->act_alpha, (float)p->act_beta}};
  if (p->act == LK_ACT_RELU || p->act == LK_ACT_RELU6) {
    a.clamp = true;
    a.hi = p->act == LK_ACT_RELU ? INFINITY : (float)p->act_alpha;
  } else {
    a.other_act = p->act != LK_ACT_NONE;
  }
  return a;
}

/* Dense convolutions whose output is at most SMALL_MAP pixels (resnet's
 * 7 x 7 stage) run as x86_conv2d__f32_nchw's pixels-as-rows GEMM, which
 * serves each weight to every pixel of a panel: x and a residual are
 * copied into nchw and the result back into nchw16c, a few hundred KB
 * against a layer whose weights are megabytes. The pack function packs
 * such a layer in that kernel's form. */
#define SMALL_MAP 64

static bool small_map(int64_t group, int64_t c, int64_t oh, int64_t ow) {
  return group == 1 && c >= BLOCK && oh * ow <= SMALL_MAP;
}

/* The views a call handed to the other layout's kernel runs on: y and a
 * residual as dense copies in `layout`, x too where copy_x (else as it
 * is), over buffers from ws (NULL to size them: the floats they take, the
 * return value), and its call record with the rest of the workspace. */
typedef struct delegated_call {
  lk_view_t in[4], out;
  lk_call_t call;
} delegated_call_t;

/* A dense copy's view at ws + at (nchw16c: C padded to the blocks); its
 * floats, rounded up to 16. */
static size_t copy_view(lk_view_t *v, const int64_t *dims, lk_layout_t layout,
                        float *ws, size_t at) {
  int64_t c = layout == LK_LAYOUT_NCHW16C ? ceil_div(dims[1], BLOCK) * BLOCK
                                          : dims[1];
  lk_view_dense(v, LK_F32, 4, dims, layout, ws ? ws + at : NULL);
  return ((size_t)(dims[0] * c * dims[2] * dims[3]) + 15) & ~(size_t)15;
}

static size_t delegate_setup(const lk_call_t *call, lk_layout_t layout,
                             bool copy_x, delegated_call_t *dc, float *ws) {
  bool res = call->num_inputs > 3 && call->inputs[3].dtype != LK_DTYPE_NONE;
  size_t used = 0;
  memcpy(dc->in, call->inputs, call->num_inputs * sizeof *dc->in);
  if (copy_x)
    used += copy_view(&dc->in[0], call->inputs[0].dims, layout, ws, used);
  used += copy_view(&dc->out, call->outputs[0].dims, layout, ws, used);
  if (res) used += copy_view(&dc->in[3], call->outputs[0].dims, layout, ws, used);
  dc->call = *call;
  dc->call.inputs = dc->in;
  dc->call.outputs = &dc->out;
  size_t mine = (used + 16) * sizeof(float); /* with the alignment's */
  dc->call.workspace = ws ? ws + used : NULL;
  dc->call.workspace_size =
      ws && call->workspace_size > mine ? call->workspace_size - mine : 0;
  return used;
}

/* A dense nchw16c view's data (v's dims) into nchw, and back: a block's
 * pixels in runs of PIXEL_RUN, so the run's 16 lanes (4 KB) stay in L1
 * while its 16 rows of nchw stream. */
#define PIXEL_RUN 64

static void unblock(const lk_view_t *v, const float *b, float *t) {
  int64_t c = v->dims[1], hw = v->dims[2] * v->dims[3], cb = ceil_div(c, BLOCK);
  for (int64_t n = 0; n < v->dims[0]; n++)
    for (int64_t k = 0; k < cb; k++) {
      const float *s = b + (n * cb + k) * hw * BLOCK;
      int64_t lanes = c - k * BLOCK < BLOCK ? c - k * BLOCK : BLOCK;
      for (int64_t p0 = 0; p0 < hw; p0 += PIXEL_RUN) {
        int64_t np = hw - p0 < PIXEL_RUN ? hw - p0 : PIXEL_RUN;
        for (int64_t l = 0; l < lanes; l++) {
          float *d = t + (n * c + k * BLOCK + l) * hw + p0;
          for (int64_t p = 0; p < np; p++) d[p] = s[(p0 + p) * BLOCK + l];
        }
      }
    }
}

static void block(const lk_view_t *v, const float *t, float *b) {
  int64_t c = v->dims[1], hw = v->dims[2] * v->dims[3], cb = ceil_div(c, BLOCK);
  for (int64_t n = 0; n < v->dims[0]; n++)
    for (int64_t k = 0; k < cb; k++) {
      float *d = b + (n * cb + k) * hw * BLOCK;
      int64_t lanes = c - k * BLOCK < BLOCK ? c - k * BLOCK : BLOCK;
      for (int64_t p0 = 0; p0 < hw; p0 += PIXEL_RUN) {
        int64_t np = hw - p0 < PIXEL_RUN ? hw - p0 : PIXEL_RUN;
        for (int64_t l = 0; l < lanes; l++) {
          const float *s = t + (n * c + k * BLOCK + l) * hw + p0;
          for (int64_t p = 0; p < np; p++) d[(p0 + p) * BLOCK + l] = s[p];
        }
        for (int64_t p = 0; lanes < BLOCK && p < np; p++)
          memset(d + (p0 + p) * BLOCK + lanes, 0,
                 (size_t)(BLOCK - lanes) * sizeof(float));
      }
    }
}

lt_status_t lk_simd_conv2d_pack__f32_nchw16c(const void *params,
                                            const lk_view_t *consts,
                                            uint32_t num_consts, void *out,
                                            size_t *out_size) {
  lk_cpu_info_t cpu;
  lk_cpu_detect(&cpu);
  return lk_simd_conv2d_pack_isa__f32_nchw16c(lk_simd_isa_of(&cpu), params,
                                             consts, num_consts, out, out_size);
}

lt_status_t lk_simd_conv2d_pack_isa__f32_nchw16c(lk_simd_isa_t isa,
                                                const void *params,
                                                const lk_view_t *consts,
                                                uint32_t num_consts, void *out,
                                                size_t *out_size) {
  return lk_simd_conv2d_pack_form__f32_nchw16c(
      isa, LK_SIMD_CONV_FORM_AUTO, params, consts, num_consts, out, out_size);
}

lt_status_t lk_simd_conv2d_pack_form__f32_nchw16c(
    lk_simd_isa_t isa, lk_simd_conv_form_t form, const void *params,
    const lk_view_t *consts, uint32_t num_consts, void *out, size_t *out_size) {
  *out_size = 0;
  const lk_conv_params_t *p = params;
  if (isa == LK_SIMD_ISA_NONE || num_consts < 2 || !consts[1].data ||
      consts[1].dtype != LK_F32 || consts[1].rank != 4 || p->spatial != 2 ||
      p->group < 1)
    return LT_OK;
  lk_tensor_t wt;
  if (!lk_view_to_tensor(&consts[1], &wt)) return LT_OK;
  const int64_t *d = consts[1].dims;
  for (int i = 0; i < 4; i++)
    if (d[i] <= 0) return LT_OK;
  geom_t g = {.s = {.m = d[0],
                    .c = d[1] * p->group,
                    .kh = d[2],
                    .kw = d[3],
                    .group = p->group,
                    .cg = d[1],
                    .sh = p->strides[0],
                    .sw = p->strides[1],
                    .dh = p->dilations[0],
                    .dw = p->dilations[1]},
              .cb = ceil_div(d[1] * p->group, BLOCK),
              .mb = ceil_div(d[0], BLOCK)};
  g.depthwise = is_depthwise(&g.s);
  if (g.s.group > 1 && !g.depthwise) return LT_OK; /* read as stored */
  /* the output's size, as the leading pads on both sides give it (the
   * groups and the form depend on it; a call whose size differs packs its
   * own) */
  g.s.oh = g.s.ow = INT32_MAX;
  const lk_view_t *x = &consts[0];
  if (x->rank == 4 && x->dims[2] > 0 && x->dims[3] > 0 &&
      p->strides[0] > 0 && p->strides[1] > 0) {
    int64_t span[2];
    for (int i = 0; i < 2; i++)
      span[i] = x->dims[2 + i] + 2 * p->pads_begin[i] -
                p->dilations[i] * (d[2 + i] - 1) - 1;
    if (span[0] >= 0 && span[1] >= 0) {
      g.s.oh = span[0] / p->strides[0] + 1;
      g.s.ow = span[1] / p->strides[1] + 1;
    }
  }
  int64_t tile = 0; /* the Winograd form's, if it takes it */
  if (wino_applies(&g))
    tile = form == LK_SIMD_CONV_FORM_WINOGRAD_4X4   ? 4
           : form == LK_SIMD_CONV_FORM_WINOGRAD_2X2 ? 2
           : form == LK_SIMD_CONV_FORM_AUTO
               ? lk_simd_wino_tile(g.s.c, g.s.m, g.s.oh, g.s.ow)
               : 0;
  if (!tile && small_map(g.s.group, g.s.c, g.s.oh, g.s.ow))
    return lk_simd_conv2d_pack_gemm(isa, params, consts, num_consts, out,
                                    out_size);
  *out_size = sizeof(packed_head_t) +
              (tile ? lk_simd_wino_packed_floats(isa, tile, g.s.c, g.s.m)
                    : packed_floats(isa, &g)) * sizeof(float);
  if (!out) return LT_OK;
  packed_head_t *h = out;
  memset(h, 0, sizeof *h);
  *h = (packed_head_t){.magic = PACK_MAGIC,
                       .isa = isa,
                       .gb = (int32_t)group_blocks(isa, g.s.ow),
                       .group = g.s.group,
                       .m = g.s.m,
                       .c = g.s.c,
                       .kh = g.s.kh,
                       .kw = g.s.kw,
                       .winograd = (int32_t)tile};
  if (tile)
    lk_simd_wino_pack(isa, tile, g.s.c, g.s.m, consts[1].data,
                      (float *)(h + 1));
  else
    pack_weights(h->gb, &g, consts[1].data, (float *)(h + 1));
  return LT_OK;
}

lt_status_t lk_simd_conv2d_winograd_pack_nchw(lk_simd_isa_t isa,
                                              const void *params,
                                              const lk_view_t *consts,
                                              uint32_t num_consts, void *out,
                                              size_t *out_size) {
  *out_size = 0;
  const lk_conv_params_t *p = params;
  if (num_consts < 2 || consts[1].rank != 4 || consts[0].rank != 4 ||
      p->spatial != 2 ||
      !lk_simd_wino_applies(p->group, consts[1].dims[2], consts[1].dims[3],
                            p->strides[0], p->strides[1], p->dilations[0],
                            p->dilations[1]))
    return LT_OK;
  /* the output's size as the leading pads on both sides give it */
  int64_t oh = consts[0].dims[2] + 2 * p->pads_begin[0] - 2,
          ow = consts[0].dims[3] + 2 * p->pads_begin[1] - 2;
  if (oh < 1 || ow < 1 ||
      !lk_simd_wino_tile(consts[1].dims[1], consts[1].dims[0], oh, ow))
    return LT_OK;
  return lk_simd_conv2d_pack_form__f32_nchw16c(isa, LK_SIMD_CONV_FORM_AUTO,
                                              params, consts, num_consts, out,
                                              out_size);
}

bool lk_simd_conv2d_winograd_packed(const lk_call_t *call) {
  const packed_head_t *ph = call->packed;
  return ph && call->packed_size >= sizeof *ph && ph->magic == PACK_MAGIC &&
         ph->winograd;
}

size_t lk_simd_conv2d_winograd_workspace_nchw(const lk_call_t *call) {
  delegated_call_t dc;
  size_t used = delegate_setup(call, LK_LAYOUT_NCHW16C, false, &dc, NULL);
  return lk_simd_workspace_bytes(used + 16) +
         lk_simd_conv2d_workspace__f32_nchw16c(&dc.call);
}

lt_status_t lk_simd_conv2d_winograd_nchw(const lk_call_t *call) {
  static const char kNchw[] = "x86_conv2d__f32_nchw";
  delegated_call_t dc;
  float *ws;
  size_t used = delegate_setup(call, LK_LAYOUT_NCHW16C, false, &dc, NULL);
  LT_RETURN_IF_ERROR(lk_simd_workspace(kNchw, call, used, &ws));
  delegate_setup(call, LK_LAYOUT_NCHW16C, false, &dc, ws);
  if (call->num_inputs > 3 && call->inputs[3].dtype != LK_DTYPE_NONE)
    block(&call->inputs[3], call->inputs[3].data, dc.in[3].data);
  LT_RETURN_IF_ERROR(lk_simd_conv2d__f32_nchw16c(&dc.call));
  unblock(&call->outputs[0], dc.out.data, call->outputs[0].data);
  return LT_OK;
}

/* A convolution this small (multiply-adds) runs on the calling thread: a
 * few microseconds of work, about what handing half of it to a worker
 * costs. Depthwise ones run at a third of the dense rate (a load per
 * multiply-add), so their bound is a quarter of it. */
#define SMALL_MACS (1 << 20)

static const lk_parallel_t *parallel_of(const geom_t *g,
                                        const lk_call_t *call) {
  int64_t macs = g->s.m * g->s.cg * g->s.kh * g->s.kw * g->s.oh * g->s.ow;
  return macs < (g->depthwise ? SMALL_MACS / 4 : SMALL_MACS)
             ? NULL
             : lk_call_parallel(call);
}

/* Workspace floats: the bias padded to the blocks, then the weights packed
 * for this call when the pack function's are not its own, then the copy
 * of x with its pads (padded_extent). */
/* Small feature maps with pads read a copy of x holding its pads (zeros),
 * so that every window lies inside and each row is whole tiles (a 7 x 7
 * map: 4 + 3 pixels, against 1 + 5 + 1 with its edges one by one): the
 * rows and columns the windows reach, pads included, into *hp and *wp.
 * Dense convolutions only: a depthwise one would spend more on the copy
 * than it saves. */
#define PADDED_MAX_OW 32

static bool padded_extent(const lk_call_t *call, const geom_t *g, int64_t *hp,
                          int64_t *wp) {
  if (call->inputs[0].layout != LK_LAYOUT_NCHW16C || g->s.group > 1 ||
      g->s.ow > PADDED_MAX_OW || g->s.ph < 0 || g->s.pw < 0 ||
      (g->s.ph == 0 && g->s.pw == 0))
    return false;
  int64_t h_end = (g->s.oh - 1) * g->s.sh - g->s.ph + (g->s.kh - 1) * g->s.dh + 1;
  int64_t w_end = (g->s.ow - 1) * g->s.sw - g->s.pw + (g->s.kw - 1) * g->s.dw + 1;
  *hp = g->s.ph + (h_end > g->s.h ? h_end : g->s.h);
  *wp = g->s.pw + (w_end > g->s.w ? w_end : g->s.w);
  return true;
}

/* The floats of x copied into nchw16c for the Winograd form (none when it
 * is). */
static size_t wino_x_floats(const lk_call_t *call, const geom_t *g) {
  if (call->inputs[0].layout == LK_LAYOUT_NCHW16C) return 0;
  return (size_t)(g->s.n * g->cb * g->s.h * g->s.w * BLOCK);
}

static size_t ws_floats(const lk_call_t *call, lk_simd_isa_t isa,
                        const geom_t *g) {
  size_t f = (size_t)(g->mb * BLOCK);
  int64_t tile;
  const float *u = packed_of(call, isa, g, &tile);
  if (tile) { /* the bias, x in nchw16c, the blocks' matrices */
    lk_simd_wino_conv_t a = wino_conv(call, isa, tile, g, NULL, u, NULL);
    return f + wino_x_floats(call, g) +
           lk_simd_wino_workspace_floats(
               &a, lk_parallel_workers(parallel_of(g, call)));
  }
  if (!u) f += packed_floats(isa, g);
  int64_t hp, wp;
  if (padded_extent(call, g, &hp, &wp))
    f += (size_t)(g->s.n * g->cb * hp * wp * BLOCK);
  return f;
}

size_t lk_simd_conv2d_workspace__f32_nchw16c(const lk_call_t *call) {
  geom_t g;
  lk_simd_isa_t isa = lk_simd_call_isa(call);
  if (isa == LK_SIMD_ISA_NONE || !geometry(call, &g)) return 0;
  int64_t tile;
  packed_of(call, isa, &g, &tile);
  if (!tile && small_map(g.s.group, g.s.c, g.s.oh, g.s.ow)) {
    delegated_call_t dc;
    size_t used = delegate_setup(call, LK_LAYOUT_NCHW, true, &dc, NULL);
    return lk_simd_workspace_bytes(used + 16) +
           lk_simd_conv2d_workspace__f32_nchw(&dc.call);
  }
  return lk_simd_workspace_bytes(ws_floats(call, isa, &g));
}

typedef struct task {
  const geom_t *g;
  lk_simd_isa_t isa;
  const float *x, *w, *bias, *residual;
  float *y;
  int64_t gb, groups;  /* output blocks a group, groups */
  int64_t bands, band; /* rows (pixels when flat): bands of `band` */
  bool flat;           /* pointwise: the image as one row of pixels */
  int64_t chunk;       /* input blocks a chunk */
  int64_t lanes;       /* of the ISA's vectors */
  void (*tile)(const lk_simd_nchwc_tile_t *t, int64_t nv, int64_t pw);
  void (*dwtile)(const lk_simd_nchwc_tile_t *t, int64_t pw);
  void (*dwk)(const lk_simd_nchwc_dwk_t *t, int64_t k, int64_t s, int64_t pw);
  void (*epilogue)(const lk_simd_epilogue_t *e, float *y, int64_t n, float bias,
                   const float *residual);
  lk_simd_epilogue_t e;
  bool clamp, other_act; /* relu/relu6 in the store, or the epilogue */
  float lo, hi;
} task_t;

/* Taps [k0, k1) of a window starting at i0 (stride d, k taps) inside
 * [0, n). */
static void taps_inside(int64_t i0, int64_t d, int64_t k, int64_t n,
                        int64_t *k0, int64_t *k1) {
  int64_t lo = i0 < 0 ? ceil_div(-i0, d) : 0;
  int64_t hi = i0 + (k - 1) * d < n ? k : (n - 1 - i0) / d + 1;
  if (i0 > n - 1) hi = 0;
  *k0 = lo < k ? lo : k;
  *k1 = hi > *k0 ? hi : *k0;
}

/* One tile: pw pixels from ow of row oh, with taps [kw0, kw1). */
static void run_tile(const task_t *t, lk_simd_nchwc_tile_t *a, const float *xrow,
                     float *yrow, const float *rrow, int64_t ow, int64_t pw,
                     int64_t kw0, int64_t kw1, int64_t nv) {
  const geom_t *g = t->g;
  int64_t iw = ow * g->s.sw - g->s.pw + kw0 * g->s.dw;
  a->x = xrow + iw * g->x_px;
  a->nkw = kw1 - kw0;
  a->y = yrow + ow * BLOCK;
  a->residual = rrow ? rrow + ow * BLOCK : NULL;
  const float *w = a->w;
  a->w = w + kw0 * a->w_kw;
  t->tile(a, nv, pw);
  a->w = w;
  if (a->finish && t->other_act)
    for (int64_t b = 0; b < nv * t->lanes / BLOCK; b++)
      t->epilogue(&t->e, a->y + b * a->y_ob, pw * BLOCK, 0.0f, NULL);
}

static void run_items(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const task_t *t = ctx;
  const geom_t *g = t->g;
  const int64_t plane = g->s.h * g->s.w, oplane = g->s.oh * g->s.ow;
  for (size_t item = begin; item < end; item++) {
    int64_t band = (int64_t)item % t->bands;
    int64_t grp = (int64_t)item / t->bands % t->groups;
    int64_t n = (int64_t)item / t->bands / t->groups;
    int64_t b0, nb;
    group_span(t->gb, g->mb, grp, &b0, &nb);
    const int64_t ocw = nb * BLOCK;
    int64_t nv = ocw / t->lanes;
    /* rows [oh0, oh1), columns [ow0, ow1): a band of rows, or of the
     * pixels of a pointwise convolution's single row */
    int64_t oh0 = band * t->band, ow0 = 0, ow1 = g->s.ow;
    int64_t oh1 = oh0 + t->band < g->s.oh ? oh0 + t->band : g->s.oh;
    if (t->flat) {
      oh0 = 0, oh1 = 1, ow0 = band * t->band;
      ow1 = ow0 + t->band < g->s.ow ? ow0 + t->band : g->s.ow;
    }
    const float *wg = t->w + group_floats(g, b0);
    const float *xn = t->x + n * g->x_n;
    float *yn = t->y + (n * g->mb + b0) * BLOCK * oplane;
    const float *rn =
        t->residual ? t->residual + (n * g->mb + b0) * BLOCK * oplane : NULL;
    lk_simd_nchwc_tile_t a = {.bias = t->bias + b0 * BLOCK,
                             .x_cb = BLOCK * plane,
                             .x_lane = g->x_lane,
                             .x_px = g->s.sw * g->x_px,
                             .x_kw = g->s.dw * g->x_px,
                             .x_kh = g->s.dh * g->s.w * g->x_px,
                             .w_kw = BLOCK * ocw,
                             .w_kh = g->s.kw * BLOCK * ocw,
                             .w_cb = g->s.kh * g->s.kw * BLOCK * ocw,
                             .y_ob = BLOCK * oplane,
                             .y_px = BLOCK,
                             .clamp = t->clamp,
                             .lo = t->lo,
                             .hi = t->hi};
    /* the interior: windows inside the input's columns */
    int64_t ow_lo = ceil_div(g->s.pw, g->s.sw);
    int64_t ow_hi = (g->s.w - 1 - (g->s.kw - 1) * g->s.dw + g->s.pw);
    ow_hi = ow_hi < 0 ? 0 : ow_hi / g->s.sw + 1;
    if (ow_hi > g->s.ow) ow_hi = g->s.ow;
    if (ow_lo > ow_hi) ow_lo = ow_hi;
    for (int64_t c0 = 0; c0 < g->cb; c0 += t->chunk) {
      int64_t cn = g->cb - c0 < t->chunk ? g->cb - c0 : t->chunk;
      a.cb = cn;
      a.lanes_last = c0 + cn == g->cb ? g->s.c - (g->cb - 1) * BLOCK : BLOCK;
      a.accumulate = c0 > 0;
      a.finish = c0 + cn == g->cb;
      /* the next chunk's weights, a slice a row, into L2 while this one
       * runs (weights too big for the caches stream from memory once a
       * convolution, in chunk order) */
      const char *next = (const char *)(wg + (c0 + cn) * a.w_cb);
      int64_t next_cn = g->cb - c0 - cn < t->chunk ? g->cb - c0 - cn : t->chunk;
      size_t next_bytes = (size_t)(next_cn * a.w_cb) * sizeof(float);
      size_t slice = next_bytes / (size_t)(oh1 - oh0) + 64;
      for (int64_t oh = oh0; oh < oh1; oh++) {
        for (size_t at = (size_t)(oh - oh0) * slice;
             at < (size_t)(oh - oh0 + 1) * slice && at < next_bytes; at += 64)
          __builtin_prefetch(next + at, 0, 2);
        int64_t kh0, kh1, ih0 = oh * g->s.sh - g->s.ph;
        taps_inside(ih0, g->s.dh, g->s.kh, g->s.h, &kh0, &kh1);
        a.nkh = kh1 - kh0;
        a.w = wg + c0 * a.w_cb + kh0 * a.w_kh;
        const float *xrow = xn + c0 * BLOCK * plane +
                            (a.nkh ? (ih0 + kh0 * g->s.dh) * g->s.w * g->x_px : 0);
        float *yrow = yn + oh * g->s.ow * BLOCK;
        const float *rrow = rn && a.finish ? rn + oh * g->s.ow * BLOCK : NULL;
        for (int64_t ow = ow0; ow < ow1;) {
          if (ow >= ow_lo && ow < ow_hi) { /* tiles of even widths */
            int64_t span = (ow_hi < ow1 ? ow_hi : ow1) - ow;
            int64_t tiles = ceil_div(span, tile_pixels(t->isa, nv));
            for (int64_t i = 0; i < tiles; i++) {
              int64_t pw = span / tiles + (i < span % tiles);
              run_tile(t, &a, xrow, yrow, rrow, ow, pw, 0, g->s.kw, nv);
              ow += pw;
            }
            continue;
          }
          int64_t kw0, kw1;
          taps_inside(ow * g->s.sw - g->s.pw, g->s.dw, g->s.kw, g->s.w, &kw0, &kw1);
          run_tile(t, &a, xrow, yrow, rrow, ow, 1, kw0, kw1, nv);
          ow++;
        }
      }
    }
  }
}

/* The output columns whose windows lie inside the input's: [*lo, *hi). */
static void interior(const geom_t *g, int64_t *lo, int64_t *hi) {
  int64_t a = ceil_div(g->s.pw, g->s.sw);
  int64_t b = g->s.w - 1 - (g->s.kw - 1) * g->s.dw + g->s.pw;
  b = b < 0 ? 0 : b / g->s.sw + 1;
  if (b > g->s.ow) b = g->s.ow;
  *lo = a < b ? a : b;
  *hi = b;
}

/* Whether the depthwise tiles of lk_simd_nchwc_dwk_t take g. */
static bool dwk_takes(const geom_t *g) {
  return g->s.kh == g->s.kw && g->s.sh == g->s.sw && g->s.dh == 1 &&
         g->s.dw == 1 && LK_SIMD_NCHWC_DWK_TAKES(g->s.kh, g->s.sh);
}

/* One output row of a block by lk_simd_nchwc_dwk_t's tiles: the row in
 * tiles of even widths, a border flag on those whose windows leave the
 * input. */
static void dwk_row(const task_t *t, const float *xrow, const float *wrow,
                    int64_t nkh, int64_t b, float *yrow, const float *rrow) {
  const geom_t *g = t->g;
  const int64_t k = g->s.kw, s = g->s.sw;
  lk_simd_nchwc_dwk_t a = {.x = xrow,
                           .w = wrow,
                           .bias = t->bias + b * BLOCK,
                           .nkh = nkh,
                           .x_kh = g->s.w * BLOCK,
                           .w_in = g->s.w,
                           .clamp = t->clamp,
                           .lo = t->lo,
                           .hi = t->hi};
  const int64_t tiles = ceil_div(g->s.ow, LK_SIMD_NCHWC_DWK_PW(t->isa));
  for (int64_t i = 0, ow = 0; i < tiles; i++) {
    const int64_t pw = g->s.ow / tiles + (i < g->s.ow % tiles);
    a.col0 = ow * s - g->s.pw;
    a.border = a.col0 < 0 || a.col0 + (pw - 1) * s + k > g->s.w;
    a.y = yrow + ow * BLOCK;
    a.residual = rrow ? rrow + ow * BLOCK : NULL;
    t->dwk(&a, k, s, pw);
    if (t->other_act) t->epilogue(&t->e, a.y, pw * BLOCK, 0.0f, NULL);
    ow += pw;
  }
}

/* Depthwise. Items: output rows of one image's block, (n mb + b) oh + oh. */
static void run_dw_rows(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const task_t *t = ctx;
  const geom_t *g = t->g;
  const bool fast = dwk_takes(g);
  const int64_t plane = g->s.h * g->s.w, taps = g->s.kh * g->s.kw;
  const int64_t pw_max = LK_SIMD_NCHWC_DW_PW(t->isa);
  int64_t ow_lo, ow_hi;
  interior(g, &ow_lo, &ow_hi);
  for (size_t item = begin; item < end; item++) {
    int64_t oh = (int64_t)item % g->s.oh, nb = (int64_t)item / g->s.oh;
    int64_t n = nb / g->mb, b = nb % g->mb;
    int64_t kh0, kh1, ih0 = oh * g->s.sh - g->s.ph;
    taps_inside(ih0, g->s.dh, g->s.kh, g->s.h, &kh0, &kh1);
    lk_simd_nchwc_tile_t a = {.bias = t->bias + b * BLOCK,
                             .nkh = kh1 - kh0,
                             .x_px = g->s.sw * BLOCK,
                             .x_kw = g->s.dw * BLOCK,
                             .x_kh = g->s.dh * g->s.w * BLOCK,
                             .w_kw = BLOCK,
                             .w_kh = g->s.kw * BLOCK,
                             .y_px = BLOCK,
                             .clamp = t->clamp,
                             .lo = t->lo,
                             .hi = t->hi};
    const float *xrow = t->x + n * g->x_n + b * BLOCK * plane +
                        (a.nkh ? (ih0 + kh0 * g->s.dh) * g->s.w * BLOCK : 0);
    const float *wrow = t->w + b * taps * BLOCK + kh0 * a.w_kh;
    float *yrow = t->y + (nb * g->s.oh + oh) * g->s.ow * BLOCK;
    const float *rrow =
        t->residual ? t->residual + (nb * g->s.oh + oh) * g->s.ow * BLOCK : NULL;
    if (fast) {
      dwk_row(t, xrow, wrow, a.nkh, b, yrow, rrow);
      continue;
    }
    for (int64_t ow = 0; ow < g->s.ow;) {
      int64_t pw = 1, kw0 = 0, kw1 = g->s.kw;
      if (ow >= ow_lo && ow < ow_hi) /* inside: a tile's width */
        pw = ow_hi - ow < pw_max ? ow_hi - ow : pw_max;
      else
        taps_inside(ow * g->s.sw - g->s.pw, g->s.dw, g->s.kw, g->s.w, &kw0, &kw1);
      a.x = xrow + (ow * g->s.sw - g->s.pw + kw0 * g->s.dw) * BLOCK;
      a.w = wrow + kw0 * BLOCK;
      a.nkw = kw1 - kw0;
      a.y = yrow + ow * BLOCK;
      a.residual = rrow ? rrow + ow * BLOCK : NULL;
      t->dwtile(&a, pw);
      if (t->other_act) t->epilogue(&t->e, a.y, pw * BLOCK, 0.0f, NULL);
      ow += pw;
    }
  }
}

/* Other groups, element by element (no fast path: the registry row takes
 * them so that a blocked region keeps them). Items: output channels of one
 * image, n M + m. */
static void run_grouped(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const task_t *t = ctx;
  const geom_t *g = t->g;
  const int64_t plane = g->s.h * g->s.w, mg = g->s.m / g->s.group;
  for (size_t item = begin; item < end; item++) {
    int64_t n = (int64_t)item / g->s.m, m = (int64_t)item % g->s.m;
    const float *wm = t->w + m * g->s.cg * g->s.kh * g->s.kw;
    float *y =
        t->y + (n * g->mb + m / BLOCK) * g->s.oh * g->s.ow * BLOCK + m % BLOCK;
    const float *r = t->residual ? t->residual + (y - t->y) : NULL;
    for (int64_t oh = 0; oh < g->s.oh; oh++)
      for (int64_t ow = 0; ow < g->s.ow; ow++) {
        float acc = t->bias[m];
        for (int64_t ci = 0; ci < g->s.cg; ci++) {
          int64_t c = m / mg * g->s.cg + ci;
          const float *xc = t->x + n * g->x_n + c / BLOCK * BLOCK * plane +
                            c % BLOCK * g->x_lane;
          for (int64_t kh = 0; kh < g->s.kh; kh++) {
            int64_t ih = oh * g->s.sh - g->s.ph + kh * g->s.dh;
            if (ih < 0 || ih >= g->s.h) continue;
            for (int64_t kw = 0; kw < g->s.kw; kw++) {
              int64_t iw = ow * g->s.sw - g->s.pw + kw * g->s.dw;
              if (iw < 0 || iw >= g->s.w) continue;
              acc += xc[(ih * g->s.w + iw) * g->x_px] *
                     wm[(ci * g->s.kh + kh) * g->s.kw + kw];
            }
          }
        }
        int64_t at = (oh * g->s.ow + ow) * BLOCK;
        if (r) acc += r[at];
        y[at] = (float)lk_ref_activation(t->e.act, t->e.alpha, t->e.beta, acc);
      }
  }
}

lt_status_t lk_simd_conv2d__f32_nchw16c(const lk_call_t *call) {
  lk_simd_isa_t isa;
  LT_RETURN_IF_ERROR(lk_simd_blocked_isa(kName, call, &isa));
  if (call->num_outputs == 1 && call->outputs[0].rank == 4)
    for (int i = 0; i < 4; i++)
      if (call->outputs[0].dims[i] == 0) return LT_OK; /* nothing to write */
  geom_t g;
  if (!geometry(call, &g) || !input_strides(&call->inputs[0], &g) ||
      !output_view(&call->outputs[0], &g) ||
      (call->num_inputs > 3 && call->inputs[3].dtype != LK_DTYPE_NONE &&
       !output_view(&call->inputs[3], &g)))
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: takes x nchw16c or nchw, w [M, C / group, KH, "
                          "KW], a bias [M], a residual and y nchw16c, f32",
                          kName);
  float *ws;
  int64_t tile;
  const float *wp = packed_of(call, isa, &g, &tile);
  if (!tile && small_map(g.s.group, g.s.c, g.s.oh, g.s.ow)) { /* the nchw kernel's GEMM */
    delegated_call_t dc;
    size_t used = delegate_setup(call, LK_LAYOUT_NCHW, true, &dc, NULL);
    LT_RETURN_IF_ERROR(lk_simd_workspace(kName, call, used, &ws));
    delegate_setup(call, LK_LAYOUT_NCHW, true, &dc, ws);
    if (call->inputs[0].layout == LK_LAYOUT_NCHW16C)
      unblock(&call->inputs[0], call->inputs[0].data, dc.in[0].data);
    else
      memcpy(dc.in[0].data, call->inputs[0].data, dc.in[0].nbytes);
    if (call->num_inputs > 3 && call->inputs[3].dtype != LK_DTYPE_NONE)
      unblock(&call->inputs[3], call->inputs[3].data, dc.in[3].data);
    LT_RETURN_IF_ERROR(lk_simd_conv2d__f32_nchw(&dc.call));
    block(&call->outputs[0], dc.out.data, call->outputs[0].data);
    return LT_OK;
  }
  LT_RETURN_IF_ERROR(
      lk_simd_workspace(kName, call, ws_floats(call, isa, &g), &ws));
  const lk_conv_params_t *p = call->params;
  /* the bias, padded to the blocks */
  memset(ws, 0, (size_t)(g.mb * BLOCK) * sizeof(float));
  if (call->num_inputs > 2 && call->inputs[2].dtype != LK_DTYPE_NONE)
    memcpy(ws, call->inputs[2].data, (size_t)g.s.m * sizeof(float));
  float *next = ws + g.mb * BLOCK;
  if (tile) {
    const float *x = call->inputs[0].data;
    if (wino_x_floats(call, &g)) {
      block(&call->inputs[0], x, next);
      x = next;
      next += wino_x_floats(call, &g);
    }
    lk_simd_wino_conv_t a = wino_conv(call, isa, tile, &g, x, wp, ws);
    lk_simd_wino_run(&a, next, parallel_of(&g, call));
    return LT_OK;
  }
  /* other groups, and depthwise over nchw, go element by element */
  const bool grouped = g.s.group > 1 && (!g.depthwise || g.x_lane != 1);
  if (grouped) {
    lk_tensor_t wt;
    if (!lk_view_to_tensor(&call->inputs[1], &wt))
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "%s: w must be dense nchw", kName);
    wp = call->inputs[1].data; /* read as stored */
  } else if (!wp) {
    lk_tensor_t wt;
    if (!lk_view_to_tensor(&call->inputs[1], &wt))
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "%s: w must be dense nchw", kName);
    pack_weights(group_blocks(isa, g.s.ow), &g, call->inputs[1].data, next);
    wp = next;
    next += packed_floats(isa, &g);
  }
  const float *x = call->inputs[0].data;
  int64_t hp, wpad;
  if (padded_extent(call, &g, &hp, &wpad)) {
    const size_t row = (size_t)(g.s.w * BLOCK) * sizeof(float);
    memset(next, 0, (size_t)(g.s.n * g.cb * hp * wpad * BLOCK) * sizeof(float));
    for (int64_t plane = 0; plane < g.s.n * g.cb; plane++)
      for (int64_t r = 0; r < g.s.h; r++)
        memcpy(next + ((plane * hp + g.s.ph + r) * wpad + g.s.pw) * BLOCK,
               x + (plane * g.s.h + r) * g.s.w * BLOCK, row);
    x = next;
    g.s.h = hp;
    g.s.w = wpad;
    g.s.ph = g.s.pw = 0;
    g.x_n = g.cb * hp * wpad * BLOCK;
  }
  const lk_parallel_t *par = parallel_of(&g, call);
  uint32_t workers = lk_parallel_workers(par);
  task_t t = {
      .g = &g,
      .isa = isa,
      .x = x,
      .w = wp,
      .bias = ws,
      .residual = call->num_inputs > 3 && call->inputs[3].dtype != LK_DTYPE_NONE
                      ? call->inputs[3].data
                      : NULL,
      .y = call->outputs[0].data,
      .gb = group_blocks(isa, g.s.ow),
      .lanes = isa == LK_SIMD_ISA_AVX512 ? 16 : 8,
      .tile = isa == LK_SIMD_ISA_AVX512 ? lk_f32_conv_nchwc_tile__avx512f
                                       : lk_f32_conv_nchwc_tile__avx2,
      .dwtile = isa == LK_SIMD_ISA_AVX512 ? lk_f32_conv_nchwc_dwtile__avx512f
                                         : lk_f32_conv_nchwc_dwtile__avx2,
      .dwk = isa == LK_SIMD_ISA_AVX512 ? lk_f32_conv_nchwc_dwk__avx512f
                                      : lk_f32_conv_nchwc_dwk__avx2,
      .epilogue = lk_simd_epilogue_rows[isa],
      .e = {p->act, (float)p->act_alpha, (float)p->act_beta}};
  t.groups = num_groups(t.gb, g.mb);
  switch (p->act) {
  case LK_ACT_NONE:
    break;
  case LK_ACT_RELU:
    t.clamp = true, t.lo = 0.0f, t.hi = INFINITY;
    break;
  case LK_ACT_RELU6:
    t.clamp = true, t.lo = 0.0f, t.hi = (float)p->act_alpha;
    break;
  default:
    t.other_act = true;
    break;
  }
  if (grouped) {
    lk_parallel_for(par, (size_t)(g.s.n * g.s.m), 1, run_grouped, &t);
    return LT_OK;
  }
  if (g.depthwise) {
    lk_parallel_for(par, (size_t)(g.s.n * g.mb * g.s.oh), 1, run_dw_rows, &t);
    return LT_OK;
  }
  /* the input blocks a chunk: a group's weights within L1 */
  size_t per_block = (size_t)(t.gb * BLOCK * BLOCK * g.s.kh * g.s.kw) * 4;
  t.chunk = (int64_t)(LK_SIMD_NCHWC_CHUNK_BYTES / per_block);
  if (t.chunk < 1) t.chunk = 1;
  /* a pointwise convolution's pixels are one row (1 x 1 taps, stride 1,
   * no pads: input and output pixels are the same, in order), so its tiles
   * are full across the rows' ends */
  t.flat = g.s.kh == 1 && g.s.kw == 1 && g.s.sh == 1 && g.s.sw == 1 && g.s.ph == 0 &&
           g.s.pw == 0 && g.s.oh == g.s.h && g.s.ow == g.s.w;
  if (t.flat) {
    g.s.ow = g.s.w = g.s.h * g.s.w;
    g.s.oh = g.s.h = 1;
  }
  /* bands: two items a worker at least (more bands re-read the weights
   * and pass the partial sums more often) */
  int64_t items = g.s.n * t.groups;
  int64_t rows = t.flat ? ceil_div(g.s.ow, FLAT_UNIT) : g.s.oh;
  t.bands = 1;
  if (workers > 1 && items < 2 * (int64_t)workers)
    t.bands = ceil_div(2 * (int64_t)workers, items);
  if (t.bands > rows) t.bands = rows;
  t.band = ceil_div(rows, t.bands);
  t.bands = ceil_div(rows, t.band);
  if (t.flat) t.band *= FLAT_UNIT;
  lk_parallel_for(par, (size_t)(items * t.bands), 1, run_items, &t);
  return LT_OK;
}

/* conv.c - {x86,arm}_conv2d__f32_nchw (conv.h). */
#include "kernels/simd/conv.h"

#include <string.h>

#include "kernels/abi_ref.h"
#include "kernels/cpu.h"
#include "kernels/parallel.h"
#include "kernels/ref/conv.h"
#include "kernels/simd/epilogue.h"
#include "kernels/simd/conv_dw.h"
#include "kernels/simd/gemm.h"
#if defined(LK_SIMD_ARCH_X86)
#include "kernels/simd/conv_nchwc.h"
#endif

typedef lk_simd_conv_geom_t geom_t;
static const lk_simd_conv_pack_fn k_conv_pack[LK_SIMD_NUM_ISAS] =
    LK_SIMD_BY_ISA(lk_f32_conv_pack);

#define PACK_MAGIC 0x5643584cu /* "LXCV" */
typedef struct packed_head {
  uint32_t magic;
  int32_t isa, form, pad0;
  int64_t m, k, group;
  unsigned char pad[24]; /* the floats start 64-aligned */
} packed_head_t;

/* The two ways the product is laid out (conv.h): the output channels as
 * the microkernel's rows and the pixels as its columns (the weights as A,
 * in MR-row panels), or the other way round for small feature maps (the
 * weights transposed as B, in NR-column panels). */
typedef enum form { FORM_CHANNEL_ROWS, FORM_PIXEL_ROWS } form_t;

bool lk_simd_conv2d_geometry(const lk_call_t *call, geom_t *g) {
  if (!lk_simd_conv2d_views(call)) return false;
  const lk_conv_params_t *p = call->params;
  const lk_view_t *x = &call->inputs[0], *w = &call->inputs[1],
                  *y = &call->outputs[0];
  for (int i = 0; i < 2; i++)
    if (p->strides[i] < 1 || p->dilations[i] < 1) return false;
  *g = (geom_t){.n = x->dims[0], .c = x->dims[1], .h = x->dims[2],
                .w = x->dims[3], .m = y->dims[1], .oh = y->dims[2],
                .ow = y->dims[3], .kh = w->dims[2], .kw = w->dims[3],
                .group = p->group, .sh = p->strides[0], .sw = p->strides[1],
                .ph = p->pads_begin[0], .pw = p->pads_begin[1],
                .dh = p->dilations[0], .dw = p->dilations[1]};
  if (g->c % g->group || g->m % g->group || w->dims[0] != g->m ||
      w->dims[1] * g->group != g->c || y->dims[0] != g->n)
    return false;
  g->cg = g->c / g->group;
  g->mg = g->m / g->group;
  g->k = g->cg * g->kh * g->kw;
  g->pixels = g->oh * g->ow;
  g->pointwise = g->kh == 1 && g->kw == 1 && g->sh == 1 && g->sw == 1 &&
                 g->ph == 0 && g->pw == 0 && g->oh == g->h && g->ow == g->w;
  return g->k > 0 && g->mg > 0 && g->pixels > 0;
}

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* Whether a group's product runs with the pixels as rows: a feature map of
 * a few panels whose last one is mostly empty (7 x 7: 49 of 64 columns on
 * AVX-512), where the channels fill their panels better by more than the
 * transposition costs (a move per result against k multiply-adds, about
 * 48 / k of the product). */
static form_t form_of(lk_simd_isa_t isa, int64_t pixels, int64_t mg,
                      int64_t k) {
  const int64_t nr = lk_simd_gemm_nr(isa);
  if (pixels > 8 * nr) return FORM_CHANNEL_ROWS;
  double by_pixels = (double)pixels / (double)(ceil_div(pixels, nr) * nr);
  double by_channels = (double)mg / (double)(ceil_div(mg, nr) * nr);
  return by_channels > by_pixels + 0.05 + 48.0 / (double)k ? FORM_PIXEL_ROWS
                                                           : FORM_CHANNEL_ROWS;
}

/* A group's weights as the form reads them: [Mg x K] in MR-row panels
 * (lk_simd_gemm_pack_a), or its transpose [K x Mg] in NR-column panels
 * (lk_simd_gemm_pack_b). */
static size_t packed_group_floats(lk_simd_isa_t isa, form_t form, int64_t mg,
                                  int64_t k) {
  return form == FORM_PIXEL_ROWS ? lk_simd_gemm_packed_floats(isa, k, mg)
                                 : lk_simd_gemm_packed_a_floats(isa, mg, k);
}

/* The output pixels of an input of h x w with the leading pads on both
 * sides (the pack function's estimate: the trailing pads are y's), or -1
 * unknown. */
static int64_t pixels_estimate(const lk_conv_params_t *p, const lk_view_t *x,
                               const int64_t *wd) {
  if (x->rank != 4 || x->dims[2] <= 0 || x->dims[3] <= 0) return -1;
  int64_t n = 1;
  for (int i = 0; i < 2; i++) {
    if (p->strides[i] < 1 || p->dilations[i] < 1) return -1;
    int64_t span = x->dims[2 + i] + 2 * p->pads_begin[i] -
                   p->dilations[i] * (wd[2 + i] - 1) - 1;
    if (span < 0) return -1;
    n *= span / p->strides[i] + 1;
  }
  return n;
}

lt_status_t lk_simd_conv2d_pack__f32_nchw(const void *params,
                                         const lk_view_t *consts,
                                         uint32_t num_consts, void *out,
                                         size_t *out_size) {
  lk_cpu_info_t cpu;
  lk_cpu_detect(&cpu);
  return lk_simd_conv2d_pack_isa(lk_simd_isa_of(&cpu), params, consts,
                                num_consts, out, out_size);
}

lt_status_t lk_simd_conv2d_pack_isa(lk_simd_isa_t isa, const void *params,
                                   const lk_view_t *consts,
                                   uint32_t num_consts, void *out,
                                   size_t *out_size) {
  *out_size = 0;
#if defined(LK_SIMD_ARCH_X86)
  /* a 3 x 3 stride-1 convolution the Winograd form pays for */
  if (isa != LK_SIMD_ISA_NONE && num_consts >= 2 && consts[1].data &&
      consts[1].dtype == LK_F32) {
    LT_RETURN_IF_ERROR(lk_simd_conv2d_winograd_pack_nchw(
        isa, params, consts, num_consts, out, out_size));
    if (*out_size) return LT_OK;
  }
#endif
  return lk_simd_conv2d_pack_gemm(isa, params, consts, num_consts, out,
                                  out_size);
}

lt_status_t lk_simd_conv2d_pack_gemm(lk_simd_isa_t isa, const void *params,
                                     const lk_view_t *consts,
                                     uint32_t num_consts, void *out,
                                     size_t *out_size) {
  *out_size = 0;
  const lk_conv_params_t *p = params;
  if (num_consts < 2 || !consts[1].data || consts[1].dtype != LK_F32 ||
      consts[1].rank != 4 || p->spatial != 2 || p->group < 1 ||
      consts[1].dims[0] % p->group)
    return LT_OK;
  const int64_t *d = consts[1].dims;
  for (int i = 0; i < 4; i++)
    if (d[i] <= 0) return LT_OK;
  if (isa == LK_SIMD_ISA_NONE) return LT_OK;
  /* depthwise: the weights read as stored (conv_dw.h) */
  if (p->group > 1 && d[1] == 1 && d[0] == p->group) return LT_OK;
  int64_t mg = d[0] / p->group, k = d[1] * d[2] * d[3];
  int64_t pixels = pixels_estimate(p, &consts[0], d);
  form_t form = pixels > 0 ? form_of(isa, pixels, mg, k) : FORM_CHANNEL_ROWS;
  size_t per = packed_group_floats(isa, form, mg, k);
  *out_size = sizeof(packed_head_t) + (size_t)p->group * per * sizeof(float);
  if (!out) return LT_OK;
  packed_head_t *h = out;
  memset(h, 0, sizeof *h);
  *h = (packed_head_t){PACK_MAGIC, isa, form, 0, d[0], k, p->group, {0}};
  const float *w = consts[1].data;
  float *o = (float *)(h + 1);
  for (int64_t grp = 0; grp < p->group; grp++) {
    const float *wg = w + grp * mg * k;
    if (form == FORM_PIXEL_ROWS) /* B(r, m) = W[m, r] */
      lk_simd_gemm_pack_b(isa, k, mg, wg, 1, k, o + grp * per);
    else
      lk_simd_gemm_pack_a(isa, mg, k, wg, k, o + grp * per);
  }
  return LT_OK;
}

/* Packed columns a tile may hold, in bytes: with the block of A a task
 * goes over, the tile's KC rows stay in L2. */
#define TILE_BYTES (256 * 1024)

/* How the work is cut (conv.h, "Threads"). With the channels as rows an
 * item is a tile (np consecutive panels of pixels) against a chunk of mc
 * output channels. With the pixels as rows (panels, tiles: of channels),
 * np panels of channels against every pixel (shared), or every channel
 * against a chunk of mc pixels (not shared). */
typedef struct tiling {
  form_t form;
  int64_t nr, panels; /* columns per panel, panels per group */
  int64_t np, tiles;  /* panels per tile, tiles per group */
  int64_t mc, chunks; /* rows per item (channels, or pixels), chunks */
  bool shared;        /* every panel packed first (else per item) */
} tiling_t;

static tiling_t tiling_of(lk_simd_isa_t isa, form_t form, const geom_t *g,
                          uint32_t workers) {
  tiling_t t = {.form = form, .nr = lk_simd_gemm_nr(isa)};
  const int64_t mr = lk_simd_gemm_mr(isa), want = 4 * (int64_t)workers;
  if (form == FORM_PIXEL_ROWS) {
    t.panels = ceil_div(g->mg, t.nr);
    int64_t blocks = ceil_div(g->pixels, mr);
    if (g->pixels >= g->mg && blocks > 1) {
      /* the columns are the bigger operand: an item packs a chunk of mc
       * pixels itself and takes every channel (no barrier, its columns
       * stay in its own cache) */
      t.np = t.panels;
      t.tiles = 1;
      int64_t per = ceil_div(blocks, want < blocks ? want : blocks);
      t.mc = per * mr;
      t.chunks = ceil_div(blocks, per);
      t.shared = false;
      return t;
    }
    /* the weights are: every pixel packed first, an item a tile of np
     * channel panels, one tile a worker (each tile reads every column) */
    t.np = ceil_div(t.panels, (int64_t)workers);
    t.tiles = ceil_div(t.panels, t.np);
    t.mc = g->mg;
    t.chunks = 1;
    t.shared = true;
    return t;
  }
  t.panels = ceil_div(g->pixels, t.nr);
  int64_t fit = TILE_BYTES / (g->k * t.nr * (int64_t)sizeof(float));
  if (fit < 1) fit = 1;
  t.shared = t.panels < want;
  if (!t.shared) { /* a tile per item, against every channel */
    t.np = t.panels / want < fit ? t.panels / want : fit;
    if (t.np < 1) t.np = 1;
    t.tiles = ceil_div(t.panels, t.np);
    t.mc = g->mg;
    t.chunks = 1;
    return t;
  }
  /* every panel in one tile; the channels split so each worker has items */
  t.np = t.panels;
  t.tiles = 1;
  int64_t blocks = ceil_div(g->mg, mr);
  t.chunks = want < blocks ? want : blocks;
  t.mc = ceil_div(ceil_div(g->mg, t.chunks), mr) * mr;
  t.chunks = ceil_div(g->mg, t.mc);
  return t;
}

/* Floats of the workspace's two parts: the packed columns (every panel of
 * a group, or a tile per worker; with the pixels as rows, every pixel in
 * MR-row panels) and the transposed result (pixels as rows only). */
static size_t columns_floats(lk_simd_isa_t isa, const geom_t *g,
                             const tiling_t *t, uint32_t workers) {
  if (t->form == FORM_PIXEL_ROWS)
    return lk_simd_gemm_packed_a_floats(isa, g->pixels, g->k);
  int64_t panels = t->shared ? t->panels : (int64_t)workers * t->np;
  return (size_t)(panels * t->nr * g->k);
}

static size_t result_floats(const geom_t *g, const tiling_t *t) {
  return t->form == FORM_PIXEL_ROWS ? (size_t)(g->pixels * g->mg) : 0;
}

/* Room for the forms either set may run (the packed weights, seen only at
 * the call, say which: the pixels as rows where they are packed so and
 * form_of picks it for the call's shape, the channels otherwise). */
static size_t ws_floats(const geom_t *g, uint32_t workers) {
  size_t most = 0;
  for (int isa = 0; isa < LK_SIMD_NUM_ISAS; isa++)
    for (int form = 0; form < 2; form++) {
      if (form == FORM_PIXEL_ROWS &&
          form_of((lk_simd_isa_t)isa, g->pixels, g->mg, g->k) != FORM_PIXEL_ROWS)
        continue;
      tiling_t t = tiling_of((lk_simd_isa_t)isa, (form_t)form, g, workers);
      size_t f = columns_floats((lk_simd_isa_t)isa, g, &t, workers) + 16 +
                 result_floats(g, &t);
      if (f > most) most = f;
    }
  return most + 16;
}

/* A convolution this small (in multiply-adds per image and group, a few
 * microseconds on one core) runs on the calling thread: waking the pool
 * would cost more than it splits. */
#define SMALL_MACS (1 << 20)

static const lk_parallel_t *parallel_of(const geom_t *g,
                                        const lk_call_t *call) {
  return g->mg * g->k * g->pixels < SMALL_MACS ? NULL : lk_call_parallel(call);
}

size_t lk_simd_conv2d_workspace__f32_nchw(const lk_call_t *call) {
  geom_t g;
  if (!lk_simd_conv2d_geometry(call, &g)) return 0;
  if (lk_simd_call_isa(call) != LK_SIMD_ISA_NONE) { /* the run's own paths */
    if (lk_simd_dw_applies(&g))
      return lk_simd_workspace_bytes(lk_simd_dw_workspace_floats(
          &g, lk_parallel_workers(lk_call_parallel(call))));
#if defined(LK_SIMD_ARCH_X86)
    if (lk_simd_conv2d_winograd_packed(call))
      return lk_simd_conv2d_winograd_workspace_nchw(call);
#endif
  }
  return lk_simd_workspace_bytes(
      ws_floats(&g, lk_parallel_workers(parallel_of(&g, call))));
}

/* One image and group. */
typedef struct conv_task {
  lk_simd_isa_t isa;
  const geom_t *g;
  tiling_t t;
  const float *x;        /* the group's channels of the image */
  float *columns;        /* every panel (shared), or a slice per worker */
  float *result;         /* pixels as rows: C, [pixels x Mg] */
  const float *bw;       /* pixels as rows: the group's packed W^T */
  float *y;              /* the group's channels of the output */
  lk_simd_gemm_args_t ga; /* the group's product */
  const float *residual; /* the group's channels of it, or NULL */
  void (*pack)(const geom_t *g, const float *x, int64_t j0, int64_t w,
               int64_t nr, float *out);
  void (*epilogue)(const lk_simd_epilogue_t *e, float *y, int64_t n,
                   float bias, const float *residual);
  lk_simd_epilogue_t e;
  bool finish; /* pixels as rows: a residual or an activation to apply */
  /* channels as rows, pointwise and at most two blocks of them: the whole
   * panels read in place from x (rows a block of channels apart, each in
   * its own page: re-read by many blocks they would miss the TLB, so more
   * channels take packed panels) */
  bool direct;
} conv_task_t;

/* Columns from panel pj on: np panels' worth of n, fewer at the end. */
static int64_t width_from(const conv_task_t *t, int64_t n, int64_t pj,
                          int64_t np) {
  int64_t left = n - pj * t->t.nr;
  return left < np * t->t.nr ? left : np * t->t.nr;
}

/* Pixels as rows: the residual and the activation over output rows [m0,
 * m1), columns [j0, j0 + w), once transposed into y. */
static void finish_rows(const conv_task_t *t, int64_t m0, int64_t m1,
                        int64_t j0, int64_t w) {
  if (!t->finish) return;
  for (int64_t m = m0; m < m1; m++) {
    int64_t at = m * t->g->pixels + j0;
    t->epilogue(&t->e, t->y + at, w, 0.0f,
                t->residual ? t->residual + at : NULL);
  }
}

/* Panels [begin, end) packed (read in place: only the last, partial one). */
static void run_pack(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const conv_task_t *t = ctx;
  for (size_t pj = begin; pj < end; pj++) {
    int64_t w = width_from(t, t->g->pixels, (int64_t)pj, 1);
    if (t->direct && w == t->t.nr) continue;
    t->pack(t->g, t->x, (int64_t)pj * t->t.nr, w, t->t.nr,
            t->columns + (size_t)pj * (size_t)(t->t.nr * t->g->k));
  }
}

/* Channels as rows. Items: chunk-major (a worker's consecutive items share
 * its weights), item = chunk * tiles + tile. */
static void run_items(void *ctx, size_t begin, size_t end, uint32_t worker) {
  const conv_task_t *t = ctx;
  const size_t panel_floats = (size_t)(t->t.nr * t->g->k);
  const int64_t nr = t->t.nr;
  for (size_t item = begin; item < end; item++) {
    int64_t chunk = (int64_t)item / t->t.tiles;
    int64_t pj = (int64_t)item % t->t.tiles * t->t.np, j0 = pj * nr;
    int64_t w = width_from(t, t->g->pixels, pj, t->t.np);
    int64_t m0 = chunk * t->t.mc;
    int64_t m1 = m0 + t->t.mc < t->g->mg ? m0 + t->t.mc : t->g->mg;
    int64_t whole = 0; /* panels read in place from x */
    if (t->direct) {
      whole = w / nr;
      lk_simd_gemm_args_t ga = t->ga;
      ga.ldb = t->g->pixels;
      if (whole) lk_simd_gemm_tile(t->isa, &ga, m0, m1, t->x + j0, j0, whole);
      if (whole * nr == w) continue;
    }
    /* the rest of the tile, packed */
    int64_t jr = j0 + whole * nr;
    const float *cols;
    if (t->t.shared) {
      cols = t->columns + (size_t)(pj + whole) * panel_floats;
    } else {
      float *mine = t->columns + (size_t)worker * (size_t)t->t.np * panel_floats;
      t->pack(t->g, t->x, jr, w - whole * nr, nr, mine);
      cols = mine;
    }
    lk_simd_gemm_tile(t->isa, &t->ga, m0, m1, cols, jr, t->t.np - whole);
  }
}

/* The product's done hook (channels as rows), for an activation its store
 * does not apply (the residual it adds itself): each panel finished. */
static void activate_panel(void *ctx, int64_t m0, int64_t m1, int64_t j0,
                           int64_t w) {
  const conv_task_t *t = ctx;
  for (int64_t m = m0; m < m1; m++)
    t->epilogue(&t->e, t->y + m * t->g->pixels + j0, w, 0.0f, NULL);
}

/* Pixels as rows: every pixel's MR-row panel of columns. */
static void run_pack_rows(void *ctx, size_t begin, size_t end,
                          uint32_t worker) {
  (void)worker;
  const conv_task_t *t = ctx;
  const int64_t mr = lk_simd_gemm_mr(t->isa);
  for (size_t b = begin; b < end; b++) {
    int64_t i0 = (int64_t)b * mr, left = t->g->pixels - i0;
    t->pack(t->g, t->x, i0, left < mr ? left : mr, mr,
            t->columns + (size_t)i0 * (size_t)t->g->k);
  }
}

/* Pixels as rows: pixels [i0, i1) of channels [c0, c1) from the result
 * ([pixels x Mg]) into y ([Mg x pixels]), 16 channels at a time (a cache
 * line of the result against 16 rows of y that each fill in order), then
 * finished. */
static void put_pixel_rows(const conv_task_t *t, int64_t i0, int64_t i1,
                           int64_t c0, int64_t c1) {
  const int64_t pixels = t->g->pixels, mg = t->g->mg;
  for (int64_t cb = c0; cb < c1; cb += 16) {
    const int64_t n = c1 - cb < 16 ? c1 - cb : 16;
    float *yb = t->y + cb * pixels;
    for (int64_t i = i0; i < i1; i++) {
      const float *r = t->result + i * mg + cb;
      for (int64_t c = 0; c < n; c++) yb[c * pixels + i] = r[c];
    }
  }
  finish_rows(t, c0, c1, i0, i1 - i0);
}

/* Pixels as rows, not shared: item = a chunk of mc pixels, packed here,
 * against every channel, then transposed into y and finished. */
static void run_pixel_chunks(void *ctx, size_t begin, size_t end,
                             uint32_t worker) {
  (void)worker;
  const conv_task_t *t = ctx;
  const int64_t pixels = t->g->pixels, mg = t->g->mg;
  const int64_t mr = lk_simd_gemm_mr(t->isa);
  for (size_t item = begin; item < end; item++) {
    int64_t i0 = (int64_t)item * t->t.mc;
    int64_t i1 = i0 + t->t.mc < pixels ? i0 + t->t.mc : pixels;
    for (int64_t i = i0; i < i1; i += mr)
      t->pack(t->g, t->x, i, i1 - i < mr ? i1 - i : mr, mr,
              t->columns + (size_t)i * (size_t)t->g->k);
    lk_simd_gemm_tile(t->isa, &t->ga, i0, i1, t->bw, 0, t->t.np);
    put_pixel_rows(t, i0, i1, 0, mg);
  }
}

/* Pixels as rows: item = a tile of np channel panels against every pixel,
 * then its channels transposed into y and finished. */
static void run_channel_tiles(void *ctx, size_t begin, size_t end,
                              uint32_t worker) {
  (void)worker;
  const conv_task_t *t = ctx;
  const int64_t pixels = t->g->pixels, mg = t->g->mg;
  for (size_t item = begin; item < end; item++) {
    int64_t pj = (int64_t)item * t->t.np, j0 = pj * t->t.nr;
    int64_t w = width_from(t, mg, pj, t->t.np);
    lk_simd_gemm_tile(t->isa, &t->ga, 0, pixels, t->bw + j0 * t->g->k, j0,
                     t->t.np);
    put_pixel_rows(t, 0, pixels, j0, j0 + w);
  }
}

lt_status_t lk_simd_conv2d__f32_nchw(const lk_call_t *call) {
  static const char kName[] = LK_SIMD_KERNEL("conv2d__f32_nchw");
  lk_simd_isa_t isa = lk_simd_call_isa(call);
  geom_t g;
  if (isa == LK_SIMD_ISA_NONE || !lk_simd_conv2d_geometry(call, &g) ||
      !lk_simd_views_dense(call))
    return lk_ref_conv2d__f32_nchw(call);
#if defined(LK_SIMD_ARCH_X86)
  if (lk_simd_conv2d_winograd_packed(call))
    return lk_simd_conv2d_winograd_nchw(call);
#endif
  const lk_conv_params_t *p = call->params;
  if (lk_simd_dw_applies(&g)) {
    const lk_parallel_t *dpar = lk_call_parallel(call);
    float *dws;
    LT_RETURN_IF_ERROR(lk_simd_workspace(
        kName, call, lk_simd_dw_workspace_floats(&g, lk_parallel_workers(dpar)),
        &dws));
    lk_simd_epilogue_t e = {p->act, (float)p->act_alpha, (float)p->act_beta};
    lk_simd_dw_run(isa, &g, call->inputs[0].data, call->inputs[1].data,
                   call->num_inputs > 2 && call->inputs[2].dtype != LK_DTYPE_NONE
                       ? call->inputs[2].data
                       : NULL,
                   call->num_inputs > 3 && call->inputs[3].dtype != LK_DTYPE_NONE
                       ? call->inputs[3].data
                       : NULL,
                   call->outputs[0].data, &e, dws, dpar);
    return LT_OK;
  }
  const lk_parallel_t *par = parallel_of(&g, call);
  uint32_t workers = lk_parallel_workers(par);
  float *ws;
  LT_RETURN_IF_ERROR(lk_simd_workspace(kName, call, ws_floats(&g, workers), &ws));
  const float *x = call->inputs[0].data, *w = call->inputs[1].data;
  const float *bias =
      call->num_inputs > 2 && call->inputs[2].dtype != LK_DTYPE_NONE
          ? call->inputs[2].data
          : NULL;
  const float *residual =
      call->num_inputs > 3 && call->inputs[3].dtype != LK_DTYPE_NONE
          ? call->inputs[3].data
          : NULL;
  float *y = call->outputs[0].data;
  /* the packed weights, if they are this call's, and their form; the
   * weights as stored otherwise, the channels as rows */
  const packed_head_t *ph = call->packed;
  const float *wp = NULL;
  form_t form = FORM_CHANNEL_ROWS;
  if (ph && call->packed_size >= sizeof *ph && ph->magic == PACK_MAGIC &&
      ph->isa == (int32_t)isa && ph->m == g.m && ph->k == g.k &&
      ph->group == g.group &&
      (ph->form == FORM_CHANNEL_ROWS || ph->form == FORM_PIXEL_ROWS)) {
    wp = (const float *)(ph + 1);
    form = (form_t)ph->form;
    /* packed for a shape the input no longer has: the weights as stored */
    if (form == FORM_PIXEL_ROWS &&
        form_of(isa, g.pixels, g.mg, g.k) != FORM_PIXEL_ROWS) {
      wp = NULL;
      form = FORM_CHANNEL_ROWS;
    }
  }
  const size_t per = packed_group_floats(isa, form, g.mg, g.k);
  conv_task_t t = {
      .isa = isa,
      .g = &g,
      .t = tiling_of(isa, form, &g, workers),
      .columns = ws,
      .pack = k_conv_pack[isa],
      .epilogue = lk_simd_epilogue_rows[isa],
      .e = {p->act, (float)p->act_alpha, (float)p->act_beta},
      .finish = residual || p->act != LK_ACT_NONE,
      .direct = g.pointwise && g.mg <= 2 * lk_simd_gemm_mr(isa)};
  t.result = ws + columns_floats(isa, &g, &t.t, workers) + 16;
  const int64_t hw = g.h * g.w;
  for (int64_t n = 0; n < g.n; n++)
    for (int64_t grp = 0; grp < g.group; grp++) {
      int64_t out_at = (n * g.m + grp * g.mg) * g.pixels;
      const float *bg = bias ? bias + grp * g.mg : NULL;
      t.x = x + (n * g.c + grp * g.cg) * hw;
      t.y = y + out_at;
      t.residual = residual ? residual + out_at : NULL;
      if (form == FORM_PIXEL_ROWS) {
        t.bw = wp + (size_t)grp * per;
        t.ga = (lk_simd_gemm_args_t){.m = g.pixels, .n = g.mg, .k = g.k,
                                    .a = t.columns, .c = t.result,
                                    .ldc = g.mg, .bias_n = bg,
                                    .a_packed = true};
        if (!t.t.shared) {
          lk_parallel_for(par, (size_t)t.t.chunks, 1, run_pixel_chunks, &t);
          continue;
        }
        lk_parallel_for(par, (size_t)ceil_div(g.pixels, lk_simd_gemm_mr(isa)),
                        1, run_pack_rows, &t);
        lk_parallel_for(par, (size_t)t.t.tiles, 1, run_channel_tiles, &t);
        continue;
      }
      t.ga = (lk_simd_gemm_args_t){
          .m = g.mg, .n = g.pixels, .k = g.k,
          .a = wp ? wp + (size_t)grp * per : w + grp * g.mg * g.k,
          .lda = g.k, .c = t.y, .ldc = g.pixels, .bias_m = bg,
          .a_packed = wp != NULL, .residual = t.residual};
      if (!lk_simd_gemm_store_act(&t.ga, p->act, (float)p->act_alpha)) {
        t.ga.done = activate_panel;
        t.ga.done_ctx = &t;
      }
      if (t.t.shared)
        lk_parallel_for(par, (size_t)t.t.panels, 1, run_pack, &t);
      lk_parallel_for(par, (size_t)(t.t.chunks * t.t.tiles), 1, run_items, &t);
    }
  return LT_OK;
}

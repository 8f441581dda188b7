/* conv_nchwc_wino.c - the Winograd form's weight transform, blocks and
 * steps (conv_nchwc_wino.h). */
#include "kernels/simd/conv_nchwc_wino.h"

#include <string.h>

#include "kernels/simd/gemm.h"

#define BLOCK 16

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

bool lk_simd_wino_applies(int64_t group, int64_t kh, int64_t kw, int64_t sh,
                          int64_t sw, int64_t dh, int64_t dw) {
  return group == 1 && kh == 3 && kw == 3 && sh == 1 && sw == 1 && dh == 1 &&
         dw == 1;
}

/* F(4 x 4): 16 channels each way on maps of more than 64 pixels.
 * F(2 x 2): 64 channels each way on maps of 16 to 64 pixels (resnet's
 * 7 x 7 stage), whose weights are big against the pixels; the other small
 * maps go to the pixels-as-rows GEMM (conv_nchwc.c's SMALL_MAP). Neither
 * where the transformed weights (4x or 1.8x the direct ones) would pass
 * LK_SIMD_WINO_MAX_PACKED_BYTES. */
int64_t lk_simd_wino_tile(int64_t c, int64_t m, int64_t oh, int64_t ow) {
  int64_t tile = 0;
  if (oh * ow > 64)
    tile = c >= BLOCK && m >= BLOCK ? 4 : 0;
  else
    tile = c >= 64 && m >= 64 && oh * ow >= 16 ? 2 : 0;
  if (tile && (double)((tile + 2) * (tile + 2)) * (double)c * (double)m * 4.0 >
                  (double)LK_SIMD_WINO_MAX_PACKED_BYTES)
    return 0;
  return tile;
}

/* Input patch positions of a tile. */
static int64_t positions(int64_t tile) { return (tile + 2) * (tile + 2); }

size_t lk_simd_wino_packed_floats(lk_simd_isa_t isa, int64_t tile, int64_t c,
                                  int64_t m) {
  return (size_t)positions(tile) *
         lk_simd_gemm_packed_floats(isa, ceil_div(c, BLOCK) * BLOCK,
                                    ceil_div(m, BLOCK) * BLOCK);
}

/* G, the filter transform: 6 x 3 for F(4 x 4, 3 x 3) (row j: point p_j's
 * powers 1, p, p^2 over the product of its differences to the other
 * finite points; the points 0, 1, -1, 1/2, -2: the largest error on random
 * 96-channel data 2.6e-6 of the output's largest value, against 6.0e-6
 * for 0, 1, -1, 2, -2), 4 x 3 for F(2 x 2, 3 x 3). */
static const double kG4[6][3] = {{1, 0, 0},
                                 {1.0 / 3, 1.0 / 3, 1.0 / 3},
                                 {-1.0 / 3, 1.0 / 3, -1.0 / 3},
                                 {-16.0 / 15, -8.0 / 15, -4.0 / 15},
                                 {1.0 / 15, -2.0 / 15, 4.0 / 15},
                                 {0, 0, 1}};
static const double kG2[4][3] = {
    {1, 0, 0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0, 1}};

/* Position p's matrix is K x N (K = C, N = M, both padded to the blocks)
 * packed in the GEMM's panels of NR columns: element (c, m) at panel m /
 * NR, row c, lane m % NR. */
void lk_simd_wino_pack(lk_simd_isa_t isa, int64_t tile, int64_t c, int64_t m,
                       const float *w, float *out) {
  const int64_t k = ceil_div(c, BLOCK) * BLOCK, n = ceil_div(m, BLOCK) * BLOCK;
  const int64_t nr = lk_simd_gemm_nr(isa), in = tile + 2;
  const double(*G)[3] = tile == 4 ? kG4 : kG2;
  const size_t per = lk_simd_gemm_packed_floats(isa, k, n);
  memset(out, 0, (size_t)positions(tile) * per * sizeof(float));
  for (int64_t o = 0; o < m; o++)
    for (int64_t i = 0; i < c; i++) {
      const float *g = w + (o * c + i) * 9;
      double gt[LK_SIMD_WINO_IN_MAX][3]; /* G g */
      for (int a = 0; a < in; a++)
        for (int b = 0; b < 3; b++)
          gt[a][b] = G[a][0] * g[b] + G[a][1] * g[3 + b] + G[a][2] * g[6 + b];
      float *at = out + (o / nr) * k * nr + i * nr + o % nr;
      for (int a = 0; a < in; a++)
        for (int b = 0; b < in; b++) /* (G g G^T)[a][b] */
          at[(size_t)(a * in + b) * per] =
              (float)(gt[a][0] * G[b][0] + gt[a][1] * G[b][1] + gt[a][2] * G[b][2]);
    }
}

/* The blocks: each image's tiles in nblk blocks of at most rows tiles,
 * each block's GEMM panels in nsplit splits of at most split panels. */
typedef struct blocks {
  int64_t out, np;       /* the tile's side, its patch's positions */
  int64_t th, tw, tiles; /* tiles down, across, in all (an image) */
  int64_t nblk, rows;
  int64_t panels, nsplit, split;
  int64_t k, n; /* V's and M's row lengths */
} blocks_t;

static blocks_t blocks_of(const lk_simd_wino_conv_t *a, uint32_t workers) {
  blocks_t b = {.out = a->out,
                .np = positions(a->out),
                .th = ceil_div(a->oh, a->out),
                .tw = ceil_div(a->ow, a->out),
                .k = ceil_div(a->c, BLOCK) * BLOCK,
                .n = ceil_div(a->m, BLOCK) * BLOCK};
  b.tiles = b.th * b.tw;
  b.panels = ceil_div(b.n, lk_simd_gemm_nr(a->isa));
  /* the whole image where its matrices fit, else as many rows as fit the
   * block's bytes, a whole number of the GEMM's blocks of rows */
  const size_t tile_bytes = (size_t)(b.np * (b.k + b.n)) * sizeof(float);
  const int64_t mr = lk_simd_gemm_mr(a->isa);
  int64_t fit = (int64_t)(LK_SIMD_WINO_BLOCK_BYTES / tile_bytes) / mr * mr;
  if (fit < mr) fit = mr;
  if ((size_t)b.tiles * tile_bytes <= LK_SIMD_WINO_IMAGE_BYTES) fit = b.tiles;
  b.nblk = ceil_div(b.tiles, fit);
  b.nsplit = 1;
  /* every worker an item, where the images' blocks alone leave some idle:
   * by output channels where U is the bigger read (more channels than
   * tiles), else by tiles */
  if (a->n * b.nblk < (int64_t)workers) {
    int64_t want = ceil_div(workers, a->n * b.nblk);
    if (b.n > b.tiles)
      b.nsplit = want;
    else
      b.nblk = ceil_div(workers, a->n);
  }
  if (b.nblk > b.tiles) b.nblk = b.tiles;
  b.rows = ceil_div(b.tiles, b.nblk);
  b.nblk = ceil_div(b.tiles, b.rows);
  if (b.nsplit > b.panels) b.nsplit = b.panels;
  b.split = ceil_div(b.panels, b.nsplit);
  b.nsplit = ceil_div(b.panels, b.split);
  return b;
}

/* A worker's V and M, 64-byte aligned. */
static size_t worker_floats(const blocks_t *b) {
  size_t f = (size_t)(b->np * b->rows * (b->k + b->n));
  return (f + 15) & ~(size_t)15;
}

size_t lk_simd_wino_workspace_floats(const lk_simd_wino_conv_t *a,
                                     uint32_t workers) {
  blocks_t b = blocks_of(a, workers);
  return worker_floats(&b) * workers;
}

typedef struct task {
  const lk_simd_wino_conv_t *a;
  blocks_t b;
  float *ws;
  void (*input)(const lk_simd_wino_tiles_t *t);
  void (*output)(const lk_simd_wino_tiles_t *t);
} task_t;

static void (*const kInput[LK_SIMD_NUM_ISAS])(const lk_simd_wino_tiles_t *) =
    LK_SIMD_BY_ISA(lk_f32_wino_input);
static void (*const kOutput[LK_SIMD_NUM_ISAS])(const lk_simd_wino_tiles_t *) =
    LK_SIMD_BY_ISA(lk_f32_wino_output);

/* Items: splits of blocks, image-major. */
static void run_blocks(void *ctx, size_t begin, size_t end, uint32_t worker) {
  const task_t *t = ctx;
  const lk_simd_wino_conv_t *a = t->a;
  const blocks_t *b = &t->b;
  const int64_t cb = b->k / BLOCK, mb = b->n / BLOCK;
  const size_t per = lk_simd_gemm_packed_floats(a->isa, b->k, b->n);
  const int64_t nr = lk_simd_gemm_nr(a->isa);
  float *v = t->ws + worker_floats(b) * worker;
  float *mt = v + b->np * b->rows * b->k;
  for (size_t item = begin; item < end; item++) {
    const int64_t split = (int64_t)item % b->nsplit;
    const int64_t blk = (int64_t)item / b->nsplit % b->nblk;
    const int64_t img = (int64_t)item / b->nsplit / b->nblk;
    const int64_t t0 = blk * b->rows;
    /* the split's panels [q0, q1), and the output blocks they hold */
    const int64_t q0 = split * b->split;
    const int64_t q1 = q0 + b->split < b->panels ? q0 + b->split : b->panels;
    const int64_t ob1 = q1 * nr / BLOCK < mb ? q1 * nr / BLOCK : mb;
    const int64_t yoff = img * mb * BLOCK * a->oh * a->ow;
    lk_simd_wino_tiles_t tl = {
        .out = b->out,
        .x = a->x + img * cb * BLOCK * a->h * a->w,
        .h = a->h,
        .w = a->w,
        .ph = a->ph,
        .pw = a->pw,
        .cb = cb,
        .lanes_last = a->c - (cb - 1) * BLOCK,
        .v = v,
        .k = b->k,
        .mt = mt,
        .n = b->n,
        .y = a->y + yoff,
        .residual = a->residual ? a->residual + yoff : NULL,
        .bias = a->bias,
        .oh = a->oh,
        .ow = a->ow,
        .ob0 = q0 * nr / BLOCK,
        .ob1 = ob1,
        .clamp = a->clamp,
        .lo = a->lo,
        .hi = a->hi,
        .tw = b->tw,
        .t0 = t0,
        .nt = b->tiles - t0 < b->rows ? b->tiles - t0 : b->rows,
        .rows = b->rows};
    t->input(&tl);
    for (int64_t p = 0; p < b->np; p++) {
      lk_simd_gemm_args_t g = {.m = tl.nt,
                               .n = b->n,
                               .k = b->k,
                               .a = v + p * b->rows * b->k,
                               .lda = b->k,
                               .c = mt + p * b->rows * b->n,
                               .ldc = b->n};
      lk_simd_gemm_tile(a->isa, &g, 0, tl.nt, a->u + p * per + q0 * b->k * nr,
                        q0 * nr, q1 - q0);
    }
    t->output(&tl);
    if (!a->other_act) continue;
    /* any other activation over the block's rows of each output block */
    const lk_simd_epilogue_row_fn act = lk_simd_epilogue_rows[a->isa];
    for (int64_t i = t0; i < t0 + tl.nt; i++) {
      const int64_t oy = i / b->tw * b->out, ox = i % b->tw * b->out;
      const int64_t nw = a->ow - ox < b->out ? a->ow - ox : b->out;
      for (int64_t ob = tl.ob0; ob < tl.ob1; ob++)
        for (int64_t r = oy; r < oy + b->out && r < a->oh; r++)
          act(&a->e, tl.y + (ob * a->oh + r) * a->ow * BLOCK + ox * BLOCK,
              nw * BLOCK, 0.0f, NULL);
    }
  }
}

void lk_simd_wino_run(const lk_simd_wino_conv_t *a, float *ws,
                      const lk_parallel_t *par) {
  task_t t = {.a = a,
              .b = blocks_of(a, lk_parallel_workers(par)),
              .ws = ws,
              .input = kInput[a->isa],
              .output = kOutput[a->isa]};
  lk_parallel_for(par, (size_t)(a->n * t.b.nblk * t.b.nsplit), 1, run_blocks,
                  &t);
}

/* conv_dw.c - the depthwise path's planes and threads (conv_dw.h). */
#include "kernels/simd/conv_dw.h"

#include <string.h>

/* The most lanes any set's vectors have: a padded row's room past the
 * last output column is a whole vector of them. */
#define MAX_LANES 16

bool lk_simd_dw_applies(const lk_simd_conv_geom_t *g) {
  return g->group > 1 && g->cg == 1 && g->mg == 1;
}

/* The padded plane: the rows the windows reach; per row sw phases of
 * `phase` floats, each as long as the output columns rounded up to a
 * vector plus the window's reach in that phase. */
static int64_t padded_rows(const lk_simd_conv_geom_t *g) {
  return (g->oh - 1) * g->sh + (g->kh - 1) * g->dh + 1;
}
static int64_t phase_floats(const lk_simd_conv_geom_t *g) {
  int64_t ow = (g->ow + MAX_LANES - 1) / MAX_LANES * MAX_LANES;
  return ow + (g->kw - 1) * g->dw / g->sw + 1;
}
static size_t plane_floats(const lk_simd_conv_geom_t *g) {
  return ((size_t)(padded_rows(g) * g->sw * phase_floats(g)) + 15) &
         ~(size_t)15;
}
/* The column taps' offsets (int64 each) ahead of the planes. */
static size_t offsets_floats(const lk_simd_conv_geom_t *g) {
  return ((size_t)g->kw * 2 + 15) & ~(size_t)15;
}

size_t lk_simd_dw_workspace_floats(const lk_simd_conv_geom_t *g,
                                   uint32_t workers) {
  return offsets_floats(g) + plane_floats(g) * workers;
}

typedef struct task {
  lk_simd_isa_t isa;
  const lk_simd_conv_geom_t *g;
  const int64_t *col; /* lk_simd_dw_row_t's */
  const float *x, *w, *bias, *residual;
  float *y, *ws;
  const lk_simd_epilogue_t *e;
} task_t;

static void (*const kRow[LK_SIMD_NUM_ISAS])(const lk_simd_dw_row_t *) =
    LK_SIMD_BY_ISA(lk_f32_dw_row);
static void (*const kGather2[LK_SIMD_NUM_ISAS])(float *, const float *,
                                                int64_t) =
    LK_SIMD_BY_ISA(lk_f32_dw_gather2);

/* Items: planes, n C + c. */
static void run_planes(void *ctx, size_t begin, size_t end, uint32_t worker) {
  const task_t *t = ctx;
  const lk_simd_conv_geom_t *g = t->g;
  const int64_t hp = padded_rows(g), ph = phase_floats(g), row = g->sw * ph;
  float *pad = t->ws + offsets_floats(g) + plane_floats(g) * worker;
  const lk_simd_epilogue_row_fn finish = lk_simd_epilogue_rows[t->isa];
  for (size_t item = begin; item < end; item++) {
    const int64_t ch = (int64_t)item % g->c;
    const float *x = t->x + (int64_t)item * g->h * g->w;
    /* the plane with its pads, each row in its phases: input column col
     * is padded column col + pw */
    memset(pad, 0, (size_t)(hp * row) * sizeof(float));
    for (int64_t r = 0; r < hp; r++) {
      int64_t ih = r - g->ph;
      if (ih < 0 || ih >= g->h) continue;
      const float *src = x + ih * g->w;
      float *dst = pad + r * row;
      int64_t col = g->pw < 0 ? -g->pw : 0;
      if (g->sw == 1) {
        int64_t n = g->w - col < ph - (col + g->pw) ? g->w - col : ph - (col + g->pw);
        if (n > 0) memcpy(dst + col + g->pw, src + col, (size_t)n * sizeof(float));
        continue;
      }
      /* phase q holds padded columns q, q + sw, ...: input columns q +
       * i sw - pw, for the i that fall in [col, w) */
      for (int64_t q = 0; q < g->sw; q++, dst += ph) {
        int64_t first = col + g->pw - q; /* i sw >= first */
        int64_t i0 = first > 0 ? (first + g->sw - 1) / g->sw : 0;
        int64_t i1 = (g->w - 1 + g->pw - q) / g->sw + 1; /* i sw < w + pw - q */
        if (g->w - 1 + g->pw - q < 0) i1 = 0;
        if (i1 > ph) i1 = ph;
        const float *s = src + q + i0 * g->sw - g->pw;
        if (g->sw == 2 && i1 > i0)
          kGather2[t->isa](dst + i0, s, i1 - i0);
        else
          for (int64_t i = i0; i < i1; i++, s += g->sw) dst[i] = *s;
      }
    }
    lk_simd_dw_row_t rw = {.row = row,
                           .x_out = g->sh * row,
                           .col = t->col,
                           .w = t->w + ch * g->kh * g->kw,
                           .kh = g->kh,
                           .kw = g->kw,
                           .dh = g->dh,
                           .ow = g->ow};
    const float b = t->bias ? t->bias[ch] : 0.0f;
    for (int64_t oh = 0; oh < g->oh; oh += 4) {
      const int64_t at = ((int64_t)item * g->oh + oh) * g->ow;
      rw.x = pad + oh * g->sh * row;
      rw.y = t->y + at;
      rw.rows = g->oh - oh < 4 ? g->oh - oh : 4;
      kRow[t->isa](&rw);
      for (int64_t q = 0; q < rw.rows; q++)
        finish(t->e, rw.y + q * g->ow, g->ow, b,
               t->residual ? t->residual + at + q * g->ow : NULL);
    }
  }
}

void lk_simd_dw_run(lk_simd_isa_t isa, const lk_simd_conv_geom_t *g,
                    const float *x, const float *w, const float *bias,
                    const float *residual, float *y,
                    const lk_simd_epilogue_t *e, float *ws,
                    const lk_parallel_t *par) {
  int64_t *col = (int64_t *)ws;
  for (int64_t j = 0; j < g->kw; j++)
    col[j] = j * g->dw % g->sw * phase_floats(g) + j * g->dw / g->sw;
  task_t t = {isa, g, col, x, w, bias, residual, y, ws, e};
  lk_parallel_for(par, (size_t)(g->n * g->c), 1, run_planes, &t);
}

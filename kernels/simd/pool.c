/* pool.c - {x86,arm}_pool2d__f32_nchw's entry point (pool.h): checks, the
 * plane geometry, the instruction set, and the planes over the
 * parallel-for. */
#include "kernels/simd/pool.h"

#include "kernels/abi_ref.h"
#include "kernels/parallel.h"
#include "kernels/ref/pool.h"

static int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return q * b > a ? q - 1 : q;
}

static int64_t ceil_div(int64_t a, int64_t b) { return -floor_div(-a, b); }

static int64_t clamp(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

lk_simd_pool_span_t lk_simd_pool_span(int64_t o, int64_t stride, int64_t dil,
                                    int64_t pad, int64_t pad_end,
                                    int64_t kernel, int64_t in) {
  int64_t start = o * stride - pad;
  int64_t lo = clamp(ceil_div(-start, dil), 0, kernel);
  int64_t hi = clamp(floor_div(in - 1 - start, dil) + 1, 0, kernel);
  int64_t plo = clamp(ceil_div(-pad - start, dil), 0, kernel);
  int64_t phi = clamp(floor_div(in + pad_end - 1 - start, dil) + 1, 0, kernel);
  return (lk_simd_pool_span_t){lo, hi > lo ? hi - lo : 0,
                              phi > plo ? phi - plo : 0};
}

typedef void (*plane_fn)(const lk_simd_pool_geom_t *g, const float *x,
                         float *y, float *row);
static const plane_fn k_pool2d_plane[LK_SIMD_NUM_ISAS] =
    LK_SIMD_BY_ISA(lk_f32_pool2d_plane);

typedef struct pool_task {
  const lk_simd_pool_geom_t *g;
  plane_fn plane;
  const float *x;
  float *y;
} pool_task_t;

static void run_planes(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const pool_task_t *t = ctx;
  float row[LK_SIMD_POOL_MAX_ROW];
  const int64_t in = t->g->h * t->g->w, out = t->g->oh * t->g->ow;
  for (size_t p = begin; p < end; p++)
    t->plane(t->g, t->x + (int64_t)p * in, t->y + (int64_t)p * out, row);
}

lt_status_t lk_simd_pool2d__f32_nchw(const lk_call_t *call) {
  static const char kName[] = LK_SIMD_KERNEL("pool2d__f32_nchw");
  lk_tensor_t x, y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kName, call, 1, 1, 1, 1,
                                         sizeof(lk_pool_params_t), &x, &y));
  LT_RETURN_IF_ERROR(lk_ref_require_f32(kName, &x));
  const lk_pool_params_t *p = call->params;
  lk_simd_isa_t isa = lk_simd_call_isa(call);
  if (isa == LK_SIMD_ISA_NONE || p->type == LK_POOL_LP || p->spatial != 2 ||
      x.rank != 4 || y.rank != 4 || y.dtype != LK_F32 ||
      y.dims[0] != x.dims[0] || y.dims[1] != x.dims[1])
    return lk_ref_pool2d__f32_nchw(call);
  lk_simd_pool_geom_t g = {
      .h = x.dims[2], .w = x.dims[3], .oh = y.dims[2], .ow = y.dims[3],
      .kh = p->kernel[0], .kw = p->kernel[1],
      .sh = p->strides[0], .sw = p->strides[1],
      .dh = p->dilations[0], .dw = p->dilations[1],
      .ph = p->pads_begin[0], .pw = p->pads_begin[1],
      .ph_end = p->pads_end[0],
      .max = p->type == LK_POOL_MAX, .include_pad = p->count_include_pad};
  if (g.kh < 1 || g.kw < 1 || g.sh < 1 || g.sw < 1 || g.dh < 1 || g.dw < 1 ||
      g.ph < 0 || g.pw < 0 || g.ph_end < 0 || p->pads_end[1] < 0)
    return lk_ref_pool2d__f32_nchw(call);
  int64_t reach = g.ow > 0 ? (g.ow - 1) * g.sw + (g.kw - 1) * g.dw + 1 : 0;
  g.row_len = (g.pw + g.w > reach ? g.pw + g.w : reach) + LK_SIMD_POOL_SLACK;
  if (g.row_len > LK_SIMD_POOL_MAX_ROW || g.ow > LK_SIMD_POOL_MAX_ROW)
    return lk_ref_pool2d__f32_nchw(call);
  float col_count[LK_SIMD_POOL_MAX_ROW];
  for (int64_t o = 0; !g.max && o < g.ow; o++) {
    lk_simd_pool_span_t s = lk_simd_pool_span(o, g.sw, g.dw, g.pw,
                                            p->pads_end[1], g.kw, g.w);
    int64_t n = g.include_pad ? s.padded : s.count;
    col_count[o] = (float)(n > 0 ? n : 1); /* no tap: the sum is 0 */
  }
  g.col_count = col_count;
  pool_task_t t = {&g,
                   k_pool2d_plane[isa],
                   x.data, y.data};
  lk_parallel_for(lk_call_parallel(call), (size_t)(x.dims[0] * x.dims[1]), 1,
                  run_planes, &t);
  return LT_OK;
}

/* lower_loops_dwconv.c - depthwise conv2d as loops: group == the input
 * channels C, W of [M, 1, KH, KW] with M = m * C (channel multiplier m),
 * NCHW with 2 spatial dims, any kernel size, strides, dilations and pads
 * (auto_pad resolved by the plan step's own rules, kernels/plan/window.h),
 * bias B, residual R (added before the activation) and the fused
 * activation (the elementwise kernels' formulas, ll_activation).
 *
 * One scf.parallel over the (n, c) planes. Each copies its input plane
 * into a zero-padded buffer on its stack (memref.alloca), split along W
 * into `sw` phase planes: phase p holds the padded columns p, p + sw,
 * p + 2 sw, ... Output column ow of tap kw reads padded column
 * ow*sw + kw*dw, which is column ow + (kw*dw)/sw of phase (kw*dw)%sw: every
 * tap of every output row reads a contiguous run of the buffer whatever the
 * stride, and the pads are zeros that need no test. Then, per output
 * channel of the plane (m of them), the KH*KW weights are broadcast once
 * and each output row is swept by vectors of k->width lanes: KH*KW fmas
 * (taps in the reference's order, from 0), bias, residual, activation,
 * store. A row's last vector, when the row does not fill it, is masked
 * (vector.transfer_read/write: the lanes past the row's end are off); its
 * buffer reads need no mask, the buffer being wide enough for whole
 * vectors. DW_ROWS output rows share one sweep, so a buffer vector two of
 * them read (stride below the kernel's height) is loaded once. */
#include <stdio.h>
#include <string.h>

#include "ir/parser.h"
#include "kernels/plan/window.h"
#include "passes/lower_loops.h"
#include "passes/replace_common.h"

/* Output rows per sweep (see dw_rows). */
#define DW_ROWS 2
/* Kernels of up to this many taps keep their broadcast weights for the
 * whole plane; larger ones load each where it is used. */
#define DW_MAX_HOISTED 64
/* Phases of the buffer (the stride along W) the kernel takes. */
#define DW_MAX_STRIDE 64
/* The largest buffer a plane may take on the stack of the thread that
 * runs it. */
#define DW_MAX_BUFFER_BYTES ((int64_t)1 << 20)

typedef struct dw_geom {
  int64_t n, c, h, w;     /* X */
  int64_t m;              /* output channels per input channel */
  int64_t oh, ow, kh, kw; /* Y's plane, the kernel */
  int64_t sh, sw, dh, dw; /* strides, dilations */
  int64_t pt, pl;         /* leading pads (top, left) */
  bool has_bias, has_res;
  lk_activation_t act;
  double alpha, beta;
} dw_geom_t;

static int64_t floor_div(int64_t a, int64_t b) {
  return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

/* The buffer's rows (the padded rows the output reads, from the top pad)
 * and columns per phase (whole vectors of every output row at every tap's
 * offset). */
static int64_t buffer_rows(const dw_geom_t *g) {
  return (g->oh - 1) * g->sh + (g->kh - 1) * g->dh + 1;
}

static int64_t buffer_cols(const dw_geom_t *g, int64_t width) {
  int64_t whole = (g->ow + width - 1) / width * width;
  return whole + (g->kw - 1) * g->dw / g->sw;
}

/* Whether the buffer fits DW_MAX_BUFFER_BYTES; every product checked
 * (dims, strides and dilations may each be up to 2^48). */
static bool buffer_fits(const dw_geom_t *g, int64_t width) {
  int64_t a, b, whole, rows, cols, plane, bytes;
  if (!lk_size_mul(g->oh - 1, g->sh, &a) || !lk_size_mul(g->kh - 1, g->dh, &b))
    return false;
  rows = a + b + 1;
  if (!lk_size_mul((g->ow + width - 1) / width, width, &whole) ||
      !lk_size_mul(g->kw - 1, g->dw, &a))
    return false;
  cols = whole + a / g->sw;
  return lk_size_mul(rows, cols, &plane) &&
         lk_size_mul(plane, g->sw * 4, &bytes) && bytes <= DW_MAX_BUFFER_BYTES;
}

/* Reads op's shapes and attributes into *g; false (why) for what the
 * kernel does not take. */
static bool dw_geom_of(lt_op_t *op, int64_t width, dw_geom_t *g,
                       ll_why_t *why) {
  memset(g, 0, sizeof(*g));
  if (op->num_results != 1 || !ll_type_ok(op->results[0].type, why))
    return false;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (!lt_rw_absent(op, i) && !ll_type_ok(lt_op_operand(op, i)->type, why))
      return false;
  const lt_type_t *x = lt_op_operand(op, 0)->type, *w = lt_op_operand(op, 1)->type;
  const lt_type_t *y = op->results[0].type;
  if (x->shaped.rank != 4 || w->shaped.rank != 4 || y->shaped.rank != 4) {
    ll_why_set(why, "not 2 spatial dims");
    return false;
  }
  const int64_t *xs = x->shaped.shape, *ws = w->shaped.shape,
                *ys = y->shaped.shape;
  int64_t group = lt_rw_op_int(op, "group", 1);
  if (group != xs[1] || ws[1] != 1 || ys[1] % group != 0) {
    ll_why_set(why, "group %lld of %lld channels: neither 1 nor depthwise",
               (long long)group, (long long)xs[1]);
    return false;
  }
  *g = (dw_geom_t){.n = xs[0], .c = xs[1], .h = xs[2], .w = xs[3],
                   .m = ys[1] / group, .oh = ys[2], .ow = ys[3],
                   .kh = ws[2], .kw = ws[3]};
  /* The plan step's window: strides, dilations, pads, auto_pad. */
  lt_lite_call_t call = lt_repl_call(op);
  lk_plan_t plan;
  lt_lite_plan_init(&call, &plan);
  lk_window_t win;
  int64_t o[2];
  bool ok = LT_SUCCEEDED(lk_window_attrs(&plan, 2, &win));
  win.kernel[0] = g->kh;
  win.kernel[1] = g->kw;
  ok = ok && LT_SUCCEEDED(lk_window_out(&plan, &win, 0, g->h, &o[0])) &&
       LT_SUCCEEDED(lk_window_out(&plan, &win, 1, g->w, &o[1]));
  if (!ok || o[0] != g->oh || o[1] != g->ow || ys[0] != g->n ||
      ws[0] != ys[1]) {
    ll_why_set(why, "the window does not give the result's shape");
    return false;
  }
  g->sh = win.strides[0];
  g->sw = win.strides[1];
  g->dh = win.dilations[0];
  g->dw = win.dilations[1];
  g->pt = win.pads[0];
  g->pl = win.pads[1];
  if (g->sw > DW_MAX_STRIDE) {
    ll_why_set(why, "a stride above %d", DW_MAX_STRIDE);
    return false;
  }
  g->has_bias = !lt_rw_absent(op, 2);
  g->has_res = !lt_rw_absent(op, 3);
  const lt_type_t *b = g->has_bias ? lt_op_operand(op, 2)->type : NULL;
  if (b && (b->shaped.rank != 1 || b->shaped.shape[0] != ys[1])) {
    ll_why_set(why, "a bias that is not one value per output channel");
    return false;
  }
  if (g->has_res && !lt_rw_same_shape(lt_op_operand(op, 3)->type, y)) {
    ll_why_set(why, "a residual of another shape than the result");
    return false;
  }
  if (!ll_op_activation(op, &g->act, &g->alpha, &g->beta)) {
    ll_why_set(why, "unknown fused activation");
    return false;
  }
  if (!buffer_fits(g, width)) {
    ll_why_set(why, "the padded input plane needs more than %lld KiB",
               (long long)(DW_MAX_BUFFER_BYTES >> 10));
    return false;
  }
  return true;
}

/* Vector widths 1..64 are the pass's; the buffer's bound is checked at the
 * widest, so a conv lowers at every width or at none. */
static bool dwconv_supported(lt_op_t *op, ll_why_t *why) {
  dw_geom_t g;
  return dw_geom_of(op, 64, &g, why);
}

/* ---- building blocks ------------------------------------------------------ */
static lt_value_t *imul(ll_kernel_t *k, lt_value_t *a, int64_t b) {
  if (b == 1) return a;
  return ll_op2(k, "arith.muli", a, ll_index(k, b), k->index);
}

static lt_value_t *iadd(ll_kernel_t *k, lt_value_t *a, int64_t b) {
  return b ? ll_iadd(k, a, ll_index(k, b)) : a;
}

/* A vector of memref's last dim at idx, the lanes past its end 0. */
static lt_value_t *masked_load(ll_kernel_t *k, lt_value_t *memref,
                               lt_value_t *const *idx) {
  int32_t last = (int32_t)memref->type->shaped.rank - 1;
  return ll_transfer_read(k, memref, idx, last, k->vec, false);
}

/* Stores the lanes of v that fall inside memref's last dim at idx. */
static void masked_store(ll_kernel_t *k, lt_value_t *v, lt_value_t *memref,
                         lt_value_t *const *idx) {
  ll_transfer_write(k, v, memref, idx, (int32_t)memref->type->shaped.rank - 1,
                    false);
}

/* ---- the padded, phase-split input plane ----------------------------------- */
typedef struct dw_state {
  ll_kernel_t *k;
  const dw_geom_t *g;
  lt_value_t *x, *w, *b, *r, *y; /* the kernel's memrefs (b, r may be NULL) */
  lt_value_t *buf;               /* [sw, rows, cols] */
  int64_t rows, cols;
  lt_value_t *n, *c, *co; /* the plane's batch and channels */
  lt_value_t *wv[DW_MAX_HOISTED]; /* the taps' weights, broadcast */
  lt_value_t *bias;       /* broadcast, or NULL */
} dw_state_t;

/* buf[p, r, j0..j1) = 0 */
static void zero_cols(dw_state_t *s, int64_t p, lt_value_t *r, int64_t j0,
                      int64_t j1) {
  ll_kernel_t *k = s->k;
  if (j0 >= j1) return;
  ll_loop_t lp;
  ll_for_begin(k, &lp, ll_index(k, j0), ll_index(k, j1), ll_index(k, 1), 0,
               NULL);
  lt_value_t *at[3] = {ll_index(k, p), r, lp.iv};
  ll_store(k, ll_float(k, 0.0, k->f32), s->buf, at);
  ll_for_end(k, &lp, 0, NULL);
}

/* buf[p, r, j] = X[n, c, ih, j*sw + p - pl] for j in [j0, j1) and the
 * phases p in [p0, p1), one loop: with every phase, a stride-sw run of
 * the input row read whole. */
static void copy_cols(dw_state_t *s, int64_t p0, int64_t p1, lt_value_t *r,
                      lt_value_t *ih, int64_t j0, int64_t j1) {
  ll_kernel_t *k = s->k;
  const dw_geom_t *g = s->g;
  if (j0 >= j1) return;
  ll_loop_t lp;
  ll_for_begin(k, &lp, ll_index(k, j0), ll_index(k, j1), ll_index(k, 1), 0,
               NULL);
  lt_value_t *col = imul(k, lp.iv, g->sw);
  for (int64_t p = p0; p < p1; p++) {
    lt_value_t *from[4] = {s->n, s->c, ih, iadd(k, col, p - g->pl)};
    lt_value_t *to[3] = {ll_index(k, p), r, lp.iv};
    ll_store(k, ll_load(k, s->x, from, false), s->buf, to);
  }
  ll_for_end(k, &lp, 0, NULL);
}

/* Buffer rows [r0, r1) from input rows r - pt (copy) or zeros. */
static void fill_rows(dw_state_t *s, int64_t r0, int64_t r1, bool copy) {
  ll_kernel_t *k = s->k;
  const dw_geom_t *g = s->g;
  if (r0 >= r1) return;
  ll_loop_t rows;
  ll_for_begin(k, &rows, ll_index(k, r0), ll_index(k, r1), ll_index(k, 1), 0,
               NULL);
  lt_value_t *r = rows.iv;
  if (!copy) {
    for (int64_t p = 0; p < g->sw; p++) zero_cols(s, p, r, 0, s->cols);
    ll_for_end(k, &rows, 0, NULL);
    return;
  }
  lt_value_t *ih = iadd(k, r, -g->pt);
  /* Column j of phase p is padded column j*sw + p, input column
   * j*sw + p - pl: inside the row for j in [lo[p], hi[p]). Where every
   * phase is inside, [mlo, mhi), one loop copies them all; each phase's
   * own ends come before and after it. */
  int64_t lo[DW_MAX_STRIDE], hi[DW_MAX_STRIDE], mlo = 0, mhi = s->cols;
  for (int64_t p = 0; p < g->sw; p++) {
    lo[p] = clamp64(-floor_div(p - g->pl, g->sw), 0, s->cols);
    hi[p] = clamp64(floor_div(g->w - 1 + g->pl - p, g->sw) + 1, lo[p],
                    s->cols);
    mlo = lo[p] > mlo ? lo[p] : mlo;
    mhi = hi[p] < mhi ? hi[p] : mhi;
  }
  if (mhi < mlo) mhi = mlo;
  for (int64_t p = 0; p < g->sw; p++) {
    zero_cols(s, p, r, 0, lo[p]);
    copy_cols(s, p, p + 1, r, ih, lo[p], hi[p] < mlo ? hi[p] : mlo);
  }
  copy_cols(s, 0, g->sw, r, ih, mlo, mhi);
  for (int64_t p = 0; p < g->sw; p++) {
    int64_t from = mhi > lo[p] ? mhi : lo[p];
    copy_cols(s, p, p + 1, r, ih, from, hi[p]);
    zero_cols(s, p, r, hi[p], s->cols);
  }
  ll_for_end(k, &rows, 0, NULL);
}

static void fill_buffer(dw_state_t *s) {
  const dw_geom_t *g = s->g;
  int64_t lo = clamp64(g->pt, 0, s->rows);
  int64_t hi = clamp64(g->pt + g->h, lo, s->rows);
  fill_rows(s, 0, lo, false);
  fill_rows(s, lo, hi, true);
  fill_rows(s, hi, s->rows, false);
}

/* ---- the output rows ----------------------------------------------------------- */
/* The broadcast weight of tap (kh, kw) of channel s->co. */
static lt_value_t *tap_weight(dw_state_t *s, int64_t kh, int64_t kw) {
  ll_kernel_t *k = s->k;
  int64_t t = kh * s->g->kw + kw;
  if (t < DW_MAX_HOISTED && s->wv[t]) return s->wv[t];
  lt_value_t *at[4] = {s->co, ll_index(k, 0), ll_index(k, kh),
                       ll_index(k, kw)};
  return ll_splat(k, ll_load(k, s->w, at, false));
}

/* One vector of `nrows` output rows from row oh, columns from ow0 (the
 * constant ow_const when >= 0): taps, bias, residual, activation, store
 * (masked: the row's last vector, at a constant column). */
static void dw_vector(dw_state_t *s, lt_value_t *oh, lt_value_t *rbase,
                      int nrows, lt_value_t *ow0, int64_t ow_const) {
  bool masked = ow_const >= 0;
  ll_kernel_t *k = s->k;
  const dw_geom_t *g = s->g;
  lt_value_t *acc[DW_ROWS] = {NULL};
  /* A buffer row read by two output rows is loaded once: loads by row
   * offset (t*sh + kh*dh) and tap column. */
  int64_t max_off = (DW_ROWS - 1) * g->sh + (g->kh - 1) * g->dh;
  for (int64_t off = 0; off <= max_off; off++) {
    bool used = false;
    for (int t = 0; t < nrows && !used; t++) {
      int64_t d = off - t * g->sh;
      used = d >= 0 && d % g->dh == 0 && d / g->dh < g->kh;
    }
    if (!used) continue;
    lt_value_t *r = iadd(k, rbase, off);
    for (int64_t kw = 0; kw < g->kw; kw++) {
      int64_t col = kw * g->dw;
      lt_value_t *at[3] = {ll_index(k, col % g->sw), r,
                           ow_const >= 0 ? ll_index(k, ow_const + col / g->sw)
                                         : iadd(k, ow0, col / g->sw)};
      lt_value_t *v = ll_load(k, s->buf, at, true);
      for (int t = 0; t < nrows; t++) {
        int64_t d = off - t * g->sh;
        if (d < 0 || d % g->dh != 0 || d / g->dh >= g->kh) continue;
        lt_value_t *wv = tap_weight(s, d / g->dh, kw);
        if (!acc[t]) {
          acc[t] = ll_fbin(k, "arith.mulf", v, wv);
          continue;
        }
        lt_value_t *ops[3] = {v, wv, acc[t]};
        lt_op_t *fma = ll_op(k, "vector.fma", 3, ops, 1, &k->vec, 0, NULL);
        acc[t] = fma ? lt_op_result(fma, 0) : NULL;
      }
    }
  }
  for (int t = 0; t < nrows; t++) {
    lt_value_t *v = acc[t];
    lt_value_t *at[4] = {s->n, s->co, iadd(k, oh, t), ow0};
    if (s->bias) v = ll_fbin(k, "arith.addf", v, s->bias);
    if (s->r)
      v = ll_fbin(k, "arith.addf", v,
                  masked ? masked_load(k, s->r, at) : ll_load(k, s->r, at, true));
    v = ll_activation(k, g->act, g->alpha, g->beta, v);
    if (masked) masked_store(k, v, s->y, at);
    else ll_store(k, v, s->y, at);
  }
}

/* Output rows [oh0, oh1), nrows at a time (a multiple of them). */
static void dw_rows(dw_state_t *s, int64_t oh0, int64_t oh1, int nrows) {
  ll_kernel_t *k = s->k;
  const dw_geom_t *g = s->g;
  if (oh0 >= oh1) return;
  ll_loop_t rows;
  ll_for_begin(k, &rows, ll_index(k, oh0), ll_index(k, oh1),
               ll_index(k, nrows), 0, NULL);
  lt_value_t *rbase = imul(k, rows.iv, g->sh);
  int64_t vec_end = ll_vec_end(k, g->ow);
  if (vec_end > 0) {
    ll_loop_t cols;
    ll_for_begin(k, &cols, ll_index(k, 0), ll_index(k, vec_end),
                 ll_index(k, k->width), 0, NULL);
    dw_vector(s, rows.iv, rbase, nrows, cols.iv, -1);
    ll_for_end(k, &cols, 0, NULL);
  }
  if (vec_end < g->ow)
    dw_vector(s, rows.iv, rbase, nrows, ll_index(k, vec_end), vec_end);
  ll_for_end(k, &rows, 0, NULL);
}

/* Output channel s->co of the plane: its weights and bias, then its rows. */
static void dw_channel(dw_state_t *s) {
  ll_kernel_t *k = s->k;
  const dw_geom_t *g = s->g;
  memset(s->wv, 0, sizeof(s->wv));
  if (g->kh * g->kw <= DW_MAX_HOISTED)
    for (int64_t kh = 0; kh < g->kh; kh++)
      for (int64_t kw = 0; kw < g->kw; kw++)
        s->wv[kh * g->kw + kw] = tap_weight(s, kh, kw);
  s->bias = s->b ? ll_splat(k, ll_load(k, s->b, &s->co, false)) : NULL;
  int64_t whole = g->oh / DW_ROWS * DW_ROWS;
  dw_rows(s, 0, whole, DW_ROWS);
  dw_rows(s, whole, g->oh, 1);
}

static lt_result_t dwconv_emit(ll_kernel_t *k, lt_op_t *op) {
  dw_geom_t g;
  if (!dw_geom_of(op, k->width, &g, NULL)) return LT_FAILURE;
  dw_state_t s = {.k = k, .g = &g, .x = k->args[0], .w = k->args[1]};
  uint32_t a = 2;
  if (g.has_bias) s.b = k->args[a++];
  if (g.has_res) s.r = k->args[a++];
  s.y = k->args[a];
  s.rows = buffer_rows(&g);
  s.cols = buffer_cols(&g, k->width);

  ll_loop_t planes;
  lt_value_t *idx[2];
  ll_rows_begin(k, &planes, 2, (const int64_t[]){g.n, g.c}, idx);
  s.n = idx[0];
  s.c = idx[1];
  /* The buffer is the plane's own: inside the parallel body, each thread
   * has its own on its stack. */
  s.buf = ll_alloca(k, 3, (const int64_t[]){g.sw, s.rows, s.cols});
  if (!s.buf) return LT_FAILURE;
  fill_buffer(&s);
  if (g.m == 1) {
    s.co = s.c;
    dw_channel(&s);
  } else {
    ll_loop_t maps;
    lt_value_t *first = imul(k, s.c, g.m);
    ll_for_begin(k, &maps, ll_index(k, 0), ll_index(k, g.m), ll_index(k, 1), 0,
                 NULL);
    s.co = ll_iadd(k, first, maps.iv);
    dw_channel(&s);
    ll_for_end(k, &maps, 0, NULL);
  }
  ll_rows_end(k, &planes);
  return k->failed ? LT_FAILURE : LT_SUCCESS;
}

const ll_single_t ll_dwconv_family = {"dwconv", dwconv_supported, dwconv_emit};

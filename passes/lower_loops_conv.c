/* lower_loops_conv.c - conv2d (group 1, NCHW) as a GEMM per image:
 * M = Co, K = Ci * KH * KW, N = OH * OW; A is W viewed as [Co x K], C the
 * output viewed as [N, Co, OH * OW], the bias a per-row addend and the
 * residual R one of C's view. B is the input itself viewed as
 * [N, Ci, H * W] for a 1x1 kernel of stride 1 without pads; otherwise the
 * GEMM's packer builds each N panel's im2col columns, row
 * k = (ci * KH + kh) * KW + kw, column j = oh * OW + ow:
 *   x[n, ci, oh * sh + kh * dh - ph, ow * sw + kw * dw - pw], 0 outside,
 * one output row's columns at a time (vectors at stride 1).
 * Pads, strides and dilations come from the op's plan step (auto_pad
 * resolved as kernels/plan/window.h does). Grouped convolutions are not
 * this family's. */
#include <string.h>

#include "kernels/plan/nn.h"
#include "passes/lite_rewrite.h"
#include "passes/lower_loops.h"

#define LL_CMPI_ULT 6

static lt_result_t conv_step(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, void *params) {
  lk_shape_t out;
  return lk_plan_conv2d(p, in, num_in, &out, params);
}

static bool conv_params(lt_op_t *op, ll_why_t *why, lk_conv_params_t *p) {
  if (!ll_dense_plan(op, why, conv_step, p)) return false;
  if (lt_op_operand(op, 0)->type->shaped.rank != 4) {
    ll_why_set(why, "not a 2-D convolution");
    return false;
  }
  if (p->group != 1) {
    ll_why_set(why, "group %lld: a grouped convolution",
               (long long)p->group);
    return false;
  }
  return true;
}

static bool conv_supported(lt_op_t *op, ll_why_t *why) {
  lk_conv_params_t p;
  return conv_params(op, why, &p);
}

typedef struct im2col {
  const lk_conv_params_t *p;
  lt_value_t *x;
  int64_t ci, h, w, kh, kw, ow;
  bool padded; /* some window reads outside the input */
} im2col_t;

static lt_value_t *imul(ll_kernel_t *k, lt_value_t *a, int64_t c) {
  return c == 1 ? a : ll_op2(k, "arith.muli", a, ll_index(k, c), k->index);
}

static lt_value_t *ult(ll_kernel_t *k, lt_value_t *a, lt_value_t *bound) {
  lt_named_attr_t pred = {
      lt_ident_cstr(k->ctx, "predicate"),
      lt_attr_integer(k->ctx, lt_type_integer(k->ctx, 64, LT_SIGNLESS),
                      LL_CMPI_ULT)};
  lt_value_t *ops[2] = {a, bound};
  lt_op_t *op = ll_op(k, "arith.cmpi", 2, ops, 1, &k->i1, 1, &pred);
  return op ? lt_op_result(op, 0) : NULL;
}

static lt_value_t *select(ll_kernel_t *k, lt_value_t *c, lt_value_t *a,
                          lt_value_t *b) {
  lt_value_t *ops[3] = {c, a, b};
  lt_op_t *op = a ? ll_op(k, "arith.select", 3, ops, 1, &a->type, 0, NULL)
                  : NULL;
  return op ? lt_op_result(op, 0) : NULL;
}

static lt_value_t *isub(ll_kernel_t *k, lt_value_t *a, lt_value_t *b) {
  return ll_op2(k, "arith.subi", a, b, k->index);
}

static lt_value_t *imax(ll_kernel_t *k, lt_value_t *a, lt_value_t *b) {
  return ll_op2(k, "arith.maxsi", a, b, k->index);
}

static lt_value_t *imin(ll_kernel_t *k, lt_value_t *a, lt_value_t *b) {
  return ll_op2(k, "arith.minsi", a, b, k->index);
}

/* panel[row, base + ow] = 0 for ow in [lo, hi). */
static void zero_cols(ll_kernel_t *k, lt_value_t *panel, lt_value_t *row,
                      lt_value_t *base, lt_value_t *lo, lt_value_t *hi) {
  ll_loop_t l;
  ll_for_begin(k, &l, lo, hi, ll_index(k, 1), 0, NULL);
  lt_value_t *dst[2] = {row, ll_iadd(k, base, l.iv)};
  ll_store(k, ll_float(k, 0.0, k->f32), panel, dst);
  ll_for_end(k, &l, 0, NULL);
}

/* panel[row, base + ow] = x[n, ci, ih, ow * sw + woff] for ow in [lo, hi),
 * every read inside the input: vector.load/store by k->width at stride 1,
 * then (or else) element by element. */
static void copy_cols(ll_kernel_t *k, const im2col_t *s, lt_value_t *panel,
                      lt_value_t *row, lt_value_t *base,
                      lt_value_t *const *xi, lt_value_t *woff, lt_value_t *lo,
                      lt_value_t *hi) {
  int64_t sw = s->p->strides[1];
  lt_value_t *start = lo;
  if (sw == 1) {
    lt_value_t *w = ll_index(k, k->width);
    lt_value_t *len = isub(k, hi, lo);
    lt_value_t *whole = ll_op2(k, "arith.muli",
                               ll_op2(k, "arith.divui", len, w, k->index), w,
                               k->index);
    start = ll_iadd(k, lo, whole);
    ll_loop_t l;
    ll_for_begin(k, &l, lo, start, w, 0, NULL);
    lt_value_t *src[4] = {xi[0], xi[1], xi[2], ll_iadd(k, l.iv, woff)};
    lt_value_t *dst[2] = {row, ll_iadd(k, base, l.iv)};
    ll_store(k, ll_load(k, s->x, src, true), panel, dst);
    ll_for_end(k, &l, 0, NULL);
  }
  ll_loop_t l;
  ll_for_begin(k, &l, start, hi, ll_index(k, 1), 0, NULL);
  lt_value_t *src[4] = {xi[0], xi[1], xi[2],
                        ll_iadd(k, imul(k, l.iv, sw), woff)};
  lt_value_t *dst[2] = {row, ll_iadd(k, base, l.iv)};
  ll_store(k, ll_load(k, s->x, src, false), panel, dst);
  ll_for_end(k, &l, 0, NULL);
}

/* panel[row, jj] for jj < cols: the window element of output column
 * j0 + jj, row = (ci * KH + kh) * KW + kw. The columns go output row by
 * output row (oh), so no index is divided per element: on each, the
 * columns whose window element lies in the input are copied (contiguous
 * at stride 1: vectors), the others (the pads) set to 0. */
static void pack_im2col(ll_kernel_t *k, void *user, lt_value_t *panel,
                        lt_value_t *const *batch, lt_value_t *j0,
                        lt_value_t *cols) {
  const im2col_t *s = user;
  const lk_conv_params_t *p = s->p;
  lt_value_t *zero = ll_index(k, 0), *one = ll_index(k, 1);
  lt_value_t *ow_n = ll_index(k, s->ow);
  /* the output rows the panel touches: [j0 / OW, (j0 + cols - 1) / OW] */
  lt_value_t *oh0 = ll_op2(k, "arith.divui", j0, ow_n, k->index);
  lt_value_t *oh1 = ll_iadd(
      k, ll_op2(k, "arith.divui", isub(k, ll_iadd(k, j0, cols), one), ow_n,
                k->index),
      one);
  ll_loop_t cl, hl, wl, ol;
  ll_for_begin(k, &cl, zero, ll_index(k, s->ci), one, 0, NULL);
  ll_for_begin(k, &hl, zero, ll_index(k, s->kh), one, 0, NULL);
  ll_for_begin(k, &wl, zero, ll_index(k, s->kw), one, 0, NULL);
  lt_value_t *row = ll_iadd(
      k, imul(k, ll_iadd(k, imul(k, cl.iv, s->kh), hl.iv), s->kw), wl.iv);
  /* The window's offsets kh * dh - ph and kw * dw - pw (signed), and the
   * output columns [lo, hi) whose iw = ow * sw + woff is in [0, W). */
  lt_value_t *hoff = isub(k, imul(k, hl.iv, p->dilations[0]),
                          ll_index(k, p->pads_begin[0]));
  lt_value_t *woff = isub(k, imul(k, wl.iv, p->dilations[1]),
                          ll_index(k, p->pads_begin[1]));
  lt_value_t *sw = ll_index(k, p->strides[1]);
  lt_value_t *lo = imax(k, zero, ll_op2(k, "arith.ceildivsi",
                                        isub(k, zero, woff), sw, k->index));
  lt_value_t *hi = imin(
      k, ow_n,
      ll_iadd(k,
              ll_op2(k, "arith.floordivsi",
                     isub(k, ll_index(k, s->w - 1), woff), sw, k->index),
              one));
  ll_for_begin(k, &ol, oh0, oh1, one, 0, NULL);
  /* this output row's columns: ow in [a, b), panel column base + ow */
  lt_value_t *base = isub(k, imul(k, ol.iv, s->ow), j0);
  lt_value_t *a = imax(k, zero, isub(k, zero, base));
  lt_value_t *b = imin(k, ow_n, isub(k, cols, base));
  lt_value_t *ih = ll_iadd(k, imul(k, ol.iv, p->strides[0]), hoff);
  /* [c0, c1) copied, the rest of [a, b) zeroed; none copied when the
   * input row ih is a pad (unsigned compare: below 0 wraps). */
  lt_value_t *c0 = imin(k, imax(k, a, lo), b);
  lt_value_t *c1 = imax(k, imin(k, b, hi), c0);
  if (s->padded) {
    lt_value_t *in = ult(k, ih, ll_index(k, s->h));
    c0 = select(k, in, c0, b);
    c1 = select(k, in, c1, b);
  }
  zero_cols(k, panel, row, base, a, c0);
  lt_value_t *xi[3] = {batch[0], cl.iv, ih};
  copy_cols(k, s, panel, row, base, xi, woff, c0, c1);
  zero_cols(k, panel, row, base, c1, b);
  ll_for_end(k, &ol, 0, NULL);
  ll_for_end(k, &wl, 0, NULL);
  ll_for_end(k, &hl, 0, NULL);
  ll_for_end(k, &cl, 0, NULL);
}

static lt_result_t conv_emit(ll_kernel_t *k, lt_op_t *op) {
  lk_conv_params_t p;
  if (!conv_params(op, NULL, &p)) return LT_FAILURE;
  const lt_type_t *xt = lt_op_operand(op, 0)->type;
  const lt_type_t *wt = lt_op_operand(op, 1)->type;
  const lt_type_t *yt = op->results[0].type;
  const int64_t *xs = xt->shaped.shape, *ws = wt->shaped.shape,
                *ys = yt->shaped.shape;
  static const uint32_t w_ends[2] = {1, 4}, img_ends[3] = {1, 2, 4};
  ll_gemm_t g;
  memset(&g, 0, sizeof(g));
  g.alpha = 1.0;
  g.m = ws[0];
  g.kdim = ws[1] * ws[2] * ws[3];
  g.n = ys[2] * ys[3];
  g.batch[0] = ys[0];
  g.num_batch = 1;
  g.a = (ll_gemm_view_t){ll_collapse(k, k->args[1], 2, w_ends), 0, 0, 1};
  g.c = (ll_gemm_view_t){ll_collapse(k, k->args[k->num_args - 1], 3, img_ends),
                         1, 1, 2};
  lt_value_t *bias = ll_operand_arg(k, op, 2), *res = ll_operand_arg(k, op, 3);
  if (bias)
    g.add[g.num_add++] = (ll_gemm_addend_t){{bias, 0, 0, -1}, 1.0};
  if (res)
    g.add[g.num_add++] =
        (ll_gemm_addend_t){{ll_collapse(k, res, 3, img_ends), 1, 1, 2}, 1.0};
  g.act = p.act;
  g.act_alpha = p.act_alpha;
  g.act_beta = p.act_beta;
  bool direct = ws[2] == 1 && ws[3] == 1 && p.strides[0] == 1 &&
                p.strides[1] == 1 && p.pads_begin[0] == 0 &&
                p.pads_begin[1] == 0 && ys[2] == xs[2] && ys[3] == xs[3];
  im2col_t s = {&p, k->args[0], xs[1], xs[2], xs[3], ws[2], ws[3], ys[3],
                false};
  if (direct) {
    g.b = (ll_gemm_view_t){ll_collapse(k, k->args[0], 3, img_ends), 1, 1, 2};
  } else {
    /* A window reads outside the input when a pad is not 0 or the last
     * window passes the input's end. */
    for (int d = 0; d < 2; d++) {
      int64_t last = (ys[2 + d] - 1) * p.strides[d] +
                     (ws[2 + d] - 1) * p.dilations[d] - p.pads_begin[d];
      s.padded = s.padded || p.pads_begin[d] > 0 || last >= xs[2 + d];
    }
    g.pack = pack_im2col;
    g.pack_user = &s;
  }
  return ll_gemm_emit(k, &g);
}

const ll_single_t ll_conv_family = {NULL, conv_supported, conv_emit};

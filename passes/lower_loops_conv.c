/* lower_loops_conv.c - conv2d (group 1, NCHW) as a GEMM per image:
 * M = Co, K = Ci * KH * KW, N = OH * OW; A is W viewed as [Co x K], C the
 * output viewed as [N, Co, OH * OW], the bias a per-row addend and the
 * residual R one of C's view. B is the input itself viewed as
 * [N, Ci, H * W] for a 1x1 kernel of stride 1 without pads; otherwise the
 * GEMM's packer builds each N panel's im2col columns, row
 * k = (ci * KH + kh) * KW + kw, column j = oh * OW + ow:
 *   x[n, ci, oh * sh + kh * dh - ph, ow * sw + kw * dw - pw], 0 outside.
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

static lt_value_t *ult(ll_kernel_t *k, lt_value_t *a, int64_t bound) {
  lt_named_attr_t pred = {
      lt_ident_cstr(k->ctx, "predicate"),
      lt_attr_integer(k->ctx, lt_type_integer(k->ctx, 64, LT_SIGNLESS),
                      LL_CMPI_ULT)};
  lt_value_t *ops[2] = {a, ll_index(k, bound)};
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

/* panel[k, jj] for jj < cols: the window element of output column j0 + jj. */
static void pack_im2col(ll_kernel_t *k, void *user, lt_value_t *panel,
                        lt_value_t *const *batch, lt_value_t *j0,
                        lt_value_t *cols) {
  const im2col_t *s = user;
  const lk_conv_params_t *p = s->p;
  ll_loop_t cl, hl, wl, jl;
  ll_for_begin(k, &cl, ll_index(k, 0), ll_index(k, s->ci), ll_index(k, 1), 0,
               NULL);
  ll_for_begin(k, &hl, ll_index(k, 0), ll_index(k, s->kh), ll_index(k, 1), 0,
               NULL);
  ll_for_begin(k, &wl, ll_index(k, 0), ll_index(k, s->kw), ll_index(k, 1), 0,
               NULL);
  lt_value_t *row = ll_iadd(
      k, imul(k, ll_iadd(k, imul(k, cl.iv, s->kh), hl.iv), s->kw), wl.iv);
  /* The window's offset: kh * dh - ph (may be below 0: index arithmetic
   * wraps, and the unsigned bound check below rejects it). */
  lt_value_t *hoff = ll_op2(k, "arith.subi", imul(k, hl.iv, p->dilations[0]),
                            ll_index(k, p->pads_begin[0]), k->index);
  lt_value_t *woff = ll_op2(k, "arith.subi", imul(k, wl.iv, p->dilations[1]),
                            ll_index(k, p->pads_begin[1]), k->index);
  ll_for_begin(k, &jl, ll_index(k, 0), cols, ll_index(k, 1), 0, NULL);
  lt_value_t *j = ll_iadd(k, j0, jl.iv);
  lt_value_t *d = ll_index(k, s->ow);
  lt_value_t *oh = ll_op2(k, "arith.divui", j, d, k->index);
  lt_value_t *ow = ll_op2(k, "arith.remui", j, d, k->index);
  lt_value_t *ih = ll_iadd(k, imul(k, oh, p->strides[0]), hoff);
  lt_value_t *iw = ll_iadd(k, imul(k, ow, p->strides[1]), woff);
  lt_value_t *in = NULL;
  if (s->padded) {
    in = ll_op2(k, "arith.andi", ult(k, ih, s->h), ult(k, iw, s->w), k->i1);
    ih = select(k, in, ih, ll_index(k, 0));
    iw = select(k, in, iw, ll_index(k, 0));
  }
  lt_value_t *src[4] = {batch[0], cl.iv, ih, iw}, *dst[2] = {row, jl.iv};
  lt_value_t *v = ll_load(k, s->x, src, false);
  if (in) v = select(k, in, v, ll_float(k, 0.0, k->f32));
  ll_store(k, v, panel, dst);
  ll_for_end(k, &jl, 0, NULL);
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

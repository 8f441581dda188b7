/* fuse_swish.c - --lite-fuse-swish: the decomposed forms of swish and
 * hard_swish become the one op (Paddle-Lite's sigmoid_elementmul_fuser, and
 * the forms ONNX exporters write for Hardswish before opset 14):
 *   x * sigmoid(x)                     -> swish(x)            (beta 1)
 *   x * sigmoid(k * x), k a constant   -> swish(x) {beta = k} (k * x also as
 *                                         scale(x) {scale = k}, no bias)
 *   x * hard_sigmoid(x) {alpha 1/6, beta 0.5}            -> hard_swish(x)
 *   x * relu6(x + 3) / 6, x * (relu6(x + 3) / 6),
 *   x * relu6(x + 3) * (1/6), x * (relu6(x + 3) * (1/6)) -> hard_swish(x)
 * where relu6(x + 3) is clip(add(x, 3), 0, 6), or the add (or a
 * scale {scale 1, bias 3}) carrying the fused activation relu6. Every
 * intermediate must feed only the next op of the form, the product must
 * not carry an activation, and no op may broadcast x to a larger shape.
 * 1/6 and alpha = 1/6 are recognized within one f32 rounding (hard_swish
 * computes with 1/6 exactly); results agree up to float rounding since
 * intermediates are no longer rounded to the tensor's dtype. */
#include <math.h>

#include "passes/fuse_matmul_common.h"
#include "passes/pass_list.h"

/* At most this many ops make up one form. */
#define MAX_CHAIN 5

typedef struct chain {
  lt_op_t *ops[MAX_CHAIN];
  uint32_t n;
} chain_t;

static void push(chain_t *c, lt_op_t *op) {
  if (c->n < MAX_CHAIN) c->ops[c->n++] = op;
}

/* The operand of the binary op that is not v. */
static lt_value_t *other(lt_op_t *op, const lt_value_t *v) {
  return lt_op_operand(op, lt_op_operand(op, 0) == v ? 1 : 0);
}

/* v's defining op when it is `id`, v feeds nothing else, and its value
 * has x's shape. */
static lt_op_t *single(const lt_value_t *v, lt_lite_op_id_t id,
                       const lt_value_t *x) {
  lt_op_t *op = lt_rw_def(v, id);
  if (!op || !lt_value_has_one_use(v) || op->num_results != 1 ||
      !lt_rw_same_shape(v->type, x->type))
    return NULL;
  return op;
}

static bool near(double v, double want) {
  return fabs(v - want) <= 1e-7 * fabs(want);
}

static bool is_const(const lt_value_t *v, double want) {
  double k;
  return lt_rw_float_scalar(v, &k) && near(k, want);
}

static bool is_relu6(lt_op_t *op, bool attrs) {
  lt_fuse_act_t a;
  bool ok = attrs ? lt_fuse_act_of_attrs(op, &a) : lt_fuse_act_of_op(op, &a);
  return ok && a.kind == LK_ACT_RELU6 && a.alpha == 6.0;
}

/* v = x + 3 as add(x, 3) or scale(x) {scale 1, bias 3}, with the fused
 * activation relu6 (want_relu6) or none. */
static bool plus3(const lt_value_t *v, const lt_value_t *x, bool want_relu6,
                  chain_t *c) {
  lt_op_t *op = single(v, LT_LITE_ADD, x);
  if (op) {
    if (!((lt_op_operand(op, 0) == x && is_const(lt_op_operand(op, 1), 3)) ||
          (lt_op_operand(op, 1) == x && is_const(lt_op_operand(op, 0), 3))))
      return false;
  } else {
    op = single(v, LT_LITE_SCALE, x);
    if (!op || lt_op_operand(op, 0) != x ||
        lt_rw_op_float(op, "scale", 1.0) != 1.0 ||
        lt_rw_op_float(op, "bias", 0.0) != 3.0)
      return false;
  }
  if (want_relu6 ? !is_relu6(op, true) : !lt_fuse_act_none(op)) return false;
  push(c, op);
  return true;
}

/* r = relu6(x + 3). */
static bool relu6_plus3(const lt_value_t *r, const lt_value_t *x, chain_t *c) {
  lt_op_t *clip = single(r, LT_LITE_CLIP, x);
  if (clip) {
    if (!is_relu6(clip, false) || !plus3(lt_op_operand(clip, 0), x, false, c))
      return false;
    push(c, clip);
    return true;
  }
  return plus3(r, x, true, c);
}

/* g = relu6(x + 3) / 6 or relu6(x + 3) * (1/6). */
static bool hard_sigmoid_form(const lt_value_t *g, const lt_value_t *x,
                              chain_t *c) {
  lt_op_t *op = single(g, LT_LITE_DIV, x);
  lt_value_t *r = NULL;
  if (op && is_const(lt_op_operand(op, 1), 6)) {
    r = lt_op_operand(op, 0);
  } else if ((op = single(g, LT_LITE_MUL, x))) {
    for (uint32_t i = 0; i < 2 && !r; i++)
      if (is_const(lt_op_operand(op, 1 - i), 1.0 / 6.0))
        r = lt_op_operand(op, i);
  }
  if (!r || !lt_fuse_act_none(op) || !relu6_plus3(r, x, c)) return false;
  push(c, op);
  return true;
}

/* m = x * relu6(x + 3), either order; writes x. */
static bool product_form(const lt_value_t *m, lt_value_t **x, chain_t *c) {
  lt_op_t *mul = lt_rw_def(m, LT_LITE_MUL);
  if (!mul || !lt_value_has_one_use(m) || !lt_fuse_act_none(mul)) return false;
  for (uint32_t i = 0; i < 2; i++) {
    lt_value_t *cand = lt_op_operand(mul, i);
    chain_t t = *c;
    if (lt_rw_same_shape(m->type, cand->type) &&
        relu6_plus3(lt_op_operand(mul, 1 - i), cand, &t)) {
      *c = t;
      push(c, mul);
      *x = cand;
      return true;
    }
  }
  return false;
}

static lt_result_t replace(lt_rewriter_t *rw, lt_lite_op_id_t id, lt_value_t *x,
                           double beta, chain_t *c) {
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_named_attr_t attr = lt_rw_named_float(ctx, "beta", beta);
  uint32_t num_attrs = id == LT_LITE_SWISH && beta != 1.0 ? 1 : 0;
  if (!lt_dense_replace(rw, id, 1, &x, num_attrs, &attr, c->ops, c->n))
    return LT_FAILURE;
  return LT_SUCCESS;
}

/* sigmoid's argument a is x, k * x or scale(x) {scale k}: the swish beta. */
static bool swish_beta(const lt_value_t *a, const lt_value_t *x, double *beta,
                       chain_t *c) {
  if (a == x) {
    *beta = 1.0;
    return true;
  }
  lt_op_t *op = single(a, LT_LITE_MUL, x);
  if (op && lt_fuse_act_none(op) &&
      (lt_op_operand(op, 0) == x || lt_op_operand(op, 1) == x) &&
      lt_rw_float_scalar(other(op, x), beta)) {
    push(c, op);
  } else if ((op = single(a, LT_LITE_SCALE, x)) && lt_op_operand(op, 0) == x &&
             lt_fuse_act_none(op) && lt_rw_op_float(op, "bias", 0.0) == 0.0) {
    *beta = lt_rw_op_float(op, "scale", 1.0);
    push(c, op);
  } else {
    return false;
  }
  /* beta goes into an f32 attribute. */
  return isfinite(*beta) && (double)(float)*beta == *beta;
}

static lt_result_t fuse_mul(const lt_pattern_t *self, lt_op_t *mul,
                            lt_rewriter_t *rw) {
  lt_value_t *y = lt_op_result(mul, 0);
  if (!lt_rw_is(mul, LT_LITE_MUL) || mul->num_operands != 2 ||
      !lk_dtype_is_float(lt_rw_value_dtype(y)) || !lt_fuse_act_none(mul))
    return LT_FAILURE;
  for (uint32_t i = 0; i < 2; i++) {
    lt_value_t *x = lt_op_operand(mul, i), *g = lt_op_operand(mul, 1 - i);
    chain_t c = {{NULL}, 0};
    double beta;
    if (!lt_rw_same_shape(x->type, y->type)) continue;
    lt_op_t *op;
    if ((op = single(g, LT_LITE_SIGMOID, x)) &&
        swish_beta(lt_op_operand(op, 0), x, &beta, &c)) {
      push(&c, op);
      push(&c, mul);
      if (LT_SUCCEEDED(replace(rw, LT_LITE_SWISH, x, beta, &c)))
        return LT_SUCCESS;
      continue;
    }
    c.n = 0;
    if ((op = single(g, LT_LITE_HARD_SIGMOID, x)) &&
        lt_op_operand(op, 0) == x &&
        near(lt_rw_op_float(op, "alpha", 0.2), 1.0 / 6.0) &&
        lt_rw_op_float(op, "beta", 0.5) == 0.5) {
      push(&c, op);
      push(&c, mul);
      if (LT_SUCCEEDED(replace(rw, LT_LITE_HARD_SWISH, x, 1.0, &c)))
        return LT_SUCCESS;
      continue;
    }
    c.n = 0;
    if (hard_sigmoid_form(g, x, &c)) {
      push(&c, mul);
      if (LT_SUCCEEDED(replace(rw, LT_LITE_HARD_SWISH, x, 1.0, &c)))
        return LT_SUCCESS;
      continue;
    }
    /* (x * relu6(x + 3)) * (1/6): here g is the constant. */
    c.n = 0;
    lt_value_t *hx;
    if (is_const(g, 1.0 / 6.0) && product_form(x, &hx, &c)) {
      push(&c, mul);
      if (lt_rw_same_shape(hx->type, y->type) &&
          LT_SUCCEEDED(replace(rw, LT_LITE_HARD_SWISH, hx, 1.0, &c)))
        return LT_SUCCESS;
    }
  }
  return lt_rewriter_notify_match_failure(rw, mul,
                                          "not a swish or hard_swish form");
}

/* (x * relu6(x + 3)) / 6. */
static lt_result_t fuse_div(const lt_pattern_t *self, lt_op_t *div,
                            lt_rewriter_t *rw) {
  lt_value_t *y = lt_op_result(div, 0), *x;
  chain_t c = {{NULL}, 0};
  if (!lt_rw_is(div, LT_LITE_DIV) || div->num_operands != 2 ||
      !lk_dtype_is_float(lt_rw_value_dtype(y)) || !lt_fuse_act_none(div) ||
      !is_const(lt_op_operand(div, 1), 6) ||
      !product_form(lt_op_operand(div, 0), &x, &c) ||
      !lt_rw_same_shape(x->type, y->type))
    return lt_rewriter_notify_match_failure(rw, div, "not a hard_swish form");
  push(&c, div);
  return replace(rw, LT_LITE_HARD_SWISH, x, 1.0, &c);
}

static const lt_rw_pattern_t patterns[] = {
    {{"lite.mul", 1, fuse_mul, NULL, "fuse-swish-mul"}, 0},
    {{"lite.div", 1, fuse_div, NULL, "fuse-hard-swish-div"}, 0},
};

static lt_result_t run(lt_pass_t *pass, lt_op_t *op) {
  return lt_rw_run_patterns(pass, op, patterns, LT_ARRAY_SIZE(patterns), NULL);
}

static const lt_pass_statistic_t statistics[] = {
    {"num-fused", "Number of swish and hard_swish forms fused"},
};

const lt_pass_info_t lt_fuse_swish_pass = {
    .argument = "lite-fuse-swish",
    .name = "LiteFuseSwish",
    .summary = "Fuse x * sigmoid(x) into swish and x * relu6(x + 3) / 6 "
               "(and its variants) into hard_swish",
    .anchor = "func.func",
    .statistics = statistics,
    .num_statistics = LT_ARRAY_SIZE(statistics),
    .run = run,
};

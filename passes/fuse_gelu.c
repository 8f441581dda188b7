/* fuse_gelu.c - the lite-fuse-gelu pass: GELU as exporters spell it,
 *
 *   erf form:  x * 0.5 * (1 + erf(x / sqrt(2)))      -> gelu {approximate =
 * "none"} tanh form: x * 0.5 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))
 *                                                    -> gelu {approximate =
 * "tanh"}
 *
 * The three factors x, 0.5 and (1 + f(..)) may be multiplied in any order
 * and grouping ((x * e) * 0.5, (x * 0.5) * e, x * (0.5 * e), ...); x / sqrt(2)
 * may be x * (1 / sqrt(2)); x^3 may be pow(x, 3), x * (x * x) or
 * (x * x) * x; every add and mul may take its operands either way round.
 * Constants must be float scalars equal to the exact values within float
 * rounding (relative 1e-6), so 0.6 for 0.5 or a wrong cubic coefficient is
 * left alone, as is a chain whose intermediates have other users, a binary
 * op with a fused activation, or a broadcast that changes x's shape. */
#include <math.h>

#include "passes/lite_rewrite.h"
#include "passes/pass_list.h"

static const double kSqrt2OverPi = 0.79788456080286535588; /* sqrt(2 / pi) */

typedef struct gelu_match {
  lt_rw_match_t set; /* the ops the gelu replaces */
  lt_value_t *x;
  bool tanh; /* the tanh approximation */
} gelu_match_t;

/* v is a float scalar constant equal to `want` within float rounding. */
static bool is_const(lt_value_t *v, double want) {
  double c;
  return lt_rw_float_scalar(v, &c) && fabs(c - want) <= 1e-6 * fabs(want);
}

/* The operand of binary op that is not the constant `want` (op's other
 * operand), NULL when neither is. The result keeps that operand's type. */
static lt_value_t *other_than_const(lt_op_t *op, double want) {
  for (uint32_t i = 0; i < 2; i++)
    if (is_const(lt_op_operand(op, i), want) &&
        lt_op_operand(op, 1 - i)->type == lt_op_result(op, 0)->type)
      return lt_op_operand(op, 1 - i);
  return NULL;
}

/* ---- x / sqrt(2), x^3 and the tanh argument ---------------------------------
 */

/* s = x / sqrt(2) or x * (1 / sqrt(2)): x, else NULL. */
static lt_value_t *match_erf_arg(gelu_match_t *m, lt_value_t *s) {
  lt_op_t *op;
  if ((op = lt_rw_plain_def(s, LT_LITE_DIV)) &&
      is_const(lt_op_operand(op, 1), sqrt(2.0)) &&
      lt_op_operand(op, 0)->type == s->type)
    return lt_rw_match_add(&m->set, op) ? lt_op_operand(op, 0) : NULL;
  lt_value_t *x;
  if ((op = lt_rw_plain_def(s, LT_LITE_MUL)) &&
      (x = other_than_const(op, sqrt(0.5))))
    return lt_rw_match_add(&m->set, op) ? x : NULL;
  return NULL;
}

/* c = x^3 as pow(x, 3), x * (x * x) or (x * x) * x. */
static bool match_cube(gelu_match_t *m, lt_value_t *c, lt_value_t *x) {
  lt_op_t *op, *sq;
  double e;
  if ((op = lt_rw_plain_def(c, LT_LITE_POW)))
    return lt_op_operand(op, 0) == x &&
           lt_rw_const_scalar(lt_op_operand(op, 1), &e) && e == 3.0 &&
           lt_rw_match_add(&m->set, op);
  if (!(op = lt_rw_plain_def(c, LT_LITE_MUL))) return false;
  for (uint32_t i = 0; i < 2; i++)
    if (lt_op_operand(op, i) == x &&
        (sq = lt_rw_plain_def(lt_op_operand(op, 1 - i), LT_LITE_MUL)) &&
        lt_op_operand(sq, 0) == x && lt_op_operand(sq, 1) == x)
      return lt_rw_match_add(&m->set, op) && lt_rw_match_add(&m->set, sq);
  return false;
}

/* t = x + 0.044715 * x^3 (the add and the mul either way round): x. */
static lt_value_t *match_cubic(gelu_match_t *m, lt_value_t *t) {
  lt_op_t *add = lt_rw_plain_def(t, LT_LITE_ADD), *mul;
  if (!add) return NULL;
  for (uint32_t i = 0; i < 2; i++) {
    lt_value_t *x = lt_op_operand(add, i), *c;
    uint32_t saved = m->set.n;
    if (x->type == t->type &&
        (mul = lt_rw_plain_def(lt_op_operand(add, 1 - i), LT_LITE_MUL)) &&
        (c = other_than_const(mul, 0.044715)) &&
        lt_rw_match_add(&m->set, add) && lt_rw_match_add(&m->set, mul) &&
        match_cube(m, c, x))
      return x;
    m->set.n = saved;
  }
  return NULL;
}

/* u = sqrt(2 / pi) * (x + 0.044715 * x^3): x. */
static lt_value_t *match_tanh_arg(gelu_match_t *m, lt_value_t *u) {
  lt_op_t *op = lt_rw_plain_def(u, LT_LITE_MUL);
  lt_value_t *t;
  if (!op || !(t = other_than_const(op, kSqrt2OverPi))) return NULL;
  return lt_rw_match_add(&m->set, op) ? match_cubic(m, t) : NULL;
}

/* e = 1 + erf(x / sqrt(2)) or 1 + tanh(..): sets m->x and m->tanh. */
static bool match_one_plus(gelu_match_t *m, lt_value_t *e) {
  lt_op_t *add = lt_rw_plain_def(e, LT_LITE_ADD), *f;
  lt_value_t *v;
  if (!add || !(v = other_than_const(add, 1.0))) return false;
  if ((f = lt_rw_plain_def(v, LT_LITE_ERF))) {
    m->tanh = false;
    m->x = match_erf_arg(m, lt_op_operand(f, 0));
  } else if ((f = lt_rw_plain_def(v, LT_LITE_TANH))) {
    m->tanh = true;
    m->x = match_tanh_arg(m, lt_op_operand(f, 0));
  }
  return f && m->x && m->x->type == e->type && lt_rw_match_add(&m->set, add) &&
         lt_rw_match_add(&m->set, f);
}

/* ---- the product of x, 0.5 and e
 * ---------------------------------------------- */

/* leaves[0..3) are x, 0.5 and 1 + f(x) in some order. */
static bool match_factors(gelu_match_t *m, lt_value_t *const leaves[3]) {
  for (uint32_t k = 0; k < 3; k++) {
    uint32_t saved = m->set.n;
    if (match_one_plus(m, leaves[k])) {
      lt_value_t *a = leaves[(k + 1) % 3], *b = leaves[(k + 2) % 3];
      if ((a == m->x && is_const(b, 0.5)) || (b == m->x && is_const(a, 0.5)))
        return true;
    }
    m->set.n = saved;
  }
  return false;
}

/* root = mul(leaf, mul(p, q)) either way round, with the three leaves the
 * factors of GELU. */
static bool match_gelu(gelu_match_t *m, lt_op_t *root) {
  for (uint32_t i = 0; i < 2; i++) {
    lt_op_t *inner = lt_rw_plain_def(lt_op_operand(root, 1 - i), LT_LITE_MUL);
    if (!inner || inner == root) continue;
    lt_value_t *leaves[3] = {lt_op_operand(root, i), lt_op_operand(inner, 0),
                             lt_op_operand(inner, 1)};
    *m = (gelu_match_t){.set = {.n = 0}};
    if (lt_rw_match_add(&m->set, root) && lt_rw_match_add(&m->set, inner) &&
        match_factors(m, leaves))
      return true;
  }
  return false;
}

/* ---- the rewrite ------------------------------------------------------------
 */

static lt_result_t fuse_gelu(const lt_pattern_t *self, lt_op_t *root,
                             lt_rewriter_t *rw) {
  gelu_match_t m;
  if (!lt_rw_plain(root, LT_LITE_MUL) || !match_gelu(&m, root) ||
      lt_op_result(root, 0)->type != m.x->type ||
      !lt_rw_match_closed(&m.set, root))
    return LT_FAILURE;
  lt_rw_match_sort(&m.set);
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_named_attr_t approx =
      lt_rw_named_str(ctx, "approximate", m.tanh ? "tanh" : "none");
  lt_rewriter_set_before(rw, root);
  lt_op_t *gelu =
      lt_rw_create(rw, LT_LITE_GELU, lt_rw_fused_loc(ctx, m.set.n, m.set.ops),
                   1, &m.x, 1, &approx, 1);
  if (!gelu) return LT_FAILURE;
  lt_rw_replace_fused(rw, root, lt_op_result(gelu, 0), m.set.ops, m.set.n);
  return LT_SUCCESS;
}

static const lt_rw_pattern_t gelu_patterns[] = {
    {{"lite.mul", 1, fuse_gelu, NULL, "fuse-gelu"}, 0},
};

static lt_result_t run_fuse_gelu(lt_pass_t *pass, lt_op_t *func) {
  return lt_rw_run_patterns(pass, func, gelu_patterns,
                            LT_ARRAY_SIZE(gelu_patterns), NULL);
}

static const lt_pass_statistic_t gelu_statistics[] = {
    {"num-fused", "Number of decomposed GELUs fused"},
};

const lt_pass_info_t lt_fuse_gelu_pass = {
    .argument = "lite-fuse-gelu",
    .name = "LiteFuseGelu",
    .summary = "Fuse the decomposed GELU (erf or tanh form) into lite.gelu",
    .anchor = "func.func",
    .statistics = gelu_statistics,
    .num_statistics = LT_ARRAY_SIZE(gelu_statistics),
    .run = run_fuse_gelu,
};

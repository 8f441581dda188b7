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
#include <string.h>

#include "passes/lite_rewrite.h"
#include "passes/pass_list.h"

#define GELU_MAX_OPS 12

static const double kSqrt2OverPi = 0.79788456080286535588; /* sqrt(2 / pi) */

typedef struct gelu_match {
  lt_op_t *ops[GELU_MAX_OPS];
  uint32_t n;
  lt_value_t *x;
  bool tanh; /* the tanh approximation */
} gelu_match_t;

/* op when it is lite op `id` without a fused activation, else NULL. */
static lt_op_t *plain_op(lt_op_t *op, lt_lite_op_id_t id) {
  if (!lt_lite_is(op, id)) return NULL;
  const lt_attr_t *act = lt_op_attr(op, "activation");
  if (act && !(act->kind == LT_ATTR_STRING && act->str.len == 4 &&
               memcmp(act->str.data, "none", 4) == 0))
    return NULL;
  return op;
}

/* v's defining op when it is lite op `id` without a fused activation. */
static lt_op_t *plain(lt_value_t *v, lt_lite_op_id_t id) {
  return plain_op(lt_value_defining_op(v), id);
}

static bool add_op(gelu_match_t *m, lt_op_t *op) {
  for (uint32_t i = 0; i < m->n; i++)
    if (m->ops[i] == op) return true;
  if (m->n == GELU_MAX_OPS) return false;
  m->ops[m->n++] = op;
  return true;
}

/* v is a float scalar constant equal to `want` within float rounding. */
static bool is_const(lt_value_t *v, double want) {
  double c;
  return v->type->kind == LT_TYPE_TENSOR &&
         lt_type_is_float(v->type->shaped.element) &&
         lt_lite_const_scalar(v, &c) && fabs(c - want) <= 1e-6 * fabs(want);
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
  if ((op = plain(s, LT_LITE_DIV)) &&
      is_const(lt_op_operand(op, 1), sqrt(2.0)) &&
      lt_op_operand(op, 0)->type == s->type)
    return add_op(m, op) ? lt_op_operand(op, 0) : NULL;
  lt_value_t *x;
  if ((op = plain(s, LT_LITE_MUL)) && (x = other_than_const(op, sqrt(0.5))))
    return add_op(m, op) ? x : NULL;
  return NULL;
}

/* c = x^3 as pow(x, 3), x * (x * x) or (x * x) * x. */
static bool match_cube(gelu_match_t *m, lt_value_t *c, lt_value_t *x) {
  lt_op_t *op, *sq;
  double e;
  if ((op = plain(c, LT_LITE_POW)))
    return lt_op_operand(op, 0) == x &&
           lt_lite_const_scalar(lt_op_operand(op, 1), &e) && e == 3.0 &&
           add_op(m, op);
  if (!(op = plain(c, LT_LITE_MUL))) return false;
  for (uint32_t i = 0; i < 2; i++)
    if (lt_op_operand(op, i) == x &&
        (sq = plain(lt_op_operand(op, 1 - i), LT_LITE_MUL)) &&
        lt_op_operand(sq, 0) == x && lt_op_operand(sq, 1) == x)
      return add_op(m, op) && add_op(m, sq);
  return false;
}

/* t = x + 0.044715 * x^3 (the add and the mul either way round): x. */
static lt_value_t *match_cubic(gelu_match_t *m, lt_value_t *t) {
  lt_op_t *add = plain(t, LT_LITE_ADD), *mul;
  if (!add) return NULL;
  for (uint32_t i = 0; i < 2; i++) {
    lt_value_t *x = lt_op_operand(add, i), *c;
    uint32_t saved = m->n;
    if (x->type == t->type &&
        (mul = plain(lt_op_operand(add, 1 - i), LT_LITE_MUL)) &&
        (c = other_than_const(mul, 0.044715)) && add_op(m, add) &&
        add_op(m, mul) && match_cube(m, c, x))
      return x;
    m->n = saved;
  }
  return NULL;
}

/* u = sqrt(2 / pi) * (x + 0.044715 * x^3): x. */
static lt_value_t *match_tanh_arg(gelu_match_t *m, lt_value_t *u) {
  lt_op_t *op = plain(u, LT_LITE_MUL);
  lt_value_t *t;
  if (!op || !(t = other_than_const(op, kSqrt2OverPi))) return NULL;
  return add_op(m, op) ? match_cubic(m, t) : NULL;
}

/* e = 1 + erf(x / sqrt(2)) or 1 + tanh(..): sets m->x and m->tanh. */
static bool match_one_plus(gelu_match_t *m, lt_value_t *e) {
  lt_op_t *add = plain(e, LT_LITE_ADD), *f;
  lt_value_t *v;
  if (!add || !(v = other_than_const(add, 1.0))) return false;
  if ((f = plain(v, LT_LITE_ERF))) {
    m->tanh = false;
    m->x = match_erf_arg(m, lt_op_operand(f, 0));
  } else if ((f = plain(v, LT_LITE_TANH))) {
    m->tanh = true;
    m->x = match_tanh_arg(m, lt_op_operand(f, 0));
  }
  return f && m->x && m->x->type == e->type && add_op(m, add) && add_op(m, f);
}

/* ---- the product of x, 0.5 and e
 * ---------------------------------------------- */

/* leaves[0..3) are x, 0.5 and 1 + f(x) in some order. */
static bool match_factors(gelu_match_t *m, lt_value_t *const leaves[3]) {
  for (uint32_t k = 0; k < 3; k++) {
    uint32_t saved = m->n;
    if (match_one_plus(m, leaves[k])) {
      lt_value_t *a = leaves[(k + 1) % 3], *b = leaves[(k + 2) % 3];
      if ((a == m->x && is_const(b, 0.5)) || (b == m->x && is_const(a, 0.5)))
        return true;
    }
    m->n = saved;
  }
  return false;
}

/* root = mul(leaf, mul(p, q)) either way round, with the three leaves the
 * factors of GELU. */
static bool match_gelu(gelu_match_t *m, lt_op_t *root) {
  for (uint32_t i = 0; i < 2; i++) {
    lt_op_t *inner = plain(lt_op_operand(root, 1 - i), LT_LITE_MUL);
    if (!inner || inner == root) continue;
    lt_value_t *leaves[3] = {lt_op_operand(root, i), lt_op_operand(inner, 0),
                             lt_op_operand(inner, 1)};
    *m = (gelu_match_t){.n = 0};
    if (add_op(m, root) && add_op(m, inner) && match_factors(m, leaves))
      return true;
  }
  return false;
}

/* ---- the rewrite ------------------------------------------------------------
 */

/* Every result but root's is used by matched ops only, all in root's
 * block. */
static bool closed(const gelu_match_t *m, lt_op_t *root) {
  for (uint32_t i = 0; i < m->n; i++) {
    lt_op_t *op = m->ops[i];
    if (op->parent != root->parent) return false;
    if (op == root) continue;
    for (lt_operand_t *u = lt_op_result(op, 0)->first_use; u; u = u->next_use) {
      bool inside = false;
      for (uint32_t j = 0; j < m->n && !inside; j++)
        inside = u->owner == m->ops[j];
      if (!inside) return false;
    }
  }
  return true;
}

static void sort_ops(gelu_match_t *m) {
  for (uint32_t i = 1; i < m->n; i++)
    for (uint32_t j = i; j > 0 && lt_op_is_before(m->ops[j], m->ops[j - 1]);
         j--) {
      lt_op_t *t = m->ops[j];
      m->ops[j] = m->ops[j - 1];
      m->ops[j - 1] = t;
    }
}

static lt_result_t fuse_gelu(const lt_pattern_t *self, lt_op_t *root,
                             lt_rewriter_t *rw) {
  gelu_match_t m;
  if (!plain_op(root, LT_LITE_MUL) || !match_gelu(&m, root) ||
      lt_op_result(root, 0)->type != m.x->type || !closed(&m, root))
    return LT_FAILURE;
  sort_ops(&m);
  lt_context_t *ctx = lt_rewriter_context(rw);
  lt_named_attr_t approx =
      lt_lite_named_str(ctx, "approximate", m.tanh ? "tanh" : "none");
  lt_rewriter_set_before(rw, root);
  lt_op_t *gelu =
      lt_lite_rw_create(rw, LT_LITE_GELU, lt_lite_fused_loc(ctx, m.n, m.ops), 1,
                        &m.x, 1, &approx, 1);
  if (!gelu) return LT_FAILURE;
  lt_value_t *result = lt_op_result(gelu, 0);
  lt_rewriter_replace_op(rw, root, &result);
  for (uint32_t i = m.n; i-- > 0;)
    if (m.ops[i] != root && lt_op_use_empty(m.ops[i]))
      lt_rewriter_erase_op(rw, m.ops[i]);
  lt_lite_count(self);
  return LT_SUCCESS;
}

static const lt_lite_pattern_t gelu_patterns[] = {
    {{"lite.mul", 1, fuse_gelu, NULL, "fuse-gelu"}, 0},
};

static lt_result_t run_fuse_gelu(lt_pass_t *pass, lt_op_t *func) {
  return lt_lite_run_patterns(pass, func, gelu_patterns,
                              LT_ARRAY_SIZE(gelu_patterns));
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

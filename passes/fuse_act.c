/* fuse_act.c - fused activations: which ops fuse, and their attributes
 * (see fuse_act.h). */
#include "passes/fuse_act.h"

#include <math.h>
#include <string.h>

/* The string attribute `name` of op into buf ("" when absent); false when
 * it is there but not a string that fits. */
static bool str_attr(const lt_op_t *op, const char *name, char *buf,
                     size_t cap) {
  const lt_attr_t *a = lt_op_attr(op, name);
  buf[0] = '\0';
  if (!a) return true;
  if (a->kind != LT_ATTR_STRING || a->str.len >= cap) return false;
  memcpy(buf, a->str.data, a->str.len);
  buf[a->str.len] = '\0';
  return true;
}

/* A float attribute (an integer one reads as its value, as the verifier
 * accepts both); false when absent. */
static bool float_attr(const lt_op_t *op, const char *name, double *out) {
  if (!lt_op_attr(op, name)) return false;
  *out = lt_rw_op_float(op, name, 0.0);
  return true;
}

bool lt_fuse_act_of_attrs(lt_op_t *op, lt_fuse_act_t *out) {
  char name[32];
  memset(out, 0, sizeof *out);
  if (!str_attr(op, "activation", name, sizeof name) ||
      !lk_activation_from_name(name, &out->kind))
    return false;
  out->alpha = lk_activation_default_alpha(out->kind);
  out->beta = lk_activation_default_beta(out->kind);
  out->set_alpha = float_attr(op, "activation_alpha", &out->alpha);
  out->set_beta = float_attr(op, "activation_beta", &out->beta);
  return true;
}

bool lt_fuse_act_none(lt_op_t *op) {
  lt_fuse_act_t a;
  return lt_fuse_act_of_attrs(op, &a) && a.kind == LK_ACT_NONE &&
         !lt_op_attr(op, "activation_alpha") &&
         !lt_op_attr(op, "activation_beta");
}

bool lt_fuse_act_is_attr(const char *name) {
  static const char *const names[] = {LT_FUSE_ACT_ATTR_NAMES};
  for (size_t i = 0; i < LT_ARRAY_SIZE(names); i++)
    if (strcmp(name, names[i]) == 0) return true;
  return false;
}

uint32_t lt_fuse_act_named(lt_context_t *ctx, const lt_fuse_act_t *act,
                           lt_named_attr_t *out) {
  if (!act || act->kind == LK_ACT_NONE) return 0;
  uint32_t k = 0;
  out[k++] = lt_rw_named_str(ctx, "activation", lk_activation_name(act->kind));
  if (act->set_alpha)
    out[k++] = lt_rw_named_float(ctx, "activation_alpha", act->alpha);
  if (act->set_beta)
    out[k++] = lt_rw_named_float(ctx, "activation_beta", act->beta);
  return k;
}

/* A clip bound: a constant scalar operand, else the attribute. *present
 * false when neither is there; false when the operand is not constant. */
static bool clip_bound(lt_op_t *op, uint32_t i, const char *attr, bool *present,
                       double *out) {
  *present = false;
  if (!lt_rw_absent(op, i)) {
    *present = true;
    return lt_rw_const_scalar(lt_op_operand(op, i), out);
  }
  *present = float_attr(op, attr, out);
  return true;
}

/* clip(0, hi) is relu (hi absent or +inf) or relu6 with bound hi, which
 * must survive the trip through the f32 activation_alpha attribute. */
static bool clip_act(lt_op_t *op, lt_fuse_act_t *out) {
  bool has_lo, has_hi;
  double lo = 0, hi = 0;
  if (!clip_bound(op, 1, "min", &has_lo, &lo) ||
      !clip_bound(op, 2, "max", &has_hi, &hi) || !has_lo || lo != 0)
    return false;
  if (!has_hi || hi == INFINITY) {
    out->kind = LK_ACT_RELU;
    return true;
  }
  if (!(hi > 0) || !isfinite(hi) || (double)(float)hi != hi) return false;
  out->kind = LK_ACT_RELU6;
  out->alpha = hi;
  out->set_alpha = hi != lk_activation_default_alpha(LK_ACT_RELU6);
  return true;
}

/* The ops that compute an activation of the table as they are. */
static const struct {
  lt_lite_op_id_t op;
  lk_activation_t kind;
} kOpActs[] = {
    {LT_LITE_RELU, LK_ACT_RELU},
    {LT_LITE_LEAKY_RELU, LK_ACT_LEAKY_RELU},
    {LT_LITE_SIGMOID, LK_ACT_SIGMOID},
    {LT_LITE_TANH, LK_ACT_TANH},
    {LT_LITE_HARD_SWISH, LK_ACT_HARD_SWISH},
    {LT_LITE_HARD_SIGMOID, LK_ACT_HARD_SIGMOID},
    {LT_LITE_SWISH, LK_ACT_SWISH},
    {LT_LITE_GELU, LK_ACT_GELU},
};

bool lt_fuse_act_of_op(lt_op_t *op, lt_fuse_act_t *out) {
  memset(out, 0, sizeof *out);
  if (lt_rw_is(op, LT_LITE_CLIP)) return clip_act(op, out);
  size_t i = 0;
  while (i < LT_ARRAY_SIZE(kOpActs) && !lt_rw_is(op, kOpActs[i].op))
    i++;
  if (i == LT_ARRAY_SIZE(kOpActs)) return false;
  char mode[16];
  if (kOpActs[i].op == LT_LITE_GELU &&
      (!str_attr(op, "approximate", mode, sizeof mode) ||
       (mode[0] && strcmp(mode, "none") != 0)))
    return false; /* the tanh form is not the exact gelu activation */
  out->kind = kOpActs[i].kind;
  out->alpha = lk_activation_default_alpha(out->kind);
  out->beta = lk_activation_default_beta(out->kind);
  /* The ops' own attributes have the activation table's meaning and
   * defaults: leaky_relu and hard_sigmoid alpha, hard_sigmoid and swish
   * beta. */
  if (out->kind == LK_ACT_LEAKY_RELU || out->kind == LK_ACT_HARD_SIGMOID)
    out->set_alpha = float_attr(op, "alpha", &out->alpha);
  if (out->kind == LK_ACT_HARD_SIGMOID || out->kind == LK_ACT_SWISH)
    out->set_beta = float_attr(op, "beta", &out->beta);
  return true;
}

/* activation.c - the fused activation table and its scalar functions. */
#include "kernels/ref/activation.h"

#include <math.h>
#include <string.h>

static const struct {
  const char *name;
  double alpha, beta;
} lk_act_table[] = {
#define X(e, name, a, b) {name, a, b},
    LK_ACTIVATIONS(X)
#undef X
};

static bool valid(lk_activation_t kind) {
  return (int)kind >= 0 && kind < LK_NUM_ACTIVATIONS;
}

const char *lk_activation_name(lk_activation_t kind) {
  return valid(kind) ? lk_act_table[kind].name : "?";
}

bool lk_activation_from_name(const char *name, lk_activation_t *out_kind) {
  if (!name || !*name) {
    *out_kind = LK_ACT_NONE;
    return true;
  }
  for (int k = 0; k < LK_NUM_ACTIVATIONS; k++)
    if (strcmp(name, lk_act_table[k].name) == 0) {
      *out_kind = (lk_activation_t)k;
      return true;
    }
  return false;
}

double lk_activation_default_alpha(lk_activation_t kind) {
  return valid(kind) ? lk_act_table[kind].alpha : 0.0;
}
double lk_activation_default_beta(lk_activation_t kind) {
  return valid(kind) ? lk_act_table[kind].beta : 0.0;
}

static double clamp01(double v) { return v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v; }

static double sigmoid(double x) {
  /* Both branches avoid exp overflow for large |x|. */
  if (x >= 0) return 1.0 / (1.0 + exp(-x));
  double e = exp(x);
  return e / (1.0 + e);
}

double lk_ref_activation(lk_activation_t kind, double alpha, double beta,
                         double x) {
  switch (kind) {
  case LK_ACT_NONE: return x;
  case LK_ACT_RELU: return x > 0 ? x : (x != x ? x : 0.0);
  case LK_ACT_RELU6: return x != x ? x : x < 0 ? 0.0 : x > alpha ? alpha : x;
  case LK_ACT_LEAKY_RELU: return x >= 0 ? x : alpha * x;
  case LK_ACT_SIGMOID: return sigmoid(x);
  case LK_ACT_TANH: return tanh(x);
  case LK_ACT_HARD_SWISH: return x * clamp01(alpha * x + beta);
  case LK_ACT_HARD_SIGMOID: return clamp01(alpha * x + beta);
  case LK_ACT_SWISH: return x * sigmoid(beta * x);
  case LK_ACT_GELU: return 0.5 * x * (1.0 + erf(x * 0.70710678118654752440));
  case LK_NUM_ACTIVATIONS: break;
  }
  return x;
}

void lk_ref_activation_apply(lk_activation_t kind, double alpha, double beta,
                             lk_tensor_t *t) {
  if (kind == LK_ACT_NONE) return;
  int64_t n = lk_numel(t);
  if (t->dtype == LK_F32) {
    float *p = t->data;
    for (int64_t i = 0; i < n; i++)
      p[i] = (float)lk_ref_activation(kind, alpha, beta, p[i]);
    return;
  }
  for (int64_t i = 0; i < n; i++)
    lk_store_f64(t, i, lk_ref_activation(kind, alpha, beta, lk_load_f64(t, i)));
}

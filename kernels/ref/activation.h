/* activation.h - fused activations: the scalar functions an op applies to
 * its result when it carries `activation = "<name>"` (add, sub, mul, div,
 * scale, conv2d, gemm, fc, ...), with `activation_alpha` and
 * `activation_beta` as parameters. One table, so every op family and every
 * backend agrees on names, defaults and formulas. */
#ifndef LITE_KERNELS_REF_ACTIVATION_H
#define LITE_KERNELS_REF_ACTIVATION_H

#include <stdbool.h>

#include "kernels/tensor.h"

/* X(ENUM, name, default alpha, default beta). Formulas (a = alpha, b = beta):
 *   relu          max(x, 0)
 *   relu6         min(max(x, 0), a)                 a: the upper bound (6)
 *   leaky_relu    x >= 0 ? x : a * x                (ONNX LeakyRelu)
 *   sigmoid       1 / (1 + exp(-x))
 *   tanh          tanh(x)
 *   hard_swish    x * max(0, min(1, a * x + b))     (ONNX HardSwish)
 *   hard_sigmoid  max(0, min(1, a * x + b))         (ONNX HardSigmoid)
 *   swish         x * sigmoid(b * x)                (Paddle swish's beta)
 *   gelu          x * (1 + erf(x / sqrt(2))) / 2    (exact form) */
#define LK_ACTIVATIONS(X)                                                      \
  X(NONE, "none", 0.0, 0.0)                                                    \
  X(RELU, "relu", 0.0, 0.0)                                                    \
  X(RELU6, "relu6", 6.0, 0.0)                                                  \
  X(LEAKY_RELU, "leaky_relu", 0.01, 0.0)                                       \
  X(SIGMOID, "sigmoid", 0.0, 0.0)                                              \
  X(TANH, "tanh", 0.0, 0.0)                                                    \
  X(HARD_SWISH, "hard_swish", 1.0 / 6.0, 0.5)                                  \
  X(HARD_SIGMOID, "hard_sigmoid", 0.2, 0.5)                                    \
  X(SWISH, "swish", 0.0, 1.0)                                                  \
  X(GELU, "gelu", 0.0, 0.0)

typedef enum lk_activation {
#define X(e, name, a, b) LK_ACT_##e,
  LK_ACTIVATIONS(X)
#undef X
  LK_NUM_ACTIVATIONS
} lk_activation_t;

const char *lk_activation_name(lk_activation_t kind);
/* The activation called `name` ("none" and "" are LK_ACT_NONE); false when
 * there is none of that name. */
bool lk_activation_from_name(const char *name, lk_activation_t *out_kind);
/* The alpha and beta an activation uses when the op does not set them. */
double lk_activation_default_alpha(lk_activation_t kind);
double lk_activation_default_beta(lk_activation_t kind);

/* The activation of x. */
double lk_ref_activation(lk_activation_t kind, double alpha, double beta,
                         double x);
/* Applies the activation in place to every element of t (float dtypes in
 * double, integer dtypes through double and back). */
void lk_ref_activation_apply(lk_activation_t kind, double alpha, double beta,
                             lk_tensor_t *t);

#endif /* LITE_KERNELS_REF_ACTIVATION_H */

/* fuse_act.h - the activation an op carries in its own `activation`,
 * `activation_alpha` and `activation_beta` attributes (the table of
 * kernels/ref/activation.h): recognizing a standalone activation op that
 * may move into the op before it, and reading and writing those
 * attributes. The conv, dense and elementwise fusions all use these, so
 * they agree on which activations fuse. Internal to passes/. */
#ifndef LITE_PASSES_FUSE_ACT_H
#define LITE_PASSES_FUSE_ACT_H

#include "kernels/ref/activation.h"
#include "passes/lite_rewrite.h"

typedef struct lt_fuse_act {
  lk_activation_t kind;
  double alpha, beta;
  bool set_alpha, set_beta; /* write activation_alpha/_beta; else the
                               table's defaults apply */
} lt_fuse_act_t;

/* The ops lt_fuse_act_of_op may accept, as X("name") rows: the roots of
 * the patterns that move an activation into the op before it. */
#define LT_FUSE_ACT_OPS(X)                                                     \
  X("relu")                                                                    \
  X("leaky_relu")                                                              \
  X("sigmoid")                                                                 \
  X("tanh")                                                                    \
  X("hard_swish")                                                              \
  X("hard_sigmoid")                                                            \
  X("swish")                                                                   \
  X("gelu")                                                                    \
  X("clip")

/* The fused activation attributes' names, as the items of an array
 * initializer (a list of attributes to drop). */
#define LT_FUSE_ACT_ATTR_NAMES                                                 \
  "activation", "activation_alpha", "activation_beta"

/* The activation a standalone op computes, when another op can take it:
 * relu, leaky_relu, sigmoid, tanh, hard_swish, hard_sigmoid, swish, gelu
 * (exact form only), and clip with constant bounds min 0 and max absent
 * (relu) or positive (relu6 with that bound). */
bool lt_fuse_act_of_op(lt_op_t *op, lt_fuse_act_t *out);
/* The activation op carries in its own attributes (kind NONE when
 * absent); false when they are unreadable. */
bool lt_fuse_act_of_attrs(lt_op_t *op, lt_fuse_act_t *out);
/* op carries no fused activation, and no stray activation_alpha or
 * activation_beta that a new activation would inherit. */
bool lt_fuse_act_none(lt_op_t *op);
/* name is one of LT_FUSE_ACT_ATTR_NAMES. */
bool lt_fuse_act_is_attr(const char *name);
/* Writes act's attributes (activation, and alpha/beta when set) into
 * out[0..3) and returns how many: none for NULL or LK_ACT_NONE. */
uint32_t lt_fuse_act_named(lt_context_t *ctx, const lt_fuse_act_t *act,
                           lt_named_attr_t *out);

#endif /* LITE_PASSES_FUSE_ACT_H */

/* fuse_elementwise_activation.c - --lite-fuse-elementwise-activation: an
 * activation op after add, sub, mul or div becomes the binary op's fused
 * activation (`activation`, `activation_alpha`, `activation_beta`; Paddle-
 * Lite's fusion_elementwise_*_activation). The activations are those every
 * fused-activation op takes (kernels/ref/activation.h): relu, relu6 (clip
 * with min 0 and a positive max; clip(0, +inf) is relu), leaky_relu,
 * sigmoid, tanh, hard_swish, hard_sigmoid, swish and gelu (exact form; the
 * tanh approximation is no fused activation). The binary op's result must
 * feed only the activation, and the op must not carry an activation
 * already. The same functions run on the same values; the fused form
 * only skips rounding the intermediate to the tensor's dtype, so results
 * may differ in the last bit. */
#include "passes/fuse_matmul_common.h"
#include "passes/pass_list.h"

static bool is_binary(const lt_op_t *op) {
  return lt_rw_is(op, LT_LITE_ADD) || lt_rw_is(op, LT_LITE_SUB) ||
         lt_rw_is(op, LT_LITE_MUL) || lt_rw_is(op, LT_LITE_DIV);
}

static lt_result_t fuse(const lt_pattern_t *self, lt_op_t *act_op,
                        lt_rewriter_t *rw) {
  return lt_dense_fuse_activation(
      act_op, rw, is_binary,
      "input is not a single-use float add/sub/mul/div without activation");
}

#define ROW(name) {{"lite." name, 1, fuse, NULL, "fuse-elementwise-" name}, 0},

static const lt_rw_pattern_t patterns[] = {LT_FUSE_ACT_OPS(ROW)};

static lt_result_t run(lt_pass_t *pass, lt_op_t *op) {
  return lt_rw_run_patterns(pass, op, patterns, LT_ARRAY_SIZE(patterns), NULL);
}

static const lt_pass_statistic_t statistics[] = {
    {"num-fused", "Number of add/sub/mul/div + activation pairs fused"},
};

const lt_pass_info_t lt_fuse_elementwise_activation_pass = {
    .argument = "lite-fuse-elementwise-activation",
    .name = "LiteFuseElementwiseActivation",
    .summary = "Fuse an activation into the preceding add, sub, mul or div",
    .anchor = "func.func",
    .statistics = statistics,
    .num_statistics = LT_ARRAY_SIZE(statistics),
    .run = run,
};

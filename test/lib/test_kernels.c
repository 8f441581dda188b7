/* test_kernels.c - --test-lite-pick-kernels: the kernel-pick pass over the
 * builtin registry plus kernels that do not exist yet, so that lit tests
 * can show how the pass chooses between targets, layouts and attribute
 * constraints:
 *   test_cl_conv2d__f16_nchw         opencl f16 conv (f16 operands)
 *   test_x86_softmax__f32_nchw8c     x86 f32 softmax in nchw8c
 *   test_x86_conv2d_3x3s1__f32_nchw8c  x86 conv taking only 3x3 kernels,
 *                                    stride 1, dilation 1, group 1
 *   test_x86_sigmoid__f32_nchw8c     x86 sigmoid on blocked channels
 * The registry is the pass run's own: created, filled, destroyed per run.
 * Options infer-places and insert-casts go on with lite-infer-places and
 * lite-insert-casts over the same registry. */
#include <stddef.h>

#include "passes/kernel_pick.h"
#include "passes/place_passes.h"
#include "test/lib/test_passes.h"

/* The pick options, then whether to go on with lite-infer-places and
 * lite-insert-casts over the same registry (the test kernels exist in no
 * other). */
typedef struct test_pick_options {
  lt_pick_kernels_options_t pick;
  bool infer_places;
  bool insert_casts;
} test_pick_options_t;

static const lt_pass_option_t kTestOptions[] = {
    {"places", LT_OPT_STRING, offsetof(test_pick_options_t, pick.places),
     "host:f32:nchw",
     "Valid places, highest priority first: target:precision:layout,..."},
    {"explain", LT_OPT_BOOL, offsetof(test_pick_options_t, pick.explain),
     "false", "Emit a remark per op listing every candidate and its score"},
    {"infer-places", LT_OPT_BOOL, offsetof(test_pick_options_t, infer_places),
     "false", "Then run lite-infer-places with these kernels"},
    {"insert-casts", LT_OPT_BOOL, offsetof(test_pick_options_t, insert_casts),
     "false", "Then run lite-insert-casts with these kernels"},
};

/* num-picked, then lite-insert-casts' statistics. */
static const lt_pass_statistic_t
    kTestStatistics[1 + LT_INSERT_CASTS_NUM_STATISTICS] = {
        {"num-picked", "Number of ops given a kernel"},
        {"num-io-copy", "Number of lite.io_copy ops inserted"},
        {"num-calib", "Number of lite.calib ops inserted"},
        {"num-layout", "Number of lite.layout ops inserted"},
        {"num-shared", "Number of uses served by an existing cast"},
        {"num-folded", "Number of casts of constants folded"},
        {"num-cancelled", "Number of casts cancelled by an inverse cast"},
};

static const lk_place_t kClF16[] = {
    LK_PLACE(LK_TARGET_OPENCL, LK_PRECISION_F16, LK_LAYOUT_NCHW)};
static const lk_place_t kX86F32Blocked[] = {
    LK_PLACE(LK_TARGET_X86, LK_PRECISION_F32, LK_LAYOUT_NCHW8C)};
static const int64_t kThree[] = {3};
static const int64_t kOne[] = {1};
static const lk_attr_constraint_t k3x3s1[] = {
    {.attr = "kernel_shape",
     .kind = LK_CONSTRAINT_INTS_EACH_IN,
     .values = kThree,
     .num_values = 1},
    {.attr = "strides",
     .kind = LK_CONSTRAINT_INTS_EACH_IN,
     .absent_ok = true,
     .values = kOne,
     .num_values = 1},
    {.attr = "dilations",
     .kind = LK_CONSTRAINT_INTS_EACH_IN,
     .absent_ok = true,
     .values = kOne,
     .num_values = 1},
    {.attr = "group",
     .kind = LK_CONSTRAINT_INT_IN,
     .absent_ok = true,
     .values = kOne,
     .num_values = 1},
};

static const lk_kernel_t kTestKernels[] = {
    {.name = "test_cl_conv2d__f16_nchw",
     .op = "conv2d",
     .place = LK_PLACE(LK_TARGET_OPENCL, LK_PRECISION_F16, LK_LAYOUT_NCHW),
     .inputs = kClF16,
     .num_inputs = 1,
     .outputs = kClF16,
     .num_outputs = 1,
     .summary = "test: an OpenCL f16 convolution"},
    {.name = "test_x86_softmax__f32_nchw8c",
     .op = "softmax",
     .place = LK_PLACE(LK_TARGET_X86, LK_PRECISION_F32, LK_LAYOUT_NCHW8C),
     .inputs = kX86F32Blocked,
     .num_inputs = 1,
     .outputs = kX86F32Blocked,
     .num_outputs = 1,
     .summary = "test: an x86 softmax on blocked channels"},
    {.name = "test_x86_conv2d_3x3s1__f32_nchw8c",
     .op = "conv2d",
     .place = LK_PLACE(LK_TARGET_X86, LK_PRECISION_F32, LK_LAYOUT_NCHW8C),
     .constraints = k3x3s1,
     .num_constraints = 4,
     .summary = "test: an x86 3x3 stride-1 convolution"},
    {.name = "test_x86_sigmoid__f32_nchw8c",
     .op = "sigmoid",
     .place = LK_PLACE(LK_TARGET_X86, LK_PRECISION_F32, LK_LAYOUT_NCHW8C),
     .inputs = kX86F32Blocked,
     .num_inputs = 1,
     .outputs = kX86F32Blocked,
     .num_outputs = 1,
     .summary = "test: an x86 sigmoid on blocked channels"},
};

static lt_result_t run_test_pick_kernels(lt_pass_t *pass, lt_op_t *op) {
  lk_registry_t *registry = lk_registry_create();
  if (!registry) return lt_op_emit_error(op, "out of memory");
  for (size_t i = 0; i < sizeof(kTestKernels) / sizeof(kTestKernels[0]); i++) {
    lk_reg_status_t s = lk_registry_add(registry, &kTestKernels[i]);
    if (s != LK_REG_OK) {
      lk_registry_destroy(registry);
      return lt_op_emit_error(op, "cannot register %s: %s",
                              kTestKernels[i].name, lk_reg_status_message(s));
    }
  }
  const test_pick_options_t *o = pass->options;
  lt_result_t r = lt_pick_kernels_run(pass, op, registry);
  bool changed = pass->changed;
  if (LT_SUCCEEDED(r) && o->infer_places) {
    r = lt_infer_places_run(pass, op, registry, o->pick.places);
    changed |= pass->changed;
  }
  if (LT_SUCCEEDED(r) && o->insert_casts) {
    r = lt_insert_casts_run(pass, op, registry, 1);
    changed |= pass->changed;
  }
  lt_pass_set_changed(pass, changed);
  lk_registry_destroy(registry);
  return r;
}

const lt_pass_info_t lt_test_lite_pick_kernels_pass = {
    .argument = "test-lite-pick-kernels",
    .name = "TestLitePickKernels",
    .summary = "Test only: lite-pick-kernels over the builtin kernels plus "
               "test kernels (opencl f16 conv, x86 nchw8c softmax, x86 3x3 "
               "conv)",
    .anchor = "func.func",
    .options_size = sizeof(test_pick_options_t),
    .options = kTestOptions,
    .num_options = 4,
    .statistics = kTestStatistics,
    .num_statistics = 1 + LT_INSERT_CASTS_NUM_STATISTICS,
    .run = run_test_pick_kernels,
};

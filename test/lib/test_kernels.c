/* test_kernels.c - --test-lite-register-kernels: gives the context a kernel
 * registry of the builtin kernels plus stand-ins for kernels that do not
 * exist yet, so that lit tests can show how the placement passes that
 * follow choose between targets, layouts and attribute constraints:
 *   test_cl_conv2d__f16_nchw         opencl f16 conv (f16 operands)
 *   test_x86_softmax__f32_nchw8c     x86 f32 softmax in nchw8c
 *   test_x86_conv2d_3x3s1__f32_nchw8c  x86 conv taking only 3x3 kernels,
 *                                    stride 1, dilation 1, group 1
 *   test_x86_sigmoid__f32_nchw8c     x86 sigmoid on blocked channels
 * The stand-ins join as any kernel source does (passes/kernel_registry.h):
 * a registry built by their owner and injected into the context, which
 * owns it from then on. */
#include <stddef.h>

#include "ir/diagnostics.h"
#include "passes/kernel_registry.h"
#include "test/lib/test_passes.h"

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

static lt_result_t run_register_kernels(lt_pass_t *pass, lt_op_t *op) {
  lt_pass_set_changed(pass, false);
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
  lt_status_t st = lt_kernels_set_registry(lt_op_context(op), registry, true);
  if (st) {
    lk_registry_destroy(registry);
    lt_op_emit_error(op, "%s", lt_status_message(st));
    lt_status_free(st);
    return LT_FAILURE;
  }
  return LT_SUCCESS;
}

const lt_pass_info_t lt_test_lite_register_kernels_pass = {
    .argument = "test-lite-register-kernels",
    .name = "TestLiteRegisterKernels",
    .summary = "Test only: the placement passes that follow choose from the "
               "builtin kernels plus stand-ins (opencl f16 conv, x86 nchw8c "
               "softmax and sigmoid, x86 3x3 conv)",
    .run = run_register_kernels,
};

/* abi_ref.h - the reference kernels' call-record entry points: for each
 * registry.def row marked RUN, `lk_` + the row's name
 * (`lk_ref_conv2d__f32_nchw`). Declared from the table itself, so a row
 * and its function cannot drift apart.
 *
 * conv2d, conv2d_transpose: inputs X, W, B (optional), R (optional fused
 * residual); params lk_conv_params_t. pool2d: input X; lk_pool_params_t.
 * layout: one input and one output of one dtype and logical shape, any
 * dense layouts (nchw, nhwc, nchw4c/8c/16c); no params; the channel
 * padding of a blocked output is zeroed. The f32 rows refuse other dtypes.
 *
 * A ref kernel that needs scratch takes it from call->workspace: its row
 * has no workspace function (the runtime sizes the workspace from the plan
 * steps' p->workspace_size, the largest over the model), and the entry
 * point refuses a call whose workspace is smaller than the kernel's size
 * function says for the call's tensors (lk_ref_workspace). */
#ifndef LITE_KERNELS_ABI_REF_H
#define LITE_KERNELS_ABI_REF_H

#include "kernels/abi.h"
#include "kernels/ref/workspace.h"

/* ---- what every reference kernel does first --------------------------------
 * The most operands one call may carry (variadic ops: concat, sum). */
#define LK_CALL_MAX_OPERANDS 64u
/* Checks the call's operand and result counts ([min, max] each) and its
 * parameter block (params_size bytes; 0: not checked), then turns inputs
 * into tensors in[0..max_in) (absent past num_inputs; with max_in at or
 * above LK_CALL_MAX_OPERANDS, only num_inputs of them) and every output
 * into out[0..num_outputs). Each view must be dense row-major nchw. The
 * status names `kernel`. */
lt_status_t lk_ref_call_tensors(const char *kernel, const lk_call_t *call,
                                uint32_t min_in, uint32_t max_in,
                                uint32_t min_out, uint32_t max_out,
                                size_t params_size, lk_tensor_t *in,
                                lk_tensor_t *out);
/* INVALID_ARGUMENT naming kernel unless t is f32 (the f32 rows' check). */
lt_status_t lk_ref_require_f32(const char *kernel, const lk_tensor_t *t);
/* The call's workspace, for a ref kernel that takes `need` bytes of it (its
 * *_workspace function over the call's tensors): INVALID_ARGUMENT naming
 * kernel ("workspace of N bytes, needs M") when the call's is smaller, so
 * that the kernel is not entered. */
lt_status_t lk_ref_workspace(const char *kernel, const lk_call_t *call,
                             size_t need, lk_workspace_t *out);
/* What a ref kernel's false means once its workspace has passed
 * lk_ref_workspace: INVALID_ARGUMENT naming kernel, the operands are not
 * the shapes the parameters were planned for (matmul's batch dims). */
lt_status_t lk_ref_refused(const char *kernel);

#define LK_ABI_DECL_RUN(op, spell)                                             \
  lt_status_t lk_ref_##op##__##spell##_nchw(const lk_call_t *call);
#define LK_ABI_DECL_NONE(op, spell)
#define LK_ABI_DECL_F32_ANY(op, abi)                                           \
  LK_ABI_DECL_##abi(op, f32) LK_ABI_DECL_##abi(op, any)
#define LK_ABI_DECL_ANY_ONLY(op, abi) LK_ABI_DECL_##abi(op, any)
#define LK_REF(op, classes, results, header, abi) LK_ABI_DECL_##classes(op, abi)
#include "kernels/registry.def"
#undef LK_REF

#endif /* LITE_KERNELS_ABI_REF_H */

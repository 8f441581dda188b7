/* abi_ref_nn.c - the call-record entry points of the dense, einsum,
 * attention, normalization, softmax and top_k reference kernels. Operands
 * come in the op's order (an absent optional one has dtype none), results
 * are preallocated with the shapes the op's plan step gave, and the
 * parameter block is that step's (kernels/plan_steps.def; matmul's is
 * lk_no_params_t). Operand #0 decides the precision: the f32 rows refuse
 * any other. matmul, gemm, fc, attention, layer_norm, mvn and top_k take
 * scratch from the call's workspace, of the kernel's *_workspace bytes for
 * the call's tensors; a smaller one is refused before the kernel runs.
 *
 *   matmul      A, B                          lk_no_params_t
 *   gemm        A, B, C?                      lk_gemm_params_t
 *   fc          X, W, bias?                   lk_fc_params_t
 *   einsum      Inputs (1 to 16)              lk_einsum_t
 *   attention   X, Wq, Bq, Wk, Bk, Wv, Bv, Mask?  lk_attention_params_t
 *   batch_norm  X, scale, B, mean, var        lk_norm_params_t
 *   layer_norm  X, Scale, B? -> Y, Mean?, InvStdDev?  lk_layer_norm_params_t
 *   instance_norm  input, scale, B            lk_norm_params_t
 *   lrn         X                             lk_lrn_params_t
 *   mean_variance_normalization  X            lk_mvn_params_t
 *   lp_normalization  X                       lk_lp_norm_params_t
 *   softmax, log_softmax, hardmax  X          lk_softmax_params_t
 *   top_k       X, K -> Values, Indices       lk_topk_params_t
 *
 * einsum's and top_k's blocks are complete only when the step saw every
 * rank (einsum) or K's value (top_k); a block planned without them is
 * refused. */
#include "kernels/abi_ref.h"

#include "kernels/plan/attention.h"
#include "kernels/plan/einsum.h"
#include "kernels/plan/norm.h"
#include "kernels/ref/gemm.h"
#include "kernels/ref/softmax.h"
#include "kernels/ref/topk.h"

/* The operand and result counts and the parameter block of one family. */
typedef struct nn_sig {
  uint32_t min_in, max_in, min_out, max_out;
  size_t params_size;
} nn_sig_t;

/* The call's tensors per sig; operand #0 must be f32 on an f32 row. */
static lt_status_t tensors(const char *kernel, const lk_call_t *call,
                           bool f32_only, nn_sig_t sig, lk_tensor_t *in,
                           lk_tensor_t *out) {
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, sig.min_in, sig.max_in,
                                         sig.min_out, sig.max_out,
                                         sig.params_size, in, out));
  return f32_only ? lk_ref_require_f32(kernel, &in[0]) : LT_OK;
}

static lt_status_t done(const char *kernel, bool ok) {
  return ok ? LT_OK : lk_ref_refused(kernel);
}

static lt_status_t refuse(const char *kernel, const char *what) {
  return lt_status_make(LT_STATUS_INVALID_ARGUMENT, "%s: %s", kernel, what);
}

/* One f32 and one any entry point over run(kernel, call, f32_only). */
#define NN_ROWS(op, run)                                                       \
  lt_status_t lk_ref_##op##__f32_nchw(const lk_call_t *call) {                 \
    return run("ref_" #op "__f32_nchw", call, true);                           \
  }                                                                            \
  lt_status_t lk_ref_##op##__any_nchw(const lk_call_t *call) {                 \
    return run("ref_" #op "__any_nchw", call, false);                          \
  }

/* ---- matrix products --------------------------------------------------- */

static lt_status_t matmul(const char *kernel, const lk_call_t *call, bool f32) {
  lk_tensor_t in[2], y;
  nn_sig_t sig = {2, 2, 1, 1, sizeof(lk_no_params_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, in, &y));
  lk_workspace_t ws;
  LT_RETURN_IF_ERROR(lk_ref_workspace(
      kernel, call, lk_ref_matmul_workspace(&in[0], &in[1], &y), &ws));
  return done(kernel, lk_ref_matmul(&in[0], &in[1], &y, ws));
}

static lt_status_t gemm(const char *kernel, const lk_call_t *call, bool f32) {
  lk_tensor_t in[3], y;
  nn_sig_t sig = {2, 3, 1, 1, sizeof(lk_gemm_params_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, in, &y));
  const lk_gemm_params_t *p = call->params;
  lk_workspace_t ws;
  LT_RETURN_IF_ERROR(lk_ref_workspace(
      kernel, call, lk_ref_gemm_workspace(p, &in[0], &in[1], &in[2], &y), &ws));
  return done(kernel, lk_ref_gemm(p, &in[0], &in[1], &in[2], &y, ws));
}

static lt_status_t fc(const char *kernel, const lk_call_t *call, bool f32) {
  lk_tensor_t in[3], y;
  nn_sig_t sig = {2, 3, 1, 1, sizeof(lk_fc_params_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, in, &y));
  const lk_fc_params_t *p = call->params;
  lk_workspace_t ws;
  LT_RETURN_IF_ERROR(lk_ref_workspace(
      kernel, call, lk_ref_fc_workspace(p, &in[0], &in[1], &in[2], &y), &ws));
  return done(kernel, lk_ref_fc(p, &in[0], &in[1], &in[2], &y, ws));
}

/* The parsed equation indexes operands by rank: it must be the one planned
 * for exactly these operands and this result. */
static lt_status_t einsum(const char *kernel, const lk_call_t *call, bool f32) {
  lk_tensor_t in[LK_EINSUM_MAX_INPUTS], y;
  nn_sig_t sig = {1, LK_EINSUM_MAX_INPUTS, 1, 1, sizeof(lk_einsum_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, in, &y));
  const lk_einsum_t *e = call->params;
  bool fits = e->num_inputs == (int32_t)call->num_inputs &&
              e->out_rank == y.rank;
  const lk_tensor_t *ins[LK_EINSUM_MAX_INPUTS];
  for (uint32_t i = 0; i < call->num_inputs && fits; i++) {
    fits = in[i].rank == e->in_rank[i];
    ins[i] = &in[i];
  }
  if (!fits)
    return refuse(kernel, "the equation was not planned for these operands");
  lk_ref_einsum(e, ins, &y);
  return LT_OK;
}

static lt_status_t attention(const char *kernel, const lk_call_t *call,
                             bool f32) {
  lk_tensor_t in[8], y;
  nn_sig_t sig = {7, 8, 1, 1, sizeof(lk_attention_params_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, in, &y));
  const lk_tensor_t *w[3] = {&in[1], &in[3], &in[5]};
  const lk_tensor_t *b[3] = {&in[2], &in[4], &in[6]};
  const lk_tensor_t *mask = in[7].dtype == LK_DTYPE_NONE ? NULL : &in[7];
  lk_workspace_t ws;
  LT_RETURN_IF_ERROR(lk_ref_workspace(
      kernel, call, lk_ref_attention_workspace(&in[0], w, b, mask, &y), &ws));
  return done(kernel,
              lk_ref_attention(call->params, &in[0], w, b, mask, &y, ws));
}

NN_ROWS(matmul, matmul)
NN_ROWS(gemm, gemm)
NN_ROWS(fc, fc)
NN_ROWS(einsum, einsum)
NN_ROWS(attention, attention)

/* ---- normalizations ---------------------------------------------------- */

static lt_status_t batch_norm(const char *kernel, const lk_call_t *call,
                              bool f32) {
  lk_tensor_t in[5], y;
  nn_sig_t sig = {5, 5, 1, 1, sizeof(lk_norm_params_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, in, &y));
  const lk_norm_params_t *p = call->params;
  lk_ref_batch_norm(p->epsilon, &in[0], &in[1], &in[2], &in[3], &in[4], &y);
  return LT_OK;
}

static lt_status_t layer_norm(const char *kernel, const lk_call_t *call,
                              bool f32) {
  lk_tensor_t in[3], out[3];
  nn_sig_t sig = {2, 3, 1, 3, sizeof(lk_layer_norm_params_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, in, out));
  const lk_layer_norm_params_t *p = call->params;
  uint32_t n = call->num_outputs;
  lk_workspace_t ws;
  LT_RETURN_IF_ERROR(lk_ref_workspace(
      kernel, call, lk_ref_layer_norm_workspace(p->axis, &in[0]), &ws));
  return done(kernel, lk_ref_layer_norm(p->axis, p->epsilon, &in[0], &in[1],
                                        &in[2], &out[0], n > 1 ? &out[1] : NULL,
                                        n > 2 ? &out[2] : NULL, ws));
}

static lt_status_t instance_norm(const char *kernel, const lk_call_t *call,
                                 bool f32) {
  lk_tensor_t in[3], y;
  nn_sig_t sig = {3, 3, 1, 1, sizeof(lk_norm_params_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, in, &y));
  const lk_norm_params_t *p = call->params;
  lk_ref_instance_norm(p->epsilon, &in[0], &in[1], &in[2], &y);
  return LT_OK;
}

static lt_status_t lrn(const char *kernel, const lk_call_t *call, bool f32) {
  lk_tensor_t x, y;
  nn_sig_t sig = {1, 1, 1, 1, sizeof(lk_lrn_params_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, &x, &y));
  lk_ref_lrn(call->params, &x, &y);
  return LT_OK;
}

static lt_status_t mvn(const char *kernel, const lk_call_t *call, bool f32) {
  lk_tensor_t x, y;
  nn_sig_t sig = {1, 1, 1, 1, sizeof(lk_mvn_params_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, &x, &y));
  const lk_mvn_params_t *p = call->params;
  lk_workspace_t ws;
  LT_RETURN_IF_ERROR(lk_ref_workspace(
      kernel, call, lk_ref_mvn_workspace(p->axes_mask, &x), &ws));
  return done(kernel, lk_ref_mvn(p->axes_mask, &x, &y, ws));
}

static lt_status_t lp_norm(const char *kernel, const lk_call_t *call,
                           bool f32) {
  lk_tensor_t x, y;
  nn_sig_t sig = {1, 1, 1, 1, sizeof(lk_lp_norm_params_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, &x, &y));
  lk_ref_lp_norm(call->params, &x, &y);
  return LT_OK;
}

NN_ROWS(batch_norm, batch_norm)
NN_ROWS(layer_norm, layer_norm)
NN_ROWS(instance_norm, instance_norm)
NN_ROWS(lrn, lrn)
NN_ROWS(mean_variance_normalization, mvn)
NN_ROWS(lp_normalization, lp_norm)

/* ---- softmax family ---------------------------------------------------- */

/* Each row computes its own op: a block planned for a sibling is refused. */
static lt_status_t softmax_family(const char *kernel, const lk_call_t *call,
                                  bool f32, lk_softmax_op_t op) {
  lk_tensor_t x, y;
  nn_sig_t sig = {1, 1, 1, 1, sizeof(lk_softmax_params_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, &x, &y));
  const lk_softmax_params_t *p = call->params;
  if (p->op != op) return refuse(kernel, "the parameter block is another op's");
  lk_ref_softmax(p, &x, &y);
  return LT_OK;
}

#define NN_SOFTMAX(op, code)                                                   \
  static lt_status_t run_##op(const char *kernel, const lk_call_t *call,       \
                              bool f32) {                                      \
    return softmax_family(kernel, call, f32, code);                            \
  }                                                                            \
  NN_ROWS(op, run_##op)
NN_SOFTMAX(softmax, LK_SOFTMAX)
NN_SOFTMAX(log_softmax, LK_LOG_SOFTMAX)
NN_SOFTMAX(hardmax, LK_HARDMAX)
#undef NN_SOFTMAX

/* ---- top_k ------------------------------------------------------------- */

static lt_status_t top_k(const char *kernel, const lk_call_t *call, bool f32) {
  lk_tensor_t in[2], out[2];
  nn_sig_t sig = {2, 2, 2, 2, sizeof(lk_topk_params_t)};
  LT_RETURN_IF_ERROR(tensors(kernel, call, f32, sig, in, out));
  const lk_topk_params_t *p = call->params;
  if (p->axis < 0 || p->k < 0)
    return refuse(kernel, "planned without X's rank or K's value");
  if (p->axis >= in[0].rank)
    return refuse(kernel, "the axis is outside X's rank");
  lk_workspace_t ws;
  LT_RETURN_IF_ERROR(
      lk_ref_workspace(kernel, call, lk_ref_top_k_workspace(p, &in[0]), &ws));
  return done(kernel, lk_ref_top_k(p, &in[0], &out[0], &out[1], ws));
}

NN_ROWS(top_k, top_k)

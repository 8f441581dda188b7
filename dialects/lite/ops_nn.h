/* ops_nn.h - what the neural-network op families of the lite dialect
 * (ops_nn_*.c: conv, conv_transpose, pool, matmul, gemm, fc, einsum, the
 * normalizations, resize, top_k) share: operand checks and the reports of
 * a kernel call. The sliding-window rules of conv and pool are
 * their plan steps' (kernels/plan/window.h). */
#ifndef LITE_DIALECTS_LITE_OPS_NN_H
#define LITE_DIALECTS_LITE_OPS_NN_H

#include "dialects/lite/lite_impl.h"

/* Operand i must have operand 0's element type. */
lt_result_t lt_lite_nn_expect_same_dtype(const lt_lite_call_t *c,
                                         const lt_lite_shape_t *in, uint32_t i,
                                         const char *name);
/* Operand i must have rank within [lo, hi] (unknown rank passes). */
lt_result_t lt_lite_nn_expect_rank_range(const lt_lite_call_t *c,
                                         const lt_lite_shape_t *in, uint32_t i,
                                         const char *name, int32_t lo,
                                         int32_t hi);
/* Operand i must be 1-D with `len` elements (len or its dim -1: any). */
lt_result_t lt_lite_nn_expect_vector(const lt_lite_call_t *c,
                                     const lt_lite_shape_t *in, uint32_t i,
                                     const char *name, int64_t len);

/* Reports a kernel that could not allocate its temporaries. */
lt_result_t lt_lite_nn_oom(const lt_lite_call_t *c);
/* Frees ws (lt_lite_workspace_alloc's) after a kernel call; reports a
 * kernel that returned false (ok false), which refused its operands or
 * workspace: not the ones its plan step sized. */
lt_result_t lt_lite_nn_done(const lt_lite_call_t *c, lk_workspace_t *ws,
                            bool ok);

#endif /* LITE_DIALECTS_LITE_OPS_NN_H */

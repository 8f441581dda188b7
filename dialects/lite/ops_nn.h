/* ops_nn.h - what the neural-network op families of the lite dialect
 * (ops_nn_*.c: conv, conv_transpose, pool, matmul, gemm, fc, einsum, the
 * normalizations, resize, top_k) share: sliding-window attributes and
 * output sizes, fused activations, operand checks, and the shape of a
 * concrete tensor. */
#ifndef LITE_DIALECTS_LITE_OPS_NN_H
#define LITE_DIALECTS_LITE_OPS_NN_H

#include "dialects/lite/lite_impl.h"
#include "kernels/ref/activation.h"

#define LT_NN_MAX_SPATIAL (LK_MAX_RANK - 2)

typedef enum lt_nn_auto_pad {
  LT_NN_PAD_NOTSET,
  LT_NN_PAD_SAME_UPPER,
  LT_NN_PAD_SAME_LOWER,
  LT_NN_PAD_VALID
} lt_nn_auto_pad_t;

/* A sliding window over `spatial` dims (conv kernels, pooling windows). */
typedef struct lt_nn_window {
  int32_t spatial;
  lt_nn_auto_pad_t auto_pad;
  int64_t kernel[LT_NN_MAX_SPATIAL]; /* -1 while unknown */
  int64_t strides[LT_NN_MAX_SPATIAL];
  int64_t dilations[LT_NN_MAX_SPATIAL];
  /* pads[d] leads, pads[spatial + d] trails (ONNX order); auto_pad ones are
   * filled in by lt_lite_nn_window_out. */
  int64_t pads[2 * LT_NN_MAX_SPATIAL];
  bool ceil_mode; /* pooling: round the output size up */
} lt_nn_window_t;

/* Reads and checks auto_pad, strides, dilations and pads (ONNX defaults: 1,
 * 1, 0) for `spatial` dims into *out (kernel left -1, ceil_mode false). */
lt_result_t lt_lite_nn_window_attrs(const lt_lite_call_t *c, int32_t spatial,
                                    lt_nn_window_t *out);

/* Output size along dim d of a window sliding over `in` elements, with the
 * auto_pad pads of that dim resolved into w->pads; -1 when in or the kernel
 * is unknown. Reports a size below 1. */
lt_result_t lt_lite_nn_window_out(const lt_lite_call_t *c, lt_nn_window_t *w,
                                  int32_t d, int64_t in, int64_t *out);

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

/* The shapes of concrete operands, so evaluators can rerun the geometry
 * their shape functions computed (values point at the tensors). */
void lt_lite_nn_shapes_of(const lk_tensor_t *in, uint32_t num_in,
                          lt_lite_shape_t *out);

/* Reports a kernel that could not allocate its temporaries. */
lt_result_t lt_lite_nn_oom(const lt_lite_call_t *c);

#endif /* LITE_DIALECTS_LITE_OPS_NN_H */

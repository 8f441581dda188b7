/* fuse_conv_common.h - what the convolution fusions (passes/fuse_conv_*.c)
 * share: recognizing a conv whose weights may be rewritten, reading
 * per-channel constants, trying each operand of an op as that conv, and
 * building the fused conv in place of the ops it replaces. The activations
 * a conv can take are fuse_act.h's. Internal to passes/. */
#ifndef LITE_PASSES_FUSE_CONV_COMMON_H
#define LITE_PASSES_FUSE_CONV_COMMON_H

#include "passes/fuse_act.h"

/* What a fusion needs of the conv it folds into (bits of `need`). */
enum {
  LT_FUSE_CONV_SINGLE_USE = 1u << 0,    /* its result has one use */
  LT_FUSE_CONV_NO_ACTIVATION = 1u << 1, /* no fused activation yet */
  LT_FUSE_CONV_NO_RESIDUAL = 1u << 2,   /* no 4th operand R yet */
  LT_FUSE_CONV_TRANSPOSE_OK = 1u << 3,  /* conv2d_transpose qualifies too */
  LT_FUSE_CONV_CONST = 1u << 4,         /* W and B (if any) are constants,
                                           read into w and b */
  LT_FUSE_CONV_CONST_BIAS = 1u << 5,    /* B (if any) is, read into b */
};

/* A matched conv2d or conv2d_transpose. The weights W are (M, C/g, K...)
 * for conv, (C, M/g, K...) for the transpose; `maps` is M. */
typedef struct lt_fuse_conv {
  lt_op_t *op;
  bool transpose;
  lk_dtype_t dtype; /* f32 or f64 */
  int32_t rank;     /* of X, W and the result */
  int64_t maps, group;
  lk_tensor_t w, b;  /* read as `need` asks; else (and b when absent)
                        dtype none, data NULL */
  lt_allocator_t al; /* the context's, which owns w and b when owned */
  bool w_owned, b_owned;
} lt_fuse_conv_t;

/* Matches the conv defining v with the `need` bits: f32 or f64 (folding
 * weights in f16/bf16 would round them to 11 or 8 bits), W of static
 * shape, a ranked result. Release a match with lt_fuse_conv_release (also
 * after the conv was erased). */
bool lt_fuse_conv_match(const lt_value_t *v, unsigned need,
                        lt_fuse_conv_t *out);
void lt_fuse_conv_release(lt_fuse_conv_t *c);

/* The output channel that element e of c's weights feeds (for the
 * transpose: dim 1, per group). */
int64_t lt_fuse_conv_weight_channel(const lt_fuse_conv_t *c, int64_t e);

/* Reads the constant k as one value per output channel of a result of type
 * `result` with `maps` channels into out[0..maps): k must be a float
 * constant that broadcasts only along dim 1 under numpy rules (all its
 * right-aligned dims 1 except the channel one, 1 or maps), so a scalar,
 * [M,1,1] or [1,M,1,1]; a 1-D [M] lines up with the last dim and is
 * refused unless M is 1. */
bool lt_fuse_conv_channel_values(const lt_value_t *k, const lt_type_t *result,
                                 int64_t maps, double *out);

/* Folds op into the conv c defining its operand conv_index. */
typedef lt_result_t (*lt_fuse_conv_fn_t)(lt_op_t *op, uint32_t conv_index,
                                         lt_fuse_conv_t *c, lt_rewriter_t *rw);
/* The body of a pattern rooted at op: tries operands 0..num-1 of op in turn
 * as a conv matched with `need` whose rank op's result keeps, calling fuse
 * on each until one rewrites; else notifies `why` as the match failure. */
lt_result_t lt_fuse_conv_operands(lt_op_t *op, uint32_t num, unsigned need,
                                  lt_fuse_conv_fn_t fuse, lt_rewriter_t *rw,
                                  const char *why);

/* ---- building ------------------------------------------------------------ */
/* How the fused conv differs from c's conv (NULL/absent fields: keep). */
typedef struct lt_fuse_conv_edit {
  const double *w;       /* new weights, c->w's shape unless w_dims */
  /* Or: new weights = w_scale[map] * c's weights, one factor per output
   * map, computed row by row in the weights' own dtype (the fast path of
   * the bn and scale folds: each weight is read and rounded once). */
  const double *w_scale;
  const int64_t *w_dims; /* c->rank dims of the new weights */
  const double *b;       /* new bias, `maps` values (maps of w_dims) */
  lt_value_t *residual;  /* R */
  const lt_fuse_act_t *act;
} lt_fuse_conv_edit_t;

/* Creates the fused conv before ops[n-1] with c's X, attributes and
 * operands changed by `edit`, located at the fused location of ops[0..n),
 * replaces ops[n-1]'s result with it and erases the other ops of ops
 * (earlier ones, now unused). Returns the new conv, NULL (IR untouched but
 * for unused constants) when out of memory. */
lt_op_t *lt_fuse_conv_replace(lt_rewriter_t *rw, const lt_fuse_conv_t *c,
                              const lt_fuse_conv_edit_t *edit,
                              lt_op_t *const *ops, uint32_t n);

#endif /* LITE_PASSES_FUSE_CONV_COMMON_H */

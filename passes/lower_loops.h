/* lower_loops.h - the pieces of --lite-lower-to-loops (internal): a kernel
 * under construction (ll_kernel_t) and the builders of loop-level IR it is
 * made of (lower_loops_ir.c), and the op families that fill kernels with
 * loops: elementwise groups (lower_loops_ew.c), softmax, reductions, layer
 * norm and global pooling (lower_loops_reduce.c), transpose
 * (lower_loops_transpose.c), layout casts (lower_loops_layout.c),
 * depthwise conv (lower_loops_dwconv.c) and the dense families, matmul,
 * gemm, fc (lower_loops_dense.c) and conv2d (lower_loops_conv.c), on the
 * GEMM microkernel of lower_loops_gemm.c. The driver (lower_loops.c) picks
 * the ops, groups elementwise chains, names and shares kernels and puts
 * `lite.dispatch` ops in place of what they compute.
 *
 * A kernel is a detached `func.func` over memrefs of the dispatch's static
 * f32 shapes, inputs first then outputs. Every loop nest is one
 * `scf.parallel` over the rows (all dims but the innermost ones, flattened
 * so that the codegen can split it over threads) around `scf.for` loops;
 * the innermost one steps by `vector<Wxf32>` with a scalar tail when its
 * dim is the memref's last one. */
#ifndef LITE_PASSES_LOWER_LOOPS_H
#define LITE_PASSES_LOWER_LOOPS_H

#include "dialects/lite/lite.h"
#include "ir/builder.h"
#include "kernels/plan.h"
#include "kernels/ref/activation.h"

/* Ranks, operands and ops a kernel handles; larger ones are left alone. */
#define LL_MAX_RANK 8
#define LL_MAX_INPUTS 16
#define LL_MAX_GROUP 32

/* ---- kernels under construction ------------------------------------------ */
typedef struct ll_const ll_const_t;

typedef struct ll_kernel {
  lt_context_t *ctx;
  lt_loc_t loc;
  int64_t width;     /* f32 lanes of the vectors */
  lt_op_t *func;     /* detached func.func, NULL until ll_kernel_begin */
  lt_block_t *entry; /* its body */
  lt_value_t *args[LL_MAX_INPUTS + 4];
  uint32_t num_args;
  lt_builder_t b;            /* where the next op goes */
  lt_op_t *last_const;       /* constants are kept at the entry's start */
  ll_const_t *consts;        /* cache of constants already made */
  uint32_t num_consts, cap_consts;
  const lt_type_t *index, *f32, *vec, *i1, *vec_i1;
  bool failed; /* an op or type could not be made (out of memory) */
} ll_kernel_t;

/* Starts a kernel over the memref forms of types[0..n) (static f32 ranked
 * tensors), the first num_inputs of them inputs; its args are k->args. */
lt_result_t ll_kernel_begin(ll_kernel_t *k, lt_context_t *ctx, lt_loc_t loc,
                            int64_t width, uint32_t n,
                            const lt_type_t *const *types,
                            uint32_t num_inputs);
/* Ends the body with func.return; LT_FAILURE when building failed. */
lt_result_t ll_kernel_end(ll_kernel_t *k);
/* Frees the builder's own storage (not the func). */
void ll_kernel_free(ll_kernel_t *k);

/* The memref a static ranked tensor type is stored in: memref<shape x f32>
 * of its stored shape (lt_place_stored_shape: the logical one at nchw, the
 * physical one of a blocked or nhwc Place), no layout; NULL past
 * LL_MAX_RANK. */
const lt_type_t *ll_memref_of(lt_context_t *ctx, const lt_type_t *tensor);

/* ---- building ops (at k->b) ----------------------------------------------- */
/* An op `name` of the given operands, result types and attributes; NULL
 * (and k->failed) when it could not be made. */
lt_op_t *ll_op(ll_kernel_t *k, const char *name, uint32_t num_operands,
               lt_value_t *const *operands, uint32_t num_results,
               const lt_type_t *const *result_types, uint32_t num_attrs,
               const lt_named_attr_t *attrs);
/* The result of a one-result op `name` of type `type` on one or two
 * operands. */
lt_value_t *ll_op1(ll_kernel_t *k, const char *name, lt_value_t *a,
                   const lt_type_t *type);
lt_value_t *ll_op2(ll_kernel_t *k, const char *name, lt_value_t *a,
                   lt_value_t *b, const lt_type_t *type);

/* Constants, made once per kernel at the top of its body. */
lt_value_t *ll_index(ll_kernel_t *k, int64_t v);
/* An f32 constant of type `type` (f32, or the vector type as a splat). */
lt_value_t *ll_float(ll_kernel_t *k, double v, const lt_type_t *type);

/* Whether v is this kernel's f32 constant c. */
bool ll_is_float(const ll_kernel_t *k, const lt_value_t *v, double c);

/* Float arithmetic on f32 or vector values of one type. */
lt_value_t *ll_fbin(ll_kernel_t *k, const char *name, lt_value_t *a,
                    lt_value_t *b);
lt_value_t *ll_fun(ll_kernel_t *k, const char *name, lt_value_t *a);
/* arith.cmpf with MLIR's predicate number (e.g. LL_OGE) then select. */
#define LL_OGT 2
#define LL_OGE 3
#define LL_OLT 4
lt_value_t *ll_cmp_select(ll_kernel_t *k, int64_t predicate, lt_value_t *a,
                          lt_value_t *b, lt_value_t *if_true,
                          lt_value_t *if_false);
/* v as a vector: vector.broadcast of an f32, v itself when a vector. */
lt_value_t *ll_splat(ll_kernel_t *k, lt_value_t *v);
/* vector.reduction of a vector with `kind` ("add", "maxf", "minf"). */
lt_value_t *ll_vreduce(ll_kernel_t *k, const char *kind, lt_value_t *v);

/* Index addition. */
lt_value_t *ll_iadd(ll_kernel_t *k, lt_value_t *a, lt_value_t *b);

/* Loads and stores: memref.load / memref.store of f32, vector.load /
 * vector.store of k->vec, at indices idx[0..rank). */
lt_value_t *ll_load(ll_kernel_t *k, lt_value_t *memref, lt_value_t *const *idx,
                    bool vector);
void ll_store(ll_kernel_t *k, lt_value_t *v, lt_value_t *memref,
              lt_value_t *const *idx);

/* vector.transfer_read of a vector of type vt along dim `dim` of memref at
 * idx, and vector.transfer_write of v there. Unless in_bounds, the lanes
 * past the dim's end are masked off: a read gives 0 there, a write leaves
 * the memory alone. */
lt_value_t *ll_transfer_read(ll_kernel_t *k, lt_value_t *memref,
                             lt_value_t *const *idx, int32_t dim,
                             const lt_type_t *vt, bool in_bounds);
void ll_transfer_write(ll_kernel_t *k, lt_value_t *v, lt_value_t *memref,
                       lt_value_t *const *idx, int32_t dim, bool in_bounds);

/* A 64-byte aligned memref.alloca of f32 of static shape dims[0..rank):
 * the kernel's own buffer, on the stack of the thread that runs it. */
lt_value_t *ll_alloca(ll_kernel_t *k, uint32_t rank, const int64_t *dims);

/* The indices into a memref of tensor type `t` that numpy-broadcasts into
 * a rank `rank` iteration at idx[0..rank) (right-aligned; dims of size 1
 * read index 0); `last`, when not NULL, replaces idx[rank - 1]. */
void ll_bcast_indices(ll_kernel_t *k, const lt_type_t *t, uint32_t rank,
                      lt_value_t *const *idx, lt_value_t *last,
                      lt_value_t **out);

/* ---- loops ------------------------------------------------------------ */
typedef struct ll_loop {
  lt_op_t *op;
  lt_block_t *body;
  lt_value_t *iv;
  lt_value_t *iter[32]; /* the loop-carried values inside the body (up to
                         * a GEMM tile's accumulators) */
  uint32_t num_iter;
  lt_builder_t outer; /* the insertion point after the loop */
} ll_loop_t;

/* scf.for %iv = lb to ub step step iter_args(init[0..n)), the insertion
 * point moved into its body; ll_for_end yields and moves after it, where
 * lp->op's results are the final values. */
void ll_for_begin(ll_kernel_t *k, ll_loop_t *lp, lt_value_t *lb,
                  lt_value_t *ub, lt_value_t *step, uint32_t n,
                  lt_value_t *const *init);
void ll_for_end(ll_kernel_t *k, ll_loop_t *lp, uint32_t n,
                lt_value_t *const *yields);
/* The result i of a finished loop. */
lt_value_t *ll_loop_result(ll_loop_t *lp, uint32_t i);

/* A one-dim scf.parallel over the product of dims[0..n) (rows), its index
 * split back into idx[0..n) (constant 0 for dims of size 1). */
void ll_rows_begin(ll_kernel_t *k, ll_loop_t *lp, uint32_t n,
                   const int64_t *dims, lt_value_t **idx);
void ll_rows_end(ll_kernel_t *k, ll_loop_t *lp);

/* Where the vectors of a dim of n end: [0, vec_end) runs by k->width
 * lanes, [vec_end, n) is the scalar tail. */
int64_t ll_vec_end(const ll_kernel_t *k, int64_t n);

/* A sweep over [0, n) of the innermost dim: by vectors up to the last
 * whole one when `vector` (the dim is the memrefs' last), then one by
 * one. body(k, user, j, is_vector, acc) computes element(s) j; with a
 * reduction kind it combines them into *acc, which the vector loop keeps
 * per lane (from the kind's identity) and folds into the scalar one after
 * it. Returns the final accumulator (init without a kind: NULL). */
typedef enum ll_reduce_kind {
  LL_RED_NONE,
  LL_RED_ADD,
  LL_RED_MAX,
  LL_RED_MIN
} ll_reduce_kind_t;
typedef void (*ll_sweep_fn_t)(ll_kernel_t *k, void *user, lt_value_t *j,
                              bool is_vector, lt_value_t **acc);
lt_value_t *ll_sweep(ll_kernel_t *k, int64_t n, bool vector,
                     ll_reduce_kind_t kind, lt_value_t *init,
                     ll_sweep_fn_t body, void *user);
/* kind's combination of two f32 or two vectors, and its identity. */
lt_value_t *ll_combine(ll_kernel_t *k, ll_reduce_kind_t kind, lt_value_t *a,
                       lt_value_t *b);
double ll_identity(ll_reduce_kind_t kind);

/* A load of t's memref at ll_bcast_indices(...): a vector when `vector`,
 * broadcast from one element when t has a last dim of 1 (or rank 0). */
lt_value_t *ll_load_bcast(ll_kernel_t *k, lt_value_t *memref, uint32_t rank,
                          lt_value_t *const *idx, lt_value_t *j, bool vector);

/* ---- GEMM ------------------------------------------------------------------ */
/* C[M x N] = alpha * A[M x K] B[K x N] + addends, then an activation, as a
 * register-blocked microkernel (lower_loops_gemm.c). An operand is a view
 * of a kernel memref: element (row, col) is at indices
 *   [batch indices (num_pre of them), ..., row at row_dim, col at col_dim]
 * where the leading num_pre dims take the batch index right-aligned (0
 * where the view's dim is 1: numpy broadcast), row_dim / col_dim are -1
 * when the view is broadcast along rows / columns, and every other dim
 * reads index 0. B's col_dim and C's are their memrefs' last dim. */
typedef struct ll_gemm_view {
  lt_value_t *mem;
  uint32_t num_pre;
  int32_t row_dim, col_dim;
} ll_gemm_view_t;

/* A term of the epilogue: scale * view(i, j). */
typedef struct ll_gemm_addend {
  ll_gemm_view_t v;
  double scale;
} ll_gemm_addend_t;

/* Fills the B panel [K x nc] (a kernel-local memref) with columns
 * [j0, j0 + cols) of B for the batch index batch[0..num_batch); cols is
 * min(nc, N - j0), its value `cols`. */
typedef void (*ll_gemm_pack_fn_t)(ll_kernel_t *k, void *user,
                                  lt_value_t *panel, lt_value_t *const *batch,
                                  lt_value_t *j0, lt_value_t *cols);

#define LL_GEMM_MAX_ADD 3
typedef struct ll_gemm {
  int64_t m, n, kdim;
  int64_t batch[LL_MAX_RANK]; /* batch dims (C's leading ones) */
  uint32_t num_batch;
  ll_gemm_view_t a, b, c; /* A(i, k), B(k, j) (unused with pack), C(i, j) */
  double alpha;
  ll_gemm_addend_t add[LL_GEMM_MAX_ADD];
  uint32_t num_add;
  lk_activation_t act;
  double act_alpha, act_beta;
  ll_gemm_pack_fn_t pack; /* NULL: B is read in place */
  void *pack_user;
} ll_gemm_t;

/* The register block at k->width: MR rows by NR columns (NR a multiple of
 * the width). */
void ll_gemm_blocking(const ll_kernel_t *k, int64_t *out_mr, int64_t *out_nr);
/* Emits the whole nest (one scf.parallel over batch x N panels x M
 * chunks, the microkernel inside). */
lt_result_t ll_gemm_emit(ll_kernel_t *k, const ll_gemm_t *g);
/* memref.collapse_shape of mem into n dims, dim i of the result the
 * source's dims [ends[i - 1], ends[i]) (ends[-1] = 0, ends[n - 1] its
 * rank). */
lt_value_t *ll_collapse(ll_kernel_t *k, lt_value_t *mem, uint32_t n,
                        const uint32_t *ends);


/* ---- families ------------------------------------------------------------ */
/* Why an op or a type cannot be lowered, for explain's remark. */
typedef struct ll_why {
  char text[160];
} ll_why_t;
void ll_why_set(ll_why_t *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A static f32 ranked tensor at an nchw Place or none, rank up to
 * LL_MAX_RANK. */
bool ll_type_ok(const lt_type_t *t, ll_why_t *why);
/* The same at any layout its rank can be stored in (a layout cast's
 * operand and result); its memref is then the stored shape. */
bool ll_type_ok_any_layout(const lt_type_t *t, ll_why_t *why);

/* Elementwise ops the group emitter computes (attributes included). */
bool ll_ew_supported(lt_op_t *op, ll_why_t *why);
/* Whether op, an elementwise op the loops take, joins a group with a
 * neighbour that is one too: the producer of an operand (its one result
 * read by elementwise ops only) or the readers of its one result (each an
 * elementwise op). lite-pick-kernels gives such ops to the generated
 * kernels where the kinds prefer them (whether the neighbour's pick is
 * one is not known there: the pick is per op). */
bool ll_ew_fuses(lt_op_t *op);
/* A family name for kernel names ("add", "add_relu" with its activation). */
void ll_ew_family(lt_op_t *op, lt_strbuf_t *out);

/* The fused activation op carries (`activation`, `activation_alpha`,
 * `activation_beta`, the table's defaults where absent); false for an
 * unknown name. ll_activation computes it on x (f32 or a vector), as the
 * elementwise kernels do. */
bool ll_op_activation(const lt_op_t *op, lk_activation_t *kind, double *alpha,
                      double *beta);
lt_value_t *ll_activation(ll_kernel_t *k, lk_activation_t kind, double alpha,
                          double beta, lt_value_t *x);

/* An elementwise group: ops[0..n) in block order, the last one the root,
 * whose result is the kernel's output; inputs[0..num_inputs) the values
 * from outside, in kernel argument order. Values of splat constants are
 * not inputs: they become constants of the kernel. */
typedef struct ll_group {
  lt_op_t *ops[LL_MAX_GROUP];
  uint32_t n;
  lt_value_t *inputs[LL_MAX_INPUTS];
  uint32_t num_inputs;
} ll_group_t;
/* Fills k (begun over the group's inputs and the root's result) with the
 * group's loop nest. */
lt_result_t ll_ew_emit(ll_kernel_t *k, const ll_group_t *g);
/* Whether v is a splat f32 constant the kernel takes as a constant. */
bool ll_ew_splat_const(lt_value_t *v, double *out_value);

/* One-op families: the op's operands (those that are tensors, absent ones
 * left out) are the kernel's inputs and its result its output.
 * `supported` says whether the op can be lowered (why not in *why, which
 * may be NULL); `emit` fills the begun kernel; `family` names it (NULL:
 * the op's name). */
typedef struct ll_single {
  const char *family;
  bool (*supported)(lt_op_t *op, ll_why_t *why);
  lt_result_t (*emit)(ll_kernel_t *k, lt_op_t *op);
} ll_single_t;
/* The one-op family of op (softmax, reduce, layer norm, pool, transpose,
 * matmul, gemm, fc, conv2d), NULL when op is none of them. */
const ll_single_t *ll_single_family(lt_op_t *op);

/* Runs a dense op's plan step (kernels/plan/) over its operand types,
 * filling *params: false (why) when a type cannot be lowered or the step
 * fails. Absent operands are dtype none. */
typedef lt_result_t (*ll_plan_step_fn_t)(lk_plan_t *p, const lk_shape_t *in,
                                         uint32_t num_in, void *params);
bool ll_dense_plan(lt_op_t *op, ll_why_t *why, ll_plan_step_fn_t step,
                   void *params);
/* The kernel argument of a one-op kernel's operand i (NULL: absent). */
lt_value_t *ll_operand_arg(ll_kernel_t *k, lt_op_t *op, uint32_t i);

/* The families' tables (lower_loops_reduce.c, lower_loops_transpose.c). */
extern const ll_single_t ll_softmax_family, ll_log_softmax_family,
    ll_reduce_family, ll_layer_norm_family, ll_global_pool_family,
    ll_transpose_family, ll_layout_family;
/* Depthwise conv2d (lower_loops_dwconv.c). */
extern const ll_single_t ll_dwconv_family;
/* The dense families (lower_loops_dense.c, lower_loops_conv.c). */
extern const ll_single_t ll_matmul_family, ll_gemm_family, ll_fc_family,
    ll_conv_family;

#endif /* LITE_PASSES_LOWER_LOOPS_H */

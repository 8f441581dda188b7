/* abi.h - the call-record ABI every kernel shares: the reference kernels,
 * the hand-written x86/ARM ones, the JIT's and the NNAdapter drivers'. A
 * kernel is one function taking one call record (tensor views in and out,
 * its parameter block, a workspace, the target context) and returning a
 * status. A kernel never allocates scratch: it takes it from the workspace,
 * whose size its registry row's workspace function states or, for a row
 * without one (the reference kernels), the op's plan step
 * (p->workspace_size; docs/kernel-abi.md). */
#ifndef LITE_KERNELS_ABI_H
#define LITE_KERNELS_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/base.h"
#include "kernels/cpu.h"
#include "kernels/parallel.h"
#include "kernels/place.h"
#include "kernels/plan.h"
#include "kernels/tensor.h"

/* ---- tensor views ------------------------------------------------------------
 * dims are logical, in NCHW order as the IR keeps them, whatever the
 * layout. strides[i] is the byte step of logical dim i; in a blocked layout
 * (nchw8c: stored N, ceil(C/8), H, W, 8) strides[1] steps one channel
 * block and block_stride one channel inside it, so channel c sits at
 * (c / block) * strides[1] + (c % block) * block_stride. packed_by, when
 * set, names the kernel whose pack function wrote the bytes (pre-packed
 * weights): only that kernel reads them and strides mean nothing. */
typedef struct lk_view {
  lk_dtype_t dtype;
  int32_t rank;
  int64_t dims[LK_MAX_RANK];
  int64_t strides[LK_MAX_RANK];
  int64_t block_stride;
  lk_layout_t layout;
  const char *packed_by;
  void *data;
  size_t nbytes; /* bytes of the buffer at data */
} lk_view_t;

/* A dense view of `layout` over data (may be NULL to size one first):
 * strides, block_stride and nbytes (blocked layouts pad C up to the block).
 * False for an unknown layout or `any`, a blocked layout below rank 2, nhwc
 * below rank 3, a negative dim, a rank out of [0, LK_MAX_RANK] or a byte
 * size past int64. */
bool lk_view_dense(lk_view_t *v, lk_dtype_t dtype, int32_t rank,
                   const int64_t *dims, lk_layout_t layout, void *data);
/* Byte offset of the element at logical index idx[0..rank). */
int64_t lk_view_offset(const lk_view_t *v, const int64_t *idx);
/* Channels a view stores: C rounded up to its layout's block (C itself
 * unblocked; 1 below rank 2). */
int64_t lk_view_stored_channels(const lk_view_t *v);
/* Whether every element v's strides reach lies inside nbytes. */
bool lk_view_in_bounds(const lk_view_t *v);
/* The nchw dense view of t (nbytes: lk_nbytes). */
void lk_view_from_tensor(lk_view_t *v, const lk_tensor_t *t);
/* t over v's data when v is dense row-major nchw (and not packed); false
 * otherwise. An absent view (dtype none) gives an absent tensor. */
bool lk_view_to_tensor(const lk_view_t *v, lk_tensor_t *t);

/* ---- the target context ------------------------------------------------------ */
/* What the target offers a kernel: the parallel-for (NULL: run inline) and
 * the CPU's features and caches (NULL: assume none). */
typedef struct lk_target_ctx {
  const lk_parallel_t *parallel;
  const lk_cpu_info_t *cpu;
} lk_target_ctx_t;

/* ---- the call record ------------------------------------------------------ */
typedef struct lk_call {
  const lk_view_t *inputs; /* an absent optional operand: dtype none */
  uint32_t num_inputs;
  const lk_view_t *outputs; /* the views are read-only, their data not */
  uint32_t num_outputs;
  const void *params; /* the plan step's parameter block */
  size_t params_size;
  void *workspace; /* scratch of workspace_size bytes (NULL when 0) */
  size_t workspace_size;
  const void *packed; /* the pack function's buffer, or NULL */
  size_t packed_size;
  const lk_target_ctx_t *target; /* may be NULL: inline, no features */
} lk_call_t;

/* A kernel: NULL on success, a status saying what was wrong otherwise. */
typedef lt_status_t (*lk_kernel_fn)(const lk_call_t *call);

/* Packs a kernel's constant operands once, at load: with out NULL it only
 * sets *out_size to the bytes it needs; then it writes them to out (of
 * out_size bytes). `consts` are the call's inputs with only the constant
 * ones' data set. */
typedef lt_status_t (*lk_pack_fn)(const void *params, const lk_view_t *consts,
                                  uint32_t num_consts, void *out,
                                  size_t *out_size);

/* Scratch bytes a call needs (from its params and views). */
typedef size_t (*lk_workspace_fn)(const lk_call_t *call);

/* The parallel-for of a call's target (NULL: inline). */
static inline const lk_parallel_t *lk_call_parallel(const lk_call_t *call) {
  return call->target ? call->target->parallel : NULL;
}

/* ---- plan steps by op ------------------------------------------------------
 * One signature for every op's plan step, so the runtime finds an op's
 * step by name (kernels/plan_steps.def lists them). params points at the
 * op's parameter block of params_size bytes. */
typedef lt_result_t (*lk_plan_step_fn)(lk_plan_t *p, const lk_shape_t *in,
                                       uint32_t num_in, lk_shape_t *out,
                                       uint32_t num_out, void *params);

/* The parameter block of a kernel that takes none. */
typedef struct lk_no_params {
  char unused;
} lk_no_params_t;

typedef struct lk_plan_step {
  const char *op; /* without dialect prefix */
  lk_plan_step_fn step;
  size_t params_size;
  uint32_t num_outputs; /* the fewest results the step writes */
} lk_plan_step_t;

/* The plan step of op `op`, or NULL when it has none (lite.constant,
 * lite.none: data, not code). */
const lk_plan_step_t *lk_plan_step_find(const char *op);
/* Every plan step, *out_count of them. */
const lk_plan_step_t *lk_plan_steps(size_t *out_count);
/* Runs s: fails (in p->error) with fewer than s->num_outputs results,
 * zeroes params (s->params_size bytes), then calls the step. */
lt_result_t lk_plan_step_run(const lk_plan_step_t *s, lk_plan_t *p,
                             const lk_shape_t *in, uint32_t num_in,
                             lk_shape_t *out, uint32_t num_out, void *params);

#endif /* LITE_KERNELS_ABI_H */

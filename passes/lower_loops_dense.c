/* lower_loops_dense.c - matmul, gemm and fc as generated kernels: each is
 * the GEMM engine (lower_loops_gemm.c) over views of its operands.
 *
 *   matmul: numpy matmul; the batch dims broadcast (a view's dim of 1
 *     reads index 0), a 1-D A is one row. A 1-D B (a matrix-vector
 *     product, one column) is left to the reference kernel.
 *   gemm: act(alpha * op(A) op(B) + beta * C), C broadcast to M x N (a
 *     view along rows, columns, both or neither). A transposed A is read
 *     in place (A(i, k) is a scalar load anyway); a transposed B is packed
 *     panel by panel into [K x NC], where its rows are contiguous.
 *   fc: act(X' W + bias) where X' is X collapsed at in_num_col_dims into
 *     [M x K] and the result's leading dims into M (memref.collapse_shape).
 *
 * The attributes are read by the ops' plan steps (kernels/plan/dense.c),
 * the same defaults and checks as the reference kernels. */
#include <string.h>

#include "dialects/lite/lite_impl.h"
#include "kernels/plan/dense.h"
#include "passes/lite_rewrite.h"
#include "passes/lower_loops.h"

bool ll_dense_plan(lt_op_t *op, ll_why_t *why, ll_plan_step_fn_t step,
                   void *params) {
  if (op->num_results != 1 || !ll_type_ok(op->results[0].type, why))
    return false;
  lk_shape_t in[LL_MAX_INPUTS];
  uint32_t n = op->num_operands < LL_MAX_INPUTS ? op->num_operands
                                                : LL_MAX_INPUTS;
  for (uint32_t i = 0; i < n; i++) {
    const lt_type_t *t = lt_op_operand(op, i)->type;
    memset(&in[i], 0, sizeof(in[i]));
    if (t->kind == LT_TYPE_NONE) {
      in[i].dtype = LK_DTYPE_NONE;
      in[i].rank = -1;
      continue;
    }
    if (!ll_type_ok(t, why)) return false;
    in[i].dtype = LK_F32;
    in[i].rank = (int32_t)t->shaped.rank;
    for (uint32_t d = 0; d < t->shaped.rank; d++)
      in[i].dims[d] = t->shaped.shape[d];
  }
  lt_context_t *ctx = lt_op_context(op);
  lt_lite_call_t c = {ctx, op->loc, (lt_lite_op_id_t)lt_lite_op_id(op),
                      op->attrs, lt_context_allocator(ctx)};
  lk_plan_t plan;
  lt_lite_plan_init(&c, &plan);
  if (LT_FAILED(step(&plan, in, n, params))) {
    ll_why_set(why, "%s", plan.error);
    return false;
  }
  return true;
}

lt_value_t *ll_operand_arg(ll_kernel_t *k, lt_op_t *op, uint32_t i) {
  if (i >= op->num_operands ||
      lt_op_operand(op, i)->type->kind == LT_TYPE_NONE)
    return NULL;
  uint32_t a = 0;
  for (uint32_t j = 0; j < i; j++)
    a += lt_op_operand(op, j)->type->kind != LT_TYPE_NONE;
  return k->args[a];
}

static lt_value_t *result_arg(ll_kernel_t *k) {
  return k->args[k->num_args - 1];
}

/* The view of an operand of rank 0..2 broadcast to [M x N] (numpy,
 * right-aligned): a dim of 1 is broadcast along. */
static ll_gemm_view_t bcast_view(lt_value_t *mem) {
  const lt_type_t *t = mem->type;
  uint32_t r = t->shaped.rank;
  ll_gemm_view_t v = {mem, 0, -1, -1};
  if (r >= 1 && t->shaped.shape[r - 1] != 1) v.col_dim = (int32_t)r - 1;
  if (r >= 2 && t->shaped.shape[r - 2] != 1) v.row_dim = (int32_t)r - 2;
  return v;
}

/* ---- matmul ----------------------------------------------------------------- */
static lt_result_t matmul_step(lk_plan_t *p, const lk_shape_t *in,
                               uint32_t num_in, void *params) {
  lk_shape_t out;
  (void)params;
  return lk_plan_matmul(p, in, num_in, &out);
}

static bool matmul_supported(lt_op_t *op, ll_why_t *why) {
  if (!ll_dense_plan(op, why, matmul_step, NULL)) return false;
  if (lt_op_operand(op, 1)->type->shaped.rank < 2) {
    ll_why_set(why, "a 1-D B (a matrix-vector product)");
    return false;
  }
  return true;
}

static lt_result_t matmul_emit(ll_kernel_t *k, lt_op_t *op) {
  const lt_type_t *at = lt_op_operand(op, 0)->type;
  const lt_type_t *bt = lt_op_operand(op, 1)->type;
  const lt_type_t *ct = op->results[0].type;
  uint32_t ra = at->shaped.rank, rb = bt->shaped.rank, rc = ct->shaped.rank;
  ll_gemm_t g;
  memset(&g, 0, sizeof(g));
  g.alpha = 1.0;
  g.kdim = at->shaped.shape[ra - 1];
  g.m = ra >= 2 ? at->shaped.shape[ra - 2] : 1;
  g.n = bt->shaped.shape[rb - 1];
  g.num_batch = rc - (ra >= 2 ? 2 : 1);
  for (uint32_t d = 0; d < g.num_batch; d++) g.batch[d] = ct->shaped.shape[d];
  g.a = (ll_gemm_view_t){k->args[0], ra >= 2 ? ra - 2 : 0,
                         ra >= 2 ? (int32_t)ra - 2 : -1, (int32_t)ra - 1};
  g.b = (ll_gemm_view_t){k->args[1], rb - 2, (int32_t)rb - 2, (int32_t)rb - 1};
  g.c = (ll_gemm_view_t){result_arg(k), g.num_batch,
                         ra >= 2 ? (int32_t)rc - 2 : -1, (int32_t)rc - 1};
  return ll_gemm_emit(k, &g);
}

const ll_single_t ll_matmul_family = {NULL, matmul_supported, matmul_emit};

/* ---- gemm ------------------------------------------------------------------- */
static lt_result_t gemm_step(lk_plan_t *p, const lk_shape_t *in,
                             uint32_t num_in, void *params) {
  lk_shape_t out;
  return lk_plan_gemm(p, in, num_in, &out, params);
}

static bool gemm_params(lt_op_t *op, ll_why_t *why, lk_gemm_params_t *p) {
  return ll_dense_plan(op, why, gemm_step, p);
}

static bool gemm_supported(lt_op_t *op, ll_why_t *why) {
  lk_gemm_params_t p;
  return gemm_params(op, why, &p);
}

/* panel[kk, jj] = B[j0 + jj, kk] for jj < cols: B transposed. */
static void pack_trans_b(ll_kernel_t *k, void *user, lt_value_t *panel,
                         lt_value_t *const *batch, lt_value_t *j0,
                         lt_value_t *cols) {
  (void)batch;
  lt_value_t *b = user;
  int64_t kdim = b->type->shaped.shape[1];
  ll_loop_t jl, kl;
  ll_for_begin(k, &jl, ll_index(k, 0), cols, ll_index(k, 1), 0, NULL);
  lt_value_t *row = ll_iadd(k, j0, jl.iv);
  ll_for_begin(k, &kl, ll_index(k, 0), ll_index(k, kdim), ll_index(k, 1), 0,
               NULL);
  lt_value_t *src[2] = {row, kl.iv}, *dst[2] = {kl.iv, jl.iv};
  ll_store(k, ll_load(k, b, src, false), panel, dst);
  ll_for_end(k, &kl, 0, NULL);
  ll_for_end(k, &jl, 0, NULL);
}

static lt_result_t gemm_emit(ll_kernel_t *k, lt_op_t *op) {
  lk_gemm_params_t p;
  if (!gemm_params(op, NULL, &p)) return LT_FAILURE;
  const lt_type_t *at = lt_op_operand(op, 0)->type;
  const lt_type_t *ct = op->results[0].type;
  ll_gemm_t g;
  memset(&g, 0, sizeof(g));
  g.m = ct->shaped.shape[0];
  g.n = ct->shaped.shape[1];
  g.kdim = at->shaped.shape[p.trans_a ? 0 : 1];
  g.alpha = p.alpha;
  g.a = (ll_gemm_view_t){k->args[0], 0, p.trans_a ? 1 : 0, p.trans_a ? 0 : 1};
  g.b = (ll_gemm_view_t){k->args[1], 0, 0, 1};
  g.c = (ll_gemm_view_t){result_arg(k), 0, 0, 1};
  if (p.trans_b) {
    g.pack = pack_trans_b;
    g.pack_user = k->args[1];
  }
  lt_value_t *c = ll_operand_arg(k, op, 2);
  if (c && p.beta != 0.0)
    g.add[g.num_add++] = (ll_gemm_addend_t){bcast_view(c), p.beta};
  g.act = p.act;
  g.act_alpha = p.act_alpha;
  g.act_beta = p.act_beta;
  return ll_gemm_emit(k, &g);
}

const ll_single_t ll_gemm_family = {NULL, gemm_supported, gemm_emit};

/* ---- fc --------------------------------------------------------------------- */
static lt_result_t fc_step(lk_plan_t *p, const lk_shape_t *in,
                           uint32_t num_in, void *params) {
  lk_shape_t out;
  return lk_plan_fc(p, in, num_in, &out, params);
}

static bool fc_params(lt_op_t *op, ll_why_t *why, lk_fc_params_t *p) {
  return ll_dense_plan(op, why, fc_step, p);
}

static bool fc_supported(lt_op_t *op, ll_why_t *why) {
  lk_fc_params_t p;
  return fc_params(op, why, &p);
}

/* mem with dims [0, at) and [at, rank) each collapsed into one. */
static lt_value_t *as_matrix(ll_kernel_t *k, lt_value_t *mem, uint32_t at) {
  uint32_t rank = mem->type->shaped.rank;
  if (rank == 2 && at == 1) return mem;
  uint32_t ends[2] = {at, rank};
  return ll_collapse(k, mem, 2, ends);
}

static lt_result_t fc_emit(ll_kernel_t *k, lt_op_t *op) {
  lk_fc_params_t p;
  if (!fc_params(op, NULL, &p)) return LT_FAILURE;
  const lt_type_t *wt = lt_op_operand(op, 1)->type;
  uint32_t ncd = (uint32_t)p.in_num_col_dims;
  ll_gemm_t g;
  memset(&g, 0, sizeof(g));
  g.alpha = 1.0;
  g.a = (ll_gemm_view_t){as_matrix(k, k->args[0], ncd), 0, 0, 1};
  g.b = (ll_gemm_view_t){k->args[1], 0, 0, 1};
  g.c = (ll_gemm_view_t){as_matrix(k, result_arg(k), ncd), 0, 0, 1};
  if (!g.a.mem || !g.c.mem) return LT_FAILURE;
  g.m = g.c.mem->type->shaped.shape[0];
  g.n = wt->shaped.shape[1];
  g.kdim = wt->shaped.shape[0];
  lt_value_t *bias = ll_operand_arg(k, op, 2);
  if (bias) g.add[g.num_add++] = (ll_gemm_addend_t){bcast_view(bias), 1.0};
  g.act = p.act;
  g.act_alpha = p.act_alpha;
  g.act_beta = p.act_beta;
  return ll_gemm_emit(k, &g);
}

const ll_single_t ll_fc_family = {NULL, fc_supported, fc_emit};

/* lower_loops_transpose.c - transpose as loops: an scf.parallel over the
 * rows of the output and an scf.for along its last dim, reading the input
 * at the permuted indices. When the permutation keeps the last dim, both
 * sides are contiguous along it and the loop moves vectors. */
#include "passes/lite_rewrite.h"
#include "passes/lower_loops.h"

typedef struct transpose {
  lt_value_t *in, *out;
  uint32_t rank;
  int64_t perm[LL_MAX_RANK];
  lt_value_t *idx[LL_MAX_RANK]; /* the output index */
} transpose_t;

/* The permutation: `perm`, or the reversed dims when absent (ONNX). */
static bool perm_of(lt_op_t *op, uint32_t rank, int64_t *perm, ll_why_t *why) {
  const lt_attr_t *p = lt_op_attr(op, "perm");
  if (!p) {
    for (uint32_t d = 0; d < rank; d++) perm[d] = rank - 1 - d;
    return true;
  }
  if (p->kind != LT_ATTR_DENSE_ARRAY ||
      p->dense.size / sizeof(int64_t) != rank) {
    ll_why_set(why, "perm of another length than the rank");
    return false;
  }
  bool seen[LL_MAX_RANK] = {false};
  for (uint32_t d = 0; d < rank; d++) {
    int64_t v = lt_attr_dense_int(p, d);
    if (v < 0 || v >= (int64_t)rank || seen[v]) {
      ll_why_set(why, "perm is not a permutation");
      return false;
    }
    seen[v] = true;
    perm[d] = v;
  }
  return true;
}

static bool transpose_supported(lt_op_t *op, ll_why_t *why) {
  if (op->num_results != 1 || !ll_type_ok(op->results[0].type, why) ||
      !ll_type_ok(lt_op_operand(op, 0)->type, why))
    return false;
  const lt_type_t *x = lt_op_operand(op, 0)->type;
  int64_t perm[LL_MAX_RANK];
  if (x->shaped.rank == 0) {
    ll_why_set(why, "a rank-0 input (a copy)");
    return false;
  }
  return perm_of(op, x->shaped.rank, perm, why);
}

/* out[idx] = in[idx permuted back]: input dim perm[d] is output dim d. */
static void transpose_body(ll_kernel_t *k, void *user, lt_value_t *j,
                           bool is_vector, lt_value_t **acc) {
  transpose_t *t = user;
  t->idx[t->rank - 1] = j;
  lt_value_t *in_idx[LL_MAX_RANK];
  for (uint32_t d = 0; d < t->rank; d++) in_idx[t->perm[d]] = t->idx[d];
  ll_store(k, ll_load(k, t->in, in_idx, is_vector), t->out, t->idx);
}

static lt_result_t transpose_emit(ll_kernel_t *k, lt_op_t *op) {
  const lt_type_t *out = op->results[0].type;
  transpose_t t = {.in = k->args[0], .out = k->args[1]};
  t.rank = out->shaped.rank;
  if (!perm_of(op, t.rank, t.perm, NULL)) return LT_FAILURE;
  ll_loop_t rows;
  ll_rows_begin(k, &rows, t.rank - 1, out->shaped.shape, t.idx);
  ll_sweep(k, out->shaped.shape[t.rank - 1], t.perm[t.rank - 1] == t.rank - 1,
           LL_RED_NONE, NULL, transpose_body, &t);
  ll_rows_end(k, &rows);
  return k->failed ? LT_FAILURE : LT_SUCCESS;
}

const ll_single_t ll_transpose_family = {NULL, transpose_supported,
                                         transpose_emit};

/* lower_loops_transpose.c - transpose as loops. When the permutation keeps
 * the last dim, both sides are contiguous along it: an scf.parallel over
 * the output's rows and a sweep of the last dim by vectors. Otherwise the
 * output dim `a` (its last, contiguous in the output) and the output dim
 * `b` that reads the input's last dim (contiguous in the input) are
 * tiled by LL_TILE: per tile, the reads of a column of the input and the
 * writes of a row of the output stay in a few cache lines. */
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

#define LL_TILE 16

/* A tiled dim: the loop over its tiles (none when the dim fits one) and
 * the end of the current tile, min(tile + LL_TILE, n). */
typedef struct tiling {
  ll_loop_t tiles;
  lt_value_t *begin, *end;
  bool tiled;
} tiling_t;

static void tiles_begin(ll_kernel_t *k, tiling_t *t, int64_t n) {
  t->tiled = n > LL_TILE;
  if (!t->tiled) {
    t->begin = ll_index(k, 0);
    t->end = ll_index(k, n);
    return;
  }
  ll_for_begin(k, &t->tiles, ll_index(k, 0), ll_index(k, n),
               ll_index(k, LL_TILE), 0, NULL);
  t->begin = t->tiles.iv;
  t->end = ll_iadd(k, t->begin, ll_index(k, LL_TILE));
  if (n % LL_TILE) /* the last tile is cut */
    t->end = ll_op2(k, "arith.minui", t->end, ll_index(k, n), k->index);
}

static void tiles_end(ll_kernel_t *k, tiling_t *t) {
  if (t->tiled) ll_for_end(k, &t->tiles, 0, NULL);
}

static void tiled(ll_kernel_t *k, transpose_t *t, const int64_t *shape) {
  uint32_t a = t->rank - 1, b = 0;
  while (t->perm[b] != a) b++;
  int64_t rest[LL_MAX_RANK];
  uint32_t nr = 0;
  for (uint32_t d = 0; d < t->rank; d++)
    if (d != a && d != b) rest[nr++] = shape[d];
  ll_loop_t rows, bi, ai;
  lt_value_t *idx[LL_MAX_RANK];
  ll_rows_begin(k, &rows, nr, rest, idx);
  for (uint32_t d = 0, i = 0; d < t->rank; d++)
    if (d != a && d != b) t->idx[d] = idx[i++];
  tiling_t bt, at;
  tiles_begin(k, &bt, shape[b]);
  tiles_begin(k, &at, shape[a]);
  ll_for_begin(k, &bi, bt.begin, bt.end, ll_index(k, 1), 0, NULL);
  t->idx[b] = bi.iv;
  ll_for_begin(k, &ai, at.begin, at.end, ll_index(k, 1), 0, NULL);
  t->idx[a] = ai.iv;
  lt_value_t *in_idx[LL_MAX_RANK];
  for (uint32_t d = 0; d < t->rank; d++) in_idx[t->perm[d]] = t->idx[d];
  ll_store(k, ll_load(k, t->in, in_idx, false), t->out, t->idx);
  ll_for_end(k, &ai, 0, NULL);
  ll_for_end(k, &bi, 0, NULL);
  tiles_end(k, &at);
  tiles_end(k, &bt);
  ll_rows_end(k, &rows);
}

static lt_result_t transpose_emit(ll_kernel_t *k, lt_op_t *op) {
  const lt_type_t *out = op->results[0].type;
  transpose_t t = {.in = k->args[0], .out = k->args[1]};
  t.rank = out->shaped.rank;
  if (!perm_of(op, t.rank, t.perm, NULL)) return LT_FAILURE;
  if (t.perm[t.rank - 1] != t.rank - 1) {
    tiled(k, &t, out->shaped.shape);
    return k->failed ? LT_FAILURE : LT_SUCCESS;
  }
  ll_loop_t rows;
  ll_rows_begin(k, &rows, t.rank - 1, out->shaped.shape, t.idx);
  ll_sweep(k, out->shaped.shape[t.rank - 1], true, LL_RED_NONE, NULL,
           transpose_body, &t);
  ll_rows_end(k, &rows);
  return k->failed ? LT_FAILURE : LT_SUCCESS;
}

const ll_single_t ll_transpose_family = {NULL, transpose_supported,
                                         transpose_emit};

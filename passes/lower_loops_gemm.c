/* lower_loops_gemm.c - the dense families' engine: C = alpha * A B +
 * addends, then an activation, as loops around a register-blocked
 * microkernel.
 *
 * The microkernel computes a tile of MR rows by NR columns of C in
 * MR * NR / width vector accumulators: one scf.for over k carrying them as
 * iter_args, its body unrolled over the rows and the vectors: a
 * vector.load of B's row k (contiguous), per row a vector.broadcast of
 * A(i, k) and a vector.fma per vector. Every index the body uses is the
 * loop's iv or a value computed before the loop, so the body has no index
 * arithmetic and no bounds checks. After the loop, the epilogue works on
 * the accumulators in registers: the alpha scale, the addends (bias per
 * row or per column, a residual, gemm's beta * C), the activation, then
 * vector stores.
 *
 * Around it: N is cut in panels of NC columns, a multiple of NR, so that
 * B's panel [K x NC] stays in L2 (at most LL_GEMM_PANEL_BYTES); M in
 * chunks of whole MR blocks. One scf.parallel runs over batch x panels x
 * chunks; inside, the MR blocks of the chunk, and per block the NR tiles
 * of the panel. Edges are static: the last M block (M % MR rows) is a
 * second instantiation of the microkernel with fewer rows, the last N tile
 * one with fewer vectors whose last one, when partial, is read and written
 * by vector.transfer_read/transfer_write with in_bounds = [false]
 * (masked). The loops that run those edge tiles run 0 or 1 times per
 * panel (from the edge to the panel's end), so no scf.if is needed.
 *
 * When B cannot be read in place (a transposed B, a convolution's im2col),
 * the family's packer fills a kernel-local panel buffer (memref.alloca of
 * [K x NC], per iteration of the parallel loop) that the tiles then read. */
#include <string.h>

#include "ir/parser.h"
#include "passes/lower_loops.h"

/* The panel of B the tiles of one parallel iteration read. */
#define LL_GEMM_PANEL_BYTES (256 * 1024)
/* Parallel iterations to aim for when splitting M into chunks. */
#define LL_GEMM_TASKS 32
/* Rows of C below which a chunk is not worth its own iteration. */
#define LL_GEMM_MIN_CHUNK 48

void ll_gemm_blocking(const ll_kernel_t *k, int64_t *out_mr, int64_t *out_nr) {
  /* Two vectors of B per k step: MR * 2 accumulators + 2 B vectors + 1
   * broadcast in the register file (16 ymm: 6 rows; 32 zmm: 12 rows). */
  *out_nr = 2 * k->width;
  *out_mr = k->width >= 16 ? 12 : 6;
}

/* ---- views ---------------------------------------------------------------- */
typedef struct tile_ctx {
  const ll_gemm_t *g;
  lt_value_t *batch[LL_MAX_RANK]; /* the batch index */
} tile_ctx_t;

/* The indices of view v at (row, col); row or col may be NULL where the
 * view is broadcast along it. */
static void view_indices(ll_kernel_t *k, const tile_ctx_t *t,
                         const ll_gemm_view_t *v, lt_value_t *row,
                         lt_value_t *col, lt_value_t **out) {
  const lt_type_t *mt = v->mem->type;
  uint32_t rank = mt->shaped.rank;
  uint32_t off = t->g->num_batch - v->num_pre;
  for (uint32_t d = 0; d < rank; d++) {
    if (d < v->num_pre)
      out[d] = mt->shaped.shape[d] == 1 ? ll_index(k, 0) : t->batch[off + d];
    else if ((int32_t)d == v->row_dim)
      out[d] = row;
    else if ((int32_t)d == v->col_dim)
      out[d] = col;
    else
      out[d] = ll_index(k, 0);
  }
}

/* A vector of the memref's last dim at idx: a vector.load, or, when
 * `masked`, a transfer_read whose lanes past the dim read 0. */
static lt_value_t *read_vec(ll_kernel_t *k, lt_value_t *mem,
                            lt_value_t *const *idx, bool masked) {
  if (!masked) return ll_load(k, mem, idx, true);
  int32_t last = (int32_t)mem->type->shaped.rank - 1;
  return ll_transfer_read(k, mem, idx, last, k->vec, false);
}

static void write_vec(ll_kernel_t *k, lt_value_t *v, lt_value_t *mem,
                      lt_value_t *const *idx, bool masked) {
  if (masked)
    ll_transfer_write(k, v, mem, idx, (int32_t)mem->type->shaped.rank - 1,
                      false);
  else
    ll_store(k, v, mem, idx);
}

static lt_value_t *add_const(ll_kernel_t *k, lt_value_t *v, int64_t c) {
  return c == 0 ? v : ll_iadd(k, v, ll_index(k, c));
}

/* ---- the microkernel ------------------------------------------------------- */
#define MAX_MR 16
#define MAX_NV 4

/* One tile: rows [i0, i0 + mr) and columns [j0, j0 + nr) of C, reading B
 * through view b at column bj (j0 in place, the column within the panel
 * when packed). masked_b: B's last vector is read masked (in place, a
 * partial tile); a packed panel is wide enough to read whole vectors. */
static void tile(ll_kernel_t *k, const tile_ctx_t *t, const ll_gemm_view_t *b,
                 lt_value_t *i0, lt_value_t *j0, lt_value_t *bj, int64_t mr,
                 int64_t nr, bool masked_b) {
  const ll_gemm_t *g = t->g;
  int64_t w = k->width, nv = (nr + w - 1) / w;
  bool partial = nr % w != 0;
  lt_value_t *rows[MAX_MR], *ccol[MAX_NV], *bcol[MAX_NV];
  for (int64_t r = 0; r < mr; r++) rows[r] = add_const(k, i0, r);
  for (int64_t v = 0; v < nv; v++) {
    ccol[v] = add_const(k, j0, v * w);
    bcol[v] = bj == j0 ? ccol[v] : add_const(k, bj, v * w);
  }
  /* The operands' indices with k left out, filled in inside the loop. */
  lt_value_t *zero = ll_float(k, 0.0, k->vec);
  lt_value_t *init[MAX_MR * MAX_NV];
  uint32_t nacc = (uint32_t)(mr * nv);
  for (uint32_t i = 0; i < nacc; i++) init[i] = zero;
  ll_loop_t lp;
  ll_for_begin(k, &lp, ll_index(k, 0), ll_index(k, g->kdim), ll_index(k, 1),
               nacc, init);
  lt_value_t *acc[MAX_MR * MAX_NV], *bv[MAX_NV], *idx[LL_MAX_RANK];
  for (uint32_t i = 0; i < nacc; i++) acc[i] = lp.iter[i];
  for (int64_t v = 0; v < nv; v++) {
    view_indices(k, t, b, lp.iv, bcol[v], idx);
    bv[v] = read_vec(k, b->mem, idx, masked_b && partial && v == nv - 1);
  }
  for (int64_t r = 0; r < mr; r++) {
    view_indices(k, t, &g->a, rows[r], lp.iv, idx);
    lt_value_t *a = ll_splat(k, ll_load(k, g->a.mem, idx, false));
    for (int64_t v = 0; v < nv; v++) {
      lt_value_t *ops[3] = {a, bv[v], acc[r * nv + v]};
      lt_op_t *fma = ll_op(k, "vector.fma", 3, ops, 1, &k->vec, 0, NULL);
      acc[r * nv + v] = fma ? lt_op_result(fma, 0) : NULL;
    }
  }
  ll_for_end(k, &lp, nacc, acc);

  /* The epilogue, on the accumulators. */
  lt_value_t *alpha = g->alpha != 1.0 ? ll_float(k, g->alpha, k->vec) : NULL;
  for (int64_t r = 0; r < mr; r++) {
    /* Addends broadcast along the columns: one scalar per row. */
    lt_value_t *per_row[LL_GEMM_MAX_ADD] = {NULL};
    for (uint32_t a = 0; a < g->num_add; a++) {
      const ll_gemm_view_t *av = &g->add[a].v;
      if (av->col_dim >= 0) continue;
      view_indices(k, t, av, rows[r], NULL, idx);
      per_row[a] = ll_splat(k, ll_load(k, av->mem, idx, false));
    }
    for (int64_t v = 0; v < nv; v++) {
      bool masked = partial && v == nv - 1;
      lt_value_t *x = ll_loop_result(&lp, (uint32_t)(r * nv + v));
      if (alpha) x = ll_fbin(k, "arith.mulf", x, alpha);
      for (uint32_t a = 0; a < g->num_add; a++) {
        const ll_gemm_view_t *av = &g->add[a].v;
        lt_value_t *y = per_row[a];
        if (!y) {
          view_indices(k, t, av, rows[r], ccol[v], idx);
          y = read_vec(k, av->mem, idx, masked);
        }
        if (g->add[a].scale != 1.0)
          y = ll_fbin(k, "arith.mulf", y, ll_float(k, g->add[a].scale, k->vec));
        x = ll_fbin(k, "arith.addf", x, y);
      }
      x = ll_activation(k, g->act, g->act_alpha, g->act_beta, x);
      view_indices(k, t, &g->c, rows[r], ccol[v], idx);
      write_vec(k, x, g->c.mem, idx, masked);
    }
  }
}

/* ---- the nest ------------------------------------------------------------- */
typedef struct nest {
  tile_ctx_t t;
  int64_t mr, nr, nc, mc;
  int64_t n_main, m_main; /* where the whole NR tiles / MR blocks end */
  lt_value_t *j0, *m0;    /* the panel's first column, the chunk's first row */
  lt_value_t *panel;      /* the packed panel, or NULL */
  ll_gemm_view_t pview;   /* its view */
  bool single_panel, single_chunk;
} nest_t;

/* min(a + c, limit) where a + c may pass limit (a multiple of the block
 * size below limit): a loop bound. */
static lt_value_t *bound(ll_kernel_t *k, lt_value_t *a, int64_t c,
                         int64_t limit, bool a_is_zero) {
  if (a_is_zero) return ll_index(k, c < limit ? c : limit);
  lt_value_t *e = add_const(k, a, c);
  return ll_op2(k, "arith.minui", e, ll_index(k, limit), k->index);
}

/* The tiles of one row block [i0, i0 + mr) across the panel. */
static void row_block(ll_kernel_t *k, nest_t *s, lt_value_t *i0, int64_t mr) {
  const ll_gemm_t *g = s->t.g;
  const ll_gemm_view_t *b = s->panel ? &s->pview : &g->b;
  /* Whole NR tiles: [j0, min(j0 + NC, n_main)). */
  if (s->n_main > 0) {
    ll_loop_t lp;
    ll_for_begin(k, &lp, s->j0, bound(k, s->j0, s->nc, s->n_main,
                                      s->single_panel),
                 ll_index(k, s->nr), 0, NULL);
    lt_value_t *bj = s->panel ? ll_op2(k, "arith.subi", lp.iv, s->j0, k->index)
                              : lp.iv;
    tile(k, &s->t, b, i0, lp.iv, bj, mr, s->nr, false);
    ll_for_end(k, &lp, 0, NULL);
  }
  /* The partial tile at n_main, in the panel that holds it. */
  if (s->n_main < g->n) {
    int64_t nr = g->n - s->n_main;
    lt_value_t *at = ll_index(k, s->n_main);
    if (s->single_panel) {
      lt_value_t *bj = s->panel ? ll_index(k, s->n_main) : at;
      tile(k, &s->t, b, i0, at, bj, mr, nr, !s->panel);
      return;
    }
    ll_loop_t lp;
    ll_for_begin(k, &lp, at, bound(k, s->j0, s->nc, g->n, false),
                 ll_index(k, s->nr), 0, NULL);
    lt_value_t *bj = s->panel ? ll_op2(k, "arith.subi", lp.iv, s->j0, k->index)
                              : lp.iv;
    tile(k, &s->t, b, i0, lp.iv, bj, mr, nr, !s->panel);
    ll_for_end(k, &lp, 0, NULL);
  }
}

/* The MR blocks of the chunk [m0, m0 + MC), then the partial block. */
static void chunk(ll_kernel_t *k, nest_t *s) {
  const ll_gemm_t *g = s->t.g;
  if (s->m_main > 0) {
    ll_loop_t lp;
    ll_for_begin(k, &lp, s->m0, bound(k, s->m0, s->mc, s->m_main,
                                      s->single_chunk),
                 ll_index(k, s->mr), 0, NULL);
    row_block(k, s, lp.iv, s->mr);
    ll_for_end(k, &lp, 0, NULL);
  }
  if (s->m_main < g->m) {
    int64_t mr = g->m - s->m_main;
    if (s->single_chunk) {
      row_block(k, s, ll_index(k, s->m_main), mr);
      return;
    }
    ll_loop_t lp;
    ll_for_begin(k, &lp, ll_index(k, s->m_main),
                 bound(k, s->m0, s->mc, g->m, false), ll_index(k, s->mr), 0,
                 NULL);
    row_block(k, s, lp.iv, mr);
    ll_for_end(k, &lp, 0, NULL);
  }
}

static int64_t round_up(int64_t x, int64_t m) { return (x + m - 1) / m * m; }

lt_result_t ll_gemm_emit(ll_kernel_t *k, const ll_gemm_t *g) {
  nest_t s;
  memset(&s, 0, sizeof(s));
  s.t.g = g;
  ll_gemm_blocking(k, &s.mr, &s.nr);
  if (s.mr > MAX_MR || s.nr / k->width > MAX_NV || g->m < 1 || g->n < 1 ||
      g->kdim < 1)
    return LT_FAILURE;
  /* NC: whole NR tiles of B whose [K x NC] panel fits the budget. */
  int64_t nc = LL_GEMM_PANEL_BYTES / (4 * g->kdim) / s.nr * s.nr;
  if (nc < s.nr) nc = s.nr;
  if (nc > round_up(g->n, s.nr)) nc = round_up(g->n, s.nr);
  s.nc = nc;
  int64_t panels = (g->n + nc - 1) / nc;
  s.n_main = g->n / s.nr * s.nr;
  s.m_main = g->m / s.mr * s.mr;
  /* M chunks: enough parallel iterations, each of at least MIN_CHUNK rows
   * (a packed panel is filled once per chunk). */
  int64_t outer = panels;
  for (uint32_t d = 0; d < g->num_batch; d++) outer *= g->batch[d];
  int64_t chunks = 1;
  if (outer < LL_GEMM_TASKS) {
    chunks = (LL_GEMM_TASKS + outer - 1) / outer;
    int64_t most = g->m / LL_GEMM_MIN_CHUNK;
    if (chunks > most) chunks = most > 1 ? most : 1;
  }
  s.mc = round_up((g->m + chunks - 1) / chunks, s.mr);
  chunks = (g->m + s.mc - 1) / s.mc;
  s.single_panel = panels == 1;
  s.single_chunk = chunks == 1;

  int64_t dims[LL_MAX_RANK + 2];
  uint32_t nd = 0;
  for (uint32_t d = 0; d < g->num_batch; d++) dims[nd++] = g->batch[d];
  dims[nd++] = panels;
  dims[nd++] = chunks;
  ll_loop_t par;
  lt_value_t *idx[LL_MAX_RANK + 2];
  ll_rows_begin(k, &par, nd, dims, idx);
  for (uint32_t d = 0; d < g->num_batch; d++) s.t.batch[d] = idx[d];
  s.j0 = s.single_panel ? ll_index(k, 0)
                        : ll_op2(k, "arith.muli", idx[g->num_batch],
                                 ll_index(k, nc), k->index);
  s.m0 = s.single_chunk ? ll_index(k, 0)
                        : ll_op2(k, "arith.muli", idx[g->num_batch + 1],
                                 ll_index(k, s.mc), k->index);
  if (g->pack) {
    s.panel = ll_alloca(k, 2, (const int64_t[]){g->kdim, nc});
    if (!s.panel) return LT_FAILURE;
    s.pview = (ll_gemm_view_t){s.panel, 0, 0, 1};
    lt_value_t *cols = s.single_panel
                           ? ll_index(k, g->n)
                           : ll_op2(k, "arith.subi",
                                    bound(k, s.j0, nc, g->n, false), s.j0,
                                    k->index);
    g->pack(k, g->pack_user, s.panel, s.t.batch, s.j0, cols);
  }
  chunk(k, &s);
  ll_rows_end(k, &par);
  return k->failed ? LT_FAILURE : LT_SUCCESS;
}

lt_value_t *ll_collapse(ll_kernel_t *k, lt_value_t *mem, uint32_t n,
                        const uint32_t *ends) {
  if (!mem) return k->failed = true, NULL;
  const lt_type_t *t = mem->type;
  int64_t shape[LL_MAX_RANK];
  char text[256];
  int len = snprintf(text, sizeof(text), "[");
  for (uint32_t i = 0, d = 0; i < n; i++) {
    shape[i] = 1;
    len += snprintf(text + len, sizeof(text) - (size_t)len, "%s[",
                    i ? ", " : "");
    for (uint32_t first = d; d < ends[i]; d++) {
      shape[i] *= t->shaped.shape[d];
      len += snprintf(text + len, sizeof(text) - (size_t)len, "%s%u",
                      d > first ? ", " : "", d);
    }
    len += snprintf(text + len, sizeof(text) - (size_t)len, "]");
  }
  snprintf(text + len, sizeof(text) - (size_t)len, "]");
  const lt_type_t *rt = lt_type_memref(k->ctx, n, shape, k->f32, NULL, 0,
                                       NULL);
  lt_named_attr_t attr = {lt_ident_cstr(k->ctx, "reassociation"),
                          lt_parse_attr_str(k->ctx, text)};
  lt_op_t *op = rt ? ll_op(k, "memref.collapse_shape", 1, &mem, 1, &rt, 1,
                           &attr)
                   : NULL;
  return op ? lt_op_result(op, 0) : (k->failed = true, NULL);
}

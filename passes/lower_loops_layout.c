/* lower_loops_layout.c - layout casts (lite.layout) as loops, between nchw,
 * nhwc and the channel-blocked layouts (nchw4c, nchw8c, nchw16c), as the
 * ref kernel converts them: every logical element copied, the channels a
 * blocked result stores past C zeroed.
 *
 * The memrefs are the stored shapes (ll_memref_of): nchw8c's 1x32x5x7 is
 * memref<1x4x5x7x8xf32>. The loops follow the result's order and run its
 * innermost dim by vectors; the operand side of a vector is a strided
 * vector.transfer_read (a gather) along the same logical dim:
 *   - into a blocked layout: rows (n, block, spatial but the last), then
 *     per position the block's B channels, gathered from nchw (stride H*W)
 *     or read from nhwc, the lanes past C masked to 0;
 *   - into nhwc: rows (n, spatial but the last), per position the channels
 *     by vectors (or by the operand's blocks), the last one masked;
 *   - into nchw: rows (n, block, ...) from a blocked operand, (n, ...)
 *     otherwise, then per channel the last spatial dim by vectors gathered
 *     at the operand's channel stride, the tail masked.
 * A block is the tile: the operand rows a result row reads stay in a few
 * cache lines while it is written. Between two blocked layouts the
 * channels go one by one (rare casts; the blocks need not align). Ranks
 * below 3 (no spatial dim) are left to the ref kernel. */
#include "passes/lower_loops.h"

typedef struct side {
  lt_value_t *m;
  lk_layout_t layout;
  int64_t block; /* channel block; 1 unblocked */
} side_t;

/* A logical channel, as c and, for one block, as (block, lane). */
typedef struct chan {
  lt_value_t *c, *cb, *cc;
  int64_t block;
} chan_t;

typedef struct cast {
  side_t in, out;
  uint32_t rank; /* logical */
  const int64_t *shape;
  lt_value_t *n, *sp[LL_MAX_RANK]; /* sp[i]: logical dim 2 + i */
} cast_t;

static lk_layout_t layout_of(const lt_type_t *t) {
  lk_place_t p;
  return lt_place_of_type(t, &p) ? p.layout : LK_LAYOUT_NCHW;
}

static bool layout_supported(const lt_type_t *t, ll_why_t *why) {
  if (!ll_type_ok_any_layout(t, why)) return false;
  if (layout_of(t) == LK_LAYOUT_ANY) {
    ll_why_set(why, "an operand or result in the `any` layout");
    return false;
  }
  return true;
}

static bool layout_cast_supported(lt_op_t *op, ll_why_t *why) {
  if (op->num_results != 1 || !layout_supported(op->results[0].type, why) ||
      !layout_supported(lt_op_operand(op, 0)->type, why))
    return false;
  if (op->results[0].type->shaped.rank < 3) {
    ll_why_set(why, "a layout cast below rank 3 (no spatial dim)");
    return false;
  }
  return true;
}

static lt_value_t *imul(ll_kernel_t *k, lt_value_t *a, int64_t b) {
  return b == 1 ? a : ll_op2(k, "arith.muli", a, ll_index(k, b), k->index);
}

static lt_value_t *chan_c(ll_kernel_t *k, chan_t *ch) {
  if (!ch->c) ch->c = ll_iadd(k, imul(k, ch->cb, ch->block), ch->cc);
  return ch->c;
}

/* The stored index of (n, ch, sp..., w at `last`) on side s. */
static uint32_t stored_index(ll_kernel_t *k, const cast_t *t, const side_t *s,
                             chan_t *ch, lt_value_t *last, lt_value_t **out) {
  uint32_t ns = t->rank - 2, r = 0;
  out[r++] = t->n;
  lt_value_t *cb = NULL, *cc = NULL;
  if (s->block > 1) {
    if (ch->cb && ch->block == s->block) {
      cb = ch->cb;
      cc = ch->cc;
    } else {
      lt_value_t *c = chan_c(k, ch), *b = ll_index(k, s->block);
      cb = ll_op2(k, "arith.divui", c, b, k->index);
      cc = ll_op2(k, "arith.remui", c, b, k->index);
    }
    out[r++] = cb;
  } else if (s->layout != LK_LAYOUT_NHWC) {
    out[r++] = chan_c(k, ch);
  }
  for (uint32_t i = 0; i < ns; i++) out[r++] = i + 1 == ns ? last : t->sp[i];
  if (s->layout == LK_LAYOUT_NHWC) out[r++] = chan_c(k, ch);
  if (cc) out[r++] = cc;
  return r;
}

/* The stored dim the channels (or the last spatial dim) run along. */
static int32_t lane_dim(const cast_t *t, const side_t *s, bool channels) {
  uint32_t r = t->rank;
  if (channels)
    return s->block > 1 ? (int32_t)r : s->layout == LK_LAYOUT_NHWC
                                           ? (int32_t)r - 1
                                           : 1;
  return s->layout == LK_LAYOUT_NHWC ? (int32_t)r - 2 : (int32_t)r - 1;
}

/* Copies `lanes` elements from the operand to the result along the
 * channels (channels) or the last spatial dim, at channel ch and last
 * spatial index w. */
static void move(ll_kernel_t *k, const cast_t *t, chan_t *ch, lt_value_t *w,
                 bool channels, int64_t lanes, bool in_bounds) {
  lt_value_t *ii[LL_MAX_RANK + 1], *oi[LL_MAX_RANK + 1];
  stored_index(k, t, &t->in, ch, w, ii);
  stored_index(k, t, &t->out, ch, w, oi);
  const lt_type_t *vt = lt_type_vector(k->ctx, 1, &lanes, k->f32);
  lt_value_t *v = ll_transfer_read(k, t->in.m, ii,
                                   lane_dim(t, &t->in, channels), vt, in_bounds);
  ll_transfer_write(k, v, t->out.m, oi, lane_dim(t, &t->out, channels),
                    in_bounds);
}

/* A loop over [0, n) of `step`, whole steps in bounds, then the cut one:
 * body(start, lanes, in_bounds). */
typedef void (*chunk_fn_t)(ll_kernel_t *k, cast_t *t, void *user,
                           lt_value_t *at, int64_t lanes, bool in_bounds);
static void chunks(ll_kernel_t *k, cast_t *t, int64_t n, int64_t step,
                   chunk_fn_t body, void *user) {
  int64_t whole = n / step * step;
  if (whole == step) {
    body(k, t, user, ll_index(k, 0), step, true);
  } else if (whole) {
    ll_loop_t lp;
    ll_for_begin(k, &lp, ll_index(k, 0), ll_index(k, whole), ll_index(k, step),
                 0, NULL);
    body(k, t, user, lp.iv, step, true);
    ll_for_end(k, &lp, 0, NULL);
  }
  if (n % step) body(k, t, user, ll_index(k, whole), step, false);
}

/* ---- into a blocked layout ------------------------------------------------- */
static void into_blocked(ll_kernel_t *k, cast_t *t, chan_t *ch,
                         lt_value_t *w) {
  int64_t c = t->shape[1], b = t->out.block;
  if (t->in.block == 1) {
    /* The block's channels: lanes past C read as 0, the padding. */
    move(k, t, ch, w, true, b, c % b == 0);
    return;
  }
  /* From another blocked layout: channel by channel, then zeros. */
  lt_value_t *ub = ll_index(k, b);
  if (c % b) {
    lt_value_t *left = ll_op2(k, "arith.subi", ll_index(k, c),
                              imul(k, ch->cb, b), k->index);
    ub = ll_op2(k, "arith.minui", left, ub, k->index);
  }
  lt_value_t *ii[LL_MAX_RANK + 1], *oi[LL_MAX_RANK + 1];
  ll_loop_t lp;
  ll_for_begin(k, &lp, ll_index(k, 0), ub, ll_index(k, 1), 0, NULL);
  chan_t one = {NULL, ch->cb, lp.iv, b};
  stored_index(k, t, &t->in, &one, w, ii);
  stored_index(k, t, &t->out, &one, w, oi);
  ll_store(k, ll_load(k, t->in.m, ii, false), t->out.m, oi);
  ll_for_end(k, &lp, 0, NULL);
  if (c % b) {
    ll_for_begin(k, &lp, ub, ll_index(k, b), ll_index(k, 1), 0, NULL);
    chan_t pad = {NULL, ch->cb, lp.iv, b};
    stored_index(k, t, &t->out, &pad, w, oi);
    ll_store(k, ll_float(k, 0.0, k->f32), t->out.m, oi);
    ll_for_end(k, &lp, 0, NULL);
  }
}

/* ---- into nhwc --------------------------------------------------------------- */
static void nhwc_chunk(ll_kernel_t *k, cast_t *t, void *user, lt_value_t *at,
                       int64_t lanes, bool in_bounds) {
  lt_value_t *w = user;
  chan_t ch = {at, NULL, NULL, 1};
  if (t->in.block > 1) {
    /* A whole operand block: in bounds on its side, cut on the result's. */
    lt_value_t *b = ll_index(k, t->in.block);
    ch.cb = ll_op2(k, "arith.divui", at, b, k->index);
    ch.cc = ll_index(k, 0);
    ch.block = t->in.block;
    lt_value_t *ii[LL_MAX_RANK + 1], *oi[LL_MAX_RANK + 1];
    stored_index(k, t, &t->in, &ch, w, ii);
    stored_index(k, t, &t->out, &ch, w, oi);
    const lt_type_t *vt = lt_type_vector(k->ctx, 1, &lanes, k->f32);
    lt_value_t *v = ll_transfer_read(k, t->in.m, ii, lane_dim(t, &t->in, true),
                                     vt, true);
    ll_transfer_write(k, v, t->out.m, oi, lane_dim(t, &t->out, true),
                      in_bounds);
    return;
  }
  move(k, t, &ch, w, true, lanes, in_bounds);
}

/* ---- into nchw ---------------------------------------------------------------- */
static void nchw_chunk(ll_kernel_t *k, cast_t *t, void *user, lt_value_t *at,
                       int64_t lanes, bool in_bounds) {
  move(k, t, user, at, false, lanes, in_bounds);
}

static lt_result_t layout_cast_emit(ll_kernel_t *k, lt_op_t *op) {
  const lt_type_t *in = lt_op_operand(op, 0)->type, *out = op->results[0].type;
  cast_t t = {.in = {k->args[0], layout_of(in), 1},
              .out = {k->args[1], layout_of(out), 1},
              .rank = out->shaped.rank,
              .shape = out->shaped.shape};
  t.in.block = lk_layout_channel_block(t.in.layout);
  t.out.block = lk_layout_channel_block(t.out.layout);
  uint32_t ns = t.rank - 2;
  int64_t c = t.shape[1], w_n = t.shape[t.rank - 1];
  /* Rows: n, the result's (or for nchw, the operand's) blocks, spatial
   * dims but the last. */
  int64_t block = t.out.block > 1                            ? t.out.block
                  : t.out.layout == LK_LAYOUT_NCHW           ? t.in.block
                                                             : 1;
  bool by_block = block > 1;
  int64_t dims[LL_MAX_RANK];
  lt_value_t *idx[LL_MAX_RANK];
  uint32_t nd = 0;
  dims[nd++] = t.shape[0];
  if (by_block) dims[nd++] = (c + block - 1) / block;
  for (uint32_t i = 0; i + 1 < ns; i++) dims[nd++] = t.shape[2 + i];
  ll_loop_t rows, wl, cl;
  ll_rows_begin(k, &rows, nd, dims, idx);
  t.n = idx[0];
  for (uint32_t i = 0; i + 1 < ns; i++) t.sp[i] = idx[(by_block ? 2 : 1) + i];
  chan_t ch = {NULL, by_block ? idx[1] : NULL, NULL, block};
  if (t.out.block > 1 || t.out.layout == LK_LAYOUT_NHWC) {
    ll_for_begin(k, &wl, ll_index(k, 0), ll_index(k, w_n), ll_index(k, 1), 0,
                 NULL);
    if (t.out.block > 1) {
      ch.c = imul(k, ch.cb, block);
      ch.cc = ll_index(k, 0);
      into_blocked(k, &t, &ch, wl.iv);
    } else {
      int64_t step = t.in.block > 1 ? t.in.block : k->width;
      chunks(k, &t, c, step, nhwc_chunk, wl.iv);
    }
    ll_for_end(k, &wl, 0, NULL);
  } else {
    /* Into nchw: per channel (of the row's block), the last spatial dim
     * by vectors. */
    lt_value_t *lb = ll_index(k, 0), *ub = ll_index(k, by_block ? block : c);
    if (by_block && c % block) {
      lt_value_t *left = ll_op2(k, "arith.subi", ll_index(k, c),
                                imul(k, ch.cb, block), k->index);
      ub = ll_op2(k, "arith.minui", left, ub, k->index);
    }
    ll_for_begin(k, &cl, lb, ub, ll_index(k, 1), 0, NULL);
    chan_t one = by_block ? (chan_t){NULL, ch.cb, cl.iv, block}
                          : (chan_t){cl.iv, NULL, NULL, 1};
    chan_c(k, &one);
    chunks(k, &t, w_n, k->width, nchw_chunk, &one);
    ll_for_end(k, &cl, 0, NULL);
  }
  ll_rows_end(k, &rows);
  return k->failed ? LT_FAILURE : LT_SUCCESS;
}

const ll_single_t ll_layout_family = {NULL, layout_cast_supported,
                                      layout_cast_emit};

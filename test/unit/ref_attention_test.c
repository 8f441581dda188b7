/* ref_attention_test.c - lite.attention and its reference kernel
 * (kernels/ref/attention.h) against the decomposed computation it replaces:
 * a step-by-step version here (projections, head split, Q K^T, scale, mask,
 * softmax, V, head merge, each as its own array), hand-worked values, and
 * the op evaluated by the interpreter next to the same graph written with
 * matmul/reshape/transpose/softmax ops. Also the op's shape checks. */
#include <math.h>
#include <string.h>

#include "dialects/lite/interp.h"
#include "kernels/ref/attention.h"

#include "test/unit/lite_test_util.h"
#include "test/unit/ref_ws.h"

/* ---- the decomposed computation
 * ---------------------------------------------- */

typedef struct attn_case {
  int64_t b, s, din, d, h;
  double scale;
  int32_t mask_rank; /* -1: no mask */
  int64_t mask_dims[4];
} attn_case_t;

static int64_t mask_numel(const attn_case_t *c) {
  int64_t n = 1;
  for (int32_t i = 0; i < c->mask_rank; i++)
    n *= c->mask_dims[i];
  return n;
}

/* Element of the mask broadcast to [B, H, S, S] at (b, h, i, j), numpy's
 * rule written out: trailing dims align, dims of 1 repeat. */
static double mask_at(const attn_case_t *c, const double *mask, int64_t b,
                      int64_t h, int64_t i, int64_t j) {
  int64_t full[4] = {b, h, i, j}, off = 0;
  for (int32_t k = 0; k < c->mask_rank; k++) {
    int64_t dim = c->mask_dims[k];
    int64_t idx = dim == 1 ? 0 : full[4 - c->mask_rank + k];
    off = off * dim + idx;
  }
  return mask[off];
}

/* y = reshape(transpose(softmax(Q K^T * scale + mask) V)) with every
 * intermediate materialized in the exporters' layout. */
static void decomposed(const attn_case_t *c, const double *x,
                       const double *const w[3], const double *const bias[3],
                       const double *mask, double *y) {
  int64_t B = c->b, S = c->s, Din = c->din, D = c->d, H = c->h, Dh = D / H;
  double *proj = calloc((size_t)(3 * B * S * D), sizeof(double));
  double *heads = calloc((size_t)(3 * B * H * S * Dh), sizeof(double));
  double *p = calloc((size_t)(B * H * S * S), sizeof(double));
  double *o = calloc((size_t)(B * H * S * Dh), sizeof(double));
  CHECK(proj && heads && p && o);
  if (!proj || !heads || !p || !o) goto done;
  /* P_i = x W_i + b_i, [B, S, D] */
  for (int i = 0; i < 3; i++)
    for (int64_t r = 0; r < B * S; r++)
      for (int64_t n = 0; n < D; n++) {
        double acc = 0;
        for (int64_t k = 0; k < Din; k++)
          acc += x[r * Din + k] * w[i][k * D + n];
        proj[(i * B * S + r) * D + n] = acc + bias[i][n];
      }
  /* reshape [B, S, H, Dh], transpose [0, 2, 1, 3] -> [B, H, S, Dh] */
  for (int i = 0; i < 3; i++)
    for (int64_t bb = 0; bb < B; bb++)
      for (int64_t s = 0; s < S; s++)
        for (int64_t hh = 0; hh < H; hh++)
          for (int64_t e = 0; e < Dh; e++)
            heads[(((i * B + bb) * H + hh) * S + s) * Dh + e] =
                proj[((i * B + bb) * S + s) * D + hh * Dh + e];
  const double *q = heads, *k = heads + B * H * S * Dh,
               *v = heads + 2 * B * H * S * Dh;
  /* scores, scale, mask, softmax (without the max shift) */
  for (int64_t bb = 0; bb < B; bb++)
    for (int64_t hh = 0; hh < H; hh++)
      for (int64_t i = 0; i < S; i++) {
        double *row = p + ((bb * H + hh) * S + i) * S, sum = 0;
        for (int64_t j = 0; j < S; j++) {
          double dot = 0;
          for (int64_t e = 0; e < Dh; e++)
            dot += q[((bb * H + hh) * S + i) * Dh + e] *
                   k[((bb * H + hh) * S + j) * Dh + e];
          double logit = dot * c->scale;
          if (mask) logit += mask_at(c, mask, bb, hh, i, j);
          row[j] = exp(logit);
          sum += row[j];
        }
        for (int64_t j = 0; j < S; j++)
          row[j] /= sum;
      }
  /* P V, then transpose [0, 2, 1, 3] and reshape to [B, S, D] */
  for (int64_t bh = 0; bh < B * H; bh++)
    for (int64_t i = 0; i < S; i++)
      for (int64_t e = 0; e < Dh; e++) {
        double acc = 0;
        for (int64_t j = 0; j < S; j++)
          acc += p[(bh * S + i) * S + j] * v[(bh * S + j) * Dh + e];
        o[(bh * S + i) * Dh + e] = acc;
      }
  for (int64_t bb = 0; bb < B; bb++)
    for (int64_t s = 0; s < S; s++)
      for (int64_t hh = 0; hh < H; hh++)
        for (int64_t e = 0; e < Dh; e++)
          y[(bb * S + s) * D + hh * Dh + e] =
              o[((bb * H + hh) * S + s) * Dh + e];
done:
  free(proj);
  free(heads);
  free(p);
  free(o);
}

/* ---- the kernel against it
 * ------------------------------------------------------ */

/* Random inputs for case c in dtype dt, the kernel's result against the
 * decomposed one computed from the same (rounded) values. */
static void check_case(const attn_case_t *c, lk_dtype_t dt, double tol,
                       uint32_t seed) {
  int64_t nx = c->b * c->s * c->din, nw = c->din * c->d,
          ny = c->b * c->s * c->d;
  int64_t nm = c->mask_rank >= 0 ? mask_numel(c) : 0;
  size_t es = lk_dtype_size(dt);
  void *xs = calloc((size_t)nx + 1, es), *ys = calloc((size_t)ny + 1, es);
  void *ws[3], *bs[3], *ms = calloc((size_t)nm + 1, es);
  double *xd = calloc((size_t)nx + 1, sizeof(double));
  double *wd[3], *bd[3], *md = calloc((size_t)nm + 1, sizeof(double));
  double *want = calloc((size_t)ny + 1, sizeof(double));
  lk_tensor_t tx = tensor(dt, xs, DIMS(c->b, c->s, c->din));
  lk_tensor_t ty = tensor(dt, ys, DIMS(c->b, c->s, c->d));
  lk_tensor_t tw[3], tb[3];
  for (int i = 0; i < 3; i++) {
    ws[i] = calloc((size_t)nw, es);
    bs[i] = calloc((size_t)c->d, es);
    wd[i] = calloc((size_t)nw, sizeof(double));
    bd[i] = calloc((size_t)c->d, sizeof(double));
    tw[i] = tensor(dt, ws[i], DIMS(c->din, c->d));
    tb[i] = tensor(dt, bs[i], DIMS(c->d));
  }
  lk_tensor_t tm = {
      .dtype = dt, .rank = c->mask_rank > 0 ? c->mask_rank : 0, .data = ms};
  for (int32_t i = 0; i < c->mask_rank; i++)
    tm.dims[i] = c->mask_dims[i];
  /* Store, then read back: the decomposed side sees the rounded values. */
  for (int64_t i = 0; i < nx; i++) {
    lk_store_f64(&tx, i, 2 * rnd(&seed));
    xd[i] = lk_load_f64(&tx, i);
  }
  for (int i = 0; i < 3; i++) {
    for (int64_t j = 0; j < nw; j++) {
      lk_store_f64(&tw[i], j, rnd(&seed));
      wd[i][j] = lk_load_f64(&tw[i], j);
    }
    for (int64_t j = 0; j < c->d; j++) {
      lk_store_f64(&tb[i], j, 0.5 * rnd(&seed));
      bd[i][j] = lk_load_f64(&tb[i], j);
    }
  }
  for (int64_t i = 0; i < nm; i++) {
    lk_store_f64(&tm, i, rnd(&seed) < -0.6 ? -1e4 : rnd(&seed));
    md[i] = lk_load_f64(&tm, i);
  }
  const lk_tensor_t *w[3] = {&tw[0], &tw[1], &tw[2]};
  const lk_tensor_t *b[3] = {&tb[0], &tb[1], &tb[2]};
  lk_attention_params_t p = {c->h, c->scale};
  CHECK(WS_ATTENTION(&p, &tx, w, b, c->mask_rank >= 0 ? &tm : NULL, &ty));
  decomposed(c, xd, (const double *const *)wd, (const double *const *)bd,
             c->mask_rank >= 0 ? md : NULL, want);
  if (!all_near(&ty, want, ny, tol)) {
    fprintf(stderr,
            "  case b=%lld s=%lld din=%lld d=%lld h=%lld mask rank %d "
            "dtype %s\n",
            (long long)c->b, (long long)c->s, (long long)c->din,
            (long long)c->d, (long long)c->h, (int)c->mask_rank,
            lk_dtype_name(dt));
    g_failures++;
  }
  free(xs);
  free(ys);
  free(ms);
  free(xd);
  free(md);
  free(want);
  for (int i = 0; i < 3; i++) {
    free(ws[i]);
    free(bs[i]);
    free(wd[i]);
    free(bd[i]);
  }
}

static void test_kernel_vs_decomposed(void) {
  const attn_case_t cases[] = {
      /* two heads, no mask; then masks of every rank that broadcasts */
      {2, 3, 5, 6, 2, 1 / sqrt(3.0), -1, {0}},
      {2, 3, 5, 6, 2, 0.25, 1, {3}},
      {2, 3, 5, 6, 3, 1 / sqrt(2.0), 4, {2, 1, 1, 3}},
      {1, 4, 3, 4, 2, 0.7, 4, {1, 2, 4, 4}},
      {2, 4, 3, 4, 4, 1.0, 2, {4, 4}},
      {2, 2, 3, 4, 1, -0.5, 0, {0}},
      {1, 5, 8, 8, 2, 0.5, 3, {2, 1, 5}},
      /* one position; one head of width one per head */
      {3, 1, 2, 2, 1, 1.0, 4, {3, 1, 1, 1}},
      {1, 3, 2, 3, 3, 2.0, -1, {0}},
  };
  uint32_t seed = 7;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    check_case(&cases[i], LK_F64, 1e-12, seed + (uint32_t)i);
    check_case(&cases[i], LK_F32, 2e-6, seed + (uint32_t)i);
    check_case(&cases[i], LK_F16, 2e-3, seed + (uint32_t)i);
  }
}

/* Worked by hand: one head, W = I, b = 0, x = I (2 x 2), scale 1. The
 * scores are I, so row 0 attends with weights e/(1+e), 1/(1+e) and
 * returns them (V = I); a -inf mask on key 0 leaves key 1 alone. */
static void test_hand_worked(void) {
  float x[4] = {1, 0, 0, 1}, eye[4] = {1, 0, 0, 1}, zero[2] = {0, 0}, y[4];
  lk_tensor_t tx = tensor(LK_F32, x, DIMS(1, 2, 2));
  lk_tensor_t tw = tensor(LK_F32, eye, DIMS(2, 2));
  lk_tensor_t tb = tensor(LK_F32, zero, DIMS(2));
  lk_tensor_t ty = tensor(LK_F32, y, DIMS(1, 2, 2));
  const lk_tensor_t *w[3] = {&tw, &tw, &tw}, *b[3] = {&tb, &tb, &tb};
  lk_attention_params_t p = {1, 1.0};
  double e = exp(1.0), hi = e / (1 + e), lo = 1 / (1 + e);
  CHECK(WS_ATTENTION(&p, &tx, w, b, NULL, &ty));
  CHECK(all_near(&ty, (double[]){hi, lo, lo, hi}, 4, 1e-7));
  float m[2] = {-INFINITY, 0};
  lk_tensor_t tm = tensor(LK_F32, m, DIMS(2));
  CHECK(WS_ATTENTION(&p, &tx, w, b, &tm, &ty));
  CHECK(all_near(&ty, (double[]){0, 1, 0, 1}, 4, 0));
  /* Two heads of width one: each head attends on its own coordinate, so
   * both rows average V's rows evenly within a head whose scores tie. */
  float x2[4] = {1, 2, 3, 4};
  lk_tensor_t tx2 = tensor(LK_F32, x2, DIMS(1, 2, 2));
  lk_attention_params_t p0 = {2, 0.0};
  CHECK(WS_ATTENTION(&p0, &tx2, w, b, NULL, &ty));
  CHECK(all_near(&ty, (double[]){2, 3, 2, 3}, 4, 1e-7));
  /* Empty batch and empty sequence: nothing to compute, no failure. */
  lk_tensor_t te = tensor(LK_F32, x, DIMS(0, 2, 2));
  lk_tensor_t tye = tensor(LK_F32, y, DIMS(0, 2, 2));
  CHECK(WS_ATTENTION(&p, &te, w, b, NULL, &tye));
  lk_tensor_t ts = tensor(LK_F32, x, DIMS(1, 0, 2));
  lk_tensor_t tys = tensor(LK_F32, y, DIMS(1, 0, 2));
  CHECK(WS_ATTENTION(&p, &ts, w, b, NULL, &tys));
  /* The workspace by its rules (each piece rounded up to 64 bytes): all
   * float32, Q K V (12 floats), a head's K^T, V, scores and result (4
   * floats each); with a double mask, the double path's x, the mask,
   * 3 x (W, B), Q K V, a row of scores and y. A short one is refused
   * before y is written. */
  CHECK(lk_ref_attention_workspace(&tx, w, b, &tm, &ty) == 5 * 64);
  lk_tensor_t tm64 = tm;
  tm64.dtype = LK_F64;
  CHECK(lk_ref_attention_workspace(&tx, w, b, &tm64, &ty) == 12 * 64);
  CHECK_SHORT_WS(lk_ref_attention_workspace(&tx, w, b, &tm, &ty), &ty,
                 lk_ref_attention(&p, &tx, w, b, &tm, &ty, ws));
  CHECK(all_near(&ty, (double[]){0, 1, 0, 1}, 4, 0));
}

/* ---- the op against the decomposed graph
 * ------------------------------------- */

static void emit_dense(lt_strbuf_t *sb, const char *name, const float *v,
                       int64_t rows, int64_t cols) {
  lt_strbuf_printf(sb, "  %%%s = \"lite.constant\"() {value = dense<", name);
  lt_strbuf_printf(sb, rows > 0 ? "[" : "");
  for (int64_t r = 0; r < (rows > 0 ? rows : 1); r++) {
    lt_strbuf_printf(sb, "%s[", r ? ", " : "");
    for (int64_t k = 0; k < cols; k++)
      lt_strbuf_printf(sb, "%s%.9g", k ? ", " : "", (double)v[r * cols + k]);
    lt_strbuf_printf(sb, "]");
  }
  if (rows > 0)
    lt_strbuf_printf(sb,
                     "]> : tensor<%lldx%lldxf32>} : () -> "
                     "tensor<%lldx%lldxf32>\n",
                     (long long)rows, (long long)cols, (long long)rows,
                     (long long)cols);
  else
    lt_strbuf_printf(sb, "> : tensor<%lldxf32>} : () -> tensor<%lldxf32>\n",
                     (long long)cols, (long long)cols);
}

/* A module with @decomposed (the exporters' graph, scale as a div by
 * sqrt(Dh) and a [B, 1, 1, S] mask) and @fused (one lite.attention) over
 * the same weights, B = 2, S = 3, Din = 5, D = 4, H = 2. */
static char *attention_module(uint32_t seed) {
  float w[3][5 * 4], b[3][4];
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 5 * 4; j++)
      w[i][j] = (float)rnd(&seed);
    for (int j = 0; j < 4; j++)
      b[i][j] = (float)(0.3 * rnd(&seed));
  }
  lt_strbuf_t sb = {0};
  const char *names[3] = {"q", "k", "v"};
  const char *sig = "(%x: tensor<2x3x5xf32>, %m: tensor<2x1x1x3xf32>) -> "
                    "tensor<2x3x4xf32>";
  for (int f = 0; f < 2; f++) {
    lt_strbuf_printf(&sb, "func.func @%s%s {\n", f ? "fused" : "decomposed",
                     sig);
    for (int i = 0; i < 3; i++) {
      char n[8];
      snprintf(n, sizeof n, "w%s", names[i]);
      emit_dense(&sb, n, w[i], 5, 4);
      snprintf(n, sizeof n, "b%s", names[i]);
      emit_dense(&sb, n, b[i], 0, 4);
    }
    if (f) {
      lt_strbuf_printf(
          &sb,
          "  %%y = \"lite.attention\"(%%x, %%wq, %%bq, %%wk, %%bk, %%wv, "
          "%%bv, %%m) {num_heads = 2 : i64} : (tensor<2x3x5xf32>, "
          "tensor<5x4xf32>, tensor<4xf32>, tensor<5x4xf32>, tensor<4xf32>, "
          "tensor<5x4xf32>, tensor<4xf32>, tensor<2x1x1x3xf32>) -> "
          "tensor<2x3x4xf32>\n  return %%y : tensor<2x3x4xf32>\n}\n");
      continue;
    }
    lt_strbuf_printf(
        &sb, "  %%s4 = \"lite.constant\"() {value = dense<[2, 3, 2, 2]> : "
             "tensor<4xi64>} : () -> tensor<4xi64>\n"
             "  %%s3 = \"lite.constant\"() {value = dense<[2, 3, 4]> : "
             "tensor<3xi64>} : () -> tensor<3xi64>\n"
             "  %%c = \"lite.constant\"() {value = dense<1.41421354> : "
             "tensor<f32>} : () -> tensor<f32>\n");
    for (int i = 0; i < 3; i++)
      lt_strbuf_printf(
          &sb,
          "  %%%s0 = \"lite.matmul\"(%%x, %%w%s) : (tensor<2x3x5xf32>, "
          "tensor<5x4xf32>) -> tensor<2x3x4xf32>\n"
          "  %%%s1 = \"lite.add\"(%%%s0, %%b%s) : (tensor<2x3x4xf32>, "
          "tensor<4xf32>) -> tensor<2x3x4xf32>\n"
          "  %%%s2 = \"lite.reshape\"(%%%s1, %%s4) : (tensor<2x3x4xf32>, "
          "tensor<4xi64>) -> tensor<2x3x2x2xf32>\n"
          "  %%%s = \"lite.transpose\"(%%%s2) {perm = array<i64: 0, 2, 1, 3>} "
          ": (tensor<2x3x2x2xf32>) -> tensor<2x2x3x2xf32>\n",
          names[i], names[i], names[i], names[i], names[i], names[i], names[i],
          names[i], names[i]);
    lt_strbuf_printf(
        &sb,
        "  %%kt = \"lite.transpose\"(%%k) {perm = array<i64: 0, 1, 3, 2>} : "
        "(tensor<2x2x3x2xf32>) -> tensor<2x2x2x3xf32>\n"
        "  %%s0 = \"lite.matmul\"(%%q, %%kt) : (tensor<2x2x3x2xf32>, "
        "tensor<2x2x2x3xf32>) -> tensor<2x2x3x3xf32>\n"
        "  %%s1 = \"lite.div\"(%%s0, %%c) : (tensor<2x2x3x3xf32>, "
        "tensor<f32>) -> tensor<2x2x3x3xf32>\n"
        "  %%s2 = \"lite.add\"(%%s1, %%m) : (tensor<2x2x3x3xf32>, "
        "tensor<2x1x1x3xf32>) -> tensor<2x2x3x3xf32>\n"
        "  %%p = \"lite.softmax\"(%%s2) {axis = -1 : i64} : "
        "(tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>\n"
        "  %%o0 = \"lite.matmul\"(%%p, %%v) : (tensor<2x2x3x3xf32>, "
        "tensor<2x2x3x2xf32>) -> tensor<2x2x3x2xf32>\n"
        "  %%o1 = \"lite.transpose\"(%%o0) {perm = array<i64: 0, 2, 1, 3>} : "
        "(tensor<2x2x3x2xf32>) -> tensor<2x3x2x2xf32>\n"
        "  %%y = \"lite.reshape\"(%%o1, %%s3) : (tensor<2x3x2x2xf32>, "
        "tensor<3xi64>) -> tensor<2x3x4xf32>\n"
        "  return %%y : tensor<2x3x4xf32>\n}\n");
  }
  return sb.data;
}

static void test_op_vs_graph(void) {
  lite_log_t log;
  lt_context_t *ctx = lite_context(&log);
  char *src = attention_module(11);
  lt_op_t *module = src ? lite_parse(ctx, src) : NULL;
  CHECK(module != NULL && LT_SUCCEEDED(lt_op_verify(module)));
  if (!module) {
    fprintf(stderr, "%s", log.all.text.data ? log.all.text.data : "");
    free(src);
    lt_context_destroy(ctx);
    lite_log_free(&log);
    return;
  }
  uint32_t seed = 5;
  float x[2 * 3 * 5], m[2 * 3];
  for (int i = 0; i < 30; i++)
    x[i] = (float)(1.5 * rnd(&seed));
  for (int i = 0; i < 6; i++)
    m[i] = i == 4 ? -1e9f : (float)rnd(&seed);
  lt_lite_named_tensor_t in[2] = {{NULL, tensor(LK_F32, x, DIMS(2, 3, 5))},
                                  {NULL, tensor(LK_F32, m, DIMS(2, 1, 1, 3))}};
  lt_lite_outputs_t graph = {0}, fused = {0};
  lt_allocator_t al = lt_allocator_system();
  CHECK(lt_lite_interpret(lt_lite_interp_entry(module, "decomposed"), al, 2, in,
                          &graph) == LT_SUCCESS);
  CHECK(lt_lite_interpret(lt_lite_interp_entry(module, "fused"), al, 2, in,
                          &fused) == LT_SUCCESS);
  if (graph.count == 1 && fused.count == 1) {
    lk_tensor_t *g = &graph.items[0].tensor, *f = &fused.items[0].tensor;
    double want[24];
    CHECK(has_numel(g, 24));
    for (int i = 0; i < 24 && lk_numel(g) == 24; i++)
      want[i] = lk_load_f64(g, i);
    /* f32 rounding of the graph's steps against the kernel in double. */
    CHECK(lk_numel(g) == 24 && all_near(f, want, 24, 2e-6));
  } else {
    CHECK(false);
  }
  lt_lite_outputs_free(&graph);
  lt_lite_outputs_free(&fused);
  lt_op_destroy(module);
  free(src);
  lt_context_destroy(ctx);
  lite_log_free(&log);
}

/* ---- shape checks
 * ------------------------------------------------------------- */

static float g_zeros[4096];

static lt_value_t *zeros(lt_builder_t *b, int32_t rank, const int64_t *dims) {
  const lt_type_t *t =
      lt_type_tensor(b->ctx, (uint32_t)rank, dims, lt_type_f32(b->ctx), NULL);
  return lite_constant(b, lt_loc_unknown(b->ctx), t, g_zeros,
                       (size_t)lt_type_num_elements(t) * sizeof(float));
}

/* Creates lite.attention over zero constants of the given shapes (mask
 * rank -1: none) with num_heads h; returns the op or NULL. */
static lt_op_t *make(lt_builder_t *b, const int64_t x[3], const int64_t wq[2],
                     const int64_t wk[2], const int64_t bias[1], int32_t mrank,
                     const int64_t *mdims, int64_t h) {
  int64_t wv[2] = {wq[0], wq[1]};
  lt_value_t *ops[8] = {
      zeros(b, 3, x),    zeros(b, 2, wq), zeros(b, 1, bias), zeros(b, 2, wk),
      zeros(b, 1, bias), zeros(b, 2, wv), zeros(b, 1, bias), NULL};
  uint32_t n = 7;
  if (mrank >= 0) ops[n++] = zeros(b, mrank, mdims);
  lt_named_attr_t heads = int_attr(b->ctx, "num_heads", h);
  return lt_lite_create(b, LT_LITE_ATTENTION, lt_loc_unknown(b->ctx), n, ops, 1,
                        &heads, 1);
}

static void test_shapes(void) {
  lite_log_t log;
  lt_context_t *ctx = lite_context(&log);
  lt_builder_t b;
  lt_op_t *module = lite_module(ctx, &b);
  int64_t x[3] = {2, 5, 6}, w[2] = {6, 8}, bias[1] = {8};
  lt_op_t *op = make(&b, x, w, w, bias, 4, (int64_t[]){2, 1, 1, 5}, 4);
  CHECK(op != NULL);
  if (op) {
    const lt_type_t *t = lt_op_result(op, 0)->type;
    CHECK(t->shaped.rank == 3 && t->shaped.shape[0] == 2 &&
          t->shaped.shape[1] == 5 && t->shaped.shape[2] == 8);
  }
  lite_log_reset(&log);
  CHECK(make(&b, x, w, w, bias, -1, NULL, 3) == NULL &&
        last_error_has(&log, "num_heads 3 does not divide the projection "
                             "width 8"));
  lite_log_reset(&log);
  CHECK(make(&b, x, w, w, bias, -1, NULL, 0) == NULL &&
        last_error_has(&log, "'num_heads' must be positive, got 0"));
  lite_log_reset(&log);
  CHECK(make(&b, x, (int64_t[]){5, 8}, w, bias, -1, NULL, 2) == NULL &&
        last_error_has(&log, "operand #1 (Wq) must have 6 rows"));
  lite_log_reset(&log);
  CHECK(make(&b, x, w, (int64_t[]){6, 4}, bias, -1, NULL, 2) == NULL &&
        last_error_has(&log, "operand #3 (Wk) has 4 columns"));
  lite_log_reset(&log);
  CHECK(make(&b, x, w, w, (int64_t[]){4}, -1, NULL, 2) == NULL &&
        last_error_has(&log, "Bq"));
  lite_log_reset(&log);
  CHECK(make(&b, x, w, w, bias, 2, (int64_t[]){5, 4}, 2) == NULL &&
        last_error_has(&log, "operand #7 (Mask) of shape 5x4 does not "
                             "broadcast to the scores [B, num_heads, S, S] = "
                             "2x2x5x5 (dim 1 is 4, want 1 or 5)"));
  lite_log_reset(&log);
  CHECK(make(&b, x, w, w, bias, 4, (int64_t[]){2, 3, 5, 5}, 4) == NULL &&
        last_error_has(&log, "(dim 1 is 3, want 1 or 4)"));
  lite_log_reset(&log);
  CHECK(make(&b, x, w, w, bias, 5, (int64_t[]){1, 2, 1, 1, 5}, 4) == NULL &&
        last_error_has(&log, "Mask"));
  /* A scalar mask and a [S] mask broadcast. */
  CHECK(make(&b, x, w, w, bias, 0, NULL, 4) != NULL);
  CHECK(make(&b, x, w, w, bias, 1, (int64_t[]){5}, 4) != NULL);
  lt_op_destroy(module);
  lt_context_destroy(ctx);
  lite_log_free(&log);
}

int main(void) {
  test_kernel_vs_decomposed();
  test_hand_worked();
  test_op_vs_graph();
  test_shapes();
  return test_exit_status();
}

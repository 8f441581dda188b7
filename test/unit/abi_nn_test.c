/* abi_nn_test.c - the dense, einsum, attention, normalization, softmax and
 * top_k kernels through the call-record ABI as the runtime will call them:
 * plan through lk_plan_step_find + lk_plan_step_run, allocate the results
 * from the shapes the step gave, call the registry rows (f32 and any) with
 * dense views, and check the numbers against hand-computed values or the
 * direct lk_ref_* call; then the refusals of each f32 row, a workspace
 * one byte short of the plan step's among them. */
#include <math.h>
#include <stdlib.h>

#include "kernels/abi.h"
#include "kernels/plan/attention.h"
#include "kernels/plan/dense.h"
#include "kernels/plan/einsum.h"
#include "kernels/plan/norm.h"
#include "kernels/plan/topk.h"
#include "kernels/registry.h"

#include "test/unit/plan_table.h"
#include "test/unit/ref_ws.h"

#define MAX_IN 8
#define MAX_OUT 3

#define DIMS(...)                                                              \
  (int32_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)),               \
      (const int64_t[]) {                                                      \
    __VA_ARGS__                                                                \
  }
#define VALS(...)                                                              \
  (const double[]) { __VA_ARGS__ }
/* Expected values of results 0, 1, 2 (a missing one is not checked). */
#define WANT(...)                                                              \
  (const double *const[MAX_OUT]) { __VA_ARGS__ }

static uint32_t g_seed = 4242;
static double rnd(void) {
  g_seed = g_seed * 1664525u + 1013904223u;
  return (double)(g_seed >> 8) / (double)(1u << 24) * 2.0 - 1.0;
}

/* A tensor holding vals (NULL: pseudo-random). Its buffer holds 8 bytes an
 * element, so a view relabeled i64 stays inside it. */
static lk_tensor_t tensor(lk_dtype_t dt, int32_t rank, const int64_t *dims,
                          const double *vals) {
  lk_tensor_t t = {.dtype = dt, .rank = rank};
  for (int32_t d = 0; d < rank; d++) t.dims[d] = dims[d];
  t.data = calloc((size_t)lk_numel(&t) + 1, 8);
  for (int64_t e = 0; e < lk_numel(&t); e++)
    lk_store_f64(&t, e, vals ? vals[e] : rnd());
  return t;
}

static lk_tensor_t absent_tensor(void) {
  lk_tensor_t t = {.dtype = LK_DTYPE_NONE, .rank = -1};
  return t;
}

/* One instruction: its operands, the results the plan step sized, their
 * views, the parameter block, the workspace the step asked for and the
 * call record over them. */
typedef struct job {
  lk_tensor_t in[MAX_IN], out[MAX_OUT];
  uint32_t num_in, num_out;
  lk_view_t iv[MAX_IN], ov[MAX_OUT];
  _Alignas(16) unsigned char params[512];
  void *workspace;
  const lk_plan_step_t *step;
  lk_call_t call;
} job_t;

static void add(job_t *j, lk_tensor_t t) { j->in[j->num_in++] = t; }

static void view_of(lk_view_t *v, const lk_tensor_t *t) {
  if (t->dtype == LK_DTYPE_NONE) {
    memset(v, 0, sizeof *v);
    v->dtype = LK_DTYPE_NONE;
    v->rank = -1;
    return;
  }
  CHECK(lk_view_dense(v, t->dtype, t->rank, t->dims, LK_LAYOUT_NCHW, t->data));
}

/* Plans op over j's operands (every value known, as at run time), then
 * allocates num_out results from the shapes the step gave and the
 * workspace it asked for (exactly that many bytes, so that ASan sees a
 * kernel writing past it). */
static bool plan(job_t *j, const char *op, const attr_t *attrs,
                 uint32_t num_out) {
  j->step = lk_plan_step_find(op);
  CHECK(j->step && j->step->params_size <= sizeof j->params);
  if (!j->step || j->step->params_size > sizeof j->params) return false;
  lk_shape_t sin[MAX_IN], sout[MAX_OUT];
  memset(sout, 0, sizeof sout);
  lk_shapes_of(j->in, j->num_in, sin);
  lk_plan_t p = plan_over(attrs);
  lt_result_t r =
      lk_plan_step_run(j->step, &p, sin, j->num_in, sout, num_out, j->params);
  SUCCEEDS(r, &p);
  if (LT_FAILED(r)) return false;
  j->num_out = num_out;
  for (uint32_t i = 0; i < num_out; i++) {
    for (int32_t d = 0; d < sout[i].rank; d++) CHECK(sout[i].dims[d] >= 0);
    j->out[i] = tensor(sout[i].dtype, sout[i].rank, sout[i].dims, NULL);
    view_of(&j->ov[i], &j->out[i]);
  }
  for (uint32_t i = 0; i < j->num_in; i++) view_of(&j->iv[i], &j->in[i]);
  j->workspace = p.workspace_size ? malloc(p.workspace_size) : NULL;
  j->call = (lk_call_t){.inputs = j->iv,
                        .num_inputs = j->num_in,
                        .outputs = j->ov,
                        .num_outputs = num_out,
                        .params = j->params,
                        .params_size = j->step->params_size,
                        .workspace = j->workspace,
                        .workspace_size = p.workspace_size};
  return true;
}

static void job_free(job_t *j) {
  for (uint32_t i = 0; i < j->num_in; i++) free(j->in[i].data);
  for (uint32_t i = 0; i < j->num_out; i++) free(j->out[i].data);
  free(j->workspace);
}

static const lk_kernel_t *row(lk_registry_t *r, const char *op,
                              const char *cls) {
  char name[96];
  snprintf(name, sizeof name, "ref_%s__%s_nchw", op, cls);
  const lk_kernel_t *k = lk_registry_find(r, name);
  CHECK(k && lk_kernel_runnable(k));
  return k;
}

static bool ok(lt_status_t st) {
  if (st) fprintf(stderr, "unexpected status: %s\n", lt_status_message(st));
  lt_status_free(st);
  return st == LT_OK;
}

static bool refused(lt_status_t st) {
  bool r = lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT;
  if (!r) fprintf(stderr, "expected a refusal, got %s\n",
                  st ? lt_status_message(st) : "success");
  lt_status_free(st);
  return r;
}

/* A refusal whose message says `want`. */
static bool refused_with(lt_status_t st, const char *want) {
  bool r = lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
           strstr(lt_status_message(st), want) != NULL;
  if (!r)
    fprintf(stderr, "expected a refusal saying '%s', got %s\n", want,
            st ? lt_status_message(st) : "success");
  lt_status_free(st);
  return r;
}

static bool near(const lk_tensor_t *t, const double *want, double tol) {
  bool good = true;
  for (int64_t e = 0; e < lk_numel(t); e++) {
    double got = lk_load_f64(t, e);
    if (!(fabs(got - want[e]) <= tol)) {
      fprintf(stderr, "element %lld: got %.9g, want %.9g\n", (long long)e,
              got, want[e]);
      good = false;
    }
  }
  return good;
}

/* Row k refuses a workspace one byte short of the plan step's, or none,
 * without writing a result. */
static void check_short_workspace(const lk_kernel_t *k, job_t *j) {
  lk_call_t c = j->call;
  char want[128];
  snprintf(want, sizeof want, "%s: workspace of %zu bytes, needs %zu", k->name,
           c.workspace_size - 1, c.workspace_size);
  c.workspace_size--;
  for (uint32_t i = 0; i < j->num_out; i++)
    ws_scribble(&j->out[i], 0x5a);
  CHECK(refused_with(lk_kernel_call(k, &c), want));
  c = j->call;
  c.workspace = NULL;
  c.workspace_size = 0;
  CHECK(refused(lk_kernel_call(k, &c)));
  for (uint32_t i = 0; i < j->num_out; i++)
    CHECK(ws_untouched(&j->out[i], 0x5a));
}

/* The f32 row refuses no operands, a parameter block of another size, i64
 * data in operand #0 and a short workspace. */
static void check_refusals(const lk_kernel_t *k, job_t *j) {
  if (j->call.workspace_size) check_short_workspace(k, j);
  lk_call_t c = j->call;
  c.num_inputs = 0;
  CHECK(refused(lk_kernel_call(k, &c)));
  c = j->call;
  c.params_size++;
  CHECK(refused(lk_kernel_call(k, &c)));
  lk_view_t iv[MAX_IN];
  memcpy(iv, j->iv, sizeof iv);
  CHECK(lk_view_dense(&iv[0], LK_I64, iv[0].rank, iv[0].dims, LK_LAYOUT_NCHW,
                      iv[0].data));
  c = j->call;
  c.inputs = iv;
  CHECK(refused(lk_kernel_call(k, &c)));
}

/* Runs op's f32 and any rows on j (results scribbled over first), checks
 * every result against want, then the f32 row's refusals. */
static void expect_rows(lk_registry_t *r, job_t *j, const char *op,
                        const double *const want[MAX_OUT], double tol) {
  const char *classes[2] = {"f32", "any"};
  for (int c = 0; c < 2; c++) {
    for (uint32_t i = 0; i < j->num_out; i++)
      memset(j->out[i].data, 0xff, lk_nbytes(&j->out[i]));
    CHECK(ok(lk_kernel_call(row(r, op, classes[c]), &j->call)));
    for (uint32_t i = 0; i < j->num_out; i++)
      if (want[i]) CHECK(near(&j->out[i], want[i], tol));
  }
  check_refusals(row(r, op, "f32"), j);
}

/* t's elements as doubles (the direct call's result as an expectation). */
static double *values(const lk_tensor_t *t) {
  double *v = calloc((size_t)lk_numel(t) + 1, sizeof *v);
  for (int64_t e = 0; e < lk_numel(t); e++) v[e] = lk_load_f64(t, e);
  return v;
}

/* ---- matrix products ----------------------------------------------------- */

static void test_matmul(lk_registry_t *r) {
  const attr_t none[] = {END};
  job_t j = {0};
  add(&j, tensor(LK_F32, DIMS(2, 3), VALS(1, 2, 3, 4, 5, 6)));
  add(&j, tensor(LK_F32, DIMS(3, 2), VALS(1, 2, 3, 4, 5, 6)));
  if (plan(&j, "matmul", none, 1)) {
    CHECK(j.step->params_size == sizeof(lk_no_params_t));
    CHECK(j.out[0].rank == 2 && j.out[0].dims[0] == 2 && j.out[0].dims[1] == 2);
    expect_rows(r, &j, "matmul", WANT(VALS(22, 28, 49, 64)), 0);
  }
  job_free(&j);
  /* A 1-D A is a row vector whose unit dim the result drops. */
  job_t v = {0};
  add(&v, tensor(LK_F32, DIMS(3), VALS(1, 2, 3)));
  add(&v, tensor(LK_F32, DIMS(3, 2), VALS(1, 2, 3, 4, 5, 6)));
  if (plan(&v, "matmul", none, 1)) {
    CHECK(v.out[0].rank == 1 && v.out[0].dims[0] == 2);
    expect_rows(r, &v, "matmul", WANT(VALS(22, 28)), 0);
  }
  job_free(&v);
  /* Integers compute in int64: A, B and the accumulator take the
   * workspace. */
  job_t n = {0};
  add(&n, tensor(LK_I32, DIMS(2, 3), VALS(1, 2, 3, 4, 5, 6)));
  add(&n, tensor(LK_I32, DIMS(3, 2), VALS(1, 2, 3, 4, 5, 6)));
  if (plan(&n, "matmul", none, 1)) {
    CHECK(n.call.workspace_size == 3 * 64);
    const lk_kernel_t *k = row(r, "matmul", "any");
    CHECK(ok(lk_kernel_call(k, &n.call)));
    CHECK(near(&n.out[0], VALS(22, 28, 49, 64), 0));
    check_short_workspace(k, &n);
  }
  job_free(&n);
}

static void test_gemm(lk_registry_t *r) {
  const attr_t attrs[] = {INT("transB", 1), FLT("alpha", 2.0),
                          STR("activation", "relu"), END};
  job_t j = {0};
  add(&j, tensor(LK_F32, DIMS(2, 3), VALS(1, 2, 3, 4, 5, 6)));
  add(&j, tensor(LK_F32, DIMS(2, 3), VALS(1, 0, -1, 0, 1, 0)));
  add(&j, tensor(LK_F32, DIMS(2), VALS(1, -1)));
  if (plan(&j, "gemm", attrs, 1)) {
    const lk_gemm_params_t *gp = (const void *)j.params;
    CHECK(gp->trans_b && !gp->trans_a && gp->alpha == 2.0 &&
          gp->beta == 1.0 && gp->act == LK_ACT_RELU);
    /* relu(2 * A B^T + C): 2 * [[-2, 2], [-2, 5]] + [1, -1]. */
    expect_rows(r, &j, "gemm", WANT(VALS(0, 3, 0, 9)), 0);
  }
  job_free(&j);
  /* An absent C. */
  job_t n = {0};
  add(&n, tensor(LK_F32, DIMS(2, 3), VALS(1, 2, 3, 4, 5, 6)));
  add(&n, tensor(LK_F32, DIMS(2, 3), VALS(1, 0, -1, 0, 1, 0)));
  add(&n, absent_tensor());
  if (plan(&n, "gemm", attrs, 1))
    expect_rows(r, &n, "gemm", WANT(VALS(0, 4, 0, 10)), 0);
  job_free(&n);
}

static void test_fc(lk_registry_t *r) {
  const attr_t attrs[] = {INT("in_num_col_dims", 1), END};
  job_t j = {0};
  add(&j, tensor(LK_F32, DIMS(2, 1, 2), VALS(1, 2, 3, 4)));
  add(&j, tensor(LK_F32, DIMS(2, 2), VALS(1, 2, 3, 4)));
  add(&j, tensor(LK_F32, DIMS(2), VALS(1, -1)));
  if (plan(&j, "fc", attrs, 1)) {
    CHECK(((const lk_fc_params_t *)(const void *)j.params)->in_num_col_dims ==
          1);
    CHECK(j.out[0].rank == 2 && j.out[0].dims[1] == 2);
    /* [[1, 2], [3, 4]] @ [[1, 2], [3, 4]] + [1, -1]. */
    expect_rows(r, &j, "fc", WANT(VALS(8, 9, 16, 21)), 0);
  }
  job_free(&j);
}

/* ---- einsum ------------------------------------------------------------- */

static void test_einsum(lk_registry_t *r) {
  const attr_t mm[] = {STR("equation", "ij,jk->ik"), END};
  job_t j = {0};
  add(&j, tensor(LK_F32, DIMS(2, 3), VALS(1, 2, 3, 4, 5, 6)));
  add(&j, tensor(LK_F32, DIMS(3, 2), VALS(1, 2, 3, 4, 5, 6)));
  if (plan(&j, "einsum", mm, 1)) {
    expect_rows(r, &j, "einsum", WANT(VALS(22, 28, 49, 64)), 0);
    /* A block planned while a rank was unknown holds no equation. */
    lk_shape_t unk[2] = {unranked(LK_F32), SHAPE(LK_F32, 3, 2)}, o;
    lk_plan_t p = plan_over(mm);
    SUCCEEDS(lk_plan_step_run(j.step, &p, unk, 2, &o, 1, j.params), &p);
    CHECK(refused(lk_kernel_call(row(r, "einsum", "any"), &j.call)));
  }
  job_free(&j);
  const attr_t diag[] = {STR("equation", "ii->i"), END};
  job_t d = {0};
  add(&d, tensor(LK_F32, DIMS(2, 2), VALS(1, 2, 3, 4)));
  if (plan(&d, "einsum", diag, 1))
    expect_rows(r, &d, "einsum", WANT(VALS(1, 4)), 0);
  job_free(&d);
}

/* ---- attention ---------------------------------------------------------- */

static void test_attention(lk_registry_t *r) {
  const attr_t attrs[] = {INT("num_heads", 2), END};
  job_t j = {0};
  add(&j, tensor(LK_F32, DIMS(1, 3, 4), NULL));
  for (int i = 0; i < 3; i++) {
    add(&j, tensor(LK_F32, DIMS(4, 4), NULL));
    add(&j, tensor(LK_F32, DIMS(4), NULL));
  }
  add(&j, tensor(LK_F32, DIMS(1, 1, 3, 3), NULL));
  if (plan(&j, "attention", attrs, 1)) {
    const lk_attention_params_t *ap = (const void *)j.params;
    CHECK(ap->num_heads == 2 && fabs(ap->scale - 1 / sqrt(2.0)) < 1e-12);
    lk_tensor_t y = tensor(LK_F32, DIMS(1, 3, 4), NULL);
    const lk_tensor_t *w[3] = {&j.in[1], &j.in[3], &j.in[5]};
    const lk_tensor_t *b[3] = {&j.in[2], &j.in[4], &j.in[6]};
    CHECK(WS_ATTENTION(ap, &j.in[0], w, b, &j.in[7], &y));
    double *want = values(&y);
    expect_rows(r, &j, "attention", WANT(want), 0);
    free(want), free(y.data);
  }
  job_free(&j);
}

/* ---- normalizations ----------------------------------------------------- */

static void test_batch_norm(lk_registry_t *r) {
  const attr_t attrs[] = {FLT("epsilon", 0.0), END};
  job_t j = {0};
  add(&j, tensor(LK_F32, DIMS(1, 2, 1, 2), VALS(1, 2, 3, 4)));
  add(&j, tensor(LK_F32, DIMS(2), VALS(1, 2)));  /* scale */
  add(&j, tensor(LK_F32, DIMS(2), VALS(0, 1)));  /* B */
  add(&j, tensor(LK_F32, DIMS(2), VALS(1, 3)));  /* mean */
  add(&j, tensor(LK_F32, DIMS(2), VALS(1, 4)));  /* var */
  if (plan(&j, "batch_norm", attrs, 1))
    expect_rows(r, &j, "batch_norm", WANT(VALS(0, 1, 1, 2)), 1e-6);
  job_free(&j);
}

static void test_layer_norm(lk_registry_t *r) {
  const attr_t attrs[] = {FLT("epsilon", 0.0), END};
  for (uint32_t outs = 1; outs <= 3; outs += 2) {
    job_t j = {0};
    add(&j, tensor(LK_F32, DIMS(2, 2), VALS(1, 3, 2, 6)));
    add(&j, tensor(LK_F32, DIMS(2), VALS(2, 1)));
    add(&j, tensor(LK_F32, DIMS(2), VALS(0, 1)));
    if (plan(&j, "layer_norm", attrs, outs)) {
      CHECK(((const lk_layer_norm_params_t *)(const void *)j.params)->axis ==
            1);
      CHECK(outs == 1 || (j.out[1].dtype == LK_F32 && j.out[1].dims[1] == 1));
      /* Rows [1, 3] and [2, 6]: mean 2 and 4, inverse deviation 1, 0.5. */
      expect_rows(r, &j, "layer_norm",
                  WANT(VALS(-2, 2, -2, 2), VALS(2, 4), VALS(1, 0.5)), 1e-6);
    }
    job_free(&j);
  }
}

static void test_instance_norm(lk_registry_t *r) {
  const attr_t attrs[] = {FLT("epsilon", 0.0), END};
  job_t j = {0};
  add(&j, tensor(LK_F32, DIMS(1, 2, 2), VALS(1, 3, 2, 6)));
  add(&j, tensor(LK_F32, DIMS(2), VALS(1, 2)));
  add(&j, tensor(LK_F32, DIMS(2), VALS(0, 1)));
  if (plan(&j, "instance_norm", attrs, 1))
    expect_rows(r, &j, "instance_norm", WANT(VALS(-1, 1, -1, 3)), 1e-6);
  job_free(&j);
}

static void test_lrn(lk_registry_t *r) {
  const attr_t attrs[] = {INT("size", 3), FLT("alpha", 3.0), FLT("beta", 1.0),
                          END};
  job_t j = {0};
  add(&j, tensor(LK_F32, DIMS(1, 3, 1, 1), VALS(1, 2, 3)));
  if (plan(&j, "lrn", attrs, 1)) {
    const lk_lrn_params_t *lp = (const void *)j.params;
    CHECK(lp->size == 3 && lp->alpha == 3.0 && lp->bias == 1.0);
    /* x / (1 + sum of the squares of the channel and its neighbours). */
    expect_rows(r, &j, "lrn", WANT(VALS(1 / 6.0, 2 / 15.0, 3 / 14.0)), 1e-6);
  }
  job_free(&j);
}

static void test_mvn(lk_registry_t *r) {
  const attr_t none[] = {END};
  job_t j = {0};
  add(&j, tensor(LK_F32, DIMS(1, 2, 1, 2), VALS(1, 3, 2, 6)));
  if (plan(&j, "mean_variance_normalization", none, 1)) {
    /* The default axes 0, 2, 3: per channel. */
    CHECK(((const lk_mvn_params_t *)(const void *)j.params)->axes_mask == 13);
    expect_rows(r, &j, "mean_variance_normalization",
                WANT(VALS(-1, 1, -1, 1)), 1e-6);
  }
  job_free(&j);
}

static void test_lp_norm(lk_registry_t *r) {
  const attr_t l2[] = {END}, l1[] = {INT("p", 1), END};
  const attr_t *tables[2] = {l2, l1};
  const double *want[2] = {VALS(0.6, 0.8), VALS(3 / 7.0, 4 / 7.0)};
  for (int i = 0; i < 2; i++) {
    job_t j = {0};
    add(&j, tensor(LK_F32, DIMS(1, 2), VALS(3, 4)));
    if (plan(&j, "lp_normalization", tables[i], 1))
      expect_rows(r, &j, "lp_normalization", WANT(want[i]), 1e-6);
    job_free(&j);
  }
}

/* ---- softmax family ------------------------------------------------------ */

static void test_softmax(lk_registry_t *r) {
  const attr_t none[] = {END};
  const char *ops[3] = {"softmax", "log_softmax", "hardmax"};
  const double *want[3] = {VALS(0.25, 0.75), VALS(log(0.25), log(0.75)),
                           VALS(0, 1)};
  for (int i = 0; i < 3; i++) {
    job_t j = {0};
    add(&j, tensor(LK_F32, DIMS(1, 2), VALS(0, log(3.0))));
    if (plan(&j, ops[i], none, 1)) {
      expect_rows(r, &j, ops[i], WANT(want[i]), 1e-6);
      /* A sibling's row does not run this op's block. */
      CHECK(refused(lk_kernel_call(row(r, ops[(i + 1) % 3], "f32"), &j.call)));
    }
    job_free(&j);
  }
}

/* ---- top_k --------------------------------------------------------------- */

static void test_top_k(lk_registry_t *r) {
  const attr_t largest[] = {END}, smallest[] = {INT("largest", 0), END};
  const attr_t *tables[2] = {largest, smallest};
  const double *vals[2] = {VALS(4, 3), VALS(1, 2)};
  const double *idx[2] = {VALS(2, 0), VALS(1, 3)};
  for (int i = 0; i < 2; i++) {
    job_t j = {0};
    add(&j, tensor(LK_F32, DIMS(1, 4), VALS(3, 1, 4, 2)));
    add(&j, tensor(LK_I64, 0, NULL, VALS(2)));
    if (plan(&j, "top_k", tables[i], 2)) {
      CHECK(j.out[1].dtype == LK_I64 && j.out[0].dims[1] == 2);
      expect_rows(r, &j, "top_k", WANT(vals[i], idx[i]), 0);
      /* A block planned without K's value is refused. */
      lk_shape_t s[2], o[2];
      lk_shapes_of(j.in, 2, s);
      s[1].value = NULL;
      lk_plan_t p = plan_over(tables[i]);
      SUCCEEDS(lk_plan_step_run(j.step, &p, s, 2, o, 2, j.params), &p);
      CHECK(refused(lk_kernel_call(row(r, "top_k", "any"), &j.call)));
    }
    job_free(&j);
  }
  /* The step needs both results. */
  lk_shape_t s[2] = {SHAPE(LK_F32, 4), SHAPE(LK_I64, 1)}, o;
  lk_plan_t p = plan_over(largest);
  lk_topk_params_t tp;
  FAILS_WITH(lk_plan_step_run(lk_plan_step_find("top_k"), &p, s, 2, &o, 1, &tp),
             &p, "expected 2 result(s), got 1");
}

/* Every op of these families has a step and both rows. */
static void test_tables(lk_registry_t *r) {
  static const char *const ops[] = {
      "matmul", "gemm", "fc", "einsum", "attention", "batch_norm",
      "layer_norm", "instance_norm", "lrn", "mean_variance_normalization",
      "lp_normalization", "softmax", "log_softmax", "hardmax", "top_k"};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    CHECK(lk_plan_step_find(ops[i]) != NULL);
    row(r, ops[i], "f32");
    row(r, ops[i], "any");
  }
  CHECK(lk_plan_step_find("gemm")->params_size == sizeof(lk_gemm_params_t));
  CHECK(lk_plan_step_find("einsum")->params_size == sizeof(lk_einsum_t));
  CHECK(lk_plan_step_find("top_k")->num_outputs == 2);
}

int main(void) {
  lk_registry_t *r = lk_registry_create();
  test_tables(r);
  test_matmul(r);
  test_gemm(r);
  test_fc(r);
  test_einsum(r);
  test_attention(r);
  test_batch_norm(r);
  test_layer_norm(r);
  test_instance_norm(r);
  test_lrn(r);
  test_mvn(r);
  test_lp_norm(r);
  test_softmax(r);
  test_top_k(r);
  lk_registry_destroy(r);
  if (g_failures) {
    fprintf(stderr, "abi_nn_test: %d failure(s)\n", g_failures);
    return 1;
  }
  printf("abi_nn_test: ok\n");
  return 0;
}

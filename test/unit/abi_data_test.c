/* abi_data_test.c - the data families' kernels the way the runtime will
 * run them: each op planned by name (lk_plan_step_find, lk_plan_step_run,
 * every operand's contents known, as when the runtime re-plans), results
 * allocated from the step's shapes, the registry row called on dense nchw
 * views (lk_view_dense, lk_kernel_call). The f32 row's numbers against
 * hand-computed ones; its refusals (a wrong operand count, a parameter
 * block of the wrong size, i64 data); the any row on the same data as i64,
 * which must give the same numbers; and blocks or results that do not fit
 * the data, refused before anything is read past a buffer. */
#include <stdlib.h>
#include <string.h>

#include "kernels/abi.h"
#include "kernels/abi_ref.h"
#include "kernels/plan/data.h"
#include "kernels/registry.h"

#include "test/unit/plan_table.h"

#define MAX_IN 8
#define MAX_OUT 4

static lk_registry_t *g_registry;

/* ---- tensors ------------------------------------------------------------- */

#define NDIMS(...) (int32_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t))

static lk_tensor_t tensor(lk_dtype_t dtype, void *data, int32_t rank,
                          const int64_t *dims) {
  lk_tensor_t t = {.dtype = dtype, .rank = rank, .data = data};
  if (rank > 0) memcpy(t.dims, dims, (size_t)rank * sizeof *dims);
  return t;
}
#define F32(data, ...)                                                         \
  tensor(LK_F32, data, NDIMS(__VA_ARGS__), (const int64_t[]){__VA_ARGS__})
#define I64(data, ...)                                                         \
  tensor(LK_I64, data, NDIMS(__VA_ARGS__), (const int64_t[]){__VA_ARGS__})

static const lk_tensor_t k_absent = {.dtype = LK_DTYPE_NONE, .rank = -1};

/* What one result must be: its dims and its numbers. */
typedef struct want {
  int32_t rank;
  int64_t dims[LK_MAX_RANK];
  const double *v;
} want_t;
#define R(...) .rank = NDIMS(__VA_ARGS__), .dims = {__VA_ARGS__}
#define W(r, ...)                                                              \
  { r, .v = (const double[]){__VA_ARGS__} }

/* ---- one call, planned as the runtime plans it ----------------------------- */

typedef struct rec {
  const lk_plan_step_t *step;
  union {
    max_align_t align;
    unsigned char bytes[512];
  } params;
  lk_tensor_t out[MAX_OUT];
  lk_view_t iv[MAX_IN], ov[MAX_OUT];
  lk_call_t call;
  const lk_kernel_t *row;
} rec_t;

static void release(rec_t *r) {
  for (uint32_t j = 0; j < r->call.num_outputs; j++) free(r->out[j].data);
  memset(r, 0, sizeof *r);
}

static void view_of(lk_view_t *v, const lk_tensor_t *t) {
  memset(v, 0, sizeof *v);
  v->dtype = LK_DTYPE_NONE;
  if (t->dtype != LK_DTYPE_NONE)
    CHECK(lk_view_dense(v, t->dtype, t->rank, t->dims, LK_LAYOUT_NCHW,
                        t->data));
}

/* Plans op over in[0..n) with attrs, allocates num_out results from the
 * step's shapes and readies the call of row ref_<op>__<spell>_nchw. */
static bool prepare(rec_t *r, const char *op, const char *spell,
                    const attr_t *attrs, const lk_tensor_t *in, uint32_t n,
                    uint32_t num_out) {
  memset(r, 0, sizeof *r);
  lk_shape_t sin[MAX_IN], sout[MAX_OUT];
  memset(sout, 0, sizeof sout);
  lk_shapes_of(in, n, sin);
  lk_plan_t p = plan_over(attrs);
  r->step = lk_plan_step_find(op);
  CHECK(r->step && r->step->params_size <= sizeof r->params.bytes);
  if (!r->step) return false;
  if (LT_FAILED(lk_plan_step_run(r->step, &p, sin, n, sout, num_out,
                                 r->params.bytes))) {
    fprintf(stderr, "%s: plan failed: %s\n", op, p.error);
    CHECK(false);
    return false;
  }
  for (uint32_t j = 0; j < num_out; j++) {
    r->out[j] = tensor(sout[j].dtype, NULL, sout[j].rank, sout[j].dims);
    r->out[j].data = calloc(lk_nbytes(&r->out[j]) + 1, 1);
    view_of(&r->ov[j], &r->out[j]);
  }
  for (uint32_t i = 0; i < n; i++) view_of(&r->iv[i], &in[i]);
  char name[96];
  snprintf(name, sizeof name, "ref_%s__%s_nchw", op, spell);
  r->row = lk_registry_find(g_registry, name);
  CHECK(r->row && lk_kernel_runnable(r->row));
  r->call = (lk_call_t){.inputs = r->iv,
                        .num_inputs = n,
                        .outputs = r->ov,
                        .num_outputs = num_out,
                        .params = r->params.bytes,
                        .params_size = r->step->params_size};
  return r->row != NULL;
}

/* Calls r's row with c; true when the status is INVALID_ARGUMENT with a
 * message containing `why` (NULL: success wanted). */
static bool answers(const rec_t *r, const lk_call_t *c, const char *why,
                    int line) {
  lt_status_t st = lk_kernel_call(r->row, c);
  bool ok = why ? lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
                      strstr(lt_status_message(st), why)
                : st == LT_OK;
  if (!ok)
    fprintf(stderr, "line %d: wanted %s \"%s\", got \"%s\"\n", line,
            why ? "a refusal" : "success", why ? why : "",
            st ? lt_status_message(st) : "ok");
  lt_status_free(st);
  return ok;
}
#define CALL_OK(r) CHECK(answers(r, &(r)->call, NULL, __LINE__))
#define REFUSED(r, c, why) CHECK(answers(r, c, why, __LINE__))

static bool result_is(const rec_t *r, uint32_t j, const want_t *w) {
  const lk_tensor_t *t = &r->out[j];
  bool ok = t->rank == w->rank;
  for (int32_t d = 0; ok && d < t->rank; d++) ok = t->dims[d] == w->dims[d];
  for (int64_t i = 0; ok && i < lk_numel(t); i++)
    ok = lk_load_f64(t, i) == w->v[i];
  return ok;
}

/* The same numbers in every result of a and b. */
static bool same_numbers(const rec_t *a, const rec_t *b) {
  for (uint32_t j = 0; j < a->call.num_outputs; j++) {
    if (lk_numel(&a->out[j]) != lk_numel(&b->out[j])) return false;
    for (int64_t i = 0; i < lk_numel(&a->out[j]); i++)
      if (lk_load_f64(&a->out[j], i) != lk_load_f64(&b->out[j], i))
        return false;
  }
  return true;
}

/* ---- the check every op gets ------------------------------------------------ */

/* op's f32 row on in[0..n) gives want[0..num_out); the row refuses
 * bad_count operands and a block a byte short (when it takes one); with
 * the f32 operands as i64 the f32 row refuses, the any row gives the same
 * numbers. */
static void check_op(const char *op, const attr_t *attrs, const lk_tensor_t *in,
                     uint32_t n, const want_t *want, uint32_t num_out,
                     uint32_t bad_count) {
  rec_t r, ri;
  if (!prepare(&r, op, "f32", attrs, in, n, num_out)) return;
  CALL_OK(&r);
  for (uint32_t j = 0; j < num_out; j++) {
    if (!result_is(&r, j, &want[j]))
      fprintf(stderr, "%s: result #%u differs\n", op, j);
    CHECK(result_is(&r, j, &want[j]));
  }
  lk_call_t c = r.call;
  c.num_inputs = bad_count;
  REFUSED(&r, &c, "inputs, got");
  c = r.call;
  c.params_size--;
  if (r.step->params_size != sizeof(lk_no_params_t))
    REFUSED(&r, &c, "parameter block");
  /* The data as i64. */
  lk_tensor_t as_i64[MAX_IN];
  int64_t buf[MAX_IN][64];
  for (uint32_t i = 0; i < n; i++) {
    as_i64[i] = in[i];
    if (in[i].dtype != LK_F32) continue;
    as_i64[i].dtype = LK_I64;
    as_i64[i].data = buf[i];
    CHECK(lk_numel(&in[i]) <= 64);
    for (int64_t e = 0; e < lk_numel(&in[i]); e++)
      buf[i][e] = (int64_t)lk_load_f64(&in[i], e);
  }
  if (prepare(&ri, op, "f32", attrs, as_i64, n, num_out)) {
    REFUSED(&ri, &ri.call, "f32 tensors only");
    release(&ri);
  }
  if (prepare(&ri, op, "any", attrs, as_i64, n, num_out)) {
    CALL_OK(&ri);
    CHECK(same_numbers(&r, &ri));
    release(&ri);
  }
  release(&r);
}

/* ---- the families ------------------------------------------------------------ */

static const attr_t k_none[] = {END};

static void test_copies(void) {
  float x[6] = {0, 1, 2, 3, 4, 5};
  const want_t same23[] = {W(R(2, 3), 0, 1, 2, 3, 4, 5)};
  lk_tensor_t in[3] = {F32(x, 2, 3)};
  check_op("identity", k_none, in, 1, same23, 1, 2);
  check_op("io_copy", k_none, in, 1, same23, 1, 0);
  /* dropout: the mask, when asked for, is all true */
  const want_t masked[] = {W(R(2, 3), 0, 1, 2, 3, 4, 5),
                           W(R(2, 3), 1, 1, 1, 1, 1, 1)};
  check_op("dropout", k_none, in, 1, masked, 2, 4);
  check_op("dropout", k_none, in, 1, masked, 1, 0);
  float ratio = 0.5f; /* (f32 whatever the data's type) */
  in[1] = tensor(LK_F32, &ratio, 0, NULL);
  rec_t r;
  if (prepare(&r, "dropout", "f32", k_none, in, 2, 2)) {
    CALL_OK(&r);
    CHECK(result_is(&r, 0, &masked[0]) && result_is(&r, 1, &masked[1]));
    release(&r);
  }
  int64_t shape[2] = {3, -1};
  lk_tensor_t rs[2] = {F32(x, 2, 3), I64(shape, 2)};
  const want_t r32[] = {W(R(3, 2), 0, 1, 2, 3, 4, 5)};
  check_op("reshape", k_none, rs, 2, r32, 1, 3);
  lk_tensor_t x213[1] = {F32(x, 2, 1, 3)};
  check_op("flatten", k_none, x213, 1, same23, 1, 2);
  check_op("squeeze", k_none, x213, 1, same23, 1, 3);
  const attr_t axes0[] = {INTS("axes", 0), END};
  const want_t u123[] = {W(R(1, 2, 3), 0, 1, 2, 3, 4, 5)};
  check_op("unsqueeze", axes0, in, 1, u123, 1, 0);
  /* layout's step is identity's (its kernel is abi_ref.c's) */
  const lk_plan_step_t *s = lk_plan_step_find("layout");
  CHECK(s && s->params_size == sizeof(lk_no_params_t));

  /* A result that holds another element count is refused. */
  if (prepare(&r, "reshape", "any", k_none, rs, 2, 1)) {
    lk_view_t small = r.ov[0];
    CHECK(lk_view_dense(&small, LK_F32, 1, (const int64_t[]){4},
                        LK_LAYOUT_NCHW, r.out[0].data));
    lk_call_t c = r.call;
    c.outputs = &small;
    REFUSED(&r, &c, "element count");
    release(&r);
  }
  /* A mask of another type is refused. */
  if (prepare(&r, "dropout", "f32", k_none, in, 1, 2)) {
    r.ov[1].dtype = LK_U8;
    REFUSED(&r, &r.call, "mask");
    release(&r);
  }
}

static void test_shape_size(void) {
  float x[24] = {0};
  lk_tensor_t in[1] = {F32(x, 2, 3, 4)};
  const attr_t window[] = {INT("start", 1), END};
  rec_t r;
  if (prepare(&r, "shape", "any", window, in, 1, 1)) {
    CALL_OK(&r);
    CHECK(result_is(&r, 0, &(want_t)W(R(2), 3, 4)));
    lk_call_t c = r.call;
    c.num_inputs = 2;
    REFUSED(&r, &c, "inputs, got");
    c = r.call;
    c.params_size++;
    REFUSED(&r, &c, "parameter block");
    /* A window past the data's rank is refused. */
    ((lk_shape_params_t *)r.params.bytes)->end = 4;
    REFUSED(&r, &r.call, "window");
    release(&r);
  }
  if (prepare(&r, "size", "any", k_none, in, 1, 1)) {
    CALL_OK(&r);
    CHECK(r.out[0].dtype == LK_I64 && r.out[0].rank == 0 &&
          lk_load_i64(&r.out[0], 0) == 24);
    lk_call_t c = r.call;
    c.num_inputs = 0;
    REFUSED(&r, &c, "inputs, got");
    release(&r);
  }
  CHECK(lk_registry_find(g_registry, "ref_shape__f32_nchw") == NULL);
}

static void test_transpose(void) {
  float x[6] = {0, 1, 2, 3, 4, 5};
  lk_tensor_t in[1] = {F32(x, 2, 3)};
  const want_t t32[] = {W(R(3, 2), 0, 3, 1, 4, 2, 5)};
  check_op("transpose", k_none, in, 1, t32, 1, 2);
  float y[24];
  for (int i = 0; i < 24; i++) y[i] = (float)i;
  lk_tensor_t in3[1] = {F32(y, 2, 3, 4)};
  const attr_t perm[] = {INTS("perm", 1, 2, 0), END};
  /* y[j][k][i] = x[i][j][k] */
  const want_t t342[] = {W(R(3, 4, 2), 0, 12, 1, 13, 2, 14, 3, 15, 4, 16, 5,
                           17, 6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23)};
  check_op("transpose", perm, in3, 1, t342, 1, 0);
  rec_t r;
  if (prepare(&r, "transpose", "f32", k_none, in, 1, 1)) {
    ((lk_transpose_params_t *)r.params.bytes)->perm[0] = 5;
    REFUSED(&r, &r.call, "perm");
    release(&r);
  }
}

static void test_concat_split(void) {
  float a[2] = {0, 1}, b[4] = {2, 3, 4, 5}, c3[2] = {6, 7};
  lk_tensor_t in[3] = {F32(a, 2, 1), F32(b, 2, 2), F32(c3, 2, 1)};
  const attr_t axis1[] = {INT("axis", 1), END};
  const want_t joined[] = {W(R(2, 4), 0, 2, 3, 6, 1, 4, 5, 7)};
  check_op("concat", axis1, in, 3, joined, 1, 0);
  const want_t rows[] = {W(R(2, 2), 2, 3, 4, 5)};
  check_op("concat", k_none, in + 1, 1, rows, 1, 0);
  rec_t r;
  if (prepare(&r, "concat", "f32", axis1, in, 3, 1)) {
    ((lk_concat_params_t *)r.params.bytes)->axis = 0;
    REFUSED(&r, &r.call, "do not join");
    release(&r);
  }

  float x[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  lk_tensor_t sx[1] = {F32(x, 2, 5)};
  const attr_t three[] = {INT("axis", 1), INT("num_outputs", 3), END};
  /* ceil-sized parts, the last one smaller */
  const want_t parts[] = {W(R(2, 2), 0, 1, 5, 6), W(R(2, 2), 2, 3, 7, 8),
                          W(R(2, 1), 4, 9)};
  check_op("split", three, sx, 1, parts, 3, 3);
  int64_t sizes[2] = {1, 1};
  lk_tensor_t sy[2] = {F32(x, 2, 5), I64(sizes, 2)};
  const want_t halves[] = {W(R(1, 5), 0, 1, 2, 3, 4),
                           W(R(1, 5), 5, 6, 7, 8, 9)};
  check_op("split", k_none, sy, 2, halves, 2, 0);
  if (prepare(&r, "split", "f32", three, sx, 1, 3)) {
    lk_call_t c = r.call;
    c.num_outputs = 2; /* the parts no longer make the whole */
    REFUSED(&r, &c, "do not join");
    release(&r);
  }
}

static void test_slice_pad(void) {
  float x[12];
  for (int i = 0; i < 12; i++) x[i] = (float)i;
  /* x[1:, ::-2] of a 3x4 */
  int64_t starts[2] = {1, -1}, ends[2] = {3, -100}, steps[2] = {1, -2};
  lk_tensor_t in[5] = {F32(x, 3, 4), I64(starts, 2), I64(ends, 2), k_absent,
                       I64(steps, 2)};
  const want_t sl[] = {W(R(2, 2), 7, 5, 11, 9)};
  check_op("slice", k_none, in, 5, sl, 1, 6);
  rec_t r;
  if (prepare(&r, "slice", "f32", k_none, in, 5, 1)) {
    ((lk_slice_params_t *)r.params.bytes)->starts[1] = 4;
    REFUSED(&r, &r.call, "outside the data");
    release(&r);
  }

  float v[3] = {1, 2, 3}, seven = 7;
  int64_t pads[2] = {1, 2};
  /* constant_value as an operand, then as an attribute */
  lk_tensor_t pin[3] = {F32(v, 3), I64(pads, 2), tensor(LK_F32, &seven, 0,
                                                         NULL)};
  const want_t padded[] = {W(R(6), 7, 1, 2, 3, 7, 7)};
  check_op("pad", k_none, pin, 3, padded, 1, 5);
  const attr_t cv[] = {FLT("constant_value", 7), END};
  check_op("pad", cv, pin, 2, padded, 1, 0);
  const want_t zeros[] = {W(R(6), 0, 1, 2, 3, 0, 0)};
  check_op("pad", k_none, pin, 2, zeros, 1, 0);
  const attr_t reflect[] = {STR("mode", "reflect"), END};
  const want_t mirrored[] = {W(R(6), 2, 1, 2, 3, 2, 1)};
  check_op("pad", reflect, pin, 2, mirrored, 1, 0);
  if (prepare(&r, "pad", "f32", k_none, pin, 3, 1)) {
    float two[2] = {7, 7};
    lk_tensor_t pair = F32(two, 2);
    view_of(&r.iv[2], &pair);
    REFUSED(&r, &r.call, "constant_value");
    release(&r);
  }
}

static void test_expand_tile(void) {
  float x[3] = {1, 2, 3};
  int64_t shape[3] = {2, 1, 2}, reps[2] = {2, 1};
  lk_tensor_t in[2] = {F32(x, 3, 1), I64(shape, 3)};
  const want_t e[] = {W(R(2, 3, 2), 1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3)};
  check_op("expand", k_none, in, 2, e, 1, 1);
  lk_tensor_t tin[2] = {F32(x, 1, 3), I64(reps, 2)};
  const want_t t[] = {W(R(2, 3), 1, 2, 3, 1, 2, 3)};
  check_op("tile", k_none, tin, 2, t, 1, 3);
  rec_t r;
  if (prepare(&r, "tile", "any", k_none, tin, 2, 1)) {
    lk_view_t odd = r.ov[0];
    CHECK(lk_view_dense(&odd, LK_F32, 2, (const int64_t[]){2, 2},
                        LK_LAYOUT_NCHW, r.out[0].data));
    lk_call_t c = r.call;
    c.outputs = &odd;
    REFUSED(&r, &c, "multiples");
    release(&r);
  }
}

static void test_space(void) {
  float x[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  lk_tensor_t c4[1] = {F32(x, 1, 4, 1, 2)};
  const attr_t g2[] = {INT("group", 2), END};
  /* channels 0 1 | 2 3 interleave: 0 2 1 3 */
  const want_t shuffled[] = {W(R(1, 4, 1, 2), 0, 1, 4, 5, 2, 3, 6, 7)};
  check_op("shuffle_channel", g2, c4, 1, shuffled, 1, 2);
  const attr_t b2[] = {INT("blocksize", 2), END};
  /* DCR: y[0][0][h][w] = x[0][(h%2)*2 + w%2][0][w/2] */
  const want_t dcr[] = {W(R(1, 1, 2, 4), 0, 2, 1, 3, 4, 6, 5, 7)};
  check_op("depth_to_space", b2, c4, 1, dcr, 1, 0);
  const attr_t crd[] = {INT("blocksize", 2), STR("mode", "CRD"), END};
  check_op("depth_to_space", crd, c4, 1, dcr, 1, 0);
  lk_tensor_t s[1] = {F32(x, 1, 1, 2, 4)};
  const want_t s2d[] = {W(R(1, 4, 1, 2), 0, 2, 1, 3, 4, 6, 5, 7)};
  check_op("space_to_depth", b2, s, 1, s2d, 1, 2);
  rec_t r;
  if (prepare(&r, "space_to_depth", "f32", b2, s, 1, 1)) {
    ((lk_space_params_t *)r.params.bytes)->block = 3;
    REFUSED(&r, &r.call, "block");
    release(&r);
  }
}

static void test_trilu(void) {
  float x[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  int64_t k = 1;
  lk_tensor_t in[2] = {F32(x, 3, 3), tensor(LK_I64, &k, 0, NULL)};
  const want_t upper1[] = {W(R(3, 3), 0, 2, 3, 0, 0, 6, 0, 0, 0)};
  check_op("trilu", k_none, in, 2, upper1, 1, 3);
  const attr_t lower[] = {INT("upper", 0), END};
  const want_t lower0[] = {W(R(3, 3), 1, 0, 0, 4, 5, 0, 7, 8, 9)};
  check_op("trilu", lower, in, 1, lower0, 1, 0);
  rec_t r;
  if (prepare(&r, "trilu", "f32", k_none, in, 1, 1)) {
    lk_view_t flat = r.ov[0];
    CHECK(lk_view_dense(&flat, LK_F32, 1, (const int64_t[]){9},
                        LK_LAYOUT_NCHW, r.out[0].data));
    lk_call_t c = r.call;
    c.outputs = &flat;
    REFUSED(&r, &c, "shape");
    release(&r);
  }
}

/* Every data op has a step row and runnable rows. */
static void test_rows(void) {
  static const char *const ops[] = {
      "identity", "dropout",   "io_copy",         "layout",
      "reshape",  "flatten",   "squeeze",         "unsqueeze",
      "transpose", "concat",   "split",           "slice",
      "pad",      "expand",    "tile",            "shape",
      "size",     "shuffle_channel", "depth_to_space", "space_to_depth",
      "trilu"};
  for (size_t i = 0; i < LT_ARRAY_SIZE(ops); i++) {
    char name[96];
    snprintf(name, sizeof name, "ref_%s__any_nchw", ops[i]);
    const lk_kernel_t *k = lk_registry_find(g_registry, name);
    if (!lk_plan_step_find(ops[i]) || !k || !lk_kernel_runnable(k))
      fprintf(stderr, "%s: no step or no runnable row\n", ops[i]);
    CHECK(lk_plan_step_find(ops[i]) && k && lk_kernel_runnable(k));
  }
}

int main(void) {
  g_registry = lk_registry_create();
  test_rows();
  test_copies();
  test_shape_size();
  test_transpose();
  test_concat_split();
  test_slice_pad();
  test_expand_tile();
  test_space();
  test_trilu();
  lk_registry_destroy(g_registry);
  if (g_failures) {
    fprintf(stderr, "abi_data_test: %d failure(s)\n", g_failures);
    return 1;
  }
  printf("abi_data_test: ok\n");
  return 0;
}

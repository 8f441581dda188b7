/* runtime_test.c - the executor on hand-built artifacts: a static program
 * computes what the reference kernels compute directly; a dynamic batch
 * dim re-plans when it changes and is refused past its arena slot; bad
 * inputs, unknown kernels and shapes that disagree with the tensor table
 * are errors naming the input or the instruction; predictors of one model
 * run concurrently from threads. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/artifact_writer.h"
#include "kernels/ref/conv.h"
#include "kernels/ref/pool.h"
#include "runtime/predictor.h"

#include "test/unit/check.h"

#define C_IN 2
#define C_OUT 3
#define HW 4

static float g_weight[C_OUT * C_IN * 9], g_bias[C_OUT];

/* x [N, 2, 4, 4] -> conv 3x3 pad 1 (+bias) -> max pool 2x2 -> layout to
 * nchw8c -> layout back to nchw -> output [N, 3, 2, 2]. batch < 0: the
 * batch dim is dynamic, slots sized for `slot_batch`. kernel0: the conv's
 * kernel name; out_hw: the pool result's recorded H and W. */
static void build(int64_t batch, int64_t slot_batch, const char *kernel0,
                  int64_t out_hw, uint8_t **data, size_t *size) {
  lt_aw_t *w = lt_aw_new();
  int64_t n = batch < 0 ? slot_batch : batch;
  uint64_t conv_bytes = (uint64_t)n * C_OUT * HW * HW * 4;
  uint64_t pool_bytes = (uint64_t)n * C_OUT * 4 * 4;
  uint64_t blk_bytes = (uint64_t)n * 8 * 4 * 4;
  lt_aw_arena(w, "host", LK_TARGET_HOST, 0,
              conv_bytes + pool_bytes + blk_bytes + pool_bytes);
  lk_place_t nchw = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32, LK_LAYOUT_NCHW);
  lk_place_t blk = LK_PLACE(LK_TARGET_X86, LK_PRECISION_F32, LK_LAYOUT_NCHW8C);
  int64_t xd[4] = {batch, C_IN, HW, HW}, wd[4] = {C_OUT, C_IN, 3, 3},
          bd[1] = {C_OUT}, cd[4] = {batch, C_OUT, HW, HW},
          pd[4] = {batch, C_OUT, out_hw, out_hw};
  uint32_t x = lt_aw_tensor(w, &(lt_aw_tensor_t){"x", LK_F32, 4, xd, nchw,
                                                 LT_ARTIFACT_STORAGE_INPUT, 0,
                                                 0, 0, NULL});
  uint32_t wt = lt_aw_tensor(
      w, &(lt_aw_tensor_t){"", LK_F32, 4, wd, nchw, LT_ARTIFACT_STORAGE_WEIGHT,
                           0, 0, sizeof g_weight, g_weight});
  uint32_t bt = lt_aw_tensor(
      w, &(lt_aw_tensor_t){"", LK_F32, 1, bd, nchw, LT_ARTIFACT_STORAGE_WEIGHT,
                           0, 0, sizeof g_bias, g_bias});
  uint64_t off = 0;
  uint32_t c = lt_aw_tensor(w, &(lt_aw_tensor_t){"", LK_F32, 4, cd, nchw,
                                                 LT_ARTIFACT_STORAGE_ARENA, 0,
                                                 off, conv_bytes, NULL});
  off += conv_bytes;
  uint32_t p = lt_aw_tensor(w, &(lt_aw_tensor_t){"", LK_F32, 4, pd, nchw,
                                                 LT_ARTIFACT_STORAGE_ARENA, 0,
                                                 off, pool_bytes, NULL});
  off += pool_bytes;
  uint32_t b = lt_aw_tensor(w, &(lt_aw_tensor_t){"", LK_F32, 4, pd, blk,
                                                 LT_ARTIFACT_STORAGE_ARENA, 0,
                                                 off, blk_bytes, NULL});
  off += blk_bytes;
  uint32_t y = lt_aw_tensor(w, &(lt_aw_tensor_t){"", LK_F32, 4, pd, nchw,
                                                 LT_ARTIFACT_STORAGE_ARENA, 0,
                                                 off, pool_bytes, NULL});
  lt_aw_input(w, x);
  lt_aw_output(w, y);
  uint32_t conv_in[3] = {x, wt, bt};
  lt_aw_instr(w, kernel0, "lite.conv2d", conv_in, 3, &c, 1);
  int64_t pads[4] = {1, 1, 1, 1};
  lt_aw_attr_ints(w, "pads", pads, 4);
  lt_aw_loc(w, "Conv_0", 6);
  lt_aw_instr(w, "ref_pool2d__f32_nchw", "lite.pool2d", &c, 1, &p, 1);
  int64_t k2[2] = {2, 2};
  lt_aw_attr_str(w, "pooling_type", "max", 3);
  lt_aw_attr_ints(w, "kernel_shape", k2, 2);
  lt_aw_attr_ints(w, "strides", k2, 2);
  lt_aw_loc(w, "MaxPool_1", 9);
  lt_aw_instr(w, "ref_layout__f32_nchw", "lite.layout", &p, 1, &b, 1);
  lt_aw_instr(w, "ref_layout__f32_nchw", "lite.layout", &b, 1, &y, 1);
  CHECK(lt_aw_finish(w, "lite test", data, size) == LT_OK);
  lt_aw_free(w);
}

/* What the program computes, through the reference kernels directly. */
static void expected(const float *x, int64_t n, float *out) {
  lk_tensor_t xt = {LK_F32, 4, {n, C_IN, HW, HW}, (void *)x};
  lk_tensor_t wt = {LK_F32, 4, {C_OUT, C_IN, 3, 3}, g_weight};
  lk_tensor_t bt = {LK_F32, 1, {C_OUT}, g_bias};
  float *conv = calloc((size_t)n * C_OUT * HW * HW, sizeof(float));
  lk_tensor_t ct = {LK_F32, 4, {n, C_OUT, HW, HW}, conv};
  lk_conv_params_t cp = {0};
  cp.spatial = 2;
  cp.group = 1;
  for (int d = 0; d < 2; d++) {
    cp.strides[d] = cp.dilations[d] = 1;
    cp.pads_begin[d] = 1;
  }
  lk_tensor_t pt = {LK_F32, 4, {n, C_OUT, 2, 2}, out};
  lk_pool_params_t pp = {0};
  pp.type = LK_POOL_MAX;
  pp.spatial = 2;
  for (int d = 0; d < 2; d++) pp.kernel[d] = pp.strides[d] = 2, pp.dilations[d] = 1;
  /* Each thread its own workspace, large enough for both kernels. */
  size_t cw = lk_ref_conv2d_workspace(&cp, &xt, &wt, &bt, &ct);
  size_t pw = lk_ref_pool2d_workspace(&ct, &pt);
  lk_workspace_t ws = {malloc(cw > pw ? cw : pw), cw > pw ? cw : pw};
  CHECK(lk_ref_conv2d(&cp, &xt, &wt, &bt, &ct, ws));
  CHECK(lk_ref_pool2d(&pp, &ct, &pt, ws));
  free(ws.data);
  free(conv);
}

static lt_model_t *load(const uint8_t *data, size_t size) {
  lt_model_t *m = NULL;
  lt_status_t st = lt_model_load_buffer(data, size, NULL, &m);
  if (st) {
    fprintf(stderr, "load: %s\n", lt_status_message(st));
    lt_status_free(st);
    g_failures++;
  }
  return m;
}

/* Runs p on x of batch n and compares with the reference. */
static void run_and_check(lt_predictor_t *p, const float *x, int64_t n) {
  int64_t dims[4] = {n, C_IN, HW, HW};
  size_t nx = (size_t)n * C_IN * HW * HW;
  lt_status_t st = lt_predictor_set_input(p, 0, LK_F32, 4, dims, x,
                                          nx * sizeof(float));
  if (!st) st = lt_predictor_run(p);
  if (st) {
    fprintf(stderr, "run: %s\n", lt_status_message(st));
    lt_status_free(st);
    g_failures++;
    return;
  }
  const lk_view_t *y = lt_predictor_output(p, 0);
  CHECK(y->dtype == LK_F32 && y->rank == 4 && y->dims[0] == n &&
        y->dims[1] == C_OUT && y->dims[2] == 2 && y->layout == LK_LAYOUT_NCHW);
  float want[2 * C_OUT * 4];
  expected(x, n, want);
  const float *got = y->data;
  int bad = 0;
  for (int64_t i = 0; i < n * C_OUT * 4; i++) bad += got[i] != want[i];
  CHECK(bad == 0);
}

static float g_x[2 * C_IN * HW * HW];

static void test_static(void) {
  uint8_t *data;
  size_t size;
  build(1, 1, "ref_conv2d__f32_nchw", 2, &data, &size);
  lt_model_t *m = load(data, size);
  if (!m) return free(data);
  CHECK(lt_model_num_instrs(m) == 4);
  for (uint32_t i = 0; i < 4; i++)
    CHECK(lt_model_instr(m, i)->replan == LT_RT_REPLAN_NEVER);
  lt_predictor_t *p;
  lt_predictor_options_t po = {.num_threads = 2, .profile = true,
                               .spin_us = 50};
  CHECK(lt_predictor_create(m, &po, &p) == LT_OK);
  lt_model_release(m); /* the predictor holds it */
  run_and_check(p, g_x, 1);
  run_and_check(p, g_x + C_IN * HW * HW, 1); /* another binding */
  CHECK(lt_predictor_profile(p)[0].calls == 2);
  /* A wrong shape or dtype names the input and both shapes. */
  int64_t bad[4] = {1, C_IN, HW, HW + 1};
  lt_status_t st = lt_predictor_set_input(p, 0, LK_F32, 4, bad, g_x, sizeof g_x);
  CHECK(st && strstr(lt_status_message(st),
                     "input #0 ('x'): expected f32 1x2x4x4, got f32 1x2x4x5"));
  lt_status_free(st);
  st = lt_predictor_set_input(p, 0, LK_I64, 4, bad, g_x, sizeof g_x);
  CHECK(st && strstr(lt_status_message(st), "got i64"));
  lt_status_free(st);
  int64_t ok[4] = {1, C_IN, HW, HW};
  st = lt_predictor_set_input(p, 0, LK_F32, 4, ok, g_x, 8);
  CHECK(st && strstr(lt_status_message(st), "needs 128 bytes, got 8"));
  lt_status_free(st);
  lt_predictor_destroy(p);
  /* An input never set. */
  m = load(data, size);
  CHECK(lt_predictor_create(m, NULL, &p) == LT_OK);
  st = lt_predictor_run(p);
  CHECK(st && strstr(lt_status_message(st), "input #0 ('x') was not set"));
  lt_status_free(st);
  lt_predictor_destroy(p);
  lt_model_release(m);
  free(data);
}

static void test_dynamic(void) {
  uint8_t *data;
  size_t size;
  build(-1, 2, "ref_conv2d__f32_nchw", 2, &data, &size);
  lt_model_t *m = load(data, size);
  if (!m) return free(data);
  CHECK(lt_model_instr(m, 0)->replan == LT_RT_REPLAN_ON_SHAPES);
  lt_predictor_t *p;
  CHECK(lt_predictor_create(m, NULL, &p) == LT_OK);
  run_and_check(p, g_x, 2);
  run_and_check(p, g_x, 1);
  run_and_check(p, g_x, 2);
  /* Batch 3 does not fit the slots planned for 2. */
  static float big[3 * C_IN * HW * HW];
  int64_t dims[4] = {3, C_IN, HW, HW};
  lt_status_t st = lt_predictor_set_input(p, 0, LK_F32, 4, dims, big, sizeof big);
  CHECK(st == LT_OK);
  st = lt_predictor_run(p);
  CHECK(st && strstr(lt_status_message(st),
                     "instruction #0 (lite.conv2d, ref_conv2d__f32_nchw; "
                     "ONNX node 'Conv_0'): result #0: shape 3x3x4x4 needs "
                     "576 bytes, its arena slot holds 384"));
  lt_status_free(st);
  lt_predictor_destroy(p);
  lt_model_release(m);
  free(data);
}

static void expect_load_error(const char *kernel, int64_t out_hw,
                              const char *msg) {
  uint8_t *data;
  size_t size;
  build(1, 1, kernel, out_hw, &data, &size);
  lt_model_t *m = NULL;
  lt_status_t st = lt_model_load_buffer(data, size, NULL, &m);
  CHECK(st && !m);
  if (st && !strstr(lt_status_message(st), msg)) {
    fprintf(stderr, "got: %s\nwant: %s\n", lt_status_message(st), msg);
    g_failures++;
  }
  lt_status_free(st);
  free(data);
}

static void test_load_errors(void) {
  expect_load_error("x86_conv2d__f32_nchw99", 2,
                    "<buffer>: instruction #0 (lite.conv2d, "
                    "x86_conv2d__f32_nchw99; ONNX node 'Conv_0'): kernel "
                    "'x86_conv2d__f32_nchw99' is not in this runtime's "
                    "registry");
  expect_load_error("ref_pool2d__f32_nchw", 2,
                    "kernel 'ref_pool2d__f32_nchw' implements lite.pool2d, "
                    "not lite.conv2d");
  expect_load_error("ref_conv2d__f32_nchw", 3,
                    "instruction #1 (lite.pool2d, ref_pool2d__f32_nchw; ONNX "
                    "node 'MaxPool_1'): result #0: the plan step gives shape "
                    "1x3x2x2, the artifact records 1x3x3x3");
}

/* x (host) -> io_copy -> y (an arena of `target`) -> output. */
static void build_copy(lk_target_t target, const char *arena, uint8_t **data,
                       size_t *size) {
  lt_aw_t *w = lt_aw_new();
  lt_aw_arena(w, arena, target, 0, 64);
  int64_t d[1] = {5};
  lk_place_t host = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32, LK_LAYOUT_NCHW);
  lk_place_t dst = LK_PLACE(target, LK_PRECISION_F32, LK_LAYOUT_NCHW);
  uint32_t x = lt_aw_tensor(w, &(lt_aw_tensor_t){"x", LK_F32, 1, d, host,
                                                 LT_ARTIFACT_STORAGE_INPUT, 0,
                                                 0, 0, NULL});
  uint32_t y = lt_aw_tensor(w, &(lt_aw_tensor_t){"y", LK_F32, 1, d, dst,
                                                 LT_ARTIFACT_STORAGE_ARENA, 0,
                                                 0, 20, NULL});
  lt_aw_input(w, x);
  lt_aw_output(w, y);
  lt_aw_instr(w, "ref_io_copy__f32_nchw", "lite.io_copy", &x, 1, &y, 1);
  CHECK(lt_aw_finish(w, "lite test", data, size) == LT_OK);
  lt_aw_free(w);
}

/* io_copy moves bytes through the destination's TargetWrapper; a target
 * without one is refused at load, naming the arena. */
static void test_io_copy(void) {
  uint8_t *data;
  size_t size;
  build_copy(LK_TARGET_X86, "x86", &data, &size);
  lt_model_t *m = load(data, size);
  lt_predictor_t *p = NULL;
  if (m && lt_predictor_create(m, NULL, &p) == LT_OK) {
    float x[5] = {1, -2, 3.5f, 0, 7};
    int64_t d[1] = {5};
    CHECK(lt_predictor_set_input(p, 0, LK_F32, 1, d, x, sizeof x) == LT_OK);
    CHECK(lt_predictor_run(p) == LT_OK);
    const lk_view_t *y = lt_predictor_output(p, 0);
    CHECK(y->data != x && memcmp(y->data, x, sizeof x) == 0);
  }
  lt_predictor_destroy(p);
  lt_model_release(m);
  free(data);
  build_copy(LK_TARGET_OPENCL, "opencl", &data, &size);
  m = NULL;
  lt_status_t st = lt_model_load_buffer(data, size, NULL, &m);
  CHECK(st && strstr(lt_status_message(st),
                     "arena 'opencl': this runtime has no opencl target"));
  lt_status_free(st);
  free(data);
}

/* ---- an injected kernel that packs its weights -------------------------- */
/* test_mul_packed__f32_nchw: y = x * w over same-shape f32 vectors, with w
 * packed at load as its negation (so a kernel reading the unpacked weight
 * would be caught). */
static int g_packs;

static lt_status_t pack_neg(const void *params, const lk_view_t *consts,
                            uint32_t n, void *out, size_t *out_size) {
  (void)params;
  if (n != 2 || !consts[1].data)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT, "weight not constant");
  *out_size = consts[1].nbytes;
  if (!out) return LT_OK;
  g_packs++;
  const float *w = consts[1].data;
  for (size_t i = 0; i < consts[1].nbytes / sizeof(float); i++)
    ((float *)out)[i] = -w[i];
  return LT_OK;
}

static lt_status_t run_packed(const lk_call_t *call) {
  if (!call->packed || call->packed_size != call->outputs[0].nbytes)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT, "no packed weight");
  const float *x = call->inputs[0].data, *w = call->packed;
  float *y = call->outputs[0].data;
  for (size_t i = 0; i < call->outputs[0].nbytes / sizeof(float); i++)
    y[i] = x[i] * -w[i];
  return LT_OK;
}

static void test_packed_kernel(void) {
  lk_registry_t *r = lk_registry_create();
  lk_kernel_t k = {.name = "test_mul_packed__f32_nchw",
                   .op = "mul",
                   .place = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32,
                                     LK_LAYOUT_NCHW),
                   .run = run_packed,
                   .pack = pack_neg};
  CHECK(r && lk_registry_add(r, &k) == LK_REG_OK);
  static const float w[4] = {1, -2, 0.5f, 3};
  lt_aw_t *aw = lt_aw_new();
  lt_aw_arena(aw, "host", LK_TARGET_HOST, 0, 16);
  int64_t d[1] = {4};
  lk_place_t host = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32, LK_LAYOUT_NCHW);
  uint32_t x = lt_aw_tensor(aw, &(lt_aw_tensor_t){"x", LK_F32, 1, d, host,
                                                  LT_ARTIFACT_STORAGE_INPUT, 0,
                                                  0, 0, NULL});
  uint32_t wt = lt_aw_tensor(aw, &(lt_aw_tensor_t){"", LK_F32, 1, d, host,
                                                   LT_ARTIFACT_STORAGE_WEIGHT,
                                                   0, 0, sizeof w, w});
  uint32_t y = lt_aw_tensor(aw, &(lt_aw_tensor_t){"y", LK_F32, 1, d, host,
                                                  LT_ARTIFACT_STORAGE_ARENA, 0,
                                                  0, 16, NULL});
  lt_aw_input(aw, x);
  lt_aw_output(aw, y);
  uint32_t ops[2] = {x, wt};
  lt_aw_instr(aw, "test_mul_packed__f32_nchw", "lite.mul", ops, 2, &y, 1);
  uint8_t *data;
  size_t size;
  CHECK(lt_aw_finish(aw, "lite test", &data, &size) == LT_OK);
  lt_aw_free(aw);
  /* Without the injected registry the kernel is unknown. */
  lt_model_t *m = NULL;
  lt_status_t st = lt_model_load_buffer(data, size, NULL, &m);
  CHECK(st && strstr(lt_status_message(st),
                     "kernel 'test_mul_packed__f32_nchw' is not in this "
                     "runtime's registry"));
  lt_status_free(st);
  lt_model_options_t opts = {.allocator = lt_allocator_system(), .registry = r};
  st = lt_model_load_buffer(data, size, &opts, &m);
  CHECK(st == LT_OK && g_packs == 1 && m &&
        lt_model_packed_bytes(m) == sizeof w);
  lt_status_free(st);
  for (int pi = 0; m && pi < 2; pi++) {
    lt_predictor_t *p;
    if (lt_predictor_create(m, NULL, &p) != LT_OK) {
      g_failures++;
      break;
    }
    float in[4] = {2, 2, 2, -1}, *out;
    for (int run = 0; run < 2; run++) {
      CHECK(lt_predictor_set_input(p, 0, LK_F32, 1, d, in, sizeof in) == LT_OK);
      CHECK(lt_predictor_run(p) == LT_OK);
      out = lt_predictor_output(p, 0)->data;
      for (int i = 0; i < 4; i++) CHECK(out[i] == in[i] * w[i]);
    }
    lt_predictor_destroy(p);
  }
  CHECK(g_packs == 1); /* once per load, not per predictor or run */
  lt_model_release(m);
  lk_registry_destroy(r);
  free(data);
}

/* x [?, 4] -> relu -> y, recorded [2, 4]: a dim the compiler fixed holds
 * at every re-plan, not only at load (runtime_fuzz: a re-planned result
 * larger than its record was allocated unchecked). */
static void test_replan_record(void) {
  lt_aw_t *w = lt_aw_new();
  lt_aw_arena(w, "host", LK_TARGET_HOST, 0, 64);
  int64_t xd[2] = {-1, 4}, yd[2] = {2, 4};
  lk_place_t nchw = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32, LK_LAYOUT_NCHW);
  uint32_t x = lt_aw_tensor(w, &(lt_aw_tensor_t){"x", LK_F32, 2, xd, nchw,
                                                 LT_ARTIFACT_STORAGE_INPUT, 0,
                                                 0, 0, NULL});
  uint32_t y = lt_aw_tensor(w, &(lt_aw_tensor_t){"y", LK_F32, 2, yd, nchw,
                                                 LT_ARTIFACT_STORAGE_ARENA, 0,
                                                 0, 32, NULL});
  lt_aw_input(w, x);
  lt_aw_output(w, y);
  lt_aw_instr(w, "ref_relu__f32_nchw", "lite.relu", &x, 1, &y, 1);
  uint8_t *data;
  size_t size;
  CHECK(lt_aw_finish(w, "lite test", &data, &size) == LT_OK);
  lt_aw_free(w);
  lt_model_t *m = load(data, size);
  lt_predictor_t *p = NULL;
  if (m && lt_predictor_create(m, NULL, &p) == LT_OK) {
    float xs[8] = {0};
    int64_t d[2] = {2, 4};
    CHECK(lt_predictor_set_input(p, 0, LK_F32, 2, d, xs, sizeof xs) == LT_OK);
    CHECK(lt_predictor_run(p) == LT_OK);
    d[0] = 1;
    CHECK(lt_predictor_set_input(p, 0, LK_F32, 2, d, xs, sizeof xs) == LT_OK);
    lt_status_t st = lt_predictor_run(p);
    CHECK(st && strstr(lt_status_message(st),
                       "instruction #0 (lite.relu, ref_relu__f32_nchw): "
                       "result #0: the plan step gives shape 1x4, the "
                       "artifact records 2x4"));
    lt_status_free(st);
    /* A byte size past int64 (it wrapped to 0 bytes, which any buffer
     * held). */
    d[0] = (int64_t)1 << 62;
    st = lt_predictor_set_input(p, 0, LK_F32, 2, d, xs, sizeof xs);
    CHECK(st && strstr(lt_status_message(st),
                       "input #0 ('x'): shape 4611686018427387904x4 of f32 "
                       "is too large"));
    lt_status_free(st);
  }
  lt_predictor_destroy(p);
  lt_model_release(m);
  free(data);
}

/* gather over x [2^24, 2^24] by indices of the same shape, the result
 * recorded [?, ?, ?] in a 64-byte slot: the plan's 2^72 elements are
 * refused at load (their byte count wrapped to 0, which the slot held). */
static void test_plan_limit(void) {
  lt_aw_t *w = lt_aw_new();
  lt_aw_arena(w, "host", LK_TARGET_HOST, 0, 64);
  int64_t xd[2] = {1 << 24, 1 << 24}, yd[3] = {-1, -1, -1};
  lk_place_t nchw = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32, LK_LAYOUT_NCHW);
  lk_place_t idx = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_ANY, LK_LAYOUT_NCHW);
  uint32_t in[2] = {
      lt_aw_tensor(w, &(lt_aw_tensor_t){"x", LK_F32, 2, xd, nchw,
                                        LT_ARTIFACT_STORAGE_INPUT, 0, 0, 0,
                                        NULL}),
      lt_aw_tensor(w, &(lt_aw_tensor_t){"i", LK_I64, 2, xd, idx,
                                        LT_ARTIFACT_STORAGE_INPUT, 0, 1, 0,
                                        NULL})};
  uint32_t y = lt_aw_tensor(w, &(lt_aw_tensor_t){"y", LK_F32, 3, yd, nchw,
                                                 LT_ARTIFACT_STORAGE_ARENA, 0,
                                                 0, 64, NULL});
  lt_aw_input(w, in[0]);
  lt_aw_input(w, in[1]);
  lt_aw_output(w, y);
  lt_aw_instr(w, "ref_gather__f32_nchw", "lite.gather", in, 2, &y, 1);
  uint8_t *data;
  size_t size;
  CHECK(lt_aw_finish(w, "lite test", &data, &size) == LT_OK);
  lt_aw_free(w);
  lt_model_t *m = NULL;
  lt_status_t st = lt_model_load_buffer(data, size, NULL, &m);
  CHECK(st && strstr(lt_status_message(st),
                     "instruction #0 (lite.gather, ref_gather__f32_nchw): "
                     "result #0: the plan step gives shape "
                     "16777216x16777216x16777216, too large (its nonzero "
                     "dims multiply past 281474976710656)"));
  lt_status_free(st);
  lt_model_release(m);
  free(data);
}

/* Predictors of one model on threads of their own (run under TSan too). */
typedef struct worker {
  lt_model_t *m;
  int64_t batch;
  int failures;
} worker_t;

static void *work(void *arg) {
  worker_t *w = arg;
  lt_predictor_t *p;
  if (lt_predictor_create(w->m, NULL, &p) != LT_OK) {
    w->failures++;
    return NULL;
  }
  int before = g_failures;
  for (int r = 0; r < 20; r++) run_and_check(p, g_x, w->batch);
  w->failures += g_failures != before;
  lt_predictor_destroy(p);
  return NULL;
}

static void test_threads(void) {
  uint8_t *data;
  size_t size;
  build(-1, 2, "ref_conv2d__f32_nchw", 2, &data, &size);
  lt_model_t *m = load(data, size);
  if (!m) return free(data);
  pthread_t th[4];
  worker_t w[4];
  for (int i = 0; i < 4; i++) {
    w[i] = (worker_t){m, 1 + i % 2, 0};
    CHECK(pthread_create(&th[i], NULL, work, &w[i]) == 0);
  }
  for (int i = 0; i < 4; i++) {
    pthread_join(th[i], NULL);
    CHECK(w[i].failures == 0);
  }
  lt_model_release(m);
  free(data);
}

/* ---- generated kernels through a kernel table ---------------------------- */
/* jit_test_fma: y[i] = a[i] * b[i] + 1, as generated code would be: a table
 * entry the runtime knows only by name, run by a lite.dispatch whose
 * result shape the op carries. */
static lt_status_t run_fma(const lk_call_t *call) {
  const float *a = call->inputs[0].data, *b = call->inputs[1].data;
  float *y = call->outputs[0].data;
  for (int64_t i = 0; i < call->outputs[0].dims[0] * call->outputs[0].dims[1];
       i++)
    y[i] = a[i] * b[i] + 1.0f;
  return LT_OK;
}

static void build_dispatch(const int64_t *result_dims, uint32_t num_dims,
                           uint8_t **data, size_t *size) {
  lt_aw_t *w = lt_aw_new();
  lt_aw_arena(w, "host", LK_TARGET_HOST, 0, 64);
  int64_t d[2] = {2, 3};
  lk_place_t host = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32, LK_LAYOUT_NCHW);
  uint32_t a = lt_aw_tensor(w, &(lt_aw_tensor_t){"a", LK_F32, 2, d, host,
                                                 LT_ARTIFACT_STORAGE_INPUT, 0,
                                                 0, 0, NULL});
  uint32_t b = lt_aw_tensor(w, &(lt_aw_tensor_t){"b", LK_F32, 2, d, host,
                                                 LT_ARTIFACT_STORAGE_INPUT, 0,
                                                 1, 0, NULL});
  uint32_t y = lt_aw_tensor(w, &(lt_aw_tensor_t){"y", LK_F32, 2, d, host,
                                                 LT_ARTIFACT_STORAGE_ARENA, 0,
                                                 0, 24, NULL});
  lt_aw_input(w, a);
  lt_aw_input(w, b);
  lt_aw_output(w, y);
  uint32_t ops[2] = {a, b};
  lt_aw_instr(w, "jit_test_fma", "lite.dispatch", ops, 2, &y, 1);
  lt_aw_attr_ints(w, "result_dims", result_dims, num_dims);
  CHECK(lt_aw_finish(w, "lite test", data, size) == LT_OK);
  lt_aw_free(w);
}

static void expect_dispatch_error(const lt_model_options_t *opts,
                                  const int64_t *dims, uint32_t n,
                                  const char *text) {
  uint8_t *data;
  size_t size;
  build_dispatch(dims, n, &data, &size);
  lt_model_t *m = NULL;
  lt_status_t st = lt_model_load_buffer(data, size, opts, &m);
  CHECK(st && !m);
  if (st && !strstr(lt_status_message(st), text)) {
    fprintf(stderr, "  expected '%s' in: %s\n", text, lt_status_message(st));
    g_failures++;
  }
  lt_status_free(st);
  free(data);
}

static void test_kernel_table(void) {
  static const lk_kernel_entry_t entries[] = {{"jit_test_fma", run_fma}};
  lk_kernel_table_t table = {LK_KERNEL_TABLE_VERSION, 1, entries};
  const lk_kernel_table_t *tables[1] = {&table};
  lt_model_options_t opts = {.allocator = lt_allocator_system(),
                             .kernel_tables = tables,
                             .num_kernel_tables = 1};
  static const int64_t dims[3] = {2, 2, 3};
  uint8_t *data;
  size_t size;
  build_dispatch(dims, 3, &data, &size);
  lt_model_t *m = NULL;
  lt_status_t st = lt_model_load_buffer(data, size, &opts, &m);
  CHECK(st == LT_OK && m);
  lt_status_free(st);
  lt_predictor_t *p = NULL;
  if (m && lt_predictor_create(m, NULL, &p) == LT_OK) {
    float a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {-1, 0.5f, 2, 0, 1, -2};
    int64_t d[2] = {2, 3};
    CHECK(lt_predictor_set_input(p, 0, LK_F32, 2, d, a, sizeof a) == LT_OK);
    CHECK(lt_predictor_set_input(p, 1, LK_F32, 2, d, b, sizeof b) == LT_OK);
    CHECK(lt_predictor_run(p) == LT_OK);
    const lk_view_t *y = lt_predictor_output(p, 0);
    CHECK(y && y->rank == 2 && y->dims[0] == 2 && y->dims[1] == 3);
    for (int i = 0; y && i < 6; i++)
      CHECK(((const float *)y->data)[i] == a[i] * b[i] + 1.0f);
    lt_predictor_destroy(p);
  }
  lt_model_release(m);
  free(data);
  /* Without the table the kernel is unknown; a table of another version,
   * an entry without code, a table beside a registry, and result_dims that
   * disagree with the tensor table are refused by name. */
  expect_dispatch_error(NULL, dims, 3,
                        "kernel 'jit_test_fma' is not in this runtime's "
                        "registry");
  lk_kernel_table_t old = {LK_KERNEL_TABLE_VERSION + 1, 1, entries};
  const lk_kernel_table_t *old_tables[1] = {&old};
  lt_model_options_t o2 = opts;
  o2.kernel_tables = old_tables;
  expect_dispatch_error(&o2, dims, 3, "written for kernel ABI version");
  static const lk_kernel_entry_t empty[] = {{"jit_test_fma", NULL}};
  lk_kernel_table_t no_code = {LK_KERNEL_TABLE_VERSION, 1, empty};
  const lk_kernel_table_t *nc_tables[1] = {&no_code};
  o2.kernel_tables = nc_tables;
  expect_dispatch_error(&o2, dims, 3, "entry #0 ('jit_test_fma')");
  lk_registry_t *r = lk_registry_create();
  o2 = opts;
  o2.registry = r;
  expect_dispatch_error(&o2, dims, 3, "not both");
  lk_registry_destroy(r);
  static const int64_t wrong[3] = {2, 3, 2};
  expect_dispatch_error(&opts, wrong, 3, "result #0");
  static const int64_t short_dims[2] = {2, 2};
  expect_dispatch_error(&opts, short_dims, 2, "ends inside result #0");
  static const int64_t two[6] = {2, 2, 3, 1, 4};
  expect_dispatch_error(&opts, two, 5, "more results than the op's 1");
}

int main(void) {
  for (size_t i = 0; i < sizeof g_weight / sizeof *g_weight; i++)
    g_weight[i] = (float)((int)(i * 7 % 11) - 5) / 4.0f;
  for (size_t i = 0; i < C_OUT; i++) g_bias[i] = (float)i - 1.0f;
  for (size_t i = 0; i < sizeof g_x / sizeof *g_x; i++)
    g_x[i] = (float)((int)(i * 5 % 13) - 6) / 3.0f;
  test_static();
  test_dynamic();
  test_load_errors();
  test_io_copy();
  test_packed_kernel();
  test_kernel_table();
  test_replan_record();
  test_plan_limit();
  test_threads();
  if (g_failures) {
    fprintf(stderr, "runtime_test: %d failure(s)\n", g_failures);
    return 1;
  }
  printf("runtime_test: ok\n");
  return 0;
}

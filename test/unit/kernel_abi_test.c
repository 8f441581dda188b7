/* kernel_abi_test.c - the call-record ABI: views, CPU detection, the
 * reference kernels through their registry rows against direct calls,
 * layout round trips, workspace checks and the parallel-for contract. */
#include <stdlib.h>
#include <string.h>

#include "kernels/abi.h"
#include "kernels/abi_ref.h"
#include "kernels/ref/conv.h"
#include "kernels/ref/pool.h"
#include "kernels/registry.h"
#include "test/unit/check.h"
#include "test/unit/ref_ws.h"

static uint32_t g_seed = 12345;
static float rnd(void) {
  g_seed = g_seed * 1664525u + 1013904223u;
  return (float)(g_seed >> 8) / (float)(1u << 24) * 2.0f - 1.0f;
}

static lk_tensor_t make(int32_t rank, const int64_t *dims) {
  lk_tensor_t t = {.dtype = LK_F32, .rank = rank};
  memcpy(t.dims, dims, (size_t)rank * sizeof(int64_t));
  t.data = calloc((size_t)lk_numel(&t) + 1, sizeof(float));
  for (int64_t i = 0; i < lk_numel(&t); i++) ((float *)t.data)[i] = rnd();
  return t;
}

static void test_views(void) {
  lk_view_t v;
  int64_t d[4] = {2, 11, 3, 5};
  CHECK(lk_view_dense(&v, LK_F32, 4, d, LK_LAYOUT_NCHW8C, NULL));
  /* N, ceil(11/8)=2, 3, 5, 8 floats. */
  CHECK(v.nbytes == (size_t)2 * 2 * 3 * 5 * 8 * 4);
  CHECK(v.block_stride == 4 && v.strides[3] == 32 && v.strides[2] == 160);
  CHECK(v.strides[1] == 480 && v.strides[0] == 960);
  CHECK(lk_view_stored_channels(&v) == 16);
  int64_t idx[4] = {1, 9, 2, 4};
  CHECK(lk_view_offset(&v, idx) == 960 + 480 + 4 + 2 * 160 + 4 * 32);
  CHECK(lk_view_dense(&v, LK_F32, 4, d, LK_LAYOUT_NCHW16C, NULL));
  CHECK(v.nbytes == (size_t)2 * 1 * 3 * 5 * 16 * 4);
  CHECK(lk_view_dense(&v, LK_I8, 4, d, LK_LAYOUT_NHWC, NULL));
  CHECK(v.strides[1] == 1 && v.strides[3] == 11 && v.strides[2] == 55 &&
        v.strides[0] == 165 && v.nbytes == 330);
  CHECK(!lk_view_dense(&v, LK_F32, 1, d, LK_LAYOUT_NCHW8C, NULL));
  CHECK(!lk_view_dense(&v, LK_F32, 4, d, LK_LAYOUT_ANY, NULL));
  /* A byte size past int64, in each layout (it wrapped to a small one). */
  const int64_t huge[4] = {(int64_t)1 << 40, 1 << 20, 1 << 4, 1};
  CHECK(!lk_view_dense(&v, LK_F32, 4, huge, LK_LAYOUT_NCHW, NULL));
  CHECK(!lk_view_dense(&v, LK_F32, 4, huge, LK_LAYOUT_NHWC, NULL));
  CHECK(!lk_view_dense(&v, LK_F32, 4, huge, LK_LAYOUT_NCHW8C, NULL));
  const int64_t wide_c[2] = {1, INT64_MAX};
  CHECK(!lk_view_dense(&v, LK_F32, 2, wide_c, LK_LAYOUT_NCHW8C, NULL));
  /* nchw round trip through lk_tensor_t; blocked views do not convert. */
  lk_tensor_t t = make(4, d), back;
  lk_view_from_tensor(&v, &t);
  CHECK(v.nbytes == lk_nbytes(&t) && v.strides[3] == 4);
  CHECK(lk_view_to_tensor(&v, &back) && back.data == t.data &&
        back.rank == 4 && back.dims[1] == 11);
  v.layout = LK_LAYOUT_NCHW8C;
  CHECK(!lk_view_to_tensor(&v, &back));
  lk_view_from_tensor(&v, &t);
  v.nbytes -= 4;
  CHECK(!lk_view_to_tensor(&v, &back));
  free(t.data);
}

static void test_cpu(void) {
  lk_cpu_info_t cpu;
  lk_cpu_detect(&cpu);
  FILE *f = fopen("/proc/cpuinfo", "r");
  char *flags = NULL;
  if (f) {
    char line[8192];
    while (fgets(line, sizeof line, f))
      if (strncmp(line, "flags", 5) == 0 || strncmp(line, "Features", 8) == 0) {
        flags = strdup(strchr(line, ':') ? strchr(line, ':') + 1 : line);
        break;
      }
    fclose(f);
  }
  if (flags) {
    for (int i = 0; i < LK_NUM_CPU_FEATURES; i++) {
      char word[64];
      snprintf(word, sizeof word, " %s", lk_cpu_feature_proc_flag(i));
      char *at = strstr(flags, word);
      while (at && at[strlen(word)] != ' ' && at[strlen(word)] != '\n' &&
             at[strlen(word)] != 0)
        at = strstr(at + 1, word);
      if (lk_cpu_has(&cpu, i) != (at != NULL))
        fprintf(stderr, "feature %s: detected %d, /proc/cpuinfo %d\n",
                lk_cpu_feature_name(i), lk_cpu_has(&cpu, i), at != NULL);
      CHECK(lk_cpu_has(&cpu, i) == (at != NULL));
    }
    free(flags);
  }
#if defined(__x86_64__)
  CHECK(cpu.l1d > 0 && cpu.l2 > 0 && cpu.l3 > 0);
  CHECK(cpu.l1d <= cpu.l2);
#endif
  CHECK(strcmp(lk_cpu_feature_name(LK_CPU_AVX512VNNI), "avx512vnni") == 0);
}

static bool same(const lk_tensor_t *a, const lk_tensor_t *b) {
  return lk_numel(a) == lk_numel(b) &&
         memcmp(a->data, b->data, lk_nbytes(a)) == 0;
}

static lt_status_t call_row(lk_registry_t *r, const char *name,
                            const lk_tensor_t *in, uint32_t n, lk_tensor_t *out,
                            const void *params, size_t params_size,
                            lk_workspace_t ws) {
  lk_view_t iv[4], ov;
  for (uint32_t i = 0; i < n; i++) lk_view_from_tensor(&iv[i], &in[i]);
  lk_view_from_tensor(&ov, out);
  lk_call_t c = {.inputs = iv,
                 .num_inputs = n,
                 .outputs = &ov,
                 .num_outputs = 1,
                 .params = params,
                 .params_size = params_size,
                 .workspace = ws.data,
                 .workspace_size = ws.size};
  const lk_kernel_t *k = lk_registry_find(r, name);
  CHECK(k && lk_kernel_runnable(k));
  return lk_kernel_call(k, &c);
}

/* conv through the row equals the direct call: C not a multiple of 8,
 * 1x1, strides, pads, dilations, groups, a bias and a residual. */
static void test_conv_pool(lk_registry_t *r) {
  struct {
    int64_t c, m, h, w, k, s, pad, dil, g;
  } cases[] = {{3, 5, 7, 9, 3, 1, 1, 1, 1}, {11, 6, 5, 5, 1, 1, 0, 1, 1},
               {12, 8, 9, 8, 3, 2, 1, 2, 4}, {9, 9, 6, 7, 3, 2, 2, 1, 9}};
  for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
    int64_t c = cases[ci].c, m = cases[ci].m, k = cases[ci].k;
    int64_t s = cases[ci].s, pd = cases[ci].pad, dl = cases[ci].dil;
    int64_t oh = (cases[ci].h + 2 * pd - dl * (k - 1) - 1) / s + 1;
    int64_t ow = (cases[ci].w + 2 * pd - dl * (k - 1) - 1) / s + 1;
    int64_t xd[4] = {2, c, cases[ci].h, cases[ci].w};
    int64_t wd[4] = {m, c / cases[ci].g, k, k}, bd[1] = {m};
    int64_t yd[4] = {2, m, oh, ow};
    lk_tensor_t in[4] = {make(4, xd), make(4, wd), make(1, bd), make(4, yd)};
    lk_tensor_t y1 = make(4, yd), y2 = make(4, yd);
    lk_conv_params_t p = {.spatial = 2, .group = cases[ci].g,
                          .strides = {s, s}, .dilations = {dl, dl},
                          .pads_begin = {pd, pd}, .act = LK_ACT_RELU};
    lk_conv_params_t pr = p;
    pr.residual = &in[3];
    CHECK(WS_CONV2D(&pr, &in[0], &in[1], &in[2], &y1));
    size_t need = lk_ref_conv2d_workspace(&pr, &in[0], &in[1], &in[2], &y2);
    lt_status_t st = call_row(r, "ref_conv2d__f32_nchw", in, 4, &y2, &p,
                              sizeof p, test_ws(need));
    CHECK(st == LT_OK);
    lt_status_free(st);
    CHECK(same(&y1, &y2));
    /* A workspace a byte short is refused, y left as it was. */
    char want[96];
    snprintf(want, sizeof want,
             "ref_conv2d__f32_nchw: workspace of %zu bytes, needs %zu",
             need - 1, need);
    ws_scribble(&y2, 0x5a);
    st = call_row(r, "ref_conv2d__f32_nchw", in, 4, &y2, &p, sizeof p,
                  test_ws(need - 1));
    CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT &&
          strcmp(lt_status_message(st), want) == 0);
    lt_status_free(st);
    CHECK(ws_untouched(&y2, 0x5a));
    /* Pooling over the same input. */
    int64_t pyd[4] = {2, c, oh, ow};
    lk_tensor_t p1 = make(4, pyd), p2 = make(4, pyd);
    lk_pool_params_t pp = {.type = ci % 2 ? LK_POOL_AVG : LK_POOL_MAX,
                           .spatial = 2, .kernel = {k, k}, .strides = {s, s},
                           .dilations = {dl, dl}, .pads_begin = {pd, pd},
                           .pads_end = {pd, pd}};
    CHECK(WS_POOL2D(&pp, &in[0], &p1));
    need = lk_ref_pool2d_workspace(&in[0], &p2);
    st = call_row(r, "ref_pool2d__f32_nchw", in, 1, &p2, &pp, sizeof pp,
                  test_ws(need));
    CHECK(st == LT_OK);
    lt_status_free(st);
    CHECK(same(&p1, &p2));
    st = call_row(r, "ref_pool2d__f32_nchw", in, 1, &p2, &pp, sizeof pp,
                  test_ws(need - 1));
    CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
    lt_status_free(st);
    /* A wrong parameter block is refused, not read. */
    st = call_row(r, "ref_pool2d__f32_nchw", in, 1, &p2, &pp, 3, test_ws(need));
    CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
    lt_status_free(st);
    for (int i = 0; i < 4; i++) free(in[i].data);
    free(y1.data), free(y2.data), free(p1.data), free(p2.data);
  }
  /* Transposed convolution, groups 2, stride 2. */
  int64_t xd[4] = {1, 6, 4, 5}, wd[4] = {6, 2, 3, 3}, yd[4] = {1, 4, 9, 11};
  lk_tensor_t in[2] = {make(4, xd), make(4, wd)};
  lk_tensor_t y1 = make(4, yd), y2 = make(4, yd);
  lk_conv_params_t p = {.spatial = 2, .group = 2, .strides = {2, 2},
                        .dilations = {1, 1}};
  CHECK(WS_CONV2D_TRANSPOSE(&p, &in[0], &in[1], NULL, &y1));
  lt_status_t st =
      call_row(r, "ref_conv2d_transpose__any_nchw", in, 2, &y2, &p, sizeof p,
               test_ws(lk_ref_conv2d_transpose_workspace(&p, &in[0], &in[1],
                                                         NULL, &y2)));
  CHECK(st == LT_OK);
  lt_status_free(st);
  CHECK(same(&y1, &y2));
  free(in[0].data), free(in[1].data), free(y1.data), free(y2.data);
  /* A row without code says so. */
  lk_kernel_t meta = {.name = "test_meta", .op = "relu",
                      .place = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32,
                                        LK_LAYOUT_NCHW)};
  lk_registry_t *own = lk_registry_create_empty();
  CHECK(lk_registry_add(own, &meta) == LK_REG_OK);
  const lk_kernel_t *k = lk_registry_find(own, "test_meta");
  CHECK(k && !lk_kernel_runnable(k));
  lk_call_t c = {0};
  st = lk_kernel_call(k, &c);
  CHECK(lt_status_code(st) == LT_STATUS_UNIMPLEMENTED);
  lt_status_free(st);
  lk_registry_destroy(own);
}

/* nchw -> blocked -> nchw is exact, the channel padding is zero. */
static void test_layout(lk_registry_t *r) {
  const lk_layout_t layouts[] = {LK_LAYOUT_NCHW8C, LK_LAYOUT_NCHW16C,
                                 LK_LAYOUT_NCHW4C, LK_LAYOUT_NHWC};
  const int64_t shapes[][4] = {{2, 11, 3, 5}, {1, 1, 1, 1}, {3, 16, 2, 2}};
  const lk_kernel_t *k = lk_registry_find(r, "ref_layout__any_nchw");
  for (size_t li = 0; li < 4; li++)
    for (size_t si = 0; si < 3; si++) {
      lk_tensor_t t = make(4, shapes[si]);
      lk_view_t src, mid, dst;
      lk_view_dense(&src, LK_F32, 4, shapes[si], LK_LAYOUT_NCHW, t.data);
      lk_view_dense(&mid, LK_F32, 4, shapes[si], layouts[li], NULL);
      mid.data = malloc(mid.nbytes);
      memset(mid.data, 0x7f, mid.nbytes);
      void *outbuf = calloc(1, src.nbytes);
      lk_view_dense(&dst, LK_F32, 4, shapes[si], LK_LAYOUT_NCHW, outbuf);
      lk_call_t c1 = {.inputs = &src, .num_inputs = 1, .outputs = &mid,
                      .num_outputs = 1};
      lk_call_t c2 = {.inputs = &mid, .num_inputs = 1, .outputs = &dst,
                      .num_outputs = 1};
      CHECK(lk_kernel_call(k, &c1) == LT_OK);
      CHECK(lk_kernel_call(k, &c2) == LT_OK);
      CHECK(memcmp(t.data, outbuf, src.nbytes) == 0);
      /* and between two non-plain layouts, then back to nchw */
      lk_view_t other;
      lk_view_dense(&other, LK_F32, 4, shapes[si], layouts[(li + 1) % 4], NULL);
      other.data = malloc(other.nbytes);
      memset(outbuf, 0, src.nbytes);
      lk_call_t c3 = {.inputs = &mid, .num_inputs = 1, .outputs = &other,
                      .num_outputs = 1};
      lk_call_t c4 = {.inputs = &other, .num_inputs = 1, .outputs = &dst,
                      .num_outputs = 1};
      CHECK(lk_kernel_call(k, &c3) == LT_OK);
      CHECK(lk_kernel_call(k, &c4) == LT_OK);
      CHECK(memcmp(t.data, outbuf, src.nbytes) == 0);
      free(other.data);
      /* Every byte of mid is either an element or zeroed padding. */
      int64_t block = lk_layout_channel_block(layouts[li]), idx[4];
      const float *m = mid.data;
      int64_t C = shapes[si][1], stored = lk_view_stored_channels(&mid);
      bool pad_zero = true;
      for (idx[0] = 0; idx[0] < shapes[si][0]; idx[0]++)
        for (idx[1] = C; idx[1] < stored; idx[1]++)
          for (idx[2] = 0; idx[2] < shapes[si][2]; idx[2]++)
            for (idx[3] = 0; idx[3] < shapes[si][3]; idx[3]++)
              pad_zero &= m[lk_view_offset(&mid, idx) / 4] == 0.0f;
      CHECK(pad_zero);
      CHECK(block == 1 || mid.nbytes == (size_t)(shapes[si][0] * stored *
                                                 shapes[si][2] *
                                                 shapes[si][3] * 4));
      free(mid.data), free(outbuf), free(t.data);
    }
  /* A destination too small for its strides is refused. */
  int64_t d[4] = {1, 3, 2, 2};
  lk_view_t src, dst;
  float buf[12] = {0}, small[31];
  lk_view_dense(&src, LK_F32, 4, d, LK_LAYOUT_NCHW, buf);
  lk_view_dense(&dst, LK_F32, 4, d, LK_LAYOUT_NCHW8C, small);
  dst.nbytes = sizeof small;
  lk_call_t c = {.inputs = &src, .num_inputs = 1, .outputs = &dst,
                 .num_outputs = 1};
  lt_status_t st = lk_kernel_call(k, &c);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  lt_status_free(st);
  /* The f32 row refuses other dtypes. */
  lk_view_dense(&src, LK_I32, 4, d, LK_LAYOUT_NCHW, buf);
  lk_view_dense(&dst, LK_I32, 4, d, LK_LAYOUT_NHWC, small);
  st = lk_ref_layout__f32_nchw(&c);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  lt_status_free(st);
}

/* A kernel that fills its workspace: called with less than it asks for,
 * it is never entered. */
static size_t ws_need(const lk_call_t *c) { (void)c; return 64; }
static lt_status_t ws_fill(const lk_call_t *c) {
  memset(c->workspace, 0xab, ws_need(c));
  return LT_OK;
}

static void test_workspace(void) {
  lk_kernel_t k = {.name = "test_ws", .op = "relu",
                   .place = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32,
                                     LK_LAYOUT_NCHW),
                   .run = ws_fill, .workspace = ws_need};
  lk_registry_t *r = lk_registry_create_empty();
  CHECK(lk_registry_add(r, &k) == LK_REG_OK);
  const lk_kernel_t *row = lk_registry_find(r, "test_ws");
  CHECK(row && row->run == ws_fill && row->workspace == ws_need);
  unsigned char ws[80];
  memset(ws, 0, sizeof ws);
  lk_call_t c = {.workspace = ws, .workspace_size = 63};
  lt_status_t st = lk_kernel_call(row, &c);
  CHECK(lt_status_code(st) == LT_STATUS_INVALID_ARGUMENT);
  CHECK(strstr(lt_status_message(st), "64") != NULL);
  lt_status_free(st);
  for (size_t i = 0; i < sizeof ws; i++) CHECK(ws[i] == 0);
  c.workspace_size = 64;
  CHECK(lk_kernel_call(row, &c) == LT_OK);
  CHECK(ws[63] == 0xab && ws[64] == 0);
  lk_registry_destroy(r);
}

/* A fake parallel-for that splits into uneven ranges in reverse order. */
static void fake_for(void *self, size_t n, size_t grain, lk_task_fn task,
                     void *ctx) {
  size_t step = grain + 3;
  uint32_t w = 0;
  for (size_t end = n; end > 0;) {
    size_t begin = end > step ? end - step : 0;
    task(ctx, begin, end, w++ % 4);
    end = begin;
  }
  (void)self;
}
static void count_items(void *ctx, size_t begin, size_t end, uint32_t w) {
  (void)w;
  for (size_t i = begin; i < end; i++) ((int *)ctx)[i]++;
}

static void test_parallel(void) {
  lk_parallel_t par = {.num_workers = 4, .parallel_for = fake_for};
  for (size_t n = 0; n < 50; n += 7) {
    int hits[64] = {0};
    lk_parallel_for(&par, n, 2, count_items, hits);
    bool once = true;
    for (size_t i = 0; i < 64; i++) once &= hits[i] == (i < n ? 1 : 0);
    CHECK(once);
  }
  int hits[10] = {0};
  lk_parallel_for(NULL, 10, 1, count_items, hits);
  for (int i = 0; i < 10; i++) CHECK(hits[i] == 1);
  CHECK(lk_parallel_workers(&par) == 4 && lk_parallel_workers(NULL) == 1);
}

/* The layout kernel under the fake parallel-for: same bytes as inline. */
static void test_layout_parallel(lk_registry_t *r) {
  lk_parallel_t par = {.num_workers = 4, .parallel_for = fake_for};
  lk_target_ctx_t tgt = {.parallel = &par};
  int64_t d[4] = {3, 13, 4, 3};
  lk_tensor_t t = make(4, d);
  lk_view_t src, a, b;
  lk_view_dense(&src, LK_F32, 4, d, LK_LAYOUT_NCHW, t.data);
  lk_view_dense(&a, LK_F32, 4, d, LK_LAYOUT_NCHW8C, NULL);
  lk_view_dense(&b, LK_F32, 4, d, LK_LAYOUT_NCHW8C, NULL);
  a.data = malloc(a.nbytes), b.data = malloc(b.nbytes);
  lk_call_t c = {.inputs = &src, .num_inputs = 1, .outputs = &a,
                 .num_outputs = 1};
  const lk_kernel_t *k = lk_registry_find(r, "ref_layout__f32_nchw");
  CHECK(lk_kernel_call(k, &c) == LT_OK);
  c.outputs = &b;
  c.target = &tgt;
  CHECK(lk_kernel_call(k, &c) == LT_OK);
  CHECK(memcmp(a.data, b.data, a.nbytes) == 0);
  free(a.data), free(b.data), free(t.data);
}

/* Shapes past LK_DATA_MAX_ELEMENTS get no shape-only tensors, so no size
 * function multiplies their dims (runtime_fuzz: an overflow in conv's). */
static void test_shape_tensors(void) {
  lk_shape_t s[2] = {{.dtype = LK_F32, .rank = 2, .dims = {1 << 20, 1 << 20}},
                     {.dtype = LK_F32, .rank = 2, .dims = {1 << 30, 1 << 30}}};
  lk_tensor_t t[2];
  CHECK(lk_plan_shape_tensors(s, 1, 1, t) && t[0].dims[1] == 1 << 20);
  CHECK(!lk_plan_shape_tensors(s, 2, 2, t));
  s[1].dims[0] = -1;
  CHECK(!lk_plan_shape_tensors(s, 2, 2, t));
}

static void test_plan_steps(void) {
  size_t n;
  const lk_plan_step_t *steps = lk_plan_steps(&n);
  CHECK(n >= 3);
  CHECK(lk_plan_step_find("conv2d") &&
        lk_plan_step_find("conv2d")->params_size == sizeof(lk_conv_params_t));
  CHECK(lk_plan_step_find("pool2d") == &steps[2]);
  CHECK(lk_plan_step_find("constant") == NULL);
  /* Too few results fail before the step runs, naming the count. */
  lk_plan_t p;
  lk_attrs_t none = {0};
  lk_plan_init(&p, none, lt_allocator_system());
  lk_shape_t in = {.dtype = LK_F32, .rank = 4, .dims = {1, 1, 2, 2}};
  lk_conv_params_t cp;
  CHECK(LT_FAILED(lk_plan_step_run(lk_plan_step_find("pool2d"), &p, &in, 1,
                                   NULL, 0, &cp)) &&
        strstr(p.error, "expected 1 result(s), got 0"));
}

int main(void) {
  lk_registry_t *r = lk_registry_create();
  test_views();
  test_cpu();
  test_conv_pool(r);
  test_layout(r);
  test_workspace();
  test_parallel();
  test_layout_parallel(r);
  test_plan_steps();
  test_shape_tensors();
  lk_registry_destroy(r);
  if (g_failures) {
    fprintf(stderr, "kernel_abi_test: %d failure(s)\n", g_failures);
    return 1;
  }
  printf("kernel_abi_test: ok\n");
  return 0;
}

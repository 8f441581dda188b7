/* codegen_llvm_test.c - loop-level kernels JIT-compiled by codegen/llvm and
 * called through the kernel ABI on views of sizes 0, 1, 7, 1000 and random
 * ones, against C reference loops: elementwise add+relu (vector.load/fma,
 * scalar tail), a reduction (scf.for iter_args, vector.reduction), masked
 * transfers, a 2-D strided kernel through a subview, scf.parallel split
 * over a real 4-worker lk_parallel_t, scf.parallel + scf.reduce, scalar
 * functions (scf.if, casts, cmpi), errors that name the op, and the
 * vector width the lowering takes for a target. */
#include <math.h>

#include "codegen/llvm/target.h"
#include "codegen_test_util.h"
#include "ir/diagnostics.h"
#include "kernels/cpu.h"

static const int64_t k_sizes[] = {0, 1, 7, 8, 9, 1000, 37, 513};

static const char *k_add_relu =
    "func.func @add_relu(%a: memref<?xf32>, %b: memref<?xf32>, %o: memref<?xf32>) attributes "
    "{lite.kernel = {num_inputs = 2 : i64}} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c8 = arith.constant 8 : index\n"
    "  %n = \"memref.dim\"(%a, %c0) : (memref<?xf32>, index) -> index\n"
    "  %zv = arith.constant dense<0.0> : vector<8xf32>\n"
    "  %ones = arith.constant dense<1.0> : vector<8xf32>\n"
    "  %zs = arith.constant 0.0 : f32\n"
    "  %rem = arith.remsi %n, %c8 : index\n"
    "  %nv = arith.subi %n, %rem : index\n"
    "  \"scf.for\"(%c0, %nv, %c8) ({\n"
    "  ^bb0(%i: index):\n"
    "    %x = \"vector.load\"(%a, %i) : (memref<?xf32>, index) -> vector<8xf32>\n"
    "    %y = \"vector.load\"(%b, %i) : (memref<?xf32>, index) -> vector<8xf32>\n"
    "    %s = \"vector.fma\"(%x, %ones, %y) : (vector<8xf32>, vector<8xf32>, "
    "vector<8xf32>) -> vector<8xf32>\n"
    "    %r = \"arith.maxf\"(%s, %zv) : (vector<8xf32>, vector<8xf32>) -> "
    "vector<8xf32>\n"
    "    \"vector.store\"(%r, %o, %i) : (vector<8xf32>, memref<?xf32>, index) -> ()\n"
    "    \"scf.yield\"() : () -> ()\n"
    "  }) : (index, index, index) -> ()\n"
    "  \"scf.for\"(%nv, %n, %c1) ({\n"
    "  ^bb0(%i: index):\n"
    "    %x = \"memref.load\"(%a, %i) : (memref<?xf32>, index) -> f32\n"
    "    %y = \"memref.load\"(%b, %i) : (memref<?xf32>, index) -> f32\n"
    "    %s = arith.addf %x, %y : f32\n"
    "    %r = \"arith.maxf\"(%s, %zs) : (f32, f32) -> f32\n"
    "    \"memref.store\"(%r, %o, %i) : (f32, memref<?xf32>, index) -> ()\n"
    "    \"scf.yield\"() : () -> ()\n"
    "  }) : (index, index, index) -> ()\n"
    "  return\n"
    "}\n";

static void test_add_relu(ct_t *t) {
  lt_op_t *m;
  const lk_kernel_table_t *table = ct_jit(t, k_add_relu, &m);
  CHECK(table && table->version == LK_KERNEL_TABLE_VERSION &&
        table->count == 1);
  lk_kernel_fn run = ct_kernel(table, "add_relu");
  uint32_t seed = 1;
  for (size_t k = 0; run && k < LT_ARRAY_SIZE(k_sizes); k++) {
    int64_t n = k_sizes[k];
    float *a = malloc((size_t)(n + 1) * 4), *b = malloc((size_t)(n + 1) * 4);
    float *o = malloc((size_t)(n + 2) * 4);
    for (int64_t i = 0; i < n; i++) {
      a[i] = ct_rand(&seed, -2, 2);
      b[i] = ct_rand(&seed, -2, 2);
    }
    if (n > 3) a[3] = NAN; /* maxf propagates NaN */
    o[n] = 42.0f;          /* the sentinel past the end stays */
    lk_view_t in[2] = {ct_vec_f32(a, n), ct_vec_f32(b, n)};
    lk_view_t out = ct_vec_f32(o, n);
    lk_call_t call = {.inputs = in, .num_inputs = 2, .outputs = &out,
                      .num_outputs = 1};
    CHECK(run(&call) == LT_OK);
    int bad = 0;
    for (int64_t i = 0; i < n; i++) {
      float s = a[i] + b[i];
      float want = isnan(s) ? s : (s > 0 ? s : 0);
      if (!(o[i] == want || (isnan(want) && isnan(o[i])))) bad++;
    }
    CHECK(bad == 0);
    CHECK(o[n] == 42.0f);
    free(a);
    free(b);
    free(o);
  }
  lt_op_destroy(m);
}

/* sum of a: a vector<8xf32> accumulator over iter_args, vector.reduction,
 * then a scalar tail. */
static const char *k_sum =
    "func.func @sum(%a: memref<?xf32>, %o: memref<1xf32>) attributes "
    "{lite.kernel = {num_inputs = 1 : i64}} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c8 = arith.constant 8 : index\n"
    "  %n = \"memref.dim\"(%a, %c0) : (memref<?xf32>, index) -> index\n"
    "  %zv = arith.constant dense<0.0> : vector<8xf32>\n"
    "  %rem = arith.remsi %n, %c8 : index\n"
    "  %nv = arith.subi %n, %rem : index\n"
    "  %acc = \"scf.for\"(%c0, %nv, %c8, %zv) ({\n"
    "  ^bb0(%i: index, %v: vector<8xf32>):\n"
    "    %x = \"vector.load\"(%a, %i) : (memref<?xf32>, index) -> vector<8xf32>\n"
    "    %s = arith.addf %v, %x : vector<8xf32>\n"
    "    \"scf.yield\"(%s) : (vector<8xf32>) -> ()\n"
    "  }) : (index, index, index, vector<8xf32>) -> vector<8xf32>\n"
    "  %r0 = \"vector.reduction\"(%acc) {kind = #vector.kind<add>} : "
    "(vector<8xf32>) -> f32\n"
    "  %r = \"scf.for\"(%nv, %n, %c1, %r0) ({\n"
    "  ^bb0(%i: index, %s: f32):\n"
    "    %x = \"memref.load\"(%a, %i) : (memref<?xf32>, index) -> f32\n"
    "    %s2 = arith.addf %s, %x : f32\n"
    "    \"scf.yield\"(%s2) : (f32) -> ()\n"
    "  }) : (index, index, index, f32) -> f32\n"
    "  \"memref.store\"(%r, %o, %c0) : (f32, memref<1xf32>, index) -> ()\n"
    "  return\n"
    "}\n";

static void test_sum(ct_t *t) {
  lt_op_t *m;
  lk_kernel_fn run = ct_kernel(ct_jit(t, k_sum, &m), "sum");
  uint32_t seed = 7;
  for (size_t k = 0; run && k < LT_ARRAY_SIZE(k_sizes); k++) {
    int64_t n = k_sizes[k];
    float *a = malloc((size_t)(n + 1) * 4), o = -1;
    double want = 0;
    for (int64_t i = 0; i < n; i++)
      want += a[i] = ct_rand(&seed, 0, 1);
    lk_view_t in = ct_vec_f32(a, n), out = ct_vec_f32(&o, 1);
    lk_call_t call = {.inputs = &in, .num_inputs = 1, .outputs = &out,
                      .num_outputs = 1};
    CHECK(run(&call) == LT_OK);
    CHECK(fabs(o - want) <= 1e-5 * (double)(n + 1));
    free(a);
  }
  lt_op_destroy(m);
}

/* out = 2 * a[1:, 2::2] read through a subview of a strided view (rows
 * padded), written through a transfer_write that masks the row's tail. */
static const char *k_subview =
    "func.func @scale_sub(%a: memref<?x?xf32, strided<[?, ?], offset: ?>>, %o: memref<?x?xf32>) attributes "
    "{lite.kernel = {num_inputs = 1 : i64}} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c4 = arith.constant 4 : index\n"
    "  %rows = \"memref.dim\"(%o, %c0) : (memref<?x?xf32>, index) -> index\n"
    "  %cols = \"memref.dim\"(%o, %c1) : (memref<?x?xf32>, index) -> index\n"
    "  %two = arith.constant dense<2.0> : vector<4xf32>\n"
    "  %pad = arith.constant 0.0 : f32\n"
    "  %sub = \"memref.subview\"(%a, %rows, %cols) {operand_segment_sizes = "
    "array<i32: 1, 0, 2, 0>, static_offsets = array<i64: 1, 2>, "
    "static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, "
    "static_strides = array<i64: 1, 2>} : (memref<?x?xf32, strided<[?, ?], offset: ?>>, index, index) -> memref<?x?xf32, strided<[?, ?], offset: ?>>\n"
    "  \"scf.for\"(%c0, %rows, %c1) ({\n"
    "  ^bb0(%i: index):\n"
    "    \"scf.for\"(%c0, %cols, %c4) ({\n"
    "    ^bb0(%j: index):\n"
    "      %x = \"vector.transfer_read\"(%sub, %i, %j, %pad) {in_bounds = "
    "[false], operand_segment_sizes = array<i32: 1, 2, 1, 0>, permutation_map = "
    "affine_map<(d0, d1) -> (d1)>} : (memref<?x?xf32, strided<[?, ?], offset: ?>>, "
    "index, index, f32) -> vector<4xf32>\n"
    "      %y = arith.mulf %x, %two : vector<4xf32>\n"
    "      \"vector.transfer_write\"(%y, %o, %i, %j) {in_bounds = [false], "
    "operand_segment_sizes = array<i32: 1, 1, 2, 0>, permutation_map = "
    "affine_map<(d0, d1) -> (d1)>} : (vector<4xf32>, "
    "memref<?x?xf32>, index, index) -> ()\n"
    "      \"scf.yield\"() : () -> ()\n"
    "    }) : (index, index, index) -> ()\n"
    "    \"scf.yield\"() : () -> ()\n"
    "  }) : (index, index, index) -> ()\n"
    "  return\n"
    "}\n";

static void test_subview(ct_t *t) {
  lt_op_t *m;
  lk_kernel_fn run = ct_kernel(ct_jit(t, k_subview, &m), "scale_sub");
  static const int64_t shapes[][2] = {{0, 0}, {1, 1}, {3, 7}, {5, 9}, {2, 1}};
  uint32_t seed = 3;
  for (size_t k = 0; run && k < LT_ARRAY_SIZE(shapes); k++) {
    int64_t r = shapes[k][0], c = shapes[k][1];
    /* a: (r + 1) x (2 c + 2), rows padded to 2 c + 5 */
    int64_t ar = r + 1, ac = 2 * c + 2, ld = 2 * c + 5;
    float *a = calloc((size_t)(ar * ld + 1), 4);
    float *o = calloc((size_t)(r * c + 1), 4);
    for (int64_t i = 0; i < ar * ld; i++)
      a[i] = ct_rand(&seed, -1, 1);
    o[r * c] = 42.0f;
    int64_t adims[2] = {ar, ac}, astr[2] = {ld, 1};
    int64_t odims[2] = {r, c}, ostr[2] = {c, 1};
    lk_view_t in = ct_view(a, LK_F32, 4, 2, adims, astr);
    lk_view_t out = ct_view(o, LK_F32, 4, 2, odims, ostr);
    lk_call_t call = {.inputs = &in, .num_inputs = 1, .outputs = &out,
                      .num_outputs = 1};
    CHECK(run(&call) == LT_OK);
    int bad = 0;
    for (int64_t i = 0; i < r; i++)
      for (int64_t j = 0; j < c; j++)
        if (o[i * c + j] != 2 * a[(i + 1) * ld + 2 + 2 * j]) bad++;
    CHECK(bad == 0);
    CHECK(o[r * c] == 42.0f);
    free(a);
    free(o);
  }
  lt_op_destroy(m);
}

/* o[i, j] = a[i, j] + 1 over a 2-D scf.parallel, split over the pool. */
static const char *k_parallel =
    "func.func @inc2d(%a: memref<?x?xf32>, %o: memref<?x?xf32>) attributes "
    "{lite.kernel = {num_inputs = 1 : i64}} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %one = arith.constant 1.0 : f32\n"
    "  %r = \"memref.dim\"(%a, %c0) : (memref<?x?xf32>, index) -> index\n"
    "  %c = \"memref.dim\"(%a, %c1) : (memref<?x?xf32>, index) -> index\n"
    "  \"scf.parallel\"(%c0, %c0, %r, %c, %c1, %c1) ({\n"
    "  ^bb0(%i: index, %j: index):\n"
    "    %x = \"memref.load\"(%a, %i, %j) : (memref<?x?xf32>, index, index) -> f32\n"
    "    %y = arith.addf %x, %one : f32\n"
    "    \"memref.store\"(%y, %o, %i, %j) : (f32, memref<?x?xf32>, index, index) -> ()\n"
    "    \"scf.yield\"() : () -> ()\n"
    "  }) {operand_segment_sizes = array<i32: 2, 2, 2, 0>} : (index, index, "
    "index, index, index, index) -> ()\n"
    "  return\n"
    "}\n"
    /* the sum of a vector through scf.parallel + scf.reduce (serial) */
    "func.func @psum(%a: memref<?xf32>, %o: memref<1xf32>) attributes "
    "{lite.kernel = {num_inputs = 1 : i64}} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %z = arith.constant 0.0 : f32\n"
    "  %n = \"memref.dim\"(%a, %c0) : (memref<?xf32>, index) -> index\n"
    "  %s = \"scf.parallel\"(%c0, %n, %c1, %z) ({\n"
    "  ^bb0(%i: index):\n"
    "    %x = \"memref.load\"(%a, %i) : (memref<?xf32>, index) -> f32\n"
    "    \"scf.reduce\"(%x) ({\n"
    "    ^bb0(%l: f32, %rr: f32):\n"
    "      %t = arith.addf %l, %rr : f32\n"
    "      \"scf.reduce.return\"(%t) : (f32) -> ()\n"
    "    }) : (f32) -> ()\n"
    "    \"scf.yield\"() : () -> ()\n"
    "  }) {operand_segment_sizes = array<i32: 1, 1, 1, 1>} : (index, index, "
    "index, f32) -> f32\n"
    "  \"memref.store\"(%s, %o, %c0) : (f32, memref<1xf32>, index) -> ()\n"
    "  return\n"
    "}\n";

static void test_parallel(ct_t *t) {
  lt_op_t *m;
  const lk_kernel_table_t *table = ct_jit(t, k_parallel, &m);
  lk_kernel_fn run = ct_kernel(table, "inc2d");
  lk_kernel_fn psum = ct_kernel(table, "psum");
  ct_pool_t pool;
  ct_pool_init(&pool, 4);
  lk_target_ctx_t target = {.parallel = &pool.par};
  static const int64_t shapes[][2] = {{0, 5}, {1, 1}, {7, 3}, {1000, 13}};
  uint32_t seed = 5;
  for (size_t k = 0; run && k < LT_ARRAY_SIZE(shapes); k++) {
    int64_t r = shapes[k][0], c = shapes[k][1];
    float *a = malloc((size_t)(r * c + 1) * 4), *o = malloc((size_t)(r * c + 1) * 4);
    for (int64_t i = 0; i < r * c; i++)
      a[i] = ct_rand(&seed, -1, 1);
    int64_t dims[2] = {r, c}, str[2] = {c, 1};
    lk_view_t in = ct_view(a, LK_F32, 4, 2, dims, str);
    lk_view_t out = ct_view(o, LK_F32, 4, 2, dims, str);
    for (int with_pool = 0; with_pool < 2; with_pool++) {
      memset(o, 0, (size_t)(r * c) * 4);
      lk_call_t call = {.inputs = &in, .num_inputs = 1, .outputs = &out,
                        .num_outputs = 1,
                        .target = with_pool ? &target : NULL};
      CHECK(run(&call) == LT_OK);
      int bad = 0;
      for (int64_t i = 0; i < r * c; i++)
        if (o[i] != a[i] + 1.0f) bad++;
      CHECK(bad == 0);
    }
    free(a);
    free(o);
  }
  /* the 1000-row run went through the pool, on more than one worker */
  CHECK(atomic_load(&pool.calls) >= 2);
  CHECK((atomic_load(&pool.worker_mask) & ~1u) != 0);
  for (size_t k = 0; psum && k < LT_ARRAY_SIZE(k_sizes); k++) {
    int64_t n = k_sizes[k];
    float *a = malloc((size_t)(n + 1) * 4), o = -1;
    double want = 0;
    for (int64_t i = 0; i < n; i++)
      want += a[i] = ct_rand(&seed, 0, 1);
    lk_view_t in = ct_vec_f32(a, n), out = ct_vec_f32(&o, 1);
    lk_call_t call = {.inputs = &in, .num_inputs = 1, .outputs = &out,
                      .num_outputs = 1, .target = &target};
    CHECK(psum(&call) == LT_OK);
    CHECK(fabs(o - want) <= 1e-5 * (double)(n + 1));
    free(a);
  }
  lt_op_destroy(m);
}

/* Scalar functions with their expanded signatures: scf.if with results,
 * cmpi, casts, floordivsi, select. */
static const char *k_scalar =
    "func.func @clampdiv(%a: i32, %b: i32) -> i64 {\n"
    "  %z = arith.constant 0 : i32\n"
    "  %neg = arith.cmpi slt, %a, %z : i32\n"
    "  %r = \"scf.if\"(%neg) ({\n"
    "    %q = \"arith.floordivsi\"(%a, %b) : (i32, i32) -> i32\n"
    "    \"scf.yield\"(%q) : (i32) -> ()\n"
    "  }, {\n"
    "    %q = \"arith.ceildivsi\"(%a, %b) : (i32, i32) -> i32\n"
    "    \"scf.yield\"(%q) : (i32) -> ()\n"
    "  }) : (i1) -> i32\n"
    "  %w = arith.extsi %r : i32 to i64\n"
    "  return %w : i64\n"
    "}\n"
    "func.func @fcast(%x: f64) -> f32 {\n"
    "  %t = arith.truncf %x : f64 to f32\n"
    "  %n = \"arith.negf\"(%t) : (f32) -> f32\n"
    "  %c = arith.cmpf olt, %t, %n : f32\n"
    "  %s = arith.select %c, %t, %n : f32\n"
    "  return %s : f32\n"
    "}\n";

static void test_scalar(ct_t *t) {
  lt_op_t *m;
  const lk_kernel_table_t *table = ct_jit(t, k_scalar, &m);
  CHECK(table && table->count == 0);
  void *f = NULL, *g = NULL;
  CHECK(lt_llvm_jit_lookup(t->jit, table, "clampdiv", &f) == LT_OK);
  CHECK(lt_llvm_jit_lookup(t->jit, table, "fcast", &g) == LT_OK);
  if (f && g) {
    int64_t (*cd)(int32_t, int32_t) = (int64_t (*)(int32_t, int32_t))f;
    float (*fc)(double) = (float (*)(double))g;
    CHECK(cd(-7, 2) == -4); /* floor(-3.5) */
    CHECK(cd(7, 2) == 4);   /* ceil(3.5) */
    CHECK(cd(-6, 3) == -2 && cd(6, 3) == 2 && cd(7, -2) == -3);
    CHECK(fc(2.5) == -2.5f && fc(-1.25) == -1.25f);
  }
  lt_op_destroy(m);
}

/* Errors name the op and its location, and nothing is compiled. */
static bool count_error(void *user, const lt_diag_t *d) {
  if (d->severity == LT_SEV_ERROR) (*(int *)user)++;
  return true;
}

static void test_errors(ct_t *t) {
  static const char *bad[] = {
      "func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) {\n"
      "  memref.copy %a, %b : memref<4xf32> to memref<4xf32>\n"
      "  return\n"
      "}\n",
      "func.func @g(%a: vector<2x4xf32>) -> vector<2x4xf32> {\n"
      "  return %a : vector<2x4xf32>\n"
      "}\n",
      "func.func @h(%a: bf16) -> bf16 {\n"
      "  %r = arith.addf %a, %a : bf16\n"
      "  return %r : bf16\n"
      "}\n",
      "func.func @k(%a: i32) attributes {lite.kernel = {num_inputs = 1 : i64}} {\n"
      "  return\n"
      "}\n",
  };
  static const char *want[] = {"'memref.copy' op is not supported",
                               "only 1-D vectors",
                               "bf16 arithmetic is not supported",
                               "must be a memref"};
  for (size_t i = 0; i < LT_ARRAY_SIZE(bad); i++) {
    int errors = 0;
    lt_diag_handler_id_t h = lt_diag_push_handler(t->ctx, count_error, &errors);
    lt_op_t *m = ct_parse(t, bad[i]);
    const lk_kernel_table_t *table = NULL;
    lt_status_t st = m ? lt_llvm_jit_add_module(t->jit, m, &table) : NULL;
    lt_diag_pop_handler(t->ctx, h);
    CHECK(st != LT_OK && table == NULL && errors >= 1);
    if (st && !strstr(lt_status_message(st), want[i])) {
      fprintf(stderr, "message: %s\n", lt_status_message(st));
      CHECK(!"the error does not say what is wrong");
    }
    if (st) CHECK(strstr(lt_status_message(st), "kernel.mlir:") != NULL);
    lt_status_free(st);
    if (m) lt_op_destroy(m);
  }
}

/* The lowering's width for a target: 16 only where AVX-512F is enabled,
 * and for the host exactly when cpuid (kernels/cpu.h) says it is usable. */
static lt_llvm_target_t *target(const char *triple, const char *features) {
  lt_llvm_target_t *t = NULL;
  lt_status_t st = lt_llvm_target_create(triple, triple ? "generic" : NULL,
                                         features, &t);
  CHECK(st == LT_OK);
  lt_status_free(st);
  return t;
}

static void test_vector_width(void) {
  static const struct {
    const char *triple, *features;
    int width;
  } cases[] = {
      {"x86_64-linux-gnu", "+avx2,+fma", 8},
      {"x86_64-linux-gnu", "+avx2,+avx512f,+fma", 16},
      {"x86_64-linux-gnu", "+avx512f", 16},
      {"x86_64-linux-gnu", "+avx2,+avx512fp16", 8}, /* not a prefix match */
      {"x86_64-linux-gnu", "+avx2,-avx512f", 8},
      {"x86_64-linux-gnu", "", 8},
      {"aarch64-linux-gnu", "+neon", 8},
  };
  for (size_t i = 0; i < LT_ARRAY_SIZE(cases); i++) {
    lt_llvm_target_t *t = target(cases[i].triple, cases[i].features);
    if (t) CHECK(lt_llvm_target_vector_width(t) == cases[i].width);
    lt_llvm_target_destroy(t);
  }
  lk_cpu_info_t cpu;
  lk_cpu_detect(&cpu);
  lt_llvm_target_t *host = target(NULL, NULL);
  if (host)
    CHECK(lt_llvm_target_vector_width(host) ==
          (lk_cpu_has(&cpu, LK_CPU_AVX512F) ? 16 : 8));
  lt_llvm_target_destroy(host);
}

int main(void) {
  test_vector_width();
  ct_t t;
  ct_init(&t, false, NULL);
  test_add_relu(&t);
  test_sum(&t);
  test_subview(&t);
  test_parallel(&t);
  test_scalar(&t);
  test_errors(&t);
  ct_fini(&t);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

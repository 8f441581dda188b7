/* lite_interp_test.c - the reference interpreter: results and their names,
 * binding by name and by position, input checks, failing ops, and memory:
 * intermediates are freed after their last use (the peak of a long chain
 * stays at a few tensors) and nothing is left allocated afterwards. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/lite/interp.h"

#include "test/unit/lite_test_util.h"

/* ---- a counting allocator ------------------------------------------------ */

typedef struct counter {
  size_t live, peak;
  size_t allocs, frees;
} counter_t;

static void *counting_fn(void *self, void *ptr, size_t old_size,
                         size_t new_size) {
  counter_t *c = self;
  if (ptr) {
    c->live -= old_size;
    c->frees++;
  }
  if (new_size == 0) {
    free(ptr);
    return NULL;
  }
  void *p = realloc(ptr, new_size);
  if (p) {
    c->live += new_size;
    c->allocs++;
    if (c->live > c->peak) c->peak = c->live;
  }
  return p;
}

/* ---- fixtures ------------------------------------------------------------ */

typedef struct fixture {
  lt_context_t *ctx;
  lt_op_t *module;
  lite_log_t log;
} fixture_t;

static void teardown(fixture_t *f) {
  if (f->module) lt_op_destroy(f->module);
  lt_context_destroy(f->ctx);
  lite_log_free(&f->log);
}

/* Parses and verifies src into f. Failing is a failed check, after which f
 * is torn down and there is nothing to run. */
static bool setup(fixture_t *f, const char *src) {
  f->ctx = lite_context(&f->log);
  f->module = lite_parse(f->ctx, src);
  bool ok = f->module && LT_SUCCEEDED(lt_op_verify(f->module));
  CHECK(ok);
  if (!ok) {
    fprintf(stderr, "setup failed:\n%s",
            f->log.all.text.data ? f->log.all.text.data : "");
    teardown(f);
  }
  return ok;
}

/* ---- tests --------------------------------------------------------------- */

static const char *k_named =
    "func.func @main(%x: tensor<2x2xf32> {lite.name = \"x\"},\n"
    "                %y: tensor<2x2xf32> {lite.name = \"y\"})\n"
    "    -> (tensor<2x2xf32> {lite.name = \"sum\"}, tensor<2x2xf32>,\n"
    "        tensor<2x2xf32>) {\n"
    "  %0 = \"lite.add\"(%x, %y) : (tensor<2x2xf32>, tensor<2x2xf32>) -> "
    "tensor<2x2xf32>\n"
    "  %c = \"lite.constant\"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : "
    "tensor<2x2xf32>} : () -> tensor<2x2xf32>\n"
    "  %1 = \"lite.mul\"(%0, %c) : (tensor<2x2xf32>, tensor<2x2xf32>) -> "
    "tensor<2x2xf32>\n"
    "  return %0, %1, %c : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>\n"
    "}\n";

static void test_named_inputs_and_outputs(void) {
  fixture_t f;
  if (!setup(&f, k_named)) return;
  counter_t count = {0};
  lt_allocator_t al = {&count, counting_fn};
  float x[4] = {1, 2, 3, 4}, y[4] = {10, 20, 30, 40};
  int64_t dims[2] = {2, 2};
  /* Given in the other order: names decide. */
  lt_lite_named_tensor_t in[2] = {{"y", tensor(LK_F32, y, 2, dims)},
                                  {"x", tensor(LK_F32, x, 2, dims)}};
  lt_lite_outputs_t out;
  /* The module itself runs its @main. */
  CHECK(lt_lite_interpret(f.module, al, 2, in, &out) == LT_SUCCESS);
  CHECK(out.count == 3);
  if (out.count == 3) {
    CHECK(strcmp(out.items[0].name, "sum") == 0);
    CHECK(strcmp(out.items[1].name, "output_1") == 0);
    CHECK(strcmp(out.items[2].name, "output_2") == 0);
    const float *s = out.items[0].tensor.data, *p = out.items[1].tensor.data;
    const float *c = out.items[2].tensor.data;
    CHECK(s[0] == 11 && s[3] == 44);
    CHECK(p[0] == 11 && p[1] == 44 && p[3] == 176);
    /* A returned constant is a copy the caller owns. */
    CHECK(c[2] == 3);
    CHECK(out.items[0].tensor.rank == 2 && out.items[0].tensor.dims[1] == 2);
    /* Inputs are only read. */
    CHECK(x[0] == 1 && y[3] == 40);
  }
  lt_lite_outputs_free(&out);
  CHECK(count.live == 0);
  CHECK(count.allocs == count.frees);
  teardown(&f);
}

static void test_positional_and_errors(void) {
  fixture_t f;
  if (!setup(&f, k_named)) return;
  lt_op_t *fn = lt_lite_interp_entry(f.module, "main");
  CHECK(fn != NULL);
  CHECK(lt_lite_interp_entry(f.module, "other") == NULL);
  CHECK(lt_lite_func_num_inputs(fn) == 2 && lt_lite_func_num_outputs(fn) == 3);
  CHECK(strcmp(lt_lite_func_input_name(fn, 1), "y") == 0);
  CHECK(lt_lite_func_output_name(fn, 1) == NULL);
  CHECK(lt_lite_func_find_input(fn, "y") == 1);
  CHECK(lt_lite_func_find_input(fn, "arg1") == -1); /* y has a name */
  lt_allocator_t al = lt_allocator_system();
  float x[4] = {1, 2, 3, 4}, y[4] = {0};
  double d[4] = {0};
  int64_t dims[2] = {2, 2}, wrong[2] = {4, 1};
  lt_lite_outputs_t out;

  lt_lite_named_tensor_t pos[2] = {{NULL, tensor(LK_F32, x, 2, dims)},
                                   {NULL, tensor(LK_F32, y, 2, dims)}};
  CHECK(lt_lite_interpret(fn, al, 2, pos, &out) == LT_SUCCESS);
  CHECK(out.count == 3 && ((float *)out.items[0].tensor.data)[2] == 3);
  lt_lite_outputs_free(&out);

  lt_lite_named_tensor_t missing[1] = {{"x", tensor(LK_F32, x, 2, dims)}};
  CHECK(lt_lite_interpret(fn, al, 1, missing, &out) == LT_FAILURE);
  CHECK(out.count == 0 && out.items == NULL);
  CHECK(
      lite_log_has(&f.log, "missing input 'y' (argument #1, tensor<2x2xf32>)"));

  lt_lite_named_tensor_t unknown[2] = {{"x", tensor(LK_F32, x, 2, dims)},
                                       {"z", tensor(LK_F32, y, 2, dims)}};
  CHECK(lt_lite_interpret(fn, al, 2, unknown, &out) == LT_FAILURE);
  CHECK(lite_log_has(&f.log,
                     "unknown input 'z' (the function's inputs are 'x', 'y')"));

  lt_lite_named_tensor_t twice[2] = {{"x", tensor(LK_F32, x, 2, dims)},
                                     {"x", tensor(LK_F32, y, 2, dims)}};
  CHECK(lt_lite_interpret(fn, al, 2, twice, &out) == LT_FAILURE);
  CHECK(lite_log_has(&f.log, "input 'x' is given twice"));

  lt_lite_named_tensor_t shape[2] = {{"x", tensor(LK_F32, x, 2, wrong)},
                                     {"y", tensor(LK_F32, y, 2, dims)}};
  CHECK(lt_lite_interpret(fn, al, 2, shape, &out) == LT_FAILURE);
  CHECK(lite_log_has(&f.log,
                     "input 'x': expected tensor<2x2xf32>, got f32 tensor "
                     "of shape 4x1"));

  lt_lite_named_tensor_t dtype[2] = {{"x", tensor(LK_F32, x, 2, dims)},
                                     {"y", tensor(LK_F32, y, 2, dims)}};
  dtype[1].tensor.dtype = LK_F64;
  dtype[1].tensor.data = d;
  CHECK(lt_lite_interpret(fn, al, 2, dtype, &out) == LT_FAILURE);
  CHECK(lite_log_has(&f.log,
                     "input 'y': expected tensor<2x2xf32>, got f64 tensor "
                     "of shape 2x2"));
  teardown(&f);
}

/* A run-time failure names the op and its location; nothing leaks. */
static void test_failing_op(void) {
  fixture_t f;
  if (!setup(&f,
             "func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> "
             "tensor<?xf32> {\n"
             "  %0 = \"lite.relu\"(%a) : (tensor<?xf32>) -> tensor<?xf32>\n"
             "  %1 = \"lite.add\"(%0, %b) : (tensor<?xf32>, tensor<?xf32>) -> "
             "tensor<?xf32> loc(\"node_7\")\n"
             "  return %1 : tensor<?xf32>\n"
             "}\n"))
    return;
  counter_t count = {0};
  lt_allocator_t al = {&count, counting_fn};
  float a[3] = {1, -2, 3}, b[4] = {0};
  int64_t three = 3, four = 4;
  lt_lite_named_tensor_t in[2] = {{NULL, tensor(LK_F32, a, 1, &three)},
                                  {NULL, tensor(LK_F32, b, 1, &four)}};
  lt_lite_outputs_t out;
  CHECK(lt_lite_interpret(f.module, al, 2, in, &out) == LT_FAILURE);
  CHECK(lite_log_has(&f.log, "loc(\"node_7\"): 'lite.add' op"));
  CHECK(count.live == 0);
  /* Dynamic dims accept any size. */
  in[1].tensor.dims[0] = 3;
  CHECK(lt_lite_interpret(f.module, al, 2, in, &out) == LT_SUCCESS);
  CHECK(out.count == 1 && out.items[0].tensor.dims[0] == 3);
  if (out.count == 1) CHECK(((float *)out.items[0].tensor.data)[1] == 0);
  lt_lite_outputs_free(&out);
  CHECK(count.live == 0);
  teardown(&f);
}

/* A chain of 16 ops on a 1 MiB tensor: each intermediate is freed after
 * its one use, so the peak is a few tensors, not seventeen. */
static void test_intermediates_freed(void) {
  lt_strbuf_t src = {0};
  const char *ty = "tensor<512x512xf32>";
  lt_strbuf_printf(&src, "func.func @main(%%x: %s) -> %s {\n", ty, ty);
  lt_strbuf_printf(&src, "  %%v0 = \"lite.neg\"(%%x) : (%s) -> %s\n", ty, ty);
  for (int i = 1; i < 16; i++)
    lt_strbuf_printf(&src, "  %%v%d = \"lite.neg\"(%%v%d) : (%s) -> %s\n", i,
                     i - 1, ty, ty);
  lt_strbuf_printf(&src, "  return %%v15 : %s\n}\n", ty);
  fixture_t f;
  bool ok = setup(&f, src.data);
  lt_strbuf_free(&src);
  if (!ok) return;
  counter_t count = {0};
  lt_allocator_t al = {&count, counting_fn};
  static float x[512 * 512];
  for (int i = 0; i < 512 * 512; i++)
    x[i] = (float)i;
  int64_t dims[2] = {512, 512};
  lt_lite_named_tensor_t in[1] = {{NULL, tensor(LK_F32, x, 2, dims)}};
  lt_lite_outputs_t out;
  CHECK(lt_lite_interpret(f.module, al, 1, in, &out) == LT_SUCCESS);
  size_t one = sizeof(x);
  CHECK(count.peak < 3 * one);
  if (count.peak >= 3 * one)
    fprintf(stderr, "  peak %zu bytes for tensors of %zu\n", count.peak, one);
  CHECK(out.count == 1 && ((float *)out.items[0].tensor.data)[7] == 7.0f);
  lt_lite_outputs_free(&out);
  CHECK(count.live == 0);
  teardown(&f);
}

/* Only lite ops run; other ops are named in the error. */
static void test_non_lite_op(void) {
  fixture_t f;
  if (!setup(&f, "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                 "  %0 = arith.addf %a, %a : tensor<2xf32>\n"
                 "  return %0 : tensor<2xf32>\n"
                 "}\n"))
    return;
  float a[2] = {1, 2};
  int64_t two = 2;
  lt_lite_named_tensor_t in[1] = {{NULL, tensor(LK_F32, a, 1, &two)}};
  lt_lite_outputs_t out;
  CHECK(lt_lite_interpret(f.module, lt_allocator_system(), 1, in, &out) ==
        LT_FAILURE);
  CHECK(lite_log_has(&f.log, "'arith.addf' op is not a lite op"));
  teardown(&f);
}

static void test_tensor_matches(void) {
  fixture_t f;
  if (!setup(&f, "func.func @main() { return }\n")) return;
  const lt_type_t *t = lt_parse_type_str(f.ctx, "tensor<?x3xi64>");
  const lt_type_t *scalar = lt_parse_type_str(f.ctx, "tensor<i1>");
  int64_t v[6];
  lk_tensor_t a = {.dtype = LK_I64, .rank = 2, .dims = {7, 3}, .data = v};
  CHECK(lt_lite_tensor_matches(t, &a, NULL));
  a.dims[1] = 4;
  lt_strbuf_t why = {0};
  CHECK(!lt_lite_tensor_matches(t, &a, &why));
  CHECK(why.data && strcmp(why.data, "expected tensor<?x3xi64>, got i64 "
                                     "tensor of shape 7x4") == 0);
  lt_strbuf_free(&why);
  lk_tensor_t b = {.dtype = LK_BOOL, .rank = 0, .data = v};
  CHECK(lt_lite_tensor_matches(scalar, &b, NULL));
  b.rank = 1;
  b.dims[0] = 1;
  CHECK(!lt_lite_tensor_matches(scalar, &b, NULL));
  teardown(&f);
}

int main(void) {
  test_named_inputs_and_outputs();
  test_positional_and_errors();
  test_failing_op();
  test_intermediates_freed();
  test_non_lite_op();
  test_tensor_matches();
  return test_exit_status();
}

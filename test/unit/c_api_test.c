/* c_api_test.c - the public C API as a user sees it (include/lite/lite.h,
 * include/lite/lite_compiler.h): compile a model in-process (full API) or
 * write an artifact and load it (light API), inspect inputs and outputs,
 * run, read outputs and the profile; every bad call is a status with a
 * message, and the allocator hook sees every byte come back. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "include/lite/lite_compiler.h"

#include "test/unit/check.h"

/* y = relu(x * 2 - 1) over [2, 3]; z = reduce_sum(y) over axis 1. */
static const char kModel[] =
    "func.func @main(%x: tensor<2x3xf32> {lite.name = \"x\"}) -> "
    "(tensor<2x3xf32> {lite.name = \"y\"}, tensor<2xf32> {lite.name = \"z\"}) {\n"
    "  %two = \"lite.constant\"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>\n"
    "  %one = \"lite.constant\"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>\n"
    "  %m = \"lite.mul\"(%x, %two) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32> loc(\"mul_node\")\n"
    "  %s = \"lite.sub\"(%m, %one) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32> loc(\"sub_node\")\n"
    "  %y = \"lite.relu\"(%s) : (tensor<2x3xf32>) -> tensor<2x3xf32> loc(\"relu_node\")\n"
    "  %z = \"lite.reduce_sum\"(%y) {axes = array<i64: 1>, keepdims = 0 : i64} : (tensor<2x3xf32>) -> tensor<2xf32> loc(\"sum_node\")\n"
    "  return %y, %z : tensor<2x3xf32>, tensor<2xf32>\n"
    "}\n";

static const float kX[6] = {0.0f, 0.25f, 0.5f, 1.0f, 2.0f, -3.0f};

/* The allocator hook: counts live bytes. */
typedef struct counter {
  long long live;
  long long calls;
} counter_t;

static void *counting(void *self, void *ptr, size_t old_size, size_t new_size) {
  counter_t *c = self;
  c->calls++;
  c->live += (long long)new_size - (long long)(ptr ? old_size : 0);
  if (new_size == 0) {
    free(ptr);
    return NULL;
  }
  return realloc(ptr, new_size);
}

static int expect_ok(lite_status_t st, const char *what) {
  if (!st) return 1;
  fprintf(stderr, "%s: %s\n", what, lite_status_message(st));
  lite_status_free(st);
  g_failures++;
  return 0;
}

static void expect_error(lite_status_t st, lite_status_code_t code,
                         const char *msg) {
  CHECK(st != NULL);
  if (!st) return;
  CHECK(lite_status_code(st) == code);
  if (!strstr(lite_status_message(st), msg)) {
    fprintf(stderr, "got: %s\nwant: %s\n", lite_status_message(st), msg);
    g_failures++;
  }
  lite_status_free(st);
}

/* Runs model on kX and checks both outputs and the profile. */
/* op and kernel: what runs the reduction (a reference kernel, or a
 * generated one called by lite.dispatch). */
static void run_checked(lite_model_t *model, const char *op,
                        const char *kernel) {
  CHECK(lite_model_num_inputs(model) == 1);
  CHECK(lite_model_num_outputs(model) == 2);
  lite_tensor_info_t info;
  if (!expect_ok(lite_model_input_info(model, 0, &info), "input info")) return;
  CHECK(strcmp(info.name, "x") == 0 && info.element_type == LITE_F32 &&
        info.rank == 2 && info.dims[0] == 2 && info.dims[1] == 3);
  uint32_t index = 99;
  CHECK(!lite_model_find_output(model, "z", &index) && index == 1);
  expect_error(lite_model_find_input(model, "q", &index), LITE_STATUS_NOT_FOUND,
               "the model has no input named 'q'");

  lite_predictor_options_t opts = {.num_threads = 2, .profile = 1,
                                   .spin_us = 100};
  lite_predictor_t *p = NULL;
  if (!expect_ok(lite_predictor_create(model, &opts, &p), "predictor")) return;
  int64_t dims[2] = {2, 3};
  expect_error(lite_predictor_run(p), LITE_STATUS_INVALID_ARGUMENT,
               "input #0 ('x') was not set");
  int64_t wrong[2] = {3, 2};
  expect_error(lite_predictor_set_input(p, 0, LITE_F32, 2, wrong, kX, sizeof kX),
               LITE_STATUS_INVALID_ARGUMENT,
               "input #0 ('x'): expected f32 2x3, got f32 3x2");
  if (expect_ok(lite_predictor_set_input(p, 0, LITE_F32, 2, dims, kX,
                                         sizeof kX),
                "set input") &&
      expect_ok(lite_predictor_run(p), "run") &&
      expect_ok(lite_predictor_run(p), "run again")) {
    const void *data;
    size_t size;
    if (expect_ok(lite_predictor_get_output(p, 0, &info, &data, &size), "y")) {
      CHECK(strcmp(info.name, "y") == 0 && size == 6 * sizeof(float));
      const float *y = data;
      for (int i = 0; i < 6; i++) {
        float want = kX[i] * 2 - 1;
        CHECK(y[i] == (want > 0 ? want : 0));
      }
    }
    if (expect_ok(lite_predictor_get_output(p, 1, &info, &data, &size), "z")) {
      CHECK(info.rank == 1 && info.dims[0] == 2);
      CHECK(((const float *)data)[0] == 0.0f);
      CHECK(((const float *)data)[1] == 1.0f + 3.0f);
    }
    expect_error(lite_predictor_get_output(p, 2, &info, &data, &size),
                 LITE_STATUS_INVALID_ARGUMENT, "output #2: the model has 2");
    /* The profile: every instruction ran twice, named by its nodes. */
    uint32_t n = lite_predictor_num_profile_entries(p);
    CHECK(n >= 2);
    bool saw_sum = false;
    for (uint32_t i = 0; i < n; i++) {
      lite_profile_entry_t e;
      if (!expect_ok(lite_predictor_profile_entry(p, i, &e), "profile")) break;
      CHECK(e.calls == 2);
      saw_sum |= strcmp(e.op, op) == 0 && strstr(e.nodes, "sum_node") &&
                 strncmp(e.kernel, kernel, strlen(kernel)) == 0;
    }
    CHECK(saw_sum);
  }
  lite_predictor_release(p);
}

static void run_and_check(lite_model_t *model) {
  run_checked(model, "lite.reduce_sum", "ref_reduce_sum__");
}

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  CHECK(f != NULL);
  if (!f) return;
  fputs(text, f);
  fclose(f);
}

int main(void) {
  char dir[] = "/tmp/lite_c_api_XXXXXX";
  if (!mkdtemp(dir)) return 1;
  char mlir[128], art[128], bad[128];
  snprintf(mlir, sizeof mlir, "%s/model.mlir", dir);
  snprintf(art, sizeof art, "%s/model.lite", dir);
  snprintf(bad, sizeof bad, "%s/bad.mlir", dir);
  write_file(mlir, kModel);
  write_file(bad, "func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {\n"
                  "  %y = \"lite.relu\"(%x) : (tensor<2xf32>) -> tensor<3xf32>\n"
                  "  return %y : tensor<3xf32>\n}\n");

  CHECK(strcmp(lite_version(), "0.1.0") == 0);
  CHECK(strcmp(lite_element_type_name(LITE_BF16), "bf16") == 0);
  CHECK(lite_element_type_size(LITE_I64) == 8);

  /* Full API, with the allocator hook. */
  counter_t c = {0, 0};
  lite_model_options_t mo = {.allocator = {&c, counting}};
  lite_model_t *model = NULL;
  if (expect_ok(lite_compile_file(mlir, NULL, &mo, &model), "compile")) {
    run_and_check(model);
    lite_model_release(model);
  }
  if (c.live != 0) fprintf(stderr, "live bytes after release: %lld (%lld calls)\n", c.live, c.calls);
  CHECK(c.calls > 0 && c.live == 0);

  /* Generated kernels where the build has LLVM (the reference ones
   * elsewhere): the model holds the JIT, and the allocator balances. */
  lite_compile_options_t jo = {.kernel_kinds = "jit,ref"};
  counter_t cj = {0, 0};
  lite_model_options_t mj = {.allocator = {&cj, counting}};
  if (expect_ok(lite_compile_file(mlir, &jo, &mj, &model), "compile jit")) {
#if LITE_TEST_WITH_LLVM
    run_checked(model, "lite.dispatch", "jit_reduce_sum_");
#else
    run_and_check(model);
#endif
    lite_model_release(model);
  }
  CHECK(cj.calls > 0 && cj.live == 0);

  /* Light API over an artifact written by the full one, at other Places. */
  lite_compile_options_t co = {.places = "x86:f32:nchw8c,host:f32:nchw"};
  if (expect_ok(lite_compile_file_to_artifact(mlir, &co, art), "artifact") &&
      expect_ok(lite_model_load_file(art, NULL, &model), "load")) {
    run_and_check(model);
    lite_model_release(model);
  }

  /* Errors name the file and what was wrong. */
  expect_error(lite_compile_file(bad, NULL, NULL, &model),
               LITE_STATUS_INVALID_ARGUMENT, "bad.mlir: not valid lite IR");
  CHECK(model == NULL);
  expect_error(lite_model_load_file(mlir, NULL, &model),
               LITE_STATUS_INVALID_ARGUMENT, "not a lite artifact");
  expect_error(lite_model_load_file("/nonexistent.lite", NULL, &model),
               LITE_STATUS_IO, "/nonexistent.lite");
  expect_error(lite_model_load_buffer("LITEART", 7, NULL, &model),
               LITE_STATUS_INVALID_ARGUMENT, "shorter than the 64-byte header");
  expect_error(lite_predictor_create(NULL, NULL, &(lite_predictor_t *){0}),
               LITE_STATUS_INVALID_ARGUMENT, "model is NULL");

  unlink(mlir), unlink(art), unlink(bad), rmdir(dir);
  if (g_failures) {
    fprintf(stderr, "c_api_test: %d failure(s)\n", g_failures);
    return 1;
  }
  printf("c_api_test: ok\n");
  return 0;
}

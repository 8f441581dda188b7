/* ref_nn_ops_test.c - the nn op families through the dialect's C API:
 * lt_lite_create infers result types (auto_pad, output_shape, K, the
 * optional layer_norm results), lt_lite_eval runs the reference kernels
 * with the attributes resolved, and invalid ops are refused with a
 * diagnostic that names the operand. */
#include <string.h>

#include "test/unit/lite_test_util.h"

typedef struct fixture {
  lt_context_t *ctx;
  lt_builder_t b;
  lt_loc_t loc;
} fixture_t;

static const lt_type_t *f32_tensor(lt_context_t *ctx, uint32_t rank,
                                   const int64_t *dims) {
  return lt_type_tensor(ctx, rank, dims, lt_type_f32(ctx), NULL);
}

static lt_value_t *constant(fixture_t *f, const lt_type_t *t, const void *data,
                            size_t size) {
  return lite_constant(&f->b, f->loc, t, data, size);
}

static bool has_shape(const lt_type_t *t, uint32_t rank, const int64_t *dims) {
  if (t->kind != LT_TYPE_TENSOR || t->shaped.rank != rank) return false;
  for (uint32_t i = 0; i < rank; i++)
    if (t->shaped.shape[i] != dims[i]) return false;
  return true;
}

/* ONNX's test_conv_with_autopad_same: 5x5 ramp, 3x3 ones, stride 2,
 * SAME_LOWER -> 3x3. */
static void test_conv(fixture_t *f) {
  float x[25], w[9];
  ramp(x, 25, 0);
  fill(w, 9, 1);
  lt_value_t *ops[2] = {
      constant(f, f32_tensor(f->ctx, DIMS(1, 1, 5, 5)), x, sizeof x),
      constant(f, f32_tensor(f->ctx, DIMS(1, 1, 3, 3)), w, sizeof w)};
  lt_named_attr_t attrs[2] = {
      str_attr(f->ctx, "auto_pad", "SAME_LOWER"),
      ints_attr(f->ctx, "strides", 2, (int64_t[]){2, 2})};
  lt_op_t *conv =
      lt_lite_create(&f->b, LT_LITE_CONV2D, f->loc, 2, ops, 2, attrs, 1);
  CHECK(conv && has_shape(lt_op_result(conv, 0)->type, DIMS(1, 1, 3, 3)));
  if (!conv) return;
  lk_tensor_t in[2] = {{LK_F32, 4, {1, 1, 5, 5}, x},
                       {LK_F32, 4, {1, 1, 3, 3}, w}};
  lk_tensor_t out[1];
  CHECK(LT_SUCCEEDED(eval_op(conv, in, out)));
  static const float want[9] = {12, 27, 24, 63, 108, 81, 72, 117, 84};
  CHECK(out[0].rank == 4 && memcmp(out[0].data, want, sizeof want) == 0);
  release(out, 1);
  /* The evaluator reruns the geometry on the inputs it gets: a 7x7 input
   * through the same op gives 4x4. */
  float x7[49] = {0};
  lk_tensor_t in7[2] = {{LK_F32, 4, {1, 1, 7, 7}, x7}, in[1]};
  CHECK(LT_SUCCEEDED(eval_op(conv, in7, out)));
  CHECK(out[0].dims[2] == 4 && out[0].dims[3] == 4);
  release(out, 1);
}

static void test_conv_transpose_top_k(fixture_t *f) {
  float x[9], w[18];
  ramp(x, 9, 0);
  fill(w, 18, 1);
  lt_value_t *ops[2] = {
      constant(f, f32_tensor(f->ctx, DIMS(1, 1, 3, 3)), x, sizeof x),
      constant(f, f32_tensor(f->ctx, DIMS(1, 2, 3, 3)), w, sizeof w)};
  lt_named_attr_t attrs[2] = {
      ints_attr(f->ctx, "strides", 2, (int64_t[]){3, 2}),
      ints_attr(f->ctx, "output_shape", 2, (int64_t[]){10, 8})};
  lt_op_t *ct = lt_lite_create(&f->b, LT_LITE_CONV2D_TRANSPOSE, f->loc, 2, ops,
                               2, attrs, 1);
  CHECK(ct && has_shape(lt_op_result(ct, 0)->type, DIMS(1, 2, 10, 8)));
  if (ct) {
    lk_tensor_t in[2] = {{LK_F32, 4, {1, 1, 3, 3}, x},
                         {LK_F32, 4, {1, 2, 3, 3}, w}};
    lk_tensor_t out[1];
    CHECK(LT_SUCCEEDED(eval_op(ct, in, out)));
    /* test_convtranspose_output_shape: rows 0-2 [0 0 1 1 3 2 2 0], the
     * last row and column are zero. */
    const float *y = out[0].data;
    static const float row0[8] = {0, 0, 1, 1, 3, 2, 2, 0};
    CHECK(y && memcmp(y, row0, sizeof row0) == 0 && y[9 * 8 + 3] == 0 &&
          y[3 * 8 + 2] == 7);
    release(out, 1);
  }

  /* top_k with a constant K infers both results; eval gives two tensors. */
  float v[6] = {1, 9, 9, 4, 0, 2};
  int64_t k = 2;
  lt_value_t *tk_ops[2] = {
      constant(f, f32_tensor(f->ctx, DIMS(2, 3)), v, sizeof v),
      constant(f,
               lt_type_tensor(f->ctx, 1, (int64_t[]){1},
                              lt_type_integer(f->ctx, 64, LT_SIGNLESS), NULL),
               &k, sizeof k)};
  lt_op_t *tk =
      lt_lite_create(&f->b, LT_LITE_TOP_K, f->loc, 2, tk_ops, 0, NULL, 2);
  CHECK(tk && has_shape(lt_op_result(tk, 0)->type, DIMS(2, 2)) &&
        has_shape(lt_op_result(tk, 1)->type, DIMS(2, 2)));
  if (tk) {
    lk_tensor_t in[2] = {{LK_F32, 2, {2, 3}, v}, {LK_I64, 1, {1}, &k}};
    lk_tensor_t out[2];
    CHECK(LT_SUCCEEDED(eval_op(tk, in, out)));
    const float *vals = out[0].data;
    const int64_t *idx = out[1].data;
    CHECK(out[1].dtype == LK_I64 && vals[0] == 9 && vals[1] == 9 &&
          idx[0] == 1 && idx[1] == 2 && vals[2] == 4 && idx[2] == 0 &&
          vals[3] == 2 && idx[3] == 2);
    release(out, 2);
  }
}

static void test_layer_norm_resize(fixture_t *f) {
  float x[6] = {1, 2, 3, 4, 5, 6}, s[3] = {1, 1, 1};
  lt_value_t *ops[2] = {
      constant(f, f32_tensor(f->ctx, DIMS(2, 3)), x, sizeof x),
      constant(f, f32_tensor(f->ctx, DIMS(3)), s, sizeof s)};
  lt_op_t *ln =
      lt_lite_create(&f->b, LT_LITE_LAYER_NORM, f->loc, 2, ops, 0, NULL, 3);
  CHECK(ln && ln->num_results == 3 &&
        has_shape(lt_op_result(ln, 1)->type, DIMS(2, 1)) &&
        has_shape(lt_op_result(ln, 2)->type, DIMS(2, 1)));
  if (ln) {
    lk_tensor_t in[2] = {{LK_F32, 2, {2, 3}, x}, {LK_F32, 1, {3}, s}};
    lk_tensor_t out[3];
    CHECK(LT_SUCCEEDED(eval_op(ln, in, out)));
    const float *mean = out[1].data;
    CHECK(mean[0] == 2 && mean[1] == 5);
    release(out, 3);
  }

  /* resize with sizes after a none roi and none scales. */
  lt_op_t *none =
      lt_lite_create(&f->b, LT_LITE_NONE, f->loc, 0, NULL, 0, NULL, 1);
  int64_t sizes[2] = {2, 6};
  lt_value_t *rops[4] = {
      ops[0], lt_op_result(none, 0), lt_op_result(none, 0),
      constant(f,
               lt_type_tensor(f->ctx, 1, (int64_t[]){2},
                              lt_type_integer(f->ctx, 64, LT_SIGNLESS), NULL),
               sizes, sizeof sizes)};
  lt_named_attr_t attrs[1] = {str_attr(f->ctx, "mode", "nearest")};
  lt_op_t *rs =
      lt_lite_create(&f->b, LT_LITE_RESIZE, f->loc, 4, rops, 1, attrs, 1);
  CHECK(rs && has_shape(lt_op_result(rs, 0)->type, DIMS(2, 6)));
  if (rs) {
    lk_tensor_t in[4] = {{LK_F32, 2, {2, 3}, x},
                         {LK_DTYPE_NONE, 0, {0}, NULL},
                         {LK_DTYPE_NONE, 0, {0}, NULL},
                         {LK_I64, 1, {2}, sizes}};
    lk_tensor_t out[1];
    CHECK(LT_SUCCEEDED(eval_op(rs, in, out)));
    static const float want[12] = {1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6};
    CHECK(memcmp(out[0].data, want, sizeof want) == 0);
    release(out, 1);
  }
}

static void test_refused(fixture_t *f) {
  lite_log_t log = {0};
  lt_diag_handler_id_t h = lt_diag_push_handler(f->ctx, lite_log_fn, &log);
  float a[6] = {0};
  lt_value_t *ops[2] = {
      constant(f, f32_tensor(f->ctx, DIMS(2, 3)), a, sizeof a),
      constant(f, f32_tensor(f->ctx, DIMS(2, 3)), a, sizeof a)};
  CHECK(lt_lite_create(&f->b, LT_LITE_MATMUL, f->loc, 2, ops, 0, NULL, 1) ==
        NULL);
  CHECK(log.all.errors == 1 &&
        last_error_has(&log, "operand #0 (A) has inner dimension 3 but operand "
                             "#1 (B) has 2"));
  lt_named_attr_t eq = str_attr(f->ctx, "equation", "ij,jk->ik");
  CHECK(lt_lite_create(&f->b, LT_LITE_EINSUM, f->loc, 2, ops, 1, &eq, 1) ==
        NULL);
  CHECK(log.all.errors == 2 && last_error_has(&log, "label 'j'"));
  lt_named_attr_t pt = str_attr(f->ctx, "pooling_type", "max");
  lt_named_attr_t gp = int_attr(f->ctx, "global_pooling", 1);
  lt_named_attr_t pattrs[2] = {pt, gp};
  CHECK(lt_lite_create(&f->b, LT_LITE_POOL2D, f->loc, 1, ops, 2, pattrs, 1) ==
        NULL);
  CHECK(log.all.errors == 3 && last_error_has(&log, "rank >= 3, got 2"));
  lt_diag_pop_handler(f->ctx, h);
  lite_log_free(&log);
}

int main(void) {
  fixture_t f;
  f.ctx = lite_context(NULL);
  lt_op_t *module = lite_module(f.ctx, &f.b);
  f.loc = lt_loc_name(f.ctx, "nn", NULL);
  test_conv(&f);
  test_conv_transpose_top_k(&f);
  test_layer_norm_resize(&f);
  test_refused(&f);
  lt_op_destroy(module);
  lt_context_destroy(f.ctx);
  return test_exit_status();
}

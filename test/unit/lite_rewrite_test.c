/* lite_rewrite_test.c - the helpers the lite passes share: constants as
 * tensors, new constants (inline and as blobs), fused locations, attribute
 * lists, and pattern runs that count into a pass's statistics. */
#include "ir/printer.h"
#include "passes/lite_rewrite.h"
#include "test/unit/lite_test_util.h"

static const char *kSrc =
    "func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
    "  %c = \"lite.constant\"() {value = dense<2.0> : tensor<3xf32>} : () -> "
    "tensor<3xf32>\n"
    "  %s = \"lite.constant\"() {value = dense<[5.0]> : tensor<1xf32>} : () -> "
    "tensor<1xf32>\n"
    "  %0 = \"lite.relu\"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32> "
    "loc(\"a\")\n"
    "  %1 = \"lite.relu\"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32> "
    "loc(\"b\")\n"
    "  %2 = \"lite.mul\"(%1, %c) : (tensor<2x3xf32>, tensor<3xf32>) -> "
    "tensor<2x3xf32>\n"
    "  return %2 : tensor<2x3xf32>\n"
    "}\n";

static lt_op_t *first_op(lt_op_t *module, lt_lite_op_id_t id, int skip) {
  lt_op_t *func = lt_op_region(module, 0)->first->first;
  for (lt_op_t *op = lt_op_region(func, 0)->first->first; op; op = op->next)
    if (lt_rw_is(op, id) && skip-- == 0) return op;
  return NULL;
}

static void test_matching(lt_context_t *ctx) {
  lt_op_t *m = lite_parse(ctx, kSrc);
  CHECK(m != NULL);
  if (!m) return;
  lt_op_t *mul = first_op(m, LT_LITE_MUL, 0);
  lt_op_t *relu1 = first_op(m, LT_LITE_RELU, 1);
  CHECK(lt_rw_def(lt_op_operand(mul, 0), LT_LITE_RELU) == relu1);
  CHECK(lt_rw_def(lt_op_operand(mul, 0), LT_LITE_ADD) == NULL);
  CHECK(lt_rw_const_attr(lt_op_operand(mul, 1)) != NULL);
  CHECK(lt_rw_const_attr(lt_op_operand(mul, 0)) == NULL);
  CHECK(lt_rw_const_is(lt_op_operand(mul, 1), 2.0));
  CHECK(!lt_rw_const_is(lt_op_operand(mul, 1), 3.0));
  double v = 0;
  lt_op_t *s = first_op(m, LT_LITE_CONSTANT, 1);
  CHECK(lt_rw_const_scalar(lt_op_result(s, 0), &v) && v == 5.0);
  CHECK(!lt_rw_const_scalar(lt_op_operand(mul, 1), &v)); /* 3 elements */
  CHECK(!lt_rw_absent(mul, 1) && lt_rw_absent(mul, 2));
  lt_op_destroy(m);
}

/* relu(relu(x)) -> relu(x), at the location of both. */
static lt_result_t fold_relu_relu(const lt_pattern_t *self, lt_op_t *op,
                                  lt_rewriter_t *rw) {
  lt_op_t *inner = lt_rw_def(lt_op_operand(op, 0), LT_LITE_RELU);
  if (!inner) return LT_FAILURE;
  CHECK(self->user == (void *)&kSrc); /* the row's own, as it was given */
  lt_op_t *pair[2] = {inner, op};
  lt_rewriter_set_before(rw, op);
  lt_value_t *x = lt_op_operand(inner, 0);
  lt_op_t *fused = lt_rw_create(
      rw, LT_LITE_RELU, lt_rw_fused_loc(rw->b.ctx, 2, pair), 1, &x, 0, NULL, 1);
  if (!fused) return LT_FAILURE;
  lt_value_t *r = lt_op_result(fused, 0);
  lt_rewriter_replace_op(rw, op, &r);
  return LT_SUCCESS;
}

/* abs(abs(x)) -> abs(x) while the budget at self->user (if any) lasts. */
static lt_result_t fold_abs_abs(const lt_pattern_t *self, lt_op_t *op,
                                lt_rewriter_t *rw) {
  int *budget = self->user;
  lt_op_t *inner = lt_rw_def(lt_op_operand(op, 0), LT_LITE_ABS);
  if (!inner) return LT_FAILURE;
  if (budget && (*budget)-- <= 0)
    return lt_rewriter_notify_match_failure(rw, op, "budget spent");
  lt_value_t *x = lt_op_result(inner, 0);
  lt_rewriter_replace_op(rw, op, &x);
  return LT_SUCCESS;
}

static lt_result_t refuse(const lt_pattern_t *self, lt_op_t *op,
                          lt_rewriter_t *rw) {
  (*(int *)self->user)++;
  return lt_rewriter_notify_match_failure(rw, op, "never applies");
}

static const lt_pass_statistic_t kStats[] = {{"num-fused", "pairs fused"},
                                             {"num-abs", "abs pairs folded"}};
static const lt_pass_info_t kPass = {
    .argument = "t", .statistics = kStats, .num_statistics = 2};

static void test_patterns(lt_context_t *ctx) {
  lt_op_t *m = lite_parse(ctx, kSrc);
  if (!m) return;
  lt_op_t *func = lt_op_region(m, 0)->first->first;
  uint64_t stats[2] = {0, 0};
  lt_pass_t pass = {.info = &kPass, .stats = stats};
  lt_rw_pattern_t rows[] = {
      {{"lite.relu", 1, fold_relu_relu, (void *)&kSrc, "relu-relu"}, 0}};
  CHECK(LT_SUCCEEDED(lt_rw_run_patterns(&pass, func, rows, 1, NULL)));
  CHECK(stats[0] == 1 && stats[1] == 0);
  CHECK(pass.changed_known && pass.changed);
  CHECK(first_op(m, LT_LITE_RELU, 1) == NULL); /* one relu left */
  lt_op_t *relu = first_op(m, LT_LITE_RELU, 0);
  CHECK(relu && relu->loc->kind == LT_ATTR_LOC_FUSED &&
        relu->loc->fused.count == 2);
  /* A second run finds nothing. */
  CHECK(LT_SUCCEEDED(lt_rw_run_patterns(&pass, func, rows, 1, NULL)));
  CHECK(stats[0] == 1 && !pass.changed);
  lt_op_destroy(m);
}

static const char *kAbs =
    "func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {\n"
    "  %0 = \"lite.abs\"(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  %1 = \"lite.abs\"(%0) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  %2 = \"lite.abs\"(%1) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  %3 = \"lite.relu\"(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  %4 = \"lite.relu\"(%3) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %2, %4 : tensor<4xf32>, tensor<4xf32>\n"
    "}\n";

/* Each application counts once into its own row's statistic, told apart
 * from rows alike but for their statistic; refusals count nothing, nor do
 * rows naming no statistic of the pass. */
static void test_pattern_statistics(lt_context_t *ctx) {
  int budget = 1, refused = 0;
  uint64_t stats[2] = {0, 0};
  lt_pass_t pass = {.info = &kPass, .stats = stats};
  lt_rw_pattern_t rows[] = {
      {{"lite.relu", 1, fold_relu_relu, (void *)&kSrc, "relu-relu"}, 0},
      {{"lite.abs", 4, refuse, &refused, "refuse"}, 0},
      {{"lite.abs", 3, fold_abs_abs, &budget, "abs-abs-once"}, 7},
      {{"lite.abs", 1, fold_abs_abs, NULL, "abs-abs"}, 1},
  };
  lt_op_t *m = lite_parse(ctx, kAbs);
  if (!m) return;
  lt_op_t *func = lt_op_region(m, 0)->first->first;
  CHECK(LT_SUCCEEDED(lt_rw_run_patterns(&pass, func, rows, 4, NULL)));
  /* abs(abs(abs(x))) took two rewrites: one by the row without a
   * statistic, one counted. */
  CHECK(first_op(m, LT_LITE_ABS, 0) && !first_op(m, LT_LITE_ABS, 1));
  CHECK(!first_op(m, LT_LITE_RELU, 1));
  CHECK(budget < 0 && refused >= 2);
  CHECK(stats[0] == 1 && stats[1] == 1);
  lt_op_destroy(m);
}

static void test_building(lt_context_t *ctx) {
  lt_op_t *m = lite_parse(ctx, kSrc);
  if (!m) return;
  lt_op_t *mul = first_op(m, LT_LITE_MUL, 0);
  lt_rewriter_t rw;
  lt_rewriter_init(&rw, ctx, NULL);
  lt_rewriter_set_before(&rw, mul);
  float small[4] = {1, 2, 3, 4};
  lk_tensor_t t = tensor(LK_F32, small, DIMS(4));
  lt_value_t *c = lt_rw_constant(&rw, mul->loc, &t, "w");
  CHECK(c && lt_rw_const_attr(c)->kind == LT_ATTR_DENSE);
  float big[100];
  ramp(big, 100, 0);
  lk_tensor_t tb = tensor(LK_F32, big, DIMS(10, 10));
  lt_value_t *b1 = lt_rw_constant(&rw, mul->loc, &tb, "conv.w/1");
  lt_value_t *b2 = lt_rw_constant(&rw, mul->loc, &tb, "conv.w/1");
  const lt_attr_t *a1 = b1 ? lt_rw_const_attr(b1) : NULL;
  const lt_attr_t *a2 = b2 ? lt_rw_const_attr(b2) : NULL;
  CHECK(a1 && a1->kind == LT_ATTR_DENSE_RESOURCE && a2 && a1 != a2);
  if (a1 && a2) {
    CHECK(strcmp(a1->resource.name->str, "conv_w_1") == 0);
    CHECK(strcmp(a2->resource.name->str, "conv_w_1_1") == 0);
  }
  lk_tensor_t back = {0};
  bool owned = false;
  bool read =
      b1 && lt_rw_const_tensor(b1, lt_allocator_system(), &back, &owned);
  CHECK(read);
  CHECK(read && !owned && back.rank == 2 && ((float *)back.data)[99] == 99.0f);

  lt_named_attr_t add[2] = {lt_rw_named_int(ctx, "axis", 1),
                            lt_rw_named_str(ctx, "activation", "relu")};
  lt_named_attr_t *list;
  lt_op_t *relu = first_op(m, LT_LITE_RELU, 0);
  lt_op_set_attr(relu, "keep", lt_attr_unit(ctx));
  lt_op_set_attr(relu, "axis", lt_attr_unit(ctx));
  lt_op_set_attr(relu, "gone", lt_attr_unit(ctx));
  uint32_t n = lt_rw_attrs_with(relu, "gone", 2, add, &list);
  CHECK(n == 3); /* keep, and axis replaced, activation added */
  bool axis_int = false;
  for (uint32_t i = 0; i < n; i++)
    if (strcmp(list[i].name->str, "axis") == 0)
      axis_int = list[i].value->kind == LT_ATTR_INTEGER;
  CHECK(axis_int);
  lt_named_attr_t f = lt_rw_named_float(ctx, "alpha", 0.5);
  CHECK(f.value->kind == LT_ATTR_FLOAT && f.value->f == 0.5);
  int64_t v[2] = {3, 4};
  lt_named_attr_t ints = lt_rw_named_ints(ctx, "perm", 2, v);
  CHECK(ints.value->kind == LT_ATTR_DENSE_ARRAY &&
        lt_attr_dense_int(ints.value, 1) == 4);
  lt_op_destroy(m);
}

int main(void) {
  lite_log_t log;
  lt_context_t *ctx = lite_context(&log);
  test_matching(ctx);
  test_patterns(ctx);
  test_pattern_statistics(ctx);
  test_building(ctx);
  CHECK(log.all.errors == 0);
  lt_context_destroy(ctx);
  lite_log_free(&log);
  return test_exit_status();
}

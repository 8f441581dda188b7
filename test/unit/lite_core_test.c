/* lite_core_test.c - the lite dialect core: Place attributes and their
 * compatibility rules, op creation with inferred result types, evaluation,
 * the dtype mapping and every op's plan step and kernel. */
#include <string.h>

#include "dialects/lite/lite_internal.h"
#include "test/unit/lite_test_util.h"

static lk_place_t place(lk_target_t t, lk_precision_t p, lk_layout_t l,
                        int32_t dev) {
  lk_place_t pl = {t, p, l, dev};
  return pl;
}

static void test_place_attr(lt_context_t *ctx) {
  lk_place_t a = place(LK_TARGET_X86, LK_PRECISION_F32, LK_LAYOUT_NCHW8C, 0);
  const lt_attr_t *pa = lt_place_attr(ctx, a);
  CHECK(pa && pa == lt_place_attr(ctx, a)); /* uniqued */
  lk_place_t back;
  CHECK(lt_place_from_attr(pa, &back));
  CHECK(back.target == LK_TARGET_X86 && back.precision == LK_PRECISION_F32 &&
        back.layout == LK_LAYOUT_NCHW8C && back.device == 0);
  lk_place_t b = a;
  b.device = 2;
  CHECK(lt_place_attr(ctx, b) != pa);
  CHECK(!lt_place_from_attr(lt_attr_unit(ctx), &back));

  lt_strbuf_t sb = {0};
  lt_attr_print(lt_place_attr(ctx, b), &sb);
  CHECK(sb.data && strcmp(sb.data, "#lite.place<x86, f32, nchw8c, device = 2>") == 0);
  lt_strbuf_free(&sb);

  int64_t shape[2] = {2, 3};
  const lt_type_t *t =
      lt_type_tensor(ctx, 2, shape, lt_type_f32(ctx), NULL);
  const lt_type_t *tp = lt_type_with_place(ctx, t, a);
  CHECK(tp && tp != t && tp->shaped.encoding == pa);
  CHECK(lt_place_of_type(tp, &back) && back.layout == LK_LAYOUT_NCHW8C);
  CHECK(!lt_place_of_type(t, &back));
}

/* Prints `#lite.place<t, p, l>` for place and parses it back. */
static void check_place_text(lt_context_t *ctx, lk_place_t pl,
                             const char *want) {
  const lt_attr_t *a = lt_place_attr(ctx, pl);
  lt_strbuf_t sb = {0};
  lt_attr_print(a, &sb);
  CHECK(sb.data && strcmp(sb.data, want) == 0);
  if (sb.data && strcmp(sb.data, want) != 0)
    fprintf(stderr, "  printed %s, expected %s\n", sb.data, want);
  CHECK(sb.data && lt_parse_attr_str(ctx, sb.data) == a);
  lt_strbuf_free(&sb);
}

/* Every target, precision and layout of the kernel layer's table prints
 * with its spelling and parses back to the same uniqued attribute. */
static void test_place_text(lt_context_t *ctx) {
  char want[96];
  for (int t = 0; t < LK_NUM_TARGETS; t++) {
    lk_place_t pl = place((lk_target_t)t, LK_PRECISION_F32, LK_LAYOUT_NCHW, 0);
    snprintf(want, sizeof want, "#lite.place<%s, f32, nchw>",
             lk_target_name((lk_target_t)t));
    check_place_text(ctx, pl, want);
  }
  for (int p = 0; p < LK_NUM_PRECISIONS; p++) {
    lk_place_t pl = place(LK_TARGET_X86, (lk_precision_t)p, LK_LAYOUT_NCHW, 0);
    snprintf(want, sizeof want, "#lite.place<x86, %s, nchw>",
             lk_precision_name((lk_precision_t)p));
    check_place_text(ctx, pl, want);
  }
  for (int l = 0; l < LK_NUM_LAYOUTS; l++) {
    lk_place_t pl = place(LK_TARGET_X86, LK_PRECISION_F32, (lk_layout_t)l, 0);
    snprintf(want, sizeof want, "#lite.place<x86, f32, %s>",
             lk_layout_name((lk_layout_t)l));
    check_place_text(ctx, pl, want);
  }
  check_place_text(ctx,
                   place(LK_TARGET_X86, LK_PRECISION_F32, LK_LAYOUT_NCHW16C, 0),
                   "#lite.place<x86, f32, nchw16c>");
  check_place_text(ctx,
                   place(LK_TARGET_OPENCL, LK_PRECISION_F16, LK_LAYOUT_NHWC, 3),
                   "#lite.place<opencl, f16, nhwc, device = 3>");

  /* An unknown layout lists every spelling, nchw16c included. */
  lite_log_t log = {0};
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, lite_log_fn, &log);
  CHECK(!lt_parse_attr_str(ctx, "#lite.place<x86, f32, nchw32c>"));
  CHECK(last_error_has(&log, "unknown layout 'nchw32c' in #lite.place "
                             "(expected one of: nchw, nhwc, nchw4c, nchw8c, "
                             "nchw16c, any)"));
  lt_diag_pop_handler(ctx, h);
  lite_log_free(&log);
}

static void test_compat(lt_context_t *ctx) {
  CHECK(lt_target_compatible(LK_TARGET_HOST, LK_TARGET_X86));
  CHECK(lt_target_compatible(LK_TARGET_ARM, LK_TARGET_HOST));
  CHECK(lt_target_compatible(LK_TARGET_OPENCL, LK_TARGET_ANY));
  CHECK(!lt_target_compatible(LK_TARGET_X86, LK_TARGET_OPENCL));
  CHECK(!lt_target_compatible(LK_TARGET_VULKAN, LK_TARGET_OPENCL));
  CHECK(lt_precision_compatible(LK_PRECISION_ANY, LK_PRECISION_I8));
  CHECK(!lt_precision_compatible(LK_PRECISION_F32, LK_PRECISION_F16));
  CHECK(lt_layout_compatible(LK_LAYOUT_NCHW, LK_LAYOUT_ANY));
  CHECK(!lt_layout_compatible(LK_LAYOUT_NCHW, LK_LAYOUT_NCHW8C));
  lk_place_t g0 = place(LK_TARGET_OPENCL, LK_PRECISION_F16, LK_LAYOUT_NCHW, 0);
  lk_place_t g1 = g0;
  g1.device = 1;
  CHECK(!lt_device_compatible(&g0, &g1));
  CHECK(!lt_place_compatible(&g0, &g1));
  lk_place_t h0 = place(LK_TARGET_HOST, LK_PRECISION_F32, LK_LAYOUT_NCHW, 0);
  lk_place_t h1 = place(LK_TARGET_X86, LK_PRECISION_F32, LK_LAYOUT_NCHW, 3);
  CHECK(lt_device_compatible(&h0, &h1));

  int64_t s1[2] = {2, 3}, s2[2] = {LT_DYNAMIC, 3}, s3[2] = {2, 4};
  const lt_type_t *f32 = lt_type_f32(ctx);
  const lt_type_t *a = lt_type_tensor(ctx, 2, s1, f32, NULL);
  const lt_type_t *dyn = lt_type_tensor(ctx, 2, s2, f32, NULL);
  const lt_type_t *other = lt_type_tensor(ctx, 2, s3, f32, NULL);
  CHECK(lt_type_compatible(a, dyn));
  CHECK(!lt_type_compatible(a, other));
  const lt_type_t *ax86 = lt_type_with_place(ctx, a, h1);
  const lt_type_t *acl = lt_type_with_place(
      ctx, a, place(LK_TARGET_OPENCL, LK_PRECISION_F32, LK_LAYOUT_NCHW, 0));
  CHECK(lt_type_compatible(a, ax86)); /* unplaced matches any Place */
  CHECK(lt_type_compatible(lt_type_with_place(ctx, a, h0), ax86));
  CHECK(!lt_type_compatible(ax86, acl));
}

static void test_dtypes(lt_context_t *ctx) {
  for (int d = 0; d < LK_NUM_DTYPES; d++) {
    const lt_type_t *t = lt_lite_element_type(ctx, (lk_dtype_t)d);
    CHECK(t && lt_lite_dtype(t) == (lk_dtype_t)d);
  }
  CHECK(lt_lite_dtype(lt_type_index(ctx)) == LK_DTYPE_NONE);
  CHECK(lt_precision_of_element(lt_lite_element_type(ctx, LK_U8)) ==
        LK_PRECISION_U8);
  CHECK(lt_precision_of_element(lt_lite_element_type(ctx, LK_F64)) ==
        LK_PRECISION_ANY);
}

/* Builds x -> relu -> add(x, const) with inferred types, evaluates it. */
static void test_create_and_eval(lt_context_t *ctx) {
  lt_allocator_t al = lt_allocator_system();
  lt_builder_t b;
  lt_op_t *module = lite_module(ctx, &b);
  lt_loc_t loc = lt_loc_name(ctx, "node0", NULL);

  float cdata[3] = {1, 2, 3};
  int64_t cshape[1] = {3};
  const lt_type_t *ct = lt_type_tensor(ctx, 1, cshape, lt_type_f32(ctx), NULL);
  lt_named_attr_t cattr = {lt_ident_cstr(ctx, "value"),
                           lt_attr_dense(ctx, ct, cdata, sizeof cdata)};
  lt_op_t *c = lt_lite_create(&b, LT_LITE_CONSTANT, loc, 0, NULL, 1, &cattr, 1);
  CHECK(c && lt_op_result(c, 0)->type == ct);
  lt_op_t *none = lt_lite_create(&b, LT_LITE_NONE, loc, 0, NULL, 0, NULL, 1);
  CHECK(none && lt_op_result(none, 0)->type == lt_type_none(ctx));

  /* add(const[3], const[3]) infers tensor<3xf32> and evaluates. */
  lt_value_t *ops2[2] = {lt_op_result(c, 0), lt_op_result(c, 0)};
  lt_op_t *add = lt_lite_create(&b, LT_LITE_ADD, loc, 2, ops2, 0, NULL, 1);
  CHECK(add && lt_op_result(add, 0)->type == ct);
  CHECK(lt_lite_op_id(add) == LT_LITE_ADD);
  CHECK(strcmp(lt_lite_op_name(LT_LITE_ADD), "add") == 0);
  if (add) {
    lk_tensor_t in[2] = {{LK_F32, 1, {3}, cdata}, {LK_F32, 1, {3}, cdata}};
    lk_tensor_t out[1];
    CHECK(LT_SUCCEEDED(eval_op(add, in, out)));
    CHECK(out[0].dtype == LK_F32 && out[0].rank == 1 && out[0].dims[0] == 3);
    float *o = out[0].data;
    CHECK(o && o[0] == 2 && o[1] == 4 && o[2] == 6);
    release(out, 1);
  }

  /* An attribute the op does not know is refused with a diagnostic. */
  lite_log_t log = {0};
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, lite_log_fn, &log);
  lt_named_attr_t bogus = {lt_ident_cstr(ctx, "bogus"), lt_attr_unit(ctx)};
  lt_value_t *x = lt_op_result(c, 0);
  CHECK(lt_lite_create(&b, LT_LITE_RELU, loc, 1, &x, 1, &bogus, 1) == NULL);
  CHECK(log.all.errors == 1);
  /* Too many operands. */
  lt_value_t *three[3] = {x, x, x};
  CHECK(lt_lite_create(&b, LT_LITE_RELU, loc, 3, three, 0, NULL, 1) == NULL);
  CHECK(log.all.errors == 2);
  lt_diag_pop_handler(ctx, h);
  lite_log_free(&log);

  /* The constant's value reads back as a tensor view without a copy. */
  lk_tensor_t view;
  bool owned;
  CHECK(LT_SUCCEEDED(lt_lite_attr_tensor(ctx, loc, cattr.value, al, &view,
                                         &owned)));
  CHECK(!owned && view.rank == 1 && ((float *)view.data)[2] == 3);
  /* A splat is expanded. */
  float one = 1;
  const lt_attr_t *splat = lt_attr_dense(ctx, ct, &one, sizeof one);
  CHECK(LT_SUCCEEDED(lt_lite_attr_tensor(ctx, loc, splat, al, &view, &owned)));
  CHECK(owned && ((float *)view.data)[2] == 1);
  release(&view, 1);
  /* And lt_lite_dense_attr stores a uniform tensor as a splat. */
  float three_ones[3] = {1, 1, 1};
  lk_tensor_t ones = {LK_F32, 1, {3}, three_ones};
  CHECK(lt_lite_dense_attr(ctx, ct, &ones) == splat);

  lt_op_destroy(module);
}

/* Every op but constant, none and dispatch runs on its plan step and its
 * any reference kernel, found by its name. */
static void test_op_impls(void) {
  for (int id = 0; id < LT_LITE_NUM_OPS; id++) {
    const lt_lite_op_impl_t *impl = lt_lite_op_impl((lt_lite_op_id_t)id);
    const char *op = lt_lite_op_name((lt_lite_op_id_t)id);
    if (id == LT_LITE_CONSTANT || id == LT_LITE_NONE) {
      CHECK(!impl->step && !impl->kernel);
      continue;
    }
    CHECK(impl->step && strcmp(impl->step->op, op) == 0);
    /* A dispatch runs the code generated for it, found by its name. */
    if (id == LT_LITE_DISPATCH) {
      CHECK(!impl->kernel);
      continue;
    }
    CHECK(lk_kernel_runnable(impl->kernel) &&
          strcmp(impl->kernel->op, op) == 0 &&
          impl->kernel->place.precision == LK_PRECISION_ANY);
    if (!impl->step || !impl->kernel) fprintf(stderr, "  lite.%s\n", op);
  }
  /* Looked up once: the same record every time. */
  CHECK(lt_lite_op_impl(LT_LITE_ADD) == lt_lite_op_impl(LT_LITE_ADD));
}

int main(void) {
  lt_context_t *ctx = lite_context(NULL);
  test_place_attr(ctx);
  test_place_text(ctx);
  test_compat(ctx);
  test_dtypes(ctx);
  test_create_and_eval(ctx);
  test_op_impls();
  lt_context_destroy(ctx);
  return test_exit_status();
}

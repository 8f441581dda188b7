/* kernel_registry_test.c - the kernel registry: the builtin table against
 * the lite op table, Place spellings, the attribute constraint matcher,
 * runtime registration (copies, validation, duplicates) and listing. */
#include <stdlib.h>
#include <string.h>

#include "dialects/lite/lite.h"
#include "kernels/registry.h"
#include "test/unit/check.h"

/* Every lite op but constant and none has a host f32-or-any reference
 * kernel; every builtin kernel names a lite op. */
static void test_builtin_matches_ops(void) {
  lk_registry_t *r = lk_registry_create();
  CHECK(r != NULL);
  if (!r) return;
  size_t n = lk_registry_size(r);
  CHECK(n > 200);
  for (int id = 0; id < LT_LITE_NUM_OPS; id++) {
    const char *op = lt_lite_op_name((lt_lite_op_id_t)id);
    char name[128];
    snprintf(name, sizeof(name), "ref_%s__any_nchw", op);
    const lk_kernel_t *k = lk_registry_find(r, name);
    /* Data have no kernel, and a dispatch runs generated code. */
    bool none = id == LT_LITE_CONSTANT || id == LT_LITE_NONE ||
                id == LT_LITE_DISPATCH;
    CHECK(none ? k == NULL : k != NULL);
    if (!k) continue;
    CHECK(strcmp(k->op, op) == 0);
    CHECK(k->place.target == LK_TARGET_HOST);
    CHECK(k->place.layout == LK_LAYOUT_NCHW);
    CHECK(k->place.precision == LK_PRECISION_ANY);
  }
  for (size_t i = 0; i < n; i++) {
    const lk_kernel_t *k = lk_registry_at(r, i);
    bool known = false;
    for (int id = 0; id < LT_LITE_NUM_OPS && !known; id++)
      known = strcmp(lt_lite_op_name((lt_lite_op_id_t)id), k->op) == 0;
    CHECK(known);
    /* Names are unique: find returns this very row. */
    CHECK(lk_registry_find(r, k->name) == k);
    /* The f32 reference row of an op comes right before its any row. */
    if (k->place.precision == LK_PRECISION_F32 &&
        strncmp(k->name, "ref_", 4) == 0) {
      const lk_kernel_t *next = lk_registry_at(r, i + 1);
      CHECK(next && strcmp(next->op, k->op) == 0 &&
            next->place.precision == LK_PRECISION_ANY);
    }
  }
  /* The hand-written SIMD rows, after every reference row, x86's before
   * arm's: at <arch>:f32:nchw, callable on their own architecture only
   * (elsewhere descriptions, for compiling artifacts that run there); the
   * blocked layouts on x86 only. */
  static const struct {
    const char *name;
    lk_target_t target;
    bool here;
  } kSimd[] = {
#if defined(__x86_64__)
      {"x86_pool2d__f32_nchw", LK_TARGET_X86, true},
      {"arm_pool2d__f32_nchw", LK_TARGET_ARM, false},
#elif defined(__aarch64__)
      {"x86_pool2d__f32_nchw", LK_TARGET_X86, false},
      {"arm_pool2d__f32_nchw", LK_TARGET_ARM, true},
#else
      {"x86_pool2d__f32_nchw", LK_TARGET_X86, false},
      {"arm_pool2d__f32_nchw", LK_TARGET_ARM, false},
#endif
  };
  for (size_t i = 0; i < sizeof kSimd / sizeof kSimd[0]; i++) {
    const lk_kernel_t *pool = lk_registry_find(r, kSimd[i].name);
    CHECK(pool && lk_kernel_runnable(pool) == kSimd[i].here &&
          strcmp(pool->op, "pool2d") == 0);
    CHECK(pool && pool->place.target == kSimd[i].target &&
          pool->place.precision == LK_PRECISION_F32 &&
          lk_kernel_input(pool, 0).target == kSimd[i].target &&
          lk_kernel_output(pool, 0).target == kSimd[i].target);
  }
  CHECK(lk_registry_find(r, "x86_conv2d__f32_nchw16c") &&
        !lk_registry_find(r, "arm_conv2d__f32_nchw16c"));
  CHECK(strncmp(lk_registry_at(r, n - 1)->name, "arm_", 4) == 0);
  const lk_kernel_t *eq = lk_registry_find(r, "ref_equal__f32_nchw");
  CHECK(eq && lk_kernel_output(eq, 0).precision == LK_PRECISION_BOOL);
  CHECK(eq && lk_kernel_input(eq, 5).precision == LK_PRECISION_ANY);
  const lk_kernel_t *topk = lk_registry_find(r, "ref_top_k__f32_nchw");
  CHECK(topk && lk_kernel_output(topk, 0).precision == LK_PRECISION_F32);
  CHECK(topk && lk_kernel_output(topk, 1).precision == LK_PRECISION_I64);
  CHECK(lk_registry_find(r, "ref_and__f32_nchw") == NULL);
  CHECK(lk_registry_at(r, n) == NULL);
  /* The builtin rows are found without a registry, as the same rows. */
  for (size_t i = 0; i < n; i++) {
    const lk_kernel_t *k = lk_registry_at(r, i);
    CHECK(lk_builtin_kernel_find(k->name) == k);
  }
  CHECK(lk_builtin_kernel_find("ref_and__f32_nchw") == NULL);
  CHECK(lk_builtin_kernel_find("") == NULL);
  lk_registry_destroy(r);
}

/* Every spelling of the Place table names its enum value and back. */
static void test_place_spellings(void) {
  int i = 0;
#define X(e, s)                                                                \
  {                                                                            \
    lk_target_t v;                                                             \
    CHECK(LK_TARGET_##e == i++ &&                                              \
          strcmp(lk_target_name(LK_TARGET_##e), s) == 0 &&                     \
          lk_target_parse(s, strlen(s), &v) && v == LK_TARGET_##e);            \
  }
  LK_TARGETS(X)
#undef X
  CHECK(i == LK_NUM_TARGETS);
  i = 0;
#define X(e, s)                                                                \
  {                                                                            \
    lk_precision_t v;                                                          \
    CHECK(LK_PRECISION_##e == i++ &&                                           \
          strcmp(lk_precision_name(LK_PRECISION_##e), s) == 0 &&               \
          lk_precision_parse(s, strlen(s), &v) && v == LK_PRECISION_##e);      \
  }
  LK_PRECISIONS(X)
#undef X
  CHECK(i == LK_NUM_PRECISIONS);
  i = 0;
#define X(e, s, block)                                                         \
  {                                                                            \
    lk_layout_t v;                                                             \
    CHECK(LK_LAYOUT_##e == i++ &&                                              \
          strcmp(lk_layout_name(LK_LAYOUT_##e), s) == 0 &&                     \
          lk_layout_parse(s, strlen(s), &v) && v == LK_LAYOUT_##e &&           \
          lk_layout_channel_block(v) == block);                                \
  }
  LK_LAYOUTS(X)
#undef X
  CHECK(i == LK_NUM_LAYOUTS);
  /* The spellings the printed IR and --places options depend on. */
  const char *layouts = "nchw nhwc nchw4c nchw8c nchw16c any";
  char joined[64] = "";
  for (int l = 0; l < LK_NUM_LAYOUTS; l++)
    snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s",
             l ? " " : "", lk_layout_name((lk_layout_t)l));
  CHECK(strcmp(joined, layouts) == 0);
  CHECK(lk_layout_channel_block(LK_LAYOUT_NCHW16C) == 16);
  CHECK(strcmp(lk_target_name((lk_target_t)LK_NUM_TARGETS), "?") == 0);
  CHECK(strcmp(lk_layout_name((lk_layout_t)-1), "?") == 0);
  lk_layout_t l;
  CHECK(!lk_layout_parse("nchw8", 5, &l) && !lk_layout_parse("", 0, &l));

  /* Every target:precision:layout round-trips through parse and format. */
  for (int t = 0; t < LK_NUM_TARGETS; t++)
    for (int p = 0; p < LK_NUM_PRECISIONS; p++)
      for (int y = 0; y < LK_NUM_LAYOUTS; y++) {
        lk_place_t in = {(lk_target_t)t, (lk_precision_t)p, (lk_layout_t)y,
                         (t + p + y) % 3};
        char buf[64];
        lk_place_format(in, buf, sizeof buf);
        lk_place_t out;
        CHECK(lk_place_parse(buf, strlen(buf), &out) &&
              out.target == in.target && out.precision == in.precision &&
              out.layout == in.layout && out.device == in.device);
      }

  /* Precisions and the dtypes they store. */
  for (int p = 0; p < LK_NUM_PRECISIONS; p++) {
    lk_dtype_t d = lk_dtype_of_precision((lk_precision_t)p);
    CHECK(p == LK_PRECISION_ANY
              ? d == LK_DTYPE_NONE
              : lk_precision_of_dtype(d) == (lk_precision_t)p);
  }
  CHECK(lk_precision_of_dtype(LK_U8) == LK_PRECISION_U8);
  CHECK(lk_precision_of_dtype(LK_F64) == LK_PRECISION_ANY);
  CHECK(lk_target_is_host_memory(LK_TARGET_ARM) &&
        !lk_target_is_host_memory(LK_TARGET_OPENCL) &&
        !lk_target_is_host_memory(LK_TARGET_ANY));
}

static void test_places(void) {
  lk_place_t p;
  const char *s = "x86:f32:nchw8c";
  CHECK(lk_place_parse(s, strlen(s), &p));
  CHECK(p.target == LK_TARGET_X86 && p.precision == LK_PRECISION_F32 &&
        p.layout == LK_LAYOUT_NCHW8C);
  char buf[64];
  lk_place_format(p, buf, sizeof(buf));
  CHECK(strcmp(buf, s) == 0);
  /* A prefix of a longer text: only n bytes count. */
  CHECK(lk_place_parse("opencl:f16:nhwc,host", 15, &p));
  CHECK(p.target == LK_TARGET_OPENCL && p.layout == LK_LAYOUT_NHWC &&
        p.device == 0);
  /* A device, when given, is a fourth field; 0 is the default and is not
   * printed. */
  CHECK(lk_place_parse("opencl:f16:nchw:1", 17, &p) && p.device == 1);
  lk_place_format(p, buf, sizeof(buf));
  CHECK(strcmp(buf, "opencl:f16:nchw:1") == 0);
  CHECK(lk_place_parse("x86:f32:nchw16c:0", 17, &p) && p.device == 0 &&
        p.layout == LK_LAYOUT_NCHW16C);
  lk_place_format(p, buf, sizeof(buf));
  CHECK(strcmp(buf, "x86:f32:nchw16c") == 0);
  const char *bad[] = {"",
                       "x86",
                       "x86:f32",
                       "x86:f32:nchw9c",
                       "cpu:f32:nchw",
                       "x86:f33:nchw",
                       "x86:f32:nchw:",
                       "x86:f32:nchw:-1",
                       "x86:f32:nchw:1x",
                       "x86:f32:nchw:1:2",
                       "x86:f32:nchw:2147483648",
                       "x86::nchw"};
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
    CHECK(!lk_place_parse(bad[i], strlen(bad[i]), &p));
}

/* ---- the matcher ----------------------------------------------------------
 */
typedef struct fake_attrs {
  const char *names[4];
  lk_attr_value_t values[4];
  int count;
} fake_attrs_t;

static bool fake_lookup(void *user, const char *name, lk_attr_value_t *out) {
  fake_attrs_t *a = user;
  for (int i = 0; i < a->count; i++)
    if (strcmp(a->names[i], name) == 0) {
      *out = a->values[i];
      return true;
    }
  return false;
}

static lk_attr_value_t ints(const int64_t *v, int32_t n) {
  return (lk_attr_value_t){
      .kind = LK_ATTR_VALUE_INTS, .ints = v, .num_ints = n};
}

static void test_matcher(void) {
  static const int64_t three[] = {3}, one[] = {1}, k33[] = {3, 3},
                       k35[] = {3, 5}, s11[] = {1, 1}, s21[] = {2, 1};
  static const char *const acts[] = {"relu", "relu6"};
  const lk_attr_constraint_t cs[] = {
      {.attr = "kernel_shape",
       .kind = LK_CONSTRAINT_INTS_EACH_IN,
       .values = three,
       .num_values = 1},
      {.attr = "strides",
       .kind = LK_CONSTRAINT_INTS_EACH_IN,
       .absent_ok = true,
       .values = one,
       .num_values = 1},
      {.attr = "group",
       .kind = LK_CONSTRAINT_INT_RANGE,
       .absent_ok = true,
       .lo = 1,
       .hi = 4},
      {.attr = "activation",
       .kind = LK_CONSTRAINT_STRING_IN,
       .absent_ok = true,
       .strings = acts,
       .num_strings = 2},
  };
  const lk_kernel_t k = {
      .name = "t", .op = "conv2d", .constraints = cs, .num_constraints = 4};
  const lk_attr_constraint_t *failed = NULL;

  fake_attrs_t a = {
      .names = {"kernel_shape"}, .values = {ints(k33, 2)}, .count = 1};
  CHECK(lk_kernel_accepts(&k, fake_lookup, &a, &failed));

  a.values[0] = ints(k35, 2);
  CHECK(!lk_kernel_accepts(&k, fake_lookup, &a, &failed));
  CHECK(failed == &cs[0]);

  a.count = 0; /* kernel_shape is required */
  CHECK(!lk_kernel_accepts(&k, fake_lookup, &a, &failed) && failed == &cs[0]);

  a = (fake_attrs_t){.names = {"kernel_shape", "strides"},
                     .values = {ints(k33, 2), ints(s21, 2)},
                     .count = 2};
  CHECK(!lk_kernel_accepts(&k, fake_lookup, &a, &failed) && failed == &cs[1]);
  a.values[1] = ints(s11, 2);
  CHECK(lk_kernel_accepts(&k, fake_lookup, &a, NULL));

  /* Range bounds are inclusive; a wrong kind never matches. */
  a.names[2] = "group";
  a.count = 3;
  for (int64_t g = 0; g <= 5; g++) {
    a.values[2] = (lk_attr_value_t){.kind = LK_ATTR_VALUE_INT, .i = g};
    CHECK(lk_kernel_accepts(&k, fake_lookup, &a, NULL) == (g >= 1 && g <= 4));
  }
  a.values[2] = (lk_attr_value_t){.kind = LK_ATTR_VALUE_FLOAT, .f = 1.0};
  CHECK(!lk_kernel_accepts(&k, fake_lookup, &a, &failed) && failed == &cs[2]);
  a.values[2] = (lk_attr_value_t){.kind = LK_ATTR_VALUE_INT, .i = 2};

  a.names[3] = "activation";
  a.count = 4;
  a.values[3] =
      (lk_attr_value_t){.kind = LK_ATTR_VALUE_STRING, .s = "relu6x", .n = 5};
  CHECK(lk_kernel_accepts(&k, fake_lookup, &a, NULL)); /* "relu6" */
  a.values[3].n = 4;
  CHECK(lk_kernel_accepts(&k, fake_lookup, &a, NULL)); /* "relu" */
  a.values[3].n = 6;
  CHECK(!lk_kernel_accepts(&k, fake_lookup, &a, &failed) && failed == &cs[3]);

  /* INT_IN and an empty int list (vacuously every element). */
  const lk_attr_constraint_t in = {.attr = "g",
                                   .kind = LK_CONSTRAINT_INT_IN,
                                   .values = k35,
                                   .num_values = 2};
  lk_attr_value_t v = {.kind = LK_ATTR_VALUE_INT, .i = 5};
  CHECK(lk_constraint_holds(&in, true, &v));
  v.i = 4;
  CHECK(!lk_constraint_holds(&in, true, &v));
  CHECK(!lk_constraint_holds(&in, false, &v));
  lk_attr_value_t empty = ints(NULL, 0);
  CHECK(lk_constraint_holds(&cs[0], true, &empty));

  char buf[128];
  lk_constraint_format(&cs[1], buf, sizeof(buf));
  CHECK(strcmp(buf, "strides each in {1} or absent") == 0);
  lk_constraint_format(&cs[2], buf, sizeof(buf));
  CHECK(strcmp(buf, "group range [1, 4] or absent") == 0);
  lk_constraint_format(&cs[3], buf, sizeof(buf));
  CHECK(strcmp(buf, "activation in {\"relu\", \"relu6\"} or absent") == 0);
  lk_constraint_format(&cs[0], buf, 8); /* truncated, terminated */
  CHECK(strlen(buf) == 7);
}

/* ---- registration ---------------------------------------------------------
 */
static void test_registration(void) {
  lk_registry_t *r = lk_registry_create();
  CHECK(r != NULL);
  if (!r) return;
  size_t n0 = lk_registry_size(r);

  /* Everything the caller passes may go away after registration. */
  char *name = strdup("x86_softmax__f32_nchw8c");
  char *attr = strdup("axis");
  int64_t *axes = malloc(2 * sizeof(int64_t));
  lk_place_t *in = malloc(sizeof(lk_place_t));
  lk_attr_constraint_t *c = malloc(sizeof(*c));
  CHECK(name && attr && axes && in && c);
  if (!name || !attr || !axes || !in || !c) return;
  axes[0] = -1;
  axes[1] = 3;
  *in = (lk_place_t)LK_PLACE(LK_TARGET_X86, LK_PRECISION_F32, LK_LAYOUT_NCHW8C);
  *c = (lk_attr_constraint_t){.attr = attr,
                              .kind = LK_CONSTRAINT_INT_IN,
                              .absent_ok = true,
                              .values = axes,
                              .num_values = 2};
  lk_kernel_t k = {.name = name,
                   .op = "softmax",
                   .place = *in,
                   .inputs = in,
                   .num_inputs = 1,
                   .constraints = c,
                   .num_constraints = 1,
                   .summary = "x86 softmax"};
  CHECK(lk_registry_add(r, &k) == LK_REG_OK);
  CHECK(lk_registry_add(r, &k) == LK_REG_DUPLICATE);
  free(name);
  free(attr);
  free(axes);
  free(in);
  free(c);
  CHECK(lk_registry_size(r) == n0 + 1);
  const lk_kernel_t *got = lk_registry_find(r, "x86_softmax__f32_nchw8c");
  CHECK(got && got == lk_registry_at(r, n0));
  if (got) {
    CHECK(strcmp(got->op, "softmax") == 0);
    CHECK(got->place.layout == LK_LAYOUT_NCHW8C);
    CHECK(lk_kernel_input(got, 2).target == LK_TARGET_X86);
    /* No declared outputs: they are at the kernel's Place. */
    CHECK(lk_kernel_output(got, 0).layout == LK_LAYOUT_NCHW8C);
    CHECK(got->num_constraints == 1 &&
          strcmp(got->constraints[0].attr, "axis") == 0 &&
          got->constraints[0].values[1] == 3);
    CHECK(strcmp(got->summary, "x86 softmax") == 0 && got->source == NULL);
  }

  /* Invalid descriptions are refused and leave the registry as it was. */
  lk_kernel_t bad = {.name = "Bad Name", .op = "relu"};
  CHECK(lk_registry_add(r, &bad) == LK_REG_INVALID);
  bad.name = "";
  CHECK(lk_registry_add(r, &bad) == LK_REG_INVALID);
  bad.name = "ok_name";
  bad.op = NULL;
  CHECK(lk_registry_add(r, &bad) == LK_REG_INVALID);
  bad.op = "relu";
  bad.place.target = (lk_target_t)99;
  CHECK(lk_registry_add(r, &bad) == LK_REG_INVALID);
  bad.place.target = LK_TARGET_ARM;
  bad.place.device = 1; /* a kernel runs on every device of its target */
  CHECK(lk_registry_add(r, &bad) == LK_REG_INVALID);
  bad.place.device = 0;
  bad.num_inputs = 2; /* no array */
  CHECK(lk_registry_add(r, &bad) == LK_REG_INVALID);
  bad.num_inputs = 0;
  const lk_attr_constraint_t empty_set = {.attr = "a",
                                          .kind = LK_CONSTRAINT_INT_IN};
  bad.constraints = &empty_set;
  bad.num_constraints = 1;
  CHECK(lk_registry_add(r, &bad) == LK_REG_INVALID);
  const lk_attr_constraint_t inverted = {
      .attr = "a", .kind = LK_CONSTRAINT_INT_RANGE, .lo = 2, .hi = 1};
  bad.constraints = &inverted;
  CHECK(lk_registry_add(r, &bad) == LK_REG_INVALID);
  CHECK(lk_registry_add(NULL, &bad) == LK_REG_INVALID);
  CHECK(lk_registry_size(r) == n0 + 1);
  bad.num_constraints = 0;
  CHECK(lk_registry_add(r, &bad) == LK_REG_OK);
  CHECK(strcmp(lk_reg_status_message(LK_REG_DUPLICATE),
               "a kernel of that name is already registered") == 0);

  /* Registries are independent: a fresh one has only the builtin rows. */
  lk_registry_t *other = lk_registry_create();
  CHECK(other && lk_registry_size(other) == n0);
  CHECK(other && !lk_registry_find(other, "x86_softmax__f32_nchw8c"));
  lk_registry_destroy(other);
  lk_registry_t *empty = lk_registry_create_empty();
  CHECK(empty && lk_registry_size(empty) == 0);
  CHECK(empty && lk_registry_add(empty, &bad) == LK_REG_OK);
  lk_registry_destroy(empty);

  /* The copy keeps the row's constraint, as its text shows
   * (lite-opt --list-kernels prints the same). */
  const lk_kernel_t *added = lk_registry_find(r, "x86_softmax__f32_nchw8c");
  CHECK(added && added->num_constraints == 1);
  if (added && added->num_constraints == 1) {
    char text[128];
    lk_constraint_format(&added->constraints[0], text, sizeof(text));
    CHECK(strcmp(text, "axis in {-1, 3} or absent") == 0);
  }
  lk_registry_destroy(r);
  lk_registry_destroy(NULL);
}

int main(void) {
  test_builtin_matches_ops();
  test_place_spellings();
  test_places();
  test_matcher();
  test_registration();
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

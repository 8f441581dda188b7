/* kernel_injection_test.c - the context's extensions (set, replace, remove,
 * destroy once at context destruction, out of memory) and the kernel
 * registry on top of them: a registry injected into a context is the one
 * lite-pick-kernels, lite-infer-places and lite-insert-casts use; a context
 * without one gets the builtin table, created once. */
#include "ir/pass_manager.h"
#include "passes/jit_kernels.h"
#include "passes/kernel_registry.h"
#include "passes/passes.h"

#include "test/unit/lite_test_util.h"

/* ---- extensions ------------------------------------------------------------
 */
static const lt_context_key_t kKeyA = {"test extension a"};
static const lt_context_key_t kKeyB = {"test extension b"};
static const lt_context_key_t kKeyC = {"test extension c"};

/* What the destroy callback saw, in order. */
typedef struct destroyed {
  const void *ptrs[8];
  int count;
} destroyed_t;

static destroyed_t g_destroyed;

static void record_destroy(lt_context_t *ctx, void *ptr) {
  (void)ctx;
  if (g_destroyed.count < 8) g_destroyed.ptrs[g_destroyed.count] = ptr;
  g_destroyed.count++;
}

/* An extension allocated from the context's allocator, freed by its destroy:
 * the context must still be whole when extensions go. */
typedef struct ctx_owned {
  int value;
} ctx_owned_t;

static void free_ctx_owned(lt_context_t *ctx, void *ptr) {
  record_destroy(ctx, ptr);
  lt_free(lt_context_allocator(ctx), ptr, sizeof(ctx_owned_t));
}

static void test_extensions(void) {
  g_destroyed = (destroyed_t){0};
  lt_context_t *ctx = lite_context(NULL);
  int one = 1, two = 2, borrowed = 3;
  CHECK(lt_context_extension(ctx, &kKeyA) == NULL);
  CHECK(lt_context_set_extension(ctx, &kKeyA, &one, record_destroy) == LT_OK);
  CHECK(lt_context_extension(ctx, &kKeyA) == &one);
  CHECK(lt_context_extension(ctx, &kKeyB) == NULL);

  /* Replacing destroys the owned one it replaces, once. */
  CHECK(lt_context_set_extension(ctx, &kKeyA, &two, record_destroy) == LT_OK);
  CHECK(lt_context_extension(ctx, &kKeyA) == &two);
  CHECK(g_destroyed.count == 1 && g_destroyed.ptrs[0] == &one);
  /* Setting the same pointer again changes only who owns it. */
  CHECK(lt_context_set_extension(ctx, &kKeyA, &two, record_destroy) == LT_OK);
  CHECK(g_destroyed.count == 1);
  /* Removing destroys it; removing what is not there is a no-op. */
  CHECK(lt_context_set_extension(ctx, &kKeyA, NULL, NULL) == LT_OK);
  CHECK(lt_context_extension(ctx, &kKeyA) == NULL);
  CHECK(g_destroyed.count == 2 && g_destroyed.ptrs[1] == &two);
  CHECK(lt_context_set_extension(ctx, &kKeyA, NULL, NULL) == LT_OK);
  CHECK(g_destroyed.count == 2);

  /* A borrowed one is never destroyed; owned ones go once each at context
   * destruction, newest first, with the context's allocator still usable. */
  CHECK(lt_context_set_extension(ctx, &kKeyB, &borrowed, NULL) == LT_OK);
  ctx_owned_t *a = lt_alloc(lt_context_allocator(ctx), sizeof(*a));
  ctx_owned_t *c = lt_alloc(lt_context_allocator(ctx), sizeof(*c));
  CHECK(a && c);
  if (!a || !c) return;
  CHECK(lt_context_set_extension(ctx, &kKeyA, a, free_ctx_owned) == LT_OK);
  CHECK(lt_context_set_extension(ctx, &kKeyC, c, free_ctx_owned) == LT_OK);
  CHECK(lt_context_extension(ctx, &kKeyB) == &borrowed);
  CHECK(lt_context_extension(ctx, &kKeyA) == a);
  CHECK(lt_context_extension(ctx, &kKeyC) == c);
  /* Removing one in the middle keeps the others under their keys. */
  CHECK(lt_context_set_extension(ctx, &kKeyB, NULL, NULL) == LT_OK);
  CHECK(lt_context_extension(ctx, &kKeyA) == a);
  CHECK(lt_context_extension(ctx, &kKeyC) == c);
  CHECK(g_destroyed.count == 2);
  lt_context_destroy(ctx);
  CHECK(g_destroyed.count == 4);
  CHECK(g_destroyed.ptrs[2] == c && g_destroyed.ptrs[3] == a);
}

/* ---- out of memory ----------------------------------------------------- */
/* The system allocator, failing every request while `fail` is set. */
typedef struct switchable {
  bool fail;
} switchable_t;

static void *switchable_fn(void *self, void *ptr, size_t old_size,
                           size_t new_size) {
  switchable_t *s = self;
  if (new_size && s->fail) return NULL;
  lt_allocator_t sys = lt_allocator_system();
  return sys.fn(sys.self, ptr, old_size, new_size);
}

static void test_out_of_memory(void) {
  g_destroyed = (destroyed_t){0};
  switchable_t sw = {false};
  lt_context_t *ctx = NULL;
  lt_status_t st =
      lt_context_create((lt_allocator_t){&sw, switchable_fn}, &ctx);
  CHECK(st == LT_OK && ctx);
  if (!ctx) return;
  sw.fail = true;
  int one = 1;
  st = lt_context_set_extension(ctx, &kKeyA, &one, record_destroy);
  CHECK(lt_status_code(st) == LT_STATUS_OUT_OF_MEMORY);
  CHECK(strstr(lt_status_message(st), "test extension a") != NULL);
  lt_status_free(st);
  CHECK(lt_context_extension(ctx, &kKeyA) == NULL);
  CHECK(g_destroyed.count == 0); /* still the caller's */

  /* The builtin registry cannot be kept: none, and nothing leaks. */
  CHECK(lt_kernels_registry(ctx) == NULL);
  /* Nor an injected one, which stays the caller's to destroy. */
  lk_registry_t *mine = lk_registry_create_empty();
  CHECK(mine != NULL);
  st = lt_kernels_set_registry(ctx, mine, true);
  CHECK(lt_status_code(st) == LT_STATUS_OUT_OF_MEMORY);
  lt_status_free(st);
  lk_registry_destroy(mine);

  sw.fail = false;
  CHECK(lt_kernels_registry(ctx) != NULL);
  lt_context_destroy(ctx);
  CHECK(g_destroyed.count == 0);
}

/* ---- the placement passes' registry ----------------------------------- */
static const char kModule[] =
    "func.func @main(%x: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {\n"
    "  %r = \"lite.relu\"(%x) : (tensor<1x8x4x4xf32>) -> "
    "tensor<1x8x4x4xf32>\n"
    "  %s = \"lite.sigmoid\"(%r) : (tensor<1x8x4x4xf32>) -> "
    "tensor<1x8x4x4xf32>\n"
    "  return %s : tensor<1x8x4x4xf32>\n"
    "}\n";

static const char kPipeline[] =
    "builtin.module(func.func(lite-pick-kernels{places=x86:f32:nchw8c,"
    "host:f32:nchw},lite-infer-places{places=x86:f32:nchw8c,host:f32:nchw},"
    "lite-insert-casts))";

/* A relu at a Place no builtin kernel has. */
static const lk_place_t kX86Blocked[] = {
    LK_PLACE(LK_TARGET_X86, LK_PRECISION_F32, LK_LAYOUT_NCHW8C)};
static const lk_kernel_t kExtraRelu = {
    .name = "inj_x86_relu__f32_nchw8c",
    .op = "relu",
    .place = LK_PLACE(LK_TARGET_X86, LK_PRECISION_F32, LK_LAYOUT_NCHW8C),
    .inputs = kX86Blocked,
    .num_inputs = 1,
    .outputs = kX86Blocked,
    .num_outputs = 1,
    .summary = "test: an x86 relu on blocked channels"};

/* The builtin table plus kExtraRelu. */
static lk_registry_t *registry_with_extra_relu(void) {
  lk_registry_t *r = lk_registry_create();
  CHECK(r != NULL);
  if (r) CHECK(lk_registry_add(r, &kExtraRelu) == LK_REG_OK);
  return r;
}

/* What kPipeline made of kModule on ctx. */
typedef struct placed {
  bool ok;
  char relu_kernel[64];    /* lite.kernel of the relu ("" if none) */
  bool relu_arg_cast;      /* the relu reads a cast, not the argument */
  bool relu_blocked;       /* its result is x86 nchw8c */
  char sigmoid_kernel[64]; /* lite.kernel of the sigmoid */
} placed_t;

static void kernel_of(lt_op_t *op, char *out, size_t n) {
  const lt_attr_t *a = lt_op_attr(op, "lite.kernel");
  if (a && a->kind == LT_ATTR_STRING)
    snprintf(out, n, "%.*s", (int)a->str.len, a->str.data);
}

static placed_t run_placement(lt_context_t *ctx) {
  placed_t p = {0};
  lt_op_t *module = lite_parse(ctx, kModule);
  CHECK(module != NULL);
  if (!module) return p;
  lt_pass_manager_t *pm = NULL;
  p.ok = LT_SUCCEEDED(lt_pass_pipeline_parse(ctx, kPipeline, &pm)) &&
         LT_SUCCEEDED(lt_pass_manager_run(pm, module)) &&
         LT_SUCCEEDED(lt_op_verify(module));
  lt_pass_manager_destroy(pm);
  lt_op_t *func = lt_op_region(module, 0)->first->first;
  for (lt_op_t *op = lt_op_region(func, 0)->first->first; op; op = op->next) {
    if (lt_lite_op_id(op) == LT_LITE_RELU) {
      kernel_of(op, p.relu_kernel, sizeof p.relu_kernel);
      p.relu_arg_cast = !lt_op_operand(op, 0)->is_block_arg;
      lk_place_t place;
      p.relu_blocked = lt_place_of_type(lt_op_result(op, 0)->type, &place) &&
                       place.target == LK_TARGET_X86 &&
                       place.layout == LK_LAYOUT_NCHW8C;
    } else if (lt_lite_op_id(op) == LT_LITE_SIGMOID) {
      kernel_of(op, p.sigmoid_kernel, sizeof p.sigmoid_kernel);
    }
  }
  lt_op_destroy(module);
  return p;
}

/* An injected registry (owned by the context) is the one all three passes
 * read: pick chooses its extra kernel, infer-places gives the relu the
 * kernel's Place, insert-casts moves the argument there. */
static void test_injected_registry_is_used(void) {
  lite_log_t log;
  lt_context_t *ctx = lite_context(&log);
  lk_registry_t *r = registry_with_extra_relu();
  if (!r) return;
  CHECK(lt_kernels_set_registry(ctx, r, true) == LT_OK);
  CHECK(lt_kernels_registry(ctx) == r);
  placed_t p = run_placement(ctx);
  CHECK(p.ok);
  CHECK(strcmp(p.relu_kernel, "inj_x86_relu__f32_nchw8c") == 0);
  CHECK(p.relu_arg_cast);
  CHECK(p.relu_blocked);
  CHECK(strncmp(p.sigmoid_kernel, "ref_sigmoid__", 13) == 0);
  lt_context_destroy(ctx); /* destroys r: ASan reports a leak otherwise */
  lite_log_free(&log);
}

/* Without injection: the builtin table, created once per context; the extra
 * kernel of another context is not in it. */
static void test_builtin_registry_by_default(void) {
  lite_log_t log;
  lt_context_t *ctx = lite_context(&log);
  lk_registry_t *r = lt_kernels_registry(ctx);
  CHECK(r != NULL);
  if (!r) return;
  CHECK(lt_kernels_registry(ctx) == r);
  /* The builtin rows in their order, then (with LLVM) the generated
   * kernels' rows and nothing else. */
  lk_registry_t *builtin = lk_registry_create();
  size_t nb = builtin ? lk_registry_size(builtin) : 0;
  CHECK(builtin && lk_registry_size(r) >= nb);
  for (size_t i = 0; builtin && i < lk_registry_size(r); i++)
    CHECK(i < nb ? strcmp(lk_registry_at(r, i)->name,
                          lk_registry_at(builtin, i)->name) == 0
                 : lt_jit_kernel_name(lk_registry_at(r, i)->name));
  lk_registry_destroy(builtin);
  CHECK(lk_registry_find(r, kExtraRelu.name) == NULL);
  placed_t p = run_placement(ctx);
  CHECK(p.ok);
  CHECK(strncmp(p.relu_kernel, "ref_relu__", 10) == 0);
  CHECK(!p.relu_arg_cast);
  CHECK(!p.relu_blocked);
  CHECK(lt_kernels_registry(ctx) == r); /* the passes made no other */
  lt_context_destroy(ctx);
  lite_log_free(&log);
}

/* A kernel added to the context's own registry is seen by later runs. */
static void test_added_kernel_is_used(void) {
  lite_log_t log;
  lt_context_t *ctx = lite_context(&log);
  lk_registry_t *r = lt_kernels_registry(ctx);
  CHECK(r != NULL);
  if (!r) return;
  CHECK(lk_registry_add(r, &kExtraRelu) == LK_REG_OK);
  placed_t p = run_placement(ctx);
  CHECK(p.ok);
  CHECK(strcmp(p.relu_kernel, "inj_x86_relu__f32_nchw8c") == 0);
  lt_context_destroy(ctx);
  lite_log_free(&log);
}

/* A borrowed registry outlives the context; a registry without the op's
 * kernels makes the pick fail, so the passes read nothing else; NULL goes
 * back to the builtin table. */
static void test_borrowed_registry(void) {
  lite_log_t log;
  lt_context_t *ctx = lite_context(&log);
  lk_registry_t *empty = lk_registry_create_empty();
  CHECK(empty != NULL);
  if (!empty) return;
  CHECK(lt_kernels_set_registry(ctx, empty, false) == LT_OK);
  CHECK(lt_kernels_registry(ctx) == empty);
  placed_t p = run_placement(ctx);
  CHECK(!p.ok);
  CHECK(lite_log_has(&log, "no kernel for 'lite.relu'"));
  CHECK(p.relu_kernel[0] == 0);

  CHECK(lt_kernels_set_registry(ctx, NULL, false) == LT_OK);
  lite_log_reset(&log);
  lk_registry_t *builtin = lt_kernels_registry(ctx);
  CHECK(builtin != NULL && builtin != empty);
  p = run_placement(ctx);
  CHECK(p.ok);
  CHECK(strncmp(p.relu_kernel, "ref_relu__", 10) == 0);

  /* Borrowed again, then the context goes: the registry is still ours. */
  CHECK(lt_kernels_set_registry(ctx, empty, false) == LT_OK);
  lt_context_destroy(ctx);
  CHECK(lk_registry_size(empty) == 0);
  lk_registry_destroy(empty);
  lite_log_free(&log);
}

int main(void) {
  CHECK(lt_register_core_passes());
  test_extensions();
  test_out_of_memory();
  test_injected_registry_is_used();
  test_builtin_registry_by_default();
  test_added_kernel_is_used();
  test_borrowed_registry();
  return test_exit_status();
}

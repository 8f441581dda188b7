/* pipelines.c - the named pipelines, as code: one function per pipeline
 * that adds its passes to the pass manager it is named in, registered under
 * the name `--<name>` and pipeline text (`builtin.module(lite-optimize)`)
 * use. */
#include <string.h>

#include "kernels/place.h"
#include "passes/fixed_point.h"
#include "passes/pass_list.h"
#include "passes/passes.h"

/* Adds passes[0..n) with their default options, in order. */
static lt_result_t add_passes(lt_pass_manager_t *pm,
                              const lt_pass_info_t *const *passes, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (LT_FAILED(lt_pass_manager_add(pm, passes[i], NULL, NULL)))
      return LT_FAILURE;
  return LT_SUCCESS;
}

/* Run on a module: builtin.module(symbol-dce,func.func(canonicalize,cse)).
 * Unused private symbols go first, then every function is cleaned up. */
static lt_result_t build_lite_default(lt_pass_manager_t *pm) {
  if (LT_FAILED(lt_pass_manager_add(pm, &lt_symbol_dce_pass, NULL, NULL)))
    return LT_FAILURE;
  lt_pass_manager_t *func = lt_pass_manager_nest(pm, "func.func");
  if (!func) return LT_FAILURE;
  static const lt_pass_info_t *const cleanup[] = {&lt_canonicalize_pass,
                                                  &lt_cse_pass};
  return add_passes(func, cleanup, LT_ARRAY_SIZE(cleanup));
}

/* Rounds of lite-optimize; graphs seen so far settle in two or three. */
#define LT_LITE_OPTIMIZE_MAX_ROUNDS 8

/* lite-fixed-point over the graph optimizations, in the order each round
 * runs them. Left out on purpose: the target-specific rewrites
 * (split-group-conv, replace-matmul-with-conv, expand-shuffle-channel),
 * which undo what this pipeline builds. */
static lt_result_t build_lite_optimize(lt_pass_manager_t *pm) {
  /* The fusions of whole decomposed subgraphs come first: they match the
   * forms exporters write, which folding rewrites (a scalar add or mul
   * becomes a lite.scale or an attribute) and a pairwise fusion would take
   * ops out of. Then folding (it makes the constants and attribute forms
   * the others match on), redundancy (so that no-ops and duplicates do not
   * block single-use fusions), the pairwise fusions, conv before matmul
   * and the elementwise+activation fusion last (conv and fc take their
   * activations first); then the replacements of ops by cheaper
   * equivalents (batch_norms no conv absorbed, prelu, matmul by fc, ...),
   * which enable fusions in the next round, and the forwarding of
   * elementwise work to smaller tensors. */
  static const lt_pass_info_t *const round[] = {
      &lt_fuse_layer_norm_pass,
      &lt_fuse_gelu_pass,
      &lt_fuse_swish_pass,
      &lt_fuse_attention_pass,
      &lt_fuse_shuffle_channel_pass,
      &lt_fuse_transpose_softmax_pass,

      &lt_fold_constants_pass,
      &lt_eliminate_redundant_pass,
      &lt_cse_pass,

      &lt_fuse_conv_bn_pass,
      &lt_fuse_conv_bias_pass,
      &lt_fuse_conv_scale_pass,
      &lt_fuse_conv_conv_pass,
      &lt_fuse_conv_residual_pass,
      &lt_fuse_conv_activation_pass,
      &lt_fuse_matmul_add_pass,
      &lt_fuse_matmul_scale_pass,
      &lt_fuse_matmul_bn_pass,
      &lt_fuse_scales_pass,
      &lt_fuse_elementwise_activation_pass,

      &lt_replace_batch_norm_pass,
      &lt_replace_prelu_pass,
      &lt_replace_matmul_with_fc_pass,
      &lt_replace_conv_with_fc_pass,
      &lt_replace_reduce_mean_with_pool_pass,
      &lt_forward_ops_pass,
  };
  lt_pass_manager_t *each_round = NULL;
  if (LT_FAILED(
          lt_fixed_point_add(pm, LT_LITE_OPTIMIZE_MAX_ROUNDS, &each_round)))
    return LT_FAILURE;
  return add_passes(each_round, round, LT_ARRAY_SIZE(round));
}

bool lt_kernel_kinds_name(const char *kinds, const char *kind) {
  size_t n = strlen(kind);
  for (const char *p = kinds ? kinds : ""; *p;) {
    p += strspn(p, ", ");
    size_t w = strcspn(p, ", ");
    if (w == n && strncmp(p, kind, n) == 0) return true;
    p += w;
  }
  return false;
}

/* Whether places lists a blocked layout (nchw8c, nchw16c); the others,
 * in order, into *plain. */
static bool blocked_places(const char *places, lt_strbuf_t *plain) {
  bool any = false;
  for (const char *p = places; *p;) {
    p += strspn(p, ", ");
    size_t n = strcspn(p, ",");
    lk_place_t place;
    if (n && lk_place_parse(p, n, &place) &&
        lk_layout_channel_block(place.layout) > 1) {
      any = true;
    } else if (n) {
      if (plain->data && plain->data[0]) lt_strbuf_putc(plain, ',');
      lt_strbuf_printf(plain, "%.*s", (int)n, p);
    }
    p += n;
  }
  return any;
}

void lt_lite_compile_pipeline(const lt_lite_compile_config_t *c,
                              lt_strbuf_t *sb) {
  const char *places = c && c->places && *c->places ? c->places : NULL;
  const char *kinds =
      c && c->kernel_kinds && *c->kernel_kinds ? c->kernel_kinds : NULL;
  const char *autotune = c ? c->autotune : NULL;
  int width = c && c->vector_width > 0 ? c->vector_width : 0;
  /* Measuring chooses between generated and hand-written kernels: it needs
   * both. */
  if (autotune && !kinds) kinds = "jit,ref";
  if (!c || !c->no_optimize) lt_strbuf_puts(sb, "lite-optimize,");
  lt_strbuf_puts(sb, "func.func(lite-pick-kernels");
  if (places && kinds)
    lt_strbuf_printf(sb, "{places=%s kernel-kinds=%s}", places, kinds);
  else if (places)
    lt_strbuf_printf(sb, "{places=%s}", places);
  else if (kinds)
    lt_strbuf_printf(sb, "{kernel-kinds=%s}", kinds);
  /* A blocked place: the layout choice weighs the pick's blocked regions,
   * and lite-autotune measures the rest at the unblocked places (one op at
   * a time it cannot see a region's casts). */
  lt_strbuf_t plain = {0};
  bool blocked = places && blocked_places(places, &plain);
  if (blocked) {
    lt_strbuf_printf(sb, ",lite-choose-layout{places=%s", places);
    if (kinds) lt_strbuf_printf(sb, " kernel-kinds=%s", kinds);
    lt_strbuf_puts(sb, "}");
  }
  /* lite-autotune runs on the module (it measures each distinct op once),
   * between the functions' passes; it rewrites the pick's lite.kernel. */
  if (autotune) {
    lt_strbuf_printf(sb, "),lite-autotune{kernel-kinds=%s",
                     kinds ? kinds : "jit,ref");
    if (places)
      lt_strbuf_printf(sb, " places=%s",
                       blocked && plain.data ? plain.data : places);
    if (width) lt_strbuf_printf(sb, " vector-width=%d", width);
    if (*autotune) lt_strbuf_printf(sb, " %s", autotune);
    lt_strbuf_puts(sb, "},func.func(lite-infer-places");
  } else {
    lt_strbuf_puts(sb, ",lite-infer-places");
  }
  if (places) lt_strbuf_printf(sb, "{places=%s}", places);
  lt_strbuf_puts(sb, ",lite-insert-casts");
  /* The lowering adds the kernel module beside the functions: it runs on
   * the module, between the functions' passes. */
  if (lt_kernel_kinds_name(kinds, "jit") && width)
    lt_strbuf_printf(sb, "),lite-lower-to-loops{vector-width=%d},func.func(",
                     width);
  else if (lt_kernel_kinds_name(kinds, "jit"))
    lt_strbuf_puts(sb, "),lite-lower-to-loops,func.func(");
  else
    lt_strbuf_puts(sb, ",");
  lt_strbuf_puts(sb, "lite-plan-memory{dynamic-dim-bound=-1})");
  lt_strbuf_free(&plain);
}

/* Through the one parser of pipeline text. */
lt_result_t lt_lite_compile_add(lt_pass_manager_t *pm,
                                const lt_lite_compile_config_t *c) {
  lt_strbuf_t sb = {0};
  lt_lite_compile_pipeline(c, &sb);
  lt_result_t r =
      sb.data ? lt_pass_manager_add_pipeline(pm, sb.data) : LT_FAILURE;
  lt_strbuf_free(&sb);
  return r;
}

static lt_result_t build_lite_compile(lt_pass_manager_t *pm) {
  return lt_lite_compile_add(pm, NULL);
}

static const lt_pass_pipeline_info_t lite_default_pipeline = {
    .name = "lite-default",
    .summary = "The default cleanup pipeline: symbol-dce, then canonicalize "
               "and cse on every function",
    .build = build_lite_default,
};

static const lt_pass_pipeline_info_t lite_optimize_pipeline = {
    .name = "lite-optimize",
    .summary = "The graph optimizations of the lite dialect on every "
               "function: folding, redundancy elimination, fusion, "
               "replacement and forwarding, repeated until nothing changes",
    .build = build_lite_optimize,
};

static const lt_pass_pipeline_info_t lite_compile_pipeline = {
    .name = "lite-compile",
    .summary = "lite-optimize, then kernel pick, place inference, casts and "
               "the memory plan (dynamic shapes left to the runtime) on every "
               "function, at host:f32:nchw or lite-opt's --lite-places",
    .build = build_lite_compile,
};

bool lt_register_core_pipelines(void) {
  bool ok = lt_pass_pipeline_register(&lite_default_pipeline);
  ok = lt_pass_pipeline_register(&lite_compile_pipeline) && ok;
  return lt_pass_pipeline_register(&lite_optimize_pipeline) && ok;
}

/* pass_manager_test.c - the pass manager without parser or printer: pipeline
 * text (syntax errors with MLIR's messages), options, auto-nesting, named
 * pipelines built by code, aliases, pipeline options, running order and
 * single entries, statistics, the "did not run" warning, failure
 * propagation, timing and statistics reports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/builtin.h"
#include "ir/pass_manager.h"

#include "test/unit/check.h"
#define CHECK_STR(got, want)                                                   \
  do {                                                                         \
    const char *g_ = (got), *w_ = (want);                                      \
    if (!g_ || strcmp(g_, w_) != 0) {                                          \
      fprintf(stderr, "%s:%d: got\n%s\nwant\n%s\n", __FILE__, __LINE__,        \
              g_ ? g_ : "(null)", w_);                                         \
      g_failures++;                                                            \
    }                                                                          \
  } while (0)

/* ---- test passes ----------------------------------------------------------
 */
typedef struct count_options {
  int64_t n;
  bool flag;
  char *name;
  lt_int_list_t list;
} count_options_t;

static const lt_pass_option_t kCountOptions[] = {
    {"n", LT_OPT_INT, offsetof(count_options_t, n), "1", "a number"},
    {"flag", LT_OPT_BOOL, offsetof(count_options_t, flag), "false", "a flag"},
    {"name", LT_OPT_STRING, offsetof(count_options_t, name), "abc", "a name"},
    {"list", LT_OPT_INT_LIST, offsetof(count_options_t, list), NULL, "ints"},
};
static const lt_pass_statistic_t kCountStats[] = {
    {"runs", "Number of runs"},
    {"n-total", "Sum of option n"},
};

static lt_strbuf_t g_log; /* "pass@op " per run */

static lt_result_t count_run(lt_pass_t *pass, lt_op_t *op) {
  count_options_t *o = pass->options;
  lt_pass_stat_add(pass, 0, 1);
  lt_pass_stat_add(pass, 1, (uint64_t)o->n);
  lt_strbuf_printf(&g_log, "count@%s ", lt_op_name(op));
  return LT_SUCCESS;
}

static lt_result_t any_run(lt_pass_t *pass, lt_op_t *op) {
  LT_UNUSED(pass);
  lt_strbuf_printf(&g_log, "any@%s ", lt_op_name(op));
  return LT_SUCCESS;
}

static lt_result_t fail_run(lt_pass_t *pass, lt_op_t *op) {
  LT_UNUSED(pass);
  lt_strbuf_printf(&g_log, "fail@%s ", lt_op_name(op));
  return lt_emit_error(lt_op_context(op), op->loc, "failing on purpose");
}

static const lt_pass_info_t kCountPass = {
    .argument = "t-count",
    .name = "TestCount",
    .summary = "Counts runs",
    .anchor = "x.fn",
    .options_size = sizeof(count_options_t),
    .options = kCountOptions,
    .num_options = LT_ARRAY_SIZE(kCountOptions),
    .statistics = kCountStats,
    .num_statistics = LT_ARRAY_SIZE(kCountStats),
    .run = count_run,
};
/* Changes the IR without saying so: after-change must notice by itself. */
static lt_result_t silent_run(lt_pass_t *pass, lt_op_t *op) {
  LT_UNUSED(pass);
  if (!lt_op_attr(op, "x.touched"))
    lt_op_set_attr(op, "x.touched", lt_attr_unit(lt_op_context(op)));
  return LT_SUCCESS;
}

/* Leaves the module invalid (an inherent-looking attribute it may not have). */
static lt_result_t break_run(lt_pass_t *pass, lt_op_t *op) {
  LT_UNUSED(pass);
  lt_op_set_attr(op, "broken", lt_attr_unit(lt_op_context(op)));
  return LT_SUCCESS;
}

static const lt_pass_info_t kSilentPass = {
    .argument = "t-silent", .name = "TestSilent", .run = silent_run};
static const lt_pass_info_t kBreakPass = {
    .argument = "t-break", .name = "TestBreak", .run = break_run};

static const lt_pass_info_t kAnyPass = {
    .argument = "t-any", .name = "TestAny", .summary = "Logs", .run = any_run};
static const lt_pass_info_t kFailPass = {
    .argument = "t-fail", .summary = "Fails", .run = fail_run};

/* t-count with n preset: takes and prints only t-count's other options. */
static const lt_pass_info_t kCountFivePass = {.argument = "t-count-five",
                                              .name = "TestCountFive",
                                              .summary = "t-count{n=5}",
                                              .alias_of = &kCountPass,
                                              .preset = "n=5 flag"};

/* Runs its pipeline option once per op, entry by entry, logging which
 * entries changed the op. */
typedef struct runner_options {
  lt_pass_manager_t *pipeline;
} runner_options_t;

static const lt_pass_option_t kRunnerOptions[] = {
    {"pipeline", LT_OPT_PIPELINE, offsetof(runner_options_t, pipeline), "",
     "passes"},
};

static lt_result_t runner_run(lt_pass_t *pass, lt_op_t *op) {
  runner_options_t *o = pass->options;
  for (size_t i = 0; i < lt_pass_manager_size(o->pipeline); i++) {
    bool changed = true;
    if (LT_FAILED(lt_pass_manager_run_entry(o->pipeline, i, op, &changed)))
      return LT_FAILURE;
    lt_strbuf_printf(&g_log, "%s ", changed ? "changed" : "same");
  }
  return LT_SUCCESS;
}

static lt_result_t runner_check(lt_context_t *ctx, const void *options) {
  const runner_options_t *o = options;
  if (lt_pass_manager_size(o->pipeline) > 2)
    return lt_emit_error(ctx, lt_loc_unknown(ctx), "at most two passes");
  return LT_SUCCESS;
}

static const lt_pass_info_t kRunnerPass = {
    .argument = "t-runner",
    .name = "TestRunner",
    .options_size = sizeof(runner_options_t),
    .options = kRunnerOptions,
    .num_options = LT_ARRAY_SIZE(kRunnerOptions),
    .run = runner_run,
    .check_options = runner_check,
};

/* ---- named pipelines ------------------------------------------------------
 */
static lt_result_t build_pipe(lt_pass_manager_t *pm) {
  if (LT_FAILED(lt_pass_manager_add(pm, &kAnyPass, NULL, NULL)))
    return LT_FAILURE;
  return lt_pass_manager_add(pm, &kCountPass, NULL, NULL);
}

static lt_result_t build_nesting(lt_pass_manager_t *pm) {
  if (LT_FAILED(lt_pass_manager_add(pm, &kAnyPass, NULL, NULL)))
    return LT_FAILURE;
  lt_pass_manager_t *fn = lt_pass_manager_nest(pm, "x.fn");
  return fn ? lt_pass_manager_add(fn, &kAnyPass, NULL, NULL) : LT_FAILURE;
}

static lt_result_t build_broken(lt_pass_manager_t *pm) {
  return lt_pass_manager_add(pm, &kCountPass, "bogus=1", NULL);
}

static const lt_pass_pipeline_info_t kPipe = {"t-pipe", "A test pipeline",
                                              build_pipe};
static const lt_pass_pipeline_info_t kNesting = {"t-nesting", "Nests",
                                                 build_nesting};
static const lt_pass_pipeline_info_t kBroken = {"t-broken", "Fails to build",
                                                build_broken};

/* ---- diagnostics capture ------------------------------------------------- */
static lt_strbuf_t g_diags;

static bool capture(void *user, const lt_diag_t *d) {
  LT_UNUSED(user);
  lt_strbuf_t sb = {0};
  lt_diag_format(d, &sb);
  lt_strbuf_puts(&g_diags, sb.data ? sb.data : "");
  lt_strbuf_free(&sb);
  return true;
}

static void reset_buffers(void) {
  lt_strbuf_free(&g_diags);
  lt_strbuf_free(&g_log);
}

static const char *diags(void) { return g_diags.data ? g_diags.data : ""; }
static const char *run_log(void) { return g_log.data ? g_log.data : ""; }

/* ---- helpers ------------------------------------------------------------ */
static char *print_pipeline(const char *text, lt_context_t *ctx) {
  lt_pass_manager_t *pm = NULL;
  if (LT_FAILED(lt_pass_pipeline_parse(ctx, text, &pm))) return NULL;
  lt_strbuf_t sb = {0};
  lt_pass_manager_print(pm, &sb);
  lt_pass_manager_destroy(pm);
  return lt_strbuf_take(&sb);
}

static void expect_pipeline(lt_context_t *ctx, const char *text,
                            const char *want) {
  reset_buffers();
  char *got = print_pipeline(text, ctx);
  CHECK_STR(got, want);
  if (!got) fprintf(stderr, "  diagnostics: %s\n", diags());
  free(got);
}

static void expect_error(lt_context_t *ctx, const char *text,
                         const char *want) {
  reset_buffers();
  char *got = print_pipeline(text, ctx);
  CHECK(got == NULL);
  free(got);
  CHECK_STR(diags(), want);
}

static lt_op_t *make_fn(lt_context_t *ctx) {
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, "x.fn", lt_loc_unknown(ctx));
  lt_region_t *r = lt_op_state_add_region(&s);
  lt_region_push_back(r, lt_block_create(ctx));
  lt_op_t *op = lt_op_create(&s);
  lt_op_state_free(&s);
  return op;
}

static void test_parse(lt_context_t *ctx) {
  expect_pipeline(ctx, "builtin.module(x.fn(t-count{n=3 flag}),t-any)",
                  "builtin.module(x.fn(t-count{flag=true  n=3 name=abc}),"
                  "t-any)");
  expect_pipeline(ctx, "builtin.module( t-any , t-any )",
                  "builtin.module(t-any,t-any)");
  expect_pipeline(ctx, "builtin.module()", "builtin.module()");
  expect_pipeline(ctx, "any(t-count{list=1,2,3 name='x y'})",
                  "any(t-count{flag=false list=1,2,3 n=1 name=x y})");
  /* A pass anchored elsewhere is nested into its anchor. */
  expect_pipeline(ctx, "builtin.module(t-count,t-count{n=2},t-any)",
                  "builtin.module(x.fn(t-count{flag=false  n=1 name=abc},"
                  "t-count{flag=false  n=2 name=abc}),t-any)");
  /* Named pipelines add what their code adds where they are named. */
  expect_pipeline(ctx, "builtin.module(t-pipe)",
                  "builtin.module(t-any,x.fn(t-count{flag=false  n=1 "
                  "name=abc}))");
  expect_pipeline(ctx, "builtin.module(t-nesting,t-any)",
                  "builtin.module(t-any,x.fn(t-any),t-any)");
  expect_pipeline(ctx, "builtin.module(x.fn(t-nesting))",
                  "builtin.module(x.fn(t-any,x.fn(t-any)))");
  /* An alias parses and prints only the options it does not preset. */
  expect_pipeline(ctx, "x.fn(t-count-five{name=z list=4})",
                  "x.fn(t-count-five{list=4 name=z})");
  expect_error(ctx, "x.fn(t-count-five{n=2})",
               "<unknown>:0: error: no such option n: t-count-five is "
               "t-count with n=5 flag\n"
               "<unknown>:0: error: failed to add `t-count-five` with "
               "options `n=2`\n");
  /* A pipeline option is parsed by the same parser, prints back as its
   * elements, and is checked when the pass is added. */
  expect_pipeline(ctx, "x.fn(t-runner{pipeline=t-count{n=2},t-any})",
                  "x.fn(t-runner{pipeline=t-count{flag=false  n=2 "
                  "name=abc},t-any})");
  expect_pipeline(ctx, "x.fn(t-runner{pipeline={t-pipe}})",
                  "x.fn(t-runner{pipeline=t-any,t-count{flag=false  n=1 "
                  "name=abc}})");
  expect_pipeline(ctx, "x.fn(t-runner)", "x.fn(t-runner{pipeline=})");
  expect_error(ctx, "x.fn(t-runner{pipeline=t-any,nosuch})",
               "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:7: "
               "error: 'nosuch' does not refer to a registered pass or pass "
               "pipeline\nt-any,nosuch\n      ^\n\n"
               "<unknown>:0: error: for the --pipeline option: "
               "'t-any,nosuch' is not a valid pass pipeline\n"
               "<unknown>:0: error: failed to add `t-runner` with options "
               "`pipeline=t-any,nosuch`\n");
  expect_error(ctx, "x.fn(t-runner{pipeline=t-any,t-any,t-any})",
               "<unknown>:0: error: at most two passes\n"
               "<unknown>:0: error: failed to add `t-runner` with options "
               "`pipeline=t-any,t-any,t-any`\n");

  expect_error(ctx, "builtin.module(nosuchpass)",
               "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: "
               "error: 'nosuchpass' does not refer to a registered pass or "
               "pass pipeline\nnosuchpass\n^\n\n");
  expect_error(ctx, "builtin.module(t-any",
               "<unknown>:0: error: expected pass pipeline to be wrapped with "
               "the anchor operation type, e.g. 'builtin.module(...)'\n");
  expect_error(ctx, "t-any",
               "<unknown>:0: error: expected pass pipeline to be wrapped with "
               "the anchor operation type, e.g. 'builtin.module(...)'\n");
  expect_error(ctx, "builtin.module(t-any))",
               "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:6: "
               "error: encountered extra closing ')' creating unbalanced "
               "parentheses while parsing pipeline\nt-any)\n     ^\n\n");
  expect_error(ctx, "builtin.module(x.fn(t-any)",
               "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:6: "
               "error: encountered unbalanced parentheses while parsing "
               "pipeline\nx.fn(t-any\n     ^\n\n");
  expect_error(ctx, "builtin.module(x.fn(t-any)t-any)",
               "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:12: "
               "error: expected ',' after parsing pipeline\n"
               "x.fn(t-any)t-any\n           ^\n\n");
  expect_error(ctx, "builtin.module(t-any,,t-any)",
               "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:7: "
               "error: '' does not refer to a registered pass or pass "
               "pipeline\nt-any,,t-any\n      ^\n\n");
  expect_error(ctx, "builtin.module(t-count{n=1)",
               "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:8: "
               "error: missing closing '}' while processing pass options\n"
               "t-count{n=1\n       ^\n\n");
  expect_error(ctx, "builtin.module(t-count{bogus=1})",
               "<unknown>:0: error: no such option bogus\n"
               "<unknown>:0: error: failed to add `t-count` with options "
               "`bogus=1`\n");
  expect_error(ctx, "builtin.module(x.fn(t-count{n=abc}))",
               "<unknown>:0: error: for the --n option: 'abc' value invalid "
               "for integer argument!\n"
               "<unknown>:0: error: failed to add `t-count` with options "
               "`n=abc`\n"
               "<unknown>:0: error: failed to add `x.fn` with options `` to "
               "inner pipeline\n");
  expect_error(ctx, "builtin.module(t-count{flag=maybe})",
               "<unknown>:0: error: for the --flag option: 'maybe' is invalid "
               "value for boolean argument! Try 0 or 1\n"
               "<unknown>:0: error: failed to add `t-count` with options "
               "`flag=maybe`\n");
  expect_error(ctx, "builtin.module(t-pipe{x=1})",
               "<unknown>:0: error: no such option x\n"
               "<unknown>:0: error: failed to add `t-pipe` with options "
               "`x=1`\n");
  expect_error(ctx, "builtin.module(t-broken)",
               "<unknown>:0: error: no such option bogus\n"
               "<unknown>:0: error: failed to add `t-broken` with options "
               "``\n");
}

static void test_run(lt_context_t *ctx) {
  lt_op_t *module = lt_module_create(ctx, lt_loc_unknown(ctx));
  lt_block_push_back(lt_module_body(module), make_fn(ctx));
  lt_block_push_back(lt_module_body(module), make_fn(ctx));

  /* Per-pass flags: flag order is pipeline order, auto-nesting merges. */
  reset_buffers();
  lt_pass_manager_t *pm = lt_pass_manager_create(ctx, "builtin.module");
  CHECK(LT_SUCCEEDED(lt_pass_manager_add_named(pm, "t-any", NULL)));
  CHECK(LT_SUCCEEDED(lt_pass_manager_add_named(pm, "t-count", "n=2")));
  CHECK(LT_SUCCEEDED(lt_pass_manager_add_named(pm, "t-count", "n=5")));
  CHECK(lt_pass_manager_size(pm) == 2);
  lt_strbuf_t sb = {0};
  lt_pass_manager_dump(pm, &sb);
  CHECK_STR(sb.data, "Pass Manager with 2 passes:\n"
                     "builtin.module(t-any,x.fn(t-count{flag=false  n=2 "
                     "name=abc},t-count{flag=false  n=5 name=abc}))\n\n");
  lt_strbuf_free(&sb);
  lt_timing_t *timing = lt_timing_create(lt_allocator_system());
  lt_pass_manager_enable_timing(pm, lt_timing_root(timing));
  CHECK(LT_SUCCEEDED(lt_pass_manager_run(pm, module)));
  CHECK_STR(run_log(), "any@builtin.module count@x.fn count@x.fn count@x.fn "
                       "count@x.fn ");
  CHECK_STR(diags(), "");

  lt_pass_manager_print_statistics(pm, LT_PASS_STATS_PIPELINE, &sb);
  CHECK_STR(sb.data,
            "===-------------------------------------------------------------"
            "------------===\n"
            "                         ... Pass statistics report ...\n"
            "===-------------------------------------------------------------"
            "------------===\n"
            "TestAny\n"
            "'x.fn' Pipeline\n"
            "  TestCount\n"
            "    (S) 4 n-total - Sum of option n\n"
            "    (S) 2 runs    - Number of runs\n"
            "  TestCount\n"
            "    (S) 10 n-total - Sum of option n\n"
            "    (S)  2 runs    - Number of runs\n"
            "\n");
  lt_strbuf_free(&sb);
  lt_pass_manager_print_statistics(pm, LT_PASS_STATS_LIST, &sb);
  CHECK(strstr(sb.data, "  TestCount\n    (S) 14 n-total - Sum of option n\n"
                        "    (S)  4 runs    - Number of runs\n") != NULL);
  lt_strbuf_free(&sb);

  lt_timing_report(timing, LT_TIMING_TREE, &sb);
  CHECK(strstr(sb.data, "... Execution time report ...") != NULL);
  CHECK(strstr(sb.data, "%)  TestAny\n") != NULL);
  CHECK(strstr(sb.data, "%)  'x.fn' Pipeline\n") != NULL);
  CHECK(strstr(sb.data, "%)    TestCount\n") != NULL);
  CHECK(strstr(sb.data, "%)  Verifier\n") != NULL);
  CHECK(strstr(sb.data, "%)  Rest\n") != NULL);
  CHECK(strstr(sb.data, "(100.0%)  Total\n") != NULL);
  lt_strbuf_free(&sb);
  lt_timing_destroy(timing);
  lt_pass_manager_destroy(pm);

  /* An alias runs its base with the preset; a pass's own pipeline runs
   * entry by entry, each telling whether it changed the op (t-silent marks
   * the op once, by fingerprint), and its passes' counters show under it. */
  reset_buffers();
  CHECK(LT_SUCCEEDED(lt_pass_pipeline_parse(
      ctx,
      "builtin.module(x.fn(t-count-five,t-runner{pipeline=t-silent,"
      "t-count-five}))",
      &pm)));
  CHECK(LT_SUCCEEDED(lt_pass_manager_run(pm, module)));
  CHECK_STR(run_log(), "count@x.fn changed count@x.fn same "
                       "count@x.fn changed count@x.fn same ");
  lt_strbuf_free(&g_log);
  CHECK(LT_SUCCEEDED(lt_pass_manager_run(pm, module)));
  CHECK_STR(run_log(), "count@x.fn same count@x.fn same "
                       "count@x.fn same count@x.fn same ");
  lt_pass_manager_print_statistics(pm, LT_PASS_STATS_PIPELINE, &sb);
  CHECK(strstr(sb.data, "'x.fn' Pipeline\n"
                        "  TestCountFive\n"
                        "    (S) 20 n-total - Sum of option n\n"
                        "    (S)  4 runs    - Number of runs\n"
                        "  TestRunner\n"
                        "    TestSilent\n"
                        "    TestCountFive\n"
                        "      (S) 20 n-total - Sum of option n\n"
                        "      (S)  4 runs    - Number of runs\n") != NULL);
  lt_strbuf_free(&sb);
  lt_pass_manager_print_statistics(pm, LT_PASS_STATS_LIST, &sb);
  CHECK(strstr(sb.data,
               "  TestCountFive\n    (S) 40 n-total - Sum of "
               "option n\n    (S)  8 runs    - Number of runs\n") != NULL);
  lt_strbuf_free(&sb);
  lt_pass_manager_destroy(pm);

  /* Failure stops the pipeline. */
  reset_buffers();
  CHECK(LT_SUCCEEDED(lt_pass_pipeline_parse(
      ctx, "builtin.module(x.fn(t-fail,t-count),t-any)", &pm)));
  CHECK(LT_FAILED(lt_pass_manager_run(pm, module)));
  CHECK_STR(run_log(), "fail@x.fn ");
  CHECK_STR(diags(), "<unknown>:0: error: failing on purpose\n");
  lt_pass_manager_destroy(pm);

  /* Wrong outer anchor. */
  reset_buffers();
  CHECK(LT_SUCCEEDED(lt_pass_pipeline_parse(ctx, "x.fn(t-any)", &pm)));
  CHECK(LT_FAILED(lt_pass_manager_run(pm, module)));
  CHECK_STR(diags(), "<unknown>:0: error: can't run 'x.fn' pass manager on "
                     "'builtin.module' op\n");
  lt_pass_manager_destroy(pm);
  lt_op_destroy(module);

  /* A nested pipeline that matches nothing warns. */
  reset_buffers();
  module = lt_module_create(ctx, lt_loc_unknown(ctx));
  CHECK(LT_SUCCEEDED(
      lt_pass_pipeline_parse(ctx, "builtin.module(x.fn(t-count,t-any))", &pm)));
  CHECK(LT_SUCCEEDED(lt_pass_manager_run(pm, module)));
  CHECK_STR(diags(), "<unknown>:0: warning: passes 't-count', 't-any' "
                     "anchored on 'x.fn' did not run: no 'x.fn' op nested in "
                     "'builtin.module'\n");
  lt_pass_manager_destroy(pm);
  lt_op_destroy(module);
}

/* Prints an op as its name (and the x.touched mark) for the dump tests. */
static void fake_print(void *user, lt_op_t *op, bool local_scope,
                       lt_strbuf_t *out) {
  LT_UNUSED(user);
  lt_strbuf_printf(out, "<%s%s%s>", lt_op_name(op),
                   lt_op_attr(op, "x.touched") ? " touched" : "",
                   local_scope ? " local" : "");
  if (!lt_op_parent_op(op)) lt_strbuf_putc(out, '\n');
}

static char *run_with_printing(lt_context_t *ctx, const char *pipeline,
                               lt_ir_print_config_t *pc) {
  lt_op_t *module = lt_module_create(ctx, lt_loc_unknown(ctx));
  lt_block_push_back(lt_module_body(module), make_fn(ctx));
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  pc->out = f;
  pc->print = fake_print;
  lt_pass_manager_t *pm = NULL;
  CHECK(LT_SUCCEEDED(lt_pass_pipeline_parse(ctx, pipeline, &pm)));
  lt_pass_manager_enable_ir_printing(pm, pc);
  lt_pass_manager_run(pm, module);
  lt_pass_manager_destroy(pm);
  lt_op_destroy(module);
  fclose(f);
  return text;
}

static void test_instrumentation(lt_context_t *ctx) {
  reset_buffers();
  lt_ir_print_config_t pc = {.after_all = true, .after_change = true};
  char *text = run_with_printing(
      ctx, "builtin.module(x.fn(t-silent,t-silent),t-any)", &pc);
  CHECK_STR(text, "// -----// IR Dump After TestSilent (t-silent) //----- //\n"
                  "<x.fn touched local>\n\n");
  free(text);

  static const char *const before[] = {"t-any"};
  pc = (lt_ir_print_config_t){
      .before = before, .num_before = 1, .module_scope = true};
  text = run_with_printing(ctx, "builtin.module(x.fn(t-any),t-any)", &pc);
  CHECK_STR(text,
            "// -----// IR Dump Before TestAny (t-any) ('x.fn' operation) "
            "//----- //\n<builtin.module>\n\n\n"
            "// -----// IR Dump Before TestAny (t-any) ('builtin.module' "
            "operation) //----- //\n<builtin.module>\n\n\n");
  free(text);

  /* Verification after each pass turns a broken result into a failure. */
  reset_buffers();
  pc = (lt_ir_print_config_t){.after_failure = true};
  text = run_with_printing(ctx, "builtin.module(t-break,t-any)", &pc);
  CHECK_STR(text, "// -----// IR Dump After TestBreak Failed (t-break) "
                  "//----- //\n<builtin.module>\n\n\n");
  CHECK(strstr(diags(), "can only contain attributes with dialect-prefixed "
                        "names, found: 'broken'") != NULL);
  CHECK(strstr(run_log(), "any@") == NULL);
  free(text);

  /* Without verification the same pipeline goes on. */
  reset_buffers();
  lt_op_t *module = lt_module_create(ctx, lt_loc_unknown(ctx));
  lt_pass_manager_t *pm = NULL;
  CHECK(LT_SUCCEEDED(
      lt_pass_pipeline_parse(ctx, "builtin.module(t-break,t-any)", &pm)));
  lt_pass_manager_enable_verifier(pm, false);
  CHECK(LT_SUCCEEDED(lt_pass_manager_run(pm, module)));
  CHECK_STR(run_log(), "any@builtin.module ");
  lt_pass_manager_destroy(pm);
  lt_op_destroy(module);
}

int main(void) {
  lt_pass_register(&kCountPass);
  lt_pass_register(&kAnyPass);
  lt_pass_register(&kFailPass);
  lt_pass_register(&kAnyPass); /* idempotent */
  lt_pass_register(&kSilentPass);
  lt_pass_register(&kBreakPass);
  lt_pass_register(&kCountFivePass);
  lt_pass_register(&kRunnerPass);
  lt_pass_pipeline_register(&kPipe);
  lt_pass_pipeline_register(&kNesting);
  lt_pass_pipeline_register(&kBroken);
  lt_pass_pipeline_register(&kPipe); /* idempotent */
  CHECK(lt_pass_lookup("t-count") == &kCountPass);
  CHECK(lt_pass_pipeline_lookup("t-pipe") == &kPipe);
  CHECK(lt_pass_pipeline_registry_size() == 3);
  CHECK(lt_pass_option_preset(&kCountFivePass, "n"));
  CHECK(lt_pass_option_preset(&kCountFivePass, "flag"));
  CHECK(!lt_pass_option_preset(&kCountFivePass, "name"));
  CHECK(!lt_pass_option_preset(&kCountPass, "n"));
  CHECK(lt_pass_base(&kCountFivePass) == &kCountPass);

  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    fprintf(stderr, "context: %s\n", lt_status_message(st));
    return 1;
  }
  lt_context_set_allow_unregistered(ctx, true);
  lt_diag_push_handler(ctx, capture, NULL);
  test_parse(ctx);
  test_run(ctx);
  test_instrumentation(ctx);
  reset_buffers();
  lt_context_destroy(ctx);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures != 0;
}

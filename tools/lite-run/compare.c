/* compare.c - lite-run --compare: the model's outputs before and after a
 * pass pipeline, on the same inputs, with the reference interpreter as the
 * judge. A rewrite that changes what the model computes beyond rounding
 * shows up as a MISMATCH and exit code 1; the optimized module can be
 * written out (-o, --print-ir-after) to reproduce it with lite-opt. With
 * --compare-to, the second model is a file instead (one that lite-opt
 * rewrote, with any pass, test passes included). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ir/pass_manager.h"
#include "ir/printer.h"
#include "passes/passes.h"
#include "tools/common/model_diag.h"
#include "tools/lite-run/lite_run.h"

/* ---- what the pipeline did --------------------------------------------- */

/* Ops that compute: everything in the function but constants, absent-
 * operand markers and the terminator. */
static lt_walk_result_t count_op(lt_op_t *op, void *user) {
  const char *name = lt_op_name(op);
  if (strcmp(name, "lite.constant") != 0 && strcmp(name, "lite.none") != 0 &&
      strcmp(name, "func.return") != 0 && strcmp(name, "func.func") != 0)
    (*(uint64_t *)user)++;
  return LT_WALK_ADVANCE;
}

static uint64_t count_ops(lt_op_t *func) {
  uint64_t n = 0;
  lt_op_walk(func, LT_WALK_PRE, count_op, &n);
  return n;
}

/* The pass manager names a failing pass only in its IR dump header
 * ("// -----// IR Dump After X Failed (x) //----- //"): an after-failure
 * dump whose printer keeps the pass argument from the header and drops the
 * rest, so that the error can name the pass without printing the IR. */
typedef struct failed_pass {
  char argument[128];
} failed_pass_t;

static void note_failed_pass(void *user, lt_op_t *op, bool local_scope,
                             lt_strbuf_t *out) {
  failed_pass_t *fp = user;
  const char *h = out->data ? strstr(out->data, " Failed (") : NULL;
  if (h) {
    h += strlen(" Failed (");
    const char *end = strchr(h, ')');
    if (end)
      snprintf(fp->argument, sizeof(fp->argument), "%.*s", (int)(end - h), h);
  }
  out->len = 0;
  if (out->data) out->data[0] = 0;
}

static lt_pass_manager_t *build_pipeline(const lt_run_options_t *o,
                                         lt_context_t *ctx,
                                         const char *anchor) {
  lt_pass_manager_t *pm = NULL;
  if (o->pass_pipeline) {
    if (LT_FAILED(lt_pass_pipeline_parse(ctx, o->pass_pipeline, &pm))) {
      fprintf(stderr, "lite-run: error: --pass-pipeline: cannot build '%s'\n",
              o->pass_pipeline);
      return NULL;
    }
    return pm;
  }
  pm = lt_pass_manager_create(ctx, anchor);
  if (!pm || LT_FAILED(lt_pass_manager_add_named(pm, "lite-optimize", NULL))) {
    fputs("lite-run: error: cannot build the lite-optimize pipeline\n", stderr);
    lt_pass_manager_destroy(pm);
    return NULL;
  }
  return pm;
}

static lt_cl_exit_t write_ir(const char *path, lt_op_t *module) {
  lt_strbuf_t sb = {0};
  /* A print that ran out of memory has reported it as a diagnostic. */
  if (LT_FAILED(lt_op_print(module, NULL, &sb))) {
    lt_strbuf_free(&sb);
    return LT_EXIT_FAILURE;
  }
  FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "lite-run: error: -o: cannot write '%s': %s\n", path,
            strerror(errno));
    lt_strbuf_free(&sb);
    return LT_EXIT_FAILURE;
  }
  bool ok = !sb.len || fwrite(sb.data, 1, sb.len, f) == sb.len;
  if (f != stdout) ok = (fclose(f) == 0) && ok;
  lt_strbuf_free(&sb);
  if (!ok) {
    fprintf(stderr, "lite-run: error: -o: cannot write '%s'\n", path);
    return LT_EXIT_FAILURE;
  }
  return LT_EXIT_OK;
}

/* Runs the pipeline on module; on failure says which pass failed. */
static lt_cl_exit_t apply_pipeline(const lt_run_options_t *o, lt_op_t *module) {
  lt_context_t *ctx = lt_op_context(module);
  lt_pass_manager_t *pm = build_pipeline(o, ctx, lt_op_name(module));
  if (!pm) return LT_EXIT_USAGE;
  failed_pass_t failed = {{0}};
  FILE *sink = fopen("/dev/null", "w");
  lt_ir_print_config_t cfg = {.after_failure = true,
                              .out = sink ? sink : stderr,
                              .print = note_failed_pass,
                              .print_user = &failed};
  lt_pass_manager_enable_ir_printing(pm, &cfg);
  lt_result_t r = lt_pass_manager_run(pm, module);
  if (LT_SUCCEEDED(r)) r = lt_op_verify(module);
  lt_pass_manager_destroy(pm);
  if (sink) fclose(sink);
  if (LT_SUCCEEDED(r)) return LT_EXIT_OK;
  if (failed.argument[0])
    fprintf(stderr, "lite-run: error: '%s': pass '%s' failed\n", o->model,
            failed.argument);
  else
    fprintf(stderr, "lite-run: error: '%s': the pipeline failed\n", o->model);
  if (o->ir_output && write_ir(o->ir_output, module) == LT_EXIT_OK)
    fprintf(stderr,
            "lite-run: note: the module as the failure left it is in '%s'\n",
            o->ir_output);
  return LT_EXIT_FAILURE;
}

/* ---- the two runs ------------------------------------------------------ */

/* The second model's words in messages: after the pipeline, or in the
 * --compare-to file. */
typedef struct sides {
  const char *before, *after; /* "before the pipeline", "in 'b.mlir'" */
  const char *against;        /* what report_diff compares against */
  lt_strbuf_t buf[3];
} sides_t;

static void sides_init(const lt_run_options_t *o, sides_t *s) {
  memset(s, 0, sizeof(*s));
  if (!o->compare_to) {
    s->before = "before the pipeline";
    s->after = "after the pipeline";
    s->against = "the run before the pipeline";
    return;
  }
  lt_strbuf_printf(&s->buf[0], "in '%s'", o->model);
  lt_strbuf_printf(&s->buf[1], "in '%s'", o->compare_to);
  lt_strbuf_printf(&s->buf[2], "the run of '%s'", o->model);
  s->before = s->buf[0].data ? s->buf[0].data : "in the model";
  s->after = s->buf[1].data ? s->buf[1].data : "in --compare-to's model";
  s->against = s->buf[2].data ? s->buf[2].data : "the model's run";
}

static void sides_free(sides_t *s) {
  for (int i = 0; i < 3; i++)
    lt_strbuf_free(&s->buf[i]);
}

static lt_cl_exit_t interpret(const char *model, lt_op_t *func,
                              lt_allocator_t allocator,
                              const lt_lite_named_tensor_t *inputs,
                              uint32_t num_inputs, const char *when,
                              lt_lite_outputs_t *outs) {
  if (LT_SUCCEEDED(
          lt_lite_interpret(func, allocator, num_inputs, inputs, outs)))
    return LT_EXIT_OK;
  if (when)
    fprintf(stderr,
            "lite-run: error: '%s': the reference run %s the pipeline failed\n",
            model, when);
  else
    fprintf(stderr, "lite-run: error: '%s': the reference run failed\n", model);
  return LT_EXIT_FAILURE;
}

static lt_cl_exit_t compare_runs(const lt_run_options_t *o, const sides_t *s,
                                 const lt_lite_outputs_t *before,
                                 const lt_lite_outputs_t *after) {
  if (before->count != after->count) {
    fprintf(stderr, "lite-run: error: the model has %u outputs %s and %u %s\n",
            before->count, s->before, after->count, s->after);
    return LT_EXIT_FAILURE;
  }
  lt_cl_exit_t rc = LT_EXIT_OK;
  for (uint32_t i = 0; i < after->count; i++) {
    const lt_lite_named_tensor_t *a = &after->items[i], *b = &before->items[i];
    if (strcmp(a->name, b->name) != 0)
      fprintf(stderr, "lite-run: note: output %u is '%s' %s and '%s' %s\n", i,
              b->name, s->before, a->name, s->after);
    if (a->tensor.dtype != b->tensor.dtype) {
      fprintf(stderr, "lite-run: error: output '%s' is %s %s, %s %s\n", a->name,
              lk_dtype_name(a->tensor.dtype), s->after,
              lk_dtype_name(b->tensor.dtype), s->before);
      rc = LT_EXIT_FAILURE;
      continue;
    }
    if (a->tensor.dtype == LK_DTYPE_NONE) continue; /* absent both times */
    bool same = a->tensor.rank == b->tensor.rank;
    for (int32_t d = 0; same && d < a->tensor.rank; d++)
      same = a->tensor.dims[d] == b->tensor.dims[d];
    if (!same) {
      fprintf(stderr, "lite-run: error: output '%s' has shape ", a->name);
      lt_run_print_shape(stderr, &a->tensor);
      fprintf(stderr, " %s, ", s->after);
      lt_run_print_shape(stderr, &b->tensor);
      fprintf(stderr, " %s\n", s->before);
      rc = LT_EXIT_FAILURE;
      continue;
    }
    if (lt_run_report_diff(stdout, a->name, &a->tensor, &b->tensor, &o->tol,
                           s->against) != LT_EXIT_OK)
      rc = LT_EXIT_FAILURE;
  }
  return rc;
}

/* Loads the --compare-to model; its diagnostics name its file. */
static lt_cl_exit_t load_other(const lt_run_options_t *o, lt_context_t *ctx,
                               lt_strbuf_t *text, lt_op_t **other,
                               lt_op_t **func) {
  lt_tool_diag_t who = {"lite-run", o->compare_to};
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, lt_tool_print_diag, &who);
  lt_cl_exit_t rc = lt_run_load_model(ctx, o, o->compare_to, text, other);
  lt_diag_pop_handler(ctx, h);
  if (rc != LT_EXIT_OK) return rc;
  *func = lt_lite_interp_entry(*other, o->function);
  if (*func) return LT_EXIT_OK;
  fprintf(stderr, "lite-run: error: '%s' has no function @%s\n", o->compare_to,
          o->function);
  return LT_EXIT_FAILURE;
}

/* Applies the pipeline to module; *func is its entry after. */
static lt_cl_exit_t rewrite(const lt_run_options_t *o, lt_op_t *module,
                            lt_op_t **func) {
  lt_cl_exit_t rc = apply_pipeline(o, module);
  if (rc == LT_EXIT_OK && o->ir_output) rc = write_ir(o->ir_output, module);
  if (rc == LT_EXIT_OK && o->print_ir_after) rc = write_ir("-", module);
  if (rc != LT_EXIT_OK) return rc;
  *func = lt_lite_interp_entry(module, o->function);
  if (*func) return LT_EXIT_OK;
  fprintf(stderr, "lite-run: error: the pipeline removed function @%s\n",
          o->function);
  return LT_EXIT_FAILURE;
}

lt_cl_exit_t lt_run_compare(const lt_run_options_t *o, lt_op_t *module,
                            const lk_tensor_t *expected,
                            lt_allocator_t allocator) {
  lt_op_t *func = lt_lite_interp_entry(module, o->function);
  lt_context_t *ctx = lt_op_context(module);
  sides_t sides;
  sides_init(o, &sides);
  lt_lite_named_tensor_t *inputs = NULL;
  uint32_t num_inputs = 0;
  lt_lite_outputs_t before = {0}, after = {0};
  lt_strbuf_t other_text = {0};
  lt_op_t *other = NULL;
  lt_op_t *second = NULL;
  uint64_t ops_before = count_ops(func);
  /* The other model is loaded first, so that its errors come before
   * any run. */
  lt_cl_exit_t rc = LT_EXIT_OK;
  if (o->compare_to) rc = load_other(o, ctx, &other_text, &other, &second);
  if (rc == LT_EXIT_OK)
    rc = lt_run_prepare_inputs(o, func, allocator, &inputs, &num_inputs);
  if (rc == LT_EXIT_OK)
    rc = interpret(o->model, func, allocator, inputs, num_inputs,
                   o->compare_to ? NULL : "before", &before);
  if (rc == LT_EXIT_OK && !o->compare_to) rc = rewrite(o, module, &second);
  if (rc == LT_EXIT_OK) {
    printf("ops: %llu -> %llu\n", (unsigned long long)ops_before,
           (unsigned long long)count_ops(second));
    lt_diag_handler_id_t h = 0;
    lt_tool_diag_t who = {"lite-run", o->compare_to};
    if (o->compare_to) h = lt_diag_push_handler(ctx, lt_tool_print_diag, &who);
    rc = interpret(o->compare_to ? o->compare_to : o->model, second, allocator,
                   inputs, num_inputs, o->compare_to ? NULL : "after", &after);
    if (o->compare_to) lt_diag_pop_handler(ctx, h);
  }
  if (rc == LT_EXIT_OK) {
    rc = compare_runs(o, &sides, &before, &after);
    if (o->output_dir && lt_run_write_outputs(o->output_dir, &after) != 0)
      rc = LT_EXIT_FAILURE;
    if (lt_run_compare_outputs(o, expected, &after, stdout) != LT_EXIT_OK)
      rc = LT_EXIT_FAILURE;
  }
  lt_run_free_inputs(allocator, inputs, num_inputs);
  if (before.items) lt_lite_outputs_free(&before);
  if (after.items) lt_lite_outputs_free(&after);
  if (other) lt_op_destroy(other);
  if (other_text.data) lt_source_remove(ctx, o->compare_to);
  lt_strbuf_free(&other_text);
  sides_free(&sides);
  return rc;
}

/* lite_test_util.h - helpers shared by the unit tests of the lite dialect,
 * its reference kernels, the ONNX importer and the interpreter: tensor views
 * of small arrays, element comparisons with a tolerance, a diagnostic log
 * that keeps the latest error, a context with the dialects registered, ops
 * parsed from text or built with lt_lite_create, and their evaluation with
 * lt_lite_eval. Builds on check.h and ir_test_util.h. */
#ifndef LITE_TEST_UNIT_LITE_TEST_UTIL_H
#define LITE_TEST_UNIT_LITE_TEST_UTIL_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialects.h"
#include "dialects/lite/lite.h"
#include "ir/builder.h"
#include "ir/builtin.h"
#include "ir/diagnostics.h"
#include "ir/parser.h"
#include "kernels/tensor.h"

#include "test/unit/check.h"
#include "test/unit/ir_test_util.h"

/* main's last word: the count of failed checks, and the exit status. */
static inline int test_exit_status(void) {
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

/* ---- tensor views ----------------------------------------------------------
 */

/* The rank and dims arguments of tensor() for literal dims:
 * tensor(LK_F32, x, DIMS(2, 3)). */
#define DIMS(...)                                                              \
  (int32_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), (int64_t[]) { \
    __VA_ARGS__                                                                \
  }

/* A dense row-major view of data; the caller keeps data alive. */
static inline lk_tensor_t tensor(lk_dtype_t dtype, void *data, int32_t rank,
                                 const int64_t *dims) {
  lk_tensor_t t = {.dtype = dtype, .rank = rank, .data = data};
  for (int32_t d = 0; d < rank; d++)
    t.dims[d] = dims[d];
  return t;
}

static inline lk_tensor_t scalar(lk_dtype_t dtype, void *data) {
  lk_tensor_t t = {.dtype = dtype, .rank = 0, .data = data};
  return t;
}

/* x[i] = start + i: an input whose elements all differ, so that a result
 * shows which ones were read. */
static inline void ramp(float *x, int n, float start) {
  for (int i = 0; i < n; i++)
    x[i] = start + (float)i;
}

static inline void fill(float *x, int n, float v) {
  for (int i = 0; i < n; i++)
    x[i] = v;
}

/* An absent optional operand in the middle of an op's inputs. */
static const lk_tensor_t k_none = {.dtype = LK_DTYPE_NONE, .rank = -1};

/* ---- comparisons -----------------------------------------------------------
 */

/* Whether a is b within tol relative to b; NaN matches only NaN and an
 * infinity only itself. */
static inline bool near(double a, double b, double tol) {
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
  if (isinf(a) || isinf(b)) return a == b;
  return fabs(a - b) <= tol * (1.0 + fabs(b));
}

/* Whether t has n elements; says how many it has when not. */
static inline bool has_numel(const lk_tensor_t *t, int64_t n) {
  if (lk_numel(t) == n) return true;
  fprintf(stderr, "  %lld elements, want %lld\n", (long long)lk_numel(t),
          (long long)n);
  return false;
}

/* Whether t has n elements, each near want[] when read as double; says
 * what differs when not. */
static inline bool all_near(const lk_tensor_t *t, const double *want, int64_t n,
                            double tol) {
  if (!has_numel(t, n)) return false;
  for (int64_t i = 0; i < n; i++)
    if (!near(lk_load_f64(t, i), want[i], tol)) {
      fprintf(stderr, "  element %lld: got %.9g, want %.9g\n", (long long)i,
              lk_load_f64(t, i), want[i]);
      return false;
    }
  return true;
}

/* Whether t has n elements, each want[] when read as int64; says what
 * differs when not. */
static inline bool all_eq(const lk_tensor_t *t, const int64_t *want,
                          int64_t n) {
  if (!has_numel(t, n)) return false;
  for (int64_t i = 0; i < n; i++)
    if (lk_load_i64(t, i) != want[i]) {
      fprintf(stderr, "  element %lld: got %lld, want %lld\n", (long long)i,
              (long long)lk_load_i64(t, i), (long long)want[i]);
      return false;
    }
  return true;
}

/* The next draw in [-1, 1) of a small LCG, so that random cases are the
 * same on every run. */
static inline double rnd(uint32_t *seed) {
  *seed = *seed * 1664525u + 1013904223u;
  return (double)(*seed >> 8) / (double)(1u << 24) * 2.0 - 1.0;
}

/* ---- diagnostics -----------------------------------------------------------
 */

/* Records every diagnostic in `all` as "severity: location: message" (the
 * location, because the interpreter's messages are about where an op is),
 * and the latest error's message apart from the others, for checks about
 * exactly that one. */
typedef struct lite_log {
  diag_log_t all;
  char last_error[1024];
} lite_log_t;

static inline bool lite_log_fn(void *user, const lt_diag_t *d) {
  lite_log_t *log = user;
  static const char *const sev[] = {"note", "warning", "error", "remark"};
  const char *msg = d->message.data ? d->message.data : "";
  lt_strbuf_t loc = {0};
  lt_loc_format(d->loc, &loc);
  lt_strbuf_printf(&log->all.text, "%s: %s: %s\n", sev[d->severity],
                   loc.data ? loc.data : "", msg);
  lt_strbuf_free(&loc);
  if (d->severity == LT_SEV_ERROR) {
    log->all.errors++;
    snprintf(log->last_error, sizeof log->last_error, "%s", msg);
  }
  return true;
}

static inline void lite_log_reset(lite_log_t *log) {
  diag_log_reset(&log->all);
  log->last_error[0] = '\0';
}

static inline void lite_log_free(lite_log_t *log) {
  lt_strbuf_free(&log->all.text);
}

/* Whether some diagnostic has needle; prints the log when none has. */
static inline bool lite_log_has(const lite_log_t *log, const char *needle) {
  if (diag_log_has(&log->all, needle)) return true;
  fprintf(stderr, "  diagnostics lack '%s':\n%s", needle,
          log->all.text.data ? log->all.text.data : "(none)\n");
  return false;
}

/* Whether the latest error has needle; prints that error when not. */
static inline bool last_error_has(const lite_log_t *log, const char *needle) {
  if (strstr(log->last_error, needle)) return true;
  fprintf(stderr, "  last error \"%s\" lacks \"%s\"\n", log->last_error,
          needle);
  return false;
}

/* A context with the func, arith and lite dialects, whose diagnostics go
 * to log (cleared here) when one is given. Exits when there is no memory
 * for a context. */
static inline lt_context_t *lite_context(lite_log_t *log) {
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    fprintf(stderr, "context: %s\n", lt_status_message(st));
    exit(1);
  }
  lt_register_core_dialects(ctx);
  if (log) {
    memset(log, 0, sizeof(*log));
    lt_diag_push_handler(ctx, lite_log_fn, log);
  }
  return ctx;
}

/* ---- ops from text ---------------------------------------------------------
 */

/* The module src parses to (as t.mlir), or NULL after diagnostics. */
static inline lt_op_t *lite_parse(lt_context_t *ctx, const char *src) {
  return lt_parse_source(ctx, "t.mlir", src, strlen(src), NULL);
}

/* A parsed module and the first lite op other than lite.none in the body of
 * its first function. */
typedef struct parsed {
  lt_op_t *module, *op;
} parsed_t;

static inline parsed_t parse_op(lt_context_t *ctx, const char *src) {
  parsed_t p = {lite_parse(ctx, src), NULL};
  if (!p.module) return p;
  lt_op_t *func = lt_op_region(p.module, 0)->first->first;
  for (lt_op_t *op = lt_op_region(func, 0)->first->first; op; op = op->next)
    if (lt_lite_op_id(op) >= 0 && lt_lite_op_id(op) != LT_LITE_NONE) {
      p.op = op;
      break;
    }
  return p;
}

/* Evaluates op on in[] with the system allocator. out[] gets one tensor
 * per result, zeroed first; the caller releases them when this succeeds. */
static inline lt_result_t eval_op(lt_op_t *op, const lk_tensor_t *in,
                                  lk_tensor_t *out) {
  memset(out, 0, op->num_results * sizeof(*out));
  return lt_lite_eval(op, lt_allocator_system(), in, out);
}

/* Evaluates the op of src (as parse_op finds it) on in[], as eval_op does.
 * log is cleared first, so that afterwards it holds what the parse and the
 * evaluation reported. */
static inline lt_result_t eval(lt_context_t *ctx, lite_log_t *log,
                               const char *src, const lk_tensor_t *in,
                               lk_tensor_t *out) {
  lite_log_reset(log);
  parsed_t p = parse_op(ctx, src);
  CHECK(p.op != NULL);
  if (!p.op) {
    memset(out, 0, sizeof(*out));
    if (p.module) lt_op_destroy(p.module);
    return LT_FAILURE;
  }
  lt_result_t r = eval_op(p.op, in, out);
  lt_op_destroy(p.module);
  return r;
}

/* Frees n tensors that lt_lite_eval allocated with the system allocator. */
static inline void release(lk_tensor_t *out, int n) {
  for (int i = 0; i < n; i++)
    lt_lite_tensor_free(lt_allocator_system(), &out[i]);
}

/* ---- ops built with lt_lite_create -----------------------------------------
 */

/* A new module, with b set to append to its body. */
static inline lt_op_t *lite_module(lt_context_t *ctx, lt_builder_t *b) {
  lt_op_t *module = lt_module_create(ctx, lt_loc_unknown(ctx));
  lt_builder_init(b, ctx);
  lt_builder_set_block_end(b, lt_module_body(module));
  return module;
}

/* The result of a new lite.constant of type t holding the size bytes at
 * data, or NULL after a diagnostic when the op is refused. */
static inline lt_value_t *lite_constant(lt_builder_t *b, lt_loc_t loc,
                                        const lt_type_t *t, const void *data,
                                        size_t size) {
  lt_named_attr_t a = {lt_ident_cstr(b->ctx, "value"),
                       lt_attr_dense(b->ctx, t, data, size)};
  lt_op_t *op = lt_lite_create(b, LT_LITE_CONSTANT, loc, 0, NULL, 1, &a, 1);
  return op ? lt_op_result(op, 0) : NULL;
}

/* Attributes of the kinds lite ops take: i64, i64 array and string. */
static inline lt_named_attr_t int_attr(lt_context_t *ctx, const char *name,
                                       int64_t v) {
  lt_named_attr_t a = {
      lt_ident_cstr(ctx, name),
      lt_attr_integer(ctx, lt_type_integer(ctx, 64, LT_SIGNLESS), v)};
  return a;
}

static inline lt_named_attr_t ints_attr(lt_context_t *ctx, const char *name,
                                        int64_t n, const int64_t *v) {
  lt_named_attr_t a = {
      lt_ident_cstr(ctx, name),
      lt_attr_dense_array(ctx, lt_type_integer(ctx, 64, LT_SIGNLESS), n, v)};
  return a;
}

static inline lt_named_attr_t str_attr(lt_context_t *ctx, const char *name,
                                       const char *v) {
  lt_named_attr_t a = {lt_ident_cstr(ctx, name), lt_attr_string_cstr(ctx, v)};
  return a;
}

#endif /* LITE_TEST_UNIT_LITE_TEST_UTIL_H */

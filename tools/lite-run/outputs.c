/* outputs.c - what lite-run does with the results: a summary on stdout,
 * .npy files under --output, and the comparison with --expected-output. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tools/lite-run/lite_run.h"
#include "tools/lite-run/npy.h"

/* ---- printing ------------------------------------------------------------ */

static void print_shape(FILE *f, const lk_tensor_t *t) {
  if (t->rank == 0) fputs("scalar", f);
  for (int32_t i = 0; i < t->rank; i++)
    fprintf(f, "%s%lld", i ? "x" : "", (long long)t->dims[i]);
}

void lt_run_print_shape(FILE *f, const lk_tensor_t *t) { print_shape(f, t); }

static void print_index(FILE *f, const lk_tensor_t *t, int64_t flat) {
  int64_t idx[LK_MAX_RANK];
  for (int32_t d = t->rank - 1; d >= 0; d--) {
    idx[d] = t->dims[d] ? flat % t->dims[d] : 0;
    flat = t->dims[d] ? flat / t->dims[d] : 0;
  }
  fputc('[', f);
  for (int32_t d = 0; d < t->rank; d++)
    fprintf(f, "%s%lld", d ? ", " : "", (long long)idx[d]);
  fputc(']', f);
}

static void print_value(FILE *f, const lk_tensor_t *t, int64_t i) {
  if (lk_dtype_is_float(t->dtype))
    fprintf(f, "%.7g", lk_load_f64(t, i));
  else if (t->dtype == LK_U64)
    fprintf(f, "%llu", (unsigned long long)lk_load_i64(t, i));
  else
    fprintf(f, "%lld", (long long)lk_load_i64(t, i));
}

void lt_run_print_summary(FILE *f, const lt_lite_named_tensor_t *o,
                          uint32_t print_values) {
  const lk_tensor_t *t = &o->tensor;
  fprintf(f, "output '%s': ", o->name);
  if (t->dtype == LK_DTYPE_NONE) {
    fputs("absent\n", f);
    return;
  }
  fprintf(f, "%s ", lk_dtype_name(t->dtype));
  print_shape(f, t);
  int64_t n = lk_numel(t);
  if (n == 0) {
    fputs(" (empty)\n", f);
    return;
  }
  /* NaNs are counted apart so that one does not hide the range. */
  double lo = INFINITY, hi = -INFINITY, sum = 0;
  int64_t nans = 0, imin = -1, imax = -1;
  for (int64_t i = 0; i < n; i++) {
    double v = lk_load_f64(t, i);
    if (v != v) {
      nans++;
      continue;
    }
    if (imin < 0 || v < lo) lo = v, imin = i;
    if (imax < 0 || v > hi) hi = v, imax = i;
    sum += v;
  }
  if (imin >= 0) {
    fputs(": min ", f);
    print_value(f, t, imin);
    fputs(", max ", f);
    print_value(f, t, imax);
    fprintf(f, ", mean %.7g", sum / (double)(n - nans));
  }
  if (nans) fprintf(f, "%s%lld NaN", imin >= 0 ? ", " : ": ", (long long)nans);
  fputs("\n ", f);
  int64_t shown = n < (int64_t)print_values ? n : (int64_t)print_values;
  for (int64_t i = 0; i < shown; i++) {
    fputs(i ? ", " : " ", f);
    print_value(f, t, i);
  }
  if (shown < n)
    fprintf(f, "%s... (%lld more)", shown ? ", " : " ", (long long)(n - shown));
  fputc('\n', f);
}

/* ---- writing ------------------------------------------------------------- */

/* Output names come from the model: anything but [A-Za-z0-9._-] becomes
 * '_', so that a name cannot leave the directory. */
static void file_name(const char *dir, const char *name, lt_strbuf_t *sb) {
  lt_strbuf_printf(sb, "%s/", dir);
  if (!name[0] || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
    lt_strbuf_putc(sb, '_');
  for (const char *p = name; *p; p++) {
    char c = *p;
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    lt_strbuf_putc(sb, ok ? c : '_');
  }
  lt_strbuf_puts(sb, ".npy");
}

lt_cl_exit_t lt_run_write_outputs(const char *dir,
                                  const lt_lite_outputs_t *outs) {
  lt_cl_exit_t rc = LT_EXIT_OK;
  for (uint32_t i = 0; i < outs->count; i++) {
    const lt_lite_named_tensor_t *o = &outs->items[i];
    if (o->tensor.dtype == LK_DTYPE_NONE) continue;
    lt_strbuf_t path = {0};
    file_name(dir, o->name, &path);
    /* numpy has no bfloat16: bf16 is written as its uint16 bit patterns,
     * which --input and --expected-output read back as bf16. */
    lk_tensor_t t = o->tensor;
    if (t.dtype == LK_BF16) {
      fprintf(stderr,
              "lite-run: note: output '%s' is bf16, written as its "
              "uint16 bit patterns (.npy has no bf16)\n",
              o->name);
      t.dtype = LK_U16;
    }
    lt_status_t st = lt_npy_write_file(path.data, &t);
    if (st) {
      fprintf(stderr, "lite-run: error: output '%s': %s\n", o->name,
              lt_status_message(st));
      lt_status_free(st);
      rc = LT_EXIT_FAILURE;
    }
    lt_strbuf_free(&path);
  }
  return rc;
}

/* ---- comparison ---------------------------------------------------------- */

/* The largest finite |e| of exp: the magnitude a value's rounding error
 * scales with. */
static double max_magnitude(const lk_tensor_t *exp) {
  double m = 0;
  int64_t n = lk_numel(exp);
  for (int64_t i = 0; i < n; i++) {
    double e = fabs(lk_load_f64(exp, i));
    if (isfinite(e) && e > m) m = e;
  }
  return m;
}

void lt_run_diff(const lk_tensor_t *got, const lk_tensor_t *exp,
                 const lt_run_tolerance_t *tol, lt_run_diff_t *out) {
  memset(out, 0, sizeof(*out));
  out->worst = -1;
  bool exact = !lk_dtype_is_float(got->dtype) || !lk_dtype_is_float(exp->dtype);
  out->max_expected = max_magnitude(exp);
  double atol = tol->atol + tol->atol_scale * out->max_expected;
  double rtol = tol->rtol;
  out->atol = atol;
  int64_t n = lk_numel(exp);
  double dot = 0, ng = 0, ne = 0, worst_excess = -1;
  /* A difference at an expected zero has no relative size: max-rel is
   * over the other values, and undefined when there are none. */
  bool any_rel = false, zero_differs = false;
  for (int64_t i = 0; i < n; i++) {
    double a = lk_load_f64(got, i), e = lk_load_f64(exp, i);
    bool a_nan = a != a, e_nan = e != e;
    double diff;
    bool ok;
    if (exact) {
      ok = lk_load_i64(got, i) == lk_load_i64(exp, i);
      diff = fabs(a - e);
    } else if (a_nan || e_nan) {
      ok = a_nan && e_nan;
      diff = ok ? 0 : INFINITY;
    } else if (a == e) { /* also equal infinities */
      ok = true;
      diff = 0;
    } else {
      diff = fabs(a - e);
      ok = diff <= atol + rtol * fabs(e);
    }
    if (!a_nan && !e_nan) {
      if (diff > out->max_abs) out->max_abs = diff;
      if (e != 0) {
        double rel = diff / fabs(e);
        if (rel > out->max_rel) out->max_rel = rel;
        any_rel = true;
      } else if (diff != 0) {
        zero_differs = true;
      }
      if (isfinite(a) && isfinite(e)) {
        dot += a * e;
        ng += a * a;
        ne += e * e;
      }
    }
    if (!ok) {
      out->mismatches++;
      double excess = diff - (exact ? 0 : atol + rtol * fabs(e));
      if (excess != excess) excess = INFINITY;
      if (out->worst < 0 || excess > worst_excess) {
        out->worst = i;
        worst_excess = excess;
      }
    }
  }
  if (!any_rel && zero_differs) out->max_rel = NAN;
  if (ng == 0 && ne == 0)
    out->cosine = 1;
  else if (ng == 0 || ne == 0)
    out->cosine = 0;
  else
    out->cosine = dot / (sqrt(ng) * sqrt(ne));
}

static const lt_lite_named_tensor_t *find_output(const lt_lite_outputs_t *outs,
                                                 const char *name, size_t len) {
  for (uint32_t i = 0; i < outs->count; i++)
    if (strlen(outs->items[i].name) == len &&
        memcmp(outs->items[i].name, name, len) == 0)
      return &outs->items[i];
  return NULL;
}

static bool same_shape(const lk_tensor_t *a, const lk_tensor_t *b) {
  if (a->rank != b->rank) return false;
  for (int32_t i = 0; i < a->rank; i++)
    if (a->dims[i] != b->dims[i]) return false;
  return true;
}

static lt_cl_exit_t compare_one(const lt_run_options_t *o,
                                const lt_run_binding_t *b,
                                const lt_lite_named_tensor_t *out,
                                const lk_tensor_t *exp, FILE *f) {
  const lk_tensor_t *got = &out->tensor;
  lk_tensor_t bits;
  if (got->dtype == LK_BF16 && exp->dtype == LK_U16) {
    bits = *exp; /* bf16 as uint16 bit patterns, see lt_run_write_outputs */
    bits.dtype = LK_BF16;
    exp = &bits;
  }
  if (got->dtype == LK_DTYPE_NONE || got->dtype != exp->dtype) {
    fprintf(stderr, "lite-run: error: output '%s' is %s, but '%s' holds %s\n",
            out->name,
            got->dtype == LK_DTYPE_NONE ? "absent" : lk_dtype_name(got->dtype),
            b->path, lk_dtype_name(exp->dtype));
    return LT_EXIT_FAILURE;
  }
  if (!same_shape(got, exp)) {
    fprintf(stderr, "lite-run: error: output '%s' has shape ", out->name);
    print_shape(stderr, got);
    fprintf(stderr, ", but '%s' holds shape ", b->path);
    print_shape(stderr, exp);
    fputc('\n', stderr);
    return LT_EXIT_FAILURE;
  }
  lt_strbuf_t against = {0};
  lt_strbuf_printf(&against, "'%s'", b->path);
  lt_cl_exit_t rc =
      lt_run_report_diff(f, out->name, got, exp, &o->tol, against.data);
  lt_strbuf_free(&against);
  return rc;
}

/* max-rel's value, or n/a where no expected value is nonzero. */
static void print_rel(FILE *f, double rel) {
  if (rel != rel)
    fputs("n/a", f);
  else
    fprintf(f, "%.3g", rel);
}

lt_cl_exit_t lt_run_report_diff(FILE *f, const char *name,
                                const lk_tensor_t *got, const lk_tensor_t *exp,
                                const lt_run_tolerance_t *tol,
                                const char *against) {
  lt_run_diff_t d;
  lt_run_diff(got, exp, tol, &d);
  fprintf(f, "output '%s': max-abs %.3g max-rel ", name, d.max_abs);
  print_rel(f, d.max_rel);
  fprintf(f, " cosine %.6f: %s\n", d.cosine, d.mismatches ? "MISMATCH" : "ok");
  if (!d.mismatches) return LT_EXIT_OK;
  bool exact = !lk_dtype_is_float(exp->dtype);
  fprintf(stderr,
          "lite-run: error: output '%s' differs from %s: %lld of %lld "
          "values ",
          name, against, (long long)d.mismatches, (long long)lk_numel(exp));
  if (exact) {
    fputs("differ (integers compare exactly)", stderr);
  } else {
    fprintf(stderr, "beyond atol %g + rtol %g * |expected|", d.atol, tol->rtol);
    if (tol->atol_scale > 0)
      fprintf(stderr, " (atol = %g + %g * %g, the largest |expected|)",
              tol->atol, tol->atol_scale, d.max_expected);
  }
  fputs("; worst at ", stderr);
  print_index(stderr, exp, d.worst);
  fputs(": got ", stderr);
  print_value(stderr, got, d.worst);
  fputs(", expected ", stderr);
  print_value(stderr, exp, d.worst);
  fprintf(stderr, " (max-abs %.3g, max-rel ", d.max_abs);
  print_rel(stderr, d.max_rel);
  fprintf(stderr, ", cosine %.6f)\n", d.cosine);
  return LT_EXIT_FAILURE;
}

/* ---- before the run ------------------------------------------------------ */

static bool output_named(lt_op_t *func, const char *name, size_t len) {
  uint32_t n = lt_lite_func_num_outputs(func);
  for (uint32_t i = 0; i < n; i++) {
    char buf[32];
    const char *out = lt_lite_func_output_name(func, i);
    if (!out) {
      snprintf(buf, sizeof(buf), "output_%u", i);
      out = buf;
    }
    if (strlen(out) == len && memcmp(out, name, len) == 0) return true;
  }
  return false;
}

static void print_known_outputs(lt_op_t *func) {
  uint32_t n = lt_lite_func_num_outputs(func);
  fputs("lite-run: error: the model's outputs are:", stderr);
  for (uint32_t i = 0; i < n; i++) {
    const char *out = lt_lite_func_output_name(func, i);
    if (out)
      fprintf(stderr, "%s '%s'", i ? "," : "", out);
    else
      fprintf(stderr, "%s 'output_%u'", i ? "," : "", i);
  }
  fputs(n ? "\n" : " none\n", stderr);
}

/* The directory itself, not its parents: a mistyped parent is an error,
 * not a new tree. */
static bool make_dir(const char *dir) {
  struct stat st;
  if (mkdir(dir, 0777) == 0) return true;
  int err = errno;
  if (err == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) return true;
  errno = err == EEXIST ? ENOTDIR : err;
  return false;
}

lt_cl_exit_t lt_run_prepare_outputs(const lt_run_options_t *o, lt_op_t *func,
                                    lt_allocator_t allocator,
                                    lk_tensor_t **out_expected) {
  *out_expected = NULL;
  lt_cl_exit_t rc = LT_EXIT_OK;
  bool listed = false;
  for (uint32_t k = 0; k < o->num_expected; k++) {
    const lt_run_binding_t *b = &o->expected[k];
    if (output_named(func, b->name, b->name_len)) continue;
    fprintf(stderr,
            "lite-run: error: --expected-output: unknown output '%.*s'\n",
            (int)b->name_len, b->name);
    if (!listed) print_known_outputs(func);
    listed = true;
    rc = LT_EXIT_FAILURE;
  }
  if (o->output_dir && !make_dir(o->output_dir)) {
    fprintf(stderr,
            "lite-run: error: --output: cannot create directory '%s': %s\n",
            o->output_dir, strerror(errno));
    rc = LT_EXIT_FAILURE;
  }
  if (rc != LT_EXIT_OK || !o->num_expected) return rc;
  lk_tensor_t *exp = calloc(o->num_expected, sizeof(*exp));
  if (!exp) {
    fputs("lite-run: error: out of memory for the expected outputs\n", stderr);
    return LT_EXIT_FAILURE;
  }
  for (uint32_t k = 0; k < o->num_expected; k++) {
    const lt_run_binding_t *b = &o->expected[k];
    lt_status_t st = lt_run_read_tensor(b->path, allocator, &exp[k]);
    if (st) {
      fprintf(stderr, "lite-run: error: expected output '%.*s': %s\n",
              (int)b->name_len, b->name, lt_status_message(st));
      lt_status_free(st);
      memset(&exp[k], 0, sizeof(exp[k]));
      rc = LT_EXIT_FAILURE;
    }
  }
  if (rc != LT_EXIT_OK) {
    lt_run_free_expected(o, allocator, exp);
    return rc;
  }
  *out_expected = exp;
  return LT_EXIT_OK;
}

void lt_run_free_expected(const lt_run_options_t *o, lt_allocator_t allocator,
                          lk_tensor_t *expected) {
  for (uint32_t k = 0; expected && k < o->num_expected; k++)
    if (expected[k].data) lt_lite_tensor_free(allocator, &expected[k]);
  free(expected);
}

/* ---- after the run ------------------------------------------------------- */

lt_cl_exit_t lt_run_compare_outputs(const lt_run_options_t *o,
                                    const lk_tensor_t *expected,
                                    const lt_lite_outputs_t *outs, FILE *f) {
  lt_cl_exit_t rc = LT_EXIT_OK;
  for (uint32_t k = 0; k < o->num_expected; k++) {
    const lt_run_binding_t *b = &o->expected[k];
    const lt_lite_named_tensor_t *out = find_output(outs, b->name, b->name_len);
    if (!out) { /* a --compare pipeline renamed it */
      fprintf(
          stderr,
          "lite-run: error: --expected-output: the run has no output '%.*s'\n",
          (int)b->name_len, b->name);
      rc = LT_EXIT_FAILURE;
      continue;
    }
    if (compare_one(o, b, out, &expected[k], f) != LT_EXIT_OK)
      rc = LT_EXIT_FAILURE;
  }
  return rc;
}

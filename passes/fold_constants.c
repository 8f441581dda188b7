/* fold_constants.c - lite-fold-constants: evaluates lite ops whose operands
 * are all constant into lite.constant ops (on the reference kernels), turns
 * constant shape-like operands into the attribute form of their op, and
 * scalar constants of elementwise arithmetic into a scale op or the op's
 * attributes.
 *
 * Folding runs through the evaluator, so a folded value is exactly what the
 * reference interpreter computes. Results are folded up to 65536 elements,
 * and beyond that when no result is larger than the largest operand (a
 * transposed or reshaped weight): folding must not multiply the model's
 * size. New constants go through lt_rw_constant (dense_resource blobs
 * past 64 elements). */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/lite/lite_impl.h"
#include "ir/diagnostics.h"
#include "kernels/plan/data.h"
#include "passes/fold_common.h"
#include "passes/pass_list.h"

#define FOLD_MAX_ELEMENTS ((int64_t)1 << 16)

static bool quiet(void *user, const lt_diag_t *d) { return true; }

/* ---- evaluating ops on constants ------------------------------------------
 */

/* A blob name after the op's ONNX node when its location names one. */
static const char *name_hint(lt_op_t *op) {
  lt_loc_t l = op->loc;
  if (l && l->kind == LT_ATTR_LOC_NAME) return l->name_loc.name->str;
  int id = lt_lite_op_id(op);
  return id >= 0 ? lt_lite_op_name((lt_lite_op_id_t)id) : "cst";
}

/* The element count of a static, unplaced tensor type (the type a new
 * constant gets), else -1. */
static int64_t plain_static_count(const lt_type_t *t) {
  if (t->kind != LT_TYPE_TENSOR || t->shaped.encoding ||
      !lt_type_has_static_shape(t) || t->shaped.rank > LK_MAX_RANK)
    return -1;
  return lt_type_num_elements(t);
}

/* True when out[i] has exactly the dtype and dims of result type t. */
static bool matches_type(const lk_tensor_t *out, const lt_type_t *t) {
  if (out->dtype != lt_lite_dtype(t->shaped.element) ||
      out->rank != (int32_t)t->shaped.rank || !out->data)
    return false;
  for (int32_t d = 0; d < out->rank; d++)
    if (out->dims[d] != t->shaped.shape[d]) return false;
  return true;
}

/* Replaces op by constants holding out[0..op's results); false (IR
 * untouched) when out disagrees with the declared types. */
static bool replace_by_tensors(lt_op_t *op, lt_rewriter_t *rw,
                               const lk_tensor_t *out) {
  lt_allocator_t al = lt_context_allocator(lt_op_context(op));
  uint32_t n = op->num_results;
  lt_value_t **values = lt_calloc(al, n * sizeof *values);
  bool ok = values != NULL;
  for (uint32_t i = 0; ok && i < n; i++)
    ok = matches_type(&out[i], lt_op_result(op, i)->type);
  for (uint32_t i = 0; ok && i < n; i++) {
    values[i] = lt_rw_constant(rw, op->loc, &out[i], name_hint(op));
    ok = values[i] != NULL;
  }
  if (ok) {
    lt_rewriter_replace_op(rw, op, values);
  } else if (values) { /* undo: the new constants have no users yet */
    for (uint32_t i = 0; i < n; i++)
      if (values[i]) lt_rewriter_erase_op(rw, lt_value_defining_op(values[i]));
  }
  lt_free(al, values, n * sizeof *values);
  return ok;
}

/* Evaluates op on in[] and replaces it by constants; false (IR untouched)
 * when the evaluator refuses or disagrees with the declared types. */
static bool replace_by_values(lt_op_t *op, lt_rewriter_t *rw,
                              const lk_tensor_t *in) {
  lt_context_t *ctx = lt_op_context(op);
  lt_allocator_t al = lt_context_allocator(ctx);
  uint32_t n = op->num_results;
  lk_tensor_t *out = lt_calloc(al, n * sizeof *out);
  bool ok = out != NULL;
  /* An op that fails to evaluate is left for the verifier or the run to
   * report. */
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, quiet, NULL);
  ok = ok && LT_SUCCEEDED(lt_lite_eval(op, al, in, out));
  lt_diag_pop_handler(ctx, h);
  bool evaluated = ok;
  ok = ok && replace_by_tensors(op, rw, out);
  for (uint32_t i = 0; evaluated && i < n; i++)
    lt_lite_tensor_free(al, &out[i]);
  lt_free(al, out, n * sizeof *out);
  return ok;
}

/* Any lite op whose operands are all constants (or absent). */
static lt_result_t fold_op(const lt_pattern_t *self, lt_op_t *op,
                           lt_rewriter_t *rw) {
  int id = lt_lite_op_id(op);
  if (id < 0 || id == LT_LITE_CONSTANT || id == LT_LITE_NONE ||
      !lt_op_has_trait(op, LT_TRAIT_PURE) || op->num_results == 0 ||
      op->num_regions)
    return LT_FAILURE;
  int64_t largest = 0;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    lt_value_t *v = lt_op_operand(op, i);
    if (v->type->kind == LT_TYPE_NONE) continue;
    if (!lt_rw_const_attr(v)) return LT_FAILURE;
    int64_t n = lt_type_num_elements(v->type);
    if (n > largest) largest = n;
  }
  for (uint32_t i = 0; i < op->num_results; i++) {
    int64_t n = plain_static_count(lt_op_result(op, i)->type);
    if (n < 0 || (n > FOLD_MAX_ELEMENTS && n > largest))
      return lt_rewriter_notify_match_failure(
          rw, op,
          "result #%u is not a static tensor of at most %lld "
          "elements (or of its largest operand's)",
          i, (long long)FOLD_MAX_ELEMENTS);
  }
  lt_context_t *ctx = lt_op_context(op);
  lt_allocator_t al = lt_context_allocator(ctx);
  uint32_t n_in = op->num_operands;
  lk_tensor_t *in = lt_calloc(al, (n_in + 1) * sizeof *in);
  bool *owned = lt_calloc(al, (n_in + 1) * sizeof *owned);
  bool ok = in && owned;
  uint32_t loaded = 0;
  for (; ok && loaded < n_in; loaded++) {
    lt_value_t *v = lt_op_operand(op, loaded);
    if (v->type->kind == LT_TYPE_NONE) {
      in[loaded].dtype = LK_DTYPE_NONE;
      continue;
    }
    ok = lt_rw_const_tensor(v, al, &in[loaded], &owned[loaded]);
  }
  ok = ok && replace_by_values(op, rw, in);
  for (uint32_t i = 0; i < loaded; i++)
    if (owned[i]) lt_lite_tensor_free(al, &in[i]);
  lt_free(al, in, (n_in + 1) * sizeof *in);
  lt_free(al, owned, (n_in + 1) * sizeof *owned);
  if (!ok) return LT_FAILURE;
  return LT_SUCCESS;
}

/* shape and size of a tensor whose shape is static: their values are its
 * dims, read from its type. The evaluator cannot give them (a kernel reads
 * its operands' data, and a value that is no constant has none); the
 * window is shape's plan step's. */
static lt_result_t fold_shape(const lt_pattern_t *self, lt_op_t *op,
                              lt_rewriter_t *rw) {
  bool size = lt_rw_is(op, LT_LITE_SIZE);
  if (!size && !lt_rw_is(op, LT_LITE_SHAPE)) return LT_FAILURE;
  lk_shape_t x = {0};
  const lt_type_t *t = lt_op_operand(op, 0)->type;
  if (!lt_fold_static_dims(t, &x.rank, x.dims) ||
      plain_static_count(lt_op_result(op, 0)->type) < 0)
    return LT_FAILURE;
  x.dtype = lt_lite_dtype(t->shaped.element);
  if (x.dtype == LK_DTYPE_NONE) return LT_FAILURE;
  int64_t values[LK_MAX_RANK] = {1};
  lk_tensor_t out = {.dtype = LK_I64, .rank = size ? 0 : 1, .data = values};
  if (size) {
    for (int32_t d = 0; d < x.rank; d++) values[0] *= x.dims[d];
  } else {
    lt_context_t *ctx = lt_op_context(op);
    lt_lite_call_t c = {ctx, op->loc, LT_LITE_SHAPE, op->attrs,
                        lt_context_allocator(ctx)};
    lk_plan_t p;
    lk_shape_params_t kp;
    lk_shape_t y;
    lt_lite_plan_init(&c, &p);
    if (LT_FAILED(lk_plan_shape(&p, &x, 1, &y, &kp))) return LT_FAILURE;
    out.dims[0] = kp.end - kp.start;
    memcpy(values, x.dims + kp.start, (size_t)out.dims[0] * sizeof *values);
  }
  return replace_by_tensors(op, rw, &out) ? LT_SUCCESS : LT_FAILURE;
}

/* ---- constant operands into attributes ------------------------------------
 */

/* How a constant operand becomes an attribute: an array of integers, an
 * array of f32, or one number of the data's element type. */
typedef enum { ATTR_INTS, ATTR_F32S, ATTR_SCALAR } attr_kind_t;

typedef struct attr_operand {
  uint32_t index;
  const char *name;
  attr_kind_t kind;
} attr_operand_t;

/* The operands of op that have an attribute form, in operand order. */
static uint32_t attr_operands(lt_lite_op_id_t id, const attr_operand_t **out) {
  static const attr_operand_t shape[] = {{1, "shape", ATTR_INTS}};
  static const attr_operand_t axes[] = {{1, "axes", ATTR_INTS}};
  static const attr_operand_t split[] = {{1, "split", ATTR_INTS}};
  static const attr_operand_t slice[] = {{1, "starts", ATTR_INTS},
                                         {2, "ends", ATTR_INTS},
                                         {3, "axes", ATTR_INTS},
                                         {4, "steps", ATTR_INTS}};
  static const attr_operand_t pad[] = {{1, "pads", ATTR_INTS},
                                       {2, "constant_value", ATTR_SCALAR},
                                       {3, "axes", ATTR_INTS}};
  static const attr_operand_t resize[] = {{2, "scales", ATTR_F32S},
                                          {3, "sizes", ATTR_INTS}};
  static const attr_operand_t clip[] = {{1, "min", ATTR_SCALAR},
                                        {2, "max", ATTR_SCALAR}};
  switch (id) {
  case LT_LITE_RESHAPE:
    *out = shape;
    return 1;
  case LT_LITE_SQUEEZE:
  case LT_LITE_UNSQUEEZE:
  case LT_LITE_REDUCE_MEAN:
  case LT_LITE_REDUCE_SUM:
  case LT_LITE_REDUCE_MAX:
  case LT_LITE_REDUCE_MIN:
  case LT_LITE_REDUCE_PROD:
  case LT_LITE_REDUCE_L1:
  case LT_LITE_REDUCE_L2:
  case LT_LITE_REDUCE_LOG_SUM:
  case LT_LITE_REDUCE_LOG_SUM_EXP:
  case LT_LITE_REDUCE_SUM_SQUARE:
    *out = axes;
    return 1;
  case LT_LITE_SPLIT:
    *out = split;
    return 1;
  case LT_LITE_SLICE:
    *out = slice;
    return 4;
  case LT_LITE_PAD:
    *out = pad;
    return 3;
  case LT_LITE_RESIZE:
    *out = resize;
    return 2;
  case LT_LITE_CLIP:
    *out = clip;
    return 2;
  default:
    return 0;
  }
}

/* The attribute for constant operand v of kind k; data is the op's first
 * operand type's element (for ATTR_SCALAR). *out_skip: the operand is
 * empty and means "absent" (resize's scales and sizes). False when the
 * value has no exact attribute form. */
static bool operand_attr(lt_context_t *ctx, const attr_operand_t *spec,
                         const lt_value_t *v, lk_dtype_t data,
                         lt_named_attr_t *out, bool *out_skip) {
  lt_allocator_t al = lt_context_allocator(ctx);
  lk_tensor_t t;
  bool owned;
  *out_skip = false;
  if (!lt_rw_const_tensor(v, al, &t, &owned)) return false;
  int64_t n = lk_numel(&t);
  bool ok = true;
  if (spec->kind == ATTR_SCALAR) {
    ok = n == 1 && t.dtype == data;
    if (ok && lk_dtype_is_float(t.dtype)) {
      *out = lt_fold_named_float(ctx, spec->name, lk_load_f64(&t, 0));
    } else if (ok) {
      int64_t x = lk_load_i64(&t, 0);
      ok = t.dtype != LK_U64 || x >= 0;
      *out = lt_rw_named_int(ctx, spec->name, x);
    }
  } else if (n == 0 && spec->kind == ATTR_F32S) {
    *out_skip = true;
  } else if (n == 0 && strcmp(spec->name, "sizes") == 0) {
    *out_skip = true;
  } else if (t.rank != 1 || n > 4096) {
    ok = false;
  } else if (spec->kind == ATTR_F32S) {
    float *f = lt_alloc(al, (size_t)n * sizeof *f);
    ok = f && lk_dtype_is_float(t.dtype);
    for (int64_t i = 0; ok && i < n; i++) {
      double x = lk_load_f64(&t, i);
      f[i] = (float)x;
      ok = isfinite(x) && fabs(x) <= 3.4e38 && (double)f[i] == x;
    }
    if (ok)
      *out =
          (lt_named_attr_t){lt_ident_cstr(ctx, spec->name),
                            lt_attr_dense_array(ctx, lt_type_f32(ctx), n, f)};
    lt_free(al, f, (size_t)n * sizeof *f);
  } else {
    int64_t *vals = lt_alloc(al, (size_t)(n ? n : 1) * sizeof *vals);
    ok = vals && lk_dtype_is_int(t.dtype) && t.dtype != LK_BOOL;
    for (int64_t i = 0; ok && i < n; i++) {
      vals[i] = lk_load_i64(&t, i);
      ok = t.dtype != LK_U64 || vals[i] >= 0;
    }
    if (ok) *out = lt_rw_named_ints(ctx, spec->name, (uint32_t)n, vals);
    lt_free(al, vals, (size_t)(n ? n : 1) * sizeof *vals);
  }
  if (owned) lt_lite_tensor_free(al, &t);
  return ok && (*out_skip || out->value);
}

/* reshape(x, const) -> reshape(x) {shape = ...} and likewise for every op
 * with attribute forms: all of the op's shape-like operands that are
 * present must be constant, and all become attributes at once. */
static lt_result_t fold_attrs(const lt_pattern_t *self, lt_op_t *op,
                              lt_rewriter_t *rw) {
  int id = lt_lite_op_id(op);
  const attr_operand_t *specs;
  uint32_t n = id < 0 ? 0 : attr_operands((lt_lite_op_id_t)id, &specs);
  if (n == 0 || op->num_operands <= specs[0].index) return LT_FAILURE;
  lt_context_t *ctx = lt_op_context(op);
  lk_dtype_t data = LK_DTYPE_NONE;
  const lt_type_t *t0 = lt_op_operand(op, 0)->type;
  if (t0->kind == LT_TYPE_TENSOR || t0->kind == LT_TYPE_UNRANKED_TENSOR)
    data = lt_lite_dtype(t0->shaped.element);
  lt_named_attr_t add[4];
  uint32_t num_add = 0;
  bool any = false;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t i = specs[k].index;
    if (i >= op->num_operands) break;
    lt_value_t *v = lt_op_operand(op, i);
    if (v->type->kind == LT_TYPE_NONE) continue;
    bool skip;
    if (lt_op_attr(op, specs[k].name) ||
        !operand_attr(ctx, &specs[k], v, data, &add[num_add], &skip))
      return lt_rewriter_notify_match_failure(
          rw, op, "operand #%u (%s) has no exact attribute form", i,
          specs[k].name);
    any = true;
    if (!skip) num_add++;
  }
  if (!any) return LT_FAILURE;
  /* The operands before the first shape-like one stay (resize keeps its
   * roi unless it is absent). */
  lt_value_t *keep[2];
  uint32_t num_keep = specs[0].index;
  for (uint32_t i = 0; i < num_keep; i++)
    keep[i] = lt_op_operand(op, i);
  while (num_keep > 1 && keep[num_keep - 1]->type->kind == LT_TYPE_NONE)
    num_keep--;
  lt_named_attr_t *attrs;
  uint32_t num_attrs = lt_rw_attrs_with(op, NULL, num_add, add, &attrs);
  if (!attrs || !lt_fold_rebuild(rw, op, num_keep, keep, num_attrs, attrs))
    return LT_FAILURE;
  return LT_SUCCESS;
}

/* ---- scalar constants of elementwise arithmetic ----------------------------
 */

/* x*c, x+c, x-c, c-x and x/c (c a one-element constant, the result of x's
 * type) become scale(x) {scale, bias}: the scale kernel computes x*s + b in
 * double, which rounds like the f32/f16/bf16 op (one rounding of the exact
 * value; for x/c, x*(1/c) in double is within 2^-52 relative of x/c, closer
 * than any f32 quotient comes to a rounding boundary). f64 data computes
 * in double already: its division folds only when 1/c is exact. */
static lt_result_t fold_scale(const lt_pattern_t *self, lt_op_t *op,
                              lt_rewriter_t *rw) {
  int id = lt_lite_op_id(op);
  if (id != LT_LITE_ADD && id != LT_LITE_SUB && id != LT_LITE_MUL &&
      id != LT_LITE_DIV)
    return LT_FAILURE;
  lt_value_t *a = lt_op_operand(op, 0), *b = lt_op_operand(op, 1);
  const lt_type_t *rt = lt_op_result(op, 0)->type;
  double c;
  bool const_first = lt_rw_const_attr(a) != NULL;
  lt_value_t *x = const_first ? b : a, *cv = const_first ? a : b;
  if (lt_rw_const_attr(x) || !lt_rw_const_scalar(cv, &c) || x->type != rt ||
      rt->kind != LT_TYPE_TENSOR || !lt_type_is_float(rt->shaped.element) ||
      lt_lite_dtype(lt_type_element(cv->type)) !=
          lt_lite_dtype(rt->shaped.element))
    return LT_FAILURE;
  bool f64 = rt->shaped.element->kind == LT_TYPE_F64;
  double scale = 1, bias = 0;
  switch (id) {
  case LT_LITE_MUL:
    scale = c;
    break;
  case LT_LITE_ADD:
    bias = c;
    break;
  case LT_LITE_SUB:
    scale = const_first ? -1 : 1;
    bias = const_first ? c : -c;
    break;
  default: { /* div */
    int e;
    if (const_first ||
        (f64 && !(isfinite(c) && frexp(c, &e) == 0.5 && isnormal(1.0 / c))))
      return lt_rewriter_notify_match_failure(rw, op, "not an exact scale");
    scale = 1.0 / c;
  }
  }
  lt_context_t *ctx = lt_op_context(op);
  lt_named_attr_t add[2] = {lt_fold_named_float(ctx, "scale", scale),
                            lt_fold_named_float(ctx, "bias", bias)};
  lt_named_attr_t *attrs;
  uint32_t num_attrs = lt_rw_attrs_with(op, NULL, 2, add, &attrs);
  lt_op_t *s = attrs ? lt_fold_create(rw, LT_LITE_SCALE, op->loc, 1, &x,
                                      num_attrs, attrs, &rt, 1)
                     : NULL;
  if (!s) return LT_FAILURE;
  lt_value_t *r = lt_op_result(s, 0);
  lt_rewriter_replace_op(rw, op, &r);
  return LT_SUCCESS;
}

/* prelu(x, c) with a one-element slope is leaky_relu(x) {alpha = c}: both
 * compute x < 0 ? x*c : x in double. */
static lt_result_t fold_prelu(const lt_pattern_t *self, lt_op_t *op,
                              lt_rewriter_t *rw) {
  if (!lt_rw_is(op, LT_LITE_PRELU)) return LT_FAILURE;
  lt_value_t *x = lt_op_operand(op, 0), *slope = lt_op_operand(op, 1);
  const lt_type_t *rt = lt_op_result(op, 0)->type;
  double c;
  if (lt_rw_const_attr(x) || !lt_rw_const_scalar(slope, &c) || x->type != rt ||
      rt->kind != LT_TYPE_TENSOR || !lt_type_is_float(rt->shaped.element))
    return LT_FAILURE;
  lt_context_t *ctx = lt_op_context(op);
  lt_named_attr_t add = lt_fold_named_float(ctx, "alpha", c);
  lt_named_attr_t *attrs;
  uint32_t num_attrs = lt_rw_attrs_with(op, NULL, 1, &add, &attrs);
  lt_op_t *l = attrs ? lt_fold_create(rw, LT_LITE_LEAKY_RELU, op->loc, 1, &x,
                                      num_attrs, attrs, &rt, 1)
                     : NULL;
  if (!l) return LT_FAILURE;
  lt_value_t *r = lt_op_result(l, 0);
  lt_rewriter_replace_op(rw, op, &r);
  return LT_SUCCESS;
}

/* ---- the pass ---------------------------------------------------------------
 */

typedef struct fold_options {
  bool binary_to_scale;
} fold_options_t;

static const lt_pass_option_t fold_constants_options[] = {
    {"binary-to-scale", LT_OPT_BOOL, offsetof(fold_options_t, binary_to_scale),
     "true",
     "Turn add/sub/mul/div by a scalar constant into lite.scale and prelu "
     "by one into leaky_relu (off while fusions that match the binary "
     "forms are still to run)"},
};

enum { STAT_FOLDED, STAT_ATTRS };

static lt_result_t run_fold_constants(lt_pass_t *pass, lt_op_t *func) {
  const fold_options_t *o = pass->options;
  static const lt_rw_pattern_t patterns[] = {
      {{NULL, 3, fold_op, NULL, "fold-op"}, STAT_FOLDED},
      {{"lite.shape", 3, fold_shape, NULL, "fold-shape"}, STAT_FOLDED},
      {{"lite.size", 3, fold_shape, NULL, "fold-size"}, STAT_FOLDED},
      {{NULL, 2, fold_attrs, NULL, "fold-attrs"}, STAT_ATTRS},
      {{NULL, 1, fold_scale, NULL, "fold-scale"}, STAT_ATTRS},
      {{"lite.prelu", 1, fold_prelu, NULL, "fold-prelu"}, STAT_ATTRS},
  };
  /* The scalar rewrites come last in the table. */
  size_t n = LT_ARRAY_SIZE(patterns) - (o->binary_to_scale ? 0 : 2);
  /* The driver's own folding is off: every fold goes through fold_op, which
   * is counted and makes its constant with lt_rw_constant. */
  lt_greedy_config_t cfg = LT_GREEDY_CONFIG_DEFAULT;
  cfg.fold = false;
  return lt_rw_run_patterns(pass, func, patterns, n, &cfg);
}

static const lt_pass_statistic_t fold_constants_statistics[] = {
    {"num-folded", "Number of ops evaluated into constants"},
    {"num-attrs", "Number of ops whose constant operands became attributes "
                  "(or a scale op)"},
};

const lt_pass_info_t lt_fold_constants_pass = {
    .argument = "lite-fold-constants",
    .name = "LiteFoldConstants",
    .summary = "Evaluate lite ops on constants; turn constant shape-like "
               "operands into attributes",
    .anchor = "func.func",
    .options_size = sizeof(fold_options_t),
    .options = fold_constants_options,
    .num_options = LT_ARRAY_SIZE(fold_constants_options),
    .statistics = fold_constants_statistics,
    .num_statistics = LT_ARRAY_SIZE(fold_constants_statistics),
    .run = run_fold_constants,
};

/* onnx_ops.c - the op table (onnx_ops.def) and the converters of the ONNX
 * ops that are more than a rename: attributes that later opsets made
 * inputs, semantics that changed (Softmax before 13), one lite op for a
 * family of ONNX ops (pooling), and constants known at import (Shape). */
#include <stdio.h>
#include <string.h>

#include "frontends/onnx/onnx_import.h"

#define MAX_ATTRS 32

static lt_result_t cv_constant(lt_onnx_cv_t *cv);
static lt_result_t cv_pool(lt_onnx_cv_t *cv);
static lt_result_t cv_batch_norm(lt_onnx_cv_t *cv);
static lt_result_t cv_softmax(lt_onnx_cv_t *cv);
static lt_result_t cv_binary(lt_onnx_cv_t *cv);
static lt_result_t cv_clip(lt_onnx_cv_t *cv);
static lt_result_t cv_cast(lt_onnx_cv_t *cv);
static lt_result_t cv_cast_like(lt_onnx_cv_t *cv);
static lt_result_t cv_dropout(lt_onnx_cv_t *cv);
static lt_result_t cv_reduce(lt_onnx_cv_t *cv);
static lt_result_t cv_top_k(lt_onnx_cv_t *cv);
static lt_result_t cv_reshape(lt_onnx_cv_t *cv);
static lt_result_t cv_axes(lt_onnx_cv_t *cv);
static lt_result_t cv_concat(lt_onnx_cv_t *cv);
static lt_result_t cv_split(lt_onnx_cv_t *cv);
static lt_result_t cv_slice(lt_onnx_cv_t *cv);
static lt_result_t cv_pad(lt_onnx_cv_t *cv);
static lt_result_t cv_shape(lt_onnx_cv_t *cv);
static lt_result_t cv_gather(lt_onnx_cv_t *cv);
static lt_result_t cv_resize(lt_onnx_cv_t *cv);
static lt_result_t cv_upsample(lt_onnx_cv_t *cv);

static const lt_onnx_op_row_t kRows[] = {
#define ONNX_OP(type, lite, since, until, fn, consumed)                        \
  {type, LT_LITE_##lite, since, until, fn, consumed},
#include "frontends/onnx/onnx_ops.def"
#undef ONNX_OP
};

const lt_onnx_op_row_t *lt_onnx_op_lookup(const lt_onnx_str_t op_type,
                                          int64_t opset, bool *out_known) {
  *out_known = false;
  for (size_t i = 0; i < LT_ARRAY_SIZE(kRows); i++) {
    if (!lt_onnx_str_eq(op_type, kRows[i].op_type)) continue;
    *out_known = true;
    if (opset >= kRows[i].since && opset <= kRows[i].until) return &kRows[i];
  }
  return NULL;
}

/* ---- helpers -------------------------------------------------------------------- */
static void *scratch(lt_onnx_cv_t *cv, size_t n, size_t size) {
  return lt_arena_alloc(&cv->im->arena, (n ? n : 1) * size, 16);
}

/* Whether node output i is read by a later node or is a graph output. */
static bool output_used(lt_onnx_cv_t *cv, uint32_t i) {
  if (i >= cv->node->num_outputs || !cv->node->outputs[i].len) return false;
  lt_onnx_entry_t *e =
      lt_onnx_names_get(cv->im, &cv->im->values, cv->node->outputs[i], false);
  return e && e->used;
}

/* Results to create for lite op id: one per node output, capped at what the
 * lite op produces (and at least its minimum); an output past the cap that
 * the graph uses is unsupported. */
static lt_result_t result_count(lt_onnx_cv_t *cv, lt_lite_op_id_t id,
                                uint32_t *out) {
  int min_in, max_in, min_out, max_out;
  lt_onnx_lite_arity(id, &min_in, &max_in, &min_out, &max_out);
  uint32_t n = cv->node->num_outputs;
  if (max_out >= 0 && n > (uint32_t)max_out) {
    for (uint32_t i = (uint32_t)max_out; i < n; i++)
      if (output_used(cv, i))
        return lt_onnx_unsupported(
            cv,
            "output #%u ('%.*s') is used, but lite.%s produces only %d "
            "result%s",
            i, (int)cv->node->outputs[i].len, cv->node->outputs[i].data,
            lt_lite_op_name(id), max_out, max_out == 1 ? "" : "s");
    n = (uint32_t)max_out;
  }
  if ((int)n < min_out) n = (uint32_t)min_out;
  *out = n;
  return LT_SUCCESS;
}

/* Adds or replaces attribute `name`. */
static void set_attr(lt_onnx_cv_t *cv, lt_named_attr_t *attrs, uint32_t *count,
                     const char *name, const lt_attr_t *value) {
  const lt_ident_t *id = lt_ident_cstr(cv->ctx, name);
  for (uint32_t i = 0; i < *count; i++)
    if (attrs[i].name == id) {
      attrs[i].value = value;
      return;
    }
  if (*count < MAX_ATTRS) attrs[(*count)++] = (lt_named_attr_t){id, value};
}

/* Emits lite op id on operands in[0..nin) with the node's attributes (all
 * but the row's consumed ones and `skip`), then `extra` (which win), with
 * the node's outputs as results. */
static lt_result_t emit_node(lt_onnx_cv_t *cv, lt_lite_op_id_t id,
                             uint32_t nin, lt_value_t *const *in,
                             const char *skip, const lt_named_attr_t *extra,
                             uint32_t nextra) {
  lt_named_attr_t attrs[MAX_ATTRS];
  int count = lt_onnx_convert_attrs(cv, id, skip, attrs, 0, MAX_ATTRS);
  if (count < 0) return LT_FAILURE;
  uint32_t n = (uint32_t)count;
  for (uint32_t i = 0; i < nextra; i++)
    set_attr(cv, attrs, &n, extra[i].name->str, extra[i].value);
  uint32_t nout = 0;
  if (LT_FAILED(result_count(cv, id, &nout))) return LT_FAILURE;
  lt_value_t **out = cv->outputs;
  if (nout > cv->num_outputs) {
    out = scratch(cv, nout, sizeof(*out));
    if (!out) return lt_onnx_invalid(cv, "out of memory");
  }
  if (LT_FAILED(lt_onnx_emit(cv, id, nin, in, n, attrs, nout, out)))
    return LT_FAILURE;
  if (out != cv->outputs)
    for (uint32_t i = 0; i < cv->num_outputs; i++)
      cv->outputs[i] = out[i];
  return LT_SUCCESS;
}

/* Operands from all node inputs. */
static lt_value_t **node_operands(lt_onnx_cv_t *cv, uint32_t extra,
                                  uint32_t *out_n) {
  lt_value_t **ops = scratch(cv, cv->num_inputs + extra, sizeof(*ops));
  *out_n = ops ? lt_onnx_operands(cv, 0, cv->num_inputs, ops) : 0;
  return ops;
}

lt_result_t lt_onnx_convert_default(lt_onnx_cv_t *cv) {
  uint32_t n;
  lt_value_t **ops = node_operands(cv, 0, &n);
  if (!ops) return lt_onnx_invalid(cv, "out of memory");
  return emit_node(cv, cv->row->lite, n, ops, NULL, NULL, 0);
}

/* The node's input i, which the op requires. */
static lt_value_t *required(lt_onnx_cv_t *cv, uint32_t i, const char *what) {
  if (i < cv->num_inputs && cv->inputs[i]) return cv->inputs[i];
  lt_onnx_invalid(cv, "missing input #%u (%s)", i, what);
  return NULL;
}

/* An INTS attribute as a 1-D i64 constant; NULL (no error) when absent. */
static lt_value_t *ints_operand(lt_onnx_cv_t *cv, const char *name,
                                bool *out_error) {
  const lt_onnx_attr_t *a = lt_onnx_attr(cv, name);
  *out_error = false;
  if (!a) return NULL;
  if (a->type != LT_ONNX_AttributeProto_AttributeType_INTS &&
      a->type != LT_ONNX_AttributeProto_AttributeType_INT) {
    lt_onnx_invalid(cv, "attribute '%s' is %s, expected INTS", name,
                    lt_onnx_attr_type_name(a->type));
    *out_error = true;
    return NULL;
  }
  bool single = a->type == LT_ONNX_AttributeProto_AttributeType_INT;
  lt_value_t *v = lt_onnx_const_i64(cv, single ? &a->i : a->ints,
                                    single ? 1 : a->num_ints, false);
  *out_error = v == NULL;
  return v;
}

/* ---- sources ---------------------------------------------------------------------- */
static lt_result_t cv_constant(lt_onnx_cv_t *cv) {
  lt_onnx_str_t out_name =
      cv->num_outputs ? cv->node->outputs[0] : (lt_onnx_str_t){0};
  char name[240];
  snprintf(name, sizeof(name), "%.*s", (int)out_name.len,
           out_name.data ? out_name.data : "");
  const lt_onnx_attr_t *a;
  lt_value_t *v = NULL;
  if ((a = lt_onnx_attr(cv, "value"))) {
    if (a->type != LT_ONNX_AttributeProto_AttributeType_TENSOR)
      return lt_onnx_invalid(cv, "attribute 'value' is %s, expected TENSOR",
                             lt_onnx_attr_type_name(a->type));
    v = lt_onnx_const_proto(cv->im, a->t, out_name, cv->loc, false);
  } else if ((a = lt_onnx_attr(cv, "value_float"))) {
    lk_tensor_t t = {.dtype = LK_F32, .rank = 0, .data = (void *)&a->f};
    v = lt_onnx_const_tensor(cv, &t, name);
  } else if ((a = lt_onnx_attr(cv, "value_floats"))) {
    lk_tensor_t t = {.dtype = LK_F32, .rank = 1, .dims = {a->num_floats},
                     .data = (void *)a->floats};
    v = lt_onnx_const_tensor(cv, &t, name);
  } else if ((a = lt_onnx_attr(cv, "value_int"))) {
    lk_tensor_t t = {.dtype = LK_I64, .rank = 0, .data = (void *)&a->i};
    v = lt_onnx_const_tensor(cv, &t, name);
  } else if ((a = lt_onnx_attr(cv, "value_ints"))) {
    lk_tensor_t t = {.dtype = LK_I64, .rank = 1, .dims = {a->num_ints},
                     .data = (void *)a->ints};
    v = lt_onnx_const_tensor(cv, &t, name);
  } else if (lt_onnx_attr(cv, "value_string") ||
             lt_onnx_attr(cv, "value_strings")) {
    return lt_onnx_unsupported(cv, "string constants");
  } else if (lt_onnx_attr(cv, "sparse_value")) {
    return lt_onnx_unsupported(cv, "sparse constants");
  } else {
    return lt_onnx_invalid(cv, "Constant without a value attribute");
  }
  if (!v) return LT_FAILURE;
  if (cv->num_outputs) cv->outputs[0] = v;
  return LT_SUCCESS;
}

/* ---- pooling: one lite op, pooling_type says which ------------------------------ */
static lt_result_t cv_pool(lt_onnx_cv_t *cv) {
  const lt_onnx_str_t t = cv->node->op_type;
  bool global = t.len > 6 && memcmp(t.data, "Global", 6) == 0;
  lt_onnx_str_t base = {t.data + (global ? 6 : 0), t.len - (global ? 6 : 0)};
  const char *kind = lt_onnx_str_eq(base, "MaxPool")       ? "max"
                     : lt_onnx_str_eq(base, "AveragePool") ? "avg"
                                                           : "lp";
  lt_value_t *x = required(cv, 0, "X");
  if (!x) return LT_FAILURE;
  lt_named_attr_t extra[3];
  uint32_t n = 0;
  extra[n++] = lt_onnx_named(cv, "pooling_type", lt_onnx_str_attr(cv, kind));
  if (global)
    extra[n++] = lt_onnx_named(cv, "global_pooling", lt_onnx_i64_attr(cv, 1));
  if (kind[0] == 'l' && lt_onnx_attr(cv, "p"))
    /* An INT since LpPool-2; a FLOAT before. */
    extra[n++] =
        lt_onnx_named(cv, "p", lt_onnx_i64_attr(cv, lt_onnx_attr_int(cv, "p", 2)));
  return emit_node(cv, LT_LITE_POOL2D, 1, &x, NULL, extra, n);
}

/* ---- normalization ------------------------------------------------------------------ */
static lt_result_t cv_batch_norm(lt_onnx_cv_t *cv) {
  if (lt_onnx_attr_int(cv, "spatial", 1) == 0)
    return lt_onnx_unsupported(cv, "spatial=0 (per-activation statistics)");
  if (lt_onnx_attr_int(cv, "training_mode", 0) != 0)
    return lt_onnx_unsupported(cv, "training_mode=1 (batch statistics)");
  /* Before opset 7, is_test=0 (the default) asked for batch statistics
   * whenever the statistics outputs are produced. */
  if (cv->opset < 7 && lt_onnx_attr_int(cv, "is_test", 0) == 0 &&
      cv->node->num_outputs > 1)
    return lt_onnx_unsupported(cv, "is_test=0 with statistics outputs "
                                    "(training mode)");
  return lt_onnx_convert_default(cv);
}

/* ---- softmax family ----------------------------------------------------------------- */
static lt_result_t cv_softmax(lt_onnx_cv_t *cv) {
  lt_lite_op_id_t id = cv->row->lite;
  lt_value_t *x = required(cv, 0, "input");
  if (!x) return LT_FAILURE;
  bool has_axis = lt_onnx_attr(cv, "axis") != NULL;
  int64_t axis = lt_onnx_attr_int(cv, "axis", cv->opset < 13 ? 1 : -1);
  int32_t rank = lt_onnx_value_rank(x);
  lt_named_attr_t attr = lt_onnx_named(cv, "axis", lt_onnx_i64_attr(cv, axis));
  if (cv->opset >= 13)
    return emit_node(cv, id, 1, &x, NULL, &attr, has_axis ? 1 : 0);
  /* Before 13 the op works on the input coerced to 2-D at `axis`: that is
   * the same as the 13 form when axis is the last one, and otherwise
   * flatten -> op on axis 1 -> reshape back. */
  int64_t a = axis;
  if (rank >= 0) {
    if (a < 0) a += rank;
    if (a < 0 || a > rank)
      return lt_onnx_invalid(cv, "axis %lld is out of range for rank %d",
                             (long long)axis, rank);
    if (a == rank - 1) {
      attr.value = lt_onnx_i64_attr(cv, a);
      return emit_node(cv, id, 1, &x, NULL, &attr, 1);
    }
  }
  lt_named_attr_t fa = lt_onnx_named(cv, "axis", lt_onnx_i64_attr(cv, a));
  lt_value_t *flat, *y;
  if (LT_FAILED(lt_onnx_emit(cv, LT_LITE_FLATTEN, 1, &x, 1, &fa, 1, &flat)))
    return LT_FAILURE;
  lt_named_attr_t sa = lt_onnx_named(cv, "axis", lt_onnx_i64_attr(cv, 1));
  if (LT_FAILED(lt_onnx_emit(cv, id, 1, &flat, 1, &sa, 1, &y)))
    return LT_FAILURE;
  int64_t dims[LK_MAX_RANK];
  int32_t srank;
  lt_value_t *shape;
  bool has_zero = false;
  if (lt_onnx_value_static_dims(x, dims, &srank)) {
    for (int32_t i = 0; i < srank; i++)
      has_zero |= dims[i] == 0;
    shape = lt_onnx_const_i64(cv, dims, (uint32_t)srank, false);
  } else if (LT_FAILED(lt_onnx_emit(cv, LT_LITE_SHAPE, 1, &x, 0, NULL, 1,
                                    &shape))) {
    return LT_FAILURE;
  }
  if (!shape) return LT_FAILURE;
  lt_value_t *ops[2] = {y, shape};
  /* A 0 in the target shape means "copy the input dim" unless allowzero. */
  lt_named_attr_t ra = lt_onnx_named(cv, "allowzero", lt_onnx_i64_attr(cv, 1));
  return lt_onnx_emit(cv, LT_LITE_RESHAPE, 2, ops, has_zero ? 1 : 0, &ra, 1,
                      &cv->outputs[0]);
}

/* ---- elementwise ---------------------------------------------------------------------- */
/* Before opset 7, `broadcast=1, axis=k` aligned B with A's dims starting at
 * k; PRelu took a 1-D slope per channel. Both become numpy broadcasting
 * once B gets trailing unit dims. */
static lt_result_t cv_binary(lt_onnx_cv_t *cv) {
  const lt_onnx_attr_t *axis = lt_onnx_attr(cv, "axis");
  if (cv->opset >= 7) {
    if (axis)
      return lt_onnx_unsupported(cv, "attribute 'axis' is not supported");
    return lt_onnx_convert_default(cv);
  }
  lt_value_t *a = required(cv, 0, "A");
  lt_value_t *b = required(cv, 1, "B");
  if (!a || !b) return LT_FAILURE;
  int32_t ra = lt_onnx_value_rank(a), rb = lt_onnx_value_rank(b);
  int64_t start = -1;
  if (axis && lt_onnx_attr_int(cv, "broadcast", 0)) {
    start = lt_onnx_attr_int(cv, "axis", 0);
    if (ra < 0 || rb < 0)
      return lt_onnx_unsupported(cv, "legacy broadcast along 'axis' needs "
                                     "ranked operands");
    if (start < 0) start += ra;
  } else if (cv->row->lite == LT_LITE_PRELU && rb == 1 && ra >= 3) {
    start = 1;
  }
  if (start >= 0) {
    int64_t trailing = (int64_t)ra - start - rb;
    if (trailing < 0)
      return lt_onnx_invalid(cv, "B of rank %d does not fit A of rank %d "
                                 "from axis %lld",
                             rb, ra, (long long)start);
    if (trailing > 0) {
      int64_t axes[LK_MAX_RANK];
      for (int64_t i = 0; i < trailing && i < LK_MAX_RANK; i++)
        axes[i] = rb + i;
      lt_value_t *ops[2] = {
          b, lt_onnx_const_i64(cv, axes, (uint32_t)trailing, false)};
      if (LT_FAILED(lt_onnx_emit(cv, LT_LITE_UNSQUEEZE, 2, ops, 0, NULL, 1,
                                 &b)))
        return LT_FAILURE;
    }
  }
  lt_value_t *ops[2] = {a, b};
  return emit_node(cv, cv->row->lite, 2, ops, NULL, NULL, 0);
}

static lt_result_t cv_clip(lt_onnx_cv_t *cv) {
  if (cv->opset >= 11) return lt_onnx_convert_default(cv);
  lt_value_t *x = required(cv, 0, "input");
  if (!x) return LT_FAILURE;
  lk_dtype_t dtype = lt_onnx_value_dtype(x);
  const lt_onnx_attr_t *mn = lt_onnx_attr(cv, "min"),
                       *mx = lt_onnx_attr(cv, "max");
  lt_value_t *ops[3] = {x, NULL, NULL};
  uint32_t n = 1;
  if (mn || mx) {
    ops[1] = mn ? lt_onnx_const_scalar(cv, dtype, lt_onnx_attr_float(cv, "min", 0))
                : lt_onnx_none(cv);
    n = 2;
  }
  if (mx) {
    ops[2] = lt_onnx_const_scalar(cv, dtype, lt_onnx_attr_float(cv, "max", 0));
    n = 3;
  }
  return emit_node(cv, LT_LITE_CLIP, n, ops, NULL, NULL, 0);
}

/* `to`: a TensorProto.DataType code (a type name string in Cast-1). */
static lt_result_t cast_to(lt_onnx_cv_t *cv, const lt_type_t **out) {
  const lt_onnx_attr_t *a = lt_onnx_attr(cv, "to");
  if (!a) return lt_onnx_invalid(cv, "missing attribute 'to'");
  int32_t code = -1;
  if (a->type == LT_ONNX_AttributeProto_AttributeType_INT) {
    code = (int32_t)a->i;
  } else if (a->type == LT_ONNX_AttributeProto_AttributeType_STRING) {
    for (int32_t c = 0; c < 64 && code < 0; c++)
      if (lt_onnx_str_eq(a->s, lt_onnx_data_type_name(c))) code = c;
  }
  if (code < 0)
    return lt_onnx_invalid(cv, "attribute 'to' is not an element type");
  *out = lt_onnx_element_type(cv->ctx, code);
  if (!*out)
    return lt_onnx_unsupported(cv, "cast to %s",
                               lt_onnx_data_type_name(code));
  return LT_SUCCESS;
}

static lt_result_t cv_cast(lt_onnx_cv_t *cv) {
  const lt_type_t *to;
  lt_value_t *x = required(cv, 0, "input");
  if (!x || LT_FAILED(cast_to(cv, &to))) return LT_FAILURE;
  lt_named_attr_t attr = lt_onnx_named(cv, "to", lt_attr_type(cv->ctx, to));
  return emit_node(cv, LT_LITE_CAST, 1, &x, NULL, &attr, 1);
}

static lt_result_t cv_cast_like(lt_onnx_cv_t *cv) {
  lt_value_t *x = required(cv, 0, "input");
  lt_value_t *like = required(cv, 1, "target_type");
  if (!x || !like) return LT_FAILURE;
  const lt_type_t *to = lt_type_element(like->type);
  lt_named_attr_t attr = lt_onnx_named(cv, "to", lt_attr_type(cv->ctx, to));
  return emit_node(cv, LT_LITE_CAST, 1, &x, NULL, &attr, 1);
}

static lt_result_t cv_dropout(lt_onnx_cv_t *cv) {
  if (cv->opset >= 12) return lt_onnx_convert_default(cv);
  lt_value_t *x = required(cv, 0, "data");
  if (!x) return LT_FAILURE;
  lt_value_t *ops[3] = {x, NULL, NULL};
  uint32_t n = 1;
  const lt_onnx_attr_t *ratio = lt_onnx_attr(cv, "ratio");
  /* Before opset 7 the default is_test=0 is training mode. */
  bool training = cv->opset < 7 && lt_onnx_attr_int(cv, "is_test", 0) == 0;
  if (ratio || training) {
    float r = (float)lt_onnx_attr_float(cv, "ratio", 0.5);
    ops[1] = lt_onnx_const_tensor(
        cv, &(lk_tensor_t){.dtype = LK_F32, .rank = 0, .data = &r}, "ratio");
    n = 2;
  }
  if (training) {
    uint8_t t = 1;
    ops[2] = lt_onnx_const_tensor(
        cv, &(lk_tensor_t){.dtype = LK_BOOL, .rank = 0, .data = &t},
        "training_mode");
    n = 3;
  }
  return emit_node(cv, LT_LITE_DROPOUT, n, ops, NULL, NULL, 0);
}

/* ---- reductions -------------------------------------------------------------------------- */
static lt_result_t cv_reduce(lt_onnx_cv_t *cv) {
  int attr_until = cv->row->lite == LT_LITE_REDUCE_SUM ? 13 : 18;
  if (cv->opset >= attr_until) return lt_onnx_convert_default(cv);
  lt_value_t *x = required(cv, 0, "data");
  if (!x) return LT_FAILURE;
  bool error;
  lt_value_t *ops[2] = {x, ints_operand(cv, "axes", &error)};
  if (error) return LT_FAILURE;
  return emit_node(cv, cv->row->lite, ops[1] ? 2 : 1, ops, NULL, NULL, 0);
}

static lt_result_t cv_top_k(lt_onnx_cv_t *cv) {
  if (cv->opset >= 10) return lt_onnx_convert_default(cv);
  lt_value_t *x = required(cv, 0, "X");
  if (!x) return LT_FAILURE;
  const lt_onnx_attr_t *k = lt_onnx_attr(cv, "k");
  if (!k) return lt_onnx_invalid(cv, "missing attribute 'k'");
  lt_value_t *ops[2] = {x, lt_onnx_const_i64(cv, &k->i, 1, false)};
  return emit_node(cv, LT_LITE_TOP_K, 2, ops, NULL, NULL, 0);
}

/* ---- shape and data movement ------------------------------------------------------------ */
static lt_result_t cv_reshape(lt_onnx_cv_t *cv) {
  if (cv->opset >= 5) return lt_onnx_convert_default(cv);
  lt_value_t *x = required(cv, 0, "data");
  if (!x) return LT_FAILURE;
  bool error;
  lt_value_t *ops[2] = {x, ints_operand(cv, "shape", &error)};
  if (error) return LT_FAILURE;
  if (!ops[1]) return lt_onnx_invalid(cv, "missing attribute 'shape'");
  return emit_node(cv, LT_LITE_RESHAPE, 2, ops, NULL, NULL, 0);
}

static lt_result_t cv_axes(lt_onnx_cv_t *cv) {
  if (cv->opset >= 13) return lt_onnx_convert_default(cv);
  lt_value_t *x = required(cv, 0, "data");
  if (!x) return LT_FAILURE;
  bool error;
  lt_value_t *ops[2] = {x, ints_operand(cv, "axes", &error)};
  if (error) return LT_FAILURE;
  if (!ops[1] && cv->row->lite == LT_LITE_UNSQUEEZE)
    return lt_onnx_invalid(cv, "missing attribute 'axes'");
  return emit_node(cv, cv->row->lite, ops[1] ? 2 : 1, ops, NULL, NULL, 0);
}

static lt_result_t cv_concat(lt_onnx_cv_t *cv) {
  uint32_t n;
  lt_value_t **ops = node_operands(cv, 0, &n);
  if (!ops) return lt_onnx_invalid(cv, "out of memory");
  /* `axis` was optional (default 1) before opset 4. */
  lt_named_attr_t axis = lt_onnx_named(cv, "axis", lt_onnx_i64_attr(cv, 1));
  bool dflt = cv->opset < 4 && !lt_onnx_attr(cv, "axis");
  return emit_node(cv, LT_LITE_CONCAT, n, ops, NULL, &axis, dflt ? 1 : 0);
}

static lt_result_t cv_split(lt_onnx_cv_t *cv) {
  if (cv->opset >= 13) return lt_onnx_convert_default(cv);
  lt_value_t *x = required(cv, 0, "input");
  if (!x) return LT_FAILURE;
  bool error;
  lt_value_t *ops[2] = {x, ints_operand(cv, "split", &error)};
  if (error) return LT_FAILURE;
  /* Split-1 could also take `split` as a second input. */
  if (!ops[1] && cv->num_inputs > 1 && cv->inputs[1]) ops[1] = cv->inputs[1];
  return emit_node(cv, LT_LITE_SPLIT, ops[1] ? 2 : 1, ops, NULL, NULL, 0);
}

static lt_result_t cv_slice(lt_onnx_cv_t *cv) {
  if (cv->opset >= 10) return lt_onnx_convert_default(cv);
  lt_value_t *x = required(cv, 0, "data");
  if (!x) return LT_FAILURE;
  bool e1, e2, e3;
  lt_value_t *ops[4] = {x, ints_operand(cv, "starts", &e1),
                        ints_operand(cv, "ends", &e2),
                        ints_operand(cv, "axes", &e3)};
  if (e1 || e2 || e3) return LT_FAILURE;
  if (!ops[1] || !ops[2])
    return lt_onnx_invalid(cv, "missing attribute 'starts' or 'ends'");
  return emit_node(cv, LT_LITE_SLICE, ops[3] ? 4 : 3, ops, NULL, NULL, 0);
}

static lt_result_t cv_pad(lt_onnx_cv_t *cv) {
  if (cv->opset >= 11) return lt_onnx_convert_default(cv);
  lt_value_t *x = required(cv, 0, "data");
  if (!x) return LT_FAILURE;
  bool error;
  /* `paddings` is Pad-1's name for `pads`. */
  const char *name = lt_onnx_attr(cv, "pads") ? "pads" : "paddings";
  lt_value_t *ops[3] = {x, ints_operand(cv, name, &error), NULL};
  if (error) return LT_FAILURE;
  if (!ops[1]) return lt_onnx_invalid(cv, "missing attribute 'pads'");
  uint32_t n = 2;
  if (lt_onnx_attr(cv, "value")) {
    ops[2] = lt_onnx_const_scalar(cv, lt_onnx_value_dtype(x),
                                  lt_onnx_attr_float(cv, "value", 0));
    n = 3;
  }
  return emit_node(cv, LT_LITE_PAD, n, ops, NULL, NULL, 0);
}

/* Shape and Size of a value whose shape is static are constants. */
static lt_result_t cv_shape(lt_onnx_cv_t *cv) {
  lt_value_t *x = required(cv, 0, "data");
  if (!x) return LT_FAILURE;
  int64_t dims[LK_MAX_RANK];
  int32_t rank;
  if (!cv->im->opts->fold_constants || !lt_onnx_value_static_dims(x, dims, &rank))
    return lt_onnx_convert_default(cv);
  lt_value_t *v;
  if (cv->row->lite == LT_LITE_SIZE) {
    int64_t numel = 1;
    for (int32_t i = 0; i < rank; i++)
      numel *= dims[i];
    v = lt_onnx_const_i64(cv, &numel, 1, true);
  } else {
    /* start/end (opset 15) clamp into [0, rank] after adding rank to
     * negative values. */
    int64_t start = lt_onnx_attr_int(cv, "start", 0);
    int64_t end = lt_onnx_attr_int(cv, "end", rank);
    if (start < 0) start += rank;
    if (end < 0) end += rank;
    start = start < 0 ? 0 : start > rank ? rank : start;
    end = end < 0 ? 0 : end > rank ? rank : end;
    if (end < start) end = start;
    v = lt_onnx_const_i64(cv, dims + start, (uint32_t)(end - start), false);
  }
  if (!v) return LT_FAILURE;
  cv->outputs[0] = v;
  return LT_SUCCESS;
}

/* Gather of static dims out of a Shape whose input has dynamic ones (the
 * channel count of a dynamic-batch tensor) is a constant too. */
static lt_result_t cv_gather(lt_onnx_cv_t *cv) {
  lt_value_t *data = cv->num_inputs > 0 ? cv->inputs[0] : NULL;
  lt_value_t *indices = cv->num_inputs > 1 ? cv->inputs[1] : NULL;
  lt_op_t *def = data ? lt_value_defining_op(data) : NULL;
  lk_tensor_t idx;
  int64_t axis = lt_onnx_attr_int(cv, "axis", 0);
  if (!cv->im->opts->fold_constants || !def ||
      lt_lite_op_id(def) != LT_LITE_SHAPE || (axis != 0 && axis != -1) ||
      !lt_onnx_value_const(cv, indices, &idx) || idx.rank > 1 ||
      !lk_dtype_is_int(idx.dtype) || idx.dtype == LK_BOOL)
    return lt_onnx_convert_default(cv);
  const lt_type_t *t = lt_op_operand(def, 0)->type;
  if (t->kind != LT_TYPE_TENSOR) return lt_onnx_convert_default(cv);
  int64_t rank = t->shaped.rank;
  const lt_attr_t *sa = lt_op_attr(def, "start"), *ea = lt_op_attr(def, "end");
  int64_t start = sa && sa->kind == LT_ATTR_INTEGER ? sa->i : 0;
  int64_t end = ea && ea->kind == LT_ATTR_INTEGER ? ea->i : rank;
  if (start < 0) start += rank;
  if (end < 0) end += rank;
  start = start < 0 ? 0 : start > rank ? rank : start;
  end = end < start ? start : end > rank ? rank : end;
  int64_t len = end - start, n = lk_numel(&idx);
  int64_t dims[LK_MAX_RANK];
  if (n > LK_MAX_RANK) return lt_onnx_convert_default(cv);
  for (int64_t i = 0; i < n; i++) {
    int64_t k = lk_load_i64(&idx, i);
    if (k < 0) k += len;
    if (k < 0 || k >= len) return lt_onnx_convert_default(cv); /* lite says */
    dims[i] = t->shaped.shape[start + k];
    if (dims[i] == LT_DYNAMIC) return lt_onnx_convert_default(cv);
  }
  lt_value_t *v = lt_onnx_const_i64(cv, dims, (uint32_t)n, idx.rank == 0);
  if (!v) return LT_FAILURE;
  cv->outputs[0] = v;
  return LT_SUCCESS;
}

/* Upsample and Resize-10 index the input asymmetrically (x_in = x_out /
 * scale); nearest picks floor when upsampling and ceil when downsampling
 * (what onnxruntime does and the ONNX tests of these opsets expect). */
static lt_result_t emit_legacy_resize(lt_onnx_cv_t *cv, lt_value_t *x,
                                      lt_value_t *scales, const char *mode) {
  lt_named_attr_t extra[3];
  uint32_t n = 0;
  extra[n++] = lt_onnx_named(cv, "mode", lt_onnx_str_attr(cv, mode));
  extra[n++] = lt_onnx_named(cv, "coordinate_transformation_mode",
                             lt_onnx_str_attr(cv, "asymmetric"));
  if (strcmp(mode, "nearest") == 0) {
    bool up = false, down = false;
    lk_tensor_t s;
    if (lt_onnx_value_const(cv, scales, &s)) {
      for (int64_t i = 0; i < lk_numel(&s); i++) {
        double f = lk_load_f64(&s, i);
        up |= f > 1;
        down |= f < 1;
      }
    }
    if (up && down)
      return lt_onnx_unsupported(cv, "nearest resize that upsamples some "
                                     "axes and downsamples others");
    extra[n++] = lt_onnx_named(cv, "nearest_mode",
                               lt_onnx_str_attr(cv, down ? "ceil" : "floor"));
  }
  lt_value_t *none = lt_onnx_none(cv);
  lt_value_t *ops[3] = {x, none, scales};
  if (!none || !scales) return LT_FAILURE;
  return emit_node(cv, LT_LITE_RESIZE, 3, ops, "mode", extra, n);
}

static lt_result_t cv_resize(lt_onnx_cv_t *cv) {
  if (cv->opset >= 11) return lt_onnx_convert_default(cv);
  lt_value_t *x = required(cv, 0, "X");
  lt_value_t *scales = required(cv, 1, "scales");
  if (!x || !scales) return LT_FAILURE;
  char mode[32];
  const lt_onnx_attr_t *m = lt_onnx_attr(cv, "mode");
  snprintf(mode, sizeof(mode), "%.*s", m ? (int)m->s.len : 7,
           m ? (m->s.data ? m->s.data : "") : "nearest");
  return emit_legacy_resize(cv, x, scales, mode);
}

static lt_result_t cv_upsample(lt_onnx_cv_t *cv) {
  lt_value_t *x = required(cv, 0, "X");
  if (!x) return LT_FAILURE;
  lt_value_t *scales;
  if (cv->opset < 9) {
    const lt_onnx_attr_t *a = lt_onnx_attr(cv, "scales");
    if (!a || a->type != LT_ONNX_AttributeProto_AttributeType_FLOATS)
      return lt_onnx_invalid(cv, "missing attribute 'scales' (FLOATS)");
    scales = lt_onnx_const_f32(cv, a->floats, a->num_floats);
  } else {
    scales = required(cv, 1, "scales");
  }
  if (!scales) return LT_FAILURE;
  char mode[32];
  const lt_onnx_attr_t *m = lt_onnx_attr(cv, "mode");
  snprintf(mode, sizeof(mode), "%.*s", m ? (int)m->s.len : 7,
           m ? (m->s.data ? m->s.data : "") : "nearest");
  if (strcmp(mode, "bilinear") == 0) snprintf(mode, sizeof(mode), "linear");
  return emit_legacy_resize(cv, x, scales, mode);
}

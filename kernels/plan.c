/* plan.c - the plan context, attribute defaults and the operand checks that
 * plan steps share. */
#include "kernels/plan.h"

#include <string.h>

void lk_shapes_of(const lk_tensor_t *in, uint32_t num_in, lk_shape_t *out) {
  for (uint32_t i = 0; i < num_in; i++) {
    memset(&out[i], 0, sizeof out[i]);
    out[i].dtype = in[i].dtype;
    if (in[i].dtype == LK_DTYPE_NONE) {
      out[i].rank = -1;
      continue;
    }
    out[i].rank = in[i].rank;
    memcpy(out[i].dims, in[i].dims, sizeof in[i].dims);
    out[i].value = &in[i];
  }
}

bool lk_plan_shape_tensors(const lk_shape_t *in, uint32_t num_in, uint32_t n,
                           lk_tensor_t *out) {
  for (uint32_t i = 0; i < n; i++) {
    memset(&out[i], 0, sizeof out[i]);
    out[i].dtype = LK_DTYPE_NONE;
    out[i].rank = -1;
    if (!lk_shape_present(in, num_in, i)) continue;
    if (in[i].rank < 0 || in[i].rank > LK_MAX_RANK) return false;
    /* Past LK_DATA_MAX_ELEMENTS no tensor is planned: a size function's
     * arithmetic over such dims would overflow. */
    int64_t count = 1;
    for (int32_t d = 0; d < in[i].rank; d++)
      if (in[i].dims[d] < 0 || !lk_size_mul(count, in[i].dims[d], &count))
        return false;
    out[i].dtype = in[i].dtype;
    out[i].rank = in[i].rank;
    memcpy(out[i].dims, in[i].dims, (size_t)in[i].rank * sizeof(int64_t));
  }
  return true;
}

/* ---- attribute defaults
 * ------------------------------------------------------ */

int64_t lk_attr_int(lk_attrs_t a, const char *name, int64_t dflt) {
  int64_t v;
  return a.vt->get_int(a.self, name, &v) == LK_ATTR_FOUND ? v : dflt;
}

double lk_attr_float(lk_attrs_t a, const char *name, double dflt) {
  double v;
  return a.vt->get_float(a.self, name, &v) == LK_ATTR_FOUND ? v : dflt;
}

const char *lk_attr_str(lk_attrs_t a, const char *name, char *buf, size_t cap,
                        const char *dflt) {
  const char *s;
  size_t len;
  if (a.vt->get_str(a.self, name, &s, &len) != LK_ATTR_FOUND) {
    s = dflt ? dflt : "";
    len = strlen(s);
  }
  if (cap == 0) return buf;
  if (len > cap - 1) len = cap - 1;
  memcpy(buf, s, len);
  buf[len] = '\0';
  return buf;
}

int32_t lk_attr_ints(lk_attrs_t a, const char *name, int64_t *out,
                     int32_t cap) {
  int32_t n;
  return a.vt->get_ints(a.self, name, out, cap, &n) == LK_ATTR_FOUND ? n : -1;
}

int32_t lk_attr_floats(lk_attrs_t a, const char *name, double *out,
                       int32_t cap) {
  int32_t n;
  return a.vt->get_floats(a.self, name, out, cap, &n) == LK_ATTR_FOUND ? n : -1;
}

bool lk_attr_tensor(lk_attrs_t a, const char *name, lk_tensor_t *out) {
  return a.vt->get_tensor(a.self, name, out) == LK_ATTR_FOUND;
}

/* ---- the plan context
 * ---------------------------------------------------------- */

void lk_plan_init(lk_plan_t *p, lk_attrs_t attrs, lt_allocator_t allocator) {
  p->attrs = attrs;
  p->allocator = allocator;
  p->workspace_size = 0;
  p->values_missing = false;
  p->error[0] = '\0';
}

lt_result_t lk_plan_fail(lk_plan_t *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->error, sizeof p->error, fmt, ap);
  va_end(ap);
  return LT_FAILURE;
}

/* Appends to buf[0..cap) at *len, truncating; keeps buf NUL-terminated. */
static void append(char *buf, size_t cap, size_t *len, const char *s) {
  size_t n = strlen(s);
  if (*len + n >= cap) n = cap - 1 - *len;
  memcpy(buf + *len, s, n);
  *len += n;
  buf[*len] = '\0';
}

lt_result_t lk_plan_attr_choice(lk_plan_t *p, const char *name,
                                const char *dflt, const char *const *names,
                                int n, int *out_index) {
  char value[64];
  lk_attr_str(p->attrs, name, value, sizeof value, dflt);
  for (int i = 0; i < n; i++)
    if (strcmp(value, names[i]) == 0) {
      *out_index = i;
      return LT_SUCCESS;
    }
  char list[LK_PLAN_ERROR_CAP] = "";
  size_t len = 0;
  for (int i = 0; i < n; i++) {
    if (i) append(list, sizeof list, &len, ", ");
    append(list, sizeof list, &len, names[i]);
  }
  return lk_plan_fail(p, "attribute '%s' must be one of %s; got '%s'", name,
                      list, value);
}

lt_result_t lk_plan_fused_activation(lk_plan_t *p, lk_activation_t *out_kind,
                                     double *out_alpha, double *out_beta) {
  char name[32];
  lk_attr_str(p->attrs, "activation", name, sizeof name, "none");
  if (!lk_activation_from_name(name, out_kind)) {
    char known[LK_PLAN_ERROR_CAP] = "";
    size_t len = 0;
    for (int k = 1; k < LK_NUM_ACTIVATIONS; k++) {
      append(known, sizeof known, &len, ", ");
      append(known, sizeof known, &len, lk_activation_name((lk_activation_t)k));
    }
    return lk_plan_fail(
        p, "attribute 'activation' must be one of none%s; got \"%s\"", known,
        name);
  }
  *out_alpha = lk_attr_float(p->attrs, "activation_alpha",
                             lk_activation_default_alpha(*out_kind));
  *out_beta = lk_attr_float(p->attrs, "activation_beta",
                            lk_activation_default_beta(*out_kind));
  return LT_SUCCESS;
}

/* ---- operand checks
 * -------------------------------------------------------------- */

lt_result_t lk_plan_expect_present(lk_plan_t *p, const lk_shape_t *in,
                                   uint32_t num_in, uint32_t i,
                                   const char *name) {
  if (lk_shape_present(in, num_in, i)) return LT_SUCCESS;
  if (!name) return lk_plan_fail(p, "operand #%u is required, got none", i);
  return lk_plan_fail(p, "operand #%u (%s) is required, got none", i, name);
}

lt_result_t lk_plan_expect_float(lk_plan_t *p, const lk_shape_t *in, uint32_t i,
                                 const char *name) {
  if (lk_dtype_is_float(in[i].dtype)) return LT_SUCCESS;
  return lk_plan_fail(p,
                      "operand #%u (%s) must have a float element type, "
                      "got %s",
                      i, name, lk_dtype_name(in[i].dtype));
}

lt_result_t lk_plan_expect_same_dtype(lk_plan_t *p, const lk_shape_t *in,
                                      uint32_t i, const char *name) {
  if (in[i].dtype == in[0].dtype) return LT_SUCCESS;
  return lk_plan_fail(p,
                      "operand #%u (%s) must have element type %s like "
                      "operand #0, got %s",
                      i, name, lk_dtype_name(in[0].dtype),
                      lk_dtype_name(in[i].dtype));
}

lt_result_t lk_plan_expect_rank_range(lk_plan_t *p, const lk_shape_t *in,
                                      uint32_t i, const char *name, int32_t lo,
                                      int32_t hi) {
  int32_t r = in[i].rank;
  if (r < 0 || (r >= lo && r <= hi)) return LT_SUCCESS;
  if (lo == hi)
    return lk_plan_fail(p, "operand #%u (%s) must have rank %d, got %d", i,
                        name, (int)lo, (int)r);
  if (hi >= LK_MAX_RANK)
    return lk_plan_fail(p, "operand #%u (%s) must have rank >= %d, got %d", i,
                        name, (int)lo, (int)r);
  return lk_plan_fail(p, "operand #%u (%s) must have rank %d to %d, got %d", i,
                      name, (int)lo, (int)hi, (int)r);
}

lt_result_t lk_plan_expect_vector(lk_plan_t *p, const lk_shape_t *in,
                                  uint32_t i, const char *name, int64_t len) {
  if (in[i].rank < 0) return LT_SUCCESS;
  if (in[i].rank != 1)
    return lk_plan_fail(p, "operand #%u (%s) must have rank 1, got %d", i, name,
                        (int)in[i].rank);
  if (len >= 0 && in[i].dims[0] >= 0 && in[i].dims[0] != len)
    return lk_plan_fail(p,
                        "operand #%u (%s) must have %lld elements, got "
                        "%lld",
                        i, name, (long long)len, (long long)in[i].dims[0]);
  return LT_SUCCESS;
}

lt_result_t lk_plan_axis(lk_plan_t *p, int64_t axis, int32_t rank,
                         const char *what, int32_t *out_axis) {
  int64_t a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= rank)
    return lk_plan_fail(p, "%s %lld is out of range for rank %d", what,
                        (long long)axis, (int)rank);
  *out_axis = (int32_t)a;
  return LT_SUCCESS;
}

bool lk_dims_in_limit(const int64_t *dims, int32_t rank) {
  int64_t n = 1;
  for (int32_t d = 0; d < rank; d++)
    if (dims[d] > 0 && !lk_size_mul(n, dims[d], &n)) return false;
  return true;
}

lt_result_t lk_plan_mul_dim(lk_plan_t *p, int64_t d, int64_t k,
                            const char *what, int64_t *out) {
  if (d < 0) {
    *out = -1;
    return LT_SUCCESS;
  }
  if (!lk_size_mul(d, k, out))
    return lk_plan_fail(p, "%s %lld times dim %lld is too large", what,
                        (long long)k, (long long)d);
  return LT_SUCCESS;
}

const char *lk_dims_str(const int64_t *dims, int32_t rank, char *buf,
                        size_t cap) {
  size_t len = 0;
  buf[0] = '\0';
  if (rank < 0) {
    snprintf(buf, cap, "*");
    return buf;
  }
  for (int32_t d = 0; d < rank && len < cap; d++) {
    int n = dims[d] < 0 ? snprintf(buf + len, cap - len, "%s?", d ? "x" : "")
                        : snprintf(buf + len, cap - len, "%s%lld", d ? "x" : "",
                                   (long long)dims[d]);
    if (n < 0) break;
    len += (size_t)n;
  }
  return buf;
}

const lk_tensor_t *lk_plan_value(lk_plan_t *p, const lk_shape_t *in,
                                 uint32_t num_in, uint32_t i) {
  if (!lk_shape_present(in, num_in, i)) return NULL;
  const lk_tensor_t *v = in[i].value;
  if (v && (v->data || lk_numel(v) == 0)) return v;
  p->values_missing = true;
  return NULL;
}

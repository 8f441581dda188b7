/* plan_table.h - what the plan-step unit tests share: a static table of
 * attributes behind lk_attrs_t (as the runtime's will come from an
 * artifact), shape constructors, and checks of results and error messages.
 * Include after the step's header, once per test program. */
#ifndef LITE_TEST_UNIT_PLAN_TABLE_H
#define LITE_TEST_UNIT_PLAN_TABLE_H

#include <stdbool.h>
#include <string.h>

#include "kernels/plan.h"

#include "test/unit/check.h"

/* ---- a table of attributes behind lk_attrs_t
 * --------------------------------- */

typedef struct attr {
  const char *name;
  char kind; /* i f s I F t */
  int64_t i;
  double f;
  const char *s;
  const int64_t *ints;
  const double *floats;
  int32_t n;
  const lk_tensor_t *tensor;
} attr_t;

#define INT(nm, v)                                                             \
  { .name = nm, .kind = 'i', .i = (v) }
#define FLT(nm, v)                                                             \
  { .name = nm, .kind = 'f', .f = (v) }
#define STR(nm, v)                                                             \
  { .name = nm, .kind = 's', .s = (v) }
#define INTS(nm, ...)                                                          \
  {                                                                            \
    .name = nm, .kind = 'I', .ints = (const int64_t[]){__VA_ARGS__},           \
    .n = (int32_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t))         \
  }
#define FLTS(nm, ...)                                                          \
  {                                                                            \
    .name = nm, .kind = 'F', .floats = (const double[]){__VA_ARGS__},          \
    .n = (int32_t)(sizeof((double[]){__VA_ARGS__}) / sizeof(double))           \
  }
/* A tensor attribute viewing *t (which must outlive the table). */
#define TENSOR(nm, t)                                                          \
  { .name = nm, .kind = 't', .tensor = (t) }
#define END                                                                    \
  { .name = NULL }

static inline const attr_t *find(const void *self, const char *name) {
  for (const attr_t *a = self; a && a->name; a++)
    if (strcmp(a->name, name) == 0) return a;
  return NULL;
}

static inline lk_attr_found_t t_int(const void *self, const char *name,
                                    int64_t *out) {
  const attr_t *a = find(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind == 'i')
    *out = a->i;
  else if (a->kind == 'f')
    *out = (int64_t)a->f;
  else
    return LK_ATTR_WRONG_KIND;
  return LK_ATTR_FOUND;
}

static inline lk_attr_found_t t_float(const void *self, const char *name,
                                      double *out) {
  const attr_t *a = find(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind == 'f')
    *out = a->f;
  else if (a->kind == 'i')
    *out = (double)a->i;
  else
    return LK_ATTR_WRONG_KIND;
  return LK_ATTR_FOUND;
}

static inline lk_attr_found_t t_list(const void *self, const char *name,
                                     int64_t *iout, double *fout, int32_t cap,
                                     int32_t *out_count) {
  const attr_t *a = find(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind != 'I' && a->kind != 'F') return LK_ATTR_WRONG_KIND;
  for (int32_t k = 0; k < a->n && k < cap; k++) {
    double f = a->kind == 'F' ? a->floats[k] : (double)a->ints[k];
    if (iout) iout[k] = a->kind == 'I' ? a->ints[k] : (int64_t)f;
    if (fout) fout[k] = f;
  }
  *out_count = a->n;
  return LK_ATTR_FOUND;
}

static inline lk_attr_found_t t_ints(const void *self, const char *name,
                                     int64_t *out, int32_t cap,
                                     int32_t *out_count) {
  return t_list(self, name, out, NULL, cap, out_count);
}

static inline lk_attr_found_t t_floats(const void *self, const char *name,
                                       double *out, int32_t cap,
                                       int32_t *out_count) {
  return t_list(self, name, NULL, out, cap, out_count);
}

static inline lk_attr_found_t t_str(const void *self, const char *name,
                                    const char **out_data, size_t *out_len) {
  const attr_t *a = find(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind != 's') return LK_ATTR_WRONG_KIND;
  *out_data = a->s;
  *out_len = strlen(a->s);
  return LK_ATTR_FOUND;
}

static inline lk_attr_found_t t_tensor(const void *self, const char *name,
                                       lk_tensor_t *out) {
  const attr_t *a = find(self, name);
  if (!a) return LK_ATTR_ABSENT;
  if (a->kind != 't') return LK_ATTR_WRONG_KIND;
  *out = *a->tensor;
  return LK_ATTR_FOUND;
}

static const lk_attrs_vtable_t table_reader = {t_int,    t_float, t_ints,
                                               t_floats, t_str,   t_tensor};

static inline lk_plan_t plan_over(const attr_t *table) {
  lk_plan_t p;
  lk_plan_init(&p, (lk_attrs_t){table, &table_reader}, lt_allocator_system());
  return p;
}

/* ---- shapes
 * ------------------------------------------------------------------- */

#define SHAPE(dt, ...)                                                         \
  shape_of(dt, (int32_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)),  \
           (const int64_t[]){__VA_ARGS__})

static inline lk_shape_t shape_of(lk_dtype_t dtype, int32_t rank,
                                  const int64_t *dims) {
  lk_shape_t s;
  memset(&s, 0, sizeof s);
  s.dtype = dtype;
  s.rank = rank;
  for (int32_t d = 0; d < rank; d++)
    s.dims[d] = dims[d];
  return s;
}

static inline lk_shape_t unranked(lk_dtype_t dtype) {
  lk_shape_t s;
  memset(&s, 0, sizeof s);
  s.dtype = dtype;
  s.rank = -1;
  return s;
}

static inline lk_shape_t absent(void) {
  lk_shape_t s = unranked(LK_DTYPE_NONE);
  return s;
}

/* True when s has the given dims (rank = their count). */
static inline bool dims_are(const lk_shape_t *s, int32_t rank,
                            const int64_t *dims) {
  if (s->rank != rank) return false;
  for (int32_t d = 0; d < rank; d++)
    if (s->dims[d] != dims[d]) return false;
  return true;
}
#define DIMS_ARE(s, ...)                                                       \
  dims_are(s, (int32_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)),   \
           (const int64_t[]){__VA_ARGS__})

/* A shape whose contents are known: the constant operand t. */
static inline lk_shape_t shape_value(const lk_tensor_t *t) {
  lk_shape_t s;
  lk_shapes_of(t, 1, &s);
  return s;
}

/* The step failed with exactly `want`. */
static inline bool failed_with(lt_result_t r, const lk_plan_t *p,
                               const char *want, int line) {
  if (LT_FAILED(r) && strcmp(p->error, want) == 0) return true;
  fprintf(stderr, "line %d: expected failure \"%s\", got %s \"%s\"\n", line,
          want, LT_FAILED(r) ? "failure" : "success", p->error);
  return false;
}
#define FAILS_WITH(r, p, want) CHECK(failed_with(r, p, want, __LINE__))

/* The step succeeded (else prints its error). */
static inline bool succeeded(lt_result_t r, const lk_plan_t *p, int line) {
  if (LT_SUCCEEDED(r)) return true;
  fprintf(stderr, "line %d: unexpected failure \"%s\"\n", line, p->error);
  return false;
}
#define SUCCEEDS(r, p) CHECK(succeeded(r, p, __LINE__))

#endif /* LITE_TEST_UNIT_PLAN_TABLE_H */

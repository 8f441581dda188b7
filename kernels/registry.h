/* registry.h - the kernel registry: which kernels exist, for which op and
 * Place (target, precision, layout), what Places they declare for their
 * operands and results, and which attribute values they accept.
 *
 * A kernel is named by a stable string in XNNPACK's style,
 * `<impl>_<op>__<precision>_<layout>` (`ref_conv2d__f32_nchw`); that name is
 * what the kernel-pick pass records on an op, what an artifact stores and
 * what the profiler shows. The builtin rows are the X-macro table
 * kernels/registry.def; more kernels are registered at run time into a
 * registry object (no global state: each user creates its own). Places
 * are kernels/place.h's. */
#ifndef LITE_KERNELS_REGISTRY_H
#define LITE_KERNELS_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/abi.h"
#include "kernels/kernel_table.h"
#include "kernels/place.h"

/* ---- attribute constraints
 * --------------------------------------------------- What a kernel accepts of
 * an op attribute, as data: the attribute's name, a test, and what an absent
 * attribute means. X(ENUM, spelling) */
#define LK_CONSTRAINT_KINDS(X)                                                 \
  X(INT_IN, "in")            /* an int, one of values[] */                     \
  X(INT_RANGE, "range")      /* an int in [lo, hi] */                          \
  X(INTS_EACH_IN, "each in") /* an int list, every element in values[] */      \
  X(INTS_EACH_RANGE, "each in range") /* every element in [lo, hi] */          \
  X(STRING_IN, "in")                  /* a string, one of strings[] */

typedef enum lk_constraint_kind {
#define X(e, s) LK_CONSTRAINT_##e,
  LK_CONSTRAINT_KINDS(X)
#undef X
      LK_NUM_CONSTRAINT_KINDS
} lk_constraint_kind_t;

typedef struct lk_attr_constraint {
  const char *attr;
  lk_constraint_kind_t kind;
  /* An absent attribute passes only when this is set (the op's default
   * is one the kernel takes). */
  bool absent_ok;
  int64_t lo, hi;        /* *_RANGE */
  const int64_t *values; /* *_IN on ints */
  int32_t num_values;
  const char *const *strings; /* STRING_IN */
  int32_t num_strings;
} lk_attr_constraint_t;

/* An attribute value as the matcher sees it; the caller converts its own
 * attribute representation into this. */
typedef enum lk_attr_value_kind {
  LK_ATTR_VALUE_INT,
  LK_ATTR_VALUE_INTS,
  LK_ATTR_VALUE_FLOAT,
  LK_ATTR_VALUE_STRING,
  LK_ATTR_VALUE_OTHER /* anything no constraint can accept */
} lk_attr_value_kind_t;

typedef struct lk_attr_value {
  lk_attr_value_kind_t kind;
  int64_t i;
  const int64_t *ints;
  int32_t num_ints;
  double f;
  const char *s; /* n bytes, not necessarily NUL-terminated */
  size_t n;
} lk_attr_value_t;

/* Looks attribute `name` up; false when the op does not carry it. */
typedef bool (*lk_attr_lookup_fn_t)(void *user, const char *name,
                                    lk_attr_value_t *out_value);

/* Whether one constraint holds (present is false for an absent attribute). */
bool lk_constraint_holds(const lk_attr_constraint_t *c, bool present,
                         const lk_attr_value_t *value);
/* Writes the constraint as text (`strides each in {1}`) into buf. */
void lk_constraint_format(const lk_attr_constraint_t *c, char *buf,
                          size_t size);

/* ---- kernels
 * ------------------------------------------------------------------ */
typedef struct lk_kernel {
  const char *name; /* stable: [a-z0-9_]+, unique in a registry */
  const char *op;   /* the op it implements, without dialect prefix */
  lk_place_t place; /* where it runs and what it computes in (device 0) */
  /* Declared Places of operands and results: operand i reads inputs[i],
   * and operands past the end read the last entry (variadic ops); none
   * declared means every operand is at `place`. Same for outputs. */
  const lk_place_t *inputs;
  int32_t num_inputs;
  const lk_place_t *outputs;
  int32_t num_outputs;
  /* Every constraint must hold for the kernel to take an op. */
  const lk_attr_constraint_t *constraints;
  int32_t num_constraints;
  const char *source;  /* where its code lives (may be NULL) */
  const char *summary; /* one line (may be NULL) */
  /* The code (kernels/abi.h). run: `lk_` + name for the builtin rows; NULL
   * for a row that is metadata only (not callable yet). pack: optional,
   * run once at load over the constant operands. workspace: scratch bytes
   * one call needs; NULL means none. */
  lk_kernel_fn run;
  lk_pack_fn pack;
  lk_workspace_fn workspace;
  /* Code generated for the op's exact shapes (the `jit` rows, which the
   * lowering to loops turns into kernels): only ops whose operands and
   * results all have static shapes can take it. */
  bool static_shapes;
} lk_kernel_t;

/* The declared Place of operand i / result i (see lk_kernel_t). */
lk_place_t lk_kernel_input(const lk_kernel_t *k, int32_t i);
lk_place_t lk_kernel_output(const lk_kernel_t *k, int32_t i);

/* Whether k has code to call (a `run` function), not only a description. */
static inline bool lk_kernel_runnable(const lk_kernel_t *k) {
  return k && k->run != NULL;
}

/* Scratch bytes k needs for `call` (0 without a workspace function). */
size_t lk_kernel_workspace(const lk_kernel_t *k, const lk_call_t *call);

/* Calls k on `call`: UNIMPLEMENTED when k has no run function,
 * INVALID_ARGUMENT when call->workspace_size is smaller than k needs (the
 * kernel is not entered, so nothing is written past the workspace), else
 * the kernel's status. */
lt_status_t lk_kernel_call(const lk_kernel_t *k, const lk_call_t *call);

/* Checks every constraint of k against an op's attributes through lookup.
 * On failure *out_failed (if not NULL) is the first constraint that does
 * not hold. */
bool lk_kernel_accepts(const lk_kernel_t *k, lk_attr_lookup_fn_t lookup,
                       void *user, const lk_attr_constraint_t **out_failed);

/* ---- the registry
 * -------------------------------------------------------------- */
typedef struct lk_registry lk_registry_t;

#define LK_REG_STATUSES(X)                                                     \
  X(OK, "ok")                                                                  \
  X(INVALID, "invalid kernel description")                                     \
  X(DUPLICATE, "a kernel of that name is already registered")                  \
  X(VERSION, "the kernel table was written for another kernel ABI version")   \
  X(NO_MEMORY, "out of memory")

typedef enum lk_reg_status {
#define X(e, s) LK_REG_##e,
  LK_REG_STATUSES(X)
#undef X
} lk_reg_status_t;
const char *lk_reg_status_message(lk_reg_status_t s);

/* The builtin row (kernels/registry.def) named `name`, or NULL; no registry
 * needed (the lite dialect's evaluator calls the reference rows so). */
const lk_kernel_t *lk_builtin_kernel_find(const char *name);

/* A registry holding the builtin table (kernels/registry.def); NULL when
 * out of memory. */
lk_registry_t *lk_registry_create(void);
/* A registry with no kernels at all. */
lk_registry_t *lk_registry_create_empty(void);
void lk_registry_destroy(lk_registry_t *r);

/* Adds a kernel; the description is copied (names, arrays, strings), so
 * the caller's memory may go away. Registration order is kept: the pick
 * pass breaks score ties by it. */
lk_reg_status_t lk_registry_add(lk_registry_t *r, const lk_kernel_t *k);

/* Adds every entry of a kernel table (kernels/kernel_table.h: generated
 * code) as a kernel of op `op` that runs on the host at any precision and
 * layout. VERSION for a table of another LK_KERNEL_TABLE_VERSION, INVALID
 * for an entry without a name or function, DUPLICATE for a name already
 * there; *out_failed (may be NULL) is then the entry's index, and the
 * entries before it stay added. */
lk_reg_status_t lk_registry_add_table(lk_registry_t *r,
                                      const lk_kernel_table_t *table,
                                      const char *op, uint32_t *out_failed);

size_t lk_registry_size(const lk_registry_t *r);
const lk_kernel_t *lk_registry_at(const lk_registry_t *r, size_t i);
/* The kernel named `name`, or NULL. */
const lk_kernel_t *lk_registry_find(const lk_registry_t *r, const char *name);

#endif /* LITE_KERNELS_REGISTRY_H */

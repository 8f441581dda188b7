/* registry.c - the kernel registry: the attribute constraint matcher, the
 * builtin table and runtime registration. */
#include "kernels/registry.h"

#include "kernels/abi_ref.h"
#include "kernels/simd/simd.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LK_COUNT_OF(a) ((int32_t)(sizeof(a) / sizeof((a)[0])))

/* ---- constraints ----------------------------------------------------------
 */
static bool int_in(const lk_attr_constraint_t *c, int64_t v) {
  for (int32_t i = 0; i < c->num_values; i++)
    if (c->values[i] == v) return true;
  return false;
}

bool lk_constraint_holds(const lk_attr_constraint_t *c, bool present,
                         const lk_attr_value_t *v) {
  if (!present) return c->absent_ok;
  switch (c->kind) {
  case LK_CONSTRAINT_INT_IN:
    return v->kind == LK_ATTR_VALUE_INT && int_in(c, v->i);
  case LK_CONSTRAINT_INT_RANGE:
    return v->kind == LK_ATTR_VALUE_INT && v->i >= c->lo && v->i <= c->hi;
  case LK_CONSTRAINT_INTS_EACH_IN:
  case LK_CONSTRAINT_INTS_EACH_RANGE:
    if (v->kind != LK_ATTR_VALUE_INTS) return false;
    for (int32_t i = 0; i < v->num_ints; i++) {
      int64_t e = v->ints[i];
      bool ok = c->kind == LK_CONSTRAINT_INTS_EACH_IN
                    ? int_in(c, e)
                    : e >= c->lo && e <= c->hi;
      if (!ok) return false;
    }
    return true;
  case LK_CONSTRAINT_STRING_IN:
    if (v->kind != LK_ATTR_VALUE_STRING) return false;
    for (int32_t i = 0; i < c->num_strings; i++)
      if (strlen(c->strings[i]) == v->n &&
          memcmp(c->strings[i], v->s, v->n) == 0)
        return true;
    return false;
  case LK_NUM_CONSTRAINT_KINDS:
    break;
  }
  return false;
}

static const char *const kConstraintWords[] = {
#define X(e, s) s,
    LK_CONSTRAINT_KINDS(X)
#undef X
};

/* Appends printf output at *pos, never past size. */
static void append(char *buf, size_t size, size_t *pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void append(char *buf, size_t size, size_t *pos, const char *fmt, ...) {
  if (*pos >= size) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf + *pos, size - *pos, fmt, ap);
  va_end(ap);
  if (n > 0) *pos = *pos + (size_t)n < size ? *pos + (size_t)n : size - 1;
}

void lk_constraint_format(const lk_attr_constraint_t *c, char *buf,
                          size_t size) {
  size_t pos = 0;
  if (!size) return;
  buf[0] = 0;
  if ((unsigned)c->kind >= LK_NUM_CONSTRAINT_KINDS) {
    append(buf, size, &pos, "%s ?", c->attr);
    return;
  }
  append(buf, size, &pos, "%s %s ", c->attr, kConstraintWords[c->kind]);
  switch (c->kind) {
  case LK_CONSTRAINT_INT_RANGE:
  case LK_CONSTRAINT_INTS_EACH_RANGE:
    append(buf, size, &pos, "[%" PRId64 ", %" PRId64 "]", c->lo, c->hi);
    break;
  case LK_CONSTRAINT_STRING_IN:
    append(buf, size, &pos, "{");
    for (int32_t i = 0; i < c->num_strings; i++)
      append(buf, size, &pos, "%s\"%s\"", i ? ", " : "", c->strings[i]);
    append(buf, size, &pos, "}");
    break;
  default:
    append(buf, size, &pos, "{");
    for (int32_t i = 0; i < c->num_values; i++)
      append(buf, size, &pos, "%s%" PRId64, i ? ", " : "", c->values[i]);
    append(buf, size, &pos, "}");
    break;
  }
  if (c->absent_ok) append(buf, size, &pos, " or absent");
}

/* ---- kernels --------------------------------------------------------------
 */
static lk_place_t declared(const lk_kernel_t *k, const lk_place_t *list,
                           int32_t n, int32_t i) {
  if (n <= 0) return k->place;
  return list[i < n ? i : n - 1];
}

lk_place_t lk_kernel_input(const lk_kernel_t *k, int32_t i) {
  return declared(k, k->inputs, k->num_inputs, i);
}
lk_place_t lk_kernel_output(const lk_kernel_t *k, int32_t i) {
  return declared(k, k->outputs, k->num_outputs, i);
}

size_t lk_kernel_workspace(const lk_kernel_t *k, const lk_call_t *call) {
  return k->workspace ? k->workspace(call) : 0;
}

lt_status_t lk_kernel_call(const lk_kernel_t *k, const lk_call_t *call) {
  if (!lk_kernel_runnable(k))
    return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                          "kernel '%s' has no run function",
                          k ? k->name : "(null)");
  size_t need = lk_kernel_workspace(k, call);
  if (call->workspace_size < need || (need && !call->workspace))
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "kernel '%s' needs %zu bytes of workspace, got %zu",
                          k->name, need, call->workspace_size);
  return k->run(call);
}

bool lk_kernel_accepts(const lk_kernel_t *k, lk_attr_lookup_fn_t lookup,
                       void *user, const lk_attr_constraint_t **out_failed) {
  for (int32_t i = 0; i < k->num_constraints; i++) {
    const lk_attr_constraint_t *c = &k->constraints[i];
    lk_attr_value_t v = {.kind = LK_ATTR_VALUE_OTHER};
    bool present = lookup(user, c->attr, &v);
    if (!lk_constraint_holds(c, present, &v)) {
      if (out_failed) *out_failed = c;
      return false;
    }
  }
  return true;
}

/* ---- the builtin table ------------------------------------------------------
 */
#define H LK_TARGET_HOST
#define NCHW LK_LAYOUT_NCHW
static const lk_place_t kInAny[] = {LK_PLACE(H, LK_PRECISION_ANY, NCHW)};
static const lk_place_t kOutF32[] = {LK_PLACE(H, LK_PRECISION_F32, NCHW)};
static const lk_place_t kOutAny[] = {LK_PLACE(H, LK_PRECISION_ANY, NCHW)};
static const lk_place_t kOutBool[] = {LK_PLACE(H, LK_PRECISION_BOOL, NCHW)};
static const lk_place_t kOutI64[] = {LK_PLACE(H, LK_PRECISION_I64, NCHW)};
static const lk_place_t kOutF32I64[] = {LK_PLACE(H, LK_PRECISION_F32, NCHW),
                                        LK_PLACE(H, LK_PRECISION_I64, NCHW)};
static const lk_place_t kOutAnyI64[] = {LK_PLACE(H, LK_PRECISION_ANY, NCHW),
                                        LK_PLACE(H, LK_PRECISION_I64, NCHW)};

/* Result lists by (results, precision) of registry.def. */
#define LK_OUTS_SAME_F32 kOutF32
#define LK_OUTS_SAME_ANY kOutAny
#define LK_OUTS_BOOL_F32 kOutBool
#define LK_OUTS_BOOL_ANY kOutBool
#define LK_OUTS_I64_F32 kOutI64
#define LK_OUTS_I64_ANY kOutI64
#define LK_OUTS_SAME_I64_F32 kOutF32I64
#define LK_OUTS_SAME_I64_ANY kOutAnyI64
#define LK_SUMMARY_F32 "reference kernel, f32 tensors"
#define LK_SUMMARY_ANY                                                         \
  "reference kernel, every other element type (through double or int64)"

/* The row's function: `lk_` + its name, or NULL without an ABI wrapper. */
#define LK_RUN_RUN(name_, spell) lk_ref_##name_##__##spell##_nchw
#define LK_RUN_NONE(name_, spell) NULL

/* One row; `spell` is the precision's spelling as a token, so the name
 * string and the function symbol come from the same tokens. */
#define LK_REF_ROW(name_, prec, spell, results, header, abi)                   \
  {.name = "ref_" #name_ "__" #spell "_nchw",                                  \
   .op = #name_,                                                               \
   .place = LK_PLACE(H, LK_PRECISION_##prec, NCHW),                            \
   .inputs = kInAny,                                                           \
   .num_inputs = 1,                                                            \
   .outputs = LK_OUTS_##results##_##prec,                                      \
   .num_outputs = LK_COUNT_OF(LK_OUTS_##results##_##prec),                     \
   .source = header,                                                           \
   .summary = LK_SUMMARY_##prec,                                               \
   .run = LK_RUN_##abi(name_, spell)},
#define LK_REF_ROWS_F32_ANY(name_, results, header, abi)                       \
  LK_REF_ROW(name_, F32, f32, results, header, abi)                            \
  LK_REF_ROW(name_, ANY, any, results, header, abi)
#define LK_REF_ROWS_ANY_ONLY(name_, results, header, abi)                      \
  LK_REF_ROW(name_, ANY, any, results, header, abi)

/* kernels/simd/simd.def's rows, once per architecture: `x86_*` at
 * x86:f32:<layout> and `arm_*` at arm:f32:<layout>, their operands by the
 * operands column. The rows of this build's architecture run; the other's
 * are descriptions only (no functions), so that the compiler can pick them
 * for an artifact that runs there. */
#define SIMDF32(T, layout) LK_PLACE(LK_TARGET_##T, LK_PRECISION_F32, layout)
#define LK_SIMD_LAYOUT_nchw LK_LAYOUT_NCHW
#define LK_SIMD_LAYOUT_nchw16c LK_LAYOUT_NCHW16C
#define LK_SIMD_IN_F32(T, L) SIMDF32(T, L)
#define LK_SIMD_IN_FIRST_F32(T, L) SIMDF32(T, L), LK_PLACE(H, LK_PRECISION_ANY, NCHW)
#define LK_SIMD_IN_CONV_BLOCKED(T, L)                                          \
  SIMDF32(T, LK_LAYOUT_ANY), SIMDF32(T, NCHW), SIMDF32(T, NCHW), SIMDF32(T, L)
#define LK_SIMD_PLACES(...) ((const lk_place_t[]){__VA_ARGS__})
#define LK_SIMD_FN_NONE(fn) NULL
#if defined(LK_SIMD_ARCH_X86)
#define LK_SIMD_FN_X86(fn) fn
#else
#define LK_SIMD_FN_X86(fn) NULL
#endif
#if defined(LK_SIMD_ARCH_ARM)
#define LK_SIMD_FN_ARM(fn) fn
#else
#define LK_SIMD_FN_ARM(fn) NULL
#endif
#define LK_SIMD_PACK_NONE(T, op_, layout) NULL
#define LK_SIMD_PACK_PACK(T, op_, layout)                                      \
  LK_SIMD_FN_##T(lk_simd_##op_##_pack__f32_##layout)
#define LK_SIMD_WS_NONE(T, op_, layout) NULL
#define LK_SIMD_WS_PACK(T, op_, layout)                                        \
  LK_SIMD_FN_##T(lk_simd_##op_##_workspace__f32_##layout)
#define LK_SIMD_PREFIX_X86 "x86_"
#define LK_SIMD_PREFIX_ARM "arm_"
#define LK_SIMD_SUMMARY_X86                                                    \
  "hand-written x86 kernel (AVX2 + FMA, AVX-512F), f32 tensors"
#define LK_SIMD_SUMMARY_ARM "hand-written arm kernel (NEON), f32 tensors"
/* The attrs column: ANY, or a list of constraints. */
static const char *const kMaxAvg[] = {"max", "avg"};
static const lk_attr_constraint_t kSimdAttrsMAX_AVG[] = {
    {.attr = "pooling_type", .kind = LK_CONSTRAINT_STRING_IN,
     .strings = kMaxAvg, .num_strings = 2}};
#define LK_SIMD_ATTRS_ANY .constraints = NULL, .num_constraints = 0
#define LK_SIMD_ATTRS_MAX_AVG                                                  \
  .constraints = kSimdAttrsMAX_AVG,                                            \
  .num_constraints = LK_COUNT_OF(kSimdAttrsMAX_AVG)
#define LK_SIMD_ROW(T, op_, layout, operands, extras, attrs, header)           \
  {.name = LK_SIMD_PREFIX_##T #op_ "__f32_" #layout,                           \
   .op = #op_,                                                                 \
   .place = SIMDF32(T, LK_SIMD_LAYOUT_##layout),                               \
   .inputs = LK_SIMD_PLACES(LK_SIMD_IN_##operands(T, LK_SIMD_LAYOUT_##layout)),\
   .num_inputs = LK_COUNT_OF(                                                  \
       LK_SIMD_PLACES(LK_SIMD_IN_##operands(T, LK_SIMD_LAYOUT_##layout))),     \
   .outputs = LK_SIMD_PLACES(SIMDF32(T, LK_SIMD_LAYOUT_##layout)),             \
   .num_outputs = 1,                                                           \
   LK_SIMD_ATTRS_##attrs,                                                      \
   .source = header,                                                           \
   .summary = LK_SIMD_SUMMARY_##T,                                             \
   .run = LK_SIMD_FN_##T(lk_simd_##op_##__f32_##layout),                       \
   .pack = LK_SIMD_PACK_##extras(T, op_, layout),                              \
   .workspace = LK_SIMD_WS_##extras(T, op_, layout)},
/* The archs column: ALL (both architectures' rows) or X86 (x86 only). */
#define LK_SIMD_ARM_ROW_ALL(...) LK_SIMD_ROW(ARM, __VA_ARGS__)
#define LK_SIMD_ARM_ROW_X86(...)

static const lk_kernel_t kBuiltin[] = {
#define LK_REF(op, classes, results, header, abi)                              \
  LK_REF_ROWS_##classes(op, results, header, abi)
#include "kernels/registry.def"
#undef LK_REF
#define LK_SIMD(op, layout, archs, operands, extras, attrs, header)           \
  LK_SIMD_ROW(X86, op, layout, operands, extras, attrs, header)
#include "kernels/simd/simd.def"
#undef LK_SIMD
#define LK_SIMD(op, layout, archs, operands, extras, attrs, header)           \
  LK_SIMD_ARM_ROW_##archs(op, layout, operands, extras, attrs, header)
#include "kernels/simd/simd.def"
#undef LK_SIMD
};
#undef H
#undef NCHW

const lk_kernel_t *lk_builtin_kernel_find(const char *name) {
  for (int32_t i = 0; i < LK_COUNT_OF(kBuiltin); i++)
    if (strcmp(kBuiltin[i].name, name) == 0) return &kBuiltin[i];
  return NULL;
}

/* ---- the registry
 * ------------------------------------------------------------ */
struct lk_registry {
  const lk_kernel_t **kernels; /* builtin rows, or owned copies */
  bool *owned;
  size_t count, cap;
};

const char *lk_reg_status_message(lk_reg_status_t s) {
  switch (s) {
#define X(e, m)                                                                \
  case LK_REG_##e:                                                             \
    return m;
    LK_REG_STATUSES(X)
#undef X
  }
  return "?";
}

lk_registry_t *lk_registry_create_empty(void) {
  return calloc(1, sizeof(lk_registry_t));
}

static bool push(lk_registry_t *r, const lk_kernel_t *k, bool owned) {
  if (r->count == r->cap) {
    size_t cap = r->cap ? r->cap * 2 : 64;
    const lk_kernel_t **ks = realloc(r->kernels, cap * sizeof(*ks));
    if (!ks) return false;
    r->kernels = ks;
    bool *ow = realloc(r->owned, cap * sizeof(*ow));
    if (!ow) return false;
    r->owned = ow;
    r->cap = cap;
  }
  r->kernels[r->count] = k;
  r->owned[r->count++] = owned;
  return true;
}

lk_registry_t *lk_registry_create(void) {
  lk_registry_t *r = lk_registry_create_empty();
  if (!r) return NULL;
  for (int32_t i = 0; i < LK_COUNT_OF(kBuiltin); i++)
    if (!push(r, &kBuiltin[i], false)) {
      lk_registry_destroy(r);
      return NULL;
    }
  return r;
}

void lk_registry_destroy(lk_registry_t *r) {
  if (!r) return;
  for (size_t i = 0; i < r->count; i++)
    if (r->owned[i]) free((void *)r->kernels[i]);
  free(r->kernels);
  free(r->owned);
  free(r);
}

size_t lk_registry_size(const lk_registry_t *r) { return r->count; }

const lk_kernel_t *lk_registry_at(const lk_registry_t *r, size_t i) {
  return i < r->count ? r->kernels[i] : NULL;
}

const lk_kernel_t *lk_registry_find(const lk_registry_t *r, const char *name) {
  for (size_t i = 0; i < r->count; i++)
    if (strcmp(r->kernels[i]->name, name) == 0) return r->kernels[i];
  return NULL;
}

static bool valid_name(const char *s) {
  if (!s || !*s) return false;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
      return false;
  return true;
}

/* A kernel runs on any device of its target, so it names none. */
static bool valid_place(lk_place_t p) {
  return (unsigned)p.target < LK_NUM_TARGETS &&
         (unsigned)p.precision < LK_NUM_PRECISIONS &&
         (unsigned)p.layout < LK_NUM_LAYOUTS && p.device == 0;
}

static bool valid_places(const lk_place_t *list, int32_t n) {
  if (n < 0 || (n > 0 && !list)) return false;
  for (int32_t i = 0; i < n; i++)
    if (!valid_place(list[i])) return false;
  return true;
}

static bool valid_constraint(const lk_attr_constraint_t *c) {
  if (!c->attr || !*c->attr) return false;
  switch (c->kind) {
  case LK_CONSTRAINT_INT_IN:
  case LK_CONSTRAINT_INTS_EACH_IN:
    return c->num_values > 0 && c->values;
  case LK_CONSTRAINT_INT_RANGE:
  case LK_CONSTRAINT_INTS_EACH_RANGE:
    return c->lo <= c->hi;
  case LK_CONSTRAINT_STRING_IN:
    if (c->num_strings <= 0 || !c->strings) return false;
    for (int32_t i = 0; i < c->num_strings; i++)
      if (!c->strings[i]) return false;
    return true;
  case LK_NUM_CONSTRAINT_KINDS:
    break;
  }
  return false;
}

static bool valid_kernel(const lk_kernel_t *k) {
  if (!valid_name(k->name) || !k->op || !*k->op || !valid_place(k->place) ||
      !valid_places(k->inputs, k->num_inputs) ||
      !valid_places(k->outputs, k->num_outputs) || k->num_constraints < 0 ||
      (k->num_constraints > 0 && !k->constraints))
    return false;
  for (int32_t i = 0; i < k->num_constraints; i++)
    if (!valid_constraint(&k->constraints[i])) return false;
  return true;
}

/* A bump allocator over one block: a registered kernel is one allocation
 * holding the struct, its arrays and its strings. */
typedef struct bump {
  char *base;
  size_t used, size;
} bump_t;

static void *bump(bump_t *b, size_t n) {
  size_t at = (b->used + 7) & ~(size_t)7;
  if (b->base) {
    if (at + n > b->size) return NULL;
    b->used = at + n;
    return b->base + at;
  }
  b->used = at + n; /* sizing pass */
  return NULL;
}

static const char *bump_str(bump_t *b, const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s) + 1;
  char *d = bump(b, n);
  if (d) memcpy(d, s, n);
  return d;
}

static const void *bump_copy(bump_t *b, const void *src, size_t n) {
  if (!src || !n) return NULL;
  void *d = bump(b, n);
  if (d) memcpy(d, src, n);
  return d;
}

/* Lays the copy of k out in b (sizing only when b->base is NULL). */
static lk_kernel_t *layout_copy(bump_t *b, const lk_kernel_t *k) {
  lk_kernel_t *d = bump(b, sizeof(*d));
  lk_kernel_t tmp = *k;
  tmp.name = bump_str(b, k->name);
  tmp.op = bump_str(b, k->op);
  tmp.source = bump_str(b, k->source);
  tmp.summary = bump_str(b, k->summary);
  tmp.inputs =
      bump_copy(b, k->inputs, (size_t)k->num_inputs * sizeof(lk_place_t));
  tmp.outputs =
      bump_copy(b, k->outputs, (size_t)k->num_outputs * sizeof(lk_place_t));
  lk_attr_constraint_t *cs =
      k->num_constraints ? bump(b, (size_t)k->num_constraints * sizeof(*cs))
                         : NULL;
  for (int32_t i = 0; i < k->num_constraints; i++) {
    const lk_attr_constraint_t *c = &k->constraints[i];
    lk_attr_constraint_t cc = *c;
    cc.attr = bump_str(b, c->attr);
    cc.values =
        bump_copy(b, c->values, (size_t)c->num_values * sizeof(int64_t));
    const char **strs = c->num_strings > 0
                            ? bump(b, (size_t)c->num_strings * sizeof(char *))
                            : NULL;
    for (int32_t j = 0; j < c->num_strings; j++) {
      const char *s = bump_str(b, c->strings[j]);
      if (strs) strs[j] = s;
    }
    cc.strings = strs;
    if (cs) cs[i] = cc;
  }
  tmp.constraints = cs;
  if (d) *d = tmp;
  return d;
}

lk_reg_status_t lk_registry_add(lk_registry_t *r, const lk_kernel_t *k) {
  if (!r || !k || !valid_kernel(k)) return LK_REG_INVALID;
  if (lk_registry_find(r, k->name)) return LK_REG_DUPLICATE;
  bump_t b = {0};
  layout_copy(&b, k);
  b.size = b.used;
  b.used = 0;
  b.base = malloc(b.size);
  if (!b.base) return LK_REG_NO_MEMORY;
  lk_kernel_t *copy = layout_copy(&b, k);
  if (!push(r, copy, true)) {
    free(b.base);
    return LK_REG_NO_MEMORY;
  }
  return LK_REG_OK;
}

lk_reg_status_t lk_registry_add_table(lk_registry_t *r,
                                      const lk_kernel_table_t *table,
                                      const char *op, uint32_t *out_failed) {
  if (out_failed) *out_failed = 0;
  if (!r || !table || !op) return LK_REG_INVALID;
  if (table->version != LK_KERNEL_TABLE_VERSION) return LK_REG_VERSION;
  if (table->count && !table->entries) return LK_REG_INVALID;
  for (uint32_t i = 0; i < table->count; i++) {
    const lk_kernel_entry_t *e = &table->entries[i];
    lk_kernel_t k = {
        .name = e->name,
        .op = op,
        .place = {LK_TARGET_HOST, LK_PRECISION_ANY, LK_LAYOUT_ANY, 0},
        .source = "generated",
        .run = e->run,
    };
    lk_reg_status_t s = e->run ? lk_registry_add(r, &k) : LK_REG_INVALID;
    if (s != LK_REG_OK) {
      if (out_failed) *out_failed = i;
      return s;
    }
  }
  return LK_REG_OK;
}

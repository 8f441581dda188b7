/* vector.h - a subset of MLIR's vector dialect: load/store of memrefs,
 * broadcast, splat, fma, reduction (`#vector.kind<...>`), transfer_read /
 * transfer_write with a permutation_map and in_bounds, extractelement /
 * insertelement; MLIR 16's names, attributes, verifiers and custom forms. */
#ifndef LITE_DIALECTS_VECTOR_VECTOR_H
#define LITE_DIALECTS_VECTOR_VECTOR_H

#include "ir/operation.h"

extern const lt_dialect_t lt_vector_dialect;

/* CombiningKind in MLIR's order: the `kind` of vector.reduction. */
#define LT_VECTOR_KINDS(X)                                                     \
  X(ADD, "add")                                                                \
  X(MUL, "mul")                                                                \
  X(MINUI, "minui")                                                            \
  X(MINSI, "minsi")                                                            \
  X(MINF, "minf")                                                              \
  X(MAXUI, "maxui")                                                            \
  X(MAXSI, "maxsi")                                                            \
  X(MAXF, "maxf")                                                              \
  X(AND, "and")                                                                \
  X(OR, "or")                                                                  \
  X(XOR, "xor")

typedef enum lt_vector_kind {
#define X(k, s) LT_VECTOR_KIND_##k,
  LT_VECTOR_KINDS(X)
#undef X
      LT_VECTOR_KIND_COUNT
} lt_vector_kind_t;

/* `#vector.kind<add>`; NULL when out of memory. */
const lt_attr_t *lt_vector_kind_attr(lt_context_t *ctx, lt_vector_kind_t k);
/* Whether a is a `#vector.kind<...>`; its kind in *out_kind. */
bool lt_vector_kind_of(const lt_attr_t *a, lt_vector_kind_t *out_kind);
/* The kind's spelling ("add"). */
const char *lt_vector_kind_name(lt_vector_kind_t k);

#endif /* LITE_DIALECTS_VECTOR_VECTOR_H */

/* vector_internal.h - what the vector dialect's files share: type helpers,
 * the verifiers and custom forms of each op (internal to dialects/vector). */
#ifndef LITE_DIALECTS_VECTOR_VECTOR_INTERNAL_H
#define LITE_DIALECTS_VECTOR_VECTOR_INTERNAL_H

#include "dialects/vector/vector.h"

/* Emits "'op' <prefix>'<type>'<suffix>" with the type's text. */
lt_result_t lt_vector_error_type(lt_op_t *op, const char *prefix,
                                 const lt_type_t *t, const char *suffix);

/* The ops: X(name, operands (-1 variadic), results, traits). */
#define LT_VECTOR_OPS(X)                                                       \
  X(broadcast, 1, 1, LT_TRAIT_PURE)                                            \
  X(extractelement, -1, 1, LT_TRAIT_PURE)                                      \
  X(fma, 3, 1, LT_TRAIT_PURE | LT_TRAIT_ELEMENTWISE)                           \
  X(insertelement, -1, 1, LT_TRAIT_PURE)                                       \
  X(load, -1, 1, 0)                                                            \
  X(reduction, -1, 1, LT_TRAIT_PURE)                                           \
  X(splat, 1, 1, LT_TRAIT_PURE)                                                \
  X(store, -1, 0, 0)                                                           \
  X(transfer_read, -1, 1, 0)                                                   \
  X(transfer_write, -1, -1, 0)

#define X(name, nops, nres, traits)                                            \
  lt_result_t lt_vector_verify_##name(lt_op_t *op);                            \
  void lt_vector_print_##name(lt_op_t *op, lt_asm_printer_t *p);               \
  lt_result_t lt_vector_parse_##name(lt_asm_parser_t *p, lt_op_state_t *state);
LT_VECTOR_OPS(X)
#undef X

#endif /* LITE_DIALECTS_VECTOR_VECTOR_INTERNAL_H */

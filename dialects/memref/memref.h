/* memref.h - a subset of MLIR's memref dialect: alloc, alloca, dealloc,
 * load, store, subview, dim, cast, copy, collapse_shape, expand_shape, with MLIR 16's verifiers and
 * custom assembly. Only ranked memrefs with the identity or a strided
 * layout exist in lite (ir/types.h). */
#ifndef LITE_DIALECTS_MEMREF_MEMREF_H
#define LITE_DIALECTS_MEMREF_MEMREF_H

#include "ir/operation.h"

extern const lt_dialect_t lt_memref_dialect;

/* memref.subview's operand segments, in operand order. */
typedef enum lt_memref_subview_segment {
  LT_SUBVIEW_SOURCE,
  LT_SUBVIEW_OFFSETS,
  LT_SUBVIEW_SIZES,
  LT_SUBVIEW_STRIDES,
  LT_SUBVIEW_SEGMENTS
} lt_memref_subview_segment_t;

/* MLIR's SubViewOp::inferResultType: static sizes, strides the source's
 * times the static strides, offset the source's plus the static offsets
 * times the source strides (any dynamic factor makes the entry dynamic),
 * always with a strided layout. Arrays hold the source's rank entries;
 * NULL when out of memory or source is not a memref. */
const lt_type_t *lt_memref_subview_type(lt_context_t *ctx,
                                        const lt_type_t *source,
                                        const int64_t *offsets,
                                        const int64_t *sizes,
                                        const int64_t *strides);

/* MLIR's CastOp::areCastCompatible for two ranked memrefs: same element
 * type and memory space, same rank, static dims equal, strides and offset
 * equal where both are static. */
bool lt_memref_cast_compatible(const lt_type_t *a, const lt_type_t *b);

/* Verifier of memref.subview (memref_view.c). */
lt_result_t lt_memref_verify_subview(lt_op_t *op);
/* Verifiers of memref.collapse_shape and memref.expand_shape
 * (memref_reshape.c; identity-layout sources only). */
lt_result_t lt_memref_verify_collapse_shape(lt_op_t *op);
lt_result_t lt_memref_verify_expand_shape(lt_op_t *op);

/* Custom syntax hooks (memref_asm.c):
 *
 *   %alloc = memref.alloc(%d)[%s] {alignment = 64 : i64} : memref<4x?xf32>
 *   memref.dealloc %m : memref<4xf32>
 *   %0 = memref.load %m[%i, %j] : memref<4x4xf32>
 *   memref.store %v, %m[%i, %j] : memref<4x4xf32>
 *   %subview = memref.subview %m[0, %i] [2, %n] [1, 2]
 *       : memref<4x?xf32> to memref<2x?xf32, strided<[?, 2], offset: ?>>
 *   %dim = memref.dim %m, %c1 : memref<4x?xf32>
 *   %cast = memref.cast %m : memref<4x?xf32> to memref<?x?xf32>
 *   memref.copy %a, %b : memref<4xf32> to memref<?xf32>
 *   %collapse_shape = memref.collapse_shape %m [[0, 1], [2]]
 *       : memref<2x3x4xf32> into memref<6x4xf32>
 *   %expand_shape = memref.expand_shape %m [[0, 1]]
 *       : memref<6xf32> into memref<2x3xf32> */
#define LT_MEMREF_ASM_FORMS(X)                                                 \
  X(alloc)                                                                     \
  X(dealloc)                                                                   \
  X(load)                                                                      \
  X(store)                                                                     \
  X(subview)                                                                   \
  X(dim)                                                                       \
  X(cast)                                                                      \
  X(copy)                                                                      \
  X(reshape)

#define X(form)                                                                \
  void lt_memref_print_##form(lt_op_t *op, lt_asm_printer_t *p);               \
  lt_result_t lt_memref_parse_##form(lt_asm_parser_t *p, lt_op_state_t *state);
LT_MEMREF_ASM_FORMS(X)
#undef X

/* Result names as MLIR's getAsmResultNames: %alloc, %alloca, %subview,
 * %dim, %cast. */
void lt_memref_result_names(lt_op_t *op, lt_asm_set_name_fn_t set_name,
                            void *cookie);

#endif /* LITE_DIALECTS_MEMREF_MEMREF_H */

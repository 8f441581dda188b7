/* types.h - builtin types. Types are uniqued in the context: two types are
 * structurally equal exactly when their pointers are equal. */
#ifndef LITE_IR_TYPES_H
#define LITE_IR_TYPES_H

#include "base/base.h"

typedef struct lt_context lt_context_t;
typedef struct lt_ident lt_ident_t;
typedef struct lt_attr lt_attr_t;
typedef struct lt_type lt_type_t;

/* Dynamic tensor/vector dimension, printed as `?`. */
#define LT_DYNAMIC INT64_MIN

#define LT_TYPE_KINDS(X)                                                       \
  X(INTEGER)        /* iN, siN, uiN */                                         \
  X(INDEX)                                                                     \
  X(F16)                                                                       \
  X(BF16)                                                                      \
  X(F32)                                                                       \
  X(F64)                                                                       \
  X(NONE)                                                                      \
  X(FUNCTION)       /* (inputs) -> results */                                  \
  X(TENSOR)         /* ranked tensor, optional encoding */                     \
  X(UNRANKED_TENSOR)                                                           \
  X(VECTOR)                                                                    \
  X(MEMREF)         /* memref<4x?xf32, strided<[?, 1], offset: ?>, 1> */      \
  X(OPAQUE)         /* !dialect<"data"> / !dialect.pretty<...> */

typedef enum lt_type_kind {
#define X(k) LT_TYPE_##k,
  LT_TYPE_KINDS(X)
#undef X
} lt_type_kind_t;

typedef enum lt_signedness {
  LT_SIGNLESS = 0,
  LT_SIGNED = 1,
  LT_UNSIGNED = 2
} lt_signedness_t;

struct lt_type {
  lt_type_kind_t kind;
  uint64_t hash;
  union {
    struct {
      uint32_t width;
      lt_signedness_t signedness;
    } integer;
    struct {
      uint32_t num_inputs, num_results;
      const lt_type_t *const *types; /* inputs then results */
    } function;
    struct { /* TENSOR, UNRANKED_TENSOR (rank 0, no shape), VECTOR, MEMREF */
      uint32_t rank;
      const int64_t *shape;      /* LT_DYNAMIC for `?` */
      const lt_type_t *element;
      /* tensor: the encoding; memref: the memory space (NULL: default) */
      const lt_attr_t *encoding;
      /* memref only: the `strided<[...], offset: N>` layout, rank element
       * strides (LT_DYNAMIC for `?`) and the offset; strides NULL when the
       * type has no layout (the identity: row-major, offset 0). A strided
       * layout equal to the identity is kept, as MLIR keeps it. */
      const int64_t *strides;
      int64_t offset;
    } shaped;
    struct {
      const lt_ident_t *dialect;
      const lt_ident_t *data; /* text between the brackets, or pretty suffix */
    } opaque;
  };
};

/* ---- constructors (never fail except on out-of-memory -> NULL) ---------- */
const lt_type_t *lt_type_integer(lt_context_t *ctx, uint32_t width,
                                 lt_signedness_t signedness);
const lt_type_t *lt_type_index(lt_context_t *ctx);
const lt_type_t *lt_type_none(lt_context_t *ctx);
/* kind is one of LT_TYPE_F16, BF16, F32, F64. */
const lt_type_t *lt_type_float(lt_context_t *ctx, lt_type_kind_t kind);
const lt_type_t *lt_type_f32(lt_context_t *ctx);
const lt_type_t *lt_type_function(lt_context_t *ctx, uint32_t num_inputs,
                                  const lt_type_t *const *inputs,
                                  uint32_t num_results,
                                  const lt_type_t *const *results);
/* encoding may be NULL. */
const lt_type_t *lt_type_tensor(lt_context_t *ctx, uint32_t rank,
                                const int64_t *shape, const lt_type_t *element,
                                const lt_attr_t *encoding);
const lt_type_t *lt_type_unranked_tensor(lt_context_t *ctx,
                                         const lt_type_t *element);
const lt_type_t *lt_type_vector(lt_context_t *ctx, uint32_t rank,
                                const int64_t *shape, const lt_type_t *element);
/* memref<shape x element[, strided<[strides], offset: N>][, space]>.
 * strides NULL: no layout (offset must be 0); otherwise rank entries,
 * LT_DYNAMIC for `?` (offset too). memory_space may be NULL; an integer 0
 * is the default space and becomes NULL (as in MLIR). NULL when invalid:
 * a dim < 0 other than LT_DYNAMIC, an element that is not int/index/float/
 * vector, a zero stride, an offset without layout, a memory space that
 * lt_type_is_memory_space refuses. */
const lt_type_t *lt_type_memref(lt_context_t *ctx, uint32_t rank,
                                const int64_t *shape, const lt_type_t *element,
                                const int64_t *strides, int64_t offset,
                                const lt_attr_t *memory_space);
/* !dialect<"data"> or, when data is a pretty identifier(+<...>), !dialect.data */
const lt_type_t *lt_type_opaque(lt_context_t *ctx, const char *dialect,
                                const char *data, size_t data_len);

/* ---- queries ---------------------------------------------------------- */
bool lt_type_is_integer(const lt_type_t *t);     /* any iN/siN/uiN */
bool lt_type_is_int_or_index(const lt_type_t *t);
bool lt_type_is_float(const lt_type_t *t);       /* f16, bf16, f32, f64 */
bool lt_type_is_shaped(const lt_type_t *t);      /* tensor, unranked, vector */
bool lt_type_is_memref(const lt_type_t *t);
/* MLIR's isSupportedMemorySpace: an integer, string, dictionary or dialect
 * attribute may name a memref's memory space; NULL is the default one. */
bool lt_type_is_memory_space(const lt_attr_t *a);
/* Element type of a shaped type or memref, the type itself otherwise. */
const lt_type_t *lt_type_element(const lt_type_t *t);
/* Bit width of an integer or float type; 64 for index; 0 otherwise. */
uint32_t lt_type_bit_width(const lt_type_t *t);
/* Number of elements of a static shaped type or memref, -1 if any dim is
 * dynamic. */
int64_t lt_type_num_elements(const lt_type_t *t);
bool lt_type_has_static_shape(const lt_type_t *t);
/* A memref's element strides and offset: its layout's, or for no layout the
 * row-major identity's (LT_DYNAMIC past a dynamic dim). out_strides holds
 * rank entries; either out may be NULL. False when t is not a memref. */
bool lt_type_memref_strides(const lt_type_t *t, int64_t *out_strides,
                            int64_t *out_offset);

/* Appends the textual form (`tensor<2x?xf32>`) to sb; same syntax as the
 * printer (see printer.h). */
void lt_type_print(const lt_type_t *t, lt_strbuf_t *sb);

#endif /* LITE_IR_TYPES_H */

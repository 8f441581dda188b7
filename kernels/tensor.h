/* tensor.h - the only vocabulary kernels share: element types, shapes and a
 * dense row-major tensor view. Kernels know buffers and shapes, nothing of
 * the IR; the reference evaluator, the runtime and the HAL driver all hand
 * them lk_tensor_t views.
 *
 * The reference kernels (kernels/ref/) are the oracle: portable C, every
 * dtype, exact before fast. They never allocate: scratch memory comes from
 * the caller's workspace (kernels/ref/workspace.h), sized by the kernel's
 * own size function. */
#ifndef LITE_KERNELS_TENSOR_H
#define LITE_KERNELS_TENSOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Element types: X(ENUM, name, bytes, is_float, is_signed). The names are
 * MLIR's element type spellings. */
#define LK_DTYPES(X)                                                           \
  X(F32, "f32", 4, 1, 1)                                                       \
  X(F64, "f64", 8, 1, 1)                                                       \
  X(F16, "f16", 2, 1, 1)                                                       \
  X(BF16, "bf16", 2, 1, 1)                                                     \
  X(I8, "i8", 1, 0, 1)                                                         \
  X(I16, "i16", 2, 0, 1)                                                       \
  X(I32, "i32", 4, 0, 1)                                                       \
  X(I64, "i64", 8, 0, 1)                                                       \
  X(U8, "ui8", 1, 0, 0)                                                        \
  X(U16, "ui16", 2, 0, 0)                                                      \
  X(U32, "ui32", 4, 0, 0)                                                      \
  X(U64, "ui64", 8, 0, 0)                                                      \
  X(BOOL, "i1", 1, 0, 0)

typedef enum lk_dtype {
#define X(e, name, bytes, fl, sg) LK_##e,
  LK_DTYPES(X)
#undef X
  LK_NUM_DTYPES,
  LK_DTYPE_NONE = -1 /* an absent optional operand */
} lk_dtype_t;

#define LK_MAX_RANK 8

/* A dense, row-major view. rank 0 is a scalar (one element). data is not
 * owned by the view. A NULL data with dtype LK_DTYPE_NONE is an absent
 * optional operand. */
typedef struct lk_tensor {
  lk_dtype_t dtype;
  int32_t rank;
  int64_t dims[LK_MAX_RANK];
  void *data;
} lk_tensor_t;

const char *lk_dtype_name(lk_dtype_t t);
size_t lk_dtype_size(lk_dtype_t t);
bool lk_dtype_is_float(lk_dtype_t t);
bool lk_dtype_is_signed(lk_dtype_t t);
/* Integer types and bool. */
bool lk_dtype_is_int(lk_dtype_t t);

int64_t lk_numel(const lk_tensor_t *t);
size_t lk_nbytes(const lk_tensor_t *t);
/* Row-major strides (in elements) of t's dims into strides[0..rank). */
void lk_strides(const lk_tensor_t *t, int64_t *strides);

/* Generic element access, for kernels written once for every dtype (the
 * reference path values exactness and coverage over speed). Floats go
 * through double, integers through int64 (uint64 values above INT64_MAX
 * wrap, as C's conversions do); bool reads as 0/1 and stores x != 0. */
double lk_load_f64(const lk_tensor_t *t, int64_t i);
void lk_store_f64(lk_tensor_t *t, int64_t i, double v);
int64_t lk_load_i64(const lk_tensor_t *t, int64_t i);
void lk_store_i64(lk_tensor_t *t, int64_t i, int64_t v);
/* Copies element i of src to element j of dst when both have one dtype. */
void lk_copy_elem(lk_tensor_t *dst, int64_t j, const lk_tensor_t *src,
                  int64_t i);

/* IEEE half and bfloat16 conversions (round to nearest even). */
float lk_f16_to_f32(uint16_t h);
uint16_t lk_f32_to_f16(float f);
float lk_bf16_to_f32(uint16_t h);
uint16_t lk_f32_to_bf16(float f);

#endif /* LITE_KERNELS_TENSOR_H */

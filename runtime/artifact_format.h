/* artifact_format.h - the compiled artifact's on-disk layout, the contract
 * between the compiler's writer and the runtime's loader (docs/artifact.md).
 *
 * Every field is little-endian and fixed-width; records are written field by
 * field (never as C structs), so the sizes below are the format's, not the
 * compiler's. Section offsets and weight offsets are from the start of the
 * file; a string reference is a byte offset and length inside the string
 * table; list references are element indices inside their section. A change
 * that an older runtime cannot read raises LT_ARTIFACT_MIN_RUNTIME. */
#ifndef LITE_RUNTIME_ARTIFACT_FORMAT_H
#define LITE_RUNTIME_ARTIFACT_FORMAT_H

#include <stdint.h>

#define LT_ARTIFACT_MAGIC "LITEART\0"
#define LT_ARTIFACT_MAGIC_SIZE 8u
/* The version this code writes, and the oldest runtime that reads it: 1,
 * or 2 for a file with a kernel IR section (version 1 runtimes refuse the
 * section kind). */
#define LT_ARTIFACT_FORMAT_VERSION 2u
#define LT_ARTIFACT_MIN_RUNTIME 1u
#define LT_ARTIFACT_MIN_RUNTIME_KERNEL_IR 2u
/* The format version this runtime reads (files whose minimum runtime
 * version is above it are refused). */
#define LT_ARTIFACT_RUNTIME_VERSION 2u
#define LT_ARTIFACT_PRODUCER_SIZE 32u
/* Weights and every mapped section start on this boundary. */
#define LT_ARTIFACT_ALIGN 64u

/* Header: magic[8], format_version u32, min_runtime u32, file_size u64,
 * num_sections u32, reserved u32 (0), producer[32] (NUL-padded), then
 * num_sections section entries. */
#define LT_ARTIFACT_HEADER_SIZE 64u
/* Section entry: kind u32, count u32 (records), offset u64, size u64. */
#define LT_ARTIFACT_SECTION_SIZE 24u

#define LT_ARTIFACT_SECTIONS(X)                                                \
  X(STRINGS, 1, "strings")      /* bytes */                                    \
  X(TENSORS, 2, "tensors")      /* tensor records */                           \
  X(INDICES, 3, "indices")      /* u32 tensor indices of operands/results */   \
  X(INSTRS, 4, "instructions")  /* instruction records */                      \
  X(ATTRS, 5, "attributes")     /* attribute records */                        \
  X(ATTR_DATA, 6, "attribute data") /* list elements, tensor words */          \
  X(LOCS, 7, "locations")       /* string refs: ONNX node names */             \
  X(INPUTS, 8, "inputs")        /* u32 tensor indices */                       \
  X(OUTPUTS, 9, "outputs")      /* u32 tensor indices */                       \
  X(ARENAS, 10, "arenas")       /* arena records: the memory plan */           \
  X(WEIGHTS, 11, "weights")     /* bytes, each weight 64-byte aligned */    \
  X(KERNEL_IR, 12, "kernel IR") /* bytes, optional: the generated kernels */

typedef enum lt_artifact_section_kind {
#define X(e, v, s) LT_ARTIFACT_SECTION_##e = v,
  LT_ARTIFACT_SECTIONS(X)
#undef X
} lt_artifact_section_kind_t;
#define LT_ARTIFACT_NUM_SECTION_KINDS 12u
/* KERNEL_IR holds the lite.dispatch instructions' kernels as loop-level
 * MLIR text (the compiler's @lite_kernels module), for a JIT to compile
 * them where the program has none linked in; the runtime never reads it. */

/* String ref (8 bytes): offset u32, length u32, inside STRINGS. */
#define LT_ARTIFACT_STR_SIZE 8u

/* Tensor (128 bytes): name str, dtype i32 (lk_dtype_t), rank i32 (-1:
 * unranked), dims i64[8] (-1: dynamic), target/precision/layout/device i32
 * (kernels/place.h), storage u32, arena u32, offset u64, size u64. */
#define LT_ARTIFACT_TENSOR_SIZE 128u
typedef enum lt_artifact_storage {
  LT_ARTIFACT_STORAGE_NONE = 0,   /* absent optional operand */
  LT_ARTIFACT_STORAGE_ARENA = 1,  /* arena `arena`, bytes [offset, +size) */
  LT_ARTIFACT_STORAGE_WEIGHT = 2, /* file bytes [offset, +size) in WEIGHTS */
  LT_ARTIFACT_STORAGE_INPUT = 3,  /* model input number `offset` */
  LT_ARTIFACT_STORAGE_DYNAMIC = 4, /* a dynamic shape the memory plan left
                                      out: the runtime allocates it when it
                                      plans the op that makes it */
} lt_artifact_storage_t;

/* Instruction (56 bytes): kernel str, op str, first_operand u32,
 * num_operands u32, first_result u32, num_results u32 (both into INDICES),
 * first_attr u32, num_attrs u32 (ATTRS), first_loc u32, num_locs u32
 * (LOCS), flags u32 (0), reserved u32 (0). */
#define LT_ARTIFACT_INSTR_SIZE 56u
/* The most operands, and the most results, of one instruction (a kernel
 * call's limit, LK_CALL_MAX_OPERANDS). */
#define LT_ARTIFACT_MAX_OPERANDS 64u

/* Attribute (24 bytes): name str, kind u32, count u32, value u64. INT: value
 * is the i64's bits; FLOAT: the f64's bits; INTS/FLOATS: count elements
 * starting at element `value` of ATTR_DATA (8 bytes each); STRING: a string
 * ref's offset in value, its length in count; TENSOR: count 8-byte words
 * of ATTR_DATA from word `value`: dtype (lk_dtype_t), rank (0 to 8),
 * dims[rank] (>= 0), then the elements' bytes, little-endian, zero-padded
 * to a whole word; at most LT_ARTIFACT_ATTR_TENSOR_MAX_WORDS words. */
#define LT_ARTIFACT_ATTR_SIZE 24u
typedef enum lt_artifact_attr_kind {
  LT_ARTIFACT_ATTR_INT = 1,
  LT_ARTIFACT_ATTR_FLOAT = 2,
  LT_ARTIFACT_ATTR_INTS = 3,
  LT_ARTIFACT_ATTR_FLOATS = 4,
  LT_ARTIFACT_ATTR_STRING = 5,
  LT_ARTIFACT_ATTR_TENSOR = 6,
} lt_artifact_attr_kind_t;
/* A tensor attribute is a small constant (a fill value), not a weight:
 * 1 MiB of words at most. */
#define LT_ARTIFACT_ATTR_TENSOR_MAX_WORDS (1u << 17)

/* Arena (24 bytes): name str, target i32, device i32, size u64. */
#define LT_ARTIFACT_ARENA_SIZE 24u

#endif /* LITE_RUNTIME_ARTIFACT_FORMAT_H */

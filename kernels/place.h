/* place.h - the Place vocabulary: where a tensor lives (target and device),
 * what it holds (precision) and how its bytes are arranged (layout).
 *
 * This is the one table of Places. The kernel registry declares kernels at
 * Places, the lite dialect's `#lite.place<x86, f32, nchw8c>` attribute
 * stores these enum values, and the runtime reads them back from an
 * artifact's tensor table. Spellings and order are part of the printed IR
 * and of `--places=` options; new entries go before `any`. */
#ifndef LITE_KERNELS_PLACE_H
#define LITE_KERNELS_PLACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/tensor.h"

/* X(ENUM, spelling) */
#define LK_TARGETS(X)                                                          \
  X(HOST, "host")                                                              \
  X(X86, "x86")                                                                \
  X(ARM, "arm")                                                                \
  X(OPENCL, "opencl")                                                          \
  X(VULKAN, "vulkan")                                                          \
  X(NNADAPTER, "nnadapter")                                                    \
  X(ANY, "any")
#define LK_PRECISIONS(X)                                                       \
  X(F32, "f32")                                                                \
  X(F16, "f16")                                                                \
  X(BF16, "bf16")                                                              \
  X(I8, "i8")                                                                  \
  X(U8, "u8")                                                                  \
  X(I32, "i32")                                                                \
  X(I64, "i64")                                                                \
  X(BOOL, "bool")                                                              \
  X(ANY, "any")
/* X(ENUM, spelling, channel block): blocked layouts store C in blocks of
 * that many channels, padding C up to a multiple of it. */
#define LK_LAYOUTS(X)                                                          \
  X(NCHW, "nchw", 1)                                                           \
  X(NHWC, "nhwc", 1)                                                           \
  X(NCHW4C, "nchw4c", 4)                                                       \
  X(NCHW8C, "nchw8c", 8)                                                       \
  X(NCHW16C, "nchw16c", 16)                                                    \
  X(ANY, "any", 1)

typedef enum lk_target {
#define X(e, s) LK_TARGET_##e,
  LK_TARGETS(X)
#undef X
      LK_NUM_TARGETS
} lk_target_t;
typedef enum lk_precision {
#define X(e, s) LK_PRECISION_##e,
  LK_PRECISIONS(X)
#undef X
      LK_NUM_PRECISIONS
} lk_precision_t;
typedef enum lk_layout {
#define X(e, s, block) LK_LAYOUT_##e,
  LK_LAYOUTS(X)
#undef X
      LK_NUM_LAYOUTS
} lk_layout_t;

/* A Place. `device` tells apart two devices of one device target (two
 * GPUs): the memory planner gives each its own arena and the runtime
 * allocates there. Host-class targets (host, x86, arm) share one address
 * space and leave it 0; a kernel's declared Places leave it 0 too (a
 * kernel runs on any device of its target). */
typedef struct lk_place {
  lk_target_t target;
  lk_precision_t precision;
  lk_layout_t layout;
  int32_t device;
} lk_place_t;

/* A brace initializer of a device-0 Place, as kernel tables declare them
 * (`(lk_place_t)LK_PLACE(...)` where an expression is wanted). */
#define LK_PLACE(target, precision, layout)                                    \
  { (target), (precision), (layout), 0 }

/* The spelling of an enum value; "?" when out of range. */
const char *lk_target_name(lk_target_t t);
const char *lk_precision_name(lk_precision_t p);
const char *lk_layout_name(lk_layout_t l);
/* Parses one spelling of n bytes; false when it names nothing. */
bool lk_target_parse(const char *s, size_t n, lk_target_t *out_target);
bool lk_precision_parse(const char *s, size_t n, lk_precision_t *out_prec);
bool lk_layout_parse(const char *s, size_t n, lk_layout_t *out_layout);

/* `target:precision:layout`, optionally `:device` (a non-negative decimal),
 * n bytes, no spaces; false when malformed. */
bool lk_place_parse(const char *s, size_t n, lk_place_t *out_place);
/* Writes `target:precision:layout` (and `:device` when it is not 0) into
 * buf, always NUL-terminated. */
void lk_place_format(lk_place_t p, char *buf, size_t size);

/* Whether t's memory is host memory (host, x86, arm): one address space,
 * readable by any of them without a copy. */
bool lk_target_is_host_memory(lk_target_t t);
/* The channel block of a layout: 8 for nchw8c, 1 for unblocked layouts. */
int32_t lk_layout_channel_block(lk_layout_t l);

/* The precision that stores dtype d; ANY when none does (f64, i16, ...). */
lk_precision_t lk_precision_of_dtype(lk_dtype_t d);
/* The dtype precision p stores; LK_DTYPE_NONE for `any`. */
lk_dtype_t lk_dtype_of_precision(lk_precision_t p);
/* f32, f16 and bf16 (not `any`). */
bool lk_precision_is_float(lk_precision_t p);

#endif /* LITE_KERNELS_PLACE_H */

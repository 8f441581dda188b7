/* kernel_table.h - kernels that come from outside the builtin registry as a
 * table of named entry points: the JIT's functions, handed over in-process,
 * and an AOT object's, linked into a program beside liblite_runtime. Both
 * sides include this header; the table is versioned so a runtime refuses a
 * table written for another ABI by its version, not by crashing. */
#ifndef LITE_KERNELS_KERNEL_TABLE_H
#define LITE_KERNELS_KERNEL_TABLE_H

#include <stdint.h>

#include "kernels/abi.h"

/* Bump when lk_call_t, lk_view_t or this table change shape. */
#define LK_KERNEL_TABLE_VERSION 1u

typedef struct lk_kernel_entry {
  const char *name; /* the stable kernel name an artifact stores */
  lk_kernel_fn run; /* the call-record entry point */
} lk_kernel_entry_t;

typedef struct lk_kernel_table {
  uint32_t version; /* LK_KERNEL_TABLE_VERSION of the writer */
  uint32_t count;
  const lk_kernel_entry_t *entries;
} lk_kernel_table_t;

/* The symbol an AOT object defines for its table (lk_kernel_table_t). */
#define LK_KERNEL_TABLE_SYMBOL "lite_generated_kernels"

#endif /* LITE_KERNELS_KERNEL_TABLE_H */

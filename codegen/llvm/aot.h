/* aot.h - ahead-of-time compilation: a module's kernels as one object file
 * for a target triple (x86_64-linux-gnu, aarch64-linux-gnu), with the
 * global kernel table LK_KERNEL_TABLE_SYMBOL listing them, or as textual
 * LLVM IR. The object needs no LLVM at run time: link it beside
 * liblite_runtime (and libm). */
#ifndef LITE_CODEGEN_LLVM_AOT_H
#define LITE_CODEGEN_LLVM_AOT_H

#include "base/base.h"
#include "ir/operation.h"

typedef struct lt_llvm_aot_options {
  const char *triple;   /* NULL: the host */
  const char *cpu;      /* NULL: the host's for the host, else "generic" */
  const char *features; /* NULL: with cpu NULL on the host, its features */
  int opt_level;        /* 0..3 (default 3) */
  bool parallel_split;  /* default on */
} lt_llvm_aot_options_t;

void lt_llvm_aot_options_init(lt_llvm_aot_options_t *o);
/* Writes the object to path. A translation error is a diagnostic on the
 * module's context as well as the status. */
lt_status_t lt_llvm_aot_emit_object(lt_op_t *module,
                                    const lt_llvm_aot_options_t *options,
                                    const char *path);
/* Appends the module's LLVM IR (after opt_level's pipeline) to out. */
lt_status_t lt_llvm_aot_emit_llvm(lt_op_t *module,
                                  const lt_llvm_aot_options_t *options,
                                  lt_strbuf_t *out);

#endif /* LITE_CODEGEN_LLVM_AOT_H */

/* target.h - LLVM targets for codegen/llvm: the host (JIT) or a named
 * triple (AOT), the O3 pipeline through the new pass manager, and object
 * emission. */
#ifndef LITE_CODEGEN_LLVM_TARGET_H
#define LITE_CODEGEN_LLVM_TARGET_H

#include <llvm-c/TargetMachine.h>

#include "base/base.h"

typedef struct lt_llvm_target {
  char *triple, *cpu, *features; /* malloc'ed */
  LLVMTargetMachineRef tm;
} lt_llvm_target_t;

/* Initializes LLVM's x86 and AArch64 targets once (thread-safe). */
void lt_llvm_initialize(void);
/* A target for triple (NULL: the host's), cpu and features (NULL: the
 * host's for the host triple, "generic" and "" otherwise; aarch64 gets
 * "+neon"). PIC, default code model. */
lt_status_t lt_llvm_target_create(const char *triple, const char *cpu,
                                  const char *features,
                                  lt_llvm_target_t **out_target);
void lt_llvm_target_destroy(lt_llvm_target_t *t);
/* f32 lanes of the vectors the lowering should emit for t: 16 where its
 * features give AVX-512F (512-bit registers), else 8 (AVX2's 256 bits, or
 * two NEON registers). lite-lower-to-loops' vector-width. */
int lt_llvm_target_vector_width(const lt_llvm_target_t *t);
/* Sets mod's triple and data layout to t's. */
void lt_llvm_target_apply(const lt_llvm_target_t *t, LLVMModuleRef mod);
/* Verifies mod; INTERNAL with LLVM's message when it is malformed (a
 * translation bug, reported rather than left to crash codegen). */
lt_status_t lt_llvm_verify(LLVMModuleRef mod);
/* default<O{level}> (level 0..3) through LLVMRunPasses; level 0 runs
 * nothing. */
lt_status_t lt_llvm_optimize(LLVMModuleRef mod, const lt_llvm_target_t *t,
                             int level);
/* mod as an object file in memory (dispose with LLVMDisposeMemoryBuffer). */
lt_status_t lt_llvm_emit_object(LLVMModuleRef mod, const lt_llvm_target_t *t,
                                LLVMMemoryBufferRef *out_buf);
/* The LLVM version the library was built against ("16.0.6"). */
const char *lt_llvm_version(void);

#endif /* LITE_CODEGEN_LLVM_TARGET_H */

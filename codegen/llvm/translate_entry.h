/* translate_entry.h - the kernel ABI entry point of a lite.kernel func.
 * Internal to codegen/llvm. */
#ifndef LITE_CODEGEN_LLVM_TRANSLATE_ENTRY_H
#define LITE_CODEGEN_LLVM_TRANSLATE_ENTRY_H

#include "codegen/llvm/translate_internal.h"

/* Emits `ptr NAME(ptr call)`: reads the views of call (inputs first, then
 * outputs), calls NAME.body with their expanded parts and the call's
 * lk_parallel_t, returns NULL (no error status). */
lt_result_t lt_cg_emit_entry(lt_cg_t *cg, lt_op_t *func, int64_t num_inputs,
                             const char *name);

#endif /* LITE_CODEGEN_LLVM_TRANSLATE_ENTRY_H */

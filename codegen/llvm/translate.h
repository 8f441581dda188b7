/* translate.h - loop-level IR (func, arith, math, scf, memref, vector) to
 * LLVM IR through the LLVM 16 C API (docs/codegen.md has the conventions).
 *
 * Every func.func becomes an LLVM function whose memref arguments are
 * expanded: the base pointer, then one i64 per dynamic offset, size and
 * stride (static ones are constants in the code). A func.func marked
 * `lite.kernel = {num_inputs = N : i64}` becomes an internal, always-inline
 * body `NAME.body` plus the exported kernel ABI entry point
 * `lt_status_t NAME(const lk_call_t *call)` (kernels/abi.h), which reads
 * the views and calls the body; the body's outermost scf.parallel splits
 * its first dimension over call->target->parallel. */
#ifndef LITE_CODEGEN_LLVM_TRANSLATE_H
#define LITE_CODEGEN_LLVM_TRANSLATE_H

#include <llvm-c/Types.h>

#include "ir/operation.h"

typedef struct lt_llvm_translate_options {
  /* Split the outermost scf.parallel of kernels into tasks (default on). */
  bool parallel_split;
  /* Translates only the func.func ops select(select_user, func) keeps
   * (NULL: all). A kept func may not call a dropped one. */
  bool (*select)(void *select_user, lt_op_t *func);
  void *select_user;
} lt_llvm_translate_options_t;

void lt_llvm_translate_options_init(lt_llvm_translate_options_t *o);

/* Translates the func.func ops of module (a builtin.module) into a new
 * LLVM module named `name` in llvm_ctx. LT_FAILURE after an error that
 * names the op and its location (lt_op_emit_error); *out_mod is then
 * NULL. options may be NULL. */
lt_result_t lt_llvm_translate_module(lt_op_t *module, LLVMContextRef llvm_ctx,
                                     const char *name,
                                     const lt_llvm_translate_options_t *options,
                                     LLVMModuleRef *out_mod);

/* Whether op is a func.func marked lite.kernel; *out_num_inputs (may be
 * NULL) gets its num_inputs. */
bool lt_llvm_is_kernel(lt_op_t *op, int64_t *out_num_inputs);
/* The names of module's kernels, in module order: up to max of them into
 * out_names (NUL-terminated, valid while the IR lives); returns how many
 * there are. */
size_t lt_llvm_kernel_names(lt_op_t *module, const char **out_names,
                            size_t max);

#endif /* LITE_CODEGEN_LLVM_TRANSLATE_H */

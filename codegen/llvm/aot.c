/* aot.c - objects and LLVM IR for a target, with the kernel table global:
 *   lk_kernel_table_t lite_generated_kernels = {LK_KERNEL_TABLE_VERSION, N,
 *     (lk_kernel_entry_t[]){{"name", name}, ...}};
 * laid out as kernels/kernel_table.h says: {i32, i32, ptr} and {ptr, ptr}. */
#include "codegen/llvm/aot.h"

#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "codegen/llvm/target.h"
#include "codegen/llvm/translate.h"
#include "kernels/kernel_table.h"

void lt_llvm_aot_options_init(lt_llvm_aot_options_t *o) {
  memset(o, 0, sizeof(*o));
  o->opt_level = 3;
  o->parallel_split = true;
}

static void add_table(LLVMContextRef ctx, LLVMModuleRef mod, lt_op_t *module) {
  size_t n = lt_llvm_kernel_names(module, NULL, 0);
  const char **names = calloc(n + 1, sizeof(*names));
  LLVMValueRef *entries = calloc(n + 1, sizeof(*entries));
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef fields[2] = {ptr, ptr};
  LLVMTypeRef entry_ty = LLVMStructTypeInContext(ctx, fields, 2, false);
  if (names && entries) {
    lt_llvm_kernel_names(module, names, n);
    for (size_t i = 0; i < n; i++) {
      LLVMValueRef s = LLVMConstStringInContext(ctx, names[i],
                                                (unsigned)strlen(names[i]), false);
      LLVMValueRef g = LLVMAddGlobal(mod, LLVMTypeOf(s), "lite.kernel.name");
      LLVMSetInitializer(g, s);
      LLVMSetGlobalConstant(g, true);
      LLVMSetLinkage(g, LLVMPrivateLinkage);
      LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
      LLVMValueRef vals[2] = {g, LLVMGetNamedFunction(mod, names[i])};
      entries[i] = LLVMConstNamedStruct(entry_ty, vals, 2);
    }
  } else {
    n = 0;
  }
  LLVMValueRef arr = LLVMConstArray(entry_ty, entries, (unsigned)n);
  LLVMValueRef ga = LLVMAddGlobal(mod, LLVMTypeOf(arr), "lite.kernel.entries");
  LLVMSetInitializer(ga, arr);
  LLVMSetGlobalConstant(ga, true);
  LLVMSetLinkage(ga, LLVMPrivateLinkage);
  LLVMTypeRef tfields[3] = {i32, i32, ptr};
  LLVMTypeRef table_ty = LLVMStructTypeInContext(ctx, tfields, 3, false);
  LLVMValueRef tvals[3] = {LLVMConstInt(i32, LK_KERNEL_TABLE_VERSION, false),
                           LLVMConstInt(i32, n, false), ga};
  LLVMValueRef table = LLVMAddGlobal(mod, table_ty, LK_KERNEL_TABLE_SYMBOL);
  LLVMSetInitializer(table, LLVMConstNamedStruct(table_ty, tvals, 3));
  LLVMSetGlobalConstant(table, true);
  free(names);
  free(entries);
}

/* Translates, adds the table, sets the target, verifies and optimizes. */
static lt_status_t build(lt_op_t *module, const lt_llvm_aot_options_t *o,
                         LLVMContextRef ctx, lt_llvm_target_t **out_target,
                         LLVMModuleRef *out_mod) {
  *out_mod = NULL;
  lt_status_t st = lt_llvm_target_create(o->triple, o->cpu, o->features,
                                         out_target);
  if (st) return st;
  lt_llvm_translate_options_t topts;
  lt_llvm_translate_options_init(&topts);
  topts.parallel_split = o->parallel_split;
  if (LT_FAILED(lt_llvm_translate_module(module, ctx, "lite.aot", &topts,
                                         out_mod)))
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "the LLVM backend cannot translate the module "
                          "(see the diagnostics)");
  add_table(ctx, *out_mod, module);
  lt_llvm_target_apply(*out_target, *out_mod);
  st = lt_llvm_verify(*out_mod);
  if (!st) st = lt_llvm_optimize(*out_mod, *out_target, o->opt_level);
  return st;
}

lt_status_t lt_llvm_aot_emit_object(lt_op_t *module,
                                    const lt_llvm_aot_options_t *options,
                                    const char *path) {
  lt_llvm_aot_options_t defaults;
  lt_llvm_aot_options_init(&defaults);
  const lt_llvm_aot_options_t *o = options ? options : &defaults;
  LLVMContextRef ctx = LLVMContextCreate();
  lt_llvm_target_t *t = NULL;
  LLVMModuleRef mod = NULL;
  lt_status_t st = build(module, o, ctx, &t, &mod);
  if (!st) {
    char *err = NULL;
    /* EmitToFile takes a non-const path in LLVM 16's C API */
    char *p = strdup(path);
    if (!p)
      st = lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
    else if (LLVMTargetMachineEmitToFile(t->tm, mod, p, LLVMObjectFile, &err)) {
      st = lt_status_make(LT_STATUS_IO, "cannot write '%s': %s", path,
                          err ? err : "");
      LLVMDisposeMessage(err);
    }
    free(p);
  }
  if (mod) LLVMDisposeModule(mod);
  lt_llvm_target_destroy(t);
  LLVMContextDispose(ctx);
  return st;
}

lt_status_t lt_llvm_aot_emit_llvm(lt_op_t *module,
                                  const lt_llvm_aot_options_t *options,
                                  lt_strbuf_t *out) {
  lt_llvm_aot_options_t defaults;
  lt_llvm_aot_options_init(&defaults);
  const lt_llvm_aot_options_t *o = options ? options : &defaults;
  LLVMContextRef ctx = LLVMContextCreate();
  lt_llvm_target_t *t = NULL;
  LLVMModuleRef mod = NULL;
  lt_status_t st = build(module, o, ctx, &t, &mod);
  if (!st) {
    char *text = LLVMPrintModuleToString(mod);
    lt_strbuf_puts(out, text);
    LLVMDisposeMessage(text);
  }
  if (mod) LLVMDisposeModule(mod);
  lt_llvm_target_destroy(t);
  LLVMContextDispose(ctx);
  return st;
}

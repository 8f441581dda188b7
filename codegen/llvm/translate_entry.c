/* translate_entry.c - the exported `lt_status_t NAME(const lk_call_t *)`
 * of each kernel. Field offsets come from kernels/abi.h through offsetof,
 * so the generated code follows the header the runtime is built with. The
 * views are trusted: the runtime checked them against the artifact. */
#include "codegen/llvm/translate_entry.h"

#include <stddef.h>
#include <stdlib.h>

#include "kernels/abi.h"

static LLVMValueRef field(lt_cg_t *cg, LLVMValueRef base, size_t offset) {
  LLVMValueRef idx = lt_cg_const_i64(cg, (int64_t)offset);
  return LLVMBuildInBoundsGEP2(cg->b, LLVMInt8TypeInContext(cg->llvm), base,
                               &idx, 1, "");
}

static LLVMValueRef load_field(lt_cg_t *cg, LLVMTypeRef ty, LLVMValueRef base,
                               size_t offset, const char *name) {
  LLVMValueRef v = LLVMBuildLoad2(cg->b, ty, field(cg, base, offset), name);
  return v;
}

/* Appends the expanded parts of argument type t read from view. */
static size_t view_parts(lt_cg_t *cg, const lt_type_t *t, LLVMValueRef view,
                         LLVMValueRef *vals) {
  size_t n = 0;
  int64_t strides[LT_CG_MAX_RANK], offset;
  lt_type_memref_strides(t, strides, &offset);
  uint32_t rank = t->shaped.rank;
  LLVMTypeRef i64 = lt_cg_i64(cg);
  vals[n++] = load_field(cg, lt_cg_ptr(cg), view, offsetof(lk_view_t, data),
                         "data");
  /* data points at the first element: a dynamic offset is 0 */
  if (offset == LT_DYNAMIC) vals[n++] = lt_cg_const_i64(cg, 0);
  for (uint32_t d = 0; d < rank; d++)
    if (t->shaped.shape[d] == LT_DYNAMIC)
      vals[n++] = load_field(cg, i64, view,
                             offsetof(lk_view_t, dims) + 8 * (size_t)d, "dim");
  LLVMValueRef esize =
      lt_cg_const_i64(cg, (int64_t)lt_cg_elem_bytes(cg, t->shaped.element));
  for (uint32_t d = 0; d < rank; d++)
    if (strides[d] == LT_DYNAMIC) {
      LLVMValueRef bytes = load_field(
          cg, i64, view, offsetof(lk_view_t, strides) + 8 * (size_t)d, "sb");
      vals[n++] = LLVMBuildExactSDiv(cg->b, bytes, esize, "stride");
    }
  return n;
}

lt_result_t lt_cg_emit_entry(lt_cg_t *cg, lt_op_t *f, int64_t num_inputs,
                             const char *name) {
  lt_block_t *entry = f->num_regions ? f->regions[0].first : NULL;
  if (!entry)
    return lt_op_emit_error(f, "lite.kernel function needs a body");
  if (num_inputs < 0 || num_inputs > (int64_t)entry->num_args)
    return lt_op_emit_error(f, "lite.kernel num_inputs = %lld, but the "
                               "function has %u arguments",
                            (long long)num_inputs, entry->num_args);
  for (uint32_t i = 0; i < entry->num_args; i++)
    if (!lt_cg_is_memref(entry->args[i]->type))
      return lt_op_emit_error(f, "lite.kernel argument #%u must be a memref "
                                 "(kernels take views only)", i);
  LLVMTypeRef ptr = lt_cg_ptr(cg);
  lt_strbuf_t sb = {0};
  lt_strbuf_puts(&sb, name);
  lt_strbuf_puts(&sb, ".body");
  LLVMValueRef callee = sb.data ? LLVMGetNamedFunction(cg->mod, sb.data) : NULL;
  lt_strbuf_free(&sb);
  if (!callee) return lt_op_emit_error(f, "out of memory translating");
  if (LLVMGetTypeKind(LLVMGetReturnType(LLVMGlobalGetValueType(callee))) !=
      LLVMVoidTypeKind)
    return lt_op_emit_error(f, "lite.kernel function must return nothing");

  LLVMTypeRef fty = LLVMFunctionType(ptr, &ptr, 1, false);
  LLVMValueRef fn = LLVMAddFunction(cg->mod, name, fty);
  unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(cg->llvm, nounwind, 0));
  cg->fn = fn;
  LLVMPositionBuilderAtEnd(cg->b, LLVMAppendBasicBlockInContext(cg->llvm, fn,
                                                                "entry"));
  LLVMValueRef call = LLVMGetParam(fn, 0);
  LLVMValueRef inputs =
      load_field(cg, ptr, call, offsetof(lk_call_t, inputs), "inputs");
  LLVMValueRef outputs =
      load_field(cg, ptr, call, offsetof(lk_call_t, outputs), "outputs");
  size_t cap = 1 + (size_t)entry->num_args * (2 + 2 * LT_CG_MAX_RANK);
  LLVMValueRef *args = malloc(cap * sizeof(*args));
  if (!args) return lt_op_emit_error(f, "out of memory translating");
  size_t n = 0;
  for (uint32_t i = 0; i < entry->num_args; i++) {
    bool in = i < (uint32_t)num_inputs;
    size_t k = in ? i : i - (uint32_t)num_inputs;
    LLVMValueRef view = field(cg, in ? inputs : outputs,
                              k * sizeof(lk_view_t));
    n += view_parts(cg, entry->args[i]->type, view, args + n);
  }
  /* call->target ? call->target->parallel : NULL */
  LLVMValueRef target =
      load_field(cg, ptr, call, offsetof(lk_call_t, target), "target");
  LLVMBasicBlockRef here = LLVMGetInsertBlock(cg->b);
  LLVMBasicBlockRef has = LLVMAppendBasicBlockInContext(cg->llvm, fn, "target");
  LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(cg->llvm, fn, "run");
  LLVMBuildCondBr(cg->b, LLVMBuildIsNull(cg->b, target, ""), join, has);
  LLVMPositionBuilderAtEnd(cg->b, has);
  LLVMValueRef par = load_field(cg, ptr, target,
                                offsetof(lk_target_ctx_t, parallel), "par");
  LLVMBuildBr(cg->b, join);
  LLVMPositionBuilderAtEnd(cg->b, join);
  LLVMValueRef phi = LLVMBuildPhi(cg->b, ptr, "parallel");
  LLVMValueRef vals[2] = {LLVMConstNull(ptr), par};
  LLVMBasicBlockRef from[2] = {here, has};
  LLVMAddIncoming(phi, vals, from, 2);
  args[n++] = phi;
  LLVMBuildCall2(cg->b, LLVMGlobalGetValueType(callee), callee, args,
                 (unsigned)n, "");
  LLVMBuildRet(cg->b, LLVMConstNull(ptr));
  free(args);
  return LT_SUCCESS;
}

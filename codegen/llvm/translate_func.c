/* translate_func.c - func.return and func.call. Calls pass memrefs
 * expanded, as the callee's signature takes them (translate.c), and a call
 * to a kernel's body runs its parallel loop inline (a NULL lk_parallel_t). */
#include <stdlib.h>

#include "codegen/llvm/translate_internal.h"

static lt_result_t emit_return(lt_cg_t *cg, lt_op_t *op) {
  if (op->num_operands == 0) {
    LLVMBuildRetVoid(cg->b);
    return LT_SUCCESS;
  }
  LLVMValueRef vals[16];
  if (op->num_operands > LT_ARRAY_SIZE(vals))
    return lt_op_emit_error(op, "returns more than %zu values",
                            LT_ARRAY_SIZE(vals));
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (!(vals[i] = lt_cg_operand(cg, op, i))) return LT_FAILURE;
  if (op->num_operands == 1)
    LLVMBuildRet(cg->b, vals[0]);
  else
    LLVMBuildAggregateRet(cg->b, vals, op->num_operands);
  return LT_SUCCESS;
}

static lt_result_t emit_call(lt_cg_t *cg, lt_op_t *op) {
  const lt_attr_t *callee = lt_op_attr(op, "callee");
  if (!callee || callee->kind != LT_ATTR_SYMBOL_REF || callee->symbol.count != 1)
    return lt_op_emit_error(op, "requires a flat 'callee' symbol reference");
  bool kernel;
  LLVMValueRef fn = lt_cg_function_of(cg, callee->symbol.names[0]->str, &kernel);
  if (!fn)
    return lt_op_emit_error(op, "'%s' does not reference a func.func",
                            callee->symbol.names[0]->str);
  size_t cap = 1 + (size_t)op->num_operands * (2 + 2 * LT_CG_MAX_RANK);
  LLVMValueRef *args = malloc(cap * sizeof(*args));
  if (!args) return lt_op_emit_error(op, "out of memory translating");
  size_t n = 0;
  lt_result_t r = LT_SUCCESS;
  for (uint32_t i = 0; i < op->num_operands && LT_SUCCEEDED(r); i++) {
    const lt_value_t *v = lt_op_operand(op, i);
    if (lt_cg_is_memref(v->type)) {
      const lt_cg_memref_t *m = lt_cg_get_memref(cg, op, v);
      if (!m) r = LT_FAILURE;
      else n += lt_cg_memref_parts(cg, m, args + n);
    } else if (!(args[n++] = lt_cg_get(cg, op, v))) {
      r = LT_FAILURE;
    }
  }
  if (kernel) args[n++] = LLVMConstNull(lt_cg_ptr(cg));
  LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
  if (LT_SUCCEEDED(r) && LLVMCountParamTypes(fty) != n)
    r = lt_op_emit_error(op, "passes %zu LLVM arguments, but the callee "
                             "takes %u", n, LLVMCountParamTypes(fty));
  LLVMValueRef call = NULL;
  if (LT_SUCCEEDED(r))
    call = LLVMBuildCall2(cg->b, fty, fn, args, (unsigned)n, "");
  free(args);
  if (LT_FAILED(r)) return r;
  if (op->num_results == 1) return lt_cg_map(cg, lt_op_result(op, 0), call);
  for (uint32_t i = 0; i < op->num_results; i++)
    if (LT_FAILED(lt_cg_map(cg, lt_op_result(op, i),
                            LLVMBuildExtractValue(cg->b, call, i, ""))))
      return LT_FAILURE;
  return LT_SUCCESS;
}

const lt_cg_rule_t lt_cg_func_rules[] = {
    {"func.return", emit_return},
    {"func.call", emit_call},
};
const size_t lt_cg_num_func_rules = LT_ARRAY_SIZE(lt_cg_func_rules);

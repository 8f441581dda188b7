/* translate_scf.c - structured control flow: scf.for (iter_args become
 * phis; `slt` exit test, nsw increment), scf.if (results become phis),
 * scf.parallel as serial loops with its scf.reduce ops folding into
 * accumulators (allocas that mem2reg turns into phis), scf.yield and
 * scf.reduce.return through their parents. A kernel's outermost
 * scf.parallel without reductions goes to translate_parallel.c. */
#include <string.h>

#include "codegen/llvm/translate_internal.h"

#define MAX_VALUES 64

/* The values the terminator of a region yields (scf.yield operands). */
static lt_result_t yielded(lt_cg_t *cg, lt_op_t *owner, lt_op_t *term,
                           uint32_t expected, LLVMValueRef *vals) {
  uint32_t n = term ? term->num_operands : 0;
  if (n != expected)
    return lt_op_emit_error(owner, "region yields %u values, expected %u", n,
                            expected);
  for (uint32_t i = 0; i < n; i++)
    if (!(vals[i] = lt_cg_operand(cg, term, i))) return LT_FAILURE;
  return LT_SUCCESS;
}

static lt_result_t no_memref_results(lt_op_t *op) {
  if (op->num_results > MAX_VALUES)
    return lt_op_emit_error(op, "has more than %d results", MAX_VALUES);
  for (uint32_t i = 0; i < op->num_results; i++)
    if (lt_cg_is_memref(op->results[i].type))
      return lt_op_emit_error(op, "memref results are not supported by the "
                                  "LLVM backend");
  return LT_SUCCESS;
}

static lt_result_t emit_for(lt_cg_t *cg, lt_op_t *op) {
  if (op->num_operands < 3 || op->num_regions != 1 || !op->regions[0].first)
    return lt_op_emit_error(op, "expects lower bound, upper bound, step and "
                                "a body");
  if (LT_FAILED(no_memref_results(op))) return LT_FAILURE;
  uint32_t ni = op->num_operands - 3;
  lt_block_t *body = op->regions[0].first;
  if (body->num_args != 1 + ni || op->num_results != ni)
    return lt_op_emit_error(op, "body takes %u arguments, expected %u",
                            body->num_args, 1 + ni);
  LLVMValueRef lb = lt_cg_operand(cg, op, 0);
  LLVMValueRef ub = lb ? lt_cg_operand(cg, op, 1) : NULL;
  LLVMValueRef step = ub ? lt_cg_operand(cg, op, 2) : NULL;
  if (!step) return LT_FAILURE;
  LLVMValueRef inits[MAX_VALUES], phis[MAX_VALUES], next[MAX_VALUES];
  for (uint32_t i = 0; i < ni; i++)
    if (!(inits[i] = lt_cg_operand(cg, op, 3 + i))) return LT_FAILURE;
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(cg->b);
  LLVMBasicBlockRef header = lt_cg_new_block(cg, "for.header");
  LLVMBasicBlockRef bodybb = lt_cg_new_block(cg, "for.body");
  LLVMBasicBlockRef exit = lt_cg_new_block(cg, "for.exit");
  LLVMBuildBr(cg->b, header);
  LLVMPositionBuilderAtEnd(cg->b, header);
  LLVMValueRef iv = LLVMBuildPhi(cg->b, LLVMTypeOf(lb), "iv");
  for (uint32_t i = 0; i < ni; i++)
    phis[i] = LLVMBuildPhi(cg->b, LLVMTypeOf(inits[i]), "iter");
  LLVMValueRef cond = LLVMBuildICmp(cg->b, LLVMIntSLT, iv, ub, "");
  LLVMBuildCondBr(cg->b, cond, bodybb, exit);
  LLVMPositionBuilderAtEnd(cg->b, bodybb);
  if (LT_FAILED(lt_cg_map(cg, body->args[0], iv))) return LT_FAILURE;
  for (uint32_t i = 0; i < ni; i++)
    if (LT_FAILED(lt_cg_map(cg, body->args[1 + i], phis[i]))) return LT_FAILURE;
  lt_op_t *term;
  if (LT_FAILED(lt_cg_emit_block(cg, body, &term)) ||
      LT_FAILED(yielded(cg, op, term, ni, next)))
    return LT_FAILURE;
  LLVMValueRef iv_next = LLVMBuildNSWAdd(cg->b, iv, step, "iv.next");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(cg->b);
  LLVMBuildBr(cg->b, header);
  LLVMBasicBlockRef from[2] = {pre, latch};
  LLVMValueRef ivs[2] = {lb, iv_next};
  LLVMAddIncoming(iv, ivs, from, 2);
  for (uint32_t i = 0; i < ni; i++) {
    LLVMValueRef vals[2] = {inits[i], next[i]};
    LLVMAddIncoming(phis[i], vals, from, 2);
  }
  LLVMPositionBuilderAtEnd(cg->b, exit);
  for (uint32_t i = 0; i < ni; i++)
    if (LT_FAILED(lt_cg_map(cg, lt_op_result(op, i), phis[i])))
      return LT_FAILURE;
  return LT_SUCCESS;
}

static lt_result_t emit_if(lt_cg_t *cg, lt_op_t *op) {
  if (op->num_operands != 1 || op->num_regions != 2 || !op->regions[0].first)
    return lt_op_emit_error(op, "expects a condition and a then region");
  if (LT_FAILED(no_memref_results(op))) return LT_FAILURE;
  uint32_t nr = op->num_results;
  lt_block_t *else_body = op->regions[1].first;
  if (nr && !else_body)
    return lt_op_emit_error(op, "with results needs an else region");
  LLVMValueRef cond = lt_cg_operand(cg, op, 0);
  if (!cond) return LT_FAILURE;
  LLVMBasicBlockRef then_bb = lt_cg_new_block(cg, "if.then");
  LLVMBasicBlockRef else_bb = else_body ? lt_cg_new_block(cg, "if.else") : NULL;
  LLVMBasicBlockRef join = lt_cg_new_block(cg, "if.end");
  LLVMBuildCondBr(cg->b, cond, then_bb, else_bb ? else_bb : join);
  LLVMValueRef vals[2][MAX_VALUES];
  LLVMBasicBlockRef ends[2];
  for (int k = 0; k < (else_body ? 2 : 1); k++) {
    LLVMPositionBuilderAtEnd(cg->b, k ? else_bb : then_bb);
    lt_op_t *term;
    if (LT_FAILED(lt_cg_emit_block(cg, op->regions[k].first, &term)) ||
        LT_FAILED(yielded(cg, op, term, nr, vals[k])))
      return LT_FAILURE;
    ends[k] = LLVMGetInsertBlock(cg->b);
    LLVMBuildBr(cg->b, join);
  }
  LLVMPositionBuilderAtEnd(cg->b, join);
  for (uint32_t i = 0; i < nr; i++) {
    LLVMValueRef phi = LLVMBuildPhi(cg->b, LLVMTypeOf(vals[0][i]), "");
    LLVMValueRef in[2] = {vals[0][i], vals[1][i]};
    LLVMAddIncoming(phi, in, ends, 2);
    if (LT_FAILED(lt_cg_map(cg, lt_op_result(op, i), phi))) return LT_FAILURE;
  }
  return LT_SUCCESS;
}

/* ---- scf.parallel ------------------------------------------------------------- */

/* The accumulators of the scf.parallel being emitted (for its scf.reduce
 * ops), innermost first. */
typedef struct lt_cg_reduce_scope {
  lt_op_t *parallel;
  LLVMValueRef accs[MAX_VALUES];
  LLVMTypeRef types[MAX_VALUES];
  uint32_t count;
  struct lt_cg_reduce_scope *outer;
} reduce_scope_t;

static reduce_scope_t *scope_of(lt_cg_t *cg) { return cg->reduce_scope; }

/* Operand groups of scf.parallel: lbs, ubs, steps, inits. */
static bool segments(lt_op_t *op, int32_t seg[4]) {
  const lt_attr_t *a = lt_op_attr(op, "operand_segment_sizes");
  if (!a || a->kind != LT_ATTR_DENSE_ARRAY || a->dense.size != 16) return false;
  int64_t total = 0;
  for (int i = 0; i < 4; i++) {
    seg[i] = (int32_t)lt_attr_dense_int(a, i);
    if (seg[i] < 0) return false;
    total += seg[i];
  }
  return total == op->num_operands && seg[0] == seg[1] && seg[1] == seg[2];
}

/* One loop level: dim d of the nest, then the next, innermost the body. */
static lt_result_t emit_level(lt_cg_t *cg, lt_op_t *op, uint32_t d,
                              uint32_t rank, LLVMValueRef first_begin,
                              LLVMValueRef first_end) {
  lt_block_t *body = op->regions[0].first;
  if (d == rank) {
    lt_op_t *term;
    if (LT_FAILED(lt_cg_emit_block(cg, body, &term))) return LT_FAILURE;
    if (term && term->num_operands)
      return lt_op_emit_error(term, "in scf.parallel takes no operands");
    return LT_SUCCESS;
  }
  LLVMValueRef lb = lt_cg_operand(cg, op, d);
  LLVMValueRef ub = lb ? lt_cg_operand(cg, op, rank + d) : NULL;
  LLVMValueRef step = ub ? lt_cg_operand(cg, op, 2 * rank + d) : NULL;
  if (!step) return LT_FAILURE;
  if (d == 0 && first_begin) {
    /* iterations [begin, end) of the first dimension */
    LLVMValueRef from = LLVMBuildAdd(
        cg->b, lb, LLVMBuildMul(cg->b, first_begin, step, ""), "");
    LLVMValueRef to = LLVMBuildAdd(
        cg->b, lb, LLVMBuildMul(cg->b, first_end, step, ""), "");
    LLVMValueRef lt = LLVMBuildICmp(cg->b, LLVMIntSLT, to, ub, "");
    ub = LLVMBuildSelect(cg->b, lt, to, ub, "");
    lb = from;
  }
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(cg->b);
  LLVMBasicBlockRef header = lt_cg_new_block(cg, "par.header");
  LLVMBasicBlockRef bodybb = lt_cg_new_block(cg, "par.body");
  LLVMBasicBlockRef exit = lt_cg_new_block(cg, "par.exit");
  LLVMBuildBr(cg->b, header);
  LLVMPositionBuilderAtEnd(cg->b, header);
  LLVMValueRef iv = LLVMBuildPhi(cg->b, LLVMTypeOf(lb), "piv");
  LLVMBuildCondBr(cg->b, LLVMBuildICmp(cg->b, LLVMIntSLT, iv, ub, ""), bodybb,
                  exit);
  LLVMPositionBuilderAtEnd(cg->b, bodybb);
  if (LT_FAILED(lt_cg_map(cg, body->args[d], iv)) ||
      LT_FAILED(emit_level(cg, op, d + 1, rank, NULL, NULL)))
    return LT_FAILURE;
  LLVMValueRef next = LLVMBuildNSWAdd(cg->b, iv, step, "piv.next");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(cg->b);
  LLVMBuildBr(cg->b, header);
  LLVMValueRef in[2] = {lb, next};
  LLVMBasicBlockRef from[2] = {pre, latch};
  LLVMAddIncoming(iv, in, from, 2);
  LLVMPositionBuilderAtEnd(cg->b, exit);
  return LT_SUCCESS;
}

lt_result_t lt_cg_emit_parallel_loops(lt_cg_t *cg, lt_op_t *op,
                                      LLVMValueRef first_begin,
                                      LLVMValueRef first_end) {
  int32_t seg[4];
  if (!segments(op, seg) || op->num_regions != 1 || !op->regions[0].first)
    return lt_op_emit_error(op, "expects operand_segment_sizes (lower "
                                "bounds, upper bounds, steps, inits) and a "
                                "body");
  uint32_t rank = (uint32_t)seg[0], ni = (uint32_t)seg[3];
  if (op->regions[0].first->num_args != rank || op->num_results != ni ||
      ni > MAX_VALUES || rank == 0)
    return lt_op_emit_error(op, "body arguments or results do not match "
                                "its bounds and inits");
  if (LT_FAILED(no_memref_results(op))) return LT_FAILURE;
  reduce_scope_t scope = {.parallel = op, .count = ni};
  for (uint32_t i = 0; i < ni; i++) {
    LLVMValueRef init = lt_cg_operand(cg, op, 3 * rank + i);
    if (!init) return LT_FAILURE;
    scope.types[i] = LLVMTypeOf(init);
    scope.accs[i] = lt_cg_entry_alloca(cg, scope.types[i], NULL, "acc");
    LLVMBuildStore(cg->b, init, scope.accs[i]);
  }
  scope.outer = cg->reduce_scope;
  cg->reduce_scope = &scope;
  lt_result_t r = emit_level(cg, op, 0, rank, first_begin, first_end);
  cg->reduce_scope = scope.outer;
  if (LT_FAILED(r)) return r;
  for (uint32_t i = 0; i < ni; i++)
    if (LT_FAILED(lt_cg_map(cg, lt_op_result(op, i),
                            LLVMBuildLoad2(cg->b, scope.types[i],
                                           scope.accs[i], "red"))))
      return LT_FAILURE;
  return LT_SUCCESS;
}

static lt_result_t emit_parallel(lt_cg_t *cg, lt_op_t *op) {
  int32_t seg[4];
  if (cg->parallel && cg->options->parallel_split && segments(op, seg) &&
      seg[3] == 0 && seg[0] > 0)
    return lt_cg_emit_parallel_split(cg, op);
  return lt_cg_emit_parallel_loops(cg, op, NULL, NULL);
}

/* scf.reduce: acc = region(acc, operand). Its index among the parallel
 * body's scf.reduce ops picks the accumulator. */
static lt_result_t emit_reduce(lt_cg_t *cg, lt_op_t *op) {
  reduce_scope_t *s = scope_of(cg);
  lt_op_t *parent = lt_op_parent_op(op);
  if (!s || s->parallel != parent)
    return lt_op_emit_error(op, "expects its parent to be an scf.parallel");
  uint32_t k = 0;
  for (lt_op_t *p = op->prev; p; p = p->prev)
    if (strcmp(lt_op_name(p), "scf.reduce") == 0) k++;
  if (k >= s->count)
    return lt_op_emit_error(op, "has no matching init value in its "
                                "scf.parallel");
  lt_block_t *body = op->num_regions ? op->regions[0].first : NULL;
  if (op->num_operands != 1 || !body || body->num_args != 2)
    return lt_op_emit_error(op, "expects one operand and a region with two "
                                "arguments");
  LLVMValueRef v = lt_cg_operand(cg, op, 0);
  if (!v) return LT_FAILURE;
  LLVMValueRef acc = LLVMBuildLoad2(cg->b, s->types[k], s->accs[k], "");
  if (LT_FAILED(lt_cg_map(cg, body->args[0], acc)) ||
      LT_FAILED(lt_cg_map(cg, body->args[1], v)))
    return LT_FAILURE;
  lt_op_t *term;
  if (LT_FAILED(lt_cg_emit_block(cg, body, &term))) return LT_FAILURE;
  if (!term || strcmp(lt_op_name(term), "scf.reduce.return") != 0 ||
      term->num_operands != 1)
    return lt_op_emit_error(op, "region must end in scf.reduce.return with "
                                "one operand");
  LLVMValueRef r = lt_cg_operand(cg, term, 0);
  if (!r) return LT_FAILURE;
  LLVMBuildStore(cg->b, r, s->accs[k]);
  return LT_SUCCESS;
}

const lt_cg_rule_t lt_cg_scf_rules[] = {
    {"scf.for", emit_for},
    {"scf.if", emit_if},
    {"scf.parallel", emit_parallel},
    {"scf.reduce", emit_reduce},
};
const size_t lt_cg_num_scf_rules = LT_ARRAY_SIZE(lt_cg_scf_rules);

/* translate_parallel.c - a kernel's outermost scf.parallel (without
 * reductions) split over lk_parallel_t: its body becomes a task
 *   void NAME.task.K(ptr ctx, i64 begin, i64 end, i32 worker)
 * (lk_task_fn's shape) that runs iterations [begin, end) of the first
 * dimension and all of the others; the values it uses from outside travel
 * in a context struct on the kernel's stack. The kernel then does what
 * lk_parallel_for does: inline when there is no pool or one worker, else
 * parallel->parallel_for(self, n, 1, task, ctx). */
#include <stddef.h>
#include <stdlib.h>

#include "codegen/llvm/translate_internal.h"
#include "kernels/parallel.h"

typedef struct capture {
  const lt_value_t *value;
  LLVMValueRef parts[2 + 2 * LT_CG_MAX_RANK]; /* scalar: parts[0] */
  int slot[2 + 2 * LT_CG_MAX_RANK];           /* struct field, -1: constant */
  size_t num_parts;
} capture_t;

typedef struct captures {
  lt_cg_t *cg;
  lt_op_t *root;
  capture_t *items;
  size_t count, cap;
  bool failed;
} captures_t;

static bool defined_inside(lt_op_t *root, const lt_value_t *v) {
  lt_block_t *b = lt_value_parent_block(v);
  lt_op_t *owner = b ? lt_block_parent_op(b) : NULL;
  return owner && (owner == root || lt_op_is_ancestor(root, owner));
}

static void add_capture(captures_t *c, const lt_value_t *v) {
  for (size_t i = 0; i < c->count; i++)
    if (c->items[i].value == v) return;
  if (c->count == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 16;
    capture_t *grown = realloc(c->items, cap * sizeof(*grown));
    if (!grown) {
      c->failed = true;
      return;
    }
    c->items = grown;
    c->cap = cap;
  }
  capture_t *k = &c->items[c->count++];
  k->value = v;
  lt_cg_slot_t *s = lt_cg_slot(c->cg, v);
  if (s && s->memref) {
    const lt_cg_memref_t *m = s->memref;
    uint32_t rank = m->type->shaped.rank;
    k->num_parts = 0;
    k->parts[k->num_parts++] = m->base;
    k->parts[k->num_parts++] = m->offset;
    for (uint32_t d = 0; d < rank; d++)
      k->parts[k->num_parts++] = m->sizes[d];
    for (uint32_t d = 0; d < rank; d++)
      k->parts[k->num_parts++] = m->strides[d];
  } else {
    k->parts[0] = s ? s->value : NULL;
    k->num_parts = 1;
    if (!k->parts[0]) c->failed = true;
  }
}

static lt_walk_result_t collect(lt_op_t *op, void *user) {
  captures_t *c = user;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    const lt_value_t *v = lt_op_operand(op, i);
    if (op == c->root || !defined_inside(c->root, v)) add_capture(c, v);
  }
  return LT_WALK_ADVANCE;
}

lt_result_t lt_cg_emit_parallel_split(lt_cg_t *cg, lt_op_t *op) {
  captures_t c = {.cg = cg, .root = op};
  lt_op_walk(op, LT_WALK_PRE, collect, &c);
  if (c.failed) {
    free(c.items);
    return lt_op_emit_error(op, "uses a value the LLVM backend could not "
                                "capture for its parallel task");
  }
  /* The context struct: every captured part that is not a constant. */
  size_t num_fields = 0;
  for (size_t i = 0; i < c.count; i++)
    for (size_t p = 0; p < c.items[i].num_parts; p++)
      c.items[i].slot[p] =
          LLVMIsConstant(c.items[i].parts[p]) ? -1 : (int)num_fields++;
  LLVMTypeRef *ftypes = malloc((num_fields + 1) * sizeof(*ftypes));
  if (!ftypes) {
    free(c.items);
    return lt_op_emit_error(op, "out of memory translating");
  }
  for (size_t i = 0; i < c.count; i++)
    for (size_t p = 0; p < c.items[i].num_parts; p++)
      if (c.items[i].slot[p] >= 0)
        ftypes[c.items[i].slot[p]] = LLVMTypeOf(c.items[i].parts[p]);
  LLVMTypeRef ctx_ty =
      LLVMStructTypeInContext(cg->llvm, ftypes, (unsigned)num_fields, false);
  free(ftypes);

  /* The kernel side: fill the context. */
  LLVMValueRef ctx = lt_cg_entry_alloca(cg, ctx_ty, NULL, "par.ctx");
  for (size_t i = 0; i < c.count; i++)
    for (size_t p = 0; p < c.items[i].num_parts; p++)
      if (c.items[i].slot[p] >= 0)
        LLVMBuildStore(cg->b, c.items[i].parts[p],
                       LLVMBuildStructGEP2(cg->b, ctx_ty, ctx,
                                           (unsigned)c.items[i].slot[p], ""));

  /* The task function. */
  LLVMTypeRef ptr = lt_cg_ptr(cg), i64 = lt_cg_i64(cg);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(cg->llvm);
  LLVMTypeRef task_params[4] = {ptr, i64, i64, i32};
  LLVMTypeRef task_ty =
      LLVMFunctionType(LLVMVoidTypeInContext(cg->llvm), task_params, 4, false);
  char name[512];
  snprintf(name, sizeof(name), "%s.task.%u", LLVMGetValueName(cg->fn),
           cg->num_tasks++);
  LLVMValueRef task = LLVMAddFunction(cg->mod, name, task_ty);
  LLVMSetLinkage(task, LLVMInternalLinkage);
  unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
  LLVMAddAttributeAtIndex(task, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(cg->llvm, nounwind, 0));

  LLVMValueRef saved_fn = cg->fn, saved_par = cg->parallel;
  LLVMBasicBlockRef saved_bb = LLVMGetInsertBlock(cg->b);
  cg->fn = task;
  cg->parallel = NULL; /* nested scf.parallel loops run serially */
  LLVMPositionBuilderAtEnd(cg->b,
                           LLVMAppendBasicBlockInContext(cg->llvm, task, "entry"));
  LLVMValueRef tctx = LLVMGetParam(task, 0);
  lt_cg_slot_t *saved = malloc((c.count + 1) * sizeof(*saved));
  lt_result_t r = saved ? LT_SUCCESS : LT_FAILURE;
  for (size_t i = 0; i < c.count && LT_SUCCEEDED(r); i++) {
    capture_t *k = &c.items[i];
    LLVMValueRef vals[2 + 2 * LT_CG_MAX_RANK];
    for (size_t p = 0; p < k->num_parts; p++)
      vals[p] = k->slot[p] < 0
                    ? k->parts[p]
                    : LLVMBuildLoad2(cg->b, LLVMTypeOf(k->parts[p]),
                                     LLVMBuildStructGEP2(cg->b, ctx_ty, tctx,
                                                         (unsigned)k->slot[p], ""),
                                     "");
    lt_cg_slot_t *s = lt_cg_slot(cg, k->value);
    saved[i] = *s;
    if (s->memref) {
      lt_cg_memref_t m = {.type = s->memref->type};
      size_t p = 0;
      uint32_t rank = m.type->shaped.rank;
      m.base = vals[p++];
      m.offset = vals[p++];
      for (uint32_t d = 0; d < rank; d++)
        m.sizes[d] = vals[p++];
      for (uint32_t d = 0; d < rank; d++)
        m.strides[d] = vals[p++];
      r = lt_cg_map_memref(cg, k->value, &m);
    } else {
      r = lt_cg_map(cg, k->value, vals[0]);
    }
  }
  if (LT_SUCCEEDED(r))
    r = lt_cg_emit_parallel_loops(cg, op, LLVMGetParam(task, 1),
                                  LLVMGetParam(task, 2));
  if (LT_SUCCEEDED(r)) LLVMBuildRetVoid(cg->b);
  /* The kernel's own mappings back (the slots may have moved). */
  for (size_t i = 0; saved && i < c.count; i++) {
    lt_cg_slot_t *s = lt_cg_slot(cg, c.items[i].value);
    if (s) *s = saved[i];
  }
  free(saved);
  free(c.items);
  cg->fn = saved_fn;
  cg->parallel = saved_par;
  LLVMPositionBuilderAtEnd(cg->b, saved_bb);
  if (LT_FAILED(r)) return r;

  /* n = ceil((ub - lb) / step) iterations of the first dimension. */
  LLVMValueRef lb = lt_cg_operand(cg, op, 0);
  int32_t rank = (int32_t)op->regions[0].first->num_args;
  LLVMValueRef ub = lt_cg_operand(cg, op, (uint32_t)rank);
  LLVMValueRef step = lt_cg_operand(cg, op, 2 * (uint32_t)rank);
  LLVMValueRef span = LLVMBuildSub(cg->b, ub, lb, "");
  LLVMValueRef one = LLVMConstInt(i64, 1, false);
  LLVMValueRef count = LLVMBuildSDiv(
      cg->b, LLVMBuildSub(cg->b, LLVMBuildAdd(cg->b, span, step, ""), one, ""),
      step, "");
  LLVMValueRef positive = LLVMBuildICmp(cg->b, LLVMIntSGT, span,
                                        LLVMConstNull(i64), "");
  LLVMValueRef n = LLVMBuildSelect(cg->b, positive, count, LLVMConstNull(i64),
                                   "par.n");

  LLVMBasicBlockRef check = lt_cg_new_block(cg, "par.check");
  LLVMBasicBlockRef pool = lt_cg_new_block(cg, "par.pool");
  LLVMBasicBlockRef inline_bb = lt_cg_new_block(cg, "par.inline");
  LLVMBasicBlockRef done = lt_cg_new_block(cg, "par.done");
  /* no pool, or nothing to split: inline (lk_parallel_for's rule) */
  LLVMValueRef no_pool = LLVMBuildOr(
      cg->b, LLVMBuildIsNull(cg->b, cg->parallel, ""),
      LLVMBuildICmp(cg->b, LLVMIntEQ, n, LLVMConstNull(i64), ""), "");
  LLVMBuildCondBr(cg->b, no_pool, inline_bb, check);
  LLVMPositionBuilderAtEnd(cg->b, check);
  LLVMValueRef par = cg->parallel;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(cg->llvm);
#define FIELD(type, off, nm)                                                   \
  LLVMBuildLoad2(cg->b, type,                                                  \
                 LLVMBuildInBoundsGEP2(                                        \
                     cg->b, i8, par,                                           \
                     (LLVMValueRef[]){lt_cg_const_i64(cg, (int64_t)(off))}, 1, \
                     ""),                                                      \
                 nm)
  LLVMValueRef workers =
      FIELD(i32, offsetof(lk_parallel_t, num_workers), "workers");
  LLVMBuildCondBr(cg->b,
                  LLVMBuildICmp(cg->b, LLVMIntUGT, workers,
                                LLVMConstInt(i32, 1, false), ""),
                  pool, inline_bb);
  LLVMPositionBuilderAtEnd(cg->b, pool);
  LLVMValueRef self = FIELD(ptr, offsetof(lk_parallel_t, self), "self");
  LLVMValueRef pfor =
      FIELD(ptr, offsetof(lk_parallel_t, parallel_for), "parallel_for");
#undef FIELD
  LLVMTypeRef pfor_params[5] = {ptr, i64, i64, ptr, ptr};
  LLVMTypeRef pfor_ty =
      LLVMFunctionType(LLVMVoidTypeInContext(cg->llvm), pfor_params, 5, false);
  LLVMValueRef pargs[5] = {self, n, one, task, ctx};
  LLVMBuildCall2(cg->b, pfor_ty, pfor, pargs, 5, "");
  LLVMBuildBr(cg->b, done);
  LLVMPositionBuilderAtEnd(cg->b, inline_bb);
  LLVMValueRef targs[4] = {ctx, LLVMConstNull(i64), n, LLVMConstNull(i32)};
  LLVMBuildCall2(cg->b, task_ty, task, targs, 4, "");
  LLVMBuildBr(cg->b, done);
  LLVMPositionBuilderAtEnd(cg->b, done);
  return LT_SUCCESS;
}

/* translate_internal.h - what the translation files share: the state of
 * one module's translation, the value map (IR values to LLVM values, memrefs
 * to their expanded form), type conversion and the per-dialect op tables.
 * Internal to codegen/llvm. */
#ifndef LITE_CODEGEN_LLVM_TRANSLATE_INTERNAL_H
#define LITE_CODEGEN_LLVM_TRANSLATE_INTERNAL_H

#include <llvm-c/Core.h>

#include "codegen/llvm/translate.h"
#include "ir/operation.h"

/* The deepest memref a kernel takes: the views' limit (kernels/tensor.h). */
#define LT_CG_MAX_RANK 8

/* A memref in expanded form: the base pointer and, per dim, its size and
 * element stride, and the element offset. Static parts are LLVM constants,
 * so address arithmetic on them folds. */
typedef struct lt_cg_memref {
  const lt_type_t *type;
  LLVMValueRef base; /* ptr to the buffer; element `offset` is [0...0] */
  LLVMValueRef offset;
  LLVMValueRef sizes[LT_CG_MAX_RANK];
  LLVMValueRef strides[LT_CG_MAX_RANK];
} lt_cg_memref_t;

/* One mapped IR value: a plain LLVM value, or a memref. */
typedef struct lt_cg_slot {
  const lt_value_t *key;
  LLVMValueRef value;
  lt_cg_memref_t *memref;
} lt_cg_slot_t;

typedef struct lt_cg lt_cg_t;

/* Translates one op at the builder's position; LT_FAILURE after
 * lt_op_emit_error. */
typedef lt_result_t (*lt_cg_op_fn)(lt_cg_t *cg, lt_op_t *op);

typedef struct lt_cg_rule {
  const char *name; /* "arith.addf" */
  lt_cg_op_fn fn;
} lt_cg_rule_t;

struct lt_cg {
  lt_context_t *ir;
  LLVMContextRef llvm;
  LLVMModuleRef mod;
  LLVMBuilderRef b;
  const lt_llvm_translate_options_t *options;
  /* value map: open addressing over slots (cap a power of two) */
  lt_cg_slot_t *slots;
  size_t cap, count;
  /* memrefs live as long as the translation */
  lt_cg_memref_t **memrefs;
  size_t num_memrefs, cap_memrefs;
  /* the function being emitted */
  LLVMValueRef fn;
  lt_op_t *func_op;
  LLVMValueRef parallel;  /* lk_parallel_t * of a kernel body (or NULL) */
  bool outlined_parallel; /* the kernel's outermost scf.parallel is split */
  uint32_t num_tasks;     /* outlined task functions so far */
  /* the accumulators of the scf.parallel being emitted (translate_scf.c) */
  struct lt_cg_reduce_scope *reduce_scope;
  bool oom;
};

/* ---- value map (translate.c) ---------------------------------------------- */
lt_result_t lt_cg_map(lt_cg_t *cg, const lt_value_t *v, LLVMValueRef value);
lt_result_t lt_cg_map_memref(lt_cg_t *cg, const lt_value_t *v,
                             const lt_cg_memref_t *m);
/* The LLVM value of v; NULL (after an error on op) when v is unmapped or
 * a memref. */
LLVMValueRef lt_cg_get(lt_cg_t *cg, lt_op_t *op, const lt_value_t *v);
/* Operand i of op. */
LLVMValueRef lt_cg_operand(lt_cg_t *cg, lt_op_t *op, uint32_t i);
/* The expanded memref of v; NULL (after an error on op) otherwise. */
const lt_cg_memref_t *lt_cg_get_memref(lt_cg_t *cg, lt_op_t *op,
                                       const lt_value_t *v);
/* A copy of m owned by the translation (NULL when out of memory). */
lt_cg_memref_t *lt_cg_memref_new(lt_cg_t *cg, const lt_cg_memref_t *m);
/* Removes v's mapping (outlined bodies remap captured values). */
void lt_cg_unmap(lt_cg_t *cg, const lt_value_t *v);
/* The raw slot of v, NULL when unmapped. */
lt_cg_slot_t *lt_cg_slot(lt_cg_t *cg, const lt_value_t *v);

/* ---- types (translate_types.c) -------------------------------------------- */
/* The LLVM type of a scalar or 1-D vector IR type; NULL for others
 * (memrefs have no single LLVM type). */
LLVMTypeRef lt_cg_type(lt_cg_t *cg, const lt_type_t *t);
/* Same, with an error on op naming the type when it has no LLVM type. */
LLVMTypeRef lt_cg_type_or_error(lt_cg_t *cg, lt_op_t *op, const lt_type_t *t);
LLVMTypeRef lt_cg_i64(lt_cg_t *cg);
LLVMTypeRef lt_cg_ptr(lt_cg_t *cg);
LLVMValueRef lt_cg_const_i64(lt_cg_t *cg, int64_t v);
bool lt_cg_is_memref(const lt_type_t *t);
/* A memref of rank up to LT_CG_MAX_RANK: the only ones translated, so
 * every memref value's strides fit an LT_CG_MAX_RANK array (its layout:
 * lt_type_memref_strides). */
bool lt_cg_memref_fits(const lt_type_t *t);
/* Bytes of one element of a memref element type in memory. */
uint64_t lt_cg_elem_bytes(lt_cg_t *cg, const lt_type_t *element);
/* An error on op: "<what> 'TYPE' is not supported by the LLVM backend". */
lt_result_t lt_cg_type_error(lt_op_t *op, const char *what,
                             const lt_type_t *t);

/* The LLVM function of the func.func symbol `name` (NAME.body for a
 * kernel: *out_kernel then true); NULL when there is none. */
LLVMValueRef lt_cg_function_of(lt_cg_t *cg, const char *name,
                               bool *out_kernel);

/* ---- regions (translate.c) -------------------------------------------------- */
/* Emits the ops of block at the builder's position up to (not including)
 * its terminator; *out_term is the terminator (may be NULL). */
lt_result_t lt_cg_emit_block(lt_cg_t *cg, lt_block_t *block,
                             lt_op_t **out_term);
/* A new basic block in the current function. */
LLVMBasicBlockRef lt_cg_new_block(lt_cg_t *cg, const char *name);
/* Calls the LLVM intrinsic `name` overloaded on `types` (n of them). */
LLVMValueRef lt_cg_intrinsic(lt_cg_t *cg, const char *name,
                             LLVMTypeRef *types, size_t num_types,
                             LLVMValueRef *args, unsigned num_args);
/* An alloca in the current function's entry block (so mem2reg sees it). */
LLVMValueRef lt_cg_entry_alloca(lt_cg_t *cg, LLVMTypeRef type,
                                LLVMValueRef count, const char *name);

/* ---- memref addressing (translate_memref.c) ---------------------------------- */
/* The address of m[idx[0..rank)]. */
LLVMValueRef lt_cg_memref_address(lt_cg_t *cg, const lt_cg_memref_t *m,
                                  LLVMValueRef const *idx);
/* The expanded form of a memref value of type t whose parts come from
 * LLVM values: base, then (dynamic only) offset, sizes, strides. *pos
 * advances over the values read from vals. */
void lt_cg_memref_from_parts(lt_cg_t *cg, const lt_type_t *t,
                             LLVMValueRef const *vals, size_t *pos,
                             lt_cg_memref_t *out);
/* Appends the LLVM types of a memref's expanded parts (see above) to
 * types (at most 2 + 2 * rank entries); returns how many. */
size_t lt_cg_memref_part_types(lt_cg_t *cg, const lt_type_t *t,
                               LLVMTypeRef *types);
/* Appends m's dynamic parts, in the order above, to vals; returns how many. */
size_t lt_cg_memref_parts(const lt_cg_t *cg, const lt_cg_memref_t *m,
                          LLVMValueRef *vals);

/* ---- the parallel split (translate_parallel.c) ------------------------------- */
/* Emits the kernel's outermost scf.parallel as a task over its first
 * dimension, run through the kernel's lk_parallel_t. */
lt_result_t lt_cg_emit_parallel_split(lt_cg_t *cg, lt_op_t *op);
/* Emits a scf.parallel's loops (serially), the first dimension over
 * [first_begin, first_end) iterations when those are non-NULL. */
lt_result_t lt_cg_emit_parallel_loops(lt_cg_t *cg, lt_op_t *op,
                                      LLVMValueRef first_begin,
                                      LLVMValueRef first_end);

/* ---- per-dialect rules ---------------------------------------------------- */
extern const lt_cg_rule_t lt_cg_func_rules[];
extern const size_t lt_cg_num_func_rules;
extern const lt_cg_rule_t lt_cg_arith_rules[];
extern const size_t lt_cg_num_arith_rules;
extern const lt_cg_rule_t lt_cg_math_rules[];
extern const size_t lt_cg_num_math_rules;
extern const lt_cg_rule_t lt_cg_scf_rules[];
extern const size_t lt_cg_num_scf_rules;
extern const lt_cg_rule_t lt_cg_memref_rules[];
extern const size_t lt_cg_num_memref_rules;
extern const lt_cg_rule_t lt_cg_vector_rules[];
extern const size_t lt_cg_num_vector_rules;

/* ---- helpers the arith and math files share (translate_arith.c) ------------- */
/* A splat of the scalar constant c over ty's lanes (ty may be scalar). */
LLVMValueRef lt_cg_splat_const(LLVMTypeRef ty, LLVMValueRef c);
/* A float constant of ty's element type, splat to ty. */
LLVMValueRef lt_cg_const_real(LLVMTypeRef ty, double v);
/* NaN-propagating max/min (MLIR 16's arith.maxf/minf). */
LLVMValueRef lt_cg_fmax(lt_cg_t *cg, LLVMValueRef a, LLVMValueRef b);
LLVMValueRef lt_cg_fmin(lt_cg_t *cg, LLVMValueRef a, LLVMValueRef b);

#endif /* LITE_CODEGEN_LLVM_TRANSLATE_INTERNAL_H */

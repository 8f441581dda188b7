/* interp.h - the reference interpreter: runs a func.func of lite ops on
 * concrete tensors, one lt_lite_eval per op in block order. It is the oracle
 * that compiled code is checked against (`lite-run --reference`), so it
 * values exactness and clear errors over speed; only its memory is managed
 * with care: each intermediate tensor is freed after its last use.
 *
 * Inputs are matched to the function's arguments by the `lite.name` entry
 * of arg_attrs (what the ONNX importer records), or by position; outputs
 * are named by res_attrs' `lite.name`, else "output_N". */
#ifndef LITE_DIALECTS_LITE_INTERP_H
#define LITE_DIALECTS_LITE_INTERP_H

#include "dialects/lite/lite.h"

/* A tensor with the name of the argument or result it binds to. */
typedef struct lt_lite_named_tensor {
  const char *name; /* inputs: NULL matches by position */
  lk_tensor_t tensor;
} lt_lite_named_tensor_t;

/* The interpreter's results: every tensor and name is owned (allocated
 * with the allocator given to lt_lite_interpret). */
typedef struct lt_lite_outputs {
  uint32_t count;
  lt_lite_named_tensor_t *items;
  lt_allocator_t allocator;
} lt_lite_outputs_t;

void lt_lite_outputs_free(lt_lite_outputs_t *outs);

/* The func.func named `name` (NULL: "main") directly inside module, or
 * module itself when it is that func.func; NULL when there is none. */
lt_op_t *lt_lite_interp_entry(lt_op_t *module, const char *name);

/* The function's argument/result count and their `lite.name` (NULL when the
 * entry has none); the types come from the function type. */
uint32_t lt_lite_func_num_inputs(lt_op_t *func);
uint32_t lt_lite_func_num_outputs(lt_op_t *func);
const char *lt_lite_func_input_name(lt_op_t *func, uint32_t i);
const char *lt_lite_func_output_name(lt_op_t *func, uint32_t i);
const lt_type_t *lt_lite_func_input_type(lt_op_t *func, uint32_t i);
const lt_type_t *lt_lite_func_output_type(lt_op_t *func, uint32_t i);

/* Finds the argument an input name refers to: its `lite.name`, or for an
 * argument without one, `argN` (its position). -1 when none matches. */
int32_t lt_lite_func_find_input(lt_op_t *func, const char *name);

/* Checks a concrete tensor against an argument or result type: element
 * type, rank and static dims (dynamic dims accept any size). On mismatch
 * writes "expected tensor<2x?xf32>, got f64 tensor of shape 2x3" into
 * `why` (may be NULL) and returns false. */
bool lt_lite_tensor_matches(const lt_type_t *type, const lk_tensor_t *t,
                            lt_strbuf_t *why);

/* Runs func (a func.func, or a module: its @main) on inputs[0..num_inputs)
 * (each bound by name, or by position when its name is NULL; every
 * argument needs exactly one), leaving the results in *out (free with
 * lt_lite_outputs_free). The inputs are only read. On failure, diagnostics
 * name the input, or the op (its location names the ONNX node) that
 * failed; *out is left empty. */
lt_result_t lt_lite_interpret(lt_op_t *func, lt_allocator_t allocator,
                              uint32_t num_inputs,
                              const lt_lite_named_tensor_t *inputs,
                              lt_lite_outputs_t *out);

#endif /* LITE_DIALECTS_LITE_INTERP_H */

/* model.h - a loaded model: the validated artifact with every instruction
 * resolved to its kernel row and plan step, planned once at load (shapes
 * checked against the artifact's tensor table, parameter blocks built,
 * weights packed). A model is immutable after load: any number of
 * predictors (runtime/predictor.h) share it, from any threads; it lives
 * until its last holder releases it. */
#ifndef LITE_RUNTIME_MODEL_H
#define LITE_RUNTIME_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/base.h"
#include "kernels/abi.h"
#include "kernels/registry.h"
#include "runtime/artifact.h"

/* When an instruction is planned again at run time. */
typedef enum lt_rt_replan {
  LT_RT_REPLAN_NEVER,     /* every shape static: planned at load */
  LT_RT_REPLAN_ON_SHAPES, /* depends on dynamic input dims */
  LT_RT_REPLAN_ALWAYS,    /* depends on operand values (non_zero, cumsum's
                             axis, ...) */
} lt_rt_replan_t;

typedef struct lt_rt_instr {
  const lt_artifact_instr_t *ai;
  const lk_kernel_t *kernel;
  const lk_plan_step_t *step;
  lk_attrs_t attrs;
  void *params; /* step->params_size bytes, planned at load */
  size_t workspace_size;
  lt_rt_replan_t replan;
  void *packed; /* the kernel's packed constants (NULL: none) */
  size_t packed_size;
  /* NUL-terminated copies for reports: "lite.conv2d", the kernel's name,
   * and the fused ONNX nodes comma-separated ("" when none). */
  const char *op_name, *kernel_name, *nodes;
} lt_rt_instr_t;

typedef struct lt_model_options {
  lt_allocator_t allocator;
  /* Kernels to resolve instructions against; NULL: the builtin table. The
   * registry must outlive the model. */
  const lk_registry_t *registry;
  /* lt_model_load_buffer only: when set, the model owns the buffer and
   * calls this on it when it is freed (a compiler's output handed over). */
  void (*free_buffer)(void *data, size_t size);
  /* Generated kernels (the JIT's, or an AOT object's table) that
   * lite.dispatch instructions name, added to the builtin table; each must
   * outlive the model. Not together with `registry` (add them to it). */
  const lk_kernel_table_t *const *kernel_tables;
  uint32_t num_kernel_tables;
  /* When release_keep is set, the model holds `keep` (the JIT whose code
   * the kernel tables point into) and calls release_keep on it when it is
   * freed, or at once when the load fails. */
  void *keep;
  void (*release_keep)(void *keep);
} lt_model_options_t;

typedef struct lt_model lt_model_t;

/* Loads and prepares the artifact at path (mapped: weights are not
 * copied) or in the size bytes at data (which must outlive the model,
 * unless options->free_buffer hands them over: then they are freed with
 * the model, or at once when the load fails).
 * Errors name the file, the instruction (its index, op, kernel and ONNX
 * nodes) and what was wrong. options may be NULL. */
lt_status_t lt_model_load_file(const char *path,
                               const lt_model_options_t *options,
                               lt_model_t **out_model);
lt_status_t lt_model_load_buffer(const void *data, size_t size,
                                 const lt_model_options_t *options,
                                 lt_model_t **out_model);
void lt_model_retain(lt_model_t *m);
/* Drops one reference; the last frees the model. NULL is fine. */
void lt_model_release(lt_model_t *m);

const lt_artifact_t *lt_model_artifact(const lt_model_t *m);
uint32_t lt_model_num_instrs(const lt_model_t *m);
const lt_rt_instr_t *lt_model_instr(const lt_model_t *m, uint32_t i);
/* The constant contents of tensor t (a weight), or NULL. */
const lk_tensor_t *lt_model_weight(const lt_model_t *m, uint32_t t);
/* How tensor t's shape is known: as lt_rt_replan_t, for the tensor. */
lt_rt_replan_t lt_model_tensor_replan(const lt_model_t *m, uint32_t t);
/* The NUL-terminated name of model input i / output i. */
const char *lt_model_input_name(const lt_model_t *m, uint32_t i);
const char *lt_model_output_name(const lt_model_t *m, uint32_t i);
/* The largest workspace any instruction needs at the planned shapes. */
size_t lt_model_max_workspace(const lt_model_t *m);
const lk_cpu_info_t *lt_model_cpu(const lt_model_t *m);
lt_allocator_t lt_model_allocator(const lt_model_t *m);
/* Bytes of packed weights the model holds (the file's weights are mapped,
 * not counted). */
size_t lt_model_packed_bytes(const lt_model_t *m);

/* "instruction #3 (lite.conv2d, ref_conv2d__f32_nchw; ONNX node
 * 'Conv_0')" into buf; returns buf. */
const char *lt_model_instr_label(const lt_model_t *m, uint32_t i, char *buf,
                                 size_t cap);

/* The fewest shape slots a plan step is handed: operands past an
 * instruction's count are absent (dtype none), so a step that reads an
 * operand the instruction lacks fails naming it instead of reading past
 * the array. */
#define LT_RT_MIN_PLAN_OPERANDS 16u

/* Plans instruction i over shapes in (at least LT_RT_MIN_PLAN_OPERANDS,
 * past num_operands absent) into out
 * (num_results), params (step->params_size bytes), *out_workspace and
 * *out_values_missing (the step read operand contents it was not given;
 * see lk_plan_t; may be NULL). A
 * result dtype the step leaves open comes from the tensor table. Fails
 * with a status naming the instruction and the step's message, or when a
 * result's dtype or a dim both know differs from the tensor table's (at
 * load and at every re-plan: a dim the compiler fixed stays fixed). */
lt_status_t lt_model_plan(const lt_model_t *m, uint32_t i,
                          const lk_shape_t *in, lk_shape_t *out, void *params,
                          size_t *out_workspace, bool *out_values_missing);

#endif /* LITE_RUNTIME_MODEL_H */

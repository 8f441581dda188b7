/* lite_internal.h - shared between the files of the lite dialect core. */
#ifndef LITE_DIALECTS_LITE_LITE_INTERNAL_H
#define LITE_DIALECTS_LITE_LITE_INTERNAL_H

#include "dialects/lite/lite_impl.h"
#include "kernels/registry.h"

/* Kinds of lite dialect attributes (lt_attr_t.ext.tag). */
enum { LT_LITE_ATTR_PLACE = 1 };

const lt_attr_t *lt_lite_parse_attr(lt_context_t *ctx, const char *text,
                                    size_t len, lt_strbuf_t *err);
void lt_lite_print_attr(const lt_attr_t *a, lt_strbuf_t *out);

/* lite.dispatch against its callee (lite_dispatch.c), once the generic
 * checks passed. */
lt_result_t lt_lite_verify_dispatch(lt_op_t *op);
/* `lite.kernel`: a kernel name on an op, {num_inputs = N : i64} on a kernel
 * func. */
lt_result_t lt_lite_verify_kernel_attr(lt_op_t *op, const lt_attr_t *value);

/* One row of ops.def. */
typedef struct lt_lite_op_row {
  const char *name; /* without "lite." */
  int32_t min_in, max_in, min_out, max_out;
  const char *attrs;
} lt_lite_op_row_t;

extern const lt_lite_op_row_t lt_lite_op_rows[LT_LITE_NUM_OPS];

/* What runs an op (lite_impl.h): its plan step and its reference kernel
 * row, both NULL for lite.constant and lite.none. */
typedef struct lt_lite_op_impl {
  const lk_plan_step_t *step;
  const lk_kernel_t *kernel; /* ref_<op>__any_nchw */
} lt_lite_op_impl_t;

/* Op id's plan step and kernel, looked up by name in kernels/' tables once
 * for every op, on the first call from any thread (the dialect is a const
 * table shared by every context, and registering it runs no code of its
 * own). */
const lt_lite_op_impl_t *lt_lite_op_impl(lt_lite_op_id_t id);

/* Result shapes of op c->id from its operands' in[0..num_in) (shape
 * inference; operand counts already checked): lite.constant's from its
 * value, lite.none's `none`, every other op's from its plan step. */
lt_result_t lt_lite_shape(const lt_lite_call_t *c, const lt_lite_shape_t *in,
                          uint32_t num_in, lt_lite_shape_t *out,
                          uint32_t num_out);
/* Runs op c->id's plan step over in -> out into *p, with the parameter
 * block in *out_params (the step's params_size bytes from c->allocator,
 * also on failure, NULL when none could be had; the caller frees it with
 * lt_lite_params_free). A failure is reported at the op. */
lt_result_t lt_lite_plan_op(const lt_lite_call_t *c, const lt_lite_shape_t *in,
                            uint32_t num_in, lt_lite_shape_t *out,
                            uint32_t num_out, lk_plan_t *p, void **out_params);
void lt_lite_params_free(const lt_lite_call_t *c, void *params);

/* Checks op's attributes against its row's spec: kinds, required ones, no
 * unknown names. */
lt_result_t lt_lite_verify_attrs(const lt_lite_call_t *c);

/* Shape of a value's type (value: its constant contents or NULL). */
lt_result_t lt_lite_shape_of_type(const lt_lite_call_t *c,
                                  const lt_type_t *t, uint32_t index,
                                  lt_lite_shape_t *out);
/* The unplaced tensor type of a shape (`none` for LK_DTYPE_NONE). */
const lt_type_t *lt_lite_type_of_shape(lt_context_t *ctx,
                                       const lt_lite_shape_t *s);

/* Runs lt_lite_shape on operands given as IR values (constant
 * operands contribute their contents, read into temporaries that are
 * released before returning). */
lt_result_t lt_lite_infer(lt_context_t *ctx, lt_loc_t loc, lt_lite_op_id_t id,
                          uint32_t num_operands, lt_value_t *const *operands,
                          const lt_attr_t *attrs, lt_lite_shape_t *out,
                          uint32_t num_results);

#endif /* LITE_DIALECTS_LITE_LITE_INTERNAL_H */

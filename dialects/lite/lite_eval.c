/* lite_eval.c - the evaluator's dispatcher: shape function on the concrete
 * inputs, result allocation, then the family's evaluator. */
#include <string.h>

#include "dialects/lite/lite_internal.h"
#include "ir/diagnostics.h"

/* result_dtypes (may be NULL): the declared result element types, which
 * override inference where the operands cannot tell (calib's precision). */
static lt_result_t eval_call(const lt_lite_call_t *c, const lk_tensor_t *in,
                             uint32_t num_in, lk_tensor_t *out,
                             uint32_t num_out, const lk_dtype_t *result_dtypes) {
  const lt_lite_op_row_t *row = &lt_lite_op_rows[c->id];
  memset(out, 0, num_out * sizeof *out);
  lt_lite_shape_t small_in[8], small_out[4];
  lt_lite_shape_t *sin = small_in, *sout = small_out;
  if (num_in > 8) sin = lt_calloc(c->allocator, num_in * sizeof *sin);
  if (num_out > 4) sout = lt_calloc(c->allocator, num_out * sizeof *sout);
  lt_result_t r = sin && sout ? LT_SUCCESS : LT_FAILURE;
  if (LT_FAILED(r)) lt_emit_error(c->ctx, c->loc, "out of memory");
  for (uint32_t i = 0; i < num_in && LT_SUCCEEDED(r); i++) {
    memset(&sin[i], 0, sizeof sin[i]);
    sin[i].dtype = in[i].dtype;
    sin[i].rank = in[i].dtype == LK_DTYPE_NONE ? -1 : in[i].rank;
    if (in[i].dtype != LK_DTYPE_NONE) {
      memcpy(sin[i].dims, in[i].dims, sizeof in[i].dims);
      sin[i].value = &in[i];
    }
  }
  if (LT_SUCCEEDED(r)) {
    memset(sout, 0, num_out * sizeof *sout);
    r = row->shape(c, sin, num_in, sout, num_out);
  }
  for (uint32_t i = 0; i < num_out && LT_SUCCEEDED(r); i++) {
    memset(&out[i], 0, sizeof out[i]);
    out[i].dtype = sout[i].dtype;
    if (c->id == LT_LITE_CALIB && result_dtypes &&
        result_dtypes[i] != LK_DTYPE_NONE)
      out[i].dtype = result_dtypes[i];
    out[i].rank = sout[i].rank;
    if (sout[i].dtype == LK_DTYPE_NONE) continue;
    bool known = sout[i].rank >= 0;
    for (int32_t d = 0; d < sout[i].rank; d++) {
      out[i].dims[d] = sout[i].dims[d];
      known = known && sout[i].dims[d] >= 0;
    }
    /* Shapes come from untrusted models: a byte size that overflows is an
     * error, not a wrapped allocation. */
    uint64_t bytes = lk_dtype_size(out[i].dtype);
    for (int32_t d = 0; known && d < out[i].rank; d++)
      if (__builtin_mul_overflow(bytes, (uint64_t)out[i].dims[d], &bytes) ||
          bytes > ((uint64_t)1 << 48))
        r = lt_emit_error(c->ctx, c->loc, "result #%u is too large to "
                                          "allocate",
                          i);
    if (LT_FAILED(r)) break;
    if (known && LT_FAILED(lt_lite_tensor_alloc(c->allocator, &out[i])))
      r = lt_emit_error(c->ctx, c->loc, "out of memory allocating result #%u",
                        i);
  }
  if (LT_SUCCEEDED(r)) r = row->eval(c, in, num_in, out, num_out);
  if (LT_FAILED(r))
    for (uint32_t i = 0; i < num_out; i++) lt_lite_tensor_free(c->allocator, &out[i]);
  if (sin != small_in) lt_free(c->allocator, sin, num_in * sizeof *sin);
  if (sout != small_out) lt_free(c->allocator, sout, num_out * sizeof *sout);
  return r;
}

lt_result_t lt_lite_workspace_alloc(const lt_lite_call_t *c, const lk_plan_t *p,
                                    lk_workspace_t *out) {
  *out = (lk_workspace_t){NULL, p->workspace_size};
  if (!p->workspace_size) return LT_SUCCESS;
  out->data = lt_alloc(c->allocator, p->workspace_size);
  if (out->data) return LT_SUCCESS;
  out->size = 0;
  return lt_lite_error(c,
                       "out of memory for the kernel's workspace of %zu "
                       "bytes",
                       p->workspace_size);
}

void lt_lite_workspace_free(const lt_lite_call_t *c, lk_workspace_t *ws) {
  if (ws->data) lt_free(c->allocator, ws->data, ws->size);
  *ws = (lk_workspace_t){NULL, 0};
}

lt_result_t lt_lite_eval(lt_op_t *op, lt_allocator_t allocator,
                         const lk_tensor_t *in, lk_tensor_t *out) {
  int id = lt_lite_op_id(op);
  if (id < 0)
    return lt_op_emit_error(op, "cannot be evaluated: not a lite op");
  lt_lite_call_t c = {lt_op_context(op), op->loc, (lt_lite_op_id_t)id,
                      op->attrs, allocator};
  lk_dtype_t declared[1] = {LK_DTYPE_NONE};
  if (id == LT_LITE_CALIB && op->num_results == 1)
    declared[0] = lt_lite_dtype(lt_type_element(lt_op_result(op, 0)->type));
  return eval_call(&c, in, op->num_operands, out, op->num_results, declared);
}

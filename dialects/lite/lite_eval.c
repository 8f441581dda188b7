/* lite_eval.c - the evaluator: the op's plan step once over the concrete
 * operands, the results and the workspace it sizes, then the op's
 * reference kernel through the call-record ABI (lite_impl.h). */
#include <string.h>

#include "dialects/lite/lite_internal.h"
#include "ir/diagnostics.h"

/* Allocates result #i of shape s in dtype. A result of unknown dims, which
 * a step given every operand's contents does not leave, stays without
 * data: its kernel refuses it. */
static lt_result_t alloc_result(const lt_lite_call_t *c, uint32_t i,
                                const lt_lite_shape_t *s, lk_dtype_t dtype,
                                lk_tensor_t *out) {
  memset(out, 0, sizeof *out);
  out->dtype = dtype;
  out->rank = s->rank;
  if (dtype == LK_DTYPE_NONE) return LT_SUCCESS;
  bool known = s->rank >= 0;
  for (int32_t d = 0; d < s->rank; d++) {
    out->dims[d] = s->dims[d];
    known = known && s->dims[d] >= 0;
  }
  if (!known) return LT_SUCCESS;
  /* Shapes come from untrusted models: a byte size that overflows is an
   * error, not a wrapped allocation. */
  uint64_t bytes = lk_dtype_size(out->dtype);
  for (int32_t d = 0; d < out->rank; d++)
    if (__builtin_mul_overflow(bytes, (uint64_t)out->dims[d], &bytes) ||
        bytes > ((uint64_t)1 << 48))
      return lt_emit_error(c->ctx, c->loc,
                           "result #%u is too large to allocate", i);
  if (LT_FAILED(lt_lite_tensor_alloc(c->allocator, out)))
    return lt_emit_error(c->ctx, c->loc, "out of memory allocating result #%u",
                         i);
  return LT_SUCCESS;
}

/* The element type result #i declares, for a result whose type only the
 * declaration decides (the step left it LK_DTYPE_NONE: calib). */
static lk_dtype_t declared_dtype(lt_op_t *op, uint32_t i) {
  const lt_type_t *t = lt_op_result(op, i)->type;
  return t->kind == LT_TYPE_TENSOR || t->kind == LT_TYPE_UNRANKED_TENSOR
             ? lt_lite_dtype(t->shaped.element)
             : LK_DTYPE_NONE;
}

/* Calls the op's kernel on in -> out with the step's block and p's
 * workspace; reports a failed call with its status's message. */
static lt_result_t call_kernel(const lt_lite_call_t *c, const lk_plan_t *p,
                               const void *params, const lk_tensor_t *in,
                               uint32_t num_in, lk_tensor_t *out,
                               uint32_t num_out, lk_view_t *views) {
  for (uint32_t i = 0; i < num_in; i++)
    lk_view_from_tensor(&views[i], &in[i]);
  for (uint32_t i = 0; i < num_out; i++)
    lk_view_from_tensor(&views[num_in + i], &out[i]);
  const lt_lite_op_impl_t *impl = lt_lite_op_impl(c->id);
  lk_call_t call = {.inputs = views,
                    .num_inputs = num_in,
                    .outputs = views + num_in,
                    .num_outputs = num_out,
                    .params = params,
                    .params_size = impl->step->params_size,
                    .workspace_size = p->workspace_size};
  if (call.workspace_size) {
    call.workspace = lt_alloc(c->allocator, call.workspace_size);
    if (!call.workspace)
      return lt_lite_error(c,
                           "out of memory for the kernel's workspace of %zu "
                           "bytes",
                           call.workspace_size);
  }
  lt_status_t st = lk_kernel_call(impl->kernel, &call);
  if (call.workspace)
    lt_free(c->allocator, call.workspace, call.workspace_size);
  if (!st) return LT_SUCCESS;
  lt_lite_error(c, "%s", lt_status_message(st));
  lt_status_free(st);
  return LT_FAILURE;
}

/* Every op but lite.constant and lite.none. */
static lt_result_t eval_kernel(const lt_lite_call_t *c, lt_op_t *op,
                               const lk_tensor_t *in, uint32_t num_in,
                               lk_tensor_t *out, uint32_t num_out) {
  uint32_t n = num_in + num_out;
  lt_lite_shape_t *shapes = lt_calloc(c->allocator, n * sizeof *shapes);
  lk_view_t *views = lt_calloc(c->allocator, n * sizeof *views);
  lt_result_t r = LT_SUCCESS;
  void *params = NULL;
  if (!shapes || !views) r = lt_emit_error(c->ctx, c->loc, "out of memory");
  lk_plan_t p;
  if (LT_SUCCEEDED(r)) {
    lk_shapes_of(in, num_in, shapes);
    r = lt_lite_plan_op(c, shapes, num_in, shapes + num_in, num_out, &p,
                        &params);
  }
  for (uint32_t i = 0; i < num_out && LT_SUCCEEDED(r); i++) {
    const lt_lite_shape_t *s = &shapes[num_in + i];
    lk_dtype_t dtype = s->dtype;
    if (dtype == LK_DTYPE_NONE) dtype = declared_dtype(op, i);
    if (dtype == LK_DTYPE_NONE && num_in) dtype = in[0].dtype;
    r = alloc_result(c, i, s, dtype, &out[i]);
  }
  if (LT_SUCCEEDED(r))
    r = call_kernel(c, &p, params, in, num_in, out, num_out, views);
  if (LT_FAILED(r))
    for (uint32_t i = 0; i < num_out; i++)
      lt_lite_tensor_free(c->allocator, &out[i]);
  lt_lite_params_free(c, params);
  lt_free(c->allocator, shapes, n * sizeof *shapes);
  lt_free(c->allocator, views, n * sizeof *views);
  return r;
}

/* lite.constant: a copy of its value. */
static lt_result_t eval_constant(const lt_lite_call_t *c, lk_tensor_t *out) {
  lt_lite_shape_t s;
  memset(&s, 0, sizeof s);
  if (LT_FAILED(lt_lite_shape(c, NULL, 0, &s, 1)) ||
      LT_FAILED(alloc_result(c, 0, &s, s.dtype, &out[0])))
    return LT_FAILURE;
  lk_tensor_t view;
  bool owned;
  if (LT_FAILED(lt_lite_attr_tensor(c->ctx, c->loc, lt_lite_attr(c, "value"),
                                    c->allocator, &view, &owned))) {
    lt_lite_tensor_free(c->allocator, &out[0]);
    return LT_FAILURE;
  }
  memcpy(out[0].data, view.data, lk_nbytes(&view));
  if (owned) lt_lite_tensor_free(c->allocator, &view);
  return LT_SUCCESS;
}

lt_result_t lt_lite_eval(lt_op_t *op, lt_allocator_t allocator,
                         const lk_tensor_t *in, lk_tensor_t *out) {
  int id = lt_lite_op_id(op);
  if (id < 0) return lt_op_emit_error(op, "cannot be evaluated: not a lite op");
  lt_lite_call_t c = {lt_op_context(op), op->loc, (lt_lite_op_id_t)id,
                      op->attrs, allocator};
  memset(out, 0, op->num_results * sizeof *out);
  if (id == LT_LITE_CONSTANT) return eval_constant(&c, out);
  if (id == LT_LITE_NONE) {
    out[0].dtype = LK_DTYPE_NONE;
    out[0].rank = -1;
    return LT_SUCCESS;
  }
  if (id == LT_LITE_DISPATCH)
    return lt_op_emit_error(op, "cannot be evaluated: it runs generated code; "
                                "the reference interpreter evaluates the "
                                "graph before --lite-lower-to-loops");
  return eval_kernel(&c, op, in, op->num_operands, out, op->num_results);
}

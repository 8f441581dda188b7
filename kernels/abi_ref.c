/* abi_ref.c - the reference kernels behind the call-record ABI, and the
 * layout kernel (lite.layout as data movement). conv and pool take their
 * scratch from the call's workspace (kernels/ref/workspace.h). */
#include "kernels/abi_ref.h"

#include <string.h>

#include "kernels/ref/conv.h"
#include "kernels/ref/pool.h"

static lt_status_t bad(const char *kernel, const char *what) {
  return lt_status_make(LT_STATUS_INVALID_ARGUMENT, "%s: %s", kernel, what);
}

lt_status_t lk_ref_call_tensors(const char *kernel, const lk_call_t *call,
                                uint32_t min_in, uint32_t max_in,
                                uint32_t min_out, uint32_t max_out,
                                size_t params_size, lk_tensor_t *in,
                                lk_tensor_t *out) {
  if (call->num_inputs < min_in || call->num_inputs > max_in)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: expected %u to %u inputs, got %u", kernel,
                          min_in, max_in, call->num_inputs);
  if (call->num_outputs < min_out || call->num_outputs > max_out)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: expected %u to %u outputs, got %u", kernel,
                          min_out, max_out, call->num_outputs);
  if (params_size && (!call->params || call->params_size != params_size))
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: expected a %zu-byte parameter block, got %zu",
                          kernel, params_size, call->params_size);
  uint32_t n_in = max_in < LK_CALL_MAX_OPERANDS ? max_in : call->num_inputs;
  for (uint32_t i = 0; i < n_in; i++) {
    if (i >= call->num_inputs) {
      memset(&in[i], 0, sizeof in[i]);
      in[i].dtype = LK_DTYPE_NONE;
      in[i].rank = -1;
    } else if (!lk_view_to_tensor(&call->inputs[i], &in[i])) {
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "%s: input #%u is not a dense nchw view", kernel,
                            i);
    }
  }
  for (uint32_t i = 0; i < call->num_outputs; i++)
    if (!lk_view_to_tensor(&call->outputs[i], &out[i]) ||
        out[i].dtype == LK_DTYPE_NONE)
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "%s: output #%u is not a dense nchw view", kernel,
                            i);
  return LT_OK;
}

lt_status_t lk_ref_require_f32(const char *kernel, const lk_tensor_t *t) {
  return t->dtype == LK_F32 ? LT_OK
                            : bad(kernel, "the f32 kernel takes f32 tensors only");
}

lt_status_t lk_ref_workspace(const char *kernel, const lk_call_t *call,
                             size_t need, lk_workspace_t *out) {
  size_t got = call->workspace ? call->workspace_size : 0;
  if (got < need)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: workspace of %zu bytes, needs %zu", kernel, got,
                          need);
  *out = (lk_workspace_t){call->workspace, got};
  return LT_OK;
}

lt_status_t lk_ref_refused(const char *kernel) {
  return bad(kernel, "the operands are not the shapes the parameters were "
                     "planned for");
}

static lt_status_t conv(const char *kernel, const lk_call_t *call,
                        bool f32_only, bool transpose) {
  lk_tensor_t in[4], y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(
      kernel, call, 2, 4, 1, 1, sizeof(lk_conv_params_t), in, &y));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &in[0]));
  lk_conv_params_t p = *(const lk_conv_params_t *)call->params;
  p.residual = in[3].dtype == LK_DTYPE_NONE ? NULL : &in[3];
  lk_workspace_t ws;
  LT_RETURN_IF_ERROR(lk_ref_workspace(
      kernel, call,
      transpose
          ? lk_ref_conv2d_transpose_workspace(&p, &in[0], &in[1], &in[2], &y)
          : lk_ref_conv2d_workspace(&p, &in[0], &in[1], &in[2], &y),
      &ws));
  bool ok = transpose
                ? lk_ref_conv2d_transpose(&p, &in[0], &in[1], &in[2], &y, ws)
                : lk_ref_conv2d(&p, &in[0], &in[1], &in[2], &y, ws);
  return ok ? LT_OK : lk_ref_refused(kernel);
}

lt_status_t lk_ref_conv2d__f32_nchw(const lk_call_t *call) {
  return conv("ref_conv2d__f32_nchw", call, true, false);
}
lt_status_t lk_ref_conv2d__any_nchw(const lk_call_t *call) {
  return conv("ref_conv2d__any_nchw", call, false, false);
}
lt_status_t lk_ref_conv2d_transpose__f32_nchw(const lk_call_t *call) {
  return conv("ref_conv2d_transpose__f32_nchw", call, true, true);
}
lt_status_t lk_ref_conv2d_transpose__any_nchw(const lk_call_t *call) {
  return conv("ref_conv2d_transpose__any_nchw", call, false, true);
}

static lt_status_t pool(const char *kernel, const lk_call_t *call,
                        bool f32_only) {
  lk_tensor_t x, y;
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(
      kernel, call, 1, 1, 1, 1, sizeof(lk_pool_params_t), &x, &y));
  if (f32_only) LT_RETURN_IF_ERROR(lk_ref_require_f32(kernel, &x));
  lk_workspace_t ws;
  LT_RETURN_IF_ERROR(
      lk_ref_workspace(kernel, call, lk_ref_pool2d_workspace(&x, &y), &ws));
  return lk_ref_pool2d(call->params, &x, &y, ws) ? LT_OK
                                                 : lk_ref_refused(kernel);
}

lt_status_t lk_ref_pool2d__f32_nchw(const lk_call_t *call) {
  return pool("ref_pool2d__f32_nchw", call, true);
}
lt_status_t lk_ref_pool2d__any_nchw(const lk_call_t *call) {
  return pool("ref_pool2d__any_nchw", call, false);
}

/* ---- layout ----------------------------------------------------------------
 * Item i of the parallel-for is one (n, stored channel) plane: every
 * spatial position is copied, or zeroed for a channel past C. */
typedef struct layout_task {
  const lk_view_t *src, *dst;
  int64_t stored_c, plane; /* channels of dst; elements per plane */
  size_t es;
  /* both views step through a plane by one stride (every layout the
   * views describe, dense): its element steps in bytes, else 0 */
  int64_t src_step, dst_step;
} layout_task_t;

/* The byte step of v's spatial positions when the plane is one strided
 * run (strides[k] = dims[k + 1] strides[k + 1] for k >= 2), else 0. */
static int64_t plane_step(const lk_view_t *v) {
  for (int32_t k = 2; k + 1 < v->rank; k++)
    if (v->strides[k] != v->dims[k + 1] * v->strides[k + 1]) return 0;
  return v->rank > 2 ? v->strides[v->rank - 1] : 1;
}

/* A view's walk along the channels of one image: the byte offset of
 * element (n, c, 0, ...), kept as c steps without a division a plane. */
typedef struct plane_walk {
  const lk_view_t *v;
  int64_t block, lane, off; /* lane: c % block */
} plane_walk_t;

static plane_walk_t plane_walk(const lk_view_t *v, int64_t n, int64_t c) {
  plane_walk_t p = {v, lk_layout_channel_block(v->layout), 0, 0};
  if (p.block < 1) p.block = 1;
  p.lane = c % p.block;
  p.off = n * v->strides[0] + c / p.block * v->strides[1] +
          (p.block > 1 ? p.lane * v->block_stride : 0);
  return p;
}

static void plane_next(plane_walk_t *p) {
  if (p->block == 1) {
    p->off += p->v->strides[1];
  } else if (++p->lane == p->block) {
    p->lane = 0;
    p->off += p->v->strides[1] - (p->block - 1) * p->v->block_stride;
  } else {
    p->off += p->v->block_stride;
  }
}

/* Items begin..end when both views step through a plane by one stride. */
static void layout_strided(const layout_task_t *t, size_t begin, size_t end) {
  const lk_view_t *s = t->src, *d = t->dst;
  int64_t n = (int64_t)begin / t->stored_c, c = (int64_t)begin % t->stored_c;
  plane_walk_t sw = plane_walk(s, n, c), dw = plane_walk(d, n, c);
  for (size_t item = begin; item < end; item++) {
    char *to = (char *)d->data + dw.off;
    if (c >= d->dims[1]) { /* a padded plane */
      const float zero = 0.0f;
      if (t->es == 4)
        for (int64_t e = 0; e < t->plane; e++)
          memcpy(to + e * t->dst_step, &zero, 4);
      else
        for (int64_t e = 0; e < t->plane; e++)
          memset(to + e * t->dst_step, 0, t->es);
    } else {
      const char *from = (const char *)s->data + sw.off;
      if (t->es == 4)
        for (int64_t e = 0; e < t->plane; e++)
          memcpy(to + e * t->dst_step, from + e * t->src_step, 4);
      else
        for (int64_t e = 0; e < t->plane; e++)
          memcpy(to + e * t->dst_step, from + e * t->src_step, t->es);
    }
    if (++c == t->stored_c) {
      c = 0;
      n++;
      sw = plane_walk(s, n, 0);
      dw = plane_walk(d, n, 0);
    } else {
      plane_next(&sw);
      plane_next(&dw);
    }
  }
}

static void layout_range(void *ctx, size_t begin, size_t end, uint32_t w) {
  (void)w;
  const layout_task_t *t = ctx;
  const lk_view_t *s = t->src, *d = t->dst;
  if (t->src_step && t->dst_step) {
    layout_strided(t, begin, end);
    return;
  }
  int64_t idx[LK_MAX_RANK] = {0};
  for (size_t item = begin; item < end; item++) {
    idx[0] = (int64_t)item / t->stored_c;
    idx[1] = (int64_t)item % t->stored_c;
    bool pad = idx[1] >= d->dims[1];
    for (int64_t e = 0; e < t->plane; e++) {
      int64_t rest = e;
      for (int32_t k = d->rank - 1; k >= 2; k--) {
        idx[k] = rest % d->dims[k];
        rest /= d->dims[k];
      }
      char *to = (char *)d->data + lk_view_offset(d, idx);
      if (pad)
        memset(to, 0, t->es);
      else
        memcpy(to, (const char *)s->data + lk_view_offset(s, idx), t->es);
    }
  }
}

static lt_status_t layout(const char *kernel, const lk_call_t *call,
                          bool f32_only) {
  if (call->num_inputs != 1 || call->num_outputs != 1)
    return bad(kernel, "expected 1 input and 1 output");
  const lk_view_t *s = &call->inputs[0], *d = &call->outputs[0];
  if (s->dtype != d->dtype || s->rank != d->rank ||
      (unsigned)s->dtype >= LK_NUM_DTYPES)
    return bad(kernel, "input and output differ in dtype or rank");
  if (f32_only && s->dtype != LK_F32)
    return bad(kernel, "the f32 kernel takes f32 tensors only");
  if (s->packed_by || d->packed_by)
    return bad(kernel, "packed views are their kernel's to read");
  if (s->rank < 2)
    return bad(kernel, "expected rank >= 2 (N, C, ...)");
  for (int32_t i = 0; i < s->rank; i++)
    if (s->dims[i] != d->dims[i])
      return bad(kernel, "input and output differ in shape");
  if ((s->nbytes && !s->data) || (d->nbytes && !d->data) ||
      !lk_view_in_bounds(s) || !lk_view_in_bounds(d))
    return bad(kernel, "a view's strides reach past its buffer");
  layout_task_t t = {s, d, lk_view_stored_channels(d), 1,
                     lk_dtype_size(s->dtype), plane_step(s), plane_step(d)};
  for (int32_t k = 2; k < d->rank; k++) t.plane *= d->dims[k];
  lk_parallel_for(lk_call_parallel(call), (size_t)(d->dims[0] * t.stored_c), 1,
                  layout_range, &t);
  return LT_OK;
}

lt_status_t lk_ref_layout__f32_nchw(const lk_call_t *call) {
  return layout("ref_layout__f32_nchw", call, true);
}
lt_status_t lk_ref_layout__any_nchw(const lk_call_t *call) {
  return layout("ref_layout__any_nchw", call, false);
}

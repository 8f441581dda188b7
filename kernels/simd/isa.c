/* isa.c - which instruction set a call's CPU offers the SIMD kernels, the
 * views they take, and their aligned workspace. */
#include "kernels/simd/simd.h"

#include <string.h>

#include "kernels/cpu.h"
#include "kernels/ref/conv.h"
#include "kernels/simd/epilogue.h"

const lk_simd_epilogue_row_fn lk_simd_epilogue_rows[LK_SIMD_NUM_ISAS] =
    LK_SIMD_BY_ISA(lk_f32_epilogue_row);

lk_simd_isa_t lk_simd_isa_of(const lk_cpu_info_t *cpu) {
#if defined(LK_SIMD_ARCH_X86)
  if (!lk_cpu_has(cpu, LK_CPU_AVX2) || !lk_cpu_has(cpu, LK_CPU_FMA))
    return LK_SIMD_ISA_NONE;
  return lk_cpu_has(cpu, LK_CPU_AVX512F) ? LK_SIMD_ISA_AVX512 : LK_SIMD_ISA_AVX2;
#elif defined(LK_SIMD_ARCH_ARM)
  return lk_cpu_has(cpu, LK_CPU_NEON) ? LK_SIMD_ISA_NEON : LK_SIMD_ISA_NONE;
#else
  (void)cpu;
  return LK_SIMD_ISA_NONE;
#endif
}

lk_simd_isa_t lk_simd_call_isa(const lk_call_t *call) {
  return lk_simd_isa_of(call->target ? call->target->cpu : NULL);
}

bool lk_simd_views_dense(const lk_call_t *call) {
  lk_tensor_t t;
  for (uint32_t i = 0; i < call->num_inputs; i++)
    if (call->inputs[i].dtype != LK_DTYPE_NONE &&
        !lk_view_to_tensor(&call->inputs[i], &t))
      return false;
  for (uint32_t i = 0; i < call->num_outputs; i++)
    if (!lk_view_to_tensor(&call->outputs[i], &t)) return false;
  return true;
}

lt_status_t lk_simd_blocked_isa(const char *kernel, const lk_call_t *call,
                               lk_simd_isa_t *out_isa) {
  *out_isa = lk_simd_call_isa(call);
  if (*out_isa != LK_SIMD_ISA_NONE) return LT_OK;
  return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                        "%s: this CPU has no AVX2 + FMA (the kernel's "
                        "baseline); compile the model without nchw16c",
                        kernel);
}

bool lk_simd_view_nchw16c(const lk_view_t *v) {
  lk_view_t d;
  return v->rank == 4 && v->dtype == LK_F32 && v->layout == LK_LAYOUT_NCHW16C &&
         v->data && !v->packed_by &&
         lk_view_dense(&d, LK_F32, 4, v->dims, LK_LAYOUT_NCHW16C, v->data) &&
         !memcmp(d.strides, v->strides, sizeof d.strides) &&
         d.block_stride == v->block_stride;
}

bool lk_simd_conv2d_views(const lk_call_t *call) {
  if (call->num_inputs < 2 || call->num_inputs > 4 || call->num_outputs != 1 ||
      call->params_size != sizeof(lk_conv_params_t))
    return false;
  const lk_conv_params_t *p = call->params;
  const lk_view_t *x = &call->inputs[0], *w = &call->inputs[1],
                  *y = &call->outputs[0];
  if (p->spatial != 2 || x->rank != 4 || w->rank != 4 || y->rank != 4 ||
      x->dtype != LK_F32 || w->dtype != LK_F32 || y->dtype != LK_F32 ||
      p->group < 1)
    return false;
  for (int i = 0; i < 4; i++) /* unknown until planned: no workspace yet */
    if (x->dims[i] < 0 || y->dims[i] < 0 || w->dims[i] < 0) return false;
  for (uint32_t i = 2; i < call->num_inputs; i++) {
    const lk_view_t *v = &call->inputs[i];
    if (v->dtype == LK_DTYPE_NONE) continue;
    if (v->dtype != LK_F32) return false;
    if (i == 2 && (v->rank != 1 || v->dims[0] != y->dims[1])) return false;
    if (i == 3 &&
        (v->rank != 4 || memcmp(v->dims, y->dims, 4 * sizeof(int64_t))))
      return false;
  }
  return true;
}

size_t lk_simd_workspace_bytes(size_t floats) {
  return floats * sizeof(float) + 64;
}

lt_status_t lk_simd_workspace(const char *kernel, const lk_call_t *call,
                             size_t floats, float **out) {
  size_t need = lk_simd_workspace_bytes(floats);
  if (!call->workspace || call->workspace_size < need)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: workspace of %zu bytes, needs %zu", kernel,
                          call->workspace ? call->workspace_size : 0, need);
  *out = (float *)(((uintptr_t)call->workspace + 63) & ~(uintptr_t)63);
  return LT_OK;
}

const char *lk_simd_isa_name(lk_simd_isa_t isa) {
  static const char *const names[LK_SIMD_NUM_ISAS + 1] = {
#define X(e, s, a) #s,
      LK_SIMD_ISAS(X, _)
#undef X
  };
  return isa >= 0 && isa < LK_SIMD_NUM_ISAS ? names[isa] : "none";
}

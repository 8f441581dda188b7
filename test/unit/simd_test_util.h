/* simd_test_util.h - what the tests of kernels/simd share: pseudo-random
 * floats, a parallel-for that runs its range as three pieces, last first,
 * as different workers (a kernel must not depend on the order or the
 * split), and the CPU infos of every instruction set this machine runs:
 * on x86 the AVX2 baseline (AVX-512F cleared) and, where the CPU has it,
 * AVX-512F, on arm NEON; and copies of nchw tensors into nchw16c and back. */
#ifndef LITE_TEST_UNIT_SIMD_TEST_UTIL_H
#define LITE_TEST_UNIT_SIMD_TEST_UTIL_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "kernels/cpu.h"
#include "kernels/registry.h"
#include "test/unit/check.h"
#include "kernels/parallel.h"
#include "kernels/simd/simd.h"

static uint32_t g_xt_seed = 12345;

/* A float in [lo, hi). */
static inline float xt_rnd(float lo, float hi) {
  g_xt_seed = g_xt_seed * 1664525u + 1013904223u;
  return lo + (hi - lo) * (float)(g_xt_seed >> 8) / (float)(1u << 24);
}

static inline void xt_split3_for(void *self, size_t n, size_t grain,
                                 lk_task_fn task, void *ctx) {
  (void)self;
  (void)grain;
  size_t a = n / 3, b = 2 * n / 3;
  task(ctx, b, n, 2);
  task(ctx, a, b, 1);
  task(ctx, 0, a, 0);
}
static const lk_parallel_t k_xt_split3 = {NULL, 3, xt_split3_for};

/* The CPU infos to test on, into out[0..2): how many (0 without the
 * baseline set: AVX2 + FMA on x86, NEON on arm). */
static inline int xt_cpus(lk_cpu_info_t out[2]) {
  lk_cpu_info_t cpu;
  lk_cpu_detect(&cpu);
  if (lk_simd_isa_of(&cpu) == LK_SIMD_ISA_NONE) return 0;
  out[0] = cpu;
#if defined(LK_SIMD_ARCH_X86)
  out[0].features &= ~((uint64_t)1 << LK_CPU_AVX512F);
  if (lk_simd_isa_of(&cpu) != LK_SIMD_ISA_AVX512) return 1;
  out[1] = cpu;
  return 2;
#else
  return 1;
#endif
}

/* Runs call through kernel, or through the reference function ref when
 * kernel is NULL: with a workspace of ref_ws bytes, or the kernel's own
 * size when larger, plus extra (which may be negative; 0 at least), and
 * with the kernel's pack function run over the call's operands first when
 * pack is set (and the kernel has one). */
static inline lt_status_t xt_call(const lk_kernel_t *kernel, lk_kernel_fn ref,
                                  lk_call_t *call, size_t ref_ws, long extra,
                                  bool pack) {
  size_t ws = ref_ws;
  if (kernel && kernel->workspace) {
    size_t k = kernel->workspace(call);
    ws = k > ws ? k : ws;
  }
  ws = (long)ws + extra > 0 ? (size_t)((long)ws + extra) : 0;
  call->workspace = malloc(ws + 1);
  call->workspace_size = ws;
  void *pk = NULL;
  if (kernel && pack && kernel->pack) {
    size_t size = 0;
    CHECK(kernel->pack(call->params, call->inputs, call->num_inputs, NULL,
                       &size) == LT_OK && size > 0);
    pk = malloc(size);
    CHECK(kernel->pack(call->params, call->inputs, call->num_inputs, pk,
                       &size) == LT_OK);
    call->packed = pk;
    call->packed_size = size;
  }
  lt_status_t st = kernel ? lk_kernel_call(kernel, call) : ref(call);
  free(call->workspace);
  free(pk);
  call->workspace = NULL;
  call->packed = NULL;
  call->workspace_size = call->packed_size = 0;
  return st;
}

/* The nchw16c copy of t [d] (malloc'd; the padded lanes NaN, which a
 * kernel must never let reach a result), and back. */
static inline float *xt_to_blocked(const float *t, const int64_t d[4]) {
  int64_t cb = (d[1] + 15) / 16, hw = d[2] * d[3];
  float *b = malloc((size_t)(d[0] * cb * 16 * hw) * sizeof(float));
  for (int64_t i = 0; i < d[0] * cb * 16 * hw; i++) b[i] = NAN;
  for (int64_t n = 0; n < d[0]; n++)
    for (int64_t c = 0; c < d[1]; c++)
      for (int64_t p = 0; p < hw; p++)
        b[((n * cb + c / 16) * hw + p) * 16 + c % 16] =
            t[(n * d[1] + c) * hw + p];
  return b;
}
static inline void xt_from_blocked(const float *b, const int64_t d[4], float *t) {
  int64_t cb = (d[1] + 15) / 16, hw = d[2] * d[3];
  for (int64_t n = 0; n < d[0]; n++)
    for (int64_t c = 0; c < d[1]; c++)
      for (int64_t p = 0; p < hw; p++)
        t[(n * d[1] + c) * hw + p] = b[((n * cb + c / 16) * hw + p) * 16 + c % 16];
}

#endif /* LITE_TEST_UNIT_SIMD_TEST_UTIL_H */

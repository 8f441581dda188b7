/* cpu.h - what the CPU offers kernels: instruction set features and cache
 * sizes, detected once by whoever builds a target context (the runtime
 * keeps one lk_cpu_info_t per process and hands it to every call).
 *
 * Detection reads cpuid (x86, with the OS's xgetbv check) or the auxiliary
 * vector (aarch64), and the caches from sysfs (sysconf as fallback). */
#ifndef LITE_KERNELS_CPU_H
#define LITE_KERNELS_CPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* X(ENUM, spelling, Linux /proc/cpuinfo flag) */
#define LK_CPU_FEATURES(X)                                                     \
  X(AVX2, "avx2", "avx2")                                                      \
  X(FMA, "fma", "fma")                                                         \
  X(AVX512F, "avx512f", "avx512f")                                             \
  X(AVX512BW, "avx512bw", "avx512bw")                                          \
  X(AVX512VNNI, "avx512vnni", "avx512_vnni")                                   \
  X(AVX512BF16, "avx512bf16", "avx512_bf16")                                   \
  X(NEON, "neon", "asimd")                                                     \
  X(DOTPROD, "dotprod", "asimddp")

typedef enum lk_cpu_feature {
#define X(e, s, flag) LK_CPU_##e,
  LK_CPU_FEATURES(X)
#undef X
      LK_NUM_CPU_FEATURES
} lk_cpu_feature_t;

typedef struct lk_cpu_info {
  uint64_t features; /* bit f set: feature f usable (CPU and OS) */
  /* Bytes per core's L1 data and L2 cache, and of the L3; 0 when unknown. */
  size_t l1d, l2, l3;
} lk_cpu_info_t;

/* Detects this machine's features and caches into *out. */
void lk_cpu_detect(lk_cpu_info_t *out);
/* Whether info has feature f. */
static inline bool lk_cpu_has(const lk_cpu_info_t *info, lk_cpu_feature_t f) {
  return info && (unsigned)f < LK_NUM_CPU_FEATURES &&
         (info->features >> f & 1u);
}
/* The feature's spelling ("avx512vnni"); "?" when out of range. */
const char *lk_cpu_feature_name(lk_cpu_feature_t f);
/* The flag Linux lists for it in /proc/cpuinfo ("avx512_vnni"). */
const char *lk_cpu_feature_proc_flag(lk_cpu_feature_t f);

#endif /* LITE_KERNELS_CPU_H */

/* cpu.c - CPU feature and cache detection. cpuid and the auxiliary vector
 * rather than a library: they are all the kernels need, and the kernel
 * layer stays free of link dependencies. */
#include "kernels/cpu.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#elif defined(__aarch64__) && defined(__linux__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

static const char *const kNames[] = {
#define X(e, s, flag) s,
    LK_CPU_FEATURES(X)
#undef X
};
static const char *const kFlags[] = {
#define X(e, s, flag) flag,
    LK_CPU_FEATURES(X)
#undef X
};

const char *lk_cpu_feature_name(lk_cpu_feature_t f) {
  return (unsigned)f < LK_NUM_CPU_FEATURES ? kNames[f] : "?";
}
const char *lk_cpu_feature_proc_flag(lk_cpu_feature_t f) {
  return (unsigned)f < LK_NUM_CPU_FEATURES ? kFlags[f] : "?";
}

#define BIT(f) ((uint64_t)1 << (f))

#if defined(__x86_64__) || defined(__i386__)
static uint64_t xgetbv0(void) {
  uint32_t lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (uint64_t)hi << 32 | lo;
}

static uint64_t detect_features(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  /* A feature counts only when the OS saves its registers: YMM state
   * (XCR0 bits 1-2) for AVX, opmask and ZMM state (bits 5-7) too for
   * AVX-512. */
  bool osxsave = c >> 27 & 1;
  uint64_t xcr0 = osxsave ? xgetbv0() : 0;
  bool ymm = (xcr0 & 0x6) == 0x6, zmm = (xcr0 & 0xe6) == 0xe6;
  uint64_t f = 0;
  if (ymm && (c >> 12 & 1)) f |= BIT(LK_CPU_FMA);
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return f;
  unsigned max_sub = a;
  if (ymm && (b >> 5 & 1)) f |= BIT(LK_CPU_AVX2);
  if (zmm && (b >> 16 & 1)) f |= BIT(LK_CPU_AVX512F);
  if (zmm && (b >> 30 & 1)) f |= BIT(LK_CPU_AVX512BW);
  if (zmm && (c >> 11 & 1)) f |= BIT(LK_CPU_AVX512VNNI);
  if (max_sub >= 1 && __get_cpuid_count(7, 1, &a, &b, &c, &d) && zmm &&
      (a >> 5 & 1))
    f |= BIT(LK_CPU_AVX512BF16);
  return f;
}
#elif defined(__aarch64__) && defined(__linux__)
static uint64_t detect_features(void) {
  unsigned long hw = getauxval(AT_HWCAP);
  uint64_t f = 0;
  if (hw & HWCAP_ASIMD) f |= BIT(LK_CPU_NEON);
#ifdef HWCAP_ASIMDDP
  if (hw & HWCAP_ASIMDDP) f |= BIT(LK_CPU_DOTPROD);
#endif
  return f;
}
#else
static uint64_t detect_features(void) { return 0; }
#endif

/* "48K" / "1024K" / "32M" as sysfs spells cache sizes. */
static size_t parse_size(const char *s) {
  unsigned long long v = 0;
  char unit = 0;
  if (sscanf(s, "%llu%c", &v, &unit) < 1) return 0;
  if (unit == 'K') v <<= 10;
  else if (unit == 'M') v <<= 20;
  return (size_t)v;
}

static bool read_line(const char *path, char *buf, size_t cap) {
  FILE *f = fopen(path, "r");
  if (!f) return false;
  bool ok = fgets(buf, (int)cap, f) != NULL;
  fclose(f);
  if (ok) buf[strcspn(buf, "\n")] = 0;
  return ok;
}

static void detect_caches(lk_cpu_info_t *out) {
  for (int i = 0; i < 8; i++) {
    char path[96], level[16], type[32], size[32];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
    if (!read_line(path, level, sizeof level)) break;
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
    if (!read_line(path, type, sizeof type)) continue;
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
    if (!read_line(path, size, sizeof size)) continue;
    if (strcmp(type, "Instruction") == 0) continue;
    size_t bytes = parse_size(size);
    if (strcmp(level, "1") == 0) out->l1d = bytes;
    else if (strcmp(level, "2") == 0) out->l2 = bytes;
    else if (strcmp(level, "3") == 0) out->l3 = bytes;
  }
#if defined(_SC_LEVEL1_DCACHE_SIZE)
  /* glibc answers from cpuid where sysfs is missing (some containers). */
  long v;
  if (!out->l1d && (v = sysconf(_SC_LEVEL1_DCACHE_SIZE)) > 0) out->l1d = (size_t)v;
  if (!out->l2 && (v = sysconf(_SC_LEVEL2_CACHE_SIZE)) > 0) out->l2 = (size_t)v;
  if (!out->l3 && (v = sysconf(_SC_LEVEL3_CACHE_SIZE)) > 0) out->l3 = (size_t)v;
#endif
}

void lk_cpu_detect(lk_cpu_info_t *out) {
  memset(out, 0, sizeof *out);
  out->features = detect_features();
  detect_caches(out);
}

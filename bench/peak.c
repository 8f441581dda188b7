/* peak.c - one core's (and N threads') f32 FMA peak, for bench/vs_peers:
 * 12 independent FMA chains per thread on the widest vectors the CPU has
 * (AVX-512F, else AVX2 + FMA), long enough to hide their latency.
 *
 *   cc -O2 -pthread bench/peak.c -o peak && ./peak [threads] [avx2]
 *
 * Prints `peak <isa> <threads> <GFLOP/s>` per thread count 1..threads: the
 * best of 5 timed runs of about 0.2 s each. `avx2` measures 256-bit FMAs
 * on an AVX-512 CPU too (some run them at half the 512-bit rate, some at
 * the same). */
#include <immintrin.h>
#include <pthread.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHAINS 12

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The chains as named variables, not an array: every one stays in a
 * register. */
#define FMA12(fma, b, c)                                                       \
  a0 = fma(a0, b, c); a1 = fma(a1, b, c); a2 = fma(a2, b, c);                  \
  a3 = fma(a3, b, c); a4 = fma(a4, b, c); a5 = fma(a5, b, c);                  \
  a6 = fma(a6, b, c); a7 = fma(a7, b, c); a8 = fma(a8, b, c);                  \
  a9 = fma(a9, b, c); a10 = fma(a10, b, c); a11 = fma(a11, b, c)

__attribute__((target("avx512f,fma"))) static float run512(long iters) {
  const __m512 b = _mm512_set1_ps(0.999999f), c = _mm512_set1_ps(1e-7f);
  __m512 a0 = _mm512_set1_ps(0), a1 = _mm512_set1_ps(1), a2 = _mm512_set1_ps(2),
         a3 = _mm512_set1_ps(3), a4 = _mm512_set1_ps(4), a5 = _mm512_set1_ps(5),
         a6 = _mm512_set1_ps(6), a7 = _mm512_set1_ps(7), a8 = _mm512_set1_ps(8),
         a9 = _mm512_set1_ps(9), a10 = _mm512_set1_ps(10),
         a11 = _mm512_set1_ps(11);
  for (long n = 0; n < iters; n++) {
    FMA12(_mm512_fmadd_ps, b, c);
  }
  __m512 s = _mm512_add_ps(
      _mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3)),
      _mm512_add_ps(_mm512_add_ps(a4, a5), _mm512_add_ps(a6, a7)));
  s = _mm512_add_ps(s, _mm512_add_ps(_mm512_add_ps(a8, a9),
                                     _mm512_add_ps(a10, a11)));
  return _mm512_reduce_add_ps(s);
}

__attribute__((target("avx2,fma"))) static float run256(long iters) {
  const __m256 b = _mm256_set1_ps(0.999999f), c = _mm256_set1_ps(1e-7f);
  __m256 a0 = _mm256_set1_ps(0), a1 = _mm256_set1_ps(1), a2 = _mm256_set1_ps(2),
         a3 = _mm256_set1_ps(3), a4 = _mm256_set1_ps(4), a5 = _mm256_set1_ps(5),
         a6 = _mm256_set1_ps(6), a7 = _mm256_set1_ps(7), a8 = _mm256_set1_ps(8),
         a9 = _mm256_set1_ps(9), a10 = _mm256_set1_ps(10),
         a11 = _mm256_set1_ps(11);
  for (long n = 0; n < iters; n++) {
    FMA12(_mm256_fmadd_ps, b, c);
  }
  __m256 s = _mm256_add_ps(
      _mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3)),
      _mm256_add_ps(_mm256_add_ps(a4, a5), _mm256_add_ps(a6, a7)));
  s = _mm256_add_ps(s, _mm256_add_ps(_mm256_add_ps(a8, a9),
                                     _mm256_add_ps(a10, a11)));
  float out[8];
  _mm256_storeu_ps(out, s);
  return out[0] + out[7];
}

static int g_lanes;
static long g_iters;
static volatile float g_sink;

static void *worker(void *arg) {
  (void)arg;
  g_sink = g_lanes == 16 ? run512(g_iters) : run256(g_iters);
  return NULL;
}

/* GFLOP/s of `threads` threads running g_iters each. */
static double measure(int threads) {
  pthread_t t[64];
  double t0 = now();
  for (int i = 1; i < threads; i++) pthread_create(&t[i], NULL, worker, NULL);
  worker(NULL);
  for (int i = 1; i < threads; i++) pthread_join(t[i], NULL);
  double s = now() - t0;
  return (double)threads * (double)g_iters * CHAINS * g_lanes * 2.0 / s * 1e-9;
}

int main(int argc, char **argv) {
  int max_threads = argc > 1 ? atoi(argv[1]) : 1;
  if (max_threads < 1 || max_threads > 64) max_threads = 1;
  __builtin_cpu_init();
  bool narrow = argc > 2 && !strcmp(argv[2], "avx2");
  if (!narrow && __builtin_cpu_supports("avx512f"))
    g_lanes = 16;
  else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    g_lanes = 8;
  else {
    fprintf(stderr, "peak: no AVX2 + FMA\n");
    return 1;
  }
  /* calibrate to about 0.2 s on one thread */
  g_iters = 1000000;
  for (;;) {
    double t0 = now();
    worker(NULL);
    double s = now() - t0;
    if (s > 0.05) {
      g_iters = (long)((double)g_iters * 0.2 / s);
      break;
    }
    g_iters *= 4;
  }
  for (int th = 1; th <= max_threads; th++) {
    double best = 0;
    for (int r = 0; r < 5; r++) {
      double g = measure(th);
      if (g > best) best = g;
    }
    printf("peak %s %d %.1f\n", g_lanes == 16 ? "avx512f" : "avx2", th, best);
  }
  return 0;
}

/* onednn_conv.h - the per-kernel peer of bench/x86_kernels.c: one
 * convolution layer (batch 1, bias and relu fused as post-op) through
 * oneDNN 2.x with every layout left to it (format `any`: its blocked
 * ones), timed as lite's kernels are. Built where CMake finds oneDNN
 * (Debian's libdnnl-dev), which sets LITE_BENCH_WITH_ONEDNN. */
#ifndef LITE_BENCH_ONEDNN_CONV_H
#define LITE_BENCH_ONEDNN_CONV_H

#include <stddef.h>
#include <stdint.h>

typedef struct bench_conv_shape {
  int64_t c, h, w, m, k, s, pad; /* x [1, c, h, w], w [m, c / group, k, k] */
  int64_t group;                 /* 1, or c (depthwise) */
} bench_conv_shape_t;

/* The median ms of `runs` executions after 3 warm-up ones on `threads`
 * OpenMP threads; impl (size bytes) gets oneDNN's implementation name.
 * Negative when oneDNN cannot make the primitive (impl says why). */
double bench_onednn_conv(const bench_conv_shape_t *l, int threads, int runs,
                         char *impl, size_t size);

#endif /* LITE_BENCH_ONEDNN_CONV_H */

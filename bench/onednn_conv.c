/* onednn_conv.c - one convolution layer through oneDNN 2.x
 * (onednn_conv.h): the primitive made once with every layout `any` (so
 * the weights sit in oneDNN's blocked form, as lite's sit packed), its
 * memories filled with small values, then timed per execution. */
#include "bench/onednn_conv.h"

#include <oneapi/dnnl/dnnl.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_d(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* A memory of md, its floats in [-0.5, 0.5) (no denormals to slow it). */
static dnnl_memory_t memory_of(const dnnl_memory_desc_t *md,
                               dnnl_engine_t engine) {
  dnnl_memory_t m = NULL;
  if (dnnl_memory_create(&m, md, engine, DNNL_MEMORY_ALLOCATE) != dnnl_success)
    return NULL;
  void *p = NULL;
  dnnl_memory_get_data_handle(m, &p);
  size_t n = dnnl_memory_desc_get_size(md) / sizeof(float);
  uint32_t s = 11;
  for (size_t i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    ((float *)p)[i] = (float)(s >> 8) / (float)(1u << 24) - 0.5f;
  }
  return m;
}

double bench_onednn_conv(const bench_conv_shape_t *l, int threads, int runs,
                         char *impl, size_t size) {
  omp_set_num_threads(threads);
  int64_t oh = (l->h + 2 * l->pad - l->k) / l->s + 1,
          ow = (l->w + 2 * l->pad - l->k) / l->s + 1;
  const int64_t g = l->group > 1 ? l->group : 1;
  dnnl_dims_t xd = {1, l->c, l->h, l->w}, bd = {l->m}, yd = {1, l->m, oh, ow};
  /* grouped weights: [group, m / group, c / group, k, k] */
  dnnl_dims_t wd = {l->m, l->c, l->k, l->k};
  if (g > 1) {
    wd[0] = g, wd[1] = l->m / g, wd[2] = l->c / g, wd[3] = l->k;
    wd[4] = l->k;
  }
  dnnl_dims_t strides = {l->s, l->s}, pads = {l->pad, l->pad};
  dnnl_memory_desc_t x_md, w_md, b_md, y_md;
  dnnl_memory_desc_init_by_tag(&x_md, 4, xd, dnnl_f32, dnnl_format_tag_any);
  dnnl_memory_desc_init_by_tag(&w_md, g > 1 ? 5 : 4, wd, dnnl_f32,
                               dnnl_format_tag_any);
  dnnl_memory_desc_init_by_tag(&b_md, 1, bd, dnnl_f32, dnnl_x);
  dnnl_memory_desc_init_by_tag(&y_md, 4, yd, dnnl_f32, dnnl_format_tag_any);
  dnnl_convolution_desc_t cd;
  dnnl_engine_t engine = NULL;
  dnnl_stream_t stream = NULL;
  dnnl_post_ops_t po = NULL;
  dnnl_primitive_attr_t attr = NULL;
  dnnl_primitive_desc_t pd = NULL;
  dnnl_primitive_t prim = NULL;
  dnnl_memory_t mem[4] = {NULL, NULL, NULL, NULL};
  double med = -1.0;
  snprintf(impl, size, "no primitive");
  if (dnnl_engine_create(&engine, dnnl_cpu, 0) != dnnl_success ||
      dnnl_stream_create(&stream, engine, dnnl_stream_default_flags) !=
          dnnl_success ||
      dnnl_convolution_forward_desc_init(
          &cd, dnnl_forward_inference, dnnl_convolution_auto, &x_md, &w_md,
          &b_md, &y_md, strides, pads, pads) != dnnl_success ||
      dnnl_post_ops_create(&po) != dnnl_success ||
      dnnl_post_ops_append_eltwise(po, 1.0f, dnnl_eltwise_relu, 0.0f, 0.0f) !=
          dnnl_success ||
      dnnl_primitive_attr_create(&attr) != dnnl_success ||
      dnnl_primitive_attr_set_post_ops(attr, po) != dnnl_success ||
      dnnl_primitive_desc_create(&pd, &cd, attr, engine, NULL) !=
          dnnl_success ||
      dnnl_primitive_create(&prim, pd) != dnnl_success)
    goto done;
  const char *name = NULL;
  dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &name);
  snprintf(impl, size, "%s", name ? name : "?");
  static const dnnl_query_t kWhat[4] = {dnnl_query_src_md,
                                        dnnl_query_weights_md,
                                        dnnl_query_weights_md,
                                        dnnl_query_dst_md};
  static const int kIndex[4] = {0, 0, 1, 0};
  static const int kArg[4] = {DNNL_ARG_SRC, DNNL_ARG_WEIGHTS, DNNL_ARG_BIAS,
                              DNNL_ARG_DST};
  dnnl_exec_arg_t args[4];
  for (int i = 0; i < 4; i++) {
    mem[i] = memory_of(dnnl_primitive_desc_query_md(pd, kWhat[i], kIndex[i]),
                       engine);
    if (!mem[i]) goto done;
    args[i] = (dnnl_exec_arg_t){kArg[i], mem[i]};
  }
  double *t = malloc((size_t)runs * sizeof(double));
  for (int r = -3; r < runs; r++) {
    double t0 = now_s();
    if (dnnl_primitive_execute(prim, stream, 4, args) != dnnl_success ||
        dnnl_stream_wait(stream) != dnnl_success) {
      snprintf(impl, size, "execution failed");
      free(t);
      goto done;
    }
    if (r >= 0) t[r] = (now_s() - t0) * 1e3;
  }
  qsort(t, (size_t)runs, sizeof(double), cmp_d);
  med = t[runs / 2];
  free(t);
done:
  for (int i = 0; i < 4; i++)
    if (mem[i]) dnnl_memory_destroy(mem[i]);
  if (prim) dnnl_primitive_destroy(prim);
  if (pd) dnnl_primitive_desc_destroy(pd);
  if (attr) dnnl_primitive_attr_destroy(attr);
  if (po) dnnl_post_ops_destroy(po);
  if (stream) dnnl_stream_destroy(stream);
  if (engine) dnnl_engine_destroy(engine);
  return med;
}

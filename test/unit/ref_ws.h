/* ref_ws.h - workspaces for the unit tests that call reference kernels
 * directly. Each is a fresh heap block of exactly the bytes asked for, so
 * that a kernel writing past its workspace shows under ASan or valgrind;
 * making one frees the one before (so only from one thread, one kernel at
 * a time).
 * WS_<KERNEL>(args) calls lk_ref_<kernel>(args) over a workspace of the
 * bytes its size function asks for. */
#ifndef LITE_TEST_UNIT_REF_WS_H
#define LITE_TEST_UNIT_REF_WS_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/ref/workspace.h"
#include "kernels/tensor.h"

#include "test/unit/check.h"

static void *g_ws_block;

static inline lk_workspace_t test_ws(size_t n) {
  free(g_ws_block);
  g_ws_block = n ? malloc(n) : NULL;
  return (lk_workspace_t){g_ws_block, g_ws_block ? n : 0};
}

/* Fills t's bytes with `byte`, to see later that a refused call left them. */
static inline void ws_scribble(lk_tensor_t *t, unsigned char byte) {
  if (lk_nbytes(t)) memset(t->data, byte, lk_nbytes(t));
}

static inline bool ws_untouched(const lk_tensor_t *t, unsigned char byte) {
  const unsigned char *b = t->data;
  for (size_t i = 0; i < lk_nbytes(t); i++)
    if (b[i] != byte) return false;
  return true;
}

/* `call`, a kernel call over a workspace named ws, fails with a workspace
 * one byte short of need (which must be above 0) and with none, leaving y
 * untouched, then succeeds with need bytes. */
#define CHECK_SHORT_WS(need, y, call)                                          \
  do {                                                                         \
    size_t need_ = (need);                                                     \
    CHECK(need_ > 0);                                                          \
    ws_scribble(y, 0x5a);                                                      \
    lk_workspace_t ws = test_ws(need_ - 1);                                    \
    CHECK(!(call));                                                            \
    ws = test_ws(0);                                                           \
    CHECK(!(call));                                                            \
    CHECK(ws_untouched(y, 0x5a));                                              \
    ws = test_ws(need_);                                                       \
    CHECK(call);                                                               \
  } while (0)

#define WS_CONV2D(p, x, w, b, y)                                               \
  lk_ref_conv2d(p, x, w, b, y, test_ws(lk_ref_conv2d_workspace(p, x, w, b, y)))
#define WS_CONV2D_TRANSPOSE(p, x, w, b, y)                                     \
  lk_ref_conv2d_transpose(                                                     \
      p, x, w, b, y,                                                           \
      test_ws(lk_ref_conv2d_transpose_workspace(p, x, w, b, y)))
#define WS_POOL2D(p, x, y)                                                     \
  lk_ref_pool2d(p, x, y, test_ws(lk_ref_pool2d_workspace(x, y)))
#define WS_MATMUL(a, b, y)                                                     \
  lk_ref_matmul(a, b, y, test_ws(lk_ref_matmul_workspace(a, b, y)))
#define WS_GEMM(p, a, b, c, y)                                                 \
  lk_ref_gemm(p, a, b, c, y, test_ws(lk_ref_gemm_workspace(p, a, b, c, y)))
#define WS_FC(p, x, w, b, y)                                                   \
  lk_ref_fc(p, x, w, b, y, test_ws(lk_ref_fc_workspace(p, x, w, b, y)))
#define WS_ATTENTION(p, x, w, b, m, y)                                         \
  lk_ref_attention(p, x, w, b, m, y,                                           \
                   test_ws(lk_ref_attention_workspace(x, w, b, m, y)))
#define WS_LAYER_NORM(axis, eps, x, s, b, y, mean, inv)                        \
  lk_ref_layer_norm(axis, eps, x, s, b, y, mean, inv,                          \
                    test_ws(lk_ref_layer_norm_workspace(axis, x)))
#define WS_MVN(mask, x, y)                                                     \
  lk_ref_mvn(mask, x, y, test_ws(lk_ref_mvn_workspace(mask, x)))
#define WS_RESIZE(p, x, y)                                                     \
  lk_ref_resize(p, x, y, test_ws(lk_ref_resize_workspace(p, x, y)))
#define WS_TOP_K(p, x, v, i)                                                   \
  lk_ref_top_k(p, x, v, i, test_ws(lk_ref_top_k_workspace(p, x)))

#endif /* LITE_TEST_UNIT_REF_WS_H */

/* gemm.c - the matrix product engine behind matmul, gemm and fc. */
#include "kernels/ref/gemm.h"

#include <stdlib.h>
#include <string.h>

#include "kernels/ref/broadcast.h"
#include "kernels/ref/nn_util.h"

/* How the product computes: in float on float32 buffers, in double, or in
 * int64 with unsigned (wrapping) accumulation. */
typedef enum mm_class { MM_F32, MM_F64, MM_I64 } mm_class_t;

#define LK_T float
#define LK_ACC float
#define LK_GEMM_FN(name) name##_f32
#include "kernels/ref/gemm_core.inc"
#undef LK_T
#undef LK_ACC
#undef LK_GEMM_FN

#define LK_T double
#define LK_ACC double
#define LK_GEMM_FN(name) name##_f64
#include "kernels/ref/gemm_core.inc"
#undef LK_T
#undef LK_ACC
#undef LK_GEMM_FN

#define LK_T int64_t
#define LK_ACC uint64_t
#define LK_GEMM_FN(name) name##_i64
#include "kernels/ref/gemm_core.inc"
#undef LK_T
#undef LK_ACC
#undef LK_GEMM_FN

/* One product: batch dims of y (possibly none), per-batch matrices of a and
 * b located through broadcast maps, and the epilogue. */
typedef struct mm_job {
  int64_t m, n, k;
  int32_t batch_rank;
  int64_t batch_dims[LK_MAX_RANK];
  lk_bcast_map_t amap, bmap; /* y batch index -> a / b batch index */
  const lk_tensor_t *a, *b, *c;
  bool trans_a, trans_b;
  double alpha, beta;
  lk_activation_t act;
  double act_alpha, act_beta;
  lk_tensor_t *y;
} mm_job_t;

static size_t class_size(mm_class_t cls) {
  return cls == MM_F32   ? sizeof(float)
         : cls == MM_F64 ? sizeof(double)
                         : sizeof(int64_t);
}

static void *load_class(const lk_tensor_t *t, mm_class_t cls) {
  if (cls == MM_F64) return lk_nn_load_f64(t);
  if (cls == MM_I64) return lk_nn_load_i64(t);
  int64_t n = lk_numel(t);
  float *v = malloc((size_t)(n > 0 ? n : 1) * sizeof(float));
  if (v && n) memcpy(v, t->data, (size_t)n * sizeof(float));
  return v;
}

/* Each (rows x cols) matrix of buf transposed in place through a copy. */
static bool transpose_blocks(void *buf, size_t es, int64_t blocks, int64_t rows,
                             int64_t cols) {
  size_t bytes = (size_t)(rows * cols) * es;
  char *tmp = malloc(bytes ? bytes : 1);
  if (!tmp) return false;
  for (int64_t bl = 0; bl < blocks; bl++) {
    char *blk = (char *)buf + (size_t)bl * bytes;
    memcpy(tmp, blk, bytes);
    for (int64_t r = 0; r < rows; r++)
      for (int64_t c = 0; c < cols; c++)
        memcpy(blk + (size_t)(c * rows + r) * es,
               tmp + (size_t)(r * cols + c) * es, es);
  }
  free(tmp);
  return true;
}

static mm_class_t class_of(const mm_job_t *j) {
  const lk_tensor_t *c = j->c;
  if (j->a->dtype == LK_F32 && j->b->dtype == LK_F32 && j->y->dtype == LK_F32 &&
      (!c || c->dtype == LK_F32))
    return MM_F32;
  return lk_dtype_is_float(j->y->dtype) ? MM_F64 : MM_I64;
}

static void epilogue(const mm_job_t *j, mm_class_t cls, const void *acc) {
  lk_tensor_t *y = j->y;
  int64_t total = lk_numel(y);
  lk_bcast_map_t cmap;
  bool has_c = j->c && lk_bcast_map_init(&cmap, y->rank, y->dims, j->c);
  bool exact_int = cls == MM_I64 && j->alpha == 1.0 && j->beta == 1.0 &&
                   j->act == LK_ACT_NONE;
  for (int64_t e = 0; e < total; e++) {
    if (exact_int) {
      uint64_t v = (uint64_t)((const int64_t *)acc)[e];
      if (has_c) v += (uint64_t)lk_load_i64(j->c, lk_bcast_map_index(&cmap, e));
      lk_store_i64(y, e, (int64_t)v);
      continue;
    }
    double v = cls == MM_F32   ? (double)((const float *)acc)[e]
               : cls == MM_F64 ? ((const double *)acc)[e]
                               : (double)((const int64_t *)acc)[e];
    if (j->alpha != 1.0) v *= j->alpha;
    if (has_c) v += j->beta * lk_load_f64(j->c, lk_bcast_map_index(&cmap, e));
    if (j->act != LK_ACT_NONE)
      v = lk_ref_activation(j->act, j->act_alpha, j->act_beta, v);
    lk_store_f64(y, e, v);
  }
}

static bool mm_run(const mm_job_t *j) {
  mm_class_t cls = class_of(j);
  size_t es = class_size(cls);
  bool a_own = cls != MM_F32, b_own = cls != MM_F32 || j->trans_b;
  void *a = a_own ? load_class(j->a, cls) : j->a->data;
  void *b = b_own ? load_class(j->b, cls) : j->b->data;
  int64_t total = lk_numel(j->y);
  void *acc =
      cls == MM_F32 ? j->y->data : malloc((size_t)(total > 0 ? total : 1) * es);
  bool ok = a && b && acc;
  int64_t m = j->m, n = j->n, k = j->k;
  if (ok && j->trans_b)
    ok =
        transpose_blocks(b, es, lk_numel(j->b) / (n * k > 0 ? n * k : 1), n, k);
  if (ok) {
    int64_t sam = j->trans_a ? 1 : k, sak = j->trans_a ? m : 1;
    int64_t batches = 1;
    for (int32_t d = 0; d < j->batch_rank; d++)
      batches *= j->batch_dims[d];
    for (int64_t bi = 0; bi < batches; bi++) {
      size_t ao = (size_t)(lk_bcast_map_index(&j->amap, bi) * m * k);
      size_t bo = (size_t)(lk_bcast_map_index(&j->bmap, bi) * k * n);
      size_t yo = (size_t)(bi * m * n);
      switch (cls) {
      case MM_F32:
        core_f32(m, n, k, (const float *)a + ao, sam, sak,
                 (const float *)b + bo, (float *)acc + yo);
        break;
      case MM_F64:
        core_f64(m, n, k, (const double *)a + ao, sam, sak,
                 (const double *)b + bo, (double *)acc + yo);
        break;
      case MM_I64:
        core_i64(m, n, k, (const int64_t *)a + ao, sam, sak,
                 (const int64_t *)b + bo, (uint64_t *)acc + yo);
        break;
      }
    }
    bool plain =
        cls == MM_F32 && !j->c && j->alpha == 1.0 && j->act == LK_ACT_NONE;
    if (!plain) epilogue(j, cls, acc);
  }
  if (a_own) free(a);
  if (b_own) free(b);
  if (cls != MM_F32) free(acc);
  return ok;
}

/* A shape-only view of the first `rank` dims of t. */
static lk_tensor_t batch_view(const lk_tensor_t *t, int32_t rank) {
  lk_tensor_t v = {t->dtype, rank > 0 ? rank : 0, {0}, NULL};
  for (int32_t d = 0; d < rank; d++)
    v.dims[d] = t->dims[d];
  return v;
}

bool lk_ref_matmul(const lk_tensor_t *a, const lk_tensor_t *b, lk_tensor_t *y) {
  mm_job_t j;
  memset(&j, 0, sizeof j);
  j.a = a;
  j.b = b;
  j.y = y;
  j.alpha = 1.0;
  j.beta = 1.0;
  j.act = LK_ACT_NONE;
  j.m = a->rank >= 2 ? a->dims[a->rank - 2] : 1;
  j.k = a->dims[a->rank - 1];
  j.n = b->rank >= 2 ? b->dims[b->rank - 1] : 1;
  int32_t ab = a->rank - 2, bb = b->rank - 2;
  j.batch_rank = ab > bb ? ab : bb;
  if (j.batch_rank < 0) j.batch_rank = 0;
  /* y's batch dims are its leading dims (the matrix dims, or what is left
   * of them for 1-D operands, come last). */
  for (int32_t d = 0; d < j.batch_rank; d++)
    j.batch_dims[d] = y->dims[d];
  lk_tensor_t av = batch_view(a, ab), bv = batch_view(b, bb);
  if (!lk_bcast_map_init(&j.amap, j.batch_rank, j.batch_dims, &av) ||
      !lk_bcast_map_init(&j.bmap, j.batch_rank, j.batch_dims, &bv))
    return false;
  return mm_run(&j);
}

static bool init_2d(mm_job_t *j, int64_t m, int64_t n, int64_t k) {
  j->m = m;
  j->n = n;
  j->k = k;
  lk_tensor_t none = {LK_F32, 0, {0}, NULL};
  return lk_bcast_map_init(&j->amap, 0, j->batch_dims, &none) &&
         lk_bcast_map_init(&j->bmap, 0, j->batch_dims, &none);
}

bool lk_ref_gemm(const lk_gemm_params_t *p, const lk_tensor_t *a,
                 const lk_tensor_t *b, const lk_tensor_t *c, lk_tensor_t *y) {
  mm_job_t j;
  memset(&j, 0, sizeof j);
  j.a = a;
  j.b = b;
  j.c = c && c->dtype != LK_DTYPE_NONE && c->data ? c : NULL;
  j.y = y;
  j.trans_a = p->trans_a;
  j.trans_b = p->trans_b;
  j.alpha = p->alpha;
  j.beta = p->beta;
  j.act = p->act;
  j.act_alpha = p->act_alpha;
  j.act_beta = p->act_beta;
  int64_t k = p->trans_a ? a->dims[0] : a->dims[1];
  if (!init_2d(&j, y->dims[0], y->dims[1], k)) return false;
  return mm_run(&j);
}

bool lk_ref_fc(const lk_fc_params_t *p, const lk_tensor_t *x,
               const lk_tensor_t *w, const lk_tensor_t *bias, lk_tensor_t *y) {
  mm_job_t j;
  memset(&j, 0, sizeof j);
  int64_t rows = 1, cols = 1;
  for (int32_t d = 0; d < x->rank; d++)
    *(d < p->in_num_col_dims ? &rows : &cols) *= x->dims[d];
  lk_tensor_t x2 = {x->dtype, 2, {rows, cols}, x->data};
  int64_t n = w->dims[1];
  lk_tensor_t y2 = {y->dtype, 2, {rows, n}, y->data};
  lk_tensor_t b1 = {LK_DTYPE_NONE, 1, {n}, NULL};
  if (bias && bias->dtype != LK_DTYPE_NONE && bias->data) {
    b1.dtype = bias->dtype;
    b1.data = bias->data;
    j.c = &b1;
  }
  j.a = &x2;
  j.b = w;
  j.y = &y2;
  j.alpha = 1.0;
  j.beta = 1.0;
  j.act = p->act;
  j.act_alpha = p->act_alpha;
  j.act_beta = p->act_beta;
  if (!init_2d(&j, rows, n, cols)) return false;
  return mm_run(&j);
}

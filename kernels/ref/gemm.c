/* gemm.c - the matrix product engine behind matmul, gemm and fc. */
#include "kernels/ref/gemm.h"

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
 * b located through broadcast maps, the epilogue, and the scratch: a and b
 * converted to the class's element type (b also when it is transposed),
 * the accumulator off the float32 path and the transpose's block copy. */
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
  lk_tensor_t x2, y2, c1; /* fc: x and y as matrices, its bias as [N] */
  mm_class_t cls;
  void *abuf, *bbuf, *acc, *tmp;
} mm_job_t;

static size_t class_size(mm_class_t cls) {
  return cls == MM_F32   ? sizeof(float)
         : cls == MM_F64 ? sizeof(double)
                         : sizeof(int64_t);
}

static void load_class(const lk_tensor_t *t, mm_class_t cls, void *v) {
  if (cls == MM_F64) {
    lk_nn_load_f64(t, v);
  } else if (cls == MM_I64) {
    lk_nn_load_i64(t, v);
  } else if (lk_numel(t) > 0) {
    memcpy(v, t->data, (size_t)lk_numel(t) * sizeof(float));
  }
}

/* Each (rows x cols) matrix of buf transposed in place through tmp (one
 * matrix). */
static void transpose_blocks(void *buf, char *tmp, size_t es, int64_t blocks,
                             int64_t rows, int64_t cols) {
  size_t bytes = (size_t)(rows * cols) * es;
  for (int64_t bl = 0; bl < blocks; bl++) {
    char *blk = (char *)buf + (size_t)bl * bytes;
    memcpy(tmp, blk, bytes);
    for (int64_t r = 0; r < rows; r++)
      for (int64_t c = 0; c < cols; c++)
        memcpy(blk + (size_t)(c * rows + r) * es,
               tmp + (size_t)(r * cols + c) * es, es);
  }
}

static mm_class_t class_of(const mm_job_t *j) {
  const lk_tensor_t *c = j->c;
  if (j->a->dtype == LK_F32 && j->b->dtype == LK_F32 && j->y->dtype == LK_F32 &&
      (!c || c->dtype == LK_F32))
    return MM_F32;
  return lk_dtype_is_float(j->y->dtype) ? MM_F64 : MM_I64;
}

/* Lays j's scratch out on c (the kernels and their size functions alike). */
static void mm_layout(mm_job_t *j, lk_ws_carver_t *c) {
  j->cls = class_of(j);
  size_t es = class_size(j->cls);
  bool own = j->cls != MM_F32;
  j->abuf = own ? lk_ws_take(c, lk_numel(j->a), es) : NULL;
  j->bbuf = own || j->trans_b ? lk_ws_take(c, lk_numel(j->b), es) : NULL;
  j->acc = own ? lk_ws_take(c, lk_numel(j->y), es) : NULL;
  j->tmp = j->trans_b ? lk_ws_take(c, j->n * j->k, es) : NULL;
}

static size_t mm_workspace(mm_job_t *j) {
  lk_ws_carver_t c = lk_ws_sizing();
  mm_layout(j, &c);
  return c.used;
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

static bool mm_run(mm_job_t *j, lk_workspace_t ws) {
  lk_ws_carver_t wc = lk_ws_carve(ws);
  mm_layout(j, &wc);
  if (!lk_ws_ok(&wc)) return false;
  mm_class_t cls = j->cls;
  size_t es = class_size(cls);
  bool own = cls != MM_F32, own_b = own || j->trans_b;
  const void *a = own ? j->abuf : j->a->data;
  const void *b = own_b ? j->bbuf : j->b->data;
  void *acc = own ? j->acc : j->y->data;
  if (own) load_class(j->a, cls, j->abuf);
  if (own_b) load_class(j->b, cls, j->bbuf);
  int64_t m = j->m, n = j->n, k = j->k;
  if (j->trans_b)
    transpose_blocks(j->bbuf, j->tmp, es,
                     lk_numel(j->b) / (n * k > 0 ? n * k : 1), n, k);
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
      core_f32(m, n, k, (const float *)a + ao, sam, sak, (const float *)b + bo,
               (float *)acc + yo);
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
  return true;
}

/* A shape-only view of the first `rank` dims of t. */
static lk_tensor_t batch_view(const lk_tensor_t *t, int32_t rank) {
  lk_tensor_t v = {t->dtype, rank > 0 ? rank : 0, {0}, NULL};
  for (int32_t d = 0; d < rank; d++)
    v.dims[d] = t->dims[d];
  return v;
}

/* The jobs of the three kernels (false when the shapes do not fit). y is
 * only written by mm_run, never while sizing. */
static bool matmul_job(mm_job_t *j, const lk_tensor_t *a, const lk_tensor_t *b,
                       lk_tensor_t *y) {
  memset(j, 0, sizeof *j);
  j->a = a;
  j->b = b;
  j->y = y;
  j->alpha = 1.0;
  j->beta = 1.0;
  j->act = LK_ACT_NONE;
  j->m = a->rank >= 2 ? a->dims[a->rank - 2] : 1;
  j->k = a->dims[a->rank - 1];
  j->n = b->rank >= 2 ? b->dims[b->rank - 1] : 1;
  int32_t ab = a->rank - 2, bb = b->rank - 2;
  j->batch_rank = ab > bb ? ab : bb;
  if (j->batch_rank < 0) j->batch_rank = 0;
  /* y's batch dims are its leading dims (the matrix dims, or what is left
   * of them for 1-D operands, come last). */
  for (int32_t d = 0; d < j->batch_rank; d++)
    j->batch_dims[d] = y->dims[d];
  lk_tensor_t av = batch_view(a, ab), bv = batch_view(b, bb);
  return lk_bcast_map_init(&j->amap, j->batch_rank, j->batch_dims, &av) &&
         lk_bcast_map_init(&j->bmap, j->batch_rank, j->batch_dims, &bv);
}

static bool init_2d(mm_job_t *j, int64_t m, int64_t n, int64_t k) {
  j->m = m;
  j->n = n;
  j->k = k;
  lk_tensor_t none = {LK_F32, 0, {0}, NULL};
  return lk_bcast_map_init(&j->amap, 0, j->batch_dims, &none) &&
         lk_bcast_map_init(&j->bmap, 0, j->batch_dims, &none);
}

/* An optional operand that is there: its dtype says so, as the shapes the
 * size functions see do. */
static const lk_tensor_t *present(const lk_tensor_t *t) {
  return t && t->dtype != LK_DTYPE_NONE ? t : NULL;
}

static bool gemm_job(mm_job_t *j, const lk_gemm_params_t *p,
                     const lk_tensor_t *a, const lk_tensor_t *b,
                     const lk_tensor_t *c, lk_tensor_t *y) {
  memset(j, 0, sizeof *j);
  j->a = a;
  j->b = b;
  j->c = present(c);
  j->y = y;
  j->trans_a = p->trans_a;
  j->trans_b = p->trans_b;
  j->alpha = p->alpha;
  j->beta = p->beta;
  j->act = p->act;
  j->act_alpha = p->act_alpha;
  j->act_beta = p->act_beta;
  int64_t k = p->trans_a ? a->dims[0] : a->dims[1];
  return init_2d(j, y->dims[0], y->dims[1], k);
}

static bool fc_job(mm_job_t *j, const lk_fc_params_t *p, const lk_tensor_t *x,
                   const lk_tensor_t *w, const lk_tensor_t *bias,
                   lk_tensor_t *y) {
  memset(j, 0, sizeof *j);
  int64_t rows = 1, cols = 1;
  for (int32_t d = 0; d < x->rank; d++)
    *(d < p->in_num_col_dims ? &rows : &cols) *= x->dims[d];
  int64_t n = w->dims[1];
  j->x2 = (lk_tensor_t){x->dtype, 2, {rows, cols}, x->data};
  j->y2 = (lk_tensor_t){y->dtype, 2, {rows, n}, y->data};
  if (present(bias)) {
    j->c1 = (lk_tensor_t){bias->dtype, 1, {n}, bias->data};
    j->c = &j->c1;
  }
  j->a = &j->x2;
  j->b = w;
  j->y = &j->y2;
  j->alpha = 1.0;
  j->beta = 1.0;
  j->act = p->act;
  j->act_alpha = p->act_alpha;
  j->act_beta = p->act_beta;
  return init_2d(j, rows, n, cols);
}

bool lk_ref_matmul(const lk_tensor_t *a, const lk_tensor_t *b, lk_tensor_t *y,
                   lk_workspace_t ws) {
  mm_job_t j;
  return matmul_job(&j, a, b, y) && mm_run(&j, ws);
}

size_t lk_ref_matmul_workspace(const lk_tensor_t *a, const lk_tensor_t *b,
                               const lk_tensor_t *y) {
  mm_job_t j;
  return matmul_job(&j, a, b, (lk_tensor_t *)y) ? mm_workspace(&j) : 0;
}

bool lk_ref_gemm(const lk_gemm_params_t *p, const lk_tensor_t *a,
                 const lk_tensor_t *b, const lk_tensor_t *c, lk_tensor_t *y,
                 lk_workspace_t ws) {
  mm_job_t j;
  return gemm_job(&j, p, a, b, c, y) && mm_run(&j, ws);
}

size_t lk_ref_gemm_workspace(const lk_gemm_params_t *p, const lk_tensor_t *a,
                             const lk_tensor_t *b, const lk_tensor_t *c,
                             const lk_tensor_t *y) {
  mm_job_t j;
  return gemm_job(&j, p, a, b, c, (lk_tensor_t *)y) ? mm_workspace(&j) : 0;
}

bool lk_ref_fc(const lk_fc_params_t *p, const lk_tensor_t *x,
               const lk_tensor_t *w, const lk_tensor_t *bias, lk_tensor_t *y,
               lk_workspace_t ws) {
  mm_job_t j;
  return fc_job(&j, p, x, w, bias, y) && mm_run(&j, ws);
}

size_t lk_ref_fc_workspace(const lk_fc_params_t *p, const lk_tensor_t *x,
                           const lk_tensor_t *w, const lk_tensor_t *bias,
                           const lk_tensor_t *y) {
  mm_job_t j;
  return fc_job(&j, p, x, w, bias, (lk_tensor_t *)y) ? mm_workspace(&j) : 0;
}

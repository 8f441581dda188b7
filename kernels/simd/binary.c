/* binary.c - {x86,arm}_{add,sub,mul,div,prelu}__f32_nchw (binary.h). */
#include "kernels/simd/binary.h"

#include "kernels/abi_ref.h"
#include "kernels/parallel.h"
#include "kernels/simd/epilogue.h"

typedef void (*row_fn)(const lk_simd_binary_row_t *r);
static const row_fn k_row[LK_SIMD_NUM_ISAS] = LK_SIMD_BY_ISA(lk_f32_binary_row);

/* The output collapsed: outer dims [rank - 1] over rows of n, each
 * operand's element strides along them (0 where it repeats). */
typedef struct task {
  row_fn row;
  lk_simd_epilogue_row_fn finish;
  lk_simd_epilogue_t e;
  lk_binary_op_t op;
  const float *a, *b;
  float *y;
  int32_t rank;
  int64_t dims[LK_MAX_RANK], sa[LK_MAX_RANK], sb[LK_MAX_RANK];
  int64_t n;
  bool a_splat, b_splat;
} task_t;

static void run_rows(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const task_t *t = ctx;
  for (size_t item = begin; item < end; item++) {
    int64_t rest = (int64_t)item, oa = 0, ob = 0;
    for (int32_t k = t->rank - 2; k >= 0; k--) {
      const int64_t i = rest % t->dims[k];
      rest /= t->dims[k];
      oa += i * t->sa[k];
      ob += i * t->sb[k];
    }
    lk_simd_binary_row_t r = {.op = t->op,
                              .a = t->a + oa,
                              .b = t->b + ob,
                              .y = t->y + (int64_t)item * t->n,
                              .n = t->n,
                              .a_splat = t->a_splat,
                              .b_splat = t->b_splat};
    t->row(&r);
    if (t->e.act != LK_ACT_NONE) t->finish(&t->e, r.y, t->n, 0.0f, NULL);
  }
}

/* x's element strides over the output's dims od (rank r, x right-aligned
 * into them), 0 where x repeats; false when x does not broadcast. */
static bool strides_of(const lk_tensor_t *x, const int64_t *od, int32_t r,
                       int64_t *s) {
  if (x->rank > r) return false;
  int64_t step = 1;
  for (int32_t k = r - 1; k >= 0; k--) {
    const int32_t j = k - (r - x->rank);
    const int64_t d = j >= 0 ? x->dims[j] : 1;
    if (d != od[k] && d != 1) return false;
    s[k] = d == 1 ? 0 : step;
    step *= d;
  }
  return true;
}

/* Collapses t's dims from the output's od (rank r) and the operands'
 * strides: dims of 1 dropped, a dim merged into the one outside it where
 * each operand steps over both as over one. */
static void collapse(task_t *t, const int64_t *od, int32_t r,
                     const int64_t *sa, const int64_t *sb) {
  t->rank = 0;
  for (int32_t k = 0; k < r; k++) {
    if (od[k] == 1) continue;
    int32_t m = t->rank - 1;
    if (m >= 0 && t->sa[m] == sa[k] * od[k] && t->sb[m] == sb[k] * od[k]) {
      t->dims[m] *= od[k];
      t->sa[m] = sa[k];
      t->sb[m] = sb[k];
      continue;
    }
    t->dims[t->rank] = od[k];
    t->sa[t->rank] = sa[k];
    t->sb[t->rank++] = sb[k];
  }
  if (t->rank == 0) { /* one element */
    t->dims[0] = 1;
    t->sa[0] = t->sb[0] = 1;
    t->rank = 1;
  }
}

static lt_status_t binary(const char *kernel, lk_binary_op_t op,
                          lk_kernel_fn ref, const lk_call_t *call) {
  lk_tensor_t in[2], out[1];
  LT_RETURN_IF_ERROR(lk_ref_call_tensors(kernel, call, 2, 2, 1, 1,
                                         sizeof(lk_binary_params_t), in, out));
  const lk_binary_params_t *p = call->params;
  const lk_simd_isa_t isa = lk_simd_call_isa(call);
  const lk_tensor_t *y = &out[0];
  if (p->op != op)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: its lk_binary_params_t are another op's",
                          kernel);
  int64_t sa[LK_MAX_RANK], sb[LK_MAX_RANK];
  if (!strides_of(&in[0], y->dims, y->rank, sa) ||
      !strides_of(&in[1], y->dims, y->rank, sb))
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: the inputs do not broadcast to the result",
                          kernel);
  if (isa == LK_SIMD_ISA_NONE || (unsigned)p->act >= LK_NUM_ACTIVATIONS ||
      in[0].dtype != LK_F32 || in[1].dtype != LK_F32 || y->dtype != LK_F32)
    return ref(call);
  const int64_t numel = lk_numel(y);
  if (numel == 0) return LT_OK;
  task_t t = {.row = k_row[isa],
              .finish = lk_simd_epilogue_rows[isa],
              .e = {p->act, (float)p->act_alpha, (float)p->act_beta},
              .op = op,
              .a = in[0].data,
              .b = in[1].data,
              .y = y->data};
  collapse(&t, y->dims, y->rank, sa, sb);
  t.n = t.dims[t.rank - 1];
  t.a_splat = t.sa[t.rank - 1] == 0;
  t.b_splat = t.sb[t.rank - 1] == 0;
  const size_t rows = (size_t)(numel / t.n);
  /* rows of about 16K floats a range; under 64K floats, no pool */
  size_t grain = t.n >= 16384 ? 1 : (size_t)(16384 / t.n);
  lk_parallel_for(numel < 65536 ? NULL : lk_call_parallel(call), rows, grain,
                  run_rows, &t);
  return LT_OK;
}

#define LK_BINARY(name, OP)                                                    \
  lt_status_t lk_simd_##name##__f32_nchw(const lk_call_t *call) {              \
    return binary(LK_SIMD_KERNEL(#name "__f32_nchw"), LK_BINARY_##OP,          \
                  lk_ref_##name##__f32_nchw, call);                            \
  }
LK_BINARY(add, ADD)
LK_BINARY(sub, SUB)
LK_BINARY(mul, MUL)
LK_BINARY(div, DIV)
LK_BINARY(prelu, PRELU)

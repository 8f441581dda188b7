/* binary_nchwc.c - x86_{add,sub,mul,div,prelu}__f32_nchw16c
 * (binary_nchwc.h). */
#include "kernels/simd/binary_nchwc.h"

#include "kernels/parallel.h"

#define BLOCK 16

typedef void (*row_fn)(const lk_simd_binary_nchwc_row_t *r);
static const row_fn k_row[LK_SIMD_NUM_ISAS] =
    LK_SIMD_BY_ISA(lk_f32_binary_nchwc_row);

/* An operand's place in an output row: its floats per image, block and
 * row (0 along a broadcast dim), per pixel, and whether it splats lane 0. */
typedef struct operand {
  const float *data;
  int64_t sn, sb, sh, step;
  bool splat;
} operand_t;

typedef struct task {
  lk_binary_op_t op;
  operand_t a, b;
  float *y;
  int64_t blocks, h, w;
  lk_simd_epilogue_t e;
  lk_simd_epilogue_row_fn finish;
  row_fn row;
} task_t;

static int64_t blocks_of(int64_t c) { return (c + BLOCK - 1) / BLOCK; }

static operand_t operand(const lk_view_t *v, const int64_t *od) {
  const int64_t *d = v->dims;
  const int64_t sh = d[3] * BLOCK, sb = d[2] * sh, sn = blocks_of(d[1]) * sb;
  return (operand_t){.data = v->data,
                     .sn = d[0] == 1 ? 0 : sn,
                     .sb = d[1] == 1 ? 0 : sb,
                     .sh = d[2] == 1 ? 0 : sh,
                     .step = d[3] == 1 ? 0 : BLOCK,
                     .splat = d[1] == 1 && od[1] > 1};
}

static const float *row_of(const operand_t *o, int64_t n, int64_t b,
                           int64_t h) {
  return o->data + n * o->sn + b * o->sb + h * o->sh;
}

/* Items: output rows, (n blocks + b) h + h. */
static void run_rows(void *ctx, size_t begin, size_t end, uint32_t worker) {
  (void)worker;
  const task_t *t = ctx;
  for (size_t item = begin; item < end; item++) {
    const int64_t h = (int64_t)item % t->h, nb = (int64_t)item / t->h;
    const int64_t n = nb / t->blocks, b = nb % t->blocks;
    lk_simd_binary_nchwc_row_t r = {.op = t->op,
                                   .a = row_of(&t->a, n, b, h),
                                   .b = row_of(&t->b, n, b, h),
                                   .y = t->y + (int64_t)item * t->w * BLOCK,
                                   .pixels = t->w,
                                   .a_step = t->a.step,
                                   .b_step = t->b.step,
                                   .a_splat = t->a.splat,
                                   .b_splat = t->b.splat};
    t->row(&r);
    if (t->e.act != LK_ACT_NONE)
      t->finish(&t->e, r.y, t->w * BLOCK, 0.0f, NULL);
  }
}

static bool broadcasts(const lk_view_t *v, const int64_t *od) {
  if (!lk_simd_view_nchw16c(v)) return false;
  for (int k = 0; k < 4; k++)
    if (v->dims[k] != od[k] && v->dims[k] != 1) return false;
  return true;
}

static lt_status_t binary(const char *kernel, lk_binary_op_t op,
                          const lk_call_t *call) {
  const lk_binary_params_t *p = call->params;
  bool ok = call->num_inputs == 2 && call->num_outputs == 1 &&
            call->params_size == sizeof *p && p->op == op &&
            (unsigned)p->act < LK_NUM_ACTIVATIONS &&
            lk_simd_view_nchw16c(&call->outputs[0]);
  const int64_t *od = call->outputs[0].dims;
  ok = ok && broadcasts(&call->inputs[0], od) &&
       broadcasts(&call->inputs[1], od);
  /* the output is the operands' broadcast, not larger */
  for (int k = 0; k < 4 && ok; k++)
    ok = od[k] == (call->inputs[0].dims[k] == 1 ? call->inputs[1].dims[k]
                                               : call->inputs[0].dims[k]);
  if (!ok)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "%s: takes two f32 nchw16c tensors of rank 4 that "
                          "broadcast to the result (each dim the result's or "
                          "1), and its lk_binary_params_t",
                          kernel);
  lk_simd_isa_t isa;
  LT_RETURN_IF_ERROR(lk_simd_blocked_isa(kernel, call, &isa));
  task_t t = {.op = op,
              .a = operand(&call->inputs[0], od),
              .b = operand(&call->inputs[1], od),
              .y = call->outputs[0].data,
              .blocks = blocks_of(od[1]),
              .h = od[2],
              .w = od[3],
              .e = {p->act, (float)p->act_alpha, (float)p->act_beta},
              .finish = lk_simd_epilogue_rows[isa],
              .row = k_row[isa]};
  size_t rows = (size_t)(od[0] * t.blocks * t.h);
  /* a few thousand vectors are not worth waking the pool */
  size_t floats = rows * (size_t)(t.w * BLOCK);
  lk_parallel_for(floats < 65536 ? NULL : lk_call_parallel(call), rows, 1,
                  run_rows, &t);
  return LT_OK;
}

#define LK_BINARY_NCHWC(name, OP)                                              \
  lt_status_t lk_simd_##name##__f32_nchw16c(const lk_call_t *call) {           \
    return binary("x86_" #name "__f32_nchw16c", LK_BINARY_##OP, call);         \
  }
LK_BINARY_NCHWC(add, ADD)
LK_BINARY_NCHWC(sub, SUB)
LK_BINARY_NCHWC(mul, MUL)
LK_BINARY_NCHWC(div, DIV)
LK_BINARY_NCHWC(prelu, PRELU)

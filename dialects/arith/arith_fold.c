/* arith_fold.c - folders of the arith ops: algebraic identities that return
 * an existing value, and constant folding on scalars and dense tensors.
 *
 * Integers are computed in 64 bits and cut back to the type's width, so
 * results wrap as APInt arithmetic does; division by zero and divsi
 * overflow are left unfolded. Floats are computed in double and rounded once
 * to the result type, which is exact for f64 and correctly rounded for f32,
 * f16 and bf16 (double has more than twice their precision plus two bits). */
#include "dialects/arith/arith_fold.h"

#include <math.h>
#include <string.h>

#include "ir/float16.h"
#include "ir/rewrite.h"

/* ---- reading constants --------------------------------------------------- */

typedef struct cview {
  const lt_attr_t *a;
  int64_t n;  /* elements (1 for scalars) */
  bool splat; /* scalar, or a dense splat */
} cview_t;

static bool cview_init(const lt_attr_t *a, cview_t *v) {
  if (!a) return false;
  switch (a->kind) {
  case LT_ATTR_INTEGER:
  case LT_ATTR_BOOL:
  case LT_ATTR_FLOAT:
    v->n = 1;
    v->splat = true;
    break;
  case LT_ATTR_DENSE:
    v->n = lt_attr_dense_count(a);
    v->splat = a->dense.splat;
    if (v->n < 0) return false;
    break;
  default:
    return false;
  }
  v->a = a;
  return true;
}

static int64_t cv_int(const cview_t *v, int64_t i) {
  switch (v->a->kind) {
  case LT_ATTR_BOOL:
    return v->a->b ? 1 : 0;
  case LT_ATTR_INTEGER:
    return v->a->i;
  default:
    return lt_attr_dense_int(v->a, v->splat ? 0 : i);
  }
}

static double cv_float(const cview_t *v, int64_t i) {
  if (v->a->kind == LT_ATTR_FLOAT) return v->a->f;
  return lt_attr_dense_float(v->a, v->splat ? 0 : i);
}

/* ---- writing constants ------------------------------------------------- */

typedef struct cout {
  lt_context_t *ctx;
  const lt_type_t *type, *elem;
  int64_t n;
  size_t esz;
  uint8_t *buf;
  bool scalar, ok;
  int64_t ival;
  double fval;
} cout_t;

/* n: number of computed elements, 1 when every input is a splat. */
static bool cout_init(cout_t *o, lt_context_t *ctx, const lt_type_t *type,
                      int64_t n) {
  memset(o, 0, sizeof *o);
  o->ctx = ctx;
  o->type = type;
  o->elem = lt_type_element(type);
  o->scalar = !lt_type_is_shaped(type);
  o->n = n;
  if (o->scalar) return o->ok = (n == 1);
  if (type->kind == LT_TYPE_UNRANKED_TENSOR || !lt_type_has_static_shape(type))
    return false;
  o->esz = lt_dense_element_size(o->elem);
  if (!o->esz || n < 0) return false;
  if (n == 0) return o->ok = true;
  o->buf = lt_calloc(lt_context_allocator(ctx), (size_t)n * o->esz);
  return o->ok = o->buf != NULL;
}

static void store_le(uint8_t *p, size_t n, uint64_t bits) {
  for (size_t k = 0; k < n; k++)
    p[k] = k < 8 ? (uint8_t)(bits >> (8 * k)) : 0;
}

static void cout_int(cout_t *o, int64_t i, int64_t v) {
  if (o->scalar)
    o->ival = v;
  else
    store_le(o->buf + (size_t)i * o->esz, o->esz, (uint64_t)v);
}

static void cout_float(cout_t *o, int64_t i, double v) {
  if (o->scalar)
    o->fval = v;
  else
    store_le(o->buf + (size_t)i * o->esz, o->esz,
             lt_float_to_bits(o->elem->kind, v));
}

static void cout_free(cout_t *o) {
  if (o->buf)
    lt_free(lt_context_allocator(o->ctx), o->buf, (size_t)o->n * o->esz);
  o->buf = NULL;
}

static const lt_attr_t *cout_finish(cout_t *o) {
  const lt_attr_t *a = NULL;
  if (!o->ok) {
  } else if (o->scalar) {
    a = lt_type_is_float(o->elem) ? lt_attr_float(o->ctx, o->type, o->fval)
                                  : lt_attr_integer(o->ctx, o->type, o->ival);
  } else {
    /* One computed element of splat inputs gives a splat. */
    a = lt_attr_dense(o->ctx, o->type, o->buf, (size_t)o->n * o->esz);
  }
  cout_free(o);
  return a;
}

/* Elements to compute for inputs of n elements: 1 when all are splats. */
static int64_t compute_count(const cview_t *const *in, int count) {
  int64_t n = 1;
  bool all_splat = true;
  for (int i = 0; i < count; i++) {
    all_splat &= in[i]->splat;
    n = in[i]->n;
  }
  return all_splat ? 1 : n;
}

/* ---- integer helpers ----------------------------------------------------- */

static uint32_t int_width(const lt_type_t *t) {
  uint32_t w = lt_type_bit_width(lt_type_element(t));
  return w ? w : 64;
}

static int64_t sext(uint64_t v, uint32_t w) {
  if (w >= 64) return (int64_t)v;
  uint64_t m = 1ull << (w - 1);
  v &= (1ull << w) - 1;
  return (int64_t)((v ^ m) - m);
}

static uint64_t zext(int64_t v, uint32_t w) {
  if (w >= 64) return (uint64_t)v;
  return (uint64_t)v & ((1ull << w) - 1);
}

static bool int_binop(lt_arith_binop_t k, int64_t a, int64_t b, uint32_t w,
                      int64_t *out) {
  uint64_t ua = zext(a, w), ub = zext(b, w), r;
  int64_t sa = sext(ua, w), sb = sext(ub, w);
  switch (k) {
  case LT_ARITH_ADDI:
    r = ua + ub;
    break;
  case LT_ARITH_SUBI:
    r = ua - ub;
    break;
  case LT_ARITH_MULI:
    r = ua * ub;
    break;
  case LT_ARITH_DIVSI:
    if (sb == 0 || (sa == sext(1ull << (w - 1), w) && sb == -1)) return false;
    r = (uint64_t)(sa / sb);
    break;
  case LT_ARITH_DIVUI:
    if (ub == 0) return false;
    r = ua / ub;
    break;
  case LT_ARITH_REMSI:
    if (sb == 0) return false;
    r = sb == -1 ? 0 : (uint64_t)(sa % sb);
    break;
  case LT_ARITH_ANDI:
    r = ua & ub;
    break;
  case LT_ARITH_ORI:
    r = ua | ub;
    break;
  case LT_ARITH_XORI:
    r = ua ^ ub;
    break;
  case LT_ARITH_MAXSI:
    r = sa > sb ? ua : ub;
    break;
  case LT_ARITH_MINSI:
    r = sa < sb ? ua : ub;
    break;
  case LT_ARITH_MAXUI:
    r = ua > ub ? ua : ub;
    break;
  case LT_ARITH_MINUI:
    r = ua < ub ? ua : ub;
    break;
  case LT_ARITH_REMUI:
    if (ub == 0) return false;
    r = ua % ub;
    break;
  case LT_ARITH_SHLI:
  case LT_ARITH_SHRSI:
  case LT_ARITH_SHRUI:
  case LT_ARITH_FLOORDIVSI:
  case LT_ARITH_CEILDIVSI:
    return lt_arith_int_binop_ext(k, ua, ub, w, out);
  default:
    return false;
  }
  *out = sext(r, w);
  return true;
}

static double float_binop(lt_arith_binop_t k, double a, double b) {
  double r;
  switch (k) {
  case LT_ARITH_ADDF:
    r = a + b;
    break;
  case LT_ARITH_SUBF:
    r = a - b;
    break;
  case LT_ARITH_MULF:
    r = a * b;
    break;
  case LT_ARITH_DIVF:
    r = a / b;
    break;
  default:
    r = lt_arith_float_binop_ext(k, a, b);
    break;
  }
  /* An invalid operation (inf - inf, 0 * inf, 0 / 0) gives APFloat's
   * positive quiet NaN; x86 would give a negative one. */
  if (isnan(r) && !isnan(a) && !isnan(b)) r = copysign(NAN, 1.0);
  return r;
}

static bool is_float_binop(lt_arith_binop_t k) { return k >= LT_ARITH_ADDF; }

const lt_attr_t *lt_arith_const_binop(lt_context_t *ctx, lt_arith_binop_t k,
                                      const lt_attr_t *a, const lt_attr_t *b,
                                      const lt_type_t *type) {
  cview_t va, vb;
  if (!cview_init(a, &va) || !cview_init(b, &vb) || va.n != vb.n) return NULL;
  const cview_t *in[2] = {&va, &vb};
  cout_t o;
  if (!cout_init(&o, ctx, type, compute_count(in, 2))) return NULL;
  bool is_float = is_float_binop(k);
  if (is_float != lt_type_is_float(o.elem)) {
    cout_free(&o);
    return NULL;
  }
  uint32_t w = int_width(type);
  for (int64_t i = 0; i < o.n; i++) {
    if (is_float) {
      cout_float(&o, i, float_binop(k, cv_float(&va, i), cv_float(&vb, i)));
      continue;
    }
    int64_t r;
    if (!int_binop(k, cv_int(&va, i), cv_int(&vb, i), w, &r)) {
      cout_free(&o);
      return NULL;
    }
    cout_int(&o, i, r);
  }
  return cout_finish(&o);
}

/* Zero (or all-ones) of a type, as a scalar or splat. */
static const lt_attr_t *int_splat(lt_context_t *ctx, const lt_type_t *type,
                                  int64_t v) {
  cout_t o;
  if (!cout_init(&o, ctx, type, 1)) return NULL;
  cout_int(&o, 0, v);
  return cout_finish(&o);
}

static bool same_value(lt_op_t *op) {
  return lt_op_operand(op, 0) == lt_op_operand(op, 1);
}

static lt_op_t *def_named(lt_value_t *v, const char *name) {
  lt_op_t *d = lt_value_defining_op(v);
  return d && strcmp(lt_op_name(d), name) == 0 ? d : NULL;
}

/* Integer constant whose low `width` bits are all ones (-1). */
static bool match_all_ones(lt_value_t *v) {
  int64_t x;
  if (!lt_match_constant_int(v, &x)) return false;
  uint32_t w = int_width(v->type);
  return zext(x, w) == zext(-1, w);
}

static lt_result_t fold_value(lt_fold_result_t *r, lt_value_t *v) {
  r[0].value = v;
  return LT_SUCCESS;
}

static lt_result_t fold_attr(lt_fold_result_t *r, const lt_attr_t *a) {
  if (!a) return LT_FAILURE;
  r[0].attr = a;
  return LT_SUCCESS;
}

static lt_result_t fold_binop(lt_op_t *op, const lt_attr_t *const *c,
                              lt_fold_result_t *r, lt_arith_binop_t k) {
  if (!c[0] || !c[1]) return LT_FAILURE;
  return fold_attr(r, lt_arith_const_binop(lt_op_context(op), k, c[0], c[1],
                                           op->results[0].type));
}

/* ---- folders ------------------------------------------------------------- */

lt_result_t lt_arith_fold_constant(lt_op_t *op, const lt_attr_t *const *c,
                                   lt_fold_result_t *r) {
  LT_UNUSED(c);
  return fold_attr(r, lt_op_attr(op, "value"));
}

lt_result_t lt_arith_fold_addi(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  lt_value_t *lhs = lt_op_operand(op, 0), *rhs = lt_op_operand(op, 1);
  if (lt_match_zero(rhs)) return fold_value(r, lhs);
  /* addi(subi(a, b), b) -> a; addi(b, subi(a, b)) -> a */
  lt_op_t *sub = def_named(lhs, "arith.subi");
  if (sub && lt_op_operand(sub, 1) == rhs)
    return fold_value(r, lt_op_operand(sub, 0));
  sub = def_named(rhs, "arith.subi");
  if (sub && lt_op_operand(sub, 1) == lhs)
    return fold_value(r, lt_op_operand(sub, 0));
  return fold_binop(op, c, r, LT_ARITH_ADDI);
}

lt_result_t lt_arith_fold_subi(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  lt_value_t *lhs = lt_op_operand(op, 0), *rhs = lt_op_operand(op, 1);
  if (same_value(op))
    return fold_attr(r, int_splat(lt_op_context(op), op->results[0].type, 0));
  if (lt_match_zero(rhs)) return fold_value(r, lhs);
  /* subi(addi(a, b), b) -> a; subi(addi(a, b), a) -> b */
  lt_op_t *add = def_named(lhs, "arith.addi");
  if (add && lt_op_operand(add, 1) == rhs)
    return fold_value(r, lt_op_operand(add, 0));
  if (add && lt_op_operand(add, 0) == rhs)
    return fold_value(r, lt_op_operand(add, 1));
  return fold_binop(op, c, r, LT_ARITH_SUBI);
}

lt_result_t lt_arith_fold_muli(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  lt_value_t *rhs = lt_op_operand(op, 1);
  if (lt_match_zero(rhs)) return fold_value(r, rhs);
  if (lt_match_one(rhs)) return fold_value(r, lt_op_operand(op, 0));
  return fold_binop(op, c, r, LT_ARITH_MULI);
}

lt_result_t lt_arith_fold_divsi(lt_op_t *op, const lt_attr_t *const *c,
                                lt_fold_result_t *r) {
  if (lt_match_one(lt_op_operand(op, 1)))
    return fold_value(r, lt_op_operand(op, 0));
  return fold_binop(op, c, r, LT_ARITH_DIVSI);
}

lt_result_t lt_arith_fold_divui(lt_op_t *op, const lt_attr_t *const *c,
                                lt_fold_result_t *r) {
  if (lt_match_one(lt_op_operand(op, 1)))
    return fold_value(r, lt_op_operand(op, 0));
  return fold_binop(op, c, r, LT_ARITH_DIVUI);
}

lt_result_t lt_arith_fold_remsi(lt_op_t *op, const lt_attr_t *const *c,
                                lt_fold_result_t *r) {
  if (lt_match_one(lt_op_operand(op, 1)))
    return fold_attr(r, int_splat(lt_op_context(op), op->results[0].type, 0));
  return fold_binop(op, c, r, LT_ARITH_REMSI);
}

lt_result_t lt_arith_fold_andi(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  lt_value_t *lhs = lt_op_operand(op, 0), *rhs = lt_op_operand(op, 1);
  if (lt_match_zero(rhs)) return fold_value(r, rhs);
  if (match_all_ones(rhs) || lhs == rhs) return fold_value(r, lhs);
  return fold_binop(op, c, r, LT_ARITH_ANDI);
}

lt_result_t lt_arith_fold_ori(lt_op_t *op, const lt_attr_t *const *c,
                              lt_fold_result_t *r) {
  lt_value_t *lhs = lt_op_operand(op, 0), *rhs = lt_op_operand(op, 1);
  if (lt_match_zero(rhs) || lhs == rhs) return fold_value(r, lhs);
  if (match_all_ones(rhs)) return fold_value(r, rhs);
  return fold_binop(op, c, r, LT_ARITH_ORI);
}

lt_result_t lt_arith_fold_xori(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  lt_value_t *lhs = lt_op_operand(op, 0), *rhs = lt_op_operand(op, 1);
  if (lt_match_zero(rhs)) return fold_value(r, lhs);
  if (lhs == rhs)
    return fold_attr(r, int_splat(lt_op_context(op), op->results[0].type, 0));
  /* xori(xori(x, a), a) -> x */
  lt_op_t *prev = def_named(lhs, "arith.xori");
  if (prev && lt_op_operand(prev, 1) == rhs)
    return fold_value(r, lt_op_operand(prev, 0));
  if (prev && lt_op_operand(prev, 0) == rhs)
    return fold_value(r, lt_op_operand(prev, 1));
  return fold_binop(op, c, r, LT_ARITH_XORI);
}

/* Float identities: x + -0.0, x - +0.0, x * 1.0, x / 1.0 are x. */
static bool match_float_const(lt_value_t *v, double want, bool negative_zero) {
  double f;
  if (!lt_match_constant_float(v, &f)) return false;
  if (want == 0.0) return f == 0.0 && (signbit(f) != 0) == negative_zero;
  return f == want;
}

lt_result_t lt_arith_fold_addf(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  if (match_float_const(lt_op_operand(op, 1), 0.0, true))
    return fold_value(r, lt_op_operand(op, 0));
  return fold_binop(op, c, r, LT_ARITH_ADDF);
}

lt_result_t lt_arith_fold_subf(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  if (match_float_const(lt_op_operand(op, 1), 0.0, false))
    return fold_value(r, lt_op_operand(op, 0));
  return fold_binop(op, c, r, LT_ARITH_SUBF);
}

lt_result_t lt_arith_fold_mulf(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  if (match_float_const(lt_op_operand(op, 1), 1.0, false))
    return fold_value(r, lt_op_operand(op, 0));
  return fold_binop(op, c, r, LT_ARITH_MULF);
}

lt_result_t lt_arith_fold_divf(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  if (match_float_const(lt_op_operand(op, 1), 1.0, false))
    return fold_value(r, lt_op_operand(op, 0));
  return fold_binop(op, c, r, LT_ARITH_DIVF);
}

/* ---- comparisons and select ---------------------------------------------- */

static bool predicate_of(lt_op_t *op, int64_t count, int64_t *out) {
  const lt_attr_t *p = lt_op_attr(op, "predicate");
  if (!p || p->kind != LT_ATTR_INTEGER || p->i < 0 || p->i >= count)
    return false;
  *out = p->i;
  return true;
}

static bool cmpi_eval(lt_cmpi_predicate_t p, int64_t a, int64_t b, uint32_t w) {
  int64_t sa = sext((uint64_t)a, w), sb = sext((uint64_t)b, w);
  uint64_t ua = zext(a, w), ub = zext(b, w);
  switch (p) {
  case LT_CMPI_EQ:
    return ua == ub;
  case LT_CMPI_NE:
    return ua != ub;
  case LT_CMPI_SLT:
    return sa < sb;
  case LT_CMPI_SLE:
    return sa <= sb;
  case LT_CMPI_SGT:
    return sa > sb;
  case LT_CMPI_SGE:
    return sa >= sb;
  case LT_CMPI_ULT:
    return ua < ub;
  case LT_CMPI_ULE:
    return ua <= ub;
  case LT_CMPI_UGT:
    return ua > ub;
  default:
    return ua >= ub;
  }
}

lt_cmpi_predicate_t lt_cmpi_invert(lt_cmpi_predicate_t p) {
  static const lt_cmpi_predicate_t inverse[LT_CMPI_COUNT] = {
      LT_CMPI_NE,  LT_CMPI_EQ,  LT_CMPI_SGE, LT_CMPI_SGT, LT_CMPI_SLE,
      LT_CMPI_SLT, LT_CMPI_UGE, LT_CMPI_UGT, LT_CMPI_ULE, LT_CMPI_ULT};
  return inverse[p];
}

lt_result_t lt_arith_fold_cmpi(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  int64_t p;
  if (!predicate_of(op, LT_CMPI_COUNT, &p)) return LT_FAILURE;
  lt_context_t *ctx = lt_op_context(op);
  const lt_type_t *rt = op->results[0].type;
  if (same_value(op)) {
    /* x == x holds for eq and the non-strict orders. */
    bool v = p == LT_CMPI_EQ || p == LT_CMPI_SLE || p == LT_CMPI_SGE ||
             p == LT_CMPI_ULE || p == LT_CMPI_UGE;
    return fold_attr(r, int_splat(ctx, rt, v));
  }
  cview_t va, vb;
  if (!cview_init(c[0], &va) || !cview_init(c[1], &vb) || va.n != vb.n)
    return LT_FAILURE;
  const cview_t *in[2] = {&va, &vb};
  cout_t o;
  if (!cout_init(&o, ctx, rt, compute_count(in, 2))) return LT_FAILURE;
  uint32_t w = int_width(lt_op_operand(op, 0)->type);
  for (int64_t i = 0; i < o.n; i++)
    cout_int(
        &o, i,
        cmpi_eval((lt_cmpi_predicate_t)p, cv_int(&va, i), cv_int(&vb, i), w));
  return fold_attr(r, cout_finish(&o));
}

static bool cmpf_eval(lt_cmpf_predicate_t p, double a, double b) {
  bool unordered = isnan(a) || isnan(b);
  switch (p) {
  case LT_CMPF_FALSE:
    return false;
  case LT_CMPF_OEQ:
    return !unordered && a == b;
  case LT_CMPF_OGT:
    return !unordered && a > b;
  case LT_CMPF_OGE:
    return !unordered && a >= b;
  case LT_CMPF_OLT:
    return !unordered && a < b;
  case LT_CMPF_OLE:
    return !unordered && a <= b;
  case LT_CMPF_ONE:
    return !unordered && a != b;
  case LT_CMPF_ORD:
    return !unordered;
  case LT_CMPF_UEQ:
    return unordered || a == b;
  case LT_CMPF_UGT:
    return unordered || a > b;
  case LT_CMPF_UGE:
    return unordered || a >= b;
  case LT_CMPF_ULT:
    return unordered || a < b;
  case LT_CMPF_ULE:
    return unordered || a <= b;
  case LT_CMPF_UNE:
    return unordered || a != b;
  case LT_CMPF_UNO:
    return unordered;
  default:
    return true;
  }
}

lt_result_t lt_arith_fold_cmpf(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  int64_t p;
  if (!predicate_of(op, LT_CMPF_COUNT, &p)) return LT_FAILURE;
  lt_context_t *ctx = lt_op_context(op);
  const lt_type_t *rt = op->results[0].type;
  if (p == LT_CMPF_FALSE || p == LT_CMPF_TRUE)
    return fold_attr(r, int_splat(ctx, rt, p == LT_CMPF_TRUE));
  cview_t va, vb;
  if (!cview_init(c[0], &va) || !cview_init(c[1], &vb) || va.n != vb.n)
    return LT_FAILURE;
  const cview_t *in[2] = {&va, &vb};
  cout_t o;
  if (!cout_init(&o, ctx, rt, compute_count(in, 2))) return LT_FAILURE;
  for (int64_t i = 0; i < o.n; i++)
    cout_int(
        &o, i,
        cmpf_eval((lt_cmpf_predicate_t)p, cv_float(&va, i), cv_float(&vb, i)));
  return fold_attr(r, cout_finish(&o));
}

lt_result_t lt_arith_fold_select(lt_op_t *op, const lt_attr_t *const *c,
                                 lt_fold_result_t *r) {
  lt_value_t *cond = lt_op_operand(op, 0), *t = lt_op_operand(op, 1),
             *f = lt_op_operand(op, 2);
  if (t == f) return fold_value(r, t);
  cview_t vc, vt, vf;
  if (cview_init(c[0], &vc) && vc.splat)
    return fold_value(r, (cv_int(&vc, 0) & 1) ? t : f);
  const lt_type_t *rt = op->results[0].type;
  /* select(c, true, false) on i1 is c. */
  if (rt->kind == LT_TYPE_INTEGER && rt->integer.width == 1 &&
      lt_match_one(t) && lt_match_zero(f))
    return fold_value(r, cond);
  if (!cview_init(c[0], &vc) || !cview_init(c[1], &vt) ||
      !cview_init(c[2], &vf) || vc.n != vt.n || vc.n != vf.n)
    return LT_FAILURE;
  cout_t o;
  if (!cout_init(&o, lt_op_context(op), rt, vc.n)) return LT_FAILURE;
  bool is_float = lt_type_is_float(o.elem);
  for (int64_t i = 0; i < o.n; i++) {
    const cview_t *pick = (cv_int(&vc, i) & 1) ? &vt : &vf;
    if (is_float)
      cout_float(&o, i, cv_float(pick, i));
    else
      cout_int(&o, i, cv_int(pick, i));
  }
  return fold_attr(r, cout_finish(&o));
}

/* ---- casts --------------------------------------------------------------- */

typedef lt_arith_unop_t cast_kind_t;

/* Rounds an unsigned integer to `bits` significant bits, to nearest even,
 * so that converting the result to double and then to the float type is
 * exact. */
static double round_uint_to_precision(uint64_t m, int bits) {
  int len = 0;
  for (uint64_t t = m; t; t >>= 1)
    len++;
  if (len <= bits) return (double)m;
  int drop = len - bits;
  uint64_t half = 1ull << (drop - 1), rem = m & ((1ull << drop) - 1);
  m >>= drop;
  if (rem > half || (rem == half && (m & 1))) m++;
  return ldexp((double)m, drop);
}

/* The same for a signed integer (sign and magnitude). */
static double round_int_to_precision(int64_t v, int bits) {
  uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  double d = round_uint_to_precision(m, bits);
  return v < 0 ? -d : d;
}

static int float_precision(lt_type_kind_t k) {
  switch (k) {
  case LT_TYPE_F16:
    return 11;
  case LT_TYPE_BF16:
    return 8;
  case LT_TYPE_F32:
    return 24;
  default:
    return 53;
  }
}

static bool cast_elem(cast_kind_t k, const lt_type_t *in, const lt_type_t *out,
                      const cview_t *v, int64_t i, cout_t *o) {
  uint32_t win = int_width(in), wout = int_width(out);
  switch (k) {
  case LT_ARITH_UNOP_EXTSI:
  case LT_ARITH_UNOP_TRUNCI:
  case LT_ARITH_UNOP_INDEX:
    cout_int(o, i, sext((uint64_t)cv_int(v, i), win));
    return true;
  case LT_ARITH_UNOP_EXTUI:
    cout_int(o, i, (int64_t)zext(cv_int(v, i), win));
    return true;
  case LT_ARITH_UNOP_SITOFP:
    cout_float(o, i,
               round_int_to_precision(sext((uint64_t)cv_int(v, i), win),
                                      float_precision(out->kind)));
    return true;
  case LT_ARITH_UNOP_UITOFP:
    cout_float(o, i,
               round_uint_to_precision(zext(cv_int(v, i), win),
                                       float_precision(out->kind)));
    return true;
  case LT_ARITH_UNOP_FPTOUI: {
    /* APFloat's convertToInteger toward zero: -0.5 gives 0, -1 is invalid. */
    double d = trunc(cv_float(v, i));
    if (isnan(d) || d < 0 || d >= ldexp(1.0, (int)wout)) return false;
    cout_int(o, i, sext((uint64_t)d, wout));
    return true;
  }
  case LT_ARITH_UNOP_NEGF:
    cout_float(o, i, -cv_float(v, i));
    return true;
  case LT_ARITH_UNOP_FPTOSI: {
    double d = trunc(cv_float(v, i));
    double lim = ldexp(1.0, (int)wout - 1);
    if (isnan(d) || d < -lim || d >= lim) return false;
    cout_int(o, i, (int64_t)d);
    return true;
  }
  case LT_ARITH_UNOP_EXTF:
  case LT_ARITH_UNOP_TRUNCF:
    cout_float(o, i, cv_float(v, i));
    return true;
  case LT_ARITH_UNOP_BITCAST: {
    uint64_t bits = lt_type_is_float(in)
                        ? lt_float_to_bits(in->kind, cv_float(v, i))
                        : zext(cv_int(v, i), win);
    if (lt_type_is_float(out))
      cout_float(o, i, lt_float_from_bits(out->kind, bits));
    else
      cout_int(o, i, sext(bits, wout));
    return true;
  }
  }
  return false;
}

const lt_attr_t *lt_arith_const_unop(lt_context_t *ctx, lt_arith_unop_t k,
                                     const lt_attr_t *a,
                                     const lt_type_t *in_type,
                                     const lt_type_t *out_type) {
  cview_t v;
  if (!cview_init(a, &v)) return NULL;
  const lt_type_t *in = lt_type_element(in_type);
  cout_t o;
  if (!cout_init(&o, ctx, out_type, v.splat ? 1 : v.n)) return NULL;
  for (int64_t i = 0; i < o.n; i++)
    if (!cast_elem(k, in, o.elem, &v, i, &o)) {
      cout_free(&o);
      return NULL;
    }
  return cout_finish(&o);
}

static lt_result_t fold_cast_const(lt_op_t *op, const lt_attr_t *const *c,
                                   lt_fold_result_t *r, cast_kind_t k) {
  return fold_attr(r, lt_arith_const_unop(lt_op_context(op), k, c[0],
                                          lt_op_operand(op, 0)->type,
                                          op->results[0].type));
}

/* ext(ext(x)) -> ext(x): the op now reads x directly (an in-place fold). */
static lt_result_t fold_through(lt_op_t *op, lt_fold_result_t *r,
                                const char *inner_name) {
  lt_op_t *inner = def_named(lt_op_operand(op, 0), inner_name);
  if (!inner) return LT_FAILURE;
  lt_op_set_operand(op, 0, lt_op_operand(inner, 0));
  return fold_value(r, lt_op_result(op, 0));
}

lt_result_t lt_arith_fold_extsi(lt_op_t *op, const lt_attr_t *const *c,
                                lt_fold_result_t *r) {
  if (LT_SUCCEEDED(fold_through(op, r, "arith.extsi"))) return LT_SUCCESS;
  return fold_cast_const(op, c, r, LT_ARITH_UNOP_EXTSI);
}

lt_result_t lt_arith_fold_extui(lt_op_t *op, const lt_attr_t *const *c,
                                lt_fold_result_t *r) {
  if (LT_SUCCEEDED(fold_through(op, r, "arith.extui"))) return LT_SUCCESS;
  return fold_cast_const(op, c, r, LT_ARITH_UNOP_EXTUI);
}

lt_result_t lt_arith_fold_trunci(lt_op_t *op, const lt_attr_t *const *c,
                                 lt_fold_result_t *r) {
  lt_value_t *in = lt_op_operand(op, 0);
  /* trunci(extsi(x)) and trunci(extui(x)) -> x when x has the result type */
  lt_op_t *ext = def_named(in, "arith.extsi");
  if (!ext) ext = def_named(in, "arith.extui");
  if (ext && lt_op_operand(ext, 0)->type == op->results[0].type)
    return fold_value(r, lt_op_operand(ext, 0));
  if (LT_SUCCEEDED(fold_through(op, r, "arith.trunci"))) return LT_SUCCESS;
  return fold_cast_const(op, c, r, LT_ARITH_UNOP_TRUNCI);
}

lt_result_t lt_arith_fold_sitofp(lt_op_t *op, const lt_attr_t *const *c,
                                 lt_fold_result_t *r) {
  return fold_cast_const(op, c, r, LT_ARITH_UNOP_SITOFP);
}

lt_result_t lt_arith_fold_fptosi(lt_op_t *op, const lt_attr_t *const *c,
                                 lt_fold_result_t *r) {
  return fold_cast_const(op, c, r, LT_ARITH_UNOP_FPTOSI);
}

lt_result_t lt_arith_fold_extf(lt_op_t *op, const lt_attr_t *const *c,
                               lt_fold_result_t *r) {
  return fold_cast_const(op, c, r, LT_ARITH_UNOP_EXTF);
}

lt_result_t lt_arith_fold_truncf(lt_op_t *op, const lt_attr_t *const *c,
                                 lt_fold_result_t *r) {
  return fold_cast_const(op, c, r, LT_ARITH_UNOP_TRUNCF);
}

lt_result_t lt_arith_fold_index_cast(lt_op_t *op, const lt_attr_t *const *c,
                                     lt_fold_result_t *r) {
  /* index_cast(index_cast(x)) -> x when the first cast lost no bits. */
  lt_op_t *inner = def_named(lt_op_operand(op, 0), "arith.index_cast");
  if (inner) {
    lt_value_t *x = lt_op_operand(inner, 0);
    if (x->type == op->results[0].type &&
        int_width(x->type) <= int_width(lt_op_operand(op, 0)->type))
      return fold_value(r, x);
  }
  return fold_cast_const(op, c, r, LT_ARITH_UNOP_INDEX);
}

lt_result_t lt_arith_fold_bitcast(lt_op_t *op, const lt_attr_t *const *c,
                                  lt_fold_result_t *r) {
  lt_op_t *inner = def_named(lt_op_operand(op, 0), "arith.bitcast");
  if (inner) {
    lt_value_t *x = lt_op_operand(inner, 0);
    if (x->type == op->results[0].type) return fold_value(r, x);
    lt_op_set_operand(op, 0, x);
    return fold_value(r, lt_op_result(op, 0));
  }
  return fold_cast_const(op, c, r, LT_ARITH_UNOP_BITCAST);
}

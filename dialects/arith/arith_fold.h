/* arith_fold.h - arith's folders and the constant arithmetic they share with
 * the canonicalization patterns (internal to dialects/arith). Constants are
 * scalar integer/float attributes or dense tensors (splat or not); results
 * wrap around at the type's width and floats round to the type's precision,
 * as MLIR's APInt/APFloat folding does. */
#ifndef LITE_DIALECTS_ARITH_ARITH_FOLD_H
#define LITE_DIALECTS_ARITH_ARITH_FOLD_H

#include "ir/operation.h"

#define LT_ARITH_BINOPS(X)                                                     \
  X(ADDI)                                                                      \
  X(SUBI)                                                                      \
  X(MULI)                                                                      \
  X(DIVSI)                                                                     \
  X(DIVUI)                                                                     \
  X(REMSI)                                                                     \
  X(ANDI)                                                                      \
  X(ORI)                                                                       \
  X(XORI)                                                                      \
  X(MAXSI)                                                                     \
  X(MINSI)                                                                     \
  X(MAXUI)                                                                     \
  X(MINUI)                                                                     \
  X(SHLI)                                                                      \
  X(SHRSI)                                                                     \
  X(SHRUI)                                                                     \
  X(REMUI)                                                                     \
  X(FLOORDIVSI)                                                                \
  X(CEILDIVSI)                                                                 \
  X(ADDF) /* the float ops follow: keep ADDF first */                          \
  X(SUBF)                                                                      \
  X(MULF)                                                                      \
  X(DIVF)                                                                      \
  X(MAXF)                                                                      \
  X(MINF)                                                                      \
  X(REMF)

typedef enum lt_arith_binop {
#define X(k) LT_ARITH_##k,
  LT_ARITH_BINOPS(X)
#undef X
} lt_arith_binop_t;

/* cmpi predicates in MLIR's numbering. */
#define LT_CMPI_PREDICATES(X)                                                  \
  X(EQ, "eq")                                                                  \
  X(NE, "ne")                                                                  \
  X(SLT, "slt")                                                                \
  X(SLE, "sle")                                                                \
  X(SGT, "sgt")                                                                \
  X(SGE, "sge")                                                                \
  X(ULT, "ult")                                                                \
  X(ULE, "ule")                                                                \
  X(UGT, "ugt")                                                                \
  X(UGE, "uge")

typedef enum lt_cmpi_predicate {
#define X(k, s) LT_CMPI_##k,
  LT_CMPI_PREDICATES(X)
#undef X
} lt_cmpi_predicate_t;
#define LT_CMPI_COUNT (LT_CMPI_UGE + 1)

/* cmpf predicates in MLIR's numbering. */
#define LT_CMPF_PREDICATES(X)                                                  \
  X(FALSE, "false")                                                            \
  X(OEQ, "oeq")                                                                \
  X(OGT, "ogt")                                                                \
  X(OGE, "oge")                                                                \
  X(OLT, "olt")                                                                \
  X(OLE, "ole")                                                                \
  X(ONE, "one")                                                                \
  X(ORD, "ord")                                                                \
  X(UEQ, "ueq")                                                                \
  X(UGT, "ugt")                                                                \
  X(UGE, "uge")                                                                \
  X(ULT, "ult")                                                                \
  X(ULE, "ule")                                                                \
  X(UNE, "une")                                                                \
  X(UNO, "uno")                                                                \
  X(TRUE, "true")

typedef enum lt_cmpf_predicate {
#define X(k, s) LT_CMPF_##k,
  LT_CMPF_PREDICATES(X)
#undef X
} lt_cmpf_predicate_t;
#define LT_CMPF_COUNT (LT_CMPF_TRUE + 1)

/* a OP b elementwise for constants of type `type`; NULL when not foldable
 * (not constants, division by zero, signed overflow of divsi, floordivsi
 * and ceildivsi as MLIR 16 detects it, shifts past the width). */
const lt_attr_t *lt_arith_const_binop(lt_context_t *ctx, lt_arith_binop_t k,
                                      const lt_attr_t *a, const lt_attr_t *b,
                                      const lt_type_t *type);
/* The binops of arith_fold_ext.c on one element: the shifts and
 * floordivsi/ceildivsi on w-bit operands (zero-extended into ua, ub; the
 * result sign-extended), maxf/minf/remf in double. */
bool lt_arith_int_binop_ext(lt_arith_binop_t k, uint64_t ua, uint64_t ub,
                            uint32_t w, int64_t *out);
double lt_arith_float_binop_ext(lt_arith_binop_t k, double a, double b);

/* Elementwise maps of one constant: the casts, and negf. */
#define LT_ARITH_UNOPS(X)                                                      \
  X(EXTSI)                                                                     \
  X(EXTUI)                                                                     \
  X(TRUNCI)                                                                    \
  X(SITOFP)                                                                    \
  X(UITOFP)                                                                    \
  X(FPTOSI)                                                                    \
  X(FPTOUI)                                                                    \
  X(EXTF)                                                                      \
  X(TRUNCF)                                                                    \
  X(INDEX)                                                                     \
  X(BITCAST)                                                                   \
  X(NEGF)

typedef enum lt_arith_unop {
#define X(k) LT_ARITH_UNOP_##k,
  LT_ARITH_UNOPS(X)
#undef X
} lt_arith_unop_t;

/* OP a elementwise, a of type in_type, the result of type out_type; NULL
 * when not foldable (not a constant, fptosi/fptoui out of range). */
const lt_attr_t *lt_arith_const_unop(lt_context_t *ctx, lt_arith_unop_t k,
                                     const lt_attr_t *a,
                                     const lt_type_t *in_type,
                                     const lt_type_t *out_type);
/* The cmpi predicate with the opposite outcome (eq <-> ne, slt <-> sge...). */
lt_cmpi_predicate_t lt_cmpi_invert(lt_cmpi_predicate_t p);

/* Fold hooks (lt_op_fold_fn_t) of the arith ops; those from maxf on are
 * in arith_fold_ext.c. */
#define LT_ARITH_FOLDERS(X)                                                    \
  X(constant)                                                                  \
  X(addi)                                                                      \
  X(subi)                                                                      \
  X(muli)                                                                      \
  X(divsi)                                                                     \
  X(divui)                                                                     \
  X(remsi)                                                                     \
  X(andi)                                                                      \
  X(ori)                                                                       \
  X(xori)                                                                      \
  X(addf)                                                                      \
  X(subf)                                                                      \
  X(mulf)                                                                      \
  X(divf)                                                                      \
  X(cmpi)                                                                      \
  X(cmpf)                                                                      \
  X(select)                                                                    \
  X(extsi)                                                                     \
  X(extui)                                                                     \
  X(trunci)                                                                    \
  X(sitofp)                                                                    \
  X(fptosi)                                                                    \
  X(extf)                                                                      \
  X(truncf)                                                                    \
  X(index_cast)                                                                \
  X(bitcast)                                                                   \
  X(maxf)                                                                      \
  X(minf)                                                                      \
  X(negf)                                                                      \
  X(remf)                                                                      \
  X(uitofp)                                                                    \
  X(fptoui)                                                                    \
  X(maxsi)                                                                     \
  X(minsi)                                                                     \
  X(maxui)                                                                     \
  X(minui)                                                                     \
  X(shli)                                                                      \
  X(shrsi)                                                                     \
  X(shrui)                                                                     \
  X(remui)                                                                     \
  X(floordivsi)                                                                \
  X(ceildivsi)

#define X(name)                                                                \
  lt_result_t lt_arith_fold_##name(lt_op_t *op, const lt_attr_t *const *c,     \
                                   lt_fold_result_t *r);
LT_ARITH_FOLDERS(X)
#undef X

/* Canonicalization hooks (lt_op_canon_fn_t), in arith_canon.c. */
void lt_arith_canon_addi(lt_context_t *ctx, lt_pattern_set_t *set);
void lt_arith_canon_subi(lt_context_t *ctx, lt_pattern_set_t *set);
void lt_arith_canon_muli(lt_context_t *ctx, lt_pattern_set_t *set);
void lt_arith_canon_xori(lt_context_t *ctx, lt_pattern_set_t *set);

#endif /* LITE_DIALECTS_ARITH_ARITH_FOLD_H */

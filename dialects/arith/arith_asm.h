/* arith_asm.h - the custom assembly of the arith ops, as MLIR 16 prints and
 * parses it, one print/parse pair per form:
 *
 *   constant      %c1_i32 = arith.constant 1 : i32
 *   int_binary    %0 = arith.addi %a, %b : i32
 *   float_binary  %0 = arith.addf %x, %y fastmath<nnan> : f32
 *   float_unary   %0 = arith.negf %x fastmath<nnan> : f32
 *   cmpi / cmpf   %0 = arith.cmpi slt, %a, %b : i32
 *   select        %0 = arith.select %c, %a, %b : tensor<4xi1>, tensor<4xi32>
 *   cast          %0 = arith.extsi %a : i16 to i32
 *
 * The `{attrs}` dictionary goes after the operands (before the value for
 * constants). IR a form cannot express (mismatched types, a missing or bad
 * attribute) prints in the generic form. */
#ifndef LITE_DIALECTS_ARITH_ARITH_ASM_H
#define LITE_DIALECTS_ARITH_ARITH_ASM_H

#include "ir/operation.h"

#define LT_ARITH_ASM_FORMS(X)                                                  \
  X(constant)                                                                  \
  X(int_binary)                                                                \
  X(float_binary)                                                              \
  X(float_unary)                                                               \
  X(cmpi)                                                                      \
  X(cmpf)                                                                      \
  X(select)                                                                    \
  X(cast)

/* lt_arith_print_<form>: the op's print hook (lt_op_print_fn_t);
 * lt_arith_parse_<form>: its parse hook (lt_op_parse_fn_t). */
#define X(form)                                                                \
  void lt_arith_print_##form(lt_op_t *op, lt_asm_printer_t *p);                \
  lt_result_t lt_arith_parse_##form(lt_asm_parser_t *p, lt_op_state_t *state);
LT_ARITH_ASM_FORMS(X)
#undef X

/* Fast-math flags, shared with the math dialect (whose ops carry the same
 * `#arith.fastmath<...>` attribute). lt_arith_fastmath_bits decodes such an
 * attribute into MLIR's flag bits (false when a is not one);
 * lt_arith_fastmath_text appends `fastmath<nnan,ninf>` for bits;
 * lt_arith_parse_fastmath parses `<flags>` after the `fastmath` keyword and
 * adds the attribute to state unless the flags are none. */
bool lt_arith_fastmath_bits(const lt_attr_t *a, uint32_t *out_bits);
void lt_arith_fastmath_text(uint32_t bits, lt_strbuf_t *out);
lt_result_t lt_arith_parse_fastmath(lt_asm_parser_t *p, lt_op_state_t *state);

/* arith.constant's result name (MLIR ConstantOp::getAsmResultNames):
 * `true`/`false` for i1, `c<value>_<type>` for integers (`c<value>` for
 * index), `cst` for anything else. */
void lt_arith_constant_result_names(lt_op_t *op, lt_asm_set_name_fn_t set_name,
                                    void *cookie);

#endif /* LITE_DIALECTS_ARITH_ARITH_ASM_H */

/* func.h - the func dialect: func.func, func.return, func.call. */
#ifndef LITE_DIALECTS_FUNC_FUNC_H
#define LITE_DIALECTS_FUNC_FUNC_H

#include "ir/operation.h"

extern const lt_dialect_t lt_func_dialect;

/* The function_type attribute's type of a func.func. */
const lt_type_t *lt_func_type(lt_op_t *func);
/* The entry block, NULL for a declaration. */
lt_block_t *lt_func_entry(lt_op_t *func);

/* Custom syntax hooks: printing in func_print.c, parsing in func_parse.c. */
void lt_func_func_print(lt_op_t *op, lt_asm_printer_t *p);
lt_result_t lt_func_func_parse(lt_asm_parser_t *p, lt_op_state_t *state);
void lt_func_return_print(lt_op_t *op, lt_asm_printer_t *p);
lt_result_t lt_func_return_parse(lt_asm_parser_t *p, lt_op_state_t *state);
void lt_func_call_print(lt_op_t *op, lt_asm_printer_t *p);
lt_result_t lt_func_call_parse(lt_asm_parser_t *p, lt_op_state_t *state);

#endif /* LITE_DIALECTS_FUNC_FUNC_H */

/* builtin.h - the builtin dialect (builtin.module, builtin.unrealized_conversion_cast),
 * the only dialect the IR core knows. */
#ifndef LITE_IR_BUILTIN_H
#define LITE_IR_BUILTIN_H

#include "ir/operation.h"

extern const lt_dialect_t lt_builtin_dialect;

/* Creates an empty `builtin.module` with one block. */
lt_op_t *lt_module_create(lt_context_t *ctx, lt_loc_t loc);
/* The module's body block. */
lt_block_t *lt_module_body(lt_op_t *module);

/* Custom syntax hooks (printer.c / parser.c). */
void lt_builtin_module_print(lt_op_t *op, lt_asm_printer_t *p);
lt_result_t lt_builtin_module_parse(lt_asm_parser_t *p, lt_op_state_t *state);

#endif /* LITE_IR_BUILTIN_H */

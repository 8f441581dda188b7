/* func_print.c - the custom syntax of func.func, func.return and func.call,
 * as MLIR 16 prints them (function_interface_impl::printFunctionOp and the
 * ops' assembly formats). IR these forms cannot express prints generic. */
#include <string.h>

#include "dialects/func/func.h"
#include "ir/printer.h"

/* Entry i of an array-of-dictionaries attribute (arg_attrs / res_attrs). */
static const lt_attr_t *dict_at(const lt_attr_t *array, uint32_t i) {
  if (!array || array->kind != LT_ATTR_ARRAY || i >= array->array.count)
    return NULL;
  const lt_attr_t *d = array->array.elems[i];
  return d && d->kind == LT_ATTR_DICT ? d : NULL;
}

static const lt_type_t *signature(lt_op_t *op) {
  const lt_attr_t *a = lt_op_attr(op, "function_type");
  if (!a || a->kind != LT_ATTR_TYPE || !a->type ||
      a->type->kind != LT_TYPE_FUNCTION)
    return NULL;
  return a->type;
}

void lt_func_func_print(lt_op_t *op, lt_asm_printer_t *p) {
  static const char *const elided[] = {
      "sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs"};
  const lt_type_t *ft = signature(op);
  const lt_attr_t *name = lt_op_attr(op, "sym_name");
  const lt_attr_t *vis = lt_op_attr(op, "sym_visibility");
  lt_block_t *entry = op->num_regions == 1 ? op->regions[0].first : NULL;
  if (!ft || !name || name->kind != LT_ATTR_STRING || op->num_regions != 1 ||
      (vis && vis->kind != LT_ATTR_STRING) ||
      (entry && entry->num_args != ft->function.num_inputs)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_strbuf_t *out = lt_asm_stream(p);
  lt_asm_print_op_name(p, op);
  lt_strbuf_putc(out, ' ');
  if (vis) {
    lt_strbuf_append(out, vis->str.data, vis->str.len);
    lt_strbuf_putc(out, ' ');
  }
  lt_asm_print_symbol_name(p, name->str.data, name->str.len);

  const lt_attr_t *arg_attrs = lt_op_attr(op, "arg_attrs");
  lt_strbuf_putc(out, '(');
  for (uint32_t i = 0; i < ft->function.num_inputs; i++) {
    if (i) lt_strbuf_puts(out, ", ");
    if (entry) {
      lt_asm_print_region_arg(p, entry->args[i], dict_at(arg_attrs, i), false);
    } else {
      lt_asm_print_type(p, ft->function.types[i]);
      lt_asm_print_attr_dict(p, dict_at(arg_attrs, i), 0, NULL);
    }
  }
  lt_strbuf_putc(out, ')');

  uint32_t nr = ft->function.num_results;
  const lt_type_t *const *results =
      ft->function.types + ft->function.num_inputs;
  if (nr) {
    const lt_attr_t *res_attrs = lt_op_attr(op, "res_attrs");
    const lt_attr_t *first = dict_at(res_attrs, 0);
    bool parens = nr > 1 || results[0]->kind == LT_TYPE_FUNCTION ||
                  (first && first->dict.count);
    lt_strbuf_puts(out, " -> ");
    if (parens) lt_strbuf_putc(out, '(');
    for (uint32_t i = 0; i < nr; i++) {
      if (i) lt_strbuf_puts(out, ", ");
      lt_asm_print_type(p, results[i]);
      lt_asm_print_attr_dict(p, dict_at(res_attrs, i), 0, NULL);
    }
    if (parens) lt_strbuf_putc(out, ')');
  }
  lt_asm_print_attr_dict_kw(p, op->attrs, LT_ARRAY_SIZE(elided), elided);
  if (entry) {
    lt_strbuf_putc(out, ' ');
    lt_asm_print_region(p, &op->regions[0], false, true, false);
  }
}

void lt_func_return_print(lt_op_t *op, lt_asm_printer_t *p) {
  lt_asm_print_op_name(p, op);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  if (op->num_operands) {
    lt_asm_print_raw(p, " ");
    lt_asm_print_op_operands(p, op);
    lt_asm_print_raw(p, " : ");
    lt_asm_print_operand_types(p, op);
  }
}

void lt_func_call_print(lt_op_t *op, lt_asm_printer_t *p) {
  static const char *const elided[] = {"callee"};
  const lt_attr_t *callee = lt_op_attr(op, "callee");
  if (!callee || callee->kind != LT_ATTR_SYMBOL_REF) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_attr_no_type(p, callee);
  lt_asm_print_raw(p, "(");
  lt_asm_print_op_operands(p, op);
  lt_asm_print_raw(p, ")");
  lt_asm_print_attr_dict(p, op->attrs, LT_ARRAY_SIZE(elided), elided);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_functional_type(p, op);
}

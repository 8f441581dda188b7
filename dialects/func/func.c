/* func.c - the func dialect: func.func, func.return, func.call (op table and
 * verifiers; the custom syntax lives in func_print.c and func_parse.c). */
#include "dialects/func/func.h"

#include <string.h>

#include "ir/diagnostics.h"

const lt_type_t *lt_func_type(lt_op_t *func) {
  const lt_attr_t *t = lt_op_attr(func, "function_type");
  if (!t || t->kind != LT_ATTR_TYPE || !t->type ||
      t->type->kind != LT_TYPE_FUNCTION)
    return NULL;
  return t->type;
}

lt_block_t *lt_func_entry(lt_op_t *func) {
  if (func->num_regions == 0) return NULL;
  return lt_op_region(func, 0)->first;
}

/* Type text for messages; the buffer is reset on each call with that sb. */
static const char *type_str(lt_strbuf_t *sb, const lt_type_t *t) {
  sb->len = 0;
  if (sb->data) sb->data[0] = '\0';
  lt_type_print(t, sb);
  return sb->data ? sb->data : "";
}

static const lt_type_t *const *fn_inputs(const lt_type_t *ft) {
  return ft->function.types;
}

static const lt_type_t *const *fn_results(const lt_type_t *ft) {
  return ft->function.types + ft->function.num_inputs;
}

/* arg_attrs / res_attrs: arrays of dictionaries, one per argument/result. */
static lt_result_t verify_attr_array(lt_op_t *op, const char *name,
                                     const char *what, uint32_t expected) {
  const lt_attr_t *a = lt_op_attr(op, name);
  if (!a) return LT_SUCCESS;
  if (a->kind != LT_ATTR_ARRAY)
    return lt_op_emit_error(
        op, "attribute '%s' must be an array of dictionaries", name);
  if (a->array.count != expected)
    return lt_op_emit_error(
        op,
        "expects %s attribute array to have the same number "
        "of elements as the number of function %ss, got %u, "
        "but expected %u",
        what, what, a->array.count, expected);
  for (uint32_t i = 0; i < a->array.count; i++)
    if (a->array.elems[i]->kind != LT_ATTR_DICT)
      return lt_op_emit_error(op, "expects %s attribute dictionaries", what);
  return LT_SUCCESS;
}

static lt_result_t verify_func(lt_op_t *op) {
  const lt_attr_t *ft_attr = lt_op_attr(op, "function_type");
  if (!ft_attr)
    return lt_op_emit_error(op, "requires attribute 'function_type'");
  const lt_type_t *ft = lt_func_type(op);
  if (!ft)
    return lt_op_emit_error(op, "attribute 'function_type' failed to satisfy "
                                "constraint: type attribute of function type");
  if (LT_FAILED(verify_attr_array(op, "arg_attrs", "argument",
                                  ft->function.num_inputs)) ||
      LT_FAILED(verify_attr_array(op, "res_attrs", "result",
                                  ft->function.num_results)))
    return LT_FAILURE;

  lt_block_t *entry = lt_func_entry(op);
  if (!entry) {
    const lt_attr_t *vis = lt_op_attr(op, "sym_visibility");
    bool is_public =
        !vis || (vis->kind == LT_ATTR_STRING && vis->str.len == 6 &&
                 memcmp(vis->str.data, "public", 6) == 0);
    if (is_public)
      return lt_op_emit_error(
          op, "symbol declaration cannot have public visibility");
    return LT_SUCCESS;
  }
  if (entry->num_args != ft->function.num_inputs)
    return lt_op_emit_error(
        op, "entry block must have %u arguments to match function signature",
        ft->function.num_inputs);
  for (uint32_t i = 0; i < entry->num_args; i++) {
    const lt_type_t *want = fn_inputs(ft)[i];
    if (entry->args[i]->type == want) continue;
    lt_strbuf_t a = {0}, b = {0};
    lt_type_print(entry->args[i]->type, &a);
    lt_type_print(want, &b);
    lt_result_t r = lt_op_emit_error(
        op,
        "type of entry block argument #%u('%s') must match the type of the "
        "corresponding argument in function signature('%s')",
        i, a.data ? a.data : "", b.data ? b.data : "");
    lt_strbuf_free(&a);
    lt_strbuf_free(&b);
    return r;
  }
  return LT_SUCCESS;
}

static lt_result_t verify_return(lt_op_t *op) {
  lt_op_t *func = lt_op_parent_op(op);
  if (!func || strcmp(lt_op_name(func), "func.func") != 0)
    return lt_op_emit_error(op, "expects parent op 'func.func'");
  const lt_type_t *ft = lt_func_type(func);
  if (!ft) return LT_SUCCESS; /* the func's own verifier reports it */
  const lt_ident_t *name = lt_symbol_name(func);
  const char *fname = name ? name->str : "";
  if (op->num_operands != ft->function.num_results)
    return lt_op_emit_error(
        op, "has %u operands, but enclosing function (@%s) returns %u",
        op->num_operands, fname, ft->function.num_results);
  for (uint32_t i = 0; i < op->num_operands; i++) {
    const lt_type_t *want = fn_results(ft)[i];
    const lt_type_t *got = lt_op_operand(op, i)->type;
    if (got == want) continue;
    /* MLIR reports this one without the "'func.return' op" prefix. */
    lt_strbuf_t a = {0}, b = {0};
    lt_type_print(got, &a);
    lt_type_print(want, &b);
    lt_diag_t *d = lt_diag_begin(lt_op_context(op), op->loc, LT_SEV_ERROR);
    if (d)
      lt_diag_printf(d,
                     "type of return operand %u ('%s') doesn't match function "
                     "result type ('%s') in function @%s",
                     i, a.data ? a.data : "", b.data ? b.data : "", fname);
    lt_strbuf_free(&a);
    lt_strbuf_free(&b);
    return d ? lt_diag_emit(d) : LT_FAILURE;
  }
  return LT_SUCCESS;
}

static void print_type_list(lt_strbuf_t *sb, uint32_t n,
                            const lt_type_t *const *types) {
  for (uint32_t i = 0; i < n; i++) {
    if (i) lt_strbuf_puts(sb, ", ");
    lt_strbuf_putc(sb, '\'');
    lt_type_print(types[i], sb);
    lt_strbuf_putc(sb, '\'');
  }
}

static lt_result_t verify_call(lt_op_t *op) {
  const lt_attr_t *callee = lt_op_attr(op, "callee");
  if (!callee) return lt_op_emit_error(op, "requires attribute 'callee'");
  if (callee->kind != LT_ATTR_SYMBOL_REF || callee->symbol.count != 1)
    return lt_op_emit_error(op, "attribute 'callee' failed to satisfy "
                                "constraint: flat symbol reference attribute");
  const char *cname = callee->symbol.names[0]->str;
  lt_op_t *fn = lt_symbol_lookup_ref(op, callee);
  if (!fn || strcmp(lt_op_name(fn), "func.func") != 0 || !lt_func_type(fn))
    return lt_op_emit_error(op, "'%s' does not reference a valid function",
                            cname);
  const lt_type_t *ft = lt_func_type(fn);
  if (op->num_operands != ft->function.num_inputs)
    return lt_op_emit_error(op, "incorrect number of operands for callee");
  lt_strbuf_t sa = {0}, sb = {0};
  lt_result_t r = LT_SUCCESS;
  for (uint32_t i = 0; i < op->num_operands && LT_SUCCEEDED(r); i++) {
    const lt_type_t *want = fn_inputs(ft)[i];
    const lt_type_t *got = lt_op_operand(op, i)->type;
    if (got != want)
      r = lt_op_emit_error(op,
                           "operand type mismatch: expected operand type '%s', "
                           "but provided '%s' for operand number %u",
                           type_str(&sa, want), type_str(&sb, got), i);
  }
  lt_strbuf_free(&sa);
  lt_strbuf_free(&sb);
  if (LT_FAILED(r)) return r;
  if (op->num_results != ft->function.num_results)
    return lt_op_emit_error(op, "incorrect number of results for callee");
  for (uint32_t i = 0; i < op->num_results; i++) {
    if (op->results[i].type == fn_results(ft)[i]) continue;
    lt_diag_t *d = lt_diag_begin(lt_op_context(op), op->loc, LT_SEV_ERROR);
    if (!d) return LT_FAILURE;
    lt_diag_printf(d, "'func.call' op result type mismatch at index %u", i);
    lt_diag_t *n1 = lt_diag_note(d, op->loc);
    lt_strbuf_t types = {0};
    const lt_type_t *stack[16];
    uint32_t nr = op->num_results < 16 ? op->num_results : 16;
    for (uint32_t k = 0; k < nr; k++)
      stack[k] = op->results[k].type;
    print_type_list(&types, nr, stack);
    if (n1)
      lt_diag_printf(n1, "      op result types: %s",
                     types.data ? types.data : "");
    types.len = 0;
    print_type_list(&types, ft->function.num_results, fn_results(ft));
    lt_diag_t *n2 = lt_diag_note(d, op->loc);
    if (n2)
      lt_diag_printf(n2, "function result types: %s",
                     types.data ? types.data : "");
    lt_strbuf_free(&types);
    return lt_diag_emit(d);
  }
  return LT_SUCCESS;
}

#define LT_FUNC_OPS(X)                                                         \
  X("func.func", 0, 0, 1, LT_TRAIT_SYMBOL | LT_TRAIT_ISOLATED_FROM_ABOVE,      \
    "an operation with a name containing a single SSACFG region", verify_func, \
    lt_func_func_print, lt_func_func_parse)                                    \
  X("func.return", -1, 0, 0,                                                   \
    LT_TRAIT_TERMINATOR | LT_TRAIT_RETURN_LIKE | LT_TRAIT_PURE,                \
    "function return operation", verify_return, lt_func_return_print,          \
    lt_func_return_parse)                                                      \
  X("func.call", -1, -1, 0, 0, "call operation", verify_call,                  \
    lt_func_call_print, lt_func_call_parse)

static const lt_op_def_t func_ops[] = {
#define X(name, nops, nres, nreg, traits, summary, verify, print, parse)       \
  {name,   nops, nres, nreg,  0,     traits, summary,                          \
   verify, NULL, NULL, print, parse, NULL, NULL},
    LT_FUNC_OPS(X)
#undef X
};

const lt_dialect_t lt_func_dialect = {
    .ns = "func",
    .ops = func_ops,
    .num_ops = LT_ARRAY_SIZE(func_ops),
    .materialize_constant = NULL,
    .verify_attr = NULL,
};

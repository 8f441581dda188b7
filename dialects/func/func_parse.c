/* func_parse.c - reading the custom syntax of func.func, func.return and
 * func.call, as MLIR 16 writes it (function_interface_impl::parseFunctionOp
 * and the ops' assembly formats):
 *
 *   func.func private @f(%a: i32 {arg.attr}, %b: f32 loc("x":1:2))
 *       -> (i32 {res.attr}) attributes {k = 1} { ... }
 *   func.func @decl(i32, f32) -> i32
 *   return %a, %b : i32, f32
 *   %r = call @f(%a, %b) : (i32, f32) -> i32 */
#include <string.h>

#include "dialects/func/func.h"
#include "ir/parser.h"

/* Growable arrays on the context allocator, freed by the hook. */
typedef struct arg_vec {
  lt_asm_argument_t *items;
  uint32_t count, cap;
} arg_vec_t;

typedef struct type_vec {
  const lt_type_t **types;
  const lt_attr_t **attrs; /* parallel: result attributes */
  uint32_t count, cap;
} type_vec_t;

static bool arg_push(lt_allocator_t a, arg_vec_t *v,
                     const lt_asm_argument_t *x) {
  if (v->count == v->cap) {
    uint32_t cap = v->cap ? v->cap * 2 : 8;
    lt_asm_argument_t *fresh =
        lt_realloc(a, v->items, v->cap * sizeof(*fresh), cap * sizeof(*fresh));
    if (!fresh) return false;
    v->items = fresh;
    v->cap = cap;
  }
  v->items[v->count++] = *x;
  return true;
}

static bool type_push(lt_allocator_t a, type_vec_t *v, const lt_type_t *t,
                      const lt_attr_t *attrs) {
  if (v->count == v->cap) {
    /* Both arrays move together, so that one cap always describes both. */
    uint32_t cap = v->cap ? v->cap * 2 : 4;
    const lt_type_t **ft = lt_alloc(a, cap * sizeof(*ft));
    const lt_attr_t **fa = lt_alloc(a, cap * sizeof(*fa));
    if (!ft || !fa) {
      lt_free(a, ft, cap * sizeof(*ft));
      lt_free(a, fa, cap * sizeof(*fa));
      return false;
    }
    if (v->count) {
      memcpy(ft, v->types, v->count * sizeof(*ft));
      memcpy(fa, v->attrs, v->count * sizeof(*fa));
    }
    lt_free(a, v->types, v->cap * sizeof(*ft));
    lt_free(a, v->attrs, v->cap * sizeof(*fa));
    v->types = ft;
    v->attrs = fa;
    v->cap = cap;
  }
  v->types[v->count] = t;
  v->attrs[v->count] = attrs;
  v->count++;
  return true;
}

/* `(%a: T {attrs} loc(..), ...)` or `(T {attrs}, ...)`, never mixed. */
static lt_result_t parse_arguments(lt_asm_parser_t *p, lt_allocator_t a,
                                   arg_vec_t *args) {
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_PAREN))) return LT_FAILURE;
  if (lt_asm_parse_optional_token(p, LT_TOK_R_PAREN)) return LT_SUCCESS;
  do {
    lt_asm_argument_t arg;
    bool prev_named = args->count && args->items[args->count - 1].ssa.name;
    if (lt_asm_peek(p, LT_TOK_PERCENT_ID)) {
      const char *pos = lt_asm_current_pos(p);
      if (LT_FAILED(lt_asm_parse_argument(p, &arg, true, true)))
        return LT_FAILURE;
      if (args->count && !prev_named)
        return lt_asm_emit_error_at(p, pos,
                                    "expected type instead of SSA "
                                    "identifier");
    } else {
      memset(&arg, 0, sizeof(arg));
      arg.ssa.pos = lt_asm_current_pos(p);
      if (prev_named) return lt_asm_emit_error(p, "expected SSA identifier");
      if (LT_FAILED(lt_asm_parse_type(p, &arg.type)) ||
          LT_FAILED(lt_asm_parse_optional_attr_dict_value(p, &arg.attrs)) ||
          LT_FAILED(lt_asm_parse_optional_loc(p, &arg)))
        return LT_FAILURE;
    }
    if (!arg_push(a, args, &arg)) return lt_asm_emit_error(p, "out of memory");
  } while (lt_asm_parse_optional_token(p, LT_TOK_COMMA));
  return lt_asm_parse_token(p, LT_TOK_R_PAREN);
}

/* `-> T` or `-> (T {attrs}, ...)`. */
static lt_result_t parse_results(lt_asm_parser_t *p, lt_allocator_t a,
                                 type_vec_t *results) {
  if (!lt_asm_parse_optional_token(p, LT_TOK_ARROW)) return LT_SUCCESS;
  const lt_type_t *t;
  if (!lt_asm_parse_optional_token(p, LT_TOK_L_PAREN)) {
    if (LT_FAILED(lt_asm_parse_type(p, &t))) return LT_FAILURE;
    return type_push(a, results, t, NULL)
               ? LT_SUCCESS
               : lt_asm_emit_error(p, "out of memory");
  }
  if (lt_asm_parse_optional_token(p, LT_TOK_R_PAREN)) return LT_SUCCESS;
  do {
    const lt_attr_t *attrs;
    if (LT_FAILED(lt_asm_parse_type(p, &t)) ||
        LT_FAILED(lt_asm_parse_optional_attr_dict_value(p, &attrs)))
      return LT_FAILURE;
    if (!type_push(a, results, t, attrs))
      return lt_asm_emit_error(p, "out of memory");
  } while (lt_asm_parse_optional_token(p, LT_TOK_COMMA));
  return lt_asm_parse_token(p, LT_TOK_R_PAREN);
}

/* arg_attrs / res_attrs: only when some entry is non-empty ({} elsewhere). */
static lt_result_t add_attr_array(lt_asm_parser_t *p, lt_op_state_t *state,
                                  const char *name,
                                  const lt_attr_t *const *dicts, size_t stride,
                                  uint32_t n) {
  lt_context_t *ctx = lt_asm_context(p);
  bool any = false;
  for (uint32_t i = 0; i < n; i++) {
    const lt_attr_t *d =
        *(const lt_attr_t *const *)((const char *)dicts + i * stride);
    any |= d && d->dict.count;
  }
  if (!any) return LT_SUCCESS;
  lt_allocator_t a = lt_context_allocator(ctx);
  const lt_attr_t **elems = lt_alloc(a, n * sizeof(*elems));
  if (!elems) return lt_asm_emit_error(p, "out of memory");
  const lt_attr_t *empty = lt_attr_dict(ctx, 0, NULL);
  for (uint32_t i = 0; i < n; i++) {
    const lt_attr_t *d =
        *(const lt_attr_t *const *)((const char *)dicts + i * stride);
    elems[i] = d ? d : empty;
  }
  lt_op_state_add_attr(state, name, lt_attr_array(ctx, n, elems));
  lt_free(a, elems, n * sizeof(*elems));
  return LT_SUCCESS;
}

static lt_result_t parse_func(lt_asm_parser_t *p, lt_op_state_t *state,
                              arg_vec_t *args, type_vec_t *results) {
  static const char *const visibilities[] = {"public", "private", "nested"};
  static const char *const inferred[] = {"sym_visibility", "sym_name",
                                         "function_type"};
  lt_context_t *ctx = lt_asm_context(p);
  lt_allocator_t a = lt_context_allocator(ctx);
  lt_asm_set_default_dialect(p, "func");
  for (size_t i = 0; i < LT_ARRAY_SIZE(visibilities); i++) {
    if (lt_asm_parse_optional_keyword(p, visibilities[i])) {
      lt_op_state_add_attr(state, "sym_visibility",
                           lt_attr_string_cstr(ctx, visibilities[i]));
      break;
    }
  }
  const lt_attr_t *name;
  if (LT_FAILED(lt_asm_parse_symbol_name(p, &name))) return LT_FAILURE;
  lt_op_state_add_attr(state, "sym_name", name);

  if (LT_FAILED(parse_arguments(p, a, args)) ||
      LT_FAILED(parse_results(p, a, results)))
    return LT_FAILURE;
  const lt_type_t **inputs = lt_alloc(a, (args->count + 1) * sizeof(*inputs));
  if (!inputs) return lt_asm_emit_error(p, "out of memory");
  for (uint32_t i = 0; i < args->count; i++)
    inputs[i] = args->items[i].type;
  const lt_type_t *ft = lt_type_function(ctx, args->count, inputs,
                                         results->count, results->types);
  lt_free(a, inputs, (args->count + 1) * sizeof(*inputs));
  if (!ft) return lt_asm_emit_error(p, "out of memory");
  lt_op_state_add_attr(state, "function_type", lt_attr_type(ctx, ft));

  const char *dict_pos = lt_asm_current_pos(p);
  uint32_t before = state->num_attrs;
  if (LT_FAILED(lt_asm_parse_optional_attr_dict_with_keyword(p, state)))
    return LT_FAILURE;
  for (uint32_t i = before; i < state->num_attrs; i++)
    for (size_t k = 0; k < LT_ARRAY_SIZE(inferred); k++)
      if (strcmp(state->attrs[i].name->str, inferred[k]) == 0)
        return lt_asm_emit_error_at(p, dict_pos,
                                    "'%s' is an inferred attribute and should "
                                    "not be specified in the explicit "
                                    "attribute dictionary",
                                    inferred[k]);
  if (args->count &&
      LT_FAILED(add_attr_array(p, state, "arg_attrs", &args->items[0].attrs,
                               sizeof(lt_asm_argument_t), args->count)))
    return LT_FAILURE;
  if (results->count &&
      LT_FAILED(add_attr_array(p, state, "res_attrs", results->attrs,
                               sizeof(const lt_attr_t *), results->count)))
    return LT_FAILURE;

  lt_region_t *body = lt_op_state_add_region(state);
  if (!body) return lt_asm_emit_error(p, "out of memory");
  const char *body_pos = lt_asm_current_pos(p);
  bool present;
  if (LT_FAILED(lt_asm_parse_optional_region(p, body, args->items, args->count,
                                             &present)))
    return LT_FAILURE;
  if (present && lt_region_empty(body))
    return lt_asm_emit_error_at(p, body_pos,
                                "expected non-empty function body");
  return LT_SUCCESS;
}

lt_result_t lt_func_func_parse(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_allocator_t a = lt_context_allocator(lt_asm_context(p));
  arg_vec_t args = {0};
  type_vec_t results = {0};
  lt_result_t r = parse_func(p, state, &args, &results);
  if (args.items) lt_free(a, args.items, args.cap * sizeof(*args.items));
  if (results.types)
    lt_free(a, results.types, results.cap * sizeof(*results.types));
  if (results.attrs)
    lt_free(a, results.attrs, results.cap * sizeof(*results.attrs));
  return r;
}

lt_result_t lt_func_return_parse(lt_asm_parser_t *p, lt_op_state_t *state) {
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state))) return LT_FAILURE;
  const char *pos = lt_asm_current_pos(p);
  lt_asm_operand_list_t operands;
  lt_asm_type_list_t types = {0};
  if (LT_FAILED(lt_asm_parse_operand_list(p, &operands))) return LT_FAILURE;
  if (operands.count && LT_FAILED(lt_asm_parse_colon_type_list(p, &types)))
    return LT_FAILURE;
  return lt_asm_resolve_operands(p, &operands, types.items, types.count, pos,
                                 state);
}

lt_result_t lt_func_call_parse(lt_asm_parser_t *p, lt_op_state_t *state) {
  const char *callee_pos = lt_asm_current_pos(p);
  const lt_attr_t *callee;
  if (LT_FAILED(lt_asm_parse_attr(p, &callee))) return LT_FAILURE;
  if (callee->kind != LT_ATTR_SYMBOL_REF || callee->symbol.count != 1)
    return lt_asm_emit_error_at(p, callee_pos,
                                "invalid kind of attribute "
                                "specified");
  lt_op_state_add_attr(state, "callee", callee);
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_PAREN))) return LT_FAILURE;
  const char *operands_pos = lt_asm_current_pos(p);
  lt_asm_operand_list_t operands;
  if (LT_FAILED(lt_asm_parse_operand_list(p, &operands)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_R_PAREN)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COLON)))
    return LT_FAILURE;
  const char *type_pos = lt_asm_current_pos(p);
  const lt_type_t *ft;
  if (LT_FAILED(lt_asm_parse_type(p, &ft))) return LT_FAILURE;
  if (ft->kind != LT_TYPE_FUNCTION)
    return lt_asm_emit_error_at(p, type_pos, "invalid kind of type specified");
  if (LT_FAILED(lt_asm_resolve_operands(p, &operands, ft->function.types,
                                        ft->function.num_inputs, operands_pos,
                                        state)))
    return LT_FAILURE;
  for (uint32_t i = 0; i < ft->function.num_results; i++)
    lt_op_state_add_result(state,
                           ft->function.types[ft->function.num_inputs + i]);
  return LT_SUCCESS;
}

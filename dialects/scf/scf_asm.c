/* scf_asm.c - print and parse hooks of the scf ops' custom forms, as MLIR
 * 16's ForOp/IfOp/ParallelOp/ReduceOp print and parse them (see scf.h).
 * IR a form cannot spell so that it reads back the same (a body whose
 * arguments do not match the operands, an implicit yield that carries
 * operands or attributes) prints in the generic form. */
#include <string.h>

#include "dialects/scf/scf.h"
#include "ir/parser.h"
#include "ir/printer.h"

/* ---- shared pieces ------------------------------------------------------- */

static bool is_named(const lt_op_t *op, const char *name) {
  return op && strcmp(lt_op_name(op), name) == 0;
}

static lt_result_t oom(lt_asm_parser_t *p) {
  return lt_asm_emit_error(p, "out of memory");
}

/* The block of a single-block region, NULL otherwise. */
static lt_block_t *only_block(lt_op_t *op, uint32_t i) {
  if (i >= op->num_regions) return NULL;
  lt_region_t *r = lt_op_region(op, i);
  return r->first && r->first == r->last ? r->first : NULL;
}

/* Whether a printed body may leave its terminator out: it is the scf.yield
 * the parser would add back (no operands, no attributes). */
static bool implicit_yield(const lt_block_t *b) {
  const lt_op_t *t = b ? b->last : NULL;
  return is_named(t, "scf.yield") && !t->num_operands &&
         !t->attrs->dict.count;
}

static bool all_index(lt_value_t *const *values, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (values[i]->type->kind != LT_TYPE_INDEX) return false;
  return true;
}

static void print_operand_range(lt_asm_printer_t *p, lt_op_t *op,
                                uint32_t first, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (i) lt_asm_print_raw(p, ", ");
    lt_asm_print_operand(p, lt_op_operand(op, first + i));
  }
}

/* MLIR's ensureTerminator: the region gets a block, and the block an
 * scf.yield when it does not end with a terminator. */
static lt_result_t ensure_yield(lt_asm_parser_t *p, lt_region_t *r) {
  lt_context_t *ctx = lt_asm_context(p);
  if (!r->first) {
    lt_block_t *b = lt_block_create(ctx);
    if (!b) return oom(p);
    lt_region_push_back(r, b);
  }
  lt_block_t *b = r->last;
  if (b->last && lt_op_has_trait(b->last, LT_TRAIT_TERMINATOR))
    return LT_SUCCESS;
  lt_op_state_t s;
  lt_op_state_init(&s, ctx, "scf.yield", lt_asm_loc_of(p, lt_asm_name_pos(p)));
  lt_op_t *yield = lt_op_create(&s);
  lt_op_state_free(&s);
  if (!yield) return oom(p);
  lt_block_push_back(b, yield);
  return LT_SUCCESS;
}

/* Growable argument/operand pairs on the context allocator. */
typedef struct arg_vec {
  lt_asm_argument_t *args;
  lt_asm_operand_t *operands;
  uint32_t count, cap;
} arg_vec_t;

static bool arg_push(lt_allocator_t a, arg_vec_t *v,
                     const lt_asm_argument_t *arg,
                     const lt_asm_operand_t *operand) {
  if (v->count == v->cap) {
    uint32_t cap = v->cap ? v->cap * 2 : 4;
    lt_asm_argument_t *na = lt_alloc(a, cap * sizeof(*na));
    lt_asm_operand_t *no = lt_alloc(a, cap * sizeof(*no));
    if (!na || !no) {
      lt_free(a, na, cap * sizeof(*na));
      lt_free(a, no, cap * sizeof(*no));
      return false;
    }
    if (v->count) {
      memcpy(na, v->args, v->count * sizeof(*na));
      memcpy(no, v->operands, v->count * sizeof(*no));
    }
    lt_free(a, v->args, v->cap * sizeof(*na));
    lt_free(a, v->operands, v->cap * sizeof(*no));
    v->args = na;
    v->operands = no;
    v->cap = cap;
  }
  v->args[v->count] = *arg;
  if (operand) v->operands[v->count] = *operand;
  v->count++;
  return true;
}

static void arg_vec_free(lt_allocator_t a, arg_vec_t *v) {
  lt_free(a, v->args, v->cap * sizeof(*v->args));
  lt_free(a, v->operands, v->cap * sizeof(*v->operands));
}

/* `(%a, %b)` with exactly n operands when n >= 0 (MLIR parseOperandList
 * with a required count: "expected N operands" at the list). */
static lt_result_t parse_paren_operands(lt_asm_parser_t *p, int64_t n,
                                        lt_asm_operand_list_t *out) {
  const char *pos = lt_asm_current_pos(p);
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_PAREN))) return LT_FAILURE;
  if (LT_FAILED(lt_asm_parse_operand_list(p, out)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_R_PAREN)))
    return LT_FAILURE;
  if (n >= 0 && out->count != (uint32_t)n)
    return lt_asm_emit_error_at(p, pos, "expected %lld operands",
                                (long long)n);
  return LT_SUCCESS;
}


/* ---- scf.for ------------------------------------------------------------- */

void lt_scf_print_for(lt_op_t *op, lt_asm_printer_t *p) {
  lt_block_t *body = only_block(op, 0);
  uint32_t n_iter = op->num_operands >= 3 ? op->num_operands - 3 : 0;
  bool ok = body && op->num_operands >= 3 && op->num_regions == 1 &&
            body->num_args == n_iter + 1 && op->num_results == n_iter &&
            body->args[0]->type->kind == LT_TYPE_INDEX &&
            (n_iter || implicit_yield(body));
  for (uint32_t i = 0; ok && i < 3; i++)
    ok = lt_op_operand(op, i)->type->kind == LT_TYPE_INDEX;
  for (uint32_t i = 0; ok && i < n_iter; i++)
    ok = body->args[1 + i]->type == op->results[i].type &&
         lt_op_operand(op, 3 + i)->type == op->results[i].type;
  if (!ok) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_operand(p, body->args[0]);
  lt_asm_print_raw(p, " = ");
  lt_asm_print_operand(p, lt_op_operand(op, 0));
  lt_asm_print_raw(p, " to ");
  lt_asm_print_operand(p, lt_op_operand(op, 1));
  lt_asm_print_raw(p, " step ");
  lt_asm_print_operand(p, lt_op_operand(op, 2));
  if (n_iter) {
    lt_asm_print_raw(p, " iter_args(");
    for (uint32_t i = 0; i < n_iter; i++) {
      if (i) lt_asm_print_raw(p, ", ");
      lt_asm_print_operand(p, body->args[1 + i]);
      lt_asm_print_raw(p, " = ");
      lt_asm_print_operand(p, lt_op_operand(op, 3 + i));
    }
    lt_asm_print_raw(p, ") -> (");
    lt_asm_print_result_types(p, op);
    lt_asm_print_raw(p, ")");
  }
  lt_asm_print_raw(p, " ");
  lt_asm_print_region(p, lt_op_region(op, 0), false, n_iter != 0, false);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
}

static lt_result_t parse_for(lt_asm_parser_t *p, lt_op_state_t *state,
                             arg_vec_t *args) {
  lt_context_t *ctx = lt_asm_context(p);
  lt_allocator_t a = lt_context_allocator(ctx);
  const lt_type_t *index = lt_type_index(ctx);
  lt_asm_argument_t iv;
  lt_asm_operand_t bounds[3];
  if (LT_FAILED(lt_asm_parse_argument(p, &iv, false, false)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_EQUAL)) ||
      LT_FAILED(lt_asm_parse_operand(p, &bounds[0])) ||
      LT_FAILED(lt_asm_parse_keyword(p, "to")) ||
      LT_FAILED(lt_asm_parse_operand(p, &bounds[1])) ||
      LT_FAILED(lt_asm_parse_keyword(p, "step")) ||
      LT_FAILED(lt_asm_parse_operand(p, &bounds[2])))
    return LT_FAILURE;
  for (uint32_t i = 0; i < 3; i++) {
    lt_value_t *v;
    if (LT_FAILED(lt_asm_resolve_operand(p, &bounds[i], index, &v)))
      return LT_FAILURE;
    lt_op_state_add_operand(state, v);
  }
  iv.type = index;
  if (!arg_push(a, args, &iv, NULL)) return oom(p);
  if (lt_asm_parse_optional_keyword(p, "iter_args")) {
    /* `(%acc = %init, ...)` then `-> (types)`. */
    if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_PAREN))) return LT_FAILURE;
    do {
      lt_asm_argument_t arg;
      lt_asm_operand_t init;
      if (LT_FAILED(lt_asm_parse_argument(p, &arg, false, false)) ||
          LT_FAILED(lt_asm_parse_token(p, LT_TOK_EQUAL)) ||
          LT_FAILED(lt_asm_parse_operand(p, &init)))
        return LT_FAILURE;
      if (!arg_push(a, args, &arg, &init)) return oom(p);
    } while (lt_asm_parse_optional_token(p, LT_TOK_COMMA));
    if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_R_PAREN))) return LT_FAILURE;
    if (!lt_asm_peek(p, LT_TOK_ARROW))
      return lt_asm_parse_token(p, LT_TOK_ARROW);
    if (LT_FAILED(lt_asm_parse_optional_arrow_types(p, state)))
      return LT_FAILURE;
    for (uint32_t i = 1; i < args->count && i - 1 < state->num_results; i++) {
      const lt_type_t *t = state->result_types[i - 1];
      lt_value_t *v;
      args->args[i].type = t;
      if (LT_FAILED(lt_asm_resolve_operand(p, &args->operands[i], t, &v)))
        return LT_FAILURE;
      lt_op_state_add_operand(state, v);
    }
  }
  if (args->count != state->num_results + 1)
    return lt_asm_emit_error_at(
        p, lt_asm_name_pos(p),
        "mismatch in number of loop-carried values and defined values");
  lt_region_t *body = lt_op_state_add_region(state);
  if (!body) return oom(p);
  if (LT_FAILED(lt_asm_parse_region(p, body, args->args, args->count)) ||
      LT_FAILED(ensure_yield(p, body)))
    return LT_FAILURE;
  return lt_asm_parse_optional_attr_dict(p, state);
}

lt_result_t lt_scf_parse_for(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_allocator_t a = lt_context_allocator(lt_asm_context(p));
  arg_vec_t args = {0};
  lt_result_t r = parse_for(p, state, &args);
  arg_vec_free(a, &args);
  return r;
}

/* ---- scf.parallel -------------------------------------------------------- */


void lt_scf_print_parallel(lt_op_t *op, lt_asm_printer_t *p) {
  static const char *const elided[] = {"operand_segment_sizes"};
  int32_t seg[LT_SCF_PAR_SEGMENTS];
  lt_block_t *body = only_block(op, 0);
  bool ok = body && op->num_regions == 1 && lt_op_operand_segments(op, LT_SCF_PAR_SEGMENTS, seg) &&
            seg[0] == seg[1] && seg[1] == seg[2] &&
            body->num_args == (uint32_t)seg[0] &&
            op->num_results == (uint32_t)seg[3] &&
            all_index(body->args, body->num_args);
  for (uint32_t i = 0; ok && i < (uint32_t)(3 * seg[0]); i++)
    ok = lt_op_operand(op, i)->type->kind == LT_TYPE_INDEX;
  for (uint32_t i = 0; ok && i < op->num_results; i++)
    ok = lt_op_operand(op, (uint32_t)(3 * seg[0]) + i)->type ==
         op->results[i].type;
  if (!ok) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  uint32_t n = (uint32_t)seg[0];
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " (");
  lt_asm_print_operands(p, body->num_args, body->args);
  lt_asm_print_raw(p, ") = (");
  print_operand_range(p, op, 0, n);
  lt_asm_print_raw(p, ") to (");
  print_operand_range(p, op, n, n);
  lt_asm_print_raw(p, ") step (");
  print_operand_range(p, op, 2 * n, n);
  lt_asm_print_raw(p, ")");
  if (op->num_results) {
    lt_asm_print_raw(p, " init (");
    print_operand_range(p, op, 3 * n, op->num_results);
    lt_asm_print_raw(p, ")");
  }
  const lt_type_t *stack[8];
  const lt_type_t **types =
      op->num_results <= 8 ? stack
                           : lt_alloc(lt_context_allocator(lt_op_context(op)),
                                      op->num_results * sizeof(*types));
  if (types) {
    for (uint32_t i = 0; i < op->num_results; i++)
      types[i] = op->results[i].type;
    lt_asm_print_arrow_types(p, op->num_results, types);
    if (types != stack)
      lt_free(lt_context_allocator(lt_op_context(op)), types,
              op->num_results * sizeof(*types));
  }
  lt_asm_print_raw(p, " ");
  lt_asm_print_region(p, lt_op_region(op, 0), false, true, false);
  lt_asm_print_attr_dict(p, op->attrs, LT_ARRAY_SIZE(elided), elided);
}

static lt_result_t parse_parallel(lt_asm_parser_t *p, lt_op_state_t *state,
                                  arg_vec_t *ivs) {
  lt_context_t *ctx = lt_asm_context(p);
  lt_allocator_t a = lt_context_allocator(ctx);
  const lt_type_t *index = lt_type_index(ctx);
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_PAREN))) return LT_FAILURE;
  if (!lt_asm_parse_optional_token(p, LT_TOK_R_PAREN)) {
    do {
      lt_asm_argument_t iv;
      if (LT_FAILED(lt_asm_parse_argument(p, &iv, false, false)))
        return LT_FAILURE;
      iv.type = index;
      if (!arg_push(a, ivs, &iv, NULL)) return oom(p);
    } while (lt_asm_parse_optional_token(p, LT_TOK_COMMA));
    if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_R_PAREN))) return LT_FAILURE;
  }
  lt_asm_operand_list_t lower, upper, steps, inits = {0};
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_EQUAL)) ||
      LT_FAILED(parse_paren_operands(p, ivs->count, &lower)) ||
      LT_FAILED(lt_asm_resolve_indices(p, &lower, state)) ||
      LT_FAILED(lt_asm_parse_keyword(p, "to")) ||
      LT_FAILED(parse_paren_operands(p, ivs->count, &upper)) ||
      LT_FAILED(lt_asm_resolve_indices(p, &upper, state)) ||
      LT_FAILED(lt_asm_parse_keyword(p, "step")) ||
      LT_FAILED(parse_paren_operands(p, ivs->count, &steps)) ||
      LT_FAILED(lt_asm_resolve_indices(p, &steps, state)))
    return LT_FAILURE;
  if (lt_asm_parse_optional_keyword(p, "init") &&
      LT_FAILED(parse_paren_operands(p, -1, &inits)))
    return LT_FAILURE;
  if (LT_FAILED(lt_asm_parse_optional_arrow_types(p, state)))
    return LT_FAILURE;
  lt_region_t *body = lt_op_state_add_region(state);
  if (!body) return oom(p);
  if (LT_FAILED(lt_asm_parse_region(p, body, ivs->args, ivs->count)))
    return LT_FAILURE;
  int32_t seg[LT_SCF_PAR_SEGMENTS] = {(int32_t)lower.count,
                                      (int32_t)upper.count,
                                      (int32_t)steps.count,
                                      (int32_t)inits.count};
  const lt_attr_t *sizes = lt_attr_dense_array(
      ctx, lt_type_integer(ctx, 32, LT_SIGNLESS), LT_SCF_PAR_SEGMENTS, seg);
  if (!sizes) return oom(p);
  lt_op_state_add_attr(state, "operand_segment_sizes", sizes);
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_resolve_operands(p, &inits, state->result_types,
                                        state->num_results, lt_asm_name_pos(p),
                                        state)))
    return LT_FAILURE;
  return ensure_yield(p, body);
}

lt_result_t lt_scf_parse_parallel(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_allocator_t a = lt_context_allocator(lt_asm_context(p));
  arg_vec_t ivs = {0};
  lt_result_t r = parse_parallel(p, state, &ivs);
  arg_vec_free(a, &ivs);
  return r;
}

/* ---- scf.reduce, scf.reduce.return --------------------------------------- */

/* MLIR 16 writes two spaces before the colon. */
void lt_scf_print_reduce(lt_op_t *op, lt_asm_printer_t *p) {
  if (op->num_operands != 1 || op->num_results || op->num_regions != 1) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, "(");
  lt_asm_print_operand(p, lt_op_operand(op, 0));
  lt_asm_print_raw(p, ")  : ");
  lt_asm_print_type(p, lt_op_operand(op, 0)->type);
  lt_asm_print_raw(p, " ");
  lt_asm_print_region(p, lt_op_region(op, 0), true, true, false);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
}

lt_result_t lt_scf_parse_reduce(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_t operand;
  const lt_type_t *t;
  lt_value_t *v;
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_PAREN)) ||
      LT_FAILED(lt_asm_parse_operand(p, &operand)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_R_PAREN)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &t)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &operand, t, &v)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  lt_region_t *body = lt_op_state_add_region(state);
  if (!body) return oom(p);
  if (LT_FAILED(lt_asm_parse_region(p, body, NULL, 0))) return LT_FAILURE;
  return lt_asm_parse_optional_attr_dict(p, state);
}

void lt_scf_print_reduce_return(lt_op_t *op, lt_asm_printer_t *p) {
  if (op->num_operands != 1 || op->num_results) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_operand(p, lt_op_operand(op, 0));
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, lt_op_operand(op, 0)->type);
}

lt_result_t lt_scf_parse_reduce_return(lt_asm_parser_t *p,
                                       lt_op_state_t *state) {
  lt_asm_operand_t operand;
  const lt_type_t *t;
  lt_value_t *v;
  if (LT_FAILED(lt_asm_parse_operand(p, &operand)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &t)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &operand, t, &v)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  return LT_SUCCESS;
}

/* ---- scf.if -------------------------------------------------------------- */

void lt_scf_print_if(lt_op_t *op, lt_asm_printer_t *p) {
  lt_block_t *then_b = only_block(op, 0), *else_b = only_block(op, 1);
  const lt_type_t *c = op->num_operands == 1 ? lt_op_operand(op, 0)->type
                                             : NULL;
  bool has_results = op->num_results != 0;
  bool else_empty = op->num_regions == 2 && lt_region_empty(&op->regions[1]);
  bool ok = c && c->kind == LT_TYPE_INTEGER && c->integer.width == 1 &&
            c->integer.signedness == LT_SIGNLESS && op->num_regions == 2 &&
            then_b && !then_b->num_args && (else_b || else_empty) &&
            (!else_b || !else_b->num_args) &&
            (has_results || (implicit_yield(then_b) &&
                             (else_empty || implicit_yield(else_b))));
  if (!ok) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_operand(p, lt_op_operand(op, 0));
  if (has_results) {
    lt_asm_print_raw(p, " -> (");
    lt_asm_print_result_types(p, op);
    lt_asm_print_raw(p, ")");
  }
  lt_asm_print_raw(p, " ");
  lt_asm_print_region(p, lt_op_region(op, 0), false, has_results, false);
  if (else_b) {
    lt_asm_print_raw(p, " else ");
    lt_asm_print_region(p, lt_op_region(op, 1), false, has_results, false);
  }
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
}

lt_result_t lt_scf_parse_if(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_context_t *ctx = lt_asm_context(p);
  lt_region_t *then_r = lt_op_state_add_region(state);
  lt_region_t *else_r = lt_op_state_add_region(state);
  if (!then_r || !else_r) return oom(p);
  lt_asm_operand_t cond;
  lt_value_t *v;
  if (LT_FAILED(lt_asm_parse_operand(p, &cond)) ||
      LT_FAILED(lt_asm_resolve_operand(
          p, &cond, lt_type_integer(ctx, 1, LT_SIGNLESS), &v)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  if (LT_FAILED(lt_asm_parse_optional_arrow_types(p, state)) ||
      LT_FAILED(lt_asm_parse_region(p, then_r, NULL, 0)) ||
      LT_FAILED(ensure_yield(p, then_r)))
    return LT_FAILURE;
  if (lt_asm_parse_optional_keyword(p, "else") &&
      (LT_FAILED(lt_asm_parse_region(p, else_r, NULL, 0)) ||
       LT_FAILED(ensure_yield(p, else_r))))
    return LT_FAILURE;
  return lt_asm_parse_optional_attr_dict(p, state);
}

/* ---- scf.yield ----------------------------------------------------------- */

void lt_scf_print_yield(lt_op_t *op, lt_asm_printer_t *p) {
  lt_asm_print_op_name(p, op);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  if (op->num_operands) {
    lt_asm_print_raw(p, " ");
    lt_asm_print_op_operands(p, op);
    lt_asm_print_raw(p, " : ");
    lt_asm_print_operand_types(p, op);
  }
}

lt_result_t lt_scf_parse_yield(lt_asm_parser_t *p, lt_op_state_t *state) {
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

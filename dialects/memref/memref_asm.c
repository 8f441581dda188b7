/* memref_asm.c - print and parse hooks of the memref ops' custom forms (MLIR
 * 16's assembly formats, see memref.h) and their result names. IR a form
 * cannot spell (a non-memref where the form names a memref type, segment
 * sizes that do not describe the operands) prints in the generic form. */
#include <string.h>

#include "dialects/memref/memref.h"
#include "ir/parser.h"
#include "ir/printer.h"

/* ---- shared pieces ------------------------------------------------------- */

static lt_result_t oom(lt_asm_parser_t *p) {
  return lt_asm_emit_error(p, "out of memory");
}

static const lt_type_t *operand_type(lt_op_t *op, uint32_t i) {
  return i < op->num_operands ? lt_op_operand(op, i)->type : NULL;
}

static bool memref_at(lt_op_t *op, uint32_t i) {
  const lt_type_t *t = operand_type(op, i);
  return t && lt_type_is_memref(t);
}

static bool all_index(lt_op_t *op, uint32_t first) {
  for (uint32_t i = first; i < op->num_operands; i++)
    if (lt_op_operand(op, i)->type->kind != LT_TYPE_INDEX) return false;
  return true;
}

static void print_range(lt_asm_printer_t *p, lt_op_t *op, uint32_t first,
                        uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (i) lt_asm_print_raw(p, ", ");
    lt_asm_print_operand(p, lt_op_operand(op, first + i));
  }
}


static lt_result_t add_segments(lt_asm_parser_t *p, lt_op_state_t *state,
                                uint32_t n, const int32_t *seg) {
  lt_context_t *ctx = lt_asm_context(p);
  const lt_attr_t *a = lt_attr_dense_array(
      ctx, lt_type_integer(ctx, 32, LT_SIGNLESS), n, seg);
  if (!a) return oom(p);
  lt_op_state_add_attr(state, "operand_segment_sizes", a);
  return LT_SUCCESS;
}


/* `: type` that must be a memref ("invalid kind of type specified"). */
static lt_result_t parse_colon_memref(lt_asm_parser_t *p,
                                      const lt_type_t **out) {
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_COLON))) return LT_FAILURE;
  const char *pos = lt_asm_current_pos(p);
  if (LT_FAILED(lt_asm_parse_type(p, out))) return LT_FAILURE;
  if (!lt_type_is_memref(*out))
    return lt_asm_emit_error_at(p, pos, "invalid kind of type specified");
  return LT_SUCCESS;
}

/* `[%a, %b]` (possibly empty). */
static lt_result_t parse_square_operands(lt_asm_parser_t *p,
                                         lt_asm_operand_list_t *out) {
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_SQUARE)) ||
      LT_FAILED(lt_asm_parse_operand_list(p, out)))
    return LT_FAILURE;
  return lt_asm_parse_token(p, LT_TOK_R_SQUARE);
}

void lt_memref_result_names(lt_op_t *op, lt_asm_set_name_fn_t set_name,
                            void *cookie) {
  const char *name = lt_op_name(op) + strlen("memref.");
  set_name(cookie, lt_op_result(op, 0), name);
}

/* ---- alloc, alloca, dealloc ---------------------------------------------- */

void lt_memref_print_alloc(lt_op_t *op, lt_asm_printer_t *p) {
  static const char *const elided[] = {"operand_segment_sizes"};
  int32_t seg[2];
  if (op->num_results != 1 || !lt_type_is_memref(op->results[0].type) ||
      !lt_op_operand_segments(op, 2, seg) || !all_index(op, 0)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, "(");
  print_range(p, op, 0, (uint32_t)seg[0]);
  lt_asm_print_raw(p, ")");
  if (seg[1]) {
    lt_asm_print_raw(p, "[");
    print_range(p, op, (uint32_t)seg[0], (uint32_t)seg[1]);
    lt_asm_print_raw(p, "]");
  }
  lt_asm_print_attr_dict(p, op->attrs, LT_ARRAY_SIZE(elided), elided);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, op->results[0].type);
}

lt_result_t lt_memref_parse_alloc(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_list_t dims, symbols = {0};
  const lt_type_t *t;
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_PAREN)) ||
      LT_FAILED(lt_asm_parse_operand_list(p, &dims)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_R_PAREN)))
    return LT_FAILURE;
  if (lt_asm_peek(p, LT_TOK_L_SQUARE) &&
      LT_FAILED(parse_square_operands(p, &symbols)))
    return LT_FAILURE;
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(parse_colon_memref(p, &t)) ||
      LT_FAILED(lt_asm_resolve_indices(p, &dims, state)) ||
      LT_FAILED(lt_asm_resolve_indices(p, &symbols, state)))
    return LT_FAILURE;
  int32_t seg[2] = {(int32_t)dims.count, (int32_t)symbols.count};
  lt_op_state_add_result(state, t);
  return add_segments(p, state, 2, seg);
}

void lt_memref_print_dealloc(lt_op_t *op, lt_asm_printer_t *p) {
  if (op->num_operands != 1 || op->num_results || !memref_at(op, 0)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_operand(p, lt_op_operand(op, 0));
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, operand_type(op, 0));
}

lt_result_t lt_memref_parse_dealloc(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_t m;
  const lt_type_t *t;
  lt_value_t *v;
  if (LT_FAILED(lt_asm_parse_operand(p, &m)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(parse_colon_memref(p, &t)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &m, t, &v)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  return LT_SUCCESS;
}

/* ---- load, store --------------------------------------------------------- */

/* `%m[%i, %j] {attrs} : type` from operand `first` on. */
static void print_access(lt_op_t *op, lt_asm_printer_t *p, uint32_t first) {
  lt_asm_print_operand(p, lt_op_operand(op, first));
  lt_asm_print_raw(p, "[");
  print_range(p, op, first + 1, op->num_operands - first - 1);
  lt_asm_print_raw(p, "]");
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, operand_type(op, first));
}

static lt_result_t parse_access(lt_asm_parser_t *p, lt_op_state_t *state,
                                const lt_type_t **out_type) {
  lt_asm_operand_t m;
  lt_asm_operand_list_t indices;
  lt_value_t *v;
  if (LT_FAILED(lt_asm_parse_operand(p, &m)) ||
      LT_FAILED(parse_square_operands(p, &indices)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(parse_colon_memref(p, out_type)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &m, *out_type, &v)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  return lt_asm_resolve_indices(p, &indices, state);
}

void lt_memref_print_load(lt_op_t *op, lt_asm_printer_t *p) {
  if (op->num_results != 1 || !memref_at(op, 0) || !all_index(op, 1) ||
      op->results[0].type != operand_type(op, 0)->shaped.element) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  print_access(op, p, 0);
}

lt_result_t lt_memref_parse_load(lt_asm_parser_t *p, lt_op_state_t *state) {
  const lt_type_t *t;
  if (LT_FAILED(parse_access(p, state, &t))) return LT_FAILURE;
  lt_op_state_add_result(state, t->shaped.element);
  return LT_SUCCESS;
}

void lt_memref_print_store(lt_op_t *op, lt_asm_printer_t *p) {
  if (op->num_results || !memref_at(op, 1) || !all_index(op, 2) ||
      operand_type(op, 0) != operand_type(op, 1)->shaped.element) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_operand(p, lt_op_operand(op, 0));
  lt_asm_print_raw(p, ", ");
  print_access(op, p, 1);
}

lt_result_t lt_memref_parse_store(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_t value;
  lt_asm_operand_list_t indices;
  lt_asm_operand_t m;
  const lt_type_t *t;
  lt_value_t *vv, *vm;
  if (LT_FAILED(lt_asm_parse_operand(p, &value)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)) ||
      LT_FAILED(lt_asm_parse_operand(p, &m)) ||
      LT_FAILED(parse_square_operands(p, &indices)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(parse_colon_memref(p, &t)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &value, t->shaped.element, &vv)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &m, t, &vm)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, vv);
  lt_op_state_add_operand(state, vm);
  return lt_asm_resolve_indices(p, &indices, state);
}

/* ---- subview ------------------------------------------------------------- */

static const char *const k_static_names[] = {"static_offsets", "static_sizes",
                                             "static_strides"};

/* The static arrays when each has the source's rank entries and as many
 * dynamic ones as its segment. */
static bool subview_lists(lt_op_t *op, const int32_t *seg,
                          const lt_attr_t **arrays) {
  if (seg[LT_SUBVIEW_SOURCE] != 1 || !memref_at(op, 0)) return false;
  uint32_t rank = operand_type(op, 0)->shaped.rank;
  for (uint32_t k = 0; k < 3; k++) {
    const lt_attr_t *a = lt_op_attr(op, k_static_names[k]);
    const lt_type_t *t = a ? a->type : NULL;
    if (!a || a->kind != LT_ATTR_DENSE_ARRAY || !t ||
        t->kind != LT_TYPE_INTEGER || t->integer.width != 64 ||
        a->dense.size != rank * sizeof(int64_t))
      return false;
    int32_t dynamic = 0;
    for (uint32_t i = 0; i < rank; i++)
      dynamic += lt_attr_dense_int(a, i) == LT_DYNAMIC;
    if (dynamic != seg[1 + k]) return false;
    arrays[k] = a;
  }
  return true;
}

void lt_memref_print_subview(lt_op_t *op, lt_asm_printer_t *p) {
  static const char *const elided[] = {"operand_segment_sizes",
                                       "static_offsets", "static_sizes",
                                       "static_strides"};
  int32_t seg[LT_SUBVIEW_SEGMENTS];
  const lt_attr_t *arrays[3];
  if (op->num_results != 1 || !lt_type_is_memref(op->results[0].type) ||
      !lt_op_operand_segments(op, LT_SUBVIEW_SEGMENTS, seg) ||
      !subview_lists(op, seg, arrays) || !all_index(op, 1)) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_operand(p, lt_op_operand(op, 0));
  uint32_t next = 1, rank = operand_type(op, 0)->shaped.rank;
  for (uint32_t k = 0; k < 3; k++) {
    lt_asm_print_raw(p, k ? " [" : "[");
    for (uint32_t i = 0; i < rank; i++) {
      if (i) lt_asm_print_raw(p, ", ");
      int64_t v = lt_attr_dense_int(arrays[k], i);
      if (v == LT_DYNAMIC)
        lt_asm_print_operand(p, lt_op_operand(op, next++));
      else
        lt_asm_printf(p, "%lld", (long long)v);
    }
    lt_asm_print_raw(p, "]");
  }
  lt_asm_print_attr_dict(p, op->attrs, LT_ARRAY_SIZE(elided), elided);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, operand_type(op, 0));
  lt_asm_print_raw(p, " to ");
  lt_asm_print_type(p, op->results[0].type);
}

/* Growable lists on the context allocator: the static entries of one
 * index list, and the SSA values of all three in order. */
typedef struct i64_vec {
  int64_t *data;
  uint32_t count, cap;
} i64_vec_t;

typedef struct use_vec {
  lt_asm_operand_t *data;
  uint32_t count, cap;
} use_vec_t;

static bool grow(lt_allocator_t a, void **data, uint32_t *cap, size_t elem) {
  uint32_t n = *cap ? *cap * 2 : 8;
  void *d = lt_realloc(a, *data, *cap * elem, n * elem);
  if (!d) return false;
  *data = d;
  *cap = n;
  return true;
}

/* MLIR's parseDynamicIndexList: `[` (SSA value | integer), ... `]`; an SSA
 * value's entry is kDynamic. */
static lt_result_t parse_index_list(lt_asm_parser_t *p, lt_allocator_t a,
                                    i64_vec_t *out, use_vec_t *uses,
                                    int32_t *out_dynamic) {
  *out_dynamic = 0;
  if (LT_FAILED(lt_asm_parse_token(p, LT_TOK_L_SQUARE))) return LT_FAILURE;
  if (lt_asm_parse_optional_token(p, LT_TOK_R_SQUARE)) return LT_SUCCESS;
  do {
    lt_asm_operand_t u;
    lt_result_t r;
    int64_t entry = LT_DYNAMIC;
    if (lt_asm_parse_optional_operand(p, &u, &r)) {
      if (LT_FAILED(r)) return LT_FAILURE;
      if (uses->count == uses->cap &&
          !grow(a, (void **)&uses->data, &uses->cap, sizeof(*uses->data)))
        return oom(p);
      uses->data[uses->count++] = u;
      (*out_dynamic)++;
    } else {
      if (!lt_asm_peek(p, LT_TOK_INTEGER) && !lt_asm_peek(p, LT_TOK_MINUS))
        return lt_asm_emit_error_at(p, lt_asm_name_pos(p),
                                    "expected SSA value or integer");
      const lt_attr_t *attr;
      if (LT_FAILED(lt_asm_parse_attr(p, &attr))) return LT_FAILURE;
      if (attr->kind != LT_ATTR_INTEGER)
        return lt_asm_emit_error_at(p, lt_asm_name_pos(p),
                                    "expected SSA value or integer");
      entry = attr->i;
    }
    if (out->count == out->cap &&
        !grow(a, (void **)&out->data, &out->cap, sizeof(*out->data)))
      return oom(p);
    out->data[out->count++] = entry;
  } while (lt_asm_parse_optional_token(p, LT_TOK_COMMA));
  return lt_asm_parse_token(p, LT_TOK_R_SQUARE);
}

static lt_result_t parse_subview(lt_asm_parser_t *p, lt_op_state_t *state,
                                 i64_vec_t *lists, use_vec_t *uses) {
  lt_context_t *ctx = lt_asm_context(p);
  lt_allocator_t a = lt_context_allocator(ctx);
  const lt_type_t *index = lt_type_index(ctx);
  lt_asm_operand_t src;
  const lt_type_t *from, *to;
  lt_value_t *v;
  int32_t seg[LT_SUBVIEW_SEGMENTS] = {1, 0, 0, 0};
  if (LT_FAILED(lt_asm_parse_operand(p, &src))) return LT_FAILURE;
  for (uint32_t k = 0; k < 3; k++)
    if (LT_FAILED(parse_index_list(p, a, &lists[k], uses, &seg[1 + k])))
      return LT_FAILURE;
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &from)) ||
      LT_FAILED(lt_asm_parse_keyword(p, "to")) ||
      LT_FAILED(lt_asm_parse_type(p, &to)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &src, from, &v)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  for (uint32_t i = 0; i < uses->count; i++) {
    if (LT_FAILED(lt_asm_resolve_operand(p, &uses->data[i], index, &v)))
      return LT_FAILURE;
    lt_op_state_add_operand(state, v);
  }
  for (uint32_t k = 0; k < 3; k++) {
    const lt_attr_t *arr = lt_attr_dense_array(
        ctx, lt_type_integer(ctx, 64, LT_SIGNLESS), lists[k].count,
        lists[k].data);
    if (!arr) return oom(p);
    lt_op_state_add_attr(state, k_static_names[k], arr);
  }
  lt_op_state_add_result(state, to);
  return add_segments(p, state, LT_SUBVIEW_SEGMENTS, seg);
}

lt_result_t lt_memref_parse_subview(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_allocator_t a = lt_context_allocator(lt_asm_context(p));
  i64_vec_t lists[3] = {{0}, {0}, {0}};
  use_vec_t uses = {0};
  lt_result_t r = parse_subview(p, state, lists, &uses);
  for (uint32_t k = 0; k < 3; k++)
    lt_free(a, lists[k].data, lists[k].cap * sizeof(int64_t));
  lt_free(a, uses.data, uses.cap * sizeof(*uses.data));
  return r;
}

/* ---- dim, cast, copy ----------------------------------------------------- */

void lt_memref_print_dim(lt_op_t *op, lt_asm_printer_t *p) {
  if (op->num_operands != 2 || op->num_results != 1 || !memref_at(op, 0) ||
      operand_type(op, 1)->kind != LT_TYPE_INDEX ||
      op->results[0].type->kind != LT_TYPE_INDEX) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  lt_asm_print_op_name(p, op);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " ");
  lt_asm_print_op_operands(p, op);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, operand_type(op, 0));
}

lt_result_t lt_memref_parse_dim(lt_asm_parser_t *p, lt_op_state_t *state) {
  const lt_type_t *index = lt_type_index(lt_asm_context(p));
  lt_asm_operand_t m, i;
  const lt_type_t *t;
  lt_value_t *vm, *vi;
  if (LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_operand(p, &m)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)) ||
      LT_FAILED(lt_asm_parse_operand(p, &i)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &t)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &m, t, &vm)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &i, index, &vi)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, vm);
  lt_op_state_add_operand(state, vi);
  lt_op_state_add_result(state, index);
  return LT_SUCCESS;
}

/* `%a {attrs} : T to U` (cast) or `%a, %b {attrs} : T to U` (copy). */
static void print_to_form(lt_op_t *op, lt_asm_printer_t *p, const lt_type_t *a,
                          const lt_type_t *b) {
  lt_asm_print_op_name(p, op);
  lt_asm_print_raw(p, " ");
  lt_asm_print_op_operands(p, op);
  lt_asm_print_attr_dict(p, op->attrs, 0, NULL);
  lt_asm_print_raw(p, " : ");
  lt_asm_print_type(p, a);
  lt_asm_print_raw(p, " to ");
  lt_asm_print_type(p, b);
}

void lt_memref_print_cast(lt_op_t *op, lt_asm_printer_t *p) {
  if (op->num_operands != 1 || op->num_results != 1) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  print_to_form(op, p, operand_type(op, 0), op->results[0].type);
}

lt_result_t lt_memref_parse_cast(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_t src;
  const lt_type_t *from, *to;
  lt_value_t *v;
  if (LT_FAILED(lt_asm_parse_operand(p, &src)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &from)) ||
      LT_FAILED(lt_asm_parse_keyword(p, "to")) ||
      LT_FAILED(lt_asm_parse_type(p, &to)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &src, from, &v)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, v);
  lt_op_state_add_result(state, to);
  return LT_SUCCESS;
}

void lt_memref_print_copy(lt_op_t *op, lt_asm_printer_t *p) {
  if (op->num_operands != 2 || op->num_results) {
    lt_asm_print_generic_op(p, op);
    return;
  }
  print_to_form(op, p, operand_type(op, 0), operand_type(op, 1));
}

lt_result_t lt_memref_parse_copy(lt_asm_parser_t *p, lt_op_state_t *state) {
  lt_asm_operand_t a, b;
  const lt_type_t *ta, *tb;
  lt_value_t *va, *vb;
  if (LT_FAILED(lt_asm_parse_operand(p, &a)) ||
      LT_FAILED(lt_asm_parse_token(p, LT_TOK_COMMA)) ||
      LT_FAILED(lt_asm_parse_operand(p, &b)) ||
      LT_FAILED(lt_asm_parse_optional_attr_dict(p, state)) ||
      LT_FAILED(lt_asm_parse_colon_type(p, &ta)) ||
      LT_FAILED(lt_asm_parse_keyword(p, "to")) ||
      LT_FAILED(lt_asm_parse_type(p, &tb)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &a, ta, &va)) ||
      LT_FAILED(lt_asm_resolve_operand(p, &b, tb, &vb)))
    return LT_FAILURE;
  lt_op_state_add_operand(state, va);
  lt_op_state_add_operand(state, vb);
  return LT_SUCCESS;
}

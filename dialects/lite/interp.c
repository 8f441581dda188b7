/* interp.c - the reference interpreter. Every SSA value of the function
 * gets a slot holding its tensor and the number of uses still to come; a
 * tensor is freed when that count reaches zero, so the peak is the live set
 * of the schedule, not the sum of all intermediates. Constants are views
 * into their attributes (never copied) and inputs are views of the
 * caller's tensors; only outputs are copied when a view or a still-used
 * tensor is returned. */
#include "dialects/lite/interp.h"

#include <stdlib.h>
#include <string.h>

#include "dialects/func/func.h"
#include "ir/diagnostics.h"

/* ---- function signature -------------------------------------------------- */

lt_op_t *lt_lite_interp_entry(lt_op_t *module, const char *name) {
  if (!module) return NULL;
  if (!name) name = "main";
  const lt_ident_t *sym = lt_symbol_name(module);
  if (strcmp(lt_op_name(module), "func.func") == 0)
    return sym && strcmp(sym->str, name) == 0 ? module : NULL;
  if (module->num_regions == 0 || !lt_op_region(module, 0)->first) return NULL;
  LT_FOR_EACH_OP(op, lt_op_region(module, 0)->first) {
    if (strcmp(lt_op_name(op), "func.func") != 0) continue;
    sym = lt_symbol_name(op);
    if (sym && strcmp(sym->str, name) == 0) return op;
  }
  return NULL;
}

static const lt_type_t *func_type(lt_op_t *func) { return lt_func_type(func); }

uint32_t lt_lite_func_num_inputs(lt_op_t *func) {
  const lt_type_t *ft = func_type(func);
  return ft ? ft->function.num_inputs : 0;
}

uint32_t lt_lite_func_num_outputs(lt_op_t *func) {
  const lt_type_t *ft = func_type(func);
  return ft ? ft->function.num_results : 0;
}

const lt_type_t *lt_lite_func_input_type(lt_op_t *func, uint32_t i) {
  const lt_type_t *ft = func_type(func);
  return ft && i < ft->function.num_inputs ? ft->function.types[i] : NULL;
}

const lt_type_t *lt_lite_func_output_type(lt_op_t *func, uint32_t i) {
  const lt_type_t *ft = func_type(func);
  return ft && i < ft->function.num_results
             ? ft->function.types[ft->function.num_inputs + i]
             : NULL;
}

/* `lite.name` of entry i of an arg_attrs/res_attrs array. */
static const char *attr_array_name(lt_op_t *func, const char *array,
                                   uint32_t i) {
  const lt_attr_t *a = lt_op_attr(func, array);
  if (!a || a->kind != LT_ATTR_ARRAY || i >= a->array.count) return NULL;
  const lt_attr_t *dict = a->array.elems[i];
  if (!dict || dict->kind != LT_ATTR_DICT) return NULL;
  const lt_attr_t *name =
      lt_attr_dict_get(dict, lt_ident_cstr(lt_op_context(func), "lite.name"));
  /* Uniqued strings are stored NUL-terminated. */
  return name && name->kind == LT_ATTR_STRING ? name->str.data : NULL;
}

const char *lt_lite_func_input_name(lt_op_t *func, uint32_t i) {
  return attr_array_name(func, "arg_attrs", i);
}

const char *lt_lite_func_output_name(lt_op_t *func, uint32_t i) {
  return attr_array_name(func, "res_attrs", i);
}

int32_t lt_lite_func_find_input(lt_op_t *func, const char *name) {
  uint32_t n = lt_lite_func_num_inputs(func);
  for (uint32_t i = 0; i < n; i++) {
    const char *arg = lt_lite_func_input_name(func, i);
    if (arg && strcmp(arg, name) == 0) return (int32_t)i;
  }
  /* argN names an unnamed argument by position. */
  if (strncmp(name, "arg", 3) == 0 && name[3] >= '0' && name[3] <= '9') {
    char *end;
    unsigned long k = strtoul(name + 3, &end, 10);
    if (*end == '\0' && k < n && !lt_lite_func_input_name(func, (uint32_t)k))
      return (int32_t)k;
  }
  return -1;
}

/* ---- type checks --------------------------------------------------------- */

static void describe_tensor(const lk_tensor_t *t, lt_strbuf_t *sb) {
  if (t->dtype == LK_DTYPE_NONE) {
    lt_strbuf_puts(sb, "an absent tensor");
    return;
  }
  lt_strbuf_printf(sb, "%s tensor of shape ", lk_dtype_name(t->dtype));
  if (t->rank == 0) lt_strbuf_puts(sb, "() (a scalar)");
  for (int32_t i = 0; i < t->rank; i++)
    lt_strbuf_printf(sb, "%s%lld", i ? "x" : "", (long long)t->dims[i]);
}

bool lt_lite_tensor_matches(const lt_type_t *type, const lk_tensor_t *t,
                            lt_strbuf_t *why) {
  bool ok;
  if (type->kind == LT_TYPE_NONE) {
    ok = t->dtype == LK_DTYPE_NONE;
  } else {
    const lt_type_t *elem = lt_type_element(type);
    ok = t->dtype != LK_DTYPE_NONE && lt_lite_dtype(elem) == t->dtype;
    if (ok && type->kind == LT_TYPE_TENSOR) {
      ok = (uint32_t)t->rank == type->shaped.rank;
      for (uint32_t i = 0; ok && i < type->shaped.rank; i++)
        ok = type->shaped.shape[i] == LT_DYNAMIC ||
             type->shaped.shape[i] == t->dims[i];
    } else if (ok && type->kind != LT_TYPE_UNRANKED_TENSOR) {
      ok = t->rank == 0; /* a scalar type takes a 0-D tensor */
    }
  }
  if (!ok && why) {
    lt_strbuf_puts(why, "expected ");
    lt_type_print(type, why);
    lt_strbuf_puts(why, ", got ");
    describe_tensor(t, why);
  }
  return ok;
}

/* ---- value slots --------------------------------------------------------- */

typedef struct slot {
  lk_tensor_t t;
  uint32_t uses_left;
  bool owned; /* t.data is ours to free */
  bool live;  /* defined and not yet freed */
} slot_t;

/* Values sorted by address: operand lookup is a binary search, and no
 * state is kept on the IR itself. */
typedef struct value_index {
  const lt_value_t *value;
  uint32_t slot;
} value_index_t;

typedef struct interp {
  lt_context_t *ctx;
  lt_op_t *func;
  lt_allocator_t allocator;
  slot_t *slots;
  value_index_t *index;
  uint32_t num_slots;
  lk_tensor_t *in, *out; /* per-op scratch, sized for the widest op */
  uint32_t max_in, max_out;
} interp_t;

static int cmp_value_index(const void *a, const void *b) {
  const value_index_t *x = a, *y = b;
  uintptr_t p = (uintptr_t)x->value, q = (uintptr_t)y->value;
  return p < q ? -1 : p > q;
}

static slot_t *slot_of(interp_t *s, const lt_value_t *v) {
  value_index_t key = {v, 0};
  value_index_t *hit =
      bsearch(&key, s->index, s->num_slots, sizeof(key), cmp_value_index);
  return hit ? &s->slots[hit->slot] : NULL;
}

static void slot_release(interp_t *s, slot_t *sl) {
  if (sl->live && sl->owned) lt_lite_tensor_free(s->allocator, &sl->t);
  sl->live = false;
  sl->owned = false;
}

/* A consumer has read the slot: free it after its last reader. */
static void slot_consume(interp_t *s, slot_t *sl) {
  if (sl->uses_left > 0) sl->uses_left--;
  if (sl->uses_left == 0) slot_release(s, sl);
}

static void *alloc_array(lt_allocator_t a, size_t n, size_t size) {
  return lt_calloc(a, n ? n * size : 1);
}

static void free_array(lt_allocator_t a, void *p, size_t n, size_t size) {
  if (p) lt_free(a, p, n ? n * size : 1);
}

/* Sizes the slot table and scratch arrays, indexes the values and counts
 * each value's uses within the body. */
static lt_result_t interp_prepare(interp_t *s, lt_block_t *body) {
  uint32_t n = body->num_args;
  LT_FOR_EACH_OP(op, body) {
    n += op->num_results;
    if (op->num_operands > s->max_in) s->max_in = op->num_operands;
    if (op->num_results > s->max_out) s->max_out = op->num_results;
  }
  s->num_slots = n;
  s->slots = alloc_array(s->allocator, n, sizeof(slot_t));
  s->index = alloc_array(s->allocator, n, sizeof(value_index_t));
  s->in = alloc_array(s->allocator, s->max_in, sizeof(lk_tensor_t));
  s->out = alloc_array(s->allocator, s->max_out, sizeof(lk_tensor_t));
  if (!s->slots || !s->index || !s->in || !s->out)
    return lt_emit_error(s->ctx, s->func->loc,
                         "out of memory preparing the interpreter");
  uint32_t k = 0;
  for (uint32_t i = 0; i < body->num_args; i++, k++)
    s->index[k] = (value_index_t){body->args[i], k};
  LT_FOR_EACH_OP(op, body) {
    for (uint32_t i = 0; i < op->num_results; i++, k++)
      s->index[k] = (value_index_t){lt_op_result(op, i), k};
  }
  qsort(s->index, n, sizeof(value_index_t), cmp_value_index);
  LT_FOR_EACH_OP(op, body) {
    if (op->num_regions > 0)
      return lt_op_emit_error(op, "ops with regions are not supported by the "
                                  "reference interpreter");
    for (uint32_t i = 0; i < op->num_operands; i++) {
      slot_t *sl = slot_of(s, lt_op_operand(op, i));
      if (!sl)
        return lt_op_emit_error(op,
                                "operand #%u is not defined in the "
                                "function body",
                                i);
      sl->uses_left++;
    }
  }
  return LT_SUCCESS;
}

static void interp_free(interp_t *s) {
  for (uint32_t i = 0; s->slots && i < s->num_slots; i++)
    slot_release(s, &s->slots[i]);
  free_array(s->allocator, s->slots, s->num_slots, sizeof(slot_t));
  free_array(s->allocator, s->index, s->num_slots, sizeof(value_index_t));
  free_array(s->allocator, s->in, s->max_in, sizeof(lk_tensor_t));
  free_array(s->allocator, s->out, s->max_out, sizeof(lk_tensor_t));
}

/* ---- binding inputs ------------------------------------------------------ */

static const char *arg_label(lt_op_t *func, uint32_t i, char *buf, size_t cap) {
  const char *name = lt_lite_func_input_name(func, i);
  if (name) return name;
  snprintf(buf, cap, "arg%u", i);
  return buf;
}

static lt_result_t input_error(interp_t *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static lt_result_t input_error(interp_t *s, const char *fmt, ...) {
  lt_diag_t *d = lt_diag_begin(s->ctx, s->func->loc, LT_SEV_ERROR);
  va_list ap;
  va_start(ap, fmt);
  lt_strbuf_vprintf(&d->message, fmt, ap);
  va_end(ap);
  return lt_diag_emit(d);
}

static lt_result_t bind_inputs(interp_t *s, lt_block_t *body,
                               uint32_t num_inputs,
                               const lt_lite_named_tensor_t *inputs) {
  uint32_t nargs = body->num_args;
  char label[32];
  for (uint32_t k = 0; k < num_inputs; k++) {
    const lt_lite_named_tensor_t *in = &inputs[k];
    int32_t idx = in->name ? lt_lite_func_find_input(s->func, in->name)
                           : (k < nargs ? (int32_t)k : -1);
    if (idx < 0) {
      lt_strbuf_t known = {0};
      for (uint32_t i = 0; i < nargs; i++)
        lt_strbuf_printf(&known, "%s'%s'", i ? ", " : "",
                         arg_label(s->func, i, label, sizeof(label)));
      lt_result_t r =
          in->name ? input_error(s,
                                 "unknown input '%s' (the function's inputs "
                                 "are %s)",
                                 in->name, known.data ? known.data : "none")
                   : input_error(s,
                                 "%u inputs given, but the function takes "
                                 "%u",
                                 num_inputs, nargs);
      lt_strbuf_free(&known);
      return r;
    }
    const char *what = arg_label(s->func, (uint32_t)idx, label, sizeof(label));
    slot_t *sl = slot_of(s, body->args[idx]);
    if (sl->live) return input_error(s, "input '%s' is given twice", what);
    lt_strbuf_t why = {0};
    if (!lt_lite_tensor_matches(body->args[idx]->type, &in->tensor, &why)) {
      lt_result_t r = input_error(s, "input '%s': %s", what,
                                  why.data ? why.data : "type mismatch");
      lt_strbuf_free(&why);
      return r;
    }
    sl->t = in->tensor;
    sl->owned = false;
    sl->live = true;
  }
  for (uint32_t i = 0; i < nargs; i++) {
    slot_t *sl = slot_of(s, body->args[i]);
    if (sl->live) {
      if (sl->uses_left == 0) sl->live = false;
      continue;
    }
    lt_strbuf_t ty = {0};
    lt_type_print(body->args[i]->type, &ty);
    lt_result_t r = input_error(s, "missing input '%s' (argument #%u, %s)",
                                arg_label(s->func, i, label, sizeof(label)), i,
                                ty.data ? ty.data : "");
    lt_strbuf_free(&ty);
    return r;
  }
  return LT_SUCCESS;
}

/* ---- running ops --------------------------------------------------------- */

/* Checks what an op produced against what it declares, so that a kernel or
 * shape-function bug surfaces at the op rather than as a wrong number
 * later. */
static lt_result_t check_result(lt_op_t *op, uint32_t i, const lk_tensor_t *t) {
  const lt_type_t *ty = lt_op_result(op, i)->type;
  if (ty->kind != LT_TYPE_TENSOR && ty->kind != LT_TYPE_UNRANKED_TENSOR &&
      ty->kind != LT_TYPE_NONE && lt_lite_dtype(ty) == LK_DTYPE_NONE)
    return LT_SUCCESS;
  lt_strbuf_t why = {0};
  if (lt_lite_tensor_matches(ty, t, &why)) return LT_SUCCESS;
  lt_result_t r = lt_op_emit_error(op,
                                   "result #%u: evaluation and declared "
                                   "type disagree: %s",
                                   i, why.data ? why.data : "");
  lt_strbuf_free(&why);
  return r;
}

/* Produces op's results into s->out[0..num_results), owned flags in
 * owned[]. */
static lt_result_t eval_op(interp_t *s, lt_op_t *op, int id, bool *owned) {
  for (uint32_t i = 0; i < op->num_results; i++) {
    s->out[i] = (lk_tensor_t){.dtype = LK_DTYPE_NONE};
    owned[i] = false;
  }
  if (id == LT_LITE_NONE) return LT_SUCCESS;
  if (id == LT_LITE_CONSTANT) {
    const lt_attr_t *value = lt_op_attr(op, "value");
    if (!value) return lt_op_emit_error(op, "has no 'value' attribute");
    return lt_lite_attr_tensor(s->ctx, op->loc, value, s->allocator, &s->out[0],
                               &owned[0]);
  }
  for (uint32_t i = 0; i < op->num_operands; i++) {
    slot_t *sl = slot_of(s, lt_op_operand(op, i));
    if (!sl->live)
      return lt_op_emit_error(op,
                              "operand #%u is used after its last "
                              "use was counted (internal error)",
                              i);
    s->in[i] = sl->t;
  }
  uint64_t errors = lt_diag_error_count(s->ctx);
  if (LT_FAILED(lt_lite_eval(op, s->allocator, s->in, s->out))) {
    if (lt_diag_error_count(s->ctx) == errors)
      lt_op_emit_error(op, "evaluation failed");
    return LT_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_results; i++)
    owned[i] = true;
  return LT_SUCCESS;
}

static lt_result_t run_op(interp_t *s, lt_op_t *op) {
  int id = lt_lite_op_id(op);
  if (id < 0)
    return lt_op_emit_error(op, "is not a lite op: the reference interpreter "
                                "runs lite ops only");
  bool owned_small[8];
  bool *owned = op->num_results <= 8
                    ? owned_small
                    : alloc_array(s->allocator, op->num_results, sizeof(bool));
  if (!owned) return lt_op_emit_error(op, "out of memory");
  lt_result_t r = eval_op(s, op, id, owned);
  for (uint32_t i = 0; i < op->num_results; i++) {
    slot_t *sl = slot_of(s, lt_op_result(op, i));
    if (LT_SUCCEEDED(r)) r = check_result(op, i, &s->out[i]);
    /* Results go to their slots even after a failure, to be freed once. */
    sl->t = s->out[i];
    sl->owned = owned[i] && s->out[i].data != NULL;
    sl->live = true;
    if (sl->uses_left == 0) slot_release(s, sl);
  }
  if (owned != owned_small)
    free_array(s->allocator, owned, op->num_results, sizeof(bool));
  if (LT_FAILED(r)) return r;
  for (uint32_t i = 0; i < op->num_operands; i++)
    slot_consume(s, slot_of(s, lt_op_operand(op, i)));
  return LT_SUCCESS;
}

static char *dup_string(lt_allocator_t a, const char *str) {
  size_t n = strlen(str) + 1;
  char *p = lt_alloc(a, n);
  if (p) memcpy(p, str, n);
  return p;
}

/* Moves (or copies, when the tensor is a view or still needed) the
 * returned values into *out. */
static lt_result_t collect_outputs(interp_t *s, lt_op_t *ret,
                                   lt_lite_outputs_t *out) {
  uint32_t n = ret->num_operands;
  out->items = alloc_array(s->allocator, n, sizeof(lt_lite_named_tensor_t));
  if (!out->items) return lt_op_emit_error(ret, "out of memory");
  out->count = n;
  for (uint32_t i = 0; i < n; i++) {
    lt_lite_named_tensor_t *o = &out->items[i];
    o->tensor = (lk_tensor_t){.dtype = LK_DTYPE_NONE};
    const char *name = lt_lite_func_output_name(s->func, i);
    char buf[32];
    if (!name) {
      snprintf(buf, sizeof(buf), "output_%u", i);
      name = buf;
    }
    o->name = dup_string(s->allocator, name);
    slot_t *sl = slot_of(s, lt_op_operand(ret, i));
    if (!o->name || !sl->live)
      return lt_op_emit_error(ret,
                              o->name ? "operand #%u is not available"
                                      : "out of memory (result #%u)",
                              i);
    if (sl->owned && sl->uses_left == 1) {
      o->tensor = sl->t;
      sl->owned = false;
    } else if (sl->t.dtype != LK_DTYPE_NONE) {
      o->tensor = sl->t;
      o->tensor.data = NULL;
      if (LT_FAILED(lt_lite_tensor_alloc(s->allocator, &o->tensor))) {
        o->tensor.dtype = LK_DTYPE_NONE;
        return lt_op_emit_error(ret, "out of memory copying result #%u", i);
      }
      size_t nbytes = lk_nbytes(&sl->t);
      if (nbytes) memcpy(o->tensor.data, sl->t.data, nbytes);
    }
    slot_consume(s, sl);
  }
  return LT_SUCCESS;
}

void lt_lite_outputs_free(lt_lite_outputs_t *outs) {
  for (uint32_t i = 0; outs->items && i < outs->count; i++) {
    lt_lite_named_tensor_t *o = &outs->items[i];
    if (o->tensor.data) lt_lite_tensor_free(outs->allocator, &o->tensor);
    if (o->name) lt_free(outs->allocator, (void *)o->name, strlen(o->name) + 1);
  }
  free_array(outs->allocator, outs->items, outs->count,
             sizeof(lt_lite_named_tensor_t));
  outs->items = NULL;
  outs->count = 0;
}

lt_result_t lt_lite_interpret(lt_op_t *func, lt_allocator_t allocator,
                              uint32_t num_inputs,
                              const lt_lite_named_tensor_t *inputs,
                              lt_lite_outputs_t *out) {
  memset(out, 0, sizeof(*out));
  out->allocator = allocator;
  if (strcmp(lt_op_name(func), "func.func") != 0) {
    lt_op_t *main_fn = lt_lite_interp_entry(func, NULL);
    if (!main_fn) return lt_op_emit_error(func, "has no function @main to run");
    func = main_fn;
  }
  interp_t s = {
      .ctx = lt_op_context(func), .func = func, .allocator = allocator};
  lt_block_t *body = lt_func_entry(func);
  if (!func_type(func) || !body)
    return lt_op_emit_error(func, "is not a func.func with a body");
  if (body->next)
    return lt_op_emit_error(func, "has several blocks: the reference "
                                  "interpreter runs single-block functions");
  lt_result_t r = interp_prepare(&s, body);
  if (LT_SUCCEEDED(r)) r = bind_inputs(&s, body, num_inputs, inputs);
  bool returned = false;
  LT_FOR_EACH_OP(op, body) {
    if (LT_FAILED(r)) break;
    if (strcmp(lt_op_name(op), "func.return") == 0) {
      r = collect_outputs(&s, op, out);
      returned = true;
      break;
    }
    r = run_op(&s, op);
  }
  if (LT_SUCCEEDED(r) && !returned)
    r = lt_op_emit_error(func, "body does not end with func.return");
  interp_free(&s);
  if (LT_FAILED(r)) lt_lite_outputs_free(out);
  return r;
}

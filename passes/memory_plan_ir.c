/* memory_plan_ir.c - the planner on a func.func: liveness on the block's
 * op order, byte sizes from static tensor types, one arena per memory
 * (target and device), in-place candidates, the plan recorded as
 * discardable attributes, and the check of a recorded plan. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/func/func.h"
#include "dialects/lite/lite.h"
#include "ir/diagnostics.h"
#include "passes/memory_plan.h"

#define MAX_ARENAS 16
#define ARENA_NAME 32

typedef struct op_pos {
  const lt_op_t *op;
  int64_t pos;
} op_pos_t;

/* The function as the planner sees it: values with storage (parallel
 * arrays), and for each op result its slot there (-1: no storage). */
typedef struct mem_func {
  lt_allocator_t al; /* the context's */
  lt_op_t *func;
  lt_block_t *block;
  int64_t num_ops;
  op_pos_t *positions; /* sorted by op address */
  lt_value_t **values;
  lt_mem_value_t *mv;
  bool *pinned;
  uint32_t n, cap;
  char arenas[MAX_ARENAS][ARENA_NAME];
  uint32_t num_arenas;
} mem_func_t;

static int cmp_op(const void *pa, const void *pb) {
  const op_pos_t *a = pa, *b = pb;
  return (uintptr_t)a->op < (uintptr_t)b->op ? -1 : a->op != b->op;
}

/* The position of the op of `block` that holds op (op itself, or an
 * ancestor for uses in nested regions); -1 when outside the block. */
static int64_t position(const mem_func_t *f, const lt_op_t *op) {
  while (op && op->parent != f->block)
    op = lt_op_parent_op(op);
  if (!op) return -1;
  op_pos_t key = {op, 0};
  const op_pos_t *hit = bsearch(&key, f->positions, (size_t)f->num_ops,
                                sizeof key, cmp_op);
  return hit ? hit->pos : -1;
}

static void mem_func_free(mem_func_t *f) {
  lt_free(f->al, f->positions,
          (size_t)(f->num_ops ? f->num_ops : 1) * sizeof *f->positions);
  lt_free(f->al, f->values, f->cap * sizeof *f->values);
  lt_free(f->al, f->mv, f->cap * sizeof *f->mv);
  lt_free(f->al, f->pinned, f->cap * sizeof *f->pinned);
}

static lt_result_t oom(lt_op_t *op) {
  return lt_op_emit_error(op, "lite-plan-memory: out of memory");
}

/* Host, x86 and arm share memory (DESIGN §5); other targets get an arena
 * each, per device. */
static uint32_t arena_of(mem_func_t *f, const lt_type_t *t) {
  lk_place_t p;
  char name[ARENA_NAME] = "host";
  if (lt_place_of_type(t, &p) && !lk_target_is_host_memory(p.target) &&
      p.target != LK_TARGET_ANY) {
    if (p.device)
      snprintf(name, sizeof name, "%s:%d", lk_target_name(p.target),
               (int)p.device);
    else
      snprintf(name, sizeof name, "%s", lk_target_name(p.target));
  }
  for (uint32_t a = 0; a < f->num_arenas; a++)
    if (strcmp(f->arenas[a], name) == 0) return a;
  if (f->num_arenas == MAX_ARENAS) return MAX_ARENAS;
  memcpy(f->arenas[f->num_arenas], name, sizeof name);
  return f->num_arenas++;
}

/* Bytes of a value of type t; blocked layouts pad C (dim 1) up to their
 * block. False, with a diagnostic at op, when t cannot be sized. */
static lt_result_t size_of(lt_op_t *op, uint32_t result, const lt_type_t *t,
                           const lt_mem_ir_options_t *o, uint64_t *out) {
  if (t->kind == LT_TYPE_INTEGER || t->kind == LT_TYPE_INDEX ||
      lt_type_is_float(t)) {
    uint32_t w = t->kind == LT_TYPE_INDEX ? 64 : lt_type_bit_width(t);
    *out = (w + 7) / 8;
    return LT_SUCCESS;
  }
  if (t->kind != LT_TYPE_TENSOR)
    return lt_op_emit_error(op, "lite-plan-memory: result #%u has a type "
                                "without a byte size (not a ranked tensor)",
                            result);
  lk_dtype_t dt = lt_lite_dtype(t->shaped.element);
  if (dt == LK_DTYPE_NONE)
    return lt_op_emit_error(op, "lite-plan-memory: result #%u has an element "
                                "type without a byte size",
                            result);
  lk_place_t p;
  int64_t block =
      lt_place_of_type(t, &p) ? lk_layout_channel_block(p.layout) : 1;
  uint64_t bytes = lk_dtype_size(dt);
  for (uint32_t d = 0; d < t->shaped.rank; d++) {
    int64_t dim = t->shaped.shape[d];
    if (dim == LT_DYNAMIC) {
      if (o->dynamic_dim_bound <= 0)
        return lt_op_emit_error(
            op, "lite-plan-memory: result #%u has dynamic dim %u; plan with "
                "{dynamic-dim-bound=N} to size each '?' as N",
            result, d);
      dim = o->dynamic_dim_bound;
    }
    if (d == 1 && t->shaped.rank >= 2 && block > 1)
      dim = (dim + block - 1) / block * block;
    if (dim != 0 && bytes > UINT64_MAX / 2 / (uint64_t)dim)
      return lt_op_emit_error(op, "lite-plan-memory: result #%u is too large",
                              result);
    bytes *= (uint64_t)dim;
  }
  *out = bytes;
  return LT_SUCCESS;
}

static bool has_dynamic_dim(const lt_type_t *t) {
  if (t->kind != LT_TYPE_TENSOR) return false;
  for (uint32_t d = 0; d < t->shaped.rank; d++)
    if (t->shaped.shape[d] == LT_DYNAMIC) return true;
  return false;
}

/* Whether v gets a range of an arena: not constants, not typeless values
 * and, with a negative dynamic-dim-bound, not values of dynamic shape
 * (the runtime allocates those when it plans their op). */
static bool has_storage(lt_op_t *op, const lt_value_t *v,
                        const lt_mem_ir_options_t *o) {
  return v->type->kind != LT_TYPE_NONE &&
         !lt_op_has_trait(op, LT_TRAIT_CONSTANT_LIKE) &&
         !(o->dynamic_dim_bound < 0 && has_dynamic_dim(v->type));
}

static bool push(mem_func_t *f, lt_value_t *v, lt_mem_value_t mv,
                 bool pinned) {
  if (f->n == f->cap) {
    uint32_t cap = f->cap ? 2 * f->cap : 64;
    lt_value_t **nv = lt_alloc(f->al, cap * sizeof *nv);
    lt_mem_value_t *nm = lt_alloc(f->al, cap * sizeof *nm);
    bool *np = lt_alloc(f->al, cap * sizeof *np);
    if (!nv || !nm || !np) {
      lt_free(f->al, nv, cap * sizeof *nv);
      lt_free(f->al, nm, cap * sizeof *nm);
      lt_free(f->al, np, cap * sizeof *np);
      return false;
    }
    if (f->n) {
      memcpy(nv, f->values, f->n * sizeof *nv);
      memcpy(nm, f->mv, f->n * sizeof *nm);
      memcpy(np, f->pinned, f->n * sizeof *np);
    }
    lt_free(f->al, f->values, f->cap * sizeof *nv);
    lt_free(f->al, f->mv, f->cap * sizeof *nm);
    lt_free(f->al, f->pinned, f->cap * sizeof *np);
    f->values = nv;
    f->mv = nm;
    f->pinned = np;
    f->cap = cap;
  }
  f->values[f->n] = v;
  f->mv[f->n] = mv;
  f->pinned[f->n++] = pinned;
  return true;
}

/* The slot of value v, -1 when it has none. Values are pushed in op order,
 * so a binary search by (position, result index) finds them. */
static int32_t slot_of(const mem_func_t *f, const lt_value_t *v) {
  if (v->is_block_arg || v->owner.op->parent != f->block) return -1;
  int64_t pos = position(f, v->owner.op);
  uint32_t lo = 0, hi = f->n;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    const lt_value_t *m = f->values[mid];
    int64_t mp = position(f, m->owner.op);
    if (mp < pos || (mp == pos && m->index < v->index))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < f->n && f->values[lo] == v ? (int32_t)lo : -1;
}

static bool reshape_like(const lt_op_t *op) {
  switch (lt_lite_op_id(op)) {
  case LT_LITE_RESHAPE:
  case LT_LITE_FLATTEN:
  case LT_LITE_SQUEEZE:
  case LT_LITE_UNSQUEEZE:
  case LT_LITE_IDENTITY:
  case LT_LITE_DROPOUT:
    return true;
  default:
    return false;
  }
}

/* May result `r` (slot s) of op take the bytes of operand `i`? Reshape-like
 * ops: the same bytes under another shape. Elementwise ops: out[k] depends
 * on in[k] only when the operand is not broadcast (same element count) and
 * elements have the same width. io_copy and layout move bytes between
 * memories or orders, so they are not elementwise in storage. The operand
 * must have storage in the same arena, die at this op and not be pinned. */
static bool in_place_ok(const mem_func_t *f, lt_op_t *op, uint32_t r,
                        int32_t s, uint32_t i, int64_t pos) {
  if (i >= op->num_operands || f->pinned[s]) return false;
  int32_t src = slot_of(f, lt_op_operand(op, i));
  if (src < 0 || f->pinned[src]) return false;
  const lt_mem_value_t *a = &f->mv[src], *b = &f->mv[s];
  if (a->end != pos || a->arena != b->arena || a->size != b->size)
    return false;
  if (reshape_like(op)) return r == 0 && i == 0;
  int id = lt_lite_op_id(op);
  if (id < 0 || !lt_op_has_trait(op, LT_TRAIT_ELEMENTWISE) ||
      id == LT_LITE_IO_COPY || id == LT_LITE_LAYOUT)
    return false;
  const lt_type_t *ta = f->values[src]->type, *tb = f->values[s]->type;
  return ta->kind == LT_TYPE_TENSOR && tb->kind == LT_TYPE_TENSOR &&
         lt_type_num_elements(ta) == lt_type_num_elements(tb);
}

/* Fills f from func: positions, the values with storage and their
 * intervals and sizes. Aliases are left for the caller. */
static lt_result_t collect(lt_op_t *func, const lt_mem_ir_options_t *o,
                           mem_func_t *f) {
  memset(f, 0, sizeof *f);
  f->al = lt_context_allocator(lt_op_context(func));
  f->func = func;
  f->block = lt_func_entry(func);
  if (!f->block) return LT_SUCCESS;
  if (f->block->next)
    return lt_op_emit_error(func, "lite-plan-memory: expects a function with "
                                  "one block (the final schedule)");
  int64_t n = 0;
  for (lt_op_t *op = f->block->first; op; op = op->next)
    n++;
  f->num_ops = n;
  f->positions = lt_alloc(f->al, (size_t)(n ? n : 1) * sizeof *f->positions);
  if (!f->positions) return oom(func);
  n = 0;
  for (lt_op_t *op = f->block->first; op; op = op->next, n++)
    f->positions[n] = (op_pos_t){op, n};
  qsort(f->positions, (size_t)n, sizeof *f->positions, cmp_op);

  int64_t pos = 0;
  for (lt_op_t *op = f->block->first; op; op = op->next, pos++) {
    for (uint32_t r = 0; r < op->num_results; r++) {
      lt_value_t *v = lt_op_result(op, r);
      if (!has_storage(op, v, o)) continue;
      uint64_t size = 0;
      if (LT_FAILED(size_of(op, r, v->type, o, &size))) return LT_FAILURE;
      int64_t end = pos;
      bool pinned = false;
      for (lt_operand_t *u = v->first_use; u; u = u->next_use) {
        int64_t up = position(f, u->owner);
        if (up > end) end = up;
        pinned |= u->owner->parent == f->block &&
                  lt_op_has_trait(u->owner, LT_TRAIT_RETURN_LIKE);
      }
      /* A returned value is read by the caller after the last op: no other
       * value may ever use its bytes. */
      int64_t start = pinned ? 0 : pos;
      if (pinned) end = f->num_ops;
      uint32_t arena = arena_of(f, v->type);
      if (arena == MAX_ARENAS)
        return lt_op_emit_error(op, "lite-plan-memory: more than %d arenas",
                                MAX_ARENAS);
      if (!push(f, v, (lt_mem_value_t){start, end, size, arena, -1, 0},
                pinned))
        return oom(func);
    }
  }
  return LT_SUCCESS;
}

static void describe(const mem_func_t *f, int32_t s, char *buf, size_t len) {
  const lt_value_t *v = f->values[s];
  const lt_mem_value_t *m = &f->mv[s];
  snprintf(buf, len,
           "result #%u of '%s' (bytes [%" PRIu64 ", %" PRIu64
           ") of arena %s, live [%" PRId64 ", %" PRId64 "])",
           v->index, lt_op_name(v->owner.op), m->offset, m->offset + m->size,
           f->arenas[m->arena], m->start, m->end);
}

static lt_result_t report(const mem_func_t *f, lt_mem_check_result_t c) {
  char a[256], b[256];
  if (c.fault == LT_MEM_OUT_OF_MEMORY) return oom(f->func);
  lt_op_t *op = f->values[c.a]->owner.op;
  describe(f, c.a, a, sizeof a);
  if (c.fault == LT_MEM_MISALIGNED)
    return lt_op_emit_error(op, "lite-plan-memory: %s is not %u-byte aligned",
                            a, LT_MEM_ALIGN);
  if (c.fault == LT_MEM_OUT_OF_ARENA)
    return lt_op_emit_error(op, "lite-plan-memory: %s ends past its arena",
                            a);
  describe(f, c.b, b, sizeof b);
  lt_op_t *other = f->values[c.b]->owner.op;
  lt_diag_t *d = lt_diag_begin(lt_op_context(op), other->loc, LT_SEV_ERROR);
  lt_diag_printf(d, "lite-plan-memory: %s overlaps %s while both are live", b,
                 a);
  lt_diag_printf(lt_diag_note(d, op->loc), "the other value, %s, is defined here", a);
  return lt_diag_emit(d);
}

static const lt_attr_t *i64_attr(lt_context_t *ctx, int64_t v) {
  return lt_attr_integer(ctx, lt_type_integer(ctx, 64, LT_SIGNLESS), v);
}

static void record(const mem_func_t *f, const uint64_t *arena_sizes) {
  lt_context_t *ctx = lt_op_context(f->func);
  const lt_type_t *i64 = lt_type_integer(ctx, 64, LT_SIGNLESS);
  uint32_t s = 0;
  for (lt_op_t *op = f->block->first; op; op = op->next) {
    uint32_t nr = op->num_results, first = s;
    while (s < f->n && f->values[s]->owner.op == op)
      s++;
    if (s == first) continue;
    if (nr == 1) {
      lt_op_set_attr(op, "lite.offset", i64_attr(ctx, (int64_t)f->mv[first].offset));
      lt_op_set_attr(op, "lite.arena",
                     lt_attr_string_cstr(ctx, f->arenas[f->mv[first].arena]));
      continue;
    }
    int64_t offs[64];
    const lt_attr_t *names[64];
    if (nr > 64) nr = 64;
    for (uint32_t r = 0; r < nr; r++) {
      offs[r] = -1;
      names[r] = lt_attr_string_cstr(ctx, "");
    }
    for (uint32_t k = first; k < s; k++) {
      uint32_t r = f->values[k]->index;
      if (r >= nr) continue;
      offs[r] = (int64_t)f->mv[k].offset;
      names[r] = lt_attr_string_cstr(ctx, f->arenas[f->mv[k].arena]);
    }
    lt_op_set_attr(op, "lite.offset", lt_attr_dense_array(ctx, i64, nr, offs));
    lt_op_set_attr(op, "lite.arena", lt_attr_array(ctx, nr, names));
  }
  lt_named_attr_t sizes[MAX_ARENAS];
  for (uint32_t a = 0; a < f->num_arenas; a++)
    sizes[a] = (lt_named_attr_t){lt_ident_cstr(ctx, f->arenas[a]),
                                 i64_attr(ctx, (int64_t)arena_sizes[a])};
  lt_op_set_attr(f->func, "lite.arena_size",
                 lt_attr_dict(ctx, f->num_arenas, sizes));
}

lt_result_t lt_mem_plan_func(lt_op_t *func, const lt_mem_ir_options_t *options,
                             lt_mem_summary_t *out_summary) {
  mem_func_t f;
  lt_result_t res = collect(func, options, &f);
  uint64_t sizes[MAX_ARENAS] = {0};
  if (LT_SUCCEEDED(res) && f.block) {
    int64_t pos = 0;
    uint32_t s = 0;
    for (lt_op_t *op = f.block->first; op && !options->no_reuse;
         op = op->next, pos++)
      for (; s < f.n && f.values[s]->owner.op == op; s++)
        for (uint32_t i = 0; i < op->num_operands && f.mv[s].alias < 0; i++)
          if (in_place_ok(&f, op, f.values[s]->index, (int32_t)s, i, pos))
            f.mv[s].alias = slot_of(&f, lt_op_operand(op, i));
    lt_mem_options_t mo = {options->no_reuse};
    lt_mem_summary_t sum;
    if (!lt_mem_plan(f.al, f.mv, f.n, f.num_arenas, &mo, sizes, &sum)) {
      res = oom(func);
    } else {
      record(&f, sizes);
      if (out_summary) *out_summary = sum;
    }
  }
  mem_func_free(&f);
  if (LT_FAILED(res)) return res;
  return lt_mem_verify_func(func, options);
}

/* The recorded offset and arena name of value v, false when absent. */
static bool recorded(lt_op_t *op, const lt_value_t *v, int64_t *out_offset,
                     const char **out_arena, size_t *out_len) {
  const lt_attr_t *o = lt_op_attr(op, "lite.offset");
  const lt_attr_t *a = lt_op_attr(op, "lite.arena");
  if (!o || !a) return false;
  if (o->kind == LT_ATTR_INTEGER && a->kind == LT_ATTR_STRING &&
      op->num_results == 1) {
    *out_offset = o->i;
    *out_arena = a->str.data;
    *out_len = a->str.len;
    return true;
  }
  if (o->kind != LT_ATTR_DENSE_ARRAY || a->kind != LT_ATTR_ARRAY ||
      lt_attr_dense_count(o) != op->num_results ||
      a->array.count != op->num_results ||
      a->array.elems[v->index]->kind != LT_ATTR_STRING)
    return false;
  *out_offset = lt_attr_dense_int(o, v->index);
  *out_arena = a->array.elems[v->index]->str.data;
  *out_len = a->array.elems[v->index]->str.len;
  return *out_offset >= 0;
}

lt_result_t lt_mem_verify_func(lt_op_t *func,
                               const lt_mem_ir_options_t *options) {
  mem_func_t f;
  lt_result_t res = collect(func, options, &f);
  if (LT_FAILED(res) || !f.block) {
    mem_func_free(&f);
    return res;
  }
  uint64_t sizes[MAX_ARENAS] = {0};
  const lt_attr_t *dict = lt_op_attr(func, "lite.arena_size");
  for (uint32_t a = 0; a < f.num_arenas && LT_SUCCEEDED(res); a++) {
    const lt_attr_t *sz =
        dict && dict->kind == LT_ATTR_DICT
            ? lt_attr_dict_get(dict, lt_ident_cstr(lt_op_context(func), f.arenas[a]))
            : NULL;
    if (!sz || sz->kind != LT_ATTR_INTEGER || sz->i < 0)
      res = lt_op_emit_error(func, "lite-plan-memory: no lite.arena_size "
                                   "entry for arena %s", f.arenas[a]);
    else
      sizes[a] = (uint64_t)sz->i;
  }
  for (uint32_t s = 0; s < f.n && LT_SUCCEEDED(res); s++) {
    lt_value_t *v = f.values[s];
    int64_t off;
    const char *arena;
    size_t len;
    const char *want = f.arenas[f.mv[s].arena];
    if (!recorded(v->owner.op, v, &off, &arena, &len) || off < 0)
      res = lt_op_emit_error(v->owner.op, "lite-plan-memory: result #%u has "
                                          "no lite.offset / lite.arena",
                             v->index);
    else if (len != strlen(want) || memcmp(arena, want, len) != 0)
      res = lt_op_emit_error(v->owner.op, "lite-plan-memory: result #%u is "
                                          "in arena '%.*s', its type says '%s'",
                             v->index, (int)len, arena, want);
    else
      f.mv[s].offset = (uint64_t)off;
  }
  /* The in-place pairs the rules allow, where the plan used them. */
  int64_t pos = 0;
  uint32_t s = 0;
  for (lt_op_t *op = f.block->first; op && LT_SUCCEEDED(res);
       op = op->next, pos++)
    for (; s < f.n && f.values[s]->owner.op == op; s++)
      for (uint32_t i = 0; i < op->num_operands && f.mv[s].alias < 0; i++) {
        int32_t src = slot_of(&f, lt_op_operand(op, i));
        if (src >= 0 && f.mv[src].offset == f.mv[s].offset &&
            in_place_ok(&f, op, f.values[s]->index, (int32_t)s, i, pos))
          f.mv[s].alias = src;
      }
  if (LT_SUCCEEDED(res)) {
    lt_mem_check_result_t c =
        lt_mem_check(f.al, f.mv, f.n, f.num_arenas, sizes);
    if (c.fault != LT_MEM_OK) res = report(&f, c);
  }
  mem_func_free(&f);
  return res;
}

/* artifact_emit.c - walks one planned func.func and hands its tensors and
 * instructions to the table writer. */
#include "compiler/artifact_emit.h"

#include <stdlib.h>
#include <string.h>

#include "dialects/lite/interp.h"
#include "dialects/lite/lite.h"
#include "ir/attributes.h"
#include "ir/context.h"
#include "ir/diagnostics.h"
#include "compiler/jit.h"
#include "ir/printer.h"
#include "ir/ptr_map.h"
#include "passes/jit_kernels.h"

typedef struct emit {
  lt_aw_t *w;
  lt_ptr_map_t tensors; /* value -> tensor index + 1 */
  const lt_attr_t *arena_sizes;
  uint32_t num_inputs;
} emit_t;

static void tensor_of_type(const lt_type_t *t, lt_aw_tensor_t *out, int64_t *dims) {
  out->dtype = LK_DTYPE_NONE;
  out->rank = -1;
  out->dims = dims;
  out->place = (lk_place_t)LK_PLACE(LK_TARGET_ANY, LK_PRECISION_ANY, LK_LAYOUT_ANY);
  if (!t || !lt_type_is_shaped(t)) return;
  out->dtype = lt_lite_dtype(lt_type_element(t));
  if (t->kind == LT_TYPE_TENSOR) {
    out->rank = (int32_t)t->shaped.rank;
    for (uint32_t d = 0; d < t->shaped.rank && d < LK_MAX_RANK; d++)
      dims[d] = t->shaped.shape[d] < 0 ? -1 : t->shaped.shape[d];
  }
  lt_place_of_type(t, &out->place);
}

static uint32_t add_value(emit_t *e, lt_value_t *v, lt_aw_tensor_t *t) {
  uint32_t idx = lt_aw_tensor(e->w, t);
  lt_ptr_map_put(&e->tensors, v, (void *)(uintptr_t)(idx + 1));
  return idx;
}

static bool lookup(emit_t *e, lt_value_t *v, uint32_t *out) {
  uintptr_t x = (uintptr_t)lt_ptr_map_get(&e->tensors, v);
  if (!x) return false;
  *out = (uint32_t)(x - 1);
  return true;
}

/* The ONNX node names in a (possibly fused) location. */
static void add_locs(emit_t *e, lt_loc_t loc) {
  if (!loc) return;
  if (loc->kind == LT_ATTR_LOC_NAME) {
    lt_aw_loc(e->w, (loc->name_loc.name)->str, strlen((loc->name_loc.name)->str));
  } else if (loc->kind == LT_ATTR_LOC_FUSED) {
    for (uint32_t i = 0; i < loc->fused.count; i++) add_locs(e, loc->fused.locs[i]);
  } else if (loc->kind == LT_ATTR_LOC_CALLSITE) {
    add_locs(e, loc->callsite.callee);
  }
}

/* One attribute into the typed table; false when its kind has no entry. */
static bool add_attr(emit_t *e, const char *name, const lt_attr_t *a) {
  switch (a->kind) {
  case LT_ATTR_BOOL:
    lt_aw_attr_int(e->w, name, a->b);
    return true;
  case LT_ATTR_INTEGER:
    lt_aw_attr_int(e->w, name, a->i);
    return true;
  case LT_ATTR_FLOAT:
    lt_aw_attr_float(e->w, name, a->f);
    return true;
  case LT_ATTR_STRING:
    lt_aw_attr_str(e->w, name, a->str.data, a->str.len);
    return true;
  case LT_ATTR_TYPE: /* cast's `to`, as the plan step reads it */
    lt_aw_attr_int(e->w, name, lt_lite_dtype(a->type));
    return true;
  case LT_ATTR_DENSE_ARRAY: {
    int64_t n = lt_attr_dense_count(a);
    bool fl = a->type && (a->type->kind == LT_TYPE_F16 || a->type->kind == LT_TYPE_BF16 ||
                          a->type->kind == LT_TYPE_F32 || a->type->kind == LT_TYPE_F64);
    int64_t *iv = calloc((size_t)(n ? n : 1), sizeof *iv);
    double *fv = calloc((size_t)(n ? n : 1), sizeof *fv);
    if (!iv || !fv) {
      free(iv);
      free(fv);
      return false;
    }
    for (int64_t i = 0; i < n; i++) {
      if (fl) fv[i] = lt_attr_dense_float(a, i);
      else iv[i] = lt_attr_dense_int(a, i);
    }
    if (fl) lt_aw_attr_floats(e->w, name, fv, (uint32_t)n);
    else lt_aw_attr_ints(e->w, name, iv, (uint32_t)n);
    free(iv);
    free(fv);
    return true;
  }
  case LT_ATTR_ARRAY: {
    uint32_t n = a->array.count;
    bool fl = false;
    for (uint32_t i = 0; i < n; i++) {
      lt_attr_kind_t k = a->array.elems[i]->kind;
      if (k == LT_ATTR_FLOAT) fl = true;
      else if (k != LT_ATTR_INTEGER && k != LT_ATTR_BOOL) return false;
    }
    int64_t *iv = calloc(n ? n : 1, sizeof *iv);
    double *fv = calloc(n ? n : 1, sizeof *fv);
    if (!iv || !fv) {
      free(iv);
      free(fv);
      return false;
    }
    for (uint32_t i = 0; i < n; i++) {
      const lt_attr_t *x = a->array.elems[i];
      double d = x->kind == LT_ATTR_FLOAT ? x->f : x->kind == LT_ATTR_BOOL ? x->b : (double)x->i;
      fv[i] = d;
      iv[i] = x->kind == LT_ATTR_BOOL ? x->b : x->i;
    }
    if (fl) lt_aw_attr_floats(e->w, name, fv, n);
    else lt_aw_attr_ints(e->w, name, iv, n);
    free(iv);
    free(fv);
    return true;
  }
  default:
    return false;
  }
}

/* A dense or dense_resource attribute (constant_of_shape's `value`) as a
 * tensor attribute, a splat expanded: the runtime views, it does not
 * expand. Its size is checked before a splat is. */
static lt_result_t add_tensor_attr(emit_t *e, lt_op_t *op, const char *name,
                                   const lt_attr_t *a) {
  const lt_type_t *t = a->type;
  lk_dtype_t dt = t && t->kind == LT_TYPE_TENSOR
                      ? lt_lite_dtype(t->shaped.element)
                      : LK_DTYPE_NONE;
  /* No dtype or no static shape: lt_lite_attr_tensor says which. */
  size_t es = lk_dtype_size(dt);
  int64_t n = es ? lt_type_num_elements(t) : -1;
  const uint64_t cap = (uint64_t)LT_ARTIFACT_ATTR_TENSOR_MAX_WORDS * 8;
  if (n >= 0 && (uint64_t)n > cap / es)
    return lt_op_emit_error(op, "artifact: tensor attribute '%s' of '%s' is "
                                "larger than the attribute table's %llu-byte "
                                "limit", name, lt_op_name(op),
                            (unsigned long long)cap);
  lk_tensor_t v;
  bool owned;
  if (LT_FAILED(lt_lite_attr_tensor(lt_op_context(op), op->loc, a,
                                    lt_allocator_system(), &v, &owned)))
    return LT_FAILURE;
  bool ok = lt_aw_attr_tensor(e->w, name, &v);
  if (owned) lt_lite_tensor_free(lt_allocator_system(), &v);
  if (!ok)
    return lt_op_emit_error(op, "artifact: tensor attribute '%s' of '%s' does "
                                "not fit the attribute table (rank %d, %llu "
                                "bytes)", name, lt_op_name(op), (int)v.rank,
                            (unsigned long long)lk_nbytes(&v));
  return LT_SUCCESS;
}

static lt_result_t emit_weight(emit_t *e, lt_op_t *op) {
  const lt_attr_t *v = lt_op_attr(op, "value");
  lt_value_t *r = lt_op_result(op, 0);
  int64_t dims[LK_MAX_RANK] = {0};
  lt_aw_tensor_t t = {0};
  tensor_of_type(r->type, &t, dims);
  t.name = "";
  t.storage = LT_ARTIFACT_STORAGE_WEIGHT;
  if (v && v->kind == LT_ATTR_DENSE_RESOURCE && v->resource.resource &&
      v->resource.resource->has_data) {
    t.data = v->resource.resource->data;
    t.size = v->resource.resource->size;
    add_value(e, r, &t);
    return LT_SUCCESS;
  }
  if (!v || v->kind != LT_ATTR_DENSE)
    return lt_op_emit_error(op, "artifact: constant '%s' has no dense 'value' the "
                                "weights section can hold", lt_op_name(op));
  int64_t count = lt_attr_dense_count(v);
  size_t esz = v->dense.size;
  if (v->dense.splat) {
    /* The file holds every element: the runtime maps, it does not expand. */
    uint8_t *full = malloc(esz * (size_t)(count ? count : 1));
    if (!full) return lt_op_emit_error(op, "artifact: out of memory");
    for (int64_t i = 0; i < count; i++) memcpy(full + (size_t)i * esz, v->dense.data, esz);
    t.data = full;
    t.size = esz * (uint64_t)count;
  } else {
    t.data = v->dense.data;
    t.size = v->dense.size;
  }
  t.name = "";
  t.storage = LT_ARTIFACT_STORAGE_WEIGHT;
  add_value(e, r, &t);
  if (v->dense.splat) free((void *)t.data);
  return LT_SUCCESS;
}

static bool arena_index(emit_t *e, const char *name, size_t len, uint32_t *out) {
  const lt_attr_t *d = e->arena_sizes;
  for (uint32_t i = 0; d && i < d->dict.count; i++) {
    const char *n = (d->dict.entries[i].name)->str;
    if (strlen(n) == len && memcmp(n, name, len) == 0) {
      *out = i;
      return true;
    }
  }
  return false;
}

static lt_result_t emit_op(emit_t *e, lt_op_t *op) {
  const char *name = lt_op_name(op);
  const lt_attr_t *kernel = lt_op_attr(op, "lite.kernel");
  if (!kernel || kernel->kind != LT_ATTR_STRING)
    return lt_op_emit_error(op, "artifact: '%s' has no lite.kernel: run "
                                "lite-pick-kernels (or lite-compile) first", name);
  if (lt_jit_kernel_name(kernel->str.data) && strcmp(name, "lite.dispatch") != 0)
    return lt_op_emit_error(op, "artifact: '%s' picked generated kernel '%.*s', "
                                "which only lite-lower-to-loops makes: run it "
                                "before the memory plan", name,
                            (int)kernel->str.len, kernel->str.data);
  const lt_attr_t *off = lt_op_attr(op, "lite.offset");
  const lt_attr_t *arena = lt_op_attr(op, "lite.arena");
  uint32_t ops[LT_ARTIFACT_MAX_OPERANDS], res[LT_ARTIFACT_MAX_OPERANDS];
  if (op->num_operands > LT_ARTIFACT_MAX_OPERANDS ||
      op->num_results > LT_ARTIFACT_MAX_OPERANDS)
    return lt_op_emit_error(op, "artifact: '%s' has more than %u operands or "
                                "results", name, LT_ARTIFACT_MAX_OPERANDS);
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (!lookup(e, lt_op_operand(op, i), &ops[i]))
      return lt_op_emit_error(op, "artifact: operand #%u of '%s' is defined in no "
                                  "tensor of the artifact (a nested region?)", i, name);
  for (uint32_t r = 0; r < op->num_results; r++) {
    int64_t dims[LK_MAX_RANK] = {0};
    lt_aw_tensor_t t = {0};
    tensor_of_type(lt_op_result(op, r)->type, &t, dims);
    t.name = "";
    int64_t o = -1;
    const char *an = NULL;
    size_t alen = 0;
    if (off && off->kind == LT_ATTR_INTEGER && r == 0) o = off->i;
    else if (off && off->kind == LT_ATTR_DENSE_ARRAY && r < lt_attr_dense_count(off))
      o = lt_attr_dense_int(off, r);
    if (arena && arena->kind == LT_ATTR_STRING && r == 0) an = arena->str.data, alen = arena->str.len;
    else if (arena && arena->kind == LT_ATTR_ARRAY && r < arena->array.count &&
             arena->array.elems[r]->kind == LT_ATTR_STRING)
      an = arena->array.elems[r]->str.data, alen = arena->array.elems[r]->str.len;
    bool dynamic = false;
    for (int32_t d = 0; d < t.rank; d++) dynamic |= dims[d] < 0;
    if ((o < 0 || !an || alen == 0) && dynamic && e->arena_sizes) {
      /* lite-plan-memory{dynamic-dim-bound=-1} left it to the runtime. */
      t.storage = LT_ARTIFACT_STORAGE_DYNAMIC;
      res[r] = add_value(e, lt_op_result(op, r), &t);
      continue;
    }
    if (o < 0 || !an || alen == 0)
      return lt_op_emit_error(op, "artifact: result #%u of '%s' has no memory plan "
                                  "slot (lite.offset / lite.arena): run lite-plan-memory", r, name);
    if (!arena_index(e, an, alen, &t.arena))
      return lt_op_emit_error(op, "artifact: result #%u of '%s' names arena '%.*s', "
                                  "which the function's lite.arena_size lacks",
                              r, name, (int)alen, an);
    t.storage = LT_ARTIFACT_STORAGE_ARENA;
    t.offset = (uint64_t)o;
    int64_t n = t.rank >= 0 ? 1 : 0;
    for (int32_t d = 0; d < t.rank; d++) n *= dims[d] < 0 ? 0 : dims[d];
    int32_t block = lk_layout_channel_block(t.place.layout);
    if (t.rank >= 2 && block > 1 && dims[1] > 0)
      n = n / dims[1] * ((dims[1] + block - 1) / block * block);
    t.size = t.dtype == LK_DTYPE_NONE ? 0 : (uint64_t)n * lk_dtype_size(t.dtype);
    res[r] = add_value(e, lt_op_result(op, r), &t);
  }
  char kname[256];
  snprintf(kname, sizeof kname, "%.*s", (int)kernel->str.len, kernel->str.data);
  lt_aw_instr(e->w, kname, name, ops, op->num_operands, res, op->num_results);
  const lt_attr_t *dict = op->attrs;
  for (uint32_t i = 0; i < dict->dict.count; i++) {
    const char *an = (dict->dict.entries[i].name)->str;
    const lt_attr_t *v = dict->dict.entries[i].value;
    if (strncmp(an, "lite.", 5) == 0) continue; /* the compiler's own records */
    /* A dispatch's callee: the kernel name the instruction stores. */
    if (v->kind == LT_ATTR_SYMBOL_REF && strcmp(an, "callee") == 0) continue;
    if (v->kind == LT_ATTR_DENSE || v->kind == LT_ATTR_DENSE_RESOURCE) {
      if (LT_FAILED(add_tensor_attr(e, op, an, v))) return LT_FAILURE;
    } else if (!add_attr(e, an, v)) {
      return lt_op_emit_error(op, "artifact: attribute '%s' of '%s' is of a kind the "
                                  "artifact's attribute table cannot hold (int, float, "
                                  "string, list of numbers, tensor)", an, name);
    }
  }
  add_locs(e, op->loc);
  return LT_SUCCESS;
}

static lt_op_t *find_func(lt_op_t *module) {
  if (strcmp(lt_op_name(module), "func.func") == 0) return module;
  if (module->num_regions == 0 || !module->regions[0].first) return NULL;
  for (lt_op_t *op = module->regions[0].first->first; op; op = op->next)
    if (strcmp(lt_op_name(op), "func.func") == 0) return op;
  return NULL;
}

lt_result_t lt_artifact_emit(lt_op_t *module, lt_aw_t *w) {
  lt_op_t *func = find_func(module);
  if (!func || func->num_regions == 0 || !func->regions[0].first)
    return lt_op_emit_error(module, "artifact: no func.func with a body to emit");
  lt_block_t *body = func->regions[0].first;
  if (body->next)
    return lt_op_emit_error(func, "artifact: the function has more than one block");
  emit_t e;
  memset(&e, 0, sizeof e);
  e.w = w;
  e.arena_sizes = lt_op_attr(func, "lite.arena_size");
  lt_ptr_map_init(&e.tensors, lt_allocator_system());
  lt_result_t res = LT_SUCCESS;
  if (!e.arena_sizes || e.arena_sizes->kind != LT_ATTR_DICT) {
    res = lt_op_emit_error(func, "artifact: the function has no lite.arena_size: "
                                 "run lite-plan-memory (or lite-compile) first");
    goto done;
  }
  for (uint32_t i = 0; i < e.arena_sizes->dict.count; i++) {
    const char *an = (e.arena_sizes->dict.entries[i].name)->str;
    const lt_attr_t *sz = e.arena_sizes->dict.entries[i].value;
    lk_place_t p = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_ANY, LK_LAYOUT_ANY);
    char spec[64];
    /* Arena names are `target` or `target:device`. */
    const char *colon = strchr(an, ':');
    size_t tl = colon ? (size_t)(colon - an) : strlen(an);
    lk_target_parse(an, tl, &p.target);
    if (colon) p.device = atoi(colon + 1);
    snprintf(spec, sizeof spec, "%s", an);
    lt_aw_arena(w, spec, p.target, p.device,
                sz->kind == LT_ATTR_INTEGER ? (uint64_t)sz->i : 0);
  }
  for (uint32_t i = 0; i < body->num_args; i++) {
    int64_t dims[LK_MAX_RANK] = {0};
    lt_aw_tensor_t t = {0};
    tensor_of_type(body->args[i]->type, &t, dims);
    char name[32];
    snprintf(name, sizeof name, "arg%u", i);
    t.name = lt_lite_func_input_name(func, i);
    if (!t.name) t.name = name;
    t.storage = LT_ARTIFACT_STORAGE_INPUT;
    t.offset = i;
    lt_aw_input(w, add_value(&e, body->args[i], &t));
  }
  for (lt_op_t *op = body->first; op && LT_SUCCEEDED(res); op = op->next) {
    if (strcmp(lt_op_name(op), "func.return") == 0) {
      for (uint32_t i = 0; i < op->num_operands; i++) {
        uint32_t t;
        if (!lookup(&e, lt_op_operand(op, i), &t)) {
          res = lt_op_emit_error(op, "artifact: returned value #%u has no tensor", i);
          break;
        }
        const char *oname = lt_lite_func_output_name(func, i);
        char buf[32];
        if (!oname) snprintf(buf, sizeof buf, "output_%u", i), oname = buf;
        lt_aw_tensor_name(w, t, oname);
        lt_aw_output(w, t);
      }
    } else if (lt_op_has_trait(op, LT_TRAIT_CONSTANT_LIKE)) {
      res = emit_weight(&e, op);
    } else if (strcmp(lt_op_name(op), "lite.none") == 0) {
      int64_t dims[LK_MAX_RANK] = {0};
      lt_aw_tensor_t t = {0};
      tensor_of_type(NULL, &t, dims);
      t.name = "";
      add_value(&e, lt_op_result(op, 0), &t);
    } else {
      res = emit_op(&e, op);
    }
  }
  /* The generated kernels ride along as text, for a JIT where the program
   * links none of them. */
  lt_op_t *kernels = lt_jit_kernels_module(module);
  if (LT_SUCCEEDED(res) && kernels) {
    lt_strbuf_t sb = {0};
    res = lt_op_print(kernels, NULL, &sb);
    if (LT_SUCCEEDED(res) && sb.data) lt_aw_kernel_ir(w, sb.data, sb.len);
    lt_strbuf_free(&sb);
  }
done:
  lt_ptr_map_deinit(&e.tensors);
  return res;
}

lt_result_t lt_artifact_emit_file(lt_op_t *module, const char *path) {
  lt_aw_t *w = lt_aw_new();
  if (!w) return lt_op_emit_error(module, "artifact: out of memory");
  lt_result_t res = lt_artifact_emit(module, w);
  if (LT_SUCCEEDED(res)) {
    lt_status_t st = lt_aw_write_file(w, "lite", path);
    if (st) {
      res = lt_op_emit_error(module, "%s", lt_status_message(st));
      lt_status_free(st);
    }
  }
  lt_aw_free(w);
  return res;
}

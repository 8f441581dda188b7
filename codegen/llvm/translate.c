/* translate.c - the module driver: declares every func.func, emits their
 * bodies op by op through the dialects' rule tables, then the kernels' ABI
 * entry points (translate_entry.c). Also the value map and the helpers the
 * rule files share. */
#include "codegen/llvm/translate.h"

#include <stdlib.h>
#include <string.h>

#include "codegen/llvm/translate_entry.h"
#include "codegen/llvm/translate_internal.h"

void lt_llvm_translate_options_init(lt_llvm_translate_options_t *o) {
  memset(o, 0, sizeof(*o));
  o->parallel_split = true;
}

/* ---- value map ----------------------------------------------------------- */

static size_t slot_index(const lt_cg_t *cg, const lt_value_t *v) {
  uint64_t h = lt_hash_ptr(v);
  return (size_t)h & (cg->cap - 1);
}

lt_cg_slot_t *lt_cg_slot(lt_cg_t *cg, const lt_value_t *v) {
  if (!cg->cap) return NULL;
  for (size_t i = slot_index(cg, v);; i = (i + 1) & (cg->cap - 1)) {
    if (cg->slots[i].key == v) return &cg->slots[i];
    if (!cg->slots[i].key) return NULL;
  }
}

static bool grow(lt_cg_t *cg) {
  size_t cap = cg->cap ? cg->cap * 2 : 256;
  lt_cg_slot_t *slots = calloc(cap, sizeof(*slots));
  if (!slots) return false;
  lt_cg_slot_t *old = cg->slots;
  size_t old_cap = cg->cap;
  cg->slots = slots;
  cg->cap = cap;
  cg->count = 0;
  for (size_t i = 0; i < old_cap; i++) {
    if (!old[i].key || (!old[i].value && !old[i].memref)) continue;
    size_t j = slot_index(cg, old[i].key);
    while (slots[j].key)
      j = (j + 1) & (cap - 1);
    slots[j] = old[i];
    cg->count++;
  }
  free(old);
  return true;
}

static lt_cg_slot_t *slot_insert(lt_cg_t *cg, const lt_value_t *v) {
  lt_cg_slot_t *s = lt_cg_slot(cg, v);
  if (s) return s;
  if ((cg->count + 1) * 2 > cg->cap && !grow(cg)) {
    cg->oom = true;
    return NULL;
  }
  size_t i = slot_index(cg, v);
  while (cg->slots[i].key)
    i = (i + 1) & (cg->cap - 1);
  cg->slots[i].key = v;
  cg->count++;
  return &cg->slots[i];
}

lt_result_t lt_cg_map(lt_cg_t *cg, const lt_value_t *v, LLVMValueRef value) {
  lt_cg_slot_t *s = slot_insert(cg, v);
  if (!s) return LT_FAILURE;
  s->value = value;
  s->memref = NULL;
  return LT_SUCCESS;
}

lt_cg_memref_t *lt_cg_memref_new(lt_cg_t *cg, const lt_cg_memref_t *m) {
  if (cg->num_memrefs == cg->cap_memrefs) {
    size_t cap = cg->cap_memrefs ? cg->cap_memrefs * 2 : 64;
    lt_cg_memref_t **grown = realloc(cg->memrefs, cap * sizeof(*grown));
    if (!grown) {
      cg->oom = true;
      return NULL;
    }
    cg->memrefs = grown;
    cg->cap_memrefs = cap;
  }
  lt_cg_memref_t *copy = malloc(sizeof(*copy));
  if (!copy) {
    cg->oom = true;
    return NULL;
  }
  *copy = *m;
  cg->memrefs[cg->num_memrefs++] = copy;
  return copy;
}

lt_result_t lt_cg_map_memref(lt_cg_t *cg, const lt_value_t *v,
                             const lt_cg_memref_t *m) {
  lt_cg_memref_t *copy = lt_cg_memref_new(cg, m);
  lt_cg_slot_t *s = copy ? slot_insert(cg, v) : NULL;
  if (!s) return LT_FAILURE;
  s->value = NULL;
  s->memref = copy;
  return LT_SUCCESS;
}

void lt_cg_unmap(lt_cg_t *cg, const lt_value_t *v) {
  lt_cg_slot_t *s = lt_cg_slot(cg, v);
  /* The key stays (probe chains must not break); a cleared slot reads as
   * unmapped. */
  if (s) {
    s->value = NULL;
    s->memref = NULL;
  }
}

LLVMValueRef lt_cg_get(lt_cg_t *cg, lt_op_t *op, const lt_value_t *v) {
  lt_cg_slot_t *s = lt_cg_slot(cg, v);
  if (s && s->value) return s->value;
  if (s && s->memref)
    lt_op_emit_error(op, "a memref operand is used where a scalar or "
                         "vector is expected");
  else
    lt_op_emit_error(op, "operand has no LLVM value (defined by an op the "
                         "LLVM backend did not translate)");
  return NULL;
}

LLVMValueRef lt_cg_operand(lt_cg_t *cg, lt_op_t *op, uint32_t i) {
  if (i >= op->num_operands) {
    lt_op_emit_error(op, "expected at least %u operands, got %u", i + 1,
                     op->num_operands);
    return NULL;
  }
  return lt_cg_get(cg, op, lt_op_operand(op, i));
}

const lt_cg_memref_t *lt_cg_get_memref(lt_cg_t *cg, lt_op_t *op,
                                       const lt_value_t *v) {
  lt_cg_slot_t *s = lt_cg_slot(cg, v);
  if (s && s->memref) return s->memref;
  lt_op_emit_error(op, "expected a memref operand");
  return NULL;
}

/* ---- shared helpers ----------------------------------------------------- */

LLVMBasicBlockRef lt_cg_new_block(lt_cg_t *cg, const char *name) {
  return LLVMAppendBasicBlockInContext(cg->llvm, cg->fn, name);
}

LLVMValueRef lt_cg_intrinsic(lt_cg_t *cg, const char *name,
                             LLVMTypeRef *types, size_t num_types,
                             LLVMValueRef *args, unsigned num_args) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  if (!id) return NULL;
  LLVMValueRef f = LLVMGetIntrinsicDeclaration(cg->mod, id, types, num_types);
  LLVMTypeRef fty = LLVMIntrinsicGetType(cg->llvm, id, types, num_types);
  return LLVMBuildCall2(cg->b, fty, f, args, num_args, "");
}

LLVMValueRef lt_cg_entry_alloca(lt_cg_t *cg, LLVMTypeRef type,
                                LLVMValueRef count, const char *name) {
  LLVMBasicBlockRef here = LLVMGetInsertBlock(cg->b);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(cg->fn);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  if (first)
    LLVMPositionBuilderBefore(cg->b, first);
  else
    LLVMPositionBuilderAtEnd(cg->b, entry);
  LLVMValueRef a = count ? LLVMBuildArrayAlloca(cg->b, type, count, name)
                         : LLVMBuildAlloca(cg->b, type, name);
  LLVMPositionBuilderAtEnd(cg->b, here);
  return a;
}

/* ---- op dispatch ---------------------------------------------------------- */

typedef struct rule_table {
  const lt_cg_rule_t *rules;
  const size_t *count;
} rule_table_t;

static const rule_table_t k_tables[] = {
    {lt_cg_func_rules, &lt_cg_num_func_rules},
    {lt_cg_arith_rules, &lt_cg_num_arith_rules},
    {lt_cg_math_rules, &lt_cg_num_math_rules},
    {lt_cg_scf_rules, &lt_cg_num_scf_rules},
    {lt_cg_memref_rules, &lt_cg_num_memref_rules},
    {lt_cg_vector_rules, &lt_cg_num_vector_rules},
};

static lt_cg_op_fn find_rule(const char *name) {
  for (size_t t = 0; t < LT_ARRAY_SIZE(k_tables); t++)
    for (size_t i = 0; i < *k_tables[t].count; i++)
      if (strcmp(k_tables[t].rules[i].name, name) == 0)
        return k_tables[t].rules[i].fn;
  return NULL;
}

static bool is_region_terminator(const lt_op_t *op) {
  const char *n = lt_op_name(op);
  return strcmp(n, "scf.yield") == 0 || strcmp(n, "scf.reduce.return") == 0;
}

lt_result_t lt_cg_emit_block(lt_cg_t *cg, lt_block_t *block,
                             lt_op_t **out_term) {
  if (out_term) *out_term = NULL;
  LT_FOR_EACH_OP(op, block) {
    if (!op->next && is_region_terminator(op)) {
      if (out_term) *out_term = op;
      break;
    }
    lt_cg_op_fn fn = find_rule(lt_op_name(op));
    if (!fn)
      return lt_op_emit_error(op, "is not supported by the LLVM backend");
    if (LT_FAILED(fn(cg, op))) return LT_FAILURE;
    if (cg->oom) return lt_op_emit_error(op, "out of memory translating");
  }
  return LT_SUCCESS;
}

/* ---- functions ---------------------------------------------------------- */

static const lt_type_t *func_type(lt_op_t *f) {
  const lt_attr_t *a = lt_op_attr(f, "function_type");
  return a && a->kind == LT_ATTR_TYPE && a->type &&
                 a->type->kind == LT_TYPE_FUNCTION
             ? a->type
             : NULL;
}

static const char *func_name(lt_op_t *f) {
  const lt_attr_t *a = lt_op_attr(f, "sym_name");
  return a && a->kind == LT_ATTR_STRING ? a->str.data : NULL;
}

bool lt_llvm_is_kernel(lt_op_t *op, int64_t *out_num_inputs) {
  if (strcmp(lt_op_name(op), "func.func") != 0) return false;
  const lt_attr_t *k = lt_op_attr(op, "lite.kernel");
  if (!k || k->kind != LT_ATTR_DICT) return false;
  const lt_attr_t *n =
      lt_attr_dict_get(k, lt_ident_cstr(lt_op_context(op), "num_inputs"));
  if (!n || n->kind != LT_ATTR_INTEGER) return false;
  if (out_num_inputs) *out_num_inputs = n->i;
  return true;
}

size_t lt_llvm_kernel_names(lt_op_t *module, const char **out, size_t max) {
  size_t n = 0;
  if (!module->num_regions || !module->regions[0].first) return 0;
  LT_FOR_EACH_OP(op, module->regions[0].first) {
    if (!lt_llvm_is_kernel(op, NULL) || !func_name(op)) continue;
    if (n < max) out[n] = func_name(op);
    n++;
  }
  return n;
}

/* The LLVM signature of f: memrefs expanded, a trailing lk_parallel_t *
 * for kernels. */
static lt_result_t signature(lt_cg_t *cg, lt_op_t *f, bool kernel,
                             LLVMTypeRef *out) {
  const lt_type_t *ft = func_type(f);
  if (!ft) return lt_op_emit_error(f, "requires a 'function_type' attribute");
  uint32_t ni = ft->function.num_inputs, nr = ft->function.num_results;
  size_t cap = 1 + (size_t)ni * (2 + 2 * LT_CG_MAX_RANK);
  LLVMTypeRef *params = malloc(cap * sizeof(*params));
  LLVMTypeRef results[16];
  if (!params) return lt_op_emit_error(f, "out of memory translating");
  size_t np = 0;
  lt_result_t r = LT_SUCCESS;
  /* The entry block's argument types when there is a body: the verifier
   * holds them equal to function_type's inputs. */
  lt_block_t *entry = f->num_regions ? f->regions[0].first : NULL;
  if (entry && entry->num_args != ni) {
    free(params);
    return lt_op_emit_error(f, "entry block has %u arguments, but the "
                               "function type %u inputs",
                            entry->num_args, ni);
  }
  for (uint32_t i = 0; i < ni && LT_SUCCEEDED(r); i++) {
    const lt_type_t *t = entry ? entry->args[i]->type : ft->function.types[i];
    if (lt_cg_is_memref(t)) {
      if (!lt_cg_memref_fits(t) || !lt_cg_type(cg, t->shaped.element))
        r = lt_cg_type_error(f, "argument type", t);
      else
        np += lt_cg_memref_part_types(cg, t, params + np);
    } else if (!(params[np++] = lt_cg_type(cg, t))) {
      r = lt_cg_type_error(f, "argument type", t);
    }
  }
  if (kernel) params[np++] = lt_cg_ptr(cg);
  if (LT_SUCCEEDED(r) && nr > LT_ARRAY_SIZE(results))
    r = lt_op_emit_error(f, "has more than %zu results",
                         LT_ARRAY_SIZE(results));
  for (uint32_t i = 0; i < nr && LT_SUCCEEDED(r); i++) {
    const lt_type_t *t = ft->function.types[ni + i];
    if (!(results[i] = lt_cg_type(cg, t)))
      r = lt_cg_type_error(f, "result type", t);
  }
  if (LT_SUCCEEDED(r)) {
    LLVMTypeRef ret =
        nr == 0   ? LLVMVoidTypeInContext(cg->llvm)
        : nr == 1 ? results[0]
                  : LLVMStructTypeInContext(cg->llvm, results, nr, false);
    *out = LLVMFunctionType(ret, params, (unsigned)np, false);
  }
  free(params);
  return r;
}

/* The LLVM function of a func.func symbol (the body for a kernel). */
static void body_name(const char *name, bool kernel, lt_strbuf_t *sb) {
  lt_strbuf_puts(sb, name);
  if (kernel) lt_strbuf_puts(sb, ".body");
}

static lt_result_t declare(lt_cg_t *cg, lt_op_t *f) {
  const char *name = func_name(f);
  if (!name) return lt_op_emit_error(f, "requires a 'sym_name' attribute");
  bool kernel = lt_llvm_is_kernel(f, NULL);
  LLVMTypeRef fty = NULL;
  if (LT_FAILED(signature(cg, f, kernel, &fty))) return LT_FAILURE;
  lt_strbuf_t sb = {0};
  body_name(name, kernel, &sb);
  if (!sb.data) return lt_op_emit_error(f, "out of memory translating");
  if (LLVMGetNamedFunction(cg->mod, sb.data)) {
    lt_strbuf_free(&sb);
    return lt_op_emit_error(f, "redefines symbol '%s'", name);
  }
  LLVMValueRef fn = LLVMAddFunction(cg->mod, sb.data, fty);
  lt_strbuf_free(&sb);
  bool has_body = f->num_regions && f->regions[0].first;
  if (kernel) {
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    unsigned kind = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(cg->llvm, kind, 0));
  } else if (has_body) {
    const lt_attr_t *vis = lt_op_attr(f, "sym_visibility");
    if (vis && vis->kind == LT_ATTR_STRING && vis->str.len == 7 &&
        memcmp(vis->str.data, "private", 7) == 0)
      LLVMSetLinkage(fn, LLVMInternalLinkage);
  }
  unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(cg->llvm, nounwind, 0));
  return LT_SUCCESS;
}

LLVMValueRef lt_cg_function_of(lt_cg_t *cg, const char *name, bool *kernel) {
  lt_strbuf_t sb = {0};
  lt_strbuf_puts(&sb, name);
  lt_strbuf_puts(&sb, ".body");
  LLVMValueRef fn = sb.data ? LLVMGetNamedFunction(cg->mod, sb.data) : NULL;
  lt_strbuf_free(&sb);
  *kernel = fn != NULL;
  return fn ? fn : LLVMGetNamedFunction(cg->mod, name);
}

static lt_result_t define(lt_cg_t *cg, lt_op_t *f) {
  lt_block_t *entry = f->regions[0].first;
  if (entry->next)
    return lt_op_emit_error(f, "has more than one block: the LLVM backend "
                               "takes structured control flow (scf) only");
  bool kernel;
  cg->fn = lt_cg_function_of(cg, func_name(f), &kernel);
  cg->func_op = f;
  cg->outlined_parallel = false;
  LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(cg->llvm, cg->fn,
                                                       "entry");
  LLVMPositionBuilderAtEnd(cg->b, bb);
  LLVMValueRef *params = malloc((LLVMCountParams(cg->fn) + 1) *
                                sizeof(*params));
  if (!params) return lt_op_emit_error(f, "out of memory translating");
  LLVMGetParams(cg->fn, params);
  size_t pos = 0;
  lt_result_t r = LT_SUCCESS;
  for (uint32_t i = 0; i < entry->num_args && LT_SUCCEEDED(r); i++) {
    const lt_value_t *arg = entry->args[i];
    if (lt_cg_is_memref(arg->type)) {
      lt_cg_memref_t m;
      lt_cg_memref_from_parts(cg, arg->type, params, &pos, &m);
      r = lt_cg_map_memref(cg, arg, &m);
    } else {
      r = lt_cg_map(cg, arg, params[pos++]);
    }
  }
  cg->parallel = kernel ? params[pos] : NULL;
  free(params);
  if (LT_FAILED(r)) return lt_op_emit_error(f, "out of memory translating");
  if (LT_FAILED(lt_cg_emit_block(cg, entry, NULL))) return LT_FAILURE;
  /* A body without func.return (the verifier requires one) still ends. */
  if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(cg->b)))
    return lt_op_emit_error(f, "body does not end in 'func.return'");
  return LT_SUCCESS;
}

static bool selected(const lt_llvm_translate_options_t *o, lt_op_t *op) {
  return strcmp(lt_op_name(op), "func.func") == 0 &&
         (!o->select || o->select(o->select_user, op));
}

lt_result_t lt_llvm_translate_module(lt_op_t *module, LLVMContextRef llvm_ctx,
                                     const char *name,
                                     const lt_llvm_translate_options_t *options,
                                     LLVMModuleRef *out_mod) {
  *out_mod = NULL;
  lt_llvm_translate_options_t defaults;
  lt_llvm_translate_options_init(&defaults);
  if (!module->num_regions || !module->regions[0].first)
    return lt_op_emit_error(module, "expected a module with a body");
  lt_cg_t cg = {.ir = lt_op_context(module),
                .llvm = llvm_ctx,
                .options = options ? options : &defaults};
  cg.mod = LLVMModuleCreateWithNameInContext(name ? name : "lite", llvm_ctx);
  cg.b = LLVMCreateBuilderInContext(llvm_ctx);
  lt_block_t *body = module->regions[0].first;
  lt_result_t r = LT_SUCCESS;
  LT_FOR_EACH_OP(op, body) {
    if (!selected(cg.options, op)) continue;
    if (LT_FAILED(r = declare(&cg, op))) break;
  }
  LT_FOR_EACH_OP(op, body) {
    if (LT_FAILED(r)) break;
    if (!selected(cg.options, op) || !op->num_regions ||
        !op->regions[0].first)
      continue;
    r = define(&cg, op);
  }
  LT_FOR_EACH_OP(op, body) {
    if (LT_FAILED(r)) break;
    int64_t num_inputs;
    if (selected(cg.options, op) && lt_llvm_is_kernel(op, &num_inputs))
      r = lt_cg_emit_entry(&cg, op, num_inputs, func_name(op));
  }
  LLVMDisposeBuilder(cg.b);
  for (size_t i = 0; i < cg.num_memrefs; i++)
    free(cg.memrefs[i]);
  free(cg.memrefs);
  free(cg.slots);
  if (LT_FAILED(r)) {
    LLVMDisposeModule(cg.mod);
    return LT_FAILURE;
  }
  *out_mod = cg.mod;
  return LT_SUCCESS;
}

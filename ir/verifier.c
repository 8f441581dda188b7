/* verifier.c - structural verification, SSA dominance and op hooks, in
 * MLIR 16's order and with its messages.
 *
 * Like MLIR's OperationVerifier, each op is checked on entrance (operands,
 * dialect attributes, arity, traits, its verify hook, region shapes), its
 * blocks on entrance (terminator presence, successors only at the end) and
 * exit (terminator kind), then the op on exit (isolated-from-above children
 * are verified completely first, then region invariants: isolation and
 * symbol-table uniqueness). Dominance is checked per isolated-from-above op
 * after its structure passed. Both walks keep explicit stacks: the C stack
 * does not grow with nesting depth, and flat blocks are plain loops. */
#include <string.h>

#include "ir/diagnostics.h"
#include "ir/dominance.h"
#include "ir/op_internal.h"
#include "ir/printer.h"
#include "ir/ptr_map.h"

/* ---- diagnostics on ops ---------------------------------------------------
 */

static lt_diag_t *op_diag(lt_op_t *op, lt_severity_t sev) {
  lt_diag_t *d = lt_diag_begin(lt_op_context(op), op->loc, sev);
  if (d) lt_diag_printf(d, "'%s' op ", lt_op_name(op));
  return d;
}

lt_result_t lt_op_emit_error(lt_op_t *op, const char *fmt, ...) {
  lt_diag_t *d = op_diag(op, LT_SEV_ERROR);
  if (!d) return LT_FAILURE;
  va_list ap;
  va_start(ap, fmt);
  lt_strbuf_vprintf(&d->message, fmt, ap);
  va_end(ap);
  return lt_diag_emit(d);
}

void lt_op_emit_warning(lt_op_t *op, const char *fmt, ...) {
  lt_diag_t *d = op_diag(op, LT_SEV_WARNING);
  if (!d) return;
  va_list ap;
  va_start(ap, fmt);
  lt_strbuf_vprintf(&d->message, fmt, ap);
  va_end(ap);
  lt_diag_emit(d);
}

void lt_op_emit_remark(lt_op_t *op, const char *fmt, ...) {
  lt_diag_t *d = op_diag(op, LT_SEV_REMARK);
  if (!d) return;
  va_list ap;
  va_start(ap, fmt);
  lt_strbuf_vprintf(&d->message, fmt, ap);
  va_end(ap);
  lt_diag_emit(d);
}

/* An error at op's location without the "'name' op " prefix (MLIR's
 * op->emitError as opposed to emitOpError). */
static lt_diag_t *plain_error(lt_op_t *op) {
  return lt_diag_begin(lt_op_context(op), op->loc, LT_SEV_ERROR);
}

/* ---- verifier state ---------------------------------------------------- */

typedef struct sframe {
  lt_op_t *op;
  uint32_t region;
  lt_block_t *block; /* block being walked, NULL before the first */
  lt_op_t *next;
  bool iso_phase;    /* walking isolated children rather than the body */
  bool has_isolated; /* the body holds isolated-from-above ops */
  bool dom_root;     /* check dominance once this op's structure passed */
} sframe_t;

typedef struct dframe {
  lt_op_t *op;
  uint32_t region;
  lt_block_t *block;
  lt_op_t *next;
  bool ssa;       /* the op's regions need SSA dominance */
  bool reachable; /* the current block is reachable */
} dframe_t;

typedef struct verifier {
  lt_context_t *ctx;
  lt_allocator_t allocator;
  lt_dominance_t *dom;
  lt_ptr_map_t symbols; /* scratch: sym_name attr -> op */
  sframe_t *sframes;
  size_t ssize, scap;
  dframe_t *dframes;
  size_t dsize, dcap;
  lt_region_t **regions; /* scratch worklist of the isolation check */
  size_t rsize, rcap;
  lt_ptr_map_t frame_of; /* op on the dominance stack -> frame index + 1 */
  lt_ptr_map_t inside;   /* regions known to be nested in the isolated one */
} verifier_t;

static bool grow(verifier_t *v, void **arr, size_t *cap, size_t elem) {
  size_t n = *cap ? *cap * 2 : 64;
  void *fresh = lt_realloc(v->allocator, *arr, *cap * elem, n * elem);
  if (!fresh) return false;
  *arr = fresh;
  *cap = n;
  return true;
}

static lt_result_t out_of_memory(verifier_t *v, lt_op_t *op) {
  return lt_emit_error(v->ctx, op->loc, "verifier ran out of memory");
}

static inline bool is_isolated(const lt_op_t *op) {
  return op->num_regions && lt_op_has_trait(op, LT_TRAIT_ISOLATED_FROM_ABOVE);
}

/* Next block of op after `cur` (or its first block when cur is NULL),
 * crossing into later regions; *region tracks the region index. */
static lt_block_t *next_block(lt_op_t *op, uint32_t *region, lt_block_t *cur) {
  lt_block_t *b = NULL;
  if (cur) {
    b = cur->next;
    if (!b) (*region)++;
  }
  while (!b && *region < op->num_regions) {
    b = op->regions[*region].first;
    if (!b) (*region)++;
  }
  return b;
}

/* ---- trait checks -------------------------------------------------------- */

static lt_result_t verify_arity(lt_op_t *op, const lt_op_def_t *def) {
  int32_t n = def->num_regions;
  if (n >= 0 && op->num_regions != (uint32_t)n) {
    if (n == 0) return lt_op_emit_error(op, "requires zero regions");
    if (n == 1) return lt_op_emit_error(op, "requires one region");
    return lt_op_emit_error(op, "expected %d regions", n);
  }
  n = def->num_results;
  if (n >= 0 && op->num_results != (uint32_t)n) {
    if (n == 0) return lt_op_emit_error(op, "requires zero results");
    if (n == 1) return lt_op_emit_error(op, "requires one result");
    return lt_op_emit_error(op, "expected %d results", n);
  }
  n = def->num_successors;
  if (n >= 0 && op->num_successors != (uint32_t)n) {
    if (n == 1)
      return lt_op_emit_error(op, "requires 1 successor but found %u",
                              op->num_successors);
    return lt_op_emit_error(op, "requires %d successors but found %u", n,
                            op->num_successors);
  }
  n = def->num_operands;
  if (n >= 0 && op->num_operands != (uint32_t)n) {
    if (n == 0) return lt_op_emit_error(op, "requires zero operands");
    if (n == 1) return lt_op_emit_error(op, "requires a single operand");
    return lt_op_emit_error(op, "expected %d operands, but found %u", n,
                            op->num_operands);
  }
  return LT_SUCCESS;
}

static bool shapes_compatible(const lt_type_t *a, const lt_type_t *b) {
  bool sa = lt_type_is_shaped(a), sb = lt_type_is_shaped(b);
  if (!sa || !sb) return sa == sb;
  if (a->kind == LT_TYPE_UNRANKED_TENSOR || b->kind == LT_TYPE_UNRANKED_TENSOR)
    return true;
  if (a->shaped.rank != b->shaped.rank) return false;
  for (uint32_t i = 0; i < a->shaped.rank; i++) {
    int64_t x = a->shaped.shape[i], y = b->shaped.shape[i];
    if (x != y && x != LT_DYNAMIC && y != LT_DYNAMIC) return false;
  }
  return true;
}

static const lt_attr_t *tensor_encoding(const lt_type_t *t) {
  return t->kind == LT_TYPE_TENSOR ? t->shaped.encoding : NULL;
}

static lt_result_t check_same_type(lt_op_t *op, const lt_type_t *ref,
                                   const lt_type_t *t) {
  if (lt_type_element(t) != lt_type_element(ref) || !shapes_compatible(t, ref))
    return lt_op_emit_error(
        op, "requires the same type for all operands and results");
  const lt_attr_t *enc = tensor_encoding(ref);
  if (enc && t->kind == LT_TYPE_TENSOR && tensor_encoding(t) != enc)
    return lt_op_emit_error(
        op, "requires the same encoding for all operands and results");
  return LT_SUCCESS;
}

static lt_result_t verify_same_operands_and_result_type(lt_op_t *op) {
  if (op->num_operands < 1)
    return lt_op_emit_error(op, "expected 1 or more operands, but found 0");
  if (op->num_results < 1)
    return lt_op_emit_error(op, "expected 1 or more results, but found 0");
  const lt_type_t *ref = op->results[0].type;
  for (uint32_t i = 1; i < op->num_results; i++)
    if (LT_FAILED(check_same_type(op, ref, op->results[i].type)))
      return LT_FAILURE;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (LT_FAILED(check_same_type(op, ref, op->operands[i].value->type)))
      return LT_FAILURE;
  return LT_SUCCESS;
}

static lt_result_t verify_symbol(lt_op_t *op) {
  const lt_attr_t *name = lt_op_attr(op, "sym_name");
  if (!name || name->kind != LT_ATTR_STRING)
    return lt_op_emit_error(op, "requires string attribute 'sym_name'");
  const lt_attr_t *vis = lt_op_attr(op, "sym_visibility");
  if (!vis) return LT_SUCCESS;
  lt_strbuf_t sb = {0};
  lt_attr_print(vis, &sb);
  lt_result_t r = LT_SUCCESS;
  if (vis->kind != LT_ATTR_STRING) {
    r = lt_op_emit_error(op,
                         "requires visibility attribute 'sym_visibility' to be "
                         "a string attribute, but got %s",
                         sb.data ? sb.data : "");
  } else {
    static const char *const allowed[] = {"public", "private", "nested"};
    bool ok = false;
    for (size_t i = 0; i < LT_ARRAY_SIZE(allowed) && !ok; i++)
      ok = vis->str.len == strlen(allowed[i]) &&
           memcmp(vis->str.data, allowed[i], vis->str.len) == 0;
    if (!ok)
      r = lt_op_emit_error(op,
                           "visibility expected to be one of [\"public\", "
                           "\"private\", \"nested\"], but got %s",
                           sb.data ? sb.data : "");
  }
  lt_strbuf_free(&sb);
  return r;
}

lt_result_t lt_op_verify_operand_segments(lt_op_t *op, uint32_t num_segments,
                                          int32_t *out_sizes) {
  static const char name[] = "operand_segment_sizes";
  const lt_attr_t *a = lt_op_attr(op, name);
  const lt_type_t *et = a ? a->type : NULL;
  if (!a || a->kind != LT_ATTR_DENSE_ARRAY || !et ||
      et->kind != LT_TYPE_INTEGER || et->integer.width != 32 ||
      et->integer.signedness != LT_SIGNLESS)
    return lt_op_emit_error(op, "requires dense i32 array attribute '%s'",
                            name);
  int64_t count = (int64_t)(a->dense.size / sizeof(int32_t));
  if (count != (int64_t)num_segments)
    return lt_op_emit_error(op,
                            "'%s' attribute for specifying operand segments "
                            "must have %u elements, but got %lld",
                            name, num_segments, (long long)count);
  int64_t total = 0;
  for (uint32_t i = 0; i < num_segments; i++) {
    int64_t n = lt_attr_dense_int(a, i);
    if (n < 0)
      return lt_op_emit_error(op,
                              "'%s' attribute cannot have negative elements",
                              name);
    total += n;
    out_sizes[i] = (int32_t)n;
  }
  if (total != (int64_t)op->num_operands)
    return lt_op_emit_error(op,
                            "operand count (%u) does not match with the total "
                            "size (%lld) specified in attribute '%s'",
                            op->num_operands, (long long)total, name);
  return LT_SUCCESS;
}

bool lt_op_operand_segments(const lt_op_t *op, uint32_t num_segments,
                            int32_t *out_sizes) {
  const lt_attr_t *a = lt_op_attr(op, "operand_segment_sizes");
  const lt_type_t *et = a ? a->type : NULL;
  if (!a || a->kind != LT_ATTR_DENSE_ARRAY || !et ||
      et->kind != LT_TYPE_INTEGER || et->integer.width != 32 ||
      a->dense.size != num_segments * sizeof(int32_t))
    return false;
  int64_t total = 0;
  for (uint32_t i = 0; i < num_segments; i++) {
    int64_t n = lt_attr_dense_int(a, i);
    if (n < 0) return false;
    out_sizes[i] = (int32_t)n;
    total += n;
  }
  return total == (int64_t)op->num_operands;
}

static lt_result_t verify_single_block(lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_regions; i++) {
    lt_region_t *r = &op->regions[i];
    if (!r->first) continue;
    if (r->first != r->last)
      return lt_op_emit_error(op, "expects region #%u to have 0 or 1 blocks",
                              i);
    if (!lt_op_has_trait(op, LT_TRAIT_NO_TERMINATOR) && !r->first->first)
      return lt_op_emit_error(op, "expects a non-empty block");
  }
  return LT_SUCCESS;
}

/* Traits and the op's own hook (MLIR's verifyInvariants). */
static lt_result_t verify_invariants(lt_op_t *op) {
  const lt_op_info_t *info = op->info;
  if (info->def && LT_FAILED(verify_arity(op, info->def))) return LT_FAILURE;
  uint32_t traits = info->traits;
  if ((traits & LT_TRAIT_SINGLE_BLOCK) && LT_FAILED(verify_single_block(op)))
    return LT_FAILURE;
  if ((traits & LT_TRAIT_TERMINATOR) && (!op->parent || op->parent->last != op))
    return lt_op_emit_error(op,
                            "must be the last operation in the parent block");
  if ((traits & LT_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE) &&
      LT_FAILED(verify_same_operands_and_result_type(op)))
    return LT_FAILURE;
  if ((traits & LT_TRAIT_SYMBOL) && LT_FAILED(verify_symbol(op)))
    return LT_FAILURE;
  if (info->def && info->def->verify && LT_FAILED(info->def->verify(op)))
    return LT_FAILURE;
  /* Without regions there is nothing nested to wait for. */
  if (info->def && info->def->verify_regions && !op->num_regions &&
      LT_FAILED(info->def->verify_regions(op)))
    return LT_FAILURE;
  return LT_SUCCESS;
}

/* ---- entrance and exit checks -------------------------------------------- */

static lt_result_t verify_dialect_attrs(verifier_t *v, lt_op_t *op) {
  const lt_attr_t *attrs = op->attrs;
  for (uint32_t i = 0; i < attrs->dict.count; i++) {
    const lt_named_attr_t *na = &attrs->dict.entries[i];
    const char *dot = memchr(na->name->str, '.', na->name->len);
    if (!dot) continue;
    const lt_dialect_t *dialect = lt_context_dialect(
        v->ctx, na->name->str, (size_t)(dot - na->name->str));
    if (dialect && dialect->verify_attr &&
        LT_FAILED(dialect->verify_attr(op, na)))
      return LT_FAILURE;
  }
  return LT_SUCCESS;
}

static lt_result_t verify_op_entrance(verifier_t *v, lt_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++) {
    if (!op->operands[i].value) {
      lt_diag_t *d = plain_error(op);
      if (d) lt_diag_printf(d, "null operand found");
      return lt_diag_emit(d);
    }
  }
  if (op->attrs->dict.count && LT_FAILED(verify_dialect_attrs(v, op)))
    return LT_FAILURE;
  if (op->info->registered && LT_FAILED(verify_invariants(op)))
    return LT_FAILURE;
  bool graph =
      op->info->registered && lt_op_has_trait(op, LT_TRAIT_GRAPH_REGION);
  for (uint32_t i = 0; i < op->num_regions; i++) {
    lt_region_t *r = &op->regions[i];
    if (!r->first) continue;
    if (graph && r->first != r->last) {
      lt_diag_t *d = plain_error(op);
      if (d)
        lt_diag_printf(d, "expects graph region #%u to have 0 or 1 blocks", i);
      return lt_diag_emit(d);
    }
    if (r->first->first_pred) {
      lt_diag_t *d = plain_error(op);
      if (d)
        lt_diag_printf(d, "entry block of region may not have predecessors");
      return lt_diag_emit(d);
    }
  }
  return LT_SUCCESS;
}

/* A block may end without a terminator when it is alone in its region and
 * the region's op is unknown or declares NO_TERMINATOR (or it has no op). */
static bool may_lack_terminator(const lt_block_t *b) {
  const lt_region_t *r = b->parent;
  if (!r) return true;
  if (r->first != r->last) return false;
  const lt_op_t *op = r->parent;
  return !op || !op->info->registered ||
         lt_op_has_trait(op, LT_TRAIT_NO_TERMINATOR);
}

static lt_result_t verify_block_entrance(verifier_t *v, lt_block_t *b) {
  for (uint32_t i = 0; i < b->num_args; i++) {
    if (b->args[i]->owner.block != b)
      return lt_emit_error(v->ctx, b->args[i]->loc,
                           "block argument not owned by block");
  }
  if (!b->first) {
    if (may_lack_terminator(b)) return LT_SUCCESS;
    lt_op_t *parent = b->parent->parent;
    return lt_emit_error(v->ctx, parent ? parent->loc : lt_loc_unknown(v->ctx),
                         "empty block: expect at least a terminator");
  }
  for (lt_op_t *op = b->first; op != b->last; op = op->next) {
    if (op->num_successors) {
      lt_diag_t *d = plain_error(op);
      if (d)
        lt_diag_printf(
            d,
            "operation with block successors must terminate its parent block");
      return lt_diag_emit(d);
    }
  }
  return LT_SUCCESS;
}

static lt_result_t verify_block_exit(verifier_t *v, lt_block_t *b) {
  LT_UNUSED(v);
  lt_op_t *last = b->last;
  if (!last) return LT_SUCCESS;
  for (uint32_t i = 0; i < last->num_successors; i++) {
    lt_block_t *s = last->successors[i].block;
    if (s && s->parent != b->parent)
      return lt_op_emit_error(last, "branching to block of a different region");
  }
  if (may_lack_terminator(b)) return LT_SUCCESS;
  if (last->info->registered && !lt_op_has_trait(last, LT_TRAIT_TERMINATOR)) {
    lt_diag_t *d = plain_error(last);
    if (d) {
      lt_print_flags_t flags;
      lt_print_flags_init(&flags);
      flags.generic = true;
      lt_diag_printf(d, "block with no terminator, has ");
      lt_op_print(last, &flags, &d->message);
    }
    return lt_diag_emit(d);
  }
  return LT_SUCCESS;
}

/* Whether region r lies within limit. Regions already found inside are
 * remembered, so deep nesting does not make the check quadratic. */
static bool region_inside(verifier_t *v, const lt_region_t *limit,
                          lt_region_t *r) {
  lt_region_t *x = r;
  while (x && x != limit && !lt_ptr_map_find(&v->inside, x, NULL))
    x = lt_region_parent_region(x);
  if (!x) return false;
  for (lt_region_t *y = r; y != x; y = lt_region_parent_region(y))
    lt_ptr_map_put(&v->inside, y, y);
  return true;
}

/* Uses inside an isolated-from-above op must be of values defined in it.
 * Nested isolated ops are skipped: they check themselves. */
static lt_result_t verify_isolation(verifier_t *v, lt_op_t *iso) {
  for (uint32_t ri = 0; ri < iso->num_regions; ri++) {
    lt_region_t *limit = &iso->regions[ri];
    lt_ptr_map_clear(&v->inside);
    v->rsize = 0;
    if (v->rsize == v->rcap &&
        !grow(v, (void **)&v->regions, &v->rcap, sizeof(lt_region_t *)))
      return out_of_memory(v, iso);
    v->regions[v->rsize++] = limit;
    while (v->rsize) {
      lt_region_t *r = v->regions[--v->rsize];
      LT_FOR_EACH_BLOCK(b, r) {
        LT_FOR_EACH_OP(op, b) {
          for (uint32_t i = 0; i < op->num_operands; i++) {
            lt_value_t *val = op->operands[i].value;
            if (!val) continue;
            lt_region_t *vr = lt_value_parent_region(val);
            if (!vr) {
              lt_diag_t *d = plain_error(op);
              if (d) lt_diag_printf(d, "operation's operand is unlinked");
              return lt_diag_emit(d);
            }
            if (vr == limit || region_inside(v, limit, vr)) continue;
            lt_diag_t *d = op_diag(op, LT_SEV_ERROR);
            if (d) {
              lt_diag_printf(d, "using value defined outside the region");
              lt_diag_t *n = lt_diag_note(d, iso->loc);
              if (n)
                lt_diag_printf(n, "required by region isolation constraints");
            }
            return lt_diag_emit(d);
          }
          if (op->num_regions && !is_isolated(op)) {
            for (uint32_t k = 0; k < op->num_regions; k++) {
              if (v->rsize == v->rcap && !grow(v, (void **)&v->regions,
                                               &v->rcap, sizeof(lt_region_t *)))
                return out_of_memory(v, iso);
              v->regions[v->rsize++] = &op->regions[k];
            }
          }
        }
      }
    }
  }
  return LT_SUCCESS;
}

static lt_result_t verify_symbol_table(verifier_t *v, lt_op_t *op) {
  if (op->num_regions != 1)
    return lt_op_emit_error(
        op, "Operations with a 'SymbolTable' must have exactly one region");
  lt_region_t *r = &op->regions[0];
  if (!r->first || r->first != r->last)
    return lt_op_emit_error(
        op, "Operations with a 'SymbolTable' must have exactly one block");
  lt_ptr_map_clear(&v->symbols);
  LT_FOR_EACH_OP(child, r->first) {
    const lt_attr_t *name = lt_op_attr(child, "sym_name");
    if (!name || name->kind != LT_ATTR_STRING) continue;
    lt_op_t *prev = lt_ptr_map_get(&v->symbols, name);
    if (prev) {
      lt_diag_t *d = plain_error(child);
      if (d) {
        lt_diag_printf(d, "redefinition of symbol named '%.*s'",
                       (int)name->str.len, name->str.data);
        lt_diag_t *n = lt_diag_note(d, prev->loc);
        if (n) lt_diag_printf(n, "see existing symbol definition here");
      }
      return lt_diag_emit(d);
    }
    if (!lt_ptr_map_put(&v->symbols, name, child)) return out_of_memory(v, op);
  }
  return LT_SUCCESS;
}

/* Region invariants, checked after everything nested passed. */
static lt_result_t verify_op_exit(verifier_t *v, lt_op_t *op) {
  if (!op->info->registered) return LT_SUCCESS;
  if (lt_op_has_trait(op, LT_TRAIT_ISOLATED_FROM_ABOVE) &&
      LT_FAILED(verify_isolation(v, op)))
    return LT_FAILURE;
  if (lt_op_has_trait(op, LT_TRAIT_SYMBOL_TABLE) &&
      LT_FAILED(verify_symbol_table(v, op)))
    return LT_FAILURE;
  const lt_op_def_t *def = op->info->def;
  if (def && def->verify_regions && op->num_regions &&
      LT_FAILED(def->verify_regions(op)))
    return LT_FAILURE;
  return LT_SUCCESS;
}

/* ---- dominance ----------------------------------------------------------- */

static void region_relation(lt_region_t *use, lt_region_t *def, lt_diag_t *note,
                            const char *same_block, const char *same_region,
                            const char *parent, const char *child,
                            const char *neither) {
  if (same_block)
    lt_diag_printf(note, "%s", same_block);
  else if (use == def)
    lt_diag_printf(note, "%s", same_region);
  else if (lt_region_is_ancestor(def, use))
    lt_diag_printf(note, "%s", parent);
  else if (lt_region_is_ancestor(use, def))
    lt_diag_printf(note, "%s", child);
  else
    lt_diag_printf(note, "%s", neither);
}

static lt_result_t diagnose_dominance(verifier_t *v, lt_op_t *op, uint32_t i) {
  lt_diag_t *d = plain_error(op);
  if (!d) return LT_FAILURE;
  lt_diag_printf(d, "operand #%u does not dominate this use", i);
  lt_value_t *val = op->operands[i].value;
  lt_block_t *use_block = op->parent;
  lt_region_t *use_region = use_block->parent;
  if (!val->is_block_arg) {
    lt_op_t *def = val->owner.op;
    lt_diag_t *n = lt_diag_note(d, def->loc);
    if (n) {
      lt_block_t *def_block = def->parent;
      lt_diag_printf(n, "operand defined here");
      region_relation(use_region, def_block ? def_block->parent : NULL, n,
                      def_block == use_block ? " (op in the same block)" : NULL,
                      " (op in the same region)", " (op in a parent region)",
                      " (op in a child region)",
                      " (op is neither in a parent nor in a child region)");
    }
    return lt_diag_emit(d);
  }
  lt_block_t *owner = val->owner.block;
  lt_op_t *owner_op = lt_block_parent_op(owner);
  lt_diag_t *n =
      lt_diag_note(d, owner_op ? owner_op->loc : lt_loc_unknown(v->ctx));
  if (!n) return lt_diag_emit(d);
  lt_region_t *def_region = owner->parent;
  if (!def_region) {
    lt_diag_printf(n, " (block without parent)");
    return lt_diag_emit(d);
  }
  uint32_t index = 0;
  for (lt_block_t *b = def_region->first; b && b != owner; b = b->next)
    index++;
  lt_diag_printf(n, "operand defined as a block argument (block #%u", index);
  region_relation(use_region, def_region, n, NULL, " in the same region)",
                  " in a parent region)", " in a child region)",
                  " neither in a parent nor in a child region)");
  return lt_diag_emit(d);
}

static bool push_dframe(verifier_t *v, lt_op_t *op) {
  if (v->dsize == v->dcap &&
      !grow(v, (void **)&v->dframes, &v->dcap, sizeof(dframe_t)))
    return false;
  if (!lt_ptr_map_put(&v->frame_of, op, (void *)(uintptr_t)(v->dsize + 1)))
    return false;
  dframe_t *f = &v->dframes[v->dsize++];
  f->op = op;
  f->region = 0;
  f->block = NULL;
  f->next = NULL;
  f->ssa =
      lt_region_has_ssa_dominance(op->num_regions ? &op->regions[0] : NULL);
  f->reachable = true;
  return true;
}

/* Whether val is available at op when they are not in the same block. The
 * op holding the use in val's region is found on the frame stack (its
 * ancestors are exactly the frames), so deep nesting costs O(1) per use
 * rather than a walk up the parents. */
static bool dominates_slow(verifier_t *v, lt_value_t *val, lt_op_t *op) {
  lt_region_t *r = lt_value_parent_region(val);
  void *slot;
  if (r && r->parent && lt_ptr_map_find(&v->frame_of, r->parent, &slot)) {
    size_t j = (size_t)(uintptr_t)slot - 1;
    lt_op_t *holder = j + 1 < v->dsize ? v->dframes[j + 1].op : op;
    /* A value of a sibling region of the holder's region is not visible. */
    if (!holder->parent || holder->parent->parent != r) return false;
    return lt_dominance_value_dominates(v->dom, val, holder);
  }
  return lt_dominance_value_dominates(v->dom, val, op);
}

/* Checks that every operand inside op's regions is dominated by its
 * definition, skipping unreachable blocks (but not their nested regions)
 * and isolated-from-above ops, which are checked on their own. */
static lt_result_t verify_dominance(verifier_t *v, lt_op_t *root) {
  if (!root->num_regions) return LT_SUCCESS;
  v->dsize = 0;
  lt_ptr_map_clear(&v->frame_of);
  if (!push_dframe(v, root)) return out_of_memory(v, root);
  while (v->dsize) {
    dframe_t *f = &v->dframes[v->dsize - 1];
    lt_op_t *op = f->next;
    if (!op) {
      lt_block_t *b = next_block(f->op, &f->region, f->block);
      f->block = b;
      if (!b) {
        lt_ptr_map_remove(&v->frame_of, f->op);
        v->dsize--;
        continue;
      }
      f->reachable = lt_dominance_reachable(v->dom, b);
      f->next = b->first;
      continue;
    }
    f->next = op->next;
    if (f->reachable) {
      lt_block_t *blk = op->parent;
      for (uint32_t i = 0; i < op->num_operands; i++) {
        lt_value_t *val = op->operands[i].value;
        bool ok;
        /* Same-block uses are the common case: answer them here. */
        if (!val->is_block_arg && val->owner.op->parent == blk)
          ok = !f->ssa ||
               (val->owner.op != op && lt_op_is_before(val->owner.op, op));
        else if (val->is_block_arg && val->owner.block == blk)
          ok = true;
        else
          ok = dominates_slow(v, val, op);
        if (!ok) return diagnose_dominance(v, op, i);
      }
    }
    if (op->num_regions && !is_isolated(op) && !push_dframe(v, op))
      return out_of_memory(v, op);
  }
  return LT_SUCCESS;
}

/* ---- the structural walk --------------------------------------------------
 */

static bool push_sframe(verifier_t *v, lt_op_t *op, bool dom_root) {
  if (v->ssize == v->scap &&
      !grow(v, (void **)&v->sframes, &v->scap, sizeof(sframe_t)))
    return false;
  sframe_t *f = &v->sframes[v->ssize++];
  memset(f, 0, sizeof(*f));
  f->op = op;
  f->dom_root = dom_root;
  return true;
}

static lt_result_t verify_from(verifier_t *v, lt_op_t *root) {
  if (LT_FAILED(verify_op_entrance(v, root))) return LT_FAILURE;
  if (!push_sframe(v, root, true)) return out_of_memory(v, root);
  while (v->ssize) {
    sframe_t *f = &v->sframes[v->ssize - 1];
    if (!f->iso_phase) {
      lt_op_t *op = f->next;
      if (!op) {
        if (f->block && LT_FAILED(verify_block_exit(v, f->block)))
          return LT_FAILURE;
        lt_block_t *b = next_block(f->op, &f->region, f->block);
        f->block = b;
        if (b) {
          if (LT_FAILED(verify_block_entrance(v, b))) return LT_FAILURE;
          f->next = b->first;
        } else {
          f->iso_phase = true;
          f->region = 0;
          f->next = NULL;
        }
        continue;
      }
      f->next = op->next;
      if (is_isolated(op)) {
        f->has_isolated = true;
        continue;
      }
      if (LT_FAILED(verify_op_entrance(v, op))) return LT_FAILURE;
      if (op->num_regions) {
        if (!push_sframe(v, op, false)) return out_of_memory(v, op);
      } else if (op->info->traits & LT_TRAIT_SYMBOL_TABLE) {
        if (LT_FAILED(verify_op_exit(v, op))) return LT_FAILURE;
      }
      continue;
    }
    /* Isolated children are verified in full (structure and dominance)
     * before the region invariants of their parent, as in MLIR. */
    if (f->has_isolated) {
      lt_op_t *op = f->next;
      if (!op) {
        f->block = next_block(f->op, &f->region, f->block);
        if (f->block) {
          f->next = f->block->first;
          continue;
        }
        f->has_isolated = false;
      } else {
        f->next = op->next;
        if (!is_isolated(op)) continue;
        if (LT_FAILED(verify_op_entrance(v, op))) return LT_FAILURE;
        if (!push_sframe(v, op, true)) return out_of_memory(v, op);
        continue;
      }
    }
    lt_op_t *done = f->op;
    bool dom_root = f->dom_root;
    if (LT_FAILED(verify_op_exit(v, done))) return LT_FAILURE;
    /* Dominance of an isolated op reuses the frame stack's memory only
     * after this frame is gone. */
    v->ssize--;
    if (dom_root && LT_FAILED(verify_dominance(v, done))) return LT_FAILURE;
  }
  return LT_SUCCESS;
}

lt_result_t lt_op_verify(lt_op_t *op) {
  verifier_t v;
  memset(&v, 0, sizeof(v));
  v.ctx = lt_op_context(op);
  v.allocator = lt_context_allocator(v.ctx);
  v.dom = lt_dominance_create(v.ctx);
  if (!v.dom) return out_of_memory(&v, op);
  lt_ptr_map_init(&v.symbols, v.allocator);
  lt_ptr_map_init(&v.frame_of, v.allocator);
  lt_ptr_map_init(&v.inside, v.allocator);
  lt_result_t r = verify_from(&v, op);
  lt_dominance_destroy(v.dom);
  lt_ptr_map_deinit(&v.symbols);
  lt_ptr_map_deinit(&v.frame_of);
  lt_ptr_map_deinit(&v.inside);
  if (v.sframes) lt_free(v.allocator, v.sframes, v.scap * sizeof(sframe_t));
  if (v.dframes) lt_free(v.allocator, v.dframes, v.dcap * sizeof(dframe_t));
  if (v.regions)
    lt_free(v.allocator, v.regions, v.rcap * sizeof(lt_region_t *));
  return r;
}

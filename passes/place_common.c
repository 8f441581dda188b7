/* place_common.c - what lite-infer-places and lite-insert-casts share:
 * a value's Place, an op's picked kernel, a type retyped to a Place. */
#include <string.h>

#include "passes/place_passes.h"

bool lt_place_of_value(const lt_value_t *v, lk_place_t *out_place) {
  return v->type && v->type->kind == LT_TYPE_TENSOR &&
         lt_place_of_type(v->type, out_place);
}

const lk_kernel_t *lt_place_op_kernel(lt_op_t *op,
                                      const lk_registry_t *registry,
                                      bool *out_failed) {
  *out_failed = false;
  const lt_attr_t *a = lt_op_attr(op, "lite.kernel");
  if (!a) return NULL;
  char name[128];
  if (a->kind != LT_ATTR_STRING || a->str.len >= sizeof(name)) {
    *out_failed = true;
    lt_op_emit_error(op, "attribute 'lite.kernel' must be a kernel name");
    return NULL;
  }
  memcpy(name, a->str.data, a->str.len);
  name[a->str.len] = 0;
  const lk_kernel_t *k = lk_registry_find(registry, name);
  if (!k) {
    *out_failed = true;
    lt_op_emit_error(op, "kernel '%s' is not in the kernel registry", name);
  }
  return k;
}

const lt_type_t *lt_place_element(lt_context_t *ctx, lk_precision_t p) {
  lk_dtype_t d = lk_dtype_of_precision(p);
  return d == LK_DTYPE_NONE ? NULL : lt_lite_element_type(ctx, d);
}

const lt_type_t *lt_place_retype(lt_context_t *ctx, const lt_type_t *t,
                                 lk_place_t place) {
  const lt_type_t *elem = lt_place_element(ctx, place.precision);
  if (elem && elem != t->shaped.element)
    t = lt_type_tensor(ctx, t->shaped.rank, t->shaped.shape, elem,
                       t->shaped.encoding);
  return lt_type_with_place(ctx, t, place);
}

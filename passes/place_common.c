/* place_common.c - what lite-infer-places and lite-insert-casts share:
 * kernel Places as lite Places, a value's Place, an op's picked kernel. */
#include <string.h>

#include "passes/place_passes.h"

lt_place_t lt_place_of_kernel(lk_place_t p) {
  /* The kernel enums mirror the dialect's (checked in pick_kernels.c). */
  return (lt_place_t){.target = (lt_target_t)p.target,
                      .precision = (lt_precision_t)p.precision,
                      .layout = (lt_layout_t)p.layout,
                      .device = 0};
}

bool lt_place_of_value(const lt_value_t *v, lt_place_t *out_place) {
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

const lt_type_t *lt_place_element(lt_context_t *ctx, lt_precision_t p) {
  switch (p) {
  case LT_PRECISION_F32: return lt_lite_element_type(ctx, LK_F32);
  case LT_PRECISION_F16: return lt_lite_element_type(ctx, LK_F16);
  case LT_PRECISION_BF16: return lt_lite_element_type(ctx, LK_BF16);
  case LT_PRECISION_I8: return lt_lite_element_type(ctx, LK_I8);
  case LT_PRECISION_U8: return lt_lite_element_type(ctx, LK_U8);
  case LT_PRECISION_I32: return lt_lite_element_type(ctx, LK_I32);
  case LT_PRECISION_I64: return lt_lite_element_type(ctx, LK_I64);
  case LT_PRECISION_BOOL: return lt_lite_element_type(ctx, LK_BOOL);
  case LT_PRECISION_ANY: break;
  }
  return NULL;
}

const lt_type_t *lt_place_retype(lt_context_t *ctx, const lt_type_t *t,
                                 lt_place_t place) {
  const lt_type_t *elem = lt_place_element(ctx, place.precision);
  if (elem && elem != t->shaped.element)
    t = lt_type_tensor(ctx, t->shaped.rank, t->shaped.shape, elem,
                       t->shaped.encoding);
  return lt_type_with_place(ctx, t, place);
}

/* affine_map.c - the affine_map attribute restricted to what the loop-level
 * dialects need: projected permutations whose results may also be the
 * constant 0 (vector transfers' broadcasts). Uniqued like every attribute. */
#include <string.h>

#include "ir/attributes.h"
#include "ir/context_impl.h"

/* Results of a valid map: each a dimension below num_dims or -1, and no
 * dimension twice (MLIR's isProjectedPermutation(allowZeroInResults)).
 * False also when the bitmap of seen dimensions cannot be allocated. */
static bool lt_affine_results_ok(lt_context_t *ctx, uint32_t num_dims,
                                 uint32_t num_results, const int32_t *results) {
  if (num_results && !results) return false;
  uint64_t small[16] = {0}; /* 1024 dimensions */
  size_t words = ((size_t)num_dims + 63) / 64;
  uint64_t *seen = small;
  if (words > LT_ARRAY_SIZE(small)) {
    seen = lt_alloc(ctx->allocator, words * sizeof(*seen));
    if (!seen) return false;
    memset(seen, 0, words * sizeof(*seen));
  }
  bool ok = true;
  for (uint32_t i = 0; ok && i < num_results; i++) {
    int32_t r = results[i];
    if (r == -1) continue;
    if (r < 0 || (uint32_t)r >= num_dims) {
      ok = false;
    } else {
      uint64_t bit = (uint64_t)1 << (r % 64);
      ok = !(seen[r / 64] & bit);
      seen[r / 64] |= bit;
    }
  }
  if (seen != small) lt_free(ctx->allocator, seen, words * sizeof(*seen));
  return ok;
}

const lt_attr_t *lt_attr_affine_map(lt_context_t *ctx, uint32_t num_dims,
                                    uint32_t num_results,
                                    const int32_t *results) {
  /* Dimensions are int32 in results: more could not be named. */
  if (num_dims > (uint32_t)INT32_MAX ||
      !lt_affine_results_ok(ctx, num_dims, num_results, results))
    return NULL;
  lt_attr_t key;
  memset(&key, 0, sizeof key);
  key.kind = LT_ATTR_AFFINE_MAP;
  key.affine_map.num_dims = num_dims;
  key.affine_map.num_results = num_results;
  key.affine_map.results = num_results ? results : NULL;
  return lt_attr_unique(ctx, &key);
}

const lt_attr_t *lt_attr_affine_minor_identity(lt_context_t *ctx,
                                               uint32_t num_dims,
                                               uint32_t num_results) {
  if (num_results > num_dims || num_dims > (uint32_t)INT32_MAX) return NULL;
  int32_t small[16] = {0};
  int32_t *results = small;
  if (num_results > LT_ARRAY_SIZE(small)) {
    results = lt_alloc(ctx->allocator, num_results * sizeof(*results));
    if (!results) return NULL;
  }
  for (uint32_t i = 0; i < num_results; i++)
    results[i] = (int32_t)(num_dims - num_results + i);
  const lt_attr_t *a = lt_attr_affine_map(ctx, num_dims, num_results, results);
  if (results != small)
    lt_free(ctx->allocator, results, num_results * sizeof(*results));
  return a;
}

bool lt_attr_affine_map_is_minor_identity(const lt_attr_t *a) {
  if (!a || a->kind != LT_ATTR_AFFINE_MAP) return false;
  uint32_t nd = a->affine_map.num_dims, nr = a->affine_map.num_results;
  if (nr > nd) return false;
  for (uint32_t i = 0; i < nr; i++)
    if (a->affine_map.results[i] != (int32_t)(nd - nr + i)) return false;
  return true;
}

bool lt_attr_affine_map_is_identity(const lt_attr_t *a) {
  return lt_attr_affine_map_is_minor_identity(a) &&
         a->affine_map.num_dims == a->affine_map.num_results;
}

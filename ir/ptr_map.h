/* ptr_map.h - open-addressing hash map from pointers to pointers, used by the
 * IR core for value/block maps, symbol tables and the verifier's per-block
 * data. Keys are never NULL. Internal to ir/. */
#ifndef LITE_IR_PTR_MAP_H
#define LITE_IR_PTR_MAP_H

#include "base/base.h"

typedef struct lt_ptr_map_entry {
  const void *key; /* NULL: empty; lt_ptr_map_tombstone: erased */
  void *value;
} lt_ptr_map_entry_t;

typedef struct lt_ptr_map {
  lt_allocator_t allocator;
  lt_ptr_map_entry_t *entries;
  size_t cap;   /* power of two, 0 before the first insert */
  size_t count; /* live entries */
  size_t used;  /* live + tombstones */
} lt_ptr_map_t;

void lt_ptr_map_init(lt_ptr_map_t *m, lt_allocator_t allocator);
void lt_ptr_map_deinit(lt_ptr_map_t *m);
/* Inserts or overwrites; false only when out of memory. */
bool lt_ptr_map_put(lt_ptr_map_t *m, const void *key, void *value);
/* The stored value, or NULL when absent (store non-NULL values, or use
 * lt_ptr_map_find to tell the two apart). */
void *lt_ptr_map_get(const lt_ptr_map_t *m, const void *key);
bool lt_ptr_map_find(const lt_ptr_map_t *m, const void *key, void **out_value);
/* Removes key; returns whether it was present. */
bool lt_ptr_map_remove(lt_ptr_map_t *m, const void *key);
void lt_ptr_map_clear(lt_ptr_map_t *m);
/* Makes room for n live entries in all, so that filling it to n rehashes
 * no more; false only when out of memory. */
bool lt_ptr_map_reserve(lt_ptr_map_t *m, size_t n);

#endif /* LITE_IR_PTR_MAP_H */

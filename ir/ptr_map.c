/* ptr_map.c - linear-probing pointer hash map with tombstones. */
#include "ir/ptr_map.h"

#include <string.h>

static const char tombstone_byte;
#define TOMBSTONE ((const void *)&tombstone_byte)

void lt_ptr_map_init(lt_ptr_map_t *m, lt_allocator_t allocator) {
  memset(m, 0, sizeof(*m));
  m->allocator = allocator;
}

void lt_ptr_map_deinit(lt_ptr_map_t *m) {
  if (m->entries)
    lt_free(m->allocator, m->entries, m->cap * sizeof(lt_ptr_map_entry_t));
  m->entries = NULL;
  m->cap = m->count = m->used = 0;
}

void lt_ptr_map_clear(lt_ptr_map_t *m) {
  if (m->entries) memset(m->entries, 0, m->cap * sizeof(lt_ptr_map_entry_t));
  m->count = m->used = 0;
}

static size_t slot_of(const lt_ptr_map_t *m, const void *key) {
  return (size_t)lt_hash_ptr(key) & (m->cap - 1);
}

static bool rehash(lt_ptr_map_t *m, size_t new_cap) {
  lt_ptr_map_entry_t *fresh =
      lt_calloc(m->allocator, new_cap * sizeof(lt_ptr_map_entry_t));
  if (!fresh) return false;
  lt_ptr_map_entry_t *old = m->entries;
  size_t old_cap = m->cap;
  m->entries = fresh;
  m->cap = new_cap;
  m->used = m->count;
  for (size_t i = 0; i < old_cap; i++) {
    const void *k = old[i].key;
    if (!k || k == TOMBSTONE) continue;
    size_t s = slot_of(m, k);
    while (fresh[s].key)
      s = (s + 1) & (new_cap - 1);
    fresh[s] = old[i];
  }
  if (old) lt_free(m->allocator, old, old_cap * sizeof(lt_ptr_map_entry_t));
  return true;
}

bool lt_ptr_map_reserve(lt_ptr_map_t *m, size_t n) {
  if ((n + 1) * 4 <= m->cap * 3) return true;
  size_t cap = 16;
  while ((n + 1) * 4 > cap * 3)
    cap *= 2;
  return rehash(m, cap);
}

bool lt_ptr_map_put(lt_ptr_map_t *m, const void *key, void *value) {
  /* Keep the load (including tombstones) under 3/4 so probes stay short. */
  if ((m->used + 1) * 4 > m->cap * 3) {
    /* Sized from the live count alone: a map emptied by removals (a
     * worklist) shrinks instead of keeping its largest size. */
    size_t cap = 16;
    while ((m->count + 1) * 2 > cap)
      cap *= 2;
    if (!rehash(m, cap)) return false;
  }
  size_t s = slot_of(m, key);
  lt_ptr_map_entry_t *grave = NULL;
  for (;;) {
    lt_ptr_map_entry_t *e = &m->entries[s];
    if (e->key == key) {
      e->value = value;
      return true;
    }
    if (!e->key) {
      if (grave) {
        e = grave;
      } else {
        m->used++;
      }
      e->key = key;
      e->value = value;
      m->count++;
      return true;
    }
    if (e->key == TOMBSTONE && !grave) grave = e;
    s = (s + 1) & (m->cap - 1);
  }
}

bool lt_ptr_map_find(const lt_ptr_map_t *m, const void *key, void **out_value) {
  if (!m->cap) return false;
  size_t s = slot_of(m, key);
  for (;;) {
    const lt_ptr_map_entry_t *e = &m->entries[s];
    if (e->key == key) {
      if (out_value) *out_value = e->value;
      return true;
    }
    if (!e->key) return false;
    s = (s + 1) & (m->cap - 1);
  }
}

void *lt_ptr_map_get(const lt_ptr_map_t *m, const void *key) {
  void *v = NULL;
  return lt_ptr_map_find(m, key, &v) ? v : NULL;
}

bool lt_ptr_map_remove(lt_ptr_map_t *m, const void *key) {
  if (!m->cap) return false;
  size_t s = slot_of(m, key);
  for (;;) {
    lt_ptr_map_entry_t *e = &m->entries[s];
    if (e->key == key) {
      e->key = TOMBSTONE;
      e->value = NULL;
      m->count--;
      return true;
    }
    if (!e->key) return false;
    s = (s + 1) & (m->cap - 1);
  }
}

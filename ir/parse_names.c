/* parse_names.c - the parser's name tables: open addressing with linear
 * probing over source slices, deletion by backward shift (no tombstones, so
 * region scopes can remove their names cheaply). */
#include <string.h>

#include "ir/parse_internal.h"

/* `%123`: most value names in printed IR are numbers given in order. */
static bool numeric_name(const char *key, uint32_t len, uint32_t *out) {
  if (len < 2 || len > 10 || key[0] != '%') return false;
  uint32_t n = 0;
  for (uint32_t i = 1; i < len; i++) {
    unsigned d = (unsigned)(key[i] - '0');
    if (d > 9) return false;
    n = n * 10 + d;
  }
  *out = n;
  return true;
}

uint32_t lt_pmap_hash(const char *key, uint32_t len, uint32_t tag) {
  /* Eight consecutive numbers share a run of buckets (definitions come in
   * order, so fewer cache misses); runs are scattered like any hash so that
   * linear probing does not build long clusters. */
  uint32_t n;
  if (numeric_name(key, len, &n)) {
    uint32_t g = (n >> 3) ^ (tag * 0x85EBCA6Bu);
    g ^= g >> 16;
    g *= 0x7FEB352Du;
    g ^= g >> 15;
    g *= 0x846CA68Bu;
    g ^= g >> 16;
    uint32_t h = (g << 3) | (n & 7);
    return h ? h : 1;
  }
  /* FNV-1a: names are short (`%arg0`, `^bb3`), so a simple loop wins. */
  uint32_t h = 2166136261u ^ (tag * 16777619u);
  for (uint32_t i = 0; i < len; i++) {
    h ^= (unsigned char)key[i];
    h *= 16777619u;
  }
  return h ? h : 1;
}

static inline bool entry_matches(const lt_pentry_t *e, const char *key,
                                 uint32_t len, uint32_t tag, uint32_t hash) {
  return e->hash == hash && e->len == len && e->tag == tag &&
         memcmp(e->key, key, len) == 0;
}

lt_pentry_t *lt_pmap_find(const lt_pmap_t *m, const char *key, uint32_t len,
                          uint32_t tag) {
  if (!m->buckets) return NULL;
  uint32_t hash = lt_pmap_hash(key, len, tag);
  for (uint32_t i = hash & m->mask;; i = (i + 1) & m->mask) {
    lt_pentry_t *e = &m->buckets[i];
    if (!e->key) return NULL;
    if (entry_matches(e, key, len, tag, hash)) return e;
  }
}

static bool rehash(lt_asm_parser_t *p, lt_pmap_t *m, uint32_t new_cap) {
  lt_pentry_t *fresh = lt_calloc(p->alloc, (size_t)new_cap * sizeof(*fresh));
  if (!fresh) {
    lt_p_oom(p);
    return false;
  }
  uint32_t mask = new_cap - 1;
  if (m->buckets) {
    for (uint32_t i = 0; i <= m->mask; i++) {
      lt_pentry_t *e = &m->buckets[i];
      if (!e->key) continue;
      uint32_t j = e->hash & mask;
      while (fresh[j].key)
        j = (j + 1) & mask;
      fresh[j] = *e;
    }
    lt_free(p->alloc, m->buckets, ((size_t)m->mask + 1) * sizeof(*fresh));
  }
  m->buckets = fresh;
  m->mask = mask;
  return true;
}

lt_pentry_t *lt_pmap_insert(lt_asm_parser_t *p, lt_pmap_t *m, const char *key,
                            uint32_t len, uint32_t tag) {
  /* Keep the load under 1/2 so probes stay short. */
  if (!m->buckets || (m->size + 1) * 2 > m->mask + 1) {
    uint32_t cap = m->buckets ? (m->mask + 1) * 2 : 64;
    if (cap == 0 || !rehash(p, m, cap)) return NULL;
  }
  uint32_t hash = lt_pmap_hash(key, len, tag);
  for (uint32_t i = hash & m->mask;; i = (i + 1) & m->mask) {
    lt_pentry_t *e = &m->buckets[i];
    if (!e->key) {
      memset(e, 0, sizeof(*e));
      e->key = key;
      e->len = len;
      e->tag = tag;
      e->hash = hash;
      m->size++;
      return e;
    }
    if (entry_matches(e, key, len, tag, hash)) return e;
  }
}

void lt_pmap_remove(lt_pmap_t *m, lt_pentry_t *e) {
  uint32_t i = (uint32_t)(e - m->buckets);
  uint32_t j = i;
  for (;;) {
    j = (j + 1) & m->mask;
    lt_pentry_t *n = &m->buckets[j];
    if (!n->key) break;
    /* n may move into the hole at i if its home is not within (i, j]. */
    uint32_t home = n->hash & m->mask;
    bool in_range = i <= j ? (home > i && home <= j) : (home > i || home <= j);
    if (!in_range) {
      m->buckets[i] = *n;
      i = j;
    }
  }
  memset(&m->buckets[i], 0, sizeof(m->buckets[i]));
  m->size--;
}

void lt_pmap_free(lt_asm_parser_t *p, lt_pmap_t *m) {
  if (m->buckets)
    lt_free(p->alloc, m->buckets, ((size_t)m->mask + 1) * sizeof(lt_pentry_t));
  m->buckets = NULL;
  m->mask = m->size = 0;
}

bool lt_pentry_reserve(lt_asm_parser_t *p, lt_pentry_t *e, uint32_t n) {
  if (n <= 1) {
    if (e->cap == 0) {
      memset(&e->s.one, 0, sizeof(e->s.one));
      e->cap = 1;
    }
    return true;
  }
  if (n <= e->cap) return true;
  uint32_t cap = e->cap > 1 ? e->cap : 2;
  while (cap < n)
    cap = cap * 2 > cap ? cap * 2 : n;
  lt_pslot_t *fresh = lt_p_arena_alloc(p, (size_t)cap * sizeof(lt_pslot_t));
  if (!fresh) return false;
  memset(fresh, 0, (size_t)cap * sizeof(lt_pslot_t));
  if (e->cap == 1)
    fresh[0] = e->s.one;
  else if (e->cap > 1)
    memcpy(fresh, e->s.many, (size_t)e->count * sizeof(lt_pslot_t));
  e->s.many = fresh;
  e->cap = cap;
  return true;
}

/* print_names.c - the names that asm_result_names hooks give to results
 * (`%c0`, `%cst_1`), uniqued as MLIR's SSANameState does: a name already
 * used in the current region or an enclosing one gets the first `_N` suffix
 * free, N counting up from a per-scope conflict counter; names leave the set
 * when the region that defined them has been numbered. Also the result
 * groups of ops whose later results have names of their own. */
#include <stdlib.h>
#include <string.h>

#include "ir/print_impl.h"

void lt_names_init(lt_name_table_t *t, lt_allocator_t a) {
  memset(t, 0, sizeof *t);
  t->allocator = a;
  lt_ptr_map_init(&t->groups, a);
}

void lt_names_deinit(lt_name_table_t *t) {
  lt_free(t->allocator, t->chars, t->chars_cap);
  lt_free(t->allocator, t->names, t->cap_names * sizeof(*t->names));
  lt_free(t->allocator, t->buckets, t->num_buckets * sizeof(uint32_t));
  lt_free(t->allocator, t->live, t->cap_live * sizeof(uint32_t));
  lt_free(t->allocator, t->group_pool, t->cap_pool * sizeof(uint32_t));
  lt_ptr_map_deinit(&t->groups);
}

/* Makes room for `need` elements; false when out of memory. */
#define GROW(t, field, cap, need)                                              \
  grow_array((t)->allocator, (void *)&(t)->field, sizeof(*(t)->field), &(cap), \
             (need))

static bool grow_array(lt_allocator_t a, void *field, size_t elem,
                       uint32_t *cap, uint32_t need) {
  if (need <= *cap) return true;
  uint32_t n = *cap ? *cap : 16;
  while (n < need) {
    if (n > UINT32_MAX / 2) return false;
    n *= 2;
  }
  void *old;
  memcpy(&old, field, sizeof old);
  void *fresh = lt_realloc(a, old, (size_t)*cap * elem, (size_t)n * elem);
  if (!fresh) return false;
  memcpy(field, &fresh, sizeof fresh);
  *cap = n;
  return true;
}

static const char *name_str(const lt_name_table_t *t, uint32_t i) {
  return t->chars + t->names[i].offset;
}

static bool in_set(const lt_name_table_t *t, const char *s, uint32_t len,
                   uint64_t hash) {
  if (!t->num_buckets) return false;
  uint32_t i = t->buckets[hash & (t->num_buckets - 1)];
  for (; i; i = t->names[i - 1].next) {
    const struct lt_name_entry *e = &t->names[i - 1];
    if (e->hash == hash && e->len == len &&
        memcmp(name_str(t, i - 1), s, len) == 0)
      return true;
  }
  return false;
}

static void link(lt_name_table_t *t, uint32_t index) {
  struct lt_name_entry *e = &t->names[index];
  uint32_t *head = &t->buckets[e->hash & (t->num_buckets - 1)];
  e->next = *head;
  *head = index + 1;
}

/* Rehashes in insertion order, so that every chain keeps its most recent
 * name at the head: scopes end in LIFO order and only unlink heads. */
static bool rehash(lt_name_table_t *t, uint32_t buckets) {
  uint32_t *fresh = lt_calloc(t->allocator, buckets * sizeof(uint32_t));
  if (!fresh) return false;
  lt_free(t->allocator, t->buckets, t->num_buckets * sizeof(uint32_t));
  t->buckets = fresh;
  t->num_buckets = buckets;
  for (uint32_t i = 0; i < t->num_live; i++)
    link(t, t->live[i]);
  return true;
}

/* MLIR's sanitizeIdentifier for value names: a leading digit gets a `_`
 * prefix, a space becomes `_`, other characters outside [A-Za-z0-9$._-]
 * their hex code. */
static bool sanitize(lt_strbuf_t *out, const char *s, size_t len) {
  static const char hex[] = "0123456789ABCDEF";
  if (len && s[0] >= '0' && s[0] <= '9') lt_strbuf_putc(out, '_');
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                 (c >= '0' && c <= '9');
    if (alnum || c == '$' || c == '.' || c == '_' || c == '-') {
      lt_strbuf_putc(out, (char)c);
    } else if (c == ' ') {
      lt_strbuf_putc(out, '_');
    } else {
      if (c >> 4) lt_strbuf_putc(out, hex[c >> 4]);
      lt_strbuf_putc(out, hex[c & 15]);
    }
  }
  return out->data != NULL;
}

/* Adds stored name `index` to the current scope. */
static bool push_live(lt_name_table_t *t, uint32_t index) {
  if (!GROW(t, live, t->cap_live, t->num_live + 1)) return false;
  bool full = t->num_live + 1 > t->num_buckets / 2;
  t->live[t->num_live++] = index;
  if (full) {
    if (!rehash(t, t->num_buckets ? t->num_buckets * 2 : 64)) {
      t->num_live--;
      return false;
    }
  } else {
    link(t, index);
  }
  return true;
}

/* Stores s as a new name and adds it to the current scope. */
static uint32_t insert(lt_name_table_t *t, const char *s, uint32_t len,
                       uint64_t hash) {
  uint32_t index = t->num_names;
  if (index == UINT32_MAX - 1 || len > UINT32_MAX - 1 - t->chars_len ||
      !GROW(t, names, t->cap_names, index + 1) ||
      !GROW(t, chars, t->chars_cap, t->chars_len + len + 1))
    return UINT32_MAX;
  memcpy(t->chars + t->chars_len, s, len);
  t->chars[t->chars_len + len] = '\0';
  t->names[index] = (struct lt_name_entry){t->chars_len, len, 0, hash};
  if (!push_live(t, index)) return UINT32_MAX;
  t->chars_len += len + 1;
  t->num_names++;
  return index;
}

uint32_t lt_names_unique(lt_name_table_t *t, const char *name, size_t len) {
  lt_strbuf_t buf = {0};
  uint32_t result = UINT32_MAX;
  if (!len || !sanitize(&buf, name, len) || buf.len > UINT32_MAX / 2) goto out;
  uint32_t base = (uint32_t)buf.len;
  uint64_t hash = lt_hash_bytes(buf.data, base, 0);
  if (in_set(t, buf.data, base, hash)) {
    /* probe name_N with the scope's conflict counter, as MLIR does */
    lt_strbuf_putc(&buf, '_');
    for (;;) {
      buf.len = base + 1;
      lt_put_u64(&buf, t->next_conflict++);
      hash = lt_hash_bytes(buf.data, buf.len, 0);
      if (!in_set(t, buf.data, (uint32_t)buf.len, hash)) break;
    }
  }
  result = insert(t, buf.data, (uint32_t)buf.len, hash);
out:
  lt_strbuf_free(&buf);
  return result;
}

const char *lt_names_get(const lt_name_table_t *t, uint32_t index,
                         size_t *out_len) {
  *out_len = t->names[index].len;
  return name_str(t, index);
}

lt_names_mark_t lt_names_mark(const lt_name_table_t *t) {
  return (lt_names_mark_t){t->num_live, t->next_conflict};
}

void lt_names_reset(lt_name_table_t *t, lt_names_mark_t m) {
  while (t->num_live > m.live) {
    uint32_t index = t->live[--t->num_live];
    uint32_t *head = &t->buckets[t->names[index].hash & (t->num_buckets - 1)];
    *head = t->names[index].next; /* LIFO: the name is its chain's head */
  }
  t->next_conflict = m.conflict;
}

bool lt_names_restore(lt_name_table_t *t, const uint32_t *live, uint32_t n,
                      uint64_t conflict) {
  lt_names_reset(t, (lt_names_mark_t){0, conflict});
  for (uint32_t i = 0; i < n; i++)
    if (!push_live(t, live[i])) return false;
  return true;
}

void lt_names_truncate(lt_name_table_t *t, uint32_t num_names) {
  if (num_names >= t->num_names) return;
  t->chars_len = t->names[num_names].offset;
  t->num_names = num_names;
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : (x > y);
}

bool lt_names_set_groups(lt_name_table_t *t, const lt_op_t *op,
                         uint32_t *starts, uint32_t n) {
  qsort(starts, n, sizeof(uint32_t), cmp_u32);
  uint32_t at = t->num_pool;
  if (n > UINT32_MAX - 1 - at || !GROW(t, group_pool, t->cap_pool, at + n + 1))
    return false;
  t->group_pool[at] = n;
  memcpy(t->group_pool + at + 1, starts, n * sizeof(uint32_t));
  t->num_pool = at + n + 1;
  return lt_ptr_map_put(&t->groups, op, (void *)(uintptr_t)(at + 1));
}

const uint32_t *lt_names_groups(const lt_name_table_t *t, const lt_op_t *op,
                                uint32_t *out_count) {
  void *v;
  *out_count = 0;
  if (!t->groups.count || !lt_ptr_map_find(&t->groups, op, &v)) return NULL;
  uint32_t at = (uint32_t)((uintptr_t)v - 1);
  *out_count = t->group_pool[at];
  return t->group_pool + at + 1;
}

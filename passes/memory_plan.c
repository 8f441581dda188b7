/* memory_plan.c - the pure planner: in-place chains merged into buffers,
 * buffers placed largest first at the lowest aligned offset that is free
 * over their live interval; the lower bound; the checker. */
#include "passes/memory_plan.h"

#include <stdlib.h>
#include <string.h>

/* Arrays of n elements (at least one, so that n == 0 is not a failure). */
static void *alloc_array(lt_allocator_t a, size_t n, size_t elem) {
  return lt_alloc(a, (n ? n : 1) * elem);
}

static void free_array(lt_allocator_t a, void *p, size_t n, size_t elem) {
  lt_free(a, p, (n ? n : 1) * elem);
}

static uint64_t align_up(uint64_t size) {
  return (size + LT_MEM_ALIGN - 1) / LT_MEM_ALIGN * LT_MEM_ALIGN;
}

static bool live_together(const lt_mem_value_t *a, const lt_mem_value_t *b) {
  return a->start <= b->end && b->start <= a->end;
}

/* The aliases the planner honours, in out_alias: a source defined strictly
 * earlier (so chains cannot loop) that dies where the value is defined, in
 * the same arena, no smaller, and given to one value only. */
static bool resolve_aliases(lt_allocator_t al, const lt_mem_value_t *v,
                            uint32_t n, bool no_reuse, int32_t *out_alias) {
  bool *taken = lt_calloc(al, (n ? n : 1) * sizeof *taken);
  if (!taken) return false;
  for (uint32_t i = 0; i < n; i++) {
    int32_t a = v[i].alias;
    out_alias[i] = -1;
    if (no_reuse || a < 0 || (uint32_t)a >= n || taken[a]) continue;
    const lt_mem_value_t *src = &v[a];
    if (src->start >= v[i].start || src->end != v[i].start ||
        src->arena != v[i].arena || src->size < v[i].size)
      continue;
    taken[a] = true;
    out_alias[i] = a;
  }
  free_array(al, taken, n, sizeof *taken);
  return true;
}

/* A buffer: one in-place chain. */
typedef struct buffer {
  int64_t start, end;
  uint64_t size; /* aligned */
  uint32_t arena;
  uint64_t offset;
} buffer_t;

/* out_root[i]: the buffer index of value i; returns the buffer count. Chain
 * sources start strictly earlier, so visiting values by start resolves
 * every source before its users. */
typedef struct start_key {
  int64_t start;
  uint32_t index;
} start_key_t;

static int cmp_start(const void *pa, const void *pb) {
  const start_key_t *a = pa, *b = pb;
  if (a->start != b->start) return a->start < b->start ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

static start_key_t *by_start(lt_allocator_t al, const lt_mem_value_t *v,
                             uint32_t n) {
  start_key_t *k = alloc_array(al, n, sizeof *k);
  if (!k) return NULL;
  for (uint32_t i = 0; i < n; i++)
    k[i] = (start_key_t){v[i].start, i};
  qsort(k, n, sizeof *k, cmp_start);
  return k;
}

static uint32_t make_buffers(const lt_mem_value_t *v, uint32_t n,
                             const int32_t *alias, const start_key_t *order,
                             uint32_t *out_root, buffer_t *out_buf) {
  uint32_t nb = 0;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t i = order[k].index;
    uint64_t size = align_up(v[i].size);
    if (alias[i] < 0) {
      out_root[i] = nb;
      out_buf[nb++] = (buffer_t){v[i].start, v[i].end, size, v[i].arena, 0};
      continue;
    }
    buffer_t *b = &out_buf[out_root[alias[i]]];
    out_root[i] = out_root[alias[i]];
    if (v[i].end > b->end) b->end = v[i].end;
    if (size > b->size) b->size = size;
  }
  return nb;
}

typedef struct event {
  int64_t pos;
  int64_t delta;
} event_t;

static int cmp_event(const void *pa, const void *pb) {
  const event_t *a = pa, *b = pb;
  return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* The largest sum of sizes of buffers of `arena` live at one position. */
static uint64_t buffers_lower_bound(lt_allocator_t al, const buffer_t *b,
                                    uint32_t nb, uint32_t arena, bool *out_ok) {
  event_t *e = alloc_array(al, 2 * (size_t)nb, sizeof *e);
  *out_ok = e != NULL;
  if (!e) return 0;
  size_t ne = 0;
  for (uint32_t i = 0; i < nb; i++) {
    if (b[i].arena != arena) continue;
    e[ne++] = (event_t){b[i].start, (int64_t)b[i].size};
    e[ne++] = (event_t){b[i].end + 1, -(int64_t)b[i].size};
  }
  qsort(e, ne, sizeof *e, cmp_event);
  int64_t live = 0, best = 0;
  for (size_t i = 0; i < ne;) {
    int64_t pos = e[i].pos;
    for (; i < ne && e[i].pos == pos; i++)
      live += e[i].delta;
    if (live > best) best = live;
  }
  free_array(al, e, 2 * (size_t)nb, sizeof *e);
  return (uint64_t)best;
}

typedef struct size_key {
  uint64_t size;
  int64_t start;
  uint32_t index;
} size_key_t;

static int cmp_size(const void *pa, const void *pb) {
  const size_key_t *a = pa, *b = pb;
  if (a->size != b->size) return a->size > b->size ? -1 : 1;
  if (a->start != b->start) return a->start < b->start ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

/* Greedy by size. placed[] keeps the buffers already placed in ascending
 * offset order (all arenas; others are skipped), so the first fit is one
 * scan. */
static bool place_buffers(lt_allocator_t al, buffer_t *b, uint32_t nb) {
  size_key_t *order = alloc_array(al, nb, sizeof *order);
  uint32_t *placed = alloc_array(al, nb, sizeof *placed);
  bool ok = order && placed;
  for (uint32_t i = 0; ok && i < nb; i++)
    order[i] = (size_key_t){b[i].size, b[i].start, i};
  if (ok) qsort(order, nb, sizeof *order, cmp_size);
  uint32_t np = 0;
  for (uint32_t k = 0; ok && k < nb; k++) {
    buffer_t *cur = &b[order[k].index];
    uint64_t cand = 0;
    uint32_t insert_at = np;
    for (uint32_t p = 0; p < np; p++) {
      const buffer_t *o = &b[placed[p]];
      if (o->arena != cur->arena || o->size == 0 || o->start > cur->end ||
          cur->start > o->end)
        continue;
      if (o->offset >= cand + cur->size) break;
      if (o->offset + o->size > cand) cand = o->offset + o->size;
    }
    cur->offset = cand;
    for (uint32_t p = 0; p < np; p++)
      if (b[placed[p]].offset > cand) {
        insert_at = p;
        break;
      }
    memmove(&placed[insert_at + 1], &placed[insert_at],
            (np - insert_at) * sizeof *placed);
    placed[insert_at] = order[k].index;
    np++;
  }
  free_array(al, order, nb, sizeof *order);
  free_array(al, placed, nb, sizeof *placed);
  return ok;
}

/* Each buffer its own range, in schedule order. */
static void place_naive(buffer_t *b, uint32_t nb, uint32_t num_arenas,
                        uint64_t *ends) {
  memset(ends, 0, num_arenas * sizeof *ends);
  for (uint32_t i = 0; i < nb; i++) {
    b[i].offset = ends[b[i].arena];
    ends[b[i].arena] += b[i].size;
  }
}

/* The working arrays of one planning run. */
typedef struct plan_arrays {
  int32_t *alias;
  uint32_t *root;
  buffer_t *buf;
  start_key_t *order;
} plan_arrays_t;

static bool plan_arrays_init(lt_allocator_t al, plan_arrays_t *w,
                             const lt_mem_value_t *v, uint32_t n,
                             bool no_reuse) {
  w->alias = alloc_array(al, n, sizeof *w->alias);
  w->root = alloc_array(al, n, sizeof *w->root);
  w->buf = alloc_array(al, n, sizeof *w->buf);
  w->order = NULL;
  return w->alias && w->root && w->buf &&
         resolve_aliases(al, v, n, no_reuse, w->alias) &&
         (w->order = by_start(al, v, n)) != NULL;
}

static void plan_arrays_free(lt_allocator_t al, plan_arrays_t *w, uint32_t n) {
  free_array(al, w->alias, n, sizeof *w->alias);
  free_array(al, w->root, n, sizeof *w->root);
  free_array(al, w->buf, n, sizeof *w->buf);
  free_array(al, w->order, n, sizeof *w->order);
}

bool lt_mem_plan(lt_allocator_t al, lt_mem_value_t *v, uint32_t n,
                 uint32_t num_arenas, const lt_mem_options_t *options,
                 uint64_t *out_arena_sizes, lt_mem_summary_t *out_summary) {
  bool no_reuse = options && options->no_reuse;
  plan_arrays_t w;
  bool ok = plan_arrays_init(al, &w, v, n, no_reuse);
  int32_t *alias = w.alias;
  uint32_t *root = w.root;
  buffer_t *buf = w.buf;
  start_key_t *order = w.order;
  uint32_t nb = ok ? make_buffers(v, n, alias, order, root, buf) : 0;
  if (ok && no_reuse)
    place_naive(buf, nb, num_arenas, out_arena_sizes);
  else if (ok)
    ok = place_buffers(al, buf, nb);
  lt_mem_summary_t s = {0, 0, 0, 0};
  if (ok && !no_reuse) {
    memset(out_arena_sizes, 0, num_arenas * sizeof *out_arena_sizes);
    for (uint32_t i = 0; i < nb; i++)
      if (buf[i].offset + buf[i].size > out_arena_sizes[buf[i].arena])
        out_arena_sizes[buf[i].arena] = buf[i].offset + buf[i].size;
  }
  for (uint32_t a = 0; ok && a < num_arenas; a++) {
    s.planned += out_arena_sizes[a];
    s.lower_bound += buffers_lower_bound(al, buf, nb, a, &ok);
  }
  if (ok) {
    for (uint32_t i = 0; i < n; i++) {
      v[i].alias = alias[i];
      v[i].offset = buf[root[i]].offset;
      s.naive += align_up(v[i].size);
      s.num_in_place += alias[i] >= 0;
    }
    if (out_summary) *out_summary = s;
  }
  plan_arrays_free(al, &w, n);
  return ok;
}

bool lt_mem_lower_bound(lt_allocator_t al, const lt_mem_value_t *v, uint32_t n,
                        uint32_t arena, uint64_t *out_bound) {
  plan_arrays_t w;
  bool ok = plan_arrays_init(al, &w, v, n, false);
  *out_bound = 0;
  if (ok) {
    uint32_t nb = make_buffers(v, n, w.alias, w.order, w.root, w.buf);
    *out_bound = buffers_lower_bound(al, w.buf, nb, arena, &ok);
  }
  plan_arrays_free(al, &w, n);
  return ok;
}

static bool in_place_pair(const lt_mem_value_t *v, uint32_t src,
                          uint32_t dst) {
  return v[dst].alias == (int32_t)src && v[src].end == v[dst].start &&
         v[src].offset == v[dst].offset && v[src].start < v[dst].start;
}

lt_mem_check_result_t lt_mem_check(lt_allocator_t al, const lt_mem_value_t *v,
                                   uint32_t n, uint32_t num_arenas,
                                   const uint64_t *arena_sizes) {
  lt_mem_check_result_t r = {LT_MEM_OK, -1, -1};
  for (uint32_t i = 0; i < n; i++) {
    if (v[i].offset % LT_MEM_ALIGN != 0)
      return (lt_mem_check_result_t){LT_MEM_MISALIGNED, (int32_t)i, -1};
    if (v[i].arena >= num_arenas ||
        (arena_sizes && v[i].offset + v[i].size > arena_sizes[v[i].arena]))
      return (lt_mem_check_result_t){LT_MEM_OUT_OF_ARENA, (int32_t)i, -1};
  }
  /* Sweep by start: j can meet i only while j starts before i ends. */
  start_key_t *k = by_start(al, v, n);
  if (!k) return (lt_mem_check_result_t){LT_MEM_OUT_OF_MEMORY, -1, -1};
  for (uint32_t x = 0; x < n && r.fault == LT_MEM_OK; x++) {
    uint32_t i = k[x].index;
    for (uint32_t y = x + 1; y < n && k[y].start <= v[i].end; y++) {
      uint32_t j = k[y].index;
      const lt_mem_value_t *a = &v[i], *b = &v[j];
      if (a->arena != b->arena || a->size == 0 || b->size == 0 ||
          !live_together(a, b) || a->offset >= b->offset + b->size ||
          b->offset >= a->offset + a->size)
        continue;
      if (in_place_pair(v, i, j) || in_place_pair(v, j, i)) continue;
      r = (lt_mem_check_result_t){LT_MEM_OVERLAP, (int32_t)i, (int32_t)j};
      break;
    }
  }
  free_array(al, k, n, sizeof *k);
  return r;
}

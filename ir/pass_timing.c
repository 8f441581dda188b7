/* pass_timing.c - a wall-clock timing tree and MLIR's execution time
 * report (--mlir-timing, --mlir-timing-display=tree|list). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ir/pass_manager.h"

struct lt_timer {
  lt_timing_t *owner;
  char *name;
  const void *key;
  lt_timer_t *parent, *first_child, *last_child, *next;
  double seconds;
  struct timespec started;
  uint32_t running; /* nesting depth of start calls */
};

struct lt_timing {
  lt_allocator_t alloc;
  lt_timer_t root;
};

static struct timespec now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts;
}

static double elapsed(struct timespec a, struct timespec b) {
  return (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
}

lt_timing_t *lt_timing_create(lt_allocator_t allocator) {
  lt_timing_t *t = lt_calloc(allocator, sizeof(*t));
  if (!t) return NULL;
  t->alloc = allocator;
  t->root.owner = t;
  t->root.started = now();
  t->root.running = 1;
  return t;
}

static void free_children(lt_timing_t *t, lt_timer_t *n) {
  lt_timer_t *c = n->first_child;
  while (c) {
    lt_timer_t *next = c->next;
    free_children(t, c);
    lt_free(t->alloc, c->name, strlen(c->name) + 1);
    lt_free(t->alloc, c, sizeof(*c));
    c = next;
  }
}

void lt_timing_destroy(lt_timing_t *t) {
  if (!t) return;
  free_children(t, &t->root);
  lt_free(t->alloc, t, sizeof(*t));
}

lt_timer_t *lt_timing_root(lt_timing_t *t) { return &t->root; }

lt_timer_t *lt_timer_nest(lt_timer_t *parent, const char *name,
                          const void *key) {
  if (!parent) return NULL;
  for (lt_timer_t *c = parent->first_child; c; c = c->next)
    if (c->key == key && strcmp(c->name, name) == 0) return c;
  lt_timing_t *t = parent->owner;
  lt_timer_t *c = lt_calloc(t->alloc, sizeof(*c));
  if (!c) return NULL;
  size_t n = strlen(name) + 1;
  c->name = lt_alloc(t->alloc, n);
  if (!c->name) {
    lt_free(t->alloc, c, sizeof(*c));
    return NULL;
  }
  memcpy(c->name, name, n);
  c->owner = t;
  c->key = key;
  c->parent = parent;
  if (parent->last_child)
    parent->last_child->next = c;
  else
    parent->first_child = c;
  parent->last_child = c;
  return c;
}

void lt_timer_start(lt_timer_t *timer) {
  if (timer && timer->running++ == 0) timer->started = now();
}

void lt_timer_stop(lt_timer_t *timer) {
  if (timer && timer->running && --timer->running == 0)
    timer->seconds += elapsed(timer->started, now());
}

/* ---- report ---------------------------------------------------------- */
static void print_line(lt_strbuf_t *out, double secs, double total,
                       unsigned indent, const char *name) {
  double pct = total > 0 ? secs / total * 100.0 : 0.0;
  lt_strbuf_printf(out, "  %8.4f (%5.1f%%)  %*s%s\n", secs, pct, indent * 2, "",
                   name);
}

static void print_tree(lt_strbuf_t *out, const lt_timer_t *n, double total,
                       unsigned depth) {
  for (const lt_timer_t *c = n->first_child; c; c = c->next) {
    print_line(out, c->seconds, total, depth, c->name);
    print_tree(out, c, total, depth + 1);
  }
}

typedef struct merged {
  const char *name;
  double seconds;
} merged_t;

static void collect(const lt_timer_t *n, merged_t *items, size_t *count,
                    size_t cap) {
  for (const lt_timer_t *c = n->first_child; c; c = c->next) {
    size_t i = 0;
    while (i < *count && strcmp(items[i].name, c->name) != 0)
      i++;
    if (i == *count && *count < cap) items[(*count)++] = (merged_t){c->name, 0};
    if (i < *count) items[i].seconds += c->seconds;
    collect(c, items, count, cap);
  }
}

static int by_time_desc(const void *a, const void *b) {
  const merged_t *x = a, *y = b;
  if (x->seconds != y->seconds) return x->seconds < y->seconds ? 1 : -1;
  return strcmp(x->name, y->name);
}

static size_t count_nodes(const lt_timer_t *n) {
  size_t k = 0;
  for (const lt_timer_t *c = n->first_child; c; c = c->next)
    k += 1 + count_nodes(c);
  return k;
}

void lt_timing_report(lt_timing_t *t, lt_timing_display_t display,
                      lt_strbuf_t *out) {
  lt_timer_t *root = &t->root;
  while (root->running)
    lt_timer_stop(root);
  double total = root->seconds;
  double children = 0;
  for (const lt_timer_t *c = root->first_child; c; c = c->next)
    children += c->seconds;
  double rest = total > children ? total - children : 0.0;

  lt_strbuf_puts(out, "===----------------------------------------------------"
                      "---------------------===\n");
  lt_strbuf_printf(out, "%25s... Execution time report ...\n", "");
  lt_strbuf_puts(out, "===----------------------------------------------------"
                      "---------------------===\n");
  lt_strbuf_printf(out, "  Total Execution Time: %.4f seconds\n\n", total);
  lt_strbuf_puts(out, "  ----Wall Time----  ----Name----\n");
  if (display == LT_TIMING_LIST) {
    size_t cap = count_nodes(root), count = 0;
    merged_t *items = cap ? lt_alloc(t->alloc, cap * sizeof(*items)) : NULL;
    if (items) {
      collect(root, items, &count, cap);
      qsort(items, count, sizeof(*items), by_time_desc);
      for (size_t i = 0; i < count; i++)
        print_line(out, items[i].seconds, total, 0, items[i].name);
      lt_free(t->alloc, items, cap * sizeof(*items));
    }
  } else {
    print_tree(out, root, total, 0);
  }
  print_line(out, rest, total, 0, "Rest");
  print_line(out, total, total, 0, "Total");
}

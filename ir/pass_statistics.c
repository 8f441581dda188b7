/* pass_statistics.c - MLIR's "Pass statistics report"
 * (--mlir-pass-statistics, display pipeline or list). */
#include <stdlib.h>
#include <string.h>

#include "ir/pass_impl.h"

typedef struct stat_row {
  const char *name, *help;
  uint64_t value;
} stat_row_t;

static int by_row_name(const void *a, const void *b) {
  return strcmp(((const stat_row_t *)a)->name, ((const stat_row_t *)b)->name);
}

static const char *display_name(const lt_pass_info_t *info) {
  return info->name ? info->name : info->argument;
}

/* Writes a pass line and its counters sorted by name, values and names
 * padded to the widest, as "(S) %*u %-*s - %s". */
static void print_entry(lt_strbuf_t *out, unsigned indent, const char *name,
                        stat_row_t *rows, size_t n) {
  lt_strbuf_printf(out, "%*s%s\n", indent, "", name);
  if (!n) return;
  qsort(rows, n, sizeof(*rows), by_row_name);
  int name_w = 0, value_w = 0;
  for (size_t i = 0; i < n; i++) {
    char digits[32];
    int w = snprintf(digits, sizeof(digits), "%llu",
                     (unsigned long long)rows[i].value);
    if (w > value_w) value_w = w;
    if ((int)strlen(rows[i].name) > name_w) name_w = (int)strlen(rows[i].name);
  }
  for (size_t i = 0; i < n; i++)
    lt_strbuf_printf(out, "%*s(S) %*llu %-*s - %s\n", indent + 2, "", value_w,
                     (unsigned long long)rows[i].value, name_w, rows[i].name,
                     rows[i].help ? rows[i].help : "");
}

/* The pipelines a pass runs (its LT_OPT_PIPELINE options), in table order:
 * the k-th, NULL past the last. */
static const lt_pass_manager_t *owned_pipeline(const lt_pass_t *p, size_t k) {
  const lt_pass_info_t *base = lt_pass_base(p->info);
  for (uint32_t i = 0; i < base->num_options; i++) {
    const lt_pass_option_t *o = &base->options[i];
    if (o->kind != LT_OPT_PIPELINE) continue;
    if (k--) continue;
    return *(lt_pass_manager_t *const *)((const char *)p->options + o->offset);
  }
  return NULL;
}

/* Rows of `values` under the statistics table of base (NULL when out of
 * memory; n == 0 needs none). */
static stat_row_t *make_rows(lt_allocator_t a, const lt_pass_info_t *base,
                             const uint64_t *values) {
  size_t n = base->num_statistics;
  stat_row_t *rows = n ? lt_alloc(a, n * sizeof(*rows)) : NULL;
  for (size_t i = 0; rows && i < n; i++)
    rows[i] = (stat_row_t){base->statistics[i].name, base->statistics[i].help,
                           values[i]};
  return rows;
}

static void print_pass(lt_strbuf_t *out, lt_allocator_t a, unsigned indent,
                       const char *name, const lt_pass_info_t *base,
                       const uint64_t *values) {
  size_t n = base->num_statistics;
  stat_row_t *rows = make_rows(a, base, values);
  if (n && !rows) {
    lt_strbuf_printf(out, "%*s%s\n%*s(out of memory)\n", indent, "", name,
                     indent + 2, "");
    return;
  }
  print_entry(out, indent, name, rows, n);
  lt_free(a, rows, n * sizeof(*rows));
}

/* A pass that runs pipelines of its own (lite-fixed-point) shows their
 * passes under its counters, one level in. */
static void print_pipeline(lt_strbuf_t *out, const lt_pass_manager_t *pm,
                           unsigned indent) {
  lt_allocator_t a = lt_context_allocator(pm->ctx);
  for (size_t i = 0; i < pm->count; i++) {
    const lt_pm_entry_t *e = &pm->entries[i];
    if (e->nested) {
      lt_strbuf_printf(out, "%*s'%s' Pipeline\n", indent, "",
                       e->nested->anchor);
      print_pipeline(out, e->nested, indent + 2);
      continue;
    }
    print_pass(out, a, indent, display_name(e->pass->info),
               lt_pass_base(e->pass->info), e->pass->stats);
    const lt_pass_manager_t *own;
    for (size_t k = 0; (own = owned_pipeline(e->pass, k)); k++)
      print_pipeline(out, own, indent + 2);
  }
}

typedef struct merged_pass {
  const lt_pass_info_t *info; /* first instance's descriptor */
  uint64_t *values;           /* lt_pass_base(info)->num_statistics */
} merged_pass_t;

typedef struct merged_list {
  lt_allocator_t alloc;
  merged_pass_t *items;
  size_t count, cap;
  bool out_of_memory;
} merged_list_t;

static void collect(const lt_pass_manager_t *pm, merged_list_t *l) {
  for (size_t i = 0; i < pm->count; i++) {
    const lt_pm_entry_t *e = &pm->entries[i];
    if (e->nested) {
      collect(e->nested, l);
      continue;
    }
    const lt_pass_manager_t *own;
    for (size_t k = 0; (own = owned_pipeline(e->pass, k)); k++)
      collect(own, l);
    const lt_pass_info_t *info = e->pass->info;
    uint32_t n = lt_pass_base(info)->num_statistics;
    if (!n) continue;
    size_t k = 0;
    while (k < l->count &&
           strcmp(display_name(l->items[k].info), display_name(info)) != 0)
      k++;
    if (k == l->count) {
      if (l->count == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 8;
        merged_pass_t *grown = lt_realloc(
            l->alloc, l->items, l->cap * sizeof(*grown), cap * sizeof(*grown));
        if (!grown) {
          l->out_of_memory = true;
          continue;
        }
        l->items = grown;
        l->cap = cap;
      }
      uint64_t *values = lt_calloc(l->alloc, n * sizeof(uint64_t));
      if (!values) {
        l->out_of_memory = true;
        continue;
      }
      l->items[k] = (merged_pass_t){info, values};
      l->count++;
    }
    uint32_t have = lt_pass_base(l->items[k].info)->num_statistics;
    for (uint32_t s = 0; s < n && s < have; s++)
      l->items[k].values[s] += e->pass->stats[s];
  }
}

static int by_pass_name(const void *a, const void *b) {
  return strcmp(display_name(((const merged_pass_t *)a)->info),
                display_name(((const merged_pass_t *)b)->info));
}

void lt_pass_manager_print_statistics(const lt_pass_manager_t *pm,
                                      lt_pass_stats_display_t display,
                                      lt_strbuf_t *out) {
  lt_strbuf_puts(out, "===----------------------------------------------------"
                      "---------------------===\n");
  lt_strbuf_printf(out, "%25s... Pass statistics report ...\n", "");
  lt_strbuf_puts(out, "===----------------------------------------------------"
                      "---------------------===\n");
  if (display == LT_PASS_STATS_PIPELINE) {
    print_pipeline(out, pm, 0);
  } else {
    merged_list_t l = {.alloc = lt_context_allocator(pm->ctx)};
    collect(pm, &l);
    if (l.count) qsort(l.items, l.count, sizeof(*l.items), by_pass_name);
    for (size_t i = 0; i < l.count; i++)
      print_pass(out, l.alloc, 2, display_name(l.items[i].info),
                 lt_pass_base(l.items[i].info), l.items[i].values);
    if (l.out_of_memory) lt_strbuf_puts(out, "  (out of memory)\n");
    for (size_t i = 0; i < l.count; i++)
      lt_free(l.alloc, l.items[i].values,
              lt_pass_base(l.items[i].info)->num_statistics * sizeof(uint64_t));
    lt_free(l.alloc, l.items, l.cap * sizeof(*l.items));
  }
  lt_strbuf_putc(out, '\n');
}

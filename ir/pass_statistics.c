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

static void pass_rows(const lt_pass_t *p, stat_row_t *rows, size_t n) {
  for (size_t i = 0; i < n; i++)
    rows[i] = (stat_row_t){p->info->statistics[i].name,
                           p->info->statistics[i].help, p->stats[i]};
}

static void print_pipeline(lt_strbuf_t *out, const lt_pass_manager_t *pm,
                           unsigned indent) {
  for (size_t i = 0; i < pm->count; i++) {
    const lt_pm_entry_t *e = &pm->entries[i];
    if (e->nested) {
      char name[300];
      snprintf(name, sizeof(name), "'%s' Pipeline", e->nested->anchor);
      print_entry(out, indent, name, NULL, 0);
      print_pipeline(out, e->nested, indent + 2);
      continue;
    }
    stat_row_t rows[64];
    size_t n = e->pass->info->num_statistics;
    if (n > LT_ARRAY_SIZE(rows)) n = LT_ARRAY_SIZE(rows);
    pass_rows(e->pass, rows, n);
    print_entry(out, indent, display_name(e->pass->info), rows, n);
  }
}

typedef struct merged_pass {
  const lt_pass_info_t *info; /* first instance's descriptor */
  uint64_t values[64];
} merged_pass_t;

static void collect(const lt_pass_manager_t *pm, merged_pass_t *items,
                    size_t *count, size_t cap) {
  for (size_t i = 0; i < pm->count; i++) {
    const lt_pm_entry_t *e = &pm->entries[i];
    if (e->nested) {
      collect(e->nested, items, count, cap);
      continue;
    }
    const lt_pass_info_t *info = e->pass->info;
    if (!info->num_statistics) continue;
    size_t k = 0;
    while (k < *count &&
           strcmp(display_name(items[k].info), display_name(info)) != 0)
      k++;
    if (k == *count) {
      if (*count == cap) continue;
      memset(&items[k], 0, sizeof(items[k]));
      items[k].info = info;
      (*count)++;
    }
    uint32_t n = info->num_statistics < 64 ? info->num_statistics : 64;
    if (items[k].info->num_statistics < n) n = items[k].info->num_statistics;
    for (uint32_t s = 0; s < n; s++)
      items[k].values[s] += e->pass->stats[s];
  }
}

static int by_pass_name(const void *a, const void *b) {
  return strcmp(display_name(((const merged_pass_t *)a)->info),
                display_name(((const merged_pass_t *)b)->info));
}

static size_t count_passes(const lt_pass_manager_t *pm) {
  size_t n = 0;
  for (size_t i = 0; i < pm->count; i++)
    n += pm->entries[i].nested ? count_passes(pm->entries[i].nested) : 1;
  return n;
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
    lt_allocator_t a = lt_context_allocator(pm->ctx);
    size_t cap = count_passes(pm), count = 0;
    merged_pass_t *items = cap ? lt_alloc(a, cap * sizeof(*items)) : NULL;
    if (items) {
      collect(pm, items, &count, cap);
      qsort(items, count, sizeof(*items), by_pass_name);
      for (size_t i = 0; i < count; i++) {
        stat_row_t rows[64];
        size_t n = items[i].info->num_statistics;
        if (n > 64) n = 64;
        for (size_t s = 0; s < n; s++)
          rows[s] = (stat_row_t){items[i].info->statistics[s].name,
                                 items[i].info->statistics[s].help,
                                 items[i].values[s]};
        print_entry(out, 2, display_name(items[i].info), rows, n);
      }
      lt_free(a, items, cap * sizeof(*items));
    }
  }
  lt_strbuf_putc(out, '\n');
}

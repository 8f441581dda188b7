/* pass_registry.c - the registries of passes and named pipelines.
 *
 * These are the process-wide registries (documented global state): tools
 * register every pass once at startup, before any pass manager is built, as
 * MLIR's PassRegistration does. Entries are static descriptors kept sorted
 * by argument for lookup and listing; nothing here writes to them. */
#include <stdlib.h>
#include <string.h>

#include "ir/pass_manager.h"

static const lt_pass_info_t **g_passes;
static size_t g_num_passes, g_cap_passes;
static const lt_pass_pipeline_info_t **g_pipelines;
static size_t g_num_pipelines, g_cap_pipelines;

/* Makes room for one more entry in *table (count n, capacity *cap): false
 * when out of memory. The registries live as long as the process. */
static bool reserve(const void ***table, size_t n, size_t *cap) {
  if (n < *cap) return true;
  size_t grown = *cap ? 2 * *cap : 64;
  const void **t = realloc((void *)*table, grown * sizeof *t);
  if (!t) return false;
  *table = t;
  *cap = grown;
  return true;
}

/* Index where `key` is or would be inserted (names are sorted). */
static size_t pass_position(const char *key, bool *out_found) {
  size_t lo = 0, hi = g_num_passes;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strcmp(g_passes[mid]->argument, key);
    if (c == 0) {
      *out_found = true;
      return mid;
    }
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  *out_found = false;
  return lo;
}

static size_t pipeline_position(const char *key, bool *out_found) {
  size_t lo = 0, hi = g_num_pipelines;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strcmp(g_pipelines[mid]->name, key);
    if (c == 0) {
      *out_found = true;
      return mid;
    }
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  *out_found = false;
  return lo;
}

bool lt_pass_register(const lt_pass_info_t *info) {
  bool found;
  if (!info || !info->argument) return false;
  size_t at = pass_position(info->argument, &found);
  /* The first registration of an argument wins: registering the same
   * library twice must be harmless. */
  if (found) return true;
  if (!reserve((const void ***)&g_passes, g_num_passes, &g_cap_passes))
    return false;
  memmove(&g_passes[at + 1], &g_passes[at],
          (g_num_passes - at) * sizeof(g_passes[0]));
  g_passes[at] = info;
  g_num_passes++;
  return true;
}

const lt_pass_info_t *lt_pass_lookup(const char *argument) {
  bool found;
  if (!argument) return NULL;
  size_t at = pass_position(argument, &found);
  return found ? g_passes[at] : NULL;
}

size_t lt_pass_registry_size(void) { return g_num_passes; }

const lt_pass_info_t *lt_pass_registry_at(size_t i) {
  return i < g_num_passes ? g_passes[i] : NULL;
}

bool lt_pass_pipeline_register(const lt_pass_pipeline_info_t *info) {
  bool found;
  if (!info || !info->name || !info->build) return false;
  size_t at = pipeline_position(info->name, &found);
  if (found) return true;
  if (!reserve((const void ***)&g_pipelines, g_num_pipelines, &g_cap_pipelines))
    return false;
  memmove(&g_pipelines[at + 1], &g_pipelines[at],
          (g_num_pipelines - at) * sizeof(g_pipelines[0]));
  g_pipelines[at] = info;
  g_num_pipelines++;
  return true;
}

const lt_pass_pipeline_info_t *lt_pass_pipeline_lookup(const char *name) {
  bool found;
  if (!name) return NULL;
  size_t at = pipeline_position(name, &found);
  return found ? g_pipelines[at] : NULL;
}

size_t lt_pass_pipeline_registry_size(void) { return g_num_pipelines; }

const lt_pass_pipeline_info_t *lt_pass_pipeline_registry_at(size_t i) {
  return i < g_num_pipelines ? g_pipelines[i] : NULL;
}

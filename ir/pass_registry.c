/* pass_registry.c - the registries of passes and named pipelines.
 *
 * These are the process-wide registries (documented global state): tools
 * register every pass once at startup, before any pass manager is built, as
 * MLIR's PassRegistration does. Entries are static descriptors kept sorted
 * by argument for lookup and listing; nothing here writes to them. */
#include <stdlib.h>
#include <string.h>

#include "ir/pass_manager.h"

#define LT_REGISTRY_MAX 1024

static const lt_pass_info_t *g_passes[LT_REGISTRY_MAX];
static size_t g_num_passes;
static const lt_pass_pipeline_info_t *g_pipelines[LT_REGISTRY_MAX];
static size_t g_num_pipelines;

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

void lt_pass_register(const lt_pass_info_t *info) {
  bool found;
  if (!info || !info->argument) return;
  size_t at = pass_position(info->argument, &found);
  /* The first registration of an argument wins: registering the same
   * library twice must be harmless. */
  if (found || g_num_passes == LT_REGISTRY_MAX) return;
  memmove(&g_passes[at + 1], &g_passes[at],
          (g_num_passes - at) * sizeof(g_passes[0]));
  g_passes[at] = info;
  g_num_passes++;
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

void lt_pass_pipeline_register(const lt_pass_pipeline_info_t *info) {
  bool found;
  if (!info || !info->name || !info->build) return;
  size_t at = pipeline_position(info->name, &found);
  if (found || g_num_pipelines == LT_REGISTRY_MAX) return;
  memmove(&g_pipelines[at + 1], &g_pipelines[at],
          (g_num_pipelines - at) * sizeof(g_pipelines[0]));
  g_pipelines[at] = info;
  g_num_pipelines++;
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

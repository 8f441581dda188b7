/* runtime_fuzz.c - feeds arbitrary bytes to the runtime as a model: the
 * loader, then every instruction's kernel lookup, plan step (attributes
 * and shapes from the file) and result checks; when that succeeds, a
 * predictor runs it on zero inputs. A check that trusts the file too much
 * is an ASan or UBSan report; a refused model is a status. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/predictor.h"

/* Runs stay small: a model whose tensors or arenas are larger is only
 * loaded, not run. */
#define MAX_ELEMENTS (1 << 16)
#define MAX_ARENA_BYTES (8u << 20)

static int64_t elements(const lt_artifact_tensor_t *t) {
  if (t->rank < 0) return -1;
  int64_t n = 1;
  for (int32_t d = 0; d < t->rank; d++) {
    if (t->dims[d] < 0 || (t->dims[d] && n > MAX_ELEMENTS / t->dims[d]))
      return -1;
    n *= t->dims[d];
  }
  return n;
}

static bool small_enough(const lt_artifact_t *a) {
  for (uint32_t i = 0; i < lt_artifact_num_arenas(a); i++)
    if (lt_artifact_arena(a, i)->size > MAX_ARENA_BYTES) return false;
  for (uint32_t t = 0; t < lt_artifact_num_tensors(a); t++) {
    const lt_artifact_tensor_t *at = lt_artifact_tensor(a, t);
    if (at->storage != LT_ARTIFACT_STORAGE_NONE && elements(at) < 0)
      return false;
  }
  return true;
}

static void run(lt_model_t *m) {
  const lt_artifact_t *a = lt_model_artifact(m);
  if (!small_enough(a)) return;
  lt_predictor_t *p;
  lt_status_t st = lt_predictor_create(m, NULL, &p);
  if (st) {
    lt_status_free(st);
    return;
  }
  uint32_t n = lt_artifact_num_inputs(a);
  void **bufs = calloc(n ? n : 1, sizeof *bufs);
  for (uint32_t i = 0; bufs && i < n && !st; i++) {
    const lt_artifact_tensor_t *t = lt_artifact_tensor(a, lt_artifact_input(a, i));
    size_t size = (size_t)elements(t) * lk_dtype_size(t->dtype);
    bufs[i] = calloc(size ? size : 1, 1);
    if (!bufs[i]) break;
    st = lt_predictor_set_input(p, i, t->dtype, t->rank, t->dims, bufs[i], size);
  }
  if (!st && bufs) st = lt_predictor_run(p);
  lt_status_free(st);
  for (uint32_t i = 0; bufs && i < n; i++) free(bufs[i]);
  free(bufs);
  lt_predictor_destroy(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* A private copy of exactly size bytes, so a read past the end is seen. */
  uint8_t *copy = malloc(size ? size : 1);
  if (!copy) return 0;
  memcpy(copy, data, size);
  lt_model_t *m = NULL;
  lt_status_t st = lt_model_load_buffer(copy, size, NULL, &m);
  if (st)
    lt_status_free(st);
  else
    run(m);
  lt_model_release(m);
  free(copy);
  return 0;
}

/* artifact_fuzz.c - feeds arbitrary bytes to the artifact loader, then walks
 * everything a loaded artifact exposes (every string, weight byte and
 * attribute), so a check the loader missed is an ASan report. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/artifact.h"

static volatile uint8_t sink;

static void touch(lt_artifact_str_t s) {
  for (uint32_t i = 0; i < s.len; i++) sink ^= (uint8_t)s.data[i];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* A private copy of exactly size bytes, so a read past the end is seen. */
  uint8_t *copy = malloc(size ? size : 1);
  if (!copy) return 0;
  memcpy(copy, data, size);
  lt_artifact_t *a = NULL;
  lt_status_t st = lt_artifact_load_buffer(copy, size, lt_allocator_system(), &a);
  if (st) {
    lt_status_free(st);
    free(copy);
    return 0;
  }
  for (uint32_t i = 0; i < lt_artifact_num_tensors(a); i++) {
    const lt_artifact_tensor_t *t = lt_artifact_tensor(a, i);
    touch(t->name);
    if (t->storage == LT_ARTIFACT_STORAGE_WEIGHT)
      for (uint64_t b = 0; b < t->size; b++) sink ^= ((const uint8_t *)t->data)[b];
  }
  for (uint32_t i = 0; i < lt_artifact_num_arenas(a); i++) touch(lt_artifact_arena(a, i)->name);
  for (uint32_t i = 0; i < lt_artifact_num_instrs(a); i++) {
    const lt_artifact_instr_t *in = lt_artifact_instr(a, i);
    touch(in->kernel);
    touch(in->op);
    for (uint32_t k = 0; k < in->num_operands; k++)
      sink ^= (uint8_t)lt_artifact_tensor(a, in->operands[k])->rank;
    for (uint32_t k = 0; k < in->num_results; k++)
      sink ^= (uint8_t)lt_artifact_tensor(a, in->results[k])->rank;
    for (uint32_t k = 0; k < in->num_locs; k++) touch(in->locs[k]);
    lk_attrs_t at = lt_artifact_instr_attrs(in);
    for (uint32_t k = 0; k < in->num_attrs; k++) {
      char name[64], buf[64];
      uint32_t n = in->attrs[k].name.len < 63 ? in->attrs[k].name.len : 63;
      memcpy(name, in->attrs[k].name.data, n);
      name[n] = '\0';
      int64_t ints[16];
      double fl[16];
      sink ^= (uint8_t)lk_attr_int(at, name, 0);
      sink ^= lk_attr_float(at, name, 0) > 0;
      sink ^= (uint8_t)lk_attr_ints(at, name, ints, 16);
      sink ^= (uint8_t)lk_attr_floats(at, name, fl, 16);
      sink ^= (uint8_t)lk_attr_str(at, name, buf, sizeof buf, "")[0];
      lk_tensor_t tv;
      if (lk_attr_tensor(at, name, &tv))
        for (size_t b = 0; b < lk_nbytes(&tv); b++) sink ^= ((const uint8_t *)tv.data)[b];
    }
  }
  for (uint32_t i = 0; i < lt_artifact_num_inputs(a); i++) sink ^= (uint8_t)lt_artifact_input(a, i);
  for (uint32_t i = 0; i < lt_artifact_num_outputs(a); i++) sink ^= (uint8_t)lt_artifact_output(a, i);
  lt_artifact_free(a);
  free(copy);
  return 0;
}

/* artifact_dump.c - lite-artifact-dump FILE: loads an artifact through the
 * runtime's validating loader and prints its header and tables, one line
 * each, for lit tests. */
#include <stdio.h>

#include "runtime/artifact.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: lite-artifact-dump FILE\n");
    return 2;
  }
  lt_artifact_t *a;
  lt_status_t st = lt_artifact_load_file(argv[1], lt_allocator_system(), &a);
  if (st) {
    fprintf(stderr, "error: %s\n", lt_status_message(st));
    lt_status_free(st);
    return 1;
  }
  printf("format %u, min runtime %u, producer '%s'\n", lt_artifact_format_version(a),
         lt_artifact_min_runtime(a), lt_artifact_producer(a));
  printf("tensors %u, instructions %u, inputs %u, outputs %u\n", lt_artifact_num_tensors(a),
         lt_artifact_num_instrs(a), lt_artifact_num_inputs(a), lt_artifact_num_outputs(a));
  for (uint32_t i = 0; i < lt_artifact_num_arenas(a); i++) {
    const lt_artifact_arena_t *r = lt_artifact_arena(a, i);
    printf("arena %.*s: %llu bytes\n", (int)r->name.len, r->name.data,
           (unsigned long long)r->size);
  }
  for (uint32_t i = 0; i < lt_artifact_num_instrs(a); i++) {
    const lt_artifact_instr_t *in = lt_artifact_instr(a, i);
    printf("instr %u: %.*s %.*s (%u operands, %u results, %u attributes)", i,
           (int)in->op.len, in->op.data, (int)in->kernel.len, in->kernel.data,
           in->num_operands, in->num_results, in->num_attrs);
    for (uint32_t k = 0; k < in->num_locs; k++)
      printf(" %s%.*s", k ? "" : "loc ", (int)in->locs[k].len, in->locs[k].data);
    printf("\n");
  }
  lt_artifact_free(a);
  return 0;
}

/* make_artifact_seed.c - writes the artifact fuzzer's seed corpus: small
 * artifacts that use every section and attribute kind. */
#include <stdio.h>

#include "compiler/artifact_writer.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: make_artifact_seed OUT_DIR\n");
    return 2;
  }
  for (int variant = 0; variant < 2; variant++) {
    lt_aw_t *w = lt_aw_new();
    if (!w) return 1;
    static const float weight[4] = {1, 2, 3, 4};
    int64_t dims[4] = {variant ? -1 : 1, 4, 2, 2}, wd[1] = {4};
    lk_place_t p = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32, LK_LAYOUT_NCHW);
    uint32_t arena = lt_aw_arena(w, "host", LK_TARGET_HOST, 0, 128);
    uint32_t in = lt_aw_tensor(w, &(lt_aw_tensor_t){"x", LK_F32, 4, dims, p,
                                                    LT_ARTIFACT_STORAGE_INPUT, 0, 0, 0, NULL});
    uint32_t wt = lt_aw_tensor(w, &(lt_aw_tensor_t){"w", LK_F32, 1, wd, p,
                                                    LT_ARTIFACT_STORAGE_WEIGHT, 0, 0,
                                                    sizeof weight, weight});
    uint32_t out = lt_aw_tensor(w, &(lt_aw_tensor_t){"y", LK_F32, 4, dims, p,
                                                     LT_ARTIFACT_STORAGE_ARENA, arena, 64, 64, NULL});
    lt_aw_input(w, in);
    lt_aw_output(w, out);
    uint32_t ops[2] = {in, wt};
    lt_aw_instr(w, "ref_mul__f32_nchw", "lite.mul", ops, 2, &out, 1);
    int64_t axes[2] = {0, 1};
    double f[1] = {0.5};
    lt_aw_attr_int(w, "axis", 1);
    lt_aw_attr_float(w, "alpha", 0.5);
    lt_aw_attr_ints(w, "axes", axes, 2);
    lt_aw_attr_floats(w, "scales", f, 1);
    lt_aw_attr_str(w, "mode", "nearest", 7);
    lt_aw_attr_tensor(w, "value", &(lk_tensor_t){LK_F32, 1, {1}, (void *)weight});
    lt_aw_loc(w, "Mul_0", 5);
    char path[4096];
    snprintf(path, sizeof path, "%s/seed%d.lite", argv[1], variant);
    lt_status_t st = lt_aw_write_file(w, "lite seed", path);
    lt_aw_free(w);
    if (st) {
      fprintf(stderr, "%s\n", lt_status_message(st));
      lt_status_free(st);
      return 1;
    }
  }
  return 0;
}

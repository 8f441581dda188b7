/* codegen_aot_main.c - the program codegen_aot_test links with an AOT
 * object (no LLVM): finds add_relu in lite_generated_kernels and prints
 * its outputs on a fixed input, so the x86_64 run and the aarch64 run
 * under qemu can be compared byte for byte. */
#include <stdio.h>
#include <string.h>

#include "kernels/kernel_table.h"

extern const lk_kernel_table_t lite_generated_kernels;

static lk_view_t vec(float *data, int64_t n) {
  lk_view_t v;
  memset(&v, 0, sizeof(v));
  v.dtype = LK_F32;
  v.rank = 1;
  v.dims[0] = n;
  v.strides[0] = 4;
  v.data = data;
  return v;
}

int main(void) {
  const lk_kernel_table_t *t = &lite_generated_kernels;
  if (t->version != LK_KERNEL_TABLE_VERSION) return 2;
  lk_kernel_fn run = NULL;
  for (uint32_t i = 0; i < t->count; i++)
    if (strcmp(t->entries[i].name, "add_relu") == 0) run = t->entries[i].run;
  if (!run) return 3;
  enum { N = 1003 };
  static float a[N], b[N], o[N];
  for (int i = 0; i < N; i++) {
    a[i] = (float)((i * 37) % 101 - 50) / 8.0f;
    b[i] = (float)((i * 53) % 97 - 48) / 16.0f;
  }
  lk_view_t in[2] = {vec(a, N), vec(b, N)}, out = vec(o, N);
  lk_call_t call = {.inputs = in, .num_inputs = 2, .outputs = &out,
                    .num_outputs = 1};
  if (run(&call) != NULL) return 4;
  int bad = 0;
  for (int i = 0; i < N; i++) {
    float s = a[i] + b[i];
    if (o[i] != (s > 0 ? s : 0)) bad++;
  }
  printf("kernels %u, add_relu mismatches %d\n", t->count, bad);
  for (int i = 0; i < N; i += 97)
    printf("%d %.9g\n", i, o[i]);
  return bad ? 1 : 0;
}

/* codegen_aot_test.c - AOT objects: add_relu compiled for x86_64-linux-gnu
 * and aarch64-linux-gnu, each linked with codegen_aot_main.c (no LLVM),
 * run (the aarch64 one under qemu-aarch64 -L /usr/aarch64-linux-gnu), and
 * their outputs compared. The aarch64 half is skipped, saying so, when the
 * cross compiler or qemu is missing. */
#include <stdio.h>
#include <unistd.h>

#include "codegen/llvm/aot.h"
#include "codegen_test_util.h"

#ifndef LITE_SOURCE_DIR
#error "LITE_SOURCE_DIR names the source tree (test/unit/CMakeLists.txt)"
#endif

static const char *k_src =
    "func.func @add_relu(%a: memref<?xf32>, %b: memref<?xf32>, %o: memref<?xf32>) attributes "
    "{lite.kernel = {num_inputs = 2 : i64}} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %zs = arith.constant 0.0 : f32\n"
    "  %n = \"memref.dim\"(%a, %c0) : (memref<?xf32>, index) -> index\n"
    "  \"scf.for\"(%c0, %n, %c1) ({\n"
    "  ^bb0(%i: index):\n"
    "    %x = \"memref.load\"(%a, %i) : (memref<?xf32>, index) -> f32\n"
    "    %y = \"memref.load\"(%b, %i) : (memref<?xf32>, index) -> f32\n"
    "    %s = arith.addf %x, %y : f32\n"
    "    %r = \"arith.maxf\"(%s, %zs) : (f32, f32) -> f32\n"
    "    \"memref.store\"(%r, %o, %i) : (f32, memref<?xf32>, index) -> ()\n"
    "    \"scf.yield\"() : () -> ()\n"
    "  }) : (index, index, index) -> ()\n"
    "  return\n"
    "}\n"
    "func.func @other(%a: memref<?xf32>) attributes "
    "{lite.kernel = {num_inputs = 1 : i64}} {\n"
    "  return\n"
    "}\n";

static bool have(const char *prog) {
  char cmd[256];
  snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", prog);
  return system(cmd) == 0;
}

/* Compiles the object for triple, links it with cc, runs it; its output
 * in out (NUL-terminated). */
static bool build_and_run(lt_op_t *m, const char *dir, const char *triple,
                          const char *cc, const char *runner, char *out,
                          size_t cap) {
  char obj[512], exe[512], cmd[2048];
  snprintf(obj, sizeof(obj), "%s/%s.o", dir, triple);
  snprintf(exe, sizeof(exe), "%s/%s.exe", dir, triple);
  lt_llvm_aot_options_t o;
  lt_llvm_aot_options_init(&o);
  o.triple = triple;
  lt_status_t st = lt_llvm_aot_emit_object(m, &o, obj);
  if (st) fprintf(stderr, "aot: %s\n", lt_status_message(st));
  CHECK(st == LT_OK);
  lt_status_free(st);
  snprintf(cmd, sizeof(cmd),
           "%s -std=c11 -O1 -I%s %s/test/unit/codegen_aot_main.c %s -lm -o %s",
           cc, LITE_SOURCE_DIR, LITE_SOURCE_DIR, obj, exe);
  CHECK(system(cmd) == 0);
  snprintf(cmd, sizeof(cmd), "%s %s", runner, exe);
  FILE *p = popen(cmd, "r");
  CHECK(p != NULL);
  if (!p) return false;
  size_t n = fread(out, 1, cap - 1, p);
  out[n] = '\0';
  int rc = pclose(p);
  CHECK(rc == 0);
  unlink(obj);
  unlink(exe);
  return rc == 0;
}

int main(void) {
  ct_t t;
  ct_init(&t, false, NULL);
  lt_op_t *m = ct_parse(&t, k_src);
  char dir[] = "/tmp/lite-aot-test-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  static char x86[8192], arm[8192];
  bool ok = m && build_and_run(m, dir, "x86_64-linux-gnu", "cc", "", x86,
                               sizeof(x86));
  CHECK(ok && strstr(x86, "kernels 2, add_relu mismatches 0") != NULL);
  if (!have("aarch64-linux-gnu-gcc") || !have("qemu-aarch64")) {
    printf("skipped the aarch64 half: aarch64-linux-gnu-gcc or qemu-aarch64 "
           "is missing (scripts/setup.sh installs them)\n");
  } else if (m) {
    ok = build_and_run(m, dir, "aarch64-linux-gnu", "aarch64-linux-gnu-gcc",
                       "qemu-aarch64 -L /usr/aarch64-linux-gnu", arm,
                       sizeof(arm));
    CHECK(ok && strcmp(x86, arm) == 0);
    if (ok) printf("aarch64 under qemu matches x86_64\n");
  }
  rmdir(dir);
  if (m) lt_op_destroy(m);
  ct_fini(&t);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

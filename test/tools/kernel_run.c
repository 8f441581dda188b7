/* kernel_run.c - lite-kernel-run MODULE.mlir KERNEL DIR: JITs the generated
 * kernels of MODULE (its @lite_kernels, or the module itself) through
 * codegen/llvm and runs KERNEL once through its ABI entry point on dense
 * f32 views: input i read from DIR/in<i>.bin, output j written to
 * DIR/out<j>.bin (raw little-endian f32, the memref's static shape in row-
 * major order). For differential checks against upstream MLIR
 * (test/codegen/jit_check.py). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/llvm/jit.h"
#include "codegen/llvm/translate.h"
#include "compiler/jit.h"
#include "dialects/dialects.h"
#include "dialects/lite/lite.h"
#include "ir/context.h"
#include "ir/parser.h"
#include "kernels/abi.h"

static char *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
    free(buf);
    buf = NULL;
  }
  fclose(f);
  if (buf) buf[n] = '\0';
  *len = (size_t)n;
  return buf;
}

static lt_op_t *find_func(lt_op_t *module, const char *name) {
  for (lt_op_t *op = module->regions[0].first->first; op; op = op->next) {
    const lt_ident_t *sym = lt_symbol_name(op);
    if (sym && strcmp(lt_op_name(op), "func.func") == 0 &&
        strcmp(sym->str, name) == 0)
      return op;
  }
  return NULL;
}

/* Runs the kernel; 0 on success. */
static int run(lt_op_t *kernels, const char *name, const char *dir,
               lk_kernel_fn fn) {
  lt_op_t *f = find_func(kernels, name);
  int64_t num_inputs = 0;
  if (!f || !lt_llvm_is_kernel(f, &num_inputs)) {
    fprintf(stderr, "lite-kernel-run: no kernel func @%s\n", name);
    return 1;
  }
  lt_block_t *entry = f->regions[0].first;
  uint32_t n = entry->num_args, nin = (uint32_t)num_inputs;
  lk_view_t *views = calloc(n, sizeof *views);
  int rc = 0;
  for (uint32_t i = 0; i < n && !rc; i++) {
    const lt_type_t *t = entry->args[i]->type;
    int64_t count = lt_type_num_elements(t);
    if (!lt_type_is_memref(t) || count < 0 ||
        t->shaped.element->kind != LT_TYPE_F32 || t->shaped.strides) {
      fprintf(stderr, "lite-kernel-run: argument %u: not a static dense "
                      "f32 memref\n", i);
      rc = 1;
      break;
    }
    void *data = calloc((size_t)count + 1, 4);
    lk_view_dense(&views[i], LK_F32, (int32_t)t->shaped.rank, t->shaped.shape,
                  LK_LAYOUT_NCHW, data);
    if (i < nin) {
      char path[4096];
      size_t len = 0;
      snprintf(path, sizeof path, "%s/in%u.bin", dir, i);
      char *buf = read_all(path, &len);
      if (!buf || len != (size_t)count * 4) {
        fprintf(stderr, "lite-kernel-run: %s: missing or not %lld bytes\n",
                path, (long long)count * 4);
        rc = 1;
      } else {
        memcpy(data, buf, len);
      }
      free(buf);
    }
  }
  lk_call_t call = {.inputs = views, .num_inputs = nin,
                    .outputs = views + nin, .num_outputs = n - nin};
  if (!rc) {
    lt_status_t st = fn(&call);
    if (st) {
      fprintf(stderr, "lite-kernel-run: %s: %s\n", name, lt_status_message(st));
      lt_status_free(st);
      rc = 1;
    }
  }
  for (uint32_t j = nin; j < n && !rc; j++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/out%u.bin", dir, j - nin);
    FILE *o = fopen(path, "wb");
    size_t bytes = views[j].nbytes;
    if (!o || fwrite(views[j].data, 1, bytes, o) != bytes) rc = 1;
    if (o && fclose(o) != 0) rc = 1;
    if (rc) fprintf(stderr, "lite-kernel-run: cannot write %s\n", path);
  }
  for (uint32_t i = 0; i < n; i++)
    free(views[i].data);
  free(views);
  return rc;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: lite-kernel-run MODULE.mlir KERNEL DIR\n");
    return 2;
  }
  size_t len = 0;
  char *src = read_all(argv[1], &len);
  if (!src) {
    fprintf(stderr, "lite-kernel-run: cannot read %s\n", argv[1]);
    return 1;
  }
  lt_context_t *ctx = NULL;
  lt_context_create(lt_allocator_system(), &ctx);
  lt_register_core_dialects(ctx);
  lt_context_register_dialect(ctx, &lt_lite_dialect);
  lt_op_t *m = lt_parse_source(ctx, argv[1], src, len, NULL);
  int rc = 1;
  lt_llvm_jit_t *jit = NULL;
  lt_llvm_jit_options_t o;
  lt_llvm_jit_options_init(&o);
  o.no_cache = true;
  if (m && LT_SUCCEEDED(lt_op_verify(m)) && !lt_llvm_jit_create(&o, &jit)) {
    lt_op_t *kernels = lt_jit_kernels_module(m);
    if (!kernels) kernels = m;
    const lk_kernel_table_t *table = NULL;
    lt_status_t st = lt_llvm_jit_add_module(jit, kernels, &table);
    if (st) {
      fprintf(stderr, "lite-kernel-run: %s\n", lt_status_message(st));
      lt_status_free(st);
    }
    for (uint32_t i = 0; table && i < table->count; i++)
      if (strcmp(table->entries[i].name, argv[2]) == 0)
        rc = run(kernels, argv[2], argv[3], table->entries[i].run);
    if (table && rc && !find_func(kernels, argv[2]))
      fprintf(stderr, "lite-kernel-run: no kernel @%s\n", argv[2]);
  }
  lt_llvm_jit_destroy(jit);
  if (m) lt_op_destroy(m);
  lt_context_destroy(ctx);
  free(src);
  return rc;
}

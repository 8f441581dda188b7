/* lite_compiler_api.c - include/lite/lite_compiler.h: a context of its own
 * per call, the importer or the parser, the compile path into memory, and
 * the runtime's model over the bytes (which it then owns). Diagnostics are
 * collected and become the status's message. */
#include "include/lite/lite_compiler.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/compile.h"
#include "compiler/compiler.h"
#include "compiler/jit.h"
#include "dialects/dialects.h"
#include "dialects/lite/lite.h"
#include "ir/diagnostics.h"
#include "ir/parser.h"
#include "passes/passes.h"
#include "runtime/model.h"
#ifdef LITE_COMPILER_HAVE_ONNX
#include "frontends/onnx/onnx.h"
#endif

#define PUB(st) ((lite_status_t)(st))

/* The pass registry is the process's: filled once. */
static pthread_once_t g_passes_once = PTHREAD_ONCE_INIT;
static bool g_passes_ok;
static void register_passes(void) {
  g_passes_ok = lt_register_core_passes() && lt_register_compiler_passes();
}

typedef struct session {
  lt_context_t *ctx;
  lt_strbuf_t diags;
  lt_strbuf_t text; /* an .mlir file's text, registered for diagnostics */
  const char *path;
} session_t;

static bool collect(void *user, const lt_diag_t *d) {
  session_t *s = user;
  lt_diag_format(d, &s->diags);
  return true;
}

static lt_status_t open_session(session_t *s, const char *path) {
  memset(s, 0, sizeof *s);
  s->path = path;
  pthread_once(&g_passes_once, register_passes);
  if (!g_passes_ok)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                          "out of memory registering the passes");
  LT_RETURN_IF_ERROR(lt_context_create(lt_allocator_system(), &s->ctx));
  if (LT_FAILED(lt_register_core_dialects(s->ctx)) ||
      LT_FAILED(lt_context_register_dialect(s->ctx, &lt_lite_dialect))) {
    lt_context_destroy(s->ctx);
    s->ctx = NULL;
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY,
                          "out of memory registering the dialects");
  }
  lt_diag_push_handler(s->ctx, collect, s);
  return LT_OK;
}

static void close_session(session_t *s) {
  if (s->text.data) lt_source_remove(s->ctx, s->path);
  if (s->ctx) lt_context_destroy(s->ctx);
  lt_strbuf_free(&s->diags);
  lt_strbuf_free(&s->text);
}

/* A status from the collected diagnostics (or `what` when there are none). */
static lt_status_t failed(session_t *s, lt_status_code_t code,
                          const char *what) {
  size_t n = s->diags.len;
  while (n && s->diags.data[n - 1] == '\n') n--;
  if (!n) return lt_status_make(code, "%s: %s", s->path, what);
  return lt_status_make(code, "%s: %s:\n%.*s", s->path, what, (int)n,
                        s->diags.data);
}

static bool has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

static lt_status_t load_mlir(session_t *s, lt_op_t **out) {
  FILE *f = fopen(s->path, "rb");
  if (!f) return lt_status_make(LT_STATUS_IO, "%s: cannot open", s->path);
  char chunk[1 << 16];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    lt_strbuf_append(&s->text, chunk, n);
  bool bad = ferror(f) != 0;
  fclose(f);
  if (bad) return lt_status_make(LT_STATUS_IO, "%s: cannot read", s->path);
  lt_source_add(s->ctx, s->path, s->text.data ? s->text.data : "",
                s->text.len);
  *out = lt_parse_source(s->ctx, s->path, s->text.data ? s->text.data : "",
                         s->text.len, NULL);
  if (!*out || LT_FAILED(lt_op_verify(*out)))
    return failed(s, LT_STATUS_INVALID_ARGUMENT, "not valid lite IR");
  return LT_OK;
}

#ifdef LITE_COMPILER_HAVE_ONNX
static void import_options(const lite_compile_options_t *o,
                           lt_onnx_import_options_t *io) {
  lt_onnx_import_options_init(io);
  if (o) io->dim_params = o->dim_params;
}
#endif

static lt_status_t load_onnx(session_t *s, const void *data, size_t size,
                             const lite_compile_options_t *o, lt_op_t **out) {
#ifdef LITE_COMPILER_HAVE_ONNX
  lt_onnx_import_options_t io;
  import_options(o, &io);
  return data ? lt_onnx_import_buffer(s->ctx, data, size, s->path, &io, out)
              : lt_onnx_import_file(s->ctx, s->path, &io, out);
#else
  (void)data, (void)size, (void)o, (void)out;
  return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                        "%s: this build has no ONNX importer", s->path);
#endif
}

/* Imports or parses, then compiles into *out_data (free() it) and, with
 * out_jit, compiles the generated kernels into *out_jit (NULL when there
 * are none). */
static lt_status_t compile(const char *path, const void *onnx, size_t size,
                           const lite_compile_options_t *o,
                           uint8_t **out_data, size_t *out_size,
                           lt_jit_kernels_t **out_jit) {
  session_t s;
  LT_RETURN_IF_ERROR(open_session(&s, path));
  lt_op_t *module = NULL;
  lt_status_t st = !onnx && has_suffix(path, ".mlir")
                       ? load_mlir(&s, &module)
                       : load_onnx(&s, onnx, size, o, &module);
  lt_compile_options_t co = {.places = o ? o->places : NULL,
                             .kernel_kinds = o ? o->kernel_kinds : NULL,
                             .no_optimize = o && o->no_optimize,
                             .autotune = o && o->autotune};
  if (!st && LT_FAILED(lt_compile_module(module, &co, out_data, out_size)))
    st = failed(&s, LT_STATUS_INVALID_ARGUMENT, "compiling failed");
  if (!st && out_jit) {
    st = lt_jit_kernels_compile(module, false, out_jit);
    if (st) {
      lt_status_t wrapped = lt_status_make(
          lt_status_code(st), "%s: generated kernels: %s", path,
          lt_status_message(st));
      lt_status_free(st);
      st = wrapped;
    }
  }
  if (st && *out_data) {
    free(*out_data);
    *out_data = NULL;
  }
  if (module) lt_op_destroy(module);
  close_session(&s);
  return st;
}

static void free_bytes(void *data, size_t size) {
  (void)size;
  free(data);
}

/* Loads the compiled bytes (the model owns them) with the generated
 * kernels' table (the model holds the JIT) and the caller's tables. */
static lite_status_t to_model(lt_status_t st, uint8_t *data, size_t size,
                              lt_jit_kernels_t *jit,
                              const lite_model_options_t *mo,
                              lite_model_t **out_model) {
  if (st) return PUB(st);
  lt_model_options_t opts = {.allocator = lt_allocator_system(),
                             .free_buffer = free_bytes,
                             .keep = jit,
                             .release_keep = lt_jit_kernels_release};
  if (mo && mo->allocator.fn)
    opts.allocator = (lt_allocator_t){mo->allocator.self, mo->allocator.fn};
  uint32_t n = mo && mo->kernel_tables ? mo->num_kernel_tables : 0;
  const lk_kernel_table_t *small[8], **tables = small;
  if (n + 1 > 8 && !(tables = malloc((n + 1) * sizeof *tables))) {
    free(data);
    lt_jit_kernels_release(jit);
    return PUB(lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory"));
  }
  for (uint32_t i = 0; i < n; i++)
    tables[i] = (const lk_kernel_table_t *)mo->kernel_tables[i];
  if (jit) tables[n++] = lt_jit_kernels_table(jit);
  opts.kernel_tables = tables;
  opts.num_kernel_tables = n;
  st = lt_model_load_buffer(data, size, &opts, (lt_model_t **)out_model);
  if (tables != small) free(tables);
  return PUB(st);
}

lite_status_t lite_compile_file(const char *path,
                                const lite_compile_options_t *options,
                                const lite_model_options_t *model_options,
                                lite_model_t **out_model) {
  if (!out_model || !path)
    return PUB(lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                              "lite_compile_file: path or out_model is NULL"));
  *out_model = NULL;
  uint8_t *data = NULL;
  size_t size = 0;
  lt_jit_kernels_t *jit = NULL;
  lt_status_t st = compile(path, NULL, 0, options, &data, &size, &jit);
  return to_model(st, data, size, jit, model_options, out_model);
}

lite_status_t lite_compile_onnx_buffer(const void *bytes, size_t n,
                                       const char *name,
                                       const lite_compile_options_t *options,
                                       const lite_model_options_t *model_options,
                                       lite_model_t **out_model) {
  if (!out_model || !bytes)
    return PUB(lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                              "lite_compile_onnx_buffer: data or out_model "
                              "is NULL"));
  *out_model = NULL;
  uint8_t *data = NULL;
  size_t size = 0;
  lt_jit_kernels_t *jit = NULL;
  lt_status_t st = compile(name ? name : "<buffer>", bytes, n, options, &data,
                           &size, &jit);
  return to_model(st, data, size, jit, model_options, out_model);
}

lite_status_t lite_compile_file_to_artifact(
    const char *path, const lite_compile_options_t *options,
    const char *out_path) {
  if (!path || !out_path)
    return PUB(lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                              "lite_compile_file_to_artifact: a path is NULL"));
  uint8_t *data = NULL;
  size_t size = 0;
  lt_status_t st = compile(path, NULL, 0, options, &data, &size, NULL);
  if (!st) {
    FILE *f = fopen(out_path, "wb");
    bool ok = f && fwrite(data, 1, size, f) == size;
    if (f && fclose(f) != 0) ok = false;
    if (!ok)
      st = lt_status_make(LT_STATUS_IO, "%s: cannot write the artifact",
                          out_path);
  }
  free(data);
  return PUB(st);
}

/* onnx_import_fuzz.c - libFuzzer target for the ONNX importer.
 *
 * Any byte string is imported as an ONNX model (lt_onnx_import_buffer) and,
 * since test data files hold bare tensors, decoded as a TensorProto and its
 * contents read. What imports is verified and printed, then everything is
 * freed. A crash, a sanitizer report or a leak anywhere on that path is a
 * bug, however malformed the input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialects.h"
#include "frontends/onnx/onnx.h"
#include "frontends/onnx/onnx_tensor.h"
#include "ir/diagnostics.h"
#include "ir/printer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool swallow(void *user, const lt_diag_t *diag) { return true; }

static void fuzz_model(const uint8_t *data, size_t size) {
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    lt_status_free(st);
    return;
  }
  lt_register_core_dialects(ctx);
  lt_diag_push_handler(ctx, swallow, NULL);
  lt_op_t *module = NULL;
  st = lt_onnx_import_buffer(ctx, data, size, "fuzz.onnx", NULL, &module);
  if (st) {
    /* Every failure says something. */
    if (!lt_status_message(st)[0]) abort();
    lt_status_free(st);
  }
  if (module) {
    if (LT_FAILED(lt_op_verify(module))) abort(); /* the importer verified */
    lt_print_flags_t flags;
    lt_print_flags_init(&flags);
    flags.debuginfo = true;
    lt_strbuf_t out = {0};
    lt_op_print(module, &flags, &out);
    lt_strbuf_free(&out);
    lt_op_destroy(module);
  }
  lt_context_destroy(ctx);
}

static void fuzz_tensor(const uint8_t *data, size_t size) {
  lt_arena_t arena;
  lt_arena_init(&arena, lt_allocator_system());
  lt_onnx_tensor_t t;
  lt_pb_error_t err;
  lk_dtype_t dtype;
  if (lt_onnx_decode_tensor(data, size, &arena, &t, &err) == 0 &&
      lt_onnx_dtype(t.data_type, &dtype) && t.rank <= LK_MAX_RANK) {
    lt_onnx_data_t d;
    lt_status_t st = lt_onnx_tensor_data(&t, dtype, data, "fuzz.pb", NULL,
                                         lt_allocator_system(), &d);
    if (!st) {
      /* Touch every byte: a wrong size would show here. */
      volatile uint8_t sum = 0;
      for (size_t i = 0; i < d.size; i++)
        sum ^= ((const uint8_t *)d.data)[i];
      (void)sum;
      lt_onnx_data_release(&d, lt_allocator_system());
    }
    lt_status_free(st);
  }
  lt_arena_deinit(&arena);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* A private copy of exactly `size` bytes, so reading past the end is an
   * ASan report rather than a read of libFuzzer's slack. */
  uint8_t *copy = malloc(size ? size : 1);
  if (!copy) return 0;
  if (size) memcpy(copy, data, size);
  fuzz_model(copy, size);
  fuzz_tensor(copy, size);
  free(copy);
  return 0;
}

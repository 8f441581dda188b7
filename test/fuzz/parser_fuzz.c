/* parser_fuzz.c - libFuzzer target for the textual IR parser.
 *
 * Any byte string goes through lt_parse_source with unregistered dialects
 * allowed; what parses is verified and printed, then everything is freed. A
 * crash, a sanitizer report or a leak anywhere on that path is a bug, however
 * malformed the input.
 *
 * With LITE_FUZZ_ROUNDTRIP=1 in the environment, every input that parses and
 * verifies must also survive a round trip: its generic print must parse,
 * verify, and print back to the same text (the fuzzer aborts otherwise). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialects.h"
#include "ir/diagnostics.h"
#include "ir/parser.h"
#include "ir/printer.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool check_roundtrip;
/* The last diagnostic, shown when a round trip fails. Reused across inputs
 * (still reachable at exit, so not a leak). */
static lt_strbuf_t last_diag;

static void clear_last_diag(void) {
  last_diag.len = 0;
  if (last_diag.data) last_diag.data[0] = '\0';
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  const char *env = getenv("LITE_FUZZ_ROUNDTRIP");
  check_roundtrip = env && strcmp(env, "0") != 0;
  return 0;
}

/* Most inputs are rejected with a diagnostic. Formatting it (source line,
 * caret) is still run, since that code reads the same untrusted buffer. */
static bool format_and_keep(void *user, const lt_diag_t *diag) {
  clear_last_diag();
  lt_diag_format(diag, &last_diag);
  return true;
}

static lt_op_t *parse(lt_context_t *ctx, const char *name, const char *buf,
                      size_t len) {
  lt_source_add(ctx, name, buf, len);
  lt_op_t *op = lt_parse_source(ctx, name, buf, len, NULL);
  lt_source_remove(ctx, name);
  return op;
}

/* The generic form of a verified module must read back to the same text. */
static void roundtrip(lt_context_t *ctx, const lt_strbuf_t *generic,
                      const lt_print_flags_t *flags) {
  lt_op_t *again = parse(ctx, "roundtrip.mlir", generic->data, generic->len);
  if (!again) {
    fprintf(stderr, "round trip: generic output does not parse:\n%s\n%s",
            generic->data, last_diag.data ? last_diag.data : "");
    abort();
  }
  if (LT_FAILED(lt_op_verify(again))) {
    fprintf(stderr, "round trip: generic output does not verify:\n%s\n%s",
            generic->data, last_diag.data ? last_diag.data : "");
    abort();
  }
  lt_strbuf_t second = {0};
  lt_op_print(again, flags, &second);
  if (second.len != generic->len ||
      memcmp(second.data, generic->data, second.len) != 0) {
    fprintf(stderr, "round trip: printed differently:\n%s\n--- then\n%s\n",
            generic->data, second.data);
    abort();
  }
  lt_strbuf_free(&second);
  lt_op_destroy(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    lt_status_free(st);
    return 0;
  }
  lt_register_core_dialects(ctx);
  lt_context_set_allow_unregistered(ctx, true);
  lt_diag_push_handler(ctx, format_and_keep, NULL);

  lt_op_t *module = parse(ctx, "fuzz.mlir", (const char *)data, size);
  if (module) {
    /* Custom printers may rely on a verified op (as in MLIR, which prints
     * invalid IR generically), so the custom form only after verification. */
    bool valid = LT_SUCCEEDED(lt_op_verify(module));
    lt_print_flags_t flags;
    lt_print_flags_init(&flags);
    lt_strbuf_t out = {0};
    if (valid) {
      lt_op_print(module, &flags, &out);
      flags.debuginfo = true;
      lt_op_print(module, &flags, &out);
      flags.debuginfo = false;
    }
    flags.generic = true;
    lt_strbuf_t generic = {0};
    lt_op_print(module, &flags, &generic);
    if (valid && check_roundtrip) roundtrip(ctx, &generic, &flags);
    lt_strbuf_free(&generic);
    lt_strbuf_free(&out);
    lt_op_destroy(module);
  }
  lt_context_destroy(ctx);
  clear_last_diag();
  return 0;
}

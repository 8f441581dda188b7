/* large_input_test.c - the paths that keep big modules cheap: a string
 * buffer streaming to a sink, parsing a NUL-terminated buffer in place with
 * progress reports, file locations kept in increasing order (and their
 * uniquing when made out of order), and op storage recycled by size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialects.h"
#include "ir/attributes.h"
#include "ir/builtin.h"
#include "ir/context.h"
#include "ir/operation.h"
#include "ir/parser.h"
#include "ir/printer.h"

#include "test/unit/check.h"

/* Appends past the sink chunk size write the text out in order; the buffer
 * stays small and a final flush leaves nothing behind. */
static void test_strbuf_sink(void) {
  FILE *f = tmpfile();
  CHECK(f != NULL);
  if (!f) return;
  lt_strbuf_t sb = {0};
  sb.sink = f;
  size_t total = 0;
  for (int i = 0; i < 100000; i++) {
    lt_strbuf_printf(&sb, "line %d\n", i);
    total += (size_t)snprintf(NULL, 0, "line %d\n", i);
  }
  CHECK(sb.cap <= 2 * LT_STRBUF_SINK_CHUNK);
  CHECK(lt_strbuf_flush(&sb));
  CHECK(sb.len == 0);
  CHECK((size_t)ftell(f) == total);
  rewind(f);
  char line[32];
  CHECK(fgets(line, sizeof line, f) && strcmp(line, "line 0\n") == 0);
  lt_strbuf_free(&sb);
  fclose(f);

  lt_strbuf_t plain = {0};
  lt_strbuf_puts(&plain, "kept");
  CHECK(lt_strbuf_flush(&plain) && plain.len == 4);
  lt_strbuf_free(&plain);
}

typedef struct progress {
  const char *buf;
  const char *last;
  int calls;
  bool in_order;
} progress_t;

static void on_consumed(void *user, const char *upto) {
  progress_t *p = user;
  if (upto < p->buf || (p->last && upto < p->last)) p->in_order = false;
  p->last = upto;
  p->calls++;
}

/* A module of more than 8 MiB parsed in place reports its progress in text
 * order and prints as the same module copied by the parser would. */
static void test_parse_in_place(lt_context_t *ctx) {
  lt_strbuf_t text = {0};
  lt_strbuf_puts(&text, "\"builtin.module\"() ({\n");
  int n = 0;
  while (text.len < ((size_t)9 << 20))
    lt_strbuf_printf(&text, "  \"test.op\"() {n = %d : i32} : () -> ()\n", n++);
  lt_strbuf_puts(&text, "}) : () -> ()\n");

  progress_t prog = {.buf = text.data, .in_order = true};
  lt_parse_config_t cfg = {.nul_terminated = true,
                           .consumed = on_consumed,
                           .consumed_user = &prog};
  lt_op_t *in_place = lt_parse_source(ctx, "big.mlir", text.data, text.len, &cfg);
  lt_op_t *copied = lt_parse_source(ctx, "big.mlir", text.data, text.len, NULL);
  CHECK(in_place && copied);
  CHECK(prog.calls >= 1 && prog.in_order);
  if (in_place && copied) {
    lt_strbuf_t a = {0}, b = {0};
    lt_op_print(in_place, NULL, &a);
    lt_op_print(copied, NULL, &b);
    CHECK(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
    /* Both parses made the same locations: one object each. */
    lt_op_t *fa = lt_module_body(in_place)->first;
    lt_op_t *fb = lt_module_body(copied)->first;
    CHECK(fa && fb && fa->loc == fb->loc);
    lt_strbuf_free(&a);
    lt_strbuf_free(&b);
  }
  lt_op_destroy(in_place);
  lt_op_destroy(copied);
  lt_strbuf_free(&text);
}

/* File locations are unique whichever order they are made in. */
static void test_loc_order(lt_context_t *ctx) {
  size_t before = lt_context_num_attrs(ctx);
  lt_loc_t a = lt_loc_file(ctx, "order.mlir", 10, 5);
  lt_loc_t b = lt_loc_file(ctx, "order.mlir", 10, 7);
  lt_loc_t c = lt_loc_file(ctx, "order.mlir", 3, 1); /* out of order */
  lt_loc_t d = lt_loc_file(ctx, "other.mlir", 10, 5);
  lt_loc_t e = lt_loc_file(ctx, "order.mlir", 12, 1);
  CHECK(a && b && c && d && e);
  CHECK(a != b && a != c && a != d && b != e);
  CHECK(lt_loc_file(ctx, "order.mlir", 10, 5) == a);
  CHECK(lt_loc_file(ctx, "order.mlir", 10, 7) == b);
  CHECK(lt_loc_file(ctx, "order.mlir", 3, 1) == c);
  CHECK(lt_loc_file(ctx, "other.mlir", 10, 5) == d);
  CHECK(lt_loc_file(ctx, "order.mlir", 12, 1) == e);
  CHECK(c->file_loc.line == 3 && e->file_loc.col == 1);
  CHECK(lt_context_num_attrs(ctx) >= before + 5);
}

/* Ops of one size reuse each other's storage once destroyed. */
static void test_op_reuse(lt_context_t *ctx) {
  lt_op_state_t st;
  lt_op_state_init(&st, ctx, "test.reuse", lt_loc_unknown(ctx));
  lt_op_t *first = lt_op_create(&st);
  CHECK(first != NULL);
  lt_op_destroy(first);
  lt_op_t *second = lt_op_create(&st);
  CHECK(second != NULL && second->num_operands == 0 && !second->parent);
  lt_op_destroy(second);
  lt_op_state_free(&st);
}

int main(void) {
  test_strbuf_sink();
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    fprintf(stderr, "cannot create context: %s\n", lt_status_message(st));
    return 1;
  }
  lt_register_core_dialects(ctx);
  lt_context_set_allow_unregistered(ctx, true);
  test_parse_in_place(ctx);
  test_loc_order(ctx);
  test_op_reuse(ctx);
  lt_context_destroy(ctx);
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

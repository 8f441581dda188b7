/* diagnostics_test.c - handler stack order, the default format (MLIR's
 * `file:line:col: error: msg`, source line and caret, notes, call stacks,
 * non-file locations), the source manager and the error counter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir/attributes.h"
#include "ir/context.h"
#include "ir/diagnostics.h"

#include "test/unit/check.h"

#define CHECK_STR(got, want)                                                   \
  do {                                                                         \
    const char *g_ = (got), *w_ = (want);                                      \
    if (strcmp(g_, w_) != 0) {                                                 \
      fprintf(stderr, "%s:%d: got:\n%s\n--- want:\n%s\n---\n", __FILE__,       \
              __LINE__, g_, w_);                                               \
      g_failures++;                                                              \
    }                                                                          \
  } while (0)

/* ---- handler stack ------------------------------------------------------- */

typedef struct recorder {
  char trace[256];
  const char *name;
  bool consume;
} recorder_t;

static char order[256];

static bool record(void *user, const lt_diag_t *d) {
  recorder_t *r = user;
  strcat(order, r->name);
  snprintf(r->trace, sizeof r->trace, "%s", d->message.data);
  return r->consume;
}

/* Formats every diagnostic it receives into a buffer. */
static bool format_into(void *user, const lt_diag_t *d) {
  lt_diag_format(d, (lt_strbuf_t *)user);
  return true;
}

static void test_handler_stack(lt_context_t *ctx) {
  lt_strbuf_t sink = {0};
  lt_diag_handler_id_t bottom = lt_diag_push_handler(ctx, format_into, &sink);
  recorder_t a = {.name = "A", .consume = false};
  recorder_t b = {.name = "B", .consume = false};
  recorder_t c = {.name = "C", .consume = true};
  lt_diag_handler_id_t ia = lt_diag_push_handler(ctx, record, &a);
  lt_diag_handler_id_t ib = lt_diag_push_handler(ctx, record, &b);
  CHECK(ia && ib && ia != ib);

  order[0] = '\0';
  lt_emit_error(ctx, NULL, "first %d", 1);
  CHECK_STR(order, "BA"); /* newest first, then down to the sink */
  CHECK_STR(a.trace, "first 1");
  CHECK(sink.len > 0);

  lt_diag_handler_id_t ic = lt_diag_push_handler(ctx, record, &c);
  order[0] = '\0';
  size_t before = sink.len;
  lt_emit_warning(ctx, NULL, "second");
  CHECK_STR(order, "C"); /* consumed: nobody below sees it */
  CHECK(sink.len == before);

  /* Popping a handler from the middle of the stack. */
  lt_diag_pop_handler(ctx, ib);
  order[0] = '\0';
  lt_emit_remark(ctx, NULL, "third");
  CHECK_STR(order, "C");
  lt_diag_pop_handler(ctx, ic);
  order[0] = '\0';
  lt_emit_remark(ctx, NULL, "fourth");
  CHECK_STR(order, "A");
  lt_diag_pop_handler(ctx, ia);
  lt_diag_pop_handler(ctx, 12345); /* unknown id: ignored */
  order[0] = '\0';
  lt_emit_remark(ctx, NULL, "fifth");
  CHECK_STR(order, "");
  lt_diag_pop_handler(ctx, bottom);
  lt_strbuf_free(&sink);
}

/* ---- error counter ------------------------------------------------------- */

static void test_error_count(lt_context_t *ctx) {
  lt_strbuf_t sink = {0};
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, format_into, &sink);
  uint64_t n = lt_diag_error_count(ctx);
  CHECK(lt_emit_error(ctx, NULL, "e") == LT_FAILURE);
  lt_emit_warning(ctx, NULL, "w");
  lt_emit_remark(ctx, NULL, "r");
  lt_diag_t *d = lt_diag_begin(ctx, NULL, LT_SEV_ERROR);
  lt_diag_note(d, NULL);
  CHECK(lt_diag_emit(d) == LT_FAILURE);
  CHECK(lt_diag_error_count(ctx) == n + 2);
  lt_diag_pop_handler(ctx, h);
  lt_strbuf_free(&sink);
}

/* ---- formatting ---------------------------------------------------------- */

static const char source[] = "func.func @f() -> i32 {\n"
                             "\t  \"func.return\"() : () -> ()\n"
                             "  %0 = \"x.y\"() : () -> i32\r\n"
                             "}";

static char *format_diag(lt_diag_t *d) {
  lt_strbuf_t sb = {0};
  lt_diag_format(d, &sb);
  return lt_strbuf_take(&sb);
}

/* Emits through a capturing handler and returns what the default handler
 * would have printed. */
static char *emit_capture(lt_context_t *ctx, lt_diag_t *d) {
  lt_strbuf_t sb = {0};
  lt_diag_handler_id_t h = lt_diag_push_handler(ctx, format_into, &sb);
  lt_diag_emit(d);
  lt_diag_pop_handler(ctx, h);
  return lt_strbuf_take(&sb);
}

/* Emits with no handler installed, capturing what lands on stderr. */
static char *emit_to_stderr(lt_diag_t *d) {
  fflush(stderr);
  FILE *tmp = tmpfile();
  int saved = dup(2);
  dup2(fileno(tmp), 2);
  lt_diag_emit(d);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  long n = ftell(tmp);
  rewind(tmp);
  char *buf = calloc(1, (size_t)n + 1);
  if (fread(buf, 1, (size_t)n, tmp) != (size_t)n) buf[0] = '\0';
  fclose(tmp);
  return buf;
}

static void test_format(lt_context_t *ctx) {
  lt_source_add(ctx, "d5.mlir", source, strlen(source));

  /* Caret under column 4 of a line starting with a tab (expanded to 8). */
  lt_diag_t *d =
      lt_diag_begin(ctx, lt_loc_file(ctx, "d5.mlir", 2, 4), LT_SEV_ERROR);
  lt_diag_printf(d, "'%s' op has 0 operands", "func.return");
  lt_diag_printf(d, ", but enclosing function (@f) returns 1");
  lt_diag_t *note = lt_diag_note(d, NULL);
  lt_diag_printf(note, "see current operation");
  char *s = emit_capture(ctx, d);
  CHECK_STR(s, "d5.mlir:2:4: error: 'func.return' op has 0 operands, but "
               "enclosing function (@f) returns 1\n"
               "          \"func.return\"() : () -> ()\n"
               "          ^\n"
               "d5.mlir:2:4: note: see current operation\n");
  free(s);

  /* A note elsewhere shows its own source line; CRLF is not part of it. */
  d = lt_diag_begin(ctx, lt_loc_file(ctx, "d5.mlir", 1, 1), LT_SEV_WARNING);
  lt_diag_printf(d, "w");
  lt_diag_printf(lt_diag_note(d, lt_loc_file(ctx, "d5.mlir", 3, 3)), "here");
  lt_diag_printf(lt_diag_note(d, lt_loc_file(ctx, "d5.mlir", 3, 3)), "again");
  s = format_diag(d);
  CHECK_STR(s, "d5.mlir:1:1: warning: w\n"
               "func.func @f() -> i32 {\n"
               "^\n"
               "d5.mlir:3:3: note: here\n"
               "  %0 = \"x.y\"() : () -> i32\n"
               "  ^\n"
               "d5.mlir:3:3: note: again\n");
  free(s);
  free(emit_capture(ctx, d));

  /* Last line without newline; column one past the end is still shown,
   * further out only the position is printed. */
  d = lt_diag_begin(ctx, lt_loc_file(ctx, "d5.mlir", 4, 2), LT_SEV_REMARK);
  lt_diag_printf(d, "end");
  s = format_diag(d);
  CHECK_STR(s, "d5.mlir:4:2: remark: end\n}\n ^\n");
  free(s);
  /* The default handler prints the same text to stderr. */
  s = emit_to_stderr(d);
  CHECK_STR(s, "d5.mlir:4:2: remark: end\n}\n ^\n");
  free(s);
  d = lt_diag_begin(ctx, lt_loc_file(ctx, "d5.mlir", 4, 3), LT_SEV_ERROR);
  lt_diag_printf(d, "past");
  s = emit_capture(ctx, d);
  CHECK_STR(s, "d5.mlir:4:3: error: past\n");
  free(s);
  d = lt_diag_begin(ctx, lt_loc_file(ctx, "d5.mlir", 9, 1), LT_SEV_ERROR);
  lt_diag_printf(d, "no such line");
  s = emit_capture(ctx, d);
  CHECK_STR(s, "d5.mlir:9:1: error: no such line\n");
  free(s);
  /* Unregistered file: position only. */
  d = lt_diag_begin(ctx, lt_loc_file(ctx, "other.mlir", 2, 4), LT_SEV_ERROR);
  lt_diag_printf(d, "x");
  s = emit_capture(ctx, d);
  CHECK_STR(s, "other.mlir:2:4: error: x\n");
  free(s);

  /* Unknown location. */
  d = lt_diag_begin(ctx, lt_loc_unknown(ctx), LT_SEV_ERROR);
  lt_diag_printf(d, "boom");
  lt_diag_printf(lt_diag_note(d, NULL), "see current operation");
  s = emit_capture(ctx, d);
  CHECK_STR(s, "<unknown>:0: error: boom\n"
               "<unknown>:0: note: see current operation\n");
  free(s);

  /* A name location prints via its file child, or as loc(...) without. */
  lt_loc_t named = lt_loc_name(ctx, "conv1", lt_loc_file(ctx, "d5.mlir", 3, 3));
  d = lt_diag_begin(ctx, named, LT_SEV_ERROR);
  lt_diag_printf(d, "bad conv");
  s = emit_capture(ctx, d);
  CHECK_STR(s, "d5.mlir:3:3: error: bad conv\n"
               "  %0 = \"x.y\"() : () -> i32\n"
               "  ^\n");
  free(s);
  d = lt_diag_begin(ctx, lt_loc_name(ctx, "nm", NULL), LT_SEV_ERROR);
  lt_diag_printf(d, "m");
  lt_diag_printf(lt_diag_note(d, NULL), "n");
  s = emit_capture(ctx, d);
  CHECK_STR(s, "<unknown>:0: error: loc(\"nm\"): m\n"
               "<unknown>:0: note: loc(\"nm\"): n\n");
  free(s);

  /* Call sites: the callee is shown, each caller becomes a note. */
  lt_loc_t cs =
      lt_loc_callsite(ctx, lt_loc_file(ctx, "a.mlir", 4, 5),
                      lt_loc_callsite(ctx, lt_loc_file(ctx, "b.mlir", 7, 2),
                                      lt_loc_file(ctx, "c.mlir", 1, 1)));
  d = lt_diag_begin(ctx, cs, LT_SEV_ERROR);
  lt_diag_printf(d, "in call");
  lt_diag_printf(lt_diag_note(d, NULL), "op");
  s = emit_capture(ctx, d);
  CHECK_STR(s, "a.mlir:4:5: error: in call\n"
               "b.mlir:7:2: note: called from\n"
               "c.mlir:1:1: note: called from\n"
               "a.mlir:4:5: note: op\n");
  free(s);

  /* Fused: the first file location inside is shown. */
  lt_loc_t parts[] = {lt_loc_name(ctx, "x", NULL),
                      lt_loc_file(ctx, "f.mlir", 5, 6)};
  d = lt_diag_begin(ctx, lt_loc_fused(ctx, 2, parts, NULL), LT_SEV_ERROR);
  lt_diag_printf(d, "fused");
  s = emit_capture(ctx, d);
  CHECK_STR(s, "f.mlir:5:6: error: fused\n");
  free(s);

  /* A second buffer under the same name shadows the first until removed. */
  const char other[] = "line one\nline two\n";
  lt_source_add(ctx, "d5.mlir", other, strlen(other));
  d = lt_diag_begin(ctx, lt_loc_file(ctx, "d5.mlir", 2, 6), LT_SEV_ERROR);
  lt_diag_printf(d, "shadow");
  s = emit_capture(ctx, d);
  CHECK_STR(s, "d5.mlir:2:6: error: shadow\nline two\n     ^\n");
  free(s);
  lt_source_remove(ctx, "d5.mlir");
  const char *line;
  size_t len;
  CHECK(lt_source_line(ctx, "d5.mlir", 1, &line, &len) && len == 23);
  lt_source_remove(ctx, "d5.mlir");
  CHECK(!lt_source_line(ctx, "d5.mlir", 1, &line, &len));
}

static void test_source_lines(lt_context_t *ctx) {
  const char buf[] = "a\r\n\nlast";
  lt_source_add(ctx, "s", buf, strlen(buf));
  const char *line;
  size_t len;
  CHECK(lt_source_line(ctx, "s", 1, &line, &len) && len == 1 && line[0] == 'a');
  CHECK(lt_source_line(ctx, "s", 2, &line, &len) && len == 0);
  CHECK(lt_source_line(ctx, "s", 3, &line, &len) && len == 4 &&
        memcmp(line, "last", 4) == 0);
  CHECK(!lt_source_line(ctx, "s", 0, &line, &len));
  CHECK(!lt_source_line(ctx, "s", 4, &line, &len));
  CHECK(!lt_source_line(ctx, "nope", 1, &line, &len));
  lt_source_add(ctx, "empty", "", 0);
  CHECK(lt_source_line(ctx, "empty", 1, &line, &len) && len == 0);
  /* Left registered: the context frees what it indexed. */
}

static void test_locations(lt_context_t *ctx) {
  lt_strbuf_t sb = {0};
  lt_loc_t f = lt_loc_file(ctx, "m.mlir", 3, 7);
  lt_loc_format(f, &sb);
  CHECK_STR(sb.data, "m.mlir:3:7");
  sb.len = 0;
  lt_loc_format(lt_loc_unknown(ctx), &sb);
  CHECK_STR(sb.data, "loc(unknown)");
  sb.len = 0;
  lt_loc_format(lt_loc_name(ctx, "n", NULL), &sb);
  CHECK_STR(sb.data, "loc(\"n\")");
  lt_strbuf_free(&sb);

  lt_loc_t unk = lt_loc_unknown(ctx);
  CHECK(lt_loc_find_file(f) == f);
  CHECK(lt_loc_find_file(unk) == NULL);
  CHECK(lt_loc_find_file(lt_loc_name(ctx, "n", f)) == f);
  CHECK(lt_loc_find_file(lt_loc_name(ctx, "n", NULL)) == NULL);
  lt_loc_t g = lt_loc_file(ctx, "g", 1, 1);
  CHECK(lt_loc_find_file(lt_loc_callsite(ctx, f, g)) == f);
  CHECK(lt_loc_find_file(lt_loc_callsite(ctx, unk, g)) == g);
  lt_loc_t parts[] = {lt_loc_name(ctx, "a", NULL), g, f};
  CHECK(lt_loc_find_file(lt_loc_fused(ctx, 3, parts, NULL)) == g);
}

int main(void) {
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    fprintf(stderr, "context: %s\n", lt_status_message(st));
    return 1;
  }
  test_handler_stack(ctx);
  test_error_count(ctx);
  test_format(ctx);
  test_source_lines(ctx);
  test_locations(ctx);
  lt_context_destroy(ctx);

  /* Status values. */
  lt_status_t s = lt_status_make(LT_STATUS_NOT_FOUND, "no file '%s'", "x");
  CHECK(lt_status_code(s) == LT_STATUS_NOT_FOUND);
  CHECK_STR(lt_status_message(s), "no file 'x'");
  CHECK_STR(lt_status_code_name(LT_STATUS_IO), "i/o error");
  lt_status_free(s);
  CHECK(lt_status_code(LT_OK) == LT_STATUS_OK);
  CHECK_STR(lt_status_message(LT_OK), "");
  lt_status_free(LT_OK);

  if (g_failures) {
    fprintf(stderr, "diagnostics_test: %d check(s) failed\n", g_failures);
    return 1;
  }
  printf("diagnostics_test: all checks passed\n");
  return 0;
}

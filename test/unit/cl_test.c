/* cl_test.c - the tools' command-line parser: both spellings of flags and
 * values, booleans, switches, `--`, positional limits, repeats, unknown
 * options and the hook that may claim them, errors in LLVM's wording, and
 * the --help rows. */
#include <stdlib.h>
#include <string.h>

#include "tools/common/cl.h"

#include "test/unit/check.h"

#define TEST_FLAGS(X)                                                          \
  X(OUT, "o", VALUE, "<file>", 0, "Output file")                               \
  X(VERBOSE, "verbose", FLAG, "", 0, "Say more")                               \
  X(LEVEL, "level", VALUE, "<n>", 1, "Level")                                  \
  X(INCLUDE, "include", LIST, "<dir>", 1, "Where to look;\nrepeatable")        \
  X(QUICK, "quick", SWITCH, "", 1, "Go fast")                                  \
  X(SECRET, "secret", FLAG, "", 1, NULL)

enum {
#define X(id, name, kind, value, group, help) OPT_##id,
  TEST_FLAGS(X)
#undef X
      OPT_COUNT
};

static const lt_cl_option_t kOptions[OPT_COUNT] = {
#define X(id, name, kind, value, group, help)                                  \
  [OPT_##id] = {name, LT_CL_##kind, value, group, help},
    TEST_FLAGS(X)
#undef X
};

/* What a parse did: each callback as one line, in order, and the errors. */
typedef struct record {
  char log[1024];
  int fail_at_id; /* apply returns false for this id; -2: never */
  lt_cl_error_t error;
  int num_errors;
  char *err_text;
  size_t err_len;
} record_t;

static void note(record_t *r, const char *fmt, const char *a, const char *b) {
  size_t n = strlen(r->log);
  snprintf(r->log + n, sizeof(r->log) - n, fmt, a, b);
}

static bool apply(const lt_cl_t *cl, int id, const char *value, bool on) {
  record_t *r = cl->user;
  const char *name = id == LT_CL_POSITIONAL ? "@" : kOptions[id].name;
  char v[256];
  snprintf(v, sizeof(v), "%s%s", value ? value : "(null)", on ? "" : " off");
  note(r, "%s=%s;", name, v);
  return id != r->fail_at_id;
}

/* Claims `pass-*`; `pass-bad` is claimed but fails. */
static lt_cl_claim_t unknown(const lt_cl_t *cl, const char *name,
                             size_t name_len, const char *value) {
  record_t *r = cl->user;
  if (name_len < 5 || memcmp(name, "pass-", 5) != 0) return LT_CL_UNCLAIMED;
  char n[64];
  snprintf(n, sizeof(n), "%.*s", (int)name_len, name);
  note(r, "hook %s=%s;", n, value ? value : "(null)");
  return strcmp(n, "pass-bad") == 0 ? LT_CL_FAILED : LT_CL_CLAIMED;
}

static void report(const lt_cl_t *cl, const lt_cl_error_t *e) {
  record_t *r = cl->user;
  r->error = *e;
  r->num_errors++;
  lt_cl_report(cl, e);
}

/* Parses the space-separated words of line (argv[0] is "/bin/tool"). */
static bool parse_full(record_t *r, const char *line, int max_positional,
                       bool with_hook) {
  memset(r, 0, sizeof(*r));
  r->fail_at_id = -2;
  char buf[512], *argv[32] = {"/bin/tool"};
  int argc = 1;
  snprintf(buf, sizeof(buf), "%s", line);
  for (char *w = strtok(buf, " "); w && argc < 32; w = strtok(NULL, " "))
    argv[argc++] = w;
  FILE *err = open_memstream(&r->err_text, &r->err_len);
  lt_cl_t cl = {.prog = lt_cl_prog_name(argc, argv, "fallback"),
                .options = kOptions,
                .num_options = OPT_COUNT,
                .max_positional = max_positional,
                .apply = apply,
                .unknown = with_hook ? unknown : NULL,
                .report = report,
                .err = err,
                .user = r};
  bool ok = lt_cl_parse(&cl, argc, argv);
  fclose(err);
  /* Pointers into buf must not outlive it. */
  r->error.arg = r->error.value = r->error.previous = NULL;
  return ok;
}

static bool parse(record_t *r, const char *line) {
  return parse_full(r, line, 1, true);
}

/* A parse that must succeed with exactly this log. */
static void expect_log(const char *line, const char *log) {
  record_t r;
  bool ok = parse(&r, line);
  CHECK(ok);
  CHECK(strcmp(r.log, log) == 0);
  CHECK(r.err_len == 0);
  if (!ok || strcmp(r.log, log) != 0)
    fprintf(stderr, "  '%s': log '%s', expected '%s'; errors '%s'\n", line,
            r.log, log, r.err_text);
  free(r.err_text);
}

/* A parse that must fail with exactly this message and error kind. */
static void expect_error(const char *line, int max_positional,
                         lt_cl_error_kind_t kind, const char *message) {
  record_t r;
  bool ok = parse_full(&r, line, max_positional, true);
  CHECK(!ok);
  CHECK(r.num_errors == 1);
  CHECK(r.error.kind == kind);
  CHECK(strcmp(r.err_text, message) == 0);
  if (strcmp(r.err_text, message) != 0)
    fprintf(stderr, "  '%s': message '%s', expected '%s'\n", line, r.err_text,
            message);
  free(r.err_text);
}

static void test_flags(void) {
  expect_log("--verbose", "verbose=(null);");
  expect_log("-verbose", "verbose=(null);");
  expect_log("--verbose=false", "verbose=false off;");
  expect_log("--verbose=0 --verbose=1", "verbose=0 off;verbose=1;");
  expect_log("--verbose=TRUE --verbose=False",
             "verbose=TRUE;verbose=False off;");
  /* A flag never takes the next argument as its value. */
  expect_log("--verbose true", "verbose=(null);@=true;");
  expect_error("--verbose=maybe", 1, LT_CL_ERR_BAD_BOOL,
               "tool: for the --verbose option: 'maybe' is invalid value for "
               "boolean argument! Try 0 or 1\n");
  expect_error("--verbose=", 1, LT_CL_ERR_BAD_BOOL,
               "tool: for the --verbose option: '' is invalid value for "
               "boolean argument! Try 0 or 1\n");
  /* Hidden options parse like any other. */
  expect_log("--secret", "secret=(null);");
}

static void test_switches(void) {
  expect_log("--quick -quick", "quick=(null);quick=(null);");
  expect_error("--quick=1", 1, LT_CL_ERR_UNEXPECTED_VALUE,
               "tool: for the --quick option: does not allow a value! '1' "
               "specified.\n");
}

static void test_values(void) {
  expect_log("-o out.mlir", "o=out.mlir;");
  expect_log("-o=out.mlir", "o=out.mlir;");
  expect_log("--o out.mlir", "o=out.mlir;");
  expect_log("--level=3", "level=3;");
  expect_log("-level 3", "level=3;");
  /* A separate value is taken whatever it looks like. */
  expect_log("--level -1", "level=-1;");
  expect_log("--level --", "level=--;");
  expect_log("--level=", "level=;");
  /* `=` splits at the first one only. */
  expect_log("--level=a=b", "level=a=b;");
  expect_error("-o", 1, LT_CL_ERR_MISSING_VALUE,
               "tool: for the -o option: requires a value!\n");
  expect_error("in --level", 1, LT_CL_ERR_MISSING_VALUE,
               "tool: for the --level option: requires a value!\n");
  expect_error("--level 1 --level=2", 1, LT_CL_ERR_REPEATED,
               "tool: for the --level option: may only occur zero or one "
               "times!\n");
  /* Lists repeat, in both spellings, each occurrence in order. */
  expect_log("--include a --include=b -include c",
             "include=a;include=b;include=c;");
}

static void test_positionals(void) {
  expect_log("in.mlir", "@=in.mlir;");
  expect_log("-", "@=-;");
  expect_log("--verbose in.mlir -o x", "verbose=(null);@=in.mlir;o=x;");
  /* `--` ends the options. */
  expect_log("-- --verbose", "@=--verbose;");
  expect_log("--verbose -- -o", "verbose=(null);@=-o;");
  expect_error(
      "a b", 1, LT_CL_ERR_TOO_MANY_INPUTS,
      "tool: Too many positional arguments specified!\nCan specify at most 1 "
      "positional arguments: See: tool --help\n");
  expect_error("-- a -o", 1, LT_CL_ERR_TOO_MANY_INPUTS,
               "tool: Too many positional arguments specified!\nCan specify at "
               "most 1 positional arguments: See: tool --help\n");
  expect_error("a", 0, LT_CL_ERR_TOO_MANY_INPUTS,
               "tool: Too many positional arguments specified!\nCan specify at "
               "most 0 positional arguments: See: tool --help\n");
  record_t r;
  CHECK(parse_full(&r, "a b", 2, true));
  CHECK(strcmp(r.log, "@=a;@=b;") == 0);
  free(r.err_text);
  /* The error names the positional before the one too many. */
  CHECK(!parse_full(&r, "a --verbose b", 1, true));
  CHECK(r.num_errors == 1 && r.error.kind == LT_CL_ERR_TOO_MANY_INPUTS);
  CHECK(strcmp(r.log, "@=a;verbose=(null);") == 0);
  free(r.err_text);
}

static void test_unknown(void) {
  expect_error("--nope", 1, LT_CL_ERR_UNKNOWN,
               "tool: Unknown command line argument '--nope'.  Try: 'tool "
               "--help'\n");
  expect_error("-nope=3", 1, LT_CL_ERR_UNKNOWN,
               "tool: Unknown command line argument '-nope=3'.  Try: 'tool "
               "--help'\n");
  /* A prefix or an extension of a name is not the name. */
  expect_error("--verb", 1, LT_CL_ERR_UNKNOWN,
               "tool: Unknown command line argument '--verb'.  Try: 'tool "
               "--help'\n");
  expect_error("--verbosely", 1, LT_CL_ERR_UNKNOWN,
               "tool: Unknown command line argument '--verbosely'.  Try: "
               "'tool --help'\n");
  expect_error("---verbose", 1, LT_CL_ERR_UNKNOWN,
               "tool: Unknown command line argument '---verbose'.  Try: 'tool "
               "--help'\n");
  /* Without a hook nothing is claimed. */
  record_t r;
  CHECK(!parse_full(&r, "--pass-x", 1, false));
  CHECK(r.num_errors == 1 && r.error.kind == LT_CL_ERR_UNKNOWN);
  free(r.err_text);
}

static void test_hook(void) {
  expect_log("--pass-a -pass-b=x=1 --verbose --pass-a=",
             "hook pass-a=(null);hook pass-b=x=1;verbose=(null);hook "
             "pass-a=;");
  /* The hook sees only what the table lacks; a value is never taken from
   * the next argument for it. */
  expect_log("--pass-a in", "hook pass-a=(null);@=in;");
  /* A claim that fails stops the parse and is not reported again. */
  record_t r;
  CHECK(!parse(&r, "--pass-bad --verbose"));
  CHECK(r.num_errors == 0);
  CHECK(r.err_len == 0);
  CHECK(strcmp(r.log, "hook pass-bad=(null);") == 0);
  free(r.err_text);
  expect_error("--pass", 1, LT_CL_ERR_UNKNOWN,
               "tool: Unknown command line argument '--pass'.  Try: 'tool "
               "--help'\n");
}

static void test_apply_failure(void) {
  record_t r;
  memset(&r, 0, sizeof(r));
  char *argv[] = {"tool", "--level=1", "-o", "x", "--verbose"};
  FILE *err = open_memstream(&r.err_text, &r.err_len);
  r.fail_at_id = OPT_OUT;
  lt_cl_t cl = {.prog = "tool",
                .options = kOptions,
                .num_options = OPT_COUNT,
                .max_positional = 1,
                .apply = apply,
                .err = err,
                .user = &r};
  CHECK(!lt_cl_parse(&cl, 5, argv));
  fclose(err);
  CHECK(strcmp(r.log, "level=1;o=x;") == 0);
  CHECK(r.err_len == 0);
  free(r.err_text);
  /* No arguments at all. */
  memset(&r, 0, sizeof(r));
  r.fail_at_id = -2;
  CHECK(lt_cl_parse(&cl, 1, argv));
  CHECK(lt_cl_parse(&cl, 0, argv));
  CHECK(r.log[0] == 0);
}

static void test_values_typed(void) {
  bool b = false;
  CHECK(lt_cl_parse_bool("True", &b) && b);
  CHECK(lt_cl_parse_bool("0", &b) && !b);
  CHECK(!lt_cl_parse_bool("yes", &b));
  CHECK(!lt_cl_parse_bool("", &b));

  record_t r;
  memset(&r, 0, sizeof(r));
  FILE *err = open_memstream(&r.err_text, &r.err_len);
  lt_cl_t cl = {.prog = "tool",
                .options = kOptions,
                .num_options = OPT_COUNT,
                .err = err};
  int64_t v = 0;
  CHECK(lt_cl_int_value(&cl, OPT_LEVEL, "0x10", 0, &v) && v == 16);
  CHECK(lt_cl_int_value(&cl, OPT_LEVEL, "-5", INT64_MIN, &v) && v == -5);
  CHECK(!lt_cl_int_value(&cl, OPT_LEVEL, "-1", 0, &v));
  CHECK(!lt_cl_int_value(&cl, OPT_LEVEL, "", INT64_MIN, &v));
  CHECK(!lt_cl_int_value(&cl, OPT_LEVEL, "12a", INT64_MIN, &v));
  CHECK(v == -5);
  lt_cl_option_error(&cl, OPT_OUT, "Cannot find option named '%s'!", "x");
  fclose(err);
  CHECK(strcmp(r.err_text,
               "tool: for the --level option: '-1' value invalid for uint "
               "argument!\n"
               "tool: for the --level option: '' value invalid for long "
               "argument!\n"
               "tool: for the --level option: '12a' value invalid for long "
               "argument!\n"
               "tool: for the -o option: Cannot find option named 'x'!\n") ==
        0);
  free(r.err_text);

  char *argv[] = {"/usr/local/bin/lite-opt"};
  CHECK(strcmp(lt_cl_prog_name(1, argv, "x"), "lite-opt") == 0);
  CHECK(strcmp(lt_cl_prog_name(0, argv, "fallback"), "fallback") == 0);
  CHECK(strcmp(lt_cl_dashes("o"), "-") == 0);
  CHECK(strcmp(lt_cl_dashes("oo"), "--") == 0);
}

/* The option rows of group, as a malloc'ed string. */
static char *help_text(const lt_cl_style_t *style, int group) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  lt_cl_print_options(f, style, kOptions, OPT_COUNT, group);
  fclose(f);
  return text;
}

static void test_help(void) {
  char *all = help_text(&lt_cl_llvm_style, -1);
  const char *expected_all =
      "  -o <file>                                      - Output file\n"
      "  --verbose                                      - Say more\n"
      "  --level=<n>                                    - Level\n"
      "  --include=<dir>                                - Where to look;\n"
      "                                                   repeatable\n"
      "  --quick                                        - Go fast\n";
  CHECK(strcmp(all, expected_all) == 0);
  if (strcmp(all, expected_all) != 0) fprintf(stderr, "%s", all);
  free(all);

  char *group0 = help_text(&lt_cl_llvm_style, 0);
  CHECK(
      strcmp(group0,
             "  -o <file>                                      - Output "
             "file\n"
             "  --verbose                                      - Say more\n") ==
      0);
  free(group0);

  const lt_cl_style_t narrow = {12, 0, " ", " "};
  char *group1 = help_text(&narrow, 1);
  const char *expected1 = "  --level <n> Level\n"
                          "  --include <dir> Where to look;\n"
                          "             repeatable\n"
                          "  --quick    Go fast\n";
  CHECK(strcmp(group1, expected1) == 0);
  if (strcmp(group1, expected1) != 0) fprintf(stderr, "%s", group1);
  free(group1);

  /* A row wider than the column keeps min_gap spaces before the
   * separator. */
  char *row = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&row, &len);
  lt_cl_print_row(f, &lt_cl_llvm_style, 4,
                  "--a-very-long-option-name-that-is-wide", "=<value>", "Help");
  fclose(f);
  CHECK(strcmp(row, "    --a-very-long-option-name-that-is-wide=<value>  - "
                    "Help\n") == 0);
  free(row);
}

int main(void) {
  test_flags();
  test_switches();
  test_values();
  test_positionals();
  test_unknown();
  test_hook();
  test_apply_failure();
  test_values_typed();
  test_help();
  if (g_failures) fprintf(stderr, "%d check(s) failed\n", g_failures);
  return g_failures ? 1 : 0;
}

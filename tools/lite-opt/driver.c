/* driver.c - what lite-opt does with one input: read it, split it, and for
 * each chunk parse, verify, run the pass pipeline and print, as
 * MlirOptMain does. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dialects/dialects.h"
#include "ir/parser.h"
#include "passes/passes.h"
#include "test/lib/test_dialect.h"
#include "tools/common/cl.h"
#include "tools/common/sniff.h"
#include "tools/lite-opt/lite_opt.h"

/* ---- input and output ------------------------------------------------------
 */
/* The input text, NUL-terminated (the lexer's end sentinel). A large regular
 * file is mapped rather than copied: its pages are shared with the page
 * cache instead of adding a private copy to the footprint. */
typedef struct input_text {
  char *buf;
  size_t len;
  size_t map_len; /* non-zero: buf is an mmap of this many bytes */
} input_text_t;

static bool read_stream(FILE *f, input_text_t *out) {
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t n = fread(buf + len, 1, cap - len, f);
    len += n;
    if (len < cap) {
      if (ferror(f)) {
        free(buf);
        return false;
      }
      break;
    }
    char *grown = realloc(buf, cap * 2);
    if (!grown) free(buf);
    buf = grown;
    cap *= 2;
  }
  if (!buf) return false;
  buf[len] = '\0';
  out->buf = buf;
  out->len = len;
  return true;
}

/* Reads a regular file of known size: mapped when the page tail past the
 * end supplies the NUL sentinel, else read at its exact size. */
static bool read_regular(FILE *f, size_t size, input_text_t *out) {
  long page = sysconf(_SC_PAGESIZE);
  if (size >= (1u << 16) && page > 0 && size % (size_t)page != 0) {
    void *m = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fileno(f), 0);
    if (m != MAP_FAILED) {
      out->buf = m;
      out->len = size;
      out->map_len = size;
      return true;
    }
  }
  char *buf = malloc(size + 1);
  if (!buf) return false;
  size_t len = fread(buf, 1, size + 1, f);
  if (len > size || ferror(f)) { /* grew or failed: read it as a stream */
    free(buf);
    rewind(f);
    return read_stream(f, out);
  }
  buf[len] = '\0';
  out->buf = buf;
  out->len = len;
  return true;
}

static bool read_input(const char *prog, const char *path, input_text_t *out) {
  memset(out, 0, sizeof(*out));
  if (strcmp(path, "-") == 0) {
    if (read_stream(stdin, out)) return true;
    lt_cl_error(prog, "cannot read standard input: %s", strerror(errno));
    return false;
  }
  FILE *f = fopen(path, "rb");
  if (!f) {
    lt_cl_error(prog, "cannot open input file '%s': %s", path, strerror(errno));
    return false;
  }
  struct stat st;
  bool ok = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)
                ? read_regular(f, (size_t)st.st_size, out)
                : read_stream(f, out);
  int err = errno;
  fclose(f);
  if (!ok)
    lt_cl_error(prog, "cannot read input file '%s': %s", path, strerror(err));
  return ok;
}

/* lite-opt reads text; a binary input would otherwise meet the lexer's
 * "unexpected character" at 1:1 with a line of binary quoted under it. */
static bool check_text(const char *prog, const char *filename,
                       const input_text_t *in) {
  switch (lt_sniff(filename, in->buf, in->len)) {
  case LT_SNIFF_EMPTY:
  case LT_SNIFF_TEXT:
    return true;
  case LT_SNIFF_ONNX: {
    bool from_stdin = strcmp(filename, "<stdin>") == 0;
    size_t n = strlen(filename);
    int stem =
        n > 5 && strcmp(filename + n - 5, ".onnx") == 0 ? (int)(n - 5) : (int)n;
    lt_cl_error(prog,
                "'%s' is an ONNX model, not MLIR text; import it first: "
                "lite-translate --import-onnx %s -o %.*s.mlir",
                filename, from_stdin ? "-" : filename, from_stdin ? 5 : stem,
                from_stdin ? "model" : filename);
    return false;
  }
  case LT_SNIFF_BINARY:
    break;
  }
  lt_cl_error(prog, "'%s' is binary data, not MLIR text", filename);
  return false;
}

/* lt_parse_config_t.consumed for a mapped input: the parsed pages leave the
 * process (they stay in the page cache and fault back in if a diagnostic
 * quotes them), so the text does not add to the peak next to the IR. */
static void release_mapped(void *user, const char *upto) {
  const input_text_t *in = user;
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t begin = (uintptr_t)in->buf;
  uintptr_t end = (uintptr_t)upto & ~(page - 1);
  if (end > begin) madvise(in->buf, end - begin, MADV_DONTNEED);
}

static void free_input(input_text_t *in) {
  if (in->map_len)
    munmap(in->buf, in->map_len);
  else
    free(in->buf);
  in->buf = NULL;
}

static bool write_output(const char *prog, const char *path,
                         const lt_strbuf_t *text) {
  FILE *f = path && strcmp(path, "-") != 0 ? fopen(path, "wb") : stdout;
  if (!f) {
    lt_cl_error(prog, "cannot open output file '%s': %s", path,
                strerror(errno));
    return false;
  }
  bool ok = !text->len || fwrite(text->data, 1, text->len, f) == text->len;
  ok = fflush(f) == 0 && ok;
  if (f != stdout) ok = fclose(f) == 0 && ok;
  if (!ok)
    lt_cl_error(prog, "cannot write output file '%s': %s", path ? path : "-",
                strerror(errno));
  return ok;
}

/* ---- pipelines -------------------------------------------------------------
 */
static bool is_lite_compile(const lt_opt_pass_flag_t *f) {
  return strcmp(f->name, "lite-compile") == 0;
}

static bool is_flag(const lt_opt_pass_flag_t *f, const char *name) {
  return strcmp(f->name, name) == 0;
}

static bool has_lite_compile(const lt_opt_config_t *c) {
  for (size_t i = 0; i < c->num_pass_flags; i++)
    if (is_lite_compile(&c->pass_flags[i])) return true;
  return false;
}

/* --lite-autotune next to --lite-compile is no pass of its own: the
 * compile path runs it after its kernel pick (lt_lite_compile_config_t),
 * where it can measure anything. NULL when there is none. */
static const lt_opt_pass_flag_t *compile_autotune(const lt_opt_config_t *c) {
  if (!has_lite_compile(c)) return NULL;
  for (size_t i = 0; i < c->num_pass_flags; i++)
    if (is_flag(&c->pass_flags[i], "lite-autotune")) return &c->pass_flags[i];
  return NULL;
}

/* Appends one pass flag; --lite-compile with --lite-places,
 * --lite-kernel-kinds or --lite-autotune is the compile pipeline so
 * configured (the lite-compile pipeline is the same with the defaults:
 * lt_lite_compile_add). */
static lt_result_t add_pass_flag(lt_pass_manager_t *pm,
                                 const lt_opt_config_t *c,
                                 const lt_opt_pass_flag_t *f) {
  const lt_opt_pass_flag_t *autotune = compile_autotune(c);
  if (f == autotune) return LT_SUCCESS; /* --lite-compile's */
  if ((!c->places && !c->kernel_kinds && !autotune) || f->options ||
      !is_lite_compile(f))
    return lt_pass_manager_add_named(pm, f->name, f->options);
  lt_lite_compile_config_t cc = {
      .places = c->places,
      .kernel_kinds = c->kernel_kinds,
      .autotune = autotune ? (autotune->options ? autotune->options : "")
                           : NULL};
  return lt_lite_compile_add(pm, &cc);
}

/* --lite-places and --lite-kernel-kinds only say what --lite-compile
 * compiles for. */
static bool check_places(const lt_opt_config_t *c) {
  if ((!c->places && !c->kernel_kinds) || has_lite_compile(c)) return true;
  if (c->places)
    lt_cl_error(c->prog,
                "--lite-places needs --lite-compile: it sets the Places "
                "--lite-compile compiles for (in a --pass-pipeline, give "
                "lite-pick-kernels and lite-infer-places {places=...})");
  else
    lt_cl_error(c->prog,
                "--lite-kernel-kinds needs --lite-compile: it sets the kernel "
                "kinds --lite-compile picks from (in a --pass-pipeline, give "
                "lite-pick-kernels {kernel-kinds=...})");
  return false;
}

/* Builds the pass manager for a top-level op named `anchor` from either
 * --pass-pipeline or the per-pass flags. NULL after diagnostics. */
static lt_pass_manager_t *build_pass_manager(lt_context_t *ctx,
                                             const lt_opt_config_t *c,
                                             const char *anchor) {
  lt_pass_manager_t *pm = NULL;
  if (c->pass_pipeline) {
    if (LT_FAILED(lt_pass_pipeline_parse(ctx, c->pass_pipeline, &pm)))
      return NULL;
    return pm;
  }
  pm = lt_pass_manager_create(ctx, anchor);
  if (!pm) {
    lt_emit_error(ctx, lt_loc_unknown(ctx), "out of memory");
    return NULL;
  }
  for (size_t i = 0; i < c->num_pass_flags; i++) {
    if (LT_FAILED(add_pass_flag(pm, c, &c->pass_flags[i]))) {
      lt_pass_manager_destroy(pm);
      return NULL;
    }
  }
  return pm;
}

bool lt_opt_check_pipeline(const lt_opt_config_t *c) {
  if (!check_places(c)) return false;
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    lt_cl_error(c->prog, "%s", lt_status_message(st));
    lt_status_free(st);
    return false;
  }
  bool ok = true;
  if (c->pass_pipeline && c->num_pass_flags) {
    lt_emit_error(ctx, lt_loc_unknown(ctx),
                  "'-pass-pipeline' option can't be used with individual "
                  "pass options");
    ok = false;
  } else {
    lt_pass_manager_t *pm = build_pass_manager(ctx, c, "builtin.module");
    ok = pm != NULL;
    lt_pass_manager_destroy(pm);
  }
  lt_context_destroy(ctx);
  return ok;
}

/* Registers what every chunk's context gets. */
static void register_dialects(lt_context_t *ctx) {
  lt_register_core_dialects(ctx);
  lt_register_test_dialect(ctx);
}

static int by_string(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

bool lt_opt_print_dialects(const char *prog, FILE *out) {
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    lt_cl_error(prog, "%s", lt_status_message(st));
    lt_status_free(st);
    return false;
  }
  register_dialects(ctx);
  size_t n = lt_context_num_dialects(ctx);
  const char **names = calloc(n ? n : 1, sizeof(*names));
  bool ok = names != NULL;
  if (ok) {
    for (size_t i = 0; i < n; i++)
      names[i] = lt_context_dialect_at(ctx, i)->ns;
    qsort(names, n, sizeof(*names), by_string);
    fprintf(out, "Available Dialects:\n");
    for (size_t i = 0; i < n; i++)
      fprintf(out, "%s\n", names[i]);
    free(names);
  } else {
    lt_cl_error(prog, "out of memory");
  }
  lt_context_destroy(ctx);
  return ok;
}

/* ---- one chunk -------------------------------------------------------------
 */
typedef struct run_state {
  const lt_opt_config_t *config;
  const char *filename; /* as diagnostics and locations name it */
  const char *buf;      /* the whole input (for source lines) */
  size_t len;
  const input_text_t *input;
  lt_timing_t *timing;
  lt_strbuf_t output;
  /* Output written while printing (output.sink) rather than kept whole:
   * only when a printed chunk is the last word, i.e. one chunk, no
   * diagnostic verification, and no timing report meant to precede it. */
  bool stream;
  /* Bytes of resource data the printed chunks held in their trailers. */
  uint64_t resource_bytes;
} run_state_t;

/* What the trailer of a module printed from ctx holds, or an upper bound:
 * resources a pass left unreferenced count too. */
static uint64_t printed_resource_bytes(lt_context_t *ctx,
                                       const lt_print_flags_t *flags) {
  uint64_t total = 0;
  for (size_t i = 0; i < lt_context_num_resources(ctx); i++) {
    const lt_resource_t *r = lt_context_resource_at(ctx, i);
    if (r->has_data && !lt_print_resource_elided(flags, r)) total += r->size;
  }
  return total;
}

static void print_for_dump(void *user, lt_op_t *op, bool local_scope,
                           lt_strbuf_t *out) {
  lt_print_flags_t flags = *(const lt_print_flags_t *)user;
  flags.local_scope = flags.local_scope || local_scope;
  lt_op_print(op, &flags, out);
}

static void configure_instrumentation(run_state_t *rs, lt_pass_manager_t *pm) {
  const lt_opt_config_t *c = rs->config;
  lt_pass_manager_enable_verifier(pm, c->verify_each);
  if (c->print_before_all || c->print_after_all || c->num_print_before ||
      c->num_print_after || c->print_after_failure) {
    lt_ir_print_config_t pc = {
        .before_all = c->print_before_all,
        .after_all = c->print_after_all,
        .before = c->print_before,
        .num_before = c->num_print_before,
        .after = c->print_after,
        .num_after = c->num_print_after,
        .after_change = c->print_after_change,
        .after_failure = c->print_after_failure,
        .module_scope = c->print_module_scope,
        .out = stderr,
        .print = print_for_dump,
        .print_user = (void *)&c->print_flags,
    };
    lt_pass_manager_enable_ir_printing(pm, &pc);
  }
  if (rs->timing) lt_pass_manager_enable_timing(pm, lt_timing_root(rs->timing));
}

static void write_stderr(lt_strbuf_t *sb) {
  if (sb->len) fwrite(sb->data, 1, sb->len, stderr);
  fflush(stderr);
  lt_strbuf_free(sb);
}

/* ---- resources without data -------------------------------------------- */
/* Text printed with --mlir-elide-resource-strings-if-larger (or
 * --mlir-elide-elementsattrs-if-larger) still parses, as in MLIR, but its
 * constants lost their data: passes would trip over each one. Refuse them
 * once, before any pass runs, saying why. */
static const lt_attr_t *dataless_resource(const lt_attr_t *a, int depth) {
  if (!a || depth > 64) return NULL;
  if (a->kind == LT_ATTR_DENSE_RESOURCE)
    return a->resource.resource && a->resource.resource->has_data ? NULL : a;
  if (a->kind == LT_ATTR_ARRAY) {
    for (uint32_t i = 0; i < a->array.count; i++) {
      const lt_attr_t *r = dataless_resource(a->array.elems[i], depth + 1);
      if (r) return r;
    }
  } else if (a->kind == LT_ATTR_DICT) {
    for (uint32_t i = 0; i < a->dict.count; i++) {
      const lt_attr_t *r =
          dataless_resource(a->dict.entries[i].value, depth + 1);
      if (r) return r;
    }
  }
  return NULL;
}

static lt_walk_result_t find_dataless(lt_op_t *op, void *user) {
  const lt_attr_t *a = dataless_resource(op->attrs, 0);
  if (!a) return LT_WALK_ADVANCE;
  const char *name = a->resource.name ? a->resource.name->str : "?";
  bool elements = strcmp(name, "__elided__") == 0;
  lt_emit_error(
      lt_op_context(op), op->loc,
      "dense_resource<%s> has no data: %s; passes need the data", name,
      elements ? "a constant printed with --mlir-elide-elementsattrs-if-larger"
               : "its blob is not in the file's dialect_resources (left out "
                 "by --mlir-elide-resource-strings-if-larger?)");
  *(bool *)user = true;
  return LT_WALK_INTERRUPT;
}

static bool has_pipeline(const lt_opt_config_t *c) {
  return c->pass_pipeline || c->num_pass_flags;
}

/* Parses, verifies, runs the pipeline and prints one chunk into
 * rs->output. */
static lt_result_t process_ir(run_state_t *rs, lt_context_t *ctx,
                              const lt_opt_chunk_t *chunk) {
  const lt_opt_config_t *c = rs->config;
  lt_timer_t *root = rs->timing ? lt_timing_root(rs->timing) : NULL;
  lt_timer_t *parse_timer = lt_timer_nest(root, "Parser", NULL);
  lt_timer_start(parse_timer);
  lt_parse_config_t pcfg = {.no_implicit_module = c->no_implicit_module,
                            .line_offset = chunk->line_offset};
  /* Chunks end at a marker line, not a NUL; the whole input ends at one. */
  pcfg.nul_terminated = chunk->text + chunk->len == rs->buf + rs->len;
  if (rs->input->map_len && pcfg.nul_terminated) {
    pcfg.consumed = release_mapped;
    pcfg.consumed_user = (void *)rs->input;
  }
  lt_op_t *op =
      lt_parse_source(ctx, rs->filename, chunk->text, chunk->len, &pcfg);
  if (pcfg.consumed) release_mapped(pcfg.consumed_user, rs->buf + rs->len);
  lt_result_t r = op ? lt_op_verify(op) : LT_FAILURE;
  lt_timer_stop(parse_timer);
  bool dataless = false;
  if (LT_SUCCEEDED(r) && has_pipeline(c))
    lt_op_walk(op, LT_WALK_PRE, find_dataless, &dataless);
  if (LT_FAILED(r) || dataless) {
    if (op) lt_op_destroy(op);
    return LT_FAILURE;
  }

  lt_pass_manager_t *pm = build_pass_manager(ctx, c, lt_op_name(op));
  if (!pm) {
    lt_op_destroy(op);
    return LT_FAILURE;
  }
  if (c->dump_pass_pipeline) {
    lt_strbuf_t sb = {0};
    lt_pass_manager_dump(pm, &sb);
    write_stderr(&sb);
  }
  configure_instrumentation(rs, pm);
  r = lt_pass_manager_run(pm, op);
  if (c->pass_statistics) {
    lt_strbuf_t sb = {0};
    lt_pass_manager_print_statistics(pm, c->pass_statistics_display, &sb);
    write_stderr(&sb);
  }
  lt_pass_manager_destroy(pm);

  if (LT_SUCCEEDED(r)) {
    lt_timer_t *output_timer = lt_timer_nest(root, "Output", NULL);
    lt_timer_start(output_timer);
    if (rs->stream && !rs->output.sink) {
      const char *path = c->output;
      FILE *f = path && strcmp(path, "-") != 0 ? fopen(path, "wb") : stdout;
      if (!f) {
        lt_cl_error(c->prog, "cannot open output file '%s': %s", path,
                    strerror(errno));
        lt_timer_stop(output_timer);
        lt_op_destroy(op);
        return LT_FAILURE;
      }
      rs->output.sink = f;
    }
    /* A print that ran out of memory has reported it as a diagnostic. */
    r = lt_op_print(op, &c->print_flags, &rs->output);
    lt_strbuf_putc(&rs->output, '\n');
    rs->resource_bytes += printed_resource_bytes(ctx, &c->print_flags);
    lt_timer_stop(output_timer);
  }
  lt_op_destroy(op);
  return r;
}

/* A fresh context per chunk, so chunks share nothing, as in MLIR. */
static lt_result_t process_chunk(run_state_t *rs, const lt_opt_chunk_t *chunk) {
  const lt_opt_config_t *c = rs->config;
  lt_context_t *ctx = NULL;
  lt_status_t st = lt_context_create(lt_allocator_system(), &ctx);
  if (st) {
    lt_cl_error(c->prog, "%s", lt_status_message(st));
    lt_status_free(st);
    return LT_FAILURE;
  }
  register_dialects(ctx);
  lt_context_set_allow_unregistered(ctx, c->allow_unregistered);
  lt_source_add(ctx, rs->filename, rs->buf, rs->len);

  lt_opt_verifier_t *verifier = NULL;
  if (c->verify_diagnostics) {
    verifier = lt_opt_verifier_create(ctx, rs->filename, chunk);
    if (!verifier) {
      lt_cl_error(c->prog, "out of memory");
      lt_context_destroy(ctx);
      return LT_FAILURE;
    }
  }
  lt_result_t r = process_ir(rs, ctx, chunk);
  /* With --verify-diagnostics, only the diagnostics decide. */
  if (verifier) r = lt_opt_verifier_finish(verifier);
  lt_context_destroy(ctx);
  return r;
}

/* Weights printed as hex to a terminal scroll by for minutes; say how to
 * keep them out of it. Only for a terminal: files and pipes want them. */
static void hint_large_output(const lt_opt_config_t *c, uint64_t bytes) {
  bool to_file = c->output && strcmp(c->output, "-") != 0;
  if (to_file || bytes < LT_OPT_HINT_RESOURCE_BYTES || !isatty(STDOUT_FILENO))
    return;
  lt_cl_note(c->prog,
             "the output held %.1f MB of resource data as hex; write it to "
             "a file with -o FILE, or leave the blobs out with "
             "--mlir-elide-resource-strings-if-larger=100",
             (double)bytes / 1e6);
}

int lt_opt_run(const lt_opt_config_t *c) {
  if (!lt_opt_check_pipeline(c)) return LT_EXIT_USAGE;
  run_state_t rs = {.config = c};
  rs.filename = strcmp(c->input, "-") == 0 ? "<stdin>" : c->input;
  input_text_t input;
  if (!read_input(c->prog, c->input, &input)) return LT_EXIT_FAILURE;
  if (!check_text(c->prog, rs.filename, &input)) {
    free_input(&input);
    return LT_EXIT_FAILURE;
  }
  char *buf = input.buf;
  rs.buf = buf;
  rs.len = input.len;
  rs.input = &input;
  if (c->timing) rs.timing = lt_timing_create(lt_allocator_system());

  lt_opt_chunk_t whole = {buf, rs.len, 0}, *chunks = &whole;
  size_t num_chunks = 1;
  if (c->split_input_file) {
    num_chunks = lt_opt_split_input(buf, rs.len, &chunks);
    if (!num_chunks) {
      lt_cl_error(c->prog, "out of memory");
      free_input(&input);
      lt_timing_destroy(rs.timing);
      return LT_EXIT_FAILURE;
    }
  }
  rs.stream = num_chunks == 1 && !c->verify_diagnostics && !rs.timing;
  bool ok = true;
  for (size_t i = 0; i < num_chunks; i++) {
    if (i) lt_strbuf_puts(&rs.output, "\n" LT_OPT_SPLIT_MARKER "\n");
    /* A failing chunk prints nothing; the others still run. */
    if (LT_FAILED(process_chunk(&rs, &chunks[i]))) ok = false;
  }
  if (chunks != &whole) free(chunks);

  if (rs.timing) {
    lt_strbuf_t sb = {0};
    lt_timing_report(rs.timing, c->timing_display, &sb);
    write_stderr(&sb);
    lt_timing_destroy(rs.timing);
  }
  /* Like LLVM's ToolOutputFile, an -o file is only written on success;
   * stdout gets what the chunks that succeeded printed. */
  bool to_file = c->output && strcmp(c->output, "-") != 0;
  if (rs.output.sink) {
    FILE *f = rs.output.sink;
    bool written = lt_strbuf_flush(&rs.output) && fflush(f) == 0;
    if (f != stdout) written = fclose(f) == 0 && written;
    if (!written)
      lt_cl_error(c->prog, "cannot write output file '%s': %s",
                  to_file ? c->output : "-", strerror(errno));
    ok = written && ok;
  } else if (ok || !to_file) {
    ok = write_output(c->prog, c->output, &rs.output) && ok;
  }
  lt_strbuf_free(&rs.output);
  free_input(&input);
  hint_large_output(c, rs.resource_bytes);
  return ok ? LT_EXIT_OK : LT_EXIT_FAILURE;
}

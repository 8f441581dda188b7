/* artifact_test.c - the artifact writer and the validating loader: every
 * field round-trips, tensor attributes included, the attribute reader
 * answers as the IR's does, and every corruption (truncation, flipped
 * header bytes, bad offsets, counts, string refs, magic, a newer version,
 * bad tensor words) is a clear error, never a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/artifact_writer.h"
#include "runtime/artifact.h"

static int failures;
#define CHECK(c)                                                               \
  do {                                                                         \
    if (!(c)) {                                                                \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);    \
      failures++;                                                              \
    }                                                                          \
  } while (0)

static const float weight[6] = {1, 2, 3, 4, 5, 6};

/* A two-instruction program: conv(input, weight) -> relu -> output. */
static void build(uint8_t **data, size_t *size) {
  lt_aw_t *w = lt_aw_new();
  uint32_t host = lt_aw_arena(w, "host", LK_TARGET_HOST, 0, 1024);
  CHECK(host == 0);
  int64_t in_dims[4] = {-1, 3, 8, 8}, w_dims[2] = {2, 3}, out_dims[4] = {1, 2, 8, 8};
  lk_place_t x86 = LK_PLACE(LK_TARGET_X86, LK_PRECISION_F32, LK_LAYOUT_NCHW8C);
  uint32_t in = lt_aw_tensor(w, &(lt_aw_tensor_t){"input", LK_F32, 4, in_dims,
                                                  x86, LT_ARTIFACT_STORAGE_INPUT, 0, 0, 0, NULL});
  uint32_t wt = lt_aw_tensor(w, &(lt_aw_tensor_t){"w", LK_F32, 2, w_dims, x86,
                                                  LT_ARTIFACT_STORAGE_WEIGHT, 0, 0,
                                                  sizeof weight, weight});
  uint32_t mid = lt_aw_tensor(w, &(lt_aw_tensor_t){"mid", LK_F32, 4, out_dims, x86,
                                                   LT_ARTIFACT_STORAGE_ARENA, host, 0, 512, NULL});
  uint32_t out = lt_aw_tensor(w, &(lt_aw_tensor_t){"out", LK_F32, 4, out_dims, x86,
                                                   LT_ARTIFACT_STORAGE_ARENA, host, 512, 512, NULL});
  lt_aw_input(w, in);
  lt_aw_output(w, out);
  uint32_t ops[2] = {in, wt};
  lt_aw_instr(w, "ref_conv2d__f32_nchw", "lite.conv2d", ops, 2, &mid, 1);
  int64_t pads[4] = {1, 1, 1, 1};
  double scales[2] = {0.5, 2.25};
  lt_aw_attr_int(w, "group", 1);
  lt_aw_attr_ints(w, "pads", pads, 4);
  lt_aw_attr_float(w, "alpha", 0.25);
  lt_aw_attr_floats(w, "scales", scales, 2);
  lt_aw_attr_str(w, "auto_pad", "SAME_UPPER", 10);
  lt_aw_loc(w, "Conv_0", 6);
  lt_aw_loc(w, "Relu_1", 6);
  lt_aw_instr(w, "ref_relu__f32_nchw", "lite.relu", &mid, 1, &out, 1);
  lt_status_t st = lt_aw_finish(w, "lite test", data, size);
  CHECK(st == LT_OK);
  lt_aw_free(w);
}

static void test_round_trip(const uint8_t *data, size_t size) {
  lt_artifact_t *a;
  lt_status_t st = lt_artifact_load_buffer(data, size, lt_allocator_system(), &a);
  if (st) {
    fprintf(stderr, "load: %s\n", lt_status_message(st));
    lt_status_free(st);
    failures++;
    return;
  }
  CHECK(size % LT_ARTIFACT_ALIGN == 0);
  CHECK(lt_artifact_format_version(a) == LT_ARTIFACT_FORMAT_VERSION);
  CHECK(lt_artifact_min_runtime(a) == LT_ARTIFACT_MIN_RUNTIME);
  CHECK(strcmp(lt_artifact_producer(a), "lite test") == 0);
  CHECK(lt_artifact_num_arenas(a) == 1);
  CHECK(lt_artifact_str_eq(lt_artifact_arena(a, 0)->name, "host"));
  CHECK(lt_artifact_arena(a, 0)->size == 1024);
  CHECK(lt_artifact_num_tensors(a) == 4);
  const lt_artifact_tensor_t *in = lt_artifact_tensor(a, 0);
  CHECK(lt_artifact_str_eq(in->name, "input"));
  CHECK(in->dtype == LK_F32 && in->rank == 4 && in->dims[0] == -1 && in->dims[3] == 8);
  CHECK(in->place.target == LK_TARGET_X86 && in->place.layout == LK_LAYOUT_NCHW8C);
  CHECK(in->storage == LT_ARTIFACT_STORAGE_INPUT && in->offset == 0);
  const lt_artifact_tensor_t *wt = lt_artifact_tensor(a, 1);
  CHECK(wt->storage == LT_ARTIFACT_STORAGE_WEIGHT && wt->size == sizeof weight);
  CHECK(wt->offset % LT_ARTIFACT_ALIGN == 0);
  CHECK(wt->data == data + wt->offset); /* zero-copy */
  CHECK(memcmp(wt->data, weight, sizeof weight) == 0);
  const lt_artifact_tensor_t *out = lt_artifact_tensor(a, 3);
  CHECK(out->storage == LT_ARTIFACT_STORAGE_ARENA && out->arena == 0 && out->offset == 512);
  CHECK(lt_artifact_num_inputs(a) == 1 && lt_artifact_input(a, 0) == 0);
  CHECK(lt_artifact_num_outputs(a) == 1 && lt_artifact_output(a, 0) == 3);
  CHECK(lt_artifact_num_instrs(a) == 2);
  const lt_artifact_instr_t *conv = lt_artifact_instr(a, 0);
  CHECK(lt_artifact_str_eq(conv->kernel, "ref_conv2d__f32_nchw"));
  CHECK(lt_artifact_str_eq(conv->op, "lite.conv2d"));
  CHECK(conv->num_operands == 2 && conv->operands[0] == 0 && conv->operands[1] == 1);
  CHECK(conv->num_results == 1 && conv->results[0] == 2);
  CHECK(conv->num_locs == 2 && lt_artifact_str_eq(conv->locs[1], "Relu_1"));
  CHECK(conv->num_attrs == 5);
  lk_attrs_t at = lt_artifact_instr_attrs(conv);
  CHECK(lk_attr_int(at, "group", 7) == 1);
  CHECK(lk_attr_int(at, "missing", 7) == 7);
  int64_t pads[8];
  CHECK(lk_attr_ints(at, "pads", pads, 8) == 4 && pads[0] == 1 && pads[3] == 1);
  CHECK(lk_attr_float(at, "alpha", 0) == 0.25);
  double sc[2];
  CHECK(lk_attr_floats(at, "scales", sc, 2) == 2 && sc[1] == 2.25);
  CHECK(lk_attr_ints(at, "scales", pads, 8) == 2 && pads[1] == 2); /* toward zero */
  char buf[32];
  CHECK(strcmp(lk_attr_str(at, "auto_pad", buf, sizeof buf, "NOTSET"), "SAME_UPPER") == 0);
  int64_t v;
  CHECK(at.vt->get_int(at.self, "auto_pad", &v) == LK_ATTR_WRONG_KIND);
  const lt_artifact_instr_t *relu = lt_artifact_instr(a, 1);
  CHECK(relu->num_attrs == 0 && relu->num_locs == 0 && relu->operands[0] == 2);
  lt_artifact_free(a);
}

/* Loads bytes that must fail; the message must contain `want`. */
static void expect_error(const uint8_t *data, size_t size, const char *want,
                         const char *what) {
  lt_artifact_t *a = NULL;
  lt_status_t st = lt_artifact_load_buffer(data, size, lt_allocator_system(), &a);
  if (!st) {
    fprintf(stderr, "%s: loaded, expected an error with '%s'\n", what, want);
    failures++;
    lt_artifact_free(a);
    return;
  }
  if (want && !strstr(lt_status_message(st), want)) {
    fprintf(stderr, "%s: error '%s' lacks '%s'\n", what, lt_status_message(st), want);
    failures++;
  }
  CHECK(a == NULL);
  lt_status_free(st);
}

static void put32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static void put64(uint8_t *p, uint64_t v) {
  put32(p, (uint32_t)v);
  put32(p + 4, (uint32_t)(v >> 32));
}

static uint64_t get64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
  return v;
}
/* File offset of section `kind` (the writer emits kinds in order). */
static uint64_t section_off(const uint8_t *d, uint32_t kind) {
  return get64(d + LT_ARTIFACT_HEADER_SIZE + (kind - 1) * LT_ARTIFACT_SECTION_SIZE + 8);
}

static void test_corruptions(const uint8_t *data, size_t size) {
  uint8_t *copy = malloc(size);
  /* Truncation at every byte boundary: each shorter file is refused (as a
   * fresh allocation, so ASan sees any read past its end). */
  for (size_t n = 0; n < size; n++) {
    uint8_t *t = malloc(n ? n : 1);
    memcpy(t, data, n);
    char what[64];
    snprintf(what, sizeof what, "truncated to %zu bytes", n);
    expect_error(t, n, NULL, what);
    free(t);
  }
  /* Every byte of the header and section table flipped: refused or, where
   * the field allows any value (the producer; a newer format version that
   * still names this runtime as its minimum), loaded safely. */
  /* The sections this file has (the optional kernel IR one is absent). */
  uint32_t num_sections = (uint32_t)data[24] | (uint32_t)data[25] << 8 |
                          (uint32_t)data[26] << 16 | (uint32_t)data[27] << 24;
  size_t table_end = LT_ARTIFACT_HEADER_SIZE + num_sections * LT_ARTIFACT_SECTION_SIZE;
  for (size_t i = 0; i < table_end; i++) {
    memcpy(copy, data, size);
    copy[i] ^= 0xff;
    lt_artifact_t *a = NULL;
    lt_status_t st = lt_artifact_load_buffer(copy, size, lt_allocator_system(), &a);
    bool producer = (i >= 32 && i < 64) || (i >= 8 && i < 12);
    if (!producer && !st) {
      fprintf(stderr, "flipped header byte %zu: loaded\n", i);
      failures++;
    }
    lt_status_free(st);
    lt_artifact_free(a);
  }
  memcpy(copy, data, size);
  copy[0] = 'X';
  expect_error(copy, size, "header: magic", "wrong magic");
  memcpy(copy, data, size);
  put32(copy + 8, 7);
  put32(copy + 12, 7);
  char newer[128];
  snprintf(newer, sizeof newer,
           "format version 7 (needs runtime version 7) is not readable by "
           "this runtime (version %u)", LT_ARTIFACT_RUNTIME_VERSION);
  expect_error(copy, size, newer,
               "newer version");
  /* A section's offset past the end. */
  memcpy(copy, data, size);
  put32(copy + LT_ARTIFACT_HEADER_SIZE + 1 * LT_ARTIFACT_SECTION_SIZE + 8, (uint32_t)size);
  expect_error(copy, size, "section tensors: offset", "offset past the end");
  /* A count whose byte size overflows 32 bits. */
  memcpy(copy, data, size);
  put32(copy + LT_ARTIFACT_HEADER_SIZE + 1 * LT_ARTIFACT_SECTION_SIZE + 4, 0xffffffffu);
  expect_error(copy, size, "section tensors: count", "overflowing count");
  memcpy(copy, data, size);
  put32(copy + 24, 0xffffffffu);
  expect_error(copy, size, "header: num_sections", "overflowing section count");
  /* A bad string ref: tensor 0's name. */
  memcpy(copy, data, size);
  put32(copy + section_off(data, LT_ARTIFACT_SECTION_TENSORS) + 4, 0xfffffff0u);
  expect_error(copy, size, "tensor #0: name: string ref", "bad string ref");
  /* An operand range past the index table, a bad tensor index. */
  memcpy(copy, data, size);
  put32(copy + section_off(data, LT_ARTIFACT_SECTION_INSTRS) + 20, 0xffffffffu);
  expect_error(copy, size, "instruction #0 (lite.conv2d): operands", "operand range");
  memcpy(copy, data, size);
  put32(copy + section_off(data, LT_ARTIFACT_SECTION_INDICES), 99);
  expect_error(copy, size, "tensor index 99 is out of range", "bad tensor index");
  /* An arena slot past its arena; a weight outside the weights. */
  memcpy(copy, data, size);
  put32(copy + section_off(data, LT_ARTIFACT_SECTION_TENSORS) + 3 * LT_ARTIFACT_TENSOR_SIZE + 104, 1000);
  expect_error(copy, size, "tensor #3: offset", "arena slot");
  memcpy(copy, data, size);
  put32(copy + section_off(data, LT_ARTIFACT_SECTION_TENSORS) + 1 * LT_ARTIFACT_TENSOR_SIZE + 104, 0);
  expect_error(copy, size, "tensor #1: offset: weight", "weight offset");
  /* An attribute list past the attribute data. */
  memcpy(copy, data, size);
  put32(copy + section_off(data, LT_ARTIFACT_SECTION_ATTRS) + 1 * LT_ARTIFACT_ATTR_SIZE + 12, 0x7fffffffu);
  expect_error(copy, size, "attribute #1: value", "attribute list");
  /* Tensors the runtime could not size, access in place or bind: a shape
   * past the plan steps' size limit, a misaligned arena slot, a model input
   * that is an arena tensor, an input tensor the inputs do not list, a
   * result with no memory to write, a result slot partly over its
   * operand's. */
  static const struct {
    uint32_t tensor, field;
    uint64_t v;
    const char *want;
  } t[] = {
      {2, 16, (uint64_t)1 << 45,
       "tensor #2: dims: shape 35184372088832x2x8x8 is too large (its "
       "nonzero dims multiply past 281474976710656)"},
      {3, 104, 510,
       "tensor #3: offset: arena offset 510 is not aligned for its f32 "
       "elements"},
      {0, 96, LT_ARTIFACT_STORAGE_ARENA,
       "section inputs: entry #0: tensor #0 is not model input #0"},
      {2, 96, LT_ARTIFACT_STORAGE_INPUT,
       "tensor #2: offset: model input #0 is tensor #0"},
      {2, 96, LT_ARTIFACT_STORAGE_NONE,
       "instruction #0 (lite.conv2d): result #0: tensor #2 is absent, not "
       "stored in an arena or dynamically"},
      {3, 104, 256,
       "instruction #1 (lite.relu): result #0: arena slot [256, +512) "
       "overlaps operand #0's [0, +512)"},
  };
  const uint64_t tensors = section_off(data, LT_ARTIFACT_SECTION_TENSORS);
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    memcpy(copy, data, size);
    uint8_t *f = copy + tensors + t[i].tensor * LT_ARTIFACT_TENSOR_SIZE +
                 t[i].field;
    if (t[i].field == 96) put32(f, (uint32_t)t[i].v);
    else put64(f, t[i].v);
    expect_error(copy, size, t[i].want, t[i].want);
  }
  /* A read before the write (relu's operand made its own result) and an
   * output nothing writes (relu writes mid instead). */
  const uint64_t indices = section_off(data, LT_ARTIFACT_SECTION_INDICES);
  const uint8_t *relu = data + section_off(data, LT_ARTIFACT_SECTION_INSTRS) +
                        LT_ARTIFACT_INSTR_SIZE;
  memcpy(copy, data, size);
  put32(copy + indices + 4 * (uint32_t)get64(relu + 16), 3);
  expect_error(copy, size,
               "instruction #1 (lite.relu): operand #0: tensor #3 is read "
               "before any instruction writes it", "read before write");
  memcpy(copy, data, size);
  put32(copy + indices + 4 * (uint32_t)get64(relu + 24), 2);
  expect_error(copy, size,
               "section outputs: entry #0: tensor #3 is never written",
               "output never written");
  free(copy);
}

/* ---- tensor attributes ---------------------------------------------------- */

static const int64_t k_fill = -7;
static const float k_scalar = 1.5f;
static const int8_t k_bytes[3] = {1, 2, 3};

/* One constant_of_shape with tensor attributes: an i64 [1], an f32
 * scalar, three i8 (padded to a word), an empty f32 [0x4]; an int and a
 * long list. */
static void build_tensors(uint8_t **data, size_t *size) {
  lt_aw_t *w = lt_aw_new();
  lt_aw_arena(w, "host", LK_TARGET_HOST, 0, 64);
  int64_t sd[1] = {2}, od[2] = {2, 2};
  lk_place_t host = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_ANY, LK_LAYOUT_NCHW);
  uint32_t in = lt_aw_tensor(w, &(lt_aw_tensor_t){"shape", LK_I64, 1, sd, host,
                                                  LT_ARTIFACT_STORAGE_INPUT, 0, 0, 0, NULL});
  uint32_t out = lt_aw_tensor(w, &(lt_aw_tensor_t){"y", LK_I64, 2, od, host,
                                                   LT_ARTIFACT_STORAGE_ARENA, 0, 0, 32, NULL});
  lt_aw_input(w, in);
  lt_aw_output(w, out);
  lt_aw_instr(w, "ref_constant_of_shape__any_nchw", "lite.constant_of_shape", &in, 1, &out, 1);
  CHECK(lt_aw_attr_tensor(w, "value", &(lk_tensor_t){LK_I64, 1, {1}, (void *)&k_fill}));
  CHECK(lt_aw_attr_tensor(w, "scalar", &(lk_tensor_t){LK_F32, 0, {0}, (void *)&k_scalar}));
  CHECK(lt_aw_attr_tensor(w, "bytes", &(lk_tensor_t){LK_I8, 1, {3}, (void *)k_bytes}));
  CHECK(lt_aw_attr_tensor(w, "empty", &(lk_tensor_t){LK_F32, 2, {0, 4}, NULL}));
  lt_aw_attr_int(w, "axis", 1);
  /* Attribute data past the tensor limit, for a count the data holds but
   * the limit does not. */
  int64_t *pad = calloc(LT_ARTIFACT_ATTR_TENSOR_MAX_WORDS + 1, sizeof *pad);
  if (pad) lt_aw_attr_ints(w, "pad", pad, LT_ARTIFACT_ATTR_TENSOR_MAX_WORDS + 1);
  free(pad);
  /* What the format cannot hold is refused, with nothing written. */
  CHECK(!lt_aw_attr_tensor(w, "none", &(lk_tensor_t){LK_DTYPE_NONE, 0, {0}, (void *)&k_fill}));
  CHECK(!lt_aw_attr_tensor(w, "rank9", &(lk_tensor_t){LK_I8, 9, {1, 1, 1, 1, 1, 1, 1, 1}, NULL}));
  CHECK(!lt_aw_attr_tensor(w, "big", &(lk_tensor_t){LK_F32, 1, {1 << 20}, NULL}));
  CHECK(!lt_aw_attr_tensor(w, "neg", &(lk_tensor_t){LK_F32, 1, {-1}, NULL}));
  lt_status_t st = lt_aw_finish(w, "lite test", data, size);
  CHECK(st == LT_OK);
  lt_aw_free(w);
}

static void test_tensor_round_trip(const uint8_t *data, size_t size) {
  lt_artifact_t *a;
  lt_status_t st = lt_artifact_load_buffer(data, size, lt_allocator_system(), &a);
  if (st) {
    fprintf(stderr, "load: %s\n", lt_status_message(st));
    lt_status_free(st);
    failures++;
    return;
  }
  const lt_artifact_instr_t *in = lt_artifact_instr(a, 0);
  CHECK(in->num_attrs == 6);
  lk_attrs_t at = lt_artifact_instr_attrs(in);
  lk_tensor_t v;
  CHECK(lk_attr_tensor(at, "value", &v) && v.dtype == LK_I64 && v.rank == 1 &&
        v.dims[0] == 1 && memcmp(v.data, &k_fill, 8) == 0);
  /* A view into the file's bytes, word-aligned. */
  CHECK((const uint8_t *)v.data > data && (const uint8_t *)v.data < data + size &&
        ((const uint8_t *)v.data - data) % 8 == 0);
  CHECK(lk_attr_tensor(at, "scalar", &v) && v.dtype == LK_F32 && v.rank == 0 &&
        memcmp(v.data, &k_scalar, 4) == 0);
  CHECK(lk_attr_tensor(at, "bytes", &v) && v.dtype == LK_I8 && v.rank == 1 &&
        v.dims[0] == 3 && memcmp(v.data, k_bytes, 3) == 0);
  CHECK(lk_attr_tensor(at, "empty", &v) && v.rank == 2 && v.dims[0] == 0 &&
        v.dims[1] == 4 && lk_numel(&v) == 0);
  CHECK(!lk_attr_tensor(at, "missing", &v));
  CHECK(at.vt->get_tensor(at.self, "axis", &v) == LK_ATTR_WRONG_KIND);
  CHECK(lk_attr_int(at, "value", 5) == 5); /* a tensor is no int */
  lt_artifact_free(a);
}

/* Attribute #0 ("value", i64 [1]) is words 0..4 of the attribute data:
 * dtype, rank, dims[0], the element. */
static void test_tensor_corruptions(const uint8_t *data, size_t size) {
  uint8_t *copy = malloc(size);
  const uint64_t words = section_off(data, LT_ARTIFACT_SECTION_ATTR_DATA);
  const uint64_t rec = section_off(data, LT_ARTIFACT_SECTION_ATTRS);
  static const struct {
    bool count; /* the record's count (else word `at` of the data) */
    uint32_t at;
    uint64_t v;
    const char *want;
  } k[] = {
      {false, 0, 99, "attribute #0: dtype: 99 is no element type"},
      {false, 0, (uint64_t)-1, "attribute #0: dtype: -1 is no element type"},
      {false, 1, 9, "attribute #0: rank: 9 is not in [0, 8]"},
      {false, 2, (uint64_t)-3, "attribute #0: dims[0]: -3 is negative"},
      {false, 2, (uint64_t)1 << 62, "attribute #0: count: 4 words do not hold the elements"},
      {false, 2, 2, "attribute #0: count: 4 words do not hold the elements"},
      {true, 0, 5, "attribute #0: count: 5 words, its i64 tensor of 8 bytes takes 4"},
      {true, 0, 3, "attribute #0: count: 3 words do not hold the elements"},
      {true, 0, 1, "attribute #0: count: a tensor needs at least 2 words"},
      {true, 0, 0, "attribute #0: count: a tensor needs at least 2 words"},
      {true, 0, 0xffffffffu, "attribute #0: value: elements [0, +4294967295)"},
  };
  for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
    memcpy(copy, data, size);
    if (k[i].count) put32(copy + rec + 12, (uint32_t)k[i].v);
    else put64(copy + words + 8 * k[i].at, k[i].v);
    expect_error(copy, size, k[i].want, k[i].want);
  }
  memcpy(copy, data, size);
  put32(copy + rec + 12, LT_ARTIFACT_ATTR_TENSOR_MAX_WORDS + 1);
  expect_error(copy, size, "attribute #0: count: 131073 words exceed the tensor "
               "attribute limit of 131072", "count past the limit");
  free(copy);
}

/* An instruction past the kernel call's operand limit. */
static void test_operand_limit(void) {
  lt_aw_t *w = lt_aw_new();
  lt_aw_arena(w, "host", LK_TARGET_HOST, 0, 1024);
  int64_t d[1] = {1}, yd[1] = {LT_ARTIFACT_MAX_OPERANDS + 1};
  lk_place_t host = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32, LK_LAYOUT_NCHW);
  uint32_t x = lt_aw_tensor(w, &(lt_aw_tensor_t){"x", LK_F32, 1, d, host,
                                                 LT_ARTIFACT_STORAGE_INPUT, 0,
                                                 0, 0, NULL});
  uint32_t y = lt_aw_tensor(w, &(lt_aw_tensor_t){"y", LK_F32, 1, yd, host,
                                                 LT_ARTIFACT_STORAGE_ARENA, 0,
                                                 0, 260, NULL});
  lt_aw_input(w, x);
  lt_aw_output(w, y);
  uint32_t xs[LT_ARTIFACT_MAX_OPERANDS + 1];
  for (uint32_t i = 0; i <= LT_ARTIFACT_MAX_OPERANDS; i++) xs[i] = x;
  lt_aw_instr(w, "ref_concat__f32_nchw", "lite.concat", xs,
              LT_ARTIFACT_MAX_OPERANDS + 1, &y, 1);
  uint8_t *data;
  size_t size;
  CHECK(lt_aw_finish(w, "lite test", &data, &size) == LT_OK);
  lt_aw_free(w);
  expect_error(data, size,
               "instruction #0 (lite.concat): 65 operands and 1 results; at "
               "most 64 of each", "too many operands");
  free(data);
}

static void test_file(const uint8_t *data, size_t size) {
  char path[] = "/tmp/artifact_test_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  FILE *f = fdopen(fd, "wb");
  CHECK(fwrite(data, 1, size, f) == size);
  fclose(f);
  lt_artifact_t *a;
  lt_status_t st = lt_artifact_load_file(path, lt_allocator_system(), &a);
  CHECK(st == LT_OK);
  if (!st) {
    CHECK(lt_artifact_num_instrs(a) == 2);
    CHECK(memcmp(lt_artifact_tensor(a, 1)->data, weight, sizeof weight) == 0);
    lt_artifact_free(a);
  }
  lt_status_free(st);
  remove(path);
  st = lt_artifact_load_file(path, lt_allocator_system(), &a);
  CHECK(st && strstr(lt_status_message(st), "cannot open"));
  lt_status_free(st);
}

/* The kernel IR section: absent by default (the file stays readable by
 * version 1 runtimes), present with its text and minimum runtime 2 when
 * written, refused by a runtime of version 1 only by that version. */
static void test_kernel_ir(void) {
  static const char text[] = "module @lite_kernels {\n}\n";
  for (int with = 0; with < 2; with++) {
    lt_aw_t *w = lt_aw_new();
    lt_aw_arena(w, "host", LK_TARGET_HOST, 0, 64);
    int64_t d[1] = {4};
    lk_place_t host = LK_PLACE(LK_TARGET_HOST, LK_PRECISION_F32, LK_LAYOUT_NCHW);
    uint32_t x = lt_aw_tensor(w, &(lt_aw_tensor_t){"x", LK_F32, 1, d, host,
                                                   LT_ARTIFACT_STORAGE_INPUT,
                                                   0, 0, 0, NULL});
    uint32_t y = lt_aw_tensor(w, &(lt_aw_tensor_t){"y", LK_F32, 1, d, host,
                                                   LT_ARTIFACT_STORAGE_ARENA,
                                                   0, 0, 16, NULL});
    lt_aw_input(w, x);
    lt_aw_output(w, y);
    lt_aw_instr(w, "ref_relu__f32_nchw", "lite.relu", &x, 1, &y, 1);
    if (with) lt_aw_kernel_ir(w, text, sizeof text - 1);
    uint8_t *data = NULL;
    size_t size = 0;
    CHECK(lt_aw_finish(w, "lite test", &data, &size) == LT_OK);
    lt_aw_free(w);
    lt_artifact_t *a = NULL;
    lt_status_t st = lt_artifact_load_buffer(data, size, lt_allocator_system(), &a);
    CHECK(st == LT_OK);
    lt_status_free(st);
    if (a) {
      size_t n = 99;
      const char *ir = lt_artifact_kernel_ir(a, &n);
      CHECK(with ? ir && n == sizeof text - 1 && memcmp(ir, text, n) == 0
                 : !ir && n == 0);
      CHECK(lt_artifact_min_runtime(a) ==
            (with ? LT_ARTIFACT_MIN_RUNTIME_KERNEL_IR : LT_ARTIFACT_MIN_RUNTIME));
      CHECK(lt_artifact_format_version(a) == LT_ARTIFACT_FORMAT_VERSION);
    }
    lt_artifact_free(a);
    free(data);
  }
}

int main(void) {
  uint8_t *data;
  size_t size;
  build(&data, &size);
  if (!data) return 1;
  test_round_trip(data, size);
  test_corruptions(data, size);
  test_operand_limit();
  test_kernel_ir();
  test_file(data, size);
  free(data);
  build_tensors(&data, &size);
  if (!data) return 1;
  test_tensor_round_trip(data, size);
  test_tensor_corruptions(data, size);
  free(data);
  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}

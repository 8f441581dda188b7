/* inputs.c - the tensors a run starts from: files named by --input, or
 * random data from --seed for the arguments not given. Random data is
 * derived from the seed and the argument's position only, so a run is
 * reproducible whatever other inputs are given. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "tools/lite-run/lite_run.h"
#include "tools/lite-run/npy.h"
#ifdef LITE_RUN_HAVE_ONNX
#include "frontends/onnx/onnx.h"
#endif

lt_status_t lt_run_read_tensor(const char *path, lt_allocator_t allocator,
                               lk_tensor_t *out) {
  static const char k_npy_magic[6] = {'\x93', 'N', 'U', 'M', 'P', 'Y'};
  char magic[6] = {0};
  FILE *f = fopen(path, "rb");
  if (f) {
    size_t got = fread(magic, 1, sizeof(magic), f);
    fclose(f);
    LT_UNUSED(got);
  }
  /* A missing file gets the .npy reader's message. */
  if (!f || memcmp(magic, k_npy_magic, sizeof(magic)) == 0)
    return lt_npy_read_file(path, allocator, out);
#ifdef LITE_RUN_HAVE_ONNX
  return lt_onnx_read_tensor_file(path, allocator, out, NULL);
#else
  memset(out, 0, sizeof(*out));
  return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                        "%s: not a .npy file, and this build has no ONNX "
                        "support to read a TensorProto",
                        path);
#endif
}

/* ---- random data --------------------------------------------------------- */

/* splitmix64: tiny, fast, and well distributed from any seed. */
static uint64_t next_u64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static void fill_random(lk_tensor_t *t, uint64_t seed, uint32_t arg) {
  uint64_t state = seed * 0x100000001b3ull + arg + 1;
  int64_t n = lk_numel(t);
  for (int64_t i = 0; i < n; i++) {
    uint64_t r = next_u64(&state);
    if (t->dtype == LK_BOOL)
      lk_store_i64(t, i, (int64_t)(r >> 63));
    else if (lk_dtype_is_float(t->dtype))
      /* 53 random bits scaled into [-1, 1). */
      lk_store_f64(t, i, (double)(r >> 11) * 0x1p-52 - 1.0);
    else
      lk_store_i64(t, i, (int64_t)(r % 10));
  }
}

/* ---- binding ------------------------------------------------------------- */

static const char *arg_label(lt_op_t *func, uint32_t i, char *buf, size_t cap) {
  const char *name = lt_lite_func_input_name(func, i);
  if (name) return name;
  snprintf(buf, cap, "arg%u", i);
  return buf;
}

static int32_t find_arg(lt_op_t *func, const char *name, size_t len) {
  char buf[256];
  if (len >= sizeof(buf)) return -1;
  memcpy(buf, name, len);
  buf[len] = '\0';
  return lt_lite_func_find_input(func, buf);
}

static void print_known_inputs(lt_op_t *func) {
  uint32_t n = lt_lite_func_num_inputs(func);
  char buf[32];
  fputs("lite-run: error: the model's inputs are:", stderr);
  for (uint32_t i = 0; i < n; i++) {
    lt_strbuf_t ty = {0};
    lt_type_print(lt_lite_func_input_type(func, i), &ty);
    fprintf(stderr, "%s '%s' (%s)", i ? "," : "",
            arg_label(func, i, buf, sizeof(buf)), ty.data ? ty.data : "?");
    lt_strbuf_free(&ty);
  }
  fputs(n ? "\n" : " none\n", stderr);
}

static void print_shape(FILE *f, int32_t rank, const int64_t *dims) {
  if (rank == 0) fputs("() (a scalar)", f);
  for (int32_t i = 0; i < rank; i++)
    fprintf(f, "%s%lld", i ? "x" : "", (long long)dims[i]);
}

/* The shape a random input takes: the type's, with dynamic dims from
 * --input-shape (which must agree with the static ones). */
static lt_cl_exit_t random_shape(const lt_type_t *type, const char *label,
                                 const lt_run_shape_t *given, lk_tensor_t *t) {
  if (type->kind == LT_TYPE_UNRANKED_TENSOR && !given) {
    fprintf(stderr,
            "lite-run: error: input '%s' has an unranked type: give its shape "
            "with --input-shape %s=DxDx... or its data with --input\n",
            label, label);
    return LT_EXIT_FAILURE;
  }
  if (type->kind != LT_TYPE_TENSOR && type->kind != LT_TYPE_UNRANKED_TENSOR) {
    t->rank = 0; /* a scalar argument */
    return LT_EXIT_OK;
  }
  if (given) {
    t->rank = given->rank;
    memcpy(t->dims, given->dims, sizeof(t->dims));
    return LT_EXIT_OK;
  }
  t->rank = (int32_t)type->shaped.rank;
  for (uint32_t d = 0; d < type->shaped.rank; d++) {
    if (type->shaped.shape[d] == LT_DYNAMIC) {
      lt_strbuf_t ty = {0};
      lt_type_print(type, &ty);
      fprintf(
          stderr,
          "lite-run: error: input '%s' (%s) has dynamic dims: give its shape "
          "with --input-shape %s=DxDx... or its data with --input\n",
          label, ty.data ? ty.data : "?", label);
      lt_strbuf_free(&ty);
      return LT_EXIT_FAILURE;
    }
    t->dims[d] = type->shaped.shape[d];
  }
  return LT_EXIT_OK;
}

/* A shape whose element count or byte size does not fit is no allocation
 * to try: it is reported as what it is. */
static lt_cl_exit_t check_size(const char *label, const lk_tensor_t *t) {
  int64_t numel = 1;
  bool overflow = false;
  for (int32_t d = 0; d < t->rank && !overflow; d++)
    overflow = __builtin_mul_overflow(numel, t->dims[d], &numel);
  if (overflow) {
    fprintf(stderr, "lite-run: error: input '%s': shape ", label);
    print_shape(stderr, t->rank, t->dims);
    fputs(" overflows: its element count does not fit in int64\n", stderr);
    return LT_EXIT_FAILURE;
  }
  size_t nbytes;
  if (!__builtin_mul_overflow((size_t)numel, lk_dtype_size(t->dtype),
                              &nbytes) &&
      nbytes <= (size_t)PTRDIFF_MAX)
    return LT_EXIT_OK;
  fprintf(stderr, "lite-run: error: input '%s': shape ", label);
  print_shape(stderr, t->rank, t->dims);
  fprintf(stderr,
          " of %s overflows: its size in bytes exceeds the address "
          "space\n",
          lk_dtype_name(t->dtype));
  return LT_EXIT_FAILURE;
}

static lt_cl_exit_t make_random(const lt_run_options_t *o, lt_op_t *func,
                                uint32_t i, const lt_run_shape_t *given,
                                lt_allocator_t allocator, lk_tensor_t *t) {
  char buf[32];
  const char *label = arg_label(func, i, buf, sizeof(buf));
  const lt_type_t *type = lt_lite_func_input_type(func, i);
  lk_dtype_t dtype = lt_lite_dtype(lt_type_element(type));
  if (dtype == LK_DTYPE_NONE) {
    lt_strbuf_t ty = {0};
    lt_type_print(type, &ty);
    fprintf(
        stderr,
        "lite-run: error: input '%s' has type %s, for which no random data can "
        "be made: give it with --input\n",
        label, ty.data ? ty.data : "?");
    lt_strbuf_free(&ty);
    return LT_EXIT_FAILURE;
  }
  t->dtype = dtype;
  lt_cl_exit_t rc = random_shape(type, label, given, t);
  if (rc != LT_EXIT_OK) return rc;
  lt_strbuf_t why = {0};
  if (!lt_lite_tensor_matches(type, t, &why)) {
    fprintf(stderr, "lite-run: error: --input-shape for input '%s': %s\n",
            label, why.data ? why.data : "mismatch");
    lt_strbuf_free(&why);
    return LT_EXIT_FAILURE;
  }
  rc = check_size(label, t);
  if (rc != LT_EXIT_OK) return rc;
  if (LT_FAILED(lt_lite_tensor_alloc(allocator, t))) {
    fprintf(
        stderr,
        "lite-run: error: out of memory for random input '%s' (%zu bytes)\n",
        label, lk_nbytes(t));
    return LT_EXIT_FAILURE;
  }
  fill_random(t, o->seed, i);
  return LT_EXIT_OK;
}

static lt_cl_exit_t load_given(const lt_run_binding_t *b,
                               const lt_run_shape_t *given, const char *label,
                               const lt_type_t *type, lt_allocator_t allocator,
                               lk_tensor_t *t) {
  lt_status_t st = lt_run_read_tensor(b->path, allocator, t);
  if (st) {
    fprintf(stderr, "lite-run: error: input '%s': %s\n", label,
            lt_status_message(st));
    lt_status_free(st);
    return LT_EXIT_FAILURE;
  }
  if (given &&
      (given->rank != t->rank ||
       memcmp(given->dims, t->dims, (size_t)t->rank * sizeof(int64_t)) != 0)) {
    fprintf(stderr, "lite-run: error: input '%s': --input-shape says ", label);
    print_shape(stderr, given->rank, given->dims);
    fprintf(stderr, ", but '%s' holds shape ", b->path);
    print_shape(stderr, t->rank, t->dims);
    fputc('\n', stderr);
    return LT_EXIT_FAILURE;
  }
  /* numpy has no bfloat16: bf16 data travels as its uint16 bit patterns
   * (ONNX's test data and numpy helpers do the same). */
  if (t->dtype == LK_U16 && lt_lite_dtype(lt_type_element(type)) == LK_BF16)
    t->dtype = LK_BF16;
  lt_strbuf_t why = {0};
  if (!lt_lite_tensor_matches(type, t, &why)) {
    fprintf(stderr, "lite-run: error: input '%s' from '%s': %s\n", label,
            b->path, why.data ? why.data : "type mismatch");
    lt_strbuf_free(&why);
    return LT_EXIT_FAILURE;
  }
  return LT_EXIT_OK;
}

void lt_run_free_inputs(lt_allocator_t allocator,
                        lt_lite_named_tensor_t *inputs, uint32_t count) {
  for (uint32_t i = 0; inputs && i < count; i++)
    if (inputs[i].tensor.data)
      lt_lite_tensor_free(allocator, &inputs[i].tensor);
  free(inputs);
}

lt_cl_exit_t lt_run_prepare_inputs(const lt_run_options_t *o, lt_op_t *func,
                                   lt_allocator_t allocator,
                                   lt_lite_named_tensor_t **out_inputs,
                                   uint32_t *out_count) {
  uint32_t n = lt_lite_func_num_inputs(func);
  *out_inputs = NULL;
  *out_count = 0;
  lt_lite_named_tensor_t *ins = calloc(n ? n : 1, sizeof(*ins));
  const lt_run_binding_t **by_arg = calloc(n ? n : 1, sizeof(*by_arg));
  const lt_run_shape_t **shape_of = calloc(n ? n : 1, sizeof(*shape_of));
  lt_cl_exit_t rc = ins && by_arg && shape_of ? LT_EXIT_OK : LT_EXIT_FAILURE;
  if (rc != LT_EXIT_OK) fputs("lite-run: error: out of memory\n", stderr);
  /* Names first, so that every unknown name is reported before any file
   * is read. */
  for (uint32_t k = 0; rc == LT_EXIT_OK && k < o->num_inputs; k++) {
    const lt_run_binding_t *b = &o->inputs[k];
    int32_t a = find_arg(func, b->name, b->name_len);
    if (a < 0 || by_arg[a]) {
      fprintf(stderr, "lite-run: error: --input: %s input '%.*s'\n",
              a < 0 ? "unknown" : "second value for", (int)b->name_len,
              b->name);
      if (a < 0) print_known_inputs(func);
      rc = LT_EXIT_FAILURE;
    } else {
      by_arg[a] = b;
    }
  }
  for (uint32_t k = 0; rc == LT_EXIT_OK && k < o->num_shapes; k++) {
    const lt_run_shape_t *s = &o->shapes[k];
    int32_t a = find_arg(func, s->name, s->name_len);
    if (a < 0) {
      fprintf(stderr, "lite-run: error: --input-shape: unknown input '%.*s'\n",
              (int)s->name_len, s->name);
      print_known_inputs(func);
      rc = LT_EXIT_FAILURE;
    } else {
      shape_of[a] = s;
    }
  }
  for (uint32_t i = 0; rc == LT_EXIT_OK && i < n; i++) {
    char buf[32];
    const char *label = arg_label(func, i, buf, sizeof(buf));
    ins[i].name = lt_lite_func_input_name(func, i);
    ins[i].tensor.dtype = LK_DTYPE_NONE;
    rc = by_arg[i]
             ? load_given(by_arg[i], shape_of[i], label,
                          lt_lite_func_input_type(func, i), allocator,
                          &ins[i].tensor)
             : make_random(o, func, i, shape_of[i], allocator, &ins[i].tensor);
  }
  free(by_arg);
  free(shape_of);
  if (rc != LT_EXIT_OK) {
    lt_run_free_inputs(allocator, ins, n);
    return rc;
  }
  *out_inputs = ins;
  *out_count = n;
  return LT_EXIT_OK;
}

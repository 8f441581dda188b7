/* run_artifact - runs a compiled artifact through the C API of
 * liblite_runtime and writes every output as .npy, so that one artifact's
 * results on two machines (x86_64 natively, aarch64 under qemu) can be
 * compared byte for byte or within a tolerance (scripts/check_aarch64.sh).
 *
 *   run_artifact MODEL.lite OUTDIR [INPUT.npy ...]
 *
 * Input i is read from the i-th .npy given (its dtype must be the input's,
 * its shape is taken as is); the inputs not given get a deterministic
 * pattern (floats: a ramp in [-1, 1); integers: 0..4; dynamic dims are 1)
 * and are written to OUTDIR/input_<i>.npy. Output i goes to
 * OUTDIR/output_<i>.npy. Built with -DRUN_ARTIFACT_AOT, the program links
 * an AOT object's kernel table (lite-translate --emit-object) and hands it
 * to the model. It needs only include/lite/lite.h and the runtime. */
#include <lite/lite.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef RUN_ARTIFACT_AOT
extern const lite_kernel_table_t lite_generated_kernels;
#endif

/* Prints a failed call's message and frees the status; 1 on success. */
static int ok(lite_status_t st, const char *what) {
  if (!st) return 1;
  fprintf(stderr, "run_artifact: %s: %s\n", what, lite_status_message(st));
  lite_status_free(st);
  return 0;
}

/* numpy's dtype strings (little-endian; bf16 has none and travels as u2). */
static const char *npy_descr(lite_element_type_t t) {
  static const char *const names[] = {
      [LITE_F32] = "<f4",  [LITE_F64] = "<f8", [LITE_F16] = "<f2",
      [LITE_BF16] = "<u2", [LITE_I8] = "|i1",  [LITE_I16] = "<i2",
      [LITE_I32] = "<i4",  [LITE_I64] = "<i8", [LITE_U8] = "|u1",
      [LITE_U16] = "<u2",  [LITE_U32] = "<u4", [LITE_U64] = "<u8",
      [LITE_BOOL] = "|b1"};
  return (unsigned)t < sizeof names / sizeof *names ? names[t] : NULL;
}

static size_t element_count(int32_t rank, const int64_t *dims) {
  size_t n = 1;
  for (int32_t d = 0; d < rank; d++)
    n *= (size_t)dims[d];
  return n;
}

/* Writes a C-order array in .npy format 1.0; 1 on success. */
static int npy_write(const char *path, lite_element_type_t t, int32_t rank,
                     const int64_t *dims, const void *data, size_t size) {
  char header[512], shape[256] = "";
  size_t len = 0;
  for (int32_t d = 0; d < rank; d++)
    len += (size_t)snprintf(shape + len, sizeof shape - len, "%lld,%s",
                            (long long)dims[d], d + 1 < rank ? " " : "");
  if (rank > 1) shape[len - 1] = '\0'; /* (2, 3), but (4,) */
  int n = snprintf(header, sizeof header,
                   "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }",
                   npy_descr(t), shape);
  /* magic (6) + version (2) + length (2) + header + '\n', padded to 64. */
  size_t total = ((size_t)n + 11 + 63) / 64 * 64;
  memset(header + n, ' ', total - 11 - (size_t)n);
  header[total - 11] = '\n';
  uint16_t hlen = (uint16_t)(total - 10);
  unsigned char pre[10] = "\x93NUMPY\x01\x00"; /* then the length, LE */
  pre[8] = (unsigned char)(hlen & 0xff);
  pre[9] = (unsigned char)(hlen >> 8);
  FILE *f = fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "run_artifact: cannot write %s\n", path);
    return 0;
  }
  int good = fwrite(pre, 1, 10, f) == 10 &&
             fwrite(header, 1, total - 10, f) == total - 10 &&
             fwrite(data, 1, size, f) == size;
  good = (fclose(f) == 0) && good;
  if (!good) fprintf(stderr, "run_artifact: short write to %s\n", path);
  return good;
}

/* Reads a C-order .npy of dtype t: its shape into dims/rank and its data
 * into a new buffer; 1 on success. */
static int npy_read(const char *path, lite_element_type_t t, int32_t *rank,
                    int64_t *dims, void **out_data, size_t *out_size) {
  FILE *f = fopen(path, "rb");
  unsigned char pre[10];
  char header[4096];
  if (!f) {
    fprintf(stderr, "run_artifact: cannot read %s\n", path);
    return 0;
  }
  int good = 0;
  if (fread(pre, 1, 10, f) != 10 || memcmp(pre, "\x93NUMPY\x01", 7) != 0) {
    fprintf(stderr, "run_artifact: %s: not a .npy version 1 file\n", path);
    goto done;
  }
  size_t hlen = (size_t)pre[8] | (size_t)pre[9] << 8;
  if (hlen >= sizeof header || fread(header, 1, hlen, f) != hlen) goto bad;
  header[hlen] = '\0';
  char want[32];
  snprintf(want, sizeof want, "'descr': '%s'", npy_descr(t));
  if (!strstr(header, want) || !strstr(header, "'fortran_order': False")) {
    fprintf(stderr, "run_artifact: %s: expected C-order %s (%s), got %s\n",
            path, lite_element_type_name(t), npy_descr(t), header);
    goto done;
  }
  const char *p = strstr(header, "'shape': (");
  if (!p) goto bad;
  p += strlen("'shape': (");
  *rank = 0;
  while (*p != ')') {
    char *end;
    long long v = strtoll(p, &end, 10);
    if (end == p || v < 0 || *rank == LITE_MAX_RANK) goto bad;
    dims[(*rank)++] = v;
    p = end;
    while (*p == ',' || *p == ' ')
      p++;
  }
  size_t size = element_count(*rank, dims) * lite_element_type_size(t);
  void *data = malloc(size ? size : 1);
  if (!data || fread(data, 1, size, f) != size) {
    free(data);
    goto bad;
  }
  *out_data = data;
  *out_size = size;
  good = 1;
  goto done;
bad:
  fprintf(stderr, "run_artifact: %s: malformed or truncated .npy\n", path);
done:
  fclose(f);
  return good;
}

/* The deterministic input: the same bytes on every machine. */
static void fill_pattern(lite_element_type_t t, void *data, size_t n) {
  for (size_t k = 0; k < n; k++) {
    double ramp = (double)(k % 200) / 100.0 - 1.0;
    int64_t small = (int64_t)(k % 5);
    switch (t) {
    case LITE_F32:
      ((float *)data)[k] = (float)ramp;
      break;
    case LITE_F64:
      ((double *)data)[k] = ramp;
      break;
    case LITE_I8:
      ((int8_t *)data)[k] = (int8_t)small;
      break;
    case LITE_I16:
      ((int16_t *)data)[k] = (int16_t)small;
      break;
    case LITE_I32:
      ((int32_t *)data)[k] = (int32_t)small;
      break;
    case LITE_I64:
      ((int64_t *)data)[k] = small;
      break;
    case LITE_U8:
      ((uint8_t *)data)[k] = (uint8_t)small;
      break;
    case LITE_U16:
      ((uint16_t *)data)[k] = (uint16_t)small;
      break;
    case LITE_U32:
      ((uint32_t *)data)[k] = (uint32_t)small;
      break;
    case LITE_U64:
      ((uint64_t *)data)[k] = (uint64_t)small;
      break;
    case LITE_BOOL:
      ((uint8_t *)data)[k] = (uint8_t)(k % 2);
      break;
    default:
      break; /* f16, bf16: zeros (calloc) */
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: run_artifact MODEL.lite OUTDIR [INPUT.npy ...]\n");
    return 2;
  }
  const char *outdir = argv[2];
  lite_model_options_t mo = {0};
#ifdef RUN_ARTIFACT_AOT
  const lite_kernel_table_t *tables[] = {&lite_generated_kernels};
  mo.kernel_tables = tables;
  mo.num_kernel_tables = 1;
#endif
  lite_model_t *model = NULL;
  if (!ok(lite_model_load_file(argv[1], &mo, &model), "load")) return 1;

  uint32_t num_inputs = lite_model_num_inputs(model);
  void **buffers = calloc(num_inputs ? num_inputs : 1, sizeof *buffers);
  lite_predictor_options_t po = {.num_threads = 1};
  lite_predictor_t *predictor = NULL;
  char path[4096];
  int status = 1;
  if (!buffers ||
      !ok(lite_predictor_create(model, &po, &predictor), "predictor"))
    goto done;
  for (uint32_t i = 0; i < num_inputs; i++) {
    lite_tensor_info_t info;
    size_t size;
    if (!ok(lite_model_input_info(model, i, &info), "input info")) goto done;
    if (!npy_descr(info.element_type)) {
      fprintf(stderr, "run_artifact: input #%u: unknown element type\n", i);
      goto done;
    }
    if ((int)i + 3 < argc) {
      if (!npy_read(argv[i + 3], info.element_type, &info.rank, info.dims,
                    &buffers[i], &size))
        goto done;
    } else {
      for (int32_t d = 0; d < info.rank; d++)
        if (info.dims[d] < 0) info.dims[d] = 1;
      size_t n = element_count(info.rank, info.dims);
      size = n * lite_element_type_size(info.element_type);
      if (!(buffers[i] = calloc(size ? size : 1, 1))) goto done;
      fill_pattern(info.element_type, buffers[i], n);
      snprintf(path, sizeof path, "%s/input_%u.npy", outdir, i);
      if (!npy_write(path, info.element_type, info.rank, info.dims, buffers[i],
                     size))
        goto done;
    }
    if (!ok(lite_predictor_set_input(predictor, i, info.element_type, info.rank,
                                     info.dims, buffers[i], size),
            "set input"))
      goto done;
  }

  if (!ok(lite_predictor_run(predictor), "run")) goto done;

  for (uint32_t i = 0; i < lite_model_num_outputs(model); i++) {
    lite_tensor_info_t info;
    const void *data;
    size_t size;
    if (!ok(lite_predictor_get_output(predictor, i, &info, &data, &size),
            "output"))
      goto done;
    snprintf(path, sizeof path, "%s/output_%u.npy", outdir, i);
    if (!npy_write(path, info.element_type, info.rank, info.dims, data, size))
      goto done;
    printf("output #%u '%s': %s, %zu bytes\n", i, info.name,
           lite_element_type_name(info.element_type), size);
  }
  status = 0;

done:
  lite_predictor_release(predictor);
  for (uint32_t i = 0; buffers && i < num_inputs; i++)
    free(buffers[i]);
  free(buffers);
  lite_model_release(model);
  return status;
}

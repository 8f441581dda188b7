/* lite_example - a copy-me program over lite's C API (include/lite/lite.h):
 * load a compiled artifact, look at its inputs and outputs, fill the
 * inputs, run, print the outputs and where the time went.
 *
 *   lite_example model.lite [num_threads]
 *
 * Make an artifact with the compiler first:
 *   lite-translate --emit-artifact model.onnx -o model.lite */
#include <lite/lite.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints a failed call's message and frees the status; true on success. */
static int ok(lite_status_t st, const char *what) {
  if (!st) return 1;
  fprintf(stderr, "lite_example: %s: %s\n", what, lite_status_message(st));
  lite_status_free(st);
  return 0;
}

static size_t element_count(const lite_tensor_info_t *info) {
  size_t n = 1;
  for (int32_t d = 0; d < info->rank; d++) n *= (size_t)info->dims[d];
  return n;
}

static void print_info(const char *kind, uint32_t i,
                       const lite_tensor_info_t *info) {
  printf("%s #%u '%s': %s [", kind, i, info->name,
         lite_element_type_name(info->element_type));
  for (int32_t d = 0; d < info->rank; d++)
    printf(d ? ", %lld" : "%lld", (long long)info->dims[d]);
  printf("]\n");
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: lite_example model.lite [num_threads]\n");
    return 2;
  }
  printf("lite %s\n", lite_version());
  lite_model_t *model;
  if (!ok(lite_model_load_file(argv[1], NULL, &model), "load")) return 1;

  /* One buffer per input, filled with a ramp in [-1, 1) (floats) or
   * zeros; dynamic dims (-1) are taken as 1 here. */
  uint32_t num_inputs = lite_model_num_inputs(model);
  void **buffers = calloc(num_inputs ? num_inputs : 1, sizeof *buffers);
  lite_predictor_options_t options = {
      .num_threads = argc > 2 ? (uint32_t)atoi(argv[2]) : 1, .profile = 1};
  lite_predictor_t *predictor = NULL;
  int status = 1;
  if (!ok(lite_predictor_create(model, &options, &predictor), "predictor"))
    goto done;
  for (uint32_t i = 0; i < num_inputs; i++) {
    lite_tensor_info_t info;
    if (!ok(lite_model_input_info(model, i, &info), "input info")) goto done;
    for (int32_t d = 0; d < info.rank; d++)
      if (info.dims[d] < 0) info.dims[d] = 1;
    print_info("input", i, &info);
    size_t n = element_count(&info);
    size_t size = n * lite_element_type_size(info.element_type);
    buffers[i] = calloc(size ? size : 1, 1);
    if (info.element_type == LITE_F32)
      for (size_t k = 0; k < n; k++)
        ((float *)buffers[i])[k] = (float)(k % 200) / 100.0f - 1.0f;
    if (!ok(lite_predictor_set_input(predictor, i, info.element_type,
                                     info.rank, info.dims, buffers[i], size),
            "set input"))
      goto done;
  }

  for (int run = 0; run < 3; run++)
    if (!ok(lite_predictor_run(predictor), "run")) goto done;

  for (uint32_t i = 0; i < lite_model_num_outputs(model); i++) {
    lite_tensor_info_t info;
    const void *data;
    size_t size;
    if (!ok(lite_predictor_get_output(predictor, i, &info, &data, &size),
            "output"))
      goto done;
    print_info("output", i, &info);
    if (info.element_type == LITE_F32) {
      size_t n = element_count(&info);
      printf("  first values:");
      for (size_t k = 0; k < n && k < 5; k++)
        printf(" %.6f", ((const float *)data)[k]);
      printf("\n");
    }
  }

  /* Where the time went: every instruction timed, summed over the runs. */
  uint32_t entries = lite_predictor_num_profile_entries(predictor);
  uint64_t total = 0;
  for (uint32_t e = 0; e < entries; e++) {
    lite_profile_entry_t pe;
    if (ok(lite_predictor_profile_entry(predictor, e, &pe), "profile"))
      total += pe.total_ns;
  }
  printf("%u instructions, %.3f ms per run\n", entries, total / 3 / 1e6);
  status = 0;

done:
  lite_predictor_release(predictor);
  for (uint32_t i = 0; i < num_inputs; i++) free(buffers[i]);
  free(buffers);
  lite_model_release(model);
  return status;
}

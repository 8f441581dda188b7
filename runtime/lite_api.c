/* lite_api.c - include/lite/lite.h over the runtime's model and predictor.
 * The public types are the runtime's own under other names: a
 * lite_status_t is an lt_status_t, a lite_model_t an lt_model_t, a
 * lite_predictor_t an lt_predictor_t; the element types are lk_dtype_t's
 * values (checked below). */
#include "include/lite/lite.h"

#include <string.h>

#include "runtime/predictor.h"

#define SAME(pub, in) _Static_assert((int)(pub) == (int)(in), #pub)
SAME(LITE_F32, LK_F32);
SAME(LITE_F64, LK_F64);
SAME(LITE_F16, LK_F16);
SAME(LITE_BF16, LK_BF16);
SAME(LITE_I8, LK_I8);
SAME(LITE_I16, LK_I16);
SAME(LITE_I32, LK_I32);
SAME(LITE_I64, LK_I64);
SAME(LITE_U8, LK_U8);
SAME(LITE_U16, LK_U16);
SAME(LITE_U32, LK_U32);
SAME(LITE_U64, LK_U64);
SAME(LITE_BOOL, LK_BOOL);
SAME(LITE_MAX_RANK, LK_MAX_RANK);
SAME(LITE_STATUS_INVALID_ARGUMENT, LT_STATUS_INVALID_ARGUMENT);
SAME(LITE_STATUS_NOT_FOUND, LT_STATUS_NOT_FOUND);
SAME(LITE_STATUS_OUT_OF_MEMORY, LT_STATUS_OUT_OF_MEMORY);
SAME(LITE_STATUS_IO, LT_STATUS_IO);
SAME(LITE_STATUS_UNIMPLEMENTED, LT_STATUS_UNIMPLEMENTED);
SAME(LITE_STATUS_INTERNAL, LT_STATUS_INTERNAL);
#undef SAME

#define PUB(st) ((lite_status_t)(st))
#define MODEL(m) ((lt_model_t *)(m))
#define PRED(p) ((lt_predictor_t *)(p))

static lite_status_t bad(const char *fmt, const char *what) {
  return PUB(lt_status_make(LT_STATUS_INVALID_ARGUMENT, fmt, what));
}

const char *lite_version(void) { return "0.1.0"; }

lite_status_code_t lite_status_code(lite_status_t s) {
  return (lite_status_code_t)lt_status_code((lt_status_t)s);
}
const char *lite_status_message(lite_status_t s) {
  return lt_status_message((lt_status_t)s);
}
void lite_status_free(lite_status_t s) { lt_status_free((lt_status_t)s); }

const char *lite_element_type_name(lite_element_type_t t) {
  return (unsigned)t < LK_NUM_DTYPES ? lk_dtype_name((lk_dtype_t)t) : "?";
}
size_t lite_element_type_size(lite_element_type_t t) {
  return (unsigned)t < LK_NUM_DTYPES ? lk_dtype_size((lk_dtype_t)t) : 0;
}

static lt_model_options_t model_options(const lite_model_options_t *o) {
  lt_model_options_t mo = {.allocator = lt_allocator_system()};
  if (o && o->allocator.fn)
    mo.allocator = (lt_allocator_t){o->allocator.self, o->allocator.fn};
  if (o) {
    /* The public table is the runtime's lk_kernel_table_t, named opaquely
     * so that the public header stays free of kernels/. */
    mo.kernel_tables = (const lk_kernel_table_t *const *)o->kernel_tables;
    mo.num_kernel_tables = o->kernel_tables ? o->num_kernel_tables : 0;
  }
  return mo;
}

lite_status_t lite_model_load_file(const char *path,
                                   const lite_model_options_t *options,
                                   lite_model_t **out_model) {
  if (!out_model) return bad("%s: out_model is NULL", "lite_model_load_file");
  *out_model = NULL;
  if (!path) return bad("%s: path is NULL", "lite_model_load_file");
  lt_model_options_t mo = model_options(options);
  return PUB(lt_model_load_file(path, &mo, (lt_model_t **)out_model));
}

lite_status_t lite_model_load_buffer(const void *data, size_t size,
                                     const lite_model_options_t *options,
                                     lite_model_t **out_model) {
  if (!out_model) return bad("%s: out_model is NULL", "lite_model_load_buffer");
  *out_model = NULL;
  if (!data && size) return bad("%s: data is NULL", "lite_model_load_buffer");
  lt_model_options_t mo = model_options(options);
  return PUB(lt_model_load_buffer(data, size, &mo, (lt_model_t **)out_model));
}

void lite_model_release(lite_model_t *model) { lt_model_release(MODEL(model)); }

uint32_t lite_model_num_inputs(const lite_model_t *model) {
  return model ? lt_artifact_num_inputs(lt_model_artifact(MODEL(model))) : 0;
}
uint32_t lite_model_num_outputs(const lite_model_t *model) {
  return model ? lt_artifact_num_outputs(lt_model_artifact(MODEL(model))) : 0;
}

static void info_of(const lt_artifact_tensor_t *t, const char *name,
                    lite_tensor_info_t *out) {
  memset(out, 0, sizeof *out);
  out->name = name;
  out->element_type = (lite_element_type_t)t->dtype;
  out->rank = t->rank;
  if (t->rank > 0) memcpy(out->dims, t->dims, (size_t)t->rank * sizeof(int64_t));
}

static lite_status_t io_info(const lite_model_t *model, uint32_t index,
                             bool input, lite_tensor_info_t *out_info) {
  if (!model || !out_info)
    return bad("%s: model or out_info is NULL", "lite_model_io_info");
  const lt_model_t *m = MODEL(model);
  const lt_artifact_t *a = lt_model_artifact(m);
  uint32_t n = input ? lt_artifact_num_inputs(a) : lt_artifact_num_outputs(a);
  if (index >= n)
    return PUB(lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                              "%s #%u: the model has %u", input ? "input" : "output",
                              index, n));
  uint32_t t = input ? lt_artifact_input(a, index) : lt_artifact_output(a, index);
  info_of(lt_artifact_tensor(a, t),
          input ? lt_model_input_name(m, index) : lt_model_output_name(m, index),
          out_info);
  return NULL;
}

lite_status_t lite_model_input_info(const lite_model_t *model, uint32_t index,
                                    lite_tensor_info_t *out_info) {
  return io_info(model, index, true, out_info);
}
lite_status_t lite_model_output_info(const lite_model_t *model, uint32_t index,
                                     lite_tensor_info_t *out_info) {
  return io_info(model, index, false, out_info);
}

static lite_status_t find_io(const lite_model_t *model, const char *name,
                             bool input, uint32_t *out_index) {
  if (!model || !out_index)
    return bad("%s: model or out_index is NULL", "lite_model_find");
  const lt_model_t *m = MODEL(model);
  const lt_artifact_t *a = lt_model_artifact(m);
  uint32_t n = input ? lt_artifact_num_inputs(a) : lt_artifact_num_outputs(a);
  for (uint32_t i = 0; name && out_index && i < n; i++)
    if (strcmp(input ? lt_model_input_name(m, i) : lt_model_output_name(m, i),
               name) == 0) {
      *out_index = i;
      return NULL;
    }
  return PUB(lt_status_make(LT_STATUS_NOT_FOUND, "the model has no %s named '%s'",
                            input ? "input" : "output", name ? name : "(null)"));
}

lite_status_t lite_model_find_input(const lite_model_t *model,
                                    const char *name, uint32_t *out_index) {
  return find_io(model, name, true, out_index);
}
lite_status_t lite_model_find_output(const lite_model_t *model,
                                     const char *name, uint32_t *out_index) {
  return find_io(model, name, false, out_index);
}

lite_status_t lite_predictor_create(lite_model_t *model,
                                    const lite_predictor_options_t *options,
                                    lite_predictor_t **out_predictor) {
  if (!out_predictor)
    return bad("%s: out_predictor is NULL", "lite_predictor_create");
  *out_predictor = NULL;
  if (!model) return bad("%s: model is NULL", "lite_predictor_create");
  lt_predictor_options_t po = {.num_threads = options ? options->num_threads : 1,
                               .profile = options && options->profile,
                               .spin_us = options ? options->spin_us : 0};
  return PUB(lt_predictor_create(MODEL(model), &po,
                                 (lt_predictor_t **)out_predictor));
}

void lite_predictor_release(lite_predictor_t *p) {
  lt_predictor_destroy(PRED(p));
}

lite_status_t lite_predictor_set_input(lite_predictor_t *p, uint32_t index,
                                       lite_element_type_t element_type,
                                       int32_t rank, const int64_t *dims,
                                       const void *data, size_t size) {
  if (!p || (!dims && rank > 0))
    return bad("%s: predictor or dims is NULL", "lite_predictor_set_input");
  return PUB(lt_predictor_set_input(PRED(p), index, (lk_dtype_t)element_type,
                                    rank, dims, data, size));
}

lite_status_t lite_predictor_run(lite_predictor_t *p) {
  if (!p) return bad("%s: predictor is NULL", "lite_predictor_run");
  return PUB(lt_predictor_run(PRED(p)));
}

lite_status_t lite_predictor_get_output(const lite_predictor_t *p,
                                        uint32_t index,
                                        lite_tensor_info_t *out_info,
                                        const void **out_data,
                                        size_t *out_size) {
  if (!p || !out_info || !out_data || !out_size)
    return bad("%s: an argument is NULL", "lite_predictor_get_output");
  *out_data = NULL;
  *out_size = 0;
  lite_status_t st = io_info((const lite_model_t *)lt_predictor_model(PRED(p)),
                             index, false, out_info);
  if (st) return st;
  const lk_view_t *v = lt_predictor_output(PRED(p), index);
  lk_tensor_t t;
  if (!lk_view_to_tensor(v, &t))
    return PUB(lt_status_make(LT_STATUS_UNIMPLEMENTED,
                              "output #%u ('%s') is stored %s, not dense nchw",
                              index, out_info->name, lk_layout_name(v->layout)));
  out_info->rank = t.rank;
  if (t.rank > 0) memcpy(out_info->dims, t.dims, (size_t)t.rank * sizeof(int64_t));
  *out_data = t.data;
  *out_size = lk_nbytes(&t);
  return NULL;
}

uint32_t lite_predictor_num_profile_entries(const lite_predictor_t *p) {
  return p ? lt_model_num_instrs(lt_predictor_model(PRED(p))) : 0;
}

lite_status_t lite_predictor_profile_entry(const lite_predictor_t *p,
                                           uint32_t index,
                                           lite_profile_entry_t *out_entry) {
  if (!p || !out_entry || index >= lite_predictor_num_profile_entries(p))
    return bad("%s: no such entry", "lite_predictor_profile_entry");
  const lt_model_t *m = lt_predictor_model(PRED(p));
  if (index >= lt_model_num_instrs(m))
    return bad("%s: no such entry", "lite_predictor_profile_entry");
  const lt_rt_instr_t *ins = lt_model_instr(m, index);
  const lt_predictor_instr_profile_t *pr = &lt_predictor_profile(PRED(p))[index];
  *out_entry = (lite_profile_entry_t){ins->op_name, ins->kernel_name,
                                      ins->nodes, pr->total_ns, pr->calls};
  return NULL;
}

void lite_predictor_profile_reset(lite_predictor_t *p) {
  if (p) lt_predictor_profile_reset(PRED(p));
}

/* model.c - load-time preparation: resolve every instruction to its kernel
 * row and plan step, plan it over the tensor table's shapes, check what the
 * step gives against what the compiler recorded, and pack weights. */
#include "runtime/model.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "runtime/target.h"

struct lt_model {
  lt_allocator_t al;
  atomic_uint refs;
  lt_artifact_t *art;
  lk_registry_t *own_registry; /* created here when none was given */
  const lk_registry_t *registry;
  lk_cpu_info_t cpu;
  lt_rt_target_t host;
  lt_rt_instr_t *instrs;
  uint32_t num_instrs;
  lk_tensor_t *weights;     /* per tensor; dtype none unless a weight */
  uint8_t *tensor_replan;   /* per tensor: lt_rt_replan_t */
  size_t max_workspace;
  size_t packed_bytes;
  char *names; /* the NUL-terminated copies of instructions and io names */
  size_t names_size;
  const char **io_names; /* inputs, then outputs */
  void (*free_buffer)(void *data, size_t size);
  void *buffer; /* owned when free_buffer is set */
  size_t buffer_size;
  void *keep; /* options->keep, released with the model */
  void (*release_keep)(void *keep);
};

const char *lt_model_instr_label(const lt_model_t *m, uint32_t i, char *buf,
                                 size_t cap) {
  const lt_artifact_instr_t *ai = lt_artifact_instr(m->art, i);
  int n = snprintf(buf, cap, "instruction #%u (%.*s, %.*s", i,
                   (int)ai->op.len, ai->op.data, (int)ai->kernel.len,
                   ai->kernel.data);
  for (uint32_t l = 0; l < ai->num_locs && n > 0 && (size_t)n < cap; l++)
    n += snprintf(buf + n, cap - (size_t)n, "%s'%.*s'",
                  l ? ", " : (ai->num_locs > 1 ? "; ONNX nodes " : "; ONNX node "),
                  (int)ai->locs[l].len, ai->locs[l].data);
  if (n > 0 && (size_t)n < cap) snprintf(buf + n, cap - (size_t)n, ")");
  return buf;
}

static lt_status_t instr_error(const lt_model_t *m, uint32_t i,
                               lt_status_code_t code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static lt_status_t instr_error(const lt_model_t *m, uint32_t i,
                               lt_status_code_t code, const char *fmt, ...) {
  char label[384], msg[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return lt_status_make(code, "%s: %s",
                        lt_model_instr_label(m, i, label, sizeof label), msg);
}

/* The op name without its dialect prefix, NUL-terminated into buf. */
static bool op_name(const lt_artifact_instr_t *ai, char *buf, size_t cap) {
  if (ai->op.len <= 5 || memcmp(ai->op.data, "lite.", 5) != 0 ||
      ai->op.len - 5 >= cap)
    return false;
  memcpy(buf, ai->op.data + 5, ai->op.len - 5);
  buf[ai->op.len - 5] = '\0';
  return true;
}

static void shape_of_tensor(const lt_model_t *m, uint32_t t, lk_shape_t *s) {
  const lt_artifact_tensor_t *at = lt_artifact_tensor(m->art, t);
  memset(s, 0, sizeof *s);
  s->dtype = at->storage == LT_ARTIFACT_STORAGE_NONE ? LK_DTYPE_NONE
                                                      : at->dtype;
  s->rank = s->dtype == LK_DTYPE_NONE ? -1 : at->rank;
  if (s->rank > 0) memcpy(s->dims, at->dims, (size_t)s->rank * sizeof(int64_t));
  if (m->weights[t].dtype != LK_DTYPE_NONE) s->value = &m->weights[t];
}

/* Planned result r against the tensor table: its element type, and the
 * dims both know; and against the size limit the loader holds the table
 * to. */
static lt_status_t check_recorded(const lt_model_t *m, uint32_t i, uint32_t r,
                                  const lk_shape_t *got) {
  const lt_artifact_tensor_t *t =
      lt_artifact_tensor(m->art, m->instrs[i].ai->results[r]);
  char a[96], b[96];
  if (got->dtype != t->dtype)
    return instr_error(m, i, LT_STATUS_INVALID_ARGUMENT,
                       "result #%u: the plan step gives element type %s, the "
                       "artifact records %s",
                       r, lk_dtype_name(got->dtype), lk_dtype_name(t->dtype));
  bool same = got->rank < 0 || t->rank < 0 || got->rank == t->rank;
  for (int32_t d = 0; same && got->rank > 0 && d < got->rank; d++)
    same = got->dims[d] < 0 || t->dims[d] < 0 || got->dims[d] == t->dims[d];
  if (!same)
    return instr_error(m, i, LT_STATUS_INVALID_ARGUMENT,
                       "result #%u: the plan step gives shape %s, the "
                       "artifact records %s",
                       r, lk_dims_str(got->dims, got->rank, a, sizeof a),
                       lk_dims_str(t->dims, t->rank, b, sizeof b));
  if (!lk_dims_in_limit(got->dims, got->rank))
    return instr_error(m, i, LT_STATUS_INVALID_ARGUMENT,
                       "result #%u: the plan step gives shape %s, too large "
                       "(its nonzero dims multiply past %lld)",
                       r, lk_dims_str(got->dims, got->rank, a, sizeof a),
                       (long long)LK_DATA_MAX_ELEMENTS);
  return LT_OK;
}

lt_status_t lt_model_plan(const lt_model_t *m, uint32_t i,
                          const lk_shape_t *in, lk_shape_t *out, void *params,
                          size_t *out_workspace, bool *out_values_missing) {
  const lt_rt_instr_t *ins = &m->instrs[i];
  const lt_artifact_instr_t *ai = ins->ai;
  lk_plan_t p;
  lk_plan_init(&p, ins->attrs, m->al);
  memset(out, 0, ai->num_results * sizeof *out);
  if (LT_FAILED(lk_plan_step_run(ins->step, &p, in, ai->num_operands, out,
                                 ai->num_results, params)))
    return instr_error(m, i, LT_STATUS_INVALID_ARGUMENT, "%s", p.error);
  for (uint32_t r = 0; r < ai->num_results; r++) {
    if (out[r].dtype == LK_DTYPE_NONE)
      out[r].dtype = lt_artifact_tensor(m->art, ai->results[r])->dtype;
    LT_RETURN_IF_ERROR(check_recorded(m, i, r, &out[r]));
  }
  *out_workspace = p.workspace_size;
  if (out_values_missing) *out_values_missing = p.values_missing;
  return LT_OK;
}

/* Checks planned result r against its arena slot; *out_static tells
 * whether the step fixed every dim. */
static lt_status_t check_result(const lt_model_t *m, uint32_t i, uint32_t r,
                                const lk_shape_t *got, bool *out_static) {
  const lt_artifact_tensor_t *t =
      lt_artifact_tensor(m->art, m->instrs[i].ai->results[r]);
  char a[96];
  bool fixed = got->rank >= 0;
  for (int32_t d = 0; fixed && d < got->rank; d++) fixed = got->dims[d] >= 0;
  *out_static = fixed;
  if (!fixed || t->storage != LT_ARTIFACT_STORAGE_ARENA) return LT_OK;
  lk_view_t v;
  if (!lk_view_dense(&v, got->dtype, got->rank, got->dims, t->place.layout,
                     NULL))
    return instr_error(m, i, LT_STATUS_INVALID_ARGUMENT,
                       "result #%u: shape %s cannot be stored %s", r,
                       lk_dims_str(got->dims, got->rank, a, sizeof a),
                       lk_layout_name(t->place.layout));
  if (v.nbytes > t->size)
    return instr_error(m, i, LT_STATUS_INVALID_ARGUMENT,
                       "result #%u: needs %zu bytes, its arena slot holds "
                       "%llu",
                       r, v.nbytes, (unsigned long long)t->size);
  return LT_OK;
}

/* Packs the constant operands of instruction i when its kernel packs. */
static lt_status_t pack(lt_model_t *m, uint32_t i, const lk_shape_t *in) {
  lt_rt_instr_t *ins = &m->instrs[i];
  if (!ins->kernel->pack) return LT_OK;
  uint32_t n = ins->ai->num_operands;
  lk_view_t *consts = lt_calloc(m->al, (n ? n : 1) * sizeof *consts);
  if (!consts) return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  lt_status_t st = LT_OK;
  for (uint32_t k = 0; k < n && !st; k++) {
    consts[k].dtype = in[k].dtype;
    if (in[k].dtype == LK_DTYPE_NONE || in[k].rank < 0) continue;
    consts[k].rank = in[k].rank;
    memcpy(consts[k].dims, in[k].dims, sizeof in[k].dims);
    if (in[k].value)
      lk_view_dense(&consts[k], in[k].dtype, in[k].rank, in[k].dims,
                    LK_LAYOUT_NCHW, in[k].value->data);
  }
  size_t size = 0;
  st = ins->kernel->pack(ins->params, consts, n, NULL, &size);
  if (!st && size) {
    st = lt_rt_target_malloc(&m->host, size, LT_ARTIFACT_ALIGN, &ins->packed);
    if (!st) st = ins->kernel->pack(ins->params, consts, n, ins->packed, &size);
    ins->packed_size = size;
    m->packed_bytes += size;
  }
  lt_free(m->al, consts, (n ? n : 1) * sizeof *consts);
  if (st) {
    lt_status_t wrapped = instr_error(m, i, lt_status_code(st), "packing: %s",
                                      lt_status_message(st));
    lt_status_free(st);
    return wrapped;
  }
  return LT_OK;
}

/* Resolves, plans and packs instruction i. */
static lt_status_t prepare_instr(lt_model_t *m, uint32_t i) {
  lt_rt_instr_t *ins = &m->instrs[i];
  const lt_artifact_instr_t *ai = ins->ai;
  char op[64], kname[128];
  if (!op_name(ai, op, sizeof op))
    return instr_error(m, i, LT_STATUS_UNIMPLEMENTED,
                       "not an op of the lite dialect");
  ins->step = lk_plan_step_find(op);
  if (!ins->step)
    return instr_error(m, i, LT_STATUS_UNIMPLEMENTED,
                       "this runtime has no plan step for lite.%s", op);
  snprintf(kname, sizeof kname, "%.*s", (int)ai->kernel.len, ai->kernel.data);
  ins->kernel = lk_registry_find(m->registry, kname);
  if (!ins->kernel)
    return instr_error(m, i, LT_STATUS_UNIMPLEMENTED,
                       "kernel '%s' is not in this runtime's registry", kname);
  if (strcmp(ins->kernel->op, op) != 0)
    return instr_error(m, i, LT_STATUS_INVALID_ARGUMENT,
                       "kernel '%s' implements lite.%s, not lite.%s", kname,
                       ins->kernel->op, op);
  if (!lk_kernel_runnable(ins->kernel))
    return instr_error(m, i, LT_STATUS_UNIMPLEMENTED,
                       "kernel '%s' has no run function in this runtime",
                       kname);
  ins->attrs = lt_artifact_instr_attrs(ai);
  ins->params = lt_calloc(m->al, ins->step->params_size);
  uint32_t nin = ai->num_operands, nout = ai->num_results;
  uint32_t slots = nin > LT_RT_MIN_PLAN_OPERANDS ? nin : LT_RT_MIN_PLAN_OPERANDS;
  lk_shape_t *in = lt_calloc(m->al, (slots + nout + 1) * sizeof *in);
  if (!ins->params || !in) {
    lt_free(m->al, in, (slots + nout + 1) * sizeof *in);
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  }
  lk_shape_t *out = in + slots;
  for (uint32_t k = nin; k < slots; k++) in[k] = (lk_shape_t){.dtype = LK_DTYPE_NONE, .rank = -1};
  lt_rt_replan_t in_kind = LT_RT_REPLAN_NEVER;
  for (uint32_t k = 0; k < nin; k++) {
    shape_of_tensor(m, ai->operands[k], &in[k]);
    if (m->tensor_replan[ai->operands[k]] > in_kind)
      in_kind = m->tensor_replan[ai->operands[k]];
  }
  bool missing = false;
  lt_status_t st = lt_model_plan(m, i, in, out, ins->params,
                                 &ins->workspace_size, &missing);
  ins->replan = missing ? LT_RT_REPLAN_ALWAYS : in_kind;
  for (uint32_t r = 0; r < nout && !st; r++) {
    bool fixed = false;
    st = check_result(m, i, r, &out[r], &fixed);
    /* Static inputs and an open result: the result depends on operand
     * values, known only when the op runs. */
    lt_rt_replan_t kind = in_kind;
    if (!fixed && kind == LT_RT_REPLAN_NEVER) kind = LT_RT_REPLAN_ALWAYS;
    /* A result the runtime allocates is bound by the first run's plan. */
    if (kind == LT_RT_REPLAN_NEVER &&
        lt_artifact_tensor(m->art, ai->results[r])->storage ==
            LT_ARTIFACT_STORAGE_DYNAMIC)
      kind = LT_RT_REPLAN_ON_SHAPES;
    m->tensor_replan[ai->results[r]] = (uint8_t)kind;
    if (kind > ins->replan) ins->replan = kind;
  }
  if (!st && ins->replan == LT_RT_REPLAN_NEVER) st = pack(m, i, in);
  if (!st && ins->workspace_size > m->max_workspace)
    m->max_workspace = ins->workspace_size;
  lt_free(m->al, in, (slots + nout + 1) * sizeof *in);
  return st;
}

/* The weights' contents and the replan kind of inputs. */
static lt_status_t prepare_tensors(lt_model_t *m) {
  uint32_t n = lt_artifact_num_tensors(m->art);
  m->weights = lt_calloc(m->al, (n ? n : 1) * sizeof *m->weights);
  m->tensor_replan = lt_calloc(m->al, n ? n : 1);
  if (!m->weights || !m->tensor_replan)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  for (uint32_t t = 0; t < n; t++) {
    const lt_artifact_tensor_t *at = lt_artifact_tensor(m->art, t);
    m->weights[t].dtype = LK_DTYPE_NONE;
    bool fixed = at->rank >= 0;
    for (int32_t d = 0; fixed && d < at->rank; d++) fixed = at->dims[d] >= 0;
    if (at->storage == LT_ARTIFACT_STORAGE_INPUT && !fixed)
      m->tensor_replan[t] = LT_RT_REPLAN_ON_SHAPES;
    if (at->storage != LT_ARTIFACT_STORAGE_WEIGHT) continue;
    lk_view_t v;
    if (!fixed || !lk_view_dense(&v, at->dtype, at->rank, at->dims,
                                 LK_LAYOUT_NCHW, NULL))
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "tensor #%u: a weight needs a static shape", t);
    if (v.nbytes > at->size)
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "tensor #%u: a %s weight of shape %s needs %zu "
                            "bytes, the file holds %llu",
                            t, lk_dtype_name(at->dtype),
                            lk_dims_str(at->dims, at->rank, (char[96]){0}, 96),
                            v.nbytes, (unsigned long long)at->size);
    m->weights[t] = (lk_tensor_t){at->dtype, at->rank, {0}, (void *)at->data};
    memcpy(m->weights[t].dims, at->dims, sizeof at->dims);
  }
  return LT_OK;
}

/* Appends s[0..n) and a NUL at *at; returns where it starts. */
static const char *put(char **at, const char *s, size_t n) {
  char *start = *at;
  memcpy(start, s, n);
  start[n] = '\0';
  *at += n + 1;
  return start;
}

/* The NUL-terminated copies of rt_instr_t's names and the io names. */
static lt_status_t copy_names(lt_model_t *m) {
  uint32_t ni = lt_artifact_num_inputs(m->art),
           no = lt_artifact_num_outputs(m->art);
  size_t size = 1;
  for (uint32_t i = 0; i < m->num_instrs; i++) {
    const lt_artifact_instr_t *ai = m->instrs[i].ai;
    size += ai->op.len + ai->kernel.len + 3;
    for (uint32_t l = 0; l < ai->num_locs; l++) size += ai->locs[l].len + 1;
  }
  for (uint32_t i = 0; i < ni + no; i++) {
    uint32_t t = i < ni ? lt_artifact_input(m->art, i)
                        : lt_artifact_output(m->art, i - ni);
    size += lt_artifact_tensor(m->art, t)->name.len + 1;
  }
  m->names = lt_alloc(m->al, size);
  m->io_names = lt_calloc(m->al, (ni + no + 1) * sizeof *m->io_names);
  m->names_size = size;
  if (!m->names || !m->io_names)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  char *at = m->names;
  for (uint32_t i = 0; i < m->num_instrs; i++) {
    lt_rt_instr_t *ins = &m->instrs[i];
    const lt_artifact_instr_t *ai = ins->ai;
    ins->op_name = put(&at, ai->op.data, ai->op.len);
    ins->kernel_name = put(&at, ai->kernel.data, ai->kernel.len);
    ins->nodes = at;
    for (uint32_t l = 0; l < ai->num_locs; l++) {
      if (l) *at++ = ',';
      memcpy(at, ai->locs[l].data, ai->locs[l].len);
      at += ai->locs[l].len;
    }
    *at++ = '\0';
  }
  for (uint32_t i = 0; i < ni + no; i++) {
    uint32_t t = i < ni ? lt_artifact_input(m->art, i)
                        : lt_artifact_output(m->art, i - ni);
    lt_artifact_str_t n = lt_artifact_tensor(m->art, t)->name;
    m->io_names[i] = put(&at, n.data, n.len);
  }
  return LT_OK;
}

static lt_status_t prepare(lt_model_t *m) {
  if (!lt_rt_target_get(LK_TARGET_HOST, m->al, &m->host))
    return lt_status_make(LT_STATUS_INTERNAL, "no host target");
  for (uint32_t a = 0; a < lt_artifact_num_arenas(m->art); a++) {
    const lt_artifact_arena_t *ar = lt_artifact_arena(m->art, a);
    lt_rt_target_t t;
    if (!lt_rt_target_get(ar->target, m->al, &t))
      return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                            "arena '%.*s': this runtime has no %s target",
                            (int)ar->name.len, ar->name.data,
                            lk_target_name(ar->target));
  }
  LT_RETURN_IF_ERROR(prepare_tensors(m));
  m->num_instrs = lt_artifact_num_instrs(m->art);
  m->instrs = lt_calloc(m->al, (m->num_instrs ? m->num_instrs : 1) *
                                   sizeof *m->instrs);
  if (!m->instrs)
    return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  for (uint32_t i = 0; i < m->num_instrs; i++)
    m->instrs[i].ai = lt_artifact_instr(m->art, i);
  LT_RETURN_IF_ERROR(copy_names(m));
  for (uint32_t i = 0; i < m->num_instrs; i++)
    LT_RETURN_IF_ERROR(prepare_instr(m, i));
  return LT_OK;
}

static void model_free(lt_model_t *m) {
  for (uint32_t i = 0; m->instrs && i < m->num_instrs; i++) {
    lt_rt_instr_t *ins = &m->instrs[i];
    if (ins->params) lt_free(m->al, ins->params, ins->step->params_size);
    if (ins->packed) lt_rt_target_free(&m->host, ins->packed, ins->packed_size);
  }
  uint32_t n = m->art ? lt_artifact_num_tensors(m->art) : 0;
  if (m->instrs)
    lt_free(m->al, m->instrs,
            (m->num_instrs ? m->num_instrs : 1) * sizeof *m->instrs);
  if (m->weights) lt_free(m->al, m->weights, (n ? n : 1) * sizeof *m->weights);
  if (m->tensor_replan) lt_free(m->al, m->tensor_replan, n ? n : 1);
  if (m->names) lt_free(m->al, m->names, m->names_size);
  if (m->io_names)
    lt_free(m->al, m->io_names,
            (lt_artifact_num_inputs(m->art) + lt_artifact_num_outputs(m->art) +
             1) * sizeof *m->io_names);
  lk_registry_destroy(m->own_registry);
  lt_artifact_free(m->art);
  if (m->free_buffer) m->free_buffer(m->buffer, m->buffer_size);
  /* After everything that may point into it (the kernel rows). */
  if (m->release_keep) m->release_keep(m->keep);
  lt_free(m->al, m, sizeof *m);
}

/* Finishes a load: on failure frees m and prefixes the status with what. */
static lt_status_t finish(lt_model_t *m, const char *what, lt_status_t st,
                          lt_model_t **out_model) {
  if (!st) st = prepare(m);
  if (st) {
    lt_status_t wrapped = lt_status_make(lt_status_code(st), "%s: %s", what,
                                         lt_status_message(st));
    lt_status_free(st);
    model_free(m);
    return wrapped;
  }
  *out_model = m;
  return LT_OK;
}

static lt_status_t model_new(const lt_model_options_t *options,
                             lt_model_t **out) {
  lt_allocator_t al =
      options && options->allocator.fn ? options->allocator
                                       : lt_allocator_system();
  lt_model_t *m = lt_calloc(al, sizeof *m);
  if (!m) return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
  m->al = al;
  atomic_init(&m->refs, 1);
  m->registry = options ? options->registry : NULL;
  uint32_t num_tables = options ? options->num_kernel_tables : 0;
  if (num_tables && m->registry) {
    lt_free(al, m, sizeof *m);
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "model options: give kernel tables or a registry, "
                          "not both (add the tables to the registry)");
  }
  if (!m->registry) {
    m->own_registry = lk_registry_create();
    m->registry = m->own_registry;
    if (!m->registry) {
      lt_free(al, m, sizeof *m);
      return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
    }
  }
  for (uint32_t t = 0; t < num_tables; t++) {
    const lk_kernel_table_t *table = options->kernel_tables[t];
    uint32_t at = 0;
    lk_reg_status_t rs =
        lk_registry_add_table(m->own_registry, table, "dispatch", &at);
    if (rs == LK_REG_OK) continue;
    lt_status_t st;
    if (rs == LK_REG_VERSION)
      st = lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "kernel table #%u: written for kernel ABI version "
                          "%u; this runtime takes version %u",
                          t, table ? table->version : 0,
                          LK_KERNEL_TABLE_VERSION);
    else if (!table || at >= table->count)
      st = lt_status_make(LT_STATUS_INVALID_ARGUMENT, "kernel table #%u: %s",
                          t, lk_reg_status_message(rs));
    else
      st = lt_status_make(rs == LK_REG_NO_MEMORY ? LT_STATUS_OUT_OF_MEMORY
                                                 : LT_STATUS_INVALID_ARGUMENT,
                          "kernel table #%u, entry #%u ('%s'): %s", t, at,
                          table->entries[at].name ? table->entries[at].name
                                                  : "(no name)",
                          lk_reg_status_message(rs));
    lk_registry_destroy(m->own_registry);
    lt_free(al, m, sizeof *m);
    return st;
  }
  lk_cpu_detect(&m->cpu);
  if (options && options->release_keep) {
    m->keep = options->keep;
    m->release_keep = options->release_keep;
  }
  *out = m;
  return LT_OK;
}

lt_status_t lt_model_load_file(const char *path,
                               const lt_model_options_t *options,
                               lt_model_t **out_model) {
  *out_model = NULL;
  lt_model_t *m;
  lt_status_t st = model_new(options, &m);
  if (st) {
    if (options && options->release_keep) options->release_keep(options->keep);
    return st;
  }
  return finish(m, path, lt_artifact_load_file(path, m->al, &m->art),
                out_model);
}

lt_status_t lt_model_load_buffer(const void *data, size_t size,
                                 const lt_model_options_t *options,
                                 lt_model_t **out_model) {
  *out_model = NULL;
  lt_model_t *m;
  lt_status_t st = model_new(options, &m);
  if (st) {
    if (options && options->free_buffer) options->free_buffer((void *)data, size);
    if (options && options->release_keep) options->release_keep(options->keep);
    return st;
  }
  if (options && options->free_buffer) {
    m->free_buffer = options->free_buffer;
    m->buffer = (void *)data;
    m->buffer_size = size;
  }
  return finish(m, "<buffer>", lt_artifact_load_buffer(data, size, m->al, &m->art),
                out_model);
}

void lt_model_retain(lt_model_t *m) {
  atomic_fetch_add_explicit(&m->refs, 1, memory_order_relaxed);
}

void lt_model_release(lt_model_t *m) {
  if (m && atomic_fetch_sub_explicit(&m->refs, 1, memory_order_acq_rel) == 1)
    model_free(m);
}

const lt_artifact_t *lt_model_artifact(const lt_model_t *m) { return m->art; }
uint32_t lt_model_num_instrs(const lt_model_t *m) { return m->num_instrs; }
const lt_rt_instr_t *lt_model_instr(const lt_model_t *m, uint32_t i) {
  return &m->instrs[i];
}
const lk_tensor_t *lt_model_weight(const lt_model_t *m, uint32_t t) {
  return m->weights[t].dtype == LK_DTYPE_NONE ? NULL : &m->weights[t];
}
lt_rt_replan_t lt_model_tensor_replan(const lt_model_t *m, uint32_t t) {
  return (lt_rt_replan_t)m->tensor_replan[t];
}
size_t lt_model_max_workspace(const lt_model_t *m) { return m->max_workspace; }
const lk_cpu_info_t *lt_model_cpu(const lt_model_t *m) { return &m->cpu; }
lt_allocator_t lt_model_allocator(const lt_model_t *m) { return m->al; }
size_t lt_model_packed_bytes(const lt_model_t *m) { return m->packed_bytes; }
const char *lt_model_input_name(const lt_model_t *m, uint32_t i) {
  return m->io_names[i];
}
const char *lt_model_output_name(const lt_model_t *m, uint32_t i) {
  return m->io_names[lt_artifact_num_inputs(m->art) + i];
}

/* predictor.c - arenas, bound views, prebuilt call records and the run
 * loop. Everything a run needs is built at create; a static instruction's
 * run is its kernel call and nothing else. */
#include "runtime/predictor.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "runtime/target.h"
#include "runtime/thread_pool.h"

typedef struct step {
  lk_call_t call;
  lk_view_t *in, *out; /* the call's views: copies of the tensors' */
  void *params;        /* the model's, or this predictor's when re-planned */
  bool refresh;        /* reads a model input: re-copy views before a call */
  /* lite.io_copy: the bytes move through the destination's TargetWrapper
   * (in the direction the two targets give), not through a kernel. */
  const lt_rt_target_t *copy_to;
  lt_rt_copy_dir_t copy_dir;
} step_t;

typedef struct arena {
  lt_rt_target_t target;
  void *base;
  size_t size;
} arena_t;

struct lt_predictor {
  lt_model_t *m;
  lt_rt_target_t targets[LK_NUM_TARGETS]; /* the wrappers io_copy uses */
  const lt_artifact_t *art;
  lt_allocator_t al;
  arena_t *arenas;
  uint32_t num_arenas, num_tensors, num_instrs;
  lk_view_t *views;  /* per tensor */
  void **dyn;        /* per tensor: the buffer of a dynamic-storage one */
  size_t *dyn_size;
  lk_tensor_t *vals; /* per tensor: its contents for plan steps, if nchw */
  bool *input_set;
  step_t *steps;
  lk_view_t *view_pool;
  size_t view_pool_count;
  void *owned_params; /* the re-planned instructions' parameter blocks */
  size_t owned_params_size;
  lk_shape_t *scratch; /* shapes for a re-plan */
  size_t scratch_count;
  void *workspace;
  size_t workspace_size;
  lt_rt_target_t host;
  lt_rt_thread_pool_t *pool;
  lk_target_ctx_t target;
  bool shapes_changed;
  bool profile;
  lt_predictor_instr_profile_t *prof;
  void (*on_instr)(void *user, uint32_t instr, uint64_t start_ns,
                   uint64_t end_ns);
  void *on_instr_user;
};

static lt_status_t oom(void) {
  return lt_status_make(LT_STATUS_OUT_OF_MEMORY, "out of memory");
}

/* Wraps st in "<instruction label>: ". */
static lt_status_t at_instr(const lt_predictor_t *p, uint32_t i,
                            lt_status_t st) {
  char label[384];
  lt_status_t w = lt_status_make(
      lt_status_code(st), "%s: %s",
      lt_model_instr_label(p->m, i, label, sizeof label),
      lt_status_message(st));
  lt_status_free(st);
  return w;
}

/* io_copy: one dense buffer to another of the same bytes. */
static lt_status_t copy(const step_t *s) {
  const lk_view_t *from = &s->in[0], *to = &s->out[0];
  if (from->nbytes != to->nbytes || from->layout != to->layout ||
      from->dtype != to->dtype)
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "io_copy: %zu bytes of %s %s into %zu bytes of %s "
                          "%s",
                          from->nbytes, lk_dtype_name(from->dtype),
                          lk_layout_name(from->layout), to->nbytes,
                          lk_dtype_name(to->dtype), lk_layout_name(to->layout));
  return lt_rt_target_memcpy(s->copy_to, to->data, from->data, to->nbytes,
                             s->copy_dir);
}

/* The direction of a copy between two targets' memories. */
static lt_rt_copy_dir_t copy_dir(lk_target_t from, lk_target_t to) {
  bool h_from = lk_target_is_host_memory(from) || from == LK_TARGET_ANY;
  bool h_to = lk_target_is_host_memory(to) || to == LK_TARGET_ANY;
  return h_from && h_to ? LT_RT_COPY_HOST_TO_HOST
         : h_from       ? LT_RT_COPY_HOST_TO_DEVICE
         : h_to         ? LT_RT_COPY_DEVICE_TO_HOST
                        : LT_RT_COPY_DEVICE_TO_DEVICE;
}

static lk_layout_t stored_layout(const lt_artifact_tensor_t *t) {
  return t->place.layout == LK_LAYOUT_ANY ? LK_LAYOUT_NCHW : t->place.layout;
}

static bool static_shape(const lt_artifact_tensor_t *t) {
  bool fixed = t->rank >= 0;
  for (int32_t d = 0; fixed && d < t->rank; d++) fixed = t->dims[d] >= 0;
  return fixed;
}

/* The tensor's view before any run: weights over the file, arena tensors
 * over their slot, inputs unbound. A dynamic shape is filled in by the
 * first re-plan (arena) or set_input (input). */
static lt_status_t bind_tensor(lt_predictor_t *p, uint32_t t) {
  const lt_artifact_tensor_t *at = lt_artifact_tensor(p->art, t);
  lk_view_t *v = &p->views[t];
  memset(v, 0, sizeof *v);
  p->vals[t].dtype = LK_DTYPE_NONE;
  if (at->storage == LT_ARTIFACT_STORAGE_NONE) {
    v->dtype = LK_DTYPE_NONE;
    v->rank = -1;
    return LT_OK;
  }
  void *data = NULL;
  lk_layout_t layout = stored_layout(at);
  if (at->storage == LT_ARTIFACT_STORAGE_WEIGHT) {
    data = (void *)at->data;
    layout = LK_LAYOUT_NCHW;
  } else if (at->storage == LT_ARTIFACT_STORAGE_ARENA) {
    data = (uint8_t *)p->arenas[at->arena].base + at->offset;
  } else if (at->storage == LT_ARTIFACT_STORAGE_DYNAMIC) {
    data = NULL; /* bound when its op is planned */
  } else if (layout != LK_LAYOUT_NCHW) {
    return lt_status_make(LT_STATUS_UNIMPLEMENTED,
                          "input #%llu is stored %s; model inputs are taken "
                          "as nchw only",
                          (unsigned long long)at->offset,
                          lk_layout_name(layout));
  }
  if (static_shape(at)) {
    if (!lk_view_dense(v, at->dtype, at->rank, at->dims, layout, data))
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "tensor #%u cannot be stored %s", t,
                            lk_layout_name(layout));
  } else {
    v->dtype = at->dtype;
    v->rank = at->rank;
    v->layout = layout;
    v->data = data;
  }
  if (at->storage == LT_ARTIFACT_STORAGE_INPUT) v->data = NULL;
  if (!lk_view_to_tensor(v, &p->vals[t])) p->vals[t].dtype = LK_DTYPE_NONE;
  return LT_OK;
}

static void refresh_inputs(lt_predictor_t *p, uint32_t i) {
  const lt_artifact_instr_t *ai = lt_model_instr(p->m, i)->ai;
  for (uint32_t k = 0; k < ai->num_operands; k++)
    p->steps[i].in[k] = p->views[ai->operands[k]];
}

static lt_status_t grow_workspace(lt_predictor_t *p, size_t size) {
  if (size <= p->workspace_size) return LT_OK;
  void *w;
  LT_RETURN_IF_ERROR(lt_rt_target_malloc(&p->host, size, 64, &w));
  lt_rt_target_free(&p->host, p->workspace, p->workspace_size);
  p->workspace = w;
  p->workspace_size = size;
  for (uint32_t i = 0; i < p->num_instrs; i++) {
    p->steps[i].call.workspace = w;
    p->steps[i].call.workspace_size = size;
  }
  return LT_OK;
}

/* Plans instruction i again over the current views (and contents) of its
 * operands, and rebinds its results. */
static lt_status_t replan(lt_predictor_t *p, uint32_t i) {
  const lt_rt_instr_t *ins = lt_model_instr(p->m, i);
  const lt_artifact_instr_t *ai = ins->ai;
  step_t *s = &p->steps[i];
  uint32_t slots = ai->num_operands > LT_RT_MIN_PLAN_OPERANDS
                       ? ai->num_operands
                       : LT_RT_MIN_PLAN_OPERANDS;
  lk_shape_t *in = p->scratch, *out = p->scratch + slots;
  for (uint32_t k = ai->num_operands; k < slots; k++)
    in[k] = (lk_shape_t){.dtype = LK_DTYPE_NONE, .rank = -1};
  for (uint32_t k = 0; k < ai->num_operands; k++) {
    uint32_t t = ai->operands[k];
    const lk_view_t *v = &p->views[t];
    memset(&in[k], 0, sizeof in[k]);
    in[k].dtype = v->dtype;
    in[k].rank = v->dtype == LK_DTYPE_NONE ? -1 : v->rank;
    if (in[k].rank > 0)
      memcpy(in[k].dims, v->dims, (size_t)v->rank * sizeof(int64_t));
    if (p->vals[t].dtype != LK_DTYPE_NONE) in[k].value = &p->vals[t];
  }
  size_t ws;
  LT_RETURN_IF_ERROR(lt_model_plan(p->m, i, in, out, s->params, &ws, NULL));
  for (uint32_t r = 0; r < ai->num_results; r++) {
    uint32_t t = ai->results[r];
    const lt_artifact_tensor_t *at = lt_artifact_tensor(p->art, t);
    char dims[96];
    bool fixed = out[r].rank >= 0;
    for (int32_t d = 0; fixed && d < out[r].rank; d++)
      fixed = out[r].dims[d] >= 0;
    if (!fixed)
      return at_instr(p, i, lt_status_make(LT_STATUS_INTERNAL,
                            "result #%u: the plan step left shape %s open "
                            "with every operand known",
                            r, lk_dims_str(out[r].dims, out[r].rank, dims,
                                           sizeof dims)));
    lk_view_t v;
    bool dynamic = at->storage == LT_ARTIFACT_STORAGE_DYNAMIC;
    void *data = dynamic ? NULL
                         : (uint8_t *)p->arenas[at->arena].base + at->offset;
    if (!lk_view_dense(&v, out[r].dtype, out[r].rank, out[r].dims,
                       stored_layout(at), data))
      return at_instr(p, i, lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "result #%u: shape %s cannot be stored %s", r,
                            lk_dims_str(out[r].dims, out[r].rank, dims,
                                        sizeof dims),
                            lk_layout_name(stored_layout(at))));
    if (dynamic) {
      if (v.nbytes > p->dyn_size[t]) {
        void *buf;
        lt_status_t st = lt_rt_target_malloc(&p->host, v.nbytes, 64, &buf);
        if (st) return at_instr(p, i, st);
        lt_rt_target_free(&p->host, p->dyn[t], p->dyn_size[t]);
        p->dyn[t] = buf;
        p->dyn_size[t] = v.nbytes;
      }
      v.data = p->dyn[t];
    } else if (v.nbytes > at->size)
      return at_instr(p, i, lt_status_make(
          LT_STATUS_INVALID_ARGUMENT,
          "result #%u: shape %s needs %zu bytes, its arena slot holds %llu "
          "(compile with a larger lite-plan-memory dynamic-dim-bound)",
          r, lk_dims_str(out[r].dims, out[r].rank, dims, sizeof dims),
          v.nbytes, (unsigned long long)at->size));
    p->views[t] = v;
    s->out[r] = v;
    if (!lk_view_to_tensor(&v, &p->vals[t])) p->vals[t].dtype = LK_DTYPE_NONE;
  }
  refresh_inputs(p, i);
  /* The kernel's own scratch for these shapes, beside the plan step's. */
  size_t kws = lk_kernel_workspace(ins->kernel, &s->call);
  lt_status_t st = grow_workspace(p, kws > ws ? kws : ws);
  return st ? at_instr(p, i, st) : LT_OK;
}

static lt_status_t create_steps(lt_predictor_t *p) {
  size_t views = 0, params = 0, scratch = 1;
  for (uint32_t i = 0; i < p->num_instrs; i++) {
    const lt_rt_instr_t *ins = lt_model_instr(p->m, i);
    views += ins->ai->num_operands + ins->ai->num_results;
    if (ins->replan != LT_RT_REPLAN_NEVER)
      params += (ins->step->params_size + 15) & ~(size_t)15;
    uint32_t slots = ins->ai->num_operands > LT_RT_MIN_PLAN_OPERANDS
                         ? ins->ai->num_operands
                         : LT_RT_MIN_PLAN_OPERANDS;
    if (slots + ins->ai->num_results > scratch)
      scratch = slots + ins->ai->num_results;
  }
  p->steps = lt_calloc(p->al, (p->num_instrs + 1) * sizeof *p->steps);
  p->view_pool = lt_calloc(p->al, (views + 1) * sizeof *p->view_pool);
  p->owned_params = lt_calloc(p->al, params + 16);
  p->scratch = lt_calloc(p->al, scratch * sizeof *p->scratch);
  p->view_pool_count = views + 1;
  p->owned_params_size = params + 16;
  p->scratch_count = scratch;
  if (!p->steps || !p->view_pool || !p->owned_params || !p->scratch)
    return oom();
  lk_view_t *next = p->view_pool;
  size_t need = lt_model_max_workspace(p->m);
  uint8_t *next_params = p->owned_params;
  for (uint32_t i = 0; i < p->num_instrs; i++) {
    const lt_rt_instr_t *ins = lt_model_instr(p->m, i);
    const lt_artifact_instr_t *ai = ins->ai;
    step_t *s = &p->steps[i];
    s->in = next;
    s->out = next + ai->num_operands;
    next += ai->num_operands + ai->num_results;
    for (uint32_t r = 0; r < ai->num_results; r++)
      s->out[r] = p->views[ai->results[r]];
    refresh_inputs(p, i);
    for (uint32_t k = 0; k < ai->num_operands; k++)
      if (lt_artifact_tensor(p->art, ai->operands[k])->storage ==
          LT_ARTIFACT_STORAGE_INPUT)
        s->refresh = true;
    s->params = ins->params;
    if (strcmp(ins->op_name, "lite.io_copy") == 0 && ai->num_operands == 1 &&
        ai->num_results == 1) {
      lk_target_t from = lt_artifact_tensor(p->art, ai->operands[0])->place.target,
                  to = lt_artifact_tensor(p->art, ai->results[0])->place.target;
      if (!lt_rt_target_get(to, p->al, &p->targets[to]))
        return at_instr(p, i, lt_status_make(LT_STATUS_UNIMPLEMENTED,
                                             "io_copy to %s: this runtime "
                                             "has no such target",
                                             lk_target_name(to)));
      s->copy_to = &p->targets[to];
      s->copy_dir = copy_dir(from, to);
    }
    if (ins->replan != LT_RT_REPLAN_NEVER) {
      s->params = next_params;
      memcpy(s->params, ins->params, ins->step->params_size);
      next_params += (ins->step->params_size + 15) & ~(size_t)15;
    }
    s->call = (lk_call_t){s->in,       ai->num_operands, s->out,
                          ai->num_results, s->params,   ins->step->params_size,
                          NULL,        0,               ins->packed,
                          ins->packed_size, &p->target};
    size_t ws = lk_kernel_workspace(ins->kernel, &s->call);
    if (ws > need) need = ws;
  }
  return grow_workspace(p, need);
}

static lt_status_t create(lt_predictor_t *p, const lt_predictor_options_t *o) {
  if (!lt_rt_target_get(LK_TARGET_HOST, p->al, &p->host))
    return lt_status_make(LT_STATUS_INTERNAL, "no host target");
  p->num_arenas = lt_artifact_num_arenas(p->art);
  p->num_tensors = lt_artifact_num_tensors(p->art);
  p->num_instrs = lt_model_num_instrs(p->m);
  p->arenas = lt_calloc(p->al, (p->num_arenas + 1) * sizeof *p->arenas);
  p->views = lt_calloc(p->al, (p->num_tensors + 1) * sizeof *p->views);
  p->vals = lt_calloc(p->al, (p->num_tensors + 1) * sizeof *p->vals);
  p->dyn = lt_calloc(p->al, (p->num_tensors + 1) * sizeof *p->dyn);
  p->dyn_size = lt_calloc(p->al, (p->num_tensors + 1) * sizeof *p->dyn_size);
  p->input_set = lt_calloc(p->al, lt_artifact_num_inputs(p->art) + 1);
  p->prof = lt_calloc(p->al, (p->num_instrs + 1) * sizeof *p->prof);
  if (!p->arenas || !p->views || !p->vals || !p->dyn || !p->dyn_size ||
      !p->input_set || !p->prof)
    return oom();
  for (uint32_t a = 0; a < p->num_arenas; a++) {
    const lt_artifact_arena_t *ar = lt_artifact_arena(p->art, a);
    arena_t *arena = &p->arenas[a];
    lt_rt_target_get(ar->target, p->al, &arena->target); /* checked at load */
    arena->size = (size_t)ar->size;
    LT_RETURN_IF_ERROR(lt_rt_target_malloc(&arena->target, arena->size,
                                           LT_ARTIFACT_ALIGN, &arena->base));
  }
  for (uint32_t t = 0; t < p->num_tensors; t++)
    LT_RETURN_IF_ERROR(bind_tensor(p, t));
  uint32_t threads = o && o->num_threads > 1 ? o->num_threads : 1;
  if (threads > 1)
    LT_RETURN_IF_ERROR(
        lt_rt_thread_pool_create(p->al, threads,
                                 &(lt_rt_thread_pool_options_t){
                                     .spin_us = o ? o->spin_us : 0},
                                 &p->pool));
  p->target.parallel = p->pool ? lt_rt_thread_pool_parallel(p->pool) : NULL;
  p->target.cpu = lt_model_cpu(p->m);
  p->profile = o && o->profile;
  if (p->profile) {
    p->on_instr = o->on_instr;
    p->on_instr_user = o->on_instr_user;
  }
  p->shapes_changed = true;
  return create_steps(p);
}

lt_status_t lt_predictor_create(lt_model_t *m,
                                const lt_predictor_options_t *options,
                                lt_predictor_t **out_predictor) {
  *out_predictor = NULL;
  lt_allocator_t al = lt_model_allocator(m);
  lt_predictor_t *p = lt_calloc(al, sizeof *p);
  if (!p) return oom();
  lt_model_retain(m);
  p->m = m;
  p->art = lt_model_artifact(m);
  p->al = al;
  lt_status_t st = create(p, options);
  if (st) {
    lt_predictor_destroy(p);
    return st;
  }
  *out_predictor = p;
  return LT_OK;
}

void lt_predictor_destroy(lt_predictor_t *p) {
  if (!p) return;
  lt_allocator_t al = p->al;
  lt_rt_thread_pool_destroy(p->pool);
  if (p->workspace) lt_rt_target_free(&p->host, p->workspace, p->workspace_size);
  for (uint32_t a = 0; p->arenas && a < p->num_arenas; a++)
    if (p->arenas[a].base)
      lt_rt_target_free(&p->arenas[a].target, p->arenas[a].base,
                        p->arenas[a].size);
  if (p->arenas) lt_free(al, p->arenas, (p->num_arenas + 1) * sizeof *p->arenas);
  if (p->views) lt_free(al, p->views, (p->num_tensors + 1) * sizeof *p->views);
  if (p->vals) lt_free(al, p->vals, (p->num_tensors + 1) * sizeof *p->vals);
  for (uint32_t t = 0; p->dyn && t < p->num_tensors; t++)
    lt_rt_target_free(&p->host, p->dyn[t], p->dyn_size[t]);
  if (p->dyn) lt_free(al, p->dyn, (p->num_tensors + 1) * sizeof *p->dyn);
  if (p->dyn_size)
    lt_free(al, p->dyn_size, (p->num_tensors + 1) * sizeof *p->dyn_size);
  if (p->input_set)
    lt_free(al, p->input_set, lt_artifact_num_inputs(p->art) + 1);
  if (p->prof) lt_free(al, p->prof, (p->num_instrs + 1) * sizeof *p->prof);
  if (p->steps) lt_free(al, p->steps, (p->num_instrs + 1) * sizeof *p->steps);
  if (p->view_pool)
    lt_free(al, p->view_pool, p->view_pool_count * sizeof *p->view_pool);
  if (p->owned_params) lt_free(al, p->owned_params, p->owned_params_size);
  if (p->scratch) lt_free(al, p->scratch, p->scratch_count * sizeof *p->scratch);
  lt_model_release(p->m);
  lt_free(al, p, sizeof *p);
}

lt_model_t *lt_predictor_model(const lt_predictor_t *p) { return p->m; }

lt_status_t lt_predictor_set_input(lt_predictor_t *p, uint32_t i,
                                   lk_dtype_t dtype, int32_t rank,
                                   const int64_t *dims, const void *data,
                                   size_t size) {
  if (i >= lt_artifact_num_inputs(p->art))
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "input #%u: the model has %u input(s)", i,
                          lt_artifact_num_inputs(p->art));
  uint32_t t = lt_artifact_input(p->art, i);
  const lt_artifact_tensor_t *at = lt_artifact_tensor(p->art, t);
  char want[96], got[96];
  bool ok = dtype == at->dtype && rank == at->rank && rank >= 0 &&
            rank <= LK_MAX_RANK;
  for (int32_t d = 0; ok && d < rank; d++)
    ok = dims[d] >= 0 && (at->dims[d] < 0 || at->dims[d] == dims[d]);
  if (!ok)
    return lt_status_make(
        LT_STATUS_INVALID_ARGUMENT, "input #%u ('%.*s'): expected %s %s, got %s %s",
        i, (int)at->name.len, at->name.data, lk_dtype_name(at->dtype),
        lk_dims_str(at->dims, at->rank, want, sizeof want),
        (unsigned)dtype < LK_NUM_DTYPES ? lk_dtype_name(dtype) : "?",
        rank >= 0 && rank <= LK_MAX_RANK
            ? lk_dims_str(dims, rank, got, sizeof got)
            : "(bad rank)");
  lk_view_t v;
  if (!lk_view_dense(&v, dtype, rank, dims, LK_LAYOUT_NCHW, (void *)data))
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "input #%u ('%.*s'): shape %s of %s is too large",
                          i, (int)at->name.len, at->name.data,
                          lk_dims_str(dims, rank, got, sizeof got),
                          lk_dtype_name(dtype));
  if (size < v.nbytes || (v.nbytes && !data))
    return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                          "input #%u ('%.*s'): shape %s of %s needs %zu bytes, "
                          "got %zu",
                          i, (int)at->name.len, at->name.data,
                          lk_dims_str(dims, rank, got, sizeof got),
                          lk_dtype_name(dtype), v.nbytes, size);
  lk_view_t *cur = &p->views[t];
  if (cur->rank != rank || memcmp(cur->dims, dims, (size_t)rank * sizeof *dims))
    p->shapes_changed = true;
  *cur = v;
  if (!lk_view_to_tensor(cur, &p->vals[t])) p->vals[t].dtype = LK_DTYPE_NONE;
  p->input_set[i] = true;
  return LT_OK;
}

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

lt_status_t lt_predictor_run(lt_predictor_t *p) {
  for (uint32_t i = 0; i < lt_artifact_num_inputs(p->art); i++)
    if (!p->input_set[i]) {
      const lt_artifact_tensor_t *at =
          lt_artifact_tensor(p->art, lt_artifact_input(p->art, i));
      return lt_status_make(LT_STATUS_INVALID_ARGUMENT,
                            "input #%u ('%.*s') was not set", i,
                            (int)at->name.len, at->name.data);
    }
  for (uint32_t i = 0; i < p->num_instrs; i++) {
    const lt_rt_instr_t *ins = lt_model_instr(p->m, i);
    step_t *s = &p->steps[i];
    if (ins->replan == LT_RT_REPLAN_ALWAYS ||
        (ins->replan == LT_RT_REPLAN_ON_SHAPES && p->shapes_changed)) {
      lt_status_t st = replan(p, i);
      if (st) return st;
    } else if (s->refresh) {
      refresh_inputs(p, i);
    }
    uint64_t t0 = p->profile ? now_ns() : 0;
    lt_status_t st = s->copy_to ? copy(s) : ins->kernel->run(&s->call);
    if (st) return at_instr(p, i, st);
    if (p->profile) {
      uint64_t t1 = now_ns();
      p->prof[i].total_ns += t1 - t0;
      p->prof[i].calls++;
      if (p->on_instr) p->on_instr(p->on_instr_user, i, t0, t1);
    }
  }
  p->shapes_changed = false;
  return LT_OK;
}

const lk_view_t *lt_predictor_output(const lt_predictor_t *p, uint32_t i) {
  return &p->views[lt_artifact_output(p->art, i)];
}

const lk_view_t *lt_predictor_tensor(const lt_predictor_t *p, uint32_t t) {
  return &p->views[t];
}

const lt_predictor_instr_profile_t *
lt_predictor_profile(const lt_predictor_t *p) {
  return p->prof;
}

void lt_predictor_profile_reset(lt_predictor_t *p) {
  memset(p->prof, 0, (p->num_instrs + 1) * sizeof *p->prof);
}

size_t lt_predictor_arena_bytes(const lt_predictor_t *p) {
  size_t n = 0;
  for (uint32_t a = 0; a < p->num_arenas; a++) n += p->arenas[a].size;
  return n;
}

size_t lt_predictor_workspace_bytes(const lt_predictor_t *p) {
  return p->workspace_size;
}

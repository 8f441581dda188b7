/* predictor.h - one executor over a shared model: the arenas of the memory
 * plan, the tensor views bound into them, the call record of every
 * instruction built once, a thread pool and a workspace. A run is, per
 * instruction, the kernel call (plus the plan step again where shapes may
 * have changed: runtime/model.h's lt_rt_replan_t). A predictor is used by
 * one thread at a time; several predictors of one model run at once. */
#ifndef LITE_RUNTIME_PREDICTOR_H
#define LITE_RUNTIME_PREDICTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/base.h"
#include "kernels/abi.h"
#include "runtime/model.h"

typedef struct lt_predictor_options {
  /* Threads kernels may use, the caller's included; 0 or 1: none besides
   * the caller. */
  uint32_t num_threads;
  /* Time every instruction (clock_gettime around each call). */
  bool profile;
  /* With profile: called after each instruction with its start and end
   * (CLOCK_MONOTONIC nanoseconds), for traces. May be NULL. */
  void (*on_instr)(void *user, uint32_t instr, uint64_t start_ns,
                   uint64_t end_ns);
  void *on_instr_user;
  /* With threads: microseconds an idle worker polls for the next
   * parallel-for before it sleeps (lt_rt_thread_pool_options_t.spin_us);
   * 0 sleeps at once. */
  uint32_t spin_us;
} lt_predictor_options_t;

typedef struct lt_predictor lt_predictor_t;

/* Takes a reference on m. options may be NULL. */
lt_status_t lt_predictor_create(lt_model_t *m,
                                const lt_predictor_options_t *options,
                                lt_predictor_t **out_predictor);
void lt_predictor_destroy(lt_predictor_t *p);

lt_model_t *lt_predictor_model(const lt_predictor_t *p);

/* Binds model input i to size bytes at data (not copied: it must stay
 * valid through the next run), dense row-major nchw. dtype and rank must
 * be the input's, and so must every static dim; a dynamic dim takes any
 * size, and a new size re-plans what depends on it. */
lt_status_t lt_predictor_set_input(lt_predictor_t *p, uint32_t i,
                                   lk_dtype_t dtype, int32_t rank,
                                   const int64_t *dims, const void *data,
                                   size_t size);
/* Runs every instruction; fails naming the instruction (and its ONNX
 * nodes) when a plan step or kernel does, or when an input is not set. */
lt_status_t lt_predictor_run(lt_predictor_t *p);
/* Model output i after a run: valid until the next run or destroy. */
const lk_view_t *lt_predictor_output(const lt_predictor_t *p, uint32_t i);
/* The current view of tensor t (shapes as of the last run). */
const lk_view_t *lt_predictor_tensor(const lt_predictor_t *p, uint32_t t);

/* Per-instruction timings, accumulated over the runs since the last reset
 * (with options.profile). */
typedef struct lt_predictor_instr_profile {
  uint64_t total_ns;
  uint64_t calls;
} lt_predictor_instr_profile_t;
const lt_predictor_instr_profile_t *
lt_predictor_profile(const lt_predictor_t *p);
void lt_predictor_profile_reset(lt_predictor_t *p);

/* Bytes this predictor holds: its arenas, and its workspace. */
size_t lt_predictor_arena_bytes(const lt_predictor_t *p);
size_t lt_predictor_workspace_bytes(const lt_predictor_t *p);

#endif /* LITE_RUNTIME_PREDICTOR_H */

/* fixed_point.h - lite-fixed-point: runs a flat list of passes on a
 * function again and again, while any of them changes it (at most
 * max-rounds times):
 *
 *   func.func(lite-fixed-point{max-rounds=8 pipeline=lite-fold-constants,cse})
 *
 * `pipeline` is a pipeline option (LT_OPT_PIPELINE): the pass manager's
 * parser builds it once, when the pass is added, into a manager anchored on
 * func.func whose entries must all be passes. Each round runs them in order
 * on the function (lt_pass_manager_run_entry); the function is verified
 * after every inner pass that changed it (what a pass left as it was is as
 * valid as before), and a failure names the inner pass and the round.
 * Whether a pass changed the IR is what it reports (lt_pass_set_changed),
 * else a structural fingerprint of the function before and after it.
 *
 * Its statistics are num-rounds and num-unconverged; the inner passes keep
 * their own counters, which --mlir-pass-statistics shows under it. */
#ifndef LITE_PASSES_FIXED_POINT_H
#define LITE_PASSES_FIXED_POINT_H

#include "ir/pass_manager.h"

/* Appends lite-fixed-point{max-rounds=max_rounds} to pm and sets *out_round
 * to its (empty) pipeline, to which the caller adds the passes of a round
 * (passes that run on a func.func itself; anything nested fails the run). */
lt_result_t lt_fixed_point_add(lt_pass_manager_t *pm, int64_t max_rounds,
                               lt_pass_manager_t **out_round);

#endif /* LITE_PASSES_FIXED_POINT_H */

/* fixed_point.h - lite-fixed-point: runs a flat list of passes on a
 * function again and again, while any of them changes it (at most
 * max-rounds times):
 *
 *   func.func(lite-fixed-point{max-rounds=8 pipeline=lite-fold-constants,cse})
 *
 * Each inner pass runs in a pass manager of its own on the function, and
 * the function is verified after every inner pass that changed it (what a
 * pass left as it was is as valid as before); a failure names the inner
 * pass and the round. Whether a pass changed the IR is what it reports
 * (lt_pass_set_changed), else a structural fingerprint of the function
 * taken before and after it.
 *
 * The driver's statistics hold the inner passes' counters summed, one row
 * per (pass, statistic) named `<pass-argument>.<statistic>`, so that
 * --mlir-pass-statistics shows what each pass of lite-optimize did, plus
 * num-rounds and num-unconverged. A pass descriptor's statistics table is
 * fixed, so the rows are those of the passes named at registration; the
 * counters of other inner passes are not shown. */
#ifndef LITE_PASSES_FIXED_POINT_H
#define LITE_PASSES_FIXED_POINT_H

#include "ir/pass.h"

/* Registers the driver, with statistics rows for passes[0..n) (the
 * first registration decides; later calls do nothing). */
void lt_fixed_point_register(const lt_pass_info_t *const *passes, size_t n);

#endif /* LITE_PASSES_FIXED_POINT_H */

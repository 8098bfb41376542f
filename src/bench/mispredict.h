/* mispredict.h — `uarch bench mispredict`: the analysis that is not a measurement, and the kernels (unit-tested). */
#ifndef BENCH_MISPREDICT_H
#define BENCH_MISPREDICT_H

#include "bench/sweep.h"

#include <stdbool.h>

/* The findings of series ser (cycles per branch over the pattern's period): "longest learned
 * pattern" (the last step's plateau) and "mispredict penalty", 2 x (the unlearned level - the
 * cost at the shortest periods: the median of up to 4 points of the first plateau), named for
 * the series.  ready: the branch's condition was loaded before the branches ahead of it (the
 * note says the penalty is the refetch up to the next branch's execution), else just before the
 * branch (the note says the load's latency is in it too). */
void mispredict_findings(Sweep *s, int ser, bool ready, const double *pass_y, int npass, int stride);
/* The longest learned pattern is not the knee (the cost rises over several octaves as the predictor
 * loses more of a longer pattern, and where the knee falls on that climb moved between runs:
 * 1,024, 2,048, 4,096 on the AMD guest) but a stated threshold: the longest period before the
 * first whose cost lies above the midway between the learned cost `low` and the unlearned plateau
 * `high` (a quarter of its branches mispredict: half do on an unlearned random pattern), over the
 * points x[0..n) (y NAN: not measured, skipped); NAN when the first point lies above it or none.
 * Each of the sweep's passes (pass_y[k * stride + i]: pass k's cost at point i, NAN: none) gives
 * its own figure, shown beside the finding's ("passes LO..HI"); passes more than an octave apart
 * make the finding unstable (both figures said). */
double mispredict_learned(const double *x, const double *y, int n, double low, double high);
/* The knee options of the sweep (longer patterns are never predicted better; one point per
 * octave: a level of 3 periods is already 3 octaves), into k. */
void mispredict_knees(KneeOpts *k);
/* s zeroed and ready for mispredict_findings on recorded points (the best figures, the sweep's
 * knee options): a replay of a curve. */
void mispredict_replay_init(Sweep *s);

/* The two kernels' bodies (one copy; the body is unrolled 4 times for "condition ready", 16 for
 * the other, 16 branches an iteration either way), for x86-64 or AArch64, into body[0] ("condition
 * ready": each branch tests a byte loaded four branches earlier) and body[1] ("condition loaded
 * before the branch"), buf_init'ed here; the caller buf_free's them. */
void mispredict_kernels(bool x86, Buf body[2]);

#endif

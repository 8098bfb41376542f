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
void mispredict_findings(Sweep *s, int ser, bool ready);

/* The two kernels' bodies (one copy; the body is unrolled 4 times for "condition ready", 16 for
 * the other, 16 branches an iteration either way), for x86-64 or AArch64, into body[0] ("condition
 * ready": each branch tests a byte loaded four branches earlier) and body[1] ("condition loaded
 * before the branch"), buf_init'ed here; the caller buf_free's them. */
void mispredict_kernels(bool x86, Buf body[2]);

#endif

/* rob.h — the analysis of `uarch bench rob` that is not a measurement (unit-tested). */
#ifndef BENCH_ROB_H
#define BENCH_ROB_H

#include "bench/sweep.h"

#define ROB_CHANGE_WIN 8
#define ROB_SUPPORT 3
typedef struct RobChange {
    int last;                 /* index of the last point below (the misses overlap) */
    double conf;
    double below, above;      /* median y of the window's points below / above the midpoint */
    int nbelow;               /* points below the midpoint in the window before the step */
} RobChange;

/* The step from overlapped to serialized misses of the curve y[0..n) (x increasing) at baseline b
 * (see exp_rob.c): true with *c set when there is one */
bool rob_change(const double *y, int n, double b, bool last_overlap, RobChange *c);

/* Mark f unstable (f->nunstable, f->unstable[], the note) when the figures of its structure
 * disagree by more than two steps of N (`step`) and 10 %: best (the fastest rounds of the whole
 * sweep, in entries), med (the medians' last overlapped N; -1: no step), pass[0..npass) (each
 * pass alone; -1: no step); ld entries are added to the N of med and pass (the chase loads).
 * Each pass's figure goes to f->pass_val[] (f->npass) whether they disagree or not. */
void rob_unstable(SweepFinding *f, double best, double med, const int *pass, int npass, int step, int ld);

#endif

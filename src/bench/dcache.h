/* dcache.h — the analysis of `uarch bench dcache` that is not a measurement (unit-tested). */
#ifndef BENCH_DCACHE_H
#define BENCH_DCACHE_H

#include "bench/sweep.h"

/* The capacity of the cache level L of a latency curve (x, y: the curve the knees were found on,
 * n points) whose pages land in its sets at random: the fit of its climb as a `ways`-way cache
 * (to `wmax` ways: the best of them, *wfit) towards the next level's cost b (sweep_colored_capacity_range).
 * Where no level made a plateau between (no_next, or b more than 5x L's latency: *unresolved
 * true) the cost of the misses is fitted too, over the points below the geometric middle of L
 * and b.  *bc: the cost of the misses used.  NAN when there is no climb to fit (a sharp step). */
double dcache_level_capacity(const double *x, const double *y, int n, const KneeLevel *L, double b, bool no_next,
                             int ways, int wmax, double *bc, int *wfit, bool *unresolved);

#endif

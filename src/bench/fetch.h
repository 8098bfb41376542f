/* fetch.h — the analysis of `uarch bench fetch` that is not a measurement (unit-tested). */
#ifndef BENCH_FETCH_H
#define BENCH_FETCH_H

/* The fetch width from a crossing curve y over N = x[0..n-1] (a staircase: one cycle more every
 * W instructions while fetch bounds the loop) against the aligned curve yb at the same N: the
 * rises of y by half a cycle or more from one N to the next (from the higher of the two points
 * before: a dip, a low best-case estimate, is not a level), kept where y stays up at the next N
 * (a disturbed point does not make a rise) and lies above yb by a quarter cycle or more (fetch,
 * not the op rate, bounds the loop there).  *width: the median distance in N between
 * consecutive rises (NAN with fewer than 3 rises); *conf: the share of those distances within
 * one N of it; at[0..7]: the first rises, *nrise their count. */
void fetch_staircase(const double *x, const double *y, const double *yb, int n, double *width, double *conf,
                     double *at, int *nrise);

#endif

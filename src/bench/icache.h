/* icache.h — the analysis of `uarch bench icache` that is not a measurement (unit-tested). */
#ifndef BENCH_ICACHE_H
#define BENCH_ICACHE_H

#include "bench/sweep.h"

/* The levels of refs[0..nrefs) (the cache sizes of `src`: "sysfs", "cpuid"; x 0: unknown) that no
 * finding from s->find[first] on names: each added with why.  The L1I, when an "op cache" finding
 * ends more than a quarter octave past its size, is "not measurable with this loop" (the op cache
 * keeps code the L1I has let go, so no footprint runs from the L1I alone); else a level is "not
 * resolved": the sweep ends before 1.5 x its size (hi: the sweep's end), or no step near it. */
void icache_unresolved(Sweep *s, int first, const SweepRef *refs, int nrefs, double hi, const char *src);

#endif

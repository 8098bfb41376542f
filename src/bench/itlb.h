/* itlb.h — the analysis of `uarch bench itlb` that is not a measurement (unit-tested). */
#ifndef BENCH_ITLB_H
#define BENCH_ITLB_H

#include "bench/sweep.h"

#include <stdbool.h>

/* Name the n steps of the itlb curve (in page order): before[j] and after[j] are the cycles per
 * branch on the plateaus either side of step j, lines[j] tells that step j is at the L1I's line
 * count (only when the pages are distinct physical pages; such a step is "L1I (lines)").
 * The last-level ITLB is the step of the largest relative rise (after / before): past it every
 * branch pays a page walk, the dearest thing in the sweep.  The first-level ITLB is the step of
 * the largest relative rise before it; with none before it the one level is "L1 ITLB".  Other
 * steps before the last level are "step", after it "page-walk step" (the walk's own caches).
 * names[j] points to a static string. */
void itlb_name_steps(const double *before, const double *after, const bool *lines, int n, const char **names);

/* cpuid's 4 KiB code TLBs (l1: the L1 instruction TLB, l2: the level-2 one code uses, an
 * instruction or a unified one; NULL: none) beside the "L1 ITLB" and "L2 ITLB" findings: "cpuid
 * says N entries (type)", and ": DISAGREES" when more than half an octave from the step. */
void itlb_cpuid(Sweep *s, const ClockTlb *l1, const ClockTlb *l2);

#endif

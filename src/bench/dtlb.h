/* dtlb.h — the analysis of `uarch bench dtlb` that is not a measurement (unit-tested). */
#ifndef BENCH_DTLB_H
#define BENCH_DTLB_H

#include "bench/sweep.h"

/* Name the steps of the dtlb curve (series ser of s, one load per page of `page` bytes, swept
 * up to `end` pages): a step at the L1D's line count (l1d / 64; l1d 0: unknown) is "L1D
 * (lines)", the others in order "L1 DTLB", "L2 TLB", "level 3" ...; then "last level".  Where
 * cpuid describes the DTLBs (cpuid[0], cpuid[1]: L1 and L2, NULL when not), each TLB level found
 * is set beside its entries (within half an octave: "cpuid says", else "DISAGREES with cpuid"),
 * and one it describes that the curve has no step for is added "not resolved", with why.  On a
 * CPU whose cpuid describes TLBs in AMD's leaves (s->prov.vendor, clock_x86_amd_leaves) an L2
 * TLB level past 4,095 entries that disagrees is said to be no reference (a 12-bit field). */
void dtlb_name(Sweep *s, int ser, double l1d, const ClockTlb *const cpuid[2], double page, double end);

#endif

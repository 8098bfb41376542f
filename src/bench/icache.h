/* icache.h — the analysis of `uarch bench icache` that is not a measurement (unit-tested). */
#ifndef BENCH_ICACHE_H
#define BENCH_ICACHE_H

#include "bench/known.h"
#include "bench/sweep.h"

/* The shortest plateau of the icache curve, points (the detector's default is 4): the sweep ends at
 * 4x the L2, and the L2's climb (code from the L3 once its pages fill its sets unevenly) ends
 * between 1.5x and 2.5x the L2, which leaves the last plateau 3 to 6 points at 4 per octave */
#define ICACHE_MIN_LEN 3

/* x86-64: the findings from s->find[first] on whose IPC is above what the decoders deliver (fe:
 * the published front end, NULL: unknown; their width, or fetch / bytes instructions of `bytes`
 * bytes where their bytes a cycle hold fewer) are fed by the op cache.  The step that ends such
 * a plateau is the L1I's when it lies where l1i puts it (within a quarter octave: the op cache
 * keeps no code the L1I does not hold), and an "op cache plateau" finding is added; else it is
 * renamed "op cache"; if it had the L1I's name, a later "knee N" step within a quarter octave of
 * l1i takes it (src: where l1i comes from, "sysfs" or "cpuid").  Either way the plateau is named
 * for what feeds it.  A step from the op cache's plateau past the L1I's size that holds a drop of
 * a third or more between two points around it is split: that drop is the "L1I" finding, the op
 * cache's step ends before it. */
void icache_op_cache(Sweep *s, int first, double l1i, double bytes, const BenchFrontend *fe, const char *src);

/* The levels of refs[0..nrefs) (the cache sizes of `src`: "sysfs", "cpuid"; x 0: unknown) that no
 * finding from s->find[first] on names: each added with why.  The L1I, when an "op cache" finding
 * ends more than a quarter octave past its size, is "not measurable with this loop" (the op cache
 * keeps code the L1I has let go, so no footprint runs from the L1I alone); else a level is "not
 * resolved": the sweep ends before 1.5 x its size (hi: the sweep's end), or no step near it. */
void icache_unresolved(Sweep *s, int first, const SweepRef *refs, int nrefs, double hi, const char *src);

/* The findings of the sweep's series `series` (its knees named after l1i and l2, then the two
 * above; hi: the sweep's end; bytes: the instruction's size; x86: the op cache is looked for, with
 * fe's published figures), as `uarch bench icache` makes them (replayed by the tests).  With the
 * ITLBs cpuid describes (tlb, NULL: not asked), a knee no cache names is the ITLB whose reach
 * (entries x 4 KiB) is within half an octave of it, renamed for it ("L1 ITLB"), else its note rules
 * a TLB out; a named level at an ITLB's reach says so too; with none, a knee's note says cpuid
 * told nothing (tlb->none). */
void icache_findings(Sweep *s, int series, double l1i, double l2, double hi, double bytes, const BenchFrontend *fe,
                     bool x86, const char *src, const SweepItlbs *tlb);

#endif

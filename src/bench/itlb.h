/* itlb.h — the analysis of `uarch bench itlb` that is not a measurement (unit-tested). */
#ifndef BENCH_ITLB_H
#define BENCH_ITLB_H

#include "bench/sweep.h"

#include <stdbool.h>

/* Name the n steps of the itlb curve (in page order): before[j] and after[j] are the cycles per
 * branch on the plateaus either side of step j, lines[j] tells that step j is at the L1I's line
 * count (only when the pages are distinct physical pages; such a step is "L1I (lines)"),
 * moves[j] (NULL: none) that the control does not take it (itlb_control_shift): such a step is
 * "BTB step" and, like the L1I's, no TLB level (a level of the branch target buffer that tells
 * the chain's branches apart by their low address bits: on Golden Cove cores the first level
 * holds one of two branches 16 KiB apart, as the chain's k-th and k+64-th are; exp_itlb.c).
 * The last-level ITLB is the step of the largest relative rise (after / before): past it every
 * branch pays a page walk, the dearest thing in the sweep.  The first-level ITLB is the step of
 * the largest relative rise before it; with none before it the one level is "L1 ITLB".  Other
 * steps before the last level are "step", after it "page-walk step" (the walk's own caches).
 * names[j] points to a static string. */
void itlb_name_steps(const double *before, const double *after, const bool *lines, const bool *moves,
                     const bool *count, int n, const char **names);
/* count[j] (NULL: none) of itlb_name_steps: step j may be the zero-bubble BTB's, "BTB or ITLB
 * step", no TLB level either; a last level after such a step is "ITLB" (the first TLB level may
 * lie in that step: which level it is is not told).  The chain runs P + 3 taken branches an iteration (the pages', the
 * call, the return, the loop's) over P + 2 pages, so its branches grow with its pages, and the
 * control's as many: a BTB level that holds fewer branches than a TLB holds pages makes its step
 * where a TLB's would be.  So the curve's first step, out of a level below ITLB_ONE_BUBBLE cycles
 * a branch (some branches taken without a bubble), is not told from a TLB's (itlb_count_step).
 * On this AMD EPYC KVM guest (cpuid: Zen) the chain ran 1.5 cycles a branch at 2-6 pages and 4
 * from 7 (uarch bench itlb -max 128 -passes 1, 16:29 UTC; tests/data/curves/itlb-amd-kvm-1.csv),
 * named "L1 ITLB: 6" (cpuid: 64 entries), while a chain of as many branches in one page (bench
 * btb -spacing 4,64 -min 2 -max 40 -passes 1) ran 1.0 cycle at 2-4 branches and 2.0 from 10
 * (1.2-1.5 at 5-8): the zero-bubble level ends at the same count (P + 3 = 9-10). */
#define ITLB_ONE_BUBBLE 2.0
bool itlb_count_step(const KneeResult *r, int level);

/* Where the control passes the step of the chain from knee level a to b, against the chain:
 * log2(x_chain / x_control) of the points where each first passes the step's middle (the
 * geometric mean of the two levels) to stay, interpolated on log x; the chain searched from a's
 * last point, the control from a's first (x, y: the chain's n points; yc: the control's at the
 * same x, NAN where not measured).  A TLB sees only the pages, so the control passes a TLB's
 * step where the chain does (about 0); a structure indexed by the branches' lines fills at half
 * the pages in the control (about 1: an octave earlier).  A step is the control's too within
 * ITLB_CONTROL_SHIFT octaves and moves beyond.  INFINITY: the control does not pass it; NAN: not
 * a rise, or too few points of the control.  (On this Emerald Rapids guest the chain's
 * branches on 32 lines, not 64, moved the step at 64-91 pages to 32-38 and kept the one at
 * 256-304 pages.) */
#define ITLB_CONTROL_SHIFT 0.5
double itlb_control_shift(const double *x, const double *y, const double *yc, int n, const KneeLevel *a,
                          const KneeLevel *b);
/* a step of the chain the control takes (shift within ITLB_CONTROL_SHIFT) is a step from this
 * confidence on (the knee detector's merge_below), where one curve alone needs 0.5 */
#define ITLB_CONTROL_CONF 0.25

/* The findings of chain series `ser` (steps named by itlb_name_steps, with the control's shift
 * of each in its note; then its last level), the control being series `ctrl` at the same
 * points; the steps are the knee levels of confidence 0.5 or more, and of ITLB_CONTROL_CONF or
 * more that the control takes.  shared: the code pages map one physical page; l1i: the L1I's
 * size (0: unknown); page: the page size.  Returns the capacity of its last ITLB level (NAN:
 * none). */
double itlb_findings(Sweep *s, int ser, int ctrl, bool shared, double l1i, size_t page);

/* cpuid's 4 KiB code TLBs (l1: the L1 instruction TLB, l2: the level-2 one code uses, an
 * instruction or a unified one; NULL: none) beside the "L1 ITLB" and "L2 ITLB" findings (and a
 * sweep's one level, "ITLB": the L1's, or the L2's when it matches that and not the L1's): "cpuid
 * says N entries (type)", and ": DISAGREES" when more than half an octave from the step. */
void itlb_cpuid(Sweep *s, const ClockTlb *l1, const ClockTlb *l2);

#endif

/* btb.h — the analysis of `uarch bench btb` that is not a measurement (unit-tested). */
#ifndef BENCH_BTB_H
#define BENCH_BTB_H

#include "bench/sweep.h"

/* a step of one spacing's curve: the spacing's index, the branch count at the step, the code
 * footprint there (count x spacing), the cycles per taken branch before and after it (NAN:
 * not known), its confidence; the last branch count of the plateau before it and the first of
 * the level after (0: not known, the count stands for both); the spacing's own finding of the
 * step plus one (btb_analyse's "step 2"; 0: none), and whether btb_classify made it a member of a
 * group (a finding, or a note of steps no spacing tells) */
typedef struct BtbStep {
    int series;
    double count, bytes, cycles, after, conf, lo, hi;
    int find;
    bool grouped;
} BtbStep;

/* the most code a chain spans (bytes; the sweep skips larger points) */
#define BTB_MAX_FOOTPRINT (2 * 1048576.0)

/* The code caches a step can be (bytes, e.g. L1I, L2, L3 from sysfs; n 0: none known), and the
 * instruction TLBs cpuid describes (sweep_cpuid_itlbs; all zero: not asked). */
typedef struct BtbCaches {
    double size[4];
    const char *name[4];
    int n;
    SweepItlbs tlb;
} BtbCaches;
/* A footprint finding btb_classify could not tell from the BTB's index aliasing (its size no
 * known code cache's, no BTB level in the sweep whose count it continues: no spacing below the
 * S0 the aliasing would need): s->find[find] at `bytes` of code, the least spacing of its steps
 * `spmin`, and the short run that settles it: spacing `spacing` (16 B, a quarter of spmin when
 * that is less) over lo..hi branches (bytes / spmin .. 2 bytes / spacing); sp and counts: its steps'
 * spacings and branch counts in words ("512 B, 256 B, 128 B", "256, 512, 1024").  find < 0: none. */
typedef struct BtbAliasCheck {
    int find;
    double bytes, spmin, spacing, lo, hi;
    double spmax;   /* the finding's largest spacing (spmin: one spacing, no halving seen) */
    char sp[96], counts[96];
} BtbAliasCheck;

/* Steps at the same branch count over spacings whose footprints differ (2x apart or more) are
 * a limit on the number of branches: a BTB level ("one-bubble BTB", ...).  Steps at the same
 * footprint over counts that differ are an instruction cache or TLB ("instruction cache or
 * TLB"); the step heights decide a step that matches both (see exp_btb.c).  When the sizes of
 * the code caches are known (`caches`), a step whose footprint passes one of them is that
 * cache, and a step that passes none is a BTB level even when no other spacing shows it.
 * A step with partners of both kinds whose heights do not tell them apart sits where a count
 * limit and a footprint limit coincide (256 branches x 8 B = 2 KiB): it supports both groups,
 * whose figures come from the spacings that separate the two (4 B: 256 branches at 1 KiB,
 * 16 B: 2 KiB at 128 branches); a group of such steps alone is not told (a note says so).  With
 * the sweep's series k holding spacing k's curve, a limit is refuted by a spacing whose curve
 * runs flat (within 15 %, below the step's next level) where the limit would end its level.  A
 * footprint group below every known code cache, within a page or two (<= 4 KiB), passing none,
 * is no cache or TLB: "BTB limit by code footprint", and a lone count step of the same cost
 * that rises at least 1.5x is the same level's end by count (a one-bubble BTB of 256 branches
 * that also ends at 2 KiB of code, on an AMD EPYC KVM guest).
 * A footprint group at B bytes that is no known code cache's size (half an octave or more from
 * each) beside a BTB level of N branches over spacings up to S', with B / N a spacing S0 from S'
 * to below the group's least spacing, is that level's index aliasing: N branches up to S0 and
 * half as many for each doubling past it (its sets indexed from address bit log2(S0) up), named
 * "BTB index aliasing" (a cache ends at B at every spacing that reaches it, and a BTB capacity at N
 * at every spacing); without such a level in the sweep its note says aliasing is not ruled out
 * (chk, NULL: not wanted: the first such finding, for the run of btb_alias_settle that settles it).
 * Adds one finding per group (sorts `st` by count); a note when no BTB level is found.
 * spacing[i]: bytes between the branches of series i.
 * A footprint finding still named "instruction cache or TLB" is then named by the structure whose
 * size it matches (within half an octave): a code cache's ("instruction cache", its note naming
 * it) or, with cpuid's ITLBs known, an ITLB's reach ("ITLB"); both: the name stays; with the ITLBs
 * known and matching none, the note rules a TLB out, and without them it says cpuid told nothing. */
void btb_classify(Sweep *s, BtbStep *st, int n, const double *spacing, const BtbCaches *caches, BtbAliasCheck *chk);
/* Settles chk (btb_classify's) from the sweep's series `ser`, spacing chk->spacing over
 * chk->lo..chk->hi branches: a step there at the finding's footprint (within half an octave) is
 * a code-size limit (the name stays, the note says the run confirmed it); a step at N branches
 * whose footprint is below it, bytes / N a spacing S0 between the check's and the finding's least,
 * is the BTB's index aliasing of a level of N branches (renamed "BTB index aliasing"); none of
 * those: not told, the note says why. */
void btb_alias_settle(Sweep *s, const BtbAliasCheck *chk, int ser, const BtbCaches *caches);
/* (btb_check.c, shared with btb_classify's aliasing) the note of a footprint finding f that
 * nothing told from the BTB's index aliasing (with the caches known; else only `why`, when
 * given: what a run that tried found, after "; "); and f renamed "BTB index aliasing": a level
 * of n branches (named `level`) over spacings sp (their counts `counts`, the least smin) that
 * holds them up to spacing s0 and half as many for each doubling past it, footprint f->value; it
 * returns the kind it found (BtbAliasKind below), the one place that decides it */
void btb_alias_untold(const Sweep *s, SweepFinding *f, const BtbCaches *caches, const char *why);
/* The kinds btb_alias_name tells: the footprint's step over two spacings or more (smax > smin),
 * whose branch counts halve as the spacing doubles, is the index aliasing of the level; at one
 * spacing (smin == smax) the halving is not seen, and all the step shows is that the level
 * holds fewer branches spaced that wide (not a code cache's limit: the smaller spacing's level
 * does not end at this footprint).  Their names: BTB_ALIAS_NAME, BTB_WIDE_NAME, given by
 * btb_alias_kind_name only. */
typedef enum BtbAliasKind { BTB_ALIASING, BTB_WIDE_SPACING } BtbAliasKind;
#define BTB_ALIAS_NAME "BTB index aliasing"
#define BTB_WIDE_NAME "BTB limit at wide spacing"
const char *btb_alias_kind_name(BtbAliasKind kind);
BtbAliasKind btb_alias_name(Sweep *s, SweepFinding *f, const char *sp, const char *counts, double smin, double smax,
                            double n, double s0, const char *level, const BtbCaches *caches);
/* A step of one spacing that btb_classify grouped with none (no other spacing's step at its
 * count or its footprint), whose footprint is an ITLB's reach (cpuid's, entries x 4 KiB) or whose
 * branch count is a BTB level's of the sweep (the AMD guest's 1 KiB spacing: 256 branches, 256
 * KiB: the L1 ITLB's 64 x 4 KiB and the one-bubble BTB's 256 at once): s->find[find] is its
 * finding ("step 2 [1 KiB spacing]"), tlb the ITLB (caches->tlb's index, -1: none) and level the
 * BTB level's finding (-1: none) it could be, or without one another spacing's step at its count
 * that btb_classify grouped with none either, whose code passes no cache (its cost names the level:
 * the AMD guest's 4 B spacing, 2 cycles a branch up to 256); the short run that settles it: spacing `spacing`
 * (2 or 4 times the step's, the first where the level's count spans no code cache's size nor an
 * ITLB's reach, within BTB_MAX_FOOTPRINT) over lo..hi branches (half the footprint's count there
 * .. twice the step's).  find < 0: none. */
typedef struct BtbLoneCheck {
    int find, tlb, level;
    double count, bytes, from, cycles, after, spacing, lo, hi;
    double partner, pcycles;   /* without a level: another spacing's step at its count whose code passes no
                                * cache (its spacing, its cycles a branch before it: the level's name); 0: none */
} BtbLoneCheck;
/* The check runs btb_analyse plans: the index aliasing's (btb_classify) and the lone step's. */
typedef struct BtbChecks {
    BtbAliasCheck alias;
    BtbLoneCheck lone;
} BtbChecks;
/* Plans chk (find -1: none) from the steps of btb_classify (st[0..n), spacing[series]); a lone
 * step whose spacing has no run that tells gets a note instead. */
void btb_lone_plan(Sweep *s, const BtbStep *st, int n, const double *spacing, const BtbCaches *caches,
                   BtbLoneCheck *chk);
/* Settles chk from the sweep's series `ser` (its run): of the run's steps (a rise of a tenth or
 * more) within half an octave of the step's branch count and of its footprint's count there,
 * the larger rise decides: the same count is a limit on the branches, the step renamed for the
 * BTB level (its name; else the partner's cost's, btb_level_name; else "BTB level"); the same footprint a code-size limit, renamed "ITLB"
 * (an ITLB's reach, no code cache's size), "instruction cache" (a cache's, no ITLB's) or
 * "instruction cache or TLB" (both, or neither); none: not told, the note says so.  A note of the
 * sweep says what the run found. */
void btb_lone_settle(Sweep *s, const BtbLoneCheck *chk, int ser, const BtbCaches *caches);
/* A BTB level's name for the cycles a taken branch it holds costs: "zero-bubble BTB" (about one),
 * "one-bubble BTB" (two), "N-bubble BTB", "BTB, two taken per cycle" (below 0.75). */
void btb_level_name(char *name, size_t len, double cycles);
/* Whether `bytes` is within half an octave of one of sizes[0..n) (0: unknown, skipped): its
 * index, or -1. */
int btb_size_near(double bytes, const double *sizes, int n);
/* A code-size finding f still named "instruction cache or TLB" (else nothing) named by the
 * structure whose size it matches: a code cache ("instruction cache"), an ITLB's reach (cpuid's
 * entries x 4 KiB: "ITLB"), or both (the name stays); with cpuid's ITLBs known and none matching,
 * its note rules a TLB out; without them it says cpuid told nothing. */
void btb_code_limit(SweepFinding *f, const BtbCaches *caches);
/* Levels are named for the cost of the taken branches they hold: "zero-bubble BTB" (one per
 * cycle), "one-bubble BTB" (two cycles), "N-bubble BTB".  When no zero-bubble level is a step of
 * its own, this adds one from the spacing whose one-branch-per-cycle plateau reaches the most
 * branches: its count, and whether the plateau ended at a code cache (then the level holds at
 * least that many) or not.  A zero-bubble level of btb_classify's (a count group) whose knees lie
 * more than a quarter of an octave past its spacings' last point at one taken branch a cycle
 * (<= 1.15, before the step), or give it more than 1.15 cycles, cut the climb out of it: it holds
 * that point's branches (its note says what the knees gave).  Call after btb_classify (st sorted). */
void btb_zero_bubble(Sweep *s, const BtbStep *st, int n, const double *spacing, int nspacing,
                     const BtbCaches *caches);

/* The end of a spacing's plateau of one taken branch per cycle, from its points (y the median
 * of three neighbours, sweep_median3): up to the last point with y <= 1.15 cycles while three
 * quarters of the points up to it are (a disturbed pair early on does not end it), as a
 * step (count = lo: the plateau's last point, hi: the first past it, cycles: the plateau's
 * median, after: y there) of spacing `index` for btb_zero_bubble; false when the first point
 * is slower or the plateau runs to the end of the sweep. */
bool btb_fast_plateau(Sweep *s, int series, int index, double spacing, BtbStep *out);

/* The whole analysis of a sweep's curves: each spacing's steps (series ser[k] of spacing[k],
 * named "step 1", ... with their footprints), btb_classify over them, and the zero-bubble level
 * from each spacing's plateau (btb_fast_plateau, btb_zero_bubble); the check runs it plans (chk, NULL: not
 * wanted): btb_classify's for the aliasing, btb_lone_plan's for a lone step. */
void btb_analyse(Sweep *s, const int *ser, const double *spacing, int nspacing, const BtbCaches *caches,
                 BtbChecks *chk);

/* The published sizes (frontend.tsv's fe) beside the BTB levels found: a level more than half an
 * octave from its published figure says "DISAGREES with <uarch>" (the one-bubble level agrees
 * with its own or with it and the zero-bubble level's together). */
void btb_published(Sweep *s, const BenchFrontend *fe);

#endif

/* sweep.h — what every `uarch bench <experiment>` sweep shares.
 *
 *   options    -cpu N -runs N -min X -max X -ppo N -csv FILE -json -svg FILE -q -keep -stat
 *   measuring  sweep_measure(): build a program, run one kernel at two iteration counts in
 *              pinned children (bench_run; the lengths alternate over three rounds), difference
 *              each round's two calls (overhead cancels; bench_paired_stat), or take them together
 *              (SweepRun.whole: long calls), per-copy statistics; sweep_point():
 *              one kernel measured and added to a series (what every experiment's loop does);
 *              counters: the runner's best source (PMU, else the task-clock: preemption-free)
 *   code       sweep_nop(), sweep_jmp(), sweep_rept(): the blocks of the front-end sweeps
 *   memory     sweep_alloc(): page-aligned buffers (optionally madvise'd for huge pages) that the
 *              generated code reaches through an absolute address (the runner forks, so the
 *              child sees the parent's memory); sweep_chain(): cyclic pointer chains
 *   results    series of points, knee detection per series (util/knee.h), findings in words and
 *              numbers, provenance; printed as a table, or JSON, plus CSV and SVG files
 *   progress   one updating line on stderr when it is a terminal; Ctrl-C stops the sweep and
 *              keeps (and reports) what was measured
 *
 * The experiments (exp_*.c) generate assembly for x86-64 (AT&T) and AArch64 with sweep_isa(). */
#ifndef BENCH_SWEEP_H
#define BENCH_SWEEP_H

#include "bench/bench.h"
#include "bench/known.h"
#include "clock/clock.h"
#include "util/knee.h"
#include "util/opt.h"
#include "util/svg.h"

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#define SWEEP_MAX_SERIES SVG_MAX_SERIES
#define SWEEP_MAX_FINDINGS 64
#define SWEEP_PASS_Y 4        /* the passes whose own curves are kept (the pass rule's) */

typedef struct SweepOpts {
    int cpu;                  /* -cpu: CPU to pin to (default: the last online CPU) */
    int runs;                 /* -runs: samples per point (0: the experiment's default) */
    double min, max;          /* -min/-max: sweep range (0: the experiment's default), within
                               * Sweep.xrange */
    bool min_set;             /* -min was given (rob's range starts at 0) */
    int ppo;                  /* -ppo: points per octave (0: the experiment's default) */
    int passes;               /* -passes: sweeps over all the points (0: the experiment's
                               * default); each point keeps its least disturbed pass */
    const char *csv, *svg;    /* -csv FILE, -svg FILE */
    bool json;                /* -json: JSON on stdout instead of the table */
    bool quiet;               /* -q: no progress line */
    bool keep;                /* -keep: keep the generated assembly (prints the dir) */
    bool best;                /* -stat min (default): analyse and plot the best-case estimate */
    bool stat_set;            /* -stat was given (an experiment may pick another default) */
    int repeat;               /* -repeat N: the whole sweep N times, findings with their spread */
    double timeout;           /* -timeout S: a point's measuring child is killed after S seconds
                               * (0: the experiment's default, sweep_timeout) */
} SweepOpts;

#define SWEEP_MAX_REPEAT 16
#define SWEEP_MAX_CUT 16

/* A point whose measuring was cut at the timeout (the sweep stops there) */
typedef struct SweepCut {
    char *series;             /* its series' name, or what was measured (bench inst's "latency 1->2"):
                               * owned (sweep_free), whole however long (bench inst's instruction) */
    double x;
    double timeout_s;         /* the timeout it did not finish within */
} SweepCut;

typedef struct SweepPoint {
    double x;
    double med, min, max, q25, q75;   /* y statistics over the kept samples */
    double best;              /* the best-case estimate: median difference of the quiet rounds */
    int n;
    const char *implausible;  /* NULL, or why the point's figure cannot be a core's (a static
                               * string: "not positive", "above the core's width" ...): shown with
                               * the point (table "!", JSON, CSV), left out of the analysis */
    double raw;               /* the figure found impossible (NAN when it is the one shown) */
    double pass_y[SWEEP_PASS_Y];   /* the analysed y of each of the first passes alone (NAN: not
                               * measured), set by sweep_add: the pass rule's curves */
} SweepPoint;

typedef struct SweepSeries {
    char *name;               /* owned (sweep_free), whole: bench inst's and icache -inst's is the
                               * user's instruction */
    SweepPoint *pts;
    int n, cap;
    KneeResult knees;
    bool analysed;
    int npass;                /* passes recorded in pts[].pass_y (at most SWEEP_PASS_Y) */
    /* the pass rule (Sweep.pass_rule), per step of knees (level i to i+1): each pass's own
     * step within the tolerance (NAN: none), how many passes show it, and what the rule did */
    double step_pass[KNEE_MAX_LEVELS][SWEEP_PASS_Y];
    int step_seen[KNEE_MAX_LEVELS];
    double step_conf0[KNEE_MAX_LEVELS];   /* the fastest-of curve's own confidence (NAN: the
                                           * step was found by the passes alone) */
} SweepSeries;

typedef struct SweepFinding {
    char *name;               /* "L1D", "ROB", "mispredict penalty" */
    char *series;             /* the series it comes from ("" when only one; a series named by
                               * the user, bench inst's, is the only one: its findings have "")
                               * (name, series and note: owned, whole however long; the Sweep's
                               * findings are freed by sweep_free, another by sweep_finding_free) */
    double value;             /* the capacity / count found; NAN when none (a last level) */
    bool bytes;               /* value is a size in bytes (size_bytes in JSON) else a count */
    double cycles;            /* the level's cost (y units); NAN when not applicable */
    double confidence;        /* 0..1; NAN when not applicable */
    bool off_axis;            /* value is not a position on the x axis (a width, a rate) */
    double from, to;          /* the level's plateau on the x axis (NAN: not a level) */
    double next;              /* where the next level starts (NAN: none) */
    int rep_runs, rep_found;  /* -repeat: runs made, runs that found this finding */
    int rep_agree;            /* ... whose value is within one sweep step of the median */
    double rep_val[SWEEP_MAX_REPEAT];   /* the value (NAN: not found) of each run */
    int nunstable;            /* > 1: the sweep measured this finding as several figures that
                               * disagree (the fastest rounds and the medians, two passes):
                               * unstable[] (table "UNSTABLE: a or b", JSON "unstable", a
                               * warning on stderr), the note says which is which */
    double unstable[4];
    int npass;                /* > 1: the figure of each pass alone, pass_val[] (NAN: that pass
                               * found none): the table adds "(passes LO..HI)", JSON "passes",
                               * so a spread below the unstable threshold shows too */
    double pass_val[4];
    char *note;               /* words: comparison, caveat (no figure of the level: those are
                               * written from the numbers above by sweep_finding_text); NULL:
                               * none.  Written by sweep_fnote, sweep_fnote_add, sweep_fnote_clause
                               * only, read by sweep_fnote_text */
} SweepFinding;

typedef struct Sweep {
    const char *exp;          /* experiment name */
    const char *title;        /* plot title / table heading */
    const char *method;       /* one line: how it is measured */
    const char *xlabel, *ylabel, *yunit;   /* yunit: "cycles", "IPC" */
    const char *best_desc;    /* what "best" is, for the table heading (NULL: "from the minimum
                               * time of each length") */
    bool x_bytes;             /* x is a size in bytes */
    bool x_int;               /* x is an integer count */
    OptRange xrange;          /* what -min and -max accept (declared by the experiment, stated
                               * in its --help): sizes bound what the sweep allocates and runs */
    bool y_from_zero;
    SvgScale yscale;
    KneeOpts knee;            /* detector options (defaults from knee_defaults()) */
    bool knee_median3;        /* the detector sees each y as the median of it and its two
                               * neighbours (sweep_median3): a lone outlier (a disturbed point,
                               * or a fastest pass caught low) makes no step; steps are kept */
    SweepOpts opt;
    BenchProvenance prov;
    BenchIdent ident;         /* what cpuid says the CPU is (sweep_begin; zero: nothing), for
                               * sweep_core_verdict and the hypervisor's caveat */
    BenchArch arch;
    SweepSeries series[SWEEP_MAX_SERIES];
    int nseries;
    SweepFinding find[SWEEP_MAX_FINDINGS];
    int nfind;
    Buf notes;                /* free text lines printed after the findings */
    bool interrupted;
    bool failed;              /* a point failed to build or crashed: no report, exit status 1 */
    int npoints_total, npoints_done;   /* for progress */
    int npoints_failed;       /* points whose measuring failed (a timeout): said above, each */
    SweepCut cut[SWEEP_MAX_CUT];   /* the points cut at the timeout (the first SWEEP_MAX_CUT) */
    int ncut;                 /* how many: > 0 makes the report partial and the exit status 1 */
    double rep_step;          /* > 0: -repeat runs agree within this distance on the x axis
                               * (a sweep whose points are not its grid: rob's finer points
                               * round the step); 0: no grid point between them */
    int passes_dflt;          /* > 0: the experiment sweeps in passes, this many by default
                               * (-passes N is refused by the others) */
    bool geometric;           /* the points are a geometric grid: -ppo applies (the others
                               * refuse it) */
    bool y_rate;              /* y is a rate (IPC, bytes per cycle): a later pass keeps the
                               * higher */
    double y_floor, y_ceiling;   /* > 0: a y below / above it is impossible (a latency below a
                                  * cycle, an IPC above the core's width): the point is flagged
                                  * (SweepPoint.implausible) and the analysis leaves it out */
    const char *ceiling_why;  /* what the ceiling is ("the rename width of Golden Cove ...") */
    BenchCpuTimes *load0;     /* the CPUs' times at sweep_begin (a note says what else ran) */
    bool pass_rule;           /* the knees are those the passes agree on (sweep_pass_knees) */
    int pass;                 /* > 0: a later pass over the same points: sweep_add keeps, per x,
                               * the point with the lower y (interference only adds time, and a
                               * disturbed phase of the machine can outlast all the samples of a
                               * point: passes spread them over the whole sweep) */
} Sweep;

/* ---- setup and options ---- */
/* Parse the common options in argv[1..]; experiment-specific options are handed to `extra`
 * (returns the number of argv entries it consumed, 0 if unknown).  Prints usage on -h and
 * returns false with *status set (0 for help, 2 for a usage error). */
typedef int (*SweepExtraOpt)(void *ctx, int argc, char **argv, int i);
bool sweep_parse(Sweep *s, int argc, char **argv, SweepExtraOpt extra, void *ctx,
                 const char *usage, int *status);
/* An experiment option `name` taking a number in range r (util/opt.h; for SweepExtraOpt): 0
 * when argv[i] is not it, 2 (consumed) with *out set, -1 after the error on stderr. */
int sweep_opt_num(int argc, char **argv, int i, const char *name, OptRange r, double *out);
/* Fill provenance (measures the core clock), install the SIGINT handler. */
void sweep_begin(Sweep *s, int npoints_total);
void sweep_free(Sweep *s);

/* Size in bytes of the cache of `level` ("Data", "Instruction" or "Unified"; NULL: any) that
 * CPU `cpu` reports in sysfs, or where sysfs has no caches (a VM's) that cpuid describes (x86;
 * clock_x86_decode); level 0 = the last level.  0 when unknown (neither, macOS). */
double sweep_cache_size(int cpu, int level, const char *type);
/* The associativity of that cache (sysfs ways_of_associativity); 0 when unknown.  Where cpuid
 * gives a range (AMD Fn8000_0006: code 6 is "8 to 15 ways"), its lower end, and
 * sweep_cache_ways_max its upper end (the same as sweep_cache_ways when exact; 0: no upper
 * bound, or unknown). */
int sweep_cache_ways(int cpu, int level, const char *type);
int sweep_cache_ways_max(int cpu, int level, const char *type);
/* The 4 KiB-page TLB of `level` and `type` ("Data", "Instruction") that cpuid describes (AMD
 * Fn8000_0005/6, Intel leaf 2 or 0x18); NULL when it describes none (not x86, no such leaf).
 * "Data": the one loads use, a data TLB, else a load-only one, else a unified one (Intel's STLB). */
const ClockTlb *sweep_cpuid_tlb(int level, const char *type);
/* Why cpuid describes no TLB (clock_x86_decode's tlb_none); NULL when it does, or not x86. */
const char *sweep_cpuid_tlb_none(void);
/* The instruction TLBs cpuid describes (4 KiB pages): the L1's (an instruction TLB) and the L2's
 * (an instruction TLB, else a unified one, Intel's STLB), their reach (entries x 4 KiB) and names
 * ("L1 ITLB", "L2 ITLB", "L2 TLB"), src the leaves ("cpuid 0x80000005/6"); n 0: none, and `none`
 * says why on x86 (what the leaves said), NULL elsewhere (or not asked). */
typedef struct SweepItlbs {
    double reach[2];
    const char *name[2];
    int n;
    const char *src, *none;
} SweepItlbs;
void sweep_cpuid_itlbs(SweepItlbs *t);
/* A note of s naming cpuid's TLBs for 1 GiB pages of `type` ("Data": data and unified ones,
 * "Instruction": instruction and unified ones; AMD Fn8000_0019, Intel leaf 0x18), or why there
 * are none (a hypervisor may hide the leaf), and that the sweep's levels, measured on pages of
 * `page` bytes, are set beside the 4 KiB ones only: a 1 GiB TLB does not hold them.  Nothing off
 * x86. */
void sweep_cpuid_tlbs1g_note(Sweep *s, const char *type, double page);
/* A code footprint's step at `bytes` against the ITLBs t (NULL or none: -1, out ""): out gets
 * their reach in words ("L1 ITLB 64 entries x 4 KiB = 256 KiB, ...; cpuid 0x80000005/6"); returns
 * the index of the one whose reach is within half an octave of bytes, or -1. */
int sweep_itlb_match(const SweepItlbs *t, double bytes, char *out, size_t len);
/* Its line size (coherency_line_size); 0 when unknown. */
int sweep_cache_line(int cpu, int level, const char *type);
/* How many CPUs share it (shared_cpu_list); 0 when unknown. */
int sweep_cache_sharing(int cpu, int level, const char *type);
/* Where those come from, for the words of a note: "sysfs", "cpuid" or NULL (none) */
const char *sweep_cache_source(int cpu);
/* The cache geometry nearest a measured capacity: `ways` x `line` bytes x a power-of-two number
 * of sets (*sets), the power nearest on a log scale (NAN, *sets 0: nothing sensible) */
double sweep_cache_geometry(double capacity, int ways, int line, int *sets);

/* Geometric grid lo..hi with ppo points per octave, rounded to multiples of `quantum`;
 * returns the count (at most max), de-duplicated. */
int sweep_grid(double lo, double hi, int ppo, double quantum, double *out, int max);
/* sweep_grid over the experiment's default range lo..hi and points per octave, as overridden by
 * the user's -min, -max and -ppo (hi is raised to lo when below it); quantum 1. */
int sweep_option_grid(const Sweep *s, double lo, double hi, int ppo, double *out, int max);
/* The range *lo..*hi (the user's -min/-max, else the experiment's defaults) raised to `least`,
 * the experiment's smallest point (`why`: what makes it so); with `pow2` narrowed to the powers
 * of two inside it (the points are powers of two).  A -max below `least`, or a range with no
 * power of two, is an error: nothing would be measured between -min and -max.  It is printed,
 * the sweep freed (sweep_free) and false returned: the experiment then exits with status 2. */
bool sweep_bound_range(Sweep *s, double *lo, double *hi, double least, bool pow2, const char *why);

/* ---- ISA helpers ---- */
static inline bool sweep_x86(const Sweep *s) { return s->arch == BENCH_X86_64; }
/* Code that loads a 64-bit absolute address into register `reg` ("%rax" / "x0"). */
void sweep_load_addr(const Sweep *s, Buf *b, const char *reg, const void *addr);
/* The code blocks of the front-end sweeps (icache, fetch, btb, itlb): a 4-byte NOP, the
 * unconditional-branch mnemonic, and `line` n times (.rept n / line / .endr). */
const char *sweep_nop(const Sweep *s);
const char *sweep_jmp(const Sweep *s);
void sweep_rept(Buf *b, long n, const char *line);

/* ---- memory ---- */
void *sweep_alloc(size_t bytes, bool hugepages);  /* zeroed, 2 MiB aligned; dies on failure */
void sweep_release(void *p, size_t bytes);
/* The bytes of the mapping at p that the kernel holds in huge pages (AnonHugePages of
 * /proc/self/smaps), the mapping's size in *mapped; -1 when it cannot tell (no such file: not
 * Linux). */
double sweep_huge_bytes(const void *p, double *mapped);
/* Cyclic chain of pointers over `n` slots at base + slot_offset(i): slot k holds the address of
 * the next slot in a random (or, when !random, sequential) cyclic order.  Returns the head. */
void *sweep_chain(void *base, size_t n, size_t stride, bool random, uint64_t seed);
/* A random cyclic chain that keeps to a window at a time: the slots of each `window` bytes
 * (a whole number of slots) in random order, the windows in random order.  Every load still
 * depends on the previous one and the order within a window defeats the prefetchers, but the
 * pages touched change only once per window: with windows smaller than the first-level TLB
 * reach, a chase over any working set misses the TLB about once per window instead of on most
 * loads, so the curve shows the caches and not the TLB (window 0 or >= n * stride: plain random).
 * The windows are drawn at random from the whole windows of the `pool` bytes at base (a pool
 * smaller than n * stride: the first n * stride bytes): each seed then chases other pages, in
 * other physical frames. */
void *sweep_chain_windowed(void *base, size_t n, size_t stride, size_t window, size_t pool, uint64_t seed);
/* Same as sweep_chain, with explicit slot addresses. */
void *sweep_chain_addrs(void **slots, size_t n, bool random, uint64_t seed);
uint64_t sweep_rand(uint64_t *state);
/* order[0..n-1] = a random permutation of 0..n-1 (Fisher-Yates with sweep_rand) */
void sweep_permutation(size_t *order, size_t n, uint64_t *state);
/* 4096 entry points spread evenly round a chain of n elements starting at head (xmalloc'd). */
#define SWEEP_NENTRY 4096
void **sweep_entries(void *head, size_t n);
/* Code that starts a chase at a random entry point: the timer's low bits pick table[i] (and
 * table[(i + 2048) % 4096] for reg2 when not NULL).  x86-64: uses %rax, %rdx, %rsi (reg and reg2
 * must be among the others or %rax/%rdx); AArch64: x2, x3 (reg, reg2 must differ). */
void sweep_load_entry(const Sweep *s, Buf *b, void **table, const char *reg, const char *reg2);

/* ---- measuring ---- */
/* Size the calls to a millisecond or more (the experiments pick their iteration counts so):
 * the difference of two lengths is only as good as the scatter of each call's timing, tens of
 * microseconds with the task-clock of a VM. */
typedef struct SweepRun {
    const char *symbol;       /* the kernel to run in the built program */
    uint64_t iters;           /* short call: iters; long call: 2 * iters */
    double copies_per_iter;   /* measured operations per loop iteration */
    int runs;                 /* 0: s->opt.runs */
    double timeout_s;         /* the experiment's default (0: 60); -timeout replaces it */
    int series;               /* the series the point belongs to (named when it is cut) */
    const char *what;         /* non-NULL: the name of what is measured, in place of the series'
                               * (a point that is in no series) */
    bool whole;               /* a round's figure is its two calls together (bench_total_stat),
                               * not their difference: for calls whose overhead is negligible,
                               * where the rate may change between the two calls of a round */
} SweepRun;
/* Sweep.best_desc of a sweep whose rounds are .whole */
#define SWEEP_WHOLE_DESC "the median of the quiet rounds, each round's two calls together"
/* The timeout of a point: -timeout S, else the experiment's default dflt (0: 60 s). */
double sweep_timeout(const Sweep *s, double dflt);
/* Record a point cut at timeout t (series: an index of s->series, or -1 with `what`) and say so
 * on stderr, with the runner's message msg. */
void sweep_cut(Sweep *s, int series, const char *what, double x, double t, const char *msg);
/* Build a program for the sweep (-keep: its directory printed); NULL on an error, printed
 * unless Ctrl-C stopped the build. */
BenchLib *sweep_build(Sweep *s, const BenchProgram *prog);
/* Build, load, run, difference: y statistics per operation (cycles).  On failure prints the
 * error and returns false; *fatal tells whether the sweep should stop (build errors, crash). */
bool sweep_measure(Sweep *s, const BenchProgram *prog, const SweepRun *r, SweepPoint *pt, bool *fatal);

/* Measure one point of a series: build a program holding the kernel k, measure it with r
 * (r->symbol NULL: k's symbol), convert cycles per operation to invert / cycles when invert > 0
 * (IPC, bytes per cycle), add the point at x to the series and step the progress line.
 * Returns false when the sweep must stop: Ctrl-C or a point that could not be measured (a
 * timeout: the sweep reports what it has), or a build error or crash (printed; s->failed is set
 * and sweep_finish() then returns 1 without a report). */
bool sweep_point(Sweep *s, int series, const BenchKernel *k, const SweepRun *r, double x, double invert);

/* Replace cycles per operation by k / cycles (IPC, bytes per cycle): min and max swap. */
void sweep_invert(SweepPoint *pt, double k);
/* The y value analysed and plotted: the best case (-stat min, default) or the median. */
double sweep_y(const Sweep *s, const SweepPoint *pt);
/* The same statistic as printed: the figure even of an impossible point (sweep_y: NAN there) */
double sweep_y_shown(const Sweep *s, const SweepPoint *pt);

/* " (passes LO..HI)" (" (passes V)" when they agree, "; K of N found none" added) from the
 * figures of f's passes alone, "" when f has fewer than two or none found a figure */
void sweep_pass_range(const SweepFinding *f, char *out, size_t n);

/* ---- results ---- */
int sweep_series(Sweep *s, const char *name);     /* add a series, returns its index */
void sweep_add(Sweep *s, int series, const SweepPoint *pt);
/* the number of passes: -passes, else the experiment's default (passes_dflt) */
int sweep_passes(const Sweep *s);
/* Step the progress line ("dcache  23/61  1 MiB  14.2"); a no-op unless stderr is a tty. */
void sweep_progress(Sweep *s, int series, const SweepPoint *pt);
/* Set when Ctrl-C was pressed (the experiment stops measuring and reports what it has) or a
 * point failed (s->failed: it stops, sweep_finish() reports nothing). */
bool sweep_stop(const Sweep *s);
/* After an interrupted sweep (why "interrupted") or one with points cut at the timeout: a
 * finding of a series never measured becomes "not measured: ..." with no value; one with no
 * value from a partial series says the range measured, and its experiment's note is dropped. */
void sweep_unmeasured(Sweep *s, const char *why);

/* Where a falling curve reaches its floor: the first index whose y is within tol (0.1: 10 %)
 * of the lowest y, with *level the median of y from there on (NANs skipped); -1 when no y. */
int sweep_plateau_start(const double *y, int n, double tol, double *level);
/* The capacity of a level from the climb after its plateau: the most of the working set it
 * holds, x[i] * (1 - m_i), where m_i = (y[i] - a) / (b - a) is the share of accesses that pay the
 * next level's cost (a: the level's cost, b: the next one's; clamped to 0..1), over the points
 * from `from` (the plateau's last) up to where m first reaches 0.9.  A cache that starts missing
 * before it is full (set conflicts of 4 KiB pages, random replacement) keeps holding about its
 * capacity while the curve climbs, which this finds where a halfway crossing does not. */
double sweep_held_capacity(const double *x, const double *y, int n, int from, double a, double b);
/* P(X >= k) for X ~ Poisson(lambda). */
double sweep_poisson_tail(double lambda, int k);
/* The capacity C of a physically indexed, `ways`-way level whose working set lies in pages placed
 * at random in physical memory (4 KiB pages: the kernel's, or the host's under a VM), fitted to
 * the plateau and climb of the curve: the pages fall into the C / (ways x page) page colours at
 * random, Poisson(ways W / C) other pages share a line's sets, and a set given more lines than
 * it has ways misses on every pass of a cyclic chase (LRU), so a share P(Poisson(ways W / C) >=
 * ways) of the loads pays the next level's cost b instead of a.  That share is half at W = C
 * for 8 ways, and a tenth already at W = C / 2: the climb starts at half the capacity, where
 * sweep_held_capacity reads about 0.56 C.  The points from `first` (the plateau's first) up to
 * where 90 % miss are fitted by least squares, C from x[from] (the plateau's last) up to 16x it
 * in steps of 0.5 %.  *b NAN: the next level's cost is not known (its plateau was not resolved)
 * and is fitted too, between 1.2 a and ymax, over the points up to the last below ymax (set *b).
 * NAN when the curve has no point inside the climb (a sharp step). */
double sweep_colored_capacity(const double *x, const double *y, int n, int first, int from, double a,
                              double *b, double ymax, int ways);
/* The same fitted for each number of ways in wmin..wmax (a range cpuid gives: AMD's code 6 is
 * "8 to 15 ways"; wmax below wmin: wmin alone), the one of least squared error kept: its ways
 * in *wbest (0 and NAN returned when none fits). */
double sweep_colored_capacity_range(const double *x, const double *y, int n, int first, int from, double a,
                                    double *b, double ymax, int wmin, int wmax, int *wbest);
/* y[i] = the median of y[i-1], y[i], y[i+1] for the inner points whose three are finite, in
 * place (the ends and non-finite values kept): a monotone run, and so every step, is unchanged;
 * a single point above or below both neighbours takes the nearer of them. */
void sweep_median3(double *y, int n);
/* Run the knee detector over a series (cached); with Sweep.pass_rule and two passes or more
 * recorded, the knees the passes agree on (sweep_pass_knees). */
const KneeResult *sweep_knees(Sweep *s, int series);
/* The pass rule (SWEEP_PASS_RULE): r, the knees of the fastest-of curve (x, y[0..n)), made the
 * knees the passes agree on, from each pass's own curve (py[k * n + i], k < npass): a pass shows
 * a step when its own curve rises (falls) at least half as much between the step's two plateaus
 * and passes the middle of its two levels within SWEEP_PASS_TOL octaves of the step; one fewer
 * than max(2, half) of the passes show is no knee (its confidence set below 0.5), one they show
 * that the fastest-of curve has below 0.5 is raised to 0.5, and a step of a pass's own knees
 * (knee_find) that they show and the fastest-of curve has none near is added (a plateau split,
 * or one put between two).  S gets each step's passes (step_pass, step_seen, step_conf0).
 * Exposed for tests. */
void sweep_pass_knees(const Sweep *s, SweepSeries *S, const double *x, const double *y, const double *py,
                      int npass, int n, KneeResult *r);
/* The pass rule's words (sweep_finish calls it): each finding of a step (its plateau that of a
 * step of sweep_knees) gets its passes' figures (npass, pass_val: "(passes LO..HI)") and how many
 * show it; a step of the fastest-of curve the passes do not show, a note of the sweep. */
void sweep_pass_findings(Sweep *s);
#define SWEEP_PASS_TOL 0.5
#define SWEEP_PASS_RULE "each pass's own curve is checked too: a pass shows a knee when it rises (falls) at\n" \
    "               least half as much across it and passes the middle of the two levels within\n" \
    "               half an octave of it; a knee is reported when 2 of 3 passes show it (of N: half,\n" \
    "               2 or more), even where the fastest-of curve misses it (found on a pass's curve);\n" \
    "               a knee fewer passes show is no finding (a note says so); each finding gives the\n" \
    "               passes' places \"(passes LO..HI)\""

/* The steps of knee result r worth naming: the levels before the last with confidence >= 0.5,
 * their indices in idx[] and their capacity in at[] (x_mid: halfway to the next level, or
 * x_last for a sharp step).  Returns how many (at most max). */
int sweep_steps(const KneeResult *r, int *idx, double *at, int max);
SweepFinding *sweep_finding(Sweep *s, const char *name, const char *series);
/* A finding's note, grown to whatever length its words take (nothing is cut): sweep_fnote
 * replaces it, sweep_fnote_add appends, sweep_fnote_clause appends after "; " when the note is
 * not empty (the arguments may read the note itself); sweep_fnote_text: the note, "" for none. */
void sweep_fnote(SweepFinding *f, const char *fmt, ...) PRINTF_LIKE(2, 3);
void sweep_fnote_add(SweepFinding *f, const char *fmt, ...) PRINTF_LIKE(2, 3);
void sweep_fnote_clause(SweepFinding *f, const char *fmt, ...) PRINTF_LIKE(2, 3);
const char *sweep_fnote_text(const SweepFinding *f);
/* a finding's new name (owned, whole) */
void sweep_finding_rename(SweepFinding *f, const char *name);
/* dst = a deep copy of src (its own name, series and note; dst's are not freed) */
void sweep_finding_copy(SweepFinding *dst, const SweepFinding *src);
/* free a finding's name, series and note (NULL after); a finding made outside a Sweep, or copied */
void sweep_finding_free(SweepFinding *f);
/* Fill f from level i of knee result r: cycles, confidence, the plateau and where the next
 * level starts; the value (capacity) is x_mid, else x_last; NAN for the last level. */
void sweep_finding_level(SweepFinding *f, const KneeResult *r, int i);
/* The words of a finding, made from its numbers only (the one place they are written):
 * "plateau A..B; the next level from C" (or, when the value lies past C: the curve leaves the
 * plateau at C, a climb, and the capacity lies on it), then the note; whole, in `out` (emptied
 * first). */
void sweep_finding_text(const Sweep *s, const SweepFinding *f, Buf *out);
/* -repeat: fill f's rep_* from the values of the same finding in earlier runs (vals[0..nruns),
 * NAN where a run did not find it, the last one f's own): a run agrees when its value lies
 * within one step of the sweep's grid (xs[0..nx), sorted; places on it interpolated between
 * the points; nx < 2: within 5 %) of the median of the values found.  Exposed for tests. */
void sweep_repeat_stats(SweepFinding *f, const double *vals, int nruns, const double *xs, int nx);
/* The same agreement with a fixed step: a run agrees when its value is within `step` of the
 * median (sets rep_agree only; after sweep_repeat_stats). */
void sweep_repeat_within(SweepFinding *f, const double *vals, int nruns, double step);
/* Turn the knees of a series into findings: names[i] for the capacity at the i-th knee (NULL
 * or past the end: "level <i+1>"), last_name for the final plateau (NULL: not reported). */
void sweep_findings_from_knees(Sweep *s, int series, const char *const *names, int nnames,
                               const char *last_name, double min_conf);
/* Name the knees (confidence >= 0.5) of a series: when reference capacities are known (refs
 * with x > 0, e.g. sysfs cache sizes, public figures), each knee takes the name of the nearest
 * unused reference within a factor of two (else "knee N") and the note compares them; with no
 * reference, knees are named by order from refs[].name.  The final plateau is reported as
 * last_name (NULL: not reported).  ref_src names where the reference figures come from. */
typedef struct SweepRef {
    const char *name;
    double x;                 /* 0: unknown */
} SweepRef;
void sweep_name_knees(Sweep *s, int series, const SweepRef *refs, int nrefs, const char *ref_src,
                      const char *last_name);
/* named[j] for the ns steps of sweep_steps() (indices idx): with more than k steps (k > 0: the
 * number of levels known, e.g. from sysfs), the k steps of the largest relative change of the
 * level (after / before, or its inverse) are true, the others false; else all true. */
void sweep_major_steps(const KneeResult *r, const int *idx, int ns, int k, bool *named);
/* named[j] made false for the steps whose level changes by less than `ratio` (after / before,
 * or its inverse): no new level, whatever the number of levels known */
void sweep_minor_steps(const KneeResult *r, const int *idx, int ns, double ratio, bool *named);
/* a latency no cache answers in: memory's (a Zen 4 guest's L3: 12 ns, its DRAM 130 ns) */
#define SWEEP_MEMORY_NS 60
/* the first of the ns steps of sweep_steps() (indices idx) whose level before it is as slow as
 * memory at core clock hz (SWEEP_MEMORY_NS); -1 when none or hz unknown */
int sweep_memory_step(const KneeResult *r, const int *idx, int ns, double hz);
/* The same, with named[j] false for the j-th step of sweep_steps() that is not a level: it is
 * "step", takes no reference and no place in the order (named NULL: every step is a level). */
void sweep_name_knees_of(Sweep *s, int series, const SweepRef *refs, int nrefs, const char *ref_src,
                         const char *last_name, const bool *named);
void sweep_note(Sweep *s, const char *fmt, ...) PRINTF_LIKE(2, 3);
/* The first finding named `name` (its value, or its cycles when `cycles`) against the published
 * figure of the core cpuid names (s->ident, bench_core_verdict): when it contradicts it, a note
 * says so (and, under a hypervisor, that cpuid's model may be its virtual CPU's) and the
 * finding's note ends "CONTRADICTS ...".  True when it did. */
bool sweep_core_verdict(Sweep *s, const char *name, BenchFig fig, bool cycles);

/* Print the table (or JSON) on stdout and write -csv / -svg files.  Returns the exit status
 * (1 without printing when s->failed). */
int sweep_finish(Sweep *s);

/* "48 KiB" or "1024" depending on the sweep's x kind */
void sweep_fmt_x(const Sweep *s, double x, char *out, size_t n);

#endif

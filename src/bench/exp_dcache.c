/* exp_dcache.c — `uarch bench dcache`: load-to-use latency over working-set sizes.
 *
 * Latency (default): a random cyclic pointer chase at cache-line granularity (-stride) over a
 * working set swept geometrically from 4 KiB to 4x the last-level cache (-max): every load's
 * address comes from the previous load, so cycles per load = load-to-use latency of the level
 * that holds the set.  A random order defeats the prefetchers (-seq: sequential order, to see
 * them).  The order is random within windows of 64 KiB (-window), the windows in random order:
 * a fully random chase over more pages than the L1 DTLB maps pays a DTLB miss on most loads,
 * which raises the curve from the DTLB reach on (72 x 4 KiB = 288 KiB on Zen 4) and hid the L2
 * knee.  -hugepages does not cure that in a VM whose host maps guest memory with 4 KiB pages
 * (the TLB holds the smaller of the two translations); the windows do, on any page size.
 * A call does 16384 loads (the long one twice that) and the next call of the same child resumes
 * where it stopped (a cursor in memory, stored once per 32 loads, off the dependency chain):
 * all calls do the same steady walk round the whole set (calls from random entry points saw
 * more or fewer lines still cached from the previous calls, which made the minimum of each
 * length, and their difference, meaningless: negative beyond the L2), and a round is short
 * enough (0.05..6 ms) that most rounds of a busy machine are not cut by a preemption, after
 * which the other task's footprint has pushed the set out of the L2.  Each point's windows are
 * drawn at random from the whole buffer (the seed is the point's): a level past the L1 picks its
 * sets by physical address, and the frames of one set of pages fill its sets more or less evenly;
 * the first W bytes of one buffer at every point made the climb of all the points lean the same
 * way in a run (the L2 fitted at 947 KiB in one run, 1.17 MiB in the next two), independent
 * draws per point average out in the fit (1.09..1.14 MiB over four runs).  The sweep runs in
 * three passes, each point keeping its fastest (-passes).  -hugepages asks for 2 MiB
 * pages (madvise; the notes say how much of the buffer the kernel gave in them, and none is
 * said, the curve then named for 4 KiB pages).  Bandwidth (-bw): 512 bytes per copy as independent 16-byte loads (read) or
 * stores (write) walking the buffer, in bytes per cycle.
 *
 * Findings: the knees of the curve (knee.h) named L1D, L2, L3... in order (cost = the
 * plateau's latency).  A level past the L1: its sets are picked by physical address bits above
 * the page offset and the pages fall in them at random, so it starts missing at about half its
 * size; its capacity is the fit of the climb to that (sweep_colored_capacity, with the sysfs
 * associativity), else (a sharp step) the most of the set it holds on the climb.  The same with
 * -hugepages: under a VM the host may back 2 MiB guest pages with 4 KiB frames.  Each level
 * sits beside its sysfs size; one that disagrees, or makes no plateau, is said to.
 */
#include "bench/dcache.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* the latency chase: loads per short call, rounds per point (the quiet quarter of them makes
 * "best": with short calls most rounds of a busy machine are undisturbed, but not all) */
#define DCACHE_CALL_LOADS 16384
#define DCACHE_ROUNDS 45

typedef struct DcacheOpts {
    double stride, window;
    bool seq, huge, bw, window_set;
    const char *chase_opt;    /* the last -stride, -window or -seq given (options of the chase) */
} DcacheOpts;

static int dcache_opt(void *ctx, int argc, char **argv, int i)
{
    DcacheOpts *o = ctx;
    if (strcmp(argv[i], "-hugepages") == 0)
        return o->huge = true, 1;
    if (strcmp(argv[i], "-bw") == 0)
        return o->bw = true, 1;
    if (strcmp(argv[i], "-seq") == 0 || strcmp(argv[i], "-window") == 0 || strcmp(argv[i], "-stride") == 0)
        o->chase_opt = argv[i];
    if (strcmp(argv[i], "-seq") == 0)
        return o->seq = true, 1;
    if (strcmp(argv[i], "-window") == 0)
        return o->window_set = true, sweep_opt_num(argc, argv, i, "-window", (OptRange){OPT_SIZE, 0, 1 << 30}, &o->window);
    return sweep_opt_num(argc, argv, i, "-stride", (OptRange){OPT_SIZE, 8, 1 << 24}, &o->stride);
}

/* the options together: the chase's pointers are 8-byte words, a window holds one at least,
 * and -bw has no chase (its options were ignored) */
static bool dcache_opts_ok(const DcacheOpts *o)
{
    if (fmod(o->stride, 8) != 0)
        fprintf(stderr, "uarch: bench dcache: option '-stride': %.0f is not a multiple of 8 (the chased pointers "
                "are 8-byte words)\n", o->stride);
    else if (o->window_set && o->window > 0 && o->window < o->stride)   /* (the default: fully random) */
        fprintf(stderr, "uarch: bench dcache: option '-window': %.0f is below the stride (%.0f): a window holds one "
                "pointer at least (0: fully random)\n", o->window, o->stride);
    else if (o->bw && o->chase_opt)
        fprintf(stderr, "uarch: bench dcache: %s with -bw: the bandwidth kernels chase no pointers\n",
                o->chase_opt);
    else
        return true;
    return false;
}

static const char usage[] =
    "usage: uarch bench dcache [-stride B] [-window B] [-seq] [-hugepages] [-bw] [options]\n"
    "load-to-use latency over working-set sizes (random cyclic pointer chase), cache capacities\n"
    "and latencies found as knees of the curve; -bw: read and write bandwidth instead\n"
    "  -stride B    distance between chased pointers, a multiple of 8 (default 64: one per cache line;\n"
    "               8 B .. 16 MiB)\n"
    "  -window B    the random chase visits the lines of one window of B bytes before moving to\n"
    "               the next (default 64K: few pages, so TLB misses stay rare; 0 .. 1 GiB); 0: fully\n"
    "               random\n"
    "  -seq         chase in address order (shows the prefetchers)\n"
    "  -hugepages   madvise(MADV_HUGEPAGE) the buffer (2 MiB pages: fewer DTLB misses)\n"
    "  -bw          bandwidth: independent 16-byte loads / stores, bytes per cycle\n"
    "  knees        " SWEEP_PASS_RULE;

double dcache_level_capacity(const double *x, const double *y, int n, const KneeLevel *L, double b, bool no_next,
                             int ways, int wmax, double *bc, int *wfit, bool *unresolved)
{
    /* the next level's plateau is not the cost of this level's misses when no cache level came
     * between (no_next: the next level named is the last one, DRAM, while sysfs has a cache after
     * this one: that cache, a VM's share of a shared L3, made no plateau), or when the next level
     * is more than 5x this one's latency (from one cache level to the next the latency grows
     * 2-4x: 16 -> 49 cycles from this Emerald Rapids guest's L2 to its L3).  Then the cost of
     * the misses is fitted with the climb, over the points below the middle (geometric) of this
     * level and the next.  Without that, with the other vCPU walking 32 MiB (2026-12-01), the L3
     * made no plateau, the L2 climbed from 16 cycles at 1.19 MiB to 142 at 4 MiB, through 37 at
     * 2 MiB (L3 hits), and the fit to 142 put the L2 at 3.37 MiB, "4 MiB" (sysfs: 2 MiB) */
    *unresolved = no_next || b > 5 * L->level;
    double ymax = NAN;
    *bc = b;
    if (*unresolved)
        *bc = NAN, ymax = sqrt(L->level * b);
    return sweep_colored_capacity_range(x, y, n, L->first, L->last, L->level, bc, ymax, ways, wmax, wfit);
}

/* Name the knees by order, L1D, L2, L3, L4: a level is known by its latency, and its knee may
 * come before the cache's capacity (the DTLB reach with 4 KiB pages, a share of a VM's L3);
 * the sysfs sizes are printed in the notes for comparison.  When sysfs tells how many data
 * cache levels there are (k) and the curve has more steps, the k steps of the largest relative
 * change are the levels (from one cache level to the next the latency grows 2-10x; a step
 * inside a level, as when the L2's set conflicts begin, by 10-20 %) and the others are "step". */
static void name_knees(Sweep *s, int series, bool latency, bool huge, double max_x, double llc)
{
    const char *src = sweep_cache_source(s->opt.cpu);
    SweepRef refs[5] = {{"L1D", 0}, {"L2", 0}, {"L3", 0}, {"L4", 0}, {"DRAM", 0}};
    const KneeResult *r = sweep_knees(s, series);
    const KneeLevel *last = &r->levels[r->nlevels > 0 ? r->nlevels - 1 : 0];
    /* DRAM: slower than any cache answers (SWEEP_MEMORY_NS), or, with no core clock, past the
     * last cache in sysfs */
    double hz = s->prov.core_hz;
    /* the last plateau's latency is that of the level its run starts at: a step of less than
     * 1.5x into it is no new level (sweep_minor_steps below), so 141 -> 145 -> 165 cycles on
     * this Emerald Rapids guest (2026-12-01: its L3 with page walks, 4 KiB pages) was "DRAM"
     * by its last 165 cycles, 60 ns, where the run started at 141, 50 ns */
    int run = r->nlevels - 1;
    while (latency && run > 0 && r->levels[run - 1].level > 0 && r->levels[run].level / r->levels[run - 1].level < 1.5)
        run--;
    double ns = hz > 0 ? r->levels[run].level / hz * 1e9 : 0;
    bool dram = latency && (ns >= SWEEP_MEMORY_NS || (!(hz > 0) && r->nlevels > 1 &&
                                         (llc > 0 ? last->x_first > llc && max_x >= 2 * llc : true)));
    int levels = 0;
    for (int l = 1; l <= 4; l++)
        if (sweep_cache_size(s->opt.cpu, l, l == 1 ? "Data" : NULL) > 0)
            levels = l;
    int idx[SWEEP_MAX_FINDINGS];
    double at[SWEEP_MAX_FINDINGS];
    bool named[SWEEP_MAX_FINDINGS] = {false};
    int nst = sweep_steps(r, idx, at, SWEEP_MAX_FINDINGS);
    /* a plateau as slow as memory (before the last one) is DRAM, not one more cache: the first
     * is "DRAM", the steps after it "step", and the last plateau "DRAM, slower"; the caches'
     * levels are chosen among the steps before it (this Zen 5 guest, caches from cpuid: 456
     * cycles from 11 to 45 MiB, 725 past 54 MiB with 4 KiB pages, 455 flat to 256 MiB with
     * -hugepages: page walks that miss) */
    int mem = latency ? sweep_memory_step(r, idx, nst, hz) : -1;
    sweep_major_steps(r, idx, mem >= 0 ? mem : nst, levels, named);
    /* a latency step of less than 1.5x is no cache level even when sysfs has as many levels as
     * the curve has steps (from one level to the next the latency grows 2-10x): this Emerald
     * Rapids guest (2026-12-01, 4 KiB pages) climbed 144 -> 157 cycles at 23 MiB, on its L3's
     * latency plateau from 5.66 MiB (the L3: 300 MiB), and that was named "L3: 23.4 MiB, the
     * share of a shared last level this machine gets" */
    if (latency)
        sweep_minor_steps(r, idx, mem >= 0 ? mem : nst, 1.5, named);
    int nrefs = 4;
    if (mem >= 0) {
        int ncache = 0;
        for (int j = 0; j < mem; j++)
            ncache += named[j];
        nrefs = ncache < 4 ? ncache + 1 : 5;
        refs[nrefs - 1] = (SweepRef){"DRAM", 0};
        for (int j = mem; j < nst; j++)
            named[j] = j == mem;
    }
    int first = s->nfind;
    sweep_name_knees_of(s, series, refs, nrefs, NULL, mem >= 0 ? "DRAM, slower" : dram ? "DRAM" : "last level",
                        named);
    if (mem >= 0 && first + mem < s->nfind) {
        SweepFinding *f = &s->find[first + mem];
        char a[32];
        sweep_fmt_x(s, f->next, a, sizeof a);
        f->value = NAN, f->confidence = NAN;   /* (where it ends is no capacity of a cache) */
        sweep_fnote(f, "as slow as memory (%.0f ns); from %s slower still: %s",
                 f->cycles / hz * 1e9, a, huge ? "a VM's host memory or its page tables (a VM cannot tell)"
                 : "with 4 KiB pages, page walks that miss the caches (-hugepages tells)");
    }
    if (!latency)
        return;
    /* latency: each level's capacity is what it holds while the curve climbs to the next level
     * (sweep_held_capacity), not where the climb passes halfway: with 4 KiB pages the L2's sets
     * fill unevenly and it starts missing at half its size, but keeps holding about its size */
    const SweepSeries *S = &s->series[series];
    double *x = xmalloc(sizeof *x * (size_t)(S->n + 1)), *y = xmalloc(sizeof *y * (size_t)(S->n + 1));
    for (int i = 0; i < S->n; i++)
        x[i] = S->pts[i].x, y[i] = sweep_y(s, &S->pts[i]);
    sweep_median3(y, S->n);   /* (the curve the knees were found on) */
    for (int j = 0; j < nst && first + j < s->nfind; j++) {
        SweepFinding *f = &s->find[first + j];
        if (!named[j] || (mem >= 0 && j >= mem))
            continue;
        const KneeLevel *L = &r->levels[idx[j]];
        /* the next level's cost: the next one named (a minor step between does not count) */
        int nx = j + 1;
        while (nx < nst && !named[nx])
            nx++;
        double b = nx < nst ? r->levels[idx[nx]].level : r->levels[r->nlevels - 1].level;
        /* a level past the L1: its sets are chosen by physical address bits above the page
         * offset, and the pages land in them at random.  The same fit with -hugepages: a VM's
         * host may back the guest's 2 MiB pages with 4 KiB frames (this Zen 4 guest: the L2
         * climbs from half its size with either), and where the pages are truly huge the climb
         * is a sharp step, which the fit leaves to the held capacity below */
        int lv = 0, ways = 0, wmax = 0;
        double sz = 0;
        if (sscanf(f->name, "L%d", &lv) == 1 && lv >= 2) {
            ways = sweep_cache_ways(s->opt.cpu, lv, NULL);
            wmax = sweep_cache_ways_max(s->opt.cpu, lv, NULL);
            sz = sweep_cache_size(s->opt.cpu, lv, NULL);
        }
        /* cpuid may give the ways as a range (AMD Fn8000_0006 code 6: 8 to 15 ways): the fit then
         * tries each and keeps the one that fits best, and names no geometry (its ways are not
         * known); a range without an upper end ("128 or more"): its lower end */
        bool wrange = wmax != ways && wmax > ways;
        double c = NAN, bc = b;
        bool unresolved = false;
        int wfit = ways;
        if (ways > 1 && sz / ways > (double)mem_page_size())
            c = dcache_level_capacity(x, y, S->n, L, b, dram && nx >= nst && lv < levels, ways, wrange ? wmax : ways,
                                      &bc, &wfit, &unresolved);
        if (isfinite(c)) {
            /* a cache of this CPU alone: the fit names its geometry, ways x line x a power-of-two
             * number of sets.  The fit itself leans high on this Zen 4 guest (its L2: 1.07..1.24
             * MiB over nine runs, 1.12 typical: the replacement keeps a little more than LRU's
             * cyclic thrash the model assumes), and one run in ten crossed the next sweep step;
             * the nearest geometry is 1 MiB in all of them.  A shared cache (a VM's share of
             * the last level) keeps the fit: its share is no geometry. */
            int line = sweep_cache_line(s->opt.cpu, lv, NULL), sets;
            line = line > 0 ? line : 64;
            double g = !wrange && sweep_cache_sharing(s->opt.cpu, lv, NULL) == 1 ? sweep_cache_geometry(c, ways, line, &sets)
                                                                                 : NAN;
            char fc[32];
            svg_fmt_bytes(fc, sizeof fc, c);
            f->value = isfinite(g) ? g : c;
            if (isfinite(g))
                sweep_fnote_clause(f, "the capacity: %d sets x %d ways x %d B, the "
                         "power-of-two number of sets nearest %s, the fit", sets, ways, line, fc);
            else
                sweep_fnote_clause(f, "the capacity: the fit");
            char wsrc[96];
            if (wrange)
                snprintf(wsrc, sizeof wsrc, "of %s's %d to %d ways, the best fit%s", src, ways, wmax,
                         wfit == wmax ? ", its top" : wfit == ways ? ", its bottom" : "");
            else
                snprintf(wsrc, sizeof wsrc, "%s", src);
            sweep_fnote_add(f, " of the climb as a %d-way cache (%s) whose pages land "
                     "in its sets at random, P(Poisson(%d W/C) >= %d) of the loads missing", wfit, wsrc, wfit, wfit);
            if (unresolved)
                sweep_fnote_add(f, " (to %.1f cycles, a level without a plateau: "
                         "fitted too)", bc);
            if (isfinite(g))
                sweep_fnote_add(f, "; the cache is cpu%d's alone (%s)", s->opt.cpu, src);
        } else {
            c = sweep_held_capacity(x, y, S->n, L->last, L->level, b);
            if (isfinite(c))
                f->value = c;
            sweep_fnote_clause(f, "the capacity: the most of the working set it holds "
                     "on the climb, W x (1 - share of loads at the next level's cost)");
        }
    }
    free(x), free(y);
    /* side by side with sysfs: each level's size there, and the levels the curve does not show */
    for (int l = 1; l <= levels; l++) {
        double sz = sweep_cache_size(s->opt.cpu, l, l == 1 ? "Data" : NULL);
        char nm[8], a[32], b[32];
        snprintf(nm, sizeof nm, l == 1 ? "L1D" : "L%d", l);
        svg_fmt_bytes(a, sizeof a, sz);
        SweepFinding *f = NULL;
        for (int i = first; i < s->nfind && !f; i++)
            if (!strcmp(s->find[i].name, nm))
                f = &s->find[i];
        if (f) {
            double ratio = f->value / sz;
            svg_fmt_bytes(b, sizeof b, f->value);
            if (fabs(log2(ratio)) <= 0.25)
                sweep_fnote_clause(f, "%s says %s", src, a);
            else
                sweep_fnote_clause(f, "DISAGREES with %s: %s measured, %s in %s "
                         "(%.2f x)%s", src, b, a, src, ratio,
                         ratio < 1 && l == levels ? ": the share of a shared last level this machine gets" : "");
            continue;
        }
        f = sweep_finding(s, nm, s->nseries > 1 ? s->series[series].name : "");
        const char *why = !(max_x >= sz * 1.5) ? "the sweep ends before it (-max)"
                        : "no plateau for it: the curve climbs from the level before straight to the next "
                          "(a VM's share of a shared cache can be a small part of it, and changes with "
                          "the other guests' load)";
        sweep_fnote(f, "not resolved: %s says %s; %s", src, a, why);
    }
}

int exp_dcache(int argc, char **argv)
{
    /* in three passes, each point keeping its least disturbed (one pass of a quiet machine made
     * the L1D 32 KiB, the next 23 KiB: a few seconds in which another guest's work, or the host,
     * shared the core raised a run of points, every round of them, 4 cycles to 10-16 in the L1D) */
    Sweep s = {.exp = "dcache", .geometric = true, .passes_dflt = 3, .pass_rule = true, .xrange = {OPT_SIZE, 128, 1 << 30}};
    DcacheOpts o = {.stride = 64, .window = 65536};
    int status;
    if (!sweep_parse(&s, argc, argv, dcache_opt, &o, usage, &status))
        return status;
    if (!dcache_opts_ok(&o)) {
        sweep_free(&s);
        return 2;
    }
    bool x86 = sweep_x86(&s);
    double llc = sweep_cache_size(s.opt.cpu, 0, NULL);
    double lo = s.opt.min > 0 ? s.opt.min : 4096;
    /* to 4 x the last level, at most 256 MiB (cpuid's L3 in a VM can be the host socket's:
     * 508 MiB on this Zen 5 guest) */
    double hi = s.opt.max > 0 ? s.opt.max : (llc > 0 ? fmin(4 * llc, 256.0 * 1024 * 1024) : 256.0 * 1024 * 1024);
    /* bandwidth kernels wrap with a mask: powers of two only */
    if (!(o.bw ? sweep_bound_range(&s, &lo, &hi, 1024, true, "the bandwidth kernels wrap with a mask, 1 KiB at least")
               : sweep_bound_range(&s, &lo, &hi, 2 * o.stride, false, "two pointers -stride apart")))
        return 2;
    if (o.bw && s.opt.ppo > 0) {
        fprintf(stderr, "uarch: bench dcache: -ppo with -bw: the bandwidth points are the powers of two\n");
        sweep_free(&s);
        return 2;
    }
    int ppo = s.opt.ppo > 0 ? s.opt.ppo : 4;
    double grid[512];
    int n = o.bw ? sweep_grid(lo, hi, 1, 1024, grid, 512) : sweep_grid(lo, hi, ppo, o.stride, grid, 512);

    s.x_bytes = true;
    s.y_rate = o.bw;   /* (bytes per cycle: a pass keeps the higher) */
    s.xlabel = "working set";
    s.y_from_zero = true;
    if (o.bw) {
        s.title = "read and write bandwidth over working-set size";
        s.method = "512 bytes per copy as 32 independent 16-byte loads (read) or stores (write) "
                   "walking the buffer with a power-of-two mask";
        s.ylabel = "bytes per cycle", s.yunit = "B/cycle";
    } else {
        s.title = "load-to-use latency over working-set size";
        s.method = o.seq ? "sequential cyclic pointer chase (prefetchers help)"
                         : "random cyclic pointer chase (one dependent load per element)";
        s.ylabel = "cycles per load", s.yunit = "cycles";
        s.yscale = SVG_LOG;
        s.knee.direction = 1;   /* latency only grows with the working set */
        s.y_floor = 1;          /* no load returns its data in less than a cycle */
    }
    /* the knees from the median of three neighbouring points: one disturbed point (a DRAM point
     * at 349 cycles among 470s, one at 47 past the L2's climb) made a step of its own, and
     * another step took the L2's name (256 KiB in one run of three) */
    s.knee_median3 = true;
    size_t cap = (size_t)grid[n - 1] + 4096;
    char *buf = sweep_alloc(cap, o.huge);
    bool huge = o.huge;   /* (madvise asks; what the kernel gave is in smaps) */
    if (o.huge) {
        double mapped, hb = sweep_huge_bytes(buf, &mapped);
        huge = hb != 0;
        char a[32], b[32];
        svg_fmt_bytes(a, sizeof a, hb), svg_fmt_bytes(b, sizeof b, mapped);
        if (hb < 0)
            sweep_note(&s, "-hugepages: madvise(MADV_HUGEPAGE) asked; whether the kernel gave 2 MiB pages "
                           "is not known here (no /proc/self/smaps)");
        else if (hb == 0)
            sweep_note(&s, "-hugepages: NO huge pages: the kernel gave none of the %s buffer in 2 MiB pages "
                           "(AnonHugePages 0; see /sys/kernel/mm/transparent_hugepage/enabled): the curve is "
                           "that of 4 KiB pages", b);
        else
            sweep_note(&s, "-hugepages: %s of the %s buffer in 2 MiB pages (AnonHugePages); under a VM the "
                           "host may still back them with 4 KiB frames", a, b);
    }
    int nser = o.bw ? 2 : 1;
    int ser[2];
    if (o.bw) {
        ser[0] = sweep_series(&s, "read");
        ser[1] = sweep_series(&s, "write");
    } else {
        char nm[48];
        snprintf(nm, sizeof nm, "%s, %.0f B stride%s", o.seq ? "sequential" : "random", o.stride,
                 huge ? ", 2 MiB pages" : ", 4 KiB pages");
        ser[0] = sweep_series(&s, nm);
    }
    int passes = sweep_passes(&s);
    sweep_begin(&s, n * nser * passes);

    int unroll = 32;
    void **cursor = xmalloc(64);   /* where the chase stands between calls (large sets) */
    bool failed = false;
    for (s.pass = 0; s.pass < passes && !failed && !sweep_stop(&s); s.pass++) {
        for (int i = 0; i < n && !failed && !sweep_stop(&s); i++) {
            double ws = grid[i];
            for (int k = 0; k < nser && !sweep_stop(&s); k++) {
                Buf init, body;
                buf_init(&init), buf_init(&body);
                double per_iter;
                uint64_t iters;
                int kunroll = unroll;
                if (!o.bw) {
                    size_t nslots = (size_t)(ws / o.stride);
                    void *head = o.seq ? sweep_chain(buf, nslots, (size_t)o.stride, false, 0)
                                       : sweep_chain_windowed(buf, nslots, (size_t)o.stride, (size_t)o.window,
                                                              cap, 0x5eed + i);
                    /* calls of 16384 loads (a short call; the long one: twice that), each resuming
                     * where the child's previous call stopped (the cursor, stored once per 32 loads,
                     * off the dependency chain), so that every call does the same steady walk round
                     * the whole chain, whatever its size.  Short calls: a round (both calls, 0.05..6
                     * ms) is then seldom cut by a preemption, after which the L2 (and L3) must be
                     * refilled from what the other task left (calls of 262144 loads, 4-16 ms a
                     * round, met one in most rounds on a busy 2-CPU guest, which hid the L2) */
                    const char *load = x86 ? "mov (%rcx), %rcx" : "ldr x0, [x0]";
                    *cursor = head;
                    sweep_load_addr(&s, &init, x86 ? "%rdx" : "x1", cursor);
                    buf_puts(&init, x86 ? "mov (%rdx), %rcx\n" : "ldr x0, [x1]\n");
                    for (int q = 0; q < unroll; q++)
                        buf_printf(&body, "%s\n", load);
                    buf_puts(&body, x86 ? "mov %rcx, (%rdx)" : "str x0, [x1]");   /* off the chain */
                    kunroll = 1;
                    double accesses = DCACHE_CALL_LOADS;
                    per_iter = unroll;
                    iters = (uint64_t)ceil(accesses / unroll);
                } else {
                    bool wr = k == 1;
                    sweep_load_addr(&s, &init, x86 ? "%rbx" : "x1", buf);
                    if (x86) {
                        buf_printf(&init, "mov $%llu, %%rdx\n", (unsigned long long)ws - 1);
                        for (int q = 0; q < 32; q++)
                            buf_printf(&body,
                                       wr ? "movdqa %%xmm%d, %d(%%rbx,%%rcx)\n" : "movdqa %d(%%rbx,%%rcx), %%xmm%d\n",
                                       wr ? q % 8 : q * 16, wr ? q * 16 : q % 8);
                        buf_puts(&body, "add $512, %rcx\nand %rdx, %rcx\n");
                    } else {
                        sweep_load_addr(&s, &init, "x4", (void *)(uintptr_t)((uint64_t)ws - 1));
                        buf_puts(&body, "add x3, x1, x2\n");
                        for (int q = 0; q < 16; q++)
                            buf_printf(&body, "%s q%d, q%d, [x3, #%d]\n", wr ? "stp" : "ldp", (2 * q) % 8,
                                       (2 * q + 1) % 8, q * 32);
                        buf_puts(&body, "add x2, x2, #512\nand x2, x2, x4\n");
                    }
                    unroll = kunroll = 4;
                    per_iter = unroll;
                    double copies = ws / 512 > 8192 ? ws / 512 : 8192;
                    iters = (uint64_t)ceil(copies / unroll);
                }
                BenchKernel kern = {.symbol = "dcache", .init = buf_cstr(&init), .body = buf_cstr(&body),
                                    .unroll = kunroll, .align = 64};
                SweepRun run = {.iters = iters, .copies_per_iter = per_iter, .timeout_s = 120,
                                .runs = o.bw || s.opt.runs > 0 ? 0 : DCACHE_ROUNDS};
                /* bandwidth: cycles per 512-byte copy -> bytes per cycle */
                bool ok = sweep_point(&s, ser[k], &kern, &run, ws, o.bw ? 512 : 0);
                buf_free(&init), buf_free(&body);
                if (!ok) {
                    failed = true;
                    break;
                }
            }
        }
    }
    sweep_release(buf, cap);
    free(cursor);
    for (int k = 0; k < nser; k++)
        name_knees(&s, ser[k], !o.bw, o.huge, hi, llc);
    /* the L2's latency against the published one of cpuid's core (this KVM guest on an AMD EPYC
     * host, 2026-12-01: 12 cycles, where cpuid's family 17h model 01h, a Zen 1, takes 17) */
    if (!o.bw)
        sweep_core_verdict(&s, "L2", BENCH_FIG_L2_LAT, true);
    double l1 = sweep_cache_size(s.opt.cpu, 1, "Data"), l2 = sweep_cache_size(s.opt.cpu, 2, "Unified");
    if (l1 > 0) {
        char a[32], b[32], c[32];
        svg_fmt_bytes(a, sizeof a, l1), svg_fmt_bytes(b, sizeof b, l2), svg_fmt_bytes(c, sizeof c, llc);
        sweep_note(&s, "%s (cpu%d): L1D %s, L2 %s, last level %s", sweep_cache_source(s.opt.cpu), s.opt.cpu, a, b, c);
    }
    if (!huge && !o.bw)
        sweep_note(&s, "4 KiB pages: beyond the L1 DTLB reach every load also misses the DTLB; "
                       "-hugepages separates the two");
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}

/* exp_dtlb.c — `uarch bench dtlb`: data TLB reach, one load per page.
 *
 * The dcache pointer chase, but with one element per 4 KiB page (in random page order), swept
 * over the number of pages.  Each element sits on a different cache line of its page (line
 * index = page number mod 64) so the lines spread over all cache sets.  As long as the pages
 * fit in the L1 DTLB a load costs the L1D latency; past its reach every load pays an L2 TLB
 * lookup, and past the L2 TLB a page walk.  The lines themselves leave the L1D once there are
 * more pages than L1D lines (L1D size / 64): that knee is named "L1D (lines)".
 * The sweep runs in passes (3 by default), each point keeping its fastest: on this bhyve Zen 5
 * guest with another job on the other vCPU, disturbed points of one pass (11 -> 15.8 cycles at
 * 304 and 431 pages) made a step that took the name "L2 TLB" at 362 pages, and the real one
 * (4,096 -> 5,793 pages, 30 -> 100+ cycles: page walks) was left unnamed, in one run of three.
 * Not the median of three neighbours (icache's knee_median3): on that curve, whose disturbed
 * points alternate (15.8, 11.1, 15.7), the medians made a step of their own and the detector
 * then found neither the L1D lines' step nor the L2 TLB's (unit test test_bench_dtlb_name).
 * The TLB levels are named in order and set beside what cpuid says (AMD Fn8000_0005/6 EBX; Intel
 * leaf 2 or 0x18, whose load-only DTLB and unified STLB stand for the data TLBs; 4 KiB pages),
 * where it says anything, and a note says why where it says nothing (this Emerald Rapids KVM guest:
 * leaf 2 refers to leaf 0x18, whose subleaves are null).  On the bhyve Zen 5 guest the L1 DTLB's
 * 96 entries agree; the L2 DTLB's 128 do not (the 11-cycle plateau of L2 TLB hits runs from 108 to 724 pages, and page walks start past
 * 4,096: the 4K entries AMD publishes for Zen 5, which the field's 12 bits cannot hold).
 */
#include "bench/dtlb.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct DtlbOpts {
    double page;
} DtlbOpts;

static int dtlb_opt(void *ctx, int argc, char **argv, int i)
{
    DtlbOpts *o = ctx;
    return sweep_opt_num(argc, argv, i, "-page", (OptRange){OPT_SIZE, 1024, 1 << 22}, &o->page);
}

static const char usage[] =
    "usage: uarch bench dtlb [-page SIZE] [options]\n"
    "pointer chase with one load per page over the number of pages: L1 DTLB and L2 TLB reach\n"
    "  -page SIZE   the page size to step by (default: the system page size; 1 KiB .. 4 MiB);\n"
    "               -max pages of this size at most 4 GiB\n"
    "  -min/-max    page counts (default 4 .. 16384)\n"
    "  knees        " SWEEP_PASS_RULE;

void dtlb_name(Sweep *s, int ser, double l1d, const ClockTlb *const cpuid[2], double page, double end)
{
    /* no portable source for TLB sizes: knees by order, the L1D line count when it matches; then
     * set beside cpuid's figures where it gives any */
    SweepRef refs[4] = {{"L1 DTLB", 0}, {"L2 TLB", 0}, {"level 3", 0}, {"level 4", 0}};
    const KneeResult *r = sweep_knees(s, ser);
    int idx[SWEEP_MAX_FINDINGS], k = 0;
    double ats[SWEEP_MAX_FINDINGS];
    int ns = sweep_steps(r, idx, ats, SWEEP_MAX_FINDINGS);
    /* a rise of less than 15 % is no level: a miss in a TLB costs the next one's lookup, several
     * cycles on a 4-5 cycle L1D hit (Zen 4's L2 DTLB +7, Intel's STLB +7).  On this AMD EPYC KVM
     * guest (2026-12-02, load 15-30) one run of three had a dip of the first points (3.62 cycles
     * to 7 pages, then 4.01): it took the name "L1 DTLB: 7" and pushed the real one (64 pages,
     * as cpuid says) to "L2 TLB" (unit test test_bench_dtlb_name) */
    bool named[SWEEP_MAX_FINDINGS];
    sweep_major_steps(r, idx, ns, 0, named);
    sweep_minor_steps(r, idx, ns, 1.15, named);
    SweepFinding *tlb[2] = {NULL, NULL};
    for (int j = 0; j < ns; j++) {
        if (!named[j])
            continue;
        int i = idx[j];
        const KneeLevel *L = &r->levels[i];
        double at = ats[j];   /* halfway to the next level */
        /* the L1D line count near the knee, or a step that starts before it and ends past half
         * of it: the lines start missing before the L1D is full (other lines share its sets; on
         * this Zen 5 guest the step ran from 304 to 724 pages, the L1D holding 768 lines) */
        double nl = l1d / 64, next = r->levels[i + 1].x_first;
        bool lines = l1d > 0 && (fabs(log2(at / nl)) <= 0.5 || (nl >= L->x_last && next >= nl / 2));
        int level = lines ? -1 : k;
        const char *name = lines ? "L1D (lines)" : k < 4 ? refs[k++].name : "level";
        SweepFinding *f = sweep_finding(s, name, "");
        if (level >= 0 && level < 2)
            tlb[level] = f;
        sweep_finding_level(f, r, i);
        f->value = at;
        if (lines)
            sweep_fnote(f, "more lines than the L1D holds");
        else
            sweep_fnote(f, "reach %.0f KiB", f->value * page / 1024);
    }
    if (r->nlevels > 0) {
        SweepFinding *f = sweep_finding(s, "last level", "");
        sweep_finding_level(f, r, r->nlevels - 1);
    }
    /* cpuid's DTLBs: its entries beside each TLB level found (within half an octave: agrees),
     * and a level it describes that the curve shows no step for, said as not resolved */
    for (int l = 0; l < 2; l++) {
        const ClockTlb *t = cpuid[l];
        if (!t || t->entries <= 0)
            continue;
        char ways[32], said[96];
        snprintf(said, sizeof said, "cpuid says %d entries, %s", t->entries,
                 clock_ways_text(ways, sizeof ways, t->ways, t->ways_max, t->full));
        SweepFinding *f = tlb[l];
        if (!f) {
            f = sweep_finding(s, refs[l].name, "");
            sweep_fnote(f, "not resolved: %s; %s", said,
                     end < 1.5 * t->entries ? "the sweep ends before it (-max)"
                     : "no step with confidence 0.5 or more past the level before");
            continue;
        }
        double ratio = f->value / t->entries;
        if (fabs(log2(ratio)) <= 0.5)
            sweep_fnote_add(f, "; %s", said);
        else
            sweep_fnote_add(f, "; DISAGREES with cpuid: %.0f pages measured, %d entries "
                     "there (%.2f x; a hypervisor's cpuid may give other figures than the CPU's)", f->value, t->entries,
                     ratio);
        /* AMD's L2 TLB field (Fn8000_0006 EBX) has 12 bits of entries: Zen 5's 4,096-entry L2
         * DTLB (AMD's SOG) cannot be told there, so its figure is no reference for a level past
         * 4,095 (the bhyve Zen 5 guest's cpuid says 128, not 4,096 cut to 12 bits, which is 0);
         * Intel's leaves 2 and 0x18 have no such bound */
        if (l == 1 && clock_x86_amd_leaves(s->prov.vendor) && f->value > 4095 && t->entries <= 4095 &&
            !(fabs(log2(ratio)) <= 0.5))
            sweep_fnote_add(f, "; not a reference here: a level past 4,095 entries cannot be told by AMD's cpuid "
                            "(Fn8000_0006 EBX gives the L2 TLB 12 bits of entries)");
    }
}

int exp_dtlb(int argc, char **argv)
{
    Sweep s = {.exp = "dtlb", .geometric = true, .passes_dflt = 3, .pass_rule = true, .xrange = {OPT_COUNT, 1, 65536}};
    DtlbOpts o = {0};
    int status;
    if (!sweep_parse(&s, argc, argv, dtlb_opt, &o, usage, &status))
        return status;
    bool x86 = sweep_x86(&s);
    if (o.page == 0)
        o.page = (double)mem_page_size();
    double grid[512];
    int n = sweep_option_grid(&s, 4, 16384, 4, grid, 512);
    if (grid[n - 1] * o.page > 4294967296.0) {   /* the buffer it would map and touch */
        fprintf(stderr, "uarch: bench dtlb: %.0f pages of %.0f KiB is more than 4 GiB (lower -max or -page)\n",
                grid[n - 1], o.page / 1024);
        sweep_free(&s);
        return 2;
    }

    s.title = "load latency over pages touched (one load per page)";

    s.best_desc = SWEEP_WHOLE_DESC;
    s.method = "random cyclic pointer chase, one element per page, on a different line of each page";
    s.xlabel = "pages", s.ylabel = "cycles per load", s.yunit = "cycles";
    s.x_int = true, s.y_from_zero = true, s.yscale = SVG_LOG;
    s.knee.direction = 1;
    s.y_floor = 1;   /* no load returns its data in less than a cycle */
    char nm[48];
    snprintf(nm, sizeof nm, "%.0f KiB pages", o.page / 1024);
    int ser = sweep_series(&s, nm);
    int passes = sweep_passes(&s);
    sweep_begin(&s, n * passes);

    size_t lines_per_page = (size_t)o.page / 64;
    size_t cap = (size_t)(grid[n - 1] * o.page);
    char *buf = sweep_alloc(cap, false);
    for (s.pass = 0; s.pass < passes && !sweep_stop(&s); s.pass++) {
        for (int i = 0; i < n && !sweep_stop(&s); i++) {
            size_t np = (size_t)grid[i];
            void **slots = xmalloc(sizeof *slots * np);
            for (size_t p = 0; p < np; p++)
                slots[p] = buf + p * (size_t)o.page + (p % lines_per_page) * 64;
            void *head = sweep_chain_addrs(slots, np, true, 0xd71b + i);
            free(slots);
            Buf init;
            buf_init(&init);
            sweep_load_addr(&s, &init, x86 ? "%rax" : "x0", head);
            BenchKernel k = {.symbol = "dtlb", .init = buf_cstr(&init),
                             .body = x86 ? "mov (%rax), %rax" : "ldr x0, [x0]", .unroll = 32};
            double acc = np > 65536 ? (double)np : 65536;
            /* a round's figure is its two calls together (.whole, as btb's): on this AMD EPYC KVM
             * guest the difference gave 1.6-3.4 cycles a load at 6-23 pages in 3 runs of 3 (the
             * L1 hit takes 4), the calls together 3.75-4.02 (bench dtlb -max 4096 -ppo 2) */
            SweepRun run = {.iters = (uint64_t)ceil(acc / 32), .copies_per_iter = 32, .whole = true};
            bool ok = sweep_point(&s, ser, &k, &run, (double)np, 0);
            buf_free(&init);
            if (!ok)
                goto done;
        }
    }
done:
    sweep_release(buf, cap);
    double l1d = sweep_cache_size(s.opt.cpu, 1, "Data");
    const ClockTlb *tlb[2] = {NULL, NULL};
    if (mem_page_size() == 4096 && o.page == 4096)   /* cpuid's figures are for 4 KiB pages */
        tlb[0] = sweep_cpuid_tlb(1, "Data"), tlb[1] = sweep_cpuid_tlb(2, "Data");
    dtlb_name(&s, ser, l1d, tlb, o.page, grid[n - 1]);
    const char *none = sweep_cpuid_tlb_none();
    if (none && mem_page_size() == 4096 && o.page == 4096)
        sweep_note(&s, "cpuid describes no TLB: %s; the TLB levels are named by their order alone", none);
    sweep_cpuid_tlbs1g_note(&s, "Data", o.page);
    if (l1d > 0)
        sweep_note(&s, "the chased lines exceed the L1D (%s %.0f KiB) at %.0f pages", sweep_cache_source(s.opt.cpu),
                   l1d / 1024, l1d / 64);
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}

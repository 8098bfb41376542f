/* exp_itlb.c — `uarch bench itlb`: instruction TLB capacity (seed 004).
 *
 * A loop through P pages of code, one unconditional branch per page jumping to the next page's
 * branch.  Each branch sits on a different line of its page (line = page number mod 64), so
 * the lines spread over the cache sets.  While the P pages fit in the first-level ITLB a branch
 * costs the taken-branch rate; past it every branch pays a second-level ITLB lookup, and past
 * that a page walk.  P lines also fill the L1I at P = L1I size / 64 (named "L1I (lines)").
 * The sweep runs in passes (3 by default) and each point keeps its least disturbed one, as in
 * btb: a single pass on a busy VM resolved the L1 ITLB's step in some runs only.
 */
#include "bench/sweep.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: uarch bench itlb [options]\n"
    "one taken branch per code page over the number of pages: ITLB capacity\n"
    "  -min/-max    page counts (default 2 .. 4096)\n"
    "  -passes N    sweeps over all the points, each point keeps its fastest (default 3)";

int exp_itlb(int argc, char **argv)
{
    Sweep s = {.exp = "itlb", .passes_dflt = 3};
    int status;
    if (!sweep_parse(&s, argc, argv, NULL, NULL, usage, &status))
        return status;
    bool x86 = sweep_x86(&s);
    long ps = sysconf(_SC_PAGESIZE);
    int page = ps > 0 ? (int)ps : 4096;
    double grid[256];
    int n = sweep_option_grid(&s, 2, 4096, 4, grid, 256);
    s.title = "one taken branch per code page: cycles per branch over pages";
    s.method = "P branches, one per page (each on a different line), each jumping to the next page";
    s.xlabel = "code pages", s.ylabel = "cycles per taken branch", s.yunit = "cycles";
    s.x_int = true, s.y_from_zero = true, s.yscale = SVG_LINEAR;
    s.knee.direction = 1;
    char nm[48];
    snprintf(nm, sizeof nm, "%d KiB pages", page / 1024);
    int ser = sweep_series(&s, nm);
    int passes = sweep_passes(&s);
    sweep_begin(&s, n * passes);
    const char *jmp = sweep_jmp(&s);
    for (s.pass = 0; s.pass < passes && !sweep_stop(&s); s.pass++) {
        for (int i = 0; i < n && !sweep_stop(&s); i++) {
            long np = (long)grid[i];
            Buf body;
            buf_init(&body);
            buf_printf(&body, "%s .Lit0\n", jmp);
            for (long p = 0; p < np; p++)
                buf_printf(&body, ".balign %d\n.skip %ld%s\n.Lit%ld:\n%s .Lit%ld\n", page,
                           (p % (page / 64)) * 64, x86 ? ", 0xcc" : "", p, jmp, p + 1);
            buf_printf(&body, ".Lit%ld:\n", np);
            BenchKernel kern = {.symbol = "itlb", .body = buf_cstr(&body), .body_file = "<itlb>",
                                .unroll = 1, .align = page};
            double per = (double)(np + 2);   /* the page branches, the entry jump, the loop branch */
            SweepRun run = {.iters = (uint64_t)ceil(1e6 / per), .copies_per_iter = per};
            bool ok = sweep_point(&s, ser, &kern, &run, (double)np, 0);
            buf_free(&body);
            if (!ok)
                goto done;
        }
    }
done:;
    double l1i = sweep_sysfs_cache(s.opt.cpu, 1, "Instruction");
    const KneeResult *r = sweep_knees(&s, ser);
    /* The TLB levels are the last two steps that are not the L1I's line count: past the
     * last-level ITLB every branch pays a page walk, which ends the sweep's steps; a step
     * before those two (on Zen 4 a small one at 16 pages, 1.0 -> 1.14 cycles) is another
     * front-end effect, named "step". */
    int idx[SWEEP_MAX_FINDINGS], ntlb = 0;
    double at[SWEEP_MAX_FINDINGS];
    bool lines[SWEEP_MAX_FINDINGS];
    int ns = sweep_steps(r, idx, at, SWEEP_MAX_FINDINGS);
    for (int j = 0; j < ns; j++) {
        lines[j] = l1i > 0 && fabs(log2(at[j] * 64 / l1i)) <= 0.5;
        ntlb += !lines[j];
    }
    for (int j = 0, k = 0; j < ns; j++) {
        const KneeLevel *L = &r->levels[idx[j]];
        const char *name = "L1I (lines)";
        if (!lines[j]) {
            int t = k++ - (ntlb > 2 ? ntlb - 2 : 0);   /* 0, 1: the two TLB levels */
            name = t < 0 ? "step" : t == 0 ? "L1 ITLB" : "L2 ITLB";
        }
        SweepFinding *f = sweep_finding(&s, name, "");
        f->value = at[j], f->cycles = L->level, f->confidence = L->confidence;
        snprintf(f->note, sizeof f->note, "%.0f pages (%.0f KiB of code reach); the next level starts "
                 "at %.0f pages%s", at[j], at[j] * page / 1024, r->levels[idx[j] + 1].x_first,
                 lines[j] ? "; also the L1I line count: the two cannot be told apart here" : "");
    }
    if (r->nlevels > 0) {
        SweepFinding *f = sweep_finding(&s, "last level", "");
        f->cycles = r->levels[r->nlevels - 1].level;
    }
    if (l1i > 0)
        sweep_note(&s, "the branch lines alone fill the L1I (sysfs %.0f KiB) at %.0f pages", l1i / 1024, l1i / 64);
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}

/* exp_icache.c — `uarch bench icache`: IPC of an instruction footprint sweep (seed 004).
 *
 * One loop whose body is N copies of one instruction (default a NOP: `nop` on AArch64, the
 * 8-byte `nopl 0x100(%rax,%rax,1)` on x86-64), N = footprint / instruction size, swept
 * geometrically from 4 KiB to -max (default 4x the L2).  While the loop fits in the L1I (or a
 * decoded-op cache) the front end delivers its full width; past the capacity IPC drops to what
 * the next level can feed.
 * Why 8 bytes on x86-64: there, code that misses a decoded-op cache goes through decoders of
 * 4 to 6 instructions per cycle.  4-byte NOPs need only 16-24 B per cycle, which the L2 feeds
 * as well as the L1I, so their curve shows the op cache and no L1I (measured on a Zen 4: a
 * knee at 25-27 KiB, flat past 32 KiB).  8-byte NOPs need 32-48 B per cycle, what the L1I
 * delivers and more than the L2 does, so code beyond the L1I shows (Zen 4: 6 IPC up to
 * 32 KiB, 1.9 beyond; its op cache keeps no code the L1I does not hold).
 * -inst TEXT measures another instruction; its size (N = footprint / size) is what the assembler
 * makes of one copy of it, read from the built code (icache_inst_bytes), and -bytes N, the
 * user's word for it, is refused when it differs: a wrong size put every point at the wrong
 * footprint (-inst 'nopl 0x100(%rax,%rax,1)' -bytes 4 halved the footprints, so the L1I's
 * step showed at 16 KiB).
 * Findings: the knees of the IPC curve, named after the sysfs L1I / L2 sizes when they match.
 * The code L2's step is small (Zen 4: 2 -> 1.55 IPC, code from the L3), so the sweep runs in
 * passes (3 by default), each point keeping its fastest, and the knees are found on the median
 * of three neighbouring points: one pass, one disturbed point beside the step, hid the L2 in
 * two runs of three.
 * Zen 5 (a bhyve guest, 2026-11-30): the L1I does not show.  The 8-byte NOPs run from the op cache
 * (7.9 IPC) up to 45 KiB (5.8K instructions; AMD publishes 6K ops), past the L1I's 32 KiB, so
 * this op cache keeps code the L1I has let go; past it the code comes from the L2 (2 IPC, 16 B a
 * cycle) up to the L2's 1 MiB.  Other layouts measured with a scratch program did not show the
 * L1I either: 64-byte lines in random order chained by jumps (the op cache held 1,024+ lines of
 * one jump, twice the L1I's 512), lines of 59 one-byte NOPs and a jump (the op cache ends at 4-8
 * KiB, then 16 cycles a line from 8 KiB to 256 KiB, random order or not: the predictor runs ahead
 * and the L2 feeds the decoders as fast as the L1I), 4-byte NOPs (op cache to 19 KiB, then 3.5 to
 * 4.6 IPC with no step at 32 KiB).  A loop of `movabs $imm64, %rcx` does step near the L1I's size
 * (2.7 -> 1.5 IPC between 26.9 and 32 KiB; with 2 and 5 prefixes, 12 and 15 bytes, between 36 and
 * 40 KiB and between 32 and 36 KiB) at the same 2.7 IPC whatever its length: whether the op cache
 * (64-bit immediates taking more of its room) or the L1I ends there is not known, so it is not
 * the default.  The L1I is then reported "not measurable with this loop" (icache_unresolved).
 * Golden Cove / Raptor Cove (an Emerald Rapids KVM guest, 2026-11-30): 6 IPC (the rename width) to
 * 16-32 KiB, 1.6 past the L1I's 32 KiB.  Its decoders are 6 wide but take 32 B a cycle, 4 of these
 * NOPs, so the 6 IPC come from the uop cache (4K uops: 32 KiB of them), which ends with the L1I
 * here; frontend.tsv gives each core's decode width and fetch bytes (icache_op_cache).
 */
#include "bench/known.h"
#include "bench/icache.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct IcacheOpts {
    const char *inst;
    double bytes;
} IcacheOpts;

static int icache_opt(void *ctx, int argc, char **argv, int i)
{
    IcacheOpts *o = ctx;
    if (strcmp(argv[i], "-inst") == 0 && i + 1 < argc)
        return o->inst = argv[i + 1], 2;
    return sweep_opt_num(argc, argv, i, "-bytes", (OptRange){OPT_INT, 1, 15}, &o->bytes);
}

static const char usage[] =
    "usage: uarch bench icache [-inst TEXT [-bytes N]] [options]\n"
    "IPC of a loop of N copies of one instruction over its code footprint: L1I capacity\n"
    "  -inst TEXT   the instruction (default: an 8-byte NOP on x86-64, nop on AArch64)\n"
    "  -bytes N     its encoded size in bytes, checked against the assembler's: a mismatch is an\n"
    "               error (exit status 2); default: the assembler's (1 .. 15)\n"
    "  -passes N    sweeps over all the points, each point keeps its fastest (default 3)\n"
    "  knees        " SWEEP_PASS_RULE;

/* The series of finding f (its name, or the only one) */
static const SweepSeries *finding_series(const Sweep *s, const SweepFinding *f)
{
    for (int i = 0; i < s->nseries; i++)
        if (!f->series[0] ? s->nseries == 1 : !strcmp(s->series[i].name, f->series))
            return &s->series[i];
    return NULL;
}

/* The L1I's step on the curve of S between x = from and to: the steepest drop between two
 * neighbouring points there, when they stand around l1i (their midpoint within a quarter octave)
 * and the rate falls by a third or more, and stays down (the point after it too, against the
 * higher of the two before: one disturbed point is no step).  The index of the point before it,
 * -1 when there is none. */
static int steepest_drop(const Sweep *s, const SweepSeries *S, double from, double to, double *drop)
{
    int a = -1;
    *drop = 1;
    for (int k = 0; k + 1 < S->n; k++) {
        double y0 = sweep_y(s, &S->pts[k]), y1 = sweep_y(s, &S->pts[k + 1]);
        if (S->pts[k].x >= from && S->pts[k + 1].x <= to && y1 > 0 && y0 / y1 > *drop)
            *drop = y0 / y1, a = k;
    }
    return a;
}

static int l1i_drop(const Sweep *s, const SweepSeries *S, double from, double to, double l1i)
{
    double drop;
    int a = steepest_drop(s, S, from, to, &drop);
    if (a < 0 || drop < 1.5 || !(fabs(log2(sqrt(S->pts[a].x * S->pts[a + 1].x) / l1i)) <= 0.25))
        return -1;
    double before = a > 0 ? fmax(sweep_y(s, &S->pts[a - 1]), sweep_y(s, &S->pts[a])) : sweep_y(s, &S->pts[a]);
    double after = a + 2 < S->n ? fmax(sweep_y(s, &S->pts[a + 1]), sweep_y(s, &S->pts[a + 2])) : sweep_y(s, &S->pts[a + 1]);
    return before / after >= 1.5 ? a : -1;
}

/* An "L1I" finding for the drop after point a of S */
static SweepFinding *l1i_finding(Sweep *s, const SweepSeries *S, const char *series, int a, double l1i,
                                 const char *src, const char *why)
{
    double xa = S->pts[a].x, xb = S->pts[a + 1].x;
    SweepFinding *g = sweep_finding(s, "L1I", series);
    g->value = sqrt(xa * xb), g->cycles = sweep_y(s, &S->pts[a]);
    g->from = g->to = xa, g->next = xb;
    char sz[32];
    svg_fmt_bytes(sz, sizeof sz, l1i);
    sweep_fnote(g, "%s says %s; %s, %.3g -> %.3g IPC", src ? src : "the system", sz, why,
             g->cycles, sweep_y(s, &S->pts[a + 1]));
    return g;
}

/* The op cache's end and the L1I's in one step of the knees (f, from the op cache's plateau to
 * the next level): with each round's IPC from its two calls together (this Emerald Rapids guest,
 * 2026-12-01), 6 IPC to 13.4 KiB, a slope down to 4.1 at 32 KiB (the op cache holding less and
 * less of the loop; the decoders' 4 of 8 B a cycle) and 1.56 from 38.1 KiB (the L2): the
 * detector saw one step from 13.4 to 38.1 KiB, at 22.6 KiB, and the L1I was "not resolved".
 * The L1I's step is then the drop l1i_drop finds in there: an "L1I" finding for it, and f's step
 * ends where the L1I's level begins.  True when split */
static bool op_cache_split_l1i(Sweep *s, SweepFinding *f, double l1i, const char *src)
{
    const SweepSeries *S = finding_series(s, f);
    if (!S || !(l1i > 0) || !(f->to < l1i && f->next > l1i))
        return false;
    int a = l1i_drop(s, S, f->to, f->next, l1i);
    if (a < 0)
        return false;
    l1i_finding(s, S, f->series, a, l1i, src, "the steepest drop of the op cache's step");
    f->next = S->pts[a].x;
    f->value = sqrt(f->to * f->next);
    return true;
}

/* Under a hypervisor, the figures of cpuid's core (fe) may be its virtual CPU model's: a note says
 * so with the op caches the vendor's cores publish (this KVM guest on an AMD EPYC host,
 * 2026-12-01: cpuid's family 17h model 01h is a Zen 1, 2K ops; the op cache's step was at 13.4 to
 * 16 KiB, 1.7-2K of the 8-byte NOPs, while its L2 latency, 12 cycles, was not Zen 1's 17) */
static void icache_hv_opcaches(Sweep *s, const BenchFrontend *fe)
{
    char pub[300], all[400];
    bench_ident_published(&s->ident, fe->uarch, pub, sizeof pub);
    if (!pub[0])
        return;
    bench_frontend_opcaches(s->ident.vendor, all, sizeof all);
    sweep_note(s, "op cache: %s; the op caches of %s's cores, in ops: %s", pub, s->ident.vendor, all);
}

void icache_op_cache(Sweep *s, int first, double l1i, double bytes, const BenchFrontend *fe, const char *src)
{
    /* the decoders' rate: their width, or fewer where their bytes a cycle hold fewer of these
     * instructions (Golden Cove: 6 wide, 32 B a cycle, so 4 of the 8-byte NOPs; on this Emerald
     * Rapids guest the loop ran 6 IPC to 16-32 KiB, from the uop cache) */
    double rate = fe ? fe->decode : 0;
    if (fe && fe->fetch > 0 && bytes > 0)
        rate = fmin(rate, fe->fetch / bytes);
    int nfind = s->nfind;
    bool named = false;   /* an "op cache" step was named: the plateaus past it are not its own */
    for (int i = first; i < nfind && !named; i++) {
        SweepFinding *f = &s->find[i];
        if (!(rate > 0) || !isfinite(f->cycles) || f->cycles <= 1.1 * rate)
            continue;
        /* the op cache feeds the later plateaus too when they are above the decoders' rate and
         * within 10 % of this one: the step between two such is not where it ends (on this guest,
         * with the other vCPU busy, 5.98 -> 5.78 IPC at 6.75 KiB).  One lower, still above the
         * decoders', is the op cache holding part of the loop past its end (this guest,
         * 2026-12-01, rounds' calls together: 5.84 IPC to 13.4 KiB, 4.65 from 19 to 26.9 KiB, 1.55
         * past the L1I's 32 KiB: with that plateau taken for the op cache's, the step at 16 KiB
         * was left the "L1I" and the one at 32 KiB "knee 1") */
        bool later = false;
        for (int j = i + 1; j < nfind; j++)
            later |= isfinite(s->find[j].cycles) && s->find[j].cycles > 1.1 * rate &&
                     s->find[j].cycles >= 0.9 * f->cycles;
        if (later)
            continue;
        char why[200], dec[64] = "";
        if (rate < fe->decode)
            snprintf(dec, sizeof dec, ": %d wide, %d B a cycle: %.3g of %.0f B", fe->decode, fe->fetch,
                     rate, bytes);
        snprintf(why, sizeof why, "%.2f IPC, above the %.3g instructions per cycle the decoders deliver (%s, %s%s)",
                 f->cycles, rate, fe->uarch, fe->source, dec);
        bool l1i_step = isfinite(f->value) && l1i > 0 && fabs(log2(f->value / l1i)) <= 0.25;
        bool split = isfinite(f->value) && !l1i_step && op_cache_split_l1i(s, f, l1i, src);
        if (isfinite(f->value) && !l1i_step) {
            /* the L1I's name, when this step had it, goes to a later unnamed step at the L1I's size
             * (this guest, 2026-11-30 13:17: the op cache ended at 16 KiB, 4.74 -> 3.47 IPC, and the
             * step at 32 KiB, 3.47 -> 1.54, was left "knee 1" with the L1I "not resolved") */
            for (int j = i + 1; j < nfind && !split && !strcmp(f->name, "L1I") && l1i > 0; j++) {
                SweepFinding *g = &s->find[j];
                if (strncmp(g->name, "knee", 4) || !(fabs(log2(g->value / l1i)) <= 0.25))
                    continue;
                sweep_finding_rename(g, "L1I");
                char *m = g->note ? strstr(g->note, "matches no ") : NULL;
                char sz[32];
                svg_fmt_bytes(sz, sizeof sz, l1i);
                if (m) {
                    *m = 0;
                    sweep_fnote_add(g, "%s says %s (past the op cache's step)", src ? src : "the system", sz);
                }
                break;
            }
            named = true;
            sweep_finding_rename(f, "op cache");
            /* the next level starts past the steepest drop of the step: the detector took
             * 13.4 KiB to 256 KiB for one step on this AMD KVM guest (2026-12-01: 4.92 IPC to
             * 13.4 KiB, 2.79 at 16 KiB, a slope down to 1.93 at 256 KiB) */
            const SweepSeries *S = finding_series(s, f);
            double drop;
            int a = S && !split ? steepest_drop(s, S, f->to, f->next, &drop) : -1;
            if (a >= 0 && drop >= 1.5 && S->pts[a + 1].x < f->next)
                f->next = S->pts[a + 1].x;
            sweep_fnote(f, "%s: the op cache feeds the plateau; %.0f instructions of %.0f B",
                     why, f->value / bytes, bytes);
            if (fe->opcache > 0)
                sweep_fnote_add(f, " (published: %d ops)", fe->opcache);
            icache_hv_opcaches(s, fe);
            continue;
        }
        SweepFinding *g = sweep_finding(s, "op cache plateau", f->series);
        g->cycles = f->cycles, g->from = f->from, g->to = f->to, g->next = f->next;
        g->value = NAN;
        sweep_fnote(g, "%s: the op cache feeds it%s", why,
                 l1i_step ? "; it ends with the L1I (the op cache holds only code the L1I holds)"
                          : "; it runs to the end of the sweep");
    }
}

void icache_unresolved(Sweep *s, int first, const SweepRef *refs, int nrefs, double hi, const char *src)
{
    /* the op cache's step past the L1I's size: the op cache holds code the L1I has let go, so the
     * loop never runs from the L1I alone at its size, and no IPC step can mark it */
    double opc_end = NAN;
    for (int i = first; i < s->nfind; i++)
        if (!strcmp(s->find[i].name, "op cache") && isfinite(s->find[i].value))
            opc_end = s->find[i].value;
    for (int l = 0; l < nrefs; l++) {
        bool seen = refs[l].x <= 0;
        for (int i = first; i < s->nfind && !seen; i++)
            seen = !strcmp(s->find[i].name, refs[l].name);
        if (seen)
            continue;
        char a[32], b[32];
        svg_fmt_bytes(a, sizeof a, refs[l].x);
        svg_fmt_bytes(b, sizeof b, opc_end);
        SweepFinding *f = sweep_finding(s, refs[l].name, "");
        if (!strcmp(refs[l].name, "L1I") && opc_end > refs[l].x * 1.19)
            sweep_fnote(f, "not measurable with this loop: %s says %s, but the op cache's "
                     "plateau runs past it to %s (the op cache keeps code the L1I has let go), and past the op "
                     "cache the code is larger than the L1I: no footprint runs from the L1I alone", src, a, b);
        else
            sweep_fnote(f, "not resolved: %s says %s; %s", src, a,
                     !(hi >= refs[l].x * 1.5) ? "the sweep ends before it (-max)"
                     : "no step near it with confidence 0.5 or more: the rates before and after it are "
                       "within the noise of each other (-repeat shows how often)");
    }
}

/* The bytes one copy of `inst` assembles to, built as the sweep's kernels are (the compiler's
 * assembler); -1 when the build failed (the error printed), NAN when it gave no size. */
static double icache_inst_bytes(Sweep *s, const char *inst)
{
    BenchProgram prog;
    bench_prog_init(&prog, s->arch, BENCH_ATT);
    BenchKernel k = {.symbol = "icache_size", .body = inst, .body_file = "<inst>", .unroll = 1, .noloop = true,
                     .size_symbol = "uarch_icache_bytes"};
    bench_prog_kernel(&prog, &k);
    BenchLib *lib = sweep_build(s, &prog);
    bench_prog_free(&prog);
    if (!lib)
        return -1;
    const uint64_t *v = bench_lib_data(lib, "uarch_icache_bytes");
    double b = v ? (double)*v : NAN;
    bench_lib_close(lib);
    return b;
}

/* the findings from s->find[first] on against cpuid's ITLBs (icache.h) */
static void icache_itlb(Sweep *s, int first, const SweepItlbs *tlb)
{
    for (int i = first; tlb && i < s->nfind; i++) {
        SweepFinding *f = &s->find[i];
        bool knee = !strncmp(f->name, "knee ", 5);
        if (!f->bytes || !(f->value > 0) || (!knee && strcmp(f->name, "L1I") && strcmp(f->name, "L2")))
            continue;
        char reach[256];
        int t = sweep_itlb_match(tlb, f->value, reach, sizeof reach);
        if (t >= 0 && knee) {
            sweep_finding_rename(f, tlb->name[t]);
            sweep_fnote_clause(f, "its footprint is the %s's reach, no cache's (%s)", tlb->name[t], reach);
        } else if (t >= 0) {
            sweep_fnote_clause(f, "also the %s's reach (%s): the cache and the TLB end together", tlb->name[t], reach);
        } else if (knee && tlb->n > 0) {
            sweep_fnote_clause(f, "no ITLB's reach (%s): not a TLB", reach);
        } else if (knee && tlb->none) {
            sweep_fnote_clause(f, "cpuid describes no ITLB (%s): a TLB is not ruled out", tlb->none);
        }
    }
}

void icache_findings(Sweep *s, int series, double l1i, double l2, double hi, double bytes, const BenchFrontend *fe,
                     bool x86, const char *src, const SweepItlbs *tlb)
{
    SweepRef refs[2] = {{"L1I", l1i}, {"L2", l2}};
    int first = s->nfind;
    sweep_name_knees(s, series, refs, 2, src, "beyond");
    if (x86)
        icache_op_cache(s, first, l1i, bytes, fe, src);
    /* a step at the L1I's size the detector gave less than 0.5 of confidence (this guest: 4.74
     * IPC from 16 to 26.9 KiB, 4.0 at 32 KiB, 1.53 from 38.1 KiB, confidence 0.47: its plateau
     * slopes), when no finding names the L1I: the drop at its size, if there is one */
    bool named = false;
    for (int i = first; i < s->nfind; i++)
        named |= !strcmp(s->find[i].name, "L1I") && isfinite(s->find[i].value);
    int a;
    if (!named && l1i > 0 && series >= 0 && series < s->nseries &&
        (a = l1i_drop(s, &s->series[series], 0, INFINITY, l1i)) >= 0)
        l1i_finding(s, &s->series[series], s->nseries > 1 ? s->series[series].name : "", a, l1i, src,
                    "no knee with confidence 0.5 or more there, but the steepest drop of the curve");
    icache_unresolved(s, first, refs, 2, hi, src);
    icache_itlb(s, first, tlb);
    /* the L1I measured against the published one of cpuid's core (under a hypervisor its virtual
     * CPU model's).  Not the L2: on this AMD KVM guest (2026-12-01) the code's last step was at
     * 1-1.19 MiB while the data's L2 (bench dcache) climbed from 304 KiB, as a 512 KiB cache
     * whose pages land at random does: the code's step need not be the L2's */
    sweep_core_verdict(s, "L1I", BENCH_FIG_L1I, false);
}

int exp_icache(int argc, char **argv)
{
    /* in three passes, each point keeping its fastest (the IPC of a point was halved by another
     * task's stretch on the core, several points in a row, in one run of three) */
    Sweep s = {.exp = "icache", .geometric = true, .passes_dflt = 3, .pass_rule = true, .y_rate = true, .xrange = {OPT_SIZE, 64, 64 << 20}};
    IcacheOpts o = {0};
    int status;
    if (!sweep_parse(&s, argc, argv, icache_opt, &o, usage, &status))
        return status;
    bool x86 = sweep_x86(&s);
    Diag d;
    if (o.inst && ((x86 && !bench_require_att(o.inst, "<inst>", "-inst", &d)) ||
                   !bench_check_body(x86 ? BENCH_X86_64 : BENCH_AARCH64, BENCH_ATT, o.inst, "<inst>", 1, &d))) {
        diag_print(stderr, &d, "error");
        sweep_free(&s);
        return 1;
    }
    const char *inst = o.inst ? o.inst : x86 ? "nopl 0x100(%rax,%rax,1)" : sweep_nop(&s);
    double bytes = icache_inst_bytes(&s, inst);
    if (bytes < 0) {   /* (the build's error is printed) */
        sweep_free(&s);
        return 1;
    }
    if (!(bytes >= 1) || (o.bytes > 0 && o.bytes != bytes)) {
        if (!(bytes >= 1))
            fprintf(stderr, "uarch: bench icache: -inst '%s' assembles to no bytes: no footprint to sweep\n", inst);
        else
            fprintf(stderr, "uarch: bench icache: -bytes %g: '%s' assembles to %g byte%s (the assembler's size; "
                    "leave -bytes out to take it)\n", o.bytes, inst, bytes, bytes == 1 ? "" : "s");
        sweep_free(&s);
        return 2;
    }
    o.bytes = bytes;
    double l1i = sweep_cache_size(s.opt.cpu, 1, "Instruction");
    double l2 = sweep_cache_size(s.opt.cpu, 2, "Unified");
    double lo = s.opt.min > 0 ? s.opt.min : 4096;
    double hi = s.opt.max > 0 ? s.opt.max : (l2 > 0 ? 4 * l2 : 4 * 1048576.0);
    if (!sweep_bound_range(&s, &lo, &hi, 64, false, "one 64-byte line"))
        return 2;
    double grid[512];
    int n = sweep_grid(lo, hi, s.opt.ppo > 0 ? s.opt.ppo : 4, 64, grid, 512);

    s.title = "instructions per cycle over code footprint";
    s.method = o.inst ? "a loop of N copies of the given instruction"
               : x86 ? "a loop of N 8-byte NOPs (fetch-bound once decoded from the L1I: beyond it, the L2 feeds less)"
                     : "a loop of N 4-byte NOPs";
    s.best_desc = SWEEP_WHOLE_DESC;
    s.xlabel = "code footprint", s.ylabel = "instructions per cycle", s.yunit = "IPC";
    s.x_bytes = true, s.y_from_zero = true, s.yscale = SVG_LINEAR;
    s.knee.direction = -1;   /* IPC only falls as the footprint grows */
    /* no thread runs more instructions a cycle than the core renames (an 8.6 "IPC" on this 6-wide
     * Emerald Rapids guest: the difference of a disturbed core's two lengths), 5 % for the timer */
    const BenchFrontend *fe = x86 ? bench_frontend_here() : NULL;
    char why[160] = "";
    if (fe && fe->width > 0) {
        s.y_ceiling = fe->width * 1.05;
        snprintf(why, sizeof why, "%s renames %d a cycle (%s)", fe->uarch, fe->width, fe->source);
        s.ceiling_why = why;
    }
    /* the knees from the median of three neighbouring points: the code L2's step is a fifth of
     * the rate (Zen 4: 2 -> 1.55 IPC) and one disturbed point beside it (2.48 IPC at 861 KiB)
     * hid it in two runs of three */
    s.knee_median3 = true;
    /* a last plateau of 3 points is a level: with 4 (the default) the L2's step was lost in the
     * runs whose climb ended a point later (tests/unit/test_curves.c, curves_icache_emr) */
    s.knee.min_len = ICACHE_MIN_LEN;
    char nm[64];   /* (the instruction, whole, names the series when given) */
    snprintf(nm, sizeof nm, "nop (%.0f bytes)", o.bytes);
    int ser = sweep_series(&s, o.inst ? o.inst : nm);
    int passes = sweep_passes(&s);
    sweep_begin(&s, n * passes);
    for (s.pass = 0; s.pass < passes && !sweep_stop(&s); s.pass++) {
        for (int i = 0; i < n && !sweep_stop(&s); i++) {
            long ninst = (long)(grid[i] / o.bytes);
            Buf body;
            buf_init(&body);
            sweep_rept(&body, ninst, inst);
            BenchKernel k = {.symbol = "icache", .body = buf_cstr(&body), .body_file = "<icache>",
                             .unroll = 1, .align = 4096};
            /* calls of about a millisecond (4e6 instructions), 31 rounds: on a busy machine a
             * call of 2e7 (3..10 ms) was seldom left alone, and the L2's rate drowned.  A
             * round's IPC is that of its two calls together (.whole; their overhead, the call
             * and two counter reads, is below 0.5 % of 12e6 instructions), not of their
             * difference: the rate changes between two calls (3 and 6 IPC on the Emerald
             * Rapids guest as other work came and went), and the difference of two such calls
             * came out 7 to 284 "IPC" on a 6-wide core (the note below) */
            SweepRun run = {.iters = (uint64_t)ceil(4e6 / ninst), .copies_per_iter = (double)ninst,
                            .timeout_s = 60, .runs = s.opt.runs > 0 ? 0 : 31, .whole = true};
            /* cycles per instruction -> IPC */
            bool ok = sweep_point(&s, ser, &k, &run, grid[i], 1);
            buf_free(&body);
            if (!ok)
                goto done;
        }
    }
done:;
    int first = s.nfind;
    SweepItlbs tlb;
    sweep_cpuid_itlbs(&tlb);
    icache_findings(&s, ser, l1i, l2, hi, o.bytes, x86 ? fe : NULL, x86, sweep_cache_source(s.opt.cpu), &tlb);
    if (l1i > 0) {
        char a[32], b[32];
        svg_fmt_bytes(a, sizeof a, l1i), svg_fmt_bytes(b, sizeof b, l2);
        sweep_note(&s, "%s (cpu%d): L1I %s, L2 %s", sweep_cache_source(s.opt.cpu), s.opt.cpu, a, b);
    }
    sweep_note(&s, "IPC: instructions over cycles of each round's two calls together (N instructions %s "
                   "times, then twice that), not of their difference, which amplifies a change of rate "
                   "between the two calls beyond any core's width", "4e6 / N");
    bool opc = false;
    for (int i = first; i < s.nfind; i++)
        opc |= !strncmp(s.find[i].name, "op cache", 8);
    if (x86 && !o.inst && opc)
        sweep_note(&s, "x86-64: this op cache holds the 8-byte NOPs too (its plateau is above what the "
                       "decoders deliver), so the L1I shows only past it, if it is larger");
    else if (x86 && !o.inst)
        sweep_note(&s, "x86-64: 8-byte NOPs make the decoders fetch-bound, so the L1I shows; a "
                       "decoded-op cache shows with -inst 'nopl 0(%%rax)' -bytes 4 (in instructions)");
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}

/* exp_rob.c — `uarch bench rob`: out-of-order window sizes, Henry Wong's method.
 *
 * Two independent pointer chases through a buffer much larger than the last-level cache (each
 * load misses), with N filler instructions between them:
 *     load A ; N fillers ; load B ; N fillers ; (save the two cursors)
 * While load A waits for memory, the core keeps dispatching; if load B (N + 2 entries after A)
 * still fits in the structure the fillers consume, the two misses overlap and a copy costs one
 * memory latency; beyond that they serialize and it costs two.  The knee of cycles-per-copy over
 * N is the capacity of the structure the filler uses (H. Wong, "Measuring Reorder Buffer
 * Capacity", blog.stuffedcow.net/2013/05/measuring-rob-capacity):
 *     nop -> reorder buffer (retire queue), add (of registers) -> integer register file, fadd -> FP register
 *     file, load -> load queue, store -> store queue, branch -> in-flight branches,
 *     cmp -> flag-only ops (no general-purpose register written), mov -> register moves: a
 *     core that eliminates them at rename gives each a ROB entry and no register, so they
 *     measure the ROB where nops do not (a Zen 4 keeps more than 800 nops in flight).  Where
 *     moves are not eliminated, mov measures the integer register file like add.
 * Each call starts at a random point of the cycle (the timer's low bits pick one of 4096 entry
 * points), so the lines a call walks were not brought into the caches by earlier calls.
 *
 * Measuring on a noisy machine (a VM on a shared host, the task-clock as the only counter):
 *   - each program holds two kernels, the point (N fillers) and the baseline (N = 0); one
 *     round of the runner calls both back to back (a call is 4096 x 4 pairs, milliseconds, so
 *     the call overhead is below 0.1 % and is not differenced out), and a round's value is
 *     the point's time over the median time of the baseline in the same child (its 7 or so
 *     rounds, tens of milliseconds): the memory latency of that moment cancels, what is left
 *     is how many latencies a pair costs (1 when the misses overlap, 2 when they serialize);
 *   - the rounds of a point are spread over 3 passes, and each pass visits the points in a new
 *     random order, so a slow spell of the host falls on scattered N rather than on a run of
 *     neighbouring N (which would look like a step);
 *   - a point is a statistic of its rounds' ratios times the median baseline of the whole
 *     sweep: the median, and "best", the first quartile (the fastest quarter's slowest: a
 *     few lucky rounds, whose chase loads hit lines still in a cache or met a quieter
 *     memory than the child's median baseline, are far fewer than a quarter; the second
 *     fastest round, as before, let two of them in 21 make the full run's store queue 91
 *     where `-filler store` alone said 64, as the full run has eight times the rounds for
 *     such luck).  The window a
 *     round sees is not always the whole: on a KVM guest of a Zen 4 the same N costs one
 *     latency in some rounds and up to two in others, in spells of seconds (as when the
 *     core's other hardware thread is busy and the structures are split or shared between
 *     the threads).  Interference only adds time, so the fastest rounds are the least
 *     disturbed core (and the median baseline keeps a burst on baseline calls from making a
 *     point look faster than it is);
 *   - the step is where the curve leaves 1.5 baselines (the midpoint of one and two
 *     latencies) for good, without taking an isolated excursion for it (see rob_change); it
 *     is then measured again at a finer step of N between the two points around it, and
 *     placed again on the whole curve.
 * The capacity reported is the last N that overlapped, + 2 when the chase loads take entries of
 * the structure too (ROB, integer registers, load queue: load A, N fillers, load B); the loop's
 * counter and branch add 2 ops per 4 copies, within the resolution.
 */
#include "bench/rob.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Filler {
    const char *name, *resource;
    int loads;                /* 2 when the two chase loads take an entry of the structure too */
} Filler;

static const Filler fillers[] = {
    {"nop", "ROB (nops)", 2},
    {"add", "int PRF", 2},
    {"fadd", "FP PRF", 0},
    {"load", "load queue", 2},
    {"store", "store queue", 0},
    {"branch", "branches in flight", 0},
    {"cmp", "flag-only ops", 0},
    {"mov", "ROB (eliminated moves)", 2},
};
#define NFILL ((int)ARRAY_LEN(fillers))

typedef struct RobOpts {
    bool use[NFILL];
    bool any;
    double buf;
    long step;
} RobOpts;

static int rob_opt(void *ctx, int argc, char **argv, int i)
{
    RobOpts *o = ctx;
    if (strcmp(argv[i], "-filler") == 0 && i + 1 < argc) {
        char *list = xstrdup(argv[i + 1]), err[512] = "";
        OptOnce seen = {"-filler", "each filler is measured once"};
        for (int k = 0; k < NFILL; k++)   /* (over every -filler given: they add up) */
            if (o->use[k])
                opt_once_add(&seen, fillers[k].name, fillers[k].name, err, sizeof err);
        for (char *t = list, *c; t && !err[0]; t = c ? c + 1 : NULL) {
            if ((c = strchr(t, ',')))
                *c = 0;
            int k = 0;
            while (k < NFILL && strcmp(fillers[k].name, t) != 0)
                k++;
            if (k == NFILL) {
                char q[200];
                opt_quote(t, q, sizeof q);
                snprintf(err, sizeof err, "unknown filler '%s' (nop, add, fadd, load, store, branch, cmp, mov)", q);
            } else if (opt_once_add(&seen, t, t, err, sizeof err))
                o->use[k] = o->any = true;
        }
        free(list);
        opt_once_free(&seen);
        if (err[0]) {
            fprintf(stderr, "uarch: bench rob: %s\n", err);
            return -1;
        }
        return 2;
    }
    double v = 0;
    int used = sweep_opt_num(argc, argv, i, "-step", (OptRange){OPT_INT, 1, 4096}, &v);
    if (used)
        return o->step = (long)v, used;
    return sweep_opt_num(argc, argv, i, "-buf", (OptRange){OPT_SIZE, 65536, 4.0 * (1 << 30)}, &o->buf);
}

static const char usage[] =
    "usage: uarch bench rob [-filler LIST] [-buf SIZE] [options]\n"
    "two cache-missing loads N fillers apart (Henry Wong's method): the knee of the time per\n"
    "pair over N is the size of the structure the filler fills\n"
    "  -filler LIST  comma list of nop, add, fadd, load, store, branch, cmp, mov (default: all)\n"
    "  -buf SIZE     the chased buffer (default: 4x the last-level cache, at least 64 MiB;\n"
    "                64 KiB .. 4 GiB)\n"
    "  -min/-max N   smallest and largest N (default 0 and 800 on x86-64, 1200 on AArch64)\n"
    "  -step N       step of N (default: about 60 points; 1 .. 4096)\n"
    "  -runs N       rounds per point (default 15), spread over 3 passes in random order\n"
    "  -stat S       min (default): the first quartile of each point's rounds; median";

static void filler(Buf *b, bool x86, int kind, int i)
{
    static const char *const xr[] = {"rax", "rbx", "rsi", "rdi", "rbp", "r8", "r9", "r10", "r11", "r12", "r13"};
    switch (kind) {
    case 0:
        buf_puts(b, "nop\n");
        break;
    case 1:   /* a register operand, not an immediate: Golden Cove's renamer folds a 64-bit
               * add of an immediate into the register's mapping, with no register of its own (on
               * this Emerald Rapids guest 'add $1' filled the ROB, 496 like nop, not the int PRF) */
        if (x86)
            buf_printf(b, "add %%%s, %%%s\n", xr[i % 11], xr[i % 11]);
        else
            buf_printf(b, "add x%d, x%d, #1\n", 2 + i % 25, 2 + i % 25);
        break;
    case 2:
        if (x86)
            buf_printf(b, "addsd %%xmm0, %%xmm%d\n", 1 + i % 15);
        else
            buf_printf(b, "fadd d%d, d%d, d0\n", 1 + i % 31, 1 + i % 31);
        break;
    case 3:
        if (x86)
            buf_printf(b, "mov 256(%%r14), %%%s\n", xr[i % 11]);
        else
            buf_printf(b, "ldr x%d, [x27, #256]\n", 2 + i % 25);
        break;
    case 4:
        buf_puts(b, x86 ? "mov %rax, 512(%r14)\n" : "str xzr, [x27, #512]\n");
        break;
    case 5:
        buf_puts(b, x86 ? "je 1f\n1:\n" : "b.eq 1f\n1:\n");
        break;
    case 6:   /* reads two registers that nothing writes, writes the flags only */
        if (x86)
            buf_printf(b, "cmp %%%s, %%%s\n", xr[i % 11], xr[(i + 1) % 11]);
        else
            buf_printf(b, "cmp x%d, x%d\n", 2 + i % 25, 2 + (i + 1) % 25);
        break;
    case 7:   /* register to register copies of a register nothing writes */
        if (x86)
            buf_printf(b, "mov %%rbx, %%%s\n", xr[(i % 10 == 0 ? 0 : i % 10 + 1)]);
        else
            buf_printf(b, "mov x%d, x26\n", 2 + i % 24);
        break;
    }
}

#define ROB_PASSES 3
/* One N of one filler: its program (the point and the baseline) and the values of its
 * rounds. */
typedef struct RobPt {
    int n;
    BenchLib *lib;
    BenchFn fn[2];            /* the point (N fillers), the baseline (N = 0) */
    double *ratio;            /* per round: time at N / the child's median time at 0 */
    int nr;
    int upto[ROB_PASSES];     /* nr at the end of each pass (the rounds of pass k: from
                               * upto[k - 1] to upto[k]) */
} RobPt;

#define ROB_ITERS 4096        /* a call: 4096 x 4 pairs, over two milliseconds */
#define ROB_COPIES 4
#define ROB_FINE_MAX 16       /* points of the second, finer sweep across the step */
static const char *const rob_sym[2] = {"rob", "base"};   /* the point, the baseline */

static void rob_kernels(const Sweep *s, BenchProgram *prog, void **entry, int kind, int n)
{
    bool x86 = sweep_x86(s);
    for (int v = 0; v < 2; v++) {
        int nf = v == 0 ? n : 0;
        Buf init, body;
        buf_init(&init), buf_init(&body);
        /* start each call at a random point of the cycle (timer low bits index a table of
         * 4096 entry points), so the lines a call walks are not cached by earlier calls */
        sweep_load_entry(s, &init, entry, x86 ? "%rdx" : "x0", x86 ? "%rcx" : "x1");
        buf_puts(&body, x86 ? "mov (%rdx), %rdx\n" : "ldr x0, [x0]\n");
        for (int i = 0; i < nf; i++)
            filler(&body, x86, kind, i);
        buf_puts(&body, x86 ? "mov (%rcx), %rcx\n" : "ldr x1, [x1]\n");
        for (int i = 0; i < nf; i++)
            filler(&body, x86, kind, i + nf);
        BenchKernel kern = {.symbol = rob_sym[v], .init = buf_cstr(&init), .body = buf_cstr(&body),
                            .body_file = "<rob>", .unroll = ROB_COPIES, .align = 64};
        bench_prog_kernel(prog, &kern);
        buf_free(&init), buf_free(&body);
    }
}

/* Build the programs of pts[0..npts); false (printed, s->failed set) on a build error. */
static bool rob_build(Sweep *s, RobPt *pts, int npts, void **entry, int kind, int runs)
{
    for (int i = 0; i < npts && !sweep_stop(s); i++) {
        RobPt *p = &pts[i];
        BenchProgram prog;
        bench_prog_init(&prog, s->arch, BENCH_ATT);
        rob_kernels(s, &prog, entry, kind, p->n);
        p->lib = sweep_build(s, &prog);
        bench_prog_free(&prog);
        if (!p->lib) {
            s->failed = !sweep_stop(s);
            return false;
        }
        for (int v = 0; v < 2; v++)
            if (!(p->fn[v] = bench_lib_fn(p->lib, rob_sym[v])))
                bug("kernel '%s' missing from the built program", rob_sym[v]);
        p->ratio = xmalloc(sizeof *p->ratio * (size_t)runs);
        p->nr = 0;
    }
    return !sweep_stop(s);
}

static void rob_unload(RobPt *pts, int npts)
{
    for (int i = 0; i < npts; i++) {
        if (pts[i].lib)
            bench_lib_close(pts[i].lib);
        pts[i].lib = NULL;
    }
}

static void rob_free(RobPt *pts, int npts)
{
    if (!pts)
        return;
    for (int i = 0; i < npts; i++)
        free(pts[i].ratio);
    free(pts);
}

/* The point of p: its rounds' ratios scaled by the sweep's baseline b (cycles per pair). */
static bool rob_point(const RobPt *p, double b, SweepPoint *pt)
{
    if (p->nr == 0)
        return false;
    double *r = xmalloc(sizeof *r * (size_t)p->nr);
    memcpy(r, p->ratio, sizeof *r * (size_t)p->nr);
    memset(pt, 0, sizeof *pt);
    pt->x = p->n;
    pt->n = p->nr;
    pt->med = stats_median(r, (size_t)p->nr) * b;   /* sorts r */
    pt->min = r[0] * b;
    pt->max = r[p->nr - 1] * b;
    pt->q25 = stats_quantile(r, (size_t)p->nr, 0.25) * b;
    pt->q75 = stats_quantile(r, (size_t)p->nr, 0.75) * b;
    /* the least disturbed rounds (see the top of the file), but not a few lucky ones (a chase
     * load that hit a line still in a cache): the first quartile */
    pt->best = pt->q25;
    free(r);
    return true;
}

/* Measure pts[0..npts) over `passes` passes of `runs` rounds in all, each pass in a random
 * order; the baseline of every round (cycles per pair) is appended to *base.  False when the
 * sweep must stop (Ctrl-C, a timeout: what was measured stays; a crash: s->failed). */
static bool rob_measure(Sweep *s, RobPt *pts, int npts, int runs, int passes, uint64_t *seed,
                        double **base, int *nbase, int *capbase, int series)
{
    double per = (double)ROB_ITERS * ROB_COPIES;
    size_t *order = xmalloc(sizeof *order * (size_t)(npts > 0 ? npts : 1));
    bool ok = true;
    BenchRunOpts ro = {.cpu = s->opt.cpu, .runs = 8, .warmup = 1, .iters = ROB_ITERS,
                       .core_hz = s->prov.core_hz, .quiet = true, .timeout_s = sweep_timeout(s, 60)};
    if (*nbase == 0 && npts > 0) {   /* the first calls of a sweep are erratic: not recorded */
        BenchSamples smp;
        memset(&smp, 0, sizeof smp);
        bench_run(&ro, pts[0].fn, 2, &smp, NULL, 0);
        bench_samples_free(&smp);
    }
    for (int pass = 0; pass < passes && ok; pass++) {
        int want = runs * (pass + 1) / passes - runs * pass / passes;
        sweep_permutation(order, (size_t)npts, seed);
        for (int oi = 0; oi < npts && ok && want > 0; oi++) {
            RobPt *p = &pts[order[oi]];
            if (sweep_stop(s)) {
                ok = false;
                break;
            }
            ro.runs = want;
            BenchSamples smp;
            memset(&smp, 0, sizeof smp);
            char msg[256] = "";
            BenchStatus st = bench_run(&ro, p->fn, 2, &smp, msg, sizeof msg);
            if (st != BENCH_OK) {
                if (st == BENCH_TIMEOUT && !sweep_stop(s)) {
                    sweep_cut(s, series, NULL, p->n, ro.timeout_s, msg);
                } else if (!sweep_stop(s) && st != BENCH_INTERRUPTED) {
                    fprintf(stderr, "uarch: bench rob: %s\n", msg[0] ? msg : "measurement failed");
                    s->failed = st == BENCH_CRASHED || st == BENCH_ERROR;
                }
                bench_samples_free(&smp);
                ok = false;
                break;
            }
            const double *t[2];
            for (int v = 0; v < 2; v++)
                t[v] = bench_sample_row(&smp, v, 0);
            /* the baseline of the child's rounds: the median of its baseline calls (tens of
             * milliseconds): the memory latency of that moment, and a burst of the host on
             * a baseline call (or three) cannot make a point look faster than it is */
            double *t0 = xmalloc(sizeof *t0 * (size_t)(smp.kept + 1));
            memcpy(t0, t[1], sizeof *t0 * (size_t)smp.kept);
            double d0 = smp.kept > 0 ? stats_median(t0, (size_t)smp.kept) : NAN;
            free(t0);
            for (int q = 0; q < smp.kept; q++) {
                double dn = t[0][q];
                if (!(dn > 0 && d0 > 0))   /* a round the noise swamped: no estimate */
                    continue;
                p->ratio[p->nr++] = dn / d0;
                if (*nbase == *capbase) {
                    *capbase = *capbase ? 2 * *capbase : 256;
                    *base = xrealloc(*base, sizeof **base * (size_t)*capbase);
                }
                (*base)[(*nbase)++] = t[1][q] / per;
            }
            bench_samples_free(&smp);
            for (int k = pass; k < ROB_PASSES; k++)
                p->upto[k] = p->nr;
            s->npoints_done++;
            SweepPoint pt;   /* progress: the point so far, at the latest baseline */
            if (*nbase > 0 && rob_point(p, (*base)[*nbase - 1], &pt))
                sweep_progress(s, series, &pt);
        }
    }
    free(order);
    return ok;
}

/* The step from overlapped to serialized misses.  y is in units of b, the baseline (a pair of
 * overlapped misses = 1, serialized = 2), so the threshold between the two is their midpoint,
 * 1.5, whatever the machine's memory latency.  Two ways to place it:
 *   - last_overlap (for the fastest rounds): the last point below the midpoint that has another
 *     one below it among the ROB_SUPPORT points before it.  A fastest round below the
 *     midpoint is a window that held the N + 2 entries (noise only adds time, and the round's
 *     baseline is a median), so the points that overlapped mark where the whole
 *     window reaches, even where most rounds ran on a disturbed core and some points did not
 *     see it undisturbed once; the support rejects an isolated point (a fastest round just
 *     under the midpoint by noise, or a child whose baseline calls were all slowed);
 *   - split (for the medians): the split of the curve into a part below the midpoint and a
 *     part above it with the fewest points on the wrong side: an isolated excursion costs one
 *     point, not a step.
 * A step needs two points or more after it, most of them above the midpoint.  The confidence is
 * how cleanly the ROB_CHANGE_WIN points after it lie above the midpoint: 2 x (fraction above)
 * - 1, clamped at 0. */
bool rob_change(const double *y, int n, double b, bool last_overlap, RobChange *c)
{
    double mid = 1.5 * b;
    int last = -1;
    if (last_overlap) {
        for (int i = n - 1; i >= 0 && last < 0; i--) {
            if (!(y[i] < mid))
                continue;
            bool support = i == 0;
            for (int j = i - 1; j >= 0 && j >= i - ROB_SUPPORT && !support; j--)
                support = y[j] < mid;
            if (support)
                last = i;
        }
    } else {
        int best_err = n + 1;
        for (int sp = 1; sp < n; sp++) {
            int err = 0;
            for (int i = 0; i < n; i++)
                if (isfinite(y[i]) && (i < sp) != (y[i] < mid))
                    err++;
            if (err < best_err)
                best_err = err, last = sp - 1;
        }
    }
    if (last < 0 || last + 1 >= n)   /* no point after the step */
        return false;
    double *v = xmalloc(sizeof *v * (size_t)(n + 1));
    int nv = 0, up = 0, tot = 0;
    c->nbelow = 0;
    for (int i = last; i >= 0 && i > last - ROB_CHANGE_WIN; i--)
        if (isfinite(y[i]) && y[i] < mid)
            v[nv++] = y[i], c->nbelow++;
    c->below = stats_median(v, (size_t)nv);
    nv = 0;
    for (int i = last + 1; i < n && i <= last + ROB_CHANGE_WIN; i++)
        if (isfinite(y[i])) {
            tot++;
            if (y[i] >= mid)
                v[nv++] = y[i], up++;
        }
    c->above = stats_median(v, (size_t)nv);
    free(v);
    c->last = last;
    c->conf = tot > 0 ? 2.0 * up / tot - 1 : 0;
    if (c->conf < 0)
        c->conf = 0;
    /* a step: two points or more after it, most of them above the midpoint */
    return tot >= 2 && 2 * up > tot && c->nbelow > 0;
}

/* The step of the coarse sweep pts[0..n) (x increasing): the last N of the lower level and the
 * first of the upper one.  False when there is none. */
static bool rob_coarse_step(const Sweep *s, const RobPt *pts, int n, int *lo, int *hi)
{
    double *x = xmalloc(sizeof *x * (size_t)(n + 1)), *y = xmalloc(sizeof *y * (size_t)(n + 1));
    int m = 0;
    for (int i = 0; i < n; i++) {
        SweepPoint pt;
        if (rob_point(&pts[i], 1, &pt))
            x[m] = pt.x, y[m++] = sweep_y(s, &pt);
    }
    RobChange c;
    bool ok = rob_change(y, m, 1, s->opt.best, &c);
    if (ok)
        *lo = (int)x[c.last], *hi = (int)x[c.last + 1];
    free(x), free(y);
    return ok;
}

/* The step of pass `pass` alone (its rounds' first quartile per point, at baseline b): the
 * last N that overlapped, -1 when that pass shows no step */
static int rob_pass_step(const Sweep *s, const RobPt *pts, int n, int pass, double b)
{
    double *x = xmalloc(sizeof *x * (size_t)(n + 1)), *y = xmalloc(sizeof *y * (size_t)(n + 1));
    int m = 0;
    for (int i = 0; i < n; i++) {
        const RobPt *p = &pts[i];
        int from = pass > 0 ? p->upto[pass - 1] : 0, to = p->upto[pass];
        if (to <= from)
            continue;
        RobPt one = {.n = p->n, .ratio = p->ratio + from, .nr = to - from};
        SweepPoint pt;
        if (rob_point(&one, b, &pt))
            x[m] = pt.x, y[m++] = s->opt.best ? pt.best : pt.med;
    }
    RobChange c;
    int at = rob_change(y, m, b, s->opt.best, &c) ? (int)x[c.last] : -1;
    free(x), free(y);
    return at;
}

/* Unstable: the figures of one structure that disagree by more than two steps of N and 10 %
 * (the fastest rounds of the whole sweep, its medians, each pass alone): the window the rounds
 * saw changed during the sweep (on this Emerald Rapids guest, with other work on the vCPUs, the
 * nops' step fell anywhere between 256 and 512: a busy sibling hardware thread halves the
 * ROB).  The finding keeps the fastest rounds' figure; the others are said beside it. */
void rob_unstable(SweepFinding *f, double best, double med, const int *pass, int npass, int step, int ld)
{
    /* each pass's figure, said whether they agree or not (the spread of one run, where a
     * difference below the threshold is not "unstable": 400 and 498 under load in two runs) */
    f->npass = npass < (int)ARRAY_LEN(f->pass_val) ? npass : (int)ARRAY_LEN(f->pass_val);
    for (int k = 0; k < f->npass; k++)
        f->pass_val[k] = pass[k] >= 0 ? pass[k] + ld : NAN;
    double lo = best, hi = best;
    if (med >= 0)
        lo = fmin(lo, med + ld), hi = fmax(hi, med + ld);
    for (int k = 0; k < npass; k++)
        if (pass[k] >= 0)
            lo = fmin(lo, pass[k] + ld), hi = fmax(hi, pass[k] + ld);
    if (!(hi - lo > 2 * step && hi - lo > 0.1 * hi))
        return;
    f->nunstable = 2;
    f->unstable[0] = hi, f->unstable[1] = lo;
    char ps[64] = "";
    for (int k = 0; k < npass; k++) {
        size_t l = strlen(ps);
        if (pass[k] >= 0)
            snprintf(ps + l, sizeof ps - l, "%s%d", k ? ", " : "", pass[k] + ld);
        else
            snprintf(ps + l, sizeof ps - l, "%snone", k ? ", " : "");
    }
    char medtxt[48] = "no step";
    if (med >= 0)
        snprintf(medtxt, sizeof medtxt, "%.0f", med + ld);
    Buf b;
    buf_init(&b);
    buf_printf(&b, "unstable: %.0f or %.0f entries (the fastest rounds %.0f, the medians %s; the passes "
               "alone %s): the window changed during the sweep (a busy sibling hardware thread halves it); %s",
               hi, lo, best, medtxt, ps, sweep_fnote_text(f));
    sweep_fnote(f, "%s", buf_cstr(&b));
    buf_free(&b);
}

static int cmp_n(const void *a, const void *b)
{
    const RobPt *p = a, *q = b;
    return (p->n > q->n) - (p->n < q->n);
}

int exp_rob(int argc, char **argv)
{
    Sweep s = {.exp = "rob", .xrange = {OPT_COUNT, 0, 4096}};
    RobOpts o = {0};
    int status;
    if (!sweep_parse(&s, argc, argv, rob_opt, &o, usage, &status))
        return status;
    bool x86 = sweep_x86(&s);
    /* fillers only ever add to the window's occupancy: the cost per pair can only rise with N,
     * a step down is the host's noise */
    s.knee.direction = +1;
    if (!o.any)
        for (int k = 0; k < NFILL; k++)
            o.use[k] = true;
    double llc = sweep_cache_size(s.opt.cpu, 0, NULL);
    if (o.buf == 0)
        o.buf = llc * 4 > 64 * 1048576.0 ? llc * 4 : 64 * 1048576.0;
    int maxn = s.opt.max > 0 ? (int)s.opt.max : (x86 ? 800 : 1200);
    int minn = s.opt.min > 0 ? (int)s.opt.min : 0;
    int step = o.step > 0 ? (int)o.step : (maxn - minn) / 40 > 1 ? (maxn - minn) / 40 : 1;
    int runs = s.opt.runs > 0 ? s.opt.runs : 15;
    s.rep_step = step;   /* -repeat: runs agree within one step of the coarse sweep */
    int passes = runs < ROB_PASSES ? runs : ROB_PASSES;
    int npts = 0;
    for (int n = minn; n <= maxn; n += step)
        npts++;

    s.title = "out-of-order window: two cache misses N fillers apart";
    s.method = "Henry Wong's method: load A; N fillers; load B; N fillers (independent chases "
               "through a buffer beyond the last-level cache); each round over the median time "
               "of N = 0 in the same child, rounds in passes over the N in random order";
    s.best_desc = "the first quartile of the rounds";
    s.xlabel = "filler instructions between the two loads (N)";
    s.ylabel = "cycles per pair of loads", s.yunit = "cycles";
    s.x_int = true, s.y_from_zero = true, s.yscale = SVG_LINEAR;
    int ser[NFILL], nser = 0;
    for (int k = 0; k < NFILL; k++)
        if (o.use[k])
            ser[k] = sweep_series(&s, fillers[k].name), nser++;
    sweep_begin(&s, npts * nser * passes);

    size_t nslots = (size_t)(o.buf / 64);
    char *buf = sweep_alloc((size_t)o.buf, true);   /* 2 MiB pages: no page walk per load */
    void **slots = xmalloc(sizeof *slots * nslots);
    for (size_t i = 0; i < nslots; i++)
        slots[i] = buf + i * 64;
    void *head = sweep_chain_addrs(slots, nslots, true, 0x70b);
    free(slots);
    void **entry = sweep_entries(head, nslots);   /* random start per call */

    RobPt *pts[NFILL] = {NULL};
    int np[NFILL] = {0};
    double *base = NULL;
    int nbase = 0, capbase = 0;
    uint64_t seed = 0x70b5eed;
    bool stop = false;
    for (int k = 0; k < NFILL && !stop; k++) {
        if (!o.use[k])
            continue;
        pts[k] = xmalloc(sizeof *pts[k] * (size_t)(npts + ROB_FINE_MAX));
        memset(pts[k], 0, sizeof *pts[k] * (size_t)(npts + ROB_FINE_MAX));
        for (int i = 0; i < npts; i++)
            pts[k][i].n = minn + i * step;
        np[k] = npts;
        stop = !rob_build(&s, pts[k], npts, entry, k, runs) ||
               !rob_measure(&s, pts[k], npts, runs, passes, &seed, &base, &nbase, &capbase, ser[k]);
        rob_unload(pts[k], npts);
        /* the step again, at a finer step of N: between the last point of the lower level and
         * the first of the upper one */
        int lo, hi;
        if (stop || step == 1 || !rob_coarse_step(&s, pts[k], npts, &lo, &hi) || hi - lo < 2)
            continue;
        int fstep = (hi - lo + ROB_FINE_MAX - 1) / ROB_FINE_MAX, nf = 0;
        if (fstep < 1)
            fstep = 1;
        RobPt *f = pts[k] + npts;
        for (int n = lo + fstep; n < hi && nf < ROB_FINE_MAX; n += fstep)
            if ((n - minn) % step != 0)
                f[nf++].n = n;
        if (nf == 0)
            continue;
        s.npoints_total += nf * passes;
        np[k] += nf;
        stop = !rob_build(&s, f, nf, entry, k, runs) ||
               !rob_measure(&s, f, nf, runs, passes, &seed, &base, &nbase, &capbase, ser[k]);
        rob_unload(f, nf);
    }
    sweep_release(buf, (size_t)o.buf);
    free(entry);
    if (s.failed) {
        for (int k = 0; k < NFILL; k++)
            rob_free(pts[k], np[k]);
        free(base);
        sweep_free(&s);
        return 1;
    }
    /* the sweep's baseline: the median cost of a pair of overlapped misses over every round */
    double b = nbase > 0 ? stats_median(base, (size_t)nbase) : NAN;
    s.npoints_done = 0;   /* counted again as the points are added */
    for (int k = 0; k < NFILL; k++) {
        if (!o.use[k] || !pts[k])
            continue;
        qsort(pts[k], (size_t)np[k], sizeof *pts[k], cmp_n);
        for (int i = 0; i < np[k]; i++) {
            SweepPoint pt;
            if (rob_point(&pts[k][i], b, &pt))
                sweep_add(&s, ser[k], &pt);
        }
    }
    for (int k = 0; k < NFILL; k++) {
        if (!o.use[k])
            continue;
        const SweepSeries *S = &s.series[ser[k]];
        double *y = xmalloc(sizeof *y * (size_t)(S->n + 1)), *ym = xmalloc(sizeof *ym * (size_t)(S->n + 1));
        for (int i = 0; i < S->n; i++)
            y[i] = sweep_y(&s, &S->pts[i]), ym[i] = S->pts[i].med;
        RobChange c, cm;
        bool found = rob_change(y, S->n, b, s.opt.best, &c);
        /* with the fastest rounds analysed, the medians tell what a disturbed core holds */
        bool typical = s.opt.best && rob_change(ym, S->n, b, false, &cm);
        free(y), free(ym);
        SweepFinding *f = sweep_finding(&s, fillers[k].resource, fillers[k].name);
        f->bytes = false;
        if (!found) {
            sweep_fnote(f, "no step up in N = %d..%d: the structure is larger, "
                     "or the loads did not miss (try a larger -max or -buf)", minn, maxn);
            continue;
        }
        double xl = S->pts[c.last].x, xu = S->pts[c.last + 1].x;
        int ld = fillers[k].loads;
        f->value = xl + ld;
        f->cycles = c.below;
        f->confidence = c.conf;
        char with[48] = "", med[64] = "";
        if (ld)
            snprintf(with, sizeof with, " (+ the 2 loads = %.0f entries)", xl + ld);
        if (typical)
            snprintf(med, sizeof med, "; the medians only to N = %.0f", S->pts[cm.last].x);
        sweep_fnote(f, "misses overlap up to N = %.0f fillers%s, serialize from "
                 "N = %.0f; %.0f -> %.0f cycles per pair%s", xl, with, xu, c.below, c.above, med);
        int pass[ROB_PASSES];
        for (int q = 0; q < passes; q++)
            pass[q] = rob_pass_step(&s, pts[k], np[k], q, b);
        rob_unstable(f, xl + ld, typical ? S->pts[cm.last].x : -1, pass, passes, step, ld);
    }
    /* the ROB against the published one of cpuid's core: mov's step (a Zen 4 keeps more than
     * 800 nops in flight, so nop's is no ROB there); on the AMD KVM guest of 2026-12-01, whose
     * cpuid says Zen (192 entries), 190 */
    sweep_core_verdict(&s, "ROB (eliminated moves)", BENCH_FIG_ROB, false);
    for (int k = 0; k < NFILL; k++)
        rob_free(pts[k], np[k]);
    free(base);
    if (isfinite(b))
        sweep_note(&s, "baseline (N = 0, two overlapped misses): median %.0f cycles per pair over %d "
                   "rounds; every round is normalised to the baseline measured in the same child", b, nbase);
    sweep_note(&s, "best: the first quartile of a point's rounds, the core at its least disturbed (the "
               "window a round sees can shrink for a while, as when the core's other hardware thread "
               "is busy); the medians show the window most rounds see");
    if (o.use[0] || o.use[7])
        sweep_note(&s, "nop, mov: a core may keep nops out of the ROB or several to an entry, and "
                   "eliminated moves take a ROB entry and no register; when nop shows no step "
                   "and mov's step is later than add's (the moves took no register), the ROB is "
                   "mov's");
    sweep_note(&s, "register files hold the architectural registers too: the physical size is "
                   "about the in-flight count plus the architectural registers of that class");
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}

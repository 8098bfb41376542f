/* exp_mispredict.c — `uarch bench mispredict`: branch misprediction penalty.
 *
 * A loop of conditional branches whose directions come from a byte array: a random pattern of
 * period P (0/1 with probability 1/2) repeated through a 1 MiB buffer, swept over P.  Short
 * periods are learned by the history-based predictors (a branch costs the loop's base time);
 * periods longer than what the predictor can hold look random: half the branches mispredict.
 * The penalty is 2 x (cost at the high plateau - cost at the low plateau); the knee is the
 * longest pattern the predictor learns.
 *
 * What the penalty holds: after a misprediction the front end refetches from the right target,
 * and the next mispredicted branch is found when it executes, that is once its condition is
 * there.  A condition loaded just before its branch puts the load's latency (an L1 hit) into
 * every misprediction: the load is younger than the mispredicted branch, is flushed with it and
 * issues again only after the refetch.  So the branches are measured twice: "condition ready",
 * each branch testing a byte loaded four branches earlier (older than the three branches before
 * it, which a misprediction does not flush: the condition is there when the branch is), whose
 * penalty is the pipeline's own (refetch to resolution); and "condition loaded before the
 * branch", the load's latency included.  On this Emerald Rapids KVM guest (Golden Cove cores,
 * no PMU; test builds, the medians of 6 runs at periods 16 and 1M, 15:39 UTC, other builds
 * running) the load before the branch gave 2 x (13.07 - 1.10) = 23.9 cycles, the condition
 * loaded one branch earlier 2 x (11.48 - 1.10) = 20.8, three earlier (through register moves)
 * 2 x (10.86 - 1.34) = 19.0; Intel gives about 17 for Golden Cove.
 */
#include "bench/mispredict.h"
#include "bench/sweep.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: uarch bench mispredict [options]\n"
    "branches on a repeating random pattern of period P, over P: the longest learned pattern and\n"
    "the misprediction penalty, with the branch's condition ready (loaded four branches earlier)\n"
    "and loaded just before the branch (the load's latency in the penalty)\n"
    "  -min/-max    pattern periods (default 2 .. 1M, powers of two)";

#define PATBUF (1 << 20)

void mispredict_knees(KneeOpts *k)
{
    k->direction = 1;   /* longer patterns are never predicted better */
    k->min_len = 3;     /* one point per octave: a level of 3 periods is already 3 octaves */
}

void mispredict_replay_init(Sweep *s)
{
    memset(s, 0, sizeof *s);
    s->opt.best = true;
    s->knee = knee_defaults();
    mispredict_knees(&s->knee);
}

double mispredict_learned(const double *x, const double *y, int n, double low, double high)
{
    double mid = (low + high) / 2, last = NAN;
    for (int i = 0; i < n; i++) {
        if (!isfinite(y[i]))
            continue;
        if (y[i] > mid)
            return last;
        last = x[i];
    }
    return NAN;
}

void mispredict_findings(Sweep *s, int ser, bool ready, const double *pass_y, int npass, int stride)
{
    const char *sn = s->series[ser].name;
    const KneeResult *r = sweep_knees(s, ser);
    const SweepSeries *S = &s->series[ser];
    if (S->n == 0)
        return;
    const KneeLevel *high = &r->levels[r->nlevels - 1];
    /* the cost of a predicted branch: the median of the shortest periods (up to 4 points of the
     * first plateau), which every predictor learns; the plateau's own median takes in the
     * longer learned periods, where a few branches mispredict (on this Emerald Rapids guest
     * 1.1 cycles at periods 2-16, rising to 1.7-2.2 by 16384, and a plateau of 2..16384 had a
     * median of 1.66) */
    double ys[4];
    int nb = 0;
    for (int i = r->levels[0].first; i <= r->levels[0].last && nb < 4; i++)
        ys[nb++] = sweep_y(s, &S->pts[i]);
    double low = stats_median(ys, (size_t)nb);
    int knee = -1;
    for (int i = 0; i + 1 < r->nlevels; i++)   /* the last step: into the unlearned level */
        if (r->levels[i].confidence >= 0.5)
            knee = i;
    SweepFinding *f = sweep_finding(s, "longest learned pattern", sn);
    double *x = xmalloc(sizeof(double) * (size_t)S->n), *y = xmalloc(sizeof(double) * (size_t)S->n);
    for (int i = 0; i < S->n; i++)
        x[i] = S->pts[i].x, y[i] = sweep_y(s, &S->pts[i]);
    double learned = knee >= 0 ? mispredict_learned(x, y, S->n, low, high->level) : NAN;
    if (isfinite(learned)) {
        sweep_finding_level(f, r, knee);
        f->value = f->to = learned;
        for (int i = 0; i < S->n; i++)
            if (x[i] > learned && isfinite(y[i])) {
                f->next = x[i];
                break;
            }
        /* each pass alone, by the same rule on the same low and high */
        double lo = INFINITY, hi = -INFINITY;
        f->npass = npass > 1 ? (npass < (int)ARRAY_LEN(f->pass_val) ? npass : (int)ARRAY_LEN(f->pass_val)) : 0;
        for (int k = 0; k < f->npass; k++) {
            f->pass_val[k] = mispredict_learned(x, pass_y + (size_t)k * (size_t)stride, S->n, low, high->level);
            if (isfinite(f->pass_val[k]))
                lo = fmin(lo, f->pass_val[k]), hi = fmax(hi, f->pass_val[k]);
        }
        sweep_fnote(f, "%.2f cycles per branch at the shortest periods, %.2f on the unlearned plateau: the "
                 "longest period before the first above the midway, %.2f (a quarter of the branches "
                 "mispredicting), each point its fastest pass", low, high->level, (low + high->level) / 2);
        if (lo <= hi && hi > 2 * lo) {   /* more than an octave (a point of the grid) apart */
            f->nunstable = 2;
            f->unstable[0] = lo, f->unstable[1] = hi;
            sweep_fnote_clause(f, "its passes alone put the longest learned pattern %.0f to %.0f periods "
                               "apart: the predictor's hold on patterns of these lengths varied between passes",
                               lo, hi);
        }
    } else {
        sweep_fnote(f, "no knee: every period tried was %s",
                 r->nlevels == 1 ? "predicted alike" : "ambiguous");
        knee = -1;
    }
    free(x);
    free(y);
    SweepFinding *g = sweep_finding(s, "mispredict penalty", sn);
    if (knee >= 0) {
        g->cycles = 2 * (high->level - low);
        g->confidence = r->levels[knee].confidence;
        sweep_fnote(g, "2 x (%.2f - %.2f): half of the branches mispredict on an unlearned "
                 "random pattern; %s", high->level, low,
                 ready ? "the refetch after a misprediction up to the next branch's execution, its condition "
                         "loaded before the branches ahead of it"
                       : "that and the latency of the condition's load, flushed with the mispredicted branch "
                         "and issued again after the refetch");
    } else {
        sweep_fnote(g, "not measured: no learned/unlearned step in the sweep "
                 "(try a wider -min/-max)");
    }
}

/* the kernels, from one description: per architecture, the branch on the condition's register
 * ('@'; taken over an add), the load of the pattern's next byte into it, the step of the index
 * through the 1 MiB buffer, and the registers.  "condition ready": four copies a body (unrolled 4
 * times), copy c branching on register c, loaded by copy c of the body before, and loading it
 * again after its branch: every branch's byte was loaded before the three branches ahead of it.
 * "condition loaded before the branch": the load, the step, the branch on it */
static const struct MispredictIsa { const char *branch, *load, *step, *ready[4], *before; } mispredict_isa[2] = {
    {"cbz @, 1f\nadd x3, x3, #1\n1:\n", "ldrb @, [x1, x2]\n", "add x2, x2, #1\nand x2, x2, #0xfffff\n",
     {"w4", "w5", "w6", "w7"}, "w0"},
    {"test @, @\njz 1f\nadd $1, %r8\n1:\n", "movzbl (%rbx,%rsi), @\n", "add $1, %rsi\nand $1048575, %rsi\n",
     {"%r9d", "%r10d", "%r11d", "%r12d"}, "%eax"},
};

/* text into b, each '@' in it replaced by reg */
static void put_with_reg(Buf *b, const char *text, const char *reg)
{
    for (const char *p = text; *p; p++) {
        if (*p == '@') buf_puts(b, reg);
        else buf_putc(b, *p);
    }
}

void mispredict_kernels(bool x86, Buf body[2])
{
    const struct MispredictIsa *k = &mispredict_isa[x86];
    buf_init(&body[0]);
    buf_init(&body[1]);
    for (int c = 0; c < 4; c++) {
        put_with_reg(&body[0], k->branch, k->ready[c]);
        put_with_reg(&body[0], k->load, k->ready[c]);
        buf_puts(&body[0], k->step);
    }
    put_with_reg(&body[1], k->load, k->before);
    buf_puts(&body[1], k->step);
    put_with_reg(&body[1], k->branch, k->before);
}

int exp_mispredict(int argc, char **argv)
{
    Sweep s = {.exp = "mispredict", .xrange = {OPT_COUNT, 2, PATBUF}};
    int status;
    if (!sweep_parse(&s, argc, argv, NULL, NULL, usage, &status))
        return status;
    mispredict_knees(&s.knee);
    s.passes_dflt = 3;      /* (each pass's longest learned pattern: its spread) */
    bool x86 = sweep_x86(&s);
    double lo = s.opt.min > 0 ? s.opt.min : 2, hi = s.opt.max > 0 ? s.opt.max : PATBUF;
    if (hi > PATBUF)
        hi = PATBUF;
    if (!sweep_bound_range(&s, &lo, &hi, 2, true, "a pattern repeats whole in the 1 MiB buffer"))
        return 2;
    double grid[64];
    int n = sweep_grid(lo, hi, 1, 1, grid, 64);
    s.title = "conditional branches on a repeating random pattern: cycles per branch";
    s.best_desc = SWEEP_WHOLE_DESC;
    s.method = "one load + branch per copy; direction from a random 0/1 pattern of period P; the branch "
               "tests a byte loaded four branches earlier (condition ready), or just before it";
    s.xlabel = "pattern period (branches)", s.ylabel = "cycles per branch", s.yunit = "cycles";
    s.x_int = true, s.y_from_zero = true, s.yscale = SVG_LINEAR;
    int ser[2] = {sweep_series(&s, "condition ready"), sweep_series(&s, "condition loaded before the branch")};
    int npass = sweep_passes(&s);
    double *py = xmalloc(sizeof(double) * 2 * (size_t)npass * (size_t)n);   /* [v][pass][i] */
    for (int k = 0; k < 2 * npass * n; k++)
        py[k] = NAN;
    sweep_begin(&s, 2 * n * npass);
    unsigned char *pat = sweep_alloc(PATBUF, false);
    Buf init;
    buf_init(&init);
    sweep_load_addr(&s, &init, x86 ? "%rbx" : "x1", pat);
    Buf body[2];
    mispredict_kernels(x86, body);
    const int unroll[2] = {4, 16};   /* 16 branches an iteration either way */
    for (int pass = 0; pass < npass && !sweep_stop(&s); pass++) {
    s.pass = pass;
    uint64_t seed = 0x6d15;   /* (the same patterns every pass) */
    for (int i = 0; i < n && !sweep_stop(&s); i++) {
        size_t period = (size_t)grid[i];
        unsigned char *one = xmalloc(period);
        for (size_t j = 0; j < period; j++)
            one[j] = (unsigned char)(sweep_rand(&seed) & 1);
        for (size_t j = 0; j < PATBUF; j++)
            pat[j] = one[j % period];
        free(one);
        for (int v = 0; v < 2 && !sweep_stop(&s); v++) {
            BenchProgram prog;
            bench_prog_init(&prog, s.arch, BENCH_ATT);
            BenchKernel kern = {.symbol = "mispredict", .init = buf_cstr(&init), .body = buf_cstr(&body[v]),
                                .body_file = "<mispredict>", .unroll = unroll[v]};
            bench_prog_kernel(&prog, &kern);
            /* a round's figure is its two calls together (.whole, as btb's); the calls'
             * overhead adds the same to both series' cycles per branch (the same branches a
             * call), so it leaves the penalty, a difference of their plateaus, alone */
            SweepRun run = {.symbol = "mispredict", .iters = 8192, .copies_per_iter = 16, .series = ser[v],
                            .whole = true};
            SweepPoint pt = {.x = (double)period};
            bool fatal;
            bool ok = sweep_measure(&s, &prog, &run, &pt, &fatal);
            bench_prog_free(&prog);
            if (!ok) {
                if (fatal && !sweep_stop(&s)) {
                    free(py);
                    sweep_release(pat, PATBUF);
                    buf_free(&init);
                    buf_free(&body[0]);
                    buf_free(&body[1]);
                    sweep_free(&s);
                    return 1;
                }
                goto measured;
            }
            sweep_add(&s, ser[v], &pt);
            sweep_progress(&s, ser[v], &pt);
            py[((size_t)v * npass + pass) * n + i] = sweep_y(&s, &pt);
        }
    }
    }
measured:
    sweep_release(pat, PATBUF);
    buf_free(&init);
    buf_free(&body[0]);
    buf_free(&body[1]);
    mispredict_findings(&s, ser[0], true, py, npass, n);
    mispredict_findings(&s, ser[1], false, py + (size_t)npass * n, npass, n);
    free(py);
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}


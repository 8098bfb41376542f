/* exp_mispredict.c — `uarch bench mispredict`: branch misprediction penalty.
 *
 * A loop of conditional branches whose directions come from a byte array: a random pattern of
 * period P (0/1 with probability 1/2) repeated through a 1 MiB buffer, swept over P.  Short
 * periods are learned by the history-based predictors (a branch costs the loop's base time);
 * periods longer than what the predictor can hold look random: half the branches mispredict.
 * The penalty is 2 x (cost at the high plateau - cost at the low plateau); the knee is the
 * longest pattern the predictor learns.  The high plateau is checked to be at chance (each
 * branch costs at least a quarter of the penalty more than the low plateau).
 */
#include "bench/sweep.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: uarch bench mispredict [options]\n"
    "branches on a repeating random pattern of period P, over P: the longest learned pattern and\n"
    "the misprediction penalty\n"
    "  -min/-max    pattern periods (default 2 .. 1M, powers of two)";

#define PATBUF (1 << 20)

int exp_mispredict(int argc, char **argv)
{
    Sweep s = {.exp = "mispredict", .xrange = {OPT_COUNT, 2, PATBUF}};
    int status;
    if (!sweep_parse(&s, argc, argv, NULL, NULL, usage, &status))
        return status;
    s.knee.direction = 1;   /* longer patterns are never predicted better */
    bool x86 = sweep_x86(&s);
    s.knee.min_len = 3;   /* one point per octave: a level of 3 periods is already 3 octaves */
    double lo = s.opt.min > 0 ? s.opt.min : 2, hi = s.opt.max > 0 ? s.opt.max : PATBUF;
    if (hi > PATBUF)
        hi = PATBUF;
    if (!sweep_bound_range(&s, &lo, &hi, 2, true, "a pattern repeats whole in the 1 MiB buffer"))
        return 2;
    double grid[64];
    int n = sweep_grid(lo, hi, 1, 1, grid, 64);
    s.title = "conditional branches on a repeating random pattern: cycles per branch";
    s.method = "one load + branch per copy; direction from a random 0/1 pattern of period P";
    s.xlabel = "pattern period (branches)", s.ylabel = "cycles per branch", s.yunit = "cycles";
    s.x_int = true, s.y_from_zero = true, s.yscale = SVG_LINEAR;
    int ser = sweep_series(&s, "random pattern");
    sweep_begin(&s, n);
    unsigned char *pat = sweep_alloc(PATBUF, false);
    Buf init;
    buf_init(&init);
    sweep_load_addr(&s, &init, x86 ? "%rbx" : "x1", pat);
    const char *body = x86 ? "movzbl (%rbx,%rsi), %eax\nadd $1, %rsi\nand $1048575, %rsi\n"
                             "test %eax, %eax\njz 1f\nadd $1, %r8\n1:\n"
                           : "ldrb w0, [x1, x2]\nadd x2, x2, #1\nand x2, x2, #0xfffff\n"
                             "cbz w0, 1f\nadd x3, x3, #1\n1:\n";
    uint64_t seed = 0x6d15;
    for (int i = 0; i < n && !sweep_stop(&s); i++) {
        size_t period = (size_t)grid[i];
        unsigned char *one = xmalloc(period);
        for (size_t j = 0; j < period; j++)
            one[j] = (unsigned char)(sweep_rand(&seed) & 1);
        for (size_t j = 0; j < PATBUF; j++)
            pat[j] = one[j % period];
        free(one);
        BenchProgram prog;
        bench_prog_init(&prog, s.arch, BENCH_ATT);
        BenchKernel kern = {.symbol = "mispredict", .init = buf_cstr(&init), .body = body,
                            .body_file = "<mispredict>", .unroll = 16};
        bench_prog_kernel(&prog, &kern);
        SweepRun run = {.symbol = "mispredict", .iters = 8192, .copies_per_iter = 16};
        SweepPoint pt = {.x = (double)period};
        bool fatal;
        bool ok = sweep_measure(&s, &prog, &run, &pt, &fatal);
        bench_prog_free(&prog);
        if (!ok) {
            if (fatal && !sweep_stop(&s)) {
                sweep_release(pat, PATBUF);
                buf_free(&init);
                sweep_free(&s);
                return 1;
            }
            break;
        }
        sweep_add(&s, ser, &pt);
        sweep_progress(&s, ser, &pt);
    }
    sweep_release(pat, PATBUF);
    buf_free(&init);
    const KneeResult *r = sweep_knees(&s, ser);
    if (s.series[ser].n > 0) {
        const KneeLevel *low = &r->levels[0], *high = &r->levels[r->nlevels - 1];
        int knee = -1;
        for (int i = 0; i + 1 < r->nlevels; i++)   /* the last step: into the unlearned level */
            if (r->levels[i].confidence >= 0.5)
                knee = i;
        SweepFinding *f = sweep_finding(&s, "longest learned pattern", "");
        if (knee >= 0) {
            sweep_finding_level(f, r, knee);
            f->value = r->levels[knee].x_last;
            snprintf(f->note, sizeof f->note, "%.2f cycles per branch at the shortest period; past the "
                     "plateau the pattern is not learned", low->level);
        } else {
            snprintf(f->note, sizeof f->note, "no knee: every period tried was %s",
                     s.series[ser].n > 0 && r->nlevels == 1 ? "predicted alike" : "ambiguous");
        }
        SweepFinding *g = sweep_finding(&s, "mispredict penalty", "");
        if (knee >= 0) {
            double pen = 2 * (high->level - low->level);
            g->cycles = pen;
            g->confidence = r->levels[knee].confidence;
            snprintf(g->note, sizeof g->note, "2 x (%.2f - %.2f): half of the branches mispredict on "
                     "an unlearned random pattern", high->level, low->level);
        } else {
            snprintf(g->note, sizeof g->note, "not measured: no learned/unlearned step in the sweep "
                     "(try a wider -min/-max)");
        }
    }
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}

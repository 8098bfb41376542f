/* exp_fetch.c — `uarch bench fetch`: fetch width by the page-crossing method (seed 004, after
 * JamesAslan, "如何测量真正的取指带宽", zhuanlan.zhihu.com/p/720136752).
 *
 * A loop of 1 + N 4-byte NOPs (plus the loop branch).  "cross-page": the first NOP is the last
 * 4 bytes of a page and the other N are on the next page, so every iteration fetches from two
 * pages; if the front end does not fetch across a page in one cycle, an iteration costs one
 * cycle for the first page plus ceil(N / W) for the second, W the fetch width.  "aligned": the
 * same loop at the start of a page.  Cycles per iteration over N: the cross-page curve climbs
 * one cycle every W instructions; the width is read from its slope (over the upper half of N,
 * a least-squares line through the points near a Theil-Sen line: disturbed points set aside)
 * and the page-crossing cost from the difference of the two curves.
 * On cores that feed loops from a decoded-op cache or loop buffer the fetch stage is bypassed
 * and the slope shows that path's width instead (noted in the findings).  The sweep runs in
 * passes (3 by default), each point keeping its fastest: see exp_btb.c.
 */
#include "bench/sweep.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: uarch bench fetch [options]\n"
    "cycles per iteration of a loop of 1 + N NOPs placed across a page boundary and aligned:\n"
    "fetch width in instructions per cycle (seed 004)\n"
    "  -min/-max    N range (default 1 .. 64)\n"
    "  -passes N    sweeps over all N, each point keeps its fastest (default 3)";

/* slope and R^2 of y over x for the points with x >= from, robust to disturbed points: a
 * Theil-Sen line (median of the pairwise slopes) picks the points within 3 robust spreads of it
 * (at least 2 % of the median y: a staircase of whole cycles is not disturbed), the least-squares
 * line through those gives the slope, and the confidence is its R^2 times the share of points
 * kept (*out: the points set aside) */
static void fit(const Sweep *s, const SweepSeries *S, double from, double *slope, double *r2, int *out)
{
    *slope = *r2 = NAN, *out = 0;
    double *X = xmalloc(sizeof *X * (S->n + 1)), *Y = xmalloc(sizeof *Y * (S->n + 1));
    int n = 0;
    for (int i = 0; i < S->n; i++) {
        double x = S->pts[i].x, y = sweep_y(s, &S->pts[i]);
        if (x >= from && isfinite(y))
            X[n] = x, Y[n++] = y;
    }
    if (n >= 3) {
        double *t = xmalloc(sizeof *t * ((size_t)n * (n - 1) / 2 + n));
        size_t k = 0;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                if (X[j] != X[i])
                    t[k++] = (Y[j] - Y[i]) / (X[j] - X[i]);
        double b = k > 0 ? stats_median(t, k) : NAN;
        for (int i = 0; i < n; i++)
            t[i] = Y[i] - b * X[i];
        double a = stats_median(t, (size_t)n);
        for (int i = 0; i < n; i++)
            t[i] = fabs(Y[i] - (a + b * X[i]));
        double spread = 1.4826 * stats_median(t, (size_t)n);
        for (int i = 0; i < n; i++)
            t[i] = Y[i];
        double band = fmax(3 * spread, 0.02 * fabs(stats_median(t, (size_t)n)));
        double m = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
        for (int i = 0; i < n; i++) {
            if (!(fabs(Y[i] - (a + b * X[i])) <= band)) {
                (*out)++;
                continue;
            }
            m++, sx += X[i], sy += Y[i], sxx += X[i] * X[i], sxy += X[i] * Y[i], syy += Y[i] * Y[i];
        }
        double vx = m * sxx - sx * sx, vy = m * syy - sy * sy, cxy = m * sxy - sx * sy;
        if (m >= 3 && vx > 0) {
            *slope = cxy / vx;
            *r2 = vy > 0 ? cxy * cxy / (vx * vy) * (m / n) : NAN;
        }
        free(t);
    }
    free(X), free(Y);
}

int exp_fetch(int argc, char **argv)
{
    Sweep s = {.exp = "fetch", .passes_dflt = 3};
    int status;
    if (!sweep_parse(&s, argc, argv, NULL, NULL, usage, &status))
        return status;
    bool x86 = sweep_x86(&s);
    int lo = s.opt.min > 0 ? (int)s.opt.min : 1, hi = s.opt.max > 0 ? (int)s.opt.max : 64;
    if (hi < lo)
        hi = lo;
    s.title = "loop across a page boundary: cycles per iteration";
    s.method = "loop of 1 + N 4-byte NOPs; cross-page: the first NOP in the last 4 bytes of a page";
    s.xlabel = "instructions on the second page (N)", s.ylabel = "cycles per iteration";
    s.yunit = "cycles", s.x_int = true, s.y_from_zero = true, s.yscale = SVG_LINEAR;
    int ser[2] = {sweep_series(&s, "cross-page"), sweep_series(&s, "aligned")};
    int passes = sweep_passes(&s);
    sweep_begin(&s, 2 * (hi - lo + 1) * passes);
    for (s.pass = 0; s.pass < passes && !sweep_stop(&s); s.pass++) {
        for (int n = lo; n <= hi && !sweep_stop(&s); n++) {
            for (int k = 0; k < 2 && !sweep_stop(&s); k++) {
                Buf body;
                buf_init(&body);
                sweep_rept(&body, n + 1, sweep_nop(&s));
                BenchKernel kern = {.symbol = "fetch", .body = buf_cstr(&body), .body_file = "<fetch>",
                                    .unroll = 1, .align = 4096, .offset = k == 0 ? 4092 : 0};
                SweepRun run = {.iters = 250000, .copies_per_iter = 1};
                bool ok = sweep_point(&s, ser[k], &kern, &run, n, 0);
                buf_free(&body);
                if (!ok)
                    goto done;
            }
        }
    }
done:;
    double mid = lo + (hi - lo) / 2.0;
    for (int k = 0; k < 2; k++) {
        double slope, r2;
        int nout;
        fit(&s, &s.series[ser[k]], mid, &slope, &r2, &nout);
        char aside[48] = "";
        if (nout > 0)
            snprintf(aside, sizeof aside, "; %d disturbed point%s set aside", nout, nout > 1 ? "s" : "");
        SweepFinding *f = sweep_finding(&s, k == 0 ? "fetch width" : "aligned width", s.series[ser[k]].name);
        f->bytes = false;
        f->off_axis = true;   /* instructions per cycle, not an N */
        if (isfinite(slope) && slope > 0 && r2 < 0.5) {
            /* most of the variation is not the line's: a width from it would be noise */
            snprintf(f->note, sizeof f->note, "not determined: cycles per iteration over N >= %.0f do "
                     "not follow a line (R^2 %.3f, slope %.3f cycles per instruction%s)", mid, r2, slope, aside);
        } else if (isfinite(slope) && slope > 0) {
            f->value = 1 / slope;
            f->confidence = r2;
            snprintf(f->note, sizeof f->note, "instructions per cycle from the slope over N >= %.0f "
                     "(%.3f cycles per instruction, R^2 %.3f x the share of points kept as the confidence%s)",
                     mid, slope, r2, aside);
        } else if (isfinite(slope)) {
            snprintf(f->note, sizeof f->note, "not determined: cycles per iteration do not grow with N "
                     "over N >= %.0f (slope %.3f): the loop is not fetch-bound on this core", mid, slope);
        } else {
            snprintf(f->note, sizeof f->note, "not determined: too few points to fit a slope");
        }
    }
    /* page-crossing cost: median over N of cross - aligned */
    SweepSeries *A = &s.series[ser[0]], *B = &s.series[ser[1]];
    int m = A->n < B->n ? A->n : B->n;
    if (m > 0) {
        double *d = xmalloc(sizeof *d * m);
        int nd = 0;   /* points where both values are available */
        for (int i = 0; i < m; i++) {
            double v = sweep_y(&s, &A->pts[i]) - sweep_y(&s, &B->pts[i]);
            if (isfinite(v))
                d[nd++] = v;
        }
        SweepFinding *f = sweep_finding(&s, "page-crossing cost", "");
        f->cycles = nd > 0 ? stats_median(d, (size_t)nd) : NAN;
        snprintf(f->note, sizeof f->note, "median extra cycles per iteration when the loop spans two "
                 "pages (about 1 when fetch cannot cross a page in one cycle)");
        free(d);
    }
    if (x86)
        sweep_note(&s, "x86-64 cores that run small loops from a decoded-op cache bypass fetch: the "
                       "slope then measures the op-cache/dispatch path, not the 16-32 byte fetch");
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}

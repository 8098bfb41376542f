/* exp_fetch.c — `uarch bench fetch`: fetch width by the page-crossing method (seed 004, after
 * JamesAslan, "如何测量真正的取指带宽", zhuanlan.zhihu.com/p/720136752).
 *
 * A loop of 1 + N 4-byte NOPs (plus the loop branch).  "cross-page": the first NOP is the last
 * 4 bytes of a page and the other N are on the next page, so every iteration fetches from two
 * pages; if the front end does not fetch across a page in one cycle, an iteration costs one
 * cycle for the first page plus ceil(N / W) for the second, W the fetch width.  "aligned": the
 * same loop at the start of a page.  Cycles per iteration over N: the cross-page curve climbs
 * one cycle every W instructions; the width is the median distance between its one-cycle rises
 * where it lies above the aligned curve (fetch_staircase), and the page-crossing cost the
 * difference of the two curves at the smallest N (the loop then fits in one fetch block).  The
 * aligned curves give rates from their slopes (over the upper half of N, a least-squares line
 * through the points near a Theil-Sen line: disturbed points set aside).
 * Two more series tell what the slopes measure where the loop does not come from the fetch
 * stage (a decoded-op cache, a loop buffer): "cross-line", the loop's first NOP in the last 4
 * bytes of a 64-byte line in the middle of a page (is the extra cycle the page's or the
 * line's?), and "aligned ops (<op>)", the aligned loop of a one-op instruction that needs no
 * execution unit (x86-64: a zeroing xor; AArch64: a move of zero) instead of NOPs: a core that
 * pairs or drops NOPs before its narrowest stage goes faster on NOPs than on ops, and the op
 * rate is then that stage's width (on Zen 4: 12 NOPs but 6 ops per cycle, its dispatch width).
 * The sweep runs in passes (3 by default), each point keeping its fastest: see exp_btb.c.
 */
#include "bench/fetch.h"
#include "bench/sweep.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: uarch bench fetch [options]\n"
    "cycles per iteration of a loop of 1 + N NOPs placed across a page boundary, across a line\n"
    "and aligned, and of 1 + N one-op instructions aligned: fetch width in instructions per\n"
    "cycle (seed 004), the cost of a page and of a line crossing, the op rate\n"
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

void fetch_staircase(const double *x, const double *y, const double *yb, int n, double *width, double *conf,
                     double *at, int *nrise)
{
    *width = *conf = NAN, *nrise = 0;
    int k = 0;
    double *r = xmalloc(sizeof *r * (n + 1)), *d = xmalloc(sizeof *d * (n + 1));
    for (int i = 1; i < n; i++) {
        double y0 = y[i - 1], y1 = i + 1 < n ? y[i + 1] : y[i];
        if (i >= 2 && !(y0 >= y[i - 2]))
            y0 = y[i - 2];   /* a dip (a low best-case estimate) is not a level */
        if (y[i] - y0 >= 0.5 && y1 - y0 >= 0.5 && y[i] - yb[i] >= 0.25) {
            if (k < 8)
                at[k] = x[i];
            r[k++] = x[i];
        }
    }
    *nrise = k;
    if (k >= 3) {
        for (int i = 1; i < k; i++)
            d[i - 1] = r[i] - r[i - 1];
        *width = stats_median(d, (size_t)(k - 1));
        int near = 0;
        for (int i = 1; i < k; i++)
            near += fabs(r[i] - r[i - 1] - *width) <= 1;
        *conf = (double)near / (k - 1);
    }
    free(r), free(d);
}

/* fetch_staircase over series A against B (the points at the same N) */
static void staircase(const Sweep *s, const SweepSeries *A, const SweepSeries *B, double *width, double *conf,
                      double *at, int *nrise)
{
    int n = A->n < B->n ? A->n : B->n, m = 0;
    double *x = xmalloc(sizeof *x * (n + 1)), *y = xmalloc(sizeof *y * (n + 1)), *yb = xmalloc(sizeof *yb * (n + 1));
    for (int i = 0; i < n; i++)
        if (A->pts[i].x == B->pts[i].x)
            x[m] = A->pts[i].x, y[m] = sweep_y(s, &A->pts[i]), yb[m++] = sweep_y(s, &B->pts[i]);
    fetch_staircase(x, y, yb, m, width, conf, at, nrise);
    free(x), free(y), free(yb);
}

int exp_fetch(int argc, char **argv)
{
    Sweep s = {.exp = "fetch", .passes_dflt = 3, .xrange = {OPT_COUNT, 1, 1024}};
    int status;
    if (!sweep_parse(&s, argc, argv, NULL, NULL, usage, &status))
        return status;
    bool x86 = sweep_x86(&s);
    int lo = s.opt.min > 0 ? (int)s.opt.min : 1, hi = s.opt.max > 0 ? (int)s.opt.max : 64;
    if (hi < lo)
        hi = lo;
    s.title = "loop across a page boundary: cycles per iteration";
    s.best_desc = SWEEP_WHOLE_DESC;
    s.method = "loop of 1 + N 4-byte NOPs; cross-page: the first NOP in the last 4 bytes of a page; "
               "cross-line: of a 64-byte line in mid-page; ops: 1 + N one-op instructions";
    s.xlabel = "instructions after the first (N)", s.ylabel = "cycles per iteration";
    s.yunit = "cycles", s.x_int = true, s.y_from_zero = true, s.yscale = SVG_LINEAR;
    /* the series: NOPs across a page, aligned, across a line; ops aligned */
    enum { CROSS_PAGE, ALIGNED, CROSS_LINE, OPS, NSER };
    const char *op = x86 ? "xor %eax, %eax" : "mov x0, #0";
    char opname[48];
    snprintf(opname, sizeof opname, "aligned ops (%s)", op);
    int ser[NSER] = {sweep_series(&s, "cross-page"), sweep_series(&s, "aligned"),
                     sweep_series(&s, "cross-line"), sweep_series(&s, opname)};
    int page = (int)mem_page_size();
    const int offset[NSER] = {page - 4, 0, page / 2 - 4, 0};
    int passes = sweep_passes(&s);
    sweep_begin(&s, NSER * (hi - lo + 1) * passes);
    for (s.pass = 0; s.pass < passes && !sweep_stop(&s); s.pass++) {
        for (int n = lo; n <= hi && !sweep_stop(&s); n++) {
            for (int k = 0; k < NSER && !sweep_stop(&s); k++) {
                Buf body;
                buf_init(&body);
                sweep_rept(&body, n + 1, k == OPS ? op : sweep_nop(&s));
                BenchKernel kern = {.symbol = "fetch", .body = buf_cstr(&body), .body_file = "<fetch>",
                                    .unroll = 1, .align = page, .offset = offset[k]};
                /* a round's figure is its two calls together (.whole, as icache's): the
                 * difference of the two amplified a change of the core's rate between them
                 * (this KVM guest on an AMD EPYC host, 2026-12-01: 0.83 cycles per iteration
                 * of a loop with a taken branch, N = 2 aligned, best of the quiet rounds,
                 * while the medians were 2.0); the calls' overhead (a call, two counter reads:
                 * some microseconds) over their 750,000 iterations is below 0.01 cycles */
                SweepRun run = {.iters = 250000, .copies_per_iter = 1, .whole = true};
                bool ok = sweep_point(&s, ser[k], &kern, &run, n, 0);
                buf_free(&body);
                if (!ok)
                    goto done;
            }
        }
    }
done:;
    double mid = lo + (hi - lo) / 2.0, width[NSER];
    static const char *const fname[NSER] = {"fetch width", "NOP rate", "cross-line width", "op rate"};
    for (int k = 0; k < NSER; k++) {
        SweepFinding *f = sweep_finding(&s, fname[k], s.series[ser[k]].name);
        f->bytes = false;
        f->off_axis = true;   /* instructions per cycle, not an N */
        width[k] = NAN;
        if (k == CROSS_PAGE || k == CROSS_LINE) {
            double w, conf, at[8];
            int nr;
            staircase(&s, &s.series[ser[k]], &s.series[ser[ALIGNED]], &w, &conf, at, &nr);
            if (nr < 3) {
                sweep_fnote(f, "not determined: %d step%s of a cycle where the loop is "
                         "slower than aligned (3 needed)", nr, nr == 1 ? "" : "s");
                continue;
            }
            char list[64] = "";
            for (int i = 0, len = 0; i < nr && i < 4 && len < (int)sizeof list; i++)
                len += snprintf(list + len, sizeof list - (size_t)len, "%s%.0f", i ? ", " : "", at[i]);
            f->value = width[k] = w, f->confidence = conf;
            sweep_fnote(f, "one cycle more every %.0f instructions (%.0f bytes): %d steps, "
                     "at N = %s%s; the share of step distances within 1 of it as the confidence",
                     w, 4 * w, nr, list, nr > 4 ? ", ..." : "");
            continue;
        }
        double slope, r2;
        int nout;
        fit(&s, &s.series[ser[k]], mid, &slope, &r2, &nout);
        char aside[48] = "";
        if (nout > 0)
            snprintf(aside, sizeof aside, "; %d disturbed point%s set aside", nout, nout > 1 ? "s" : "");
        if (isfinite(slope) && slope > 0 && r2 < 0.5) {
            /* most of the variation is not the line's: a width from it would be noise */
            sweep_fnote(f, "not determined: cycles per iteration over N >= %.0f do "
                     "not follow a line (R^2 %.3f, slope %.3f cycles per instruction%s)", mid, r2, slope, aside);
        } else if (isfinite(slope) && slope > 0) {
            f->value = width[k] = 1 / slope;
            f->confidence = r2;
            sweep_fnote(f, "instructions per cycle from the slope over N >= %.0f "
                     "(%.3f cycles per instruction, R^2 %.3f x the share of points kept as the confidence%s)",
                     mid, slope, r2, aside);
        } else if (isfinite(slope)) {
            sweep_fnote(f, "not determined: cycles per iteration do not grow with N "
                     "over N >= %.0f (slope %.3f): the loop is not bound by the rate of its instructions", mid, slope);
        } else {
            sweep_fnote(f, "not determined: too few points to fit a slope");
        }
    }
    /* the cost of crossing a page (a line): the median over the smallest N (up to 8 points, the
     * loop in one fetch block) of cross - aligned */
    double cost[2] = {NAN, NAN};
    for (int c = 0; c < 2; c++) {
        SweepSeries *A = &s.series[ser[c == 0 ? CROSS_PAGE : CROSS_LINE]], *B = &s.series[ser[ALIGNED]];
        int m = A->n < B->n ? A->n : B->n, nd = 0;
        double d[8];
        for (int i = 0; i < m && nd < 8; i++) {
            double v = sweep_y(&s, &A->pts[i]) - sweep_y(&s, &B->pts[i]);
            if (isfinite(v) && A->pts[i].x == B->pts[i].x)
                d[nd++] = v;
        }
        if (m == 0)
            continue;
        cost[c] = nd > 0 ? stats_median(d, (size_t)nd) : NAN;
        SweepFinding *f = sweep_finding(&s, c == 0 ? "page-crossing cost" : "line-crossing cost", "");
        f->cycles = cost[c];
        sweep_fnote(f, "median extra cycles per iteration over the %d smallest N when the "
                 "loop spans two %s (about 1 when %s cannot be crossed in one cycle)", nd,
                 c == 0 ? "pages" : "64-byte lines", c == 0 ? "a page" : "a line");
    }
    if (isfinite(cost[0]) && isfinite(cost[1]) && cost[0] > 0.5 && fabs(cost[0] - cost[1]) < 0.25)
        sweep_note(&s, "crossing a line in the middle of a page costs as much as crossing a page (%.2f and "
                       "%.2f cycles): the extra cycle is the line's, not the page's", cost[1], cost[0]);
    if (isfinite(width[ALIGNED]) && isfinite(width[OPS]) && width[ALIGNED] > 1.5 * width[OPS])
        sweep_note(&s, "NOPs go %.1f times as fast as '%s' (%.2f and %.2f per cycle): they are paired or "
                       "dropped before the narrowest stage, whose width is the op rate", width[ALIGNED] / width[OPS],
                   op, width[ALIGNED], width[OPS]);
    if (x86)
        sweep_note(&s, "x86-64 cores run small loops from a decoded-op cache: the widths are then that "
                       "path's (op-cache lines, dispatch), not those of the 16-32 byte fetch from the L1I");
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}

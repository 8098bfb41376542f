/* svg.c — the SVG line-plot writer (see svg.h).
 *
 * Layout: a plot area with margins for the title (top), y tick labels and y label (left), x tick
 * labels and x label (bottom).  Data space -> pixel space through one affine map per axis, on
 * log10 values for log axes.  Knee labels are placed top-down in rows so that neighbouring
 * labels do not overlap; text is XML-escaped. */
#include "util/svg.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define ROWS 12   /* rows of labels below the top of the plot (findings, then knees) */

static const char *palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};

typedef struct Axis {
    bool log;
    double lo, hi;              /* data range (in data units) */
    double p0, p1;              /* pixel range */
} Axis;

static double ax_map(const Axis *a, double v)
{
    double t;
    if (a->log)
        t = (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo));
    else
        t = (v - a->lo) / (a->hi - a->lo);
    return a->p0 + t * (a->p1 - a->p0);
}

static void esc(Buf *b, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': buf_puts(b, "&lt;"); break;
        case '>': buf_puts(b, "&gt;"); break;
        case '&': buf_puts(b, "&amp;"); break;
        case '"': buf_puts(b, "&quot;"); break;
        default: buf_putc(b, *s);
        }
    }
}

static void text(Buf *b, double x, double y, const char *anchor, int size, const char *extra,
                 const char *s)
{
    buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\"%s%s>", x, y,
               anchor, size, extra ? " " : "", extra ? extra : "");
    esc(b, s);
    buf_puts(b, "</text>\n");
}

void svg_fmt_bytes(char *out, size_t n, double v)
{
    static const char *unit[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (fabs(v) >= 1024 && u < 4)
        v /= 1024, u++;
    if (v == floor(v))
        snprintf(out, n, "%.0f %s", v, unit[u]);
    else
        snprintf(out, n, "%.3g %s", v, unit[u]);
}

static void fmt_num(char *out, size_t n, double v)
{
    if (v != 0 && ((fabs(v) >= 1e7 && v != floor(v)) || fabs(v) >= 1e9 || fabs(v) < 1e-3))
        snprintf(out, n, "%.3g", v);
    else if (v == floor(v))
        snprintf(out, n, "%.0f", v);
    else
        snprintf(out, n, "%.4g", v);
}

/* "nice" linear step: 1, 2 or 5 x 10^k giving about `want` intervals */
static double nice_step(double span, int want)
{
    double raw = span / want, p = pow(10, floor(log10(raw))), f = raw / p;
    return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

static int ticks(const Axis *a, bool bytes, double *t, int max)
{
    int n = 0;
    if (!a->log) {
        double st = nice_step(a->hi - a->lo, 6);
        for (double v = ceil(a->lo / st - 1e-9) * st; v <= a->hi + st * 1e-9 && n < max; v += st)
            t[n++] = fabs(v) < st * 1e-9 ? 0 : v;
        return n;
    }
    double l2lo = log2(a->lo), l2hi = log2(a->hi);
    if (bytes || l2hi - l2lo <= 20) {   /* powers of two, every k-th */
        int k = 1;
        while ((l2hi - l2lo) / k > 15)
            k++;
        for (int e = (int)ceil(l2lo - 1e-9); e <= (int)floor(l2hi + 1e-9) && n < max; e++)
            if (e % k == 0 || k == 1)
                t[n++] = ldexp(1, e);
        return n;
    }
    for (int e = (int)ceil(log10(a->lo) - 1e-9); e <= (int)floor(log10(a->hi) + 1e-9) && n < max; e++)
        t[n++] = pow(10, e);
    return n;
}

static void log_ticks_125(const Axis *a, double *t, int *n, int max)
{
    static const int mant[] = {1, 2, 5};
    *n = 0;
    for (int e = (int)floor(log10(a->lo)) - 1; e <= (int)ceil(log10(a->hi)); e++)
        for (int k = 0; k < 3; k++) {
            double v = mant[k] * pow(10, e);
            if (v >= a->lo * (1 - 1e-9) && v <= a->hi * (1 + 1e-9) && *n < max)
                t[(*n)++] = v;
        }
}

/* How much of the data a box (x0, y0, w, h in pixels) covers: the series' points and 8 samples
 * along each segment between them that fall inside it. */
static long legend_cover(const SvgPlot *p, const Axis *X, const Axis *Y, double x0, double y0, double w, double h)
{
    long n = 0;
    for (int s = 0; s < p->nseries; s++) {
        const SvgSeries *S = &p->series[s];
        double px = NAN, py = NAN;
        for (int i = 0; i < S->n; i++) {
            if (!isfinite(S->x[i]) || !isfinite(S->y[i]) || (Y->log && S->y[i] <= 0) || (X->log && S->x[i] <= 0))
                continue;
            double qx = ax_map(X, S->x[i]), qy = ax_map(Y, S->y[i]);
            for (int k = isfinite(px) ? 1 : 8; k <= 8; k++) {
                double t = k / 8.0, ux = isfinite(px) ? px + (qx - px) * t : qx, uy = isfinite(py) ? py + (qy - py) * t : qy;
                n += ux >= x0 - 3 && ux <= x0 + w + 3 && uy >= y0 - 3 && uy <= y0 + h + 3;
            }
            px = qx, py = qy;
        }
    }
    return n;
}

void svg_plot(Buf *b, const SvgPlot *p)
{
    int W = p->width > 0 ? p->width : 900, H = p->height > 0 ? p->height : 540;
    double ml = 78, mr = 24, mt = p->subtitle ? 66 : 48, mbot = 62;

    /* data ranges */
    /* with a log y axis asked for, values <= 0 (a noisy difference) are left out, not the axis */
    bool ylog_asked = p->yscale == SVG_LOG;
    double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;
    for (int s = 0; s < p->nseries; s++) {
        const SvgSeries *S = &p->series[s];
        for (int i = 0; i < S->n; i++) {
            if (!isfinite(S->x[i]) || !isfinite(S->y[i]) || (ylog_asked && S->y[i] <= 0))
                continue;
            xmin = fmin(xmin, S->x[i]), xmax = fmax(xmax, S->x[i]);
            double lo = S->lo && isfinite(S->lo[i]) ? S->lo[i] : S->y[i];
            double hi = S->hi && isfinite(S->hi[i]) ? S->hi[i] : S->y[i];
            if (ylog_asked && lo <= 0)
                lo = S->y[i];
            ymin = fmin(ymin, fmin(lo, S->y[i])), ymax = fmax(ymax, fmax(hi, S->y[i]));
        }
    }
    if (!isfinite(xmin))
        xmin = 0, xmax = 1;
    if (!isfinite(ymin))
        ymin = 0, ymax = 1;

    Axis X = {.p0 = ml, .p1 = W - mr}, Y = {.p0 = H - mbot, .p1 = mt};
    X.log = p->xscale == SVG_LOG || (p->xscale == SVG_AUTO && xmin > 0 && xmax / xmin >= 100);
    if (X.log && xmin <= 0)
        X.log = false;
    if (X.log) {
        X.lo = xmin / 1.08, X.hi = xmax * 1.08;
    } else {
        double pad = (xmax - xmin) * 0.03;
        if (pad == 0)
            pad = fabs(xmax) > 0 ? fabs(xmax) * 0.1 : 1;
        X.lo = xmin - pad, X.hi = xmax + pad;
    }
    Y.log = p->yscale == SVG_LOG || (p->yscale == SVG_AUTO && ymin > 0 && ymax / ymin > 30);
    if (Y.log && ymin <= 0)
        Y.log = false;
    if (Y.log) {
        Y.lo = ymin / 1.15, Y.hi = ymax * 1.6;   /* headroom for knee labels */
    } else {
        double span = ymax - ymin;
        if (span == 0)
            span = fabs(ymax) > 0 ? fabs(ymax) * 0.2 : 1;
        Y.lo = (p->y_from_zero && ymin >= 0) ? 0 : ymin - span * 0.05;
        Y.hi = ymax + span * 0.25;
    }
    /* more labels than the headroom holds (a row of 16 px each): the data keep below them, in
     * at least the lower 55 % of the plot */
    {
        int rows = p->nknees < ROWS ? p->nknees : ROWS;
        double f = (20.0 + 16.0 * rows) / (Y.p0 - Y.p1);
        if (f > 0.45)
            f = 0.45;
        if (Y.log) {
            double lhi = (log(ymax) - f * log(Y.lo)) / (1 - f);
            if (lhi > log(Y.hi))
                Y.hi = exp(lhi);
        } else {
            double hi = (ymax - f * Y.lo) / (1 - f);
            if (hi > Y.hi)
                Y.hi = hi;
        }
    }

    buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                  "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
               W, H, W, H);
    buf_printf(b, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H);
    if (p->title)
        text(b, W / 2.0, 24, "middle", 16, "font-weight=\"bold\"", p->title);
    if (p->subtitle)
        text(b, W / 2.0, 44, "middle", 11, "fill=\"#555\"", p->subtitle);

    /* grid + ticks */
    double t[64];
    int nt = ticks(&X, p->x_bytes, t, 64);
    char lab[64];
    buf_puts(b, "<g class=\"x-axis\">\n");
    for (int i = 0; i < nt; i++) {
        double px = ax_map(&X, t[i]);
        buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>\n",
                   px, Y.p1, px, Y.p0);
        buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n",
                   px, Y.p0, px, Y.p0 + 5);
        if (p->x_bytes)
            svg_fmt_bytes(lab, sizeof lab, t[i]);
        else
            fmt_num(lab, sizeof lab, t[i]);
        text(b, px, Y.p0 + 19, "middle", 11, NULL, lab);
    }
    buf_puts(b, "</g>\n<g class=\"y-axis\">\n");
    if (Y.log)
        log_ticks_125(&Y, t, &nt, 64);
    else
        nt = ticks(&Y, false, t, 64);
    for (int i = 0; i < nt; i++) {
        double py = ax_map(&Y, t[i]);
        buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>\n",
                   X.p0, py, X.p1, py);
        buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n",
                   X.p0 - 5, py, X.p0, py);
        fmt_num(lab, sizeof lab, t[i]);
        text(b, X.p0 - 8, py + 4, "end", 11, NULL, lab);
    }
    buf_puts(b, "</g>\n");
    buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
                  "stroke=\"black\"/>\n", X.p0, Y.p1, X.p1 - X.p0, Y.p0 - Y.p1);
    if (p->xlabel) {
        char xl[256];
        snprintf(xl, sizeof xl, "%s%s", p->xlabel, X.log ? " (log scale)" : "");
        text(b, (X.p0 + X.p1) / 2, H - 16, "middle", 13, NULL, xl);
    }
    if (p->ylabel) {
        char tr[96];
        double cy = (Y.p0 + Y.p1) / 2;
        snprintf(tr, sizeof tr, "transform=\"rotate(-90 18 %.1f)\"", cy);
        char yl[256];
        snprintf(yl, sizeof yl, "%s%s", p->ylabel, Y.log ? " (log scale)" : "");
        text(b, 18, cy, "middle", 13, tr, yl);
    }

    /* clip the data to the plot area */
    buf_printf(b, "<clipPath id=\"plotarea\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                  "height=\"%.1f\"/></clipPath>\n<g clip-path=\"url(#plotarea)\">\n",
               X.p0, Y.p1, X.p1 - X.p0, Y.p0 - Y.p1);
    for (int i = 0; i < p->nlevels; i++) {
        const SvgLevel *L = &p->levels[i];
        if (!(L->y > 0) && Y.log)
            continue;
        buf_printf(b, "<line class=\"level\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                      "stroke=\"#999\" stroke-width=\"6\" stroke-opacity=\"0.35\"/>\n",
                   ax_map(&X, L->x0), ax_map(&Y, L->y), ax_map(&X, L->x1), ax_map(&Y, L->y));
    }
    for (int s = 0; s < p->nseries; s++) {
        const SvgSeries *S = &p->series[s];
        const char *col = palette[s % ARRAY_LEN(palette)];
        if (S->lo && S->hi)
            for (int i = 0; i < S->n; i++) {
                if (!isfinite(S->x[i]) || !isfinite(S->lo[i]) || !isfinite(S->hi[i]))
                    continue;
                if (Y.log && (S->lo[i] <= 0 || S->hi[i] <= 0))
                    continue;
                double px = ax_map(&X, S->x[i]);
                buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                              "stroke-opacity=\"0.4\"/>\n",
                           px, ax_map(&Y, S->lo[i]), px, ax_map(&Y, S->hi[i]), col);
            }
        buf_printf(b, "<polyline class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" "
                      "points=\"", col);
        for (int i = 0; i < S->n; i++)
            if (isfinite(S->x[i]) && isfinite(S->y[i]) && (!Y.log || S->y[i] > 0))
                buf_printf(b, "%.1f,%.1f ", ax_map(&X, S->x[i]), ax_map(&Y, S->y[i]));
        buf_puts(b, "\"/>\n");
        for (int i = 0; i < S->n; i++)
            if (isfinite(S->x[i]) && isfinite(S->y[i]) && (!Y.log || S->y[i] > 0))
                buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.6\" fill=\"%s\"/>\n",
                           ax_map(&X, S->x[i]), ax_map(&Y, S->y[i]), col);
    }
    buf_puts(b, "</g>\n");

    /* knees: dashed vertical line, a ring on the curve, a label in a free row near the top */
    double row_end[ROWS];
    for (int r = 0; r < ROWS; r++)
        row_end[r] = -1e9;
    /* findings without a position first: one row each at the left (the knee labels keep out) */
    int nrow = 0;
    for (int i = 0; i < p->nknees && nrow < ROWS / 2; i++) {
        const SvgKnee *K = &p->knees[i];
        if (isfinite(K->x) || !K->label)
            continue;
        double w = 6.3 * (double)strlen(K->label) + 8, ly = Y.p1 + 16 + nrow * 16;
        buf_printf(b, "<g class=\"finding\">\n<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                      "height=\"15\" fill=\"white\" fill-opacity=\"0.85\"/>\n", X.p0 + 4, ly - 11.5, w);
        text(b, X.p0 + 8, ly, "start", 11, NULL, K->label);
        buf_puts(b, "</g>\n");
        row_end[nrow++] = X.p0 + 4 + w;
    }
    int rows_used = nrow;
    for (int i = 0; i < p->nknees; i++) {
        const SvgKnee *K = &p->knees[i];
        if (!isfinite(K->x) || (X.log && K->x <= 0))
            continue;
        double px = ax_map(&X, K->x);
        double w = 6.3 * (K->label ? (double)strlen(K->label) : 0) + 8;
        int r = 0;
        bool right = px + w < X.p1;   /* label to the right of the line when it fits */
        double x0 = right ? px + 4 : px - 4 - w;
        while (r < ROWS && row_end[r] > x0)
            r++;
        bool labelled = r < ROWS && K->label;   /* no free row: the marker without its label */
        if (labelled) {
            row_end[r] = x0 + w;
            if (r + 1 > rows_used)
                rows_used = r + 1;
        }
        double ly = Y.p1 + 16 + r * 16;
        buf_printf(b, "<g class=\"knee\">\n<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                      "stroke=\"#444\" stroke-dasharray=\"5,4\"/>\n",
                   px, Y.p1, px, Y.p0);
        if (isfinite(K->y) && (!Y.log || K->y > 0))
            buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"none\" stroke=\"black\" "
                          "stroke-width=\"1.5\"/>\n", px, ax_map(&Y, K->y));
        if (labelled) {
            buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"15\" fill=\"white\" "
                          "fill-opacity=\"0.85\"/>\n", x0, ly - 11.5, w);
            text(b, right ? x0 + 4 : x0 + w - 4, ly, right ? "start" : "end", 11, NULL, K->label);
        }
        buf_puts(b, "</g>\n");
    }

    /* legend: inside the plot where it covers the fewest data (bottom right when free) */
    if (p->nseries > 1 || (p->nseries == 1 && p->series[0].name)) {
        double lw = 0;
        for (int s = 0; s < p->nseries; s++)
            if (p->series[s].name)
                lw = fmax(lw, 6.5 * strlen(p->series[s].name));
        double bw = lw + 44, bh = 18.0 * p->nseries + 8;
        double below = Y.p1 + 16 + rows_used * 16;   /* under the label rows */
        double cx[2] = {X.p1 - bw - 6, X.p0 + 10};
        double cy[3] = {Y.p0 - bh - 8, below, (Y.p0 + below - bh) / 2};
        double bx = cx[0], by = cy[0];
        long best = -1;
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 2; i++) {
                double x0 = cx[i], y0 = cy[j];
                if (y0 < below - 1 || y0 + bh > Y.p0)
                    continue;
                long n = legend_cover(p, &X, &Y, x0, y0, bw, bh);
                if (best < 0 || n < best)
                    best = n, bx = x0, by = y0;
            }
        double lx = bx + 6, ly = by + 4;
        buf_printf(b, "<g class=\"legend\">\n<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                      "height=\"%.0f\" fill=\"white\" stroke=\"#bbb\"/>\n",
                   bx, by, bw, bh);
        for (int s = 0; s < p->nseries; s++) {
            double yy = ly + 18 * s + 9;
            buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                          "stroke-width=\"2\"/>\n",
                       lx, yy, lx + 24, yy, palette[s % ARRAY_LEN(palette)]);
            text(b, lx + 30, yy + 4, "start", 11, NULL, p->series[s].name ? p->series[s].name : "");
        }
        buf_puts(b, "</g>\n");
    }
    buf_puts(b, "</svg>\n");
}

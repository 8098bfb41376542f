/* svg.c — the SVG line-plot writer (see svg.h).
 *
 * Layout (svg_layout): a plot area with margins for the title (top), y tick labels and y label
 * (left), x tick labels and x label (bottom), and the key of the knees under it.  Data space ->
 * pixel space through one affine map per axis, on log10 values for log axes.  The y range leaves
 * out isolated spikes (a point more than three robust spreads beyond all of its neighbours).
 * Knee tags are placed one after the other in x order, each at the nearest spot around its ring
 * that is inside the plot, clear of the tags already placed and of the other rings, preferring
 * spots that cover few data; the legend then takes the corner that covers the fewest data and no
 * tag.  svg_plot draws the layout; text is XML-escaped. */
#include "util/svg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHAR_W 6.3      /* the width of a character of 11 px text, about */
#define KEY_ROW 17.0    /* a line of the key */
#define SPIKE_K 3.0     /* a spike: this many robust spreads beyond all of its neighbours */

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

static bool box_hit(SvgBox a, SvgBox b, double gap)
{
    return a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
}

static bool box_in(SvgBox a, SvgBox area, double gap)
{
    return a.x >= area.x + gap && a.y >= area.y + gap && a.x + a.w <= area.x + area.w - gap &&
           a.y + a.h <= area.y + area.h - gap;
}

static bool point_ok(const Axis *X, const Axis *Y, double x, double y)
{
    return isfinite(x) && isfinite(y) && (!X->log || x > 0) && (!Y->log || y > 0);
}

/* How much of the data a box covers: the series' points inside it and 8 samples along each
 * segment between them. */
static long cover(const SvgPlot *p, const Axis *X, const Axis *Y, SvgBox bx)
{
    long n = 0;
    for (int s = 0; s < p->nseries; s++) {
        const SvgSeries *S = &p->series[s];
        double px = NAN, py = NAN;
        for (int i = 0; i < S->n; i++) {
            if (!point_ok(X, Y, S->x[i], S->y[i]))
                continue;
            double qx = ax_map(X, S->x[i]), qy = ax_map(Y, S->y[i]);
            for (int k = isfinite(px) ? 1 : 8; k <= 8; k++) {
                double t = k / 8.0, ux = isfinite(px) ? px + (qx - px) * t : qx, uy = isfinite(py) ? py + (qy - py) * t : qy;
                n += ux >= bx.x - 3 && ux <= bx.x + bx.w + 3 && uy >= bx.y - 3 && uy <= bx.y + bx.h + 3;
            }
            px = qx, py = qy;
        }
    }
    return n;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* a y value in the space of the axis (log10 on a log axis); NAN when it has no place there */
static double yspace(double v, bool log)
{
    return !isfinite(v) || (log && v <= 0) ? NAN : log ? log10(v) : v;
}

/* the excess of point i over (or under) all of its neighbours (two on each side, at least one
 * on each side; NAN when it has not) in axis space */
static double excess(const SvgSeries *S, int i, bool log)
{
    double v = yspace(S->y[i], log), lo = INFINITY, hi = -INFINITY;
    if (!isfinite(v) || !isfinite(S->x[i]))
        return NAN;
    int left = 0, right = 0;
    for (int j = i - 2; j <= i + 2; j++) {
        double w = j >= 0 && j < S->n && j != i && isfinite(S->x[j]) ? yspace(S->y[j], log) : NAN;
        if (isfinite(w))
            lo = fmin(lo, w), hi = fmax(hi, w), left += j < i, right += j > i;
    }
    return left && right ? fmax(v - hi, lo - v) : NAN;
}

/* Isolated spikes (out[s][i]): a point beyond all of its neighbours by more than SPIKE_K times
 * the noise (the median step between consecutive points, with a floor), at most one point in
 * ten, and only when it lies beyond the range of the other points by more than a quarter of
 * that range: a spike that would not stretch the axis stays on it. */
static void find_spikes(const SvgPlot *p, bool log, bool **out)
{
    int total = 0;
    for (int s = 0; s < p->nseries; s++) {
        memset(out[s], 0, sizeof(bool) * (size_t)(p->series[s].n > 0 ? p->series[s].n : 0));
        total += p->series[s].n;
    }
    if (total < 5)
        return;
    double *d = xmalloc(sizeof(double) * (size_t)total), *v = xmalloc(sizeof(double) * (size_t)total);
    int nd = 0, nv = 0;
    for (int s = 0; s < p->nseries; s++) {
        const SvgSeries *S = &p->series[s];
        double prev = NAN;
        for (int i = 0; i < S->n; i++) {
            double t = isfinite(S->x[i]) ? yspace(S->y[i], log) : NAN;
            if (!isfinite(t))
                continue;
            v[nv++] = fabs(t);
            if (isfinite(prev))
                d[nd++] = fabs(t - prev);
            prev = t;
        }
    }
    if (nv < 5) {
        free(d), free(v);
        return;
    }
    qsort(d, (size_t)nd, sizeof *d, cmp_double);
    qsort(v, (size_t)nv, sizeof *v, cmp_double);
    double noise = fmax(nd ? d[nd / 2] : 0, log ? 0.02 : 0.02 * v[nv / 2]);
    if (!(noise > 0))
        noise = 1e-12;
    /* the candidates, the largest `cap` excesses only */
    int cap = nv / 10 > 1 ? nv / 10 : 1, ne = 0;
    for (int s = 0; s < p->nseries; s++)
        for (int i = 0; i < p->series[s].n; i++) {
            double e = excess(&p->series[s], i, log);
            if (e > SPIKE_K * noise)
                d[ne++] = e;
        }
    double bar = SPIKE_K * noise;
    if (ne > cap) {
        qsort(d, (size_t)ne, sizeof *d, cmp_double);
        bar = fmax(bar, d[ne - cap]);
    }
    /* the range of the others */
    double lo = INFINITY, hi = -INFINITY;
    int nc = 0;
    for (int s = 0; s < p->nseries; s++)
        for (int i = 0; i < p->series[s].n; i++) {
            double e = excess(&p->series[s], i, log), t = yspace(p->series[s].y[i], log);
            out[s][i] = e > SPIKE_K * noise && e >= bar && nc < cap;
            nc += out[s][i];
            if (!out[s][i] && isfinite(t) && isfinite(p->series[s].x[i]))
                lo = fmin(lo, t), hi = fmax(hi, t);
        }
    double span = fmax(hi - lo, log ? 0.3 : 0.2 * fmax(fabs(lo), fabs(hi)));
    for (int s = 0; s < p->nseries; s++)
        for (int i = 0; i < p->series[s].n; i++) {
            double t = yspace(p->series[s].y[i], log);
            if (out[s][i] && t >= lo - span / 4 && t <= hi + span / 4)
                out[s][i] = false;
        }
    free(d), free(v);
}

/* the data extremes (values, not axis space) of the points not flagged; whiskers count up to a
 * quarter of the span beyond them */
static void y_extent(const SvgPlot *p, bool log, bool **spike, double *ymin, double *ymax)
{
    double lo = INFINITY, hi = -INFINITY, wlo = INFINITY, whi = -INFINITY;
    for (int s = 0; s < p->nseries; s++) {
        const SvgSeries *S = &p->series[s];
        for (int i = 0; i < S->n; i++) {
            double v = yspace(S->y[i], log);
            if (!isfinite(v) || !isfinite(S->x[i]) || spike[s][i])
                continue;
            lo = fmin(lo, v), hi = fmax(hi, v);
            double a = S->lo ? yspace(S->lo[i], log) : NAN, b = S->hi ? yspace(S->hi[i], log) : NAN;
            if (isfinite(a))
                wlo = fmin(wlo, a);
            if (isfinite(b))
                whi = fmax(whi, b);
        }
    }
    if (isfinite(lo)) {
        double q = (hi - lo) * 0.25;
        lo = fmin(lo, fmax(wlo, lo - q)), hi = fmax(hi, fmin(whi, hi + q));
    }
    *ymin = log && isfinite(lo) ? pow(10, lo) : lo;
    *ymax = log && isfinite(hi) ? pow(10, hi) : hi;
}

static int digits(int n)
{
    return n >= 10 ? 2 : 1;
}

void svg_layout(const SvgPlot *p, SvgLayout *l)
{
    memset(l, 0, sizeof *l);
    int W = p->width > 0 ? p->width : 900, H = p->height > 0 ? p->height : 540;
    double ml = 78, mr = 24, mt = p->subtitle ? 66 : 48, mbot = 62;
    l->width = W;

    /* x range */
    double xmin = INFINITY, xmax = -INFINITY;
    for (int s = 0; s < p->nseries; s++)
        for (int i = 0; i < p->series[s].n; i++)
            if (isfinite(p->series[s].x[i]) && isfinite(p->series[s].y[i]))
                xmin = fmin(xmin, p->series[s].x[i]), xmax = fmax(xmax, p->series[s].x[i]);
    if (!isfinite(xmin))
        xmin = 0, xmax = 1;
    Axis X = {.p0 = ml, .p1 = W - mr}, Y = {.p0 = H - mbot, .p1 = mt};
    X.log = (p->xscale == SVG_LOG || (p->xscale == SVG_AUTO && xmax / xmin >= 100)) && xmin > 0;
    if (X.log) {
        X.lo = xmin / 1.08, X.hi = xmax * 1.08;
    } else {
        double pad = (xmax - xmin) * 0.03;
        if (pad == 0)
            pad = fabs(xmax) > 0 ? fabs(xmax) * 0.1 : 1;
        X.lo = xmin - pad, X.hi = xmax + pad;
    }

    /* y range: the data but isolated spikes (found on the scale asked for, then again on a log
     * scale chosen for the rest); with a log axis asked for, values <= 0 (a noisy difference)
     * are left out, not the axis */
    bool **spike = xmalloc(sizeof(bool *) * (size_t)(p->nseries > 0 ? p->nseries : 1));
    for (int s = 0; s < p->nseries; s++)
        spike[s] = xcalloc((size_t)(p->series[s].n > 0 ? p->series[s].n : 1), sizeof(bool));
    bool ylog = p->yscale == SVG_LOG;
    double ymin, ymax;
    find_spikes(p, ylog, spike);
    y_extent(p, ylog, spike, &ymin, &ymax);
    if (p->yscale == SVG_AUTO && ymin > 0 && ymax / ymin > 30) {
        ylog = true;
        find_spikes(p, true, spike);
        y_extent(p, true, spike, &ymin, &ymax);
    }
    if (!isfinite(ymin))
        ymin = ylog ? 1 : 0, ymax = ylog ? 10 : 1;
    Y.log = ylog && ymin > 0;
    if (Y.log) {
        Y.lo = ymin / 1.15, Y.hi = ymax * 1.35;   /* room for tags above the curve */
    } else {
        double span = ymax - ymin;
        if (span == 0)
            span = fabs(ymax) > 0 ? fabs(ymax) * 0.2 : 1;
        Y.lo = (p->y_from_zero && ymin >= 0) ? 0 : ymin - span * 0.05;
        Y.hi = ymax + span * 0.15;
    }
    for (int s = 0; s < p->nseries; s++) {
        for (int i = 0; i < p->series[s].n; i++)
            l->nout += spike[s][i] && point_ok(&X, &Y, p->series[s].x[i], p->series[s].y[i]);
        free(spike[s]);
    }
    free(spike);
    l->xlog = X.log, l->ylog = Y.log, l->xlo = X.lo, l->xhi = X.hi, l->ylo = Y.lo, l->yhi = Y.hi;
    SvgBox area = {X.p0, Y.p1, X.p1 - X.p0, Y.p0 - Y.p1};
    l->area = area;

    /* knees: rings on the curves, numbered in x order */
    int order[SVG_MAX_MARKS], nk = p->nknees < SVG_MAX_MARKS ? p->nknees : SVG_MAX_MARKS, npos = 0;
    for (int i = 0; i < nk; i++) {
        const SvgKnee *K = &p->knees[i];
        l->mx[i] = l->my[i] = NAN;
        if (!isfinite(K->x) || (X.log && K->x <= 0))
            continue;
        l->mx[i] = ax_map(&X, K->x);
        if (isfinite(K->y) && (!Y.log || K->y > 0) && K->y >= Y.lo && K->y <= Y.hi)
            l->my[i] = ax_map(&Y, K->y);
        int j = npos++;
        for (; j > 0 && p->knees[order[j - 1]].x > K->x; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    SvgBox placed[SVG_MAX_MARKS];
    int nplaced = 0;
    static const double dirs[][2] = {{0, -1}, {0.7, -0.7}, {-0.7, -0.7}, {1, 0}, {-1, 0},
                                     {0, 1}, {0.7, 0.7}, {-0.7, 0.7}};
    static const double dist[] = {18, 28, 40, 54, 70, 88, 108, 132, 162, 200, 250};
    for (int k = 0; k < npos; k++) {
        int i = order[k];
        l->num[i] = k + 1;
        double w = 8 + 6.5 * digits(k + 1), h = 15;
        /* the anchor: the ring, or (no y on the axis) the top of the knee's line */
        double ax = l->mx[i], ay = isfinite(l->my[i]) ? l->my[i] : area.y + 14;
        SvgBox best = {0, 0, 0, 0};
        double best_cost = INFINITY;
        for (int d = 0; d < (int)ARRAY_LEN(dist); d++)
            for (int a = 0; a < (int)ARRAY_LEN(dirs); a++) {
                SvgBox c = {ax + dirs[a][0] * dist[d] - w / 2, ay + dirs[a][1] * dist[d] - h / 2, w, h};
                if (!box_in(c, area, 2))
                    continue;
                bool hit = false;
                for (int q = 0; q < nplaced && !hit; q++)
                    hit = box_hit(c, placed[q], 3);
                for (int q = 0; q < nk && !hit; q++)   /* the rings (r 6) */
                    hit = isfinite(l->my[q]) && box_hit(c, (SvgBox){l->mx[q] - 7, l->my[q] - 7, 14, 14}, 1);
                if (hit)
                    continue;
                double cost = dist[d] / 12.0 + 4.0 * (double)cover(p, &X, &Y, c) + (a >= 5 ? 1 : 0);
                if (cost < best_cost)
                    best_cost = cost, best = c;
            }
        if (!(best.w > 0))   /* crowded: any free spot of the plot, the nearest */
            for (double y = area.y + 3; y + h < area.y + area.h - 2; y += h + 3)
                for (double x = area.x + 3; x + w < area.x + area.w - 2; x += w + 3) {
                    SvgBox c = {x, y, w, h};
                    bool hit = false;
                    for (int q = 0; q < nplaced && !hit; q++)
                        hit = box_hit(c, placed[q], 3);
                    double cost = hypot(x + w / 2 - ax, y + h / 2 - ay);
                    if (!hit && cost < best_cost)
                        best_cost = cost, best = c;
                }
        l->tag[i] = best;
        if (best.w > 0)
            placed[nplaced++] = best;
    }

    /* the legend: where it covers the fewest data and no tag */
    if (p->nseries > 1 || (p->nseries == 1 && p->series[0].name)) {
        double lw = 0;
        for (int s = 0; s < p->nseries; s++)
            if (p->series[s].name)
                lw = fmax(lw, 6.5 * (double)strlen(p->series[s].name));
        double bw = lw + 44, bh = 18.0 * p->nseries + 8;
        double cx[3] = {X.p1 - bw - 6, X.p0 + 10, (X.p0 + X.p1 - bw) / 2};
        double cy[3] = {Y.p0 - bh - 8, Y.p1 + 8, (Y.p0 + Y.p1 - bh) / 2};
        long best = -1;
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 3; i++) {
                SvgBox c = {cx[i], cy[j], bw, bh};
                long n = cover(p, &X, &Y, c) + (i == 2 || j == 2);   /* corners first */
                for (int q = 0; q < nplaced; q++)
                    n += box_hit(c, placed[q], 2) ? 100000 : 0;
                for (int q = 0; q < nk; q++)
                    n += isfinite(l->my[q]) && box_hit(c, (SvgBox){l->mx[q] - 7, l->my[q] - 7, 14, 14}, 1) ? 1000 : 0;
                if (best < 0 || n < best)
                    best = n, l->legend = c;
            }
    }

    /* the key under the plot: the numbered knees in order, then the findings without a position */
    int kidx[SVG_MAX_MARKS], nkey = 0;
    for (int k = 0; k < npos; k++)
        if (p->knees[order[k]].label)
            kidx[nkey++] = order[k];
    for (int i = 0; i < nk; i++)
        if (l->num[i] == 0 && p->knees[i].label)
            kidx[nkey++] = i;
    double colw = 0;
    for (int k = 0; k < nkey; k++)
        colw = fmax(colw, 30 + CHAR_W * (double)strlen(p->knees[kidx[k]].label));
    int ncols = colw > 0 && 2 * colw + 24 <= area.w ? 2 : 1;
    int rows = (nkey + ncols - 1) / ncols;
    double top = H + 2;
    for (int k = 0; k < nkey; k++) {
        int c = k / rows, r = k % rows;
        l->key[kidx[k]] = (SvgBox){area.x + c * (area.w / ncols), top + r * KEY_ROW,
                                   30 + CHAR_W * (double)strlen(p->knees[kidx[k]].label), KEY_ROW - 2};
    }
    l->height = H + (rows ? (int)ceil(rows * KEY_ROW + 10) : 0);
}

static void tag(Buf *b, SvgBox t, const char *col, int num)
{
    char s[16];
    snprintf(s, sizeof s, "%d", num);
    buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"7\" fill=\"white\" "
                  "stroke=\"%s\" stroke-width=\"1.5\"/>\n", t.x, t.y, t.w, t.h, col);
    text(b, t.x + t.w / 2, t.y + t.h - 3.5, "middle", 11, "font-weight=\"bold\"", s);
}

void svg_plot(Buf *b, const SvgPlot *p)
{
    SvgLayout L;
    svg_layout(p, &L);
    int W = L.width, H = L.height;
    Axis X = {L.xlog, L.xlo, L.xhi, L.area.x, L.area.x + L.area.w};
    Axis Y = {L.ylog, L.ylo, L.yhi, L.area.y + L.area.h, L.area.y};

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
    double plot_bottom = L.area.y + L.area.h + 62;   /* the x label's baseline + 16 */
    if (p->xlabel) {
        char xl[256];
        snprintf(xl, sizeof xl, "%s%s", p->xlabel, X.log ? " (log scale)" : "");
        text(b, (X.p0 + X.p1) / 2, plot_bottom - 16, "middle", 13, NULL, xl);
    }
    if (p->ylabel) {
        char tr[96];
        double cy = (Y.p0 + Y.p1) / 2;
        snprintf(tr, sizeof tr, "transform=\"rotate(-90 18 %.1f)\"", cy);
        char yl[256];
        snprintf(yl, sizeof yl, "%s%s", p->ylabel, Y.log ? " (log scale)" : "");
        text(b, 18, cy, "middle", 13, tr, yl);
    }

    /* the data, clipped to the plot area */
    buf_printf(b, "<clipPath id=\"plotarea\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                  "height=\"%.1f\"/></clipPath>\n<g clip-path=\"url(#plotarea)\">\n",
               X.p0, Y.p1, X.p1 - X.p0, Y.p0 - Y.p1);
    for (int i = 0; i < p->nlevels; i++) {
        const SvgLevel *V = &p->levels[i];
        if (!(V->y > 0) && Y.log)
            continue;
        buf_printf(b, "<line class=\"level\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                      "stroke=\"#999\" stroke-width=\"6\" stroke-opacity=\"0.35\"/>\n",
                   ax_map(&X, V->x0), ax_map(&Y, V->y), ax_map(&X, V->x1), ax_map(&Y, V->y));
    }
    /* knees: a thin line down to the x axis (drawn under the curves) */
    for (int i = 0; i < p->nknees && i < SVG_MAX_MARKS; i++)
        if (isfinite(L.mx[i]))
            buf_printf(b, "<line class=\"knee-x\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                          "stroke=\"#777\" stroke-dasharray=\"3,3\"/>\n",
                       L.mx[i], isfinite(L.my[i]) ? L.my[i] : Y.p1, L.mx[i], Y.p0);
    for (int s = 0; s < p->nseries; s++) {
        const SvgSeries *S = &p->series[s];
        const char *col = palette[s % ARRAY_LEN(palette)];
        if (S->lo && S->hi)
            for (int i = 0; i < S->n; i++) {
                if (!isfinite(S->x[i]) || !isfinite(S->lo[i]) || !isfinite(S->hi[i]))
                    continue;
                if ((Y.log && (S->lo[i] <= 0 || S->hi[i] <= 0)) || (X.log && S->x[i] <= 0))
                    continue;
                double px = ax_map(&X, S->x[i]);
                buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                              "stroke-opacity=\"0.4\"/>\n",
                           px, ax_map(&Y, S->lo[i]), px, ax_map(&Y, S->hi[i]), col);
            }
        buf_printf(b, "<polyline class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" "
                      "points=\"", col);
        for (int i = 0; i < S->n; i++)
            if (point_ok(&X, &Y, S->x[i], S->y[i]))
                buf_printf(b, "%.1f,%.1f ", ax_map(&X, S->x[i]), ax_map(&Y, S->y[i]));
        buf_puts(b, "\"/>\n");
        for (int i = 0; i < S->n; i++)
            if (point_ok(&X, &Y, S->x[i], S->y[i]))
                buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.6\" fill=\"%s\"/>\n",
                           ax_map(&X, S->x[i]), ax_map(&Y, S->y[i]), col);
    }
    buf_puts(b, "</g>\n");

    /* points off the y range: a triangle at the edge, the value beside it */
    for (int s = 0; s < p->nseries; s++) {
        const SvgSeries *S = &p->series[s];
        const char *col = palette[s % ARRAY_LEN(palette)];
        for (int i = 0; i < S->n; i++) {
            if (!point_ok(&X, &Y, S->x[i], S->y[i]) || (S->y[i] >= Y.lo && S->y[i] <= Y.hi))
                continue;
            bool up = S->y[i] > Y.hi;
            double px = ax_map(&X, S->x[i]), py = up ? Y.p1 + 2 : Y.p0 - 2, d = up ? 9 : -9;
            buf_printf(b, "<g class=\"off-axis\">\n<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
                          "fill=\"%s\"/>\n", px, py, px - 5, py + d, px + 5, py + d, col);
            fmt_num(lab, sizeof lab, S->y[i]);
            char v[80];
            snprintf(v, sizeof v, "%s%s", up ? "\xe2\x86\x91" : "\xe2\x86\x93", lab);
            text(b, px + 7, up ? py + 9 : py - 1, "start", 10, "fill=\"#333\"", v);
            buf_puts(b, "</g>\n");
        }
    }

    /* knees: the ring on the curve, the numbered tag with its leader */
    for (int i = 0; i < p->nknees && i < SVG_MAX_MARKS; i++) {
        if (!isfinite(L.mx[i]))
            continue;
        const SvgKnee *K = &p->knees[i];
        const char *col = K->series > 0 ? palette[(K->series - 1) % ARRAY_LEN(palette)] : "#222";
        buf_puts(b, "<g class=\"knee\">\n");
        double ax = L.mx[i], ay = isfinite(L.my[i]) ? L.my[i] : Y.p1 + 14;
        if (isfinite(L.my[i]))
            buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"none\" stroke=\"black\" "
                          "stroke-width=\"1.5\"/>\n", ax, ay);
        SvgBox g = L.tag[i];
        if (g.w > 0) {
            /* the leader: from the ring's edge to the nearest point of the tag */
            double tx = fmin(fmax(ax, g.x), g.x + g.w), ty = fmin(fmax(ay, g.y), g.y + g.h);
            double dx = tx - ax, dy = ty - ay, d = hypot(dx, dy);
            if (d > 7)
                buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                              "stroke-width=\"1.2\"/>\n", ax + dx / d * 6, ay + dy / d * 6, tx, ty, col);
            tag(b, g, col, L.num[i]);
        }
        buf_puts(b, "</g>\n");
    }

    /* legend */
    if (L.legend.w > 0) {
        double lx = L.legend.x + 6, ly = L.legend.y + 4;
        buf_printf(b, "<g class=\"legend\">\n<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                      "height=\"%.0f\" fill=\"white\" stroke=\"#bbb\"/>\n",
                   L.legend.x, L.legend.y, L.legend.w, L.legend.h);
        for (int s = 0; s < p->nseries; s++) {
            double yy = ly + 18 * s + 9;
            buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                          "stroke-width=\"2\"/>\n",
                       lx, yy, lx + 24, yy, palette[s % ARRAY_LEN(palette)]);
            text(b, lx + 30, yy + 4, "start", 11, NULL, p->series[s].name ? p->series[s].name : "");
        }
        buf_puts(b, "</g>\n");
    }

    /* the key: a line per knee (its tag, its label), then the findings without a position */
    for (int i = 0; i < p->nknees && i < SVG_MAX_MARKS; i++) {
        SvgBox k = L.key[i];
        const SvgKnee *K = &p->knees[i];
        if (!(k.w > 0))
            continue;
        const char *col = K->series > 0 ? palette[(K->series - 1) % ARRAY_LEN(palette)] : "#222";
        buf_printf(b, "<g class=\"%s\">\n", L.num[i] ? "key" : "finding");
        if (L.num[i])
            tag(b, (SvgBox){k.x, k.y, 8 + 6.5 * digits(L.num[i]), 15}, col, L.num[i]);
        else
            text(b, k.x + 7, k.y + 11.5, "middle", 11, NULL, "\xe2\x80\x93");
        text(b, k.x + 26, k.y + 11.5, "start", 11, NULL, K->label);
        buf_puts(b, "</g>\n");
    }
    buf_puts(b, "</svg>\n");
}

/* knee.c — plateau segmentation and knee confidence for sweep curves (see knee.h).
 *
 * Optimal partitioning (dynamic programming over all segmentations, least-squares cost, one
 * penalty per segment) is exact and O(n^2): sweeps have at most a few hundred points.  The
 * regression variable for the "one straight line" alternative is the point index, which is
 * log x for the geometric grids and x for the linear ones the experiments use. */
#include "util/knee.h"
#include "util/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Resolution floor of the noise: 1 % (relative).  Cache, TLB and front-end levels drift by a
 * percent or two inside a level (a few extra misses, a TLB effect); such drifts are not level
 * changes, however small the timing noise. */
#define KNEE_RESOLUTION 0.01

KneeOpts knee_defaults(void)
{
    return (KneeOpts){.min_len = 4, .merge_below = 0.25, .penalty = 3.0, .linear_y = false};
}

typedef struct Seg {
    int a, b;                 /* compact indices [a, b] inclusive */
} Seg;

typedef struct Ctx {
    int m;
    const double *v;          /* values segmented (log y or y) */
    double *s1, *s2;          /* prefix sums */
    double sigma;
} Ctx;

/* sum of squared deviations from the mean of v[a..b] */
static double seg_cost(const Ctx *c, int a, int b)
{
    double n = b - a + 1;
    double s = c->s1[b + 1] - c->s1[a], q = c->s2[b + 1] - c->s2[a];
    double r = q - s * s / n;
    return r > 0 ? r : 0;
}

/* Weighted residual sum of squares of the weighted least-squares line v ~ index over all the
 * points from A to B: A (weight wa), the transitional points between them (min(wa, wb)), B
 * (weight wb).  *npts receives the number of points. */
static double line_rss(const Ctx *c, Seg A, Seg B, double wa, double wb, int *npts)
{
    double wg = wa < wb ? wa : wb;
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = A.a; i <= B.b; i++) {
        double w = i <= A.b ? wa : i >= B.a ? wb : wg;
        n += w, sx += w * i, sy += w * c->v[i], sxx += w * (double)i * i, sxy += w * i * c->v[i];
    }
    double den = n * sxx - sx * sx;
    double slope = den != 0 ? (n * sxy - sx * sy) / den : 0;
    double icpt = (sy - slope * sx) / n;
    double rss = 0;
    for (int i = A.a; i <= B.b; i++) {
        double w = i <= A.b ? wa : i >= B.a ? wb : wg;
        double e = c->v[i] - (icpt + slope * i);
        rss += w * e * e;
    }
    *npts = B.b - A.a + 1;
    return rss;
}

/* least-squares slope of v over the index within a segment (per point) */
static double seg_slope(const Ctx *c, Seg A)
{
    double n = A.b - A.a + 1, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = A.a; i <= A.b; i++)
        sx += i, sy += c->v[i], sxx += (double)i * i, sxy += i * c->v[i];
    double den = n * sxx - sx * sx;
    return den != 0 ? (n * sxy - sx * sy) / den : 0;
}

static int cmp_dbl(const void *a, const void *b);
static double median_of(const double *v, int n);

/* median and robust spread (1.4826 MAD, at least `floor`) of the values of a segment */
static void robust(const Ctx *c, Seg A, double floor, double *med, double *sd)
{
    int n = A.b - A.a + 1;
    double *t = xmalloc(sizeof *t * n);
    for (int i = 0; i < n; i++)
        t[i] = c->v[A.a + i];
    *med = median_of(t, n);
    for (int i = 0; i < n; i++)
        t[i] = fabs(t[i] - *med);
    double mad = 1.4826 * median_of(t, n);
    free(t);
    *sd = mad > floor ? mad : floor;
}

/* local noise: the MAD estimate from the first differences inside A and inside B */
static double local_noise(const Ctx *c, Seg A, Seg B)
{
    int n = 0;
    double *d = xmalloc(sizeof *d * (A.b - A.a + B.b - B.a + 2));
    for (int pass = 0; pass < 2; pass++) {
        Seg s = pass ? B : A;
        for (int i = s.a; i < s.b; i++)
            d[n++] = c->v[i + 1] - c->v[i];
    }
    double sig = 0;
    if (n >= 2) {
        double md = median_of(d, n);
        for (int i = 0; i < n; i++)
            d[i] = fabs(d[i] - md);
        sig = 1.4826 * median_of(d, n) / sqrt(2.0);
    }
    free(d);
    return sig > KNEE_RESOLUTION ? sig : KNEE_RESOLUTION;
}

/* Confidence that neighbouring plateaus A and B are separated by a real step, judged on the
 * points next to the junction (up to 8 on each side), so that a plateau that is itself sloped
 * further away does not hide a sharp step. */
static double pair_confidence(const Ctx *c, Seg A, Seg B, double *p_step_out)
{
    /* the transition must be short next to the plateaus: levels far apart with a long stretch
     * set aside between them are a ramp, not a knee */
    double full = fmin(A.b - A.a + 1, B.b - B.a + 1), gap0 = B.a - A.b - 1;
    double p_gap = gap0 <= full ? 1 : sqrt(full / gap0);
    if (A.b - A.a + 1 > 8)
        A.a = A.b - 7;
    if (B.b - B.a + 1 > 8)
        B.b = B.a + 7;
    int na = A.b - A.a + 1, nb = B.b - B.a + 1;
    double ra = seg_cost(c, A.a, A.b), rb = seg_cost(c, B.a, B.b);
    /* robust per-side location and spread (median, MAD floored at the global noise), Welch's
     * standard error: one noisy side or a few outliers do not hide a large step */
    double ma, mb, sa, sb, ln = local_noise(c, A, B);
    robust(c, A, ln, &ma, &sa);
    robust(c, B, ln, &mb, &sb);
    double step = fabs(mb - ma);
    double z = step / sqrt(sa * sa / na + sb * sb / nb);
    double p_step = 1 - exp(-(z / 3) * (z / 3));
    *p_step_out = p_step;
    /* shape, two ways: (1) one straight line through A, the transitional points and B must
     * explain the points much worse than two flat levels with free transitional points — a
     * chi-square comparison (each side weighted by 1/its scatter^2) with a BIC charge of
     * ln(n) per free transitional point; (2) each plateau must rise little over its (local)
     * length compared with the step.  A gradual slope fails (1) when its pieces are long or far
     * apart, (2) when they are short. */
    double wa = 1 / (sa * sa), wb = 1 / (sb * sb);
    int nl;
    double rl = line_rss(c, A, B, wa, wb, &nl), r2 = wa * ra + wb * rb;
    double gap = B.a - A.b - 1;
    double chi = rl - r2 - (gap + 1) * log((double)nl);
    double p_line = chi > 0 ? 1 - exp(-chi / 4) : 0;
    double trend = fabs(seg_slope(c, A)) * (na - 1) + fabs(seg_slope(c, B)) * (nb - 1);
    double p_flat = step > 0 ? 1 - trend / step : 0;
    double p_shape = p_line < p_flat ? p_line : p_flat;
    if (p_shape < 0)
        p_shape = 0;
    return p_step * p_shape * p_gap;
}

/* pair_confidence, 0 for a step against `direction` (when not 0) */
static double pair_confidence_dir(const Ctx *c, Seg A, Seg B, int direction, double *p_step_out)
{
    double conf = pair_confidence(c, A, B, p_step_out);
    if (direction) {
        double ma, mb, sa, sb;
        robust(c, A, 0, &ma, &sa);
        robust(c, B, 0, &mb, &sb);
        if ((mb - ma) * direction < 0)
            conf = 0;
    }
    return conf;
}

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(const double *v, int n)
{
    double *t = xmalloc(sizeof *t * (n > 0 ? n : 1));
    memcpy(t, v, sizeof *t * n);
    qsort(t, n, sizeof *t, cmp_dbl);
    double m = n == 0 ? NAN : n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
    free(t);
    return m;
}

int knee_find(const double *x, const double *y, int n, const KneeOpts *opts, KneeResult *out)
{
    KneeOpts o = opts ? *opts : knee_defaults();
    if (o.min_len < 1)
        o.min_len = 1;
    memset(out, 0, sizeof *out);

    /* compact the finite points */
    int *idx = xmalloc(sizeof *idx * (n > 0 ? n : 1));
    double *v = xmalloc(sizeof *v * (n > 0 ? n : 1));
    int m = 0;
    /* log y unless asked otherwise or many values are not positive; the few non-positive
     * values a noisy difference of two timings can give are then dropped as outliers */
    int nfin = 0, npos = 0;
    for (int i = 0; i < n; i++)
        if (isfinite(y[i]))
            nfin++, npos += y[i] > 0;
    bool log_y = !o.linear_y && npos > 0 && npos >= 0.9 * nfin;
    for (int i = 0; i < n; i++)
        if (isfinite(y[i]) && isfinite(x[i]) && (!log_y || y[i] > 0)) {
            idx[m] = i;
            v[m++] = log_y ? log(y[i]) : y[i];
        }
    out->log_y = log_y;
    if (m == 0) {
        free(idx), free(v);
        return 0;
    }

    Ctx c = {.m = m, .v = v};
    c.s1 = xcalloc(m + 1, sizeof *c.s1);
    c.s2 = xcalloc(m + 1, sizeof *c.s2);
    for (int i = 0; i < m; i++) {
        c.s1[i + 1] = c.s1[i] + v[i];
        c.s2[i + 1] = c.s2[i] + v[i] * v[i];
    }

    /* robust noise from first differences */
    double floor_sigma = KNEE_RESOLUTION;
    if (!log_y) {
        double *a = xmalloc(sizeof *a * m);
        for (int i = 0; i < m; i++)
            a[i] = fabs(v[i]);
        double med = median_of(a, m);
        free(a);
        floor_sigma = med > 0 ? KNEE_RESOLUTION * med : 1e-12;
    }
    double sigma = 0;
    if (m >= 3) {
        double *d = xmalloc(sizeof *d * (m - 1));
        for (int i = 0; i + 1 < m; i++)
            d[i] = v[i + 1] - v[i];
        double md = median_of(d, m - 1);
        for (int i = 0; i + 1 < m; i++)
            d[i] = fabs(d[i] - md);
        sigma = 1.4826 * median_of(d, m - 1) / sqrt(2.0);
        free(d);
    }
    if (!(sigma > floor_sigma))
        sigma = floor_sigma;
    c.sigma = sigma;
    out->noise = sigma;

    /* optimal partitioning */
    double beta = o.penalty * sigma * sigma * log((double)(m > 2 ? m : 2));
    double *F = xmalloc(sizeof *F * (m + 1));
    int *from = xmalloc(sizeof *from * (m + 1));
    F[0] = -beta;
    for (int j = 1; j <= m; j++) {
        F[j] = INFINITY;
        for (int i = 0; i < j; i++) {
            double f = F[i] + seg_cost(&c, i, j - 1) + beta;
            if (f < F[j])
                F[j] = f, from[j] = i;
        }
    }
    Seg *segs = xmalloc(sizeof *segs * (m + 1));
    int ns = 0;
    for (int j = m; j > 0; j = from[j])
        segs[ns++] = (Seg){from[j], j - 1};
    for (int i = 0; i < ns / 2; i++) {   /* reverse into x order */
        Seg t = segs[i];
        segs[i] = segs[ns - 1 - i], segs[ns - 1 - i] = t;
    }

    /* plateaus = segments with at least min_len points */
    Seg *pl = xmalloc(sizeof *pl * (ns + 1));
    int np = 0;
    /* a run of short segments long enough to be a plateau is a candidate too (a level noisier
     * than the rest of the curve gets cut into pieces); if it is a ramp, step 6 drops it */
    for (int i = 0; i < ns;) {
        if (segs[i].b - segs[i].a + 1 >= o.min_len) {
            pl[np++] = segs[i++];
            continue;
        }
        int j = i;
        while (j + 1 < ns && segs[j + 1].b - segs[j + 1].a + 1 < o.min_len)
            j++;
        if (segs[j].b - segs[i].a + 1 >= o.min_len)
            pl[np++] = (Seg){segs[i].a, segs[j].b};
        i = j + 1;
    }
    if (np == 0)   /* no flat stretch at all: one level over everything */
        pl[np++] = (Seg){0, m - 1};
    /* an edge point far off its plateau (beyond 4 robust spreads of the rest, at least the
     * noise) is a transitional point or an outlier that a run of short segments took in: it
     * goes back between the levels, so that it does not make the plateau look like a ramp */
    for (int i = 0; i < np; i++)
        for (int edge = 0; edge < 2; edge++)
            while (pl[i].b - pl[i].a + 1 > o.min_len) {
                int e = edge ? pl[i].b : pl[i].a;
                Seg rest = edge ? (Seg){pl[i].a, pl[i].b - 1} : (Seg){pl[i].a + 1, pl[i].b};
                double med, sd;
                robust(&c, rest, c.sigma, &med, &sd);
                if (fabs(v[e] - med) <= 4 * sd)
                    break;
                pl[i] = rest;
            }

    /* Resolve the weakest neighbouring pair while it is not a convincing step: when the two
     * levels do not differ beyond the noise and scatter alike they are one level (merge them);
     * otherwise the less flat one (larger rise + scatter) is a piece of a ramp or a noisy
     * stretch between levels (drop it: its points become transitional). */
    double *conf = xmalloc(sizeof *conf * (np + 1));
    double *pstep = xmalloc(sizeof *pstep * (np + 1));
    for (;;) {
        int worst = -1;
        for (int i = 0; i + 1 < np; i++) {
            conf[i] = pair_confidence_dir(&c, pl[i], pl[i + 1], o.direction, &pstep[i]);
            if (worst < 0 || conf[i] < conf[worst])
                worst = i;
        }
        if (worst < 0 || conf[worst] >= o.merge_below)
            break;
        int drop;
        double m0, m1, s0, s1;
        robust(&c, pl[worst], 0, &m0, &s0);
        robust(&c, pl[worst + 1], 0, &m1, &s1);
        bool alike = s0 <= 2 * s1 + c.sigma && s1 <= 2 * s0 + c.sigma;   /* similar scatter */
        if (alike) {   /* and together they would still be flat: no significant trend over
                        * their points (the transitional points between them left out) */
            Seg A = pl[worst], B = pl[worst + 1];
            double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
            for (int q = 0; q < 2; q++)
                for (int i = (q ? B : A).a; i <= (q ? B : A).b; i++)
                    n++, sx += i, sy += v[i], sxx += (double)i * i, sxy += i * v[i];
            double den = n * sxx - sx * sx;
            double slope = den > 0 ? (n * sxy - sx * sy) / den : 0;
            double sd = s0 > s1 ? s0 : s1;
            if (sd < c.sigma)
                sd = c.sigma;
            double se = den > 0 ? sd / sqrt(den / n) : INFINITY;
            alike = fabs(slope) <= 3 * se;
        }
        if (pstep[worst] < 0.5 && alike) {
            pl[worst].b = pl[worst + 1].b;
            drop = worst + 1;
        } else {
            /* drop the less flat of the two (the ramp piece): larger rise + spread */
            double bad[2];
            for (int q = 0; q < 2; q++) {
                Seg g = pl[worst + q];
                double med, sd;
                robust(&c, g, 0, &med, &sd);
                bad[q] = fabs(seg_slope(&c, g)) * (g.b - g.a) + sd;
            }
            drop = bad[0] > bad[1] ? worst : worst + 1;
        }
        memmove(&pl[drop], &pl[drop + 1], sizeof *pl * (np - drop - 1));
        np--;
    }
    free(pstep);
    if (np > KNEE_MAX_LEVELS)
        np = KNEE_MAX_LEVELS;
    /* a transitional point next to a plateau and within its scatter (4 robust spreads, at
     * least the noise) is a point of the plateau that a noisier stretch cut off: it joins it
     * (going out from the plateau, up to the first point outside).  With a direction, so does
     * one after it beyond the plateau on the side away from the next level: the curve only
     * goes the other way, so that is no step towards it but noise the other way (bench icache:
     * 7 to 8.6 "IPC" after a 6-IPC plateau, from a disturbed core's differences, ended the
     * plateau there and put its capacity at twice that, 22.6 KiB where it fell at 32) */
    for (int i = 0; i < np; i++) {
        double med, sd;
        robust(&c, pl[i], c.sigma, &med, &sd);
        int lim = i + 1 < np ? pl[i + 1].a - 1 : -1;   /* (the last one: see the ramp below) */
        while (pl[i].b < lim && (fabs(v[pl[i].b + 1] - med) <= 4 * sd || (v[pl[i].b + 1] - med) * o.direction < 0))
            pl[i].b++;
        /* back at the plateau's level after a few points off it, before the next level: those
         * points were disturbed, the plateau goes on (the last such point ends it) */
        for (int j = lim; j > pl[i].b + 1; j--)
            if (fabs(v[j] - med) <= 4 * sd && fabs(v[j - 1] - med) <= 4 * sd) {
                pl[i].b = j;
                break;
            }
        int low = i > 0 ? pl[i - 1].b + 1 : 0;
        while (i > 0 && pl[i].a > low && fabs(v[pl[i].a - 1] - med) <= 4 * sd)
            pl[i].a--;
    }
    for (int i = 0; i + 1 < np; i++) {   /* (the confidences of the plateaus as they are now) */
        double ps;
        conf[i] = pair_confidence_dir(&c, pl[i], pl[i + 1], o.direction, &ps);
    }
    /* a curve that leaves its last plateau for good — a ramp to the end of the sweep (the next
     * level lies beyond the sweep, or is reached gradually) — has a knee where it leaves: the
     * ramp is a last level of its own when it jumps off the plateau's own line (the plateau's
     * fit extrapolated; z = distance in standard errors of the prediction): the points after
     * the plateau stay on the line (|z| < 2, they join the plateau) up to one that is off it
     * (z >= 4) with the next two, and the rest stays off.  A gradual slope continues the line
     * of its flattest piece, and a smooth curve that bends away leaves it through 2 < z < 4:
     * neither is a knee. */
    int t0 = pl[np - 1].b + 1;
    bool ramp = false;   /* the last level is such a ramp */
    if (np < KNEE_MAX_LEVELS && m - t0 >= 3) {
        Seg L = pl[np - 1];
        double med, sd;
        robust(&c, L, c.sigma, &med, &sd);
        double n = L.b - L.a + 1, xm = (L.a + L.b) / 2.0, sxx = 0;
        for (int i = L.a; i <= L.b; i++)
            sxx += (i - xm) * (i - xm);
        double b = seg_slope(&c, L), a = med - b * xm;   /* (through the median: robust) */
#define KNEE_Z(j) ((v[j] - (a + b * (j))) / (sd * sqrt(1 + 1 / n + (sxx > 0 ? ((j) - xm) * ((j) - xm) / sxx : 0))))
        int j0 = t0;
        while (j0 < m && fabs(KNEE_Z(j0)) < 2)
            j0++;
        int nt = m - j0;
        if (nt >= 3 && nt >= o.min_len) {
            double dir = KNEE_Z(j0) > 0 ? 1 : -1, zmin = INFINITY;
            for (int j = j0; j < j0 + 3; j++)
                if (dir * KNEE_Z(j) < zmin)
                    zmin = dir * KNEE_Z(j);
            double tmed = median_of(v + j0, nt);
            bool away = (tmed - med) * dir > 4 * sd && (!o.direction || dir * o.direction > 0);
            if (zmin >= 4 && away) {   /* (conf holds the np + 1 of the start: np only fell) */
                conf[np - 1] = 1 - exp(-(zmin / 3) * (zmin / 3));
                pl[np - 1].b = j0 - 1;
                pl[np++] = (Seg){j0, m - 1};
                ramp = true;
            }
        }
#undef KNEE_Z
    }
    /* points before the first plateau and after the last belong to them (edge outliers) */
    pl[0].a = 0;
    pl[np - 1].b = m - 1;

    double *tmp = xmalloc(sizeof *tmp * m);
    for (int i = 0; i < np; i++) {
        KneeLevel *L = &out->levels[i];
        L->first = idx[pl[i].a];
        L->last = idx[pl[i].b];
        L->x_first = x[L->first];
        L->x_last = x[L->last];
        int k = 0;
        for (int j = pl[i].a; j <= pl[i].b; j++)
            tmp[k++] = y[idx[j]];
        L->level = median_of(tmp, k);
        L->confidence = i + 1 < np ? conf[i] : 0;
        L->x_mid = NAN;
    }
    /* x_mid: from the end of each plateau towards the next, the last point before the curve
     * crosses the middle of the two levels */
    for (int i = 0; i + 1 < np; i++) {
        KneeLevel *L = &out->levels[i];
        double a = L->level, b = out->levels[i + 1].level;
        double mid = log_y && a > 0 && b > 0 ? sqrt(a * b) : (a + b) / 2;
        L->x_mid = L->x_last;
        /* (a ramp is crossed within: its median is no plateau's level) */
        int jend = ramp && i + 2 == np ? pl[i + 1].b + 1 : pl[i + 1].a;
        double end = L->x_last;
        for (int j = pl[i].b + 1; j < jend; j++) {
            double yj = y[idx[j]];
            /* within an octave of the plateau's end: a structure that starts to miss before it
             * is full (set conflicts, replacement) does so from about half its capacity on;
             * further on, the curve is crossing a level that was not resolved.  Points without a
             * figure (NAN: impossible ones, an IPC above the core's width) just before this one
             * may still be the plateau's: the octave counts from the last of them (the icache
             * sweep of an Emerald Rapids guest: 6 IPC to 11.6 KiB, 7-10 "IPC" from 13.4 to 23 KiB
             * left out, 5.7 at 27.6 KiB, 4.1 at 32 KiB, 1.6 beyond: the L1I's 32 KiB) */
            if (idx[j] > 0 && idx[j] - 1 > idx[j - 1] && x[idx[j] - 1] > end)
                end = x[idx[j] - 1];
            if ((b > a) ? yj >= mid : yj <= mid)
                break;
            if (x[idx[j]] > 2 * end)
                break;
            L->x_mid = x[idx[j]];
        }
    }
    out->nlevels = np;
    free(tmp), free(conf), free(pl), free(segs), free(F), free(from);
    free(c.s1), free(c.s2), free(idx), free(v);
    return np;
}

int knee_count(const KneeResult *r, double min_conf)
{
    int k = 0;
    for (int i = 0; i + 1 < r->nlevels; i++)
        if (r->levels[i].confidence >= min_conf)
            k++;
    return k;
}

/* knee.h — knee (changepoint / plateau) detection for sweep curves.
 *
 * A sweep gives y (cycles per access, IPC, ...) over x (bytes, count, ...).  The curves that
 * microbenchmarks produce are mostly flat plateaus joined by steps: one plateau per cache level,
 * TLB level, BTB level.  knee_find() segments the curve into plateaus and reports, for each
 * step between two plateaus, the last x of the lower-x plateau (the capacity) with a confidence.
 *
 * Method (no thresholds tuned to one machine; everything scales with the measured noise):
 *   1. work on log(y) when every y > 0 (steps between levels are ratios: 4 -> 14 -> 50 cycles),
 *   2. noise sigma = 1.4826 * MAD(first differences) / sqrt(2), floored at 1 % (the resolution:
 *      levels drift by a percent or two inside a cache level without being a new level),
 *   3. optimal piecewise-constant segmentation by dynamic programming (least squares) with a
 *      BIC-like penalty 3 * sigma^2 * ln(n) per segment,
 *   4. segments shorter than min_len points are transitional (the points between two levels),
 *      unless a run of them is at least min_len long (a noisier level cut into pieces); an
 *      edge point of a plateau more than 4 robust spreads off the rest of it is transitional
 *      too (an outlier next to a step would otherwise make the plateau look like a ramp),
 *   5. for each pair of neighbouring plateaus A, B, judged on up to 8 points each side of the
 *      junction, the confidence is P(step) * P(shape) * P(gap):
 *        P(step)  = 1 - exp(-(z/3)^2), z = |median B - median A| / Welch standard error, each
 *                   side's scatter = 1.4826 MAD, at least the local noise (MAD of differences);
 *        P(shape) = the smaller of: 1 - exp(-chi/4), chi = weighted RSS of one straight line
 *                   through A, the transitional points and B, minus that of two flat levels,
 *                   minus a BIC charge ln(n) per transitional point (and one more); and
 *                   1 - (rise of A + rise of B along their own fitted slopes) / step;
 *        P(gap)   = 1 when the transitional stretch is no longer than the shorter plateau,
 *                   else sqrt(shorter plateau / stretch),
 *      so that a gradual slope (whatever the length of its pieces) is not a knee;
 *   6. while the weakest pair is below merge_below: if its levels do not differ beyond the noise
 *      (P(step) < 0.5), scatter alike and stay flat together they are one level (merged);
 *      otherwise the less flat one (rise + scatter) is a piece of a ramp or a noisy stretch
 *      between levels and is dropped (its points become transitional).
 *   7. a transitional point next to a plateau and within 4 robust spreads of it joins it (a
 *      stretch scattered by disturbances at a plateau's end is still the plateau), and so do
 *      the points up to two such points in a row before the next plateau (the curve came back
 *      to the level after a disturbed dip); the confidences are then taken again,
 *   8. a curve that leaves its last plateau for good (a ramp to the end of the sweep) gets the
 *      ramp as a last level when it jumps off the plateau's extrapolated line: the points after
 *      the plateau stay within 2 standard errors of the prediction (they join the plateau) up
 *      to one beyond 4 with the next two; a smooth bend (passing 2..4) or a slope is no knee.
 * The first plateau extends to the first point and the last one to the last point.
 * A plateau's last point is where the step begins; x_mid (where the curve passes halfway to the
 * next level) is the capacity to report: caches with set conflicts, shared or victim levels
 * start missing well before they are full, so the curve leaves a plateau early and climbs over
 * several points, and the end of the flat part underestimates the capacity.
 */
#ifndef UTIL_KNEE_H
#define UTIL_KNEE_H

#include <stdbool.h>

#define KNEE_MAX_LEVELS 32

typedef struct KneeLevel {
    int first, last;          /* index range of the plateau in the input arrays */
    double x_first, x_last;   /* its x range */
    double level;             /* median y over the plateau (in y units, not log) */
    double confidence;        /* of the step from this level to the next one (0 for the last) */
    double x_mid;             /* the capacity: the last x before the curve first crosses the
                               * middle of this level and the next (their geometric mean when
                               * log_y) on its way up (or down); = x_last for a sharp step, later
                               * when the step is gradual (a cache whose misses begin before it
                               * is full), at most 2 x_last (misses from set conflicts or
                               * replacement begin at about half the capacity; beyond, the
                               * curve is crossing a level that was not resolved); NAN for
                               * the last level */
} KneeLevel;

typedef struct KneeResult {
    int nlevels;
    KneeLevel levels[KNEE_MAX_LEVELS];
    double noise;             /* robust noise estimate, relative when log_y (e.g. 0.02 = 2 %) */
    bool log_y;               /* whether log(y) was segmented */
} KneeResult;

typedef struct KneeOpts {
    int min_len;              /* shortest plateau, points (default 4) */
    double merge_below;       /* merge neighbouring plateaus whose step confidence is below (0.25) */
    double penalty;           /* segment penalty factor (default 3) */
    bool linear_y;            /* segment y itself instead of log(y) */
    int direction;            /* +1: the levels can only rise with x (latency over size), -1:
                               * only fall (IPC); a step the other way is a drift of the
                               * machine, not a level: its confidence is 0 (so it is merged or
                               * dropped).  0 (default): either way */
} KneeOpts;

/* Default options (min_len 4, merge_below 0.25, penalty 3, log y). */
KneeOpts knee_defaults(void);

/* Segment n points (x increasing).  opts may be NULL.  Returns the number of levels (>= 1 when
 * n >= 1).  Non-finite y values are ignored (treated as absent points). */
int knee_find(const double *x, const double *y, int n, const KneeOpts *opts, KneeResult *out);

/* Number of knees (steps) with confidence >= min_conf; level i's knee is levels[i].x_last. */
int knee_count(const KneeResult *r, double min_conf);

#endif

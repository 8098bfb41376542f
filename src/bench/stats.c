/* stats.c — the runner's statistics: migration drop and two-length differencing.
 *
 * Overhead cancels by differencing: a call of the long kernel minus a call of the short one in
 * the same round leaves (copies_long - copies_short) copies of the snippet, with the call, the
 * counter reads, the prologue and the init code gone.  Every figure of a point comes from that
 * one distribution of per-round differences, so min <= q25 <= median <= q75 <= max always (the
 * quantiles of each length differenced separately did not: "min 495.6, quartiles 349.3..510.5").
 * The best-case estimate is the median over the quietest rounds, a subset of the same differences.
 *
 * A difference needs the rate to hold over the round: when it changes between the two calls (on
 * an Emerald Rapids KVM guest, a loop of 8-byte NOPs ran at 3 IPC in one call and 6 in the next
 * as other work came and went on the core), the difference amplifies the change without bound
 * (`uarch bench icache`: differences of 7 to 284 "IPC" on a 6-wide core, in 12 to 47 % of the
 * rounds at 11-19 KiB, while no single call of the 2418 ran above 6.16).  bench_total_stat takes
 * a round's two calls together instead, for calls long enough that their overhead is negligible:
 * each round's figure is then a time the core really took for its work, within its limits.
 */
#include "bench/bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int bench_drop_migrated(double *v, int nrows, int runs, const int *cpu_before,
                        const int *cpu_after, int want, int *kept)
{
    int k = 0;
    for (int r = 0; r < runs; r++) {
        bool ok = cpu_before[r] == cpu_after[r] && cpu_after[r] != -2 && (want < 0 || cpu_before[r] == want);
        if (!ok)
            continue;
        if (k != r)
            for (int row = 0; row < nrows; row++)
                v[(size_t)row * runs + k] = v[(size_t)row * runs + r];
        k++;
    }
    if (kept)
        *kept = k;
    return runs - k;
}

/* The statistics of a round's figure (long + sign x short) / per: sign -1 the difference, +1
 * the two calls together */
static BenchStat round_stat(const double *short_v, const double *long_v, int n, double per, double sign)
{
    BenchStat s = {NAN, NAN, NAN, NAN, NAN, NAN, 0};
    if (n <= 0 || !(per > 0))
        return s;
    size_t m = (size_t)n;
    double *d = xmalloc(sizeof *d * m), *t = xmalloc(sizeof *t * m);
    for (size_t i = 0; i < m; i++)
        d[i] = (long_v[i] + sign * short_v[i]) / per;
    /* the quiet rounds: the quarter (at least 3) with the smallest time of both calls together
     * (a burst of the host, or the other hardware thread, adds time to the calls it hits, which
     * moves a round's difference either way) */
    size_t k = m / 4 < 3 ? 3 : m / 4;
    if (k > m)
        k = m;
    size_t *ord = xmalloc(sizeof *ord * m);
    for (size_t i = 0; i < m; i++)
        ord[i] = i;
    for (size_t i = 1; i < m; i++)   /* insertion sort by s + l, stable */
        for (size_t j = i; j > 0 && short_v[ord[j]] + long_v[ord[j]] < short_v[ord[j - 1]] + long_v[ord[j - 1]]; j--) {
            size_t t2 = ord[j];
            ord[j] = ord[j - 1], ord[j - 1] = t2;
        }
    for (size_t i = 0; i < k; i++)
        t[i] = d[ord[i]];
    s.best = stats_median(t, k);
    free(ord);
    s.n = n;
    s.median = stats_median(d, m);          /* sorts d */
    s.min = d[0];
    s.max = d[m - 1];
    s.q25 = stats_quantile(d, m, 0.25);
    s.q75 = stats_quantile(d, m, 0.75);
    free(d), free(t);
    return s;
}

BenchStat bench_paired_stat(const double *short_v, const double *long_v, int n, double per)
{
    return round_stat(short_v, long_v, n, per, -1);
}

BenchStat bench_total_stat(const double *short_v, const double *long_v, int n, double per)
{
    return round_stat(short_v, long_v, n, per, 1);
}

BenchStat bench_diff_stat(const double *short_v, const double *long_v, int n, double copies_short,
                          double copies_long)
{
    return bench_paired_stat(short_v, long_v, n, copies_long - copies_short);
}

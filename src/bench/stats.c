/* stats.c — the runner's statistics: migration drop and two-length differencing.
 *
 * Overhead cancels by differencing: a call of the long kernel minus a call of the short one in
 * the same round leaves (copies_long - copies_short) copies of the snippet, with the call, the
 * counter reads, the prologue and the init code gone.  The per-copy value of each round is then
 * summarized by median, min, max and quartiles.
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

BenchStat bench_diff_stat(const double *short_v, const double *long_v, int n, double copies_short,
                          double copies_long)
{
    BenchStat s = {NAN, NAN, NAN, NAN, NAN, 0};
    double dc = copies_long - copies_short;
    if (n <= 0 || dc == 0)
        return s;
    double *x = xmalloc(sizeof *x * (size_t)n);
    for (int i = 0; i < n; i++)
        x[i] = (long_v[i] - short_v[i]) / dc;
    s.n = n;
    /* min: fastest long minus fastest short (interference only adds time, so each minimum is
     * the least disturbed call; a per-round difference can go negative when the short call of
     * that round was hit) */
    s.min = (stats_min(long_v, (size_t)n) - stats_min(short_v, (size_t)n)) / dc;
    s.max = stats_max(x, (size_t)n);
    s.q25 = stats_quantile(x, (size_t)n, 0.25);
    s.q75 = stats_quantile(x, (size_t)n, 0.75);
    s.median = stats_median(x, (size_t)n);
    free(x);
    return s;
}

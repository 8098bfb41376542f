/* test_knee.c — the knee detector on synthetic curves: clean steps, noisy steps with
 * transitional points, a decreasing (IPC-like) curve, gradual slopes and flat noise. */
#include "t.h"
#include "util/knee.h"

#include <math.h>
#include <stdint.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static double unif(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (double)(rng >> 11) / 9007199254740992.0;
}
static double gauss(void)   /* Box-Muller */
{
    double u = unif() + 1e-12, v = unif();
    return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

/* x = 4 KiB * 2^(i/4): four points per octave, like the dcache sweep */
static int grid(double *x, int n)
{
    for (int i = 0; i < n; i++)
        x[i] = round(4096 * pow(2, i / 4.0));
    return n;
}

static double cache_curve(double x)
{
    return x <= 32768 ? 4 : x <= 1048576 ? 14 : x <= 32 * 1048576.0 ? 50 : 110;
}

TEST(knee_clean_steps)
{
    double x[64], y[64];
    int n = grid(x, 60);   /* 4 KiB .. 128 MiB */
    for (int i = 0; i < n; i++)
        y[i] = cache_curve(x[i]);
    KneeResult r;
    CHECK_INT(knee_find(x, y, n, NULL, &r), 4);
    CHECK_NEAR(r.levels[0].x_last, 32768, 0);
    CHECK_NEAR(r.levels[1].x_last, 1048576, 0);
    CHECK_NEAR(r.levels[2].x_last, 32 * 1048576.0, 0);
    CHECK_NEAR(r.levels[0].level, 4, 1e-9);
    CHECK_NEAR(r.levels[1].level, 14, 1e-9);
    CHECK_NEAR(r.levels[2].level, 50, 1e-9);
    CHECK_NEAR(r.levels[3].level, 110, 1e-9);
    for (int i = 0; i < 3; i++)
        CHECK(r.levels[i].confidence > 0.95);
    CHECK_NEAR(r.levels[3].confidence, 0, 0);
    CHECK_INT(knee_count(&r, 0.5), 3);
}

TEST(knee_noisy_steps)
{
    double x[64], y[64];
    int n = grid(x, 60);
    for (int trial = 0; trial < 20; trial++) {
        for (int i = 0; i < n; i++) {
            double c = cache_curve(x[i]);
            /* one transitional point after each capacity: a mix of hits and misses */
            if (i > 0 && cache_curve(x[i - 1]) != c)
                c = (c + cache_curve(x[i - 1])) / 2;
            y[i] = c * (1 + 0.04 * gauss());
        }
        KneeResult r;
        knee_find(x, y, n, NULL, &r);
        CHECK_INT(knee_count(&r, 0.5), 3);
        if (r.nlevels != 4)
            continue;
        /* the knee is the last point of the lower plateau: exact, or one grid step early when
         * noise pulls the last point of the plateau towards the transition */
        CHECK(r.levels[0].x_last <= 32768 && r.levels[0].x_last >= 32768 / 1.2);
        CHECK(r.levels[1].x_last <= 1048576 && r.levels[1].x_last >= 1048576 / 1.2);
        CHECK_NEAR(r.levels[0].level, 4, 0.3);
        CHECK_NEAR(r.levels[1].level, 14, 1.0);
        CHECK_NEAR(r.levels[2].level, 50, 3.0);
        CHECK(r.noise > 0.02 && r.noise < 0.08);
    }
}

TEST(knee_ramp_between_levels)
{
    /* a cache level left gradually (partial hits over four points), 3 % noise: still one knee
     * at the last point of the lower plateau */
    double x[40], y[40];
    int n = grid(x, 40);
    for (int trial = 0; trial < 20; trial++) {
        for (int i = 0; i < n; i++) {
            double c = i < 14 ? 4 : i < 18 ? 4 + (i - 13) * 2.5 : 14;
            y[i] = c * (1 + 0.03 * gauss());
        }
        KneeResult r;
        knee_find(x, y, n, NULL, &r);
        CHECK_INT(knee_count(&r, 0.5), 1);
        CHECK(r.levels[0].x_last <= x[13] && r.levels[0].x_last >= x[12]);
        CHECK_NEAR(r.levels[r.nlevels - 1].level, 14, 0.7);
    }
}

TEST(knee_noisier_upper_level)
{
    /* mispredict-like: one point per octave, a quiet low level (1 %) and a short upper level
     * four times noisier than the rest (15 %): the upper level is still one level */
    double x[20], y[20];
    for (int i = 0; i < 20; i++)
        x[i] = pow(2, i + 1);
    KneeOpts o = knee_defaults();
    o.min_len = 3;
    for (int trial = 0; trial < 20; trial++) {
        for (int i = 0; i < 20; i++)
            y[i] = i < 16 ? 2.1 * (1 + 0.01 * gauss()) : 11 * (1 + 0.15 * gauss());
        KneeResult r;
        knee_find(x, y, 20, &o, &r);
        CHECK_INT(knee_count(&r, 0.5), 1);
        CHECK_NEAR(r.levels[0].x_last, 65536, 0);
        CHECK_NEAR(r.levels[0].level, 2.1, 0.05);
    }
}

TEST(knee_decreasing_ipc)
{
    /* icache-like: IPC 4 up to 32 KiB, 1.3 beyond, with 3 % noise */
    double x[40], y[40];
    int n = grid(x, 40);
    for (int i = 0; i < n; i++)
        y[i] = (x[i] <= 32768 ? 4.0 : 1.3) * (1 + 0.03 * gauss());
    KneeResult r;
    knee_find(x, y, n, NULL, &r);
    CHECK_INT(r.nlevels, 2);
    CHECK_NEAR(r.levels[0].x_last, 32768, 0);
    CHECK(r.levels[0].confidence > 0.9);
    CHECK_NEAR(r.levels[0].level, 4, 0.2);
    CHECK_NEAR(r.levels[1].level, 1.3, 0.1);
}

TEST(knee_gradual_slope)
{
    /* a smooth rise over the whole range (4 -> 34 cycles over 15 octaves): no plateau, no knee.
     * With 1 % noise never; with 2 % noise the detector may, rarely, accept a step between two
     * stretches that look flat by chance: at most 2 false knees over 20 curves */
    double x[64], y[64];
    int n = grid(x, 60);
    int false2 = 0;
    for (int trial = 0; trial < 20; trial++) {
        KneeResult r;
        for (int i = 0; i < n; i++)
            y[i] = (4 + 0.5 * i) * (1 + 0.01 * gauss());
        knee_find(x, y, n, NULL, &r);
        CHECK_INT(knee_count(&r, 0.5), 0);
        for (int i = 0; i < n; i++)
            y[i] = (4 + 0.5 * i) * (1 + 0.02 * gauss());
        knee_find(x, y, n, NULL, &r);
        false2 += knee_count(&r, 0.5);
    }
    CHECK(false2 <= 2);
    /* noiseless slope too */
    for (int i = 0; i < n; i++)
        y[i] = 4 + 0.5 * i;
    KneeResult r;
    knee_find(x, y, n, NULL, &r);
    CHECK_INT(knee_count(&r, 0.5), 0);
    /* an exponential (linear in x) rise */
    for (int i = 0; i < n; i++)
        y[i] = 3 + x[i] / 1e6;
    knee_find(x, y, n, NULL, &r);
    CHECK_INT(knee_count(&r, 0.5), 0);
}

TEST(knee_no_knee)
{
    double x[64], y[64];
    int n = grid(x, 48);
    for (int trial = 0; trial < 20; trial++) {
        for (int i = 0; i < n; i++)
            y[i] = 5 * (1 + 0.05 * gauss());
        KneeResult r;
        knee_find(x, y, n, NULL, &r);
        CHECK_INT(r.nlevels, 1);
        CHECK_NEAR(r.levels[0].level, 5, 0.2);
        CHECK_INT(r.levels[0].first, 0);
        CHECK_INT(r.levels[0].last, n - 1);
    }
    /* exactly flat */
    for (int i = 0; i < n; i++)
        y[i] = 1;
    KneeResult r;
    CHECK_INT(knee_find(x, y, n, NULL, &r), 1);
    CHECK_INT(knee_count(&r, 0), 0);
}

TEST(knee_edge_cases)
{
    KneeResult r;
    double x[8] = {1, 2, 3, 4, 5, 6, 7, 8}, y[8] = {1, 1, 1, NAN, 9, 9, 9, 9};
    CHECK_INT(knee_find(x, y, 0, NULL, &r), 0);
    CHECK_INT(knee_find(x, y, 1, NULL, &r), 1);
    CHECK_NEAR(r.levels[0].level, 1, 0);
    /* a NaN point is skipped; the knee is still found (3-point plateaus allowed) */
    KneeOpts o3 = knee_defaults();
    o3.min_len = 3;
    knee_find(x, y, 8, &o3, &r);
    CHECK_INT(r.nlevels, 2);
    CHECK_NEAR(r.levels[0].x_last, 3, 0);
    CHECK_NEAR(r.levels[1].x_first, 5, 0);
    /* negative values: segmented linearly */
    double z[8] = {-1, -1, -1, -1, 3, 3, 3, 3};
    knee_find(x, z, 8, &o3, &r);
    CHECK(!r.log_y);
    CHECK_INT(r.nlevels, 2);
    CHECK_NEAR(r.levels[0].x_last, 4, 0);
}

/* a gradual step (misses begin before the cache is full): the plateau ends early, x_mid is the
 * last point before the curve passes halfway (geometric mean) to the next level */
TEST(knee_gradual_capacity)
{
    double x[48], y[48];
    int n = grid(x, 48);   /* 4 KiB .. 11 MiB */
    for (int i = 0; i < n; i++) {
        double v = x[i] <= 32768 ? 4 : 14;
        if (x[i] > 512 * 1024.0)   /* 14 -> 48 over 512 KiB .. 1.2 MiB, in log x */
            v = 14 * pow(48.0 / 14, fmin(1, log2(x[i] / (512 * 1024.0)) / log2(1.2 * 2)));
        y[i] = v * (1 + 0.003 * gauss());
    }
    KneeResult r;
    knee_find(x, y, n, NULL, &r);
    CHECK(r.nlevels >= 3);
    CHECK_NEAR(r.levels[0].x_mid, 32768, 0);   /* sharp: the plateau's end */
    CHECK_NEAR(r.levels[0].x_mid, r.levels[0].x_last, 0);
    /* gradual: the L2 plateau ends near 512 KiB, the midpoint (25.9) is passed near 1 MiB */
    CHECK(r.levels[1].x_last <= 640 * 1024.0);
    CHECK(r.levels[1].x_mid > r.levels[1].x_last);
    CHECK(r.levels[1].x_mid >= 700 * 1024.0 && r.levels[1].x_mid <= 1048576);
    for (int i = 0; i + 1 < r.nlevels; i++)
        CHECK(y[r.levels[i].last] < sqrt(r.levels[i].level * r.levels[i + 1].level));
    CHECK(isnan(r.levels[r.nlevels - 1].x_mid));
    /* a falling curve (IPC) crosses downwards */
    for (int i = 0; i < n; i++)
        y[i] = 1 / y[i];
    knee_find(x, y, n, NULL, &r);
    CHECK(r.nlevels >= 3);
    CHECK(r.levels[1].x_mid >= 700 * 1024.0 && r.levels[1].x_mid <= 1048576);
}

/* a short, noisier upper plateau with an outlier at the junction (a mispredict sweep on this
 * VM): the outlier is transitional, not part of the upper plateau, and the step is found */
TEST(knee_outlier_at_junction)
{
    double x[20], y[20] = {2.036, 2.036, 2.031, 2.060, 2.101, 2.083, 2.110, 2.095, 2.093, 2.095,
                           2.093, 2.092, 2.126, 2.107, 2.123, 1.774, 10.280, 11.201, 10.396, 10.619};
    for (int i = 0; i < 20; i++)
        x[i] = 2 << i;
    KneeResult r;
    knee_find(x, y, 20, NULL, &r);
    CHECK(r.nlevels >= 2);
    const KneeLevel *hi = &r.levels[r.nlevels - 1], *lo = &r.levels[r.nlevels - 2];
    CHECK_NEAR(hi->level, 10.5, 0.3);
    CHECK_NEAR(hi->x_first, 2 << 16, 0);
    CHECK_NEAR(lo->x_last, 2 << 14, 0);
    CHECK(lo->confidence > 0.9);
}

/* direction: a step the wrong way (a clock drift at the start of a latency sweep) is no level */
TEST(knee_direction)
{
    double x[40], y[40];
    int n = grid(x, 30);
    for (int i = 0; i < n; i++)
        y[i] = (x[i] <= 11000 ? 4.37 : x[i] <= 32768 ? 4.0 : 14) * (1 + 0.002 * gauss());
    KneeResult r;
    knee_find(x, y, n, NULL, &r);
    CHECK_INT(knee_count(&r, 0.5), 2);   /* either way: the drift is a step */
    KneeOpts o = knee_defaults();
    o.direction = 1;
    knee_find(x, y, n, &o, &r);
    CHECK_INT(knee_count(&r, 0.5), 1);
    CHECK_NEAR(r.levels[0].x_last, 32768, 0);
    CHECK_NEAR(r.levels[r.nlevels - 1].level, 14, 0.1);
}

/* direction: points beyond a plateau on the side away from the next level (against the curve's
 * direction) are no step towards it.  bench icache on an Emerald Rapids guest (2026-12-01, run 2
 * of three, the other vCPU busy): 8-byte NOPs at 6 IPC from the op cache, then 7 to 8.6 "IPC" at
 * 13.4-19 KiB (the differences of a disturbed core's two lengths; no 6-wide core runs them), then
 * the fall to 1.6 IPC between 32 and 38 KiB.  Those points made the plateau end at 11.3 KiB and
 * its capacity at most twice that, 22.6 KiB: the step was named the op cache's, and the L1I's
 * 32 KiB "not resolved".  The y are the sweep's median of three neighbours (knee_median3). */
TEST(knee_direction_overshoot)
{
    static const double x[] = {4096, 4864, 5826.56, 6912, 8192, 9728, 11571.2, 13721.6, 16384, 19456, 23142.4,
                                27545.6, 32768, 39014.4, 46284.8, 55091.2, 65536, 77926.4, 92672, 110592, 131072,
                                155648, 185344, 220160, 262144, 311296, 370688, 441344, 524288, 623616, 741376,
                                881664, 1048576, 1247805, 1478492, 1761607, 2097152, 2495610, 2967470, 3523215,
                                4194304, 4991221, 5934940, 7056916, 8388608};
    static const double y[] = {6.032, 5.994, 5.994, 6.006, 6.006, 6.003, 6.003, 6.975, 8.574, 8.574, 5.732, 5.268,
                               4.365, 1.583, 1.583, 1.596, 1.596, 1.602, 1.573, 1.573, 1.571, 1.555, 1.571, 1.592,
                               1.592, 1.592, 1.592, 1.595, 1.592, 1.595, 1.599, 1.599, 1.584, 1.559, 1.359, 1.271,
                               1.021, 0.649, 0.533, 0.460, 0.411, 0.403, 0.401, 0.384, 0.374};
    int n = (int)(sizeof x / sizeof x[0]);
    KneeOpts o = knee_defaults();
    o.direction = -1;
    KneeResult r;
    knee_find(x, y, n, &o, &r);
    CHECK(r.nlevels >= 2);
    CHECK(r.levels[0].x_last >= 19456);    /* the overshoot is the plateau's */
    CHECK_NEAR(r.levels[0].x_mid, 32768, 0);   /* the last point above the middle */
    CHECK_NEAR(r.levels[0].level, 6.0, 0.1);
    CHECK(r.levels[0].confidence >= 0.5);   /* (0.70: the plateau's end is noisy; 0.97 before, at 22.6 KiB) */
}

TEST(knee_plateau_then_ramp)
{
    /* the dtlb chase on a Zen 4 (measured): 4 c to 64 pages, 11 c to 512 (L1D lines), 22 c to
     * 2048, then page walks: a ramp to the end of the sweep, no last plateau.  The step off the
     * 22-cycle plateau is a knee (the L2 TLB reach) */
    static const double ramp[] = {24.2, 30.0, 44.8, 53.5, 66.0, 67.9, 79.0, 79.7, 92.1, 108.5, 116.1, 120.4};
    double x[64], y[64];
    int n = 0;
    for (int i = 0; n < 64; i++) {
        double xi = round(4 * pow(2, i / 4.0));
        if (xi > 16384) break;
        x[n] = xi;
        y[n] = xi <= 64 ? 4 : xi <= 512 ? 11 : xi <= 2048 ? 22 : 0;
        n++;
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (y[i] == 0)
            y[i] = ramp[k < 11 ? k++ : 11];
    for (int trial = 0; trial < 10; trial++) {
        double yn[64];
        for (int i = 0; i < n; i++)
            yn[i] = y[i] * (1 + 0.005 * gauss());
        KneeResult r;
        knee_find(x, yn, n, NULL, &r);
        CHECK_INT(knee_count(&r, 0.5), 3);
        CHECK_INT(r.nlevels, 4);
        CHECK_NEAR(r.levels[1].x_last, 512, 0);
        CHECK_NEAR(r.levels[2].level, 22, 0.5);
        CHECK(r.levels[2].x_last >= 2048 && r.levels[2].x_mid <= 2900);
        CHECK(r.levels[3].level > 50);
    }
    /* a ramp bending smoothly out of the plateau (each point a little further off than the
     * last: +0.3 %, +1.2 %, +2.7 %, ...) is not a knee: only the two real steps */
    for (int i = 0, j = 0; i < n; i++)
        if (x[i] > 2048)
            j++, y[i] = 22 * exp(0.003 * j * j);
    KneeResult r;
    knee_find(x, y, n, NULL, &r);
    CHECK_INT(knee_count(&r, 0.5), 2);
}

TEST(knee_noisy_plateau_end)
{
    /* a dcache sweep measured on a busy Zen 4 VM (best of the samples, 4 points per octave
     * from 4 KiB): L1D to 26.9 KiB, L2 at 14 c whose last points scatter up to +8 % (215-609
     * KiB) before the gradual step to the L3 (724 KiB: 19.7 c, 861 KiB: 23.7, 1 MiB: 39.7).
     * The scattered points belong to the L2 plateau, whose capacity is where the curve passes
     * halfway to the L3 (861 KiB), not where the scatter begins (181 KiB) */
    static const double y[] = {
        3.983, 3.983, 3.983, 3.983, 4.050, 3.983, 3.983, 3.983, 4.028, 3.983, 3.983, 3.984,
        14.815, 14.025, 13.672, 14.027, 14.154, 13.806, 14.032, 13.996, 13.792, 14.282, 13.945,
        15.062, 14.022, 15.082, 14.727, 14.239, 14.468, 15.150, 19.683, 23.680, 39.726, 42.124,
        44.507, 45.753, 42.481, 43.845, 451.589, 400.072, 437.540, 438.027, 453.531, 442.632,
        443.738, 460.956, 465.100, 456.795, 448.139, 446.232, 451.337, 445.727, 448.818};
    int n = (int)(sizeof y / sizeof y[0]);
    double x[64];
    grid(x, n);
    KneeResult r;
    knee_find(x, y, n, NULL, &r);
    CHECK_INT(knee_count(&r, 0.5), 3);
    CHECK_NEAR(r.levels[0].x_last, x[11], 0);             /* 26.9 KiB; the L1D step to 32 KiB */
    CHECK_NEAR(r.levels[1].level, 14, 0.3);
    CHECK(r.levels[1].x_mid >= 600 * 1024 && r.levels[1].x_mid <= 1100 * 1024);
    CHECK_NEAR(r.levels[2].level, 44, 2);
    CHECK_NEAR(r.levels[3].level, 448, 10);
}

TEST(knee_disturbed_dip)
{
    /* an icache sweep measured on a busy Zen 4 VM (IPC, 4 points per octave from 4 KiB): the
     * L1I plateau at 6 IPC is disturbed at 13.4-19 KiB (2.9-3.9 IPC) and back at 6 from 22.6
     * to 32 KiB before the real step (38 KiB: 1.96).  The plateau goes on to 32 KiB */
    static const double y[] = {
        6.767, 6.200, 7.728, 6.404, 6.194, 6.210, 5.900, 2.903, 3.863, 3.102, 6.168, 6.085, 5.763,
        1.955, 1.892, 1.728, 1.989, 1.961, 2.025, 2.066, 1.972, 1.901, 1.808, 2.034, 2.070, 2.041,
        2.026, 2.063, 2.031, 2.064, 2.023, 1.923, 1.877, 1.785, 1.690, 1.647, 1.467, 1.458, 1.586,
        0.908, 1.528};
    int n = (int)(sizeof y / sizeof y[0]);
    double x[64];
    grid(x, n);
    KneeOpts o = knee_defaults();
    o.direction = -1;
    KneeResult r;
    knee_find(x, y, n, &o, &r);
    CHECK(knee_count(&r, 0.5) >= 1);
    CHECK_NEAR(r.levels[0].x_last, 32768, 0);
    CHECK_NEAR(r.levels[0].level, 6.2, 0.2);
}

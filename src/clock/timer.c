/* timer.c — the counter uarch times with, and its properties.
 *
 * x86-64: rdtsc between lfences (lfence; rdtsc; lfence: earlier instructions have completed
 * before the read, later ones do not start before it).  AArch64: isb; mrs cntvct_el0 (isb keeps
 * the read from being hoisted).  Anything else: clock_gettime in ns.  The frequency is cntfrq_el0
 * on AArch64 and measured against CLOCK_MONOTONIC_RAW on x86-64 (the TSC rate is not
 * architecturally enumerated on AMD, and is a kernel or brand-string guess on Intel).  The
 * granularity is measured the seed's way: the smallest non-zero difference between back-to-back
 * reads (a counter can be enumerated in ns but tick every 41 ns).
 */
#include "clock/clock.h"
#include "util/util.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

uint64_t clock_mono_ns(void)
{
    struct timespec ts;
#ifdef CLOCK_MONOTONIC_RAW
    if (clock_gettime(CLOCK_MONOTONIC_RAW, &ts) != 0)
#endif
        clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#if defined(__x86_64__)
uint64_t clock_ticks(void)
{
    uint32_t lo, hi;
    __asm__ volatile("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi)::"memory");
    return ((uint64_t)hi << 32) | lo;
}
const char *clock_counter_name(void) { return "tsc"; }
double clock_counter_nominal_hz(void) { return 0; }
#elif defined(__aarch64__)
uint64_t clock_ticks(void)
{
    uint64_t v;
    __asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v)::"memory");
    return v;
}
const char *clock_counter_name(void) { return "cntvct_el0"; }
double clock_counter_nominal_hz(void)
{
    uint64_t f;
    __asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
    return (double)f;
}
#else
uint64_t clock_ticks(void) { return clock_mono_ns(); }
const char *clock_counter_name(void) { return "clock_gettime"; }
double clock_counter_nominal_hz(void) { return 1e9; }
#endif

/* Counter ticks per second of CLOCK_MONOTONIC_RAW over `seconds`, median of 5 slices. */
double clock_measure_counter_hz(double seconds)
{
    enum { SLICES = 5 };
    double hz[SLICES];
    uint64_t slice_ns = (uint64_t)(seconds / SLICES * 1e9);
    if (slice_ns < 1000000)
        slice_ns = 1000000;
    for (int i = 0; i < SLICES; i++) {
        uint64_t n0 = clock_mono_ns(), t0 = clock_ticks(), n1, t1;
        do {
            n1 = clock_mono_ns();
            t1 = clock_ticks();
        } while (n1 - n0 < slice_ns);
        hz[i] = (double)(t1 - t0) * 1e9 / (double)(n1 - n0);
    }
    return stats_median(hz, SLICES);
}

double clock_counter_hz(void)
{
    static double hz;
    if (hz == 0) {
        hz = clock_counter_nominal_hz();
        if (hz == 0)
            hz = clock_measure_counter_hz(0.1);
    }
    return hz;
}

uint64_t clock_granularity(void)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 50; i++) {
        uint64_t m[10];
        for (int k = 0; k < 10; k++)
            m[k] = clock_ticks();
        for (int k = 1; k < 10; k++) {
            uint64_t d = m[k] - m[k - 1];
            if (d != 0 && d < best)
                best = d;
        }
    }
    if (best == UINT64_MAX) {
        /* the counter never moved between back-to-back reads: wait for a step */
        uint64_t t0 = clock_ticks(), t1, n0 = clock_mono_ns();
        while ((t1 = clock_ticks()) == t0 && clock_mono_ns() - n0 < 100000000u)
            ;
        best = t1 > t0 ? t1 - t0 : 0;
    }
    return best;
}

/* Cost of one read: 256 back-to-back reads timed together (so a coarse counter still resolves
 * it), median of 15. */
double clock_overhead_ticks(void)
{
    enum { N = 15, READS = 256 };
    double d[N];
    for (int i = 0; i < N; i++) {
        uint64_t a = clock_ticks(), b = a;
        for (int k = 0; k < READS; k++)
            b = clock_ticks();
        d[i] = (double)(b - a) / READS;
    }
    return stats_median(d, N);
}

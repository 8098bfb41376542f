/* coreclock.c — the core clock, by the known-answer trick.
 *
 * A dependent chain of register-register adds runs at exactly one add per core cycle on every
 * out-of-order core we know (x86-64 and AArch64).  Timing NCHAIN-add blocks with the counter at
 * two lengths (k and 2k blocks) and differencing cancels the call and timer overhead; the core
 * clock is adds / seconds, from the fastest timing of each length.  The result is only as good as the timer: if
 * one timer step is more than 0.1 % of a sample, the result is flagged `coarse`.
 */
#include "clock/clock.h"
#include "util/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NCHAIN CLOCK_CHAIN_ADDS
#define STR_(x) #x
#define STR(x) STR_(x)

#if defined(__x86_64__)
void clock_chain(uint64_t iters)
{
    uint64_t x = 0, one = 1;
    __asm__ volatile("1:\n\t.rept " STR(CLOCK_CHAIN_ADDS) "\n\tadd %2, %0\n\t.endr\n\tdec %1\n\tjnz 1b"
                     : "+r"(x), "+r"(iters) : "r"(one) : "cc");
}
#elif defined(__aarch64__)
void clock_chain(uint64_t iters)
{
    uint64_t x = 0, one = 1;
    __asm__ volatile("1:\n\t.rept " STR(CLOCK_CHAIN_ADDS) "\n\tadd %0, %0, %2\n\t.endr\n\tsubs %1, %1, #1\n\tb.ne 1b"
                     : "+r"(x), "+r"(iters) : "r"(one) : "cc");
}
#else
void clock_chain(uint64_t iters)
{
    volatile uint64_t x = 0;     /* no known-answer chain on this ISA: a memory-carried count */
    for (uint64_t i = 0; i < iters * NCHAIN; i++)
        x = x + 1;
}
#endif

/* The clock the chain is timed with: the counter (default) or a caller's source. */
typedef struct Src {
    ClockReadFn read;
    void *ctx;
    double hz, gran;
} Src;

static uint64_t rd(const Src *s) { return s->read ? s->read(s->ctx) : clock_ticks(); }

static bool measure(const Src *src, ClockCore *out);

bool clock_core_measure(int cpu, ClockCore *out)
{
    return clock_core_measure_with(cpu, NULL, NULL, 0, 0, out);
}

bool clock_core_measure_with(int cpu, ClockReadFn read, void *ctx, double hz, uint64_t gran,
                             ClockCore *out)
{
    Src src = {read, ctx, read ? hz : clock_counter_hz(), read ? (double)gran : (double)clock_granularity()};
    out->cpu = -1;
    out->coarse = false;
    if (cpu >= 0) {
        if (!clock_pin(cpu))
            return false;
        out->cpu = cpu;
    }
    for (int attempt = 0; attempt < 3; attempt++)   /* a very busy machine can spoil one */
        if (measure(&src, out))
            return true;
    return false;
}

static bool measure(const Src *src, ClockCore *out)
{
    enum { SAMPLES = 201 };
    static const double TARGET_S = 50e-6;
    double hz = src->hz, gran = src->gran > 0 ? src->gran : 1;
    /* size a sample to ~50 us and at least 1000 timer steps (0.1 %); the first call is not timed
     * (page faults, a JIT under qemu).  Short enough that many samples fall between two timer
     * interrupts: in a virtual machine each one costs tens of us (an exit to the hypervisor),
     * and samples of 1 ms, which always hold one, made the clock 3-10 % low (a bhyve guest:
     * 3.15 .. 3.45 GHz against 3.51 .. 3.58 GHz, and 2.86 cycles for a 3-cycle imul chain) */
    uint64_t k = 3;
    clock_chain(1);
    for (int tries = 0; tries < 24; tries++) {
        double ticks = INFINITY;             /* fastest of 3: one preempted timing must not */
        for (int r = 0; r < 3; r++) {        /* stop the sizing early */
            uint64_t t0 = rd(src);
            clock_chain(k);
            ticks = fmin(ticks, (double)(rd(src) - t0));
        }
        double s = ticks / hz;
        if (s >= TARGET_S / 2 && ticks >= 1000 * gran)
            break;
        double f = s > 0 ? TARGET_S / s : 8;
        if (gran > 0 && ticks > 0 && 1200 * gran / ticks > f)
            f = 1200 * gran / ticks;
        k = (uint64_t)((double)k * (f < 1.5 ? 1.5 : f > 10 ? 10 : f)) + 1;
    }
    /* warm up ~30 ms so the core leaves any low-power state, then per length keep the fastest
     * of SAMPLES timings (fixed work: interference only ever adds time) */
    uint64_t w0 = clock_mono_ns();
    while (clock_mono_ns() - w0 < 30000000u)
        clock_chain(k / 4 + 1);
    double d1[SAMPLES], d2[SAMPLES];
    for (int i = 0; i < SAMPLES; i++) {
        uint64_t t0 = rd(src);
        clock_chain(k);
        uint64_t t1 = rd(src);
        clock_chain(2 * k);
        uint64_t t2 = rd(src);
        d1[i] = (double)(t1 - t0), d2[i] = (double)(t2 - t1);
    }
    /* the one formula of the core clock (clock_rounds): the fastest timings' clock, the spread
     * of the samples' own */
    ClockRounds cr;
    clock_rounds(d1, d2, SAMPLES, (double)k * NCHAIN, hz, &cr);
    out->hz = cr.fast_hz;
    out->spread = cr.median_hz > 0 ? (cr.q75_hz - cr.q25_hz) / cr.median_hz : 0;
    out->sample_s = out->hz > 0 ? (double)k * NCHAIN / out->hz : 0;
    out->coarse = out->sample_s > 0 && gran / hz > 1e-3 * out->sample_s;
    return out->hz > 0;
}

double clock_core_hz(void)
{
    static double hz;
    if (hz == 0) {
        ClockCore c;
        if (clock_core_measure(-1, &c))
            hz = c.hz;
    }
    return hz;
}

bool clock_rounds(const double *d1, const double *d2, int n, double adds, double timer_hz, ClockRounds *out)
{
    memset(out, 0, sizeof *out);
    double m1 = INFINITY, m2 = INFINITY;
    double *v = xmalloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    for (int i = 0; i < n; i++) {
        m1 = fmin(m1, d1[i]);
        m2 = fmin(m2, d2[i]);
        if (d2[i] > d1[i])
            v[out->n++] = adds * timer_hz / (d2[i] - d1[i]);
    }
    if (m2 > m1 && isfinite(m2))
        out->fast_hz = adds * timer_hz / (m2 - m1);
    if (out->n > 0) {
        out->median_hz = stats_median(v, out->n);
        out->q25_hz = stats_quantile(v, out->n, 0.25);
        out->q75_hz = stats_quantile(v, out->n, 0.75);
    }
    free(v);
    out->steady = out->fast_hz > 0 && out->median_hz > 0 &&
                  fabs(out->fast_hz - out->median_hz) <= CLOCK_STEADY_TOL * out->median_hz;
    return out->fast_hz > 0 && out->median_hz > 0;
}

/* timer.c — the counter uarch times with, and its properties.
 *
 * x86-64: rdtsc between lfences (lfence; rdtsc; lfence: earlier instructions have completed
 * before the read, later ones do not start before it).  AArch64: isb; mrs cntvct_el0 (isb keeps
 * the read from being hoisted).  Anything else: clock_gettime in ns.  The frequency is cntfrq_el0
 * on AArch64 and measured against CLOCK_MONOTONIC_RAW on x86-64 (the TSC rate is not
 * architecturally enumerated on AMD, and is a kernel or brand-string guess on Intel).
 *
 * The granularity is the smallest step the counter shows (a counter can be enumerated in ns but
 * tick every 41 ns), taken from plain back-to-back reads: a fenced read costs more than one step
 * of a coarse counter, so consecutive fenced reads never see the step itself (a TSC that steps
 * by 26 looked like 52).  clock_step_estimate() is the estimator, on an array of reads.
 */
#include "clock/clock.h"
#include "util/util.h"

#include <math.h>
#include <stdatomic.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
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
static uint64_t ticks_plain(void)
{
    uint32_t lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi)::"memory");
    return ((uint64_t)hi << 32) | lo;
}
static uint64_t ticks_rdtscp(void)
{
    uint32_t lo, hi, aux;
    __asm__ volatile("rdtscp" : "=a"(lo), "=d"(hi), "=c"(aux)::"memory");
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
static uint64_t ticks_plain(void)
{
    uint64_t v;
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(v)::"memory");
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
static uint64_t ticks_plain(void) { return clock_mono_ns(); }
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

uint64_t clock_ticks_plain(void) { return ticks_plain(); }

static uint64_t ticks_gettime(void)
{
    /* what a portable program would read: timed in counter ticks by the caller */
    return clock_mono_ns();
}

const ClockFlavour clock_flavours[] = {
#if defined(__x86_64__)
    {"rdtsc", "plain rdtsc (no fence: may move against the code around it)", ticks_plain},
    {"lfence; rdtsc; lfence", "fenced, what uarch times with", clock_ticks},
    {"rdtscp", "waits for earlier instructions, not later ones", ticks_rdtscp},
#elif defined(__aarch64__)
    {"mrs cntvct_el0", "plain read (no isb: may be hoisted)", ticks_plain},
    {"isb; mrs cntvct_el0", "with isb, what uarch times with", clock_ticks},
#endif
    {"clock_gettime", "CLOCK_MONOTONIC_RAW through the vDSO", ticks_gettime},
};
const int clock_flavour_count = (int)(sizeof clock_flavours / sizeof clock_flavours[0]);

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b, b = t;
    }
    return a;
}

/* The share of reads whose value mod c is within one tick of the commonest phase: near 1 when
 * the counter moves in steps of c (read with a tick of jitter), low when it does not. */
static double phase_share(const uint64_t *reads, size_t n, uint64_t c)
{
    size_t *h = xcalloc((size_t)c, sizeof *h), best = 0;
    for (size_t i = 0; i < n; i++)
        h[reads[i] % c]++;
    for (uint64_t p = 0; p < c; p++) {
        size_t w = h[(p + c - 1) % c] + h[p] + h[(p + 1) % c];
        if (w > best)
            best = w;
    }
    free(h);
    return (double)best / (double)n;
}

ClockStep clock_step_estimate(const uint64_t *reads, size_t n)
{
    ClockStep st = {0, false, 0, 0, 0};
    if (n < 2)
        return st;
    uint64_t *d = xmalloc(sizeof *d * (n - 1));
    size_t nd = 0;
    for (size_t i = 1; i < n; i++) {
        if (reads[i] < reads[i - 1])
            st.backwards++;
        else if (reads[i] == reads[i - 1])
            st.repeats++;
        else
            d[nd++] = reads[i] - reads[i - 1];
    }
    st.steps = nd;
    if (nd == 0) {
        free(d);
        return st;
    }
    qsort(d, nd, sizeof *d, cmp_u64);
    /* the commonest difference, and the gcd of the common ones (2 % of the differences or more:
     * a lone one, an interrupt or a read on another CPU, does not count) */
    uint64_t mode = d[0], g = 0;
    size_t mode_n = 0, common = 0;
    for (size_t i = 0; i < nd;) {
        size_t j = i;
        while (j < nd && d[j] == d[i])
            j++;
        if (j - i > mode_n)
            mode = d[i], mode_n = j - i;
        if ((j - i) * 50 >= nd)
            g = gcd_u64(g, d[i]), common++;
        i = j;
    }
    if (g == 0)
        g = mode;
    /* A counter that steps by c, read with a tick of jitter (a VM's scaled TSC reads one tick
     * late now and then: differences 26, 1, 25, 26), shows differences that are not multiples
     * of c; its values still keep to one phase mod c.  So the step is the commonest difference
     * (or the gcd of the common ones) when the values keep to its phase, else the exact gcd. */
    const uint64_t cand[2] = {mode, g};
    st.ticks = g;
    for (int k = 0; k < 2; k++)
        if (cand[k] >= 4 && cand[k] <= (1u << 24) && phase_share(reads, n, cand[k]) >= 0.9) {
            st.ticks = cand[k];
            break;
        }
    /* exact when two reads fell within one step (a repeat, or a jitter difference under half a
     * step) or two different common differences pin it down; else every difference was the
     * same, and the step may be any divisor of it */
    size_t within = st.repeats;
    for (size_t i = 0; i < nd; i++)
        within += d[i] * 2 < st.ticks;
    st.exact = within > 0 || common >= 2;
    free(d);
    return st;
}

ClockStep clock_granularity_of(ClockReadFn0 read)
{
    enum { N = 16384 };
    uint64_t *r = xmalloc(sizeof *r * N);
    for (size_t i = 0; i < N; i++)
        r[i] = read();
    ClockStep st = clock_step_estimate(r, N);
    if (st.ticks == 0) {
        /* the counter never moved between back-to-back reads: wait for a step */
        uint64_t t0 = read(), t1, n0 = clock_mono_ns();
        while ((t1 = read()) == t0 && clock_mono_ns() - n0 < 100000000u)
            ;
        st.ticks = t1 > t0 ? t1 - t0 : 0;
        st.exact = false;
    }
    free(r);
    return st;
}

uint64_t clock_granularity(void)
{
    static uint64_t g;
    if (g == 0)
        g = clock_granularity_of(ticks_plain).ticks;
    return g;
}

/* Cost of one read: 256 back-to-back reads timed together with the fenced counter (so a coarse
 * counter still resolves it), median of 15. */
double clock_overhead_of(ClockReadFn0 read)
{
    enum { N = 15, READS = 256 };
    double d[N];
    for (int i = 0; i < N; i++) {
        uint64_t a = clock_ticks();
        for (int k = 0; k < READS; k++)
            (void)read();
        uint64_t b = clock_ticks();
        d[i] = (double)(b - a) / READS;
    }
    return stats_median(d, N);
}

double clock_overhead_ticks(void) { return clock_overhead_of(clock_ticks); }

/* ---- cross-CPU synchronisation ---------------------------------------------------------- */

typedef struct SyncShared {
    _Atomic uint64_t turn;       /* 2i+1: A has stamped round i; 2i+2: B has */
    _Atomic uint64_t stamp;
    _Atomic int ready, failed;
    int cpu[2];
    int rounds;
    int64_t min_ab, min_ba;      /* reader's read minus writer's stamp, smallest */
    size_t back[2];              /* backward steps in each thread's run of reads */
    int done;                    /* rounds completed */
} SyncShared;

/* spin until turn == want; false after 2 s (a vCPU not scheduled) */
static bool sync_wait(SyncShared *sh, uint64_t want)
{
    uint64_t n0 = 0;
    for (unsigned k = 1;; k++) {
        uint64_t t = atomic_load_explicit(&sh->turn, memory_order_acquire);
        if (t == want)
            return true;
        if (t == UINT64_MAX)       /* A ran out of time: done */
            return false;
        if (atomic_load_explicit(&sh->failed, memory_order_relaxed))
            return false;
        if ((k & 4095) == 0) {
            uint64_t t = clock_mono_ns();
            if (n0 == 0)
                n0 = t;
            else if (t - n0 > 2000000000u) {
                atomic_store(&sh->failed, 1);
                return false;
            }
        }
    }
}

static void *sync_thread(void *arg)
{
    SyncShared *sh = arg;
    int me = atomic_fetch_add(&sh->ready, 1) == 0 ? 0 : 1;
    if (!clock_pin(sh->cpu[me])) {
        atomic_store(&sh->failed, 1);
        return NULL;
    }
    /* monotonicity on this CPU: fenced reads in a row */
    uint64_t prev = clock_ticks();
    for (int i = 0; i < 65536; i++) {
        uint64_t t = clock_ticks();
        sh->back[me] += t < prev;
        prev = t;
    }
    uint64_t deadline = clock_mono_ns() + 500000000u;   /* at most half a second of rounds */
    for (int i = 0; i < sh->rounds; i++) {
        uint64_t base = 2 * (uint64_t)i;
        if (me == 0) {
            if (i > 0 && !sync_wait(sh, base))
                return NULL;
            if (clock_mono_ns() > deadline) {
                atomic_store_explicit(&sh->turn, UINT64_MAX, memory_order_release);
                return NULL;
            }
            uint64_t t = clock_ticks();
            if (i > 0) {
                int64_t d = (int64_t)(t - atomic_load(&sh->stamp));
                if (d < sh->min_ba)
                    sh->min_ba = d;
                t = clock_ticks();
            }
            atomic_store(&sh->stamp, t);
            atomic_store_explicit(&sh->turn, base + 1, memory_order_release);
        } else {
            if (!sync_wait(sh, base + 1))
                return NULL;
            uint64_t t = clock_ticks();
            int64_t d = (int64_t)(t - atomic_load(&sh->stamp));
            if (d < sh->min_ab)
                sh->min_ab = d;
            sh->done = i + 1;
            atomic_store(&sh->stamp, clock_ticks());
            atomic_store_explicit(&sh->turn, base + 2, memory_order_release);
        }
    }
    return NULL;
}

bool clock_sync_measure(int cpu_a, int cpu_b, int rounds, ClockSync *out)
{
    SyncShared sh;
    memset(&sh, 0, sizeof sh);
    atomic_init(&sh.turn, 0);
    atomic_init(&sh.stamp, 0);
    atomic_init(&sh.ready, 0);
    atomic_init(&sh.failed, 0);
    sh.cpu[0] = cpu_a, sh.cpu[1] = cpu_b;
    sh.rounds = rounds;
    sh.min_ab = sh.min_ba = INT64_MAX;
    pthread_t th[2];
    int made = 0;
    for (; made < 2; made++)
        if (pthread_create(&th[made], NULL, sync_thread, &sh) != 0)
            break;
    if (made < 2)
        atomic_store(&sh.failed, 1);
    for (int i = 0; i < made; i++)
        pthread_join(th[i], NULL);
    memset(out, 0, sizeof *out);
    out->cpu_a = cpu_a, out->cpu_b = cpu_b;
    out->back_a = sh.back[0], out->back_b = sh.back[1];
    out->rounds = sh.done;
    if (atomic_load(&sh.failed) || sh.min_ab == INT64_MAX || sh.min_ba == INT64_MAX)
        return false;
    clock_sync_bounds(sh.min_ab, sh.min_ba, out);
    return true;
}

void clock_sync_bounds(int64_t min_ab, int64_t min_ba, ClockSync *out)
{
    /* B's clock minus A's is theta.  A message A -> B that left at A's t and arrived at B's t'
     * took t' - t - theta >= 0, so theta <= min_ab; the other way theta >= -min_ba */
    out->min_ab = min_ab, out->min_ba = min_ba;
    out->offset_hi = (double)min_ab;
    out->offset_lo = -(double)min_ba;
    out->synchronised = out->offset_lo <= 0 && out->offset_hi >= 0;
}

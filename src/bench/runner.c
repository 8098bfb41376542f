/* runner.c — time kernels in a pinned child process.
 *
 * The parent maps a shared results area, forks, and waits.  The child pins itself to the CPU,
 * opens the counters (perf_event_open through src/pmu/; when the machine has no core PMU or the
 * kernel refuses, the software task-clock (ns on the CPU, so time slices given to other
 * processes do not count), else the timer (wall ticks): value x core_hz / timer_hz, with the
 * core clock of the child: a 1-cycle add chain timed beside every round), allocates
 * the scratch memory, arms alarm(timeout), runs `warmup` unrecorded rounds and then `runs` rounds, each calling every kernel once with the counters
 * read around the call and the CPU checked before and after.  A snippet that faults kills only
 * the child: the parent reports the signal.  Rounds that migrated are dropped
 * (bench_drop_migrated, stats.c) and counted.
 */
#define _GNU_SOURCE
#define _DARWIN_C_SOURCE        /* MAP_ANON, sysctl & co. on macOS */
#include "bench/bench.h"
#include "clock/clock.h"
#include "pmu/pmu.h"

#include "util/util.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct Shared {
    int status;                          /* 0 ok, 1 setup error (msg) */
    char msg[256];
    char note[512];                      /* "no hardware counters ..." (printed by the parent) */
    char backend[32];
    int ncounters;
    char counter[BENCH_MAX_COUNTERS][BENCH_COUNTER_NAME];
    double core_hz, timer_hz;
    double clock_fast_hz, clock_median_hz, clock_q25_hz, clock_q75_hz;
    int clock_steady;
    int cpu;
    int started;                         /* the first kernel call began */
    int finished;                        /* the sentinel: every call returned (set after the
                                          * timed rounds; a snippet that ends the process never
                                          * gets there) */
    /* followed by: double v[nfns*ncounters*runs]; int before[runs]; int after[runs] */
} Shared;

static size_t shared_size(int nfns, int runs)
{
    return sizeof(Shared) + sizeof(double) * (size_t)nfns * BENCH_MAX_COUNTERS * (size_t)runs +
           2 * sizeof(int) * (size_t)runs;
}

static uint64_t read_task(void *ctx)
{
    uint64_t v = 0;
    pmu_read(*(int *)ctx, &v);
    return v;
}

/* counter 0: the perf event (cycles or the task-clock) on fd, else the timer */
static inline uint64_t read0(int fd, bool event)
{
    uint64_t v = 0;
    if (event)
        pmu_read(fd, &v);
    else
        v = clock_ticks();
    return v;
}

static void child(const BenchRunOpts *o, BenchFn *fns, int nfns, Shared *sh)
{
    int runs = o->runs, nc;
    double *v = (double *)(sh + 1);
    int *before = (int *)(v + (size_t)nfns * BENCH_MAX_COUNTERS * (size_t)runs);
    int *after = before + runs;
    char names[BENCH_MAX_COUNTERS][BENCH_COUNTER_NAME], specs[BENCH_MAX_COUNTERS][BENCH_COUNTER_SPEC];
    memset(names, 0, sizeof names);
    nc = bench_counters_split(o->counters, specs, names, BENCH_MAX_COUNTERS, sh->msg, sizeof sh->msg);
    if (nc < 0) {
        sh->status = 1;
        return;
    }

    int cpu = o->cpu >= 0 ? o->cpu : clock_current_cpu();
    sh->cpu = cpu;
    if (cpu >= 0 && !clock_pin(cpu) && o->cpu >= 0) {
        if (errno == EINVAL || cpu >= clock_ncpus())   /* (sched_setaffinity's EINVAL: no such CPU online) */
            snprintf(sh->msg, sizeof sh->msg, "CPU %d is not online (-cpu: 0 .. %d)", cpu, clock_ncpus() - 1);
        else
            snprintf(sh->msg, sizeof sh->msg, "cannot pin to CPU %d: %s", cpu, strerror(errno));
        sh->status = 1;
        return;
    }
    /* counters: all of them from perf; else cycles from task-clock (on-CPU ns) or the timer
     * (wall ticks), converted with the core clock.  Extra counters need perf. */
    const char *want = o->backend && *o->backend ? o->backend : "auto";
    bool any = strcmp(want, "auto") == 0;
    if (!any && strcmp(want, "perf_event") != 0 && strcmp(want, "task-clock") != 0 && strcmp(want, "timer") != 0) {
        snprintf(sh->msg, sizeof sh->msg, "unknown backend '%s' (want auto, perf_event, task-clock or timer)", want);
        sh->status = 1;
        return;
    }
    int fds[BENCH_MAX_COUNTERS];
    /* counters beyond cycles: any event of the pmu layer's backends (pmu_multi_open: perf's
     * software events, msr/tsc/, pmu/term=v,.../, raw; apple:0xNN), whatever counts the cycles */
    PmuMulti *extra = NULL;
    bool perf = any || strcmp(want, "perf_event") == 0;
    char why[256] = "";
    const char *extra_specs[BENCH_MAX_COUNTERS];
    for (int c = 1; c < nc; c++)
        extra_specs[c - 1] = specs[c];
    if (nc > 1 && !(extra = pmu_multi_open(extra_specs, nc - 1, o->modes, sh->msg, sizeof sh->msg))) {
        sh->status = 1;
        return;
    }
    if (!perf)
        snprintf(why, sizeof why, "backend '%s' asked for", want);
    PmuEvent ev0;
    fds[0] = -1;
    if (perf && pmu_resolve("/sys", specs[0], &ev0, why, sizeof why)) {
        ev0.modes = o->modes;
        fds[0] = pmu_open(&ev0, why, sizeof why);
    }
    if (fds[0] < 0)
        perf = false;
    if (!perf && strcmp(want, "perf_event") == 0) {
        snprintf(sh->msg, sizeof sh->msg, "%s", why);
        sh->status = 1;
        pmu_multi_close(extra);
        return;
    }
    bool task = false;
    if (!perf) {
        pmu_close(fds[0]);
        char why2[256] = "";
        PmuEvent tc;
        if ((any || strcmp(want, "task-clock") == 0) && pmu_task_clock("/sys", &tc, why2, sizeof why2) &&
            (fds[0] = pmu_open(&tc, why2, sizeof why2)) >= 0) {
            task = true;
            snprintf(sh->note, sizeof sh->note, "%s; cycles are task-clock ns (time on the CPU) converted "
                     "with the core clock measured beside every round", why);
            snprintf(sh->backend, sizeof sh->backend, "task-clock");
            sh->timer_hz = 1e9;
        } else {
            if (strcmp(want, "task-clock") == 0) {
                snprintf(sh->msg, sizeof sh->msg, "%s", why2);
                sh->status = 1;
                return;
            }
            snprintf(sh->note, sizeof sh->note, "%s%s%s; cycles are timer ticks converted with the core "
                     "clock measured beside every round", why, why2[0] ? "; " : "", why2);
            snprintf(sh->backend, sizeof sh->backend, "timer");
            sh->timer_hz = clock_counter_hz();
        }
        if (o->modes) {   /* -usr/-os: the other counters honour them, the cycles cannot */
            size_t l = strlen(sh->note);
            snprintf(sh->note + l, sizeof sh->note - l, "; -usr/-os do not apply to these cycles (%s "
                     "counts time in user and kernel mode)", task ? "task-clock" : "the timer");
        }
        if (o->core_hz > 0) {
            sh->core_hz = o->core_hz;
        } else if (task) {                   /* the core clock on the same, preemption-free clock */
            ClockCore cc;
            sh->core_hz = clock_core_measure_with(-1, read_task, &fds[0], 1e9, 1, &cc) ? cc.hz : 0;
        } else {
            sh->core_hz = clock_core_hz();
        }
        if (sh->core_hz <= 0) {
            snprintf(sh->msg, sizeof sh->msg, "cannot measure the core clock");
            sh->status = 1;
            return;
        }
    } else {
        snprintf(sh->backend, sizeof sh->backend, "perf_event");
    }
    sh->ncounters = nc;
    memcpy(sh->counter, names, sizeof sh->counter);

    void *scratch = NULL;
    if (posix_memalign(&scratch, 4096, BENCH_SCRATCH) != 0) {
        snprintf(sh->msg, sizeof sh->msg, "out of memory for the scratch area");
        sh->status = 1;
        return;
    }
    memset(scratch, 0, BENCH_SCRATCH);
    if (o->timeout_s > 0)
        alarm((unsigned)(o->timeout_s + 0.999));
    if (o->once) {
        sh->started = 1;
        o->once(1, scratch);
    }
    /* Without the PMU the core clock is not the one measured before: this guest's clock moves in
     * 100 MHz steps within seconds (2.55 .. 2.79 GHz over one minute, a sweep of minutes
     * converting with its first reading was up to 9 % off: 6.5 "NOPs per cycle" on a 6-wide
     * core).  So every round also times the add chain (clock_chain: one cycle an add) at two
     * lengths, ~50 and ~100 us, with the same counter, and the cycles of this process's rounds
     * are converted with the clock of the statistic (clock_rounds, clock.h): the fastest timing
     * of each length for a minimum, the median of the rounds' own clocks for the median; where
     * the two differ by more than 3 % the clock moved between rounds (BenchSamples.clock_steady,
     * which `bench run` says). */
    uint64_t refk = perf ? 0 : (uint64_t)(50e-6 * sh->core_hz / CLOCK_CHAIN_ADDS) + 1;
    double *ref1 = NULL, *ref2 = NULL;         /* each round's timing of each length */
    int nref = 0;
    if (refk) {
        ref1 = xmalloc(sizeof(double) * (size_t)(runs + o->warmup));
        ref2 = xmalloc(sizeof(double) * (size_t)(runs + o->warmup));
    }
    sh->started = 1;
    for (int r = -o->warmup; r < runs; r++) {
        int cb = clock_current_cpu(), moved = 0;
        for (int f = 0; f < nfns; f++) {
            uint64_t c0[BENCH_MAX_COUNTERS], c1[BENCH_MAX_COUNTERS];
            int b = clock_current_cpu();
            c0[0] = read0(fds[0], perf || task);
            if (extra)
                pmu_multi_read(extra, &c0[1]);
            fns[f](o->fn_iters && o->fn_iters[f] ? o->fn_iters[f] : o->iters, scratch);
            if (extra)
                pmu_multi_read(extra, &c1[1]);
            c1[0] = read0(fds[0], perf || task);
            if (clock_current_cpu() != b)
                moved = 1;
            if (r >= 0)
                for (int c = 0; c < nc; c++)
                    v[((size_t)f * nc + c) * runs + r] = (double)(c1[c] - c0[c]);
        }
        if (refk) {
            uint64_t t0 = read0(fds[0], task), t1, t2;
            clock_chain(refk);
            t1 = read0(fds[0], task);
            clock_chain(2 * refk);
            t2 = read0(fds[0], task);
            if (r > -o->warmup || o->warmup == 0) {   /* (all but a first, cold one) */
                ref1[nref] = (double)(t1 - t0);
                ref2[nref++] = (double)(t2 - t1);
            }
        }
        if (r >= 0) {
            before[r] = cb;
            after[r] = moved ? -2 : clock_current_cpu();
        }
    }
    alarm(0);
    if (refk) {   /* (the long chain less the short one: the reads' cost cancels) */
        ClockRounds cr;
        if (clock_rounds(ref1, ref2, nref, (double)refk * CLOCK_CHAIN_ADDS, sh->timer_hz, &cr)) {
            /* the clock of the statistic: under load the fastest timings (fixed work: interference
             * only adds time) come from the rounds at the highest clock, while the median round
             * ran at the typical one (this guest: 2.994 GHz against 2.545, 1.17 cycles an add) */
            sh->core_hz = o->clock_median ? cr.median_hz : cr.fast_hz;
            sh->clock_fast_hz = cr.fast_hz;
            sh->clock_median_hz = cr.median_hz;
            sh->clock_q25_hz = cr.q25_hz;
            sh->clock_q75_hz = cr.q75_hz;
            sh->clock_steady = cr.steady;
        }
        free(ref1);
        free(ref2);
        for (int f = 0; f < nfns; f++)
            for (int r = 0; r < runs; r++)
                v[(size_t)f * nc * runs + r] *= sh->core_hz / sh->timer_hz;
    }
    sh->finished = 1;
    free(scratch);
    if (perf || task)
        pmu_close(fds[0]);
    pmu_multi_close(extra);
}

BenchStatus bench_run(const BenchRunOpts *opts, BenchFn *fns, int nfns, BenchSamples *out,
                      char *msg, size_t msgsz)
{
    char dummy[8];
    if (!msg)
        msg = dummy, msgsz = sizeof dummy;
    msg[0] = 0;
    memset(out, 0, sizeof *out);
    if (nfns < 1 || nfns > BENCH_MAX_FNS) {
        snprintf(msg, msgsz, "bad number of kernels (%d)", nfns);
        return BENCH_ERROR;
    }
    BenchRunOpts o = *opts;
    if (o.runs <= 0)
        o.runs = 64;
    if (o.warmup == 0)
        o.warmup = 2;
    else if (o.warmup < 0)
        o.warmup = 0;
    if (o.iters == 0)
        o.iters = 1000;
    if (o.timeout_s <= 0)
        o.timeout_s = 60;
    size_t sz = shared_size(nfns, o.runs);
    Shared *sh = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED) {
        snprintf(msg, msgsz, "mmap of %zu bytes failed: %s", sz, strerror(errno));
        return BENCH_ERROR;
    }
    memset(sh, 0, sizeof *sh);
    clock_counter_hz();                      /* measured once here, inherited by every child */
    fflush(NULL);
    cleanup_block(true);                     /* no signal between the fork and cleanup_child */
    pid_t pid = fork();
    if (pid < 0) {
        cleanup_block(false);
        snprintf(msg, msgsz, "fork failed: %s", strerror(errno));
        munmap(sh, sz);
        return BENCH_ERROR;
    }
    if (pid == 0) {
        cleanup_child_signals();             /* SIGINT, SIGTERM, SIGHUP end the child */
        cleanup_block(false);
        bench_child_default_signals();
        child(&o, fns, nfns, sh);
        _exit(0);
    }
    cleanup_child(pid);                      /* a signal to uarch is passed on to it */
    cleanup_block(false);
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            cleanup_child(0);
            snprintf(msg, msgsz, "waitpid failed: %s", strerror(errno));
            munmap(sh, sz);
            return BENCH_ERROR;
        }
    cleanup_child(0);
    BenchStatus rc = BENCH_OK;
    if (WIFSIGNALED(st)) {
        int sig = WTERMSIG(st);
        if (cleanup_catches(sig)) {
            snprintf(msg, msgsz, "the measurement was interrupted (%s)", cleanup_signame(sig));
            rc = BENCH_INTERRUPTED;
        } else if (sig == SIGALRM) {
            snprintf(msg, msgsz, "the snippet did not finish within %.0f s (killed)", o.timeout_s);
            rc = BENCH_TIMEOUT;
        } else {
            const char *name = sig == SIGSEGV ? "SIGSEGV" : sig == SIGILL ? "SIGILL" : sig == SIGBUS ? "SIGBUS"
                             : sig == SIGFPE ? "SIGFPE" : sig == SIGTRAP ? "SIGTRAP" : sig == SIGABRT ? "SIGABRT" : "a signal";
            snprintf(msg, msgsz, "the snippet crashed with %s (signal %d)", name, sig);
            rc = BENCH_CRASHED;
        }
    } else if (sh->started && !sh->finished) {
        /* exited (exit, exit_group) from inside a kernel: the timings are of nothing */
        snprintf(msg, msgsz, "the snippet ended the process (exit status %d) instead of returning; "
                 "nothing was measured", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
        rc = BENCH_CRASHED;
    } else if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        snprintf(msg, msgsz, "the measuring process exited with status %d",
                 WIFEXITED(st) ? WEXITSTATUS(st) : -1);
        rc = BENCH_ERROR;
    } else if (sh->status != 0) {
        snprintf(msg, msgsz, "%s", sh->msg);
        rc = BENCH_ERROR;
    } else if (!sh->finished) {
        snprintf(msg, msgsz, "the measuring process ended before measuring (no sentinel)");
        rc = BENCH_ERROR;
    }
    if (rc != BENCH_OK) {
        munmap(sh, sz);
        return rc;
    }
    if (sh->note[0] && !o.quiet) {
        static bool said;                    /* say it once per process */
        if (!said)
            fprintf(stderr, "uarch: note: %s\n", sh->note);
        said = true;
    }
    out->nfns = nfns;
    out->runs = o.runs;
    out->ncounters = sh->ncounters;
    memcpy(out->counter, sh->counter, sizeof out->counter);
    snprintf(out->backend, sizeof out->backend, "%s", sh->backend);
    out->core_hz = sh->core_hz;
    out->timer_hz = sh->timer_hz;
    out->clock_fast_hz = sh->clock_fast_hz;
    out->clock_median_hz = sh->clock_median_hz;
    out->clock_q25_hz = sh->clock_q25_hz;
    out->clock_q75_hz = sh->clock_q75_hz;
    out->clock_steady = sh->clock_steady != 0;
    out->cpu = sh->cpu;
    size_t nrows = (size_t)nfns * (size_t)sh->ncounters;
    out->v = xmalloc(sizeof(double) * nrows * (size_t)o.runs);
    const double *sv = (const double *)(sh + 1);
    memcpy(out->v, sv, sizeof(double) * nrows * (size_t)o.runs);
    const int *before = (const int *)(sv + (size_t)nfns * BENCH_MAX_COUNTERS * (size_t)o.runs);
    const int *after = before + o.runs;
    out->dropped = bench_drop_migrated(out->v, (int)nrows, o.runs, before, after, sh->cpu, &out->kept);
    munmap(sh, sz);
    return BENCH_OK;
}

void bench_samples_free(BenchSamples *s)
{
    free(s->v);
    s->v = NULL;
}

void bench_child_default_signals(void)
{
    static const int sigs[] = {SIGALRM, SIGSEGV, SIGILL, SIGBUS, SIGFPE, SIGTRAP};
    for (size_t i = 0; i < ARRAY_LEN(sigs); i++)
        signal(sigs[i], SIG_DFL);
}

/* measure.c — pmu_measure: counts of events over several lengths of a kernel, with any backend.
 *   sim            the block simulated for `len` iterations;
 *   native kernel  a C routine (software probes: touch pages) run in this process between two
 *                  reads of counters opened on the calling thread;
 *   asm kernel     one function per length (len / PMU_ITERS copies of the body in a loop of
 *                  PMU_ITERS iterations), generated and loaded by the bench layer (same snippet
 *                  syntax as `uarch bench run`), run in a pinned child process that opens the
 *                  counters on itself; a crash or a hang of the kernel is reported, uarch
 *                  survives.  Each length is run PMU_REPS times, the median kept.
 * n must not exceed the backend's counters (callers rotate: stat.c, scan.c). */
#define _GNU_SOURCE
#include "pmu/pmu.h"
#include "bench/bench.h"
#include "clock/clock.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define PMU_ITERS 100
#define PMU_REPS 5
#define PMU_TIMEOUT_S 30

static bool measure_native(const PmuBackend *b, const PmuKernel *k, const long *lens, int nlens,
                           const PmuEventInfo *ev, int n, double *vals, Diag *err)
{
    char why[300];
    PmuSet *s = b->open(ev, n, 0, why, sizeof why);
    if (!s) {
        diag_set(err, "", 0, 0, NULL, "%s", why);
        return false;
    }
    PmuValue v0[PMU_MAX_EVENTS], v1[PMU_MAX_EVENTS];
    bool ok = true;
    for (int l = 0; l < nlens && ok; l++) {
        ok = b->read(s, v0);
        k->native(lens[l]);
        ok = ok && b->read(s, v1);
        for (int i = 0; i < n; i++)
            vals[l * n + i] = (double)(v1[i].raw - v0[i].raw);
    }
    b->close(s);
    if (!ok)
        diag_set(err, "", 0, 0, NULL, "cannot read the counters");
    return ok;
}

/* the first CPU of a list "4-7,9" (-1: none) */
static int first_cpu(const char *list)
{
    return list && *list ? atoi(list) : -1;
}

static bool measure_asm(const PmuBackend *b, const PmuKernel *k, const long *lens, int nlens,
                        const PmuEventInfo *ev, int n, double *vals, Diag *err)
{
    if (nlens > 16)
        bug("measure_asm: %d lengths", nlens);
    /* a kernel that writes the loop counter would run until the timeout: refused first, as
     * `bench run` refuses it */
    /* x86-64: AT&T or nanoBench's Intel syntax, as the text reads (bench_syntax_guess) */
    const char *texts[] = {k->body, k->init};
    BenchSyntax syn = bench_host_arch() == BENCH_X86_64 ? bench_syntax_guess(texts, 2, NULL) : BENCH_ATT;
    if (!bench_check_reserved(bench_host_arch(), syn, k->init, "<init>", 1, err) ||
        !bench_check_body(bench_host_arch(), syn, k->body, k->name, 1, err))
        return false;
    BenchProgram p;
    bench_prog_init(&p, bench_host_arch(), syn);
    char sym[16][16];
    for (int l = 0; l < nlens; l++) {
        snprintf(sym[l], sizeof sym[l], "uarch_pmu_%d", l);
        long u = lens[l] / PMU_ITERS;
        BenchKernel bk = {.symbol = sym[l], .init = k->init, .body = k->body, .body_file = k->name,
                          .unroll = (int)(u > 0 ? u : 1)};
        bench_prog_kernel(&p, &bk);
    }
    BenchLib *lib = bench_build(&p, false, err);
    bench_prog_free(&p);
    if (!lib)
        return false;
    BenchFn fn[16];
    for (int l = 0; l < nlens; l++)
        fn[l] = bench_lib_fn(lib, sym[l]);
    size_t sz = sizeof(double) * (size_t)nlens * (size_t)n * PMU_REPS + 512;
    char *sh = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED) {
        bench_lib_close(lib);
        diag_set(err, "", 0, 0, NULL, "mmap: %s", strerror(errno));
        return false;
    }
    memset(sh, 0, 512);
    double *out = (double *)(sh + 512);
    int cpu = -1;
    for (int i = 0; i < n && cpu < 0; i++)
        cpu = first_cpu(ev[i].cpus);
    if (cpu < 0)
        cpu = clock_current_cpu();
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        munmap(sh, sz);
        bench_lib_close(lib);
        diag_set(err, "", 0, 0, NULL, "fork: %s", strerror(errno));
        return false;
    }
    if (pid == 0) {
        cleanup_child_signals();         /* SIGINT, SIGTERM, SIGHUP end the child */
        bench_child_default_signals();   /* a crash of the kernel is reported below */
        if (cpu >= 0)
            clock_pin(cpu);
        char why[300];
        PmuSet *s = b->open(ev, n, 0, why, sizeof why);
        if (!s) {
            snprintf(sh + 1, 500, "%s", why);
            sh[0] = 1;
            _exit(0);
        }
        void *scratch = NULL;
        if (posix_memalign(&scratch, 4096, BENCH_SCRATCH) != 0)
            _exit(3);
        memset(scratch, 0, BENCH_SCRATCH);
        alarm(PMU_TIMEOUT_S);
        PmuValue v0[PMU_MAX_EVENTS], v1[PMU_MAX_EVENTS];
        for (int r = -1; r < PMU_REPS; r++)
            for (int l = 0; l < nlens; l++) {
                b->read(s, v0);
                fn[l](PMU_ITERS, scratch);
                b->read(s, v1);
                if (r >= 0)
                    for (int i = 0; i < n; i++)
                        out[((size_t)l * n + i) * PMU_REPS + r] = (double)(v1[i].raw - v0[i].raw);
            }
        b->close(s);
        _exit(0);
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    bench_lib_close(lib);
    bool ok = false;
    if (WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM)
        diag_set(err, k->name, 0, 0, NULL, "kernel '%s' did not finish within %d s", k->name, PMU_TIMEOUT_S);
    else if (WIFSIGNALED(st))
        diag_set(err, k->name, 0, 0, NULL, "kernel '%s' crashed: %s (signal %d)", k->name, strsignal(WTERMSIG(st)),
                 WTERMSIG(st));
    else if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
        diag_set(err, k->name, 0, 0, NULL, "kernel '%s': the runner exited with status %d", k->name,
                 WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    else if (sh[0])
        diag_set(err, "", 0, 0, NULL, "%s", sh + 1);
    else
        ok = true;
    if (ok)
        for (int l = 0; l < nlens; l++)
            for (int i = 0; i < n; i++)
                vals[l * n + i] = stats_median(out + ((size_t)l * n + i) * PMU_REPS, PMU_REPS);
    munmap(sh, sz);
    return ok;
}

bool pmu_measure(const PmuBackend *b, const PmuKernel *k, const long *lens, int nlens,
                 const PmuEventInfo *ev, int n, double *vals, Diag *err)
{
    memset(err, 0, sizeof *err);
    if (b->simulate) {
        if (!k->body) {
            diag_set(err, "", 0, 0, NULL, "the %s backend runs assembly kernels only", b->name);
            return false;
        }
        PmuValue *v = xmalloc(sizeof *v * (size_t)(n > 0 ? n : 1) * (size_t)(nlens > 0 ? nlens : 1));
        /* -init is not simulated (it drops out of the difference), but bad assembly there is
         * said as the real backends' assembler would: one iteration of it, parsed */
        static const long once = 1;
        bool ok = !(k->init && k->init[strspn(k->init, " \t\n;")]) || b->simulate("<init>", k->init, &once, 1, ev, n, v, err);
        ok = ok && b->simulate(k->name, k->body, lens, nlens, ev, n, v, err);
        for (int l = 0; ok && l < nlens; l++)
            for (int i = 0; i < n; i++)
                vals[l * n + i] = (double)v[l * n + i].value;
        free(v);
        return ok;
    }
    if (k->native)
        return measure_native(b, k, lens, nlens, ev, n, vals, err);
    return measure_asm(b, k, lens, nlens, ev, n, vals, err);
}

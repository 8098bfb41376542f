/* sweep.c — the shared sweep machinery of `uarch bench <experiment>` (see sweep.h).
 *
 * A point is measured by running one kernel at two iteration counts (I and 2I) in the runner's
 * pinned child and differencing: call overhead and the prologue cancel, what remains is I loop
 * iterations, divided by the operations per iteration.  Results accumulate in series; at the end
 * the knee detector segments each series, the experiment turns knees into named findings, and
 * sweep_finish() prints them with the provenance as a table or JSON, and writes CSV and SVG.
 */
#define _DEFAULT_SOURCE 1
#include "bench/experiments.h"
#include "bench/sweep.h"
#include "clock/clock.h"
#include "pmu/pmu.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

/* SIGINT, SIGTERM, SIGHUP: `uarch bench` catches them (util cleanup, deferred: the measuring
 * child or the compiler gets the signal too), the sweep stops and reports what it measured,
 * marked interrupted, and the process then ends by the signal (cmd/bench.c). */
bool sweep_stop(const Sweep *s)
{
    return cleanup_pending() != 0 || s->failed;
}

/* ---- options ---------------------------------------------------------------------------- */

int sweep_opt_num(int argc, char **argv, int i, const char *name, OptRange r, double *out)
{
    if (strcmp(argv[i], name) != 0)
        return 0;
    if (i + 1 >= argc) {
        eprintf("uarch: bench %s: option '%s' needs a value\n", argv[0], name);
        return -1;
    }
    char err[256];
    if (!opt_parse(name, argv[i + 1], r, out, err, sizeof err)) {
        fprintf(stderr, "uarch: bench %s: %s\n", argv[0], err);
        return -1;
    }
    return 2;
}

/* The common numeric options and their ranges (-min and -max: the experiment's s->xrange). */
static const struct {
    const char *name, *meta, *help;
    OptRange r;
} common_num[] = {
    {"-cpu", "N", "pin to CPU N (default: the last online CPU)", {OPT_INT, 0, 4095}},
    {"-runs", "N", "samples per point", {OPT_INT, 1, 10000}},
    {"-min", "X", "start of the sweep", {OPT_INT, 0, 0}},
    {"-max", "X", "end of the sweep", {OPT_INT, 0, 0}},
    {"-ppo", "N", "points per octave of geometric sweeps\n"
                  "               (btb, dcache without -bw, dtlb, icache, itlb; the others refuse it)",
     {OPT_INT, 1, 64}},
    {"-passes", "N", "sweeps over all the points; each point keeps its least disturbed pass\n"
                     "               (btb, dcache, dtlb, fetch, icache, itlb, mispredict: default 3; the others: one pass)",
     {OPT_INT, 1, 100}},
    {"-repeat", "N", "run the whole sweep N times\n"
                     "               (each finding then with its value in every run, and how many agree)",
     {OPT_INT, 1, SWEEP_MAX_REPEAT}},
    {"-timeout", "S", "kill the measuring of a point after S seconds (default 60, dcache 120)\n"
                      "               the point is cut and the sweep stops: it reports what it measured,\n"
                      "               the cut point marked (table, JSON \"cut\", CSV column cut), exit status 1",
     {OPT_INT, 1, 86400}},
};

static void common_usage(const Sweep *s, FILE *f)
{
    fprintf(f, "common options:\n");
    for (size_t k = 0; k < ARRAY_LEN(common_num); k++) {
        OptRange r = common_num[k].r;
        if (common_num[k].name[1] == 'm')   /* -min, -max */
            r = s->xrange;
        char range[80];
        opt_range_text(r, range, sizeof range);
        const char *nl = strchr(common_num[k].help, '\n');
        char left[32];
        snprintf(left, sizeof left, "%s %s", common_num[k].name, common_num[k].meta);
        fprintf(f, "  %-12s %.*s (%s%s)%s\n", left,
                (int)(nl ? nl - common_num[k].help : (long)strlen(common_num[k].help)), common_num[k].help,
                range, r.type == OPT_SIZE || r.type == OPT_COUNT ? "; K, M, G suffixes" : "", nl ? nl : "");
    }
    fputs("  -csv FILE    write the points as CSV ('-': to stdout, instead of the table)\n"
          "  -svg FILE    write a line plot of the sweep with the knees marked ('-': as -csv)\n"
          "  -json        print JSON (points, findings, provenance) instead of the table\n"
          "  -q           no progress line on stderr\n"
          "  -keep        keep the generated assembly (prints the directory)\n"
          "  -stat S      min (default): analyse the best case, the median difference of the quiet rounds\n"
          "               (interference only adds time: robust when other work shares the CPU);\n"
          "               median: the median difference of all rounds\n", f);
}

/* -repeat N: the experiment is run N times from sweep_parse (argv without -repeat); every run's
 * sweep_finish keeps its findings here, and only the last run prints, each finding with the
 * values of all runs. */
typedef struct RepeatRun {
    SweepFinding *find;       /* deep copies (repeat_drop frees them) */
    int nfind;
} RepeatRun;
static struct {
    int n, cur;               /* n > 1 while repeating; the run under way */
    RepeatRun run[SWEEP_MAX_REPEAT];
} repeat;

static void repeat_drop(RepeatRun *R)
{
    for (int i = 0; i < R->nfind; i++)
        sweep_finding_free(&R->find[i]);
    free(R->find);
    R->find = NULL, R->nfind = 0;
}

static int repeat_runs(const char *exp, int argc, char **argv)
{
    BenchExpFn fn = NULL;
    for (int i = 0; i < bench_nexperiments; i++)
        if (bench_experiments[i].fn && strcmp(bench_experiments[i].name, exp) == 0)
            fn = bench_experiments[i].fn;
    if (!fn)
        bug("-repeat: no experiment '%s'", exp);
    char **av = xmalloc(sizeof *av * (size_t)(argc + 1));
    int ac = 0, n = 1;
    for (int i = 0; i < argc; i++) {
        if (i > 0 && strcmp(argv[i], "-repeat") == 0 && i + 1 < argc) {
            n = atoi(argv[++i]);
            continue;
        }
        av[ac++] = argv[i];
    }
    av[ac] = NULL;
    repeat.n = n;
    int status = 0;
    for (repeat.cur = 0; repeat.cur < n; repeat.cur++) {
        status = fn(ac, av);
        if (status != 0 || cleanup_pending())
            break;
    }
    for (int r = 0; r < SWEEP_MAX_REPEAT; r++)
        repeat_drop(&repeat.run[r]);
    repeat.n = 0;
    free(av);
    return status;
}

/* The place of v on the sorted grid xs[0..nx) (nx >= 2) in steps: i where v = xs[i], in between
 * by log-linear interpolation (linear when a point is not positive), past the ends by the end
 * step. */
static double grid_place(const double *xs, int nx, double v)
{
    int i = 0;
    while (i + 2 < nx && v > xs[i + 1])
        i++;
    double a = xs[i], b = xs[i + 1];
    if (a > 0 && b > a && v > 0)
        return i + log(v / a) / log(b / a);
    return b > a ? i + (v - a) / (b - a) : i;
}

void sweep_repeat_stats(SweepFinding *f, const double *vals, int nruns, const double *xs, int nx)
{
    double found[SWEEP_MAX_REPEAT];
    int k = 0;
    f->rep_runs = nruns;
    for (int r = 0; r < nruns && r < SWEEP_MAX_REPEAT; r++) {
        f->rep_val[r] = vals[r];
        if (isfinite(vals[r]))
            found[k++] = vals[r];
    }
    f->rep_found = k;
    f->rep_agree = 0;
    if (k == 0)
        return;
    double med = stats_median(found, (size_t)k);
    for (int r = 0; r < nruns && r < SWEEP_MAX_REPEAT; r++) {
        double v = vals[r];
        if (!isfinite(v))
            continue;
        double lo = fmin(v, med), hi = fmax(v, med);
        bool near;
        if (nx > 1) {   /* their places on the grid (fractional, log-linear) one step apart at most */
            near = fabs(grid_place(xs, nx, hi) - grid_place(xs, nx, lo)) <= 1 + 1e-9;
        } else {
            near = hi <= lo * 1.05 + 1e-12;
        }
        f->rep_agree += near;
    }
}

void sweep_repeat_within(SweepFinding *f, const double *vals, int nruns, double step)
{
    double found[SWEEP_MAX_REPEAT];
    int k = 0;
    for (int r = 0; r < nruns && r < SWEEP_MAX_REPEAT; r++)
        if (isfinite(vals[r]))
            found[k++] = vals[r];
    f->rep_agree = 0;
    if (k == 0)
        return;
    double med = stats_median(found, (size_t)k);
    for (int r = 0; r < nruns && r < SWEEP_MAX_REPEAT; r++)
        f->rep_agree += isfinite(vals[r]) && fabs(vals[r] - med) <= step * (1 + 1e-9);
}

/* the value a -repeat run compares: the capacity, else the level's cost */
static double repeat_value(const SweepFinding *f)
{
    return isfinite(f->value) ? f->value : f->cycles;
}

/* -repeat: keep this run's findings; on the last run, give each finding its values over the runs
 * (matched by name, series and order among equals).  True when this run prints nothing. */
static bool repeat_collect(Sweep *s)
{
    if (repeat.n < 2)
        return false;
    RepeatRun *R = &repeat.run[repeat.cur];
    repeat_drop(R);
    R->find = xmalloc(sizeof *R->find * (size_t)(s->nfind + 1));
    for (int i = 0; i < s->nfind; i++)
        sweep_finding_copy(&R->find[i], &s->find[i]);
    R->nfind = s->nfind;
    bool last = repeat.cur + 1 >= repeat.n || s->interrupted || s->ncut;
    if (!last) {
        if (!s->opt.quiet)
            fprintf(stderr, "uarch: bench %s: run %d of %d done\n", s->exp, repeat.cur + 1, repeat.n);
        return true;
    }
    const SweepSeries *S = s->nseries > 0 ? &s->series[0] : NULL;
    for (int i = 0; i < s->nfind; i++) {
        SweepFinding *f = &s->find[i];
        int nth = 0;
        for (int j = 0; j < i; j++)
            nth += !strcmp(s->find[j].name, f->name) && !strcmp(s->find[j].series, f->series);
        double vals[SWEEP_MAX_REPEAT];
        for (int r = 0; r <= repeat.cur; r++) {
            vals[r] = NAN;
            int seen = 0;
            for (int j = 0; j < repeat.run[r].nfind; j++) {
                const SweepFinding *g = &repeat.run[r].find[j];
                if (strcmp(g->name, f->name) || strcmp(g->series, f->series))
                    continue;
                if (seen++ == nth) {
                    vals[r] = repeat_value(g);
                    break;
                }
            }
        }
        /* the grid: the x of the finding's series (else the first), for values on the x axis */
        const SweepSeries *G = S;
        for (int k = 0; k < s->nseries; k++)
            if (!strcmp(s->series[k].name, f->series))
                G = &s->series[k];
        bool on_axis = isfinite(f->value) && !f->off_axis && G && G->n > 1;
        double *xs = xmalloc(sizeof *xs * (size_t)(G && G->n ? G->n : 1));
        int nx = 0;
        for (int k = 0; on_axis && k < G->n; k++)
            xs[nx++] = G->pts[k].x;
        sweep_repeat_stats(f, vals, repeat.cur + 1, xs, nx);
        if (on_axis && s->rep_step > 0)   /* the experiment's own step */
            sweep_repeat_within(f, vals, repeat.cur + 1, s->rep_step);
        free(xs);
    }
    return false;
}

bool sweep_parse(Sweep *s, int argc, char **argv, SweepExtraOpt extra, void *ctx,
                 const char *usage, int *status)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    s->opt.cpu = ncpu > 1 ? (int)ncpu - 1 : 0;
    s->opt.best = true;
    s->arch = bench_host_arch();
    s->knee = knee_defaults();
    buf_init(&s->notes);
    if (!(s->xrange.hi > 0))
        bug("bench %s: no range declared for -min/-max", s->exp);
    *status = 2;
    char msg[256];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int num = -1;
        for (size_t k = 0; k < ARRAY_LEN(common_num); k++)
            if (strcmp(a, common_num[k].name) == 0)
                num = (int)k;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0 || strcmp(a, "-help") == 0) {
            printf("%s\n", usage);
            common_usage(s, stdout);
            *status = 0;
            return false;
        } else if (strcmp(a, "-json") == 0 || strcmp(a, "--json") == 0) {
            s->opt.json = true;
        } else if (strcmp(a, "-q") == 0) {
            s->opt.quiet = true;
        } else if (strcmp(a, "-keep") == 0) {
            s->opt.keep = true;
        } else if (num >= 0 || strcmp(a, "-stat") == 0 || strcmp(a, "-csv") == 0 || strcmp(a, "-svg") == 0) {
            if (!v) {
                eprintf("uarch: bench %s: option '%s' needs a value\n", argv[0], a);
                return false;
            }
            i++;
            if (strcmp(a, "-stat") == 0) {
                if (strcmp(v, "min") != 0 && strcmp(v, "median") != 0) {
                    eprintf("uarch: bench %s: bad statistic '%s' (median or min)\n", argv[0], v);
                    return false;
                }
                s->opt.best = strcmp(v, "min") == 0;
                s->opt.stat_set = true;
                continue;
            }
            if (strcmp(a, "-csv") == 0 || strcmp(a, "-svg") == 0) {
                *(a[1] == 'c' ? &s->opt.csv : &s->opt.svg) = v;
                continue;
            }
            OptRange r = a[1] == 'm' ? s->xrange : common_num[num].r;
            double d;
            char err[256];
            if (!opt_parse(a, v, r, &d, err, sizeof err)) {
                fprintf(stderr, "uarch: bench %s: %s\n", argv[0], err);
                return false;
            }
            if (strcmp(a, "-ppo") == 0 && !s->geometric) {
                fprintf(stderr, "uarch: bench %s: -ppo: this experiment's points are not a geometric sweep\n",
                        argv[0]);
                return false;
            }
            if (strcmp(a, "-passes") == 0 && s->passes_dflt == 0 && d != 1) {
                fprintf(stderr, "uarch: bench %s: -passes: this experiment measures in one pass\n", argv[0]);
                return false;
            }
            if (strcmp(a, "-cpu") == 0)
                s->opt.cpu = (int)d;
            else if (strcmp(a, "-runs") == 0)
                s->opt.runs = (int)d;
            else if (strcmp(a, "-passes") == 0)
                s->opt.passes = (int)d;
            else if (strcmp(a, "-ppo") == 0)
                s->opt.ppo = (int)d;
            else if (strcmp(a, "-repeat") == 0)
                s->opt.repeat = (int)d;
            else if (strcmp(a, "-timeout") == 0)
                s->opt.timeout = d;
            else if (strcmp(a, "-min") == 0)
                s->opt.min = d, s->opt.min_set = true;
            else if (d == 0) {   /* (0 is "unset": the default end) */
                fprintf(stderr, "uarch: bench %s: option '-max': 0 ends no sweep (give at least 1)\n", argv[0]);
                return false;
            } else
                s->opt.max = d;
        } else if (opt_split_no_value(argv, i, msg, sizeof msg)) {   /* "-q=1": no operand '1' (nor unknown option '1') */
            fprintf(stderr, "uarch: bench %s: %s\n", argv[0], msg);
            return false;
        } else {
            int used = extra ? extra(ctx, argc, argv, i) : 0;
            if (used < 0)
                return false;
            if (used == 0) {
                eprintf("uarch: bench %s: unknown option '%s'\n%s\n", argv[0], a, usage);
                common_usage(s, stderr);
                return false;
            }
            i += used - 1;
        }
    }
    if (!out_can_write(s->opt.csv) || !out_can_write(s->opt.svg)) {   /* before minutes of measuring */
        *status = 1;
        return false;
    }
    if (out_same_file(s->opt.csv, s->opt.svg)) {
        eprintf("uarch: bench %s: -csv and -svg name the same file '%s': the plot would replace the "
                "points\n", argv[0], s->opt.svg);
        return false;
    }
    bool csv_out = s->opt.csv && !strcmp(s->opt.csv, "-"), svg_out = s->opt.svg && !strcmp(s->opt.svg, "-");
    if ((int)s->opt.json + csv_out + svg_out > 1) {
        fprintf(stderr, "uarch: bench %s: -json, -csv - and -svg - each write stdout alone: give one of "
                "them, the others a file\n", argv[0]);
        return false;
    }
    if (s->opt.min_set && s->opt.max > 0 && s->opt.min > s->opt.max) {
        fprintf(stderr, "uarch: bench %s: -min is larger than -max\n", argv[0]);
        return false;
    }
    if (s->opt.repeat > 1 && repeat.n == 0) {
        *status = repeat_runs(s->exp, argc, argv);
        return false;
    }
    return true;
}

static uint64_t read_counter(void *ctx)
{
    uint64_t v = 0;
    pmu_read(*(int *)ctx, &v);
    return v;
}

void sweep_begin(Sweep *s, int npoints_total)
{
    /* The runner's own choice (BenchRunOpts.backend NULL): the core PMU, else the task-clock
     * (time on the CPU: preemption by other processes does not count), else the timer.  With
     * the task-clock the core clock that converts its ns to cycles is measured on it too. */
    bench_provenance(&s->prov, false);
    bench_ident_here(&s->ident);
    if (strcmp(s->prov.backend, "perf_event") != 0) {
        PmuEvent tc;
        char why[256];
        int fd;
        if (pmu_task_clock("/sys", &tc, why, sizeof why) && (fd = pmu_open(&tc, why, sizeof why)) >= 0) {
            ClockCore cc;
            snprintf(s->prov.backend, sizeof s->prov.backend, "task-clock");
            if (clock_core_measure_with(-1, read_counter, &fd, 1e9, 1, &cc))
                s->prov.core_hz = cc.hz;
            pmu_close(fd);
        }
    }
    if (!(s->prov.core_hz > 0))
        s->prov.core_hz = clock_core_hz();
    s->npoints_total = npoints_total;
    if (!s->load0)
        s->load0 = xmalloc(sizeof *s->load0);
    bench_cpu_times(s->load0);
    cleanup_defer();
}

void sweep_free(Sweep *s)
{
    for (int i = 0; i < s->nseries; i++)
        free(s->series[i].pts), free(s->series[i].name), s->series[i].pts = NULL, s->series[i].name = NULL;
    for (int i = 0; i < s->ncut && i < SWEEP_MAX_CUT; i++)
        free(s->cut[i].series), s->cut[i].series = NULL;
    for (int i = 0; i < s->nfind; i++)
        sweep_finding_free(&s->find[i]);
    s->nfind = 0;
    buf_free(&s->notes);
    free(s->load0);
    s->load0 = NULL;
}

int sweep_option_grid(const Sweep *s, double lo, double hi, int ppo, double *out, int max)
{
    if (s->opt.min > 0) lo = s->opt.min;
    if (s->opt.max > 0) hi = s->opt.max;
    if (hi < lo) hi = lo;
    return sweep_grid(lo, hi, s->opt.ppo > 0 ? s->opt.ppo : ppo, 1, out, max);
}

int sweep_grid(double lo, double hi, int ppo, double quantum, double *out, int max)
{
    int n = 0;
    if (ppo < 1)
        ppo = 1;
    if (quantum <= 0)
        quantum = 1;
    double steps = ceil(log2(hi / lo) * ppo - 1e-9);
    for (int i = 0; i <= (int)steps && n < max; i++) {
        double v = lo * pow(2, (double)i / ppo);
        if (v > hi)
            v = hi;
        v = round(v / quantum) * quantum;
        if (v < quantum)
            v = quantum;
        if (n == 0 || v > out[n - 1])
            out[n++] = v;
    }
    return n;
}

bool sweep_bound_range(Sweep *s, double *lo, double *hi, double least, bool pow2, const char *why)
{
    if (s->opt.max > 0 && !(s->opt.min > 0) && *hi < *lo)   /* (a -max below the default start) */
        *lo = *hi;
    if (*lo < least)
        *lo = least;
    if (*hi < *lo) {
        if (s->opt.max > 0) {
            fprintf(stderr, "uarch: bench %s: -max %.0f is below the smallest point, %.0f (%s)\n", s->exp, s->opt.max,
                    *lo, why);
            sweep_free(s);
            return false;
        }
        *hi = *lo;
    }
    if (pow2) {
        double l2 = pow(2, ceil(log2(*lo) - 1e-9)), h2 = pow(2, floor(log2(*hi) + 1e-9));
        if (h2 < l2) {
            fprintf(stderr, "uarch: bench %s: no power of two between %.0f and %.0f: the points are powers of two "
                    "(%s)\n", s->exp, *lo, *hi, why);
            sweep_free(s);
            return false;
        }
        *lo = l2, *hi = h2;
    }
    return true;
}

static bool read_small(const char *path, char *out, size_t n)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool ok = fgets(out, (int)n, f) != NULL;
    fclose(f);
    if (ok)
        out[strcspn(out, "\n")] = 0;
    return ok;
}

/* the caches cpuid describes (x86), read once: for a machine whose sysfs has none (a bhyve
 * guest's: its CPU lacks TopoExt, and Linux then lists no cache) */
static const ClockX86 *cpuid_decoded(void)
{
    static ClockX86 x;
    static bool done;
    if (!done && clock_have_cpuid())
        clock_x86_decode(clock_cpuid_native, NULL, &x);
    done = true;
    return &x;
}

static const ClockX86 *cpuid_caches(void)
{
    const ClockX86 *x = cpuid_decoded();
    return x->ncaches > 0 ? x : NULL;
}

const ClockTlb *sweep_cpuid_tlb(int level, const char *type)
{
    const ClockX86 *x = cpuid_decoded();
    if (!strcmp(type, "Data"))
        return clock_x86_load_tlb(x, level);
    for (int i = 0; i < x->ntlbs; i++)
        if (x->tlbs[i].level == level && !strcmp(x->tlbs[i].type, type))
            return &x->tlbs[i];
    return NULL;
}

const char *sweep_cpuid_tlb_none(void)
{
    const ClockX86 *x = clock_have_cpuid() ? cpuid_decoded() : NULL;
    return x && x->ntlbs == 0 && x->tlb_none[0] ? x->tlb_none : NULL;
}

void sweep_cpuid_itlbs(SweepItlbs *t)
{
    static char leaves[48];
    const ClockX86 *x = clock_have_cpuid() ? cpuid_decoded() : NULL;
    const ClockTlb *l2 = sweep_cpuid_tlb(2, "Instruction"), *c[2] = {sweep_cpuid_tlb(1, "Instruction"), NULL};
    c[1] = l2 ? l2 : sweep_cpuid_tlb(2, "Unified");
    *t = (SweepItlbs){{0, 0}, {NULL, NULL}, 0, NULL, NULL};
    for (int i = 0; i < 2; i++)
        if (c[i] && c[i]->entries > 0) {
            t->reach[t->n] = c[i]->entries * 4096.0;
            t->name[t->n++] = i == 0 ? "L1 ITLB" : l2 ? "L2 ITLB" : "L2 TLB";
        }
    snprintf(leaves, sizeof leaves, "cpuid %s", x && x->tlb_leaf ? x->tlb_leaf : "");
    t->src = leaves;
    const char *why = sweep_cpuid_tlb_none();   /* (what the leaves said when they describe no TLB) */
    t->none = t->n || !x ? NULL : x->ntlbs ? "its TLB leaves describe no instruction TLB" : why ? why : "no TLB leaf";
}

void sweep_cpuid_tlbs1g_note(Sweep *s, const char *type, double page)
{
    const ClockX86 *x = clock_have_cpuid() ? cpuid_decoded() : NULL;
    if (!x)
        return;
    char list[256] = "", pg[32];
    size_t at = 0;
    for (int i = 0; i < x->ntlbs1g; i++) {
        const ClockTlb *t = &x->tlbs1g[i];
        if (strcmp(t->type, type) && strcmp(t->type, "Unified") && !(type[0] == 'D' && (t->type[0] == 'L' || t->type[0] == 'S')))
            continue;
        const char *ty = t->type[0] == 'I' ? "ITLB" : t->type[0] == 'U' ? "TLB" : t->type[0] == 'L' ? "DTLB (loads)"
                         : t->type[0] == 'S' ? "DTLB (stores)" : "DTLB";
        if (at < sizeof list)
            at += (size_t)snprintf(list + at, sizeof list - at, "%sL%d %s %d entries", at ? ", " : "", t->level, ty,
                                   t->entries);
    }
    svg_fmt_bytes(pg, sizeof pg, page);
    if (list[0])
        sweep_note(s, "cpuid's TLBs for 1 GiB pages: %s (cpuid %s); the levels here, on %s pages, are set beside "
                   "cpuid's 4 KiB ones only", list, x->tlb1g_leaf, pg);
    else
        sweep_note(s, "cpuid describes no %s TLB for 1 GiB pages (%s)", type[0] == 'I' ? "instruction" : "data",
                   x->ntlbs1g ? "its 1 GiB ones are of the other kind" : x->tlb1g_none);
}

int sweep_itlb_match(const SweepItlbs *t, double bytes, char *out, size_t len)
{
    int m = -1;
    size_t at = 0;
    if (len)
        out[0] = 0;
    for (int i = 0; t && i < t->n; i++) {
        char one[32];
        svg_fmt_bytes(one, sizeof one, t->reach[i]);
        if (at < len)
            at += (size_t)snprintf(out + at, len - at, "%s%s %.0f entries x 4 KiB = %s", i ? ", " : "", t->name[i],
                                   t->reach[i] / 4096, one);
        if (m < 0 && t->reach[i] > 0 && fabs(log2(bytes / t->reach[i])) < 0.5)
            m = i;
    }
    if (t && t->n && at < len)
        snprintf(out + at, len - at, "; %s", t->src ? t->src : "cpuid");
    return m;
}

static bool sysfs_has_caches(int cpu)
{
    char path[128], lv[32];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index0/level", cpu);
    return read_small(path, lv, sizeof lv);
}

typedef enum { CF_SIZE, CF_WAYS, CF_LINE, CF_SHARING, CF_WAYS_MAX } CacheField;

/* a cache of level l and type ty with field value v: kept in *best when it is the one asked for
 * (level, type as sweep_cache_size; level 0: the highest so far, a unified one of any type) */
static void cache_pick(int level, const char *type, int l, const char *ty, double v, double *best, int *best_level)
{
    if (type && strcmp(ty, type) != 0 && !(level == 0 && strcmp(ty, "Unified") == 0))
        return;
    if (level == 0 ? l > *best_level : l == level)
        *best = v, *best_level = l;
}

/* One field of the cache of `level` and `type` (as sweep_cache_size): the size in bytes, the
 * ways, the line size, or the number of CPUs sharing it; 0 when unknown.  From sysfs, else cpuid. */
static double cache_field(int cpu, int level, const char *type, CacheField field)
{
    static const char *const files[] = {"size", "ways_of_associativity", "coherency_line_size", "shared_cpu_list",
                                        "ways_of_associativity"};
    double best = 0;
    int best_level = 0;
    if (!sysfs_has_caches(cpu)) {
        const ClockX86 *x = cpuid_caches();
        for (int i = 0; x && i < x->ncaches; i++) {
            const ClockCache *c = &x->caches[i];
            double v = field == CF_SIZE ? c->size : field == CF_WAYS ? c->ways : field == CF_WAYS_MAX ? c->ways_max
                     : field == CF_LINE ? c->line : c->sharing;
            cache_pick(level, type, c->level, c->type, v, &best, &best_level);
        }
        return best;
    }
    for (int i = 0; i < 16; i++) {
        char path[128], lv[32], ty[32], sz[256];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/level", cpu, i);
        if (!read_small(path, lv, sizeof lv))
            break;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/type", cpu, i);
        if (!read_small(path, ty, sizeof ty))
            continue;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/%s", cpu, i, files[field]);
        double v;
        char err[256];
        if (!read_small(path, sz, sizeof sz))
            continue;
        if (field == CF_SHARING) {
            v = opt_cpu_list(sz, NULL, NULL);
            if (!(v > 0))
                continue;
        } else if (!opt_parse("size", sz, (OptRange){field == CF_SIZE ? OPT_SIZE : OPT_INT, 1, 1e15}, &v,
                              err, sizeof err)) {
            continue;
        }
        cache_pick(level, type, atoi(lv), ty, v, &best, &best_level);
    }
    return best;
}

double sweep_cache_size(int cpu, int level, const char *type)
{
    return cache_field(cpu, level, type, CF_SIZE);
}

int sweep_cache_ways(int cpu, int level, const char *type)
{
    return (int)cache_field(cpu, level, type, CF_WAYS);
}

int sweep_cache_ways_max(int cpu, int level, const char *type)
{
    return (int)cache_field(cpu, level, type, CF_WAYS_MAX);
}

int sweep_cache_line(int cpu, int level, const char *type)
{
    return (int)cache_field(cpu, level, type, CF_LINE);
}

int sweep_cache_sharing(int cpu, int level, const char *type)
{
    return (int)cache_field(cpu, level, type, CF_SHARING);
}

const char *sweep_cache_source(int cpu)
{
    return sysfs_has_caches(cpu) ? "sysfs" : cpuid_caches() ? "cpuid" : NULL;
}

double sweep_cache_geometry(double capacity, int ways, int line, int *sets)
{
    *sets = 0;
    if (!(capacity > 0) || ways < 1 || line < 1)
        return NAN;
    double k = round(log2(capacity / ways / line));
    if (k < 0 || k > 40)
        return NAN;
    *sets = (int)ldexp(1, (int)k);
    return (double)ways * line * *sets;
}

/* ---- ISA helpers, memory ------------------------------------------------------------------ */

void sweep_load_addr(const Sweep *s, Buf *b, const char *reg, const void *addr)
{
    uint64_t a = (uint64_t)(uintptr_t)addr;
    if (sweep_x86(s)) {
        buf_printf(b, "movabs $0x%llx, %s\n", (unsigned long long)a, reg);
        return;
    }
    buf_printf(b, "movz %s, #0x%llx\n", reg, (unsigned long long)(a & 0xffff));
    for (int sh = 16; sh < 64; sh += 16)
        buf_printf(b, "movk %s, #0x%llx, lsl #%d\n", reg, (unsigned long long)((a >> sh) & 0xffff), sh);
}

const char *sweep_nop(const Sweep *s)
{
    return sweep_x86(s) ? ".byte 0x0f, 0x1f, 0x40, 0x00" : "nop";   /* nopl 0(%rax) */
}

const char *sweep_jmp(const Sweep *s)
{
    return sweep_x86(s) ? "jmp" : "b";
}

void sweep_rept(Buf *b, long n, const char *line)
{
    buf_printf(b, ".rept %ld\n%s\n.endr\n", n, line);
}

#define HUGE_ALIGN ((size_t)2 << 20)

void *sweep_alloc(size_t bytes, bool hugepages)
{
    size_t len = (bytes + HUGE_ALIGN - 1) & ~(HUGE_ALIGN - 1);
    char *raw = mmap(NULL, len + HUGE_ALIGN, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        die("cannot map %zu bytes: %s", len, strerror(errno));
    uintptr_t start = ((uintptr_t)raw + HUGE_ALIGN - 1) & ~(uintptr_t)(HUGE_ALIGN - 1);
    size_t head = start - (uintptr_t)raw, tail = HUGE_ALIGN - head;
    if (head)
        munmap(raw, head);
    if (tail)
        munmap((char *)start + len, tail);
#if defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
    madvise((void *)start, len, hugepages ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
#else
    (void)hugepages;
#endif
    memset((void *)start, 0, len);
    return (void *)start;
}

double sweep_huge_bytes(const void *p, double *mapped)
{
    *mapped = 0;
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f)
        return -1;
    char line[512];
    bool in = false;
    double got = -1;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        char dash;
        /* a mapping's header: "lo-hi perms offset dev inode [path]" */
        if (sscanf(line, "%lx%c%lx ", &lo, &dash, &hi) == 3 && dash == '-') {
            if (in)
                break;
            in = (uintptr_t)p >= lo && (uintptr_t)p < hi;
            if (in)
                *mapped = (double)(hi - lo);
            continue;
        }
        double kb;
        if (in && sscanf(line, "AnonHugePages: %lf kB", &kb) == 1)
            got = kb * 1024;
    }
    fclose(f);
    return got;
}

void sweep_release(void *p, size_t bytes)
{
    size_t len = (bytes + HUGE_ALIGN - 1) & ~(HUGE_ALIGN - 1);
    if (p)
        munmap(p, len);
}

uint64_t sweep_rand(uint64_t *st)
{
    uint64_t z = (*st += 0x9e3779b97f4a7c15ull);   /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void sweep_permutation(size_t *order, size_t n, uint64_t *state)
{
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    for (size_t i = n > 0 ? n - 1 : 0; i > 0; i--) {
        size_t j = (size_t)(sweep_rand(state) % (i + 1)), t = order[i];
        order[i] = order[j], order[j] = t;
    }
}

void *sweep_chain_addrs(void **slots, size_t n, bool random, uint64_t seed)
{
    if (n == 0)
        return NULL;
    size_t *order = xmalloc(sizeof *order * n);
    if (random)   /* a random permutation; following it slot by slot is one cycle over all */
        sweep_permutation(order, n, &seed);
    else
        for (size_t i = 0; i < n; i++)
            order[i] = i;
    for (size_t i = 0; i < n; i++)
        *(void **)slots[order[i]] = slots[order[(i + 1) % n]];
    void *head = slots[order[0]];
    free(order);
    return head;
}

void *sweep_chain_windowed(void *base, size_t n, size_t stride, size_t window, size_t pool, uint64_t seed)
{
    size_t per = stride > 0 && window >= stride ? window / stride : n;   /* slots per window */
    if (per == 0 || per >= n)
        return sweep_chain(base, n, stride, true, seed);
    size_t nw = (n + per - 1) / per, np = pool / (per * stride);
    bool in_pool = np >= nw;   /* else the windows of the first n slots, the last one partial */
    if (!in_pool)
        np = nw;
    /* the first nw of a permutation of the pool's windows: a random subset in a random order */
    size_t *worder = xmalloc(sizeof *worder * np), *in = xmalloc(sizeof *in * per);
    sweep_permutation(worder, np, &seed);
    void **slots = xmalloc(sizeof *slots * n);
    size_t k = 0;
    for (size_t w = 0; w < nw; w++) {
        size_t first = worder[w] * per;
        size_t cnt = in_pool ? ((w + 1) * per <= n ? per : n - w * per) : (first + per <= n ? per : n - first);
        sweep_permutation(in, cnt, &seed);   /* the window's slots in a random order */
        for (size_t i = 0; i < cnt; i++)
            slots[k + i] = (char *)base + (first + in[i]) * stride;
        k += cnt;
    }
    void *head = sweep_chain_addrs(slots, n, false, 0);   /* linked in this order */
    free(slots), free(worder), free(in);
    return head;
}

void **sweep_entries(void *head, size_t n)
{
    void **t = xmalloc(sizeof *t * SWEEP_NENTRY);
    void *p = head;
    size_t gap = n / SWEEP_NENTRY;
    for (size_t i = 0; i < SWEEP_NENTRY; i++) {
        t[i] = p;
        for (size_t j = 0; j < gap; j++)
            p = *(void **)p;
    }
    return t;
}

void sweep_load_entry(const Sweep *s, Buf *b, void **table, const char *reg, const char *reg2)
{
    if (sweep_x86(s)) {
        buf_puts(b, "rdtsc\nshr $3, %eax\nand $4095, %eax\n");
        sweep_load_addr(s, b, "%rsi", table);
        if (reg2)
            buf_printf(b, "mov %%rax, %%rdx\nadd $2048, %%edx\nand $4095, %%edx\nmov (%%rsi,%%rdx,8), %s\n", reg2);
        buf_printf(b, "mov (%%rsi,%%rax,8), %s\n", reg);
    } else {
        buf_puts(b, "mrs x2, cntvct_el0\nand x2, x2, #4095\n");
        sweep_load_addr(s, b, "x3", table);
        if (reg2)
            buf_printf(b, "add x4, x2, #2048\nand x4, x4, #4095\nldr %s, [x3, x4, lsl #3]\n", reg2);
        buf_printf(b, "ldr %s, [x3, x2, lsl #3]\n", reg);
    }
}

void *sweep_chain(void *base, size_t n, size_t stride, bool random, uint64_t seed)
{
    void **slots = xmalloc(sizeof *slots * (n ? n : 1));
    for (size_t i = 0; i < n; i++)
        slots[i] = (char *)base + i * stride;
    void *head = sweep_chain_addrs(slots, n, random, seed);
    free(slots);
    return head;
}

/* ---- measuring -------------------------------------------------------------------------- */

static double positive_or_nan(double v)
{
    return v > 0 ? v : NAN;
}

BenchLib *sweep_build(Sweep *s, const BenchProgram *prog)
{
    Diag err;
    memset(&err, 0, sizeof err);
    BenchLib *lib = bench_build(prog, s->opt.keep, &err);
    if (!lib) {
        if (sweep_stop(s))   /* Ctrl-C reached the compiler too */
            return NULL;
        if (err.line > 0)
            diag_print(stderr, &err, "error");
        else
            fprintf(stderr, "uarch: bench %s: %s\n", s->exp, err.msg);
        return NULL;
    }
    if (s->opt.keep)
        fprintf(stderr, "uarch: bench %s: generated code kept in %s\n", s->exp, bench_lib_dir(lib));
    return lib;
}

double sweep_timeout(const Sweep *s, double dflt)
{
    return s->opt.timeout > 0 ? s->opt.timeout : dflt > 0 ? dflt : 60;
}

void sweep_cut(Sweep *s, int series, const char *what, double x, double t, const char *msg)
{
    const char *name = what ? what : series >= 0 && series < s->nseries ? s->series[series].name : "";
    char xs[32] = "";
    if (!what)
        sweep_fmt_x(s, x, xs, sizeof xs);
    fprintf(stderr, "uarch: bench %s: %s%s%s%s%s: %s; the point is cut (-timeout %g)%s\n", s->exp,
            what ? "" : "point ", xs, name[0] && !what ? " of '" : "", name, name[0] && !what ? "'" : "",
            msg[0] ? msg : "timed out", t, what ? "" : ", the sweep stops");
    if (s->ncut < SWEEP_MAX_CUT) {
        SweepCut *c = &s->cut[s->ncut];
        c->series = xstrdup(name);
        c->x = what ? NAN : x, c->timeout_s = t;
    }
    s->ncut++;
}

bool sweep_measure(Sweep *s, const BenchProgram *prog, const SweepRun *r, SweepPoint *pt, bool *fatal)
{
    *fatal = false;
    BenchLib *lib = sweep_build(s, prog);
    if (!lib) {
        *fatal = true;
        return false;
    }
    BenchFn fn = bench_lib_fn(lib, r->symbol);
    if (!fn)
        bug("kernel '%s' missing from the built program", r->symbol);
    BenchRunOpts ro = {.cpu = s->opt.cpu, .runs = r->runs > 0 ? r->runs : s->opt.runs,
                       .warmup = 3, .iters = r->iters, .core_hz = s->prov.core_hz, .quiet = true,
                       .timeout_s = sweep_timeout(s, r->timeout_s)};
    if (ro.runs <= 0)
        ro.runs = 15;
    /* The two lengths are called in turn in every sample (short, long, short, long, ...) by
     * the same child, in a few children: a slow spell of the machine (another guest on the
     * core, a lower clock) then falls on both lengths instead of on one of them only, which
     * made the differences of a VM's timings come out far too large or negative; and both
     * lengths see the same state of the front end (on x86-64 a loop may run from the op cache
     * in one process and from the decoders in another: lengths measured in different children
     * mixed the two, e.g. 3 or 12 "IPC" from loops that run at 4 or 6) */
    int total = ro.runs, rounds = total >= 9 ? 3 : 1, na = 0, nb = 0, dropped = 0;
    double *sv = xmalloc(sizeof *sv * total), *lv = xmalloc(sizeof *lv * total);
    BenchStatus st = BENCH_OK;
    char msg[256] = "";
    BenchFn fns[2] = {fn, fn};
    const uint64_t lens[2] = {r->iters, 2 * r->iters};
    ro.fn_iters = lens;
    for (int k = 0; k < rounds && st == BENCH_OK && !sweep_stop(s); k++) {
        int want = (total * (k + 1)) / rounds - na;
        if (want <= 0)
            continue;
        BenchSamples smp;
        memset(&smp, 0, sizeof smp);
        ro.runs = want;
        st = bench_run(&ro, fns, 2, &smp, msg, sizeof msg);
        if (st == BENCH_OK) {
            const double *rs = bench_sample_row(&smp, 0, 0), *rl = bench_sample_row(&smp, 1, 0);
            for (int q = 0; q < smp.kept; q++)
                sv[na++] = rs[q], lv[nb++] = rl[q];
            dropped += smp.dropped;
        }
        bench_samples_free(&smp);
    }
    bool ok = st == BENCH_OK && !sweep_stop(s);
    if (ok) {
        /* the rounds paired (both lengths ran back to back in one child): every figure from
         * the one distribution of per-round differences (bench_paired_stat), or of the rounds'
         * two calls together (r->whole: bench_total_stat, the copies of both calls) */
        double per = (double)r->iters * r->copies_per_iter * (r->whole ? 3 : 1);
        if (na == 0 || nb == 0) {
            fprintf(stderr, "uarch: bench %s: no valid sample (%d dropped)\n", s->exp, dropped);
            s->npoints_failed++;
            ok = false;
        } else {
            BenchStat b = r->whole ? bench_total_stat(sv, lv, na, per) : bench_paired_stat(sv, lv, na, per);
            pt->n = b.n;
            /* (flagged, with the figure, not left out in silence: sweep_add, the table) */
            double shown = s->opt.best ? b.best : b.median;
            if (!(shown > 0))
                pt->implausible = "not positive", pt->raw = shown;
            /* the time of I iterations can only be positive: a difference that is not is noise
             * that swamped the signal, not an estimate: unavailable (NAN: "-" in the table,
             * null in JSON, an empty field in CSV), and the knee detector skips it */
            pt->med = positive_or_nan(b.median);
            pt->min = positive_or_nan(b.min);
            pt->best = positive_or_nan(b.best);
            pt->max = positive_or_nan(b.max);
            pt->q25 = positive_or_nan(b.q25);
            pt->q75 = positive_or_nan(b.q75);
        }
    } else if (!sweep_stop(s)) {
        if (st == BENCH_TIMEOUT)
            sweep_cut(s, r->what ? -1 : r->series, r->what, pt->x, ro.timeout_s, msg);
        else
            fprintf(stderr, "uarch: bench %s: %s\n", s->exp, msg[0] ? msg : "measurement failed");
        s->npoints_failed++;
        *fatal = st == BENCH_CRASHED || st == BENCH_ERROR;
    } else {
        *fatal = true;
    }
    free(sv), free(lv);
    bench_lib_close(lib);
    return ok;
}

bool sweep_point(Sweep *s, int series, const BenchKernel *k, const SweepRun *r, double x, double invert)
{
    BenchProgram prog;
    bench_prog_init(&prog, s->arch, BENCH_ATT);
    bench_prog_kernel(&prog, k);
    SweepRun run = *r;
    if (!run.symbol)
        run.symbol = k->symbol;
    run.series = series;
    SweepPoint pt = {.x = x};
    bool fatal;
    bool ok = sweep_measure(s, &prog, &run, &pt, &fatal);
    bench_prog_free(&prog);
    if (!ok) {
        s->failed = fatal && !sweep_stop(s);
        return false;
    }
    if (invert > 0)
        sweep_invert(&pt, invert);
    sweep_add(s, series, &pt);
    sweep_progress(s, series, &pt);
    return true;
}

/* ---- results ---------------------------------------------------------------------------- */

void sweep_invert(SweepPoint *pt, double k)
{
    double mn = pt->min, q25 = pt->q25;
    pt->med = k / pt->med, pt->min = k / pt->max, pt->max = k / mn;
    pt->q25 = k / pt->q75, pt->q75 = k / q25;
    pt->best = k / pt->best;
    if (pt->implausible)
        pt->raw = k / pt->raw;
}

double sweep_y(const Sweep *s, const SweepPoint *pt)
{
    return pt->implausible ? NAN : s->opt.best ? pt->best : pt->med;
}

double sweep_y_shown(const Sweep *s, const SweepPoint *pt)
{
    return s->opt.best ? pt->best : pt->med;
}

/* the reason of a point above the ceiling (sweep_warnings adds the ceiling's source to it) */
static const char above_width[] = "above the core's width";

/* A figure no core can give: below the experiment's floor (a latency under a cycle), above
 * its ceiling (an IPC above the core's width) */
static void sweep_plausible(const Sweep *s, SweepPoint *pt)
{
    double y = sweep_y_shown(s, pt);
    if (pt->implausible || !isfinite(y))
        return;
    if (s->y_floor > 0 && y < s->y_floor)
        pt->implausible = s->y_floor == 1 ? "below 1 cycle" : "below the floor", pt->raw = y;
    else if (s->y_ceiling > 0 && y > s->y_ceiling)
        pt->implausible = above_width, pt->raw = y;
}

int sweep_series(Sweep *s, const char *name)
{
    if (s->nseries == SWEEP_MAX_SERIES)
        bug("too many series");
    SweepSeries *S = &s->series[s->nseries];
    memset(S, 0, sizeof *S);
    S->name = xstrdup(name ? name : "");
    return s->nseries++;
}

int sweep_passes(const Sweep *s)
{
    int p = s->opt.passes > 0 ? s->opt.passes : s->passes_dflt;
    return p > 0 ? p : 1;
}

void sweep_add(Sweep *s, int series, const SweepPoint *pt0)
{
    SweepSeries *S = &s->series[series];
    SweepPoint p = *pt0;
    const SweepPoint *pt = &p;
    sweep_plausible(s, &p);
    /* each pass's own figure, for the pass rule (sweep_pass_knees) */
    for (int k = 0; k < SWEEP_PASS_Y; k++)
        p.pass_y[k] = NAN;
    if (s->pass < SWEEP_PASS_Y) {
        p.pass_y[s->pass] = sweep_y(s, &p);
        if (S->npass < s->pass + 1)
            S->npass = s->pass + 1;
    }
    if (s->pass > 0) {   /* the same x in an earlier pass: keep the less disturbed */
        for (int i = 0; i < S->n; i++) {
            if (S->pts[i].x != pt->x)
                continue;
            /* (an impossible figure, sweep_y NAN, never wins over a possible one: an IPC above
             * the core's width was "the higher rate") */
            double was = sweep_y(s, &S->pts[i]), now = sweep_y(s, pt);
            double kept[SWEEP_PASS_Y];
            memcpy(kept, S->pts[i].pass_y, sizeof kept);
            if (s->pass < SWEEP_PASS_Y)
                kept[s->pass] = p.pass_y[s->pass];
            if ((!isfinite(was) && (isfinite(now) || S->pts[i].implausible)) ||
                (s->y_rate ? now > was : now < was))
                S->pts[i] = *pt;
            memcpy(S->pts[i].pass_y, kept, sizeof kept);
            S->analysed = false;
            s->npoints_done++;
            return;
        }
    }
    if (S->n == S->cap) {
        S->cap = S->cap ? 2 * S->cap : 64;
        S->pts = xrealloc(S->pts, sizeof *S->pts * S->cap);
    }
    S->pts[S->n++] = *pt;
    S->analysed = false;
    s->npoints_done++;
}

void sweep_fmt_x(const Sweep *s, double x, char *out, size_t n)
{
    if (s->x_bytes)
        svg_fmt_bytes(out, n, x);
    else if (s->x_int || x == floor(x))
        snprintf(out, n, "%.0f", x);
    else
        snprintf(out, n, "%.4g", x);
}

void sweep_progress(Sweep *s, int series, const SweepPoint *pt)
{
    if (s->opt.quiet || !isatty(2))
        return;
    char xs[32];
    sweep_fmt_x(s, pt->x, xs, sizeof xs);
    fprintf(stderr, "\r\033[K%s %s%s[%d/%d] %s: %.2f %s", s->exp, s->series[series].name,
            s->series[series].name[0] ? " " : "", s->npoints_done, s->npoints_total, xs, sweep_y(s, pt),
            s->yunit ? s->yunit : "");
    fflush(stderr);
}

double sweep_held_capacity(const double *x, const double *y, int n, int from, double a, double b)
{
    if (from < 0 || from >= n || !(fabs(b - a) > 0))
        return NAN;
    double best = x[from];
    for (int i = from + 1; i < n; i++) {
        if (!isfinite(y[i]))
            continue;
        double m = (y[i] - a) / (b - a);
        m = m < 0 ? 0 : m > 1 ? 1 : m;
        if (x[i] * (1 - m) > best)
            best = x[i] * (1 - m);
        if (m >= 0.9)
            break;
    }
    return best;
}

double sweep_poisson_tail(double lambda, int k)
{
    if (k <= 0)
        return 1;
    double term = exp(-lambda), below = 0;
    for (int i = 0; i < k; i++) {
        below += term;
        term *= lambda / (i + 1);
    }
    return below >= 1 ? 0 : 1 - below;
}

/* the squared error of the model a + (b - a) P(Poisson(ways x / c) >= ways) over points
 * i0..i1, in units of a */
static double colored_error(const double *x, const double *y, int i0, int i1, double a, double b, double c,
                            int ways)
{
    double e = 0;
    for (int i = i0; i <= i1; i++) {
        if (!isfinite(y[i]))
            continue;
        double d = (y[i] - a - (b - a) * sweep_poisson_tail(ways * x[i] / c, ways)) / a;
        e += d * d;
    }
    return e;
}

static double colored_fit(const double *x, const double *y, int n, int first, int from, double a, double *b,
                          double ymax, int ways, double *err)
{
    *err = INFINITY;
    if (ways < 1 || first < 0 || from < first || from >= n || !(a > 0))
        return NAN;
    bool fit_b = !isfinite(*b);
    if (!fit_b && !(*b > a))
        return NAN;
    /* the points fitted: the plateau and the climb, up to where 90 % of the loads miss (b
     * known), else up to the last point below ymax (the next level's climb begins there) */
    int end = from, inside = 0;
    for (int i = from + 1; i < n; i++) {
        if (!isfinite(y[i]))
            continue;
        if (fit_b && !(y[i] < ymax))
            break;
        double m = fit_b ? 0.5 : (y[i] - a) / (*b - a);
        end = i;
        if (fit_b ? y[i] > 1.1 * a : m > 0.1 && m < 0.9)
            inside++;
        if (!fit_b && m >= 0.9)
            break;
    }
    if (end == from || inside < (fit_b ? 2 : 1))   /* a sharp step, or no climb: nothing to fit */
        return NAN;
    double bestc = NAN, bestb = *b, beste = INFINITY;
    double blo = fit_b ? 1.2 * a : *b, bhi = fit_b ? ymax : *b;
    for (double bb = blo; bb <= bhi * 1.000001; bb *= 1.01) {
        for (double c = x[from]; c <= 16 * x[from]; c *= 1.005) {
            double e = colored_error(x, y, first, end, a, bb, c, ways);
            if (e < beste)
                beste = e, bestc = c, bestb = bb;
        }
        if (!fit_b)
            break;
    }
    *b = bestb, *err = beste;
    return bestc;
}

double sweep_colored_capacity(const double *x, const double *y, int n, int first, int from, double a,
                              double *b, double ymax, int ways)
{
    double err;
    return colored_fit(x, y, n, first, from, a, b, ymax, ways, &err);
}

double sweep_colored_capacity_range(const double *x, const double *y, int n, int first, int from, double a,
                                    double *b, double ymax, int wmin, int wmax, int *wbest)
{
    double bestc = NAN, beste = INFINITY, b0 = *b, bb;
    *wbest = 0;
    for (int w = wmin; w >= 1 && w <= (wmax >= wmin ? wmax : wmin); w++) {
        double e, c = colored_fit(x, y, n, first, from, a, (bb = b0, &bb), ymax, w, &e);
        if (isfinite(c) && e < beste)
            beste = e, bestc = c, *wbest = w, *b = bb;
    }
    return bestc;
}

int sweep_plateau_start(const double *y, int n, double tol, double *level)
{
    double lo = INFINITY;
    for (int i = 0; i < n; i++)
        if (isfinite(y[i]) && y[i] < lo)
            lo = y[i];
    *level = NAN;
    if (!isfinite(lo))
        return -1;
    int start = 0;
    while (!(y[start] <= lo * (1 + tol)))
        start++;
    double *t = xmalloc(sizeof *t * (size_t)n);
    int k = 0;
    for (int i = start; i < n; i++)
        if (isfinite(y[i]))
            t[k++] = y[i];
    *level = stats_median(t, (size_t)k);
    free(t);
    return start;
}

void sweep_median3(double *y, int n)
{
    double prev = n > 0 ? y[0] : NAN;   /* the original of y[i - 1] */
    for (int i = 1; i + 1 < n; i++) {
        double a = prev, b = y[i], c = y[i + 1];
        prev = b;
        if (isfinite(a) && isfinite(b) && isfinite(c))
            y[i] = fmax(fmin(a, b), fmin(fmax(a, b), c));
    }
}

const KneeResult *sweep_knees(Sweep *s, int series)
{
    SweepSeries *S = &s->series[series];
    if (!S->analysed) {
        double *x = xmalloc(sizeof *x * (S->n + 1)), *y = xmalloc(sizeof *y * (S->n + 1));
        for (int i = 0; i < S->n; i++)
            x[i] = S->pts[i].x, y[i] = sweep_y(s, &S->pts[i]);
        if (s->knee_median3)
            sweep_median3(y, S->n);
        knee_find(x, y, S->n, &s->knee, &S->knees);
        for (int i = 0; i < KNEE_MAX_LEVELS; i++)
            S->step_seen[i] = -1, S->step_conf0[i] = NAN;
        if (s->pass_rule && S->npass >= 2) {
            int np = S->npass;
            double *py = xmalloc(sizeof *py * ((size_t)np * S->n + 1));
            for (int k = 0; k < np; k++)
                for (int i = 0; i < S->n; i++)
                    py[(size_t)k * S->n + i] = S->pts[i].pass_y[k];
            sweep_pass_knees(s, S, x, y, py, np, S->n, &S->knees);
            free(py);
        }
        free(x), free(y);
        S->analysed = true;
    }
    return &S->knees;
}

static double median_of(const double *y, int from, int to)
{
    double v[512];
    int m = 0;
    for (int i = from; i <= to && m < 512; i++)
        if (isfinite(y[i]))
            v[m++] = y[i];
    return m ? stats_median(v, (size_t)m) : NAN;
}

/* Where pass curve yk steps from plateau [f1, l1] to plateau [f2, l2] of the sweep's curve (a
 * step of `rise`, the log of the upper level over the lower): the last x before it first passes
 * the middle (geometric) of its own two levels, when it rises at least half as much as the
 * sweep's curve the same way and that x is within SWEEP_PASS_TOL octaves of `at`; else NAN */
static double pass_shows(const double *x, const double *yk, int f1, int l1, int f2, int l2, double rise, double at)
{
    double lo = median_of(yk, f1, l1), hi = median_of(yk, f2, l2);
    if (!(lo > 0 && hi > 0 && rise != 0) || log(hi / lo) / rise < 0.5)
        return NAN;
    double mid = sqrt(lo * hi), last = NAN;
    for (int i = f1; i <= l2; i++) {
        if (!isfinite(yk[i]))
            continue;
        if (rise > 0 ? yk[i] > mid : yk[i] < mid)
            break;
        last = x[i];
    }
    if (!(last > 0) || last >= x[l2] || fabs(log2(last / at)) > SWEEP_PASS_TOL + 1e-9)
        return NAN;
    return last;
}

/* how many passes of yp (npass curves of n points) show the step from plateau [f1, l1] to [f2, l2]
 * of y at `at` (pass_shows): their places in val[] (NAN: not shown) */
static int pass_count(const double *x, const double *y, const double *yp, int npass, int n, int f1, int l1,
                      int f2, int l2, double at, double *val)
{
    double a = median_of(y, f1, l1), b = median_of(y, f2, l2);
    double rise = a > 0 && b > 0 ? log(b / a) : 0;
    int seen = 0;
    for (int k = 0; k < npass; k++) {
        val[k] = pass_shows(x, yp + (size_t)k * n, f1, l1, f2, l2, rise, at);
        seen += isfinite(val[k]);
    }
    return seen;
}

void sweep_pass_knees(const Sweep *s, SweepSeries *S, const double *x, const double *y, const double *py,
                      int npass, int n, KneeResult *r)
{
    if (npass > SWEEP_PASS_Y)
        npass = SWEEP_PASS_Y;
    int need = npass / 2 + npass % 2 > 2 ? npass / 2 + npass % 2 : 2;
    for (int i = 0; i < KNEE_MAX_LEVELS; i++)
        S->step_conf0[i] = i + 1 < r->nlevels ? r->levels[i].confidence : NAN;
    KneeResult *q = xmalloc(sizeof *q * (size_t)npass);
    double *yp = xmalloc(sizeof *yp * ((size_t)npass * n + 1)), val[SWEEP_PASS_Y];
    for (int k = 0; k < npass; k++) {
        double *yk = yp + (size_t)k * n;
        memcpy(yk, py + (size_t)k * n, sizeof *yk * (size_t)n);
        if (s->knee_median3)
            sweep_median3(yk, n);
        knee_find(x, yk, n, &s->knee, &q[k]);
    }
    /* a step of a pass's own curve that the fastest-of curve has none near, and that enough
     * passes show (pass_count on the pass's plateaus): added, its plateau split off the fastest-of
     * plateau that holds it, or put in the fastest-of curve's stretch between two plateaus (each
     * such step once: after that the curve has it) */
    for (int k = 0; k < npass; k++)
        for (int j = 0; j + 1 < q[k].nlevels; j++) {
            const KneeLevel *P = &q[k].levels[j], *Q = &q[k].levels[j + 1];
            if (P->confidence < 0.5 || r->nlevels >= KNEE_MAX_LEVELS)
                continue;
            double at = isfinite(P->x_mid) ? P->x_mid : P->x_last;
            bool near = false;
            for (int i = 0; i + 1 < r->nlevels; i++) {
                double a = isfinite(r->levels[i].x_mid) ? r->levels[i].x_mid : r->levels[i].x_last;
                if (fabs(log2(a / at)) <= SWEEP_PASS_TOL)
                    near = true;
            }
            if (near || pass_count(x, y, yp, npass, n, P->first, P->last, Q->first, Q->last, at, val) < need)
                continue;
            int a = P->last, b = Q->first, i = -1;
            for (int l = 0; l < r->nlevels; l++)
                if (r->levels[l].first <= a)
                    i = l;
            if (i < 0 || b <= a)
                continue;
            KneeLevel L = r->levels[i], *A, *B;
            if (a <= L.last) {   /* inside plateau i: split */
                if (b > L.last)
                    continue;
            } else if (i + 1 >= r->nlevels || a >= r->levels[i + 1].first) {
                continue;
            }
            memmove(&r->levels[i + 2], &r->levels[i + 1], sizeof *r->levels * (size_t)(r->nlevels - i - 1));
            for (int m = KNEE_MAX_LEVELS - 1; m > i; m--)
                S->step_conf0[m] = S->step_conf0[m - 1];
            r->nlevels++;
            if (a <= L.last) {   /* plateau i: up to a, and from b on with its own step */
                A = &r->levels[i], B = &r->levels[i + 1];
                *A = L, *B = L;
                A->last = a, A->x_last = x[a], A->level = median_of(y, L.first, a);
                B->first = b, B->x_first = x[b], B->level = median_of(y, b, L.last);
                S->step_conf0[i] = NAN;
            } else {   /* a plateau of its own between i and i + 1, from the pass's (clipped) */
                A = &r->levels[i + 1];
                *A = *P;
                if (A->first <= L.last)
                    A->first = L.last + 1;
                A->x_first = x[A->first], A->x_last = x[a];
                A->level = median_of(y, A->first, a);
                S->step_conf0[i + 1] = NAN;
            }
            A->x_mid = median_of(val, 0, npass - 1);   /* the passes' places */
            A->confidence = P->confidence;
        }
    /* every step of the fastest-of curve: the passes that show it */
    for (int i = 0; i + 1 < r->nlevels; i++) {
        KneeLevel *L = &r->levels[i];
        const KneeLevel *M = &r->levels[i + 1];
        double at = isfinite(L->x_mid) ? L->x_mid : L->x_last;
        int seen = pass_count(x, y, yp, npass, n, L->first, L->last, M->first, M->last, at, S->step_pass[i]);
        S->step_seen[i] = seen;
        double c0 = S->step_conf0[i];
        if (isnan(c0))
            continue;   /* added from the passes: their confidence */
        if (c0 >= 0.5 && seen < need)
            L->confidence = fmin(c0, 0.49);   /* no knee: sweep_steps passes it by */
        else if (c0 < 0.5 && seen >= need)
            L->confidence = 0.5;
    }
    free(q);
    free(yp);
}

SweepFinding *sweep_finding(Sweep *s, const char *name, const char *series)
{
    if (s->nfind == SWEEP_MAX_FINDINGS)
        bug("too many findings");
    SweepFinding *f = &s->find[s->nfind++];
    memset(f, 0, sizeof *f);
    f->name = xstrdup(name);
    f->series = xstrdup(series ? series : "");
    f->note = xstrdup("");
    f->value = NAN, f->cycles = NAN, f->confidence = NAN;
    f->from = f->to = f->next = NAN;
    f->bytes = s->x_bytes;
    return f;
}

/* the note grown by the words of fmt (after sep when the note is not empty; replace: in its
 * place), formatted before the old note is freed (the arguments may read it) */
static void fnote_vput(SweepFinding *f, bool replace, const char *sep, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0)
        bug("a finding's note: format '%s' failed", fmt);
    size_t have = replace || !f->note ? 0 : strlen(f->note), ls = have && sep ? strlen(sep) : 0;
    char *p = xmalloc(have + ls + (size_t)n + 1);
    memcpy(p, f->note ? f->note : "", have);
    memcpy(p + have, sep ? sep : "", ls);
    vsnprintf(p + have + ls, (size_t)n + 1, fmt, ap);
    free(f->note);
    f->note = p;
}

void sweep_fnote(SweepFinding *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fnote_vput(f, true, NULL, fmt, ap);
    va_end(ap);
}

void sweep_fnote_add(SweepFinding *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fnote_vput(f, false, NULL, fmt, ap);
    va_end(ap);
}

void sweep_fnote_clause(SweepFinding *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fnote_vput(f, false, "; ", fmt, ap);
    va_end(ap);
}

const char *sweep_fnote_text(const SweepFinding *f)
{
    return f->note ? f->note : "";
}

void sweep_finding_rename(SweepFinding *f, const char *name)
{
    char *p = xstrdup(name);
    free(f->name);
    f->name = p;
}

void sweep_finding_copy(SweepFinding *dst, const SweepFinding *src)
{
    *dst = *src;
    dst->name = src->name ? xstrdup(src->name) : NULL;
    dst->series = src->series ? xstrdup(src->series) : NULL;
    dst->note = src->note ? xstrdup(src->note) : NULL;
}

void sweep_finding_free(SweepFinding *f)
{
    free(f->name), free(f->series), free(f->note);
    f->name = f->series = f->note = NULL;
}

void sweep_finding_level(SweepFinding *f, const KneeResult *r, int i)
{
    const KneeLevel *L = &r->levels[i];
    f->cycles = L->level;
    f->from = L->x_first, f->to = L->x_last;
    if (i + 1 < r->nlevels) {
        f->next = r->levels[i + 1].x_first;
        f->value = isfinite(L->x_mid) ? L->x_mid : L->x_last;
        f->confidence = L->confidence;
    }
}

void sweep_finding_text(const Sweep *s, const SweepFinding *f, Buf *out)
{
    char a[32], b[32], c[32], v[32];
    buf_reset(out);
    if (isfinite(f->from) && isfinite(f->to)) {
        sweep_fmt_x(s, f->from, a, sizeof a);
        sweep_fmt_x(s, f->to, b, sizeof b);
        if (!isfinite(f->next)) {
            buf_printf(out, "plateau from %s to the end of the sweep", a);
        } else {
            sweep_fmt_x(s, f->next, c, sizeof c);
            if (!(f->value > f->next)) {
                buf_printf(out, "plateau %s..%s; the next level from %s", a, b, c);
            } else {   /* the next level is a climb: the value lies on it */
                sweep_fmt_x(s, f->value, v, sizeof v);
                buf_printf(out, "plateau %s..%s; the curve climbs from %s, and the capacity %s lies on the climb",
                           a, b, c, v);
            }
        }
    }
    if (f->note && f->note[0])
        buf_printf(out, "%s%s", out->len ? "; " : "", f->note);
    if (f->rep_runs > 1) {   /* (a level no run resolved too: "none" for each, as its JSON says) */
        buf_printf(out, "%sover %d runs:", out->len ? "; " : "", f->rep_runs);
        for (int r = 0; r < f->rep_runs; r++) {
            double x = f->rep_val[r];
            if (!isfinite(x))
                snprintf(v, sizeof v, "none");
            else if (!isfinite(f->value) && !isfinite(f->cycles) && f->bytes)   /* not resolved here */
                svg_fmt_bytes(v, sizeof v, x);
            else if (!isfinite(f->value))
                snprintf(v, sizeof v, "%.3g", x);
            else if (f->bytes)
                svg_fmt_bytes(v, sizeof v, x);
            else if (f->off_axis)
                snprintf(v, sizeof v, "%.4g", x);
            else
                sweep_fmt_x(s, x, v, sizeof v);
            buf_printf(out, "%s %s", r ? "," : "", v);
        }
        buf_printf(out, " (%d of %d within %s of their median)", f->rep_agree, f->rep_runs,
                   isfinite(f->value) && !f->off_axis ? "one sweep step" : "5 %");
    }
}

void sweep_findings_from_knees(Sweep *s, int series, const char *const *names, int nnames,
                               const char *last_name, double min_conf)
{
    const KneeResult *r = sweep_knees(s, series);
    const char *sname = s->nseries > 1 ? s->series[series].name : "";
    int k = 0;
    for (int i = 0; i < r->nlevels; i++) {
        const KneeLevel *L = &r->levels[i];
        bool last = i + 1 == r->nlevels;
        if (!last && L->confidence < min_conf)
            continue;
        char nm[48];
        if (last) {
            if (!last_name)
                break;
            snprintf(nm, sizeof nm, "%s", last_name);
        } else if (k < nnames && names[k]) {
            snprintf(nm, sizeof nm, "%s", names[k]);
        } else {
            snprintf(nm, sizeof nm, "level %d", k + 1);
        }
        SweepFinding *f = sweep_finding(s, nm, sname);
        sweep_finding_level(f, r, i);
        k++;
    }
}

int sweep_steps(const KneeResult *r, int *idx, double *at, int max)
{
    int n = 0;
    for (int i = 0; i + 1 < r->nlevels && n < max; i++) {
        const KneeLevel *L = &r->levels[i];
        if (L->confidence < 0.5)
            continue;
        idx[n] = i;
        at[n++] = isfinite(L->x_mid) ? L->x_mid : L->x_last;
    }
    return n;
}

void sweep_major_steps(const KneeResult *r, const int *idx, int ns, int k, bool *named)
{
    double change[SWEEP_MAX_FINDINGS];
    for (int j = 0; j < ns && j < SWEEP_MAX_FINDINGS; j++) {
        double a = r->levels[idx[j]].level, b = r->levels[idx[j] + 1].level;
        change[j] = a > 0 && b > 0 ? fmax(a / b, b / a) : 0;
        named[j] = k <= 0 || ns <= k;
    }
    for (int n = 0; n < k && ns > k; n++) {
        int best = -1;
        for (int j = 0; j < ns && j < SWEEP_MAX_FINDINGS; j++)
            if (!named[j] && (best < 0 || change[j] > change[best]))
                best = j;
        named[best] = true;
    }
}

void sweep_minor_steps(const KneeResult *r, const int *idx, int ns, double ratio, bool *named)
{
    for (int j = 0; j < ns && j < SWEEP_MAX_FINDINGS; j++) {
        double a = r->levels[idx[j]].level, b = r->levels[idx[j] + 1].level;
        if (a > 0 && b > 0 && fmax(a / b, b / a) < ratio)
            named[j] = false;
    }
}

int sweep_memory_step(const KneeResult *r, const int *idx, int ns, double hz)
{
    for (int j = 0; j < ns && hz > 0; j++)
        if (r->levels[idx[j]].level / hz * 1e9 >= SWEEP_MEMORY_NS)
            return j;
    return -1;
}

void sweep_name_knees(Sweep *s, int series, const SweepRef *refs, int nrefs, const char *ref_src,
                      const char *last_name)
{
    sweep_name_knees_of(s, series, refs, nrefs, ref_src, last_name, NULL);
}

void sweep_name_knees_of(Sweep *s, int series, const SweepRef *refs, int nrefs, const char *ref_src,
                         const char *last_name, const bool *named)
{
    const KneeResult *r = sweep_knees(s, series);
    const char *sname = s->nseries > 1 ? s->series[series].name : "";
    bool have_ref = false;
    for (int i = 0; i < nrefs; i++)
        if (refs[i].x > 0)
            have_ref = true;
    bool used[32] = {false};
    int next = 0, k = 0, idx[SWEEP_MAX_FINDINGS];
    double caps[SWEEP_MAX_FINDINGS];
    int ns = sweep_steps(r, idx, caps, SWEEP_MAX_FINDINGS);
    for (int j = 0; j < ns; j++) {
        int i = idx[j];
        double cap = caps[j];
        int ref = -1;
        if (named && !named[j]) {
            /* a step that is not a level: no reference, no number in the order */
        } else if (have_ref) {
            double best = 1.0;
            for (int j = 0; j < nrefs && j < 32; j++)
                if (refs[j].x > 0 && !used[j] && fabs(log2(cap / refs[j].x)) <= best)
                    best = fabs(log2(cap / refs[j].x)), ref = j;
        } else if (next < nrefs) {
            ref = next;
        }
        char name[48];
        if (ref >= 0) {
            used[ref] = true, next = ref + 1;
            snprintf(name, sizeof name, "%s", refs[ref].name);
        } else if (named && !named[j]) {
            snprintf(name, sizeof name, "step");
        } else {
            snprintf(name, sizeof name, "knee %d", ++k);
        }
        SweepFinding *f = sweep_finding(s, name, sname);
        sweep_finding_level(f, r, i);
        f->value = cap;
        char c[32] = "";
        if (ref >= 0 && refs[ref].x > 0)
            sweep_fmt_x(s, refs[ref].x, c, sizeof c);
        if (c[0])
            sweep_fnote(f, "%s says %s", ref_src ? ref_src : "the reference", c);
        if (!c[0] && have_ref)
            sweep_fnote_clause(f, "matches no %s figure", ref_src ? ref_src : "reference");
    }
    if (!last_name || r->nlevels == 0)
        return;
    SweepFinding *f = sweep_finding(s, last_name, sname);
    sweep_finding_level(f, r, r->nlevels - 1);
}

bool sweep_core_verdict(Sweep *s, const char *name, BenchFig fig, bool cycles)
{
    for (int i = 0; i < s->nfind; i++) {
        SweepFinding *f = &s->find[i];
        if (strcmp(f->name, name))
            continue;
        char v[1024], who[64];
        if (bench_core_verdict(&s->ident, fig, cycles ? f->cycles : f->value, v, sizeof v) != 1)
            return false;
        sweep_note(s, "%s: %s", f->name, v);
        bench_ident_name(&s->ident, who, sizeof who);
        sweep_fnote_clause(f, "CONTRADICTS %s (the notes say more)", who);
        return true;
    }
    return false;
}

void sweep_note(Sweep *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&s->notes, fmt, ap);
    va_end(ap);
    buf_putc(&s->notes, '\n');
}

/* ---- output ----------------------------------------------------------------------------- */

void sweep_pass_range(const SweepFinding *f, char *out, size_t n)
{
    double lo = INFINITY, hi = -INFINITY;
    int none = 0;
    out[0] = 0;
    for (int k = 0; k < f->npass && f->npass > 1 && k < (int)ARRAY_LEN(f->pass_val); k++)
        if (isfinite(f->pass_val[k]))
            lo = fmin(lo, f->pass_val[k]), hi = fmax(hi, f->pass_val[k]);
        else
            none++;
    if (!(lo <= hi))
        return;
    char nonetxt[48] = "";
    if (none)
        snprintf(nonetxt, sizeof nonetxt, "; %d of %d found none", none, f->npass);
    /* (whole counts in full: a pattern of 65536 periods, not 6.554e+04) */
    const char *fm = lo == floor(lo) && hi == floor(hi) && hi < 1e15 ? "%.0f" : "%.4g";
    char a[40], b[40];
    snprintf(a, sizeof a, fm, lo);
    snprintf(b, sizeof b, fm, hi);
    if (f->bytes && !f->off_axis)   /* (a size as the finding's own: "741 KiB", not 741440) */
        svg_fmt_bytes(a, sizeof a, lo), svg_fmt_bytes(b, sizeof b, hi);
    if (lo == hi)
        snprintf(out, n, " (passes %s%s)", a, nonetxt);
    else
        snprintf(out, n, " (passes %s..%s%s)", a, b, nonetxt);
}

static void fmt_finding(const Sweep *s, const SweepFinding *f, Buf *out)
{
    char v[48] = "", c[48] = "", k[48] = "";
    if (isfinite(f->value)) {
        if (f->bytes)
            svg_fmt_bytes(v, sizeof v, f->value);
        else
            snprintf(v, sizeof v, f->value == floor(f->value) ? "%.0f" : "%.4g", f->value);
        if (isfinite(f->cycles))
            strcat(v, ", ");
    }
    if (isfinite(f->cycles))
        snprintf(c, sizeof c, "%.3g %s", f->cycles, s->yunit ? s->yunit : "");
    if (isfinite(f->confidence))
        snprintf(k, sizeof k, " (confidence %.2f)", f->confidence);
    char u[96] = "";
    for (int i = 0; i < f->nunstable && f->nunstable > 1; i++) {
        size_t l = strlen(u);
        snprintf(u + l, sizeof u - l, "%s%.4g", i == 0 ? "  UNSTABLE: " : i + 1 == f->nunstable ? " or " : ", ",
                 f->unstable[i]);
    }
    char ps[96] = "";
    sweep_pass_range(f, ps, sizeof ps);
    buf_reset(out);
    buf_printf(out, "%s%s%s%s: %s%s%s%s%s", f->name, f->series[0] ? " [" : "", f->series,
               f->series[0] ? "]" : "", v[0] || c[0] ? v : "-", c, k, ps, u);
}

static void prov_line(const Sweep *s, FILE *f)
{
    const BenchProvenance *p = &s->prov;
    fprintf(f, "# cpu: %s%s%s%s | os: %s | counters: %s | core clock: %.3f GHz | %s\n", p->cpu,
            p->midr[0] ? " (MIDR " : "", p->midr, p->midr[0] ? ")" : "", p->os, p->backend,
            p->core_hz / 1e9, p->date);
    if (p->hypervisor[0])
        fprintf(f, "# hypervisor: %s\n", p->hypervisor);
    if (p->emulated[0])
        fprintf(f, "# EMULATED: %s: the timings are the emulator's, the findings describe no core\n",
                p->emulated);
}

static void write_json(Sweep *s, FILE *out)
{
    Buf b;
    buf_init(&b);
    Json j;
    json_init(&j, &b, true);
    json_obj_begin(&j);
    json_kstr(&j, "experiment", s->exp);
    json_kstr(&j, "title", s->title);
    json_kstr(&j, "method", s->method);
    json_kstr(&j, "arch", bench_arch_name(s->arch));
    json_key(&j, "provenance");
    bench_provenance_json(&j, &s->prov);
    json_kbool(&j, "interrupted", s->interrupted);
    json_kbool(&j, "emulated", s->prov.emulated[0] != 0);
    json_key(&j, "cut");   /* the points cut at the timeout: the sweep stopped at the first */
    json_arr_begin(&j);
    for (int i = 0; i < s->ncut && i < SWEEP_MAX_CUT; i++) {
        json_obj_begin(&j);
        json_kstr(&j, "series", s->cut[i].series);
        json_knum(&j, "x", s->cut[i].x);
        json_knum(&j, "timeout_s", s->cut[i].timeout_s);
        json_obj_end(&j);
    }
    json_arr_end(&j);
    json_key(&j, "x");
    json_obj_begin(&j);
    json_kstr(&j, "label", s->xlabel);
    json_kstr(&j, "unit", s->x_bytes ? "bytes" : "count");
    json_obj_end(&j);
    json_key(&j, "y");
    json_obj_begin(&j);
    json_kstr(&j, "label", s->ylabel);
    json_kstr(&j, "unit", s->yunit);
    json_obj_end(&j);
    json_key(&j, "findings");
    json_arr_begin(&j);
    for (int i = 0; i < s->nfind; i++) {
        const SweepFinding *f = &s->find[i];
        json_obj_begin(&j);
        json_kstr(&j, "name", f->name);
        if (f->series[0])
            json_kstr(&j, "series", f->series);
        const char *vk = f->bytes ? "size_bytes" : "count";
        if (isfinite(f->value))
            json_knum(&j, vk, f->value);
        else
            json_knull(&j, vk);
        /* "cycles": the level's cost in cycles (per operation; IPC converted), "level" + "unit":
         * as measured (cycles, IPC, B/cycle) */
        bool cyc = !s->yunit || strcmp(s->yunit, "cycles") == 0, ipc = s->yunit && strcmp(s->yunit, "IPC") == 0;
        if (isfinite(f->cycles) && (cyc || (ipc && f->cycles > 0)))
            json_knum(&j, "cycles", cyc ? f->cycles : 1 / f->cycles);
        else
            json_knull(&j, "cycles");
        if (isfinite(f->cycles))
            json_knum(&j, "level", f->cycles);
        else
            json_knull(&j, "level");
        json_kstr(&j, "unit", s->yunit ? s->yunit : "cycles");
        if (isfinite(f->confidence))
            json_knum(&j, "confidence", round(f->confidence * 1000) / 1000);
        else
            json_knull(&j, "confidence");
        if (isfinite(f->from) && isfinite(f->to)) {
            json_key(&j, "plateau");
            json_arr_begin(&j);
            json_num(&j, f->from);
            json_num(&j, f->to);
            json_arr_end(&j);
        }
        if (isfinite(f->next))
            json_knum(&j, "next_level_from", f->next);
        if (f->rep_runs > 1) {
            json_key(&j, "repeat");
            json_obj_begin(&j);
            json_kint(&j, "runs", f->rep_runs);
            json_kint(&j, "found", f->rep_found);
            json_kint(&j, "agree", f->rep_agree);
            json_key(&j, "values");
            json_arr_begin(&j);
            for (int r = 0; r < f->rep_runs; r++)
                if (isfinite(f->rep_val[r]))
                    json_num(&j, f->rep_val[r]);
                else
                    json_null(&j);
            json_arr_end(&j);
            json_obj_end(&j);
        }
        json_key(&j, "passes");   /* null, or the figure of each pass alone (null: none) */
        if (f->npass > 1) {
            json_arr_begin(&j);
            for (int r = 0; r < f->npass && r < (int)ARRAY_LEN(f->pass_val); r++)
                if (isfinite(f->pass_val[r]))
                    json_num(&j, f->pass_val[r]);
                else
                    json_null(&j);
            json_arr_end(&j);
        } else {
            json_null(&j);
        }
        json_key(&j, "unstable");   /* null, or the figures that disagree */
        if (f->nunstable > 1) {
            json_arr_begin(&j);
            for (int r = 0; r < f->nunstable; r++)
                json_num(&j, f->unstable[r]);
            json_arr_end(&j);
        } else {
            json_null(&j);
        }
        Buf text;
        buf_init(&text);
        sweep_finding_text(s, f, &text);
        if (text.len)
            json_kstr(&j, "note", buf_cstr(&text));
        buf_free(&text);
        json_obj_end(&j);
    }
    json_arr_end(&j);
    json_key(&j, "series");
    json_arr_begin(&j);
    for (int i = 0; i < s->nseries; i++) {
        SweepSeries *S = &s->series[i];
        const KneeResult *r = sweep_knees(s, i);
        json_obj_begin(&j);
        json_kstr(&j, "name", S->name);
        json_kbool(&j, "measured", S->n > 0);
        json_knum(&j, "noise", r->noise);
        json_key(&j, "levels");
        json_arr_begin(&j);
        for (int k = 0; k < r->nlevels; k++) {
            json_obj_begin(&j);
            json_knum(&j, "x_first", r->levels[k].x_first);
            json_knum(&j, "x_last", r->levels[k].x_last);
            json_knum(&j, "level", r->levels[k].level);
            json_knum(&j, "confidence", round(r->levels[k].confidence * 1000) / 1000);
            json_obj_end(&j);
        }
        json_arr_end(&j);
        json_key(&j, "points");
        json_arr_begin(&j);
        for (int k = 0; k < S->n; k++) {
            const SweepPoint *p = &S->pts[k];
            json_obj_begin(&j);
            json_knum(&j, "x", p->x);
            json_knum(&j, "median", p->med);
            json_knum(&j, "best", p->best);
            json_knum(&j, "min", p->min);
            json_knum(&j, "max", p->max);
            json_knum(&j, "q25", p->q25);
            json_knum(&j, "q75", p->q75);
            json_kint(&j, "n", p->n);
            if (p->implausible) {
                json_kstr(&j, "implausible", p->implausible);
                json_knum(&j, "implausible_value", p->raw);
            } else {
                json_key(&j, "implausible");
                json_null(&j);
            }
            json_obj_end(&j);
        }
        json_arr_end(&j);
        json_obj_end(&j);
    }
    json_arr_end(&j);
    json_key(&j, "notes");
    json_arr_begin(&j);
    for (const char *p = buf_cstr(&s->notes); *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        json_strn(&j, p, n);
        p += n + (nl ? 1 : 0);
    }
    json_arr_end(&j);
    json_obj_end(&j);
    fwrite(b.data, 1, b.len, out);
    fputc('\n', out);
    buf_free(&b);
}

/* The cut of series `name` at x (NULL: none) */
static const SweepCut *cut_at(const Sweep *s, const char *name, double x)
{
    for (int i = 0; i < s->ncut && i < SWEEP_MAX_CUT; i++)
        if (strcmp(s->cut[i].series, name) == 0 && s->cut[i].x == x)
            return &s->cut[i];
    return NULL;
}

/* The cuts that are no point of a series of their own (sweep_cut's `what`, or a point no pass
 * measured): the table, CSV and SVG add them */
static bool cut_unlisted(const Sweep *s, const SweepCut *c)
{
    for (int i = 0; i < s->nseries; i++)
        if (strcmp(s->series[i].name, c->series) == 0)
            for (int k = 0; k < s->series[i].n; k++)
                if (s->series[i].pts[k].x == c->x)
                    return false;
    return true;
}

/* A statistic of a point: fmt, or "-" when it is unavailable (NAN). */
static void fmt_val(char *out, size_t n, double v, const char *fmt)
{
    if (isfinite(v))
        snprintf(out, n, fmt, v);
    else
        snprintf(out, n, "-");
}

static void write_table(Sweep *s, FILE *out)
{
    fprintf(out, "# uarch bench %s: %s\n# method: %s\n# y: %s; median and best (%s) over %s "
                 "samples\n", s->exp, s->title, s->method, s->ylabel,
            s->best_desc ? s->best_desc : "the median difference of the quiet rounds",
            s->opt.runs > 0 ? "the" : "the default");
    prov_line(s, out);
    for (int i = 0; i < s->nseries; i++) {
        SweepSeries *S = &s->series[i];
        if (s->nseries > 1 || S->name[0])
            fprintf(out, "\n## %s\n", S->name);
        else
            fputc('\n', out);
        if (S->n == 0 && s->interrupted) {
            fprintf(out, "  not measured (interrupted)\n");
            continue;
        }
        fprintf(out, "%12s  %10s  %10s  %10s  %4s\n", s->x_bytes ? "size" : "x",
                s->opt.best ? "best" : "median", s->opt.best ? "median" : "best", "spread", "n");
        for (int k = 0; k < S->n; k++) {
            const SweepPoint *p = &S->pts[k];
            char xs[32], ys[3][32];
            sweep_fmt_x(s, p->x, xs, sizeof xs);
            fmt_val(ys[0], sizeof ys[0], sweep_y_shown(s, p), "%.3f");
            fmt_val(ys[1], sizeof ys[1], s->opt.best ? p->med : p->best, "%.3f");
            fmt_val(ys[2], sizeof ys[2], p->q75 - p->q25, "%.3f");
            const SweepCut *c = cut_at(s, S->name, p->x);
            char bad[96] = "";
            if (p->implausible)
                snprintf(bad, sizeof bad, "  ! %s (%.3f): impossible, left out", p->implausible, p->raw);
            fprintf(out, "%12s  %10s  %10s  %10s  %4d%s%s\n", xs, ys[0], ys[1], ys[2], p->n,
                    c ? "  (a later pass cut at the timeout)" : "", bad);
        }
        for (int k = 0; k < s->ncut && k < SWEEP_MAX_CUT; k++)
            if (strcmp(s->cut[k].series, S->name) == 0 && cut_unlisted(s, &s->cut[k])) {
                char xs[32];
                sweep_fmt_x(s, s->cut[k].x, xs, sizeof xs);
                fprintf(out, "%12s  cut: not finished within %g s (-timeout)\n", xs, s->cut[k].timeout_s);
            }
    }
    for (int k = 0; k < s->ncut && k < SWEEP_MAX_CUT; k++)
        if (!isfinite(s->cut[k].x))
            fprintf(out, "\n%s: cut: not finished within %g s (-timeout)\n", s->cut[k].series, s->cut[k].timeout_s);
    fprintf(out, "\nfindings%s%s:\n", s->interrupted ? " (interrupted: partial sweep)" :
            s->ncut ? " (cut at the timeout: partial sweep)" : "",
            s->prov.emulated[0] ? " (emulated timings: no core's)" : "");
    int unmeasured = 0;
    for (int i = 0; i < s->nseries; i++)
        if (s->series[i].n == 0 && s->interrupted) {
            bool named = false;   /* a finding of the series says it already */
            for (int k = 0; k < s->nfind; k++)
                named |= strcmp(s->find[k].series, s->series[i].name) == 0;
            if (!named)
                fprintf(out, "  %s%snot measured (interrupted)\n", s->series[i].name,
                        s->series[i].name[0] ? ": " : ""), unmeasured++;
        }
    if (s->nfind == 0 && unmeasured == 0)
        fprintf(out, "  none\n");
    Buf line;
    buf_init(&line);
    for (int i = 0; i < s->nfind; i++) {
        fmt_finding(s, &s->find[i], &line);
        fprintf(out, "  %s\n", buf_cstr(&line));
        sweep_finding_text(s, &s->find[i], &line);
        if (line.len)
            fprintf(out, "      %s\n", buf_cstr(&line));
    }
    buf_free(&line);
    if (s->notes.len) {
        fprintf(out, "notes:\n");
        for (const char *p = buf_cstr(&s->notes); *p;) {
            const char *nl = strchr(p, '\n');
            size_t n = nl ? (size_t)(nl - p) : strlen(p);
            fprintf(out, "  %.*s\n", (int)n, p);
            p += n + (nl ? 1 : 0);
        }
    }
}

static bool write_csv(Sweep *s, const char *path)
{
    Buf b;
    buf_init(&b);
    /* every row carries the sweep's flags: a row read alone still says it is from an interrupted
     * sweep or from emulated timings */
    /* cut: 1 on the row of a point cut at the timeout: a row of its own with no figures, or,
     * when an earlier pass measured it, that pass's figures */
    /* implausible: empty, or why the row's figure is impossible (its value, raw: the figure) */
    /* passes: each pass's own figure (analysed y), ';'-separated, of a sweep with two or more */
    buf_puts(&b, "series,x,median,best,min,max,q25,q75,n,cut,interrupted,emulated,implausible,raw,passes\n");
    int nrows = s->nseries + (s->ncut < SWEEP_MAX_CUT ? s->ncut : SWEEP_MAX_CUT);
    for (int i = 0; i < nrows; i++) {
        const SweepCut *cut = i >= s->nseries ? &s->cut[i - s->nseries] : NULL;
        if (cut && !cut_unlisted(s, cut))
            continue;
        int n = cut ? 1 : s->series[i].n;
        for (int k = 0; k < n; k++) {
            SweepPoint none = {.x = cut ? cut->x : 0, .med = NAN, .best = NAN, .min = NAN, .max = NAN,
                               .q25 = NAN, .q75 = NAN};
            const SweepPoint *p = cut ? &none : &s->series[i].pts[k];
            const double v[] = {p->med, p->best, p->min, p->max, p->q25, p->q75};
            const char *nm = cut ? cut->series : s->series[i].name;
            if (strpbrk(nm, ",\"\n")) {   /* RFC 4180: quoted, quotes doubled */
                buf_putc(&b, '"');
                for (const char *c = nm; *c; c++)
                    buf_puts(&b, *c == '"' ? "\"\"" : (char[2]){*c, 0});
                buf_putc(&b, '"');
            } else {
                buf_puts(&b, nm);
            }
            if (isfinite(p->x))
                buf_printf(&b, ",%.17g", p->x);
            else
                buf_putc(&b, ',');   /* (no x: a measure of no series, bench inst's latency) */
            for (size_t j = 0; j < ARRAY_LEN(v); j++) {
                if (isfinite(v[j]))
                    buf_printf(&b, ",%.6g", v[j]);
                else
                    buf_putc(&b, ',');   /* unavailable: an empty field */
            }
            buf_printf(&b, ",%d,%d,%d,%d,", p->n, cut || cut_at(s, nm, p->x), s->interrupted,
                       s->prov.emulated[0] != 0);
            if (p->implausible && isfinite(p->raw))
                buf_printf(&b, "%s,%.6g,", p->implausible, p->raw);
            else
                buf_printf(&b, "%s,,", p->implausible ? p->implausible : "");
            for (int k = 0; !cut && s->series[i].npass > 1 && k < s->series[i].npass && k < SWEEP_PASS_Y; k++)
                if (isfinite(p->pass_y[k]))
                    buf_printf(&b, "%s%.6g", k ? ";" : "", p->pass_y[k]);
                else
                    buf_puts(&b, k ? ";" : "");
            buf_putc(&b, '\n');
        }
    }
    bool ok = out_write_file(path, &b);
    buf_free(&b);
    return ok;
}

/* y of the finding's series at x = its value (the level when no point is there) */
static double curve_y(const Sweep *s, const SweepFinding *f)
{
    for (int i = 0; i < s->nseries; i++) {
        const SweepSeries *S = &s->series[i];
        if (f->series[0] && strcmp(f->series, S->name) != 0)
            continue;
        for (int k = 0; k < S->n; k++)
            if (S->pts[k].x == f->value && isfinite(sweep_y(s, &S->pts[k])))
                return sweep_y(s, &S->pts[k]);
    }
    return f->cycles;
}

static bool write_svg(Sweep *s, const char *path)
{
    SvgPlot p;
    memset(&p, 0, sizeof p);
    char title[400], sub[400], cut[160] = "";
    if (s->ncut) {   /* the first point cut (the sweep stopped there) */
        char xs[32] = "";
        if (isfinite(s->cut[0].x))
            sweep_fmt_x(s, s->cut[0].x, xs, sizeof xs);
        snprintf(cut, sizeof cut, " (cut at the %g s timeout: %s%s%s%s)", s->cut[0].timeout_s, xs,
                 xs[0] && s->cut[0].series[0] ? " of " : "", s->cut[0].series,
                 s->ncut > 1 ? " and more" : "");
    }
    snprintf(title, sizeof title, "uarch bench %s: %s%s%s%s", s->exp, s->title,
             s->interrupted ? " (interrupted)" : "", cut, s->prov.emulated[0] ? " (EMULATED timings)" : "");
    snprintf(sub, sizeof sub, "%s | %s | %s | %.2f GHz | %s", s->prov.cpu, s->prov.os,
             s->prov.backend, s->prov.core_hz / 1e9, s->prov.date);
    p.title = title, p.subtitle = sub, p.xlabel = s->xlabel, p.ylabel = s->ylabel;
    p.x_bytes = s->x_bytes, p.y_from_zero = s->y_from_zero, p.yscale = s->yscale;
    double *xs[SWEEP_MAX_SERIES], *ys[SWEEP_MAX_SERIES], *lo[SWEEP_MAX_SERIES], *hi[SWEEP_MAX_SERIES];
    for (int i = 0; i < s->nseries; i++) {
        SweepSeries *S = &s->series[i];
        int n = S->n;
        xs[i] = xmalloc(sizeof(double) * (n + 1)), ys[i] = xmalloc(sizeof(double) * (n + 1));
        lo[i] = xmalloc(sizeof(double) * (n + 1)), hi[i] = xmalloc(sizeof(double) * (n + 1));
        for (int k = 0; k < n; k++)
            xs[i][k] = S->pts[k].x, ys[i][k] = sweep_y(s, &S->pts[k]), lo[i][k] = S->pts[k].q25,
            hi[i][k] = S->pts[k].q75;
        p.series[p.nseries++] = (SvgSeries){S->name[0] ? S->name : NULL, xs[i], ys[i], lo[i], hi[i], n};
        const KneeResult *r = sweep_knees(s, i);
        for (int k = 0; k < r->nlevels && p.nlevels < SVG_MAX_MARKS; k++)
            if (r->nlevels > 1)
                p.levels[p.nlevels++] = (SvgLevel){r->levels[k].x_first, r->levels[k].x_last, r->levels[k].level};
    }
    char labels[SVG_MAX_MARKS][96];
    for (int i = 0; i < s->nfind && p.nknees < SVG_MAX_MARKS; i++) {
        const SweepFinding *f = &s->find[i];
        /* a capacity found with a confidence is marked at its x; a width or a cost alone (no
         * position on the x axis) is written as a line of text; nothing found, nothing drawn */
        bool marked = !f->off_axis && isfinite(f->value) && isfinite(f->confidence);
        if (!marked && !(f->off_axis && isfinite(f->value)) && !isfinite(f->cycles))
            continue;
        char *L = labels[p.nknees];
        size_t n = sizeof labels[0], k = 0;
        k += (size_t)snprintf(L + k, n - k, f->series[0] ? "%s [%s]:" : "%s:", f->name, f->series);
        if (isfinite(f->value) && k < n) {
            char v[32];
            if (f->bytes)
                svg_fmt_bytes(v, sizeof v, f->value);
            else
                snprintf(v, sizeof v, f->value == floor(f->value) ? "%.0f" : "%.4g", f->value);
            k += (size_t)snprintf(L + k, n - k, " %s%s", v, isfinite(f->cycles) ? "," : "");
        }
        if (isfinite(f->cycles) && k < n)
            k += (size_t)snprintf(L + k, n - k, " %.3g %s", f->cycles,
                                  s->yunit && strcmp(s->yunit, "cycles") == 0 ? "c" : (s->yunit ? s->yunit : ""));
        if (isfinite(f->confidence) && k < n)
            snprintf(L + k, n - k, " (%.2f)", f->confidence);
        /* the marker sits on the curve at the capacity (which, for a gradual step, is past
         * the end of the plateau and above the level) */
        int series = 0;   /* its tag in its series' colour */
        for (int k2 = 0; k2 < s->nseries && f->series[0] && !series; k2++)
            if (strcmp(f->series, s->series[k2].name) == 0)
                series = k2 + 1;
        p.knees[p.nknees] = (SvgKnee){marked ? f->value : NAN, marked ? curve_y(s, f) : NAN, L, series};
        p.nknees++;
    }
    Buf b;
    buf_init(&b);
    svg_plot(&b, &p);
    for (int i = 0; i < s->nseries; i++)
        free(xs[i]), free(ys[i]), free(lo[i]), free(hi[i]);
    bool ok = out_write_file(path, &b);
    buf_free(&b);
    return ok;
}

/* An interrupted sweep (or one stopped at a point cut at the timeout: `why` "cut at the timeout"):
 * a finding of a series with no point is "not measured" (it has no value, and its note must not
 * claim what a full sweep would have shown, such as "no step up"); one without a value from a
 * partial series says how far its series went, and its experiment's note, written of the whole
 * range ("no step up in N = 0..100: the structure is larger"), is dropped: the points measured
 * tell nothing of the rest (CI of 2026-12-01: `rob` stopped by SIGTERM inside its first series
 * printed "interrupted: measured 0..40 only; no step up in N = 0..100"). */
void sweep_unmeasured(Sweep *s, const char *why)
{
    for (int i = 0; i < s->nfind; i++) {
        SweepFinding *f = &s->find[i];
        const SweepSeries *S = NULL;
        int total = 0;
        for (int k = 0; k < s->nseries; k++) {
            total += s->series[k].n;
            if (f->series[0] && strcmp(f->series, s->series[k].name) == 0)
                S = &s->series[k];
        }
        int n = S ? S->n : total;
        if (n == 0) {
            f->value = f->cycles = f->confidence = NAN;
            sweep_fnote(f, "not measured: the sweep was %s before %s", why,
                     S ? "this series" : "its first point");
        } else if (!isfinite(f->value) && S) {
            char a[32], b[32];
            sweep_fmt_x(s, S->pts[0].x, a, sizeof a);
            sweep_fmt_x(s, S->pts[S->n - 1].x, b, sizeof b);
            sweep_fnote(f, "%s: measured %s..%s only, no finding in those points", why, a, b);
        }
    }
}

/* One warning per series with impossible points: how many, the first, and where they are shown */
static void sweep_warnings(const Sweep *s)
{
    for (int i = 0; i < s->nfind; i++) {
        const SweepFinding *f = &s->find[i];
        if (f->nunstable < 2)
            continue;
        Buf line;
        buf_init(&line);
        fmt_finding(s, f, &line);
        fprintf(stderr, "uarch: bench %s: warning: unstable: %s (the sweep measured it as different figures: "
                "see its note)\n", s->exp, buf_cstr(&line));
        buf_free(&line);
    }
    for (int i = 0; i < s->nseries; i++) {
        const SweepSeries *S = &s->series[i];
        int nbad = 0, first = -1;
        for (int k = 0; k < S->n; k++)
            if (S->pts[k].implausible && nbad++ == 0)
                first = k;
        if (!nbad)
            continue;
        const SweepPoint *p = &S->pts[first];
        char xs[32];
        sweep_fmt_x(s, p->x, xs, sizeof xs);
        fprintf(stderr, "uarch: bench %s: warning: %d point%s%s%s%s with an impossible figure, the first at %s: "
                "%.3f %s, %s%s%s; marked '!' in the table (JSON and CSV: implausible) and left out of the "
                "findings\n", s->exp, nbad, nbad > 1 ? "s" : "", S->name[0] ? " of '" : "", S->name,
                S->name[0] ? "'" : "", xs, p->raw, s->yunit ? s->yunit : "", p->implausible,
                p->implausible == above_width && s->ceiling_why ? ": " : "",
                p->implausible == above_width && s->ceiling_why ? s->ceiling_why : "");
    }
}

void sweep_pass_findings(Sweep *s)
{
    for (int si = 0; si < s->nseries; si++) {
        SweepSeries *S = &s->series[si];
        if (!s->pass_rule || S->npass < 2 || S->n == 0)
            continue;
        const KneeResult *r = sweep_knees(s, si);
        int np = S->npass < SWEEP_PASS_Y ? S->npass : SWEEP_PASS_Y;
        int need = np / 2 + np % 2 > 2 ? np / 2 + np % 2 : 2;
        for (int i = 0; i + 1 < r->nlevels; i++) {
            const KneeLevel *L = &r->levels[i];
            int seen = S->step_seen[i];
            double c0 = S->step_conf0[i];
            if (seen < 0)
                continue;
            char xs[32];
            sweep_fmt_x(s, isfinite(L->x_mid) ? L->x_mid : L->x_last, xs, sizeof xs);
            if (isfinite(c0) && c0 >= 0.5 && seen < need) {
                sweep_note(s, "%s: the fastest-of curve steps at %s (confidence %.2f), but %d of %d passes alone "
                           "do: unsteady, not a finding (a knee is one at least %d passes show)",
                           S->name[0] ? S->name : "the curve", xs, c0, seen, np, need);
                continue;
            }
            for (int k = 0; k < s->nfind; k++) {
                SweepFinding *f = &s->find[k];
                if ((strcmp(f->series, S->name) && (f->series[0] || s->nseries > 1)) || f->from != L->x_first ||
                    f->to != L->x_last || f->npass > 0)
                    continue;
                f->npass = np;
                for (int m = 0; m < np; m++)
                    f->pass_val[m] = S->step_pass[i][m];
                sweep_fnote_clause(f, "%d of %d passes alone show it (rise across it, pass the middle of its levels "
                                   "within half an octave)", seen, np);
                if (isnan(c0))
                    sweep_fnote_add(f, " (the fastest-of curve has no step there: found by the passes)");
                else if (c0 < 0.5)
                    sweep_fnote_add(f, " (the fastest-of curve alone: confidence %.2f)", c0);
            }
        }
    }
}

int sweep_finish(Sweep *s)
{
    if (!s->opt.quiet && isatty(2))
        fprintf(stderr, "\r\033[K");
    if (s->failed) {
        return 1;
    }
    if (s->interrupted || sweep_stop(s)) {
        int sig = cleanup_pending();
        s->interrupted = true;
        fprintf(stderr, "uarch: bench %s: interrupted%s%s, reporting the %d points measured\n", s->exp,
                sig ? " by " : "", sig ? cleanup_signame(sig) : "",
                s->npoints_done);
        sweep_unmeasured(s, "interrupted");
    } else if (s->ncut) {
        fprintf(stderr, "uarch: bench %s: %d point%s cut at the timeout, reporting the %d points measured "
                "(exit status 1)\n", s->exp, s->ncut, s->ncut > 1 ? "s" : "", s->npoints_done);
        sweep_unmeasured(s, "cut at the timeout");
    }
    if (!s->interrupted && s->npoints_done == 0 && s->npoints_failed > 0 && !s->ncut) {   /* (not "left out") */
        fprintf(stderr, "uarch: bench %s: no point measured: %d failed (said above)\n", s->exp,
                s->npoints_failed);
        return 1;
    }
    if (!s->interrupted && s->npoints_done == 0 && !s->ncut) {   /* (an empty table and "findings: none" said nothing) */
        fprintf(stderr, "uarch: bench %s: no point measured: every point between -min and -max was left out "
                "(see the experiment's --help for the points it leaves out)\n", s->exp);
        return 1;
    }
    sweep_pass_findings(s);
    char cav[400];
    bench_ident_caveat(&s->ident, cav, sizeof cav);
    if (cav[0])
        sweep_note(s, "%s", cav);
    if (s->load0 && s->load0->n > 0) {
        BenchCpuTimes *now = xmalloc(sizeof *now);
        char note[512];
        bench_cpu_times(now);
        bench_cpu_load_note(s->load0, now, s->opt.cpu, note, sizeof note);
        if (note[0])
            sweep_note(s, "%s", note);
        free(now);
    }
    sweep_warnings(s);
    if (repeat_collect(s)) {
        signal(SIGINT, SIG_DFL);
        return 0;
    }
    int status = 0;
    bool other = (s->opt.csv && !strcmp(s->opt.csv, "-")) || (s->opt.svg && !strcmp(s->opt.svg, "-"));
    if (s->opt.json)
        write_json(s, stdout);
    else if (!other)   /* (-csv - or -svg -: that is stdout, alone) */
        write_table(s, stdout);
    fflush(stdout);
    if (s->opt.csv && !write_csv(s, s->opt.csv))   /* (the error is printed) */
        status = 1;
    if (s->opt.svg && !write_svg(s, s->opt.svg))
        status = 1;
    if (s->ncut)   /* a partial sweep, reported: a script must not take it for a whole one */
        status = 1;
    return status;
}

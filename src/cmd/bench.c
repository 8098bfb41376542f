/* bench.c — `uarch bench`: the snippet runner and the table of sweep experiments.
 *
 *   uarch bench run [options] 'asm'     time a snippet (bench/snippet.c), human or -json output
 *   uarch bench selftest                known answers (add, multiply, 8 independent adds, L1
 *                                        pointer chase) for the detected CPU: pass/fail per item
 *   uarch bench list                    the subcommands and experiments
 *   uarch bench <experiment> [args]     an experiment of bench/experiments.h
 */
#include "bench/bench.h"
#include "bench/experiments.h"
#include "bench/known.h"
#include "clock/clock.h"
#include "cmd/cmd.h"
#include "pmu/pmu.h"
#include "util/opt.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Experiments: weak references, so an experiment not linked yet is simply absent. */
#define X_DECL(name, summary, fn) int fn(int, char **) __attribute__((weak));
BENCH_EXPERIMENTS(X_DECL)
#define X_ROW(name, summary, fn) {name, summary, fn},
const BenchExperiment bench_experiments[] = {BENCH_EXPERIMENTS(X_ROW){NULL, NULL, NULL}};
const int bench_nexperiments = (int)ARRAY_LEN(bench_experiments) - 1;

static void print_error(const Diag *d)
{
    if (d->line > 0)
        diag_print(stderr, d, "error");
    else
        eprintf("uarch: error: %s\n", d->msg);
}

/* -remove_empty_events: event k (not the cycles) was 0 in every round */
static bool empty_event(const BenchResult *r, int k)
{
    if (k == 0)
        return false;
    for (int q = 0; q < r->neach[k]; q++)
        if (r->each[k][q] != 0)
            return false;
    return true;
}

/* -verbose: every round's value of event k (per copy, or times the copies) */
static void print_rounds(const BenchResult *r, int k, double scale)
{
    printf("  %s, each round:", r->name[k]);
    for (int q = 0; q < r->neach[k]; q++)
        printf(" %.3f", r->each[k][q] * scale);
    putchar('\n');
}

static int cmd_run(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "-help") == 0) {
            bench_run_usage(stdout);
            return 0;
        }
    BenchCli c;
    char err[512];
    int rc = bench_parse_run(argc, argv, &c, err, sizeof err);
    if (rc) {
        eprintf("uarch: bench run: %s\n", err);
        if (rc == 2)
            eprintf("(uarch bench run --help for the options)\n");
        bench_cli_free(&c);
        return rc;
    }
    if (c.s.syntax == BENCH_INTEL && bench_host_arch() != BENCH_X86_64) {
        eprintf("uarch: bench run: '-syntax intel' is for x86-64; this is %s\n",
                bench_arch_name(bench_host_arch()));
        bench_cli_free(&c);
        return 2;
    }
    BenchResult r;
    Diag d;
    memset(&d, 0, sizeof d);
    if (!bench_cli_config(&c, &d)) {
        print_error(&d);
        bench_cli_free(&c);
        return 1;
    }
    BenchStatus st = bench_snippet(&c.s, &r, &d);
    if (st != BENCH_OK) {
        print_error(&d);
        bench_cli_free(&c);
        return 1;
    }
    const BenchStat *s = &r.stat[0];
    /* the figure asked for (-median, -min, -max, -avg) */
    double fig = strcmp(c.stat, "min") == 0 ? s->min : strcmp(c.stat, "max") == 0 ? s->max
               : strcmp(c.stat, "mean") == 0 ? r.mean[0] : s->median;
    if (r.samples.kept == 0) {
        eprintf("uarch: error: all %d runs were dropped (the process changed CPU); nothing measured\n",
                r.samples.runs);
        bench_result_free(&r);
        bench_cli_free(&c);
        return 1;
    }
    /* -no_normalization: every figure times the copies differenced (nanoBench's raw counts) */
    double copies = r.copies;
    double scale = c.no_normalization ? copies : 1.0;
    const char *per = c.no_normalization ? "in all" : "per copy";
    if (strcmp(r.samples.backend, "perf_event") != 0 && r.samples.timer_hz > 0) {
        /* the timer step against what one round measures: the long-minus-short difference */
        double gran = strcmp(r.samples.backend, "timer") == 0 ? (double)clock_granularity() : 1.0;
        double step = gran * r.samples.core_hz / r.samples.timer_hz;
        double diff = fig * copies;
        if (diff > 0 && step > 0.01 * diff)
            eprintf("uarch: warning: the timer step (%.0f cycles) is %.0f %% of the measured difference "
                    "(%.0f cycles): raise -iters or -unroll\n", step, 100 * step / diff, diff);
    }
    /* without a PMU: the clock the rounds saw, from the chain timed after each round's kernels */
    bool clock_moved = r.samples.clock_median_hz > 0 && !r.samples.clock_steady;
    if (clock_moved)
        eprintf("uarch: warning: the core clock moved between rounds: %.3f GHz from the fastest chain timings, "
                "%.3f GHz in the median round (quartiles %.3f..%.3f), %.0f %% apart (more than %.0f %%); the "
                "cycles use the %s (the statistic is the %s), a round at the other clock is off by that much\n",
                r.samples.clock_fast_hz / 1e9, r.samples.clock_median_hz / 1e9, r.samples.clock_q25_hz / 1e9,
                r.samples.clock_q75_hz / 1e9,
                100 * fabs(r.samples.clock_fast_hz - r.samples.clock_median_hz) / r.samples.clock_median_hz,
                100 * CLOCK_STEADY_TOL, c.s.run.clock_median ? "median round's" : "fastest timings'", c.stat);
    /* a copy cannot take less than no time: a negative figure is the noise of the difference of
     * the two lengths (N copies from 2N), larger than the snippet's own time.  Printed as it is,
     * flagged (JSON "implausible", a mark on its line) and warned about */
    bool negative = fig < 0;
    if (negative)
        eprintf("uarch: warning: %.3f cycles %s is impossible (negative): the noise of the difference of "
                "the two lengths is larger than the snippet's time; raise -unroll_count or -loop_count\n",
                fig * scale, per);
    if (c.json) {
        Buf out;
        buf_init(&out);
        Json j;
        json_init(&j, &out, true);
        json_obj_begin(&j);
        json_kstr(&j, "snippet", c.s.body);
        if (c.s.init)
            json_kstr(&j, "init", c.s.init);
        json_knum(&j, "cycles", fig * scale);
        json_kstr(&j, "statistic", c.stat);
        if (negative)
            json_kstr(&j, "implausible", "negative");
        else
            json_knull(&j, "implausible");
        json_knum(&j, "cycles_median", s->median * scale);
        json_knum(&j, "cycles_mean", r.mean[0] * scale);
        json_knum(&j, "cycles_min", s->min * scale);
        json_knum(&j, "cycles_max", s->max * scale);
        json_knum(&j, "cycles_q25", s->q25 * scale);
        json_knum(&j, "cycles_q75", s->q75 * scale);
        json_kbool(&j, "normalized", !c.no_normalization);   /* false: totals over "copies" */
        json_knum(&j, "copies", copies);
        json_kint(&j, "runs", r.samples.kept);
        json_kint(&j, "dropped", r.samples.dropped);
        json_kstr(&j, "backend", r.samples.backend);
        if (r.samples.clock_median_hz > 0) {   /* (no PMU: the clock of the rounds) */
            json_key(&j, "core_clock");
            json_obj_begin(&j);
            json_knum(&j, "used_hz", r.samples.core_hz);
            json_knum(&j, "fastest_hz", r.samples.clock_fast_hz);
            json_knum(&j, "median_hz", r.samples.clock_median_hz);
            json_knum(&j, "q25_hz", r.samples.clock_q25_hz);
            json_knum(&j, "q75_hz", r.samples.clock_q75_hz);
            json_kbool(&j, "steady", r.samples.clock_steady);
            json_obj_end(&j);
        }
        json_kint(&j, "unroll", c.s.unroll);
        json_kint(&j, "iters", (long long)c.s.run.iters);
        json_kint(&j, "count", c.s.count);
        json_kint(&j, "cpu", r.samples.cpu);
        if (bench_host_arch() == BENCH_X86_64)
            json_kstr(&j, "syntax", c.s.syntax == BENCH_INTEL ? "intel" : "att");
        json_kbool(&j, "end_to_end", c.s.end_to_end);   /* true: nothing subtracted */
        json_kstr(&j, "modes", pmu_modes_name(c.s.run.modes));
        json_key(&j, "counters");
        json_obj_begin(&j);
        for (int k = 0; k < r.nevents; k++) {
            if (c.remove_empty && empty_event(&r, k))
                continue;
            json_key(&j, r.name[k]);
            json_obj_begin(&j);
            json_knum(&j, "median", r.stat[k].median * scale);
            json_knum(&j, "min", r.stat[k].min * scale);
            json_knum(&j, "max", r.stat[k].max * scale);
            if (r.runs > 1)
                json_kint(&j, "run", r.run[k]);
            if (c.verbose) {
                json_key(&j, "rounds");
                json_arr_begin(&j);
                for (int q = 0; q < r.neach[k]; q++)
                    json_num(&j, r.each[k][q] * scale);
                json_arr_end(&j);
            }
            json_obj_end(&j);
        }
        json_obj_end(&j);
        if (r.runs > 1) {   /* more counters than one run holds: rotated over runs */
            json_key(&j, "rotation");
            json_obj_begin(&j);
            json_kint(&j, "events", r.nevents - 1);
            json_kint(&j, "runs", r.runs);
            json_kint(&j, "at_once", r.at_once);
            json_obj_end(&j);
        }
        json_kbool(&j, "emulated", r.prov.emulated[0] != 0);
        json_key(&j, "provenance");
        bench_provenance_json(&j, &r.prov);
        json_obj_end(&j);
        buf_putc(&out, '\n');
        fputs(buf_cstr(&out), stdout);
        buf_free(&out);
    } else {
        char mx[48] = "";
        if (c.range)
            snprintf(mx, sizeof mx, ", max %.3f", s->max * scale);
        const char *bad = negative ? "  ! impossible: negative" : "";
        if (strcmp(c.stat, "median") == 0)
            printf("%.3f cycles %s (median of %d runs; min %.3f%s, quartiles %.3f..%.3f; %d dropped for "
                   "migration)%s\n", s->median * scale, per, r.samples.kept, s->min * scale, mx, s->q25 * scale,
                   s->q75 * scale, r.samples.dropped, bad);
        else
            printf("%.3f cycles %s (%s of %d runs; median %.3f, min %.3f, max %.3f; %d dropped for "
                   "migration)%s\n", fig * scale, per, c.stat, r.samples.kept, s->median * scale, s->min * scale,
                   s->max * scale, r.samples.dropped, bad);
        if (c.verbose)
            print_rounds(&r, 0, scale);
        for (int k = 1; k < r.nevents; k++) {
            if (c.remove_empty && empty_event(&r, k))
                continue;
            printf("%.3f %s %s (min %.3f", r.stat[k].median * scale, r.name[k], per, r.stat[k].min * scale);
            if (c.range)
                printf(", max %.3f", r.stat[k].max * scale);
            putchar(')');
            if (r.runs > 1)
                printf("  (run %d)", r.run[k]);
            putchar('\n');
            if (c.verbose)
                print_rounds(&r, k, scale);
        }
        if (r.runs > 1)
            printf("note: %d events over %d runs (%d counters at once besides the cycles): rotated, each event "
                   "counted in one run; the cycles are the first run's\n", r.nevents - 1, r.runs, r.at_once);
        if (strcmp(r.samples.backend, "timer") == 0)
            printf("backend: timer (%s at %.2f MHz, core clock %.3f GHz), CPU %d, unroll %d x %llu iterations, "
                   "count %d\n", clock_counter_name(), r.samples.timer_hz / 1e6, r.samples.core_hz / 1e9,
                   r.samples.cpu, c.s.unroll, (unsigned long long)c.s.run.iters, c.s.count);
        else if (strcmp(r.samples.backend, "task-clock") == 0)
            printf("backend: task-clock (ns on the CPU, core clock %.3f GHz), CPU %d, unroll %d x %llu iterations, "
                   "count %d\n", r.samples.core_hz / 1e9, r.samples.cpu, c.s.unroll,
                   (unsigned long long)c.s.run.iters, c.s.count);
        else
            printf("backend: %s, CPU %d, unroll %d x %llu iterations, count %d\n", r.samples.backend,
                   r.samples.cpu, c.s.unroll, (unsigned long long)c.s.run.iters, c.s.count);
        if (r.samples.clock_median_hz > 0)   /* (no PMU: the clock of the rounds) */
            printf("core clock: %.3f GHz in the median round (quartiles %.3f..%.3f), %.3f GHz from the fastest "
                   "chain timings: %s\n", r.samples.clock_median_hz / 1e9, r.samples.clock_q25_hz / 1e9,
                   r.samples.clock_q75_hz / 1e9, r.samples.clock_fast_hz / 1e9,
                   clock_moved ? "NOT STEADY (see the warning)" : "steady");
        if (c.no_normalization)
            printf("not normalized: the counts of %.0f copies (%s)\n", copies, c.s.end_to_end ?
                   "one kernel's, nothing subtracted" : "the long kernel's minus the short one's");
        if (c.s.end_to_end)
            printf("end to end: one kernel of %d copies a loop iteration, nothing subtracted (its call, set-up, "
                   "init, loop and the counter reads are in the figures)\n", c.s.unroll);
        if (c.s.run.modes)
            printf("privilege levels counted: %s (-usr %d -os %d)\n", pmu_modes_name(c.s.run.modes),
                   c.usr != 0, c.os == 1);
        if (strcmp(c.syntax, "auto") == 0 && c.s.syntax == BENCH_INTEL)
            printf("syntax: Intel, as the snippet names its registers without '%%' (-syntax att to read it as "
                   "AT&T)\n");
        if (r.prov.emulated[0])
            printf("EMULATED: %s: these are the emulator's timings, not a core's\n", r.prov.emulated);
    }
    bench_result_free(&r);
    bench_cli_free(&c);
    return 0;
}

/* ---- selftest ---- */

typedef struct Item {
    const char *what, *init, *body;
    int count;
    char kind;                    /* 'a' add, 'm' mul, 't' throughput bound, 'l' load */
} Item;

static int cmd_selftest(int argc, char **argv)
{
    if (argc > 1) {
        bool help = strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "-help") == 0;
        fprintf(help ? stdout : stderr, "usage: uarch bench selftest   (known answers for the detected CPU, "
                "src/bench/known.tsv; exit 1 if one fails)\n");
        return help ? 0 : 2;
    }
    /* x86-64's adds take a register, not an immediate: Golden Cove's renamer (Raptor Cove: this
     * Emerald Rapids guest, 2026-11-30) folds a 64-bit add of an immediate into the register's
     * mapping, so 'add $1, %rax' ran at 0.17-0.35 cycles a copy (6 a cycle, the rename width)
     * where 'add %rcx, %rax' takes 1.00 */
    /* The throughput item runs 8 chains of adds, more than any core has ALUs (Zen 4: 4, Golden
     * Cove: 5, Firestorm: 6), so it shows the ALUs' rate, whatever the scheduler does.  With 4
     * chains each add had to issue the cycle after its own: on this Emerald Rapids guest (a quiet
     * run, 2026-11-30) 4 chains gave 0.290-0.291 cycles an add, at the 0.30 bound, and failed about
     * half the runs when the host's other thread was busy; 8 chains gave 0.214-0.220 */
    static const Item x86[] = {
        {"add latency chain", NULL, "add %rcx, %rax", 1, 'a'},
        {"imul latency chain", NULL, "imul %rax, %rax", 1, 'm'},
        {"8 independent adds", NULL, "add %rsi, %rax; add %rsi, %rbx; add %rsi, %rcx; add %rsi, %rdx; "
                                     "add %rsi, %rdi; add %rsi, %r8; add %rsi, %r9; add %rsi, %r10", 8, 't'},
        {"L1 pointer chase", "mov %r14, %rax; mov %rax, (%rax)", "mov (%rax), %rax", 1, 'l'},
    };
    static const Item a64[] = {
        {"add latency chain", NULL, "add x0, x0, #1", 1, 'a'},
        {"mul latency chain", NULL, "mul x0, x0, x0", 1, 'm'},
        {"8 independent adds", NULL, "add x0, x0, #1; add x1, x1, #1; add x2, x2, #1; add x3, x3, #1; "
                                     "add x4, x4, #1; add x5, x5, #1; add x6, x6, #1; add x7, x7, #1", 8, 't'},
        {"L1 pointer chase", "mov x0, x27; str x0, [x0]", "ldr x0, [x0]", 1, 'l'},
    };
    bool arm = bench_host_arch() == BENCH_AARCH64;
    const Item *items = arm ? a64 : x86;
    /* the known answers of this CPU */
    const BenchKnown *k = NULL;
    char cpu[160] = "unknown";
    if (clock_have_cpuid()) {
        ClockX86 x;
        clock_x86_decode(clock_cpuid_native, NULL, &x);
        k = bench_known_find("x86_64", x.vendor, x.family, x.model);
        snprintf(cpu, sizeof cpu, "%s %s family 0x%x model 0x%x", x.vendor, x.brand, x.family, x.model);
    } else {
        uint64_t m[256];
        int n = clock_read_midrs(m, 256), c = clock_current_cpu();
        uint64_t midr = n > 0 ? m[c >= 0 && c < n ? c : 0] : 0;
        ClockMidr d;
        clock_midr_decode(midr, &d);
        char impl[8];
        snprintf(impl, sizeof impl, "%x", d.implementer);
        k = bench_known_find("aarch64", impl, 0, d.part);
        snprintf(cpu, sizeof cpu, "%s %s (MIDR 0x%08llx)", d.impl_name, d.part_name, (unsigned long long)midr);
    }
    printf("cpu: %s; known answers: %s\n", cpu, k ? k->uarch : "none for this CPU (generic add/mul only)");
    if (k)
        printf("source: %s\n", k->source);
    /* under a hypervisor cpuid's family/model may be its virtual CPU model's (a KVM guest on an
     * AMD EPYC host, 2026-12-01: family 17h model 01h, a Zen 1, whose L2 latency was not Zen 1's):
     * the answers hold when every core of the vendor has the same */
    BenchIdent id;
    char cav[400];
    bench_ident_here(&id);
    bench_ident_caveat(&id, cav, sizeof cav);
    if (cav[0] && k) {
        bool same = true;
        for (int i = 0; i < bench_known_count; i++) {
            const BenchKnown *o = &bench_known[i];
            if (!strcmp(o->isa, k->isa) && !strcmp(o->vendor, k->vendor))
                same &= o->add == k->add && o->mul == k->mul && o->load == k->load;
        }
        printf("note: %s; %s\n", cav, same ? "the answers checked here are the same for every core of this vendor "
               "in known.tsv, so they hold whichever the host's is" : "the answers checked here differ between "
               "this vendor's cores in known.tsv: they may not be the host core's");
    } else if (cav[0]) {
        printf("note: %s\n", cav);
    }
    /* under emulation the timings are the emulator's: the items run (the harness works) but
     * are not checked against a core's answers */
    char emu[160];
    bool emulated = clock_emulated(emu, sizeof emu);
    if (emulated)
        printf("EMULATED: %s: the timings are the emulator's, so they are shown, not passed or failed\n", emu);
    int fails = 0, skipped = 0;
    for (int i = 0; i < 4 && !cleanup_pending(); i++) {
        const Item *it = &items[i];
        double want = 0, tol = 0;
        bool upper = false;
        switch (it->kind) {
        case 'a': want = k ? k->add : 1, tol = 0.02; break;
        case 'm': want = k ? k->mul : 3, tol = 0.05; break;
        case 't': want = 0.30, upper = true; break;
        case 'l': want = k ? k->load : 0, tol = 0.10; break;
        }
        if (want == 0) {
            printf("skip  %-20s no known L1 load-to-use latency for this CPU\n", it->what);
            skipped++;
            continue;
        }
        BenchSnippetOpts o = {.body = it->body, .body_file = "<selftest>", .body_line = 1, .init = it->init,
                              .unroll = 100, .count = it->count, .run = {.cpu = -1, .runs = 64, .iters = 1000,
                              .quiet = true}};
        /* a shared machine can disturb one measurement: up to 3 attempts, the first that
         * matches wins (the attempt count is printed) */
        BenchResult r;
        Diag d;
        double got = NAN;
        bool ok = false, ran = false;
        int attempt;
        for (attempt = 1; attempt <= (emulated ? 1 : 3) && !ok; attempt++) {
            if (ran)
                bench_result_free(&r);
            memset(&d, 0, sizeof d);
            ran = bench_snippet(&o, &r, &d) == BENCH_OK;
            if (!ran)
                break;
            /* a latency is the median; a throughput bound the median of the quietest rounds
             * (the other hardware thread of the core only ever slows it down).  The lowest
             * round's difference is no bound: noise makes it negative ("-1.729 cycles per
             * add" passed), and a figure at or below 0 is no measurement */
            got = upper ? r.stat[0].best : r.stat[0].median;
            ok = upper ? got > 0 && got <= want : fabs(got - want) <= tol;
        }
        attempt--;
        if (!ran) {
            printf("FAIL  %-20s %s\n", it->what, d.msg);
            fails++;
            continue;
        }
        const char *verdict = emulated ? "emul" : ok ? "pass" : "FAIL";
        if (emulated)
            ok = true;   /* ran: that is all an emulator can show */
        if (upper)
            printf("%s  %-20s %.3f cycles per add, the quietest runs (want > 0, <= %.2f)  '%s'\n", verdict,
                   it->what, got, want, it->body);
        else
            printf("%s  %-20s %.3f cycles (want %.2f +- %.2f)  '%s'%s%s%s\n", verdict, it->what, got,
                   want, tol, it->body, it->init ? " with -init '" : "", it->init ? it->init : "", it->init ? "'" : "");
        if (attempt > 1)
            printf("      (%d attempts)\n", attempt);
        if (i == 0)
            printf("      backend %s, core clock %.3f GHz, CPU %d, %d runs, %d dropped\n", r.samples.backend,
                   r.samples.core_hz / 1e9, r.samples.cpu, r.samples.kept, r.samples.dropped);
        fails += !ok;
        bench_result_free(&r);
    }
    if (emulated)
        printf("%d of %d ran under emulation (%d failed to run; timings not checked)%s\n", 4 - fails - skipped,
               4 - skipped, fails, skipped ? " (1 skipped)" : "");
    else
        printf("%d of %d passed%s\n", 4 - fails - skipped, 4 - skipped, skipped ? " (1 skipped)" : "");
    return fails ? 1 : 0;
}

static int cmd_list(int argc, char **argv);

typedef struct Sub {
    const char *name;
    int (*fn)(int, char **);
    const char *summary;
} Sub;

static const Sub subs[] = {
    {"run", cmd_run, "time an assembly snippet (unroll x iterations, two lengths differenced)"},
    {"selftest", cmd_selftest, "known answers for this CPU (add, multiply, 8 adds, L1 pointer chase)"},
    {"list", cmd_list, "list subcommands and experiments"},
};

static int cmd_list(int argc, char **argv)
{
    if (argc > 1) {
        if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "-help") == 0) {
            printf("usage: uarch bench list   (the subcommands and experiments, each with what it measures)\n");
            return 0;
        }
        eprintf("uarch: bench list: unexpected argument '%s' (it takes none)\n", argv[1]);
        return 2;
    }
    for (size_t i = 0; i < ARRAY_LEN(subs); i++)
        printf("  %-12s %s\n", subs[i].name, subs[i].summary);
    for (int i = 0; i < bench_nexperiments; i++)
        if (bench_experiments[i].fn)
            printf("  %-12s %s\n", bench_experiments[i].name, bench_experiments[i].summary);
    return 0;
}

int cmd_bench(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "-help") == 0) {
        FILE *f = argc < 2 ? stderr : stdout;
        fprintf(f, "usage: uarch bench <subcommand|experiment> [options]\n");
        fflush(f);
        if (f == stdout)
            cmd_list(0, NULL);
        else
            fprintf(f, "'uarch bench list' for the subcommands and experiments\n");
        return argc < 2 ? 2 : 0;
    }
    /* SIGINT, SIGTERM, SIGHUP: caught (and passed on to the measuring child or the compiler);
     * the subcommand stops, reports what it measured, and uarch then ends by the signal (exit
     * status 130, 143, 129) with its temporary files removed */
    int (*fn)(int, char **) = NULL;
    bool experiment = false;
    for (size_t i = 0; i < ARRAY_LEN(subs); i++)
        if (strcmp(argv[1], subs[i].name) == 0)
            fn = subs[i].fn;
    for (int i = 0; i < bench_nexperiments; i++)
        if (bench_experiments[i].fn && strcmp(argv[1], bench_experiments[i].name) == 0)
            fn = bench_experiments[i].fn, experiment = true;
    if (fn) {
        int ac = argc - 1;   /* an experiment's options "-name value" or "-name=value", as run's */
        char **av = experiment ? opt_split_eq(&ac, argv + 1) : argv + 1;
        cleanup_defer();
        int rc = fn(ac, av);
        if (experiment)
            opt_split_free(av);
        if (cleanup_pending()) {
            rc = out_stdout_check(rc);
            cleanup_raise();
        }
        return rc;
    }
    eprintf("uarch: bench: unknown subcommand or experiment '%s' ('uarch bench list')\n", argv[1]);
    return 2;
}

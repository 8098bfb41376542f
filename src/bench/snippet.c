/* snippet.c — bench_snippet: what `uarch bench run` does.  Two kernels, `unroll` and
 * 2 x `unroll` copies of the snippet (basic mode: none and `unroll`), built into one shared
 * object and timed round by round in the same child; per copy = (long - short) / (copies of
 * long - copies of short), copies = unroll * iters * count (iters 1 without a loop).
 * End to end (nanoBench -end_to_end): the `unroll` kernel alone, per copy = its counts / its
 * copies, nothing subtracted. */
#include "bench/bench.h"
#include "clock/clock.h"

#include <stdlib.h>
#include <string.h>

/* -df: what drains the front end, emitted after late_init, before the loop.  AArch64: ISB (the
 * instructions after it are fetched again once it completes).  x86-64: SERIALIZE (0f 01 e8;
 * instruction fetch waits for every earlier instruction to complete), where cpuid leaf 7 says
 * the CPU has it; LFENCE only holds back execution (later instructions are fetched and decoded
 * meanwhile) and CPUID writes eax..edx, which late_init may have set.  NULL with why: none. */
static const char *drain_text(BenchArch arch, char *why, size_t n)
{
    if (arch == BENCH_AARCH64)
        return "\tisb";
    uint32_t r[4] = {0, 0, 0, 0};
    if (clock_have_cpuid()) {
        clock_cpuid_native(NULL, 0, 0, r);
        if (r[0] >= 7) {
            clock_cpuid_native(NULL, 7, 0, r);
            if (r[3] & (1u << 14))
                return "\t.byte 0x0f, 0x01, 0xe8   /* serialize */";
        }
    }
    snprintf(why, n, "-df: this CPU has no SERIALIZE instruction (cpuid leaf 7, edx bit 14), the x86-64 "
             "instruction that drains the front end without writing a register (LFENCE only holds "
             "execution back; CPUID writes eax..edx)");
    return NULL;
}

BenchStatus bench_snippet(const BenchSnippetOpts *o, BenchResult *r, Diag *err)
{
    memset(r, 0, sizeof *r);
    int unroll = o->unroll > 0 ? o->unroll : 100;
    int count = o->count > 0 ? o->count : 1;
    BenchArch arch = bench_host_arch();
    if (!bench_check_reserved(arch, o->syntax, o->init, "<init>", 1, err) ||
        !bench_check_reserved(arch, o->syntax, o->late_init, "<late_init>", 1, err) ||
        !bench_check_body(arch, o->syntax, o->body, o->body_file ? o->body_file : "<snippet>",
                          o->body_line, err))
        return BENCH_ERROR;
    /* (one_time_init may write r15: its function has no loop, and restores it) */
    char why[256];
    const char *drain = NULL;
    if (o->drain && !(drain = drain_text(arch, why, sizeof why))) {
        diag_set(err, "", 0, 0, NULL, "%s", why);
        return BENCH_ERROR;
    }
    BenchProgram p;
    bench_prog_init(&p, arch, o->syntax);
    /* basic mode: the short kernel holds no copy (a NULL body emits nothing); end to end: no
     * short kernel, the long one holds `unroll` copies */
    BenchKernel k = {.symbol = "uarch_short", .init = o->init, .late_init = o->late_init,
                     .body = o->basic ? NULL : o->body, .body_file = o->body_file,
                     .body_line = o->body_line, .unroll = o->basic ? 1 : unroll, .align = o->align,
                     .offset = o->offset, .noloop = o->noloop, .pre_loop = drain};
    if (!o->end_to_end)
        bench_prog_kernel(&p, &k);
    k.symbol = "uarch_long";
    k.body = o->body;
    k.unroll = o->basic || o->end_to_end ? unroll : 2 * unroll;
    bench_prog_kernel(&p, &k);
    if (o->one_time_init) {   /* a function of its own: init alone, no loop, no copy */
        BenchKernel once = {.symbol = "uarch_once", .init = o->one_time_init, .init_file = "<one_time_init>",
                            .noloop = true, .align = 4};
        bench_prog_kernel(&p, &once);
    }
    BenchLib *lib = bench_build(&p, o->keep, err);
    bench_prog_free(&p);
    if (!lib)
        return BENCH_ERROR;
    if (o->keep)
        fprintf(stderr, "uarch: note: generated files kept in %s\n", bench_lib_dir(lib));
    int nfns = o->end_to_end ? 1 : 2;
    BenchFn fns[2] = {o->end_to_end ? NULL : bench_lib_fn(lib, "uarch_short"), bench_lib_fn(lib, "uarch_long")};
    BenchFn once = o->one_time_init ? bench_lib_fn(lib, "uarch_once") : NULL;
    if ((!o->end_to_end && !fns[0]) || !fns[1] || (o->one_time_init && !once)) {
        diag_set(err, "", 0, 0, NULL, "generated kernels not found in the shared object");
        bench_lib_close(lib);
        return BENCH_ERROR;
    }
    BenchRunOpts ro = o->run;
    ro.once = once;
    if (ro.iters == 0)
        ro.iters = 1000;
    /* the counters, rotated over runs when one run cannot hold them all */
    char (*spec)[BENCH_COUNTER_SPEC] = xcalloc(BENCH_MAX_EVENTS, sizeof *spec);
    int ne = bench_counters_split(o->run.counters, spec, r->name, BENCH_MAX_EVENTS, why, sizeof why);
    if (ne < 0) {
        diag_set(err, "", 0, 0, NULL, "%s", why);
        free(spec);
        bench_lib_close(lib);
        return BENCH_ERROR;
    }
    r->nevents = ne;
    r->at_once = BENCH_MAX_COUNTERS - 1;
    r->runs = ne > 1 ? (ne - 1 + r->at_once - 1) / r->at_once : 1;
    double one = (double)unroll * (double)(o->noloop ? 1 : ro.iters) * count;
    double cs = o->basic || o->end_to_end ? 0 : one, cl = o->basic || o->end_to_end ? one : 2 * one;
    r->copies = cl - cs;
    BenchStatus st = BENCH_OK;
    double *zero = NULL;   /* end to end's "short": a row of zeros, one a round (S->runs) */
    Buf list;
    buf_init(&list);
    for (int g = 0; g < r->runs && st == BENCH_OK; g++) {
        /* this run's counters: cycles (counter 0) and events 1 + g * at_once ... (the name=
         * terms put back, so every one keeps its name) */
        int first = 1 + g * r->at_once, last = first + r->at_once < ne ? first + r->at_once : ne;
        buf_reset(&list);
        for (int e = first; e < last; e++) {
            size_t n = strlen(spec[e]);
            if (list.len)
                buf_putc(&list, ',');
            if (strcmp(spec[e], r->name[e]) != 0 && n > 0 && spec[e][n - 1] == '/')
                buf_printf(&list, "%.*s,name=%s/", (int)n - 1, spec[e], r->name[e]);
            else
                buf_puts(&list, spec[e]);
        }
        ro.counters = buf_cstr(&list);
        /* -initial_warmup: more unrecorded rounds, before the first run's only */
        int base = o->run.warmup == 0 ? 2 : o->run.warmup < 0 ? 0 : o->run.warmup;
        int wu = base + (g == 0 ? o->initial_warmup : 0);
        ro.warmup = wu > 0 ? wu : -1;
        BenchSamples smp;
        memset(&smp, 0, sizeof smp);
        char msg[300];
        st = bench_run(&ro, o->end_to_end ? fns + 1 : fns, nfns, g == 0 ? &r->samples : &smp, msg, sizeof msg);
        if (st != BENCH_OK) {
            diag_set(err, "", 0, 0, NULL, "%s", msg);
            bench_samples_free(&smp);
            break;
        }
        const BenchSamples *S = g == 0 ? &r->samples : &smp;
        if (o->end_to_end && !zero)
            zero = xcalloc((size_t)S->runs, sizeof *zero);
        /* counter c of this run is event (c == 0 ? 0 : first + c - 1) */
        for (int c = g == 0 ? 0 : 1; c < S->ncounters; c++) {
            int e = c == 0 ? 0 : first + c - 1;
            /* (end to end: one kernel, differenced against nothing) */
            const double *lv = bench_sample_row(S, nfns - 1, c);
            const double *sv = o->end_to_end ? zero : bench_sample_row(S, 0, c);
            r->stat[e] = bench_diff_stat(sv, lv, S->kept, cs, cl);
            double sum = 0;   /* the mean of the differences: the difference of the means */
            free(r->each[e]);
            r->each[e] = xmalloc(sizeof(double) * (size_t)(S->kept > 0 ? S->kept : 1));
            r->neach[e] = S->kept;
            for (int q = 0; q < S->kept; q++) {
                sum += lv[q] - sv[q];
                r->each[e][q] = (lv[q] - sv[q]) / (cl - cs);
            }
            r->mean[e] = S->kept > 0 ? sum / S->kept / (cl - cs) : 0;
            r->run[e] = g + 1;
        }
        bench_samples_free(&smp);
    }
    buf_free(&list);
    free(spec);
    free(zero);
    bench_lib_close(lib);
    if (st != BENCH_OK) {
        bench_result_free(r);
        return st;
    }
    bench_provenance(&r->prov, false);
    r->prov.core_hz = r->samples.core_hz;
    snprintf(r->prov.backend, sizeof r->prov.backend, "%s", r->samples.backend);
    return BENCH_OK;
}

void bench_result_free(BenchResult *r)
{
    bench_samples_free(&r->samples);
    for (int e = 0; e < BENCH_MAX_EVENTS; e++) {
        free(r->each[e]);
        r->each[e] = NULL;
        r->neach[e] = 0;
    }
}

/* snippet.c — bench_snippet: what `uarch bench run` does.  Two kernels, `unroll` and
 * 2 x `unroll` copies of the snippet (basic mode: none and `unroll`), built into one shared
 * object and timed round by round in the same child; per copy = (long - short) / (copies of
 * long - copies of short), copies = unroll * iters * count (iters 1 without a loop). */
#include "bench/bench.h"

#include <stdlib.h>
#include <string.h>

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
    BenchProgram p;
    bench_prog_init(&p, arch, o->syntax);
    /* basic mode: the short kernel holds no copy (a NULL body emits nothing) */
    BenchKernel k = {.symbol = "uarch_short", .init = o->init, .late_init = o->late_init,
                     .body = o->basic ? NULL : o->body, .body_file = o->body_file,
                     .body_line = o->body_line, .unroll = o->basic ? 1 : unroll, .align = o->align,
                     .offset = o->offset, .noloop = o->noloop};
    bench_prog_kernel(&p, &k);
    k.symbol = "uarch_long";
    k.body = o->body;
    k.unroll = o->basic ? unroll : 2 * unroll;
    bench_prog_kernel(&p, &k);
    BenchLib *lib = bench_build(&p, o->keep, err);
    bench_prog_free(&p);
    if (!lib)
        return BENCH_ERROR;
    if (o->keep)
        fprintf(stderr, "uarch: note: generated files kept in %s\n", bench_lib_dir(lib));
    BenchFn fns[2] = {bench_lib_fn(lib, "uarch_short"), bench_lib_fn(lib, "uarch_long")};
    if (!fns[0] || !fns[1]) {
        diag_set(err, "", 0, 0, NULL, "generated kernels not found in the shared object");
        bench_lib_close(lib);
        return BENCH_ERROR;
    }
    BenchRunOpts ro = o->run;
    if (ro.iters == 0)
        ro.iters = 1000;
    /* the counters, rotated over runs when one run cannot hold them all */
    char (*spec)[BENCH_COUNTER_SPEC] = xcalloc(BENCH_MAX_EVENTS, sizeof *spec);
    char why[256];
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
    double cs = o->basic ? 0 : one, cl = o->basic ? one : 2 * one;
    r->copies = cl - cs;
    BenchStatus st = BENCH_OK;
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
        st = bench_run(&ro, fns, 2, g == 0 ? &r->samples : &smp, msg, sizeof msg);
        if (st != BENCH_OK) {
            diag_set(err, "", 0, 0, NULL, "%s", msg);
            bench_samples_free(&smp);
            break;
        }
        const BenchSamples *S = g == 0 ? &r->samples : &smp;
        /* counter c of this run is event (c == 0 ? 0 : first + c - 1) */
        for (int c = g == 0 ? 0 : 1; c < S->ncounters; c++) {
            int e = c == 0 ? 0 : first + c - 1;
            const double *sv = bench_sample_row(S, 0, c), *lv = bench_sample_row(S, 1, c);
            r->stat[e] = bench_diff_stat(sv, lv, S->kept, cs, cl);
            double sum = 0;   /* the mean of the differences: the difference of the means */
            for (int q = 0; q < S->kept; q++)
                sum += lv[q] - sv[q];
            r->mean[e] = S->kept > 0 ? sum / S->kept / (cl - cs) : 0;
            r->run[e] = g + 1;
        }
        bench_samples_free(&smp);
    }
    buf_free(&list);
    free(spec);
    bench_lib_close(lib);
    if (st != BENCH_OK)
        return st;
    bench_provenance(&r->prov, false);
    r->prov.core_hz = r->samples.core_hz;
    snprintf(r->prov.backend, sizeof r->prov.backend, "%s", r->samples.backend);
    return BENCH_OK;
}

void bench_result_free(BenchResult *r)
{
    bench_samples_free(&r->samples);
}

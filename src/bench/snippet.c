/* snippet.c — bench_snippet: what `uarch bench run` does.  Two kernels, `unroll` and
 * 2 x `unroll` copies of the snippet (basic mode: none and `unroll`), built into one shared
 * object and timed round by round in the same child; per copy = (long - short) / (copies of
 * long - copies of short), copies = unroll * iters * count (iters 1 without a loop). */
#include "bench/bench.h"

#include <string.h>

BenchStatus bench_snippet(const BenchSnippetOpts *o, BenchResult *r, Diag *err)
{
    memset(r, 0, sizeof *r);
    int unroll = o->unroll > 0 ? o->unroll : 100;
    int count = o->count > 0 ? o->count : 1;
    BenchArch arch = bench_host_arch();
    if (!bench_check_reserved(arch, o->syntax, o->init, "<init>", 1, err) ||
        !bench_check_reserved(arch, o->syntax, o->late_init, "<late_init>", 1, err) ||
        !bench_check_reserved(arch, o->syntax, o->body, o->body_file ? o->body_file : "<snippet>",
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
    char msg[300];
    BenchStatus st = bench_run(&ro, fns, 2, &r->samples, msg, sizeof msg);
    bench_lib_close(lib);
    if (st != BENCH_OK) {
        diag_set(err, "", 0, 0, NULL, "%s", msg);
        return st;
    }
    double one = (double)unroll * (double)(o->noloop ? 1 : ro.iters) * count;
    double cs = o->basic ? 0 : one, cl = o->basic ? one : 2 * one;
    for (int c = 0; c < r->samples.ncounters; c++) {
        const double *sv = bench_sample_row(&r->samples, 0, c), *lv = bench_sample_row(&r->samples, 1, c);
        r->stat[c] = bench_diff_stat(sv, lv, r->samples.kept, cs, cl);
        double sum = 0;   /* the mean of the differences: the difference of the means */
        for (int q = 0; q < r->samples.kept; q++)
            sum += lv[q] - sv[q];
        r->mean[c] = r->samples.kept > 0 ? sum / r->samples.kept / (cl - cs) : 0;
    }
    bench_provenance(&r->prov, false);
    r->prov.core_hz = r->samples.core_hz;
    snprintf(r->prov.backend, sizeof r->prov.backend, "%s", r->samples.backend);
    return BENCH_OK;
}

void bench_result_free(BenchResult *r)
{
    bench_samples_free(&r->samples);
}

/* snippet.c — bench_snippet: what `uarch bench run` does.  Two kernels, `unroll` and
 * 2 x `unroll` copies of the snippet, built into one shared object and timed round by round in
 * the same child; per copy = (long - short) / (unroll * iters * count). */
#include "bench/bench.h"

#include <string.h>

BenchStatus bench_snippet(const BenchSnippetOpts *o, BenchResult *r, Diag *err)
{
    memset(r, 0, sizeof *r);
    int unroll = o->unroll > 0 ? o->unroll : 100;
    int count = o->count > 0 ? o->count : 1;
    BenchProgram p;
    bench_prog_init(&p, bench_host_arch(), o->syntax);
    BenchKernel k = {.symbol = "uarch_short", .init = o->init, .body = o->body,
                     .body_file = o->body_file, .body_line = o->body_line, .unroll = unroll,
                     .align = o->align};
    bench_prog_kernel(&p, &k);
    k.symbol = "uarch_long";
    k.unroll = 2 * unroll;
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
    double cs = (double)unroll * (double)ro.iters * count, cl = 2.0 * cs;
    for (int c = 0; c < r->samples.ncounters; c++)
        r->stat[c] = bench_diff_stat(bench_sample_row(&r->samples, 0, c), bench_sample_row(&r->samples, 1, c),
                                     r->samples.kept, cs, cl);
    bench_provenance(&r->prov, false);
    r->prov.core_hz = r->samples.core_hz;
    snprintf(r->prov.backend, sizeof r->prov.backend, "%s", r->samples.backend);
    return BENCH_OK;
}

void bench_result_free(BenchResult *r)
{
    bench_samples_free(&r->samples);
}

/* fuzz_inputs.c — libFuzzer target for the text inputs that are not assembly: the first byte
 * chooses the reader, the rest is its text.
 *   0  nanoBench's counter file (`bench run -config`, bench_config_parse)
 *   1  a -probe-file of `pmu scan` (pmu_probe_file, through a temporary file)
 *   2  an event list of `pmu stat -backend=sim -e` (pmu_resolve_list on the sim backend)
 *   3  a perf event spec (`pmu stat -e`, `bench run -counters`: pmu_resolve against /sys, and
 *      bench_counters_split)
 *   4  a response file of `uarch mca @file` (opt_expand_response_files, through a temporary file)
 * Nothing is run.  Each reader either succeeds or reports an error: a located one stays within
 * its text's lines.  Corpus tests/fuzz/corpus-inputs. */
#include "bench/bench.h"
#include "pmu/pmu.h"
#include "util/opt.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static char path[4096];

static void remove_file(void)
{
    unlink(path);
}

/* the text written to a temporary file of this process (made once, rewritten each time,
 * removed at exit) */
static const char *as_file(const char *text, size_t n)
{
    if (!path[0]) {
        const char *dir = getenv("TMPDIR");
        snprintf(path, sizeof path, "%s/fuzz-inputs-XXXXXX", dir && *dir ? dir : "/tmp");
        int fd = mkstemp(path);
        if (fd < 0)
            abort();
        close(fd);
        atexit(remove_file);
    }
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(text, 1, n, f) != n || fclose(f) != 0)
        abort();
    return path;
}

static int lines_of(const char *text, size_t n)
{
    int k = 1;
    for (size_t i = 0; i < n; i++)
        k += text[i] == '\n';
    return k;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t n = size - 1;
    char *text = xmalloc(n + 1);
    memcpy(text, data + 1, n);
    text[n] = 0;
    Diag d;
    memset(&d, 0, sizeof d);
    char why[512];
    switch (data[0] % 5) {
    case 0: {
        Buf specs;
        buf_init(&specs);
        BenchConfigEvent *ev = xcalloc(BENCH_MAX_EVENTS, sizeof *ev);
        int k = bench_config_parse("in.cfg", text, "cpu", &specs, ev, BENCH_MAX_EVENTS - 1, &d);
        if (k > BENCH_MAX_EVENTS - 1 || (k < 0 && (d.line < 1 || d.line > lines_of(text, n))))
            abort();
        free(ev);
        buf_free(&specs);
        break;
    }
    case 1: {
        PmuScan s;
        memset(&s, 0, sizeof s);
        if (!pmu_probe_file(as_file(text, n), &s, &d) && d.line > lines_of(text, n))
            abort();
        pmu_scan_free(&s);
        break;
    }
    case 2: {
        PmuEventInfo ev[8];
        int k = pmu_resolve_list(&pmu_backend_sim, text, ev, 8, why, sizeof why);
        if (k > 8)
            abort();
        break;
    }
    case 3: {
        PmuEvent ev;
        (void)pmu_resolve("/sys", text, &ev, why, sizeof why);
        char(*spec)[BENCH_COUNTER_SPEC] = xcalloc(BENCH_MAX_EVENTS, sizeof *spec);
        char(*name)[BENCH_COUNTER_NAME] = xcalloc(BENCH_MAX_EVENTS, sizeof *name);
        int k = bench_counters_split(text, spec, name, BENCH_MAX_EVENTS, why, sizeof why);
        if (k > BENCH_MAX_EVENTS)
            abort();
        free(spec);
        free(name);
        break;
    }
    default: {
        char arg[4200];
        snprintf(arg, sizeof arg, "@%s", as_file(text, n));
        char *argv0[] = {(char *)"mca", arg, NULL};
        int argc = 2;
        char **argv = argv0;
        if (opt_expand_response_files(&argc, &argv, why, sizeof why) && (argc < 1 || argv[argc] != NULL))
            abort();
        opt_response_free();
        break;
    }
    }
    free(text);
    return 0;
}

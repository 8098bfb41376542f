/* options.c — the command line of `uarch bench run`, parsed into a BenchCli (testable without
 * running anything).  Options take one value each, "-opt value" or "--opt value" or
 * "-opt=value"; the snippet is the one positional argument, or -f file.s. */
#include "bench/bench.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static bool int_arg(const char *opt, const char *v, long lo, long hi, long *out, char *err, size_t n)
{
    char *e;
    errno = 0;
    long x = strtol(v, &e, 10);
    if (!*v || *e || errno || x < lo || x > hi) {
        snprintf(err, n, "bad value '%s' for %s: want an integer in %ld..%ld", v, opt, lo, hi);
        return false;
    }
    *out = x;
    return true;
}

int bench_parse_run(int argc, char **argv, BenchCli *c, char *err, size_t n)
{
    memset(c, 0, sizeof *c);
    buf_init(&c->text);
    c->s.unroll = 100;
    c->s.count = 1;
    c->s.run.cpu = -1;
    c->s.run.runs = 64;
    c->s.run.iters = 1000;
    c->s.syntax = BENCH_ATT;
    const char *snippet = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == 0) {
            if (snippet) {
                snprintf(err, n, "more than one snippet ('%s' and '%s'); separate instructions with ';'", snippet, a);
                return 2;
            }
            snippet = a;
            continue;
        }
        const char *name = a + (a[1] == '-' ? 2 : 1);
        char opt[32];
        const char *eq = strchr(name, '=');
        snprintf(opt, sizeof opt, "-%.*s", (int)(eq ? eq - name : (long)strlen(name)), name);
        if (strcmp(opt, "-json") == 0) {
            c->json = true;
            continue;
        }
        if (strcmp(opt, "-keep") == 0) {
            c->s.keep = true;
            continue;
        }
        static const char *const valued[] = {"-init", "-unroll", "-iters", "-n", "-count", "-cpu",
                                             "-counters", "-syntax", "-f", "-align", "-timeout", "-backend"};
        bool known = false;
        for (size_t k = 0; k < ARRAY_LEN(valued); k++)
            known |= strcmp(opt, valued[k]) == 0;
        if (!known) {
            snprintf(err, n, "unknown option '%s'", a);
            return 2;
        }
        const char *v = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!v) {
            snprintf(err, n, "option '%s' needs a value", opt);
            return 2;
        }
        long x;
        if (strcmp(opt, "-init") == 0) {
            c->s.init = v;
        } else if (strcmp(opt, "-backend") == 0) {
            if (strcmp(v, "auto") && strcmp(v, "perf_event") && strcmp(v, "task-clock") && strcmp(v, "timer")) {
                snprintf(err, n, "bad value '%s' for -backend: want auto, perf_event, task-clock or timer", v);
                return 2;
            }
            c->s.run.backend = v;
        } else if (strcmp(opt, "-counters") == 0) {
            c->s.run.counters = v;
        } else if (strcmp(opt, "-f") == 0) {
            c->file = v;
        } else if (strcmp(opt, "-syntax") == 0) {
            if (strcmp(v, "att") == 0)
                c->s.syntax = BENCH_ATT;
            else if (strcmp(v, "intel") == 0)
                c->s.syntax = BENCH_INTEL;
            else {
                snprintf(err, n, "bad value '%s' for -syntax: want 'att' or 'intel'", v);
                return 2;
            }
        } else if (strcmp(opt, "-unroll") == 0) {
            if (!int_arg(opt, v, 1, 100000, &x, err, n))
                return 2;
            c->s.unroll = (int)x;
        } else if (strcmp(opt, "-iters") == 0) {
            if (!int_arg(opt, v, 1, 1000000000L, &x, err, n))
                return 2;
            c->s.run.iters = (uint64_t)x;
        } else if (strcmp(opt, "-n") == 0) {
            if (!int_arg(opt, v, 1, 100000, &x, err, n))
                return 2;
            c->s.run.runs = (int)x;
        } else if (strcmp(opt, "-count") == 0) {
            if (!int_arg(opt, v, 1, 100000, &x, err, n))
                return 2;
            c->s.count = (int)x;
        } else if (strcmp(opt, "-cpu") == 0) {
            if (!int_arg(opt, v, 0, 4095, &x, err, n))
                return 2;
            c->s.run.cpu = (int)x;
        } else if (strcmp(opt, "-align") == 0) {
            if (!int_arg(opt, v, 1, 1 << 20, &x, err, n))
                return 2;
            if (x & (x - 1)) {
                snprintf(err, n, "bad value '%s' for -align: want a power of two", v);
                return 2;
            }
            c->s.align = (int)x;
        } else if (strcmp(opt, "-timeout") == 0) {
            if (!int_arg(opt, v, 1, 86400, &x, err, n))
                return 2;
            c->s.run.timeout_s = (double)x;
        }
    }
    if (c->file && snippet) {
        snprintf(err, n, "both -f '%s' and a snippet given", c->file);
        return 2;
    }
    if (c->file) {
        if (!read_file(c->file, &c->text)) {
            snprintf(err, n, "cannot read '%s': %s", c->file, strerror(errno));
            return 1;
        }
        c->s.body = buf_cstr(&c->text);
        c->s.body_file = c->file;
    } else if (snippet) {
        c->s.body = snippet;
        c->s.body_file = "<snippet>";
    } else {
        snprintf(err, n, "no snippet: give the assembly text or -f file.s");
        return 2;
    }
    c->s.body_line = 1;
    return 0;
}

void bench_cli_free(BenchCli *c)
{
    buf_free(&c->text);
}

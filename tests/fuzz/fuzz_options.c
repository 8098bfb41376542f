/* fuzz_options.c — libFuzzer target for `uarch mca`'s command line: the input is split at
 * newlines into arguments (at most 64), parsed by cmd/mca.c's parse_args (included here: it
 * is static) and resolved as cmd_mca does (views, -mtriple, -mcpu), and every argument is also
 * given to the numeric option parser (util/opt.c) with a few ranges, to the option-word
 * reader (opt_word, opt_split_eq, opt_split_origin) and read as a -counters list
 * (bench_counters_split).  Nothing is run, nothing is opened.  Usage errors print to
 * stderr (silenced by -close_fd_mask). */
#include "../../src/cmd/mca.c"
#include "bench/bench.h"
#include "util/opt.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    char *text = xmalloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    char *argv[66];
    int argc = 0;
    argv[argc++] = (char *)"mca";
    for (char *p = text; argc < 65;) {
        argv[argc++] = p;
        char *nl = memchr(p, '\n', (size_t)(text + size - p));
        if (!nl)
            break;
        *nl = 0;
        p = nl + 1;
    }
    argv[argc] = NULL;
    Cli c;
    memset(&c, 0, sizeof c);
    mca_view_options_default(&c.view);
    c.sim.noalias = true;
    c.sim.iterations = 100;
    if (parse_args(argc, argv, &c) < 0) {
        resolve_views(&c);
        if (c.triple)
            (void)triple_ok(c.triple);
        if (c.mcpu)
            (void)model_find(c.mcpu);
        if (c.sim.iterations < 0 || c.sim.dispatch_width < 0 || c.view.timeline_max_cycles < 0)
            abort();
    }
    /* the option-word reader every command uses (opt_word, opt_split_eq): the name and value
     * lie within the word, the value right after the name's '=' */
    for (int i = 1; i < argc; i++) {
        OptWord w;
        size_t n = strlen(argv[i]);
        if (!opt_word(argv[i], &w))
            continue;
        if (w.name + w.len > argv[i] + n || (w.value && w.value != w.name + w.len + 1) ||
            (!w.value && w.name + w.len != argv[i] + n) || opt_word_is(&w, "") != (w.len == 0))
            abort();
    }
    int sc = argc;
    char **split = opt_split_eq(&sc, argv);
    if (sc < argc || sc > 2 * argc || split[sc] != NULL)
        abort();
    /* a value half of a split word: its name half before it, both from the word it names */
    for (int i = 0; i < sc; i++) {
        const char *o = opt_split_origin(split, i);
        if (o && (i == 0 || strncmp(o, split[i - 1], strlen(split[i - 1])) || o[strlen(split[i - 1])] != '=' ||
                  strcmp(o + strlen(split[i - 1]) + 1, split[i])))
            abort();
    }
    opt_split_free(split);
    /* each argument as a list of counters (bench run -counters) and of events (pmu stat -e):
     * the names taken hold no control byte and no name comes twice */
    for (int i = 1; i < argc; i++) {
        static char spec[BENCH_MAX_COUNTERS][BENCH_COUNTER_SPEC], name[BENCH_MAX_COUNTERS][BENCH_COUNTER_NAME];
        char why[512];
        int n = bench_counters_split(argv[i], spec, name, BENCH_MAX_COUNTERS, why, sizeof why);
        for (int k = 0; k < n; k++) {
            for (const char *c = name[k]; *c; c++)
                if ((unsigned char)*c < 0x20 || *c == 0x7f)
                    abort();
            for (int m = 0; m < k; m++)
                if (!strcmp(name[k], name[m]))
                    abort();
        }
        if (n < 0 && !why[0])
            abort();
    }
    static const OptRange ranges[] = {
        {OPT_INT, 0, 1000000}, {OPT_COUNT, 1, 1e9}, {OPT_REAL, 0.01, 60}, {OPT_SIZE, 1, 1LL << 40},
    };
    for (int i = 1; i < argc; i++)
        for (size_t k = 0; k < sizeof ranges / sizeof *ranges; k++) {
            double v;
            char err[256];
            if (opt_parse("x", argv[i], ranges[k], &v, err, sizeof err) && (v < ranges[k].lo || v > ranges[k].hi))
                abort();
        }
    free(text);
    return 0;
}

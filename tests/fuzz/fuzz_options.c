/* fuzz_options.c — libFuzzer target for `uarch mca`'s command line: the input is split at
 * newlines into arguments (at most 64), parsed by cmd/mca.c's parse_args (included here: it
 * is static) and resolved as cmd_mca does (views, -mtriple, -mcpu), and every argument is also
 * given to the numeric option parser (util/opt.c) with a few ranges and to the option-word
 * reader (opt_word, opt_split_eq).  Nothing is run, nothing is opened.  Usage errors print to
 * stderr (silenced by -close_fd_mask). */
#include "../../src/cmd/mca.c"
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
    free(split);
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

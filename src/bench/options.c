/* options.c — the command line of `uarch bench run`, parsed into a BenchCli (testable without
 * running anything).  Options take one value each, "-opt value" or "--opt value" or
 * "-opt=value"; the snippet is the one positional argument, or -f file.s, or -asm.
 *
 * One table holds every option with its range (util/opt.h) and its help line, so --help states
 * exactly the ranges the parser enforces.  nanoBench's spellings are accepted where the meaning
 * is the same (-asm, -asm_init, -asm_late_init, -unroll_count, -loop_count, -n_measurements,
 * -warm_up_count, -initial_warm_up_count, -alignment_offset, -avg/-median/-min/-max, -basic_mode,
 * -no_mem, -no_normalization, -range, -code/-code_init/-code_late_init, -config, -usr, -os,
 * -fixed_counters, -verbose, -end_to_end, -df, -asm_one_time_init/-code_one_time_init,
 * -remove_empty_events). */
#include "bench/bench.h"
#include "pmu/pmu.h"
#include "util/opt.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef enum RunOpt {
    R_F, R_ASM, R_INIT, R_LATE, R_UNROLL, R_ITERS, R_LOOPS, R_N, R_WARMUP, R_COUNT, R_CPU,
    R_COUNTERS, R_CONFIG, R_BACKEND, R_SYNTAX, R_ALIGN, R_OFFSET, R_TIMEOUT, R_AVG, R_MEDIAN, R_MIN, R_MAX,
    R_BASIC, R_NOMEM, R_JSON, R_KEEP, R_CODE, R_CODE_INIT, R_CODE_LATE, R_IWARMUP, R_NONORM, R_RANGE,
    R_USR, R_OS, R_FIXED, R_VERBOSE, R_E2E, R_DF, R_ONCE, R_CODE_ONCE, R_REMOVE
} RunOpt;

typedef struct RunOptDef {
    RunOpt id;
    const char *name, *alias;  /* alias: nanoBench's spelling (NULL: none) */
    const char *meta;          /* NULL: a flag */
    OptRange r;                /* numeric options (r.hi > 0) */
    const char *help;
} RunOptDef;

static const RunOptDef defs[] = {
    {R_F, "-f", NULL, "FILE.s", {0}, "read the snippet from a file"},
    {R_ASM, "-asm", NULL, "'asm'", {0}, "the snippet (instead of the positional argument)"},
    {R_INIT, "-init", "-asm_init", "'asm'", {0}, "run once before the loop (e.g. -init 'mov %r14, %rax; mov %rax, (%rax)')"},
    {R_LATE, "-late_init", "-asm_late_init", "'asm'", {0}, "run after -init, immediately before the loop"},
    {R_ONCE, "-one_time_init", "-asm_one_time_init", "'asm'", {0},
     "run once in the measuring process, before the first round (its own function:\n"
     "registers are not kept, memory from r14 / x27 is; with counters rotated over\n"
     "runs, once in each run's process)"},
    {R_CODE, "-code", NULL, "FILE", {0},
     "the snippet as machine code: the bytes of FILE (assembled with .incbin; the\n"
     "loop counter is not checked in it)"},
    {R_CODE_INIT, "-code_init", NULL, "FILE", {0}, "-init as machine code"},
    {R_CODE_LATE, "-code_late_init", NULL, "FILE", {0}, "-late_init as machine code"},
    {R_CODE_ONCE, "-code_one_time_init", NULL, "FILE", {0}, "-one_time_init as machine code"},
    {R_UNROLL, "-unroll", "-unroll_count", "N", {OPT_INT, 1, 100000},
     "copies per loop iteration (100); a second kernel with 2N is differenced"},
    {R_ITERS, "-iters", NULL, "N", {OPT_INT, 1, 1e9}, "loop iterations per call (1000)"},
    {R_LOOPS, "-loop_count", NULL, "N", {OPT_INT, 0, 1e9}, "nanoBench's -iters; 0: no loop (the copies run once per call)"},
    {R_N, "-n", "-n_measurements", "RUNS", {OPT_INT, 1, 100000}, "samples (64, as in the M1 tables)"},
    {R_WARMUP, "-warmup", "-warm_up_count", "N", {OPT_INT, 0, 100000}, "unrecorded rounds before the samples (2)"},
    {R_IWARMUP, "-initial_warmup", "-initial_warm_up_count", "N", {OPT_INT, 0, 100000},
     "more unrecorded rounds, once, before the first run's (with counters rotated\n"
     "over runs, -warmup is before each run) (0)"},
    {R_COUNT, "-count", NULL, "K", {OPT_INT, 1, 100000}, "the snippet holds K copies of the measured operation (1)"},
    {R_CPU, "-cpu", NULL, "C", {OPT_INT, 0, 4095}, "pin to CPU C (default: the CPU uarch starts on)"},
    {R_COUNTERS, "-counters", NULL, "LIST", {0},
     "extra counters (uarch pmu list): perf events (page-faults, msr/tsc/, pmu/term=v,.../, sysfs names, rNN), apple:0xNN;\n"
     "more than 7 are rotated over runs (7 at once besides the cycles, up to 63); given again: more counters"},
    {R_FIXED, "-fixed_counters", NULL, NULL, {0},
     "also count the fixed-function counters through perf's generic hardware events:\n"
     "instructions and ref-cycles (Intel) or instructions (AMD and AArch64, where perf\n"
     "has no reference cycles), beside the cycles; needs the hardware PMU: without one, an\n"
     "error that says so and what the cycles fall back to without it, exit status 1"},
    {R_USR, "-usr", NULL, "0|1", {OPT_INT, 0, 1},
     "1: count events in user mode (perf_event_attr.exclude_user = 0) (1)"},
    {R_OS, "-os", NULL, "0|1", {OPT_INT, 0, 1},
     "1: count events in kernel mode (exclude_kernel = 0; needs CAP_PERFMON or\n"
     "perf_event_paranoid <= 1) (0).  Not for apple: counters (EL0 only, an error),\n"
     "nor the cycles without a PMU (task-clock, the timer: both modes, a note)"},
    {R_CONFIG, "-config", NULL, "FILE", {0},
     "nanoBench's counter file: 'EVTSEL.UMASK[.CMSK=N][.AnyT][.EDG][.INV] NAME'\n"
     "lines ('#' comments), counted as events of the core PMU with -counters'"},
    {R_BACKEND, "-backend", NULL, "B", {0},
     "how cycles are counted: auto (perf_event, else task-clock = on-CPU ns,\n"
     "else the wall timer; both converted with the core clock, timed beside\n"
     "every round with a 1-cycle add chain),\n"
     "perf_event, task-clock, timer"},
    {R_SYNTAX, "-syntax", NULL, "auto|att|intel", {0},
     "x86-64 syntax of the snippet and the inits (auto: Intel, as nanoBench's,\n"
     "when they name a register without '%' or a memory operand in brackets, else AT&T)"},
    {R_ALIGN, "-align", NULL, "N", {OPT_INT, 1, 1 << 20}, "loop head alignment in bytes, a power of two (64)"},
    {R_OFFSET, "-offset", "-alignment_offset", "N", {OPT_INT, 0, 4095},
     "bytes of NOPs after the alignment: the loop head at align*k + N (0)"},
    {R_TIMEOUT, "-timeout", NULL, "S", {OPT_INT, 1, 86400}, "kill the snippet after S seconds (60)"},
    {R_MEDIAN, "-median", NULL, NULL, {0}, "report the median of the runs (default)"},
    {R_MIN, "-min", NULL, NULL, {0}, "report the minimum"},
    {R_MAX, "-max", NULL, NULL, {0}, "report the maximum"},
    {R_AVG, "-avg", NULL, NULL, {0}, "report the mean"},
    {R_RANGE, "-range", NULL, NULL, {0}, "report the maximum beside the minimum"},
    {R_NONORM, "-no_normalization", NULL, NULL, {0},
     "report the counts of all the copies (the long kernel's minus the short one's;\n"
     "-end_to_end: the one kernel's), not divided by the copies (unroll x iterations x count)"},
    {R_BASIC, "-basic_mode", NULL, NULL, {0},
     "difference N copies against a kernel of none (the same call, init and loop):\n"
     "the loop's and the call's overhead cancel (not 2N against N)"},
    {R_E2E, "-end_to_end", NULL, NULL, {0},
     "one kernel of N copies, its counts divided by the copies, nothing subtracted:\n"
     "they include the call, the register set-up, -init, -late_init, the loop's\n"
     "counter and branch and the counter reads (not with -basic_mode)"},
    {R_DF, "-df", NULL, NULL, {0},
     "drain the front end after -late_init, before the loop: emits SERIALIZE\n"
     "(0f 01 e8; x86-64, an error where cpuid says the CPU lacks it) or ISB (AArch64)"},
    {R_VERBOSE, "-verbose", NULL, NULL, {0}, "also print every round's value per copy (all the readings)"},
    {R_REMOVE, "-remove_empty_events", NULL, NULL, {0}, "leave out the events that were 0 in every round"},
    {R_NOMEM, "-no_mem", NULL, NULL, {0},
     "accepted: the counters are read outside the timed code, which makes no memory\n"
     "accesses but the snippet's"},
    {R_JSON, "-json", NULL, NULL, {0}, "machine-readable output"},
    {R_KEEP, "-keep", NULL, NULL, {0}, "keep the generated bench.s and bench.so (the directory is printed)"},
};

void bench_run_usage(FILE *f)
{
    fputs("usage: uarch bench run [options] 'asm text'   (instructions separated by ';' or newlines)\n", f);
    for (size_t k = 0; k < ARRAY_LEN(defs); k++) {
        const RunOptDef *d = &defs[k];
        char left[64], range[96] = "";
        snprintf(left, sizeof left, "%s%s%s", d->name, d->meta ? " " : "", d->meta ? d->meta : "");
        if (d->r.hi > 0) {
            char t[80];
            opt_range_text(d->r, t, sizeof t);
            snprintf(range, sizeof range, " [%s]", t);
        }
        fprintf(f, "  %-20s ", left);
        for (const char *h = d->help; *h;) {   /* continuation lines indented under the text */
            const char *nl = strchr(h, '\n');
            int n = nl ? (int)(nl - h) : (int)strlen(h);
            fprintf(f, "%.*s%s%s\n", n, h, nl ? "" : range, "");
            if (!nl)
                break;
            h = nl + 1;
            fprintf(f, "  %-20s ", "");
        }
        if (d->alias)
            fprintf(f, "  %-20s (nanoBench: %s)\n", "", d->alias);
    }
    fputs("registers: the loop counter is r15 (x86-64) / x28 (AArch64): a snippet that writes it is\n"
          "refused; r14 / x27 point to 1 MiB of zeroed scratch memory; other GPRs start at 0.\n", f);
}

/* the option w names (by its name or nanoBench's alias), or NULL */
static const RunOptDef *find(const OptWord *w)
{
    for (size_t k = 0; k < ARRAY_LEN(defs); k++)
        if (opt_word_is(w, defs[k].name + 1) || (defs[k].alias && opt_word_is(w, defs[k].alias + 1)))
            return &defs[k];
    return NULL;
}

/* '.incbin "PATH"' for a machine-code file: a regular file, readable, not empty, its path made
 * absolute (the assembler runs in a temporary directory) and escaped.  0, or 1 with err. */
static int incbin_text(const char *opt, const char *path, Buf *out, char *err, size_t n)
{
    struct stat st;
    /* its kind before opening it: a FIFO would hold open() until a writer came */
    if (stat(path, &st) != 0 || (S_ISREG(st.st_mode) && access(path, R_OK) != 0)) {
        snprintf(err, n, "%s: cannot read '%s': %s", opt, path, strerror(errno));
        return 1;
    }
    if (!S_ISREG(st.st_mode) || st.st_size == 0) {
        snprintf(err, n, "%s: '%s' is %s: want a file of machine code", opt, path,
                 S_ISREG(st.st_mode) ? "empty" : "not a regular file");
        return 1;
    }
    char cwd[4096] = "";
    if (path[0] != '/' && !getcwd(cwd, sizeof cwd)) {
        snprintf(err, n, "%s: cannot name the working directory: %s", opt, strerror(errno));
        return 1;
    }
    Buf full;   /* the absolute path */
    buf_init(&full);
    if (path[0] != '/')
        buf_printf(&full, "%s/", strcmp(cwd, "/") ? cwd : "");
    buf_puts(&full, path);
    buf_reset(out);
    buf_puts(out, ".incbin \"");
    /* the text is read as the snippet's is, split at ';' and newlines and cut at a comment
     * ('#' on x86-64, '//', '/ *'), the string's quotes not minded: those bytes, control bytes,
     * quotes and backslashes go as octal escapes, which the assembler's strings take (a file
     * 'a;b.bin' was "file not found: /dir/a") */
    for (const char *p = buf_cstr(&full); *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c == 0x7f || strchr("\"\\;#", c) || (c == '/' && (p[1] == '/' || p[1] == '*')))
            buf_printf(out, "\\%03o", c);
        else
            buf_putc(out, (char)c);
    }
    buf_free(&full);
    buf_putc(out, '"');
    return 0;
}

int bench_parse_run(int argc, char **argv, BenchCli *c, char *err, size_t n)
{
    memset(c, 0, sizeof *c);
    buf_init(&c->text);
    buf_init(&c->counters);
    for (int k = 0; k < 4; k++)
        buf_init(&c->code[k]);
    c->usr = c->os = -1;
    c->s.unroll = 100;
    c->s.count = 1;
    c->s.run.cpu = -1;
    c->s.run.runs = 64;
    c->s.run.iters = 1000;
    c->s.syntax = BENCH_ATT;
    c->syntax = "auto";
    c->stat = "median";
    c->s.run.clock_median = true;
    const char *snippet = NULL, *init = NULL, *late = NULL, *once = NULL, *code[4] = {NULL, NULL, NULL, NULL};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        OptWord w;
        if (!opt_word(a, &w)) {
            if (snippet) {
                snprintf(err, n, "more than one snippet ('%s' and '%s'); separate instructions with ';'", snippet, a);
                return 2;
            }
            snippet = a;
            continue;
        }
        const RunOptDef *d = find(&w);
        if (!d) {
            snprintf(err, n, "unknown option '%s'", a);
            return 2;
        }
        char opt[40];   /* as given: "-unroll_count" for --unroll_count=4 */
        snprintf(opt, sizeof opt, "-%.*s", (int)w.len, w.name);
        if (!d->meta) {
            if (w.value) {   /* (-json=0 turned JSON on, -min=3 chose the minimum) */
                opt_no_value(opt, a, err, n);
                return 2;
            }
            switch (d->id) {
            case R_JSON: c->json = true; break;
            case R_KEEP: c->s.keep = true; break;
            case R_BASIC: c->s.basic = true; break;
            case R_NOMEM: break;
            case R_NONORM: c->no_normalization = true; break;
            case R_RANGE: c->range = true; break;
            case R_FIXED: c->fixed_counters = true; break;
            case R_VERBOSE: c->verbose = true; break;
            case R_REMOVE: c->remove_empty = true; break;
            case R_E2E: c->s.end_to_end = true; break;
            case R_DF: c->s.drain = true; break;
            case R_AVG: c->stat = "mean"; break;
            case R_MIN: c->stat = "min"; break;
            case R_MAX: c->stat = "max"; break;
            default: c->stat = "median"; break;
            }
            c->s.run.clock_median = strcmp(c->stat, "min") != 0;   /* (runner.c: the clock of the statistic) */
            continue;
        }
        const char *v = w.value ? w.value : i + 1 < argc ? argv[++i] : NULL;
        if (!v) {
            snprintf(err, n, "option '%s' needs a value", opt);
            return 2;
        }
        long long x = 0;
        if (d->r.hi > 0 && !opt_parse_ll(opt, v, d->r, &x, err, n))
            return 2;
        switch (d->id) {
        case R_F:
            if (c->file) {
                snprintf(err, n, "more than one snippet file (-f '%s' and -f '%s')", c->file, v);
                return 2;
            }
            c->file = v;
            break;
        case R_ASM:
            if (snippet) {
                snprintf(err, n, "more than one snippet ('%s' and '%s'); separate instructions with ';'", snippet, v);
                return 2;
            }
            snippet = v;
            break;
        case R_INIT: init = v; break;
        case R_LATE: late = v; break;
        case R_CODE: code[0] = v; break;
        case R_CODE_INIT: code[1] = v; break;
        case R_CODE_LATE: code[2] = v; break;
        case R_ONCE: once = v; break;
        case R_CODE_ONCE: code[3] = v; break;
        case R_USR: c->usr = (int)x; break;
        case R_OS: c->os = (int)x; break;
        case R_IWARMUP: c->s.initial_warmup = (int)x; break;
        case R_COUNTERS:   /* given again: more counters, as perf stat's -e */
            if (!v[0]) {
                snprintf(err, n, "option '-counters' needs a counter name (uarch pmu list)");
                return 2;
            }
            if (c->counters.len)
                buf_putc(&c->counters, ',');
            buf_puts(&c->counters, v);
            c->s.run.counters = buf_cstr(&c->counters);
            break;
        case R_CONFIG: c->config = v; break;
        case R_BACKEND:
            if (strcmp(v, "auto") && strcmp(v, "perf_event") && strcmp(v, "task-clock") && strcmp(v, "timer")) {
                snprintf(err, n, "bad value '%s' for -backend: want auto, perf_event, task-clock or timer", v);
                return 2;
            }
            c->s.run.backend = v;
            break;
        case R_SYNTAX:
            if (strcmp(v, "att") && strcmp(v, "intel") && strcmp(v, "auto")) {
                snprintf(err, n, "bad value '%s' for -syntax: want 'auto', 'att' or 'intel'", v);
                return 2;
            }
            c->syntax = v;
            c->s.syntax = strcmp(v, "intel") == 0 ? BENCH_INTEL : BENCH_ATT;
            break;
        case R_UNROLL: c->s.unroll = (int)x; break;
        case R_ITERS: c->s.run.iters = (uint64_t)x; c->s.noloop = false; break;
        case R_LOOPS:
            c->s.noloop = x == 0;
            c->s.run.iters = x > 0 ? (uint64_t)x : 1;
            break;
        case R_N: c->s.run.runs = (int)x; break;
        case R_WARMUP: c->s.run.warmup = x > 0 ? (int)x : -1; break;
        case R_COUNT: c->s.count = (int)x; break;
        case R_CPU: c->s.run.cpu = (int)x; break;
        case R_ALIGN:
            if (x & (x - 1)) {
                snprintf(err, n, "option '-align': %s is not a power of two", v);
                return 2;
            }
            c->s.align = (int)x;
            break;
        case R_OFFSET: c->s.offset = (int)x; break;
        case R_TIMEOUT: c->s.run.timeout_s = (double)x; break;
        default: break;
        }
    }
    if (c->counters.len) {   /* (the list's errors are the option's, before anything is built) */
        char (*spec)[BENCH_COUNTER_SPEC] = xcalloc(BENCH_MAX_EVENTS, sizeof *spec);
        char (*name)[BENCH_COUNTER_NAME] = xcalloc(BENCH_MAX_EVENTS, sizeof *name);
        int nc = bench_counters_split(buf_cstr(&c->counters), spec, name, BENCH_MAX_EVENTS, err, n);
        free(spec);
        free(name);
        if (nc < 0)
            return 2;
    }
    if (c->s.offset && bench_host_arch() == BENCH_AARCH64 && c->s.offset % 4) {
        snprintf(err, n, "option '-offset': %d is not a multiple of 4 (AArch64 instructions)", c->s.offset);
        return 2;
    }
    if (c->s.offset >= (c->s.align > 0 ? c->s.align : 64)) {
        snprintf(err, n, "option '-offset': %d is not below the alignment (%d)", c->s.offset,
                 c->s.align > 0 ? c->s.align : 64);
        return 2;
    }
    if (c->file && snippet) {
        snprintf(err, n, "both -f '%s' and a snippet given", c->file);
        return 2;
    }
    if (c->usr == 0 && c->os != 1) {   /* (-os 0 is the default: -usr 0 alone counts nothing either) */
        snprintf(err, n, "-usr 0 -os 0%s: no privilege level left to count", c->os < 0 ? " (the default)" : "");
        return 2;
    }
    if (c->usr >= 0 || c->os >= 0)   /* (defaults: -usr 1, -os 0) */
        c->s.run.modes = (c->usr != 0 ? PMU_MODE_USER : 0) | (c->os == 1 ? PMU_MODE_KERNEL : 0);
    if (c->s.end_to_end && c->s.basic) {
        snprintf(err, n, "-end_to_end and -basic_mode: one subtracts nothing, the other a kernel of no copies; "
                 "give one");
        return 2;
    }
    if (c->fixed_counters && c->s.run.backend && strcmp(c->s.run.backend, "auto") != 0 &&
        strcmp(c->s.run.backend, "perf_event") != 0) {
        snprintf(err, n, "-fixed_counters with -backend %s: the fixed counters count the cycles "
                 "(-backend perf_event)", c->s.run.backend);
        return 2;
    }
    if (c->fixed_counters)
        c->s.run.backend = "perf_event";
    /* -code FILE and its init twins: the text is '.incbin "FILE"' (machine code, nanoBench's way) */
    static const char *const code_opt[4] = {"-code", "-code_init", "-code_late_init", "-code_one_time_init"};
    const char *given[4] = {c->file ? c->file : snippet, init, late, once};
    static const char *const text_opt[4] = {"a snippet", "-init", "-late_init", "-one_time_init"};
    for (int k = 0; k < 4; k++) {
        if (!code[k])
            continue;
        if (given[k]) {
            snprintf(err, n, "both %s '%s' and %s given", code_opt[k], code[k], k == 0 && c->file ? "-f" : text_opt[k]);
            return 2;
        }
        int rc = incbin_text(code_opt[k], code[k], &c->code[k], err, n);
        if (rc)
            return rc;
    }
    if (code[1])
        init = buf_cstr(&c->code[1]);
    if (code[2])
        late = buf_cstr(&c->code[2]);
    if (code[3])
        once = buf_cstr(&c->code[3]);
    c->s.one_time_init = once;
    if (code[0]) {
        c->s.body = buf_cstr(&c->code[0]);
        c->s.body_file = code[0];
    } else if (c->file) {
        if (!cleanup_read_file(c->file, &c->text)) {
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
    c->s.init = init;
    c->s.late_init = late;
    c->s.body_line = 1;
    if (strcmp(c->syntax, "auto") == 0 && bench_host_arch() == BENCH_X86_64) {
        const char *texts[] = {c->s.body, init, late, once};
        c->s.syntax = bench_syntax_guess(texts, 4, NULL);
    }
    return 0;
}

void bench_cli_free(BenchCli *c)
{
    buf_free(&c->text);
    for (int k = 0; k < 4; k++)
        buf_free(&c->code[k]);
    buf_free(&c->counters);
}

/* bench.h — THE RUNNER API: turn assembly text into a function, time it, get statistics.
 *
 * The measurement side of uarch (see ../shared/design.md, "Measurement side"):
 *   1. codegen  (codegen.c)  asm text for x86-64 (AT&T or Intel syntax) or AArch64: one or more
 *                            kernels, each  prologue (callee-saved registers) + init + aligned loop
 *                            of `iters` iterations around `unroll` copies of the body + epilogue.
 *                            Every line of user text is mapped back to (file, line, col) so that
 *                            assembler errors are reported in the user's own coordinates.
 *   2. build    (loader.c)   the platform C compiler (bench_find_cc) assembles the text into a
 *      + load                shared object in a temp dir (cc -shared), loaded with dlopen.
 *   3. run      (runner.c)   a child process pinned to one CPU calls the kernels in turn, reading
 *                            the counters (perf_event_open via src/pmu/, else the timer converted
 *                            to core cycles with the core clock timed beside every round) around each call; a
 *                            sample whose CPU changed is dropped and counted; a crash (SIGSEGV,
 *                            SIGILL, ...) or a hang is reported, uarch survives.
 *   4. stats    (stats.c)    two lengths differenced (overhead cancels), per-copy median / min /
 *                            quartiles.
 *   also: provenance.c (where a result was measured), snippet.c (bench_snippet = `bench run`),
 *         options.c (`bench run` command line), known.c + known.tsv (selftest known answers).
 *
 * Kernel calling convention (what a snippet may rely on):
 *   void kernel(uint64_t iters, void *scratch);
 *   x86-64 : r15 = loop counter (reserved: the snippet must not write it), r14 = scratch pointer
 *            (page-aligned, BENCH_SCRATCH bytes, zeroed), rsp untouched; rax..r13 start at 0.
 *   AArch64: x28 = loop counter (reserved), x27 = scratch pointer, sp untouched; x0..x26 start at
 *            0.  The loop branch (dec/jnz, subs/b.ne) writes the flags once per iteration.
 *   Callee-saved registers (rbx rbp r12-r15 / x19-x30, d8-d15) are saved by the prologue, so the
 *   snippet may write any other register.
 *
 * OWNER: "clock" engineer.  Extend, don't rename.  Experiments (src/bench/exp_*.c) use this API
 * and register themselves in experiments.h.
 */
#ifndef BENCH_H
#define BENCH_H

#include "util/util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BENCH_SCRATCH (1u << 20)     /* bytes of scratch memory handed to every kernel */
#define BENCH_MAX_COUNTERS 8      /* counted at once by one run (cycles included) */
#define BENCH_MAX_EVENTS 64       /* counters of one `bench run`: rotated over runs, as many at
                                   * once as one run counts (cycles in every run) */
#define BENCH_COUNTER_NAME 64      /* a counter's name as shown */
#define BENCH_COUNTER_SPEC 192     /* a counter as opened ("cpu/event=0xd1,umask=0x1,cmask=0x1/") */
#define BENCH_MAX_FNS 64

typedef enum BenchArch { BENCH_X86_64, BENCH_AARCH64 } BenchArch;
typedef enum BenchSyntax { BENCH_ATT, BENCH_INTEL } BenchSyntax;

BenchArch bench_host_arch(void);
const char *bench_arch_name(BenchArch a);     /* "x86_64" | "aarch64" */

/* ---- 1. code generation ---------------------------------------------------------------- */

/* One function in the generated shared object. */
typedef struct BenchKernel {
    const char *symbol;        /* exported name, [A-Za-z_][A-Za-z0-9_]* */
    const char *init;          /* asm run once before the loop (NULL: none) */
    const char *init_file;     /* name for diagnostics ("<init>" when NULL) */
    const char *late_init;     /* asm run after init, right before the loop ("<late_init>") */
    const char *body;          /* asm of one copy; instructions separated by ';' or newlines */
    const char *body_file;     /* name for diagnostics ("<snippet>" when NULL) */
    int body_line;             /* line number of the body's first line in body_file (0 -> 1) */
    int unroll;                /* copies of body per iteration (0 -> 1) */
    int align;                 /* loop head alignment in bytes, power of two (0 -> 64) */
    int offset;                /* bytes of nops after the alignment: loop head at align*k+offset */
    const char *pre_loop;      /* raw text after init, before the alignment (NULL: none) */
    const char *between;       /* raw text between copies (e.g. padding), NULL: none */
    bool noloop;               /* no loop: the copies run once per call (iters ignored) */
    const char *size_symbol;   /* non-NULL: a global data symbol of this name holds the bytes of
                                * the first copy of the body as assembled (a uint64_t; read with
                                * bench_lib_data): the instruction's size, not the user's word */
} BenchKernel;

/* Where a line of the generated file came from (for error remapping). */
typedef struct BenchLineOrigin {
    const char *file;          /* NULL: harness line */
    int line, col;             /* user coordinates (col 1-based, of the instruction) */
    const char *src;           /* the user's line (not NUL-terminated at end of line) */
} BenchLineOrigin;

typedef struct BenchProgram {
    BenchArch arch;
    BenchSyntax syntax;
    Buf text;                  /* the generated assembly file */
    int nlines;                /* lines emitted so far */
    BenchLineOrigin *origin;   /* origin[i] for generated line i+1 */
    int origin_cap;
} BenchProgram;

void bench_prog_init(BenchProgram *p, BenchArch arch, BenchSyntax syntax);
void bench_prog_free(BenchProgram *p);
/* Append a kernel.  The user's text is copied line by line (split on ';' and newlines). */
void bench_prog_kernel(BenchProgram *p, const BenchKernel *k);
/* Append raw top-level text (data, extra functions), in the harness's syntax (AT&T on x86-64). */
void bench_prog_raw(BenchProgram *p, const char *text);

/* The statements of user text (split on ';' and newlines, comments dropped, trimmed), each
 * with its origin; fn returns false to stop. */
#define BENCH_STMT_MAX 65536     /* bytes in a statement of a snippet or init (a longer one is an error) */
typedef bool (*BenchStmtFn)(void *ctx, const char *stmt, size_t n, const BenchLineOrigin *o);
void bench_split_stmts(BenchArch arch, const char *text, const char *file, int first_line,
                       BenchStmtFn fn, void *ctx);
/* A statement that writes the register the harness owns, the loop counter (r15 / x28; a write
 * would make the loop run on and on): false with a located error (reserved.c). */
bool bench_check_reserved(BenchArch arch, BenchSyntax syntax, const char *text, const char *file,
                          int first_line, Diag *err);
/* The same for the snippet that is timed, which must also hold a statement other than a label
 * (an empty one, or comments only, times nothing): false with a located error. */
bool bench_check_body(BenchArch arch, BenchSyntax syntax, const char *text, const char *file,
                      int first_line, Diag *err);
/* The x86-64 syntax the texts are written in, when the user does not say (syntax.c): Intel
 * when a register is named without '%' (or a memory operand is in brackets) and none with it,
 * else AT&T.  *intel_seen (when not NULL): some Intel sign was seen, whatever the answer. */
BenchSyntax bench_syntax_guess(const char *const *texts, int ntexts, bool *intel_seen);
/* whether [w, +n) names an x86-64 register, in any case (x86regs.tsv) */
bool bench_x86_register(const char *w, size_t n);
/* An experiment that reads AT&T only (its operands rewritten or emitted by the harness): false
 * with an error at file:1:1 naming `what` when text reads as Intel syntax. */
bool bench_require_att(const char *text, const char *file, const char *what, Diag *err);

/* ---- 2. build and load ------------------------------------------------------------------- */

/* The compiler used for cc -shared: $CC (split on spaces), then cc, gcc, clang, then
 * <arch>-linux-gnu-gcc; the first that exists and whose `-dumpmachine` targets `arch`.
 * Returns false with a message in err->msg (no location) when none fits. */
bool bench_find_cc(BenchArch arch, char *out, size_t outsz, Diag *err);

typedef struct BenchLib BenchLib;
typedef void (*BenchFn)(uint64_t iters, void *scratch);

/* Build the program into a shared object and dlopen it.  On failure returns NULL and fills err:
 * an assembler error is located in the user's coordinates (file:line:col + source line); other
 * failures (no compiler, dlopen) carry only a message.  `keep_dir`: keep the temp dir (debug). */
BenchLib *bench_build(const BenchProgram *p, bool keep_dir, Diag *err);
/* the bounds of the compile (the compiler and what it runs): address space and CPU time */
#define BENCH_CC_MAX_BYTES ((rlim_t)8 << 30)
#define BENCH_CC_MAX_CPU_S ((rlim_t)300)
#define BENCH_CC_BOUNDS "8 GiB of address space, 300 s of CPU time"
BenchFn bench_lib_fn(BenchLib *lib, const char *symbol);   /* NULL when absent */
const void *bench_lib_data(BenchLib *lib, const char *symbol);   /* a data symbol; NULL when absent */
const char *bench_lib_dir(const BenchLib *lib);           /* temp dir with bench.s, bench.so */
void bench_lib_close(BenchLib *lib);
/* In a child that runs generated code: the faults it may raise (SIGSEGV, SIGILL, SIGBUS, SIGFPE,
 * SIGTRAP) and the watchdog's SIGALRM kill it by the signal, so the parent can report it, instead of
 * running a handler installed by the host program or a sanitizer runtime. */
void bench_child_default_signals(void);

/* Parse compiler diagnostics (gcc/gas "f.s:12: Error: msg", clang "f.s:12:5: error: msg") of
 * the generated file `genpath` and map the first error to the user's coordinates.  Returns
 * false when no error line is found.  Exposed for tests. */
bool bench_map_error(const BenchProgram *p, const char *genpath, const char *cc_stderr, Diag *err);
/* The symbol a failed link or load says is undefined (ld: "undefined symbol `r15'", "undefined
 * reference to `foo'"; dlopen: "undefined symbol: foo"; gas: a local label "1f" with no "1:"
 * after it), located at its first use in the user's lines: false when the text names none or no
 * user line uses it. */
bool bench_map_undefined(const BenchProgram *p, const char *text, Diag *err);

/* ---- 3. run ----------------------------------------------------------------------------- */

typedef struct BenchRunOpts {
    int cpu;                   /* CPU to pin to; -1: the CPU the runner starts on */
    int runs;                  /* samples per function (0 -> 64) */
    int warmup;                /* unrecorded rounds first (0 -> 2; negative: none) */
    uint64_t iters;            /* loop iterations per call (0 -> 1000) */
    const uint64_t *fn_iters;  /* or per function (NULL: `iters` for all) */
    const char *counters;      /* comma list of counter names / rNN raw events; NULL: "cycles" */
    double timeout_s;          /* child killed after this (0 -> 60) */
    double core_hz;            /* for timer->cycles; 0: measure (clock_core_hz) when needed */
    const char *backend;       /* how "cycles" is counted: NULL/"auto" = perf_event if the core
                                * PMU works, else task-clock (on-CPU ns: preemptions do not
                                * count), else the timer (wall time); or force one of
                                * "perf_event", "task-clock", "timer" */
    bool quiet;                /* don't print the "no hardware counters" note */
    unsigned modes;            /* privilege levels counted (PMU_MODE_USER | PMU_MODE_KERNEL: -usr,
                                * -os); 0: user space, not asked.  Asked for, the cycles from the
                                * task-clock or the timer (no PMU) count both: the note says so */
    BenchFn once;              /* called once in the measuring process, after the scratch memory is
                                * set up, before the first round (-code_one_time_init); NULL: none */
    bool clock_median;         /* without a PMU, convert with the median round's core clock (the
                                * statistic is the median or mean: `bench run`); false: with the
                                * fastest timings' (a minimum, the sweeps' quiet rounds) */
} BenchRunOpts;

typedef struct BenchSamples {
    int nfns, ncounters, runs;
    char counter[BENCH_MAX_COUNTERS][BENCH_COUNTER_NAME];   /* names; "cycles" is always counter 0 */
    char backend[32];          /* "perf_event" | "task-clock" | "timer" */
    double core_hz, timer_hz;  /* used for timer->cycles conversion (0 when unused; timer_hz is
                                * 1e9 for task-clock) */
    /* without a PMU, the core clock the rounds saw (clock_rounds, clock.h): from the fastest chain
     * timings, the median round's and its quartiles; clock_steady: the two agree within 3 % (else
     * the clock moved between rounds, and core_hz is the one of the statistic: clock_median) */
    double clock_fast_hz, clock_median_hz, clock_q25_hz, clock_q75_hz;
    bool clock_steady;
    int cpu;                   /* the CPU pinned to */
    int dropped;               /* rounds dropped because the CPU changed */
    /* v[(f * ncounters + c) * runs + r]: counter c around one call of function f in run r.
     * Only the first `runs - dropped` rows of each function are valid (kept). */
    double *v;
    int kept;
} BenchSamples;

typedef enum BenchStatus {
    BENCH_OK = 0,
    BENCH_CRASHED,             /* the child died by a signal, or the snippet ended the process
                                * (exit, exit_group: no sentinel after the timed rounds); msg says
                                * which */
    BENCH_TIMEOUT,
    BENCH_ERROR,               /* setup failed (pinning, counters, fork): msg says why */
    BENCH_INTERRUPTED          /* the child got SIGINT/SIGTERM/SIGHUP (e.g. Ctrl-C) */
} BenchStatus;

/* Time fns[0..nfns) (each called with opts->iters) in a pinned child process.  A round calls
 * every function once; a round during which the CPU changed is dropped.  msg (may be NULL)
 * receives an error message for non-OK statuses. */
BenchStatus bench_run(const BenchRunOpts *opts, BenchFn *fns, int nfns, BenchSamples *out,
                      char *msg, size_t msgsz);
void bench_samples_free(BenchSamples *s);
static inline const double *bench_sample_row(const BenchSamples *s, int fn, int counter)
{
    return s->v + ((size_t)fn * (size_t)s->ncounters + (size_t)counter) * (size_t)s->runs;
}

/* ---- 4. statistics ------------------------------------------------------------------------ */

typedef struct BenchStat {
    double median, min, max, q25, q75;   /* per copy */
    double best;                         /* the best-case estimate (within min..max) */
    int n;
} BenchStat;

/* Per-copy statistics of the difference of two lengths, paired by round: for each kept round r,
 *   x_r = (long[r] - short[r]) / per
 * median, min, max and quartiles are those of x_r (so always ordered); best is the median of x_r
 * over the quiet rounds: the quarter of them (at least 3) with the smallest short + long time.
 * per <= 0 or n <= 0: all NAN. */
BenchStat bench_paired_stat(const double *short_v, const double *long_v, int n, double per);
/* The same statistics of each round's two calls together, x_r = (long[r] + short[r]) / per, per
 * the copies of both calls (3 x the short call's when the long one runs twice its iterations):
 * nothing cancels, so for calls whose overhead is negligible; a rate that changes between the
 * two calls of a round moves x_r by no more than it moves the calls (stats.c). */
BenchStat bench_total_stat(const double *short_v, const double *long_v, int n, double per);
/* The same with per = copies_long - copies_short, where copies = unroll * iters * count (count:
 * copies of the operation inside one snippet). */
BenchStat bench_diff_stat(const double *short_v, const double *long_v, int n, double copies_short,
                          double copies_long);
/* Drop the samples whose CPU before != CPU after or != want (want < 0: any); compacts v (nfns
 * rows) in place, returns the number dropped.  Exposed for tests. */
int bench_drop_migrated(double *v, int nrows, int runs, const int *cpu_before,
                        const int *cpu_after, int want, int *kept);

/* ---- provenance --------------------------------------------------------------------------- */

typedef struct BenchProvenance {
    char cpu[128];             /* brand string, or "Apple Firestorm (MIDR 0x611f0221)" */
    char vendor[32];           /* "GenuineIntel", "AuthenticAMD", "Apple", "ARM", ... */
    char midr[24];             /* "0x..." on AArch64, "" elsewhere */
    char os[96];               /* uname: sysname release machine */
    char backend[32];          /* counter backend that will be used */
    double timer_hz;           /* counter frequency (measured TSC / cntfrq) */
    double core_hz;            /* measured core clock (0 if not measured) */
    char hypervisor[32];       /* "" when none detected */
    char emulated[160];        /* why the timings are emulated (clock_emulated), "" when not */
    char date[32];             /* UTC, ISO 8601 */
} BenchProvenance;

/* Fill provenance; measure_core: also measure the core clock (~50 ms). */
void bench_provenance(BenchProvenance *p, bool measure_core);
/* Write it as a JSON object value (after a json_key). */
void bench_provenance_json(Json *j, const BenchProvenance *p);

/* What the CPUs did during a measurement (Linux /proc/stat, in clock ticks): taken before and
 * after, it tells whether other work ran on the other CPUs (which, in a VM, may be the other
 * hardware thread of the same core, sharing its L1 and L2) and how much time the hypervisor
 * took from the measuring CPU (steal). */
#define BENCH_MAX_CPUS 256
typedef struct BenchCpuTimes {
    int n;                                   /* CPUs read (0: no /proc/stat) */
    int id[BENCH_MAX_CPUS];
    unsigned long long busy[BENCH_MAX_CPUS], steal[BENCH_MAX_CPUS], total[BENCH_MAX_CPUS];
} BenchCpuTimes;
void bench_cpu_times(BenchCpuTimes *t);
/* parse /proc/stat's text into t (exposed for tests) */
void bench_cpu_times_parse(const char *text, BenchCpuTimes *t);
/* The sentences worth a note about the interval a..b for a measurement on `cpu` (other CPUs
 * busy 25 % of the time or more; steal 5 % or more on `cpu`), written to out (empty: none). */
void bench_cpu_load_note(const BenchCpuTimes *a, const BenchCpuTimes *b, int cpu, char *out, size_t n);

/* ---- one-shot convenience: what `uarch bench run` does ------------------------------------ */

typedef struct BenchSnippetOpts {
    const char *body, *body_file;      /* snippet text and its name for diagnostics */
    int body_line;
    const char *init;                  /* NULL: none */
    const char *late_init;             /* after init, right before the loop; NULL: none */
    BenchSyntax syntax;
    int unroll;                        /* copies in the short kernel; the long one has 2x (0 -> 100) */
    int count;                         /* copies of the operation in one snippet (0 -> 1) */
    int align;
    int offset;                        /* NOP bytes after the alignment */
    bool noloop;                       /* no loop around the copies (nanoBench -loop_count 0) */
    bool basic;                        /* difference unroll copies against none, not 2x against 1x
                                        * (nanoBench -basic_mode) */
    bool keep;                         /* keep the temp dir (bench.s, bench.so); noted on stderr */
    int initial_warmup;                /* unrecorded rounds added to the first run's warm-up only
                                        * (nanoBench -initial_warm_up_count) */
    bool end_to_end;                   /* one kernel of `unroll` copies, its counts divided by the
                                        * copies, nothing subtracted (nanoBench -end_to_end) */
    bool drain;                        /* after late_init, before the loop: x86-64 SERIALIZE,
                                        * AArch64 ISB (nanoBench -df) */
    const char *one_time_init;         /* asm run once per measuring process before the first
                                        * round (its own function); NULL: none */
    BenchRunOpts run;
} BenchSnippetOpts;

typedef struct BenchResult {
    int nevents;                          /* cycles and the -counters */
    char name[BENCH_MAX_EVENTS][BENCH_COUNTER_NAME];   /* event 0 = "cycles" */
    BenchStat stat[BENCH_MAX_EVENTS];     /* per copy / count */
    double mean[BENCH_MAX_EVENTS];        /* per copy: the mean of the kept runs' differences */
    int run[BENCH_MAX_EVENTS];            /* the run that counted it (1-based; cycles: the first) */
    int runs;                             /* > 1: the counters were rotated over this many runs */
    int at_once;                          /* counters besides the cycles in one run */
    double copies;                        /* copies differenced: the long kernel's minus the
                                           * short one's (unroll x iterations x count) */
    BenchSamples samples;                 /* the first run's */
    BenchProvenance prov;
    double *each[BENCH_MAX_EVENTS];       /* per copy, every kept round of the run that counted the
                                           * event, in order (owned) */
    int neach[BENCH_MAX_EVENTS];
} BenchResult;

/* Generate, build, load and run a snippet (two lengths, differenced).  With more -counters than
 * one run counts (BENCH_MAX_COUNTERS - 1 besides the cycles), the counters are rotated: the
 * snippet runs once per group of them, each counted in one run (nanoBench's way with its
 * configuration files).  Returns BENCH_OK, or an error with err filled (located for assembler
 * errors). */
BenchStatus bench_snippet(const BenchSnippetOpts *o, BenchResult *r, Diag *err);
void bench_result_free(BenchResult *r);

/* ---- `uarch bench run` command line (options.c) -------------------------------------------- */

typedef struct BenchCli {
    BenchSnippetOpts s;
    bool json;
    const char *stat;                  /* the figure reported: "median", "min", "max", "mean" */
    bool no_normalization;             /* -no_normalization: totals over all the copies */
    bool range;                        /* -range: the maximum beside the minimum */
    bool verbose;                      /* -verbose: every round's value besides the statistic */
    bool remove_empty;                 /* -remove_empty_events: no line for an event 0 in every round */
    bool fixed_counters;               /* -fixed_counters: instructions and ref-cycles joined the
                                        * counters (and the cycles are perf's) */
    int usr, os;                       /* -usr, -os as given (-1: not given) */
    Buf code[4];                       /* owned '.incbin' texts of -code, -code_init, -code_late_init,
                                        * -code_one_time_init */
    const char *syntax;                /* -syntax as given: "auto" (the default), "att", "intel";
                                        * s.syntax is the one used (auto: bench_syntax_guess) */
    const char *file;                  /* -f file.s (NULL: the positional snippet) */
    Buf text;                          /* owned snippet text (from -f) */
    const char *config;                /* -config FILE: nanoBench's counter file */
    Buf counters;                      /* owned: -counters and the events of -config */
} BenchCli;

/* nanoBench's counter configuration files (nbconfig.c): "EVTSEL.UMASK[.CMSK=N][.AnyT][.EDG][.INV]
 * NAME" lines, '#' comments.  Each event is turned into the perf spelling of the core PMU `pmu`
 * ("cpu/event=0xd1,umask=0x1,cmask=0x1,edge=1,name=NAME/"), appended to specs (comma-separated,
 * when specs is not NULL) and to ev.  Returns the number of events (at most max), or -1 with a
 * located error. */
typedef struct BenchConfigEvent {
    char name[64];
    char spec[192];
    char src[256];                     /* the source line (for a located error later) */
    int line;
} BenchConfigEvent;
int bench_config_parse(const char *file, const char *text, const char *pmu, Buf *specs,
                       BenchConfigEvent *ev, int max, Diag *err);

/* Split a -counters list (counters.c): at the commas outside a PMU's "pmu/terms/", a name=
 * term taken out as the counter's name; spec[0] = name[0] = "cycles", then the others (at most
 * max in all).  Returns the count, or -1 with why. */
int bench_counters_split(const char *list, char (*spec)[BENCH_COUNTER_SPEC], char (*name)[BENCH_COUNTER_NAME],
                         int max, char *why, size_t whysz);

/* The -f file's text and the -config file hold no NUL byte (a located error).
 * Read the -config file (when given): its events, as events of the core PMU, join -counters
 * (cli->s.run.counters), after the fixed counters (-fixed_counters).  false with a located
 * error: a bad line, or (no core PMU) the first event, unavailable, with why; or
 * -fixed_counters without a hardware PMU. */
bool bench_cli_config(BenchCli *cli, Diag *err);
/* -fixed_counters: the counters added ("instructions,ref-cycles"; AMD (vendor "AuthenticAMD")
 * and AArch64: "instructions") */
const char *bench_fixed_counters(BenchArch arch, const char *vendor);

/* Parse `run` options (argv[0] = "run").  Returns 0, or 2 with a message in err for a usage
 * error ("bad value 'x' for -unroll: want an integer in 1..100000"). */
int bench_parse_run(int argc, char **argv, BenchCli *cli, char *err, size_t errsz);
/* The usage of `bench run`: every option with its range (from the table the parser uses). */
void bench_run_usage(FILE *f);
void bench_cli_free(BenchCli *cli);

#endif

/* mca.c — `uarch mca [options] [file.s|-]`: llvm-mca's command line parsed into McaRunOptions,
 * then mca_run() (src/mca/run.h) does the run (also reached as `uarch-mca`, see src/main.c).
 *
 * Options are llvm-mca's spelling: -x and --x, -x=value or -x value, booleans as -x=false.
 * -all-views / -all-stats set the views not given explicitly after them (llvm-mca's
 * processViewOptions).  `@file` arguments are response files (util/respfile.c).  llvm-mca's
 * options that mean nothing for uarch (O_INERT) are accepted with one note saying why.  Every
 * error exits 1, as llvm-mca.
 */
#include "cmd/cmd.h"
#include "asm/asm.h"
#include "mca/mca.h"
#include "mca/run.h"
#include "mca/views.h"
#include "model/model.h"
#include "util/opt.h"
#include "util/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef enum OptId {
    O_HELP, O_VERSION, O_MTRIPLE, O_MARCH, O_MCPU, O_MATTR, O_ITER, O_OUT, O_JSON,
    O_TIMELINE, O_TL_ITER, O_TL_CYC, O_BOTTLENECK, O_ALL_STATS, O_ALL_VIEWS, O_DISPATCH_STATS,
    O_SCHED_STATS, O_RETIRE_STATS, O_REGFILE_STATS, O_INST_INFO, O_RES_PRESSURE, O_SUMMARY,
    O_DISPATCH, O_NOALIAS, O_SKIP, O_REGFILE_SIZE, O_LQUEUE, O_SQUEUE, O_COUNTERS,
    O_FUSION, O_THREADS, O_SHOW_ENC, O_SHOW_BARRIERS, O_INST_TABLES, O_IMM_HEX, O_CALL_LAT,
    O_DEC_TP, O_UOPQ, O_HELP_HIDDEN, O_HELP_LIST, O_HELP_LIST_HIDDEN, O_INERT,
    O_DIVIDER, O_FRONTEND, O_ASM_VARIANT, O_NOPTS
} OptId;

/* K_FLAG: takes no value (llvm's cl::ValueDisallowed: -help=1 is an error, as in llvm-mca) */
typedef enum OptKind { K_BOOL, K_FLAG, K_UINT, K_STR } OptKind;

/* O_INERT options: llvm-mca's, accepted with one note on stderr saying why they change nothing */

typedef struct Opt {
    const char *name;
    OptId id;
    OptKind kind;
    const char *meta;
    const char *help;
    OptRange r;                   /* K_UINT: the accepted values (util/opt.h) */
    const char *why;              /* O_INERT: why it changes nothing here */
} Opt;

static const Opt opts[] = {
    {"help", O_HELP, K_FLAG, NULL, "display the available options"},
    {"help-hidden", O_HELP_HIDDEN, K_FLAG, NULL, "display all available options (the same list: none is hidden)"},
    {"help-list", O_HELP_LIST, K_FLAG, NULL, "display the list of available options (the same list)"},
    {"help-list-hidden", O_HELP_LIST_HIDDEN, K_FLAG, NULL, "display the list of all available options (the same list)"},
    {"version", O_VERSION, K_FLAG, NULL, "display the version of this program"},
    {"mtriple", O_MTRIPLE, K_STR, "<string>", "target triple: aarch64*, arm64* (default aarch64)"},
    {"march", O_MARCH, K_STR, "<string>", "target architecture: aarch64, arm64"},
    {"mcpu", O_MCPU, K_STR, "<cpu-name>", "CPU model (default firestorm; -mcpu=help lists them); another Apple core (cyclone, apple-a7 ... a13, a15 ..., apple-m2 ...) runs on firestorm with its own features"},
    {"mattr", O_MATTR, K_STR, "<a1,+a2,...>", "adds (+) or removes (-) the features uarch gates (src/a64/features.tsv: i8mm, bf16, sve, sve2, sme, sme2, ssbs, lse, neon ...; +all: every one; +v8.6a: an architecture's), with what each implies (+sve2: sve); others are ignored (a warning)"},
    {"iterations", O_ITER, K_UINT, "<uint>", "number of iterations to run (default 100; 0: the default)", {OPT_INT, 0, 1000000}},
    {"o", O_OUT, K_STR, "<filename>", "output filename (written atomically; '-' is stdout; not empty, which llvm-mca takes for stdout, nor the input file, which llvm-mca replaces)"},
    {"json", O_JSON, K_BOOL, NULL, "print the output in json format"},
    {"timeline", O_TIMELINE, K_BOOL, NULL, "print the timeline view"},
    {"timeline-max-iterations", O_TL_ITER, K_UINT, "<uint>", "maximum number of iterations to print in timeline view (default 10)", {OPT_INT, 0, 10000}},
    {"timeline-max-cycles", O_TL_CYC, K_UINT, "<uint>", "maximum number of cycles in the timeline view, or 0 for unlimited (default 80)", {OPT_INT, 0, 1000000}},
    {"bottleneck-analysis", O_BOTTLENECK, K_BOOL, NULL, "enable bottleneck analysis, and name the binding limit (ours)"},
    {"all-stats", O_ALL_STATS, K_BOOL, NULL, "print all hardware statistics (and the simulated counters)"},
    {"all-views", O_ALL_VIEWS, K_BOOL, NULL, "print all views including hardware statistics and ours"},
    {"dispatch-stats", O_DISPATCH_STATS, K_BOOL, NULL, "print dispatch statistics"},
    {"scheduler-stats", O_SCHED_STATS, K_BOOL, NULL, "print scheduler statistics"},
    {"retire-stats", O_RETIRE_STATS, K_BOOL, NULL, "print retire control unit statistics"},
    {"register-file-stats", O_REGFILE_STATS, K_BOOL, NULL, "print register file statistics"},
    {"instruction-info", O_INST_INFO, K_BOOL, NULL, "print the instruction info view (enabled by default)"},
    {"resource-pressure", O_RES_PRESSURE, K_BOOL, NULL, "print the resource pressure view (enabled by default)"},
    {"summary-view", O_SUMMARY, K_BOOL, NULL, "print the summary view (enabled by default)"},
    {"dispatch", O_DISPATCH, K_UINT, "<uint>", "override the processor dispatch width (0: the model's)", {OPT_INT, 0, 1024}},
    {"noalias", O_NOALIAS, K_BOOL, NULL, "if set, assume that loads and stores do not alias (default true)"},
    {"skip-unsupported-instructions", O_SKIP, K_STR, "<value>", "none (default: nearest form), lack-sched, parse-failure, any"},
    {"register-file-size", O_REGFILE_SIZE, K_UINT, "<uint>", "maximum number of physical registers for register mappings (0: the model's)", {OPT_INT, 0, 65536}},
    {"lqueue", O_LQUEUE, K_UINT, "<uint>", "size of the load queue (0: the model's)", {OPT_INT, 0, 65536}},
    {"squeue", O_SQUEUE, K_UINT, "<uint>", "size of the store queue (0: the model's)", {OPT_INT, 0, 65536}},
    {"counters", O_COUNTERS, K_BOOL, NULL, "print the simulated M1 PMU counters (ours; part of -all-stats)"},
    {"fusion-info", O_FUSION, K_BOOL, NULL, "print the fusions and eliminations that happened (ours)"},
    {"show-encoding", O_SHOW_ENC, K_BOOL, NULL, "print the encoding of each instruction in the instruction info view"},
    {"show-barriers", O_SHOW_BARRIERS, K_BOOL, NULL, "print memory barrier information in the instruction info view"},
    {"instruction-tables", O_INST_TABLES, K_BOOL, NULL, "print instruction tables: the instruction info and the static resource pressure, no simulation"},
    {"print-imm-hex", O_IMM_HEX, K_BOOL, NULL, "prefer hex format when printing immediate values"},
    {"call-latency", O_CALL_LAT, K_UINT, "<uint>", "number of cycles to assume for a call instruction (bl, blr; default: the model's branch latency)", {OPT_INT, 0, 1000000}},
    {"decoder-throughput", O_DEC_TP, K_UINT, "<uint>", "maximum throughput from the decoders (instructions per cycle) into the micro-op queue (0: unlimited)", {OPT_INT, 0, 1024}},
    {"micro-op-queue-size", O_UOPQ, K_UINT, "<uint>", "number of entries in the micro-op queue between decode and dispatch (0: none)", {OPT_INT, 0, 65536}},
    {"disable-cb", O_INERT, K_BOOL, NULL, "accepted; changes nothing here", {0}, "uarch has no target custom behaviour"},
    {"disable-im", O_INERT, K_BOOL, NULL, "accepted; changes nothing here", {0}, "uarch has no instrumentation manager (AArch64 has no instruments)"},
    {"output-asm-variant", O_ASM_VARIANT, K_UINT, "<int>", "syntax of the instruction text: 0 generic, 1 Apple's (default -1: the triple's, Apple's for arm64-apple-*)", {OPT_INT, -1, 1000}},
    {"print-options", O_INERT, K_BOOL, NULL, "accepted; changes nothing here", {0}, "uarch does not print option values"},
    {"print-all-options", O_INERT, K_BOOL, NULL, "accepted; changes nothing here", {0}, "uarch does not print option values"},
    {"divider", O_DIVIDER, K_STR, "<case>", "operand case of integer division: fast (default), medium, slow (ours; see below)"},
    {"frontend", O_FRONTEND, K_STR, "<model|none>", "model: the CPU's front end, branches in the region followed (default); none: no fetch stage, branches run as straight-line code, as llvm-mca (ours; see below)"},
    {"threads", O_THREADS, K_UINT, "<int>", "simulate regions on this many threads (LLVM's option; llvm-mca runs on one whatever the value: ours, default 0 and any value below 1: one per online CPU; at most 64, a larger value is 64); same output", {OPT_INT, -2147483648.0, 2147483647.0}},
};


typedef struct Cli {
    const char *input;
    const char *output;
    const char *triple, *march, *mcpu;
    const char *mattr[8];         /* -mattr, each occurrence (their items apply in order) */
    int nmattr;
    bool json;
    int skip;
    int threads;                  /* 0: one per online CPU */
    int asm_variant;              /* -output-asm-variant: -1 the triple's, 0 generic, 1 Apple */
    McaOptions sim;
    McaViewOptions view;
    bool set[O_NOPTS];            /* given explicitly */
    int pos[O_NOPTS];             /* argv index of the last occurrence */
    bool val[O_NOPTS];            /* boolean values */
} Cli;

static void usage(FILE *f)
{
    fprintf(f, "OVERVIEW: uarch mca, static performance analysis of AArch64 assembly (llvm-mca compatible)\n\n"
               "USAGE: uarch mca [options] [<input file>|-]   (also: uarch-mca ...)\n\n"
               "OPTIONS (llvm-mca spelling: -x or --x, -x=value or -x value, -x=false):\n");
    for (size_t i = 0; i < ARRAY_LEN(opts); i++) {
        char left[64];
        bool one = strlen(opts[i].name) == 1;
        snprintf(left, sizeof left, "%s%s%s%s", one ? "-" : "--", opts[i].name,
                 opts[i].meta ? (one ? " " : "=") : "", opts[i].meta ? opts[i].meta : "");
        char range[80] = "";
        if (opts[i].kind == K_UINT)
            opt_range_text(opts[i].r, range, sizeof range);
        fprintf(f, "  %-40s - %s%s%s%s\n", left, opts[i].help, range[0] ? " [" : "", range, range[0] ? "]" : "");
    }
    fprintf(f, "\nViews in llvm-mca's order: summary, bottleneck analysis, instruction info, dispatch,\n"
               "scheduler, retire and register-file stats, resource pressure, timeline.  Ours follow,\n"
               "so llvm-mca's layout is unchanged: the binding limit (-bottleneck-analysis), fusions and\n"
               "eliminations (-fusion-info, -all-views) and the simulated PMU counters (-counters,\n"
               "-all-stats, -all-views; always in -json as \"SimulatedCounters\").\n"
               "Code regions: # LLVM-MCA-BEGIN [name] ... # LLVM-MCA-END [name] (named, nested, overlapping).\n"
               "Without markers the whole file is one region.  Bounds (an error past them): %lld\n"
               "instructions and %lld lines in a region (memory: about 180 bytes per instruction),\n"
               "%lld MiB in a line, %lld MiB from stdin.\n"
               ".include \"file\" (alone on its line) inserts the file's text, looked up from the working\n"
               "directory as llvm-mca does: its markers count; includes nest at most %d deep.\n"
               "Instructions without a measured form use their documented nearest form (a warning per\n"
               "form).\n"
               "Front end (-frontend=model, the default): every instruction has an address (4 bytes each\n"
               "from a 16 KiB page boundary, each code section from its own, as .p2align/.balign/.align,\n"
               ".skip/.space, .org and data directives place it; `uarch decode` shows it) and the\n"
               "model's fetch stage feeds map:\n"
               "instructions and bytes per cycle, no fetch across a page, one taken branch per cycle, BTB\n"
               "(a taken branch it misses costs a bubble), L1I (a missed line is refilled) and L1 ITLB (a\n"
               "page it misses costs a bubble), in the loop's steady state.  The region is a loop body:\n"
               "its end falls back to its start.  Branches to labels in the region are followed: b (to\n"
               "the region's first instruction: the back-edge), bl and the ret after it;\n"
               "b.cc/cbz/cbnz/tbz/tbnz backward taken, forward not taken, or as a comment on their line\n"
               "says: `// uarch: taken`, `// uarch: not-taken`, `// uarch: taken 3/4` (or `taken 75%%`:\n"
               "the fixed pattern taken, taken, taken, not taken; when patterns repeat over several\n"
               "iterations, one simulated iteration holds that many and -iterations is divided by it;\n"
               "the measured form is the taken one when the hint takes the branch at least half the\n"
               "time).  A label just after the region's last instruction is its start (the next\n"
               "iteration).\n"
               "Branches to labels outside the region, br/blr and ret without bl are not followed (the\n"
               "next instruction runs next), but an unconditional one ends its map group.  Views list the\n"
               "instructions in the order they run (jumped-over ones left out).  -frontend=none:\n"
               "llvm-mca's behaviour (branches run as straight-line code, a warning).\n"
               "Integer division (sdiv, udiv) takes longer for larger quotients; the model takes the\n"
               "fast case measured (Firestorm 7 cycles, Icestorm 7), -divider=medium or slow the\n"
               "others (64-bit: Firestorm 8 / 9, Icestorm 13 / 21; 32-bit slow: 8 / 13; 32-bit\n"
               "has no medium case and keeps the fast one).\n",
            MCA_REGION_MAX_INSTS, MCA_REGION_MAX_LINES, MCA_LINE_MAX >> 20, MCA_SPOOL_MAX >> 20, (int)ASM_MAX_INCLUDE_DEPTH);
}

static unsigned edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40)
        return 99;
    unsigned d[41][41];
    for (size_t i = 0; i <= la; i++) d[i][0] = (unsigned)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (unsigned)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            unsigned c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < c) c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c) c = d[i][j - 1] + 1;
            d[i][j] = c;
        }
    return d[la][lb];
}

static int usage_error(const char *fmt, const char *arg)
{
    eprintf("%s: ", util_progname);
    eprintf(fmt, arg);
    fputc('\n', stderr);
    return 1;
}

static bool parse_bool(const char *s, bool *out)
{
    if (!*s || !strcmp(s, "true") || !strcmp(s, "1") || !strcmp(s, "TRUE") || !strcmp(s, "True")) {
        *out = true;
        return true;
    }
    if (!strcmp(s, "false") || !strcmp(s, "0") || !strcmp(s, "FALSE") || !strcmp(s, "False")) {
        *out = false;
        return true;
    }
    return false;
}

/* returns -1 to continue, else an exit status */
static int parse_args(int argc, char **argv, Cli *c)
{
    bool only_pos = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        OptWord w;
        if (only_pos || !opt_word(a, &w)) {
            if (c->input)
                return usage_error("too many input files: '%s' (one file or '-')", a);
            c->input = a;
            continue;
        }
        if (!strcmp(a, "--")) {
            only_pos = true;
            continue;
        }
        const Opt *o = NULL;
        for (size_t k = 0; k < ARRAY_LEN(opts); k++)
            if (opt_word_is(&w, opts[k].name))
                o = &opts[k];
        if (!o && opt_word_is(&w, "h"))
            o = &opts[0];
        if (!o) {
            eprintf("%s: unknown command line argument '%s'; try '%s --help'\n", util_progname, a,
                    util_progname);
            char key[64];
            snprintf(key, sizeof key, "%.*s", (int)(w.len < 63 ? w.len : 63), w.name);
            const Opt *best = NULL;
            unsigned bd = 3;
            for (size_t k = 0; k < ARRAY_LEN(opts); k++) {
                unsigned d = edit_distance(key, opts[k].name);
                if (d < bd) { bd = d; best = &opts[k]; }
            }
            if (best)
                eprintf("%s: did you mean '-%s'?\n", util_progname, best->name);
            return 1;
        }
        const char *val = w.value;
        if (o->kind == K_FLAG && val) {
            eprintf("%s: option '-%.*s' takes no value ('%s')\n", util_progname, (int)w.len, w.name, a);
            return 1;
        }
        if (o->kind != K_BOOL && o->kind != K_FLAG && !val) {
            if (i + 1 >= argc)
                return usage_error("option '%s' requires a value", a);
            val = argv[++i];
        }
        c->set[o->id] = true;
        c->pos[o->id] = i;
        if (o->kind == K_BOOL) {
            bool b = true;
            if (val && !parse_bool(val, &b))
                return usage_error("'%s': expected true or false", a);
            c->val[o->id] = b;
        }
        int u = 0;
        char oname[64], err[256];
        snprintf(oname, sizeof oname, "-%s", o->name);
        if (o->kind == K_UINT && !opt_parse_int(oname, val, o->r, &u, err, sizeof err)) {
            eprintf("%s: %s\n", util_progname, err);
            return 1;
        }
        switch (o->id) {
        case O_HELP: case O_HELP_HIDDEN: case O_HELP_LIST: case O_HELP_LIST_HIDDEN: usage(stdout); return 0;
        case O_VERSION: printf("uarch mca 0.1 (llvm-mca 19 compatible command line, views and json)\n"); return 0;
        case O_INERT:
            eprintf("%s: note: '%s' changes nothing here: %s\n", util_progname, a, o->why);
            break;
        case O_IMM_HEX: c->view.print_imm_hex = c->val[o->id]; break;
        case O_ASM_VARIANT: c->asm_variant = u; break;
        case O_SHOW_BARRIERS: c->view.show_barriers = c->val[o->id]; break;
        case O_INST_TABLES: c->view.instruction_tables = c->val[o->id]; break;
        case O_CALL_LAT: c->sim.call_latency = u > 0 ? u : 1; break;   /* (nothing completes in 0 cycles) */
        case O_DEC_TP: c->sim.decoder_throughput = u; break;
        case O_UOPQ: c->sim.micro_op_queue_size = u; break;
        case O_MTRIPLE: c->triple = val; break;
        case O_MARCH: c->march = *val ? val : NULL; break;   /* (llvm: -march= is the triple's) */
        case O_MCPU: c->mcpu = val; break;
        case O_MATTR:
            if (c->nmattr == (int)ARRAY_LEN(c->mattr))
                return usage_error("too many -mattr options (8 at most): '%s'", val);
            c->mattr[c->nmattr++] = val;
            break;
        case O_ITER: c->sim.iterations = u; break;
        case O_OUT: c->output = val; break;
        case O_JSON: c->json = c->val[o->id]; break;
        case O_TL_ITER: c->view.timeline_max_iterations = u; break;
        case O_TL_CYC: c->view.timeline_max_cycles = u; break;
        case O_DISPATCH: c->sim.dispatch_width = u; break;
        case O_NOALIAS: c->sim.noalias = c->val[o->id]; break;
        case O_REGFILE_SIZE: c->sim.register_file_size = u; break;
        case O_LQUEUE: c->sim.lqueue = u; break;
        case O_SQUEUE: c->sim.squeue = u; break;
        case O_THREADS: c->threads = u < 0 ? 0 : u; break;   /* (llvm: an int; pool.c caps it) */
        case O_SHOW_ENC: c->view.show_encoding = c->val[o->id]; break;
        case O_FRONTEND:
            if (!strcmp(val, "model")) c->sim.no_frontend = false;
            else if (!strcmp(val, "none")) c->sim.no_frontend = true;
            else return usage_error("invalid value '%s' for -frontend: expected model or none", val);
            break;
        case O_DIVIDER:
            if (!strcmp(val, "fast")) c->sim.divider = MCA_DIV_FAST;
            else if (!strcmp(val, "medium")) c->sim.divider = MCA_DIV_MEDIUM;
            else if (!strcmp(val, "slow")) c->sim.divider = MCA_DIV_SLOW;
            else return usage_error("invalid value '%s' for -divider: expected fast, medium or slow", val);
            break;
        case O_SKIP:
            if (!strcmp(val, "none")) c->skip = MCA_SKIP_NONE;
            else if (!strcmp(val, "lack-sched")) c->skip = MCA_SKIP_LACK_SCHED;
            else if (!strcmp(val, "parse-failure")) c->skip = MCA_SKIP_PARSE;
            else if (!strcmp(val, "any")) c->skip = MCA_SKIP_ANY;
            else return usage_error("invalid value '%s' for -skip-unsupported-instructions: "
                                    "expected none, lack-sched, parse-failure or any", val);
            break;
        default: break;   /* view booleans: resolved after parsing */
        }
    }
    return -1;
}

/* llvm-mca's processViewOptions: -all-views sets the views, and the later of -all-views and
 * -all-stats sets the statistics, except those given explicitly after it */
static void resolve_views(Cli *c)
{
    McaViewOptions *v = &c->view;
    struct { OptId id; bool *field; bool stat; } map[] = {
        {O_SUMMARY, &v->summary, false}, {O_INST_INFO, &v->instruction_info, false},
        {O_RES_PRESSURE, &v->resource_pressure, false}, {O_TIMELINE, &v->timeline, false},
        {O_BOTTLENECK, &v->bottleneck, false}, {O_FUSION, &v->fusion, false},
        {O_DISPATCH_STATS, &v->dispatch_stats, true}, {O_SCHED_STATS, &v->scheduler_stats, true},
        {O_RETIRE_STATS, &v->retire_stats, true}, {O_REGFILE_STATS, &v->register_file_stats, true},
        {O_COUNTERS, &v->counters, true},
    };
    OptId stats_default = O_ALL_STATS;
    if (c->set[O_ALL_VIEWS] && (!c->set[O_ALL_STATS] || c->pos[O_ALL_VIEWS] > c->pos[O_ALL_STATS]))
        stats_default = O_ALL_VIEWS;
    for (size_t k = 0; k < ARRAY_LEN(map); k++) {
        OptId id = map[k].id, d = map[k].stat ? stats_default : O_ALL_VIEWS;
        if (c->set[id])
            *map[k].field = c->val[id];
        if (c->set[d] && (!c->set[id] || c->pos[id] < c->pos[d]))
            *map[k].field = c->val[d];
    }
    if (v->instruction_tables) {   /* llvm-mca: the instruction info (as asked) and the resource pressure */
        bool info = v->instruction_info;
        McaViewOptions t = *v;
        t.summary = t.timeline = t.bottleneck = t.fusion = t.counters = false;
        t.dispatch_stats = t.scheduler_stats = t.retire_stats = t.register_file_stats = false;
        t.instruction_info = info;
        t.resource_pressure = true;
        *v = t;
        c->sim.instruction_tables = true;
    }
    c->sim.want_timeline = v->timeline;
    c->sim.want_bottleneck = v->bottleneck;
    c->sim.timeline_max_iterations = v->timeline_max_iterations > 0 ? v->timeline_max_iterations : 10;
    c->sim.timeline_max_cycles = v->timeline_max_cycles;
}

/* -mattr=help: as llvm-mca, the lists on stderr, then the run */
static void mattr_help(FILE *f)
{
    model_list(f);
    fputc('\n', f);
    a64_feature_list(f);
}

static bool triple_ok(const char *t)
{
    return str_starts(t, "aarch64") || str_starts(t, "arm64");
}

int cmd_mca(int argc, char **argv)
{
    if (!strcmp(util_progname, "uarch"))
        util_progname = "uarch mca";
    Cli c;
    memset(&c, 0, sizeof c);
    mca_view_options_default(&c.view);
    c.sim.noalias = true;
    c.sim.iterations = 100;
    c.asm_variant = -1;
    char err[512];
    if (!opt_expand_response_files(&argc, &argv, err, sizeof err)) {
        eprintf("%s: error: %s\n", util_progname, err);
        opt_response_free();
        return 1;
    }
    int rc = parse_args(argc, argv, &c);
    if (rc >= 0) {
        opt_response_free();
        return rc;
    }
    resolve_views(&c);
    if (c.sim.iterations == 0)
        c.sim.iterations = 100;
    if (c.set[O_DEC_TP] && c.sim.micro_op_queue_size == 0)
        eprintf("%s: note: '-decoder-throughput' changes nothing without -micro-op-queue-size "
                        "(as in llvm-mca: the limit is the queue's)\n", util_progname);

    if (c.mcpu && !strcmp(c.mcpu, "help")) {
        model_list(stdout);
        return 0;
    }
    const char *triple = c.triple ? c.triple : "aarch64";
    if (!triple_ok(triple))
        return usage_error("unsupported target triple '%s': uarch mca models AArch64 only "
                           "(-mtriple=aarch64* or arm64*)", triple);
    if (c.asm_variant > 1) {     /* (llvm-mca's message: AArch64 has variants 0 and 1) */
        eprintf("%s: error: unable to create instruction printer for target triple '%s' with "
                "assembly variant %d (0: generic, 1: Apple)\n", util_progname, triple, c.asm_variant);
        return 1;
    }
    if (c.march && !triple_ok(c.march))
        return usage_error("unsupported architecture '%s': uarch mca models AArch64 only "
                           "(-march=aarch64 or arm64)", c.march);
    if (c.output && !*c.output) {   /* (llvm-mca writes to stdout: more likely an empty variable than a wish) */
        eprintf("%s: error: -o: the file name is empty (stdout is '-o -', or no -o)\n", util_progname);
        opt_response_free();
        return 1;
    }
    if (c.output && c.input && out_same_file(c.input, c.output)) {   /* (llvm-mca replaces it) */
        eprintf("%s: error: output file '%s' is the input file '%s': the report would replace it\n",
                util_progname, c.output, c.input);
        opt_response_free();
        return 1;
    }
    int how = MODEL_CPU_EXACT;
    const ModelCpu *cpu = c.mcpu ? model_for_mcpu(c.mcpu, &how) : model_default();
    if (!cpu) {
        eprintf("%s: error: unknown cpu '%s'; the models are:\n", util_progname, c.mcpu);
        model_list(stderr);
        return 1;
    }
    if (how == MODEL_CPU_DEFAULT)
        eprintf("%s: note: -mcpu=%s: using the default model '%s'\n", util_progname, c.mcpu, model_name(cpu));
    else if (how == MODEL_CPU_STANDIN)
        eprintf("%s: warning: -mcpu=%s: no model of that core; the Apple M1 model '%s' stands in\n",
                util_progname, c.mcpu, model_name(cpu));

    /* the features that set the CPU apart from the M1 (src/a64/features.tsv): the CPU's, then
     * -mattr's; an Apple core llvm 19 does not know (a stand-in model) takes the newest set */
    A64Features features = a64_features_for(c.mcpu, how == MODEL_CPU_STANDIN, c.mattr, c.nmattr, stderr,
                                            mattr_help);

    McaRunOptions ro = {.input = c.input, .output = c.output, .mcpu = c.mcpu, .triple = triple,
                        .json = c.json, .skip = (McaSkip)c.skip, .threads = c.threads, .sim = c.sim,
                        .view = c.view};
    bool tok;
    ro.parse.features = features;
    ro.parse.dialect = (int)asm_dialect_of(triple, &tok);   /* ';' is a comment on Darwin */
    /* the instruction text in the triple's syntax (llvm: the assembler dialect of its MCAsmInfo) */
    ro.view.print_apple = c.asm_variant == 1 || (c.asm_variant < 0 && ro.parse.dialect == ASM_DARWIN);
    rc = mca_run(cpu, &ro);
    opt_response_free();
    return rc;
}

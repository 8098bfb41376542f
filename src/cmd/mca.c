/* mca.c — `uarch mca [options] [file.s|-]`: static analysis with llvm-mca's command line, text
 * views and JSON (also reached as `uarch-mca`, see src/main.c).
 *
 *   options ─► pass 1: a64_parse every chunk of the input (errors: file:line:col, caret, exit 1,
 *              nothing on stdout; warnings once per nearest form, once for branches); the
 *              regions of the first chunks are already simulated on the worker threads meanwhile
 *           ─► pass 2: per chunk, per region: mca_simulate ─► views into a Buf ─► the output
 *
 * Options are llvm-mca's spelling: -x and --x, -x=value or -x value, booleans as -x=false.
 * -all-views / -all-stats set the views not given explicitly after them (llvm-mca's
 * processViewOptions).  The input is read in chunks cut between regions and one region is
 * simulated at a time, so memory does not grow with the number of regions.  -o writes a temp
 * file in the target's directory and renames it when everything succeeded.
 */
#include "cmd/cmd.h"
#include "a64/a64.h"
#include "mca/mca.h"
#include "mca/views.h"
#include "model/model.h"
#include "util/util.h"

#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <errno.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

typedef enum OptId {
    O_HELP, O_VERSION, O_MTRIPLE, O_MARCH, O_MCPU, O_MATTR, O_ITER, O_OUT, O_JSON,
    O_TIMELINE, O_TL_ITER, O_TL_CYC, O_BOTTLENECK, O_ALL_STATS, O_ALL_VIEWS, O_DISPATCH_STATS,
    O_SCHED_STATS, O_RETIRE_STATS, O_REGFILE_STATS, O_INST_INFO, O_RES_PRESSURE, O_SUMMARY,
    O_DISPATCH, O_NOALIAS, O_SKIP, O_REGFILE_SIZE, O_LQUEUE, O_SQUEUE, O_COUNTERS,
    O_FUSION, O_THREADS, O_DIVIDER, O_NOPTS
} OptId;

typedef enum OptKind { K_BOOL, K_UINT, K_STR } OptKind;

typedef struct Opt {
    const char *name;
    OptId id;
    OptKind kind;
    const char *meta;
    const char *help;
} Opt;

static const Opt opts[] = {
    {"help", O_HELP, K_BOOL, NULL, "display the available options"},
    {"version", O_VERSION, K_BOOL, NULL, "display the version of this program"},
    {"mtriple", O_MTRIPLE, K_STR, "<string>", "target triple: aarch64*, arm64* (default aarch64)"},
    {"march", O_MARCH, K_STR, "<string>", "target architecture: aarch64, arm64"},
    {"mcpu", O_MCPU, K_STR, "<cpu-name>", "CPU model (default firestorm; -mcpu=help lists them)"},
    {"mattr", O_MATTR, K_STR, "<a1,+a2,...>", "accepted for compatibility and ignored (a warning): the model fixes the features"},
    {"iterations", O_ITER, K_UINT, "<uint>", "number of iterations to run (default 100)"},
    {"o", O_OUT, K_STR, "<filename>", "output filename (written atomically)"},
    {"json", O_JSON, K_BOOL, NULL, "print the output in json format"},
    {"timeline", O_TIMELINE, K_BOOL, NULL, "print the timeline view"},
    {"timeline-max-iterations", O_TL_ITER, K_UINT, "<uint>", "maximum number of iterations to print in timeline view (default 10)"},
    {"timeline-max-cycles", O_TL_CYC, K_UINT, "<uint>", "maximum number of cycles in the timeline view, or 0 for unlimited (default 80)"},
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
    {"dispatch", O_DISPATCH, K_UINT, "<uint>", "override the processor dispatch width"},
    {"noalias", O_NOALIAS, K_BOOL, NULL, "if set, assume that loads and stores do not alias (default true)"},
    {"skip-unsupported-instructions", O_SKIP, K_STR, "<value>", "none (default: nearest form), lack-sched, parse-failure, any"},
    {"register-file-size", O_REGFILE_SIZE, K_UINT, "<uint>", "maximum number of physical registers for register mappings"},
    {"lqueue", O_LQUEUE, K_UINT, "<uint>", "size of the load queue"},
    {"squeue", O_SQUEUE, K_UINT, "<uint>", "size of the store queue"},
    {"counters", O_COUNTERS, K_BOOL, NULL, "print the simulated M1 PMU counters (ours; part of -all-stats)"},
    {"fusion-info", O_FUSION, K_BOOL, NULL, "print the fusions and eliminations that happened (ours)"},
    {"divider", O_DIVIDER, K_STR, "<case>", "operand case of integer division: fast (default), medium, slow (ours; see below)"},
    {"threads", O_THREADS, K_UINT, "<uint>", "simulate regions on this many threads (ours; default 0: one per online CPU); same output"},
};

enum { SKIP_NONE, SKIP_LACK_SCHED, SKIP_PARSE, SKIP_ANY };

typedef struct Cli {
    const char *input;
    const char *output;
    const char *triple, *march, *mcpu;
    bool json;
    int skip;
    int threads;                  /* 0: one per online CPU */
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
        fprintf(f, "  %-40s - %s\n", left, opts[i].help);
    }
    fprintf(f, "\nViews in llvm-mca's order: summary, bottleneck analysis, instruction info, dispatch,\n"
               "scheduler, retire and register-file stats, resource pressure, timeline.  Ours follow,\n"
               "so llvm-mca's layout is unchanged: the binding limit (-bottleneck-analysis), fusions and\n"
               "eliminations (-fusion-info, -all-views) and the simulated PMU counters (-counters,\n"
               "-all-stats, -all-views; always in -json as \"SimulatedCounters\").\n"
               "Code regions: # LLVM-MCA-BEGIN [name] ... # LLVM-MCA-END [name] (named, nested, overlapping).\n"
               "Instructions without a measured form use their documented nearest form (a warning per\n"
               "form); branches are not followed (a warning).\n"
               "Integer division (sdiv, udiv) takes longer for larger quotients; the model takes the\n"
               "fast case measured (Firestorm 7 cycles, Icestorm 7), -divider=medium or slow the\n"
               "others (64-bit: Firestorm 8 / 9, Icestorm 13 / 21; 32-bit slow: 8 / 13; 32-bit\n"
               "has no medium case and keeps the fast one).\n");
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
    fprintf(stderr, "%s: ", util_progname);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return 2;
}

static bool parse_uint(const char *s, int *out)
{
    if (!*s)
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || errno || v < 0 || v > 1000000000L)
        return false;
    *out = (int)v;
    return true;
}

static bool parse_bool(const char *s, bool *out)
{
    if (!strcmp(s, "true") || !strcmp(s, "1") || !strcmp(s, "TRUE") || !strcmp(s, "True")) {
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
        if (only_pos || a[0] != '-' || !strcmp(a, "-")) {
            if (c->input)
                return usage_error("too many input files: '%s' (one file or '-')", a);
            c->input = a;
            continue;
        }
        if (!strcmp(a, "--")) {
            only_pos = true;
            continue;
        }
        const char *name = a + (a[1] == '-' ? 2 : 1);
        const char *eq = strchr(name, '=');
        size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
        const Opt *o = NULL;
        for (size_t k = 0; k < ARRAY_LEN(opts); k++)
            if (strlen(opts[k].name) == nlen && !strncmp(opts[k].name, name, nlen))
                o = &opts[k];
        if (!o && !strcmp(name, "h"))
            o = &opts[0];
        if (!o) {
            fprintf(stderr, "%s: unknown command line argument '%s'; try '%s --help'\n", util_progname, a,
                    util_progname);
            char key[64];
            snprintf(key, sizeof key, "%.*s", (int)(nlen < 63 ? nlen : 63), name);
            const Opt *best = NULL;
            unsigned bd = 3;
            for (size_t k = 0; k < ARRAY_LEN(opts); k++) {
                unsigned d = edit_distance(key, opts[k].name);
                if (d < bd) { bd = d; best = &opts[k]; }
            }
            if (best)
                fprintf(stderr, "%s: did you mean '-%s'?\n", util_progname, best->name);
            return 2;
        }
        const char *val = eq ? eq + 1 : NULL;
        if (o->kind != K_BOOL && !val) {
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
        if (o->kind == K_UINT && !parse_uint(val, &u)) {
            fprintf(stderr, "%s: invalid value '%s' for option '-%s': expected a non-negative integer\n",
                    util_progname, val, o->name);
            return 2;
        }
        switch (o->id) {
        case O_HELP: usage(stdout); return 0;
        case O_VERSION: printf("uarch mca 0.1 (llvm-mca 14 compatible command line, views and json)\n"); return 0;
        case O_MTRIPLE: c->triple = val; break;
        case O_MARCH: c->march = val; break;
        case O_MCPU: c->mcpu = val; break;
        case O_MATTR:
            fprintf(stderr, "%s: warning: '-mattr=%s' ignored: the CPU model fixes the features\n", util_progname, val);
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
        case O_THREADS: c->threads = u; break;
        case O_DIVIDER:
            if (!strcmp(val, "fast")) c->sim.divider = MCA_DIV_FAST;
            else if (!strcmp(val, "medium")) c->sim.divider = MCA_DIV_MEDIUM;
            else if (!strcmp(val, "slow")) c->sim.divider = MCA_DIV_SLOW;
            else return usage_error("invalid value '%s' for -divider: expected fast, medium or slow", val);
            break;
        case O_SKIP:
            if (!strcmp(val, "none")) c->skip = SKIP_NONE;
            else if (!strcmp(val, "lack-sched")) c->skip = SKIP_LACK_SCHED;
            else if (!strcmp(val, "parse-failure")) c->skip = SKIP_PARSE;
            else if (!strcmp(val, "any")) c->skip = SKIP_ANY;
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
    c->sim.want_timeline = v->timeline;
    c->sim.want_bottleneck = v->bottleneck;
    c->sim.timeline_max_iterations = v->timeline_max_iterations > 0 ? v->timeline_max_iterations : 10;
    c->sim.timeline_max_cycles = v->timeline_max_cycles;
}

static bool triple_ok(const char *t)
{
    return str_starts(t, "aarch64") || str_starts(t, "arm64");
}

/* ---- output: stdout, or a temp file renamed over -o at the end ---- */
typedef struct Out {
    FILE *f;
    const char *path;
    char *tmp;
} Out;

static bool out_open(Out *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (!path || !strcmp(path, "-")) {
        o->f = stdout;
        return true;
    }
    o->path = path;
    /* a device, a pipe or a symbolic link (e.g. -o /dev/null) is written in place: replacing
     * it with a renamed file would destroy it.  A regular file (or a new one) is written to a
     * temporary file renamed over it at the end, so it is never half-written. */
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (!(o->f = fopen(path, "w"))) {
            fprintf(stderr, "%s: error: cannot write '%s': %s\n", util_progname, path, strerror(errno));
            return false;
        }
        return true;
    }
    size_t n = strlen(path);
    o->tmp = xmalloc(n + 16);
    snprintf(o->tmp, n + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd >= 0) {              /* mkstemp makes 0600: give the file the usual 0666 & ~umask */
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(fd, 0666 & ~mask) != 0)
            warn("cannot set the mode of '%s': %s", path, strerror(errno));
    }
    if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
        fprintf(stderr, "%s: error: cannot write '%s': %s\n", util_progname, path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        free(o->tmp);
        return false;
    }
    return true;
}

/* a file or a pipe takes the report in large writes (stdio's default buffer would make one
 * system call per 4 KiB of it); a terminal keeps its line buffering */
static void out_buffer(Out *o)
{
    static char buf[1 << 20];   /* (static: stdout may use it until exit) */
    if (!isatty(fileno(o->f)))
        setvbuf(o->f, buf, _IOFBF, sizeof buf);
}

static void out_write(Out *o, Buf *b)
{
    if (b->len)
        fwrite(b->data, 1, b->len, o->f);
    buf_reset(b);
}

static bool out_close(Out *o, bool ok)
{
    if (o->f == stdout) {
        return fflush(stdout) == 0 && ok;
    }
    bool good = ok && !ferror(o->f);
    good = (fclose(o->f) == 0) && good;
    if (good && o->tmp && rename(o->tmp, o->path) != 0)
        good = false;
    if (!good) {
        if (ok)
            fprintf(stderr, "%s: error: cannot write '%s': %s\n", util_progname, o->path, strerror(errno));
        if (o->tmp)
            unlink(o->tmp);
    }
    free(o->tmp);
    return good;
}

typedef struct Seen {          /* warn once per key (keys copied) */
    char **keys;
    int n, cap;
} Seen;
static bool seen_add(Seen *s, const char *k)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->keys[i], k))
            return false;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        s->keys = xrealloc(s->keys, (size_t)s->cap * sizeof *s->keys);
    }
    s->keys[s->n++] = xstrdup(k);
    return true;
}

/* ---- the run: the input in chunks, parsed and analyzed one at a time ----
 * The input is read in chunks of about CHUNK_LINES lines, cut only where no code region is
 * open, so every region lies in one chunk.  Pass 1 parses every chunk (errors and warnings,
 * before any output), pass 2 re-reads and analyzes them one by one: memory does not grow with
 * the number of regions.  Pass 1 keeps chunks 0 .. NSLOT-1 (in slot[]) and queues their
 * regions at once, so the worker threads simulate them while it parses the rest (in
 * `scratch`); their outputs are only buffered until pass 1 has succeeded, and are discarded
 * if it fails or falls back to parsing the whole file at once.  The chunks after those are
 * kept parsed too while they fit in KEEP_BYTES (`kept`), so pass 2 re-reads and re-parses only
 * what lies beyond: memory stays bounded, and a file of a few MiB is parsed once.  stdin is
 * spooled to a temporary file so it can be read twice. */
enum { CHUNK_LINES = 4096 };
/* chunks kept from pass 1 (their regions run while it parses the rest): enough to keep a
 * worker busy through pass 1, which parses about four times faster than a thread simulates */
enum { NSLOT = 4 };
/* the memory for chunks kept parsed after those (texts and programs, estimated);
 * UARCH_MCA_KEEP_BYTES=N in the environment sets another (0: re-parse them all, for tests) */
#define KEEP_BYTES ((size_t)32 << 20)

typedef struct Chunk {
    long off;                     /* file offset */
    size_t len;
    int line0;                    /* lines before the chunk */
} Chunk;

/* one chunk's text, program and the instructions left out of the analysis */
typedef struct Slot {
    Buf text;
    A64Program prog;
    bool have_prog;
    bool *drop;                   /* [prog.ninsts] skipped instructions */
    int drop_cap;
} Slot;

typedef struct Run {
    const Cli *c;
    const ModelCpu *cpu;
    const char *fname;
    FILE *in;
    Slot slot[NSLOT];             /* chunk k is in slot[k % NSLOT] while its regions run; pass 2
                                     parses the next chunk while the last one runs */
    Slot scratch;                 /* pass 1: chunks NSLOT.. that are not kept */
    Slot **kept;                  /* [nchunks] pass 1: chunk k >= NSLOT kept parsed, or NULL */
    int kept_cap;
    size_t kept_bytes, keep_max;
    Slot *cur;                    /* the chunk being read, parsed */
    Chunk *chunks;
    int nchunks, cap;
    int *skipped;                 /* lines blanked by -skip-unsupported-instructions */
    int nskipped, skipcap;
    bool has_markers;             /* the file has LLVM-MCA markers: code outside regions is ignored */
    int chunk_regions;
    Seen seen;
    bool warned_branch;
    A64Inst *tmp;
    int region_index;
    Out out;
    Buf b;
    Json j;
    char *units[MODEL_MAX_UNITS];
    int nunits;
} Run;

/* +1 for an LLVM-MCA-BEGIN marker, -1 for LLVM-MCA-END, 0 otherwise; comments as the front
 * end reads them (src/a64/parse.c): `#` first on the line, `//` outside strings, or a `;`
 * piece that starts with the marker */
static int marker_at(const char *c, const char *e)
{
    while (c < e && (*c == ' ' || *c == '\t'))
        c++;
    size_t n = (size_t)(e - c);
    if (n >= 14 && !memcmp(c, "LLVM-MCA-BEGIN", 14) && (n == 14 || isspace((unsigned char)c[14])))
        return 1;
    if (n >= 12 && !memcmp(c, "LLVM-MCA-END", 12) && (n == 12 || isspace((unsigned char)c[12])))
        return -1;
    return 0;
}

static int line_marker(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    if (p < e && *p == '#')
        return marker_at(p + 1, e);
    bool quote = false;
    for (; p < e; p++) {
        if (quote) {
            if (*p == '\\' && p + 1 < e)
                p++;
            else if (*p == '"')
                quote = false;
        } else if (*p == '"') {
            quote = true;
        } else if (*p == '/' && p + 1 < e && p[1] == '/') {
            return marker_at(p + 2, e);
        } else if (*p == ';' && marker_at(p + 1, e)) {
            return marker_at(p + 1, e);
        }
    }
    return 0;
}

/* the line at p in [p, e): its end (after the newline) and *marker = line_marker of it; NULL
 * when its newline is not in [p, e).  Most lines neither start with `#` nor hold any of
 * " / ; before their newline: one pass finds their end, and they have no marker. */
static const char *scan_line(const char *p, const char *e, int *marker)
{
    const char *c = p;
    while (c < e && (*c == ' ' || *c == '\t'))
        c++;
    const char *q = c < e && *c == '#' ? c : a64_plain_end(c, e);
    if (q < e && *q == '\n') {
        *marker = 0;
        return q + 1;
    }
    const char *nl = q < e ? memchr(q, '\n', (size_t)(e - q)) : NULL;
    if (!nl)
        return NULL;
    *marker = line_marker(p, nl + 1);
    return nl + 1;
}

/* blank out line `line` (1-based, of the chunk) keeping its newline, so line numbers stay */
static void blank_line(Buf *text, int line)
{
    int l = 1;
    size_t i = 0;
    while (i < text->len && l < line)
        if (text->data[i++] == '\n')
            l++;
    for (; i < text->len && text->data[i] != '\n'; i++)
        text->data[i] = ' ';
}

/* read the next chunk (pass 1) into run->cur->text and record it; false at end of input.
 * The input is read in blocks straight into the chunk's text, split into lines there, and cut
 * after the line that ends the chunk: the file position goes back to that point (the input
 * is a regular or a temporary file) and the bytes read beyond it are dropped. */
static bool read_next_chunk(Run *run, int *depth, int *line)
{
    enum { BLOCK = 16384 };
    Buf *t = &run->cur->text;
    buf_reset(t);
    buf_reserve(t, BLOCK);
    long off = ftell(run->in);
    int lines = 0;
    size_t ls = 0;                /* the start of the next line in t */
    bool cut = false, eof = false;
    while (!cut) {
        const char *l = t->data + ls, *end = t->data + t->len;
        int m;
        const char *le = scan_line(l, end, &m);
        if (!le) {
            if (!eof) {           /* no whole line left: read on */
                buf_reserve(t, BLOCK);
                size_t n = fread(t->data + t->len, 1, BLOCK, run->in);
                t->len += n;
                t->data[t->len] = 0;
                eof = n == 0;
                continue;
            }
            if (l == end)
                break;
            le = end;             /* the last line, without its newline */
            m = line_marker(l, le);
        }
        if (m > 0)
            (*depth)++;
        else if (m < 0)
            *depth = *depth > 0 ? *depth - 1 : 0;
        lines++;
        ls = (size_t)(le - t->data);
        cut = *depth == 0 && lines >= CHUNK_LINES;
    }
    if (ls < t->len) {            /* read beyond the cut */
        t->len = ls;
        t->data[ls] = 0;
        if (fseek(run->in, off + (long)ls, SEEK_SET) != 0)
            die("cannot read '%s': %s", run->fname, strerror(errno));
    }
    if (lines == 0 && run->nchunks > 0)
        return false;
    if (run->nchunks == run->cap)
        run->chunks = xrealloc(run->chunks, (size_t)(run->cap = run->cap ? 2 * run->cap : 8) * sizeof *run->chunks);
    run->chunks[run->nchunks++] = (Chunk){off, run->cur->text.len, *line};
    *line += lines;
    return true;
}

/* does the input have region markers?  (decides, before pass 1, whether code outside regions
 * is ignored; a file without markers is one region, parsed as one chunk) */
static bool scan_markers(FILE *in)
{
    char *l = NULL;
    size_t cap = 0;
    ssize_t n;
    bool found = false;
    while (!found && (n = getline(&l, &cap, in)) > 0) {
        int m;
        found = (scan_line(l, l + n, &m) ? m : line_marker(l, l + n)) != 0;
    }
    free(l);
    if (ferror(in))
        die("cannot read the input: %s", strerror(errno));
    rewind(in);
    return found;
}

/* re-read chunk k (pass 2), with the skipped lines blanked again */
static void reread_chunk(Run *run, int k)
{
    const Chunk *ch = &run->chunks[k];
    buf_reset(&run->cur->text);
    buf_reserve(&run->cur->text, ch->len + 1);
    if (fseek(run->in, ch->off, SEEK_SET) != 0 || fread(run->cur->text.data, 1, ch->len, run->in) != ch->len)
        die("cannot re-read '%s': %s", run->fname, strerror(errno));
    run->cur->text.len = ch->len;
    run->cur->text.data[ch->len] = 0;
    for (int s = 0; s < run->nskipped; s++)
        if (run->skipped[s] > ch->line0)
            blank_line(&run->cur->text, run->skipped[s] - ch->line0);
}

static void warn_at(Run *run, int line0, const A64Inst *in, const char *fmt, const char *a, const char *b)
{
    const char *p = run->cur->text.data, *end = run->cur->text.data + run->cur->text.len;
    for (int l = 1; l < in->line - line0 && p < end; p++)
        if (*p == '\n')
            l++;
    Diag d;
    diag_set(&d, run->fname, in->line, in->col, p < end ? p : NULL, fmt, a, b);
    diag_print(stderr, &d, "warning");
}

/* parse chunk k (its text is in run->cur->text); pass 1 (`first`) prints errors and warnings */
static bool parse_chunk(Run *run, int k, bool first, bool report)
{
    const Cli *c = run->c;
    const Chunk *ch = &run->chunks[k];
    Diag err;
    for (;;) {
        memset(&run->cur->prog, 0, sizeof run->cur->prog);
        if (a64_parse(run->fname, run->cur->text.len ? run->cur->text.data : "", run->cur->text.len, &run->cur->prog, &err))
            break;
        int local = err.line;
        err.line += ch->line0;
        if (first && (c->skip == SKIP_PARSE || c->skip == SKIP_ANY) && local > 0) {
            size_t ml = strlen(err.msg);
            snprintf(err.msg + ml, sizeof err.msg - ml, "; line skipped");
            diag_print(stderr, &err, "warning");
            blank_line(&run->cur->text, local);
            if (run->nskipped == run->skipcap)
                run->skipped = xrealloc(run->skipped, (size_t)(run->skipcap = run->skipcap ? 2 * run->skipcap : 16) * sizeof *run->skipped);
            run->skipped[run->nskipped++] = err.line;
            continue;
        }
        if (report)
            diag_print(stderr, &err, "error");
        return false;
    }
    run->cur->have_prog = true;
    A64Program *prog = &run->cur->prog;
    for (int i = 0; i < prog->ninsts; i++)
        prog->insts[i].line += ch->line0;
    if (prog->ninsts + 1 > run->cur->drop_cap) {
        run->cur->drop_cap = prog->ninsts + 1;
        run->cur->drop = xrealloc(run->cur->drop, (size_t)run->cur->drop_cap * sizeof *run->cur->drop);
    }
    /* only instructions inside the regions analyzed matter (code outside markers is ignored) */
    McaRegion *regions = NULL;
    int nr = mca_regions(prog, !run->has_markers, &regions);
    memset(run->cur->drop, 1, (size_t)(prog->ninsts + 1) * sizeof *run->cur->drop);
    for (int g = 0; g < nr; g++)
        memset(run->cur->drop + regions[g].begin, 0, (size_t)(regions[g].end - regions[g].begin) * sizeof *run->cur->drop);
    for (int i = 0; i < prog->ninsts; i++) {
        if (run->cur->drop[i])
            continue;
        const A64Inst *in = &prog->insts[i];
        const char *mn = in->mnem_name ? in->mnem_name : "?";
        if (!in->form) {
            bool skip = c->skip == SKIP_LACK_SCHED || c->skip == SKIP_ANY;
            run->cur->drop[i] = skip;
            if (first && seen_add(&run->seen, mn))
                warn_at(run, ch->line0, in, skip ? "no measured form for '%s'%s; skipped (-skip-unsupported-instructions)"
                        : "no measured form for '%s'%s; simulated as a 1-uop, 1-cycle instruction", mn, "");
        } else if (first && in->approx && seen_add(&run->seen, in->form)) {
            warn_at(run, ch->line0, in, "no measured form for '%s'; using the nearest form '%s'", mn, in->form);
        }
        if (first && in->branch != A64_BR_NONE && !run->warned_branch && !run->cur->drop[i]) {
            run->warned_branch = true;
            warn_at(run, ch->line0, in, "branches are not followed: '%s' and any other branch run as "
                    "straight-line code, as in llvm-mca%s", mn, "");
        }
    }
    /* regions that will be analyzed (non-empty after dropping) */
    run->chunk_regions = 0;
    for (int g = 0; g < nr; g++)
        for (int i = regions[g].begin; i < regions[g].end; i++)
            if (!run->cur->drop[i]) {
                run->chunk_regions++;
                break;
            }
    free(regions);
    return true;
}

static void slot_release(Slot *sl)
{
    if (sl->have_prog)
        a64_program_free(&sl->prog);
    sl->have_prog = false;
}

static void slot_free(Slot *sl)
{
    slot_release(sl);
    free(sl->drop);
    sl->drop = NULL;
    sl->drop_cap = 0;
    buf_free(&sl->text);
}

/* dst takes src's chunk (what dst held is freed); src is left empty */
static void slot_move(Slot *dst, Slot *src)
{
    slot_free(dst);
    *dst = *src;
    memset(src, 0, sizeof *src);
}

/* the memory a parsed chunk holds (its text, instructions and their strings, estimated) */
static size_t slot_bytes(const Slot *sl)
{
    return sl->text.cap + (size_t)sl->prog.cap * sizeof(A64Inst) * 3 / 2 + (size_t)sl->drop_cap;
}

/* pass 1: keep the chunk in run->cur (k >= NSLOT) parsed for pass 2 if it fits in the budget */
static void keep_chunk(Run *run, int k)
{
    size_t b = slot_bytes(run->cur);
    if (run->kept_bytes + b > run->keep_max)
        return;
    if (k >= run->kept_cap) {
        int cap = run->kept_cap ? run->kept_cap : 16;
        while (cap <= k) cap *= 2;
        run->kept = xrealloc(run->kept, (size_t)cap * sizeof *run->kept);
        memset(run->kept + run->kept_cap, 0, (size_t)(cap - run->kept_cap) * sizeof *run->kept);
        run->kept_cap = cap;
    }
    run->kept[k] = xcalloc(1, sizeof **run->kept);
    slot_move(run->kept[k], run->cur);              /* the slot starts afresh */
    run->kept_bytes += b;
}

static void kept_free(Run *run)
{
    for (int k = 0; k < run->kept_cap; k++)
        if (run->kept[k]) {
            slot_free(run->kept[k]);
            free(run->kept[k]);
            run->kept[k] = NULL;
        }
    run->kept_bytes = 0;
}

static void run_free(Run *run)
{
    for (int k = 0; k < NSLOT; k++)
        slot_free(&run->slot[k]);
    slot_free(&run->scratch);
    kept_free(run);
    free(run->kept);
    for (int u = 0; u < run->nunits; u++)
        free(run->units[u]);
    for (int i = 0; i < run->seen.n; i++)
        free(run->seen.keys[i]);
    free(run->seen.keys);
    free(run->chunks);
    free(run->skipped);
    free(run->tmp);
    buf_free(&run->b);
    if (run->in && run->in != stdin)
        fclose(run->in);
}

/* ---- pass 2: regions simulated in parallel, chunks in a pipeline ----
 * Every region is a job: simulate, then render its views (or its JSON object) into the job's
 * own buffer.  While the main thread writes chunk k, the jobs of chunks k .. k+NSLOT-1 wait in
 * a shared queue (the main thread loads or parses them again as slots free up); it writes the
 * outputs in region order as they complete (running queued jobs itself while it waits), so
 * the output does not depend on the number of threads.  At most NSLOT chunks are in flight,
 * and the chunks kept parsed from pass 1 hold at most KEEP_BYTES: memory stays bounded.  The
 * workers start before pass 1, which queues the first NSLOT chunks as it parses them (see
 * cmd_mca).  Output buffers go back to the thread that allocated them, and the writer and the
 * workers wait on separate conditions, so no thread is woken for nothing. */
#define PASS2_MAX_THREADS 64   /* threads running jobs, the main thread included */

typedef struct Job {
    const Slot *slot;             /* the chunk's program and dropped instructions */
    McaRegion rg;
    int index;                    /* region number in the whole input */
    bool last;                    /* -json: the last job of its chunk keeps the unit names */
    bool done;                    /* under Pass2.mu */
    int thread;                   /* the thread that runs it (0 main, 1.. the workers) */
    Buf out;
    int nunits;
    char *units[MODEL_MAX_UNITS];
} Job;

typedef struct Pass2 Pass2;
struct Pass2 {
    Run *run;
    pthread_mutex_t mu;
    pthread_cond_t cv;            /* a job queued, or the end (the workers wait for it) */
    pthread_cond_t cv_done;       /* a job done (the writer waits for it) */
    Job **queue;                  /* jobs not started, in region order */
    int qhead, qtail, qcap;
    int busy;                     /* jobs taken from the queue and not done yet */
    bool stop;
    Json jbase;                   /* -json: the writer's state at a region (read-only here) */
    pthread_t th[PASS2_MAX_THREADS - 1];   /* the workers (the main thread runs jobs too) */
    int started;                  /* worker threads */
    Job *jobs[NSLOT];             /* chunk k's jobs (in region order) are jobs[k % NSLOT] ... */
    int nj[NSLOT];
    int nqueued;                  /* ... for the chunks k < nqueued not written yet */
    /* output buffers written already, for the next jobs: a job's output is allocated by the
     * thread that runs it and written by the main thread; freeing it there would lock the
     * worker's malloc arena against the worker at every region */
    struct Spare { Buf *b; int n, cap; } spare[PASS2_MAX_THREADS];   /* per thread: 0 main, 1.. the workers */
    struct Worker { struct Pass2 *p; int idx; } w[PASS2_MAX_THREADS - 1];
};

static void run_job(Pass2 *p, Job *job, A64Inst **tmp)
{
    Run *run = p->run;
    const Cli *c = run->c;
    const A64Program *prog = &job->slot->prog;
    const bool *drop = job->slot->drop;
    const McaRegion *rg = &job->rg;
    const A64Inst *insts = prog->insts + rg->begin;
    int n = rg->end - rg->begin, kept = 0;
    for (int i = rg->begin; i < rg->end; i++)
        kept += !drop[i];
    if (kept != n) {
        *tmp = xrealloc(*tmp, (size_t)kept * sizeof **tmp);
        int k = 0;
        for (int i = rg->begin; i < rg->end; i++)
            if (!drop[i])
                (*tmp)[k++] = prog->insts[i];
        insts = *tmp;
        n = kept;
    }
    McaResult res;
    memset(&res, 0, sizeof res);
    mca_simulate(run->cpu, insts, n, &c->sim, &res);
    const char **texts = arena_alloc(&res.arena, (size_t)n * sizeof *texts);
    for (int i = 0; i < n; i++)
        texts[i] = mca_inst_display(&insts[i], &res.arena);
    McaRegionData rd = {job->index, rg->name, rg->is_explicit, n, insts, texts, &res};
    if (c->json) {
        /* the writer's state at this point of the array: a comma unless it is the first */
        Json j = p->jbase;
        j.out = &job->out;
        j.need_comma[j.depth] = job->index > 0;
        mca_json_region(&j, &c->view, &rd);
        if (job->last) {
            job->nunits = res.nunits < MODEL_MAX_UNITS ? res.nunits : MODEL_MAX_UNITS;
            for (int u = 0; u < job->nunits; u++)
                job->units[u] = xstrdup(res.unit_names[u]);
        }
    } else {
        mca_view_report(&job->out, &c->view, &rd);
    }
    mca_result_free(&res);
}

/* take the next queued job (NULL: none now; with `wait`, sleeps until one comes or the end) */
static Job *pass2_take(Pass2 *p, bool wait, int thread)
{
    while (p->qhead == p->qtail && wait && !p->stop)
        pthread_cond_wait(&p->cv, &p->mu);
    if (p->qhead == p->qtail)
        return NULL;
    p->busy++;
    Job *job = p->queue[p->qhead++];
    struct Spare *sp = &p->spare[thread];
    if (sp->n > 0)
        job->out = sp->b[--sp->n];
    job->thread = thread;
    return job;
}

/* run a job outside the lock, then mark it done */
static void pass2_run(Pass2 *p, Job *job, A64Inst **tmp)
{
    pthread_mutex_unlock(&p->mu);
    run_job(p, job, tmp);
    pthread_mutex_lock(&p->mu);
    job->done = true;
    p->busy--;
    pthread_cond_broadcast(&p->cv_done);
}

static void *pass2_worker(void *arg)
{
    struct Worker *w = arg;
    Pass2 *p = w->p;
    A64Inst *tmp = NULL;
    pthread_mutex_lock(&p->mu);
    for (Job *job; (job = pass2_take(p, true, w->idx));)
        pass2_run(p, job, &tmp);
    pthread_mutex_unlock(&p->mu);
    free(tmp);
    mca_sim_release();
    mca_views_release();
    return NULL;
}

static int thread_count(const Cli *c)
{
    if (c->threads > 0)
        return c->threads > PASS2_MAX_THREADS ? PASS2_MAX_THREADS : c->threads;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > PASS2_MAX_THREADS ? PASS2_MAX_THREADS : (int)n;
}

/* the queue and the worker threads, idle until jobs come (run->j is the writer at the first
 * region: -json's beginning is written into run->b already) */
static void pass2_start(Pass2 *p, Run *run)
{
    memset(p, 0, sizeof *p);
    p->run = run;
    p->jbase = run->j;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    pthread_cond_init(&p->cv_done, NULL);
    int nt = thread_count(run->c);
    for (int t = 1; t < nt; t++) {
        p->w[p->started] = (struct Worker){p, p->started + 1};
        if (pthread_create(&p->th[p->started], NULL, pass2_worker, &p->w[p->started]) == 0)
            p->started++;
    }
}

/* queue the jobs of chunk k (== p->nqueued), parsed into `sl`, as p->jobs[k % NSLOT] */
static void queue_chunk(Pass2 *p, Slot *sl, int k)
{
    Run *run = p->run;
    McaRegion *regions = NULL;
    int nr = mca_regions(&sl->prog, !run->has_markers, &regions);
    Job *js = xcalloc((size_t)(nr > 0 ? nr : 1), sizeof *js);
    int nj = 0;
    for (int g = 0; g < nr; g++) {
        bool any = false;
        for (int i = regions[g].begin; i < regions[g].end && !any; i++)
            any = !sl->drop[i];
        if (any)
            js[nj++] = (Job){.slot = sl, .rg = regions[g], .index = run->region_index++};
    }
    free(regions);   /* region names point into the program, not into this array */
    if (nj > 0)
        js[nj - 1].last = true;
    pthread_mutex_lock(&p->mu);
    if (p->qtail + nj > p->qcap) {
        int live = p->qtail - p->qhead;
        if (live > 0)
            memmove(p->queue, p->queue + p->qhead, (size_t)live * sizeof *p->queue);
        p->qhead = 0;
        p->qtail = live;
        if (live + nj > p->qcap) {
            p->qcap = live + nj;
            p->queue = xrealloc(p->queue, (size_t)p->qcap * sizeof *p->queue);
        }
    }
    for (int i = 0; i < nj; i++)
        p->queue[p->qtail++] = &js[i];
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    p->jobs[k % NSLOT] = js;
    p->nj[k % NSLOT] = nj;
    p->nqueued = k + 1;
}

static void free_jobs(Job *jobs, int nj)
{
    for (int i = 0; i < nj; i++) {
        buf_free(&jobs[i].out);
        for (int u = 0; u < jobs[i].nunits; u++)
            free(jobs[i].units[u]);
    }
    free(jobs);
}

/* forget the queued chunks (pass 1 failed, or parses the whole file instead): the jobs not
 * started are dropped, the running ones waited for, all outputs freed */
static void pass2_discard(Pass2 *p)
{
    pthread_mutex_lock(&p->mu);
    p->qhead = p->qtail = 0;
    while (p->busy > 0)
        pthread_cond_wait(&p->cv_done, &p->mu);
    pthread_mutex_unlock(&p->mu);
    for (int a = 0; a < NSLOT; a++) {
        free_jobs(p->jobs[a], p->nj[a]);
        p->jobs[a] = NULL;
        p->nj[a] = 0;
    }
    p->nqueued = 0;
    p->run->region_index = 0;
}

/* discard what is left, stop and join the workers */
static void pass2_end(Pass2 *p)
{
    pass2_discard(p);
    pthread_mutex_lock(&p->mu);
    p->stop = true;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (int t = 0; t < p->started; t++)
        pthread_join(p->th[t], NULL);
    free(p->queue);
    for (int t = 0; t <= p->started; t++) {
        for (int k = 0; k < p->spare[t].n; k++)
            buf_free(&p->spare[t].b[k]);
        free(p->spare[t].b);
    }
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    pthread_cond_destroy(&p->cv_done);
}

/* write the jobs of a chunk in order, each once it is done (running queued jobs meanwhile) */
static void write_chunk(Pass2 *p, Job *jobs, int nj)
{
    Run *run = p->run;
    out_write(&run->out, &run->b);   /* what the writer has before the regions (-json) */
    for (int k = 0; k < nj; k++) {
        Job *job = &jobs[k];
        pthread_mutex_lock(&p->mu);
        while (!job->done) {
            Job *other = pass2_take(p, false, 0);
            if (other)
                pass2_run(p, other, &run->tmp);
            else
                pthread_cond_wait(&p->cv_done, &p->mu);
        }
        pthread_mutex_unlock(&p->mu);
        if (run->c->json && job->out.len > 0)
            run->j.need_comma[run->j.depth] = true;
        out_write(&run->out, &job->out);
        pthread_mutex_lock(&p->mu);
        struct Spare *sp = &p->spare[job->thread];   /* (back to the thread that allocated it) */
        if (sp->n == sp->cap) {
            sp->cap = sp->cap * 2 + 16;
            sp->b = xrealloc(sp->b, (size_t)sp->cap * sizeof *sp->b);
        }
        sp->b[sp->n++] = job->out;
        pthread_mutex_unlock(&p->mu);
        buf_init(&job->out);
        if (job->nunits > 0) {
            for (int u = 0; u < run->nunits; u++)
                free(run->units[u]);
            run->nunits = job->nunits;
            memcpy(run->units, job->units, sizeof job->units);
            job->nunits = 0;
        }
    }
}

/* chunk k of the input into `sl`, parsed (pass 2: the chunks parsed once already): kept from
 * pass 1, or read and parsed again */
static void load_chunk(Run *run, Slot *sl, int k)
{
    run->cur = sl;
    if (k < run->kept_cap && run->kept[k]) {
        slot_move(sl, run->kept[k]);
        free(run->kept[k]);
        run->kept[k] = NULL;
        return;
    }
    slot_release(sl);
    reread_chunk(run, k);
    if (!parse_chunk(run, k, false, false))
        bug("chunk %d of '%s' parsed once but not twice", k, run->fname);
}

/* after pass 1: chunks 0 .. NSLOT-1 are queued already (a whole-file chunk 0 is in slot[0]);
 * then, while chunk k is written, chunks up to k + NSLOT - 1 are queued (loaded, or parsed
 * again), so a worker never runs out of jobs while the writer waits for one */
static void pass2(Pass2 *p)
{
    Run *run = p->run;
    if (p->nqueued == 0)
        queue_chunk(p, &run->slot[0], 0);
    for (int k = 0; k < run->nchunks; k++) {
        int a = k % NSLOT;
        while (p->nqueued < run->nchunks && p->nqueued < k + NSLOT) {
            int b = p->nqueued % NSLOT;   /* (free: chunk nqueued - NSLOT has been written) */
            load_chunk(run, &run->slot[b], p->nqueued);
            queue_chunk(p, &run->slot[b], p->nqueued);
        }
        write_chunk(p, p->jobs[a], p->nj[a]);
        free_jobs(p->jobs[a], p->nj[a]);
        p->jobs[a] = NULL;
        p->nj[a] = 0;
        slot_release(&run->slot[a]);
    }
}

/* glibc's malloc gives blocks above its mmap threshold fresh pages from the kernel on every
 * allocation and returns free memory at the top of a heap at once: the per-chunk and
 * per-region buffers, allocated and freed thousands of times, then cost a page fault per page
 * each time.  Memory stays bounded by the live allocations (the chunks in flight). */
static void malloc_tune(void)
{
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_TOP_PAD, 4 << 20);
#endif
}

int cmd_mca(int argc, char **argv)
{
    malloc_tune();
    if (!strcmp(util_progname, "uarch"))
        util_progname = "uarch mca";
    Cli c;
    memset(&c, 0, sizeof c);
    mca_view_options_default(&c.view);
    c.sim.noalias = true;
    c.sim.iterations = 100;
    int rc = parse_args(argc, argv, &c);
    if (rc >= 0)
        return rc;
    resolve_views(&c);
    if (c.sim.iterations == 0)
        c.sim.iterations = 100;

    if (c.mcpu && !strcmp(c.mcpu, "help")) {
        model_list(stdout);
        return 0;
    }
    const char *triple = c.triple ? c.triple : "aarch64";
    if (!triple_ok(triple))
        return usage_error("unsupported target triple '%s': uarch mca models AArch64 only "
                           "(-mtriple=aarch64* or arm64*)", triple);
    if (c.march && !triple_ok(c.march))
        return usage_error("unsupported architecture '%s': uarch mca models AArch64 only "
                           "(-march=aarch64 or arm64)", c.march);
    const ModelCpu *cpu = c.mcpu ? model_find(c.mcpu) : model_default();
    if (!cpu) {
        fprintf(stderr, "%s: unknown cpu '%s'; -mcpu=help lists the models:\n", util_progname, c.mcpu);
        model_list(stderr);
        return 2;
    }

    /* the input: a file, or stdin spooled to a temporary file */
    const char *path = c.input ? c.input : "-";
    const char *fname = strcmp(path, "-") ? path : "<stdin>";
    Run run = {.c = &c, .cpu = cpu, .fname = fname, .keep_max = KEEP_BYTES};
    const char *kb = getenv("UARCH_MCA_KEEP_BYTES");
    if (kb && *kb)
        run.keep_max = (size_t)strtoull(kb, NULL, 10);
    run.cur = &run.slot[0];
    FILE *src = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    struct stat st;
    if (src && fstat(fileno(src), &st) == 0 && S_ISDIR(st.st_mode)) {
        if (src != stdin)
            fclose(src);
        src = NULL;
        errno = EISDIR;
    }
    if (src && S_ISREG(st.st_mode) && fseek(src, 0, SEEK_SET) == 0) {
        run.in = src;
    } else if (src && (run.in = tmpfile())) {     /* stdin, a pipe: spooled, it is read twice */
        char blk[65536];
        size_t n;
        while ((n = fread(blk, 1, sizeof blk, src)) > 0)
            if (fwrite(blk, 1, n, run.in) != n)
                break;
        if (ferror(src) || fflush(run.in) != 0 || fseek(run.in, 0, SEEK_SET) != 0) {
            fclose(run.in);
            run.in = NULL;
        }
    }
    if (src && src != stdin && src != run.in)
        fclose(src);
    if (!run.in) {
        fprintf(stderr, "%s: error: cannot read '%s': %s\n", util_progname, fname, strerror(errno));
        return 1;
    }

    /* the worker threads start now: pass 1 queues the first NSLOT chunks as soon as they
     * parse, and their jobs are simulated while it parses the rest (outputs wait in memory) */
    json_init(&run.j, &run.b, true);
    if (c.json)
        mca_json_begin(&run.j);
    Pass2 p2;
    pass2_start(&p2, &run);

    /* pass 1: every chunk parsed once; errors and warnings before any output.  Chunks are a
     * memory bound only: a file without markers is one region, and a chunk that fails (e.g. a
     * numeric label defined in the next chunk) is decided by parsing the whole file at once. */
    long long nregions = 0;
    int depth = 0, line = 0;
    run.has_markers = scan_markers(run.in);
    bool whole = false;
    while (!whole && run.has_markers && read_next_chunk(&run, &depth, &line)) {
        int k = run.nchunks - 1;
        slot_release(run.cur);
        if (!parse_chunk(&run, k, true, false)) {
            whole = true;
        } else {
            nregions += run.chunk_regions;
            if (k < NSLOT) {      /* kept for pass 2, its regions simulated from now on */
                queue_chunk(&p2, run.cur, k);
                run.cur = k + 1 < NSLOT ? &run.slot[k + 1] : &run.scratch;
            } else {
                keep_chunk(&run, k);
            }
        }
    }
    slot_free(&run.scratch);
    if (whole || !run.has_markers) {
        pass2_discard(&p2);           /* the chunks' regions are not necessarily the file's */
        kept_free(&run);
        for (int k = 0; k < NSLOT; k++)
            slot_release(&run.slot[k]);
        run.cur = &run.slot[0];
        if (fseek(run.in, 0, SEEK_END) != 0) {
            fprintf(stderr, "%s: error: cannot read '%s': %s\n", util_progname, path, strerror(errno));
            goto fail;
        }
        if (!run.chunks)
            run.chunks = xmalloc(sizeof *run.chunks);
        run.chunks[0] = (Chunk){0, (size_t)ftell(run.in), 0};
        run.nchunks = 1;
        run.has_markers = false;      /* the whole program: its own regions, or all of it */
        reread_chunk(&run, 0);
        if (!parse_chunk(&run, 0, true, true)) {
            goto fail;
        }
        nregions = run.chunk_regions;
    }
    if (nregions == 0) {
        fprintf(stderr, "%s: error: no assembly instructions found\n", fname);
        goto fail;
    }

    /* pass 2: the chunks again (re-read unless there is only one), regions on threads */
    if (!out_open(&run.out, c.output)) {
        goto fail;
    }
    out_buffer(&run.out);
    pass2(&p2);
    pass2_end(&p2);
    if (c.json) {
        McaJsonParams p = {"aarch64", c.mcpu ? c.mcpu : model_name(cpu), triple, model_name(cpu)};
        mca_json_end(&run.j, &p, (const char *const *)run.units, run.nunits);
        out_write(&run.out, &run.b);
    }
    bool ok = out_close(&run.out, true);
    run_free(&run);
    mca_sim_release();
    mca_views_release();
    return ok ? 0 : 1;
fail:   /* an error before any output (pass 1, or -o): nothing was written */
    pass2_end(&p2);
    run_free(&run);
    return 1;
}

/* exp_inst.c — `uarch bench inst`: latency, throughput and uops of one instruction form,
 * measured the way the M1 tables were (../shared/data/m1-measurements/README.md):
 *   latency    a dependency chain per operand pair: the destination register of each copy is
 *              the source operand k of the next ("Latency 1->k", operands numbered in assembly
 *              order with the destination first), one chain, cycles per instruction;
 *   throughput K independent chains (copy i writes register i mod K), swept over K = 1 .. the
 *              register pool: cycles per instruction fall from the latency to the reciprocal
 *              throughput, reported as the level of the last plateau;
 *   uops       a retired-uop counter around the K-chain block, when the counter backend has one
 *              (-uops EVENT, default rc1 = ex_ret_ops on AMD); absent otherwise.
 * Operands that are not registers (immediates, memory such as [x27] / (%r14), the scratch
 * pointer) are kept as written.  -o FILE appends a row in the columns of tables.tsv.
 */
#include "bench/sweep.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { R_NONE, R_GPR, R_VEC };

typedef struct Operand {
    char *text;               /* as written, whole (inst_free) */
    int cls;                  /* R_NONE, R_GPR, R_VEC */
    char pre[8], post[24];    /* register spelled pre + number + post (a64 x/w/v/q/d..., ".4s") */
    int x86size;              /* x86 GPR: 64 or 32; vector: 'x','y','z' */
} Operand;

typedef struct Inst {
    char *mnem;               /* whole (inst_free) */
    Operand op[6];
    int nop;
    int dest;                 /* index of the destination register operand, -1: none */
} Inst;

static const char *const x64[16] = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
                                    "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};
static const char *const x32[16] = {"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi",
                                    "r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d"};
static const int x86_pool[] = {0, 1, 2, 3, 6, 7, 8, 9, 10, 11};   /* r12 r13 rbp: fixed sources */
static const int x86_fixed[] = {12, 13, 5};

static void classify(Operand *o, bool x86)
{
    const char *t = o->text;
    o->cls = R_NONE;
    if (x86) {
        if (t[0] != '%')
            return;
        for (int i = 0; i < 16; i++) {
            if (strcmp(t + 1, x64[i]) == 0)
                o->cls = R_GPR, o->x86size = 64;
            else if (strcmp(t + 1, x32[i]) == 0)
                o->cls = R_GPR, o->x86size = 32;
        }
        if ((t[1] == 'x' || t[1] == 'y' || t[1] == 'z') && strncmp(t + 2, "mm", 2) == 0 && isdigit((unsigned char)t[4]))
            o->cls = R_VEC, o->x86size = t[1];
        return;
    }
    char c = (char)tolower((unsigned char)t[0]);
    if (!strchr("xwvqdshb", c) || !isdigit((unsigned char)t[1]))
        return;
    const char *p = t + 1;
    while (isdigit((unsigned char)*p))
        p++;
    if ((*p && *p != '.') || strlen(p) >= sizeof o->post)   /* (no arrangement is that long: */
        return;                                                 /*  kept as written) */
    o->cls = (c == 'x' || c == 'w') ? R_GPR : R_VEC;
    snprintf(o->pre, sizeof o->pre, "%c", c);
    snprintf(o->post, sizeof o->post, "%s", p);
}

static void inst_free(Inst *in)
{
    free(in->mnem);
    for (int j = 0; j < in->nop; j++)
        free(in->op[j].text);
    memset(in, 0, sizeof *in);
}

/* "add x0, x1, [x2, #8]" -> mnemonic + operands split at top-level commas, each kept whole
 * (inst_free; on false, nothing is left to free) */
static bool parse_inst(const char *text, bool x86, Inst *in, char *why, size_t whysz, int *col)
{
    const char *orig = text;
    memset(in, 0, sizeof *in);
    while (isspace((unsigned char)*text))
        text++;
    *col = (int)(text - orig) + 1;
    size_t n = 0;
    while (text[n] && !isspace((unsigned char)text[n]))
        n++;
    if (n == 0) {
        snprintf(why, whysz, "empty instruction");
        return false;
    }
    if (!isalpha((unsigned char)text[0])) {   /* ('# x', ';', a label: no instruction) */
        snprintf(why, whysz, "expected an instruction mnemonic");
        return false;
    }
    in->mnem = xstrndup(text, n);
    const char *p = text + n, *cur = p;   /* cur: the start of the operand being read */
    int depth = 0;
    for (;; p++) {
        if (*p == '[' || *p == '(' || *p == '{')
            depth++;
        if (*p == ']' || *p == ')' || *p == '}')
            depth--;
        if (*p == 0 || (*p == ',' && depth == 0)) {
            const char *e = p;
            while (e > cur && isspace((unsigned char)e[-1]))
                e--;
            while (cur < e && isspace((unsigned char)*cur))
                cur++;
            if (cur < e) {
                if (in->nop == 6) {
                    snprintf(why, whysz, "too many operands");
                    inst_free(in);
                    return false;
                }
                in->op[in->nop].text = xstrndup(cur, (size_t)(e - cur));
                classify(&in->op[in->nop], x86);
                in->nop++;
            }
            cur = p + 1;
            if (*p == 0)
                break;
            continue;
        }
        if (*p == ';' || *p == '\n' || *p == '#') {
            *col = (int)(p - orig) + 1;
            snprintf(why, whysz, "one instruction only (found '%s')", *p == '\n' ? "a line break" : *p == ';' ? ";" : "#");
            inst_free(in);
            return false;
        }
    }
    bool store = !x86 && (strncmp(in->mnem, "st", 2) == 0 || strncmp(in->mnem, "cb", 2) == 0 ||
                          strncmp(in->mnem, "tb", 2) == 0 || strcmp(in->mnem, "cmp") == 0 ||
                          strcmp(in->mnem, "cmn") == 0 || strcmp(in->mnem, "tst") == 0 ||
                          strcmp(in->mnem, "fcmp") == 0);
    in->dest = -1;
    if (in->nop > 0) {
        int d = x86 ? in->nop - 1 : 0;
        if (in->op[d].cls != R_NONE && !store)
            in->dest = d;
    }
    return true;
}

/* spell register number r in the style of operand o */
static void reg_name(const Operand *o, bool x86, int r, char *out, size_t n)
{
    if (x86) {
        if (o->cls == R_GPR)
            snprintf(out, n, "%%%s", o->x86size == 64 ? x64[r] : x32[r]);
        else
            snprintf(out, n, "%%%cmm%d", o->x86size, r);
    } else {
        snprintf(out, n, "%s%d%s", o->pre, r, o->post);
    }
}

static int pool_size(const Sweep *s, int cls)
{
    if (sweep_x86(s))
        return cls == R_GPR ? (int)ARRAY_LEN(x86_pool) : 12;
    return 16;
}

static int pool_reg(const Sweep *s, int cls, int i)
{
    if (sweep_x86(s))
        return cls == R_GPR ? x86_pool[i] : i;
    return i;   /* x0..x15, v0..v15 */
}

static int fixed_reg(const Sweep *s, int cls, int j)
{
    if (sweep_x86(s))
        return cls == R_GPR ? x86_fixed[j % 3] : 12 + j % 4;
    return cls == R_GPR ? 19 + j % 8 : 20 + j % 12;
}

/* `copies` copies: copy i writes pool[i % k] and reads it back through operand `chain` (-1:
 * no chained source); the other register operands read fixed registers */
static void gen_body(const Sweep *s, const Inst *in, int k, int chain, int copies, Buf *b)
{
    bool x86 = sweep_x86(s);
    for (int i = 0; i < copies; i++) {
        buf_printf(b, "%s", in->mnem);
        int fixed = 0;
        for (int j = 0; j < in->nop; j++) {
            const Operand *o = &in->op[j];
            char r[32];   /* (a register's name: "%ymm11", "v15.16b") */
            if (o->cls != R_NONE)
                reg_name(o, x86, j == in->dest || j == chain ? pool_reg(s, in->op[in->dest].cls, i % k)
                                                             : fixed_reg(s, o->cls, fixed++), r, sizeof r);
            buf_printf(b, "%s%s", j ? ", " : " ", o->cls == R_NONE ? o->text : r);
        }
        buf_putc(b, '\n');
    }
}

typedef struct InstOpts {
    const char *text, *out, *uops, *core;
} InstOpts;

static int inst_opt(void *ctx, int argc, char **argv, int i)
{
    InstOpts *o = ctx;
    static const char *const opt[3] = {"-o", "-uops", "-core"};
    const char **dst[3] = {&o->out, &o->uops, &o->core};
    for (int k = 0; k < 3; k++) {
        if (strcmp(argv[i], opt[k]) != 0)
            continue;
        if (i + 1 >= argc || !argv[i + 1][0]) {   /* (an empty event or core name is no name) */
            fprintf(stderr, "uarch: bench inst: option '%s' needs a value\n", opt[k]);
            return -1;
        }
        *dst[k] = argv[i + 1];
        return 2;
    }
    if (argv[i][0] != '-' && o->text) {
        fprintf(stderr, "uarch: bench inst: more than one instruction ('%s' and '%s'): it times one form\n",
                o->text, argv[i]);
        return -1;
    }
    if (argv[i][0] != '-')
        return o->text = argv[i], 1;
    return 0;
}

static const char usage[] =
    "usage: uarch bench inst [-o table.tsv] [-uops EVENT] [-core NAME] [options] 'INSTRUCTION'\n"
    "latency per operand pair (dependency chains; x86 with no other register source: through the\n"
    "destination, or why none binds), throughput (K independent chains, swept over K) and uops\n"
    "(a retired-uop counter, when there is one) of one instruction form\n"
    "  INSTRUCTION  AArch64 or x86-64 AT&T syntax, e.g. 'madd x0, x1, x2, x3', 'imul %rbx, %rax';\n"
    "               memory operands must use the scratch pointer: [x27] / (%r14)\n"
    "  -o FILE      append a row in the columns of tables.tsv (header written when new)\n"
    "  -uops EVENT  the retired-uop counter (default on AMD: rc1, ex_ret_ops)\n"
    "  -core NAME   the value of the core column (default: host)";

/* uops per instruction from a counter, NAN when unavailable (why says so) */
static double measure_uops(Sweep *s, const BenchProgram *prog, const char *event, int copies,
                           char *why, size_t whysz)
{
    if (strcmp(s->prov.backend, "perf_event") != 0) {
        snprintf(why, whysz, "no hardware counters (backend '%s')", s->prov.backend);
        return NAN;
    }
    Diag err;
    BenchLib *lib = bench_build(prog, false, &err);
    if (!lib) {
        snprintf(why, whysz, "%.150s", err.msg);
        return NAN;
    }
    BenchFn fn = bench_lib_fn(lib, "inst");
    double r[2] = {NAN, NAN};
    for (int pass = 0; pass < 2; pass++) {
        BenchRunOpts ro = {.cpu = s->opt.cpu, .runs = 11, .warmup = 1, .iters = 1000u << pass,
                           .counters = event, .quiet = true, .core_hz = s->prov.core_hz};
        BenchSamples sm;
        memset(&sm, 0, sizeof sm);
        char msg[256] = "";
        if (bench_run(&ro, &fn, 1, &sm, msg, sizeof msg) != BENCH_OK || sm.ncounters < 2 || sm.kept == 0) {
            snprintf(why, whysz, "counter '%s': %s", event, msg[0] ? msg : "not available");
            bench_samples_free(&sm);
            bench_lib_close(lib);
            return NAN;
        }
        double *v = xmalloc(sizeof *v * sm.kept);
        memcpy(v, bench_sample_row(&sm, 0, 1), sizeof *v * sm.kept);
        r[pass] = stats_median(v, (size_t)sm.kept);
        free(v);
        bench_samples_free(&sm);
    }
    bench_lib_close(lib);
    /* the loop branch (and its flag-setting op) retire too: subtract one uop per iteration */
    return ((r[1] - r[0]) / 1000.0 - 1) / copies;
}

/* the columns of tables.tsv (../shared/data/m1-measurements), which -o appends to */
#define TABLE_HEADER "core\ttable\tmnemonic\tform\tpage_id\tlat_raw\tlat_min\tlat_max\ttp\tuops\tint\tmem\tfp\tunits\trow_kind"

/* -o FILE: new, empty, or a table in those columns (its first line the header), said before
 * anything is measured */
static bool table_ok(const char *path)
{
    struct stat st;
    if (!path || !strcmp(path, "-") || (stat(path, &st) == 0 && !S_ISREG(st.st_mode)))
        return true;              /* (a device: written, not read) */
    Buf f;
    buf_init(&f);
    if (!read_file(path, &f)) {
        bool missing = errno == ENOENT;
        if (!missing)
            fprintf(stderr, "uarch: error: cannot read '%s': %s\n", path, strerror(errno));
        buf_free(&f);
        return missing;
    }
    size_t h = strlen(TABLE_HEADER);
    bool ok = f.len == 0 || (f.len >= h && !memcmp(f.data, TABLE_HEADER, h) && (f.len == h || f.data[h] == '\n'));
    if (!ok)
        fprintf(stderr, "uarch: error: '%s' is not a table in the columns of tables.tsv (its first line is not "
                "the header '%s'): give a new file or such a table\n", path, TABLE_HEADER);
    buf_free(&f);
    return ok;
}

/* a TSV cell, whole, then a tab: tabs and line breaks become spaces (they would shift the columns) */
static void cell(Buf *b, const char *src, bool upper)
{
    for (const char *c = src; *c; c++)
        buf_putc(b, *c == '\t' || *c == '\n' || *c == '\r' ? ' ' : upper ? (char)toupper((unsigned char)*c) : *c);
    buf_putc(b, '\t');
}

int exp_inst(int argc, char **argv)
{
    Sweep s = {.exp = "inst", .xrange = {OPT_COUNT, 1, 64}};
    InstOpts o = {0};
    int status;
    if (!sweep_parse(&s, argc, argv, inst_opt, &o, usage, &status))
        return status;
    if (!o.text) {
        fprintf(stderr, "uarch: bench inst: no instruction given\n%s\n", usage);
        return 2;
    }
    if (!out_can_write(o.out) || !table_ok(o.out)) {
        sweep_free(&s);
        return 1;
    }
    bool x86 = sweep_x86(&s);
    Inst in;
    char why[200];
    int col;
    Diag att;
    if (x86 && !bench_require_att(o.text, "<arg>", "'bench inst'", &att)) {
        diag_print(stderr, &att, "error");
        sweep_free(&s);
        return 1;
    }
    if (!parse_inst(o.text, x86, &in, why, sizeof why, &col)) {
        Diag d;
        diag_set(&d, "<arg>", 1, col, o.text, "%s", why);
        diag_print(stderr, &d, "error");
        sweep_free(&s);
        return 1;
    }
    s.title = "one instruction: cycles per instruction over independent chains";
    s.method = "K chains: copy i writes register i mod K, read back by the next copy of that chain";
    s.xlabel = "independent dependency chains (K)", s.ylabel = "cycles per instruction";
    s.yunit = "cycles", s.x_int = true, s.y_from_zero = true, s.yscale = SVG_LINEAR;
    s.knee.min_len = 2;
    int dcls = in.dest >= 0 ? in.op[in.dest].cls : R_NONE;
    int maxk = dcls ? pool_size(&s, dcls) : 1;
    if (s.opt.max > 0 && s.opt.max < maxk)
        maxk = (int)s.opt.max;
    /* the chained source for the K sweep: the first register source of the destination's class */
    int chain = -1, nlat = 0, lat_op[6];
    for (int j = 0; j < in.nop && dcls; j++)
        if (j != in.dest && in.op[j].cls == dcls) {
            if (chain < 0)
                chain = j;
            lat_op[nlat++] = j;
        }
    bool implicit = x86 && dcls && in.nop >= 2;   /* x86 two-operand forms read the destination */
    /* x86 with no other register source of the destination's class (add $1, %rax; shl $3, %rax;
     * neg %rax): the one chain there is runs through the destination alone, where it is read and
     * written; whether it binds is measured (mov $1, %rax writes without reading: its chain runs
     * at the throughput, and so does an add the renamer resolves) */
    bool self = x86 && dcls && nlat == 0 && in.dest >= 0;
    if (self)
        lat_op[nlat++] = in.dest;
    int ser = sweep_series(&s, o.text);
    sweep_begin(&s, maxk + nlat);

    int copies = 48;
    double lat[6];
    for (int l = 0; l < nlat; l++)
        lat[l] = NAN;
    bool failed = false;
    /* latency chains */
    for (int l = 0; l < nlat && !sweep_stop(&s); l++) {
        Buf body;
        buf_init(&body);
        gen_body(&s, &in, 1, lat_op[l], copies, &body);
        BenchProgram prog;
        bench_prog_init(&prog, s.arch, BENCH_ATT);
        BenchKernel k = {.symbol = "inst", .body = buf_cstr(&body), .body_file = "<inst>", .unroll = 1};
        bench_prog_kernel(&prog, &k);
        char what[48];
        snprintf(what, sizeof what, "latency %d->%d", (x86 ? in.dest : 0) + 1, lat_op[l] + 1);
        SweepRun run = {.symbol = "inst", .iters = 5000, .copies_per_iter = copies, .what = what};
        SweepPoint pt = {.x = 1};
        bool fatal, ok = sweep_measure(&s, &prog, &run, &pt, &fatal);
        if (ok)
            lat[l] = sweep_y(&s, &pt);
        else
            failed = fatal && !sweep_stop(&s);
        bench_prog_free(&prog);
        buf_free(&body);
        if (failed)
            break;
        s.npoints_done += ok;   /* (a chain cut at the timeout: no latency, the sweep goes on) */
    }
    /* K sweep */
    for (int k = 1; k <= maxk && !failed && !sweep_stop(&s); k++) {
        Buf body;
        buf_init(&body);
        gen_body(&s, &in, k, chain, copies - copies % k, &body);
        BenchProgram prog;
        bench_prog_init(&prog, s.arch, BENCH_ATT);
        BenchKernel kk = {.symbol = "inst", .body = buf_cstr(&body), .body_file = "<inst>", .unroll = 1};
        bench_prog_kernel(&prog, &kk);
        SweepRun run = {.symbol = "inst", .iters = 5000, .copies_per_iter = copies - copies % k, .series = ser};
        SweepPoint pt = {.x = k};
        bool fatal;
        bool ok = sweep_measure(&s, &prog, &run, &pt, &fatal);
        bench_prog_free(&prog);
        buf_free(&body);
        if (!ok) {
            failed = fatal && !sweep_stop(&s);
            break;
        }
        sweep_add(&s, ser, &pt);
        sweep_progress(&s, ser, &pt);
    }
    if (failed) {
        inst_free(&in);
        sweep_free(&s);
        return 1;
    }
    /* findings: the throughput first (the chain through the destination alone is set against it) */
    double tp = NAN, tp_from = NAN, tp_to = NAN;
    SweepSeries *S = &s.series[ser];
    if (S->n > 0) {
        /* the throughput is approached as 1/K (K chains in flight) until the units are busy:
         * a curve, not a step, so the plateau is where it comes within 10 % of its floor */
        double *y = xmalloc(sizeof *y * (size_t)S->n);
        for (int i = 0; i < S->n; i++)
            y[i] = sweep_y(&s, &S->pts[i]);
        double level;
        int start = sweep_plateau_start(y, S->n, 0.1, &level);
        free(y);
        if (start >= 0)
            tp = level, tp_from = S->pts[start].x, tp_to = S->pts[S->n - 1].x;
    }
    /* findings */
    double lmin = NAN, lmax = NAN;
    char lat_raw[128] = "";   /* at most 6 numbers of a few characters */
    for (int l = 0; l < nlat; l++) {
        char nm[48];
        snprintf(nm, sizeof nm, "latency %d->%d", (x86 ? in.dest : 0) + 1, lat_op[l] + 1);
        SweepFinding *f = sweep_finding(&s, nm, "");
        f->cycles = lat[l];
        if (self) {
            sweep_fnote(f, "one chain through the destination alone, read and written where the instruction reads it");
            if (isfinite(lat[l]) && (lat[l] < 0.9 || (isfinite(tp) && lat[l] <= tp * 1.15))) {
                /* no dependency binds (a link of a dependent chain takes a cycle at least, and a
                 * chain at the throughput waits for nothing): not a latency, left out of the
                 * table's columns */
                sweep_fnote_add(f, "; it runs at %.3g cycles an instruction (the "
                         "throughput: %.3g), under a cycle or at the throughput: "
                         "no dependency binds through the destination (written without being read, or "
                         "resolved at rename), so this is no latency", lat[l], tp);
                f->cycles = NAN;
                continue;
            }
        } else {
            sweep_fnote(f, "one chain through operand %d%s", lat_op[l] + 1,
                     implicit ? " (x86: the destination is read too)" : "");
        }
        if (isfinite(lat[l])) {
            lmin = isfinite(lmin) ? fmin(lmin, lat[l]) : lat[l];
            lmax = isfinite(lmax) ? fmax(lmax, lat[l]) : lat[l];
            snprintf(lat_raw + strlen(lat_raw), sizeof lat_raw - strlen(lat_raw), "%s%.3g",
                     lat_raw[0] ? ";" : "", round(lat[l] * 100) / 100);
        }
    }
    if (nlat == 0) {
        SweepFinding *f = sweep_finding(&s, "latency", "");
        sweep_fnote(f, "not measured: %s", in.dest < 0
                 ? "no destination register" : "no source register of the destination's class");
    }
    if (nlat > 1) {
        memmove(lat_raw + 1, lat_raw, strlen(lat_raw) + 1);
        lat_raw[0] = '[';
        strcat(lat_raw, "]");
    }
    if (isfinite(tp)) {
        SweepFinding *f = sweep_finding(&s, "throughput", "");
        f->cycles = tp;
        f->value = tp_from;
        f->from = tp_from, f->to = tp_to;
        sweep_fnote(f, "reciprocal throughput: cycles per instruction on the "
                 "plateau, reached from %.0f independent chains", f->value);
    }
    /* uops */
    double uops = NAN;
    const char *ev = o.uops ? o.uops : strcmp(s.prov.vendor, "AuthenticAMD") == 0 ? "rc1" : NULL;
    SweepFinding *u = sweep_finding(&s, "uops", "");
    if (!ev) {
        sweep_fnote(u, "not measured: no known retired-uop counter for this CPU (-uops EVENT)");
    } else {
        Buf body;
        buf_init(&body);
        gen_body(&s, &in, maxk, chain, copies, &body);
        BenchProgram prog;
        bench_prog_init(&prog, s.arch, BENCH_ATT);
        BenchKernel kk = {.symbol = "inst", .body = buf_cstr(&body), .body_file = "<inst>", .unroll = 1};
        bench_prog_kernel(&prog, &kk);
        uops = measure_uops(&s, &prog, ev, copies, why, sizeof why);
        bench_prog_free(&prog);
        buf_free(&body);
        if (isfinite(uops)) {
            u->value = round(uops * 100) / 100;
            sweep_fnote(u, "counter %s per instruction", ev);
        } else {
            sweep_fnote(u, "not measured: %.180s", why);
        }
    }
    if (o.out) {
        /* the table as it was and the new row, written whole (never half-written) */
        Buf f;
        buf_init(&f);
        struct stat st;
        if (stat(o.out, &st) == 0 && !S_ISREG(st.st_mode)) {
            /* a device (/dev/stdout, /dev/full): the header and the row, written */
        } else if (!read_file(o.out, &f)) {
            if (errno != ENOENT) {
                fprintf(stderr, "uarch: error: cannot read '%s': %s\n", o.out, strerror(errno));
                buf_free(&f);
                inst_free(&in);
                sweep_free(&s);
                return 1;
            }
        }
        if (!f.len) {
            buf_puts(&f, TABLE_HEADER "\n");
        } else if (f.data[f.len - 1] != '\n') {
            buf_putc(&f, '\n');
        }
        char a[32] = "", b[32] = "", t[32] = "", up[32] = "";
        if (isfinite(lmin))
            snprintf(a, sizeof a, "%.3g", round(lmin * 100) / 100), snprintf(b, sizeof b, "%.3g", round(lmax * 100) / 100);
        if (isfinite(tp))
            snprintf(t, sizeof t, "%.3g", round(tp * 100) / 100);
        if (isfinite(uops))
            snprintf(up, sizeof up, "%.0f", round(uops));
        cell(&f, o.core ? o.core : "host", false);
        cell(&f, dcls == R_VEC ? "simd" : "int", false);
        cell(&f, in.mnem, true);
        cell(&f, o.text, false);
        buf_printf(&f, "\t%s\t%s\t%s\t%s\t%s\t\t\t\t\tsingle\n", lat_raw, a, b, t, up);
        bool wrote = out_write_file(o.out, &f);
        buf_free(&f);
        if (!wrote) {
            inst_free(&in);
            sweep_free(&s);
            return 1;
        }
    }
    int rc = sweep_finish(&s);
    inst_free(&in);
    sweep_free(&s);
    return rc;
}

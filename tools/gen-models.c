/* gen-models.c — build-time generator: models/registry.tsv + models/<cpu>/ TSV files -> C tables.
 *
 *   gen-models models/registry.tsv out.c
 *
 * Reads the registry (one CPU per row), models/classes.tsv (form globs -> unit classes, shared),
 * then each CPU's folder next to it: forms.tsv,
 * params.tsv, units.tsv (required), queues.tsv, schedulers.tsv, fusion.tsv, elim.tsv,
 * latency.tsv, serialize.tsv, nonpipelined.tsv (optional: absent = none).  Writes one C file defining a
 * ModelCpu per CPU (src/model/model.h), the form hash index (model_hash, open addressing) and
 * the registry model_cpus[].  Every cell is validated: a row that cannot be parsed stops the
 * build with "file:line:col: error: message", the row, and a caret under the bad cell.
 *
 * Built with $(HOSTCC) together with src/util/{tsv,mem,diag}.c; uses nothing else.
 */
#include "util/util.h"
#include "model/model.h"

#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* make room for one more element of a growable array: arr[n] with cap slots, doubling from first */
#define GROW(arr, n, cap, first) \
    do { if ((n) == (cap)) { (cap) = (cap) ? (cap) * 2 : (first); \
         (arr) = xrealloc((arr), (size_t)(cap) * sizeof *(arr)); } } while (0)

static const char *class_names[] = {
#define X(id, s) s,
    MODEL_CLASSES(X)
#undef X
};
static const char *param_keys[] = {
#define X(f, k) k,
    MODEL_PARAMS(X)
#undef X
};

/* ---- errors: file:line:col + the row + caret ---- */
static Tsv *cur;          /* the table being read, for located errors */

NORETURN PRINTF_LIKE(2, 3) static void row_error(int cell, const char *fmt, ...)
{
    Diag d;
    char line[512];
    size_t n = 0;
    int col = 0;
    line[0] = 0;
    for (int i = 0; i < cur->ncells; i++) {
        if (i == cell)
            col = (int)n + 1;
        size_t len = strlen(cur->cells[i]);
        if (i && n + 1 < sizeof line)
            line[n++] = '\t';
        if (n + len >= sizeof line)
            len = sizeof line - n - 1;
        memcpy(line + n, cur->cells[i], len);
        n += len;
        line[n] = 0;
    }
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_set(&d, cur->path, cur->line, col, line, "%s", msg);
    diag_print(stderr, &d, "error");
    exit(1);
}

NORETURN PRINTF_LIKE(2, 3) static void file_error(const char *path, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: error: ", path);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

/* Open a table and check it has the columns; returns false if the file is absent and optional. */
static bool open_table(Tsv *t, const char *path, const char *const *cols, int *idx, bool optional)
{
    Diag d;
    FILE *f = fopen(path, "r");
    if (!f) {
        if (optional && errno == ENOENT)
            return false;
        file_error(path, "cannot open: %s", strerror(errno));
    }
    fclose(f);
    if (!tsv_open(t, path, &d)) {
        diag_print(stderr, &d, "error");
        exit(1);
    }
    for (int i = 0; cols[i]; i++) {
        idx[i] = tsv_col(t, cols[i]);
        if (idx[i] < 0) {
            Diag e;
            diag_set(&e, path, t->line, 0, NULL, "missing column '%s' in the header", cols[i]);
            diag_print(stderr, &e, "error");
            exit(1);
        }
    }
    cur = t;
    return true;
}

static const char *cell(const Tsv *t, int col)
{
    if (col >= t->ncells)
        row_error(t->ncells ? t->ncells - 1 : 0, "missing cell (expected %d tab-separated cells)", col + 1);
    return t->cells[col];
}

static bool is_dash(const char *s) { return strcmp(s, "-") == 0; }

static double num(const Tsv *t, int col, double lo, double hi)
{
    const char *s = cell(t, col);
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || *end || errno || !(v >= lo && v <= hi))
        row_error(col, "bad number '%s'", s);
    return v;
}

static double num_or_dash(const Tsv *t, int col, double lo, double hi, double dash)
{
    return is_dash(cell(t, col)) ? dash : num(t, col, lo, hi);
}

static bool yesno(const Tsv *t, int col)
{
    const char *s = cell(t, col);
    if (!strcmp(s, "yes")) return true;
    if (!strcmp(s, "no")) return false;
    row_error(col, "expected 'yes' or 'no', got '%s'", s);
}

static void nonempty(const Tsv *t, int col)
{
    if (!*cell(t, col))
        row_error(col, "empty cell (use '-')");
}

/* "N/M" or "-" */
static void ratio(const Tsv *t, int col, int *n, int *m)
{
    const char *s = cell(t, col);
    *n = *m = 0;
    if (is_dash(s))
        return;
    char *end;
    long a = strtol(s, &end, 10);
    if (end == s || *end != '/')
        row_error(col, "bad limit '%s' (expected N/M or -)", s);
    const char *q = end + 1;
    long b = strtol(q, &end, 10);
    if (end == q || *end || a < 1 || b < 1 || a > 255 || b > 255)
        row_error(col, "bad limit '%s' (expected N/M or -)", s);
    *n = (int)a;
    *m = (int)b;
}

/* "u3" -> 3 within 1..nunits */
static int unit_num(const char **pp, int nunits, int col)
{
    const char *p = *pp;
    if (*p != 'u')
        row_error(col, "bad unit in '%s' (expected u<N>)", cell(cur, col));
    char *end;
    long u = strtol(p + 1, &end, 10);
    if (end == p + 1 || u < 1 || u > nunits)
        row_error(col, "unknown unit in '%s' (units are u1-u%d)", cell(cur, col), nunits);
    *pp = end;
    return (int)u;
}

/* units list "u7,u8" -> mask */
static uint32_t unit_list(const Tsv *t, int col, int nunits)
{
    const char *p = cell(t, col);
    uint32_t mask = 0;
    for (;;) {
        mask |= 1u << unit_num(&p, nunits, col);
        if (!*p)
            break;
        if (*p != ',')
            row_error(col, "bad unit list '%s'", cell(t, col));
        p++;
    }
    return mask;
}

/* forms' units cell: "-" or items "[N*]uA[-B|/B[/C..]][?]" separated by ',' */
static int form_units(const Tsv *t, int col, int nunits, ModelUnitUse *uses)
{
    const char *p = cell(t, col);
    int n = 0;
    if (is_dash(p))
        return 0;
    for (;;) {
        ModelUnitUse u = {1, false, 0};
        if (*p >= '0' && *p <= '9') {
            char *end;
            long c = strtol(p, &end, 10);
            if (*end != '*' || c < 1 || c > 32)
                row_error(col, "bad unit count in '%s'", cell(t, col));
            u.count = (uint8_t)c;
            p = end + 1;
        }
        int a = unit_num(&p, nunits, col);
        u.mask = 1u << a;
        if (*p == '-') {
            p++;
            int b = *p == 'u' ? unit_num(&p, nunits, col) : (int)strtol(p, (char **)&p, 10);
            if (b > nunits)
                row_error(col, "unknown unit in '%s' (units are u1-u%d)", cell(t, col), nunits);
            if (b <= a)
                row_error(col, "bad unit range in '%s'", cell(t, col));
            for (int k = a; k <= b; k++)
                u.mask |= 1u << k;
        } else {
            while (*p == '/') {
                p++;
                char *end;
                long b = strtol(p, &end, 10);
                if (end == p || b < 1 || b > nunits)
                    row_error(col, "bad unit alternative in '%s'", cell(t, col));
                u.mask |= 1u << b;
                p = end;
            }
        }
        if (*p == '?') {
            u.uncertain = true;
            p++;
        }
        if (n == MODEL_MAX_UNIT_USES)
            row_error(col, "more than %d unit items in '%s'", MODEL_MAX_UNIT_USES, cell(t, col));
        uses[n++] = u;
        if (!*p)
            break;
        if (*p != ',')
            row_error(col, "bad units '%s'", cell(t, col));
        p++;
    }
    return n;
}

/* a list cell for run-time matching: mnemonics ("add,b.*,@load") or patterns; checked for
 * characters only */
static const char *list_cell(const Tsv *t, int col, const char *allowed, bool dash_empty)
{
    const char *s = cell(t, col);
    if (dash_empty && is_dash(s))
        return "";
    if (!*s)
        row_error(col, "empty cell (use '-')");
    for (const char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || strchr(allowed, *p)))
            row_error(col, "bad character '%c' in '%s'", *p, s);
    return s;
}

static const char *MNEMS = ".,*@_-";
static bool mnem_list_ok(const char *s, int col)
{
    /* "@class" tokens must be known */
    const char *p = s;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n == 0)
            row_error(col, "empty item in list '%s'", s);
        if (*p == '@') {
            static const char *classes[] = {"@load", "@vload", "@store", "@shift", NULL};
            bool ok = false;
            for (int i = 0; classes[i]; i++)
                ok |= strlen(classes[i]) == n && !strncmp(classes[i], p, n);
            if (!ok)
                row_error(col, "unknown class '%.*s' (known: @load @vload @store @shift)", (int)n, p);
        }
        p += n;
        if (*p)
            p++;
    }
    return true;
}

static const char *pattern_cell(const Tsv *t, int col)
{
    const char *s = cell(t, col);
    if (is_dash(s))
        return "";
    for (const char *p = s; *p; p++)
        if (!((*p >= 'A' && *p <= 'Z') || strchr("*,;|", *p)))
            row_error(col, "bad character '%c' in register pattern '%s'", *p, s);
    return s;
}

static const char *ops_cell(const Tsv *t, int col)
{
    const char *s = cell(t, col);
    if (is_dash(s))
        return "";
    static const char *kinds[] = {"x", "w", "r", "zr", "sp", "#0", "#", "v", "v128", "*", NULL};
    const char *p = s;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        bool ok = false;
        for (int i = 0; kinds[i]; i++)
            ok |= strlen(kinds[i]) == n && !strncmp(kinds[i], p, n);
        if (!ok)
            row_error(col, "unknown operand kind '%.*s' (known: x w r zr sp #0 # v v128 *)", (int)n, p);
        p += n;
        if (*p)
            p++;
    }
    return s;
}

/* ---- the model being built ---- */

typedef struct Cpu {
    char *name, *aliases, *desc, *source;
    double p[MODEL_NPARAMS];
    bool p_est[MODEL_NPARAMS];
    int nunits;
    ModelUnit units[MODEL_MAX_UNITS];
    char *unit_sched[MODEL_MAX_UNITS];
    int nscheds;
    ModelSched scheds[MODEL_MAX_UNITS];
    int nqueues;
    ModelQueue queues[MODEL_MAX_UNITS];
    int nforms;
    ModelForm *forms;
    int nfus;
    ModelFusion *fus;
    int nelim;
    ModelElim *elim;
    int nlat;
    ModelLatRule *lat;
    int nnp;
    ModelNonPipe *np;
} Cpu;

static int popcount(uint32_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static char *dup(const char *s) { return xstrdup(s); }

/* a mnemonic-list cell, checked, copied; NULL for '-' when dash_empty */
static char *mnem_cell(const Tsv *t, int col, bool dash_empty)
{
    const char *s = list_cell(t, col, MNEMS, dash_empty);
    if (!*s)
        return NULL;
    mnem_list_ok(s, col);
    return dup(s);
}

static void emit_str(FILE *o, const char *s)
{
    if (!s) {
        fputs("NULL", o);
        return;
    }
    fputc('"', o);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', o);
        fputc(*s, o);
    }
    fputc('"', o);
}

static void emit_num(FILE *o, double v)
{
    if (v == floor(v) && fabs(v) < 1e9)
        fprintf(o, "%.0f", v);
    else
        fprintf(o, "%.6g", v);
}

static int status_estimate(const Tsv *t, int col)
{
    const char *s = cell(t, col);
    if (!strcmp(s, "documented") || !strcmp(s, "measured"))
        return 0;
    if (!strcmp(s, "estimate"))
        return 1;
    row_error(col, "bad status '%s' (documented, measured or estimate)", s);
}

static int group_of(const Tsv *t, int col)
{
    const char *s = cell(t, col);
    for (int g = 0; g < MODEL_NGROUPS; g++) {
        static const char *names[] = {"int", "mem", "fp"};
        if (!strcmp(s, names[g]))
            return g;
    }
    row_error(col, "bad group '%s' (int, mem or fp)", s);
}

static char *path_join(const char *dir, const char *cpu, const char *file)
{
    Buf b;
    buf_init(&b);
    buf_printf(&b, "%s/%s/%s", dir, cpu, file);
    return b.data;
}

static void read_params(Cpu *c, const char *path)
{
    static const char *cols[] = {"key", "value", "status", "note", NULL};
    int ix[4];
    Tsv t;
    open_table(&t, path, cols, ix, false);
    bool seen[MODEL_NPARAMS] = {0};
    while (tsv_next(&t)) {
        const char *k = cell(&t, ix[0]);
        int p = -1;
        for (int i = 0; i < MODEL_NPARAMS; i++)
            if (!strcmp(param_keys[i], k))
                p = i;
        if (p < 0)
            row_error(ix[0], "unknown parameter '%s'", k);
        if (seen[p])
            row_error(ix[0], "duplicate parameter '%s'", k);
        seen[p] = true;
        c->p[p] = num(&t, ix[1], 0, 1e6);
        c->p_est[p] = status_estimate(&t, ix[2]);
    }
    /* the source: the first "# Source:" comment line */
    Buf b;
    buf_init(&b);
    if (read_file(path, &b)) {
        const char *s = strstr(buf_cstr(&b), "# Source: ");
        if (s) {
            s += 10;
            c->source = xstrndup(s, strcspn(s, "\n"));
        }
    }
    buf_free(&b);
    if (!c->source)
        file_error(path, "no '# Source: ...' line in the header comment");
    tsv_close(&t);
}

static void read_scheds_queues(Cpu *c, const char *qpath, const char *spath)
{
    static const char *qcols[] = {"queue", "group", "entries", "in_width", "width", "total_width", "status", NULL};
    static const char *scols[] = {"sched", "queue", "entries", "units", "status", NULL};
    int ix[8];
    Tsv t;
    if (open_table(&t, qpath, qcols, ix, true)) {
        while (tsv_next(&t)) {
            if (c->nqueues == MODEL_MAX_UNITS)
                row_error(0, "too many queues");
            ModelQueue *q = &c->queues[c->nqueues];
            nonempty(&t, ix[0]);
            for (int i = 0; i < c->nqueues; i++)
                if (!strcmp(c->queues[i].name, cell(&t, ix[0])))
                    row_error(ix[0], "duplicate queue '%s'", cell(&t, ix[0]));
            q->name = dup(cell(&t, ix[0]));
            q->group = (uint8_t)group_of(&t, ix[1]);
            q->entries = (int16_t)num_or_dash(&t, ix[2], 1, 10000, -1);
            q->in_width = (uint8_t)num(&t, ix[3], 1, 64);
            q->width = (uint8_t)num(&t, ix[4], 1, 64);
            q->total_width = (uint8_t)num(&t, ix[5], 1, 64);
            q->estimate = status_estimate(&t, ix[6]);
            c->nqueues++;
        }
        tsv_close(&t);
    }
    if (open_table(&t, spath, scols, ix, true)) {
        while (tsv_next(&t)) {
            if (c->nscheds == MODEL_MAX_UNITS)
                row_error(0, "too many schedulers");
            ModelSched *s = &c->scheds[c->nscheds];
            nonempty(&t, ix[0]);
            s->name = dup(cell(&t, ix[0]));
            s->queue = -1;
            const char *qn = cell(&t, ix[1]);
            if (!is_dash(qn)) {
                for (int i = 0; i < c->nqueues; i++)
                    if (!strcmp(c->queues[i].name, qn))
                        s->queue = (int8_t)i;
                if (s->queue < 0)
                    row_error(ix[1], "unknown queue '%s' (not in queues.tsv)", qn);
            }
            s->entries = (int16_t)num_or_dash(&t, ix[2], 1, 10000, -1);
            s->units = unit_list(&t, ix[3], c->nunits);
            s->issue_width = (uint8_t)popcount(s->units);
            s->estimate = status_estimate(&t, ix[4]);
            c->nscheds++;
        }
        tsv_close(&t);
    }
}

static void read_units(Cpu *c, const char *path)
{
    static const char *cols[] = {"unit", "group", "sched", "classes", "desc", NULL};
    int ix[5];
    Tsv t;
    open_table(&t, path, cols, ix, false);
    while (tsv_next(&t)) {
        if (c->nunits == 31)
            row_error(0, "too many units (at most 31)");
        const char *name = cell(&t, ix[0]);
        char want[16];
        snprintf(want, sizeof want, "u%d", c->nunits + 1);
        if (strcmp(name, want))
            row_error(ix[0], "unit '%s' out of order (expected '%s')", name, want);
        ModelUnit *u = &c->units[c->nunits];
        u->name = dup(name);
        u->group = (uint8_t)group_of(&t, ix[1]);
        c->unit_sched[c->nunits] = dup(cell(&t, ix[2]));
        const char *p = cell(&t, ix[3]);
        while (*p) {
            size_t n = strcspn(p, ",");
            int k = -1;
            for (int i = 0; i < MODEL_NCLASSES; i++)
                if (strlen(class_names[i]) == n && !strncmp(class_names[i], p, n))
                    k = i;
            if (k < 0)
                row_error(ix[3], "unknown class '%.*s'", (int)n, p);
            u->classes |= MODEL_CLASS_BIT(k);
            p += n;
            if (*p)
                p++;
        }
        if (!u->classes)
            row_error(ix[3], "no classes");
        u->desc = dup(cell(&t, ix[4]));
        c->nunits++;
    }
    if (c->nunits == 0)
        file_error(path, "no units");
    tsv_close(&t);
}

static void link_units(Cpu *c, const char *upath)
{
    for (int i = 0; i < c->nunits; i++) {
        c->units[i].sched = -1;
        if (is_dash(c->unit_sched[i]))
            continue;
        for (int s = 0; s < c->nscheds; s++)
            if (!strcmp(c->scheds[s].name, c->unit_sched[i]))
                c->units[i].sched = (int8_t)s;
        if (c->units[i].sched < 0)
            file_error(upath, "unit '%s': unknown scheduler '%s' (not in schedulers.tsv)",
                       c->units[i].name, c->unit_sched[i]);
        if (!(c->scheds[c->units[i].sched].units & (1u << (i + 1))))
            file_error(upath, "unit '%s': scheduler '%s' does not list it", c->units[i].name,
                       c->unit_sched[i]);
    }
}

/* "W->R=v,W->R<=v" */
static void lat_pairs(const Tsv *t, int col, ModelForm *f)
{
    const char *p = cell(t, col);
    if (is_dash(p))
        return;
    while (*p) {
        char *end;
        long w = strtol(p, &end, 10);
        if (end == p || strncmp(end, "->", 2) || w < 1 || w > 32)
            row_error(col, "bad latency pair in '%s' (expected W->R=v)", cell(t, col));
        p = end + 2;
        long r = strtol(p, &end, 10);
        if (end == p || r < 1 || r > 32)
            row_error(col, "bad latency pair in '%s' (expected W->R=v)", cell(t, col));
        p = end;
        uint8_t flags = 0;
        if (!strncmp(p, "<=", 2)) {
            flags = MODEL_LAT_BOUND;
            p += 2;
        } else if (*p == '=') {
            p++;
        } else {
            row_error(col, "bad latency pair in '%s' (expected W->R=v)", cell(t, col));
        }
        double v = strtod(p, &end);
        if (end == p || v < 0 || v > 1000)
            row_error(col, "bad latency value in '%s'", cell(t, col));
        p = end;
        if (f->nlat == MODEL_MAX_LAT)
            row_error(col, "more than %d latency pairs", MODEL_MAX_LAT);
        int k = f->nlat++;
        f->lat_opnd[k] = (uint8_t)w;
        f->lat_read[k] = (uint8_t)r;
        f->lat_val[k] = (float)v;
        f->lat_flags[k] = flags;
        if (*p == ',')
            p++;
        else if (*p)
            row_error(col, "bad latency pair in '%s'", cell(t, col));
    }
}

static int cmp_form(const void *a, const void *b)
{
    return strcmp(((const ModelForm *)a)->id, ((const ModelForm *)b)->id);
}

static void read_forms(Cpu *c, const char *path)
{
    static const char *cols[] = {"form", "group", "lat", "tp", "uops", "int", "mem", "fp", "units",
                                 "lat_pairs", "lat_src", "rt_return", "mem_chain", NULL};
    int ix[13];
    Tsv t;
    open_table(&t, path, cols, ix, false);
    int cap = 0;
    while (tsv_next(&t)) {
        GROW(c->forms, c->nforms, cap, 1024);
        ModelForm *f = &c->forms[c->nforms];
        memset(f, 0, sizeof *f);
        const char *id = cell(&t, ix[0]);
        for (const char *p = id; *p; p++)
            if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
                row_error(ix[0], "bad form id '%s'", id);
        if (!*id)
            row_error(ix[0], "empty form id");
        f->id = dup(id);
        nonempty(&t, ix[1]);
        f->group = dup(cell(&t, ix[1]));
        const char *lat = cell(&t, ix[2]);
        if (!strncmp(lat, "<=", 2)) {
            f->lat_main_flags = MODEL_LAT_BOUND;
            char *end;
            double v = strtod(lat + 2, &end);
            if (end == lat + 2 || *end || v < 0 || v > 1000)
                row_error(ix[2], "bad latency '%s'", lat);
            f->lat = (float)v;
        } else {
            f->lat = (float)num_or_dash(&t, ix[2], 0, 1000, -1);
        }
        f->tp = (float)num_or_dash(&t, ix[3], 0, 10000, -1);
        f->uops = (uint8_t)num_or_dash(&t, ix[4], 1, 255, 0);
        f->issue_int = (float)num_or_dash(&t, ix[5], 0, 255, 0);
        f->issue_mem = (float)num_or_dash(&t, ix[6], 0, 255, 0);
        f->issue_fp = (float)num_or_dash(&t, ix[7], 0, 255, 0);
        f->issues_int = (uint8_t)ceil(f->issue_int);
        f->issues_mem = (uint8_t)ceil(f->issue_mem);
        f->issues_fp = (uint8_t)ceil(f->issue_fp);
        f->nunit_uses = (uint8_t)form_units(&t, ix[8], c->nunits, f->unit_use);
        if (f->nunit_uses) {
            f->units = f->unit_use[0].mask;
            f->unit_count = f->unit_use[0].count;
            f->units_uncertain = f->unit_use[0].uncertain;
        }
        lat_pairs(&t, ix[9], f);
        nonempty(&t, ix[10]);
        f->rt_return = (float)num_or_dash(&t, ix[11], 0, 1000, -1);
        f->mem_chain_lat = (float)num_or_dash(&t, ix[12], 0, 10000, 0);
        f->nonpipe = -1;
        c->nforms++;
    }
    tsv_close(&t);
    qsort(c->forms, (size_t)c->nforms, sizeof *c->forms, cmp_form);
    for (int i = 1; i < c->nforms; i++)
        if (!strcmp(c->forms[i - 1].id, c->forms[i].id))
            file_error(path, "duplicate form '%s'", c->forms[i].id);
}

static void read_fusion(Cpu *c, const char *path)
{
    static const char *cols[] = {"name", "first", "second", "pattern", "conds", "reads", "uops", "issues", "usually", NULL};
    int ix[9];
    Tsv t;
    if (!open_table(&t, path, cols, ix, true))
        return;
    int cap = 0;
    while (tsv_next(&t)) {
        GROW(c->fus, c->nfus, cap, 16);
        ModelFusion *r = &c->fus[c->nfus];
        memset(r, 0, sizeof *r);
        nonempty(&t, ix[0]);
        r->name = dup(cell(&t, ix[0]));
        r->first = mnem_cell(&t, ix[1], false);
        r->second = mnem_cell(&t, ix[2], false);
        r->pattern = dup(pattern_cell(&t, ix[3]));
        const char *p = cell(&t, ix[4]);
        if (!is_dash(p)) {
            while (*p) {
                size_t n = strcspn(p, ",");
                if (n == 15 && !strncmp(p, "no_shift_extend", n))
                    r->conds |= MODEL_FUSE_NO_SHIFT_EXTEND;
                else if (n == 13 && !strncmp(p, "no_flags_read", n))
                    r->conds |= MODEL_FUSE_NO_FLAGS_READ;
                else
                    row_error(ix[4], "unknown condition '%.*s' (no_shift_extend, no_flags_read)", (int)n, p);
                p += n;
                if (*p)
                    p++;
            }
        }
        int n, m;
        ratio(&t, ix[5], &n, &m);
        r->reads_limit = (uint8_t)n;
        r->reads_window = (uint8_t)m;
        r->uops = (uint8_t)num(&t, ix[6], 1, 16);
        r->issues = (uint8_t)num(&t, ix[7], 0, 16);
        r->usually = yesno(&t, ix[8]);
        c->nfus++;
    }
    tsv_close(&t);
}

static void read_elim(Cpu *c, const char *path)
{
    static const char *cols[] = {"name", "mnems", "ops", "pattern", "next", "next_ops", "limit", "usually", "rename", NULL};
    int ix[9];
    Tsv t;
    if (!open_table(&t, path, cols, ix, true))
        return;
    int cap = 0;
    while (tsv_next(&t)) {
        GROW(c->elim, c->nelim, cap, 16);
        ModelElim *r = &c->elim[c->nelim];
        memset(r, 0, sizeof *r);
        nonempty(&t, ix[0]);
        r->name = dup(cell(&t, ix[0]));
        r->mnems = mnem_cell(&t, ix[1], false);
        r->ops = dup(ops_cell(&t, ix[2]));
        r->pattern = dup(pattern_cell(&t, ix[3]));
        r->next = mnem_cell(&t, ix[4], true);
        r->next_ops = r->next ? dup(ops_cell(&t, ix[5])) : NULL;
        if (!r->next && !is_dash(cell(&t, ix[5])))
            row_error(ix[5], "next_ops without next");
        if (!r->next && strchr(r->pattern, ';'))
            row_error(ix[3], "pair pattern '%s' without next", r->pattern);
        int n, m;
        ratio(&t, ix[6], &n, &m);
        r->limit = (uint8_t)n;
        r->window = (uint8_t)m;
        r->usually = yesno(&t, ix[7]);
        r->needs_rename = yesno(&t, ix[8]);
        c->nelim++;
    }
    tsv_close(&t);
}

static void read_latrules(Cpu *c, const char *path)
{
    static const char *cols[] = {"name", "producer", "wopnd", "consumer", "role", "lat", "delta", NULL};
    int ix[7];
    Tsv t;
    if (!open_table(&t, path, cols, ix, true))
        return;
    int cap = 0;
    while (tsv_next(&t)) {
        GROW(c->lat, c->nlat, cap, 16);
        ModelLatRule *r = &c->lat[c->nlat];
        memset(r, 0, sizeof *r);
        nonempty(&t, ix[0]);
        r->name = dup(cell(&t, ix[0]));
        r->producer = mnem_cell(&t, ix[1], false);
        if (!strcmp(cell(&t, ix[2]), "base"))
            r->producer_role = MODEL_ROLE_BASE;
        else
            r->producer_opnd = (uint8_t)num_or_dash(&t, ix[2], 1, 32, 0);
        r->consumer = mnem_cell(&t, ix[3], false);
        const char *role = cell(&t, ix[4]);
        static const char *roles[] = {"any", "addend", "base", "index", "data"};
        int k = -1;
        for (int i = 0; i < MODEL_NROLES; i++)
            if (!strcmp(roles[i], role))
                k = i;
        if (k < 0)
            row_error(ix[4], "unknown role '%s' (any, addend, base, index, data)", role);
        r->role = (uint8_t)k;
        r->lat = (float)num_or_dash(&t, ix[5], 0, 1000, -1);
        r->delta = (float)num_or_dash(&t, ix[6], -1000, 1000, 0);
        if ((r->lat < 0) == is_dash(cell(&t, ix[6])))
            row_error(ix[5], "exactly one of 'lat' and 'delta' must be given");
        c->nlat++;
    }
    tsv_close(&t);
}

/* serialize.tsv: forms that serialize (system-register reads and writes): their instances map
 * at most one per `tp` cycles, the measured reciprocal throughput, which replaces the table's
 * (the simulator's throughput gate does the rest).  Every glob must match some form. */
static void read_serialize(Cpu *c, const char *path)
{
    static const char *cols[] = {"name", "forms", "tp", NULL};
    int ix[3];
    Tsv t;
    if (!open_table(&t, path, cols, ix, true))
        return;
    char *done = xcalloc((size_t)(c->nforms > 0 ? c->nforms : 1), 1);
    while (tsv_next(&t)) {
        nonempty(&t, ix[0]);
        double tp = num_or_dash(&t, ix[2], 0.001, 10000, -1);
        if (tp < 0)
            row_error(ix[2], "a serializing form needs its measured throughput");
        char *globs = xstrdup(list_cell(&t, ix[1], "_*,ABCDEFGHIJKLMNOPQRSTUVWXYZ", false));
        for (char *g = strtok(globs, ","); g; g = strtok(NULL, ",")) {
            int hits = 0;
            for (int i = 0; i < c->nforms; i++) {
                if (fnmatch(g, c->forms[i].id, 0) != 0)
                    continue;
                hits++;
                if (!done[i])     /* first rule wins */
                    c->forms[i].tp = (float)tp, done[i] = 1;
            }
            if (!hits)
                row_error(ix[1], "'%s' matches no form of forms.tsv", g);
        }
        free(globs);
    }
    free(done);
    tsv_close(&t);
}

static void read_nonpipe(Cpu *c, const char *path)
{
    static const char *cols[] = {"name", "units", "forms", NULL};
    int ix[3];
    Tsv t;
    if (!open_table(&t, path, cols, ix, true))
        return;
    int cap = 0;
    while (tsv_next(&t)) {
        GROW(c->np, c->nnp, cap, 8);
        ModelNonPipe *r = &c->np[c->nnp];
        nonempty(&t, ix[0]);
        r->name = dup(cell(&t, ix[0]));
        r->units = unit_list(&t, ix[1], c->nunits);
        r->forms = dup(list_cell(&t, ix[2], "_*,ABCDEFGHIJKLMNOPQRSTUVWXYZ", false));
        /* every glob must match some form: a typo must not silently model nothing */
        char *globs = xstrdup(r->forms);
        for (char *g = strtok(globs, ","); g; g = strtok(NULL, ",")) {
            int hits = 0;
            for (int i = 0; i < c->nforms; i++) {
                if (fnmatch(g, c->forms[i].id, 0) != 0)
                    continue;
                hits++;
                ModelForm *f = &c->forms[i];
                if (f->nonpipe >= 0)
                    continue;     /* first rule wins */
                f->nonpipe = (int8_t)c->nnp;
                if (f->tp > 0)
                    f->occupancy = f->tp * (float)popcount(r->units);
            }
            if (!hits)
                row_error(ix[2], "'%s' matches no form of forms.tsv", g);
        }
        free(globs);
        c->nnp++;
    }
    tsv_close(&t);
}

/* models/classes.tsv (shared by all CPUs): form globs -> classes, first match wins; then units
 * for forms whose units are unknown, per issued group: the group's units having such a class */
static void read_classes(Cpu *cpus, int ncpus, const char *path)
{
    static const char *cols[] = {"forms", "classes", "note", NULL};
    int ix[3];
    Tsv t;
    if (!open_table(&t, path, cols, ix, true))
        return;
    while (tsv_next(&t)) {
        const char *globs = list_cell(&t, ix[0], "_*,ABCDEFGHIJKLMNOPQRSTUVWXYZ", false);
        uint64_t mask = 0;
        const char *p = cell(&t, ix[1]);
        while (*p) {
            size_t n = strcspn(p, ",");
            int k = -1;
            for (int i = 0; i < MODEL_NCLASSES; i++)
                if (strlen(class_names[i]) == n && !strncmp(class_names[i], p, n))
                    k = i;
            if (k < 0)
                row_error(ix[1], "unknown class '%.*s'", (int)n, p);
            mask |= MODEL_CLASS_BIT(k);
            p += n;
            if (*p)
                p++;
        }
        char *g = xstrdup(globs);
        for (char *one = strtok(g, ","); one; one = strtok(NULL, ",")) {
            int hits = 0;
            for (int c = 0; c < ncpus; c++)
                for (int i = 0; i < cpus[c].nforms; i++) {
                    ModelForm *f = &cpus[c].forms[i];
                    if (fnmatch(one, f->id, 0) != 0)
                        continue;
                    hits++;
                    if (!f->classes)
                        f->classes = mask;
                }
            if (!hits)
                row_error(ix[0], "'%s' matches no form", one);
        }
        free(g);
    }
    tsv_close(&t);
    for (int c = 0; c < ncpus; c++) {
        Cpu *cpu = &cpus[c];
        for (int i = 0; i < cpu->nforms; i++) {
            ModelForm *f = &cpu->forms[i];
            if (f->nunit_uses || !f->classes)
                continue;
            float issues[MODEL_NGROUPS] = {f->issue_int, f->issue_mem, f->issue_fp};
            for (int grp = 0; grp < MODEL_NGROUPS; grp++) {
                if (issues[grp] <= 0)
                    continue;
                uint32_t m = 0;
                for (int u = 0; u < cpu->nunits; u++)
                    if (cpu->units[u].group == grp && (cpu->units[u].classes & f->classes))
                        m |= 1u << (u + 1);
                if (!m || f->nunit_uses == MODEL_MAX_UNIT_USES)
                    continue;
                /* one issue needs the class; any others go to any unit of the group (as the
                 * Firestorm rows show: FCVTAS to gpr "u3/4?, u13/14?, u11-14?", EXTR "u6, u1-6?") */
                int cnt = (int)ceil(issues[grp]);
                f->unit_use[f->nunit_uses++] = (ModelUnitUse){1, true, m};
                uint32_t all = 0;
                for (int u = 0; u < cpu->nunits; u++)
                    if (cpu->units[u].group == grp)
                        all |= 1u << (u + 1);
                if (cnt > 1 && f->nunit_uses < MODEL_MAX_UNIT_USES)
                    f->unit_use[f->nunit_uses++] = (ModelUnitUse){(uint8_t)(cnt - 1 > 32 ? 32 : cnt - 1), true, all};
            }
            if (f->nunit_uses) {
                f->units_derived = true;
                f->units = f->unit_use[0].mask;
                f->unit_count = f->unit_use[0].count;
                f->units_uncertain = true;
            }
        }
    }
}

static void emit_cpu(FILE *o, const Cpu *c)
{
    const char *n = c->name;
    fprintf(o, "\n/* ---- %s ---- */\n", n);
    fprintf(o, "static const ModelUnit %s_units[] = {\n", n);
    for (int i = 0; i < c->nunits; i++) {
        const ModelUnit *u = &c->units[i];
        fprintf(o, "    {");
        emit_str(o, u->name);
        fprintf(o, ", %d, %d, 0x%llxull, ", u->group, u->sched, (unsigned long long)u->classes);
        emit_str(o, u->desc);
        fprintf(o, "},\n");
    }
    fprintf(o, "};\n");
    if (c->nscheds) {
        fprintf(o, "static const ModelSched %s_scheds[] = {\n", n);
        for (int i = 0; i < c->nscheds; i++) {
            const ModelSched *s = &c->scheds[i];
            fprintf(o, "    {");
            emit_str(o, s->name);
            fprintf(o, ", %d, %d, 0x%xu, %d, %s},\n", s->queue, s->entries, s->units, s->issue_width,
                    s->estimate ? "true" : "false");
        }
        fprintf(o, "};\n");
    }
    if (c->nqueues) {
        fprintf(o, "static const ModelQueue %s_queues[] = {\n", n);
        for (int i = 0; i < c->nqueues; i++) {
            const ModelQueue *q = &c->queues[i];
            fprintf(o, "    {");
            emit_str(o, q->name);
            fprintf(o, ", %d, %d, %d, %d, %d, %s},\n", q->group, q->entries, q->in_width, q->width,
                    q->total_width, q->estimate ? "true" : "false");
        }
        fprintf(o, "};\n");
    }
    fprintf(o, "static const ModelForm %s_forms[] = {\n", n);
    for (int i = 0; i < c->nforms; i++) {
        const ModelForm *f = &c->forms[i];
        fprintf(o, "    {.id = ");
        emit_str(o, f->id);
        fprintf(o, ", .lat = ");
        emit_num(o, f->lat);
        if (f->nlat) {
            fprintf(o, ", .nlat = %d, .lat_opnd = {", f->nlat);
            for (int k = 0; k < f->nlat; k++)
                fprintf(o, "%s%d", k ? ", " : "", f->lat_opnd[k]);
            fprintf(o, "}, .lat_read = {");
            for (int k = 0; k < f->nlat; k++)
                fprintf(o, "%s%d", k ? ", " : "", f->lat_read[k]);
            fprintf(o, "}, .lat_val = {");
            for (int k = 0; k < f->nlat; k++) {
                fprintf(o, "%s", k ? ", " : "");
                emit_num(o, f->lat_val[k]);
            }
            fprintf(o, "}, .lat_flags = {");
            for (int k = 0; k < f->nlat; k++)
                fprintf(o, "%s%d", k ? ", " : "", f->lat_flags[k]);
            fprintf(o, "}");
        }
        fprintf(o, ", .tp = ");
        emit_num(o, f->tp);
        fprintf(o, ", .uops = %d, .issues_int = %d, .issues_mem = %d, .issues_fp = %d", f->uops,
                f->issues_int, f->issues_mem, f->issues_fp);
        fprintf(o, ", .issue_int = ");
        emit_num(o, f->issue_int);
        fprintf(o, ", .issue_mem = ");
        emit_num(o, f->issue_mem);
        fprintf(o, ", .issue_fp = ");
        emit_num(o, f->issue_fp);
        if (f->nunit_uses) {
            fprintf(o, ", .units = 0x%xu, .unit_count = %d, .units_uncertain = %s, .nunit_uses = %d, .unit_use = {",
                    f->units, f->unit_count, f->units_uncertain ? "true" : "false", f->nunit_uses);
            for (int k = 0; k < f->nunit_uses; k++)
                fprintf(o, "%s{%d, %s, 0x%xu}", k ? ", " : "", f->unit_use[k].count,
                        f->unit_use[k].uncertain ? "true" : "false", f->unit_use[k].mask);
            fprintf(o, "}");
        }
        if (f->lat_main_flags)
            fprintf(o, ", .lat_main_flags = %d", f->lat_main_flags);
        fprintf(o, ", .group = ");
        emit_str(o, f->group);
        fprintf(o, ", .nonpipe = %d", f->nonpipe);
        if (f->classes)
            fprintf(o, ", .classes = 0x%llxull", (unsigned long long)f->classes);
        if (f->units_derived)
            fprintf(o, ", .units_derived = true");
        fprintf(o, ", .rt_return = ");
        emit_num(o, f->rt_return);
        if (f->mem_chain_lat > 0) {
            fprintf(o, ", .mem_chain_lat = ");
            emit_num(o, f->mem_chain_lat);
        }
        if (f->occupancy > 0) {
            fprintf(o, ", .occupancy = ");
            emit_num(o, f->occupancy);
        }
        fprintf(o, "},\n");
    }
    fprintf(o, "};\n");
    /* the hash index: power of two >= 2 * nforms, linear probing */
    uint32_t size = 1;
    while (size < 2u * (uint32_t)c->nforms)
        size <<= 1;
    int32_t *slots = xmalloc(size * sizeof *slots);
    for (uint32_t i = 0; i < size; i++)
        slots[i] = -1;
    for (int i = 0; i < c->nforms; i++) {
        uint32_t h = model_hash(c->forms[i].id) & (size - 1);
        while (slots[h] >= 0)
            h = (h + 1) & (size - 1);
        slots[h] = i;
    }
    fprintf(o, "static const int32_t %s_form_hash[%u] = {", n, size);
    for (uint32_t i = 0; i < size; i++)
        fprintf(o, "%s%d", i == 0 ? "\n    " : i % 16 ? ", " : ",\n    ", slots[i]);
    fprintf(o, "\n};\n");
    free(slots);
    if (c->nfus) {
        fprintf(o, "static const ModelFusion %s_fusions[] = {\n", n);
        for (int i = 0; i < c->nfus; i++) {
            const ModelFusion *r = &c->fus[i];
            fprintf(o, "    {");
            emit_str(o, r->name);
            fprintf(o, ", ");
            emit_str(o, r->first);
            fprintf(o, ", ");
            emit_str(o, r->second);
            fprintf(o, ", ");
            emit_str(o, r->pattern);
            fprintf(o, ", %uu, %d, %d, %d, %d, %s},\n", r->conds, r->reads_limit, r->reads_window,
                    r->uops, r->issues, r->usually ? "true" : "false");
        }
        fprintf(o, "};\n");
    }
    if (c->nelim) {
        fprintf(o, "static const ModelElim %s_elims[] = {\n", n);
        for (int i = 0; i < c->nelim; i++) {
            const ModelElim *r = &c->elim[i];
            fprintf(o, "    {");
            emit_str(o, r->name);
            fprintf(o, ", ");
            emit_str(o, r->mnems);
            fprintf(o, ", ");
            emit_str(o, r->ops);
            fprintf(o, ", ");
            emit_str(o, r->next);
            fprintf(o, ", ");
            emit_str(o, r->next_ops);
            fprintf(o, ", ");
            emit_str(o, r->pattern);
            fprintf(o, ", %d, %d, %s, %s},\n", r->limit, r->window, r->usually ? "true" : "false",
                    r->needs_rename ? "true" : "false");
        }
        fprintf(o, "};\n");
    }
    if (c->nlat) {
        fprintf(o, "static const ModelLatRule %s_latrules[] = {\n", n);
        for (int i = 0; i < c->nlat; i++) {
            const ModelLatRule *r = &c->lat[i];
            fprintf(o, "    {");
            emit_str(o, r->name);
            fprintf(o, ", ");
            emit_str(o, r->producer);
            fprintf(o, ", %d, ", r->producer_opnd);
            emit_str(o, r->consumer);
            fprintf(o, ", %d, ", r->role);
            emit_num(o, r->lat);
            fprintf(o, ", ");
            emit_num(o, r->delta);
            fprintf(o, ", %d},\n", r->producer_role);
        }
        fprintf(o, "};\n");
    }
    if (c->nnp) {
        fprintf(o, "static const ModelNonPipe %s_nonpipe[] = {\n", n);
        for (int i = 0; i < c->nnp; i++) {
            fprintf(o, "    {");
            emit_str(o, c->np[i].name);
            fprintf(o, ", 0x%xu, ", c->np[i].units);
            emit_str(o, c->np[i].forms);
            fprintf(o, "},\n");
        }
        fprintf(o, "};\n");
    }
    fprintf(o, "static const ModelCpu %s_cpu = {\n    .name = ", n);
    emit_str(o, c->name);
    fprintf(o, ", .aliases = ");
    emit_str(o, c->aliases);
    fprintf(o, ", .desc = ");
    emit_str(o, c->desc);
    fprintf(o, ",\n    .source = ");
    emit_str(o, c->source);
    fprintf(o, ",\n    .p = {");
    for (int i = 0; i < MODEL_NPARAMS; i++) {
        fprintf(o, "%s", i ? ", " : "");
        emit_num(o, c->p[i]);
    }
    fprintf(o, "},\n    .p_estimate = {");
    for (int i = 0; i < MODEL_NPARAMS; i++)
        fprintf(o, "%s%d", i ? ", " : "", c->p_est[i]);
    fprintf(o, "},\n");
    fprintf(o, "    .nunits = %d, .units = %s_units,\n", c->nunits, n);
    if (c->nscheds)
        fprintf(o, "    .nscheds = %d, .scheds = %s_scheds,\n", c->nscheds, n);
    if (c->nqueues)
        fprintf(o, "    .nqueues = %d, .queues = %s_queues,\n", c->nqueues, n);
    fprintf(o, "    .nforms = %d, .forms = %s_forms, .form_hash = %s_form_hash, .form_hash_mask = %uu,\n",
            c->nforms, n, n, size - 1);
    if (c->nfus)
        fprintf(o, "    .nfusions = %d, .fusions = %s_fusions,\n", c->nfus, n);
    if (c->nelim)
        fprintf(o, "    .nelims = %d, .elims = %s_elims,\n", c->nelim, n);
    if (c->nlat)
        fprintf(o, "    .nlatrules = %d, .latrules = %s_latrules,\n", c->nlat, n);
    if (c->nnp)
        fprintf(o, "    .nnonpipe = %d, .nonpipe = %s_nonpipe,\n", c->nnp, n);
    fprintf(o, "};\n");
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: gen-models models/registry.tsv out.c\n");
        return 2;
    }
    util_progname = "gen-models";
    const char *reg = argv[1];
    char *dir = xstrdup(reg);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        strcpy(dir, ".");

    static const char *cols[] = {"name", "aliases", "desc", NULL};
    int ix[3];
    Tsv t;
    open_table(&t, reg, cols, ix, false);
    Cpu *cpus = NULL;
    int ncpus = 0;
    while (tsv_next(&t)) {
        cpus = xrealloc(cpus, (size_t)(ncpus + 1) * sizeof *cpus);
        Cpu *c = &cpus[ncpus];
        memset(c, 0, sizeof *c);
        const char *name = cell(&t, ix[0]);
        if (!*name)
            row_error(ix[0], "empty model name");
        for (const char *p = name; *p; p++)
            if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
                row_error(ix[0], "bad model name '%s' (lowercase letters, digits, '_')", name);
        for (int i = 0; i < ncpus; i++)
            if (!strcmp(cpus[i].name, name))
                row_error(ix[0], "duplicate model '%s'", name);
        c->name = dup(name);
        c->aliases = dup(list_cell(&t, ix[1], ",-_", true));
        c->desc = dup(cell(&t, ix[2]));
        ncpus++;
    }
    tsv_close(&t);
    if (!ncpus)
        file_error(reg, "no models");

    for (int i = 0; i < ncpus; i++) {
        Cpu *c = &cpus[i];
        for (int k = 0; k < MODEL_NPARAMS; k++)
            c->p[k] = -1;
        read_params(c, path_join(dir, c->name, "params.tsv"));
        read_units(c, path_join(dir, c->name, "units.tsv"));
        read_scheds_queues(c, path_join(dir, c->name, "queues.tsv"), path_join(dir, c->name, "schedulers.tsv"));
        link_units(c, path_join(dir, c->name, "units.tsv"));
        read_forms(c, path_join(dir, c->name, "forms.tsv"));
        read_fusion(c, path_join(dir, c->name, "fusion.tsv"));
        read_elim(c, path_join(dir, c->name, "elim.tsv"));
        read_latrules(c, path_join(dir, c->name, "latency.tsv"));
        read_serialize(c, path_join(dir, c->name, "serialize.tsv"));
        read_nonpipe(c, path_join(dir, c->name, "nonpipelined.tsv"));
    }
    {
        Buf cp;
        buf_init(&cp);
        buf_printf(&cp, "%s/classes.tsv", dir);
        read_classes(cpus, ncpus, buf_cstr(&cp));
        buf_free(&cp);
    }

    /* write to a temporary file, renamed at the end: a failed run leaves no half file */
    Buf tmp;
    buf_init(&tmp);
    buf_printf(&tmp, "%s.tmp", argv[2]);
    FILE *o = fopen(buf_cstr(&tmp), "w");
    if (!o)
        file_error(argv[2], "cannot write: %s", strerror(errno));
    fprintf(o, "/* models.c — generated from %s and the models/<cpu>/ TSV tables by tools/gen-models.c.\n"
               " * DO NOT EDIT: edit the TSV files. */\n#include \"model/model.h\"\n#include <stddef.h>\n", reg);
    for (int i = 0; i < ncpus; i++)
        emit_cpu(o, &cpus[i]);
    fprintf(o, "\nconst ModelCpu *const model_cpus[] = {\n");
    for (int i = 0; i < ncpus; i++)
        fprintf(o, "    &%s_cpu,\n", cpus[i].name);
    fprintf(o, "};\nconst int model_ncpus = %d;\n", ncpus);
    if (fclose(o) != 0 || rename(buf_cstr(&tmp), argv[2]) != 0)
        file_error(argv[2], "cannot write: %s", strerror(errno));
    buf_free(&tmp);
    return 0;
}

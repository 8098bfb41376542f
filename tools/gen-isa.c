/* gen-isa.c — build-time generator: the instruction tables src/a64/isa/<name>.tsv -> one C file.
 *
 *   gen-isa OUT.c [-e ENCDIR] [-f FEATURES.tsv] FILE.tsv...
 *
 * Each row (format: the header comment of src/a64/isa/base.tsv) is parsed and checked here, so
 * a bad row fails the build with "FILE:LINE: error: ...": unknown operand pattern, bad form
 * template variable, operand number out of range, '~' (nearest form) without a note, ...
 * The output holds a64_rows[] grouped by mnemonic (first appearance order, rows in file order),
 * a64_row_filter[] (the matcher's quick operand-class filter per row), a64_mnems[] and an
 * open-addressing hash of the mnemonics (a64_mnem_hash_of from src/a64/isa.h), and, from
 * ENCDIR/variants.tsv and ENCDIR/layouts.tsv (src/a64/enc/, learned by tools/enc-learn.c), the
 * encodings: per row its variants (matched to the row by its mnem and ops columns), the layouts.
 * FEATURES.tsv (src/a64/features.tsv) names the features a row's `feature` cell may take (its
 * bit: the order of the `feature` rows there).
 * Runs on the build host ($(HOSTCC)); uses only the C library.
 */
#include "a64/a64.h"
#include "a64/isa.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *cur_file;
static int cur_line;

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%d: error: ", cur_file, cur_line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static char *xdup(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (!p) { perror("gen-isa"); exit(1); }
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

/* ---- shapes, shifts ---- */
static const struct { const char *name; int shape; } shape_names[] = {
    {"8b", A64_V_8B}, {"16b", A64_V_16B}, {"4h", A64_V_4H}, {"8h", A64_V_8H}, {"2s", A64_V_2S},
    {"4s", A64_V_4S}, {"1d", A64_V_1D}, {"2d", A64_V_2D}, {"1q", A64_V_1Q}, {"2h", A64_V_2H},
    {"4b", A64_V_4B},
};
#define BIT(x) (1u << (x))
static uint32_t named_vec_set(const char *s)
{
    if (!strcmp(s, "all")) return BIT(A64_V_8B) | BIT(A64_V_16B) | BIT(A64_V_4H) | BIT(A64_V_8H) | BIT(A64_V_2S) | BIT(A64_V_4S) | BIT(A64_V_2D);
    if (!strcmp(s, "bhs")) return BIT(A64_V_8B) | BIT(A64_V_16B) | BIT(A64_V_4H) | BIT(A64_V_8H) | BIT(A64_V_2S) | BIT(A64_V_4S);
    if (!strcmp(s, "hs")) return BIT(A64_V_4H) | BIT(A64_V_8H) | BIT(A64_V_2S) | BIT(A64_V_4S);
    if (!strcmp(s, "sd")) return BIT(A64_V_2S) | BIT(A64_V_4S) | BIT(A64_V_2D);
    if (!strcmp(s, "hsd")) return BIT(A64_V_4H) | BIT(A64_V_8H) | BIT(A64_V_2S) | BIT(A64_V_4S) | BIT(A64_V_2D);
    if (!strcmp(s, "b")) return BIT(A64_V_8B) | BIT(A64_V_16B);
    return 0;
}

/* "8b|16b" or a named set -> bitmask of vector shapes */
static uint32_t parse_vec_set(const char *s)
{
    uint32_t m = named_vec_set(s);
    if (m) return m;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *tok = strtok(buf, "|"); tok; tok = strtok(NULL, "|")) {
        size_t i;
        for (i = 0; i < ARRAY_LEN(shape_names); i++)
            if (!strcmp(tok, shape_names[i].name)) break;
        if (i == ARRAY_LEN(shape_names)) fail("unknown vector arrangement '%s'", tok);
        m |= BIT(shape_names[i].shape);
    }
    return m;
}

/* "b|h|s|d|q" -> scalar shapes (elem = false) or element shapes (elem = true) */
static uint32_t parse_letter_set(const char *s, bool elem)
{
    if (!strcmp(s, "all")) s = elem ? "b|h|s|d" : "b|h|s|d|q";
    uint32_t m = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *tok = strtok(buf, "|"); tok; tok = strtok(NULL, "|")) {
        static const char letters[] = "bhsdq";
        if (elem && !strcmp(tok, "4b")) { m |= BIT(A64_V_4B); continue; }   /* dot-product groups */
        if (elem && !strcmp(tok, "2h")) { m |= BIT(A64_V_2H); continue; }
        const char *p = strlen(tok) == 1 ? strchr(letters, tok[0]) : NULL;
        if (!p || (elem && *p == 'q')) fail("unknown %s size '%s'", elem ? "element" : "scalar", tok);
        int k = (int)(p - letters);
        m |= BIT(elem ? A64_V_ELEM_B + k : A64_V_B + k);
    }
    return m;
}

/* "a|b|c" -> the bits of the named values; an unknown name fails with "unknown WHAT 'name'" */
typedef struct NameBit { const char *n; int v; } NameBit;
static uint32_t parse_name_set(const char *s, const NameBit *names, size_t count, const char *what)
{
    uint32_t m = 0;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *tok = strtok(buf, "|"); tok; tok = strtok(NULL, "|")) {
        size_t i;
        for (i = 0; i < count; i++)
            if (!strcmp(tok, names[i].n)) break;
        if (i == count) fail("unknown %s '%s'", what, tok);
        m |= BIT(names[i].v);
    }
    return m;
}

static uint32_t parse_shift_set(const char *s)
{
    static const NameBit sh[] = {
        {"lsl", A64_SH_LSL}, {"lsr", A64_SH_LSR}, {"asr", A64_SH_ASR}, {"ror", A64_SH_ROR},
    };
    return parse_name_set(s, sh, ARRAY_LEN(sh), "shift");
}

/* rext:E1|E2: the extends a row takes (uxtx|sxtx also of a w register in a 32-bit row) */
static uint32_t parse_extend_set(const char *s)
{
    static const NameBit ex[] = {
        {"uxtb", A64_SH_UXTB}, {"uxth", A64_SH_UXTH}, {"uxtw", A64_SH_UXTW}, {"uxtx", A64_SH_UXTX},
        {"sxtb", A64_SH_SXTB}, {"sxth", A64_SH_SXTH}, {"sxtw", A64_SH_SXTW}, {"sxtx", A64_SH_SXTX},
    };
    return parse_name_set(s, ex, ARRAY_LEN(ex), "extend");
}

static int parse_scale(const char *s, const char *pat)
{
    if (!s) fail("'%s' needs a scale ':S'", pat);
    int v = atoi(s);
    if (v != 1 && v != 2 && v != 4 && v != 8 && v != 16) fail("bad scale in '%s'", pat);
    return v;
}

/* one operand pattern word -> A64Pat */
static A64Pat parse_pat(const char *text)
{
    A64Pat p = {0};
    char w[1024];
    snprintf(w, sizeof w, "%s", text);
    char *colon = strchr(w, ':');
    char *arg = NULL;
    if (colon) { *colon = 0; arg = colon + 1; }
    if (w[0] == 'x' && isdigit((unsigned char)w[1]) && !colon) {   /* xN: that register only */
        char *end;
        long n = strtol(w + 1, &end, 10);
        if (*end || n > 30) fail("bad register pattern '%s'", text);
        A64Pat p = {0};
        p.kind = P_X;
        p.arg = (uint8_t)(n + 1);
        return p;
    }
    static const struct { const char *n; int k; } simple[] = {
        {"w", P_W}, {"x", P_X}, {"wsp", P_WSP}, {"xsp", P_XSP}, {"r", P_R}, {"rsp", P_RSP},
        {"sp", P_SP}, {"rext", P_REXT}, {"imm", P_IMM}, {"zero", P_ZERO}, {"fzero", P_FZERO},
        {"shamt", P_SHAMT}, {"lsb", P_LSB}, {"width", P_WIDTH}, {"aimm", P_AIMM},
        {"aimmsh", P_AIMMSH}, {"bimm", P_BIMM}, {"nbimm", P_NBIMM}, {"movz", P_MOVZ},
        {"movn", P_MOVN}, {"mov16", P_MOV16}, {"fimm8", P_FIMM8}, {"mimm8", P_MIMM8},
        {"mimmmsl", P_MIMMMSL}, {"mimm64", P_MIMM64}, {"label", P_LABEL}, {"cond", P_COND},
        {"condnal", P_CONDNAL}, {"named", P_NAMED}, {"sysname", P_NAMED}, {"pstate", P_NAMED}, {"sysreg", P_SYSREG}, {"sysop", P_SYSOP}, {"mem", P_MEM},
        {"memoff", P_MEMOFF}, {"memoff9", P_MEMOFF9}, {"mempre9", P_MEMPRE9},
        {"mempost9", P_MEMPOST9}, {"mempair", P_MEMPAIR}, {"mempairpre", P_MEMPAIRPRE},
        {"mempairpost", P_MEMPAIRPOST}, {"memoff10", P_MEMOFF10}, {"mempre10", P_MEMPRE10}, {"memreg", P_MEMREG}, {"memsxtx", P_MEMSXTX},
        {"mempostreg", P_MEMPOSTREG}, {"mempostimm", P_MEMPOSTIMM},
    };
    for (size_t i = 0; i < ARRAY_LEN(simple); i++) {
        if (strcmp(w, simple[i].n)) continue;
        p.kind = (uint8_t)simple[i].k;
        switch (p.kind) {
        case P_W: case P_X: case P_R:
            if (arg) p.set = parse_shift_set(arg);
            return p;
        case P_REXT:
            if (arg) p.set = parse_extend_set(arg);
            return p;
        case P_NAMED:
            if (!arg || !*arg) fail("'%s' needs ':a|b|...'", w);
            p.str = xdup(arg, strlen(arg));
            p.arg = !strcmp(w, "sysname") ? A64_NAMED_SYSOP : !strcmp(w, "pstate") ? A64_NAMED_PSTATE : 0;
            return p;
        case P_SYSOP:
            if (!arg || !*arg) fail("'sysop' needs ':KIND' (a kind of src/a64/sysops.tsv)");
            p.str = xdup(arg, strlen(arg));
            return p;
        case P_SYSREG:
            if (arg) {
                for (char *c = arg; *c; c++) *c = (char)tolower((unsigned char)*c);
                p.str = xdup(arg, strlen(arg));
            }
            return p;
        case P_LABEL: {       /* label:F*S: an F-bit field counting S bytes; label:F*S:expr an expression */
            char *x = arg ? strchr(arg, ':') : NULL;
            if (x) {
                *x++ = 0;
                if (strcmp(x, "expr")) fail("'label:FIELD*SCALE' takes only ':expr' after it: '%s'", text);
                p.lo = 1;
            }
            char *star = arg ? strchr(arg, '*') : NULL;
            long f = arg ? strtol(arg, NULL, 10) : 0, s = star ? strtol(star + 1, NULL, 10) : 0;
            if (f < 1 || s < 1 || (s & (s - 1)) || f + __builtin_ctzl((unsigned long)s) > 40)
                fail("'label' needs ':FIELD*SCALE' (the pc offset's field bits and the bytes each counts): '%s'", text);
            p.arg = (uint8_t)(f + __builtin_ctzl((unsigned long)s));
            p.set = (uint32_t)s;
            return p;
        }
        case P_MEMOFF: case P_MEMPAIR: case P_MEMPAIRPRE: case P_MEMPAIRPOST: case P_MEMOFF10: case P_MEMPRE10: case P_MEMREG:
        case P_MEMSXTX: {
            char *ext = arg ? strchr(arg, ':') : NULL;
            if (ext) *ext++ = 0;
            p.arg = (uint8_t)parse_scale(arg, text);
            if (ext && p.kind != P_MEMREG) fail("only memreg takes a list of index forms");
            if (ext) {
                static const NameBit ex[] = {
                    {"none", A64_SH_NONE}, {"lsl", A64_SH_LSL}, {"uxtw", A64_SH_UXTW},
                    {"sxtw", A64_SH_SXTW}, {"sxtx", A64_SH_SXTX},
                };
                p.set = parse_name_set(ext, ex, ARRAY_LEN(ex), "index form");
            }
            if (p.kind == P_MEMSXTX) { p.kind = P_MEMREG; p.set = BIT(A64_SH_SXTX); }
            return p;
        }
        case P_MEMOFF9:       /* memoff9:gas: a GNU as spelling llvm refuses */
            if (arg && strcmp(arg, "gas")) fail("'memoff9' takes only ':gas': '%s'", text);
            p.arg = arg ? 1 : 0;
            return p;
        case P_WIDTH:         /* width:insert: of bfi/ubfiz/sbfiz/bfc (llvm names the overflow so) */
            if (arg && strcmp(arg, "insert")) fail("'width' takes only ':insert': '%s'", text);
            p.arg = arg ? 1 : 0;
            return p;
        default:
            if (arg) fail("operand pattern '%s' takes no ':' argument", text);
            return p;
        }
    }
    /* uN sN iA..B, with :barrier|:prefetch|:rotation|:plain: what the number is (llvm's words when it
     * is out of range) */
    if (colon && (w[0] == 'u' || w[0] == 's' || w[0] == 'i') && (isdigit((unsigned char)w[1]) || w[1] == '-')) {
        static const char *const what[] = {NULL, "barrier", "prefetch", "rotation", "plain"};
        size_t k;
        for (k = 1; k < ARRAY_LEN(what) && strcmp(arg, what[k]); k++) {}
        if (k == ARRAY_LEN(what)) fail("unknown immediate kind ':%s' in '%s'", arg, text);
        p.arg = (uint8_t)k;
        colon = NULL;
    }
    if (colon) *colon = ':';
    /* uN sN iA..B */
    if ((w[0] == 'u' || w[0] == 's') && isdigit((unsigned char)w[1])) {
        char *end;
        long n = strtol(w + 1, &end, 10);
        if (*end || n < 1 || n > 32) fail("bad immediate pattern '%s'", text);
        p.kind = P_RANGE;
        if (w[0] == 'u') { p.lo = 0; p.hi = ((int64_t)1 << n) - 1; }
        else { p.lo = -((int64_t)1 << (n - 1)); p.hi = ((int64_t)1 << (n - 1)) - 1; }
        return p;
    }
    if (w[0] == 'i' && (isdigit((unsigned char)w[1]) || w[1] == '-')) {
        char *end;
        p.lo = strtoll(w + 1, &end, 10);
        if (strncmp(end, "..", 2)) fail("bad immediate range '%s'", text);
        p.hi = strtoll(end + 2, &end, 10);
        if (*end || p.hi < p.lo) fail("bad immediate range '%s'", text);
        p.kind = P_RANGE;
        return p;
    }
    char *dot = strchr(w, '.');
    if (dot) {
        *dot = 0;
        const char *set = dot + 1;
        if (!strcmp(w, "v")) { p.kind = P_VEC; p.set = parse_vec_set(set); return p; }
        if (!strcmp(w, "f")) { p.kind = P_FSCALAR; p.set = parse_letter_set(set, false); return p; }
        if (!strcmp(w, "e")) {
            /* e.SET[A..B] / e.SET[N]: index range; e.SET:lowregs: only v0-v15 */
            char es[128];
            snprintf(es, sizeof es, "%s", set);
            p.kind = P_ELEM;
            p.lo = 0;
            p.hi = -1;
            char *c = strchr(es, ':');
            if (c) {
                if (strcmp(c, ":lowregs")) fail("unknown element restriction '%s'", c);
                p.arg = 16;
                *c = 0;
            }
            char *b = strchr(es, '[');
            if (b) {
                char *end;
                p.lo = strtoll(b + 1, &end, 10);
                p.hi = p.lo;
                if (!strncmp(end, "..", 2)) p.hi = strtoll(end + 2, &end, 10);
                if (strcmp(end, "]") || p.lo < 0 || p.hi < p.lo || p.hi > 15) fail("bad element index range in '%s'", text);
                *b = 0;
            }
            p.set = parse_letter_set(es, true);
            return p;
        }
        if (!strncmp(w, "list", 4) || !strncmp(w, "elist", 5)) {
            bool el = w[0] == 'e';
            const char *n = w + (el ? 5 : 4);
            p.kind = el ? P_ELIST : P_LIST;
            if (!strcmp(n, "n")) p.arg = 0;
            else if (n[0] >= '1' && n[0] <= '4' && !n[1]) p.arg = (uint8_t)(n[0] - '0');
            else fail("bad vector list pattern '%s'", text);
            p.set = el ? parse_letter_set(set, true) : parse_vec_set(set);
            return p;
        }
        *dot = '.';
    }
    if (!colon && strlen(w) == 1 && strchr("bhsdq", w[0])) {
        p.kind = P_FSCALAR;
        p.set = parse_letter_set(w, false);
        return p;
    }
    fail("unknown operand pattern '%s'", text);
    return p;
}

/* ---- registers named in reads/writes ---- */
static int imp_reg(const char *s)
{
    if (!strcmp(s, "sp")) return A64_SP;
    if (!strcmp(s, "nzcv")) return A64_NZCV;
    if (!strcmp(s, "fpsr")) return A64_FPSR;
    if (!strcmp(s, "lr")) return 30;
    if (s[0] == 'x' && isdigit((unsigned char)s[1])) {
        int n = atoi(s + 1);
        if (n >= 0 && n <= 30) return n;
    }
    return -1;
}

static void parse_uses(const char *cell, int nops, uint16_t *ops, uint8_t *imp, uint8_t *nimp)
{
    if (!strcmp(cell, "-")) return;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", cell);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        while (*tok == ' ') tok++;
        if (isdigit((unsigned char)tok[0])) {
            int n = atoi(tok);
            if (n < 1 || n > nops) fail("operand number %d out of range (the row has %d operands)", n, nops);
            *ops |= (uint16_t)(1u << n);
        } else {
            int r = imp_reg(tok);
            if (r < 0) fail("unknown register '%s' in reads/writes", tok);
            if (*nimp >= A64_ROW_MAXIMP) fail("too many implicit registers");
            imp[(*nimp)++] = (uint8_t)r;
        }
    }
}

static void check_template(const char *t)
{
    static const char *vars[] = {"sz", "T", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "N",
                                 "_shift", "ext", "_ext", "op", "taken"};
    for (const char *p = t; *p; p++) {
        if (*p != '{') continue;
        const char *e = strchr(p, '}');
        if (!e) fail("unterminated '{' in form '%s'", t);
        size_t n = (size_t)(e - p - 1), i;
        for (i = 0; i < ARRAY_LEN(vars); i++)
            if (strlen(vars[i]) == n && !strncmp(vars[i], p + 1, n)) break;
        if (i == ARRAY_LEN(vars)) fail("unknown variable '{%.*s}' in form '%s'", (int)n, p + 1, t);
        p = e;
    }
}

/* ---- rows ---- */
typedef struct Row {
    A64Row r;
    char *pat_text[A64_MAX_OPS];
    int order;
} Row;
static Row *rows;
static int nrows, caprows;

static void emit_cstr(FILE *f, const char *s)
{
    if (!s) { fputs("NULL", f); return; }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void split_tabs(char *line, char **cells, int *n, int max)
{
    *n = 0;
    char *p = line;
    while (*n < max) {
        cells[(*n)++] = p;
        char *t = strchr(p, '\t');
        if (!t) break;
        *t = 0;
        p = t + 1;
    }
}

/* The next data row of a table: skips blank and # lines, checks the header row against cols
 * (the column names, one space between) the first time, splits on tabs into c (room for the
 * column count + 1); the number of cells, or -1 at the end of the file.  The last `nopt`
 * columns may be left out of a row (their cells are then "-"). */
static int next_row_opt(FILE *f, char *line, int size, char **c, const char *cols, bool *header, int nopt)
{
    int want = 1;
    for (const char *p = cols; *p; p++) want += *p == ' ';
    while (fgets(line, size, f)) {
        cur_line++;
        size_t len = strlen(line);
        if (len == (size_t)size - 1) fail("line too long");
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
        if (!len || line[0] == '#') continue;
        int n;
        split_tabs(line, c, &n, want + 1);
        if (!*header) {
            const char *p = cols;
            bool ok = n <= want && n >= want - nopt;   /* (optional columns may be left out) */
            for (int i = 0; ok && i < n; i++) {
                size_t l = strlen(c[i]);
                ok = !strncmp(p, c[i], l) && (p[l] == ' ' || p[l] == 0);
                p += l + (p[l] == ' ');
            }
            if (!ok) fail("header must be: %s", cols);
            *header = true;
            continue;
        }
        if (n > want || n < want - nopt) {
            if (nopt) fail("expected %d to %d tab-separated columns, got %d", want - nopt, want, n);
            fail("expected %d tab-separated columns, got %d", want, n);
        }
        static char dash[] = "-";
        for (; n < want; n++) c[n] = dash;
        return n;
    }
    if (!*header) fail("no header line");
    return -1;
}
static int next_row(FILE *f, char *line, int size, char **c, const char *cols, bool *header)
{
    return next_row_opt(f, line, size, c, cols, header, 0);
}

/* the feature names (src/a64/features.tsv, its `feature` and `m1` rows in order; they come
 * first, so that the bit of one is its index in a64_features, src/a64/names.c) */
static char *features[A64_FEATURES_MAX];
static bool feature_m1[A64_FEATURES_MAX];   /* an `m1` row: the M1 has it */
static int nfeatures;
static void read_features(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "%s: cannot open\n", path); exit(1); }
    cur_file = path;
    cur_line = 0;
    char line[4096], *c[5];
    bool header = false, other = false;
    while (next_row(f, line, sizeof line, c, "kind name says value", &header) >= 0) {
        bool bit_row = !strcmp(c[0], "feature") || !strcmp(c[0], "m1");
        if (bit_row && other) fail("a %s row after a cpu row (the feature and m1 rows come first)", c[0]);
        other |= !bit_row;
        if (!bit_row) continue;
        if (nfeatures == A64_FEATURES_MAX) fail("more than %d features (A64Features)", A64_FEATURES_MAX);
        feature_m1[nfeatures] = !strcmp(c[0], "m1");
        features[nfeatures++] = xdup(c[1], strlen(c[1]));
    }
    fclose(f);
}

static void read_table(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "%s: cannot open\n", path); exit(1); }
    cur_file = path;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char line[4096];
    bool header = false;
    cur_line = 0;
    char *c[12];
    while (next_row_opt(f, line, sizeof line, c, "mnem ops form reads writes mem branch sys notes feature print", &header, 2) >= 0) {
        if (nrows == caprows) {
            caprows = caprows ? caprows * 2 : 512;
            rows = realloc(rows, (size_t)caprows * sizeof *rows);
            if (!rows) { perror("gen-isa"); exit(1); }
        }
        Row *R = &rows[nrows];
        memset(R, 0, sizeof *R);
        R->order = nrows;
        A64Row *r = &R->r;
        for (char *p = c[0]; *p; p++)
            if (!(islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '.')) fail("bad mnemonic '%s'", c[0]);
        if (!c[0][0]) fail("empty mnemonic");
        r->mnem = xdup(c[0], strlen(c[0]));
        /* operands */
        if (strcmp(c[1], "-")) {
            char *p = c[1];
            for (;;) {
                char *sep = strstr(p, ", ");
                size_t l = sep ? (size_t)(sep - p) : strlen(p);
                if (r->nops == A64_MAX_OPS) fail("more than %d operands", A64_MAX_OPS);
                char *w = xdup(p, l);
                R->pat_text[r->nops] = w;
                r->ops[r->nops] = parse_pat(w);
                A64Pat *pt = &r->ops[r->nops];
                /* ties: same text as an earlier SIMD operand with a choice of shapes */
                if (pt->kind == P_VEC || pt->kind == P_FSCALAR || pt->kind == P_ELEM || pt->kind == P_LIST || pt->kind == P_ELIST)
                    for (int k = 0; k < r->nops; k++)
                        if (!strcmp(R->pat_text[k], w)) { pt->tie = (uint8_t)(k + 1); break; }
                r->nops++;
                if (!sep) break;
                p = sep + 2;
            }
            /* a system register written (msr: the first of several operands) or read; a SYS
             * operation followed by a register */
            for (int i = 0; i < r->nops; i++)
                if (r->ops[i].kind == P_SYSREG || r->ops[i].kind == P_SYSOP)
                    r->ops[i].arg = r->ops[i].kind == P_SYSREG ? (i == 0 && r->nops > 1) : i + 1 < r->nops;
        }
        /* form */
        if (!strcmp(c[2], "-")) r->form = NULL;
        else {
            const char *t = c[2];
            if (*t == '~') { r->approx = 1; t++; }
            if (!*t) fail("empty form");
            check_template(t);
            r->form = xdup(t, strlen(t));
            if (strchr(t, '{')) r->tflags |= A64_TF_VARS;
            if (strstr(t, "{op}")) r->tflags |= A64_TF_OP;
            if (strstr(t, "{taken}")) r->tflags |= A64_TF_TAKEN;
        }
        parse_uses(c[3], r->nops, &r->rd_ops, r->rd_imp, &r->nrd_imp);
        parse_uses(c[4], r->nops, &r->wr_ops, r->wr_imp, &r->nwr_imp);
        /* mem */
        if (strcmp(c[5], "-")) {
            char buf[64];
            snprintf(buf, sizeof buf, "%s", c[5]);
            char *k = strtok(buf, ":");
            if (!strcmp(k, "load")) r->mem_kind = A64_MEM_LOAD;
            else if (!strcmp(k, "store")) r->mem_kind = A64_MEM_STORE;
            else if (!strcmp(k, "loadstore")) r->mem_kind = A64_MEM_LOADSTORE;
            else if (!strcmp(k, "prefetch")) r->mem_kind = A64_MEM_PREFETCH;
            else fail("unknown memory kind '%s'", k);
            for (char *t = strtok(NULL, ":"); t; t = strtok(NULL, ":")) {
                if (!strcmp(t, "pair")) r->mem_pair = 1;
                else if (isdigit((unsigned char)t[0])) r->mem_size = (uint16_t)atoi(t);
                else fail("bad memory attribute '%s'", t);
            }
            bool has_mem = false;
            for (int i = 0; i < r->nops; i++)
                if (r->ops[i].kind >= P_MEM || r->ops[i].kind == P_LABEL) has_mem = true;
            if (!has_mem && !r->mem_size) fail("memory access without a memory or label operand needs an explicit size");
        }
        /* branch */
        static const struct { const char *n; int v; } br[] = {
            {"direct", A64_BR_DIRECT}, {"cond", A64_BR_COND}, {"indirect", A64_BR_INDIRECT},
            {"call", A64_BR_CALL}, {"icall", A64_BR_CALL_INDIRECT}, {"ret", A64_BR_RETURN},
        };
        if (strcmp(c[6], "-")) {
            size_t i;
            for (i = 0; i < ARRAY_LEN(br); i++)
                if (!strcmp(c[6], br[i].n)) break;
            if (i == ARRAY_LEN(br)) fail("unknown branch kind '%s'", c[6]);
            r->branch = (uint8_t)br[i].v;
        }
        if (strcmp(c[7], "-")) {
            char buf[64];
            snprintf(buf, sizeof buf, "%s", c[7]);
            for (char *t = strtok(buf, "|"); t; t = strtok(NULL, "|")) {
                if (!strcmp(t, "barrier")) r->sys |= A64_SYS_BARRIER;
                else if (!strcmp(t, "system")) r->sys |= A64_SYS_SYSTEM;
                else if (!strcmp(t, "exclusive")) r->sys |= A64_SYS_EXCLUSIVE;
                else fail("unknown sys flag '%s'", t);
            }
        }
        r->notes = strcmp(c[8], "-") ? xdup(c[8], strlen(c[8])) : NULL;
        if (r->approx && !r->notes) fail("a nearest form ('~') needs a note saying why");
        if (strcmp(c[9], "-")) {    /* feature: one to three names, NAME:h needed by half precision
                                       only, NAME:nh by other precisions only */
            int nf = 0;
            for (char *t = strtok(c[9], " "); t; t = strtok(NULL, " ")) {
                char *colon = strchr(t, ':');
                bool half = colon && !strcmp(colon, ":h"), nohalf = colon && !strcmp(colon, ":nh");
                if (colon && !half && !nohalf)
                    fail("a feature is NAME, NAME:h (half precision only) or NAME:nh (not half precision): '%s'", t);
                if (colon) *colon = 0;
                int k;
                for (k = 0; k < nfeatures && strcmp(features[k], t); k++) {}
                if (k == nfeatures) fail("unknown feature '%s' (src/a64/features.tsv; gen-isa -f)", t);
                if (nf == A64_ROW_MAXFEAT) fail("more than %d features: '%s'", A64_ROW_MAXFEAT, t);
                r->feature[nf] = (uint8_t)(k + 1);
                r->feature_h |= (uint8_t)(half << nf);
                r->feature_nh |= (uint8_t)(nohalf << nf);
                nf++;
            }
        }
        if (strcmp(c[10], "-")) {    /* print: "MNEM N,N,...": LLVM prints the row as MNEM with these operands */
            char *sp = strchr(c[10], ' ');
            if (!sp) fail("print needs 'MNEMONIC N,N,...' (the operand numbers in the order printed): '%s'", c[10]);
            *sp = 0;
            r->print = xdup(c[10], strlen(c[10]));
            int k = 0;
            for (char *t = strtok(sp + 1, ","); t; t = strtok(NULL, ","), k++) {
                int n = atoi(t);
                if (k >= r->nops || n < 1 || n > r->nops) fail("print: operand '%s' out of 1..%d", t, r->nops);
                r->print_ops[k] = (uint8_t)n;
                const char *colon = strchr(t, ':');   /* N:ARR: printed with that arrangement */
                if (colon) {
                    size_t q = 0;
                    while (q < sizeof shape_names / sizeof *shape_names && strcmp(shape_names[q].name, colon + 1))
                        q++;
                    if (q == sizeof shape_names / sizeof *shape_names || r->ops[n - 1].kind != P_VEC)
                        fail("print: '%s' is not a vector operand with an arrangement (8b 16b 4h ...)", t);
                    r->print_shape[k] = (uint8_t)shape_names[q].shape;
                }
            }
            if (k != r->nops) fail("print lists %d operands, the row has %d", k, r->nops);
        }
        char src[256];
        snprintf(src, sizeof src, "%s:%d", base, cur_line);
        r->src = xdup(src, strlen(src));
        nrows++;
    }
    fclose(f);
}

static int first_of(const char *mnem)
{
    for (int i = 0; i < nrows; i++)
        if (!strcmp(rows[i].r.mnem, mnem)) return i;
    return -1;
}

/* ---- encodings (src/a64/enc/) ---- */
typedef struct EncVar { char *mnem, *ops; uint8_t key[A64_ENC_KEY]; uint32_t base; int layout; } EncVar;
static EncVar *evars;
static int nevars;
typedef struct EncLay { uint32_t tsel; int nsub; int64_t lo[A64_ENC_MAXV], hi[A64_ENC_MAXV]; int nbits[A64_ENC_MAXV]; uint32_t *masks[A64_ENC_MAXV]; } EncLay;
static EncLay *elays;
static int nelays;

static FILE *open_table(const char *dir, const char *name, char *path, size_t cap)
{
    snprintf(path, cap, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "%s: cannot open\n", path); exit(1); }
    cur_file = path;
    cur_line = 0;
    return f;
}

static void read_enc(const char *dir)
{
    static char pl[1024], pv[1024];
    char line[16384];
    FILE *f = open_table(dir, "layouts.tsv", pl, sizeof pl);
    bool header = false;
    char *c[6];
    while (next_row(f, line, sizeof line, c, "id tsel values", &header) >= 0) {
        if (atoi(c[0]) != nelays) fail("layout ids must count from 0 in order");
        elays = realloc(elays, sizeof *elays * (size_t)(nelays + 1));
        EncLay *L = &elays[nelays++];
        memset(L, 0, sizeof *L);
        L->tsel = (uint32_t)strtoul(c[1], NULL, 16);
        for (char *tok = strtok(c[2], " "); tok; tok = strtok(NULL, " ")) {
            if (L->nsub == A64_ENC_MAXV) fail("more than %d values", A64_ENC_MAXV);
            char *e;
            L->lo[L->nsub] = strtoll(tok, &e, 10);
            if (strncmp(e, "..", 2)) fail("bad value range '%s'", tok);
            L->hi[L->nsub] = strtoll(e + 2, &e, 10);
            if (*e != '=' || L->hi[L->nsub] < L->lo[L->nsub]) fail("bad value '%s'", tok);
            uint32_t *m = calloc(64, sizeof *m);
            int nb = 0;
            for (char *q = e + 1; *q;) {
                if (nb == 64) fail("too many bits in '%s'", tok);
                if (*q == '-') { m[nb++] = 0; q++; }
                else if (!strncmp(q, "0x", 2)) m[nb++] = (uint32_t)strtoul(q, &q, 16);
                else {
                    long b = strtol(q, &q, 10);
                    if (b < 0 || b > 31) fail("bit %ld out of range", b);
                    m[nb++] = 1u << b;
                }
                if (*q == ',') q++;
                else if (*q) fail("bad bit list in '%s'", tok);
            }
            L->nbits[L->nsub] = nb;
            L->masks[L->nsub] = m;
            L->nsub++;
        }
    }
    fclose(f);
    f = open_table(dir, "variants.tsv", pv, sizeof pv);
    header = false;
    while (next_row(f, line, sizeof line, c, "mnem ops key base layout", &header) >= 0) {
        if (strlen(c[2]) != 2 * A64_ENC_KEY) fail("key must be %d hex digits", 2 * A64_ENC_KEY);
        evars = realloc(evars, sizeof *evars * (size_t)(nevars + 1));
        EncVar *v = &evars[nevars++];
        v->mnem = xdup(c[0], strlen(c[0]));
        v->ops = xdup(c[1], strlen(c[1]));
        for (int b = 0; b < A64_ENC_KEY; b++) {
            char h[3] = {c[2][2 * b], c[2][2 * b + 1], 0};
            v->key[b] = (uint8_t)strtoul(h, NULL, 16);
        }
        v->base = (uint32_t)strtoul(c[3], NULL, 16);
        v->layout = atoi(c[4]);
        if (v->layout < 0 || v->layout >= nelays) fail("layout %d not in layouts.tsv", v->layout);
    }
    fclose(f);
}

/* the ops column of a row, as written */
static void row_ops(const Row *R, char *buf, size_t cap)
{
    if (!R->r.nops) { snprintf(buf, cap, "-"); return; }
    buf[0] = 0;
    for (int k = 0; k < R->r.nops; k++) {
        size_t l = strlen(buf);
        snprintf(buf + l, cap - l, "%s%s", k ? ", " : "", R->pat_text[k]);
    }
}

static void emit_enc(FILE *o)
{
    int nmasks = 0, nsubs = 0;
    fprintf(o, "\nconst A64EncLayout a64_enc_layouts[] = {\n");
    for (int i = 0; i < nelays; i++) {
        fprintf(o, "  {0x%xu,%d,%d},\n", elays[i].tsel, nsubs, elays[i].nsub);
        nsubs += elays[i].nsub;
    }
    if (!nelays) fprintf(o, "  {0}\n");
    fprintf(o, "};\nconst A64EncSub a64_enc_subs[] = {\n");
    for (int i = 0; i < nelays; i++)
        for (int j = 0; j < elays[i].nsub; j++) {
            fprintf(o, "  {%lldLL,%lldLL,%d,%d},\n", (long long)elays[i].lo[j], (long long)elays[i].hi[j], nmasks, elays[i].nbits[j]);
            nmasks += elays[i].nbits[j];
        }
    if (!nsubs) fprintf(o, "  {0}\n");
    if (nmasks > 65535) { fprintf(stderr, "gen-isa: too many encoding masks\n"); exit(1); }
    fprintf(o, "};\nconst uint32_t a64_enc_masks[] = {");
    int k = 0;
    for (int i = 0; i < nelays; i++)
        for (int j = 0; j < elays[i].nsub; j++)
            for (int b = 0; b < elays[i].nbits[j]; b++, k++)
                fprintf(o, "%s0x%xu,", k % 8 ? "" : "\n  ", elays[i].masks[j][b]);
    if (!nmasks) fprintf(o, "0");
    fprintf(o, "\n};\n");
    /* variants grouped by row */
    int *used = calloc((size_t)nevars + 1, sizeof *used);
    fprintf(o, "const A64EncVariant a64_enc_variants[] = {\n");
    int nout = 0;
    uint16_t (*re)[2] = calloc((size_t)nrows + 1, sizeof *re);
    char ops[4096];
    for (int i = 0; i < nrows; i++) {
        row_ops(&rows[i], ops, sizeof ops);
        re[i][0] = (uint16_t)nout;
        for (int v = 0; v < nevars; v++) {
            if (strcmp(evars[v].mnem, rows[i].r.mnem) || strcmp(evars[v].ops, ops)) continue;
            used[v] = 1;
            fprintf(o, "  {{");
            for (int b = 0; b < A64_ENC_KEY; b++) fprintf(o, "%d,", evars[v].key[b]);
            fprintf(o, "},0x%08xu,%d},\n", evars[v].base, evars[v].layout);
            nout++;
            re[i][1]++;
        }
        if (nout > 65535) { fprintf(stderr, "gen-isa: too many encoding variants\n"); exit(1); }
    }
    if (!nout) fprintf(o, "  {{0},0,0}\n");
    fprintf(o, "};\nconst uint16_t a64_row_enc[][2] = {");
    for (int i = 0; i < nrows; i++) fprintf(o, "%s{%d,%d},", i % 8 ? "" : "\n  ", re[i][0], re[i][1]);
    if (!nrows) fprintf(o, "{0,0}");
    fprintf(o, "\n};\n");
    for (int v = 0; v < nevars; v++)
        if (!used[v]) fprintf(stderr, "gen-isa: warning: encoding of '%s %s' matches no row: run make enc-learn\n", evars[v].mnem, evars[v].ops);
    free(used);
    free(re);
}

int main(int argc, char **argv)
{
    static const char usage[] = "usage: gen-isa OUT.c [-e ENCDIR] [-f FEATURES.tsv] FILE.tsv...\n";
    if (argc < 3) { fputs(usage, stderr); return 2; }
    int first = 2;
    const char *encdir = NULL;
    while (first + 1 < argc && (!strcmp(argv[first], "-e") || !strcmp(argv[first], "-f"))) {
        if (argv[first][1] == 'e') encdir = argv[first + 1];
        else read_features(argv[first + 1]);
        first += 2;
    }
    if (first >= argc) { fputs(usage, stderr); return 2; }
    for (int i = first; i < argc; i++) read_table(argv[i]);
    if (encdir) read_enc(encdir);
    /* stable grouping by mnemonic; first_of needs the original order, so precompute */
    int *firsts = malloc(sizeof(int) * (size_t)(nrows ? nrows : 1));
    for (int i = 0; i < nrows; i++) firsts[i] = first_of(rows[i].r.mnem);
    for (int i = 0; i < nrows; i++) rows[i].order = firsts[i] * 100000 + rows[i].order;
    /* after folding the group into `order`, sort by order alone */
    for (int i = 1; i < nrows; i++) {             /* insertion sort: stable, n is small */
        Row t = rows[i];
        int j = i - 1;
        while (j >= 0 && rows[j].order > t.order) { rows[j + 1] = rows[j]; j--; }
        rows[j + 1] = t;
    }
    FILE *o = fopen(argv[1], "w");
    if (!o) { perror(argv[1]); return 1; }
    fprintf(o, "/* generated by tools/gen-isa.c from src/a64/isa/<name>.tsv -- do not edit */\n");
    fprintf(o, "#include \"a64/a64.h\"\n#include \"a64/isa.h\"\n\n");
    uint64_t m1[2] = {0, 0};             /* the bits of the m1 features (src/a64/features.tsv) */
    for (int k = 0; k < nfeatures; k++)
        if (feature_m1[k]) m1[k >> 6] |= (uint64_t)1 << (k & 63);
    fprintf(o, "extern const A64Features a64_m1_features;\n"
               "const A64Features a64_m1_features = {{0x%llxull, 0x%llxull}};\n\n",
            (unsigned long long)m1[0], (unsigned long long)m1[1]);
    fprintf(o, "const A64Row a64_rows[] = {\n");
    for (int i = 0; i < nrows; i++) {
        A64Row *r = &rows[i].r;
        fprintf(o, "  {");
        emit_cstr(o, r->mnem);
        fputc(',', o);
        emit_cstr(o, r->form);
        fprintf(o, ",%d,%d,%d,", r->approx, r->nops, r->tflags);
        fprintf(o, "%u,%u,%d,%d,{", r->rd_ops, r->wr_ops, r->nrd_imp, r->nwr_imp);
        for (int k = 0; k < r->nrd_imp; k++) fprintf(o, "%d,", r->rd_imp[k]);
        fprintf(o, "},{");
        for (int k = 0; k < r->nwr_imp; k++) fprintf(o, "%d,", r->wr_imp[k]);
        fprintf(o, "},%d,%d,%d,%d,%d,", r->mem_kind, r->mem_size, r->mem_pair, r->branch, r->sys);
        fprintf(o, "{%d,%d,%d},%d,%d,", r->feature[0], r->feature[1], r->feature[2], r->feature_h, r->feature_nh);
        emit_cstr(o, r->notes);
        fputc(',', o);
        emit_cstr(o, r->src);
        fputc(',', o);
        emit_cstr(o, r->print);
        fprintf(o, ",{");
        for (int k = 0; k < r->nops; k++) fprintf(o, "%d,", r->print_ops[k]);
        fprintf(o, "},{");
        for (int k = 0; k < r->nops; k++) fprintf(o, "%d,", r->print_shape[k]);
        fprintf(o, "},{");
        for (int k = 0; k < r->nops; k++) {
            A64Pat *p = &r->ops[k];
            fprintf(o, "{%d,%d,%d,0x%xu,%lldLL,%lldLL,", p->kind, p->arg, p->tie, p->set,
                    (long long)p->lo, (long long)p->hi);
            emit_cstr(o, p->str);
            fprintf(o, "},");
        }
        fprintf(o, "}},\n");
    }
    if (!nrows) fprintf(o, "  {0}\n");
    fprintf(o, "};\nconst int a64_nrows = %d;\n\n", nrows);
    fprintf(o, "const uint64_t a64_row_filter[] = {");
    for (int i = 0; i < nrows; i++) {
        const A64Row *r = &rows[i].r;
        uint64_t f = (uint64_t)1 << (A64_FILTER_NOPS + r->nops);
        for (int k = 0; k < r->nops && k < A64_FILTER_OPS; k++)
            f |= (uint64_t)a64_pat_classes(r->ops[k].kind) << (FC_N * k);
        fprintf(o, "%s0x%llxull,", i % 4 ? "" : "\n  ", (unsigned long long)f);
    }
    if (!nrows) fprintf(o, "0");
    fprintf(o, "\n};\n\n");
    /* mnemonics */
    int nm = 0;
    int *mfirst = malloc(sizeof(int) * (size_t)(nrows + 1)), *mcount = malloc(sizeof(int) * (size_t)(nrows + 1));
    for (int i = 0; i < nrows; i++) {
        if (i == 0 || strcmp(rows[i].r.mnem, rows[i - 1].r.mnem)) { mfirst[nm] = i; mcount[nm] = 0; nm++; }
        if (++mcount[nm - 1] > A64_MNEM_MAX_ROWS) {
            fprintf(stderr, "gen-isa: error: '%s' has over A64_MNEM_MAX_ROWS (%d) rows (src/a64/isa.h)\n",
                    rows[i].r.mnem, A64_MNEM_MAX_ROWS);
            exit(1);
        }
    }
    fprintf(o, "const A64Mnem a64_mnems[] = {\n");
    for (int m = 0; m < nm; m++) {
        fprintf(o, "  {");
        emit_cstr(o, rows[mfirst[m]].r.mnem);
        const char *s = rows[mfirst[m]].r.mnem;
        size_t n = strlen(s);
        unsigned sym_ops = 0;   /* the operands some row reads as an expression (label:F*S:expr) */
        for (int i = mfirst[m]; i < mfirst[m] + mcount[m]; i++)
            for (int k = 0; k < rows[i].r.nops && k < 8; k++)
                if (rows[i].r.ops[k].kind == P_LABEL && rows[i].r.ops[k].lo) sym_ops |= 1u << k;
        fprintf(o, ",%d,%d,%zu,%u,0x%llxull},\n", mfirst[m], mcount[m], n, sym_ops,
                (unsigned long long)a64_load_le(s, n < 8 ? n : 8));
    }
    if (!nm) fprintf(o, "  {0}\n");
    fprintf(o, "};\nconst int a64_nmnems = %d;\n\n", nm);
    int hs = 64;
    while (hs < nm * 4) hs *= 2;
    uint16_t *h = malloc(sizeof(uint16_t) * (size_t)hs);
    for (int i = 0; i < hs; i++) h[i] = 0xffff;
    for (int m = 0; m < nm; m++) {
        const char *s = rows[mfirst[m]].r.mnem;
        uint32_t k = a64_mnem_hash_of(s, strlen(s)) & (uint32_t)(hs - 1);
        while (h[k] != 0xffff) k = (k + 1) & (uint32_t)(hs - 1);
        h[k] = (uint16_t)m;
    }
    fprintf(o, "const uint16_t a64_mnem_hash[] = {");
    for (int i = 0; i < hs; i++) fprintf(o, "%s%u,", i % 16 ? "" : "\n  ", h[i]);
    fprintf(o, "\n};\nconst int a64_mnem_hash_size = %d;\n", hs);
    emit_enc(o);
    if (fclose(o)) { perror(argv[1]); return 1; }
    return 0;
}

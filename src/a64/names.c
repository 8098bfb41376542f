/* names.c — the names the front end knows: registers, conditions, shifts/extends, vector
 * shapes, system registers, memory and branch kinds; and a64_format_regs for `uarch decode`.
 *
 * System registers: every name llvm-mc 19 knows, with its op0:op1:CRn:CRm:op2 encoding
 * (src/a64/sysregs.tsv); any register can be written generically as s<op0>_<op1>_c<n>_c<m>_<op2>.
 * SYS operations (ic dc at tlbi ...): src/a64/sysops.tsv.
 */
#include "a64/internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* the registers by name (src/a64/regs.tsv, a64_reg_names): the A64_NREGS registers of A64Reg
 * (a64_reg_name; row i is register i), then names llvm's parser knows that are none of them.  The
 * special ones (a64_special_reg; from A64_NZCV on): those llvm's AArch64 parseRegister knows by
 * name that are no operand register of the instructions (reg_lookup of src/a64/parse.c has those:
 * x0-x31, w0-w31, b/h/s/d/q0-31, sp, wsp, xzr, wzr, fp, lr): the flags, the FP status and control
 * registers, the SVE first-fault register and the vector granule (llvm-mca-19: `.cfi_offset NAME,
 * 0` takes them).  tests/unit checks the rows against A64Reg. */
const char *a64_reg_name(int reg)
{
    if (reg < 0 || reg >= A64_NREGS) return "?";   /* (the table has them: tests/unit) */
    return a64_reg_names[reg].name;
}

/* the register names by their letters (a64_reg_class): the class, the largest number llvm reads
 * in an SVE or SME name (-1: not one of llvm's SVE and SME names), and the number: required (1),
 * none (0), or for za optional with an h or v after it (2) */
static const struct { const char *letters, *cls; int max, number; } reg_classes[] = {
    {"z", "z", 31, 1}, {"p", "p", 15, 1}, {"pn", "pn", 15, 1}, {"zt", "zt", 0, 1}, {"za", "za", -1, 2},
    {"x", "x", -1, 1}, {"w", "w", -1, 1}, {"xzr", "x", -1, 0}, {"wzr", "w", -1, 0}, {"sp", "x", -1, 0},
    {"wsp", "w", -1, 0}, {"v", "v", -1, 1}, {"b", "v", -1, 1}, {"h", "v", -1, 1}, {"s", "v", -1, 1},
    {"d", "v", -1, 1}, {"q", "v", -1, 1},
};

const char *a64_reg_class(const char *s, size_t n, bool exact)
{
    char b[32];
    if (n == 0 || n >= sizeof b) return NULL;
    ascii_lower_n(b, s, n);
    b[n] = 0;
    size_t l = 0, d;
    while (l < n && b[l] >= 'a' && b[l] <= 'z') l++;
    for (d = l; d < n && b[d] >= '0' && b[d] <= '9'; d++) {}
    bool hv = d + 1 == n && d > l && (b[d] == 'h' || b[d] == 'v');   /* za0h, za1v */
    if (l == 3 && !memcmp(b, "za", 2) && (b[2] == 'h' || b[2] == 'v') && l == n)
        return exact ? NULL : "za";                                   /* (zah: a za spelling) */
    for (size_t i = 0; i < ARRAY_LEN(reg_classes); i++) {
        const char *k = reg_classes[i].letters;
        if (strlen(k) != l || memcmp(b, k, l)) continue;
        int num = reg_classes[i].number;
        if (exact) {   /* llvm's SVE and SME names: za, zt0, z0-z31, p0-p15, pn0-pn15 */
            if (num == 2) return d == n && d == l ? "za" : NULL;
            if (reg_classes[i].max < 0 || d != n || d == l || (d - l > 1 && b[l] == '0') || d - l > 3) return NULL;
            return atoi(b + l) <= reg_classes[i].max ? reg_classes[i].cls : NULL;
        }
        if (num == 2) return d == n || hv ? "za" : NULL;
        return d == n && (d > l) == (num == 1) ? reg_classes[i].cls : NULL;
    }
    return NULL;
}

/* a special register of src/a64/regs.tsv (nzcv fpsr fpcr ffr vg), [s, s + n) in any case */
bool a64_special_reg(const char *s, size_t n)
{
    for (int i = A64_NZCV; i < a64_reg_names_count; i++)
        if (a64_reg_names[i].special && strlen(a64_reg_names[i].name) == n && !strncasecmp(s, a64_reg_names[i].name, n))
            return true;
    return false;
}

static const char *const cond_names[16] = {
    "eq", "ne", "hs", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "al", "nv",
};

const char *a64_cond_name(int cond)
{
    return cond >= 0 && cond < 16 ? cond_names[cond] : "";
}

int a64_cond_lookup(const char *s, size_t n)
{
    if (n != 2) return -1;
    char a = s[0] | 0x20, b = s[1] | 0x20;
    for (int i = 0; i < 16; i++)
        if (cond_names[i][0] == a && cond_names[i][1] == b) return i;
    if (a == 'c' && b == 's') return A64_COND_HS;
    if (a == 'c' && b == 'c') return A64_COND_LO;
    return -1;
}

/* the shift and extend names, by A64Shift */
static const char *const shift_names[] = {
    "", "lsl", "lsr", "asr", "ror", "msl", "uxtb", "uxth", "uxtw", "uxtx",
    "sxtb", "sxth", "sxtw", "sxtx",
};

const char *a64_shift_name(int k)
{
    return k >= 0 && k < (int)ARRAY_LEN(shift_names) ? shift_names[k] : "";
}

int a64_shift_lookup(const char *s, size_t n)
{
    if (n < 3 || n > 4) return A64_SH_NONE;
    switch (s[0] | 0x20) {          /* the first letters of the names: most words stop here */
    case 'l': case 'a': case 'r': case 'm': case 'u': case 's': break;
    default: return A64_SH_NONE;
    }
    char b[5];
    for (size_t i = 0; i < n; i++) b[i] = (char)(s[i] | 0x20);
    b[n] = 0;
    for (int i = 1; i < (int)ARRAY_LEN(shift_names); i++)
        if (shift_names[i][0] == b[0] && !strcmp(b, shift_names[i])) return i;
    return A64_SH_NONE;
}

int a64_shape_bits(int shape)
{
    switch (shape) {
    case A64_V_B: case A64_V_ELEM_B: return 8;
    case A64_V_H: case A64_V_ELEM_H: return 16;
    case A64_V_S: case A64_V_ELEM_S: case A64_V_2H: case A64_V_4B: return 32;
    case A64_V_D: case A64_V_ELEM_D: case A64_V_8B: case A64_V_4H: case A64_V_2S: case A64_V_1D: return 64;
    case A64_V_Q: case A64_V_16B: case A64_V_8H: case A64_V_4S: case A64_V_2D: case A64_V_1Q: return 128;
    default: return 128;
    }
}

int a64_shape_elem_bits(int shape)
{
    switch (shape) {
    case A64_V_B: case A64_V_ELEM_B: case A64_V_8B: case A64_V_16B: case A64_V_4B: return 8;
    case A64_V_H: case A64_V_ELEM_H: case A64_V_4H: case A64_V_8H: case A64_V_2H: return 16;
    case A64_V_S: case A64_V_ELEM_S: case A64_V_2S: case A64_V_4S: return 32;
    case A64_V_D: case A64_V_ELEM_D: case A64_V_1D: case A64_V_2D: return 64;
    default: return 128;
    }
}

const char *a64_shape_name(int shape)
{
    static const char *names[] = {
        "", "B", "H", "S", "D", "Q", "8B", "16B", "4H", "8H", "2S", "4S", "1D", "2D", "1Q",
        "2H", "4B", "B", "H", "S", "D",
    };
    return shape >= 0 && shape < (int)ARRAY_LEN(names) ? names[shape] : "";
}

#define SR(op0, op1, crn, crm, op2) ((uint32_t)((op0) << 14 | (op1) << 11 | (crn) << 7 | (crm) << 3 | (op2)))

static bool parse_dec(const char **p, const char *end, int max, int *out)
{
    int v = 0, n = 0;
    while (*p < end && **p >= '0' && **p <= '9' && n < 3) { v = v * 10 + (**p - '0'); (*p)++; n++; }
    if (!n || v > max) return false;
    *out = v;
    return true;
}

/* strcasecmp of `a` (length n) and b: the order of src/a64/sysregs.tsv (sorted ignoring case) */
static int cmp_nocase(const char *a, size_t n, const char *b)
{
    int c = strncasecmp(a, b, n);
    return c ? c : b[n] ? -1 : 0;
}

const A64Sysreg *a64_sysreg_named(const char *s, size_t n)
{
    int lo = 0, hi = a64_sysregs_count - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2, c = cmp_nocase(s, n, a64_sysregs[mid].name);
        if (!c) return &a64_sysregs[mid];
        if (c < 0) hi = mid - 1;
        else lo = mid + 1;
    }
    return NULL;
}

bool a64_sysreg_access_ok(const char *s, size_t n, bool write, const A64Features *features)
{
    const A64Sysreg *r = a64_sysreg_named(s, n);
    return !r || (strchr(r->access, write ? 'w' : 'r') && (!features || a64_features_have_list(*features, r->feature)));
}

const char *a64_sysreg_print_name(uint32_t enc, bool write, A64Features features, char *buf, size_t cap)
{
    for (int i = 0; i < a64_sysregs_count; i++) {
        const A64Sysreg *r = &a64_sysregs[i];
        if (SR(r->op0, r->op1, r->crn, r->crm, r->op2) == enc && strchr(r->print, write ? 'w' : 'r') &&
            a64_features_have_list(features, r->feature))
            return r->name;
    }
    snprintf(buf, cap, "S%u_%u_C%u_C%u_%u", enc >> 14 & 3, enc >> 11 & 7, enc >> 7 & 15, enc >> 3 & 15, enc & 7);
    return buf;
}

const A64Sysop *a64_sysop_find(const char *kind, const char *name)
{
    size_t n = strlen(name);
    for (int i = 0; i < a64_sysops_count; i++)
        if (!strcmp(a64_sysops[i].kind, kind) && !cmp_nocase(name, n, a64_sysops[i].name)) return &a64_sysops[i];
    return NULL;
}

const A64Sysop *a64_sysop_at(int op1, int crn, int crm, int op2, A64Features features)
{
    for (int i = 0; i < a64_sysops_count; i++) {
        const A64Sysop *o = &a64_sysops[i];
        if (o->op1 == op1 && o->crn == crn && o->crm == crm && o->op2 == op2 && o->print[0] == 'a' &&
            a64_features_have_list(features, o->feature))
            return o;
    }
    return NULL;
}

const A64Opname *a64_opname_value_for(const char *kind, long long value, A64Features features)
{
    for (int i = 0; i < a64_opnames_count; i++) {
        const A64Opname *e = &a64_opnames[i];
        if (e->value != value || strcmp(e->kind, kind))
            continue;
        if (a64_features_have_list(features, e->feature))
            return e;
    }
    return NULL;
}

/* ---- features (src/a64/features.tsv) ----
 * A mask has the bit of each `feature` row the CPU has and of each `m1` row (a feature of the
 * M1's) it lacks: {0} is the M1's (a64_m1_features: the bits of the m1 rows). */
static bool is_bit_row(const A64Feature *f) { return !strcmp(f->kind, "feature") || !strcmp(f->kind, "m1"); }

/* the row of feature `bit` (NULL past the last): the feature and m1 rows come first, in the
 * order of their bits (tools/gen-isa.c fails the build otherwise) */
static const A64Feature *feature_row(int bit)
{
    return bit >= 0 && bit < a64_features_count && is_bit_row(&a64_features[bit]) ? &a64_features[bit] : NULL;
}

/* every feature: the bit of each feature and m1 row (what a CPU has, not yet a mask) */
static A64Features every_bit(void)
{
    A64Features m = A64_FEATURES_NONE;
    for (int b = 0; feature_row(b); b++)
        m = a64f_or(m, a64f_bit(b));
    return m;
}

A64Features a64_feature_mask(const char *name, size_t n, bool *known)
{
    *known = true;
    A64Features none = A64_FEATURES_NONE;
    if (n == 1 && name[0] == '-')
        return none;
    const A64Feature *f;
    for (int bit = 0; (f = feature_row(bit)); bit++)
        if (strlen(f->name) == n && !memcmp(f->name, name, n))
            return a64f_bit(bit);
    *known = false;
    return none;
}

/* the next item of a list at *p separated by `sep` (runs of it skipped): its start, its length
 * in *n; NULL at the end */
static const char *list_next(const char **p, size_t *n, char sep)
{
    const char *s = *p;
    while (*s == sep && sep == ' ') s++;
    if (!*s) return NULL;
    const char *e = strchr(s, sep);
    *n = e ? (size_t)(e - s) : strlen(s);
    *p = s + *n + (e != NULL);
    return s;
}

/* the features a list names (unknown names ignored; *known false when one is), "-": none */
static A64Features list_mask(const char *list, char sep, bool *known)
{
    A64Features m = A64_FEATURES_NONE;
    bool all = true;
    size_t n;
    for (const char *p = list, *s; (s = list_next(&p, &n, sep));) {
        bool k;
        m = a64f_or(m, a64_feature_mask(s, n, &k));
        all &= k;
    }
    if (known) *known = all;
    return m;
}

/* "no" first: the name after it (llvm's .arch +noEXT, .arch_extension noEXT) */
static bool strip_no(const char **s, size_t *n)
{
    bool off = *n >= 2 && ((*s)[0] | 0x20) == 'n' && ((*s)[1] | 0x20) == 'o';
    *s += 2 * off;
    *n -= 2 * off;
    return off;
}

bool a64_features_have(A64Features features, A64Features need)
{
    return !a64f_any(a64f_andnot(need, a64f_xor(features, a64_m1_features)));
}

bool a64_features_have_list(A64Features features, const char *list)
{
    bool known;
    A64Features need = list_mask(list, ',', &known);
    return known && a64_features_have(features, need);   /* (a name of no feature: none has it) */
}

A64Features a64_features_every(void)
{
    return a64f_xor(every_bit(), a64_m1_features);
}

bool a64_cpu_features(const char *cpu, A64Features *mask)
{
    for (int i = 0; i < a64_features_count; i++) {
        const A64Feature *f = &a64_features[i];
        if (strcmp(f->kind, "cpu") || strcasecmp(f->name, cpu))
            continue;
        A64Features m = A64_FEATURES_NONE;
        size_t n;
        for (const char *p = f->value, *s; (s = list_next(&p, &n, ','));) {
            bool known;
            bool lacks = n > 1 && s[0] == '-';   /* -ssbs: an m1 feature it lacks */
            m = a64f_or(m, a64_feature_mask(s + lacks, n - lacks, &known));
        }
        *mask = m;
        return true;
    }
    return false;
}

/* the row of archs.tsv of that kind named [s, s + n) (an arch also without the '-' before its
 * profile letter: armv8.1a); NULL when none */
static const A64Arch *arch_row(const char *kind, const char *s, size_t n)
{
    for (int i = 0; i < a64_archs_count; i++) {
        const A64Arch *a = &a64_archs[i];
        if (strcmp(a->kind, kind))
            continue;
        size_t len = strlen(a->name);
        if (len == n && !memcmp(a->name, s, n))
            return a;
        if (!strcmp(kind, "arch") && len == n + 1 && a->name[n - 1] == '-' && !memcmp(a->name, s, n - 1) &&
            a->name[n] == s[n - 1])
            return a;
    }
    return NULL;
}

/* the features of a list of archs.tsv's `on` (more = false) or `more` column (more = true): a
 * feature's bit, an arch row's name its own list of that column (armv8.5-a in armv8.6-a's), a cpu
 * row's name its `on` (generic, the generic CPU's, in armv8-a's `more`); a chain longer than the
 * table's (a row that names itself) stops there */
static A64Features row_list(const char *list, bool more, int depth)
{
    A64Features m = A64_FEATURES_NONE;
    size_t n;
    for (const char *p = list, *s; (s = list_next(&p, &n, ','));) {
        bool known;
        A64Features f = a64_feature_mask(s, n, &known);
        const A64Arch *r;
        if (!known && depth < a64_archs_count && (r = arch_row("arch", s, n)))
            f = row_list(more ? r->more : r->on, more, depth + 1);
        else if (!known && depth < a64_archs_count && (r = arch_row("cpu", s, n)))
            f = row_list(r->on, false, depth + 1);
        m = a64f_or(m, f);
    }
    return m;
}

/* what -mattr=+v8.6a (arch row armv8.6-a) brings: its `on`; .arch armv8.6-a also its `more` */
static A64Features arch_on(const A64Arch *a)
{
    return row_list(a->on, false, 0);
}

/* llvm's -mattr=+v8.6a, +v9a ...: the arch row armv8.6-a, armv9-a */
static const A64Arch *mattr_arch(const char *s, size_t n)
{
    char b[16];
    if (n < 3 || n > 8 || s[0] != 'v' || s[n - 1] != 'a')
        return NULL;
    snprintf(b, sizeof b, "arm%.*s-a", (int)(n - 1), s);
    return arch_row("arch", b, strlen(b));
}

/* what -mattr=+NAME brings: the row of an extension -mattr names too (ext, mattr yes), or of a
 * feature only -mattr names (kind mattr: neon, complxnum ... and what they imply) */
static const A64Arch *mattr_row(const char *s, size_t n)
{
    const A64Arch *x = arch_row("ext", s, n);
    return x && !strcmp(x->mattr, "yes") ? x : arch_row("mattr", s, n);
}

/* whether the features of arch row a are among those of b (armv8.1-a's among armv8.2-a's) */
static bool arch_within(const A64Arch *a, const A64Arch *b)
{
    A64Features fa = arch_on(a), fb = arch_on(b);
    return !a64f_any(a64f_andnot(fa, fb));
}

/* what llvm's -mattr=-F takes away besides F (the features that imply F), as far as the tables
 * have them: a feature that is an extension of its own name goes with each one the extension
 * brings (`ext` and `mattr` rows: -pan takes pan-rwv, -neon aes, sha2 and complxnum); an architecture version of the
 * table (the m1 row v8.2a, named as -mattr names it) with each feature it brings (-lse, -pan:
 * armv8.2-a's `on`) and with itself or an earlier version (-v8.1a, -v8a); `arch`: F is a version */
static A64Features versions_implying(A64Features m, const A64Arch *arch)
{
    A64Features out = A64_FEATURES_NONE;
    for (int i = 0; !arch && i < a64_archs_count; i++) {
        const A64Arch *e = &a64_archs[i];
        bool known;
        A64Features self = a64_feature_mask(e->name, strlen(e->name), &known);
        if ((!strcmp(e->kind, "ext") || !strcmp(e->kind, "mattr")) && known && a64f_any(a64f_and(m, list_mask(e->on, ',', NULL))))
            out = a64f_or(out, self);
    }
    m = a64f_or(m, out);
    for (int b = 0; feature_row(b); b++) {
        const char *name = feature_row(b)->name;
        const A64Arch *v = mattr_arch(name, strlen(name));
        if (v && (arch ? arch_within(arch, v) : a64f_any(a64f_and(m, arch_on(v)))))
            out = a64f_or(out, a64f_bit(b));
    }
    return out;
}

bool a64_feature_apply(const char *item, size_t n, A64Features *mask)
{
    bool off = n && item[0] == '-', on = n && item[0] == '+';
    if (off || on) {
        item++;
        n--;
    }
    bool known = false;
    A64Features m = n ? a64_feature_mask(item, n, &known) : A64_FEATURES_NONE;
    if (n == 3 && !memcmp(item, "all", 3))   /* llvm's +all: every feature */
        m = every_bit();
    const A64Arch *arch = mattr_arch(item, n), *ext;
    if (arch) {                  /* +v8.6a: the arch's features added (-v8.6a: llvm keeps them, */
        m = off ? versions_implying(m, arch) : arch_on(arch);  /* but v8.2a) */
    } else if ((ext = mattr_row(item, n)) && (known || !off)) {
        /* a feature and what it implies, as .arch_extension brings them (+sme: bf16 too; +sha3:
         * sha2; +sme-fa64, an extension with no feature of its own here: sme, sve2 ...); one
         * that brings none of the table's llvm takes all the same (+sme-lutv2) */
        if (!off)
            m = a64f_or(m, list_mask(ext->on, ',', NULL));
        else
            m = a64f_or(m, versions_implying(m, NULL));
        if (!a64f_any(m))
            return true;
    } else if (ext) {
        return true;    /* -sme-fa64, -crypto: llvm removes only the name itself, no feature here */
    } else if (off) {
        m = a64f_or(m, versions_implying(m, NULL));
    }
    if (arch && !a64f_any(m))
        return true;
    if (!a64f_any(m))
        return false;
    A64Features has = a64f_xor(*mask, a64_m1_features);        /* the features the CPU has */
    has = off ? a64f_andnot(has, m) : a64f_or(has, m);
    *mask = a64f_xor(has, a64_m1_features);
    return true;
}

/* whether -mattr can name feature f: llvm-mc lowercases -mattr, so not a feature llvm spells
 * with capitals (CONTEXTIDREL2, src/a64/features.tsv) */
static bool mattr_names(const char *f)
{
    for (; *f; f++)
        if (*f >= 'A' && *f <= 'Z') return false;
    return true;
}

/* an -mattr item the CPU model does not take: said on warn */
static void mattr_ignored(FILE *warn, const char *p, size_t len)
{
    fprintf(warn, "%s: warning: '-mattr=%.*s' ignored: the CPU model fixes the features (-mattr changes only ",
            util_progname, (int)len, p);
    for (int b = 0; a64_feature_name(b); b++)
        if (mattr_names(a64_feature_name(b)))
            fprintf(warn, "%s%s", b ? ", " : "", a64_feature_name(b));
    fputs(", v8.1a ... v9.5a)\n", warn);
}

A64Features a64_features_for(const char *cpu, bool later, const char *const *mattr, int n, FILE *warn,
                             void (*help)(FILE *))
{
    A64Features features = A64_FEATURES_NONE;
    if (cpu && !a64_cpu_features(cpu, &features) && later)
        a64_cpu_features("apple-later", &features);
    size_t len;
    char low[64];
    bool helped = false;          /* (llvm: the lists once, where the first "help" is among the warnings) */
    for (int k = 0; k < n; k++)
        for (const char *q = mattr[k], *p; (p = list_next(&q, &len, ','));) {
            /* llvm-mc lowercases -mattr (+LSE is +lse; no item names CONTEXTIDREL2) */
            size_t m = len < sizeof low ? len : 0;
            for (size_t i = 0; i < m; i++)
                low[i] = (char)tolower((unsigned char)p[i]);
            if (len == 4 && !memcmp(p, "help", 4)) {
                if (!helped && help)
                    help(warn);
                helped = true;
                continue;
            }
            if (len && !a64_feature_apply(m ? low : p, len, &features))
                mattr_ignored(warn, p, len);
        }
    return features;
}

/* ---- .arch, .arch_extension, .cpu (src/a64/archs.tsv) ---- */
/* the extension [s, s + n), "no" first to remove it, applied to `has` (the features present);
 * false when llvm does not know it.  `crypto`: what +crypto brings (the arch's); nocrypto
 * removes its `alt` */
static bool apply_ext(const char *s, size_t n, A64Features *has, const char *crypto)
{
    bool off = strip_no(&s, &n);
    const A64Arch *x = arch_row("ext", s, n);
    if (!x)
        return false;
    bool is_crypto = n == 6 && !memcmp(s, "crypto", 6);
    const char *list = is_crypto && !off ? crypto : off && strcmp(x->alt, "=") ? x->alt : x->on;
    A64Features m = list_mask(list, ',', NULL);
    *has = off ? a64f_andnot(*has, m) : a64f_or(*has, m);
    return true;
}

bool a64_arch_directive(const char *dir, const char *s, const char *e, A64Features *features, A64Features *sys,
                        char *msg, size_t cap, const char **at)
{
    /* (llvm: each directive starts from the subtarget's features, those of the system registers) */
    A64Features has = a64f_xor(*sys, a64_m1_features);
    *at = s;
    if (!strcmp(dir, "arch_extension")) {      /* the whole operand is one name */
        size_t n = (size_t)(e - s);
        if (!apply_ext(s, n, &has, "aes,sha2")) {
            strip_no(&s, &n);
            snprintf(msg, cap, "unknown architectural extension: %.*s", (int)n, s);
            return false;
        }
        *features = *sys = a64f_xor(has, a64_m1_features);
        return true;
    }
    bool cpu = !strcmp(dir, "cpu");
    const char *plus = memchr(s, '+', (size_t)(e - s));
    const char *ne = plus ? plus : e;
    while (ne > s && (ne[-1] == ' ' || ne[-1] == '\t'))
        ne--;
    const A64Arch *a = arch_row(cpu ? "cpu" : "arch", s, (size_t)(ne - s));
    if (!a) {
        snprintf(msg, cap, cpu ? "unknown CPU name" : "unknown arch name");
        return false;
    }
    /* .arch: the arch's features (`on` and `more`), then its extensions (llvm ignores one it does not know);
     * .cpu: the features become what llvm gives the CPU (its `on`) and the extensions apply,
     * an unknown one refused; llvm 19 leaves the instructions' features as they are when no
     * extension follows (.cpu apple-m4 brings no i8mm), not the system registers' (.cpu
     * generic refuses mrs x0, pan) */
    const char *crypto = cpu ? "aes,sha2" : a->alt;
    has = cpu ? row_list(a->on, false, 0) : a64f_or(arch_on(a), row_list(a->more, true, 0));
    if (cpu && !plus) {
        *sys = a64f_xor(has, a64_m1_features);
        return true;
    }
    for (const char *p = plus; p && p < e;) {
        const char *x = p + 1, *xe = memchr(x, '+', (size_t)(e - x));
        if (!xe)
            xe = e;
        if (!apply_ext(x, (size_t)(xe - x), &has, crypto) && cpu) {
            *at = x;
            snprintf(msg, cap, "unsupported architectural extension");
            return false;
        }
        p = xe < e ? xe : NULL;
    }
    *features = *sys = a64f_xor(has, a64_m1_features);
    return true;
}

const char *a64_feature_name(int bit)
{
    const A64Feature *f = feature_row(bit);
    return f ? f->name : NULL;
}

void a64_feature_list(FILE *f)
{
    fprintf(f, "Available features for this target:\n\n");
    for (int b = 0; a64_feature_name(b); b++) {
        const A64Feature *r = feature_row(b);
        if (mattr_names(r->name))
            fprintf(f, "  %-18s - %s%s\n", r->name, r->value, strcmp(r->kind, "m1") ? "" : " (the M1 has it)");
    }
    fprintf(f, "  %-18s - every feature above\n", "all");
    fprintf(f, "  %-18s - an architecture's features, as llvm adds them\n", "v8.1a ... v9.5a");
    fprintf(f, "\nUse +feature to enable a feature, or -feature to disable it.\n"
               "For example, uarch mca -mcpu=apple-m1 -mattr=+i8mm,-lse\n\n");
}

const char *a64_feature_says(int bit)
{
    const A64Feature *f = feature_row(bit);
    return !f ? NULL : strcmp(f->says, "-") ? f->says : f->name;
}

const A64Opname *a64_opname_named(const char *kind, const char *name)
{
    size_t n = strlen(name);
    for (int i = 0; i < a64_opnames_count; i++)
        if (!cmp_nocase(name, n, a64_opnames[i].name) && !strcmp(a64_opnames[i].kind, kind)) return &a64_opnames[i];
    return NULL;
}

bool a64_sysreg_lookup(const char *s, size_t n, uint32_t *enc)
{
    const A64Sysreg *r = a64_sysreg_named(s, n);
    if (r) {
        *enc = SR(r->op0, r->op1, r->crn, r->crm, r->op2);
        return true;
    }
    char b[32];
    if (n == 0 || n >= sizeof b) return false;
    ascii_lower_n(b, s, n);
    b[n] = 0;
    /* s<op0>_<op1>_c<n>_c<m>_<op2> */
    const char *p = b, *end = b + n;
    int op0, op1, crn, crm, op2;
    if (*p++ != 's' || !parse_dec(&p, end, 3, &op0)) return false;
    if (p >= end || *p++ != '_' || !parse_dec(&p, end, 7, &op1)) return false;
    if (p + 1 >= end || *p++ != '_' || *p++ != 'c' || !parse_dec(&p, end, 15, &crn)) return false;
    if (p + 1 >= end || *p++ != '_' || *p++ != 'c' || !parse_dec(&p, end, 15, &crm)) return false;
    if (p >= end || *p++ != '_' || !parse_dec(&p, end, 7, &op2) || p != end) return false;
    *enc = SR(op0, op1, crn, crm, op2);
    return true;
}

const char *a64_mem_kind_name(int kind)
{
    switch (kind) {
    case A64_MEM_LOAD: return "load";
    case A64_MEM_STORE: return "store";
    case A64_MEM_LOADSTORE: return "load-store";
    case A64_MEM_PREFETCH: return "prefetch";
    default: return "none";
    }
}

const char *a64_branch_name(int kind)
{
    switch (kind) {
    case A64_BR_DIRECT: return "direct";
    case A64_BR_COND: return "conditional";
    case A64_BR_INDIRECT: return "indirect";
    case A64_BR_CALL: return "call";
    case A64_BR_CALL_INDIRECT: return "indirect-call";
    case A64_BR_RETURN: return "return";
    default: return "none";
    }
}

/* "x0, w1, v2.128, nzcv": GPRs with their view (w for 32-bit), vectors with the bits */
void a64_format_regs(const A64RegUse *uses, int n, Buf *out)
{
    for (int i = 0; i < n; i++) {
        if (i) buf_puts(out, ", ");
        int r = uses[i].reg;
        if (r <= 30 && uses[i].bits == 32) buf_printf(out, "w%d", r);
        else if (r == A64_SP && uses[i].bits == 32) buf_puts(out, "wsp");
        else if (r >= A64_V0 && r < A64_V0 + 32) {
            static const char pre[] = {'b', 'h', 's', 'd', 'q'};
            int b = uses[i].bits, k = b == 8 ? 0 : b == 16 ? 1 : b == 32 ? 2 : b == 64 ? 3 : 4;
            buf_printf(out, "%c%d", pre[k], r - A64_V0);
        } else buf_puts(out, a64_reg_name(r));
    }
}

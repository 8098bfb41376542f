/* shapes.c — the instructions of extensions the M1 lacks, told apart by their operands'
 * shape: SVE and SME (z0.s, p0/m, za0h.s, zt0 ...), and the forms of M1 mnemonics that other
 * extensions add (ldapur b0, [x1]: rcpc3).  llvm-mc 19 names the features they require
 * ("instruction requires: sve or sme"); uarch has no rows of them, and without this table it
 * reports the first operand it cannot read.  The table src/a64/shapes.tsv is learned from
 * llvm (tools/shapes-survey.sh); this file computes an instruction's shape, the key of the
 * table, and words the error. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "a64/internal.h"

/* the words where llvm's parser stops (A64_SHAPE_PARSE) whose kind callers decide on
 * (A64_WORDS_*: src/a64/parse.c's refusal goes on as llvm's parser does after them); written
 * with their kind, never told apart by their text */
enum { STOP_NO_OPERAND, STOP_NEON_LIST };
static const struct { const char *text; int words; } stops[] = {
    [STOP_NO_OPERAND] = {"unknown token in expression", A64_WORDS_NO_OPERAND},
    [STOP_NEON_LIST] = {"vector register expected", A64_WORDS_NEON_LIST},
};

/* llvm's parser stops with the words stops[k]: them into msg, their kind into *words */
static int parse_stop(int k, char *msg, size_t cap, int *words)
{
    snprintf(msg, cap, "%s", stops[k].text);
    *words = stops[k].words;
    return A64_SHAPE_PARSE;
}

/* the shape of [s, e) into out; at[k] (when not NULL): where in the text the token of out[k]
 * starts */
static size_t operand_shape(const char *s, const char *e, char *out, size_t cap, const char **at)
{
    size_t o = 0;
    int depth = 0, prev = -1;     /* in a list {...}: the number of the z register before */
    const char *tok = s;
#define PUT(c) do { if (o + 1 < cap) { if (at) at[o] = tok; out[o++] = (char)(c); } } while (0)
    while (s < e) {
        unsigned char c = (unsigned char)*s;
        tok = s;
        if (isspace(c)) {
            s++;
        } else if (isalpha(c) || c == '_') {
            char w[32] = {0};
            size_t n = 0;
            for (; s < e && (isalnum((unsigned char)*s) || *s == '_'); s++)
                if (n < sizeof w) w[n++] = (char)tolower((unsigned char)*s);
            const char *cls = n < sizeof w ? a64_reg_class(w, n, false) : NULL;
            if (!cls) {
                for (size_t i = 0; i < n; i++) PUT(w[i]);
                continue;
            }
            /* a scalar FP register keeps its letter (b h s d q); v, its arrangement below */
            if (!strcmp(cls, "v") && w[0] != 'v') PUT(w[0]);
            else for (const char *k = cls; *k; k++) PUT(*k);
            if (depth && cls[0] == 'z' && !cls[1]) {
                /* a strided list ({z0.s, z8.s}: SME2's) is another form than {z0.s, z1.s} */
                int num = atoi(w + 1);
                if (prev >= 0 && num != (prev + 1) % 32) PUT('^');
                prev = num;
            }
            if (s + 1 < e && *s == '.') {
                /* an element size (z0.s) or arrangement (v0.4s, v0.h) stays */
                const char *t = s + 1;
                while (t < e && isdigit((unsigned char)*t)) t++;
                if (t < e && strchr("bhsdqBHSDQ", *t) && (t + 1 == e || !isalnum((unsigned char)t[1]))) {
                    for (; s <= t; s++) PUT(tolower((unsigned char)*s));
                }
            }
        } else if (isdigit(c) || ((c == '#' || c == '-') && s + 1 < e && (isdigit((unsigned char)s[1]) ||
                   (s[1] == '-' && s + 2 < e && isdigit((unsigned char)s[2]))))) {
            /* a number: #imm, -12, 0x1f, 1.5, 2.0e+00 */
            if (*s == '#') s++;
            if (*s == '-') s++;
            while (s < e && (isalnum((unsigned char)*s) || *s == '.' ||
                             ((*s == '+' || *s == '-') && (s[-1] == 'e' || s[-1] == 'E'))))
                s++;
            PUT('N');
        } else {
            if (c == '{') depth++, prev = -1;
            else if (c == '}' && depth) depth--;
            else if (c == '-') prev = -1;          /* {z0.s-z3.s} */
            else if (c == '!')                     /* (llvm's '!': where the token after it starts) */
                for (tok = s + 1; tok < e && isspace((unsigned char)*tok); tok++) {}
            PUT(c);
            s++;
        }
    }
#undef PUT
    if (o == 0 && cap > 1) out[o++] = '.';    /* no operands */
    if (cap) out[o < cap ? o : cap - 1] = 0;
    return o;
}

size_t a64_operand_shape(const char *s, const char *e, char *out, size_t cap)
{
    return operand_shape(s, e, out, cap, NULL);
}

/* a number the user wrote at p (after blanks), read as the parser reads one (a64_parse_int:
 * llvm-mca's lexer, so 017 octal, 101b binary, 1fh hex; 08 and 0b101 no number): its end, NULL
 * when there is none; *v its value, one past 64 bits the nearest of INT64_MIN and INT64_MAX (out
 * of every range) */
static const char *user_int(const char *p, const char *e, int64_t *v)
{
    while (p < e && isspace((unsigned char)*p)) p++;
    bool ovf;
    const char *end = a64_parse_int(p, e, v, &ovf);
    if (end && ovf) *v = *p == '-' ? INT64_MIN : INT64_MAX;
    return end;
}

static size_t mnem_shape(const char *mnem, size_t n, const char *s, const char *e, char *out, size_t cap,
                         const char **at);

/* the place in address `a` (operand `k` of the text [s, e), of shape `shape`) of the first part
 * no row of the mnemonic's, from row lo on, has where a row has an address there: llvm reads an
 * address in parts ('[', the base, the offset, an extend), and its matcher refuses the first
 * part no form takes (st2g x0, [w30, uxtw]: the w30; [x30, uxtw]: the uxtw); else `a` */
static const char *address_part(const char *mnem, size_t n, int lo, const char *s, const char *e, int k, const char *a)
{
    char shape[160];
    const char *at[160];
    size_t len = mnem_shape(mnem, n, s, e, shape, sizeof shape, at);
    if (len >= sizeof shape) return a;
    size_t from = 0;                        /* where operand k starts in the shape */
    for (int c = 0, depth = 0; from < len && c < k; from++) {
        if (shape[from] == '[' || shape[from] == '{') depth++;
        else if ((shape[from] == ']' || shape[from] == '}') && depth) depth--;
        else if (shape[from] == ',' && !depth && ++c == k) { from++; break; }
    }
    if (from >= len || shape[from] != '[') return a;
    size_t best = 0;
    for (int i = lo; i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        size_t c = 0;
        while (c < len && r->shape[c] && r->shape[c] == shape[c]) c++;
        if (c > from && c > best) best = c;  /* (a row with an address there: past its '[') */
    }
    /* (a ',' is no part: the part after it, [z0.d, x1, lsl #0] at the lsl) */
    if (best > from && best + 1 < len && shape[best] == ',') best++;
    return best > from && best < len ? at[best] : a;
}

/* the places in llvm's list of operands (src/a64/claims.tsv) of the operands of [s, e) that a
 * ',' ends: one for a register (z0.s, za0h.s[w12, 0] ...), immediate or label, three for a
 * predicate with its qualifier (p0/m), two for a vector with its arrangement (three with a
 * lane), '[', ']' and one for each part of an address, one for a list (two with a lane) */
int a64_shape_places(const char *s, const char *e)
{
    char shape[160];
    if (a64_operand_shape(s, e, shape, sizeof shape) >= sizeof shape) return -1;
    int places = 0, depth = 0, parts = 0;
    bool slash = false, vec = false, lane = false, addr = false;
    for (const char *p = shape, *start = shape; *p; p++) {
        if (*p == '[' || *p == '{') {
            if (p == start && *p == '[') addr = true;
            else lane = lane || *p == '[';
            depth++;
        } else if ((*p == ']' || *p == '}') && depth) depth--;
        else if (*p == '/') slash = true;
        else if (*p == '.' && *start == 'v') vec = true;
        if (*p == ',' && depth == 1 && addr) parts++;
        if (*p != ',' || depth) continue;
        places += addr ? 3 + parts : slash ? 3 : *start == '{' ? 1 + lane : vec ? 2 + lane : 1;
        start = p + 1;
        parts = 0;
        slash = vec = lane = addr = false;
    }
    return places;
}

/* whether operand [o, +n) of a shape is a z register (z.s, not za or zt) or a list of them (of
 * z registers without element size too: luti4's { z0, z1 }) */
static bool zreg(const char *o, size_t n)
{
    bool list = n && *o == '{';
    if (list) o++, n--;
    return n && *o == 'z' && (n == 1 || o[1] == '.' || o[1] == '[' || o[1] == '^' ||
                              (list && (o[1] == ',' || o[1] == '}' || o[1] == '-')));   /* ({z, z}: sme-lutv2's) */
}

/* the places in llvm's list of operands of operand [o, +n) of a shape, as a64_shape_places
 * counts them, a z register's lane ([N]) one of its own */
static int operand_places(const char *o, size_t n)
{
    if (!n) return 1;   /* (an empty operand, add x0, , x1: one place, as a64_shape_places counts it) */
    const char *x = o + n;
    bool lane = o[n - 1] == ']' && memchr(o, '[', n);
    /* (an address, '[', its parts and ']'; an array of za or a tile's vector after its name:
     * za.s[w8, 0, vgx2]) */
    if (*o == '[' || (lane && *o == 'z' && o[1] == 'a')) {
        int parts = 0, depth = 0;
        for (const char *p = o; p < x; p++) {
            if (*p == '[' || *p == '{') depth++;
            else if ((*p == ']' || *p == '}') && depth) depth--;
            else if (*p == ',' && depth == 1) parts++;
        }
        return 3 + parts + (*o != '[');
    }
    if (memchr(o, '/', n)) return 3;
    if (*o == '{') return 1 + lane;
    if (*o == 'v' && memchr(o, '.', n)) return 2 + lane;
    return 1 + (lane && zreg(o, n) && *o != '{');
}

/* the next operand of a shape at *p (advanced past it and its ','); its length */
static size_t next_operand(const char **p)
{
    const char *o = *p;
    int depth = 0;
    while (**p && (depth || **p != ',')) {
        if (**p == '[' || **p == '{') depth++;
        else if ((**p == ']' || **p == '}') && depth) depth--;
        (*p)++;
    }
    size_t n = (size_t)(*p - o);
    if (**p) (*p)++;
    return n;
}

/* the row named [mnem, +n) of `count` rows of `size` bytes sorted by their first member, the
 * mnemonic (src/a64/sme_addrs.tsv, mnem_rules.tsv), NULL for none */
static const void *row_named(const void *rows, int count, size_t size, const char *mnem, size_t n)
{
    int lo = 0, hi = count;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        const char *row = (const char *)rows + (size_t)mid * size, *name = *(const char *const *)row;
        int c = strncmp(name, mnem, n);
        if (!c && name[n]) c = 1;
        if (!c) return row;
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

/* the row of the address of load, store or prefetch [mnem, +n) (src/a64/sme_addrs.tsv), NULL
 * for none */
static const A64SmeAddr *sme_addr(const char *mnem, size_t n)
{
    return row_named(a64_sme_addrs, a64_sme_addrs_count, sizeof *a64_sme_addrs, mnem, n);
}

/* whether the operands of mnemonic [mnem, +n) are read by rule `rule` (A64_RULE_*) of src/a64/mnem_rules.tsv */
static bool mnem_rule(const char *mnem, size_t n, int rule)
{
    const A64MnemRule *r = row_named(a64_mnem_rules, a64_mnem_rules_count, sizeof *a64_mnem_rules, mnem, n);
    return r && r->rule == rule;
}

/* operand_shape of [s, e) as the forms of mnemonic [mnem, +n) read it: where they take no sp
 * (src/a64/mnem_rules.tsv, no_sp: cssc's umax x3, x1, sp), sp and wsp are the words "sp" and
 * "wsp", not the class of x0 and w0 */
static size_t mnem_shape(const char *mnem, size_t n, const char *s, const char *e, char *out, size_t cap,
                         const char **at)
{
    const char *tok[160];
    char sh[160];
    size_t len = operand_shape(s, e, sh, sizeof sh, tok);
    if (len >= sizeof sh || !mnem_rule(mnem, n, A64_RULE_NO_SP)) return operand_shape(s, e, out, cap, at);
    size_t o = 0;
    for (size_t i = 0; i < len && o + 1 < cap; i++) {
        const char *t = tok[i], *w = t;
        while (w < e && (isalnum((unsigned char)*w) || *w == '_')) w++;
        bool word = (sh[i] == 'x' || sh[i] == 'w') && (i == 0 || !isalnum((unsigned char)sh[i - 1])) &&
                    ((w - t == 2 && !strncasecmp(t, "sp", 2)) || (w - t == 3 && !strncasecmp(t, "wsp", 3)));
        for (const char *c = word ? (w - t == 2 ? "sp" : "wsp") : &sh[i]; *c && o + 1 < cap; c++) {
            if (at) at[o] = t;
            out[o++] = *c;
            if (!word) break;
        }
    }
    if (cap) out[o] = 0;
    return o;
}

/* whether shape `r` of a row of mnemonic [mnem, +n) opens there a list of one vector (its '{'
 * not yet skipped: !brace) that llvm reads written bare at `i` (st1w z0.s, p0, [x0]: a form's
 * { z0.s }; not where mnem_rules.tsv says braced_list: ld1q z0.q, ...; nor a list of ZA's
 * tiles or zt0: zero za0.d, zero zt0 are refused, llvm-mc-19) */
static bool bare_list(const char *mnem, size_t n, const char *r, const char *i, bool brace)
{
    return *r == '{' && *i == 'z' && (i[1] == '.' || !isalpha((unsigned char)i[1])) && !brace &&
           strcspn(r, "}") < strcspn(r, ",-") && !mnem_rule(mnem, n, A64_RULE_BRACED_LIST);
}

/* what rows_take asks of an operand at a place: a z register or a list of one (TAKE_Z: llvm's
 * form of the list of one takes the register without braces, ld1d z0.d, p0/z, [x0]; a list of
 * more, as SME2's fcvtzs { z0.s, z1.s }, { z2.s, z3.s } has, does not), a list
 * of them (TAKE_ZLIST), an array or tile of za (TAKE_ZA), a predicate (TAKE_P: p0, p0/m, pn8) */
enum { TAKE_Z, TAKE_ZLIST, TAKE_ZA, TAKE_P };

/* whether operand [o, +n) of a row is one of kind `take` at its place; TAKE_ZA: *next, a list of
 * a tile ({za0h.s[w12, 0]}), whose tile llvm also reads at the next place */
static bool takes(const char *o, size_t n, int take, bool bare, bool *next)
{
    switch (take) {
    case TAKE_Z: return zreg(o, n) && (*o != '{' || (bare && !memchr(o, ',', n) && !memchr(o, '-', n)));
    case TAKE_ZLIST: return zreg(o, n) && *o == '{';
    case TAKE_ZA: *next = n >= 3 && !strncmp(o, "{za", 3); return *next || (n >= 2 && o[0] == 'z' && o[1] == 'a');
    default: return n && *o == 'p';
    }
}

/* whether operand [o, +n) of a shape has a vector group (za.s[w,N,vgx2]) */
static bool has_vgx(const char *o, size_t n)
{
    for (size_t i = 0; i + 4 <= n; i++)
        if (!strncmp(o + i, ",vgx", 4)) return true;
    return false;
}

/* whether shape `row` has an operand of kind `take` at llvm's place `place` */
static bool row_takes(const char *row, int place, int take, bool bare)
{
    /* (alt: the places where an array of za is written without its vgx2 or vgx4, za.s[w8, 0],
     * a spelling llvm takes and its disassembler does not print) */
    for (int at = 0, alt = 0; *row && (at <= place || alt <= place);) {
        const char *o = row;
        size_t n = next_operand(&row);
        bool next = false;
        if (takes(o, n, take, bare, &next) && (at == place || alt == place || (next && (at + 1 == place || alt + 1 == place))))
            return true;
        at += operand_places(o, n);
        bool vgx = *o == 'z' && o[1] == 'a' && has_vgx(o, n);
        alt += operand_places(o, n) - vgx;
    }
    return false;
}

/* whether a row of mnemonic [mnem, +n) (from lo) has an operand of kind `take` at place: llvm's
 * parser reads one of a class of SVE or SME only where a form has one (its custom parsers) */
static bool rows_take(const char *mnem, size_t n, int lo, int place, int take)
{
    bool bare = !mnem_rule(mnem, n, A64_RULE_BRACED_LIST);   /* (a list of one takes the bare register) */
    for (int i = lo; i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        if (r->shape[0] != '-' && r->shape[0] != '*' && row_takes(r->shape, place, take, bare)) return true;
    }
    return false;
}

/* Where llvm's parser stops at a lane ('[') after a z register, in the operands of shape `shape`
 * of mnemonic [mnem, +n) (rows from lo; all: its forms): a z register's where no form has a z
 * register at that place of llvm's list of operands (it reads a z register only for a form that
 * takes one there, else a symbol z1.s: lastb z14.s[3], p0, z1.s; fmul z0.s, z1.s[1], z2.s[1]:
 * the second), "unexpected token in argument list"; where a form has a list of them there, in
 * the list (ld1w {z0.s[1]}, ...), "'}' expected", or after it ({z0.s}[1]) "unexpected token in
 * argument list".  Or at a list of z registers where no form has a list (abs {z3.s}, p0/m,
 * z1.s): its parser of lists of vectors of Neon, "vector register expected" at the first.  The
 * first such place (its words into *msg, their kind into *words), NULL where there is none */
static const char *lane_unread(const char *mnem, size_t n, int lo, bool all, const char *shape,
                               const char *const *tok, const char **msg, int *words)
{
    int place = 0;
    *words = A64_WORDS_OTHER;
    for (const char *p = shape; *p;) {
        const char *o = p;
        size_t k = next_operand(&p);
        const char *lb = memchr(o, '[', k);
        if (*o == '{' && zreg(o, k) && !rows_take(mnem, n, lo, place, TAKE_ZLIST)) {
            *msg = stops[STOP_NEON_LIST].text;   /* (llvm's parser of lists of vectors of Neon) */
            *words = stops[STOP_NEON_LIST].words;
            return tok[o + 1 - shape];
        }
        if (lb && zreg(o, k) && *o == '{') {
            const char *close = memchr(o, '}', k);
            *msg = close && close < lb ? "unexpected token in argument list" : "'}' expected";
            return tok[lb - shape];
        }
        if (all && lb && *o == 'z' && zreg(o, k) && o[k - 1] == ']' && !rows_take(mnem, n, lo, place, TAKE_Z)) {
            *msg = "unexpected token in argument list";
            return tok[lb - shape];
        }
        if (all && lb && o[0] == 'z' && o[1] == 'a' && !rows_take(mnem, n, lo, place, TAKE_ZA)) {
            *msg = "unexpected token in argument list";
            return tok[lb - shape];
        }
        /* (p3/m where no form has a predicate: a symbol divided by another, one place) */
        bool expr = all && *o == 'p' && memchr(o, '/', k) && !rows_take(mnem, n, lo, place, TAKE_P);
        place += expr ? 1 : operand_places(o, k);
    }
    return NULL;
}

/* whether word [w, +n) names one of SVE's prefetch operations: a prfop of opnames.tsv whose type
 * is pld or pst (not pli) and whose target a level 1 to 3 (not the SLC): pldl1keep ... pstl3strm
 * (the value Rt = type << 3 | target << 1 | policy) */
static bool prfop_name(const char *w, size_t n)
{
    char b[16];
    if (n >= sizeof b) return false;
    memcpy(b, w, n);
    b[n] = 0;
    const A64Opname *o = a64_opname_named("prfop", b);
    return o && o->value >> 3 != 1 && (o->value >> 1 & 3) != 3;
}

/* An SVE prefetch (prfb, prfh, prfw, prfd: a mnemonic whose rows from lo start with a prefetch
 * operation) reads its first operand with llvm's parser of prefetch operations, which refuses
 * what is no operation of SVE's: "prefetch hint expected" at a name it does not know (foo,
 * pldl4keep, x3) or what is no name nor number ([x3], ','), "prefetch operand out of range,
 * [0,15] expected" after a number out of range (#16, #-1), "immediate value expected for
 * prefetch operand" after a symbol (#sym).  The place, the words into msg; NULL where it takes
 * the operand (or its number is an expression uarch does not evaluate here) */
static const char *prefetch_unread(const char *mnem, size_t n, int lo, const char *s, const char *e, char *msg,
                                   size_t cap, bool *prf)
{
    for (int i = lo; i < a64_shape_rows_count && !*prf; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        *prf = prfop_name(r->shape, strcspn(r->shape, ","));
    }
    if (!*prf) return NULL;
    while (s < e && isspace((unsigned char)*s)) s++;
    const char *x = s, *t;
    if (s < e && (*s == '#' || isdigit((unsigned char)*s))) {
        if (*x == '#') x++;
        if (x < e && (isalpha((unsigned char)*x) || *x == '_')) {   /* (#sym) */
            for (t = x; t < e && (isalnum((unsigned char)*t) || *t == '_' || *t == '.'); t++) {}
            while (t < e && isspace((unsigned char)*t)) t++;
            snprintf(msg, cap, "immediate value expected for prefetch operand");
            return t;
        }
        int64_t v;
        const char *end = user_int(x, e, &v);
        if (!end) return NULL;
        for (t = end; t < e && isspace((unsigned char)*t); t++) {}
        if (t < e && *t != ',') return NULL;
        if (v >= 0 && v <= 15) return NULL;
        snprintf(msg, cap, "prefetch operand out of range, [0,15] expected");
        return t;
    }
    char w[16] = {0};
    size_t k = 0;
    for (t = s; t < e && (isalnum((unsigned char)*t) || *t == '_'); t++)
        if (k < sizeof w - 1) w[k++] = (char)tolower((unsigned char)*t);
    if (t > s && prfop_name(w, (size_t)(t - s))) return NULL;
    if (s >= e) return NULL;                /* (no operands: too few) */
    snprintf(msg, cap, "prefetch hint expected");
    return s;
}

/* The SVE instructions of an element count (cntd, incd, sqincw, uqdech ...) and ptrue, ptrues:
 * their operands are named values (a pattern: pow2, vl1 ... vl256, mul4, mul3, all or #N; mul
 * #N) that the random words of tools/shapes-survey.sh give only some of, so shapes.tsv does not
 * list their forms; src/a64/counts.tsv does (tools/counts-survey.sh, from llvm-mc-19), one row
 * a form: its registers, one class a place of llvm's list of operands (x; x, w; z.d; p.s;
 * pn8-15.b), then an optional pattern where its column pattern has numbers (x, all), and after
 * it `mul #N` where its column mul has (x, all, mul #4: 'mul' and #4 two places).  The class of
 * a place of the operands: */
enum { EC_REG = 1, EC_PAT, EC_PATNUM, EC_MUL, EC_NUM, EC_OTHER };
/* a place: its class, where it starts; EC_REG: the register's class (x w z p pn), number and
 * element (0: none); EC_PATNUM, EC_NUM: the number; gen: llvm's generic parser reads it (a
 * general register, sp too, or a number no pattern parser reads: a shift after it is read as
 * an operand of its own) */
typedef struct EcPlace { int cls; long num; char reg[3], el; const char *at; bool gen; } EcPlace;

/* where the '#' of operand text [o, x) is when it is a shift or extend and its amount (lsl #1);
 * NULL otherwise */
static const char *shift_word(const char *o, const char *x)
{
    const char *w = o;
    while (w < x && isalpha((unsigned char)*w) && w - o < 7) w++;
    const char *h = w;
    while (h < x && isspace((unsigned char)*h)) h++;
    if (h == w || h >= x || *h != '#') return NULL;
    return a64_shift_lookup(o, (size_t)(w - o)) != A64_SH_NONE ? h : NULL;
}

/* the class of operand text [o, x) at a place where `pat` (a form has a pattern there) */
static EcPlace ec_class(const char *o, const char *x, bool pat)
{
    EcPlace pl = {.cls = EC_OTHER, .at = o};
    char w[16] = {0};
    size_t n = (size_t)(x - o);
    for (size_t i = 0; i < n && i < sizeof w - 1; i++) w[i] = (char)tolower((unsigned char)o[i]);
    if (n >= sizeof w) return pl;
    if (pat && a64_opname_named("svepattern", w)) {   /* (opnames.tsv: pow2, vl1 ... all) */
        pl.cls = EC_PAT;
        return pl;
    }
    if (w[0] == '#' || isdigit((unsigned char)w[0])) {
        int64_t v;
        const char *end = user_int(w + (w[0] == '#'), w + n, &v);
        bool all = end == w + n;
        if (all) pl.cls = pat ? EC_PATNUM : EC_NUM, pl.num = v;
        pl.gen = all && (!pat || w[0] != '#');
        return pl;
    }
    size_t k = strcspn(w, ".");             /* (the register's name, before its element) */
    const char *cls = a64_reg_class(w, k, false);
    if (!cls) return pl;
    bool gpr = !strcmp(cls, "x") || !strcmp(cls, "w");
    bool sve = !strcmp(cls, "z") || !strcmp(cls, "p") || !strcmp(cls, "pn");
    pl.gen = gpr && k == n;
    if (k == n ? gpr && strcmp(w, "sp") && strcmp(w, "wsp") : sve && k + 2 == n && strchr("bhsd", w[n - 1])) {
        pl.cls = EC_REG;
        snprintf(pl.reg, sizeof pl.reg, "%s", cls);
        pl.el = k == n ? 0 : w[n - 1];
        pl.num = strtol(w + strlen(cls), NULL, 10);
    }
    return pl;
}

/* whether v is in the range "lo-hi" (or "n") of a column of counts.tsv; '-': none is */
static bool ec_in_range(const char *r, long v)
{
    if (*r == '-') return false;
    char *end;
    long lo = strtol(r, &end, 10), hi = *end == '-' ? strtol(end + 1, NULL, 10) : lo;
    return v >= lo && v <= hi;
}

/* the registers of counts.tsv's form r: how many */
static int ec_registers(const A64CountForm *r)
{
    int k = 1;
    for (const char *c = r->operands; *c; c++) k += *c == ',';
    return k;
}

/* whether a form of forms[0, nf) has a register of class reg (z, p, pn) at place i: llvm's
 * parser reads the register there with a lane (ptrue p0.s[1]) or a bare z0 as one (inch z0) */
static bool ec_has_reg(const A64CountForm *forms, int nf, int i, const char *reg)
{
    for (int f = 0; f < nf; f++) {
        const char *t = forms[f].operands;
        for (int j = 0; j < i && t; j++) t = strchr(t, ',') ? strchr(t, ',') + 1 : NULL;
        size_t l = t ? strspn(t, "abcdefghijklmnopqrstuvwxyz") : 0;
        if (t && l == strlen(reg) && !strncmp(t, reg, l)) return true;
    }
    return false;
}

/* whether form r takes place i of the operands, *pl (its k registers, then the pattern, 'mul'
 * and the number) */
static bool ec_takes(const A64CountForm *r, int k, int i, const EcPlace *pl)
{
    if (i == k) return pl->cls == EC_PAT || (pl->cls == EC_PATNUM && ec_in_range(r->pattern, pl->num));
    if (i == k + 1) return pl->cls == EC_MUL;
    if (i == k + 2) return (pl->cls == EC_NUM || pl->cls == EC_PATNUM) && ec_in_range(r->mul, pl->num);
    const char *t = r->operands;            /* the class of register i: x, z.d, pn8-15.b */
    for (int j = 0; j < i; j++) t = strchr(t, ',') + 1;
    size_t len = strcspn(t, ","), l = 0;
    while (l < len && isalpha((unsigned char)t[l])) l++;
    if (pl->cls != EC_REG || strlen(pl->reg) != l || strncmp(t, pl->reg, l)) return false;
    const char *dot = memchr(t, '.', len);
    if ((dot ? dot[1] : 0) != pl->el) return false;
    return l == len || t[l] == '.' || ec_in_range(t + l, pl->num);
}

/* llvm's error for such an instruction, mnemonic [mnem, +n) and operands [s, e): A64_SHAPE_NONE
 * where it is none of them; A64_SHAPE_REQUIRES where a form takes the operands (the CPU lacks
 * the features), A64_SHAPE_FEW where they stop short of every form, else A64_SHAPE_MANY
 * ("invalid operand for instruction" at *at: where the form that gets furthest stops) or
 * A64_SHAPE_PARSE (at *at, the words into msg, their kind into *words) */
static int count_error(const char *mnem, size_t n, const char *s, const char *e, char *msg, size_t cap,
                       const char **at_out, int *words)
{
    char m[16] = {0};
    if (n >= sizeof m) return A64_SHAPE_NONE;
    memcpy(m, mnem, n);
    int lo = 0, hi = a64_count_forms_count, nf = 0;   /* (the rows are sorted by mnem) */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (strcmp(a64_count_forms[mid].mnem, m) < 0) lo = mid + 1;
        else hi = mid;
    }
    while (lo + nf < a64_count_forms_count && !strcmp(a64_count_forms[lo + nf].mnem, m)) nf++;
    if (!nf) return A64_SHAPE_NONE;
    const A64CountForm *forms = &a64_count_forms[lo];
    /* the places of the operands: their class and where they start */
    EcPlace pl[12];
    int np = 0;
    const char *p = s;
    while (p < e && isspace((unsigned char)*p)) p++;
    for (bool more = p < e; more && np < 10;) {   /* (more: an operand, after a ',' too) */
        while (p < e && isspace((unsigned char)*p)) p++;
        const char *x = p;
        for (int depth = 0; x < e && (depth || *x != ','); x++) {
            if (*x == '[' || *x == '{') depth++;
            else if ((*x == ']' || *x == '}') && depth) depth--;
        }
        const char *y = x;
        while (y > p && isspace((unsigned char)y[-1])) y--;
        if (p == y) {                       /* (incd x0, ; incd x0,: no operand there) */
            *at_out = p;
            return parse_stop(STOP_NO_OPERAND, msg, cap, words);
        }
        if (*p == '{') {                    /* (a list: llvm's parser of Neon's or of ZA's reads it) */
            const char *r = p + 1, *rw;
            while (r < y && isspace((unsigned char)*r)) r++;
            for (rw = r; rw < y && (isalnum((unsigned char)*rw) || *rw == '_'); rw++) {}
            const char *cls = a64_reg_class(r, (size_t)(rw - r), false);
            /* (no v register or ZA's name first, incd {z0.d}: "vector register expected" there) */
            if (!cls || (strcmp(cls, "za") && (strcmp(cls, "v") || tolower((unsigned char)*r) != 'v'))) {
                *at_out = r;
                return parse_stop(STOP_NEON_LIST, msg, cap, words);
            }
        }
        bool mul = y - p >= 3 && tolower((unsigned char)p[0]) == 'm' && tolower((unsigned char)p[1]) == 'u' &&
                   tolower((unsigned char)p[2]) == 'l' && (y - p == 3 || isspace((unsigned char)p[3]));
        if (mul) {
            const char *h = p + 3;          /* mul #4: 'mul' and the number, places of their own */
            while (h < y && isspace((unsigned char)*h)) h++;
            bool vl = y - h == 2 && tolower((unsigned char)h[0]) == 'v' && tolower((unsigned char)h[1]) == 'l';
            if (h < y && *h != '#' && !vl) {   /* (mul 2: llvm's parser stops after the 'mul') */
                snprintf(msg, cap, "unexpected token in argument list");
                *at_out = h;
                return A64_SHAPE_PARSE;
            }
            /* (a 'mul' alone is a symbol to llvm: incd x0, all, mul) */
            pl[np++] = (EcPlace){.cls = h < y ? EC_MUL : EC_OTHER, .at = p};
            if (h < y) {
                pl[np] = ec_class(h, y, false);
                if (vl || pl[np].cls != EC_NUM) pl[np].cls = EC_OTHER;
                pl[np].gen = false;
                pl[np++].at = vl ? h : h + 1;
            }
        } else if (shift_word(p, y) && np && !pl[np - 1].gen) {
            /* (incd x0, all, lsl #1: a shift is read as one after a register or number of llvm's
             * generic parser, incd x0, lsl #1; after another, a symbol, and its '#' stops it) */
            snprintf(msg, cap, "unexpected token in argument list");
            *at_out = shift_word(p, y);
            return A64_SHAPE_PARSE;
        } else {
            bool pat = false;               /* (a form has a pattern here: llvm reads it with its parser) */
            for (int f = 0; f < nf; f++) pat = pat || (np == ec_registers(&forms[f]) && strcmp(forms[f].pattern, "-"));
            /* (a lane after a register, ptrue p0.s[1]: a place of its own, at its '[', where a form
             * has a register of its class; elsewhere llvm's parser stops at the '[', x0[1]) */
            const char *lb = !pat ? memchr(p, '[', (size_t)(y - p)) : NULL, *rb = lb;
            while (rb && rb > p && isspace((unsigned char)rb[-1])) rb--;
            /* (a register, pattern or symbol with more after it, incd x0 all: llvm's parser stops
             * at that; not a shift, lsl #1, nor a z register without its element, inch z0 all) */
            const char *gap = p;
            while (!lb && gap < y && !isspace((unsigned char)*gap)) gap++;
            if (!lb && gap < y && (isalpha((unsigned char)*p) || *p == '_') && !shift_word(p, y)) {
                const char *zc = a64_reg_class(p, (size_t)(gap - p), false);
                while (isspace((unsigned char)*gap)) gap++;
                if (!(zc && !strcmp(zc, "z") && ec_has_reg(forms, nf, np, "z"))) {
                    snprintf(msg, cap, "unexpected token in argument list");
                    *at_out = gap;
                    return A64_SHAPE_PARSE;
                }
            }
            pl[np] = ec_class(p, lb ? rb : y, pat);
            pl[np].at = pat && *p == '#' ? p + 1 : p;   /* (where that parser reads a number) */
            /* (a general register where a form has one after its first, sqincb x0, w0: read by
             * that form's parser, llvm's generic parser does not read a shift after it) */
            if (pl[np].gen && pl[np].cls != EC_NUM && pl[np].cls != EC_PATNUM && np &&
                (ec_has_reg(forms, nf, np, "x") || ec_has_reg(forms, nf, np, "w")))
                pl[np].gen = false;
            const char *cls = a64_reg_class(p, (size_t)(lb ? rb - p : y - p), false);
            if (lb && (pl[np].cls == EC_REG || pl[np].gen)) {
                if (pl[np].gen || !ec_has_reg(forms, nf, np, pl[np].reg)) {
                    snprintf(msg, cap, "unexpected token in argument list");
                    *at_out = lb;
                    return A64_SHAPE_PARSE;
                }
                np++;
                pl[np++] = (EcPlace){.cls = EC_OTHER, .at = lb};
            } else if (!lb && cls && !strcmp(cls, "z") && ec_has_reg(forms, nf, np, "z")) {
                /* (a z register without its element where a form has one: llvm's parser reads
                 * it and fails on what follows, inch z0, all) */
                *at_out = x;
                return parse_stop(STOP_NO_OPERAND, msg, cap, words);
            } else {
                np++;
            }
        }
        more = x < e;
        p = more ? x + 1 : x;
    }
    /* llvm's matcher: the furthest place a form gets to (past the operands: too few); a form
     * ends after its registers, its pattern or its mul and number */
    int far = -1;
    for (int f = 0; f < nf; f++) {
        const A64CountForm *r = &forms[f];
        int k = ec_registers(r), tails = !strcmp(r->pattern, "-") ? 0 : !strcmp(r->mul, "-") ? 1 : 2;
        for (int t = 0; t <= tails; t++) {
            int len = k + (t > 0) + 2 * (t > 1), i = 0;
            while (i < len && i < np && ec_takes(r, k, i, &pl[i])) i++;
            if (i == len && i == np) return A64_SHAPE_REQUIRES;
            if (i > far) far = i;
        }
    }
    if (far >= np) {
        snprintf(msg, cap, "too few operands for instruction");
        return A64_SHAPE_FEW;
    }
    snprintf(msg, cap, "invalid operand for instruction");
    *at_out = pl[far].at;
    return A64_SHAPE_MANY;
}

/* The operands after an SVE prefetch's operation (prefetch_unread takes it): a governing
 * predicate p0 to p7 written bare, then an address.  llvm's matcher refuses another operand
 * where the predicate is (prfb pldl1keep, x0, [x0]: at the x0; p0.s), a qualifier after it at
 * its '/' (p0/z, where the address has no z register nor mul vl: with one, the address is read
 * where its parser does not go), what is no address where the address is (prfd pstl2keep, p6,
 * p8: at the p8) and an operand after the address, where llvm's parser stops at the '#' of a
 * shift (the address is its own parser's: prfh #7, p5, [x27, z24.s, sxtw #1], lsl #1).  The
 * kind of answer (A64_SHAPE_MANY or A64_SHAPE_PARSE, at *at, the words into msg), or
 * A64_SHAPE_NONE: the rows' answer (p8 to p15 too: row_restricts) */
static int prefetch_rest(const char *s, const char *e, char *msg, size_t cap, const char **at)
{
    const char *o[5];
    int k = 0;
    for (const char *p = s; p < e && k < 5;) {
        while (p < e && isspace((unsigned char)*p)) p++;
        o[k++] = p;
        for (int depth = 0; p < e && (depth || *p != ','); p++) {
            if (*p == '[' || *p == '{') depth++;
            else if ((*p == ']' || *p == '}') && depth) depth--;
        }
        if (p < e) p++;
    }
    if (k < 3) return A64_SHAPE_NONE;
    snprintf(msg, cap, "invalid operand for instruction");
    const char *q = o[1], *x = q + 1;
    while (x < e && isdigit((unsigned char)*x)) x++;
    bool preg = (*q == 'p' || *q == 'P') && x > q + 1 && x - q <= 3;
    const char *y = x;
    while (y < e && isspace((unsigned char)*y)) y++;
    if (preg && atoi(q + 1) > 15) preg = false;
    if (preg && atoi(q + 1) >= 8) return A64_SHAPE_NONE;
    bool gather = false;                    /* (an address of its own parser: z, mul vl) */
    for (const char *a = o[2]; a < e && *o[2] == '['; a++)
        gather = gather || ((*a == 'z' || *a == 'Z') && isdigit((unsigned char)a[1])) ||
                 (e - a >= 3 && tolower((unsigned char)a[0]) == 'm' && tolower((unsigned char)a[1]) == 'u' &&
                  tolower((unsigned char)a[2]) == 'l');
    /* (a predicate of other places than one, p0/z or [x3]: the address is where its parser does
     * not go, and llvm reads it in parts: a z register as a symbol, and the '#' of an extend
     * after it stops it, prfh #6, p0/z, [x17, z30.s, sxtw #1]) */
    bool one = (preg && *y == ',') || (*q != '[' && !memchr(q, '/', (size_t)(o[2] - q)));
    for (const char *a = o[2]; gather && !one && a < e && *a != ']'; a++) {
        if ((*a != 'z' && *a != 'Z') || !isdigit((unsigned char)a[1])) continue;
        const char *c = a;
        while (c < e && *c != ',' && *c != ']') c++;
        if (c < e && *c == ',') {
            const char *w = c + 1, *x2 = w;
            while (x2 < e && *x2 != ',' && *x2 != ']') x2++;
            while (w < x2 && isspace((unsigned char)*w)) w++;
            const char *h = shift_word(w, x2);
            if (h) {
                snprintf(msg, cap, "unexpected token in argument list");
                *at = h;
                return A64_SHAPE_PARSE;
            }
        }
        break;
    }
    if (preg && *y == '/') {                /* (p0/z) */
        *at = y;
        return A64_SHAPE_MANY;
    }
    if (!preg || (*y != ',' && y < e)) {
        *at = q;
        return A64_SHAPE_MANY;
    }
    if (*o[2] != '[') {
        *at = o[2];
        return A64_SHAPE_MANY;
    }
    /* (a writeback after the address: the '!' an operand of its own to llvm, no form takes it,
     * refused where the token after it starts, prfb pldl1keep, p0, [x0]!, x1: at the ',') */
    const char *bang = memchr(o[2], ']', (size_t)(e - o[2]));
    if (bang)
        while (++bang < e && isspace((unsigned char)*bang)) {}
    if (bang && bang < e && *bang == '!') {
        while (++bang < e && isspace((unsigned char)*bang)) {}
        *at = bang;
        return A64_SHAPE_MANY;
    }
    if (k < 4) return A64_SHAPE_NONE;
    const char *x3 = o[3];                  /* (its end: the next ',' or e) */
    while (x3 < e && *x3 != ',') x3++;
    const char *h = shift_word(o[3], x3);   /* (a shift: lsl #1) */
    if (h) {
        snprintf(msg, cap, "unexpected token in argument list");
        *at = h;
        return A64_SHAPE_PARSE;
    }
    *at = o[3];
    return A64_SHAPE_MANY;
}

/* whether shape has an operand of SVE or SME: z, p, za, zt or pn with an element size, a
 * qualifier or an index (z.s p/m za.d z[N]), in a list, or first (ldr z0, [x0]; zero {za});
 * bare after other operands, none is one to llvm's table of forms: add x0, x1, p1 and
 * mov x0, za get its matcher's words, not "instruction requires" */
bool a64_shape_sve(const char *shape)
{
    for (const char *p = shape; *p; p++)
        if ((*p == 'z' || *p == 'p') && (p == shape || !isalnum((unsigned char)p[-1]))) {
            const char *q = p + 1;
            bool named = (*p == 'z' && (*q == 'a' || *q == 't')) || (*p == 'p' && *q == 'n');
            if (named) q++;
            if (isalnum((unsigned char)*q)) continue;
            if ((*q && strchr("./[^", *q)) || p == shape || p[-1] == '{') return true;
        }
    return false;
}

/* whether the first operand of shape is one of SVE or SME (a64_shape_sve): an M1 mnemonic's
 * forms of SVE and SME start with one (mov z0.d, x0; add za.s[w8, 0], ...); mov x0, za0h.s[w12,
 * 0] is none of them, the matcher's words */
static bool shape_sve_first(const char *shape)
{
    char first[160];
    size_t k = 0;
    for (int depth = 0; shape[k] && (depth || shape[k] != ',') && k + 1 < sizeof first; k++) {
        if (shape[k] == '[' || shape[k] == '{') depth++;
        else if ((shape[k] == ']' || shape[k] == '}') && depth) depth--;
        first[k] = shape[k];
    }
    first[k] = 0;
    return a64_shape_sve(first);
}

/* whether row shape r has a vector group (",vgx2", ",vgx4") where the input's shape i ends its
 * array vector: llvm's form without it (an alias of the one with) takes the input there */
static bool vgx_omitted(const char *r, const char *i)
{
    return !strncmp(r, ",vgx", 4) && (r[4] == '2' || r[4] == '4') && *i == ']';
}

/* whether shape `in` is the shape of `row` as llvm's parser reads it, in spellings the
 * disassembler does not print: an immediate's shift where the row's immediates take one (#1,
 * lsl #8: one operand, folded into the number when printed; not of bytes: the row's column
 * shift, add z0.b, z0.b, #1, lsl #8 is refused), a list of one
 * vector without its braces (ld1d z0.d, p0/z, [x0]), an array vector without its vgx2 or vgx4
 * (add za.s[w8, 0], {z0.s, z1.s}), an address without its offset in vectors (str p0, [x0],
 * printed only where the survey's offset was 0) */
static bool same_shape(const A64ShapeRow *row, const char *in)
{
    const char *r = row->shape, *i = in;
    bool shifts = !strcmp(row->shift, "lsl");
    bool brace = false;                     /* a '{' of row skipped: its '}' is too */
    for (;;) {
        if (*r == *i) {
            if (!*r) return true;
            r++, i++;
        } else if (!strncmp(i, ",lslN", 5) && i > in && i[-1] == 'N' && (!i[5] || i[5] == ',') && shifts &&
                   (i - in < 5 || strncmp(i - 5, ",lslN", 5))) {   /* (one: not #1, lsl #8, lsl #8) */
            i += 5;
        } else if (vgx_omitted(r, i)) {
            r += 5;
        } else if (!strncmp(r, ",N,mulvl]", 9) && *i == ']') {
            r += 8;
        } else if (bare_list(row->mnem, strlen(row->mnem), r, i, brace)) {
            r++;
            brace = true;
        } else if (*r == '}' && brace && (!*i || *i == ',' || *i == '[')) {
            r++;
            brace = false;
        } else {
            return false;
        }
    }
}

/* the z register of shape `in` the column lanes is of: the one with the lane (z.h[N], z[N]), else
 * the last operand when it is one (za.s[w,N,vgx2],{z.s,z.s},z.s); NULL for none */
static const char *lanes_reg(const char *in)
{
    const char *b = strstr(in, "[N]");
    size_t len = strlen(in);
    if (b && b - in >= 1 && b[-1] == 'z' && (b - in == 1 || b[-2] == ','))
        return b - 1;                       /* (a z register without element size: luti2's z1[3]) */
    if (b) return b - in >= 3 && b[-3] == 'z' ? b - 3 : NULL;
    return len >= 3 && in[len - 3] == 'z' && in[len - 2] == '.' &&
           (len == 3 || in[len - 4] == ',') ? in + len - 3 : NULL;
}

/* whether the row's column lanes refuses z register number `r` for that register ("7 z7") */
static bool lanes_refuse(const A64ShapeRow *row, int r)
{
    const char *zmax = strchr(row->lanes, 'z');
    return zmax && r > atoi(zmax + 1);
}

/* where the lane of the z register of shape `in` (row's, a shape with the column lanes: z
 * registers, their lists and numbers, after an array vector of za) starts in the text (tok:
 * a64_operand_shape's `at`) when it is past the row's last (dup z0.s, z1.s[16]: 0 to 15), or
 * where that z register (or a last operand z register: lanes_reg) starts when it is past the
 * row's last register for it (the column's "7 z7": fmla z0.h, z1.h, z8.h[1] takes z0-z7; the
 * matcher refuses the register first), else NULL */
static const char *lane_past(const A64ShapeRow *row, const char *in, const char *const *tok, const char *e)
{
    const char *zs = lanes_reg(in);
    if (!zs) return NULL;
    const char *z = tok[zs - in];
    if ((*z == 'z' || *z == 'Z') && lanes_refuse(row, atoi(z + 1))) return z;
    const char *b = strstr(in, "[N]");
    if (!isdigit((unsigned char)row->lanes[0]) || !b) return NULL;
    int64_t k;
    return user_int(tok[b - in] + 1, e, &k) && (k < 0 || k > atol(row->lanes)) ? tok[b - in] : NULL;
}

/* whether a row of mnemonic [mnem, +n) (rows from lo) has the operands of `shape` before its lane
 * and no lane there, and takes z register number `r` there (sdot z.s,z.b,z.b; cdot
 * z.d,z.h,z.h,N): with it llvm's matcher gets to the lane, past a z register too high for the
 * form with the lane (sdot z0.s, z1.b, z8.b[1]: z0-z7; refused at the '[') */
static bool lane_unlaned(const char *mnem, size_t n, int lo, const char *shape, int r)
{
    size_t b = (size_t)(strstr(shape, "[N]") - shape);
    for (int i = lo; i < a64_shape_rows_count; i++) {
        const A64ShapeRow *row = &a64_shape_rows[i];
        if (strncmp(row->mnem, mnem, n) || row->mnem[n]) break;
        if (!strncmp(row->shape, shape, b) && (!row->shape[b] || row->shape[b] == ',') &&
            !(!row->shape[b] && lanes_refuse(row, r)))
            return true;
    }
    return false;
}

/* whether llvm's parser reads a shift after a number with it, as one operand, for the mnemonic
 * of the rows from lo: where a form of it takes one (a row with the column shift lsl and a
 * number of its own: add z.h,z.h,N; not mul z.h,z.h,N, whose lsl #8 is an operand of its own) */
static bool reads_shift(const char *mnem, size_t n, int lo)
{
    for (int i = lo; i < a64_shape_rows_count && !strncmp(a64_shape_rows[i].mnem, mnem, n) && !a64_shape_rows[i].mnem[n]; i++) {
        const char *r = a64_shape_rows[i].shape;
        if (strcmp(a64_shape_rows[i].shift, "lsl")) continue;
        for (int depth = 0; *r; r++) {
            if (*r == '[' || *r == '{') depth++;
            else if ((*r == ']' || *r == '}') && depth) depth--;
            else if (!depth && *r == 'N' && (r == a64_shape_rows[i].shape || r[-1] == ',') && (!r[1] || r[1] == ','))
                return true;
        }
    }
    return false;
}

/* where llvm's parser stops at a second shift after a number (add z0.h, z0.h, #1, lsl #8, lsl
 * #8: the first read with the number, or as an operand of its own, the second's word is a symbol
 * to it, and what follows the word is "unexpected token in argument list": at the '#'), in shape
 * `shape` of tokens tok; else NULL */
static const char *second_shift(const char *shape, const char *const *tok)
{
    for (const char *c = shape; (c = strchr(c, ',')); c++) {
        size_t a = strspn(c + 1, "abcdefghijklmnopqrstuvwxyz");
        int first = a64_shift_lookup(c + 1, a);
        if (c == shape || c[-1] != 'N' || (c - 1 > shape && c[-2] != ',') || strncmp(c + 1 + a, "N,", 2) ||
            first == A64_SH_NONE)           /* (a number of its own: not lslN's, lsl #2, lsl #3, lsl #4) */
            continue;
        /* (another first shift where it may be read with the number, as add's of an M1 form
         * is: "only 'lsl #+N' valid after immediate" at it, the parser's own error, before) */
        if (first != A64_SH_LSL) return NULL;
        const char *w = c + 1 + a + 2;
        size_t b = strspn(w, "abcdefghijklmnopqrstuvwxyz");
        if (b && w[b] && w[b] != ',' && a64_shift_lookup(w, b) != A64_SH_NONE) return tok[w + b - shape];
    }
    return NULL;
}

static const char *operand_at(const char *s, const char *e, int k);

/* where llvm's parser of an immediate with an optional shift (a mnemonic with a row of a number
 * of its own whose shift is lsl: add, dup, cpy ...; not mul's lane) stops at the shift's amount, a '#' (or none) then a number only
 * (dup z0.d, #1, lsl #(8); add z0.d, z0.d, #1, lsl #+8): "only 'lsl #+N' valid after
 * immediate" at what follows the '#' (e: the end); else NULL */
static const char *lsl_amount_unread(const char *mnem, size_t n, int lo, const char *shape, const char *const *tok,
                                     const char *e)
{
    bool lsl = false;
    for (int i = lo; i < a64_shape_rows_count && !lsl && a64_shape_sve(shape); i++) {   /* (add x0's: the parser's) */
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        const char *k = strstr(r->shape, ",N");   /* (a number of its own, not a lane's) */
        lsl = !strcmp(r->shift, "lsl") && k && (!k[2] || k[2] == ',');
    }
    for (const char *c = shape; lsl && (c = strstr(c, "N,lsl")); c++) {
        if (c > shape && c[-1] != ',') continue;
        const char *a = c + 5;
        if (*a == '#') a++;
        if (*a != 'N') return *a ? tok[a - shape] : e;
    }
    return NULL;
}


/* the end of the word at p (letters, digits, '_'), with a suffix '.' and letters or digits */
static const char *word_end(const char *p, const char *e)
{
    while (p < e && (isalnum((unsigned char)*p) || *p == '_')) p++;
    if (p + 1 < e && *p == '.' && isalnum((unsigned char)p[1]))
        for (p++; p < e && isalnum((unsigned char)*p); p++) {}
    return p;
}

static const char *skip_sp(const char *p, const char *e)
{
    while (p < e && isspace((unsigned char)*p)) p++;
    return p;
}

/* the class of llvm's operand a form's operand [x, +xn) of its shape is (src/a64/sme_spellings.tsv:
 * the longest spelling it is, whole, or starts with), A64_SPELL_NONE for another */
static int spelling(const char *x, size_t xn)
{
    int cls = A64_SPELL_NONE;
    size_t best = 0;
    for (int i = 0; i < a64_sme_spellings_count; i++) {
        const A64Spelling *r = &a64_sme_spellings[i];
        size_t l = strlen(r->spelling);
        if (l > xn || l <= best || memcmp(x, r->spelling, l) || (l != xn && !strcmp(r->match, "whole"))) continue;
        cls = r->cls, best = l;
    }
    return cls;
}

/* the tiles of element size c (b h s d q; src/a64/za_tiles.tsv), 0 for another */
static int za_tiles_of(char c)
{
    for (int k = 0; k < a64_za_tiles_count; k++)
        if (a64_za_tiles[k].size[0] == tolower((unsigned char)c) && !a64_za_tiles[k].size[1]) return a64_za_tiles[k].tiles;
    return 0;
}

/* whether the word [p, w) is a name of a ZA tile with a number (za3.s, za1h.d), a register or
 * not (za4.s: a symbol to llvm); *slice: with h or v (a slice) */
static bool numbered_tile(const char *p, const char *w, bool *slice)
{
    if (w - p < 5 || tolower((unsigned char)p[0]) != 'z' || tolower((unsigned char)p[1]) != 'a' || !isdigit((unsigned char)p[2]))
        return false;
    const char *x = p + 2;
    while (x < w && isdigit((unsigned char)*x)) x++;
    *slice = x < w && (tolower((unsigned char)*x) == 'h' || tolower((unsigned char)*x) == 'v');
    if (*slice) x++;
    return w - x == 2 && *x == '.' && za_tiles_of(x[1]);
}

/* the number of a z register [p, w) (z7, z7.s), -1 for another word */
static int zreg_num(const char *p, const char *w)
{
    if (w - p < 2 || tolower((unsigned char)*p) != 'z' || !isdigit((unsigned char)p[1])) return -1;
    int v = 0;
    const char *x = p + 1;
    for (; x < w && isdigit((unsigned char)*x) && v < 100; x++) v = v * 10 + (*x - '0');
    return v < 32 && (x == w || *x == '.') ? v : -1;
}

/* the bits of an element of size c (b h s d q), 0 for another */
static int element_bits(char c)
{
    static const char sizes[] = "bhsdq";
    const char *k = c ? strchr(sizes, tolower((unsigned char)c)) : NULL;
    return k ? 8 << (k - sizes) : 0;
}

/* the vectors of the range of an array vector of za of element size t whose forms' sources are
 * the first z register in [p, e) (after the array vector): as many as the sources' elements an
 * element of za has (fmlal za.s[w8, 0:1], z0.h, z1.h: 2; smlall za.d[w8, 0:3], z0.h, z1.h: 4),
 * llvm's matcher refusing a range of another length (za.s[w8, 0:3] for .h sources: "invalid
 * operand for instruction", at the statement); 0 where it is no 2 or 4 */
static int range_length(char t, const char *p, const char *e)
{
    for (; p < e; p++) {
        const char *w = word_end(p, e);
        if (zreg_num(p, w) >= 0 && !isalnum((unsigned char)p[-1]) && p[-1] != '.') {
            const char *dot = memchr(p, '.', (size_t)(w - p));
            int src = dot && w - dot == 2 ? element_bits(dot[1]) : 0, r = src ? element_bits(t) / src : 0;
            return r == 2 || r == 4 ? r : 0;
        }
        if (w > p) p = w - 1;
    }
    return 0;
}

/* where llvm's parser stops in the SME and SVE operands of [s, e), with its words in msg, else
 * NULL (rules of its parser, found with llvm-mc-19 -mattr=+all, tools/sme-survey.sh): the name
 * of a tile past the tiles of its element size is a symbol, and a '[' after it "unexpected
 * token in argument list" (ld1w {za4h.s[w12, 0]}, ...); a list of z registers is read as the
 * lists of vectors are: a third register not at the first two's distance "registers must have
 * the same sequential stride", a fifth "invalid number of vectors" at the '{', a range of more
 * than four at its last register ({ z30.d - z3.d }); a predicate-as-counter takes /z only, "expecting
 * 'z' predication" at another letter (pn8/m) */
static const char *sme_parse_stop(const char *s, const char *e, char *msg, size_t cap)
{
    for (const char *p = s; p < e;) {
        if (isalpha((unsigned char)*p) && (p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.'))) {
            const char *w = word_end(p, e), *b = skip_sp(w, e);
            bool slice;
            if (numbered_tile(p, w, &slice) && !a64_za_tile(p, w) && b < e && *b == '[') {
                snprintf(msg, cap, "unexpected token in argument list");
                return b;
            }
            if (w - p >= 3 && tolower((unsigned char)p[0]) == 'p' && tolower((unsigned char)p[1]) == 'n' &&
                isdigit((unsigned char)p[2]) && b + 1 < e && *b == '/' && isalpha((unsigned char)b[1]) &&
                tolower((unsigned char)b[1]) != 'z') {   /* (pn8/m) */
                snprintf(msg, cap, "expecting 'z' predication");
                return b + 1;
            }
            p = w;
            continue;
        }
        if (*p != '{') { p++; continue; }
        const char *open = p;
        int first = -1, prev = -1, stride = 0, count = 0;
        for (p = skip_sp(p + 1, e);;) {
            const char *w = word_end(p, e);
            int r = zreg_num(p, w);
            if (r < 0) break;                                   /* (not a list of z registers) */
            const char *c = skip_sp(w, e);
            if (count == 0) first = r;
            else if (count == 1) stride = (r - first + 32) % 32;
            else if (r != (prev + stride) % 32) {
                snprintf(msg, cap, "registers must have the same sequential stride");
                return p;
            }
            prev = r, count++;
            if (c < e && *c == '-' && count == 1) {                /* { z0.s - z3.s } */
                const char *l = skip_sp(c + 1, e), *lw = word_end(l, e);
                int last = zreg_num(l, lw);
                if (last >= 0 && (last - first + 32) % 32 + 1 > 4) {
                    snprintf(msg, cap, "invalid number of vectors");
                    return l;
                }
                break;
            }
            if (c < e && *c == '}') {
                if (count > 4) {
                    snprintf(msg, cap, "invalid number of vectors");
                    return open;
                }
                break;
            }
            if (c >= e || *c != ',') break;
            p = skip_sp(c + 1, e);
        }
        p = open + 1;
    }
    return NULL;
}

/* the vectors of the first operand of [s, e): a z register 1, a list of them its registers */
static int vectors(const char *s, const char *e)
{
    const char *p = skip_sp(s, e);
    if (p >= e || *p != '{') return zreg_num(p, word_end(p, e)) >= 0;
    int count = 0, first = -1;
    for (p = skip_sp(p + 1, e); p < e;) {
        const char *w = word_end(p, e);
        int r = zreg_num(p, w);
        if (r < 0) return 0;
        const char *c = skip_sp(w, e);
        if (count++ == 0) first = r;
        if (c < e && *c == '-' && count == 1) {
            const char *l = skip_sp(c + 1, e);
            int last = zreg_num(l, word_end(l, e));
            return last < 0 ? 0 : (last - first + 32) % 32 + 1;
        }
        if (c >= e || *c != ',') break;
        p = skip_sp(c + 1, e);
    }
    return count;
}

/* the distance from z register a to b, counting on from z31 to z0 (z30 to z1: 3) */
static int zreg_distance(int a, int b)
{
    return (b - a + 32) % 32;
}

/* the row of SME operand `name` (slice.s, za, range:2, list:4; src/a64/sme_operands.tsv), NULL
 * for none */
static const A64SmeOperand *sme_operand(const char *name)
{
    for (int k = 0; k < a64_sme_operands_count; k++)
        if (!strcmp(a64_sme_operands[k].operand, name)) return &a64_sme_operands[k];
    return NULL;
}

/* the row of the operand kind:n (range:2, list:4; src/a64/sme_operands.tsv), NULL for none */
static const A64SmeOperand *sme_operand_n(const char *kind, long n)
{
    char name[32];
    snprintf(name, sizeof name, "%s:%ld", kind, n);
    return sme_operand(name);
}

/* the row of a slice of a tile of element size t (slice.T), of ZA's vectors (za) or of an
 * array vector (array; src/a64/sme_operands.tsv) */
static const A64SmeOperand *za_operand(bool slice, bool za, char t)
{
    char name[16] = "array";
    if (slice) snprintf(name, sizeof name, "slice.%c", tolower((unsigned char)t));
    else if (za) snprintf(name, sizeof name, "za");
    return sme_operand(name);
}

/* whether the runs "lo-hi[,lo-hi ...]" of a table (src/a64/sme_*.tsv; '-': none) have v; *lo,
 * *hi (either NULL): the first number of the runs and the last */
static bool runs_have(const char *runs, long v, long *lo, long *hi)
{
    bool has = false, any = false;
    for (const char *p = runs;;) {
        char *a, *b;
        long from = strtol(p, &a, 10), to = *a == '-' ? strtol(a + 1, &b, 10) : 0;
        if (a == p || *a != '-' || b == a + 1) break;
        if (!any && lo) *lo = from;
        if (hi) *hi = to;
        any = true;
        has = has || (v >= from && v <= to);
        if (*b != ',') break;
        p = b + 1;
    }
    return has;
}

/* whether runs (as runs_have's) have a number: *lo the first, *hi the last */
static bool runs_span(const char *runs, long *lo, long *hi)
{
    *lo = 1;
    *hi = 0;
    runs_have(runs, 0, lo, hi);
    return *lo <= *hi;
}

/* the row of src/a64/sve_imms.tsv of mnemonic [mnem, +n) and shape (of shapes.tsv), NULL for none */
/* the first row of src/a64/sve_imms.tsv of mnemonic [mnem, +n), or of the one after it (sorted by
 * mnem) */
static int sve_imm_first(const char *mnem, size_t n)
{
    int lo = 0, hi = a64_sve_imms_count;
    while (lo < hi) {
        int mid = (lo + hi) / 2, c = strncmp(a64_sve_imms[mid].mnem, mnem, n);
        if (!c && a64_sve_imms[mid].mnem[n]) c = 1;
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* whether row i of src/a64/sve_imms.tsv is one of mnemonic [mnem, +n) */
static bool sve_imm_of(int i, const char *mnem, size_t n)
{
    return i < a64_sve_imms_count && !strncmp(a64_sve_imms[i].mnem, mnem, n) && !a64_sve_imms[i].mnem[n];
}

static const A64SveImm *sve_imm_row(const char *mnem, size_t n, const char *shape)
{
    for (int i = sve_imm_first(mnem, n); sve_imm_of(i, mnem, n); i++)
        if (!strcmp(a64_sve_imms[i].shape, shape)) return &a64_sve_imms[i];
    return NULL;
}

/* where the last immediate of SVE form `row` (of shapes.tsv; shape, tok: the operands') starts
 * when its row of src/a64/sve_imms.tsv has not its value (mul z0.d, z0.d, #200: -128 to 127), or
 * where zt0 starts when the row has not its index's (movt x0, zt0[49]: multiples of 8 to 56),
 * *words llvm's words for it then; NULL when it has it, the form has no row or the immediate is
 * no number */
static const char *imm_refused(const char *mnem, size_t n, const A64ShapeRow *row, const char *shape,
                               const char *const *tok, const char *e, const char **words)
{
    size_t len = strlen(shape);
    const char *zt = strstr(shape, "zt[N");   /* (zt0's index: refused with zt0, its operand) */
    bool last = len && shape[len - 1] == 'N';
    const A64SveImm *r = last || zt ? sve_imm_row(mnem, n, row->shape) : NULL;
    if (!r) return NULL;
    const char *at = last ? tok[len - 1] : tok[zt + 3 - shape];
    int64_t v;
    const char *end = user_int(at + (*at == '#'), e, &v);
    if (!end || (last ? skip_sp(end, e) != e : skip_sp(end, e) == e || !strchr("],", *skip_sp(end, e)))) return NULL;
    if (runs_have(r->values, (long)v, NULL, NULL)) return NULL;
    if (v % 256 == 0 && runs_have(r->shifted, (long)(v / 256), NULL, NULL)) return NULL;
    *words = r->words;
    if (last) return at;
    /* (an index another form of zt0 at the same place takes, movt zt0[1], x0: of zt0[N, mul vl];
     * zt0[8, mul vl]: of zt0[N]: llvm's matcher goes on in that form, refusing the mul, else at
     * the ',' after the ']', llvm-mc-19; not movt x0, zt0[1], whose zt0 no other form has second:
     * refused at it in the row's words) */
    size_t zk = (size_t)(zt - shape);
    for (int i = sve_imm_first(mnem, n); sve_imm_of(i, mnem, n); i++)
        if (&a64_sve_imms[i] != r && !strncmp(a64_sve_imms[i].shape, shape, zk) &&
            !strncmp(a64_sve_imms[i].shape + zk, "zt[N", 4) && runs_have(a64_sve_imms[i].values, (long)v, NULL, NULL)) {
            *words = "-";
            size_t k = zk + 4;   /* (after "zt[N": the mul, or the ',' after the ']') */
            return shape[k] && shape[k + 1] ? tok[k + 1] : tok[zt - shape];
        }
    return tok[zt - shape];
}

/* whether a list of c z registers is between the lists of SME2 in length (three: between two
 * and four, src/a64/sme_operands.tsv) and not one of them */
static bool list_between(int c)
{
    int shorter = 0, longer = 0;
    for (int k = 0; k < a64_sme_operands_count; k++) {
        const char *name = a64_sme_operands[k].operand;
        if (strncmp(name, "list:", strlen("list:"))) continue;
        int len = atoi(name + strlen("list:"));
        if (len == c) return false;
        shorter += len < c;
        longer += len > c;
    }
    return shorter && longer;
}

/* the index register of a slice or vector of ZA at p ('[' after za0h.s, za.s, za), where it is
 * not a w register: x12, w31, foo (llvm's matcher refuses it: at it); NULL otherwise */
static const char *index_not_w(const char *b, const char *e)
{
    const char *r = skip_sp(b + 1, e), *rw = word_end(r, e);
    int v = (rw - r == 2 || rw - r == 3) && tolower((unsigned char)*r) == 'w' && isdigit((unsigned char)r[1]) &&
            (rw - r == 2 || r[1] != '0') ? atoi(r + 1) : -1;
    return v < 0 || v > 30 ? r : NULL;
}

/* the slices of a tile of element size t (slice.T of src/a64/sme_operands.tsv: its offsets) */
static long tile_slices(char t)
{
    const A64SmeOperand *row = za_operand(true, false, t);
    long lo = 0, hi = -1;
    if (row) runs_span(row->offsets, &lo, &hi);
    return hi + 1;
}

/* where llvm's matcher refuses the range off:LAST (q at its ':') of the slices of tile p (of
 * element size t) in the operands [s, e) of SME2's mov, mova or movaz: s for the whole statement,
 * with its words (where the CPU has the form's features) into words, else at an operand; NULL
 * where it takes it.  Found with llvm-mc-19
 * -mattr=+all and llvm-mca-19 -mcpu=apple-m1 on za0h.T[w12, O:O+L-1] with L 1 to 4 and O 0 to
 * 16: a range of L (2 or 4: the lengths of src/a64/sme_operands.tsv's lists) takes the
 * multiples of L up to the tile's slices less L (0 where it has fewer slices than L: za0h.d[w12,
 * 0:3]).  Written to (mov za0h.s[w12, 2:5], { z0.s, z1.s }) a range of no length or start the
 * lists have is refused, "immediate must be an integer in range [0, S-1]." (S the slices), and
 * one of another list's length refused at the list; read from, a range of another length than
 * the list's is refused, and a start no range of its length has: "vector select offset must be
 * ...", naming the starts of the tiles of bytes and halves for those (one operand of llvm's); a
 * list of a length no list has ({ z17.b - z19.b }) is refused itself, first */
static const char *slice_range_refused(const char *s, const char *e, const char *p, char t, int64_t off,
                                       const char *q, char *words, size_t cap)
{
    int64_t last = 0;
    const char *le = user_int(skip_sp(q + 1, e), e, &last);
    long len = le && last >= off && (uint64_t)last - (uint64_t)off < 64 ? (long)(last - off) + 1 : 0;
    long slices = tile_slices(t), top = (slices > len ? slices : len) - len;
    bool lengths = len && sme_operand_n("list", len), start = lengths && off >= 0 && off <= top && off % len == 0;
    words[0] = 0;
    if (p == operand_at(s, e, 0)) {         /* (written to) */
        const char *l = operand_at(s, e, 1);
        if (start) return len == vectors(l, e) ? NULL : l;
        snprintf(words, cap, "immediate must be an integer in range [0, %ld].", slices - 1);
        return s;
    }
    int list = vectors(s, e);
    if (!sme_operand_n("list", list)) return NULL;  /* (a list of no form's length: refused itself) */
    if (!lengths || len != list) return s;
    if (start) return NULL;
    if (!top) snprintf(words, cap, "vector select offset must be the immediate range 0:%ld.", len - 1);
    else {
        char tiles[64] = "";
        size_t k = 0;
        const char *sizes = strchr("bhBH", t) ? "hb" : (char[]){t, 0};
        for (const char *z = sizes; *z && k < sizeof tiles; z++) {
            long m = tile_slices(*z) - len;
            k += (size_t)snprintf(tiles + k, sizeof tiles - k, "%s[0, %ld]", z == sizes ? "" : " or ", m);
        }
        snprintf(words, cap, "vector select offset must be an immediate range of the form <immf>:<imml>, where the "
                 "first immediate is a multiple of %ld in the range %s%s, and the second immediate is immf + %ld.",
                 len, tiles, sizes[1] ? " depending on the instruction" : "", len - 1);
    }
    return s;
}

/* the operand of [s, e) llvm's matcher refuses in any form, where the operands have SME's array
 * vector or tile slice: a vector group other than vgx2 and vgx4 (vgx3), an index register that is
 * not a w register (za0h.s[x12, 0]); in the first operand, a tile past the tiles of its size (a
 * symbol to llvm: fmopa za4.s, ...; zero {za0.d, za9.d}); NULL for none */
static const char *sme_operand_refused(const char *s, const char *e, const A64SmeOperand **index)
{
    *index = NULL;
    for (const char *p = s; p < e;) {
        if (!isalpha((unsigned char)*p) || (p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.'))) {
            p++;
            continue;
        }
        const char *w = word_end(p, e), *b = skip_sp(w, e);
        /* (a vector group of a length no group of src/a64/sme_operands.tsv has: vgx3) */
        if (w - p > 3 && !strncasecmp(p, "vgx", 3) && isdigit((unsigned char)p[3]) &&
            !(w - p == 4 && sme_operand_n("group", p[3] - '0')))
            return p;
        bool slice = false, tile = numbered_tile(p, w, &slice);
        if (tile && !a64_za_tile(p, w) && operand_at(s, e, 1) > p) return p;   /* (fmopa za4.s; zero {za8.d}) */
        bool za = (w - p == 2 && !strncasecmp(p, "za", 2)) || (w - p == 4 && !strncasecmp(p, "za.", 3)) ||
                  (tile && slice);
        const char *r = za && b < e && *b == '[' ? index_not_w(b, e) : NULL;
        if (r) {
            *index = za_operand(slice, w - p == 2, w[-1]);
            return r;
        }
        p = w;
    }
    return NULL;
}

/* whether the index register [x, xw) of an address (x0 to x30 or xzr; k: its shift, NULL for none,
 * up to e) has another shift than `shift`, the one of its load or store (src/a64/sme_addrs.tsv:
 * ld1w [x0, x1, lsl #2]; 0: none, ld1b [x0, x1]): llvm's matcher refuses it (ld1w ..., [x0, x1]) */
static bool index_shift_refused(const char *x, const char *xw, const char *k, const char *e, int shift)
{
    bool gpr = tolower((unsigned char)*x) == 'x' &&
               ((xw - x == 3 && !strncasecmp(x, "xzr", 3)) || (xw - x >= 2 && isdigit((unsigned char)x[1])));
    if (!gpr) return false;
    if (!k) return shift != 0;
    const char *kw = word_end(k, e), *h = skip_sp(kw, e);
    int sh = a64_shift_lookup(k, (size_t)(kw - k));
    if (sh == A64_SH_NONE) return false;
    int64_t amount;
    /* (another shift or extend than lsl, [x0, x1, asr #3], [x0, x1, uxtw]: refused at the index,
     * where its amount is a number or an extend has none; else the parser's words) */
    if (sh != A64_SH_LSL) return h < e && *h == '#' ? user_int(h + 1, e, &amount) != NULL : sh >= A64_SH_UXTB;
    if (!shift)   /* (a byte's index: none, or lsl #0, lsl 0, as llvm's GPR64shifted8 takes; xzr none) */
        return tolower((unsigned char)x[1]) == 'z' || !(!strncasecmp(k, "lsl", 3) && user_int(h < e && *h == '#' ? h + 1 : h, e, &amount) && !amount);
    return !(h < e && *h == '#' && user_int(h + 1, e, &amount) && amount == shift);
}

static bool same_shape(const A64ShapeRow *row, const char *in);
/* whether a listed row of mnemonic [mnem, +n) (its first, lo) takes the first `upto` characters
 * of shape `out` (up to an address: a writeback after it is refused after it, [x0, x1, lsl #0]!) */
static bool head_taken(const char *mnem, size_t n, int lo, const char *out, size_t upto)
{
    char head[160];
    if (upto >= sizeof head) return false;
    memcpy(head, out, upto);
    head[upto] = 0;
    for (int i = lo; i >= 0 && i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        if (r->shape[0] != '-' && r->shape[0] != '*' && same_shape(r, head)) return true;
    }
    return false;
}

/* the shape [shape, tok) of operands [s, e) with an index register's `lsl #0` ([x0, x1, lsl #0]:
 * "[x,x,lslN]") left out where a row of the mnemonic (its first, lo) takes the shape so (up to that
 * address: a writeback after it is refused after it), as the
 * index of a byte access takes it (its rows: [x,x]; not xzr, which no such index takes); a shift
 * of another amount stays (ld1b ..., [x0, x1, lsl #1]: no form), and so does the shape no row
 * takes either way (its error where llvm's matcher stops: ld1b {z0.b}, p6/m, [x13, x3, lsl #0]) */
static void index_lsl0_out(const char *mnem, size_t n, int lo, char *shape, const char **tok, const char *e)
{
    char out[160];
    const char *otok[160];
    size_t len = strlen(shape);
    if (len >= sizeof out) return;   /* (never: the callers' shapes are char[160] too) */
    memcpy(out, shape, len + 1);
    memcpy(otok, tok, len * sizeof *tok);
    size_t upto = 0;   /* (the shape up to the last address taken so: what a row must take) */
    for (char *p = out; (p = strstr(p, "[x,x,lslN]")) != NULL; p++) {
        const char *h = otok[p - out + 8], *x = otok[p - out + 3];
        int64_t amount;
        if (!strncasecmp(x, "xzr", 3) || !user_int(*h == '#' ? h + 1 : h, e, &amount) || amount) continue;
        size_t from = (size_t)(p - out) + 4, l = strlen(out);
        memmove(out + from, out + from + 5, l + 1 - from - 5);
        memmove(otok + from, otok + from + 5, (l - from - 5) * sizeof *otok);
        upto = from + 1;
    }
    if (upto && head_taken(mnem, n, lo, out, upto)) {
        memcpy(shape, out, strlen(out) + 1);
        memcpy(tok, otok, strlen(out) * sizeof *tok);
    }
}

/* SVE2's non-temporal gathers and scatters of a vector base (ldnt1d {z0.d}, p0/z, [z1.d, x0]):
 * llvm reads their index register with a shift or extend after it and its matcher takes any
 * ([z1.d, x0, asr #3], [z1.d, xzr, uxtx]: found with llvm-mca-19 -mcpu=apple-m1, each taken
 * as [z1.d, x0]; not of the sign-extending loads, ldnt1sw, refused at the shift); that shift ",word" or ",wordN" left out of the shape [shape, tok) */
static void nt_index_shift_out(const char *mnem, size_t n, int lo, char *shape, const char **tok)
{
    if (!mnem_rule(mnem, n, A64_RULE_NT_SHIFT)) return;   /* (not ldnt1sw's) */
    for (char *p = shape; (p = strstr(p, "[z.")) != NULL; p++) {
        if (!p[3] || p[4] != ',' || p[5] != 'x' || p[6] != ',') continue;
        char *w = p + 7, *we = w;
        while (islower((unsigned char)*we)) we++;
        if (we == w || a64_shift_lookup(w, (size_t)(we - w)) == A64_SH_NONE) continue;
        if (*we == 'N') we++;
        if (*we != ']') continue;
        char out[160];   /* (where a row takes the address so: ldnt1d {z0.s}, p0/z, [z1.s, x0] none) */
        size_t l0 = strlen(shape), at = (size_t)(p + 6 - shape), k = (size_t)(we - (p + 6));
        if (l0 >= sizeof out) return;
        memcpy(out, shape, at);
        memcpy(out + at, we, l0 + 1 - at - k);
        if (!head_taken(mnem, n, lo, out, at + 1)) continue;
        size_t from = (size_t)(p + 6 - shape), cut = (size_t)(we - (p + 6)), l = strlen(shape);
        memmove(shape + from, shape + from + cut, l + 1 - from - cut);
        memmove(tok + from, tok + from + cut, (l - from - cut) * sizeof *tok);
    }
}

/* llvm's words for the index register of an address of the operands [s, e) of a load or store
 * whose index takes `shift` (0: none) that it refuses: those of a tile's slice or a list of SME2's
 * with a predicate-as-counter ({za0h.s[w12, 0]}, p0/z; { z0.s, z1.s }, pn8/z: xzr too), else of
 * SVE's ({z0.s}, p0/z); none after another first operand (a prefetch's) */
static void index_words(const char *s, const char *e, int shift, char *words, size_t cap)
{
    const char *o = skip_sp(s, e), *z = *o == '{' ? skip_sp(o + 1, e) : o, *pn = operand_at(s, e, 1);
    bool za = !strncasecmp(z, "za", 2);
    if (!za && zreg_num(z, word_end(z, e)) < 0) return;
    bool xzr = za || (pn + 1 < e && tolower((unsigned char)pn[0]) == 'p' && tolower((unsigned char)pn[1]) == 'n');
    char with[32] = "without shift";
    if (shift) snprintf(with, sizeof with, "with required shift 'lsl #%d'", shift);
    snprintf(words, cap, "register must be x0..x30%s %s", xzr ? " or xzr," : "", with);
}

/* of SVE's prefetches (prfb, prfh, prfw, prfd: shift, their index's of src/a64/sme_addrs.tsv,
 * 0 for prfb), where llvm's matcher refuses the address whose base is [b, bw) and what follows
 * it at c, else NULL (rules found with llvm-mca-19 -mcpu=apple-m1 on each form,
 * tools/lines-llvm.sh): an index x0 to x30 takes lsl #shift (none where it is 0), xzr none; a z
 * register index of s elements takes sxtw or uxtw, of d elements lsl too, each with the amount
 * `shift` (#0 or none where it is 0), and a z.d index none where it is 0 (prfb pldl1keep, p0,
 * [x0, z0.d]); another is refused at the index
 * (prfd pldl1keep, p0, [x0, z0.d, lsl #0]; prfh ..., [x0, z0.s, lsl #1]); a z register base takes
 * #N alone, a multiple of the elements' bytes up to 31 of them (prfd ..., [z0.d, #248]), refused at
 * what follows its ',' ([z0.d, #256], [z0.d, x0]); what follows the amount but the ']' is
 * refused there, after a ',' where it is one ([x0, z0.d, lsl #3, mul vl]: at the mul) */
static const char *prefetch_gather_refused(int shift, const char *b, const char *bw, const char *c, const char *e)
{
    bool zbase = bw - b >= 4 && tolower((unsigned char)*b) == 'z' && isdigit((unsigned char)b[1]) && bw[-2] == '.';
    if (c >= e || *c != ',') return NULL;
    const char *x = skip_sp(c + 1, e), *xw = word_end(x, e);
    if (zbase) {
        int64_t v;
        const char *ve = *x == '#' ? user_int(x + 1, e, &v) : NULL;
        if (*x != '#') return isalpha((unsigned char)*x) ? x : NULL;
        return ve && (v % ((int64_t)1 << shift) || v < 0 || v > (int64_t)31 << shift) ? x : NULL;
    }
    bool xzr = xw - x == 3 && !strncasecmp(x, "xzr", 3);
    char t = xzr || (xw - x >= 2 && tolower((unsigned char)*x) == 'x' && isdigit((unsigned char)x[1])) ? 'x' : 0;
    if (xzr) return x;
    if (!t && (xw - x < 4 || tolower((unsigned char)*x) != 'z' || !isdigit((unsigned char)x[1]) || xw[-2] != '.'))
        return NULL;
    if (!t) t = (char)tolower((unsigned char)xw[-1]);
    if (t != 's' && t != 'd' && t != 'x') return NULL;
    const char *d = skip_sp(xw, e);
    if (d >= e || *d != ',') return t != 's' && !shift ? NULL : x;   /* (no extend) */
    const char *k = skip_sp(d + 1, e), *kw = word_end(k, e), *h = skip_sp(kw, e);
    bool lsl = kw - k == 3 && !strncasecmp(k, "lsl", 3);
    bool ext = t != 'x' && kw - k == 4 && (!strncasecmp(k, "sxtw", 4) || !strncasecmp(k, "uxtw", 4));
    if (!(ext || (lsl && t != 's'))) return x;
    int64_t amount = 0;
    const char *ae = h < e && *h == '#' ? user_int(h + 1, e, &amount) : NULL;
    if (h < e && *h == '#' && !ae) return NULL;   /* (not a number: the parser's) */
    if (h >= e || *h != '#') return lsl ? NULL : shift ? x : NULL;   /* (lsl without its amount: the parser's) */
    if (amount != shift) return x;
    ae = skip_sp(ae, e);                   /* (more after the amount, `, mul vl`: refused after the ',') */
    return ae < e && *ae != ']' ? (*ae == ',' ? skip_sp(ae + 1, e) : ae) : NULL;
}

/* of SVE's gather loads and scatter stores of a scalar base [b, bw) and a z register index after
 * it at c (ld1b ... ld1d, ld1sb ... ld1sw, ldff1*, st1*: the size of an access from the letter
 * last), where llvm's matcher refuses the index's extend or shift (at the index; rules found
 * with llvm-mca-19 -mcpu=apple-m1 on each size, index and amount, tools/lines-llvm.sh), else
 * NULL: sxtw or uxtw take none or #0 (unscaled) or the log2 of the size, lsl #0 or that amount
 * of a z.d index, none of a z.s; what is no number is left to the parser */
static const char *gather_index_refused(const char *mnem, size_t n, const char *b, const char *bw, const char *c, const char *e)
{
    const char *m = mnem, *me = mnem + n;
    if (n >= 6 && !strncasecmp(m, "ldff1", 5)) m += 5;
    else if (n >= 4 && (!strncasecmp(m, "ld1", 3) || !strncasecmp(m, "st1", 3))) m += 3;
    else return NULL;
    if (me - m == 2 && tolower((unsigned char)*m) == 's' && tolower((unsigned char)*mnem) == 'l') m++;
    const char *sz = me - m == 1 ? strchr("bhwd", tolower((unsigned char)*m)) : NULL;
    bool scalar = (bw - b == 2 && !strncasecmp(b, "sp", 2)) ||
                  (bw - b >= 2 && tolower((unsigned char)*b) == 'x' && isdigit((unsigned char)b[1]));
    if (!sz || !*sz || !scalar || c >= e || *c != ',') return NULL;
    const char *x = skip_sp(c + 1, e), *xw = word_end(x, e);
    if (xw - x < 4 || tolower((unsigned char)*x) != 'z' || !isdigit((unsigned char)x[1]) || xw[-2] != '.') return NULL;
    char t = (char)tolower((unsigned char)xw[-1]);
    const char *d = skip_sp(xw, e);
    if ((t != 's' && t != 'd') || d >= e || *d != ',') return NULL;
    const char *k = skip_sp(d + 1, e), *kw = word_end(k, e), *h = skip_sp(kw, e);
    bool lsl = kw - k == 3 && !strncasecmp(k, "lsl", 3);
    bool ext = kw - k == 4 && (!strncasecmp(k, "sxtw", 4) || !strncasecmp(k, "uxtw", 4));
    if (lsl && t == 's') return x;
    int64_t amount;
    int sh = a64_shift_lookup(k, (size_t)(kw - k));
    /* (another shift or extend, asr #3, uxtx: refused at the index, where its amount is a number
     * or an extend has none) */
    if (!(lsl || ext) && sh != A64_SH_NONE)
        return (h < e && *h == '#' ? user_int(h + 1, e, &amount) != NULL : sh >= A64_SH_UXTB) ? x : NULL;
    if (!(lsl || ext) || h >= e || *h != '#' || !user_int(h + 1, e, &amount)) return NULL;
    return amount && amount != sz - "bhwd" ? x : NULL;
}

/* of SVE's adr of a z register base (adr z0.d, [z1.d, z2.d, lsl #3]), where llvm's matcher
 * refuses the index z register [x, xw) for the shift or extend after it (found with
 * llvm-mca-19 -mcpu=apple-m1, tools/lines-llvm.sh): another than lsl (of .s and .d elements),
 * uxtw or sxtw (of .d), or an amount past 3 (lsl #4); NULL where it takes it or an amount is no
 * number (the parser's) */
static const char *adr_index_refused(const char *x, const char *xw, const char *e)
{
    if (xw - x < 4 || tolower((unsigned char)*x) != 'z' || !isdigit((unsigned char)x[1]) || xw[-2] != '.') return NULL;
    char t = (char)tolower((unsigned char)xw[-1]);
    const char *d = skip_sp(xw, e);
    if (d >= e || *d != ',') return NULL;
    const char *k = skip_sp(d + 1, e), *kw = word_end(k, e), *h = skip_sp(kw, e);
    int sh = a64_shift_lookup(k, (size_t)(kw - k));
    int64_t amount = 0;
    if (sh == A64_SH_NONE || (h < e && *h == '#' ? !user_int(h + 1, e, &amount) : sh < A64_SH_UXTB)) return NULL;
    bool ok = sh == A64_SH_LSL || (t == 'd' && (sh == A64_SH_UXTW || sh == A64_SH_SXTW));
    return ok && amount >= 0 && amount <= 3 ? NULL : x;
}

/* where llvm's matcher refuses address [p, ...) of the operands [s, e) of mnemonic [mnem, +n), else
 * NULL (rules found with llvm-mc-19 -mattr=+all, tools/sme-survey.sh): the base xzr; the index sp;
 * a z index's shift other than its row's of src/a64/sme_addrs.tsv; of a scalar base (x0, sp), an
 * index register x0 to x30 or xzr without its row's shift or with another (ld1w { z0.s, z1.s },
 * pn8/z, [x0, x1]), the #N of an offset, with its mul vl or without, past its row's for the
 * vectors of the list ([x0, #1]: llvm refuses the number before it misses the mul vl); words:
 * llvm's for them (index_words), "" where it has none */
static const char *address_refused(const char *mnem, size_t n, const char *s, const char *e, const char *p,
                                   char *words, size_t cap)
{
    const char *b = skip_sp(p + 1, e), *bw = word_end(b, e);
    if (bw - b == 3 && !strncasecmp(b, "xzr", 3)) return b;
    const char *c = skip_sp(bw, e);
    if (mnem_rule(mnem, n, A64_RULE_PREFETCH)) {   /* (SVE's prefetches) */
        const A64SmeAddr *pa = sme_addr(mnem, n);
        const char *g = prefetch_gather_refused(pa ? atoi(pa->shift) : 0, b, bw, c, e);
        if (g) return g;
    }
    const char *gx = gather_index_refused(mnem, n, b, bw, c, e);
    if (gx) return gx;
    if (mnem_rule(mnem, n, A64_RULE_ADR) && c < e && *c == ',' && (gx = adr_index_refused(skip_sp(c + 1, e), word_end(skip_sp(c + 1, e), e), e)))
        return gx;
    if (c < e && *c == ',') {
        const char *x = skip_sp(c + 1, e), *xw = word_end(x, e);
        /* (of a scalar base, x0 or sp: the rows' shift and #N are not those of a vector base, [z0.d, x1]) */
        bool scalar = (bw - b == 2 && !strncasecmp(b, "sp", 2)) ||
                      (bw - b >= 2 && tolower((unsigned char)*b) == 'x' && isdigit((unsigned char)b[1]));
        const A64SmeAddr *addr = scalar ? sme_addr(mnem, n) : NULL;   /* (its shift and #N, mul vl) */
        int shift = addr ? atoi(addr->shift) : 0;    /* ('-': none) */
        if ((xw - x == 2 && !strncasecmp(x, "sp", 2)) || (xw - x == 3 && !strncasecmp(x, "wsp", 3))) {
            if (addr) index_words(s, e, shift, words, cap);
            return x;
        }
        const char *d = skip_sp(xw, e), *k = d < e && *d == ',' ? skip_sp(d + 1, e) : NULL;
        long lo, hi;
        int nv = addr && runs_span(addr->mulvl, &lo, &hi) && *x == '#' ? vectors(s, e) : 0;   /* (the vectors of the list) */
        /* (a list of no form's length, { z0.s - z2.s } of ld1w: refused itself, list_refused; not
         * of the structures' loads and stores, ld3w) */
        if (nv > 1 && strcmp(addr->lists, "any") && !sme_operand_n("list", nv)) nv = 0;
        int64_t v = 0;
        const char *ve = nv ? user_int(x + 1, e, &v) : NULL, *mv = ve ? skip_sp(ve, e) : NULL;
        if (mv && (*mv == ',' || *mv == ']') && (v % nv || v < lo * nv || v > hi * nv)) {   /* (per vector of the list) */
            const char *m = *mv == ',' ? skip_sp(mv + 1, e) : NULL, *mw = m ? word_end(m, e) : NULL;
            /* (#N, mul vl; #N alone, the number refused first) */
            if (!m || (mw - m == 3 && !strncasecmp(m, "mul", 3))) {
                if (nv == 1) snprintf(words, cap, "index must be an integer in range [%ld, %ld].", lo, hi);
                else snprintf(words, cap, "index must be a multiple of %d in range [%ld, %ld].", nv, lo * nv, hi * nv);
                return x;
            }
        }
        /* (a vector index's shift other than the elements' size; its lsl #0 too is taken:
         * ld1d {z0.d}, p1/z, [x0, z20.d, lsl #0]) */
        if (k && shift && tolower((unsigned char)*x) == 'z' && isdigit((unsigned char)x[1])) {
            const char *kw = word_end(k, e), *h = skip_sp(kw, e);
            int64_t amount;
            if (kw - k == 3 && a64_shift_lookup(k, 3) != A64_SH_NONE && h < e && *h == '#' &&
                !(user_int(h + 1, e, &amount) && (amount == shift || amount == 0)))
                return x;
        }
        if (addr && index_shift_refused(x, xw, k, e, shift)) {
            index_words(s, e, shift, words, cap);
            return x;
        }
    }
    return NULL;
}

/* the '[' in the text (tok: where each character of `shape` starts) of the address of the operands
 * of shape `shape`, of mnemonic [mnem, +n) (rows from lo), where a row has the operands before it
 * and an address there (*row: the first such), else NULL */
static const char *address_after_form(const char *mnem, size_t n, int lo, const char *shape,
                                      const char *const *tok, const A64ShapeRow **row)
{
    const char *a = NULL;
    for (const char *q = shape; *q && !a;) {
        const char *o = q;
        next_operand(&q);
        if (*o == '[') a = o;
    }
    if (!a) return NULL;
    size_t len = (size_t)(a - shape) + 1;   /* (the operands before it and its '[') */
    for (int i = lo; i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        if (!strncmp(r->shape, shape, len)) {
            *row = r;
            return tok[a - shape];
        }
    }
    return NULL;
}

/* where llvm's matcher refuses an SME or SVE operand of [s, e) (mnemonic [mnem, +n)) that has the
 * shape of a form but a value no form takes, else NULL (rules found with llvm-mc-19 -mattr=+all,
 * tools/sme-survey.sh): a tile past the tiles of its element size (za4.s: a symbol); the index
 * register and the offset of a tile's slice (za0h.s[w12, 3]), of ZA's vectors (ldr za[w12, 0]),
 * of an array vector (za.s[w8, 0, vgx2]) and its range of vectors (za.s[w8, 0:1]) that its row of
 * src/a64/sme_operands.tsv does not have (w12 to w15; za3h.s[w12, 3], za15h.q[w12, 0]); in an
 * address, what address_refused refuses (the index's shift of a load, store or prefetch other
 * than its row's of src/a64/sme_addrs.tsv, ld1w ..., [x0, x1, lsl #2]: the elements' size; the
 * #N of #N, mul vl past its row's after a list, ld1w { z0.s }, p0/z, [x0, #8, mul vl]).  words:
 * llvm's own words for the register or offset of a slice or vector or of an address, said where
 * the CPU has the features of the form ("operand must be a register in range [w12, w15]";
 * where it lacks them the matcher says "invalid operand for instruction"), else "" */
static const char *sme_value_refused(const char *mnem, size_t n, const char *s, const char *e, char *words, size_t cap,
                                     bool *whole)
{
    words[0] = 0;
    *whole = false;
    int depth = 0;
    bool start = true;                      /* at the start of an operand */
    for (const char *p = s; p < e;) {
        if (isspace((unsigned char)*p)) { p++; continue; }
        if (*p == '[' && start && !depth) {                    /* an address */
            const char *a = address_refused(mnem, n, s, e, p, words, cap);
            if (a) return a;
        }
        start = false;
        if (*p == '[' || *p == '{') depth++;
        else if ((*p == ']' || *p == '}') && depth) depth--;
        else if (*p == ',' && !depth) start = true;
        if (!isalpha((unsigned char)*p)) { p++; continue; }
        const char *w = word_end(p, e), *b = skip_sp(w, e);
        bool slice = false, tile = numbered_tile(p, w, &slice);
        if (tile && !a64_za_tile(p, w)) return p;
        bool za = w - p == 2 && !strncasecmp(p, "za", 2);
        bool array = w - p == 4 && !strncasecmp(p, "za.", 3);
        const A64SmeOperand *row = (slice || za || array) && b < e && *b == '[' ? za_operand(slice, za, w[-1]) : NULL;
        if (row) {
            const char *r = skip_sp(b + 1, e), *rw = word_end(r, e);
            long lo = 0, hi = 0, v = index_not_w(b, e) ? -1 : atoi(r + 1);
            if (!runs_have(row->index, v, &lo, &hi)) {
                snprintf(words, cap, "operand must be a register in range [w%ld, w%ld]", lo, hi);
                return r;
            }
            const char *c = skip_sp(rw, e), *o = c < e && *c == ',' ? skip_sp(c + 1, e) : NULL;
            int64_t off = 0;
            const char *oe = o ? user_int(o, e, &off) : NULL, *q = oe ? skip_sp(oe, e) : NULL;
            if (q && *q != ':' && !runs_have(row->offsets, off, &lo, &hi) && (!slice || *q == ']')) {
                if (lo == hi) snprintf(words, cap, "immediate must be %ld.", lo);
                else snprintf(words, cap, "immediate must be an integer in range [%ld, %ld].", lo, hi);
                return o;
            }
            if (q && *q == ':' && array) {                  /* za.s[w8, 0:1]: a range of vectors */
                int64_t last = 0;
                const char *le = user_int(q + 1, e, &last), *g = skip_sp(le ? le : q + 1, e);
                long len = last >= off && (uint64_t)last - (uint64_t)off < 64 ? (long)(last - off) + 1 : 0;   /* (0: none) */
                bool vgx = g < e && *g == ',', lists = strchr(g, '{') && strchr(g, '{') < e;
                const A64SmeOperand *range = sme_operand_n("range", len), *group = sme_operand_n("group", len);
                int form = range_length(w[-1], g, e);
                if (!range || !group || (form && len != form)) {   /* (a length no range has: za.s[w8, 0:2]) */
                    *whole = true;
                    return o;
                }
                long step = atol(range->step), glo = 0, ghi = 0;
                bool grouped = runs_have(group->offsets, off, &glo, &ghi);
                if (!runs_have(range->offsets, off, &lo, &hi) || off % step) {
                    snprintf(words, cap, "vector select offset must be an immediate range of the form <immf>:<imml>, "
                             "where the first immediate is a multiple of %ld in the range [%ld, %ld] or [%ld, %ld] "
                             "depending on the instruction, and the second immediate is immf + %ld.", step, glo, ghi, lo,
                             hi, len - 1);
                    *whole = true;
                    return o;
                }
                /* (past a group's: the form of one vector gets further, and refuses the list) */
                if (!grouped && vgx) return strchr(g, ']') && strchr(g, ']') < e ? strchr(g, ']') : NULL;
                if (!grouped && lists) return operand_at(s, e, 1);
            }
            const char *sr = q && *q == ':' && slice ? slice_range_refused(s, e, p, w[-1], off, q, words, cap) : NULL;
            if (sr) {
                *whole = sr == s;
                return sr == s ? o : sr;
            }
        }
        p = w;
    }
    return NULL;
}

/* whether the words of feature have the word w (sme2 in "sme2 or sve2p1") */
static bool feature_word(const char *feature, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = feature; (p = strstr(p, w)); p += n)
        if ((p == feature || p[-1] == ' ' || p[-1] == '(') && (!p[n] || p[n] == ' ' || p[n] == ')')) return true;
    return false;
}

/* where llvm's matcher refuses a list of z registers of a form of SME2 or SVE2.1 (feature: the
 * form's, with the word sme2, sme2p1 or sve2p1 or one of sme-: sme-f8f16, and not sve or sve2: "lut
 * sve2 or sme2"; not a load or store of structures, ld2q: their lists start anywhere): one of three, one
 * that does not start where the form's lists do: consecutive ones at
 * a multiple of their length ({ z0.h, z1.h }, { z4.s - z7.s }), strided ones in the first
 * half of their eight or sixteen ({ z7.s, z15.s }; { z3.b, z7.b, z11.b, z15.b }), as their rows
 * of src/a64/sme_operands.tsv say (list:L, strided:L; the structures' lists: sme_addrs.tsv); else NULL
 * (rules found with llvm-mc-19 -mattr=+all, tools/sme-survey.sh).  After ZA's array vector the
 * list with a last z register takes any start (fmla za.s[w8, 0, vgx2], { z1.s, z2.s }, z3.s),
 * and with a lane on it the form without the lane gets further: refused at the lane; with a
 * list after it, at that list (both must start so).  words: llvm's, said where the CPU has the
 * form's features, for a consecutive list refused itself */
static const char *list_refused(const char *mnem, size_t n, const char *feature, const char *s, const char *e,
                                char *words, size_t cap)
{
    bool sme2 = feature_word(feature, "sme2") || feature_word(feature, "sme2p1") || feature_word(feature, "sve2p1");
    for (const char *f = feature; !sme2 && (f = strstr(f, "sme-")); f++)   /* (sme-f8f16: fdot's) */
        sme2 = f == feature || f[-1] == ' ' || f[-1] == '(';
    if (!sme2 || feature_word(feature, "sve") || feature_word(feature, "sve2")) return NULL;   /* (luti4 z0.h, { z1.h, z2.h }: sve2's) */
    const A64SmeAddr *addr = sme_addr(mnem, n);
    if (addr && !strcmp(addr->lists, "any")) return NULL;   /* (ld2q { z1.q, z2.q }: structures) */
    int nops = 0;
    while (operand_at(s, e, nops) < e) nops++;
    const char *first = operand_at(s, e, 0);
    bool za = !strncasecmp(first, "za.", 3) || !strncasecmp(first, "za[", 3);
    for (int k = 0; k < nops; k++) {
        const char *o = operand_at(s, e, k);
        if (*o != '{') continue;
        int c = vectors(o, e);
        const char *z = skip_sp(o + 1, e), *zw = word_end(z, e);
        int r = zreg_num(z, zw), stride = 1;
        const char *sep = skip_sp(zw, e);
        if (r < 0) continue;
        const A64SmeOperand *list = sme_operand_n("list", c), *strided = sme_operand_n("strided", c);
        if (!list && list_between(c)) return o;   /* ({ z1.b - z3.b }; one, { z0.q }, and five: other rules) */
        if (!list) continue;
        if (*sep == ',') {
            const char *z2 = skip_sp(sep + 1, e);
            stride = zreg_distance(r, zreg_num(z2, word_end(z2, e)));
        }
        bool ok = stride == 1 ? runs_have(list->offsets, r, NULL, NULL) && r % atoi(list->step) == 0
                              : strided && stride == atoi(strided->step) && runs_have(strided->offsets, r, NULL, NULL);
        if (ok) continue;
        if (za && k == 1 && nops == 3 && stride == 1) {
            const char *last = operand_at(s, e, 2), *lw = word_end(last, e), *lb = skip_sp(lw, e);
            if (*last == '{') return last;          /* (its words: when it is refused itself, below) */
            if (lb < e && *lb == '[') return lb;
            continue;
        }
        if (stride == 1)
            snprintf(words, cap, "Invalid vector list, expected list with %d consecutive SVE vectors, where the first "
                     "vector is a multiple of %d and with matching element types", c, c);
        return o;
    }
    return NULL;
}

static int row_cmp(const char *mnem, size_t n, const char *shape, const A64ShapeRow *r)
{
    int c = strncmp(mnem, r->mnem, n);
    if (c == 0 && r->mnem[n]) c = -1;
    return c ? c : strcmp(shape, r->shape);
}

/* whether the CPU has feature [w, w + n) */
static bool has_feature(const char *w, size_t n, A64Features features)
{
    bool known;
    A64Features need = a64_feature_mask(w, n, &known);
    return n && known && a64_features_have(features, need);
}

/* llvm's words refusing mnemonic [mnem, +n) that needs `feature` (the table's words: features
 * space-separated, each a name or alternatives joined by "or", an alternative maybe a group
 * "(a and b)"): "instruction requires: " and those the CPU lacks, as they are written; when it
 * has them all (-mattr=+sve) it would take the instruction: uarch has no model of it */
static bool requires_msg(const char *mnem, size_t n, const char *feature, A64Features features,
                         char *msg, size_t cap)
{
    size_t at = (size_t)snprintf(msg, cap, "instruction requires:");
    bool lacks = false;
    for (const char *p = feature; *p;) {
        while (*p == ' ') p++;
        const char *start = p, *end = p;
        bool met = false;
        for (;;) {                          /* an alternative: a name or "(a and b ...)" */
            bool all = true;
            if (*p == '(') {
                for (p++; *p && *p != ')';) {
                    while (*p == ' ') p++;
                    const char *w = p;
                    while (*p && *p != ' ' && *p != ')') p++;
                    if (p - w != 3 || memcmp(w, "and", 3)) all = all && has_feature(w, (size_t)(p - w), features);
                }
                if (*p == ')') p++;
            } else {
                const char *w = p;
                while (*p && *p != ' ') p++;
                all = has_feature(w, (size_t)(p - w), features);
            }
            met = met || all;
            end = p;
            if (strncmp(p, " or ", 4)) break;
            p += 4;
        }
        if (end == start) break;
        if (!met) {
            lacks = true;
            if (at < cap) at += (size_t)snprintf(msg + at, cap - at, " %.*s", (int)(end - start), start);
        }
    }
    if (!lacks)
        snprintf(msg, cap, "'%.*s' (%s) is not supported: uarch has no model of its instructions "
                 "(llvm-mc 19 takes it with the feature)", (int)n, mnem, feature);
    return lacks;
}

/* whether the CPU has the features of a form of mnemonic [mnem, +n) (its rows from lo) */
static bool mnem_has_form(const char *mnem, size_t n, int lo, A64Features features)
{
    const A64ShapeRow *dflt = NULL;
    char m[160];
    for (int i = lo; i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        if (!strcmp(r->shape, "-")) dflt = r;
        const A64ShapeRow *f = !strcmp(r->feature, "=") ? dflt : r;
        if (f && strcmp(f->feature, "-") && strcmp(f->feature, "=") && !requires_msg(mnem, n, f->feature, features, m, sizeof m))
            return true;
    }
    return false;
}

/* whether shape `s` is the start of `row` (a listed shape), up to an operand ("." for no
 * operands: of any) or a z register's lane, which llvm reads as an operand of its own (dup
 * z0.d, z1.d: z.d,z.d[N]) */
static bool shape_starts(const char *s, const char *row)
{
    size_t k = strlen(s);
    bool z = k >= 3 && s[k - 3] == 'z' && s[k - 2] == '.' && (k == 3 || strchr(",{", s[k - 4]));
    return !strcmp(s, ".") || (!strncmp(row, s, k) && (row[k] == ',' || (row[k] == '[' && z)));
}

/* whether a row of mnemonic [mnem, +n) (from lo) is shape `shape` of an array vector of za and
 * more operands, then one z register (za.d[w,N,vgx4],{z.d-z.d},z.d for za.d[w,N,vgx4],{z.d-z.d}) */
static bool rows_extend_z(const char *mnem, size_t n, int lo, const char *shape)
{
    size_t k = strlen(shape);
    if (strncmp(shape, "za.", 3)) return false;
    for (int i = lo; i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        const char *x = r->shape + k;
        if (!strncmp(r->shape, shape, k) && x[0] == ',' && x[1] == 'z' && x[2] == '.' && !strpbrk(x + 1, ",[{"))
            return true;
    }
    return false;
}

/* the number of the first operands shape a and row shape b have alike (an array vector of a
 * without the vector group of b's: alike, vgx_omitted) */
static int shape_common(const char *a, const char *b)
{
    int k = 0, depth = 0;
    for (; *a && (*a == *b || vgx_omitted(b, a)); a++, b++) {
        if (*a != *b) b += 5;
        if (*a == '[' || *a == '{') depth++;
        else if ((*a == ']' || *a == '}') && depth) depth--;
        else if (*a == ',' && !depth) k++;
    }
    return k;
}

/* the number of operands of shape `row`: its commas outside [] and {}, and one */
static int shape_operands(const char *row)
{
    int k = 1, depth = 0;
    for (const char *p = row; *p; p++) {
        if (*p == '[' || *p == '{') depth++;
        else if ((*p == ']' || *p == '}') && depth) depth--;
        else if (*p == ',' && !depth) k++;
    }
    return k;
}

/* the first operand of shape (0-based) that is a w (x) register right after a z register of
 * d (b, h, s) elements, or after one and a p/m or p/z; -1 none */
static int gpr_width_mismatch(const char *shape)
{
    char z = 0;                             /* the element letter of the z register just before */
    for (int k = 0; *shape; k++) {
        const char *o = shape;
        int depth = 0;
        while (*shape && (depth || *shape != ',')) {
            if (*shape == '[' || *shape == '{') depth++;
            else if ((*shape == ']' || *shape == '}') && depth) depth--;
            shape++;
        }
        size_t n = (size_t)(shape - o);
        if (*shape) shape++;
        if (n == 1 && (*o == 'w' || *o == 'x') && z && (*o == 'x') != (z == 'd')) return k;
        if (n == 3 && o[0] == 'z' && o[1] == '.' && strchr("bhsd", o[2])) z = o[2];
        else if (!(n == 3 && o[0] == 'p' && o[1] == '/')) z = 0;
    }
    return -1;
}

/* the start of operand k (0-based) of the text [s, e) */
static const char *operand_at(const char *s, const char *e, int k)
{
    int depth = 0;
    for (; s < e && k; s++) {
        if (*s == '[' || *s == '{') depth++;
        else if ((*s == ']' || *s == '}') && depth) depth--;
        else if (*s == ',' && !depth) k--;
    }
    while (s < e && isspace((unsigned char)*s)) s++;
    return s;
}

/* where llvm refuses operand k (0-based) of [s, e) as one of an instruction: at it, or at the
 * immediate before it when it is a shift its parser reads with it (cpy z0.b, p0/m, #1, lsl #8:
 * llvm reads it with the #1; not mul z0.h, z0.h, #1, lsl #8, nor a register's, an operand of
 * its own: umin w0, w1, w2, lsl #1 at the lsl); mnem [mnem, +n), its rows from lo */
static const char *refused_at(const char *mnem, size_t n, int lo, const char *s, const char *e, int k)
{
    const char *x = operand_at(s, e, k), *w = x;
    while (w < e && isalpha((unsigned char)*w) && w - x < 4) w++;
    const char *b = k > 0 ? operand_at(s, e, k - 1) : NULL;
    bool shift = b && (*b == '#' || isdigit((unsigned char)*b)) && w > x && (w == e || !isalnum((unsigned char)*w)) &&
                 reads_shift(mnem, n, lo) &&
                 a64_shift_lookup(x, (size_t)(w - x)) != A64_SH_NONE;
    return shift ? operand_at(s, e, k - 1) : x;
}

/* Predicates p8 to p15: most SVE and SME forms encode their governing predicate in three bits
 * (llvm's class of p0 to p7), and llvm's matcher refuses a higher one there (sub z29.d, p14/m,
 * z29.d, z1.d: "invalid operand for instruction" at the p14).  The predicates-as-counter of
 * SME2's and SVE2.1's forms are the other half, pn8 to pn15 (ld1w { z0.s, z1.s }, pn3/z, [x0]:
 * refused at the pn3).  Which operands of a row so take one half only is its column p8
 * (shapes.tsv, learned by tools/shapes-survey.sh: the operands, 1, 2 ..., of a predicate written
 * bare or with /m or /z where llvm-mc refuses p8, of a predicate-as-counter where it refuses pn0;
 * of the default row, those of the mnemonic's other shapes: prfb pldl1keep, p8, [x0]).  pshape:
 * the shape with 'P' for each such predicate p8 to p15 or pn0 to pn7 the text has
 * (restricted_view); the view of a row: pshape where the row refuses one of them there, else the
 * shape */
static bool row_restricts(const A64ShapeRow *row, const char *pshape)
{
    for (const char *c = row->p8; isdigit((unsigned char)*c);) {
        char *end;
        long k = strtol(c, &end, 10);
        const char *q = pshape;
        while (*q && --k > 0) next_operand(&q);
        if (!k && *q == 'P') return true;
        c = *end == ',' ? end + 1 : end;
    }
    return false;
}

/* llvm's words refusing the predicate at t (p8 to p15, pn0 to pn7) of the operands of a form of
 * row `form` (of mnemonic [mnem, +n)) that takes them but for it: its class's, where the CPU has
 * the form's features (of a predicate-as-counter with an element size, whilelo pn0.s, x0, x1,
 * vlx2, another class), else "invalid operand for instruction" */
static void restricted_words(const char *t, const A64ShapeRow *form, const char *mnem, size_t n,
                             A64Features features, char *msg, size_t cap)
{
    const char *d = t + 2;
    while (isdigit((unsigned char)*d)) d++;
    if (!form || requires_msg(mnem, n, form->feature, features, msg, cap))
        snprintf(msg, cap, "invalid operand for instruction");
    else if (tolower((unsigned char)t[1]) == 'n' && *d == '.')
        snprintf(msg, cap, "Invalid predicate register, expected PN in range pn8..pn15 with element suffix.");
    else if (tolower((unsigned char)t[1]) == 'n')
        snprintf(msg, cap, "invalid restricted predicate-as-counter register expected pn8..pn15");
    else snprintf(msg, cap, "invalid restricted predicate register, expected p0..p7 (without element suffix)");
}

/* the shape `shape` of the text whose characters start at tok[], with 'P' for a predicate p8 to
 * p15 written bare or with /m or /z, and for a predicate-as-counter pn0 to pn7 (pn3, pn3/z, pn3.s,
 * pn3[1]), into pshape; whether there is one */
static bool restricted_view(const char *shape, const char *const *tok, char *pshape, size_t cap)
{
    bool any = false;
    snprintf(pshape, cap, "%s", shape);
    for (const char *p = shape; *p;) {
        const char *o = p;
        size_t k = next_operand(&p);
        bool pn = k >= 2 && o[1] == 'n' && (k == 2 || strchr("/.[", o[2]));
        if (*o != 'p' || !(pn || k == 1 || (k == 3 && o[1] == '/'))) continue;
        const char *t = tok[o - shape], *d = t + 1 + pn;
        if (isdigit((unsigned char)*d) && (pn ? atoi(d) < 8 : atoi(d) >= 8) && (size_t)(o - shape) < cap) {
            pshape[o - shape] = 'P';
            any = true;
        }
    }
    return any;
}

/* a row of mnemonic [mnem, +n) (from lo) that takes shape `shape` (of the text whose characters
 * start at tok[]) but for a predicate p8 to p15 or a predicate-as-counter pn0 to pn7 it
 * refuses (restricted_view, row_restricts), or NULL */
static const A64ShapeRow *restricted_row(const char *mnem, size_t n, int lo, const char *shape,
                                         const char *const *tok)
{
    char pshape[160];
    if (!restricted_view(shape, tok, pshape, sizeof pshape)) return NULL;
    for (int i = lo; i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        if (r->shape[0] != '-' && r->shape[0] != '*' && row_restricts(r, pshape) && same_shape(r, shape)) return r;
    }
    return NULL;
}

/* whether the word [p, w) is a register of ZA: za, an array za.s, a tile za3.s or a slice of one
 * za1h.s (llvm's parser reads each as a matrix operand; not za4.s, a symbol) */
static bool za_register(const char *p, const char *w)
{
    bool slice = false;
    if (w - p < 2 || strncasecmp(p, "za", 2)) return false;
    return w - p == 2 || (w - p == 4 && p[2] == '.' && za_tiles_of(p[3])) ||
           (numbered_tile(p, w, &slice) && a64_za_tile(p, w));
}

/* the first operand of shape `shape` (of the text [s, e)) that is ZA's array without its index
 * (za.s: the shape of a tile, za3.s, but without its number): llvm's parser reads it as an array
 * vector, which no form's tile takes (umopa za.s, p0/m, ...: refused at it, llvm-mc-19); its
 * number, or -1 */
static int za_bare_at(const char *shape, const char *s, const char *e)
{
    int k = 0;
    for (const char *p = shape; *p; k++) {
        const char *x = p;
        size_t xn = next_operand(&p);
        bool slice = false;
        if (xn != 4 || spelling(x, xn) != A64_SPELL_ZA_ELEMS) continue;
        const char *o = operand_at(s, e, k);
        if (!numbered_tile(o, word_end(o, e), &slice)) return k;
    }
    return -1;
}

/* whether operand k of row shape `row` is an array vector of ZA (za.s[w,N,vgx2]) of the
 * elements of operand k of shape v, ZA's array without its index there (za_bare_at): llvm's
 * parser reads that za.s as the vector's, its index operands of their own after it, and its
 * matcher refuses the next operand (mova za.s, p0/m, z0.s: at the p0, llvm-mc-19) */
static bool array_at(const char *row, int k, const char *v)
{
    for (int j = 0; j < k && *row; j++) next_operand(&row);
    for (int j = 0; j < k && *v; j++) next_operand(&v);
    const char *y = row, *x = v;
    size_t yn = next_operand(&row), xn = next_operand(&v);
    return xn == 4 && yn > 5 && !strncmp(y, x, 4) && y[4] == '[' && has_vgx(y, yn);
}

/* shape_common of shape v (of the text [s, e)) and a row's, up to an operand of v that is ZA's
 * array without its index (za_bare_at), which the row's tile there does not take */
static int za_common(const char *v, const char *row, const char *s, const char *e)
{
    int c = shape_common(v, row), bk = za_bare_at(v, s, e);
    return bk >= 0 && bk < c ? bk : c;
}

/* llvm's words refusing operand k of the text [s, e) where row r of mnemonic [mnem, +n) has the
 * operand [x, xe) of its shape (k operands taken before it) and the operand is what llvm's class
 * of that operand reads but refuses (its diagnostic, with the form's features: found with
 * llvm-mc-19 -mattr=+all, tools/sme-survey.sh):
 *   z.T, z.T[N]   a z register with another element size: "invalid element width"; where the
 *                 row's column lanes has the register's last (" z15"): "Invalid restricted vector
 *                 register, expected z0.T..z15.T"
 *   z, z[N]       a z register with an element size: "expected register without element width
 *                 suffix"
 *   zt            any operand: "Invalid lookup table, expected zt0"
 *   za[           ZA's vectors (ldr za[w12, 0], [x0]): another register of ZA, "invalid matrix
 *                 operand, expected za"
 *   za.T          a tile (fmopa): any register of ZA, "invalid matrix operand, expected za[0-3].s"
 *   za.T[         an array vector: any register of ZA, "invalid matrix operand, expected suffix .s"
 *   {za.T[        a tile's slice (ld1w {za0h.s[w12, 0]}): "invalid matrix operand, expected
 *                 za[0-3]h.s or za[0-3]v.s"
 * ""  for another (llvm: "invalid operand for instruction") */
static bool operand_words(const A64ShapeRow *r, const char *x, const char *xe, const char *o, const char *e,
                          char *words, size_t cap)
{
    words[0] = 0;
    size_t xn = (size_t)(xe - x);
    const char *w = word_end(o, e);
    bool laned = xn >= 4 && !strncmp(xe - 3, "[N]", 3);
    size_t core = laned ? xn - 3 : xn;      /* the operand without its lane */
    int cls = spelling(x, xn);
    if (cls == A64_SPELL_ZT) {
        snprintf(words, cap, "Invalid lookup table, expected zt0");
        return false;
    }
    if (xn == 1 && *x == 'N') {             /* (an immediate of src/a64/sve_imms.tsv: its words; none
                                               for another operand than a number where its class
                                               takes numbers only: add z0.b, z0.b, w1) */
        const A64SveImm *im = sve_imm_row(r->mnem, strlen(r->mnem), r->shape);
        const char *d = *o == '#' ? o + 1 : o;
        bool number = d < e && (isdigit((unsigned char)*d) || *d == '-' || *d == '+' || *d == '(');
        if (im && strcmp(im->words, "-") && (number || !im->numeric)) snprintf(words, cap, "%s", im->words);
        return false;
    }
    int z = zreg_num(o, w);
    bool zsuffix = z >= 0 && w - o >= 3 && w[-2] == '.';
    if (core == 3 && cls == A64_SPELL_Z_ELEMS && zsuffix && tolower((unsigned char)w[-1]) != x[2]) {
        const char *zmax = strchr(r->lanes, 'z');
        bool last = laned || !*xe;
        if (zmax && last && (laned || !strstr(r->shape, "[N]")))
            snprintf(words, cap, "Invalid restricted vector register, expected z0.%c..z%d.%c", x[2], atoi(zmax + 1), x[2]);
        else snprintf(words, cap, "invalid element width");
        return false;
    }
    if (xn == 5 && cls == A64_SPELL_Z_LIST && x[4] == '}' && *o != '{' && zsuffix &&
        tolower((unsigned char)w[-1]) != x[3] && !mnem_rule(r->mnem, strlen(r->mnem), A64_RULE_BRACED_LIST)) {
        /* (a list of one, its register written bare: llvm reads it as the form's z register,
         * ldnt1d z3.s, pn11/z, [x0]) */
        snprintf(words, cap, "invalid element width");
        return false;
    }
    if (core == 1 && *x == 'z' && zsuffix) {
        snprintf(words, cap, "expected register without element width suffix");
        return false;
    }
    const char *zo = *o == '{' ? skip_sp(o + 1, e) : o;
    if (!za_register(zo, word_end(zo, e))) return false;
    if (cls == A64_SPELL_ZA_VECTORS) {
        snprintf(words, cap, "invalid matrix operand, expected za");
        return false;
    }
    int tiles = cls == A64_SPELL_ZA_ELEMS && xn >= 4 ? za_tiles_of(x[3]) : cls == A64_SPELL_ZA_LIST && xn >= 5 ? za_tiles_of(x[4]) : 0;
    if (!tiles) return false;
    char range[16];
    if (tiles == 1) snprintf(range, sizeof range, "0");
    else snprintf(range, sizeof range, "[0-%d]", tiles - 1);
    /* (a slice: in braces, or without a vector group and a range, or with a range and no vector
     * group where the form has a list: mov { z0.s, z1.s }, za0h.s[w12, 0:1]) */
    char op[64];
    snprintf(op, sizeof op, "%.*s", (int)xn, x);
    bool vgx = strstr(op, "vgx") != NULL, range_of = strchr(op, ':') != NULL;
    bool slice = *x == '{' || (!vgx && (!range_of || strstr(r->shape, "{z")));
    char t = *x == '{' ? x[4] : x[3];
    if (xn == 4)
        snprintf(words, cap, "invalid matrix operand, expected za%s.%c", range, t);
    else if (slice)
        snprintf(words, cap, "invalid matrix operand, expected za%sh.%c or za%sv.%c", range, t, range, t);
    else if (*o != '{')
        snprintf(words, cap, "invalid matrix operand, expected suffix .%c", t);
    return slice && xn > 4;
}

/* the place in llvm's matcher order (src/a64/match_order.tsv) of the class of a form's operand
 * [x, +xn) of its shape (slice: a tile's slice), -1 for one the table lacks */
static int match_rank(const char *x, size_t xn, bool slice)
{
    char name[16];
    const char *dot = memchr(x, '.', xn);
    if (spelling(x, xn) == A64_SPELL_ZT) snprintf(name, sizeof name, "zt");
    else if (xn >= 3 && !strncmp(x, "{za", 3) && !memchr(x, '[', xn)) snprintf(name, sizeof name, "tiles");
    else if (!dot || dot + 1 >= x + xn || !element_bits(dot[1])) snprintf(name, sizeof name, "-");
    else snprintf(name, sizeof name, "%s%c", slice ? "slice." : "", dot[1]);
    for (int i = 0; i < a64_match_order_count; i++)
        if (!strcmp(a64_match_order[i].operand, name)) return i;
    return -1;
}

/* llvm's words refusing operand k of [s, e) (shape sh, or v with the restricted predicates)
 * where the forms of mnemonic [mnem, +n) (rows from lo) that take the k operands before it
 * stop: those of a form that words it (operand_words) and whose features the CPU has, else "" */
static void diverge_words(const char *mnem, size_t n, int lo, const char *s, const char *e, const char *v, int k,
                          const A64ShapeRow *dflt, A64Features features, char *words, size_t cap)
{
    words[0] = 0;
    int best = -1;
    const char *o = operand_at(s, e, k);
    for (int i = lo; i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        if (!strcmp(r->shape, "-") || !strcmp(r->shape, "*") || za_common(v, r->shape, s, e) != k) continue;
        const char *x = r->shape;
        for (int j = 0; j < k && *x; j++) next_operand(&x);
        const char *xe = x;
        size_t xn = next_operand(&xe);
        if (!xn) continue;
        char w[160], m[160];
        bool slice = operand_words(r, x, x + xn, o, e, w, sizeof w);
        const A64ShapeRow *f = !strcmp(r->feature, "=") ? dflt : r;
        if (!w[0] || !f || requires_msg(mnem, n, f->feature, features, m, sizeof m)) continue;
        /* (of several forms, llvm's matcher words the last in its order of the class there) */
        int rank = match_rank(x, xn, slice);
        if (!words[0] || rank >= best) {
            snprintf(words, cap, "%s", w);
            best = rank;
        }
    }
}

/* where llvm's matcher refuses the operands [s, e) of shape `shape`, of mnemonic [mnem, +n)
 * whose rows (from lo) are all its forms: the place the listed form that takes the longest
 * start of the shape stops.  llvm reads a lane of a z or p register ('[1]'), a predicate's '/'
 * and its 'm' or 'z' as operands of their own, and an address in parts (address_part); a form
 * that goes on past an operand the shape ends refuses the next one; else the operand there.
 * NULL where the shape is the start of a form (too few) */
static const char *diverge_at(const char *mnem, size_t n, int lo, const char *s, const char *e, const char *shape,
                              const char *pshape, int *whole)
{
    *whole = -1;
    char sh[160];
    const char *at[160];
    size_t len = mnem_shape(mnem, n, s, e, sh, sizeof sh, at), best = 0;
    char rc = 0;                            /* what that form has where the shape goes on */
    if (len >= sizeof sh || strcmp(sh, shape)) return NULL;
    for (int i = lo; i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        if (!strcmp(r->shape, "-") || !strcmp(r->shape, "*")) continue;
        const char *v = pshape && row_restricts(r, pshape) ? pshape : sh;
        const char *q = r->shape;
        size_t c = 0;
        bool brace = false;                 /* (a list of one vector takes the bare register: st1w z0.s[1]) */
        while (c < len) {
            if (bare_list(mnem, n, q, v + c, brace)) q++, brace = true;
            else if (*q == '}' && brace) q++, brace = false;
            else if (*q && *q == v[c]) q++, c++;
            else if (vgx_omitted(q, v + c)) q += 5;
            else break;
        }
        if (c > best) {
            best = c;
            rc = *q;
        }
    }
    if (best >= len) return NULL;
    int k = 0, depth = 0;                   /* the operand the place is in */
    for (size_t i = 0; i < best; i++) {
        if (sh[i] == '[' || sh[i] == '{') depth++;
        else if ((sh[i] == ']' || sh[i] == '}') && depth) depth--;
        else if (sh[i] == ',' && !depth) k++;
    }
    const char *o = operand_at(s, e, k);
    bool next = rc == ',' || rc == 0;       /* the form's operand ends here: llvm's next is refused */
    if (sh[best] == ',' && !depth) return rc == '/' || rc == '[' || !rc ? refused_at(mnem, n, lo, s, e, k + 1) : o;
    if (*o == '[') return address_part(mnem, n, lo, s, e, k, o);
    if (best >= 4 && !strncmp(sh + best - 4, ",vgx", 4) && isdigit((unsigned char)sh[best])) {
        /* (vgx2 where the forms have vgx4: llvm's place of the vector group is after it, the ']') */
        const char *b = skip_sp(word_end(at[best], e), e);
        if (b < e && *b == ']') return b;
    }
    if (depth && best > 0 && sh[best - 1] == 'N' && rc == ':')
        return at[best - 1];                /* (an offset where the forms have a range, umlal za.s[w8, 0],
                                               ...: an operand of its own to llvm, refused at it) */
    bool zp = (*o == 'z' || *o == 'Z' || *o == 'p' || *o == 'P') && isdigit((unsigned char)o[1]);
    const char *lsl = sh[best] == '/' && !strncmp(sh, "{za.", 4) ? strstr(sh + best, ",lslN]") : NULL;
    if (lsl && next)                        /* (a tile's slice stored with p0/z and an index register
                                               shifted, st1w {za0h.s[w12, 0]}, p0/z, [x0, x1, lsl #2]:
                                               llvm refuses the token after the address) */
        return skip_sp(at[lsl + 5 - sh] + 1, e);
    if (((sh[best] == '[' && zp && !depth) || sh[best] == '/') && next) return at[best];
    if (best > 0 && sh[best - 1] == '/') return at[best];   /* (p0/z where a form has p0/m) */
    *whole = k;
    return o;
}

/* the first row of mnemonic [mnem, +n) or of the one after it (the rows are sorted by mnemonic
 * then shape) */
static int first_row(const char *mnem, size_t n)
{
    int lo = 0, hi = a64_shape_rows_count;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (row_cmp(mnem, n, "", &a64_shape_rows[mid]) > 0) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

bool a64_shape_indexed(const char *mnem, size_t n, const char *s, const char *e)
{
    char reg[16];
    size_t rn = operand_shape(s, e, reg, sizeof reg - 1, NULL);
    if (rn + 1 >= sizeof reg) return false;
    reg[rn++] = '[';
    reg[rn] = 0;
    for (int i = first_row(mnem, n); i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        for (const char *x = r->shape; (x = strstr(x, reg)) != NULL; x++)
            if (x == r->shape || x[-1] == ',' || x[-1] == '{') return true;
    }
    return false;
}

bool a64_shape_known(const char *mnem, size_t n)
{
    int i = first_row(mnem, n);
    return i < a64_shape_rows_count && !strncmp(a64_shape_rows[i].mnem, mnem, n) && !a64_shape_rows[i].mnem[n];
}

/* ldr za[w12, O], [x0, #N, mul vl] and str (ZA's vectors, its offset and the address's vectors:
 * N is 0 without #N): whether [s, e) are such operands; *b the '[' after za, *o O, *hash the '#'
 * of N (NULL without), *m N */
static bool za_vectors(const char *s, const char *e, const char **b, int64_t *o, const char **hash, int64_t *m)
{
    const char *p = skip_sp(s, e), *w = word_end(p, e);
    *b = skip_sp(w, e);
    *m = 0;
    if (w - p != 2 || strncasecmp(p, "za", 2) || *b >= e || **b != '[') return false;
    const char *c = memchr(*b, ',', (size_t)(e - *b)), *close = memchr(*b, ']', (size_t)(e - *b));
    if (!c || !close || c > close || !user_int(c + 1, e, o)) return false;
    const char *a = operand_at(s, e, 1);
    *hash = a < e ? memchr(a, '#', (size_t)(e - a)) : NULL;
    return a < e && *a == '[' && (!*hash || user_int(*hash + 1, e, m));
}

/* such operands with O other than N: llvm-mc-19 takes the form and then refuses it,
 * "unpredictable instruction, immediate and offset mismatch." at the '[' after za; the place,
 * else NULL */
static const char *za_offset_mismatch(const char *s, const char *e)
{
    const char *b, *hash;
    int64_t o, m;
    return za_vectors(s, e, &b, &o, &hash, &m) && o != m ? b : NULL;
}

/* such operands with an N that ZA's vectors' offsets are not (src/a64/sme_operands.tsv, row za:
 * ldr za[w14, 11], [x30, #75, mul vl]): llvm's matcher refuses it, at its '#', before it checks
 * O and N alike; the place, else NULL; *lo, *hi the offsets' first and last */
static const char *za_mulvl_refused(const char *s, const char *e, long *lo, long *hi)
{
    const char *b, *hash;
    int64_t o, m;
    const A64SmeOperand *za = sme_operand("za");
    if (!za || !za_vectors(s, e, &b, &o, &hash, &m) || !hash) return NULL;
    return !runs_have(za->offsets, (long)m, lo, hi) ? hash : NULL;
}

/* whether a row of mnemonic [mnem, +n) (rows from lo) has `what` in its shape */
static bool rows_have(const char *mnem, size_t n, int lo, const char *what)
{
    for (int i = lo; i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        if (strstr(r->shape, what)) return true;
    }
    return false;
}

/* A list that starts with no vector register ({x0}, {all}, {#1}, {}; {p0.s} where no form of
 * the mnemonic has a list of predicates): llvm's parser of lists of vectors of Neon reads it,
 * "vector register expected" at what follows the '{' (incd {x0}; ld1w {p0.s}, p0/z, [x0]).  Its
 * place, or NULL */
static const char *list_unvec(const char *mnem, size_t n, int lo, const char *shape, const char *const *tok)
{
    for (const char *p = shape; *p;) {
        const char *o = p;
        next_operand(&p);
        if (*o != '{' || !o[1] || o[1] == 'z' || o[1] == 'v') continue;
        if (o[1] != 'p' || !rows_have(mnem, n, lo, "{p")) return tok[o + 1 - shape];
    }
    return NULL;
}

/* A list of ZA tiles (zero {za0.s, za1.s}) whose first is none of the list's: a tile past its
 * element size's (za4.s, za01.s), of 128-bit elements (za1.q), a slice (za0h.s) or another name
 * (zaa).  llvm's parser of
 * the list does not take it, and reads the '{' as the token of the form of zt0 (zero {zt0}),
 * whose matcher refuses the name after it (llvm-mc-19: zero {za1.q}).  The name, or NULL; *zt:
 * the row of that form */
static const char *tile_list_unread(const char *mnem, size_t n, int lo, const char *s, const char *e,
                                    const A64ShapeRow **zt)
{
    *zt = NULL;
    for (int i = lo; i < a64_shape_rows_count && !*zt; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        if (!strcmp(r->shape, "{zt}")) *zt = r;
    }
    const char *b = skip_sp(s, e), *p = b < e && *b == '{' ? skip_sp(b + 1, e) : e, *w = word_end(p, e);
    bool slice = false;
    if (!*zt || w - p < 2 || strncasecmp(p, "za", 2) || w - p == 2) return NULL;
    if (!numbered_tile(p, w, &slice)) return p;
    char t = (char)tolower((unsigned char)w[-1]);
    return slice || t == 'q' || atoi(p + 2) >= za_tiles_of(t) || (p[2] == '0' && isdigit((unsigned char)p[3])) ? p : NULL;
}

/* A first operand that is a number or a general register (luti4 #1, zt0, z1[2]; sqdmulh x3, {
 * z8.d - z11.d }, ...) where no form of the mnemonic takes one first, and later operands of SVE
 * or SME that llvm's parser reads: every form fails there, and llvm's matcher refuses the first
 * operand, "invalid operand for instruction", under any CPU.  The forms are the listed rows
 * (all of SVE's and SME's: a '=' row, or no default), the M1's rows of a known mnemonic, and a
 * '*' row's forms of other operands, which of a mnemonic with listed forms of SVE or SME start
 * with a vector register (luti4, fdot, famax ...: llvm-mc-19 on instances) but where that mnemonic
 * lists forms of a general register (addpt x,x,x: cpa, hand rows).  Its place, or NULL */
static const char *first_refused(const char *mnem, size_t n, int lo, bool known, const char *shape,
                                 const char *s, const char *e)
{
    char c = shape[0];
    if ((c != 'N' && c != 'x' && c != 'w') || shape[1] != ',' || !a64_shape_sve(shape + 2)) return NULL;
    bool listed = false, dflt = false, sve = false;
    for (int i = lo; i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        if (!strcmp(r->shape, "-")) dflt = true;
        listed = listed || !strcmp(r->feature, "=");
        sve = sve || (r->shape[0] != '-' && r->shape[0] != '*' && a64_shape_sve(r->shape));
        if (r->shape[0] == c && (!r->shape[1] || r->shape[1] == ',')) return NULL;
    }
    if (!sve || (dflt && !listed)) return NULL;
    const A64Mnem *m = known ? a64_mnem_find(mnem, n) : NULL;
    uint32_t cls = c == 'N' ? 1u << FC_IMM : c == 'x' ? 1u << FC_X : 1u << FC_W;
    for (int ri = m ? m->first : 0; m && ri < m->first + m->count; ri++)
        if (a64_rows[ri].nops && a64_pat_classes(a64_rows[ri].ops[0].kind) & cls) return NULL;
    return operand_at(s, e, 0);
}

/* An index of zt0 no form with zt0 at that place takes (movt zt0[57], x0: multiples of 8 to 56
 * in movt zt0[N], x0, 0 to 3 in movt zt0[N, mul vl], z0; src/a64/sve_imms.tsv): llvm's matcher
 * refuses it in every form before what follows it (movt zt0[57], z0; movt zt0[57]), at zt0, in
 * the words of the last of those forms in its order (src/a64/match_order.tsv: zt[N], zt[N,mulvl])
 * whose features the CPU has (llvm-mc-19 -mattr=+all: [0, 3]; -mattr=+sme2: the multiple of
 * 8's), "invalid operand for instruction" where it has none.  zt0, or NULL; the number where a
 * ',' is between them (movt zt0, [57], x0: the brackets tokens of their own to llvm, the index
 * an operand at its place; the ',' a '\v' here, src/a64/parse.c, shape_text) */
static const char *zt_index_refused(const char *mnem, size_t n, int lo, const char *shape, const char *const *tok,
                                    const char *e, A64Features features, char *msg, size_t cap)
{
    const char *zt = strstr(shape, "zt[N");
    if (!zt || (zt > shape && zt[-1] != ',')) return NULL;
    size_t zk = (size_t)(zt - shape);
    const char *at = tok[zk + 3];
    int64_t v;
    const char *end = user_int(at + (*at == '#'), e, &v);
    if (!end || skip_sp(end, e) == e || !strchr("],", *skip_sp(end, e))) return NULL;
    bool any = false;
    int best = -1;
    snprintf(msg, cap, "invalid operand for instruction");
    for (int i = sve_imm_first(mnem, n); sve_imm_of(i, mnem, n); i++) {
        const A64SveImm *im = &a64_sve_imms[i];
        if (strncmp(im->shape, shape, zk) || strncmp(im->shape + zk, "zt[N", 4)) continue;
        if (runs_have(im->values, (long)v, NULL, NULL)) return NULL;
        any = true;
        const char *f = NULL;               /* (the features of its form: src/a64/shapes.tsv) */
        for (int j = lo; j < a64_shape_rows_count && !strncmp(a64_shape_rows[j].mnem, mnem, n) && !a64_shape_rows[j].mnem[n]; j++)
            if (!strcmp(a64_shape_rows[j].shape, im->shape)) f = a64_shape_rows[j].feature;
        char m[160], name[32];
        if (!f || !strcmp(f, "=") || !strcmp(im->words, "-") || requires_msg(mnem, n, f, features, m, sizeof m)) continue;
        const char *close = strchr(im->shape + zk, ']');
        snprintf(name, sizeof name, "%.*s", close ? (int)(close + 1 - im->shape - zk) : 0, im->shape + zk);
        int rank = -1;
        for (int k = 0; k < a64_match_order_count; k++)
            if (!strcmp(a64_match_order[k].operand, name)) rank = k;
        if (rank >= best) {
            best = rank;
            snprintf(msg, cap, "%s", im->words);
        }
    }
    return !any ? NULL : memchr(tok[zk], '\v', (size_t)(at - tok[zk])) ? at : tok[zk];
}

/* ZA's vectors or a tile's slice with an index register and no offset after it (ldr za[w12],
 * [x0]; mova z0.b, p0/m, za0h.b[w12]) at operand k, where a form that takes the operands before
 * it has the operand with its offset there (ldr za[w,N],[x]): llvm's parser reads the token
 * after the ']' where the offset is, and its matcher refuses the index register where its class
 * does not take it (ldr za[w0], [x0]: "operand must be a register in range [w12, w15]"), else
 * that token (the ',' or '}' after the ']', or the end of the line) in the
 * words of the offset's class (src/a64/sme_operands.tsv: za 0-15, slice.s 0-3; "immediate must
 * be 0." for the one offset of slice.q), before what follows (ldr za[w12]: not too few;
 * llvm-mc-19 -mattr=+all); "invalid operand for instruction" where the CPU lacks the form's
 * features.  Not ZA's array vectors (za.s[w8]), whose forms' offsets are of several kinds.
 * The place refused, or NULL */
static const char *za_offset_missing(const char *mnem, size_t n, int lo, const char *shape, const char *s,
                                     const char *e, A64Features features, char *msg, size_t cap)
{
    const char *next = shape;               /* (the shape's operand after operand k) */
    for (int k = 0; *next; k++) {
        const char *x = next, *o = operand_at(s, e, k), *zo = *o == '{' ? skip_sp(o + 1, e) : o, *w = word_end(zo, e);
        size_t xn = next_operand(&next);
        bool slice = false, za = w - zo == 2 && !strncasecmp(zo, "za", 2);
        if (!za && !(numbered_tile(zo, w, &slice) && slice && a64_za_tile(zo, w))) continue;
        const char *b = skip_sp(w, e), *r = b < e && *b == '[' ? skip_sp(b + 1, e) : NULL;
        const char *c = r ? skip_sp(word_end(r, e), e) : NULL;
        const char *ix = xn > 2 ? memchr(x, '[', xn) : NULL;   /* (the shape's "[w]") */
        if (!c || c >= e || *c != ']' || index_not_w(b, e) || !ix || (size_t)(x + xn - ix) < 3 || strncmp(ix, "[w]", 3))
            continue;
        size_t head = (size_t)(ix + 2 - shape);  /* (the shape up to the index register) */
        const A64ShapeRow *form = NULL;
        for (int i = lo; i < a64_shape_rows_count && !form; i++) {
            const A64ShapeRow *row = &a64_shape_rows[i];
            if (strncmp(row->mnem, mnem, n) || row->mnem[n]) break;
            if (!strncmp(row->shape, shape, head) && !strncmp(row->shape + head, ",N", 2) &&
                (row->shape[head + 2] == ']' || row->shape[head + 2] == ',')) form = row;
        }
        if (!form) return NULL;
        const A64SmeOperand *kind = za_operand(slice, za, w[-1]);
        long ilo = 0, ihi = 0, olo = 0, ohi = 0, v = atol(r + 1);
        if (!kind || !runs_span(kind->index, &ilo, &ihi) || !runs_span(kind->offsets, &olo, &ohi)) return NULL;
        char m[160];
        bool has = !strcmp(form->feature, "=") ? mnem_has_form(mnem, n, lo, features)   /* (the default's) */
                                               : !requires_msg(mnem, n, form->feature, features, m, sizeof m);
        if (!has) snprintf(msg, cap, "invalid operand for instruction");
        else if (v < ilo || v > ihi) snprintf(msg, cap, "operand must be a register in range [w%ld, w%ld]", ilo, ihi);
        else if (olo == ohi) snprintf(msg, cap, "immediate must be %ld.", olo);
        else snprintf(msg, cap, "immediate must be an integer in range [%ld, %ld].", olo, ohi);
        return v < ilo || v > ihi ? r : skip_sp(c + 1, e);
    }
    return NULL;
}

/* A first operand that is a general register a form of the mnemonic takes first (cssc's umax x,
 * x, x; cpa's addpt x, x, x: hand rows), then operands of SVE or SME no form takes after it (umax
 * x3, z1.s, z2.s; addpt x3, x1, z1.s; not operands that stop short of a form or go on after one,
 * refused as such), or any operands no form takes where no M1 form takes a general register
 * first (umax x3, x1, w2 or p2, v2, sp; umax x3, v1, x2: the M1 forms are Neon's, refused at the
 * x3 before these): llvm's matcher refuses the first operand where the forms
 * that take the most of them stop, "invalid operand for instruction" (llvm-mc-19; under -mattr=+all
 * the words of that form's operand there: umax x3, x1, z2.s, of x, x, N).  Its number, or -1 */
static int gpr_first_diverge(const char *mnem, size_t n, int lo, bool known, const char *shape)
{
    char c = shape[0];
    if ((c != 'x' && c != 'w') || shape[1] != ',') return -1;
    if (!a64_shape_sve(shape + 2)) {
        const A64Mnem *m = known ? a64_mnem_find(mnem, n) : NULL;
        uint32_t cls = 1u << FC_X | 1u << FC_W | 1u << FC_SP | 1u << FC_WSP;
        if (!m) return -1;                  /* (the M1's mnemonics only: st2g x0, [w30, uxtw] is
                                               refused at its address's part, address_part) */
        for (int ri = m->first; ri < m->first + m->count; ri++)
            if (a64_rows[ri].nops && a64_pat_classes(a64_rows[ri].ops[0].kind) & cls) return -1;
    }
    int near = 0;
    bool first = false;
    for (int i = lo; i < a64_shape_rows_count; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        if (r->shape[0] == '-' || r->shape[0] == '*') continue;
        if (same_shape(r, shape) || shape_starts(shape, r->shape) || shape_starts(r->shape, shape)) return -1;
        first = first || (r->shape[0] == c && r->shape[1] == ',');
        int k = shape_common(shape, r->shape);
        if (k > near) near = k;
    }
    return first && near > 0 ? near : -1;
}

/* A ZA operand without the index the forms have there: ZA itself or a tile (za, za3.s, za.s) at
 * operand k where a form that takes the operands before it has a slice or an array vector
 * (za.s[w,N]) and none takes more of them (mov z3.b, p2/m, za; movaz { z0.s, z1.s }, za3.s).
 * llvm's parser reads it as a matrix operand of its own and its matcher refuses it there
 * (llvm-mc-19, tools/sme-survey.sh); so is ZA itself where a form has a tile (umopa za, ...).
 * A tile's slice without its index (movaz z3.s, za0h.s), and za.s where a form has an array
 * vector of .s elements (mov { z0.s, z1.s }, za.s), are the start of the form to llvm, the index
 * an operand of its own: too few where they end the operands (*few).  k, or -1 */
static int za_unindexed(const char *mnem, size_t n, int lo, const char *shape, const char *s, const char *e, bool *few)
{
    *few = false;
    int k = 0;
    for (const char *p = shape; *p; k++) {
        const char *x = p;
        size_t xn = next_operand(&p);
        int cls = spelling(x, xn);
        if (cls != A64_SPELL_ZA && (cls != A64_SPELL_ZA_ELEMS || xn != 4)) continue;
        bool indexed = false, array = false;
        for (int i = lo; i < a64_shape_rows_count; i++) {
            const A64ShapeRow *r = &a64_shape_rows[i];
            if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
            if (!strcmp(r->shape, "-") || !strcmp(r->shape, "*")) continue;
            int c = za_common(shape, r->shape, s, e);
            if (c > k) return -1;
            if (c < k) continue;
            const char *y = r->shape;
            for (int j = 0; j < k && *y; j++) next_operand(&y);
            const char *ye = y;
            size_t yn = next_operand(&ye);
            char op[64];
            snprintf(op, sizeof op, "%.*s", (int)yn, y);
            bool z = spelling(y, yn) == A64_SPELL_ZA_ELEMS, ix = z && strchr(op, '[');
            indexed = indexed || ix || (z && (cls == A64_SPELL_ZA || za_bare_at(shape, s, e) == k));
            /* (za.s where a form has an array vector of .s: llvm reads the vector's za.s) */
            array = array || (ix && xn == 4 && op[3] == x[3] && (strstr(op, "vgx") || (strchr(op, ':') && !strstr(r->shape, "{z"))));
        }
        const char *o = operand_at(s, e, k);
        bool slice = false, tile = numbered_tile(o, word_end(o, e), &slice);
        if (!indexed) return -1;
        if (slice || (array && !tile)) return (*few = !*p) ? k : -1;
        return k;
    }
    return -1;
}

/* ZA or ZA's array without its index (za, za.s) at operand k, where a form that takes the
 * operands before it has the indexed one (ldr za[w12, 0], [x0]; mova za.s[w8, 0, vgx2], ...),
 * followed by an operand in brackets: llvm's parser reads the brackets as the index, and its
 * matcher refuses the register in them where it is no index register (ldr za, [x0]: at the x0;
 * llvm-mc-19, llvm-mca-19 -mcpu=apple-m1), in the words of the index's class where the CPU has
 * the form's features (src/a64/sme_operands.tsv: za, array).  That register, else NULL */
static const char *za_index_bracket(const char *mnem, size_t n, int lo, const char *shape, const char *s,
                                    const char *e, A64Features features, char *msg, size_t cap)
{
    int k = 0;
    for (const char *p = shape; *p; k++) {
        const char *x = p;
        size_t xn = next_operand(&p);
        int cls = spelling(x, xn);
        if ((cls != A64_SPELL_ZA || xn != 2) && za_bare_at(shape, s, e) != k) continue;
        const char *b = operand_at(s, e, k + 1);
        if (!*p || b >= e || *b != '[') return NULL;
        bool indexed = false;
        for (int i = lo; i < a64_shape_rows_count && !indexed; i++) {
            const A64ShapeRow *r = &a64_shape_rows[i];
            if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
            if (shape_common(shape, r->shape) < k) continue;
            const char *y = r->shape;
            for (int j = 0; j < k && *y; j++) next_operand(&y);
            indexed = !strncmp(y, x, xn) && y[xn] == '[';
        }
        if (!indexed) return NULL;
        const A64SmeOperand *ix = sme_operand(xn == 2 ? "za" : "array");
        const char *g = skip_sp(b + 1, e), *ge = word_end(g, e);
        long ilo = 0, ihi = 0, w = -1;
        if (!ix || !runs_span(ix->index, &ilo, &ihi)) return NULL;
        if (ge - g >= 2 && ge - g <= 3 && tolower((unsigned char)*g) == 'w' && isdigit((unsigned char)g[1]))
            w = strtol(g + 1, NULL, 10);
        if (w >= ilo && w <= ihi) return NULL;   /* (an index register: the form's start) */
        if (mnem_has_form(mnem, n, lo, features))
            snprintf(msg, cap, "operand must be a register in range [w%ld, w%ld]", ilo, ihi);
        else snprintf(msg, cap, "invalid operand for instruction");
        return g;
    }
    return NULL;
}

static int shape_requires(const char *mnem, size_t n, bool known, const char *s, const char *e,
                          A64Features features, char *msg, size_t cap, const char **at, int *kind)
{
    char shape[160];
    const char *tok[160];                   /* where each character of the shape starts in [s, e) */
    if (mnem_shape(mnem, n, s, e, shape, sizeof shape, tok) >= sizeof shape)
        shape[0] = 0;                       /* too long for a shape: the '*' row only */
    /* the rows are sorted by mnemonic then shape ('*' and '-' first: the mnemonic's defaults) */
    int lo = first_row(mnem, n);
    if (shape[0]) index_lsl0_out(mnem, n, lo, shape, tok, e);
    nt_index_shift_out(mnem, n, lo, shape, tok);
    const char *nv = shape[0] ? list_unvec(mnem, n, lo, shape, tok) : NULL;
    int ec = count_error(mnem, n, s, e, msg, cap, at, kind);   /* (incd x0, foo; ptrue x0) */
    /* (a row that takes the operands but for a predicate of the other half, ptrue pn0.b: the
     * rows' words, restricted_words) */
    if (ec == A64_SHAPE_MANY && shape[0] && restricted_row(mnem, n, lo, shape, tok)) ec = A64_SHAPE_NONE;
    if (ec != A64_SHAPE_NONE && ec != A64_SHAPE_REQUIRES && (!nv || (ec == A64_SHAPE_PARSE && *at < nv))) return ec;
    if (nv) {
        *at = nv;
        return parse_stop(STOP_NEON_LIST, msg, cap, kind);
    }
    const char *sec = shape[0] ? lsl_amount_unread(mnem, n, lo, shape, tok, e) : NULL;
    if (sec) {
        snprintf(msg, cap, "only 'lsl #+N' valid after immediate");
        *at = sec;
        return A64_SHAPE_PARSE;
    }
    sec = shape[0] ? second_shift(shape, tok) : NULL;
    if (!sec && (sec = sme_parse_stop(s, e, msg, cap)) != NULL) {
        *at = sec;
        return A64_SHAPE_PARSE;
    }
    const A64ShapeRow *ztrow;
    const char *tl = !sec ? tile_list_unread(mnem, n, lo, s, e, &ztrow) : NULL;
    if (tl) {
        if (requires_msg(mnem, n, ztrow->feature, features, msg, cap))
            snprintf(msg, cap, "invalid operand for instruction");
        else snprintf(msg, cap, "Invalid lookup table, expected zt0");
        *at = tl;
        return A64_SHAPE_FORMS;
    }
    const A64SmeOperand *index;
    const char *bad = !sec ? sme_operand_refused(s, e, &index) : NULL;
    if (bad) {
        long ilo = 0, ihi = 0;
        /* (an index register, where the CPU has a form's features: the words of its class) */
        if (index && runs_span(index->index, &ilo, &ihi) && mnem_has_form(mnem, n, lo, features))
            snprintf(msg, cap, "operand must be a register in range [w%ld, w%ld]", ilo, ihi);
        else snprintf(msg, cap, "invalid operand for instruction");
        *at = bad;
        return A64_SHAPE_FORMS;
    }
    if (sec) {
        snprintf(msg, cap, "unexpected token in argument list");
        *at = sec;
        return A64_SHAPE_PARSE;
    }
    const char *zx = shape[0] ? zt_index_refused(mnem, n, lo, shape, tok, e, features, msg, cap) : NULL;
    if (!zx && shape[0]) zx = za_offset_missing(mnem, n, lo, shape, s, e, features, msg, cap);
    if (zx) {
        *at = zx;
        return A64_SHAPE_FORMS;
    }
    const A64ShapeRow *dflt = NULL, *any = NULL, *hit = NULL;
    bool prefix = false, forms = false;   /* forms: a row '=' (the default's forms are listed) */
    int past = -1;                          /* the operands of the longest row the shape goes on after */
    const char *lane = NULL;                /* the '[' of a z register's lane that row ends before
                                               (or past the '!' of a writeback after it) */
    int near = 0, rows = 0;                 /* the most operands a row starts with as the shape does */
    char pshape[160];                       /* (predicates p8 to p15: row_restricts) */
    bool high = shape[0] && restricted_view(shape, tok, pshape, sizeof pshape);
    const A64ShapeRow *low = NULL;          /* a row that takes the shape but for such a predicate */
    int bare = shape[0] ? za_bare_at(shape, s, e) : -1;   /* (za.s: no form's tile takes it) */
    for (int i = lo; i < a64_shape_rows_count && !hit; i++) {
        const A64ShapeRow *r = &a64_shape_rows[i];
        if (strncmp(r->mnem, mnem, n) || r->mnem[n]) break;
        rows++;
        forms = forms || !strcmp(r->feature, "=");
        const char *v = high && r->shape[0] != '-' && r->shape[0] != '*' && row_restricts(r, pshape) ? pshape : shape;
        if (!strcmp(r->shape, "-")) dflt = r;
        else if (!strcmp(r->shape, "*")) any = r;
        else if (shape[0] && same_shape(r, v) && bare < 0) hit = r;
        else if (shape[0] && shape_starts(v, r->shape)) prefix = true;
        else if (shape[0] && shape_starts(r->shape, v)) {
            int k = strcmp(r->shape, ".") ? shape_operands(r->shape) : 0;
            size_t len = strlen(r->shape);
            /* (a shift the row's number takes: sqadd z0.h, z0.h, #1, lsl #8, z1.h refuses the z1.h) */
            if (!strcmp(r->shift, "lsl") && len && r->shape[len - 1] == 'N' && !strncmp(v + len, ",lslN", 5))
                k++, len += 5;
            /* (of two rows of as many operands, the one with the lane: fmla za.s[w8, 0, vgx2], {
             * z0.s, z1.s }, z2.s[1], x3 goes on past the lane, refused at the x3) */
            if (k > past || (k == past && lane && shape[len] != '['))
                past = k, lane = k && shape[len] == '[' ? tok[len] : NULL;
        } else if (shape[0] && r->shape[0] && r->shape[strlen(r->shape) - 1] == ']' &&
                   !strncmp(v, r->shape, strlen(r->shape)) && v[strlen(r->shape)] == '!') {
            /* (a writeback after a form's address no form takes, prfb pldl1keep, p0, [x0]!: the
             * '!' an operand of its own to llvm, refused where the token after it starts) */
            int k = shape_operands(r->shape);
            if (k > past) past = k, lane = tok[strlen(r->shape)];
        }
        if (v != shape && same_shape(r, shape) && !low) low = r;
        int c = shape[0] && r->shape[0] != '-' && r->shape[0] != '*' ? shape_common(v, r->shape) : 0;
        if (bare >= 0 && c == bare && array_at(r->shape, bare, v)) c++;   /* (mova za.s, p0/m, z0.s: at the p0) */
        if (c > near) near = c;
    }
    /* an address no form takes after operands a form takes (ld1w { z0.s, z1.s }, pn8/z, [x0, #1]:
     * its offset, without its mul vl; [x0, x1]: the index without its shift): refused where
     * address_refused says, in the words of that form's class where the CPU has its features */
    const A64ShapeRow *arow = NULL;
    const char *ap = !hit && shape[0] ? address_after_form(mnem, n, lo, shape, tok, &arow) : NULL;
    char awords[160] = "";
    const char *ar = ap ? address_refused(mnem, n, s, e, ap, awords, sizeof awords) : NULL;
    if (ar) {
        const A64ShapeRow *af = !strcmp(arow->feature, "=") ? dflt : arow;
        if (!awords[0] || !af || requires_msg(mnem, n, af->feature, features, msg, cap))
            snprintf(msg, cap, "invalid operand for instruction");
        else snprintf(msg, cap, "%s", awords);
        *at = ar;
        return A64_SHAPE_FORMS;
    }
    bool prf = false;
    const char *pf = prefetch_unread(mnem, n, lo, s, e, msg, cap, &prf);   /* (prfb foo, p0, [x0]) */
    if (pf) {
        *at = pf;
        return A64_SHAPE_PARSE;
    }
    int pk = prf ? prefetch_rest(s, e, msg, cap, at) : A64_SHAPE_NONE;
    if (pk != A64_SHAPE_NONE) return pk;
    /* (a lane where no form has a z register: llvm's parser stops at it) */
    const char *words = NULL;
    const char *lb = shape[0] && rows ? lane_unread(mnem, n, lo, forms || (!dflt && !any), shape, tok, &words, kind)
                                      : NULL;
    if (lb) {
        snprintf(msg, cap, "%s", words);
        *at = lb;
        return A64_SHAPE_PARSE;
    }
    /* (after the operands llvm's parser reads: a first operand no form takes) */
    const char *fr = shape[0] ? first_refused(mnem, n, lo, known, shape, s, e) : NULL;
    if (fr) {
        snprintf(msg, cap, "invalid operand for instruction");
        *at = fr;
        return A64_SHAPE_FORMS;
    }
    /* (a general register a form takes first, then SVE's operands no form takes: umax x3, z1.s) */
    int gd = shape[0] ? gpr_first_diverge(mnem, n, lo, known, shape) : -1;
    if (gd >= 0) {
        char dw[160] = "";
        diverge_words(mnem, n, lo, s, e, shape, gd, dflt, features, dw, sizeof dw);
        snprintf(msg, cap, "%s", dw[0] ? dw : "invalid operand for instruction");
        *at = operand_at(s, e, gd);
        return A64_SHAPE_FORMS;
    }
    /* (a ZA operand without the index the forms have there: mov z3.b, p2/m, za) */
    bool zfew = false;
    int zk = !hit && shape[0] ? za_unindexed(mnem, n, lo, shape, s, e, &zfew) : -1;
    if (zk >= 0 && zfew) {
        snprintf(msg, cap, "too few operands for instruction");
        return A64_SHAPE_FEW;
    }
    if (zk >= 0) {
        char dw[160] = "";
        diverge_words(mnem, n, lo, s, e, shape, zk, dflt, features, dw, sizeof dw);
        snprintf(msg, cap, "%s", dw[0] ? dw : "invalid operand for instruction");
        *at = operand_at(s, e, zk);
        return A64_SHAPE_FORMS;
    }
    const char *zb = !hit && shape[0] ? za_index_bracket(mnem, n, lo, shape, s, e, features, msg, cap) : NULL;
    if (zb) {
        *at = zb;
        return A64_SHAPE_FORMS;
    }
    /* operands that stop short of a form (add z0.s, z1.s): llvm's matcher finds no form that
     * takes them all, and the furthest it got is their end */
    if (!hit && prefix) {
        snprintf(msg, cap, "too few operands for instruction");
        return A64_SHAPE_FEW;
    }
    /* operands that go on after a form (abs x0, x1, x2: cssc's abs x0, x1): the matcher
     * refuses the first one after it, or the lane of the z register a form ends with, an
     * operand of its own to llvm (lastb w0, p0, z1.s[3]: at the '[') */
    if (!hit && past >= 0) {
        char dw[160] = "";                  /* (the words of a longer form that refuses the operand
                                               there: add za.d[w8, 0, vgx4], { z12.d - z15.d }, z14.b,
                                               whose z.d is of z0-z15; llvm keeps a form's words over
                                               the shorter one's "invalid operand") */
        if (!lane) diverge_words(mnem, n, lo, s, e, high ? pshape : shape, past, dflt, features, dw, sizeof dw);
        snprintf(msg, cap, "%s", dw[0] ? dw : "invalid operand for instruction");
        *at = lane ? lane : refused_at(mnem, n, lo, s, e, past);
        return A64_SHAPE_MANY;
    }
    /* operands that differ from every form after the first `near` (dup z0.d, w0; cmpp w0), where
     * the rows are all the forms (no default): the matcher refuses the first no form takes, of an
     * M1 mnemonic's SVE forms once the first operand is taken */
    if (!hit && rows && !dflt && !any && (known ? near > 0 && shape_sve_first(shape) : shape[0] != 0)) {
        snprintf(msg, cap, "invalid operand for instruction");
        *at = address_part(mnem, n, lo, s, e, near, operand_at(s, e, near));
        return A64_SHAPE_MANY;
    }
    /* a general register of the other width than the elements of the z register before it (or
     * before it and a p/m): no SVE form takes one (mov z0.d, w0; insr z0.s, x0; add z0.d, z1.d,
     * w0) where a listed form starts as the operands before it do, or none is listed (insr z0.s,
     * x0: the default only), the matcher refuses it */
    int wide = shape[0] ? gpr_width_mismatch(shape) : -1;
    if (!hit && wide >= 0 && (wide <= near || (dflt && rows == 1)) && shape_sve_first(shape)) {
        char dw[160] = "";                  /* (the words of a form's immediate there: umax z0.b,
                                               z0.b, x1, of umax z.b,z.b,N) */
        diverge_words(mnem, n, lo, s, e, shape, wide, dflt, features, dw, sizeof dw);
        snprintf(msg, cap, "%s", dw[0] ? dw : "invalid operand for instruction");
        *at = operand_at(s, e, wide);
        return A64_SHAPE_MANY;
    }
    /* operands no listed form takes where the forms of the default are listed ('='): the
     * matcher refuses them where the form that takes most of them stops (neg z3.h, w12, x16: at
     * the w12; cpy x5, lr: at the x5; lsl z0.d[8], #2: at the lane), of an M1 mnemonic's SVE
     * and SME forms when the first operand is one of them */
    if (!hit && dflt && forms && shape[0] && (any ? shape_sve_first(shape) : !known || shape_sve_first(shape))) {
        int dk;                             /* (the operand refused as a whole) */
        const char *t = diverge_at(mnem, n, lo, s, e, shape, high ? pshape : NULL, &dk);
        const char *pat = low ? tok[strchr(pshape, 'P') - pshape] : NULL;
        if (t && pat && t < pat) t = pat;   /* (st1w z0.s, p8, [x0]: a list of one without its braces) */
        /* (a slice's offset or range in the first operand that the forms refuse, where they stop
         * at a later operand: llvm's matcher refuses the slice first, mov za3v.q[w13, 1], p2/m,
         * z26.s at the 1; mov za0v.s[w12, 14:15], { z26.b, z27.b } the statement) */
        char sw[320];
        bool swhole = false, slice = false;
        const char *o0 = operand_at(s, e, 0);
        const char *sv = t && t >= operand_at(s, e, 1) && numbered_tile(o0, word_end(o0, e), &slice) && slice ?
                         sme_value_refused(mnem, n, s, e, sw, sizeof sw, &swhole) : NULL;
        if (sv && sv < operand_at(s, e, 1)) {
            if (!sw[0] || requires_msg(mnem, n, dflt->feature, features, msg, cap))
                snprintf(msg, cap, "invalid operand for instruction");
            else snprintf(msg, cap, "%s", sw);
            if (swhole) return A64_SHAPE_PARSE;     /* (llvm's location: the statement) */
            *at = sv;
            return A64_SHAPE_FORMS;
        }
        if (t) {
            char dw[160] = "";
            if (t != pat && dk >= 0)
                diverge_words(mnem, n, lo, s, e, high ? pshape : shape, dk, dflt, features, dw, sizeof dw);
            if (t == pat) restricted_words(t, !strcmp(low->feature, "=") ? dflt : low, mnem, n, features, msg, cap);
            else snprintf(msg, cap, "%s", dw[0] ? dw : "invalid operand for instruction");
            *at = t;
            return A64_SHAPE_FORMS;
        }
    }
    /* the default is the mnemonic's only for an instruction uarch does not know, or operands
     * of SVE or SME from the first (add z0.s, z1.s, z2.s); an M1 mnemonic's other forms need
     * their shape */
    /* (a form that takes the operands but for a predicate p8 to p15, where the forms are not
     * all listed: the matcher refuses the predicate) */
    if (!hit && !low && high && dflt && (!known || a64_shape_sve(shape)) && row_restricts(dflt, pshape))
        low = dflt;                         /* (the default's form: prfh pldl3keep, p14, [x19, z18.d, uxtw #1]) */
    if (!hit && low) {
        *at = tok[strchr(pshape, 'P') - pshape];
        restricted_words(*at, !strcmp(low->feature, "=") ? dflt : low, mnem, n, features, msg, cap);
        return A64_SHAPE_MANY;
    }
    /* a lane past the last of the form (fmul z14.h, z7.h, z2.h[17]: 0 to 7; the row's column
     * lanes): the matcher refuses it, an operand of its own, at its '['; a z register past the
     * form's last for it (fmla z0.h, z1.h, z8.h[1]), at the register, unless a form without the
     * lane takes it (then at the lane: sdot z0.s, z1.b, z8.b[1]) */
    const char *past_lane = hit ? lane_past(hit, shape, tok, e) : NULL;
    bool lane_words = past_lane && *past_lane == '[';     /* (a lane past the form's, itself) */
    const char *high_reg = past_lane && *past_lane != '[' ? past_lane : NULL;   /* (a register past them) */
    if (past_lane && *past_lane != '[' && strstr(shape, "[N]") && lane_unlaned(mnem, n, lo, shape, atoi(past_lane + 1)))
        past_lane = tok[strstr(shape, "[N]") - shape], high_reg = NULL;
    char vwords[320] = "";
    bool whole = false;
    const A64ShapeRow *form = hit && !strcmp(hit->feature, "=") ? dflt : hit;
    const char *value = hit ? sme_value_refused(mnem, n, s, e, vwords, sizeof vwords, &whole) : NULL;
    if (!value && form) value = list_refused(mnem, n, form->feature, s, e, vwords, sizeof vwords);
    if (value && !whole && *value == '{' && value == operand_at(s, e, 1) && operand_at(s, e, 2) >= e &&
        rows_extend_z(mnem, n, lo, shape)) {
        /* (a list after ZA's array vector that a form goes on after with one z register takes at
         * any start, add za.d[w8, 0, vgx4], { z10.d - z13.d }, z0.d: the matcher gets furthest
         * in that form, and the operands stop short of it) */
        snprintf(msg, cap, "too few operands for instruction");
        return A64_SHAPE_FEW;
    }
    if (value && whole) {                   /* (llvm's location: the statement) */
        if (!vwords[0] || requires_msg(mnem, n, form->feature, features, msg, cap))
            snprintf(msg, cap, "invalid operand for instruction");
        else snprintf(msg, cap, "%s", vwords);
        return A64_SHAPE_PARSE;
    }
    if (value && (!past_lane || value < past_lane)) past_lane = value;
    else if (lane_words)                    /* (llvm's words for a lane of the form's register) */
        snprintf(vwords, sizeof vwords, "vector lane must be an integer in range [0, %d].", atoi(hit->lanes));
    else if (high_reg && word_end(high_reg, e) - high_reg >= 4 && word_end(high_reg, e)[-2] == '.') {
        char t = (char)tolower((unsigned char)word_end(high_reg, e)[-1]);   /* (and for the register) */
        snprintf(vwords, sizeof vwords, "Invalid restricted vector register, expected z0.%c..z%d.%c", t,
                 atoi(strchr(hit->lanes, 'z') + 1), t);
    } else vwords[0] = 0;
    /* (a value no form takes: the refusal stands before uarch's own parser's, A64_SHAPE_FORMS) */
    if (past_lane && vwords[0] && form && !requires_msg(mnem, n, form->feature, features, msg, cap)) {
        snprintf(msg, cap, "%s", vwords);    /* (the CPU has the form's features) */
        *at = past_lane;
        return A64_SHAPE_FORMS;
    }
    if (past_lane) {
        snprintf(msg, cap, "invalid operand for instruction");
        *at = past_lane;
        return past_lane == value ? A64_SHAPE_FORMS : A64_SHAPE_MANY;
    }
    /* an immediate no value of the form's takes (mul z0.d, z0.d, #200: src/a64/sve_imms.tsv):
     * where the CPU lacks the form's features llvm's matcher refuses it as an operand, else it
     * words the form's values (the table's words) */
    const char *iwords = NULL, *imm = form ? imm_refused(mnem, n, hit, shape, tok, e, &iwords) : NULL;
    if (imm) {
        if (requires_msg(mnem, n, form->feature, features, msg, cap) || !strcmp(iwords, "-"))
            snprintf(msg, cap, "invalid operand for instruction");
        else snprintf(msg, cap, "%s", iwords);
        *at = imm;
        return A64_SHAPE_FORMS;
    }
    if (hit && !strcmp(hit->feature, "=")) hit = dflt;
    if (!hit && dflt && shape[0] && (!known || shape_sve_first(shape))) {
        hit = dflt;                         /* (a form not listed: its lists as a listed one's) */
        const char *l = list_refused(mnem, n, dflt->feature, s, e, vwords, sizeof vwords);
        if (l) {
            snprintf(msg, cap, "invalid operand for instruction");
            *at = l;
            return A64_SHAPE_FORMS;
        }
    }
    if (!hit || !strcmp(hit->feature, "-")) hit = any;
    if (!hit || !strcmp(hit->feature, "-")) return A64_SHAPE_NONE;
    long vlo = 0, vhi = 0;
    const char *vl = za_mulvl_refused(s, e, &vlo, &vhi);
    if (vl) {
        if (requires_msg(mnem, n, hit->feature, features, msg, cap)) snprintf(msg, cap, "invalid operand for instruction");
        else snprintf(msg, cap, "immediate must be an integer in range [%ld, %ld].", vlo, vhi);
        *at = vl;
        return A64_SHAPE_FORMS;
    }
    const char *um = requires_msg(mnem, n, hit->feature, features, msg, cap) ? NULL : za_offset_mismatch(s, e);
    if (um) {                               /* (llvm's check of the instruction it takes) */
        snprintf(msg, cap, "unpredictable instruction, immediate and offset mismatch.");
        *at = um;
        return A64_SHAPE_FORMS;
    }
    return A64_SHAPE_REQUIRES;
}

int a64_shape_requires(const char *mnem, size_t n, bool known, const char *s, const char *e,
                       A64Features features, char *msg, size_t cap, const char **at, int *words)
{
    *words = A64_WORDS_OTHER;   /* (set where the words of a parser's stop are written: stops[]) */
    int r = shape_requires(mnem, n, known, s, e, features, msg, cap, at, words);
    /* (a list of a tile's slice, {za0h.s[w12, 0]}, or of another register of ZA, {za0.s}, where a
     * form has a list of ZA: braces of the syntax to llvm, the register an operand of its own,
     * refused at it (else at the '{', incd {za0.d}: llvm's parser of Neon's lists); a slice without
     * its index, {za0h.s}, the start of the form, refused at the token after the '}' or ','
     * that follows it: {za0h.s}, p0/z at the ',', {za0h.s, za1h.s} at the za1h.s) */
    if ((r == A64_SHAPE_MANY || r == A64_SHAPE_FORMS) && *at >= s && *at < e && **at == '{') {
        const char *p = skip_sp(*at + 1, e), *w = word_end(p, e), *after = skip_sp(w, e);
        bool slice = false;
        if (!numbered_tile(p, w, &slice) || !slice) {
            if (za_register(p, w) && rows_have(mnem, n, first_row(mnem, n), "{za")) *at = p;
        } else if (after < e && *after == '[') *at = p;
        else if (after < e && (*after == '}' || *after == ',')) {
            snprintf(msg, cap, "invalid operand for instruction");
            *at = skip_sp(after + 1, e);
        }
    }
    return r;
}

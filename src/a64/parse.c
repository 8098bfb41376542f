/* parse.c — AArch64 assembly text -> A64Program: lines, statements, labels, LLVM-MCA regions,
 * layout, and the generic operand lexer (rows are matched in match.c).  The directives are read
 * by directive.c (the dispatch) and dir_section.c, dir_data.c, dir_debug.c; the state they share
 * with this file: parse_priv.h.
 *
 * Syntax: what clang -S / gcc -S emit and llvm-mca accepts.
 *  - comments: `//` anywhere, block comments; `#` as the first non-blank character of a line
 *    (llvm-mca's `# LLVM-MCA-BEGIN name` markers live there; markers in `//` comments work too).
 *  - `;`: on Darwin (-mtriple=arm64-apple-*) it starts a comment, as for llvm.  Elsewhere it
 *    separates statements, and a `;` piece whose first word is neither a known mnemonic, a
 *    directive nor a label is taken as a comment (`; %bb.0:` in Apple output read as Linux).
 *  - the assembler language (src/asm): .set/.equ/`=`, .req, .macro, .irp/.irpc/.rept, .if*,
 *    constant expressions in immediates, shift amounts, offsets and element indexes.
 *  - Apple's vector syntax: the arrangement on the mnemonic (fmla.4s v0, v1, v2).
 *  - labels `name:` and numeric `1:` (referenced as 1b / 1f; an undefined one is an error),
 *    `.`-relative targets (`b .+8`), expressions of symbols in operands as llvm reads them
 *    (src/asm asm_sym_expr: `ff_table+(16)`, `:lo12:sym+8`, `_t+8@PAGE`, `#(.Lb - .La)`),
 *    kept as llvm-mca keeps them (a label difference is no constant there) and refused where
 *    llvm refuses them (adrp's page relocations, add/sub's low 12 bits, movz's groups), and
 *    arm64e's `sym@AUTH(key, disc[, addr])` in data.
 *  - directives: layout ones are tracked (.p2align/.align/.balign, .skip/.space/.zero, data
 *    in code sections, and in data sections when an instruction lies in one: the text is then
 *    parsed again with them laid out), each section with offsets of its own (placed one after
 *    the other at the end: resolve_targets), section switches decide what is code, the rest
 *    of the usual compiler output directives are accepted and ignored; an unknown directive is
 *    an error.  Data values are checked in every section, laid out or not, as llvm-mca checks
 *    them (a literal out of the directive's range, a bad escape or float: data_plain reads the
 *    plain ones of compiler output without an expression parsed).
 *  - `.word`/`.inst`/`.long` in a code section: a value that encodes ADR/ADRP (the measured
 *    ADRP tests write `.word 0x90000020`) becomes that instruction; any other value is data:
 *    4 bytes of layout, not an instruction (llvm-mca, too, only sees instructions).
 *  - LLVM-MCA-BEGIN/END: named, nested and overlapping regions, as llvm-mca 19 reads them
 *    (CodeRegion.cpp): the name is what follows the marker (`LLVM-MCA-BEGINfoo` is region
 *    "foo"); an anonymous END closes the only open region, else the open anonymous one; an END
 *    before any region ends the implicit region of the whole file there (it then has a
 *    header); a BEGIN left open runs to the end of the file; a duplicate open name or an END
 *    that closes nothing is an error.
 * No per-line malloc: texts and names go to the program's arena, tables grow geometrically.
 * An instruction met again (same text, same column) is copied from its first parse when
 * nothing else decides it (see "the instruction memo").
 */
#define _DEFAULT_SOURCE 1   /* MADV_HUGEPAGE where available (Linux); everything else is POSIX */
#include "a64/parse_priv.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>      /* x86-64: the line scans go sixteen bytes at a time */
#define HAVE_SSE2 1
#endif


/* the error msg at `at`, then a note of uarch's own words after llvm's (hint; "": none) and the
 * expansions it is in; false */
static bool report_notes(Parser *P, const char *hint)
{
    if (hint[0]) diag_note(P->err, P->file, P->line, 0, NULL, "%s", hint);
    if (!P->no_notes || P->file != P->input_file) asm_notes(&P->A, P->input_file, P->err);
    return false;
}

/* an error at the 'b' of a binary number written 0b101 (clang and gas take it; llvm-mca lexes
 * integers as MASM does, which reads 0 and then the name b101): the number as llvm-mca reads it
 * into buf (101b); false otherwise */
static bool masm_binary(const Parser *P, const char *at, char *buf, size_t cap)
{
    if (!at || at - P->ls < 1 || at >= P->le || at[-1] != '0' || (*at | 0x20) != 'b') return false;
    if (at - P->ls >= 2 && asm_name_char(at[-2])) return false;   /* (x0b1, 0x0b1) */
    const char *d = at + 1;
    while (d < P->le && (*d == '0' || *d == '1')) d++;
    if (d == at + 1 || (d < P->le && asm_name_char(*d))) return false;
    snprintf(buf, cap, "llvm-mca reads integers as MASM does: write %.*sb", (int)(d - at - 1), at + 1);
    return true;
}

/* the line a diagnostic shows for ls: the user's, where ls is in the copy with its block
 * comments blanked (same columns) */
static const char *user_line(const Parser *P, const char *ls)
{
    const Buf *b = &P->cline;
    if (P->cline_of && b->data && ls >= b->data && ls <= b->data + b->len) return P->cline_of + (ls - b->data);
    return ls;
}

/* the line of `at` in the statement's (one that spans lines, a string across them: a line
 * after its first), its number, and its start in *ls */
static int line_of(const Parser *P, const char *at, const char **ls)
{
    int line = P->line;
    *ls = P->ls;
    if (!at || at <= P->ls || at > P->le) return line;
    /* (in the copy with block comments blanked, their newlines are blanks: the user's line
     * counts them, at the same offsets) */
    const char *u = user_line(P, P->ls), *ua = u + (at - P->ls), *us = u;
    for (const char *n; (n = memchr(us, '\n', (size_t)(ua - us))); us = n + 1) line++;
    *ls = P->ls + (us - u);
    return line;
}

static bool report(Parser *P, const char *at, const char *msg, const char *hint)
{
    const char *ls;
    int line = line_of(P, at, &ls);
    int col = at ? (int)(at - ls) + 1 : 0;
    diag_set(P->err, P->file, line, col, user_line(P, ls), "%s", msg);
    if (P->file != P->input_file) P->err->kind = A64_DIAG_INCLUDED, P->err->own = true;
    /* (the warnings of its line said already, past its column: llvm's lexer said them first,
     * reading the statement, e.g. a string's "newline inserted") */
    for (int i = P->prog->nwarnings - 1; i >= 0 && P->prog->warnings[i].line == line; i--)
        if (P->prog->warnings[i].col > P->err->order_col && !P->prog->warnings[i].own) P->err->order_col = P->prog->warnings[i].col;
    char masm[160];
    if (!hint[0] && masm_binary(P, at, masm, sizeof masm)) hint = masm;
    return report_notes(P, hint);
}

/* the line an instruction at `at` is given (*col: its column, when col is given): its own (of a
 * statement across lines, the line of `at`), or for one of a file the parser included, the
 * input's line it comes from (the outermost expansion's call) */
static int inst_line(const Parser *P, const char *at, int *col)
{
    const char *ls;
    int line = line_of(P, at, &ls);
    if (col) *col = (int)(at - ls) + 1;
    return P->file == P->input_file ? line : asm_outer_line(&P->A, P->line);
}

/* the instruction just added: one of a file the parser included has its file and line listed
 * (A64Program.own) */
static void inst_own(Parser *P)
{
    if (P->file == P->input_file) return;
    A64Program *g = P->prog;
    if (g->nown % 64 == 0) g->own = xrealloc(g->own, (size_t)(g->nown + 64) * sizeof *g->own);
    const char *f = g->nown && P->own_of == P->file ? g->own[g->nown - 1].file
                                                    : arena_strndup(&g->arena, P->file, strlen(P->file));
    P->own_of = P->file;
    g->own[g->nown++] = (struct A64OwnLine){g->ninsts - 1, P->line, f};
}

bool a64p_perr(Parser *P, const char *at, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return report(P, at, msg, "");
}

/* a warning at `at` (llvm-mc's, where it goes on): kept in the program, the first
 * A64_MAX_WARNINGS + 1 of them, the others counted by line; the Diag kept, else NULL */
Diag *a64p_pwarn(Parser *P, const char *at, const char *fmt, ...)
{
    A64Program *g = P->prog;
    const char *ls;
    int line = line_of(P, at, &ls);
    bool own = P->file != P->input_file;   /* (a line of a file the parser included) */
    if (g->nwarnings == A64_MAX_WARNINGS + 1) {
        /* (one of an included file's lines: the input's line it comes from, the outermost
         * expansion's call; not the file's own line, which no line of the input compares with) */
        int at_line = own ? asm_outer_line(&P->A, line) : line;
        if (g->nmore && g->more[g->nmore - 1].line == at_line) {
            g->more[g->nmore - 1].n++;
            return NULL;
        }
        if (g->nmore % 64 == 0) g->more = xrealloc(g->more, (size_t)(g->nmore + 64) * sizeof *g->more);
        g->more[g->nmore++] = (struct A64WarnMore){at_line, 1};
        return NULL;
    }
    if (!g->warnings) g->warnings = xmalloc((A64_MAX_WARNINGS + 1) * sizeof *g->warnings);
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    Diag *d = &g->warnings[g->nwarnings++];
    diag_set(d, P->file, line, at ? (int)(at - ls) + 1 : 0, user_line(P, ls), "%s", msg);
    d->own = own;
    asm_notes(&P->A, P->input_file, d);
    return d;
}

/* one more warning of a run: printed while w allows, else counted */
static void warned_one(FILE *f, const Diag *d, A64Warned *w)
{
    if (d->kind == A64_DIAG_SEMI_COMMENT) {
        if (w->said & 1u << d->kind)
            return;
        w->said |= 1u << d->kind;
    }
    if (w->left <= 0) {
        w->more++;
        return;
    }
    w->left--;
    diag_print(f, d, "warning");
}

int a64_print_warnings_before(FILE *f, const A64Program *prog, int line0, int after, A64Warned *w, int from,
                              int line, int col)
{
    int i = from, last = 0;
    for (; i < prog->nwarnings; i++) {
        Diag d = prog->warnings[i];
        d.line += line0;
        int at = d.own ? last : d.line;   /* (a line of an included file: where the one before is) */
        if (at > line || (at == line && d.col > col)) break;
        last = at;
        if (d.line <= after)
            continue;
        warned_one(f, &d, w);
    }
    if (i == prog->nwarnings && line == INT_MAX)
        for (int k = 0; k < prog->nmore; k++)
            if (prog->more[k].line + line0 > after) w->more += prog->more[k].n;
    return i;
}

void a64_print_warning(FILE *f, const Diag *d, int after, A64Warned *w)
{
    if (d->line > after) warned_one(f, d, w);
}

void a64_print_warnings(FILE *f, const A64Program *prog, int line0, int after, A64Warned *w)
{
    a64_print_warnings_before(f, prog, line0, after, w, 0, INT_MAX, INT_MAX);
}

void a64_print_warnings_more(FILE *f, const char *file, const A64Warned *w)
{
    if (w->more)
        fprintf(f, "%s: warning: %ld more warnings not shown\n", file ? file : "<input>", w->more);
}

/* quote a piece of source for a message, cut at 40 characters */
const char *a64p_q(const char *s, const char *e, char *buf, size_t cap)
{
    size_t n = (size_t)(e - s);
    if (n > 40) n = 40;
    if (n >= cap) n = cap - 1;
    memcpy(buf, s, n);
    buf[n] = 0;
    return buf;
}


/* an error of the assembler-language layer, at its position in the current line (else at the
 * line's first word) */
static bool aerr_at(Parser *P, const AsmErr *e);
bool a64p_aerr(Parser *P, const AsmErr *e)
{
    aerr_at(P, e);
    P->err->cause = e->kind == ASM_E_EXPANSIONS ? A64_CAUSE_EXPANSIONS : e->kind == ASM_E_OPEN_BODY ? A64_CAUSE_OPEN_BODY : 0;
    return false;
}
bool a64p_whole(Parser *P, const char *at)
{
    a64p_perr(P, at, "%s", A64_MSG_WHOLE);
    P->err->cause = A64_CAUSE_WHOLE;
    return false;
}
/* a64p_aerr's error at its place */
static bool aerr_at(Parser *P, const AsmErr *e)
{
    const char *at = e->at && e->at >= P->ls && e->at <= P->le ? e->at : skip_ws(P->ls, P->le);
    if (e->next && e->at == at) {
        /* (the next statement's first token: after a ';' on ELF, else on the next line after
         * its blanks, past a comment; at the end of the text its end, an empty line after a
         * last newline) */
        at = skip_ws(at, P->le);
        if (at < P->le && *at == ';' && P->A.dialect != ASM_DARWIN) return a64p_perr(P, skip_ws(at + 1, P->le), "%s", e->msg);
        if (P->le >= P->end) return a64p_perr(P, P->le, "%s", e->msg);
        const char *ls = P->le + 1, *le = memchr(ls, '\n', (size_t)(P->end - ls));
        P->line++;
        P->ls = ls;
        P->le = le ? le : P->end;
        at = skip_ws(ls, P->le);
    }
    return a64p_perr(P, at, "%s", e->msg);
}
/* a '@' at `at` after a value of no symbol ([at, e) the rest of the statement): llvm's words
 * for the variant it reads there (asm_constant_variant); false */
bool a64p_variant_refused(Parser *P, const char *at, const char *e)
{
    AsmErr ae;
    asm_constant_variant(at, e, &ae);
    return a64p_aerr(P, &ae);
}

/* Eight bytes at a time (SWAR): a word with 0x80 in each byte of w that equals the byte c
 * (exact: no false positives, unlike the shorter has-zero test), and the word at p. */
#define ONES ((uint64_t)0x0101010101010101u)
static inline uint64_t bytes_eq(uint64_t w, char c)
{
    uint64_t x = w ^ (ONES * (uint8_t)c), low7 = ONES * 0x7f;
    return ~(((x & low7) + low7) | x) & (ONES << 7);
}
static inline uint64_t word_at(const char *p) { uint64_t w; memcpy(&w, p, 8); return w; }

/* the first of " / ; or newline in [p, e), or e (a64.h) */
const char *a64_plain_end(const char *p, const char *e)
{
#ifdef HAVE_SSE2
    const __m128i nl = _mm_set1_epi8('\n'), qu = _mm_set1_epi8('"'), sl = _mm_set1_epi8('/'), sc = _mm_set1_epi8(';');
    for (; e - p >= 16; p += 16) {
        __m128i w = _mm_loadu_si128((const __m128i *)(const void *)p);
        __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(w, nl), _mm_cmpeq_epi8(w, qu)),
                                 _mm_or_si128(_mm_cmpeq_epi8(w, sl), _mm_cmpeq_epi8(w, sc)));
        unsigned bits = (unsigned)_mm_movemask_epi8(m);   /* bit i: byte i is one of them */
        if (bits) return p + __builtin_ctz(bits);
    }
#endif
    for (; e - p >= 8; p += 8) {
        uint64_t w = word_at(p);
        uint64_t m = bytes_eq(w, '\n') | bytes_eq(w, '"') | bytes_eq(w, '/') | bytes_eq(w, ';');
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (m) return p + (__builtin_ctzll(m) >> 3);     /* the lowest byte is the first */
#else
        if (m) break;
#endif
    }
    while (p < e && !(cclass[(uint8_t)*p] & C_STOP)) p++;
    return p;
}

/* the number of newlines in [p, e) */
static size_t count_newlines(const char *p, const char *e)
{
    size_t n = 0;
#ifdef HAVE_SSE2
    const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
    while (e - p >= 16) {
        /* per byte lane, the newlines of up to 255 blocks (a match is -1: subtracted); then the
         * sum of the lanes, two halves of eight */
        __m128i acc = zero;
        for (int k = 0; k < 255 && e - p >= 16; k++, p += 16)
            acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), nl));
        __m128i sum = _mm_sad_epu8(acc, zero);
        n += (size_t)_mm_cvtsi128_si32(sum) + (size_t)_mm_cvtsi128_si32(_mm_unpackhi_epi64(sum, sum));
    }
#endif
    while (e - p >= 8) {
        /* per byte lane, the newlines of up to 255 words; then the sum of the lanes */
        uint64_t acc = 0;
        for (int k = 0; k < 255 && e - p >= 8; k++, p += 8) acc += bytes_eq(word_at(p), '\n') >> 7;
        const uint64_t even = 0x00ff00ff00ff00ffu;
        acc = (acc & even) + ((acc >> 8) & even);                 /* four 16-bit lanes <= 510 */
        n += (size_t)((acc * (uint64_t)0x0001000100010001u) >> 48);
    }
    for (; p < e; p++) n += *p == '\n';
    return n;
}
#undef ONES

/* the first '.' in a (short) identifier [p, e), or NULL */
static const char *find_dot(const char *p, const char *e) { for (; p < e; p++) if (*p == '.') return p; return NULL; }

bool a64p_ieq(const char *s, size_t n, const char *lit)
{
    size_t i;
    for (i = 0; i < n && lit[i]; i++)
        if (ascii_lower(s[i]) != lit[i]) return false;
    return i == n && lit[i] == 0;
}

/* where the text is: the offset in its section, and above bit 32 the section when it is not
 * the first (labels and branch targets: resolve_targets keeps a target in its branch's
 * section); -1 in a data section not laid out */
static int64_t here(const Parser *P)
{
    return P->laid ? (int64_t)P->sec << 32 | P->offset : -1;
}

/* ---- symbol tables ---- */
static bool sym_eq(const Sym *y, const char *s, size_t n, uint32_t h)
{
    return y->hash == h && y->len == n && !memcmp(y->s, s, n);
}

static void sym_add(Parser *P, const char *s, size_t n)
{
    if ((P->nsym + 1) * 2 > P->capsym) {
        int cap = P->capsym ? P->capsym * 2 : 1024;
        Sym *ns = xcalloc((size_t)cap, sizeof *ns);
        for (int i = 0; i < P->capsym; i++) {
            if (!P->sym[i].s) continue;
            uint32_t k = P->sym[i].hash & (uint32_t)(cap - 1);
            while (ns[k].s) k = (k + 1) & (uint32_t)(cap - 1);
            ns[k] = P->sym[i];
        }
        free(P->sym);
        P->sym = ns; P->capsym = cap;
    }
    uint32_t h = a64_hash(s, n), k = h & (uint32_t)(P->capsym - 1);
    while (P->sym[k].s) {
        if (sym_eq(&P->sym[k], s, n, h)) return;
        k = (k + 1) & (uint32_t)(P->capsym - 1);
    }
    if (s < P->input || s >= P->input_end)   /* a line of an expansion or a copy: it will not last */
        s = arena_strndup(&P->prog->arena, s, n);
    P->sym[k] = (Sym){s, (uint32_t)n, h, here(P)};
    P->nsym++;
}

/* symbol [s, s + n) defined in this text, or NULL */
const Sym *a64p_sym_find(const Parser *P, const char *s, size_t n)
{
    if (!P->capsym) return NULL;
    uint32_t h = a64_hash(s, n), k = h & (uint32_t)(P->capsym - 1);
    while (P->sym[k].s) {
        if (sym_eq(&P->sym[k], s, n, h)) return &P->sym[k];
        k = (k + 1) & (uint32_t)(P->capsym - 1);
    }
    return NULL;
}

/* a label defined so far: in this text, or before it (a piece of a longer text) */
static bool sym_known(const Parser *P, const char *s, size_t n)
{
    if (a64p_sym_find(P, s, n)) return true;
    const A64ParseStart *st = P->start;
    return st && st->label && st->label(st->ctx, s, n, true) != -2;
}

static bool sym_has(void *ctx, const char *s)
{
    Parser *P = ctx;
    P->memo_off = true;        /* the answer depends on where the instruction is */
    return sym_known(P, s, strlen(s));
}

/* where symbol [s, s + n) is defined: its offset, -1 outside code or undefined */
static int64_t sym_off(const Parser *P, const char *s, size_t n)
{
    const Sym *y = a64p_sym_find(P, s, n);
    if (y) return y->off;
    const A64ParseStart *st = P->start;
    int64_t o = st && st->label ? st->label(st->ctx, s, n, false) : -1;
    return o < 0 ? -1 : o;
}

/* the slot of numeric label v, -1 when it has none */
static int num_slot(const Parser *P, long v)
{
    if (!P->capnum) return -1;
    uint32_t k = (uint32_t)(v * 2654435761u) & (uint32_t)(P->capnum - 1);
    while (P->num[k]) {
        if (P->num[k] == v + 1) return (int)k;
        k = (k + 1) & (uint32_t)(P->capnum - 1);
    }
    return -1;
}

/* the slot of numeric label v, made (not defined, no symbol) when it has none */
static int num_get(Parser *P, long v)
{
    int slot = num_slot(P, v);
    if (slot >= 0) return slot;
    if ((P->nnum + 1) * 2 > P->capnum) {
        int cap = P->capnum ? P->capnum * 2 : 64;
        long *nn = xcalloc((size_t)cap, sizeof *nn);
        NumLab *nl = xcalloc((size_t)cap, sizeof *nl);
        for (int i = 0; i < P->capnum; i++) {
            if (!P->num[i]) continue;
            uint32_t k = (uint32_t)((P->num[i] - 1) * 2654435761u) & (uint32_t)(cap - 1);
            while (nn[k]) k = (k + 1) & (uint32_t)(cap - 1);
            nn[k] = P->num[i];
            nl[k] = P->numl[i];
        }
        free(P->num);
        free(P->numl);
        P->num = nn; P->numl = nl; P->capnum = cap;
    }
    uint32_t k = (uint32_t)(v * 2654435761u) & (uint32_t)(P->capnum - 1);
    while (P->num[k]) k = (k + 1) & (uint32_t)(P->capnum - 1);
    P->num[k] = v + 1;
    P->numl[k] = (NumLab){-1, -1, -1, false};
    P->nnum++;
    return (int)k;
}

/* numeric label v defined here: llvm makes its temporary symbol now, unless a `vf` made it */
static void num_add(Parser *P, long v)
{
    int slot = num_get(P, v);   /* (it may move the table) */
    NumLab *l = &P->numl[slot];
    l->off = here(P);
    l->tmp = l->next >= 0 ? l->next : P->ntmp++;
    l->next = -1;
    l->defined = true;
    P->nnumdef++;
}

/* a reference to numeric label n (`nf`) at column col, checked when the label is defined (the
 * branch of instruction `inst`, if it is one, then takes its target + add) or at the end */
static void pend_add(Parser *P, long n, int col, int inst, int64_t add)
{
    if (P->npend == P->cappend) {
        P->cappend = P->cappend ? P->cappend * 2 : 16;
        P->pend = xrealloc(P->pend, (size_t)P->cappend * sizeof *P->pend);
    }
    const char *pls = user_line(P, P->ls);
    if (pls < P->input || pls >= P->input_end)   /* an expansion's line: kept */
        pls = arena_strndup(&P->prog->arena, pls, (size_t)(P->le - P->ls));
    P->pend[P->npend++] = (Pending){n, P->line, col, pls, inst, add};
}

/* src/asm's numeric label reference `nb` / `nf` in an expression (a data value, .if): nb
 * defined before it; nf llvm's temporary symbol made, checked as a branch's (`note`) */
static bool num_ref(void *ctx, long n, bool back, const char *at, bool note)
{
    Parser *P = ctx;
    P->memo_off = true;
    if (back) {
        int slot = num_slot(P, n);
        return slot >= 0 && P->numl[slot].defined;
    }
    if (!note) return true;
    int slot = num_get(P, n);   /* (it may move the table) */
    NumLab *l = &P->numl[slot];
    if (l->next < 0) l->next = P->ntmp++;
    pend_add(P, n, at >= P->ls && at <= P->le ? (int)(at - P->ls) + 1 : 1, INT_MAX, 0);
    return true;
}

/* ---- numbers ---- */
/* integer (internal.h): [+-] and an integer of asm_lex_number */
const char *a64_parse_int(const char *p, const char *e, int64_t *out, bool *ovf)
{
    bool neg = false;
    *ovf = false;
    if (p < e && (*p == '-' || *p == '+')) { neg = *p == '-'; p++; }
    if (p >= e || !is_digit(*p)) return NULL;
    AsmNum n;
    p = asm_lex_number(p, e, &n);   /* (the layer's reader, llvm-mca's lexer) */
    if (!p || n.kind != ASM_NUM_INT) return NULL;
    uint64_t v = n.lo;
    if (n.hi || n.big || (neg && v > (uint64_t)1 << 63)) *ovf = true;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return p;
}

/* is [p, e) the start of a floating literal (digits '.' digit, or exponent)? */
static bool looks_float(const char *p, const char *e)
{
    if (p < e && (*p == '-' || *p == '+')) p++;
    if (p + 1 < e && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) return false;
    const char *d = p;
    while (p < e && is_digit(*p)) p++;
    /* (a '.' with no digit before or after it is the location counter: #.+8) */
    if (p < e && *p == '.') return p > d || (p + 1 < e && is_digit(p[1]));
    if (p < e && (*p == 'e' || *p == 'E') && p + 1 < e && (is_digit(p[1]) || p[1] == '-' || p[1] == '+')) return true;
    return false;
}

static const char *parse_float(const char *p, const char *e, double *out)
{
    char buf[64];
    size_t n = (size_t)(e - p);
    if (n >= sizeof buf) n = sizeof buf - 1;
    memcpy(buf, p, n);
    buf[n] = 0;
    char *end;
    errno = 0;
    *out = strtod(buf, &end);
    if (end == buf) return NULL;
    return p + (end - buf);
}

/* An integer at p: a plain number (the fast path), else a constant expression (src/asm:
 * `#(64 - 15)`, `#N * 4` with `.set N, ...`).  Returns its end, or NULL after an error
 * ("expected <what>"); where `sym` is not NULL, a value that names a symbol with none (an
 * expression of symbols, for the caller) is no error: NULL and *sym = true */
static const char *parse_value_sym(Parser *P, const char *p, const char *e, int64_t *v, const char *what, bool *sym)
{
    bool ovf;
    const char *q2 = a64_parse_int(p, e, v, &ovf);
    if (q2 && !ovf) {
        const char *x = q2;
        while (x < e && is_ws(*x)) x++;
        if (x >= e || *x == ',' || *x == ']' || *x == '!' || *x == '}') return q2;
    }
    /* (any other character: the expression's words, llvm's: '*', '@', '{' ...) */
    if (!q2 && (p >= e || is_ws(*p))) { a64p_perr(P, p, "expected %s", what); return NULL; }
    if (q2 && ovf) { a64p_perr(P, p, "immediate out of range"); return NULL; }
    P->memo_off = true;           /* the value may depend on symbols defined so far */
    AsmErr ae;
    const char *end;
    if (!asm_expr(&P->A, p, e, &end, v, &ae)) {
        if (sym && ae.kind == ASM_E_UNKNOWN_SYMBOL) *sym = true;
        else a64p_aerr(P, &ae);
        return NULL;
    }
    return end;
}

/* ---- registers ---- */

/* name = identifier text (no '.' suffix) */
Reg a64p_reg_lookup(const char *s, size_t n)
{
    Reg r = {0};
    if (n < 2 || n > 4) return r;
    char c0 = ascii_lower(s[0]);
    if (!is_digit(s[1])) {          /* sp wsp xzr wzr fp lr */
        char c1 = ascii_lower(s[1]), c2 = n == 3 ? ascii_lower(s[2]) : 0;
        if (n == 2) {
            if (c0 == 's' && c1 == 'p') { r.kind = RK_GPR; r.num = 31; r.is64 = true; r.is_sp = true; }
            else if (c0 == 'f' && c1 == 'p') { r.kind = RK_GPR; r.num = 29; r.is64 = true; }
            else if (c0 == 'l' && c1 == 'r') { r.kind = RK_GPR; r.num = 30; r.is64 = true; }
        } else if (n == 3) {
            if (c0 == 'w' && c1 == 's' && c2 == 'p') { r.kind = RK_GPR; r.num = 31; r.is_sp = true; }
            else if (c0 == 'x' && c1 == 'z' && c2 == 'r') { r.kind = RK_GPR; r.num = 31; r.is64 = true; }
            else if (c0 == 'w' && c1 == 'z' && c2 == 'r') { r.kind = RK_GPR; r.num = 31; }
        }
        return r;
    }
    /* a letter and 1-3 digits, no leading zero (x01 is a symbol) */
    int v = s[1] - '0';
    for (size_t i = 2; i < n; i++) {
        if (!is_digit(s[i])) return r;
        v = v * 10 + (s[i] - '0');
    }
    if (n > 2 && s[1] == '0') return r;
    switch (c0) {
    case 'x': r.kind = RK_GPR; r.is64 = true; break;
    case 'w': r.kind = RK_GPR; break;
    case 'v': r.kind = RK_V; break;
    case 'b': r.kind = RK_VSCALAR; r.shape = A64_V_B; break;
    case 'h': r.kind = RK_VSCALAR; r.shape = A64_V_H; break;
    case 's': r.kind = RK_VSCALAR; r.shape = A64_V_S; break;
    case 'd': r.kind = RK_VSCALAR; r.shape = A64_V_D; break;
    case 'q': r.kind = RK_VSCALAR; r.shape = A64_V_Q; break;
    default: return r;
    }
    /* x31 and w31 are the zero registers (llvm's aliases, as fp and lr) */
    if (v > 31) { Reg bad = {0}; bad.kind = RK_BAD; return bad; }
    r.num = v;
    return r;
}

/* a register name, or a `.req` alias of one */
static Reg reg_alias(Parser *P, const char *s, size_t n)
{
    P->memo_off = true;           /* aliases come and go (.req/.unreq) */
    const char *a = asm_alias_find(&P->A, s, n);
    Reg r = {0};
    return a ? a64p_reg_lookup(a, strlen(a)) : r;
}

static inline Reg reg_at(Parser *P, const char *s, size_t n)
{
    Reg r = a64p_reg_lookup(s, n);
    if (r.kind == RK_NONE && P->A.alias.n) return reg_alias(P, s, n);
    return r;
}

/* ".4s" -> shape, ".s" -> element shape; 0 = unknown */
static int arrangement(const char *s, size_t n)
{
    static const struct { const char *n; int s; } t[] = {
        {"8b", A64_V_8B}, {"16b", A64_V_16B}, {"4h", A64_V_4H}, {"8h", A64_V_8H}, {"2s", A64_V_2S},
        {"4s", A64_V_4S}, {"1d", A64_V_1D}, {"2d", A64_V_2D}, {"1q", A64_V_1Q}, {"2h", A64_V_2H},
        {"4b", A64_V_4B}, {"b", A64_V_ELEM_B}, {"h", A64_V_ELEM_H}, {"s", A64_V_ELEM_S},
        {"d", A64_V_ELEM_D},
    };
    for (size_t i = 0; i < ARRAY_LEN(t); i++)
        if (a64p_ieq(s, n, t[i].n)) return t[i].s;
    return 0;
}

/* the element shape of an arrangement (4S -> S) */
static int elem_of(int shape)
{
    switch (a64_shape_elem_bits(shape)) {
    case 8: return A64_V_ELEM_B;
    case 16: return A64_V_ELEM_H;
    case 32: return A64_V_ELEM_S;
    default: return A64_V_ELEM_D;
    }
}

/* Apple's syntax leaves the arrangement of the other operands to the instruction: a widening
 * or narrowing one reads (or writes) half or double elements.  Alternative k of arrangement x:
 * 1 = half elements in 64 bits, 2 = half elements in 128 bits, 3 = double elements in 128
 * bits (umull.2d v0, v1, v2 reads v1.2s; xtn.8b v0, v1 reads v1.8h), 4 = the same elements in
 * 128 bits (tbl.8b v0, { v1 }, v2 reads v1.16b); of an element x (v2[1]): 1 and 2 = the half
 * element (sqdmlal.4s v0, v1, v2[2] reads v2.h[2]), 3 = the double; 0 = none */
#define APPLE_ALTS 5
static int shape_alt(int x, int k)
{
    int eb = a64_shape_elem_bits(x), e2 = k == 3 ? eb * 2 : k == 4 ? eb : eb / 2, total = k == 1 ? 64 : 128;
    if (x >= A64_V_ELEM_B) {
        static const int el[] = {[8] = A64_V_ELEM_B, [16] = A64_V_ELEM_H, [32] = A64_V_ELEM_S, [64] = A64_V_ELEM_D};
        return k < 4 && e2 >= 8 && e2 <= 64 ? el[e2] : 0;
    }
    static const struct { int e, t, s; } t[] = {
        {8, 64, A64_V_8B}, {8, 128, A64_V_16B}, {16, 64, A64_V_4H}, {16, 128, A64_V_8H},
        {32, 64, A64_V_2S}, {32, 128, A64_V_4S}, {64, 64, A64_V_1D}, {64, 128, A64_V_2D},
    };
    for (size_t i = 0; i < ARRAY_LEN(t); i++)
        if (t[i].e == e2 && t[i].t == total) return t[i].s;
    return 0;
}

/* where llvm's expression parser stops when no value starts at p (add x0, x1, #; #-]), after
 * a '#', whatever the instruction; NULL when one does */
static const char *no_value(const Parser *P, const char *p, const char *e)
{
    const char *t = skip_ws(p, e);
    while (t < e && (*t == '-' || *t == '+' || *t == '~' || *t == '!')) t = skip_ws(t + 1, e);
    if (t >= e) return skip_ws(t, P->le);   /* (the end of the line: after its blanks) */
    return strchr(",])}%/=^&|<>?", *t) ? t : NULL;   /* (an operator no operand starts with, too) */
}

/* no operand starts at x (add x0, x1, ; [x0, ]): the words of llvm's expression parser, then
 * of its operand parser, both there; false */
static bool no_operand(Parser *P, const char *x)
{
    a64p_perr(P, x, "unknown token in expression");
    diag_add(P->err, NULL, P->file, P->line, (int)(x - P->ls) + 1, P->ls, "invalid operand");
    asm_notes(&P->A, P->input_file, P->err);
    return false;
}

typedef struct Lex { Parser *P; const char *p, *e; } Lex;
static bool parse_sym_expr(Lex *L, const char *reloc, A64Operand *o);
static bool sym_expr_at(Parser *P, const char *p, const char *e, const char *reloc, A64Operand *o,
                        const char **end, AsmErr *ae);

/* llvm's second errors where its parser goes on after a first one, at c: "unknown token in
 * expression", and "invalid operand" when it was reading an operand (after a list, a lane) */
static void after_errors(Parser *P, const char *c, bool operand)
{
    diag_add(P->err, NULL, P->file, P->line, (int)(c - P->ls) + 1, P->ls, "unknown token in expression");
    if (operand) diag_add(P->err, NULL, P->file, P->line, (int)(c - P->ls) + 1, P->ls, "invalid operand");
}

/* parse "[idx]" at p (a list's lane: list), with llvm's words where no value starts, none that
 * is a constant or the ']' is missing; returns end or NULL with an error */
static const char *parse_index(Parser *P, const char *p, const char *e, int8_t *idx, bool list)
{
    p = skip_ws(p + 1, e);
    const char *t = p < e && *p == '#' ? p : no_value(P, p, e);
    if (t) { a64p_perr(P, t, "unknown token in expression"); return NULL; }
    int64_t v;
    bool sym = false;
    const char *q2 = parse_value_sym(P, p, e, &v, "an element index", &sym);
    if (sym) {                     /* (llvm's words after the expression: v1.s[x], v1.s[foo + 1]) */
        A64Operand t2 = {0};
        Lex L2 = {P, p, e};
        if (!parse_sym_expr(&L2, NULL, &t2)) return NULL;
        /* (then llvm reads what follows as an operand: the ']', of a list what follows it) */
        const char *x = L2.p < e ? skip_ws(L2.p, e) : skip_ws(L2.p, P->le), *y = x;
        a64p_perr(P, x, "immediate value expected for vector index");
        if (list && y < e && *y == ']') y = skip_ws(y + 1, P->le);
        after_errors(P, y, list);
        return NULL;
    }
    if (!q2) return NULL;
    /* llvm reads any constant, and its matcher refuses one beyond the arrangement's lanes
     * (v1.s[-1], v1.s[200]): uarch's 127 stands for it */
    if (v < 0 || v > 127) v = 127;
    p = skip_ws(q2, e);
    if (p >= e || *p != ']') { a64p_perr(P, p < e ? p : skip_ws(p, P->le), "']' expected"); return NULL; }
    *idx = (int8_t)v;
    return p + 1;
}

/* The by-element dot products and fmlal/fmlsl written with no arrangement at all (Apple's
 * `sdot v0, v1, v2[1]`, as llvm-mc reads it under any triple): the 128-bit form, `sdot v0.4s,
 * v1.16b, v2.4b[1]`, `fmlal v0.4s, v1.4h, v2.h[1]`. */
static const struct BareLane { const char *mnem; uint8_t shape[3]; } bare_lanes[] = {
    {"sdot", {A64_V_4S, A64_V_16B, A64_V_4B}}, {"udot", {A64_V_4S, A64_V_16B, A64_V_4B}},
    {"usdot", {A64_V_4S, A64_V_16B, A64_V_4B}}, {"sudot", {A64_V_4S, A64_V_16B, A64_V_4B}},
    {"fmlal", {A64_V_4S, A64_V_4H, A64_V_ELEM_H}}, {"fmlsl", {A64_V_4S, A64_V_4H, A64_V_ELEM_H}},
    {"fmlal2", {A64_V_4S, A64_V_4H, A64_V_ELEM_H}}, {"fmlsl2", {A64_V_4S, A64_V_4H, A64_V_ELEM_H}},
};

static const struct BareLane *bare_lane(const char *mnem)
{
    for (size_t i = 0; i < ARRAY_LEN(bare_lanes); i++)
        if (!strcmp(mnem, bare_lanes[i].mnem)) return &bare_lanes[i];
    return NULL;
}

/* BAD_VREG: a vector llvm reads in parts, the register and its '.T' and '[N]' apart: without an
 * arrangement (v1), an element or a list of elements without its lane (v1.d, {v0.s});
 * BAD_TYPED: a vector (or list) with its arrangement after a mnemonic with one (add.4s v0.4s:
 * llvm's short forms take none);
 * BAD_LANE: a lane after a vector (or list) with an arrangement (v1.2d[0], { v0.4s }[1]; Apple's
 * ld1.4s { v0 }[1]): llvm reads the register, its arrangement and the lane apart (the operand
 * keeps the vector, without the lane);
 * BAD_SHIFT: a shift or extend after a vector or floating-point register (fmov s0, s1, lsl #2):
 * llvm reads it as an operand of its own, which no form takes (the register keeps no shift) */
enum { BAD_BASE, BAD_VREG, BAD_VLIST, BAD_TYPED, BAD_LANE, BAD_SHIFT };
/* operand o, at `at`, is one llvm reads and its matcher refuses (Parser.bad), uarch's words
 * for it fmt: the first one of the instruction is kept */
static void bad_operand(Parser *P, const char *at, const A64Operand *o, int kind, const char *fmt, const char *arg)
{
    if (P->bad.at) return;
    P->bad.at = at;
    P->bad.next = NULL;
    P->bad.op = (int)(o - P->opbuf);
    P->bad.kind = kind;
    snprintf(P->bad.hint, sizeof P->bad.hint, fmt, arg);
}

/* a vector register "vN.T" (element or arrangement) inside an identifier [s, ie); without a
 * '.T', A64_V_NONE */
static bool vreg_parts(Parser *P, const char *s, const char *ie, int *num, int *shape)
{
    const char *dot = find_dot(s, ie);
    char buf[48];
    Reg r = reg_at(P, s, (size_t)((dot ? dot : ie) - s));
    if (r.kind != RK_V) {          /* (llvm's words; uarch's in a note) */
        char hint[80];
        snprintf(hint, sizeof hint, "'%s' is no vector register", a64p_q(s, ie, buf, sizeof buf));
        return report(P, s, "vector register expected", hint);
    }
    /* (looked up only here, when a register has no arrangement: not on every instruction) */
    if (!dot && !P->apple && P->env.mnem && (P->lane = bare_lane(P->env.mnem->name)))
        P->apple = A64_V_4S;
    if (!dot && P->apple) {        /* Apple's syntax: the mnemonic's arrangement */
        *num = r.num;
        *shape = P->apple;
        P->bare = true;
        return true;
    }
    if (!dot) {                    /* llvm's matcher refuses it (see finish_inst) */
        *num = r.num;
        *shape = A64_V_NONE;
        return true;
    }
    int sh = arrangement(dot + 1, (size_t)(ie - dot - 1));
    if (!sh) {                     /* (llvm's words, at the register) */
        char hint[80];
        snprintf(hint, sizeof hint, "invalid vector arrangement '%s'", a64p_q(dot, ie, buf, sizeof buf));
        return report(P, s, "invalid vector kind qualifier", hint);
    }
    *num = r.num;
    *shape = sh;
    return true;
}

/* ---- operands ---- */

/* the ELF relocation specifiers llvm 19 reads in `:name:expr` (AArch64AsmParser) */
static const char *const elf_specs[] = {
    "lo12", "abs_g3", "abs_g2", "abs_g2_s", "abs_g2_nc", "abs_g1", "abs_g1_s", "abs_g1_nc", "abs_g0", "abs_g0_s",
    "abs_g0_nc", "prel_g3", "prel_g2", "prel_g2_nc", "prel_g1", "prel_g1_nc", "prel_g0", "prel_g0_nc", "dtprel_g2",
    "dtprel_g1", "dtprel_g1_nc", "dtprel_g0", "dtprel_g0_nc", "dtprel_hi12", "dtprel_lo12", "dtprel_lo12_nc",
    "pg_hi21_nc", "tprel_g2", "tprel_g1", "tprel_g1_nc", "tprel_g0", "tprel_g0_nc", "tprel_hi12", "tprel_lo12",
    "tprel_lo12_nc", "tlsdesc_lo12", "got", "gotpage_lo15", "got_lo12", "gottprel", "gottprel_lo12", "gottprel_g1",
    "gottprel_g0_nc", "tlsdesc", "secrel_lo12", "secrel_hi12",
};

/* An expression of symbols at L->p (after `:reloc:` when reloc is not NULL), as llvm's MCExpr:
 * a constant is an immediate; one symbol plus a constant, without a variant or specifier, a
 * label (label.text: as llvm prints it); anything else an immediate with a relocation (imm.sym:
 * the text llvm prints, imm.complex: not a symbol plus a constant). */
static bool parse_sym_expr(Lex *L, const char *reloc, A64Operand *o)
{
    AsmErr ae;
    const char *end;
    if (!sym_expr_at(L->P, L->p, L->e, reloc, o, &end, &ae)) {
        if (!ae.at) ae.at = L->p;
        return a64p_aerr(L->P, &ae);
    }
    L->p = end;
    return true;
}

/* the expression of symbols at [p, e) into o (its text and parts copied), *end after it; false
 * with the error in *ae, nothing reported */
static bool sym_expr_at(Parser *P, const char *p, const char *e, const char *reloc, A64Operand *o,
                        const char **end, AsmErr *ae)
{
    Arena *ar = &P->prog->arena;
    AsmSymExpr x;
    buf_reset(&P->xtext);
    if (reloc) buf_printf(&P->xtext, ":%s:", reloc);
    P->A.line_start = P->ls;
    if (P->A.nsyms) P->memo_off = true;   /* (a .set constant may be in it) */
    if (!asm_sym_expr(&P->A, p, e, end, &x, &P->xtext, ae)) return false;
    memset(&o->u, 0, sizeof o->u);
    if (x.constant && !reloc) {
        o->kind = A64_OP_IMM;
        o->u.imm.value = x.addend;
        return true;
    }
    const char *text = arena_strndup(ar, P->xtext.data, P->xtext.len);
    if (!reloc && !x.auth && x.rel && x.a && !x.avar && !x.b) {
        o->kind = A64_OP_LABEL;
        o->u.label.numeric = -1;
        o->u.label.is_dot = x.na == 0;
        if (x.na) o->u.label.sym = arena_strndup(ar, x.a, x.na);
        o->u.label.dot_offset = x.addend;
        o->u.label.text = text;
        return true;
    }
    /* llvm's classifySymbolRef: one symbol reference, or a symbol (or an ELF specifier) plus
     * a constant, and not both an ELF specifier and a variant */
    bool simple = (x.plain || (x.rel && !x.b && (x.a || reloc))) && !(reloc && (x.avar || x.auth));
    o->kind = A64_OP_IMM;
    o->u.imm.sym = text;
    o->u.imm.value = x.rel ? x.addend : 0;
    o->u.imm.complex = !simple;
    if (reloc) o->u.imm.reloc = reloc;
    else if (x.auth) o->u.imm.reloc = "@AUTH";   /* (llvm: an AArch64MCExpr of its own kind) */
    else if (x.avar) {
        buf_reset(&P->xtext);
        buf_printf(&P->xtext, "@%s", asm_variant_name(x.avar));
        o->u.imm.reloc = arena_strndup(ar, P->xtext.data, P->xtext.len);
    }
    return true;
}

/* `:name:expr` at L->p */
static bool parse_reloc_sym(Lex *L, A64Operand *o)
{
    Parser *P = L->P;
    const char *p = L->p + 1, *e = L->e;
    const char *r0 = p;
    while (p < e && (is_identc(*p) && *p != '.')) p++;
    if (p == r0) return a64p_perr(P, r0, "expect relocation specifier in operand after ':'");
    char rb[32];
    size_t rn = (size_t)(p - r0);
    const char *spec = NULL;
    if (rn < sizeof rb) {
        ascii_lower_n(rb, r0, rn);
        rb[rn] = 0;
        for (size_t i = 0; i < ARRAY_LEN(elf_specs) && !spec; i++)
            if (!strcmp(rb, elf_specs[i])) spec = elf_specs[i];
    }
    if (!spec) return a64p_perr(P, r0, "expect relocation specifier in operand after ':'");
    if (p >= e || *p != ':') return a64p_perr(P, skip_ws(p, e), "expect ':' after relocation specifier");
    L->p = p + 1;
    return parse_sym_expr(L, spec, o);
}

/* after a numeric label reference [p, L->p) (1f) of temporary symbol `tmp` (-1: none): a
 * constant added (1f+4, 1b-8, as llvm reads `sym+4`) in label.dot_offset, and label.text as
 * llvm-mca prints it (.Ltmp0+4; as written when there is no symbol) */
static bool numeric_addend(Lex *L, A64Operand *o, const char *p, int tmp)
{
    Parser *P = L->P;
    const char *x = skip_ws(L->p, L->e);
    char nm[24];
    snprintf(nm, sizeof nm, "%sLtmp%d", P->A.dialect == ASM_DARWIN ? "" : ".", tmp < 0 ? 0 : tmp);
    if (x >= L->e || (*x != '+' && *x != '-')) {
        if (tmp >= 0) o->u.label.text = arena_strndup(&P->prog->arena, nm, strlen(nm));
        return true;
    }
    /* the expression with the symbol's name in place of the reference, read as llvm reads it */
    size_t nn = strlen(nm);
    Buf t = {0};
    buf_put(&t, nm, nn);
    buf_put(&t, L->p, (size_t)(L->e - L->p));
    buf_cstr(&t);
    AsmSymExpr sx;
    AsmErr ae;
    const char *end;
    buf_reset(&P->xtext);
    P->A.line_start = P->ls;
    bool ok = asm_sym_expr(&P->A, t.data, t.data + t.len, &end, &sx, &P->xtext, &ae);
    const char *at = ok ? L->p + (end - t.data - (ptrdiff_t)nn) : ae.at && ae.at >= t.data + nn ? L->p + (ae.at - t.data - (ptrdiff_t)nn) : x;
    buf_free(&t);
    if (!ok) {
        ae.at = at;
        return a64p_aerr(P, &ae);
    }
    if (!sx.rel || !sx.a || sx.b || sx.avar || sx.na != nn) {
        /* an expression of other symbols too (1f+x0): llvm lets the fixup decide, as for a
         * named label (parse_sym_expr) */
        const char *text = arena_strndup(&P->prog->arena, P->xtext.data, P->xtext.len);
        memset(&o->u, 0, sizeof o->u);
        o->kind = A64_OP_IMM;
        o->u.imm.sym = text;
        o->u.imm.value = sx.rel ? sx.addend : 0;
        o->u.imm.complex = true;
        if (sx.avar) {
            buf_reset(&P->xtext);
            buf_printf(&P->xtext, "@%s", asm_variant_name(sx.avar));
            o->u.imm.reloc = arena_strndup(&P->prog->arena, P->xtext.data, P->xtext.len);
        }
        L->p = at;
        return true;
    }
    o->u.label.dot_offset = sx.addend;
    o->u.label.text = tmp >= 0 ? arena_strndup(&P->prog->arena, P->xtext.data, P->xtext.len)
                               : arena_strndup(&P->prog->arena, p, (size_t)(rtrim(p, at) - p));
    L->p = at;
    return true;
}

/* a symbol operand at L->p (an identifier): the bare name, or an expression it starts
 * (sym+16, sym@PAGEOFF, .Lb-.La) */
static bool parse_symbol(Lex *L, A64Operand *o)
{
    Parser *P = L->P;
    const char *s0 = L->p, *p = ident_end(L->p, L->e), *x = skip_ws(p, L->e);
    if (x < L->e && *x != ',' && *x != ']' && *x != '}' && *x != '!') return parse_sym_expr(L, NULL, o);
    o->kind = A64_OP_LABEL;
    o->u.label.sym = arena_strndup(&P->prog->arena, s0, (size_t)(p - s0));
    o->u.label.numeric = -1;
    L->p = p;
    return true;
}

/* the first '#' of operands [s, e) without a value: an error llvm's parser gives before its
 * matcher says what an instruction requires; NULL when none */
static const char *operands_hash_without_value(const Parser *P, const char *s, const char *e)
{
    for (const char *h = s; (h = memchr(h, '#', (size_t)(e - h))); h++) {
        const char *t = no_value(P, h + 1, e);
        if (t) return t;
    }
    return NULL;
}

static bool sve_claimed(const char *m, const char *cls, int place);
static int fimm_place(const Parser *P, const A64Operand *o);

/* the place of o among the instruction's operands, -1 for another (an address's offset) */
static int op_index(const Parser *P, const A64Operand *o)
{
    uintptr_t a = (uintptr_t)o, b = (uintptr_t)P->opbuf;
    return a >= b && a < b + sizeof P->opbuf ? (int)((a - b) / sizeof *o) : -1;
}

/* whether a floating-point literal at operand o is, to llvm, the bits of a double in an
 * expression: where a parser of the place reads one (claims.tsv real) and no row of the
 * mnemonic takes a floating-point immediate there (mov x0, #1.0; add x0, x1, #0.0; prfm #1.5) */
static bool fp_bits_place(const Parser *P, const A64Operand *o)
{
    const A64Mnem *mn = P->env.mnem;
    int i = op_index(P, o);
    return i >= 0 && mn && P->mname && !a64_rows_have(mn, i, P_FIMM8) && !a64_rows_have(mn, i, P_FZERO) &&
           sve_claimed(P->mname, "real", fimm_place(P, o));
}

/* the end of the operand's text at o: the next ',' outside brackets and parentheses, or e */
static const char *operand_end(const char *o, const char *e)
{
    int depth = 0;
    for (; o < e && !(depth == 0 && *o == ','); o++) {
        if (*o == '(' || *o == '[' || *o == '{') depth++;
        else if ((*o == ')' || *o == ']' || *o == '}') && depth) depth--;
    }
    return o;
}

/* llvm's lexer refuses a sign right after a floating-point literal without an exponent (#0.0+1;
 * #1e+1+1 is a sum): the first such literal of the operand at p (o: its slot, or one of an
 * address's parts), where a floating-point immediate is read (fmov d0, #1.0+1: claims.tsv fimm,
 * or a row's) "invalid floating point immediate" at the literal, elsewhere "invalid sign in
 * float literal" at the sign.  False after that error */
static bool float_sign_ok(Parser *P, const A64Operand *o, const char *p, const char *e)
{
    for (const char *end = operand_end(p, e); p < end; p++) {
        if (!is_digit(*p) || (p[-1] != '#' && (is_identc(p[-1]) || p[-1] == '.')) || !looks_float(p, e)) continue;
        const char *x = p;
        while (x < e && (is_digit(*x) || *x == '.')) x++;
        if (x < e && (*x == '+' || *x == '-')) {
            int i = op_index(P, o);
            bool fimm = i >= 0 && P->mname &&
                        (sve_claimed(P->mname, "fimm", fimm_place(P, o)) || (P->env.mnem && a64_rows_have(P->env.mnem, i, P_FIMM8)));
            return fimm ? a64p_perr(P, p, "invalid floating point immediate") : a64p_perr(P, x, "invalid sign in float literal");
        }
        p = x - 1;
    }
    return true;
}

/* the double `d` (not negative) as llvm's expressions read a literal: its bits */
static int64_t fp_bits(double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return (int64_t)bits;
}

/* an expression at p, at a place of fp_bits_place, with a floating-point literal in it other
 * than a lone one (mov x0, #1.0 + 1; #(1.0); #2 * 0.5): each literal is the bits of its double;
 * the value an immediate.  *done: it was such an expression (false: no literal in it, read as
 * before); false after an error */
static bool real_expr(Lex *L, A64Operand *o, const char *p, bool *done)
{
    Parser *P = L->P;
    const char *e = operand_end(p, L->e);
    char buf[256];
    int map[256], len = 0;                  /* map: the offset from p of each character of buf */
    bool any = false;
    *done = false;
    for (const char *s = p; s < e;) {
        if (len > (int)sizeof buf - 24) return true;   /* (too long: read as before) */
        if (is_digit(*s) && (s == p || (!is_identc(s[-1]) && s[-1] != '.')) && looks_float(s, e)) {
            double d;
            const char *q2 = parse_float(s, e, &d);
            if (!q2) return true;
            int n = snprintf(buf + len, sizeof buf - (size_t)len, "%lld", (long long)fp_bits(d));
            for (int k = 0; k < n; k++) map[len + k] = (int)(s - p);
            len += n;
            s = q2;
            any = true;
        } else {
            map[len] = (int)(s - p);
            buf[len++] = *s++;
        }
    }
    if (!any) return true;
    *done = true;
    P->memo_off = true;
    AsmErr ae;
    const char *end;
    int64_t v;
    /* (with a symbol, #1.0 + foo, an expression of symbols, the literal's bits its constant:
     * llvm's movz x0, #4607182418800017408+foo) */
    bool sym = false;
    if (!asm_expr(&P->A, buf, buf + len, &end, &v, &ae)) {
        AsmErr se;
        if (!(sym = sym_expr_at(P, buf, buf + len, NULL, o, &end, &se))) {
            ae.at = ae.at && ae.at >= buf && ae.at < buf + len ? p + map[ae.at - buf] : e;
            return a64p_aerr(P, &ae);
        }
    }
    if (!sym) {
        o->kind = A64_OP_IMM;
        o->u.imm.value = v;
    }
    L->p = end < buf + len ? p + map[end - buf] : e;
    return true;
}

static bool parse_imm_after_hash(Lex *L, A64Operand *o)
{
    Parser *P = L->P;
    const char *p = skip_ws(L->p, L->e);
    const char *t = no_value(P, p, L->e);
    if (t) return a64p_perr(P, t, "unknown token in expression");
    if (p < L->e && *p == ':') {
        L->p = p;
        return parse_reloc_sym(L, o);
    }
    AsmNum n;                     /* (llvm's lexer's error in a number: #0x, #09) */
    if (p < L->e && is_digit(*p) && !asm_lex_number(p, L->e, &n)) return a64p_perr(P, n.at, "%s", n.msg);
    if (!float_sign_ok(P, o, p, L->e)) return false;
    if (fp_bits_place(P, o)) {
        /* (a lone literal, #1.0 or #-1.0, is a floating-point immediate to fp_literal_bits) */
        const char *x = p < L->e && *p == '-' ? skip_ws(p + 1, L->e) : p, *y = x, *f;
        double d;
        if (looks_float(x, L->e) && (f = parse_float(x, L->e, &d)) != NULL) y = skip_ws(f, L->e);
        bool lone = y != x && (y >= L->e || *y == ',' || *y == ']' || *y == '}' || *y == '!');
        bool done = false, ok = lone || real_expr(L, o, p, &done);
        if (done || !ok) return ok;
    }
    if (looks_float(p, L->e)) {
        double d;
        const char *q2 = parse_float(p, L->e, &d);
        if (!q2) return a64p_perr(P, p, "malformed floating-point immediate");
        o->kind = A64_OP_FIMM;
        o->u.fimm = d;
        L->p = q2;
        return true;
    }
    int64_t v;
    bool sym = false;
    const char *q2 = parse_value_sym(P, p, L->e, &v, "an immediate", &sym);
    if (sym) {                    /* #(.Lb - .La), #sym@PAGEOFF: an expression of symbols */
        L->p = p;
        return parse_sym_expr(L, NULL, o);
    }
    if (!q2) return false;
    o->kind = A64_OP_IMM;
    o->u.imm.value = v;
    L->p = q2;
    return true;
}

static bool parse_vlist(Lex *L, A64Operand *o)
{
    Parser *P = L->P;
    const char *open = L->p, *p = skip_ws(L->p + 1, L->e);
    int nums[4], shape = 0, count = 0, stride = 1;
    bool range = false, bare0 = false;
    char buf[48];
    for (;;) {
        if (p >= L->e || !is_ident0(*p)) return a64p_perr(P, p, "vector register expected");
        const char *ie = ident_end(p, L->e);
        int num, sh;
        P->bare = false;
        if (!vreg_parts(P, p, ie, &num, &sh)) return false;
        if (P->bare) P->bare_ops |= 1u << (o - P->opbuf);
        if (P->suffix && !P->bare && sh < A64_V_ELEM_B)   /* (llvm takes ld1.s { v0.s }[1]) */
            bad_operand(P, open, o, BAD_TYPED, "an arrangement on '%s' besides the mnemonic's", a64p_q(p, ie, buf, sizeof buf));
        if (sh == A64_V_NONE)
            bad_operand(P, open, o, BAD_VLIST, "vector register '%s' needs an arrangement", a64p_q(p, ie, buf, sizeof buf));
        /* (llvm's words; after add.4s, a bare register's arrangement is "" to its list parser) */
        if (count && (sh != shape || P->bare != bare0)) {
            a64p_perr(P, p, "mismatched register size suffix");
            /* (the last register of the list: llvm's second errors after its '}') */
            const char *c = skip_ws(ie, L->e);
            if (c < L->e && *c == '}') {
                after_errors(P, skip_ws(c + 1, P->le), true);
            }
            return false;
        }
        shape = sh;
        bare0 = P->bare;
        if (range) {
            int first = nums[0], n = (num - first + 32) % 32 + 1;
            if (n > 4) return a64p_perr(P, p, "invalid number of vectors");
            for (int i = 1; i < n; i++) nums[i] = (first + i) % 32;
            count = n;
        } else {
            if (count == 4) return a64p_perr(P, open, "invalid number of vectors");
            /* llvm takes a list of any one stride, {v0.4s, v2.4s}, and refuses it as an operand */
            if (count == 1) stride = (num - nums[0] + 32) % 32;
            if (count > 1 && num != (nums[count - 1] + stride) % 32)
                return a64p_perr(P, p, "registers must have the same sequential stride");
            nums[count++] = num;
        }
        p = skip_ws(ie, L->e);
        if (p < L->e && *p == '}') { p++; break; }
        if (p < L->e && *p == '-' && !range && count == 1) { range = true; p = skip_ws(p + 1, L->e); continue; }
        if (p < L->e && *p == ',' && !range) { p = skip_ws(p + 1, L->e); continue; }
        return a64p_perr(P, p < L->e ? p : skip_ws(p, P->le), "'}' expected");   /* ({ v0[1] }, { v0.4s) */
    }
    if (stride != 1) return report(P, open, "invalid operand for instruction", "vector list registers must be consecutive");
    o->kind = A64_OP_VLIST;
    o->u.vlist.first = (uint8_t)nums[0];
    o->u.vlist.count = (uint8_t)count;
    o->u.vlist.shape = (uint8_t)shape;
    o->u.vlist.index = -1;
    const char *lb = skip_ws(p, L->e);   /* (llvm takes {v0.s} [1]) */
    bool lane = lb < L->e && *lb == '[';
    if (lane && (P->bare_ops >> (o - P->opbuf) & 1) && shape < A64_V_ELEM_B && P->suffix >= A64_V_ELEM_B)
        o->u.vlist.shape = (uint8_t)(shape = elem_of(shape));   /* Apple: st1.s { v0 }[1] */
    if (lane && shape < A64_V_ELEM_B && shape != A64_V_NONE) {   /* (ld1.4s { v0 }[1] too) */
        int8_t idx;
        if (!(p = parse_index(P, lb, L->e, &idx, true))) return false;
        bad_operand(P, open, o, BAD_LANE, "an element index on the list '%s', of an arrangement", a64p_q(open, lb, buf, sizeof buf));
        if (P->bad.at == open) P->bad.next = lb;
        L->p = p;
        return true;
    }
    if (lane && !(p = parse_index(P, lb, L->e, &o->u.vlist.index, true))) return false;
    if (!lane && shape >= A64_V_ELEM_B)
        bad_operand(P, open, o, BAD_VREG, "expected an element index after '%s'", a64p_q(open, p, buf, sizeof buf));
    L->p = p;
    return true;
}

/* [base, t]: an offset that is an expression of symbols (t from parse_sym_expr or a bare
 * symbol); offset keeps the constant added to the symbol (within 32 bits) */
static void mem_sym(A64Operand *o, const A64Operand *t)
{
    if (t->kind == A64_OP_LABEL) {
        o->u.mem.sym = t->u.label.text ? t->u.label.text : t->u.label.sym;
        o->u.mem.offset = (int32_t)(t->u.label.dot_offset < INT32_MIN ? INT32_MIN : t->u.label.dot_offset > INT32_MAX ? INT32_MAX : t->u.label.dot_offset);
        return;
    }
    int64_t v = t->u.imm.value;
    o->u.mem.sym = t->u.imm.sym;
    o->u.mem.reloc = t->u.imm.reloc;
    o->u.mem.complex = t->u.imm.complex;
    o->u.mem.offset = (int32_t)(v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v);
}

/* the amount of a shift or extend at p (its '#', a constant expression): llvm's words where
 * it is none; NULL after an error */
static const char *shift_amount(Parser *P, const char *p, const char *e, int64_t *v)
{
    if (p < e && *p == '#') p = skip_ws(p + 1, e);
    if (p >= e) p = skip_ws(p, P->le);
    if (!(p < e && (is_digit(*p) || *p == '(' || is_ident0(*p)))) {   /* a number, '(' or a name */
        a64p_perr(P, p, "expected integer shift amount");
        return NULL;
    }
    bool sym = false;
    const char *q2 = parse_value_sym(P, p, e, v, "a shift amount", &sym);
    if (sym) a64p_perr(P, p, "expected constant '#imm' after shift specifier");
    else if (q2 && (*v < 0 || *v > 255)) a64p_perr(P, p, "shift amount out of range");
    else return q2;
    return NULL;
}

/* the amount of shift or extend sh whose words end at p, as llvm reads it: a number (its '#'
 * optional; *given), else none (an extend's #0; after a shift llvm's words); NULL after an error */
static const char *shift_spec(Parser *P, const char *p, const char *e, int sh, int64_t *v, bool *given)
{
    *v = 0;
    *given = p < e && (*p == '#' || is_digit(*p) || *p == '(');
    if (*given) return shift_amount(P, p, e, v);
    if (sh < A64_SH_UXTB) a64p_perr(P, p, "expected #imm after shift specifier");
    return sh < A64_SH_UXTB ? NULL : p;
}

/* The operands llvm reads in an address after its offset or index (ldr x0, [x0, #1, lsl #0];
 * [x0, x1, lsl #3, x2]; [x0, #1, mul vl]), p at the ',' before them: each as its parser reads
 * one -- a shift or extend after a number or a register (`shift`), `mul vl` or `mul #N`, a
 * register, else an expression (lsl after a shift or a name: an expression, its '#' then
 * unexpected) -- with its words where one is none; P->extra the first of them (no row takes
 * any: its matcher refuses it, a64p_finish_inst).  The ']' or the end after them; NULL after an
 * error (found with llvm-mca-19 -mcpu=apple-m1, tools/lines-llvm.sh) */
static const char *extra_operands(Lex *L, const char *p, bool shift, bool slot)
{
    Parser *P = L->P;
    while (p < L->e && *p == ',') {
        p = skip_ws(p + 1, L->e);
        if (p >= L->e || *p == ',' || *p == ']') { no_operand(P, no_value(P, p, L->e)); return NULL; }
        if (!P->extra && !slot) P->extra = p;
        slot = false;
        const char *ie = is_ident0(*p) ? ident_end(p, L->e) : p, *mv = skip_ws(ie, L->e);
        int sh = ie > p ? a64_shift_lookup(p, (size_t)(ie - p)) : A64_SH_NONE;
        Reg r = ie > p ? reg_at(P, p, (size_t)(ie - p)) : (Reg){0};
        bool mul = a64p_ieq(p, (size_t)(ie - p), "mul") && mv < L->e &&
                   (*mv == '#' || a64p_ieq(mv, (size_t)(ident_end(mv, L->e) - mv), "vl"));
        bool more = false;
        if (sh != A64_SH_NONE && shift) {
            int64_t v;
            bool given;
            if (!(p = shift_spec(P, mv, L->e, sh, &v, &given))) return NULL;
        } else if (mul && *mv != '#') p = ident_end(mv, L->e);
        else if (!mul && r.kind != RK_NONE && r.kind != RK_BAD) p = ie, more = true;
        else {
            A64Operand t = {0};
            Lex L2 = {P, mul ? mv + 1 : *p == '#' ? p + 1 : p, L->e};
            if (!parse_imm_after_hash(&L2, &t)) return NULL;
            more = !mul && !is_ident0(*p);
            p = L2.p;
        }
        shift = more;
        p = skip_ws(p, L->e);
        if (p < L->e && *p != ',' && *p != ']') { a64p_perr(P, p, "unexpected token in argument list"); return NULL; }
    }
    return p;
}

static bool parse_mem(Lex *L, A64Operand *o)
{
    Parser *P = L->P;
    const char *open = L->p, *p = skip_ws(L->p + 1, L->e);
    char buf[48];
    o->kind = A64_OP_MEM;
    o->u.mem.mode = A64_AM_OFFSET;
    if (p >= L->e || *p == ',' || *p == ']') return no_operand(P, no_value(P, p, L->e));   /* ([ ]) */
    const char *ie = ident_end(p, L->e);
    Reg b = reg_at(P, p, (size_t)(ie - p));
    /* a register to llvm's parser of the base of a zero-offset address ([x0, #0] of ldxr, ldar,
     * stlr ...: tryParseGPR64sp0Operand): any of its scalar registers, w0 and q0 too */
    bool sp0 = (b.kind == RK_GPR || b.kind == RK_VSCALAR) && P->env.mnem && a64_sp0_rows(P->env.mnem);
    bool shiftable = b.kind != RK_NONE && b.kind != RK_BAD;   /* (a register: see below) */
    if (b.kind != RK_GPR || !b.is64 || (b.num == 31 && !b.is_sp)) {
        /* llvm reads any register or expression there (x31, w0, v0, foo+4, #1) and its matcher
         * refuses it (see finish_inst); what follows is read first, its errors come first */
        if (b.kind == RK_NONE || b.kind == RK_BAD) {   /* (an expression: x32+4 too) */
            A64Operand t = {0};
            Lex L2 = {P, *p == '#' ? p + 1 : p, L->e};
            const char *d = p;
            while (d < L->e && is_digit(*d)) d++;
            if (d > p && d < L->e && strchr("bfBF", *d) && !(d + 1 < L->e && is_identc(d[1]))) L2.p = d + 1;   /* (1f) */
            else if (*p == '.' && !(p + 1 < L->e && is_identc(p[1]))) { if (!parse_sym_expr(&L2, NULL, &t)) return false; }   /* (.) */
            else if (!parse_imm_after_hash(&L2, &t)) return false;
            ie = L2.p;
            /* (llvm reads a shift or extend after one that does not start with a name: [#8, lsl]) */
            shiftable = !is_ident0(*p);
        }
        bad_operand(P, p, o, BAD_BASE, "invalid base register '%s'", a64p_q(p, rtrim(p, ie), buf, sizeof buf));
        b.num = 31;                /* (sp in its place, for the matcher to look further) */
    }
    o->u.mem.base = (uint8_t)b.num;
    p = skip_ws(ie, L->e);
    bool shift_next = false;       /* (a shift after the offset: its own operand to llvm, extra_operands) */
    if (sp0 && p < L->e && *p == ',') {
        /* after it, a ',' and an integer (its '#' optional) of value 0, else llvm's words at
         * what stands there instead, or after the value */
        const char *t = skip_ws(p + 1, L->e);
        if (t < L->e && *t == '#') t = skip_ws(t + 1, L->e);
        if (!(t < L->e && is_digit(*t))) return a64p_perr(P, t < L->e ? t : skip_ws(t, P->le), "index must be absent or #0");
        int64_t v;
        bool sym = false;
        const char *q2 = parse_value_sym(P, t, L->e, &v, "an offset", &sym);
        if (sym) {                 /* (an expression of symbols: 0+foo) */
            A64Operand t2 = {0};
            Lex L2 = {P, t, L->e};
            if (!parse_sym_expr(&L2, NULL, &t2)) return false;
            q2 = L2.p;
            v = 1;
        }
        if (!q2) return false;
        if (v) return a64p_perr(P, q2 < L->e ? skip_ws(q2, L->e) : skip_ws(q2, P->le), "index must be absent or #0");
        o->u.mem.has_offset = true;
        p = skip_ws(q2, L->e);
        shift_next = true;
    } else if (p < L->e && *p == ',') {
        p = skip_ws(p + 1, L->e);
        const AsmSym *y = NULL;   /* [x0, OFF] with .set OFF: an offset (checked after the registers) */
        if (p < L->e && is_ident0(*p) && P->A.nsyms && a64p_reg_lookup(p, (size_t)(ident_end(p, L->e) - p)).kind == RK_NONE)
            y = asm_sym_find(&P->A, p, (size_t)(ident_end(p, L->e) - p));
        if (p < L->e && (*p == '#' || *p == '-' || *p == '+' || is_digit(*p) || *p == ':' || *p == '(' || *p == '~' || y)) {
            A64Operand t = {0};
            Lex L2 = {P, *p == '#' ? p + 1 : p, L->e};
            if (!parse_imm_after_hash(&L2, &t)) return false;
            if (t.kind == A64_OP_FIMM) return a64p_perr(P, p, "expected an integer offset");
            if (t.kind == A64_OP_IMM && !t.u.imm.sym) {
                if (t.u.imm.value < -(1 << 24) || t.u.imm.value > (1 << 24)) return a64p_perr(P, p, "offset out of range");
                o->u.mem.offset = (int32_t)t.u.imm.value;
            } else mem_sym(o, &t);
            o->u.mem.has_offset = true;
            shift_next = !is_ident0(*p);
            p = skip_ws(L2.p, L->e);
        } else if (p < L->e && is_ident0(*p)) {
            ie = ident_end(p, L->e);
            Reg x = reg_at(P, p, (size_t)(ie - p));
            int sh = a64_shift_lookup(p, (size_t)(ie - p));
            /* (after a register llvm reads a shift, not after an expression that starts with a name) */
            if (sh != A64_SH_NONE && shiftable) {
                /* [x0, lsl #3]: llvm reads a shift or extend there; its matcher refuses it as an
                 * offset, as it refuses a symbol ([x0, foo]; [foo, lsl] is one) */
                int64_t v;
                bool given;
                const char *q2 = shift_spec(P, skip_ws(ie, L->e), L->e, sh, &v, &given);
                if (!q2) return false;
                o->u.mem.sym = arena_strndup(&P->prog->arena, p, (size_t)(ie - p));
                o->u.mem.has_offset = true;
                p = skip_ws(q2, L->e);
                if (p < L->e && *p == ',') {   /* ([x1, lsl #3, x2]: operands after it, refused after it) */
                    const char *c = memchr(p, ']', (size_t)(L->e - p));
                    p = c ? c : L->e;
                }
            } else if (x.kind == RK_GPR) {
                if (x.is_sp) return a64p_perr(P, p, "invalid index register '%s'", a64p_q(p, ie, buf, sizeof buf));
                o->u.mem.has_index = true;
                o->u.mem.index = (uint8_t)x.num;
                o->u.mem.index64 = x.is64;
                p = skip_ws(ie, L->e);
                shift_next = true;
                if (p < L->e && *p == ',') {
                    const char *comma = p;
                    p = skip_ws(p + 1, L->e);
                    const char *ke = ident_end(p, L->e);
                    int sh = a64_shift_lookup(p, (size_t)(ke - p));
                    /* (a shift too, as llvm reads one there: the rows refuse asr, ror, lsr and
                     * msl as the extends they do not take, in their words) */
                    if (sh == A64_SH_NONE) {
                        /* another operand to llvm ([x0, x1, x2], [x0, x1, #2], [x0, x1, foo]), in
                         * the extend's place: its rows refuse it as they refuse asr there; the
                         * operands after it are extra */
                        o->u.mem.ext = A64_SH_ASR;
                        o->u.mem.ext_explicit = true;
                        if (!(p = extra_operands(L, comma, true, true))) return false;
                        shift_next = false;
                        if (p >= L->e) {
                            P->unclosed = open;
                            L->p = p;
                            return true;
                        }
                        goto closed;
                    }
                    o->u.mem.ext = (uint8_t)sh;
                    int64_t v;
                    bool given;
                    const char *q2 = shift_spec(P, skip_ws(ke, L->e), L->e, sh, &v, &given);
                    if (!q2) return false;
                    o->u.mem.ext_amount = (uint8_t)v;
                    o->u.mem.ext_explicit = given;
                    p = skip_ws(q2, L->e);
                    shift_next = false;
                }
            } else if (x.kind == RK_NONE || x.kind == RK_BAD) {   /* (x32: a symbol, as llvm reads it) */
                A64Operand t = {0};
                Lex L2 = {P, p, L->e};
                if (!parse_symbol(&L2, &t)) return false;
                if (t.kind == A64_OP_IMM && !t.u.imm.sym) o->u.mem.offset = (int32_t)t.u.imm.value;   /* (a constant) */
                else mem_sym(o, &t);
                o->u.mem.has_offset = true;
                p = skip_ws(L2.p, L->e);
            } else return a64p_perr(P, p, "invalid index register '%s'", a64p_q(p, ie, buf, sizeof buf));
        } else if (p >= L->e || *p == ',' || *p == ']') return no_operand(P, no_value(P, p, L->e));
        else return a64p_perr(P, p, "expected an offset or an index register");
    }
    if (p >= L->e) {               /* (llvm: its ']' is an operand of its own, missing: see finish_inst) */
        P->unclosed = open;
        L->p = p;
        return true;
    }
    /* (llvm: after an operand, a ']', '!', '}' or ',', else the end of the statement) */
closed:
    if (*p == '@' && o->u.mem.has_offset && !o->u.mem.sym) return a64p_variant_refused(P, p, L->e);   /* ([x0, #1@pageoff]) */
    if (*p == ',' && (o->u.mem.has_offset || o->u.mem.has_index)) {
        if (!(p = extra_operands(L, p, shift_next, false))) return false;
        if (p >= L->e) {
            P->unclosed = open;
            L->p = p;
            return true;
        }
    }
    if (*p != ']' && *p != '!' && *p != '}') return a64p_perr(P, p, "unexpected token in argument list");
    if (*p != ']') return a64p_perr(P, open, "unbalanced '[' in memory operand");
    p++;
    if (skip_ws(p, L->e) < L->e && *skip_ws(p, L->e) == '!') {   /* (llvm's '!' a token: blanks before it too) */
        p = skip_ws(p, L->e);
        /* [base]! is a pre-index of #0 (ldraa/ldrab take it; the other rows refuse it) */
        /* ([x1, x2]!: no row takes it; llvm refuses the address or the '!': pre_index_cut) */
        o->u.mem.mode = A64_AM_PRE;
        p++;
    }
    L->p = p;
    return true;
}

/* the places an operand takes in llvm's list of operands (src/a64/claims.tsv): one, two for a
 * vector and its arrangement, three with a lane, an address its '[', base, offset, ']' ... and
 * a shift or extend one more */
static int llvm_places(const A64Operand *o)
{
    int n = 1;
    if (o->kind == A64_OP_VREG && o->u.vreg.shape > A64_V_Q) n = o->u.vreg.index >= 0 ? 3 : 2;
    else if (o->kind == A64_OP_VLIST) n = o->u.vlist.index >= 0 ? 2 : 1;
    else if (o->kind == A64_OP_MEM)
        n = 3 + (o->u.mem.has_offset || o->u.mem.has_index) + (o->u.mem.has_index && o->u.mem.ext != A64_SH_NONE) +
            (o->u.mem.mode == A64_AM_PRE);
    return n + (o->shift != A64_SH_NONE);
}

/* the place of operand o (the next one read) in llvm's list */
static int llvm_place(const Parser *P, const A64Operand *o)
{
    int place = 0;
    for (const A64Operand *x = P->opbuf; x < o; x++) place += llvm_places(x);
    return place;
}

/* the place of operand o in llvm's list for a floating-point immediate: in Apple's syntax the
 * suffix is the first (fmov.2d v5, #1.5: the '#' at 2) and a vector written without its
 * arrangement one (its lane another), one written with it two (fmov.2d v5.2d, #1.5: at 3) */
static int fimm_place(const Parser *P, const A64Operand *o)
{
    if (!P->suffix) return llvm_place(P, o);
    int place = 1;
    for (const A64Operand *x = P->opbuf; x < o; x++)
        place += (P->bare_ops >> (x - P->opbuf) & 1) && x->kind == A64_OP_VREG ? 1 + (x->u.vreg.index >= 0) : llvm_places(x);
    return place;
}

/* whether [s, e) names an SME tile, tile slice or array vector (za0.s, za1h.d, za3v.s, za.d
 * ...), as llvm reads them: a tile number below the tiles of the element size (za1.b, za4.s
 * are symbols) */
bool a64_za_tile(const char *s, const char *e)
{
    if (e - s < 4 || ascii_lower(s[0]) != 'z' || ascii_lower(s[1]) != 'a') return false;
    const char *x = s + 2;
    int num = 0, digits = 0;
    for (; x < e && is_digit(*x) && digits < 3; x++, digits++) num = num * 10 + (*x - '0');
    if (digits > 1 && s[2] == '0') return false;
    if (digits && x < e && (ascii_lower(*x) == 'h' || ascii_lower(*x) == 'v')) x++;
    if (e - x != 2 || *x != '.') return false;
    for (int k = 0; k < a64_za_tiles_count; k++)   /* the tiles of the element size (za_tiles.tsv) */
        if (a64_za_tiles[k].size[0] == ascii_lower(x[1]) && !a64_za_tiles[k].size[1])
            return !digits || num < a64_za_tiles[k].tiles;
    return false;
}

/* whether llvm reads a name of class cls as a register at place `place` of mnemonic m's
 * operands (src/a64/claims.tsv; -1: at some place) */
static bool sve_claimed(const char *m, const char *cls, int place)
{
    int lo = 0, hi = a64_claims_count;   /* the rows are sorted by mnemonic (gen-table -s) */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (strcmp(a64_claims[mid].mnem, m) < 0) lo = mid + 1;
        else hi = mid;
    }
    for (int k = lo; k < a64_claims_count && !strcmp(a64_claims[k].mnem, m); k++) {
        const A64Claim *c = &a64_claims[k];
        if (strcmp(c->cls, cls)) continue;
        for (const char *x = c->places; *x; x += *x != 0) {   /* "0,1,4" */
            if (place < 0 || atoi(x) == place) return true;
            x += strcspn(x, ",");
        }
    }
    return false;
}

/* symbol operand o is spelled like a register out of range (x32, w99): regname_warn says so
 * where the instruction is taken, each time (no memo) */
static void mark_regname(Parser *P, A64Operand *o)
{
    if (o->kind != A64_OP_LABEL) return;
    o->u.label.regname = true;
    P->memo_off = true;
}

/* where a floating-point immediate at its '#' h lacks its number (llvm reads a number after
 * the '#' and a '-', nothing else: #sym, #(1+2), #), NULL when it has one */
static const char *fimm_missing(const Parser *P, const char *h)
{
    const char *t = skip_ws(h + 1, P->le);
    if (t < P->le && *t == '-') t = skip_ws(t + 1, P->le);
    return t < P->le && (is_digit(*t) || (*t == '.' && t + 1 < P->le && is_digit(t[1]))) ? NULL : t;
}

/* `ke`: the end of the identifier at L->p when the caller already has it, else NULL */
static bool parse_operand(Lex *L, A64Operand *o, const char *ke)
{
    Parser *P = L->P;
    const char *p = L->p, *e = L->e;
    char buf[48];
    o->col = (int)(p - P->ls) + 1;
    switch (*p) {
    case '{': {
        /* (a list of z registers where a form of the mnemonic has one, claims.tsv, zlist: llvm's
         * parser of SVE's lists reads it, its matcher refuses it, add x0, {z3.s-z4.s}, x1 at the
         * '{'; elsewhere its parser of Neon's lists, "vector register expected") */
        const char *z = skip_ws(p + 1, e), *ze = z, *c = memchr(p, '}', (size_t)(e - p));
        while (ze < e && is_identc(*ze) && *ze != '.') ze++;
        const char *cls = ze > z ? a64_reg_class(z, (size_t)(ze - z), true) : NULL;
        if (c && cls && !strcmp(cls, "z") && sve_claimed(P->mname, "zlist", llvm_place(P, o))) {
            o->kind = A64_OP_XREG;
            o->u.named = arena_strndup(&P->prog->arena, p, (size_t)(c + 1 - p));
            L->p = c + 1;
            return true;
        }
        return parse_vlist(L, o);
    }
    case '[': return parse_mem(L, o);
    case '#': {
        if (!float_sign_ok(P, o, p + 1, e)) return false;
        int place = fimm_place(P, o);
        if (sve_claimed(P->mname, "fimm", place)) {   /* (fdup too: uarch has no rows of it) */
            const char *t = fimm_missing(P, p);   /* (a form of the mnemonic takes one there) */
            if (t) return a64p_perr(P, t, "invalid floating point immediate");
        } else if (!sve_claimed(P->mname, "real", place)) {
            /* where no form has an operand parser that reads a floating-point literal
             * (claims.tsv, real: fmov.2d v5.2d, #1.5; fadd v0.4s, v1.4s, #1.5; facle d0, d1,
             * #0.0; movi v0.2d, #0.0): llvm's generic operand parser refuses one, at the number
             * (after the '-') */
            const char *t = skip_ws(p + 1, e);
            if (t < e && *t == '-') t = skip_ws(t + 1, e);
            if (t < e && is_digit(*t) && looks_float(t, e)) return a64p_perr(P, t, "unexpected floating point literal");
        }
        L->p = p + 1;
        return parse_imm_after_hash(L, o);
    }
    case ':': return parse_reloc_sym(L, o);
    case '=': {
        p = skip_ws(p + 1, e);
        const char *q2 = p;
        while (q2 < e && *q2 != ',' && !is_ws(*q2)) q2++;
        if (q2 == p) return a64p_perr(P, p, "expected a literal after '='");
        const char *at = memchr(p, '@', (size_t)(q2 - p)), *ve;
        int64_t lv;
        AsmErr ae;
        if (at && asm_expr(&P->A, p, q2, &ve, &lv, &ae) && ve == at) return a64p_variant_refused(P, at, e);   /* (=1@page) */
        o->kind = A64_OP_LABEL;
        o->u.label.sym = arena_strndup(&P->prog->arena, p, (size_t)(q2 - p));
        o->u.label.numeric = -1;
        L->p = q2;
        return true;
    }
    case ']': return a64p_perr(P, p, "unbalanced ']'");
    case '}': return a64p_perr(P, p, "unbalanced '}'");
    case '(': case '~': return parse_imm_after_hash(L, o);
    case '"':                     /* a quoted symbol name (COFF: "??_C@_06...@") */
        return parse_sym_expr(L, NULL, o);
    default: break;
    }
    if (*p == '.' && (p + 1 >= e || !is_identc(p[1])))   /* '.', the location: .+8 */
        return parse_sym_expr(L, NULL, o);
    if (is_digit(*p) || *p == '-' || *p == '+') {
        /* numeric label reference 1b / 1f */
        const char *d = p;
        while (d < e && is_digit(*d)) d++;
        if (d > p && d < e && (*d == 'b' || *d == 'f' || *d == 'B' || *d == 'F') && (d + 1 >= e || !is_identc(d[1]))) {
            long n = 0;
            for (const char *c = p; c < d; c++) { n = n * 10 + (*c - '0'); if (n > 1000000000L) return a64p_perr(P, p, "numeric label too large"); }
            P->memo_off = true;    /* 1b must be defined before, 1f is resolved later */
            o->kind = A64_OP_LABEL;
            o->u.label.numeric = (int)n;
            o->u.label.dir = ascii_lower(*d);
            /* llvm's temporary symbol, by which llvm-mca prints it (.Ltmp3); none for a `b` of
             * 0s and 1s, which llvm-mca 19 reads as a binary number (`1b` is 1) */
            bool binary = o->u.label.dir == 'b';
            for (const char *c = p; c < d && binary; c++) binary = *c == '0' || *c == '1';
            int tmp = -1;
            if (o->u.label.dir == 'b') {
                int slot = num_slot(P, n);
                if ((slot < 0 || !P->numl[slot].defined) && binary)   /* (llvm-mca: the number, an offset) */
                    return parse_imm_after_hash(L, o);
                if (slot < 0 || !P->numl[slot].defined) return a64p_perr(P, p, "directional label undefined");
                P->num_target = P->numl[slot].off;
                if (!binary) tmp = P->numl[slot].tmp;
            } else {
                int slot = num_get(P, n);   /* (it may move the table) */
                NumLab *l = &P->numl[slot];
                if (l->next < 0) l->next = P->ntmp++;
                tmp = l->next;
            }
            L->p = d + 1;
            if (!numeric_addend(L, o, p, tmp)) return false;
            if (o->kind != A64_OP_LABEL) {   /* (an expression of other symbols too) */
                P->num_target = -1;
                return true;
            }
            if (o->u.label.dir == 'b' && P->num_target >= 0) {
                int64_t t = (int64_t)(uint32_t)P->num_target + o->u.label.dot_offset;
                P->num_target = t >= 0 && t <= UINT32_MAX ? (P->num_target & ~(int64_t)UINT32_MAX) | t : -1;
            }
            if (o->u.label.dir == 'f') pend_add(P, n, o->col, P->prog->ninsts, o->u.label.dot_offset);
            return true;
        }
        return parse_imm_after_hash(L, o);
    }
    if (lex_invalid(*p)) return a64p_perr(P, p, "invalid operand");   /* (llvm's, for its lexer's error token) */
    /* ('$' alone is no name to llvm's lexer; @page a symbol of no name with its variant) */
    if (*p == '$' && (p + 1 >= e || !asm_name_char(p[1]))) {   /* (then its operand parser's words, not adr's) */
        a64p_perr(P, p, "invalid token in expression");
        if (!(P->env.mnem && (P->env.mnem->sym_ops >> (o - P->opbuf) & 1)))
            diag_add(P->err, NULL, P->file, P->line, (int)(p - P->ls) + 1, P->ls, "invalid operand");
        return false;
    }
    if (*p == '@' && p + 1 < e && asm_name_char(p[1])) return parse_sym_expr(L, NULL, o);
    if (!is_ident0(*p)) return a64p_perr(P, p, "unknown token in expression");   /* (llvm's parseExpression, where no operand starts) */
    if (P->env.mnem && (P->env.mnem->sym_ops >> (o - P->opbuf) & 1)) {
        /* adrp x8, fp: an expression, fp a symbol (as llvm-mc reads it); adr x0, w99 too */
        const char *se = ident_end(p, e);
        bool bad = reg_at(P, p, (size_t)(se - p)).kind == RK_BAD;
        if (!parse_symbol(L, o)) return false;
        if (bad && L->p == se) mark_regname(P, o);
        return true;
    }
    const char *ie = ke ? ke : ident_end(p, e);
    const char *dot = find_dot(p, ie);
    /* zt0; z1, p1, pn8, za, and z1.d, p1.s, za0h.s ... where a form of the mnemonic takes one */
    const char *cls = !dot ? a64_reg_class(p, (size_t)(ie - p), true) : a64_za_tile(p, ie) ? "za" : a64_reg_class(p, (size_t)(dot - p), true);
    if (cls && dot && !strcmp(cls, "zt")) cls = NULL;
    if (cls) {
        bool zt0 = !strcmp(cls, "zt");
        if (!zt0 && !(P->env.mnem && sve_claimed(P->env.mnem->name, cls, llvm_place(P, o)))) return parse_symbol(L, o);
        if (dot && strcmp(cls, "za") && !(ie - dot == 2 && strchr("bhsdq", ascii_lower(dot[1]))))
            return a64p_perr(P, p, "invalid vector kind qualifier");
        if (!dot && !strcmp(cls, "z"))   /* llvm eats it, finds no element size, fails on what follows */
            return no_operand(P, skip_ws(ie, P->le));
        o->kind = A64_OP_XREG;
        o->u.named = arena_strndup(&P->prog->arena, p, (size_t)(ie - p));
        if ((dot || !strcmp(cls, "za")) && ie < e && *ie == '[') {   /* za0h.s[w12, 0], z1.d[1]: to the ']' */
            const char *c = memchr(ie, ']', (size_t)(e - ie));
            c = c ? c + 1 : e;
            const char *h = operands_hash_without_value(P, ie, c);
            if (h) return a64p_perr(P, h, "unknown token in expression");
            ie = c;
        }
        if (!dot && cls[0] == 'p') {   /* p2/m, pn8/z: llvm's predicate parser reads the '/' and the letter */
            const char *sl = skip_ws(ie, e);
            if (sl < e && *sl == '/') {
                const char *w = skip_ws(sl + 1, e), *we = w < e && is_ident0(*w) ? ident_end(w, e) : w;
                bool pn = cls[1] == 'n';
                if (we - w != 1 || !(ascii_lower(*w) == 'z' || (!pn && ascii_lower(*w) == 'm')))
                    return a64p_perr(P, w, pn ? "expecting 'z' predication" : "expecting 'm' or 'z' predication");
                ie = we;
            }
        }
        L->p = ie;
        return true;
    }
    Reg r = reg_at(P, p, (size_t)((dot && dot != p ? dot : ie) - p));
    /* x32, v32.16b, and a general or scalar register with a suffix (d28.4s, x0.b): a symbol, as
     * llvm reads them (mov x0, x1.4s is movz x0, #x1.4s; mov d28.4s, s7 refused at the d28.4s) */
    if (r.kind == RK_BAD || ((r.kind == RK_GPR || r.kind == RK_VSCALAR) && dot && dot != p)) {
        if (!parse_symbol(L, o)) return false;
        mark_regname(P, o);
        return true;
    }
    if (r.kind == RK_GPR || r.kind == RK_VSCALAR) {
        if (r.kind == RK_GPR) {
            o->kind = A64_OP_GPR;
            o->u.gpr.num = (uint8_t)r.num;
            o->u.gpr.is64 = r.is64;
            o->u.gpr.is_sp = r.is_sp;
        } else {
            o->kind = A64_OP_VREG;
            o->u.vreg.num = (uint8_t)r.num;
            o->u.vreg.shape = (uint8_t)r.shape;
            o->u.vreg.index = -1;
        }
        L->p = ie;
        return true;
    }
    if (r.kind == RK_V) {
        int num, sh;
        P->bare = false;
        if (!dot && !P->apple && ie < e && *ie == '[' && o > P->opbuf && o[-1].kind == A64_OP_VREG &&
            o[-1].u.vreg.shape >= A64_V_B && o[-1].u.vreg.shape <= A64_V_D) {
            /* Apple: mov d1, v1[1] -- the element of the scalar beside it */
            static const uint8_t el[] = {0, A64_V_ELEM_B, A64_V_ELEM_H, A64_V_ELEM_S, A64_V_ELEM_D};
            P->apple = el[o[-1].u.vreg.shape];
            bool okp = vreg_parts(P, p, ie, &num, &sh);
            P->apple = 0;
            if (!okp) return false;
        } else if (!vreg_parts(P, p, ie, &num, &sh)) return false;
        if (P->suffix && dot)
            bad_operand(P, p, o, BAD_TYPED, "an arrangement on '%s' besides the mnemonic's", a64p_q(p, ie, buf, sizeof buf));
        if (sh == A64_V_NONE) {
            bad_operand(P, p, o, BAD_VREG, "vector register '%s' needs an arrangement", a64p_q(p, ie, buf, sizeof buf));
            o->kind = A64_OP_VREG;
            o->u.vreg.num = (uint8_t)num;
            o->u.vreg.shape = A64_V_NONE;
            o->u.vreg.index = -1;
            if (ie < e && *ie == '[') {   /* v1[1]: the '[' is llvm's next operand */
                if (P->bad.at == p) P->bad.next = ie;
                if (!(ie = parse_index(P, ie, e, &o->u.vreg.index, false))) return false;
            }
            L->p = ie;
            return true;
        }
        const char *lb = skip_ws(ie, e);   /* (llvm takes v1.s [1]) */
        if (P->bare) {             /* Apple: v1[2] is an element of the mnemonic's arrangement */
            P->bare_ops |= 1u << (o - P->opbuf);
            if (lb < e && *lb == '[' && sh < A64_V_ELEM_B) sh = elem_of(sh);
        }
        o->kind = A64_OP_VREG;
        o->u.vreg.num = (uint8_t)num;
        o->u.vreg.shape = (uint8_t)sh;
        o->u.vreg.index = -1;
        if (sh >= A64_V_ELEM_B && (lb >= e || *lb != '['))
            bad_operand(P, p, o, BAD_VREG, "expected an element index after '%s'", a64p_q(p, ie, buf, sizeof buf));
        else if (sh >= A64_V_ELEM_B) {
            ie = parse_index(P, lb, e, &o->u.vreg.index, false);
            if (!ie) return false;
        } else if (ie < e && *ie == '[' && sh != A64_V_4B && sh != A64_V_2H) {
            int8_t idx;
            const char *lane = ie;
            if (!(ie = parse_index(P, ie, e, &idx, false))) return false;
            bad_operand(P, p, o, BAD_LANE, "an element index on '%s', a vector with an arrangement", a64p_q(p, lane, buf, sizeof buf));
            if (P->bad.at == p) P->bad.next = lane;
        } else if (ie < e && *ie == '[') {
            ie = parse_index(P, ie, e, &o->u.vreg.index, false);   /* dot-product group v2.4b[1] */
            if (!ie) return false;
        }
        L->p = ie;
        return true;
    }
    if (P->A.nsyms) {              /* a .set/.equ constant written without '#' */
        const AsmSym *y = asm_sym_find(&P->A, p, (size_t)(ie - p));
        if (y && y->known) return parse_imm_after_hash(L, o);
    }
    return parse_symbol(L, o);
}

/* shift/extend after a register or immediate: "lsl #3", "sxtw", "uxtw #2", "lsl 16" */
static bool parse_modifier(Lex *L, A64Operand *prev, int sh, const char *ke)
{
    Parser *P = L->P;
    const char *kw = L->p;
    char buf[48];
    if (prev->shift != A64_SH_NONE) return a64p_perr(P, kw, "unexpected token in argument list");
    const char *p = skip_ws(ke, L->e);
    /* (add w0, w1, #1.5, lsl #12: that parser reads the shift after a floating-point literal too,
     * and the matcher refuses the literal) */
    bool shifted = P->env.mnem && a64_takes_shifted_imm(P->env.mnem, (int)(prev - P->opbuf));
    if (prev->kind == A64_OP_VREG) {
        /* (read apart, as llvm does, and refused by bad_ok: fmov s0, s1, lsl #2 at the lsl) */
        bad_operand(P, kw, prev, BAD_SHIFT, "'%s' after a register that takes none", a64p_q(kw, ke, buf, sizeof buf));
        int64_t v;
        bool given;
        const char *q2 = shift_spec(P, p, L->e, sh, &v, &given);
        if (!q2) return false;
        L->p = q2;
        return true;
    }
    if (!(prev->kind == A64_OP_GPR || prev->kind == A64_OP_IMM || prev->kind == A64_OP_LABEL || prev->kind == A64_OP_XREG ||
          (prev->kind == A64_OP_FIMM && shifted)))
        return a64p_perr(P, kw, "'%s' cannot modify this operand", a64p_q(kw, ke, buf, sizeof buf));
    if ((prev->kind == A64_OP_IMM || prev->kind == A64_OP_LABEL || prev->kind == A64_OP_FIMM) && shifted) {
        /* add x0, x1, #1, lsl #12: llvm's parser of an immediate with an optional shift
         * takes `lsl`, a '#' and a number, nothing else (no expression) */
        const char *t = p;
        if (sh == A64_SH_LSL && t < L->e && *t == '#') t = skip_ws(t + 1, L->e);
        if (t >= L->e) t = skip_ws(t, P->le);
        int64_t v;
        bool ovf;
        const char *q2 = sh == A64_SH_LSL && t < L->e && is_digit(*t) ? a64_parse_int(t, L->e, &v, &ovf) : NULL;
        if (!q2) return a64p_perr(P, sh == A64_SH_LSL ? t : kw, "only 'lsl #+N' valid after immediate");
        prev->shift = (uint8_t)sh;
        prev->shift_amount = (uint8_t)(ovf || v > 255 ? 255 : v);   /* (refused by the matcher) */
        prev->shift_explicit = true;
        L->p = q2;
        return true;
    }
    prev->shift = (uint8_t)sh;
    int64_t v;
    bool given;
    const char *q2 = shift_spec(P, p, L->e, sh, &v, &given);
    if (!q2) return false;
    prev->shift_amount = (uint8_t)v;
    prev->shift_explicit = given;
    L->p = q2;
    return true;
}

static bool parse_operands(Parser *P, const char *s, const char *e, A64Inst *in)
{
    Lex L = {P, skip_ws(s, e), e};
    if (L.p >= e) return true;
    for (;;) {
        L.p = skip_ws(L.p, e);
        if (L.p >= e || *L.p == ',') return no_operand(P, no_value(P, L.p, e));
        bool done = false;
        const char *ke = NULL;
        if (is_alpha(*L.p) && in->nops > 0) {
            ke = ident_end(L.p, e);
            int sh = a64_shift_lookup(L.p, (size_t)(ke - L.p));
            const A64Operand *prev = &in->ops[in->nops - 1];
            /* after a symbol llvm reads `lsl` as another (sym, lsl #12: then the '#' is
             * unexpected); after #sym, an immediate, as a shift (the matcher refuses it), but
             * where an expression is read (adr x0, #sym) */
            if (prev->kind == A64_OP_LABEL && (P->ls[prev->col - 1] != '#' ||
                                               (P->env.mnem && (P->env.mnem->sym_ops >> (in->nops - 1) & 1))))
                sh = A64_SH_NONE;
            /* (adr x0, #8, lsl #2: the number where an expression is read, by a parser of its own) */
            if (prev->kind == A64_OP_IMM && P->env.mnem && (P->env.mnem->sym_ops >> (in->nops - 1) & 1))
                sh = A64_SH_NONE;
            if (prev->kind == A64_OP_XREG && ascii_lower(prev->u.named[1]) != 't')
                sh = A64_SH_NONE;           /* (also after p1, za: read by SVE's parsers; zt0 takes one) */
            if (prev->shift != A64_SH_NONE)
                sh = A64_SH_NONE;           /* (movk x0, #1, asr #3, lsl #32; add x0, x1, x2, lsl #2, lsl #3: a second, a symbol) */
            /* (after an address, a list or a floating-point literal no form shifts, a symbol: ldr
             * x0, [x1], lsl #2 and fmov d0, #1.0, lsl #2 stop at the '#') */
            if (prev->kind == A64_OP_MEM || prev->kind == A64_OP_VLIST ||
                (prev->kind == A64_OP_FIMM && !(P->env.mnem && a64_takes_shifted_imm(P->env.mnem, in->nops - 1))))
                sh = A64_SH_NONE;
            if (sh != A64_SH_NONE) {
                if (!parse_modifier(&L, &in->ops[in->nops - 1], sh, ke)) return false;
                done = true;
            }
        }
        if (!done) {
            if (in->nops == A64_MAX_OPS) return a64p_perr(P, L.p, "too many operands");
            A64Operand *o = &in->ops[in->nops];
            memset(o, 0, sizeof *o);
            if (!parse_operand(&L, o, ke)) return false;
            in->nops++;
        }
        L.p = skip_ws(L.p, e);
        if (L.p >= e) break;
        if (*L.p != ',') {
            if (*L.p == ']') return a64p_perr(P, L.p, "unbalanced ']'");
            if (*L.p == '}') return a64p_perr(P, L.p, "unbalanced '}'");
            if (*L.p == '@' && !done && in->ops[in->nops - 1].kind == A64_OP_IMM && !in->ops[in->nops - 1].u.imm.sym)
                return a64p_variant_refused(P, L.p, e);   /* (#1@page) */
            return a64p_perr(P, L.p, "unexpected token in argument list");
        }
        L.p++;
    }
    /* post-index: [base], #imm  /  [base], xM */
    if (in->nops >= 2 && a64_join_post(&in->ops[in->nops - 2], &in->ops[in->nops - 1])) in->nops--;
    return true;
}

/* ---- program building ---- */
/* The instruction array is the bulk of the memory (~0.5 KB per instruction): it is sized once
 * from the number of lines (growing only for lines with several statements) and, when large,
 * backed by transparent huge pages where the system offers them (page faults dominate otherwise). */
static void grow_insts(A64Program *g, size_t want)
{
    size_t bytes = want * sizeof *g->insts;
    /* (realloc, not a new block and a copy: a large block is remapped in place of copied, so
     * growing by doubling for a long .rept does not hold the old and the new array at once:
     * 1.5 times the array at its peak, 400 MB for 2 million instructions instead of 270) */
    A64Inst *n = xrealloc(g->insts, bytes);
#ifdef MADV_HUGEPAGE
    if (bytes >= ((size_t)4 << 20)) {   /* (the whole 2 MiB pages inside the block) */
        uintptr_t huge = (uintptr_t)2 << 20, a = ((uintptr_t)n + huge - 1) & ~(huge - 1),
                  e = ((uintptr_t)n + bytes) & ~(huge - 1);
        if (e > a)
            madvise((void *)a, e - a, MADV_HUGEPAGE);   /* (a hint: a failure changes nothing) */
    }
#endif
    g->insts = n;
    g->cap = (int)(bytes / sizeof *g->insts);
}

A64Inst *a64p_new_inst(Parser *P)
{
    A64Program *g = P->prog;
    if (g->ninsts == g->cap) grow_insts(g, g->cap ? (size_t)g->cap * 2 : 1024);
    A64Inst *in = &g->insts[g->ninsts];
    P->bad.at = P->unclosed = P->extra = NULL;
    in->nops = 0;
    in->ops = P->opbuf;
    in->nreads = in->nwrites = 0;
    in->cond = A64_COND_NONE;
    in->form = NULL;
    in->approx = false;
    in->row = -1;
    in->branch = 0;
    in->sys = 0;
    in->hint_num = in->hint_den = 0;
    in->target = -1;
    in->taken = false;
    memset(&in->mem, 0, sizeof in->mem);
    return in;
}

/* the instruction being added (at `at`) takes the section's next 4 bytes, and its section is
 * noted (with several sections); in a data section not laid out it has none: a piece is parsed
 * whole, the whole text again with data sections laid out (relay) */
static bool place_inst(Parser *P, A64Inst *in, const char *at)
{
    if (!P->laid) {
        P->relay = !P->start;
        return a64p_whole(P, at);
    }
    in->offset = P->offset;
    P->offset += 4;
    if (!P->isec) return true;
    P->secs[P->sec].insts = true;   /* (isec: a section was entered, the table exists) */
    int i = P->prog->ninsts;
    if (i >= P->capisec)
        P->isec = xrealloc(P->isec, (size_t)(P->capisec = P->capisec * 2 + 64) * sizeof *P->isec);
    P->isec[i] = P->sec;
    return true;
}

void a64p_add_align(Parser *P, uint32_t align, uint32_t skip)
{
    A64Program *g = P->prog;
    if (g->naligns == P->capaligns) {
        P->capaligns = P->capaligns ? P->capaligns * 2 : 16;
        g->aligns = xrealloc(g->aligns, (size_t)P->capaligns * sizeof *g->aligns);
    }
    g->aligns[g->naligns++] = (A64Align){g->ninsts, align, skip};
    if (align) P->offset = (P->offset + align - 1) & ~(align - 1);
    P->offset += skip;
}

const char *a64p_intern_name(Parser *P, const char *s, size_t n)
{
    char b[40];
    ascii_lower_n(b, s, n);
    b[n] = 0;
    return a64_intern(&P->env, b, n);
}

/* "b.<cond>" spelled as written, lowercase (the 16 conditions and cs/cc); NULL otherwise */
static const char *bcond_name(char c1, char c2)
{
    static const char *const names[] = {
        "b.eq", "b.ne", "b.hs", "b.lo", "b.mi", "b.pl", "b.vs", "b.vc", "b.hi", "b.ls", "b.ge",
        "b.lt", "b.gt", "b.le", "b.al", "b.nv", "b.cs", "b.cc",
    };
    for (size_t i = 0; i < ARRAY_LEN(names); i++)
        if (names[i][2] == c1 && names[i][3] == c2) return names[i];
    return NULL;
}

/* `b #8`, `tbz w0, #1, #-4`, `adr x0, #4`, `ldr x0, #16`: a number where the mnemonic's rows
 * (the ISA table) put a label is an offset from the instruction, as llvm-mc reads it (and its
 * disassembler prints it): a multiple of 4, adrp's of a page, adr's any */
static bool pcrel_imm(Parser *P, A64Inst *in)
{
    const A64Mnem *mn = P->env.mnem;
    if (!in->nops || !in->mnem_name || !mn) return true;
    /* (the first number where a row has its label: the last operand, or one a shift or other
     * operands follow, b #8, lsl #2, which llvm's matcher refuses after it) */
    A64Operand *o = NULL;
    const A64Pat *label = NULL;   /* (every row of a mnemonic gives its label the same reach) */
    for (int k = 0; k < in->nops && !label; k++) {
        o = &in->ops[k];
        if (o->kind != A64_OP_IMM || o->u.imm.reloc || o->u.imm.sym) continue;
        for (int r = mn->first; r < mn->first + mn->count && !label; r++)
            if (a64_rows[r].nops > k && a64_rows[r].ops[k].kind == P_LABEL) label = &a64_rows[r].ops[k];
    }
    if (!label) return true;
    int64_t unit = label->set, v = o->u.imm.value;
    int bits = label->arg;
    /* (llvm's words: a multiple of `unit` in [-2^(bits-1), 2^(bits-1) - unit]) */
    if (v % unit || v < -(INT64_C(1) << (bits - 1)) || v > (INT64_C(1) << (bits - 1)) - unit)
        return a64p_perr(P, P->ls + o->col - 1, "expected label or encodable integer pc offset");
    memset(&o->u, 0, sizeof o->u);
    o->kind = A64_OP_LABEL;
    o->u.label.is_dot = true;
    o->u.label.numeric = -1;
    o->u.label.dot_offset = v;
    o->u.label.pcrel = true;
    return true;
}

/* fmov's immediate as llvm-mc reads it: `#0x70`, written in hex, is the 8-bit code of the value
 * (VFPExpandImm: 1.0); any other integer is that value (`#1` = 1.0).  Zero, which no code
 * gives, into h0/s0/d0 is the zero register (`fmov d0, #0.0` is `fmov d0, xzr`). */
static bool fmov_imm(Parser *P, A64Inst *in)
{
    if (in->nops != 2 || !in->mnem_name || strcmp(in->mnem_name, "fmov")) return true;
    A64Operand *d = &in->ops[0], *o = &in->ops[1];
    /* (a '#' without a number: refused where it is read, parse_operand) */
    if (o->kind == A64_OP_IMM) {
        if (o->u.imm.reloc || o->u.imm.sym || o->shift != A64_SH_NONE) return true;
        const char *t = skip_ws(P->ls + o->col - 1, P->le);
        if (t < P->le && *t == '#') t = skip_ws(t + 1, P->le);
        if (t < P->le && *t == '-') t = skip_ws(t + 1, P->le);     /* (#-0x70: refused at the code) */
        bool code = P->le - t > 2 && t[0] == '0' && t[1] == 'x';
        int64_t v = o->u.imm.value;
        if (code && (v < 0 || v > 255)) return a64p_perr(P, t, "encoded floating point value out of range");
        o->kind = A64_OP_FIMM;
        o->u.fimm = code ? a64_fp8_value((int)v) : (double)v;
    }
    int sh = d->kind == A64_OP_VREG ? d->u.vreg.shape : A64_V_NONE;
    if (o->kind == A64_OP_FIMM && o->u.fimm == 0 && !signbit(o->u.fimm) &&
        (sh == A64_V_H || sh == A64_V_S || sh == A64_V_D)) {
        memset(&o->u, 0, sizeof o->u);
        o->kind = A64_OP_GPR;
        o->u.gpr.num = 31;
        o->u.gpr.is64 = sh == A64_V_D;
    }
    return true;
}

/* a floating-point literal where llvm's parser of the place reads an expression (claims.tsv
 * real) and no row of the mnemonic takes a floating-point immediate there: to llvm's
 * expressions a literal is the bits of its magnitude as a double, negated after a '-' (mov x0,
 * #1.0 is mov x0, #0x3ff0000000000000, #-1.0 its negation, #-0.0 zero; add x0, x1, #0.0 is #0;
 * prfm #1.5, [x0] is prefetch operation 0x3ff8000000000000, of which llvm keeps the low 32
 * bits); not with a shift (mov x0, #1.0, lsl #16: refused as the literal) */
static void fp_literal_bits(Parser *P, A64Inst *in)
{
    for (int i = 0; i < in->nops; i++) {
        A64Operand *o = &in->ops[i];
        if (o->kind != A64_OP_FIMM || o->shift != A64_SH_NONE || !fp_bits_place(P, o)) continue;
        double d = o->u.fimm;
        int64_t bits = fp_bits(fabs(d));
        memset(&o->u, 0, sizeof o->u);
        o->kind = A64_OP_IMM;
        o->u.imm.value = signbit(d) ? (int64_t)(0 - (uint64_t)bits) : bits;
    }
}

/* add/sub/adds/subs/cmp/cmn of a negative immediate are the opposite operation of its
 * magnitude, as llvm-mc reads them (`add x0, x1, #-1` is `sub x0, x1, #1`, `cmp w0, #-4096`
 * is `cmn w0, #1, lsl #12`), when that magnitude is encodable */
static void addsub_negative(Parser *P, A64Inst *in)
{
    static const char *const pairs[][2] = {{"add", "sub"}, {"adds", "subs"}, {"cmp", "cmn"}};
    if (in->nops < 2 || !in->mnem_name) return;
    A64Operand *o = &in->ops[in->nops - 1];
    if (o->kind != A64_OP_IMM || o->u.imm.reloc || o->u.imm.sym || o->u.imm.value >= 0 ||
        o->u.imm.value == INT64_MIN || (o->shift != A64_SH_NONE && o->shift != A64_SH_LSL))
        return;
    int64_t mag = -o->u.imm.value, sh = o->shift == A64_SH_LSL ? o->shift_amount : 0;
    if (!((sh == 0 || sh == 12) && (mag <= 4095 || (sh == 0 && mag % 4096 == 0 && mag / 4096 <= 4095))))
        return;
    for (size_t i = 0; i < ARRAY_LEN(pairs); i++)
        for (int k = 0; k < 2; k++)
            if (!strcmp(in->mnem_name, pairs[i][k])) {
                const char *to = pairs[i][!k];
                const A64Mnem *m = a64_mnem_find(to, strlen(to));
                if (!m) return;
                in->mnem_name = m->name;
                P->env.mnem = m;
                o->u.imm.value = mag;
                return;
            }
}

/* `movi v0.16b, #-11`: a negative byte is its two's complement (gcc writes 0xffffffffffffffbf
 * for 0xbf, GNU as takes -128..-1), the byte move llvm-mc prints as #245 */
static void movi_negative_byte(A64Inst *in)
{
    if (in->nops != 2 || in->ops[0].kind != A64_OP_VREG || in->ops[1].kind != A64_OP_IMM) return;
    A64Operand *o = &in->ops[1];
    int shape = in->ops[0].u.vreg.shape;
    if ((shape != A64_V_8B && shape != A64_V_16B) || o->shift != A64_SH_NONE || o->u.imm.reloc || o->u.imm.sym ||
        o->u.imm.value < -128 || o->u.imm.value > -1 || !in->mnem_name || strcmp(in->mnem_name, "movi"))
        return;
    o->u.imm.value += 256;
}

/* register operand k: its number, -1 when it is not a register (GPR or vector) */
static int reg_num(const A64Inst *in, int k, bool gpr_only)
{
    if (k >= in->nops) return -1;
    const A64Operand *o = &in->ops[k];
    if (o->kind == A64_OP_GPR) return o->u.gpr.num;
    return !gpr_only && o->kind == A64_OP_VREG ? o->u.vreg.num : -1;
}

/* the operand combinations llvm-mc refuses as unpredictable, or as a register pair that is
 * not one (casp's even/odd pairs: uarch encoded `casp x1, x2, ...` as `casp x0, x1, ...`) */
static bool unpredictable(Parser *P, const A64Inst *in)
{
    const char *m = in->mnem_name;
    if (!m || in->nops < 2) return true;
    int mem = -1;
    for (int k = 0; k < in->nops; k++)
        if (in->ops[k].kind == A64_OP_MEM) mem = k;
    if (mem < 0) return true;   /* every case below has a memory operand */
    const A64Operand *mo = mem >= 0 ? &in->ops[mem] : NULL;
    int base = mo && mo->u.mem.base != 31 ? mo->u.mem.base : -1;
    bool wb = mo && mo->u.mem.mode != A64_AM_OFFSET;
    char up[16];
    size_t n = strlen(m) < sizeof up - 1 ? strlen(m) : sizeof up - 1;
    for (size_t i = 0; i < n; i++) up[i] = (char)(m[i] >= 'a' && m[i] <= 'z' ? m[i] - 32 : m[i]);
    up[n] = 0;
#define AT(k) (P->ls + in->ops[k].col - 1)
    if (!strncmp(m, "casp", 4) && in->nops == 5) {
        for (int k = 0; k < 4; k += 2) {
            int a = reg_num(in, k, true), b = reg_num(in, k + 1, true);
            if (a < 0 || b < 0) return true;
            if (a & 1) return a64p_perr(P, AT(k), "expected first even register of a consecutive same-size even/odd register pair");
            if (b != a + 1) return a64p_perr(P, AT(k + 1), "expected second odd register of a consecutive same-size even/odd register pair");
        }
        return true;
    }
    if ((!strcmp(m, "ldp") || !strcmp(m, "ldpsw")) && mem == 2) {
        int a = reg_num(in, 0, false), b = reg_num(in, 1, false);
        /* llvm-mc 19 (its messages all say LDP): a general-register ldp with writeback and a
         * pre-index ldpsw have their written-back base compared with each destination, not
         * Rt2==Rt (where GNU as warns: uarch warns there); the other pairs, the post-index ldpsw
         * among them, Rt2==Rt, not the base (uarch warns there) */
        bool gpr = in->ops[0].kind == A64_OP_GPR;
        bool base_check = wb && gpr && (!strcmp(m, "ldp") || mo->u.mem.mode == A64_AM_PRE);
        if (a >= 0 && a == b && in->ops[0].kind == in->ops[1].kind) {
            if (!base_check) return a64p_perr(P, AT(1), "unpredictable LDP instruction, Rt2==Rt");
            a64p_pwarn(P, AT(1), "unpredictable %s instruction, Rt2==Rt", up);
        }
        if (wb && gpr && (a == base || b == base)) {
            if (base_check)
                return a64p_perr(P, AT(a == base ? 0 : 1), "unpredictable LDP instruction, writeback base is also a destination");
            a64p_pwarn(P, AT(a == base ? 0 : 1), "unpredictable %s instruction, writeback base is also a destination", up);
        }
        return true;
    }
    if (!strcmp(m, "stp") && mem == 2 && wb && in->ops[0].kind == A64_OP_GPR) {
        if (reg_num(in, 0, true) == base || reg_num(in, 1, true) == base)   /* at Rt2 when only it */
            return a64p_perr(P, AT(reg_num(in, 0, true) == base ? 0 : 1), "unpredictable %s instruction, writeback base is also a source", up);
        return true;
    }
    if ((!strcmp(m, "ldraa") || !strcmp(m, "ldrab")) && mem == 1 && wb && reg_num(in, 0, true) == base)
        return a64p_perr(P, AT(0), "unpredictable LDRA instruction, writeback base is also a destination");
    static const char *const single[] = {"ldr", "ldrb", "ldrh", "ldrsb", "ldrsh", "ldrsw", "str", "strb", "strh", NULL};
    for (int i = 0; single[i]; i++)
        if (!strcmp(m, single[i]) && mem == 1 && wb && in->ops[0].kind == A64_OP_GPR && reg_num(in, 0, true) == base)
            return a64p_perr(P, AT(0), "unpredictable %s instruction, writeback base is also a source", m[0] == 'l' ? "LDR" : "STR");
    static const char *const excl[] = {"stxr", "stlxr", "stxrb", "stlxrb", "stxrh", "stlxrh", "stxp", "stlxp", NULL};
    for (int i = 0; excl[i]; i++)
        if (!strcmp(m, excl[i]) && mem >= 2) {
            int st = reg_num(in, 0, true);
            const char *stx = mem == 3 ? "STXP" : "STXR";   /* (llvm's name for every variant) */
            for (int k = 1; k < mem; k++)
                if (reg_num(in, k, true) == st) return a64p_perr(P, AT(0), "unpredictable %s instruction, status is also a source", stx);
            if (st == base) return a64p_perr(P, AT(0), "unpredictable %s instruction, status is also a source", stx);
        }
#undef AT
    return true;
}

/* `ldr x0, =0x1234`: a value one movz makes is that mov, as llvm-mc assembles it; a load from a
 * literal pool otherwise, of the pool's label, a temporary symbol that llvm-mca-19 prints by its
 * empty name: `ldr x0, ""` */
static void ldr_literal_mov(Parser *P, A64Inst *in)
{
    if (in->nops != 2 || !in->mnem_name || strcmp(in->mnem_name, "ldr") || in->ops[0].kind != A64_OP_GPR ||
        in->ops[1].kind != A64_OP_LABEL || !in->ops[1].u.label.sym || P->ls[in->ops[1].col - 1] != '=')
        return;
    P->memo_off = true;           /* (a .set symbol may be in it) */
    in->ops[1].u.label.text = "\"\"";
    const char *x = in->ops[1].u.label.sym, *xe = x + strlen(x), *end;
    int64_t v;
    AsmErr ae;
    P->A.line_start = P->ls;
    if (!asm_expr(&P->A, x, xe, &end, &v, &ae) || skip_ws(end, xe) != xe) return;
    bool is64 = in->ops[0].u.gpr.is64;
    if (!is64 && (v < INT32_MIN || v > (int64_t)UINT32_MAX)) return;
    uint64_t u = is64 ? (uint64_t)v : (uint32_t)v;
    int chunks = 0;
    for (int sh = 0; sh < 64; sh += 16) chunks += (u >> sh & 0xffff) != 0;
    const A64Mnem *m = a64_mnem_find("mov", 3);
    if (chunks > 1 || !m) return;
    in->mnem_name = m->name;
    P->env.mnem = m;
    A64Operand *o = &in->ops[1];
    int col = o->col;
    memset(o, 0, sizeof *o);
    o->kind = A64_OP_IMM;
    o->col = col;
    o->u.imm.value = (int64_t)u;
}

/* an instruction taken with a symbol spelled like a register out of range (mov x0, x32; b x32):
 * llvm-mc reads it so, silently; a typo, most likely, and uarch says what it read */
static void regname_warn(Parser *P, const A64Operand *o)
{
    if (o->kind == A64_OP_LABEL && o->u.label.regname)
        a64p_pwarn(P, P->ls + o->col - 1, "'%s' is no register: read as a symbol, as llvm-mc reads it", o->u.label.sym);
}

/* `mov Rd, sym` (an expression of symbols) is movz Rd, #sym, lsl #0, whatever the expression
 * (llvm-mc 19's alias) */
static void mov_sym(Parser *P, A64Inst *in)
{
    if (in->nops != 2 || !in->mnem_name || strcmp(in->mnem_name, "mov") || in->ops[0].kind != A64_OP_GPR ||
        in->ops[0].u.gpr.is_sp || in->ops[1].shift != A64_SH_NONE)
        return;
    A64Operand *o = &in->ops[1], t = *o;
    if (o->kind == A64_OP_LABEL && o->u.label.numeric < 0 && !o->u.label.pcrel &&
        (o->u.label.sym || o->u.label.text)) {
        regname_warn(P, o);
        memset(&t.u, 0, sizeof t.u);
        t.kind = A64_OP_IMM;
        t.u.imm.sym = o->u.label.text ? o->u.label.text : o->u.label.sym;
        t.u.imm.value = o->u.label.dot_offset;
    } else if (o->kind != A64_OP_IMM || !o->u.imm.sym)
        return;
    const A64Mnem *m = a64_mnem_find("movz", 4);
    if (!m) return;
    t.u.imm.from_mov = true;
    *o = t;
    in->mnem_name = m->name;
    P->env.mnem = m;
}

/* what llvm-mc refuses in an expression of symbols where a page address is read (its
 * tryParseAdrpLabel, tryParseAdrLabel) and in the immediate of add/sub (validateInstruction):
 * symbol-plus-constant forms of the wrong kind */
static bool sym_operand_ok(Parser *P, const A64Inst *in, bool matched)
{
    const char *m = in->mnem_name;
    if (!m || in->nops < 2) return true;
    const A64Operand *o = &in->ops[in->nops - 1];
    if (o->kind != A64_OP_IMM || !o->u.imm.sym || o->u.imm.complex) return true;
    const char *r = o->u.imm.reloc ? o->u.imm.reloc : "", *at = P->ls + o->col - 1;
    if (!matched && !strcmp(m, "adrp")) {
        static const char *const page[] = {"@PAGE", "@GOTPAGE", "@TLVPPAGE", "pg_hi21_nc", "got", "gotpage_lo15",
                                           "gottprel", "tlsdesc"};
        bool got = !strcmp(r, "@GOTPAGE") || !strcmp(r, "@TLVPPAGE");
        if (got && o->u.imm.value) return a64p_perr(P, at, "gotpage label reference not allowed an addend");
        for (size_t i = 0; i < ARRAY_LEN(page); i++)
            if (!strcmp(r, page[i])) return true;
        return a64p_perr(P, at, "page or gotpage label reference expected");
    }
    if (!matched && !strcmp(m, "adr")) return a64p_perr(P, at, "unexpected adr label");
    if (matched && (!strcmp(m, "add") || !strcmp(m, "adds") || !strcmp(m, "sub") || !strcmp(m, "subs") ||
                    !strcmp(m, "cmp") || !strcmp(m, "cmn"))) {
        bool page = !strcmp(r, "@PAGEOFF") || !strcmp(r, "@TLVPPAGEOFF");
        bool x = in->ops[0].kind == A64_OP_GPR && in->ops[0].u.gpr.is64;
        if (!strcmp(m, "add") && r[0] && (page ? x : r[0] != '@')) return true;   /* add x0, x0, :lo12:sym */
        return a64p_perr(P, at, "invalid immediate expression");
    }
    return true;
}

/* `ldxr x0, [x1, #0]`: the ordered and exclusive accesses (ldar, stlr, ldapr, ld/st(a/l)x(r/p)
 * ...) take a base register only, and llvm-mc reads an offset of #0 as none there (the atomics,
 * those that load and store too, ordered or not: ldaddal, casa, swpl, staddl, and the structure
 * loads refuse it: so does uarch).  Called when no row took the operands. */
static bool match_zero_offset(Parser *P, A64Inst *in, const A64Mnem *mn)
{
    for (int k = 0; k < in->nops; k++) {
        A64Operand *o = &in->ops[k];
        if (o->kind != A64_OP_MEM || o->u.mem.mode != A64_AM_OFFSET || !o->u.mem.has_offset || o->u.mem.offset ||
            o->u.mem.has_index || o->u.mem.reloc || o->u.mem.sym)
            continue;
        A64MatchError me;
        o->u.mem.has_offset = false;
        P->env.mnem = mn;
        if (mn && a64_match(in, &P->env, &me) && (in->sys & (A64_SYS_BARRIER | A64_SYS_EXCLUSIVE)) &&
            in->mem.kind != A64_MEM_LOADSTORE)
            return true;
        o->u.mem.has_offset = true;
        return false;
    }
    return false;
}

/* llvm's end-of-statement token of the statement that ends at e (blanks cut): past the blanks
 * (and block comments) after it */
const char *a64p_end_of_statement(const Parser *P, const char *e)
{
    return P->eos && P->eos >= e && P->eos <= P->le ? P->eos : e;
}

/* llvm's token at x in the statement that ends at e: past the blanks, the end of the statement */
const char *a64p_next_token(const Parser *P, const char *x, const char *e)
{
    x = skip_ws(x, e);
    return x < e ? x : a64p_end_of_statement(P, e);
}

/* where in the text [o, x) of a refused operand llvm puts the error (A64_AT_*; the shift
 * after it runs to `e`) */
static const char *error_at(const char *o, const char *x, const char *e, int at)
{
    const char *y, *r = o;
    switch (at) {
    case A64_AT_LANE:                /* its last '[' */
        for (y = o; y < x; y++)
            if (*y == '[') r = y;
        return r;
    case A64_AT_NUMBER:
        return *o == '#' ? o + 1 : o;
    case A64_AT_HASH:                /* (post-index: after the ']'; [x1, sym], [x1, lsl #3]: the offset) */
        y = memchr(o, '#', (size_t)(e - o));
        if ((r = memchr(o, ',', (size_t)(x - o))) && (r = skip_ws(r + 1, x)) < (y ? y : e)) y = r;
        return y ? y : o;
    case A64_AT_SHIFT:               /* #1, lsl #8: the word after the ',' */
        if (x < e && *x == ',') x = skip_ws(x + 1, e);
        return x < e ? x : o;
    case A64_AT_END:
        return x < e ? x : rtrim(o, x);
    case A64_AT_TAIL:
        return rtrim(o, e);
    case A64_AT_CLOSE:
        y = memchr(o, ']', (size_t)(x - o));
        return y ? y : o;
    case A64_AT_EXTEND:              /* [x1, x2, lsl #2]: after the second ','; [x1, w2]: past it */
        y = memchr(o, ',', (size_t)(x - o));
        y = y ? memchr(y + 1, ',', (size_t)(x - y - 1)) : NULL;
        return y ? skip_ws(y + 1, x) : rtrim(o, x);
    case A64_AT_INDEX:               /* [x1, x2]: after the first ',' */
        y = memchr(o, ',', (size_t)(x - o));
        return y ? skip_ws(y + 1, x) : o;
    case A64_AT_POST:                /* [x1], #8: after the ']' and ',' */
        y = memchr(o, ']', (size_t)(e - o));
        y = y ? memchr(y, ',', (size_t)(e - y)) : NULL;
        return y ? skip_ws(y + 1, e) : o;
    default:
        return o;
    }
}

/* llvm underlines a statement missing an operand from its mnemonic to the end of the line
 * (a comment included), or past the ';' and the spaces after it ("^~~~~~~~~~"); b.eq alone
 * gets the caret only */
static void underline_statement(Parser *P, const char *mnem_at, const char *text_end, const A64Inst *in)
{
    if (in->nops == 0 && in->cond != A64_COND_NONE && mnem_at[1] == '.') return;   /* b.eq, not bc.eq */
    const char *x = text_end;
    while (x < P->le && (*x == ' ' || *x == '\t')) x++;
    if (x < P->le && *x == ';') {
        x++;
        while (x < P->le && (*x == ' ' || *x == '\t')) x++;
    } else {
        x = P->le;
        while (x > text_end && (x[-1] == '\n' || x[-1] == '\r')) x--;
    }
    P->err->col_end = (int)(x - P->ls) + 1;
}

/* Apple's syntax: a vector with an arrangement of its own at operand i (fcvtzs.8h v8, v31.8h, #3)
 * is to llvm the register, then its arrangement as an operand of its own, where a short form
 * may take an immediate: that immediate's words for what is no number (at the register, where
 * llvm puts the arrangement), when a row takes operands 0..i and a number at i + 1, into buf */
static bool typed_imm(Parser *P, const A64Inst *in, const A64Mnem *mn, int i, char *buf, size_t cap)
{
    if (i + 2 > A64_MAX_OPS) return false;
    A64Operand ops[A64_MAX_OPS];
    memcpy(ops, in->ops, (size_t)(i + 1) * sizeof *ops);
    if (ops[i].kind == A64_OP_VREG && ops[i].u.vreg.index >= 0) {   /* (movi.4h v15[1], #0: the lane is the operand after it) */
        ops[i].u.vreg.shape = (uint8_t)P->suffix;
        ops[i].u.vreg.index = -1;
    }
    /* (what llvm's matcher makes of a token where a number is: a register's words there) */
    ops[i + 1] = (A64Operand){.kind = A64_OP_GPR, .shift = A64_SH_NONE, .col = in->ops[i].col};
    ops[i + 1].u.gpr.num = 3;
    ops[i + 1].u.gpr.is64 = true;
    A64Inst t = *in;
    t.ops = ops;
    t.nops = i + 2;
    A64MatchError me;
    P->env.mnem = mn;
    bool ok = a64_match(&t, &P->env, &me);
    P->env.mnem = mn;
    if (ok || me.opnd != i + 2) return false;
    char hint[200];
    int w;
    a64_match_message(&me, in->mnem_name, "", buf, cap, hint, sizeof hint, &w);
    return w == A64_WORDS_IMM_RANGE || w == A64_WORDS_FPIMM;
}

/* The operand llvm reads and its matcher refuses (Parser.bad): llvm's words where it does, uarch's
 * in a note.  An address's base no row takes ([x31], [w0], [foo+4], [#1]) or a list of vectors
 * without an arrangement ({v0}): "invalid operand for instruction" there, unless the matcher
 * refuses an operand before it first or no form of the mnemonic has an address (a list) in its
 * place (add x0, x1, [x31]: its words for the operand, at the '[').  A vector register without
 * an arrangement is the start of one to llvm (its '.4s' is an operand of its own), and so is an
 * element without its lane (its '[1]'): where a form takes the operands before it and such a
 * vector there, the matcher refuses the operand after it (mov v0, x1: the x1), or finds too few
 * (mov x0, v1 and mov x0, v1.d: a form is mov x0, v1.d[0]); elsewhere the matcher's words for it
 * (add x0, x1, v1; mov w0, v1.h).  true: the matcher's error stands */
static bool bad_ok(Parser *P, A64Inst *in, const A64Mnem *mn, const char *mnem_at, const char *text_end)
{
    A64MatchError me;
    int i = P->bad.op;
    if (P->bad.kind == BAD_SHIFT) {   /* (the matcher's error where it refuses the operands up to the register) */
        bool ok = a64_match(in, &P->env, &me);
        P->env.mnem = mn;
        if (!ok && !a64_match_too_few(&me) && me.opnd >= 0 && me.opnd - 1 <= i) return true;
        return report(P, P->bad.at, "invalid operand for instruction", P->bad.hint);
    }
    if (P->bad.kind == BAD_LANE && mn) {
        /* (llvm refuses the lane where a row takes the operands up to the vector; else the
         * vector or an operand before it: the matcher's error, fmov d0, v1.2d[0]'s its words) */
        if (a64_rows_take_through(in, mn, i, &P->env)) return report(P, P->bad.next, "invalid operand for instruction", P->bad.hint);
        return true;
    }
    if (P->bad.kind == BAD_VREG && mn && a64_rows_take_vector(in, mn, i, &P->env)) {
        const char *next = P->bad.next ? P->bad.next : i + 1 < in->nops ? P->ls + in->ops[i + 1].col - 1 : NULL;
        if (next) return report(P, next, "invalid operand for instruction", P->bad.hint);
        report(P, mnem_at, "too few operands for instruction", P->bad.hint);
        underline_statement(P, mnem_at, text_end, in);
        return false;
    }
    bool ok = a64_match(in, &P->env, &me);
    P->env.mnem = mn;              /* (a64_match takes it) */
    if (!ok && (P->bad.kind == BAD_VREG || (me.opnd > 0 && me.opnd - 1 < i))) return true;
    char words[200];
    if (P->bad.kind == BAD_TYPED && in->ops[i].kind == A64_OP_VREG && mn && typed_imm(P, in, mn, i, words, sizeof words))
        return report(P, P->bad.at, words, P->bad.hint);
    bool place = false;
    for (int ri = mn ? mn->first : 0; mn && ri < mn->first + mn->count && !place; ri++) {
        int k = a64_rows[ri].nops > i ? a64_rows[ri].ops[i].kind : -1;
        place = P->bad.kind == BAD_BASE    ? k >= P_MEM
                : P->bad.kind == BAD_TYPED ? k >= P_FSCALAR && k <= P_ELIST
                                           : k == P_LIST || k == P_ELIST;
    }
    if (!ok && !place) return true;
    return report(P, P->bad.at, "invalid operand for instruction", P->bad.hint);
}

/* an address the statement ends in (ldr x0, [x1): llvm's ']' is an operand of its own, and its
 * matcher finds one too few where it takes those there are, or refuses one past them */
static bool unclosed_few(Parser *P, const char *mnem_at, const char *text_end, const A64Inst *in)
{
    report(P, mnem_at, "too few operands for instruction", "unbalanced '[' in memory operand");
    underline_statement(P, mnem_at, text_end, in);
    return false;
}

/* An address written pre-indexed ([x0, #8]!) or post-indexed ([x0], #8) where no row takes one
 * (prfm, ldur): llvm reads the address before the '!' (or the ', #8') and refuses what follows
 * it when its rows take that address, else the address (prfm x, [x0, #3]!: the offset's words).
 * The place of what follows when they take it (NULL and *me the error of the address else, or
 * NULL and *me unchanged when it does not apply) */
static const char *index_unread(Parser *P, A64Inst *in, const A64Mnem *mn, const char *text_end, A64MatchError *me)
{
    for (int k = 0; k < in->nops; k++) {
        A64Operand *o = &in->ops[k], save = *o;
        if (o->kind != A64_OP_MEM || o->u.mem.mode == A64_AM_OFFSET || a64_rows_take_index_mode(mn, k, o->u.mem.mode))
            continue;
        o->u.mem.mode = A64_AM_OFFSET;
        if (save.u.mem.mode == A64_AM_POST) {
            o->u.mem.has_offset = o->u.mem.post_reg = false;
            o->u.mem.offset = 0;
        }
        A64MatchError m2;
        P->env.llvm_only = true;   /* (prfm x, [x0, #3]!: llvm's words, not the GNU as spelling's) */
        bool ok = a64_match(in, &P->env, &m2);
        P->env.llvm_only = false;
        P->env.mnem = mn;
        *o = save;
        const char *at = P->ls + o->col - 1, *x = operand_end(at, text_end);
        if (!ok) {
            *me = m2;
            return NULL;
        }
        if (save.u.mem.mode == A64_AM_POST) return error_at(at, x, text_end, A64_AT_POST);
        const char *bang = memchr(at, '!', (size_t)(x - at));   /* (llvm's '!': where what follows it starts) */
        return bang ? a64p_next_token(P, bang + 1, text_end) : at;
    }
    return NULL;
}

/* a post-index with a shift ([x1], #8, lsl #2; ld1 {v0.16b}, [x0], x2, lsl #1): llvm's shift is
 * an operand of its own, which its matcher refuses where it takes the rest: the shift's place
 * then, else NULL */
static const char *post_shift(Parser *P, A64Inst *in, const A64Mnem *mn, const char *text_end)
{
    int n = in->nops;
    if (!mn || n < 2 || n > A64_MAX_OPS || (in->ops[n - 1].kind != A64_OP_IMM && in->ops[n - 1].kind != A64_OP_GPR) ||
        in->ops[n - 1].shift == A64_SH_NONE || in->ops[n - 2].kind != A64_OP_MEM)
        return NULL;
    A64Operand ops[A64_MAX_OPS];
    memcpy(ops, in->ops, (size_t)n * sizeof *ops);
    ops[n - 1].shift = A64_SH_NONE;
    A64Inst t = *in;
    t.ops = ops;
    if (a64_join_post(&ops[n - 2], &ops[n - 1])) t.nops--;
    A64MatchError m2;
    P->env.mnem = mn;
    bool ok = a64_match(&t, &P->env, &m2);
    P->env.mnem = mn;
    if (!ok) return NULL;
    const char *o = P->ls + in->ops[n - 1].col - 1;
    return error_at(o, operand_end(o, text_end), text_end, A64_AT_SHIFT);
}

/* A written-back address followed by more operands (st1 {v0.4s}, [x1]!, x2; ldr x0, [x1]!, #8),
 * or one with an index ([x1, x2]!): llvm's '!' is an operand of its own (placed where the token
 * after it starts), and no row takes an operand after it, nor an index before it.  Where the
 * instruction cut after that address (without its '!' for an index) fails too, llvm's error is
 * that instruction's (the '!' refused: st1's "invalid operand", ldr's post-index words, at the
 * ',' after it; or an operand before it), so the operands after it go (in->nops, me: the cut
 * instruction's).  Where the cut one is taken, the operand after the '!' is refused, as the
 * whole instruction's error says; with an index, the '!': its place then (else NULL) */
static const char *pre_index_cut(Parser *P, A64Inst *in, const A64Mnem *mn, A64MatchError *me, const char *text_end)
{
    for (int k = 0; mn && k < in->nops; k++) {
        A64Operand *o = &in->ops[k];
        if (o->kind != A64_OP_MEM || o->u.mem.mode != A64_AM_PRE || (k + 1 == in->nops && !o->u.mem.has_index))
            continue;
        if (o->u.mem.has_index) {   /* (the address without its '!': on a copy, an instruction's
                                       operands being shared read-only among its copies) */
            A64Operand *ops = arena_alloc(&P->prog->arena, (size_t)in->nops * sizeof *ops);
            memcpy(ops, in->ops, (size_t)in->nops * sizeof *ops);
            in->ops = ops;
            o = &ops[k];
            o->u.mem.mode = A64_AM_OFFSET;
        }
        A64Inst t = *in;
        A64MatchError m2;
        t.nops = (uint8_t)(k + 1);
        P->env.mnem = mn;
        bool ok = a64_match(&t, &P->env, &m2) || match_zero_offset(P, &t, mn);
        P->env.mnem = mn;
        if (ok && o->u.mem.has_index) {
            const char *at = P->ls + o->col - 1, *bang = memchr(at, '!', (size_t)(operand_end(at, text_end) - at));
            return bang ? a64p_next_token(P, bang + 1, text_end) : NULL;
        }
        if (ok) return NULL;
        in->nops = t.nops;
        *me = m2;
        return NULL;
    }
    return NULL;
}

/* An address post-indexed by a register followed by more operands (ldr x0, [x1], x2, x3; ldp
 * x0, x1, [x2], x3, x4): where the instruction cut after the register fails too, llvm's error
 * is that instruction's (ldr's post-index words at the x2), so the operands after it go
 * (in->ops, in->nops and me: the cut instruction's, the register joined); where it is taken (ld1 {v0.16b},
 * [x0], x2, x3), in is left as it is: the operand after it is refused */
static void post_reg_cut(Parser *P, A64Inst *in, const A64Mnem *mn, A64MatchError *me)
{
    for (int k = 0; mn && k + 2 < in->nops; k++) {
        const A64Operand *o = &in->ops[k], *r = &in->ops[k + 1];
        if (o->kind != A64_OP_MEM || o->u.mem.mode != A64_AM_OFFSET || o->u.mem.has_offset || o->u.mem.has_index ||
            r->kind != A64_OP_GPR || r->shift != A64_SH_NONE)
            continue;
        A64Operand ops[A64_MAX_OPS];
        memcpy(ops, in->ops, (size_t)(k + 2) * sizeof *ops);
        if (!a64_join_post(&ops[k], &ops[k + 1])) return;
        A64Inst t = *in;
        A64MatchError m2;
        t.ops = ops;
        t.nops = (uint8_t)(k + 1);
        P->env.mnem = mn;
        bool ok = a64_match(&t, &P->env, &m2);
        P->env.mnem = mn;
        if (!ok) {                /* (on a copy: an instruction's operands are shared among its copies) */
            A64Operand *cut = arena_alloc(&P->prog->arena, (size_t)(k + 1) * sizeof *cut);
            memcpy(cut, ops, (size_t)(k + 1) * sizeof *cut);
            in->ops = cut;
            in->nops = (uint8_t)(k + 1);
            *me = m2;
        }
        return;
    }
}

bool a64p_finish_inst(Parser *P, A64Inst *in, const char *mnem_at, const char *text, const char *text_end)
{
    A64MatchError me;
    if (!pcrel_imm(P, in) || !fmov_imm(P, in)) return false;
    addsub_negative(P, in);
    fp_literal_bits(P, in);
    movi_negative_byte(in);
    ldr_literal_mov(P, in);
    mov_sym(P, in);
    if (!sym_operand_ok(P, in, false)) return false;
    const A64Mnem *mn = P->env.mnem;
    if (P->bad.at && !bad_ok(P, in, mn, mnem_at, text_end)) {
        P->env.mnem = NULL;        /* (as a64_match leaves it) */
        return false;
    }
    /* (an operand after an address's offset: llvm refuses it where its own rows take the rest,
     * not a GNU as spelling's, prfm pldl1keep, [x0, #1, lsl #0]: at the #1, memoff9:gas) */
    P->env.llvm_only = P->extra != NULL;
    bool ok = a64_match(in, &P->env, &me);
    P->env.llvm_only = false;
    if (!ok && !match_zero_offset(P, in, mn)) {
        const char *wb = pre_index_cut(P, in, mn, &me, text_end);
        if (wb) return report(P, wb, "invalid operand for instruction", "");
        wb = mn ? index_unread(P, in, mn, text_end, &me) : NULL;
        if (wb) return report(P, wb, "invalid operand for instruction", "");
        if ((wb = post_shift(P, in, mn, text_end))) return report(P, wb, "invalid operand for instruction", "");
        post_reg_cut(P, in, mn, &me);
        /* Apple's syntax with an arrangement (dup.8b v0, v1): a vector written bare where a row
         * takes an element is to llvm the register, and its lane the operand after it: one too
         * few where it ends the statement, else the operand after it is refused (dup.4s v1, v2,
         * v3: at the v3) unless one before is */
        for (int i = 0; mn && P->suffix && P->suffix < A64_V_ELEM_B && i < in->nops; i++) {
            const A64Operand *o = &in->ops[i];
            if (!(P->bare_ops >> i & 1) || o->kind != A64_OP_VREG || o->u.vreg.index >= 0 ||
                !a64_rows_take_element(in, mn, i, &P->env))
                continue;
            if (i + 1 == in->nops) {
                report(P, mnem_at, "too few operands for instruction", "the element's lane is missing");
                underline_statement(P, mnem_at, text_end, in);
                return false;
            }
            if (me.opnd <= 0 || me.opnd - 1 > i) break;
            return report(P, P->ls + in->ops[i + 1].col - 1, "invalid operand for instruction", "");
        }
        if (me.opnd <= 0 && P->extra) return report(P, P->extra, "invalid operand for instruction", "");
        if (me.opnd <= 0) {
            a64p_perr(P, mnem_at, "%s", me.msg);
            if (a64_match_too_few(&me)) underline_statement(P, mnem_at, text_end, in);
            return false;
        }
        const A64Operand *bad = &in->ops[me.opnd - 1];
        const char *o = P->ls + in->ops[me.opnd - 1].col - 1, *x = operand_end(o, text_end);
        char op[64], msg[400], hint[400];
        a64p_q(o, rtrim(o, x), op, sizeof op);
        int words, at = a64_match_message(&me, in->mnem_name, op, msg, sizeof msg, hint, sizeof hint, &words);
        if (hint[0] && bad->kind == A64_OP_LABEL && bad->u.label.regname)   /* (llvm's words: a symbol's) */
            snprintf(hint, sizeof hint, "'%s' is no register: read as a symbol", bad->u.label.sym);
        else if (hint[0] && P->bad.at && me.opnd - 1 == P->bad.op)   /* (ldr v0, [x0]) */
            snprintf(hint, sizeof hint, "%s", P->bad.hint);
        o = at == A64_AT_END && x >= text_end ? a64p_end_of_statement(P, text_end) : error_at(o, x, text_end, at);
        if (bad->kind == A64_OP_VREG && bad->u.vreg.index >= 0 && (P->bare_ops >> (me.opnd - 1) & 1) && mn &&
            P->suffix && P->suffix < A64_V_ELEM_B && a64_rows_have(mn, me.opnd - 1, P_VEC) && !me.whole &&
            words == A64_WORDS_INVALID) {
            /* (add.4s v2[1], ...: llvm's short form takes the register, and refuses the lane) */
            const char *lb = memchr(P->ls + bad->col - 1, '[', (size_t)(x - (P->ls + bad->col - 1)));
            char words[200];
            if (lb && typed_imm(P, in, mn, me.opnd - 1, words, sizeof words)) return report(P, lb, words, hint);
            if (lb) return report(P, lb, "invalid operand for instruction", hint);
        }
        if (P->unclosed && o >= rtrim(o, text_end)) return unclosed_few(P, mnem_at, text_end, in);   /* ([x1, w2) */
        if (P->extra && o >= P->extra) return report(P, P->extra, "invalid operand for instruction", "");
        report(P, o, msg, hint);
        if (o == mnem_at && a64_match_too_few(&me))
            underline_statement(P, mnem_at, text_end, in);
        return false;
    }
    if (P->unclosed) return unclosed_few(P, mnem_at, text_end, in);
    if (P->extra) return report(P, P->extra, "invalid operand for instruction", "");   /* (no row takes one) */
    if (!unpredictable(P, in) || !sym_operand_ok(P, in, true)) return false;
    for (int i = 0; i < in->nops; i++)
        regname_warn(P, &in->ops[i]);
    /* the operands move from the scratch buffer to the arena, followed by the text (one block) */
    size_t opbytes = in->nops * sizeof *in->ops, tn = (size_t)(text_end - text);
    char *blk = arena_alloc(&P->prog->arena, opbytes + tn + 1);
    memcpy(blk, in->ops, opbytes);
    in->ops = in->nops ? (A64Operand *)(void *)blk : NULL;
    memcpy(blk + opbytes, text, tn);     /* the arena zeroed the terminator */
    in->text = blk + opbytes;
    in->line = inst_line(P, mnem_at, &in->col);
    if (P->num_target >= 0) in->target = P->num_target;   /* 1b */
    P->num_target = -1;
    if (!place_inst(P, in, mnem_at)) return false;
    P->prog->ninsts++;
    inst_own(P);
    return true;
}

/* ---- the instruction memo ----
 * An instruction is a function of its text, except through numeric labels (1b must be defined
 * before it, 1f is resolved later) and {taken} forms (is the target defined before it?): the
 * parser sets memo_off when it meets either.  Every other instruction is remembered by its text
 * [s, e) and the column it starts at (the operands' columns are counted from the line start);
 * the same text at the same column again is a copy of the first one, which shares its operands
 * and text (read-only, in the program's arena).  Only instructions that parsed and matched are
 * remembered, so errors are reported exactly as before. */

/* the hash of [s, s + n), a word at a time; `end` = the end of the input (the last, partial
 * word is loaded whole when it lies inside it) */
static uint32_t memo_hash(const char *s, size_t n, const char *end)
{
    const uint64_t mul = 0x9e3779b97f4a7c15u;
    uint64_t h = (uint64_t)n * mul;
    size_t i = 0;
    for (; n - i >= 8; i += 8) h = (h ^ word_at(s + i)) * mul;
    size_t r = n - i;
    if (r) {
        uint64_t w = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (end - (s + i) >= 8) w = word_at(s + i) & (~(uint64_t)0 >> (8 * (8 - r)));   /* the first r bytes */
        else
#endif
            for (size_t k = 0; k < r; k++) w |= (uint64_t)(uint8_t)s[i + k] << (8 * k);
        h = (h ^ w) * mul;
    }
    return (uint32_t)(h >> 32) ^ (uint32_t)h;
}

/* the instruction remembered for [s, s + n) at column `at + 1`, or -1 (the instruction holds
 * its text and column: a copy of [s, s + n) with a terminating NUL, and the text has none) */
static int memo_find(const Parser *P, const char *s, size_t n, uint32_t h, int at)
{
    if (!P->capmemo) return -1;
    uint32_t mask = (uint32_t)P->capmemo - 1;
    for (uint32_t k = h & mask; P->memo[k].inst; k = (k + 1) & mask) {
        if (P->memo[k].hash != h) continue;
        const A64Inst *x = &P->prog->insts[P->memo[k].inst - 1];
        if (x->col == at + 1 && !strncmp(x->text, s, n) && x->text[n] == 0) return P->memo[k].inst - 1;
    }
    return -1;
}

static void memo_add(Parser *P, uint32_t h, int inst)
{
    if ((P->nmemo + 1) * 2 > P->capmemo) {
        int cap = P->capmemo ? P->capmemo * 2 : P->memo_init;
        Memo *nm = xcalloc((size_t)cap, sizeof *nm);
        for (int i = 0; i < P->capmemo; i++) {
            if (!P->memo[i].inst) continue;
            uint32_t k = P->memo[i].hash & (uint32_t)(cap - 1);
            while (nm[k].inst) k = (k + 1) & (uint32_t)(cap - 1);
            nm[k] = P->memo[i];
        }
        free(P->memo);
        P->memo = nm; P->capmemo = cap;
    }
    uint32_t k = h & (uint32_t)(P->capmemo - 1);
    while (P->memo[k].inst) k = (k + 1) & (uint32_t)(P->capmemo - 1);
    P->memo[k] = (Memo){h, inst + 1};
    P->nmemo++;
}

/* Apple's syntax: the operands written without an arrangement took the mnemonic's; when no
 * row matches so, the other operands try the half and double element arrangements (the first
 * operand keeps the mnemonic's, and so does the first vector without a lane: the suffix is its
 * arrangement, addv.8h h0, v1).  Leaves the first that matches (else the one the matcher goes
 * furthest with, for the error). */
static bool apple_shapes(Parser *P, A64Inst *in, const A64Mnem *m)
{
    int idx[A64_MAX_OPS], nb = 0;
    bool first = true;             /* (the first vector operand: the suffix's, addv.8h h0, v1) */
    for (int i = 0; i < in->nops; i++) {
        A64Operand *o = &in->ops[i];
        bool vec = o->kind == A64_OP_VREG ? o->u.vreg.shape >= A64_V_8B && o->u.vreg.index < 0 : o->kind == A64_OP_VLIST;
        if ((vec && first) || i == 0) {   /* (the first operand keeps it too: ins.d v0[0], w5) */
            first = first && !vec;
            continue;
        }
        if (!(P->bare_ops >> i & 1)) continue;
        int sh = o->kind == A64_OP_VREG ? o->u.vreg.shape : o->u.vlist.shape;
        if (sh < A64_V_ELEM_B && o->kind == A64_OP_VREG && o->u.vreg.index >= 0) continue;
        idx[nb++] = i;
    }
    if (!nb) return true;
    A64MatchError me;
    A64Inst t = *in;
    P->env.mnem = m;
    if (a64_match(&t, &P->env, &me)) { P->env.mnem = m; return true; }
    /* (none matching: the combination the matcher goes furthest with, for its error; llvm's short
     * forms take any arrangement of the bare registers) */
    int best = 0, best_at = a64_match_too_few(&me) ? INT_MAX : me.opnd;   /* (too few: the furthest) */
    /* (the first that a feature the CPU lacks refuses, bfcvtn.4h v0, v1: bf16's, where none
     * matches) */
    int gated = me.opnd == 0 && !a64_match_too_few(&me) ? 0 : -1;
    int combos = 1;
    for (int i = 0; i < nb; i++) combos *= APPLE_ALTS;
    for (int c = 1; c < combos; c++) {
        A64Operand ops[A64_MAX_OPS];
        memcpy(ops, in->ops, (size_t)in->nops * sizeof *ops);
        bool valid = true;
        for (int i = 0, x = c; i < nb; i++, x /= APPLE_ALTS) {
            A64Operand *o = &ops[idx[i]];
            int sh = o->kind == A64_OP_VREG ? o->u.vreg.shape : o->u.vlist.shape;
            int alt = x % APPLE_ALTS ? shape_alt(sh, x % APPLE_ALTS) : sh;
            if (!alt) { valid = false; break; }
            if (o->kind == A64_OP_VREG) o->u.vreg.shape = (uint8_t)alt;
            else o->u.vlist.shape = (uint8_t)alt;
        }
        if (!valid) continue;
        t = *in;
        t.ops = ops;
        P->env.mnem = m;
        if (a64_match(&t, &P->env, &me)) {
            memcpy(in->ops, ops, (size_t)in->nops * sizeof *ops);
            P->env.mnem = m;
            return true;
        }
        if (me.opnd == 0 && !a64_match_too_few(&me) && gated < 0) gated = c;
        if (!a64_match_too_few(&me) && me.opnd > best_at) best = c, best_at = me.opnd;
    }
    if (gated >= 0) best = gated;
    for (int i = 0, x = best; best && i < nb; i++, x /= APPLE_ALTS) {
        A64Operand *o = &in->ops[idx[i]];
        int sh = o->kind == A64_OP_VREG ? o->u.vreg.shape : o->u.vlist.shape;
        int alt = x % APPLE_ALTS ? shape_alt(sh, x % APPLE_ALTS) : sh;
        if (o->kind == A64_OP_VREG) o->u.vreg.shape = (uint8_t)alt;
        else o->u.vlist.shape = (uint8_t)alt;
    }
    P->env.mnem = m;
    return true;
}

/* the operands of a bare_lane mnemonic written without an arrangement take its shapes; the
 * last must be an element (llvm-mc refuses `sdot v0, v1, v2`) */
static bool bare_lane_shapes(Parser *P, A64Inst *in, const struct BareLane *bl)
{
    for (int k = 0; k < in->nops && k < 3; k++) {
        A64Operand *o = &in->ops[k];
        if (!(P->bare_ops >> k & 1) || o->kind != A64_OP_VREG) continue;
        if (k == 2 && o->u.vreg.index < 0)
            return a64p_perr(P, P->ls + o->col - 1, "invalid operand for instruction");
        o->u.vreg.shape = bl->shape[k];
    }
    return true;
}

/* the first shift or extend after a ',' in an address of operands [p, e) whose amount llvm's parser of them
 * refuses (tryParseOptionalShiftExtend): none after a shift ("expected #imm after shift
 * specifier"), a '#' without a number, '(' or name ("expected integer shift amount"), a name of
 * no value ("expected constant '#imm' after shift specifier"): its words in *msg, where in *at,
 * its '#' (or where one is wanted) returned; NULL: none */
static const char *shift_amount_refused(Parser *P, const char *p, const char *e, const char **at, const char **msg)
{
    int depth = 0;   /* (in an address only: after an immediate llvm's words are other) */
    for (const char *x = p; x < e; x++) {
        depth += *x == '[' ? 1 : *x == ']' && depth ? -1 : 0;
        if (!depth || !is_ident0(*x) || (x > p && is_identc(x[-1]))) continue;
        const char *we = x;
        while (we < e && is_identc(*we)) we++;
        const char *c = x;
        while (c > p && is_ws(c[-1])) c--;
        int sh = c > p && c[-1] == ',' ? a64_shift_lookup(x, (size_t)(we - x)) : A64_SH_NONE;
        const char *y = skip_ws(we, e), *z = y < e && *y == '#' ? skip_ws(y + 1, e) : NULL;
        x = we - 1;
        if (sh == A64_SH_NONE || (y < e && is_digit(*y))) continue;
        if (!z) {
            if (sh >= A64_SH_UXTB) continue;
            *msg = "expected #imm after shift specifier";
        } else if (!(z < e && (is_digit(*z) || *z == '(' || is_ident0(*z)))) {
            *msg = "expected integer shift amount";
        } else if (is_ident0(*z) && !asm_sym_find(&P->A, z, (size_t)(ident_end(z, e) - z))) {
            *msg = "expected constant '#imm' after shift specifier";
        } else continue;
        *at = a64p_next_token(P, z ? z : y, e);
        return y;
    }
    return NULL;
}

/* where an address in [p, e) has no operand after a ',' (ld1w {z0.s}, p0/z, [x0,]): llvm's
 * operand parser reads each part of an address after a ',' as an operand, whatever the
 * instruction (parse_mem's words); NULL when none is empty */
static const char *empty_in_address(const char *p, const char *e)
{
    int depth = 0;
    for (const char *x = p; x < e; x++) {
        if (*x == '[') depth++;
        else if (*x == ']') depth--;
        else if (*x == ',' && depth > 0) {
            const char *y = skip_ws(x + 1, e);
            if (y < e && (*y == ']' || *y == ',')) return y;
        }
    }
    return NULL;
}

/* whether the word at w (before e) is a bare z register (z0: no element size) that llvm's parser
 * reads at place (src/a64/claims.tsv, z); *after: its end */
static bool bare_z_at(const char *mnem, const char *w, const char *e, int place, const char **after)
{
    const char *we = w;
    while (we < e && is_identc(*we) && *we != '.') we++;
    const char *cls = we > w ? a64_reg_class(w, (size_t)(we - w), true) : NULL;
    if (!cls || strcmp(cls, "z") || (we < e && *we == '.') || !sve_claimed(mnem, "z", place)) return false;
    *after = we;
    return true;
}

/* the first operand of [p, e) (mnemonic mnem) that is a bare z register (z0: no element size)
 * where llvm's parser reads one (src/a64/claims.tsv, z: st1b z0, p0, [x0]; add z0, z1, z2; umax
 * x3, x1, z2), whose operand parsers then fail on what follows it; in an address its base or
 * another part (st1b z0.d, p0, [z0]: '[' a place, each part one); NULL for none.  *after: the
 * end of the register */
static const char *bare_z_claimed(const char *mnem, const char *p, const char *e, const char **after)
{
    int depth = 0;
    for (const char *o = p; o < e; o++) {
        if (*o == '[' || *o == '{') depth++;
        else if ((*o == ']' || *o == '}') && depth) depth--;
        if (o != p && (*o != ',' || depth)) continue;   /* (each operand's start: p, or after a ',') */
        const char *w = skip_ws(o + (*o == ','), e);
        int place = a64_shape_places(p, w);
        if (w < e && *w == '[') {   /* (an address: its base at the place after the '[', then its parts) */
            int d = 0, part = 1;
            for (const char *x = w; x < e; x++) {
                if (*x == '[' || *x == '{') d++;
                else if ((*x == ']' || *x == '}') && --d == 0) break;
                if (x != w && (*x != ',' || d != 1)) continue;
                const char *c = skip_ws(x + 1, e);
                if (bare_z_at(mnem, c, e, place < 0 ? place : place + part, after)) return c;
                part++;
            }
        } else if (bare_z_at(mnem, w, e, place, after))
            return w;
    }
    return NULL;
}

/* the error of a64_shape_requires's answer shp (not A64_SHAPE_NONE) for the instruction [s, e)
 * with operands from p: llvm's parser error at a '#' without a value first, else its words req
 * (of kind words, A64_WORDS_*) at req_at, the statement underlined when too few operands; false */
static bool shape_refusal(Parser *P, int shp, const char *req, int words, const char *req_at, const char *s,
                          const char *p, const char *e, const A64Inst *in, const char *mnem)
{
    const char *sh_at = NULL, *sh_msg = NULL, *sh = shift_amount_refused(P, p, e, &sh_at, &sh_msg);
    const char *ea = empty_in_address(p, e), *bz_end = NULL, *bz = bare_z_claimed(mnem, p, e, &bz_end);
    if (bz && ((sh && sh < bz) || (ea && ea < bz))) bz = NULL;
    for (const char *h = p; (h = memchr(h, '#', (size_t)(e - h))); h++) {
        if ((sh && sh <= h) || (ea && ea < h) || (bz && bz < h)) break;   /* (a shift's amount: its parser's words) */
        /* a '#' where llvm reads a floating-point immediate (fmov z0.d, #: claims.tsv), else
         * one without a value */
        const char *t = sve_claimed(mnem, "fimm", a64_shape_places(p, h)) ? fimm_missing(P, h) : NULL;
        if (t) return a64p_perr(P, t, "invalid floating point immediate");
        if ((t = no_value(P, h + 1, e))) return a64p_perr(P, t, "unknown token in expression");
        /* (a number llvm's lexer refuses, #08: its words first, as where uarch has rows; not
         * after a word, lsl #08, mul #08, which llvm's parsers of them refuse first) */
        const char *d = h + 1 < e && h[1] == '-' ? h + 2 : h + 1, *w = h;
        while (w > p && is_ws(w[-1])) w--;
        AsmNum an;
        if (d < e && is_digit(*d) && !(w > p && is_alpha(w[-1])) && !asm_lex_number(d, e, &an))
            return a64p_perr(P, an.at, "%s", an.msg);
    }
    if (bz) return no_operand(P, skip_ws(bz_end, P->le));   /* (llvm's parser fails before its matcher) */
    if (ea && (!sh || ea < sh)) return no_operand(P, ea);
    if (sh) return a64p_perr(P, sh_at, "%s", sh_msg);
    /* (no operand at req_at, incd x0, ; a register llvm's parser fails after, inch z0: its
     * expression parser's words and its operand parser's, at the end of the line after blanks) */
    if (shp == A64_SHAPE_PARSE && words == A64_WORDS_NO_OPERAND)
        return no_operand(P, req_at < e ? req_at : skip_ws(req_at, P->le));
    if (shp == A64_SHAPE_MANY || shp == A64_SHAPE_FORMS) {   /* (uarch's words in a note) */
        if (req_at == e) req_at = skip_ws(e, P->le);   /* (the end of the statement: llvm's token
                                                          after the blanks, ldr za[w12]  ) */
        char buf[48], hint[120];
        const char *x = operand_end(req_at, e), *b = req_at;
        while (*req_at != '[' && b < x && *b != ']' && *b != '[' && (*b != '}' || *req_at == '{')) b++;
        /* (a part of an address: st2g x0, [w30]; a register before its lane: z8.h of z8.h[1]; a
         * name before a list's '}': zero {za1.q}) */
        a64p_q(req_at, rtrim(req_at, b < x && b > req_at ? b : x), buf, sizeof buf);
        if (buf[0])
            snprintf(hint, sizeof hint, "no form of '%s' takes '%s' there", mnem, buf);
        else {   /* (nothing read: a writeback no form takes, at it or after it, prfb p, p0, [x0]!) */
            const char *w = req_at;
            while (w > p && is_ws(w[-1])) w--;
            if (*req_at != '!' && (w == p || w[-1] != '!')) return a64p_perr(P, req_at, "%s", req);
            snprintf(hint, sizeof hint, "no form of '%s' takes a writeback '!' there", mnem);
        }
        return report(P, req_at, req, hint);
    }
    a64p_perr(P, req_at, "%s", req);
    if (shp == A64_SHAPE_FEW) underline_statement(P, s, e, in);
    if (shp == A64_SHAPE_PARSE && words == A64_WORDS_NEON_LIST) {
        /* (llvm's parser of lists of Neon vectors, at a z register: then its second errors at
         * what follows the register, as after mismatched sizes; none where a '-' of a range
         * follows it, {z3.d - z6.d}: llvm-mca-19 -mcpu=apple-m1) */
        const char *c = req_at;
        while (c < e && (is_identc(*c) || *c == '.')) c++;
        c = skip_ws(c, P->le);
        if (c >= e || *c != '-') after_errors(P, c, true);
    }
    return false;
}

/* whether the operand before the ',' before x (in [p, x)) is an immediate (#1, 8, -1) */
static bool after_immediate(const char *p, const char *x)
{
    const char *c = x;
    while (c > p && is_ws(c[-1])) c--;
    if (c == p || c[-1] != ',') return false;
    const char *o = --c;
    while (o > p && o[-1] != ',' && o[-1] != '[' && o[-1] != '{') o--;
    o = skip_ws(o, c);
    return o < c && (*o == '#' || *o == '-' || is_digit(*o));
}

/* The operands [p, e) as src/a64/shapes.c reads them (a64_shape_requires): an immediate written
 * as a constant expression (mul z0.d, z0.d, #(1+1); incd x0, all, mul #1+1; #n of a .set) is
 * to llvm its value, as a number is (not a shift's amount, lsl #(8), which llvm's parser
 * refuses after an immediate: "only 'lsl #+N' valid after immediate"; after a register it is an
 * expression, [x0, z1.d, lsl #(2+1)]): into buf, each such '#expr' its value's digits, padded
 * with blanks to the expression's length (the places in the text stay), where they fit; and
 * the ',' between a register of ZA and its index a blank (below).  buf (of e - p + 1 bytes at
 * least), or p when nothing changed */
static const char *shape_text(Parser *P, const char *mnem, size_t n, const char *p, const char *e, char *buf)
{
    size_t len = (size_t)(e - p);
    bool any = false, blank = false;
    memcpy(buf, p, len);
    buf[len] = 0;
    /* (a register of ZA or zt0 then ", [": llvm's parser reads the brackets as tokens of their
     * own, with or without the ','; where a form has the register indexed, they are its index:
     * ldr za, [w12, 0], [x0] is ldr za[w12, 0], [x0], movt zt0, [8], x0 is movt zt0[8], x0; not
     * ldr zt0, [x0].  The ',' a blank, '\v', which src/a64/shapes.c reads as one and tells
     * apart: zt_index_refused) */
    for (const char *c = p; (c = memchr(c, ',', (size_t)(e - c))); c++) {
        const char *b = skip_ws(c + 1, e), *we = c, *ws;
        while (we > p && is_ws(we[-1])) we--;
        for (ws = we; ws > p && (is_identc(ws[-1]) || ws[-1] == '.'); ws--) {}
        const char *cls = ws < we ? a64_reg_class(ws, (size_t)(we - ws), true) : NULL;
        if (b < e && *b == '[' && ((cls && (!strcmp(cls, "za") || !strcmp(cls, "zt"))) || a64_za_tile(ws, we)) &&
            a64_shape_indexed(mnem, n, ws, we)) {
            buf[c - p] = '\v';
            blank = true;
        }
    }
    if (!memchr(p, '#', len)) return blank ? buf : p;
    P->A.line_start = P->ls;
    for (const char *h = p; (h = memchr(h, '#', (size_t)(e - h))); h++) {
        const char *x = h + 1, *end, *n = x < e && *x == '-' ? x + 1 : x, *w = h;
        while (w > p && (w[-1] == ' ' || w[-1] == '\t')) w--;
        if (w - p >= 3 && !strncasecmp(w - 3, "lsl", 3) && after_immediate(p, w - 3)) continue;   /* (see above) */
        AsmNum an;
        const char *ne = n < e && is_digit(*n) ? asm_lex_number(n, e, &an) : NULL;
        if (ne && (ne == e || *skip_ws(ne, e) == ',' || *skip_ws(ne, e) == ']' || skip_ws(ne, e) == e)) continue;
        int64_t v;
        AsmErr ae;
        if (!asm_expr(&P->A, x, e, &end, &v, &ae)) continue;
        char num[24];
        int k = snprintf(num, sizeof num, "%lld", (long long)v);
        if (k > end - x) continue;
        memcpy(buf + (x - p), num, (size_t)k);
        memset(buf + (x - p) + k, ' ', (size_t)(end - x - k));
        any = true;
    }
    if (any) P->memo_off = true;   /* (a .set symbol may be in it) */
    return any || blank ? buf : p;
}

/* a64_shape_requires of the operands [p, e), read as shape_text gives them (in a buffer of the
 * heap when they are long); *at: in [p, e); *words: the kind of the words in req */
static int shape_requires(Parser *P, const char *lw, size_t n, bool known, const char *p, const char *e, char *req,
                          size_t cap, const char **at, int *words)
{
    char small[512], *buf = (size_t)(e - p) < sizeof small ? small : xmalloc((size_t)(e - p) + 1);
    const char *t = shape_text(P, lw, n, p, e, buf), *a = *at;
    int r = a64_shape_requires(lw, n, known, t, t + (e - p), P->env.features, req, cap, &a, words);
    *at = t != p && a >= t && a <= t + (e - p) ? p + (a - t) : a;
    if (buf != small) free(buf);
    return r;
}

/* whether a short form of mnemonic [m, +n) takes Apple's suffix [x, +xn) (src/a64/apple.tsv): 1
 * yes, 0 no, -1 llvm reads it otherwise ('*') */
static int apple_suffix(const char *m, size_t n, const char *x, size_t xn)
{
    int lo = 0, hi = a64_apple_count;   /* (sorted by mnemonic: gen-table -s) */
    while (lo < hi) {
        int mid = (lo + hi) / 2, c = strncmp(a64_apple[mid].mnem, m, n);
        if (c == 0 && a64_apple[mid].mnem[n]) c = 1;
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    if (lo >= a64_apple_count || strncmp(a64_apple[lo].mnem, m, n) || a64_apple[lo].mnem[n]) return 0;
    const char *l = a64_apple[lo].suffixes;
    if (!strcmp(l, "*")) return -1;
    for (const char *p = l; *p;) {
        const char *c = strchr(p, ',');
        size_t k = c ? (size_t)(c - p) : strlen(p);
        if (k == xn && !memcmp(p, x, xn)) return 1;
        p += k + (c != NULL);
    }
    return 0;
}

static bool instruction(Parser *P, const char *s, const char *e, const char *me)
{
    size_t tn = (size_t)(e - s);
    uint32_t th = memo_hash(s, tn, P->end);
    int col, line = inst_line(P, s, &col);
    int same = memo_find(P, s, tn, th, col - 1);
    if (same >= 0) {             /* everything but where it is: as parsed the first time */
        A64Program *g = P->prog;
        if (g->ninsts == g->cap) grow_insts(g, (size_t)g->cap * 2);
        A64Inst *in = &g->insts[g->ninsts];
        *in = g->insts[same];
        in->line = line;
        in->hint_num = in->hint_den = 0;
        in->target = -1;             /* (a label's: resolve_targets) */
        if (!place_inst(P, in, s)) return false;
        g->ninsts++;
        inst_own(P);
        return true;
    }
    P->memo_off = false;
    P->num_target = -1;
    P->suffix = 0;
    const char *p = me ? me : s;
    while (p < e && (cclass[(uint8_t)*p] & C_MNEM)) p++;
    size_t n = (size_t)(p - s);
    if (n > 0 && n <= 30 && p < e && lex_invalid(*p))   /* (llvm's lexer's error token after the name: an operand) */
        return a64p_perr(P, p, "invalid operand");
    if ((p < e && !is_ws(*p)) || n == 0 || n > 30) {   /* (llvm's mnemonic: up to the space) */
        char name[48], msg[400];
        const char *x = p;
        while (x < e && !is_ws(*x)) x++;
        size_t k = (size_t)(x - s) < sizeof name - 1 ? (size_t)(x - s) : sizeof name - 1;
        ascii_lower_n(name, s, k);
        name[k] = 0;
        a64_unknown_mnemonic(name, P->env.features, msg, sizeof msg);
        return a64p_perr(P, s, "%s", msg);
    }
    A64Inst *in = a64p_new_inst(P);
    char lw[32] = {0};
    ascii_lower_n(lw, s, n);
    uint64_t head;               /* a64_load_le of the first (up to) 8 lowercase bytes */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&head, lw, 8);        /* zeros after the name */
#else
    head = a64_load_le(lw, n < 8 ? n : 8);
#endif
    /* the rows of the mnemonic, looked up once here for a64_match (env.mnem); b.eq and bc.eq
     * use the rows "b.cc" and "bc.cc" */
    const A64Mnem *m = a64_mnem_find_head(lw, n, head);
    if (n == 3 && lw[0] == 'b' && a64_cond_lookup(s + 1, 2) >= 0 && !m) {
        /* GNU's b<cond> spelling (gcc emits "bgt .L5"): canonical "b.gt" */
        char b[5] = {'b', '.', lw[1], lw[2], 0};
        const char *name = bcond_name(lw[1], lw[2]);
        in->mnem_name = name ? name : a64p_intern_name(P, b, 4);
        in->cond = (uint8_t)a64_cond_lookup(s + 1, 2);
        m = a64_mnem_find("b.cc", 4);
    } else {
        const char *dot = memchr(lw, '.', n);
        if (dot) {
            int c = a64_cond_lookup(dot + 1, (size_t)(lw + n - dot - 1));
            size_t pn = (size_t)(dot - lw);
            if (c >= 0 && ((pn == 1 && lw[0] == 'b') || (pn == 2 && lw[0] == 'b' && lw[1] == 'c'))) {
                char b[8];
                memcpy(b, lw, pn);
                memcpy(b + pn, ".cc", 3);
                in->cond = (uint8_t)c;
                m = a64_mnem_find(b, pn + 3);
            } else if ((pn == 1 && lw[0] == 'b') || (pn == 2 && lw[0] == 'b' && lw[1] == 'c')) {
                /* (b.4s, bc.foo: llvm reads a condition after b. and bc.; a suffix after it, b.eq.4s,
                 * is an operand of its own where the label is: at what follows its '.', the
                 * label's words where the CPU has the instruction, else of the suffix, bc.eq.4s) */
                const char *s2 = memchr(dot + 1, '.', (size_t)(lw + n - dot - 1));
                if (a64_cond_lookup(dot + 1, (size_t)((s2 ? s2 : lw + n) - dot - 1)) < 0)
                    return a64p_perr(P, s + pn + 1, "invalid condition code");
                if (s2)
                    return a64p_perr(P, s + (s2 - lw) + 1, "%s",
                                a64_mnem_available(a64_mnem_find(pn == 1 ? "b.cc" : "bc.cc", pn + 3), P->env.features)
                                    ? "expected label or encodable integer pc offset"
                                    : "invalid type suffix for instruction");
            } else {
                /* Apple's syntax: fmla.4s, ld4.4s, ins.s: the arrangement on the mnemonic.  llvm
                 * makes each suffix an operand of its own: of a mnemonic it knows, one no short
                 * form has (src/a64/apple.tsv: add.s, ldr.4s, add.eq, a second one) is "invalid
                 * type suffix for instruction" there; of another, its name is the head's */
                const A64Mnem *bm = a64_mnem_find(lw, pn);
                const char *s2 = memchr(dot + 1, '.', (size_t)(lw + n - dot - 1));
                int taken = bm || a64_shape_known(lw, pn) ? apple_suffix(lw, pn, dot + 1, (size_t)((s2 ? s2 : lw + n) - dot - 1)) : -2;
                if (taken == 0 || (taken == 1 && s2)) {
                    /* (its matcher's words: an operand llvm's parser refuses comes first, add.s
                     * x0, x1, x2[1]: at the '[') */
                    const char *at = s + ((taken ? s2 : dot) - lw) + 1;
                    P->env.mnem = bm;
                    P->mname = lw;
                    lw[pn] = 0;
                    P->bare_ops = 0;
                    P->lane = NULL;
                    bool parsed = parse_operands(P, p, e, in);
                    P->env.mnem = NULL;
                    return parsed ? a64p_perr(P, at, "invalid type suffix for instruction") : false;
                }
                if (taken == -2) {
                    char msg[400];
                    lw[pn] = 0;
                    a64_unknown_mnemonic(lw, P->env.features, msg, sizeof msg);
                    return a64p_perr(P, s, "%s", msg);
                }
                int sh = arrangement(dot + 1, (size_t)(lw + n - dot - 1));
                if (!sh) bm = NULL;
                if (bm) {
                    m = bm;
                    n = pn;
                    lw[n] = 0;
                    P->apple = sh;
                    P->suffix = sh;
                }
            }
        }
        /* a known name is the table's own string (or a static b.eq); others are interned */
        const char *name = NULL;
        if (m && in->cond == A64_COND_NONE) name = m->name;
        else if (n == 4 && lw[0] == 'b' && lw[1] == '.') name = bcond_name(lw[2], lw[3]);
        in->mnem_name = name ? name : a64p_intern_name(P, lw, n);
    }
    char req[400];                /* an instruction of an extension uarch has no rows of */
    const char *req_at = s;
    int words = A64_WORDS_OTHER;   /* (req's kind) */
    int shp = !m && in->cond == A64_COND_NONE ? shape_requires(P, lw, n, true, p, e, req, sizeof req, &req_at, &words)
                                              : A64_SHAPE_NONE;
    /* (luti2 z0.b, zt0, z1[0]: its shape; luti2 v0 ...: '*', lut) */
    if (shp != A64_SHAPE_NONE) return shape_refusal(P, shp, req, words, req_at, s, p, e, in, lw);
    P->env.mnem = m;
    P->mname = lw;
    P->bare_ops = 0;
    P->lane = NULL;
    bool ok = parse_operands(P, p, e, in);
    if (!ok) P->env.mnem = NULL;
    P->env.apple = (uint8_t)P->suffix;   /* (the rows with a short form of it: a64_apple_row) */
    if (ok && P->lane) ok = bare_lane_shapes(P, in, P->lane);
    else if (ok && P->apple) ok = apple_shapes(P, in, m);
    P->apple = 0;
    ok = ok && a64p_finish_inst(P, in, s, s, e);
    P->env.apple = 0;
    if (!ok) {
        /* an SVE or SME instruction (z0.s, p0/m ...), or another extension's form of an M1
         * mnemonic (ldapur b0, [x1]): llvm names the features it requires, at the mnemonic */
        shp = in->cond == A64_COND_NONE ? shape_requires(P, lw, n, m != NULL, p, e, req, sizeof req, &req_at, &words)
                                        : A64_SHAPE_NONE;
        /* (past the operands of a form llvm has: where uarch's rows stop short of it) */
        if (shp == A64_SHAPE_MANY && P->err->col >= (int)(req_at - P->ls) + 1 && *req_at != '[') shp = A64_SHAPE_NONE;
        if (shp != A64_SHAPE_NONE) shape_refusal(P, shp, req, words, req_at, s, p, e, in, lw);
        return false;
    }
    if (!P->memo_off) memo_add(P, th, P->prog->ninsts - 1);
    return true;
}

/* ---- statements ---- */
bool a64p_statement(Parser *P, const char *s, const char *e)
{
    s = skip_ws(s, e);
    P->eos = e;
    e = rtrim(s, e);
    /* labels; a statement's first word is scanned once: mnemonic characters, then the rest of
     * the identifier (w_me, w_ie) */
    const char *w_me = NULL, *w_ie = NULL;
    while (s < e) {
        const char *p = s;
        if (*p == '"') {
            const char *c = memchr(p + 1, '"', (size_t)(e - p - 1));
            if (!c || c + 1 >= e || c[1] != ':') break;
            sym_add(P, p + 1, (size_t)(c - p - 1));
            s = skip_ws(c + 2, e);
            continue;
        }
        if (!is_identc(*p) && *p != '@') break;
        const char *me = p;
        while (me < e && (cclass[(uint8_t)*me] & C_MNEM)) me++;
        const char *ie = ident_end(me, e), *colon = ie;
        if (ie < e && (*ie == '@' || is_ws(*ie))) {
            /* a label named with '@' (foo@plt:, as ELF and Mach-O names allow it), or blanks
             * before its colon (`foo :`), as llvm-mc reads them */
            while (colon < e && (is_identc(*colon) || *colon == '@')) colon++;
            const char *ce = skip_ws(colon, e);
            if (ce < e && *ce == ':' && colon > p && !is_digit(*p)) {
                sym_add(P, p, (size_t)(colon - p));
                s = skip_ws(ce + 1, e);
                continue;
            }
        }
        if (ie >= e || *ie != ':') { w_me = me; w_ie = ie; break; }
        bool numeric = true;
        for (const char *c = p; c < ie; c++) if (!is_digit(*c)) numeric = false;
        if (numeric) {
            if (ie - p > 9) return a64p_perr(P, p, "numeric label too large");
            long n = 0;
            for (const char *c = p; c < ie; c++) n = n * 10 + (*c - '0');
            num_add(P, n);
            for (int i = 0; i < P->npend;)       /* resolve forward references */
                if (P->pend[i].num == n) {
                    if (P->pend[i].inst < P->prog->ninsts) {
                        int64_t h = here(P), t = (int64_t)(uint32_t)h + P->pend[i].add;
                        P->prog->insts[P->pend[i].inst].target = h >= 0 && t >= 0 && t <= UINT32_MAX ? (h & ~(int64_t)UINT32_MAX) | t : -1;
                    }
                    P->pend[i] = P->pend[--P->npend];
                } else i++;
        } else if (is_digit(*p)) {
            char buf[48];
            return a64p_perr(P, p, "invalid label '%s'", a64p_q(p, ie, buf, sizeof buf));
        } else sym_add(P, p, (size_t)(ie - p));
        s = skip_ws(ie + 1, e);
    }
    if (s >= e) return true;
    if (P->A.macros.n) {           /* a macro call */
        bool handled;
        AsmErr ae;
        const char *we = w_ie ? w_ie : ident_end(s, e);
        if (!asm_macro_call(&P->A, s, we, e, skip_ws(e, P->le), P->line, P->ls, &handled, &ae)) return a64p_aerr(P, &ae);
        if (handled) return true;
    }
    if (w_ie && w_ie < e && (is_ws(*w_ie) || *w_ie == '=')) {
        /* `name = expr` and `name .req reg` */
        const char *x = skip_ws(w_ie, e);
        AsmErr ae;
        if (x < e && *x == '=' && (x + 1 >= e || x[1] != '=')) {
            P->memo_off = true;
            if (w_ie - s == 1 && *s == '.') return a64p_org(P, skip_ws(x + 1, e), e, false);   /* `. = N` */
            return asm_assign(&P->A, s, (size_t)(w_ie - s), x + 1, e, &ae) || a64p_aerr(P, &ae);
        }
        if (e - x >= 4 && x[0] == '.' && ascii_lower(x[1]) == 'r' && ascii_lower(x[2]) == 'e' && ascii_lower(x[3]) == 'q' &&
            (e - x == 4 || is_ws(x[4])))
        {
            const char *kept = NULL;
            if (!asm_req(&P->A, s, (size_t)(w_ie - s), x + 4, e, &kept, &ae)) return a64p_aerr(P, &ae);
            if (kept) {   /* llvm-mc and GNU as keep the first meaning */
                char nb[64];
                a64p_pwarn(P, s, "ignoring redefinition of register alias '%s' (it stays '%s')", a64p_q(s, w_ie, nb, sizeof nb), kept);
            }
            return true;
        }
    }
    if (*s == '.' && s + 1 < e && (is_alpha(s[1]) || is_digit(s[1]))) return a64p_directive(P, s, e, w_ie);
    if (lex_invalid(*s)) {        /* (llvm's lexer's error, then its parser's) */
        a64p_perr(P, s, "invalid character in input");
        diag_add(P->err, NULL, P->file, P->line, (int)(s - P->ls) + 1, P->ls, "unexpected token at start of statement");
        return false;
    }
    if (!is_alpha(*s)) return a64p_perr(P, s, "unexpected token at start of statement");
    return instruction(P, s, e, w_me);
}

/* what the text of a comment [c, e) marks, its blanks skipped: the start of a code region
 * (LLVM-MCA-BEGIN first), its end (LLVM-MCA-END first), or nothing (MARK_NONE); the name is
 * what follows, a blank between or not, as llvm-mca reads it.  The one test of the marker
 * words: region_marker's, and semi_comment's and line_blanked's, which take a marker's comment
 * as one */
enum { MARK_NONE, MARK_BEGIN, MARK_END };
static int marker_kind(const char *c, const char *e)
{
    c = skip_ws(c, e);
    size_t n = (size_t)(e - c);
    if (n >= 14 && !memcmp(c, "LLVM-MCA-BEGIN", 14)) return MARK_BEGIN;
    if (n >= 12 && !memcmp(c, "LLVM-MCA-END", 12)) return MARK_END;
    return MARK_NONE;
}

/* on an ELF triple, a ';' whose text is no statement is read as Apple's comment (compilers on
 * macOS write `; %bb.0:`, `; kill: def $w0`), which llvm-mca refuses there: said, once a parse
 * (a64_print_warnings: once an input), so that `nop; addd x0, x1` is not silent.  A region
 * marker's comment is taken on purpose (README) and not said, nor an empty statement. */
static void semi_comment(Parser *P, const char *at, const char *e)
{
    const char *c = skip_ws(at + 1, e);
    if (P->semi_said || c >= e || (e - c >= 2 && c[0] == '/' && (c[1] == '/' || c[1] == '*')) ||
        marker_kind(c, e) != MARK_NONE)
        return;   /* (`.def f;`, `nop; // ...`) */
    P->semi_said = true;
    Diag *d = a64p_pwarn(P, at, "';' read as the start of a comment, as in Apple's syntax: on this ELF triple llvm-mca "
                         "reads a statement after it (-mtriple=arm64-apple-macos reads Apple's syntax; said once)");
    if (d) d->kind = A64_DIAG_SEMI_COMMENT;
}

/* does a ';' piece start like a statement (mnemonic, directive, label)? */
static bool looks_statement(const char *s, const char *e)
{
    const char *p;
    for (;;) {   /* labels and a statement: `c: mul ...`, `1: nop` (not clang's `; kill: def $w0`) */
        s = skip_ws(s, e);
        if (s >= e) return false;
        if (*s == '.') return s + 1 < e && (is_alpha(s[1]) || is_digit(s[1]));
        p = s;
        while (p < e && (cclass[(uint8_t)*p] & C_MNEM)) p++;
        const char *ie = ident_end(p, e);
        if (!(ie > s && ie < e && *ie == ':')) break;
        s = ie + 1;
    }
    size_t n = (size_t)(p - s);
    if (!n || n > 30 || !is_alpha(*s)) return false;
    if (p < e && !is_ws(*p) && *p != ';') return false;   /* (`nop;nop`: the next ';' ends it) */
    char b[32];
    ascii_lower_n(b, s, n);
    b[n] = 0;
    char *dot = strchr(b, '.');
    if (dot && a64_cond_lookup(dot + 1, strlen(dot + 1)) >= 0) strcpy(dot + 1, "cc");
    if (n == 3 && b[0] == 'b' && a64_cond_lookup(b + 1, 2) >= 0) return true;
    return a64_mnem_find(b, strlen(b)) != NULL;
}

/* `// uarch: taken`, `not-taken`, `taken N/M` or `taken P%` after a branch on its line */
static bool branch_hint(Parser *P, const char *c, const char *e)
{
    A64Program *g = P->prog;
    const char *w = skip_ws(c + 6, e);
    A64Inst *in = g->ninsts > 0 ? &g->insts[g->ninsts - 1] : NULL;
    if (!in || in->line != P->line) return a64p_perr(P, c, "'uarch:' hint without an instruction on its line");
    if (!in->branch) return a64p_perr(P, c, "'uarch:' hint on '%s', which is not a branch", in->mnem_name);
    if (in->branch != A64_BR_COND)
        return a64p_perr(P, c, "'uarch:' hint on '%s', which is not a conditional branch (b.cond, cbz, cbnz, tbz, "
                    "tbnz): its direction is not a choice", in->mnem_name);
    long num = 1, den = 1;
    if ((size_t)(e - w) >= 9 && !memcmp(w, "not-taken", 9) && skip_ws(w + 9, e) == e) num = 0;
    else if ((size_t)(e - w) >= 5 && !memcmp(w, "taken", 5) && (w + 5 == e || is_ws(w[5]))) {
        const char *r = skip_ws(w + 5, e);
        if (r < e) {
            int64_t a, b = 100;
            bool ovf;
            const char *q2 = a64_parse_int(r, e, &a, &ovf), *q3 = NULL;
            if (q2 && !ovf && q2 < e && *q2 == '%') q3 = q2 + 1;
            else if (q2 && !ovf && q2 < e && *q2 == '/') {
                q3 = a64_parse_int(q2 + 1, e, &b, &ovf);
                if (ovf) q3 = NULL;
            }
            if (!q3 || skip_ws(q3, e) != e || a < 0 || b < 1 || b > 100 || a > b)
                return a64p_perr(P, r, "expected a taken ratio N/M (M at most 100) or P%% (0 to 100)");
            num = (long)a, den = (long)b;
            for (long x = num, y = den; ; ) {       /* reduced: the shortest pattern */
                if (!y) { num /= x ? x : 1; den /= x ? x : 1; break; }
                long t = x % y; x = y; y = t;
            }
            if (num == 0) den = 1;
        }
    } else return a64p_perr(P, w, "unknown hint (expected 'taken', 'not-taken', 'taken N/M' or 'taken P%%')");
    in->hint_num = (uint8_t)num;
    in->hint_den = (uint8_t)den;
    /* the measured form follows the hint, not the target's direction: the taken form when the
     * branch is taken at least half the time */
    const char *f = in->form;
    size_t fl = f ? strlen(f) : 0;
    bool nt = fl > 10 && !strcmp(f + fl - 10, "_not_taken"), tk = !nt && fl > 6 && !strcmp(f + fl - 6, "_taken");
    bool want = 2 * num >= den;
    char b[64];
    if (nt && want && fl - 10 + 6 < sizeof b) {
        snprintf(b, sizeof b, "%.*s_taken", (int)(fl - 10), f);
        in->form = a64_intern(&P->env, b, strlen(b));
    } else if (tk && !want && fl - 6 + 10 < sizeof b) {
        snprintf(b, sizeof b, "%.*s_not_taken", (int)(fl - 6), f);
        in->form = a64_intern(&P->env, b, strlen(b));
    }
    return true;
}

/* a region marker's error, as llvm-mca 19 reports it (CodeRegion.cpp): its words at the start of
 * the comment's text (just after '#', '//' or the block comment's opening), then its note at the
 * same place and uarch's own words in a note ("": none) */
static bool region_err(Parser *P, const char *at, const char *msg, const char *note, const char *ours)
{
    int col = (int)(at - P->ls) + 1;
    diag_set(P->err, P->file, P->line, col, user_line(P, P->ls), "%s", msg);
    if (note[0]) diag_note(P->err, P->file, P->line, col, user_line(P, P->ls), "%s", note);
    P->err->kind = A64_DIAG_REGION;
    return report_notes(P, ours);
}

static bool region_marker(Parser *P, const char *at, const char *e)
{
    const char *c = skip_ws(at, e);
    e = rtrim(c, e);
    A64Program *g = P->prog;
    if ((size_t)(e - c) >= 6 && !memcmp(c, "uarch:", 6)) return branch_hint(P, c, e);
    int mark = marker_kind(c, e);
    if (mark == MARK_BEGIN) {
        const char *nm = skip_ws(c + 14, e);
        size_t n = (size_t)(e - nm);
        for (int i = 0; i < P->nopen; i++) {
            A64Region *r = &g->regions[P->open[i].idx];
            if (strlen(r->name) == n && !memcmp(r->name, nm, n)) {
                char note[300];
                snprintf(note, sizeof note, "region '%.*s' is already open: end it first", (int)(n < 200 ? n : 200), nm);
                return n ? region_err(P, at, "overlapping regions cannot have the same name", "", note)
                         : region_err(P, at, "found multiple overlapping anonymous regions", "",
                                      "an anonymous region is already open: end it first");
            }
        }
        if (P->nopen == (int)ARRAY_LEN(P->open)) return a64p_perr(P, c, "too many nested regions");
        if (g->nregions == P->capregions) {
            P->capregions = P->capregions ? P->capregions * 2 : 8;
            g->regions = xrealloc(g->regions, (size_t)P->capregions * sizeof *g->regions);
        }
        g->regions[g->nregions] = (A64Region){arena_strndup(&g->arena, nm, n), g->ninsts + P->insts0, -1, P->line};
        P->open[P->nopen++].idx = g->nregions++;
        return true;
    }
    if (mark == MARK_END) {
        const char *nm = skip_ws(c + 12, e);
        size_t n = (size_t)(e - nm);
        if (!P->nopen && !n && g->nregions + P->regions0 == 0) {
            /* llvm-mca: an END before any region ends the implicit region of the file here */
            if (g->nregions == P->capregions) {
                P->capregions = P->capregions ? P->capregions * 2 : 8;
                g->regions = xrealloc(g->regions, (size_t)P->capregions * sizeof *g->regions);
            }
            g->regions[g->nregions++] = (A64Region){"", 0, g->ninsts + P->insts0, P->line};
            return true;
        }
        char note[300];
        snprintf(note, sizeof note, "unable to find an active region named %.*s", (int)(n < 200 ? n : 200), nm);
        if (!P->nopen)
            return region_err(P, at, "found an invalid region end directive",
                              n ? note : "unable to find an active anonymous region", "");
        int k = P->nopen - 1;
        if (n || P->nopen > 1) {   /* (anonymous: the only open region, else the anonymous one) */
            for (k = P->nopen - 1; k >= 0; k--) {
                A64Region *r = &g->regions[P->open[k].idx];
                if (strlen(r->name) == n && !memcmp(r->name, nm, n)) break;
            }
            if (k < 0 && n)
                return region_err(P, at, "found an invalid region end directive", note, "");
            if (k < 0) {
                char ours[120];
                snprintf(ours, sizeof ours, "an anonymous LLVM-MCA-END with %d named regions open: name the one it ends", P->nopen);
                return region_err(P, at, "found an invalid region end directive", "unable to find an active anonymous region", ours);
            }
        }
        g->regions[P->open[k].idx].end = g->ninsts + P->insts0;
        for (int i = k; i + 1 < P->nopen; i++) P->open[i] = P->open[i + 1];
        P->nopen--;
        return true;
    }
    return true;
}


/* The statement before the ';' at p failed: llvm goes on with the statements after it on the
 * line, and reports each one's error too (addd x0, x0, x1; movz x0, #1, lsl #7; nop: both):
 * they are parsed, whatever they are (an unknown mnemonic is no comment after an error: llvm
 * reads a statement; a label or a directive has its effect, and the line is left out where
 * -skip-unsupported-instructions can undo it), and their errors follow the first (diag_append;
 * Diag.cut counts those its notes cannot hold).  Always false (the line failed) */
static bool line_after_error(Parser *P, const char *p, const char *e)
{
    const char *s = skip_ws(p + 1, e);
    if (P->A.exited || P->A.collect || P->ended || s >= e) return false;
    if (P->after_error >= 64) {   /* (each one a call deeper: the rest is said to be unread) */
        P->err->cut++;
        return false;
    }
    Diag *first = xmalloc(sizeof *first);
    *first = *P->err;
    P->after_error++;
    if (!a64p_line(P, s, e, a64_plain_end(s, e))) diag_append(first, P->err);
    P->after_error--;
    *P->err = *first;
    free(first);
    return false;
}

/* where the line comment of [p, e) starts ('//', ';' on Darwin, '#' first on the line; not in a
 * string), or e */
static const char *comment_start(const char *p, const char *e, bool darwin)
{
    const char *q = skip_ws(p, e);
    if (q < e && *q == '#') return q;
    for (bool quote = false; q < e; q++) {
        const char *c;
        if (quote) {
            if (*q == '\\' && q + 1 < e) q++;
            else if (*q == '"') quote = false;
        } else if (*q == '"') quote = true;
        else if (*q == '\'' && (c = asm_char_end(q, e))) q = c - 1;   /* (';') */
        else if ((*q == '/' && q + 1 < e && q[1] == '/') || (*q == ';' && darwin)) return q;
    }
    return e;
}

/* just past the end of the block comment open at s (its star-slash) in [s, e), or NULL */
static const char *comment_close(const char *s, const char *e)
{
    for (const char *x = s; x + 1 < e; x++)
        if (x[0] == '*' && x[1] == '/') return x + 2;
    return NULL;
}

/* the line again from s, with its block comments blanked (in a copy, P->cline: columns stay),
 * from the state at s (inside a comment or not); the copy is parsed instead */
static bool line_blanked(Parser *P, const char *s, const char *e)
{
    /* a line that is one block comment holding a region marker: llvm-mca takes it (slash-star
     * LLVM-MCA-BEGIN c star-slash; on an ELF triple it ignores a `//` one, which uarch takes) */
    const char *t = skip_ws(s, e), *te = rtrim(t, e);
    if (!P->A.in_comment && te - t >= 4 && !memcmp(t, "/*", 2) && !memcmp(te - 2, "*/", 2)) {
        const char *c = skip_ws(t + 2, te - 2);
        const char *close = c;
        while (close + 1 < te - 2 && !(close[0] == '*' && close[1] == '/')) close++;
        if (close + 1 >= te - 2 && marker_kind(c, te - 2) != MARK_NONE)
            return region_marker(P, t + 2, te - 2);
    }
    Buf *b = &P->cline;
    buf_reset(b);
    buf_put(b, P->ls, (size_t)(e - P->ls));
    buf_cstr(b);
    char *ce = b->data + b->len;
    bool quote = false;
    for (char *x = b->data + (s - P->ls); x < ce; x++) {
        if (P->A.in_comment) {
            if (x + 1 < ce && x[0] == '*' && x[1] == '/') { x[0] = x[1] = ' '; x++; P->A.in_comment = false; }
            else if (*x != '\t') *x = ' ';
            continue;
        }
        if (quote) {
            if (*x == '\\' && x + 1 < ce) x++;
            else if (*x == '"') quote = false;
            continue;
        }
        const char *c;
        if (*x == '"') quote = true;
        else if (*x == '\'' && (c = asm_char_end(x, ce))) x += c - x - 1;   /* ('"', '/') */
        else if (x[0] == '/' && x + 1 < ce && x[1] == '/') break;        /* a line comment: the rest */
        else if (*x == ';' && P->A.dialect == ASM_DARWIN) break;
        else if (x[0] == '/' && x + 1 < ce && x[1] == '*') {
            P->cmt_line = P->line, P->cmt_col = (int)(x - b->data) + 1;
            x[0] = x[1] = ' '; x++; P->A.in_comment = true;
        }
    }
    const char *ns = b->data + (s - P->ls);
    P->cline_of = P->ls;
    P->ls = b->data;
    P->le = P->end = ce;
    return a64p_line(P, ns, ce, a64_plain_end(ns, ce));
}

/* .ifc/.ifnc (d, at s, its arguments from a) whose text opens a string at q and never closes
 * it: llvm-mc 19's lexer reads that string to the end of the text (its error token: the lines
 * after it are never assembled), and parseDirectiveIfc reads tokens to a comma.  The string
 * before the comma: "expected comma" at the end of the text; after it: the conditional opens
 * (its texts differ: the second holds the rest of the text) and is left open, "unmatched .ifs
 * or .elses" at the end (asm_finish).  A line of an expansion or of an included file ends
 * another buffer: not here */
static bool ifc_open_string(Parser *P, const AsmDirective *d, const char *s, const char *a, const char *q)
{
    if (P->start) return a64p_whole(P, s);   /* (the rest of the text is in other pieces) */
    const char *c = a;
    for (bool in = false; c < q; c++) {   /* (the strings before q are closed) */
        if (in && *c == '\\') c++;
        else if (*c == '"') in = !in;
        else if (*c == ',' && !in) break;
    }
    if (c >= q) {
        const char *l0 = P->input;   /* the end of the text: its last line, after its last newline */
        int l = 1;
        for (const char *nl; (nl = memchr(l0, '\n', (size_t)(P->input_end - l0))); l0 = nl + 1) l++;
        P->line = l;
        P->ls = l0;
        P->le = P->input_end;
        return a64p_perr(P, P->input_end, "expected comma");
    }
    AsmErr ae;
    P->A.line_start = P->ls;
    if (asm_directive(&P->A, d, s, a, c + 1, P->line, &ae) != ASM_DONE) return a64p_aerr(P, &ae);
    P->ended = true;
    return true;
}

/* a directive (d) whose arguments (from x) hold a whole value and then, at q, a string never
 * closed: llvm-mc 19 reads the value, and its check of the token after it fails before the
 * lexer's error is reported: the words of src/asm/directives.tsv's afterval column; NULL where
 * the directive has none or no value ends */
static const char *value_then_string(const AsmDirective *d, const char *x, const char *q)
{
    const char *t = q;
    while (t > x && is_ws(t[-1])) t--;
    if (t == x || strchr("+-*/%<>=!&|^~(,", t[-1]) || !strcmp(d->afterval, "-")) return NULL;
    return d->afterval;
}

/* the statement [s, e) (from st with its labels) holds a string opened at q and never closed:
 * llvm-mc 19's error where its lexer's error token stops the statement (the name of `.set`/
 * `.equ`/`.equiv` "expected identifier", after it "expected comma", in the value, or `name =
 * value`'s, "missing expression" where an operand is wanted, else "expected newline"; a macro's
 * argument, or the statement's first token, "unterminated string constant"; a directive's, the
 * words of src/asm/directives.tsv), at q; else uarch's words at s */
static bool unterminated(Parser *P, const char *st, const char *s, const char *q, const char *e)
{
    /* (in a piece of the text, a quote in the pieces after it may close the string: the
     * statement goes on there, src/asm/asm.c asm_statement_end) */
    if (P->start && !P->A.nframes && P->file == P->input_file) return a64p_whole(P, q);
    s = skip_ws(s, e);
    const char *w = s + (s < e && *s == '.'), *we = asm_name_end(w, e), *x = skip_ws(we, e), *v = NULL;
    size_t n = (size_t)(we - s);
    if (s == q) return a64p_perr(P, q, "unterminated string constant");
    const AsmDirective *d = NULL;   /* (src/asm/directives.tsv: llvm's words for it) */
    char name[40] = "";
    if (*s == '.' && n > 1 && n < 40) {
        ascii_lower_n(name, s + 1, n - 1);
        name[n - 1] = 0;
        d = asm_directive_find(name, P->A.dialect);
    }
    if (d && !strcmp(d->unterminated, "=")) {   /* .set and its kin: llvm's parseAssignment */
        if (x == q) return a64p_perr(P, q, "expected identifier");
        x = skip_ws(asm_name_end(x, e), e);
        if (x == q) return a64p_perr(P, q, "expected comma");
        if (x < q && *x == ',') v = x + 1;
    } else if (we > s && x < e && *x == '=' && (x + 1 >= e || x[1] != '=')) {
        v = x + 1;
    } else if (we > s && asm_macro_named(&P->A, s, n)) {
        return a64p_perr(P, q, "unterminated string constant");
    } else if (we > s && x < q && *x == ':') {   /* a label first: the statement after it */
        return unterminated(P, st, x + 1, q, e);
    } else if (*s == '.' && n > 1 && n < 40) {
        /* a directive that reads its arguments as an expression (a data value, a count, .if's
         * condition) or lexes its first one (.section, .print): llvm's lexer's error; one that
         * wants a string (.ascii) finds none: the directive's words */
        if (!d) return a64p_perr(P, s, "unknown directive");   /* (the name first) */
        const char *msg = value_then_string(d, x, q);
        if (msg) asm_cond_failed(&P->A, d, P->line, s);   /* (.if's condition: the conditional stays open) */
        if (msg) return a64p_perr(P, q, "%s", msg);
        if (d && (d->kind == ASM_D_IFC || d->kind == ASM_D_IFNC) && !strcmp(d->unterminated, "-") && !P->A.nframes &&
            P->file == P->input_file)
            return ifc_open_string(P, d, s, x, q);
        if (a64p_checked_args(P, d, s, x, e)) return false;
        if (d && d->kind >= ASM_D_CFI_REG) return a64p_cfi_directive(P, d, s, x, e, q);
        if (d && d->kind == ASM_D_SECTION && P->A.dialect == ASM_ELF) return a64p_elf_section(P, name[0] == 'p', s, x, e);
        if (d && !strcmp(d->unterminated, "+")) return a64p_statement(P, st, e);   /* (as written) */
        if (d && strcmp(d->unterminated, "-")) return a64p_perr(P, q, "%s", d->unterminated);
    } else if (we > s && q > s && q[-1] == '#') {
        return a64p_perr(P, q, "unterminated string constant");   /* (an immediate's expression) */
    } else if (we > s && *s != '.' && q > we) {   /* an instruction's operand: none starts there */
        const char *t = q;
        while (t > we && is_ws(t[-1])) t--;
        if (t == we || t[-1] == ',') return a64p_perr(P, q, "invalid operand");
    }
    if (!v) return a64p_perr(P, s, "unterminated string");
    const char *t = q;            /* what comes before the string in the value: an operand wanted? */
    while (t > v && is_ws(t[-1])) t--;
    if (t == v || strchr("+-*/%<>=!&|^~(,", t[-1])) return a64p_perr(P, q, "missing expression");
    return a64p_perr(P, q, "expected newline");
}

/* whether x is in a character literal ('"', ';'), those looked for from *lp on (no string
 * between): *lp then past the last one found */
static bool char_lit(const char **lp, const char *x, const char *e)
{
    for (const char *a, *c; *lp < x && (a = memchr(*lp, '\'', (size_t)(x - *lp)));) {
        *lp = (c = asm_char_end(a, e)) ? c : a + 1;
        if (c && c > x) return true;
    }
    return false;
}

/* the line [s, e); `plain` = its first " / ; (or e): the caller found the line end with it */
bool a64p_line(Parser *P, const char *s, const char *e, const char *plain)
{
    const char *p = skip_ws(s, e);
    P->A.exited = false;
    if (p < e && *p == '#') return region_marker(P, p + 1, e);
    if (P->A.dialect == ASM_DARWIN && memchr(p, '%', (size_t)(e - p))) {
        /* Darwin's statement separator `%%` (outside a string, before the comment) */
        const char *ce = comment_start(p, e, true);
        bool quote = false;
        for (const char *x = p, *c; x + 1 < ce; x++) {
            if (quote) {
                if (*x == '\\') x++;
                else if (*x == '"') quote = false;
            } else if (*x == '"') quote = true;
            else if (*x == '\'' && (c = asm_char_end(x, ce))) x = c - 1;   /* ('%') */
            else if (x[0] == '%' && x[1] == '%') {
                if (!a64p_line(P, s, x, a64_plain_end(s, x))) return false;
                if (P->A.exited) return true;
                return a64p_line(P, x + 2, e, a64_plain_end(x + 2, e));
            }
        }
    }
    if (plain == e) return a64p_statement(P, p, e);      /* no string, comment or ';': most lines */
    const char *st = p, *se = e, *comment = NULL, *qs = NULL;   /* qs: the '"' of the last string */
    const char *lp = p;           /* (character literals are looked for from here: char_lit) */
    bool quote = false;
    for (p = plain; p < e; p++) {
        if (!quote) {            /* skip to the next character that matters: " / ; */
            while (p < e && !(cclass[(uint8_t)*p] & C_STOP)) p++;
            if (p == e) break;
        }
        char c = *p;
        if (quote) {
            if (c == '\\' && p + 1 < e) p++;
            else if (c == '"') quote = false, lp = p + 1;
            continue;
        }
        if (char_lit(&lp, p, e)) { p = lp - 1; continue; }   /* ('"', ';', '/') */
        if (c == '"') { quote = true; qs = p; continue; }
        if (c == '/' && p + 1 < e && p[1] == '/') { se = p; comment = p + 2; break; }
        if (c == '/' && p + 1 < e && p[1] == '*') {
            return line_blanked(P, st, e);
        }
        if (c == ';' && P->A.dialect == ASM_DARWIN) { se = p; comment = p + 1; break; }   /* Apple: a comment */
        if (c == ';') {
            if (!a64p_statement(P, st, p)) return line_after_error(P, p, e);
            if (P->A.exited) return true;      /* .exitm: the rest of the line belongs to the ended expansion */
            if (P->A.collect && looks_statement(p + 1, e))   /* (llvm-mc takes a body here too) */
                return a64p_perr(P, skip_ws(p + 1, e), "a statement after '.macro', '.rept', '.irp' or '.irpc' on "
                            "its line: uarch reads such a body from the next line on");
            if (!looks_statement(p + 1, e) && (!P->after_error || skip_ws(p + 1, e) >= e)) {   /* (after an error: a statement) */
                semi_comment(P, p, e);
                st = NULL, comment = p + 1;
                break;
            }
            st = p + 1;
        }
    }
    if (quote) return unterminated(P, st, st, qs, e);
    if (st && !a64p_statement(P, st, se)) return false;
    if (comment) return region_marker(P, comment, e);
    return true;
}

/* .ifdef: a label defined so far */
static bool label_known(void *ctx, const char *s, size_t n)
{
    return sym_known(ctx, s, n);
}

/* the targets of branches to named labels and to `.+N` (a 1b/1f one is set where it is read) */
static void resolve_targets(Parser *P)
{
    A64Program *g = P->prog;
    for (int i = 0; i < g->ninsts; i++) {
        A64Inst *in = &g->insts[i];
        if (!in->branch) continue;
        int64_t sec = P->isec ? P->isec[i] : 0, t = in->target, d = 0;   /* (1b, 1f: set) */
        for (int k = 0; t < 0 && k < in->nops; k++) {
            const A64Operand *o = &in->ops[k];
            if (o->kind != A64_OP_LABEL) continue;
            if (o->u.label.is_dot)   /* (sec -1, an instruction in a data section: t < 0, not followed) */
                t = (int64_t)((uint64_t)sec << 32 | in->offset), d = o->u.label.dot_offset;
            else if (o->u.label.sym && o->u.label.numeric < 0)
                t = sym_off(P, o->u.label.sym, strlen(o->u.label.sym)), d = o->u.label.dot_offset;
            break;
        }
        /* a target in another section is not in this code (its offsets are another's) */
        int64_t off = (int64_t)(uint32_t)t + d;
        in->target = t >= 0 && t >> 32 == sec && off >= 0 ? off : -1;
    }
    if (!P->isec) return;
    /* where each section lies: the first that holds instructions at 0, each other that holds
     * some from the first A64_SECTION_ALIGN boundary after the end of the one before, in the
     * order the text first entered them (the default section first); an instruction's offset
     * and its branch's target (in its section) move with it, modulo 4 GiB as offsets are */
    P->secs[P->code_sec].offset = P->offset;
    uint32_t *base = xcalloc((size_t)P->nsecs, sizeof *base);
    uint64_t at = 0;
    for (int k = 0, first = 1; k < P->nsecs; k++) {
        if (!P->secs[k].insts) continue;
        if (!first) at = (at + A64_SECTION_ALIGN - 1) & ~(uint64_t)(A64_SECTION_ALIGN - 1);
        base[k] = (uint32_t)at;
        at += P->secs[k].offset;
        first = 0;
    }
    for (int i = 0; i < g->ninsts; i++) {
        A64Inst *in = &g->insts[i];
        uint32_t b = base[P->isec[i]];
        in->offset += b;
        if (in->target >= 0) in->target = (uint32_t)((uint64_t)in->target + b);
    }
    free(base);
}

bool a64_parse(const char *file, const char *text, size_t len, A64Program *prog, Diag *err)
{
    return a64_parse_opts(file, text, len, NULL, prog, err);
}

/* the error just made, of a statement that took effect (AsmState.kept): A64_DIAG_KEPT, for the
 * caller to parse again under skip_errors (a line of an included file stays its own) */
static void kept_kind(Parser *P)
{
    if (P->A.kept && !P->err->kind) P->err->kind = A64_DIAG_KEPT;
}

/* the error in err left out (A64ParseOptions.skip_errors): listed in the program */
void a64p_skipped_add(Parser *P, const Diag *err)
{
    A64Program *prog = P->prog;
    if (prog->nskipped % 64 == 0)
        prog->skipped = xrealloc(prog->skipped, (size_t)(prog->nskipped + 64) * sizeof *prog->skipped);
    bool inc = err->kind == A64_DIAG_INCLUDED;
    prog->skipped[prog->nskipped++] = (struct A64Skipped){
        inc ? asm_outer_line(&P->A, P->line) : err->line, err->col, err->col_end,
        arena_strndup(&prog->arena, err->msg, strlen(err->msg)),
        err->notes[0] ? arena_strndup(&prog->arena, err->notes, strlen(err->notes)) : NULL, err->kind,
        inc ? arena_strndup(&prog->arena, err->file, strlen(err->file)) : NULL,
        inc ? arena_strndup(&prog->arena, err->src_line, strlen(err->src_line)) : NULL, inc ? err->line : 0, err->cut};
    prog->skipped[prog->nskipped - 1].order_col = err->order_col;
}

/* the line `line` at ls failed after errors of its earlier statements were left out (from
 * prog->skipped[from] on: llvm's MCContext's, where it goes on): they go with its error, first,
 * as the caller reads the line again blank (each line's errors in the order llvm prints them).
 * (Not the caller's order of the errors it holds, src/mca/chunks.c's Held, which places whole
 * lines among the parser's skipped list: a parse that fails keeps no skipped list, so these
 * errors of one line can only reach the caller inside its error; each orders what the other
 * cannot see.) */
static void skipped_join(Parser *P, int from, int line, const char *ls)
{
    A64Program *g = P->prog;
    for (int i = from; i < g->nskipped; i++)
        if (g->skipped[i].file || g->skipped[i].line != line) return;   /* (none of this line's) */
    if (g->nskipped <= from) return;
    Diag *d = xmalloc(2 * sizeof *d), *e = d + 1;
    for (int i = from; i < g->nskipped; i++) {
        const struct A64Skipped *sk = &g->skipped[i];
        diag_set(i == from ? d : e, P->file, line, sk->col, ls, "%s", sk->msg);
        Diag *t = i == from ? d : e;
        t->col_end = sk->col_end;
        t->cut = sk->cut;
        if (sk->notes) snprintf(t->notes, sizeof t->notes, "%s", sk->notes);
        if (i > from) diag_append(d, e);
    }
    diag_append(d, P->err);
    d->kind = P->err->kind;
    *P->err = *d;
    free(d);
    g->nskipped = from;
}

/* the current line made that of the end of the text [text, end), where llvm's lexer ends: the
 * last line's end, or an empty line after its newline */
static void at_text_end(Parser *P, const char *text, const char *end)
{
    int l = 1;
    const char *l0 = text;
    for (const char *n; l0 < end && (n = memchr(l0, '\n', (size_t)(end - l0))); l++) l0 = n + 1;
    P->line = l;
    P->ls = l0;
    P->le = end;
}

bool a64_start_files_gap(const A64ParseStart *s)
{
    uint64_t lo = s->files[0] | 1, hi = s->files[1];
    return s->files_more || (hi ? lo != UINT64_MAX || (hi & (hi + 1)) : (lo & (lo + 1)) != 0);
}

/* the text parsed once; data sections laid out with `lay_data`, else *relay when an instruction
 * lies in one (then false: the text is to be parsed again with them laid out) */
static bool parse_text(const char *file, const char *text, size_t len, const A64ParseOptions *opt,
                       A64Program *prog, Diag *err, bool lay_data, bool *relay)
{
    memset(prog, 0, sizeof *prog);
    Parser P;
    memset(&P, 0, sizeof P);
    P.lay_data = lay_data;
    P.file = P.input_file = file ? file : "<input>";
    P.prog = prog;
    P.err = err;
    P.text = P.laid = true;    /* (sec, code_sec: 0, the default section) */
    P.prev_sec = SEC_NONE;
    P.num_target = -1;
    P.start = opt ? opt->start : NULL;
    P.skip = opt && opt->skip_errors;
    if (P.start) {
        P.offset = P.start->offset;
        P.text = P.laid = !P.start->data;
        P.sec = P.start->data ? -1 : 0;
        P.prev_sec = P.start->prev_none ? SEC_NONE : P.start->prev_data ? -1 : 0;
        P.insts0 = P.start->insts;
        P.regions0 = P.start->regions;
        P.ntmp = P.start->tmps;
        if (P.start->cfi_open) {
            P.cfi = xmalloc(8 * sizeof *P.cfi);
            P.capcfi = 8;
            P.cfi[P.ncfi++] = P.start->cfi_data ? -1 : 0;
        }
        P.cfi_last = P.start->cfi_last;
        P.dfiles[0] = P.start->files[0], P.dfiles[1] = P.start->files[1];
        P.dfiles_more = P.start->files_more;
        P.md5_with = P.start->md5_with, P.md5_without = P.start->md5_without;
        P.file_made = P.start->file_made, P.md5_said = P.start->md5_said;
        if (P.start->nsecs) {
            P.elf = xmalloc((size_t)(P.capelf = P.start->nsecs) * sizeof *P.elf);
            memcpy(P.elf, P.start->secs, (size_t)(P.nelf = P.start->nsecs) * sizeof *P.elf);
        }
        P.elf_more = P.start->secs_more;
    }
    P.elf_cur = P.start ? P.start->sec_cur : -1;
    P.elf_prev = -1;
    P.env.arena = &prog->arena;
    P.env.label_defined = sym_has;
    P.env.ctx = &P;
    P.env.features = P.start && P.start->arch ? P.start->features : opt ? opt->features : A64_FEATURES_NONE;
    P.env.sys = P.start && P.start->arch ? P.start->sys : P.env.features;
    asm_init(&P.A, opt ? (AsmDialect)opt->dialect : ASM_ELF, label_known, &P);
    P.A.numlab = num_ref;
    prog->file = arena_strndup(&prog->arena, P.file, strlen(P.file));
    bool ok = true;
    const char *p = text, *end = text + len;
    size_t nl = 1;
    nl += count_newlines(p, end);
    if (nl > 1024) grow_insts(prog, nl);
    /* the memo: a slot per line, at most 2^16 at first; it doubles when half full, so that it
     * grows with the distinct instructions, not the lines (a long file repeats most of them) */
    P.memo_init = 1024;
    while ((size_t)P.memo_init < nl && P.memo_init < (1 << 16)) P.memo_init *= 2;
    P.input = text;
    P.input_end = end;
    P.text_end = end;
    int line_no = 0;              /* lines of the file read so far */
    /* the next NUL of the text: every line before it is free of NULs (one in a line comment is
     * passed), and expansions only replay lines already read */
    const char *nul = len ? memchr(text, 0, len) : NULL;
    AsmErr ae;
    for (;;) {
        const char *ls, *le, *plain, *tend;
        if (P.A.nframes) {        /* the lines of an expansion (macro, .rept, .irp) first */
            int fl = 0;
            bool fok;
            const char *fs = NULL, *fe = NULL, *ff = NULL;
            bool got = asm_frame_line(&P.A, &fs, &fe, &fl, &ff, &fok, &ae);
            P.A.cur_file = ff;
            P.file = ff ? ff : P.input_file;
            if (got) {
                ls = fs;
                le = fe;
                P.next_line = NULL;
                P.line = fl;
                tend = le;
                plain = a64_plain_end(ls, le);
                goto have_line;
            }
            if (!fok) {           /* a bound: located at the line it stopped at, when there is one */
                P.ls = fs;
                P.le = fe;
                if (fs) P.line = fl;
                ok = a64p_aerr(&P, &ae);
                break;
            }
        }
        if (p >= end) break;
        /* one pass over the plain part of the line; only lines with a comment, a string or a
         * ';' are searched again for their end */
        plain = a64_plain_end(p, end);
        le = plain < end && *plain != '\n' ? memchr(plain, '\n', (size_t)(end - plain)) : plain;
        if (!le) le = end;
        ls = p;
        tend = end;
        P.line = ++line_no;
        const char *from = P.A.in_comment ? comment_close(ls, le) : ls;   /* (past a block comment's end) */
        if (plain < le && from && (memchr(plain, '"', (size_t)(le - plain)) || memchr(plain, '*', (size_t)(le - plain)))) {
            /* (a string or a block comment that spans lines?) */
            int more;
            const char *se = asm_statement_end(from, le, end, P.A.dialect == ASM_DARWIN, &more);
            if (se) le = se, line_no += more;
        }
        P.A.cur_file = NULL;
        P.file = P.input_file;
        p = le + 1;
        P.next_line = le < end ? p : NULL;
        if (nul && nul < le) {    /* NULs in a line comment are comment (clang -g writes `.byte 0 // ^@`) */
            if (nul < comment_start(ls, le, P.A.dialect == ASM_DARWIN)) {
                P.ls = ls; P.le = le; ok = a64p_perr(&P, nul, "unexpected NUL character");
                break;
            }
            nul = le < end ? memchr(le, 0, (size_t)(end - le)) : NULL;
        }
    have_line:
        P.cline_of = NULL;
        P.ls = ls;
        P.le = le;
        P.end = tend;
        if (P.A.busy) {           /* a body being collected, or a false conditional */
            bool aok;
            const char *cs = ls, *ce = le;
            if (P.A.in_comment || (plain < le && memchr(plain, '*', (size_t)(le - plain)))) {
                /* block comments hide what they hold from the layer too; a body keeps their
                 * ends and newlines (a statement goes on after one, in the expansion too) */
                Buf *b = &P.cline;
                buf_reset(b);
                buf_put(b, ls, (size_t)(le - ls));
                buf_cstr(b);
                for (char *x = b->data; x < b->data + b->len; x++) {
                    if (P.A.in_comment) {
                        if (x[0] == '*' && x[1] == '/') { x++; P.A.in_comment = false; }
                        else if (*x != '\t' && *x != '\n') *x = ' ';
                    } else if (x[0] == '/' && x[1] == '*') {
                        P.cmt_line = P.line, P.cmt_col = (int)(x - b->data) + 1;
                        x++; P.A.in_comment = true;
                    }
                    else if (x[0] == '/' && x[1] == '/') break;
                }
                cs = b->data;
                ce = b->data + b->len;
            }
            if (asm_consume(&P.A, cs, ce, P.line, &aok, &ae)) {
                if (!aok) {
                    ok = a64p_aerr(&P, &ae);
                    if (!P.skip || !P.A.kept) { kept_kind(&P); break; }
                    P.A.kept = false;      /* (left out: the body read) */
                    a64p_skipped_add(&P, err);
                    ok = true;
                }
                continue;
            }
        }
        if (P.A.in_comment) { if (!line_blanked(&P, ls, le)) { ok = false; break; } continue; }
        if (P.skip) {              /* what a failing line may have added, undone */
            int n0 = prog->ninsts, na0 = prog->naligns, np0 = P.npend, nr0 = prog->nregions, no0 = P.nopen, nk0 = prog->nskipped;
            int line0 = P.line;
            int ns0 = P.nsym, nn0 = P.nnumdef, sec0 = P.sec, as0 = P.A.nsyms, al0 = P.A.alias.n, m0 = P.A.macros.n;
            uint32_t off0 = P.offset;
            bool c0 = P.A.in_comment;
            /* (a line of a file the parser included: left out in the expansions it is in,
             * when it opened none; a label it defines stays, as llvm-mc keeps it) */
            int nf0 = P.A.nframes;
            bool own = P.file != P.input_file;
            if (!a64p_line(&P, ls, le, plain)) {
                /* (a `.macro` of a name taken: left out, its labels and the body it began
                 * to read kept, as llvm-mc keeps them) */
                bool keep = P.A.kept;
                P.A.kept = false;
                bool undo = !keep && (P.A.nframes == 0 || (own && P.A.nframes == nf0)) && !P.A.busy && (P.nsym == ns0 || own) && P.nnumdef == nn0 && P.sec == sec0 &&
                            P.A.nsyms == as0 && P.A.alias.n == al0 && P.A.macros.n == m0 && P.A.in_comment == c0 &&
                            prog->nregions == nr0 && P.nopen == no0 && !P.ended &&
                            err->cause != A64_CAUSE_EXPANSIONS && err->cause != A64_CAUSE_WHOLE;
                if (!undo && !keep) { skipped_join(&P, nk0, line0, ls); ok = false; break; }
                if (undo) {
                    prog->ninsts = n0, prog->naligns = na0, P.npend = np0, P.offset = off0, P.num_target = -1;
                    while (prog->nown && prog->own[prog->nown - 1].inst >= n0) prog->nown--;
                }
                a64p_skipped_add(&P, err);
                continue;
            }
        } else if (!a64p_line(&P, ls, le, plain)) { kept_kind(&P); ok = false; break; }
        if (P.ended) break;
    }
    P.file = P.input_file;
    P.A.cur_file = NULL;
    if (ok) {
        int ol = 0;
        bool at_end;
        if (!asm_finish(&P.A, &ol, &at_end, &ae)) {
            const char *l0 = text, *o0 = text;
            int l = 1;
            for (; l0 < end; l++) {   /* the line it opened on (o0), and the text's last (l0) */
                if (l == ol) o0 = l0;
                const char *n = memchr(l0, '\n', (size_t)(end - l0));
                if (!n) break;
                l0 = n + 1;
            }
            P.line = at_end ? l : ol;
            P.ls = at_end ? l0 : o0;
            P.le = memchr(P.ls, '\n', (size_t)(end - P.ls));
            if (!P.le) P.le = end;
            ae.at = at_end ? end : NULL;
            ok = a64p_aerr(&P, &ae);
            /* (where it opened: uarch's note) */
            if (at_end && ol <= l) {
                const char *oe = memchr(o0, '\n', (size_t)(end - o0));
                Buf src = {0};
                buf_put(&src, o0, (size_t)((oe ? oe : end) - o0));
                diag_note(P.err, P.file, ol, (int)(skip_ws(o0, oe ? oe : end) - o0) + 1, buf_cstr(&src), "the conditional left open");
                buf_free(&src);
            }
            /* (no line to leave out for it: when errors are left out, listed with them, after
             * the others, as llvm-mc reports it) */
            if (at_end && P.skip) {
                a64p_skipped_add(&P, err);
                ok = true;
            }
        }
    }
    if (ok && P.A.in_comment && !P.ended) {   /* (a piece: the whole text decides) */
        const char *l0 = text;
        for (int l = 1; l < P.cmt_line && l0 < end; l++) {
            const char *n = memchr(l0, '\n', (size_t)(end - l0));
            l0 = n ? n + 1 : end;
        }
        P.line = P.cmt_line;
        P.ls = l0;
        P.le = memchr(l0, '\n', (size_t)(end - l0));
        if (!P.le) P.le = end;
        ok = a64p_perr(&P, P.ls + P.cmt_col - 1 <= P.le ? P.ls + P.cmt_col - 1 : P.ls, "unterminated comment");
    }
    /* a DWARF file number left out below a larger one, at the end of the text (the whole text:
     * a piece's end that may leave one, a64_start_files_gap, is parsed whole); each of them
     * when errors are listed, the first 1000 */
    if (ok && !P.start) {
        char msg[80];
        int64_t k = 1;
        for (int said = 0; ok && said < 1000 && (k = a64p_dwarf_gap(&P, k)); k++, said++) {
            at_text_end(&P, text, end);
            snprintf(msg, sizeof msg, "unassigned file number: %lld for .file directives", (long long)k);
            ok = a64p_context_err(&P, end, A64_DIAG_CONTEXT, msg);
        }
    }
    /* a CFI frame left open (the one started last: llvm's MCStreamer::finish), when no
     * statement failed, at the end of the text */
    if (ok && !P.start && P.cfi_last) {
        bool failed = false;
        for (int i = 0; i < prog->nskipped; i++)
            failed |= prog->skipped[i].kind != A64_DIAG_CONTEXT && prog->skipped[i].kind != A64_DIAG_REGION;
        if (!failed) {
            at_text_end(&P, text, end);
            ok = a64p_context_err(&P, end, A64_DIAG_UNFINISHED, "Unfinished frame!");
        }
    }
    if (ok && P.npend) {
        Pending *f = &P.pend[0];
        for (int i = 1; i < P.npend; i++)
            if (P.pend[i].line < f->line || (P.pend[i].line == f->line && P.pend[i].col < f->col)) f = &P.pend[i];
        P.line = f->line;
        P.ls = f->ls;
        ok = a64p_perr(&P, f->ls + f->col - 1, "directional label undefined");
    }
    for (int i = 0; ok && i < P.nopen; i++)   /* a region left open runs to the end (llvm-mca) */
        prog->regions[P.open[i].idx].end = prog->ninsts + P.insts0;
    if (ok) resolve_targets(&P);
    if (ok && P.start) {        /* a piece: where it stopped, and its labels in order */
        prog->end = arena_alloc(&prog->arena, sizeof *prog->end);
        *prog->end = (A64ParseStart){P.offset, !P.text, P.prev_sec == -1, P.insts0 + prog->ninsts,
                                     P.regions0 + prog->nregions, NULL, NULL, P.ntmp, true, P.env.features,
                                     P.env.sys, P.prev_sec == SEC_NONE, P.ncfi > 0, P.ncfi > 0 && P.cfi[0] < 0,
                                     P.cfi_last, {P.dfiles[0], P.dfiles[1]}, P.dfiles_more || P.ndfx > 0};
        prog->end->secs_more = P.elf_more || P.nelf > A64_START_SECTIONS;
        prog->end->nsecs = prog->end->secs_more ? 0 : P.nelf;
        if (P.nelf) memcpy(prog->end->secs, P.elf, (size_t)prog->end->nsecs * sizeof *P.elf);
        prog->end->sec_cur = prog->end->secs_more ? -1 : P.elf_cur;
        prog->end->md5_with = P.md5_with, prog->end->md5_without = P.md5_without;
        prog->end->file_made = P.file_made, prog->end->md5_said = P.md5_said;
        prog->end_open = P.nopen > 0 || P.nsec_stack > 0 || P.A.in_comment || P.A.nsyms > 0 ||
                         P.A.alias.n > 0 || P.A.macros.n > 0 || P.A.busy || P.A.ncond > 0 || P.ncfi > 1;
        prog->labels = arena_alloc(&prog->arena, sizeof *prog->labels * (size_t)(P.nsym + 1));
        prog->label_off = arena_alloc(&prog->arena, sizeof *prog->label_off * (size_t)(P.nsym + 1));
        for (int i = 0; i < P.capsym; i++) {
            if (!P.sym[i].s) continue;
            prog->labels[prog->nlabels] = arena_strndup(&prog->arena, P.sym[i].s, P.sym[i].len);
            prog->label_off[prog->nlabels++] = P.sym[i].off;
        }
    }
    free(P.cfi);
    free(P.elf);
    free(P.dfx);
    free(P.droot);
    free(P.sym); free(P.num); free(P.secs); free(P.isec); free(P.numl); free(P.pend); free(P.env.intern); free(P.env.cache); free(P.memo);
    asm_free(&P.A);
    buf_free(&P.cline);
    buf_free(&P.xtext);
    *relay = !ok && P.relay;
    if (!ok) {
        A64Program kept = {.warnings = prog->warnings, .nwarnings = prog->nwarnings, .more = prog->more,
                           .nmore = prog->nmore};
        bool keep = opt && opt->keep_warnings && !*relay;
        if (keep) prog->warnings = NULL, prog->more = NULL;
        a64_program_free(prog);
        if (keep) *prog = kept;
        return false;
    }
    return true;
}

bool a64_parse_opts(const char *file, const char *text, size_t len, const A64ParseOptions *opt,
                    A64Program *prog, Diag *err)
{
    bool relay;
    return parse_text(file, text, len, opt, prog, err, false, &relay) ||
           (relay && parse_text(file, text, len, opt, prog, err, true, &relay));
}

void a64_program_free(A64Program *prog)
{
    free(prog->warnings);
    free(prog->more);
    free(prog->skipped);
    free(prog->own);
    free(prog->insts);
    free(prog->regions);
    free(prog->aligns);
    arena_free(&prog->arena);
    memset(prog, 0, sizeof *prog);
}

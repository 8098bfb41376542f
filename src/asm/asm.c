/* asm.c — the assembler language's state: symbols, register aliases, conditionals, bodies
 * collected for .macro/.irp/.irpc/.rept, and the frames that replay them (asm.h).
 *
 * A body is collected line by line until its matching end (.endm / .endr, counting nested
 * definitions); an expansion is a frame: the body's text with the parameters substituted, read
 * line by line like the file.  Line numbers inside a frame are those of the body as written
 * (substitution never adds a line), and the frame remembers the line that called it, for the
 * "in expansion of macro" notes of an error. */
#include "asm/asm.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { C_NONE, C_MACRO, C_REPT, C_IRP, C_IRPC };
enum { F_MACRO, F_REPT, F_IRP, F_IRPC, F_INCLUDE };
/* a conditional: its branch is being assembled, no branch taken yet, a branch was taken, or
 * the whole .if lies in a skipped region; or its .if failed: assembled, and its .else or
 * .elseif taken too (llvm's state after the error: the outer's, none met) */
enum { K_ACTIVE, K_WAITING, K_DONE, K_NESTED, K_FAILED };

typedef struct AsmParam { char *name, *def; bool req, vararg; } AsmParam;
struct AsmMacro {
    char *name;                   /* lowercase */
    AsmParam *params; int nparams;
    char *body; size_t len;
    int line;                     /* the line of the body's first line */
    const char *file;             /* the file it lies in (AsmState.cur_file) */
    long count;                   /* \+: its expansions so far */
};

struct AsmFrame {
    int kind;
    char *name;                   /* macro name, or the directive */
    char *tmpl; size_t tlen;      /* the body (.rept .irp .irpc); a macro's text is expanded once */
    Buf text;                     /* the current iteration */
    size_t pos;                   /* next line in text */
    int line0, off;               /* the body's first line; lines given in this iteration */
    long iter, count;
    char *param;                  /* .irp/.irpc parameter name */
    char **values; int nvalues;   /* .irp values */
    char *chars;                  /* .irpc characters */
    int call_line, call_col;
    char *call_src;
    const char *file, *call_file; /* the files of its lines and of its call (AsmState.cur_file) */
    int ncond0;                   /* open conditionals when the frame started */
};

static bool vaerr(AsmErr *err, AsmErrKind kind, const char *at, const char *fmt, va_list ap)
{
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    err->at = at;
    err->next = false;
    err->kind = kind;
    return false;
}
static bool aerr(AsmErr *err, const char *at, const char *fmt, ...) PRINTF_LIKE(3, 4);
static bool aerr(AsmErr *err, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vaerr(err, ASM_E_OTHER, at, fmt, ap);
    va_end(ap);
    return false;
}
/* an error of kind `kind` (AsmErrKind) */
static bool aerr_kind(AsmErr *err, AsmErrKind kind, const char *at, const char *fmt, ...) PRINTF_LIKE(4, 5);
static bool aerr_kind(AsmErr *err, AsmErrKind kind, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vaerr(err, kind, at, fmt, ap);
    va_end(ap);
    return false;
}

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
static const char *skip_ws(const char *p, const char *e) { while (p < e && is_ws(*p)) p++; return p; }
static const char *rtrim(const char *s, const char *e) { while (e > s && is_ws(e[-1])) e--; return e; }
static char *dupn(const char *s, size_t n) { char *d = xmalloc(n + 1); memcpy(d, s, n); d[n] = 0; return d; }
static char *dup_lower(const char *s, size_t n) { char *d = dupn(s, n); ascii_lower_n(d, d, n); return d; }
static bool name_eq(const char *a, const char *s, size_t n) { return strlen(a) == n && !memcmp(a, s, n); }

AsmDialect asm_dialect_of(const char *triple, bool *ok)
{
    *ok = true;
    if (!triple || !*triple) return ASM_ELF;
    const char *dash = strchr(triple, '-');
    size_t an = dash ? (size_t)(dash - triple) : strlen(triple);
    static const char *const archs[] = {"aarch64", "arm64", "aarch64_be", "arm64e", "aarch64_32", "arm64_32"};
    bool arch = false;
    for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++) arch |= name_eq(archs[i], triple, an);
    if (!arch) *ok = false;
    if (strstr(triple, "apple") || strstr(triple, "darwin") || strstr(triple, "macos") || strstr(triple, "ios"))
        return ASM_DARWIN;
    if (strstr(triple, "windows") || strstr(triple, "win32") || strstr(triple, "mingw") || strstr(triple, "coff"))
        return ASM_COFF;
    return ASM_ELF;
}

long asm_max_lines = ASM_MAX_LINES, asm_max_bytes = ASM_MAX_BYTES;

void asm_init(AsmState *A, AsmDialect dialect, AsmLabelFn label_defined, void *ctx)
{
    memset(A, 0, sizeof *A);
    A->dialect = dialect;
    A->skip_from = -1;
    A->macros.cased = true;
    A->lines_left = asm_max_lines;
    A->bytes_left = asm_max_bytes;
    A->label_defined = label_defined;
    A->ctx = ctx;
}

static void macro_free(AsmMacro *m)
{
    if (!m) return;
    for (int i = 0; i < m->nparams; i++) { free(m->params[i].name); free(m->params[i].def); }
    free(m->params); free(m->body); free(m->name); free(m);
}

static void frame_free(AsmFrame *f)
{
    free(f->name); free(f->tmpl); buf_free(&f->text); free(f->param);
    for (int i = 0; i < f->nvalues; i++) free(f->values[i]);
    free(f->values); free(f->chars); free(f->call_src); free(f);
}

/* ---- tables of names (lowercase, or as written: AsmTab.cased) ---- */
static uint32_t tab_hash(const AsmTab *t, const char *s, size_t n) { return t->cased ? fnv1a(s, n) : fnv1a_lower(s, n); }
static bool tab_eq(const AsmTab *t, const char *name, const char *s, size_t n)
{
    if (t->cased) return name_eq(name, s, n);
    size_t k = 0;
    while (k < n && name[k] && name[k] == ascii_lower(s[k])) k++;
    return k == n && !name[k];
}
/* the slot of [s, s + n), or -1 */
static int tab_slot(const AsmTab *t, const char *s, size_t n)
{
    if (!t->n) return -1;
    uint32_t mask = (uint32_t)t->cap - 1;
    for (uint32_t k = tab_hash(t, s, n) & mask; t->name[k]; k = (k + 1) & mask)
        if (tab_eq(t, t->name[k], s, n)) return (int)k;
    return -1;
}
static void *tab_get(const AsmTab *t, const char *s, size_t n)
{
    int k = tab_slot(t, s, n);
    return k < 0 ? NULL : t->val[k];
}
/* a new name (not in t): its copy (lowercase unless t->cased) and value */
static void tab_add(AsmTab *t, const char *s, size_t n, void *val)
{
    if ((t->n + 1) * 2 > t->cap) {
        AsmTab o = *t;
        t->cap = o.cap ? o.cap * 2 : 16;
        t->name = xcalloc((size_t)t->cap, sizeof *t->name);
        t->val = xcalloc((size_t)t->cap, sizeof *t->val);
        for (int i = 0; i < o.cap; i++) {
            if (!o.name[i]) continue;
            uint32_t k = tab_hash(t, o.name[i], strlen(o.name[i])) & (uint32_t)(t->cap - 1);
            while (t->name[k]) k = (k + 1) & (uint32_t)(t->cap - 1);
            t->name[k] = o.name[i];
            t->val[k] = o.val[i];
        }
        free(o.name);
        free(o.val);
    }
    uint32_t mask = (uint32_t)t->cap - 1, k = tab_hash(t, s, n) & mask;
    while (t->name[k]) k = (k + 1) & mask;
    t->name[k] = t->cased ? dupn(s, n) : dup_lower(s, n);
    t->val[k] = val;
    t->n++;
}
/* remove slot k (its name freed, its value the caller's): the entries after it in its probe run
 * move back (linear probing without tombstones) */
static void tab_del(AsmTab *t, int k)
{
    uint32_t mask = (uint32_t)t->cap - 1, i = (uint32_t)k, j = i;
    free(t->name[i]);
    for (;;) {
        j = (j + 1) & mask;
        if (!t->name[j]) break;
        uint32_t h = tab_hash(t, t->name[j], strlen(t->name[j])) & mask;
        /* entry j may move to i when its home h is not cyclically in (i, j] */
        bool stays = i <= j ? (h > i && h <= j) : (h > i || h <= j);
        if (stays) continue;
        t->name[i] = t->name[j];
        t->val[i] = t->val[j];
        i = j;
    }
    t->name[i] = NULL;
    t->val[i] = NULL;
    t->n--;
}
static void tab_free(AsmTab *t)
{
    free(t->name);
    free(t->val);
    *t = (AsmTab){.cased = t->cased};
}

void asm_free(AsmState *A)
{
    for (int i = 0; i < A->capsyms; i++) free(A->syms[i].name);
    free(A->syms);
    for (int i = 0; i < A->alias.cap; i++) if (A->alias.name[i]) { free(A->alias.name[i]); free(A->alias.val[i]); }
    tab_free(&A->alias);
    for (int i = 0; i < A->macros.cap; i++) if (A->macros.name[i]) { free(A->macros.name[i]); macro_free(A->macros.val[i]); }
    tab_free(&A->macros);
    macro_free(A->pending_macro);
    free(A->pending_args);
    free(A->pending_vals);
    free(A->collect_src);
    buf_free(&A->peek);
    for (int i = 0; i < A->nframes; i++) frame_free(A->frames[i]);
    for (int i = 0; i < A->nfiles; i++) free(A->files[i]);
    free(A->files);
    buf_free(&A->body);
    memset(A, 0, sizeof *A);
}

/* ---- symbols ---- */
static uint32_t hash(const char *s, size_t n) { return fnv1a(s, n); }

/* the symbol [s, s + n) of hash h in A's table */
static AsmSym *sym_lookup(const AsmState *A, const char *s, size_t n, uint32_t h)
{
    if (!A->nsyms) return NULL;
    uint32_t mask = (uint32_t)A->capsyms - 1;
    for (uint32_t k = h & mask; A->syms[k].name; k = (k + 1) & mask) {
        const AsmSym *y = &A->syms[k];
        if (y->hash == h && y->len == n && !memcmp(y->name, s, n)) return &A->syms[k];
    }
    return NULL;
}

const AsmSym *asm_sym_find(const AsmState *A, const char *s, size_t n)
{
    return sym_lookup(A, s, n, hash(s, n));
}

static void sym_set(AsmState *A, const char *s, size_t n, int64_t v, bool known)
{
    uint32_t h = hash(s, n);
    AsmSym *y = sym_lookup(A, s, n, h);
    if (!y) {
        if ((A->nsyms + 1) * 2 > A->capsyms) {
            int cap = A->capsyms ? A->capsyms * 2 : 64;
            AsmSym *ns = xcalloc((size_t)cap, sizeof *ns);
            for (int i = 0; i < A->capsyms; i++) {
                if (!A->syms[i].name) continue;
                uint32_t k = A->syms[i].hash & (uint32_t)(cap - 1);
                while (ns[k].name) k = (k + 1) & (uint32_t)(cap - 1);
                ns[k] = A->syms[i];
            }
            free(A->syms);
            A->syms = ns; A->capsyms = cap;
        }
        uint32_t k = h & (uint32_t)(A->capsyms - 1);
        while (A->syms[k].name) k = (k + 1) & (uint32_t)(A->capsyms - 1);
        y = &A->syms[k];
        y->name = dupn(s, n);
        y->hash = h;
        y->len = (uint32_t)n;
        A->nsyms++;
    }
    y->value = v;
    y->known = known;
}

const char *asm_alias_find(const AsmState *A, const char *s, size_t n)
{
    return tab_get(&A->alias, s, n);
}

/* name = expr: a constant when the expression is one, else a symbol without a value (clang
 * writes `.set L_x, Ltmp1-Lfunc` on Darwin: fine, as long as no immediate uses it); an
 * expression that is not one of symbols either is refused */
bool asm_assign(AsmState *A, const char *name, size_t n, const char *x, const char *e, AsmErr *err)
{
    if (!n || (*name >= '0' && *name <= '9')) return aerr(err, name, "expected a symbol name");
    int64_t v = 0;
    const char *end;
    AsmErr ig;
    x = skip_ws(x, e);
    e = rtrim(x, e);
    if (x >= e) return aerr(err, x, "expected an expression after '%.*s'", (int)n, name);
    bool known = asm_expr(A, x, e, &end, &v, &ig) && end == e;
    if (!known) {   /* an expression of symbols all the same (llvm's parseExpression): its errors, then the line's end */
        AsmSymExpr sx;
        if (!asm_sym_expr(A, x, e, &end, &sx, NULL, err))   /* (llvm's parseAssignment: its words for a lexer's error) */
            return err->lex ? aerr(err, err->at, "missing expression") : false;
        if (end != e) return aerr(err, end, "expected newline");
    }
    sym_set(A, name, n, v, known);
    return true;
}

/* ---- conditionals ---- */
static bool is_if(int k) { return k <= ASM_D_IFNES; }
static void update_busy(AsmState *A) { A->busy = A->collect != C_NONE || A->skip_from >= 0; }

static bool cond_push(AsmState *A, int state, int line, const char *at, AsmErr *err)
{
    if (A->ncond == ASM_MAX_COND) return aerr(err, at, "conditionals nested too deeply");
    A->cond[A->ncond].state = (uint8_t)state;
    A->cond[A->ncond].seen_else = false;
    A->cond[A->ncond].line = line;
    if (state != K_ACTIVE && state != K_FAILED && A->skip_from < 0) A->skip_from = A->ncond;
    A->ncond++;
    update_busy(A);
    return true;
}

void asm_cond_failed(AsmState *A, const AsmDirective *d, int line, const char *at)
{
    /* (llvm-mc 19 opens the conditional before it reads the condition, but for .ifeqs and
     * .ifnes: it stays open, in the outer's state; "unmatched .ifs or .elses" at the end
     * without its .endif.  The outer's condition met: an .if's taken branch) */
    if (!is_if(d->kind) || d->kind == ASM_D_IFEQS || d->kind == ASM_D_IFNES) return;
    bool met = A->ncond && A->cond[A->ncond - 1].state == K_ACTIVE && !A->cond[A->ncond - 1].seen_else;
    AsmErr pe;
    cond_push(A, met ? K_ACTIVE : K_FAILED, line, at, &pe);
}

/* the end of the name llvm's parseIdentifier reads at a: a symbol name (a letter, _ . $ first)
 * or a string closed on the line; NULL when none starts there */
static const char *ident_or_string_end(const char *a, const char *e)
{
    if (a < e && *a == '"') return asm_string_end(a, e);
    return a < e && asm_name_start(*a) ? asm_name_end(a, e) : NULL;
}

/* the condition of the conditional `name` of kind k (.elseif passed as .if) on [a, e) (eos: e
 * before its blanks were cut, where the statement ends) */
static bool cond_eval(AsmState *A, int k, const char *name, const char *a, const char *e, const char *eos, bool *val,
                      AsmErr *err)
{
    int64_t v = 0;
    const char *end;
    if (k <= ASM_D_IFLE) {
        if (a >= e) return aerr(err, a, "expected an expression after '.%s'", name);
        if (!asm_expr(A, a, e, &end, &v, err)) {
            /* (a symbol without a value: llvm's words where the whole reads as an expression) */
            AsmSymExpr sx;
            AsmErr se;
            if (err->kind == ASM_E_DIV_ZERO) return aerr(err, a, "expected absolute expression");
            if (err->kind != ASM_E_UNKNOWN_SYMBOL && err->kind != ASM_E_NOT_CONSTANT) return false;
            if (!asm_sym_expr(A, a, e, &end, &sx, NULL, &se)) return *err = se, false;
            return aerr(err, a, "expected absolute expression");
        }
        if (end != e) return aerr(err, end, "expected newline");   /* (llvm's parseEOL) */
        *val = k == ASM_D_IF || k == ASM_D_IFNE ? v != 0 : k == ASM_D_IFEQ ? v == 0 : k == ASM_D_IFGT ? v > 0 :
               k == ASM_D_IFGE ? v >= 0 : k == ASM_D_IFLT ? v < 0 : v <= 0;
        return true;
    }
    if (k == ASM_D_IFDEF || k == ASM_D_IFNDEF) {
        /* (llvm's parseIdentifier: a name, or one in quotes; then the end of the statement) */
        const char *ie = ident_or_string_end(a, e), *x;
        if (!ie) return aerr(err, a < e ? a : eos, "expected identifier after '.ifdef'");
        if ((x = skip_ws(ie, e)) != e) return aerr(err, x, "expected newline");
        if (*a == '"') a++, ie--;
        bool d = asm_sym_find(A, a, (size_t)(ie - a)) || (A->label_defined && A->label_defined(A->ctx, a, (size_t)(ie - a)));
        *val = k == ASM_D_IFDEF ? d : !d;
        return true;
    }
    if (k == ASM_D_IFB || k == ASM_D_IFNB) {
        *val = (a >= e) == (k == ASM_D_IFB);
        return true;
    }
    if (k == ASM_D_IFEQS || k == ASM_D_IFNES) {
        /* .ifeqs/.ifnes: two strings and a comma, their contents compared as written
         * (llvm-mc 19's parseDirectiveIfeqs: its words at the token that is not one) */
        const char *s1 = a, *e1 = s1 < e && *s1 == '"' ? asm_string_end(s1, e) : NULL, *x, *s2, *e2;
        if (!e1) return aerr(err, s1 < e ? s1 : eos, "expected string parameter for '.%s' directive", name);
        if ((x = skip_ws(e1, e)) >= e || *x != ',')
            return aerr(err, x < e ? x : eos, "expected comma after first string for '.%s' directive", name);
        s2 = skip_ws(x + 1, e);
        if (s2 >= e || *s2 != '"' || !(e2 = asm_string_end(s2, e)))
            return aerr(err, s2 < e ? s2 : eos, "expected string parameter for '.%s' directive", name);
        bool same = e1 - s1 == e2 - s2 && !memcmp(s1, s2, (size_t)(e1 - s1));
        *val = k == ASM_D_IFEQS ? same : !same;
        return true;
    }
    if (k == ASM_D_IFC || k == ASM_D_IFNC) {
        /* two texts separated by a comma (outside a string); .ifc compares them as written,
         * quotes and all, without the blanks around them (llvm-mc 19's parseDirectiveIfc:
         * Str1.trim() == Str2.trim(); no comma: "expected comma" at the end of the statement,
         * its blanks included) */
        const char *c = a;
        bool q = false;
        for (; c < e; c++) {
            if (*c == '"') q = !q;
            else if (*c == ',' && !q) break;
        }
        if (c >= e && name[2] == 'c') return aerr(err, eos, "expected comma");
        if (c >= e) return aerr(err, eos, "expected comma after first string for '.%s' directive", name);
        const char *s1 = a, *e1 = rtrim(a, c), *s2 = skip_ws(c + 1, e), *e2 = e;
        bool same = e1 - s1 == e2 - s2 && !memcmp(s1, s2, (size_t)(e1 - s1));
        *val = k == ASM_D_IFC ? same : !same;
        return true;
    }
    return aerr(err, a, "unknown conditional '.%s'", name);
}

static int dir_cmp(const void *k, const void *d)
{
    return strcmp(k, ((const AsmDirective *)d)->name);
}

const AsmDirective *asm_directive_find(const char *name, AsmDialect dialect)
{
    const AsmDirective *d = bsearch(name, asm_directives, (size_t)asm_directives_count, sizeof asm_directives[0], dir_cmp);
    /* (Mach-O also takes ELF's: src/asm/directives.tsv) */
    if (d && !strchr(d->formats, dialect == ASM_COFF ? 'c' : 'e') && !(dialect == ASM_DARWIN && strchr(d->formats, 'm')))
        return NULL;
    return d;
}

const AsmElfSection *asm_elf_section_find(const char *name, size_t n)
{
    int lo = 0, hi = asm_elf_sections_count;   /* (sorted by name: gen-table -s) */
    while (lo < hi) {
        int m = (lo + hi) / 2;
        const char *s = asm_elf_sections[m].name;
        int c = strncmp(s, name, n);
        if (!c) c = s[n] ? 1 : 0;
        if (!c) return &asm_elf_sections[m];
        if (c < 0) lo = m + 1;
        else hi = m;
    }
    return NULL;
}

/* .else / .elseif / .endif (d), while assembling or skipping */
static bool cond_branch(AsmState *A, const AsmDirective *d, const char *a, const char *e, const char *at, AsmErr *err)
{
    const char *name = d->name;
    /* (.else and .endif take nothing: llvm's parseEOL first, in a skipped conditional too; a
     * comment or ';' after them is the line's) */
    const char *x = skip_ws(a, e);
    if (d->kind != ASM_D_ELSEIF && x < e && *x != ';' && *x != '#' && !(*x == '/' && x + 1 < e && (x[1] == '/' || x[1] == '*')))
        return aerr(err, x, "expected newline");
    if (!A->ncond) return aerr(err, at, "%s", d->noif);   /* (llvm's words, its blanks too: the table's) */
    int k = A->ncond - 1;
    if (d->kind == ASM_D_ENDIF) {
        A->ncond--;
        if (A->skip_from >= A->ncond) A->skip_from = -1;
        update_busy(A);
        return true;
    }
    if (A->cond[k].seen_else) return aerr(err, at, "'.%s' after '.else'", name);
    bool is_else = d->kind == ASM_D_ELSE;
    if (A->cond[k].state == K_NESTED) { A->cond[k].seen_else = is_else; return true; }
    bool take = false;
    if (A->cond[k].state == K_WAITING || A->cond[k].state == K_FAILED) {
        if (is_else) take = true;
        else if (!cond_eval(A, ASM_D_IF, "if", a, e, e, &take, err)) return false;
    }
    if (is_else) A->cond[k].seen_else = true;
    if (take) {
        A->cond[k].state = K_ACTIVE;
        A->skip_from = -1;
    } else {
        if (A->cond[k].state == K_ACTIVE) A->cond[k].state = K_DONE;
        if (A->skip_from < 0) A->skip_from = k;
    }
    update_busy(A);
    return true;
}

/* ---- macros and bodies ---- */
static AsmMacro *macro_find(const AsmState *A, const char *s, size_t n)
{
    return tab_get(&A->macros, s, n);
}

/* .macro name [param[:req|:vararg][=default]] [,] ... (the name as llvm's parseIdentifier reads
 * it: an identifier, or a string in quotes, its text the name: `.macro "m"` defines m); `at` the
 * directive, eos the statement's end (blanks kept).  A name defined already: llvm's error at the
 * directive, its body read and dropped (llvm reads it before it looks the name up). */
static bool macro_begin(AsmState *A, const char *at, const char *a, const char *e, const char *eos, int line,
                        AsmErr *err)
{
    const char *ne = ident_or_string_end(a, e);
    if (!ne) return aerr(err, a, "expected identifier in '.macro' directive");
    bool quoted = *a == '"';
    AsmMacro *m = xcalloc(1, sizeof *m);
    m->name = dupn(a + quoted, (size_t)(ne - a - 2 * quoted));
    m->line = line + 1;
    m->file = A->cur_file;
    const char *p = skip_ws(ne, e);
    if (p < e && *p == ',') p = skip_ws(p + 1, e);
    bool ok = true;
    while (ok && p < e) {
        const char *pe = asm_name_end(p, e);
        if (pe == p || !asm_name_start(*p)) { ok = aerr(err, p, "expected identifier in '.macro' directive"); break; }
        AsmParam pr = {dupn(p, (size_t)(pe - p)), NULL, false, false};
        m->params = xrealloc(m->params, (size_t)(m->nparams + 1) * sizeof *m->params);
        m->params[m->nparams++] = pr;
        for (int i = 0; i + 1 < m->nparams; i++)   /* (llvm's words, at the token after the name) */
            if (!strcmp(m->params[i].name, pr.name))
                ok = aerr(err, skip_ws(pe, eos), "macro '%s' has multiple parameters named '%s'", m->name, pr.name);
        p = skip_ws(pe, e);
        if (ok && p < e && *p == ':') {
            const char *q = skip_ws(p + 1, e), *qe = asm_name_end(q, e);
            if (qe - q == 3 && !strncmp(q, "req", 3)) m->params[m->nparams - 1].req = true;
            else if (qe - q == 6 && !strncmp(q, "vararg", 6)) m->params[m->nparams - 1].vararg = true;
            else ok = aerr(err, q, "%.*s is not a valid parameter qualifier for '%s' in macro '%s'", (int)(qe - q), q,
                           pr.name, m->name);
            p = skip_ws(qe, e);
        }
        if (ok && p < e && *p == '=') {
            const char *d = skip_ws(p + 1, e), *de = d;
            while (de < e && *de != ',' && !is_ws(*de)) de++;
            m->params[m->nparams - 1].def = dupn(d, (size_t)(de - d));
            p = skip_ws(de, e);
        }
        if (ok && m->params[m->nparams - 1].vararg && skip_ws(p, e) < e && *skip_ws(p, e) != ',')
            ok = aerr(err, p, "a vararg parameter must be the last");
        if (p < e && *p == ',') p = skip_ws(p + 1, e);
    }
    for (int i = 0; ok && i + 1 < m->nparams; i++)
        if (m->params[i].vararg) ok = aerr(err, a, "a vararg parameter must be the last");
    if (!ok) { macro_free(m); return false; }
    bool dup = macro_find(A, m->name, strlen(m->name)) != NULL;
    if (dup) {
        A->kept = true;
        aerr(err, at, "macro '%s' is already defined", m->name);
        macro_free(m);
        m = NULL;
    }
    A->pending_macro = m;
    A->collect = C_MACRO;
    A->collect_depth = 1;
    A->collect_line = line;
    buf_reset(&A->body);
    update_busy(A);
    return !dup;
}

/* the first word of a line (a directive name, lowercase, without the dot) in buf; false when
 * the line does not start with a directive */
static bool first_directive(const char *ls, const char *le, char *buf, size_t cap, const char **args)
{
    const char *p = skip_ws(ls, le);
    /* labels before it: `name:` */
    for (;;) {
        const char *ie = asm_name_end(p, le);
        if (ie > p && ie < le && *ie == ':' && *p != '.') { p = skip_ws(ie + 1, le); continue; }
        break;
    }
    if (p >= le || *p != '.') return false;
    const char *ie = asm_name_end(p + 1, le);
    size_t n = (size_t)(ie - p - 1);
    if (!n || n >= cap) return false;
    ascii_lower_n(buf, p + 1, n);
    buf[n] = 0;
    *args = skip_ws(ie, le);
    return true;
}

static bool push_frame(AsmState *A, AsmFrame *f, int line, const char *ls, const char *at, AsmErr *err);
static const char *arg_end(const char *s, const char *e, bool blanks);
static bool frame_iteration(AsmState *A, AsmFrame *f, AsmErr *err);
static bool irp_alt_values(AsmState *A, const char *p, const char *e, AsmErr *err);

/* a body collected to its end: define the macro, or push the repetition */
static bool collect_end(AsmState *A, const char *ls, AsmErr *err)
{
    int kind = A->collect;
    A->collect = C_NONE;
    update_busy(A);
    if (kind == C_MACRO) {
        AsmMacro *m = A->pending_macro;
        A->pending_macro = NULL;
        if (!m) return true;      /* (a name defined already: its body dropped) */
        m->body = dupn(A->body.data ? A->body.data : "", A->body.len);
        m->len = A->body.len;
        tab_add(&A->macros, m->name, strlen(m->name), m);
        return true;
    }
    AsmFrame *f = xcalloc(1, sizeof *f);
    f->kind = kind == C_REPT ? F_REPT : kind == C_IRP ? F_IRP : F_IRPC;
    f->name = dupn(kind == C_REPT ? ".rept" : kind == C_IRP ? ".irp" : ".irpc", kind == C_IRPC ? 5 : kind == C_IRP ? 4 : 5);
    f->tmpl = dupn(A->body.data ? A->body.data : "", A->body.len);
    f->tlen = A->body.len;
    f->line0 = A->collect_line + 1;
    f->file = A->cur_file;
    char *args = A->pending_args;
    A->pending_args = NULL;
    if (kind == C_REPT) {
        f->count = A->pending_count;
    } else {
        /* "param, v1, v2 ..." (irp) or "param, chars" (irpc) */
        char *p = args, *pe = p;
        while (*pe && asm_name_char(*pe)) pe++;
        f->param = dupn(p, (size_t)(pe - p));
        p = pe;
        while (*p && (is_ws(*p) || *p == ',')) p++;   /* (the comma is there: asm_directive) */
        if (A->pending_vals) {    /* (.altmacro: made when .irp was read) */
            char *v = A->pending_vals;
            f->values = xcalloc((size_t)A->npending_vals + 1, sizeof *f->values);
            for (int i = 0; i < A->npending_vals; i++, v += strlen(v) + 1)
                f->values[f->nvalues++] = dupn(v, strlen(v));
            f->count = f->nvalues ? f->nvalues : 1;
            free(A->pending_vals);
            A->pending_vals = NULL;
        } else if (kind == C_IRPC) {   /* (its one value, asm_directive: `.irpc r, ab,` is a, b) */
            const char *ce = rtrim(p, arg_end(p, p + strlen(p), true));
            f->chars = dupn(p, (size_t)(ce - p));
            f->count = (long)(ce - p);
        } else {
            /* (at commas and blanks, as llvm-mc's parseMacroArguments: `.irp r, 1 2`) */
            for (const char *q = p, *pe = p + strlen(p); q < pe;) {
                const char *v = skip_ws(q, pe), *ve = rtrim(v, arg_end(v, pe, true));
                f->values = xrealloc(f->values, (size_t)(f->nvalues + 1) * sizeof *f->values);
                f->values[f->nvalues++] = dupn(v, (size_t)(ve - v));
                q = skip_ws(ve, pe);
                if (q < pe && *q == ',') q = skip_ws(q + 1, pe);
            }
            /* no values: `.irp r,` not at all, as llvm-mc (GNU as: once) */
            f->count = f->nvalues;
        }
    }
    free(args);
    if (f->count <= 0) { frame_free(f); return true; }
    if (A->collect_src) ls = A->collect_src;
    return push_frame(A, f, A->collect_line, ls, A->collect_src ? A->collect_src + A->collect_col - 1 : NULL, err);
}

bool asm_consume(AsmState *A, const char *ls, const char *le, int line, bool *ok, AsmErr *err)
{
    char name[24];
    const char *args;
    *ok = true;
    const AsmDirective *d;
    if (A->collect != C_NONE) {
        if (first_directive(ls, le, name, sizeof name, &args) && (d = asm_directive_find(name, A->dialect))) {
            int k = d->kind;
            if (A->collect == C_MACRO) {
                if (k == ASM_D_MACRO) A->collect_depth++;
                else if (k == ASM_D_ENDM) A->collect_depth--;
            } else {
                if (k == ASM_D_REPT || k == ASM_D_IRP || k == ASM_D_IRPC) A->collect_depth++;
                else if (k == ASM_D_ENDR) A->collect_depth--;
            }
            /* (a macro's .endm with something after it: llvm-mc's error there, the body read
             * and no macro defined) */
            const char *x = A->collect == C_MACRO ? rtrim(args, le) : args;
            if (A->collect_depth == 0 && x > args && *args != ';' && !(args[0] == '/' && args + 1 < x && args[1] == '/')) {
                macro_free(A->pending_macro);
                A->pending_macro = NULL;
                A->collect = C_NONE;
                update_busy(A);
                A->kept = true;
                const char *ne = rtrim(ls, args), *dn = ne;
                while (dn > ls && !is_ws(dn[-1]) && dn[-1] != ':') dn--;
                *ok = aerr(err, args, "unexpected token in '%.*s' directive", (int)(ne - dn), dn);
                return true;
            }
            if (A->collect_depth == 0) { *ok = collect_end(A, ls, err); return true; }
        }
        if (A->body.len + (size_t)(le - ls) > ASM_MAX_BYTES) { *ok = aerr(err, ls, "macro or repeated body too large"); return true; }
        buf_put(&A->body, ls, (size_t)(le - ls));
        buf_putc(&A->body, '\n');
        return true;
    }
    /* skipping a false conditional: only the conditionals matter */
    if (!first_directive(ls, le, name, sizeof name, &args) || !(d = asm_directive_find(name, A->dialect))) return true;
    const char *at = skip_ws(ls, le);
    const char *e = rtrim(args, le);
    if (is_if(d->kind)) *ok = cond_push(A, K_NESTED, line, at, err);
    else if (d->kind == ASM_D_ELSE || d->kind == ASM_D_ELSEIF || d->kind == ASM_D_ENDIF)
        *ok = cond_branch(A, d, args, e, at, err);
    return true;
}

/* ---- directives ---- */
AsmResult asm_directive(AsmState *A, const AsmDirective *d, const char *at, const char *a, const char *e, int line,
                        AsmErr *err)
{
    const char *name = d->name, *eos = e;
    e = rtrim(a, e);
    switch (d->kind) {
    case ASM_D_ALTMACRO: A->altmacro = true; return ASM_DONE;
    case ASM_D_NOALTMACRO: A->altmacro = false; return ASM_DONE;
    case ASM_D_SET: case ASM_D_EQUIV: goto set;
    case ASM_D_ELSE: case ASM_D_ELSEIF: case ASM_D_ENDIF:
        return cond_branch(A, d, a, e, at, err) ? ASM_DONE : ASM_ERROR;
    case ASM_D_ENDM: case ASM_D_EXITM: {
        /* (llvm's words: something after it; outside an expansion, at the token after it: a
         * stray .endm's end of statement, a stray .exitm's the next statement's first, which
         * llvm reads past the error: the parse goes on, as after a statement that took effect) */
        const char *x = skip_ws(asm_name_end(at + 1, eos), eos);
        int dn = (int)(asm_name_end(at + 1, eos) - at);
        if (x < e && d->kind == ASM_D_ENDM) return aerr(err, x, "unexpected token in '%.*s' directive", dn, at), ASM_ERROR;
        if (x < e) return aerr(err, x, "expected newline"), ASM_ERROR;
        if (!A->nframes || A->frames[A->nframes - 1]->kind == F_INCLUDE) {
            if (d->kind == ASM_D_ENDM)
                return aerr(err, x, "unexpected '%.*s' in file, no current macro definition", dn, at), ASM_ERROR;
            if (!A->nframes) {
                A->kept = true;
                aerr(err, eos, "unexpected '%.*s' in file, no current macro definition", dn, at);
                err->next = true;
                return ASM_ERROR;
            }
        }
        /* the innermost expansion, of any kind, as GNU as and llvm-mc end it (.rept/.irp too;
         * .endm in one as llvm-mc's handleMacroExit) */
        int k = A->nframes - 1;
        A->ncond = A->frames[k]->ncond0;
        if (A->skip_from >= A->ncond) A->skip_from = -1;
        /* the frames end at their next line: the line being parsed may lie in one of their
         * buffers, so they are not freed here; the rest of this line is not assembled */
        for (int i = k; i < A->nframes; i++) { A->frames[i]->pos = A->frames[i]->text.len; A->frames[i]->iter = A->frames[i]->count; }
        A->exited = true;
        update_busy(A);
        return ASM_DONE;
    }
    case ASM_D_ENDR: {            /* (llvm's words, at the token after it) */
        const char *x = skip_ws(asm_name_end(at + 1, eos), eos);
        return aerr(err, x, "unmatched '.endr' directive"), ASM_ERROR;
    }
    case ASM_D_ERR: return aerr(err, at, ".err encountered"), ASM_ERROR;
    case ASM_D_ERROR: {           /* .error ["text"]: the text (what follows it unread), llvm's words */
        const char *q = a < e && *a == '"' ? ident_or_string_end(a, e) : NULL;
        if (q) return aerr(err, at, "%.*s", (int)(q - a - 2), a + 1), ASM_ERROR;
        if (a < e) return aerr(err, a, ".error argument must be a string"), ASM_ERROR;
        return aerr(err, at, ".error directive invoked in source file"), ASM_ERROR;
    }
    case ASM_D_ABORT:             /* .abort [text]: the text as written (llvm-mc's words) */
        if (a < e) return aerr(err, at, ".abort '%.*s' detected. Assembly stopping", (int)(e - a), a), ASM_ERROR;
        return aerr(err, at, ".abort detected. Assembly stopping"), ASM_ERROR;
    case ASM_D_IRP: case ASM_D_IRPC: {
        /* (llvm's words: a name, a comma, then .irpc's one token -- a name, a number, a
         * string, a character -- at the statement's end where it is not one) */
        const char *pe = asm_name_end(a, e), *c = skip_ws(pe, e);
        if (pe == a || !asm_name_start(*a)) return aerr(err, a, "expected identifier in '.%s' directive", name), ASM_ERROR;
        if (c >= e || *c != ',') return aerr(err, c < e ? c : eos, "expected comma"), ASM_ERROR;
        for (const char *v = skip_ws(c + 1, e), *one = NULL; d->kind == ASM_D_IRPC;) {   /* (empty values: none) */
            const char *ve = rtrim(v, arg_end(v, e, true)), *te = v;
            if (ve > v && one) one = e;
            else if (ve > v) {
                /* (one token as llvm's lexer reads it: a number as MASM's, 12ab two, 12h one; a
                 * name, '@' in it too, a@b; a '$' first a token of its own, $a two) */
                one = v;
                AsmNum an;
                const char *ne = *v >= '0' && *v <= '9' ? asm_lex_number(v, ve, &an) : NULL;
                if (ne) te = ne;
                else if (*v != '$')
                    while (te < ve && (asm_name_char(*te) || (*te == '@' && te > v))) te++;
                else te = v + 1;
                if (*v == '\'' && ve - v == 3 && v[2] == '\'') te = ve;
                if (te != ve && v + 1 != ve) one = e;
            }
            v = skip_ws(ve, e);
            if (v < e && *v == ',') v = skip_ws(v + 1, e);
            else if (v >= e && one && one != e) break;
            else if (v >= e) return aerr(err, eos, "unexpected token in '.irpc' directive"), ASM_ERROR;
        }
        A->collect = d->kind == ASM_D_IRPC ? C_IRPC : C_IRP;
        free(A->pending_args);
        A->pending_args = dupn(a, (size_t)(e - a));
        free(A->pending_vals);
        A->pending_vals = NULL;
        if (A->altmacro && A->collect == C_IRP && !irp_alt_values(A, pe, e, err)) return ASM_ERROR;
        goto body;
    }
    case ASM_D_MACRO: return macro_begin(A, at, a, e, eos, line, err) ? ASM_DONE : ASM_ERROR;
    case ASM_D_PURGEM: {
        /* (llvm's words: no name where one is wanted, something after it, no such macro at
         * the directive) */
        const char *ne = ident_or_string_end(a, e), *x;
        if (!ne) return aerr(err, a, "expected identifier in '.purgem' directive"), ASM_ERROR;
        if ((x = skip_ws(ne, e)) != e) return aerr(err, x, "expected newline"), ASM_ERROR;
        if (*a == '"') a++, ne--;
        int k = tab_slot(&A->macros, a, (size_t)(ne - a));
        if (k >= 0) {
            macro_free(A->macros.val[k]);
            tab_del(&A->macros, k);
            return ASM_DONE;
        }
        return aerr(err, at, "macro '%.*s' is not defined", (int)(ne - a), a), ASM_ERROR;
    }
    case ASM_D_REPT: {
        /* (llvm's parseDirectiveRept: an expression, then its value, no constant -- a symbol,
         * '.', a label's distance -- "unexpected token", and the end of the statement) */
        AsmSymExpr x;
        const char *end;
        if (!asm_sym_expr(A, a, e, &end, &x, NULL, err)) return ASM_ERROR;
        int64_t v = x.addend;
        if (!x.constant) return aerr(err, a, "unexpected token in '%.*s' directive", (int)(asm_name_end(at + 1, e) - at), at), ASM_ERROR;
        if (v < 0) return aerr(err, a, "Count is negative"), ASM_ERROR;
        if (end != e) return aerr(err, end, "expected newline"), ASM_ERROR;
        if (v > ASM_MAX_REPT) return aerr(err, a, "repeat count %lld is more than %d (a region's bound)", (long long)v, ASM_MAX_REPT), ASM_ERROR;
        A->collect = C_REPT;
        A->pending_count = (long)v;
        goto body;
    }
    case ASM_D_UNREQ: {             /* (AArch64AsmParser's words: a name, then the end) */
        if (a >= e || !asm_name_start(*a)) return aerr(err, a < e ? a : eos, "unexpected input in .unreq directive."), ASM_ERROR;
        const char *ne = asm_name_end(a, e);
        if (skip_ws(ne, e) < e) return aerr(err, skip_ws(ne, e), "unexpected token"), ASM_ERROR;
        int k = tab_slot(&A->alias, a, (size_t)(ne - a));
        if (k >= 0) {
            free(A->alias.val[k]);
            tab_del(&A->alias, k);
        }
        return ASM_DONE;        /* (an alias never defined: llvm-mc goes on too) */
    }
    default:
        if (!is_if(d->kind)) return ASM_NOT_MINE;
        bool v;
        if (!cond_eval(A, d->kind, name, a, e, eos, &v, err)) {
            asm_cond_failed(A, d, line, at);   /* (left open, as llvm-mc 19's) */
            return ASM_ERROR;
        }
        return cond_push(A, v ? K_ACTIVE : K_WAITING, line, at, err) ? ASM_DONE : ASM_ERROR;
    }
set: {
        const char *ne = a;       /* a name as the object formats allow it: @feat.00 (COFF), "quoted" */
        const char *c;
        if (a < e && *a == '"') {   /* llvm 19 quotes COFF names: .set "@feat.00", 0 (the name is inside) */
            for (ne = ++a; ne < e && *ne != '"'; ne++) {}
            if (ne == e) return aerr(err, a - 1, "unterminated quoted symbol name"), ASM_ERROR;
            if (ne == a) return aerr(err, a - 1, "expected a symbol name after '.%s'", name), ASM_ERROR;
            c = skip_ws(ne + 1, e);
        } else {
            while (ne < e && (asm_name_char(*ne) || *ne == '@')) ne++;
            if (ne == a || (*a >= '0' && *a <= '9')) return aerr(err, a, "expected a symbol name after '.%s'", name), ASM_ERROR;
            c = skip_ws(ne, e);
        }
        if (c >= e || *c != ',') return aerr(err, c, "expected comma"), ASM_ERROR;   /* (llvm's parseAssignment) */
        if (d->kind == ASM_D_EQUIV && asm_sym_find(A, a, (size_t)(ne - a)))
            return aerr(err, a, "redefinition of '%.*s'", (int)(ne - a), a), ASM_ERROR;
        return asm_assign(A, a, (size_t)(ne - a), c + 1, e, err) ? ASM_DONE : ASM_ERROR;
    }
body:
    A->collect_depth = 1;
    A->collect_line = line;
    free(A->collect_src);
    A->collect_src = NULL;
    if (A->line_start && A->line_start <= at) {
        const char *le = at;
        while (*le && *le != '\n') le++;
        A->collect_src = dupn(A->line_start, (size_t)(le - A->line_start));
        A->collect_col = (int)(at - A->line_start) + 1;
    }
    buf_reset(&A->body);
    update_busy(A);
    return ASM_DONE;
}

bool asm_req(AsmState *A, const char *name, size_t n, const char *r, const char *e, const char **kept, AsmErr *err)
{
    *kept = NULL;
    r = skip_ws(r, e);
    e = rtrim(r, e);
    const char *re = asm_name_end(r, e);
    if (re == r || re != e) return aerr(err, r, "expected a register after '.req'");
    char *reg = dup_lower(r, (size_t)(re - r));
    const char *target = asm_alias_find(A, r, (size_t)(re - r));   /* an alias of an alias */
    if (target) { free(reg); reg = dupn(target, strlen(target)); }
    int k = tab_slot(&A->alias, name, n);
    if (k >= 0) {                 /* defined before: the first register stays (llvm-mc, GNU as) */
        if (strcmp(A->alias.val[k], reg) != 0) *kept = A->alias.val[k];
        free(reg);
        return true;
    }
    tab_add(&A->alias, name, n, reg);
    return true;
}

/* ---- frames ---- */
static bool push_frame(AsmState *A, AsmFrame *f, int line, const char *ls, const char *at, AsmErr *err)
{
    if (A->nframes == ASM_MAX_DEPTH) {
        char nm[64];
        snprintf(nm, sizeof nm, "%s", f->name);
        bool inc = f->kind == F_INCLUDE;
        frame_free(f);
        if (inc) return aerr_kind(err, ASM_E_EXPANSIONS, at ? at : ls, "expansions nested more than %d deep (a file that includes itself?)", ASM_MAX_DEPTH);
        return aerr_kind(err, ASM_E_EXPANSIONS, at ? at : ls, "expansions nested more than %d deep (a recursive macro '%s'?)", ASM_MAX_DEPTH, nm);
    }
    f->call_line = line;
    f->call_file = A->cur_file;
    const char *le = ls;
    while (*le && *le != '\n') le++;
    f->call_src = dupn(ls, (size_t)(le - ls));
    f->call_col = (int)((at ? at : skip_ws(ls, le)) - ls) + 1;
    f->ncond0 = A->ncond;
    A->frames[A->nframes++] = f;
    return frame_iteration(A, f, err);
}

/* append [s, e) to the frame's text with `\param` replaced by `val` (.irp/.irpc); `alt`
 * (.altmacro): `param` too */
static void subst_one(Buf *o, const char *s, const char *e, const char *param, const char *val, size_t vn, bool alt)
{
    size_t pn = strlen(param);
    while (s < e) {
        const char *b = s;
        if (alt) while (b < e && *b != '\\' && !asm_name_char(*b)) b++;
        else if (!(b = memchr(s, '\\', (size_t)(e - s)))) b = e;
        buf_put(o, s, (size_t)(b - s));
        if (b == e) return;
        if (*b != '\\') {
            const char *ie = asm_name_end(b, e);
            if ((size_t)(ie - b) == pn && !memcmp(b, param, pn)) buf_put(o, val, vn);
            else buf_put(o, b, (size_t)(ie - b));
            s = ie;
            continue;
        }
        const char *ie = asm_name_end(b + 1, e);
        if ((size_t)(ie - b - 1) == pn && !memcmp(b + 1, param, pn)) { buf_put(o, val, vn); s = ie; }
        else if (b + 2 < e && b[1] == '(' && b[2] == ')') s = b + 3;
        else { buf_putc(o, '\\'); s = b + 1; }
    }
}

/* the next iteration's text of a repetition (a macro's text is made when it is called) */
static bool frame_iteration(AsmState *A, AsmFrame *f, AsmErr *err)
{
    f->pos = 0;
    f->off = 0;
    if (f->kind == F_MACRO || f->kind == F_INCLUDE) return true;
    buf_reset(&f->text);
    bool alt = A->altmacro && A->dialect != ASM_DARWIN;
    if (f->kind == F_REPT) buf_put(&f->text, f->tmpl, f->tlen);
    else if (f->kind == F_IRP) {
        const char *v = f->nvalues ? f->values[f->iter] : "";
        subst_one(&f->text, f->tmpl, f->tmpl + f->tlen, f->param, v, strlen(v), alt);
    } else subst_one(&f->text, f->tmpl, f->tmpl + f->tlen, f->param, f->chars + f->iter, 1, alt);
    A->bytes_left -= (long)f->text.len;
    if (A->bytes_left < 0) return aerr_kind(err, ASM_E_EXPANSIONS, NULL, "expansions too large (more than %ld bytes of text)", asm_max_bytes);
    return true;
}

const char *asm_char_end(const char *p, const char *e)
{
    const char *c = p + 1;
    if (c < e && *c == '\\') c++;
    if (c >= e || *c == '\n') return NULL;
    return c + 1 < e && c[1] == '\'' ? c + 2 : c + 1;
}

const char *asm_statement_end(const char *ls, const char *le, const char *end, bool darwin, int *nl)
{
    *nl = 0;
    const char *p = skip_ws(ls, le), *e = le;
    if (p < le && *p == '#') return le;
    int n = 0;
    for (const char *c; p < e; p++) {
        if (*p == '\'' && (c = asm_char_end(p, e))) {
            p = c - 1;
        } else if (*p == '"') {
            const char *q = p + 1;   /* (the lexer's string: a backslash takes the next character) */
            while (q < end && *q != '"') q += *q == '\\' && q + 1 < end ? 2 : 1;
            if (q >= end) return NULL;
            if (q > e) {
                for (const char *y = e; (y = memchr(y, '\n', (size_t)(q - y))); y++) n++;
                const char *x = memchr(q, '\n', (size_t)(end - q));
                e = x ? x : end;
            }
            p = q;
        } else if (*p == '/' && p + 1 < e && p[1] == '*') {
            /* (llvm's lexer takes a block comment as a blank, newlines and all: the statement
             * goes on after it, to the end of the line it closes on; one never closed ends
             * the statement at its line's end, where "unterminated comment" goes) */
            const char *c = p + 2;
            while (c + 1 < end && !(c[0] == '*' && c[1] == '/')) c++;
            if (c + 1 >= end) break;
            if (c + 1 > e) {
                for (const char *y = e; (y = memchr(y, '\n', (size_t)(c - y))); y++) n++;
                const char *x = memchr(c, '\n', (size_t)(end - c));
                e = x ? x : end;
            }
            p = c + 1;
        } else if ((*p == '/' && p + 1 < e && p[1] == '/') || (*p == ';' && darwin)) {
            break;
        }
    }
    *nl = n;
    return e;
}

bool asm_frame_line(AsmState *A, const char **ls, const char **le, int *line, const char **file, bool *ok,
                    AsmErr *err)
{
    *ok = true;
    while (A->nframes) {
        AsmFrame *f = A->frames[A->nframes - 1];
        if (f->pos >= f->text.len) {
            if (++f->iter < f->count) {
                /* an iteration counts as a line replayed (its end): an empty body repeated
                 * (.rept 1000000 of .rept 1000000 with nothing inside) is bounded too */
                bool more = --A->lines_left >= 0;
                if (!more || !frame_iteration(A, f, err)) {   /* a bound: located at the directive that repeats */
                    *ls = f->call_src;
                    *le = f->call_src + strlen(f->call_src);
                    *line = f->call_line;
                    *file = f->call_file;
                    if (!more) aerr_kind(err, ASM_E_EXPANSIONS, NULL, "expansions replay too many lines (more than %ld)", asm_max_lines);
                    err->at = f->call_src + f->call_col - 1;
                    return *ok = false;
                }
                continue;
            }
            A->nframes--;
            frame_free(f);
            continue;
        }
        const char *s = f->text.data + f->pos, *nl = memchr(s, '\n', f->text.len - f->pos);
        const char *te = f->text.data + f->text.len, *e = nl ? nl : te;
        int more = 0;             /* (a string that spans lines: the statement's lines) */
        const char *se;
        if ((memchr(s, '"', (size_t)(e - s)) || memchr(s, '*', (size_t)(e - s))) && (se = asm_statement_end(s, e, te, A->dialect == ASM_DARWIN, &more))) e = se;
        f->pos = (size_t)(e - f->text.data) + 1;
        *ls = s;
        *le = e;
        *line = f->line0 + f->off;
        f->off += 1 + more;
        *file = f->file;
        if (--A->lines_left < 0) {
            *ok = aerr_kind(err, ASM_E_EXPANSIONS, skip_ws(s, e), "expansions replay too many lines (more than %ld)", asm_max_lines);
            return false;
        }
        return true;
    }
    return false;
}

/* the lines in [s, s + n): a last one with no newline counts */
static int count_lines(const char *s, size_t n)
{
    int k = 0;
    for (const char *x = s, *e = s + n; x < e; k++) {
        const char *nl = memchr(x, '\n', (size_t)(e - x));
        x = nl ? nl + 1 : e;
    }
    return k;
}

bool asm_frame_next(AsmState *A, const char **ls, const char **le, int *line)
{
    if (!A->nframes) return false;
    const AsmFrame *f = A->frames[A->nframes - 1];
    if (f->kind == F_INCLUDE) return false;
    if (f->pos < f->text.len) {             /* the next line of this iteration */
        const char *s = f->text.data + f->pos, *nl = memchr(s, '\n', f->text.len - f->pos);
        *ls = s;
        *le = nl ? nl : f->text.data + f->text.len;
        *line = f->line0 + f->off;
        return true;
    }
    size_t n = f->kind == F_MACRO ? f->text.len : f->tlen;
    if (f->iter + 1 < f->count && n) {     /* the first of the next iteration */
        const char *t = f->tmpl, *nl = memchr(t, '\n', f->tlen), *e = nl ? nl : t + f->tlen;
        Buf *b = &A->peek;
        buf_reset(b);
        bool alt = A->altmacro && A->dialect != ASM_DARWIN;
        if (f->kind == F_REPT) buf_put(b, t, (size_t)(e - t));
        else if (f->kind == F_IRP) {
            const char *v = f->nvalues ? f->values[f->iter + 1] : "";
            subst_one(b, t, e, f->param, v, strlen(v), alt);
        } else subst_one(b, t, e, f->param, f->chars + f->iter + 1, 1, alt);
        *ls = b->data ? b->data : "";
        *le = *ls + b->len;
        *line = f->line0;
        return true;
    }
    /* (llvm ends a macro's instantiation with ".endmacro", a repetition's with ".endr") */
    *ls = f->kind == F_MACRO ? ".endmacro" : ".endr";
    *le = *ls + strlen(*ls);
    *line = f->line0 + count_lines(f->kind == F_MACRO ? f->text.data : f->tmpl, n);
    return true;
}

typedef struct Arg { const char *s, *e; } Arg;
/* where the argument at s ends: at a ',' outside brackets and strings, or e; with `blanks`,
 * at a blank that neither follows nor precedes an operator */
static const char *arg_end(const char *s, const char *e, bool blanks)
{
    const char *p = s;
    int depth = 0;
    bool q = false;
    while (p < e) {
        char c = *p;
        if (q) { if (c == '\\' && p + 1 < e) p++; else if (c == '"') q = false; p++; continue; }
        if (c == '"') q = true;
        else if (c == '(' || c == '[' || c == '{') depth++;
        else if ((c == ')' || c == ']' || c == '}') && depth) depth--;
        else if (depth == 0 && c == ',') break;
        else if (depth == 0 && blanks && is_ws(c)) {
            const char *x = skip_ws(p, e), *b = rtrim(s, p);
            if (x < e && (*x == ',' || strchr("+-*/|&^<>=", *x) || (b > s && strchr("+-*/|&^<>=", b[-1])))) { p = x; continue; }
            break;
        }
        p++;
    }
    return p;
}

/* an error of `%expr` (asm_expr's, at pct: the '%') in llvm-mc 19's words (its
 * parseAbsoluteExpression): a token that starts no value "unknown token in expression" there,
 * a '(' left open "expected ')'" where its ')' was wanted, and what parses but is no constant
 * (a symbol that is none, a string, a division by zero) "expected absolute expression" at the
 * '%'; false */
static bool alt_expr_err(const char *pct, AsmErr *err)
{
    if (err->kind == ASM_E_UNKNOWN_SYMBOL || err->kind == ASM_E_NOT_CONSTANT || err->kind == ASM_E_DIV_ZERO)
        return aerr(err, pct, "expected absolute expression");
    return false;   /* (the others are llvm's words and places already: asm_expr reads as parseExpression) */
}

/* Split a call's arguments [p, e): at commas outside brackets and strings (with `blanks`, at
 * blanks too: `step x0 x1`).  With A (.altmacro mode, llvm-mc's): `%expr` is the expression's
 * value in decimal, `<text>` the text (`!c` is c), either followed by the next argument with or
 * without a ','; the values made go to `store` (e - p + 24 * max bytes), lit[i]: argument i is
 * such a value (not unquoted).  -1 after an error. */
static int split_args(const AsmState *A, const char *p, const char *e, Arg *out, bool *lit, int max, bool blanks,
                      char *store, AsmErr *err)
{
    int n = 0;
    p = skip_ws(p, e);
    while (p < e && n < max) {
        const char *s = p, *v = p;
        char *o = store;
        const char *ie = asm_name_end(p, e), *x = skip_ws(ie, e);
        if (ie > p && asm_name_start(*p) && x < e && *x == '=' && (x + 1 >= e || x[1] != '=')) v = skip_ws(x + 1, e);   /* name=value */
        const char *gt = v;
        if (!A) v = e;            /* (no value made) */
        else if (v < e && *v == '<')
            for (gt = v + 1; gt < e && *gt != '>'; gt++)
                if (*gt == '!' && gt + 1 < e) gt++;
        lit[n] = false;
        if (v < e && *v == '%') {
            int64_t val;
            const char *end;
            if (!asm_expr(A, v + 1, e, &end, &val, err)) return alt_expr_err(v, err), -1;
            memcpy(o, s, (size_t)(v - s));
            o += v - s;
            o += sprintf(o, "%lld", (long long)val);
            p = end;
            lit[n] = true;
        } else if (v < e && *v == '<' && gt < e) {
            memcpy(o, s, (size_t)(v - s));
            o += v - s;
            for (const char *c = v + 1; c < gt; c++) {
                if (*c == '!' && c + 1 < gt) c++;
                *o++ = *c;
            }
            p = gt + 1;
            lit[n] = true;
        }
        if (lit[n]) {
            out[n].s = store;
            out[n].e = o;
            store = o;
        } else {
            p = arg_end(s, e, blanks);
            out[n].s = s;
            out[n].e = rtrim(s, p);
        }
        n++;
        p = skip_ws(p, e);
        if (p < e && *p == ',') p = skip_ws(p + 1, e);
    }
    return n;
}

/* .irp's values [p, e) (after the parameter) in .altmacro mode, kept for its expansion */
static bool irp_alt_values(AsmState *A, const char *p, const char *e, AsmErr *err)
{
    enum { MAXV = 4096 };
    p = skip_ws(p, e);
    if (p < e && *p == ',') p++;
    Arg *v = xmalloc(MAXV * sizeof *v);
    bool *lit = xmalloc(MAXV);
    char *store = xmalloc((size_t)(e - p) + 24 * MAXV);
    int n = split_args(A, p, e, v, lit, MAXV, false, store, err);
    if (n >= 0) {
        Buf b = {0};
        for (int i = 0; i < n; i++) {
            buf_put(&b, v[i].s, (size_t)(v[i].e - v[i].s));
            buf_putc(&b, 0);
        }
        A->pending_vals = b.data ? b.data : xcalloc(1, 1);
        A->npending_vals = n;
    }
    free(v);
    free(lit);
    free(store);
    return n >= 0;
}

/* a macro argument written as one quoted string is its contents, as llvm-mc and GNU as take it
 * (`m "x3"` is m x3; the quotes of `.ascii "\\s"` in the body stay) */
static Arg unquote(Arg a)
{
    if (a.e - a.s < 2 || *a.s != '"' || a.e[-1] != '"')
        return a;
    for (const char *c = a.s + 1; c < a.e - 1; c++) {
        if (*c == '\\' && c + 1 < a.e - 1) c++;
        else if (*c == '"') return a;   /* ("a" "b": two strings) */
    }
    return (Arg){a.s + 1, a.e - 1};
}

/* the parameter of m named [s, e), or -1 */
static int param_index(const AsmMacro *m, const char *s, const char *e)
{
    for (int j = 0; j < m->nparams; j++)
        if (name_eq(m->params[j].name, s, (size_t)(e - s))) return j;
    return -1;
}

static bool macro_expand(AsmState *A, AsmMacro *m, const Arg *args, const bool *lit, int nc, const char *s,
                         const char *e, const char *eos, int line, const char *ls, AsmErr *err);

bool asm_macro_named(const AsmState *A, const char *s, size_t n) { return macro_find(A, s, n) != NULL; }

bool asm_macro_call(AsmState *A, const char *s, const char *we, const char *e, const char *eos, int line, const char *ls,
                    bool *handled, AsmErr *err)
{
    *handled = false;
    AsmMacro *m = s < we && asm_name_start(*s) ? macro_find(A, s, (size_t)(we - s)) : NULL;   /* (an identifier
                                     calls one: not `1m` after `.macro "1m"`, llvm's lexer's Integer) */
    if (!m) return true;
    *handled = true;
    enum { MAXA = 64 };
    Arg args[MAXA];
    if (m->nparams > MAXA) return aerr(err, s, "macro '%s' has too many parameters", m->name);
    bool lit[MAXA] = {0};
    char *store = NULL;
    const AsmState *alt = A->altmacro ? A : NULL;
    if (alt) store = xmalloc((size_t)(e - we) + 24 * MAXA);
    int nc = split_args(alt, we, e, args, lit, MAXA, false, store, err);
    /* (blanks part arguments too, as llvm-mc's parseMacroArgument: `step x0 x1`; one parameter
     * but a vararg one takes but one) */
    if (nc == 1 && (nc < m->nparams || (m->nparams == 1 && !m->params[0].vararg))) nc = split_args(alt, we, e, args, lit, MAXA, true, store, err);
    if (nc < 0) { free(store); return false; }
    bool ok = macro_expand(A, m, args, lit, nc, s, e, eos, line, ls, err);
    free(store);
    return ok;
}

/* the arguments of a call on Darwin of a macro without parameters, as llvm-mc's expandMacro
 * gives them for $0 to $9: each one's tokens with no blanks between them (1 + 2 is 1+2; a
 * string's own blanks stay), into out one after the other, each ending in a NUL; their count,
 * up to the last one not empty ($n: `m 1,` one, `m ,` none) */
static int darwin_args(const Arg *args, int nc, Buf *out)
{
    int n = 0;
    for (int i = 0; i < nc; i++) {
        size_t l0 = out->len;
        bool q = false;
        for (const char *c = args[i].s; c < args[i].e; c++) {
            if (q && *c == '\\' && c + 1 < args[i].e) { buf_put(out, c, 2); c++; continue; }
            if (*c == '"') q = !q;
            if (q || !is_ws(*c)) buf_putc(out, *c);
        }
        if (out->len > l0) n = i + 1;
        buf_putc(out, 0);
    }
    return n;
}

/* the call at s (its line ls) of macro m with the nc arguments args (lit: not unquoted) */
static bool macro_expand(AsmState *A, AsmMacro *m, const Arg *args, const bool *lit, int nc, const char *s,
                         const char *e, const char *eos, int line, const char *ls, AsmErr *err)
{
    enum { MAXA = 64 };
    Arg val[MAXA];
    bool set[MAXA] = {0};
    int pos = 0;
    bool named = false;
    /* (on Darwin a macro without parameters takes any arguments, $0 to $9 in its body, as
     * llvm-mc's expandMacro: darwin_args) */
    bool positional = A->dialect == ASM_DARWIN && !m->nparams;
    /* (llvm-mc's parseMacroArguments: one argument a parameter, named or in turn; its words) */
    for (int i = 0; i < nc && !positional; i++) {
        if (m->nparams && i >= m->nparams) return aerr(err, args[i].s, "too many positional arguments");
        /* a named argument: param=value */
        const char *ie = asm_name_end(args[i].s, args[i].e), *x = skip_ws(ie, args[i].e);
        if (ie > args[i].s && asm_name_start(*args[i].s) && x < args[i].e && *x == '=' && (x + 1 >= args[i].e || x[1] != '=')) {
            int k = -1;
            for (int j = 0; j < m->nparams; j++)
                if (name_eq(m->params[j].name, args[i].s, (size_t)(ie - args[i].s))) k = j;
            if (k < 0)
                return aerr(err, args[i].s, "parameter named '%.*s' does not exist for macro '%s'", (int)(ie - args[i].s),
                            args[i].s, m->name);
            val[k] = (Arg){skip_ws(x + 1, args[i].e), args[i].e};
            if (!lit[i]) val[k] = unquote(val[k]);
            set[k] = val[k].s < val[k].e;   /* empty (b=): the default, as llvm-mc and GNU as take it */
            named = true;
            continue;
        }
        if (named) return aerr(err, args[i].s, "cannot mix positional and keyword arguments");
        if (pos < m->nparams && m->params[pos].vararg) {   /* the rest, as written */
            val[pos] = (Arg){args[i].s, lit[i] ? args[i].e : rtrim(s, e)};
            set[pos] = true;
            pos++;
            break;
        }
        if (pos >= m->nparams) {
            if (A->dialect == ASM_DARWIN) return aerr(err, args[i].s, "too many arguments for macro '%s'", m->name);
            /* (none taken: llvm's words where the statement ends, for a value given) */
            if (skip_ws(args[i].s, args[i].e) < args[i].e || lit[i]) return aerr(err, eos, "Wrong number of arguments");
            continue;
        }
        val[pos] = lit[i] ? args[i] : unquote(args[i]);
        set[pos++] = skip_ws(args[i].s, args[i].e) < args[i].e || lit[i];   /* empty: the default */
    }
    for (int j = 0; j < m->nparams; j++) {
        if (set[j]) continue;
        if (m->params[j].req)     /* (llvm's words, where the statement ends) */
            return aerr(err, eos, "missing value for required parameter '%s' in macro '%s'", m->params[j].name, m->name);
        const char *d = m->params[j].def ? m->params[j].def : "";
        val[j] = unquote((Arg){d, d + strlen(d)});
    }
    AsmFrame *f = xcalloc(1, sizeof *f);
    f->kind = F_MACRO;
    f->name = dupn(m->name, strlen(m->name));
    f->count = 1;
    f->line0 = m->line;
    long counter = A->counter++, count = m->count++;
    /* the body with \param, \@, \+ and \() substituted; in .altmacro mode (not on Darwin, as
     * llvm-mc) a parameter named without '\' too, a '&' after it dropped */
    bool alt = A->altmacro && A->dialect != ASM_DARWIN && m->nparams;
    const char *b = m->body, *be = m->body + m->len;
    Buf *o = &f->text;
    Buf pargs = {0};              /* (positional: the arguments, each ending in a NUL) */
    int npos = positional ? darwin_args(args, nc, &pargs) : 0;
    buf_reserve(o, m->len + 1);
    while (b < be) {
        const char *bs = b;
        if (alt) while (bs < be && *bs != '\\' && !asm_name_char(*bs)) bs++;
        else if (positional) while (bs < be && *bs != '\\' && *bs != '$') bs++;
        else if (!(bs = memchr(b, '\\', (size_t)(be - b)))) bs = be;
        buf_put(o, b, (size_t)(bs - b));
        if (bs == be) break;
        if (*bs == '$') {         /* (positional: $$ a '$', $n the arguments' count, $0 to $9 one, or none) */
            char c = bs + 1 < be ? bs[1] : 0;
            if (c == '$') buf_putc(o, '$');
            else if (c == 'n') buf_put_llong(o, npos);
            else if (c >= '0' && c <= '9') {
                const char *v = pargs.data;
                for (int k = 0; k < c - '0' && k < npos; k++) v += strlen(v) + 1;
                if (c - '0' < npos) buf_put(o, v, strlen(v));
            } else buf_putc(o, '$');
            b = bs + 1 + (c == '$' || c == 'n' || (c >= '0' && c <= '9'));
            continue;
        }
        if (positional && bs + 1 < be && bs[1] == '$') { buf_put(o, bs, 2); b = bs + 2; continue; }   /* (\$0 as written) */
        if (*bs != '\\') {        /* an identifier: a parameter's name, or as written */
            const char *ie = asm_name_end(bs, be);
            int k = param_index(m, bs, ie);
            if (k >= 0) buf_put(o, val[k].s, (size_t)(val[k].e - val[k].s));
            else buf_put(o, bs, (size_t)(ie - bs));
            b = ie + (k >= 0 && ie < be && *ie == '&');
            continue;
        }
        if (bs + 1 < be && bs[1] == '@') { buf_put_llong(o, counter); b = bs + 2; continue; }
        if (bs + 1 < be && bs[1] == '+') { buf_put_llong(o, count); b = bs + 2; continue; }
        if (bs + 2 < be && bs[1] == '(' && bs[2] == ')') { b = bs + 3; continue; }
        const char *ie = asm_name_end(bs + 1, be);
        int k = ie > bs + 1 ? param_index(m, bs + 1, ie) : -1;
        if (k >= 0) { buf_put(o, val[k].s, (size_t)(val[k].e - val[k].s)); b = ie + (alt && ie < be && *ie == '&'); }
        else if (alt) { buf_putc(o, '\\'); buf_put(o, bs + 1, (size_t)(ie - bs - 1)); b = ie; }
        else { buf_putc(o, '\\'); b = bs + 1; }
        if (o->len > (size_t)ASM_MAX_BYTES) { frame_free(f); buf_free(&pargs); return aerr(err, s, "expansion of macro '%s' too large", m->name); }
    }
    buf_free(&pargs);
    A->bytes_left -= (long)o->len;
    if (A->bytes_left < 0) { frame_free(f); return aerr_kind(err, ASM_E_EXPANSIONS, s, "expansions too large (more than %ld bytes of text)", asm_max_bytes); }
    return push_frame(A, f, line, ls, s, err);
}

bool asm_include_text(AsmState *A, const char *name, const char *text, size_t len, int line, const char *ls,
                      const char *at, AsmErr *err)
{
    int k = 0;
    while (k < A->nfiles && strcmp(A->files[k], name)) k++;
    if (k == A->nfiles) {
        A->files = xrealloc(A->files, (size_t)(A->nfiles + 1) * sizeof *A->files);
        A->files[A->nfiles++] = dupn(name, strlen(name));
    }
    if ((A->bytes_left -= (long)len) < 0)
        return aerr_kind(err, ASM_E_EXPANSIONS, at, "expansions too large (more than %ld bytes of text)", asm_max_bytes);
    AsmFrame *f = xcalloc(1, sizeof *f);
    f->kind = F_INCLUDE;
    f->name = dupn(".include", 8);
    f->count = 1;
    f->line0 = 1;
    f->file = A->files[k];
    buf_put(&f->text, text, len);
    return push_frame(A, f, line, ls, at, err);
}

int asm_outer_line(const AsmState *A, int line)
{
    return A->nframes ? A->frames[0]->call_line : line;
}

void asm_notes(const AsmState *A, const char *file, Diag *d)
{
    for (int k = A->nframes - 1; k >= 0; k--) {
        const AsmFrame *f = A->frames[k];
        /* (a call in a file the parser included: at that file's own line) */
        bool own = f->call_file != NULL;
        const char *cf = own ? f->call_file : file;
        if (k == A->nframes - 4 && k > 0) {     /* the three innermost and the outermost */
            diag_note_file(d, own, cf, f->call_line, 0, NULL, "... %d more expansions", k);
            k = 1;
            continue;
        }
        if (f->kind == F_MACRO)
            diag_note_file(d, own, cf, f->call_line, f->call_col, f->call_src, "in expansion of macro '%s'", f->name);
        else if (f->kind == F_INCLUDE)
            diag_note_file(d, own, cf, f->call_line, f->call_col, f->call_src, "in '.include' of '%s'", f->file);
        else
            diag_note_file(d, own, cf, f->call_line, f->call_col, f->call_src, "in expansion of '%s'", f->name);
    }
}

bool asm_finish(AsmState *A, int *line, bool *at_end, AsmErr *err)
{
    *at_end = false;
    if (A->collect == C_MACRO) { *line = A->collect_line; return aerr_kind(err, ASM_E_OPEN_BODY, NULL, "no matching '.endmacro' in definition"); }
    if (A->collect != C_NONE) {   /* (llvm's words) */
        *line = A->collect_line;
        return aerr_kind(err, ASM_E_OPEN_BODY, NULL, "no matching '.endr' in definition");
    }
    if (A->ncond) {               /* (llvm's words, at the end of the text) */
        *line = A->cond[A->ncond - 1].line;
        *at_end = true;
        return aerr(err, NULL, "unmatched .ifs or .elses");
    }
    return true;
}

/* dir_debug.c — debug information directives: the CFI directives (.cfi_startproc ...
 * .cfi_endproc and their arguments, as llvm's parser and MCStreamer check them), llvm's MCContext
 * errors (context_err*), DWARF .file and .loc (the file numbers given: MCDwarfLineTable).
 */
#include "a64/parse_priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a register llvm's parseRegister takes in a CFI directive (AArch64AsmParser's scalar registers:
 * those of reg_lookup but v0-v31 (x0-x31, w0-w31, b/h/s/d/q0-31, sp, wsp, xzr, wzr, fp, lr) and
 * a64_special_reg's (ffr, vg, nzcv, fpcr, fpsr); a `.req` alias of one), [s, s + n) in any case;
 * not v0, z0, p0 (llvm-mca-19, .cfi_offset NAME alone: "expected comma" after one) */
static bool cfi_scalar_reg(const Parser *P, const char *s, size_t n, bool alias)
{
    int k = a64p_reg_lookup(s, n).kind;
    if (k == RK_GPR || k == RK_VSCALAR || a64_special_reg(s, n)) return true;
    const char *a = alias && P->A.alias.n ? asm_alias_find(&P->A, s, n) : NULL;
    return a && cfi_scalar_reg(P, a, strlen(a), false);
}

/* CFI_OK: the arguments read; CFI_ERR: an error reported; CFI_SILENT: the directive has no
 * effect, nothing is said (llvm's parseRegister refused a name without a word, or an encoding
 * 0xff omits .cfi_lsda's symbol) */
enum { CFI_OK, CFI_ERR, CFI_SILENT };

/* an absolute expression of a CFI directive at *x (then after it), the statement ending at e, a
 * string left open at q (or NULL) */
static int cfi_expr(Parser *P, const char **x, const char *e, const char *q, int64_t *v)
{
    const char *a = skip_ws(*x, e);
    if (a == q) return a64p_perr(P, q, "unterminated string constant"), CFI_ERR;
    if (a >= e || *a == ',') return a64p_perr(P, a64p_next_token(P, a, e), "unknown token in expression"), CFI_ERR;
    return a64p_dir_expr(P, a, q ? q : e, x, v, "expression") ? CFI_OK : CFI_ERR;
}

/* a register of a CFI directive at *x as llvm's parseRegisterOrRegisterNumber reads it: a number
 * (an expression), else a register's name */
static int cfi_reg(Parser *P, const char **x, const char *e, const char *q)
{
    const char *a = skip_ws(*x, e), *ie;
    int64_t v;
    if (a == q) return a64p_perr(P, q, "unterminated string constant"), CFI_ERR;
    if (a < e && (is_digit(*a) || *a == '\'')) return cfi_expr(P, x, e, q, &v);   /* (llvm's Integer tokens) */
    if (a >= e || *a == '"' || !(ie = a64p_llvm_identifier(a, e)) || !cfi_scalar_reg(P, a, (size_t)(ie - a), true))
        return CFI_SILENT;
    *x = ie;
    return CFI_OK;
}

/* a ',' at *x (then after it) */
static int cfi_comma(Parser *P, const char **x, const char *e)
{
    const char *a = skip_ws(*x, e);
    if (a >= e || *a != ',') return a64p_perr(P, a64p_next_token(P, a, e), "expected comma"), CFI_ERR;
    *x = a + 1;
    return CFI_OK;
}

/* the arguments [a, e) of the CFI directive d of a kind from ASM_D_CFI_REG on as llvm-mc 19's
 * AsmParser reads them (parseDirectiveCFI*: tools/lines-llvm.sh, tests/errors/a64-cfi-args.test),
 * a string left open at q (or NULL; a string llvm's lexer runs on from before the place it reads
 * is not said here: CFI_SILENT).  *rest: where a new statement starts on the line (.cfi_escape
 * and an omitted .cfi_lsda/.cfi_personality read no end of statement), or NULL */
static int cfi_args(Parser *P, const AsmDirective *d, const char *a, const char *e, const char *q, const char **rest)
{
    const char *x = a;
    int64_t v;
    int r = CFI_OK;
    *rest = NULL;
#define STEP_(c) do { if ((r = (c)) != CFI_OK) return r; } while (0)
    switch (d->kind) {
    case ASM_D_CFI_REG: STEP_(cfi_reg(P, &x, e, q)); break;
    case ASM_D_CFI_REG_OFF: STEP_(cfi_reg(P, &x, e, q)); STEP_(cfi_comma(P, &x, e)); STEP_(cfi_expr(P, &x, e, q, &v)); break;
    case ASM_D_CFI_REG_REG: STEP_(cfi_reg(P, &x, e, q)); STEP_(cfi_comma(P, &x, e)); STEP_(cfi_reg(P, &x, e, q)); break;
    case ASM_D_CFI_ASPACE:
        STEP_(cfi_reg(P, &x, e, q));
        for (int k = 0; k < 2; k++) { STEP_(cfi_comma(P, &x, e)); STEP_(cfi_expr(P, &x, e, q, &v)); }
        break;
    case ASM_D_CFI_OFF: STEP_(cfi_expr(P, &x, e, q, &v)); break;
    case ASM_D_CFI_ESCAPE:
        STEP_(cfi_expr(P, &x, e, q, &v));
        for (x = skip_ws(x, e); x < e && *x == ','; x = skip_ws(x, e)) { x++; STEP_(cfi_expr(P, &x, e, q, &v)); }
        *rest = x < e ? x : NULL;
        return CFI_OK;
    case ASM_D_CFI_ENCODING: {   /* (llvm's isValidEncoding: a DW_EH_PE format and application, or 0xff) */
        STEP_(cfi_expr(P, &x, e, q, &v));
        x = skip_ws(x, e);
        if (v == 0xff) {          /* (omitted: no frame is needed) */
            *rest = x < e ? x : NULL;
            return CFI_SILENT;
        }
        int f = (int)(v & 0xf);
        if ((v & ~0xff) || !(f == 0 || (f >= 2 && f <= 4) || f == 8 || (f >= 0xa && f <= 0xc)) || (v & 0x60))
            return a64p_perr(P, a64p_next_token(P, x, e), "unsupported encoding."), CFI_ERR;
        STEP_(cfi_comma(P, &x, e));
        const char *n = skip_ws(x, e), *ie = n == q ? NULL : a64p_llvm_identifier(n, e);
        if (!ie) return a64p_perr(P, a64p_next_token(P, n, e), "expected identifier in directive"), CFI_ERR;
        x = ie;
        break;
    }
    case ASM_D_CFI_LABEL: {
        const char *n = skip_ws(x, e), *ie = n == q ? NULL : a64p_llvm_identifier(n, e);
        if (!ie) return a64p_perr(P, a64p_next_token(P, n, e), "expected identifier"), CFI_ERR;
        x = ie;
        break;
    }
    default: return CFI_OK;
    }
#undef STEP_
    x = skip_ws(x, e);
    return x < e ? (a64p_perr(P, x, "expected newline"), CFI_ERR) : CFI_OK;
}

/* an error of llvm's MCContext at `at` (reportError: the statement has no effect, the parse goes
 * on): under skip_errors listed with no line left out (A64_DIAG_CONTEXT, or `kind`), the parse
 * going on (true); else the parse fails with it.  One in a file the parser included is an error
 * of that file (A64_DIAG_INCLUDED), as any other. */
bool a64p_context_err(Parser *P, const char *at, int kind, const char *msg)
{
    P->no_notes = true;           /* (llvm's MCContext notes no macro instantiation) */
    a64p_perr(P, at, "%s", msg);
    P->no_notes = false;
    if (P->err->kind == A64_DIAG_INCLUDED) return false;
    P->err->kind = kind;
    /* (after a failing statement on its line: the line's error, after the first's, in order) */
    if (!P->skip || P->after_error) return false;
    a64p_skipped_add(P, P->err);
    return true;
}

/* the context error msg at x of the line [ls, le), source line `line` (one other than the
 * statement's) */
static bool context_err_at(Parser *P, const char *x, const char *ls, const char *le, int line, const char *msg)
{
    const char *ols = P->ls, *ole = P->le;
    int oline = P->line;
    P->ls = ls, P->le = le, P->line = line;
    bool r = a64p_context_err(P, x, A64_DIAG_CONTEXT, msg);
    P->ls = ols, P->le = ole, P->line = oline;
    return r;
}

/* the context error msg at llvm's lexer's next token after the statement that ends at e (the
 * statement after a ';' on its line, else the first of the next line: blanks and block comments
 * passed, a line comment's start, the end of an empty line or of the text): the CFI frames', an
 * ELF section's unknown type (llvm's TokError after its end of statement) */
bool a64p_context_err_next(Parser *P, const char *e, const char *msg)
{
    const char *y = skip_ws(e, P->le);
    if (y < P->le && *y == ';' && P->A.dialect != ASM_DARWIN) return a64p_context_err(P, skip_ws(y + 1, P->le), A64_DIAG_CONTEXT, msg);
    const char *x = P->next_line;
    if (!x) {                     /* the end of the text (or of an expansion's line) */
        if (P->start && !P->A.nframes) return a64p_whole(P, e);   /* (the next piece has it) */
        const char *ns, *ne;
        int nline;
        /* (an expansion's: its instantiation's next line, or its end, as llvm's lexer reads on) */
        if (P->A.nframes && asm_frame_next(&P->A, &ns, &ne, &nline))
            return context_err_at(P, skip_ws(ns, ne), ns, ne, nline, msg);
        return a64p_context_err(P, P->le, A64_DIAG_CONTEXT, msg);
    }
    const char *ls = x, *end = P->text_end;
    int line = P->line + 1;
    for (;;) {
        while (x < end && is_ws(*x)) x++;
        if (x + 1 < end && x[0] == '/' && x[1] == '*') {
            const char *c = x + 2;
            while (c + 1 < end && !(c[0] == '*' && c[1] == '/')) c++;
            for (const char *n = x; (n = memchr(n, '\n', (size_t)((c + 1 < end ? c : end) - n))); n++) line++, ls = n + 1;
            x = c + 1 < end ? c + 2 : end;
            continue;
        }
        break;
    }
    if (x >= end && P->start) return a64p_whole(P, e);
    const char *le = memchr(ls, '\n', (size_t)(end - ls));
    return context_err_at(P, x, ls, le ? le : end, line, msg);
}

/* the CFI directive d (a row of src/asm/directives.tsv of a cfi_ kind) at s, its arguments from a
 * (cfi_args; a string left open at q, or q NULL), the statement ending at e: the frames as llvm's
 * MCStreamer keeps them.  .cfi_startproc opens one ("starting new .cfi frame before finishing
 * the previous one" in one open in the same section, at the next token), the others
 * need one open ("this directive must appear between .cfi_startproc and .cfi_endproc
 * directives" at the directive), .cfi_endproc closes the innermost (.cfi_sections, of kind
 * ignore, needs none).  A name llvm 19 does not know (.cfi_val_offset) is no row: an unknown
 * directive. */
static bool cfi_frame(Parser *P, const AsmDirective *d, const char *s, const char *e)
{
    if (d->kind == ASM_D_CFI_START) {
        if (P->ncfi && P->cfi[P->ncfi - 1] == P->sec)
            return a64p_context_err_next(P, e, "starting new .cfi frame before finishing the previous one");
        if (P->ncfi == P->capcfi) P->cfi = xrealloc(P->cfi, (size_t)(P->capcfi = P->capcfi * 2 + 8) * sizeof *P->cfi);
        P->cfi[P->ncfi++] = P->sec;
        P->cfi_last = true;
        return true;
    }
    if (!P->ncfi)
        return a64p_context_err(P, s, A64_DIAG_CONTEXT, "this directive must appear between .cfi_startproc and .cfi_endproc directives");
    if (d->kind == ASM_D_CFI_END) P->ncfi--, P->cfi_last = false;
    return true;
}

bool a64p_cfi_directive(Parser *P, const AsmDirective *d, const char *s, const char *a, const char *e, const char *q)
{
    const char *rest = NULL;
    int r = d->kind >= ASM_D_CFI_REG ? cfi_args(P, d, a, e, q, &rest) : CFI_OK;
    if (r == CFI_ERR) return false;
    if (q && rest != q) return a64p_perr(P, s, "unterminated string");   /* (llvm's lexer runs on: uarch's words) */
    if (r == CFI_OK && !cfi_frame(P, d, s, e)) return false;
    /* (what .cfi_escape leaves: a statement, as llvm reads it) */
    return !rest || (rest == q ? a64p_perr(P, q, "unterminated string constant") : a64p_statement(P, rest, e));
}

/* is the DWARF file number n given by a `.file n` so far?  -1: not known in this piece (a
 * number of 128 or more that a piece before it may have given) */
static int dwarf_file(const Parser *P, int64_t n)
{
    if (n < 128) return (int)(P->dfiles[n >> 6] >> (n & 63) & 1);
    for (int i = 0; i < P->ndfx; i++)
        if (P->dfx[i] == (uint64_t)n) return 1;
    return P->dfiles_more ? -1 : 0;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* the first DWARF file number from k (>= 1) on below the largest one a `.file N` gave that none
 * gave (llvm's AsmParser at the end of the text: "unassigned file number: K for .file
 * directives"), or 0 */
int64_t a64p_dwarf_gap(Parser *P, int64_t k)
{
    if (P->ndfx) qsort(P->dfx, (size_t)P->ndfx, sizeof *P->dfx, cmp_u64);
    int64_t max = P->ndfx ? (int64_t)P->dfx[P->ndfx - 1] : 0;
    for (int i = 127; i > 0 && !max; i--)
        if (P->dfiles[i >> 6] >> (i & 63) & 1) max = i;
    for (; k < max && k < 128; k++)
        if (!(P->dfiles[k >> 6] >> (k & 63) & 1)) return k;
    for (int i = 0; i < P->ndfx && k < max; i++) {   /* (from 128 on: dfx ascending) */
        if ((int64_t)P->dfx[i] < k) continue;
        if ((int64_t)P->dfx[i] > k) return k;
        k++;
    }
    return 0;
}

/* .file [N] "PATH" ["FILE"] [md5 NUMBER] [source "TEXT"] (llvm's parseDirectiveFile, its words
 * and places): N >= 1 names a file of the line table once ("file number already allocated",
 * at the directive, for the second), N 0 the root file (DWARF 5).  Where llvm-mca 19 differs,
 * uarch takes compiler output: after a root file, llvm gives a `.file N` of the root's name and
 * checksum (directory and source aside) no entry and no error, so that a `.loc N` is its
 * "unassigned file number", and GCC 12's -g output (`.file 0 "dir" "a.c"`, `.file 1 "a.c"`,
 * `.loc 1 ...`) fails there; here N is given (N < 128; and a later `.file N` is "already
 * allocated", where llvm gives it) */
bool a64p_file_directive(Parser *P, const char *s, const char *a, const char *e)
{
    const char *eos = skip_ws(e, P->le), *x = a, *ne, *ie, *y, *fname;
    int64_t fn = -1;
    bool md5 = false;
    uint64_t sum[2] = {0, 0};
    if ((ne = a64p_int_token(x, e, &fn))) {
        x = skip_ws(ne, e);
        if (fn < 0) return a64p_perr(P, arg_at(x, e, eos), "negative file number");
    }
    if (x >= e || *x != '"' || !(ie = a64p_llvm_ident_end(x, e))) return a64p_perr(P, arg_at(x, e, eos), "expected string");
    fname = x;
    a64p_newline_warnings(P, x, ie);   /* (a string that spans lines) */
    x = skip_ws(ie, e);
    if (x < e && *x == '"') {
        if (fn == -1) return a64p_perr(P, x, "explicit path specified, but no file number");
        if (!(ie = a64p_llvm_identifier(x, e))) return a64p_perr(P, x, "unexpected token in '.file' directive");
        a64p_newline_warnings(P, x, ie);
        fname = x;
        x = skip_ws(ie, e);
    }
    size_t nfname = (size_t)(a64p_llvm_ident_end(fname, e) - fname);   /* (in its quotes, as written) */
    while (x < e) {
        if (!asm_name_start(*x) || !(ie = a64p_llvm_identifier(x, e)))   /* (a '.' alone: no word) */
            return a64p_perr(P, x, "unexpected token in '.file' directive");
        y = skip_ws(ie, e);
        bool m = ie - x == 3 && !memcmp(x, "md5", 3), src = ie - x == 6 && !memcmp(x, "source", 6);
        if (!m && !src) return a64p_perr(P, arg_at(y, e, eos), "unexpected token in '.file' directive");
        if (fn == -1)
            return a64p_perr(P, arg_at(y, e, eos), m ? "MD5 checksum specified, but no file number"
                                                : "source specified, but no file number");
        if (m) {                  /* a number of up to 128 bits */
            AsmNum n;
            if (y >= e || *y < '0' || *y > '9') return a64p_perr(P, arg_at(y, e, eos), "unknown token in expression");
            if (!(ne = asm_lex_number_all(y, e, &n)) || n.kind != ASM_NUM_INT)
                return a64p_perr(P, y, "unknown token in expression");
            if (n.big) return a64p_perr(P, y, "out of range literal value");
            md5 = true, sum[0] = n.hi, sum[1] = n.lo;
            x = skip_ws(ne, e);
        } else {
            if (y >= e || *y != '"' || !(ie = a64p_llvm_ident_end(y, e)))
                return a64p_perr(P, arg_at(y, e, eos), "unexpected token in '.file' directive");
            a64p_newline_warnings(P, y, ie);
            x = skip_ws(ie, e);
        }
    }
    if (fn < 0) return true;
    int had = dwarf_file(P, fn);
    bool made = fn > 0;           /* (a file of llvm's line table) */
    if (had < 0) return a64p_whole(P, s);
    if (!fn) {                    /* the root file: its name and checksum */
        free(P->droot);
        P->droot = xmalloc(nfname + 1);
        memcpy(P->droot, fname, nfname);
        P->droot[nfname] = 0;
        P->droot_md5 = md5, P->droot_sum[0] = sum[0], P->droot_sum[1] = sum[1];
    } else if (P->dfiles[0] & 1) {   /* the root file again (a piece that did not see it: whole) */
        if (!P->droot) return a64p_whole(P, s);
        if (strlen(P->droot) == nfname && !memcmp(P->droot, fname, nfname) && P->droot_md5 == md5 &&
            (!md5 || (P->droot_sum[0] == sum[0] && P->droot_sum[1] == sum[1])))
            had = 0, fn = fn < 128 ? fn : 0, made = false;   /* (no error; N taken for .loc: see above) */
    }
    if (had && fn) return a64p_perr(P, s, "file number already allocated");
    if (fn < 128) P->dfiles[fn >> 6] |= 1ull << (fn & 63);
    else {
        if (P->ndfx == P->capdfx) P->dfx = xrealloc(P->dfx, (size_t)(P->capdfx = P->capdfx * 2 + 8) * sizeof *P->dfx);
        P->dfx[P->ndfx++] = (uint64_t)fn;
    }
    /* llvm-mca 19 (AsmParser::parseDirectiveFile) warns once, at a numbered `.file`, when the
     * line table has a file and the numbered lines so far (`.file 0` too) mix lines with an MD5
     * checksum and lines without */
    P->md5_with |= md5, P->md5_without |= !md5, P->file_made |= made;
    if (P->file_made && P->md5_with && P->md5_without && !P->md5_said) {
        P->md5_said = true;
        a64p_pwarn(P, s, "inconsistent use of MD5 checksums");
    }
    return true;
}

/* the expression of a .loc sub-directive at y (is_stmt, isa: parseExpression folded to a
 * constant, truncated to int as llvm's; discriminator: parseAbsoluteExpression), its value in
 * *v, where it ends in *end; `what` the words when it is no constant (NULL: "expected
 * absolute expression"; "": symbols are fine, view's) */
static bool loc_value(Parser *P, const char *y, const char *e, const char *eos, const char **end, int64_t *v,
                      const char *what)
{
    if (y >= e) return a64p_perr(P, eos, "unknown token in expression");
    AsmSymExpr sx;
    AsmErr ae;
    P->A.line_start = P->ls;
    if (!asm_sym_expr(&P->A, y, e, end, &sx, NULL, &ae)) {
        if (!ae.at) ae.at = y;
        return a64p_aerr(P, &ae);
    }
    if (!sx.constant && !(what && !*what)) return a64p_perr(P, y, "%s", what ? what : "expected absolute expression");
    *v = (int32_t)(uint32_t)sx.addend;
    *end = skip_ws(*end, e);
    return true;
}

/* .loc FILE [LINE [COLUMN]] [basic_block | prologue_end | epilogue_begin | is_stmt 0|1 | isa N |
 * discriminator N]... (llvm's parseDirectiveLoc: its words and places).  uarch takes GNU as's
 * `view EXPR` too, which llvm-mca 19 refuses ("unknown sub-directive"): GCC's -O1 and above -g
 * output has it on every .loc (`.loc 1 4 22 view -0`, `view .LVU1`) */
bool a64p_loc_directive(Parser *P, const char *a, const char *e)
{
    const char *eos = skip_ws(e, P->le), *x = a, *ne;
    int64_t v;
    if (!(ne = a64p_int_token(x, e, &v))) return a64p_perr(P, arg_at(x, e, eos), "unexpected token in '.loc' directive");
    int had = dwarf_file(P, v < 0 ? 0 : v);
    if (v < 1 && !(v == 0 && had)) return a64p_perr(P, x, "file number less than one in '.loc' directive");
    if (had < 0) return a64p_whole(P, x);
    if (!had) return a64p_perr(P, x, "unassigned file number in '.loc' directive");
    x = skip_ws(ne, e);
    static const char *const lc[] = {"line number less than zero in '.loc' directive",
                                     "column position less than zero in '.loc' directive"};
    for (int k = 0; k < 2 && (ne = a64p_int_token(x, e, &v)); k++) {
        if (v < 0) return a64p_perr(P, x, "%s", lc[k]);
        x = skip_ws(ne, e);
    }
    while (x < e) {
        const char *ie = a64p_llvm_identifier(x, e), *y;
        if (!ie) return a64p_perr(P, x, "unexpected token in '.loc' directive");
        const char *w = x + (*x == '"');
        size_t n = (size_t)(ie - (*x == '"') - w);
        y = skip_ws(ie, e);
        if ((n == 11 && !memcmp(w, "basic_block", n)) || (n == 12 && !memcmp(w, "prologue_end", n)) ||
            (n == 14 && !memcmp(w, "epilogue_begin", n))) {
            x = y;
        } else if (n == 7 && !memcmp(w, "is_stmt", n)) {
            if (!loc_value(P, y, e, eos, &x, &v, "is_stmt value not the constant value of 0 or 1")) return false;
            if (v != 0 && v != 1) return a64p_perr(P, y, "is_stmt value not 0 or 1");
        } else if (n == 3 && !memcmp(w, "isa", n)) {
            if (!loc_value(P, y, e, eos, &x, &v, "isa number not a constant value")) return false;
            if (v < 0) return a64p_perr(P, y, "isa number less than zero");
        } else if (n == 13 && !memcmp(w, "discriminator", n)) {
            if (!loc_value(P, y, e, eos, &x, &v, NULL)) return false;
        } else if (n == 4 && !memcmp(w, "view", n)) {   /* (GNU as's; GCC's -g output has it) */
            if (!loc_value(P, y, e, eos, &x, &v, "")) return false;
        } else return a64p_perr(P, x, "unknown sub-directive in '.loc' directive");
    }
    return true;
}

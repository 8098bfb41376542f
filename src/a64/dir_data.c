/* dir_data.c — data and layout directives: expressions of directive arguments (dir_arg), data
 * values (.byte ... .quad, .octa, dc.*) as llvm-mca checks them, .org, .incbin, strings
 * (.ascii/.asciz/.string), floats, and `.word` values that encode an instruction in code.
 */
#include "a64/parse_priv.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* '.' (in code: the offset reached) and a code label defined so far, for dir_expr */
static bool dir_label(void *ctx, const char *s, size_t n, int64_t *v)
{
    Parser *P = ctx;
    if (n == 1 && *s == '.') {
        *v = P->offset;
        return P->laid;
    }
    const Sym *y = a64p_sym_find(P, s, n);
    int64_t o = y ? y->off : P->start && P->start->label ? P->start->label(P->start->ctx, s, n, true) : -1;
    *v = o;
    return o >= 0 && o >> 32 == P->sec;   /* (in another section it is not one here) */
}

/* a directive's argument at a as llvm reads it with parseExpression (`known` not NULL: a
 * count, an offset) or parseAbsoluteExpression (NULL): a constant expression (.set constants,
 * operators, parentheses: src/asm; for parseExpression '.' and labels defined before it too:
 * llvm-mca's streamer has no assembler to lay them out, so its parseAbsoluteExpression takes
 * neither, nor a difference of two: `.cfi_offset x30, .`, `.p2align l2 - l1` are "expected
 * absolute expression"), its value in *v, and in *end
 * where it stops (a ',' outside parentheses, or e), blanks skipped.  An expression of symbols
 * without a value (a label not defined yet, a symbol of another file) is llvm's "expected
 * absolute expression", or where it takes one (*known false, *v 0) a size llvm-mca never
 * learns: it lays out no bytes for it */
bool a64p_dir_arg(Parser *P, const char *a, const char *e, const char **end, int64_t *v, const char *what, bool *known)
{
    a = skip_ws(a, e);
    if (a >= e || *a == ',') return a64p_perr(P, a, "expected %s", what);
    AsmErr ae;
    P->A.line_start = P->ls;
    P->A.label_value = known ? dir_label : NULL;
    bool ok = asm_expr(&P->A, a, e, end, v, &ae);
    P->A.label_value = NULL;
    if (known) *known = ok;
    if (!ok && (ae.kind == ASM_E_UNKNOWN_SYMBOL || ae.kind == ASM_E_NOT_CONSTANT)) {
        AsmSymExpr sx;
        AsmErr se;
        if (asm_sym_expr(&P->A, a, e, end, &sx, NULL, &se) && !sx.constant) {
            if (!known) return a64p_perr(P, a, "expected absolute expression");
            *v = 0;
            ok = true;
        }
    }
    if (!ok) {
        if (!ae.at) ae.at = a;
        return a64p_aerr(P, &ae);
    }
    *end = skip_ws(*end, e);
    return true;
}

bool a64p_dir_expr(Parser *P, const char *a, const char *e, const char **end, int64_t *v, const char *what)
{
    return a64p_dir_arg(P, a, e, end, v, what, NULL);
}

/* nothing may follow a directive's last argument at x */
bool a64p_dir_end(Parser *P, const char *x, const char *e)
{
    x = skip_ws(x, e);
    return x >= e || a64p_perr(P, x, "expected newline");   /* (llvm's words) */
}

/* where the value of a data directive at x ends: at the first ',' outside parentheses, quotes
 * and character constants, or at e */
const char *a64p_value_end(const char *x, const char *e)
{
    int depth = 0;
    for (; x < e; x++) {
        if (*x == '"') {
            for (x++; x < e && *x != '"'; x++)
                if (*x == '\\' && x + 1 < e) x++;
            if (x >= e) return e;
        } else if (*x == '\'' && x + 1 < e) {   /* 'c', '\c', the closing quote optional */
            x += x[1] == '\\' && x + 2 < e ? 2 : 1;
            if (x + 1 < e && x[1] == '\'') x++;
        }
        else if (*x == '(') depth++;
        else if (*x == ')' && depth) depth--;
        else if (*x == ',' && !depth) return x;
    }
    return e;
}

/* one value of a data directive, [x, ve) (a piece between commas): its value in *v when
 * *known (an expression of symbols, .word .L2 - .L1, _t@AUTH(ia, 0), takes its bytes without
 * one); [*xs, *xe) the piece trimmed; false after an error (what follows the value within
 * the piece: llvm's "unexpected token" where it reads a list of values, parseMany's comma, and
 * "expected newline" after the one value of .dcb) */
bool a64p_data_value(Parser *P, const char *x, const char *ve, bool one, int64_t *v, bool *known, const char **xs,
                const char **xe)
{
    const char *q2;
    *xs = skip_ws(x, ve), *xe = rtrim(*xs, ve);
    if (*xs >= *xe) return a64p_perr(P, *xs, "unknown token in expression");
    AsmErr ae;
    P->A.line_start = P->ls;
    *known = asm_expr(&P->A, *xs, *xe, &q2, v, &ae);
    const char *junk = one ? "expected newline" : "unexpected token";
    if (*known && skip_ws(q2, *xe) < *xe && *skip_ws(q2, *xe) == '@') return a64p_variant_refused(P, skip_ws(q2, *xe), *xe);
    if (*known && skip_ws(q2, *xe) < *xe) return a64p_perr(P, skip_ws(q2, *xe), "%s", junk);
    if (*known) return true;
    if (ae.kind == ASM_E_DIV_ZERO) {
        if (!ae.at) ae.at = *xs;
        return a64p_aerr(P, &ae);
    }
    /* an expression of symbols: read as one (llvm: a relocation; src/asm reads signed pointers) */
    AsmSymExpr sx;
    if (!asm_sym_expr(&P->A, *xs, *xe, &q2, &sx, NULL, &ae)) {
        if (!ae.at) ae.at = *xs;
        return a64p_aerr(P, &ae);
    }
    q2 = skip_ws(q2, *xe);
    return q2 >= *xe || a64p_perr(P, q2, "%s", junk);
}

/* the value of a data directive at x when it is a plain one, up to a ',' or e: an integer
 * (asm_lex_number's, after an optional '-'; *known) or a name that is no assembler symbol (a
 * relocation: not *known); [*xs, *xe) the value, the ',' or e returned.  NULL when it is
 * anything else (data_value reads it as an expression).  Compiler output's data is almost all
 * plain: this is data_value's answer to it without an expression parsed */
const char *a64p_data_plain(const Parser *P, const char *x, const char *e, int64_t *v, bool *known,
                       const char **xs, const char **xe)
{
    const char *p = *xs = x = skip_ws(x, e);
    if (p >= e) return NULL;
    if (is_digit(*p) || (*p == '-' && p + 1 < e && is_digit(p[1]))) {
        bool neg = *p == '-';
        AsmNum n;
        p = asm_lex_number(p + neg, e, &n);   /* (the layer's reader: one for every number) */
        if (!p || n.kind != ASM_NUM_INT || n.hi || n.big) return NULL;
        if (p < e && asm_name_char(*p)) return NULL;   /* (1f, 2b: numeric labels) */
        uint64_t u = n.lo;
        *v = neg ? (int64_t)(0 - u) : (int64_t)u;
        *known = true;
    } else if (*p != '$' && asm_name_start(*p) && !(*p == '.' && p + 1 < e && is_digit(p[1]))) {   /* (.5: a real) */
        p = asm_name_end(p, e);
        if ((p - x == 1 && *x == '.') || asm_sym_find(&P->A, x, (size_t)(p - x))) return NULL;
        *known = false;
    } else return NULL;
    *xe = p;
    p = skip_ws(p, e);
    return p >= e || *p == ',' ? p : NULL;
}

/* n bytes of layout in a code section (data, .skip, .fill, .org): 64-bit counts, no memory
 * taken for them; offsets are kept modulo 4 GiB (mca says when the code passes it) */
void a64p_skip_bytes(Parser *P, uint64_t n)
{
    if (P->laid) a64p_add_align(P, 0, (uint32_t)n);
}

/* .org N [, fill] (`fill`), and `. = N`: the section goes on at offset N; backwards (or
 * negative), llvm-mc refuses it when it lays the code out, llvm-mca goes on: a warning, and
 * the code stays where it is */
bool a64p_org(Parser *P, const char *a, const char *e, bool fill)
{
    int64_t v, f;
    const char *x;
    char buf[48];
    bool known;
    if (!a64p_dir_arg(P, a, e, &x, &v, "an offset", &known)) return false;
    if (fill && x < e && *x == ',' && !a64p_dir_expr(P, x + 1, e, &x, &f, "a fill value")) return false;
    if (!a64p_dir_end(P, x, e)) return false;
    if (!known) return true;      /* (an offset llvm-mca never learns: the code stays where it is) */
    if (P->laid && (v < 0 || (uint64_t)v < P->offset)) {
        a64p_pwarn(P, a, "invalid .org offset '%s' (at offset '%u'): ignored", a64p_q(a, rtrim(a, x), buf, sizeof buf), P->offset);
        return true;
    }
    if (P->laid) a64p_skip_bytes(P, (uint64_t)v - P->offset);
    return true;
}

/* .octa: integers of up to 128 bits (no expressions, as llvm-mc reads them), 16 bytes each */
bool a64p_octa(Parser *P, const char *a, const char *e)
{
    const char *x = skip_ws(a, e);
    uint64_t n = 0;
    if (x >= e) return true;
    for (;;) {
        const char *s = x;
        AsmNum nm;
        if (!is_digit(*s) || !(x = asm_lex_number(s, e, &nm)) || nm.kind != ASM_NUM_INT)
            return a64p_perr(P, s, "unknown token in expression");
        if (nm.big) return a64p_perr(P, s, "out of range literal value");
        n++;
        x = skip_ws(x, e);
        if (x >= e) break;
        if (*x != ',') return a64p_perr(P, x, "unexpected token");
        x = skip_ws(x + 1, e);
        if (x >= e) return a64p_perr(P, x, "unknown token in expression");
    }
    a64p_skip_bytes(P, 16 * n);
    return true;
}

/* the size of a file that is no regular one (a device, a FIFO), which llvm reads to its end
 * (/dev/null: 0 bytes; /dev/zero: forever): read without waiting, `want` bytes at most (then
 * it has enough); -1 when it has no end before INCBIN_SPECIAL_MAX bytes or would block */
enum { INCBIN_SPECIAL_MAX = 1 << 20 };
static int64_t special_size(const char *path, uint64_t want)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return -1;
    char buf[4096];
    uint64_t n = 0;
    ssize_t r = 0;
    while (n < want && n <= INCBIN_SPECIAL_MAX && (r = read(fd, buf, sizeof buf)) > 0) n += (uint64_t)r;
    close(fd);
    return r >= 0 && n <= INCBIN_SPECIAL_MAX ? (int64_t)n : n >= want ? (int64_t)want : -1;
}

/* .incbin "file"[, skip[, count]]: the file's bytes (from skip, at most count) in the layout;
 * the file looked up as written (from the working directory, as llvm-mca), then beside the
 * text that names it; only its size is read (of a file that is no regular one and no
 * directory, its bytes: special_size) */
static bool incbin_named(Parser *P, const char *a, const char *qe, const char *e, const Buf *name);

bool a64p_incbin(Parser *P, const char *a, const char *e)
{
    if (a >= e || *a != '"') return a64p_perr(P, a, "expected string in '.incbin' directive");
    Buf name = {0};               /* the file's name, its escapes read (\n, \142) as llvm-mc reads them */
    AsmStringError why;
    const char *se = asm_string(a, e, &name, &why);
    bool ok = se ? incbin_named(P, a, se - 1, e, &name)
            : a64p_perr(P, a, why == ASM_STRING_BAD_ESCAPE ? "invalid escape sequence (unrecognized character)" : "unterminated string");
    buf_free(&name);
    return ok;
}

/* .incbin's file `name` (its string [a, qe]) and its arguments after it, to e */
static bool incbin_named(Parser *P, const char *a, const char *qe, const char *e, const Buf *name)
{
    a64p_newline_warnings(P, a, qe);
    int64_t skip = 0, count = -1;
    const char *x = skip_ws(qe + 1, e), *skip_at = NULL, *count_at = NULL;
    if (x < e && *x == ',') {
        x = skip_ws(x + 1, e);
        if (x < e && *x != ',' && !a64p_dir_expr(P, skip_at = x, e, &x, &skip, "a skip count")) return false;
        if (x < e && *x == ',' && !a64p_dir_expr(P, count_at = skip_ws(x + 1, e), e, &x, &count, "a count")) return false;
    }
    if (!a64p_dir_end(P, x, e)) return false;
    if (skip < 0) return a64p_perr(P, skip_at, "skip is negative");
    if (count_at && count < 0) {
        a64p_pwarn(P, count_at, "negative count has no effect");
        count = -1;
    }
    Buf path = {0};
    buf_put(&path, name->data, name->len);
    struct stat st;
    bool found = stat(buf_cstr(&path), &st) == 0 && !S_ISDIR(st.st_mode);
    const char *slash = strrchr(P->file, '/');
    if (!found && path.data[0] != '/' && slash) {   /* beside the text */
        buf_reset(&path);
        buf_put(&path, P->file, (size_t)(slash - P->file) + 1);
        buf_put(&path, name->data, name->len);
        found = stat(buf_cstr(&path), &st) == 0 && !S_ISDIR(st.st_mode);
    }
    char buf[48];
    if (found && !S_ISREG(st.st_mode)) {
        uint64_t want = count >= 0 && (uint64_t)count <= INCBIN_SPECIAL_MAX ? (uint64_t)skip + (uint64_t)count : UINT64_MAX;
        int64_t size = special_size(buf_cstr(&path), want);
        buf_free(&path);
        if (size < 0)
            return a64p_perr(P, a, "incbin file '%s' is no regular file and gives no end within %d bytes without waiting (llvm-mca reads on)",
                        a64p_q(name->data, name->data + name->len, buf, sizeof buf), INCBIN_SPECIAL_MAX);
        st.st_size = (off_t)size;
    }
    buf_free(&path);
    if (!found) return a64p_perr(P, a, "Could not find incbin file '%s'", a64p_q(name->data, name->data + name->len, buf, sizeof buf));
    uint64_t n = (uint64_t)st.st_size > (uint64_t)skip ? (uint64_t)st.st_size - (uint64_t)skip : 0;
    if (count >= 0 && (uint64_t)count < n) n = (uint64_t)count;
    a64p_skip_bytes(P, n);
    return true;
}

/* .include "file" reached by the parser: most files are spliced in before parsing
 * (src/asm/include.c); this one (made by a macro's argument, or of a file read twice already)
 * is read here, its lines replayed as an expansion (a piece of a longer text asks for the
 * whole parse); errors in llvm-mc's words where it has them (a file it cannot find, inside
 * `.if 0` no error) */
bool a64p_include_left(Parser *P, const char *s, const char *a, const char *e)
{
    if (a >= e || *a != '"') return a64p_perr(P, a, "expected string in '.include' directive");
    Buf name = {0};
    AsmStringError why;
    const char *x = asm_string(a, e, &name, &why);
    if (!x) {
        buf_free(&name);
        return a64p_perr(P, a, why == ASM_STRING_BAD_ESCAPE ? "invalid escape sequence (unrecognized character)"
                                                       : "expected string in '.include' directive");
    }
    x = skip_ws(x, e);
    if (x < e) {
        buf_free(&name);
        return a64p_perr(P, x, "unexpected token in '.include' directive");
    }
    Buf text = {0};
    AsmIncludeRead rd = asm_include_read(buf_cstr(&name), name.len, &text);
    const char *n = name.data;
    AsmErr ae;
    bool r = rd == ASM_INCLUDE_MISSING ? a64p_perr(P, a, "Could not find include file '%.256s'", n)
           : rd == ASM_INCLUDE_SPECIAL ? a64p_perr(P, a, "'%.256s' is not a regular file: uarch includes regular files only", n)
           : rd == ASM_INCLUDE_LARGE ? a64p_perr(P, a, "'%.256s' is longer than %lld MiB (the bound of a text with its "
                                            "included files)", n, asm_max_include_bytes >> 20)
           : P->start ? a64p_whole(P, s)
           : text.len && memchr(text.data, 0, text.len) ? a64p_perr(P, a, "'%.256s' holds a NUL character", n)
           : asm_include_text(&P->A, n, text.len ? text.data : "", text.len, P->line, P->ls, s, &ae) || a64p_aerr(P, &ae);
    buf_free(&text);
    buf_free(&name);
    return r;
}

/* the size of a .dcb/.ds element: by the suffix (.b 1, .w 2, .l/.s 4, .d 8, .p/.x 12; none 2) */
int a64p_dc_size(const char *name)
{
    const char *dot = strchr(name, '.');
    if (!dot) return 2;
    switch (dot[1]) {
    case 'b': return 1;
    case 'l': case 's': return 4;
    case 'd': return 8;
    case 'p': case 'x': return 12;
    default: return 2;
    }
}

/* a 32-bit word of data in code (.word, .inst) at xs, of the directive [s, e): one that encodes
 * ADR/ADRP becomes that instruction, any other 4 bytes of layout */
bool a64p_word_inst(Parser *P, uint32_t w, const char *xs, const char *s, const char *e)
{
    if ((w & 0x1f000000u) != 0x10000000u) {
        a64p_add_align(P, 0, 4);
        return true;
    }
    bool page = w >> 31;
    int64_t imm = (int64_t)((((w >> 5) & 0x7ffff) << 2) | ((w >> 29) & 3));
    if (imm & (1 << 20)) imm -= 1 << 21;
    A64Inst *in = a64p_new_inst(P);
    in->mnem_name = a64p_intern_name(P, page ? "adrp" : "adr", page ? 4 : 3);
    in->nops = 2;
    memset(in->ops, 0, 2 * sizeof in->ops[0]);
    in->ops[0].kind = A64_OP_GPR;
    in->ops[0].u.gpr.num = (uint8_t)(w & 31);
    in->ops[0].u.gpr.is64 = true;
    in->ops[0].col = (int)(xs - P->ls) + 1;
    in->ops[1].kind = A64_OP_LABEL;
    in->ops[1].u.label.is_dot = true;
    in->ops[1].u.label.numeric = -1;
    in->ops[1].u.label.dot_offset = page ? imm * 4096 : imm;
    in->ops[1].col = in->ops[0].col;
    return a64p_finish_inst(P, in, s, s, e);
}

void a64p_newline_warnings(Parser *P, const char *q, const char *qe)
{
    for (const char *x = q + 1; x < qe; x++) {
        if (*x == '\\') x++;
        else if (*x == '\n') a64p_pwarn(P, x, "unterminated string; newline inserted");
    }
}

/* the bytes of the quoted strings of .ascii/.asciz/.string at [a, e) (escapes: \ooo, \xhh...
 * one byte each), +1 each with `nul`; -1 after an error.  The escapes are llvm-mc's
 * (parseEscapedString): \b \f \n \r \t \" \\, up to 3 octal digits of at most 255, \x and
 * at least one hex digit; any other is an error at the string, as llvm-mca gives it */
int64_t a64p_dir_strings(Parser *P, const char *a, const char *e, bool nul)
{
    int64_t n = 0;
    const char *x = skip_ws(a, e);
    if (x >= e) return 0;   /* (`.ascii` alone: no bytes, as llvm-mc) */
    for (;;) {
        if (x >= e || *x != '"') return a64p_perr(P, x, "expected string"), -1;   /* (llvm's words) */
        const char *o = x++, *bad = NULL;   /* bad: the first bad escape's error */
        while (x < e && *x != '"') {
            if (*x == '\\' && x + 1 < e) {
                x++;
                if (*x >= '0' && *x <= '7') {
                    unsigned val = 0;
                    for (int k = 0; k < 3 && x < e && *x >= '0' && *x <= '7'; k++) val = val * 8 + (unsigned)(*x++ - '0');
                    if (val > 255 && !bad) bad = "invalid octal escape sequence (out of range)";
                } else if (*x == 'x' || *x == 'X') {
                    x++;
                    const char *h = x;
                    while (x < e && is_xdigit(*x)) x++;
                    if (x == h && !bad) bad = "invalid hexadecimal escape sequence";
                } else {
                    if (!memchr("bfnrt\"\\", *x, 7) && !bad) bad = "invalid escape sequence (unrecognized character)";
                    x++;
                }
            } else {
                /* (a string that spans lines: llvm's parseEscapedString warns at each newline) */
                if (*x == '\n' && !bad) a64p_pwarn(P, x, "unterminated string; newline inserted");
                x++;
            }
            n++;
        }
        if (x >= e) return a64p_perr(P, o, "unterminated string"), -1;
        if (bad) return a64p_perr(P, o, "%s", bad), -1;
        n += nul;
        x = skip_ws(x + 1, e);
        if (x >= e) return n;
        if (*x != ',') return a64p_perr(P, x, "unexpected token"), -1;   /* (llvm's parseMany) */
        x = skip_ws(x + 1, e);
    }
}

/* a value of .float/.double at [x, ve) as llvm-mc reads one (parseRealValue), in any section:
 * a sign, then a decimal number (digits, '.', an exponent), a hex float with its 'p' exponent,
 * or inf, infinity, nan; false after an error (llvm's words and columns) */
bool a64p_float_value(Parser *P, const char *x, const char *ve)
{
    const char *p = skip_ws(x, ve), *xe = rtrim(p, ve);
    if (p < xe && (*p == '-' || *p == '+')) p = skip_ws(p + 1, xe);
    const char *t = p;
    if (p < xe && (is_digit(*p) || (*p == '.' && p + 1 < xe && is_digit(p[1])))) {
        bool real = false, ok = true;
        if (*p == '0' && p + 1 < xe && (p[1] | 0x20) == 'x') {   /* 0x1.8p3: the exponent is needed */
            for (p += 2; p < xe && is_xdigit(*p); p++) {}
            if (p < xe && *p == '.')
                for (p++; p < xe && is_xdigit(*p); p++) {}
            ok = p < xe && (*p | 0x20) == 'p';
            if (ok) {
                p += p + 1 < xe && (p[1] == '+' || p[1] == '-') ? 2 : 1;
                while (p < xe && is_digit(*p)) p++;
            }
            real = true;
        } else {
            while (p < xe && is_digit(*p)) p++;
            if (p < xe && *p == '.')
                for (real = true, p++; p < xe && is_digit(*p); p++) {}
            if (p < xe && (*p | 0x20) == 'e') {
                p += p + 1 < xe && (p[1] == '+' || p[1] == '-') ? 2 : 1;
                for (real = true; p < xe && is_digit(*p); p++) {}
            }
        }
        if (!real && p < xe && asm_name_char(*p)) ok = false;   /* (0b101, 10h: no float) */
        if (!ok) return a64p_perr(P, t, "invalid floating point literal");
    } else if (p < xe && asm_name_start(*p)) {
        p = asm_name_end(p, xe);
        size_t n = (size_t)(p - t);
        if (!a64p_ieq(t, n, "inf") && !a64p_ieq(t, n, "infinity") && !a64p_ieq(t, n, "nan"))
            return a64p_perr(P, t, "invalid floating point literal");
    } else return a64p_perr(P, t, "unexpected token in directive");
    p = skip_ws(p, xe);
    return p >= xe || a64p_perr(P, p, "unexpected token");
}

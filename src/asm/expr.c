/* expr.c — expressions, with the GNU assembler's operators and precedence (as llvm-mc reads
 * them in GNU mode), from the lowest:
 *   ||   &&   == != <> < <= > >=   + -   | & ^ ! (or-not)   * / % << >>   unary - ~ ! +
 * and on Darwin (arm64-apple-*: llvm's Darwin precedence, no or-not):
 *   && ||   | & ^   == != <> < <= > >=   << >>   + -   * / %
 * Operands: numbers as llvm-mca's lexer reads them (asm_lex_number: decimal, 0x hex, 0 octal,
 * radix suffixes 1fh 101b; a real, the bits of its double), 'c' characters, `1f`/`2b` numeric
 * labels (AsmState.numlab), parentheses and .set/.equ symbols with a constant value.  A comparison is -1 when true, 0 when false (as GNU
 * as and llvm).  Arithmetic wraps in 64 bits; a division by zero is an error.
 *
 * One reader of the grammar (tokens: numbers, characters, names, operators; primary, expr, full)
 * serves two uses, its actions chosen by the kind of expression: asm_expr, constants (every
 * symbol must have a value), computed as they are read, and asm_sym_expr, the expressions of
 * symbols an operand or a data value may hold (`ff_table+(16)`, `.Lb - .La`, `_t+8@PAGE`), read
 * as llvm's MCExpr: a tree folded to a constant where it is one (the whole and each parenthesis,
 * as llvm's parseExpression), printed as llvm prints it, and evaluated as llvm's
 * evaluateAsRelocatable without a layout (symbol - symbol + constant). */
#include "asm/asm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OP_NONE, OP_LOR, OP_LAND, OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_ADD, OP_SUB,
       OP_OR, OP_AND, OP_XOR, OP_ORNOT, OP_MUL, OP_DIV, OP_MOD, OP_SHL, OP_SHR };

/* a node of asm_sym_expr's tree (N_AUTH: arm64e's signed pointer `x@AUTH(key, disc[, addr])`,
 * llvm's AArch64AuthMCExpr, of l) */
enum { N_CONST, N_SYM, N_UNARY, N_BINARY, N_AUTH };
enum { SX_MAX_NODES = 1000 };   /* (printing recurses through the tree) */

typedef struct XNode {
    uint8_t kind, op;     /* N_UNARY: '-' '~' '!' '+'; N_BINARY: OP_*; N_AUTH: the key (auth_keys) */
    bool addr;            /* N_AUTH: address diversity */
    uint16_t disc;        /* N_AUTH: the discriminator */
    uint8_t vk;           /* N_SYM: its @variant */
    bool rel;             /* relocatable (evaluateAsRelocatable): a - b + c */
    int l, r;             /* the operands (N_UNARY: l) */
    int a, b;             /* the N_SYM nodes of that value, -1 none */
    const char *s;        /* N_SYM: the name (into the text; "" for '.') */
    size_t n;
    bool quoted;          /* N_SYM: written "in quotes" (its escapes kept as written) */
    int64_t c;            /* N_CONST: the value; else the relocatable value's constant */
} XNode;

/* One reader of the grammar for both: the operands and operators are read alike, and each
 * is given to an action of the kind of expression (`sym`): asm_expr computes the constant as it
 * reads (an error where a symbol has no value or a division is by zero), asm_sym_expr builds
 * the tree of nodes (symbols with their variants, names in quotes, '.'). */
typedef struct Ex {
    const AsmState *A;
    const char *p, *e;
    AsmErr *err;
    int depth;
    int ntok;             /* the tokens read so far, as llvm's lexer makes them (sym@PAGE is one) */
    bool sym;             /* asm_sym_expr: nodes; else asm_expr: constants */
    XNode *nd;            /* the nodes of asm_sym_expr */
    int nn, cap;
} Ex;

/* what an operand or operator read gives: its value (asm_expr) or its node (asm_sym_expr) */
typedef struct Val { int64_t c; int k; } Val;

/* an error of kind `kind` (AsmErrKind) at `at`: msg with arg for its %s */
static bool ex_err_kind(Ex *X, AsmErrKind kind, const char *at, const char *msg, const char *arg)
{
    X->err->at = at;
    X->err->stop = X->p;
    X->err->lex = X->err->next = false;
    X->err->kind = kind;
    snprintf(X->err->msg, sizeof X->err->msg, msg, arg);
    return false;
}
static bool ex_err(Ex *X, const char *at, const char *msg, const char *arg) { return ex_err_kind(X, ASM_E_OTHER, at, msg, arg); }

/* ---- the tokens ---- */

static void ws(Ex *X)
{
    while (X->p < X->e && (*X->p == ' ' || *X->p == '\t' || *X->p == '\r')) X->p++;
}


bool asm_expr_char(char c)
{
    return c == '(' || c == '~' || c == '!' || c == '\'' || asm_name_start(c);
}

/* the end of the name at p: letters, digits, _ . $ */
static const char *name_end(const Ex *X, const char *p) { return asm_name_end(p, X->e); }

/* the end of the variant at p (after its '@'): a name, '@' included (then an invalid one) */
static const char *variant_end(const Ex *X, const char *p)
{
    while (p < X->e && (asm_name_char(*p) || *p == '@')) p++;
    return p;
}

/* the value of hex digit c, 99 for another character */
static unsigned hexval(char c)
{
    unsigned u = (uint8_t)c, l = u | 0x20;
    return u - '0' < 10 ? u - '0' : l - 'a' < 6 ? l - 'a' + 10 : 99;
}

/* the 128 bits of [p, q) in `base` (every character a digit below it) in *n;
 * false at a digit not below it */
static bool digits128(const char *p, const char *q, unsigned base, AsmNum *n)
{
    uint64_t h = 0, l = 0;
    bool b = false;
    for (; p < q; p++) {
        unsigned d = hexval(*p);
        if (d >= base) return false;
        if (!h && l >> 59 == 0) {   /* (the usual number: l * 16 + 15 still fits) */
            l = l * base + d;
            continue;
        }
        /* (h:l) * base + d, in two halves of 32 bits each */
        uint64_t l0 = (l & 0xffffffffu) * base + d, l1 = (l >> 32) * base + (l0 >> 32);
        uint64_t h0 = (h & 0xffffffffu) * base + (l1 >> 32), h1 = (h >> 32) * base + (h0 >> 32);
        b |= h1 >> 32 != 0;
        l = (l1 << 32) | (l0 & 0xffffffffu);
        h = (h1 << 32) | (h0 & 0xffffffffu);
    }
    n->hi = h, n->lo = l, n->big = b;
    return true;
}

/* an error of the number at s: llvm's message */
static const char *num_err(AsmNum *n, const char *at, const char *msg)
{
    n->kind = ASM_NUM_ERR, n->at = at, n->msg = msg;
    return NULL;
}

/* llvm's integer suffixes, ignored: u, l, ul, ll, ull (any case) */
static const char *int_suffix(const char *p, const char *e)
{
    if (p < e && (*p | 0x20) == 'u') p++;
    if (p < e && (*p | 0x20) == 'l') p++;
    if (p < e && (*p | 0x20) == 'l') p++;
    return p;
}

/* a floating-point literal [s, q): its double (the text copied: strtod wants a NUL) */
static const char *real(const char *s, const char *q, AsmNum *n)
{
    char buf[80];
    size_t len = (size_t)(q - s) < sizeof buf ? (size_t)(q - s) : sizeof buf - 1;
    memcpy(buf, s, len);
    buf[len] = 0;
    n->kind = ASM_NUM_REAL;
    n->real = strtod(buf, NULL);
    return q;
}

/* the rest of a decimal floating-point literal from p (after its '.', or at its exponent):
 * llvm's LexFloatLiteral */
static const char *real_dec(const char *s, const char *p, const char *e, AsmNum *n)
{
    while (p < e && *p >= '0' && *p <= '9') p++;
    if (p < e && (*p == '-' || *p == '+')) return num_err(n, p, "invalid sign in float literal");
    if (p < e && (*p | 0x20) == 'e') {
        p++;
        if (p < e && (*p == '-' || *p == '+')) p++;
        while (p < e && *p >= '0' && *p <= '9') p++;
    }
    return real(s, p, n);
}

/* the rest of a hexadecimal one from p (at its '.' or 'p'): llvm's LexHexFloatLiteral */
static const char *real_hex(const char *s, const char *p, const char *e, bool no_int, AsmNum *n)
{
    bool no_frac = true;
    if (*p == '.') {
        const char *f = ++p;
        while (p < e && hexval(*p) < 16) p++;
        no_frac = p == f;
    }
    if (no_int && no_frac)
        return num_err(n, s, "invalid hexadecimal floating-point constant: expected at least one significand digit");
    if (p >= e || (*p | 0x20) != 'p')
        return num_err(n, s, "invalid hexadecimal floating-point constant: expected exponent part 'p'");
    p++;
    if (p < e && (*p == '-' || *p == '+')) p++;
    const char *x = p;
    while (p < e && *p >= '0' && *p <= '9') p++;
    if (p == x) return num_err(n, s, "invalid hexadecimal floating-point constant: expected at least one exponent digit");
    return real(s, p, n);
}

const char *asm_lex_number_all(const char *s, const char *e, AsmNum *n)
{
    n->kind = ASM_NUM_INT, n->hi = 0, n->big = false;
    if (*s == '0' && s + 1 < e && (s[1] | 0x20) == 'x') {   /* 0x hex (no suffix reading before it) */
        const char *p = s + 2;
        uint64_t u = 0;
        for (unsigned d; p < e && (d = hexval(*p)) < 16; p++) u = u << 4 | d;
        if (p < e && (*p == '.' || (*p | 0x20) == 'p')) return real_hex(s, p, e, p == s + 2, n);
        if (p == s + 2) return num_err(n, s, "invalid hexadecimal number");
        if (p - s > 18) digits128(s + 2, p, 16, n);   /* (more than 64 bits) */
        else n->lo = u;
        if (p < e && (*p | 0x20) == 'h') p++;
        return int_suffix(p, e);
    }
    /* the run of hex digits first (llvm's MASM integers): a radix suffix after it, h t o q y,
     * or its last digit b or d */
    const char *p = s, *nonbin = NULL, *nondec = NULL;
    uint64_t dec = 0;
    for (; p < e; p++) {
        unsigned c = (uint8_t)*p;
        if (c - '0' < 10) {
            if (c > '1' && !nonbin) nonbin = p;
            dec = dec * 10 + (c - '0');
        } else if ((c | 0x20) - 'a' < 6) {
            if (!nondec) nondec = nonbin ? p : (nonbin = p);
        } else break;
    }
    char c = p < e ? (char)(*p | 0x20) : 0;
    if (!nondec && p - s < 20 && c != '.' && c != 'h' && c != 't' && c != 'o' && c != 'q' &&
        c != 'y' && (*s != '0' || p - s == 1)) {   /* (the usual number: decimal, no suffix) */
        n->lo = dec;
        return int_suffix(p, e);
    }
    if (p < e && *p == '.') return real_dec(s, p + 1, e, n);
    unsigned radix = 0;
    const char *end = p;
    if (c == 'h') radix = 16, end++;
    else if (c == 't') radix = 10, end++;
    else if (c == 'o' || c == 'q') radix = 8, end++;
    else if (c == 'y') radix = 2, end++;
    else if (nondec && nondec + 1 == p && (*nondec | 0x20) == 'd') radix = 10;
    else if (nonbin && nonbin + 1 == p && (*nonbin | 0x20) == 'b') radix = 2;
    if (radix) {
        if (!digits128(s, end - 1, radix, n) || end - 1 == s) {
            return num_err(n, s, radix == 16 ? "invalid hexadecimal number" : radix == 10 ? "invalid decimal number"
                                 : radix == 8 ? "invalid octal number" : "invalid binary number");
        }
        return int_suffix(end, e);
    }
    /* no suffix: decimal, or 0 octal */
    if (*s != '0') {
        for (p = s; p < e && *p >= '0' && *p <= '9'; p++) {}
        if (p < e && (*p | 0x20) == 'e') return real_dec(s, p, e, n);
        digits128(s, p, 10, n);
        return int_suffix(p, e);
    }
    for (p = s + 1; p < e && *p >= '0' && *p <= '9'; p++) {}
    if (!digits128(s, p, 8, n)) return num_err(n, s, "invalid octal number");
    return int_suffix(p, e);
}

/* a number of an expression: 64 bits, or a floating-point literal's (llvm: the bits of its
 * double); what follows it is the caller's */
static bool number(Ex *X, int64_t *v, bool *real)
{
    AsmNum n;
    const char *s = X->p, *p = asm_lex_number(s, X->e, &n);
    if (!p) return ex_err(X, n.at, "%s", n.msg), X->err->lex = true, false;
    *real = n.kind == ASM_NUM_REAL;
    if (*real) memcpy(v, &n.real, sizeof *v);
    else if (n.hi || n.big) return ex_err(X, s, "%s", "literal value out of range for directive");   /* (llvm's words) */
    else *v = (int64_t)n.lo;
    X->p = p;
    return true;
}

/* 'c', or '\c' (\t \n \b \f \r; another c itself: '\0' is '0'), llvm's LexSingleQuote: a
 * closing quote right after it, or "single quote way too long" */
static bool charconst(Ex *X, int64_t *v)
{
    const char *p = X->p + 1;
    if (p < X->e && *p == '\\' && p + 1 < X->e) {
        char k = p[1];
        *v = k == 'n' ? '\n' : k == 't' ? '\t' : k == 'b' ? '\b' : k == 'f' ? '\f' : k == 'r' ? '\r' : (uint8_t)k;
        p += 2;
    } else if (p < X->e) *v = (uint8_t)*p++;
    if (p >= X->e || *p != '\'') return ex_err(X, X->p, "%s", "single quote way too long"), X->err->lex = true, false;
    X->p = p + 1;
    return true;
}

/* Darwin's precedence of each operator (llvm's getDarwinBinOpPrecedence): 0 = not one */
static const int8_t darwin_prec[] = {
    [OP_LOR] = 1, [OP_LAND] = 1, [OP_OR] = 2, [OP_AND] = 2, [OP_XOR] = 2, [OP_EQ] = 3, [OP_NE] = 3, [OP_LT] = 3,
    [OP_LE] = 3, [OP_GT] = 3, [OP_GE] = 3, [OP_SHL] = 4, [OP_SHR] = 4, [OP_ADD] = 5, [OP_SUB] = 5, [OP_MUL] = 6,
    [OP_DIV] = 6, [OP_MOD] = 6,
};

static int binop_gnu(const Ex *X, int *prec, int *len);

/* the binary operator at X->p: its kind, precedence (the dialect's) and length */
static int binop(const Ex *X, int *prec, int *len)
{
    int op = binop_gnu(X, prec, len);
    if (op != OP_NONE && X->A->dialect == ASM_DARWIN) {
        *prec = darwin_prec[op];
        if (!*prec) return OP_NONE;
    }
    return op;
}

/* the operator at X->p with GNU precedence */
static int binop_gnu(const Ex *X, int *prec, int *len)
{
    const char *p = X->p;
    if (p >= X->e) return OP_NONE;
    char c = *p, d = p + 1 < X->e ? p[1] : 0;
    *len = 2;
    switch (c) {
    case '|': if (d == '|') { *prec = 1; return OP_LOR; } *len = 1; *prec = 5; return OP_OR;
    case '&': if (d == '&') { *prec = 2; return OP_LAND; } *len = 1; *prec = 5; return OP_AND;
    case '=': if (d == '=') { *prec = 3; return OP_EQ; } return OP_NONE;
    case '!': if (d == '=') { *prec = 3; return OP_NE; } *len = 1; *prec = 5; return OP_ORNOT;
    case '<':
        *prec = 3;
        if (d == '>') return OP_NE;
        if (d == '=') return OP_LE;
        if (d == '<') { *prec = 6; return OP_SHL; }
        *len = 1; return OP_LT;
    case '>':
        *prec = 3;
        if (d == '=') return OP_GE;
        if (d == '>') { *prec = 6; return OP_SHR; }
        *len = 1; return OP_GT;
    case '+': *len = 1; *prec = 4; return OP_ADD;
    case '-': *len = 1; *prec = 4; return OP_SUB;
    case '^': *len = 1; *prec = 5; return OP_XOR;
    case '*': *len = 1; *prec = 6; return OP_MUL;
    case '/': *len = 1; *prec = 6; return OP_DIV;
    case '%': *len = 1; *prec = 6; return OP_MOD;
    default: return OP_NONE;
    }
}

/* l op r in *v; false for a division by zero */
static bool apply(int op, int64_t l, int64_t r, int64_t *v)
{
    uint64_t a = (uint64_t)l, b = (uint64_t)r;
    switch (op) {
    case OP_LOR: *v = l || r; break;
    case OP_LAND: *v = l && r; break;
    case OP_EQ: *v = l == r ? -1 : 0; break;
    case OP_NE: *v = l != r ? -1 : 0; break;
    case OP_LT: *v = l < r ? -1 : 0; break;
    case OP_LE: *v = l <= r ? -1 : 0; break;
    case OP_GT: *v = l > r ? -1 : 0; break;
    case OP_GE: *v = l >= r ? -1 : 0; break;
    case OP_ADD: *v = (int64_t)(a + b); break;
    case OP_SUB: *v = (int64_t)(a - b); break;
    case OP_OR: *v = (int64_t)(a | b); break;
    case OP_AND: *v = (int64_t)(a & b); break;
    case OP_XOR: *v = (int64_t)(a ^ b); break;
    case OP_ORNOT: *v = (int64_t)(a | ~b); break;
    case OP_MUL: *v = (int64_t)(a * b); break;
    case OP_DIV: case OP_MOD:
        if (r == 0) return false;
        if (l == INT64_MIN && r == -1) *v = op == OP_DIV ? INT64_MIN : 0;
        else *v = op == OP_DIV ? l / r : l % r;
        break;
    case OP_SHL: *v = b >= 64 ? 0 : (int64_t)(a << b); break;
    default: *v = b >= 64 ? 0 : (int64_t)(a >> b); break;   /* logical, as llvm-mc 19 (-8 >> 1 = 0x7ff...fc) */
    }
    return true;
}

/* ---- the @variants of symbols (llvm's MCSymbolRefExpr) ---- */

/* the @variants of a symbol reference llvm's MCSymbolRefExpr knows on AArch64 targets: how they
 * are written (any case) and printed; the first ones are ASM_VK_* */
static const char *const variants[][2] = {
    {"", ""}, {"page", "PAGE"}, {"pageoff", "PAGEOFF"}, {"gotpage", "GOTPAGE"}, {"gotpageoff", "GOTPAGEOFF"},
    {"tlvppage", "TLVPPAGE"}, {"tlvppageoff", "TLVPPAGEOFF"}, {"got", "GOT"}, {"plt", "PLT"},
    {"gotpcrel", "GOTPCREL"}, {"tlvp", "TLVP"}, {"gotoff", "GOTOFF"}, {"gottpoff", "GOTTPOFF"},
    {"tlsgd", "TLSGD"}, {"tlsld", "TLSLD"}, {"tlsldm", "TLSLDM"}, {"tpoff", "TPOFF"}, {"dtpoff", "DTPOFF"},
    {"ntpoff", "NTPOFF"}, {"gotntpoff", "GOTNTPOFF"}, {"indntpoff", "INDNTPOFF"}, {"secrel32", "SECREL32"},
    {"size", "SIZE"}, {"imgrel", "IMGREL"},
};

const char *asm_variant_name(int vk)
{
    return vk > 0 && vk < (int)ARRAY_LEN(variants) ? variants[vk][1] : "";
}

/* the variant [v, ve) names (any case), 0 none */
static int variant_of(const char *v, const char *ve)
{
    size_t n = (size_t)(ve - v);
    for (int k = 1; k < (int)ARRAY_LEN(variants); k++) {
        const char *w = variants[k][0];
        size_t i = 0;
        while (i < n && w[i] && (v[i] | 0x20) == w[i]) i++;
        if (i == n && !w[i]) return k;
    }
    return 0;
}

bool asm_constant_variant(const char *at, const char *e, AsmErr *err)
{
    const char *v = at + 1;
    while (v < e && (*v == ' ' || *v == '\t')) v++;
    const char *ve = v < e && asm_name_start(*v) ? asm_name_end(v, e) : v;
    int n = (int)(ve - v < 40 ? ve - v : 40);
    err->at = v;
    err->stop = ve;
    err->lex = err->next = false;
    err->kind = ASM_E_OTHER;
    if (ve == v) snprintf(err->msg, sizeof err->msg, "unexpected symbol modifier following '@'");
    else if (!variant_of(v, ve)) snprintf(err->msg, sizeof err->msg, "invalid variant '%.*s'", n, v);
    else snprintf(err->msg, sizeof err->msg, "invalid modifier '%.*s' (no symbols present)", n, v);
    return false;
}

/* the variant [v, ve) names (any case); 0 after an error when none */
static int variant(Ex *X, const char *v, const char *ve)
{
    int k = variant_of(v, ve);
    if (k) return k;
    size_t n = (size_t)(ve - v);
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(n < 40 ? n : 40), v);
    ex_err(X, v, "invalid variant '%s'", name);
    return 0;
}

/* ---- the actions: constants (asm_expr) or nodes (asm_sym_expr) ---- */

static bool node(Ex *X, const char *at, XNode n, Val *v)
{
    if (X->nn == SX_MAX_NODES) return ex_err(X, at, "%s too long", "expression");
    if (X->nn == X->cap) {
        X->cap = X->cap ? X->cap * 2 : 16;
        X->nd = xrealloc(X->nd, (size_t)X->cap * sizeof *X->nd);
    }
    X->nd[X->nn] = n;
    v->k = X->nn++;
    return true;
}

static bool constant(Ex *X, const char *at, int64_t c, Val *v)
{
    if (!X->sym) {
        v->c = c;
        return true;
    }
    return node(X, at, (XNode){.kind = N_CONST, .rel = true, .a = -1, .b = -1, .c = c, .l = -1, .r = -1}, v);
}

/* the relocatable value of a new unary or binary node (llvm's evaluateAsRelocatable, no layout:
 * symbols never cancel, an operator other than + - needs constants) */
static void node_value(Ex *X, XNode *x)
{
    const XNode *l = &X->nd[x->l], *r = x->kind == N_BINARY ? &X->nd[x->r] : NULL;
    x->rel = false;
    x->a = x->b = -1;
    if (!l->rel || (r && !r->rel)) return;
    bool la = l->a < 0 && l->b < 0, ra = !r || (r->a < 0 && r->b < 0);
    if (x->kind == N_UNARY) {
        if (x->op == '+') { x->rel = true; x->a = l->a; x->b = l->b; x->c = l->c; }
        else if (x->op == '-') {   /* -(a - b + c) = b - a - c */
            if (l->a >= 0 && l->b < 0) return;
            x->rel = true; x->a = l->b; x->b = l->a; x->c = (int64_t)(0 - (uint64_t)l->c);
        } else if (la) { x->rel = true; x->c = x->op == '~' ? ~l->c : !l->c; }
        return;
    }
    if (la && ra) { x->rel = apply(x->op, l->c, r->c, &x->c); return; }
    if (x->op != OP_ADD && x->op != OP_SUB) return;
    int ra_ = x->op == OP_ADD ? r->a : r->b, rb_ = x->op == OP_ADD ? r->b : r->a;
    if ((l->a >= 0 && ra_ >= 0) || (l->b >= 0 && rb_ >= 0)) return;
    x->rel = true;
    x->a = l->a >= 0 ? l->a : ra_;
    x->b = l->b >= 0 ? l->b : rb_;
    x->c = (int64_t)((uint64_t)l->c + (x->op == OP_ADD ? (uint64_t)r->c : 0 - (uint64_t)r->c));
}

/* op v (op '-' '~' '!' '+') */
static bool unary(Ex *X, const char *at, char op, Val *v)
{
    if (!X->sym) {
        v->c = op == '-' ? (int64_t)(0 - (uint64_t)v->c) : op == '~' ? ~v->c : op == '!' ? !v->c : v->c;
        return true;
    }
    if (!node(X, at, (XNode){.kind = N_UNARY, .op = (uint8_t)op, .l = v->k, .r = -1}, v)) return false;
    node_value(X, &X->nd[v->k]);
    return true;
}

/* v op r, the operator at `at` */
static bool binary(Ex *X, const char *at, int op, Val *v, Val r)
{
    if (!X->sym) {
        if (!apply(op, v->c, r.c, &v->c)) return ex_err_kind(X, ASM_E_DIV_ZERO, at, "division by zero in %s", "expression");
        return true;
    }
    if (!node(X, at, (XNode){.kind = N_BINARY, .op = (uint8_t)op, .l = v->k, .r = r.k}, v)) return false;
    node_value(X, &X->nd[v->k]);   /* (a division by zero: not relocatable, no error, as llvm) */
    return true;
}

/* asm_expr: the name at `at` is a .set constant, or a label (or '.') where they have values */
static bool sym_value(Ex *X, const char *at, Val *v)
{
    const char *s = at, *p;
    if (*at == '"') {        /* "a name in quotes" (llvm's lexer: an identifier) */
        for (p = ++s; p < X->e && *p != '"'; p++) {}
        if (p >= X->e) return ex_err(X, at, "unterminated %s constant", "string");
    } else p = name_end(X, at);
    char name[80];
    size_t n = (size_t)(p - s);
    const AsmSym *y = asm_sym_find(X->A, s, n);
    int64_t lv;
    if (!y && X->A->label_value && X->A->label_value(X->A->ctx, s, n, &lv)) v->c = lv;
    else if (y && y->known) v->c = y->value;
    else {                   /* (the name for the message only: a data value's symbol fails here) */
        snprintf(name, sizeof name, "%.*s", (int)(n < 60 ? n : 60), s);
        return ex_err_kind(X, y ? ASM_E_NOT_CONSTANT : ASM_E_UNKNOWN_SYMBOL, at,
                           y ? "symbol '%s' is not a constant" : "unknown symbol '%s' in a constant expression", name);
    }
    X->p = p + (*at == '"');
    return true;
}

/* the keys of a signed pointer, as written and printed */
static const char *const auth_keys[] = {"ia", "ib", "da", "db"};

/* `(key, discriminator[, addr])` at X->p after `@AUTH`, of node v (llvm's parseAuthExpr, its
 * words and places: each token where it fails) */
static bool auth(Ex *X, Val *v)
{
    XNode a = {.kind = N_AUTH, .l = v->k, .r = -1, .a = -1, .b = -1};
    ws(X);
    if (X->p >= X->e || *X->p != '(') return ex_err(X, X->p, "expected '%s'", "(");
    X->p++;
    ws(X);
    const char *k = X->p, *ke = name_end(X, k);
    if (ke == k || (*k >= '0' && *k <= '9')) return ex_err(X, k, "expected %s", "key name");
    size_t i = 0;
    while (i < ARRAY_LEN(auth_keys) && !(ke - k == 2 && !memcmp(k, auth_keys[i], 2))) i++;
    if (i == ARRAY_LEN(auth_keys)) {
        char name[48];
        snprintf(name, sizeof name, "%.*s", (int)(ke - k < 40 ? ke - k : 40), k);
        return ex_err(X, k, "invalid key '%s'", name);
    }
    a.op = (uint8_t)i;
    X->p = ke;
    ws(X);
    if (X->p >= X->e || *X->p != ',') return ex_err(X, X->p, "expected '%s'", ",");
    X->p++;
    ws(X);
    AsmNum nm;
    const char *d = X->p, *de = X->p < X->e && *d >= '0' && *d <= '9' ? asm_lex_number(d, X->e, &nm) : NULL;
    if (!de || nm.kind != ASM_NUM_INT) return ex_err(X, d, "expected %s", "integer discriminator");
    uint64_t hi = nm.hi, lo = nm.lo;
    bool big = nm.big;
    if (hi || big || lo > 0xffff) {
        char num[32];
        if (hi || big) snprintf(num, sizeof num, "%.*s", (int)(de - d < 30 ? de - d : 30), d);
        else snprintf(num, sizeof num, "%llu", (unsigned long long)lo);   /* (llvm: the value, in decimal) */
        return ex_err(X, d, "integer discriminator %s out of range [0, 0xFFFF]", num);
    }
    a.disc = (uint16_t)lo;
    X->p = de;
    ws(X);
    if (X->p < X->e && *X->p == ',') {
        X->p++;
        ws(X);
        const char *w = X->p, *we = name_end(X, w);
        if (we - w != 4 || memcmp(w, "addr", 4)) return ex_err(X, w, "expected '%s'", "addr");
        a.addr = true;
        X->p = we;
        ws(X);
    }
    if (X->p >= X->e || *X->p != ')') return ex_err(X, X->p, "expected '%s'", ")");
    X->p++;
    return node(X, X->p, a, v);
}

/* asm_sym_expr: a symbol reference at `at`, a name or "a name in quotes" (or '.', the location)
 * and its @variant; a .set constant is its value; `name@AUTH(...)`, a signed pointer */
static bool sym_ref(Ex *X, const char *at, Val *v)
{
    XNode y = {.kind = N_SYM, .rel = true, .l = -1, .r = -1, .b = -1};
    const char *p;
    if (*at == '"') {
        for (p = at + 1; p < X->e && *p != '"'; p++)
            if (*p == '\\' && p + 1 < X->e) p++;
        if (p >= X->e) return ex_err(X, at, "unterminated %s", "string");
        y.s = at + 1, y.n = (size_t)(p - at - 1), y.quoted = true;
        p++;
    } else {
        p = name_end(X, at);
        y.s = at, y.n = (size_t)(p - at);
        if (y.n == 1 && *at == '.' && !(p < X->e && *p == '@')) y.s = "", y.n = 0;   /* '.': the location */
    }
    const char *ne = p < X->e && *p == '@' ? variant_end(X, p + 1) : p;
    if (ne - p >= 5 && !memcmp(ne - 5, "@AUTH", 5)) {   /* (llvm: a name that ends so, the variant case as written) */
        if (ne - p > 5) return ex_err(X, at, "combination of @AUTH with other %s not supported", "modifiers");
        X->p = ne;
        return node(X, at, y, v) && (X->nd[v->k].a = v->k, auth(X, v));
    }
    if (ne == p + 1 && !y.quoted) y.n++;   /* `sym@`: a name with its '@' (llvm's split at '@': no variant) */
    else if (p < ne && !(y.vk = (uint8_t)variant(X, p + 1, ne))) return false;
    X->p = ne;
    const AsmSym *d = !y.vk && !y.quoted && y.n ? asm_sym_find(X->A, y.s, y.n) : NULL;
    if (d && d->known) return constant(X, at, d->value, v);
    if (!node(X, at, y, v)) return false;
    X->nd[v->k].a = v->k;
    return true;
}

/* `Nb` / `Nf`, the integer N read (X->p at the b or f): llvm's directional label, a symbol
 * (asm_expr: one without a value) */
static bool directional(Ex *X, const char *at, int64_t n, Val *v)
{
    const AsmState *A = X->A;
    bool back = *X->p == 'b';
    if (n < 0 || n > 1000000000 || !A->numlab || !A->numlab(A->ctx, (long)n, back, at, X->sym))
        return ex_err(X, at, "%s", "directional label undefined");
    X->p++;
    X->ntok++;
    if (!X->sym) {
        char name[32];
        snprintf(name, sizeof name, "%lld%c", (long long)n, back ? 'b' : 'f');
        return ex_err_kind(X, ASM_E_UNKNOWN_SYMBOL, at, "unknown symbol '%s' in a constant expression", name);
    }
    XNode y = {.kind = N_SYM, .rel = true, .l = -1, .r = -1, .b = -1, .s = at, .n = (size_t)(X->p - at)};
    if (!node(X, at, y, v)) return false;
    X->nd[v->k].a = v->k;
    return true;
}

/* ---- the grammar ---- */

static bool full(Ex *X, Val *v);

static bool primary(Ex *X, Val *v)
{
    ws(X);
    if (X->p >= X->e) return ex_err(X, X->p, "unknown token in %s", "expression");
    char c = *X->p;
    const char *at = X->p;
    if (++X->depth > 100) return ex_err(X, at, "%s nested too deeply", "expression");
    X->ntok++;                    /* (a primary starts with one token: an operator, '(', an operand) */
    bool ok;
    if (c == '-' || c == '~' || c == '!' || c == '+') {
        X->p++;
        ok = primary(X, v) && unary(X, at, c, v);
    } else if (c == '(') {
        X->p++;
        int t0 = X->ntok;
        ok = full(X, v);
        ws(X);
        if (ok && (X->p >= X->e || *X->p != ')')) ok = ex_err(X, X->p, "expected '%s'", ")");   /* (llvm's parseParenExpr) */
        else if (ok) X->p++;
        /* `(sym + 8)@AUTH(...)`: llvm's parseAuthExpr takes three tokens within the parentheses,
         * no more or fewer (`(sym)@AUTH` is llvm's "invalid variant") */
        if (ok && X->ntok - t0 == 3 && X->e - X->p >= 5 && !memcmp(X->p, "@AUTH", 5) &&
            (X->e - X->p == 5 || !asm_name_char(X->p[5]))) {
            if (!X->sym) ok = ex_err(X, at, "%s", "a signed pointer is no constant");   /* (asm_sym_expr's) */
            else X->p += 5, ok = auth(X, v);
        }
        X->ntok++;
    } else if ((c >= '0' && c <= '9') || c == '\'' || (c == '.' && X->p + 1 < X->e && X->p[1] >= '0' && X->p[1] <= '9')) {
        int64_t n = 0;   /* (gcc -O2 -Werror: maybe-uninitialized through directional) */
        bool real = false;
        ok = c == '\'' ? charconst(X, &n) : number(X, &n, &real);
        /* (llvm's parsePrimaryExpr: an integer token, a character's too, then the identifier b
         * or f, blanks between them or not, is a directional label: `.byte 1 b`; the blanks
         * are passed only then) */
        const char *t = X->p;
        while (ok && !real && t < X->e && (*t == ' ' || *t == '\t')) t++;
        if (ok && !real && t < X->e && (*t == 'b' || *t == 'f') &&
            !(t + 1 < X->e && (asm_name_char(t[1]) || t[1] == '@'))) {
            X->p = t;
            ok = directional(X, at, n, v);
        } else ok = ok && constant(X, at, n, v);
    } else if (c == '[') {        /* (llvm's brackets expression: [1 + 2] is (1 + 2)) */
        X->p++;
        ok = full(X, v);
        ws(X);
        if (ok && (X->p >= X->e || *X->p != ']')) ok = ex_err(X, X->p, "expected ']' in brackets %s", "expression");
        else if (ok) X->p++;
        X->ntok++;
    } else if (c == '*' || (c == '$' && (X->p + 1 >= X->e || !asm_name_char(X->p[1])))) {
        /* (the location only where the target says so: not AArch64; '$' alone is no name) */
        ok = ex_err(X, at, "invalid token in %s", "expression");
    } else if (c == '@' && asm_name_end(at + 1, X->e) == at + 1) {   /* (llvm: an identifier of a variant alone) */
        ok = ex_err(X, at, "%s", "expected a symbol reference");
    } else if (c == '@' && X->sym) {   /* (@page: a symbol of no name, with its variant, as llvm takes it) */
        ok = sym_ref(X, at, v);
    } else if (c == '@' && variant(X, at + 1, asm_name_end(at + 1, X->e))) {   /* (no constant: a symbol's words) */
        char name[48];
        snprintf(name, sizeof name, "%.*s", (int)(asm_name_end(at + 1, X->e) - at), at);   /* (a variant's: short) */
        ok = ex_err_kind(X, ASM_E_UNKNOWN_SYMBOL, at, "unknown symbol '%s' in a constant expression", name);
    } else if (c == '@') {
        ok = false;                 /* (variant's error: @foo, "invalid variant 'foo'") */
    } else if (X->sym && (c == '"' || asm_name_start(c))) {
        ok = sym_ref(X, at, v);
    } else if (asm_name_start(c) || c == '"') {
        ok = sym_value(X, at, v);
    } else {
        ok = ex_err(X, at, "unknown token in %s", "expression");
    }
    X->depth--;
    return ok;
}

static bool expr(Ex *X, int min, Val *v)
{
    if (!primary(X, v)) return false;
    for (;;) {
        ws(X);
        int prec = 0, len = 0;
        const char *at = X->p;
        int op = binop(X, &prec, &len);
        if (op == OP_NONE || prec < min) return true;
        X->p += len;
        X->ntok++;
        Val r;
        if (!expr(X, prec + 1, &r) || !binary(X, at, op, v, r)) return false;
    }
}

/* `expr@VARIANT`: the variant goes to each symbol (llvm's applyModifierToExpr); the number of
 * symbols, -1 after an error */
static int modify(Ex *X, int k, int vk, const char *at)
{
    XNode *x = &X->nd[k];
    if (x->kind == N_CONST || x->kind == N_AUTH) return 0;   /* (llvm: a target expression takes none) */
    if (x->kind == N_SYM) {
        if (x->vk) return ex_err(X, at, "invalid variant on expression '%s' (already modified)", asm_variant_name(vk)), -1;
        x->vk = (uint8_t)vk;
        return 1;
    }
    int l = modify(X, x->l, vk, at);
    if (l < 0 || x->kind == N_UNARY) return l;
    int r = modify(X, x->r, vk, at);
    return r < 0 ? r : l + r;
}

/* an expression (llvm's parseExpression), the whole or in parentheses: operators; of symbols,
 * a trailing @variant, then folded to a constant when it is one */
static bool full(Ex *X, Val *v)
{
    if (!expr(X, 1, v)) return false;
    if (!X->sym) return true;
    if (X->p < X->e && *X->p == '@') {
        const char *a = X->p + 1, *ae = variant_end(X, a);
        if (ae == a) return ex_err(X, X->p, "unexpected symbol modifier following '%s'", "@");
        int vk = variant(X, a, ae);
        if (!vk) return false;
        int n = modify(X, v->k, vk, a);
        if (n < 0) return false;
        if (!n) return ex_err(X, a, "invalid modifier '%s' (no symbols present)", asm_variant_name(vk));
        X->p = ae;
        ws(X);
    }
    const XNode *x = &X->nd[v->k];
    if (x->kind != N_CONST && x->rel && x->a < 0 && x->b < 0) return constant(X, X->p, x->c, v);
    return true;
}

bool asm_expr(const AsmState *A, const char *p, const char *e, const char **end, int64_t *v, AsmErr *err)
{
    Ex X = {.A = A, .p = p, .e = e, .err = err};
    Val r;
    if (!full(&X, &r)) return false;
    ws(&X);
    *end = X.p;
    *v = r.c;
    return true;
}

/* node k as llvm's MCExpr::print writes it */
static void node_print(const Ex *X, int k, Buf *out)
{
    static const char *const ops[] = {[OP_LOR] = "||", [OP_LAND] = "&&", [OP_EQ] = "==", [OP_NE] = "!=",
        [OP_LT] = "<", [OP_LE] = "<=", [OP_GT] = ">", [OP_GE] = ">=", [OP_ADD] = "+", [OP_SUB] = "-",
        [OP_OR] = "|", [OP_AND] = "&", [OP_XOR] = "^", [OP_ORNOT] = "!", [OP_MUL] = "*", [OP_DIV] = "/",
        [OP_MOD] = "%", [OP_SHL] = "<<", [OP_SHR] = ">>"};
    const XNode *x = &X->nd[k];
    switch (x->kind) {
    case N_CONST:
        buf_printf(out, "%lld", (long long)x->c);
        return;
    case N_SYM: {
        bool plain = x->n > 0;   /* (a name in quotes, too, where it needs none) */
        for (size_t i = 0; i < x->n && plain; i++) plain = asm_name_char(x->s[i]);
        if (!plain) {            /* (the name as written, its quotes escaped as llvm's MCSymbol::print) */
            buf_putc(out, '"');
            for (size_t i = 0; i < x->n; i++) {
                if (x->s[i] == '"') buf_putc(out, '\\');
                buf_putc(out, x->s[i]);
            }
            buf_putc(out, '"');
        } else if (x->s[0] == '$') buf_printf(out, "(%.*s)", (int)x->n, x->s);   /* (llvm: not an absolute) */
        else buf_printf(out, "%.*s", (int)x->n, x->s);
        if (x->vk) buf_printf(out, "@%s", asm_variant_name(x->vk));
        return;
    }
    case N_AUTH: {
        bool par = X->nd[x->l].kind != N_SYM;
        if (par) buf_putc(out, '(');
        node_print(X, x->l, out);
        buf_printf(out, "%s@AUTH(%s,%u%s)", par ? ")" : "", auth_keys[x->op], (unsigned)x->disc, x->addr ? ",addr" : "");
        return;
    }
    case N_UNARY: {
        bool par = X->nd[x->l].kind == N_BINARY;
        buf_putc(out, (char)x->op);
        if (par) buf_putc(out, '(');
        node_print(X, x->l, out);
        if (par) buf_putc(out, ')');
        return;
    }
    default:
        for (int side = 0; side < 2; side++) {
            const XNode *o = &X->nd[side ? x->r : x->l];
            if (side && x->op == OP_ADD && o->kind == N_CONST && o->c < 0) {   /* X-42, not X+-42 */
                buf_printf(out, "%lld", (long long)o->c);
                return;
            }
            if (side) buf_puts(out, ops[x->op]);
            bool par = o->kind != N_CONST && o->kind != N_SYM;
            if (par) buf_putc(out, '(');
            node_print(X, side ? x->r : x->l, out);
            if (par) buf_putc(out, ')');
        }
    }
}

bool asm_sym_expr(const AsmState *A, const char *p, const char *e, const char **end, AsmSymExpr *v, Buf *text,
                  AsmErr *err)
{
    Ex X = {.A = A, .p = p, .e = e, .err = err, .sym = true};
    Val r;
    bool ok = full(&X, &r);
    if (ok) {
        const XNode *x = &X.nd[r.k];
        memset(v, 0, sizeof *v);
        v->auth = x->kind == N_AUTH;
        if (v->auth) x = &X.nd[x->l];   /* (what it signs, as llvm's classifySymbolRef reads it) */
        v->constant = x->kind == N_CONST && !v->auth;
        v->plain = x->kind == N_SYM;
        v->rel = x->rel;
        v->addend = x->rel ? x->c : 0;
        if (x->rel && x->a >= 0) v->a = X.nd[x->a].s, v->na = X.nd[x->a].n, v->avar = X.nd[x->a].vk;
        if (x->rel && x->b >= 0) v->b = X.nd[x->b].s, v->nb = X.nd[x->b].n, v->bvar = X.nd[x->b].vk;
        if (text) node_print(&X, r.k, text);
        ws(&X);
        *end = X.p;
    }
    free(X.nd);
    return ok;
}

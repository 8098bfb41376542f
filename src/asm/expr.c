/* expr.c — expressions, with the GNU assembler's operators and precedence (as llvm-mc reads
 * them in GNU mode), from the lowest:
 *   ||   &&   == != <> < <= > >=   + -   | & ^ ! (or-not)   * / % << >>   unary - ~ ! +
 * and on Darwin (arm64-apple-*: llvm's Darwin precedence, no or-not):
 *   && ||   | & ^   == != <> < <= > >=   << >>   + -   * / %
 * Operands: integers (decimal, 0x hex, 0b binary, 0 octal), 'c' characters, parentheses and
 * .set/.equ symbols with a constant value.  A comparison is -1 when true, 0 when false (as GNU
 * as and llvm).  Arithmetic wraps in 64 bits; a division by zero is an error.
 *
 * Two readers share the grammar: asm_expr, constants (every symbol must have a value), and
 * asm_sym_expr, the expressions of symbols an operand or a data value may hold (`ff_table+(16)`,
 * `.Lb - .La`, `_t+8@PAGE`), read as llvm's MCExpr: a tree folded to a constant where it is one
 * (the whole and each parenthesis, as llvm's parseExpression), printed as llvm prints it, and
 * evaluated as llvm's evaluateAsRelocatable without a layout (symbol - symbol + constant). */
#include "asm/asm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Ex {
    const AsmState *A;
    const char *p, *e;
    AsmErr *err;
    int depth;
} Ex;

static bool ex_err(Ex *X, const char *at, const char *msg, const char *arg)
{
    X->err->at = at;
    snprintf(X->err->msg, sizeof X->err->msg, msg, arg);
    return false;
}

static void ws(Ex *X)
{
    while (X->p < X->e && (*X->p == ' ' || *X->p == '\t' || *X->p == '\r')) X->p++;
}

static bool id0(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '$'; }
static bool idc(char c) { return id0(c) || (c >= '0' && c <= '9'); }

bool asm_expr_char(char c)
{
    return c == '(' || c == '~' || c == '!' || c == '\'' || id0(c);
}

static bool number(Ex *X, int64_t *v)
{
    const char *p = X->p, *e = X->e, *s = p;
    uint64_t x = 0;
    unsigned base = 10;
    bool ovf = false;
    if (*p == '0' && p + 1 < e && (p[1] == 'x' || p[1] == 'X')) { base = 16; p += 2; }
    else if (*p == '0' && p + 1 < e && (p[1] == 'b' || p[1] == 'B') && p + 2 < e && (p[2] == '0' || p[2] == '1')) { base = 2; p += 2; }
    else if (*p == '0' && p + 1 < e && p[1] >= '0' && p[1] <= '9') { base = 8; p++; }
    const char *d0 = p;
    for (; p < e; p++) {
        unsigned d;
        char c = *p;
        if (c >= '0' && c <= '9') d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') d = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') d = (unsigned)(c - 'A' + 10);
        else break;
        if (d >= base) break;
        if (x > (UINT64_MAX - d) / base) ovf = true;
        x = x * base + d;
    }
    if (p == d0) return ex_err(X, s, "malformed %s", "number");
    if (ovf) return ex_err(X, s, "%s out of range", "number");
    if (p < e && idc(*p)) return ex_err(X, p, "unexpected '%s' after a number", (char[2]){*p, 0});
    X->p = p;
    *v = (int64_t)x;
    return true;
}

static bool expr(Ex *X, int prec, int64_t *v);

/* 'c' (or '\n', '\t', '\0', '\c'), the closing quote optional as for llvm-mc */
static bool charconst(Ex *X, int64_t *v)
{
    const char *p = X->p + 1;
    if (p < X->e && *p == '\\' && p + 1 < X->e) {
        char k = p[1];
        *v = k == 'n' ? '\n' : k == 't' ? '\t' : k == '0' ? 0 : k;
        p += 2;
    } else if (p < X->e) *v = (uint8_t)*p++;
    else return ex_err(X, X->p, "malformed %s", "character constant");
    if (p < X->e && *p == '\'') p++;
    X->p = p;
    return true;
}

static bool primary(Ex *X, int64_t *v)
{
    ws(X);
    if (X->p >= X->e) return ex_err(X, X->p, "expected an %s", "expression");
    char c = *X->p;
    const char *at = X->p;
    if (++X->depth > 100) return ex_err(X, at, "%s nested too deeply", "expression");
    bool ok = true;
    if (c == '-' || c == '~' || c == '!' || c == '+') {
        X->p++;
        ok = primary(X, v);
        if (ok) *v = c == '-' ? (int64_t)(0 - (uint64_t)*v) : c == '~' ? ~*v : c == '!' ? !*v : *v;
    } else if (c == '(') {
        X->p++;
        ok = expr(X, 1, v);
        ws(X);
        if (ok && (X->p >= X->e || *X->p != ')')) ok = ex_err(X, at, "unbalanced '%s' in expression", "(");
        else if (ok) X->p++;
    } else if (c >= '0' && c <= '9') {
        ok = number(X, v);
    } else if (c == '\'') {
        ok = charconst(X, v);
    } else if (id0(c)) {
        const char *p = X->p;
        while (p < X->e && idc(*p)) p++;
        char name[80];
        size_t n = (size_t)(p - X->p);
        snprintf(name, sizeof name, "%.*s", (int)(n < 60 ? n : 60), X->p);
        const AsmSym *y = asm_sym_find(X->A, X->p, n);
        int64_t lv;
        if (!y && X->A->label_value && X->A->label_value(X->A->ctx, X->p, n, &lv)) { *v = lv; X->p = p; }
        else if (!y) ok = ex_err(X, at, "unknown symbol '%s' in a constant expression", name);
        else if (!y->known) ok = ex_err(X, at, "symbol '%s' is not a constant", name);
        else { *v = y->value; X->p = p; }
    } else {
        ok = ex_err(X, at, "unexpected '%s' in expression", (char[2]){c, 0});
    }
    X->depth--;
    return ok;
}

enum { OP_NONE, OP_LOR, OP_LAND, OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_ADD, OP_SUB,
       OP_OR, OP_AND, OP_XOR, OP_ORNOT, OP_MUL, OP_DIV, OP_MOD, OP_SHL, OP_SHR };

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

static bool expr(Ex *X, int min, int64_t *v)
{
    if (!primary(X, v)) return false;
    for (;;) {
        ws(X);
        int prec = 0, len = 0;
        const char *at = X->p;
        int op = binop(X, &prec, &len);
        if (op == OP_NONE || prec < min) return true;
        X->p += len;
        int64_t r;
        if (!expr(X, prec + 1, &r)) return false;
        if (!apply(op, *v, r, v)) return ex_err(X, at, "division by zero in %s", "expression");
    }
}

bool asm_expr(const AsmState *A, const char *p, const char *e, const char **end, int64_t *v, AsmErr *err)
{
    Ex X = {A, p, e, err, 0};
    if (!expr(&X, 1, v)) return false;
    ws(&X);
    *end = X.p;
    return true;
}

/* ---- expressions of symbols (llvm's MCExpr) ---- */

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

/* the variant [s, s + n) names (any case), 0 when none */
static int variant_find(const char *s, size_t n)
{
    for (int k = 1; k < (int)ARRAY_LEN(variants); k++) {
        const char *w = variants[k][0];
        size_t i = 0;
        while (i < n && w[i] && (s[i] | 0x20) == w[i]) i++;
        if (i == n && !w[i]) return k;
    }
    return 0;
}

enum { N_CONST, N_SYM, N_UNARY, N_BINARY };
enum { SX_MAX_NODES = 1000 };   /* (printing recurses through the tree) */

typedef struct XNode {
    uint8_t kind, op;     /* N_UNARY: '-' '~' '!' '+'; N_BINARY: OP_* */
    uint8_t vk;           /* N_SYM: its @variant */
    bool rel;             /* relocatable (evaluateAsRelocatable): a - b + c */
    int l, r;             /* the operands (N_UNARY: l) */
    int a, b;             /* the N_SYM nodes of that value, -1 none */
    const char *s;        /* N_SYM: the name (into the text; "" for '.') */
    size_t n;
    bool quoted;          /* N_SYM: written "in quotes" (its escapes kept as written) */
    int64_t c;            /* N_CONST: the value; else the relocatable value's constant */
} XNode;

typedef struct Sx {
    Ex X;
    XNode *nd;
    int nn, cap;
} Sx;

static int sx_node(Sx *S, const char *at, XNode n)
{
    if (S->nn == SX_MAX_NODES) return ex_err(&S->X, at, "%s too long", "expression"), -1;
    if (S->nn == S->cap) {
        S->cap = S->cap ? S->cap * 2 : 16;
        S->nd = xrealloc(S->nd, (size_t)S->cap * sizeof *S->nd);
    }
    S->nd[S->nn] = n;
    return S->nn++;
}

static int sx_const(Sx *S, const char *at, int64_t v)
{
    return sx_node(S, at, (XNode){.kind = N_CONST, .rel = true, .a = -1, .b = -1, .c = v, .l = -1, .r = -1});
}

/* the relocatable value of a new unary or binary node (llvm's evaluateAsRelocatable, no layout:
 * symbols never cancel, an operator other than + - needs constants) */
static void sx_value(Sx *S, XNode *x)
{
    const XNode *l = &S->nd[x->l], *r = x->kind == N_BINARY ? &S->nd[x->r] : NULL;
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

static int sx_expr(Sx *S, int min);
static int sx_full(Sx *S);

/* a name at p: letters, digits, _ . $ and @ (the variant after the first @) */
static const char *sx_name_end(const Sx *S, const char *p)
{
    while (p < S->X.e && (idc(*p) || *p == '@')) p++;
    return p;
}

static int sx_variant(Sx *S, const char *v, const char *ve)
{
    int vk = variant_find(v, (size_t)(ve - v));
    if (!vk) {
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(ve - v < 40 ? ve - v : 40), v);
        ex_err(&S->X, v, "invalid variant '%s'", name);
    }
    return vk;
}

static int sx_primary(Sx *S)
{
    Ex *X = &S->X;
    ws(X);
    if (X->p >= X->e) return ex_err(X, X->p, "expected an %s", "expression"), -1;
    char c = *X->p;
    const char *at = X->p;
    if (++X->depth > 100) return ex_err(X, at, "%s nested too deeply", "expression"), -1;
    int k = -1;
    int64_t v;
    if (c == '-' || c == '~' || c == '!' || c == '+') {
        X->p++;
        int l = sx_primary(S);
        if (l >= 0 && (k = sx_node(S, at, (XNode){.kind = N_UNARY, .op = (uint8_t)c, .l = l, .r = -1})) >= 0)
            sx_value(S, &S->nd[k]);
    } else if (c == '(') {
        X->p++;
        k = sx_full(S);
        ws(X);
        if (k >= 0 && (X->p >= X->e || *X->p != ')')) {
            ex_err(X, at, "unbalanced '%s' in expression", "(");
            k = -1;
        } else if (k >= 0) X->p++;
    } else if ((c >= '0' && c <= '9') || c == '\'') {
        if (c == '\'' ? charconst(X, &v) : number(X, &v)) k = sx_const(S, at, v);
    } else if (c == '"' || id0(c)) {
        XNode y = {.kind = N_SYM, .rel = true, .l = -1, .r = -1, .b = -1};
        const char *ne, *p;
        if (c == '"') {   /* "a name in quotes" */
            for (p = at + 1; p < X->e && *p != '"'; p++)
                if (*p == '\\' && p + 1 < X->e) p++;
            if (p >= X->e) return X->depth--, ex_err(X, at, "unterminated %s", "string"), -1;
            y.s = at + 1, y.n = (size_t)(p - at - 1), y.quoted = true;
            ne = p = p + 1;
            if (p < X->e && *p == '@') ne = sx_name_end(S, p + 1);
        } else if (c == '.' && (at + 1 >= X->e || !(idc(at[1]) || at[1] == '@'))) {
            y.s = "", y.n = 0;          /* '.': the location */
            ne = p = at + 1;
        } else {
            ne = sx_name_end(S, at);
            p = memchr(at, '@', (size_t)(ne - at));
            if (!p) p = ne;
            y.s = at, y.n = (size_t)(p - at);
        }
        if (p < ne && !(y.vk = (uint8_t)sx_variant(S, p + 1, ne))) return X->depth--, -1;
        X->p = ne;
        const AsmSym *d = !y.vk && !y.quoted && y.n ? asm_sym_find(X->A, y.s, y.n) : NULL;
        if (d && d->known) k = sx_const(S, at, d->value);   /* a constant .set symbol: its value */
        else if ((k = sx_node(S, at, y)) >= 0) S->nd[k].a = k;
    } else {
        ex_err(X, at, "unexpected '%s' in expression", (char[2]){c, 0});
    }
    X->depth--;
    return k;
}

static int sx_expr(Sx *S, int min)
{
    Ex *X = &S->X;
    int k = sx_primary(S);
    while (k >= 0) {
        ws(X);
        int prec = 0, len = 0;
        const char *at = X->p;
        int op = binop(X, &prec, &len);
        if (op == OP_NONE || prec < min) break;
        X->p += len;
        int r = sx_expr(S, prec + 1);
        if (r < 0) return -1;
        if ((k = sx_node(S, at, (XNode){.kind = N_BINARY, .op = (uint8_t)op, .l = k, .r = r})) >= 0)
            sx_value(S, &S->nd[k]);
    }
    return k;
}

/* `expr@VARIANT`: the variant goes to each symbol (llvm's applyModifierToExpr) */
static int sx_modify(Sx *S, int k, int vk, const char *at)
{
    XNode *x = &S->nd[k];
    if (x->kind == N_CONST) return 0;
    if (x->kind == N_SYM) {
        if (x->vk) return ex_err(&S->X, at, "invalid variant on expression '%s' (already modified)", asm_variant_name(vk)), -1;
        x->vk = (uint8_t)vk;
        return 1;
    }
    int l = sx_modify(S, x->l, vk, at);
    if (l < 0 || x->kind == N_UNARY) return l;
    int r = sx_modify(S, x->r, vk, at);
    return r < 0 ? r : l + r;
}

/* an expression (llvm's parseExpression): operators, a trailing @variant, then folded to a
 * constant when it is one */
static int sx_full(Sx *S)
{
    Ex *X = &S->X;
    int k = sx_expr(S, 1);
    if (k < 0) return -1;
    if (X->p < X->e && *X->p == '@') {
        const char *v = X->p + 1, *ve = sx_name_end(S, v);
        if (ve == v) return ex_err(X, X->p, "unexpected symbol modifier following '%s'", "@"), -1;
        int vk = sx_variant(S, v, ve);
        if (!vk) return -1;
        int n = sx_modify(S, k, vk, v);
        if (n < 0) return -1;
        if (!n) return ex_err(X, v, "invalid modifier '%s' (no symbols present)", asm_variant_name(vk)), -1;
        X->p = ve;
        ws(X);
    }
    XNode *x = &S->nd[k];
    if (x->kind != N_CONST && x->rel && x->a < 0 && x->b < 0) return sx_const(S, X->p, x->c);
    return k;
}

/* node k as llvm's MCExpr::print writes it */
static void sx_print(const Sx *S, int k, Buf *out)
{
    static const char *const ops[] = {[OP_LOR] = "||", [OP_LAND] = "&&", [OP_EQ] = "==", [OP_NE] = "!=",
        [OP_LT] = "<", [OP_LE] = "<=", [OP_GT] = ">", [OP_GE] = ">=", [OP_ADD] = "+", [OP_SUB] = "-",
        [OP_OR] = "|", [OP_AND] = "&", [OP_XOR] = "^", [OP_ORNOT] = "!", [OP_MUL] = "*", [OP_DIV] = "/",
        [OP_MOD] = "%", [OP_SHL] = "<<", [OP_SHR] = ">>"};
    const XNode *x = &S->nd[k];
    switch (x->kind) {
    case N_CONST:
        buf_printf(out, "%lld", (long long)x->c);
        return;
    case N_SYM: {
        bool plain = x->n > 0;   /* (a name in quotes, too, where it needs none) */
        for (size_t i = 0; i < x->n && plain; i++) plain = idc(x->s[i]);
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
    case N_UNARY: {
        bool par = S->nd[x->l].kind == N_BINARY;
        buf_putc(out, (char)x->op);
        if (par) buf_putc(out, '(');
        sx_print(S, x->l, out);
        if (par) buf_putc(out, ')');
        return;
    }
    default:
        for (int side = 0; side < 2; side++) {
            const XNode *o = &S->nd[side ? x->r : x->l];
            if (side && x->op == OP_ADD && o->kind == N_CONST && o->c < 0) {   /* X-42, not X+-42 */
                buf_printf(out, "%lld", (long long)o->c);
                return;
            }
            if (side) buf_puts(out, ops[x->op]);
            bool par = o->kind != N_CONST && o->kind != N_SYM;
            if (par) buf_putc(out, '(');
            sx_print(S, side ? x->r : x->l, out);
            if (par) buf_putc(out, ')');
        }
    }
}

bool asm_sym_expr(const AsmState *A, const char *p, const char *e, const char **end, AsmSymExpr *v, Buf *text,
                  AsmErr *err)
{
    Sx S = {{A, p, e, err, 0}, NULL, 0, 0};
    int k = sx_full(&S);
    if (k >= 0) {
        const XNode *x = &S.nd[k];
        memset(v, 0, sizeof *v);
        v->constant = x->kind == N_CONST;
        v->plain = x->kind == N_SYM;
        v->rel = x->rel;
        v->addend = x->rel ? x->c : 0;
        if (x->rel && x->a >= 0) v->a = S.nd[x->a].s, v->na = S.nd[x->a].n, v->avar = S.nd[x->a].vk;
        if (x->rel && x->b >= 0) v->b = S.nd[x->b].s, v->nb = S.nd[x->b].n, v->bvar = S.nd[x->b].vk;
        if (text) sx_print(&S, k, text);
        ws(&S.X);
        *end = S.X.p;
    }
    free(S.nd);
    return k >= 0;
}

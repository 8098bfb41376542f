/* expr.c — constant expressions, with the GNU assembler's operators and precedence (as llvm-mc
 * reads them in GNU mode), from the lowest:
 *   ||   &&   == != <> < <= > >=   + -   | & ^ ! (or-not)   * / % << >>   unary - ~ ! +
 * Operands: integers (decimal, 0x hex, 0b binary, 0 octal), 'c' characters, parentheses and
 * .set/.equ symbols with a constant value.  A comparison is -1 when true, 0 when false (as GNU
 * as and llvm).  Arithmetic wraps in 64 bits; a division by zero is an error. */
#include "asm/asm.h"

#include <stdio.h>
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
        const char *p = X->p + 1;
        if (p < X->e && *p == '\\' && p + 1 < X->e) {
            char k = p[1];
            *v = k == 'n' ? '\n' : k == 't' ? '\t' : k == '0' ? 0 : k;
            p += 2;
        } else if (p < X->e) *v = (uint8_t)*p++;
        else return ex_err(X, at, "malformed %s", "character constant");
        if (p < X->e && *p == '\'') p++;
        X->p = p;
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

/* the binary operator at X->p: its kind, precedence and length */
static int binop(const Ex *X, int *prec, int *len)
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
        uint64_t a = (uint64_t)*v, b = (uint64_t)r;
        switch (op) {
        case OP_LOR: *v = *v || r; break;
        case OP_LAND: *v = *v && r; break;
        case OP_EQ: *v = *v == r ? -1 : 0; break;
        case OP_NE: *v = *v != r ? -1 : 0; break;
        case OP_LT: *v = *v < r ? -1 : 0; break;
        case OP_LE: *v = *v <= r ? -1 : 0; break;
        case OP_GT: *v = *v > r ? -1 : 0; break;
        case OP_GE: *v = *v >= r ? -1 : 0; break;
        case OP_ADD: *v = (int64_t)(a + b); break;
        case OP_SUB: *v = (int64_t)(a - b); break;
        case OP_OR: *v = (int64_t)(a | b); break;
        case OP_AND: *v = (int64_t)(a & b); break;
        case OP_XOR: *v = (int64_t)(a ^ b); break;
        case OP_ORNOT: *v = (int64_t)(a | ~b); break;
        case OP_MUL: *v = (int64_t)(a * b); break;
        case OP_DIV: case OP_MOD:
            if (r == 0) return ex_err(X, at, "division by zero in %s", "expression");
            if (*v == INT64_MIN && r == -1) *v = op == OP_DIV ? INT64_MIN : 0;
            else *v = op == OP_DIV ? *v / r : *v % r;
            break;
        case OP_SHL: *v = b >= 64 ? 0 : (int64_t)(a << b); break;
        default: *v = b >= 64 ? 0 : (int64_t)(a >> b); break;   /* logical, as llvm-mc 19 (-8 >> 1 = 0x7ff...fc) */
        }
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

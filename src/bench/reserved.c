/* reserved.c — refuse a snippet that writes the harness's loop counter (r15 on x86-64, x28 on
 * AArch64, any width), before anything is built: written, it makes the loop run on until the
 * timeout (or forever with a large value), and nanoBench's users carry such snippets over.
 *
 * Which operand an instruction writes is decided from the text, by the syntax's rule:
 *   AT&T      the last operand (Intel syntax: the first); cmp, test, bt, push, jumps and calls
 *             write none; xchg, xadd, cmpxchg write every register operand; mulx the last two
 *             (Intel: the first two);
 *   AArch64   the first operand; stores (st*, but for the status register of stxr/stlxr), compares,
 *             branches, prfm and msr write none; ldp/ldnp/ldxp/ldaxp/ldpsw write the second too;
 *             the atomics swp and ld<op> (ldadd, ldclr, ldeor, ldset, ld[su]max, ld[su]min, with
 *             their a/l/b/h forms) write the second only (the first is the value sent);
 *             a base register with writeback ([x28, #8]! or [x28], #8) is written.
 * A register operand is the register alone (a memory operand such as (%r15) only reads it). */
#include "bench/bench.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

typedef struct Check {
    BenchArch arch;
    BenchSyntax syntax;
    Diag *err;
    bool bad;
    int content;                  /* statements other than a lone label */
} Check;

/* Operand i of stmt (split on top-level commas): [*b, *e) trimmed; false past the last. */
static bool operand(const char *ops, const char *end, int i, const char **b, const char **e)
{
    int depth = 0, k = 0;
    const char *start = ops;
    for (const char *c = ops; c <= end; c++) {
        if (c < end && (*c == '(' || *c == '[' || *c == '{'))
            depth++;
        else if (c < end && (*c == ')' || *c == ']' || *c == '}'))
            depth--;
        else if (c == end || (*c == ',' && depth == 0)) {
            if (k == i) {
                while (start < c && isspace((unsigned char)*start))
                    start++;
                const char *t = c;
                while (t > start && isspace((unsigned char)t[-1]))
                    t--;
                *b = start, *e = t;
                return true;
            }
            k++;
            start = c + 1;
        }
    }
    return false;
}

static int noperands(const char *ops, const char *end)
{
    const char *b, *e;
    int n = 0;
    while (operand(ops, end, n, &b, &e) && e > b)
        n++;
    return n;
}

static bool word_is(const char *b, const char *e, const char *const *names)
{
    for (int i = 0; names[i]; i++)
        if ((size_t)(e - b) == strlen(names[i]) && strncasecmp(b, names[i], (size_t)(e - b)) == 0)
            return true;
    return false;
}

/* The loop counter, as a register operand [b, e) */
static bool is_counter(const Check *c, const char *b, const char *e)
{
    static const char *const x86_att[] = {"%r15", "%r15d", "%r15w", "%r15b", NULL};
    static const char *const x86_intel[] = {"r15", "r15d", "r15w", "r15b", NULL};
    static const char *const a64[] = {"x28", "w28", NULL};
    if (c->arch == BENCH_AARCH64)
        return word_is(b, e, a64);
    return word_is(b, e, c->syntax == BENCH_INTEL ? x86_intel : x86_att);
}

static bool starts_any(const char *m, size_t n, const char *const *prefixes)
{
    for (int i = 0; prefixes[i]; i++)
        if (n >= strlen(prefixes[i]) && strncasecmp(m, prefixes[i], strlen(prefixes[i])) == 0)
            return true;
    return false;
}

static bool check_stmt(void *ctx, const char *stmt, size_t n, const BenchLineOrigin *o)
{
    Check *c = ctx;
    const char *end = stmt + n, *m = stmt;
    if (n > BENCH_STMT_MAX) {   /* (the assembler took 21 s and 300 MB on a word of 1 MB, then quoted it all) */
        diag_set(c->err, o->file, o->line, o->col, o->src, "statement of %zu bytes: at most %d in a snippet",
                 n, BENCH_STMT_MAX);
        c->bad = true;
        return false;
    }
    while (m < end && (isalnum((unsigned char)*m) || *m == '.' || *m == '_'))
        m++;
    size_t mlen = (size_t)(m - stmt);
    c->content += !(mlen > 0 && m + 1 == end && *m == ':');
    if (mlen == 0 || stmt[0] == '.' || (m < end && *m == ':'))   /* directive or label */
        return true;
    const char *ops = m;
    int nops = noperands(ops, end);
    bool x86 = c->arch == BENCH_X86_64;
    const char *b = NULL, *e = NULL;
    const char *hit = NULL;
    if (x86) {
        static const char *const none[] = {"cmp", "cmpb", "cmpw", "cmpl", "cmpq", "test", "testb",
            "testw", "testl", "testq", "bt", "btw", "btl", "btq", "push", "pushq", "pushw", "call",
            "callq", "jmp", "jmpq", "ptest", "vptest", "ucomiss", "ucomisd", "comiss", "comisd",
            "vucomiss", "vucomisd", "vcomiss", "vcomisd", "nop", "nopw", "nopl", "nopq", NULL};
        static const char *const all[] = {"xchg", "xadd", "cmpxchg", NULL};
        bool every = starts_any(stmt, mlen, all);
        if (word_is(stmt, m, none) || stmt[0] == 'j' || stmt[0] == 'J' || strncasecmp(stmt, "loop", 4) == 0)
            return true;
        bool two = word_is(stmt, m, (const char *const[]){"mulx", "mulxl", "mulxq", NULL});
        for (int i = 0; i < nops && !hit; i++) {
            int w = c->syntax == BENCH_INTEL ? 0 : nops - 1;
            bool written = every || i == w || (two && i == (c->syntax == BENCH_INTEL ? 1 : nops - 2));
            if (written && operand(ops, end, i, &b, &e) && is_counter(c, b, e))
                hit = b;
        }
    } else {
        static const char *const none[] = {"cmp", "cmn", "tst", "ccmp", "ccmn", "fcmp", "fcmpe",
            "fccmp", "fccmpe", "prfm", "prfum", "msr", "b", "bl", "br", "blr", "ret", "cbz", "cbnz",
            "tbz", "tbnz", "dc", "ic", "tlbi", "at", "sys", "hint", "nop", "isb", "dsb", "dmb", NULL};
        static const char *const status_stores[] = {"stxr", "stlxr", "stxp", "stlxp", "stxrb", "stxrh",
                                                    "stlxrb", "stlxrh", NULL};
        static const char *const pairs[] = {"ldp", "ldnp", "ldxp", "ldaxp", "ldpsw", NULL};
        static const char *const atomics[] = {"swp", "ldadd", "ldclr", "ldeor", "ldset", "ldsmax", "ldsmin",
                                              "ldumax", "ldumin", NULL};
        bool store = mlen >= 2 && strncasecmp(stmt, "st", 2) == 0 && !word_is(stmt, m, status_stores);
        bool reads_only = word_is(stmt, m, none) || strncasecmp(stmt, "b.", 2) == 0;
        bool atomic = starts_any(stmt, mlen, atomics) && nops == 3;   /* (swp Rs, Rt, [Xn]) */
        if (!store && !reads_only && operand(ops, end, atomic ? 1 : 0, &b, &e) && is_counter(c, b, e))
            hit = b;
        if (!hit && word_is(stmt, m, pairs) && operand(ops, end, 1, &b, &e) && is_counter(c, b, e))
            hit = b;
        /* writeback of a base register: "[x28, #8]!" or "[x28], #8" */
        for (const char *q = ops; !hit && (q = memchr(q, '[', (size_t)(end - q))) != NULL; q++) {
            const char *r = q + 1;
            while (r < end && isspace((unsigned char)*r))
                r++;
            const char *re = r;
            while (re < end && isalnum((unsigned char)*re))
                re++;
            const char *close = memchr(q, ']', (size_t)(end - q));
            if (!close || !is_counter(c, r, re))
                continue;
            const char *after = close + 1;
            while (after < end && isspace((unsigned char)*after))
                after++;
            if (after < end && (*after == '!' || *after == ','))
                hit = r;
        }
    }
    if (!hit)
        return true;
    diag_set(c->err, o->file, o->line, (int)(hit - o->src) + 1, o->src,
             "the snippet writes %s, the harness's loop counter: use another register "
             "(%s points to the scratch memory; the others are free)",
             x86 ? "r15" : "x28", x86 ? "r14" : "x27");
    c->bad = true;
    return false;
}

bool bench_check_reserved(BenchArch arch, BenchSyntax syntax, const char *text, const char *file,
                          int first_line, Diag *err)
{
    if (!text)
        return true;
    Check c = {arch, syntax, err, false, 0};
    bench_split_stmts(arch, text, file, first_line, check_stmt, &c);
    return !c.bad;
}

bool bench_check_body(BenchArch arch, BenchSyntax syntax, const char *text, const char *file,
                      int first_line, Diag *err)
{
    Check c = {arch, syntax, err, false, 0};
    bench_split_stmts(arch, text ? text : "", file, first_line, check_stmt, &c);
    if (!c.bad && c.content == 0) {
        diag_set(err, file, first_line, 1, text ? text : "",
                 "no instruction to time: the snippet is empty, comments or labels only");
        c.bad = true;
    }
    return !c.bad;
}

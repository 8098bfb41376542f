/* syntax.c — which x86-64 syntax a snippet is written in, when -syntax does not say.
 *
 * nanoBench's snippets are in Intel syntax without prefixes ('imul rax, rbx', 'mov rax, [r14]'),
 * gas's default and uarch's harness are AT&T ('imul %rbx, %rax', 'mov (%r14), %rax').  Read
 * as AT&T, an Intel snippet is an error far from its cause ("operand size mismatch for 'imul'",
 * or a link error for 'push rax', where 'rax' is an undefined symbol), so the text decides:
 *   AT&T   a register named with '%' ("%rax"), or the directive .att_syntax;
 *   Intel  a register named without it ("rax", "xmm1", "r15d", "k1"), a memory operand in
 *          brackets, the word PTR, or the directive .intel_syntax;
 * a text with neither (nop, cpuid, labels, data) reads the same in both: AT&T.  A text with both
 * is AT&T too (the assembler then says what it refuses). */
#include "bench/bench.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

typedef struct Votes {
    int att, intel;
} Votes;

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$' || c == '@';
}

/* "rax" ... "r15b", "xmm0" ... "zmm31", "k0" ... "k7", "mm0" ... "mm7", "rip" (any case) */
static bool x86_register(const char *w, size_t n)
{
    static const char *const named[] = {
        "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp", "eax", "ebx", "ecx", "edx", "esi",
        "edi", "ebp", "esp", "ax", "bx", "cx", "dx", "si", "di", "bp", "sp", "al", "bl", "cl", "dl",
        "ah", "bh", "ch", "dh", "sil", "dil", "bpl", "spl", "rip", "eip", NULL};
    if (n == 0 || n > 5)
        return false;
    for (int i = 0; named[i]; i++)
        if (strlen(named[i]) == n && strncasecmp(w, named[i], n) == 0)
            return true;
    /* r8 .. r15 with an optional d, w or b */
    if ((w[0] | 0x20) == 'r' && n >= 2 && isdigit((unsigned char)w[1])) {
        int v = 0;
        size_t i = 1;
        while (i < n && isdigit((unsigned char)w[i]))
            v = v * 10 + (w[i++] - '0');
        return v >= 8 && v <= 15 && (i == n || (i == n - 1 && strchr("dwb", w[i] | 0x20)));
    }
    /* numbered vector, mask and MMX registers */
    static const struct { const char *p; int max; } banks[] = {
        {"xmm", 31}, {"ymm", 31}, {"zmm", 31}, {"mm", 7}, {"k", 7}};
    for (size_t k = 0; k < ARRAY_LEN(banks); k++) {
        size_t pl = strlen(banks[k].p);
        if (n <= pl || n > pl + 2 || strncasecmp(w, banks[k].p, pl) != 0)
            continue;
        int v = 0;
        size_t i = pl;
        for (; i < n && isdigit((unsigned char)w[i]); i++)
            v = v * 10 + (w[i] - '0');
        if (i == n && v <= banks[k].max)
            return true;
    }
    return false;
}

static bool vote(void *ctx, const char *stmt, size_t n, const BenchLineOrigin *o)
{
    (void)o;
    Votes *v = ctx;
    const char *e = stmt + n;
    if (n >= 13 && strncasecmp(stmt, ".intel_syntax", 13) == 0) {
        v->intel++;
        return true;
    }
    if (n >= 11 && strncasecmp(stmt, ".att_syntax", 11) == 0) {
        v->att++;
        return true;
    }
    if (*stmt == '.')                 /* another directive: its words are no registers */
        return true;
    for (const char *c = stmt; c < e;) {
        if (*c == '"') {              /* a string: skipped */
            for (c++; c < e && *c != '"'; c++)
                if (*c == '\\' && c + 1 < e)
                    c++;
            c += c < e;
            continue;
        }
        if (*c == '[') {
            v->intel++;
            c++;
            continue;
        }
        if (!ident_char(*c)) {
            c++;
            continue;
        }
        const char *w = c;
        while (c < e && ident_char(*c))
            c++;
        bool pct = w > stmt && w[-1] == '%';
        if (x86_register(w, (size_t)(c - w)))
            pct ? v->att++ : v->intel++;
        else if (!pct && c - w == 3 && strncasecmp(w, "ptr", 3) == 0)
            v->intel++;
    }
    return true;
}

BenchSyntax bench_syntax_guess(const char *const *texts, int ntexts, bool *intel_seen)
{
    Votes v = {0, 0};
    for (int i = 0; i < ntexts; i++)
        if (texts[i])
            bench_split_stmts(BENCH_X86_64, texts[i], "", 1, vote, &v);
    if (intel_seen)
        *intel_seen = v.intel > 0;
    return v.intel > 0 && v.att == 0 ? BENCH_INTEL : BENCH_ATT;
}

bool bench_require_att(const char *text, const char *file, const char *what, Diag *err)
{
    const char *texts[] = {text};
    if (bench_syntax_guess(texts, 1, NULL) != BENCH_INTEL)
        return true;
    diag_set(err, file, 1, 1, text,
             "%s reads AT&T syntax ('imul %%rbx, %%rax', '(%%r14)'); this names its registers without '%%', "
             "as Intel syntax does", what);
    return false;
}

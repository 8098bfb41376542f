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
#include "bench/x86regs.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct Votes {
    int att, intel;
} Votes;

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$' || c == '@';
}

/* a word of the text, [w, +n), as bsearch's key */
typedef struct RegKey { const char *w; size_t n; } RegKey;

/* bsearch's comparison of a word (any case) with a row of bench_x86regs[] (sorted ignoring
 * case), in place: the word is not copied or terminated */
static int reg_cmp(const void *key, const void *row)
{
    const RegKey *k = key;
    const char *name = ((const BenchX86Reg *)row)->name;
    size_t l = strlen(name);
    int c = strncasecmp(k->w, name, k->n < l ? k->n : l);
    return c ? c : (k->n > l) - (k->n < l);
}

/* x86regs.tsv: "rax" ... "r15b", "xmm0" ... "zmm31", "k0" ... "k7", "mm0" ... "mm7", "rip" */
bool bench_x86_register(const char *w, size_t n)
{
    RegKey k = {w, n};
    return n > 0 && bsearch(&k, bench_x86regs, (size_t)bench_x86regs_count, sizeof *bench_x86regs, reg_cmp) != NULL;
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
        if (bench_x86_register(w, (size_t)(c - w)))
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

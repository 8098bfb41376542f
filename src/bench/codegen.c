/* codegen.c — assembly text for measurement kernels, with a map back to the user's lines.
 *
 * A kernel is one function (see the calling convention in bench.h):
 *     prologue (save callee-saved registers, counter and scratch into r15/r14 or x28/x27,
 *     zero the other GPRs) ; init ; pre_loop ; .p2align ; offset nops ;
 *     loop:  unroll x body ; dec counter ; branch back ;  epilogue
 * The user's text (init, body) is split into one instruction per generated line (on ';' and
 * newlines, outside comments), and origin[] records where each generated line came from, so an
 * assembler error on generated line N is reported at the user's file:line:col (bench_map_error).
 * Intel syntax is switched on around user text only; the harness is written in AT&T.
 * ELF only uses .type/.size and the GNU-stack note; Mach-O symbols get a leading underscore.
 */
#include "bench/bench.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#if defined(__APPLE__)
#define SYM_PREFIX "_"
#define LOCAL "L"                /* Mach-O assembler-local labels */
#define ELF 0
#else
#define SYM_PREFIX ""
#define LOCAL ".L"
#define ELF 1
#endif

BenchArch bench_host_arch(void)
{
#if defined(__aarch64__)
    return BENCH_AARCH64;
#else
    return BENCH_X86_64;
#endif
}

const char *bench_arch_name(BenchArch a) { return a == BENCH_AARCH64 ? "aarch64" : "x86_64"; }

void bench_prog_init(BenchProgram *p, BenchArch arch, BenchSyntax syntax)
{
    memset(p, 0, sizeof *p);
    p->arch = arch;
    p->syntax = syntax;
    buf_init(&p->text);
    buf_puts(&p->text, "");
}

void bench_prog_free(BenchProgram *p)
{
    buf_free(&p->text);
    free(p->origin);
    memset(p, 0, sizeof *p);
}

/* Append one generated line (no newline in s) with its origin. */
static void line(BenchProgram *p, const char *s, size_t n, const BenchLineOrigin *o)
{
    if (p->nlines == p->origin_cap) {
        p->origin_cap = p->origin_cap ? 2 * p->origin_cap : 256;
        p->origin = xrealloc(p->origin, (size_t)p->origin_cap * sizeof *p->origin);
    }
    p->origin[p->nlines++] = o ? *o : (BenchLineOrigin){0};
    buf_put(&p->text, s, n);
    buf_putc(&p->text, '\n');
}

static void emitf(BenchProgram *p, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void emitf(BenchProgram *p, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof tmp)
        bug("codegen line too long");
    line(p, tmp, (size_t)n, NULL);
}

/* Raw text: each line copied as is (no origin). */
void bench_prog_raw(BenchProgram *p, const char *text)
{
    if (!text)
        return;
    for (const char *s = text; *s;) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        line(p, s, n, NULL);
        s += n + (nl ? 1 : 0);
    }
}

/* Start of a comment on this line for the ISA ('#' on x86; '//' on both), or NULL. */
static const char *comment_start(BenchArch arch, const char *s, const char *end)
{
    for (const char *c = s; c < end; c++) {
        if (c + 1 < end && c[0] == '/' && c[1] == '/')
            return c;
        if (c + 1 < end && c[0] == '/' && c[1] == '*')
            return c;
        if (arch == BENCH_X86_64 && *c == '#')
            return c;
    }
    return NULL;
}

void bench_split_stmts(BenchArch arch, const char *text, const char *file, int first_line,
                       BenchStmtFn fn, void *ctx)
{
    int lineno = first_line > 0 ? first_line : 1;
    for (const char *s = text; *s; lineno++) {
        const char *nl = strchr(s, '\n');
        const char *end = nl ? nl : s + strlen(s);
        const char *cm = comment_start(arch, s, end);
        const char *stop = cm ? cm : end;
        const char *piece = s;
        while (piece <= stop) {
            const char *semi = memchr(piece, ';', (size_t)(stop - piece));
            const char *pe = semi ? semi : stop;
            const char *a = piece;
            while (a < pe && isspace((unsigned char)*a))
                a++;
            const char *b = pe;
            while (b > a && isspace((unsigned char)b[-1]))
                b--;
            if (b > a) {
                BenchLineOrigin o = {file, lineno, (int)(a - s) + 1, s};
                if (!fn(ctx, a, (size_t)(b - a), &o))
                    return;
            }
            if (!semi)
                break;
            piece = semi + 1;
        }
        if (!nl)
            break;
        s = nl + 1;
    }
}

/* Copy user text, one statement per generated line, with origins. */
static bool user_stmt(void *ctx, const char *stmt, size_t n, const BenchLineOrigin *o)
{
    BenchProgram *p = ctx;
    Buf l;
    buf_init(&l);
    buf_putc(&l, '\t');
    buf_put(&l, stmt, n);
    line(p, l.data, l.len, o);
    buf_free(&l);
    return true;
}

static void user_text(BenchProgram *p, const char *text, const char *file, int first_line)
{
    bench_split_stmts(p->arch, text, file, first_line, user_stmt, p);
}

static void user_block(BenchProgram *p, const char *text, const char *file, int first_line)
{
    if (!text || !*text)
        return;
    if (p->arch == BENCH_X86_64 && p->syntax == BENCH_INTEL)
        emitf(p, "\t.intel_syntax noprefix");
    user_text(p, text, file, first_line);
    if (p->arch == BENCH_X86_64 && p->syntax == BENCH_INTEL)
        emitf(p, "\t.att_syntax prefix");
}

static int log2i(int v)
{
    int l = 0;
    while ((1 << l) < v)
        l++;
    return l;
}

static void prologue_x86(BenchProgram *p)
{
    static const char *const saved[] = {"rbx", "rbp", "r12", "r13", "r14", "r15"};
    for (size_t i = 0; i < ARRAY_LEN(saved); i++)
        emitf(p, "\tpush %%%s", saved[i]);
    emitf(p, "\tsub $8, %%rsp");                 /* rsp 16-byte aligned inside the kernel */
    emitf(p, "\tmov %%rdi, %%r15");
    emitf(p, "\tmov %%rsi, %%r14");
    static const char *const zero[] = {"eax", "ebx", "ecx", "edx", "esi", "edi", "ebp", "r8d",
                                       "r9d", "r10d", "r11d", "r12d", "r13d"};
    for (size_t i = 0; i < ARRAY_LEN(zero); i++)
        emitf(p, "\txor %%%s, %%%s", zero[i], zero[i]);
}

static void epilogue_x86(BenchProgram *p)
{
    static const char *const saved[] = {"r15", "r14", "r13", "r12", "rbp", "rbx"};
    emitf(p, "\tadd $8, %%rsp");
    for (size_t i = 0; i < ARRAY_LEN(saved); i++)
        emitf(p, "\tpop %%%s", saved[i]);
    emitf(p, "\tret");
}

static void prologue_a64(BenchProgram *p)
{
    emitf(p, "\tstp x29, x30, [sp, #-160]!");
    emitf(p, "\tmov x29, sp");
    for (int i = 0; i < 5; i++)
        emitf(p, "\tstp x%d, x%d, [sp, #%d]", 19 + 2 * i, 20 + 2 * i, 16 + 16 * i);
    for (int i = 0; i < 4; i++)
        emitf(p, "\tstp d%d, d%d, [sp, #%d]", 8 + 2 * i, 9 + 2 * i, 96 + 16 * i);
    emitf(p, "\tmov x28, x0");
    emitf(p, "\tmov x27, x1");
    for (int r = 0; r <= 26; r++)
        emitf(p, "\tmov x%d, #0", r);
}

static void epilogue_a64(BenchProgram *p)
{
    for (int i = 0; i < 4; i++)
        emitf(p, "\tldp d%d, d%d, [sp, #%d]", 8 + 2 * i, 9 + 2 * i, 96 + 16 * i);
    for (int i = 0; i < 5; i++)
        emitf(p, "\tldp x%d, x%d, [sp, #%d]", 19 + 2 * i, 20 + 2 * i, 16 + 16 * i);
    emitf(p, "\tldp x29, x30, [sp], #160");
    emitf(p, "\tret");
}

void bench_prog_kernel(BenchProgram *p, const BenchKernel *k)
{
    const char *sym = k->symbol;
    int unroll = k->unroll > 0 ? k->unroll : 1;
    int align = k->align > 0 ? k->align : 64;
    bool x86 = p->arch == BENCH_X86_64;
    if (p->nlines == 0) {
        emitf(p, "/* generated by uarch bench: kernels of void fn(uint64_t iters, void *scratch) */");
        if (ELF)
            emitf(p, "\t.section .note.GNU-stack,\"\",%%progbits");
    }
    emitf(p, "\t.text");
    emitf(p, "\t.globl %s%s", SYM_PREFIX, sym);
    if (ELF)
        emitf(p, "\t.type %s, %%function", sym);
    emitf(p, "\t.p2align 6");
    emitf(p, "%s%s:", SYM_PREFIX, sym);
    if (x86)
        prologue_x86(p);
    else
        prologue_a64(p);
    user_block(p, k->init, k->init_file ? k->init_file : "<init>", 1);
    user_block(p, k->late_init, "<late_init>", 1);
    bench_prog_raw(p, k->pre_loop);
    emitf(p, "\t.p2align %d", log2i(align));
    if (k->offset > 0) {
        if (x86)
            emitf(p, "\t.skip %d, 0x90", k->offset);
        else
            for (int i = 0; i < k->offset / 4; i++)
                emitf(p, "\tnop");
    }
    emitf(p, LOCAL "uarch_loop_%s:", sym);
    const char *bfile = k->body_file ? k->body_file : "<snippet>";
    for (int u = 0; u < unroll; u++) {
        if (u > 0)
            bench_prog_raw(p, k->between);
        user_block(p, k->body, bfile, k->body_line);
        if (u == 0 && k->size_symbol) {   /* the first copy's bytes, as the assembler laid them out */
            emitf(p, LOCAL "uarch_copy_end_%s:", sym);
            emitf(p, "\t.data");
            emitf(p, "\t.p2align 3");
            emitf(p, "\t.globl %s%s", SYM_PREFIX, k->size_symbol);
            emitf(p, "%s%s:", SYM_PREFIX, k->size_symbol);
            emitf(p, "\t.quad " LOCAL "uarch_copy_end_%s - " LOCAL "uarch_loop_%s", sym, sym);
            emitf(p, "\t.text");
        }
    }
    if (x86) {
        if (!k->noloop) {
            emitf(p, "\tdec %%r15");
            emitf(p, "\tjnz " LOCAL "uarch_loop_%s", sym);
        }
        epilogue_x86(p);
    } else {
        if (!k->noloop) {
            emitf(p, "\tsubs x28, x28, #1");
            emitf(p, "\tb.ne " LOCAL "uarch_loop_%s", sym);
        }
        epilogue_a64(p);
    }
    if (ELF)
        emitf(p, "\t.size %s, .-%s", sym, sym);
}

/* ---- error remapping ---- */

/* Normalize an assembler message to the project's style: lowercase first letter, `x' -> 'x',
 * no final full stop. */
static void tidy_msg(char *out, size_t n, const char *msg, size_t len)
{
    size_t o = 0;
    for (size_t i = 0; i < len && o + 1 < n; i++) {
        char c = msg[i];
        if (c == '`')
            c = '\'';
        if (o == 0)
            c = (char)tolower((unsigned char)c);
        out[o++] = c;
    }
    while (o > 0 && (out[o - 1] == '.' || isspace((unsigned char)out[o - 1])))
        o--;
    out[o] = 0;
}

/* the name that a linker's or the dynamic loader's message says is undefined ("relocation ...
 * against undefined symbol `r15'", "undefined reference to `foo'", "bench.so: undefined symbol:
 * foo"), or the number of a local label gas found no definition of ("local label `"1" (instance
 * number 1 of a fb label)' is not defined"): false when the text names none */
static bool undefined_name(const char *text, char *name, size_t namesz, bool *local)
{
    static const char *const pats[] = {"undefined symbol `", "undefined reference to `", "undefined symbol: ",
                                       "local label `\""};
    for (size_t i = 0; i < ARRAY_LEN(pats); i++) {
        const char *s = strstr(text, pats[i]);
        if (!s)
            continue;
        s += strlen(pats[i]);
        size_t n = strcspn(s, "'\"\n ,()");
        if (n == 0 || n >= namesz)
            continue;
        memcpy(name, s, n);
        name[n] = 0;
        *local = i == 3;
        return true;
    }
    return false;
}

static bool symbol_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.';
}

bool bench_map_undefined(const BenchProgram *p, const char *text, Diag *err)
{
    char name[128];
    bool local;
    if (!text || !undefined_name(text, name, sizeof name - 1, &local))
        return false;
    if (local)                    /* gas names local label N; the reference to it reads "Nf" */
        strcat(name, "f");
    size_t n = strlen(name);
    /* AT&T reads a register written without its '%' as a symbol ("mov %rax, r15") */
    bool reg = p->arch == BENCH_X86_64 && p->syntax == BENCH_ATT && !local && bench_x86_register(name, n);
    const char *s = p->text.data ? p->text.data : "";   /* (kept NUL-terminated by buf_put) */
    for (int i = 0; i < p->nlines && *s; i++) {
        const char *nl = strchr(s, '\n'), *e = nl ? nl : s + strlen(s);
        const BenchLineOrigin *o = &p->origin[i];
        for (const char *w = s; o->file && w + n <= e; w++) {
            bool word = (w == s || (!symbol_char(w[-1]) && w[-1] != '%')) && !strncmp(w, name, n) &&
                        (w + n == e || !symbol_char(w[n]));
            if (!word)
                continue;
            int col = o->col + (int)(w - s) - 1;   /* generated line = '\t' + statement (bench_map_error) */
            if (local)
                diag_set(err, o->file, o->line, col, o->src, "local label '%s' is not defined: no '%.*s:' after it",
                         name, (int)n - 1, name);
            else
                diag_set(err, o->file, o->line, col, o->src, "undefined symbol '%s'%s%s%s", name,
                         reg ? ": AT&T syntax writes a register with '%' ('%" : "", reg ? name : "", reg ? "')" : "");
            return true;
        }
        s = nl ? nl + 1 : e;
    }
    return false;
}

bool bench_map_error(const BenchProgram *p, const char *genpath, const char *text, Diag *err)
{
    const char *base = strrchr(genpath, '/');
    base = base ? base + 1 : genpath;
    for (const char *s = text; s && *s;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        const char *q = NULL;
        size_t gl = strlen(genpath), bl = strlen(base);
        if (len > gl && strncmp(s, genpath, gl) == 0 && s[gl] == ':')
            q = s + gl + 1;
        else if (len > bl && strncmp(s, base, bl) == 0 && s[bl] == ':')
            q = s + bl + 1;
        if (q && isdigit((unsigned char)*q)) {
            char *e;
            long gline = strtol(q, &e, 10);
            long gcol = 0;
            if (*e == ':' && isdigit((unsigned char)e[1]))
                gcol = strtol(e + 1, &e, 10);
            if (*e == ':') {
                e++;
                while (*e == ' ')
                    e++;
                bool is_err = strncmp(e, "Error:", 6) == 0 || strncmp(e, "error:", 6) == 0 ||
                              strncmp(e, "Fatal error:", 12) == 0 || strncmp(e, "fatal error:", 12) == 0;
                if (is_err) {
                    const char *m = strchr(e, ':') + 1;
                    while (*m == ' ')
                        m++;
                    char msg[512];
                    tidy_msg(msg, sizeof msg, m, len - (size_t)(m - s));
                    const BenchLineOrigin *o = gline >= 1 && gline <= p->nlines ? &p->origin[gline - 1] : NULL;
                    if (o && o->file) {
                        int col = o->col;
                        if (gcol > 1)                 /* generated line = '\t' + statement */
                            col = o->col + (int)gcol - 2;
                        diag_set(err, o->file, o->line, col, o->src, "%s", msg);
                    } else {
                        diag_set(err, "", 0, 0, NULL, "%s (line %ld of the generated %s)", msg, gline, base);
                    }
                    return true;
                }
            }
        }
        s = nl ? nl + 1 : NULL;
    }
    return false;
}

/* directive.c — the directives of AArch64 assembly text: the dispatch (a64p_directive(), from
 * a64p_statement()), the arguments llvm-mc checks of the directives uarch passes over (checked_args,
 * ignored_args), .reloc, and the name and number tokens the directive readers share.
 * The readers: dir_section.c, dir_data.c, dir_debug.c; the parser's state: parse_priv.h.
 */
#include "a64/parse_priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* llvm's Dot token at [a, e): a '.' that starts no identifier (no name character and no '@'
 * after it), `.` alone as in `.set x, .` or `.-a` */
bool a64p_llvm_dot_token(const char *a, const char *e)
{
    return a < e && *a == '.' && !(a + 1 < e && (asm_name_char(a[1]) || a[1] == '@'));
}

/* the end of the name token at [a, e): an identifier (a letter, _ . $ first; @ too after one;
 * a '.' alone too, llvm's Dot token) or a string in quotes closed on the line (NULL: its
 * lexer's error token); NULL when no name starts there.  Never NULL at a name's start */
const char *a64p_llvm_ident_end(const char *a, const char *e)
{
    if (a < e && *a == '"') return asm_string_end(a, e);
    if (a >= e || !asm_name_start(*a)) return NULL;
    while (a < e && (asm_name_char(*a) || *a == '@')) a++;
    return a;
}

/* the end of the name llvm's parseIdentifier reads at [a, e): llvm_ident_end's, but none (NULL)
 * at a Dot token, which is no identifier */
const char *a64p_llvm_identifier(const char *a, const char *e)
{
    return a64p_llvm_dot_token(a, e) ? NULL : a64p_llvm_ident_end(a, e);
}

/* the arguments llvm-mc 19 checks of directives uarch otherwise passes over (the statement
 * [s, e), its arguments from a, e not cut before blanks: llvm's end of statement is where the
 * blanks end): .tlsdesccall SYM (AArch64AsmParser: "expected symbol" at the directive, then
 * "unexpected token" at what follows it), .cfi_startproc [simple] ("unexpected token" after
 * another word, at the token after it, or at one that is not a word; "expected newline" after
 * simple), the CFI directives of no argument (.cfi_endproc, .cfi_remember_state ...: "expected
 * newline" at one); those of arguments are cfi_args'.  1: an error reported; 0: llvm takes them
 * as far as uarch knows */
int a64p_checked_args(Parser *P, const AsmDirective *d, const char *s, const char *a, const char *e)
{
    a = skip_ws(a, e);
    if (d->kind == ASM_D_TLSDESCCALL) {
        const char *ie = a64p_llvm_identifier(a, e);
        if (!ie) return a64p_perr(P, s, "expected symbol"), 1;
        const char *x = skip_ws(ie, e);
        return x < e ? (a64p_perr(P, x, "unexpected token"), 1) : 0;
    }
    if (d->kind == ASM_D_CFI_START) {
        if (a >= e) return 0;
        const char *ie = a64p_llvm_identifier(a, e);
        if (!ie) return a64p_perr(P, a, "unexpected token"), 1;
        const char *x = skip_ws(ie, e), *w = a + (*a == '"');
        if ((size_t)(ie - (*a == '"') - w) != 6 || memcmp(w, "simple", 6))
            return a64p_perr(P, x < e ? x : a64p_end_of_statement(P, e), "unexpected token"), 1;
        return x < e ? (a64p_perr(P, x, "expected newline"), 1) : 0;
    }
    if (d->kind == ASM_D_CFI_END || d->kind == ASM_D_CFI_BARE) return a < e ? (a64p_perr(P, a, "expected newline"), 1) : 0;
    return 0;
}

/* the name of a directive of the list `names` (NULL-terminated) */
static bool name_in(const char *name, const char *const *names)
{
    for (; *names; names++)
        if (!strcmp(name, *names)) return true;
    return false;
}

/* llvm's Integer token at x: a number that fits in 64 bits (a64_parse_int's, no sign), its value
 * as llvm's getIntVal (int64_t: 2^63 and above are negative); its end, or NULL (no number
 * there, or a BigNum) */
const char *a64p_int_token(const char *x, const char *e, int64_t *v)
{
    int64_t n;
    bool ovf;
    const char *ne = x < e && is_digit(*x) ? a64_parse_int(x, e, &n, &ovf) : NULL;
    if (!ne || ovf) return NULL;
    *v = n;
    return ne;
}

/* .reloc OFFSET, NAME[, EXPR] (llvm's parseDirectiveReloc; llvm-mca's streamer takes any name) */
static bool reloc_directive(Parser *P, const char *a, const char *e)
{
    const char *eos = skip_ws(e, P->le), *x, *ie;
    AsmSymExpr sx;
    AsmErr ae;
    P->A.line_start = P->ls;
    if (a >= e) return a64p_perr(P, eos, "unknown token in expression");
    if (!asm_sym_expr(&P->A, a, e, &x, &sx, NULL, &ae)) {
        if (!ae.at) ae.at = a;
        return a64p_aerr(P, &ae);
    }
    x = skip_ws(x, e);
    if (x >= e || *x != ',') return a64p_perr(P, arg_at(x, e, eos), "expected comma");
    x = skip_ws(x + 1, e);
    if (x >= e || !asm_name_start(*x) || !(ie = a64p_llvm_identifier(x, e)))
        return a64p_perr(P, arg_at(x, e, eos), "expected relocation name");
    x = skip_ws(ie, e);
    if (x < e && *x == ',') {
        const char *y = skip_ws(x + 1, e);
        if (y >= e) return a64p_perr(P, eos, "unknown token in expression");
        if (!asm_sym_expr(&P->A, y, e, &x, &sx, NULL, &ae)) {
            if (!ae.at) ae.at = y;
            return a64p_aerr(P, &ae);
        }
        if (!sx.rel && !sx.constant) return a64p_perr(P, y, "expression must be relocatable");
    }
    return a64p_dir_end(P, x, e);
}

/* the arguments llvm-mc 19's ELF parsers check of directives uarch otherwise passes over (kind
 * ignore: symbol attributes, .comm, .size, .type, .ident ...), in their words and places
 * (AsmParser, ELFAsmParser, AArch64AsmParser; tools/lines-llvm.sh): a symbol where one is
 * wanted, the commas, the expressions, what follows the last argument.  [a, e) the arguments
 * (blanks cut); an error at their end is where the blanks after them end, as llvm's.  Under
 * Mach-O and COFF their parsers say other words: passed over there, as before */
static bool ignored_args(Parser *P, const char *name, const char *a, const char *e)
{
    static const char *const symlist[] = {"globl", "global", "weak", "local", "hidden", "protected", "internal",
                                          "lto_discard", NULL};
    static const char *const onesym[] = {"variant_pcs", "addrsig_sym", NULL};
    static const char *const types[] = {"STT_FUNC", "function", "STT_GNU_IFUNC", "gnu_indirect_function",
                                        "STT_OBJECT", "object", "STT_TLS", "tls_object", "STT_COMMON", "common",
                                        "STT_NOTYPE", "notype", "STT_GNU_UNIQUE_OBJECT", "gnu_unique_object", NULL};
    if (P->A.dialect != ASM_ELF) return true;
    const char *eos = skip_ws(e, P->le);
    const char *ie, *x;
    if (name_in(name, symlist)) {          /* NAME[, NAME ...] (none is fine; ELFAsmParser's want commas) */
        for (x = a; x < e;) {
            if (!(ie = a64p_llvm_identifier(x, e))) return a64p_perr(P, arg_at(x, e, eos), "expected identifier");
            x = skip_ws(ie, e);
            if (x >= e) break;
            if (*x != ',') return a64p_perr(P, x, name[0] == 'g' || name[1] == 't' ? "unexpected token" : "expected comma");
            x = skip_ws(x + 1, e);
            if (x >= e) return a64p_perr(P, eos, "expected identifier");
        }
        return true;
    }
    if (name_in(name, onesym)) {            /* NAME alone */
        if (!(ie = a64p_llvm_identifier(a, e))) return a64p_perr(P, arg_at(a, e, eos), name[0] == 'v' ? "expected symbol name" : "expected identifier");
        return a64p_dir_end(P, ie, e);
    }
    if (!strcmp(name, "ident")) {           /* "STRING" alone */
        if (a >= e || *a != '"' || !(ie = a64p_llvm_ident_end(a, e))) return a64p_perr(P, arg_at(a, e, eos), "expected string");
        x = skip_ws(ie, e);
        return x >= e || a64p_perr(P, x, "expected end of directive");
    }
    if (!strcmp(name, "comm") || !strcmp(name, "lcomm")) {   /* NAME, SIZE[, ALIGN] (parseDirectiveComm) */
        if (!(ie = a64p_llvm_identifier(a, e))) return a64p_perr(P, arg_at(a, e, eos), "expected identifier in directive");
        x = skip_ws(ie, e);
        if (x >= e || *x != ',') return a64p_perr(P, arg_at(x, e, eos), "expected comma");
        const char *size_at = skip_ws(x + 1, e), *al_at = NULL;
        int64_t size, al = 1;
        if (size_at >= e || *size_at == ',') return a64p_perr(P, arg_at(size_at, e, eos), "unknown token in expression");
        if (!a64p_dir_expr(P, size_at, eos, &x, &size, "expression")) return false;
        if (x < e && *x == ',') {
            al_at = skip_ws(x + 1, e);
            if (al_at >= e || *al_at == ',') return a64p_perr(P, arg_at(al_at, e, eos), "unknown token in expression");
            if (!a64p_dir_expr(P, al_at, eos, &x, &al, "expression")) return false;
            if (name[0] == 'l') return a64p_perr(P, al_at, "alignment not supported on this target");
            if (al <= 0 || (al & (al - 1))) return a64p_perr(P, al_at, "alignment must be a power of 2");
        }
        if (!a64p_dir_end(P, x, e)) return false;
        return size >= 0 || a64p_perr(P, size_at, "size must be non-negative");
    }
    if (!strcmp(name, "size")) {            /* NAME, EXPR */
        if (!(ie = a64p_llvm_identifier(a, e))) return a64p_perr(P, arg_at(a, e, eos), "expected identifier");
        x = skip_ws(ie, e);
        if (x >= e || *x != ',') return a64p_perr(P, arg_at(x, e, eos), "expected comma");
        x = skip_ws(x + 1, e);
        if (x >= e || *x == ',') return a64p_perr(P, arg_at(x, e, eos), "unknown token in expression");
        AsmSymExpr sx;   /* (parseExpression: symbols, and 1/0, are fine) */
        AsmErr ae;
        P->A.line_start = P->ls;
        if (!asm_sym_expr(&P->A, x, eos, &x, &sx, NULL, &ae)) {   /* (eos: an error at the end is after the blanks) */
            if (!ae.at) ae.at = x;
            return a64p_aerr(P, &ae);
        }
        x = skip_ws(x, e);
        return x >= e || a64p_perr(P, x, "unexpected token");
    }
    if (!strcmp(name, "type")) {            /* NAME[,] [@%#]TYPE (ParseDirectiveType) */
        if (!(ie = a64p_llvm_identifier(a, e))) return a64p_perr(P, arg_at(a, e, eos), "expected identifier");
        x = skip_ws(ie, e);
        if (x < e && *x == ',') x = skip_ws(x + 1, e);
        if (x < e && (*x == '@' || *x == '%' || *x == '#')) x = skip_ws(x + 1, e);
        else if (x >= e || !a64p_llvm_identifier(x, e))
            return a64p_perr(P, arg_at(x, e, eos), "expected STT_<TYPE_IN_UPPER_CASE>, '#<type>', '@<type>', '%%<type>' or \"<type>\"");
        if (!(ie = a64p_llvm_identifier(x, e))) return a64p_perr(P, arg_at(x, e, eos), "expected symbol type");
        char t[32];
        const char *w = x + (*x == '"'), *we = ie - (*x == '"');
        snprintf(t, sizeof t, "%.*s", (int)(we - w < 31 ? we - w : 31), w);
        if ((size_t)(we - w) > 31 || !name_in(t, types)) return a64p_perr(P, x, "unsupported attribute");
        x = skip_ws(ie, e);
        return x >= e || a64p_perr(P, x, "expected end of directive");
    }
    return true;
}

/* the data value at x of a list that ends at e (data_plain's, else data_value's up to its ',' or
 * e): its value as data_value gives it, and its end; NULL when it is wrong (reported) */
static const char *data_item(Parser *P, const char *x, const char *e, int64_t *v, bool *known, const char **xs,
                             const char **xe)
{
    const char *c = a64p_data_plain(P, x, e, v, known, xs, xe);
    if (!c && !a64p_data_value(P, x, c = a64p_value_end(x, e), false, v, known, xs, xe)) return NULL;
    return c;
}

/* `ie`: the end of the identifier at s when the caller has it, else NULL */
bool a64p_directive(Parser *P, const char *s, const char *e, const char *ie)
{
    const char *ne = ie ? ie : ident_end(s + 1, e);
    char name[40];
    char buf[48];
    size_t n = (size_t)(ne - s - 1);
    if (n >= sizeof name) return a64p_perr(P, s, "unknown directive");   /* (llvm-mc's words; the caret names it) */
    ascii_lower_n(name, s + 1, n);
    name[n] = 0;
    const char *a = skip_ws(ne, e), *eos = e;
    if (!strncmp(name, "seh_", 4) && P->A.dialect == ASM_COFF) return true;
    const AsmDirective **seen = &P->dir_seen[((uint8_t)name[0] * 7u + (uint8_t)name[n ? n - 1 : 0] * 3u + n) & 63];
    const AsmDirective *d = *seen;
    if (!d || strcmp(name, d->name)) d = asm_directive_find(name, P->A.dialect);
    if (!d) return a64p_perr(P, s, "unknown directive");
    *seen = d;
    if ((d->kind == ASM_D_TLSDESCCALL || d->kind >= ASM_D_CFI_START) && a64p_checked_args(P, d, s, a, eos)) return false;
    if (d->kind >= ASM_D_CFI_START) return a64p_cfi_directive(P, d, s, a, eos, NULL);
    e = rtrim(a, e);
    if (d->kind < ASM_D_TARGET) {   /* the assembler language's: .set .macro .if .irp .rept ... */
        AsmErr ae;
        P->A.line_start = P->ls;
        AsmResult r = asm_directive(&P->A, d, s, a, skip_ws(eos, P->le), P->line, &ae);   /* (.ifc: where the statement ends, its blanks read: llvm's end of statement) */
        if (r == ASM_DONE) return true;
        if (r == ASM_ERROR) { if (!ae.at) ae.at = s; return a64p_aerr(P, &ae); }
        return a64p_perr(P, s, "unknown directive");
    }
    int dsize = 0;
    const char *at_end = a < e ? a : skip_ws(e, P->le);
    switch (d->kind) {
    case ASM_D_IGNORE: return ignored_args(P, name, a, e);
    case ASM_D_FILE: return a64p_file_directive(P, s, a, e);
    case ASM_D_LOC: return a64p_loc_directive(P, a, e);
    case ASM_D_RELOC: return reloc_directive(P, a, e);
    case ASM_D_PRINT: {               /* .print "TEXT" (llvm-mc prints it; uarch does not) */
        const char *q = a < e && *a == '"' ? a64p_llvm_ident_end(a, e) : NULL;
        if (!q) return a64p_perr(P, s, "expected double quoted string after .print");
        return a64p_dir_end(P, q, e);
    }
    case ASM_D_TLSDESCCALL: return true;   /* (checked_args read it) */
    case ASM_D_ARCH: {                /* .arch, .arch_extension, .cpu: the features of what follows */
        char msg[120];
        const char *at;
        A64Features f = P->env.features, sf = P->env.sys;
        if (!a64_arch_directive(name, a, e, &f, &sf, msg, sizeof msg, &at))
            return a64p_perr(P, at, "%s", msg);
        if ((!a64f_eq(f, P->env.features) || !a64f_eq(sf, P->env.sys)) && P->capmemo) {
            memset(P->memo, 0, (size_t)P->capmemo * sizeof *P->memo);   /* the instructions remembered: parsed again */
            P->nmemo = 0;
        }
        P->env.features = f;
        P->env.sys = sf;
        return true;
    }
    case ASM_D_ULEB: case ASM_D_SLEB: {   /* LEB128 numbers: 7 bits a byte (a label expression: 1) */
        if (skip_ws(a, e) >= e) return true;   /* (checked in every section: llvm-mca does) */
        uint32_t bytes = 0;
        for (const char *x = a;;) {
            const char *c, *xs, *xe;
            int64_t v;
            bool known;
            if (!(c = data_item(P, x, e, &v, &known, &xs, &xe))) return false;
            int n = 1;
            if (known && d->kind == ASM_D_ULEB)
                for (uint64_t u = (uint64_t)v >> 7; u; u >>= 7) n++;
            else if (known)      /* signed: until the rest is the sign of the last byte's bit 6 */
                for (int64_t w = v; !((w >> 6) == 0 || (w >> 6) == -1); w >>= 7) n++;
            bytes += (uint32_t)n;
            if (c == e) break;
            x = c + 1;
        }
        if (P->laid) a64p_add_align(P, 0, bytes);
        return true;
    }
    case ASM_D_END:                /* the end of the text: nothing after it is read (GNU as, llvm-mc) */
        if (P->start) return a64p_whole(P, s);   /* (the pieces after it are not) */
        P->ended = true;
        return true;
    case ASM_D_WARNING: {          /* .warning ["text"]: a warning, and the text goes on */
        /* (llvm-mc's words without a text; an empty one is said empty; no string, or
         * something after it: its errors) */
        if (a >= e) {
            a64p_pwarn(P, s, ".warning directive invoked in source file");
            return true;
        }
        const char *q = *a == '"' ? a64p_llvm_ident_end(a, e) : NULL;
        if (!q) return a64p_perr(P, a, ".warning argument must be a string");
        if (!a64p_dir_end(P, q, e)) return false;
        a64p_pwarn(P, s, "%.*s", (int)(q - a - 2), a + 1);
        return true;
    }
    case ASM_D_TEXT: P->prev_sec = P->sec, P->elf_prev = P->elf_cur, P->elf_cur = -1; return a64p_enter(P, 0, s);
    case ASM_D_DATA: {                /* .data, .bss, .rodata ...: the section of that name */
        char sn[48];
        P->prev_sec = P->sec, P->elf_prev = P->elf_cur, P->elf_cur = -1;
        return a64p_enter(P, a64p_section_id(P, sn, (size_t)snprintf(sn, sizeof sn, ".%.40s", name), false), s);
    }
    case ASM_D_SECTION: {
        if (P->A.dialect == ASM_ELF) return a64p_elf_section(P, name[0] == 'p', s, a, eos);
        if (name[0] == 'p' && !a64p_push_section(P, s)) return false;
        const char *x = a;
        if (x < e && *x == '"') x++;
        bool code = (size_t)(e - x) >= 5 && !strncmp(x, ".text", 5);
        if ((size_t)(e - x) >= 13 && !strncmp(x, "__TEXT,__text", 13)) code = true;
        const char *comma = memchr(a, ',', (size_t)(e - a));
        if (comma && !code && strncmp(x, "__", 2)) {
            const char *fl = skip_ws(comma + 1, e);
            if (fl < e && *fl == '"') for (const char *c = fl + 1; c < e && *c != '"'; c++) if (*c == 'x') code = true;
        }
        /* its name: Mach-O's segment,section (COFF's up to a comma or a blank) */
        const char *ne2 = x;
        for (int commas = 0; ne2 < e && *ne2 != '"' && !is_ws(*ne2); ne2++)
            if (*ne2 == ',' && (strncmp(x, "__", 2) || ++commas == 2)) break;
        P->prev_sec = P->sec;
        return a64p_enter(P, a64p_section_id(P, x, (size_t)(ne2 - x), code), a);
    }
    /* (their errors at llvm's next token after the name: an argument, a comment, a ';', the end) */
    case ASM_D_POPSECTION:         /* (the previous section comes back too: llvm-mc) */
        if (!P->nsec_stack) return a64p_perr(P, at_end, ".popsection without corresponding .pushsection");
        P->nsec_stack--;
        P->prev_sec = P->sec_stack[P->nsec_stack][1];
        P->elf_cur = P->elf_stack[P->nsec_stack][0], P->elf_prev = P->elf_stack[P->nsec_stack][1];
        return a64p_enter(P, P->sec_stack[P->nsec_stack][0], s);
    case ASM_D_PREVIOUS: {
        int back = P->prev_sec, eb = P->elf_prev;
        if (back == SEC_NONE) return a64p_perr(P, at_end, ".previous without corresponding .section");
        P->prev_sec = P->sec;
        P->elf_prev = P->elf_cur, P->elf_cur = eb;
        return a64p_enter(P, back, s);
    }
    case ASM_D_P2ALIGN: case ASM_D_BALIGN: {   /* .p2align N [, fill [, max]]: no padding beyond max bytes */
        int64_t v, fill, max = 0;
        const char *x, *max_at = NULL;
        if (!a64p_dir_expr(P, a, e, &x, &v, "an alignment")) return false;
        bool pow = d->kind == ASM_D_P2ALIGN;
        /* (llvm-mc's words: a power of two below 2**32.  .p2align's negative count llvm-mca
         * takes: llvm-mc shifts by its low 6 bits, 2**(n & 63) bytes (a negative int64 for
         * -1, to its maximum's warning), which for n >= -32 is beyond the 4 GiB uarch's
         * offsets span: no padding) */
        if (pow && v >= 32) return a64p_perr(P, a, "invalid alignment value");
        bool huge = pow && (v & 63) >= 32;
        int64_t alv = pow ? (int64_t)((uint64_t)1 << (v & 63)) : v ? v : 1;
        if (!pow && (v & (v - 1))) {
            a64p_perr(P, a, "alignment must be a power of 2");
            if (v < 0) diag_add(P->err, NULL, P->file, P->line, (int)(a - P->ls) + 1, P->ls, "alignment must be smaller than 2**32");
            return false;
        }
        if (!pow && v > (int64_t)1 << 31) return a64p_perr(P, a, "alignment must be smaller than 2**32");
        if (x < e && *x == ',') {
            x = skip_ws(x + 1, e);
            if (x < e && *x != ',' && !a64p_dir_expr(P, x, e, &x, &fill, "a fill value")) return false;
            if (x < e && *x == ',') {
                max_at = skip_ws(x + 1, e);
                if (!a64p_dir_expr(P, max_at, e, &x, &max, "a maximum number of bytes")) return false;
                if (max < 1)
                    return a64p_perr(P, max_at, "alignment directive can never be satisfied in this many bytes, "
                                "ignoring maximum bytes expression");
            }
        }
        if (!a64p_dir_end(P, x, e)) return false;
        uint32_t al = huge ? 1 : (uint32_t)alv;
        if (max_at && max >= alv) {   /* (llvm-mc's warning: then no maximum) */
            a64p_pwarn(P, max_at, "maximum bytes expression exceeds alignment and has no effect");
            max_at = NULL;
        }
        uint32_t pad = ((P->offset + al - 1) & ~(al - 1)) - P->offset;
        if (P->laid && (!max_at || max >= al || pad <= max)) a64p_add_align(P, al, 0);
        return true;
    }
    case ASM_D_SKIP: case ASM_D_FILL: {   /* .skip size [, fill]; .fill repeat [, size [, value]] */
        int64_t v, size = 1, fill;
        const char *x;
        bool known;
        if (!a64p_dir_arg(P, a, e, &x, &v, d->kind == ASM_D_FILL ? "a repeat count" : "a size", &known)) return false;
        if (d->kind == ASM_D_FILL && v < 0) {
            a64p_pwarn(P, a, "'.fill' directive with negative repeat count has no effect");
            v = 0;
        }
        if (v < 0) {   /* (llvm-mc refuses it when it lays the code out; llvm-mca goes on) */
            a64p_pwarn(P, a, "invalid number of bytes '%s': none skipped", a64p_q(a, rtrim(a, x), buf, sizeof buf));
            v = 0;
        }
        if (x < e && *x == ',') {
            const char *sa = skip_ws(x + 1, e);
            if (!a64p_dir_expr(P, sa, e, &x, d->kind == ASM_D_FILL ? &size : &fill, d->kind == ASM_D_FILL ? "a size" : "a fill value")) return false;
            if (d->kind == ASM_D_FILL && size > 8) {   /* (llvm-mc's warnings) */
                a64p_pwarn(P, sa, "'.fill' directive with size greater than 8 has been truncated to 8");
                size = 8;
            }
            if (d->kind == ASM_D_FILL && size < 0) {
                a64p_pwarn(P, sa, "'.fill' directive with negative size has no effect");
                size = 0;
            }
            if (d->kind == ASM_D_FILL && x < e && *x == ',') {
                const char *fa = skip_ws(x + 1, e);
                if (!a64p_dir_expr(P, fa, e, &x, &fill, "a fill value")) return false;
                if (size > 4 && (fill < 0 || fill > UINT32_MAX))   /* (llvm-mca's warning too) */
                    a64p_pwarn(P, fa, "'.fill' directive pattern has been truncated to 32-bits");
            }
        }
        if (!a64p_dir_end(P, x, e)) return false;
        a64p_skip_bytes(P, (uint64_t)v * (uint64_t)size);   /* (modulo 2^64: the same modulo 4 GiB) */
        return true;
    }
    case ASM_D_DS: case ASM_D_DCB: {      /* .ds.l count; .dcb.l count, value: count elements */
        int64_t v, val;
        const char *x;
        int size = a64p_dc_size(name);
        if (!a64p_dir_expr(P, a, e, &x, &v, "a repeat count")) return false;
        if (v < 0) {              /* (llvm-mc reads no further: what follows is a statement) */
            a64p_pwarn(P, a, "'.%s' directive with negative repeat count has no effect", name);
            return x >= e || a64p_perr(P, x, "unexpected token at start of statement");
        }
        if (d->kind == ASM_D_DCB) {
            if (x >= e || *x != ',') return a64p_perr(P, x, "expected comma");
            const char *c = skip_ws(x + 1, e), *xs, *xe;
            bool known;
            if (c >= e) return a64p_perr(P, c, "unknown token in expression");
            if (size <= 2 || name[4] == 'l') {   /* (.dcb.s/.dcb.d: a floating-point value) */
                if (!a64p_data_value(P, c, e, true, &val, &known, &xs, &xe)) return false;
                if (known && size < 8 && (val < -((int64_t)1 << (8 * size - 1)) || val >= (int64_t)1 << (8 * size)))
                    return a64p_perr(P, xs, "literal value out of range for directive");
            }
            x = e;
        }
        if (!a64p_dir_end(P, x, e)) return false;
        a64p_skip_bytes(P, (uint64_t)v * (uint64_t)size);
        return true;
    }
    case ASM_D_OCTA: return a64p_octa(P, a, e);
    case ASM_D_INCBIN: return a64p_incbin(P, a, e);
    case ASM_D_INCLUDE: return a64p_include_left(P, s, a, e);
    case ASM_D_NOTARGET: return a64p_perr(P, a, ".%s not currently supported for this target", name);
    case ASM_D_SUBSECTION: {          /* .subsection N: a code stream of its own, after N - 1 (see a64p_subsection()) */
        int64_t v = 0;
        const char *x = a;
        if (a < e) {
            AsmErr ae;
            P->A.line_start = P->ls;
            if (!asm_expr(&P->A, a, e, &x, &v, &ae)) return a64p_perr(P, a, "cannot evaluate subsection number");
            x = skip_ws(x, e);
            if (x < e) return a64p_perr(P, x, "expected end of directive");
            if (v < 0 || v > INT32_MAX)
                return a64p_perr(P, a, "subsection number %lld is not within [0,2147483647]", (long long)v);
        }
        P->elf_prev = P->elf_cur;
        return a64p_subsection(P, (int)v, s);
    }
    case ASM_D_WEAKREF: {             /* .weakref alias, target: two names, nothing for timing */
        const char *x = a, *xe = ident_end(x, e);
        if (xe == x || is_digit(*x)) return a64p_perr(P, x, "expected identifier");
        x = skip_ws(xe, e);
        if (x >= e || *x != ',') return a64p_perr(P, x, "expected a comma");
        x = skip_ws(x + 1, e);
        xe = ident_end(x, e);
        if (xe == x || is_digit(*x)) return a64p_perr(P, x, "expected identifier");
        return a64p_dir_end(P, xe, e);
    }
    case ASM_D_INST: {                /* .inst: constants, 4 bytes each (llvm-mc keeps the low 32 bits) */
        if (skip_ws(a, e) >= e) return a64p_perr(P, s, "expected expression following '.inst' directive");
        for (const char *x = a;;) {
            const char *c = a64p_value_end(x, e), *xs, *xe;
            int64_t v;
            bool known;
            if (!a64p_data_value(P, x, c, false, &v, &known, &xs, &xe)) return false;
            if (!known) return a64p_perr(P, xs, "expected constant expression");
            if (P->text && !a64p_word_inst(P, (uint32_t)v, xs, s, e)) return false;
            if (!P->text && P->laid) a64p_add_align(P, 0, 4);
            if (c == e) break;
            x = c + 1;
        }
        return true;
    }
    case ASM_D_ORG: return a64p_org(P, a, e, true);
    case ASM_D_ASCII: case ASM_D_ASCIZ: {
        int64_t n = a64p_dir_strings(P, a, e, d->kind == ASM_D_ASCIZ);
        if (n < 0) return false;
        if (n > (1 << 24)) return a64p_perr(P, a, "more than %d bytes of strings", 1 << 24);
        if (P->laid && n) a64p_add_align(P, 0, (uint32_t)n);
        return true;
    }
    case ASM_D_FLOAT4: case ASM_D_FLOAT8: {   /* values separated by commas, 4 or 8 bytes each */
        if (skip_ws(a, e) >= e) return true;
        uint32_t n = 0;
        for (const char *x = a;; x++) {
            const char *c = memchr(x, ',', (size_t)(e - x));
            if (!a64p_float_value(P, x, c ? c : e)) return false;
            n++;
            if (!c) break;
            x = c;
        }
        if (P->laid) a64p_add_align(P, 0, n * (d->kind == ASM_D_FLOAT4 ? 4u : 8u));
        return true;
    }
    case ASM_D_DATA1: dsize = 1; break;
    case ASM_D_DATA2: dsize = 2; break;
    case ASM_D_DATA4: dsize = 4; break;
    default: dsize = 8; break;
    }
    {
        /* values separated by commas, checked in every section (llvm-mca refuses a literal out
         * of the directive's range wherever it lies), their bytes counted where the section is
         * laid out; in code, a number that encodes ADR/ADRP becomes that instruction */
        const char *x = a;
        uint32_t data = 0;
        if (skip_ws(a, e) >= e) return true;   /* (`.byte` alone: no bytes, as llvm-mc) */
        for (;;) {
            const char *c, *xs, *xe;
            int64_t v;
            bool known;
            if (!(c = data_item(P, x, e, &v, &known, &xs, &xe))) return false;
            static const int64_t lo[9] = {0, -128, -32768, 0, INT32_MIN, 0, 0, 0, INT64_MIN};
            static const int64_t hi[9] = {0, 255, 65535, 0, UINT32_MAX, 0, 0, 0, INT64_MAX};
            if (known && dsize < 8 && (v < lo[dsize] || v > hi[dsize]))   /* (llvm's words) */
                return a64p_perr(P, xs, "out of range literal value");
            if (P->text && known && dsize == 4 && v >= 0 && ((uint32_t)v & 0x1f000000u) == 0x10000000u) {
                if (data) { a64p_add_align(P, 0, data); data = 0; }
                if (!a64p_word_inst(P, (uint32_t)v, xs, s, e)) return false;
            } else data += (uint32_t)dsize;
            if (c == e) break;
            x = c + 1;
        }
        if (data && P->laid) a64p_add_align(P, 0, data);
        return true;
    }
}

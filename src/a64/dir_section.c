/* dir_section.c — section directives: .text/.data/.bss ..., .subsection, .pushsection/
 * .popsection/.previous, and ELF's .section NAME, "FLAGS", @TYPE ... (elf_section: the flags,
 * types, groups and unique ids llvm's ELFAsmParser reads).
 */
#include "a64/parse_priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the section [name, name + n), code or data (as the first entry said): 0 the default (.text,
 * __TEXT,__text); a new data section -1 unless data sections are laid out */
int a64p_section_id(Parser *P, const char *name, size_t n, bool code)
{
    if ((n == 5 && !strncmp(name, ".text", 5)) || (n == 13 && !strncmp(name, "__TEXT,__text", 13))) return 0;
    for (int i = 1; i < P->nsecs; i++)
        if (P->secs[i].len == n && !memcmp(P->secs[i].name, name, n)) return i;
    if (!code && !P->lay_data) return -1;
    if (P->nsecs + 1 >= P->capsecs)   /* ([0] the default, its offset kept when it is left) */
        P->secs = xrealloc(P->secs, (size_t)(P->capsecs = P->capsecs * 2 + 8) * sizeof *P->secs);
    if (!P->nsecs) P->secs[P->nsecs++] = (Section){".text", 5, 0, true, false};
    P->secs[P->nsecs] = (Section){arena_strndup(&P->prog->arena, name, n), n, 0, code, false};
    return P->nsecs++;
}

/* go on in section `sec` (-1: a data section not laid out): a section goes on from its own
 * offset */
bool a64p_enter(Parser *P, int sec, const char *at)
{
    if (sec >= 0 && sec != P->code_sec) {
        /* (a piece of a longer text starts in the default section and holds no other: the
         * offsets of the others would not reach the next piece) */
        if (P->start) return a64p_whole(P, at);
        P->secs[P->code_sec].offset = P->offset;   /* (sec > 0 came from section_id: secs exist) */
        P->offset = P->secs[sec].offset;
        P->code_sec = sec;
        if (!P->isec) {          /* the instructions so far are all in the default section */
            P->secs[0].insts = P->prog->ninsts > 0;
            P->capisec = P->prog->ninsts + 64;
            P->isec = xcalloc((size_t)P->capisec, sizeof *P->isec);
        }
    }
    P->sec = sec;
    P->laid = sec >= 0;
    P->text = sec == 0 || (sec > 0 && P->secs[sec].code);
    return true;
}

/* .subsection n of the section we are in: llvm-mc places subsection n after the ones before
 * it; uarch gives each (but 0, the section's own) offsets of its own, as a section of its own
 * (a branch between them is not followed); `.previous` goes back */
bool a64p_subsection(Parser *P, int n, const char *at)
{
    if (P->sec < 0) return true;  /* (a data section: no code in it) */
    const char *name = P->nsecs ? P->secs[P->sec].name : ".text";   /* (no table: the default) */
    size_t len = strcspn(name, "\x01");   /* (the section's own name, before a subsection's number) */
    Buf b = {0};
    buf_put(&b, name, len);
    if (n) buf_printf(&b, "\x01%d", n);
    int id = a64p_section_id(P, b.data, b.len, P->text);
    buf_free(&b);
    P->prev_sec = P->sec;
    return a64p_enter(P, id, at);
}

/* .pushsection: the section we are in (and the previous one) kept for .popsection */
bool a64p_push_section(Parser *P, const char *s)
{
    if (P->nsec_stack == (int)ARRAY_LEN(P->sec_stack))
        return a64p_perr(P, s, "'.pushsection' nested more than %d deep", (int)ARRAY_LEN(P->sec_stack));
    P->sec_stack[P->nsec_stack][0] = P->sec;
    P->sec_stack[P->nsec_stack][1] = P->prev_sec;
    P->elf_stack[P->nsec_stack][0] = P->elf_cur;
    P->elf_stack[P->nsec_stack++][1] = P->elf_prev;
    return true;
}

/* FNV-1a of [s, s + n) continued from h (FNV0 to start) */
#define FNV0 0xcbf29ce484222325u
static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 0x100000001b3u;
    return h;
}

/* llvm's StringRef::getAsInteger(0) of [s, e) into 32 bits: 0x/0b/0o/0 prefixes, every
 * character a digit; false when it is none */
static bool str_uint32(const char *s, const char *e, uint64_t *v)
{
    unsigned radix = 10;
    if (e - s >= 2 && s[0] == '0' && (s[1] | 0x20) == 'x') radix = 16, s += 2;
    else if (e - s >= 2 && s[0] == '0' && (s[1] | 0x20) == 'b') radix = 2, s += 2;
    else if (e - s >= 2 && s[0] == '0' && s[1] == 'o') radix = 8, s += 2;
    else if (e - s >= 2 && s[0] == '0') radix = 8, s++;
    if (s >= e) return false;
    uint64_t r = 0;
    for (; s < e; s++) {
        unsigned d = is_digit(*s) ? (unsigned)(*s - '0') : is_alpha(*s) ? (unsigned)((*s | 0x20) - 'a' + 10) : 99;
        if (d >= radix || (r = r * radix + d) > UINT32_MAX) return false;
    }
    *v = r;
    return true;
}

/* the row of src/asm/elf_section_defaults.tsv ELF's section name [n, n + len) matches (the flags
 * and type llvm gives it), or NULL */
static const AsmElfSectionDefault *sec_default(const char *n, size_t len)
{
    for (int i = 0; i < asm_elf_section_defaults_count; i++) {
        const AsmElfSectionDefault *d = &asm_elf_section_defaults[i];
        size_t k = strlen(d->name);
        if (len < k || memcmp(n, d->name, k)) continue;
        if (len == k || d->match == ASM_SEC_START || (d->match == ASM_SEC_PREFIX && n[k] == '.')) return d;
    }
    return NULL;
}

enum { SHF_WRITE = 1, SHF_ALLOC = 2, SHF_EXEC = 4, SHF_MERGE = 0x10, SHF_STRINGS = 0x20, SHF_LINK_ORDER = 0x80,
       SHF_GROUP = 0x200, SHF_TLS = 0x400, SHF_RETAIN = 0x200000, SHF_EXCLUDE = 0x80000000u };

/* a string at x that does not close before e (llvm's lexer's error token) */
static bool string_open(const char *x, const char *e)
{
    return *x == '"' && !asm_string_end(x, e);
}

/* no expression at x of the statement whose arguments end at e (eos: past its blanks): llvm's
 * lexer's error, or "unknown token in expression", reported (true) */
static bool expr_missing(Parser *P, const char *x, const char *e, const char *eos)
{
    if (x < e && string_open(x, e)) return !a64p_perr(P, x, "unterminated string constant");
    if (x >= e || *x == ',') return !a64p_perr(P, arg_at(x, e, eos), "unknown token in expression");
    return false;
}

/* the ELF section directive at s (.section; .pushsection: push) with its arguments from a, the
 * statement ending at eos (its blanks and comment not cut; a string left open in it: llvm's
 * lexer's error token there), as llvm-mc 19's ELFAsmParser::ParseSectionArguments reads them:
 * the name (a string, or the tokens that touch), for .pushsection a subsection number, the flags
 * (a string of letters a w x M S G T o R e ?, or a number; or #alloc,#write ...), the type
 * (@progbits, %nobits, "note", a number), M's entry size, o's linked-to symbol, G's group
 * [,comdat], `unique,N`; each with llvm's words where it goes wrong.  A section named again
 * (llvm's MCContext: by name, group, linked-to symbol, unique id) keeps its type, flags and
 * entry size ("changed section ..." at the directive, llvm's error that goes on); llvm's own
 * sections (src/asm/elf_sections.tsv) are there from the start. */
bool a64p_elf_section(Parser *P, bool push, const char *s, const char *a, const char *e)
{
    e = rtrim(a, e);
    const char *eos = a64p_end_of_statement(P, e);
    const char *x = skip_ws(a, e), *nm = x, *nme = x;
    /* the name: a string, or tokens that touch each other up to a ',' or the end */
    if (x < e && *x == '"' && !string_open(x, e)) {
        nm = x + 1;
        x = asm_string_end(x, e);
        nme = x - 1;
    } else {
        while (x < e && *x != ',') {
            const char *t = x;
            AsmNum num;
            if (*x == '"') {
                if (!(x = asm_string_end(x, e))) return a64p_perr(P, t, "unterminated string constant");
            } else if (is_digit(*x)) {
                if (!(x = asm_lex_number_all(x, e, &num))) return a64p_perr(P, num.at, "%s", num.msg);
            } else if (asm_name_start(*x)) {
                x = a64p_llvm_ident_end(x, e);   /* (a '.' alone too: llvm's Dot token, a token of the name) */
            } else {
                x++;
            }
            nme = x;
            if (x >= e || is_ws(*x)) break;
        }
        if (nme == nm) return a64p_perr(P, arg_at(x, e, eos), "expected identifier");
    }
    size_t nl = (size_t)(nme - nm);
    x = skip_ws(x, e);
    uint64_t flags = 0, extra = 0, group = 0, linked = 0;
    int64_t size = 0, sub = 0, unique = -1;
    const char *tn = NULL, *tne = NULL, *sub_at = NULL;
    bool last_group = false, comdat = false;
    const AsmElfSectionDefault *dflt = sec_default(nm, nl);
    if (dflt) flags = dflt->flags;
    if (x < e && *x == ',') {
        x = skip_ws(x + 1, e);
        if (push && !(x < e && *x == '"' && !string_open(x, e))) {   /* .pushsection's subsection number */
            AsmErr ae;
            if (expr_missing(P, x, e, eos)) return false;
            P->A.line_start = P->ls;
            sub_at = x;
            if (!asm_expr(&P->A, x, e, &x, &sub, &ae)) return a64p_perr(P, sub_at, "cannot evaluate subsection number");
            if (sub < 0 || sub > INT32_MAX)
                return a64p_perr(P, sub_at, "subsection number %lld is not within [0,2147483647]", (long long)sub);
            x = skip_ws(x, e);
            if (x < e && *x == ',') x = skip_ws(x + 1, e);
            else goto end;
        }
        if (x < e && *x == '#') {     /* Sun's #alloc, #write ... */
            while (x < e && *x == '#') {
                const char *w = skip_ws(x + 1, e), *we = w < e && asm_name_start(*w) ? a64p_llvm_identifier(w, e) : NULL;
                if (!we) we = w;   /* (no word: no flag) */
                size_t wn = (size_t)(we - w);
                uint64_t f = wn == 5 && !memcmp(w, "alloc", 5) ? SHF_ALLOC : wn == 9 && !memcmp(w, "execinstr", 9) ? SHF_EXEC
                           : wn == 5 && !memcmp(w, "write", 5) ? SHF_WRITE : wn == 3 && !memcmp(w, "tls", 3) ? SHF_TLS : 0;
                if (!f) return a64p_perr(P, arg_at(w, e, eos), "unknown flag");
                extra |= f;
                x = skip_ws(we, e);
                if (x >= e || *x != ',') break;
                x = skip_ws(x + 1, e);
            }
        } else {
            if (x >= e || *x != '"' || string_open(x, e)) return a64p_perr(P, arg_at(x, e, eos), "expected string");
            const char *f = x + 1, *fe = asm_string_end(x, e) - 1;
            x = skip_ws(fe + 1, e);
            if (!str_uint32(f, fe, &extra)) {
                extra = 0;
                for (; f < fe; f++) {
                    const char *c = strchr("awxoMSTGRe?", *f);
                    if (!*f || !c) return a64p_perr(P, arg_at(x, e, eos), "unknown flag");
                    static const uint64_t bits[] = {SHF_ALLOC, SHF_WRITE, SHF_EXEC, SHF_LINK_ORDER, SHF_MERGE,
                                                    SHF_STRINGS, SHF_TLS, SHF_GROUP, SHF_RETAIN, SHF_EXCLUDE, 0};
                    extra |= bits[c - "awxoMSTGRe?"];
                    last_group |= *f == '?';
                }
            }
        }
        flags |= extra;
        if ((flags & SHF_GROUP) && last_group)
            return a64p_perr(P, arg_at(x, e, eos), "Section cannot specifiy a group name while also acting as a member of the last group");
        if (x < e && *x == ',') {     /* the type */
            x = skip_ws(x + 1, e);
            if (x >= e || (*x != '@' && *x != '%' && *x != '"') || string_open(x, e))
                return a64p_perr(P, arg_at(x, e, eos), "expected '@<type>', '%%<type>' or \"<type>\"");
            if (*x != '"') x = skip_ws(x + 1, e);
            AsmNum num;
            const char *te = x < e && is_digit(*x) ? asm_lex_number_all(x, e, &num) : NULL;
            if (!te && !(te = x < e && !string_open(x, e) ? a64p_llvm_identifier(x, e) : NULL))
                return a64p_perr(P, arg_at(x, e, eos), "expected identifier");
            tn = x + (*x == '"'), tne = te - (*x == '"');
            x = skip_ws(te, e);
        }
        if (!tn && (flags & SHF_MERGE)) return a64p_perr(P, arg_at(x, e, eos), "Mergeable section must specify the type");
        if (!tn && (flags & SHF_GROUP)) return a64p_perr(P, arg_at(x, e, eos), "Group section must specify the type");
        if (!tn && x < e) return a64p_perr(P, x, "expected end of directive");
        if (flags & SHF_MERGE) {      /* the entry size */
            if (x >= e || *x != ',') return a64p_perr(P, arg_at(x, e, eos), "expected the entry size");
            x = skip_ws(x + 1, e);
            if (expr_missing(P, x, e, eos)) return false;
            if (!a64p_dir_arg(P, x, e, &x, &size, "", NULL)) return false;
            if (size <= 0) return a64p_perr(P, arg_at(x, e, eos), "entry size must be positive");
        }
        if (flags & SHF_LINK_ORDER) {   /* the linked-to symbol: one in a section (or 0) */
            if (x >= e || *x != ',') return a64p_perr(P, arg_at(x, e, eos), "expected linked-to symbol");
            x = skip_ws(x + 1, e);
            const char *ie = x < e && !string_open(x, e) ? a64p_llvm_identifier(x, e) : NULL;
            if (ie) {
                const char *l = x + (*x == '"');
                size_t ln = (size_t)(ie - x) - 2 * (*x == '"');
                uint64_t lh = fnv(FNV0, l, ln);
                int k = P->nelf - 1;
                while (k >= 0 && P->elf[k].name != lh) k--;
                if (!a64p_sym_find(P, l, ln) && !asm_elf_section_find(l, ln) && k < 0)
                    return a64p_perr(P, x, "linked-to symbol is not in a section: %.*s", (int)ln, l);
                linked = lh;
                x = skip_ws(ie, e);
            } else if (x < e && *x == '0' && (x + 1 >= e || !is_identc(x[1]))) {
                x = skip_ws(x + 1, e);
            } else {
                return a64p_perr(P, arg_at(x, e, eos), "invalid linked-to symbol");
            }
        }
        if (flags & SHF_GROUP) {      /* the group, [comdat] */
            if (x >= e || *x != ',') return a64p_perr(P, arg_at(x, e, eos), "expected group name");
            x = skip_ws(x + 1, e);
            AsmNum num;
            const char *ge = x < e && is_digit(*x) ? asm_lex_number_all(x, e, &num) : NULL;
            if (!ge && !(ge = x < e && !string_open(x, e) ? a64p_llvm_identifier(x, e) : NULL)) return a64p_perr(P, arg_at(x, e, eos), "invalid group name");
            group = fnv(FNV0, x + (*x == '"'), (size_t)(ge - x) - 2 * (*x == '"'));
            x = skip_ws(ge, e);
            if (x < e && *x == ',') {
                x = skip_ws(x + 1, e);
                const char *ie = x < e && !string_open(x, e) ? a64p_llvm_identifier(x, e) : NULL;
                if (!ie) return a64p_perr(P, arg_at(x, e, eos), "invalid linkage");
                bool q = *x == '"';
                if ((size_t)(ie - x) - 2 * q != 6 || memcmp(x + q, "comdat", 6))
                    return a64p_perr(P, arg_at(ie, e, eos), "Linkage must be 'comdat'");
                comdat = true;
                x = skip_ws(ie, e);
            }
        }
        if (x < e && *x == ',') {     /* unique,N */
            x = skip_ws(x + 1, e);
            const char *ie = x < e && !string_open(x, e) ? a64p_llvm_identifier(x, e) : NULL;
            if (!ie) return a64p_perr(P, arg_at(x, e, eos), "expected identifier");
            bool q = *x == '"';
            if ((size_t)(ie - x) - 2 * q != 6 || memcmp(x + q, "unique", 6)) return a64p_perr(P, arg_at(ie, e, eos), "expected 'unique'");
            x = skip_ws(ie, e);
            if (x >= e || *x != ',') return a64p_perr(P, arg_at(x, e, eos), "expected commma");
            x = skip_ws(x + 1, e);
            if (expr_missing(P, x, e, eos)) return false;
            if (!a64p_dir_arg(P, x, e, &x, &unique, "", NULL)) return false;
            if (unique < 0) return a64p_perr(P, arg_at(x, e, eos), "unique id must be positive");
            if (unique >= (int64_t)UINT32_MAX) return a64p_perr(P, arg_at(x, e, eos), "unique id is too large");
        }
    }
end:
    if (x < e) return a64p_perr(P, x, "expected end of directive");
    uint64_t type = 1;
    if (!tn) {
        if (dflt) type = (uint64_t)dflt->type;
    } else {
        int i = 0;
        size_t tl = (size_t)(tne - tn);
        while (i < asm_elf_section_types_count && (strlen(asm_elf_section_types[i].name) != tl ||
                                                   memcmp(asm_elf_section_types[i].name, tn, tl)))
            i++;
        if (i < asm_elf_section_types_count) type = asm_elf_section_types[i].type;
        else if (!str_uint32(tn, tne, &type))
            return a64p_context_err_next(P, e, "unknown section type");
    }
    if (last_group && P->elf_cur >= 0 && P->elf[P->elf_cur].group) {   /* `?`: the group of the one we are in */
        group = P->elf[P->elf_cur].group;
        comdat = P->elf[P->elf_cur].comdat;
        flags |= SHF_GROUP;
    }
    /* the section: one named before, one of llvm's own, or a new one */
    uint64_t nh = fnv(FNV0, nm, nl), key = nh;
    key = (key ^ group) * 0x100000001b3u;
    key = (key ^ linked) * 0x100000001b3u;
    key = (key ^ (uint64_t)unique) * 0x100000001b3u;
    int i = P->nelf - 1;
    while (i >= 0 && P->elf[i].key != key) i--;
    if (i < 0) {
        if (P->start && P->elf_more) return a64p_whole(P, s);   /* (a piece before may have named it) */
        const AsmElfSection *o = !group && !linked && unique < 0 ? asm_elf_section_find(nm, nl) : NULL;
        if (P->nelf == P->capelf) P->elf = xrealloc(P->elf, (size_t)(P->capelf = P->capelf * 2 + 16) * sizeof *P->elf);
        P->elf[i = P->nelf++] = o ? (A64ElfSection){key, nh, o->flags, 0, o->entsize, (uint32_t)o->type, false}
                                  : (A64ElfSection){key, nh, flags, group, size, (uint32_t)type, comdat};
    }
    if (push && !a64p_push_section(P, s)) return false;
    P->elf_prev = P->elf_cur, P->elf_cur = i;
    /* what uarch lays out: a section of code when its name starts .text or it is executable */
    int prev = P->sec;
    if (!a64p_enter(P, a64p_section_id(P, nm, nl, (nl >= 5 && !memcmp(nm, ".text", 5)) || (flags & SHF_EXEC)), a)) return false;
    P->prev_sec = prev;
    if (sub && !a64p_subsection(P, (int)sub, sub_at)) return false;
    P->prev_sec = prev;
    /* llvm checks the type, the flags and the entry size each on its own: one error for each
     * that differs */
    const A64ElfSection *c = &P->elf[i];
    int n = nl < 80 ? nl : 80;
    char msg[200];
    bool ok = true;
    if (tn && c->type != type) {
        snprintf(msg, sizeof msg, "changed section type for %.*s, expected: 0x%X", n, nm, (unsigned)c->type);
        ok = a64p_context_err(P, s, A64_DIAG_CONTEXT, msg);
    }
    if ((extra || size || tn) && c->flags != flags) {
        snprintf(msg, sizeof msg, "changed section flags for %.*s, expected: 0x%llX", n, nm, (unsigned long long)c->flags);
        ok = a64p_context_err(P, s, A64_DIAG_CONTEXT, msg) && ok;
    }
    if ((extra || size || tn) && c->entsize != size) {
        snprintf(msg, sizeof msg, "changed section entsize for %.*s, expected: %lld", n, nm, (long long)c->entsize);
        ok = a64p_context_err(P, s, A64_DIAG_CONTEXT, msg) && ok;
    }
    return ok;
}

/* parse_priv.h — private to the AArch64 parser's files (parse.c: lines, statements, operands,
 * instructions; directive.c: the directive dispatch; dir_section.c, dir_data.c, dir_debug.c:
 * the directive readers): the parser's state (Parser), the character classes of its lexer,
 * and the functions one of these files calls in another.
 *
 * Those functions are external symbols named a64p_<name> (<name> the static function of
 * parse.c they were before the split).  No other file includes this header.
 */
#ifndef UARCH_A64_PARSE_PRIV_H
#define UARCH_A64_PARSE_PRIV_H

#include "a64/internal.h"
#include "asm/asm.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Pending { long num; int line, col; const char *ls; int inst; int64_t add; } Pending;
/* a numeric label: where it was last defined, the number of llvm's temporary symbol (.Ltmp<N>)
 * of that definition and of the next one when a `Nf` named it already (-1 none) */
typedef struct NumLab { int64_t off; int32_t tmp, next; bool defined; } NumLab;
typedef struct OpenRegion { int idx; } OpenRegion;
typedef struct Sym { const char *s; uint32_t len, hash; int64_t off; } Sym;   /* s NULL = empty slot;
                                                                      off: where (-1 not code, see here()) */
/* a section: its name, the offset reached in it, whether it is code (else data, laid out only
 * when Parser.lay_data) and whether an instruction lies in it (A64_SECTION_ALIGN: placement) */
typedef struct Section { const char *name; size_t len; uint32_t offset; bool code, insts; } Section;
/* a parsed instruction, by the hash of its text (see memo_find); inst 0 = empty slot */
typedef struct Memo { uint32_t hash; int inst; } Memo;   /* inst: its index + 1 */

#define SEC_NONE (-2)

typedef struct Parser {
    const char *file;
    A64Program *prog;
    Diag *err;
    int line;
    const char *ls, *le;      /* current line [ls, le) */
    A64MatchEnv env;
    /* defined symbols: (ptr, len) into the source, open addressing */
    Sym *sym; int nsym, capsym;
    /* numeric labels: defined numbers (open addressing on num+1) */
    long *num; int nnum, capnum;
    NumLab *numl;             /* each numeric label (same slots as num), defined or named by `Nf` */
    int ntmp;                 /* llvm's temporary symbols made so far (.Ltmp0, .Ltmp1 ...) */
    int nnumdef;              /* numeric label definitions so far */
    int64_t num_target;       /* the instruction being parsed: where its 1b goes (-1 none) */
    Pending *pend; int npend, cappend;
    OpenRegion open[64]; int nopen;
    int capregions, capaligns;
    bool text;                /* in a code section */
    bool laid;                /* in a section whose offsets are kept (sec >= 0) */
    /* data sections: their offsets are kept only when an instruction lies in one (the text is
     * then parsed again, lay_data set: `relay`); until then they are all section -1 */
    bool lay_data, relay;
    bool ended;               /* after `.end`: the rest of the text is not read */
    int cmt_line, cmt_col;    /* where the last block comment opened */
    bool skip;                /* A64ParseOptions.skip_errors */
    bool semi_said;           /* a ';' read as a comment on ELF was warned about (semi_comment) */
    int after_error;          /* statements parsed after a failing one on its line (line_after_error) */
    bool no_notes;            /* the error being reported has no expansion notes (context_err) */
    const AsmDirective *dir_seen[64];   /* directives looked up, by a hash of the name
                                               (compiler output's data repeats a few) */
    /* sections: each has its offsets (llvm-mc, GNU as); -1 a data section not laid out, SEC_NONE none */
    int sec, prev_sec;        /* prev_sec SEC_NONE: no section was left yet (llvm's .previous refuses) */
    /* CFI frames open (llvm's MCStreamer: .cfi_startproc ... .cfi_endproc), the innermost last:
     * the section of each (sec); whether the frame started last is still open */
    int *cfi; int ncfi, capcfi; bool cfi_last;
    /* the DWARF file numbers `.file N` gave (llvm's MCDwarfLineTable): bit N of dfiles for N <
     * 128, the others in dfx; dfiles_more: a piece after a larger one (P->start) */
    uint64_t dfiles[2]; uint64_t *dfx; int ndfx, capdfx; bool dfiles_more;
    /* the root file (`.file 0`) this part of the text gave: its name as written, its MD5 */
    char *droot; bool droot_md5; uint64_t droot_sum[2];
    /* llvm's MCDwarfLineTableHeader: the numbered `.file` lines so far with an MD5 checksum and
     * without one, whether one made a file of the line table (N >= 1, not the root file again),
     * and whether "inconsistent use of MD5 checksums" was said (once) */
    bool md5_with, md5_without, file_made, md5_said;
    const char *next_line, *text_end;   /* the input's line after the one parsed (NULL: none, a
                                           line of an expansion), and the text's end */
    const char *eos;          /* where the statement being parsed ends with the blanks after it
                                 (llvm's end-of-statement token: a ';', a comment or the line's end) */
    int sec_stack[16][2]; int nsec_stack;   /* .pushsection: the section and the previous one */
    /* the ELF sections `.section` named (elf_section), the one we are in and the previous one
     * (indexes of elf, -1 a default one: no group), those of sec_stack; elf_more: a piece after
     * more than A64ParseStart holds */
    A64ElfSection *elf; int nelf, capelf, elf_cur, elf_prev, elf_stack[16][2]; bool elf_more;
    int code_sec;             /* the section `offset` belongs to (the last laid out one entered) */
    Section *secs; int nsecs, capsecs;   /* [0] the default (.text, __TEXT,__text) */
    int32_t *isec; int capisec;   /* with several code sections: each instruction's (else NULL) */
    uint32_t offset;
    const char *input, *input_end;         /* the file: lines outside it are expansions or copies */
    const char *input_file;                /* its name (file: that of the line being read) */
    Buf cline;                             /* a line with its block comments blanked */
    const char *cline_of;                  /* the user's line cline copies (diagnostics show it) */
    Buf xtext;                             /* an operand's expression of symbols, as llvm prints it */
    A64Operand opbuf[A64_MAX_OPS];         /* operands of the instruction being parsed */
    /* instructions already parsed, by their text: compiler output repeats many of them
     * ("mov x0, x19", "ret"), and one that depends on nothing but its text parses the same */
    Memo *memo; int nmemo, capmemo;
    int memo_init;                         /* the first capacity: the lines, rounded up */
    bool memo_off;                         /* the instruction being parsed depends on context */
    const char *end;                       /* end of the text the current line lies in */
    /* Apple's syntax: the arrangement on the mnemonic (fmla.4s v0, v1, v2); 0 = none */
    int apple;
    int suffix;                            /* the arrangement on the mnemonic (add.4s: Apple's suffix), 0 none */
    bool bare;                             /* the last vector register had no arrangement */
    unsigned bare_ops;                     /* operands written without an arrangement (bits) */
    const struct BareLane *lane;           /* a bare_lane mnemonic written without arrangements */
    const char *mname;                     /* the mnemonic being parsed, lowercase (rows or none) */
    /* the first operand llvm reads and no row takes (see finish_inst), its place uarch's error
     * has: an address's base ([x31], [w0]), a vector register without an arrangement (mov x0,
     * v1) or a list of them ({v0}), an element or a list of them without its lane (v1.d, {v0.s});
     * at NULL: none */
    struct { const char *at, *next; int op, kind; char hint[96]; } bad;   /* next: v1[1]'s '[' */
    const char *unclosed;                  /* an address the statement ends in, its '[' (no ']') */
    const char *extra;                     /* an operand after an address's offset or index, the first */
    AsmState A;                            /* the assembler language (src/asm) */
    const A64ParseStart *start;            /* a piece of a longer text: where it starts */
    const char *own_of;                    /* the file of the last A64Program.own (inst_own) */
    int insts0, regions0;                  /* instructions and regions before it */
} Parser;

/* character classes, one table lookup each (the lexer's inner loops) */
enum {
    C_WS = 1,        /* blank: space \t \r \f \v */
    C_DIGIT = 2,
    C_ALPHA = 4,     /* ASCII letters */
    C_IDENT0 = 8,    /* starts an identifier: letter _ $ . */
    C_IDENTC = 16,   /* continues an identifier: C_IDENT0 or digit */
    C_STOP = 32,     /* ends the plain part of a line: " / ; \n */
    C_MNEM = 64,     /* in a mnemonic: letter digit . _ */
};
#define CC_DIG(c) ((c) >= '0' && (c) <= '9')
#define CC_ALP(c) (((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z'))
#define CC_ID0(c) (CC_ALP(c) || (c) == '_' || (c) == '$' || (c) == '.')
#define CC(c) (((c) == ' ' || (c) == '\t' || (c) == '\r' || (c) == '\f' || (c) == '\v' ? C_WS : 0) | \
               (CC_DIG(c) ? C_DIGIT : 0) | (CC_ALP(c) ? C_ALPHA : 0) | (CC_ID0(c) ? C_IDENT0 : 0) | \
               (CC_ID0(c) || CC_DIG(c) ? C_IDENTC : 0) | \
               ((c) == '"' || (c) == '/' || (c) == ';' || (c) == '\n' ? C_STOP : 0) | \
               (CC_ALP(c) || CC_DIG(c) || (c) == '.' || (c) == '_' ? C_MNEM : 0))
#define CC4(c) CC(c), CC((c) + 1), CC((c) + 2), CC((c) + 3)
#define CC16(c) CC4(c), CC4((c) + 4), CC4((c) + 8), CC4((c) + 12)
#define CC64(c) CC16(c), CC16((c) + 16), CC16((c) + 32), CC16((c) + 48)
static const uint8_t cclass[256] = {CC64(0), CC64(64)};   /* bytes >= 128: no class */
#undef CC64
#undef CC16
#undef CC4
#undef CC
#undef CC_ID0
#undef CC_ALP
#undef CC_DIG

static inline bool is_ws(char c) { return cclass[(uint8_t)c] & C_WS; }
static inline bool is_digit(char c) { return cclass[(uint8_t)c] & C_DIGIT; }
static inline bool is_xdigit(char c) { return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }
static inline bool is_alpha(char c) { return cclass[(uint8_t)c] & C_ALPHA; }
static inline bool is_ident0(char c) { return cclass[(uint8_t)c] & C_IDENT0; }
static inline bool is_identc(char c) { return cclass[(uint8_t)c] & C_IDENTC; }

static inline const char *skip_ws(const char *p, const char *e) { while (p < e && is_ws(*p)) p++; return p; }
/* a character llvm's lexer makes no token of ("invalid character in input"): a control
 * character (not a tab, nor NUL), '`', DEL and every byte of UTF-8 (a byte order mark EF BB BF) */
static inline bool lex_invalid(char c)
{
    uint8_t u = (uint8_t)c;
    return (u && u < 0x20 && u != '\t' && u != '\n' && u != '\r') || u == '`' || u >= 0x7f;
}
static inline const char *rtrim(const char *s, const char *e) { while (e > s && is_ws(e[-1])) e--; return e; }
static inline const char *ident_end(const char *p, const char *e) { while (p < e && is_identc(*p)) p++; return p; }

/* a register name (reg_lookup) */
enum { RK_NONE, RK_GPR, RK_VSCALAR, RK_V, RK_BAD };
typedef struct Reg { int kind; int num; bool is64, is_sp; int shape; } Reg;

/* where llvm reports an argument wanted at x of a statement whose arguments end at e: at x, or
 * past the end at eos (the statement's end after its blanks) */
static inline const char *arg_at(const char *x, const char *e, const char *eos)
{
    return x < e ? x : eos;
}

/* ---- parse.c: diagnostics, symbols, instructions, statements and lines ---- */
void a64p_add_align(Parser *P, uint32_t align, uint32_t skip);
/* src/asm's error e as the parser's (its kind as Diag.cause: A64_CAUSE_EXPANSIONS ...); false */
bool a64p_aerr(Parser *P, const AsmErr *e);
/* the error A64_MSG_WHOLE at `at` (Diag.cause A64_CAUSE_WHOLE); false */
bool a64p_whole(Parser *P, const char *at);
const char *a64p_end_of_statement(const Parser *P, const char *e);
bool a64p_finish_inst(Parser *P, A64Inst *in, const char *mnem_at, const char *text, const char *text_end);
const char *a64p_intern_name(Parser *P, const char *s, size_t n);
A64Inst *a64p_new_inst(Parser *P);
const char *a64p_next_token(const Parser *P, const char *x, const char *e);
bool a64p_perr(Parser *P, const char *at, const char *fmt, ...) PRINTF_LIKE(3, 4);
Diag *a64p_pwarn(Parser *P, const char *at, const char *fmt, ...) PRINTF_LIKE(3, 4);
const char *a64p_q(const char *s, const char *e, char *buf, size_t cap);
Reg a64p_reg_lookup(const char *s, size_t n);
bool a64p_line(Parser *P, const char *s, const char *e, const char *plain);
void a64p_skipped_add(Parser *P, const Diag *err);
bool a64p_statement(Parser *P, const char *s, const char *e);
const Sym *a64p_sym_find(const Parser *P, const char *s, size_t n);
bool a64p_variant_refused(Parser *P, const char *at, const char *e);
bool a64p_ieq(const char *s, size_t n, const char *lit);

/* ---- directive.c: the dispatch and the name and number tokens of directives ---- */
int a64p_checked_args(Parser *P, const AsmDirective *d, const char *s, const char *a, const char *e);
bool a64p_directive(Parser *P, const char *s, const char *e, const char *ie);
const char *a64p_int_token(const char *x, const char *e, int64_t *v);
const char *a64p_llvm_ident_end(const char *a, const char *e);
const char *a64p_llvm_identifier(const char *a, const char *e);
bool a64p_llvm_dot_token(const char *a, const char *e);

/* ---- dir_section.c: sections (.text/.data/.section/.pushsection ..., ELF section flags and groups) ---- */
bool a64p_elf_section(Parser *P, bool push, const char *s, const char *a, const char *e);
bool a64p_enter(Parser *P, int sec, const char *at);
bool a64p_push_section(Parser *P, const char *s);
int a64p_section_id(Parser *P, const char *name, size_t n, bool code);
bool a64p_subsection(Parser *P, int n, const char *at);

/* ---- dir_data.c: data, layout and strings (.byte ... .octa, .org, .incbin, .ascii, floats, dc) ---- */
const char *a64p_data_plain(const Parser *P, const char *x, const char *e, int64_t *v, bool *known,
                       const char **xs, const char **xe);
bool a64p_data_value(Parser *P, const char *x, const char *ve, bool one, int64_t *v, bool *known, const char **xs,
                const char **xe);
int a64p_dc_size(const char *name);
bool a64p_dir_arg(Parser *P, const char *a, const char *e, const char **end, int64_t *v, const char *what, bool *known);
bool a64p_dir_end(Parser *P, const char *x, const char *e);
bool a64p_dir_expr(Parser *P, const char *a, const char *e, const char **end, int64_t *v, const char *what);
int64_t a64p_dir_strings(Parser *P, const char *a, const char *e, bool nul);
/* the string in quotes [q, qe) spans lines: llvm's parseEscapedString's warning at each newline */
void a64p_newline_warnings(Parser *P, const char *q, const char *qe);
bool a64p_float_value(Parser *P, const char *x, const char *ve);
bool a64p_incbin(Parser *P, const char *a, const char *e);
bool a64p_include_left(Parser *P, const char *s, const char *a, const char *e);
bool a64p_octa(Parser *P, const char *a, const char *e);
bool a64p_org(Parser *P, const char *a, const char *e, bool fill);
void a64p_skip_bytes(Parser *P, uint64_t n);
const char *a64p_value_end(const char *x, const char *e);
bool a64p_word_inst(Parser *P, uint32_t w, const char *xs, const char *s, const char *e);

/* ---- dir_debug.c: CFI directives, llvm's context errors, DWARF .file and .loc ---- */
bool a64p_cfi_directive(Parser *P, const AsmDirective *d, const char *s, const char *a, const char *e, const char *q);
bool a64p_context_err(Parser *P, const char *at, int kind, const char *msg);
bool a64p_context_err_next(Parser *P, const char *e, const char *msg);
int64_t a64p_dwarf_gap(Parser *P, int64_t k);
bool a64p_file_directive(Parser *P, const char *s, const char *a, const char *e);
bool a64p_loc_directive(Parser *P, const char *a, const char *e);

#endif

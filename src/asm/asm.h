/* asm.h — the assembler language, target-neutral: what the GNU assembler (and llvm-mc) read
 * around the instructions.  It sits between the line lexer and the AArch64 instruction parser
 * (src/a64/parse.c, which owns the lines and statements and calls in here):
 *
 *   lines ─► asm: block comments, conditionals (.if* .elseif .else .endif), bodies of .macro /
 *            .irp / .irpc / .rept collected and replayed (expanded) as frames of lines,
 *            symbols (.set .equ .equiv .eqv `name = expr`), register aliases (.req .unreq),
 *            constant expressions (GNU as operators and precedence)
 *        ─► statements the instruction parser sees
 *
 * Expansion is bounded: frames nest at most ASM_MAX_DEPTH deep (a recursive macro is an error,
 * not a hang) and replay at most ASM_MAX_LINES lines and ASM_MAX_BYTES bytes in total.
 * No global state: everything lives in one AsmState per parse. */
#ifndef ASM_H
#define ASM_H

#include "util/util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    ASM_MAX_DEPTH = 64,              /* nested expansions (macros, .rept, .irp, .irpc) */
    ASM_MAX_LINES = 4000000,         /* lines replayed by expansions, in total, an iteration's end counted
                                        as one: .rept 2000000 of one instruction, a region's bound */
    ASM_MAX_BYTES = 64 << 20,        /* bytes of expanded text, in total (2000000 lines of 32) */
    ASM_MAX_COND = 256,              /* nested .if */
    ASM_MAX_REPT = 2000000,          /* a .rept count: a region's bound of instructions */
};

/* the comment and separator rules of a target triple, as llvm's AArch64 MCAsmInfo has them */
typedef enum AsmDialect {
    ASM_ELF,      /* aarch64-*-linux (default): `//` comments, `;` separates statements */
    ASM_DARWIN,   /* arm64-apple-*: `;` starts a comment, `%%` separates statements */
    ASM_COFF,     /* aarch64-*-windows: as ELF for comments and separators */
} AsmDialect;
/* the dialect of a triple ("arm64-apple-macos", "aarch64-pc-windows-msvc", "aarch64"); an
 * empty or NULL triple is ASM_ELF.  *ok = false when the architecture is not AArch64. */
AsmDialect asm_dialect_of(const char *triple, bool *ok);

/* an error of the layer: where (a pointer into the line being read) and what; `stop`: where a
 * constant expression's parser stopped (asm_expr's errors: where a missing ')' was wanted) */
/* an error: where, the message, where the reading stopped; `lex`: llvm's lexer's (a number or
 * character constant that is none: 0x, 'ab'), which some directives report in their words;
 * `next`: at the first token of the statement after the one `at` ends (a stray .exitm's, which
 * llvm reports after reading its end of statement) */
/* what an error is, for the callers that decide on it (never on its words): ASM_E_OTHER any
 * other; a division by zero in a constant expression; a symbol that has no value there (unknown,
 * or `symbol 'x' is not a constant`); a bound of the expansions (depth, lines replayed, bytes of
 * text: skipping a line of a body would replay them again); a macro's or repetition's body
 * without its end (llvm reads every line after it into the body) */
typedef enum AsmErrKind {
    ASM_E_OTHER, ASM_E_DIV_ZERO, ASM_E_UNKNOWN_SYMBOL, ASM_E_NOT_CONSTANT, ASM_E_EXPANSIONS, ASM_E_OPEN_BODY
} AsmErrKind;
typedef struct AsmErr { const char *at; char msg[300]; const char *stop; bool lex, next; AsmErrKind kind; } AsmErr;

/* known: a constant; hash (of the name: its slot) and len kept, so that a lookup compares the
 * name's bytes only in the slot that holds it and the table grows without reading the names */
typedef struct AsmSym { char *name; int64_t value; uint32_t hash; uint32_t len : 31, known : 1; } AsmSym;
/* a table of names: open addressing; lowercase names found without regard to case (aliases), or,
 * `cased`, names kept and found as written (macros: llvm's MCContext finds them so) */
typedef struct AsmTab { char **name; void **val; int n, cap; bool cased; } AsmTab;
typedef struct AsmMacro AsmMacro;
typedef struct AsmFrame AsmFrame;

/* labels and other symbols the instruction parser defines (for .ifdef) */
typedef bool (*AsmLabelFn)(void *ctx, const char *name, size_t n);

typedef struct AsmState {
    AsmDialect dialect;
    /* symbols and aliases: small open-addressed tables (names are case-sensitive) */
    AsmSym *syms; int nsyms, capsyms;
    AsmTab alias;                 /* .req: name -> register name (char *) */
    AsmTab macros;                /* name -> AsmMacro * */
    /* conditionals: one entry per open .if */
    struct { uint8_t state; bool seen_else; int line; } cond[ASM_MAX_COND];
    int ncond;
    int skip_from;                /* conditionals 0 .. skip_from-1 are active; -1 = none skipped */
    /* a body being collected (.macro, .irp, .irpc, .rept): its lines, until the matching end */
    int collect;                  /* 0 = none, else the kind (see asm.c) */
    int collect_depth, collect_line;
    Buf body;
    Buf peek;                     /* asm_frame_next's line of an iteration not yet made */
    AsmMacro *pending_macro;
    char *pending_args;           /* .irp/.irpc: the parameter and values; .rept: the count */
    long pending_count;
    /* expansions: a stack of frames replaying lines */
    AsmFrame *frames[ASM_MAX_DEPTH];
    int nframes;
    long lines_left, bytes_left;
    long counter;                 /* \@: the number of macro expansions so far */
    bool busy;                    /* collecting or skipping: every line goes to asm_consume */
    bool in_comment;              /* inside a multi-line block comment */
    bool exited;                  /* an .exitm ended the expansion: the rest of its line is not assembled */
    bool kept;                    /* the error just made left the line's effect, as llvm-mc's does (a
                                   * `.macro` of a name taken reads its body): the parse goes on past it */
    bool altmacro;                /* .altmacro: `%expr` and `<text>` arguments, parameters named
                                     without a backslash in the bodies expanded (not on Darwin) */
    char *pending_vals;           /* .irp in .altmacro mode: its values, each ended by a NUL */
    int npending_vals;
    const char *line_start;       /* the line of the directive asm_directive is given (set by the caller) */
    char *collect_src;            /* the line that opened the body being collected */
    int collect_col;
    AsmLabelFn label_defined;
    void *ctx;
    /* while set (the layout directives: .skip 16 - (. - start)), an expression may name '.' and
     * the labels defined so far: their offset in *v, false when there is none */
    bool (*label_value)(void *ctx, const char *name, size_t n, int64_t *v);
    /* a numeric label reference `Nb` / `Nf` at `at` in an expression (llvm's directional
     * label): whether it names one (Nb: defined before it; Nf: taken, and when `note` (an
     * expression of symbols), checked at the end); NULL: none does */
    bool (*numlab)(void *ctx, long n, bool back, const char *at, bool note);
    /* the file of the line being read (set by the caller): NULL the input, else a file the
     * parser included (asm_include_text: the names, kept in files) */
    const char *cur_file;
    char **files; int nfiles;
} AsmState;

/* the expansion bounds asm_init gives a text (ASM_MAX_LINES, ASM_MAX_BYTES; the mca fuzz target
 * lowers them so that each input stays quick) */
extern long asm_max_lines, asm_max_bytes;

void asm_init(AsmState *A, AsmDialect dialect, AsmLabelFn label_defined, void *ctx);
void asm_free(AsmState *A);

/* ---- directives ---- */
/* What a directive does: the `kind` of src/asm/directives.tsv.  The language's own (before
 * ASM_D_TARGET) are asm_directive's; the others the target's parser reads. */
typedef enum AsmDirKind {
    /* the conditionals; the first, up to ASM_D_IFLE, read an expression */
    ASM_D_IF, ASM_D_IFEQ, ASM_D_IFNE, ASM_D_IFGT, ASM_D_IFGE, ASM_D_IFLT, ASM_D_IFLE,
    ASM_D_IFDEF, ASM_D_IFNDEF, ASM_D_IFB, ASM_D_IFNB, ASM_D_IFC, ASM_D_IFNC, ASM_D_IFEQS, ASM_D_IFNES,
    ASM_D_ELSE, ASM_D_ELSEIF, ASM_D_ENDIF,
    ASM_D_MACRO, ASM_D_ENDM, ASM_D_REPT, ASM_D_IRP, ASM_D_IRPC, ASM_D_ENDR, ASM_D_EXITM,
    ASM_D_ERR, ASM_D_ERROR, ASM_D_ABORT, ASM_D_SET, ASM_D_EQUIV, ASM_D_PURGEM, ASM_D_UNREQ, ASM_D_ALTMACRO, ASM_D_NOALTMACRO,
    ASM_D_TARGET,
    /* the target parser's: layout, data, sections, and the target's own (.arch, .inst) */
    ASM_D_IGNORE = ASM_D_TARGET, ASM_D_ARCH, ASM_D_ULEB, ASM_D_SLEB, ASM_D_END, ASM_D_WARNING, ASM_D_OCTA, ASM_D_INST,
    ASM_D_DCB, ASM_D_DS, ASM_D_SUBSECTION, ASM_D_WEAKREF, ASM_D_NOTARGET, ASM_D_INCBIN, ASM_D_INCLUDE, ASM_D_TEXT,
    ASM_D_DATA, ASM_D_SECTION, ASM_D_POPSECTION, ASM_D_PREVIOUS, ASM_D_P2ALIGN, ASM_D_BALIGN, ASM_D_SKIP, ASM_D_ORG,
    ASM_D_FILL, ASM_D_ASCII, ASM_D_ASCIZ, ASM_D_FLOAT4, ASM_D_FLOAT8, ASM_D_DATA1, ASM_D_DATA2, ASM_D_DATA4,
    ASM_D_DATA8,
    /* the debug and AArch64 directives whose arguments src/a64/directive.c checks: .file, .loc, .reloc, .print, .tlsdesccall */
    ASM_D_FILE, ASM_D_LOC, ASM_D_RELOC, ASM_D_PRINT, ASM_D_TLSDESCCALL,
    /* the CFI frames' (last: src/a64/dir_debug.c takes the kinds from ASM_D_CFI_START on as CFI) */
    ASM_D_CFI_START, ASM_D_CFI_END, ASM_D_CFI_BARE, ASM_D_CFI_REG, ASM_D_CFI_REG_OFF, ASM_D_CFI_REG_REG,
    ASM_D_CFI_ASPACE, ASM_D_CFI_OFF, ASM_D_CFI_ESCAPE, ASM_D_CFI_ENCODING, ASM_D_CFI_LABEL
} AsmDirKind;
/* a row of src/asm/directives.tsv ($(B)/gen/asm_directives.c, sorted by name): its kind,
 * llvm's words for a string left open in its arguments, for one left open after a whole value
 * and for .else/.elseif/.endif without an .if ("-": none; unterminated "=": an assignment's),
 * and the object formats llvm knows it for
 * (letters e, m, c) */
typedef struct AsmDirective { const char *name; int kind; const char *unterminated, *afterval, *noif, *formats; } AsmDirective;
extern const AsmDirective asm_directives[];
extern const int asm_directives_count;
/* the directive `name` (lowercase, without the dot) of the dialect's object format, or NULL: one
 * uarch does not know, or llvm-mca does not for that format (a Darwin one on ELF ...) */
const AsmDirective *asm_directive_find(const char *name, AsmDialect dialect);

/* an ELF section llvm-mc 19 has made before the first statement (src/asm/elf_sections.tsv): its
 * SHT_ type, SHF_ flags and entry size */
typedef struct AsmElfSection { const char *name; int type; unsigned long long flags; int entsize; } AsmElfSection;
extern const AsmElfSection asm_elf_sections[];
extern const int asm_elf_sections_count;
/* the one named [name, name + n), or NULL */
const AsmElfSection *asm_elf_section_find(const char *name, size_t n);
/* a section type llvm-mc 19 reads by name after @, % or in quotes (src/asm/elf_section_types.tsv) */
typedef struct AsmElfSectionType { const char *name; unsigned long long type; } AsmElfSectionType;
extern const AsmElfSectionType asm_elf_section_types[];
extern const int asm_elf_section_types_count;
/* the flags and type llvm-mc 19 gives a section by its name (src/asm/elf_section_defaults.tsv):
 * the name itself (EXACT), it or it followed by '.' (PREFIX), or any name starting with it (START) */
enum { ASM_SEC_EXACT, ASM_SEC_PREFIX, ASM_SEC_START };
typedef struct AsmElfSectionDefault { const char *name; int match; unsigned long long flags; int type; } AsmElfSectionDefault;
extern const AsmElfSectionDefault asm_elf_section_defaults[];
extern const int asm_elf_section_defaults_count;

typedef enum { ASM_NOT_MINE, ASM_DONE, ASM_ERROR } AsmResult;
/* The directive d (one of the language's kinds) written at `at` with its arguments [args, e),
 * on source line `line`; ASM_NOT_MINE for a target's kind (the instruction parser handles it). */
AsmResult asm_directive(AsmState *A, const AsmDirective *d, const char *at, const char *args, const char *e, int line,
                        AsmErr *err);
/* `name = expr` (the assignment statement); [name, ne) the name, [x, e) the expression */
bool asm_assign(AsmState *A, const char *name, size_t n, const char *x, const char *e, AsmErr *err);
/* `name .req reg`: [name, name + n) becomes an alias of the register at [r, e); if it is one
 * of another register already, it stays that and *kept names it (the caller warns) */
bool asm_req(AsmState *A, const char *name, size_t n, const char *r, const char *e, const char **kept, AsmErr *err);
/* While A->busy (a body being collected, or a false conditional): the line [ls, le) is the
 * layer's (returns true); when a collected body ends, its expansion is pushed as a frame. */
bool asm_consume(AsmState *A, const char *ls, const char *le, int line, bool *ok, AsmErr *err);
/* does [s, s + n) name a macro defined so far? */
bool asm_macro_named(const AsmState *A, const char *s, size_t n);
/* Is [s, e) (a statement's first word and the rest) a macro call?  Then it is expanded (a frame
 * is pushed) and *handled = true.  eos: where llvm's lexer ends the statement (after blanks: a
 * comment, ';', the line's end), where its errors of missing arguments go. */
bool asm_macro_call(AsmState *A, const char *s, const char *we, const char *e, const char *eos, int line, const char *ls,
                    bool *handled, AsmErr *err);

/* the conditional d (at `at`, on `line`) whose condition failed: left open as llvm's is */
void asm_cond_failed(AsmState *A, const AsmDirective *d, int line, const char *at);

/* ---- logical lines ----
 * llvm's lexer reads a string up to the next '"' anywhere in the text, newlines included: a
 * statement whose line leaves a string open goes on over the lines the string spans, and its
 * rest after the closing quote is the statement's rest; a block comment is a blank to it,
 * newlines and all, so one that spans lines joins them as well.  The line [ls, le) of a text
 * that runs to `end`: the end of its statement's last line (its newline, or end) when a string
 * or a block comment opened on it (outside its comments: `//`, `;` with `darwin`, a first `#`)
 * closes on a later line, *nl the newlines taken in; le when none is left open (a block
 * comment never closed ends the statement at its line's end); NULL when a string is one that
 * no quote before `end` closes (the text read on, or the callers' "unterminated" errors), *nl
 * 0 then. */
const char *asm_statement_end(const char *ls, const char *le, const char *end, bool darwin, int *nl);
/* the end of what llvm's lexer reads as a character literal at p (a '\''): 'c' or '\c' and the
 * closing quote right after; without one ("single quote way too long") the c still (its '"',
 * ';' and '/' no string, separator nor comment); NULL where no c follows on the line */
const char *asm_char_end(const char *p, const char *e);

/* ---- frames: the lines of expansions ---- */
/* The line llvm's lexer reads after the one the innermost expansion gave last, in its
 * instantiation: the next of the iteration, the first of the next iteration, else its end
 * (".endmacro" or ".endr", at the source line after the body's); false when no expansion (or an
 * included file's) is innermost.  Nothing is consumed. */
bool asm_frame_next(AsmState *A, const char **ls, const char **le, int *line);
/* The next line of the innermost expansion: [*ls, *le) and its source line number; false
 * when no expansion is open (read the file).  A frame ends by itself when its lines are done.
 * A bound reached (*ok false) at a line leaves that line in [*ls, *le) and *line. */
bool asm_frame_line(AsmState *A, const char **ls, const char **le, int *line, const char **file, bool *ok,
                    AsmErr *err);
/* (*file: the file the line lies in, NULL the input: see cur_file) */
/* `.include` read by the parser (one the splicer left: made by a macro's argument, or of a file
 * read twice already): the text of the file `name` replayed as a frame, its lines its own
 * (line 1 on); the call at `at` on line `line` [ls ...) */
bool asm_include_text(AsmState *A, const char *name, const char *text, size_t len, int line, const char *ls,
                      const char *at, AsmErr *err);
/* the line of the input the current line comes from: that of the outermost expansion's call
 * (`line` when none is open) */
int asm_outer_line(const AsmState *A, int line);
/* the chain of expansions the current line came through, innermost first, as diagnostic
 * notes ("in expansion of macro 'step'") appended to d */
void asm_notes(const AsmState *A, const char *file, Diag *d);
/* at the end of the input: what is left open, as an error (false) with the line it opened on;
 * *at_end: llvm reports it at the end of the text (a conditional left open) */
bool asm_finish(AsmState *A, int *line, bool *at_end, AsmErr *err);

/* ---- `.include` (src/asm/include.c): the included files spliced in before parsing ---- */
enum { ASM_MAX_INCLUDE_DEPTH = 64, ASM_MAX_INCLUDES = 100000 };
#define ASM_MAX_INCLUDE_BYTES (256LL << 20)
extern long long asm_max_include_bytes;   /* ASM_MAX_INCLUDE_BYTES (the mca fuzz target lowers it) */
/* why asm_string refused a string: it has no closing quote (llvm-mc's lexer's string, where a
 * '\' takes the next character, runs to the end), or it has one and an escape llvm refuses */
typedef enum AsmStringError { ASM_STRING_OK, ASM_STRING_UNTERMINATED, ASM_STRING_BAD_ESCAPE } AsmStringError;
/* the quoted string at p (*p == '"') with llvm-mc's escapes (\b \f \n \r \t \" \\, \ooo, \xhh)
 * decoded, appended to out: its end (past the closing quote), or NULL when it has none or an
 * escape llvm refuses; *why (when not NULL) says which */
const char *asm_string(const char *p, const char *e, Buf *out, AsmStringError *why);
/* the text of `in` (a seekable file named `name`) with the regular files its `.include "file"`
 * lines name spliced in, in a temporary file (rewound; *map maps its lines back, and the
 * diagnostics of `name` are printed through it: diag_use_map); NULL when it includes none (in
 * is rewound, *map empty), or with *failed after an error (*err, located in the copy).  Once
 * done: diag_use_map(NULL, NULL) when *map has segments, srcmap_free(map). */
FILE *asm_include_splice(const char *name, FILE *in, AsmDialect dialect, SrcMap *map, bool *failed, Diag *err);
/* what the commands call: *f (named name) replaced by the copy with its included files when it
 * includes any (the original closed); false after printing the error (*f left open) */
bool asm_include_open(const char *name, FILE **f, AsmDialect dialect, SrcMap *map);
/* the regular file [path, path + len) appended to *out (the parser's `.include`): whether it
 * is there (a directory, a name with a NUL: missing), regular, and within
 * asm_max_include_bytes; a special file is never read */
typedef enum { ASM_INCLUDE_OK, ASM_INCLUDE_MISSING, ASM_INCLUDE_SPECIAL, ASM_INCLUDE_LARGE } AsmIncludeRead;
AsmIncludeRead asm_include_read(const char *path, size_t len, Buf *out);
/* the input of asm_include_open done with: its diagnostics no longer mapped, the map freed */
void asm_include_done(SrcMap *map);

/* ---- symbols, aliases, expressions ---- */
const AsmSym *asm_sym_find(const AsmState *A, const char *s, size_t n);
/* the register a `.req` alias names ("x0"), or NULL */
const char *asm_alias_find(const AsmState *A, const char *s, size_t n);
/* Evaluate the constant expression at [p, e); it ends at the first ',', ']', '}' or '!' outside
 * parentheses, or at e.  *end = where it ended.  Symbols are .set/.equ constants. */
bool asm_expr(const AsmState *A, const char *p, const char *e, const char **end, int64_t *v, AsmErr *err);
/* The number at p (a digit, p < e), as llvm-mca 19's lexer reads one (llvm-mca lexes with its
 * MASM integers on): decimal, 0x hex, 0 octal, a radix suffix after the digits (1fh 17o 17q
 * 101y 10t; 101b and 10d: the last digit), the suffixes u l ul ll ull ignored; a
 * floating-point literal (1.5, 1e5, .5 is no number here, 0x1.8p3).  Its end, or NULL after
 * llvm's lexer's error (its message and place in *n).  What follows is no part of it (1f: the
 * number 1, then f). */
typedef enum { ASM_NUM_INT, ASM_NUM_REAL, ASM_NUM_ERR } AsmNumKind;
typedef struct AsmNum {
    AsmNumKind kind;
    uint64_t hi, lo;              /* INT: its value in 128 bits (the 64 of an expression, .octa's 128) */
    bool big;                     /* INT: more than 128 */
    double real;                  /* REAL: its value */
    const char *at, *msg;         /* ERR: where, and llvm's words */
} AsmNum;
const char *asm_lex_number_all(const char *p, const char *e, AsmNum *n);
static inline bool asm_name_char(char c);
/* (its usual numbers read here, inline: compiler output's data is mostly numbers; nothing that
 * continues them (a letter, '.'), so no suffix or real: the others go to asm_lex_number_all,
 * which reads every number, these too) */
static inline ALWAYS_INLINE const char *asm_lex_number(const char *p, const char *e, AsmNum *n)
{
    const char *s = p, *lim = e - p > 19 ? p + 19 : e;   /* (0x and 16 digits; 19 decimal ones) */
    uint64_t u = 0;
    if (*p == '0' && p + 1 < e && (p[1] | 0x20) == 'x') {
        for (p += 2; p < lim; p++) {
            unsigned c = (uint8_t)*p, l = c | 0x20;
            if (c - '0' < 10) u = u << 4 | (c - '0');
            else if (l - 'a' < 6) u = u << 4 | (l - 'a' + 10);
            else break;
        }
        if (p == s + 2 || p - s > 18) return asm_lex_number_all(s, e, n);
    } else if (*p != '0' || p + 1 >= e || !(p[1] >= '0' && p[1] <= '9')) {   /* (0 octal) */
        for (; p < lim && (unsigned)(*p - '0') < 10; p++) u = u * 10 + (unsigned)(*p - '0');
    } else return asm_lex_number_all(s, e, n);
    if (p < e && asm_name_char(*p)) return asm_lex_number_all(s, e, n);
    n->kind = ASM_NUM_INT, n->hi = 0, n->lo = u, n->big = false;
    return p;
}
/* the characters of a symbol name, as llvm-mc reads them: a letter, _ . $ first, then digits too;
 * asm_name_end: the end of the name at p (p itself when none) */
static inline bool asm_name_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '$';
}
static inline bool asm_name_char(char c) { return asm_name_start(c) || (c >= '0' && c <= '9'); }
static inline const char *asm_name_end(const char *p, const char *e)
{
    while (p < e && asm_name_char(*p)) p++;
    return p;
}
/* the end of the string in quotes at a (*a == '"'; a backslash escapes the next character),
 * after its closing quote; NULL when it is not closed before e */
static inline const char *asm_string_end(const char *a, const char *e)
{
    for (const char *x = a + 1; x < e; x++) {
        if (*x == '\\') x++;
        else if (*x == '"') return x + 1;
    }
    return NULL;
}
/* does the operand text at p start an expression the plain number parser cannot take? */
bool asm_expr_char(char c);

/* An expression of symbols, as llvm reads one in an operand or a data value (its MCExpr): the
 * operators of asm_expr over numbers, symbols (names, "names in quotes", '.' the location,
 * .set constants by their value) and their @variants (`sym@PAGEOFF`, or `(sym + 8)@PAGE` on
 * each symbol), folded to a constant where it is one.  *v says what it is, evaluated as llvm's
 * evaluateAsRelocatable without a layout (symbols never cancel: `.Lb - .La` stays a - b);
 * `text` (may be NULL) gets it as llvm prints it (`ff_table+(16)` -> "ff_table+16",
 * `sym+4*2` -> "sym+(4*2)", '.' -> "\"\"").  It ends as asm_expr does; *end = there. */
enum { ASM_VK_NONE, ASM_VK_PAGE, ASM_VK_PAGEOFF, ASM_VK_GOTPAGE, ASM_VK_GOTPAGEOFF, ASM_VK_TLVPPAGE,
       ASM_VK_TLVPPAGEOFF };      /* (the others: asm_variant_name) */
typedef struct AsmSymExpr {
    bool constant;                /* no symbol: the value is `addend` */
    bool plain;                   /* one symbol reference (a), nothing else */
    bool rel;                     /* relocatable: [a] [- b] + addend */
    const char *a, *b;            /* those symbols' names, into the text ("" = '.'); NULL none */
    size_t na, nb;
    int avar, bvar;               /* their @variants, ASM_VK_NONE none */
    int64_t addend;
    bool auth;                    /* a signed pointer `x@AUTH(key, disc)`: the rest says what x is */
} AsmSymExpr;
bool asm_sym_expr(const AsmState *A, const char *p, const char *e, const char **end, AsmSymExpr *v, Buf *text,
                  AsmErr *err);
/* a variant as llvm prints it ("PAGEOFF") */
const char *asm_variant_name(int vk);
/* a '@' at `at` after an expression of no symbol (1@page, (1 + 2)@PAGEOFF): llvm's
 * parseExpression reads the variant and has nothing to apply it to; its words at the token
 * after the '@' into err ("invalid modifier 'page' (no symbols present)"; "invalid variant
 * 'foo'"; no name: "unexpected symbol modifier following '@'"); false */
bool asm_constant_variant(const char *at, const char *e, AsmErr *err);

#endif

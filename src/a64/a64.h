/* a64.h — the AArch64 assembly front end: parse text into instructions with typed operands,
 * their semantics (registers read/written, flags, memory, branch kind) and their measured form.
 *
 * Data flow (../shared/design.md):  text ─► a64_parse ─► A64Program (A64Inst[] + regions +
 * layout) ─► each A64Inst carries operands, semantics and its form id (the key of the CPU model
 * tables, as in ../shared/data/m1-measurements/tables.tsv `page_id`).
 *
 * This header is the contract with the layers above (model, mca, decode).  Keep it stable.
 */
#ifndef A64_H
#define A64_H

#include "util/util.h"

#include <stdbool.h>
#include <stdint.h>

/* ---- registers, as the dependency tracker sees them ----
 * One id per architectural storage location: the 32/64-bit views (w5/x5) share an id, and so
 * do b/h/s/d/q/v views of a vector register.  XZR/WZR have no id (reads read nothing, writes are
 * discarded).  SP is distinct from X31/ZR. */
enum {
    A64_X0 = 0,           /* X0..X30 = 0..30 (X29 = FP, X30 = LR) */
    A64_SP = 31,
    A64_V0 = 32,          /* V0..V31 = 32..63 */
    A64_NZCV = 64,
    A64_FPSR = 65,        /* cumulative FP flags; not tracked as a dependency by mca */
    A64_NREGS = 66,
    A64_NOREG = 255,
};
const char *a64_reg_name(int reg);     /* "x5", "sp", "v3", "nzcv" */

/* ---- operands ---- */
typedef enum A64OpKind {
    A64_OP_NONE,
    A64_OP_GPR,       /* x0/w0/sp/wsp/xzr/wzr */
    A64_OP_VREG,      /* b/h/s/d/q scalar, v.<arr> vector, v.<t>[i] element */
    A64_OP_VLIST,     /* { v0.16b, v1.16b } or { v0.4s-v3.4s }, optionally [index] */
    A64_OP_IMM,       /* integer immediate, may carry a shift (lsl #12, msl #8) or a relocation */
    A64_OP_FIMM,      /* floating immediate (#1.5, #0.0) */
    A64_OP_MEM,       /* [base ...] addressing */
    A64_OP_LABEL,     /* branch/adr target: symbol, numeric label 1b/1f, or .+N */
    A64_OP_COND,      /* eq ne cs hs cc lo mi pl vs vc hi ls ge lt gt le al nv */
    A64_OP_SYSREG,    /* cntvct_el0, nzcv, s3_2_c15_c0_0, ... */
    A64_OP_NAMED,     /* barrier option (ish, sy), prefetch op (pldl1keep), at/dc/ic/tlbi op, pstate field */
    A64_OP_XREG,      /* a register of SVE or SME (zt0; z1, p1, pn8, za where llvm's parser reads one:
                         src/a64/claims.tsv), u.named its name: no row takes it */
} A64OpKind;

/* modifiers (shift or extend) attached to the preceding register/immediate operand */
typedef enum A64Shift {
    A64_SH_NONE, A64_SH_LSL, A64_SH_LSR, A64_SH_ASR, A64_SH_ROR, A64_SH_MSL,
    A64_SH_UXTB, A64_SH_UXTH, A64_SH_UXTW, A64_SH_UXTX,
    A64_SH_SXTB, A64_SH_SXTH, A64_SH_SXTW, A64_SH_SXTX,
} A64Shift;

/* vector register shapes */
typedef enum A64VShape {
    A64_V_NONE,
    A64_V_B, A64_V_H, A64_V_S, A64_V_D, A64_V_Q,            /* scalar views b0 h0 s0 d0 q0 */
    A64_V_8B, A64_V_16B, A64_V_4H, A64_V_8H, A64_V_2S, A64_V_4S, A64_V_1D, A64_V_2D, A64_V_1Q,
    A64_V_2H, A64_V_4B,                                      /* dot-product/fp16 shapes */
    A64_V_ELEM_B, A64_V_ELEM_H, A64_V_ELEM_S, A64_V_ELEM_D,  /* v0.b[i] ... (index in .index) */
} A64VShape;

/* condition codes, in encoding order (operand u.cond, A64Inst.cond) */
enum {
    A64_COND_EQ, A64_COND_NE, A64_COND_HS, A64_COND_LO, A64_COND_MI, A64_COND_PL, A64_COND_VS,
    A64_COND_VC, A64_COND_HI, A64_COND_LS, A64_COND_GE, A64_COND_LT, A64_COND_GT, A64_COND_LE,
    A64_COND_AL, A64_COND_NV, A64_COND_NONE = 255,
};
const char *a64_cond_name(int cond);   /* "eq" ... "nv" */

typedef enum A64MemMode { A64_AM_OFFSET, A64_AM_PRE, A64_AM_POST } A64MemMode;

typedef struct A64Operand {
    uint8_t kind;          /* A64OpKind */
    uint8_t shift;         /* A64Shift modifier */
    uint8_t shift_amount;  /* #n of the modifier (0 when absent) */
    bool shift_explicit;   /* the amount was written */
    int col;               /* 1-based column of the operand in the source line */
    union {
        struct { uint8_t num; bool is64; bool is_sp; } gpr;           /* num 31 = sp or zr */
        struct { uint8_t num; uint8_t shape; int8_t index; } vreg;    /* index -1 = none */
        struct { uint8_t first, count, shape; int8_t index; } vlist;
        /* an immediate; or, where sym is set, an expression of symbols: sym is its text as llvm
         * prints it (":lo12:ff_table+16", "_t@PAGEOFF", ".Lb-.La"), reloc its ELF specifier
         * ("lo12", "abs_g1_nc") or its symbol's variant ("@PAGEOFF"), NULL none, value the
         * constant added to the symbol (0 when complex) */
        struct {
            int64_t value; const char *reloc; const char *sym;
            bool complex;   /* not one symbol plus a constant (.Lb - .La, sym*2): llvm lets the
                               fixup decide, and only add/sub/ldr/adr/b/mov take one */
            bool from_mov;  /* movz written as `mov Rd, sym`: any expression, lsl #0 (llvm's alias) */
        } imm;
        double fimm;
        struct {
            uint8_t base;                 /* GPR number, 31 = sp */
            uint8_t mode;                 /* A64MemMode */
            bool has_index;               /* register offset */
            uint8_t index; bool index64;  /* index register (w/x) */
            uint8_t ext;                  /* A64Shift of the index (lsl/uxtw/sxtw/sxtx) */
            uint8_t ext_amount; bool ext_explicit;
            bool has_offset;              /* an immediate offset / post-index immediate was written */
            bool complex;                 /* a symbolic offset that is not a symbol + constant (imm) */
            bool post_reg;                /* post-index by register: [x0], x2 */
            uint8_t post_index;           /* that register */
            int32_t offset;               /* immediate offset, or post-index immediate */
            const char *reloc, *sym;      /* [x0, :lo12:sym+8]: as imm's reloc, sym (the text) */
        } mem;
        struct {   /* sym (or '.': is_dot) + dot_offset, or a numeric label */
            const char *sym;
            const char *text;   /* as llvm prints it, where written as an expression ("sym+(4*2)",
                                   "\"\"+8" for .+8), else NULL */
            int64_t dot_offset; int numeric; bool is_dot; char dir;
            bool pcrel;     /* a pc offset written as a number (b #8): is_dot, dot_offset */
            bool regname;   /* spelled like a register out of range (x32): a symbol, as llvm reads
                               it (mov x0, x32 is movz x0, #x32); refused, a note says so */
        } label;
        uint8_t cond;
        struct { const char *name; uint32_t enc; } sysreg;  /* enc: op0:op1:CRn:CRm:op2 packed */
        const char *named;
    } u;
} A64Operand;

_Static_assert(sizeof(void *) != 8 || sizeof(A64Operand) == 40, "A64Operand: 40 bytes on a 64-bit target");

#define A64_MAX_OPS 6     /* the most any A64 instruction has is 5 (sys, casp) */

/* ---- semantics ---- */
typedef struct A64RegUse {
    uint8_t reg;     /* A64_X0 .. A64_NZCV */
    uint8_t opnd;    /* operand number in assembly order, destination first, 1-based; 0 = implicit */
    uint8_t bits;    /* width of the access: 32/64 for GPR, 8..128 for vector, 4 for NZCV */
} A64RegUse;

typedef enum A64MemKind { A64_MEM_NONE, A64_MEM_LOAD, A64_MEM_STORE, A64_MEM_LOADSTORE, A64_MEM_PREFETCH } A64MemKind;
typedef enum A64Branch {
    A64_BR_NONE, A64_BR_DIRECT, A64_BR_COND, A64_BR_INDIRECT, A64_BR_CALL, A64_BR_CALL_INDIRECT, A64_BR_RETURN,
} A64Branch;
const char *a64_mem_kind_name(int kind);     /* "load", "store", "load-store", "prefetch" */
const char *a64_branch_name(int kind);       /* "direct", "conditional", "indirect", "call", "indirect-call", "return" */

enum {                   /* A64Inst.sys flags */
    A64_SYS_BARRIER = 1, /* dmb/dsb/isb/sb, acquire/release ordering */
    A64_SYS_SYSTEM = 2,  /* msr/mrs/sys/hint with side effects, svc/hvc/brk */
    A64_SYS_EXCLUSIVE = 4,
};

typedef struct A64Inst {
    /* (fields by alignment, so that a parsed instruction takes no padding: a long region
     * holds one per instruction) */
    /* where */
    int line, col;              /* 1-based position of the mnemonic */
    const char *text;           /* the instruction's text, trimmed (owned by the program's arena;
                                   identical instructions may share it, and their ops: read-only) */
    uint32_t offset;            /* byte address: its offset in its section, from alignment/size
                                   tracking, plus where the section lies (A64_SECTION_ALIGN) */
    /* what */
    uint16_t mnem;              /* mnemonic id (parser-internal numbering) */
    uint8_t cond;               /* condition of b.cc / bc.cc (A64_COND_*), A64_COND_NONE otherwise */
    uint8_t nops;
    const char *mnem_name;      /* canonical lowercase mnemonic as written, e.g. "add", "b.ne" */
    A64Operand *ops;            /* the nops operands (owned by the program's arena) */
    int64_t target;             /* byte offset (as `offset`) of the label a branch goes to, -1
                                   when not defined in this text (or not a label) */
    /* measured form */
    const char *form;           /* page id, e.g. "ADD_reg_lsl_64"; NULL when none at all */
    int32_t row;                /* the table row that matched, -1 none (data): a64_inst_row()
                                   names it ("base.tsv:123"), a64_inst_note() gives its note */
    /* semantics */
    uint8_t nreads, nwrites;
    A64RegUse reads[12];
    A64RegUse writes[8];
    struct {
        uint8_t kind;           /* A64MemKind */
        uint16_t size;          /* bytes transferred in total */
        uint8_t nregs;          /* registers transferred (2 for ldp) */
        bool pair;
        bool writeback;         /* pre/post-index updates the base */
    } mem;
    uint8_t branch;             /* A64Branch */
    uint8_t hint_num, hint_den; /* `// uarch: taken N/M` on its line: taken N of every M times
                                   (taken 1/1, not-taken 0/1); 0/0 = no hint */
    bool taken;                 /* set by mca's path (src/mca/path.c): this instance is taken */
    uint8_t sys;                /* A64_SYS_* */
    bool approx;                /* form is a documented nearest form, not this exact form */
} A64Inst;

_Static_assert(sizeof(void *) != 8 || sizeof(A64Inst) == 136, "A64Inst: 136 bytes on a 64-bit target");

/* the table row an instruction matched, "base.tsv:123" (NULL for data); its note (why this
 * nearest form), or NULL */
const char *a64_inst_row(const A64Inst *in);
const char *a64_inst_note(const A64Inst *in);

/* ---- code regions (LLVM-MCA-BEGIN/END) and layout ---- */
typedef struct A64Region {
    const char *name;           /* "" for anonymous */
    int begin, end;             /* instruction index range [begin, end) */
    int line;                   /* line of the BEGIN marker (0 = implicit whole-file region) */
} A64Region;

typedef struct A64Align {   /* .org N: align 0, skip = N - offset */
    int inst;                   /* applies before instruction index `inst` */
    uint32_t align;             /* bytes (power of two); 0 for .skip */
    uint32_t skip;              /* bytes skipped (.skip/.space/.zero) */
} A64Align;

/* a set of features of src/a64/features.tsv, bit k the k-th (a64_cpu_features below): two
 * words, at most 128 features; {0} = the M1's */
enum { A64_FEATURES_MAX = 128 };
typedef struct A64Features { uint64_t w[2]; } A64Features;
#define A64_FEATURES_NONE ((A64Features){{0, 0}})   /* no bit: the M1's */
static inline A64Features a64f_bit(int k)
{
    A64Features f = A64_FEATURES_NONE;
    f.w[k >> 6] = (uint64_t)1 << (k & 63);
    return f;
}
static inline bool a64f_test(A64Features f, int k) { return f.w[k >> 6] >> (k & 63) & 1; }
static inline bool a64f_any(A64Features f) { return (f.w[0] | f.w[1]) != 0; }
static inline bool a64f_eq(A64Features a, A64Features b) { return a.w[0] == b.w[0] && a.w[1] == b.w[1]; }
static inline A64Features a64f_or(A64Features a, A64Features b) { return (A64Features){{a.w[0] | b.w[0], a.w[1] | b.w[1]}}; }
static inline A64Features a64f_and(A64Features a, A64Features b) { return (A64Features){{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; }
static inline A64Features a64f_xor(A64Features a, A64Features b) { return (A64Features){{a.w[0] ^ b.w[0], a.w[1] ^ b.w[1]}}; }
static inline A64Features a64f_andnot(A64Features a, A64Features b) { return (A64Features){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}}; }

/* the error of a piece that enters a code section other than the default one, holds an
 * instruction in a data section, or ends the text (.end): the text is then parsed whole (each
 * section has offsets of its own, which a piece does not carry; the pieces after an `.end` are
 * not read) */
#define A64_MSG_WHOLE "a second code section, an instruction in a data section or '.end' (the text is parsed whole)"
/* Diag.cause of a parse's error, which the chunked run decides on (src/mca/chunks.c): that
 * error of a piece (A64_MSG_WHOLE); a bound of the expansions (src/asm ASM_E_EXPANSIONS: skipping
 * a line of a body would replay them again); a macro's or repetition's body without its end
 * (ASM_E_OPEN_BODY: it and every line after it are the body) */
enum { A64_CAUSE_WHOLE = 1, A64_CAUSE_EXPANSIONS, A64_CAUSE_OPEN_BODY };
/* where the sections of a text lie (A64Inst.offset, .target): each section has offsets of its
 * own from 0 (as llvm-mc and GNU as count them), and the first section that holds instructions
 * lies at 0, each other that holds some (code or data, in the order the text first enters them)
 * from the first boundary of this many bytes (the M1's page) after the end of the one before */
enum { A64_SECTION_ALIGN = 16384 };
/* Diag.kind of a region marker's error (LLVM-MCA-BEGIN/END: llvm-mca's CodeRegion.cpp words), not
 * the assembler's: no line to skip, and no "Assembly input parsing had errors" after it */
enum { A64_DIAG_REGION = 1,
/* Diag.kind of a warning said once per input (a64_print_warnings): on an ELF triple, a ';' whose
 * text is no statement read as Apple's comment */
       A64_DIAG_SEMI_COMMENT = 2,
/* Diag.kind of an error in a file the parser included (src/asm asm_include_text): its file's
 * line, not the input's (no line of the input to skip) */
       A64_DIAG_INCLUDED = 3,
/* Diag.kind of an error of llvm's MCContext (CFI frames: a directive outside one, a frame started
 * inside another): the statement has no effect and the parse goes on, so that under
 * A64ParseOptions.skip_errors it is listed (A64Program.skipped) with no line left out; and of
 * "Unfinished frame!" at the end of the text, which llvm gives only when no statement failed */
       A64_DIAG_CONTEXT = 4, A64_DIAG_UNFINISHED = 5,
/* Diag.kind of an error whose statement took effect all the same, as llvm-mc's does (a `.macro`
 * of a name taken: its body read; a macro's `.endm` with something after it): parsed again under
 * A64ParseOptions.skip_errors, it is listed with no line left out, and the parse goes on */
       A64_DIAG_KEPT = 6 };
/* an ELF section as llvm's MCContext keys it (a hash of its name, group, linked-to symbol and
 * unique id; name: of its name alone), with what `.section` must keep of it: its SHT_ type, SHF_
 * flags, entry size, and its group (a hash, 0 none) for the `?` flag of a later one */
typedef struct A64ElfSection { uint64_t key, name, flags, group; int64_t entsize; uint32_t type; bool comdat; } A64ElfSection;
#define A64_START_SECTIONS 32
/* the state a piece of a text starts from (see A64ParseOptions.start) */
typedef struct A64ParseStart {
    uint32_t offset;              /* the code offset reached before it */
    bool data, prev_data;         /* in a data section; `.previous` goes to one */
    int insts, regions;           /* instructions and regions before it (the piece's regions
                                     count instructions from the whole text's first) */
    /* labels defined outside the piece: label(ctx, name, n, before) is the offset of label
     * [name, name + n) (-1: not in code), or -2 when it is not defined; `before`: only one
     * defined before the piece counts (a label is "defined so far" while parsing), else any
     * (branch targets, resolved at the end) */
    int64_t (*label)(void *ctx, const char *name, size_t n, bool before);
    void *ctx;
    int tmps;                     /* llvm's temporary symbols (.Ltmp<N>, numeric labels) made before it */
    bool arch;                    /* the features before it (.arch, .cpu ... change them): */
    A64Features features;         /* these, not those of the options */
    A64Features sys;              /* and these of system registers (A64MatchEnv.sys) */
    bool prev_none;               /* no section left yet: `.previous` is an error */
    /* the CFI frame open before it (.cfi_startproc without its .cfi_endproc; a piece that ends
     * in two is end_open), in a data section; the frame started last still open (at the end
     * of the text: llvm's "Unfinished frame!") */
    bool cfi_open, cfi_data, cfi_last;
    /* the DWARF file numbers `.file N` gave before it (bit N of files, N < 128; 0: `.file 0`,
     * DWARF 5's root file); files_more: a larger one too (a piece that names one it has not
     * seen itself is parsed whole) */
    uint64_t files[2];
    bool files_more;
    /* the ELF sections `.section` named before it (the first A64_START_SECTIONS; secs_more: more,
     * and a piece that names one it has not seen itself is parsed whole), and the one it is in
     * (an index of secs, -1 a default one) */
    A64ElfSection secs[A64_START_SECTIONS];
    int nsecs, sec_cur;
    bool secs_more;
    /* the numbered `.file` lines before it: some with an MD5 checksum, some without; a file of the
     * line table made (N >= 1, not the root file again); "inconsistent use of MD5 checksums" said */
    bool md5_with, md5_without, file_made, md5_said;
} A64ParseStart;

typedef struct A64Program {
    Arena arena;                /* owns texts, names */
    const char *file;
    A64Inst *insts;
    int ninsts, cap;
    A64Region *regions;         /* explicit regions; none = the whole file is one anonymous region */
    int nregions;
    A64Align *aligns;
    int naligns;
    /* parsed as a piece of a longer text (A64ParseOptions.start): where the parser stopped, for
     * the next piece, and the labels the piece defined (names in the arena) */
    A64ParseStart *end;           /* NULL unless parsed as a piece */
    bool end_open;                /* the piece ended where the next cannot start: a region, a
                                     .pushsection or a block comment open, two CFI frames open,
                                     or assembler symbols, aliases or macros defined (a later
                                     piece may use them) */
    const char **labels;
    int64_t *label_off;           /* [nlabels] offset (-1 outside code) */
    int nlabels;
    /* warnings, in source order, as llvm-mc gives them (a `.req` redefinition ignored, a `.fill`
     * size truncated): the first A64_MAX_WARNINGS + 1 kept (as many as a run prints, and one of
     * a kind said once per input that the run may have said), the others counted by line (a
     * line of the input, for an included file's the input's line of the outermost expansion's
     * call that read it, and how many on it) */
    Diag *warnings;
    int nwarnings;
    struct A64WarnMore { int line, n; } *more;
    int nmore;
    /* the lines left out (A64ParseOptions.skip_errors), in order: where, and the error (the
     * message in the arena); one of a file the parser read for `.include` (kind
     * A64_DIAG_INCLUDED) at the input's line it comes from (the outermost expansion's call),
     * its file, own line and text in file, fline, src (else NULL, 0, NULL) */
    struct A64Skipped {
        int line, col, col_end; const char *msg, *notes; int kind;   /* its Diag's */
        const char *file, *src; int fline;
        int cut;                  /* its Diag's */
        int order_col;            /* its Diag's */
    } *skipped;
    int nskipped;
    /* the instructions of files the parser read for `.include` (src/asm asm_include_text; their
     * `line` is the input's, the outermost expansion's call): their file's name (as the
     * `.include` wrote it, in the arena) and own line, in the order of the instructions */
    struct A64OwnLine { int inst, line; const char *file; } *own;
    int nown;
} A64Program;
/* a run prints at most this many warnings in all, however its text is cut into pieces, and then
 * says how many more there were (llvm-mc prints every one: a `.rept` of a `.warning` would print
 * without end, and the parser keeps each it prints) */
enum { A64_MAX_WARNINGS = 20 };
/* the warnings a run has printed: how many more it may (`left`), how many it did not (`more`),
 * the kinds said once per input that were (`said`, bit 1 << kind).  A64_WARNED_INIT to begin */
typedef struct A64Warned { int left; long more; unsigned said; } A64Warned;
#define A64_WARNED_INIT {A64_MAX_WARNINGS, 0, 0}
/* print prog's warnings to f, their lines moved by line0 (the lines before the text parsed),
 * those past line `after` (the lines before it were parsed and warned about before), as long
 * as w->left allows (the others counted in w->more); one of a kind said once per input only
 * when its bit is not in w->said (then set) */
void a64_print_warnings(FILE *f, const A64Program *prog, int line0, int after, A64Warned *w);
/* the same for prog's warnings from the from-th on that come before line:col (their lines moved
 * by line0), in order (one of an included file's lines comes where the one before it does):
 * the index of the first not printed (line INT_MAX: all, and those not kept counted) */
int a64_print_warnings_before(FILE *f, const A64Program *prog, int line0, int after, A64Warned *w, int from,
                              int line, int col);
/* one warning d (its line moved) printed as a64_print_warnings prints prog's, unless its line
 * is not past `after` */
void a64_print_warning(FILE *f, const Diag *d, int after, A64Warned *w);
/* at the end of a run: "FILE: warning: N more warnings not shown" when w->more (f's write
 * unchecked: the caller checks stderr) */
void a64_print_warnings_more(FILE *f, const char *file, const A64Warned *w);

/* ---- architecture features that set CPUs apart from the Apple M1 (src/a64/features.tsv) ----
 * A mask with bit k for the k-th feature of the table (i8mm, bf16, bti, wfxt, xs, chk ...) that
 * the CPU has, and for an `m1` feature of the table (ssbs) that it lacks: what the parser takes
 * (A64ParseOptions.features) and how hints print (a64_print).  {0} = the M1's. */
bool a64_cpu_features(const char *cpu, A64Features *mask);   /* an llvm CPU name; false: not listed */
A64Features a64_features_every(void);                         /* every feature (llvm's -mattr=+all) */
/* one item of -mattr ("+i8mm", "-bf16", "bf16", "+all": every one, "+v8.6a": an architecture's
 * features, as llvm adds them) applied to *mask; false: no feature of the table */
bool a64_feature_apply(const char *item, size_t n, A64Features *mask);
const char *a64_feature_name(int bit);                     /* NULL past the last */
/* -mattr=help: the features -mattr takes, one per line with what each brings, as llvm lists its
 * own ("Available features for this target:") */
void a64_feature_list(FILE *f);
/* the features of `-mcpu=cpu` (NULL: the M1's; a CPU the table does not list: the M1's, or the
 * newest set when `later`, an Apple core llvm 19 does not know), then the comma-separated items
 * of each of the n -mattr values in order; an item of no feature of the table is ignored with a
 * warning on `warn`.  An item "help" (llvm's -mattr=help, alone or among others) calls
 * help(warn) once (NULL: ignored), where the first one is among those warnings, as llvm */
A64Features a64_features_for(const char *cpu, bool later, const char *const *mattr, int n, FILE *warn,
                             void (*help)(FILE *));

/* Parse a whole assembly text.  On error returns false and fills *err (file:line:col + the
 * source line); *prog is then freed.  `file` is used in messages. */
bool a64_parse(const char *file, const char *text, size_t len, A64Program *prog, Diag *err);
/* the same with options: the comment and separator rules of a target (src/asm/asm.h) */
typedef struct A64ParseOptions {
    int dialect;                /* AsmDialect: ASM_ELF (default), ASM_DARWIN, ASM_COFF */
    /* the text is a piece of a longer one, which the parser left in this state (NULL: a
     * whole text): offsets go on from there, and the program tells where it stopped (end) */
    const A64ParseStart *start;
    /* a line that fails to parse is left out, as if blank, and listed (A64Program.skipped),
     * when nothing else on it took effect (no label, no expansion; else the parse fails as
     * without it): mca's -skip-unsupported-instructions=parse-failure.  A line of a file the
     * parser read for `.include` is left out in that reading (no line of the input to blank) */
    bool skip_errors;
    /* the CPU's features (a64_cpu_features; {0}: the M1's): a row that needs another is refused */
    A64Features features;
    /* a parse that fails leaves in the program the warnings made before its error (warnings,
     * more; the rest empty), for the caller to print (llvm-mc prints them before the error)
     * and a64_program_free; else it leaves the program empty */
    bool keep_warnings;
} A64ParseOptions;
bool a64_parse_opts(const char *file, const char *text, size_t len, const A64ParseOptions *opt,
                    A64Program *prog, Diag *err);
void a64_program_free(A64Program *prog);
/* may the DWARF file numbers before s leave one out below a larger one (the end of the text says
 * "unassigned file number": a text cut in pieces is then parsed whole) */
bool a64_start_files_gap(const A64ParseStart *s);
/* A regular file parsed a piece of about `lines` lines at a time (src/a64/pieces.c): memory
 * stays flat in its size.  Every piece is parsed first (an error: false, *err, nothing
 * given), then again, each(ctx, prog) given its program as the whole parse would have it
 * (lines, offsets, branch targets, regions counting instructions from the file's first).
 * A text that does not cut (e.g. a macro defined early and
 * used late) is parsed whole and given as one piece.  With opt->keep_warnings, an error also
 * gives each(ctx, prog) the failed parse's program: the warnings made before the error. */
typedef void (*A64PieceFn)(void *ctx, const A64Program *prog);
bool a64_parse_pieces(const char *file, FILE *in, const A64ParseOptions *opt, int lines, A64PieceFn each, void *ctx,
                      Diag *err);
/* where a line's plain text stops: the first newline, '"', '/' or ';' in [p, e), or e (the
 * parser's scan, sixteen bytes at a time with SSE2; `uarch mca` looks for markers with it) */
const char *a64_plain_end(const char *p, const char *e);

/* Classify one instruction to its measured form (sets inst->form, approx and the semantics).
 * a64_parse already does this while matching each instruction against the table rows
 * (src/a64/isa/<name>.tsv); call it again only for an instruction built or changed by hand.
 * Without a program to own them, templated form ids live in a small static ring (the last 8):
 * copy inst->form if it must outlive later calls. */
void a64_classify(A64Inst *inst);

/* The 32-bit A64 word of a parsed instruction (as llvm-mc -show-encoding prints it: the fields of
 * a symbol's fixup are zero).  False when uarch has no encoding for this instruction form (never
 * a guessed word); `why` (may be NULL) then says which. */
bool a64_encode(const A64Inst *inst, uint32_t *word, const char **why);

/* The instruction as LLVM's instruction printer writes it, "mnemonic<TAB>operands" (print.c:
 * lowercase, canonical conditions, decimal immediates; A64_PRINT_HEX: llvm's -print-imm-hex;
 * A64_PRINT_APPLE: Apple's syntax, llvm's assembly variant 1), for a CPU of `features` (NULL: the
 * M1's; the hints and barrier options named as that CPU names them: bti c or hint #34), appended
 * to out.  False (out
 * unchanged) where the operands cannot be rebuilt (relocations, symbols in immediates): then
 * show the text as written. */
enum { A64_PRINT_HEX = 1, A64_PRINT_APPLE = 2 };
bool a64_print(const A64Inst *inst, uint64_t flags, const A64Features *features, Buf *out);

/* Render the operands/semantics for `uarch decode`. */
void a64_format_regs(const A64RegUse *uses, int n, Buf *out);   /* "x0, x1, nzcv" */

#endif

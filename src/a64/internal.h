/* internal.h — declarations shared by the files of the front end (not part of the contract).
 *   names.c  register/condition/system-register/option names
 *   imm.c    immediate encodability (logical bitmask, fp8, movz/movn, SIMD modified)
 *   match.c  table rows -> operand checks, semantics, form id
 *   parse.c  lines, statements, labels, directives, regions, operand lexing
 *   encode.c the instruction word (learned layouts, src/a64/enc/)
 */
#ifndef A64_INTERNAL_H
#define A64_INTERNAL_H

#include "a64/a64.h"
#include "a64/isa.h"

/* names.c */
int a64_cond_lookup(const char *s, size_t n);            /* -1 when not a condition */
int a64_shift_lookup(const char *s, size_t n);           /* A64Shift, A64_SH_NONE when none */
/* the named system registers (src/a64/sysregs.tsv, generated into $(B)/gen/a64_sysregs.c, sorted
 * by name ignoring case); access and print are "r", "w", "rw" or "-", feature "-" or the feature
 * (src/a64/features.tsv) a CPU needs to take and print the name (the columns of the TSV) */
typedef struct A64Sysreg { const char *name; int op0, op1, crn, crm, op2; const char *access, *feature, *print; } A64Sysreg;
extern const A64Sysreg a64_sysregs[];
extern const int a64_sysregs_count;
bool a64_sysreg_lookup(const char *s, size_t n, uint32_t *enc);  /* name or s3_2_c15_c0_0 */
const A64Sysreg *a64_sysreg_named(const char *s, size_t n);    /* a name of the table, any case */
/* what MRS (write = false) / MSR (write = true) of a register may take under a CPU of
 * `features` (NULL: every feature): false when the name is one of the table's and not of that
 * direction (DBGDTRTX_EL0 is write-only) or of a feature the CPU lacks (RNDR: rand), which
 * llvm refuses as a name it does not know */
bool a64_sysreg_access_ok(const char *s, size_t n, bool write, const A64Features *features);
/* the register of encoding `enc` (op0:op1:CRn:CRm:op2) as llvm-mca prints it in MRS / MSR under
 * a CPU of `features`: its name, or S<op0>_<op1>_C<n>_C<m>_<op2> (into buf) */
const char *a64_sysreg_print_name(uint32_t enc, bool write, A64Features features, char *buf, size_t cap);
/* the named operations of the SYS aliases (src/a64/sysops.tsv -> $(B)/gen/a64_sysops.c):
 * `kind name[, Xt]` is SYS #op1, C<crn>, C<crm>, #op2[, Xt]; reg "yes" | "no" | "opt"; print
 * "alias" | "sys"; feature "-" or the features a CPU needs to take it and print the alias
 * (a64_features_have_list), refused llvm's message without them */
typedef struct A64Sysop {
    const char *name, *kind;
    int op1, crn, crm, op2;
    const char *reg, *print, *feature, *refused;
} A64Sysop;
extern const A64Sysop a64_sysops[];
extern const int a64_sysops_count;
const A64Sysop *a64_sysop_find(const char *kind, const char *name);   /* name in any case */
/* the operation llvm-mca prints for SYS #op1, Cn, Cm, #op2 under a CPU of these features (NULL:
 * none, it prints sys) */
const A64Sysop *a64_sysop_at(int op1, int crn, int crm, int op2, A64Features features);
/* named operand values of system instructions (src/a64/opnames.tsv -> $(B)/gen/a64_opnames.c):
 * print "name" | "number" | "mnemonic"; feature "-" or the feature (src/a64/features.tsv) a CPU
 * needs to print it so */
typedef struct A64Opname { const char *kind; int value; const char *name, *print, *feature; } A64Opname;
extern const A64Opname a64_opnames[];
extern const int a64_opnames_count;
/* the first of that value whose feature is in `features` (a mask of a64_cpu_features) */
const A64Opname *a64_opname_value_for(const char *kind, long long value, A64Features features);
/* the features and the CPUs that have them (src/a64/features.tsv -> $(B)/gen/a64_features.c):
 * kind "feature" | "cpu" */
typedef struct A64Feature { const char *kind, *name, *value; } A64Feature;
extern const A64Feature a64_features[];
extern const int a64_features_count;
/* the mask of a feature name ("-": 0, none needed), or 0 with *known false when unknown */
A64Features a64_feature_mask(const char *name, size_t n, bool *known);
/* whether a CPU of mask `features` has the features of `need` (a mask of a64_feature_mask
 * bits), or of `list` (feature names comma-separated; "-": none; false when one is unknown) */
bool a64_features_have(A64Features features, A64Features need);
bool a64_features_have_list(A64Features features, const char *list);
const A64Opname *a64_opname_named(const char *kind, const char *name);  /* name in any case */
/* the names of .arch, .arch_extension and .cpu and the features each sets (src/a64/archs.tsv ->
 * $(B)/gen/a64_archs.c): kind "arch" | "ext" | "cpu"; on, alt: feature lists (the table's header) */
typedef struct A64Arch { const char *kind, *name, *on, *alt; } A64Arch;
extern const A64Arch a64_archs[];
extern const int a64_archs_count;
/* the directive .arch, .arch_extension or .cpu (dir "arch" | "arch_extension" | "cpu") with its
 * operand [s, e) (blanks and comment trimmed): the features (a mask of a64_cpu_features) it
 * leaves in *features, as llvm-mc 19 leaves them.  False on an error: llvm's message in msg,
 * *at where it points, in [s, e] */
bool a64_arch_directive(const char *dir, const char *s, const char *e, A64Features *features, uint32_t *extra,
                        char *msg, size_t cap, const char **at);
/* the instructions of extensions uarch has no rows of, and the features llvm says they require
 * (src/a64/requires.tsv -> $(B)/gen/a64_requires.c): ops "-" | "gpr" (the table's header) */
typedef struct A64Requires { const char *mnem, *ops, *feature; } A64Requires;
extern const A64Requires a64_requires[];
extern const int a64_requires_count;
/* the error for mnemonic [s, s + n) (its first operand a general register: gpr) when
 * requires.tsv has it: llvm's "instruction requires: F" naming the features the CPU (features,
 * extra) lacks, or that uarch has no model of it when it has them all; false when not listed */
bool a64_requires_msg(const char *s, size_t n, bool gpr, A64Features features, uint32_t extra, char *msg, size_t cap);
static inline int a64_sysop_enc(const A64Sysop *o) { return o->op1 << 11 | o->crn << 7 | o->crm << 3 | o->op2; }
int a64_shape_bits(int shape);                            /* 8..128; element: element size */
int a64_shape_elem_bits(int shape);                       /* element size of any shape */
const char *a64_shape_name(int shape);                    /* "4S", "S", "16B" (uppercase) */

/* imm.c */
bool a64_bitmask_ok(uint64_t v, int bits);
bool a64_fp8_ok(double v);
bool a64_movz_ok(uint64_t v, int bits);                  /* one 16-bit chunk (or zero) */
bool a64_bytemask_ok(uint64_t v);                         /* every byte 0x00 or 0xff */
int a64_bitmask_encode(uint64_t v, int bits);             /* N:immr:imms (13 bits), -1 if none */
double a64_fp8_value(int code);                          /* VFPExpandImm of abcdefgh */
int a64_fp8_encode(double v);                             /* abcdefgh, -1 if none */

/* match.c: what the matcher needs from the parser */
typedef struct A64MatchEnv {
    Arena *arena;
    /* interned forms */
    const char **intern;
    int nintern, capintern;
    struct { uint64_t key; const char *form; } *cache;   /* per row: the last two template
                                                            expansions (2 * row, most recent first) */
    /* labels for {taken}: returns true when `sym` is defined before this instruction */
    bool (*label_defined)(void *ctx, const char *sym);
    void *ctx;
    const A64Mnem *mnem;   /* set by the parser: the rows of the next instruction's mnemonic
                              (a64_match uses it once, then clears it) */
    uint32_t extra;        /* its features of src/a64/requires.tsv beyond those (a64_features_extra) */
    A64Features features;  /* the CPU's features (a64_cpu_features): rows needing others are skipped
                              (without an env, none is) */
} A64MatchEnv;

typedef struct A64MatchError {
    int opnd;          /* -1 unknown mnemonic, 0 operand count (msg is the message), else 1-based */
    int reason, pat;   /* why the best row failed on that operand, and the pattern it expected */
    int64_t lo, hi;    /* R_RANGE of a plain range (P_RANGE, P_SHAMT, P_MOV16, P_MIMM8...), R_INDEX: the range */
    int mult;          /* a memory offset out of range (lo, hi): a multiple of it (1: any); the
                          error is at the offset's '#' */
    bool post_imm;     /* a post-increment other than the bytes transferred: at its '#' */
    int diag;          /* A64_D_*: llvm's words for the refusal (0: the reason's) */
    char msg[200];
} A64MatchError;
/* where in the failing operand's text the error is (a64_match_message) */
enum A64ErrAt {
    A64_AT_OPND,       /* its start */
    A64_AT_LANE,       /* its last '[' (the lane of v0.s[4], {v0.s}[4]) */
    A64_AT_NUMBER,     /* after its '#' */
    A64_AT_HASH,       /* its '#' (a memory offset; post-index: after the ']') */
    A64_AT_SHIFT,      /* the shift after it (#1, lsl #8: the 'lsl') */
    A64_AT_END,        /* its end: the ',' after it (prfm #32, [x0]), else past it ([x1, #256]!) */
    A64_AT_CLOSE,      /* its ']' */
    A64_AT_TAIL,       /* the end of the instruction (tlbi vmalle1, x0: past the x0) */
    A64_AT_EXTEND,     /* its index's extend ([x1, x2, lsl #2]: the lsl) */
};
/* the message for a failed match; `op` = the source text of the failing operand; returns
 * where it is (A64_AT_*) */
int a64_match_message(const A64MatchError *e, const char *mnem, const char *op, char *buf, size_t cap);

/* Find the row for inst (mnemonic name + operands already parsed), fill semantics and form.
 * Returns false with *err set when no row matches; returns false with err->opnd = -1 when the
 * mnemonic is unknown. */
bool a64_match(A64Inst *inst, A64MatchEnv *env, A64MatchError *err);
const A64Mnem *a64_mnem_find(const char *name, size_t n);
const A64Mnem *a64_mnem_find_head(const char *name, size_t n, uint64_t head);   /* a64_load_le(name, <= 8) */
const char *a64_intern(A64MatchEnv *env, const char *s, size_t n);   /* into env->arena */

/* encode.c: an instruction's variant key and operand values (isa.h, "encodings").  `tsel`
 * chooses, per immediate operand (3 bits each), how its value is presented: A64_ENC_T_*.
 * Returns false when an operand has no value the encodings know (then there is no word). */
enum { A64_ENC_T_V, A64_ENC_T_NEG, A64_ENC_T_M1, A64_ENC_T_SUM, A64_ENC_T_VNEG, A64_ENC_NT };
typedef struct A64EncVals {
    uint8_t key[A64_ENC_KEY];
    int n;
    int64_t v[A64_ENC_MAXV];
    uint8_t bits[A64_ENC_MAXV];   /* how many low bits of v the layout sees */
} A64EncVals;
bool a64_enc_values(const A64Inst *in, const A64Row *r, uint32_t tsel, A64EncVals *out);
/* the pc offset of an instruction's label field, written as a number (b #8): its two's
 * complement bits (26 bits of words for b and bl: 28; tbz, tbnz 16; adrp 21 bits of pages: 33;
 * adr 21 bits of bytes, and the 19 bits of words of b.cc, cbz, ldr and prfm literals: 21) and
 * its step (*unit: adr 1, adrp 4096, else 4; unit may be NULL) */

#endif

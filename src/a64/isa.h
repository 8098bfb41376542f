/* isa.h — the front end's instruction table: one row per (mnemonic, operand pattern).
 *
 * The rows are data (src/a64/isa/<name>.tsv, format documented at the top of base.tsv), compiled
 * into $(B)/gen/isa.c by tools/gen-isa.c, which includes this header so that both sides agree
 * on the enums.  match.c tries the rows of a mnemonic in order against the parsed operands.
 * Internal to src/a64 (and the generator); the layers above see only a64.h.
 */
#ifndef A64_ISA_H
#define A64_ISA_H

#include <stddef.h>
#include <stdint.h>

#include "a64/a64.h"

/* operand pattern kinds (the words of the `ops` column) */
enum A64PatKind {
    P_NONE,
    /* general-purpose registers; `set` = allowed shift modifiers (bit per A64Shift) */
    P_W, P_X, P_WSP, P_XSP, P_R, P_RSP, P_SP, P_REXT,   /* P_X: `arg` = 1 + N for xN (only that one) */
    /* SIMD&FP: `set` = allowed shapes (bit per A64VShape); `arg` = list length (0 = any) */
    P_FSCALAR, P_VEC, P_ELEM, P_LIST, P_ELIST,
    /* immediates; P_RANGE uses lo..hi */
    P_IMM, P_RANGE, P_ZERO, P_FZERO, P_SHAMT, P_LSB, P_WIDTH, P_AIMM, P_AIMMSH,
    P_BIMM, P_NBIMM, P_MOVZ, P_MOVN, P_MOV16, P_FIMM8, P_MIMM8, P_MIMMMSL, P_MIMM64,
    /* others; P_NAMED: `str` = "a|b|c"; P_SYSREG: `str` = one name or NULL for any, `arg` =
     * 1 when the row writes it (the first of several operands: msr), 0 when it reads it (mrs);
     * P_SYSOP: `str` = the kind (src/a64/sysops.tsv: "tlbi"), `arg` = 1 when a register follows;
     * P_NAMED `arg`: A64_NAMED_SYSOP (`sysname:`) when the names are SYS operations of the
     * row's mnemonic, A64_NAMED_PSTATE (`pstate:`) PSTATE fields: their features gate them */
    P_LABEL, P_COND, P_CONDNAL, P_NAMED, P_SYSREG, P_SYSOP,
    /* memory; `arg` = scale S in bytes */
    P_MEM, P_MEMOFF, P_MEMOFF9, P_MEMPRE9, P_MEMPOST9, P_MEMPAIR, P_MEMPAIRPRE, P_MEMPAIRPOST,
    P_MEMOFF10, P_MEMPRE10, P_MEMREG, P_MEMSXTX, P_MEMPOSTREG, P_MEMPOSTIMM,
    P_NKINDS
};

enum { A64_NAMED_SYSOP = 1, A64_NAMED_PSTATE = 2 };
/* P_RANGE `arg`: what the number is (`u4:barrier`), for llvm's words when it is out of range */
enum { A64_RANGE_BARRIER = 1, A64_RANGE_PREFETCH = 2, A64_RANGE_ROTATION = 3, A64_RANGE_PLAIN = 4 };

typedef struct A64Pat {
    uint8_t kind;          /* A64PatKind */
    uint8_t arg;           /* scale (memory), register count (lists), a label's reach in bits,
                              A64_RANGE_* (P_RANGE), 1 = an insert's width (P_WIDTH),
                              1 = a GNU as spelling llvm refuses (P_MEMOFF9) */
    uint8_t tie;           /* 1-based operand this one must have the same shape as; 0 = none */
    uint32_t set;          /* shapes or shifts allowed; a label: the bytes its field counts */
    int64_t lo, hi;        /* P_RANGE bounds; P_LABEL: lo = 1 for label:F*S:expr */
    const char *str;       /* P_NAMED names "a|b", P_SYSREG name, P_SYSOP kind */
} A64Pat;

enum { A64_ROW_MAXIMP = 4, A64_ROW_MAXFEAT = 3 };
enum { A64_TF_VARS = 1, A64_TF_OP = 2, A64_TF_TAKEN = 4 };   /* template has {..} / {op} / {taken} */

typedef struct A64Row {
    const char *mnem;
    const char *form;      /* template, without the '~'; NULL = no form */
    uint8_t approx;
    uint8_t nops;
    uint8_t tflags;        /* A64_TF_*: what the form template uses (set by the generator) */
    uint16_t rd_ops, wr_ops;            /* bit i = operand i (1-based) */
    uint8_t nrd_imp, nwr_imp;
    uint8_t rd_imp[A64_ROW_MAXIMP], wr_imp[A64_ROW_MAXIMP];   /* A64_X0.. register ids */
    uint8_t mem_kind;      /* A64MemKind */
    uint16_t mem_size;     /* bytes; 0 = from the register operands */
    uint8_t mem_pair;
    uint8_t branch;        /* A64Branch */
    uint8_t sys;           /* A64_SYS_* */
    uint8_t feature[A64_ROW_MAXFEAT];   /* the features the row needs (src/a64/features.tsv: the
                              `feature` column of the table), each 1 + its bit, 0 after the last
                              (none: every CPU; fcmla v.4h: complxnum fullfp16 neon) */
    uint8_t feature_h;     /* bit k: feature[k] is needed only by an instruction with a
                              half-precision operand (fadd v.4h|4s: fullfp16:h) */
    uint8_t feature_nh;    /* bit k: feature[k] is needed only by one without (fadd h|s|d:
                              fp-armv8:nh, llvm's h form needs only fullfp16) */
    const char *notes;
    const char *src;       /* "base.tsv:123" */
    const char *print;     /* the mnemonic LLVM prints the row as (its `print` column), NULL: as written */
    uint8_t print_ops[A64_MAX_OPS];   /* with these operands (1-based), in this order */
    uint8_t print_shape[A64_MAX_OPS]; /* printed with this arrangement (A64VShape; 0: as written):
                                         mov v0.4s, v1.4s prints as mov v0.16b, v1.16b */
    A64Pat ops[A64_MAX_OPS];   /* last: a row's used fields then share fewer cache lines */
} A64Row;

typedef struct A64Mnem {
    const char *name;
    uint16_t first, count; /* rows [first, first+count) */
    uint16_t len;          /* strlen(name) */
    uint8_t sym_ops;       /* bit k: operand k (0-based) is an expression in some row (adr, adrp:
                              label:F*S:expr), where a name spelled like a register is a symbol */
    uint64_t head;         /* a64_load_le of the first (up to) 8 bytes of the name */
} A64Mnem;

/* the most rows a mnemonic has (tools/gen-isa.c fails the build past it): the matcher's error
 * path keeps one try a row on the stack */
#define A64_MNEM_MAX_ROWS 64

extern const A64Row a64_rows[];
extern const int a64_nrows;
extern const A64Mnem a64_mnems[];
extern const int a64_nmnems;
extern const uint16_t a64_mnem_hash[];  /* open addressing on a64_mnem_hash_of, 0xffff = empty */
extern const int a64_mnem_hash_size;    /* power of two */

/* ---- encodings (src/a64/enc/{variants,layouts}.tsv, learned by tools/enc-learn.c; encode.c) ----
 * An instruction's word is an affine function over GF(2) of the bits of its operand values:
 * word = base XOR (the mask of every set bit of every value).  The values of an instruction
 * (a64_enc_values in internal.h: register numbers, immediates, indexes, extends ...) and its
 * variant key (the discrete choices: register widths, arrangements, named options) are read
 * from the parsed operands; a row's variants give the base word and the layout (which word
 * bits each value bit sets, and the range of each value that the layout was learned on). */
enum { A64_ENC_MAXV = 16, A64_ENC_KEY = 8 };
typedef struct A64EncSub {
    int64_t lo, hi;        /* values outside [lo, hi] have no encoding in this layout */
    uint16_t mask;         /* index of the first of nbits masks in a64_enc_masks */
    uint8_t nbits;
} A64EncSub;
typedef struct A64EncLayout {
    uint32_t tsel;         /* transform of each immediate operand, 3 bits per operand */
    uint16_t sub;          /* index of the first A64EncSub */
    uint8_t nsub;
} A64EncLayout;
typedef struct A64EncVariant {
    uint8_t key[A64_ENC_KEY];
    uint32_t base;
    uint16_t layout;
} A64EncVariant;
extern const A64EncSub a64_enc_subs[];
extern const A64EncLayout a64_enc_layouts[];
extern const uint32_t a64_enc_masks[];
extern const A64EncVariant a64_enc_variants[];
extern const uint16_t a64_row_enc[][2];   /* per row: first variant, count (0 = no encoding) */

/* A quick filter in front of the full operand checks (match.c).  Operands fall in classes: their
 * A64OpKind, with general-purpose registers split by view and memory operands by addressing
 * form.  Per row, bit FC_N*i + c is set when operand i (of the first A64_FILTER_OPS) may be of
 * class c, and bit A64_FILTER_NOPS + n when the row has n operands.  An instruction whose
 * signature (one bit per operand and one for its count) has a bit outside a row's filter
 * cannot match that row. */
enum A64FilterClass {
    FC_NONE, FC_W, FC_X, FC_WSP, FC_SP, FC_VREG, FC_VLIST, FC_IMM, FC_FIMM,
    FC_MEM, FC_MEMOFF, FC_MEMREG, FC_MEMPRE, FC_MEMPOSTIMM, FC_MEMPOSTREG,
    FC_LABEL, FC_COND, FC_SYSREG, FC_NAMED, FC_N
};
enum { A64_FILTER_OPS = 3, A64_FILTER_NOPS = A64_FILTER_OPS * FC_N };   /* 57 + 7 counts = 64 bits */
extern const uint64_t a64_row_filter[];   /* parallel to a64_rows */

/* the class of an operand; FC_N when it has none (it then matches no pattern) */
static inline int a64_filter_class(const A64Operand *o)
{
    switch (o->kind) {
    case A64_OP_NONE: return FC_NONE;
    case A64_OP_GPR: return o->u.gpr.is_sp ? (o->u.gpr.is64 ? FC_SP : FC_WSP) : (o->u.gpr.is64 ? FC_X : FC_W);
    case A64_OP_VREG: return FC_VREG;
    case A64_OP_VLIST: return FC_VLIST;
    case A64_OP_IMM: return FC_IMM;
    case A64_OP_FIMM: return FC_FIMM;
    case A64_OP_MEM:
        if (o->u.mem.mode == A64_AM_PRE) return FC_MEMPRE;
        if (o->u.mem.mode == A64_AM_POST) return o->u.mem.post_reg ? FC_MEMPOSTREG : FC_MEMPOSTIMM;
        return o->u.mem.has_index ? FC_MEMREG : o->u.mem.has_offset ? FC_MEMOFF : FC_MEM;
    case A64_OP_LABEL: return FC_LABEL;
    case A64_OP_COND: return FC_COND;
    case A64_OP_SYSREG: return FC_SYSREG;
    case A64_OP_NAMED: return FC_NAMED;
    default: return FC_N;
    }
}

/* the classes (bit per A64FilterClass) a pattern kind can ever accept: a superset of what
 * match.c's checks accept */
static inline uint32_t a64_pat_classes(int pat)
{
#define B(c) (1u << (c))
    switch (pat) {
    case P_W: return B(FC_W);
    case P_X: return B(FC_X);
    case P_R: case P_REXT: return B(FC_W) | B(FC_X);
    case P_WSP: return B(FC_W) | B(FC_WSP);
    case P_XSP: return B(FC_X) | B(FC_SP);
    case P_RSP: return B(FC_W) | B(FC_X) | B(FC_WSP) | B(FC_SP);
    case P_SP: return B(FC_WSP) | B(FC_SP);
    case P_FSCALAR: case P_VEC: case P_ELEM: return B(FC_VREG);
    case P_LIST: case P_ELIST: return B(FC_VLIST);
    case P_FZERO: case P_FIMM8: return B(FC_FIMM) | B(FC_IMM);
    case P_LABEL: return B(FC_LABEL) | B(FC_IMM);
    case P_COND: case P_CONDNAL: return B(FC_COND) | B(FC_LABEL);
    case P_NAMED: case P_SYSOP: return B(FC_NAMED) | B(FC_LABEL);
    case P_SYSREG: return B(FC_SYSREG) | B(FC_LABEL);
    case P_MEM: return B(FC_MEM);
    case P_MEMOFF: case P_MEMOFF9: case P_MEMPAIR: case P_MEMOFF10: return B(FC_MEM) | B(FC_MEMOFF);
    case P_MEMPRE9: case P_MEMPAIRPRE: case P_MEMPRE10: return B(FC_MEMPRE);
    case P_MEMPOST9: case P_MEMPAIRPOST: case P_MEMPOSTIMM: return B(FC_MEMPOSTIMM);
    case P_MEMREG: case P_MEMSXTX: return B(FC_MEMREG);
    case P_MEMPOSTREG: return B(FC_MEMPOSTREG);
    default: return pat >= P_IMM && pat < P_LABEL ? B(FC_IMM) : 0;
    }
#undef B
}

/* up to 8 bytes as a little-endian word, whatever the host's byte order (the generator's
 * tables must hold on any target) */
static inline uint64_t a64_load_le(const char *s, size_t n)
{
    uint64_t w = 0;
    for (size_t i = n; i-- > 0;) w = w << 8 | (uint8_t)s[i];
    return w;
}

/* the hash of a lowercase mnemonic (a64_mnem_hash); the generator and the parser use the same
 * function: word-at-a-time, then mixed so that every byte reaches the low bits.  `head` =
 * a64_load_le of its first (up to) 8 bytes, which the parser builds while lowercasing. */
static inline uint32_t a64_mnem_hash_head(uint64_t head, const char *s, size_t n)
{
    uint64_t h = ((uint64_t)n * 0x9e3779b97f4a7c15ull ^ head) * 0xff51afd7ed558ccdull;
    for (size_t i = 8; i < n; i += 8)
        h = (h ^ a64_load_le(s + i, n - i < 8 ? n - i : 8)) * 0xff51afd7ed558ccdull;
    h ^= h >> 32;
    h *= 0xc4ceb9fe1a85ec53ull;
    return (uint32_t)(h ^ h >> 29);
}

static inline uint32_t a64_mnem_hash_of(const char *s, size_t n)
{
    return a64_mnem_hash_head(a64_load_le(s, n < 8 ? n : 8), s, n);
}

/* FNV-1a (the parser's symbol tables and interned strings): util.h's */
static inline uint32_t a64_hash(const char *s, size_t n) { return fnv1a(s, n); }

#endif

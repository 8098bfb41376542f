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
    P_W, P_X, P_WSP, P_XSP, P_R, P_RSP, P_SP, P_REXT,
    /* SIMD&FP: `set` = allowed shapes (bit per A64VShape); `arg` = list length (0 = any) */
    P_FSCALAR, P_VEC, P_ELEM, P_LIST, P_ELIST,
    /* immediates; P_RANGE uses lo..hi */
    P_IMM, P_RANGE, P_ZERO, P_FZERO, P_SHAMT, P_LSB, P_WIDTH, P_AIMM, P_AIMMSH, P_NAIMM,
    P_BIMM, P_MOVZ, P_MOVN, P_MOV16, P_FIMM8, P_MIMM8, P_MIMMMSL, P_MIMM64,
    /* others; P_NAMED: `str` = "a|b|c"; P_SYSREG: `str` = one name or NULL for any */
    P_LABEL, P_COND, P_CONDNAL, P_NAMED, P_SYSREG,
    /* memory; `arg` = scale S in bytes */
    P_MEM, P_MEMOFF, P_MEMOFF9, P_MEMPRE9, P_MEMPOST9, P_MEMPAIR, P_MEMPAIRPRE, P_MEMPAIRPOST,
    P_MEMREG, P_MEMSXTX, P_MEMPOSTREG, P_MEMPOSTIMM,
    P_NKINDS
};

typedef struct A64Pat {
    uint8_t kind;          /* A64PatKind */
    uint8_t arg;           /* scale (memory) or register count (lists) */
    uint8_t tie;           /* 1-based operand this one must have the same shape as; 0 = none */
    uint32_t set;          /* shapes or shifts allowed */
    int64_t lo, hi;        /* P_RANGE bounds */
    const char *str;       /* P_NAMED names "a|b", P_SYSREG name */
} A64Pat;

enum { A64_ROW_MAXIMP = 4 };
enum { A64_TF_VARS = 1, A64_TF_OP = 2, A64_TF_TAKEN = 4 };   /* template has {..} / {op} / {taken} */

typedef struct A64Row {
    const char *mnem;
    const char *form;      /* template, without the '~'; NULL = no form */
    uint8_t approx;
    uint8_t nops;
    uint8_t tflags;        /* A64_TF_*: what the form template uses (set by the generator) */
    A64Pat ops[A64_MAX_OPS];
    uint16_t rd_ops, wr_ops;            /* bit i = operand i (1-based) */
    uint8_t nrd_imp, nwr_imp;
    uint8_t rd_imp[A64_ROW_MAXIMP], wr_imp[A64_ROW_MAXIMP];   /* A64_X0.. register ids */
    uint8_t mem_kind;      /* A64MemKind */
    uint16_t mem_size;     /* bytes; 0 = from the register operands */
    uint8_t mem_pair;
    uint8_t branch;        /* A64Branch */
    uint8_t sys;           /* A64_SYS_* */
    const char *notes;
    const char *src;       /* "base.tsv:123" */
} A64Row;

typedef struct A64Mnem {
    const char *name;
    uint16_t first, count; /* rows [first, first+count) */
    uint16_t len;          /* strlen(name) */
} A64Mnem;

extern const A64Row a64_rows[];
extern const int a64_nrows;
extern const A64Mnem a64_mnems[];
extern const int a64_nmnems;
extern const uint16_t a64_mnem_hash[];  /* open addressing, 0xffff = empty */
extern const int a64_mnem_hash_size;    /* power of two */

/* FNV-1a over a lowercase name; the generator and the parser use the same function. */
static inline uint32_t a64_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h ^= (uint8_t)s[i];
        h *= 16777619u;
    }
    return h;
}

#endif

/* inst_flags.c — the instruction info view's MayLoad / MayStore / HasSideEffects flags as
 * llvm-mca 19 sets them for AArch64 (they come from LLVM's instruction descriptions, not from
 * what the instruction does), so that tools comparing the columns see the same marks.
 * The instructions llvm-mca marks one by one are data (src/mca/inst_flags.tsv, its header names
 * the source; generated into mca_inst_flags_table, sorted by mnemonic); every other instruction
 * gets the marks of its semantics (src/a64): loads MayLoad, stores MayStore, barrier and system
 * instructions (acquire/release ordering included) U. */
#include "mca/mca.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int row_cmp(const void *key, const void *row)
{
    return strcmp(key, ((const McaInstFlags *)row)->mnem);
}

/* the table row for the instruction: the first row of its mnemonic whose operand is "-", its
 * first operand (a name, or an immediate #N) or, [N], the element index of its last operand
 * (smov x0, v1.b[0]); NULL when none */
/* the first row of mnemonic m, NULL for none.  The answers for recent mnemonics are kept per
 * thread by name (a file uses few; the binary search took 8 strcmp per instruction) */
#define FIRST_ROW_MEMO 64
static const McaInstFlags *first_row(const char *m)
{
    static _Thread_local struct { char name[16]; const McaInstFlags *r; } memo[FIRST_ROW_MEMO];
    size_t len = strlen(m);
    uint32_t h = model_hash(m) & (FIRST_ROW_MEMO - 1);
    if (len < sizeof memo[h].name && strcmp(memo[h].name, m) == 0 && len > 0)
        return memo[h].r;
    const McaInstFlags *t = mca_inst_flags_table;
    const McaInstFlags *r = bsearch(m, t, (size_t)mca_inst_flags_table_count, sizeof *t, row_cmp);
    if (r)
        while (r > t && strcmp(r[-1].mnem, m) == 0)
            r--;
    if (len > 0 && len < sizeof memo[h].name) {
        memcpy(memo[h].name, m, len + 1);
        memo[h].r = r;
    }
    return r;
}

static const McaInstFlags *table_row(const A64Inst *a, const char *m)
{
    const McaInstFlags *end = mca_inst_flags_table + mca_inst_flags_table_count;
    const McaInstFlags *r = first_row(m);
    if (!r)
        return NULL;
    for (; r < end && strcmp(r->mnem, m) == 0; r++) {
        if (strcmp(r->op, "-") == 0)
            return r;
        if (a->nops > 0 && a->ops[0].kind == A64_OP_NAMED && a->ops[0].u.named &&
            strcasecmp(a->ops[0].u.named, r->op) == 0)
            return r;
        if (a->nops > 0 && a->ops[0].kind == A64_OP_IMM && !a->ops[0].u.imm.sym && !a->ops[0].u.imm.reloc &&
            r->op[0] == '#' && strtoll(r->op + 1, NULL, 0) == a->ops[0].u.imm.value)
            return r;
        if (a->nops > 0 && a->ops[a->nops - 1].kind == A64_OP_VREG && r->op[0] == '[' &&
            strtol(r->op + 1, NULL, 10) == a->ops[a->nops - 1].u.vreg.index)
            return r;
    }
    return NULL;
}

void mca_inst_flags(const A64Inst *a, bool *may_load, bool *may_store, bool *side)
{
    const McaInstFlags *r = a->mnem_name ? table_row(a, a->mnem_name) : NULL;
    if (r) {
        *may_load = r->may_load != 0;
        *may_store = r->may_store != 0;
        *side = r->side != 0;
        return;
    }
    *may_load = a->mem.kind == A64_MEM_LOAD || a->mem.kind == A64_MEM_LOADSTORE;
    *may_store = a->mem.kind == A64_MEM_STORE || a->mem.kind == A64_MEM_LOADSTORE;
    *side = (a->sys & (A64_SYS_BARRIER | A64_SYS_SYSTEM)) != 0;
}

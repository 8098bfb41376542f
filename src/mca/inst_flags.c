/* inst_flags.c — the instruction info view's MayLoad / MayStore / HasSideEffects flags as
 * llvm-mca 19 sets them for AArch64 (they come from LLVM's instruction descriptions, not from
 * what the instruction does), so that tools comparing the columns see the same marks.
 * Checked against llvm-mca-19 -mcpu=apple-m1 (and other cores for instructions apple-m1 has no
 * scheduling data for):
 *   exclusives (ld[a]x*, st[l]x*), clrex, dmb, dsb, isb, ssbb, pssbb, the hints (nop, yield,
 *   wfe, wfi, sev, sevl, bti, esb, dgh, csdb, hint #n)      MayLoad MayStore U
 *   the pointer-authentication hints (paciasp, autiasp, xpaclri ...)                  U
 *   prfm, prfum (no MayLoad), ret, reta*, eret, dc zva (no MayStore)                  U
 *   LSE ld<op>/st<op> and cas*                                MayLoad MayStore U
 *   swp*                                                      MayLoad MayStore (no U)
 *   stlur, stlurb, stlurh (RCpc, unscaled offset)             MayStore (no U)
 *   ldapur, ldapurb, ldapurh                                  MayLoad (no U)
 *   ldapursb, ldapursh, ldapursw                              U (no MayLoad)
 * Everything else: loads MayLoad, stores MayStore, acquire/release and system instructions U
 * (the semantics of src/a64). */
#include "mca/mca.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool starts(const char *s, const char *p)
{
    return s[0] == p[0] && strncmp(s, p, strlen(p)) == 0;
}

/* the mnemonics the rules below name one by one (sorted by strcmp, for bsearch) */
enum { NAME_OTHER, NAME_BARRIER, NAME_SIDE, NAME_NOSIDE };
typedef struct NamedFlags { const char *name; int cls; } NamedFlags;
static const NamedFlags named[] = {
    {"autia1716", NAME_SIDE}, {"autiasp", NAME_SIDE}, {"autiaz", NAME_SIDE}, {"autib1716", NAME_SIDE},
    {"autibsp", NAME_SIDE}, {"autibz", NAME_SIDE}, {"bti", NAME_BARRIER}, {"clrex", NAME_BARRIER},
    {"csdb", NAME_BARRIER}, {"dgh", NAME_BARRIER}, {"dmb", NAME_BARRIER}, {"dsb", NAME_BARRIER},
    {"eret", NAME_SIDE}, {"eretaa", NAME_SIDE}, {"eretab", NAME_SIDE}, {"esb", NAME_BARRIER},
    {"hint", NAME_BARRIER}, {"isb", NAME_BARRIER}, {"ldapur", NAME_NOSIDE}, {"ldapurb", NAME_NOSIDE},
    {"ldapurh", NAME_NOSIDE}, {"nop", NAME_BARRIER}, {"pacia1716", NAME_SIDE}, {"paciasp", NAME_SIDE},
    {"paciaz", NAME_SIDE}, {"pacib1716", NAME_SIDE}, {"pacibsp", NAME_SIDE}, {"pacibz", NAME_SIDE},
    {"pssbb", NAME_BARRIER}, {"ret", NAME_SIDE}, {"retaa", NAME_SIDE}, {"retab", NAME_SIDE},
    {"sev", NAME_BARRIER}, {"sevl", NAME_BARRIER}, {"ssbb", NAME_BARRIER}, {"wfe", NAME_BARRIER},
    {"wfi", NAME_BARRIER}, {"xpaclri", NAME_SIDE}, {"yield", NAME_BARRIER},
};

static int named_cmp(const void *key, const void *row)
{
    return strcmp(key, ((const NamedFlags *)row)->name);
}

/* NAME_BARRIER: the barriers, exclusives' clrex and hints (MayLoad MayStore U); NAME_SIDE: the
 * pointer-authentication hints and returns (U only); NAME_NOSIDE: ldapur[b|h] (no U) */
static int name_class(const char *m)
{
    const NamedFlags *r = bsearch(m, named, sizeof named / sizeof *named, sizeof *named, named_cmp);
    return r ? r->cls : NAME_OTHER;
}

/* the LSE atomic memory operations ld<op>[a][l][b|h] and their st<op> aliases */
static bool lse_op(const char *m)
{
    static const char *const ops[] = {"add", "clr", "eor", "set", "smax", "smin", "umax", "umin", NULL};
    if (m[0] != 'l' && m[0] != 's')
        return false;
    if (m[1] != (m[0] == 'l' ? 'd' : 't'))
        return false;
    for (const char *const *o = ops; *o; o++)
        if (starts(m + 2, *o))
            return true;
    return false;
}

void mca_inst_flags(const A64Inst *a, bool *may_load, bool *may_store, bool *side)
{
    *may_load = a->mem.kind == A64_MEM_LOAD || a->mem.kind == A64_MEM_LOADSTORE;
    *may_store = a->mem.kind == A64_MEM_STORE || a->mem.kind == A64_MEM_LOADSTORE;
    *side = (a->sys & (A64_SYS_BARRIER | A64_SYS_SYSTEM)) != 0;
    const char *m = a->mnem_name ? a->mnem_name : "";
    int cls = name_class(m);
    bool excl = (a->sys & A64_SYS_EXCLUSIVE) != 0 ||
                (m[0] == 'l' && m[1] == 'd' && (starts(m + 2, "xr") || starts(m + 2, "axr") || starts(m + 2, "xp") || starts(m + 2, "axp"))) ||
                (m[0] == 's' && m[1] == 't' && (starts(m + 2, "xr") || starts(m + 2, "lxr") || starts(m + 2, "xp") || starts(m + 2, "lxp")));
    if (excl || cls == NAME_BARRIER || starts(m, "cas") || lse_op(m)) {
        *may_load = *may_store = *side = true;
    } else if (starts(m, "swp")) {
        *may_load = *may_store = true;
        *side = false;
    } else if (starts(m, "stlur") || cls == NAME_NOSIDE) {
        *side = false;
    } else if (starts(m, "ldapurs")) {
        *may_load = false;
        *side = true;
    } else if (cls == NAME_SIDE || starts(m, "prfm") || starts(m, "prfum")) {
        *may_load = *may_store = false;
        *side = true;
    } else if (!strcmp(m, "dc") && a->nops > 0 && a->ops[0].kind == A64_OP_NAMED && a->ops[0].u.named &&
               !strcasecmp(a->ops[0].u.named, "zva")) {
        *may_store = false;
        *side = true;
    }
}

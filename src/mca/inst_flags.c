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

#include <string.h>
#include <strings.h>

static bool starts(const char *s, const char *p)
{
    return strncmp(s, p, strlen(p)) == 0;
}

static bool one_of(const char *s, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(s, *list))
            return true;
    return false;
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
    static const char *const all3[] = {"clrex", "dmb", "dsb", "isb", "ssbb", "pssbb", "nop", "yield", "wfe",
                                       "wfi", "sev", "sevl", "bti", "esb", "dgh", "csdb", "hint", NULL};
    static const char *const pac_hints[] = {"paciasp", "pacibsp", "autiasp", "autibsp", "paciaz", "pacibz",
                                            "autiaz", "autibz", "pacia1716", "pacib1716", "autia1716",
                                            "autib1716", "xpaclri", NULL};
    static const char *const side_only[] = {"ret", "retaa", "retab", "eret", "eretaa", "eretab", NULL};
    bool excl = (a->sys & A64_SYS_EXCLUSIVE) != 0 ||
                (m[0] == 'l' && m[1] == 'd' && (starts(m + 2, "xr") || starts(m + 2, "axr") || starts(m + 2, "xp") || starts(m + 2, "axp"))) ||
                (m[0] == 's' && m[1] == 't' && (starts(m + 2, "xr") || starts(m + 2, "lxr") || starts(m + 2, "xp") || starts(m + 2, "lxp")));
    if (excl || one_of(m, all3) || starts(m, "cas") || lse_op(m)) {
        *may_load = *may_store = *side = true;
    } else if (starts(m, "swp")) {
        *may_load = *may_store = true;
        *side = false;
    } else if (starts(m, "stlur") || !strcmp(m, "ldapur") || !strcmp(m, "ldapurb") || !strcmp(m, "ldapurh")) {
        *side = false;
    } else if (starts(m, "ldapurs")) {
        *may_load = false;
        *side = true;
    } else if (one_of(m, pac_hints) || one_of(m, side_only) || starts(m, "prfm") || starts(m, "prfum")) {
        *may_load = *may_store = false;
        *side = true;
    } else if (!strcmp(m, "dc") && a->nops > 0 && a->ops[0].kind == A64_OP_NAMED && a->ops[0].u.named &&
               !strcasecmp(a->ops[0].u.named, "zva")) {
        *may_store = false;
        *side = true;
    }
}

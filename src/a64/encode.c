/* encode.c — the 32-bit A64 word of a parsed instruction.
 *
 * Every instruction word is an affine function over GF(2) of the bits of its operands' values:
 * register numbers, immediates (sometimes negated or less one), element indexes, extend and shift
 * kinds, the logical-immediate N:immr:imms, the fp8 code ...  The operand values and the
 * discrete choices (register widths, arrangements, named options: the variant key) are read here
 * from the parsed operands; which word bits each value bit sets is data (src/a64/enc/{variants,layouts}.tsv,
 * learned from llvm-mc by tools/enc-learn.c and checked against it by tests/sh/enc-llvm.sh),
 * compiled into isa.c by tools/gen-isa.c.  A row or a variant without a learned layout, or a value
 * outside the range the layout was learned on, has no word: a64_encode says so, never guesses.
 * Symbols and relocations (b label, adrp x0, sym, :lo12:sym) leave their fields zero, as
 * llvm-mca prints a fixup.
 */
#include "a64/internal.h"

#include <string.h>

static bool gpr_kind(int k)
{
    return k == P_W || k == P_X || k == P_R || k == P_WSP || k == P_XSP || k == P_RSP || k == P_SP;
}

static int shift_code(int sh)   /* lsl lsr asr ror = 0..3 */
{
    switch (sh) {
    case A64_SH_LSR: return 1;
    case A64_SH_ASR: return 2;
    case A64_SH_ROR: return 3;
    default: return 0;
    }
}

static int extend_code(int e, bool is64)   /* uxtb..uxtx = 0..3, sxtb..sxtx = 4..7 */
{
    switch (e) {
    case A64_SH_UXTB: return 0;
    case A64_SH_UXTH: return 1;
    case A64_SH_UXTW: return 2;
    case A64_SH_UXTX: return 3;
    case A64_SH_SXTB: return 4;
    case A64_SH_SXTH: return 5;
    case A64_SH_SXTW: return 6;
    case A64_SH_SXTX: return 7;
    default: return is64 ? 3 : 2;   /* none / lsl */
    }
}

/* index (1-based) of `s` in the list "a|b|c", 0 when absent */
static int list_index(const char *list, const char *s)
{
    int k = 1;
    for (const char *p = list; *p; k++) {
        const char *e = strchr(p, '|');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        size_t i = 0;
        while (i < n && s[i] && ascii_lower(s[i]) == p[i]) i++;
        if (i == n && !s[i]) return k;
        if (!e) break;
        p = e + 1;
    }
    return 0;
}

static const char *ident(const A64Operand *o)
{
    if (o->kind == A64_OP_NAMED) return o->u.named;
    if (o->kind == A64_OP_SYSREG) return o->u.sysreg.name;
    if (o->kind == A64_OP_LABEL && o->u.label.sym && !o->u.label.is_dot && o->u.label.numeric < 0) return o->u.label.sym;
    return NULL;
}

static void put(A64EncVals *out, int64_t v, int bits)
{
    if (out->n < A64_ENC_MAXV) {
        out->v[out->n] = v;
        out->bits[out->n] = (uint8_t)bits;
    }
    out->n++;
}

static int reloc_hw(const char *reloc)   /* :abs_g1: -> 1 ... */
{
    const char *g = reloc ? strstr(reloc, "_g") : NULL;
    return g && g[2] >= '0' && g[2] <= '3' ? g[2] - '0' : 0;
}

bool a64_enc_values(const A64Inst *in, const A64Row *r, uint32_t tsel, A64EncVals *out)
{
    memset(out, 0, sizeof *out);
    if (in->nops != r->nops) return false;
    if (in->cond != A64_COND_NONE) put(out, in->cond, 4);
    int64_t prev = 0;
    const bool casp = !strncmp(r->mnem, "casp", 4);
    for (int i = 0; i < r->nops; i++) {
        const A64Pat *p = &r->ops[i];
        const A64Operand *o = &in->ops[i];
        uint8_t *key = &out->key[i];
        int t = (int)(tsel >> (3 * i) & 7);
        if (gpr_kind(p->kind) || p->kind == P_REXT) {
            if (o->kind != A64_OP_GPR) return false;
            *key = (uint8_t)(1 + o->u.gpr.is64);
            if (casp && (i == 1 || i == 3)) {   /* the second register of a casp pair is implied */
                put(out, o->u.gpr.num - in->ops[i - 1].u.gpr.num - 1, 1);
                continue;
            }
            put(out, o->u.gpr.num, 5);
            if (p->kind == P_REXT) {
                put(out, extend_code(o->shift, o->u.gpr.is64), 3);
                put(out, o->shift_amount, 3);
            } else if (p->set) {
                put(out, shift_code(o->shift), 2);
                put(out, o->shift_amount, 6);
            }
            continue;
        }
        switch (p->kind) {
        case P_FSCALAR: case P_VEC: case P_ELEM:
            if (o->kind != A64_OP_VREG) return false;
            *key = (uint8_t)(1 + o->u.vreg.shape);
            put(out, o->u.vreg.num, 5);
            if (p->kind == P_ELEM) put(out, o->u.vreg.index, 4);
            break;
        case P_LIST: case P_ELIST:
            if (o->kind != A64_OP_VLIST) return false;
            *key = (uint8_t)(o->u.vlist.shape | o->u.vlist.count << 5);
            put(out, o->u.vlist.first, 5);
            if (p->kind == P_ELIST) put(out, o->u.vlist.index, 4);
            break;
        case P_IMM: case P_RANGE: case P_SHAMT: case P_LSB: case P_WIDTH: {
            if (o->kind != A64_OP_IMM) return false;
            int64_t v = o->u.imm.value;
            switch (t) {
            case A64_ENC_T_V: put(out, v, 16); break;
            case A64_ENC_T_NEG: put(out, -v, 8); break;
            case A64_ENC_T_M1: put(out, v - 1, 8); break;
            case A64_ENC_T_SUM: put(out, v + prev - 1, 8); break;
            default: put(out, v, 16); put(out, -v, 8); break;
            }
            prev = v;
            break;
        }
        case P_ZERO: case P_FZERO:
            break;
        case P_AIMM: case P_AIMMSH: {
            if (o->kind != A64_OP_IMM) return false;
            bool rel = o->u.imm.reloc || o->u.imm.sym;
            int64_t v = rel ? 0 : o->u.imm.value;
            if (p->kind == P_AIMMSH && o->shift == A64_SH_NONE) v >>= 12;
            put(out, v, 12);
            if (p->kind == P_AIMM)   /* :tprel_hi12:sym alone sets the shift, as llvm does */
                put(out, rel && o->u.imm.reloc && strstr(o->u.imm.reloc, "hi12") != NULL, 1);
            break;
        }
        case P_BIMM: case P_NBIMM: {
            if (o->kind != A64_OP_IMM) return false;
            int sz = 32;
            for (int k = 0; k < r->nops; k++)
                if (in->ops[k].kind == A64_OP_GPR) { sz = in->ops[k].u.gpr.is64 ? 64 : 32; break; }
            uint64_t u = (uint64_t)o->u.imm.value;
            if (p->kind == P_NBIMM) u = sz == 32 ? ~u & 0xffffffffu : ~u;   /* bic #1: and #~1 */
            int f = a64_bitmask_encode(u, sz);
            if (f < 0) return false;
            put(out, f, 13);
            break;
        }
        case P_MOVZ: case P_MOVN: {
            if (o->kind != A64_OP_IMM) return false;
            bool is64 = in->ops[0].kind == A64_OP_GPR && in->ops[0].u.gpr.is64;
            uint64_t u = (uint64_t)o->u.imm.value;
            if (p->kind == P_MOVN) u = ~u;
            if (!is64) u &= 0xffffffffu;
            int hw = 0;
            while (hw < 3 && (u & ~((uint64_t)0xffff << 16 * hw))) hw++;
            if (u & ~((uint64_t)0xffff << 16 * hw)) return false;
            put(out, hw, 2);
            put(out, (int64_t)(u >> 16 * hw & 0xffff), 16);
            break;
        }
        case P_MOV16: {
            if (o->kind != A64_OP_IMM) return false;
            bool rel = o->u.imm.reloc || o->u.imm.sym;
            put(out, o->u.imm.from_mov ? 0 : rel ? reloc_hw(o->u.imm.reloc) : o->shift_amount / 16, 2);
            put(out, rel ? 0 : o->u.imm.value, 16);
            break;
        }
        case P_FIMM8: {
            double d;
            if (o->kind == A64_OP_FIMM) d = o->u.fimm;
            else if (o->kind == A64_OP_IMM) d = (double)o->u.imm.value;
            else return false;
            int c = a64_fp8_encode(d);
            if (c < 0) return false;
            put(out, c, 8);
            break;
        }
        case P_MIMM8:
            if (o->kind != A64_OP_IMM) return false;
            put(out, o->u.imm.value, 8);
            put(out, o->shift_amount / 8, 2);
            break;
        case P_MIMMMSL:
            if (o->kind != A64_OP_IMM) return false;
            put(out, o->u.imm.value, 8);
            put(out, o->shift_amount / 8 - 1, 1);   /* msl #8 / #16 */
            break;
        case P_MIMM64: {
            if (o->kind != A64_OP_IMM) return false;
            int m = 0;
            for (int b = 0; b < 8; b++)
                if ((uint64_t)o->u.imm.value >> 8 * b & 0xff) m |= 1 << b;
            put(out, m, 8);
            break;
        }
        case P_LABEL:   /* a symbol: llvm's fixup leaves the field zero; a pc offset written as a
                           number (b #8) is encoded (p->arg bits: the label's reach) */
            put(out, o->kind == A64_OP_LABEL && o->u.label.pcrel ? o->u.label.dot_offset : 0, p->arg);
            break;
        case P_COND: case P_CONDNAL: {
            int c = -1;
            if (o->kind == A64_OP_COND) c = o->u.cond;
            else if (ident(o)) c = a64_cond_lookup(ident(o), strlen(ident(o)));
            if (c < 0) return false;
            put(out, c, 4);
            break;
        }
        case P_NAMED: {
            const char *s = ident(o);
            int k = s ? list_index(p->str, s) : 0;
            if (!k) return false;
            if (p->str[0] == 'c' && p->str[1] == '0') put(out, k - 1, 4);   /* c0..c15 */
            else *key = (uint8_t)k;
            break;
        }
        case P_SYSOP: {
            const char *s = ident(o);
            const A64Sysop *op = s ? a64_sysop_find(p->str, s) : NULL;
            if (!op) return false;
            put(out, a64_sysop_enc(op), 14);
            break;
        }
        case P_SYSREG: {
            const char *s = ident(o);
            uint32_t enc;
            if (!s || !a64_sysreg_lookup(s, strlen(s), &enc)) return false;
            if (!p->str) put(out, enc, 16);
            break;
        }
        default: {
            if (o->kind != A64_OP_MEM) return false;
            const bool rel = o->u.mem.reloc || o->u.mem.sym;
            const int64_t off = rel ? 0 : o->u.mem.offset;
            const int S = p->arg ? p->arg : 1;
            put(out, o->u.mem.base, 5);
            switch (p->kind) {
            case P_MEM: break;
            case P_MEMOFF: put(out, off / S, 12); break;
            case P_MEMOFF9: case P_MEMPRE9: case P_MEMPOST9: put(out, off, 9); break;
            case P_MEMPAIR: case P_MEMPAIRPRE: case P_MEMPAIRPOST: put(out, off / S, 7); break;
            case P_MEMOFF10: case P_MEMPRE10: put(out, off / S, 10); break;
            case P_MEMREG: case P_MEMSXTX:
                *key = (uint8_t)(1 + o->u.mem.index64);
                put(out, o->u.mem.index, 5);
                put(out, extend_code(o->u.mem.ext, true), 3);
                put(out, o->u.mem.ext_explicit, 1);
                put(out, o->u.mem.ext_amount != 0, 1);
                break;
            case P_MEMPOSTREG: put(out, o->u.mem.post_index, 5); break;
            case P_MEMPOSTIMM: put(out, off, 8); break;
            default: return false;
            }
            break;
        }
        }
    }
    return out->n <= A64_ENC_MAXV;
}

/* movz with a signed TLS group (:tprel_g1:sym): the linker may make it a movn, so llvm leaves
 * the bit that tells them apart zero (its fixMOVZ) */
static bool movz_signed(const A64Inst *in)
{
    static const char *const g[] = {"dtprel_g2", "dtprel_g1", "dtprel_g0", "gottprel_g1", "tprel_g2", "tprel_g1",
                                    "tprel_g0"};
    if (!in->mnem_name || strcmp(in->mnem_name, "movz") || in->nops != 2 || in->ops[1].kind != A64_OP_IMM ||
        !in->ops[1].u.imm.reloc)
        return false;
    for (size_t i = 0; i < ARRAY_LEN(g); i++)
        if (!strcmp(in->ops[1].u.imm.reloc, g[i])) return true;
    return false;
}

bool a64_encode(const A64Inst *in, uint32_t *word, const char **why)
{
    const char *dummy;
    if (!why) why = &dummy;
    int ri = in->row;
    if (ri < 0 || ri >= a64_nrows) { *why = "not a known instruction"; return false; }
    const A64Row *r = &a64_rows[ri];
    int first = a64_row_enc[ri][0], count = a64_row_enc[ri][1];
    if (!count) { *why = "no encoding for this instruction form"; return false; }
    A64EncVals vals;
    uint32_t tsel = a64_enc_layouts[a64_enc_variants[first].layout].tsel;
    if (!a64_enc_values(in, r, tsel, &vals)) { *why = "an operand has no encoding"; return false; }
    for (int k = first; k < first + count; k++) {
        const A64EncVariant *va = &a64_enc_variants[k];
        if (memcmp(va->key, vals.key, A64_ENC_KEY)) continue;
        const A64EncLayout *L = &a64_enc_layouts[va->layout];
        if (L->tsel != tsel) {   /* variants of a row may present immediates differently */
            tsel = L->tsel;
            if (!a64_enc_values(in, r, tsel, &vals)) { *why = "an operand has no encoding"; return false; }
        }
        if (L->nsub != vals.n) break;
        uint32_t w = va->base;
        for (int j = 0; j < vals.n; j++) {
            const A64EncSub *s = &a64_enc_subs[L->sub + j];
            int64_t v = vals.v[j];
            if (v < s->lo || v > s->hi) { *why = "an operand value outside the encoded range"; return false; }
            for (int b = 0; b < s->nbits; b++)
                if ((uint64_t)v >> b & 1) w ^= a64_enc_masks[s->mask + b];
        }
        *word = movz_signed(in) ? w & ~(1u << 30) : w;
        return true;
    }
    *why = "no encoding for this combination of operands";
    return false;
}

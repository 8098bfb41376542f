/* match.c — from parsed operands to a table row: operand checks, semantics, form id.
 *
 * The rows of a mnemonic (src/a64/isa/<name>.tsv via $(B)/gen/isa.c) are tried in order; the first
 * whose every operand pattern accepts the operand wins (the format is documented at the top
 * of src/a64/isa/base.tsv).  While checking, the matcher collects the template variables
 * ({sz}, {T}, {_shift}, ...), then fills reads/writes/mem/branch/sys from the row and expands
 * the form template (interned in the program's arena).  When nothing matches, the error
 * names the operand where the row that got furthest failed, and why.
 */
#include "a64/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const A64Mnem *a64_mnem_find_head(const char *name, size_t n, uint64_t head)
{
    uint32_t mask = (uint32_t)a64_mnem_hash_size - 1, k = a64_mnem_hash_head(head, name, n) & mask;
    for (;;) {
        uint16_t m = a64_mnem_hash[k];
        if (m == 0xffff) return NULL;
        const A64Mnem *x = &a64_mnems[m];
        if (x->len == n && x->head == head && (n <= 8 || !memcmp(x->name + 8, name + 8, n - 8))) return x;
        k = (k + 1) & mask;
    }
}

const A64Mnem *a64_mnem_find(const char *name, size_t n)
{
    return a64_mnem_find_head(name, n, a64_load_le(name, n < 8 ? n : 8));
}

enum { R_OK, R_KIND, R_RANGE, R_SHAPE, R_BITMASK, R_SHIFT, R_INDEX, R_FP, R_COUNT, R_WIDTH,
       R_UNREADABLE, R_UNWRITABLE, R_NEEDREG, R_NOREG,
       /* a name the CPU lacks the feature of (src/a64/sysops.tsv, the PSTATE fields of
        * src/a64/opnames.tsv): refused as llvm refuses it, whatever the operands after it */
       R_SYSFEAT, R_PSTATE };

typedef struct Vars {
    int sz_r, sz_first;      /* width from r/rsp/sp, and of the first GPR */
    int lsb;
    int64_t lo, hi;          /* the range refused: of an immediate (R_RANGE of P_RANGE, P_SHAMT,
                                P_MOV16, P_MIMM8, P_MIMMMSL), of a lane (R_INDEX), of a memory
                                offset (a multiple of `mult`; 1: any) */
    int mult;
    int shift;               /* A64Shift written on an operand */
    int ext, mext;           /* rext extend, memreg extend */
    const char *op;          /* named option / sysreg */
    int n;                   /* vector list count */
    int shapes[A64_MAX_OPS]; /* per operand, A64_V_NONE for non-SIMD */
    int first_simd_shape;
    /* the features of the CPU (gate: the matcher has an env), the row's mnemonic and whether
     * the row names a feature (it gates the instruction: its SYS operations are not gated) */
    bool gate, row_gated;
    A64Features sys;         /* (the system registers', SYS operations' and PSTATE fields': env->sys) */
    const char *mnem;
    int list_bytes;          /* the bytes of the vector lists so far (ld1 {v0.4s, v1.4s}: 32) */
    int row_mem;             /* the row's memory size (ld1r {v0.4s}: 4), 0 = from the lists */
} Vars;

/* whether the instruction has a half-precision operand (h0, v0.4h, v0.h[1]: fullfp16's) */
static bool inst_half(const A64Inst *in)
{
    for (int i = 0; i < in->nops; i++) {
        const A64Operand *o = &in->ops[i];
        if ((o->kind == A64_OP_VREG && a64_shape_elem_bits(o->u.vreg.shape) == 16) ||
            (o->kind == A64_OP_VLIST && a64_shape_elem_bits(o->u.vlist.shape) == 16))
            return true;
    }
    return false;
}

/* whether a CPU of `features` lacks a feature row r needs for `in`; with msg: llvm's message
 * naming those it lacks ("instruction requires: complxnum fullfp16") */
static bool row_lacks(const A64Row *r, const A64Inst *in, A64Features features, char *msg, size_t cap)
{
    bool lacks = false;
    size_t at = msg ? (size_t)snprintf(msg, cap, "instruction requires:") : 0;
    for (int k = 0; k < A64_ROW_MAXFEAT && r->feature[k]; k++) {
        if (a64_features_has_bit(features, r->feature[k] - 1) ||
            (r->feature_h >> k & 1 && !inst_half(in)) || (r->feature_nh >> k & 1 && inst_half(in)))
            continue;
        lacks = true;
        if (msg && at < cap) at += (size_t)snprintf(msg + at, cap - at, " %s", a64_feature_says(r->feature[k] - 1));
    }
    return lacks;
}

/* the Vars of a try of row r */
static void vars_init(Vars *v, const A64Row *r, const A64MatchEnv *env)
{
    memset(v, 0, sizeof *v);
    v->gate = env != NULL;
    v->sys = env ? env->sys : A64_FEATURES_NONE;
    v->row_gated = r->feature[0] != 0;
    v->mnem = r->mnem;
    v->row_mem = r->mem_size;
}

/* a SYS operation's feature: R_SYSFEAT when the CPU lacks it */
static int sysop_feature(const A64Sysop *op, const Vars *v)
{
    return v->gate && !v->row_gated && !a64_features_have_list(v->sys, op->feature) ? R_SYSFEAT : R_OK;
}

static int gpr_width(const A64Operand *o) { return o->u.gpr.is64 ? 64 : 32; }

static bool in_names(const char *s, const char *const *l)
{
    for (; s && *l; l++)
        if (!strcmp(s, *l)) return true;
    return false;
}

/* An expression of symbols where add/sub take an immediate (llvm's isAddSubImm): one that is
 * not a symbol plus a constant (the fixup decides), else the low 12 bits of an address. */
static bool addsub_sym(const A64Operand *o)
{
    static const char *const lo12[] = {"@PAGEOFF", "@TLVPPAGEOFF", "lo12", "dtprel_hi12", "dtprel_lo12", "dtprel_lo12_nc",
                                       "tprel_hi12", "tprel_lo12", "tprel_lo12_nc", "tlsdesc_lo12", "secrel_hi12",
                                       "secrel_lo12", NULL};
    if (o->u.imm.complex) return true;
    if (o->u.imm.reloc && !strcmp(o->u.imm.reloc, "@GOTPAGEOFF")) return o->u.imm.value == 0;
    return in_names(o->u.imm.reloc, lo12);
}

/* ... where movz/movn/movk take one (llvm's isMovWSymbolG0..G3): a 16-bit group of the register
 * (`mov Rd, sym` as movz: any) */
static bool movw_sym(const A64Operand *o, int sz)
{
    static const char *const g[] = {"abs_g3", "abs_g2", "abs_g2_s", "abs_g2_nc", "abs_g1", "abs_g1_s", "abs_g1_nc",
                                    "abs_g0", "abs_g0_s", "abs_g0_nc", "prel_g3", "prel_g2", "prel_g2_nc", "prel_g1",
                                    "prel_g1_nc", "prel_g0", "prel_g0_nc", "tprel_g2", "tprel_g1", "tprel_g1_nc",
                                    "tprel_g0", "tprel_g0_nc", "dtprel_g2", "dtprel_g1", "dtprel_g1_nc", "dtprel_g0",
                                    "dtprel_g0_nc", "gottprel_g1", "gottprel_g0_nc", NULL};
    if (o->u.imm.from_mov) return true;
    const char *r = o->u.imm.reloc;
    if (o->u.imm.complex || !in_names(r, g)) return false;
    return sz == 64 || strstr(r, "_g0") || strstr(r, "_g1");
}

/* ... in a memory operand's scaled offset (llvm's isSymbolicUImm12Offset) */
static bool uimm12_sym(const A64Operand *o)
{
    static const char *const lo12[] = {"@PAGEOFF", "lo12", "got_lo12", "dtprel_lo12", "dtprel_lo12_nc", "tprel_lo12",
                                       "tprel_lo12_nc", "gottprel_lo12", "tlsdesc_lo12", "secrel_lo12",
                                       "secrel_hi12", "gotpage_lo15", NULL};
    static const char *const whole[] = {"@GOTPAGEOFF", "@TLVPPAGEOFF", NULL};   /* (no constant added) */
    if (o->u.mem.complex) return true;
    if (in_names(o->u.mem.reloc, whole)) return o->u.mem.offset == 0;
    return in_names(o->u.mem.reloc, lo12);
}

static int tie_width(Vars *v, int w)
{
    if (!v->sz_r) { v->sz_r = w; return R_OK; }
    return v->sz_r == w ? R_OK : R_WIDTH;
}

static int cur_sz(const Vars *v) { return v->sz_r ? v->sz_r : v->sz_first ? v->sz_first : 64; }

static bool is_ident(const A64Operand *o)
{
    return o->kind == A64_OP_LABEL && o->u.label.sym && !o->u.label.is_dot && o->u.label.numeric < 0 &&
           o->u.label.dot_offset == 0;
}

static bool ieq_list(const char *list, const char *s)
{
    size_t n = strlen(s);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, '|');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == n) {
            size_t i;
            for (i = 0; i < n; i++)
                if ((p[i] | 0x20) != (s[i] | 0x20)) break;
            if (i == n) return true;
        }
        if (!e) break;
        p = e + 1;
    }
    return false;
}

static int elem_index_max(int shape)
{
    switch (shape) {
    case A64_V_4B: case A64_V_2H: return 3;
    case A64_V_ELEM_B: return 15;
    case A64_V_ELEM_H: return 7;
    case A64_V_ELEM_S: return 3;
    default: return 1;
    }
}

static int log2i(int s) { int k = 0; while ((1 << k) < s) k++; return k; }

/* one operand against one pattern */
static int check(const A64Pat *p, A64Operand *o, int idx, Vars *v)
{
    v->shapes[idx] = A64_V_NONE;
    if (o->kind == A64_OP_GPR && !v->sz_first) v->sz_first = gpr_width(o);
    switch (p->kind) {
    case P_W: case P_X: case P_R: {
        if (o->kind != A64_OP_GPR || o->u.gpr.is_sp) return R_KIND;
        int w = gpr_width(o);
        if (p->kind == P_W && w != 32) return R_KIND;
        if (p->kind == P_X && (w != 64 || (p->arg && o->u.gpr.num != p->arg - 1))) return R_KIND;
        if (p->kind == P_R && tie_width(v, w)) return R_WIDTH;
        if (o->shift != A64_SH_NONE) {
            if (!(p->set & (1u << o->shift))) return R_SHIFT;
            if (o->shift_amount >= w) return R_RANGE;
            /* lsl #0 is the unshifted instruction (the same word): its form, not the shifted one */
            if (o->shift != A64_SH_LSL || o->shift_amount) v->shift = o->shift;
        }
        return R_OK;
    }
    case P_WSP: case P_XSP: case P_RSP: case P_SP: {
        if (o->kind != A64_OP_GPR || o->shift != A64_SH_NONE) return o->kind == A64_OP_GPR ? R_SHIFT : R_KIND;
        if (o->u.gpr.num == 31 && !o->u.gpr.is_sp) return R_KIND;
        if (p->kind == P_SP && !o->u.gpr.is_sp) return R_KIND;
        int w = gpr_width(o);
        if (p->kind == P_WSP && w != 32) return R_KIND;
        if (p->kind == P_XSP && w != 64) return R_KIND;
        if ((p->kind == P_RSP || p->kind == P_SP) && tie_width(v, w)) return R_WIDTH;
        return R_OK;
    }
    case P_REXT: {
        if (o->kind != A64_OP_GPR || o->u.gpr.is_sp) return R_KIND;
        int sz = cur_sz(v), w = gpr_width(o), e = o->shift;
        if (e == A64_SH_NONE || e == A64_SH_LSL) {
            if (w != sz) return R_KIND;
            e = sz == 64 ? A64_SH_UXTX : A64_SH_UXTW;
        } else if (e == A64_SH_UXTX || e == A64_SH_SXTX) {
            /* x in a 64-bit row; a w register in a 32-bit row only where the row names the
             * extend (rext:uxtx: no form of its own, as llvm-mc accepts it) */
            if (w != sz || (sz == 32 && !(p->set & (1u << e)))) return R_KIND;
        } else if (e >= A64_SH_UXTB) {
            if (w != 32) return R_KIND;
        } else return R_SHIFT;
        if (p->set && !(p->set & (1u << e))) return R_SHIFT;
        if (o->shift_amount > 4) return R_RANGE;
        v->ext = e;
        return R_OK;
    }
    case P_FSCALAR: case P_VEC: case P_ELEM: {
        if (o->kind != A64_OP_VREG) return R_KIND;
        int s = o->u.vreg.shape;
        bool elem = o->u.vreg.index >= 0;      /* v0.s[1], or a dot-product group v0.4b[1] */
        if ((p->kind == P_ELEM) != elem) return R_KIND;
        if (p->kind == P_FSCALAR && !(s >= A64_V_B && s <= A64_V_Q)) return R_KIND;
        if (p->kind == P_VEC && !(s >= A64_V_8B && s <= A64_V_4B)) return R_KIND;
        if (!(p->set & (1u << s))) return R_SHAPE;
        if (p->tie && v->shapes[p->tie - 1] != s) return R_SHAPE;
        v->lo = 0;
        v->hi = elem ? elem_index_max(s) : 0;
        if (p->kind == P_ELEM && p->hi >= 0 && p->lo == p->hi) v->lo = v->hi = p->lo;   /* (fmov x0, v0.d[2]) */
        if (elem && o->u.vreg.index > elem_index_max(s)) return R_INDEX;
        if (p->kind == P_ELEM && p->hi >= 0) { v->lo = p->lo; v->hi = p->hi; }
        if (p->kind == P_ELEM && p->hi >= 0 && (o->u.vreg.index < p->lo || o->u.vreg.index > p->hi)) return R_INDEX;
        if (p->kind == P_ELEM && p->arg == 16 && o->u.vreg.num > 15) return R_RANGE;
        v->shapes[idx] = s;
        if (!v->first_simd_shape) v->first_simd_shape = s;
        return R_OK;
    }
    case P_LIST: case P_ELIST: {
        if (o->kind != A64_OP_VLIST) return R_KIND;
        int s = o->u.vlist.shape;
        bool elem = s >= A64_V_ELEM_B;
        if ((p->kind == P_ELIST) != elem) return R_KIND;
        if (p->arg && o->u.vlist.count != p->arg) return R_COUNT;
        if (!(p->set & (1u << s))) return R_SHAPE;
        if (p->tie && v->shapes[p->tie - 1] != s) return R_SHAPE;
        v->lo = 0;
        v->hi = elem ? elem_index_max(s) : 0;
        if (elem && (o->u.vlist.index < 0 || o->u.vlist.index > elem_index_max(s))) return R_INDEX;
        if (!elem && o->u.vlist.index >= 0) return R_KIND;
        v->shapes[idx] = s;
        v->n = o->u.vlist.count;
        v->list_bytes += o->u.vlist.count * a64_shape_bits(s) / 8;
        if (!v->first_simd_shape) v->first_simd_shape = s;
        return R_OK;
    }
    case P_IMM: case P_RANGE: case P_ZERO: case P_SHAMT: case P_LSB: case P_WIDTH:
    case P_MOVZ: case P_MOVN: case P_MIMM64: {
        if (o->kind != A64_OP_IMM || o->u.imm.reloc || o->u.imm.sym) return R_KIND;
        /* (a shift after a number is an operand of its own to llvm: the number is refused first,
         * svc #1, lsl #2 at the lsl) */
        if (o->shift != A64_SH_NONE && (p->kind == P_MOVZ || p->kind == P_MOVN || p->kind == P_ZERO))
            return R_SHIFT;
        if (o->shift != A64_SH_NONE) {
            A64Operand plain = *o;
            plain.shift = A64_SH_NONE;
            int r = check(p, &plain, idx, v);
            return r == R_OK ? R_SHIFT : r;
        }
        int64_t x = o->u.imm.value;
        int sz = cur_sz(v);
        switch (p->kind) {
        case P_RANGE:
            /* (a prefetch operation: llvm keeps the low 32 bits, prfm #0x100000001 is #1) */
            if (p->arg == A64_RANGE_PREFETCH) x = o->u.imm.value = (int64_t)(uint32_t)x;
            v->lo = p->lo; v->hi = p->hi;
            return x >= p->lo && x <= p->hi ? R_OK : R_RANGE;
        case P_ZERO: return x == 0 ? R_OK : R_RANGE;
        case P_SHAMT: v->lo = 0; v->hi = sz - 1; return x >= 0 && x < sz ? R_OK : R_RANGE;
        case P_LSB: if (x < 0 || x >= sz) return R_RANGE; v->lsb = (int)x; return R_OK;
        case P_WIDTH: return x >= 1 && x <= sz - v->lsb ? R_OK : R_RANGE;
        case P_MOVZ: case P_MOVN: {
            /* (of a w register, the low 32 bits, as llvm: mov w0, #0x100000001 is mov w0, #1) */
            uint64_t u = sz == 32 ? (uint64_t)x & 0xffffffffu : (uint64_t)x, z = u;
            if (p->kind == P_MOVN) u = sz == 32 ? (~u & 0xffffffffu) : ~u;
            /* mov #0 / #-1 go to movz */
            if (p->kind == P_MOVN && a64_movz_ok(z, sz)) return R_RANGE;
            return a64_movz_ok(u, sz) ? R_OK : R_RANGE;
        }
        case P_MIMM64: return a64_bytemask_ok((uint64_t)x) ? R_OK : R_RANGE;
        default: return R_OK;
        }
    }
    case P_AIMM: case P_AIMMSH: case P_MOV16: case P_MIMM8: case P_MIMMMSL: {
        if (o->kind != A64_OP_IMM) return R_KIND;
        int64_t x = o->u.imm.value;
        bool rel = o->u.imm.reloc || o->u.imm.sym;
        int sz = cur_sz(v);
        if (p->kind == P_AIMM) {
            if (o->shift != A64_SH_NONE && !(o->shift == A64_SH_LSL && o->shift_amount == 0)) return R_SHIFT;
            if (rel) return addsub_sym(o) ? R_OK : R_KIND;
            return x >= 0 && x <= 4095 ? R_OK : R_RANGE;
        }
        if (rel) {
            if (p->kind == P_AIMMSH)   /* add x0, x1, :tprel_hi12:sym, lsl #12 (TLS) */
                return o->shift == A64_SH_LSL && o->shift_amount == 12 && addsub_sym(o) ? R_OK : R_KIND;
            return p->kind == P_MOV16 && o->shift == A64_SH_NONE && movw_sym(o, sz) ? R_OK : R_KIND;
        }
        if (p->kind == P_AIMMSH) {
            if (o->shift == A64_SH_LSL && o->shift_amount == 12) return x >= 0 && x <= 4095 ? R_OK : R_RANGE;
            if (o->shift != A64_SH_NONE) return R_SHIFT;
            return x > 0 && (x & 0xfff) == 0 && x <= (4095LL << 12) ? R_OK : R_RANGE;
        }
        if (p->kind == P_MOV16) {
            if (o->shift != A64_SH_NONE) {
                if (o->shift != A64_SH_LSL || o->shift_amount % 16 || o->shift_amount >= sz) return R_SHIFT;
            }
            v->lo = 0;
            v->hi = 65535;
            return x >= 0 && x <= 65535 ? R_OK : R_RANGE;
        }
        v->lo = 0;
        v->hi = 255;
        if (x < 0 || x > 255) return R_RANGE;
        if (p->kind == P_MIMMMSL) {
            if (o->shift != A64_SH_MSL || (o->shift_amount != 8 && o->shift_amount != 16)) return R_SHIFT;
            v->shift = A64_SH_MSL;
            return R_OK;
        }
        if (o->shift != A64_SH_NONE) {    /* (movi v0.16b, #1: none, not even lsl #0, as llvm) */
            int eb = v->first_simd_shape ? a64_shape_elem_bits(v->first_simd_shape) : 32;
            if (o->shift != A64_SH_LSL || o->shift_amount % 8 || o->shift_amount >= eb || eb == 8) return R_SHIFT;
            if (o->shift_amount) v->shift = A64_SH_LSL;   /* (lsl #0: the unshifted word) */
        }
        return R_OK;
    }
    case P_BIMM: case P_NBIMM: {   /* (nbimm: its complement, bic w0, w1, #1 = and #0xfffffffe) */
        if (o->kind != A64_OP_IMM || o->u.imm.reloc || o->u.imm.sym) return R_KIND;
        if (o->shift != A64_SH_NONE) {   /* (and x0, x1, #1, lsl #2: the number first, as above) */
            A64Operand plain = *o;
            plain.shift = A64_SH_NONE;
            int r = check(p, &plain, idx, v);
            return r == R_OK ? R_SHIFT : r;
        }
        int sz = cur_sz(v);
        if (sz == 32 && (o->u.imm.value < -(int64_t)0x80000000LL || o->u.imm.value > (int64_t)0xffffffffLL)) return R_BITMASK;
        uint64_t u = (uint64_t)o->u.imm.value;
        if (p->kind == P_NBIMM) u = sz == 32 ? ~u & 0xffffffffu : ~u;
        return a64_bitmask_ok(u, sz) ? R_OK : R_BITMASK;
    }
    case P_FZERO:
        if (o->kind == A64_OP_FIMM) return o->u.fimm == 0.0 ? R_OK : R_FP;
        if (o->kind == A64_OP_IMM && !o->u.imm.reloc && !o->u.imm.sym && o->shift == A64_SH_NONE)
            return o->u.imm.value == 0 ? R_OK : R_FP;
        return R_KIND;
    case P_FIMM8:
        if (o->kind == A64_OP_FIMM) return a64_fp8_ok(o->u.fimm) ? R_OK : R_FP;
        if (o->kind == A64_OP_IMM && !o->u.imm.reloc && !o->u.imm.sym && o->shift == A64_SH_NONE)
            return a64_fp8_ok((double)o->u.imm.value) ? R_OK : R_FP;
        return R_KIND;
    case P_LABEL:
        if (o->kind == A64_OP_LABEL) return o->shift == A64_SH_NONE ? R_OK : R_SHIFT;
        if (o->kind == A64_OP_IMM && (o->u.imm.reloc || o->u.imm.sym) && o->shift == A64_SH_NONE) return R_OK;
        return R_KIND;
    case P_COND: case P_CONDNAL: {
        int c;
        if (o->kind == A64_OP_COND) c = o->u.cond;
        else if (is_ident(o)) {
            c = a64_cond_lookup(o->u.label.sym, strlen(o->u.label.sym));
            if (c < 0) return R_KIND;
        } else return R_KIND;
        if (p->kind == P_CONDNAL && c >= A64_COND_AL) return R_RANGE;
        return R_OK;
    }
    case P_NAMED: {
        const char *s = o->kind == A64_OP_NAMED ? o->u.named : is_ident(o) ? o->u.label.sym : NULL;
        if (!s || !ieq_list(p->str, s)) return R_KIND;
        v->op = s;
        if (p->arg == A64_NAMED_SYSOP) {          /* sysname: SYS operations of the mnemonic */
            const A64Sysop *op = a64_sysop_find(v->mnem, s);
            return op ? sysop_feature(op, v) : R_OK;
        }
        if (p->arg == A64_NAMED_PSTATE && v->gate) {   /* pstate: PSTATE fields */
            const A64Opname *f = a64_opname_named("pstate", s);
            if (f && !a64_features_have_list(v->sys, f->feature)) return R_PSTATE;
        }
        return R_OK;
    }
    case P_SYSREG: {
        const char *s = o->kind == A64_OP_SYSREG ? o->u.sysreg.name : is_ident(o) ? o->u.label.sym : NULL;
        uint32_t enc, want;
        /* llvm refuses a name it does not know, of the other direction only or of a feature
         * the CPU lacks with one message: expected readable (writable) system register */
        int refused = p->arg ? R_UNWRITABLE : R_UNREADABLE;
        if (!s) return R_KIND;
        if (!a64_sysreg_lookup(s, strlen(s), &enc)) return refused;
        if (!a64_sysreg_access_ok(s, strlen(s), p->arg, v->gate ? &v->sys : NULL)) return refused;
        if (p->str) {
            if (!a64_sysreg_lookup(p->str, strlen(p->str), &want) || want != enc) return R_KIND;
            v->op = p->str;
        } else v->op = s;
        return R_OK;
    }
    case P_SYSOP: {
        const char *s = o->kind == A64_OP_NAMED ? o->u.named : is_ident(o) ? o->u.label.sym : NULL;
        const A64Sysop *op = s ? a64_sysop_find(p->str, s) : NULL;
        if (!op) return R_KIND;
        if (sysop_feature(op, v) != R_OK) return R_SYSFEAT;   /* (llvm: before the register) */
        if (p->arg ? op->reg[0] == 'n' : op->reg[0] == 'y') return p->arg ? R_NOREG : R_NEEDREG;
        v->op = s;
        return R_OK;
    }
    default:
        break;
    }
    /* memory */
    if (o->kind != A64_OP_MEM) return R_KIND;
#define m (&o->u.mem)
    bool rel = m->reloc || m->sym;
    int64_t off = m->offset;
    int S = p->arg;
    switch (p->kind) {
    case P_MEM:
        return m->mode == A64_AM_OFFSET && !m->has_index && !m->has_offset && !rel ? R_OK : R_KIND;
    case P_MEMOFF:
        if (m->mode != A64_AM_OFFSET || m->has_index) return R_KIND;
        if (rel) return uimm12_sym(o) ? R_OK : R_KIND;
        v->lo = 0; v->hi = 4095 * S; v->mult = S;
        return off >= 0 && off <= 4095 * S && off % S == 0 ? R_OK : R_RANGE;
    case P_MEMOFF9:
        if (m->mode != A64_AM_OFFSET || m->has_index || rel) return R_KIND;
        v->lo = -256; v->hi = 255; v->mult = 1;
        return off >= -256 && off <= 255 ? R_OK : R_RANGE;
    case P_MEMPRE9: case P_MEMPOST9:
        if (m->mode != (p->kind == P_MEMPRE9 ? A64_AM_PRE : A64_AM_POST) || m->post_reg || m->has_index || rel) return R_KIND;
        if (!m->has_offset) return R_RANGE;           /* [base]! (only ldraa/ldrab take it) */
        v->lo = -256; v->hi = 255; v->mult = 1;
        return off >= -256 && off <= 255 ? R_OK : R_RANGE;
    case P_MEMPAIR: case P_MEMPAIRPRE: case P_MEMPAIRPOST: {
        int mode = p->kind == P_MEMPAIR ? A64_AM_OFFSET : p->kind == P_MEMPAIRPRE ? A64_AM_PRE : A64_AM_POST;
        if (m->mode != mode || m->has_index || m->post_reg || rel) return R_KIND;
        if (!m->has_offset && mode == A64_AM_PRE) return R_RANGE;
        v->lo = -64 * S; v->hi = 63 * S; v->mult = S;
        return off >= -64 * S && off <= 63 * S && off % S == 0 ? R_OK : R_RANGE;
    }
    case P_MEMOFF10: case P_MEMPRE10:   /* ldraa/ldrab: a 10-bit signed offset counting S bytes; [base]! too */
        if (m->mode != (p->kind == P_MEMOFF10 ? A64_AM_OFFSET : A64_AM_PRE) || m->has_index || rel) return R_KIND;
        v->lo = -512 * S; v->hi = 511 * S; v->mult = S;
        return off >= -512 * S && off <= 511 * S && off % S == 0 ? R_OK : R_RANGE;
    case P_MEMREG: case P_MEMSXTX: {
        if (m->mode != A64_AM_OFFSET || !m->has_index) return R_KIND;
        int e = m->ext;
        if (p->set && !(p->set & (1u << e))) return R_KIND;
        if (e == A64_SH_NONE || e == A64_SH_LSL || e == A64_SH_SXTX) { if (!m->index64) return R_KIND; }
        else if (e == A64_SH_UXTW || e == A64_SH_SXTW) { if (m->index64) return R_KIND; }
        else return R_KIND;   /* (uxtx, uxtb ...: llvm's "expected 'lsl' or 'sxtx' ...", prfm's too) */
        if (e == A64_SH_LSL && !m->ext_explicit) return R_SHIFT;
        if (m->ext_explicit && m->ext_amount != 0 && m->ext_amount != log2i(S)) return R_RANGE;
        if (S == 1 && e == A64_SH_LSL && m->ext_amount != 0) return R_RANGE;
        v->mext = e;
        return R_OK;
    }
    case P_MEMPOSTREG:
        return m->mode == A64_AM_POST && m->post_reg ? R_OK : R_KIND;
    case P_MEMPOSTIMM:   /* the immediate is the bytes transferred (llvm-mc and GNU as refuse others) */
        if (m->mode != A64_AM_POST || m->post_reg) return R_KIND;
        return off == (v->row_mem ? v->row_mem : v->list_bytes) ? R_OK : R_RANGE;
    default:
        return R_KIND;
    }
#undef m
}

/* ---- semantics ---- */
static void add_use(A64RegUse *u, uint8_t *n, int max, int reg, int opnd, int bits)
{
    if (*n >= max) return;
    u[*n].reg = (uint8_t)reg;
    u[*n].opnd = (uint8_t)opnd;
    u[*n].bits = (uint8_t)bits;
    (*n)++;
}

static void operand_uses(const A64Operand *o, int opnd, A64RegUse *u, uint8_t *n, int max, bool write)
{
    switch (o->kind) {
    case A64_OP_GPR:
        if (o->u.gpr.is_sp) add_use(u, n, max, A64_SP, opnd, gpr_width(o));
        else if (o->u.gpr.num != 31) add_use(u, n, max, o->u.gpr.num, opnd, gpr_width(o));
        break;
    case A64_OP_VREG: {
        int s = o->u.vreg.shape;
        add_use(u, n, max, A64_V0 + o->u.vreg.num, opnd, a64_shape_bits(s));
        break;
    }
    case A64_OP_VLIST:
        for (int i = 0; i < o->u.vlist.count; i++)
            add_use(u, n, max, A64_V0 + (o->u.vlist.first + i) % 32, opnd, a64_shape_bits(o->u.vlist.shape));
        break;
    case A64_OP_MEM:
        if (write) break;
        add_use(u, n, max, o->u.mem.base == 31 ? A64_SP : o->u.mem.base, opnd, 64);
        if (o->u.mem.has_index && o->u.mem.index != 31)
            add_use(u, n, max, o->u.mem.index, opnd, o->u.mem.index64 ? 64 : 32);
        if (o->u.mem.post_reg && o->u.mem.post_index != 31)
            add_use(u, n, max, o->u.mem.post_index, opnd, 64);
        break;
    default:
        break;
    }
}

static int operand_bytes(const A64Operand *o)
{
    switch (o->kind) {
    case A64_OP_GPR: return gpr_width(o) / 8;
    case A64_OP_VREG: return a64_shape_bits(o->u.vreg.shape) / 8;
    case A64_OP_VLIST: return o->u.vlist.count * a64_shape_bits(o->u.vlist.shape) / 8;
    default: return 0;
    }
}

static int operand_nregs(const A64Operand *o)
{
    return o->kind == A64_OP_VLIST ? o->u.vlist.count : (o->kind == A64_OP_GPR || o->kind == A64_OP_VREG);
}

/* ---- forms ---- */
const char *a64_intern(A64MatchEnv *env, const char *s, size_t n)
{
    /* open addressing over env->intern (capacity power of two, half full at most) */
    if ((env->nintern + 1) * 2 > env->capintern) {
        int cap = env->capintern ? env->capintern * 2 : 256;
        const char **t = xcalloc((size_t)cap, sizeof *t);
        for (int i = 0; i < env->capintern; i++) {
            const char *x = env->intern[i];
            if (!x) continue;
            uint32_t k = a64_hash(x, strlen(x)) & (uint32_t)(cap - 1);
            while (t[k]) k = (k + 1) & (uint32_t)(cap - 1);
            t[k] = x;
        }
        free(env->intern);
        env->intern = t;
        env->capintern = cap;
    }
    uint32_t k = a64_hash(s, n) & (uint32_t)(env->capintern - 1);
    while (env->intern[k]) {
        const char *x = env->intern[k];
        if (x[0] == s[0] && !strncmp(x, s, n) && x[n] == 0) return x;
        k = (k + 1) & (uint32_t)(env->capintern - 1);
    }
    const char *x = arena_strndup(env->arena, s, n);
    env->intern[k] = x;
    env->nintern++;
    return x;
}

static void put(char *b, size_t *n, size_t cap, const char *s)
{
    while (*s && *n + 1 < cap) b[(*n)++] = *s++;
}

static void put_upper(char *b, size_t *n, size_t cap, const char *s)
{
    while (*s && *n + 1 < cap) {
        char c = *s++;
        b[(*n)++] = (char)(c >= 'a' && c <= 'z' ? c - 32 : c);
    }
}

static bool target_backward(const A64Inst *in, A64MatchEnv *env)
{
    for (int i = 0; i < in->nops; i++) {
        const A64Operand *o = &in->ops[i];
        if (o->kind != A64_OP_LABEL) continue;
        if (o->u.label.is_dot) return o->u.label.dot_offset <= 0;
        if (o->u.label.numeric >= 0 && o->u.label.dir) return o->u.label.dir == 'b';
        if (o->u.label.sym && env && env->label_defined) return env->label_defined(env->ctx, o->u.label.sym);
        return false;
    }
    return false;
}

/* a key of everything a template can depend on except {op} (rows using {op} are not cached) */
static uint64_t vars_key(const A64Inst *in, const Vars *v, A64MatchEnv *env, const char *t)
{
    uint64_t k = (uint64_t)cur_sz(v) | (uint64_t)v->shift << 8 | (uint64_t)v->ext << 12 |
                 (uint64_t)v->mext << 16 | (uint64_t)v->n << 20 | (uint64_t)v->first_simd_shape << 24;
    for (int i = 0; i < in->nops && i < 4; i++) k |= (uint64_t)v->shapes[i] << (30 + 5 * i);
    if (t) k |= (uint64_t)target_backward(in, env) << 52;
    return k | (uint64_t)1 << 63;
}

static const char *expand(const A64Row *r, const A64Inst *in, const Vars *v, A64MatchEnv *env)
{
    const char *t = r->form;
    if (!t) return NULL;
    if (!(r->tflags & A64_TF_VARS)) return t;
    uint64_t key = 0;
    int ri = (int)(r - a64_rows);
    if (env && !(r->tflags & A64_TF_OP)) {
        if (!env->cache) env->cache = xcalloc((size_t)a64_nrows * 2, sizeof *env->cache);
        key = vars_key(in, v, env, (r->tflags & A64_TF_TAKEN) ? t : NULL);
        if (env->cache[2 * ri].key == key) return env->cache[2 * ri].form;
        if (env->cache[2 * ri + 1].key == key) return env->cache[2 * ri + 1].form;
    }
    char b[128];
    size_t n = 0;
    for (const char *p = t; *p && n + 1 < sizeof b;) {
        if (*p != '{') { b[n++] = *p++; continue; }
        const char *e = strchr(p, '}');
        size_t l = (size_t)(e - p - 1);
        const char *var = p + 1;
        char tmp[16];
        if (l == 2 && !strncmp(var, "sz", 2)) {
            put(b, &n, sizeof b, cur_sz(v) == 32 ? "32" : "64");
        } else if (var[0] == 'T') {
            int s = v->first_simd_shape;
            if (l == 2) s = v->shapes[var[1] - '1'];
            put(b, &n, sizeof b, a64_shape_name(s));
        } else if (l == 1 && var[0] == 'N') {
            tmp[0] = (char)('0' + v->n % 10);
            tmp[1] = 0;
            put(b, &n, sizeof b, tmp);
        } else if (l == 6 && !strncmp(var, "_shift", 6)) {
            if (v->shift) { put(b, &n, sizeof b, "_"); put(b, &n, sizeof b, a64_shift_name(v->shift)); }
        } else if (l == 3 && !strncmp(var, "ext", 3)) {
            put(b, &n, sizeof b, a64_shift_name(v->ext));
        } else if (l == 4 && !strncmp(var, "_ext", 4)) {
            if (v->mext) { put(b, &n, sizeof b, "_"); put(b, &n, sizeof b, a64_shift_name(v->mext)); }
        } else if (l == 2 && !strncmp(var, "op", 2)) {
            put_upper(b, &n, sizeof b, v->op ? v->op : "");
        } else if (l == 5 && !strncmp(var, "taken", 5)) {
            put(b, &n, sizeof b, target_backward(in, env) ? "taken" : "not_taken");
        }
        p = e + 1;
    }
    b[n] = 0;
    if (!env) {
        /* no program to own the string: keep a small static ring (a64_classify without env) */
        static char ring[8][128];
        static int k;
        char *d = ring[k++ & 7];
        memcpy(d, b, n + 1);
        return d;
    }
    const char *f = a64_intern(env, b, n);
    if (key) {
        env->cache[2 * ri + 1] = env->cache[2 * ri];
        env->cache[2 * ri].key = key;
        env->cache[2 * ri].form = f;
    }
    return f;
}

/* turn generic identifiers into the kind the pattern gave them */
static void settle(const A64Pat *p, A64Operand *o)
{
    if (!is_ident(o)) return;
    const char *s = o->u.label.sym;
    if (p->kind == P_COND || p->kind == P_CONDNAL) {
        o->kind = A64_OP_COND;
        o->u.cond = (uint8_t)a64_cond_lookup(s, strlen(s));
    } else if (p->kind == P_NAMED || p->kind == P_SYSOP) {
        o->kind = A64_OP_NAMED;
        o->u.named = s;
    } else if (p->kind == P_SYSREG) {
        uint32_t enc = 0;
        a64_sysreg_lookup(s, strlen(s), &enc);
        o->kind = A64_OP_SYSREG;
        o->u.sysreg.name = s;
        o->u.sysreg.enc = enc;
    }
}

const char *a64_inst_row(const A64Inst *in)
{
    return in->row >= 0 && in->row < a64_nrows ? a64_rows[in->row].src : NULL;
}

const char *a64_inst_note(const A64Inst *in)
{
    return in->row >= 0 && in->row < a64_nrows ? a64_rows[in->row].notes : NULL;
}

static void fill(A64Inst *in, const A64Row *r, const Vars *v, A64MatchEnv *env)
{
    in->nreads = in->nwrites = 0;
    int mem_op = -1;
    for (int i = 0; i < in->nops; i++) {
        settle(&r->ops[i], &in->ops[i]);
        if (in->ops[i].kind == A64_OP_MEM || (r->mem_kind && r->ops[i].kind == P_LABEL)) mem_op = i;
    }
    for (int i = 0; i < in->nops; i++)
        if (r->rd_ops & (1u << (i + 1)))
            operand_uses(&in->ops[i], i + 1, in->reads, &in->nreads, (int)ARRAY_LEN(in->reads), false);
    for (int k = 0; k < r->nrd_imp; k++)
        add_use(in->reads, &in->nreads, (int)ARRAY_LEN(in->reads), r->rd_imp[k], 0,
                r->rd_imp[k] == A64_NZCV ? 4 : 64);
    for (int i = 0; i < in->nops; i++)
        if (r->wr_ops & (1u << (i + 1)))
            operand_uses(&in->ops[i], i + 1, in->writes, &in->nwrites, (int)ARRAY_LEN(in->writes), true);
    for (int k = 0; k < r->nwr_imp; k++)
        add_use(in->writes, &in->nwrites, (int)ARRAY_LEN(in->writes), r->wr_imp[k], 0,
                r->wr_imp[k] == A64_NZCV ? 4 : 64);
    memset(&in->mem, 0, sizeof in->mem);
    if (mem_op >= 0 && in->ops[mem_op].kind == A64_OP_MEM && in->ops[mem_op].u.mem.mode != A64_AM_OFFSET) {
        const A64Operand *o = &in->ops[mem_op];
        add_use(in->writes, &in->nwrites, (int)ARRAY_LEN(in->writes), o->u.mem.base == 31 ? A64_SP : o->u.mem.base, mem_op + 1, 64);
        in->mem.writeback = true;
    }
    if (r->mem_kind) {
        in->mem.kind = r->mem_kind;
        int bytes = 0, nregs = 0;
        for (int i = 0; i < mem_op; i++) {
            bytes += operand_bytes(&in->ops[i]);
            nregs += operand_nregs(&in->ops[i]);
        }
        in->mem.size = (uint16_t)(r->mem_size ? r->mem_size : bytes);
        in->mem.nregs = (uint8_t)nregs;
        in->mem.pair = r->mem_pair;
    }
    in->branch = r->branch;
    in->sys = r->sys;
    in->approx = r->approx;
    in->row = (int32_t)(r - a64_rows);
    in->form = expand(r, in, v, env);
}

static const char *what(const A64Pat *p)
{
    switch (p->kind) {
    case P_W: return "a 32-bit register";
    case P_X: return p->arg ? a64_reg_name(p->arg - 1) : "a 64-bit register";   /* xN: that one */
    case P_R: return "a general-purpose register";
    case P_WSP: case P_XSP: case P_RSP: return "a general-purpose register or sp";
    case P_SP: return "sp";
    case P_REXT: return "an extended register";
    case P_FSCALAR: return "a scalar SIMD&FP register";
    case P_VEC: return "a vector register";
    case P_ELEM: return "a vector element";
    case P_LIST: case P_ELIST: return "a vector list";
    case P_LABEL: return "a label";
    case P_COND: case P_CONDNAL: return "a condition";
    case P_NAMED: return "an option";
    case P_SYSREG: return "a system register";
    case P_SYSOP: return "a system operation";
    default: return p->kind >= P_MEM ? "a memory operand" : "an immediate";
    }
}

/* llvm-mca 19's words for a refusal, where they are not the reason's own (A64MatchError.diag) */
enum { D_NONE, D_ADDSUB, D_LOGICAL, D_FPIMM, D_FZERO, D_INVALID, D_INVALID_POST, D_INVALID_INDEX,
       D_ZEROIDX_INDEX, D_OFFSET9_INDEX, D_OFFSET9_END, D_INVALID_SHIFT, D_INVALID_END, D_INVALID_HASH,
       D_ZEROIDX, D_MOVSHIFT, D_LSL_AFTER, D_COND_NAME, D_COND, D_PREFETCH_HINT, D_POST9, D_LSB, D_WIDTH,
       D_EXTRACT, D_INSERT, D_SHIFTED, D_EXTEND_X, D_EXTEND_W, D_MEMEXT, D_BARRIER, D_PREFETCH, D_ROTATION,
       D_RANGE, D_CREG, D_FEW, D_CONDNAL, D_SYSREG_NO, D_SYSREG_NEED, D_SYSREG_R, D_SYSREG_W, D_BARRIER_NAME,
       D_ISB_NAME, D_LABEL, D_SYSOP, D_OFFSET9, D_COND_SHIFT };
/* (words: which words they are, A64_WORDS_*, for callers that decide on them, never on the text) */
static const struct { const char *fmt; int at, words; } diags[] = {
    [D_ADDSUB] = {"expected compatible register, symbol or integer in range [0, 4095]", A64_AT_OPND},
    [D_LOGICAL] = {"expected compatible register or logical immediate", A64_AT_OPND},
    [D_FPIMM] = {"expected compatible register or floating-point constant", A64_AT_OPND, A64_WORDS_FPIMM},
    [D_FZERO] = {"expected floating-point constant #0.0", A64_AT_NUMBER},
    [D_INVALID] = {"invalid operand for instruction", A64_AT_OPND, A64_WORDS_INVALID},
    [D_INVALID_POST] = {"invalid operand for instruction", A64_AT_POST, A64_WORDS_INVALID},
    [D_INVALID_INDEX] = {"invalid operand for instruction", A64_AT_INDEX, A64_WORDS_INVALID},
    [D_ZEROIDX_INDEX] = {"index must be absent or #0", A64_AT_INDEX},
    [D_OFFSET9_INDEX] = {"index must be an integer in range [-256, 255].", A64_AT_INDEX},
    [D_OFFSET9_END] = {"index must be an integer in range [-256, 255].", A64_AT_END},
    [D_INVALID_SHIFT] = {"invalid operand for instruction", A64_AT_SHIFT, A64_WORDS_INVALID},
    [D_INVALID_END] = {"invalid operand for instruction", A64_AT_END, A64_WORDS_INVALID},
    [D_INVALID_HASH] = {"invalid operand for instruction", A64_AT_HASH, A64_WORDS_INVALID},
    [D_ZEROIDX] = {"index must be absent or #0", A64_AT_CLOSE},
    [D_MOVSHIFT] = {"expected 'lsl' with optional integer %s", A64_AT_SHIFT},
    [D_LSL_AFTER] = {"only 'lsl #+N' valid after immediate", A64_AT_OPND},
    [D_COND_NAME] = {"invalid condition code", A64_AT_OPND},
    [D_COND] = {"expected AArch64 condition code", A64_AT_OPND},
    [D_COND_SHIFT] = {"expected AArch64 condition code", A64_AT_SHIFT},
    [D_PREFETCH_HINT] = {"prefetch hint expected", A64_AT_OPND},
    [D_POST9] = {"index must be an integer in range [-256, 255].", A64_AT_POST},
    [D_LSB] = {"expected integer in range [0, 31]", A64_AT_OPND},           /* (llvm's, whatever the width) */
    [D_WIDTH] = {"expected integer in range [1, 32]", A64_AT_OPND},
    [D_EXTRACT] = {"requested extract overflows register", A64_AT_OPND},
    [D_INSERT] = {"requested insert overflows register", A64_AT_OPND},
    [D_SHIFTED] = {"expected 'lsl', 'lsr' or 'asr' with optional integer in range [0, %s]", A64_AT_SHIFT},
    [D_EXTEND_X] = {"expected 'sxtx' 'uxtx' or 'lsl' with optional integer in range [0, 4]", A64_AT_SHIFT},
    [D_EXTEND_W] = {"expected '[su]xt[bhw]' with optional integer in range [0, 4]", A64_AT_SHIFT},
    [D_MEMEXT] = {"expected %s with optional shift of %s", A64_AT_EXTEND},
    [D_CREG] = {"Expected cN operand where 0 <= N <= 15", A64_AT_OPND},
    [D_FEW] = {"too few operands for instruction", A64_AT_OPND},
    [D_CONDNAL] = {"condition codes AL and NV are invalid for this instruction", A64_AT_END},
    [D_SYSREG_NO] = {"specified %s op does not use a register", A64_AT_TAIL},
    [D_SYSREG_NEED] = {"specified %s op requires a register", A64_AT_TAIL},
    [D_SYSREG_R] = {"expected readable system register", A64_AT_OPND},
    [D_SYSREG_W] = {"expected writable system register or pstate", A64_AT_OPND},
    [D_BARRIER_NAME] = {"invalid barrier option name", A64_AT_OPND},
    [D_ISB_NAME] = {"'sy' or #imm operand expected", A64_AT_OPND},
    [D_LABEL] = {"expected label or encodable integer pc offset", A64_AT_OPND},
    [D_SYSOP] = {"invalid operand for %s instruction", A64_AT_OPND},
    [D_OFFSET9] = {"index must be an integer in range [-256, 255].", A64_AT_HASH},
    [D_BARRIER] = {"barrier operand out of range", A64_AT_NUMBER},
    [D_PREFETCH] = {"prefetch operand out of range, [0,%s] expected", A64_AT_END},
    [D_ROTATION] = {"complex rotation must be %s.", A64_AT_OPND},
    [D_RANGE] = {"immediate must be an integer in range [%s].", A64_AT_OPND, A64_WORDS_IMM_RANGE},
};

/* whether a row of m with nops operands (-1: any number) has pattern kind k at operand i */
static bool rows_have(const A64Mnem *m, int nops, int i, int k)
{
    for (int ri = m->first; ri < m->first + m->count; ri++)
        if ((nops < 0 ? i < a64_rows[ri].nops : a64_rows[ri].nops == nops) && a64_rows[ri].ops[i].kind == k)
            return true;
    return false;
}

/* whether a row of m takes an immediate with an optional `lsl #N` as its operand i (add x0,
 * x1, #1, lsl #12; mov x0, #1): llvm reads such an operand with a parser of its own */
bool a64_takes_shifted_imm(const A64Mnem *m, int i)
{
    return rows_have(m, -1, i, P_AIMM) || rows_have(m, -1, i, P_AIMMSH) || rows_have(m, -1, i, P_MOVZ) ||
           rows_have(m, -1, i, P_MOVN);
}

bool a64_rows_have(const A64Mnem *m, int i, int kind)
{
    return rows_have(m, -1, i, kind);
}

bool a64_rows_take_index_mode(const A64Mnem *m, int i, int mode)
{
    if (mode == A64_AM_PRE)
        return rows_have(m, -1, i, P_MEMPRE9) || rows_have(m, -1, i, P_MEMPAIRPRE) || rows_have(m, -1, i, P_MEMPRE10);
    return rows_have(m, -1, i, P_MEMPOST9) || rows_have(m, -1, i, P_MEMPAIRPOST) ||
           rows_have(m, -1, i, P_MEMPOSTIMM) || rows_have(m, -1, i, P_MEMPOSTREG);
}

/* (the parser's, for an instruction's last two operands; too_many_or_few's, for any two) */
bool a64_join_post(A64Operand *m, const A64Operand *t)
{
    if (m->kind != A64_OP_MEM || m->u.mem.mode != A64_AM_OFFSET || m->u.mem.has_offset || m->u.mem.has_index)
        return false;
    if (t->kind == A64_OP_IMM && !t->u.imm.reloc && !t->u.imm.sym && t->shift == A64_SH_NONE &&
        t->u.imm.value >= -(1 << 24) && t->u.imm.value <= (1 << 24)) {
        m->u.mem.mode = A64_AM_POST;
        m->u.mem.offset = (int32_t)t->u.imm.value;
        m->u.mem.has_offset = true;
        return true;
    }
    if (t->kind == A64_OP_GPR && t->u.gpr.is64 && !t->u.gpr.is_sp && t->shift == A64_SH_NONE) {
        m->u.mem.mode = A64_AM_POST;
        m->u.mem.post_reg = true;
        m->u.mem.post_index = t->u.gpr.num;
        return true;
    }
    return false;
}

static int alias_cmp(const void *key, const void *row)
{
    return strcmp(key, ((const A64Alias *)row)->name);
}

/* the row of src/a64/aliases.tsv of mnemonic (or SYS operation kind) s; NULL: none (the rows
 * are sorted by name: gen-table -s) */
static const A64Alias *alias_of(const char *s)
{
    return bsearch(s, a64_aliases, (size_t)a64_aliases_count, sizeof *a64_aliases, alias_cmp);
}

/* whether row r's address takes an optional #0 in llvm (exclusives, acquires) */
static bool zero_offset(const A64Row *r)
{
    return (r->sys & A64_SYS_EXCLUSIVE) || ((r->sys & A64_SYS_BARRIER) && r->mem_kind == A64_MEM_LOAD);
}

/* whether llvm reads the base of m's address as that of an optional #0 (tryParseGPR64sp0Operand:
 * ldxr, stlxr, ldar, ldapr ... whose rows take a plain [xN]; not ldapur's [x1, #8], nor stlr's) */
bool a64_sp0_rows(const A64Mnem *m)
{
    for (int ri = m->first; ri < m->first + m->count; ri++) {
        const A64Row *r = &a64_rows[ri];
        if (!zero_offset(r)) continue;
        for (int k = 0; k < r->nops; k++)
            if (r->ops[k].kind == P_MEM) return true;
    }
    return false;
}

/* llvm's words for the extend after register o of row r (the first operand sz bits wide): the
 * 32-bit extends for a w register of a 64-bit add or sub, else the 64-bit ones (the rows that
 * set the flags, adds, subs, cmp, cmn, always name those) */
static int extend_diag(const A64Row *r, const A64Operand *o, int sz)
{
    bool flags = false;
    for (int k = 0; k < r->nwr_imp; k++) flags |= r->wr_imp[k] == A64_NZCV;
    return gpr_width(o) == 32 && sz == 64 && !flags ? D_EXTEND_W : D_EXTEND_X;
}

/* whether a row of m takes a post-indexed memory operand as operand i */
static bool post_row(const A64Mnem *m, int i)
{
    return rows_have(m, -1, i, P_MEMPOST9) || rows_have(m, -1, i, P_MEMPAIRPOST) || rows_have(m, -1, i, P_MEMPOSTREG) ||
           rows_have(m, -1, i, P_MEMPOSTIMM);
}

static bool generic(int d);

/* whether operand o is a list: of Neon's vectors, or of z registers where llvm's parser of SVE's
 * lists reads one (a register of SVE or SME its text, src/a64/parse.c: add x0, {z3.s-z4.s}) */
static bool is_list(const A64Operand *o)
{
    return o->kind == A64_OP_VLIST || (o->kind == A64_OP_XREG && o->u.named[0] == '{');
}

/* llvm's words (D_*) for the refusal of operand i by row r (reason why); e->lo, e->hi, e->msg
 * take what they need */
static int llvm_diag(const A64Mnem *m, const A64Row *r, int i, int why, const A64Inst *in, A64MatchError *e)
{
    const A64Pat *p = &r->ops[i];
    const A64Operand *o = &in->ops[i];
    int sz = in->nops && in->ops[0].kind == A64_OP_GPR ? gpr_width(&in->ops[0]) : 64;
    /* a shift after the operand before a condition (ccmp x0, #1, #2, lsl #2; csel x0, x1, x2,
     * lsl #2): an operand of its own to llvm's parser, refused where the condition is */
    e->at_shift = false;
    if (why == R_SHIFT && o->shift != A64_SH_NONE &&
        (rows_have(m, -1, i + 1, P_COND) || rows_have(m, -1, i + 1, P_CONDNAL)))
        return D_COND_SHIFT;
    /* the same before another operand of the row where no form shifts the operand (ccmp x0, #1,
     * lsl #2, #2, eq: the nzcv's "[0, 15]"; extr x0, x1, x2, lsl #2, #3; tbz x0, #1, lsl #2,
     * sym): refused as that operand is, in its words, at the shift */
    bool plain_reg = (p->kind == P_W || p->kind == P_X || p->kind == P_R) && !p->set;
    if (why == R_SHIFT && o->shift != A64_SH_NONE && i + 1 < r->nops && i + 1 < in->nops &&
        (plain_reg || (o->kind == A64_OP_IMM && (p->kind == P_IMM || p->kind == P_RANGE || p->kind == P_SHAMT ||
                                                  p->kind == P_LSB || p->kind == P_WIDTH) &&
                       !a64_takes_shifted_imm(m, i)))) {
        int d = llvm_diag(m, r, i + 1, R_KIND, in, e);
        if (d != D_NONE && d != D_FEW && !generic(d) && diags[d].at == A64_AT_OPND) {
            e->at_shift = true;
            return d;
        }
    }
    /* the same after a row's last operand (mov v0.s[1], w0, lsl #2; dup v0.4s, w0, uxtw): one
     * past the row's operands, at the shift; but a w source of an x (sxtw x0, w1, lsl #1: llvm's
     * GPR32as64, which reads the shift with it) is refused whole */
    bool sp_reg = (p->kind == P_WSP || p->kind == P_XSP || p->kind == P_RSP || p->kind == P_SP) && !p->set;
    if (why == R_SHIFT && o->shift != A64_SH_NONE && (plain_reg || sp_reg) && i + 1 == r->nops &&
        o->kind == A64_OP_GPR && !(i == 1 && in->ops[0].kind == A64_OP_GPR && sz == 64 && gpr_width(o) == 32))
        return D_INVALID_SHIFT;   /* (mov x0, sp, lsl #2 too) */
    /* the same on the last operand given where the row has one more (cbz x0, lsl #1; tbz x0,
     * #1, lsl #1): the shift is that operand to llvm, a label's words where it wants one */
    if (why == R_SHIFT && o->shift != A64_SH_NONE && i + 1 == in->nops && i + 1 < r->nops &&
        r->ops[i + 1].kind == P_LABEL && (plain_reg || o->kind == A64_OP_IMM)) {
        e->at_shift = true;
        return D_LABEL;
    }
    if (why == R_FP && p->kind == P_FZERO)     /* fcmp s0, #1.0; fcmeq d0, d1, #7 */
        return o->kind == A64_OP_FIMM ? D_FZERO : D_INVALID;
    if (why == R_FP) return D_FPIMM;
    if (why == R_KIND && p->kind == P_LABEL) return D_LABEL;   /* b x0 */
    if (why == R_SHIFT && p->kind == P_LABEL) return D_INVALID_SHIFT;   /* b #sym, lsl #2 */
    if (why == R_KIND && p->kind == P_SYSREG && !p->str)   /* mrs x0, x1 */
        return is_list(o) ? D_INVALID : p->arg ? D_SYSREG_W : D_SYSREG_R;
    if (why == R_KIND) {       /* anything where an immediate is taken: the immediate's words */
        switch (p->kind) {
        case P_AIMM: case P_AIMMSH: return D_ADDSUB;
        case P_MOVZ: case P_MOVN: case P_BIMM: case P_NBIMM: return D_LOGICAL;
        case P_FIMM8: return D_FPIMM;
        case P_MOV16:
            snprintf(e->msg, sizeof e->msg, "0, 65535");
            return D_RANGE;
        case P_MIMM8: case P_MIMMMSL:   /* movi v0.4s, x3; bic v0.8h, x3 */
            snprintf(e->msg, sizeof e->msg, "0, 255");
            return D_RANGE;
        default: break;
        }
    }
    if (why == R_KIND && (p->kind == P_COND || p->kind == P_CONDNAL))   /* csel x0, x1, x2, x3 */
        return o->kind == A64_OP_IMM || o->kind == A64_OP_FIMM || o->kind == A64_OP_MEM || is_list(o)
                   ? D_COND : D_COND_NAME;
    if (why == R_KIND && p->kind == P_RANGE && p->arg == A64_RANGE_PREFETCH)   /* prfm x0, [x1] */
        return D_PREFETCH_HINT;
    if (why == R_KIND && p->kind == P_MEMPOST9 && o->kind == A64_OP_MEM && o->u.mem.post_reg) return D_POST9;
    if (why == R_KIND && p->kind == P_SYSOP) {   /* tlbi foo, cfp foo: llvm names the kind (aliases.tsv) */
        const A64Alias *a = alias_of(p->str);
        if (!a || !strcmp(a->says, "-")) return D_INVALID;
        snprintf(e->msg, sizeof e->msg, "%s", a->says);
        return D_SYSOP;
    }
    if (why == R_KIND && o->kind == A64_OP_MEM && o->u.mem.mode == A64_AM_OFFSET && !o->u.mem.has_index &&
        (o->u.mem.reloc || o->u.mem.sym)) {                   /* [x1, sym]: at the offset */
        if (rows_have(m, -1, i, P_MEMOFF9)) return D_OFFSET9;
        if (rows_have(m, -1, i, P_MEMPAIR)) return D_INVALID_HASH;
    }
    if (why == R_KIND && o->kind == A64_OP_MEM && o->u.mem.mode == A64_AM_OFFSET &&
        (o->u.mem.has_index ? p->kind >= P_MEM && p->kind != P_MEMREG && p->kind != P_MEMSXTX
                            : (o->u.mem.reloc || o->u.mem.sym) && (p->kind == P_MEM || p->kind == P_MEMOFF10)))
        /* ldxr x0, [x1, x2], ldar x0, [x1, :lo12:sym]: at the index (llvm: the optional #0) */
        return p->kind == P_MEM && zero_offset(r) ? D_ZEROIDX_INDEX
               : p->kind == P_MEMOFF9             ? D_OFFSET9_INDEX
                                                  : D_INVALID_INDEX;
    if (why == R_KIND && o->kind == A64_OP_MEM && o->u.mem.mode == A64_AM_PRE && !o->u.mem.has_offset &&
        !rows_have(m, in->nops, i, P_MEMPRE9) && !rows_have(m, in->nops, i, P_MEMPAIRPRE) &&
        !rows_have(m, in->nops, i, P_MEMPRE10))
        return D_INVALID_END;                                 /* ldur x0, [x1]!: past the '!' */
    if (why == R_KIND && o->kind == A64_OP_MEM && o->u.mem.mode == A64_AM_POST &&
        (p->kind == P_MEM || p->kind == P_MEMOFF || p->kind == P_MEMOFF9 || p->kind == P_MEMPAIR ||
         p->kind == P_MEMOFF10))
        return D_INVALID_POST;                                /* ldadd w0, w1, [x2], #8: at the #8 */
    if (why == R_NOREG || why == R_NEEDREG) {   /* (the mnemonic's kind of operation: tlbi, dc ...) */
        snprintf(e->msg, sizeof e->msg, "%s", r->mnem);
        return why == R_NOREG ? D_SYSREG_NO : D_SYSREG_NEED;
    }
    /* (a shift after a number no form reads with one: an operand of its own to llvm, refused
     * there: and x0, x1, #1, lsl #2; svc #1, lsl #2) */
    bool plain_imm = p->kind == P_IMM || p->kind == P_RANGE || p->kind == P_SHAMT || p->kind == P_LSB ||
                     p->kind == P_WIDTH || p->kind == P_BIMM || p->kind == P_NBIMM;
    const A64Alias *rw = plain_imm ? alias_of(m->name) : NULL;   /* (lsl x0, x1, #1: a rewrite, not a form) */
    bool rewrite = rw && (!strcmp(rw->rewrite, "shift") || !strcmp(rw->rewrite, "bitfield"));
    if (why == R_SHIFT && plain_imm && !a64_takes_shifted_imm(m, i) && !rewrite) return D_INVALID_SHIFT;
    switch (p->kind) {
    case P_AIMM: case P_AIMMSH:
        return why == R_RANGE || why == R_SHIFT ? D_ADDSUB : D_NONE;
    case P_MOVZ: case P_MOVN: case P_BIMM: case P_NBIMM:
        return why == R_RANGE || why == R_SHIFT || why == R_BITMASK ? D_LOGICAL : D_NONE;
    case P_MIMM64:             /* (movi v0.2d, #0, lsl #8: the shift an operand of its own, at it) */
        return why == R_RANGE ? D_INVALID : why == R_SHIFT ? D_INVALID_SHIFT : D_NONE;
    case P_MIMM8: case P_MIMMMSL: case P_ZERO:   /* (movi v0.4s, #1, lsl #32: the zero row fails first) */
        return why == R_SHIFT && (p->kind != P_ZERO || rows_have(m, in->nops, i, P_MIMM8)) ? D_INVALID_SHIFT : D_NONE;
    case P_NAMED:
        if (why != R_KIND) return D_NONE;
        if (p->str && !strncmp(p->str, "c0|c1|", 6)) return D_CREG;   /* sys #0, c16: the control registers */
        /* a barrier's option (dmb foo, isb foo): where a row takes its number */
        for (int ri = m->first; ri < m->first + m->count; ri++) {
            const A64Pat *q = &a64_rows[ri].ops[i];
            if (a64_rows[ri].nops == in->nops && q->kind == P_RANGE && q->arg == A64_RANGE_BARRIER)
                return o->kind == A64_OP_MEM || is_list(o) ? D_INVALID
                       : strchr(p->str, '|')                            ? D_BARRIER_NAME
                                                                        : D_ISB_NAME;
        }
        return D_NONE;
    case P_CONDNAL:
        return why == R_RANGE ? D_CONDNAL : D_NONE;
    case P_MOV16:
        if (why != R_SHIFT) return D_NONE;
        snprintf(e->msg, sizeof e->msg, "%s", sz == 32 ? "0 or 16" : "0, 16, 32 or 48");
        return D_MOVSHIFT;
    case P_LSB:
        return why == R_RANGE ? D_LSB : D_NONE;
    case P_WIDTH:
        if (why != R_RANGE) return D_NONE;
        if (o->u.imm.value < 1 || o->u.imm.value > sz) return D_WIDTH;
        return p->arg ? D_INSERT : D_EXTRACT;
    case P_REXT:               /* add x0, x1, w2 (lsl #1, uxtx): a w register needs its extend */
        if (why == R_KIND && o->kind == A64_OP_GPR && !o->u.gpr.is_sp && gpr_width(o) == 32 && sz == 64 &&
            (o->shift == A64_SH_NONE || o->shift == A64_SH_LSL || o->shift == A64_SH_UXTX || o->shift == A64_SH_SXTX))
            return o->shift == A64_SH_NONE ? D_FEW : extend_diag(r, o, sz);
        /* fall through */
    case P_W: case P_X: case P_R:
        /* a shift or extend out of range: the extended register's words where a row takes one
         * there (add, sub, cmp), else the shifted register's */
        if ((why != R_RANGE && why != R_SHIFT) || o->kind != A64_OP_GPR || o->shift == A64_SH_NONE) return D_NONE;
        if (p->kind != P_REXT && !p->set) return D_NONE;
        if (rows_have(m, in->nops, i, P_REXT))
            return extend_diag(r, o, sz);
        snprintf(e->msg, sizeof e->msg, "%d", gpr_width(o) - 1);
        return D_SHIFTED;
    case P_RANGE: case P_SHAMT:
        /* (ext's plain immediate; shll's #8, spelled out in llvm's form: no words of their own) */
        if (p->kind == P_RANGE && (why == R_KIND || why == R_RANGE) &&
            (p->arg == A64_RANGE_PLAIN ? why == R_KIND : !p->arg && p->lo == p->hi))
            return D_INVALID;
        if (why == R_RANGE && p->kind == P_RANGE && p->arg == A64_RANGE_BARRIER) return D_BARRIER;
        if (why == R_RANGE && p->kind == P_RANGE && p->arg == A64_RANGE_PREFETCH) {   /* prfm #32; rprfm #64 */
            snprintf(e->msg, sizeof e->msg, "%lld", (long long)p->hi);
            return D_PREFETCH;
        }
        if (why == R_RANGE && p->kind == P_RANGE && p->arg == A64_RANGE_ROTATION) {
            /* the values of the rows (fcmla: 0, 90, 180 or 270) */
            int64_t vals[8];
            int n = 0;
            for (int ri = m->first; ri < m->first + m->count && n < 8; ri++) {
                const A64Pat *q = &a64_rows[ri].ops[i];
                if (a64_rows[ri].nops != in->nops || q->kind != P_RANGE || q->arg != A64_RANGE_ROTATION) continue;
                int k = 0;
                while (k < n && vals[k] != q->lo) k++;
                if (k < n) continue;
                for (k = n++; k > 0 && vals[k - 1] > q->lo; k--) vals[k] = vals[k - 1];
                vals[k] = q->lo;
            }
            size_t l = 0;
            e->msg[0] = 0;
            for (int k = 0; k < n; k++)
                l += (size_t)snprintf(e->msg + l, sizeof e->msg - l, "%s%lld", k == 0 ? "" : k == n - 1 ? " or " : ", ",
                                      (long long)vals[k]);
            return D_ROTATION;
        }
        if (why == R_KIND && p->kind == P_RANGE && p->arg != A64_RANGE_ROTATION && p->arg != A64_RANGE_BARRIER)
            snprintf(e->msg, sizeof e->msg, "%lld, %lld", (long long)p->lo, (long long)p->hi);
        else if (why == R_KIND && p->kind == P_SHAMT)
            snprintf(e->msg, sizeof e->msg, "0, %d", sz - 1);
        else
            return D_NONE;
        return D_RANGE;
    case P_MEMPAIRPRE:
        return why == R_RANGE && !o->u.mem.has_offset ? D_INVALID_END : D_NONE;   /* ldp x0, x1, [x2]! */
    case P_MEMPRE9: {
        if (why == R_RANGE && !o->u.mem.has_offset) return D_OFFSET9_END;        /* ldr x0, [x1]! */
        /* an offset a plain load takes ([x1, #256]!): llvm refuses the '!' */
        int S = r->mem_size ? r->mem_size : 1;
        int64_t off = o->u.mem.offset;
        return why == R_RANGE && o->u.mem.has_offset && off >= 0 && off <= 4095 * S && off % S == 0 ? D_INVALID_END : D_NONE;
    }
    case P_MEM:
        /* an offset where none is taken: llvm's words for a register with an optional #0
         * (exclusives, acquires), else the offset's */
        if (why != R_KIND || o->kind != A64_OP_MEM || o->u.mem.mode != A64_AM_OFFSET || !o->u.mem.has_offset ||
            o->u.mem.has_index || o->u.mem.reloc || o->u.mem.sym)
            return D_NONE;
        return zero_offset(r) ? D_ZEROIDX : D_INVALID_HASH;
    case P_MEMREG:
        if (why == R_KIND && o->kind == A64_OP_MEM && o->u.mem.mode == A64_AM_OFFSET && o->u.mem.has_index &&
            !o->u.mem.reloc && !o->u.mem.sym) {   /* [x1, w2], [x1, x2, uxtw]: the extend the index takes */
            snprintf(e->msg, sizeof e->msg, "%s", o->u.mem.index64 ? "'lsl' or 'sxtx'" : "'uxtw' or 'sxtw'");
            e->lo = p->arg > 1 ? log2i(p->arg) : 0;
            return D_MEMEXT;
        }
        if (why != R_RANGE || o->kind != A64_OP_MEM) return D_NONE;
        snprintf(e->msg, sizeof e->msg, "%s", o->u.mem.index64 ? "'lsl' or 'sxtx'" : "'uxtw' or 'sxtw'");
        e->lo = p->arg > 1 ? log2i(p->arg) : 0;
        return D_MEMEXT;
    default:
        return D_NONE;
    }
}

/* a try of a row on the error path: the first operand it refuses, up to the fewer of its
 * operands and the instruction's (that number where it takes them all), why (R_OK where it
 * takes them all), and the range it refused (Vars lo, hi, mult) */
typedef struct {
    int at, why, mult;
    int64_t lo, hi;
} Try;

/* whether row r has a short form of Apple's suffix `apple` (A64VShape; 0: no suffix, every row):
 * llvm's short form of a row with a vector (add.4s v0, v1, v2; ld1.4s { v0 }; addv.8h h0, v1;
 * uaddl.8h v0, v1, v2; xtn.8b v0, v1) takes an arrangement one of its vectors has, of one with
 * elements and no vector (fmla.s s0, s1, v2[1]; umov.d x0, v1[1]; ld1.s { v0 }[1]; ins.s v0[1],
 * w1) the letter of its elements; so fmla.2d d0, d1, v2[0], fmla.s d0, d1, v2[0], umov.d w0,
 * v1[0], mov.4s v0[1], w1, mov.b b0, v1[1] have no form, and addv.8h b0, v1 is refused at the b0 */
bool a64_apple_row(const A64Row *r, int apple)
{
    if (!apple) return true;
    bool vec = false, any_vec = false, elem = false, other = false;
    for (int i = 0; i < r->nops; i++) {
        const A64Pat *p = &r->ops[i];
        if (p->kind == P_VEC || p->kind == P_LIST) {
            any_vec = true;
            vec |= p->set >> apple & 1;
        }
        if (p->kind == P_ELEM || p->kind == P_ELIST) {
            elem = true;
            other |= !(p->set >> apple & 1);
        }
    }
    /* (nor has a scalar copy of an element, mov.d d0, v1[0]: its alias mov d0, v1.d[0] is one
     * spelling) */
    bool copy = r->nops == 2 && r->ops[0].kind == P_FSCALAR && r->ops[1].kind == P_ELEM;
    return apple < A64_V_ELEM_B ? vec : !any_vec && elem && !other && !copy;
}

static bool skipped(const A64Row *r, const A64MatchEnv *env)
{
    return env && env->apple && !a64_apple_row(r, env->apple);
}

/* the tries of m's rows (t[k]: row m->first + k) on operands ops[0..nops); a row without a short
 * form of Apple's suffix none (at -1) */
static void try_rows(const A64Mnem *m, A64Operand *ops, int nops, const A64MatchEnv *env, Try *t)
{
    Vars v;
    for (int k = 0; k < m->count; k++) {
        const A64Row *r = &a64_rows[m->first + k];
        if (skipped(r, env)) {
            t[k] = (Try){.at = -1, .why = R_KIND};
            continue;
        }
        int n = r->nops < nops ? r->nops : nops, i, why = R_OK;
        vars_init(&v, r, env);
        for (i = 0; i < n; i++)
            if ((why = check(&r->ops[i], &ops[i], i, &v)) != R_OK) break;
        t[k] = (Try){.at = i, .why = why, .mult = v.mult, .lo = v.lo, .hi = v.hi};
    }
}

/* whether pattern p takes the kind of operand o is (a register, a vector, a number, memory) */
static bool same_class(const A64Pat *p, const A64Operand *o)
{
    switch (o->kind) {
    case A64_OP_GPR: return p->kind >= P_W && p->kind <= P_REXT;
    case A64_OP_VREG: case A64_OP_VLIST: return p->kind >= P_FSCALAR && p->kind <= P_ELIST;
    case A64_OP_IMM: case A64_OP_FIMM: return p->kind >= P_IMM && p->kind <= P_MIMM64;
    case A64_OP_MEM: return p->kind >= P_MEM;
    default: return p->kind >= P_LABEL && p->kind <= P_SYSOP;
    }
}

/* whether llvm's words d are none, or those another row may have better: "invalid operand for
 * instruction" (not where placed for a reason: ldr x0, [x1, #256]!), an index no row of that
 * kind takes (ldr x0, [x1, w2]: the register offset's words) */
static bool generic(int d)
{
    return d == D_NONE || d == D_INVALID || d == D_INVALID_POST || d == D_INVALID_INDEX || d == D_ZEROIDX_INDEX ||
           d == D_OFFSET9_INDEX;
}

/* llvm's words for operand i of c, the furthest any row of m gets (tries t), where rows refuse it
 * there: those of `r`, the last of them, unless generic; else the first that say more, of a
 * row whose pattern takes the operand's class first (mov x0, za, x1: the logical immediate's,
 * as for mov x0, za), not for an address or a vector; d where none do */
static int refused_words(const A64Mnem *m, const A64Row *r, const Try *t, int i, const A64Inst *c, A64MatchError *e,
                         int why, int d)
{
    A64MatchError e2 = *e;
    int w = llvm_diag(m, r, i, why, c, &e2), best = 0;
    const A64Operand *o = &c->ops[i];   /* (not an address, llvm's '[', nor a vector: its register) */
    bool plain = o->kind != A64_OP_MEM && !is_list(o) &&
                 !(o->kind == A64_OP_VREG && o->u.vreg.shape > A64_V_Q);
    /* an address r refuses at its '[' (a label's row): a row of addresses refuses it inside the
     * brackets, further to llvm, with words of its own (ldr x0, [x0, x1, x2], #8: the extend's) */
    bool addr = o->kind == A64_OP_MEM, inside = addr && !same_class(&r->ops[i], o);
    for (int k = 0; k < m->count && (((!w || generic(w)) && (plain || addr)) || inside); k++) {
        const A64Row *q = &a64_rows[m->first + k];
        if (t[k].at != i || i >= q->nops || q == r || (addr && !same_class(&q->ops[i], o))) continue;
        A64MatchError e3 = *e;
        int x = llvm_diag(m, q, i, t[k].why, c, &e3), rank = same_class(&q->ops[i], &c->ops[i]) ? 2 : 1;
        if (!x || x == D_FEW || generic(x) || rank <= best) continue;
        best = rank;
        w = x;
        e2 = e3;
    }
    *e = e2;
    return w && w != D_FEW ? w : d;
}

/* where no row of m takes in's number of operands: llvm compares the operands of every row
 * in turn, and the furthest any row gets is the error's place (e->opnd, 1-based; 0: the
 * mnemonic): an operand a row refuses, the first operand past a row's last, or too few given
 * (D_FEW).  llvm counts a post-index [x1], #8 as two operands where uarch's rows count one (the
 * parser joins them when they end the instruction).  Past a row's last operand llvm's words are
 * those of what it parses after the operand before: a shift or extend, a post-index */
static int too_many_or_few(const A64Mnem *m, const A64Inst *in, const Try *tried, A64MatchEnv *env, A64MatchError *e,
                           int *reach)
{
    A64Operand ops[A64_MAX_OPS];
    A64Inst c = *in;
    int from[A64_MAX_OPS + 1];              /* c's operand -> in's (one past c's last: in's last) */
    c.ops = ops;
    c.nops = 0;
    for (int j = 0; j < in->nops; j++) {
        from[c.nops] = j;
        ops[c.nops] = in->ops[j];
        if (j + 1 < in->nops && post_row(m, c.nops) && a64_join_post(&ops[c.nops], &in->ops[j + 1])) j++;
        c.nops++;
    }
    from[c.nops] = in->nops - 1;            /* (a row takes all of c but the joined whole fails: st1 {..}, [x1]!, x2) */
    Try joined[A64_MNEM_MAX_ROWS];          /* (a post-index joined: the tries of c's) */
    if (c.nops != in->nops) {
        try_rows(m, c.ops, c.nops, env, joined);
        tried = joined;
    }
    int far = -1, diag = D_FEW, far_why = 0;
    const A64Row *past = NULL;              /* the row the furthest is one operand past */
    const A64Row *refused = NULL;           /* the row that refused the furthest, and why */
    for (int ri = m->first; ri < m->first + m->count; ri++) {
        const A64Row *r = &a64_rows[ri];
        if (skipped(r, env)) continue;
        int n = r->nops < c.nops ? r->nops : c.nops, i = tried[ri - m->first].at, why = tried[ri - m->first].why;
        int at = i < n ? i : c.nops > r->nops ? r->nops : c.nops;
        bool beyond = i == n && c.nops > r->nops;
        if (i < n && i + 1 < c.nops && r->ops[i].kind == P_REXT && c.ops[i].kind == A64_OP_GPR &&
            c.ops[i].shift == A64_SH_NONE && !c.ops[i].u.gpr.is_sp) {
            at = i + 1;                     /* add x0, x1, w2, x3: llvm's extend is an operand of its own */
            beyond = true;
        }
        if (at >= far) {
            far = at;
            diag = i == n && c.nops < r->nops ? D_FEW : D_INVALID;
            past = beyond ? r : NULL;
            refused = i < n && !beyond ? r : NULL;
            far_why = why;
        }
    }
    e->opnd = diag == D_FEW ? 0 : from[far] + 1;
    *reach = diag == D_FEW ? in->nops : past ? from[far] : -1;
    if (refused) return refused_words(m, refused, tried, far, &c, e, far_why, diag);   /* cfp x0 */
    if (!past || far == 0) return diag;
    const A64Pat *p = &past->ops[far - 1];
    const A64Operand *o = &c.ops[far - 1];
    int sz = c.ops[0].kind == A64_OP_GPR ? gpr_width(&c.ops[0]) : 64;
    if (o->kind == A64_OP_IMM && o->shift == A64_SH_NONE) {    /* add x0, x1, #1, x2 */
        if (a64_takes_shifted_imm(m, far - 1))
            return D_LSL_AFTER;
        if (!rows_have(m, -1, far - 1, P_MOV16)) return diag;
        snprintf(e->msg, sizeof e->msg, "%s", sz == 32 ? "0 or 16" : "0, 16, 32 or 48");
        return D_MOVSHIFT;
    }
    if (o->kind == A64_OP_GPR && o->shift == A64_SH_NONE) {    /* add x0, x1, x2, x3 */
        if (rows_have(m, -1, far - 1, P_REXT)) return extend_diag(past, o, sz);
        if (p->kind != P_R && p->kind != P_X && p->kind != P_W) return diag;
        if (!p->set) return diag;
        snprintf(e->msg, sizeof e->msg, "%d", gpr_width(o) - 1);
        return D_SHIFTED;
    }
    if (o->kind == A64_OP_MEM && o->u.mem.mode == A64_AM_OFFSET && !o->u.mem.has_offset && !o->u.mem.has_index &&
        rows_have(m, -1, far - 1, P_MEMPOST9))
        return D_POST9;                     /* ldr x0, [x1], q2; [x1], x2, lsl #1: at what follows */
    return diag;
}

/* whether a CPU of `features` has some instruction of row r (a feature needed only with, or
 * only without, a half-precision operand leaves it the others) */
static bool row_available(const A64Row *r, A64Features features)
{
    for (int k = 0; k < A64_ROW_MAXFEAT && r->feature[k]; k++)
        if (!a64_features_has_bit(features, r->feature[k] - 1) && !((r->feature_h | r->feature_nh) >> k & 1))
            return false;
    return true;
}

bool a64_mnem_available(const A64Mnem *m, A64Features features)
{
    for (int ri = m ? m->first : 0; m && ri < m->first + m->count; ri++)
        if (row_available(&a64_rows[ri], features)) return true;
    return false;
}

/* the edit distance of a and b by insertions and deletions only (a replacement is both), or 3
 * when it is over 2 */
static int edit_distance2(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la - lb > 2 || lb - la > 2 || la > 32 || lb > 32) return 3;
    uint8_t lcs[33][33];                    /* the longest common subsequence of the prefixes */
    for (int i = 0; i <= la; i++)
        for (int j = 0; j <= lb; j++)
            lcs[i][j] = (uint8_t)(i == 0 || j == 0 ? 0
                                  : a[i - 1] == b[j - 1] ? lcs[i - 1][j - 1] + 1
                                  : lcs[i - 1][j] > lcs[i][j - 1] ? lcs[i - 1][j] : lcs[i][j - 1]);
    int d = la + lb - 2 * lcs[la][lb];
    return d > 2 ? 3 : d;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* (llvm suggests the mnemonics of its matcher's table within an edit distance of 2: not the
 * aliases its parser rewrites, src/a64/aliases.tsv) */
void a64_unknown_mnemonic(const char *name, A64Features features, char *msg, size_t cap)
{
    const char *c[64];
    int n = 0;
    for (int k = 0; k < a64_nmnems && n < (int)ARRAY_LEN(c); k++) {
        const A64Mnem *m = &a64_mnems[k];
        int ri = m->first;
        while (ri < m->first + m->count && !row_available(&a64_rows[ri], features)) ri++;
        if (ri == m->first + m->count) continue;
        const char *s = !strcmp(m->name, "b.cc") ? "b" : !strcmp(m->name, "bc.cc") ? "bc" : m->name;
        if (edit_distance2(name, s) > 2) continue;
        const A64Alias *a = alias_of(s);         /* (only for the near names) */
        if (!a || !strcmp(a->rewrite, "-") || !strcmp(a->rewrite, "shift")) c[n++] = s;
    }
    qsort(c, (size_t)n, sizeof *c, cmp_name);
    size_t at = (size_t)snprintf(msg, cap, "unrecognized instruction mnemonic");
    for (int k = 0, w = 0; k < n && at < cap; k++) {
        if (k && !strcmp(c[k], c[k - 1])) continue;
        at += (size_t)snprintf(msg + at, cap - at, "%s%s", w++ ? ", " : ", did you mean: ", c[k]);
    }
    if (n && at < cap) snprintf(msg + at, cap - at, "?");
}

/* the more specific the reason, the better it explains the failure */
static int prio(int why)
{
    switch (why) {
    case R_KIND: return 0;
    case R_SHAPE: case R_WIDTH: return 1;
    case R_SHIFT: return 2;
    default: return 3;
    }
}

/* the furthest row of a64_match's error path: the one refused at the furthest operand i (-1:
 * none of this many operands), why, its llvm words (diag), the instruction's operand there; how
 * far a row of another count gets (too_many_or_few's reach); whether o is a vector a row of
 * vectors refused there */
typedef struct {
    int i, why, row, diag, reach;
    const A64Operand *o;
    bool vector_row;
} Furthest;

enum { RANK_NONE, RANK_FURTHEST, RANK_OTHER_CLASS, RANK_SAME_CLASS, RANK_STANDS, RANK_COUNT };

/* which words a64_match reports where no row matches: each candidate's rank, the highest wins
 * (of equals, the first row):
 *   RANK_COUNT        the operand count's words (row -1: too_many_or_few's) where no row takes
 *                     this many operands, or a row of another count gets further, unless the
 *                     furthest row names a SYS operation's register (R_NOREG, R_NEEDREG);
 *   RANK_STANDS       the furthest row's words where they stand: llvm's that say more than
 *                     "invalid operand for instruction" (not generic), uarch's own for a reason
 *                     no other row explains (a range, a lane, a SYS operation's feature, pstate,
 *                     a system register's reading or writing), or a vector operand a row of
 *                     vectors refused (mov w0, v1.4s);
 *   RANK_SAME_CLASS   another row refused at the same operand, with words that say more, whose
 *                     pattern there takes the operand's class (and w0, w1, x2: the logical
 *                     immediate's);
 *   RANK_OTHER_CLASS  the same, of a row whose pattern takes another class;
 *   RANK_FURTHEST     the furthest row's words otherwise;
 *   RANK_NONE         another row whose words are generic, or any row where the furthest's
 *                     stand or the count's win.
 * d: the row's llvm words (the count's: unused) */
static int rank(const Furthest *f, int row, int d)
{
    if (row < 0)
        return f->row < 0 || (f->reach > f->i && f->why != R_NOREG && f->why != R_NEEDREG) ? RANK_COUNT : RANK_NONE;
    bool plain = f->why != R_RANGE && f->why != R_INDEX && f->why != R_SYSFEAT && f->why != R_PSTATE &&
                 f->why != R_UNREADABLE && f->why != R_UNWRITABLE;
    bool stands = !generic(f->diag) || (!f->diag && !plain) || f->vector_row;
    if (row == f->row) return stands ? RANK_STANDS : RANK_FURTHEST;
    if (stands || !d || generic(d)) return RANK_NONE;
    return same_class(&a64_rows[row].ops[f->i], f->o) ? RANK_SAME_CLASS : RANK_OTHER_CLASS;
}

/* whether row r is a GNU as spelling llvm refuses (prfm's memoff9:gas) */
static bool gas_row(const A64Row *r)
{
    for (int i = 0; i < r->nops; i++)
        if (r->ops[i].kind == P_MEMOFF9 && r->ops[i].arg) return true;
    return false;
}

static void furthest_error(const A64Mnem *m, A64Inst *in, A64MatchEnv *env, A64MatchError *err, const Try *tried);

/* Apple's syntax (movi.4h v0, #1): llvm matches the short forms, then its table of long forms,
 * and reports the long forms' error unless they all refuse the suffix.  That table holds the
 * Apple spellings of two kinds of alias, so those have the suffix there: an immediate without
 * its optional shift (movi, mvni, orr, bic .4h .8h .2s .4s v0, #1: rows of mimm8) and a compare
 * of vectors with #0 (fcmeq.4s v0, v1, #0: rows of fzero).  Where no row takes the operands,
 * the place such an alias refuses (the furthest of them) is the error's when it comes before
 * the rows' (movi.4h v0, #1, lsl #8, v3: the lsl; fcmeq.4s v0, v1, v2, v3: the v2; #0.0 is '#0'
 * and '.0' to llvm, the '.0' refused at the same place).  The operand (0-based) an alias of
 * row r refuses, *shift when at the immediate's shift; -1 when it takes them all */
static int alias_refuses(const A64Row *r, const Try *t, const A64Inst *in, bool *shift, bool *lane)
{
    int k = r->nops - 1, kind = r->ops[k].kind;
    *shift = *lane = false;
    if (t->at < k) {   /* (fcmeq.4s v0, v1[1], v2: the register taken, its lane refused) */
        *lane = t->at < in->nops && in->ops[t->at].kind == A64_OP_VREG && in->ops[t->at].u.vreg.index >= 0 &&
                r->ops[t->at].kind == P_VEC;
        return t->at < in->nops ? t->at : -1;
    }
    if (in->nops <= k) return -1;
    const A64Operand *o = &in->ops[k];
    bool num = o->kind == A64_OP_IMM && !o->u.imm.reloc && !o->u.imm.sym;
    if (kind == P_MIMM8 && num && o->u.imm.value >= 0 && o->u.imm.value <= 255 && o->shift != A64_SH_NONE) {
        *shift = true;
        return k;
    }
    bool takes = kind == P_MIMM8 ? num && o->u.imm.value >= 0 && o->u.imm.value <= 255
                                 : num && o->u.imm.value == 0 && o->shift == A64_SH_NONE;
    return !takes ? k : in->nops > k + 1 ? k + 1 : -1;
}

static void apple_alias_error(const A64Mnem *m, const A64Inst *in, const A64MatchEnv *env, const Try *tried,
                              A64MatchError *err)
{
    if (!env || !env->apple || env->apple >= A64_V_ELEM_B) return;
    int far = -1;
    bool far_shift = false, far_lane = false;
    for (int ri = m->first; ri < m->first + m->count; ri++) {
        const A64Row *r = &a64_rows[ri];
        int kind = r->nops ? r->ops[r->nops - 1].kind : -1;
        if (!(kind == P_MIMM8 || (kind == P_FZERO && r->ops[0].kind == P_VEC)) || skipped(r, env)) continue;
        bool sh, lane;
        int a = alias_refuses(r, &tried[ri - m->first], in, &sh, &lane);
        if (a > far || (a == far && sh && !far_shift)) {
            far = a;
            far_shift = sh;
            far_lane = lane;
        }
    }
    bool few = err->opnd == 0 && err->diag == D_FEW;
    /* (the same operand: the alias's place is the register's start where it refuses it whole,
     * fcmeq.4s v0, v1, v2[1]: at the v2, where the short forms refuse the lane) */
    if (far >= 0 && !few && far == err->opnd - 1 && !far_shift && !far_lane) err->whole = true;
    if (far < 0 || (!few && far >= err->opnd - 1)) return;
    err->opnd = far + 1;
    err->reason = 0;
    err->diag = far_shift ? D_INVALID_SHIFT : D_INVALID;
    snprintf(err->msg, sizeof err->msg, "%s", diags[err->diag].fmt);
}

bool a64_match(A64Inst *in, A64MatchEnv *env, A64MatchError *err)
{
    const char *name = in->mnem_name;
    const A64Mnem *m;
    if (env && env->mnem) {                 /* the parser already looked it up */
        m = env->mnem;
        env->mnem = NULL;
    } else if (in->cond != A64_COND_NONE) { /* b.eq -> the row "b.cc" */
        char b[8];
        const char *dot = strchr(name, '.');
        size_t n = dot ? (size_t)(dot - name) : 0;
        if (n == 0 || n > 2) return false;
        memcpy(b, name, n);
        memcpy(b + n, ".cc", 4);
        m = a64_mnem_find(b, n + 3);
    } else m = a64_mnem_find(name, strlen(name));
    if (!m) {
        if (err) {
            err->opnd = -1;
            err->reason = 0;
            err->diag = 0;
            a64_unknown_mnemonic(name, env ? env->features : A64_FEATURES_NONE, err->msg, sizeof err->msg);
        }
        return false;
    }
    in->mnem = (uint16_t)(m - a64_mnems);
    Vars v;
    /* the rows that pass the quick filter, in order; the first that passes the checks wins */
    uint64_t sig = (uint64_t)1 << (A64_FILTER_NOPS + in->nops);
    for (int i = 0; i < in->nops && i < A64_FILTER_OPS; i++) {
        int c = a64_filter_class(&in->ops[i]);
        if (c < FC_N) sig |= (uint64_t)1 << (FC_N * i + c);    /* FC_N: no row takes it anyway */
    }
    const A64Row *gated = NULL;             /* the first row skipped for its features */
    for (int ri = m->first; ri < m->first + m->count; ri++) {
        if (sig & ~a64_row_filter[ri]) continue;
        const A64Row *r = &a64_rows[ri];
        if (env && env->llvm_only && gas_row(r)) continue;
        if (skipped(r, env)) continue;
        vars_init(&v, r, env);
        int i;
        for (i = 0; i < r->nops; i++)
            if (check(&r->ops[i], &in->ops[i], i, &v) != R_OK) break;
        if (i == r->nops) {
            if (r->feature[0] && env && row_lacks(r, in, env->features, NULL, 0)) {
                if (!gated) gated = r;
                continue;
            }
            fill(in, r, &v, env);
            return true;
        }
    }
    if (!err) return false;
    err->diag = 0;
    err->whole = false;
    err->at_shift = false;
    const A64Alias *alias = alias_of(m->name);
    bool sym = false;                       /* an operand is an expression of symbols */
    bool shifted = false;                   /* a number with a shift: two operands to llvm */
    for (int k = 0; k < in->nops; k++) {
        sym |= in->ops[k].kind == A64_OP_LABEL || (in->ops[k].kind == A64_OP_IMM && in->ops[k].u.imm.sym);
        shifted |= in->ops[k].kind == A64_OP_IMM && in->ops[k].shift != A64_SH_NONE;
    }
    if (alias && !strcmp(alias->rewrite, "bitfield") && (a64_rows[m->first].nops != in->nops || sym || shifted)) {
        /* bfc x0, #1; ubfx x0, x1, #sym, #2; ubfx x0, x1, #1, #2, lsl #3: llvm's parser rewrites
         * a bitfield alias of its own count of operands, its numbers constants, only; its
         * matcher does not know the name */
        err->opnd = -1;
        err->reason = 0;
        a64_unknown_mnemonic(name, env ? env->features : A64_FEATURES_NONE, err->msg, sizeof err->msg);
        return false;
    }
    if (alias && !strcmp(alias->rewrite, "shift") && in->nops == 3 && sym && in->ops[2].kind != A64_OP_GPR) {
        err->opnd = 3;                      /* lsl x0, x1, #sym: not rewritten, the matcher's lsl */
        err->reason = R_KIND;               /* has the register forms only */
        err->pat = 0;
        err->diag = D_INVALID;
        return false;
    }
    if (gated) {                            /* llvm: the operands fit, the CPU lacks the feature */
        err->opnd = 0;
        err->reason = 0;
        row_lacks(gated, in, env->features, err->msg, sizeof err->msg);
        return false;
    }
    /* no row matches: try them all again, once, to find the one that got furthest, and why */
    Try tried[A64_MNEM_MAX_ROWS];
    try_rows(m, in->ops, in->nops, env, tried);
    furthest_error(m, in, env, err, tried);
    apple_alias_error(m, in, env, tried, err);
    return false;
}

/* the error of a64_match where no row of m takes in: the furthest any row gets (tries tried), in
 * llvm's words where they are known */
static void furthest_error(const A64Mnem *m, A64Inst *in, A64MatchEnv *env, A64MatchError *err, const Try *tried)
{
    int best_i = -1, best_reason = 0, best_row = -1;
    int64_t best_lo = 0, best_hi = 0;
    int best_mult = 0;
    for (int ri = m->first; ri < m->first + m->count; ri++) {
        const A64Row *r = &a64_rows[ri];
        if (r->nops != in->nops || skipped(r, env)) continue;
        const Try *t = &tried[ri - m->first];
        int i = t->at, why = t->why;
        if (i == r->nops) continue;         /* cannot happen: the first loop would have taken it */
        if (why == R_SYSFEAT || why == R_PSTATE) {   /* llvm refuses the name first */
            best_i = i; best_reason = why; best_row = ri;
            break;
        }
        /* (a zero-only operand, movi v0.4s, #0, gives way to a range row of the same place; a
         * scaled offset to the unscaled one, whose range llvm names: ldr x0, [x1, #32768]; not
         * to a GNU as spelling llvm does not take, memoff9:gas of prfm: it names the scaled range) */
        int bk = best_row >= 0 ? a64_rows[best_row].ops[best_i].kind : -1;
        bool gives_way = (bk == P_ZERO && r->ops[i].kind != P_ZERO) ||
                         (bk == P_MEMOFF && r->ops[i].kind == P_MEMOFF9 && !r->ops[i].arg);
        if (i > best_i || (i == best_i && prio(why) > prio(best_reason)) ||
            (i == best_i && why == R_RANGE && best_reason == R_RANGE && gives_way)) {
            best_i = i; best_reason = why; best_row = ri;
            best_lo = t->lo; best_hi = t->hi; best_mult = t->mult;
        }
    }
    /* the candidates in rank (see rank): first the operand count's words (fmaxnmp d0, v1.2d, x2:
     * at the x2), taken before the rows' words are made */
    Furthest f = {.i = best_i, .why = best_reason, .row = best_row, .o = best_row >= 0 ? &in->ops[best_i] : NULL};
    A64MatchError e2 = *err;
    int d2 = too_many_or_few(m, in, tried, env, &e2, &f.reach);
    if (rank(&f, -1, d2) == RANK_COUNT) {
        *err = e2;
        err->reason = 0;
        err->diag = d2;
        if (d2 == D_FEW) snprintf(err->msg, sizeof err->msg, "%s", diags[D_FEW].fmt);
        return;
    }
    err->opnd = best_i + 1;
    err->reason = best_reason;
    const A64Pat *p = &a64_rows[best_row].ops[best_i];
    err->pat = p->kind;
    err->lo = best_lo;
    err->hi = best_hi;
    err->mult = best_reason == R_RANGE && p->kind >= P_MEM ? best_mult : 0;
    err->post_imm = best_reason == R_RANGE && p->kind == P_MEMPOSTIMM;
    err->diag = f.diag = llvm_diag(m, &a64_rows[best_row], best_i, best_reason, in, err);
    /* then the rows refused at the same operand: the furthest, the others (their words made from
     * the furthest row's error) */
    bool vector = f.o->kind == A64_OP_VREG && f.o->u.vreg.shape > A64_V_Q;
    for (int ri = m->first; ri < m->first + m->count && vector && !f.vector_row; ri++)
        f.vector_row = a64_rows[ri].nops == in->nops && tried[ri - m->first].at == best_i &&
                       same_class(&a64_rows[ri].ops[best_i], f.o) && a64_rows[ri].ops[best_i].kind != P_FSCALAR;
    A64MatchError won = *err;
    int top = rank(&f, best_row, err->diag);
    for (int ri = m->first; ri < m->first + m->count; ri++) {
        const A64Row *r = &a64_rows[ri];
        if (r->nops != in->nops || tried[ri - m->first].at != best_i || ri == best_row) continue;
        e2 = *err;
        int d = llvm_diag(m, r, best_i, tried[ri - m->first].why, in, &e2), k = rank(&f, ri, d);
        if (k > top) {                      /* (the first of equals) */
            top = k;
            won = e2;
            won.diag = d;
        }
    }
    *err = won;
    if (err->diag == D_FEW) {               /* add x0, x1, w2: the extend is missing */
        err->opnd = 0;
        snprintf(err->msg, sizeof err->msg, "%s", diags[D_FEW].fmt);
    }
    if (err->diag) return;
    snprintf(err->msg, sizeof err->msg, "%s", what(p));
    if (best_reason == R_SYSFEAT) {         /* llvm's message for the operation (sysops.tsv) */
        const A64Operand *o = &in->ops[best_i];
        const char *s = o->kind == A64_OP_NAMED ? o->u.named : is_ident(o) ? o->u.label.sym : NULL;
        const A64Sysop *op = s ? a64_sysop_find(p->kind == P_SYSOP ? p->str : a64_rows[best_row].mnem, s) : NULL;
        if (op)
            snprintf(err->msg, sizeof err->msg, "%s", op->refused);
    }
}

/* whether pattern p takes what llvm reads of vector o, in parts: without an arrangement (v1),
 * any vector; an element without its lane (v1.d), an element of its size; a list of such
 * elements ({v0.s}), a list of them of its length */
static bool takes_parts(const A64Pat *p, const A64Operand *o)
{
    if (o->kind == A64_OP_VLIST)
        return p->kind == P_ELIST && (p->set >> o->u.vlist.shape & 1) && (!p->arg || p->arg == o->u.vlist.count);
    if (o->u.vreg.shape == A64_V_NONE) return p->kind == P_VEC || p->kind == P_ELEM;
    return p->kind == P_ELEM && (p->set >> o->u.vreg.shape & 1);
}

/* whether a row of m takes operands 0..i-1 of `in`, and at i an operand `takes` accepts */
static bool rows_take_before(A64Inst *in, const A64Mnem *m, int i, const A64MatchEnv *env,
                             bool (*takes)(const A64Pat *, const A64Operand *))
{
    Vars v;
    for (int ri = m->first; ri < m->first + m->count; ri++) {
        const A64Row *r = &a64_rows[ri];
        if (r->nops <= i || !takes(&r->ops[i], &in->ops[i]) || skipped(r, env)) continue;
        vars_init(&v, r, env);
        int k = 0;
        while (k < i && check(&r->ops[k], &in->ops[k], k, &v) == R_OK) k++;
        if (k == i) return true;
    }
    return false;
}

bool a64_rows_take_vector(A64Inst *in, const A64Mnem *m, int i, const A64MatchEnv *env)
{
    return rows_take_before(in, m, i, env, takes_parts);
}

static bool takes_element(const A64Pat *p, const A64Operand *o)
{
    (void)o;
    return p->kind == P_ELEM;
}

bool a64_rows_take_element(A64Inst *in, const A64Mnem *m, int i, const A64MatchEnv *env)
{
    return rows_take_before(in, m, i, env, takes_element);
}

bool a64_rows_take_through(A64Inst *in, const A64Mnem *m, int i, const A64MatchEnv *env)
{
    Vars v;
    for (int ri = m->first; ri < m->first + m->count; ri++) {
        const A64Row *r = &a64_rows[ri];
        if (r->nops <= i || skipped(r, env)) continue;
        vars_init(&v, r, env);
        int k = 0;
        while (k <= i && check(&r->ops[k], &in->ops[k], k, &v) == R_OK) k++;
        if (k > i) return true;
    }
    return false;
}

bool a64_match_too_few(const A64MatchError *e)
{
    return e->opnd >= 0 && e->diag == D_FEW;
}

/* whether a range error's pattern takes llvm's words for a plain range ("immediate must be ...") */
static bool plain_range(const A64MatchError *e)
{
    return e->pat == P_RANGE || e->pat == P_SHAMT || e->pat == P_MOV16 || e->pat == P_MIMM8 || e->pat == P_MIMMMSL;
}

int a64_match_message(const A64MatchError *e, const char *mnem, const char *op, char *buf, size_t cap, char *hint,
                      size_t hcap, int *words)
{
    hint[0] = 0;
    *words = e->diag ? diags[e->diag].words : A64_WORDS_OTHER;
    bool imm = e->pat >= P_IMM && e->pat <= P_MIMM64, mem = e->pat >= P_MEM;
    if (e->diag == D_MEMEXT) {
        char sh[16];
        snprintf(sh, sizeof sh, e->lo ? "#0 or #%lld" : "#0", (long long)e->lo);
        snprintf(buf, cap, diags[D_MEMEXT].fmt, e->msg, sh);
        return diags[e->diag].at;
    }
    if (e->diag) {
        snprintf(buf, cap, diags[e->diag].fmt, e->msg);
        return e->at_shift ? A64_AT_SHIFT : diags[e->diag].at;
    }
    bool own = true;                     /* (uarch's own words: they go in the note, llvm's in the error) */
    switch (e->reason) {
    case 0: case R_INDEX: case R_UNREADABLE: case R_UNWRITABLE: case R_SYSFEAT: case R_PSTATE: case R_SHAPE:
        own = false;
        break;
    case R_RANGE:                        /* llvm's: a plain range's, an offset's, a post-increment's */
        own = !(plain_range(e) || (!imm && e->mult) || e->post_imm);
        break;
    }
    switch (e->reason) {
    case 0: snprintf(buf, cap, "%s", e->msg); break;
    case R_WIDTH: snprintf(buf, cap, "invalid operand '%s' for '%s': mixed 32-bit and 64-bit registers", op, mnem); break;
    case R_RANGE:
        if (plain_range(e)) {                    /* llvm's words for a plain range */
            snprintf(buf, cap, "immediate must be an integer in range [%lld, %lld].", (long long)e->lo, (long long)e->hi);
            *words = A64_WORDS_IMM_RANGE;
        } else if (imm) snprintf(buf, cap, "immediate '%s' out of range for '%s'", op, mnem);
        else if (e->mult == 1)                   /* llvm's words for an offset's range */
            snprintf(buf, cap, "index must be an integer in range [%lld, %lld].", (long long)e->lo, (long long)e->hi);
        else if (e->mult)
            snprintf(buf, cap, "index must be a multiple of %d in range [%lld, %lld].", e->mult, (long long)e->lo,
                     (long long)e->hi);
        else if (e->post_imm) {
            snprintf(buf, cap, "invalid operand for instruction");
            *words = A64_WORDS_INVALID;
        }
        else if (mem) snprintf(buf, cap, "invalid offset or index in '%s' for '%s'", op, mnem);
        else if (e->pat == P_COND || e->pat == P_CONDNAL) snprintf(buf, cap, "condition '%s' not allowed in '%s'", op, mnem);
        else if (e->pat == P_ELEM) snprintf(buf, cap, "invalid operand '%s' for '%s': expected a register of v0-v15", op, mnem);
        else snprintf(buf, cap, "shift amount out of range in '%s' for '%s'", op, mnem);
        break;
    case R_BITMASK: snprintf(buf, cap, "invalid logical immediate '%s' for '%s'", op, mnem); break;
    case R_FP: snprintf(buf, cap, "floating-point immediate '%s' cannot be encoded in '%s'", op, mnem); break;
    case R_SHAPE:                                /* (llvm's words) */
        snprintf(buf, cap, "invalid operand for instruction");
        *words = A64_WORDS_INVALID;
        break;
    case R_SHIFT: snprintf(buf, cap, "invalid shift or extend in '%s' for '%s'", op, mnem); break;
    case R_INDEX:                                /* (llvm's words; the error at its '[') */
        if (e->lo == e->hi)
            snprintf(buf, cap, "expected lane specifier '[%lld]'", (long long)e->lo);
        else
            snprintf(buf, cap, "vector lane must be an integer in range [%lld, %lld].", (long long)e->lo, (long long)e->hi);
        break;
    case R_COUNT: snprintf(buf, cap, "wrong number of registers in vector list '%s' for '%s'", op, mnem); break;
    case R_UNREADABLE: snprintf(buf, cap, "expected readable system register"); break;
    case R_UNWRITABLE: snprintf(buf, cap, "expected writable system register or pstate"); break;
    case R_NEEDREG: snprintf(buf, cap, "specified %s op requires a register: '%s'", mnem, op); break;
    case R_NOREG: snprintf(buf, cap, "specified %s op does not use a register: '%s'", mnem, op); break;
    case R_SYSFEAT: snprintf(buf, cap, "%s", e->msg); break;
    case R_PSTATE: snprintf(buf, cap, "expected writable system register or pstate"); break;
    default: snprintf(buf, cap, "invalid operand '%s' for '%s': expected %s", op, mnem, e->msg); break;
    }
    if (own) {
        snprintf(hint, hcap, "%s", buf);
        snprintf(buf, cap, "%s", diags[D_INVALID].fmt);
        *words = A64_WORDS_INVALID;
    }
    if (e->reason == R_INDEX) return A64_AT_LANE;
    if (e->reason == R_RANGE && (e->mult || e->post_imm)) return A64_AT_HASH;
    return A64_AT_OPND;
}

void a64_classify(A64Inst *inst)
{
    if (!a64_match(inst, NULL, NULL)) {
        inst->form = NULL;
        inst->approx = false;
    }
}

/* print.c — an instruction as LLVM's AArch64 instruction printer writes it (what llvm-mca and
 * llvm-mc show): "mnemonic<TAB>operands", operands from the parsed A64Inst, not from the text:
 *   - lowercase registers, ", " between operands, `{ v0.4s, v1.4s }` lists written out in full,
 *     `b.le` for `ble`, hs/lo for cs/cc, `#` on every immediate, `[x1]` for `[x1, #0]`,
 *     system registers as llvm-mca names them under the CPU's features (src/a64/sysregs.tsv) or else
 *     S3_0_C1_C0_6, PSTATE fields as LLVM spells them (DAIFSet), `lsl #0` dropped,
 *     expressions of symbols as llvm's MCExpr prints them (`:lo12:ff_table+16`, `sym+(4*2)`,
 *     `_t@PAGE+8`, `""+8` for `.+8`), without `#` but on movz/movn/movk, `b #8` for a pc
 *     offset; tbz/tbnz on a low bit with the w register;
 *   - immediates in decimal, except where LLVM always prints hex: the bitmask of a logical
 *     instruction (and/orr/eor/ands/tst on general registers), the exception-generating
 *     instructions (svc, hvc, smc, brk, hlt, dcps1-3) and the 64-bit byte mask of movi (printed
 *     with "%#016llx", as LLVM); with `hex` (llvm-mca -print-imm-hex) in hex everywhere except
 *     shift amounts and the bit positions of the shift and bitfield aliases;
 *   - floating-point immediates with eight decimals (`#1.50000000`);
 *   - `add x0, x1, #4096` as `#1, lsl #12`.
 * LLVM's preferred aliases are chosen as LLVM does: those that only rename (ins, umov, dup of an
 * element to a scalar -> mov, not -> mvn, ldr/str with an unscaled offset -> ldur/stur), movz ->
 * mov #value, sxtl/uxtl -> sshll/ushll #0, and those that change the operands (canonical(): the
 * bitfield moves, cset/cinc/cneg..., mov/mvn/neg/ngc/tst/cmp/cmn/mul/smull/ror/movn..., hints,
 * prefetch operations by name, those to the SLC by number, barrier options by name, the SYS
 * aliases (ic/dc/at/tlbi ... that llvm-mca -mcpu=apple-m1 knows, src/a64/sysops.tsv; sys
 * otherwise)).
 * A64_PRINT_APPLE: Apple's syntax (arm64-apple-* triples).  Where an operand carries what the
 * printer cannot rebuild (a numeric label, which llvm renames) a64_print returns false and the
 * caller shows the text as written.  tools/print-check.sh compares the result with
 * llvm-mc's on any .s files; tests/sh/corpus-llvm.sh with llvm-mca-19's on compiler output. */
#include "a64/internal.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* two names equal (the first letters compared first: most names differ there, and a64_print
 * runs once per instruction shown) */
static inline bool streq(const char *a, const char *b)
{
    return a[0] == b[0] && !strcmp(a, b);
}

static bool in_list(const char *m, const char *const *l)
{
    for (; *l; l++)
        if (streq(m, *l))
            return true;
    return false;
}

static void put_gpr(Buf *b, int num, bool is64, bool is_sp)
{
    if (num == 31) {
        buf_puts(b, is_sp ? (is64 ? "sp" : "wsp") : (is64 ? "xzr" : "wzr"));
    } else {
        buf_putc(b, is64 ? 'x' : 'w');
        buf_put_llong(b, num);
    }
}

static void put_lower(Buf *b, const char *s)
{
    for (; *s; s++)
        buf_putc(b, (char)tolower((unsigned char)*s));
}

/* a vector register of `shape`: b0..q0, v0.4s, v0.s (element, index printed by the caller) */
static void put_vreg(Buf *b, int num, int shape)
{
    const char *n = a64_shape_name(shape);
    if (shape >= A64_V_B && shape <= A64_V_Q) {
        buf_putc(b, (char)tolower((unsigned char)n[0]));
        buf_put_llong(b, num);
        return;
    }
    buf_putc(b, 'v');
    buf_put_llong(b, num);
    buf_putc(b, '.');
    put_lower(b, n);
}

/* a symbol name, in quotes when it holds a character other than letters, digits, _ $ . (as
 * LLVM's MCSymbol prints it: "??_C@_06..."), in parentheses when it starts with '$' (LLVM's
 * MCExpr: not to look like an absolute) */
static void put_sym(Buf *b, const char *s)
{
    bool q = !*s;
    for (const char *c = s; *c && !q; c++)
        q = !isalnum((unsigned char)*c) && *c != '_' && *c != '$' && *c != '.';
    if (q)
        buf_printf(b, "\"%s\"", s);
    else if (*s == '$')
        buf_printf(b, "(%s)", s);
    else
        buf_puts(b, s);   /* (the common case: no printf for a plain name) */
}

static void put_int(Buf *b, long long v, bool hex)
{
    if (!hex) {
        buf_putc(b, '#');
        buf_put_llong(b, v);
    } else if (v < 0)
        buf_printf(b, "#-0x%llx", (unsigned long long)0 - (unsigned long long)v);
    else
        buf_printf(b, "#0x%llx", (unsigned long long)v);
}


/* ", lsr #2", ", uxtw"; keep0: an extend's amount #0 printed (the index of a byte access) */
static void put_modifier(Buf *b, const A64Operand *o, bool keep0)
{
    const char *name = a64_shift_name(o->shift);
    if (!*name)
        return;                                   /* none (A64_SH_NONE) */
    if (o->shift == A64_SH_LSL && o->shift_amount == 0)
        return;                                   /* lsl #0: LLVM prints nothing (lsr #0 it keeps) */
    buf_puts(b, ", ");
    buf_puts(b, name);
    if (o->shift_amount || o->shift <= A64_SH_MSL || keep0) {
        buf_puts(b, " #");
        buf_put_llong(b, o->shift_amount);
    }
}

/* LLVM's preferred alias, where it only renames the instruction (its operands print alike) */
static const char *alias(const A64Inst *in, const char *m)
{
    const A64Operand *o = in->ops;
    if (streq(m, "ins"))
        return "mov";
    if (streq(m, "not"))
        return "mvn";
    if (streq(m, "dup") && in->nops == 2 && o[0].kind == A64_OP_VREG && o[0].u.vreg.shape >= A64_V_B &&
        o[0].u.vreg.shape <= A64_V_Q && o[0].u.vreg.index < 0)
        return "mov";                             /* dup b0, v0.b[1] */
    if (streq(m, "umov") && in->nops == 2 && o[0].kind == A64_OP_GPR && o[1].kind == A64_OP_VREG &&
        (o[1].u.vreg.shape == (o[0].u.gpr.is64 ? A64_V_ELEM_D : A64_V_ELEM_S)))
        return "mov";                             /* umov w0, v1.s[1] */
    /* ldr/str with an offset the scaled form cannot take: the unscaled ldur/stur */
    static const char *const ls[][2] = {{"ldr", "ldur"}, {"str", "stur"}, {"ldrb", "ldurb"}, {"strb", "sturb"},
                                        {"ldrh", "ldurh"}, {"strh", "sturh"}, {"ldrsb", "ldursb"},
                                        {"ldrsh", "ldursh"}, {"ldrsw", "ldursw"}, {"prfm", "prfum"}};
    for (size_t k = 0; k < ARRAY_LEN(ls); k++)
        if (streq(m, ls[k][0]) && in->nops == 2 && o[1].kind == A64_OP_MEM && o[1].u.mem.mode == A64_AM_OFFSET &&
            !o[1].u.mem.has_index && !o[1].u.mem.reloc && !o[1].u.mem.sym) {
            int size = k == ARRAY_LEN(ls) - 1 ? 8 : in->mem.size > 0 ? in->mem.size : 1;
            int32_t off = o[1].u.mem.offset;
            if (off < 0 || off % size != 0)
                return ls[k][1];
        }
    return m;
}

/* ---- LLVM's preferred aliases where they change the operands ----
 * The instruction as LLVM prints it, rebuilt into `c` (operands in `ops`) from what was written:
 * the bitfield moves (bfm/bfi/bfxil/bfc, ubfm/ubfx/ubfiz/lsl/lsr/uxtb/uxth/uxtw,
 * sbfm/sbfx/sbfiz/asr/sxtb/sxth/sxtw) by their immr/imms, the conditional selects with equal
 * sources (cset/csetm/cinc/cinv/cneg), the zero-register forms (mov/mvn/neg/negs/ngc/ngcs from
 * orr/orn/sub/subs/sbc/sbcs; tst/cmp/cmn from ands/subs/adds; mul/mneg/smull/umull/smnegl/umnegl
 * from madd/msub/[su]maddl/[su]msubl), ror from extr, mov to or from sp from add #0, movn as mov
 * #value, lsl/lsr/asr/ror from the ...v forms, the hints (by the CPU's features) and prefetch
 * operations by name, vector orr and the orr of the zero register and a logical immediate that
 * movz/movn cannot build as mov.  As llvm-mca-19 -mcpu=apple-m1 prints them (the rules of LLVM's
 * AArch64InstPrinter and its alias table; tests/golden/mca-aliases.test).  False: print `in` as
 * it is. */
static bool zr(const A64Operand *o) { return o->kind == A64_OP_GPR && o->u.gpr.num == 31 && !o->u.gpr.is_sp; }
static bool gpr(const A64Operand *o) { return o->kind == A64_OP_GPR; }
static bool imm(const A64Operand *o) { return o->kind == A64_OP_IMM && !o->u.imm.reloc && !o->u.imm.sym; }
static A64Operand imm_op(long long v) { A64Operand o = {0}; o.kind = A64_OP_IMM; o.u.imm.value = v; return o; }
static bool same_reg(const A64Operand *a, const A64Operand *b)
{
    return gpr(a) && gpr(b) && a->u.gpr.num == b->u.gpr.num && a->u.gpr.is64 == b->u.gpr.is64 &&
           a->u.gpr.is_sp == b->u.gpr.is_sp && !a->shift && !b->shift;
}
/* a value MOVZ can write: one 16-bit chunk */
static bool movz_able(unsigned long long v, int width)
{
    for (int s = 0; s < width; s += 16)
        if ((v & ~(0xffffULL << s)) == 0)
            return true;
    return false;
}

/* a value of a `width`-bit register that movz or movn can write (LLVM's isAnyMOVWMovAlias) */
static bool movw_able(long long value, int width)
{
    unsigned long long v = (unsigned long long)value, nv = ~v;
    if (width == 32) { v &= 0xffffffffULL; nv &= 0xffffffffULL; }
    return movz_able(v, width) || movz_able(nv, width);
}

/* SYS and its aliases (ic dc at tlbi cfp ...) as LLVM prints them: the alias that
 * llvm-mca knows for the encoding under a CPU of these features (src/a64/sysops.tsv; with Xt
 * when the operation takes a register, without it when it takes none, whatever Rt is), else
 * `sys #op1, Cn, Cm, #op2[, Xt]` */
static bool sys_alias(const char *m, const A64Operand *o, int n, A64Features features, A64Inst *c, A64Operand *ops)
{
    static const char *const cr[16] = {"c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10",
                                       "c11", "c12", "c13", "c14", "c15"};
    int op1, crn, crm, op2, rt = 31, nr;   /* nr: the operands before the register */
    if (streq(m, "sys") && (n == 4 || n == 5) && imm(&o[0]) && o[1].kind == A64_OP_NAMED &&
        o[2].kind == A64_OP_NAMED && imm(&o[3])) {
        op1 = (int)o[0].u.imm.value; op2 = (int)o[3].u.imm.value;
        crn = atoi(o[1].u.named + 1); crm = atoi(o[2].u.named + 1);
        nr = 4;
    } else if ((n == 1 || n == 2) && o[0].kind == A64_OP_NAMED && o[0].u.named) {
        const A64Sysop *s = a64_sysop_find(m, o[0].u.named);
        if (!s || s->print[0] == 's')   /* (brb iall: an instruction of its own, as written) */
            return false;
        op1 = s->op1; crn = s->crn; crm = s->crm; op2 = s->op2;
        nr = 1;
    } else
        return false;
    if (n > nr) {
        if (!gpr(&o[nr]) || o[nr].u.gpr.is_sp)
            return false;
        rt = o[nr].u.gpr.num;
    }
    if (op1 < 0 || op1 > 7 || op2 < 0 || op2 > 7 || crn < 0 || crn > 15 || crm < 0 || crm > 15)
        return false;
    const A64Sysop *a = a64_sysop_at(op1, crn, crm, op2, features);
    A64Operand x = {0};
    x.kind = A64_OP_GPR; x.u.gpr.num = (uint8_t)rt; x.u.gpr.is64 = true;
    if (a) {
        c->mnem_name = a->kind;
        ops[0] = (A64Operand){0};
        ops[0].kind = A64_OP_NAMED; ops[0].u.named = a->name;
        c->nops = a->reg[0] == 'n' ? 1 : 2;
        ops[1] = x;
    } else {
        c->mnem_name = "sys";
        ops[0] = imm_op(op1); ops[3] = imm_op(op2);
        ops[1] = (A64Operand){0}; ops[1].kind = A64_OP_NAMED; ops[1].u.named = cr[crn];
        ops[2] = ops[1]; ops[2].u.named = cr[crm];
        c->nops = rt == 31 ? 4 : 5;
        ops[4] = x;
    }
    return true;
}

/* the hints, written by name (bti c, chkfeat x16, yield) or as `hint #n`, as LLVM prints them
 * for a CPU of these features: by the name of the number that the CPU has (src/a64/opnames.tsv:
 * bti c needs FEAT_BTI), else `hint #n`.  `scratch` (32 bytes) holds the mnemonic of a name
 * with an operand.  False: not a hint. */
static bool hint_alias(const char *m, const A64Operand *o, int n, A64Features features, A64Inst *c, A64Operand *ops,
                       char *scratch)
{
    long long v = -1;
    if (streq(m, "hint") && n == 1 && imm(&o[0]))
        v = o[0].u.imm.value;
    else if (n <= 1) {
        char name[48];
        if (n == 0)
            snprintf(name, sizeof name, "%s", m);
        else if (o[0].kind == A64_OP_NAMED && o[0].u.named)
            snprintf(name, sizeof name, "%s %s", m, o[0].u.named);
        else if (gpr(&o[0]) && !o[0].u.gpr.is_sp && !o[0].shift)
            snprintf(name, sizeof name, "%s %c%d", m, o[0].u.gpr.is64 ? 'x' : 'w', o[0].u.gpr.num);
        else
            return false;
        const A64Opname *e = a64_opname_named("hint", name);
        if (!e)
            return false;
        v = e->value;
    }
    if (v < 0)
        return false;
    const A64Opname *e = a64_opname_value_for("hint", v, features);
    if (!e || !streq(e->print, "mnemonic")) {
        c->mnem_name = "hint"; c->nops = 1;
        ops[0] = imm_op(v);
        return true;
    }
    const char *sp = strchr(e->name, ' ');
    c->nops = 0;
    c->mnem_name = e->name;
    if (sp && (size_t)(sp - e->name) < 32) {
        memcpy(scratch, e->name, (size_t)(sp - e->name));
        scratch[sp - e->name] = 0;
        c->mnem_name = scratch;
        c->nops = 1;
        ops[0] = (A64Operand){0};
        ops[0].kind = A64_OP_NAMED; ops[0].u.named = sp + 1;
    }
    return true;
}

/* the name with an operand of src/a64/opnames.tsv ("bti c", "smstart sm") as the mnemonic (in
 * scratch, 32 bytes) and its operand */
static void name_as_instruction(const char *name, size_t len, A64Inst *c, A64Operand *ops, char *scratch)
{
    if (len > 31)
        len = 31;
    memcpy(scratch, name, len);
    scratch[len] = 0;
    char *sp = strchr(scratch, ' ');
    c->mnem_name = scratch;
    c->nops = 0;
    if (sp) {
        *sp = 0;
        c->nops = 1;
        ops[0] = (A64Operand){0};
        ops[0].kind = A64_OP_NAMED; ops[0].u.named = sp + 1;
    }
}

/* msr FIELD, #0 / #1 of a PSTATE field that llvm prints as another instruction (src/a64/opnames.tsv
 * print `A|B`: msr svcrsm, #1 is smstart sm) */
static bool pstate_alias(const char *m, const A64Operand *o, int n, A64Inst *c, A64Operand *ops, char *scratch)
{
    if (!streq(m, "msr") || n != 2 || o[0].kind != A64_OP_NAMED || !o[0].u.named || !imm(&o[1]) ||
        (o[1].u.imm.value != 0 && o[1].u.imm.value != 1))
        return false;
    const A64Opname *f = a64_opname_named("pstate", o[0].u.named);
    const char *bar = f ? strchr(f->print, '|') : NULL;
    if (!bar)
        return false;
    const char *a = o[1].u.imm.value ? bar + 1 : f->print;
    size_t len = o[1].u.imm.value ? strlen(a) : (size_t)(bar - a);
    name_as_instruction(a, len, c, ops, scratch);
    return true;
}

static bool canonical(const A64Inst *in, A64Inst *c, A64Operand *ops, A64Features features, char *scratch)
{
    const char *m = in->mnem_name;
    const A64Operand *o = in->ops;
    int n = in->nops;
    if (!m || n > A64_MAX_OPS)
        return false;
    *c = *in;
    if (n)                        /* (ret: no operands, ops may be NULL) */
        memcpy(ops, o, (size_t)n * sizeof *ops);
    c->ops = ops;
    /* a row LLVM prints as another instruction (its `print` column: cmle -> cmge, sources swapped) */
    const A64Row *row = in->row >= 0 && in->row < a64_nrows ? &a64_rows[in->row] : NULL;
    if (row && row->print && row->nops == n) {
        c->mnem_name = row->print;
        for (int k = 0; k < n; k++) {
            ops[k] = o[row->print_ops[k] - 1];
            if (row->ops[row->print_ops[k] - 1].kind == P_NBIMM)   /* bic #1 prints as and #0xfffffffe */
                ops[k].u.imm.value = (long long)~(unsigned long long)ops[k].u.imm.value;
            if (row->print_shape[k])                               /* mov v0.4s -> v0.16b */
                ops[k].u.vreg.shape = row->print_shape[k];
        }
        return true;
    }
    /* bitfield moves: immr/imms from the written form */
    char kind = 0;                /* 'b' bfm, 'u' ubfm, 's' sbfm */
    long long immr = 0, imms = 0;
    bool is64 = n >= 1 && gpr(&o[0]) && o[0].u.gpr.is64;
    int size = is64 ? 64 : 32;
    A64Operand src = n >= 2 ? o[1] : (A64Operand){0};
    if (n == 4 && gpr(&o[0]) && gpr(&o[1]) && imm(&o[2]) && imm(&o[3])) {
        long long a = o[2].u.imm.value, b = o[3].u.imm.value;
        static const char *const f[][2] = {{"bfm", "b"}, {"ubfm", "u"}, {"sbfm", "s"}, {"bfi", "b"}, {"ubfiz", "u"},
                                            {"sbfiz", "s"}, {"bfxil", "b"}, {"ubfx", "u"}, {"sbfx", "s"}};
        for (size_t k = 0; k < ARRAY_LEN(f); k++)
            if (streq(m, f[k][0])) {
                kind = f[k][1][0];
                if (k < 3) { immr = a; imms = b; }
                else if (k < 6) { immr = (size - a) % size; imms = b - 1; }
                else { immr = a; imms = a + b - 1; }
            }
    } else if (n == 3 && gpr(&o[0]) && gpr(&o[1]) && imm(&o[2]) && o[2].shift == A64_SH_NONE &&
               (streq(m, "lsl") || streq(m, "lsr") || streq(m, "asr"))) {
        long long s = o[2].u.imm.value;
        kind = m[0] == 'a' ? 's' : 'u';
        if (m[2] == 'l') { immr = (size - s) % size; imms = size - 1 - s; }
        else { immr = s; imms = size - 1; }
    } else if (n == 3 && gpr(&o[0]) && imm(&o[1]) && imm(&o[2]) && streq(m, "bfc")) {
        kind = 'b';
        immr = (size - o[1].u.imm.value) % size;
        imms = o[2].u.imm.value - 1;
        src.kind = A64_OP_GPR; src.u.gpr.num = 31; src.u.gpr.is64 = is64; src.u.gpr.is_sp = false;
    } else if (n == 2 && gpr(&o[0]) && gpr(&o[1]) &&
               (streq(m, "uxtb") || streq(m, "uxth") || streq(m, "uxtw") || streq(m, "sxtb") ||
                streq(m, "sxth") || streq(m, "sxtw"))) {
        kind = m[0] == 'u' ? 'u' : 's';
        immr = 0;
        imms = m[3] == 'b' ? 7 : m[3] == 'h' ? 15 : 31;
    }
    if (kind) {
        if (immr < 0 || immr >= size || imms < 0 || imms >= size)
            return false;
        src.u.gpr.is64 = is64;
        A64Operand d = o[0];
        if (kind == 'b') {
            if (zr(&src) && (immr == 0 || imms < immr)) {
                c->mnem_name = "bfc"; c->nops = 3;
                ops[0] = d; ops[1] = imm_op((size - immr) % size); ops[2] = imm_op(imms + 1);
                return true;
            }
            c->nops = 4; ops[0] = d; ops[1] = src;
            if (imms < immr) { c->mnem_name = "bfi"; ops[2] = imm_op(size - immr); ops[3] = imm_op(imms + 1); }
            else { c->mnem_name = "bfxil"; ops[2] = imm_op(immr); ops[3] = imm_op(imms - immr + 1); }
            return true;
        }
        ops[0] = d; ops[1] = src;
        if (immr == 0 && (imms == 7 || imms == 15 || (imms == 31 && is64 && kind == 's')) && (kind == 's' || !is64)) {
            c->mnem_name = kind == 's' ? (imms == 7 ? "sxtb" : imms == 15 ? "sxth" : "sxtw") : (imms == 7 ? "uxtb" : "uxth");
            c->nops = 2;
            ops[1].u.gpr.is64 = false;
            return true;
        }
        c->nops = 3;
        if (kind == 'u' && imms != size - 1 && imms + 1 == immr) {
            c->mnem_name = "lsl"; ops[2] = imm_op(size - 1 - imms);
        } else if (imms == size - 1) {
            c->mnem_name = kind == 'u' ? "lsr" : "asr"; ops[2] = imm_op(immr);
        } else {
            c->nops = 4;
            if (imms < immr) { c->mnem_name = kind == 'u' ? "ubfiz" : "sbfiz"; ops[2] = imm_op(size - immr); ops[3] = imm_op(imms + 1); }
            else { c->mnem_name = kind == 'u' ? "ubfx" : "sbfx"; ops[2] = imm_op(immr); ops[3] = imm_op(imms - immr + 1); }
        }
        return true;
    }
    /* conditional selects of one register: cset/csetm/cinc/cinv/cneg, the condition inverted */
    static const char *const csel[][3] = {{"cset", "csinc", "cinc"}, {"csetm", "csinv", "cinv"}, {NULL, "csneg", "cneg"}};
    for (size_t k = 0; k < ARRAY_LEN(csel); k++) {
        int cond = -1;
        A64Operand s;
        if (streq(m, csel[k][1]) && n == 4 && same_reg(&o[1], &o[2]) && o[3].kind == A64_OP_COND && o[3].u.cond < A64_COND_AL) {
            s = o[1]; cond = o[3].u.cond ^ 1;
        } else if (streq(m, csel[k][2]) && n == 3 && gpr(&o[1]) && o[2].kind == A64_OP_COND) {
            s = o[1]; cond = o[2].u.cond;
        } else if (csel[k][0] && streq(m, csel[k][0]) && n == 2 && o[1].kind == A64_OP_COND) {
            s = o[0]; s.u.gpr.num = 31; s.u.gpr.is_sp = false; cond = o[1].u.cond;
        }
        if (cond < 0 || cond >= A64_COND_AL)
            continue;
        ops[0] = o[0];
        if (zr(&s) && csel[k][0]) {
            c->mnem_name = csel[k][0]; c->nops = 2;
            ops[1].kind = A64_OP_COND; ops[1].u.cond = (uint8_t)cond; ops[1].shift = 0;
        } else {
            c->mnem_name = csel[k][2]; c->nops = 3;
            ops[1] = s; ops[2].kind = A64_OP_COND; ops[2].u.cond = (uint8_t)cond; ops[2].shift = 0;
        }
        return true;
    }
    /* the zero register as the first source */
    static const char *const zsrc[][2] = {{"orn", "mvn"}, {"sub", "neg"}, {"subs", "negs"}, {"sbc", "ngc"}, {"sbcs", "ngcs"}};
    if (n >= 3 && gpr(&o[0]) && zr(&o[1]) && gpr(&o[2]) && !(o[2].shift >= A64_SH_UXTB)) {
        if (streq(m, "orr") && n == 3 && o[2].shift == A64_SH_NONE) {
            c->mnem_name = "mov"; c->nops = 2; ops[1] = o[2];
            return true;
        }
        for (size_t k = 0; k < ARRAY_LEN(zsrc); k++)
            if (streq(m, zsrc[k][0]) && !(zr(&o[0]) && streq(m, "subs"))) {
                c->mnem_name = zsrc[k][1]; c->nops = n - 1;
                memmove(ops + 1, o + 2, (size_t)(n - 2) * sizeof *ops);
                return true;
            }
    }
    /* the zero register as the destination: tst/cmp/cmn */
    if (n >= 3 && zr(&o[0]) && (streq(m, "ands") || streq(m, "subs") || streq(m, "adds"))) {
        c->mnem_name = m[0] == 'a' && m[1] == 'n' ? "tst" : m[0] == 's' ? "cmp" : "cmn";
        c->nops = n - 1;
        memmove(ops, o + 1, (size_t)(n - 1) * sizeof *ops);
        return true;
    }
    /* multiply-add of the zero register */
    static const char *const mul[][2] = {{"madd", "mul"}, {"msub", "mneg"}, {"smaddl", "smull"}, {"umaddl", "umull"},
                                         {"smsubl", "smnegl"}, {"umsubl", "umnegl"}};
    if (n == 4 && zr(&o[3]))
        for (size_t k = 0; k < ARRAY_LEN(mul); k++)
            if (streq(m, mul[k][0])) {
                c->mnem_name = mul[k][1]; c->nops = 3;
                return true;
            }
    if (streq(m, "extr") && n == 4 && same_reg(&o[1], &o[2]) && imm(&o[3])) {
        c->mnem_name = "ror"; c->nops = 3; ops[2] = o[3];
        return true;
    }
    if (streq(m, "add") && n == 3 && gpr(&o[0]) && gpr(&o[1]) && (o[0].u.gpr.is_sp || o[1].u.gpr.is_sp) &&
        imm(&o[2]) && o[2].u.imm.value == 0 && o[2].shift_amount == 0) {
        c->mnem_name = "mov"; c->nops = 2;
        return true;
    }
    /* orr of the zero register and a logical immediate: mov #value (signed), unless movz or movn
     * could build the value (LLVM's isAnyMOVWMovAlias: then it prints the orr) */
    if (streq(m, "orr") && n == 3 && gpr(&o[0]) && zr(&o[1]) && imm(&o[2]) && o[2].shift == A64_SH_NONE) {
        int w = o[0].u.gpr.is64 ? 64 : 32;
        if (movw_able(o[2].u.imm.value, w))
            return false;
        unsigned long long v = (unsigned long long)o[2].u.imm.value;
        c->mnem_name = "mov"; c->nops = 2;
        ops[1] = imm_op(w == 32 ? (long long)(int32_t)(uint32_t)v : (long long)v);
        return true;
    }
    /* mov of a logical immediate to sp or wsp (an orr: movz and movn cannot write sp) whose value
     * movz or movn could build: printed as the orr, as above */
    if (streq(m, "mov") && n == 2 && gpr(&o[0]) && o[0].u.gpr.is_sp && imm(&o[1]) && o[1].shift == A64_SH_NONE) {
        if (!movw_able(o[1].u.imm.value, o[0].u.gpr.is64 ? 64 : 32))
            return false;
        c->mnem_name = "orr"; c->nops = 3;
        ops[1] = o[0]; ops[1].u.gpr.is_sp = false;   /* xzr / wzr */
        ops[2] = o[1];
        return true;
    }
    if (streq(m, "movn") && n == 2 && gpr(&o[0]) && imm(&o[1])) {
        int w = o[0].u.gpr.is64 ? 64 : 32;
        int sh = o[1].shift == A64_SH_LSL ? o[1].shift_amount : 0;
        unsigned long long v = (unsigned long long)o[1].u.imm.value << sh, nv = ~v;
        if (w == 32) { v &= 0xffffffffULL; nv &= 0xffffffffULL; }
        if ((v == 0 && sh != 0) || movz_able(nv, w))
            return false;
        c->mnem_name = "mov";
        ops[1] = imm_op(w == 32 ? (long long)(int32_t)(uint32_t)nv : (long long)nv);
        return true;
    }
    if (streq(m, "rev64") && n == 2 && gpr(&o[0])) {   /* REV of an x register (rev64 is its alias) */
        c->mnem_name = "rev";
        return true;
    }
    static const char *const shv[][2] = {{"lslv", "lsl"}, {"lsrv", "lsr"}, {"asrv", "asr"}, {"rorv", "ror"}};
    for (size_t k = 0; k < ARRAY_LEN(shv); k++)
        if (streq(m, shv[k][0])) {
            c->mnem_name = shv[k][1];
            return true;
        }
    if (sys_alias(m, o, n, features, c, ops))
        return true;
    if (pstate_alias(m, o, n, c, ops, scratch))
        return true;
    if (hint_alias(m, o, n, features, c, ops, scratch))
        return true;
    if (n == 1 && imm(&o[0])) {
        /* an immediate printed as another instruction: dsb #0 -> ssbb */
        const A64Opname *e = a64_opname_value_for(m, o[0].u.imm.value, features);
        if (e && streq(e->print, "mnemonic")) {
            c->mnem_name = e->name; c->nops = 0;
            return true;
        }
    }
    /* a named operand value printed as LLVM does (by name, or by number: the prefetches to the
     * system level cache, #6, #7, #14, #15, #22, #23): barrier options of dsb/dmb #n, prfm, rprfm */
    const char *what = (streq(m, "dsb") || streq(m, "dmb")) && n == 1 ? "barrier" :
                       (streq(m, "prfm") || streq(m, "prfum")) && n == 2 ? "prfop" :
                       streq(m, "rprfm") && n == 3 ? "rprfop" : NULL;
    if (what && (imm(&o[0]) || (o[0].kind == A64_OP_NAMED && o[0].u.named))) {
        const A64Opname *e = imm(&o[0]) ? a64_opname_value_for(what, o[0].u.imm.value, features)
                                        : a64_opname_named(what, o[0].u.named);
        bool num = e && streq(e->print, "number");
        if (!e || num == imm(&o[0]))
            return false;                         /* (already as LLVM prints it) */
        ops[0] = imm_op(e->value);
        if (!num) {
            ops[0].kind = A64_OP_NAMED;
            ops[0].u.named = e->name;
        }
        return true;
    }
    if (streq(m, "orr") && n == 3 && o[0].kind == A64_OP_VREG && o[1].kind == A64_OP_VREG &&
        o[2].kind == A64_OP_VREG && o[1].u.vreg.num == o[2].u.vreg.num && o[1].u.vreg.shape == o[2].u.vreg.shape) {
        c->mnem_name = "mov"; c->nops = 2;
        return true;
    }
    return false;
}

/* Apple's syntax (llvm's assembly variant 1, the default of arm64-apple-* triples) from the
 * generic text at out->data + start: the arrangement (or element type) of the first vector
 * register moves onto the mnemonic, `.4s`/`.s` leave every vector register (`fabd.2d v2, v2, v0`,
 * `ld1.s { v0 }[1], [x6]`, `mul.2s v0, v1, v2[1]`).  As LLVM 19 prints them (checked with
 * llvm-mc-19 -output-asm-variant=1 on one example of every SIMD&FP form, tests/data/simd-forms.tsv):
 * the scalar mov from an element takes no suffix (`mov d0, v1[1]`); the narrowing and widening
 * fcvt* keep the generic text; the dot products and fmlal/fmlsl take no suffix, and their vector
 * form prints the mnemonic alone (LLVM's Apple printer has no string for it), as do setf8/setf16. */
static void apple_rewrite(Buf *out, size_t start)
{
    static const char *const generic[] = {"fcvtl", "fcvtl2", "fcvtn", "fcvtn2", "fcvtxn", "fcvtxn2", NULL};
    static const char *const bare[] = {"sdot", "udot", "usdot", "sudot", "fmlal", "fmlsl", "fmlal2", "fmlsl2", NULL};
    buf_cstr(out);
    char *t = out->data + start, *tab = strchr(t, '\t');
    if (!tab)
        return;
    char mn[24];
    size_t ml = (size_t)(tab - t);
    if (ml >= sizeof mn)
        return;
    memcpy(mn, t, ml);
    mn[ml] = 0;
    if (in_list(mn, generic))
        return;
    if (streq(mn, "setf8") || streq(mn, "setf16")) {
        out->len = start + ml;   /* the mnemonic alone (LLVM's Apple printer has no operand string) */
        buf_cstr(out);
        return;
    }
    /* the operands without arrangements, and the first arrangement */
    char suf[8] = "";
    Buf ops = {0};
    for (const char *p = tab + 1; *p;) {
        bool reg = *p == 'v' && isdigit((unsigned char)p[1]) && (p == tab + 1 || !isalnum((unsigned char)p[-1]));
        if (reg) {
            const char *d = p + 1;
            while (isdigit((unsigned char)*d))
                d++;
            const char *a = d + 1, *ae = a;
            while (isdigit((unsigned char)*ae))
                ae++;
            if (*d == '.' && strchr("bhsdq", *ae) && *ae && !isalnum((unsigned char)ae[1])) {
                if (!suf[0] && (size_t)(ae + 1 - a) < sizeof suf) {
                    memcpy(suf, a, (size_t)(ae + 1 - a));
                    suf[ae + 1 - a] = 0;
                }
                buf_put(&ops, p, (size_t)(d - p));
                p = ae + 1;
                continue;
            }
        }
        buf_putc(&ops, *p++);
    }
    buf_cstr(&ops);
    if (!suf[0]) {
        buf_free(&ops);
        return;
    }
    bool scalar_first = tab[1] && strchr("bhsdq", tab[1]) && isdigit((unsigned char)tab[2]);
    out->len = start;
    if (in_list(mn, bare)) {
        buf_puts(out, mn);
        if (strchr(ops.data, '['))
            buf_printf(out, "\t%s", ops.data);
    } else if (streq(mn, "mov") && scalar_first) {
        buf_printf(out, "%s\t%s", mn, ops.data);
    } else {
        buf_printf(out, "%s.%s\t%s", mn, suf, ops.data);
    }
    buf_free(&ops);
    buf_cstr(out);
}

/* the operand LLVM leaves out when it is the default: the mnemonic alone is printed (an
 * immediate, a named option, or an x register: ret x30) */
static bool default_operand(const char *m, const A64Operand *o)
{
    static const struct { const char *mnem; long long imm; const char *name; int xreg; } defaults[] = {
        {"isb", 15, "sy", -1}, {"dcps1", 0, NULL, -1}, {"dcps2", 0, NULL, -1}, {"dcps3", 0, NULL, -1},
        {"clrex", 15, NULL, -1}, {"ret", -1, NULL, 30},
    };
    for (size_t k = 0; k < ARRAY_LEN(defaults); k++)
        if (streq(m, defaults[k].mnem)) {
            if (o->kind == A64_OP_GPR)
                return o->u.gpr.is64 && !o->u.gpr.is_sp && o->u.gpr.num == defaults[k].xreg;
            return imm(o) ? o->u.imm.value == defaults[k].imm
                          : defaults[k].name && o->kind == A64_OP_NAMED && o->u.named &&
                            !strcasecmp(o->u.named, defaults[k].name);
        }
    return false;
}

bool a64_print(const A64Inst *in0, uint64_t flags, const A64Features *features, Buf *out)
{
    bool hex = (flags & A64_PRINT_HEX) != 0;
    const A64Features fs = features ? *features : A64_FEATURES_NONE;
    A64Inst cin;
    A64Operand cops[A64_MAX_OPS];
    char scratch[32];
    const A64Inst *in = canonical(in0, &cin, cops, fs, scratch) ? &cin : in0;
    const char *m = in->mnem_name;
    if (!m || !*m)
        return false;
    size_t start = out->len;
    /* the mnemonic: conditional branches with their canonical condition */
    if (in->cond != A64_COND_NONE && (!strncmp(m, "b.", 2) || (m[0] == 'b' && strlen(m) == 3))) {
        buf_puts(out, "b.");
        buf_puts(out, a64_cond_name(in->cond));
    } else if (in->cond != A64_COND_NONE && !strncmp(m, "bc.", 3))
        buf_printf(out, "bc.%s", a64_cond_name(in->cond));
    else if (strchr(m, '.'))
        goto fail;                                /* Apple syntax: the arrangement on the mnemonic */
    else if (streq(m, "sxtl") || streq(m, "sxtl2") || streq(m, "uxtl") || streq(m, "uxtl2")) {
        /* the shift-left-long by 0: LLVM prints the instruction, not the alias */
        if (in->nops != 2 || in->ops[0].kind != A64_OP_VREG || in->ops[1].kind != A64_OP_VREG)
            goto fail;
        buf_printf(out, "%cshll%s\t", m[0], m[4] == '2' ? "2" : "");
        put_vreg(out, in->ops[0].u.vreg.num, in->ops[0].u.vreg.shape);
        buf_puts(out, ", ");
        put_vreg(out, in->ops[1].u.vreg.num, in->ops[1].u.vreg.shape);
        buf_puts(out, ", #0");
        buf_cstr(out);
        if (flags & A64_PRINT_APPLE)
            apple_rewrite(out, start);
        return true;
    } else if (streq(m, "movz") && in->nops == 2 && in->ops[0].kind == A64_OP_GPR && in->ops[1].kind == A64_OP_IMM &&
               !in->ops[1].u.imm.reloc && !in->ops[1].u.imm.sym &&
               !(in->ops[1].u.imm.value == 0 && in->ops[1].shift_amount != 0)) {
        /* movz: LLVM prints mov with the value shifted in place */
        const A64Operand *g = &in->ops[0], *i = &in->ops[1];
        long long v = (long long)((unsigned long long)i->u.imm.value << (i->shift == A64_SH_LSL ? i->shift_amount : 0));
        if (!g->u.gpr.is64)
            v = (int32_t)(uint32_t)v;
        buf_puts(out, "mov\t");
        put_gpr(out, g->u.gpr.num, g->u.gpr.is64, g->u.gpr.is_sp);
        buf_puts(out, ", ");
        put_int(out, v, hex);
        buf_cstr(out);
        return true;
    } else if (streq(m, "fmov") && in->nops == 2 && in->ops[0].kind == A64_OP_VREG && in->ops[1].kind == A64_OP_FIMM &&
               in->ops[1].u.fimm == 0 && !signbit(in->ops[1].u.fimm) &&
               in->ops[0].u.vreg.shape >= A64_V_H && in->ops[0].u.vreg.shape <= A64_V_D) {
        /* fmov d0, #0.0 is fmov d0, xzr (LLVM prints the register form it encodes as) */
        buf_puts(out, "fmov\t");
        put_vreg(out, in->ops[0].u.vreg.num, in->ops[0].u.vreg.shape);
        buf_puts(out, in->ops[0].u.vreg.shape == A64_V_D ? ", xzr" : ", wzr");
        buf_cstr(out);
        return true;
    } else
        put_lower(out, alias(in, m));
    static const char *const logical[] = {"and", "orr", "eor", "ands", "tst", NULL};
    static const char *const exc[] = {"svc", "hvc", "smc", "brk", "hlt", "dcps1", "dcps2", "dcps3", NULL};
    static const char *const bitpos[] = {"lsl", "lsr", "asr", "ror", "ubfx", "sbfx", "ubfiz", "sbfiz", "bfi",
                                         "bfxil", "bfc", "ubfm", "sbfm", "bfm", "udf", NULL};
    static const char *const addsub[] = {"add", "adds", "sub", "subs", "cmp", "cmn", NULL};
    bool gpr_dst = in->nops > 0 && in->ops[0].kind == A64_OP_GPR;
    bool imm_hex = (in_list(m, logical) && gpr_dst) || in_list(m, exc);
    bool imm_dec = in_list(m, bitpos);
    bool fzero = !strncmp(m, "fcm", 3) && !streq(m, "fcmla");   /* fcmeq ..., #0 and fcmp d0, #0: "#0.0" */
    bool w_mov = streq(m, "mov") && gpr_dst && !in->ops[0].u.gpr.is64;   /* a 32-bit value, signed */
    bool ext32 = streq(m, "sxtw") || streq(m, "sxtb") || streq(m, "sxth") || streq(m, "uxtb") || streq(m, "uxth");
    if (in->nops == 1 && default_operand(m, &in->ops[0]))
        return true;                              /* isb sy, dcps1 #0, clrex #15, ret x30: nothing */
    bool tb_w = (streq(m, "tbz") || streq(m, "tbnz")) && in->nops == 3 && in->ops[1].kind == A64_OP_IMM &&
                in->ops[1].u.imm.value < 32;      /* a bit of the low word: LLVM names the w register */
    bool movi64 = streq(m, "movi") && in->nops > 0 && in->ops[0].kind == A64_OP_VREG &&
                  (in->ops[0].u.vreg.shape == A64_V_2D || in->ops[0].u.vreg.shape == A64_V_D);
    for (int k = 0; k < in->nops; k++) {
        const A64Operand *o = &in->ops[k];
        buf_puts(out, k == 0 ? "\t" : ", ");
        switch (o->kind) {
        case A64_OP_GPR:
            put_gpr(out, o->u.gpr.num, o->u.gpr.is64 && !(ext32 && k == 1) && !(tb_w && k == 0), o->u.gpr.is_sp);
            put_modifier(out, o, false);
            break;
        case A64_OP_VREG:
            put_vreg(out, o->u.vreg.num, o->u.vreg.shape);
            if (o->u.vreg.index >= 0)
                buf_printf(out, "[%d]", o->u.vreg.index);
            break;
        case A64_OP_VLIST:
            buf_puts(out, "{ ");
            for (int r = 0; r < o->u.vlist.count; r++) {
                if (r)
                    buf_puts(out, ", ");
                put_vreg(out, (o->u.vlist.first + r) % 32, o->u.vlist.shape);
            }
            buf_puts(out, " }");
            if (o->u.vlist.index >= 0)
                buf_printf(out, "[%d]", o->u.vlist.index);
            break;
        case A64_OP_IMM: {
            if (o->u.imm.sym) {                   /* an expression of symbols, as llvm prints it */
                if (m[0] == 'm' && m[1] == 'o' && m[2] == 'v')
                    buf_putc(out, '#');           /* (movz/movn/movk print their immediate) */
                buf_puts(out, o->u.imm.sym);
                put_modifier(out, o, false);
                break;
            }
            long long v = o->u.imm.value;
            if (w_mov)
                v = (int32_t)(uint32_t)v;
            if (fzero && v == 0) {
                buf_puts(out, "#0.0");
            } else if (movi64) {
                buf_printf(out, "#%#016llx", (unsigned long long)v);
            } else if (imm_hex) {
                unsigned long long u = (unsigned long long)v;
                if (in_list(m, logical) && !in->ops[0].u.gpr.is64)
                    u &= 0xffffffffull;
                buf_printf(out, in_list(m, logical) ? "#0x%llx" : "#%#llx", u);   /* (LLVM: %#x, "0" for zero) */
            } else if (in_list(m, addsub) && o->shift == A64_SH_NONE && v > 4095 && v % 4096 == 0 && v <= 4095 * 4096) {
                put_int(out, v / 4096, hex);
                buf_puts(out, ", lsl #12");
            } else {
                put_int(out, v, hex && !imm_dec);
            }
            put_modifier(out, o, false);
            break;
        }
        case A64_OP_FIMM:
            if (fzero && o->u.fimm == 0)
                buf_puts(out, "#0.0");
            else
                buf_printf(out, "#%.8f", o->u.fimm);
            break;
        case A64_OP_MEM: {
            buf_putc(out, '[');
            put_gpr(out, o->u.mem.base, true, true);
            if (o->u.mem.sym) {
                if (o->u.mem.mode != A64_AM_OFFSET)
                    goto fail;
                buf_printf(out, ", %s]", o->u.mem.sym);
                break;
            }
            if (o->u.mem.has_index) {
                buf_puts(out, ", ");
                put_gpr(out, o->u.mem.index, o->u.mem.index64, false);
                /* an explicit amount #0 is its own encoding (S = 1) for byte accesses only
                 * (`lsl #0`, `uxtw #0`, `sxtx #0` printed so); on the others it is the unscaled
                 * index, printed without it (`uxtw`, or nothing for lsl), as llvm */
                int elem = in->mem.nregs > 1 ? in->mem.size / in->mem.nregs : in->mem.size;
                A64Operand x = {.shift = o->u.mem.ext, .shift_amount = o->u.mem.ext_amount};
                if (x.shift == A64_SH_LSL && o->u.mem.ext_explicit && (x.shift_amount || elem == 1))
                    buf_printf(out, ", lsl #%d", x.shift_amount);
                else
                    put_modifier(out, &x, o->u.mem.ext_explicit && elem == 1);
            }
            if (o->u.mem.mode == A64_AM_POST) {
                buf_putc(out, ']');
                if (o->u.mem.post_reg) {
                    buf_puts(out, ", ");
                    put_gpr(out, o->u.mem.post_index, true, false);
                } else {
                    buf_puts(out, ", ");
                    put_int(out, o->u.mem.offset, hex);
                }
                break;
            }
            if (o->u.mem.offset != 0 || o->u.mem.mode == A64_AM_PRE) {
                buf_puts(out, ", ");
                put_int(out, o->u.mem.offset, hex);
            }
            buf_puts(out, o->u.mem.mode == A64_AM_PRE ? "]!" : "]");
            break;
        }
        case A64_OP_LABEL: {
            size_t at = out->len;
            if (o->u.label.text)                  /* an expression, as llvm prints it */
                buf_puts(out, o->u.label.text);
            else if (o->u.label.pcrel)            /* b #8 */
                put_int(out, o->u.label.dot_offset, hex);
            else if (o->u.label.sym)
                put_sym(out, o->u.label.sym);
            else if (o->u.label.numeric >= 0) {
                buf_printf(out, "%d%c", o->u.label.numeric, o->u.label.dir);
                /* (llvm names the label it makes .Ltmp<N>: the text as written instead) */
                buf_cstr(out);
                if (!in->text || !strstr(in->text, out->data + at))
                    goto fail;
            } else
                goto fail;
            break;
        }
        case A64_OP_COND:
            buf_puts(out, a64_cond_name(o->u.cond));
            break;
        case A64_OP_SYSREG: {
            /* as llvm-mca names the register read (mrs) or written (msr: the first of several
             * operands) under the CPU's features, else S3_0_C1_C0_6 */
            char g[32];
            if (!o->u.sysreg.name)
                goto fail;
            buf_puts(out, a64_sysreg_print_name(o->u.sysreg.enc, k == 0 && in->nops > 1, fs, g, sizeof g));
            break;
        }
        case A64_OP_NAMED: {
            if (!o->u.named)
                goto fail;
            const A64Opname *f = streq(m, "msr") && k == 0 ? a64_opname_named("pstate", o->u.named) : NULL;
            if (f && strcmp(f->feature, "-") && !a64_features_have_list(fs, f->feature))
                buf_printf(out, "#%d", f->value); /* a field the CPU lacks, taken after a directive
                                                   * (.arch armv8.8-a: msr allint, #1 is msr #8, #1) */
            else if (f)
                buf_puts(out, f->name);           /* a PSTATE field as LLVM spells it: DAIFSet */
            else
                put_lower(out, o->u.named);
            break;
        }
        default:
            goto fail;
        }
    }
    buf_cstr(out);
    if (flags & A64_PRINT_APPLE)
        apple_rewrite(out, start);
    return true;
fail:
    out->len = start;
    buf_cstr(out);
    return false;
}

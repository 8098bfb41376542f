/* print.c — an instruction as LLVM's AArch64 instruction printer writes it (what llvm-mca and
 * llvm-mc show): "mnemonic<TAB>operands", operands from the parsed A64Inst, not from the text:
 *   - lowercase registers, ", " between operands, `{ v0.4s, v1.4s }` lists written out in full,
 *     `b.le` for `ble`, hs/lo for cs/cc, `#` on every immediate, `[x1]` for `[x1, #0]`,
 *     system registers in uppercase (MRS/MSR operands, as llvm prints them), `lsl #0` dropped,
 *     `:lo12:sym` relocations without `#`, tbz/tbnz on a low bit with the w register;
 *   - immediates in decimal, except where LLVM always prints hex: the bitmask of a logical
 *     instruction (and/orr/eor/ands/tst on general registers), the exception-generating
 *     instructions (svc, hvc, smc, brk, hlt) and the 64-bit byte mask of movi (printed with
 *     "%#016llx", as LLVM); with `hex` (llvm-mca -print-imm-hex) in hex everywhere except shift
 *     amounts and the bit positions of the shift and bitfield aliases;
 *   - floating-point immediates with eight decimals (`#1.50000000`);
 *   - `add x0, x1, #4096` as `#1, lsl #12`.
 * LLVM's preferred aliases that only rename (ins, umov, dup of an element to a scalar -> mov,
 * not -> mvn, ldr/str with an unscaled offset -> ldur/stur), movz -> mov #value and
 * sxtl/uxtl -> sshll/ushll #0 are chosen as LLVM does; the others (orr -> mov, bfc ...) keep the
 * mnemonic written.  Where an operand carries what the printer cannot rebuild (Apple's
 * sym@PAGEOFF, a relocation not as written, Apple's arrangement on the mnemonic) a64_print
 * returns false and the caller shows the text as written.  tools/print-check.sh compares the
 * result with llvm-mc's on any .s files. */
#include "a64/internal.h"

#include <ctype.h>
#include <math.h>
#include <string.h>
#include <strings.h>

static bool in_list(const char *m, const char *const *l)
{
    for (; *l; l++)
        if (!strcmp(m, *l))
            return true;
    return false;
}

static void put_gpr(Buf *b, int num, bool is64, bool is_sp)
{
    if (num == 31)
        buf_puts(b, is_sp ? (is64 ? "sp" : "wsp") : (is64 ? "xzr" : "wzr"));
    else
        buf_printf(b, "%c%d", is64 ? 'x' : 'w', num);
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
        buf_printf(b, "%d", num);
        return;
    }
    buf_printf(b, "v%d.", num);
    put_lower(b, n);
}

/* a symbol name, in quotes when it holds a character other than letters, digits, _ $ . (as
 * LLVM's MCSymbol prints it: "__real@3ff0000000000000", "??_C@_06...") */
static void put_sym(Buf *b, const char *s)
{
    bool q = false;
    for (const char *c = s; *c && !q; c++)
        q = !isalnum((unsigned char)*c) && *c != '_' && *c != '$' && *c != '.';
    if (q)
        buf_putc(b, '"');
    buf_puts(b, s);
    if (q)
        buf_putc(b, '"');
}

static void put_int(Buf *b, long long v, bool hex)
{
    if (!hex)
        buf_printf(b, "#%lld", v);
    else if (v < 0)
        buf_printf(b, "#-0x%llx", (unsigned long long)0 - (unsigned long long)v);
    else
        buf_printf(b, "#0x%llx", (unsigned long long)v);
}

/* ":lo12:sym+8" as written in ELF syntax (false when the text has another form: sym@PAGEOFF) */
static bool put_reloc(Buf *b, const A64Inst *in, const char *reloc, const char *sym, long long off)
{
    if (!reloc || !sym)
        return false;
    size_t at = b->len;
    buf_printf(b, ":%s:%s", reloc, sym);
    if (off)
        buf_printf(b, "%+lld", off);
    buf_cstr(b);
    return in->text && strstr(in->text, b->data + at);
}

static void put_modifier(Buf *b, const A64Operand *o)
{
    static const char *const names[] = {"", "lsl", "lsr", "asr", "ror", "msl", "uxtb", "uxth", "uxtw", "uxtx",
                                        "sxtb", "sxth", "sxtw", "sxtx"};
    if (o->shift == A64_SH_NONE || o->shift >= ARRAY_LEN(names))
        return;
    if (o->shift <= A64_SH_MSL && o->shift_amount == 0)
        return;                                   /* lsl #0: LLVM prints nothing */
    buf_printf(b, ", %s", names[o->shift]);
    if (o->shift_amount || o->shift <= A64_SH_MSL)
        buf_printf(b, " #%d", o->shift_amount);
}

/* LLVM's preferred alias, where it only renames the instruction (its operands print alike) */
static const char *alias(const A64Inst *in, const char *m)
{
    const A64Operand *o = in->ops;
    if (!strcmp(m, "ins"))
        return "mov";
    if (!strcmp(m, "not"))
        return "mvn";
    if (!strcmp(m, "dup") && in->nops == 2 && o[0].kind == A64_OP_VREG && o[0].u.vreg.shape >= A64_V_B &&
        o[0].u.vreg.shape <= A64_V_Q && o[0].u.vreg.index < 0)
        return "mov";                             /* dup b0, v0.b[1] */
    if (!strcmp(m, "umov") && in->nops == 2 && o[0].kind == A64_OP_GPR && o[1].kind == A64_OP_VREG &&
        (o[1].u.vreg.shape == (o[0].u.gpr.is64 ? A64_V_ELEM_D : A64_V_ELEM_S)))
        return "mov";                             /* umov w0, v1.s[1] */
    /* ldr/str with an offset the scaled form cannot take: the unscaled ldur/stur */
    static const char *const ls[][2] = {{"ldr", "ldur"}, {"str", "stur"}, {"ldrb", "ldurb"}, {"strb", "sturb"},
                                        {"ldrh", "ldurh"}, {"strh", "sturh"}, {"ldrsb", "ldursb"},
                                        {"ldrsh", "ldursh"}, {"ldrsw", "ldursw"}, {"prfm", "prfum"}};
    for (size_t k = 0; k < ARRAY_LEN(ls); k++)
        if (!strcmp(m, ls[k][0]) && in->nops == 2 && o[1].kind == A64_OP_MEM && o[1].u.mem.mode == A64_AM_OFFSET &&
            !o[1].u.mem.has_index && !o[1].u.mem.reloc && !o[1].u.mem.sym) {
            int size = k == ARRAY_LEN(ls) - 1 ? 8 : in->mem.size > 0 ? in->mem.size : 1;
            int32_t off = o[1].u.mem.offset;
            if (off < 0 || off % size != 0)
                return ls[k][1];
        }
    return m;
}

bool a64_print(const A64Inst *in, bool hex, Buf *out)
{
    const char *m = in->mnem_name;
    if (!m || !*m)
        return false;
    size_t start = out->len;
    /* the mnemonic: conditional branches with their canonical condition */
    if (in->cond != A64_COND_NONE && (!strncmp(m, "b.", 2) || (m[0] == 'b' && strlen(m) == 3)))
        buf_printf(out, "b.%s", a64_cond_name(in->cond));
    else if (in->cond != A64_COND_NONE && !strncmp(m, "bc.", 3))
        buf_printf(out, "bc.%s", a64_cond_name(in->cond));
    else if (strchr(m, '.'))
        goto fail;                                /* Apple syntax: the arrangement on the mnemonic */
    else if (!strcmp(m, "sxtl") || !strcmp(m, "sxtl2") || !strcmp(m, "uxtl") || !strcmp(m, "uxtl2")) {
        /* the shift-left-long by 0: LLVM prints the instruction, not the alias */
        if (in->nops != 2 || in->ops[0].kind != A64_OP_VREG || in->ops[1].kind != A64_OP_VREG)
            goto fail;
        buf_printf(out, "%cshll%s\t", m[0], m[4] == '2' ? "2" : "");
        put_vreg(out, in->ops[0].u.vreg.num, in->ops[0].u.vreg.shape);
        buf_puts(out, ", ");
        put_vreg(out, in->ops[1].u.vreg.num, in->ops[1].u.vreg.shape);
        buf_puts(out, ", #0");
        buf_cstr(out);
        return true;
    } else if (!strcmp(m, "movz") && in->nops == 2 && in->ops[0].kind == A64_OP_GPR && in->ops[1].kind == A64_OP_IMM &&
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
    } else if (!strcmp(m, "fmov") && in->nops == 2 && in->ops[0].kind == A64_OP_VREG && in->ops[1].kind == A64_OP_FIMM &&
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
    static const char *const exc[] = {"svc", "hvc", "smc", "brk", "hlt", NULL};
    static const char *const bitpos[] = {"lsl", "lsr", "asr", "ror", "ubfx", "sbfx", "ubfiz", "sbfiz", "bfi",
                                         "bfxil", "bfc", "ubfm", "sbfm", "bfm", "udf", NULL};
    static const char *const addsub[] = {"add", "adds", "sub", "subs", "cmp", "cmn", NULL};
    bool gpr_dst = in->nops > 0 && in->ops[0].kind == A64_OP_GPR;
    bool imm_hex = (in_list(m, logical) && gpr_dst) || in_list(m, exc);
    bool imm_dec = in_list(m, bitpos);
    bool fzero = !strncmp(m, "fcm", 3) && strcmp(m, "fcmla");   /* fcmeq ..., #0 and fcmp d0, #0: "#0.0" */
    bool w_mov = !strcmp(m, "mov") && gpr_dst && !in->ops[0].u.gpr.is64;   /* a 32-bit value, signed */
    bool ext32 = !strcmp(m, "sxtw") || !strcmp(m, "sxtb") || !strcmp(m, "sxth") || !strcmp(m, "uxtb") || !strcmp(m, "uxth");
    if (!strcmp(m, "isb") && in->nops == 1 && in->ops[0].kind == A64_OP_NAMED && in->ops[0].u.named &&
        !strcasecmp(in->ops[0].u.named, "sy"))
        return true;                              /* isb sy: LLVM prints the default option as nothing */
    bool tb_w = (!strcmp(m, "tbz") || !strcmp(m, "tbnz")) && in->nops == 3 && in->ops[1].kind == A64_OP_IMM &&
                in->ops[1].u.imm.value < 32;      /* a bit of the low word: LLVM names the w register */
    bool movi64 = !strcmp(m, "movi") && in->nops > 0 && in->ops[0].kind == A64_OP_VREG &&
                  (in->ops[0].u.vreg.shape == A64_V_2D || in->ops[0].u.vreg.shape == A64_V_D);
    for (int k = 0; k < in->nops; k++) {
        const A64Operand *o = &in->ops[k];
        buf_puts(out, k == 0 ? "\t" : ", ");
        switch (o->kind) {
        case A64_OP_GPR:
            put_gpr(out, o->u.gpr.num, o->u.gpr.is64 && !(ext32 && k == 1) && !(tb_w && k == 0), o->u.gpr.is_sp);
            put_modifier(out, o);
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
            if (o->u.imm.reloc || o->u.imm.sym) {
                if (!put_reloc(out, in, o->u.imm.reloc, o->u.imm.sym, o->u.imm.value))
                    goto fail;
                put_modifier(out, o);
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
            put_modifier(out, o);
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
            if (o->u.mem.reloc || o->u.mem.sym) {
                buf_puts(out, ", ");
                if (o->u.mem.mode != A64_AM_OFFSET || !put_reloc(out, in, o->u.mem.reloc, o->u.mem.sym, o->u.mem.offset))
                    goto fail;
                buf_putc(out, ']');
                break;
            }
            if (o->u.mem.has_index) {
                buf_puts(out, ", ");
                put_gpr(out, o->u.mem.index, o->u.mem.index64, false);
                A64Operand x = {.shift = o->u.mem.ext, .shift_amount = o->u.mem.ext_amount};
                if (x.shift == A64_SH_LSL && o->u.mem.ext_explicit)
                    buf_printf(out, ", lsl #%d", x.shift_amount);
                else
                    put_modifier(out, &x);
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
            if (o->u.mem.offset != 0 || (o->u.mem.mode == A64_AM_PRE && o->u.mem.has_offset)) {
                buf_puts(out, ", ");
                put_int(out, o->u.mem.offset, hex);
            }
            buf_puts(out, o->u.mem.mode == A64_AM_PRE ? "]!" : "]");
            break;
        }
        case A64_OP_LABEL: {
            size_t at = out->len;
            if (o->u.label.sym)
                put_sym(out, o->u.label.sym);
            else if (o->u.label.numeric >= 0)
                buf_printf(out, "%d%c", o->u.label.numeric, o->u.label.dir);
            else if (o->u.label.is_dot)
                buf_putc(out, '.');
            else
                goto fail;
            if (o->u.label.dot_offset)
                buf_printf(out, "%+lld", (long long)o->u.label.dot_offset);
            /* (a label as the printer rebuilt it must be what was written) */
            buf_cstr(out);
            if (!in->text || !strstr(in->text, out->data + at))
                goto fail;
            break;
        }
        case A64_OP_COND:
            buf_puts(out, a64_cond_name(o->u.cond));
            break;
        case A64_OP_SYSREG:
            if (!o->u.sysreg.name)
                goto fail;
            for (const char *s = o->u.sysreg.name; *s; s++)
                buf_putc(out, (char)toupper((unsigned char)*s));
            break;
        case A64_OP_NAMED:
            if (!o->u.named)
                goto fail;
            put_lower(out, o->u.named);
            break;
        default:
            goto fail;
        }
    }
    buf_cstr(out);
    return true;
fail:
    out->len = start;
    buf_cstr(out);
    return false;
}

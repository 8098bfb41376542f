/* test_a64_encode.c — the A64 encoder: tricky fields (logical immediates, fp8, movz/movn shifts,
 * addressing modes, SIMD arrangements and indexes, shifts by immediate, bitfields, conditions,
 * fixups) against the words llvm-mc-19 -show-encoding gives (the facts; tests/sh/enc-llvm.sh
 * compares the whole corpus), and what has no encoding. */
#include "a64/a64.h"
#include "a64/internal.h"
#include "t.h"

static uint32_t enc(const char *s, bool *ok)
{
    A64Program prog;
    Diag err;
    uint32_t w = 0;
    *ok = false;
    if (!a64_parse("t.s", s, strlen(s), &prog, &err)) {
        t_fail(__FILE__, __LINE__, "parse of '%s' failed: %s", s, err.msg);
        return 0;
    }
    if (prog.ninsts == 1) *ok = a64_encode(&prog.insts[0], &w, NULL);
    a64_program_free(&prog);
    return w;
}

static void check_word(const char *s, uint32_t want, int line)
{
    bool ok;
    uint32_t w = enc(s, &ok);
    if (!ok) t_fail(__FILE__, line, "'%s': no encoding, want 0x%08x", s, want);
    else if (w != want) t_fail(__FILE__, line, "'%s' = 0x%08x, want 0x%08x", s, w, want);
}
#define WORD(s, w) check_word(s, w, __LINE__)

TEST(enc_logical_imm)
{
    CHECK_INT(a64_bitmask_encode(0xff, 64), 1 << 12 | 0 << 6 | 7);
    CHECK_INT(a64_bitmask_encode(0x5555555555555555ull, 64), 0x3c);
    CHECK_INT(a64_bitmask_encode(0, 64), -1);
    CHECK_INT(a64_bitmask_encode(0x1234, 64), -1);
    WORD("and x0, x1, #0xff", 0x92401c20);
    WORD("and w0, w1, #0x80000001", 0x12010420);
    WORD("orr x2, x3, #0x5555555555555555", 0xb200f062);
    WORD("eor w4, w5, #0xfffffffe", 0x521f78a4);
    WORD("mov x0, #0xffff0000ffff0000", 0xb2103fe0);
}

TEST(enc_fp8)
{
    CHECK_INT(a64_fp8_encode(1.0), 0x70);
    CHECK_INT(a64_fp8_encode(2.0), 0x00);
    CHECK_INT(a64_fp8_encode(-0.125), 0xc0);
    CHECK_INT(a64_fp8_encode(0.1), -1);
    WORD("fmov d0, #1.0", 0x1e6e1000);
    WORD("fmov s1, #-0.125", 0x1e381001);
    WORD("fmov h2, #31.0", 0x1ee7f002);
    WORD("fmov v3.2d, #2.5", 0x6f00f483);
}

TEST(enc_movz_movn)
{
    WORD("mov x0, #0x10000", 0xd2a00020);
    WORD("mov x0, #0x1234000000000000", 0xd2e24680);
    WORD("mov w1, #0xffff0000", 0x52bfffe1);
    WORD("mov x2, #-2", 0x92800022);
    WORD("movz x3, #0x1234, lsl #32", 0xd2c24683);
    WORD("movk w4, #0xbeef, lsl #16", 0x72b7dde4);
}

TEST(enc_addressing)
{
    WORD("ldr x0, [x1, #4088]", 0xf947fc20);
    WORD("ldr w2, [sp, #-4]", 0xb85fc3e2);
    WORD("ldr q3, [x4, #16]!", 0x3cc10c83);
    WORD("ldr d5, [x6], #-8", 0xfc5f84c5);
    WORD("ldp x7, x8, [sp, #-16]!", 0xa9ff23e7);
    WORD("ldr x9, [x10, x11, lsl #3]", 0xf86b7949);
    WORD("ldrb w12, [x13, w14, sxtw]", 0x386ec9ac);
    WORD("ldrh w15, [x16, x17, lsl #1]", 0x78717a0f);
    WORD("str s18, [x19, w20, uxtw #2]", 0xbc345a72);
}

TEST(enc_simd)
{
    WORD("add v0.16b, v1.16b, v2.16b", 0x4e228420);
    WORD("add v0.2d, v1.2d, v2.2d", 0x4ee28420);
    WORD("fmla v3.8h, v4.8h, v5.h[7]", 0x4f351883);
    WORD("fmla v6.4s, v7.4s, v8.s[2]", 0x4f8818e6);
    WORD("mov v9.s[1], w10", 0x4e0c1d49);
    WORD("dup v11.8b, v12.b[15]", 0x0e1f058b);
    WORD("ld1 { v13.16b, v14.16b, v15.16b, v16.16b }, [x17], #64", 0x4cdf222d);
    WORD("ld1 { v18.s }[3], [x19], x20", 0x4dd49272);
    WORD("ushr v21.2d, v22.2d, #64", 0x6f4006d5);
    WORD("shl v23.4h, v24.4h, #15", 0x0f1f5717);
}

TEST(enc_shifts_bitfields_conds)
{
    WORD("scvtf d25, x26, #64", 0x9e420359);
    WORD("ubfx w27, w28, #31, #1", 0x531f7f9b);
    WORD("lsl x29, x30, #1", 0xd37ffbdd);
    WORD("b.ge sym", 0x5400000a);
    WORD("cbz w0, sym", 0x34000000);
    WORD("adrp x1, sym", 0x90000001);
    WORD("add x2, x2, :lo12:sym", 0x91000042);
    WORD("mrs x3, s3_3_c4_c2_0", 0xd53b4203);
    WORD("dmb ishld", 0xd50339bf);
    WORD("csinc w4, w5, w6, hi", 0x1a8684a4);
    WORD("cset x7, lo", 0x9a9f27e7);
}

TEST(enc_gnu_spellings)
{
    /* accepted as GNU as spells them, refused by llvm-mc: GNU as's words (aarch64-linux-gnu-as 2.40) */
    WORD("prfm pldl1keep, [x1, #-8]", 0xf89f8020);
    WORD("movi v0.16b, #-1", 0x4f07e7e0);
    WORD("movi v1.8b, #-128", 0x0f04e401);
}

TEST(enc_none)
{
    /* a value outside the range its layout was learned on has no word, never a guess */
    A64Program prog;
    Diag err;
    const char *s = "add x0, x1, #1";
    CHECK(a64_parse("t.s", s, strlen(s), &prog, &err));
    A64Operand *o = (A64Operand *)&prog.insts[0].ops[2];
    CHECK_INT(o->kind, A64_OP_IMM);
    o->u.imm.value = 5000;
    uint32_t w;
    const char *why = NULL;
    CHECK(!a64_encode(&prog.insts[0], &w, &why));
    CHECK(why != NULL);
    a64_program_free(&prog);
}

/* test_a64_parse.c — the front end: operands, semantics, forms, regions, layout, errors. */
#include "a64/internal.h"
#include "asm/asm.h"
#include "t.h"

#include <ctype.h>

static A64Program prog;
static Diag err;

static bool parse(const char *s)
{
    a64_program_free(&prog);
    return a64_parse("t.s", s, strlen(s), &prog, &err);
}

/* the first instruction of `s` */
static const A64Inst *one(const char *s)
{
    if (!parse(s)) {
        t_fail(__FILE__, __LINE__, "parse of '%s' failed: %s", s, err.msg);
        return NULL;
    }
    if (prog.ninsts < 1) return NULL;
    return &prog.insts[0];
}

static const char *form(const char *s)
{
    const A64Inst *in = one(s);
    return in ? in->form : NULL;
}

TEST(a64_forms_integer)
{
    CHECK_STR(form("add x0, x1, x2"), "ADD_reg_64");
    CHECK_STR(form("add w0, w0, w1, lsr #17"), "ADD_reg_lsr_32");
    CHECK_STR(form("add x0, x0, w1, uxth"), "ADD_uxth_64");
    CHECK_STR(form("add x0, sp, x1"), "ADD_uxtx_64");
    CHECK_STR(form("add w0, w0, #3, lsl #12"), "ADD_shift_imm_32");
    CHECK_STR(form("subs x0, x0, #3"), "SUBS_imm_64");
    CHECK_STR(form("cmp w0, #0"), "CMP_imm_32");
    CHECK_STR(form("tst x0, x1"), "TST_reg_64");
    CHECK_STR(form("and x0, x1, #0x5555555555555555"), "AND_imm_64");
    CHECK_STR(form("orr w0, w1, #0xff0"), "ORR_imm_32");
    CHECK_STR(form("eor x0, x1, x2, ror #3"), "EOR_reg_ror_64");
    CHECK_STR(form("mov x0, #0x1234"), "MOVZ_64");
    CHECK_STR(form("mov w0, #0xffffffff"), "MOVN_32");
    CHECK_STR(form("mov x0, #0xffffffff"), "MOV_bitmask_imm_64");
    CHECK_STR(form("mov x0, x1"), "ORR_reg_64");
    CHECK_STR(form("mov x0, sp"), "MOV_from_sp_64");
    CHECK_STR(form("movz x0, #0x1234, lsl 16"), "MOVZ_64");
    CHECK_STR(form("lsr w0, w1, #31"), "LSR_imm_32");
    CHECK_STR(form("sbfiz x0, x1, #2, #30"), "SBFIZ_64");
    CHECK_STR(form("csetm x0, ne"), "CSETM_64");
    CHECK_STR(form("umulh x0, x1, x2"), "UMULH");
    CHECK_STR(form("extr w0, w0, w1, 13"), "EXTR_reg_32");
}

TEST(a64_forms_memory)
{
    CHECK_STR(form("ldr x0, [x6]"), "LDR_64");
    CHECK_STR(form("ldr w0, [x6, #8]"), "LDR_unsigned_off_32");
    CHECK_STR(form("ldr x0, [x6, #-8]"), "LDUR_64");
    CHECK_STR(form("ldr x0, [x6, #8]!"), "LDR_pre_64");
    CHECK_STR(form("ldr w0, [x6], #8"), "LDR_post_32");
    CHECK_STR(form("ldr x0, [x6, w7, sxtw]"), "LDR_reg_sxtw_64");
    CHECK_STR(form("ldrh w0, [x6, x7, lsl #1]"), "LDRH_reg_lsl");
    CHECK_STR(form("ldr w0, .+4"), "LDR_literal_32");
    CHECK_STR(form("ldp x0, x1, [x6, #16]"), "LDP_signed_off_64");
    CHECK_STR(form("stp w0, w1, [x6], #8"), "STP_post_32");
    CHECK_STR(form("caspal x0, x1, x2, x3, [x6]"), "CASPAL_64");
    CHECK_STR(form("prfm plil3keep, [x6]"), "PRFM_reg_PLIL3KEEP");
}

TEST(a64_forms_branch_system)
{
    CHECK_STR(form("b .+4"), "B");
    CHECK_STR(form("x: b.ne x"), "B_cc_taken");
    CHECK_STR(form("b.lo .+8"), "B_cc_not_taken");
    CHECK_STR(form("cbz x0, .+4"), "CBZ_not_taken");
    CHECK_STR(form("dmb oshst"), "DMB_OSHST");
    CHECK_STR(form("mrs x0, TPIDR_EL0"), "MRS_TPIDR_EL0");
    CHECK_STR(form("mrs x0, s3_3_c14_c0_2"), "MRS_CNTVCT_EL0");
    CHECK_STR(form(".word 0x90000020"), "ADRP");
    const A64Inst *in = one("ret");
    CHECK(in && in->approx && in->branch == A64_BR_RETURN && a64_inst_note(in));
    in = one("blr x3");
    CHECK(in && in->approx && in->branch == A64_BR_CALL_INDIRECT);
}

TEST(a64_semantics_registers)
{
    const A64Inst *in = one("add w5, w6, wzr");
    CHECK(in != NULL);
    if (!in) return;
    CHECK_INT(in->nwrites, 1);
    CHECK_INT(in->writes[0].reg, 5);
    CHECK_INT(in->writes[0].bits, 32);
    CHECK_INT(in->writes[0].opnd, 1);
    CHECK_INT(in->nreads, 1);                 /* wzr reads nothing */
    CHECK_INT(in->reads[0].reg, 6);
    CHECK_INT(in->reads[0].opnd, 2);
    in = one("add sp, sp, #16");
    CHECK_INT(in->writes[0].reg, A64_SP);
    CHECK_INT(in->reads[0].reg, A64_SP);
    in = one("mov xzr, x1");
    CHECK_INT(in->nwrites, 0);                /* writes to xzr are discarded */
    in = one("subs x0, x1, x2");
    CHECK_INT(in->nwrites, 2);
    CHECK_INT(in->writes[1].reg, A64_NZCV);
    in = one("csel w0, w1, w2, eq");
    CHECK_INT(in->nreads, 3);
    CHECK_INT(in->reads[2].reg, A64_NZCV);
    in = one("bl foo");
    CHECK_INT(in->writes[0].reg, 30);
    CHECK_INT(in->branch, A64_BR_CALL);
}

TEST(a64_semantics_memory)
{
    const A64Inst *in = one("ldp x0, x1, [sp, #-16]!");
    CHECK_INT(in->mem.kind, A64_MEM_LOAD);
    CHECK_INT(in->mem.size, 16);
    CHECK(in->mem.pair);
    CHECK(in->mem.writeback);
    CHECK_INT(in->nwrites, 3);
    CHECK_INT(in->writes[2].reg, A64_SP);
    in = one("strh w1, [x2, x3, lsl #1]");
    CHECK_INT(in->mem.kind, A64_MEM_STORE);
    CHECK_INT(in->mem.size, 2);
    CHECK_INT(in->nreads, 3);
    CHECK_INT(in->ops[1].u.mem.index, 3);
    CHECK_INT(in->ops[1].u.mem.ext, A64_SH_LSL);
    in = one("ldrsb x0, [x1], #1");
    CHECK_INT(in->mem.size, 1);
    CHECK_INT(in->ops[1].u.mem.mode, A64_AM_POST);
    CHECK_INT(in->ops[1].u.mem.offset, 1);
}

TEST(a64_operands)
{
    const A64Inst *in = one("movk x0, #0x1234, lsl 16");
    CHECK_INT(in->ops[1].kind, A64_OP_IMM);
    CHECK_INT(in->ops[1].u.imm.value, 0x1234);
    CHECK_INT(in->ops[1].shift, A64_SH_LSL);
    CHECK_INT(in->ops[1].shift_amount, 16);
    in = one("adrp x0, :got:sym");
    CHECK_STR(in->ops[1].u.imm.reloc, "got");
    CHECK_STR(in->ops[1].u.imm.sym, ":got:sym");
    in = one("csinc w0, w1, w2, hs");
    CHECK_INT(in->ops[3].kind, A64_OP_COND);
    CHECK_INT(in->ops[3].u.cond, A64_COND_HS);
    in = one("b.cs .-8");
    CHECK_INT(in->cond, A64_COND_HS);
    CHECK(in->ops[0].u.label.is_dot);
    CHECK_INT(in->ops[0].u.label.dot_offset, -8);
    in = one("mrs x1, cntvct_el0");
    CHECK_INT(in->ops[1].kind, A64_OP_SYSREG);
    CHECK_INT(in->ops[1].u.sysreg.enc, (3 << 14) | (3 << 11) | (14 << 7) | (0 << 3) | 2);
}

/* expressions of symbols (src/asm/expr.c asm_sym_expr): what llvm's MCExpr makes of them */
TEST(a64_symbol_expressions)
{
    const A64Inst *in = one("adrp x3, ff_table + (16)");   /* a label plus a constant */
    CHECK_INT(in->ops[1].kind, A64_OP_LABEL);
    CHECK_STR(in->ops[1].u.label.sym, "ff_table");
    CHECK_INT(in->ops[1].u.label.dot_offset, 16);
    CHECK_STR(in->ops[1].u.label.text, "ff_table+16");
    in = one("b sym+4*2+1");
    CHECK_INT(in->ops[0].u.label.dot_offset, 9);
    CHECK_STR(in->ops[0].u.label.text, "(sym+(4*2))+1");
    in = one("b -8+sym");
    CHECK_STR(in->ops[0].u.label.text, "(-8)+sym");
    in = one("b sym-(-8)");
    CHECK_STR(in->ops[0].u.label.text, "sym--8");
    in = one("add x0, x0, #(.Lb - .La)");      /* a difference: no symbol plus a constant */
    CHECK_INT(in->ops[2].kind, A64_OP_IMM);
    CHECK(in->ops[2].u.imm.complex);
    CHECK_STR(in->ops[2].u.imm.sym, ".Lb-.La");
    in = one("adrp x0, _t+8@PAGE");
    CHECK_STR(in->ops[1].u.imm.reloc, "@PAGE");
    CHECK_STR(in->ops[1].u.imm.sym, "_t@PAGE+8");
    CHECK_INT(in->ops[1].u.imm.value, 8);
    CHECK(!in->ops[1].u.imm.complex);
    in = one("ldr x0, [x1, :lo12:sym+(8)]");
    CHECK_STR(in->ops[1].u.mem.sym, ":lo12:sym+8");
    CHECK_INT(in->ops[1].u.mem.offset, 8);
    in = one("mov x0, #:abs_g1:sym");           /* movz, lsl #0 */
    CHECK_STR(in->mnem_name, "movz");
    CHECK(in->ops[1].u.imm.from_mov);
    in = one(".set K, 3\nb sym+K*2");
    CHECK_STR(in->ops[0].u.label.text, "sym+(3*2)");
    CHECK(!parse("b sym@bogus"));
    CHECK(!parse("adrp x0, :lo12:sym"));
    CHECK(!parse("b (sym@PAGE)@PLT"));
}

TEST(a64_regions_layout)
{
    CHECK(parse("nop\n# LLVM-MCA-BEGIN a\nnop\n# LLVM-MCA-BEGIN b\nnop\n# LLVM-MCA-END a\nnop\n"
                "// LLVM-MCA-END\nnop\n"));
    CHECK_INT(prog.ninsts, 5);
    CHECK_INT(prog.nregions, 2);
    CHECK_STR(prog.regions[0].name, "a");
    CHECK_INT(prog.regions[0].begin, 1);
    CHECK_INT(prog.regions[0].end, 3);
    CHECK_STR(prog.regions[1].name, "b");
    CHECK_INT(prog.regions[1].begin, 2);
    CHECK_INT(prog.regions[1].end, 4);
    CHECK(parse("nop\n.p2align 4\nnop\n.skip 8\nnop ; nop\n"));
    CHECK_INT(prog.naligns, 2);
    CHECK_INT(prog.insts[1].offset, 16);
    CHECK_INT(prog.insts[2].offset, 28);
    CHECK_INT(prog.insts[3].offset, 32);
    CHECK_INT(prog.aligns[0].inst, 1);
    CHECK_INT(prog.aligns[0].align, 16);
    CHECK_INT(prog.aligns[1].skip, 8);
    /* Apple-style ';' comments are comments, '// ' anywhere, '#' at line start */
    CHECK(parse("  add x0, x0, #1 ; kill: def $w0\n# comment\n  nop // c ; d\n"));
    CHECK_INT(prog.ninsts, 2);
}

TEST(a64_errors)
{
    CHECK(!parse("nop\n  add x0, x1, #5000\n"));
    CHECK_INT(err.line, 2);
    CHECK_INT(err.col, 15);
    CHECK_STR(err.msg, "expected compatible register, symbol or integer in range [0, 4095]");   /* (llvm-mca 19's) */
    CHECK(parse("nop\n# LLVM-MCA-END\n"));   /* ends the implicit region of the file (llvm-mca) */
    CHECK_INT(prog.nregions, 1);
    CHECK(!parse("# LLVM-MCA-BEGIN a\n# LLVM-MCA-END a\n# LLVM-MCA-END\n"));
    CHECK_INT(err.line, 3);
    CHECK_INT(err.col, 2);           /* (llvm-mca 19's: the comment's text after '#') */
    CHECK(!parse("  ldr x0, [x1\n"));
    CHECK(!parse("  and w0, w1, #0\n"));
    CHECK(!parse("  add v0.4q, v1.4s, v2.4s\n"));
    CHECK_STR(err.msg, "invalid vector kind qualifier");
    CHECK_INT(prog.ninsts, 0);       /* a failed parse leaves an empty program */
}

TEST(a64_bitmask_immediates)
{
    CHECK(parse("and x0, x1, #0x00ff00ff00ff00ff"));
    CHECK(parse("and w0, w1, #0x80000001"));
    CHECK(parse("orr x0, x1, #0x0000000300000003"));
    CHECK(!parse("and x0, x1, #0"));
    CHECK(!parse("and x0, x1, #-1"));
    CHECK(!parse("and w0, w1, #0x100000000"));
    CHECK(!parse("eor x0, x1, #0x12"));
    a64_program_free(&prog);
}

/* the shared table format also carries the SIMD rows (src/a64/isa/simd.tsv) */
TEST(a64_forms_simd)
{
    CHECK_STR(form("fadd v0.4s, v1.4s, v2.4s"), "FADD_v_4S");
    CHECK_STR(form("sdot v0.2s, v1.8b, v2.4b[1]"), "SDOT_by_el_8B");
    CHECK_STR(form("ld1 {v0.4s, v1.4s}, [x0], x2"), "LD1_multi_post_2_regs_4S");
    CHECK_STR(form("ldr q0, [x0, #16]"), "LDR_unsigned_off_Q");
    const A64Inst *in = one("ld4 {v0.4s-v3.4s}, [x0]");
    CHECK_INT(in->ops[0].u.vlist.count, 4);
    CHECK_INT(in->mem.size, 64);
    CHECK_INT(in->nwrites, 4);
    CHECK_INT(in->writes[3].reg, A64_V0 + 3);
    CHECK_INT(in->writes[3].bits, 128);
    in = one("fadd d0, d1, d2");
    CHECK_INT(in->writes[0].reg, A64_V0);
    CHECK_INT(in->writes[0].bits, 64);
    CHECK(!parse("fadd v0.4s, v1.2s, v2.4s"));           /* tied arrangements */
    CHECK(!parse("ld1 {v0.4s, v2.4s}, [x0]"));            /* non-consecutive list */
    a64_program_free(&prog);
}

/* src/a64/features.tsv: every feature a CPU lists or a name of src/a64/opnames.tsv or
 * src/a64/sysops.tsv needs is a feature of the table; the CPUs as llvm-mca 19 has them; -mattr
 * items */
TEST(a64_features_table)
{
    A64Features every = a64_features_every();
    for (int i = 0; i < a64_opnames_count; i++) {
        bool known;
        a64_feature_mask(a64_opnames[i].feature, strlen(a64_opnames[i].feature), &known);
        CHECK(known);
    }
    for (int i = 0; i < a64_sysops_count; i++) {     /* and llvm's message where one is needed */
        CHECK(a64_features_have_list(every, a64_sysops[i].feature));
        CHECK((strcmp(a64_sysops[i].feature, "-") != 0) == (strcmp(a64_sysops[i].refused, "-") != 0));
    }
    for (int i = 0; i < a64_sysregs_count; i++)      /* every register's feature is a known one */
        CHECK(a64_features_have_list(every, a64_sysregs[i].feature));
    for (int i = 0; i < a64_features_count; i++) {
        if (strcmp(a64_features[i].kind, "cpu"))
            continue;
        const char *v = a64_features[i].value;
        for (const char *p = v; *p;) {
            const char *e = strchr(p, ',');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            bool known;
            if (n > 1 && p[0] == '-')             /* an m1 feature the CPU lacks */
                a64_feature_mask(p + 1, n - 1, &known);
            else
                a64_feature_mask(p, n, &known);
            CHECK(known);
            p += n + (e != NULL);
        }
    }
    const A64Features none = A64_FEATURES_NONE;
    A64Features m1 = a64f_bit(0), m2 = none, m4 = none, x;
    CHECK(a64_cpu_features("apple-m1", &m1) && a64f_eq(m1, none));
    CHECK(a64_cpu_features("Apple-M2", &m2) && a64f_any(m2));
    CHECK(a64_cpu_features("apple-m4", &m4) && a64f_eq(a64f_and(m4, m2), m2) && !a64f_eq(m4, m2));
    CHECK(!a64_cpu_features("cortex-a72", &x));
    x = none;
    CHECK(a64_feature_apply("+i8mm", 5, &x) && a64f_any(x));
    CHECK(a64_feature_apply("-i8mm", 5, &x) && a64f_eq(x, none));
    CHECK(!a64_feature_apply("+nosuch", 7, &x));
    CHECK(a64_feature_apply("-neon", 5, &x) && !a64_features_have_list(x, "neon") && a64_features_have_list(x, "lse"));
    /* llvm's -neon also takes away what implies neon (aes, rdm ..., Armv8.2: v8.2a), which +neon
     * does not bring back; +v8.2a brings Armv8.2's */
    CHECK(a64_feature_apply("+neon", 5, &x) && a64_features_have_list(x, "neon") && !a64_features_have_list(x, "v8.2a") &&
          !a64_features_have_list(x, "aes") && !a64_features_have_list(x, "rdm"));
    CHECK(a64_feature_apply("+v8.2a", 6, &x) && a64_features_have_list(x, "v8.2a,rdm,pan") && !a64_features_have_list(x, "aes"));
    x = none;
    CHECK(a64_feature_apply("-pan", 4, &x) && !a64_features_have_list(x, "pan") && !a64_features_have_list(x, "pan-rwv") &&
          !a64_features_have_list(x, "v8.2a") && a64_features_have_list(x, "uaops,vh,lse"));
    CHECK(a64_feature_apply("+pan", 4, &x) && a64_features_have_list(x, "pan") && !a64_features_have_list(x, "v8.2a"));
    x = none;                                        /* -v8.3a: Armv8.2 stays */
    CHECK(a64_feature_apply("-v8.3a", 6, &x) && a64f_eq(x, none));
    CHECK(a64_feature_apply("+v8.2a", 6, &x) && a64f_eq(x, none) && a64_feature_apply("-v8.1a", 6, &x) &&
          !a64_features_have_list(x, "v8.2a") && a64_feature_apply("+v8.1a", 6, &x) && !a64_features_have_list(x, "v8.2a"));
    x = none;
    CHECK(a64_feature_apply("+all", 4, &x) && a64f_eq(x, every));
    CHECK(a64_features_have_list(every, "i8mm,xs,ssbs,lse,cssc") && a64_features_have_list(none, "ssbs,lse,crc"));
    CHECK(!a64_features_have_list(m4, "ssbs") && a64_features_have_list(m4, "xs,sme"));
    CHECK(!a64_features_have_list(none, "xs") && !a64_features_have_list(every, "memtag"));
    x = none;                                        /* +v8.6a: armv8.6-a's features added */
    CHECK(a64_feature_apply("+v8.6a", 6, &x) && a64_features_have_list(x, "i8mm,bf16,lse") && !a64_features_have_list(x, "xs"));
    x = m4;                                          /* -mattr=+ssbs gives the M1's back */
    CHECK(a64_feature_apply("+ssbs", 5, &x) && a64_features_have_list(x, "ssbs,xs"));
    CHECK(a64_feature_apply("-ssbs", 5, &x) && a64f_eq(x, m4));
    CHECK_STR(a64_feature_name(0), "i8mm");
    /* a row that needs a feature: refused without it, with llvm's message, taken with it */
    const char *s = "smmla v0.4s, v1.16b, v2.16b";
    A64Program prog;
    Diag err;
    CHECK(!a64_parse("t.s", s, strlen(s), &prog, &err));
    CHECK(strstr(err.msg, "instruction requires: i8mm") != NULL);
    A64ParseOptions po = {.features = m2};
    CHECK(a64_parse_opts("t.s", s, strlen(s), &po, &prog, &err));
    CHECK_STR(prog.insts[0].form, "SDOT_v_16B");
    CHECK(prog.insts[0].approx);
    a64_program_free(&prog);
}

/* the one register classifier (names.c a64_reg_class), for the parser (exact: llvm's bare names
 * of SVE and SME registers, any case) and the shapes of operands (shapes.c, lowercase: any
 * number): over the names either of the two classifiers it replaced took (parse.c's
 * sve_reg_class, shapes.c's reg_class), each name's class as before, and names neither took */
static bool same_class(const char *a, const char *b) { return a && b ? !strcmp(a, b) : a == b; }
TEST(a64_reg_class_names)
{
    static const struct { const char *letters, *cls; int max; } fam[] = {   /* max -1: not exact */
        {"z", "z", 31}, {"p", "p", 15}, {"pn", "pn", 15}, {"zt", "zt", 0}, {"x", "x", -1}, {"w", "w", -1},
        {"v", "v", -1}, {"b", "v", -1}, {"h", "v", -1}, {"s", "v", -1}, {"d", "v", -1}, {"q", "v", -1},
    };
    char b[16], u[16];
    int wrong = 0;
    for (size_t f = 0; f < ARRAY_LEN(fam); f++)
        for (int num = 0; num < 1000; num++)
            for (int lz = 0; lz < 2; lz++) {   /* z7, z07 (a leading zero: not exact) */
                size_t n = (size_t)snprintf(b, sizeof b, "%s%s%d", fam[f].letters, lz ? "0" : "", num);
                for (size_t i = 0; i <= n; i++) u[i] = (char)toupper((unsigned char)b[i]);
                const char *exact = fam[f].max >= 0 && !lz && num <= fam[f].max ? fam[f].cls : NULL;
                wrong += !same_class(a64_reg_class(b, n, false), fam[f].cls) ||
                         !same_class(a64_reg_class(b, n, true), exact) || !same_class(a64_reg_class(u, n, true), exact);
            }
    CHECK_INT(wrong, 0);
    static const char *const tails[] = {"", "h", "v"};
    for (int num = -1; num < 100; num++)   /* za, zah, za0 ... za99, za0h, za0v ...: za (exact: za alone) */
        for (size_t t = 0; t < ARRAY_LEN(tails); t++) {
            char nb[8] = "";
            if (num >= 0) snprintf(nb, sizeof nb, "%d", num);
            size_t n = (size_t)snprintf(b, sizeof b, "za%s%s", nb, tails[t]);
            CHECK_STR(a64_reg_class(b, n, false), "za");
            CHECK(same_class(a64_reg_class(b, n, true), num < 0 && t == 0 ? "za" : NULL));
        }
    CHECK_STR(a64_reg_class("ZA", 2, true), "za");
    CHECK_STR(a64_reg_class("ZT0", 3, true), "zt");
    CHECK_STR(a64_reg_class("Pn15", 4, true), "pn");
    static const char *const xw[][2] = {{"xzr", "x"}, {"wzr", "w"}, {"sp", "x"}, {"wsp", "w"}};
    for (size_t i = 0; i < ARRAY_LEN(xw); i++) {
        CHECK_STR(a64_reg_class(xw[i][0], strlen(xw[i][0]), false), xw[i][1]);
        CHECK(a64_reg_class(xw[i][0], strlen(xw[i][0]), true) == NULL);
    }
    static const char *const none[] = {"z", "p", "pn", "zt", "x", "v", "za0x", "zah0", "za0hv", "x0h", "sp0",
                                       "z1a", "z_1", "pnx1", "xzr0", "lsl", "mul", "vl", "vgx2", "m", "zt1x"};
    for (size_t i = 0; i < ARRAY_LEN(none); i++) {
        CHECK(a64_reg_class(none[i], strlen(none[i]), false) == NULL);
        CHECK(a64_reg_class(none[i], strlen(none[i]), true) == NULL);
    }
}

/* src/asm/include.c: a quoted string with llvm-mc's escapes, as `.include` names a file */
TEST(asm_string_escapes)
{
    enum { OK = ASM_STRING_OK, END = ASM_STRING_UNTERMINATED, ESC = ASM_STRING_BAD_ESCAPE };
    static const struct { const char *in, *out; int len, why; } cases[] = {
        {"\"b.s\"", "b.s", 5, OK}, {"\"q\\\"x.s\" junk", "q\"x.s", 8, OK}, {"\"b\\x2es\"", "b.s", 8, OK},
        {"\"b\\056s\"", "b.s", 8, OK}, {"\"\\t\\\\\"", "\t\\", 6, OK}, {"\"\"", "", 2, OK},
        {"\"b\\q.s\"", NULL, 0, ESC}, {"\"b.s", NULL, 0, END}, {"\"\\x\"", NULL, 0, ESC}, {"\"\\777\"", NULL, 0, ESC},
        /* a refused escape and no closing quote (the lexer's: '\' takes the next character) */
        {"\"b\\q.s", NULL, 0, END}, {"\"\\x\\\"", NULL, 0, END}, {"\"\\q\\", NULL, 0, END}, {"\"\\", NULL, 0, END},
        {"\"\\q\\\"\"", NULL, 0, ESC},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Buf b = {0};
        AsmStringError why = (AsmStringError)-1;
        const char *in = cases[i].in, *e = asm_string(in, in + strlen(in), &b, &why);
        CHECK((int)why == cases[i].why);
        if (!cases[i].out) CHECK(!e);
        else {
            CHECK(e && e - in == cases[i].len);
            CHECK_STR(buf_cstr(&b), cases[i].out);
        }
        buf_free(&b);
    }
}

/* src/a64/regs.tsv: row i is register i of A64Reg, the special ones from A64_NZCV on */
TEST(a64_reg_names_table)
{
    CHECK(a64_reg_names_count >= A64_NREGS);
    for (int i = 0; i < a64_reg_names_count; i++) {
        CHECK_INT(a64_reg_names[i].reg, i < A64_NREGS ? i : -1);
        CHECK_INT(a64_reg_names[i].special, i >= A64_NZCV);
    }
    CHECK_STR(a64_reg_name(A64_X0 + 29), "x29");
    CHECK_STR(a64_reg_name(A64_SP), "sp");
    CHECK_STR(a64_reg_name(A64_V0 + 31), "v31");
    CHECK_STR(a64_reg_name(A64_FPSR), "fpsr");
    CHECK_STR(a64_reg_name(A64_NREGS), "?");
    CHECK(a64_special_reg("FPCR", 4) && a64_special_reg("vg", 2) && a64_special_reg("nzcv", 4));
    CHECK(!a64_special_reg("sp", 2) && !a64_special_reg("x0", 2) && !a64_special_reg("v", 1));
}

/* the errors the chunked run decides on carry a cause (Diag.cause), not words it compares: a
 * body without its end, a bound of the expansions, a piece that must be parsed whole; any
 * other error none (src/mca/chunks.c) */
TEST(a64_parse_error_causes)
{
    static const struct { const char *text; int cause; const char *msg; } cases[] = {
        {"nop\n.rept 2\nnop\n", A64_CAUSE_OPEN_BODY, "no matching '.endr' in definition"},
        {".macro m\nnop\n", A64_CAUSE_OPEN_BODY, "no matching '.endmacro' in definition"},
        {".macro m\nm\n.endm\nm\n", A64_CAUSE_EXPANSIONS, "expansions nested more than"},
        {"addd x0, x1\n", 0, "unrecognized instruction mnemonic"},
        {".word 1/0\n", 0, "division by zero"},
        {".error \"expansions y\"\n", 0, "expansions y"},               /* (the user's words: no cause) */
        {".error \"no matching '.endr'\"\n", 0, "no matching '.endr'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        A64Program prog;
        Diag err;
        CHECK(!a64_parse("t.s", cases[i].text, strlen(cases[i].text), &prog, &err));
        CHECK_INT(err.cause, cases[i].cause);
        CHECK(strstr(err.msg, cases[i].msg) != NULL);
    }
    /* a second code section in a piece (A64ParseOptions.start): the text is parsed whole */
    const char *s = "nop\n.section .text.b,\"ax\"\nnop\n";
    A64ParseStart st = {0};
    A64ParseOptions po = {.start = &st};
    A64Program prog;
    Diag err;
    CHECK(!a64_parse_opts("t.s", s, strlen(s), &po, &prog, &err));
    CHECK_INT(err.cause, A64_CAUSE_WHOLE);
    CHECK_STR(err.msg, A64_MSG_WHOLE);
}

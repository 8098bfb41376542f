/* test_model.c — the model layer: registry and aliases, known form rows (from models/<cpu>/forms.tsv),
 * parameters, units and queues, and the data rules (fusion, elimination, complex latencies)
 * matched against hand-built instructions (no dependency on the parser). */
#include "t.h"
#include "model/model.h"

#include <string.h>

/* ---- building instructions by hand ---- */
static A64Operand gpr(int num, bool is64)
{
    A64Operand o = {.kind = A64_OP_GPR};
    o.u.gpr.num = (uint8_t)num;
    o.u.gpr.is64 = is64;
    return o;
}
static A64Operand xr(int n) { return gpr(n, true); }
static A64Operand wr(int n) { return gpr(n, false); }
static A64Operand xzr(void) { return gpr(31, true); }
static A64Operand imm(long v)
{
    A64Operand o = {.kind = A64_OP_IMM};
    o.u.imm.value = v;
    return o;
}
static A64Operand vr(int n, int shape)
{
    A64Operand o = {.kind = A64_OP_VREG};
    o.u.vreg.num = (uint8_t)n;
    o.u.vreg.shape = (uint8_t)shape;
    o.u.vreg.index = -1;
    return o;
}
static A64Operand mem(int base)
{
    A64Operand o = {.kind = A64_OP_MEM};
    o.u.mem.base = (uint8_t)base;
    return o;
}
static A64Operand memx(int base, int index)
{
    A64Operand o = mem(base);
    o.u.mem.has_index = true;
    o.u.mem.index = (uint8_t)index;
    o.u.mem.index64 = true;
    return o;
}
static A64Operand label(void)
{
    A64Operand o = {.kind = A64_OP_LABEL};
    o.u.label.sym = "L";
    return o;
}

static int regid(const A64Operand *o)
{
    if (o->kind == A64_OP_GPR)
        return o->u.gpr.num == 31 ? -1 : A64_X0 + o->u.gpr.num;
    if (o->kind == A64_OP_VREG)
        return A64_V0 + o->u.vreg.num;
    return -1;
}

/* An instruction: the first operand is written (when a register), the others read; memory
 * operands read their base/index. */
static A64Inst mk(const char *mnem, int nops, const A64Operand *ops)
{
    static A64Operand pool[256][A64_MAX_OPS];   /* operand storage (the parser uses its arena) */
    static int next;
    A64Inst in;
    memset(&in, 0, sizeof in);
    in.mnem_name = mnem;
    in.nops = (uint8_t)nops;
    in.ops = pool[next++ % 256];
    for (int i = 0; i < nops; i++) {
        in.ops[i] = ops[i];
        int r = regid(&ops[i]);
        if (ops[i].kind == A64_OP_MEM) {
            in.reads[in.nreads++] = (A64RegUse){(uint8_t)(A64_X0 + ops[i].u.mem.base), (uint8_t)(i + 1), 64};
            if (ops[i].u.mem.has_index)
                in.reads[in.nreads++] = (A64RegUse){(uint8_t)(A64_X0 + ops[i].u.mem.index), (uint8_t)(i + 1), 64};
        } else if (r >= 0 && i == 0 && strcmp(mnem, "cbz") && strcmp(mnem, "cbnz") && strcmp(mnem, "cmp")) {
            in.writes[in.nwrites++] = (A64RegUse){(uint8_t)r, 1, 64};
        } else if (r >= 0) {
            in.reads[in.nreads++] = (A64RegUse){(uint8_t)r, (uint8_t)(i + 1), 64};
        }
    }
    return in;
}
#define MK(mnem, ...) mk(mnem, (int)(sizeof((A64Operand[]){__VA_ARGS__}) / sizeof(A64Operand)), (A64Operand[]){__VA_ARGS__})
static A64Inst mk0(const char *mnem) { return mk(mnem, 0, NULL); }

static A64Inst load(A64Inst in)
{
    in.mem.kind = A64_MEM_LOAD;
    return in;
}

/* ---- registry ---- */
TEST(model_registry_and_aliases)
{
    const ModelCpu *fs = model_find("firestorm"), *is = model_find("icestorm");
    CHECK(fs && is && fs != is);
    CHECK_STR(model_name(fs), "firestorm");
    CHECK(model_find("apple-m1") == fs);
    CHECK(model_find("apple-a14") == fs);
    CHECK(model_find("Apple-M1") == fs);
    CHECK(model_find("FIRESTORM") == fs);
    CHECK(model_find("apple-m1-icestorm") == is);
    CHECK(model_find("apple-m2") == NULL);
    CHECK(model_find("") == NULL);
    CHECK(model_find(NULL) == NULL);
    CHECK(model_default() == fs);
    CHECK_INT(model_ncpus, 2);
    CHECK(strstr(fs->source, "dougallj") != NULL);
}

TEST(model_list_names_every_model)
{
    char buf[2048] = {0};
    FILE *f = fmemopen(buf, sizeof buf - 1, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    model_list(f);
    fclose(f);
    CHECK(strstr(buf, "firestorm") && strstr(buf, "icestorm") && strstr(buf, "apple-m1"));
}

/* ---- forms ---- */
TEST(model_form_known_rows)
{
    const ModelCpu *fs = model_find("firestorm");
    const ModelForm *f = model_form(fs, "ADD_reg_64");
    CHECK(f != NULL);
    if (!f)
        return;
    CHECK_NEAR(f->tp, 0.167, 1e-6);
    CHECK_NEAR(f->lat, 1, 0);
    CHECK_INT(f->uops, 1);
    CHECK_INT(f->issues_int, 1);
    CHECK_INT(f->issues_mem, 0);
    CHECK_INT(f->units, 0x7e);              /* u1-6 */
    CHECK_INT(f->unit_count, 1);
    char buf[64];
    model_format_units(f, buf, sizeof buf);
    CHECK_STR(buf, "u1-6");

    f = model_form(fs, "ADD_reg_lsl_64");    /* shifted: 1 uop, 2 issues */
    CHECK(f && f->uops == 1 && f->issues_int == 2 && f->unit_count == 2);
    model_format_units(f, buf, sizeof buf);
    CHECK_STR(buf, "2*u1-6");

    f = model_form(fs, "LDR_reg_lsl_Q");     /* two unit uses, one uncertain; bounds */
    CHECK(f && f->nunit_uses == 2 && f->unit_use[0].uncertain && !f->unit_use[1].uncertain);
    model_format_units(f, buf, sizeof buf);
    CHECK_STR(buf, "u1-6?, u8-10");
    CHECK(f && (f->lat_main_flags & MODEL_LAT_BOUND));

    f = model_form(fs, "LD1_multi_1_reg_16B");
    CHECK(f && f->lat < 0);                  /* unknown stays unknown */
    CHECK(model_form(fs, "NO_SUCH_FORM") == NULL);
    CHECK(model_form(fs, "") == NULL);

    const ModelCpu *is = model_find("icestorm");
    f = model_form(is, "ADD_reg_64");
    CHECK(f && fabs(f->tp - 0.333) < 1e-6);
    model_format_units(f, buf, sizeof buf);
    CHECK_STR(buf, "u1-3");
}

TEST(model_form_hash_finds_every_form)
{
    for (int c = 0; c < model_ncpus; c++) {
        const ModelCpu *cpu = model_cpus[c];
        CHECK(cpu->nforms > 3000);
        int bad = 0;
        for (int i = 0; i < cpu->nforms; i++)
            if (model_form(cpu, cpu->forms[i].id) != &cpu->forms[i])
                bad++;
        CHECK_INT(bad, 0);
        for (int i = 1; i < cpu->nforms; i++)
            if (strcmp(cpu->forms[i - 1].id, cpu->forms[i].id) >= 0)
                bad++;
        CHECK_INT(bad, 0);                   /* sorted */
    }
}

TEST(model_madd_per_operand_latency)
{
    const ModelCpu *is = model_find("icestorm");
    for (int c = 0; c < model_ncpus; c++) {
        const ModelForm *f = model_form(model_cpus[c], "MADD_64");
        CHECK(f != NULL);
        if (!f)
            continue;
        CHECK_NEAR(model_latency(f, 1, 4, -1), 1, 0);    /* addend */
        CHECK_NEAR(model_latency(f, 1, 2, -1), 3, 0);
        CHECK_NEAR(model_latency(f, 1, 3, -1), 3, 0);
        CHECK_NEAR(model_latency(f, 1, 0, -1), 3, 0);    /* other consumers */
    }
    const ModelCpu *fs = model_find("firestorm");
    /* copied from a sibling with the same list latency */
    const ModelForm *f = model_form(fs, "MADD_32");
    CHECK(f && model_latency(f, 1, 4, -1) == 1);
    /* table lookups: TBX reads its table registers in sequence */
    f = model_form(fs, "TBX_three_reg_table_16B");
    CHECK(f && model_latency(f, 1, 4, -1) == 2 && model_latency(f, 1, 3, -1) == 4 &&
          model_latency(f, 1, 5, -1) == 6);
    /* roundtrip bounds are not chains of the form: INS (general) 1->1=2, 1->2<=12 */
    f = model_form(fs, "INS_general_B");
    CHECK(f && model_latency(f, 1, 0, -1) == 2 && model_latency(f, 1, 2, -1) == 2);
    /* only bounds: the main latency (the smallest bound); model_lat takes the roundtrip share */
    f = model_form(fs, "LDR_reg_lsl_Q");
    CHECK(f && model_latency(f, 1, 0, -1) == 9);
    /* model_lat: the roundtrip's return transfer (fmov, 10 = 5 + 5) taken off */
    CHECK(f && f->rt_return == 5);
    CHECK_NEAR(model_lat(fs, f, 1, 0, -1), 4, 0);      /* base: 9 - 5 */
    CHECK_NEAR(model_lat(fs, f, 1, 3, -1), 6, 0);      /* index: 11 - 5 */
    CHECK_NEAR(model_lat(fs, model_form(fs, "FMOV_D_to_X"), 1, 0, -1), 5, 0);
    CHECK_NEAR(model_lat(is, model_form(is, "FMOV_D_to_X"), 1, 0, -1), 4, 0);      /* 7 = 4 + 3 */
    CHECK_NEAR(model_lat(is, model_form(is, "FMOV_D_from_X"), 1, 0, -1), 3, 0);
    CHECK_NEAR(model_lat(fs, model_form(fs, "FCVTAS_s_S_to_W"), 1, 0, -1), 8, 0);   /* 13 - 5 */
    CHECK_NEAR(model_lat(fs, model_form(fs, "MADD_64"), 1, 4, -1), 1, 0);
    CHECK_NEAR(model_lat(fs, model_form(fs, "INS_general_B"), 1, 0, -1), 2, 0);
    CHECK_NEAR(model_lat(fs, model_form(fs, "INS_general_B"), 1, 2, -1), 7, 0);     /* gpr -> lane */
    CHECK_NEAR(model_lat(fs, model_form(fs, "ADD_reg_64"), 1, 2, -1), 1, 0);
    CHECK_NEAR(model_lat(fs, model_form(fs, "LD1_multi_3_regs_16B"), 1, 0, 3), 3, 0);  /* unknown */
    /* general-register loads: the source's "<=4" is the load->ALU chain latency, exact */
    f = model_form(fs, "LDR_64");
    CHECK(f && f->lat == 4 && !(f->lat_main_flags & MODEL_LAT_BOUND) && model_lat(fs, f, 1, 0, -1) == 4);
    f = model_form(fs, "LDRB_reg_sxtw");
    CHECK(f && f->lat == 4 && !(f->lat_main_flags & MODEL_LAT_BOUND));
    /* flags as the last position: adds x0, x1, x2 -> nzcv is 4 */
    f = model_form(fs, "ADDS_reg_64");
    CHECK(f && model_latency(f, 4, 2, -1) == 1);
    /* unknown latency -> the caller's default */
    f = model_form(fs, "LD1_multi_3_regs_16B");
    CHECK(f && f->lat < 0 && f->nlat == 0 && model_latency(f, 1, 2, 7.5f) == 7.5f);
    /* unknown latency, pairs copied from an identical sibling row of the same group */
    f = model_form(fs, "LD1_multi_1_reg_16B");
    CHECK(f && f->lat < 0 && model_latency(f, 1, 2, 7.5f) == 9);
    CHECK(model_latency(NULL, 1, 2, 2.0f) == 2.0f);
}

TEST(model_atomic_mem_chain)
{
    const ModelCpu *fs = model_find("firestorm"), *is = model_find("icestorm");
    const ModelForm *f = model_form(fs, "CASA_32");
    CHECK(f && fabs(f->mem_chain_lat - 19.1) < 1e-4);
    f = model_form(is, "SWPA_32");
    CHECK(f && f->mem_chain_lat == 22);
    f = model_form(fs, "ADD_reg_64");
    CHECK(f && f->mem_chain_lat == 0);
    CHECK_INT(fs->p.atomic_mem_chain, 18);
    CHECK(is->p_estimate[MODEL_P_atomic_mem_chain]);
}

TEST(model_nonpipelined_occupancy)
{
    const ModelForm *f = model_form(model_find("firestorm"), "UDIV_fast_32");
    CHECK(f && f->nonpipe >= 0 && fabs(f->occupancy - 2) < 1e-6);
    f = model_form(model_find("icestorm"), "SDIV_slow_64");
    CHECK(f && fabs(f->occupancy - 21) < 1e-6);
    f = model_form(model_find("firestorm"), "ADD_reg_64");
    CHECK(f && f->nonpipe == -1 && f->occupancy == 0);
}

TEST(model_units_derived_from_classes)
{
    const ModelCpu *is = model_find("icestorm"), *fs = model_find("firestorm");
    /* Icestorm's table gives no units for FDIV: the fdiv class is on u7 only */
    const ModelForm *f = model_form(is, "FDIV_v_2D");
    CHECK(f && f->units_derived && f->units_uncertain && f->units == (1u << 7));
    char buf[64];
    model_format_units(f, buf, sizeof buf);
    CHECK_STR(buf, "u7?");
    /* stores: only u4 stores on Icestorm */
    f = model_form(is, "ST1_multi_1_reg_16B");
    CHECK(f && f->units == (1u << 4));
    /* one issue on the class units, the others anywhere in the group */
    f = model_form(is, "EXTR_reg_32");
    CHECK(f && f->nunit_uses == 2 && f->unit_use[0].mask == (1u << 3) && f->unit_use[1].mask == 0xe);
    model_format_units(f, buf, sizeof buf);
    CHECK_STR(buf, "u3?, u1-3?");
    /* published units are kept as they are */
    f = model_form(fs, "MADD_64");
    CHECK(f && !f->units_derived && f->units == (1u << 6) && (f->classes & MODEL_CLASS_BIT(MODEL_C_MADD)));
    /* no unit with the class: units stay unknown (Icestorm fcmp is not documented) */
    f = model_form(is, "FCMP_s_S");
    CHECK(f && f->nunit_uses == 0 && (f->classes & MODEL_CLASS_BIT(MODEL_C_FCMP)));
}

/* ---- parameters, units, queues ---- */
TEST(model_params_units_queues)
{
    const ModelCpu *fs = model_find("firestorm"), *is = model_find("icestorm");
    CHECK_INT(fs->p.decode_width, 8);
    CHECK_INT(is->p.decode_width, 4);
    CHECK_INT(fs->p.retire_queue_groups, 330);
    CHECK_INT(fs->p.rename_queue, 623);
    CHECK_INT(fs->p.retire_group_max_uops, 7);
    CHECK_INT(fs->p.retire_group_mem_first, 1);
    CHECK_INT(fs->p.retire_group_condbr_last, 1);
    CHECK_INT(fs->p.renames_retired_per_cycle, 16);
    CHECK_INT(is->p.retire_uops_per_cycle, 4);
    CHECK_INT(is->p.retire_queue_groups, 60);
    CHECK_INT(is->p.rename_queue, 111);
    CHECK_INT(fs->p.inflight_loads, 130);
    CHECK_INT(is->p.inflight_stores, 18);
    CHECK(is->p.prf_flags < 0);                          /* not known for Icestorm */
    CHECK(is->p_estimate[MODEL_P_decode_width]);
    CHECK(!fs->p_estimate[MODEL_P_decode_width]);
    CHECK(is->p_estimate[MODEL_P_btb_index_hash_lsb] && !fs->p_estimate[MODEL_P_itlb_miss]);   /* (past bit 63) */

    CHECK_INT(fs->nunits, 14);
    CHECK_INT(is->nunits, 7);
    CHECK_STR(fs->units[13].name, "u14");
    CHECK_INT(model_unit_index(fs, "u5"), 5);
    CHECK_INT(model_unit_index(fs, "u15"), -1);
    CHECK(fs->units[4].classes & MODEL_CLASS_BIT(MODEL_C_DIV));
    CHECK(!(fs->units[5].classes & MODEL_CLASS_BIT(MODEL_C_DIV)));
    CHECK_INT(model_units_of_class(fs, MODEL_C_LOAD), (1 << 8) | (1 << 9) | (1 << 10));
    CHECK_INT(model_units_of_group(fs, MODEL_G_FP), 0x7800);
    CHECK_INT(model_units_of_group(is, MODEL_G_MEM), (1 << 4) | (1 << 5));
    CHECK_STR(model_class_name(MODEL_C_FROM_SIMD), "from-simd");

    /* u7-u10 share one 48-entry scheduler fed by the 10-entry load/store queue, 4 uops/cycle */
    const ModelSched *ls = &fs->scheds[fs->units[6].sched];
    CHECK_INT(ls->entries, 48);
    CHECK_INT(ls->units, 0x780);
    CHECK_INT(ls->issue_width, 4);
    CHECK(fs->units[9].sched == fs->units[6].sched);
    const ModelQueue *q = &fs->queues[ls->queue];
    CHECK_INT(q->entries, 10);
    CHECK_INT(q->width, 4);
    CHECK_INT(fs->scheds[fs->units[0].sched].entries, 24);
    CHECK_INT(fs->scheds[fs->units[4].sched].entries, 28);
    CHECK(is->scheds[0].estimate && is->queues[0].estimate);
}

/* ---- rules ---- */
TEST(model_fusion_rules)
{
    const ModelCpu *fs = model_find("firestorm");
    A64Inst cmp = MK("cmp", xr(0), imm(1));
    A64Inst bne = MK("b.ne", label());
    const ModelFusion *r = model_fusion_match(fs, &cmp, &bne);
    CHECK(r && !strcmp(r->name, "cmp+b.cc") && r->reads_limit == 4 && r->reads_window == 6);

    A64Inst cmps = MK("cmp", xr(0), xr(1));
    cmps.ops[1].shift = A64_SH_LSL;
    cmps.ops[1].shift_amount = 2;
    CHECK(model_fusion_match(fs, &cmps, &bne) == NULL);     /* no fusion with a shift */

    A64Inst adc = MK("adcs", xr(0), xr(1), xr(2));
    adc.reads[adc.nreads++] = (A64RegUse){A64_NZCV, 0, 4};
    CHECK(model_fusion_match(fs, &adc, &bne) == NULL);       /* reads flags */

    A64Inst sub = MK("sub", xr(3), xr(3), imm(1));
    A64Inst cbnz3 = MK("cbnz", xr(3), label()), cbnz4 = MK("cbnz", xr(4), label());
    r = model_fusion_match(fs, &sub, &cbnz3);
    CHECK(r && !strcmp(r->name, "alu+cbz"));
    CHECK(model_fusion_match(fs, &sub, &cbnz4) == NULL);     /* destination must match */

    A64Inst aese = MK("aese", vr(0, A64_V_16B), vr(1, A64_V_16B));
    A64Inst aesmc = MK("aesmc", vr(0, A64_V_16B), vr(0, A64_V_16B));
    A64Inst aesmc2 = MK("aesmc", vr(2, A64_V_16B), vr(0, A64_V_16B));
    CHECK(model_fusion_match(fs, &aese, &aesmc) != NULL);
    CHECK(model_fusion_match(fs, &aese, &aesmc2) == NULL);
    A64Inst eor = MK("eor", vr(0, A64_V_16B), vr(5, A64_V_16B), vr(0, A64_V_16B));
    r = model_fusion_match(fs, &aese, &eor);                 /* "A, B ; A, C, A" */
    CHECK(r && !strcmp(r->name, "aes+eor"));
    CHECK(model_fusion_match(fs, &cmp, &sub) == NULL);
}

TEST(model_elimination_rules)
{
    const ModelCpu *fs = model_find("firestorm"), *is = model_find("icestorm");
    bool pair = true;
    A64Inst m = MK("mov", xr(0), xr(1));
    const ModelElim *e = model_elim_match(fs, &m, NULL, &pair);
    CHECK(e && !strcmp(e->name, "mov reg") && !pair && e->needs_rename);
    m = MK("mov", wr(0), wr(1));
    CHECK(model_elim_match(fs, &m, NULL, NULL) == NULL);     /* 32-bit: not eliminated */
    m = MK("mov", xr(0), xzr());
    CHECK(model_elim_match(fs, &m, NULL, NULL) == NULL);
    m = MK("mov", xr(0), imm(0));
    e = model_elim_match(fs, &m, NULL, NULL);
    CHECK(e && !strcmp(e->name, "mov #0") && e->limit == 0);
    m = MK("mov", wr(0), imm(123));
    e = model_elim_match(fs, &m, NULL, NULL);
    CHECK(e && !strcmp(e->name, "mov #imm") && e->limit == 2 && e->window == 8);
    m = MK("movi", vr(0, A64_V_16B), imm(0));
    e = model_elim_match(fs, &m, NULL, NULL);
    CHECK(e && !strcmp(e->name, "movi #0"));
    m = MK("movi", vr(0, A64_V_16B), imm(1));
    CHECK(model_elim_match(fs, &m, NULL, NULL) == NULL);
    m = MK("mov", vr(0, A64_V_16B), vr(1, A64_V_16B));
    CHECK(model_elim_match(fs, &m, NULL, NULL) != NULL);
    m = MK("mov", vr(0, A64_V_8B), vr(1, A64_V_8B));
    CHECK(model_elim_match(fs, &m, NULL, NULL) == NULL);     /* not 8b */
    m = MK("orr", vr(0, A64_V_16B), vr(1, A64_V_16B), vr(1, A64_V_16B));
    CHECK(model_elim_match(fs, &m, NULL, NULL) != NULL);
    m = MK("orr", vr(0, A64_V_16B), vr(1, A64_V_16B), vr(2, A64_V_16B));
    CHECK(model_elim_match(fs, &m, NULL, NULL) == NULL);
    A64Inst nop = mk0("nop"), b = MK("b", label()), bl = MK("bl", label());
    CHECK(model_elim_match(fs, &nop, NULL, NULL) != NULL);
    CHECK(model_elim_match(fs, &b, NULL, NULL) != NULL);
    CHECK(model_elim_match(fs, &bl, NULL, NULL) == NULL);

    /* Icestorm: movz+movk pairs and adr/adrp; Firestorm: neither */
    A64Inst movz = MK("movz", xr(2), imm(0x1234)), movk = MK("movk", xr(2), imm(0x5678));
    A64Inst movk3 = MK("movk", xr(3), imm(0x5678));
    e = model_elim_match(is, &movz, &movk, &pair);
    CHECK(e && !strcmp(e->name, "movz+movk") && pair);
    e = model_elim_match(is, &movz, &movk3, &pair);
    CHECK(e && strcmp(e->name, "movz+movk") && !pair);       /* falls back to mov #imm */
    e = model_elim_match(fs, &movz, &movk, &pair);
    CHECK(e && !pair);
    A64Inst adrp = MK("adrp", xr(0), label());
    CHECK(model_elim_match(is, &adrp, NULL, NULL) != NULL);
    CHECK(model_elim_match(fs, &adrp, NULL, NULL) == NULL);
}

TEST(model_complex_latency_rules)
{
    const ModelCpu *fs = model_find("firestorm"), *is = model_find("icestorm");
    A64Inst m1 = MK("madd", xr(0), xr(1), xr(2), xr(3));
    A64Inst m2 = MK("madd", xr(4), xr(5), xr(6), xr(0));
    A64Inst m3 = MK("madd", xr(4), xr(0), xr(6), xr(7));
    const A64RegUse *w = &m1.writes[0];
    CHECK_INT(model_opnd_pos(&m2, &m2.reads[2], false), 4);
    CHECK_INT(model_opnd_role(&m2, &m2.reads[2]), MODEL_ROLE_ADDEND);
    const ModelLatRule *r = model_lat_rule_match(fs, &m1, w, &m2, &m2.reads[2]);
    CHECK(r && r->lat == 1);
    CHECK(model_lat_rule_match(fs, &m1, w, &m3, &m3.reads[0]) == NULL);

    A64Inst l1 = load(MK("ldr", xr(0), mem(1)));
    A64Inst l2 = load(MK("ldr", xr(2), mem(0)));
    CHECK_INT(model_opnd_role(&l2, &l2.reads[0]), MODEL_ROLE_BASE);
    r = model_lat_rule_match(fs, &l1, &l1.writes[0], &l2, &l2.reads[0]);
    CHECK(r && r->lat == 3 && !strcmp(r->name, "load->load base"));
    CHECK(model_lat_rule_match(is, &l1, &l1.writes[0], &l2, &l2.reads[0]) != NULL);

    A64Inst ldp = load(MK("ldp", xr(0), xr(1), mem(6)));
    ldp.writes[ldp.nwrites++] = (A64RegUse){A64_X0 + 1, 2, 64};
    A64Inst l3 = load(MK("ldr", xr(2), mem(1)));
    CHECK_INT(model_opnd_pos(&ldp, &ldp.writes[1], true), 2);
    r = model_lat_rule_match(fs, &ldp, &ldp.writes[1], &l3, &l3.reads[0]);
    CHECK(r && r->lat == 4);                                  /* ldp second dest: always 4 */
    r = model_lat_rule_match(fs, &ldp, &ldp.writes[0], &l2, &l2.reads[0]);
    CHECK(r && r->lat == 3);

    /* a writeback base is ready after 1 cycle (measured store self-chains) */
    A64Inst post = load(MK("ldr", xr(0), mem(6)));
    post.ops[1].u.mem.mode = A64_AM_POST;
    post.writes[post.nwrites++] = (A64RegUse){A64_X0 + 6, 2, 64};
    A64Inst l5 = load(MK("ldr", xr(2), mem(6)));
    CHECK_INT(model_opnd_role(&post, &post.writes[1]), MODEL_ROLE_BASE);
    r = model_lat_rule_match(fs, &post, &post.writes[1], &l5, &l5.reads[0]);
    CHECK(r && r->lat == 1 && !strcmp(r->name, "writeback base"));
    r = model_lat_rule_match(is, &post, &post.writes[0], &l5, &l5.reads[0]);
    CHECK(r && r->lat == 3);                                  /* the loaded value: load->load */

    A64Inst lsl = MK("lsl", xr(7), xr(8), imm(3));
    A64Inst l4 = load(MK("ldr", xr(2), memx(6, 7)));
    CHECK_INT(model_opnd_role(&l4, &l4.reads[1]), MODEL_ROLE_INDEX);
    CHECK_INT(model_opnd_pos(&l4, &l4.reads[1], false), 3);
    r = model_lat_rule_match(fs, &lsl, &lsl.writes[0], &l4, &l4.reads[1]);
    CHECK(r && r->lat < 0 && r->delta == 1);
    CHECK(model_lat_rule_match(is, &lsl, &lsl.writes[0], &l4, &l4.reads[1]) == NULL);
    A64Inst add = MK("add", xr(7), xr(8), imm(3));
    CHECK(model_lat_rule_match(fs, &add, &add.writes[0], &l4, &l4.reads[1]) == NULL);
}

TEST(model_operand_positions)
{
    /* tbx v0.16b, { v1.16b, v2.16b, v3.16b }, v4.16b: 1 = v0, 2..4 = the list, 5 = v4 */
    A64Operand list = {.kind = A64_OP_VLIST};
    list.u.vlist.first = 1;
    list.u.vlist.count = 3;
    list.u.vlist.shape = A64_V_16B;
    A64Inst tbx = MK("tbx", vr(0, A64_V_16B), list, vr(4, A64_V_16B));
    A64RegUse v3 = {A64_V0 + 3, 2, 128}, v4 = {A64_V0 + 4, 3, 128}, fl = {A64_NZCV, 0, 4};
    CHECK_INT(model_opnd_pos(&tbx, &v3, false), 4);
    CHECK_INT(model_opnd_pos(&tbx, &v4, false), 5);
    CHECK_INT(model_opnd_pos(&tbx, &fl, true), 6);
    A64Inst adds = MK("adds", xr(0), xr(1), xr(2));
    CHECK_INT(model_opnd_pos(&adds, &fl, true), 4);
    CHECK(model_regs_match("A,*,A", &adds, NULL) == false);
    A64Inst add = MK("add", xr(0), xr(1), xr(0));
    CHECK(model_regs_match("A,*,A", &add, NULL));
    CHECK(model_regs_match("A,B|A,A", &add, NULL));
    CHECK(model_ops_match("x,x,x", &add) && !model_ops_match("x,#", &add) && model_ops_match("", &add));
    CHECK(model_mnem_match("sub,ad*", &add) && !model_mnem_match("sub,b.*", &add));
    A64Inst beq = MK("b.eq", label());
    CHECK(model_mnem_match("b.*", &beq) && !model_mnem_match("b", &beq));
}

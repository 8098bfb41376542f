/* test_sim_m1.c — mca_simulate() end to end on the embedded M1 models: parsed assembly, the
 * model's forms and rules, the simulator.  Expected figures are the measured ones
 * (../shared/data/m1-measurements/tests-dev.jsonl, Dougall Johnson's applecpu pages): cycles per
 * iteration = (cycles(300) - cycles(100)) / 200, as tools/eval.py scores them. */
#include "t.h"
#include "mca/mca.h"

#include <stdlib.h>
#include <string.h>

static double cpi(const char *cpu, const char *text, McaCounters *per100)
{
    A64Program p;
    Diag d;
    if (!a64_parse("t.s", text, strlen(text), &p, &d)) {
        t_fail(__FILE__, __LINE__, "parse: %s", d.msg);
        return -1;
    }
    const ModelCpu *m = model_find(cpu);
    if (!m) {
        t_fail(__FILE__, __LINE__, "no model %s", cpu);
        a64_program_free(&p);
        return -1;
    }
    McaOptions o = {.iterations = 100, .noalias = true};
    McaResult a, b;
    mca_simulate(m, p.insts, p.ninsts, &o, &a);
    o.iterations = 300;
    mca_simulate(m, p.insts, p.ninsts, &o, &b);
    double r = (double)(b.total_cycles - a.total_cycles) / 200.0;
    if (per100)
        *per100 = a.counters;
    mca_result_free(&a);
    mca_result_free(&b);
    a64_program_free(&p);
    return r;
}

TEST(sim_m1_latency)
{
    CHECK_NEAR(cpi("firestorm", "madd x0, x0, x1, x2\n", NULL), 3.0, 1e-9);
    CHECK_NEAR(cpi("firestorm", "madd x0, x1, x2, x0\n", NULL), 1.0, 1e-9);   /* addend: 1c */
    CHECK_NEAR(cpi("firestorm", "add x0, x0, x1, lsl #17\n", NULL), 2.0, 1e-9);
    CHECK_NEAR(cpi("firestorm", "abs v0.16b, v0.16b\n", NULL), 3.0, 1e-9);
    CHECK_NEAR(cpi("icestorm", "abs v0.16b, v0.16b\n", NULL), 3.0, 1e-9);
    /* a lane load reads the vector it inserts into late: chained through it, 2 cycles each
     * (LD1_single_* throughput tests), while the loaded value still takes the load's latency */
    CHECK_NEAR(cpi("firestorm", "ld1 { v0.d }[1], [x6]\n", NULL), 2.0, 1e-9);
    CHECK_NEAR(cpi("icestorm", "ld1 { v0.s }[1], [x6]\n", NULL), 2.0, 1e-9);
    CHECK_NEAR(cpi("firestorm", "ld1 { v0.d }[1], [x6]\nfmov x6, d0\n", NULL), 11.0, 1e-9);
}

TEST(sim_m1_throughput)
{
    const char *abs8 = "abs v0.16b, v8.16b\nabs v1.16b, v8.16b\nabs v2.16b, v8.16b\nabs v3.16b, v8.16b\n"
                       "abs v4.16b, v8.16b\nabs v5.16b, v8.16b\nabs v6.16b, v8.16b\nabs v7.16b, v8.16b\n";
    CHECK_NEAR(cpi("firestorm", abs8, NULL), 2.0, 1e-9);    /* 4 SIMD units */
    CHECK_NEAR(cpi("icestorm", abs8, NULL), 4.0, 1e-9);     /* 2 SIMD units */
    /* 8 independent adds: 6 ALUs on Firestorm */
    const char *add8 = "add x0, x8, x9\nadd x1, x8, x9\nadd x2, x8, x9\nadd x3, x8, x9\n"
                       "add x4, x8, x9\nadd x5, x8, x9\nadd x6, x8, x9\nadd x7, x8, x9\n";
    CHECK_NEAR(cpi("firestorm", add8, NULL), 8.0 / 6.0, 0.02);
}

TEST(sim_m1_counters)
{
    McaCounters c;
    /* mov x1, x0 is renamed away (no issue); the add issues */
    cpi("firestorm", "mov x1, x0\nadd x0, x1, #1\n", &c);
    CHECK_INT(c.inst_all, 200);
    CHECK_INT(c.retire_uop, 200);
    CHECK_INT(c.schedule_uop, 100);
    CHECK_INT(c.schedule_int_uop, 100);
    /* cmp + b.ne fuse: one slot, one issue for the pair */
    cpi("firestorm", "cmp x0, x1\nb.ne 1f\n1:\n", &c);
    CHECK_INT(c.inst_all, 200);
    CHECK_INT(c.retire_uop, 100);
    CHECK_INT(c.schedule_uop, 100);
    /* a load issues to the load/store units */
    cpi("firestorm", "ldr x0, [x6]\n", &c);
    CHECK_INT(c.schedule_ldst_uop, 100);
    CHECK_INT(c.schedule_simd_uop, 0);
}

TEST(sim_m1_serializing)
{
    /* a barrier's measured throughput (17 cycles) gates its instances */
    double r = cpi("firestorm", "dsb ish\n", NULL);
    CHECK(r > 15 && r < 19);
}

/* the steady-state cut (sim.c) must give exactly the results of the full simulation, which
 * UARCH_MCA_NO_EXTRAPOLATION=1 asks for */
static void same_as_full(const char *cpu, const char *text, int iterations)
{
    A64Program p;
    Diag d;
    if (!a64_parse("t.s", text, strlen(text), &p, &d)) {
        t_fail(__FILE__, __LINE__, "parse: %s", d.msg);
        return;
    }
    const ModelCpu *m = model_find(cpu);
    McaOptions o = {.iterations = iterations, .noalias = true};
    McaResult a, b;
    unsetenv("UARCH_MCA_NO_EXTRAPOLATION");
    mca_simulate(m, p.insts, p.ninsts, &o, &a);
    setenv("UARCH_MCA_NO_EXTRAPOLATION", "1", 1);
    mca_simulate(m, p.insts, p.ninsts, &o, &b);
    unsetenv("UARCH_MCA_NO_EXTRAPOLATION");
    int n = p.ninsts;
    CHECK_INT(a.total_cycles, b.total_cycles);
    CHECK_INT(a.total_uops, b.total_uops);
    CHECK(!memcmp(&a.counters, &b.counters, sizeof a.counters));
    CHECK_INT(a.bottleneck.pressure_cycles, b.bottleneck.pressure_cycles);
    CHECK_INT(a.bottleneck.resource_pressure_cycles, b.bottleneck.resource_pressure_cycles);
    CHECK_INT(a.bottleneck.data_dep_cycles, b.bottleneck.data_dep_cycles);
    CHECK(!memcmp(a.stalls, b.stalls, sizeof a.stalls));
    size_t hs = sizeof(long long) * (size_t)(a.max_hist + 1);
    CHECK(!memcmp(a.dispatch_hist, b.dispatch_hist, hs));
    CHECK(!memcmp(a.issue_hist, b.issue_hist, hs));
    CHECK(!memcmp(a.retire_hist, b.retire_hist, hs));
    CHECK_INT(a.npressure, b.npressure);
    CHECK(!memcmp(a.pmask, b.pmask, sizeof(uint32_t) * (size_t)n));
    CHECK(!memcmp(a.poff, b.poff, sizeof(int32_t) * (size_t)n));
    CHECK(!a.pressure == !b.pressure && !a.pcount == !b.pcount && !a.pcount16 == !b.pcount16);
    if (a.pressure && b.pressure)
        CHECK(!memcmp(a.pressure, b.pressure, sizeof(double) * (size_t)a.npressure));
    if (a.pcount && b.pcount)
        CHECK(!memcmp(a.pcount, b.pcount, sizeof(uint32_t) * (size_t)a.npressure));
    if (a.pcount16 && b.pcount16)
        CHECK(!memcmp(a.pcount16, b.pcount16, sizeof(uint16_t) * (size_t)a.npressure));
    CHECK(!memcmp(a.events, b.events, sizeof(McaTimelineEvent) * (size_t)(a.timeline_iterations * n)));
    for (int k = 0; k < a.nbuffers; k++) {
        CHECK_INT(a.buffers[k].max_used, b.buffers[k].max_used);
        CHECK_NEAR(a.buffers[k].avg_used, b.buffers[k].avg_used, 0);
    }
    CHECK_INT(a.nfusions, b.nfusions);
    for (int k = 0; k < a.nfusions && k < b.nfusions; k++)
        CHECK_INT(a.fusions[k].count, b.fusions[k].count);
    mca_result_free(&a);
    mca_result_free(&b);
    a64_program_free(&p);
}

TEST(sim_m1_steady_state_exact)
{
    static const char *blocks[] = {
        "add x0, x0, x1\n",
        "ldr x0, [x1, #8]\nadd x2, x0, x3\nstr x2, [x1, #16]\nsubs x4, x4, #1\nb.ne .+8\n",
        "madd x0, x0, x1, x2\nmov x3, x0\nfadd v0.4s, v0.4s, v1.4s\nmovi v2.16b, #0\n",
        "udiv x0, x1, x2\nadd x3, x3, x0\ncmp x3, #4\nb.eq .+8\n",
        "ldp x0, x1, [sp, #16]\nadd x0, x0, x1\nstp x0, x1, [sp, #32]\naese v0.16b, v1.16b\naesmc v0.16b, v0.16b\n",
        /* the front end: fetch groups of another period than the rest (fe_extend), fetch that
         * map waits for (taken branches), a block across a page */
        "add w8, w10, #1\nb .+64\n",
        "add x1, x1, #1\nadd x2, x2, #1\nadd x3, x3, #1\n",
        "top:\nadd x0, x0, #1\nb 1f\n1:\nadd x1, x1, #1\nb 2f\n2:\nsubs x2, x2, #1\nb.ne top\n",
        ".skip 16376\nadd x0, x0, #1\nadd x1, x1, #1\nmul x2, x2, x3\nadd x4, x4, #1\n",
        "top:\nb 1f\n1:\nb 2f\n2:\nadd x0, x0, #1\nb 3f\n3:\nb.ne top\n",
    };
    for (size_t k = 0; k < sizeof blocks / sizeof *blocks; k++)
        for (int it = 3; it <= 300; it = it * 4 + 1) {
            same_as_full("firestorm", blocks[k], it);
            same_as_full("icestorm", blocks[k], it);
        }
}

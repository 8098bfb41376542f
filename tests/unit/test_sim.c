/* test_sim.c — the cycle simulator's engine (src/mca/sim.c) on hand-built machines and blocks:
 * steady-state cycles per iteration = (cycles(300) - cycles(100)) / 200, as the eval measures. */
#include "t.h"
#include "mca/sim.h"

#include <string.h>

/* a small machine: 4 int units (u1-u4), 2 fp units (u5-u6), one scheduler per unit */
static SimCpu machine(int width)
{
    SimCpu c;
    memset(&c, 0, sizeof c);
    c.name = "test";
    c.width = width;
    c.retire_width = 8;
    c.rob_groups = 300;
    c.group_max_uops = 7;
    c.group_max_issuing = 4;
    c.nunits = 6;
    static const char *names[] = {"u1", "u2", "u3", "u4", "u5", "u6"};
    for (int u = 0; u < 6; u++) {
        c.unit_name[u] = names[u];
        c.unit_group[u] = u < 4 ? SIM_G_INT : SIM_G_FP;
        c.unit_sched[u] = (uint8_t)u;
        c.sched_name[u] = names[u];
        c.sched_size[u] = 24;
        c.sched_units[u] = 1u << u;
        c.sched_group[u] = c.unit_group[u];
    }
    c.nsched = 6;
    return c;
}

/* one-issue instruction on `units` writing `dst` (latency lat) and reading srcs */
static SimInst inst(uint32_t units, int dst, float lat, int src1, int src2)
{
    /* the lists of every instruction made here (SimInst points to its lists) */
    static SimIssue issues[4096];
    static SimDst dsts[4096];
    static SimSrc srcs[16384];     /* (4 each: 2 sources, their SimSrcX) */
    static int ni, nd, ns;
    if (ni + 1 > 4096 || nd + 1 > 4096 || ns + 4 > 16384)
        ni = nd = ns = 0;   /* (the tests use a few hundred at a time) */
    SimInst s;
    memset(&s, 0, sizeof s);
    s.issue = &issues[ni++];
    s.dst = &dsts[nd++];
    s.src = &srcs[ns];
    ns += 4;
    s.uops = 1;
    s.nissue = 1;
    s.issue[0] = (SimIssue){units, (units & 0xf) ? SIM_G_INT : SIM_G_FP, 1};
    if (dst >= 0) s.dst[s.ndst++] = (SimDst){(uint8_t)dst, 1, dst >= A64_V0 ? SIM_RF_FP : SIM_RF_INT, lat};
    if (src1 >= 0) s.src[s.nsrc++] = (SimSrc){.reg = (uint8_t)src1, .opnd = 2, .exp_prod = -1};
    if (src2 >= 0) s.src[s.nsrc++] = (SimSrc){.reg = (uint8_t)src2, .opnd = 3, .exp_prod = -1};
    s.latency = lat;
    return s;
}

static long long run(const SimCpu *c, const SimInst *si, int n, int iters, McaResult *r)
{
    McaOptions o = {.iterations = iters, .noalias = true, .timeline_max_iterations = 3, .want_timeline = true};
    memset(r, 0, sizeof *r);
    r->n = n;
    r->iterations = iters;
    sim_run(c, si, n, &o, r);
    return r->total_cycles;
}

static double per_iter(const SimCpu *c, const SimInst *si, int n)
{
    McaResult a, b;
    long long c1 = run(c, si, n, 100, &a), c3 = run(c, si, n, 300, &b);
    mca_result_free(&a);
    mca_result_free(&b);
    return (double)(c3 - c1) / 200.0;
}

TEST(sim_latency_chain)
{
    SimCpu c = machine(8);
    SimInst s[1] = {inst(0xf, A64_X0, 3, A64_X0, -1)};
    CHECK_NEAR(per_iter(&c, s, 1), 3.0, 1e-9);
    /* two-instruction chain: 3 + 1 */
    SimInst t[2] = {inst(0xf, A64_X0, 3, A64_X0, -1), inst(0xf, A64_X0, 1, A64_X0, (A64_X0 + 1))};
    CHECK_NEAR(per_iter(&c, t, 2), 4.0, 1e-9);
}

TEST(sim_edge_latency)
{
    /* the consumer reads operand 4 with 1 cycle from the same-form producer (madd addend) */
    SimCpu c = machine(8);
    SimInst s = inst(0x8, A64_X0, 3, A64_X0, -1);
    s.src[0].exp_prod = 0;
    s.src[0].exp_dst = 0;
    s.src[0].xk = 1;   /* (its SimSrcX after the source list) */
    memcpy(&s.src[s.nsrc], &(SimSrcX){1, 0}, sizeof(SimSrcX));
    CHECK_NEAR(per_iter(&c, &s, 1), 1.0, 1e-9);
}

TEST(sim_throughput_units)
{
    SimCpu c = machine(8);
    SimInst s[8];
    for (int i = 0; i < 8; i++) s[i] = inst(0xf, A64_X0 + i, 1, (A64_X0 + 8), -1);   /* 8 on 4 units */
    CHECK_NEAR(per_iter(&c, s, 8), 2.0, 1e-9);
    for (int i = 0; i < 8; i++) s[i] = inst(0x30, A64_V0 + i, 3, A64_V0 + 9, -1);   /* 8 on 2 fp units */
    CHECK_NEAR(per_iter(&c, s, 8), 4.0, 1e-9);
    McaResult r;
    run(&c, s, 8, 100, &r);
    CHECK_INT(r.counters.schedule_uop, 800);
    CHECK_INT(r.counters.schedule_simd_uop, 800);
    CHECK_INT(r.counters.schedule_int_uop, 0);
    CHECK_INT(r.counters.retire_uop, 800);
    CHECK_INT(r.counters.inst_all, 800);
    double p = 0;
    for (int i = 0; i < 8; i++) p += mca_pressure(&r, i, 4);
    CHECK_NEAR(p, 400, 1e-9);
    /* histograms cover every cycle */
    long long h = 0;
    for (int k = 0; k <= r.max_hist; k++) h += r.dispatch_hist[k];
    CHECK_INT(h, r.total_cycles);
    mca_result_free(&r);
}

/* the pressure cells: whole cycles in 16 bits while no instruction can take 2^16 cycles of a
 * unit over the run (occupancy 255 times 200 iterations), then in 32 bits, then in doubles
 * (occupancy 255 times 2 x 10^7 iterations) */
TEST(sim_pressure_counts)
{
    SimCpu c = machine(8);
    SimInst s[2] = {inst(0x1, A64_X0, 1, -1, -1), inst(0x3, A64_X0 + 1, 1, -1, -1)};
    s[0].issue[0].occupancy = 255;
    McaResult r;
    run(&c, s, 2, 1000, &r);
    CHECK(r.pcount && !r.pcount16 && !r.pressure);
    CHECK_NEAR(mca_pressure(&r, 0, 0), 255000, 1e-9);
    CHECK_NEAR(mca_pressure(&r, 1, 0) + mca_pressure(&r, 1, 1), 1000, 1e-9);
    mca_result_free(&r);
    run(&c, s, 2, 200, &r);
    CHECK(r.pcount16 && !r.pcount && !r.pressure);
    CHECK_NEAR(mca_pressure(&r, 0, 0), 51000, 1e-9);
    CHECK_NEAR(mca_pressure(&r, 1, 0) + mca_pressure(&r, 1, 1), 200, 1e-9);
    mca_result_free(&r);
    CHECK_INT(sim_pressure_cell_bytes(s, 2, 257), 2);
    CHECK_INT(sim_pressure_cell_bytes(s, 2, 258), 4);
    CHECK_INT(sim_pressure_cell_bytes(s, 2, 1000000), 4);
    CHECK_INT(sim_pressure_cell_bytes(s, 2, 20000000), 8);
}

TEST(sim_width_and_nops)
{
    SimCpu c = machine(8);
    SimInst s[10];
    for (int i = 0; i < 10; i++) {
        memset(&s[i], 0, sizeof s[i]);
        s[i].uops = 1;   /* nop: one slot, nothing issues */
    }
    CHECK_NEAR(per_iter(&c, s, 10), 1.25, 1e-9);
    c = machine(4);
    CHECK_NEAR(per_iter(&c, s, 10), 2.5, 1e-9);
}

TEST(sim_nonpipelined)
{
    SimCpu c = machine(8);
    SimInst s[2] = {inst(0x8, A64_X0, 7, (A64_X0 + 8), -1), inst(0x8, (A64_X0 + 1), 7, (A64_X0 + 8), -1)};
    s[0].issue[0].occupancy = s[1].issue[0].occupancy = 2;
    CHECK_NEAR(per_iter(&c, s, 2), 4.0, 1e-9);
}

TEST(sim_elimination)
{
    SimCpu c = machine(8);
    /* mov x1, x0 eliminated: the chain add x0 <- x1 costs only the add */
    SimInst s[2] = {inst(0xf, (A64_X0 + 1), 1, A64_X0, -1), inst(0xf, A64_X0, 1, (A64_X0 + 1), -1)};
    s[0].elim = SIM_ELIM_ALWAYS;
    CHECK_NEAR(per_iter(&c, s, 2), 1.0, 1e-9);
    McaResult r;
    run(&c, s, 2, 100, &r);
    CHECK_INT(r.counters.schedule_uop, 100);
    CHECK_INT(r.counters.retire_uop, 200);
    CHECK_INT(r.nfusions, 1);
    mca_result_free(&r);
    /* limited eliminations: 2 per map group; 8 mov #imm per iteration = 6 issue on 6 units */
    c.elim_imm_per_group = 2;
    SimInst m[8];
    for (int i = 0; i < 8; i++) {
        m[i] = inst(0x3f, A64_X0 + i, 1, -1, -1);
        m[i].elim = SIM_ELIM_LIMITED;
    }
    run(&c, m, 8, 100, &r);
    CHECK_INT(r.counters.schedule_uop, 600);
    mca_result_free(&r);
}

TEST(sim_fusion)
{
    SimCpu c = machine(8);
    /* cmp + b.cc fused: one slot, one issue; 16 pairs = 2 cycles at width 8 */
    SimInst s[32];
    for (int i = 0; i < 32; i += 2) {
        s[i] = inst(0x3, A64_NZCV, 1, A64_X0, -1);
        s[i].dst[0].rf = SIM_RF_FLAGS;
        s[i].fused_next = true;
        s[i + 1] = inst(0x3, -1, 1, A64_NZCV, -1);
        s[i + 1].fused_prev = true;
        s[i + 1].uops = 0;
        s[i + 1].nissue = 0;
    }
    CHECK_NEAR(per_iter(&c, s, 32), 8.0, 1e-9);   /* 16 issues on 2 branch units */
    McaResult r;
    run(&c, s, 32, 10, &r);
    CHECK_INT(r.counters.retire_uop, 160);
    CHECK_INT(r.counters.inst_all, 320);
    CHECK_INT(r.counters.schedule_uop, 160);
    mca_result_free(&r);
}

TEST(sim_timeline)
{
    SimCpu c = machine(8);
    SimInst s[1] = {inst(0xf, A64_X0, 3, A64_X0, -1)};
    McaResult r;
    run(&c, s, 1, 5, &r);
    CHECK_INT(r.timeline_iterations, 3);
    CHECK_INT(r.events[0].dispatched, 0);
    CHECK_INT(r.events[0].issued, 1);
    CHECK_INT(r.events[0].executed, 3);       /* last execution cycle */
    CHECK(r.events[0].retired >= 4);
    CHECK_INT(r.events[1].issued, 4);         /* waits for the chain */
    CHECK_INT(r.events[1].ready, 4);
    mca_result_free(&r);
}

TEST(sim_static_bounds)
{
    SimCpu c = machine(8);
    SimInst s[8];
    for (int i = 0; i < 8; i++) s[i] = inst(0x30, A64_V0 + i, 3, A64_V0 + 9, -1);
    CHECK_NEAR(sim_block_rthroughput(&c, s, 8), 4.0, 1e-9);
    McaResult r;
    memset(&r, 0, sizeof r);
    r.iterations = 100;
    r.total_cycles = 400;
    sim_bottleneck(&c, s, 8, &r);
    CHECK_STR(r.bottleneck.kind, "unit");
    CHECK_NEAR(r.bottleneck.cycles_per_iteration, 4.0, 1e-9);
    SimInst t[1] = {inst(0xf, A64_X0, 3, A64_X0, -1)};
    sim_bottleneck(&c, t, 1, &r);
    CHECK_STR(r.bottleneck.kind, "dependency");
    CHECK_NEAR(r.bottleneck.cycles_per_iteration, 3.0, 1e-9);
    CHECK_INT(r.bottleneck.critical_len, 1);
}

TEST(sim_noalias)
{
    /* a store fed by a 5-cycle chain, then an independent load: with -noalias the load runs
     * ahead; without it the load waits until the older store has executed */
    SimCpu c = machine(8);
    SimInst s[2] = {inst(0xf, A64_X0, 5, A64_X0, -1), inst(0xf, A64_X0 + 2, 4, -1, -1)};
    s[0].mem = A64_MEM_STORE;
    s[1].mem = A64_MEM_LOAD;
    McaOptions o = {.iterations = 10, .noalias = true, .timeline_max_iterations = 10, .want_timeline = true};
    McaResult r;
    memset(&r, 0, sizeof r);
    sim_run(&c, s, 2, &o, &r);
    CHECK(r.events[2 * 9 + 1].issued < r.events[2 * 9 + 0].issued);
    CHECK_INT(r.mem_dep_cycles, 0);
    mca_result_free(&r);
    o.noalias = false;
    memset(&r, 0, sizeof r);
    sim_run(&c, s, 2, &o, &r);
    CHECK(r.events[2 * 9 + 1].issued > r.events[2 * 9 + 0].issued);
    CHECK(r.mem_dep_cycles > 0);
    mca_result_free(&r);
}

TEST(sim_rmw_chain)
{
    /* atomics on the same address chain through memory; on different offsets they do not */
    SimCpu c = machine(8);
    SimInst s[1] = {inst(0xf, A64_X0, 3, -1, -1)};
    s[0].mem = A64_MEM_LOADSTORE;
    s[0].mem_base = A64_X0 + 6;
    s[0].mem_chain = 19;
    CHECK_NEAR(per_iter(&c, s, 1), 19.0, 1e-9);
    SimInst t[2] = {s[0], s[0]};
    t[1].mem_off = 8;
    CHECK_NEAR(per_iter(&c, t, 2), 19.0, 1e-9);   /* two independent chains */
    s[0].mem_chain = 0;
    CHECK(per_iter(&c, s, 1) < 2);
}

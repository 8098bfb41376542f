/* test_pmu_backends.c — the backend-independent parts of src/pmu/: the M1 event table (names
 * in both spellings, codes, range), packing events into runs that fit the counter slots (the
 * rotation of stat and scan), the sim backend's permutation (a bijection of 0..255, seeded,
 * identity without -sim-permute) and its counts of a block. */
#include "t.h"
#include "pmu/pmu.h"

TEST(test_pmu_m1_table)
{
    PmuEventInfo e;
    char why[256];
    CHECK(pmu_m1_resolve("0x8c", &e, why, sizeof why));
    CHECK_STR(e.name, "inst_all");
    CHECK_INT(e.code, 0x8c);
    CHECK(pmu_m1_resolve("instruction_all", &e, why, sizeof why));   /* seed 001's name */
    CHECK_INT(e.code, 0x8c);
    CHECK(pmu_m1_resolve("inst branch taken", &e, why, sizeof why)); /* applecpu's, with spaces */
    CHECK_INT(e.code, 0x90);
    CHECK(pmu_m1_resolve("uops_load_and_store", &e, why, sizeof why)); /* a second seed name of a row */
    CHECK_INT(e.code, 0x55);
    CHECK(!pmu_m1_resolve("0x100", &e, why, sizeof why));
    CHECK(strstr(why, "out of range") != NULL);
    CHECK(!pmu_m1_resolve("0xzz", &e, why, sizeof why));
    CHECK(!pmu_m1_resolve("frobs", &e, why, sizeof why));
    CHECK(strstr(why, "unknown event 'frobs'") != NULL);
    pmu_m1_event(0x06, &e);                                           /* not in the table */
    CHECK_STR(e.name, "event_0x06");
}

TEST(test_pmu_pack_slots)
{
    /* apple: PMC0 cycles, PMC1 instructions, PMC2-9 any: 0x02 and 0x8c take the fixed
     * counters, 8 others fill PMC2-9, the 9th configurable event starts a second run */
    PmuEventInfo ev[12];
    char why[256];
    const char *names[12] = {"0x02", "0x8c", "0x01", "0x52", "0x53", "0x54", "0x55", "0x8d", "0x8e", "0x8f", "0x90", "0x95"};
    for (int i = 0; i < 12; i++)
        CHECK(pmu_backend_apple.resolve(names[i], &ev[i], why, sizeof why));
    CHECK_INT(ev[0].slots, 0x3fd);
    CHECK_INT(ev[1].slots, 0x3fe);
    int g[12];
    CHECK_INT(pmu_pack(&pmu_backend_apple, ev, 12, 0, g), 2);
    CHECK_INT(g[0], 0);
    CHECK_INT(g[1], 0);
    for (int i = 2; i < 10; i++)
        CHECK_INT(g[i], 0);
    CHECK_INT(g[10], 1);
    CHECK_INT(g[11], 1);
    /* perf: no fixed number; a limit cuts runs of that size */
    CHECK_INT(pmu_pack(&pmu_backend_perf, ev, 12, 0, g), 1);
    CHECK_INT(pmu_pack(&pmu_backend_perf, ev, 12, 5, g), 3);
    CHECK_INT(g[11], 2);
}

TEST(test_pmu_sim_permutation)
{
    pmu_sim_setup(NULL, false, 0);
    for (uint32_t i = 0; i < 256; i++)
        CHECK_INT(pmu_sim_label(i), i);
    pmu_sim_setup(NULL, true, 42);
    int seen[256] = {0}, moved = 0;
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t l = pmu_sim_label(i);
        CHECK(l < 256);
        seen[l & 0xff]++;
        moved += l != i;
    }
    for (int i = 0; i < 256; i++)
        CHECK_INT(seen[i], 1);
    CHECK(moved > 200);
    uint32_t a = pmu_sim_label(0x8c);
    pmu_sim_setup(NULL, true, 42);
    CHECK_INT(pmu_sim_label(0x8c), a);                                 /* the seed decides */
    pmu_sim_setup(NULL, true, 43);
    int same = 0;
    for (uint32_t i = 0; i < 256; i++)
        same += pmu_sim_label(i) == i;
    CHECK(same < 50);
    pmu_sim_setup(NULL, false, 0);
}

TEST(test_pmu_sim_counts)
{
    pmu_sim_setup(model_find("firestorm"), false, 0);
    PmuEventInfo ev[4];
    char why[256];
    const char *names[4] = {"0x8c", "0x95", "0x96", "0x9b"};
    for (int i = 0; i < 4; i++)
        CHECK(pmu_backend_sim.resolve(names[i], &ev[i], why, sizeof why));
    PmuValue v[4];
    Diag err;
    static const long fifty = 50, ten = 10;
    CHECK(pmu_backend_sim.simulate("t.s", "ldr x0, [x27]\nstr x1, [x27, #8]\nldp x2, x3, [x27]\nadd x4, x4, #1\n",
                                   &fifty, 1, ev, 4, v, &err));
    CHECK_INT(v[0].value, 4 * 50);
    CHECK_INT(v[1].value, 2 * 50);
    CHECK_INT(v[2].value, 1 * 50);
    CHECK_INT(v[3].value, 3 * 50);
    /* relabelled: the same counts under the shown ids */
    pmu_sim_setup(model_find("firestorm"), true, 7);
    PmuEventInfo e;
    char code[16];
    snprintf(code, sizeof code, "0x%02x", pmu_sim_label(0x95));
    CHECK(pmu_backend_sim.resolve(code, &e, why, sizeof why));
    CHECK(pmu_backend_sim.simulate("t.s", "ldr x0, [x27]\n", &ten, 1, &e, 1, v, &err));
    CHECK_INT(v[0].value, 10);
    CHECK(!pmu_backend_sim.resolve("inst_all", &e, why, sizeof why));  /* names withheld */
    pmu_sim_setup(NULL, false, 0);
}

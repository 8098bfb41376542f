/* test_clock.c — the clock layer on captured inputs: cpuid decoding (registers captured from real
 * machines and synthetic Intel/Rosetta leaves), brand-string frequencies, MIDR decoding,
 * /proc/cpuinfo parsing, the known-answer table. */
#include "t.h"
#include "bench/known.h"
#include "clock/clock.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct Leaf { uint32_t leaf, a, b, c, d; } Leaf;
typedef struct Cap { const Leaf *l; int n; } Cap;

static void from_cap(void *ctx, uint32_t leaf, uint32_t sub, uint32_t r[4])
{
    const Cap *c = ctx;
    (void)sub;
    r[0] = r[1] = r[2] = r[3] = 0;
    for (int i = 0; i < c->n; i++)
        if (c->l[i].leaf == leaf) {
            r[0] = c->l[i].a, r[1] = c->l[i].b, r[2] = c->l[i].c, r[3] = c->l[i].d;
        }
}

/* This VM: AMD EPYC (Zen 4, family 0x19 model 0x11) under KVM, captured with cpuid. */
static const Leaf epyc_kvm[] = {
    {0x00000000, 0x0000001c, 0x68747541, 0x444d4163, 0x69746e65},
    {0x00000001, 0x00a10f11, 0x01020800, 0xfffa3203, 0x178bfbff},
    {0x00000015, 0x00000000, 0x00000000, 0x00000000, 0x00000000},
    {0x00000016, 0x00000000, 0x00000000, 0x00000000, 0x00000000},
    {0x40000000, 0x40000001, 0x4b4d564b, 0x564b4d56, 0x0000004d},
    {0x40000001, 0x01007efb, 0x00000000, 0x00000000, 0x00000000},
    {0x80000000, 0x80000021, 0x68747541, 0x444d4163, 0x69746e65},
    {0x80000001, 0x00a10f11, 0x40000000, 0x004003f3, 0x2fd3fbff},
    {0x80000002, 0x20444d41, 0x43595045, 0x00000000, 0x00000000},
    {0x80000003, 0x00000000, 0x00000000, 0x00000000, 0x00000000},
    {0x80000004, 0x00000000, 0x00000000, 0x00000000, 0x00000000},
    {0x80000007, 0x00000000, 0x00000000, 0x00000000, 0x00000100},
};

TEST(test_clock_cpuid_epyc_kvm)
{
    Cap c = {epyc_kvm, (int)(sizeof epyc_kvm / sizeof epyc_kvm[0])};
    ClockX86 x;
    clock_x86_decode(from_cap, &c, &x);
    CHECK_STR(x.vendor, "AuthenticAMD");
    CHECK_STR(x.brand, "AMD EPYC");
    CHECK_INT(x.family, 0x19);
    CHECK_INT(x.model, 0x11);
    CHECK_INT(x.stepping, 1);
    CHECK(x.hypervisor);
    CHECK_STR(x.hv_vendor, "KVMKVMKVM");
    CHECK_INT(x.hv_max_leaf, 0x40000001);
    CHECK(x.hv_tsc_hz == 0);
    CHECK(x.invariant_tsc_known && x.invariant_tsc);
    CHECK(x.leaf15 && x.l15_tsc_hz == 0);
    CHECK(x.leaf16 && x.l16_base_mhz == 0);
    CHECK(x.brand_hz == 0);
    CHECK(x.rdtscp);
    CHECK(!x.hybrid && x.core_type == 0);
    const BenchKnown *k = bench_known_find("x86_64", x.vendor, x.family, x.model);
    CHECK(k != NULL);
    if (k) {
        CHECK_STR(k->uarch, "Zen 4");
        CHECK_NEAR(k->load, 4, 0);
        CHECK_NEAR(k->mul, 3, 0);
    }
}

/* the TLBs got[0..ngot) are want[0..n) */
static void check_tlb_list(const ClockTlb *got, int ngot, const ClockTlb *want, int n)
{
    CHECK_INT(ngot, n);
    for (int i = 0; i < n && i < ngot; i++) {
        CHECK_INT(got[i].level, want[i].level);
        CHECK_STR(got[i].type, want[i].type);
        CHECK_INT(got[i].entries, want[i].entries);
        CHECK_INT(got[i].ways, want[i].ways);
        CHECK_INT(got[i].ways_max, want[i].ways_max);
        CHECK(got[i].full == want[i].full);
    }
}

/* x's 4 KiB TLBs are want[0..n) */
static void check_tlbs(const ClockX86 *x, const ClockTlb *want, int n)
{
    check_tlb_list(x->tlbs, x->ntlbs, want, n);
}

/* This machine: a KVM guest on an AMD EPYC host whose cpuid says family 17h model 01h (Zen 1),
 * captured with cpuid on 2026-12-02 (what the hypervisor passes, not necessarily the host's).
 * Fn8000_0019 EAX 0xf040f040: the L1 DTLB and L1 ITLB for 1 GiB pages, 64 entries each, code 0xF
 * (fully associative); EBX 0: no L2 TLB for 1 GiB pages. */
static const Leaf zen1_kvm[] = {
    {0x00000000, 0x0000000d, 0x68747541, 0x444d4163, 0x69746e65},
    {0x00000001, 0x00800f12, 0x00020800, 0xfff83203, 0x178bfbff},
    {0x80000000, 0x80000021, 0x68747541, 0x444d4163, 0x69746e65},
    {0x80000001, 0x00800f12, 0x40000000, 0x004003f3, 0x2fd3fbff},
    {0x80000005, 0xff40ff40, 0xff40ff40, 0x20080140, 0x40040140},
    {0x80000006, 0x36006400, 0x56006400, 0x02006140, 0x0200c140},
    {0x80000019, 0xf040f040, 0x00000000, 0x00000000, 0x00000000},
};

/* 1 GiB-page TLBs: AMD Fn8000_0019 (APM vol. 3 appendix E: EAX the L1's, EBX the L2's, data in
 * 31:16, instruction in 15:0, 4 bits of Fn8000_0006's associativity code above 12 of entries) */
TEST(test_clock_cpuid_tlbs_1g_amd)
{
    ClockX86 x;
    clock_x86_decode(from_cap, &(Cap){zen1_kvm, (int)(sizeof zen1_kvm / sizeof zen1_kvm[0])}, &x);
    CHECK_INT(x.family, 0x17);
    CHECK_INT(x.model, 1);
    CHECK_STR(x.tlb1g_leaf, "0x80000019");
    CHECK_STR(x.tlb1g_none, "");
    const ClockTlb g1[] = {{1, "Data", 64, 64, 64, true}, {1, "Instruction", 64, 64, 64, true}};
    check_tlb_list(x.tlbs1g, x.ntlbs1g, g1, 2);
    /* the 4 KiB ones are read as before (Fn8000_0005/6) */
    const ClockTlb k4[] = {{1, "Data", 64, 64, 64, true}, {1, "Instruction", 64, 64, 64, true},
                           {2, "Data", 1536, 6, 7, false}, {2, "Instruction", 1024, 8, 15, false}};
    check_tlbs(&x, k4, 4);
    /* Zen 4 (synthetic, in the same layout: the L1 fields from the figures of AMD's Software
     * Optimization Guide for family 19h (57647), L1 ITLB 64 and L1 DTLB 72 entries, fully
     * associative, all page sizes; an L2 DTLB field of code 6 (8 to 15 ways) and 64 entries, made up to
     * check the EBX half, not a published figure) */
    Leaf z4[sizeof zen1_kvm / sizeof zen1_kvm[0]];
    memcpy(z4, zen1_kvm, sizeof z4);
    z4[1].a = z4[3].a = 0x00a60f12;   /* family 19h model 61h */
    z4[6] = (Leaf){0x80000019, 0xf048f040, 0x60400000, 0, 0};
    clock_x86_decode(from_cap, &(Cap){z4, (int)(sizeof z4 / sizeof z4[0])}, &x);
    CHECK_INT(x.family, 0x19);
    const ClockTlb g4[] = {{1, "Data", 72, 72, 72, true}, {1, "Instruction", 64, 64, 64, true},
                           {2, "Data", 64, 8, 15, false}};
    check_tlb_list(x.tlbs1g, x.ntlbs1g, g4, 3);
    /* a hypervisor that hides the leaf: all zero (the captured Zen 4 KVM guest lists none), or a
     * max extended leaf below it: said, no TLB of 0 entries */
    clock_x86_decode(from_cap, &(Cap){epyc_kvm, (int)(sizeof epyc_kvm / sizeof epyc_kvm[0])}, &x);
    CHECK_INT(x.ntlbs1g, 0);
    CHECK(x.tlb1g_leaf == NULL);
    CHECK(strstr(x.tlb1g_none, "Fn8000_0019's EAX and EBX are zero (the hypervisor's cpuid hides it)") != NULL);
    z4[2].a = 0x80000008;
    clock_x86_decode(from_cap, &(Cap){z4, (int)(sizeof z4 / sizeof z4[0])}, &x);
    CHECK_INT(x.ntlbs1g, 0);
    CHECK(strstr(x.tlb1g_none, "Fn8000_0019 is beyond the max extended leaf 0x80000008 (the hypervisor's cpuid)") != NULL);
    CHECK_INT(x.ntlbs, 4);
}

/* A bhyve guest on AMD Turin (Zen 5, family 0x1a model 2), captured with cpuid: no TopoExt
 * (0x80000001 ECX[22] clear), so no Fn8000_001D, and Linux lists no caches in sysfs; the
 * legacy leaves 0x80000005/6 still describe them (the L3: the host socket's, associativity code
 * 9, "see Fn8000_001D") */
static const Leaf turin_bhyve[] = {
    {0x00000000, 0x0000000d, 0x68747541, 0x444d4163, 0x69746e65},
    {0x00000001, 0x00b00f21, 0x05fe0800, 0xfed83203, 0x178bfbff},
    {0x80000000, 0x80000021, 0x68747541, 0x444d4163, 0x69746e65},
    {0x80000001, 0x00b00f21, 0x40000000, 0x440001f1, 0x25d3fbff},
    {0x80000005, 0xff60ff40, 0xff60ff40, 0x300c0140, 0x20080140},
    {0x80000006, 0x40802040, 0x60804040, 0x04006140, 0x0fe09140},
    {0x80000007, 0x00000000, 0x00000000, 0x00000000, 0x00000100},
};

TEST(test_clock_cpuid_caches_amd_legacy)
{
    Cap c = {turin_bhyve, (int)(sizeof turin_bhyve / sizeof turin_bhyve[0])};
    ClockX86 x;
    clock_x86_decode(from_cap, &c, &x);
    CHECK_INT(x.family, 0x1a);
    CHECK_STR(x.cache_leaf, "0x80000005/6");
    CHECK_INT(x.ncaches, 4);
    /* the L2's associativity code 6 is "8 to 15 ways" in the APM's current table (was read as 8) */
    const struct { int level; const char *type; double size; int ways, ways_max; } want[] = {
        {1, "Data", 48 * 1024, 12, 12}, {1, "Instruction", 32 * 1024, 8, 8}, {2, "Unified", 1024 * 1024, 8, 15},
        {3, "Unified", 1016 * 512 * 1024.0, 0, 0}};
    for (int i = 0; i < 4 && i < x.ncaches; i++) {
        CHECK_INT(x.caches[i].level, want[i].level);
        CHECK_STR(x.caches[i].type, want[i].type);
        CHECK_NEAR(x.caches[i].size, want[i].size, 0);
        CHECK_INT(x.caches[i].ways, want[i].ways);
        CHECK_INT(x.caches[i].ways_max, want[i].ways_max);
        CHECK_INT(x.caches[i].line, 64);
        CHECK_INT(x.caches[i].sharing, 0);
    }
    /* the 4 KiB TLBs: L1 fully associative (96 data, 64 instruction), L2 EBX 0x60804040: data 128
     * entries code 6 (8 to 15 ways), instruction 64 entries code 4 (4 to 5 ways), as the `cpuid`
     * tool (20230120) decodes them */
    const ClockTlb tl[] = {
        {1, "Data", 96, 96, 96, true}, {1, "Instruction", 64, 64, 64, true},
        {2, "Data", 128, 8, 15, false}, {2, "Instruction", 64, 4, 5, false}};
    check_tlbs(&x, tl, 4);
    CHECK_STR(x.tlb_leaf, "0x80000005/6");
    char w[32];
    CHECK_STR(clock_ways_text(w, sizeof w, 8, 15, false), "8 to 15-way");
    CHECK_STR(clock_ways_text(w, sizeof w, 128, 0, false), "128 or more-way");
    CHECK_STR(clock_ways_text(w, sizeof w, 12, 12, false), "12-way");
    CHECK_STR(clock_ways_text(w, sizeof w, 96, 96, true), "fully associative");
}

/* the associativity table (amd-assoc.tsv) has every code 0..15 once, ranges that do not overlap
 * and rise with the code, and the kinds the decoder knows */
TEST(test_clock_amd_assoc_table)
{
    CHECK_INT(clock_amd_assoc_count, 16);
    int last_max = 0;
    for (unsigned code = 0; code < 16; code++) {
        const ClockAmdAssoc *a = clock_amd_assoc_find(code);
        CHECK(a != NULL);
        if (!a)
            continue;
        bool ways = !strcmp(a->kind, "ways");
        CHECK(ways || !strcmp(a->kind, "off") || !strcmp(a->kind, "reserved") || !strcmp(a->kind, "leaf") ||
              !strcmp(a->kind, "full"));
        if (!ways)
            continue;
        CHECK(a->min > last_max);
        CHECK(a->max == 0 ? code == 0xe : a->max >= a->min);
        last_max = a->max ? a->max : a->min;
    }
    CHECK(clock_amd_assoc_find(16) == NULL);
    CHECK_INT(clock_amd_assoc_find(6)->min, 8);
    CHECK_INT(clock_amd_assoc_find(6)->max, 15);
    CHECK_INT(clock_amd_assoc_find(8)->min, 16);
}

/* leaf 4 (and AMD's Fn8000_001D) by subleaf: a Golden Cove-like core (Intel SDM's layout;
 * sizes as Intel's optimization manual gives them) */
static void leaf4_cpuid(void *ctx, uint32_t leaf, uint32_t sub, uint32_t r[4])
{
    static const uint32_t sub4[][4] = {
        /* EAX: type, level << 5, (sharing - 1) << 14; EBX: (ways-1) << 22 | (line-1); ECX: sets-1 */
        {1 | 1 << 5 | 1 << 14, 11u << 22 | 63, 63, 0},          /* L1D 48 KiB 12-way */
        {2 | 1 << 5 | 1 << 14, 7u << 22 | 63, 63, 0},           /* L1I 32 KiB 8-way */
        {3 | 2 << 5 | 1 << 14, 9u << 22 | 63, 2047, 0},         /* L2 1.25 MiB 10-way */
        {3 | 3 << 5 | 31 << 14, 11u << 22 | 63, 40959, 0},      /* L3 30 MiB 12-way, 32 CPUs */
    };
    (void)ctx;
    r[0] = r[1] = r[2] = r[3] = 0;
    if (leaf == 0)
        r[0] = 0x20, r[1] = 0x756e6547, r[2] = 0x6c65746e, r[3] = 0x49656e69;   /* GenuineIntel */
    else if (leaf == 4 && sub < 4)
        memcpy(r, sub4[sub], sizeof sub4[sub]);
}

TEST(test_clock_cpuid_caches_leaf4)
{
    ClockX86 x;
    clock_x86_decode(leaf4_cpuid, NULL, &x);
    CHECK_STR(x.cache_leaf, "4");
    CHECK_INT(x.ncaches, 4);
    if (x.ncaches == 4) {
        CHECK_NEAR(x.caches[0].size, 48 * 1024, 0);
        CHECK_STR(x.caches[1].type, "Instruction");
        CHECK_NEAR(x.caches[2].size, 1280 * 1024, 0);
        CHECK_INT(x.caches[2].ways, 10);
        CHECK_NEAR(x.caches[3].size, 30 * 1024 * 1024, 0);
        CHECK_INT(x.caches[3].level, 3);
        CHECK_INT(x.caches[3].sharing, 32);
    }
    /* the captured Zen 4 KVM leaves have no cache leaves: none */
    Cap c = {epyc_kvm, (int)(sizeof epyc_kvm / sizeof epyc_kvm[0])};
    clock_x86_decode(from_cap, &c, &x);
    CHECK(x.cache_leaf == NULL && x.ncaches == 0);
}

/* leaves with their subleaf (leaf 4, 0x18); a leaf or subleaf not listed reads as zeros */
typedef struct SubLeaf { uint32_t leaf, sub, a, b, c, d; } SubLeaf;
typedef struct SubCap { const SubLeaf *l; int n; } SubCap;

static void from_subcap(void *ctx, uint32_t leaf, uint32_t sub, uint32_t r[4])
{
    const SubCap *c = ctx;
    r[0] = r[1] = r[2] = r[3] = 0;
    for (int i = 0; i < c->n; i++)
        if (c->l[i].leaf == leaf && c->l[i].sub == sub)
            r[0] = c->l[i].a, r[1] = c->l[i].b, r[2] = c->l[i].c, r[3] = c->l[i].d;
}

/* This machine: an Emerald Rapids (family 6 model 0xcf) KVM guest, captured with cpuid on
 * 2026-11-30.  Leaf 2 holds descriptors 0xFF (caches: see leaf 4), 0xFE (TLBs: see leaf 0x18) and
 * 0xF0 (64-byte prefetching); leaf 0x18's subleaves are all zero (the hypervisor passes none). */
static const SubLeaf emr_kvm[] = {
    {0x00000000, 0, 0x00000020, 0x756e6547, 0x6c65746e, 0x49656e69},
    {0x00000001, 0, 0x000c06f2, 0x01020800, 0xfffa3203, 0x1f8bfbff},
    {0x00000002, 0, 0x00feff01, 0x000000f0, 0x00000000, 0x00000000},
    {0x00000004, 0, 0x04000121, 0x02c0003f, 0x0000003f, 0x00000000},
    {0x00000004, 1, 0x04000122, 0x01c0003f, 0x0000003f, 0x00000000},
    {0x00000004, 2, 0x04000143, 0x03c0003f, 0x000007ff, 0x00000000},
    {0x00000004, 3, 0x04004163, 0x04c0003f, 0x0003bfff, 0x00000004},
    {0x00000007, 0, 0x00000002, 0xf1bf27eb, 0x1b415fde, 0xbfd14410},
    {0x00000018, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000},
    {0x40000000, 0, 0x40000001, 0x4b4d564b, 0x564b4d56, 0x0000004d},
    {0x80000000, 0, 0x80000008, 0x00000000, 0x00000000, 0x00000000},
    {0x80000006, 0, 0x00000000, 0x00000000, 0x08007040, 0x00000000},
};

TEST(test_clock_cpuid_intel_emr_kvm)
{
    ClockX86 x;
    clock_x86_decode(from_subcap, &(SubCap){emr_kvm, (int)(sizeof emr_kvm / sizeof emr_kvm[0])}, &x);
    CHECK_STR(x.vendor, "GenuineIntel");
    CHECK_INT(x.family, 6);
    CHECK_INT(x.model, 0xcf);
    CHECK(x.hypervisor);
    CHECK_STR(x.cache_leaf, "4");
    CHECK_INT(x.ncaches, 4);
    if (x.ncaches == 4) {
        CHECK_NEAR(x.caches[0].size, 48 * 1024, 0);
        CHECK_INT(x.caches[0].ways, 12);
        CHECK_NEAR(x.caches[2].size, 2048 * 1024, 0);
        CHECK_INT(x.caches[2].ways, 16);
        CHECK_NEAR(x.caches[3].size, 300 * 1048576.0, 0);
        CHECK_INT(x.caches[3].ways, 20);
    }
    /* no TLB figures, and why: not a guess */
    CHECK_INT(x.ntlbs, 0);
    CHECK(x.tlb_leaf == NULL);
    CHECK(strstr(x.tlb_none, "leaf 2 refers to leaf 0x18 (descriptor 0xfe)") != NULL);
    CHECK(strstr(x.tlb_none, "hypervisor") != NULL);
    CHECK(clock_x86_load_tlb(&x, 1) == NULL);
    CHECK_INT(x.ntlbs1g, 0);
    CHECK_STR(x.tlb1g_none, "leaf 0x18 describes none for 1 GiB pages (the hypervisor's cpuid)");
    const BenchKnown *k = bench_known_find("x86_64", x.vendor, x.family, x.model);
    CHECK(k && !strcmp(k->uarch, "Emerald Rapids") && k->load == 5);
}

/* Leaf 0x18 in the SDM's layout (synthetic, the published Golden Cove figures: a 256-entry ITLB,
 * a 96-entry load DTLB, a store DTLB, a 2048-entry STLB for 4 KiB and 2 MiB pages) with a null
 * subleaf between and a 1 GiB-only structure, which are skipped; leaf 2 says "see leaf 0x18" */
static const SubLeaf gc_leaf18[] = {
    {0x00000000, 0, 0x00000020, 0x756e6547, 0x6c65746e, 0x49656e69},
    {0x00000002, 0, 0x00feff01, 0x000000f0, 0x00000000, 0x00000000},
    /* EBX: ways << 16 | page sizes (bit 0: 4K, 1: 2M, 2: 4M, 3: 1G); ECX: sets; EDX: type | level
     * << 5 | full << 8 */
    {0x00000018, 0, 0x00000005, 0x00080007, 0x00000020, 0x00000002 | 1 << 5},   /* ITLB 8 x 32 */
    {0x00000018, 1, 0x00000000, 0x00000000, 0x00000000, 0x00000000},            /* null */
    {0x00000018, 2, 0x00000000, 0x00060001, 0x00000010, 0x00000004 | 1 << 5},   /* load 6 x 16 */
    {0x00000018, 3, 0x00000000, 0x00100001, 0x00000001, 0x00000005 | 1 << 5 | 1 << 8}, /* store 16, full */
    {0x00000018, 4, 0x00000000, 0x00100003, 0x00000080, 0x00000003 | 2 << 5},   /* STLB 16 x 128 */
    {0x00000018, 5, 0x00000000, 0x00080008, 0x00000002, 0x00000003 | 2 << 5},   /* 1 GiB only */
};

TEST(test_clock_cpuid_intel_leaf18)
{
    ClockX86 x;
    clock_x86_decode(from_subcap, &(SubCap){gc_leaf18, (int)(sizeof gc_leaf18 / sizeof gc_leaf18[0])}, &x);
    CHECK_STR(x.tlb_leaf, "0x18");
    CHECK_STR(x.tlb_none, "");
    const ClockTlb want[] = {{1, "Instruction", 256, 8, 8, false}, {1, "Load", 96, 6, 6, false},
                             {1, "Store", 16, 16, 16, true}, {2, "Unified", 2048, 16, 16, false}};
    check_tlbs(&x, want, 4);
    /* for 1 GiB pages (EBX[3]): the 1 GiB-only structure alone */
    CHECK_STR(x.tlb1g_leaf, "0x18");
    const ClockTlb g1[] = {{2, "Unified", 16, 8, 8, false}};
    check_tlb_list(x.tlbs1g, x.ntlbs1g, g1, 1);
    /* what loads use: the load-only DTLB at level 1, the unified STLB at level 2 */
    const ClockTlb *l1 = clock_x86_load_tlb(&x, 1), *l2 = clock_x86_load_tlb(&x, 2);
    CHECK(l1 && l1->entries == 96 && !strcmp(l1->type, "Load"));
    CHECK(l2 && l2->entries == 2048 && !strcmp(l2->type, "Unified"));
    CHECK(clock_x86_load_tlb(&x, 3) == NULL);
}

/* Leaf 2's TLB descriptors (synthetic register values; intel-leaf2-tlb.tsv): 0x03 data 64 4-way,
 * 0xb6 instruction 128 8-way, 0xc3 STLB 1536 6-way, 0x63 (large pages only: not listed) and 0xf0
 * (prefetching) ignored, a register with bit 31 set holds none */
TEST(test_clock_cpuid_intel_leaf2)
{
    const SubLeaf l[] = {
        {0x00000000, 0, 0x00000016, 0x756e6547, 0x6c65746e, 0x49656e69},
        {0x00000002, 0, 0x00036301, 0x00f0b6ff, 0x80c30000, 0x00c30000},
    };
    ClockX86 x;
    clock_x86_decode(from_subcap, &(SubCap){l, 2}, &x);
    CHECK_STR(x.tlb_leaf, "2");
    CHECK_INT(x.ntlbs, 3);
    const ClockTlb *d1 = clock_x86_load_tlb(&x, 1), *d2 = clock_x86_load_tlb(&x, 2);
    CHECK(d1 && d1->entries == 64 && d1->ways == 4 && !strcmp(d1->type, "Data"));
    CHECK(d2 && d2->entries == 1536 && d2->ways == 6 && !strcmp(d2->type, "Unified"));
    CHECK(x.ntlbs >= 2 && x.tlbs[1].entries == 128 && !strcmp(x.tlbs[1].type, "Instruction"));
    /* every row of the table: a known kind, a level and entries for a TLB, ways a count, "full" or "-" */
    for (int i = 0; i < clock_leaf2_tlbs_count; i++) {
        const ClockLeaf2Tlb *t = &clock_leaf2_tlbs[i];
        bool tlb = !strcmp(t->kind, "tlb");
        CHECK(tlb || !strcmp(t->kind, "leaf18"));
        if (tlb) {
            CHECK(t->level == 1 || t->level == 2);
            CHECK(t->entries > 0);
            CHECK(!strcmp(t->ways, "full") || !strcmp(t->ways, "-") || atoi(t->ways) > 0);
        }
    }
    /* the captured Zen 4 guest (AMD, no Fn8000_0005): no TLB, no Intel words */
    Cap e = {epyc_kvm, (int)(sizeof epyc_kvm / sizeof epyc_kvm[0])};
    clock_x86_decode(from_cap, &e, &x);
    CHECK_INT(x.ntlbs, 0);
    CHECK(!strstr(x.tlb_none, "leaf 2"));
}

/* Build leaves for a brand string. */
static void brand_leaves(Leaf *l, const char *brand)
{
    char b[48] = {0};
    memcpy(b, brand, strlen(brand) < sizeof b ? strlen(brand) : sizeof b);
    for (int i = 0; i < 3; i++) {
        uint32_t r[4];
        memcpy(r, b + 16 * i, 16);
        l[i] = (Leaf){0x80000002 + (uint32_t)i, r[0], r[1], r[2], r[3]};
    }
}

TEST(test_clock_cpuid_intel_leaf15_brand)
{
    Leaf l[12] = {
        {0, 0x1b, 0x756e6547, 0x6c65746e, 0x49656e69},     /* GenuineIntel, max leaf 0x1b */
        {1, 0x000906ea, 0, 0x7ffafbff, 0xbfebfbff},        /* family 6 model 0x9e, no hypervisor */
        {0x15, 2, 176, 38400000, 0},                       /* crystal 38.4 MHz x 176/2 */
        {0x16, 2100, 3900, 100, 0},
        {0x80000000, 0x80000008, 0, 0, 0},
        {0x80000007, 0, 0, 0, 0x100},
    };
    brand_leaves(l + 6, "       Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz");
    l[9] = (Leaf){7, 0, 0, 0, 1u << 15};                   /* hybrid */
    l[10] = (Leaf){0x1a, 0x20000001, 0, 0, 0};             /* read on an Atom (E) core */
    Cap c = {l, 11};
    ClockX86 x;
    clock_x86_decode(from_cap, &c, &x);
    CHECK_STR(x.vendor, "GenuineIntel");
    CHECK_STR(x.brand, "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz");
    CHECK_INT(x.family, 6);
    CHECK_INT(x.model, 0x9e);
    CHECK(!x.hypervisor);
    CHECK_NEAR(x.l15_tsc_hz, 3379.2e6, 1);
    CHECK_INT(x.l16_base_mhz, 2100);
    CHECK_INT(x.l16_max_mhz, 3900);
    CHECK_NEAR(x.brand_hz, 2.1e9, 1);
    CHECK(x.hybrid);
    CHECK_INT(x.core_type, 0x20);
    CHECK_STR(clock_x86_core_type_name(x.core_type), "efficiency (Atom)");
    CHECK_STR(clock_x86_core_type_name(0x40), "performance (Core)");
    CHECK(clock_x86_core_type_name(0) == NULL);
    const BenchKnown *k = bench_known_find("x86_64", x.vendor, x.family, x.model);
    CHECK(k && k->load == 4);
}

TEST(test_clock_cpuid_rosetta)
{
    Leaf l[8] = {
        {0, 0x16, 0x756e6547, 0x6c65746e, 0x49656e69},
        {1, 0x000306a9, 0, 0, 0},
        {0x80000000, 0x80000008, 0, 0, 0},
        {0x80000007, 0, 0, 0, 0x100},
    };
    brand_leaves(l + 4, "VirtualApple @ 2.50GHz processor");
    Cap c = {l, 7};
    ClockX86 x;
    clock_x86_decode(from_cap, &c, &x);
    CHECK_STR(x.vendor, "GenuineIntel");
    CHECK_STR(x.brand, "VirtualApple @ 2.50GHz processor");
    CHECK_NEAR(x.brand_hz, 2.5e9, 1);
    CHECK(x.leaf15 && x.l15_tsc_hz == 0);          /* leaf 0x15 present, all zero */
}

TEST(test_clock_brand_hz)
{
    CHECK_NEAR(clock_brand_hz("Intel(R) Core(TM) i5-5257U CPU @ 2.70GHz"), 2.7e9, 1);
    CHECK_NEAR(clock_brand_hz("Intel(R) Pentium(R) III CPU @ 800MHz"), 8e8, 1);
    CHECK_NEAR(clock_brand_hz("Intel(R) Xeon(R) CPU E5-2695 v4 @ 2.10 GHz"), 2.1e9, 1);
    CHECK(clock_brand_hz("AMD EPYC 7742 64-Core Processor") == 0);
    CHECK(clock_brand_hz("AMD Ryzen 9 7950X 16-Core Processor") == 0);
    CHECK(clock_brand_hz("") == 0);
    CHECK(clock_brand_hz(NULL) == 0);
}

TEST(test_clock_midr_decode_parts)
{
    ClockMidr d;
    clock_midr_decode(0x611f0231, &d);                      /* M1 Firestorm r1p1 */
    CHECK_INT(d.implementer, 0x61);
    CHECK_INT(d.variant, 1);
    CHECK_INT(d.arch, 0xf);
    CHECK_INT(d.part, 0x023);
    CHECK_INT(d.revision, 1);
    CHECK_STR(d.impl_name, "Apple");
    CHECK_STR(d.part_name, "Firestorm (M1)");
    CHECK_STR(d.type, "performance");
    clock_midr_decode(0x611f0221, &d);
    CHECK_STR(d.part_name, "Icestorm (M1)");
    CHECK_STR(d.type, "efficiency");
    clock_midr_decode(0x413fd0c1, &d);                      /* Neoverse N1 r3p1 (Graviton 2) */
    CHECK_STR(d.impl_name, "Arm");
    CHECK_STR(d.part_name, "Neoverse N1");
    CHECK_INT(d.variant, 3);
    clock_midr_decode(0x410fd034, &d);
    CHECK_STR(d.part_name, "Cortex-A53");
    clock_midr_decode(0x410fd4f0, &d);
    CHECK_STR(d.part_name, "Neoverse V2");
    clock_midr_decode(0x7a0f1230, &d);
    CHECK_STR(d.impl_name, "unknown");
    CHECK_STR(d.part_name, "unknown");
    const BenchKnown *k = bench_known_find("aarch64", "61", 0, 0x023);
    CHECK(k && k->load == 3);
}

TEST(test_clock_cpuinfo_midrs)
{
    /* a big.LITTLE /proc/cpuinfo (RK3399-like: 2 x A53 then 1 x A72, trimmed) */
    const char *text =
        "processor\t: 0\nBogoMIPS\t: 48.00\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\n"
        "CPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: 0xd03\nCPU revision\t: 4\n\n"
        "processor\t: 1\nCPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x0\n"
        "CPU part\t: 0xd03\nCPU revision\t: 4\n\n"
        "processor\t: 2\nCPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x0\n"
        "CPU part\t: 0xd08\nCPU revision\t: 2\n";
    uint64_t m[8] = {0};
    CHECK_INT(clock_parse_cpuinfo_midrs(text, m, 8), 3);
    CHECK_INT(m[0], 0x410fd034);
    CHECK_INT(m[1], 0x410fd034);
    CHECK_INT(m[2], 0x410fd082);
    ClockMidr d;
    clock_midr_decode(m[2], &d);
    CHECK_STR(d.part_name, "Cortex-A72");
    /* x86 cpuinfo (what qemu-user shows): no MIDR */
    uint64_t z[2] = {0, 0};
    clock_parse_cpuinfo_midrs("processor\t: 0\nvendor_id\t: AuthenticAMD\n", z, 2);
    CHECK_INT(z[0], 0);
}

TEST(test_clock_live_timer_sane)
{
    /* functional only (no timing assertions): the counter moves forward, has a frequency */
    uint64_t a = clock_ticks(), b = clock_ticks();
    CHECK(b >= a);
    CHECK(clock_counter_hz() > 0);
    CHECK(clock_granularity() > 0);
}

/* Synthetic reads: a counter that moves in steps of `step` from phase `phase`, read every `cost`
 * ticks plus 0..jit-1 of scatter; every `every`-th read (0: none) comes one tick late. */
static void synth_reads(uint64_t *r, size_t n, uint64_t step, uint64_t phase, uint64_t cost, uint64_t jit,
                        size_t every, uint64_t seed)
{
    uint64_t t = 1000003;
    for (size_t i = 0; i < n; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        t += cost + (jit ? (seed >> 33) % jit : 0);
        uint64_t v = t < phase ? 0 : (t - phase) / step * step + phase;
        r[i] = v + (every && i % every == every - 1 ? 1 : 0);
    }
}

TEST(test_clock_step_estimator)
{
    enum { N = 4096 };
    static uint64_t r[N];
    ClockStep st;
    /* this machine's TSC (Zen 4 KVM guest): steps of 26 at phase 13, plain reads ~10 ticks
     * apart, fenced ones ~60: the fenced reads differ by 52 or 78, never 26 */
    synth_reads(r, N, 26, 13, 10, 3, 0, 1);
    st = clock_step_estimate(r, N);
    CHECK_INT(st.ticks, 26);
    CHECK(st.exact && st.repeats > 0 && st.backwards == 0);
    synth_reads(r, N, 26, 13, 55, 12, 0, 2);
    st = clock_step_estimate(r, N);
    CHECK_INT(st.repeats, 0);
    CHECK_INT(st.ticks, 26);
    CHECK(st.exact);                               /* 52 and 78: two multiples pin it */
    /* as measured with plain rdtsc there: reads 26 apart, one tick late every 20th read
     * (differences 26 26 ... 1 25 26): the step is 26, not gcd 1 */
    synth_reads(r, N, 26, 13, 26, 0, 20, 3);
    st = clock_step_estimate(r, N);
    CHECK_INT(st.ticks, 26);
    CHECK(st.exact);
    /* a fine counter (1 tick) read every 24..26 ticks: 1 */
    synth_reads(r, N, 1, 0, 24, 3, 0, 4);
    st = clock_step_estimate(r, N);
    CHECK_INT(st.ticks, 1);
    CHECK(st.exact);
    /* a 24 MHz counter in ns (steps of 41/42 ns) read every 20 ns: 41 or 42, never less */
    synth_reads(r, N, 41, 0, 20, 2, 0, 5);
    st = clock_step_estimate(r, N);
    CHECK_INT(st.ticks, 41);
    /* an interrupt (one difference of 100003) does not count */
    synth_reads(r, N, 26, 13, 10, 3, 0, 6);
    for (size_t i = N / 2; i < N; i++)
        r[i] += 100003 * 26;
    st = clock_step_estimate(r, N);
    CHECK_INT(st.ticks, 26);
    /* every difference the same and no repeat: the step divides it, not exact */
    synth_reads(r, N, 1, 0, 52, 0, 0, 7);
    st = clock_step_estimate(r, N);
    CHECK_INT(st.ticks, 52);
    CHECK(!st.exact);
    /* a counter that goes back once; a counter that never moves */
    synth_reads(r, N, 26, 13, 10, 3, 0, 8);
    r[100] = r[99] - 26;
    st = clock_step_estimate(r, N);
    CHECK_INT(st.backwards, 1);
    for (size_t i = 0; i < N; i++)
        r[i] = 77;
    st = clock_step_estimate(r, N);
    CHECK_INT(st.ticks, 0);
    CHECK_INT(st.repeats, N - 1);
    st = clock_step_estimate(r, 1);
    CHECK_INT(st.ticks, 0);
}

TEST(test_clock_sync_bounds)
{
    ClockSync s;
    /* 200 ticks each way: synchronised within -200..+200 */
    clock_sync_bounds(200, 200, &s);
    CHECK(s.synchronised && s.offset_lo == -200 && s.offset_hi == 200);
    /* B's stamp arrives at A "before" it was sent (A runs 500 behind): not synchronised */
    clock_sync_bounds(700, -300, &s);
    CHECK(!s.synchronised);
    CHECK(s.offset_lo == 300 && s.offset_hi == 700);
}

TEST(test_clock_live_sync)
{
    /* functional only: two threads on CPU 0 (or 0 and 1) pass stamps; no figure asserted */
    ClockSync s;
    if (clock_sync_measure(0, clock_ncpus() > 1 ? 1 : 0, 1000, &s))
        CHECK(s.rounds > 0 && s.offset_lo <= s.offset_hi + 1e-9);
}

/* the clock of a measurement's rounds, from injected chain timings (ns of the task-clock): the
 * rule, not this machine's clock (clock_rounds, coreclock.c) */
static void chain_rounds(double *d1, double *d2, int n, double adds, const double *ghz, double over)
{
    for (int i = 0; i < n; i++) {
        d1[i] = over + adds / ghz[i];
        d2[i] = over + 2 * adds / ghz[i];
    }
}

TEST(test_clock_rounds_rule)
{
    enum { N = 64 };
    const double adds = 127000;          /* ~50 us at 2.5 GHz, as the runner sizes it */
    double ghz[N], d1[N], d2[N];
    ClockRounds cr;
    /* a clock that holds still, a few rounds preempted (time added to one length or the other) */
    for (int i = 0; i < N; i++)
        ghz[i] = 2.545;
    chain_rounds(d1, d2, N, adds, ghz, 800);
    d1[3] += 60000;
    d2[17] += 35000;
    d2[40] += 9000;
    CHECK(clock_rounds(d1, d2, N, adds, 1e9, &cr));
    CHECK_NEAR(cr.fast_hz, 2.545e9, 1e6);
    CHECK_NEAR(cr.median_hz, 2.545e9, 1e6);
    CHECK_INT(cr.n, N - 1);              /* (round 3: its short chain took longer than its long one) */
    CHECK(cr.steady);
    /* the guest under load: a quarter of the rounds at 2.994 GHz, the rest at 2.545 (`bench run 'add
     * %rax,%rax'` gave 1.17 cycles an add, its median round converted with the fastest timings'
     * clock): the two readings disagree, 18 % apart */
    for (int i = 0; i < N; i++)
        ghz[i] = i % 4 == 1 ? 2.994 : 2.545;
    chain_rounds(d1, d2, N, adds, ghz, 800);
    CHECK(clock_rounds(d1, d2, N, adds, 1e9, &cr));
    CHECK_NEAR(cr.fast_hz, 2.994e9, 1e6);
    CHECK_NEAR(cr.median_hz, 2.545e9, 1e6);
    CHECK_NEAR(cr.q75_hz, 2.545e9 + 0.25 * (2.994e9 - 2.545e9), 2e7);   /* (the quartile interpolates) */
    CHECK(!cr.steady);
    /* 2 % apart is steady (CLOCK_STEADY_TOL 3 %), 4 % is not */
    for (int i = 0; i < N; i++)
        ghz[i] = i % 4 == 1 ? 2.545 * 1.02 : 2.545;
    chain_rounds(d1, d2, N, adds, ghz, 800);
    CHECK(clock_rounds(d1, d2, N, adds, 1e9, &cr) && cr.steady);
    for (int i = 0; i < N; i++)
        ghz[i] = i % 4 == 1 ? 2.545 * 1.04 : 2.545;
    chain_rounds(d1, d2, N, adds, ghz, 800);
    CHECK(clock_rounds(d1, d2, N, adds, 1e9, &cr) && !cr.steady);
    /* no round whose long chain took longer: no clock at all, not a made-up one */
    for (int i = 0; i < N; i++)
        d2[i] = d1[i];
    CHECK(!clock_rounds(d1, d2, N, adds, 1e9, &cr));
    CHECK_INT(cr.n, 0);
    CHECK(!cr.steady);
    CHECK(!clock_rounds(d1, d2, 0, adds, 1e9, &cr));
}

/* cpuid.c — x86 CPU identification from cpuid leaves.
 *
 * The decoder reads registers through a ClockCpuidFn, so the same code decodes the live CPU
 * (clock_cpuid_native) and register values captured elsewhere (unit tests).  Leaves used:
 * 0 (vendor, max leaf), 1 (family/model/stepping, hypervisor bit ECX[31]), 7 (EDX[15] hybrid),
 * 0x1A (core type of the CPU it runs on, hybrid parts), 0x15 (TSC/crystal
 * ratio, Intel), 0x16 (base/max/bus MHz, Intel), 0x40000000 (hypervisor vendor, max hv leaf),
 * 0x40000010 (TSC kHz offered by VMware/KVM-style hypervisors), 0x80000000 (max extended leaf),
 * 0x80000001 (rdtscp), 0x80000002-4 (brand string), 0x80000007 EDX[8] (invariant TSC), the
 * caches (leaf 4, 0x8000001D or 0x80000005/6), the 4 KiB TLBs (AMD: 0x80000005/6 EBX; Intel:
 * leaf 2's descriptors, else leaf 0x18) and the 1 GiB TLBs (AMD: 0x80000019; Intel: leaf 0x18).
 * Reference: Intel SDM vol. 2A "CPUID"; AMD APM vol. 3 appendix E.
 */
#include "clock/clock.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
void clock_cpuid_native(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
    (void)ctx;
    __asm__ volatile("cpuid" : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3]) : "a"(leaf), "c"(subleaf));
}
bool clock_have_cpuid(void) { return true; }
#else
void clock_cpuid_native(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
    (void)ctx, (void)leaf, (void)subleaf;
    r[0] = r[1] = r[2] = r[3] = 0;
}
bool clock_have_cpuid(void) { return false; }
#endif

static void put4(char *dst, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        dst[i] = (char)(v >> (8 * i));
}

/* Parse "<number>GHz" / "<number>MHz" following an '@' (or anywhere as a last resort). */
double clock_brand_hz(const char *brand)
{
    if (!brand)
        return 0;
    const char *at = strrchr(brand, '@');
    const char *p = at ? at + 1 : brand;
    for (; *p; p++) {
        if (!isdigit((unsigned char)*p))
            continue;
        char *end;
        double v = strtod(p, &end);
        while (*end == ' ')
            end++;
        double mul = 0;
        if ((end[0] == 'G' || end[0] == 'g') && (end[1] == 'H' || end[1] == 'h'))
            mul = 1e9;
        else if ((end[0] == 'M' || end[0] == 'm') && (end[1] == 'H' || end[1] == 'h'))
            mul = 1e6;
        if (mul > 0 && v > 0)
            return v * mul;
        p = end - 1;
    }
    return 0;
}

/* ---- caches: Intel SDM vol. 2A, CPUID leaf 04h; AMD APM vol. 3, E.4.15 (Fn8000_001D, the same
 * layout), E.4.5-E.4.6 (Fn8000_0005 L1, Fn8000_0006 L2/L3 with the associativity codes) ---- */

static void put_cache(ClockX86 *o, int level, const char *type, double size, int ways, int ways_max, int line,
                      int sharing)
{
    if (!(size > 0) || o->ncaches >= CLOCK_MAX_CACHES)
        return;
    ClockCache *c = &o->caches[o->ncaches++];
    c->level = level;
    snprintf(c->type, sizeof c->type, "%s", type);
    c->size = size, c->ways = ways, c->ways_max = ways_max, c->line = line, c->sharing = sharing;
}

/* leaf 4 and 0x8000001D: one subleaf a cache, type 0 ends the list */
static void caches_deterministic(ClockCpuidFn fn, void *ctx, uint32_t leaf, ClockX86 *o)
{
    static const char *const types[] = {NULL, "Data", "Instruction", "Unified"};
    uint32_t r[4];
    for (uint32_t i = 0; i < 16; i++) {
        fn(ctx, leaf, i, r);
        unsigned t = r[0] & 0x1f;
        if (t == 0 || t > 3)
            break;
        int line = (int)(r[1] & 0xfff) + 1, parts = (int)((r[1] >> 12) & 0x3ff) + 1;
        int ways = (int)((r[1] >> 22) & 0x3ff) + 1;
        double size = (double)line * parts * ways * ((double)r[2] + 1);
        if ((r[0] >> 9) & 1)                 /* fully associative */
            ways = (int)(size / line);
        put_cache(o, (int)((r[0] >> 5) & 7), types[t], size, ways, ways, line, (int)((r[0] >> 14) & 0xfff) + 1);
    }
}

const ClockAmdAssoc *clock_amd_assoc_find(unsigned code)
{
    for (int i = 0; i < clock_amd_assoc_count; i++)
        if (clock_amd_assoc[i].code == code)
            return &clock_amd_assoc[i];
    return NULL;
}

const char *clock_ways_text(char *buf, size_t n, int ways, int ways_max, bool full)
{
    if (full)
        snprintf(buf, n, "fully associative");
    else if (ways <= 0)
        snprintf(buf, n, "%s", "");
    else if (ways_max == ways)
        snprintf(buf, n, "%d-way", ways);
    else if (ways_max == 0)
        snprintf(buf, n, "%d or more-way", ways);
    else
        snprintf(buf, n, "%d to %d-way", ways, ways_max);
    return buf;
}

/* Fn8000_0006's 4-bit associativity code (amd-assoc.tsv: APM vol. 3's ranges): *ways..*ways_max,
 * 0..0 when it gives no count (off, reserved, "see Fn8000_001D"); fully associative: `entries`
 * ways (a cache's lines, a TLB's entries), *full set */
static void amd_ways(unsigned code, int entries, int *ways, int *ways_max, bool *full)
{
    const ClockAmdAssoc *a = clock_amd_assoc_find(code & 0xf);
    *ways = *ways_max = 0, *full = false;
    if (a && !strcmp(a->kind, "full") && entries > 0)
        *ways = *ways_max = entries, *full = true;
    else if (a && !strcmp(a->kind, "ways"))
        *ways = a->min, *ways_max = a->max;
}

/* a TLB into the list of 4 KiB pages (g1 false: o->tlbs) or of 1 GiB pages (o->tlbs1g) */
static void put_tlb_of(ClockX86 *o, bool g1, int level, const char *type, int entries, int ways, int ways_max,
                       bool full)
{
    int *n = g1 ? &o->ntlbs1g : &o->ntlbs;
    if (entries <= 0 || *n >= CLOCK_MAX_TLBS)
        return;
    ClockTlb *t = g1 ? &o->tlbs1g[(*n)++] : &o->tlbs[(*n)++];
    t->level = level;
    snprintf(t->type, sizeof t->type, "%s", type);
    t->entries = entries, t->ways = ways, t->ways_max = ways_max, t->full = full;
}

static void put_tlb(ClockX86 *o, int level, const char *type, int entries, int ways, int ways_max, bool full)
{
    put_tlb_of(o, false, level, type, entries, ways, ways_max, full);
}

/* the 4 KiB-page TLBs: Fn8000_0005 EBX (L1: data 31:16, instruction 15:0, each 8 bits of ways,
 * 0xFF fully associative, and 8 of entries) and Fn8000_0006 EBX (L2: 4 bits of the associativity
 * code, 12 of entries, data in 31:16, instruction in 15:0) */
static void tlbs_amd_legacy(ClockCpuidFn fn, void *ctx, ClockX86 *o)
{
    uint32_t r[4];
    fn(ctx, 0x80000005, 0, r);
    for (int sh = 16; sh >= 0; sh -= 16) {
        unsigned f = (r[1] >> sh) & 0xffff;
        int entries = (int)(f & 0xff), ways = (int)(f >> 8);
        bool full = ways == 0xff;
        put_tlb(o, 1, sh ? "Data" : "Instruction", entries, full ? entries : ways, full ? entries : ways, full);
    }
    if (o->max_ext_leaf < 0x80000006)
        return;
    fn(ctx, 0x80000006, 0, r);
    for (int sh = 16; sh >= 0; sh -= 16) {
        unsigned f = (r[1] >> sh) & 0xffff;
        int entries = (int)(f & 0xfff), ways, ways_max;
        bool full;
        amd_ways(f >> 12, entries, &ways, &ways_max, &full);
        put_tlb(o, 2, sh ? "Data" : "Instruction", entries, ways, ways_max, full);
    }
}

/* AMD's 1 GiB-page TLBs: Fn8000_0019 (APM vol. 3, appendix E), EAX the L1's and EBX the L2's,
 * each with the data TLB in 31:16 and the instruction TLB in 15:0: 4 bits of associativity
 * (Fn8000_0006's code) above 12 of entries.  A leaf beyond the max extended one, or all zero, is
 * said (a hypervisor's cpuid may hide it), not read as TLBs of no entries. */
static void tlbs_amd_1g(ClockCpuidFn fn, void *ctx, ClockX86 *o)
{
    if (o->max_ext_leaf < 0x80000019) {
        snprintf(o->tlb1g_none, sizeof o->tlb1g_none, "Fn8000_0019 is beyond the max extended leaf 0x%x%s",
                 o->max_ext_leaf, o->hypervisor ? " (the hypervisor's cpuid)" : "");
        return;
    }
    uint32_t r[4];
    fn(ctx, 0x80000019, 0, r);
    for (int k = 0; k < 2; k++)
        for (int sh = 16; sh >= 0; sh -= 16) {
            unsigned f = (r[k] >> sh) & 0xffff;
            int entries = (int)(f & 0xfff), ways, ways_max;
            bool full;
            amd_ways(f >> 12, entries, &ways, &ways_max, &full);
            put_tlb_of(o, true, k + 1, sh ? "Data" : "Instruction", entries, ways, ways_max, full);
        }
    if (o->ntlbs1g > 0)
        o->tlb1g_leaf = "0x80000019";
    else
        snprintf(o->tlb1g_none, sizeof o->tlb1g_none, "Fn8000_0019's EAX and EBX are zero%s",
                 o->hypervisor ? " (the hypervisor's cpuid hides it)" : "");
}

/* Intel: leaf 0x18 (SDM vol. 2A, "Deterministic Address Translation Parameters"), one subleaf a
 * structure: EDX[4:0] type (0 null: skipped, 1 data, 2 instruction, 3 unified, 4 load-only, 5
 * store-only), EDX[7:5] level, EDX[8] fully associative, EBX[0] 4 KiB pages, EBX[31:16] ways,
 * ECX sets; subleaf 0's EAX the last subleaf.  Those that take 4 KiB pages are kept.  Returns how
 * many it kept. */
static int tlbs_leaf18(ClockCpuidFn fn, void *ctx, ClockX86 *o)
{
    static const char *const types[] = {NULL, "Data", "Instruction", "Unified", "Load", "Store"};
    uint32_t r[4];
    fn(ctx, 0x18, 0, r);
    uint32_t last = r[0] < 32 ? r[0] : 32;
    int n = o->ntlbs;
    for (uint32_t i = 0; i <= last; i++) {
        if (i > 0)
            fn(ctx, 0x18, i, r);
        unsigned t = r[3] & 0x1f;
        if (t == 0 || t > 5)
            continue;
        int ways = (int)(r[1] >> 16), entries = ways * (int)r[2];
        bool full = (r[3] >> 8) & 1;
        for (int g1 = 0; g1 < 2; g1++)   /* (EBX[0]: 4 KiB pages, EBX[3]: 1 GiB pages) */
            if ((r[1] >> (g1 ? 3 : 0)) & 1)
                put_tlb_of(o, g1, (int)((r[3] >> 5) & 7), types[t], entries, full ? entries : ways,
                           full ? entries : ways, full);
    }
    return o->ntlbs - n;
}

/* Intel: leaf 2's descriptor bytes (AL, the count, aside; a register with bit 31 set holds none):
 * the 4 KiB TLBs of intel-leaf2-tlb.tsv; *see18 when one says the TLBs are in leaf 0x18 */
static void tlbs_leaf2(ClockCpuidFn fn, void *ctx, ClockX86 *o, bool *see18)
{
    uint32_t r[4];
    fn(ctx, 2, 0, r);
    for (int k = 0; k < 4; k++) {
        if (r[k] >> 31)
            continue;
        for (int b = k == 0; b < 4; b++) {
            unsigned code = (r[k] >> (8 * b)) & 0xff;
            for (int i = 0; i < clock_leaf2_tlbs_count && code; i++) {
                const ClockLeaf2Tlb *d = &clock_leaf2_tlbs[i];
                if (d->code != code)
                    continue;
                if (!strcmp(d->kind, "leaf18"))
                    *see18 = true;
                else {
                    bool full = !strcmp(d->ways, "full");
                    int ways = full ? d->entries : atoi(d->ways);
                    put_tlb(o, d->level, d->type, d->entries, ways, ways, full);
                }
            }
        }
    }
}

static void tlbs_intel(ClockCpuidFn fn, void *ctx, ClockX86 *o)
{
    bool see18 = false;
    if (o->max_leaf >= 2)
        tlbs_leaf2(fn, ctx, o, &see18);
    bool from2 = o->ntlbs > 0;
    int n18 = 0;
    if (o->max_leaf >= 0x18) {
        /* (the 1 GiB TLBs from leaf 0x18 even where leaf 2 gave the 4 KiB ones: leaf 2 is read
         * for 4 KiB pages only; its 4 KiB ones stay, leaf 0x18's are dropped) */
        n18 = tlbs_leaf18(fn, ctx, o);
        if (from2)
            o->ntlbs -= n18;
    }
    if (o->ntlbs1g > 0)
        o->tlb1g_leaf = "0x18";
    else
        snprintf(o->tlb1g_none, sizeof o->tlb1g_none, "%s", o->max_leaf < 0x18 ? "leaf 0x18 is beyond the max leaf"
                 : o->hypervisor ? "leaf 0x18 describes none for 1 GiB pages (the hypervisor's cpuid)"
                 : "leaf 0x18 describes none for 1 GiB pages");
    if (from2) {
        o->tlb_leaf = "2";
        return;
    }
    if (n18 > 0) {
        o->tlb_leaf = "0x18";
        return;
    }
    if (see18)
        snprintf(o->tlb_none, sizeof o->tlb_none, "leaf 2 refers to leaf 0x18 (descriptor 0xfe), and leaf 0x18 "
                 "describes none%s", o->max_leaf < 0x18 ? " (beyond the max leaf)"
                 : o->hypervisor ? " (its subleaves are null: the hypervisor's cpuid)" : " (its subleaves are null)");
    else
        snprintf(o->tlb_none, sizeof o->tlb_none, "leaf 2 has no TLB descriptor%s", o->max_leaf >= 0x18 ?
                 " and leaf 0x18 none" : "");
}

static void caches_amd_legacy(ClockCpuidFn fn, void *ctx, ClockX86 *o)
{
    uint32_t r[4];
    fn(ctx, 0x80000005, 0, r);
    for (int k = 2; k <= 3; k++) {           /* ECX: L1D, EDX: L1I; associativity 0xFF: full */
        double size = (double)(r[k] >> 24) * 1024;
        int line = (int)(r[k] & 0xff), ways = (int)((r[k] >> 16) & 0xff);
        ways = ways == 0xff && line ? (int)(size / line) : ways;
        put_cache(o, 1, k == 2 ? "Data" : "Instruction", size, ways, ways, line, 0);
    }
    if (o->max_ext_leaf < 0x80000006)
        return;
    fn(ctx, 0x80000006, 0, r);
    double l2 = (double)(r[2] >> 16) * 1024, l3 = (double)(r[3] >> 18) * 512 * 1024;
    for (int k = 2; k <= 3; k++) {           /* ECX: L2, EDX: L3; code 0: no such cache */
        unsigned code = (r[k] >> 12) & 0xf;
        double size = k == 2 ? l2 : l3;
        int line = (int)(r[k] & 0xff), ways, ways_max;
        bool full;
        amd_ways(code, line > 0 ? (int)(size / line) : 0, &ways, &ways_max, &full);
        if (code)
            put_cache(o, k, "Unified", size, ways, ways_max, line, 0);
    }
}

bool clock_x86_amd_leaves(const char *vendor)
{
    return !strcmp(vendor, "AuthenticAMD") || !strcmp(vendor, "HygonGenuine");
}

static void decode_caches(ClockCpuidFn fn, void *ctx, bool topoext, ClockX86 *o)
{
    bool amd = clock_x86_amd_leaves(o->vendor);
    if (!amd && o->max_leaf >= 4) {
        caches_deterministic(fn, ctx, 4, o);
        o->cache_leaf = "4";
    } else if (amd && topoext && o->max_ext_leaf >= 0x8000001d) {
        caches_deterministic(fn, ctx, 0x8000001d, o);
        o->cache_leaf = "0x8000001d";
    } else if (amd && o->max_ext_leaf >= 0x80000005) {
        caches_amd_legacy(fn, ctx, o);
        o->cache_leaf = "0x80000005/6";
    }
    if (amd && o->max_ext_leaf >= 0x80000005) {
        tlbs_amd_legacy(fn, ctx, o);
        o->tlb_leaf = o->ntlbs > 0 ? "0x80000005/6" : NULL;
        tlbs_amd_1g(fn, ctx, o);
    } else if (!amd && o->max_leaf >= 2) {
        tlbs_intel(fn, ctx, o);
    }
    if (o->ntlbs == 0 && !o->tlb_none[0])
        snprintf(o->tlb_none, sizeof o->tlb_none, "%s", amd ? "Fn8000_0005/6 describe none" : "no TLB leaf");
    if (o->ntlbs1g == 0 && !o->tlb1g_none[0])
        snprintf(o->tlb1g_none, sizeof o->tlb1g_none, "%s", amd ? "no Fn8000_0019 (beyond the max extended leaf)"
                 : "no TLB leaf");
    if (o->ncaches == 0)
        o->cache_leaf = NULL;
}

void clock_x86_decode(ClockCpuidFn fn, void *ctx, ClockX86 *o)
{
    bool topoext = false;
    uint32_t r[4];
    memset(o, 0, sizeof *o);
    fn(ctx, 0, 0, r);
    o->max_leaf = r[0];
    put4(o->vendor, r[1]);
    put4(o->vendor + 4, r[3]);
    put4(o->vendor + 8, r[2]);
    o->vendor[12] = 0;
    if (o->max_leaf >= 1) {
        fn(ctx, 1, 0, r);
        unsigned base_fam = (r[0] >> 8) & 0xf, base_model = (r[0] >> 4) & 0xf;
        o->stepping = r[0] & 0xf;
        o->family = base_fam == 0xf ? base_fam + ((r[0] >> 20) & 0xff) : base_fam;
        o->model = (base_fam == 0x6 || base_fam == 0xf) ? base_model | (((r[0] >> 16) & 0xf) << 4)
                                                        : base_model;
        o->hypervisor = (r[2] >> 31) & 1;
    }
    if (o->max_leaf >= 7) {
        fn(ctx, 7, 0, r);
        o->hybrid = (r[3] >> 15) & 1;
    }
    if (o->hybrid && o->max_leaf >= 0x1a) {
        fn(ctx, 0x1a, 0, r);
        o->core_type = (r[0] >> 24) & 0xff;
    }
    if (o->max_leaf >= 0x15) {
        o->leaf15 = true;
        fn(ctx, 0x15, 0, r);
        o->l15_den = r[0], o->l15_num = r[1], o->l15_crystal_hz = r[2];
        if (r[0] && r[1] && r[2])
            o->l15_tsc_hz = (double)r[2] * r[1] / r[0];
    }
    if (o->max_leaf >= 0x16) {
        o->leaf16 = true;
        fn(ctx, 0x16, 0, r);
        o->l16_base_mhz = r[0] & 0xffff, o->l16_max_mhz = r[1] & 0xffff, o->l16_bus_mhz = r[2] & 0xffff;
    }
    if (o->hypervisor) {
        fn(ctx, 0x40000000, 0, r);
        o->hv_max_leaf = r[0];
        put4(o->hv_vendor, r[1]);
        put4(o->hv_vendor + 4, r[2]);
        put4(o->hv_vendor + 8, r[3]);
        o->hv_vendor[12] = 0;
        for (int i = 0; i < 12; i++)        /* some pad with NULs, "KVMKVMKVM\0\0\0" */
            if (o->hv_vendor[i] && !isprint((unsigned char)o->hv_vendor[i]))
                o->hv_vendor[i] = '?';
        if (o->hv_max_leaf >= 0x40000010 && o->hv_max_leaf < 0x40000100) {
            fn(ctx, 0x40000010, 0, r);
            o->hv_tsc_hz = (double)r[0] * 1e3;
        }
    }
    fn(ctx, 0x80000000, 0, r);
    o->max_ext_leaf = r[0] >= 0x80000000 && r[0] < 0x8000ffff ? r[0] : 0;
    if (o->max_ext_leaf >= 0x80000001) {
        fn(ctx, 0x80000001, 0, r);
        o->rdtscp = (r[3] >> 27) & 1;
        topoext = (r[2] >> 22) & 1;
    }
    if (o->max_ext_leaf >= 0x80000004) {
        char b[49];
        for (uint32_t l = 0; l < 3; l++) {
            fn(ctx, 0x80000002 + l, 0, r);
            for (int k = 0; k < 4; k++)
                put4(b + 16 * l + 4 * k, r[k]);
        }
        b[48] = 0;
        const char *s = b;
        while (*s == ' ')
            s++;
        size_t n = strlen(s);
        while (n && (s[n - 1] == ' ' || !isprint((unsigned char)s[n - 1])))
            n--;
        memcpy(o->brand, s, n);
        o->brand[n] = 0;
        o->brand_hz = clock_brand_hz(o->brand);
    }
    if (o->max_ext_leaf >= 0x80000007) {
        fn(ctx, 0x80000007, 0, r);
        o->invariant_tsc_known = true;
        o->invariant_tsc = (r[3] >> 8) & 1;
    }
    decode_caches(fn, ctx, topoext, o);
}

const char *clock_x86_core_type_name(unsigned t)
{
    return t == 0x40 ? "performance (Core)" : t == 0x20 ? "efficiency (Atom)" : NULL;
}

const ClockTlb *clock_x86_load_tlb(const ClockX86 *x, int level)
{
    static const char *const load[] = {"Data", "Load", "Unified"};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < x->ntlbs; i++)
            if (x->tlbs[i].level == level && !strcmp(x->tlbs[i].type, load[k]))
                return &x->tlbs[i];
    return NULL;
}

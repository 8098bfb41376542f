/* apple.c — the `apple` backend of pmu.h: the Apple M1 PMU read and programmed from EL0 with
 * mrs/msr of its implementation-defined system registers (seed 001; register numbers as in
 * Linux's arch/arm64/include/asm/apple_m1_pmu.h):
 *   PMCR0  s3_1_c15_c0_0   [7:0] enable PMC7-0, [33:32] PMC9-8, [30] user-mode access
 *   PMCR1  s3_1_c15_c1_0   [15:8] count at EL0 (A64) PMC7-0, [41:40] PMC9-8
 *   PMESR0 s3_1_c15_c5_0   event ids of PMC2-5 (8 bits each, [7:0] = PMC2)
 *   PMESR1 s3_1_c15_c6_0   event ids of PMC6-9
 *   PMC0-7 s3_2_c15_c0_0 .. s3_2_c15_c7_0, PMC8 s3_2_c15_c9_0, PMC9 s3_2_c15_c10_0: 48 bits
 * PMC0 counts cycles (0x02) and PMC1 instructions (0x8c), fixed; PMC2-9 take any event id.
 * Writes to a control register need an isb.  Until the kernel module of kmod/ has set the
 * user-access bit on every CPU, the first mrs raises SIGILL: caught (sigsetjmp), reported as
 * "Apple PMU not enabled for user space", never a crash.  The counters are per core, not per
 * thread: the caller pins itself (stat.c does) and reads around the code it measures. */
#define _GNU_SOURCE
#include "pmu/pmu.h"

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define APPLE_NOT_ENABLED "Apple PMU not enabled for user space: load the uarch kernel module (see kmod/README)"

struct PmuSet {
    int n;
    int slot[10];                  /* counter of event i */
    uint64_t base[10];
    uint64_t pmcr0, pmcr1, pmesr0, pmesr1;   /* as found, restored at close */
};

#if defined(__aarch64__)
#define MRS(reg, v) __asm__ volatile("mrs %0, " reg : "=r"(v))
#define MSR(reg, v) __asm__ volatile("msr " reg ", %0\n\tisb" : : "r"(v) : "memory")

static uint64_t read_pmc(int k)
{
    uint64_t v = 0;
    switch (k) {
    case 0: MRS("s3_2_c15_c0_0", v); break;
    case 1: MRS("s3_2_c15_c1_0", v); break;
    case 2: MRS("s3_2_c15_c2_0", v); break;
    case 3: MRS("s3_2_c15_c3_0", v); break;
    case 4: MRS("s3_2_c15_c4_0", v); break;
    case 5: MRS("s3_2_c15_c5_0", v); break;
    case 6: MRS("s3_2_c15_c6_0", v); break;
    case 7: MRS("s3_2_c15_c7_0", v); break;
    case 8: MRS("s3_2_c15_c9_0", v); break;
    case 9: MRS("s3_2_c15_c10_0", v); break;
    }
    return v & ((1ull << 48) - 1);
}

static sigjmp_buf probe_jmp;
static void on_sigill(int sig)
{
    (void)sig;
    siglongjmp(probe_jmp, 1);
}

/* read PMCR0 with SIGILL caught: false when EL0 access is off */
static bool probe(uint64_t *pmcr0)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigill;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGILL, &sa, &old);
    volatile bool ok = false;
    uint64_t v = 0;
    if (sigsetjmp(probe_jmp, 1) == 0) {
        MRS("s3_1_c15_c0_0", v);
        ok = true;
    }
    sigaction(SIGILL, &old, NULL);
    *pmcr0 = v;
    return ok;
}

/* the MIDR implementer of CPU 0 from sysfs, -1 when not readable (e.g. under qemu-user) */
static int midr_implementer(void)
{
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1", "r");
    if (!f)
        return -1;
    unsigned long long m = 0;
    int ok = fscanf(f, "%llx", &m);
    fclose(f);
    return ok == 1 ? (int)((m >> 24) & 0xff) : -1;
}
#endif

static bool apple_available(char *why, size_t whysz)
{
#if defined(__aarch64__)
    int impl = midr_implementer();
    if (impl >= 0 && impl != 0x61) {
        snprintf(why, whysz, "not an Apple CPU (MIDR implementer 0x%02x)", impl);
        return false;
    }
    uint64_t p;
    if (!probe(&p)) {
        snprintf(why, whysz, APPLE_NOT_ENABLED);
        return false;
    }
    snprintf(why, whysz, "EL0 access to PMCR0/1, PMESR0/1, PMC0-9 (PMCR0 0x%llx)", (unsigned long long)p);
    return true;
#else
    snprintf(why, whysz, "not AArch64 (the Apple PMU is an Apple silicon register set)");
    return false;
#endif
}

static int apple_ncounters(void)
{
    return 10;
}

static void slots_of(PmuEventInfo *ev)
{
    ev->slots = 0x3fc;                               /* PMC2-9 */
    if (ev->code == 0x02)
        ev->slots |= 1;
    if (ev->code == 0x8c)
        ev->slots |= 2;
}

static int apple_list(PmuEventInfo **out, char *why, size_t whysz)
{
    (void)why, (void)whysz;
    PmuEventInfo *v = xcalloc((size_t)pmu_m1_events_count, sizeof *v);
    for (int i = 0; i < pmu_m1_events_count; i++) {
        pmu_m1_event(pmu_m1_events[i].id, &v[i]);
        slots_of(&v[i]);
    }
    *out = v;
    return pmu_m1_events_count;
}

static bool apple_resolve(const char *name, PmuEventInfo *ev, char *why, size_t whysz)
{
    if (!pmu_m1_resolve(name, ev, why, whysz))
        return false;
    slots_of(ev);
    return true;
}

static PmuSet *apple_open(const PmuEventInfo *ev, int n, int pid, char *why, size_t whysz)
{
#if defined(__aarch64__)
    (void)pid;                     /* per-core counters: the caller pinned itself and pid */
    uint64_t p0;
    if (!probe(&p0)) {
        snprintf(why, whysz, APPLE_NOT_ENABLED);
        return NULL;
    }
    PmuSet *s = xcalloc(1, sizeof *s);
    s->pmcr0 = p0;
    MRS("s3_1_c15_c1_0", s->pmcr1);
    MRS("s3_1_c15_c5_0", s->pmesr0);
    MRS("s3_1_c15_c6_0", s->pmesr1);
    uint64_t e0 = s->pmesr0, e1 = s->pmesr1, used = 0;
    for (int i = 0; i < n; i++) {
        int k = -1;
        for (int c = 0; c < 10 && k < 0; c++)
            if ((ev[i].slots >> c & 1) && !(used >> c & 1))
                k = c;
        if (k < 0) {
            snprintf(why, whysz, "no free counter for '%s' (PMC2-9 hold 8 events, PMC0 cycles, PMC1 instructions)", ev[i].name);
            free(s);
            return NULL;
        }
        used |= 1ull << k;
        s->slot[i] = k;
        if (k >= 2 && k <= 5)
            e0 = (e0 & ~(0xffull << (8 * (k - 2)))) | (ev[i].code & 0xff) << (8 * (k - 2));
        else if (k >= 6)
            e1 = (e1 & ~(0xffull << (8 * (k - 6)))) | (ev[i].code & 0xff) << (8 * (k - 6));
    }
    n = n > 10 ? 10 : n;
    s->n = n;
    uint64_t en0 = (used & 0xff) | (used >> 8 & 3) << 32, en1 = (used & 0xff) << 8 | (used >> 8 & 3) << 40;
    MSR("s3_1_c15_c5_0", e0);
    MSR("s3_1_c15_c6_0", e1);
    MSR("s3_1_c15_c1_0", s->pmcr1 | en1);
    MSR("s3_1_c15_c0_0", s->pmcr0 | en0 | 1ull << 30);
    for (int i = 0; i < n; i++)
        s->base[i] = read_pmc(s->slot[i]);
    return s;
#else
    (void)ev, (void)n, (void)pid;
    snprintf(why, whysz, "not AArch64 (the Apple PMU is an Apple silicon register set)");
    return NULL;
#endif
}

static bool apple_read(PmuSet *s, PmuValue *v)
{
#if defined(__aarch64__)
    for (int i = 0; i < s->n; i++) {
        uint64_t c = read_pmc(s->slot[i]);
        v[i].raw = v[i].value = (c - s->base[i]) & ((1ull << 48) - 1);
        v[i].enabled = v[i].running = 1;
    }
    return true;
#else
    (void)s, (void)v;
    return false;
#endif
}

static void apple_close(PmuSet *s)
{
    if (!s)
        return;
#if defined(__aarch64__)
    MSR("s3_1_c15_c5_0", s->pmesr0);
    MSR("s3_1_c15_c6_0", s->pmesr1);
    MSR("s3_1_c15_c1_0", s->pmcr1);
    MSR("s3_1_c15_c0_0", s->pmcr0);
#endif
    free(s);
}

const PmuBackend pmu_backend_apple = {
    .name = "apple",
    .summary = "Apple M1 PMU from user space (mrs/msr of PMCR0/1, PMESR0/1, PMC0-9; kmod/)",
    .available = apple_available,
    .ncounters = apple_ncounters,
    .list = apple_list,
    .resolve = apple_resolve,
    .open = apple_open,
    .read = apple_read,
    .close = apple_close,
};

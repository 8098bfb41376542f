/* clock.h — the clock layer: timers, CPU identification (x86 cpuid, AArch64 MIDR), frequencies.
 *
 *   timer.c      the cycle/time counter: rdtsc (lfence-fenced) on x86-64, cntvct_el0 (isb) on
 *                AArch64, clock_gettime elsewhere; its frequency (cntfrq_el0, or measured against
 *                CLOCK_MONOTONIC_RAW), granularity (the step of plain reads), the overhead of
 *                each read flavour, cross-CPU synchronisation.
 *   cpuid.c      x86 cpuid leaves decoded into ClockX86 (from a register source, so captured
 *                values can be decoded in tests), brand-string frequency parsing.
 *   midr.c       MIDR_EL1 decoding through the tables generated from midr-*.tsv; reading the
 *                MIDR of every CPU (sysfs, /proc/cpuinfo).
 *   coreclock.c  the core clock: a long dependent chain of 1-cycle adds (known answer).
 *   platform.c   what differs between Linux and macOS (CPU pinning, kernel-reported frequency,
 *                sysctl), and emulation findings.
 */
#ifndef CLOCK_H
#define CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- timer.c ---- */
uint64_t clock_ticks(void);                  /* fenced read of the counter */
const char *clock_counter_name(void);        /* "tsc", "cntvct_el0" or "clock_gettime" */
uint64_t clock_mono_ns(void);                /* CLOCK_MONOTONIC_RAW (else MONOTONIC) in ns */
double clock_counter_nominal_hz(void);       /* cntfrq_el0; 1e9 for clock_gettime; 0 on x86 */
double clock_measure_counter_hz(double seconds);   /* counter vs CLOCK_MONOTONIC_RAW */
double clock_counter_hz(void);               /* nominal, else measured once (cached) */
uint64_t clock_ticks_plain(void);            /* unfenced read (rdtsc, mrs without isb) */
uint64_t clock_granularity(void);            /* the step of plain reads, ticks (cached) */
double clock_overhead_ticks(void);           /* median cost of one fenced read, in ticks */

/* The step a counter shows in an array of consecutive reads: the commonest non-zero difference,
 * or the gcd of the common ones (>= 2 % of the differences), when the values keep to one phase
 * modulo it within a tick (a VM's TSC read with a tick of jitter); else the gcd of the common
 * differences.  exact: two reads fell within one step (a repeat, or a difference under half a
 * step) or two different common differences pin it down; otherwise every difference was the
 * same, and the step divides it. */
typedef struct ClockStep {
    uint64_t ticks;                          /* 0: no step seen */
    bool exact;
    size_t repeats, steps, backwards;        /* differences == 0, > 0, < 0 */
} ClockStep;
ClockStep clock_step_estimate(const uint64_t *reads, size_t n);
typedef uint64_t (*ClockReadFn0)(void);
ClockStep clock_granularity_of(ClockReadFn0 read);  /* 16384 back-to-back reads */
double clock_overhead_of(ClockReadFn0 read);        /* one read, in ticks of the fenced counter */
/* The ways to read the counter: plain, fenced (clock_ticks), rdtscp, clock_gettime */
typedef struct ClockFlavour {
    const char *name, *what;
    ClockReadFn0 read;
} ClockFlavour;
extern const ClockFlavour clock_flavours[];
extern const int clock_flavour_count;

/* Cross-CPU synchronisation: two threads pinned to cpu_a and cpu_b pass a counter stamp back
 * and forth `rounds` times.  B's counter minus A's lies within [offset_lo, offset_hi] ticks (the
 * smallest one-way differences bound it); synchronised when 0 is inside.  False when a thread
 * could not be pinned or the other never answered. */
typedef struct ClockSync {
    int cpu_a, cpu_b;
    int64_t min_ab, min_ba;                  /* smallest reader-minus-writer, each way */
    double offset_lo, offset_hi;
    bool synchronised;
    size_t back_a, back_b;                   /* backward steps in 65536 fenced reads on each CPU */
    int rounds;                              /* round trips made (at most half a second's) */
} ClockSync;
bool clock_sync_measure(int cpu_a, int cpu_b, int rounds, ClockSync *out);
void clock_sync_bounds(int64_t min_ab, int64_t min_ba, ClockSync *out);   /* exposed for tests */

/* ---- cpuid.c ---- */
/* A cpuid register source: fills r[0..3] = eax, ebx, ecx, edx for (leaf, subleaf). */
typedef void (*ClockCpuidFn)(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t r[4]);
void clock_cpuid_native(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t r[4]);
bool clock_have_cpuid(void);                 /* x86 build */

/* a cache as cpuid describes it (the words and units of sysfs's cache/indexN) */
typedef struct ClockCache {
    int level;                               /* 1, 2, 3 */
    char type[12];                           /* "Data", "Instruction", "Unified" */
    double size;                             /* bytes */
    int ways;                                /* 0: unknown; a fully associative one: size / line;
                                              * where cpuid gives a range (AMD's Fn8000_0006), its
                                              * lower end */
    int ways_max;                            /* the upper end of that range (== ways when exact;
                                              * 0: no upper bound, "128 or more") */
    int line;                                /* bytes, 0: unknown */
    int sharing;                             /* logical CPUs that share it, 0: unknown */
} ClockCache;
#define CLOCK_MAX_CACHES 8

/* a TLB as cpuid describes it (AMD Fn8000_0005/6; Intel leaf 0x18 or leaf 2), 4 KiB pages; or one
 * for 1 GiB pages (AMD Fn8000_0019, Intel leaf 0x18) in ClockX86's tlbs1g */
typedef struct ClockTlb {
    int level;                               /* 1, 2 */
    char type[12];                           /* "Data", "Instruction", "Unified" (data and code),
                                              * "Load", "Store" (Intel leaf 0x18: load-only and
                                              * store-only DTLBs) */
    int entries;
    int ways, ways_max;                      /* as ClockCache's; entries for a fully associative one */
    bool full;                               /* fully associative */
} ClockTlb;
#define CLOCK_MAX_TLBS 8

/* a descriptor byte of Intel's cpuid leaf 2 (src/clock/intel-leaf2-tlb.tsv): kind "tlb" (a 4 KiB
 * TLB: level, type, entries, ways "4", "full" or "-" when not given) or "leaf18" (see leaf 0x18) */
typedef struct ClockLeaf2Tlb {
    uint32_t code;
    const char *kind;
    int level;
    const char *type;
    int entries;
    const char *ways;
} ClockLeaf2Tlb;
extern const ClockLeaf2Tlb clock_leaf2_tlbs[];
extern const int clock_leaf2_tlbs_count;

/* AMD's 4-bit associativity code (Fn8000_0006; src/clock/amd-assoc.tsv) */
typedef struct ClockAmdAssoc {
    uint32_t code;
    int min, max;                            /* ways; max 0: no upper bound */
    const char *kind;                        /* "ways", "off", "reserved", "leaf", "full" */
} ClockAmdAssoc;
extern const ClockAmdAssoc clock_amd_assoc[];
extern const int clock_amd_assoc_count;
/* The entry of code (0..15), NULL when the table has none */
const ClockAmdAssoc *clock_amd_assoc_find(unsigned code);
/* "8-way", "8 to 15-way", "128 or more-way", "fully associative" into buf ("" for ways 0) */
const char *clock_ways_text(char *buf, size_t n, int ways, int ways_max, bool full);

typedef struct ClockX86 {
    uint32_t max_leaf, max_ext_leaf;
    char vendor[13];                         /* "GenuineIntel", "AuthenticAMD", ... */
    char brand[49];                          /* trimmed brand string, "" when absent */
    unsigned family, model, stepping;        /* display family/model (extended fields folded in) */
    bool hypervisor;                         /* leaf 1 ECX[31] */
    char hv_vendor[13];                      /* leaf 0x40000000 ("KVMKVMKVM", "VMwareVMware", ...) */
    uint32_t hv_max_leaf;
    double hv_tsc_hz;                        /* leaf 0x40000010 EAX (kHz) when offered, else 0 */
    bool invariant_tsc_known, invariant_tsc; /* 0x80000007 EDX[8] */
    bool leaf15, leaf16;                     /* leaf present (<= max_leaf) */
    uint32_t l15_den, l15_num, l15_crystal_hz;
    double l15_tsc_hz;                       /* crystal * num / den, 0 when not enumerated */
    uint32_t l16_base_mhz, l16_max_mhz, l16_bus_mhz;
    double brand_hz;                         /* nominal frequency from "@ 2.10GHz", else 0 */
    bool rdtscp;                             /* 0x80000001 EDX[27] */
    bool hybrid;                             /* leaf 7 EDX[15]: P- and E-cores (Intel) */
    unsigned core_type;                      /* leaf 0x1A EAX[31:24] of the CPU read on: 0x40
                                              * Core (performance), 0x20 Atom (efficiency) */
    ClockCache caches[CLOCK_MAX_CACHES];     /* of the CPU read on, from cache_leaf */
    int ncaches;
    const char *cache_leaf;                  /* "4" (Intel), "0x8000001d" (AMD with TopoExt),
                                              * "0x80000005/6" (AMD without: a VM's), NULL: none */
    ClockTlb tlbs[CLOCK_MAX_TLBS];           /* 4 KiB pages, from tlb_leaf */
    int ntlbs;
    const char *tlb_leaf;                    /* "0x80000005/6" (AMD), "0x18" or "2" (Intel), NULL:
                                              * none */
    char tlb_none[160];                      /* when none: why (what the leaves said), "" else */
    ClockTlb tlbs1g[CLOCK_MAX_TLBS];         /* 1 GiB pages (AMD Fn8000_0019; Intel leaf 0x18's
                                              * structures with EBX[3]), from tlb1g_leaf */
    int ntlbs1g;
    const char *tlb1g_leaf;                  /* "0x80000019" (AMD), "0x18" (Intel), NULL: none */
    char tlb1g_none[160];                    /* when none: why (a leaf beyond the max one, or all
                                              * zero: a hypervisor may hide it), "" else */
} ClockX86;
/* The 4 KiB TLB loads use at `level`: a data TLB, else a load-only one (Intel leaf 0x18), else a
 * unified one (Intel's STLB); NULL when cpuid describes none */
const ClockTlb *clock_x86_load_tlb(const ClockX86 *x, int level);
/* "performance (Core)", "efficiency (Atom)", or NULL for 0 / unknown */
const char *clock_x86_core_type_name(unsigned core_type);
void clock_x86_decode(ClockCpuidFn fn, void *ctx, ClockX86 *out);
/* whether cpuid vendor `vendor` ("AuthenticAMD", ...) describes its caches and TLBs in AMD's
 * leaves (Fn8000_0005/6, 0x8000001D), as clock_x86_decode reads them */
bool clock_x86_amd_leaves(const char *vendor);
/* "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz" -> 2.1e9; "... @ 800MHz" -> 8e8; none -> 0 */
double clock_brand_hz(const char *brand);

/* ---- midr.c ---- */
typedef struct ClockMidrImpl { uint32_t code; const char *name; } ClockMidrImpl;
typedef struct ClockMidrPart { uint32_t impl, part; const char *name, *type; } ClockMidrPart;
extern const ClockMidrImpl clock_midr_impls[];
extern const int clock_midr_impls_count;
extern const ClockMidrPart clock_midr_parts[];
extern const int clock_midr_parts_count;

typedef struct ClockMidr {
    uint64_t raw;
    unsigned implementer, variant, arch, part, revision;
    const char *impl_name;                   /* "Apple", or "unknown" */
    const char *part_name;                   /* "Firestorm (M1)", or "unknown" */
    const char *type;                        /* "performance", "efficiency", "-" */
} ClockMidr;
void clock_midr_decode(uint64_t midr, ClockMidr *out);

/* MIDR per CPU: fills midr[0..max) (0 when unknown) and returns the number of CPUs seen, from
 * /sys/devices/system/cpu/cpuN/regs/identification/midr_el1, else /proc/cpuinfo text. */
int clock_read_midrs(uint64_t *midr, int max);
/* Parse /proc/cpuinfo text (AArch64 layout) into MIDRs per "processor" block. Exposed for tests. */
int clock_parse_cpuinfo_midrs(const char *text, uint64_t *midr, int max);

/* ---- coreclock.c ---- */
typedef struct ClockCore {
    double hz;                               /* measured core clock */
    double sample_s;                         /* length of one timed sample */
    double spread;                           /* interquartile range / median of the samples */
    int cpu;                                 /* CPU measured on (-1: not pinned) */
    bool coarse;                             /* timer resolution too coarse for the sample */
} ClockCore;
/* Time a dependent chain of adds (1 cycle each) on `cpu` (-1: wherever we are). */
bool clock_core_measure(int cpu, ClockCore *out);
/* The same, timed with another clock: read(ctx) returns a count at `hz` per second that moves
 * in steps of `gran` (e.g. the task-clock in ns, which ignores time slices given to others). */
typedef uint64_t (*ClockReadFn)(void *ctx);
bool clock_core_measure_with(int cpu, ClockReadFn read, void *ctx, double hz, uint64_t gran,
                             ClockCore *out);
double clock_core_hz(void);                  /* measured once on the current CPU (cached) */
/* The clock a measurement's rounds saw, from the add chain timed right after each round's kernels
 * at two lengths (d1[i]: `adds` adds, d2[i]: twice as many; ticks of a counter at timer_hz).  The
 * fastest timing of each length (a clock the fastest rounds saw) and the median of the rounds' own
 * clocks (each round's long less its short: the clock of the typical round) are two readings of one
 * clock when it held still; they are said to disagree (steady false) when they differ by more than
 * CLOCK_STEADY_TOL of the median: the clock moved between rounds, and a figure converted with one
 * of them is off by that much for the rounds that ran at the other (runner.c chooses the one that
 * matches the statistic: the fastest for -min, the median's for the median). */
#define CLOCK_STEADY_TOL 0.03
typedef struct ClockRounds {
    double fast_hz;                          /* from the fastest timing of each length */
    double median_hz, q25_hz, q75_hz;        /* the rounds' own clocks */
    int n;                                   /* rounds whose long chain took longer than the short */
    bool steady;
} ClockRounds;
bool clock_rounds(const double *d1, const double *d2, int n, double adds, double timer_hz, ClockRounds *out);
/* The known answer itself: `blocks` blocks of CLOCK_CHAIN_ADDS dependent register adds, one core
 * cycle each (what the measurements above time; the runner times it beside every round). */
#define CLOCK_CHAIN_ADDS 1000
void clock_chain(uint64_t blocks);

/* ---- platform.c ---- */
int clock_ncpus(void);
bool clock_pin(int cpu);                     /* pin the calling thread; false if impossible */
int clock_current_cpu(void);                 /* -1 when unknown */
/* Frequency the kernel reports for the counter/CPU: fills src with where it was read from
 * ("dmesg: tsc: Detected ...", "/sys/.../tsc_freq_khz", "/proc/cpuinfo cpu MHz"). 0: none. */
double clock_kernel_tsc_hz(char *src, size_t srcsz);
/* Is this process emulated (qemu-user on AArch64 Linux: /proc/cpuinfo is the host's)?  why gets
 * the evidence.  Timings taken under emulation are the emulator's, not a core's. */
bool clock_emulated(char *why, size_t n);
/* Emulation / virtualization findings as one-line sentences (into buf, '\n'-separated). */
void clock_findings(char *buf, size_t bufsz);
/* "Linux 6.1.0 x86_64" */
void clock_os(char *buf, size_t bufsz);

#endif

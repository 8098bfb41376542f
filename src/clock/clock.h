/* clock.h — the clock layer: timers, CPU identification (x86 cpuid, AArch64 MIDR), frequencies.
 *
 *   timer.c      the cycle/time counter: rdtsc (lfence-fenced) on x86-64, cntvct_el0 (isb) on
 *                AArch64, clock_gettime elsewhere; its frequency (cntfrq_el0, or measured against
 *                CLOCK_MONOTONIC_RAW), granularity (smallest non-zero step) and read overhead.
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
uint64_t clock_granularity(void);            /* smallest non-zero step between reads, ticks */
double clock_overhead_ticks(void);           /* median cost of one read, in ticks */

/* ---- cpuid.c ---- */
/* A cpuid register source: fills r[0..3] = eax, ebx, ecx, edx for (leaf, subleaf). */
typedef void (*ClockCpuidFn)(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t r[4]);
void clock_cpuid_native(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t r[4]);
bool clock_have_cpuid(void);                 /* x86 build */

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
} ClockX86;
/* "performance (Core)", "efficiency (Atom)", or NULL for 0 / unknown */
const char *clock_x86_core_type_name(unsigned core_type);
void clock_x86_decode(ClockCpuidFn fn, void *ctx, ClockX86 *out);
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

/* ---- platform.c ---- */
int clock_ncpus(void);
bool clock_pin(int cpu);                     /* pin the calling thread; false if impossible */
int clock_current_cpu(void);                 /* -1 when unknown */
/* Frequency the kernel reports for the counter/CPU: fills src with where it was read from
 * ("dmesg: tsc: Detected ...", "/sys/.../tsc_freq_khz", "/proc/cpuinfo cpu MHz"). 0: none. */
double clock_kernel_tsc_hz(char *src, size_t srcsz);
/* Emulation / virtualization findings as one-line sentences (into buf, '\n'-separated). */
void clock_findings(char *buf, size_t bufsz);
/* "Linux 6.1.0 x86_64" */
void clock_os(char *buf, size_t bufsz);

#endif

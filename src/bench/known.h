/* known.h — known answers (latencies in core cycles) per microarchitecture, for
 * `uarch bench selftest`, and published front-end figures, for naming what icache and btb find.
 * The data are src/bench/known.tsv and frontend.tsv (sources in their headers), turned into
 * bench_known[] and bench_frontend[] at build time by tools/gen-table.c (see bench.mk). */
#ifndef BENCH_KNOWN_H
#define BENCH_KNOWN_H

#include <stddef.h>
#include <stdint.h>

typedef struct BenchKnown {
    const char *isa, *vendor;            /* "x86_64" + cpuid vendor | "aarch64" + MIDR implementer hex */
    uint32_t family, model_min, model_max;
    const char *uarch;
    double add, mul, load;               /* latencies: add chain, multiply chain, L1 pointer chase */
    const char *source;
} BenchKnown;

extern const BenchKnown bench_known[];
extern const int bench_known_count;

/* The row for the CPU we run on (cpuid / MIDR of the current CPU), or NULL. */
const BenchKnown *bench_known_find(const char *isa, const char *vendor, uint32_t family,
                                   uint32_t model);
/* The row of the CPU this runs on (cpuid, else the MIDR of the current CPU), or NULL. */
const BenchKnown *bench_known_here(void);

/* Published front-end figures (src/bench/frontend.tsv, sources in its header); 0: unknown. */
typedef struct BenchFrontend {
    const char *uarch;
    int decode;                          /* instructions decoded per cycle */
    int fetch;                           /* bytes a cycle the decoders take from the L1I, 0: unknown */
    int opcache;                         /* op cache capacity, ops */
    int btb_fast, btb_slow;              /* entries: zero-bubble BTB, one-bubble BTB */
    int btb_last;                        /* entries of a slower level behind them (0: none known) */
    int width;                           /* ops renamed / dispatched a cycle: no IPC above it */
    const char *source;
} BenchFrontend;
extern const BenchFrontend bench_frontend[];
extern const int bench_frontend_count;
/* The figures of the CPU this runs on, or NULL. */
const BenchFrontend *bench_frontend_here(void);
/* The published op caches of the vendor's cores (a known.tsv row of that vendor names each):
 * "Zen/Zen+ 2048, Zen 2 4096, ..." into out, "" when none. */
void bench_frontend_opcaches(const char *vendor, char *out, size_t n);
/* The figures of a microarchitecture (known.tsv's uarch column), or NULL. */
const BenchFrontend *bench_frontend_of(const char *uarch);

/* Published core figures (src/bench/cores.tsv, sources in its header); 0: unknown. */
typedef struct BenchCore {
    const char *uarch, *vendor;          /* vendor: the cpuid vendor string */
    int l1i;                             /* KiB */
    int l2_lat;                          /* L2 load-to-use latency, core cycles */
    int rob;                             /* reorder buffer entries */
    int l2_itlb;                         /* L2 ITLB entries, 4 KiB pages (0: not known here) */
    const char *source;
} BenchCore;
extern const BenchCore bench_cores[];
extern const int bench_cores_count;

/* What cpuid says this CPU is, to set the measured figures against: under a hypervisor its
 * family, model and cache leaves may be the hypervisor's virtual CPU model's (a KVM guest on a
 * Zen 4 host that cpuid calls family 17h model 01h, a Zen 1) */
typedef struct BenchIdent {
    const char *uarch;                   /* known.tsv's name for cpuid's family/model, NULL: none */
    char vendor[16];
    unsigned family, model;
    char hv[32];                         /* the hypervisor's cpuid vendor, "" outside one */
} BenchIdent;
/* This CPU's (x86-64 cpuid; elsewhere the MIDR's row, family and model 0, no hypervisor). */
void bench_ident_here(BenchIdent *id);
/* Under a hypervisor, the sentence that cpuid's family/model (and the cache sizes the system
 * takes from its leaves) may be the virtual CPU model's; "" otherwise. */
void bench_ident_caveat(const BenchIdent *id, char *out, size_t n);
/* "Zen/Zen+ (cpuid family 17h model 01h)", "Zen 4" (no family), "" (no core named) */
void bench_ident_name(const BenchIdent *id, char *out, size_t n);

/* Under a hypervisor, when published figures of uarch are set beside a measurement because cpuid
 * names it: "the published figures are Zen/Zen+'s, the core cpuid's family 17h model 01h names;
 * under a hypervisor (KVMKVMKVM) that may be its virtual CPU model"; "" otherwise. */
void bench_ident_published(const BenchIdent *id, const char *uarch, char *out, size_t n);

typedef enum { BENCH_FIG_L1I, BENCH_FIG_L2_LAT, BENCH_FIG_ROB } BenchFig;
/* A measured figure (bytes for sizes, cycles, entries) against the published one of the core
 * cpuid names: -1 when there is none to compare with, 0 when they agree (sizes within a quarter
 * octave; latencies within 1 cycle or 8 %; ROB within 8 %), 1 when the measurement contradicts
 * it, with a sentence in out saying so plainly (and, under a hypervisor, that cpuid's model may
 * be the virtual CPU's), naming the cores of the vendor published with the measured figure. */
int bench_core_verdict(const BenchIdent *id, BenchFig fig, double measured, char *out, size_t n);
/* The core cpuid names (id) against cpuid's own L2 ITLB of `entries`: out gets "CONTRADICTS the N
 * entries published for <core> (source)" and 1 is returned when they are more than half an octave apart,
 * 0 when they agree, -1 when nothing is published (out "") */
int bench_core_itlb_verdict(const BenchIdent *id, int entries, char *out, size_t n);

#endif

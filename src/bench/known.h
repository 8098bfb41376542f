/* known.h — known answers (latencies in core cycles) per microarchitecture, for
 * `uarch bench selftest`, and published front-end figures, for naming what icache and btb find.
 * The data are src/bench/known.tsv and frontend.tsv (sources in their headers), turned into
 * bench_known[] and bench_frontend[] at build time by tools/gen-table.c (see bench.mk). */
#ifndef BENCH_KNOWN_H
#define BENCH_KNOWN_H

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
    int width;                           /* ops renamed / dispatched a cycle: no IPC above it */
    const char *source;
} BenchFrontend;
extern const BenchFrontend bench_frontend[];
extern const int bench_frontend_count;
/* The figures of the CPU this runs on, or NULL. */
const BenchFrontend *bench_frontend_here(void);

#endif

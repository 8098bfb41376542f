/* known.h — known answers (latencies in core cycles) per microarchitecture, for
 * `uarch bench selftest`.  The data are src/bench/known.tsv (sources in its header), turned into
 * bench_known[] at build time by tools/gen-table.c (see bench.mk). */
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

#endif

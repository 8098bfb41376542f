/* known.c — look up the known answers (known.tsv -> bench_known[]) and the published front-end
 * figures (frontend.tsv -> bench_frontend[]) for a CPU. */
#include "bench/known.h"
#include "clock/clock.h"

#include <stdio.h>
#include <string.h>

const BenchKnown *bench_known_find(const char *isa, const char *vendor, uint32_t family, uint32_t model)
{
    for (int i = 0; i < bench_known_count; i++) {
        const BenchKnown *k = &bench_known[i];
        if (strcmp(k->isa, isa) == 0 && strcmp(k->vendor, vendor) == 0 && k->family == family &&
            model >= k->model_min && model <= k->model_max)
            return k;
    }
    return NULL;
}

const BenchKnown *bench_known_here(void)
{
    if (clock_have_cpuid()) {
        ClockX86 x;
        clock_x86_decode(clock_cpuid_native, NULL, &x);
        return bench_known_find("x86_64", x.vendor, x.family, x.model);
    }
    uint64_t m[256];
    int n = clock_read_midrs(m, 256), c = clock_current_cpu();
    if (n <= 0)
        return NULL;
    ClockMidr d;
    clock_midr_decode(m[c >= 0 && c < n ? c : 0], &d);
    char impl[8];
    snprintf(impl, sizeof impl, "%x", d.implementer);
    return bench_known_find("aarch64", impl, 0, d.part);
}

const BenchFrontend *bench_frontend_here(void)
{
    const BenchKnown *k = bench_known_here();
    for (int i = 0; k && i < bench_frontend_count; i++)
        if (strcmp(bench_frontend[i].uarch, k->uarch) == 0)
            return &bench_frontend[i];
    return NULL;
}

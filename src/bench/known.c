/* known.c — look up the known answers (known.tsv -> bench_known[]) for a CPU. */
#include "bench/known.h"

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

/* multi.c — counters named across backends, opened together on the calling thread: what
 * `uarch bench -counters` takes.  A name is "EVENT" or "perf:EVENT" (the perf backend: software
 * events, msr/tsc/, pmu/term=v,.../, raw rNNNN, libpfm4 names) or "apple:EVENT" (the Apple M1
 * PMU by id or name: all of them in one set, as they share PMC0-9).  The sim backend counts
 * simulated snippets, not runs: refused with a pointer to `uarch pmu stat -backend=sim`. */
#include "pmu/pmu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct PmuMulti {
    int n;
    PmuSet *perf[PMU_MULTI_MAX];       /* one set per perf event (NULL for apple ones) */
    PmuSet *apple;
    int apple_idx[PMU_MULTI_MAX];      /* index in the apple set, -1 for perf ones */
    int napple;
};

void pmu_multi_close(PmuMulti *m)
{
    if (!m)
        return;
    for (int i = 0; i < m->n; i++)
        if (m->perf[i])
            pmu_backend_perf.close(m->perf[i]);
    if (m->apple)
        pmu_backend_apple.close(m->apple);
    free(m);
}

PmuMulti *pmu_multi_open(const char *const *names, int n, unsigned modes, char *why, size_t whysz)
{
    if (n > PMU_MULTI_MAX) {
        snprintf(why, whysz, "more than %d counters", PMU_MULTI_MAX);
        return NULL;
    }
    PmuMulti *m = xcalloc(1, sizeof *m);
    PmuEventInfo apple_ev[PMU_MULTI_MAX];
    char w[300];
    for (int i = 0; i < n; i++, m->n++) {
        const char *nm = names[i];
        m->apple_idx[i] = -1;
        PmuEventInfo info;
        if (str_starts(nm, "sim:")) {
            snprintf(why, whysz, "counter '%s' unavailable: the sim backend counts simulated snippets, not runs "
                     "(uarch pmu stat -backend=sim -asm ...)", nm);
            pmu_multi_close(m);
            return NULL;
        }
        if (str_starts(nm, "apple:")) {
            if (modes && modes != PMU_MODE_USER) {   /* PMCR1's EL0 bits are the ones apple.c sets */
                snprintf(why, whysz, "counter '%s' unavailable: the apple backend counts at EL0 (user space) only, "
                         "not at the %s level%s asked for (-usr/-os)", nm, pmu_modes_name(modes),
                         modes == PMU_MODE_KERNEL ? "" : "s");
                pmu_multi_close(m);
                return NULL;
            }
            if (!pmu_backend_apple.resolve(nm + 6, &info, w, sizeof w)) {
                snprintf(why, whysz, "counter '%s' unavailable: %s", nm, w);
                pmu_multi_close(m);
                return NULL;
            }
            m->apple_idx[i] = m->napple;
            apple_ev[m->napple++] = info;
            continue;
        }
        const char *ev = str_starts(nm, "perf:") ? nm + 5 : nm;
        bool ok = pmu_backend_perf.resolve(ev, &info, w, sizeof w);
        info.perf.modes = modes;
        if (!ok || !(m->perf[i] = pmu_backend_perf.open(&info, 1, 0, w, sizeof w))) {
            snprintf(why, whysz, "counter '%s' unavailable: %s", nm, w);
            pmu_multi_close(m);
            return NULL;
        }
    }
    if (m->napple && !(m->apple = pmu_backend_apple.open(apple_ev, m->napple, 0, w, sizeof w))) {
        snprintf(why, whysz, "counter '%s' unavailable: %s", names[0], w);
        for (int i = 0; i < n; i++)
            if (m->apple_idx[i] >= 0) {
                snprintf(why, whysz, "counter '%s' unavailable: %s", names[i], w);
                break;
            }
        pmu_multi_close(m);
        return NULL;
    }
    return m;
}

bool pmu_multi_read(PmuMulti *m, uint64_t *vals)
{
    PmuValue av[PMU_MULTI_MAX], v;
    bool ok = !m->apple || pmu_backend_apple.read(m->apple, av);
    for (int i = 0; i < m->n; i++) {
        if (m->apple_idx[i] >= 0)
            vals[i] = ok ? av[m->apple_idx[i]].raw : 0;
        else if (pmu_backend_perf.read(m->perf[i], &v))
            vals[i] = v.raw;
        else
            vals[i] = 0, ok = false;
    }
    return ok;
}

/* pfm.c — event names through libpfm4 for the perf backend, when the build found it (pmu.mk:
 * libpfm4-dev's header and -lpfm; UARCH_HAVE_LIBPFM).  libpfm4 knows the core events of x86 and
 * Arm CPUs by name ("INST_RETIRED:ANY_P", "cpu_cycles") and encodes them for perf_event_open.
 * Without it the perf backend still takes sysfs names and raw codes; pmu_pfm_status says which. */
#include "pmu/pmu.h"

#include <stdio.h>
#include <string.h>

#ifdef UARCH_HAVE_LIBPFM
#include <perfmon/pfmlib_perf_event.h>

static int pfm_state;                       /* 0 untried, 1 ready, -1 failed */

static bool pfm_ready(void)
{
    if (!pfm_state)
        pfm_state = pfm_initialize() == PFM_SUCCESS ? 1 : -1;
    return pfm_state > 0;
}

bool pmu_pfm_status(char *out, size_t n)
{
    if (!pfm_ready()) {
        snprintf(out, n, "libpfm4 built in, but its initialisation failed");
        return false;
    }
    int present = 0;
    pfm_pmu_info_t pi;
    for (int p = PFM_PMU_NONE; p < PFM_PMU_MAX; p++) {
        memset(&pi, 0, sizeof pi);
        pi.size = sizeof pi;
        if (pfm_get_pmu_info((pfm_pmu_t)p, &pi) == PFM_SUCCESS && pi.is_present && pi.type == PFM_PMU_TYPE_CORE)
            present++;
    }
    snprintf(out, n, "libpfm4 built in (it knows %d core PMU%s of this CPU by name)", present, present == 1 ? "" : "s");
    return present > 0;
}

bool pmu_pfm_resolve(const char *name, PmuEvent *pe, char *desc, size_t descsz, char *why, size_t whysz)
{
    if (!pfm_ready()) {
        snprintf(why, whysz, "libpfm4 initialisation failed");
        return false;
    }
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    pfm_perf_encode_arg_t arg;
    memset(&arg, 0, sizeof arg);
    arg.attr = &a;
    arg.size = sizeof arg;
    int rc = pfm_get_os_event_encoding(name, PFM_PLM3, PFM_OS_PERF_EVENT, &arg);
    if (rc != PFM_SUCCESS) {
        snprintf(why, whysz, "libpfm4: %s", pfm_strerror(rc));
        return false;
    }
    pe->type = a.type;
    pe->config = a.config;
    pe->config1 = a.config1;
    pe->config2 = a.config2;
    pfm_event_info_t ei;
    memset(&ei, 0, sizeof ei);
    ei.size = sizeof ei;
    if (pfm_get_event_info(arg.idx, PFM_OS_PERF_EVENT, &ei) == PFM_SUCCESS && ei.desc)
        snprintf(desc, descsz, "libpfm4: %s", ei.desc);
    else
        snprintf(desc, descsz, "libpfm4");
    return true;
}

int pmu_pfm_names(char (*names)[64], int max)
{
    if (!pfm_ready())
        return 0;
    int n = 0;
    pfm_pmu_info_t pi;
    for (int p = PFM_PMU_NONE; p < PFM_PMU_MAX; p++) {
        memset(&pi, 0, sizeof pi);
        pi.size = sizeof pi;
        if (pfm_get_pmu_info((pfm_pmu_t)p, &pi) != PFM_SUCCESS || !pi.is_present || pi.type != PFM_PMU_TYPE_CORE)
            continue;
        for (int i = pi.first_event; i != -1 && n < max; i = pfm_get_event_next(i)) {
            pfm_event_info_t ei;
            memset(&ei, 0, sizeof ei);
            ei.size = sizeof ei;
            if (pfm_get_event_info(i, PFM_OS_PERF_EVENT, &ei) == PFM_SUCCESS)
                snprintf(names[n++], 64, "%s::%.40s", pi.name, ei.name);
        }
    }
    return n;
}
#else
bool pmu_pfm_status(char *out, size_t n)
{
    snprintf(out, n, "libpfm4 not built in (libpfm4-dev absent at build time): sysfs names and raw codes");
    return false;
}

bool pmu_pfm_resolve(const char *name, PmuEvent *pe, char *desc, size_t descsz, char *why, size_t whysz)
{
    (void)name, (void)pe, (void)desc, (void)descsz;
    snprintf(why, whysz, "libpfm4 not built in");
    return false;
}

int pmu_pfm_names(char (*names)[64], int max)
{
    (void)names, (void)max;
    return 0;
}
#endif

/* provenance.c — what every measurement records about where it was taken: CPU (brand / MIDR),
 * vendor, OS, counter backend, counter and core frequencies, hypervisor, UTC date. */
#include "bench/bench.h"
#include "clock/clock.h"
#include "pmu/pmu.h"

#include <string.h>
#include <time.h>

void bench_provenance(BenchProvenance *p, bool measure_core)
{
    memset(p, 0, sizeof *p);
    if (clock_have_cpuid()) {
        ClockX86 x;
        clock_x86_decode(clock_cpuid_native, NULL, &x);
        snprintf(p->cpu, sizeof p->cpu, "%s (family 0x%x model 0x%x stepping %u)",
                 x.brand[0] ? x.brand : "unknown", x.family, x.model, x.stepping);
        snprintf(p->vendor, sizeof p->vendor, "%s", x.vendor);
        if (x.hypervisor)
            snprintf(p->hypervisor, sizeof p->hypervisor, "%s", x.hv_vendor[0] ? x.hv_vendor : "unnamed");
    } else {
        uint64_t midr[256];
        int n = clock_read_midrs(midr, 256);
        int cpu = clock_current_cpu();
        uint64_t m = n > 0 ? midr[cpu >= 0 && cpu < n ? cpu : 0] : 0;
        if (m) {
            ClockMidr d;
            clock_midr_decode(m, &d);
            snprintf(p->cpu, sizeof p->cpu, "%s %s (MIDR 0x%08llx)", d.impl_name, d.part_name,
                     (unsigned long long)m);
            snprintf(p->vendor, sizeof p->vendor, "%s", d.impl_name);
            snprintf(p->midr, sizeof p->midr, "0x%08llx", (unsigned long long)m);
        } else {
            snprintf(p->cpu, sizeof p->cpu, "unknown");
            snprintf(p->vendor, sizeof p->vendor, "unknown");
        }
    }
    clock_os(p->os, sizeof p->os);
    clock_emulated(p->emulated, sizeof p->emulated);
    char dev[64], why[256];
    snprintf(p->backend, sizeof p->backend, "%s", pmu_core("/sys", dev, sizeof dev, why, sizeof why) ? "perf_event" : "timer");
    p->timer_hz = clock_counter_hz();
    if (measure_core)
        p->core_hz = clock_core_hz();
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(p->date, sizeof p->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

void bench_provenance_json(Json *j, const BenchProvenance *p)
{
    json_obj_begin(j);
    json_kstr(j, "cpu", p->cpu);
    json_kstr(j, "vendor", p->vendor);
    if (p->midr[0])
        json_kstr(j, "midr", p->midr);
    json_kstr(j, "os", p->os);
    json_kstr(j, "backend", p->backend);
    json_knum(j, "timer_hz", p->timer_hz);
    json_knum(j, "core_hz", p->core_hz);
    if (p->hypervisor[0])
        json_kstr(j, "hypervisor", p->hypervisor);
    else
        json_knull(j, "hypervisor");
    json_kbool(j, "emulated", p->emulated[0] != 0);
    if (p->emulated[0])
        json_kstr(j, "emulation", p->emulated);
    json_kstr(j, "date", p->date);
    json_obj_end(j);
}

/* provenance.c — what every measurement records about where it was taken: CPU (brand / MIDR),
 * vendor, OS, counter backend, counter and core frequencies, hypervisor, UTC date; and what the
 * CPUs did meanwhile (/proc/stat: other work, steal). */
#include "bench/bench.h"
#include "clock/clock.h"
#include "pmu/pmu.h"

#include <stdio.h>
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

void bench_cpu_times_parse(const char *text, BenchCpuTimes *t)
{
    t->n = 0;
    for (const char *l = text; l && *l && t->n < BENCH_MAX_CPUS; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
        /* "cpuN user nice system idle iowait irq softirq steal guest guest_nice" (guest time is
         * inside user already) */
        int id;
        unsigned long long v[8] = {0};
        if (strncmp(l, "cpu", 3) != 0 || !(l[3] >= '0' && l[3] <= '9'))
            continue;
        if (sscanf(l + 3, "%d %llu %llu %llu %llu %llu %llu %llu %llu", &id, &v[0], &v[1], &v[2], &v[3], &v[4],
                   &v[5], &v[6], &v[7]) < 5)
            continue;
        int k = t->n++;
        t->id[k] = id;
        t->busy[k] = v[0] + v[1] + v[2] + v[5] + v[6];
        t->steal[k] = v[7];
        t->total[k] = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
    }
}

void bench_cpu_times(BenchCpuTimes *t)
{
    Buf b;
    buf_init(&b);
    if (read_file("/proc/stat", &b))
        bench_cpu_times_parse(buf_cstr(&b), t);
    else
        t->n = 0;
    buf_free(&b);
}

void bench_cpu_load_note(const BenchCpuTimes *a, const BenchCpuTimes *b, int cpu, char *out, size_t n)
{
    size_t len = 0;
    out[0] = 0;
    char others[256] = "";
    size_t ol = 0;
    for (int i = 0; i < a->n && i < b->n; i++) {
        if (a->id[i] != b->id[i] || b->total[i] <= a->total[i])
            continue;
        double all = (double)(b->total[i] - a->total[i]);
        double busy = (double)(b->busy[i] - a->busy[i]) / all, steal = (double)(b->steal[i] - a->steal[i]) / all;
        if (a->id[i] == cpu) {
            if (steal >= 0.05 && len < n)
                len += (size_t)snprintf(out + len, n - len,
                                        "%sthe hypervisor gave cpu%d to something else %.0f %% of the time (steal)",
                                        len ? "; " : "", cpu, 100 * steal);
        } else if (busy >= 0.25 && ol < sizeof others) {
            ol += (size_t)snprintf(others + ol, sizeof others - ol, "%scpu%d %.0f %%", ol ? ", " : "", a->id[i],
                                   100 * busy);
        }
    }
    if (others[0] && len < n)
        snprintf(out + len, n - len,
                 "%sother work ran during the measurement (busy: %s): a CPU that shares a core with cpu%d "
                 "(hardware threads; a VM cannot tell) shares its L1 and L2, and then the caches seem smaller "
                 "and the timings vary",
                 len ? "; " : "", others, cpu);
}

/* clock.c — `uarch clock`: what the timers and the CPU say about time.
 *
 *   uarch clock [-json] [-cpu N|all] [-seconds S]
 *
 * x86-64: vendor/brand, family/model, hypervisor (bit + leaf 0x40000000 vendor), invariant TSC,
 * leaves 0x15/0x16, brand-string frequency, the TSC frequency measured against
 * CLOCK_MONOTONIC_RAW and compared with the kernel's figure, granularity (the step of plain reads)
 * and the overhead of each way to read the counter, monotonicity, cross-CPU synchronisation
 * (stamps passed between CPU 0 and each other CPU), the core clock per counter tick.
 * AArch64: cntfrq_el0, its measured rate, cntvct_el0 granularity and overhead, MIDR of every CPU
 * grouped by core type.  Both: the core clock from a dependent add chain (per CPU with -cpu, or
 * per core type on heterogeneous systems: MIDR part on AArch64, cpuid 0x1A on hybrid x86),
 * findings (emulation, hypervisor) printed first.
 */
#include "bench/known.h"
#include "clock/clock.h"
#include "util/svg.h"
#include "cmd/cmd.h"
#include "util/opt.h"
#include "util/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const OptRange seconds_range = {OPT_REAL, 0.01, 60}, cpu_range = {OPT_INT, 0, 4095};

static void usage(FILE *f)
{
    char cpus[80], secs[80];
    opt_range_text(cpu_range, cpus, sizeof cpus);
    opt_range_text(seconds_range, secs, sizeof secs);
    fprintf(f, "usage: uarch clock [-json] [-cpu N|all] [-seconds S]\n"
               "  -cpu N|all   measure the core clock on CPU N (%s, online), or on every\n"
               "               CPU (default: the current CPU, or the first CPU of each core type on\n"
               "               heterogeneous AArch64 systems)\n"
               "  -seconds S   length of the counter-frequency measurement (0.2; %s)\n"
               "  -json        machine-readable output (tsc_hz / cntfrq_hz, granularity_ticks, core_hz, ...)\n",
            cpus, secs);
}

static const char *fmt_hz(char *b, size_t n, double hz)
{
    if (hz >= 1e9)
        snprintf(b, n, "%.4f GHz", hz / 1e9);
    else if (hz >= 1e6)
        snprintf(b, n, "%.3f MHz", hz / 1e6);
    else
        snprintf(b, n, "%.0f Hz", hz);
    return b;
}

static const char *fmt_period(char *b, size_t n, double hz)
{
    double s = hz > 0 ? 1 / hz : 0;
    if (s < 1e-9)
        snprintf(b, n, "%.2f ps", s * 1e12);
    else
        snprintf(b, n, "%.2f ns", s * 1e9);
    return b;
}

typedef struct CoreRun {
    int cpu;
    ClockCore c;
    bool ok;
    const char *label;                      /* core type, or NULL */
} CoreRun;

/* the options; -1: go on, else the exit status */
static int clock_args(int argc, char **argv, bool *json, bool *all, int *cpu, double *seconds)
{
    char msg[256];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0 || strcmp(a, "-help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "-json") == 0 || strcmp(a, "--json") == 0) {
            *json = true;
        } else if ((strcmp(a, "-cpu") == 0 || strcmp(a, "-seconds") == 0) && i + 1 < argc) {
            const char *v = argv[++i];
            char err[256];
            if (strcmp(a, "-cpu") == 0 && strcmp(v, "all") == 0) {
                *all = true;
            } else if (strcmp(a, "-cpu") == 0) {
                if (!opt_parse_int(a, v, cpu_range, cpu, err, sizeof err)) {
                    eprintf("uarch: clock: %s; or 'all'\n", err);
                    return 2;
                }
                if (*cpu >= clock_ncpus()) {
                    eprintf("uarch: clock: option '-cpu': CPU %d is not online\n", *cpu);
                    return 2;
                }
            } else if (!opt_parse(a, v, seconds_range, seconds, err, sizeof err)) {
                eprintf("uarch: clock: %s\n", err);
                return 2;
            }
        } else if (strcmp(a, "-cpu") == 0 || strcmp(a, "-seconds") == 0) {
            eprintf("uarch: clock: option '%s' needs a value\n", a);
            return 2;
        } else if (opt_split_no_value(argv, i, msg, sizeof msg)) {
            eprintf("uarch: clock: %s\n", msg);
            return 2;
        } else {
            eprintf("uarch: clock: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    return -1;
}

/* cpuid's TLBs for one page size as JSON: key_leaf and key_list, or key_none (why there are none) */
static void json_tlbs(Json *j, const char *key_leaf, const char *key_list, const char *key_none,
                      const ClockTlb *tlbs, int n, const char *leaf, const char *none)
{
    json_kstr(j, n ? key_leaf : key_none, n ? leaf : none);
    if (n <= 0)
        return;
    json_key(j, key_list);
    json_arr_begin(j);
    for (int c = 0; c < n; c++) {
        const ClockTlb *t = &tlbs[c];
        json_obj_begin(j);
        json_kint(j, "level", t->level);
        json_kstr(j, "type", t->type);
        json_kint(j, "entries", t->entries);
        json_kint(j, "ways", t->ways);
        json_kint(j, "ways_max", t->ways_max);
        json_kbool(j, "fully_associative", t->full);
        json_obj_end(j);
    }
    json_arr_end(j);
}

/* cpuid's TLBs for one page size ("4 KiB", "1 GiB") as a line of the table, or why there are none */
static void print_tlbs(const char *page, const ClockTlb *tlbs, int n, const char *leaf, const char *none)
{
    char tmp[64];
    if (n <= 0) {
        if (!strcmp(page, "4 KiB"))
            printf("  TLBs:                 none described by cpuid: %s\n", none);
        else
            printf("  TLBs (%s pages):  none described by cpuid: %s\n", page, none);
        return;
    }
    printf("  TLBs (%s pages):  ", page);
    for (int c = 0; c < n; c++) {
        const ClockTlb *t = &tlbs[c];
        const char *ty = t->type[0] == 'D' ? "DTLB" : t->type[0] == 'I' ? "ITLB" : t->type[0] == 'U' ? "TLB"
                         : t->type[0] == 'L' ? "DTLB (loads)" : "DTLB (stores)";
        printf("%s L%d %s %d entries %s", c ? "," : "", t->level, ty, t->entries,
               clock_ways_text(tmp, sizeof tmp, t->ways, t->ways_max, t->full));
    }
    printf(" (cpuid %s)\n", leaf);
}

int cmd_clock(int argc, char **argv)
{
    bool json = false, all = false;
    int cpu = -1;
    double seconds = 0.2;
    char **split = opt_split_eq(&argc, argv);   /* "-seconds=S" as "-seconds S" */
    int rc = clock_args(argc, split, &json, &all, &cpu, &seconds);
    opt_split_free(split);
    if (rc >= 0)
        return rc;

    char findings[2048], os[96], tmp[64], tmp2[64];
    clock_findings(findings, sizeof findings);
    clock_os(os, sizeof os);
    bool x86 = clock_have_cpuid();
    ClockX86 x;
    memset(&x, 0, sizeof x);
    const BenchKnown *known = NULL;
    if (x86) {
        clock_x86_decode(clock_cpuid_native, NULL, &x);
        known = bench_known_find("x86_64", x.vendor, x.family, x.model);
    }
    double nominal = clock_counter_nominal_hz();
    double measured = clock_measure_counter_hz(seconds);
    ClockStep gstep = clock_granularity_of(clock_ticks_plain);   /* plain reads: the step */
    ClockStep gfenced = clock_granularity_of(clock_ticks);       /* what fenced reads show */
    uint64_t gran = gstep.ticks;
    double overhead = clock_overhead_ticks();
    double *over = xcalloc((size_t)clock_flavour_count, sizeof *over);
    for (int f = 0; f < clock_flavour_count; f++)
        over[f] = clock_overhead_of(clock_flavours[f].read);
    double counter_hz = nominal > 0 ? nominal : measured;
    char ksrc[256];
    double kernel_hz = x86 ? clock_kernel_tsc_hz(ksrc, sizeof ksrc) : 0;

    /* MIDRs (AArch64) */
    uint64_t midr[512];
    int nmidr = x86 ? 0 : clock_read_midrs(midr, 512);

    /* which CPUs to measure the core clock on */
    int ncpu = clock_ncpus();
    CoreRun *runs = xcalloc((size_t)(ncpu > 0 ? ncpu : 1) + 1, sizeof *runs);
    int nruns = 0;
    if (all) {
        for (int c = 0; c < ncpu; c++)
            runs[nruns++].cpu = c;
    } else if (cpu >= 0) {
        runs[nruns++].cpu = cpu;
    } else if (nmidr > 1) {                  /* first CPU of each distinct core (MIDR part) */
        for (int c = 0; c < nmidr; c++) {
            bool seen = false;
            for (int r = 0; r < nruns; r++)
                seen |= ((midr[runs[r].cpu] >> 4) & 0xfff) == ((midr[c] >> 4) & 0xfff);
            if (!seen && midr[c])
                runs[nruns++].cpu = c;
        }
    }
    /* hybrid x86 (leaf 0x1A answers for the CPU it runs on): first CPU of each core type */
    unsigned *types = xcalloc((size_t)(ncpu > 0 ? ncpu : 1), sizeof *types);
    if (x86 && x.hybrid) {
        for (int c = 0; c < ncpu; c++)
            if (clock_pin(c)) {
                ClockX86 y;
                clock_x86_decode(clock_cpuid_native, NULL, &y);
                types[c] = y.core_type;
            }
        if (nruns == 0 && cpu < 0)
            for (int c = 0; c < ncpu; c++) {
                bool seen = false;
                for (int r = 0; r < nruns; r++)
                    seen |= types[runs[r].cpu] == types[c];
                if (!seen)
                    runs[nruns++].cpu = c;
            }
    }
    if (nruns == 0)
        runs[nruns++].cpu = -1;
    for (int r = 0; r < nruns; r++) {
        runs[r].ok = clock_core_measure(runs[r].cpu, &runs[r].c);
        if (runs[r].cpu >= 0 && x86 && x.hybrid)
            runs[r].label = clock_x86_core_type_name(types[runs[r].cpu]);
        if (runs[r].cpu >= 0 && runs[r].cpu < nmidr && midr[runs[r].cpu]) {
            ClockMidr d;
            clock_midr_decode(midr[runs[r].cpu], &d);
            runs[r].label = d.part_name;
        }
    }
    double core_hz = runs[0].ok ? runs[0].c.hz : 0;

    /* monotonicity and synchronisation: the first CPU against each other one (up to 16) */
    int nsync = 0;
    ClockSync *sync = xcalloc(16, sizeof *sync);
    bool *sync_ok = xcalloc(16, sizeof *sync_ok);
    for (int b = 1; b < ncpu && nsync < 16; b++, nsync++)
        sync_ok[nsync] = clock_sync_measure(0, b, 200000, &sync[nsync]);
    size_t backwards = gstep.backwards + gfenced.backwards;
    for (int i = 0; i < nsync; i++)
        backwards += sync[i].back_a + sync[i].back_b;

    if (json) {
        Buf out;
        buf_init(&out);
        Json j;
        json_init(&j, &out, true);
        json_obj_begin(&j);
        json_kstr(&j, "arch", x86 ? "x86_64" : "aarch64");
        json_kstr(&j, "os", os);
        json_kstr(&j, "counter", clock_counter_name());
        if (x86) {
            json_knum(&j, "tsc_hz", measured);
            json_kstr(&j, "vendor", x.vendor);
            json_kstr(&j, "brand", x.brand);
            json_kint(&j, "family", x.family);
            json_kint(&j, "model", x.model);
            json_kint(&j, "stepping", x.stepping);
            if (known)
                json_kstr(&j, "uarch", known->uarch);
            json_kbool(&j, "invariant_tsc", x.invariant_tsc);
            json_knum(&j, "brand_hz", x.brand_hz);
            if (x.l15_tsc_hz > 0)
                json_knum(&j, "leaf15_tsc_hz", x.l15_tsc_hz);
            if (x.leaf16 && x.l16_base_mhz)
                json_knum(&j, "leaf16_base_hz", x.l16_base_mhz * 1e6);
            if (x.hv_tsc_hz > 0)
                json_knum(&j, "hypervisor_tsc_hz", x.hv_tsc_hz);
            if (kernel_hz > 0) {
                json_knum(&j, "kernel_tsc_hz", kernel_hz);
                json_kstr(&j, "kernel_tsc_source", ksrc);
            }
            if (x.cache_leaf) {
                json_kstr(&j, "cache_leaf", x.cache_leaf);
                json_key(&j, "caches");
                json_arr_begin(&j);
                for (int c = 0; c < x.ncaches; c++) {
                    const ClockCache *k = &x.caches[c];
                    json_obj_begin(&j);
                    json_kint(&j, "level", k->level);
                    json_kstr(&j, "type", k->type);
                    json_knum(&j, "size_bytes", k->size);
                    json_kint(&j, "ways", k->ways);
                    json_kint(&j, "ways_max", k->ways_max);
                    json_kint(&j, "line_bytes", k->line);
                    json_kint(&j, "sharing", k->sharing);
                    json_obj_end(&j);
                }
                json_arr_end(&j);
            }
            json_tlbs(&j, "tlb_leaf", "tlbs_4k", "tlbs_none", x.tlbs, x.ntlbs, x.tlb_leaf, x.tlb_none);
            json_tlbs(&j, "tlb1g_leaf", "tlbs_1g", "tlbs_1g_none", x.tlbs1g, x.ntlbs1g, x.tlb1g_leaf, x.tlb1g_none);
            if (x.hypervisor)
                json_kstr(&j, "hypervisor", x.hv_vendor[0] ? x.hv_vendor : "unnamed");
            else
                json_knull(&j, "hypervisor");
        } else {
            json_knum(&j, "cntfrq_hz", nominal);
            json_knum(&j, "cntfrq_measured_hz", measured);
            json_key(&j, "cpus");
            json_arr_begin(&j);
            for (int c = 0; c < nmidr; c++) {
                ClockMidr d;
                clock_midr_decode(midr[c], &d);
                char m[24];
                snprintf(m, sizeof m, "0x%08llx", (unsigned long long)midr[c]);
                json_obj_begin(&j);
                json_kint(&j, "cpu", c);
                json_kstr(&j, "midr", m);
                json_kstr(&j, "implementer", d.impl_name);
                json_kstr(&j, "part", d.part_name);
                json_kstr(&j, "type", d.type);
                json_obj_end(&j);
            }
            json_arr_end(&j);
            bool hv = strstr(findings, "hypervisor") != NULL;
            if (hv)
                json_kstr(&j, "hypervisor", "detected");
            else
                json_knull(&j, "hypervisor");
        }
        json_kint(&j, "granularity_ticks", (long long)gran);
        json_kbool(&j, "granularity_exact", gstep.exact);
        json_kint(&j, "granularity_fenced_ticks", (long long)gfenced.ticks);
        json_knum(&j, "overhead_ticks", overhead);
        json_knum(&j, "overhead_ns", overhead / counter_hz * 1e9);
        json_key(&j, "read_overhead");
        json_arr_begin(&j);
        for (int f = 0; f < clock_flavour_count; f++) {
            json_obj_begin(&j);
            json_kstr(&j, "read", clock_flavours[f].name);
            json_knum(&j, "ticks", over[f]);
            json_knum(&j, "ns", over[f] / counter_hz * 1e9);
            json_obj_end(&j);
        }
        json_arr_end(&j);
        json_knum(&j, "core_hz", core_hz);
        json_knum(&j, "core_cycles_per_tick", core_hz > 0 ? core_hz / counter_hz : 0);
        json_kbool(&j, "monotonic", backwards == 0);
        json_kint(&j, "backward_steps", (long long)backwards);
        json_key(&j, "sync");
        json_arr_begin(&j);
        for (int i = 0; i < nsync; i++) {
            json_obj_begin(&j);
            json_kint(&j, "cpu_a", sync[i].cpu_a);
            json_kint(&j, "cpu_b", sync[i].cpu_b);
            json_kbool(&j, "measured", sync_ok[i]);
            if (sync_ok[i]) {
                json_knum(&j, "offset_lo_ticks", sync[i].offset_lo);
                json_knum(&j, "offset_hi_ticks", sync[i].offset_hi);
                json_kint(&j, "round_trips", sync[i].rounds);
                json_kbool(&j, "synchronised", sync[i].synchronised);
            }
            json_obj_end(&j);
        }
        json_arr_end(&j);
        json_key(&j, "core_clock");
        json_arr_begin(&j);
        for (int r = 0; r < nruns; r++) {
            json_obj_begin(&j);
            json_kint(&j, "cpu", runs[r].cpu);
            if (runs[r].label)
                json_kstr(&j, "core", runs[r].label);
            json_knum(&j, "hz", runs[r].ok ? runs[r].c.hz : 0);
            json_knum(&j, "spread", runs[r].c.spread);
            json_kbool(&j, "timer_too_coarse", runs[r].c.coarse);
            json_obj_end(&j);
        }
        json_arr_end(&j);
        json_kbool(&j, "emulated", strstr(findings, "emulat") != NULL || strstr(findings, "Rosetta") != NULL);
        json_key(&j, "findings");
        json_arr_begin(&j);
        for (char *s = findings; *s;) {
            char *nl = strchr(s, '\n');
            json_strn(&j, s, nl ? (size_t)(nl - s) : strlen(s));
            s = nl ? nl + 1 : s + strlen(s);
        }
        json_arr_end(&j);
        json_obj_end(&j);
        buf_putc(&out, '\n');
        fputs(buf_cstr(&out), stdout);
        buf_free(&out);
        free(runs);
        free(types);
        free(over), free(sync), free(sync_ok);
        return 0;
    }

    if (findings[0]) {
        printf("findings:\n");
        for (char *s = findings; *s;) {
            char *nl = strchr(s, '\n');
            printf("  * %.*s\n", (int)(nl ? nl - s : (long)strlen(s)), s);
            s = nl ? nl + 1 : s + strlen(s);
        }
    }
    printf("os: %s\n", os);
    if (x86) {
        printf("x86-64 processor:\n");
        printf("  vendor:               %s\n", x.vendor);
        printf("  brand:                %s\n", x.brand[0] ? x.brand : "(none)");
        printf("  family/model/stepping: 0x%x/0x%x/%u%s%s%s\n", x.family, x.model, x.stepping,
               known ? " (" : "", known ? known->uarch : "", known ? ")" : "");
        if (x.cache_leaf) {
            printf("  caches:              ");
            for (int c = 0; c < x.ncaches; c++) {
                const ClockCache *k = &x.caches[c];
                svg_fmt_bytes(tmp, sizeof tmp, k->size);
                printf("%s L%d%s %s", c ? "," : "", k->level, k->type[0] == 'U' ? "" : k->type[0] == 'D' ? "D" : "I", tmp);
                if (k->ways > 0)
                    printf(" %s", clock_ways_text(tmp, sizeof tmp, k->ways, k->ways_max, false));
                if (k->sharing > 0)
                    printf(" (%d CPU%s)", k->sharing, k->sharing > 1 ? "s" : "");
            }
            printf(" (cpuid %s)\n", x.cache_leaf);
        } else {
            printf("  caches:               none described by cpuid\n");
        }
        print_tlbs("4 KiB", x.tlbs, x.ntlbs, x.tlb_leaf, x.tlb_none);
        print_tlbs("1 GiB", x.tlbs1g, x.ntlbs1g, x.tlb1g_leaf, x.tlb1g_none);
        if (x.hybrid)
            printf("  hybrid:               yes (cpuid 7 EDX[15]); core types per CPU from cpuid 0x1A\n");
        if (x.hypervisor)
            printf("  hypervisor:           yes, '%s' (cpuid 0x40000000, max leaf 0x%x)\n",
                   x.hv_vendor[0] ? x.hv_vendor : "unnamed", x.hv_max_leaf);
        else
            printf("  hypervisor:           no (cpuid 1 ECX[31] clear)\n");
        if (x.hv_tsc_hz > 0)
            printf("  hypervisor TSC:       %s (cpuid 0x40000010)\n", fmt_hz(tmp, sizeof tmp, x.hv_tsc_hz));
        printf("  invariant TSC:        %s\n", !x.invariant_tsc_known ? "unknown (no leaf 0x80000007)"
                                               : x.invariant_tsc ? "yes (0x80000007 EDX[8])" : "no");
        if (!x.leaf15)
            printf("  cpuid leaf 0x15:      not supported\n");
        else if (x.l15_tsc_hz > 0)
            printf("  cpuid leaf 0x15:      %s (crystal %u Hz x %u/%u)\n", fmt_hz(tmp, sizeof tmp, x.l15_tsc_hz),
                   x.l15_crystal_hz, x.l15_num, x.l15_den);
        else
            printf("  cpuid leaf 0x15:      present, does not give the frequency\n");
        if (!x.leaf16)
            printf("  cpuid leaf 0x16:      not supported\n");
        else if (!x.l16_base_mhz && !x.l16_max_mhz)
            printf("  cpuid leaf 0x16:      present, reports no frequencies\n");
        else
            printf("  cpuid leaf 0x16:      base %u MHz, max %u MHz, bus %u MHz\n", x.l16_base_mhz,
                   x.l16_max_mhz, x.l16_bus_mhz);
        if (x.brand_hz > 0)
            printf("  brand frequency:      %s => %s\n", fmt_hz(tmp, sizeof tmp, x.brand_hz),
                   fmt_period(tmp2, sizeof tmp2, x.brand_hz));
        else
            printf("  brand frequency:      none in the brand string\n");
        printf("  TSC frequency:        %s => %s (measured against CLOCK_MONOTONIC_RAW, %.2f s)\n",
               fmt_hz(tmp, sizeof tmp, measured), fmt_period(tmp2, sizeof tmp2, measured), seconds);
        if (kernel_hz > 0)
            printf("  kernel's figure:      %s from %s; measured differs by %+.3f %%\n",
                   fmt_hz(tmp, sizeof tmp, kernel_hz), ksrc, (measured / kernel_hz - 1) * 100);
        else
            printf("  kernel's figure:      none readable (no kernel log, tsc_freq_khz or cpu MHz)\n");
        if (x.brand_hz > 0 && fabs(measured / x.brand_hz - 1) > 0.02)
            printf("  note: the TSC does not tick at the brand-string frequency (%.3f x)\n", measured / x.brand_hz);
    } else {
        printf("AArch64 processor:\n");
        printf("  cntfrq_el0:           %s => %s\n", fmt_hz(tmp, sizeof tmp, nominal), fmt_period(tmp2, sizeof tmp2, nominal));
        printf("  measured cntvct_el0:  %s (against CLOCK_MONOTONIC_RAW, %.2f s; %+.3f %% from cntfrq_el0)\n",
               fmt_hz(tmp, sizeof tmp, measured), seconds, nominal > 0 ? (measured / nominal - 1) * 100 : 0);
        if (nmidr == 0)
            printf("  MIDR:                 not readable (no sysfs midr_el1, no CPU fields in /proc/cpuinfo)\n");
        for (int c = 0; c < nmidr;) {                /* runs of CPUs with the same MIDR */
            int e = c;
            while (e + 1 < nmidr && midr[e + 1] == midr[c])
                e++;
            ClockMidr d;
            clock_midr_decode(midr[c], &d);
            printf("  cpu%d%s%.0d: MIDR 0x%08llx = %s %s, r%up%u%s%s%s\n", c, e > c ? "-" : "", e > c ? e : 0,
                   (unsigned long long)midr[c], d.impl_name, d.part_name, d.variant, d.revision,
                   strcmp(d.type, "-") ? " [" : "", strcmp(d.type, "-") ? d.type : "", strcmp(d.type, "-") ? "]" : "");
            c = e + 1;
        }
    }
    double step_hz = gran ? counter_hz / (double)gran : 0;
    printf("  granularity:          %llu tick%s => %s, %s (%s)\n", (unsigned long long)gran, gran == 1 ? "" : "s",
           fmt_hz(tmp, sizeof tmp, step_hz), fmt_period(tmp2, sizeof tmp2, step_hz),
           gstep.exact ? "the smallest step of plain back-to-back reads"
                       : "at most: every plain read differed from the last by as much; the step divides it");
    if (gfenced.ticks != gran)
        printf("  fenced reads:         differ by %llu ticks at least (a fenced read costs more than one step)\n",
               (unsigned long long)gfenced.ticks);
    printf("  read overhead:        %.1f ticks = %.1f ns (%s, fenced)\n", overhead, overhead / counter_hz * 1e9,
           clock_counter_name());
    for (int f = 0; f < clock_flavour_count; f++)
        printf("    %-22s %6.1f ticks = %6.1f ns  %s\n", clock_flavours[f].name, over[f], over[f] / counter_hz * 1e9,
               clock_flavours[f].what);
    if (backwards == 0)
        printf("  monotonic:            yes, no backward step (plain and fenced reads on this CPU%s)\n",
               nsync ? ", 65536 fenced reads on each CPU paired below" : "");
    else
        printf("  monotonic:            NO: %zu backward steps between consecutive reads\n", backwards);
    if (ncpu < 2)
        printf("  cross-CPU sync:       one CPU online: nothing to compare\n");
    for (int i = 0; i < nsync; i++) {
        if (!sync_ok[i]) {
            printf("  cross-CPU sync:       cpu%d vs cpu%d not measured (cannot pin, or one thread never ran)\n",
                   sync[i].cpu_a, sync[i].cpu_b);
            continue;
        }
        printf("  cross-CPU sync:       cpu%d's counter minus cpu%d's within %+.0f..%+.0f ticks (%d round trips): %s\n",
               sync[i].cpu_b, sync[i].cpu_a, sync[i].offset_lo, sync[i].offset_hi, sync[i].rounds,
               sync[i].synchronised ? "synchronised to within the message latency"
                                    : "NOT synchronised: a stamp arrived before it was sent");
    }
    for (int r = 0; r < nruns; r++) {
        char where[64] = "";
        if (runs[r].cpu >= 0)
            snprintf(where, sizeof where, " on cpu%d%s%s", runs[r].cpu, runs[r].label ? " " : "",
                     runs[r].label ? runs[r].label : "");
        if (!runs[r].ok) {
            printf("core clock%s:   not measured (cannot pin to that CPU)\n", where);
            continue;
        }
        /* (samples are sized to about 50 us: "0.0 ms" said nothing) */
        printf("core clock%s:   %s (dependent add chain, 1 cycle per add; samples of %.0f us, interquartile spread %.1f %%)\n",
               where, fmt_hz(tmp, sizeof tmp, runs[r].c.hz), runs[r].c.sample_s * 1e6, runs[r].c.spread * 100);
        if (runs[r].c.coarse)
            printf("warning: the timer step (%llu ticks) is more than 0.1 %% of a sample: core clock imprecise\n",
                   (unsigned long long)gran);
        else
            printf("core clock / %s:%*s %.4f core cycles per tick\n", clock_counter_name(),
                   (int)(9 - strlen(clock_counter_name())), "", runs[r].c.hz / counter_hz);
    }
    free(runs);
    free(types);
    free(over), free(sync), free(sync_ok);
    return 0;
}

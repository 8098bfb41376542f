/* known.c — look up the known answers (known.tsv -> bench_known[]), the published front-end
 * figures (frontend.tsv -> bench_frontend[]) and core figures (cores.tsv -> bench_cores[]) for a
 * CPU, and set measured figures against those of the core cpuid names (bench_core_verdict): a
 * hypervisor's cpuid may describe its virtual CPU model, not the host's core (a KVM guest on an
 * AMD EPYC host, 2026-12-01: family 17h model 01h, Zen 1, L1I 64 KiB; its L2 measured 12 cycles
 * where Zen 1's takes 17). */
#include "bench/known.h"
#include "clock/clock.h"
#include "util/svg.h"

#include <math.h>

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

const BenchFrontend *bench_frontend_of(const char *uarch)
{
    for (int i = 0; uarch && i < bench_frontend_count; i++)
        if (strcmp(bench_frontend[i].uarch, uarch) == 0)
            return &bench_frontend[i];
    return NULL;
}

void bench_frontend_opcaches(const char *vendor, char *out, size_t n)
{
    size_t k = 0;
    snprintf(out, n, "%s", "");
    for (int i = 0; i < bench_frontend_count && k < n; i++) {
        const BenchFrontend *f = &bench_frontend[i];
        bool of = false;
        for (int j = 0; j < bench_known_count && !of; j++)
            of = !strcmp(bench_known[j].uarch, f->uarch) && !strcmp(bench_known[j].vendor, vendor);
        if (!of || f->opcache <= 0)
            continue;
        int w = snprintf(out + k, n - k, "%s%s %d", k ? ", " : "", f->uarch, f->opcache);
        if (w < 0)
            break;
        k += (size_t)w;
    }
}

const BenchFrontend *bench_frontend_here(void)
{
    const BenchKnown *k = bench_known_here();
    return k ? bench_frontend_of(k->uarch) : NULL;
}

void bench_ident_here(BenchIdent *id)
{
    memset(id, 0, sizeof *id);
    const BenchKnown *k = bench_known_here();
    id->uarch = k ? k->uarch : NULL;
    if (!clock_have_cpuid())
        return;
    ClockX86 x;
    clock_x86_decode(clock_cpuid_native, NULL, &x);
    snprintf(id->vendor, sizeof id->vendor, "%s", x.vendor);
    id->family = x.family, id->model = x.model;
    if (x.hypervisor)
        snprintf(id->hv, sizeof id->hv, "%s", x.hv_vendor[0] ? x.hv_vendor : "unnamed");
}

void bench_ident_name(const BenchIdent *id, char *out, size_t n)
{
    if (!id->uarch)
        snprintf(out, n, "%s", "");
    else if (id->family)
        snprintf(out, n, "%s (cpuid family %xh model %02xh)", id->uarch, id->family, id->model);
    else
        snprintf(out, n, "%s", id->uarch);
}

void bench_ident_caveat(const BenchIdent *id, char *out, size_t n)
{
    if (!id->hv[0] || !id->family) {
        snprintf(out, n, "%s", "");
        return;
    }
    char who[32] = "";
    if (id->uarch)
        snprintf(who, sizeof who, ", %s", id->uarch);
    snprintf(out, n, "under a hypervisor (%s): cpuid's family %xh model %02xh%s, and the cache sizes and ways "
             "of its leaves (what sysfs says), may be the hypervisor's virtual CPU model's, not the host "
             "core's", id->hv, id->family, id->model, who);
}

void bench_ident_published(const BenchIdent *id, const char *uarch, char *out, size_t n)
{
    if (!id->hv[0] || !id->uarch || !uarch || strcmp(id->uarch, uarch))
        snprintf(out, n, "%s", "");
    else
        snprintf(out, n, "the published figures are %s's, the core cpuid's family %xh model %02xh names; under "
                 "a hypervisor (%s) that may be its virtual CPU model", uarch, id->family, id->model, id->hv);
}

static const BenchCore *core_of(const char *uarch)
{
    for (int i = 0; uarch && i < bench_cores_count; i++)
        if (strcmp(bench_cores[i].uarch, uarch) == 0)
            return &bench_cores[i];
    return NULL;
}

/* fig's published value (bytes, cycles, entries; 0: not published) */
static double core_fig(const BenchCore *c, BenchFig fig)
{
    switch (fig) {
    case BENCH_FIG_L1I: return c->l1i * 1024.0;
    case BENCH_FIG_L2_LAT: return c->l2_lat;
    case BENCH_FIG_ROB: return c->rob;
    }
    return 0;
}

static bool fig_agrees(BenchFig fig, double measured, double published)
{
    switch (fig) {
    case BENCH_FIG_L1I: return fabs(log2(measured / published)) <= 0.25;
    case BENCH_FIG_L2_LAT: return fabs(measured - published) <= fmax(1, 0.08 * published);
    case BENCH_FIG_ROB: return fabs(measured - published) <= 0.08 * published;
    }
    return false;
}

static void fig_fmt(BenchFig fig, double v, char *out, size_t n)
{
    if (fig == BENCH_FIG_L1I)
        svg_fmt_bytes(out, n, v);
    else
        snprintf(out, n, fig == BENCH_FIG_L2_LAT ? "%.3g cycles" : "%.0f entries", v);
}

int bench_core_verdict(const BenchIdent *id, BenchFig fig, double measured, char *out, size_t n)
{
    static const char *const what[] = {"L1I", "L2 latency", "ROB"};
    snprintf(out, n, "%s", "");
    const BenchCore *c = core_of(id->uarch);
    double p = c ? core_fig(c, fig) : 0;
    if (!(p > 0) || !(measured > 0) || !isfinite(measured))
        return -1;
    if (fig_agrees(fig, measured, p))
        return 0;
    char m[32], pub[32], who[64];
    fig_fmt(fig, measured, m, sizeof m), fig_fmt(fig, p, pub, sizeof pub);
    bench_ident_name(id, who, sizeof who);
    int k = snprintf(out, n, "the measured %s, %s, CONTRADICTS %s: %s (%s)%s", what[fig], m, who, pub, c->source,
                     id->hv[0] ? "; under a hypervisor (" : "");
    if (id->hv[0] && k >= 0 && (size_t)k < n)
        k += snprintf(out + k, n - (size_t)k, "%s) cpuid's family and model may be its virtual CPU model's, "
                      "not the host core's", id->hv);
    /* the vendor's cores published with the measured figure */
    int nm = 0;
    for (int i = 0; i < bench_cores_count && k >= 0 && (size_t)k < n; i++) {
        const BenchCore *o = &bench_cores[i];
        double q = core_fig(o, fig);
        if (o == c || strcmp(o->vendor, c->vendor) || !(q > 0) || !fig_agrees(fig, measured, q))
            continue;
        if (nm == 0)
            k += snprintf(out + k, n - (size_t)k, "; as measured: ");
        else
            k += snprintf(out + k, n - (size_t)k, ", ");
        if (k >= 0 && (size_t)k < n) {
            fig_fmt(fig, q, pub, sizeof pub);
            k += snprintf(out + k, n - (size_t)k, "%s (%s)", o->uarch, pub);
        }
        nm++;
    }
    if (nm == 0 && k >= 0 && (size_t)k < n)
        snprintf(out + k, n - (size_t)k, "; no core of src/bench/cores.tsv has it");
    return 1;
}

int bench_core_itlb_verdict(const BenchIdent *id, int entries, char *out, size_t n)
{
    snprintf(out, n, "%s", "");
    const BenchCore *c = core_of(id->uarch);
    if (!c || c->l2_itlb <= 0 || entries <= 0)
        return -1;
    if (fabs(log2((double)entries / c->l2_itlb)) <= 0.5)
        return 0;
    char who[64];
    bench_ident_name(id, who, sizeof who);
    snprintf(out, n, "CONTRADICTS the %d entries published for %s (%s)", c->l2_itlb, who, c->source);
    return 1;
}

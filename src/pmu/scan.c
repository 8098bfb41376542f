/* scan.c — `uarch pmu scan`: which event counts what (the method of seed 001, done with fits).
 *
 * A probe is a test kernel and a control kernel that differ only in the thing under test, and
 * the expected difference per iteration (+1 nop: one instruction more).  Every event of the
 * backend is measured on both kernels at several lengths, the events rotated through the
 * counters in groups that fit their slots (pmu_pack); a least-squares slope is fitted per
 * event and kernel, so constant costs (set-up, the loop) drop out instead of biasing a ratio.
 * An event's finding is d = slope(test) - slope(control) and its score
 *     closeness x cleanliness,  closeness = max(0, 1 - |d - expected| / |expected|),
 *     cleanliness = 1 / (1 + rms residual of both fits / (|expected| x length span)),
 * 1 for an exact, linear match.  Score >= 0.9: a match; 0.25..0.9: a near-miss (both listed).
 *
 * Probes are AArch64 kernels (the M1's ISA: run by sim, by apple, and by perf on an AArch64
 * host) on a base of four dependent adds, which sets the cycles of both kernels (4 per
 * iteration) so that adding an instruction does not change them; or native C routines for the
 * software PMU (page_faults: touch one more page). */
#define _GNU_SOURCE
#include "pmu/pmu.h"
#include "util/opt.h"
#include "bench/bench.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define BASE "add x1, x1, #1; add x1, x1, #1; add x1, x1, #1; add x1, x1, #1; "

/* the page stores are not instrumented under AddressSanitizer: its check of each store reads
 * the shadow memory, whose own pages fault in when mmap gives an address whose shadow was never
 * read (one more fault per 8 pages: the probe's slope 1.125 instead of 1) */
#if defined(__GNUC__)
__attribute__((no_sanitize_address))
#endif
static void touch_pages(long n)
{
    long pg = sysconf(_SC_PAGESIZE);
    volatile char *p = mmap(NULL, (size_t)(n * pg), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return;
    for (long i = 0; i < n; i++)
        p[i * pg] = 1;
    munmap((void *)p, (size_t)(n * pg));
}

static void map_pages(long n)
{
    long pg = sysconf(_SC_PAGESIZE);
    volatile char *p = mmap(NULL, (size_t)(n * pg), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return;
    munmap((void *)p, (size_t)(n * pg));
}

#define ASM(nm, t, c) {.name = nm, .body = BASE t}, {.name = nm, .body = BASE c}
const PmuProbe pmu_probes[] = {
    {"instructions", "one nop more", ASM("instructions", "nop", ""), 1, false},
    {"int_uops", "one independent integer add more", ASM("int_uops", "add x2, x3, #1", ""), 1, false},
    {"cycles", "the dependency chain one add longer (control: an independent add)",
     ASM("cycles", "add x1, x1, #1", "add x2, x2, #1"), 1, false},
    {"int_loads", "an integer load instead of an add", ASM("int_loads", "ldr x4, [x27]", "add x4, x27, #0"), 1, false},
    {"int_stores", "an integer store instead of an add", ASM("int_stores", "str x4, [x27, #64]", "add x4, x27, #64"), 1, false},
    {"fp_loads", "an FP load instead of an FP move", ASM("fp_loads", "ldr d4, [x27]", "fmov d4, d5"), 1, false},
    {"fp_stores", "an FP store instead of an FP move", ASM("fp_stores", "str d4, [x27, #128]", "fmov d4, d5"), 1, false},
    {"taken_branches", "a taken branch instead of a nop", ASM("taken_branches", "b 1f; 1:", "nop"), 1, false},
    {"cond_branches", "a conditional branch (not taken) instead of a nop", ASM("cond_branches", "cbnz xzr, 1f; 1:", "nop"), 1, false},
    {"calls", "a call instead of a branch", ASM("calls", "bl 1f; 1:", "b 1f; 1:"), 1, false},
    {"returns", "a return instead of an indirect branch", ASM("returns", "adr x30, 1f; ret; 1:", "adr x30, 1f; br x30; 1:"), 1, false},
    {"barriers", "a dmb instead of a nop", ASM("barriers", "dmb ish", "nop"), 1, false},
    {"page_faults", "one more page touched (control: mapped, not touched)",
     {.name = "page_faults", .native = touch_pages}, {.name = "page_faults control", .native = map_pages}, 1, true},
};
#undef ASM
const int pmu_probes_count = (int)ARRAY_LEN(pmu_probes);

/* least squares y = a + b x; rms residual in *rms */
static double fit(const long *x, const double *y, int stride, int n, double *rms)
{
    double mx = 0, my = 0;
    for (int i = 0; i < n; i++)
        mx += (double)x[i], my += y[i * stride];
    mx /= n, my /= n;
    double sxy = 0, sxx = 0;
    for (int i = 0; i < n; i++)
        sxy += ((double)x[i] - mx) * (y[i * stride] - my), sxx += ((double)x[i] - mx) * ((double)x[i] - mx);
    double b = sxx > 0 ? sxy / sxx : 0, a = my - b * mx, ss = 0;
    for (int i = 0; i < n; i++) {
        double r = y[i * stride] - (a + b * (double)x[i]);
        ss += r * r;
    }
    *rms = sqrt(ss / n);
    return b;
}

static bool probe_fits(const PmuScan *s, const PmuProbe *p, char *why, size_t whysz)
{
    const PmuBackend *b = s->backend;
    if (p->software) {
        if (b != &pmu_backend_perf) {
            snprintf(why, whysz, "a software-PMU probe (backend perf)");
            return false;
        }
        return true;
    }
    if (b == &pmu_backend_sim)
        return true;
    if (bench_host_arch() != BENCH_AARCH64) {
        snprintf(why, whysz, "an AArch64 kernel; this host is %s", bench_arch_name(bench_host_arch()));
        return false;
    }
    return true;
}

static void insert(PmuFinding *arr, int *n, int cap, const PmuFinding *f)
{
    int k = *n < cap ? (*n)++ : cap - 1;
    if (k == cap - 1 && *n == cap && arr[k].score >= f->score)
        return;
    arr[k] = *f;
    while (k > 0 && arr[k - 1].score < arr[k].score) {
        PmuFinding t = arr[k - 1];
        arr[k - 1] = arr[k];
        arr[k] = t;
        k--;
    }
}

static bool run_probe(PmuScan *s, PmuProbeResult *pr, PmuEventInfo *ev, int n, char *why, size_t whysz)
{
    const PmuProbe *p = pr->probe;
    const PmuBackend *b = s->backend;
    static const long sim_lens[] = {100, 200, 300, 400}, hw_lens[] = {1000, 2000, 3000, 4000},
                      page_lens[] = {64, 128, 192, 256};
    const long *lens = b->simulate ? sim_lens : p->software ? page_lens : hw_lens;
    enum { NL = 4 };
    int *group = xmalloc(sizeof(int) * (size_t)n);
    int runs = pmu_pack(b, ev, n, 6, group);
    double *vt = xmalloc(sizeof(double) * NL * (size_t)n), *vc = xmalloc(sizeof(double) * NL * (size_t)n);
    bool ok = true;
    for (int g = 0; g < runs && ok; g++) {
        PmuEventInfo sub[64];
        int idx[64], m = 0;
        for (int i = 0; i < n && m < 64; i++)
            if (group[i] == g)
                sub[m] = ev[i], idx[m++] = i;
        double t[NL * 64], c[NL * 64];
        Diag err;
        const PmuKernel *bad = !pmu_measure(b, &p->test, lens, NL, sub, m, t, &err) ? &p->test
                             : !pmu_measure(b, &p->control, lens, NL, sub, m, c, &err) ? &p->control : NULL;
        if (bad) {
            snprintf(why, whysz, "probe '%s': %s", p->name, err.msg);
            if (bad->line > 0 && err.line == 1 && !strcmp(err.file, bad->name)) {
                /* a -probe-file kernel: its one line of assembly was read as a text of its own */
                s->err = err;
                s->err.line = bad->line;
                if (err.col > 0)
                    s->err.col = err.col + bad->col - 1;
                if (err.col_end > 0)
                    s->err.col_end = err.col_end + bad->col - 1;
                snprintf(s->err.src_line, sizeof s->err.src_line, "%s", bad->src);
            }
            ok = false;
            break;
        }
        for (int l = 0; l < NL; l++)
            for (int j = 0; j < m; j++)
                vt[l * n + idx[j]] = t[l * m + j], vc[l * n + idx[j]] = c[l * m + j];
    }
    if (ok) {
        double span = (double)(lens[NL - 1] - lens[0]), e = fabs(p->expected);
        for (int i = 0; i < n; i++) {
            double rt, rc;
            double st = fit(lens, vt + i, n, NL, &rt), sc = fit(lens, vc + i, n, NL, &rc);
            double d = st - sc;
            double close = 1 - fabs(d - p->expected) / e;
            if (close <= 0)
                continue;
            double clean = 1 / (1 + (rt + rc) / (e * span));
            PmuFinding f = {.ev = ev[i], .slope = d, .control_slope = sc, .score = close * clean};
            if (f.score >= 0.9)
                insert(pr->found, &pr->nfound, (int)ARRAY_LEN(pr->found), &f);
            else if (f.score >= 0.25)
                insert(pr->near, &pr->nnear, (int)ARRAY_LEN(pr->near), &f);
        }
    }
    free(group);
    free(vt);
    free(vc);
    return ok;
}

bool pmu_scan_run(PmuScan *s, const char *probe_names, long lo, long hi, char *why, size_t whysz)
{
    const PmuBackend *b = s->backend;
    memset(&s->err, 0, sizeof s->err);
    char w[300];
    if (!b->available(w, sizeof w)) {
        snprintf(why, whysz, "backend '%s' unavailable: %s", b->name, w);
        return false;
    }
    PmuEventInfo *all;
    int nall = b->list(&all, w, sizeof w);
    if (nall < 0) {
        snprintf(why, whysz, "%s", w);
        return false;
    }
    /* a system-wide event (RAPL's power/, an uncore PMU) counts every task on its CPU: what a
     * probe's kernel does is not what it counts, so it is left out, and the report says so */
    int n = 0;
    s->nsystem = s->nsystem_named = 0;
    s->system_names[0] = 0;
    for (int i = 0; i < nall; i++) {
        if (all[i].perf.system_wide) {
            size_t k = strlen(s->system_names);
            if (k + strlen(all[i].name) + 3 < sizeof s->system_names)
                snprintf(s->system_names + k, sizeof s->system_names - k, "%s%s", k ? ", " : "", all[i].name),
                    s->nsystem_named++;
            s->nsystem++;
            continue;
        }
        if (lo > hi || (all[i].hw && (long)all[i].code >= lo && (long)all[i].code <= hi))
            all[n++] = all[i];
    }
    if (n == 0) {
        free(all);
        snprintf(why, whysz, "no events of backend '%s' in the range 0x%lx-0x%lx", b->name, lo, hi);
        return false;
    }
    /* the probes: built-in and user ones, by name or all */
    int total = pmu_probes_count + s->nuser;
    s->res = xcalloc((size_t)total, sizeof *s->res);
    s->nprobes = 0;
    if (probe_names) {   /* (empty and repeated names are refused as option errors: cmd/pmu.c) */
        char *copy = xstrdup(probe_names);
        for (char *t = copy, *c; t; t = c ? c + 1 : NULL) {
            if ((c = strchr(t, ',')))
                *c = 0;
            const PmuProbe *p = NULL;
            for (int k = 0; k < pmu_probes_count && !p; k++)
                if (strcmp(pmu_probes[k].name, t) == 0)
                    p = &pmu_probes[k];
            for (int k = 0; k < s->nuser && !p; k++)
                if (strcmp(s->user[k].name, t) == 0)
                    p = &s->user[k];
            if (!p) {
                snprintf(why, whysz, "unknown probe '%s' (uarch help pmu lists them)", t);
                free(copy);
                free(all);
                return false;
            }
            if (s->nprobes < total)
                s->res[s->nprobes++].probe = p;
        }
        free(copy);
    } else {
        for (int k = 0; k < pmu_probes_count; k++)
            s->res[s->nprobes++].probe = &pmu_probes[k];
        for (int k = 0; k < s->nuser; k++)
            s->res[s->nprobes++].probe = &s->user[k];
    }
    bool ok = true;
    for (int k = 0; k < s->nprobes && ok; k++) {
        PmuProbeResult *pr = &s->res[k];
        if (!probe_fits(s, pr->probe, pr->skipped, sizeof pr->skipped)) {
            if (probe_names) {              /* asked for by name: an error */
                snprintf(why, whysz, "probe '%s' cannot run on backend '%s': %s", pr->probe->name, b->name, pr->skipped);
                ok = false;
            }
            continue;
        }
        ok = run_probe(s, pr, all, n, why, whysz);
    }
    free(all);
    return ok;
}

void pmu_scan_print(Buf *out, const PmuScan *s)
{
    buf_printf(out, "backend: %s", s->backend->name);
    if (s->backend == &pmu_backend_sim)
        buf_printf(out, " (-mcpu=%s%s)", model_name(pmu_sim_cpu()), s->permuted ? ", ids relabelled" : "");
    buf_putc(out, '\n');
    if (s->nsystem)
        buf_printf(out, "left out: %d system-wide event%s (%s%s): they count every task on a CPU, not the probe's\n",
                   s->nsystem, s->nsystem == 1 ? "" : "s", s->system_names,
                   s->nsystem > s->nsystem_named ? " and others" : "");
    for (int k = 0; k < s->nprobes; k++) {
        const PmuProbeResult *r = &s->res[k];
        buf_printf(out, "\nprobe %s: %s, expected %+g per iteration\n", r->probe->name, r->probe->desc ? r->probe->desc : "",
                   r->probe->expected);
        if (r->skipped[0]) {
            buf_printf(out, "  skipped: %s\n", r->skipped);
            continue;
        }
        if (!r->nfound)
            buf_puts(out, "  no event matches\n");
        for (int i = 0; i < r->nfound + r->nnear; i++) {
            const PmuFinding *f = i < r->nfound ? &r->found[i] : &r->near[i - r->nfound];
            char code[32];
            pmu_event_code(&f->ev, code, sizeof code);
            buf_printf(out, "  %-10s %-8s %-28s slope %+.3f  score %.3f  (control %.3f/iteration)\n",
                       i < r->nfound ? "match" : "near-miss", code, f->ev.name, f->slope, f->score, f->control_slope);
        }
    }
}

static void findings_json(Json *j, const char *key, const PmuFinding *f, int n)
{
    json_key(j, key);
    json_arr_begin(j);
    for (int i = 0; i < n; i++) {
        json_obj_begin(j);
        pmu_event_json(j, "event", &f[i].ev);
        json_kstr(j, "name", f[i].ev.name);
        json_knum(j, "slope", round(f[i].slope * 1e6) / 1e6);
        json_knum(j, "score", round(f[i].score * 1e4) / 1e4);
        json_obj_end(j);
    }
    json_arr_end(j);
}

void pmu_scan_json(Json *j, const PmuScan *s)
{
    json_obj_begin(j);
    json_kstr(j, "backend", s->backend->name);
    if (s->nsystem)                    /* events not scanned: they count every task on a CPU */
        json_kint(j, "system_wide_left_out", s->nsystem);
    if (s->backend == &pmu_backend_sim) {
        json_kstr(j, "mcpu", model_name(pmu_sim_cpu()));
        json_key(j, "permutation");
        if (s->permuted) {
            json_obj_begin(j);
            json_kint(j, "seed", (long long)s->seed);
            json_key(j, "ids");
            json_obj_begin(j);
            for (int i = 0; i < 256; i++) {
                char k[8], v[8];
                snprintf(k, sizeof k, "0x%02x", i);
                snprintf(v, sizeof v, "0x%02x", pmu_sim_label((uint32_t)i));
                json_kstr(j, k, v);
            }
            json_obj_end(j);
            json_obj_end(j);
        } else {
            json_null(j);
        }
    }
    json_key(j, "probes");
    json_arr_begin(j);
    for (int k = 0; k < s->nprobes; k++) {
        const PmuProbeResult *r = &s->res[k];
        json_obj_begin(j);
        json_kstr(j, "name", r->probe->name);
        json_knum(j, "expected", r->probe->expected);
        if (r->skipped[0])
            json_kstr(j, "skipped", r->skipped);
        findings_json(j, "findings", r->found, r->nfound);
        findings_json(j, "near_misses", r->near, r->nnear);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_obj_end(j);
}

/* Where a probe of a -probe-file starts: its line, as written, for the error of a probe that
 * lacks a kernel */
typedef struct ProbeAt {
    int line, col;
    char src[256];
} ProbeAt;

static bool probe_whole(const PmuProbe *p, const ProbeAt *at, const char *path, Diag *err)
{
    if (p->test.body && p->control.body)
        return true;
    diag_set(err, path, at->line, at->col, at->src, "probe '%s' needs both a 'test:' and a 'control:' line (it has no '%s:')",
             p->name, p->test.body ? "control" : "test");
    return false;
}

/* -probe-file: "probe NAME EXPECTED" then "test: asm" and "control: asm" lines; '#' comments */
bool pmu_probe_file(const char *path, PmuScan *s, Diag *err)
{
    if (!read_file(path, &s->user_text)) {
        diag_set(err, path, 0, 0, NULL, "cannot read '%s': %s", path, strerror(errno));
        return false;
    }
    if (diag_text_nul(err, path, s->user_text.data, s->user_text.len))   /* (the lines after it were lost) */
        return false;
    char *text = (char *)buf_cstr(&s->user_text);
    int cap = 8, line = 0;
    s->user = xcalloc((size_t)cap, sizeof *s->user);
    PmuProbe *cur = NULL;
    ProbeAt at = {0};
    for (char *p = text; *p;) {
        char *ls = p, *e = strchr(p, '\n');
        if (e)
            *e = 0;
        p = e ? e + 1 : p + strlen(p);
        line++;
        size_t len = strlen(ls);
        if (len && ls[len - 1] == '\r')   /* (CRLF) */
            ls[len - 1] = 0;
        char *t = ls;
        while (*t == ' ' || *t == '\t')
            t++;
        if (!*t || *t == '#')
            continue;
        if (str_starts(t, "probe") && (t[5] == ' ' || t[5] == '\t')) {
            char *nm = t + 6, *sp;
            while (*nm == ' ' || *nm == '\t')
                nm++;
            sp = strpbrk(nm, " \t");
            /* EXPECTED: a decimal number (opt_number_text; a hex float, nan, inf are not) */
            char *num = sp, *end = sp;
            while (num && (*num == ' ' || *num == '\t'))
                num++;
            end = num ? num + strcspn(num, " \t") : NULL;
            char *after = end;
            while (after && (*after == ' ' || *after == '\t'))
                after++;
            double x = 0;
            char saved = end ? *end : 0;
            if (end)
                *end = 0;
            bool num_ok = num && opt_number_text(num, OPT_REAL, &x);
            if (end)
                *end = saved;
            if (!sp || !num_ok || *after || x == 0 || !isfinite(x)) {
                diag_set(err, path, line, (int)(t - ls) + 1, ls, "want 'probe NAME EXPECTED' (EXPECTED a non-zero number)");
                return false;
            }
            size_t nl = (size_t)(sp - nm);
            bool dup = false;   /* (a second probe of a name: -probe= could not tell them apart) */
            for (int k = 0; k < pmu_probes_count && !dup; k++)
                dup = strlen(pmu_probes[k].name) == nl && !strncmp(pmu_probes[k].name, nm, nl);
            for (int k = 0; k < s->nuser && !dup; k++)
                dup = strlen(s->user[k].name) == nl && !strncmp(s->user[k].name, nm, nl);
            if (dup) {
                diag_set(err, path, line, (int)(nm - ls) + 1, ls, "a probe named '%.*s' already exists", (int)nl, nm);
                return false;
            }
            if (cur && !probe_whole(cur, &at, path, err))
                return false;
            at.line = line, at.col = (int)(t - ls) + 1;
            snprintf(at.src, sizeof at.src, "%s", ls);
            *sp = 0;
            if (s->nuser == cap)
                s->user = xrealloc(s->user, sizeof *s->user * (size_t)(cap *= 2));
            cur = &s->user[s->nuser++];
            memset(cur, 0, sizeof *cur);
            cur->name = nm;
            cur->desc = "user probe";
            cur->expected = x;
            cur->test.name = path;
            cur->control.name = path;
        } else if (str_starts(t, "test:") || str_starts(t, "control:")) {
            if (!cur) {
                diag_set(err, path, line, (int)(t - ls) + 1, ls, "'%s' before any 'probe NAME EXPECTED' line",
                         t[0] == 't' ? "test:" : "control:");
                return false;
            }
            bool test = t[0] == 't';
            PmuKernel *k = test ? &cur->test : &cur->control;
            if (k->body) {
                diag_set(err, path, line, (int)(t - ls) + 1, ls, "a second '%s' line for probe '%s' (its first is "
                         "line %d): a probe has one test and one control kernel", test ? "test:" : "control:",
                         cur->name, k->line);
                return false;
            }
            char *body = t + (test ? 5 : 8);
            while (*body == ' ' || *body == '\t')
                body++;
            k->body = body;
            k->line = line;
            k->col = (int)(body - ls) + 1;
            k->src = ls;
        } else {
            diag_set(err, path, line, (int)(t - ls) + 1, ls, "expected 'probe', 'test:' or 'control:'");
            return false;
        }
    }
    if (s->nuser == 0) {   /* (empty, or comments only: the file was given for its probes) */
        diag_set(err, path, 0, 0, NULL, "'%s' defines no probe (want 'probe NAME EXPECTED', then 'test: asm' and "
                 "'control: asm' lines)", path);
        return false;
    }
    return probe_whole(cur, &at, path, err);
}

void pmu_scan_free(PmuScan *s)
{
    free(s->res);
    free(s->user);
    buf_free(&s->user_text);
    memset(s, 0, sizeof *s);
}

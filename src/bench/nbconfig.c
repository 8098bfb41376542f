/* nbconfig.c — nanoBench's counter configuration files (`uarch bench run -config FILE`).
 *
 * nanoBench's format, one event a line:
 *     EVTSEL.UMASK[.CMSK=N][.AnyT][.EDG][.INV] NAME
 * EVTSEL and UMASK in hex (EVTSEL up to three digits: AMD's 12-bit event selects), CMSK a
 * counter mask 0..255 (decimal or 0x..), AnyT/EDG/INV flags; '#' starts a comment, blank lines
 * are skipped.  Each event becomes the perf spelling of the core PMU,
 *     cpu/event=0xd1,umask=0x1,cmask=0x1,any=1,edge=1,inv=1,name=NAME/
 * which the pmu layer encodes with the device's sysfs format (so the bit layout is the kernel's,
 * not ours).  nanoBench's attributes that program model-specific registers through its kernel
 * module (MSR_3F6H, MSR_PF, MSR_RSP0, MSR_RSP1), fixed-counter and scheduling choices (CTR,
 * TakenAlone) have no perf equivalent here and are refused, located. */
#include "bench/bench.h"
#include "clock/clock.h"
#include "pmu/pmu.h"
#include "util/opt.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a hex number of at most maxd digits at *p; false when there is none or it is longer */
static bool hexnum(const char **p, int maxd, unsigned *v)
{
    const char *s = *p;
    unsigned x = 0;
    int d = 0;
    for (; isxdigit((unsigned char)*s); s++, d++)
        x = x * 16 + (unsigned)(isdigit((unsigned char)*s) ? *s - '0' : (tolower((unsigned char)*s) - 'a' + 10));
    if (d == 0 || d > maxd)
        return false;
    *p = s, *v = x;
    return true;
}

static bool word_is(const char *s, size_t n, const char *w)
{
    return strlen(w) == n && strncmp(s, w, n) == 0;
}

int bench_config_parse(const char *file, const char *text, const char *pmu, Buf *specs,
                       BenchConfigEvent *ev, int max, Diag *err)
{
    int n = 0, line = 0;
    for (const char *ls = text; ls && *ls; ) {
        const char *le = strchr(ls, '\n');
        size_t len = le ? (size_t)(le - ls) : strlen(ls);
        line++;
        char buf[512];
        if (len >= sizeof buf) {
            diag_set(err, file, line, 1, ls, "line longer than %zu characters", sizeof buf - 1);
            return -1;
        }
        memcpy(buf, ls, len);
        buf[len] = 0;
        if (len && buf[len - 1] == '\r')
            buf[--len] = 0;
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = 0;
        const char *p = buf;
        while (*p == ' ' || *p == '\t')
            p++;
        const char *next = le ? le + 1 : NULL;
        if (!*p) {
            ls = next;
            continue;
        }
#define COL(q) ((int)((q) - buf) + 1)
        const char *start = p;
        unsigned evsel, umask, cmask = 0;
        bool has_cmask = false, any = false, edge = false, inv = false;
        if (!hexnum(&p, 3, &evsel)) {
            diag_set(err, file, line, COL(p), buf, "expected an event select in hex (1 to 3 digits: "
                     "EVTSEL.UMASK NAME)");
            return -1;
        }
        if (*p != '.') {
            diag_set(err, file, line, COL(p), buf, "expected '.' and a unit mask after the event select");
            return -1;
        }
        p++;
        if (!hexnum(&p, 2, &umask)) {
            diag_set(err, file, line, COL(p), buf, "expected a unit mask in hex (1 or 2 digits)");
            return -1;
        }
        while (*p == '.') {
            const char *a = ++p;
            while (*p && *p != '.' && *p != ' ' && *p != '\t')
                p++;
            size_t an = (size_t)(p - a);
            const char *eq = memchr(a, '=', an);
            size_t kn = eq ? (size_t)(eq - a) : an;
            if (word_is(a, kn, "CMSK") && eq) {
                char num[16];
                unsigned long long v = 0;
                snprintf(num, sizeof num, "%.*s", (int)(p - eq - 1 < 15 ? p - eq - 1 : 15), eq + 1);
                if ((size_t)(p - eq - 1) >= sizeof num || !opt_uint_text(num, &v) || v > 255) {
                    diag_set(err, file, line, COL(eq + 1), buf, "bad counter mask '%.*s': want 0..255",
                             (int)(p - eq - 1), eq + 1);
                    return -1;
                }
                cmask = (unsigned)v, has_cmask = true;
            } else if (word_is(a, an, "AnyT")) {
                any = true;
            } else if (word_is(a, an, "EDG")) {
                edge = true;
            } else if (word_is(a, an, "INV")) {
                inv = true;
            } else if (kn > 4 && strncmp(a, "MSR_", 4) == 0) {
                diag_set(err, file, line, COL(a), buf, "attribute '%.*s' is not supported: it programs a "
                         "model-specific register through nanoBench's kernel module, which perf does not "
                         "offer", (int)an, a);
                return -1;
            } else if (word_is(a, kn, "CTR") || word_is(a, an, "TakenAlone")) {
                diag_set(err, file, line, COL(a), buf, "attribute '%.*s' is not supported: perf chooses "
                         "the counter and schedules the events", (int)an, a);
                return -1;
            } else {
                diag_set(err, file, line, COL(a), buf, "unknown attribute '%.*s' (want CMSK=N, AnyT, EDG, "
                         "INV)", (int)an, a);
                return -1;
            }
        }
        if (*p != ' ' && *p != '\t') {
            if (*p)
                diag_set(err, file, line, COL(p), buf, "unexpected '%c' in the event code", *p);
            else
                diag_set(err, file, line, COL(p), buf, "missing the event's name after its code");
            return -1;
        }
        while (*p == ' ' || *p == '\t')
            p++;
        const char *name = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        size_t nn = (size_t)(p - name);
        if (nn == 0) {
            diag_set(err, file, line, COL(name), buf, "missing the event's name after its code");
            return -1;
        }
        for (size_t k = 0; k < nn; k++)
            if (name[k] == ',' || name[k] == '/' || name[k] == '=' || (unsigned char)name[k] < 32) {
                diag_set(err, file, line, COL(name + k), buf, "character '%c' in an event name (perf's "
                         "name= term cannot hold it)", name[k]);
                return -1;
            }
        if (nn >= sizeof ev[0].name) {
            diag_set(err, file, line, COL(name), buf, "event name longer than %zu characters",
                     sizeof ev[0].name - 1);
            return -1;
        }
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p) {
            diag_set(err, file, line, COL(p), buf, "unexpected text after the event's name");
            return -1;
        }
        if (n == max) {
            diag_set(err, file, line, COL(start), buf, "more than %d events: uarch rotates at most %d "
                     "besides the cycles over its runs; split the file", max, max);
            return -1;
        }
        BenchConfigEvent *e = &ev[n++];
        memset(e, 0, sizeof *e);
        memcpy(e->name, name, nn);
        e->line = line;
        snprintf(e->src, sizeof e->src, "%.255s", buf);
        int k = snprintf(e->spec, sizeof e->spec, "%s/event=0x%x,umask=0x%x", pmu, evsel, umask);
        if (has_cmask)
            k += snprintf(e->spec + k, sizeof e->spec - (size_t)k, ",cmask=0x%x", cmask);
        if (any)
            k += snprintf(e->spec + k, sizeof e->spec - (size_t)k, ",any=1");
        if (edge)
            k += snprintf(e->spec + k, sizeof e->spec - (size_t)k, ",edge=1");
        if (inv)
            k += snprintf(e->spec + k, sizeof e->spec - (size_t)k, ",inv=1");
        snprintf(e->spec + k, sizeof e->spec - (size_t)k, ",name=%s/", e->name);
        if (specs) {
            if (specs->len)
                buf_putc(specs, ',');
            buf_puts(specs, e->spec);
        }
#undef COL
        ls = next;
    }
    return n;
}

/* -fixed_counters: the generic hardware events of the fixed-function counters besides the
 * cycles (Intel's IA32_FIXED_CTR0 and CTR2).  ARMv8 has a fixed cycle counter only, and perf
 * maps no reference-cycle event on AMD (Linux arch/x86/events/amd/core.c's event maps have no
 * PERF_COUNT_HW_REF_CPU_CYCLES row): instructions only there. */
const char *bench_fixed_counters(BenchArch arch, const char *vendor)
{
    if (arch == BENCH_AARCH64 || (vendor && !strcmp(vendor, "AuthenticAMD")))
        return "instructions";
    return "instructions,ref-cycles";
}

bool bench_cli_config(BenchCli *c, Diag *err)
{
    /* the -f file's text (read by bench_parse_run): its parser stops at a NUL */
    if (c->file && diag_text_nul(err, c->file, c->text.data, c->text.len))
        return false;
    Buf list;
    buf_init(&list);
    if (c->fixed_counters) {
        PmuEventInfo info;
        char why[300] = "";
        if (!pmu_backend_perf.resolve("instructions", &info, why, sizeof why)) {
            /* no fallback for them (nothing else counts instructions or reference cycles), and the
             * cycles without them: what bench run times them with here (runner.c's order) */
            PmuEvent tc;
            char why2[256];
            bool task = pmu_task_clock("/sys", &tc, why2, sizeof why2);
            diag_set(err, "", 0, 0, NULL, "-fixed_counters: the fixed counters (core cycles, instructions "
                     "retired, reference cycles) are the hardware PMU's, and %s: counters not available, "
                     "nothing measured (exit status 1); without -fixed_counters the cycles fall back to %s "
                     "converted with the core clock, and no instruction or reference-cycle count is possible",
                     why, task ? "the task-clock (ns on the CPU)" : "the timer's ticks");
            buf_free(&list);
            return false;
        }
        const char *vendor = NULL;
#if defined(__x86_64__)
        ClockX86 x;
        clock_x86_decode(clock_cpuid_native, NULL, &x);
        vendor = x.vendor;
#endif
        buf_puts(&list, bench_fixed_counters(bench_host_arch(), vendor));
    }
    if (c->s.run.counters && *c->s.run.counters) {
        if (list.len)
            buf_putc(&list, ',');
        buf_puts(&list, c->s.run.counters);
    }
    bool ok = true;
    if (c->config) {
        Buf text;
        buf_init(&text);
        bool read = cleanup_read_file(c->config, &text);
        if (!read)
            diag_set(err, c->config, 0, 0, NULL, "cannot read '%s': %s", c->config, strerror(errno));
        if (!read || diag_text_nul(err, c->config, text.data, text.len)) {
            buf_free(&text);
            buf_free(&list);
            return false;
        }
        /* the events are checked whatever the machine; the core PMU is named after */
        char dev[128] = "cpu", why[256] = "";
        bool have = pmu_core("/sys", dev, sizeof dev, why, sizeof why);
        BenchConfigEvent *ev = xcalloc(BENCH_MAX_EVENTS, sizeof *ev);
        /* (with -counters: at most BENCH_MAX_EVENTS - 1 in all, bench_counters_split says so) */
        int n = bench_config_parse(c->config, buf_cstr(&text), dev, &list, ev, BENCH_MAX_EVENTS - 1, err);
        ok = n >= 0;
        if (n == 0) {   /* (empty, or comments only: given for its events, it would add none) */
            diag_set(err, c->config, 0, 0, NULL, "'%s' holds no event: want nanoBench's 'EVTSEL.UMASK NAME' lines",
                     c->config);
            ok = false;
        }
        if (ok && n > 0 && !have) {
            diag_set(err, c->config, ev[0].line, 1, ev[0].src, "counter '%s' unavailable: %s",
                     ev[0].name, why);
            ok = false;
        }
        free(ev);
        buf_free(&text);
    }
    if (ok && (c->config || c->fixed_counters)) {
        buf_free(&c->counters);
        c->counters = list;
        c->s.run.counters = buf_cstr(&c->counters);
    } else {
        buf_free(&list);
    }
    return ok;
}

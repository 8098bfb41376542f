/* perf_backend.c — the `perf` backend of pmu.h: perf_event_open with the software PMU, the
 * generic hardware events and every sysfs PMU device (perf.c encodes their events).
 *
 * Counting is perf stat's: one fd per event, read_format TOTAL_TIME_ENABLED|RUNNING so that
 * multiplexing (the kernel rotating more events than the hardware has counters) shows as
 * running < enabled; the value is then scaled by enabled/running and the result says so.
 * A per-core-type PMU (a device with a `cpus` file, e.g. apple_firestorm_pmu on 4-7) counts
 * only on its cores: its CPU list travels with the event, and stat.c pins to it. */
#define _GNU_SOURCE
#include "pmu/pmu.h"
#include "clock/clock.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/perf_event.h>
#endif

#define SYSFS "/sys"

struct PmuSet {
    int n;
    int fd[PMU_MAX_EVENTS];
};

typedef struct SwEvent {
    const char *name, *alias;
    uint64_t config;               /* PERF_COUNT_SW_* (kernel ABI, include/uapi/linux/perf_event.h) */
    const char *desc;
} SwEvent;

static const SwEvent sw_events[] = {
    {"cpu-clock", NULL, 0, "wall-clock ns the task was counted (timer)"},
    {"task-clock", NULL, 1, "ns the task spent on a CPU"},
    {"page-faults", "faults", 2, "page faults (minor + major)"},
    {"context-switches", "cs", 3, "context switches"},
    {"cpu-migrations", "migrations", 4, "moves to another CPU"},
    {"minor-faults", NULL, 5, "page faults served without I/O"},
    {"major-faults", NULL, 6, "page faults that needed I/O"},
    {"alignment-faults", NULL, 7, "alignment faults fixed up by the kernel"},
    {"emulation-faults", NULL, 8, "instructions emulated by the kernel"},
};

typedef struct HwEvent {
    const char *name;
    uint64_t config;               /* PERF_COUNT_HW_* */
    const char *desc;
} HwEvent;

static const HwEvent hw_events[] = {
    {"cycles", 0, "core cycles"},
    {"instructions", 1, "retired instructions"},
    {"cache-references", 2, "last-level cache accesses"},
    {"cache-misses", 3, "last-level cache misses"},
    {"branches", 4, "retired branches"},
    {"branch-misses", 5, "mispredicted branches"},
    {"ref-cycles", 9, "reference cycles (unhalted, at a fixed rate)"},
};

/* why no hardware events: no core PMU in sysfs (under a hypervisor: it gives the guest none),
 * or the generic cycles event refused */
static bool hw_present(char *why, size_t whysz)
{
    char dev[128];
    if (!pmu_core(SYSFS, dev, sizeof dev, why, whysz)) {
        ClockX86 x;
        clock_x86_decode(clock_cpuid_native, NULL, &x);
        size_t l = strlen(why);
        if (clock_have_cpuid() && x.hypervisor && l < whysz)
            snprintf(why + l, whysz - l, " (a virtual machine: its hypervisor '%s' offers the guest no PMU)",
                     x.hv_vendor[0] ? x.hv_vendor : "unnamed");
        return false;
    }
#ifdef __linux__
    PmuEvent e = {.type = PERF_TYPE_HARDWARE, .config = PERF_COUNT_HW_CPU_CYCLES};
    long fd = pmu_perf_open(&e, 0, PMU_OPEN_TIMES);
    if (fd < 0) {
        snprintf(why, whysz, "perf_event_open(cycles) failed: %s", strerror(errno));
        return false;
    }
    close((int)fd);
    return true;
#else
    snprintf(why, whysz, "not Linux");
    return false;
#endif
}

static bool perf_available(char *why, size_t whysz)
{
#ifdef __linux__
    PmuEvent e = {.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_TASK_CLOCK};
    long fd = pmu_perf_open(&e, 0, PMU_OPEN_TIMES);
    if (fd < 0) {
        snprintf(why, whysz, "perf_event_open refused the software task-clock: %s (see "
                 "/proc/sys/kernel/perf_event_paranoid)", strerror(errno));
        return false;
    }
    close((int)fd);
    char w[320], st[200];
    pmu_pfm_status(st, sizeof st);
    if (hw_present(w, sizeof w))
        snprintf(why, whysz, "hardware and software events; %s", st);
    else
        snprintf(why, whysz, "software events only; %s; %s", w, st);
    return true;
#else
    snprintf(why, whysz, "perf_event_open is Linux only");
    return false;
#endif
}

static int perf_ncounters(void)
{
    return 0;
}

static void set_cpus(const char *dev, PmuEventInfo *ev)
{
    char path[512];
    snprintf(path, sizeof path, SYSFS "/bus/event_source/devices/%.200s/cpus", dev);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    if (fgets(ev->cpus, sizeof ev->cpus, f))
        ev->cpus[strcspn(ev->cpus, "\n")] = 0;
    fclose(f);
}

static void fill_encoding(PmuEventInfo *ev)
{
    int k = snprintf(ev->encoding, sizeof ev->encoding, "type=%u,config=0x%llx", ev->perf.type,
                     (unsigned long long)ev->perf.config);
    if (ev->perf.config1 && k > 0 && (size_t)k < sizeof ev->encoding)
        snprintf(ev->encoding + k, sizeof ev->encoding - (size_t)k, ",config1=0x%llx",
                 (unsigned long long)ev->perf.config1);
    ev->code = ev->perf.config;
}

static bool perf_resolve(const char *name, PmuEventInfo *ev, char *why, size_t whysz)
{
    memset(ev, 0, sizeof *ev);
    snprintf(ev->name, sizeof ev->name, "%s", name);
#ifdef __linux__
    for (size_t i = 0; i < ARRAY_LEN(sw_events); i++)
        if (strcmp(name, sw_events[i].name) == 0 || (sw_events[i].alias && strcmp(name, sw_events[i].alias) == 0)) {
            ev->perf.type = PERF_TYPE_SOFTWARE;
            ev->perf.config = sw_events[i].config;
            snprintf(ev->desc, sizeof ev->desc, "software: %s", sw_events[i].desc);
            snprintf(ev->perf.name, sizeof ev->perf.name, "%s", name);
            fill_encoding(ev);
            return true;
        }
    const char *slash = strchr(name, '/');
    char w[300];
    if (slash) {                               /* pmu/event/ or pmu/term=v,.../ */
        char dev[128], rest[160];
        snprintf(dev, sizeof dev, "%.*s", (int)(slash - name), name);
        snprintf(rest, sizeof rest, "%s", slash + 1);
        size_t n = strlen(rest);
        if (!n || rest[n - 1] != '/') {
            snprintf(why, whysz, "unknown event '%s': want pmu/event/ or pmu/term=value,.../", name);
            return false;
        }
        rest[n - 1] = 0;
        char tpath[512], tbuf[32];
        snprintf(tpath, sizeof tpath, SYSFS "/bus/event_source/devices/%s/type", dev);
        FILE *f = fopen(tpath, "r");
        if (!f) {
            if (hw_present(w, sizeof w))
                snprintf(why, whysz, "unknown event '%s': no PMU '%s' in " SYSFS "/bus/event_source/devices", name, dev);
            else
                snprintf(why, whysz, "unknown event '%s': no PMU '%s' here, %s", name, dev, w);
            return false;
        }
        bool okt = fgets(tbuf, sizeof tbuf, f) != NULL;
        fclose(f);
        if (!okt)
            return snprintf(why, whysz, "cannot read %s", tpath), false;
        if (strchr(rest, '=')) {
            ev->perf.type = (uint32_t)strtoul(tbuf, NULL, 10);
            if (!pmu_encode(SYSFS, dev, rest, &ev->perf, w, sizeof w)) {
                snprintf(why, whysz, "bad event '%s': %s", name, w);
                return false;
            }
            pmu_event_props(SYSFS, dev, NULL, &ev->perf);
        } else if (!pmu_resolve(SYSFS, name, &ev->perf, w, sizeof w)) {
            snprintf(why, whysz, "unknown event '%s': %s", name, w);
            return false;
        }
        snprintf(ev->perf.name, sizeof ev->perf.name, "%s", name);
        if (ev->perf.system_wide)
            snprintf(ev->desc, sizeof ev->desc, "%.80s PMU, system-wide (every task on cpu%d)", dev, ev->perf.cpu);
        else
            snprintf(ev->desc, sizeof ev->desc, "%.100s PMU", dev);
        set_cpus(dev, ev);
        fill_encoding(ev);
        return true;
    }
    if (name[0] == 'r' && name[1] && strspn(name + 1, "0123456789abcdefABCDEF") == strlen(name + 1)) {
        if (strlen(name + 1) > 16) {
            snprintf(why, whysz, "raw event '%s' out of range (at most 16 hex digits, a 64-bit config)", name);
            return false;
        }
        if (!hw_present(w, sizeof w)) {       /* a raw code is one of the core PMU's */
            snprintf(why, whysz, "raw event '%s' is the core PMU's, and %s", name, w);
            return false;
        }
    }
    for (size_t i = 0; i < ARRAY_LEN(hw_events); i++)
        if (strcmp(name, hw_events[i].name) == 0) {
            if (!hw_present(w, sizeof w)) {
                snprintf(why, whysz, "%s", w);
                return false;
            }
            ev->perf.type = PERF_TYPE_HARDWARE;
            ev->perf.config = hw_events[i].config;
            snprintf(ev->perf.name, sizeof ev->perf.name, "%s", name);
            snprintf(ev->desc, sizeof ev->desc, "hardware: %s", hw_events[i].desc);
            fill_encoding(ev);
            return true;
        }
    char pw[200];
    if (pmu_pfm_resolve(name, &ev->perf, ev->desc, sizeof ev->desc, pw, sizeof pw)) {
        if (ev->perf.type != PERF_TYPE_SOFTWARE && ev->perf.type != PERF_TYPE_TRACEPOINT && !hw_present(w, sizeof w)) {
            snprintf(why, whysz, "event '%s' (%s) is the core PMU's, and %s", name, ev->desc, w);
            return false;
        }
        snprintf(ev->perf.name, sizeof ev->perf.name, "%s", name);
        fill_encoding(ev);
        return true;
    }
    char dev[128];
    if (!pmu_core(SYSFS, dev, sizeof dev, w, sizeof w)) {
        char st[200];
        pmu_pfm_status(st, sizeof st);
        snprintf(why, whysz, "unknown event '%s' (not a software event, and %s; %s)", name, w,
                 st);
        return false;
    }
    if (!pmu_resolve(SYSFS, name, &ev->perf, w, sizeof w)) {
        snprintf(why, whysz, "%s", w);
        return false;
    }
    snprintf(ev->desc, sizeof ev->desc, "%.100s PMU", dev);
    set_cpus(dev, ev);
    fill_encoding(ev);
    return true;
#else
    snprintf(why, whysz, "unknown event '%s': perf_event_open is Linux only", name);
    return false;
#endif
}

static int perf_list(PmuEventInfo **out, char *why, size_t whysz)
{
    int cap = 64, n = 0;
    PmuEventInfo *v = xcalloc((size_t)cap, sizeof *v);
    char w[300];
#define PUSH(nm)                                                                       \
    do {                                                                               \
        if (n == cap)                                                                  \
            v = xrealloc(v, sizeof *v * (size_t)(cap *= 2));                           \
        if (perf_resolve(nm, &v[n], w, sizeof w))                                      \
            n++;                                                                       \
    } while (0)
    for (size_t i = 0; i < ARRAY_LEN(sw_events); i++)
        PUSH(sw_events[i].name);
    if (hw_present(w, sizeof w))
        for (size_t i = 0; i < ARRAY_LEN(hw_events); i++)
            PUSH(hw_events[i].name);
    DIR *d = opendir(SYSFS "/bus/event_source/devices");
    if (d) {
        struct dirent *e;
        char names[256][64];
        int nd = 0;
        while ((e = readdir(d)) != NULL && nd < 256)
            if (e->d_name[0] != '.')
                snprintf(names[nd++], 64, "%.63s", e->d_name);
        closedir(d);
        qsort(names, (size_t)nd, 64, (int (*)(const void *, const void *))strcmp);
        for (int k = 0; k < nd; k++) {
            char path[512];
            snprintf(path, sizeof path, SYSFS "/bus/event_source/devices/%.63s/events", names[k]);
            DIR *x = opendir(path);
            if (!x)
                continue;
            char evn[128][64];
            int ne = 0;
            while ((e = readdir(x)) != NULL && ne < 128)
                if (e->d_name[0] != '.' && !strchr(e->d_name, '.'))   /* skip .scale / .unit */
                    snprintf(evn[ne++], 64, "%.63s", e->d_name);
            closedir(x);
            qsort(evn, (size_t)ne, 64, (int (*)(const void *, const void *))strcmp);
            for (int i = 0; i < ne; i++) {
                char nm[160];
                snprintf(nm, sizeof nm, "%.63s/%.63s/", names[k], evn[i]);
                PUSH(nm);
            }
        }
    }
    if (hw_present(w, sizeof w)) {       /* libpfm4's core events: only where they can count */
        static char pn[4096][64];
        int np = pmu_pfm_names(pn, 4096);
        for (int i = 0; i < np; i++)
            PUSH(pn[i]);
    }
#undef PUSH
    (void)why, (void)whysz;
    *out = v;
    return n;
}

static PmuSet *perf_open(const PmuEventInfo *ev, int n, int pid, char *why, size_t whysz)
{
#ifdef __linux__
    PmuSet *s = xcalloc(1, sizeof *s);
    for (int i = 0; i < n; i++) {
        long fd = pmu_perf_open(&ev[i].perf, pid, PMU_OPEN_TIMES | (pid > 0 ? PMU_OPEN_CHILD : 0));
        if (fd < 0) {
            int e = errno;
            snprintf(why, whysz, "perf_event_open('%s') failed: %s%s", ev[i].name, strerror(e),
                     pmu_modes_hint(&ev[i].perf, e));
            for (int k = 0; k < s->n; k++)
                close(s->fd[k]);
            free(s);
            return NULL;
        }
        s->fd[s->n++] = (int)fd;
    }
    return s;
#else
    (void)ev, (void)n, (void)pid;
    snprintf(why, whysz, "perf_event_open is Linux only");
    return NULL;
#endif
}

static bool perf_read(PmuSet *s, PmuValue *v)
{
    for (int i = 0; i < s->n; i++) {
        uint64_t b[3];
        if (read(s->fd[i], b, sizeof b) != (ssize_t)sizeof b)
            return false;
        v[i].raw = b[0];
        v[i].enabled = b[1];
        v[i].running = b[2];
        v[i].value = b[0];
        if (b[2] && b[2] < b[1])
            v[i].value = (uint64_t)((double)b[0] * (double)b[1] / (double)b[2] + 0.5);
    }
    return true;
}

static void perf_close(PmuSet *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->n; i++)
        close(s->fd[i]);
    free(s);
}

const PmuBackend pmu_backend_perf = {
    .name = "perf",
    .summary = "Linux perf_event_open (software PMU, core and other sysfs PMUs)",
    .available = perf_available,
    .ncounters = perf_ncounters,
    .list = perf_list,
    .resolve = perf_resolve,
    .open = perf_open,
    .read = perf_read,
    .close = perf_close,
};

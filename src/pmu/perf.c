/* perf.c — the Linux perf_event_open backend and sysfs event discovery (see pmu.h).
 *
 * Event encoding follows the kernel's sysfs ABI (Documentation/ABI/testing/sysfs-bus-event_source-
 * devices-format and -events): events/<name> holds "term=value,..." and format/<term> holds
 * "config:0-7" / "config1:0-31" / "config:0-7,32-35"; the value's bits are scattered into those
 * ranges, lowest first.  A term without "=value" means 1.
 */
#define _GNU_SOURCE
#define _DARWIN_C_SOURCE        /* MAP_ANON, sysctl & co. on macOS */
#include "pmu/pmu.h"
#include "util/util.h"

#include "util/opt.h"
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif

static bool read_small(const char *path, char *out, size_t n)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    size_t r = fread(out, 1, n - 1, f);
    fclose(f);
    out[r] = 0;
    while (r && (out[r - 1] == '\n' || out[r - 1] == ' '))
        out[--r] = 0;
    return true;
}

static bool is_core_name(const char *n)
{
    return strcmp(n, "cpu") == 0 || strcmp(n, "cpu_core") == 0 || strcmp(n, "cpu_atom") == 0 ||
           str_starts(n, "armv8") || str_starts(n, "armv9") || str_starts(n, "apple_");
}

bool pmu_core(const char *root, char *dev, size_t devsz, char *why, size_t whysz)
{
    char path[512];
    snprintf(path, sizeof path, "%.300s/bus/event_source/devices", root);
    DIR *d = opendir(path);
    if (!d) {
        snprintf(why, whysz, "no %s (no perf_event support)", path);
        return false;
    }
    char best[256] = "";
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char p[1200];
        bool core = is_core_name(e->d_name);
        if (!core) {
            snprintf(p, sizeof p, "%s/%s/cpus", path, e->d_name);
            char ev[1024];
            snprintf(ev, sizeof ev, "%s/%s/events", path, e->d_name);
            DIR *x = opendir(ev);
            core = access(p, R_OK) == 0 && x != NULL && strstr(e->d_name, "uncore") == NULL &&
                   (snprintf(p, sizeof p, "%s/cpu-cycles", ev), access(p, R_OK) == 0);
            if (x)
                closedir(x);
        }
        /* prefer "cpu"/"cpu_core" (performance cores) when several qualify */
        if (core && (!best[0] || strcmp(e->d_name, "cpu_core") == 0 || strcmp(e->d_name, "cpu") == 0))
            snprintf(best, sizeof best, "%s", e->d_name);
    }
    closedir(d);
    if (!best[0]) {
        snprintf(why, whysz, "no hardware counters: no core PMU in %s", path);
        return false;
    }
    snprintf(dev, devsz, "%s", best);
    return true;
}

/* Scatter `value` into the bit ranges of a format spec "config1:0-7,32-35": 0, or 1 when the
 * spec cannot be read, 2 when the value has bits beyond the field's. */
static int apply_format(const char *spec, uint64_t value, PmuEvent *ev)
{
    uint64_t *word;
    const char *p;
    if (str_starts(spec, "config1:"))
        word = &ev->config1, p = spec + 8;
    else if (str_starts(spec, "config2:"))
        word = &ev->config2, p = spec + 8;
    else if (str_starts(spec, "config:"))
        word = &ev->config, p = spec + 7;
    else
        return 1;
    while (*p) {
        char *e;
        long lo = strtol(p, &e, 10), hi = lo;
        if (e == p)
            return 1;
        if (*e == '-')
            hi = strtol(e + 1, &e, 10);
        if (lo < 0 || hi > 63 || hi < lo)
            return 1;
        for (long b = lo; b <= hi; b++) {
            if (value & 1)
                *word |= 1ull << b;
            value >>= 1;
        }
        p = *e == ',' ? e + 1 : e;
        if (*e && *e != ',')
            return 1;
    }
    return value ? 2 : 0;
}

bool pmu_encode(const char *root, const char *dev, const char *terms, PmuEvent *ev, char *why,
                size_t whysz)
{
    char copy[512];
    snprintf(copy, sizeof copy, "%s", terms);
    char *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        while (*t == ' ')
            t++;
        char *eq = strchr(t, '=');
        uint64_t v = 1;
        if (eq) {
            *eq = 0;
            unsigned long long u = 0;
            if (!opt_uint_text(eq + 1, &u)) {
                char qv[200], qt[200];
                opt_quote(eq + 1, qv, sizeof qv);
                opt_quote(t, qt, sizeof qt);
                snprintf(why, whysz, "bad value '%s' for the term '%s' of %s (want a number)", qv, qt, dev);
                return false;
            }
            v = u;
        }
        char path[768], spec[256];
        snprintf(path, sizeof path, "%s/bus/event_source/devices/%s/format/%s", root, dev, t);
        if (!read_small(path, spec, sizeof spec)) {
            snprintf(why, whysz, "event term '%s' has no format in %s", t, dev);
            return false;
        }
        int r = apply_format(spec, v, ev);
        if (r == 2) {
            snprintf(why, whysz, "value 0x%llx does not fit the term '%s' of %s (%s)", (unsigned long long)v, t,
                     dev, spec);
            return false;
        }
        if (r) {
            snprintf(why, whysz, "cannot parse format '%s' of '%s'", spec, t);
            return false;
        }
    }
    return true;
}

static bool dev_type(const char *root, const char *dev, uint32_t *type)
{
    char path[512], buf[64];
    snprintf(path, sizeof path, "%s/bus/event_source/devices/%s/type", root, dev);
    if (!read_small(path, buf, sizeof buf))
        return false;
    *type = (uint32_t)strtoul(buf, NULL, 10);
    return true;
}

void pmu_event_props(const char *root, const char *dev, const char *evname, PmuEvent *ev)
{
    char path[768], buf[64];
    snprintf(path, sizeof path, "%s/bus/event_source/devices/%s/cpumask", root, dev);
    if (read_small(path, buf, sizeof buf) && buf[0] >= '0' && buf[0] <= '9') {
        ev->system_wide = true;
        ev->cpu = atoi(buf);               /* "0", "0,56" (one per package), "0-3": the first */
    }
    if (!evname)
        return;
    snprintf(path, sizeof path, "%s/bus/event_source/devices/%s/events/%s.scale", root, dev, evname);
    if (read_small(path, buf, sizeof buf)) {
        char *end;
        double v = strtod(buf, &end);
        if (end != buf && v > 0 && isfinite(v))
            ev->scale = v;
    }
    snprintf(path, sizeof path, "%s/bus/event_source/devices/%s/events/%s.unit", root, dev, evname);
    if (read_small(path, buf, sizeof buf))
        snprintf(ev->unit, sizeof ev->unit, "%.*s", (int)strcspn(buf, "\n"), buf);
}

bool pmu_resolve(const char *root, const char *name, PmuEvent *ev, char *why, size_t whysz)
{
    memset(ev, 0, sizeof *ev);
    snprintf(ev->name, sizeof ev->name, "%s", name);
    char dev[128], evname[128];
    const char *slash = strchr(name, '/');
    if (slash) {                                   /* pmu/event/ */
        snprintf(dev, sizeof dev, "%.*s", (int)(slash - name), name);
        snprintf(evname, sizeof evname, "%s", slash + 1);
        size_t n = strlen(evname);
        if (n && evname[n - 1] == '/')
            evname[n - 1] = 0;
    } else {
        if (!pmu_core(root, dev, sizeof dev, why, whysz)) {
            char tmp[256];
            snprintf(tmp, sizeof tmp, "%s", why);
            snprintf(why, whysz, "counter '%s' unavailable: %s", name, tmp);
            return false;
        }
        snprintf(evname, sizeof evname, "%s", name);
    }
    if (!dev_type(root, dev, &ev->type)) {
        char core[128], w[200] = "";
        if (!pmu_core(root, core, sizeof core, w, sizeof w))   /* say there are none at all */
            snprintf(why, whysz, "unknown PMU '%s' in counter '%s' (%s)", dev, name, w);
        else
            snprintf(why, whysz, "unknown PMU '%s' in counter '%s' (the core PMU is '%s')", dev, name, core);
        return false;
    }
    if (slash && strchr(evname, '=')) {           /* pmu/term=value,.../ */
        if (!pmu_encode(root, dev, evname, ev, why, whysz))
            return false;
        pmu_event_props(root, dev, NULL, ev);
        return true;
    }
    if (evname[0] == 'r' && evname[1] && strspn(evname + 1, "0123456789abcdefABCDEF") == strlen(evname + 1)) {
        ev->config = strtoull(evname + 1, NULL, 16);
        pmu_event_props(root, dev, NULL, ev);
        return true;
    }
    const char *aliases[4] = {evname, NULL, NULL, NULL};
    if (strcmp(evname, "cycles") == 0)
        aliases[1] = "cpu-cycles", aliases[2] = "cpu_cycles";
    else if (strcmp(evname, "instructions") == 0)
        aliases[1] = "inst_retired", aliases[2] = "instructions_retired";
    else if (strcmp(evname, "branch-misses") == 0)
        aliases[1] = "br_mis_pred";
    for (int i = 0; i < 4 && aliases[i]; i++) {
        char path[768], terms[512];
        snprintf(path, sizeof path, "%s/bus/event_source/devices/%s/events/%s", root, dev, aliases[i]);
        if (read_small(path, terms, sizeof terms)) {
            if (!pmu_encode(root, dev, terms, ev, why, whysz))
                return false;
            pmu_event_props(root, dev, aliases[i], ev);
            return true;
        }
    }
    snprintf(why, whysz, "unknown counter '%s' (not in %s/bus/event_source/devices/%s/events)", name,
             root, dev);
    return false;
}

bool pmu_task_clock(const char *root, PmuEvent *ev, char *why, size_t whysz)
{
    memset(ev, 0, sizeof *ev);
    snprintf(ev->name, sizeof ev->name, "task-clock");
#ifdef __linux__
    if (!dev_type(root, "software", &ev->type)) {
        snprintf(why, whysz, "no software PMU in %s/bus/event_source/devices", root);
        return false;
    }
    ev->config = PERF_COUNT_SW_TASK_CLOCK;
    return true;
#else
    snprintf(why, whysz, "no task-clock on this OS");
    (void)root;
    return false;
#endif
}

bool pmu_list(const char *root, char *out, size_t outsz)
{
    char dev[128], why[256];
    out[0] = 0;
    if (!pmu_core(root, dev, sizeof dev, why, sizeof why)) {
        snprintf(out, outsz, "%s\n", why);
        return false;
    }
    char path[512];
    snprintf(path, sizeof path, "%s/bus/event_source/devices/%s/events", root, dev);
    DIR *d = opendir(path);
    if (!d)
        return true;
    struct dirent *e;
    size_t len = 0;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.' && len + strlen(e->d_name) + 2 < outsz)
            len += (size_t)snprintf(out + len, outsz - len, "%s\n", e->d_name);
    closedir(d);
    return true;
}

const char *pmu_modes_name(unsigned modes)
{
    switch (modes) {
    case PMU_MODE_KERNEL: return "kernel";
    case PMU_MODE_USER | PMU_MODE_KERNEL: return "user and kernel";
    default: return "user";
    }
}

#ifdef __linux__
void pmu_perf_attr(const PmuEvent *ev, unsigned flags, struct perf_event_attr *a)
{
    memset(a, 0, sizeof *a);
    a->size = sizeof *a;
    a->type = ev->type;
    a->config = ev->config;
    a->config1 = ev->config1;
    a->config2 = ev->config2;
    if (flags & PMU_OPEN_TIMES)
        a->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    unsigned modes = ev->modes ? ev->modes : PMU_MODE_USER;
    a->exclude_user = !(modes & PMU_MODE_USER);
    a->exclude_kernel = !(modes & PMU_MODE_KERNEL);
    a->exclude_hv = 1;
    if (flags & PMU_OPEN_CHILD) {
        a->disabled = 1;
        a->enable_on_exec = 1;
        a->inherit = 1;
    }
    if (ev->system_wide)               /* every task on that CPU, from now on: no inheritance, and
                                        * enable_on_exec is a task's */
        a->disabled = a->enable_on_exec = a->inherit = 0;
}
#endif

const char *pmu_modes_hint(const PmuEvent *ev, int err)
{
    if (!ev->modes)
        return "";
    if ((err == EACCES || err == EPERM) && (ev->modes & PMU_MODE_KERNEL))
        return " (counting the kernel, -os 1, needs privilege: CAP_PERFMON, or "
               "/proc/sys/kernel/perf_event_paranoid 1 or less)";
    if (err == EINVAL && ev->modes != (PMU_MODE_USER | PMU_MODE_KERNEL))
        return " (its PMU may count every privilege level or none: try -usr 1 -os 1)";
    return "";
}

long pmu_perf_open(const PmuEvent *ev, int pid, unsigned flags)
{
#ifdef __linux__
    struct perf_event_attr a;
    pmu_perf_attr(ev, flags, &a);
    int cpu = -1;
    if (ev->system_wide)
        pid = -1, cpu = ev->cpu;
    long fd = syscall(SYS_perf_event_open, &a, pid, cpu, -1, 0);
    if (fd < 0 && errno == EINVAL && !ev->modes) {
        /* a PMU that counts all modes or none (msr/tsc/, power/), as perf stat; not when the
         * modes were asked for (-usr/-os): the error says so instead */
        a.exclude_kernel = a.exclude_hv = 0;
        fd = syscall(SYS_perf_event_open, &a, pid, cpu, -1, 0);
    }
    return fd;
#else
    (void)ev;
    (void)pid;
    (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

int pmu_open(const PmuEvent *ev, char *why, size_t whysz)
{
    long fd = pmu_perf_open(ev, 0, 0);
    if (fd < 0) {
        int e = errno;
        snprintf(why, whysz, "perf_event_open('%s') failed: %s%s", ev->name, strerror(e), pmu_modes_hint(ev, e));
        return -1;
    }
    return (int)fd;
}

bool pmu_read(int fd, uint64_t *value)
{
    return read(fd, value, sizeof *value) == (ssize_t)sizeof *value;
}

void pmu_close(int fd)
{
    if (fd >= 0)
        close(fd);
}

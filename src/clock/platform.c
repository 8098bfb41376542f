/* platform.c — the parts of the clock layer that differ between operating systems.
 *
 * Linux: sched_setaffinity / sched_getcpu, the kernel's TSC figure (kernel log via /dev/kmsg
 * when readable, /sys/devices/system/cpu/cpu0/tsc_freq_khz, /proc/cpuinfo "cpu MHz").
 * macOS: no CPU pinning (the scheduler offers none; pinning reports false), sysctl
 * machdep.tsc.frequency / hw.tbfrequency, sysctl.proc_translated for Rosetta 2.
 * Findings: a hypervisor (cpuid bit + vendor), x86 emulation on Apple silicon ("VirtualApple"
 * brand, proc_translated), user-mode emulation of AArch64 (qemu-user: /proc/cpuinfo that
 * describes another ISA or no AArch64 MIDR).
 */
#define _GNU_SOURCE
#define _DARWIN_C_SOURCE        /* MAP_ANON, sysctl & co. on macOS */
#include "clock/clock.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#endif
#ifdef __APPLE__
#include <sys/sysctl.h>
#include <sys/types.h>
#endif

int clock_ncpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

bool clock_pin(int cpu)
{
#ifdef __linux__
    cpu_set_t set;
    if (cpu < 0 || cpu >= CPU_SETSIZE)
        return false;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0;
#else
    (void)cpu;
    return false;
#endif
}

int clock_current_cpu(void)
{
#ifdef __linux__
    return sched_getcpu();
#else
    return -1;
#endif
}

void clock_os(char *buf, size_t n)
{
    struct utsname u;
    if (uname(&u) == 0)
        snprintf(buf, n, "%s %s %s", u.sysname, u.release, u.machine);
    else
        snprintf(buf, n, "unknown");
}

#ifdef __APPLE__
static double sysctl_u64(const char *name)
{
    uint64_t v = 0;
    size_t len = sizeof v;
    if (sysctlbyname(name, &v, &len, NULL, 0) != 0)
        return 0;
    return len == 4 ? (double)*(uint32_t *)&v : (double)v;
}
#endif

/* Last "tsc: Detected X MHz" / "tsc: Refined TSC clocksource calibration: X MHz" in the kernel
 * log, read from /dev/kmsg without blocking (needs root or dmesg_restrict=0). */
static double kmsg_tsc_hz(char *what, size_t n)
{
    int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
    if (fd < 0)
        return 0;
    double hz = 0;
    char rec[8192];
    for (int i = 0; i < 100000; i++) {
        ssize_t r = read(fd, rec, sizeof rec - 1);
        if (r < 0 && errno == EPIPE)
            continue;                        /* overwritten record: go on */
        if (r <= 0)
            break;
        rec[r] = 0;
        const char *keys[] = {"tsc: Detected ", "tsc: Refined TSC clocksource calibration: "};
        for (int k = 0; k < 2; k++) {
            const char *p = strstr(rec, keys[k]);
            if (!p)
                continue;
            double mhz = strtod(p + strlen(keys[k]), NULL);
            if (mhz > 0) {
                hz = mhz * 1e6;
                char *nl = strchr(p, '\n');
                if (nl)
                    *nl = 0;
                snprintf(what, n, "kernel log: %s", p);
            }
        }
    }
    close(fd);
    return hz;
}

double clock_kernel_tsc_hz(char *src, size_t n)
{
    double hz;
    if (n)
        src[0] = 0;
#ifdef __APPLE__
    if ((hz = sysctl_u64("machdep.tsc.frequency")) > 0) {
        snprintf(src, n, "sysctl machdep.tsc.frequency");
        return hz;
    }
    return 0;
#else
    if ((hz = kmsg_tsc_hz(src, n)) > 0)
        return hz;
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/tsc_freq_khz", "r");
    if (f) {
        double khz = 0;
        if (fscanf(f, "%lf", &khz) == 1 && khz > 0) {
            fclose(f);
            snprintf(src, n, "/sys/devices/system/cpu/cpu0/tsc_freq_khz");
            return khz * 1e3;
        }
        fclose(f);
    }
    Buf b;
    buf_init(&b);
    hz = 0;
    if (read_file("/proc/cpuinfo", &b)) {
        const char *p = strstr(buf_cstr(&b), "\ncpu MHz");
        if (p && (p = strchr(p, ':')) != NULL) {
            hz = strtod(p + 1, NULL) * 1e6;
            snprintf(src, n, "/proc/cpuinfo cpu MHz");
        }
    }
    buf_free(&b);
    return hz;
#endif
}

static void add(char *buf, size_t n, const char *s)
{
    size_t len = strlen(buf);
    if (len + 1 < n)
        snprintf(buf + len, n - len, "%s\n", s);
}

bool clock_emulated(char *why, size_t n)
{
    if (n)
        why[0] = 0;
#if defined(__aarch64__) && defined(__linux__)
    /* qemu-user passes the host's /proc/cpuinfo through: an x86 one, or none of the AArch64
     * fields a kernel on AArch64 always prints */
    Buf b;
    buf_init(&b);
    bool emu = false;
    if (read_file("/proc/cpuinfo", &b)) {
        const char *t = buf_cstr(&b);
        if (strstr(t, "vendor_id") || strstr(t, "GenuineIntel") || strstr(t, "AuthenticAMD")) {
            snprintf(why, n, "user-mode emulation (e.g. qemu-aarch64): /proc/cpuinfo describes an x86 host");
            emu = true;
        } else if (!strstr(t, "CPU implementer")) {
            snprintf(why, n, "probably emulated: no AArch64 MIDR in /proc/cpuinfo");
            emu = true;
        }
    }
    buf_free(&b);
    return emu;
#else
    return false;
#endif
}

void clock_findings(char *buf, size_t n)
{
    char line[256];
    buf[0] = 0;
    if (clock_have_cpuid()) {
        ClockX86 x;
        clock_x86_decode(clock_cpuid_native, NULL, &x);
        if (strstr(x.brand, "VirtualApple"))
            add(buf, n, "x86-64 emulation on Apple silicon (Rosetta 2: brand \"VirtualApple\"); "
                        "the TSC ticks at 1 GHz in 41.67 ns steps, not at the brand frequency");
        if (x.hypervisor) {
            snprintf(line, sizeof line, "running under a hypervisor ('%s'): counters and core clock "
                     "are those the guest sees", x.hv_vendor[0] ? x.hv_vendor : "unnamed");
            add(buf, n, line);
        }
    }
#ifdef __APPLE__
    int tr = 0;
    size_t len = sizeof tr;
    if (sysctlbyname("sysctl.proc_translated", &tr, &len, NULL, 0) == 0 && tr == 1)
        add(buf, n, "this process is translated by Rosetta 2 (sysctl.proc_translated = 1)");
#endif
#if defined(__aarch64__) && defined(__linux__)
    char why[160];
    if (clock_emulated(why, sizeof why)) {
        snprintf(line, sizeof line, "%s; timings do not reflect any AArch64 core", why);
        add(buf, n, line);
    }
    if (access("/sys/hypervisor/type", R_OK) == 0 || access("/proc/device-tree/hypervisor", R_OK) == 0)
        add(buf, n, "running under a hypervisor (/sys/hypervisor or device-tree node present)");
#endif
    (void)line;
}

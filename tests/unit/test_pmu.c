/* test_pmu.c — sysfs event discovery on a fake /sys tree: core PMU choice, type from the type
 * file, events/ + format/ encoding, aliases, raw rNN, pmu/event/ syntax, and the no-PMU case. */
#include "t.h"
#include "pmu/pmu.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void put(const char *root, const char *rel, const char *text)
{
    char path[512], dir[512];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    snprintf(dir, sizeof dir, "%s", path);
    for (char *s = dir + strlen(root) + 1; (s = strchr(s, '/')) != NULL; s++) {
        *s = 0;
        mkdir(dir, 0755);
        *s = '/';
    }
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static void rm_tree(const char *root)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    if (system(cmd) != 0)
        fprintf(stderr, "cannot remove %s\n", root);
}

TEST(test_pmu_fake_sysfs_x86)
{
    char root[] = "/tmp/uarch-pmu-XXXXXX";
    if (!mkdtemp(root)) {
        CHECK(!"mkdtemp");
        return;
    }
    put(root, "bus/event_source/devices/software/type", "1\n");
    put(root, "bus/event_source/devices/cpu/type", "4\n");
    put(root, "bus/event_source/devices/cpu/cpus", "0-1\n");
    put(root, "bus/event_source/devices/cpu/format/event", "config:0-7\n");
    put(root, "bus/event_source/devices/cpu/format/umask", "config:8-15\n");
    put(root, "bus/event_source/devices/cpu/format/cmask", "config:24-31\n");
    put(root, "bus/event_source/devices/cpu/format/edge", "config:18\n");
    put(root, "bus/event_source/devices/cpu/format/inv", "config:23\n");
    put(root, "bus/event_source/devices/cpu/format/ldlat", "config1:0-15\n");
    put(root, "bus/event_source/devices/cpu/format/split", "config:0-3,32-35\n");
    put(root, "bus/event_source/devices/cpu/events/cpu-cycles", "event=0x3c\n");
    put(root, "bus/event_source/devices/cpu/events/instructions", "event=0xc0\n");
    put(root, "bus/event_source/devices/cpu/events/mem-loads", "event=0xcd,umask=0x1,ldlat=3\n");
    put(root, "bus/event_source/devices/msr/type", "9\n");
    put(root, "bus/event_source/devices/msr/format/event", "config:0-63\n");
    put(root, "bus/event_source/devices/msr/events/tsc", "event=0x00\n");
    /* RAPL's power PMU as an Emerald Rapids KVM guest shows it: a cpumask (system-wide), a scale
     * and a unit */
    put(root, "bus/event_source/devices/power/type", "10\n");
    put(root, "bus/event_source/devices/power/cpumask", "0\n");
    put(root, "bus/event_source/devices/power/format/event", "config:0-7\n");
    put(root, "bus/event_source/devices/power/events/energy-psys", "event=0x05\n");
    put(root, "bus/event_source/devices/power/events/energy-psys.scale", "2.3283064365386962890625e-10\n");
    put(root, "bus/event_source/devices/power/events/energy-psys.unit", "Joules\n");

    char dev[64], why[256];
    CHECK(pmu_core(root, dev, sizeof dev, why, sizeof why));
    CHECK_STR(dev, "cpu");
    PmuEvent ev;
    CHECK(pmu_resolve(root, "cycles", &ev, why, sizeof why));
    CHECK_INT(ev.type, 4);
    CHECK_INT(ev.config, 0x3c);
    CHECK(pmu_resolve(root, "instructions", &ev, why, sizeof why));
    CHECK_INT(ev.config, 0xc0);
    CHECK(pmu_resolve(root, "mem-loads", &ev, why, sizeof why));
    CHECK_INT(ev.config, 0x1cd);
    CHECK_INT(ev.config1, 3);
    CHECK(pmu_resolve(root, "r01c2", &ev, why, sizeof why));
    CHECK_INT(ev.type, 4);
    CHECK_INT(ev.config, 0x1c2);
    CHECK(pmu_resolve(root, "msr/tsc/", &ev, why, sizeof why));
    CHECK_INT(ev.type, 9);
    CHECK_INT(ev.config, 0);
    CHECK(!ev.system_wide && ev.scale == 0 && !ev.unit[0]);
    CHECK(pmu_resolve(root, "power/energy-psys/", &ev, why, sizeof why));
    CHECK_INT(ev.type, 10);
    CHECK_INT(ev.config, 5);
    CHECK(ev.system_wide);
    CHECK_INT(ev.cpu, 0);
    CHECK(ev.scale == 0x1p-32);
    CHECK_STR(ev.unit, "Joules");
    CHECK(pmu_resolve(root, "power/event=0x2/", &ev, why, sizeof why));
    CHECK(ev.system_wide && ev.scale == 0 && !ev.unit[0]);
    CHECK(pmu_resolve(root, "cycles", &ev, why, sizeof why));
    CHECK(!ev.system_wide);
    CHECK(pmu_resolve(root, "msr/tsc/", &ev, why, sizeof why));
    CHECK(pmu_encode(root, "cpu", "split=0xff", &ev, why, sizeof why));
    CHECK_INT(ev.config, 0xf0000000full);
    CHECK(!pmu_resolve(root, "frobs", &ev, why, sizeof why));
    CHECK(strstr(why, "unknown counter 'frobs'") != NULL);
    CHECK(!pmu_resolve(root, "nopmu/x/", &ev, why, sizeof why));
    CHECK_STR(why, "unknown PMU 'nopmu' in counter 'nopmu/x/' (the core PMU is 'cpu')");
    /* pmu/term=value,.../ (perf stat's spelling; what -config files turn into), flags = 1 */
    CHECK(pmu_resolve(root, "cpu/event=0xd1,umask=0x1,cmask=0x2,edge,inv=1/", &ev, why, sizeof why));
    CHECK_INT(ev.type, 4);
    CHECK_INT(ev.config, 0x028401d1ull);
    CHECK(!pmu_resolve(root, "cpu/event=0x1d1/", &ev, why, sizeof why));
    CHECK_STR(why, "value 0x1d1 does not fit the term 'event' of cpu (config:0-7)");
    CHECK(!pmu_resolve(root, "cpu/event=zz/", &ev, why, sizeof why));
    CHECK_STR(why, "bad value 'zz' for the term 'event' of cpu (want a number)");
    CHECK(!pmu_resolve(root, "cpu/event=-1/", &ev, why, sizeof why));
    CHECK(!pmu_encode(root, "cpu", "bogus=1", &ev, why, sizeof why));
    CHECK_STR(why, "event term 'bogus' has no format in cpu");
    char list[512];
    CHECK(pmu_list(root, list, sizeof list));
    CHECK(strstr(list, "instructions\n") != NULL);
    rm_tree(root);
}

TEST(test_pmu_fake_sysfs_arm_and_none)
{
    char root[] = "/tmp/uarch-pmu-XXXXXX";
    if (!mkdtemp(root)) {
        CHECK(!"mkdtemp");
        return;
    }
    put(root, "bus/event_source/devices/armv8_pmuv3_0/type", "8\n");
    put(root, "bus/event_source/devices/armv8_pmuv3_0/format/event", "config:0-15\n");
    put(root, "bus/event_source/devices/armv8_pmuv3_0/events/cpu_cycles", "event=0x0011\n");
    put(root, "bus/event_source/devices/armv8_pmuv3_0/events/inst_retired", "event=0x0008\n");
    PmuEvent ev;
    char why[256];
    CHECK(pmu_resolve(root, "cycles", &ev, why, sizeof why));
    CHECK_INT(ev.type, 8);
    CHECK_INT(ev.config, 0x11);
    CHECK(pmu_resolve(root, "instructions", &ev, why, sizeof why));
    CHECK_INT(ev.config, 0x8);
    rm_tree(root);

    /* this VM's tree: software/tracepoint/... but no core PMU */
    char root2[] = "/tmp/uarch-pmu-XXXXXX";
    if (!mkdtemp(root2)) {
        CHECK(!"mkdtemp");
        return;
    }
    put(root2, "bus/event_source/devices/software/type", "1\n");
    put(root2, "bus/event_source/devices/breakpoint/type", "5\n");
    char dev[64];
    CHECK(!pmu_core(root2, dev, sizeof dev, why, sizeof why));
    CHECK(strstr(why, "no hardware counters: no core PMU in") != NULL);
    CHECK(!pmu_resolve(root2, "instructions", &ev, why, sizeof why));
    CHECK(strstr(why, "counter 'instructions' unavailable: no hardware counters") != NULL);
    CHECK(!pmu_resolve(root2, "cpu/event=0x3c,umask=0x0/", &ev, why, sizeof why));
    CHECK(strstr(why, "unknown PMU 'cpu' in counter 'cpu/event=0x3c,umask=0x0/' (no hardware counters: no core "
                      "PMU in") != NULL);
    rm_tree(root2);
}

#ifdef __linux__
#include <linux/perf_event.h>
#endif

/* -usr / -os: the modes of an event become perf_event_attr's exclude_user / exclude_kernel; not
 * asked (0) is user space only; the hint names the privilege -os needs */
TEST(test_pmu_perf_attr_modes)
{
#ifdef __linux__
    PmuEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.type = PERF_TYPE_SOFTWARE;
    ev.config = PERF_COUNT_SW_PAGE_FAULTS;
    struct perf_event_attr a;
    struct { unsigned modes; int xu, xk; } m[] = {
        {0, 0, 1}, {PMU_MODE_USER, 0, 1}, {PMU_MODE_KERNEL, 1, 0}, {PMU_MODE_USER | PMU_MODE_KERNEL, 0, 0},
    };
    for (size_t i = 0; i < ARRAY_LEN(m); i++) {
        ev.modes = m[i].modes;
        pmu_perf_attr(&ev, 0, &a);
        CHECK_INT(a.exclude_user, m[i].xu);
        CHECK_INT(a.exclude_kernel, m[i].xk);
        CHECK_INT(a.exclude_hv, 1);
        CHECK_INT(a.type, PERF_TYPE_SOFTWARE);
        CHECK_INT(a.config, PERF_COUNT_SW_PAGE_FAULTS);
        CHECK_INT(a.size, sizeof a);
        CHECK_INT(a.disabled, 0);
    }
    ev.modes = PMU_MODE_KERNEL;
    pmu_perf_attr(&ev, PMU_OPEN_CHILD | PMU_OPEN_TIMES, &a);
    CHECK_INT(a.exclude_user, 1);
    CHECK(a.disabled && a.enable_on_exec && a.inherit);
    CHECK(a.read_format == (PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING));
    ev.system_wide = true;
    pmu_perf_attr(&ev, PMU_OPEN_CHILD, &a);
    CHECK(!a.disabled && !a.enable_on_exec && !a.inherit);
#endif
    CHECK_STR(pmu_modes_name(0), "user");
    CHECK_STR(pmu_modes_name(PMU_MODE_KERNEL), "kernel");
    CHECK_STR(pmu_modes_name(PMU_MODE_USER | PMU_MODE_KERNEL), "user and kernel");
    PmuEvent e;
    memset(&e, 0, sizeof e);
    CHECK_STR(pmu_modes_hint(&e, EACCES), "");                   /* not asked: nothing to say */
    e.modes = PMU_MODE_USER | PMU_MODE_KERNEL;
    CHECK(strstr(pmu_modes_hint(&e, EACCES), "-os 1, needs privilege") != NULL);
    CHECK_STR(pmu_modes_hint(&e, EINVAL), "");
    e.modes = PMU_MODE_KERNEL;
    CHECK(strstr(pmu_modes_hint(&e, EINVAL), "try -usr 1 -os 1") != NULL);
}

/* pmu.h — hardware counters.  Backends: perf.c (Linux perf_event_open).  An Apple PMU backend
 * (kperf) can slot in behind the same functions.
 *
 * Event names resolve through sysfs, never hard-coded PMU types: the core PMU is the device in
 * <root>/bus/event_source/devices/ named cpu, cpu_core, cpu_atom, armv8_*, armv9_*, apple_* (or
 * any with a "cpus" file and an events/ dir); its `type` file gives perf_event_attr.type, its
 * events/<name> files ("event=0x3c,umask=0x00") and format/<field> files ("config:0-7") give
 * the config bits.  Names: "cycles", "instructions" (aliases of the usual sysfs spellings), any
 * events/<name> of the core PMU, "pmu/event/" for another device, "rNNNN" (raw hex config).
 * <root> is "/sys" normally; tests point it at a fake tree.
 */
#ifndef PMU_H
#define PMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct PmuEvent {
    char name[48];
    uint32_t type;
    uint64_t config, config1, config2;
} PmuEvent;

/* Name of the core PMU device under root ("cpu", "armv8_pmuv3_0", ...); false when none, with
 * the reason in why. */
bool pmu_core(const char *root, char *dev, size_t devsz, char *why, size_t whysz);
/* Resolve a counter name to a perf event; false with a message ("unknown counter 'x'"). */
bool pmu_resolve(const char *root, const char *name, PmuEvent *ev, char *why, size_t whysz);
/* Encode "event=0x3c,umask=0x1" with a device's format dir into config words. */
bool pmu_encode(const char *root, const char *dev, const char *terms, PmuEvent *ev, char *why,
                size_t whysz);

/* The software task-clock event (ns the thread spent on a CPU; no PMU needed): type from
 * <root>/bus/event_source/devices/software/type, config PERF_COUNT_SW_TASK_CLOCK (kernel ABI). */
bool pmu_task_clock(const char *root, PmuEvent *ev, char *why, size_t whysz);

/* Open a counting event for this thread (user space only), enabled.  -1 with why on failure. */
int pmu_open(const PmuEvent *ev, char *why, size_t whysz);
bool pmu_read(int fd, uint64_t *value);
void pmu_close(int fd);

/* List the events of the core PMU (one name per line into out), false when no core PMU. */
bool pmu_list(const char *root, char *out, size_t outsz);

#endif

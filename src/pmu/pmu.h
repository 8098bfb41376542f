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

#include "model/model.h"
#include "util/util.h"

typedef struct PmuEvent {
    char name[48];
    uint32_t type;
    uint64_t config, config1, config2;
    /* a PMU whose sysfs entry has a cpumask (RAPL's power/, uncore PMUs) counts the whole
     * machine, not a task: perf opens it on the first CPU of the mask, and so does uarch */
    bool system_wide;
    int cpu;                       /* system_wide: the CPU it is opened on */
    double scale;                  /* sysfs events/<name>.scale: a count is value x scale (0: 1) */
    char unit[16];                 /* sysfs events/<name>.unit ("Joules"; "": a count) */
    unsigned modes;                /* the privilege levels counted, PMU_MODE_*; 0: not asked, user
                                    * space only (and, for a PMU that counts every mode only,
                                    * msr/tsc/, every mode, as perf stat) */
} PmuEvent;

/* Privilege levels a counter counts at (nanoBench's -usr and -os): perf_event_attr's exclude_user
 * is set when PMU_MODE_USER is not, exclude_kernel when PMU_MODE_KERNEL is not (exclude_hv always). */
enum { PMU_MODE_USER = 1, PMU_MODE_KERNEL = 2 };
/* "user", "kernel", "user and kernel" (modes 0: "user") */
const char *pmu_modes_name(unsigned modes);

/* Name of the core PMU device under root ("cpu", "armv8_pmuv3_0", ...); false when none, with
 * the reason in why. */
bool pmu_core(const char *root, char *dev, size_t devsz, char *why, size_t whysz);
/* Resolve a counter name to a perf event; false with a message ("unknown counter 'x'"). */
bool pmu_resolve(const char *root, const char *name, PmuEvent *ev, char *why, size_t whysz);
/* What sysfs says of an event of PMU dev beyond its encoding: system-wide (a cpumask) and, for
 * a named event (evname not NULL), its scale and unit. */
void pmu_event_props(const char *root, const char *dev, const char *evname, PmuEvent *ev);
/* Encode "event=0x3c,umask=0x1" with a device's format dir into config words. */
bool pmu_encode(const char *root, const char *dev, const char *terms, PmuEvent *ev, char *why,
                size_t whysz);

/* The software task-clock event (ns the thread spent on a CPU; no PMU needed): type from
 * <root>/bus/event_source/devices/software/type, config PERF_COUNT_SW_TASK_CLOCK (kernel ABI). */
bool pmu_task_clock(const char *root, PmuEvent *ev, char *why, size_t whysz);

/* perf_event_open of one event for pid (0: this thread), user space only unless the PMU counts
 * every mode only (msr/tsc/, retried as perf stat does); -1 with errno on failure.
 * PMU_OPEN_TIMES: reads return {value, time_enabled, time_running}; PMU_OPEN_CHILD: disabled
 * until the child's exec, inherited by its threads. */
enum { PMU_OPEN_TIMES = 1, PMU_OPEN_CHILD = 2 };
long pmu_perf_open(const PmuEvent *ev, int pid, unsigned flags);
/* The attributes pmu_perf_open first tries (Linux; exposed for tests). */
struct perf_event_attr;
void pmu_perf_attr(const PmuEvent *ev, unsigned flags, struct perf_event_attr *a);
/* Why perf_event_open may have refused ev with errno err, when its modes are the reason (kernel
 * counting unprivileged, a PMU that cannot leave a mode out): a clause for a message, or "". */
const char *pmu_modes_hint(const PmuEvent *ev, int err);
/* Open a counting event for this thread (user space only), enabled.  -1 with why on failure. */
int pmu_open(const PmuEvent *ev, char *why, size_t whysz);
bool pmu_read(int fd, uint64_t *value);
void pmu_close(int fd);

/* List the events of the core PMU (one name per line into out), false when no core PMU. */
bool pmu_list(const char *root, char *out, size_t outsz);

/* ==== the backend interface of `uarch pmu` (and `uarch bench -counters`) =====================
 *
 *   perf  (perf.c, perf_list.c)  Linux perf_event_open: the core PMU(s) and every device of sysfs
 *                                (hardware, raw rNNN, pmu/term=v,.../, msr/tsc/, ...) and the
 *                                software PMU (page-faults, task-clock, ...); multiplexing is
 *                                read back (time_enabled vs time_running) and reported
 *   apple (apple.c)              Apple M1 PMU by EL0 mrs/msr of PMCR0/1, PMESR0/1, PMC0-9; needs
 *                                the kernel module of kmod/ (else SIGILL, caught and explained)
 *   sim   (sim.c)                a virtual M1 PMU on the `uarch mca` simulator: counts what the
 *                                simulator models, keyed by M1 event ids, optionally relabelled
 *
 * A backend counts either the calling thread / a child (open, read, close: perf and apple) or an
 * AArch64 snippet it simulates (simulate: sim).  stat.c counts commands and snippets with any of
 * them, rotating events over repeated runs when there are more than the backend's counters;
 * scan.c is the event discovery of seed 001 (probes of a test and a control kernel). */

#define PMU_MAX_EVENTS 512         /* events in one stat or scan */

typedef struct PmuEventInfo {
    char name[64];                 /* "page-faults", "inst_all", "msr/tsc/", "0x8c" */
    uint64_t code;                 /* hardware id (apple, sim) or the perf config */
    bool hw;                       /* code printed as 0x.. (hardware id) */
    char encoding[96];             /* "type=1,config=0x2" / "PMESR 0x8c" */
    char desc[128];
    uint32_t slots;                /* bit k: counter slot k can count it; 0: the kernel schedules */
    PmuEvent perf;                 /* perf backend: the perf_event_attr fields */
    char cpus[64];                 /* perf: the PMU counts only on these CPUs ("4-7"; "" = all) */
} PmuEventInfo;

typedef struct PmuValue {
    uint64_t value;                /* the count (perf: scaled when multiplexed) */
    uint64_t raw;                  /* the count as read */
    uint64_t enabled, running;     /* ns the event was enabled / on a counter (perf); running <
                                      enabled: multiplexed */
} PmuValue;

typedef struct PmuSet PmuSet;      /* counters opened by a backend */

typedef struct PmuBackend {
    const char *name;
    const char *summary;
    /* usable on this machine; false with the reason */
    bool (*available)(char *why, size_t whysz);
    /* counters live at once; 0: no fixed limit (the kernel multiplexes) */
    int (*ncounters)(void);
    /* the events it offers (xmalloc'd array, count returned; -1 with why) */
    int (*list)(PmuEventInfo **out, char *why, size_t whysz);
    /* a name, an alias or a code ("0x8c", "r1a", "msr/tsc/") -> event; false with why */
    bool (*resolve)(const char *name, PmuEventInfo *ev, char *why, size_t whysz);
    /* counting hardware: open n events (n <= ncounters when it is not 0) for pid (0: the calling
     * thread; > 0: a stopped child, counters inherited by its children and enabled at its exec),
     * read them (running), close.  NULL for sim. */
    PmuSet *(*open)(const PmuEventInfo *ev, int n, int pid, char *why, size_t whysz);
    bool (*read)(PmuSet *s, PmuValue *v);
    void (*close)(PmuSet *s);
    /* simulating: count n events over iters[l] iterations of an AArch64 block, for each of the
     * nlens lengths: v[l * n + i] (the block parsed once for them all).  NULL for others. */
    bool (*simulate)(const char *file, const char *text, const long *iters, int nlens, const PmuEventInfo *ev,
                     int n, PmuValue *v, Diag *err);
} PmuBackend;

/* an event's id as output: "0x8c" for hardware ids, the config number ("2") for others */
void pmu_event_code(const PmuEventInfo *e, char *out, size_t n);
/* the same as a JSON member: "0x8c" (a string) for hardware ids, the config number (a number) for
 * others */
void pmu_event_json(Json *j, const char *key, const PmuEventInfo *e);

extern const PmuBackend pmu_backend_perf, pmu_backend_apple, pmu_backend_sim;
extern const PmuBackend *const pmu_backends[];
extern const int pmu_backends_count;
const PmuBackend *pmu_backend_find(const char *name);      /* NULL when unknown */
/* "perf" where perf_event_open works, else "sim" */
const PmuBackend *pmu_backend_default(void);
/* resolve a comma list of names; false with "unknown event 'x' for backend 'b': why" */
int pmu_resolve_list(const PmuBackend *b, const char *list, PmuEventInfo *ev, int max, char *why,
                     size_t whysz);

/* Counters named across backends, opened together on the calling thread (multi.c; `uarch bench
 * -counters`): "EVENT" or "perf:EVENT" (perf backend), "apple:EVENT" (Apple M1 PMU, one set),
 * counting at the privilege levels `modes` (PMU_MODE_*, 0: user space; the apple backend counts
 * at EL0 only and refuses others).  NULL with "counter 'x' unavailable: why". */
#define PMU_MULTI_MAX 16
typedef struct PmuMulti PmuMulti;
PmuMulti *pmu_multi_open(const char *const *names, int n, unsigned modes, char *why, size_t whysz);
bool pmu_multi_read(PmuMulti *m, uint64_t *vals);   /* raw counts, in the order of names */
void pmu_multi_close(PmuMulti *m);

/* libpfm4 names for the perf backend (pfm.c; real only when the build found libpfm4):
 * status: "libpfm4 4.13: 1 core PMU known here" / "libpfm4 not built in ..." (false: no
 * core PMU through it); resolve: a libpfm4 event string -> perf config; names: the events of
 * the core PMUs it knows on this machine ("pmu::EVENT"), at most max. */
bool pmu_pfm_status(char *out, size_t n);
bool pmu_pfm_resolve(const char *name, PmuEvent *pe, char *desc, size_t descsz, char *why, size_t whysz);
int pmu_pfm_names(char (*names)[64], int max);

/* The Apple M1 event table (generated from src/pmu/m1-events.tsv) */
typedef struct PmuM1Event { uint32_t id; const char *name_applecpu, *name_seed; } PmuM1Event;
extern const PmuM1Event pmu_m1_events[];
extern const int pmu_m1_events_count;
/* fill ev for an M1 id (name from the table, "event_0xNN" when unnamed) */
void pmu_m1_event(uint32_t id, PmuEventInfo *ev);
/* M1 event by name (either spelling, '_' or ' ') or by "0xNN" (0..0xff); false with why */
bool pmu_m1_resolve(const char *name, PmuEventInfo *ev, char *why, size_t whysz);

/* The sim backend's setup: the model (NULL: firestorm) and the relabelling (permute: ids shown
 * are perm[real id], a permutation of 0..255 drawn from seed). */
void pmu_sim_setup(const ModelCpu *cpu, bool permute, uint64_t seed);
const ModelCpu *pmu_sim_cpu(void);
bool pmu_sim_permuted(void);
uint32_t pmu_sim_label(uint32_t real_id);                    /* shown id of a real one */
/* the real ids the simulator counts (n written, at most max) */
int pmu_sim_modelled(uint32_t *ids, int max);

/* ---- counting commands and snippets (stat.c) ---- */
typedef struct PmuStatEvent {
    PmuEventInfo ev;
    PmuValue v;                    /* command: total; snippet: per iteration in value_per_iter */
    double per_iter;               /* snippet: (long - short) / iterations difference */
    int run;                       /* which run counted it (rotation), 1-based */
    bool counted;
} PmuStatEvent;

typedef struct PmuStatResult {
    const char *backend;
    int nevents, runs;             /* runs > 1: events rotated over repeated runs */
    int ncounters;
    PmuStatEvent ev[PMU_MAX_EVENTS];
    int exit_status;               /* command: its exit status (or 128 + signal) */
    char note[256];                /* e.g. how the apple backend counted a command */
} PmuStatResult;

/* Count argv (argv[0] looked up in PATH) with events ev[0..n); false with why (command not
 * found, counters unavailable).  The command's own failure is in exit_status. */
bool pmu_stat_command(const PmuBackend *b, const PmuEventInfo *ev, int n, char **argv,
                      PmuStatResult *r, char *why, size_t whysz);
/* Count an assembly snippet (bench syntax; AArch64 for sim) per iteration: two lengths,
 * differenced.  false with err (located for assembler errors, or a crash report). */
bool pmu_stat_asm(const PmuBackend *b, const PmuEventInfo *ev, int n, const char *body,
                  const char *body_file, const char *init, PmuStatResult *r, Diag *err);
void pmu_stat_print(Buf *out, const PmuStatResult *r, bool asm_mode);
void pmu_stat_json(Json *j, const PmuStatResult *r, bool asm_mode);

/* Pack events into runs that fit the backend's counter slots: group[i] = run of event i (from
 * 0); returns the number of runs.  `limit` > 0 caps the events per run (backends without a
 * fixed number of counters). */
int pmu_pack(const PmuBackend *b, const PmuEventInfo *ev, int n, int limit, int *group);

/* Measure events over several lengths of an asm kernel (scan.c and stat.c): vals[len][event]. */
typedef struct PmuKernel {
    const char *name;              /* for messages */
    const char *body, *init;       /* AArch64 (bench syntax) */
    void (*native)(long n);        /* or a C routine, run with the length (software probes) */
    /* a kernel of a -probe-file: the body is on line `line` of the file `name`, from column
     * `col` of that line `src` (an error in the body is reported there); line 0: none */
    int line, col;
    const char *src;
} PmuKernel;
bool pmu_measure(const PmuBackend *b, const PmuKernel *k, const long *lens, int nlens,
                 const PmuEventInfo *ev, int n, double *vals, Diag *err);

/* ---- event discovery (scan.c) ---- */
typedef struct PmuProbe {
    const char *name;
    const char *desc;
    PmuKernel test, control;
    double expected;               /* test - control per iteration */
    bool software;                 /* native kernels (run on the perf backend) */
} PmuProbe;
extern const PmuProbe pmu_probes[];
extern const int pmu_probes_count;

typedef struct PmuFinding {
    PmuEventInfo ev;
    double slope;                  /* fitted test - control per iteration */
    double control_slope;          /* the control's own slope */
    double score;                  /* 0..1 */
} PmuFinding;

typedef struct PmuProbeResult {
    const PmuProbe *probe;
    char skipped[160];             /* non-empty: not run, why */
    int nfound, nnear;
    PmuFinding found[16], near[16];
} PmuProbeResult;

typedef struct PmuScan {
    const PmuBackend *backend;
    bool permuted;                 /* sim: -sim-permute given */
    uint64_t seed;
    int nprobes;
    PmuProbeResult *res;
    PmuProbe *user;                /* probes from -probe-file (owned) */
    int nuser;
    Buf user_text;
    int nsystem, nsystem_named;    /* events left out: system-wide ones (they count every task) */
    char system_names[160];        /* the first nsystem_named of them, for the report */
    Diag err;                      /* pmu_scan_run's error in a -probe-file kernel (line > 0:
                                      located in that file; else the message is in `why`) */
} PmuScan;

/* Read probes from a file: blocks "probe NAME EXPECTED" / "test:" / "control:" lines; false with
 * a located error. */
bool pmu_probe_file(const char *path, PmuScan *s, Diag *err);
/* Run the probes named (NULL: all that fit the backend) over the events [lo, hi] (hardware ids;
 * lo > hi: all events of the backend). */
bool pmu_scan_run(PmuScan *s, const char *probe_names, long lo, long hi, char *why, size_t whysz);
void pmu_scan_print(Buf *out, const PmuScan *s);
void pmu_scan_json(Json *j, const PmuScan *s);
void pmu_scan_free(PmuScan *s);

#endif

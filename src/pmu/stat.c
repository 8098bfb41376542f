/* stat.c — `uarch pmu stat`: count a command (perf stat's way: a forked child, counters opened on
 * it before its exec, inherited by its children) or an assembly snippet (per iteration: two
 * lengths differenced, see measure.c), with any backend.
 *
 * More events than the backend's counters: the events are packed into groups that fit the
 * counter slots each can use, and the command or snippet is run once per group; the output
 * says so and names the run of each event.  perf has no fixed limit: the kernel multiplexes,
 * and what it did is read back (running < enabled) and reported beside the scaled value. */
#define _GNU_SOURCE
#include "pmu/pmu.h"
#include "util/opt.h"
#include "clock/clock.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int pmu_pack(const PmuBackend *b, const PmuEventInfo *ev, int n, int limit, int *group)
{
    int nc = b->ncounters();
    if (nc <= 0) {
        for (int i = 0; i < n; i++)
            group[i] = limit > 0 ? i / limit : 0;
        return n ? (limit > 0 ? (n + limit - 1) / limit : 1) : 0;
    }
    int runs = 0;
    uint32_t used[PMU_MAX_EVENTS] = {0};
    for (int i = 0; i < n; i++) {
        uint32_t slots = ev[i].slots ? ev[i].slots : (nc >= 32 ? 0xffffffffu : (1u << nc) - 1);
        int g = 0;
        for (;; g++) {
            if (g == runs)
                used[runs++] = 0;
            uint32_t free_ = slots & ~used[g];
            if (free_) {
                used[g] |= free_ & -free_;
                break;
            }
        }
        group[i] = g;
    }
    return runs;
}

/* a sysfs CPU list ("4-7,9") into a CPU set: any CPU in it */
static void set_cpu(int cpu, void *ctx)
{
    if (cpu < CPU_SETSIZE)
        CPU_SET(cpu, (cpu_set_t *)ctx);
}

static bool cpu_list(const char *s, cpu_set_t *set)
{
    CPU_ZERO(set);
    opt_cpu_list(s, set_cpu, set);
    return CPU_COUNT(set) > 0;
}

static bool run_command(const PmuBackend *b, const PmuEventInfo *ev, int n, char **argv, PmuValue *v,
                        int *status, const char *pin, char *why, size_t whysz)
{
    int go[2], fail[2];
    if (pipe(go) != 0 || pipe2(fail, O_CLOEXEC) != 0) {
        snprintf(why, whysz, "pipe: %s", strerror(errno));
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, whysz, "fork: %s", strerror(errno));
        return false;
    }
    if (pid == 0) {
        close(go[1]);
        close(fail[0]);
        cpu_set_t set;
        if (pin && cpu_list(pin, &set))
            sched_setaffinity(0, sizeof set, &set);
        char c;
        if (read(go[0], &c, 1) != 1)
            _exit(126);
        execvp(argv[0], argv);
        int e = errno;
        if (write(fail[1], &e, sizeof e) < 0)
            _exit(127);
        _exit(127);
    }
    close(go[0]);
    close(fail[1]);
    PmuSet *s = b->open(ev, n, pid, why, whysz);
    if (!s) {
        close(go[1]);
        close(fail[0]);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        return false;
    }
    if (write(go[1], "g", 1) != 1) {
        snprintf(why, whysz, "cannot start the command: %s", strerror(errno));
        b->close(s);
        return false;
    }
    close(go[1]);
    int e = 0;
    ssize_t got = read(fail[0], &e, sizeof e);
    close(fail[0]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (got == (ssize_t)sizeof e) {
        b->close(s);
        if (e == ENOENT)
            snprintf(why, whysz, "command not found: '%s'", argv[0]);
        else
            snprintf(why, whysz, "cannot run '%s': %s", argv[0], strerror(e));
        return false;
    }
    bool ok = b->read(s, v);
    b->close(s);
    if (!ok) {
        snprintf(why, whysz, "cannot read the counters");
        return false;
    }
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    return true;
}

bool pmu_stat_command(const PmuBackend *b, const PmuEventInfo *ev, int n, char **argv,
                      PmuStatResult *r, char *why, size_t whysz)
{
    memset(r, 0, sizeof *r);
    r->backend = b->name;
    if (!b->open) {
        snprintf(why, whysz, "the %s backend counts assembly snippets (-asm), not commands", b->name);
        return false;
    }
    char w[300];
    if (!b->available(w, sizeof w)) {
        snprintf(why, whysz, "%s", w);
        return false;
    }
    int group[PMU_MAX_EVENTS];
    r->nevents = n;
    r->runs = pmu_pack(b, ev, n, 0, group);
    r->ncounters = b->ncounters();
    const char *pin = NULL;
    char here[16];
    for (int i = 0; i < n && !pin; i++)
        if (ev[i].cpus[0]) {
            pin = ev[i].cpus;
            snprintf(r->note, sizeof r->note, "'%s' counts only on CPUs %s: the command was pinned there",
                     ev[i].name, pin);
        }
    if (b->open == pmu_backend_apple.open) {   /* per-core counters: the parent pins too */
        int cpu = clock_current_cpu();
        snprintf(here, sizeof here, "%d", cpu < 0 ? 0 : cpu);
        pin = here;
        clock_pin(atoi(here));
        snprintf(r->note, sizeof r->note, "the Apple PMU counts per core: the command was pinned to CPU %s "
                 "and everything run at EL0 there was counted", here);
    }
    for (int g = 0; g < r->runs; g++) {
        PmuEventInfo sub[PMU_MAX_EVENTS];
        PmuValue v[PMU_MAX_EVENTS];
        int idx[PMU_MAX_EVENTS], k = 0;
        for (int i = 0; i < n; i++)
            if (group[i] == g)
                sub[k] = ev[i], idx[k++] = i;
        int st;
        if (!run_command(b, sub, k, argv, v, &st, pin, why, whysz))
            return false;
        r->exit_status = st;
        for (int j = 0; j < k; j++) {
            PmuStatEvent *e = &r->ev[idx[j]];
            e->ev = sub[j];
            e->v = v[j];
            e->run = g + 1;
            e->counted = true;
        }
    }
    return true;
}

bool pmu_stat_asm(const PmuBackend *b, const PmuEventInfo *ev, int n, const char *body,
                  const char *body_file, const char *init, PmuStatResult *r, Diag *err)
{
    memset(r, 0, sizeof *r);
    r->backend = b->name;
    char w[300];
    if (!b->available(w, sizeof w)) {
        diag_set(err, "", 0, 0, NULL, "%s", w);
        return false;
    }
    int group[PMU_MAX_EVENTS];
    r->nevents = n;
    r->runs = pmu_pack(b, ev, n, 0, group);
    r->ncounters = b->ncounters();
    PmuKernel k = {.name = body_file, .body = body, .init = init};
    const long lens[2] = {1000, 2000};
    for (int g = 0; g < r->runs; g++) {
        PmuEventInfo sub[PMU_MAX_EVENTS];
        int idx[PMU_MAX_EVENTS], m = 0;
        for (int i = 0; i < n; i++)
            if (group[i] == g)
                sub[m] = ev[i], idx[m++] = i;
        double vals[2 * PMU_MAX_EVENTS];
        if (!pmu_measure(b, &k, lens, 2, sub, m, vals, err))
            return false;
        for (int j = 0; j < m; j++) {
            PmuStatEvent *e = &r->ev[idx[j]];
            e->ev = sub[j];
            e->per_iter = (vals[m + j] - vals[j]) / (double)(lens[1] - lens[0]);
            e->run = g + 1;
            e->counted = true;
        }
    }
    return true;
}

static bool multiplexed(const PmuValue *v)
{
    return v->running && v->running < v->enabled;
}

void pmu_stat_print(Buf *out, const PmuStatResult *r, bool asm_mode)
{
    buf_printf(out, "backend: %s\n", r->backend);
    for (int i = 0; i < r->nevents; i++) {
        const PmuStatEvent *e = &r->ev[i];
        char code[32];
        pmu_event_code(&e->ev, code, sizeof code);
        double sc = e->ev.perf.scale;
        if (sc > 0)                    /* sysfs gives a scale (RAPL: 2^-32 J a count): the value is shown scaled */
            buf_printf(out, "%16.6g  %-28s %s  [%s, a count = %g%s%s]", (asm_mode ? e->per_iter : (double)e->v.value) * sc,
                       e->ev.name, code, e->ev.perf.unit[0] ? e->ev.perf.unit : "scaled", sc,
                       e->ev.perf.unit[0] ? " " : "", e->ev.perf.unit);
        else if (asm_mode)
            buf_printf(out, "%16.3f  %-28s %s", e->per_iter, e->ev.name, code);
        else
            buf_printf(out, "%16llu  %-28s %s", (unsigned long long)e->v.value, e->ev.name, code);
        if (sc <= 0 && e->ev.perf.unit[0])
            buf_printf(out, "  [%s]", e->ev.perf.unit);
        if (e->ev.perf.system_wide)
            buf_printf(out, "  [system-wide: every task on cpu%d, not the %s alone]", e->ev.perf.cpu,
                       asm_mode ? "snippet" : "command");
        if (r->runs > 1)
            buf_printf(out, "  (run %d)", e->run);
        if (!asm_mode && multiplexed(&e->v))
            buf_printf(out, "  [multiplexed: on a counter %.1f %% of the time, scaled from %llu]",
                       100.0 * (double)e->v.running / (double)e->v.enabled, (unsigned long long)e->v.raw);
        else if (!asm_mode && e->v.enabled && !e->v.running)
            buf_printf(out, "  [never on a counter: not counted]");
        buf_putc(out, '\n');
    }
    if (asm_mode)
        buf_puts(out, "(per copy of the snippet: the counts of 2000 copies minus those of 1000, over 1000)\n");
    else
        buf_printf(out, "command exit status: %d\n", r->exit_status);
    if (r->runs > 1)
        buf_printf(out, "note: %d events over %d runs (%d counters at once): rotated, each event counted in one run\n",
                   r->nevents, r->runs, r->ncounters);
    if (r->note[0])
        buf_printf(out, "note: %s\n", r->note);
}

void pmu_stat_json(Json *j, const PmuStatResult *r, bool asm_mode)
{
    json_obj_begin(j);
    json_kstr(j, "backend", r->backend);
    json_kint(j, "runs", r->runs);
    if (!asm_mode)
        json_kint(j, "exit_status", r->exit_status);
    if (r->note[0])
        json_kstr(j, "note", r->note);
    json_key(j, "events");
    json_arr_begin(j);
    for (int i = 0; i < r->nevents; i++) {
        const PmuStatEvent *e = &r->ev[i];
        json_obj_begin(j);
        json_kstr(j, "name", e->ev.name);
        pmu_event_json(j, "event", &e->ev);
        json_kstr(j, "encoding", e->ev.encoding);
        if (asm_mode) {
            json_knum(j, "per_iteration", e->per_iter);
        } else {
            json_kint(j, "value", (long long)e->v.value);
            json_kint(j, "raw", (long long)e->v.raw);
            json_kint(j, "enabled_ns", (long long)e->v.enabled);
            json_kint(j, "running_ns", (long long)e->v.running);
            json_kbool(j, "multiplexed", multiplexed(&e->v));
        }
        if (e->ev.perf.scale > 0) {
            json_knum(j, "scale", e->ev.perf.scale);
            json_knum(j, "scaled", (asm_mode ? e->per_iter : (double)e->v.value) * e->ev.perf.scale);
        }
        if (e->ev.perf.unit[0])
            json_kstr(j, "unit", e->ev.perf.unit);
        if (e->ev.perf.system_wide) {
            json_kbool(j, "system_wide", true);
            json_kint(j, "cpu", e->ev.perf.cpu);
        }
        json_kint(j, "run", e->run);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_obj_end(j);
}

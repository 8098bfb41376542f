/* pmu.c — `uarch pmu list|stat|scan`: options only; the work is in src/pmu/ (pmu.h). */
#include "cmd/cmd.h"
#include "pmu/pmu.h"
#include "util/opt.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: uarch pmu list [-backend=B] [-json]\n"
            "       uarch pmu stat -e EV[,EV...] [-backend=B] [-json] [--] CMD [ARGS...]\n"
            "       uarch pmu stat -e EV[,EV...] [-backend=B] [-json] -asm 'snippet' [-init 'asm']\n"
            "       uarch pmu scan [-backend=B] [-events=LO-HI] [-probe=NAME,...] [-probe-file FILE] [-json]\n"
            "\n"
            "Performance counters with one of three backends:\n"
            "  perf   Linux perf_event_open: software events (page-faults, minor-faults, context-switches,\n"
            "         task-clock, ...), hardware events where the machine has a PMU (cycles, instructions,\n"
            "         sysfs names, raw rNNNN), any sysfs PMU as pmu/event/ or pmu/term=value,.../ (msr/tsc/);\n"
            "         multiplexing is reported; a per-core-type PMU pins the command to its CPUs;\n"
            "         a system-wide PMU (a cpumask in sysfs: RAPL's power/, uncore) counts every task\n"
            "         on its CPU, shown so and left out of scans; sysfs's scale and unit are applied\n"
            "  apple  the Apple M1 PMU from user space (PMC0-9 by mrs/msr; events by M1 id 0xNN or name);\n"
            "         needs the kernel module of kmod/ (see kmod/README)\n"
            "  sim    a virtual M1 PMU on the uarch mca simulator: AArch64 snippets only; counts retired\n"
            "         uops 0x01, cycles 0x02, scheduled uops 0x52-0x55, instructions 0x8c and the\n"
            "         instruction classes 0x8d-0x90, 0x94-0x96, 0x98, 0x99, 0x9b, 0x9c, and the front\n"
            "         end's L1I misses 0xd3, ITLB misses 0xd4, fetch restarts 0xde; others count 0\n"
            "         -mcpu=firestorm|icestorm   the model (default firestorm)\n"
            "         -sim-permute=SEED          relabel the event ids by a seeded permutation (blind tests)\n"
            "The default backend is apple where enabled, else perf where perf_event_open works, else sim.\n"
            "\n"
            "stat counts a command (forked, counters inherited, like perf stat; exit status passed on)\n"
            "or a snippet (same syntax as 'uarch bench run'; per copy: 2000 copies minus 1000, over 1000;\n"
            "-init runs once before the loop and drops out of that difference, so sim does not simulate it).\n"
            "-e given again adds events, as perf stat's (and -probe probes).\n"
            "More events than the backend's counters: they are rotated over repeated runs (reported).\n"
            "\n"
            "scan finds which events count what: each probe is a test and a control kernel that differ in\n"
            "one thing, measured at four lengths; the per-iteration slope of test - control is compared\n"
            "with the expected one and scored (>= 0.9 a match, 0.25-0.9 a near-miss).  Probes:\n");
    for (int k = 0; k < pmu_probes_count; k++)
        fprintf(f, "  %-15s %s (%+g)\n", pmu_probes[k].name, pmu_probes[k].desc, pmu_probes[k].expected);
    fprintf(f,
            "-probe-file FILE adds probes: 'probe NAME EXPECTED', then 'test: asm' and 'control: asm'.\n"
            "-events=LO-HI limits a scan to hardware ids LO..HI (e.g. 0x00-0xff).\n");
}

/* the report, built whole, goes out through the checked output (util/out.c) */
static int finish(Buf *b)
{
    Out o;
    if (!out_open(&o, NULL)) {
        buf_free(b);
        return 1;
    }
    out_buf(&o, b);
    buf_free(b);
    return out_close(&o) ? 0 : 1;
}

/* "-name=value" or "-name value" (also with "--"): the value, NULL when argv[*i] is not option `name` */
static const char *opt_val(int argc, char **argv, int *i, const char *name)
{
    OptWord w;
    if (!opt_word(argv[*i], &w) || !opt_word_is(&w, name + 1))
        return NULL;
    if (w.value)
        return w.value;
    if (*i + 1 >= argc) {
        eprintf("uarch pmu: option %s needs a value\n", name);
        exit(2);
    }
    return argv[++*i];
}

/* -e and -probe given again: more of them, as perf stat's -e (the list kept to the end: static) */
static const char *list_add(Buf *list, const char *v)
{
    if (list->len)
        buf_putc(list, ',');
    buf_puts(list, v);
    return buf_cstr(list);
}

static bool parse_ulong(const char *s, unsigned long long max, unsigned long long *v)
{
    return opt_uint_text(s, v) && *v <= max;   /* (the one integer text: util/opt.c's) */
}

static void list_backend(Buf *o, Json *j, const PmuBackend *b, bool forced)
{
    char why[300];
    bool ok = b->available(why, sizeof why);
    PmuEventInfo *ev = NULL;
    int n = ok || forced ? b->list(&ev, why, sizeof why) : 0;
    int nc = b->ncounters();
    if (j) {
        json_obj_begin(j);
        json_kstr(j, "name", b->name);
        json_kbool(j, "available", ok);
        json_kstr(j, ok ? "status" : "why", why);
        json_kint(j, "counters", nc);
        json_key(j, "events");
        json_arr_begin(j);
        for (int i = 0; i < n; i++) {
            json_obj_begin(j);
            json_kstr(j, "name", ev[i].name);
            pmu_event_json(j, "event", &ev[i]);
            json_kstr(j, "encoding", ev[i].encoding);
            json_kstr(j, "description", ev[i].desc);
            json_kint(j, "slots", ev[i].slots);
            if (ev[i].cpus[0])
                json_kstr(j, "cpus", ev[i].cpus);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_obj_end(j);
    } else {
        buf_printf(o, "%s%s: %s\n", o->len ? "\n" : "", b->name, ok ? why : "unavailable");
        if (!ok)
            buf_printf(o, "  why: %s\n", why);
        if (n > 0) {
            if (nc)
                buf_printf(o, "  %d counters at once\n", nc);
            else
                buf_puts(o, "  no fixed number of counters (the kernel multiplexes; reported when it does)\n");
            for (int i = 0; i < n; i++) {
                buf_printf(o, "  %-34s %-28s", ev[i].name, ev[i].encoding);
                if (ev[i].slots) {
                    buf_puts(o, " PMC");
                    for (int k = 0, first = 1; k < 32; k++)
                        if (ev[i].slots >> k & 1) {
                            int z = k;
                            while (z + 1 < 32 && (ev[i].slots >> (z + 1) & 1))
                                z++;
                            buf_printf(o, first ? "%d" : ",%d", k);
                            if (z > k)
                                buf_printf(o, "-%d", z);
                            first = 0;
                            k = z;
                        }
                }
                if (ev[i].cpus[0])
                    buf_printf(o, " CPUs %s", ev[i].cpus);
                buf_printf(o, "  %s\n", ev[i].desc);
            }
        }
    }
    free(ev);
}

int cmd_pmu(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *sub = argv[1];
    if (!strcmp(sub, "--help") || !strcmp(sub, "-help") || !strcmp(sub, "-h") || !strcmp(sub, "help")) {
        usage(stdout);
        return 0;
    }
    if (strcmp(sub, "list") && strcmp(sub, "stat") && strcmp(sub, "scan")) {
        eprintf("uarch pmu: unknown subcommand '%s' (want list, stat or scan)\n", sub);
        return 2;
    }
    const char *backend = NULL, *events = NULL, *mcpu = NULL, *permute = NULL, *range = NULL, *probes = NULL,
               *probe_file = NULL, *asm_body = NULL, *init = NULL;
    static Buf events_list, probes_list;
    bool json = false;
    char **cmdv = NULL;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--")) {
            cmdv = argv + i + 1;
            if (!cmdv[0]) {
                eprintf("uarch pmu: no command after --\n");
                return 2;
            }
            break;
        }
        if (!strcmp(sub, "stat") && a[0] != '-') {   /* the command starts here, as with perf stat */
            cmdv = argv + i;
            break;
        }
        if (!strcmp(a, "-json") || !strcmp(a, "--json"))
            json = true;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help") || !strcmp(a, "-help")) {
            usage(stdout);
            return 0;
        } else if ((v = opt_val(argc, argv, &i, "-backend")))
            backend = v;
        else if ((v = opt_val(argc, argv, &i, "-events")))
            range = v;
        else if ((v = opt_val(argc, argv, &i, "-e")))
            events = list_add(&events_list, v);
        else if ((v = opt_val(argc, argv, &i, "-mcpu")))
            mcpu = v;
        else if ((v = opt_val(argc, argv, &i, "-sim-permute")))
            permute = v;
        else if ((v = opt_val(argc, argv, &i, "-probe-file")))
            probe_file = v;
        else if ((v = opt_val(argc, argv, &i, "-probe")))
            probes = list_add(&probes_list, v);
        else if ((v = opt_val(argc, argv, &i, "-asm")) || (v = opt_val(argc, argv, &i, "-init"))) {
            OptWord w;
            const char **dst = opt_word(a, &w) && opt_word_is(&w, "init") ? &init : &asm_body;
            if (*dst) {
                eprintf("uarch pmu stat: %s given twice ('%s' and '%s'); separate instructions with ';'\n",
                        dst == &init ? "-init" : "-asm", *dst, v);
                return 2;
            }
            *dst = v;
        } else {
            eprintf("uarch pmu %s: unknown option '%s' (uarch help pmu)\n", sub, a);
            return 2;
        }
    }
    /* an option of another subcommand is an error, not ignored (`pmu list -e foo` listed all) */
    const struct { const char *name, *val, *subs; } own[] = {
        {"-e", events, "stat"}, {"-asm", asm_body, "stat"}, {"-init", init, "stat"},
        {"-events", range, "scan"}, {"-probe", probes, "scan"}, {"-probe-file", probe_file, "scan"},
    };
    for (size_t k = 0; k < sizeof own / sizeof own[0]; k++)
        if (own[k].val && strcmp(own[k].subs, sub)) {
            eprintf("uarch pmu %s: option '%s' is pmu %s's (uarch help pmu)\n", sub, own[k].name, own[k].subs);
            return 2;
        }
    if (probes) {   /* (each probe once, and no empty name: option errors, before the backend opens) */
        char *copy = xstrdup(probes), err[512] = "";
        OptOnce seen = {"-probe", "each probe runs once"};
        for (char *t = copy, *c; t && !err[0]; t = c ? c + 1 : NULL) {
            if ((c = strchr(t, ',')))
                *c = 0;
            if (!*t)
                snprintf(err, sizeof err, "empty probe name in '%s'", probes);
            else
                opt_once_add(&seen, t, t, err, sizeof err);
        }
        free(copy);
        opt_once_free(&seen);
        if (err[0]) {
            eprintf("uarch pmu scan: %s\n", err);
            return 2;
        }
    }
    const PmuBackend *b = NULL;
    if (backend && !(b = pmu_backend_find(backend))) {
        eprintf("uarch pmu: unknown backend '%s' (want perf, apple or sim)\n", backend);
        return 2;
    }
    if ((mcpu || permute) && b != &pmu_backend_sim && !(b == NULL && !strcmp(sub, "list"))) {
        if (!b && (mcpu || permute))
            b = &pmu_backend_sim;
        else {
            eprintf("uarch pmu: -mcpu and -sim-permute are options of -backend=sim\n");
            return 2;
        }
    }
    const ModelCpu *cpu = NULL;
    if (mcpu && !(cpu = model_find(mcpu))) {
        eprintf("uarch pmu: unknown -mcpu '%s' (want firestorm or icestorm)\n", mcpu);
        return 2;
    }
    long long seed = 0;
    char oerr[200];
    if (permute && !opt_parse_ll("-sim-permute", permute, (OptRange){OPT_INT, 0, 9007199254740992.0}, &seed, oerr,
                                 sizeof oerr)) {
        eprintf("uarch pmu: %s\n", oerr);
        return 2;
    }
    pmu_sim_setup(cpu, permute != NULL, (uint64_t)seed);
    Buf out;
    buf_init(&out);
    Json j;
    json_init(&j, &out, true);

    if (!strcmp(sub, "list")) {
        if (json) {
            json_obj_begin(&j);
            json_key(&j, "backends");
            json_arr_begin(&j);
        }
        for (int k = 0; k < pmu_backends_count; k++)
            if (!b || b == pmu_backends[k])
                list_backend(&out, json ? &j : NULL, pmu_backends[k], b != NULL);
        if (json) {
            json_arr_end(&j);
            json_obj_end(&j);
            buf_putc(&out, '\n');
        }
        return finish(&out);
    }
    if (!b)
        b = pmu_backend_default();

    if (!strcmp(sub, "stat")) {
        if (!events) {
            eprintf("uarch pmu stat: no events (-e EV[,EV...])\n");
            return 2;
        }
        if (!!cmdv == !!asm_body) {
            eprintf("uarch pmu stat: give either -- CMD [ARGS] or -asm 'snippet'\n");
            return 2;
        }
        static PmuEventInfo ev[PMU_MAX_EVENTS];
        static PmuStatResult r;
        char why[400];
        int n = pmu_resolve_list(b, events, ev, PMU_MAX_EVENTS, why, sizeof why);
        if (n < 0) {
            eprintf("uarch pmu stat: error: %s\n", why);
            return 1;
        }
        bool ok;
        if (cmdv) {
            ok = pmu_stat_command(b, ev, n, cmdv, &r, why, sizeof why);
            if (!ok)
                eprintf("uarch pmu stat: error: %s\n", why);
        } else {
            Diag err;
            ok = pmu_stat_asm(b, ev, n, asm_body, "<snippet>", init, &r, &err);
            if (!ok) {
                if (err.line > 0)
                    diag_print(stderr, &err, "error");
                else
                    eprintf("uarch pmu stat: error: %s\n", err.msg);
            }
        }
        if (!ok)
            return 1;
        if (json) {
            pmu_stat_json(&j, &r, asm_body != NULL);
            buf_putc(&out, '\n');
        } else {
            pmu_stat_print(&out, &r, asm_body != NULL);
        }
        int rc = finish(&out);
        return rc ? rc : (cmdv && r.exit_status ? r.exit_status : 0);
    }

    /* scan */
    long lo = 1, hi = 0;
    if (range) {
        unsigned long long a, z;
        char l[64], *dash;
        snprintf(l, sizeof l, "%s", range);
        dash = strchr(l, '-');
        if (dash)
            *dash = 0;
        if (!parse_ulong(l, 0xffffffffull, &a) || !parse_ulong(dash ? dash + 1 : l, 0xffffffffull, &z) || z < a) {
            eprintf("uarch pmu scan: bad -events '%s': want LO-HI (e.g. 0x00-0xff)\n", range);
            return 2;
        }
        lo = (long)a, hi = (long)z;
    }
    PmuScan s;
    memset(&s, 0, sizeof s);
    s.backend = b;
    s.permuted = permute != NULL;
    s.seed = (uint64_t)seed;
    if (probe_file) {
        Diag err;
        if (!pmu_probe_file(probe_file, &s, &err)) {
            if (err.line > 0)
                diag_print(stderr, &err, "error");
            else
                eprintf("uarch pmu scan: error: %s\n", err.msg);
            pmu_scan_free(&s);
            return 1;
        }
    }
    char why[400];
    if (!pmu_scan_run(&s, probes, lo, hi, why, sizeof why)) {
        if (s.err.line > 0)
            diag_print(stderr, &s.err, "error");
        else
            eprintf("uarch pmu scan: error: %s\n", why);
        pmu_scan_free(&s);
        return 1;
    }
    if (json) {
        pmu_scan_json(&j, &s);
        buf_putc(&out, '\n');
    } else {
        pmu_scan_print(&out, &s);
    }
    pmu_scan_free(&s);
    return finish(&out);
}

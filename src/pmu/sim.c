/* sim.c — the `sim` backend of pmu.h: a virtual Apple M1 PMU on the `uarch mca` simulator.
 *
 * A kernel is an AArch64 block; "running" it n times is simulating n iterations on the chosen
 * model (firestorm or icestorm).  Counted, keyed by M1 event id, are only what the simulator
 * models honestly:
 *   - the counters the simulator itself keeps (mca.h: mca_counter_*: retired uops 0x01, cycles
 *     0x02, scheduled uops 0x52-0x55, instructions 0x8c, and whatever it adds later);
 *   - instruction-class counts that follow from the instructions themselves, times the
 *     iterations: branches 0x8d, calls 0x8e, returns 0x8f, conditional branches 0x94, integer
 *     loads 0x95 and stores 0x96, SIMD/FP loads 0x98 and stores 0x99, loads and stores 0x9b,
 *     barriers 0x9c (dmb/dsb/isb: a barrier without memory access);
 *   - the front end's events (src/mca/sim_frontend.c), the block run as `uarch mca` runs it
 *     (src/mca/path.c: branches to labels in the block followed, `// uarch:` hints): taken
 *     branches 0x90, L1I misses 0xd3, ITLB misses 0xd4, fetch restarts 0xde (BTB misses).
 * The class counts are those of the instructions that run (the path), times its iterations.
 * Every other id counts 0.  With -sim-permute=SEED the ids are relabelled by a permutation of
 * 0..255 drawn from the seed (splitmix64 + Fisher-Yates), so discovery can be tested blind; the
 * names are then withheld too ("event_0xNN"). */
#include "pmu/pmu.h"
#include "mca/mca.h"
#include "mca/path.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const ModelCpu *sim_cpu;
static bool sim_perm_on, sim_ready;
static uint8_t perm[256], inv[256];

static void ensure(void)
{
    if (!sim_ready)
        pmu_sim_setup(NULL, false, 0);
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void pmu_sim_setup(const ModelCpu *cpu, bool permute, uint64_t seed)
{
    sim_cpu = cpu;
    sim_perm_on = permute;
    sim_ready = true;
    for (int i = 0; i < 256; i++)
        perm[i] = (uint8_t)i;
    if (permute) {
        uint64_t s = seed;
        for (int i = 255; i > 0; i--) {
            int j = (int)(splitmix(&s) % (uint64_t)(i + 1));
            uint8_t t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
    }
    for (int i = 0; i < 256; i++)
        inv[perm[i]] = (uint8_t)i;
}

const ModelCpu *pmu_sim_cpu(void)
{
    return sim_cpu ? sim_cpu : model_default();
}

bool pmu_sim_permuted(void)
{
    return sim_perm_on;
}

uint32_t pmu_sim_label(uint32_t real_id)
{
    ensure();
    return sim_perm_on ? perm[real_id & 0xff] : real_id;
}

/* the instruction-class events (see the top comment) */
enum { K_BRANCH, K_CALL, K_RET, K_COND, K_ILD, K_IST, K_VLD, K_VST, K_LDST, K_BARRIER, K_N };
static const uint8_t class_id[K_N] = {0x8d, 0x8e, 0x8f, 0x94, 0x95, 0x96, 0x98, 0x99, 0x9b, 0x9c};

static bool uses_vector(const A64RegUse *u, int n)
{
    for (int i = 0; i < n; i++)
        if (u[i].reg >= A64_V0 && u[i].reg < A64_NZCV && u[i].opnd > 0)
            return true;
    return false;
}

static void classify(const A64Inst *in, long long *k)
{
    int br = in->branch;
    if (br != A64_BR_NONE) {
        k[K_BRANCH]++;
        if (br == A64_BR_CALL || br == A64_BR_CALL_INDIRECT)
            k[K_CALL]++;
        if (br == A64_BR_RETURN)
            k[K_RET]++;
        if (br == A64_BR_COND)
            k[K_COND]++;
    }
    int mk = in->mem.kind;
    if (mk == A64_MEM_LOAD || mk == A64_MEM_STORE || mk == A64_MEM_LOADSTORE) {
        k[K_LDST]++;
        bool vec = mk == A64_MEM_STORE ? uses_vector(in->reads, in->nreads) : uses_vector(in->writes, in->nwrites);
        if (mk != A64_MEM_STORE)
            k[vec ? K_VLD : K_ILD]++;
        if (mk != A64_MEM_LOAD)
            k[vec ? K_VST : K_IST]++;
    } else if ((in->sys & A64_SYS_BARRIER) && mk == A64_MEM_NONE) {
        k[K_BARRIER]++;
    }
}

int pmu_sim_modelled(uint32_t *ids, int max)
{
    int n = 0;
    for (int k = 0; k < mca_counter_count() && n < max; k++)
        ids[n++] = (uint32_t)mca_counter_event(k);
    for (int k = 0; k < K_N && n < max; k++)
        ids[n++] = class_id[k];
    return n;
}

static bool sim_available(char *why, size_t whysz)
{
    if (!mca_env_check(why, whysz))   /* (a switch of the simulator's that is no boolean) */
        return false;
    snprintf(why, whysz, "the uarch mca simulator (-mcpu=%s)", model_name(pmu_sim_cpu()));
    return true;
}

static int sim_ncounters(void)
{
    return 10;                     /* as the M1: PMC0-9 */
}

static void sim_event(uint32_t shown, PmuEventInfo *ev)
{
    if (sim_perm_on) {
        memset(ev, 0, sizeof *ev);
        ev->code = shown;
        ev->hw = true;
        snprintf(ev->name, sizeof ev->name, "event_0x%02x", shown);
        snprintf(ev->desc, sizeof ev->desc, "relabelled (-sim-permute)");
        snprintf(ev->encoding, sizeof ev->encoding, "0x%02x", shown);
    } else {
        pmu_m1_event(shown, ev);
    }
    ev->slots = 0x3ff;
}

static int sim_list(PmuEventInfo **out, char *why, size_t whysz)
{
    (void)why, (void)whysz;
    PmuEventInfo *v = xcalloc(256, sizeof *v);
    uint32_t ids[64];
    int nm = pmu_sim_modelled(ids, 64);
    for (int i = 0; i < 256; i++) {
        sim_event((uint32_t)i, &v[i]);
        if (!sim_perm_on) {
            bool m = false;
            for (int k = 0; k < nm; k++)
                m |= ids[k] == (uint32_t)i;
            if (!m) {
                size_t l = strlen(v[i].desc);
                snprintf(v[i].desc + l, sizeof v[i].desc - l, " (not simulated: counts 0)");
            }
        }
    }
    *out = v;
    return 256;
}

static bool sim_resolve(const char *name, PmuEventInfo *ev, char *why, size_t whysz)
{
    if (sim_perm_on && !(name[0] == '0' && (name[1] == 'x' || name[1] == 'X')) && !str_starts(name, "event_0x")) {
        snprintf(why, whysz, "unknown event '%s': with -sim-permute the events are named by code only (0xNN)", name);
        return false;
    }
    const char *code = str_starts(name, "event_") ? name + 6 : name;
    ensure();
    PmuEventInfo tmp;
    if (!pmu_m1_resolve(code, &tmp, why, whysz))
        return false;
    sim_event((uint32_t)tmp.code, ev);
    return true;
}

/* the last simulations, kept: scan asks for the same kernel and length once per group of
 * events */
#define SIM_CACHE 16
typedef struct SimRun {
    char *text;
    long iters;
    const ModelCpu *cpu;
    long long counts[256];         /* by real id */
} SimRun;
static SimRun cache[SIM_CACHE];
static int cache_next;

/* the counts of run as the n events' values */
static void sim_values(const SimRun *run, const PmuEventInfo *ev, int n, PmuValue *v)
{
    for (int i = 0; i < n; i++) {
        long long c = run->counts[inv[ev[i].code & 0xff]];
        v[i].value = v[i].raw = (uint64_t)c;
        v[i].enabled = v[i].running = 1;
    }
}

/* the snippet parsed, false with err (in the user's coordinates) */
static bool sim_parse(const char *file, const char *text, A64Program *prog, Diag *err)
{
    /* bench syntax: ';' separates instructions as a newline does */
    char *lines = xstrdup(text);
    for (char *c = lines; *c; c++)
        if (*c == ';')
            *c = '\n';
    bool parsed = a64_parse(file, lines, strlen(lines), prog, err);
    free(lines);
    if (!parsed && err->kind == A64_DIAG_INCLUDED)   /* (in a file the snippet includes: its own lines) */
        return false;
    if (!parsed) {
        /* back to the user's coordinates: line L of the split text is the L-th piece */
        const char *q = text;
        for (int l = 1; l < err->line && *q; q++)
            if (*q == ';' || *q == '\n')
                l++;
        const char *at = q + (err->col > 0 ? err->col - 1 : 0), *ls = at;
        while (ls > text && ls[-1] != '\n')
            ls--;
        int line = 1;
        for (const char *c = text; c < ls; c++)
            line += *c == '\n';
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err->msg);
        diag_set(err, file, line, err->col > 0 ? (int)(at - ls) + 1 : 0, ls, "%s", msg);
        return false;
    }
    if (prog->ninsts == 0) {
        a64_program_free(prog);
        diag_set(err, file, 1, 1, text, "no instructions to simulate: the snippet is empty, comments or labels only");
        return false;
    }
    return true;
}

/* the lengths of iters[0 .. nlens) not in the cache are simulated on one parse of the snippet
 * (stat's two lengths, scan's four: a long snippet is parsed and prepared once, and the heap the
 * simulation of one length freed is not left under the parse of the next) */
static bool sim_simulate(const char *file, const char *text, const long *iters, int nlens, const PmuEventInfo *ev,
                         int n, PmuValue *v, Diag *err)
{
    ensure();
    long *miss = xmalloc(sizeof *miss * (size_t)(nlens > 0 ? nlens : 1));
    int *vat = xmalloc(sizeof *vat * (size_t)(nlens > 0 ? nlens : 1));   /* miss[m]'s length index */
    int nmiss = 0;
    for (int l = 0; l < nlens; l++) {
        const SimRun *run = NULL;
        for (int c = 0; c < SIM_CACHE && !run; c++)
            if (cache[c].text && cache[c].iters == iters[l] && cache[c].cpu == pmu_sim_cpu() &&
                strcmp(cache[c].text, text) == 0)
                run = &cache[c];
        if (run)
            sim_values(run, ev, n, v + (size_t)l * n);
        else
            miss[nmiss] = iters[l], vat[nmiss++] = l;
    }
    A64Program prog;
    if (nmiss > 0 && !sim_parse(file, text, &prog, err)) {
        free(miss);
        free(vat);
        return false;
    }
    if (nmiss > 0) {
        McaOptions o;
        memset(&o, 0, sizeof o);
        o.noalias = true;
        /* the block as it runs (as `uarch mca` runs a region): one simulated iteration of a
         * path with a period runs `period` of the block's */
        McaPath path;
        memset(&path, 0, sizeof path);
        const A64Inst *insts = prog.insts;
        int ninsts = prog.ninsts;
        int period = 1;
        if (mca_path(insts, ninsts, &path) && path.followed) {
            insts = path.insts;
            ninsts = path.n;
            period = path.period;
        }
        int *its = xmalloc(sizeof *its * (size_t)nmiss);
        for (int m = 0; m < nmiss; m++)
            its[m] = (int)((miss[m] + period - 1) / period);
        long long kc[K_N] = {0};
        for (int i = 0; i < ninsts; i++)
            classify(&insts[i], kc);
        /* a long snippet (.rept 2000000) is not held twice: the parsed instructions go as the
         * simulator prepares its own form of them (not read below) */
        McaRelease rel = {&prog, NULL, &path, (A64Inst *)insts};
        mca_release_hooks(&o, &rel);
        McaCounters *cn = xmalloc(sizeof *cn * (size_t)nmiss);
        mca_simulate_counters(pmu_sim_cpu(), insts, ninsts, &o, its, nmiss, cn);
        mca_path_free(&path);
        a64_program_free(&prog);
        for (int m = 0; m < nmiss; m++) {
            SimRun *run = &cache[cache_next];
            cache_next = (cache_next + 1) % SIM_CACHE;
            free(run->text);
            memset(run->counts, 0, sizeof run->counts);
            for (int k = 0; k < mca_counter_count(); k++)
                run->counts[mca_counter_event(k) & 0xff] = mca_counter_value(&cn[m], k);
            for (int k = 0; k < K_N; k++)
                run->counts[class_id[k]] = kc[k] * its[m];
            run->text = xstrdup(text);
            run->iters = miss[m];
            run->cpu = pmu_sim_cpu();
            sim_values(run, ev, n, v + (size_t)vat[m] * n);
        }
        free(cn);
        free(its);
        /* the simulator's buffers, kept per thread for the next block, hold ~100 bytes per
         * instruction: not kept under the next snippet's parse (a long one would stack on them) */
        mca_sim_release();
    }
    free(miss);
    free(vat);
    return true;
}

const PmuBackend pmu_backend_sim = {
    .name = "sim",
    .summary = "virtual Apple M1 PMU on the uarch mca simulator (AArch64 snippets)",
    .available = sim_available,
    .ncounters = sim_ncounters,
    .list = sim_list,
    .resolve = sim_resolve,
    .simulate = sim_simulate,
};

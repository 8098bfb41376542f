/* sim_static.c — static analyses of the block: llvm-mca's Block RThroughput and the bottleneck.
 *
 * Block RThroughput (llvm-mca's definition): the maximum over resources of the block's total
 * pressure on the resource divided by the number of units in it, and of uops / dispatch width.
 * Resources are the sets of units the issues can use: an issue able to run on units M loads
 * every resource (unit set) containing M.
 *
 * Bottleneck: the binding limit of the steady state among
 *   dispatch    retire slots per iteration / width
 *   unit        the most loaded unit set (as above)
 *   dependency  the loop-carried dependency chain: a latency-only schedule of many iterations
 *               (no resource limits) gives its cycles per iteration; the chain is found by
 *               walking back the binding producers from the last iteration
 *   retire      retire groups per iteration / retire groups per cycle
 * The simulator's cycles per iteration (total / iterations) is reported alongside by the views.
 */
#include "mca/sim.h"

#include <stdlib.h>
#include <string.h>

typedef struct Load { uint32_t set; double cycles; } Load;

static double unit_bound(const SimCpu *sc, const SimInst *si, int n, uint32_t *best_set, bool uops_only_issued)
{
    (void)uops_only_issued;
    uint32_t sets[256];
    int ns = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < si[i].nissue; k++) {
            uint32_t m = si[i].issue[k].units;
            bool seen = false;
            for (int x = 0; x < ns; x++) seen |= sets[x] == m;
            if (!seen && ns < 256) sets[ns++] = m;
        }
    /* also unions of pairs: two classes overlapping (u1-3 and u1-6) bind together */
    int base = ns;
    for (int a = 0; a < base; a++)
        for (int b = a + 1; b < base; b++) {
            uint32_t m = sets[a] | sets[b];
            bool seen = false;
            for (int x = 0; x < ns; x++) seen |= sets[x] == m;
            if (!seen && ns < 256) sets[ns++] = m;
        }
    double best = 0;
    *best_set = 0;
    for (int x = 0; x < ns; x++) {
        double load = 0;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < si[i].nissue; k++)
                if ((si[i].issue[k].units & ~sets[x]) == 0 && si[i].elim != SIM_ELIM_ALWAYS)
                    load += si[i].issue[k].occupancy > 0 ? si[i].issue[k].occupancy : 1;
        double v = load / __builtin_popcount(sets[x]);
        if (v > best + 1e-9) {
            best = v;
            *best_set = sets[x];
        }
    }
    (void)sc;
    return best;
}

double sim_block_rthroughput(const SimCpu *sc, const SimInst *si, int n)
{
    uint32_t set;
    double r = unit_bound(sc, si, n, &set, false);
    int uops = 0;
    for (int i = 0; i < n; i++) uops += si[i].uops;
    double d = sc->width > 0 ? (double)uops / sc->width : 0;
    return d > r ? d : r;
}

static void set_name(const SimCpu *sc, uint32_t set, char *buf, size_t size)
{
    /* "u1-u6" for a contiguous range, else "u1,u3" */
    int lo = -1, hi = -1;
    bool contiguous = true;
    for (int u = 0; u < sc->nunits; u++)
        if (set >> u & 1) {
            if (lo < 0) lo = u;
            else if (u != hi + 1) contiguous = false;
            hi = u;
        }
    if (lo < 0) { snprintf(buf, size, "(none)"); return; }
    if (lo == hi) { snprintf(buf, size, "%s", sc->unit_name[lo]); return; }
    if (contiguous) { snprintf(buf, size, "%s-%s", sc->unit_name[lo], sc->unit_name[hi]); return; }
    size_t len = 0;
    buf[0] = 0;
    for (int u = 0; u < sc->nunits && len + 8 < size; u++)
        if (set >> u & 1) len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "," : "", sc->unit_name[u]);
}

void sim_bottleneck(const SimCpu *sc, const SimInst *si, int n, McaResult *out)
{
    McaBottleneck *b = &out->bottleneck;
    if (n <= 0) {
        b->kind = "dispatch";
        snprintf(b->what, sizeof b->what, "empty block");
        return;
    }
    /* dispatch */
    int uops = 0;
    for (int i = 0; i < n; i++) uops += si[i].uops;
    double disp = (double)uops / (sc->width > 0 ? sc->width : 1);
    /* units */
    uint32_t set;
    double unit = unit_bound(sc, si, n, &set, true);
    /* dependency chain: latency-only ASAP schedule over K iterations */
    enum { K = 48 };
    double *ready = xcalloc((size_t)n * K, sizeof(double));     /* completion of (it, i) */
    int *from = xcalloc((size_t)n * K, sizeof(int));             /* binding producer (flat), -1 */
    int last[A64_NREGS];
    int lastd[A64_NREGS];
    for (int r = 0; r < A64_NREGS; r++) last[r] = -1, lastd[r] = 0;
    for (int it = 0; it < K; it++)
        for (int i = 0; i < n; i++) {
            int id = it * n + i;
            double start = 0;
            int bind = -1;
            const SimInst *s = &si[i];
            for (int k = 0; k < s->nsrc; k++) {
                int p = last[s->src[k].reg];
                if (p < 0) continue;
                int ps = p % n;
                double lat = si[ps].dst[lastd[s->src[k].reg]].lat;
                if (si[ps].elim == SIM_ELIM_ALWAYS || si[ps].fused_prev) lat = 0;
                if (s->src[k].edge_lat >= 0 && s->src[k].exp_prod == ps && s->src[k].exp_dst == lastd[s->src[k].reg])
                    lat = s->src[k].edge_lat;
                else
                    lat -= s->src[k].advance;
                double t = ready[p] + lat;
                if (t > start + 1e-9) { start = t; bind = p; }
            }
            ready[id] = start;
            from[id] = bind;
            for (int k = 0; k < s->ndst; k++) {
                last[s->dst[k].reg] = id;
                lastd[s->dst[k].reg] = k;
            }
        }
    /* slope over the second half */
    double mx_hi = 0, mx_mid = 0;
    int end_id = -1;
    for (int i = 0; i < n; i++) {
        if (ready[(K - 1) * n + i] >= mx_hi) { mx_hi = ready[(K - 1) * n + i]; end_id = (K - 1) * n + i; }
        if (ready[(K / 2 - 1) * n + i] > mx_mid) mx_mid = ready[(K / 2 - 1) * n + i];
    }
    double dep = (mx_hi - mx_mid) / (K / 2);
    /* the chain: walk the binding producers back from the latest completion through the second
     * half; instructions of the recurrence are met again and again, the tail leading to the
     * latest completion only once */
    b->critical_len = 0;
    if (dep > 0 && end_id >= 0) {
        int *visits = xcalloc((size_t)n, sizeof(int));
        int maxv = 0;
        for (int id = end_id, steps = 0; id >= (K / 2) * n && steps < K * n; id = from[id], steps++) {
            if (id < 0) break;
            int v = ++visits[id % n];
            if (v > maxv) maxv = v;
        }
        for (int i = 0; i < n && b->critical_len < 64; i++)
            if (visits[i] >= 2 || (maxv < 2 && visits[i] > 0))
                b->critical[b->critical_len++] = i;
        free(visits);
    }
    free(ready);
    free(from);
    /* retire */
    double ret = 0;
    if (sc->retire_uops_width > 0) ret = (double)uops / sc->retire_uops_width;
    /* pick */
    char unitname[96];
    set_name(sc, set, unitname, sizeof unitname);
    b->kind = "dispatch";
    b->cycles_per_iteration = disp;
    snprintf(b->what, sizeof b->what, "map/dispatch width: %d uops per iteration at %d per cycle", uops, sc->width);
    if (unit > b->cycles_per_iteration + 1e-9) {
        b->kind = "unit";
        b->cycles_per_iteration = unit;
        snprintf(b->what, sizeof b->what, "units %s: %.2f cycles of work per unit per iteration", unitname, unit);
    }
    if (ret > b->cycles_per_iteration + 1e-9) {
        b->kind = "retire";
        b->cycles_per_iteration = ret;
        snprintf(b->what, sizeof b->what, "retire width: %d uops per iteration at %d per cycle", uops, sc->retire_uops_width);
    }
    if (dep > b->cycles_per_iteration + 1e-9) {
        b->kind = "dependency";
        b->cycles_per_iteration = dep;
        snprintf(b->what, sizeof b->what, "loop-carried dependency chain through %d instruction%s, latency sum %.4g cycles per iteration",
                 b->critical_len, b->critical_len == 1 ? "" : "s", dep);
    }
    /* the simulation saw more than any static limit: a queue or window limit */
    double sim = out->iterations > 0 ? (double)out->total_cycles / out->iterations : 0;
    if (sim > b->cycles_per_iteration * 1.25 + 1 && out->iterations >= 10) {
        long long worst = 0;
        int wk = -1;
        for (int k = 0; k < MCA_NSTALLS; k++)
            if (out->stalls[k] > worst) { worst = out->stalls[k]; wk = k; }
        static const char *sn[MCA_NSTALLS] = {"register file / rename queue", "retire queue", "scheduler",
                                             "load queue", "store queue", "dispatch queue width", "serialization"};
        if (wk >= 0 && worst > out->total_cycles / 4) {
            b->kind = "queue";
            b->cycles_per_iteration = sim;
            snprintf(b->what, sizeof b->what, "%s full in %lld of %lld cycles", sn[wk], worst, out->total_cycles);
        }
    }
}

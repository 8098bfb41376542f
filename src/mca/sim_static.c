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

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Load { uint32_t set; double cycles; } Load;
typedef struct DepEdge { int rel; double lat; } DepEdge;   /* producer = it * n + rel */

/* the reference algorithm (unit masks of 0, or more distinct masks than unit_bound's tables) */
static double unit_bound_slow(const SimCpu *sc, const SimInst *si, int n, uint32_t *best_set)
{
    uint32_t sets[256];
    int ns = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < si[i].nissue; k++) {
            uint32_t m = si[i].issue[k].units;
            bool seen = false;
            for (int x = 0; x < ns; x++) seen |= sets[x] == m;
            if (!seen && ns < 256) sets[ns++] = m;
        }
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
        double v = load / bits32(sets[x]);
        if (v > best + 1e-9) {
            best = v;
            *best_set = sets[x];
        }
    }
    (void)sc;
    return best;
}

/* a set of unit masks (open addressing; 0 is never a member: an issue always has units) */
enum { MSET_BITS = 9, MSET = 1 << MSET_BITS };   /* at most 256 members: load <= 1/2 */
static bool mset_add(uint32_t *tab, uint32_t m)
{
    uint32_t h = (m * 0x9E3779B1u) >> (32 - MSET_BITS);
    for (;; h = (h + 1) & (MSET - 1)) {
        if (tab[h] == m) return false;
        if (!tab[h]) { tab[h] = m; return true; }
    }
}

static double unit_bound(const SimCpu *sc, const SimInst *si, int n, uint32_t *best_set, bool uops_only_issued)
{
    (void)uops_only_issued;
    /* the distinct issue masks in first-seen order, with their load (eliminated instructions
     * count as a mask but carry no load); loads are sums of small integers, so adding them per
     * mask first gives exactly the per-issue sums */
    uint32_t seen[MSET];
    memset(seen, 0, sizeof seen);
    uint32_t dm[MSET / 2];
    double dl[MSET / 2];
    int nd = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < si[i].nissue; k++) {
            uint32_t m = si[i].issue[k].units;
            int x = -1;
            if (m && nd < 256) {
                if (mset_add(seen, m)) { dm[nd] = m; dl[nd] = 0; x = nd++; }
                else for (x = 0; x < nd && dm[x] != m; x++) {}
            } else {
                for (x = 0; x < nd && dm[x] != m; x++) {}
                if (x == nd) {
                    if (nd >= MSET / 2) goto slow;
                    dm[nd] = m; dl[nd] = 0; nd++;
                }
            }
            if (si[i].elim != SIM_ELIM_ALWAYS)
                dl[x] += si[i].issue[k].occupancy > 0 ? si[i].issue[k].occupancy : 1;
        }
    {
        uint32_t sets[256];
        int ns = 0;
        uint32_t seen2[MSET];
        memset(seen2, 0, sizeof seen2);
        for (int x = 0; x < nd && ns < 256; x++) {
            sets[ns++] = dm[x];
            if (dm[x]) mset_add(seen2, dm[x]);
        }
        bool has_zero = false;
        for (int x = 0; x < ns; x++) has_zero |= sets[x] == 0;
        if (has_zero) goto slow;
        /* also unions of pairs: two classes overlapping (u1-3 and u1-6) bind together */
        int base = ns;
        for (int a = 0; a < base && ns < 256; a++)
            for (int b = a + 1; b < base && ns < 256; b++) {
                uint32_t m = sets[a] | sets[b];
                if (mset_add(seen2, m)) sets[ns++] = m;
            }
        double best = 0;
        *best_set = 0;
        for (int x = 0; x < ns; x++) {
            double load = 0;
            for (int y = 0; y < nd; y++)
                if ((dm[y] & ~sets[x]) == 0)
                    load += dl[y];
            double v = load / bits32(sets[x]);
            if (v > best + 1e-9) {
                best = v;
                *best_set = sets[x];
            }
        }
        (void)sc;
        return best;
    }
slow:
    return unit_bound_slow(sc, si, n, best_set);
}

double sim_block_rthroughput(const SimCpu *sc, const SimInst *si, int n)
{
    uint32_t set;
    double r = unit_bound(sc, si, n, &set, false);
    int slots = 0;   /* map slots: uops, and one more for a flag writer with map_extra */
    for (int i = 0; i < n; i++) slots += si[i].uops + si[i].map_extra;
    double d = sc->width > 0 ? (double)slots / sc->width : 0;
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
    int uops = 0, slots = 0;   /* (map slots: uops, one more for a flag writer with map_extra) */
    for (int i = 0; i < n; i++) uops += si[i].uops, slots += si[i].uops + si[i].map_extra;
    double disp = (double)slots / (sc->width > 0 ? sc->width : 1);
    /* units */
    uint32_t set;
    double unit = unit_bound(sc, si, n, &set, true);
    /* dependency chain: latency-only ASAP schedule over K iterations */
    enum { K = 48 };
    /* completion of (it, i): only two iterations are kept (this one and the one before); the
     * binding producer (flat id it * n + i, -1 none) of the second half's instances */
    double *ready = xmalloc((size_t)n * 2 * sizeof(double));
    int *from = xmalloc((size_t)n * (K - K / 2) * sizeof(int));
    double mx_hi = 0, mx_mid = 0;
    int end_id = -1;
    /* each source's producer is the same in every iteration: the last writer before it, or
     * (wrapping) the last writer of the block in the previous iteration (none in the first) */
    int last[A64_NREGS], lastd[A64_NREGS], glast[A64_NREGS], gd[A64_NREGS];
    for (int r = 0; r < A64_NREGS; r++) last[r] = glast[r] = -1, lastd[r] = gd[r] = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < si[i].ndst; k++) {
            glast[si[i].dst[k].reg] = i;
            gd[si[i].dst[k].reg] = k;
        }
    int *first_edge = xcalloc((size_t)n + 1, sizeof(int));
    int ne = 0;
    for (int i = 0; i < n; i++) ne += si[i].nsrc;
    DepEdge *edges = xcalloc((size_t)(ne > 0 ? ne : 1), sizeof(DepEdge));
    ne = 0;
    for (int i = 0; i < n; i++) {
        const SimInst *s = &si[i];
        first_edge[i] = ne;
        for (int k = 0; k < s->nsrc; k++) {
            int reg = s->src[k].reg;
            int ps = last[reg], d = lastd[reg], wrap = 0;
            if (ps < 0) ps = glast[reg], d = gd[reg], wrap = 1;
            if (ps < 0) continue;
            double lat = si[ps].dst[d].lat;
            if (si[ps].elim == SIM_ELIM_ALWAYS || si[ps].fused_prev) lat = 0;
            SimSrcX x = sim_src_x(s, k);
            if (x.edge_lat >= 0 && s->src[k].exp_prod == ps && s->src[k].exp_dst == d)
                lat = x.edge_lat;
            else
                lat -= x.advance;
            edges[ne++] = (DepEdge){ps - wrap * n, lat};
        }
        for (int k = 0; k < s->ndst; k++) {
            last[s->dst[k].reg] = i;
            lastd[s->dst[k].reg] = k;
        }
    }
    first_edge[n] = ne;
    /* Shortcut, exact: when every latency is a multiple of 2^-10 and all sums stay far below
     * 2^40, every sum is exact and each "t > start + 1e-9" is exactly "t > start": an
     * instance's value is max(0, its edges), its binding edge the first one reaching it.
     * Let d[i] = x(it, i) - x(it - 1, i).  If every d[i] >= 0, an instance with a binding edge
     * grows as that edge's producer (same d), one without stays 0 (d = 0), and no edge's
     * producer grows faster than the instance it feeds, then by induction every later
     * iteration is x(it) + j * d with the same binding edges (edges that lose keep losing; ties
     * keep the first): those iterations are computed directly. */
    bool exact = true;
    double maxlat = 0;
    for (int e = 0; e < ne && exact; e++) {
        double l = edges[e].lat, a = fabs(l);
        if (!(a <= 1048576.0) || l * 1024 != floor(l * 1024)) exact = false;
        if (a > maxlat) maxlat = a;
    }
    if ((double)n * K * (maxlat + 1) >= 1099511627776.0)
        exact = false;
    int *brel = xmalloc((size_t)n * sizeof(int));     /* binding edge of (it, i): rel, or INT_MIN */
    int it0 = K;                  /* iterations after it0: x(it0) + j * delta */
    double *delta = exact ? xmalloc((size_t)n * sizeof(double)) : NULL;
    for (int it = 0; it < K; it++) {
        double *cur = ready + (size_t)(it & 1) * n;          /* ready of (it, 0..n-1) */
        const double *prev = ready + (size_t)((it + 1) & 1) * n;    /* ready of (it - 1, ...) */
        int *fr = it >= K / 2 ? from + (size_t)(it - K / 2) * n : NULL;
        for (int i = 0; i < n; i++) {
            double start = 0;
            int bind = -1;
            for (int e = first_edge[i]; e < first_edge[i + 1]; e++) {
                int rel = edges[e].rel;
                double t;
                if (rel >= 0) t = cur[rel] + edges[e].lat;
                else if (it > 0) t = prev[n + rel] + edges[e].lat;
                else continue;
                if (t > start + 1e-9) { start = t; bind = it * n + rel; }
            }
            cur[i] = start;
            if (fr) fr[i] = bind;
            brel[i] = bind < 0 ? INT_MIN : bind - it * n;
        }
        bool same = false;
        if (exact && it > 0 && it < K - 1 && (it <= 4 || it % 4 == 0)) {
            same = true;
            for (int i = 0; i < n && same; i++) {
                delta[i] = cur[i] - prev[i];
                same = delta[i] >= 0;
            }
            for (int i = 0; i < n && same; i++) {
                double di = delta[i];
                if (brel[i] == INT_MIN)
                    same = di == 0;
                else
                    same = delta[brel[i] >= 0 ? brel[i] : brel[i] + n] == di;
                for (int e = first_edge[i]; e < first_edge[i + 1] && same; e++) {
                    int rel = edges[e].rel;
                    same = delta[rel >= 0 ? rel : rel + n] <= di;
                }
            }
        }
        /* slope over the second half */
        if (it == K / 2 - 1)
            for (int i = 0; i < n; i++)
                if (cur[i] > mx_mid) mx_mid = cur[i];
        if (it == K - 1)
            for (int i = 0; i < n; i++)
                if (cur[i] >= mx_hi) { mx_hi = cur[i]; end_id = (K - 1) * n + i; }
        if (same) {
            /* the rows still needed, directly: x(it + j) = x(it) + j * shift (exact) */
            it0 = it;
            if (it < K / 2 - 1)
                for (int i = 0; i < n; i++) {
                    double v = cur[i] + (K / 2 - 1 - it) * delta[i];
                    if (v > mx_mid) mx_mid = v;
                }
            for (int i = 0; i < n; i++) {
                double v = cur[i] + (K - 1 - it) * delta[i];
                if (v >= mx_hi) { mx_hi = v; end_id = (K - 1) * n + i; }
            }
            break;
        }
    }
    free(delta);
    free(edges);
    free(first_edge);
    double dep = (mx_hi - mx_mid) / (K / 2);
    /* the chain: walk the binding producers back from the latest completion through the second
     * half; instructions of the recurrence are met again and again, the tail leading to the
     * latest completion only once */
    b->critical_len = 0;
    if (dep > 0 && end_id >= 0) {
        int *visits = xcalloc((size_t)n, sizeof(int));
        int maxv = 0;
        for (int id = end_id, steps = 0; id >= (K / 2) * n && steps < K * n; steps++) {
            if (id < 0) break;
            int v = ++visits[id % n];
            if (v > maxv) maxv = v;
            int it = id / n, i = id % n;   /* the binding producer of instance id */
            id = it > it0 ? (brel[i] == INT_MIN ? -1 : it * n + brel[i]) : from[id - (K / 2) * n];
        }
        for (int i = 0; i < n && b->critical_len < 64; i++)
            if (visits[i] >= 2 || (maxv < 2 && visits[i] > 0))
                b->critical[b->critical_len++] = i;
        free(visits);
    }
    free(ready);
    free(from);
    free(brel);
    /* retire */
    double ret = 0;
    if (sc->retire_uops_width > 0) ret = (double)uops / sc->retire_uops_width;
    /* pick */
    char unitname[96];
    set_name(sc, set, unitname, sizeof unitname);
    b->kind = "dispatch";
    b->cycles_per_iteration = disp;
    if (slots != uops)
        snprintf(b->what, sizeof b->what, "map/dispatch width: %d slots per iteration (%d uops, flag writers with another result take 2) at %d per cycle",
                 slots, uops, sc->width);
    else
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
    /* the front end: map waited for fetch most of the time, longer than any static limit */
    long long fe_worst = 0, fe_all = 0;
    int fk = -1;
    for (int k = 0; k < MCA_FE_NWHY; k++) {
        fe_all += out->fe_starved[k];
        if (out->fe_starved[k] > fe_worst) { fe_worst = out->fe_starved[k]; fk = k; }
    }
    if (out->frontend && fk >= 0 && sim > b->cycles_per_iteration + 1e-9 && fe_all > out->total_cycles / 4) {
        static const char *fn[MCA_FE_NWHY] = {"fetch width", "fetch stops at a page boundary", "taken branches per cycle",
                                              "BTB capacity (taken branches it misses)", "L1I capacity (lines refilled from L2)",
                                              "ITLB capacity (pages it misses)"};
        b->kind = "fetch";
        b->cycles_per_iteration = sim;
        snprintf(b->what, sizeof b->what, "front end: %s; map waited for fetch in %lld of %lld cycles", fn[fk], fe_all, out->total_cycles);
    }
}

/* llvm-mca -instruction-tables: one instance of each instruction, its uops' unit cycles spread
 * evenly over the units each can use (llvm: a resource's cycles divided among its units); an
 * instruction eliminated at rename takes no unit */
void sim_tables(const SimCpu *sc, const SimInst *si, int n, McaResult *out)
{
    Arena *A = &out->arena;
    int nu = sc->nunits;
    out->iterations = 1;
    out->nunits = nu;
    out->unit_names = arena_alloc(A, sizeof(char *) * (size_t)(nu > 0 ? nu : 1));
    for (int u = 0; u < nu; u++)
        out->unit_names[u] = sc->unit_name[u];
    sim_pressure_layout(si, n, nu, 8, out);
    for (int i = 0; i < n; i++) {
        if (si[i].elim == SIM_ELIM_ALWAYS)
            continue;
        for (int k = 0; k < si[i].nissue; k++) {
            const SimIssue *is = &si[i].issue[k];
            int cnt = bits32(is->units);
            if (cnt == 0)
                continue;
            double w = (is->occupancy > 0 ? is->occupancy : 1) * (is->frac > 0 && is->frac < 1 ? is->frac : 1.0) / cnt;
            for (uint32_t m = is->units; m; m &= m - 1)
                out->pressure[mca_pressure_index(out->pmask, out->poff, i, __builtin_ctz(m))] += w;
        }
    }
}

/* sim.c — the cycle simulator: mca_simulate() and its engine sim_run().
 *
 * Each cycle, in this order (so a slot freed in cycle t is reused in cycle t+1 at the earliest):
 *   retire    in order, whole retire groups whose instructions have executed, up to
 *             retire_width groups (and retire_uops_width slots) per cycle;
 *   issue     per scheduler, oldest first: a uop whose source operands are ready goes to a
 *             free capable unit it feeds (one issue per unit per cycle; a non-pipelined unit
 *             stays busy `occupancy` cycles);
 *   map       in order, up to `width` slots per cycle (its retire slots; a flag writer with
 *             another result takes one more with the model's flag_write_map_slots): fusion (the pair takes one slot),
 *             elimination (the register is renamed, nothing issues; "limited" eliminations
 *             only N per map group), retire-group packing, renaming through a table of last
 *             writers (so flags are just another register), and dispatch of the issue uops to
 *             the least-occupied capable scheduler.  Map stops at the first instruction that
 *             does not fit (retire queue, rename queue, register file, scheduler, load/store
 *             queue), counting the stall; an unconditional branch the front end does not
 *             follow ends the map group (one taken branch per cycle; fetch takes the followed
 *             ones); an instruction
 *             with more uops than slots left takes slots of the next cycle's group.
 * A uop dispatched in cycle t issues in t+1 at the earliest; a result written with latency L by
 * an instruction whose first uop issued in cycle t (its other uops only take units) is usable
 * by an issue in cycle t+L, or earlier by a consumer reading that operand late (read advance).
 * A fractional latency (a measured average, e.g. 4.2) takes its whole cycles plus one more on
 * that tenth of the producer's iterations, spread evenly (edge_extra).
 * Loads never wait for stores with -noalias (llvm-mca's default); without it a load waits until
 * every older store has executed (llvm-mca's LSUnit rule).  A form whose measured throughput is
 * above what its units explain (barriers, atomics) maps at most once per that many cycles.  An
 * atomic with a memory-chain latency waits for the previous atomic on the same address (same
 * base register value and offset).  With the model's excl_store_restart, a store-exclusive
 * restarts the pipeline: the instructions after it map that many cycles after its first issue
 * at the earliest; with excl_release_new_line, a store-release exclusive to another 64-byte
 * line than its previous instance's (line_new) adds that many cycles to its gate.
 *
 * In-flight instructions live in a ring indexed by dynamic id (iteration * n + index); cycles in
 * which nothing can happen are skipped to the next event.  Memory is allocated once per
 * simulation (ring, scheduler queues, counters, wait lists), never per cycle.
 *
 * Speed.  Wake-up is event driven: each in-flight instruction counts its producers whose result
 * time is not known yet (`nwait`) and sits on their wait lists (a fixed pool: SIM_NWAIT nodes
 * per ring slot); a producer's first issue (its completion, for a load waiting on a store)
 * wakes them.  A scheduler with no woken entry and no known ready cycle reached is not scanned,
 * and the idle-cycle skip takes its earliest known ready cycle.  The ready cycle itself is still
 * computed where the scan first looks at a woken entry, as before, so results do not change.
 * Steady state: most blocks repeat after a few iterations; when the whole state at an
 * iteration boundary equals (relative to it) the state of an earlier boundary, the remaining
 * whole periods are cut out and their statistics added (see "steady state" below), which gives
 * exactly the results of the full run.  Fractional issue counts (which depend on the iteration
 * number) allow a cut only when their pattern repeats with the period (so only such periods are
 * looked for and confirmed: a state repeating every 2 iterations with an issue count of 1/3
 * is cut with period 6); throughput gates count in
 * integer millionths of a cycle so a shift by whole cycles is exact; recent atomics are part of
 * the state; the fetch group being filled is not, while map does not wait for fetch (fetch is
 * then followed apart over the periods cut: fe_extend).  UARCH_MCA_NO_EXTRAPOLATION=1 in the environment turns the cut off (full
 * simulation, for verification).  Timeline events are kept only when the timeline is shown
 * (the cut waits until those iterations have retired).
 * Scans: a scheduler scan stops once the rest of its entries all wait for a producer (counted
 * per scheduler), and only non-pipelined units can be busy at the start of a cycle.  The
 * buffers of a simulation are kept per thread from one region to the next.  Bit masks of the
 * non-empty and the full schedulers spare loops over all of them (issue, and the scheduler pick
 * of a one-uop instruction); each consumer source keeps its last producer's edge latency; the
 * idle skip waits for the oldest retire group's completion; the steady-state confirmation
 * compares the live state with the candidate's snapshot in place; after a candidate period
 * fails, the search goes on from the next longer period (the few numbers that pick a
 * candidate often repeat every iteration while the whole state repeats every few).
 */
#include "mca/sim.h"
#include "util/opt.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NEVER INT32_MAX
#define SIM_PICKS 12            /* issue uops of a waiting instruction tracked per scheduler */
#define GATE_ONE 1000000        /* throughput gates count in millionths of a cycle (measured
                                   reciprocal throughputs have at most 6 decimals) */

typedef struct Dyn {
    /* the fields the issue scan and retire read come first (one cache line) */
    int32_t srcready;            /* cycle all sources are ready; -1 unknown yet */
    int32_t dispatched;
    int32_t done;                /* cycle the instruction has executed (NEVER until known) */
    int32_t first_issue;
    int32_t result;              /* base cycle of results (first issue) */
    int32_t sidx;                /* static index in the block */
    uint32_t group;              /* retire group number, its low 32 bits (enough to tell apart
                                  * the groups in flight, far fewer than 2^32) */
    uint8_t nissue;              /* issue uops for this instance (0 when eliminated) */
    uint8_t nissued;
    bool elim;                   /* result at `result` with no latency (renamed, fused second) */
    bool rf_alloc;               /* holds physical registers until it retires */
    bool mem_wait;               /* its readiness was set by an older store */
    bool wcounted;               /* its entries count in their schedulers' `nwaiting` */
    uint8_t picks[SIM_PICKS];    /* the scheduler of each issue uop (when wcounted) */
    int32_t wake_issue;          /* consumers to notify at the first issue (wait list, -1 end) */
    int32_t wake_done;           /* consumers to notify when done is known (loads after a store) */
    uint32_t sched_mask;         /* schedulers holding its uops */
    uint8_t prod_dst[SIM_MAX_SRC];
    /* the producer of each source, then (PROD_RMW) the older read-modify-write of the same
     * address and (PROD_MEM, -noalias=false) the youngest older store, as its distance back from
     * this instruction's dynamic id (dyn_prod): 0 for none, or one so far back that it retired
     * before this one mapped (the window is far shorter than 2^32 ids).  In 32 bits, not as
     * 64-bit ids: a smaller Dyn, fewer cache lines written per instruction mapped */
    uint32_t prod_back[SIM_MAX_SRC + 2];
} Dyn;
/* two whole cache lines: a ring slot (the ring is 64-byte aligned) is written in two lines when
 * an instruction maps */
_Static_assert(sizeof(Dyn) == 128, "Dyn is two cache lines");
#define PROD_RMW SIM_MAX_SRC
#define PROD_MEM (SIM_MAX_SRC + 1)

/* the producer of source k of dynamic instruction id (its Dyn d): the producer's dynamic id, or
 * -1 for none.  (A producer too far back for prod_back is one that retired before id mapped,
 * which every use treats as none, as an id below `oldest`.) */
static inline int64_t dyn_prod(const Dyn *d, int64_t id, int k)
{
    return d->prod_back[k] ? id - (int64_t)d->prod_back[k] : -1;
}

/* d (dynamic instruction id) has producer p (-1 none) at k */
static inline void dyn_set_prod(Dyn *d, int64_t id, int k, int64_t p)
{
    d->prod_back[k] = p >= 0 && id - p < UINT32_MAX ? (uint32_t)(id - p) : 0;
}

/* wait-list nodes: consumer ring slot c owns nodes c * SIM_NWAIT .. c * SIM_NWAIT + SIM_NWAIT - 1
 * (one per source, the atomic chain and the older store), so the pool never allocates */
#define SIM_NWAIT (SIM_MAX_SRC + 2)

/* a uop waiting in a scheduler: dynamic id, static index, ready cycle (-1 unknown), capable
 * units (copied, so a scan touches only this array), issue index */
typedef struct Entry { int64_t id; int32_t i; int32_t rd; uint32_t units; uint8_t k; bool counted; } Entry;

typedef struct Sched {
    Entry *e;
    int n, cap;
    long long sum_used;          /* entries summed over the cycles before acc_t */
    int32_t acc_t;
    int max_used;
    /* the scan can be skipped (nothing in it can change) while no entry has become pollable
     * (`dirty`: an instruction's producers all known, its ready cycle not computed yet) and no
     * known ready cycle (`min_rd`) has come */
    bool dirty;
    int32_t min_rd;
    /* entries of waiting instructions (a producer not issued) that are `counted`: once the
     * rest of a scan holds only those, the scan stops */
    int nwaiting;
} Sched;

#define SIM_RMW_SLOTS 8
typedef struct SimRmw { int64_t id, base_prod, off; int base; } SimRmw;

/* scheduler occupancy is summed lazily: before its entry count changes in cycle t, the cycles
 * since the last change are added with the count they had (the count at the end of a cycle) */
static inline void sched_acc(Sched *sc, int32_t t)
{
    /* (acc_t <= t always, as cycles only go forward: no test, which was mispredicted often) */
    sc->sum_used += (long long)sc->n * (t - sc->acc_t);
    sc->acc_t = t;
}

/* what mapping static instruction i needs (with its fused partner when span is 2): retire
 * slots, load/store queue entries, renames, registers per file (without the first
 * instruction's when it is eliminated) */
typedef struct MapNeed {      /* (10 bytes: one per instruction of a long region) */
    uint8_t span : 2, lq : 2, sq : 2;   /* (at most 2 each) */
    bool frac : 1;               /* an issue uop with a fractional count */
    uint8_t rq;                  /* (at most 2 * SIM_MAX_DST, as each count below) */
    int16_t slots;
    uint8_t rf[SIM_NRF], rf_elim[SIM_NRF];
} MapNeed;

/* the edge latency of a consumer's source from its last producer, remembered: the producer of a
 * source is nearly always the same static instruction.  A table of at most SIM_EDGE_MEMO entries,
 * the source (i, k) at (i * SIM_MAX_SRC + k) & emask, so that a long region takes no memory per
 * source here: one longer than SIM_EDGE_MEMO / SIM_MAX_SRC instructions computes an entry again
 * when another source took its place (the sources of the instructions in flight, far fewer than
 * the table, never meet).  The latency is a pure function of the key, so this changes nothing */
#define SIM_EDGE_MEMO (1u << 16)
typedef struct EdgeMemo {
    int32_t cons;                /* the source: static instruction (-1 none) ... */
    int32_t key;                 /* the producer: static index, destination, renamed */
    int32_t lat;                 /* whole cycles */
    uint8_t k;                   /* ... and its source k */
    uint8_t tenths;              /* and the tenths of a cycle beyond (edge_extra) */
} EdgeMemo;

/* the front end: fetched up to next - 1 (static index k next), the group being filled fetched
 * in cycle t with cnt instructions of `bytes` bytes, started for `why`; acc = millicycles of
 * stalls not yet whole cycles */
typedef struct FeState {
    int64_t next;
    int k, cnt, bytes;
    int32_t t;
    int64_t acc;
    uint8_t why;
} FeState;

typedef struct Sim {
    const SimCpu *c;
    const SimInst *si;
    int n;
    int64_t total;               /* n * iterations */
    Dyn *ring;
    int64_t mask;                /* ring size - 1 (grows by doubling up to ring_max - 1) */
    int64_t ring_max;            /* the largest possible window, rounded up to a power of two */
    int64_t next_map, oldest;    /* next to map, oldest not retired */
    int map_i;                   /* next_map % n */
    int64_t map_it;              /* next_map / n */
    int64_t rat[A64_NREGS];      /* last writer per register (dynamic id, -1 none) */
    uint8_t rat_dst[A64_NREGS];
    Sched sched[SIM_MAX_SCHED];
    int32_t unit_busy[SIM_MAX_UNITS];   /* unit free from this cycle on */
    uint32_t long_busy;          /* units that may be busy past the next cycle (occupancy > 1) */
    uint32_t nonempty;           /* schedulers holding entries */
    uint32_t full;               /* schedulers at capacity */
    /* group accounting */
    int64_t cur_group, groups_retired;
    int cur_group_uops, cur_group_issuing;
    bool group_open;
    /* occupancy */
    int lq_used, sq_used, rq_used, rf_used[SIM_NRF];
    int lq_max, sq_max, rq_max, rf_max[SIM_NRF], rob_max;
    long long lq_sum, sq_sum, rq_sum, rf_sum[SIM_NRF], rob_sum;
    long long rf_maps[SIM_NRF];
    int maps_max;
    int carry_slots;             /* map slots of the next cycle already taken */
    int64_t decoded;             /* with a micro-op queue: [next_map, decoded) are in it */
    int q_uops, q_ipc;           /* its uops; instructions that entered it in this cycle */
    int retire_carry;            /* retire slots of the next cycle already taken */
    int64_t rwalk_from, rwalk_to; /* retire: the members rwalk_from..rwalk_to-1 of the oldest group */
    int rwalk_slots;             /* have executed (and take rwalk_slots slots) */
    int64_t last_store;          /* youngest store mapped (-1 none) */
    int64_t excl_id;             /* a store-exclusive the instructions after it wait for (-1 none) */
    int32_t excl_until;          /* they map from this cycle on (NEVER: it has not issued yet) */
    FeState fe;                  /* front end */
    long long fe_waits;          /* cycles map waited for fetch */
    /* steady state with the front end: fe_dem[x & dem_mask] = the cycle map asked for
     * instruction x (NULL: the front end's state is part of the snapshot; see fe_extend) */
    int32_t *fe_dem;
    int64_t dem_mask;
    SimRmw rmw[SIM_RMW_SLOTS];   /* recent atomics by address */
    int rmw_next;
    long long mem_dep_cycles;
    int64_t *gate_next;          /* per throughput gate: the cycle from which the next may map,
                                  * in GATE_ONE units (exact: shifting by whole cycles changes nothing) */
    int ngates;                  /* gates (SimInst.gate_id < ngates) */
    int32_t *wnext;              /* wait-list links, SIM_NWAIT per ring slot */
    uint32_t *qmask;             /* per issue uop of the block (from qoff[i]): its schedulers */
    int32_t *done_lat;           /* per static instruction: first issue to completion */
    MapNeed *need;               /* per static instruction: what mapping it takes */
    int *qoff;
    int extra[SIM_MAX_SCHED];    /* map: uops of the instruction placed so far, per scheduler */
    int disp_q[SIM_MAX_SCHED];   /* map: uops dispatched into each scheduler in this cycle */
    EdgeMemo *memo;              /* edge latencies of the sources: emask + 1 entries */
    uint32_t emask;
    uint16_t tenths_used;        /* bit q: an edge with q tenths has been taken */
    bool noalias;                /* McaOptions.noalias: no load waits for a store */
    bool late_any;               /* an instruction of the block has a late-read source */
    int32_t *nwait;              /* per ring slot: producers whose result time is not known yet
                                  * (apart from the ring, so the issue scan skips waiting entries
                                  * without touching their Dyn) */
} Sim;

/* the statistics at a candidate boundary, kept sparse: most per-instruction ones are zero
 * (an instruction uses a few of the units), so only the non-zero values are stored, in walk
 * order, with a bit per statistic telling which (a region of 100,000 instructions would
 * otherwise hold 150 bytes per instruction here); and as they are counts (the pressure
 * cells too, until the views divide them) taken early in the run, most in 16 bits, exactly */
typedef struct SimStats {
    uint16_t *val;               /* the non-zero values that are whole numbers below 2^16 */
    double *wval;                /* the other non-zero values */
    size_t nval, cap, nwval, wcap;
    uint64_t *bits;              /* bit k: statistic k is kept (in val or wval) */
    uint64_t *wide;              /* bit k: statistic k is in wval */
    size_t bits_cap;             /* (bytes, of each) */
} SimStats;

/* Buffers of one simulation, kept from one region to the next (per thread): allocating and
 * clearing them per region (fresh pages: page faults and zeroing) cost more than small
 * regions' simulation.  Nothing is read before the simulation writes it (a ring slot is filled
 * when an instruction maps), apart from the per-region statistics cleared below. */
typedef struct SimWork {
    Dyn *ring;
    int32_t *wnext, *nwait;
    Dyn *grow_tmp;               /* ring growth: the in-flight instructions, in id order */
    int32_t *grow_wn;
    size_t grow_tmp_cap, grow_wn_cap;
    int64_t *gate;
    long long *counts;
    SimInst *insts;
    SimLists lists;              /* the lists the insts point into */
    uint32_t *qmask;
    int *qoff;
    int32_t *done_lat;
    EdgeMemo *memo;
    MapNeed *need;
    Entry *entries[SIM_MAX_SCHED];
    int32_t *fe_dem;             /* Sim.fe_dem */
    int64_t *snap_v;             /* steady state: the candidate's snapshot */
    SimStats snap_st;            /* statistics at the candidate (sim_run's SimStats, sparse) */
    size_t snap_v_cap, fe_dem_cap;
    size_t memo_cap, need_cap, done_lat_cap, qmask_cap, qoff_cap, ring_cap, wnext_cap, nwait_cap, gate_cap, counts_cap, insts_cap, entries_cap[SIM_MAX_SCHED];
} SimWork;

static _Thread_local SimWork sim_work;

static void *work_grow(void **p, size_t *cap, size_t bytes)
{
    if (bytes > *cap) {
        free(*p);
        *p = xmalloc(bytes);
        *cap = bytes;
    }
    return *p;
}

/* MapNeed of static instruction i */
static void map_need(const SimInst *si, int i, int span, MapNeed *m)
{
    memset(m, 0, sizeof *m);
    m->span = (uint8_t)(span & 3);
    for (int x = 0; x < span; x++) {
        const SimInst *y = &si[i + x];
        m->slots += (int16_t)y->uops;
        if (y->mem == A64_MEM_LOAD || y->mem == A64_MEM_LOADSTORE) m->lq++;
        if (y->mem == A64_MEM_STORE || y->mem == A64_MEM_LOADSTORE) m->sq++;
        m->rq += y->ndst;
        for (int k = 0; k < y->ndst; k++) {
            m->rf[y->dst[k].rf]++;
            if (x > 0) m->rf_elim[y->dst[k].rf]++;
        }
    }
    for (int k = 0; k < si[i].nissue; k++)
        if (si[i].issue[k].frac > 0 && si[i].issue[k].frac < 1) m->frac = true;
}

/* consumer `id` waits for producer `p` (its list `*head`): node k of the consumer's slot */
/* llvm-mca's MicroOpQueueStage (zero latency): each cycle, instructions enter the queue in
 * order, up to decode_ipc of them, while their uops (at least 1, at most the queue's size) fit;
 * then map takes them from it in the same cycle (room it frees is for the next cycle). */
/* the micro-op queue entries instruction i takes: its uops, at least 1, at most the queue */
static inline int queue_uops(const SimCpu *c, const SimInst *si, int i)
{
    int u = si[i].uops;
    return u < 1 ? 1 : u > c->uopq_size ? c->uopq_size : u;
}

static void decode_more(Sim *s)
{
    const SimCpu *c = s->c;
    while (s->decoded < s->total && (c->decode_ipc <= 0 || s->q_ipc < c->decode_ipc)) {
        /* a fused pair enters as one, as map takes it (ours: llvm-mca fuses nothing) */
        int i = (int)(s->decoded % s->n), span = s->need[i].span == 2 && s->decoded + 1 < s->total ? 2 : 1, u = 0;
        for (int x = 0; x < span; x++)
            u += queue_uops(c, s->si, (i + x) % s->n);
        if (s->q_uops + u > c->uopq_size && s->q_uops > 0)   /* (a pair larger than the queue: */
            break;                                            /*  alone in it) */
        s->q_uops += u;
        s->q_ipc += span;
        s->decoded += span;
    }
}

static void wait_on(Sim *s, int64_t id, int k, int32_t *head)
{
    int32_t node = (int32_t)((id & s->mask) * SIM_NWAIT + k);
    s->wnext[node] = *head;
    *head = node;
    s->nwait[id & s->mask]++;
}

static void wake(Sim *s, int32_t *head)
{
    for (int32_t node = *head; node >= 0; node = s->wnext[node]) {
        int32_t slot = node / SIM_NWAIT;
        if (--s->nwait[slot] == 0) {
            Dyn *c = &s->ring[slot];
            for (uint32_t m = c->sched_mask; m; m &= m - 1)
                s->sched[__builtin_ctz(m)].dirty = true;
            if (c->wcounted)
                for (int k = 0; k < c->nissue; k++)
                    s->sched[c->picks[k]].nwaiting--;
        }
    }
    *head = -1;
}

/* cycles from the producer's last issue to the consumer's issue: the producer's latency for the
 * register (0 when it was renamed away), or the producer/consumer rule's, less the consumer's
 * read advance of the operand */
static int32_t edge_latency(const Sim *s, int ps, int dsti, int cons, int srci, bool renamed, uint8_t *tenths)
{
    const SimSrc *r = &s->si[cons].src[srci];
    SimSrcX x = sim_src_x(&s->si[cons], srci);
    float lat = renamed ? 0 : s->si[ps].dst[dsti].lat;
    if (x.edge_lat >= 0 && r->exp_prod == ps && r->exp_dst == dsti)
        lat = x.edge_lat;
    else
        lat -= x.advance;
    /* a fractional latency is a measured average (LDRB post-index chain 4.2 cycles): whole
     * cycles, and the tenths beyond them taken by edge_extra() */
    int32_t q = (int32_t)floorf(lat * 10 + 0.5f), whole = q >= 0 ? q / 10 : -((-q + 9) / 10);
    *tenths = (uint8_t)(q - whole * 10);
    return whole;
}

/* the extra cycle of an edge with `q` tenths beyond its whole cycles, for the producer's
 * iteration `it`: one on q of every 10 iterations, spread evenly (the pattern repeats every
 * 10 / gcd(q, 10) iterations; frac_periodic) */
static inline int32_t edge_extra(int64_t it, int q)
{
    return (int32_t)((it + 1) * q / 10 - it * q / 10);
}

/* the base cycle of the results of an instruction with late-read sources that first issues in
 * cycle t with its sources ready (less their read advances) in cycle rd < t.  A consumer cannot
 * issue before the producers it waits for, yet its early uops do not need a late operand: the
 * part of the delay caused by the producer of a late-read operand issuing after rd (at most the
 * operand's advance) is credited back, so the result counts from when the late operand was
 * ready.  E.g. TBX with a three-register table: the third table register is read 4 cycles after
 * the first, so a chain through it takes 2 cycles, not the 6 of the first operand. */
static int32_t late_result(const Sim *s, const Dyn *d, int64_t id, const SimInst *in, int32_t rd, int32_t t)
{
    int32_t credit = 0;
    for (int k = 0; k < in->nsrc; k++) {
        float adv = sim_src_x(in, k).advance;
        int64_t p = dyn_prod(d, id, k);
        if (adv <= 0 || p < 0 || p < s->oldest)
            continue;
        const Dyn *pd = &s->ring[p & s->mask];
        if (pd->nissued == 0)
            continue;
        int32_t until = pd->first_issue + 1 < t ? pd->first_issue + 1 : t;
        int32_t c = until - rd, cap = (int32_t)floorf(adv + 0.5f);
        if (c > cap) c = cap;
        if (c > credit) credit = c;
    }
    return t - credit;
}

static bool issue_present(const SimIssue *is, int64_t it)
{
    if (is->frac <= 0 || is->frac >= 1)
        return true;
    return (int64_t)((it + 1) * (double)is->frac) > (int64_t)(it * (double)is->frac);
}

/* the cycle the sources of dynamic instruction id are all ready, or -1 if not known yet */
static int32_t src_ready(Sim *s, int64_t id)
{
    Dyn *d = &s->ring[id & s->mask];
    if (d->srcready >= 0)
        return d->srcready;
    if (s->nwait[id & s->mask] > 0)
        return -1;   /* a producer has not issued yet (woken by its first issue) */
    const SimInst *in = &s->si[d->sidx];
    int32_t r = d->dispatched;
    for (int k = 0; k < in->nsrc; k++) {
        int64_t p = dyn_prod(d, id, k);
        if (p < s->oldest)   /* (oldest >= 0: none, -1, is below it too) */
            continue;
        Dyn *pd = &s->ring[p & s->mask];
        if (pd->done == NEVER && pd->nissued == 0)
            return -1;   /* the result time is known from the producer's first issue on */
        /* the producer of a source is nearly always the same static instruction: its edge
         * latency is kept per source */
        int32_t key = pd->sidx << 4 | d->prod_dst[k] << 1 | pd->elim;
        EdgeMemo *m = &s->memo[((size_t)d->sidx * SIM_MAX_SRC + (size_t)k) & s->emask];
        if (m->key != key || m->cons != d->sidx || m->k != k) {
            m->cons = d->sidx;
            m->k = (uint8_t)k;
            m->key = key;
            m->lat = edge_latency(s, pd->sidx, d->prod_dst[k], d->sidx, k, pd->elim, &m->tenths);
            s->tenths_used |= (uint16_t)(1u << m->tenths);
        }
        int32_t t = pd->result + m->lat;
        if (m->tenths)
            t += edge_extra(p / s->n, m->tenths);
        if (t > r)
            r = t;
    }
    int64_t rmw_prod = dyn_prod(d, id, PROD_RMW), mem_prod = dyn_prod(d, id, PROD_MEM);
    if (rmw_prod >= 0 && rmw_prod >= s->oldest) {
        Dyn *pd = &s->ring[rmw_prod & s->mask];
        if (pd->done == NEVER && pd->nissued == 0)
            return -1;
        /* (a measured average as for registers: CAS 10.6 cycles) */
        int32_t q = (int32_t)floorf(s->si[pd->sidx].mem_chain * 10 + 0.5f);
        int32_t tm = pd->result + q / 10 + edge_extra(rmw_prod / s->n, q % 10);
        s->tenths_used |= (uint16_t)(1u << q % 10);
        if (tm > r) {
            r = tm;
            d->mem_wait = true;
        }
    }
    if (mem_prod >= 0 && mem_prod >= s->oldest) {
        Dyn *pd = &s->ring[mem_prod & s->mask];
        if (pd->done == NEVER)
            return -1;
        if (pd->done > r) {
            r = pd->done;
            d->mem_wait = true;
        }
    }
    d->srcready = r;
    return r;
}

static const int arch_regs[SIM_NRF] = {32, 32, 1};

/* ---- steady state ----
 * At each iteration boundary (the first cycle start at which mapping has reached iteration b)
 * the whole machine state is written relative to the boundary (ids less b * n, cycles less the
 * current one, retired producers as one marker; less what no later cycle reads, listed above
 * snap_min_rd) into a snapshot.  When the snapshot of boundary
 * b2 equals that of an earlier boundary b1, the run from b2 on repeats the run from b1 shifted
 * by P = b2 - b1 iterations and D cycles (the engine only compares and adds cycles and ids), as
 * long as the end of the stream is not reached.  The remaining whole periods are then cut out:
 * the stream is shortened by m * P iterations, every accumulated statistic gets m times its
 * increment between b1 and b2, and the cycle count m * D.  The tail (drain) is simulated. */
#define SIM_PMAX 32                       /* longest period looked for, in boundaries */
#define SIM_DEM_MAX (1 << 16)             /* Sim.fe_dem entries at most (256 KiB) */
typedef struct SimSnap {
    int64_t *v;                          /* the normalized state */
    size_t nv, cap;
    int64_t b;                           /* the iteration of the boundary */
    int32_t t;                           /* the cycle */
} SimSnap;

/* snap_state writes the state into sn->v (it reserves room for all of it first), or with
 * `same` compares it with what sn->v holds, stopping at the first difference */
#define SNAP_PUT(x) do { \
        int64_t x_ = (x); \
        if (!same) sn->v[sn->nv++] = x_; \
        else if (k_ >= sn->nv || sn->v[k_++] != x_) return false; \
    } while (0)

#define SNAP_GONE INT64_MIN              /* no producer, or one that has retired */
#define SNAP_GONE32 INT32_MIN            /* the same in a packed half */

/* a dynamic id relative to the boundary's first id `base`, or `gone` for none (-1) or an
 * instruction that has retired */
static inline int64_t snap_id(const Sim *s, int64_t x, int64_t base, int64_t gone)
{
    return x < 0 || x < s->oldest ? gone : x - base;
}

/* two numbers in one: each is a cycle or an id relative to the boundary, or a small count or
 * mask, so it fits 32 bits (the window spans far fewer than 2^31 ids and cycles) */
static inline int64_t snap_pk(int64_t a, int64_t b)
{
    return (int64_t)((uint64_t)(uint32_t)a << 32 | (uint32_t)b);
}

/* the fetch group being filled, relative to cycle t (3 numbers) */
static int fe_rel(const Sim *s, int32_t t, int64_t *v)
{
    v[0] = s->fe.next ? (int64_t)s->fe.t - t : 0;
    v[1] = (int64_t)s->fe.cnt << 32 | (uint32_t)s->fe.bytes;
    v[2] = s->fe.acc << 8 | s->fe.why;
    return 3;
}

/* is the fetch group being filled at cycle t the one kept in v by fe_rel? */
static bool fe_same(const Sim *s, int32_t t, const int64_t *v)
{
    int64_t w[3];
    fe_rel(s, t, w);
    return !memcmp(v, w, sizeof w);
}

/* the counts that open both the snapshot and the signature: positions relative to the
 * boundary's first id `base`, the open retire group, queue and register occupancy, carries */
#define SNAP_HEAD (15 + SIM_NRF)
static int snap_head(const Sim *s, int64_t base, int32_t t, int64_t *v)
{
    int k = 0;
    /* (with fe_dem the rest of the front end's state is left out: fe_extend) */
    v[k++] = s->fe.next - base;
    if (s->fe_dem) {
        v[k++] = 0, v[k++] = 0, v[k++] = 0;
    } else {
        k += fe_rel(s, t, v + k);
    }
    v[k++] = s->next_map - base;
    v[k++] = s->oldest - base;
    v[k++] = s->cur_group - s->groups_retired;
    v[k++] = s->group_open;
    v[k++] = s->cur_group_uops;
    v[k++] = s->cur_group_issuing;
    v[k++] = s->lq_used;
    v[k++] = s->sq_used;
    v[k++] = s->rq_used;
    for (int f = 0; f < SIM_NRF; f++) v[k++] = s->rf_used[f];
    v[k++] = s->carry_slots;
    v[k++] = s->retire_carry;
    return k;
}

/* What the snapshot leaves out: values no later cycle reads, or reads only in a way that every
 * value they may take gives the same (so two states that differ only there run alike, the
 * statistics included).  Each is a fact of the code of this file, where the fields are read:
 *  - last_issue is not kept at all (it was written and never read);
 *  - an instruction whose uops have all issued, or that has none: its dispatch and
 *    source-ready cycles, its producers, mem_wait and the schedulers of its uops are read only
 *    for its scheduler entries (src_ready and the issue scan are called on entries; late_result
 *    and the rename of an eliminated move read them when it issues or maps) and by wake(),
 *    which never reaches it (an issue needs every producer issued: nwait 0, and only a new
 *    instruction is put on wait lists); its first issue is read by a consumer's late_result
 *    (only in a block with a late-read source) and by the store-exclusive restart (excl_id);
 *  - a completion cycle at or before the boundary's cycle t: retire and the idle skip compare
 *    it with the current cycle (>= t) only, where any such value acts alike; src_ready takes it
 *    as an older store's (mem_prod, set only without -noalias) against a load's own cycles,
 *    so a store's is kept there;
 *  - a ready cycle at or before t (a scheduler's min_rd, an entry's rd, or an instruction's
 *    known source-ready cycle with its dispatch, whose later of the two and dispatch + 1 is
 *    what its entries take): the scan and the idle skip compare it with the current cycle
 *    only; only late_result reads its value, for an instruction with a late-read source. */
static inline int64_t snap_min_rd(const Sched *sc, int32_t t)
{
    return sc->min_rd == NEVER ? SNAP_GONE : sc->min_rd <= t ? 0 : (int64_t)sc->min_rd - t;
}

static inline int64_t snap_entry_rd(const Sim *s, const Entry *e, int32_t t)
{
    return e->rd < 0 ? SNAP_GONE32 : e->rd <= t && !s->si[e->i].late_read ? 0 : (int64_t)e->rd - t;
}

/* the source-ready cycle of instruction d (not all issued) is known and, with its dispatch, no
 * later than t (its entries take the later of srcready and dispatched + 1) */
static inline bool snap_ready(const Dyn *d, const SimInst *in, int32_t t)
{
    int32_t eff = d->srcready > d->dispatched + 1 ? d->srcready : d->dispatched + 1;
    return d->srcready >= 0 && eff <= t && !in->late_read;
}

static inline int64_t snap_done(const Sim *s, const Dyn *d, const SimInst *in, int32_t t)
{
    bool store = in->mem == A64_MEM_STORE || in->mem == A64_MEM_LOADSTORE;
    if (d->done == NEVER)
        return SNAP_GONE32;
    return d->done <= t && (s->noalias || !store) ? 0 : (int64_t)d->done - t;
}

static inline __attribute__((always_inline))
bool snap_state(const Sim *s, int32_t t, int64_t b, SimSnap *sn, const bool same)
{
    size_t k_ = 0;   /* (compare: the next stored value) */
    /* room for everything (SNAP_PUT then never grows it) */
    size_t need = 64 + 4 * SIM_RMW_SLOTS + 2 * A64_NREGS + (size_t)s->c->nunits + (size_t)s->ngates +
                  (size_t)(s->next_map - s->oldest) * (16 + 2 * SIM_MAX_SRC);
    for (int q = 0; q < s->c->nsched; q++) need += 3 + 3 * (size_t)s->sched[q].n;
    if (!same && sn->cap < need) {
        sn->cap = need;
        sn->v = xrealloc(sn->v, sn->cap * sizeof(int64_t));
    }
    int64_t base = b * s->n, gb = s->groups_retired;
#define ID(x) snap_id(s, (x), base, SNAP_GONE)
#define ID32(x) snap_id(s, (x), base, SNAP_GONE32)
#define TM(x) ((int64_t)(x) - t)
    if (!same)
        sn->nv = 0;
    int64_t head[SNAP_HEAD];
    for (int h = 0, nh = snap_head(s, base, t, head); h < nh; h++)
        SNAP_PUT(head[h]);
    SNAP_PUT(ID(s->last_store));
    SNAP_PUT(s->excl_id < 0 ? SNAP_GONE : ID(s->excl_id));
    SNAP_PUT(s->excl_id < 0 || s->excl_until == NEVER ? SNAP_GONE : s->excl_until > t ? TM(s->excl_until) : 0);
    for (int r = 0; r < A64_NREGS; r++)
        SNAP_PUT(snap_pk(ID32(s->rat[r]), s->rat_dst[r]));
    for (int u = 0; u < s->c->nunits; u++)
        SNAP_PUT(s->unit_busy[u] > t ? TM(s->unit_busy[u]) : 0);
    for (int g = 0; g < s->ngates; g++)
        SNAP_PUT(s->gate_next[g] > (int64_t)t * GATE_ONE ? s->gate_next[g] - (int64_t)t * GATE_ONE : 0);
    /* recent atomics: a later one matches a slot by its base register's current producer, so
     * what counts is whether the slot's producer is still that register's */
    SNAP_PUT(s->rmw_next % SIM_RMW_SLOTS);
    for (int m = 0; m < SIM_RMW_SLOTS; m++) {
        const SimRmw *w = &s->rmw[m];
        SNAP_PUT(w->id < 0 ? SNAP_GONE : ID(w->id));
        SNAP_PUT(w->id < 0 ? 0 : w->base);
        SNAP_PUT(w->id < 0 ? 0 : w->off);
        SNAP_PUT(w->id >= 0 && w->base_prod == s->rat[w->base]);
    }
    for (int64_t x = s->oldest; x < s->next_map; x++) {
        const Dyn *d = &s->ring[x & s->mask];
        const SimInst *in = &s->si[d->sidx];
        /* an instruction whose uops have all issued (or that has none) has no scheduler entry
         * left: what only its own entries read is no longer state (see above snap_min_rd) */
        bool issued = d->nissued == d->nissue;
        /* (issued first: two states that differ there differ at once, not in a record that
         * then shifts the rest) */
        SNAP_PUT(snap_pk((int64_t)d->sidx << 1 | issued, s->nwait[x & s->mask]));
        if (!issued) {
            SNAP_PUT(snap_ready(d, in, t) ? 0 : snap_pk(TM(d->dispatched), d->srcready < 0 ? SNAP_GONE32 : TM(d->srcready)));
            for (int k = 0; k < in->nsrc; k++)
                SNAP_PUT(snap_pk(ID32(dyn_prod(d, x, k)), d->prod_dst[k]));
            SNAP_PUT(snap_pk(ID32(dyn_prod(d, x, PROD_MEM)), ID32(dyn_prod(d, x, PROD_RMW))));
        }
        bool first_read = !issued || s->late_any || x == s->excl_id;
        SNAP_PUT(!first_read ? SNAP_GONE : d->first_issue < 0 ? SNAP_GONE32 : TM(d->first_issue));
        SNAP_PUT(snap_pk(snap_done(s, d, in, t), d->nissued == 0 && d->done == NEVER ? SNAP_GONE32 : TM(d->result)));
        SNAP_PUT(snap_pk((int32_t)(d->group - (uint32_t)gb), issued ? 0 : d->sched_mask));
        SNAP_PUT(d->nissue | d->nissued << 8 | d->elim << 16 | d->rf_alloc << 17 | (!issued && d->mem_wait) << 18);
    }
    for (int q = 0; q < s->c->nsched; q++) {
        const Sched *sc = &s->sched[q];
        SNAP_PUT(sc->n);
        SNAP_PUT(sc->dirty);
        SNAP_PUT(snap_min_rd(sc, t));
        for (int r = 0; r < sc->n; r++) {
            const Entry *e = &sc->e[r];
            SNAP_PUT(snap_pk(e->id - base, snap_entry_rd(s, e, t)));
            SNAP_PUT((int64_t)e->i << 40 | (int64_t)e->units << 8 | e->k);
        }
    }
#undef ID
#undef ID32
#undef TM
    return !same || k_ == sn->nv;
}

/* a few numbers of the state, relative to the boundary: a full snapshot is taken only when
 * they repeat */
#define SIM_SIG_MAX (SNAP_HEAD + SIM_MAX_UNITS + 2 * SIM_MAX_SCHED)
static int snap_sig(const Sim *s, int32_t t, int64_t b, int64_t *v)
{
    int k = snap_head(s, b * s->n, t, v);
    /* the cycles each unit stays busy: at the start of a cycle only a unit of long_busy can be
     * (a pipelined one is taken for the cycle of its issue only) */
    int nu = s->c->nunits;
    memset(v + k, 0, sizeof *v * (size_t)nu);
    for (uint32_t m = s->long_busy; m; m &= m - 1) {
        int u = __builtin_ctz(m);
        if (s->unit_busy[u] > t) v[k + u] = s->unit_busy[u] - t;
    }
    k += nu;
    for (int q = 0; q < s->c->nsched; q++) {
        const Sched *sc = &s->sched[q];
        v[k++] = sc->n;
        v[k++] = snap_min_rd(sc, t);
    }
    return k;
}

static uint64_t sig_hash(const int64_t *v, int k)
{
    /* (four independent chains: the multiplications overlap) */
    /* (in scalars, not an array: gcc -O2 kept h[] in memory and looped over l) */
    const uint64_t K = 0x9E3779B97F4A7C15ull;
    uint64_t h0 = (uint64_t)k, h1 = 1, h2 = 2, h3 = 3;
    int i = 0;
    for (; i + 4 <= k; i += 4) {
        h0 = (h0 ^ (uint64_t)v[i]) * K;
        h1 = (h1 ^ (uint64_t)v[i + 1]) * K;
        h2 = (h2 ^ (uint64_t)v[i + 2]) * K;
        h3 = (h3 ^ (uint64_t)v[i + 3]) * K;
    }
    for (; i < k; i++)
        h0 = (h0 ^ (uint64_t)v[i]) * K;
    uint64_t r = ((h0 * 31 + h1) * 31 + h2) * 31 + h3;
    return r ^ r >> 29;
}

/* a hash of the scheduler entries (ids and ready cycles relative to the boundary): computed
 * only when the few numbers repeat, it spares most full snapshots of states that differ */
static int64_t snap_ent_hash(const Sim *s, int32_t t, int64_t b)
{
    int64_t base = b * s->n;
    uint64_t h = 0;
    /* the register table and the last store: ids of the last writers (retired ones as one
     * marker), which tell apart states whose counts are the same */
    h = (h ^ (uint64_t)snap_id(s, s->last_store, base, SNAP_GONE)) * 0x9E3779B97F4A7C15ull;
    for (int r = 0; r < A64_NREGS; r++)
        h = (h ^ (uint64_t)snap_id(s, s->rat[r], base, SNAP_GONE)) * 0x9E3779B97F4A7C15ull;
    for (int q = 0; q < s->c->nsched; q++) {
        const Sched *sc = &s->sched[q];
        for (int r = 0; r < sc->n; r++) {
            h = (h ^ (uint64_t)(sc->e[r].id - base)) * 0x9E3779B97F4A7C15ull;
            h = (h ^ (uint64_t)snap_entry_rd(s, &sc->e[r], t)) * 0x9E3779B97F4A7C15ull;
        }
        h = (h ^ (uint64_t)q) * 0x9E3779B97F4A7C15ull;
    }
    return (int64_t)h;
}

/* every statistic accumulated per cycle or per instruction, in one order: mode 0 counts them,
 * mode 1 keeps them in st (sparse), mode 2 adds m times their increment since st to them */
static inline __attribute__((always_inline))
size_t stats_walk(Sim *s, McaResult *out, int32_t *events, SimStats *st, const int mode, long long m)
{
    size_t k = 0, j = 0, jw = 0;
    int n = s->n, mh = out->max_hist;
    /* (the value kept for statistic k: 0 unless its bit is set) */
#define ST_OLD() ((st->bits[k >> 6] >> (k & 63) & 1) ? \
        ((st->wide[k >> 6] >> (k & 63) & 1) ? st->wval[jw++] : (double)st->val[j++]) : 0.0)
#define ST_KEEP(d) do { double d_ = (d); \
        if (d_ >= 1 && d_ < 65536.0 && d_ == (double)(uint16_t)d_) { \
            st->val[st->nval++] = (uint16_t)d_; st->bits[k >> 6] |= 1ull << (k & 63); \
        } else if (d_ != 0 || signbit(d_)) { \
            if (st->nwval == st->wcap) { st->wcap = st->wcap * 2 + 1024; st->wval = xrealloc(st->wval, st->wcap * sizeof(double)); } \
            st->wval[st->nwval++] = d_; st->bits[k >> 6] |= 1ull << (k & 63); st->wide[k >> 6] |= 1ull << (k & 63); } } while (0)
#define STD(x) do { if (mode == 1) ST_KEEP(x); else if (mode == 2) { double o_ = ST_OLD(); (x) += (double)m * ((x) - o_); } k++; } while (0)
#define STI(x) do { if (mode == 1) ST_KEEP((double)(x)); else if (mode == 2) { double o_ = ST_OLD(); (x) += m * (long long)((double)(x) - o_); } k++; } while (0)
    for (int h = 0; h <= mh; h++) {
        STI(out->dispatch_hist[h]);
        STI(out->issue_hist[h]);
        STI(out->retire_hist[h]);
    }
    for (int h = 0; h < MCA_NSTALLS; h++) STI(out->stalls[h]);
    for (int h = 0; h < MCA_FE_NWHY; h++) STI(out->fe_starved[h]);
    if (out->pcount16)
        for (int h = 0; h < out->npressure; h++) STI(out->pcount16[h]);
    else if (out->pcount)
        for (int h = 0; h < out->npressure; h++) STI(out->pcount[h]);
    else
        for (int h = 0; h < out->npressure; h++) STD(out->pressure[h]);
    for (int i = 0; i < n; i++) {
        STI(events[i]);
    }
    McaCounters *C = &out->counters;
    STI(C->retire_uop);
    STI(C->schedule_uop);
    STI(C->schedule_int_uop);
    STI(C->schedule_simd_uop);
    STI(C->schedule_ldst_uop);
    STI(C->inst_all);
    STI(out->bottleneck.pressure_cycles);
    STI(out->bottleneck.resource_pressure_cycles);
    STI(out->bottleneck.data_dep_cycles);
    for (int q = 0; q < s->c->nsched; q++) STI(s->sched[q].sum_used);
    STI(s->lq_sum);
    STI(s->sq_sum);
    STI(s->rq_sum);
    STI(s->rob_sum);
    for (int f = 0; f < SIM_NRF; f++) {
        STI(s->rf_sum[f]);
        STI(s->rf_maps[f]);
    }
    STI(s->mem_dep_cycles);
#undef STD
#undef STI
#undef ST_OLD
#undef ST_KEEP
    (void)j, (void)jw;
    return k;
}

/* the three modes as separate functions (the mode tests disappear from the loops) */
static size_t stats_count(Sim *s, McaResult *out, int32_t *events)
{
    return stats_walk(s, out, events, NULL, 0, 0);
}

/* keep the statistics in st (nst of them) */
static void stats_keep(Sim *s, McaResult *out, int32_t *events, SimStats *st, size_t nst)
{
    size_t bytes = ((nst + 63) / 64) * sizeof(uint64_t);
    if (bytes > st->bits_cap) {
        free(st->bits);
        st->bits = xmalloc(2 * bytes);
        st->bits_cap = bytes;
    }
    st->wide = st->bits + st->bits_cap / sizeof(uint64_t);
    memset(st->bits, 0, bytes);
    memset(st->wide, 0, bytes);
    if (nst > st->cap) {   /* (room for all: never grown, never copied) */
        free(st->val);
        st->val = xmalloc(nst * sizeof *st->val);
        st->cap = nst;
    }
    st->nval = st->nwval = 0;
    stats_walk(s, out, events, st, 1, 0);
}

/* add m times each statistic's increment since stats_keep: the m periods cut out (the same
 * arithmetic as (now - kept) computed apart, then added m times) */
static void stats_add_periods(Sim *s, McaResult *out, int32_t *events, SimStats *st, long long m)
{
    stats_walk(s, out, events, st, 2, m);
}

/* every scheduler's occupancy summed up to cycle t (statistics are read) */
static void sched_flush(Sim *s, int32_t t)
{
    for (int q = 0; q < s->c->nsched; q++)
        sched_acc(&s->sched[q], t);
}

bool mca_env_check(char *err, size_t errsz)
{
    bool on;
    return opt_env_bool("UARCH_MCA_NO_CACHE", &on, err, errsz) &&
           opt_env_bool("UARCH_MCA_NO_EXTRAPOLATION", &on, err, errsz);
}

/* the cut can be turned off (full simulation, to verify it) */
static bool extrap_enabled(void)
{
    bool off, ok = opt_env_bool("UARCH_MCA_NO_EXTRAPOLATION", &off, NULL, 0);   /* (checked by mca_run) */
    return !(ok && off);
}

/* the period of the extra cycles of the fractional edges taken so far (edge_extra): 1, 2, 5, 10 */
static int tenths_period(const Sim *s)
{
    /* q odd (not 5): period 10; q even: 5; q = 5: 2 */
    bool two = (s->tenths_used & (0x28a | 0x20)) != 0, five = (s->tenths_used & (0x28a | 0x154)) != 0;
    return (two ? 2 : 1) * (five ? 5 : 1);
}

/* iteration it of a store-release exclusive with a line step (SimInst.line_step): is its
 * 64-byte line another than in iteration it - 1 (its place in the line p, the step crossing
 * the line's start or end) */
static bool line_new(const SimInst *in, int64_t it)
{
    int64_t p = (in->line_off + it * in->line_step) % 64;
    if (p < 0) p += 64;
    return in->line_step > 0 ? p < in->line_step : p >= 64 + in->line_step;
}

/* fractional issue counts (and new lines, line_new) depend on the iteration number: a cut of
 * period P starting at boundary b1 is exact only if every instance pattern repeats with period
 * P from b1 on */
static bool frac_periodic(const Sim *s, int64_t b1, int64_t P, int64_t iters)
{
    if (P % tenths_period(s) != 0)   /* fractional edge latencies */
        return false;
    for (int i = 0; i < s->n; i++) {
        const SimInst *in = &s->si[i];
        int ls = in->line_step < 0 ? -in->line_step : in->line_step;
        if (ls && P % (64 / (ls & -ls)) != 0)
            return false;   /* (the lines repeat every 64 / (the step's largest power of 2)) */
        for (int k = 0; k < in->nissue; k++) {
            const SimIssue *is = &in->issue[k];
            if (is->frac <= 0 || is->frac >= 1)
                continue;
            for (int64_t it = b1; it + P < iters; it++)
                if (issue_present(is, it) != issue_present(is, it + P))
                    return false;
        }
    }
    return true;
}

/* double the ring (the buffers hold ring_max slots; the ring uses the first mask + 1): the
 * in-flight instructions move to the slots of their ids under the new mask, with their
 * wait-list nodes, and every link to a node (wait-list heads, next links) is translated */
static void ring_grow(Sim *s, SimWork *wk)
{
    int64_t om = s->mask, nm = 2 * om + 1, w = s->next_map - s->oldest;
    Dyn *tmp = work_grow((void **)&wk->grow_tmp, &wk->grow_tmp_cap, (size_t)(w > 0 ? w : 1) * sizeof(Dyn));
    int32_t *wn = work_grow((void **)&wk->grow_wn, &wk->grow_wn_cap, (size_t)(w > 0 ? w : 1) * (SIM_NWAIT + 1) * sizeof(int32_t));
    for (int64_t x = 0; x < w; x++) {
        int64_t o = (s->oldest + x) & om;
        tmp[x] = s->ring[o];
        wn[x * (SIM_NWAIT + 1)] = s->nwait[o];
        memcpy(&wn[x * (SIM_NWAIT + 1) + 1], &s->wnext[o * SIM_NWAIT], SIM_NWAIT * sizeof(int32_t));
    }
    /* a node of old slot o belongs to the in-flight id oldest + ((o - oldest) & om) */
#define MOVE_NODE(v) ((v) < 0 ? (v) : (int32_t)(((s->oldest + (((v) / SIM_NWAIT - s->oldest) & om)) & nm) * SIM_NWAIT + (v) % SIM_NWAIT))
    for (int64_t x = 0; x < w; x++) {
        int64_t id = s->oldest + x, o = id & nm;
        Dyn *d = &s->ring[o];
        *d = tmp[x];
        d->wake_issue = MOVE_NODE(d->wake_issue);
        d->wake_done = MOVE_NODE(d->wake_done);
        s->nwait[o] = wn[x * (SIM_NWAIT + 1)];
        for (int k = 0; k < SIM_NWAIT; k++)
            s->wnext[o * SIM_NWAIT + k] = MOVE_NODE(wn[x * (SIM_NWAIT + 1) + 1 + k]);
    }
#undef MOVE_NODE
    s->mask = nm;
}

/* 0, 1, 2, ...: the issue uops of an instruction without fractional counts */
_Static_assert(SIM_MAX_ISSUE == 64, "issue_ident lists 64 uops");
static const uint8_t issue_ident[SIM_MAX_ISSUE] = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
    31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58,
    59, 60, 61, 62, 63};

/* fetch the next instruction of the stream (map, in cycle t, wants it): a new fetch group when
 * the path redirects or crosses a page there (fe_break), or the group is full; a group comes
 * one cycle after the previous one plus its stalls (BTB miss, L1I refill), and no earlier than
 * fetch_queue cycles before map (the queue between them is full) */
static inline void fe_fetch(const SimCpu *c, const SimInst *si, int n, FeState *f, int32_t t)
{
    const SimInst *x = &si[f->k];
    if (f->next == 0 || x->fe_break || f->cnt >= c->fetch_insts || f->bytes + 4 > c->fetch_bytes) {
        int32_t g = 0;
        if (f->next > 0) {
            int64_t acc = f->acc + x->fe_stall;
            g = f->t + 1 + (int32_t)(acc / 1000);
            f->acc = acc % 1000;
        }
        if (g < t - c->fetch_queue) g = t - c->fetch_queue;
        f->t = g;
        f->cnt = f->bytes = 0;
        f->why = x->fe_break ? x->fe_why : MCA_FE_WIDTH;
    }
    f->cnt++;
    f->bytes += 4;
    f->next++;
    if (++f->k == n) f->k = 0;
}

static bool fe_same_state(const FeState *a, const FeState *b)
{
    return a->next == b->next && a->t == b->t && a->cnt == b->cnt && a->bytes == b->bytes && a->acc == b->acc &&
           a->why == b->why;
}

/* one more period of fetch after s->fe (in the numbers of the current one, so cycles stay
 * small); false, s->fe unchanged, if map waits in it */
static bool fe_period(Sim *s, int64_t from, int64_t span, int32_t D)
{
    FeState g = s->fe;
    for (int64_t y = from; y < from + span; y++) {
        int32_t c = s->fe_dem[y & s->dem_mask] + D;
        fe_fetch(s->c, s->si, s->n, &g, c);
        if (g.t > c)
            return false;
    }
    g.next -= span;
    g.t -= D;
    s->fe = g;
    return true;
}

/* a hash of the fetch state fe_same_state compares, for fe_extend's table */
static unsigned fe_state_hash(const FeState *f)
{
    uint64_t h = (uint64_t)f->next * 0x9E3779B97F4A7C15ull;
    h = (h ^ (uint32_t)f->t) * 0x9E3779B97F4A7C15ull;
    h = (h ^ ((uint64_t)(uint32_t)f->cnt << 32 | (uint32_t)f->bytes)) * 0x9E3779B97F4A7C15ull;
    h = (h ^ ((uint64_t)f->acc << 8 | f->why)) * 0x9E3779B97F4A7C15ull;
    return (unsigned)(h >> 40);
}

#define FE_KEPT 64                        /* fe_extend: states kept, one per period */

/* The front end in the steady state.  Fetch acts on the rest of the machine only when map waits
 * for it; as long as it does not, the rest runs as without a front end.  So the snapshot leaves
 * out the fetch group being filled and its cycle (whose own period, e.g. 8 iterations of a
 * two-instruction block in 16-instruction groups, would otherwise multiply the machine's), and
 * a period P (iterations) of D cycles found without a wait for fetch in it is cut only as far as
 * fetch goes on without one: map asks for each later instruction exactly P iterations and D
 * cycles after it asked for the same one a period earlier (fe_dem), which fe_fetch follows
 * period by period from the current fetch state.  Returns the whole periods (at most m) in which
 * map never waits, and moves the fetch state to the end of them, in the current cycle and
 * instruction numbers (the cut renumbers the rest of the run that way). */
static long long fe_extend(Sim *s, int64_t P, int32_t D, long long m)
{
    int64_t span = P * s->n, from = s->fe.next - span;
    /* once the fetch state after period j is the one after an earlier period k, fetch goes
     * round that loop of j - k periods, in which map never waits, to the end.  The states
     * after periods 0 .. FE_KEPT - 1 are kept (a table by hash finds a repeat at once), so the
     * loop is found at its first repeat and the state at the end is the kept one at its place
     * in the loop, with no period simulated twice; past them (no loop yet) the state is
     * compared with one kept at periods FE_KEPT, 2 FE_KEPT, 4 FE_KEPT, .. and the periods
     * left after a repeat are simulated.  (Keeping only periods 1, 2, 4, .., as this did, went
     * through most loops two to three times: 42 periods for a loop of 16) */
    FeState kept[FE_KEPT];
    int8_t at[2 * FE_KEPT];              /* by hash: a period of kept[], -1 none (open addressing) */
    memset(at, -1, sizeof at);
    FeState seen = s->fe;
    long long j = 0, seen_j = 0;
    for (;;) {
        if (j < FE_KEPT) {
            unsigned hs = fe_state_hash(&s->fe) & (2 * FE_KEPT - 1);
            for (; at[hs] >= 0; hs = (hs + 1) & (2 * FE_KEPT - 1))
                if (fe_same_state(&s->fe, &kept[at[hs]])) {
                    long long k = at[hs];
                    s->fe = kept[k + (m - j) % (j - k)];
                    return m;
                }
            at[hs] = (int8_t)j;
            kept[j] = s->fe;
        } else if (fe_same_state(&s->fe, &seen)) {
            for (long long left = (m - j) % (j - seen_j); left > 0; left--)
                fe_period(s, from, span, D);
            return m;
        } else if ((j & (j - 1)) == 0) {
            seen = s->fe, seen_j = j;
        }
        if (j == m)
            return m;
        if (!fe_period(s, from, span, D))
            return j;
        j++;
    }
}

int sim_pressure_cell_bytes(const SimInst *si, int n, long long iterations)
{
    double most = 0;
    for (int i = 0; i < n; i++) {
        double per = 0;
        for (int k = 0; k < si[i].nissue; k++)
            per += si[i].issue[k].occupancy > 0 ? si[i].issue[k].occupancy : 1;
        if (per > most) most = per;
    }
    return most * (double)iterations <= 65535.0 ? 2 : most * (double)iterations < 4294967295.0 ? 4 : 8;
}

void sim_pressure_layout(const SimInst *si, int n, int nunits, int cell_bytes, McaResult *out)
{
    uint32_t all = nunits >= 32 ? ~0u : (1u << nunits) - 1;
    out->pmask = arena_alloc(&out->arena, sizeof(uint32_t) * (size_t)(n > 0 ? n : 1));
    out->poff = arena_alloc(&out->arena, sizeof(int32_t) * (size_t)(n > 0 ? n : 1));
    size_t cells = 0;
    for (int i = 0; i < n; i++) {
        uint32_t m = 0;
        for (int k = 0; k < si[i].nissue; k++)
            m |= si[i].issue[k].units;
        out->pmask[i] = m & all;
        out->poff[i] = (int32_t)cells;
        cells += (size_t)bits32(m & all);
    }
    out->npressure = (int)cells;
    if (cells == 0) cells = 1;
    if (cell_bytes == 2)
        out->pcount16 = arena_alloc(&out->arena, sizeof(uint16_t) * cells);
    else if (cell_bytes == 4)
        out->pcount = arena_alloc(&out->arena, sizeof(uint32_t) * cells);
    else
        out->pressure = arena_alloc(&out->arena, sizeof(double) * cells);
}

long long sim_run(const SimCpu *c, const SimInst *si, int n, const McaOptions *opt, McaResult *out)
{
    Arena *A = &out->arena;
    Sim S, *s = &S;
    memset(s, 0, sizeof *s);
    s->c = c;
    s->si = si;
    s->n = n;
    int iters = opt->iterations > 0 ? opt->iterations : 100;
    s->total = (int64_t)n * iters;
    s->noalias = opt->noalias;
    for (int i = 0; i < n; i++)
        s->late_any |= si[i].late_read;

    /* ring: at least the largest possible window */
    int64_t window = (int64_t)(c->rob_groups > 0 ? c->rob_groups : 1024) * (c->group_max_uops > 0 ? c->group_max_uops : 1) + 2 * c->width + 16;
    if (window > s->total + 1)
        window = s->total + 1;
    int64_t rs = 16;
    while (rs < window)
        rs <<= 1;
    s->ring_max = rs;
    /* the ring starts small and doubles when the window needs it (ring_grow): a ring of the
     * largest window (thousands of slots) would give every instruction a slot untouched for
     * thousands of instructions, out of the data cache */
    int64_t rs0 = 256;
    while (rs0 < 4 * (int64_t)n && rs0 < rs)
        rs0 <<= 1;
    s->mask = (rs0 < rs ? rs0 : rs) - 1;
    SimWork *wk = &sim_work;
    if ((size_t)rs * sizeof(Dyn) > wk->ring_cap) {   /* (64-byte aligned: a slot in two cache lines) */
        free(wk->ring);
        wk->ring_cap = (size_t)rs * sizeof(Dyn);
        wk->ring = aligned_alloc(64, wk->ring_cap);
        if (!wk->ring)
            die("out of memory (%zu bytes)", wk->ring_cap);
    }
    s->ring = wk->ring;
    for (int r = 0; r < A64_NREGS; r++)
        s->rat[r] = -1;
    s->last_store = -1;
    s->excl_id = -1;
    s->excl_until = NEVER;
    s->rwalk_from = -1;
    for (int m = 0; m < SIM_RMW_SLOTS; m++)
        s->rmw[m].id = -1;
    for (int i = 0; i < n; i++)
        if (si[i].gate_id >= s->ngates)
            s->ngates = si[i].gate_id + 1;
    s->gate_next = work_grow((void **)&wk->gate, &wk->gate_cap, (size_t)(s->ngates > 0 ? s->ngates : 1) * sizeof(int64_t));
    memset(s->gate_next, 0, (size_t)(s->ngates > 0 ? s->ngates : 1) * sizeof(int64_t));
    size_t wnext_had = wk->wnext_cap;
    s->wnext = work_grow((void **)&wk->wnext, &wk->wnext_cap, (size_t)rs * SIM_NWAIT * sizeof(int32_t));
    if (wk->wnext_cap != wnext_had)   /* (a node never waited on holds no link: ring_grow moves every one) */
        memset(s->wnext, 0xff, wk->wnext_cap);
    s->nwait = work_grow((void **)&wk->nwait, &wk->nwait_cap, (size_t)rs * sizeof(int32_t));
    /* cycles from an instruction's first issue to its completion: its longest result, at
     * least 1 (an atomic completes in memory: its memory-chain latency) */
    s->done_lat = work_grow((void **)&wk->done_lat, &wk->done_lat_cap, (size_t)(n > 0 ? n : 1) * sizeof(int32_t));
    for (int i = 0; i < n; i++) {
        const SimInst *in = &si[i];
        int32_t lat = (int32_t)(in->latency + 0.5f);
        for (int k = 0; k < in->ndst; k++)
            if ((int32_t)(in->dst[k].lat + 0.5f) > lat)
                lat = (int32_t)(in->dst[k].lat + 0.5f);
        if (in->mem_chain > 0 && (int32_t)(in->mem_chain + 0.5f) > lat)
            lat = (int32_t)(in->mem_chain + 0.5f);
        s->done_lat[i] = lat < 1 ? 1 : lat;
    }
    {
        size_t want = (size_t)(n > 0 ? n : 1) * SIM_MAX_SRC, ne = 16;
        while (ne < want && ne < SIM_EDGE_MEMO) ne <<= 1;
        s->memo = work_grow((void **)&wk->memo, &wk->memo_cap, ne * sizeof(EdgeMemo));
        memset(s->memo, 0xff, ne * sizeof(EdgeMemo));   /* (cons -1: none yet) */
        s->emask = (uint32_t)ne - 1;
        s->tenths_used = 0;
    }
    s->need = work_grow((void **)&wk->need, &wk->need_cap, (size_t)(n > 0 ? n : 1) * sizeof(MapNeed));
    for (int i = 0; i < n; i++)
        map_need(si, i, si[i].fused_next && i + 1 < n ? 2 : 1, &s->need[i]);
    {
        size_t nq = 0;
        for (int i = 0; i < n; i++) nq += (size_t)si[i].nissue;
        s->qoff = work_grow((void **)&wk->qoff, &wk->qoff_cap, (size_t)(n > 0 ? n : 1) * sizeof(int));
        s->qmask = work_grow((void **)&wk->qmask, &wk->qmask_cap, (nq > 0 ? nq : 1) * sizeof(uint32_t));
        nq = 0;
        for (int i = 0; i < n; i++) {
            s->qoff[i] = (int)nq;
            for (int k = 0; k < si[i].nissue; k++) {
                uint32_t m = 0;
                for (int q = 0; q < c->nsched; q++)
                    if (c->sched_units[q] & si[i].issue[k].units) m |= 1u << q;
                s->qmask[nq++] = m;
            }
        }
    }
    for (int q = 0; q < c->nsched; q++) {
        s->sched[q].cap = c->sched_size[q] > 0 ? c->sched_size[q] : (int)rs;
        s->sched[q].e = work_grow((void **)&wk->entries[q], &wk->entries_cap[q], ((size_t)s->sched[q].cap + SIM_MAX_ISSUE) * sizeof(Entry));
        s->sched[q].min_rd = NEVER;
    }

    int nu = c->nunits;
    out->nunits = nu;
    out->unit_names = arena_alloc(A, sizeof(char *) * (nu > 0 ? nu : 1));
    for (int u = 0; u < nu; u++)
        out->unit_names[u] = c->unit_name[u];
    sim_pressure_layout(si, n, nu, sim_pressure_cell_bytes(si, n, iters), out);
    /* timeline events only when the timeline is shown (the steady-state cut waits for them) */
    int tl_it = !opt->want_timeline ? 0 : opt->timeline_max_iterations > 0 ? opt->timeline_max_iterations : 10;
    if (tl_it > iters)
        tl_it = iters;
    out->timeline_iterations = tl_it;
    out->events = arena_alloc(A, sizeof(McaTimelineEvent) * (size_t)(tl_it * n));
    for (int k = 0; k < tl_it * n; k++)
        out->events[k] = (McaTimelineEvent){-1, -1, -1, -1, -1, -1};
    int mh = c->width > 16 ? c->width : 16;
    out->max_hist = mh;
    out->dispatch_hist = arena_alloc(A, sizeof(long long) * (mh + 1));
    out->issue_hist = arena_alloc(A, sizeof(long long) * (mh + 1));
    out->retire_hist = arena_alloc(A, sizeof(long long) * (mh + 1));
    /* (per instruction, at most one a simulated iteration: -iterations is at most 10^6) */
    /* per instruction, its fusions (when fused_next) or its eliminations (an instruction is never
     * both) */
    int32_t *events = work_grow((void **)&wk->counts, &wk->counts_cap, (size_t)(n > 0 ? n : 1) * sizeof(int32_t));
    memset(events, 0, (size_t)(n > 0 ? n : 1) * sizeof(int32_t));

    McaCounters *C = &out->counters;
    int32_t t = 0;
    int32_t last_retire = 0;
    uint32_t stalled = 0;             /* bit k: a map stall of kind k in this cycle */
    McaBottleneck *bn = &out->bottleneck;

    /* steady state (see above) */
    /* (a micro-op queue is not part of the steady-state snapshot: then the whole run) */
    bool extrap = iters > 2 && n > 0 && extrap_enabled() && c->uopq_size <= 0;
    SimSnap cand;                        /* the candidate boundary (the current state is
                                          * compared with it in place) */
    memset(&cand, 0, sizeof cand);
    cand.v = wk->snap_v, cand.cap = wk->snap_v_cap;
    cand.b = -1;
    /* the signatures of the last SIM_PMAX + 1 boundaries, each of sig_len numbers (the machine's:
     * packed, not SIM_SIG_MAX apart, so that they take a few KiB of the data cache, not 30) */
    int64_t sig[(SIM_PMAX + 1) * SIM_SIG_MAX], cand_sig[SIM_SIG_MAX];
    const int sig_len = SNAP_HEAD + c->nunits + 2 * c->nsched;
    uint64_t sigk[SIM_PMAX + 1], cand_k = 0;   /* hashes of the signatures */
    int64_t sige[SIM_PMAX + 1], cand_e = 0;    /* entry hashes (when sige_ok) */
    bool sige_ok[SIM_PMAX + 1];
    int nsig = 0;
    int64_t cand_p = 0;                  /* the candidate's expected period */
    long long cand_waits = 0;            /* s->fe_waits at the candidate */
    int64_t cand_fe[3];                  /* its fetch group (fe_rel) */
    int jmin = 1;                        /* the shortest period to look for: after a candidate of
                                          * period p failed, p + 1 (the few numbers that chose it
                                          * may repeat with a shorter period than the state) */
    int64_t next_b = tl_it + 1;          /* the timeline iterations are exact: look after them */
    size_t nst = extrap ? stats_count(s, out, events) : 0;
    if (extrap && c->fetch_insts > 0) {   /* (a longer block keeps the front end in the snapshot) */
        int64_t ds = 16;
        while (ds < (int64_t)SIM_PMAX * n + 4) ds <<= 1;
        if (ds <= SIM_DEM_MAX) {
            s->fe_dem = work_grow((void **)&wk->fe_dem, &wk->fe_dem_cap, (size_t)ds * sizeof(int32_t));
            s->dem_mask = ds - 1;
        }
    }
    long long cut_cycles = 0;

    /* loop invariants in locals (the compiler must otherwise reload them after every store
     * through s or out, which might alias them) */
    Dyn *const ring = s->ring;
    int64_t mask = s->mask;      /* (ring_grow doubles it) */
    int32_t *const nwait = s->nwait;
    const MapNeed *const need = s->need;
    const uint32_t *const qmask = s->qmask;
    const int *const qoff = s->qoff;
    const int32_t *const done_lat = s->done_lat;
    double *const pressure = out->pressure;
    uint32_t *const pcount = out->pcount;
    uint16_t *const pcount16 = out->pcount16;
    const uint32_t *const pmask = out->pmask;
    const int32_t *const poff = out->poff;
    const bool noalias = opt->noalias;
    const int width = c->width, ret_w = c->retire_width > 0 ? c->retire_width : INT_MAX,
              ret_uw = c->retire_uops_width, gmax = c->group_max_uops > 0 ? c->group_max_uops : 1,
              gmaxi = c->group_max_issuing, lqcap = c->lq, sqcap = c->sq, rqcap = c->rename_queue,
              robcap = c->rob_groups, nsched = c->nsched;
    int rflim[SIM_NRF];                 /* registers a file can hold beyond the architectural ones */
    for (int f = 0; f < SIM_NRF; f++)
        rflim[f] = c->prf[f] > 0 ? c->prf[f] - arch_regs[f] : INT_MAX;
    uint32_t sched_units[SIM_MAX_SCHED];
    int sched_dispatch[SIM_MAX_SCHED];
    memcpy(sched_units, c->sched_units, sizeof sched_units);
    memcpy(sched_dispatch, c->sched_dispatch, sizeof sched_dispatch);

    const bool fetching = c->fetch_insts > 0;   /* (the model has a front end) */
    int32_t *const fe_dem = s->fe_dem;
    const int64_t dem_mask = s->dem_mask;
    long long visited = 0;               /* cycles gone through (returned: the run's cost) */
    while (s->oldest < s->total) {
        visited++;
        if (extrap && s->next_map >= next_b * n && s->next_map < s->total) {
            int64_t b = s->next_map / n;
            next_b = b + 1;
            if (s->oldest >= (int64_t)tl_it * n) {
                int slot = nsig % (SIM_PMAX + 1);
                int64_t *sg = sig + (size_t)slot * sig_len;
                int nsg = snap_sig(s, t, b, sg);
                sigk[slot] = sig_hash(sg, nsg);
                sige_ok[slot] = false;
                /* does boundary slot j have the same signature? (the entry hash is computed
                 * on the first match; a boundary without it matches on the few numbers) */
#define SIG_SAME(kj, sj, ej, okj) ((kj) == sigk[slot] && !memcmp((sj), sg, sizeof(int64_t) * (size_t)nsg) && \
        (sige_ok[slot] || (sige[slot] = snap_ent_hash(s, t, b), sige_ok[slot] = true)) && (!(okj) || (ej) == sige[slot]))
                if (cand.b >= 0 && b - cand.b > 4 * cand_p)
                    cand.b = -1, jmin = (int)cand_p + 1;   /* no repeat: look for another candidate */
                /* (a period the fractional counts do not repeat with cannot be cut: the
                 * candidate waits for a longer one, a multiple, rather than being dropped) */
                if (cand.b >= 0 && SIG_SAME(cand_k, cand_sig, cand_e, true) && frac_periodic(s, cand.b, b - cand.b, iters)) {
                    /* same few numbers as the candidate: compare the whole state */
                    if (snap_state(s, t, b, &cand, true)) {
                        int64_t P = b - cand.b;
                        int64_t m = (iters - b - 1) / P;
                        bool ok = m > 0;
                        if (ok && s->fe_dem)   /* (the whole periods fetch allows) */
                            m = s->fe_waits == cand_waits ? fe_extend(s, P, t - cand.t, m) :
                                fe_same(s, t, cand_fe) ? m : 0;   /* (map waited: all of the state) */
                        if (ok && m > 0) {
                            /* increments over one period, times m */
                            sched_flush(s, t);
                            stats_add_periods(s, out, events, &wk->snap_st, m);
                            cut_cycles += m * (long long)(t - cand.t);
                            s->total -= m * P * n;
                            extrap = false;
                        }
                    }
                    cand.b = -1, jmin = (int)cand_p + 1;   /* (a longer period next) */
                }
                if (extrap && cand.b < 0) {
                    int j0 = jmin;
                    jmin = 1;   /* (from the shortest period again if none is found) */
                    /* (a period j confirmed at b + j cuts only if a whole period remains
                     * after that: b + 2j + 1 <= iters) */
                    int jstep = tenths_period(s);   /* (only periods the fractional edges allow) */
                    if (j0 % jstep) j0 += jstep - j0 % jstep;
                    for (int j = j0; j <= SIM_PMAX && j <= nsig && b + 2 * j + 1 <= iters; j += jstep) {
                        int pj = slot - j < 0 ? slot - j + SIM_PMAX + 1 : slot - j;   /* (nsig - j) % (SIM_PMAX + 1) */
                        /* (only a period the fractional counts repeat with can be cut: a state
                         * that repeats every 2 iterations with an issue count of 1/3 is a
                         * candidate of period 6, not 2) */
                        if (SIG_SAME(sigk[pj], sig + (size_t)pj * sig_len, sige[pj], sige_ok[pj]) &&
                            frac_periodic(s, b, j, iters)) {
                            /* a candidate: its full state and statistics */
                            snap_state(s, t, b, &cand, false);
                            sched_flush(s, t);
                            stats_keep(s, out, events, &wk->snap_st, nst);
                            cand.b = b;
                            cand_p = j;
                            cand.t = t;
                            cand_waits = s->fe_waits;
                            fe_rel(s, t, cand_fe);
                            memcpy(cand_sig, sg, sizeof(int64_t) * (size_t)nsg);
                            cand_k = sigk[slot];
                            cand_e = sige[slot];   /* computed by the match */
                            break;
                        }
                    }
                }
#undef SIG_SAME
                nsig++;
            }
        }
        int nret = 0, niss = 0, ndisp = 0;
        int32_t gate_wake = -1, fe_wake = -1;
        /* ---- retire ---- */
        {
            /* a group with more slots than the retire width left in this cycle retires now and
             * takes slots of the next cycle (as map does) */
            int groups = 0, slots = s->retire_carry;
            s->retire_carry = (ret_uw > 0 && slots > ret_uw) ? slots - ret_uw : 0;
            while (s->oldest < s->next_map && groups < ret_w) {
                uint32_t g = ring[s->oldest & mask].group;
                /* the whole group must have executed (the members found done in an earlier
                 * cycle stay done: the walk resumes after them) */
                int64_t e = s->oldest, next_map = s->next_map;
                int gslots = 0;
                if (s->rwalk_from == s->oldest)
                    e = s->rwalk_to, gslots = s->rwalk_slots;
                bool ok = true;
                while (e < next_map && ring[e & mask].group == g) {
                    Dyn *d = &ring[e & mask];
                    if (d->done > t) { ok = false; break; }
                    gslots += si[d->sidx].uops;
                    e++;
                }
                if (!ok) {
                    s->rwalk_from = s->oldest, s->rwalk_to = e, s->rwalk_slots = gslots;
                    break;
                }
                if (ret_uw > 0 && slots >= ret_uw)
                    break;
                for (int64_t x = s->oldest; x < e; x++) {
                    Dyn *d = &ring[x & mask];
                    int i = d->sidx;
                    const SimInst *in = &si[i];
                    if (x < (int64_t)tl_it * n)
                        out->events[x].retired = t;   /* events[it * n + i] = events[x] */
                    if (in->mem == A64_MEM_LOAD || in->mem == A64_MEM_LOADSTORE) s->lq_used--;
                    if (in->mem == A64_MEM_STORE || in->mem == A64_MEM_LOADSTORE) s->sq_used--;
                    for (int k = 0; k < in->ndst; k++) {
                        s->rq_used--;
                        if (d->rf_alloc)
                            s->rf_used[in->dst[k].rf]--;
                    }
                    nret++;
                }
                slots += gslots;
                if (ret_uw > 0 && slots > ret_uw)
                    s->retire_carry = slots - ret_uw;
                if (s->group_open && g == (uint32_t)s->cur_group) {   /* retiring closes the open group */
                    s->cur_group++;
                    s->group_open = false;
                }
                s->oldest = e;
                s->groups_retired++;
                groups++;
                last_retire = t;
            }
        }
        /* ---- issue ---- */
        bool blocked_by_unit = false, waiting_data = false, waiting_mem = false;
        /* units taken in this cycle: only a non-pipelined one can still be busy from an earlier
         * cycle (an issue takes a pipelined unit for its own cycle) */
        for (uint32_t m = s->long_busy; m; m &= m - 1)
            if (s->unit_busy[__builtin_ctz(m)] <= t)
                s->long_busy &= ~(1u << __builtin_ctz(m));
        uint32_t busy = s->long_busy;
        for (uint32_t qm_ = s->nonempty; qm_; qm_ &= qm_ - 1) {
            int q = __builtin_ctz(qm_);
            Sched *sc = &s->sched[q];
            if ((sched_units[q] & ~busy) == 0) {   /* every unit it feeds is busy */
                blocked_by_unit = true;
                continue;
            }
            if (!sc->dirty && sc->min_rd > t) {
                /* every entry waits: for a producer to issue, or for its known ready cycle */
                waiting_data = true;
                continue;
            }
            sc->dirty = false;
            int32_t min_rd = NEVER;
            bool broke = false;
            int w = 0, r;
            int wseen = 0;   /* counted waiting entries passed */
            /* counted waiting entries not passed yet, sc->nwaiting - wseen in a register (only a
             * wake in an issue below changes nwaiting: recomputed there) */
            int wleft = sc->nwaiting;
            const int scn = sc->n;   /* (entries leave after the scan; nwaiting can drop in it) */
            Entry *const E = sc->e;
            for (r = 0; r < scn; r++) {
                if (scn - r == wleft) {
                    /* the rest all wait for a producer: nothing to do there */
                    waiting_data = true;
                    break;
                }
                /* the common cases first, through the pointer: an entry stays in place
                 * (it is copied only once one before it has issued) */
                const Entry *ep = &E[r];
                int32_t erd = ep->rd;
                if (erd < 0 && nwait[ep->id & mask] > 0) {
                    /* a producer has not issued: not ready (its source-ready cycle cannot be
                     * known yet, and it was dispatched in an earlier cycle).  Tested first:
                     * nearly half the entries a scan passes are these */
                    waiting_data = true;
                    wseen += ep->counted;
                    wleft -= ep->counted;
                    if (w != r) E[w] = *ep;
                    w++;
                    continue;
                }
                if (erd > t) {   /* known not ready yet */
                    waiting_data = true;
                    if (erd < min_rd) min_rd = erd;
                    if (w != r) E[w] = *ep;
                    w++;
                    continue;
                }
                if (erd >= 0 && (ep->units & ~busy) == 0) {   /* ready, its units are taken */
                    blocked_by_unit = true;
                    if (erd < min_rd) min_rd = erd;
                    if (w != r) E[w] = *ep;
                    w++;
                    continue;
                }
                Entry en = *ep;
                Dyn *d = &ring[en.id & mask];
                const SimInst *in = &si[en.i];
                const SimIssue *is = &in->issue[en.k];
                int32_t rd = en.rd >= 0 ? en.rd : d->dispatched >= t ? -1 : src_ready(s, en.id);
                if (rd >= 0) {
                    if (rd < d->dispatched + 1) rd = d->dispatched + 1;
                    en.rd = rd;
                }
                bool issued = false;
                if (rd >= 0 && rd <= t) {
                    uint32_t free = is->units & sched_units[q] & ~busy;
                    if (free) {
                        int u = __builtin_ctz(free);
                        s->unit_busy[u] = t + (is->occupancy > 0 ? is->occupancy : 1);
                        busy |= 1u << u;
                        if (is->occupancy > 1) s->long_busy |= 1u << u;
                        int i = en.i;
                        if (pcount16)
                            pcount16[mca_pressure_index(pmask, poff, i, u)] += is->occupancy > 0 ? is->occupancy : 1;
                        else if (pcount)
                            pcount[mca_pressure_index(pmask, poff, i, u)] += is->occupancy > 0 ? is->occupancy : 1;
                        else
                            pressure[mca_pressure_index(pmask, poff, i, u)] += is->occupancy > 0 ? is->occupancy : 1;
                        if (d->nissued == 0) {
                            d->first_issue = t;
                            d->result = t;   /* results count from the first issue; further issues only take units */
                            if (in->late_read && rd < t) d->result = late_result(s, d, en.id, in, rd, t);
                        }
                        d->nissued++;
                        if (d->nissued == 1 && d->wake_issue >= 0) {
                            wake(s, &d->wake_issue);
                            wleft = sc->nwaiting - wseen;
                        }
                        C->schedule_uop++;
                        if (is->group == SIM_G_INT) C->schedule_int_uop++;
                        else if (is->group == SIM_G_MEM) C->schedule_ldst_uop++;
                        else C->schedule_simd_uop++;
                        niss++;
                        issued = true;
                        if (d->nissued == d->nissue) {
                            int32_t lat = done_lat[en.i];
                            d->done = d->first_issue + lat > t + 1 ? d->first_issue + lat : t + 1;
                            if (d->wake_done >= 0) {
                                wake(s, &d->wake_done);
                                wleft = sc->nwaiting - wseen;
                            }
                            if (en.id < (int64_t)tl_it * n) {
                                int it = (int)(en.id / n);
                                out->events[it * n + i].issued = d->first_issue;
                                out->events[it * n + i].executed = d->done - 1;
                                out->events[it * n + i].ready = rd;
                            }
                        }
                    } else {
                        blocked_by_unit = true;
                    }
                } else if (d->dispatched < t) {
                    waiting_data = true;
                    waiting_mem |= d->mem_wait;
                }
                if (!issued) {
                    E[w++] = en;   /* (rd may have become known) */
                    if (en.rd >= 0 && en.rd < min_rd) min_rd = en.rd;
                }
                if ((sched_units[q] & ~busy) == 0) {   /* no unit left: keep the rest as is */
                    r++;
                    broke = true;
                    break;
                }
            }
            if (broke && r < sc->n)
                sc->dirty = true;   /* the rest was not looked at */
            sc->min_rd = min_rd;
            if (r < sc->n && w < r)
                memmove(&sc->e[w], &sc->e[r], sizeof(Entry) * (size_t)(sc->n - r));
            if (w < r) {
                sched_acc(sc, t);
                sc->n = w + (sc->n - r);
                if (sc->n < sc->cap) s->full &= ~(1u << q);
                if (sc->n == 0) s->nonempty &= ~(1u << q);
            }
        }
        if (blocked_by_unit) bn->resource_pressure_cycles++;
        if (waiting_data && niss == 0) bn->data_dep_cycles++;
        if (waiting_mem && niss == 0) s->mem_dep_cycles++;
        /* ---- map / dispatch ---- */
        stalled = 0;
        {
            /* an instruction with more uops than the slots left in a map group takes the rest of
             * the group and its remaining uops use slots of the next cycle's group */
            int slots = s->carry_slots, elim_limited[SIM_ELIM_CLASSES] = {0};
            s->carry_slots = slots > width ? slots - width : 0;
            int *disp_q = s->disp_q;   /* uops dispatched into each scheduler in this cycle */
            uint32_t disp_used = 0;
            uint32_t dlim = 0;         /* schedulers at their dispatch limit in this cycle */
            const bool uopq = c->uopq_size > 0;
            if (uopq) {   /* decode into the queue first; map takes from it (llvm: at cycle end) */
                s->q_ipc = 0;
                decode_more(s);
            }
            while (s->next_map < s->total) {
                int64_t id = s->next_map;
                int i = s->map_i;
                const SimInst *in = &si[i];
                /* a fused pair maps as one: check room for both */
                const MapNeed *mn = &need[i];
                int span = mn->span;
                if (span == 2 && id + 1 >= s->total) span = 1;   /* the stream ends inside the pair */
                if (slots >= width)
                    break;
                /* after a store-exclusive: the pipeline restarts excl_store_restart cycles after
                 * its first issue (it has not retired before: it issues in an earlier cycle or
                 * this one, whose map comes here before anything younger maps) */
                if (s->excl_id >= 0) {
                    const Dyn *xd = &ring[s->excl_id & mask];
                    if (s->excl_until == NEVER && xd->nissued > 0)
                        s->excl_until = xd->first_issue + c->excl_store_restart;
                    if (s->excl_until > t) {
                        stalled |= 1u << MCA_STALL_USH;
                        if (s->excl_until != NEVER && (gate_wake < 0 || s->excl_until < gate_wake))
                            gate_wake = s->excl_until;   /* (map waits as for a gate) */
                        break;
                    }
                    s->excl_id = -1;
                }
                /* a fused pair that would straddle two map groups waits for the next one */
                if (span == 2 && c->fused_pair_one_group && slots > 0 && slots + mn->slots > width)
                    break;
                /* the front end: the instruction (both of a pair) must have been fetched */
                if (fetching) {
                    while (s->fe.next < id + span) {
                        if (fe_dem) fe_dem[s->fe.next & dem_mask] = t;
                        fe_fetch(c, si, n, &s->fe, t);
                    }
                    if (s->fe.t > t) {
                        fe_wake = s->fe.t;
                        break;
                    }
                }
                if (uopq && id + span > s->decoded)   /* not through the micro-op queue yet */
                    break;
                /* elimination decision */
                bool elim = in->elim == SIM_ELIM_ALWAYS;
                if (in->elim == SIM_ELIM_LIMITED) {
                    int lim = in->elim_limit > 0 ? in->elim_limit : c->elim_imm_per_group;
                    elim = lim <= 0 || elim_limited[in->elim_class % SIM_ELIM_CLASSES] < lim;
                }
                /* resources (precomputed per static instruction; recounted at the end of the stream) */
                int need_slots = mn->slots, lq = mn->lq, sq = mn->sq, rq = mn->rq;
                const uint8_t *rf = elim ? mn->rf_elim : mn->rf;
                MapNeed one;
                if (span != mn->span) {
                    map_need(si, i, span, &one);
                    need_slots = one.slots, lq = one.lq, sq = one.sq, rq = one.rq;
                    rf = elim ? one.rf_elim : one.rf;
                }
                int stall = -1;
                /* throughput gate: at most one instance of the form per `gate` cycles */
                if (in->gate > 0 && in->gate_id >= 0 && ((int64_t)t + 1) * GATE_ONE <= s->gate_next[in->gate_id]) {
                    stall = MCA_STALL_USH;
                    int32_t w = (int32_t)(s->gate_next[in->gate_id] / GATE_ONE);
                    if (gate_wake < 0 || w < gate_wake) gate_wake = w;
                }
                /* (an instance needing more entries than a queue has, e.g. with
                 * -register-file-size=1, takes it whole once it is empty, as llvm-mca's
                 * RegisterFile clamps the registers needed to the file's size) */
                else if (lqcap > 0 && s->lq_used + (lq < lqcap ? lq : lqcap) > lqcap) stall = MCA_STALL_LQ;
                else if (sqcap > 0 && s->sq_used + (sq < sqcap ? sq : sqcap) > sqcap) stall = MCA_STALL_SQ;
                else if (rqcap > 0 && s->rq_used + (rq < rqcap ? rq : rqcap) > rqcap) stall = MCA_STALL_RAT;
                else if (s->rf_used[SIM_RF_INT] + rf[0] > rflim[SIM_RF_INT] || s->rf_used[SIM_RF_FP] + rf[1] > rflim[SIM_RF_FP] ||
                         s->rf_used[SIM_RF_FLAGS] + rf[2] > rflim[SIM_RF_FLAGS])
                    stall = MCA_STALL_RAT;
                /* issue uops of this instance (fractional issue counts: some instances skip the last) */
                uint8_t kbuf[SIM_MAX_ISSUE];
                const uint8_t *ku = issue_ident;   /* all of them, in order */
                int nis = 0;
                if (!elim) {
                    if (mn->frac) {
                        for (int k = 0; k < in->nissue; k++)
                            if (issue_present(&in->issue[k], s->map_it)) kbuf[nis++] = (uint8_t)k;
                        ku = kbuf;
                    } else {
                        nis = in->nissue;
                    }
                }
                /* retire group: would this open a new group beyond capacity? */
                bool newgroup = !s->group_open || in->starts_group ||
                                s->cur_group_uops + need_slots > gmax ||
                                (gmaxi > 0 && s->cur_group_issuing + nis > gmaxi);
                if (stall < 0 && robcap > 0) {
                    int64_t inflight = (s->group_open ? s->cur_group + 1 : s->cur_group) - s->groups_retired;
                    if (newgroup && inflight + 1 > robcap) stall = MCA_STALL_RCU;
                }
                /* ring room: the ring grows up to the largest window */
                if (id + span - s->oldest > mask) {
                    while (id + span - s->oldest > mask && mask + 1 < s->ring_max) {
                        ring_grow(s, wk);
                        mask = s->mask;
                    }
                    if (stall < 0 && id + span - s->oldest > mask) stall = MCA_STALL_RCU;
                }
                /* schedulers */
                int pick[SIM_MAX_ISSUE];
                if (stall < 0) {
                    /* extra[q]: this instruction's uops already placed in q (reset below) */
                    const uint32_t *qm = qmask + qoff[i];
                    int placed = 0;
                    if (nis == 1) {
                        /* one uop (the common case): the least occupied scheduler that is not
                         * full and not at its dispatch limit, the first on a tie */
                        uint32_t cm = qm[ku[0]];
                        if (!cm) bug("sim: issue uop of instruction %d has no scheduler", i);
                        uint32_t avail = cm & ~s->full, ok = avail & ~dlim;
                        if (!ok) {
                            stall = avail ? MCA_STALL_GROUP : MCA_STALL_SCHEDQ;
                        } else {
                            int best = __builtin_ctz(ok), best_occ = s->sched[best].n;
                            for (uint32_t m = ok & (ok - 1); m; m &= m - 1) {
                                int q = __builtin_ctz(m);
                                if (s->sched[q].n < best_occ) best = q, best_occ = s->sched[q].n;
                            }
                            pick[0] = best;
                        }
                    }
                    for (int k = 0; k < nis && stall < 0 && nis > 1; k++) {
                        int best = -1, best_occ = 0;
                        bool room = false;   /* a scheduler with room, over its dispatch limit */
                        if (!qm[ku[k]]) bug("sim: issue uop of instruction %d has no scheduler", i);
                        /* schedulers at capacity are left out at once (an empty one is never full) */
                        for (uint32_t m = qm[ku[k]] & ~s->full; m; m &= m - 1) {
                            int q = __builtin_ctz(m);
                            int occ = s->sched[q].n + s->extra[q];
                            /* full; an instruction with more issues than entries goes into an empty one */
                            if (occ >= s->sched[q].cap && s->sched[q].n > 0) continue;
                            room = true;
                            if (sched_dispatch[q] > 0 && disp_q[q] > 0 && disp_q[q] + s->extra[q] >= sched_dispatch[q]) continue;
                            if (best < 0 || occ < best_occ) best = q, best_occ = occ;
                        }
                        if (best < 0) {
                            stall = room ? MCA_STALL_GROUP : MCA_STALL_SCHEDQ;
                        } else {
                            pick[k] = best;
                            s->extra[best]++;
                            placed++;
                        }
                    }
                    for (int k = 0; k < placed; k++)
                        s->extra[pick[k]] = 0;
                }
                if (stall >= 0) {
                    stalled |= 1u << stall;
                    break;
                }
                /* commit: map the instruction(s) */
                for (int x = 0; x < span; x++) {
                    int64_t xid = id + x;
                    const SimInst *y = &si[i + x];
                    Dyn *d = &ring[xid & mask];
                    d->nissued = 0;
                    d->rf_alloc = d->mem_wait = false;
                    d->result = 0;
                    d->sidx = i + x;
                    int64_t mem_prod = -1, rmw_prod = -1;
                    if (!noalias && (y->mem == A64_MEM_LOAD || y->mem == A64_MEM_LOADSTORE))
                        mem_prod = s->last_store;
                    if (y->mem == A64_MEM_STORE || y->mem == A64_MEM_LOADSTORE)
                        s->last_store = xid;
                    if (y->mem_chain > 0 && y->mem_base != A64_NOREG) {
                        /* the recent atomics by address (base register, its value, offset) */
                        int64_t base_prod = s->rat[y->mem_base];
                        int slot = -1;
                        for (int m = 0; m < SIM_RMW_SLOTS; m++)
                            if (s->rmw[m].id >= 0 && s->rmw[m].base == y->mem_base &&
                                s->rmw[m].base_prod == base_prod && s->rmw[m].off == y->mem_off)
                                slot = m;
                        if (slot >= 0)
                            rmw_prod = s->rmw[slot].id;
                        else
                            slot = s->rmw_next++ % SIM_RMW_SLOTS;
                        s->rmw[slot] = (SimRmw){xid, base_prod, y->mem_off, y->mem_base};
                    }
                    d->dispatched = t;
                    d->srcready = -1;
                    d->done = NEVER;
                    nwait[xid & mask] = 0;
                    d->wake_issue = d->wake_done = -1;
                    d->sched_mask = 0;
                    d->first_issue = -1;   /* (d->group is set below) */
                    bool e = x == 0 ? elim : false;
                    d->elim = e;
                    d->nissue = (uint8_t)((e || y->fused_prev) ? 0 : (x == 0 ? nis : y->nissue));
                    /* producers, and the wait lists of those whose result time is not known yet */
                    for (int k = 0; k < y->nsrc; k++) {
                        int reg = y->src[k].reg;
                        int64_t p = s->rat[reg];
                        dyn_set_prod(d, xid, k, p);
                        d->prod_dst[k] = s->rat_dst[reg];
                        if (p < s->oldest) continue;   /* (none, -1, too) */
                        Dyn *pd = &ring[p & mask];
                        if (pd->done == NEVER && pd->nissued == 0) wait_on(s, xid, k, &pd->wake_issue);
                    }
                    dyn_set_prod(d, xid, PROD_RMW, rmw_prod);
                    dyn_set_prod(d, xid, PROD_MEM, mem_prod);
                    if (rmw_prod >= 0 && rmw_prod >= s->oldest) {
                        Dyn *pd = &ring[rmw_prod & mask];
                        if (pd->done == NEVER && pd->nissued == 0) wait_on(s, xid, PROD_RMW, &pd->wake_issue);
                    }
                    if (mem_prod >= 0 && mem_prod >= s->oldest) {
                        Dyn *pd = &ring[mem_prod & mask];
                        if (pd->done == NEVER) wait_on(s, xid, PROD_MEM, &pd->wake_done);
                    }
                    /* retire group */
                    if (x == 0 && newgroup) {
                        if (s->group_open) s->cur_group++;
                        s->group_open = true;
                        s->cur_group_uops = 0;
                        s->cur_group_issuing = 0;
                    }
                    d->group = (uint32_t)s->cur_group;
                    s->cur_group_uops += y->uops;
                    s->cur_group_issuing += d->nissue;
                    if (y->ends_group) {
                        s->cur_group++;
                        s->group_open = false;
                    }
                    /* queues, registers */
                    if (y->mem == A64_MEM_LOAD || y->mem == A64_MEM_LOADSTORE) s->lq_used++;
                    if (y->mem == A64_MEM_STORE || y->mem == A64_MEM_LOADSTORE) s->sq_used++;
                    if (e) {
                        /* renaming: the destination aliases the source's producer, or is ready now */
                        d->result = t;
                        d->done = t;
                        for (int k = 0; k < y->ndst; k++) {
                            int r = y->dst[k].reg;
                            int64_t p0 = y->nsrc > 0 ? dyn_prod(d, xid, 0) : -1;
                            if (y->nsrc > 0 && p0 >= s->oldest && p0 >= 0) {
                                s->rat[r] = p0;
                                s->rat_dst[r] = d->prod_dst[0];
                            } else {
                                s->rat[r] = xid;
                                s->rat_dst[r] = (uint8_t)k;
                            }
                            s->rq_used++;
                        }
                        events[i + x]++;
                        if (y->elim == SIM_ELIM_LIMITED) elim_limited[y->elim_class % SIM_ELIM_CLASSES]++;
                    } else if (x == 1) {
                        /* second of a fused pair: its results come with the pair's (the first's) */
                        const SimInst *f0 = &si[i];
                        for (int k = 0; k < y->ndst; k++) {
                            int r = y->dst[k].reg, di = -1;
                            for (int m = 0; m < f0->ndst; m++)
                                if (f0->dst[m].reg == r) di = m;
                            if (di < 0 && f0->ndst > 0) di = 0;
                            s->rat[r] = di >= 0 ? id : xid;
                            s->rat_dst[r] = (uint8_t)(di >= 0 ? di : k);
                            s->rq_used++;
                        }
                        d->result = t;
                        d->done = t;
                        d->elim = true;
                    } else {
                        for (int k = 0; k < y->ndst; k++) {
                            s->rat[y->dst[k].reg] = xid;
                            s->rat_dst[y->dst[k].reg] = (uint8_t)k;
                            s->rq_used++;
                            s->rf_used[y->dst[k].rf]++;
                            s->rf_maps[y->dst[k].rf]++;
                        }
                        d->rf_alloc = true;
                        if (d->nissue == 0) {
                            /* nothing issues (nop, unsupported): done at map */
                            d->result = t;
                            d->done = t;
                        }
                    }
                    if (x == 1) events[i]++;
                    bool waits = nwait[xid & mask] > 0;
                    d->wcounted = waits && d->nissue <= SIM_PICKS;
                    for (int k = 0; k < d->nissue; k++) {
                        Sched *sc = &s->sched[pick[k]];
                        uint8_t ki = x == 0 ? ku[k] : (uint8_t)k;
                        sched_acc(sc, t);
                        sc->e[sc->n++] = (Entry){xid, i + x, -1, y->issue[ki].units & sched_units[pick[k]], ki, d->wcounted};
                        s->nonempty |= 1u << pick[k];
                        if (sc->n >= sc->cap) s->full |= 1u << pick[k];
                        if (sc->n > sc->max_used) sc->max_used = sc->n;
                        d->sched_mask |= 1u << pick[k];
                        if (!waits) sc->dirty = true;
                        if (d->wcounted) {
                            d->picks[k] = (uint8_t)pick[k];
                            sc->nwaiting++;
                        }
                        if (++disp_q[pick[k]] >= sched_dispatch[pick[k]] && sched_dispatch[pick[k]] > 0)
                            dlim |= 1u << pick[k];
                        disp_used |= 1u << pick[k];
                    }
                    if (xid < (int64_t)tl_it * n) {   /* events[it * n + i + x] = events[xid] */
                        out->events[xid].dispatched = t;
                        if (fetching) out->events[xid].fetched = s->fe.t;
                        if (d->done != NEVER) {
                            out->events[xid].ready = t;
                            out->events[xid].issued = t;
                            out->events[xid].executed = t;   /* nothing to execute */
                        }
                    }
                    slots += y->uops + y->map_extra;
                    ndisp += y->uops;
                    C->retire_uop += y->uops;
                    C->inst_all++;
                }
                if (in->excl_store && c->excl_store_restart > 0) {
                    s->excl_id = id;
                    s->excl_until = NEVER;
                }
                if (in->gate > 0 && in->gate_id >= 0) {
                    int64_t g = s->gate_next[in->gate_id], tt = (int64_t)t * GATE_ONE;
                    s->gate_next[in->gate_id] = (g > tt ? g : tt) + llround(in->gate * (double)GATE_ONE);
                    if (in->line_step && line_new(in, s->map_it))   /* a store-release exclusive to a new line */
                        s->gate_next[in->gate_id] += (int64_t)c->excl_release_line * GATE_ONE;
                }
                if (uopq)
                    for (int x = 0; x < span; x++)
                        s->q_uops -= queue_uops(c, si, i + x);
                s->next_map += span;
                s->map_i += span;
                if (s->map_i >= n) {
                    s->map_i -= n;
                    s->map_it++;
                }
                if (slots > width) {
                    s->carry_slots = slots - width;
                    break;
                }
                if (si[i + span - 1].taken_branch) break;
            }
            for (uint32_t m = disp_used; m; m &= m - 1)
                disp_q[__builtin_ctz(m)] = 0;
        }
        for (uint32_t m = stalled; m; m &= m - 1)
            out->stalls[__builtin_ctz(m)]++;
        if (fe_wake > t) {   /* map waited for fetch */
            out->fe_starved[s->fe.why]++;
            s->fe_waits++;
        }
        /* ---- accounting for this cycle ---- */
        out->dispatch_hist[ndisp > mh ? mh : ndisp]++;
        out->issue_hist[niss > mh ? mh : niss]++;
        out->retire_hist[nret > mh ? mh : nret]++;
#define OCC(u, m, sum) do { if ((u) > (m)) (m) = (u); (sum) += (u); } while (0)
        OCC(s->lq_used, s->lq_max, s->lq_sum);
        OCC(s->sq_used, s->sq_max, s->sq_sum);
        OCC(s->rq_used, s->rq_max, s->rq_sum);
        for (int f = 0; f < SIM_NRF; f++) OCC(s->rf_used[f], s->rf_max[f], s->rf_sum[f]);
        int rob = (int)((s->group_open ? s->cur_group + 1 : s->cur_group) - s->groups_retired);
        OCC(rob, s->rob_max, s->rob_sum);
        {
            int m = 0;
            for (int f = 0; f < SIM_NRF; f++) m += s->rf_used[f];
            if (m > s->maps_max) s->maps_max = m;
        }
        bool any_stall = stalled != 0;
        if (any_stall || blocked_by_unit) bn->pressure_cycles++;

        /* ---- next cycle; skip cycles in which nothing can happen ---- */
        int32_t next = t + 1;
        if (nret == 0 && niss == 0 && ndisp == 0 && s->oldest < s->total &&
            (c->uopq_size <= 0 || s->decoded >= s->total)) {   /* (decode goes on in idle cycles) */
            int32_t ev = NEVER;
            if (s->oldest < s->next_map) {
                Dyn *d = &ring[s->oldest & mask];
                if (d->done != NEVER && d->done < ev) ev = d->done;
            }
            for (int q = 0; q < nsched; q++) {
                if (!s->sched[q].dirty) {   /* no pollable entry: the earliest known ready cycle */
                    int32_t rd = s->sched[q].min_rd;
                    if (rd != NEVER) {
                        if (rd < t + 1) rd = t + 1;
                        if (rd < ev) ev = rd;
                    }
                    continue;
                }
                for (int r = 0; r < s->sched[q].n; r++) {
                    int64_t id = s->sched[q].e[r].id;
                    int32_t rd = src_ready(s, id);
                    if (rd >= 0) {
                        if (rd < t + 1) rd = t + 1;
                        if (rd < ev) ev = rd;
                    }
                }
            }
            /* (nothing issued in this cycle: only a unit of long_busy can be busy past it) */
            for (uint32_t m = s->long_busy; m; m &= m - 1) {
                int32_t ub = s->unit_busy[__builtin_ctz(m)];
                if (ub > t && ub < ev) ev = ub;
            }
            if (gate_wake > t && gate_wake < ev) ev = gate_wake;
            if (fe_wake > t && fe_wake < ev) ev = fe_wake;
            /* retire is in order: the next retire is when the oldest group has executed (if
             * all its members have issued; otherwise an issue comes first) */
            if (s->oldest < s->next_map) {
                uint32_t g = ring[s->oldest & mask].group;
                int32_t gd = 0;
                for (int64_t x = s->oldest; x < s->next_map && ring[x & mask].group == g; x++) {
                    int32_t dn = ring[x & mask].done;
                    if (dn == NEVER) { gd = NEVER; break; }
                    if (dn > gd) gd = dn;
                }
                if (gd != NEVER && gd > t && gd < ev) ev = gd;
            }
            if (ev != NEVER && ev > next) {
                long long skip = ev - next;
                out->dispatch_hist[0] += skip;
                out->issue_hist[0] += skip;
                out->retire_hist[0] += skip;
                for (uint32_t m = stalled; m; m &= m - 1)
                    out->stalls[__builtin_ctz(m)] += skip;
                if (fe_wake > t) out->fe_starved[s->fe.why] += skip;
                s->lq_sum += skip * s->lq_used;
                s->sq_sum += skip * s->sq_used;
                s->rq_sum += skip * s->rq_used;
                for (int f = 0; f < SIM_NRF; f++) s->rf_sum[f] += skip * s->rf_used[f];
                s->rob_sum += skip * rob;
                if (waiting_data) bn->data_dep_cycles += skip;
                if (any_stall || blocked_by_unit) bn->pressure_cycles += skip;
                next = ev;
            }
        }
        if (t > (int64_t)s->total * 4096 + (1 << 20) || t >= NEVER - 1)
            bug("sim: no progress after %d cycles (instruction %lld of %lld)", t, (long long)s->oldest, (long long)s->total);
        t = next;
    }

    sched_flush(s, t);
    wk->snap_v = cand.v, wk->snap_v_cap = cand.cap;   /* (snap_state may have grown it) */
    long long cycles = s->total > 0 ? (long long)last_retire + 1 + cut_cycles : 0;
    out->total_cycles = cycles;
    out->total_uops = C->retire_uop;
    C->cycle = cycles;
    if (c->fetch_insts > 0) {   /* the front end's events: the steady state's, every iteration */
        out->frontend = true;
        for (int i = 0; i < n; i++) {
            C->l1i_miss += (si[i].fe_ev & SIM_FE_EV_L1I) ? iters : 0;
            C->fetch_restart += (si[i].fe_ev & SIM_FE_EV_RESTART) ? iters : 0;
            C->br_taken += (si[i].fe_ev & SIM_FE_EV_TAKEN) ? iters : 0;
            C->itlb_miss += (si[i].fe_ev & SIM_FE_EV_ITLB) ? iters : 0;
        }
    }
    double dc = cycles > 0 ? (double)cycles : 1;
    /* buffers: schedulers, then the queues */
    out->nbuffers = c->nsched + 3;
    out->buffers = arena_alloc(A, sizeof(McaBufferUsage) * out->nbuffers);
    for (int q = 0; q < c->nsched; q++)
        out->buffers[q] = (McaBufferUsage){c->sched_name[q], c->sched_size[q], s->sched[q].max_used, s->sched[q].sum_used / dc};
    out->buffers[c->nsched] = (McaBufferUsage){"RetireQueue", c->rob_groups, s->rob_max, s->rob_sum / dc, true};
    out->buffers[c->nsched + 1] = (McaBufferUsage){"LoadQueue", c->lq, s->lq_max, s->lq_sum / dc, true};
    out->buffers[c->nsched + 2] = (McaBufferUsage){"StoreQueue", c->sq, s->sq_max, s->sq_sum / dc, true};
    out->rob_size = c->rob_groups;
    out->rob_max_used = s->rob_max;
    out->rob_avg_used = s->rob_sum / dc;
    out->max_mappings = s->maps_max;
    out->mem_dep_cycles = s->mem_dep_cycles;   /* 0 with -noalias: loads never wait for stores */
    out->unit_pressure_cycles = NULL;
    out->nregfiles = SIM_NRF + 1;
    out->regfiles = arena_alloc(A, sizeof(McaRegFileUsage) * out->nregfiles);
    static const char *rfname[SIM_NRF] = {"Integer", "FP/SIMD", "Flags"};
    long long total_maps = 0;
    for (int f = 0; f < SIM_NRF; f++) {
        out->regfiles[f] = (McaRegFileUsage){rfname[f], c->prf[f], s->rf_maps[f], s->rf_max[f], s->rf_sum[f] / dc};
        total_maps += s->rf_maps[f];
    }
    out->regfiles[SIM_NRF] = (McaRegFileUsage){"Rename retire queue", c->rename_queue, total_maps, s->rq_max, s->rq_sum / dc};
    /* fusions and eliminations */
    int nf = 0;
    for (int i = 0; i < n; i++) nf += events[i] > 0;
    out->nfusions = nf;
    out->fusions = arena_alloc(A, sizeof(McaFusion) * (nf > 0 ? nf : 1));
    nf = 0;
    for (int i = 0; i < n; i++) {
        if (events[i] > 0 && si[i].fused_next)
            out->fusions[nf++] = (McaFusion){MCA_FUSED, i, i + 1, si[i].rule && c->fusions ? c->fusions[si[i].rule - 1].name : NULL, events[i]};
        else if (events[i] > 0)
            out->fusions[nf++] = (McaFusion){MCA_ELIMINATED, i, -1, si[i].rule && c->elims ? c->elims[si[i].rule - 1].name : NULL, events[i]};
    }
    return visited;
}

/* the simulated core of cpu with the options */
static void cpu_start(const ModelCpu *cpu, const McaOptions *o, SimCpu *sc)
{
    sim_prepare_cpu(cpu, o, sc);
    sc->uopq_size = o->micro_op_queue_size;
    sc->decode_ipc = o->decoder_throughput;
}

/* out's static fields for a run of `iterations` (<= 0: 100); info allocated when asked */
static void result_start(const ModelCpu *cpu, const SimCpu *sc, int n, int iterations, bool info, McaResult *out)
{
    memset(out, 0, sizeof *out);
    out->cpu = cpu;
    out->n = n;
    out->iterations = iterations > 0 ? iterations : 100;
    out->dispatch_width = sc->width;
    if (info)
        out->info = arena_alloc_raw(&out->arena, sizeof(McaInstInfo) * (n > 0 ? n : 1));
}

/* the block as the simulator takes it (the thread's buffer; sc given its front-end fields),
 * info filled; insts are not read after it (o->insts_done is called) */
static SimInst *prepare(const ModelCpu *cpu, const A64Inst *insts, int n, const McaOptions *o, SimCpu *sc,
                        McaInstInfo *info)
{
    size_t sib = (size_t)(n > 0 ? n : 1) * sizeof(SimInst);
    SimInst *si = work_grow((void **)&sim_work.insts, &sim_work.insts_cap, sib);   /* (filled by sim_prepare_insts) */
    SimFetch *fe = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *fe);
    sim_prepare_insts(cpu, sc, insts, n, o, si, &sim_work.lists, info, fe);
    if (o->insts_done)   /* (insts are not read below) */
        o->insts_done(o->insts_ctx);
    sim_frontend_prepare(cpu, o, sc, fe, n, si);
    free(fe);
    return si;
}

/* the dynamic results of the prepared block for out->iterations (a run does not change si) */
static void run(const SimCpu *sc, const SimInst *si, int n, const McaOptions *opt, McaResult *out)
{
    McaOptions o = *opt;
    o.iterations = out->iterations;
    if (o.instruction_tables) {
        sim_tables(sc, si, n, out);
        return;
    }
    out->block_rthroughput = sim_block_rthroughput(sc, si, n);
    if (!sim_cache_get(sc, &o, si, n, out)) {
        long long cost = sim_run(sc, si, n, &o, out);
        sim_cache_put(out, cost);
    }
    if (o.want_bottleneck)   /* (only -bottleneck-analysis shows it) */
        sim_bottleneck(sc, si, n, out);
}

void mca_simulate(const ModelCpu *cpu, const A64Inst *insts, int n, const McaOptions *opt, McaResult *out)
{
    SimCpu sc;
    cpu_start(cpu, opt, &sc);
    result_start(cpu, &sc, n, opt->iterations, true, out);
    const SimInst *si = prepare(cpu, insts, n, opt, &sc, out->info);
    run(&sc, si, n, opt, out);
}

void mca_simulate_counters(const ModelCpu *cpu, const A64Inst *insts, int n, const McaOptions *opt,
                           const int *iterations, int nlens, McaCounters *out)
{
    SimCpu sc;
    McaResult r;
    cpu_start(cpu, opt, &sc);
    result_start(cpu, &sc, n, nlens > 0 ? iterations[0] : 0, true, &r);   /* (the info of prepare) */
    const SimInst *si = prepare(cpu, insts, n, opt, &sc, r.info);
    for (int l = 0; l < nlens; l++) {
        if (l > 0)   /* (one result at a time: a long block's arrays are not held twice) */
            result_start(cpu, &sc, n, iterations[l], false, &r);
        run(&sc, si, n, opt, &r);
        out[l] = r.counters;
        mca_result_free(&r);
    }
    if (nlens <= 0)
        mca_result_free(&r);
}

void mca_sim_release(void)
{
    SimWork *wk = &sim_work;
    free(wk->ring);
    free(wk->wnext);
    free(wk->nwait);
    free(wk->grow_tmp);
    free(wk->grow_wn);
    free(wk->gate);
    free(wk->counts);
    free(wk->insts);
    free(wk->lists.dst);
    free(wk->lists.src);
    free(wk->lists.issue);
    free(wk->qmask);
    free(wk->qoff);
    free(wk->done_lat);
    free(wk->memo);
    free(wk->need);
    for (int q = 0; q < SIM_MAX_SCHED; q++)
        free(wk->entries[q]);
    free(wk->snap_v);
    free(wk->fe_dem);
    free(wk->snap_st.val);
    free(wk->snap_st.wval);
    free(wk->snap_st.bits);
    memset(wk, 0, sizeof *wk);
    sim_cache_release();
    sim_prepare_release();
    sim_frontend_release();
}

void mca_result_free(McaResult *r)
{
    arena_free(&r->arena);
    memset(r, 0, sizeof *r);
}

/* sim_frontend.c — the front end of the simulated core, as data (models/<cpu>/params.tsv, seed
 * 004): what each instruction of the path costs the fetch stage in the steady state of the loop.
 *
 * The path (src/mca/path.c) is the block as it runs: instructions in order, a followed taken
 * branch marked (A64Inst.taken), each at its address (A64Inst.offset); sim_prepare_insts keeps
 * these for the front end (SimFetch).  Per instruction:
 *   fe_break  a fetch group starts here: after a taken branch (one taken branch per cycle), or
 *             at a page boundary (a fetch never crosses fetch_page_bytes);
 *   fe_stall  cycles lost before that group: taken_bubble after a taken branch, btb_miss_bubble
 *             more when the branch misses the BTB (btb_sets x btb_ways, LRU, index = PC bits
 *             from btb_index_lsb, XOR the PC bits from btb_index_hash_lsb when that is > 0;
 *             btb_miss_cond_bubble instead for a conditional branch), l1i_refill when its line
 *             misses the L1I (l1i_sets x
 *             l1i_ways of l1i_line bytes, LRU, index = the line number), itlb_miss when the
 *             fetch enters a page the L1 ITLB misses (itlb_entries pages of fetch_page_bytes,
 *             fully associative, LRU);
 *   fe_ev     the events it counts: L1I miss (0xd3), ITLB miss (0xd4), fetch restart (0xde),
 *             taken branch (0x90).
 * Where the groups are cut by width (fetch_insts, fetch_bytes) is left to the simulator, which
 * fetches in order (sim.c fe_fetch).  The BTB, the L1I and the ITLB see the same addresses every iteration,
 * so their LRU state repeats after one: a warm-up pass over the path, then the pass whose hits
 * and misses every iteration takes.  The end of the block falls back to its start as a straight
 * line (as without the front end) unless the last instruction is a taken branch (a back-edge).
 */
#include "mca/sim.h"
#include "model/model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* an LRU set-associative table of tags: ways entries per set, way 0 the most recent.  The
 * tables are kept per thread from one block to the next, and a set holds tags only when its
 * stamp is the table's generation: a new block starts a generation instead of writing every
 * tag again (the L1I alone has thousands, a short block touches a few sets) */
typedef struct Lru {
    int sets, ways;
    int64_t *tag;
    uint32_t *stamp;
    uint32_t gen;
    size_t cap_tags, cap_sets;
} Lru;
static _Thread_local Lru lru_btb, lru_l1, lru_itlb;

static void lru_init(Lru *l, int sets, int ways)
{
    size_t cells = (size_t)sets * (size_t)ways;
    if (cells > l->cap_tags || (size_t)sets > l->cap_sets) {
        free(l->tag);
        free(l->stamp);
        l->tag = xmalloc(cells * sizeof *l->tag);
        l->stamp = xcalloc((size_t)sets, sizeof *l->stamp);
        l->cap_tags = cells, l->cap_sets = (size_t)sets;
        l->gen = 0;
    }
    l->sets = sets, l->ways = ways;
    if (++l->gen == 0) {   /* (wrapped: every set is old again) */
        memset(l->stamp, 0, l->cap_sets * sizeof *l->stamp);
        l->gen = 1;
    }
}

void sim_frontend_release(void)
{
    Lru *all[] = {&lru_btb, &lru_l1, &lru_itlb};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++) {
        free(all[k]->tag);
        free(all[k]->stamp);
        memset(all[k], 0, sizeof *all[k]);
    }
}

/* look `tag` up in set `set`; true on a hit; it becomes the most recent either way */
static bool lru_touch(Lru *l, int set, int64_t tag)
{
    int64_t *w = l->tag + (size_t)set * (size_t)l->ways;
    if (l->stamp[set] != l->gen) {   /* empty in this block */
        l->stamp[set] = l->gen;
        for (int k = 0; k < l->ways; k++) w[k] = -1;
    }
    int k = 0;
    while (k < l->ways && w[k] != tag) k++;
    bool hit = k < l->ways;
    if (!hit) k = l->ways - 1;
    memmove(w + 1, w, (size_t)k * sizeof *w);
    w[0] = tag;
    return hit;
}

static int pint(double v) { return v > 0 ? (int)v : 0; }

/* a and b on one page of `page` bytes (> 0; a power of two, as pages are, without a division) */
static bool same_page(int64_t a, int64_t b, int64_t page)
{
    return (page & (page - 1)) == 0 ? ((a ^ b) & ~(page - 1)) == 0 : a / page == b / page;
}

void sim_frontend_prepare(const ModelCpu *cpu, const McaOptions *opt, SimCpu *sc, const SimFetch *fe, int n, SimInst *si)
{
    const ModelParams *p = &cpu->p;
    sc->fetch_insts = sc->fetch_bytes = sc->fetch_queue = 0;
    for (int i = 0; i < n; i++) {
        si[i].fe_break = false;
        si[i].fe_why = si[i].fe_ev = 0;
        si[i].fe_stall = 0;
    }
    if (opt->no_frontend || pint(p->fetch_insts) <= 0 || n <= 0) return;
    /* one taken branch per cycle: fetch takes it for the branches the path follows (a fetch
     * group ends at one); an unconditional branch it does not follow (b out of the region, br,
     * ret without bl) still ends the map group, as without the front end */
    for (int i = 0; i < n; i++)
        if (fe[i].taken) si[i].taken_branch = false;
    sc->fetch_insts = pint(p->fetch_insts);
    sc->fetch_bytes = pint(p->fetch_bytes) > 0 ? pint(p->fetch_bytes) : 4 * sc->fetch_insts;
    sc->fetch_queue = pint(p->fetch_queue);
    int64_t page = pint(p->fetch_page_bytes);
    int btb_sets = pint(p->btb_sets), btb_ways = pint(p->btb_ways), lsb = pint(p->btb_index_lsb);
    int hash_lsb = pint(p->btb_index_hash_lsb);
    int l1_sets = pint(p->l1i_sets), l1_ways = pint(p->l1i_ways), line = pint(p->l1i_line);
    int32_t bubble = (int32_t)lround(1000 * (p->taken_bubble > 0 ? p->taken_bubble : 0));
    int32_t btb_miss = (int32_t)lround(1000 * (p->btb_miss_bubble > 0 ? p->btb_miss_bubble : 0));
    int32_t btb_miss_cond = p->btb_miss_cond_bubble > 0 ? (int32_t)lround(1000 * p->btb_miss_cond_bubble) : btb_miss;
    int32_t refill = (int32_t)lround(1000 * (p->l1i_refill > 0 ? p->l1i_refill : 0));
    int itlb_n = pint(p->itlb_entries);
    int32_t itlb_cost = (int32_t)lround(1000 * (p->itlb_miss > 0 ? p->itlb_miss : 0));
    Lru *btb = &lru_btb, *l1 = &lru_l1, *itlb = &lru_itlb;
    bool use_btb = btb_sets > 0 && btb_ways > 0 && btb_miss > 0;
    bool use_l1 = l1_sets > 0 && l1_ways > 0 && line > 0 && refill > 0;
    bool use_itlb = page > 0 && itlb_n > 0 && itlb_cost > 0;
    if (use_itlb) {   /* a path that enters at most itlb_n pages is on at most that many: no miss */
        int entered = 0;
        for (int i = 0; i < n && entered <= itlb_n; i++)
            entered += !same_page(fe[i].offset, fe[i ? i - 1 : n - 1].offset, page);
        use_itlb = entered > itlb_n;
    }
    if (use_btb) lru_init(btb, btb_sets, btb_ways);
    if (use_l1) lru_init(l1, l1_sets, l1_ways);
    if (use_itlb) lru_init(itlb, 1, itlb_n);
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < n; i++) {
            const SimFetch *a = &fe[i], *prev = &fe[i ? i - 1 : n - 1];
            SimInst *x = &si[i];
            int64_t addr = a->offset, paddr = prev->offset;
            bool redirect = prev->taken && (i > 0 || n > 0);
            bool wrap = i == 0 && !prev->taken;   /* the block's end falls back to its start */
            if (pass == 1) {
                x->fe_break = redirect || (!wrap && page > 0 && addr / page != paddr / page);
                x->fe_why = redirect ? MCA_FE_TAKEN : MCA_FE_PAGE;
                x->fe_stall = redirect ? bubble : 0;
                if (a->taken) x->fe_ev |= SIM_FE_EV_TAKEN;
            }
            if (redirect && use_btb) {
                int64_t ix = (paddr >> lsb) ^ (hash_lsb > 0 ? paddr >> hash_lsb : 0);
                bool hit = lru_touch(btb, (int)(ix & (btb_sets - 1)), paddr);
                if (!hit && pass == 1) {
                    x->fe_stall += prev->cond ? btb_miss_cond : btb_miss;
                    x->fe_why = MCA_FE_BTB;
                    si[i ? i - 1 : n - 1].fe_ev |= SIM_FE_EV_RESTART;
                }
            }
            if (use_itlb && !same_page(addr, paddr, page)) {   /* (before its line: translation first) */
                bool hit = lru_touch(itlb, 0, addr / page);
                if (!hit && pass == 1) {
                    x->fe_break = true;
                    x->fe_stall += itlb_cost;
                    x->fe_why = MCA_FE_ITLB;
                    x->fe_ev |= SIM_FE_EV_ITLB;
                }
            }
            if (use_l1 && (redirect || wrap || addr / line != paddr / line || n == 1)) {
                int64_t ln = addr / line;
                bool hit = lru_touch(l1, (int)(ln % l1_sets), ln);
                if (!hit && pass == 1) {
                    x->fe_break = true;
                    x->fe_stall += refill;
                    x->fe_why = MCA_FE_L1I;
                    x->fe_ev |= SIM_FE_EV_L1I;
                }
            }
        }
    }
}

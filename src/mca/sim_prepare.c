/* sim_prepare.c — from the CPU model and the parsed block to the simulator's own description.
 *
 *   sim_prepare_cpu    ModelCpu params/units/schedulers/queues ─► SimCpu (0 = no limit where the
 *                      model does not know a size)
 *   sim_prepare_insts  per instruction: its form's uops, issues (one SimIssue per issue, with the
 *                      capable units of the unit use that names them, or all units of the group),
 *                      occupancy of non-pipelined units, register reads/writes with the latency of
 *                      each written operand, the producer-specific latency of each read (measured
 *                      same-form operand pairs, the model's complex-latency rules) for the producer
 *                      the block's steady state gives it, fusion with the next instruction and
 *                      elimination (the model's rules), retire-group placement; plus the static
 *                      instruction-info fields of McaResult.  One pass over the instructions (after
 *                      a first look that sizes the lists and finds each register's last writer),
 *                      which keeps what it needs of the ones behind it (each register's last
 *                      writer): the caller may give the parsed form back as it goes.
 *
 * Every fact comes from the model (src/model/model.h); nothing here names a mnemonic.
 */
#include "mca/sim.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static int param(double v, int dflt)
{
    return v > 0 ? (int)(v + 0.5) : dflt;
}

static void prepare_cpu(const ModelCpu *cpu, const McaOptions *opt, SimCpu *sc);

/* the same CPU and options every region: the last result is kept (per thread) */
static _Thread_local struct {
    const ModelCpu *cpu;
    int dispatch_width, register_file_size, lqueue, squeue;
    SimCpu sc;
} cpu_cache;

void sim_prepare_cpu(const ModelCpu *cpu, const McaOptions *opt, SimCpu *sc)
{
    bool known = model_in_registry(cpu);
    if (known && cpu_cache.cpu == cpu && cpu_cache.dispatch_width == opt->dispatch_width &&
        cpu_cache.register_file_size == opt->register_file_size && cpu_cache.lqueue == opt->lqueue &&
        cpu_cache.squeue == opt->squeue && cpu_cache.sc.divider == opt->divider) {
        *sc = cpu_cache.sc;
        return;
    }
    prepare_cpu(cpu, opt, sc);
    if (known) {
        cpu_cache.cpu = cpu;
        cpu_cache.dispatch_width = opt->dispatch_width;
        cpu_cache.register_file_size = opt->register_file_size;
        cpu_cache.lqueue = opt->lqueue;
        cpu_cache.squeue = opt->squeue;
        cpu_cache.sc = *sc;
    }
}

static void prepare_cpu(const ModelCpu *cpu, const McaOptions *opt, SimCpu *sc)
{
    const ModelParams *p = &cpu->p;
    memset(sc, 0, sizeof *sc);
    sc->name = cpu->name;
    sc->divider = opt->divider;
    int w = param(p->dispatch_width, param(p->map_width, param(p->decode_width, 4)));
    if (p->map_width > 0 && param(p->map_width, w) < w) w = param(p->map_width, w);
    sc->width = opt->dispatch_width > 0 ? opt->dispatch_width : w;
    sc->retire_width = param(p->retire_groups_per_cycle, 0);
    sc->retire_uops_width = param(p->retire_uops_per_cycle, 0);
    sc->flag_write_map_slots = param(p->flag_write_map_slots, 0);
    sc->fused_pair_one_group = param(p->fused_pair_one_group, 0) > 0;
    sc->excl_store_restart = param(p->excl_store_restart, 0);
    sc->excl_release_line = param(p->excl_release_new_line, 0);
    sc->rob_groups = param(p->retire_queue_groups, 0);
    sc->group_max_uops = param(p->retire_group_max_uops, 1);
    sc->group_max_issuing = param(p->retire_group_max_issuing, 0);
    sc->rename_queue = opt->register_file_size > 0 ? opt->register_file_size : param(p->rename_queue, 0);
    sc->prf[SIM_RF_INT] = param(p->prf_int, 0);
    sc->prf[SIM_RF_FP] = param(p->prf_fp, 0);
    sc->prf[SIM_RF_FLAGS] = param(p->prf_flags, 0);
    sc->lq = opt->lqueue > 0 ? opt->lqueue : param(p->inflight_loads, 0);
    sc->sq = opt->squeue > 0 ? opt->squeue : param(p->inflight_stores, 0);
    sc->nunits = cpu->nunits < SIM_MAX_UNITS ? cpu->nunits : SIM_MAX_UNITS;
    for (int u = 0; u < sc->nunits; u++) {
        sc->unit_name[u] = cpu->units[u].name;
        sc->unit_group[u] = cpu->units[u].group;
    }
    /* schedulers: the model's; units without one get their own unbounded scheduler */
    int ns = 0;
    for (int q = 0; q < cpu->nscheds && ns < SIM_MAX_SCHED; q++, ns++) {
        const ModelSched *m = &cpu->scheds[q];
        sc->sched_name[ns] = m->name;
        sc->sched_size[ns] = m->entries > 0 ? m->entries : 0;
        sc->sched_units[ns] = (m->units >> 1) & ((sc->nunits >= 32) ? 0xffffffffu : ((1u << sc->nunits) - 1));
        int qi = m->queue;
        sc->sched_dispatch[ns] = (qi >= 0 && qi < cpu->nqueues && cpu->queues[qi].width > 0) ? cpu->queues[qi].width : 0;
        for (int u = 0; u < sc->nunits; u++)
            if (sc->sched_units[ns] >> u & 1) {
                sc->unit_sched[u] = (uint8_t)ns;
                sc->sched_group[ns] = sc->unit_group[u];
            }
    }
    for (int u = 0; u < sc->nunits; u++) {
        bool fed = false;
        for (int q = 0; q < ns; q++) fed |= (sc->sched_units[q] >> u & 1) != 0;
        if (!fed && ns < SIM_MAX_SCHED) {
            sc->sched_name[ns] = sc->unit_name[u];
            sc->sched_units[ns] = 1u << u;
            sc->sched_group[ns] = sc->unit_group[u];
            sc->unit_sched[u] = (uint8_t)ns;
            ns++;
        }
    }
    sc->nsched = ns;
    sc->elim_imm_per_group = 0;   /* limits are per rule: SimInst.elim_limit */
    sc->fusions = cpu->fusions;
    sc->elims = cpu->elims;
}

static uint32_t sim_mask(const SimCpu *sc, uint32_t model_mask)
{
    uint32_t m = model_mask >> 1;
    if (sc->nunits < 32) m &= (1u << sc->nunits) - 1;
    return m;
}

static uint32_t group_mask(const SimCpu *sc, int g)
{
    uint32_t m = 0;
    for (int u = 0; u < sc->nunits; u++)
        if (sc->unit_group[u] == g) m |= 1u << u;
    return m;
}

static int mask_group(const SimCpu *sc, uint32_t m)
{
    for (int u = 0; u < sc->nunits; u++)
        if (m >> u & 1) return sc->unit_group[u];
    return -1;
}

/* issues of a form: per group, the unit uses naming units of that group, padded/truncated to the
 * form's issue count of the group */
static int form_issues(const ModelCpu *cpu, const SimCpu *sc, const ModelForm *f, SimIssue *out)
{
    int n = 0;
    int want[SIM_NGROUPS] = {f->issues_int, f->issues_mem, f->issues_fp};
    float exact[SIM_NGROUPS] = {f->issue_int, f->issue_mem, f->issue_fp};
    uint32_t np_units = 0;
    if (f->occupancy > 0 && f->nonpipe >= 0 && f->nonpipe < cpu->nnonpipe)
        np_units = sim_mask(sc, cpu->nonpipe[f->nonpipe].units);
    for (int g = 0; g < SIM_NGROUPS; g++) {
        int got = 0;
        uint32_t last = 0;
        for (int k = 0; k < f->nunit_uses && got < want[g]; k++) {
            uint32_t m = sim_mask(sc, f->unit_use[k].mask);
            if (!m || mask_group(sc, m) != g) continue;
            last = m;
            int cnt = f->unit_use[k].count > 0 ? f->unit_use[k].count : 1;
            for (int c = 0; c < cnt && got < want[g] && n < SIM_MAX_ISSUE; c++, got++)
                out[n++] = (SimIssue){m, (uint8_t)g, 1};
        }
        if (!last && got < want[g]) last = group_mask(sc, g);   /* (only to pad: most forms need none) */
        for (; got < want[g] && n < SIM_MAX_ISSUE; got++)
            out[n++] = (SimIssue){last, (uint8_t)g, 1};
        /* a fractional count (2.94 issues): the last issue of the group in that fraction of instances */
        if (got > 0 && exact[g] > 0 && exact[g] < got && exact[g] > got - 1)
            out[n - 1].frac = exact[g] - (got - 1);
    }
    if (f->occupancy > 0) {
        int occ = (int)(f->occupancy + 0.5);
        if (occ < 1) occ = 1;
        if (occ > 255) occ = 255;
        /* occupancy is the resource's busy time per instance: with several issues on it
         * (Icestorm UDIV: 2 on u2, tp 7) the first takes what the others (1 each) leave */
        int first = -1, more = 0;
        for (int k = 0; k < n; k++)
            if (np_units && (out[k].units & np_units)) {
                if (first < 0) first = k;
                else more++;
            }
        if (first < 0 && n > 0) first = 0;
        if (first >= 0) out[first].occupancy = (uint8_t)(occ - more > 1 ? occ - more : 1);
    }
    return n;
}

/* the form of an integer division for the operand case asked for (-divider): the fast form
 * `UDIV_fast_64` becomes `UDIV_slow_64`, if the model has it */
static const ModelForm *divider_form(const ModelCpu *cpu, const char *id, int divider, const ModelForm *dflt)
{
    if (strncmp(id, "UDIV_fast_", 10) != 0 && strncmp(id, "SDIV_fast_", 10) != 0)
        return dflt;
    char name[64];
    snprintf(name, sizeof name, "%.4s_%s_%s", id, divider == MCA_DIV_SLOW ? "slow" : "medium", id + 10);
    const ModelForm *f = model_form(cpu, name);
    return f ? f : dflt;
}

/* latency of a form that has none in the tables (llvm-mca's default for unknown latency is 1) */
static float dflt_latency(const ModelCpu *cpu)
{
    (void)cpu;
    return 1.0f;
}

/* latency of the value produced by p's write `w` as read by c's read `r` */
static float pair_latency(const ModelCpu *cpu, const A64Inst *p, const ModelForm *pf, const A64RegUse *w,
                          const A64Inst *c, const ModelForm *cf, const A64RegUse *r)
{
    int wp = model_opnd_pos(p, w, true);
    float base = pf ? model_lat(cpu, pf, wp, 0, dflt_latency(cpu)) : dflt_latency(cpu);
    /* a chain of a form into itself that the form's tests measured (a pair "W->R=v", R read by
     * the same form): that measurement, before any rule (FP stores' writeback base 1.1 cycles) */
    if (pf && pf == cf) {
        /* (every read of the register: sha1m q0, s0, v1.4s reads v0 at 1 and 2) */
        float v = -1;
        for (int x = 0; x < c->nreads; x++) {
            if (c->reads[x].reg != r->reg) continue;
            int rp = model_opnd_pos(c, &c->reads[x], false), k = 0;
            while (k < pf->nlat && !(pf->lat_opnd[k] == wp && pf->lat_read[k] == rp &&
                                     !(pf->lat_flags[k] & MODEL_LAT_BOUND)))
                k++;
            if (k == pf->nlat) { v = -1; break; }   /* a read not measured: the rules decide */
            if (pf->lat_val[k] > v) v = pf->lat_val[k];
        }
        if (v >= 0)
            return v;
    }
    const ModelLatRule *rule = model_lat_rule_match(cpu, p, w, c, r);
    if (rule)
        return rule->lat >= 0 ? rule->lat : base + rule->delta;
    return -1;   /* no rule: the producer's latency less the consumer's read advance */
}

/* latency of a written register the tables give none for: a register loaded from memory gets the
 * model's load-to-use latency (params.tsv load_latency), anything else the generic default */
static float write_default(const ModelCpu *cpu, const A64Inst *a, int reg, int mem_base)
{
    bool loads = a->mem.kind == A64_MEM_LOAD || a->mem.kind == A64_MEM_LOADSTORE;
    for (int k = 0; k < a->nreads; k++)   /* a merged register (lane insert) keeps the generic default */
        if (a->reads[k].reg == reg)
            loads = false;
    if (loads && reg != mem_base && cpu->p.load_latency > 0)
        return (float)cpu->p.load_latency;
    return dflt_latency(cpu);
}

static bool tracked(int reg)
{
    return reg < A64_NREGS && reg != A64_FPSR;
}

/* latency of the value form f writes at position w: its main latency, or the largest of its
 * per-operand latencies when reading some operand takes longer (INS (general): the general
 * register reaches the vector 7 cycles after it is ready, the merged vector 2 cycles; LDR
 * (register, Q): the index 6, the base 4).  The faster operands are then read late (advance). */
static float write_lat(const ModelCpu *cpu, const ModelForm *f, const A64Inst *a, int w, float dflt)
{
    float v = model_lat(cpu, f, w, 0, dflt);
    if (v < 0 || f->nlat == 0)   /* (no per-operand latencies: the main one for every read) */
        return v;
    for (int k = 0; k < a->nreads; k++) {
        if (!tracked(a->reads[k].reg)) continue;
        float m = model_lat(cpu, f, w, model_opnd_pos(a, &a->reads[k], false), dflt);
        if (m > v) v = m;
    }
    return v;
}

typedef struct FormSlot {
    const char *key;              /* A64Inst.form pointer, NULL = free */
    const ModelForm *f;
    int niss;                     /* its issues (iss, made for its first instruction), -1 none yet */
    SimIssue *iss;                /* (as made: fusion and elimination change an instruction's) */
} FormSlot;

typedef struct GateSlot {
    const ModelForm *f;           /* NULL = free */
    int gated;                    /* first instruction of this form with a throughput gate */
} GateSlot;

/* the distinct form ids of a block, a hash table grown as they come (sized by the forms, not
 * by the instructions: a long region of a few hundred forms takes a few KiB) */
typedef struct FormTab {
    FormSlot *s;
    size_t mask, used;
} FormTab;

static size_t form_hash(const void *key)
{
    return ptr_hash(key) >> 17;
}

/* the slot of form id `key` in the table, made on first use (the slot moves when a later
 * form grows the table) */
static FormSlot *form_slot(const ModelCpu *cpu, const SimCpu *sc, FormTab *t, const char *key)
{
    if ((t->used + 1) * 2 > t->mask + 1) {
        FormTab g = {xcalloc((t->mask + 1) * 2, sizeof *g.s), (t->mask + 1) * 2 - 1, t->used};
        for (size_t k = 0; k <= t->mask; k++)
            if (t->s[k].key) {
                size_t h = form_hash(t->s[k].key);
                for (h &= g.mask; g.s[h].key; h = (h + 1) & g.mask) {}
                g.s[h] = t->s[k];
            }
        free(t->s);
        *t = g;
    }
    size_t h = form_hash(key);
    for (h &= t->mask;; h = (h + 1) & t->mask)
        if (!t->s[h].key || t->s[h].key == key) break;
    FormSlot *fs = &t->s[h];
    if (!fs->key) {
        fs->key = key;
        fs->f = model_form(cpu, key);
        if (sc->divider != MCA_DIV_FAST) fs->f = divider_form(cpu, key, sc->divider, fs->f);
        fs->niss = -1;
        fs->iss = NULL;
        t->used++;
    }
    return fs;
}

/* the form table of the last block, kept per thread with every slot free (the used ones are
 * cleared as the block's table is given back): a block's table is not allocated and zeroed
 * again (zeroing the 64 slots cost more than filling the few a short block uses).  A table
 * grown past FORM_KEEP_MAX slots is freed instead (clearing it would walk them all). */
enum { FORM_KEEP_MAX = 256 };
static _Thread_local FormTab form_keep;

static FormTab form_tab_take(void)
{
    FormTab t = form_keep;
    if (!t.s)
        return (FormTab){xcalloc(64, sizeof *t.s), 63, 0};
    form_keep = (FormTab){NULL, 0, 0};
    return t;
}

/* t's issues freed and its slots cleared for the next block (or the table freed) */
static void form_tab_give(FormTab *t)
{
    bool keep = t->mask + 1 <= FORM_KEEP_MAX;
    for (size_t k = 0; k <= t->mask; k++)
        if (t->s[k].key) {   /* (most slots are empty: no call for them) */
            free(t->s[k].iss);
            if (keep)
                t->s[k] = (FormSlot){NULL, NULL, 0, NULL};
        }
    if (keep) {
        t->used = 0;
        free(form_keep.s);
        form_keep = *t;
    } else {
        free(t->s);
    }
}

void sim_prepare_release(void)
{
    free(form_keep.s);
    form_keep = (FormTab){NULL, 0, 0};
}

/* the model form of an instruction whose form id is in the table already (no per-instruction
 * array of them: a long region is held compactly) */
static const ModelForm *inst_form(const ModelCpu *cpu, const SimCpu *sc, FormTab *t, const A64Inst *a)
{
    return a->form ? form_slot(cpu, sc, t, a->form)->f : NULL;
}

/* room for at least n entries in a pool whose content is not kept */
static void *pool_room(void *p, size_t *cap, size_t n, size_t size)
{
    if (n <= *cap)
        return p;
    free(p);
    *cap = n + n / 4;
    return xmalloc(*cap * size);
}

/* the instructions go by in one pass: what it keeps of them beyond the one it is at */
typedef struct Prep {
    const ModelCpu *cpu;
    const SimCpu *sc;
    SimInst *out;
    McaInstInfo *info;
    FormTab fc;
    GateSlot *gt;                 /* throughput gates by model form */
    size_t gmask;
    int ngates;
    /* producer-specific latencies in the steady state: cur[reg] = the last writer of reg among
     * the instructions before (its destination curd[reg], its parsed form lastw[reg]); without
     * one, the last writer of the whole block glast[reg] (gd, its parsed form gcopy[reg]), as
     * walking back past the start would find */
    int glast[A64_NREGS], gd[A64_NREGS], cur[A64_NREGS], curd[A64_NREGS];
    /* general registers changed only by add/sub of immediates: their change per iteration
     * (stride), whether anything else writes them (vary), the change before the instruction
     * at hand (pre) */
    int64_t stride[A64_SP + 1], pre[A64_SP + 1];
    bool vary[A64_SP + 1];
    float adv[SIM_MAX_SRC];       /* the read advances of the instruction at hand (prep_one) */
    A64Inst *lastw, *gcopy;       /* [A64_NREGS] */
} Prep;

/* out[i], info[i] and fe[i] from instruction a alone (its form's issues, registers, info) */
static void prep_one(Prep *P, const A64Inst *a, int i, int call_latency, SimLists *lists, SimFetch *fe)
{
    const ModelCpu *cpu = P->cpu;
    const SimCpu *sc = P->sc;
    SimInst *s = &P->out[i];
    McaInstInfo *ii = &P->info[i];
    FormSlot *fs = a->form ? form_slot(cpu, sc, &P->fc, a->form) : NULL;
    const ModelForm *f = fs ? fs->f : NULL;
    /* the lists are written up to their counts and never read beyond them */
    memset(s, 0, offsetof(SimInst, dst));
    s->dst = lists->dst + lists->ndst;
    s->src = lists->src + lists->nsrc;
    s->issue = lists->issue + lists->nissue;
    s->mem = a->mem.kind == A64_MEM_PREFETCH ? A64_MEM_LOAD : a->mem.kind;
    /* atomics (memory read-modify-write): the same-address chain latency */
    if (a->mem.kind == A64_MEM_LOADSTORE)
        s->mem_chain = f && f->mem_chain_lat > 0 ? f->mem_chain_lat
                     : cpu->p.atomic_mem_chain > 0 ? (float)cpu->p.atomic_mem_chain : 0;
    else if (a->mem.kind != A64_MEM_NONE && f && f->mem_chain_lat > 0)
        s->mem_chain = f->mem_chain_lat;   /* a store-exclusive with a measured chain */
    s->excl_store = (a->sys & A64_SYS_EXCLUSIVE) && a->mem.kind == A64_MEM_STORE;
    s->mem_base = A64_NOREG;
    for (int k = 0; k < a->nops; k++)
        if (a->ops[k].kind == A64_OP_MEM) {
            s->mem_base = a->ops[k].u.mem.base == 31 ? A64_SP : a->ops[k].u.mem.base;
            s->mem_off = a->ops[k].u.mem.offset;
            break;
        }
    float dl = dflt_latency(cpu);
    if (f) {
        s->uops = f->uops > 0 ? f->uops : 1;
        if (fs->niss < 0) {
            SimIssue iss[SIM_MAX_ISSUE];
            fs->niss = form_issues(cpu, sc, f, iss);
            fs->iss = xmalloc(sizeof(SimIssue) * (size_t)(fs->niss > 0 ? fs->niss : 1));
            memcpy(fs->iss, iss, sizeof(SimIssue) * (size_t)fs->niss);
        }
        s->nissue = (uint8_t)fs->niss;
        memcpy(s->issue, fs->iss, sizeof(SimIssue) * (size_t)s->nissue);
        s->latency = f->lat > 0 ? f->lat : (s->nissue > 0 ? 1 : 0);
    } else {
        s->uops = 1;   /* unsupported: one slot, nothing issues */
        s->latency = dl;
    }
    /* registers */
    int wpos = 0;
    float main = 0;
    if (f && a->nwrites > 0) {
        wpos = model_opnd_pos(a, &a->writes[0], true);
        main = write_lat(cpu, f, a, wpos, dl);
    }
    for (int k = 0; k < a->nreads && s->nsrc < SIM_MAX_SRC; k++) {
        if (!tracked(a->reads[k].reg)) continue;
        int rpos = model_opnd_pos(a, &a->reads[k], false);
        /* read advance: main latency minus this operand's measured latency to the result */
        float adv = 0;
        if (f && a->nwrites > 0) {
            float mine = model_lat(cpu, f, wpos, rpos, dl);
            if (main > 0 && mine >= 0 && mine < main) adv = main - mine;
        }
        if (adv > 0) s->late_read = true;
        P->adv[s->nsrc] = adv;
        s->src[s->nsrc++] = (SimSrc){.reg = a->reads[k].reg, .opnd = (uint8_t)rpos, .exp_prod = -1};
    }
    for (int k = 0; k < a->nwrites && s->ndst < SIM_MAX_DST; k++) {
        int reg = a->writes[k].reg;
        if (!tracked(reg)) continue;
        int pos = model_opnd_pos(a, &a->writes[k], true);
        float lat = f ? write_lat(cpu, f, a, pos, -1) : -1;
        if (lat < 0) lat = write_default(cpu, a, reg, s->mem_base);
        if (!(f && f->lat > 0) && lat > s->latency) s->latency = lat;
        uint8_t rf = reg == A64_NZCV ? SIM_RF_FLAGS : (reg >= A64_V0 && reg < A64_V0 + 32) ? SIM_RF_FP : SIM_RF_INT;
        s->dst[s->ndst++] = (SimDst){(uint8_t)reg, (uint8_t)pos, rf, lat};
    }
    /* a flag writer with another result (a register, or flags it reads and keeps in part) or
     * whose operands come from the SIMD/FP side takes more map slots than its retire slots
     * (models/README.md, flag_write_map_slots); a compare of general registers (nzcv its only
     * result) takes its uops */
    if (sc->flag_write_map_slots > s->uops) {
        bool wflags = false, other = false;
        for (int k = 0; k < s->ndst; k++)
            if (s->dst[k].reg == A64_NZCV) wflags = true;
            else other = true;
        for (int k = 0; k < a->nreads; k++)
            if (a->reads[k].reg == A64_NZCV || (a->reads[k].reg >= A64_V0 && a->reads[k].reg < A64_V0 + 32))
                other = true;
        s->map_extra = wflags && other;
    }
    /* -call-latency: a call completes that many cycles after it issues (llvm-mca's MaxLatency
     * of a call; its register writes keep their latencies) */
    if (call_latency > 0 && (a->branch == A64_BR_CALL || a->branch == A64_BR_CALL_INDIRECT))
        s->latency = (float)call_latency;
    lists->ndst += (size_t)s->ndst;
    lists->nsrc += (size_t)s->nsrc;
    lists->nissue += (size_t)(s->nissue > 0 ? s->nissue : 1);
    s->starts_group = s->mem != A64_MEM_NONE;
    s->ends_group = a->branch == A64_BR_COND;
    s->taken_branch = a->branch != A64_BR_NONE && a->branch != A64_BR_COND &&
                      cpu->p.taken_branches_per_cycle > 0;
    fe[i] = (SimFetch){a->offset, a->taken, a->branch == A64_BR_COND};
    /* info */
    ii->uops = (int16_t)s->uops;
    float lmax = 0;
    for (int k = 0; k < s->ndst; k++) if (s->dst[k].lat > lmax) lmax = s->dst[k].lat;
    if (s->ndst == 0) lmax = f && f->lat > 0 ? f->lat : (s->nissue > 0 ? 1 : 0);
    ii->latency = (int)ceilf(lmax);
    ii->rthroughput = f && f->tp > 0 ? f->tp : -1;
    bool ld, st, se;
    mca_inst_flags(a, &ld, &st, &se);
    ii->may_load = ld, ii->may_store = st, ii->has_side_effects = se;
}

/* `add|sub xd, xd, #imm`: xd's register in *reg, the change in *delta */
static bool add_imm(const A64Inst *a, int *reg, int64_t *delta)
{
    if (a->nops != 3 || a->ops[0].kind != A64_OP_GPR || a->ops[1].kind != A64_OP_GPR ||
        a->ops[2].kind != A64_OP_IMM || a->ops[2].u.imm.reloc || a->ops[2].u.imm.sym ||
        !a->ops[0].u.gpr.is64 || a->ops[0].u.gpr.num != a->ops[1].u.gpr.num ||
        a->ops[0].u.gpr.is_sp != a->ops[1].u.gpr.is_sp || (a->ops[0].u.gpr.num == 31 && !a->ops[0].u.gpr.is_sp) ||
        !a->mnem_name || (strcmp(a->mnem_name, "add") != 0 && strcmp(a->mnem_name, "sub") != 0))
        return false;
    int64_t v = a->ops[2].u.imm.value;
    if (a->ops[2].shift == A64_SH_LSL) {
        if (a->ops[2].shift_amount >= 32) return false;
        v *= (int64_t)1 << a->ops[2].shift_amount;
    } else if (a->ops[2].shift != A64_SH_NONE) {
        return false;
    }
    *reg = a->ops[0].u.gpr.num == 31 ? A64_SP : A64_X0 + a->ops[0].u.gpr.num;
    *delta = a->mnem_name[0] == 's' ? -v : v;
    return true;
}

/* the registers instruction a writes: an add/sub of an immediate adds its change to acc
 * (P->stride in the first look at the block, P->pre then); any other write makes them vary */
static void prep_stride(Prep *P, const A64Inst *a, int64_t *acc)
{
    int r = -1;
    int64_t d = 0;
    bool ai = add_imm(a, &r, &d);
    for (int k = 0; k < a->nwrites; k++) {
        int w = a->writes[k].reg;
        if (w > A64_SP) continue;
        if (ai && w == r) acc[w] += d;
        else P->vary[w] = true;
    }
}

/* SimInst.line_step and line_off of a store-release exclusive whose base register changes
 * only by add/sub of immediates in the block, and changes */
static void prep_line(Prep *P, const A64Inst *a, int i)
{
    SimInst *s = &P->out[i];
    if (P->sc->excl_release_line <= 0 || !s->excl_store || !a->mnem_name || strncmp(a->mnem_name, "stl", 3) != 0 ||
        s->mem_base > A64_SP || P->vary[s->mem_base] || P->stride[s->mem_base] == 0)
        return;
    int64_t st = P->stride[s->mem_base], off = (P->pre[s->mem_base] + s->mem_off) % 64;
    s->line_step = (int8_t)(st >= 64 || st <= -64 ? 64 : st);
    s->line_off = (uint8_t)(off < 0 ? off + 64 : off);
}

/* throughput gate of instruction i (before fusion changes it): a form whose measured
 * reciprocal throughput is above what its uops (width) and issues (capable units, occupancy)
 * explain is limited by something else (serialization: barriers, atomics, system registers);
 * its instances map at most one per tp cycles.  Instructions of one form share the gate (gt:
 * at most one slot per form id). */
static void prep_gate(Prep *P, const A64Inst *a, int i)
{
    SimInst *s = &P->out[i];
    const ModelForm *f = inst_form(P->cpu, P->sc, &P->fc, a);
    s->gate_id = -1;
    if (!f || f->tp <= 0) return;
    double bound = (double)(s->uops + s->map_extra) / (P->sc->width > 0 ? P->sc->width : 1);
    for (int k = 0; k < s->nissue; k++) {
        double load = 0;
        for (int m = 0; m < s->nissue; m++)
            if ((s->issue[m].units & ~s->issue[k].units) == 0)
                load += s->issue[m].occupancy > 0 ? s->issue[m].occupancy : 1;
        double b = load / bits32(s->issue[k].units);
        if (b > bound) bound = b;
    }
    if (f->tp > bound * 1.01 + 0.002) {
        s->gate = f->tp;
        s->gate_id = P->ngates;
        /* the first earlier instruction of the same model form with a gate shares it */
        size_t h = form_hash(f);
        for (h &= P->gmask;; h = (h + 1) & P->gmask)
            if (!P->gt[h].f || P->gt[h].f == f) break;
        if (P->gt[h].f) s->gate_id = P->out[P->gt[h].gated].gate_id;
        else P->gt[h].f = f, P->gt[h].gated = i, P->ngates++;
    }
}

/* the producer-specific latency of each source of instruction i (c), from the last writer
 * before it (or the block's last, wrapping); then its sources' SimSrcX after them (the last
 * list in `lists`) */
static void prep_edges(Prep *P, const A64Inst *c, int i, SimLists *lists)
{
    SimInst *s = &P->out[i];
    float edge[SIM_MAX_SRC];
    for (int k = 0; k < s->nsrc; k++) {
        edge[k] = -1;
        int reg = s->src[k].reg;
        const A64RegUse *ru = NULL;
        for (int x = 0; x < c->nreads; x++)
            if (c->reads[x].reg == reg) { ru = &c->reads[x]; break; }
        int p = P->cur[reg], dk = P->curd[reg];
        const A64Inst *pa = &P->lastw[reg];
        if (p < 0) p = P->glast[reg], dk = P->gd[reg], pa = &P->gcopy[reg];
        if (p < 0) continue;
        const A64RegUse *wu = NULL;
        for (int x = 0; x < pa->nwrites; x++)
            if (pa->writes[x].reg == reg) { wu = &pa->writes[x]; break; }
        if (wu && ru) {
            s->src[k].exp_prod = p;
            s->src[k].exp_dst = (uint8_t)dk;
            edge[k] = pair_latency(P->cpu, pa, inst_form(P->cpu, P->sc, &P->fc, pa), wu, c,
                                   inst_form(P->cpu, P->sc, &P->fc, c), ru);
        }
    }
    int nx = 0;
    for (int k = 0; k < s->nsrc; k++)
        if (edge[k] >= 0 || P->adv[k] > 0) {
            SimSrcX x = {edge[k] >= 0 ? edge[k] : -1, P->adv[k]};
            memcpy(&s->src[s->nsrc + nx], &x, sizeof x);
            s->src[k].xk = (uint8_t)++nx;
        }
    lists->nsrc += (size_t)nx;
    for (int d = 0; d < s->ndst; d++) {
        int reg = s->dst[d].reg;
        if (reg < A64_NREGS) {
            P->cur[reg] = i, P->curd[reg] = d;
            P->lastw[reg] = *c;
        }
    }
}

/* fusion of instruction i with i + 1 (a, b; b NULL when i is the last), or its elimination
 * (rules are the model's): out[i + 1] is made already */
static void prep_fuse(Prep *P, const A64Inst *a, const A64Inst *b, int i)
{
    const ModelCpu *cpu = P->cpu;
    const SimCpu *sc = P->sc;
    SimInst *s = &P->out[i];
    if (s->fused_prev || s->elim) return;
    if (b && !P->out[i + 1].fused_prev) {
        const ModelFusion *fu = model_fusion_match(cpu, a, b);
        if (fu) {
            SimInst *t = &P->out[i + 1];
            s->fused_next = true;
            s->rule = (uint16_t)(fu - cpu->fusions + 1);
            t->fused_prev = true;
            t->rule = s->rule;
            int uops = fu->uops > 0 ? fu->uops : 1;
            s->uops = uops;
            t->uops = 0;
            /* the pair issues on units able to run both halves */
            int iss = fu->issues;
            if (s->nissue > 0 && t->nissue > 0) {
                uint32_t both = s->issue[0].units & t->issue[0].units;
                s->issue[0].units = both ? both : t->issue[0].units;
                s->issue[0].group = (uint8_t)mask_group(sc, s->issue[0].units);
            } else if (s->nissue == 0 && t->nissue > 0) {
                s->issue[0] = t->issue[0];
            }
            if (iss < s->nissue) s->nissue = iss;
            t->nissue = 0;
            s->ends_group = s->ends_group || t->ends_group;
            t->starts_group = false;
            P->info[i].uops = s->uops;
            P->info[i + 1].uops = 0;
            return;
        }
    }
    bool pair = false;
    const ModelElim *el = model_elim_match(cpu, a, b, &pair);
    if (el) {
        s->elim = el->limit > 0 ? SIM_ELIM_LIMITED : SIM_ELIM_ALWAYS;
        s->rule = (uint16_t)(el - cpu->elims + 1);
        if (el->limit > 0) {   /* "limit per window" instructions, enforced per map group */
            int win = el->window > 0 ? el->window : sc->width;
            s->elim_limit = (int)((double)el->limit * sc->width / win + 0.5);
            if (s->elim_limit < 1) s->elim_limit = 1;
            s->elim_class = (uint8_t)((el - cpu->elims) % SIM_ELIM_CLASSES);
            /* the form's measured (fractional) issue count is the average over eliminated and
             * non-eliminated instances: an instance that is not eliminated issues in full */
            for (int k = 0; k < s->nissue; k++) s->issue[k].frac = 0;
        }
        if (pair && b) {
            SimInst *t = &P->out[i + 1];
            t->elim = s->elim;
            t->rule = s->rule;
            t->elim_limit = s->elim_limit;
            t->elim_class = s->elim_class;
        }
    }
}

/* instructions between two calls of opt->insts_read */
#define PREP_READ_STEP 1024

void sim_prepare_insts(const ModelCpu *cpu, const SimCpu *sc, const A64Inst *insts, int n, const McaOptions *opt,
                       SimInst *out, SimLists *lists, McaInstInfo *info, SimFetch *fe)
{
    Prep P = {.cpu = cpu, .sc = sc, .out = out, .info = info};
    int call_latency = opt->instruction_tables ? 0 : opt->call_latency;   /* (no run: no latency) */
    /* per distinct form id of the block (the id pointers are stable while the block lives):
     * its model form and its issues */
    P.fc = form_tab_take();
    /* a first look at the block: the lists it takes, at most this many entries (so they never
     * move while they are filled), and the last writer of each register */
    size_t nd = 0, ns = 0, ni = 0;
    for (int r = 0; r < A64_NREGS; r++) P.glast[r] = P.cur[r] = -1, P.gd[r] = P.curd[r] = 0;
    memset(P.stride, 0, sizeof P.stride);
    memset(P.pre, 0, sizeof P.pre);
    memset(P.vary, 0, sizeof P.vary);
    for (int i = 0; i < n; i++) {
        const A64Inst *a = &insts[i];
        const ModelForm *f = a->form ? form_slot(cpu, sc, &P.fc, a->form)->f : NULL;
        nd += a->nwrites < SIM_MAX_DST ? a->nwrites : SIM_MAX_DST;
        ns += a->nreads < SIM_MAX_SRC ? a->nreads : SIM_MAX_SRC;
        int w = f ? f->issues_int + f->issues_mem + f->issues_fp : 0;
        ni += (size_t)(w < 1 ? 1 : w < SIM_MAX_ISSUE ? w : SIM_MAX_ISSUE);
        for (int k = 0, d = 0; k < a->nwrites && d < SIM_MAX_DST; k++)   /* (as out[i].dst) */
            if (tracked(a->writes[k].reg))
                P.glast[a->writes[k].reg] = i, P.gd[a->writes[k].reg] = d++;
        if (sc->excl_release_line > 0)
            prep_stride(&P, a, P.stride);
    }
    lists->dst = pool_room(lists->dst, &lists->cap_dst, nd + 1, sizeof *lists->dst);
    lists->src = pool_room(lists->src, &lists->cap_src, 2 * ns + 1, sizeof *lists->src);   /* (and their SimSrcX) */
    lists->issue = pool_room(lists->issue, &lists->cap_issue, ni + 1, sizeof *lists->issue);
    lists->ndst = lists->nsrc = lists->nissue = 0;
    P.lastw = xmalloc(2 * A64_NREGS * sizeof *P.lastw);
    P.gcopy = P.lastw + A64_NREGS;
    for (int r = 0; r < A64_NREGS; r++)
        if (P.glast[r] >= 0)
            P.gcopy[r] = insts[P.glast[r]];
    P.gmask = 1;
    while (P.gmask < P.fc.used * 2 + 2) P.gmask <<= 1;
    P.gmask--;
    P.gt = xcalloc(P.gmask + 1, sizeof *P.gt);
    /* then each instruction: made, gated and given its producers' latencies before the one
     * before it is fused with it or eliminated (as when each step went over the whole block:
     * a gate sees an instruction before fusion changes it) */
    for (int i = 0; i < n; i++) {
        prep_one(&P, &insts[i], i, call_latency, lists, fe);
        prep_gate(&P, &insts[i], i);
        if (sc->excl_release_line > 0) {
            prep_line(&P, &insts[i], i);
            prep_stride(&P, &insts[i], P.pre);
        }
        prep_edges(&P, &insts[i], i, lists);
        if (i > 0)
            prep_fuse(&P, &insts[i - 1], &insts[i], i - 1);
        if (opt->insts_read && i % PREP_READ_STEP == PREP_READ_STEP - 1)
            opt->insts_read(opt->insts_ctx, i);   /* (insts[i] is read once more) */
    }
    if (n > 0)
        prep_fuse(&P, &insts[n - 1], NULL, n - 1);
    form_tab_give(&P.fc);
    free(P.gt);
    free(P.lastw);
}

/* sim.h — internal interface of the cycle simulator (src/mca/sim*.c); not seen by the views.
 *
 * Two steps:
 *   sim_prepare.c  ModelCpu + A64Inst[]  ─► SimCpu (machine limits) + SimInst[] (per static
 *                  instruction: retire slots, issue uops with their capable units and unit
 *                  occupancy, register reads/writes with per-edge latencies, fusion with the next
 *                  instruction, elimination at rename, memory kind)
 *   sim.c          SimCpu + SimInst[]    ─► cycle-by-cycle run for N iterations, filling McaResult
 *   sim_cache.c    the results of a block equal (up to register names) to one simulated earlier
 *                  in the run are copied instead of simulated again
 *
 * The engine knows nothing of forms or mnemonics: every CPU or instruction fact arrives through
 * SimCpu/SimInst, which come from the model data.  Unit tests build these by hand.
 */
#ifndef MCA_SIM_H
#define MCA_SIM_H

#include "mca/mca.h"

#include <string.h>

#define SIM_MAX_UNITS 32
#define SIM_MAX_SCHED 32
#define SIM_MAX_ISSUE 64
#define SIM_MAX_SRC 12
#define SIM_MAX_DST 8
#define SIM_ELIM_CLASSES 8

enum { SIM_G_INT, SIM_G_MEM, SIM_G_FP, SIM_NGROUPS };
enum { SIM_RF_INT, SIM_RF_FP, SIM_RF_FLAGS, SIM_NRF };

typedef struct SimCpu {
    const char *name;
    int width;                  /* decode/map/dispatch uops (retire slots) per cycle */
    int retire_width;           /* retire groups per cycle */
    int retire_uops_width;      /* retire slots per cycle (0 = no limit beyond groups) */
    bool fused_pair_one_group;  /* a fused pair maps within one map group (not split over two) */
    int flag_write_map_slots;   /* map slots of a flag writer with another result (0 = its uops) */
    int excl_store_restart;     /* the instructions after a store-exclusive map this many cycles
                                   after its first issue at the earliest (0 = no wait) */
    int excl_release_line;      /* cycles a store-release exclusive to another 64-byte line than
                                   its previous instance's adds to its throughput gate */
    int rob_groups;             /* coalesced retire queue entries (groups) */
    int group_max_uops;         /* uops per retire group (1 = one uop per entry, a classic ROB) */
    int group_max_issuing;      /* issuing uops per retire group */
    int rename_queue;           /* rename retire queue (register writes in flight), 0 = unbounded */
    int prf[SIM_NRF];           /* physical registers per file (0 = unbounded) */
    int lq, sq;                 /* load / store queue entries (0 = unbounded) */
    int nunits;
    const char *unit_name[SIM_MAX_UNITS];
    uint8_t unit_group[SIM_MAX_UNITS];     /* SIM_G_* */
    uint8_t unit_sched[SIM_MAX_UNITS];     /* scheduler feeding the unit */
    int nsched;
    const char *sched_name[SIM_MAX_SCHED];
    int sched_size[SIM_MAX_SCHED];         /* entries (0 = unbounded) */
    uint32_t sched_units[SIM_MAX_SCHED];   /* units fed (bit u = unit index u, 0-based) */
    uint8_t sched_group[SIM_MAX_SCHED];
    int sched_dispatch[SIM_MAX_SCHED];     /* uops dispatched into it per cycle (0 = no limit) */
    int elim_imm_per_group;     /* eliminations of kind "limited" per map group (0 = no limit) */
    int uopq_size;              /* llvm-mca's micro-op queue between decode and map, in uops (0 = none) */
    int decode_ipc;             /* instructions entering it per cycle (0 = no limit) */
    int divider;                /* McaDivider (McaOptions.divider) */
    /* front end (0 fetch_insts = none: instructions are there when map wants them) */
    int fetch_insts, fetch_bytes;
    int fetch_queue;            /* cycles fetch may run ahead of map */
    const ModelFusion *fusions;   /* the model's rules (SimInst.rule), NULL none */
    const ModelElim *elims;
} SimCpu;

typedef struct SimIssue {
    uint32_t units;             /* capable units (bit = unit index) */
    uint8_t group;              /* SIM_G_* */
    uint8_t occupancy;          /* cycles the unit stays busy (1 = pipelined) */
    float frac;                 /* fraction of the instances that issue it (0 or 1 = all) */
} SimIssue;

/* a source register, read from static instruction `exp_prod` (destination `exp_dst`) in the
 * steady state, -1 none.  Its SimSrcX when xk > 0: the instruction's source list holds, after
 * its nsrc sources, the SimSrcX of those that have one (xk - 1 is its place there), since most
 * have none: a long region holds 8 bytes per source (sim_src_x) */
typedef struct SimSrc {
    uint8_t reg, opnd, exp_dst, xk;
    int32_t exp_prod;
} SimSrc;
/* `advance`: the operand is read this many cycles after the instruction issues (its latency to
 * the result is shorter than the main one: madd's addend, tbx's table), so the instruction may
 * issue that much before the value is ready.  `edge_lat` >= 0 replaces latency and advance when
 * the value comes from exp_prod: a producer/consumer rule of the model (complex latencies) */
typedef struct SimSrcX { float edge_lat, advance; } SimSrcX;
_Static_assert(sizeof(SimSrc) == sizeof(SimSrcX), "a SimSrcX takes a SimSrc's place in a list");
typedef struct SimDst { uint8_t reg, opnd; uint8_t rf; float lat; } SimDst;

typedef enum SimElim {
    SIM_ELIM_NONE,
    SIM_ELIM_ALWAYS,            /* handled by renaming: no issue, result ready at map */
    SIM_ELIM_LIMITED,           /* as ALWAYS, but at most elim_limit per map group and rule */
} SimElim;

typedef struct SimInst {
    /* the fields the simulator reads every cycle first, the long issue list last; narrow
     * types and one-bit flags, largest alignment last, so that a long region is held
     * compactly (64 bytes) */
    float latency;              /* completion latency when the instruction writes nothing */
    int16_t uops;               /* retire slots (0 for the second of a fused pair) */
    uint8_t nissue, nsrc, ndst; /* at most SIM_MAX_ISSUE, SIM_MAX_SRC, SIM_MAX_DST */
    uint8_t elim;               /* SimElim */
    uint8_t elim_class;         /* SIM_ELIM_LIMITED: the rule's counter (0..SIM_ELIM_CLASSES-1) */
    uint8_t mem : 4;            /* A64MemKind */
    bool excl_store : 1;        /* a store-exclusive (stxr, stlxp...): SimCpu.excl_store_restart */
    bool fused_next : 1;        /* fused with the following instruction */
    bool fused_prev : 1;        /* second of a fused pair: no slot, no issue */
    bool starts_group : 1, ends_group : 1;  /* retire-group placement: memory first, cond. branches last */
    bool taken_branch : 1;      /* an unconditional branch ends the map group (one taken branch per
                                   cycle), unless the front end follows it (fetch then does) */
    /* front end (sim_frontend.c): fe_break = a fetch group starts here (after a taken branch,
     * at a page), fe_stall = cycles lost before it (BTB miss, L1I refill, ITLB miss) in millicycles,
     * fe_why its McaFeWhy, fe_ev = the front-end events it counts (SIM_FE_EV_*) */
    bool fe_break : 1;
    bool late_read : 1;         /* a source has a read advance (a table register of TBX read by a
                                   later uop): see late_result() in sim.c */
    bool map_extra : 1;         /* takes one map slot more than its retire slots (uops): a flag
                                   writer with another result (model flag_write_map_slots) */
    uint8_t fe_why, fe_ev;
    uint8_t mem_base;           /* base register of the access (A64_NOREG none) */
    uint16_t elim_limit;        /* its eliminations per map group (0 = cpu->elim_imm_per_group) */
    uint16_t rule;              /* 1 + the index of its rule in SimCpu.fusions (a fused pair, both
                                   of it) or SimCpu.elims (eliminated; never both), 0 none */
    int32_t fe_stall;
    float mem_chain;            /* > 0: a read-modify-write of memory (atomic): the next one on the
                                   same address (same base register value, same offset) may issue
                                   this many cycles after it */
    int16_t gate_id;            /* throughput gate shared by the instructions of one form (0, 1, ..
                                   in order of their first instance), -1 none */
    /* a store-release exclusive with SimCpu.excl_release_line: its address changes by line_step
     * bytes per iteration (-63..63; 64: by 64 or more either way, a new line each time; its base
     * register only changes by add/sub of immediates in the block), from line_off (0..63) bytes
     * into a 64-byte line in the first iteration; line_step 0: not known (no line cost) */
    int8_t line_step;
    uint8_t line_off;
    float gate;                 /* its cycles per instance: the form's measured reciprocal
                                   throughput when above what units and width explain
                                   (barriers, atomics, system registers serialize) */
    int32_t mem_off;            /* immediate offset (A64Operand's) */
    /* the lists (at most SIM_MAX_DST, SIM_MAX_SRC, SIM_MAX_ISSUE), out of line so that a
     * region is held compactly: sim_prepare_insts puts a block's lists in one SimLists */
    SimDst *dst;
    SimSrc *src;
    SimIssue *issue;
} SimInst;
_Static_assert(sizeof(void *) != 8 || sizeof(SimInst) == 64, "SimInst: 64 bytes on a 64-bit target");

/* the pools a block's SimInst lists point into (grown as needed, kept from one block to the
 * next by the caller; an instruction takes at least one issue slot: fusion may give it one) */
/* source k's SimSrcX ({-1, 0}: none) */
static inline SimSrcX sim_src_x(const SimInst *in, int k)
{
    SimSrcX x = {-1, 0};
    if (in->src[k].xk)
        memcpy(&x, &in->src[in->nsrc + in->src[k].xk - 1], sizeof x);
    return x;
}
/* the SimSrcX entries after instruction in's sources */
static inline int sim_src_nx(const SimInst *in)
{
    int nx = 0;
    for (int k = 0; k < in->nsrc; k++)
        if (in->src[k].xk > nx) nx = in->src[k].xk;
    return nx;
}

typedef struct SimLists {
    SimDst *dst;
    SimSrc *src;
    SimIssue *issue;
    size_t ndst, nsrc, nissue;
    size_t cap_dst, cap_src, cap_issue;
} SimLists;

enum { SIM_FE_EV_L1I = 1, SIM_FE_EV_RESTART = 2, SIM_FE_EV_TAKEN = 4, SIM_FE_EV_ITLB = 8 };

/* what the front end reads of an instruction of the path (sim_prepare_insts fills it) */
typedef struct SimFetch {
    uint32_t offset;              /* A64Inst.offset */
    bool taken;                   /* A64Inst.taken: set by the path */
    bool cond;                    /* a conditional branch */
} SimFetch;

/* sim_frontend.c: the front-end fields of si[] for the path fe[] (instructions in the order
 * they run) in the steady state of the loop, and sc's fetch limits; nothing without the
 * model's front end or with opt->no_frontend */
void sim_frontend_prepare(const ModelCpu *cpu, const McaOptions *opt, SimCpu *sc, const SimFetch *fe, int n, SimInst *si);
void sim_prepare_release(void);    /* the thread's kept form table (mca_sim_release calls it) */
void sim_frontend_release(void);   /* the thread's BTB and L1I tables (mca_sim_release calls it) */

/* sim_prepare.c */
void sim_prepare_cpu(const ModelCpu *cpu, const McaOptions *opt, SimCpu *sc);
/* out[], info[] and fe[] of insts[], in one pass that reads each instruction once more as the
 * next one's neighbour (opt->call_latency > 0: the completion latency of calls); as it goes,
 * opt->insts_read (when set) is told which instructions are not read again */
void sim_prepare_insts(const ModelCpu *cpu, const SimCpu *sc, const A64Inst *insts, int n, const McaOptions *opt,
                       SimInst *out, SimLists *lists, McaInstInfo *info, SimFetch *fe);

/* sim.c: run the cycle simulation; fills the dynamic parts of `out` (cycles, histograms,
 * pressure, timeline, waits, stalls, buffers, register files, counters, fusions); returns the
 * cycles it went through (not those the steady-state cut or the idle skip passed over): its cost */
long long sim_run(const SimCpu *sc, const SimInst *si, int n, const McaOptions *opt, McaResult *out);

/* out's pressure cells (zero): for each instruction the units its issues may take (of the
 * first nunits); cell_bytes 2: in out->pcount16, 4: out->pcount, 8: out->pressure (doubles) */
void sim_pressure_layout(const SimInst *si, int n, int nunits, int cell_bytes, McaResult *out);
/* the narrowest cells for a run of `iterations`: 2 or 4 when counts of 16 or 32 bits hold every
 * cell (no instruction can take 2^16 or 2^32 cycles of a unit: its issues' occupancy times the
 * iterations), else 8 (doubles) */
int sim_pressure_cell_bytes(const SimInst *si, int n, long long iterations);

/* sim_cache.c: the dynamic results of an equal block (registers renamed) simulated earlier in
 * the run on the same machine with the same options: get copies them into `out` (true on a hit); after a
 * miss, put keeps those sim_run gave for that block (same thread, right after sim_run; `cycles`:
 * what sim_run returned) */
bool sim_cache_get(const SimCpu *sc, const McaOptions *o, const SimInst *si, int n, McaResult *out);
void sim_cache_put(const McaResult *res, long long cycles);
void sim_cache_release(void);   /* the thread's key buffer (mca_sim_release calls it) */

/* sim_static.c: Block RThroughput and the bottleneck analysis */
double sim_block_rthroughput(const SimCpu *sc, const SimInst *si, int n);
void sim_bottleneck(const SimCpu *sc, const SimInst *si, int n, McaResult *out);
/* -instruction-tables: the static pressure of one instance of each instruction (no run) */
void sim_tables(const SimCpu *sc, const SimInst *si, int n, McaResult *out);

#endif

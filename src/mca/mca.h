/* mca.h — the contract between the simulator (src/mca/sim*.c) and the views (src/mca/view_*.c,
 * src/mca/json.c, src/cmd/mca.c).
 *
 *   A64Program region ─► mca_simulate(model, insts, n, options) ─► McaResult ─► views
 *
 * The simulator knows the CPU model (src/model/model.h) and fills everything a view prints:
 * the static per-instruction info (instruction-info view), per-cycle histograms, per-unit
 * pressure, per-instruction timeline events, stall counters, buffer usage, register-file usage,
 * simulated PMU counters, fusion/elimination records and the bottleneck analysis.
 * Views never look at the model directly.
 */
#ifndef MCA_H
#define MCA_H

#include "a64/a64.h"
#include "model/model.h"

#include <stdint.h>

typedef struct McaOptions {
    int iterations;               /* default 100 */
    int dispatch_width;           /* 0 = model's */
    bool noalias;                 /* llvm-mca -noalias (callers default it to true, as llvm-mca);
                                     false: a load waits until every older store has executed */
    int timeline_max_iterations;  /* events kept for the timeline: first N iterations (default 10),
                                     when want_timeline */
    int timeline_max_cycles;      /* and only cycles < this (default 80) */
    bool want_timeline;
    bool want_bottleneck;         /* the binding-limit analysis (McaResult.bottleneck kind..) */
    int register_file_size;       /* 0 = model's */
    int micro_op_queue_size;      /* llvm-mca -micro-op-queue-size: 0 = none (M1 maps straight from
                                     decode); N: a queue of N uops between decode and map, filled
                                     in order by up to decoder_throughput instructions a cycle */
    int decoder_throughput;       /* llvm-mca -decoder-throughput: 0 = unlimited (only with a queue) */
    int call_latency;             /* llvm-mca -call-latency: a call (bl, blr) completes this many
                                     cycles after it issues; 0 = the model's branch latency */
    bool instruction_tables;      /* llvm-mca -instruction-tables: no simulation; info and the
                                     static resource pressure of one instance of each instruction */
    int lqueue, squeue;           /* 0 = model's */
    int divider;                  /* McaDivider: the operand values assumed for integer division */
    bool no_frontend;             /* -frontend=none: no fetch stage (llvm-mca's behaviour) */
    /* called (when set) as soon as mca_simulate reads the instructions no more, before the
     * cycle simulation: the caller may free them (a long region is then not held twice) */
    void (*insts_done)(void *ctx);
    /* called (when set) as mca_simulate goes through the instructions: insts[0 .. upto) are not
     * read again (a long region's parsed form goes as its own form is made) */
    void (*insts_read)(void *ctx, int upto);
    void *insts_ctx;
} McaOptions;

/* integer division takes a time that depends on the operands (the measured pages
 * SDIV/UDIV_fast, _medium, _slow); the model takes the fast case unless told otherwise.
 * A case without a measured form for a width (medium, 32-bit) keeps the fast form. */
typedef enum McaDivider { MCA_DIV_FAST, MCA_DIV_MEDIUM, MCA_DIV_SLOW } McaDivider;

/* static info of one instruction of the block (instruction-info view); narrow fields, as a
 * long region holds one per instruction */
typedef struct McaInstInfo {
    float rthroughput;            /* the form's measured reciprocal throughput, -1 unknown */
    int latency;                  /* max latency to any written register */
    int16_t uops;                 /* retire slots ("#uOps" column) */
    bool may_load : 1, may_store : 1, has_side_effects : 1;
} McaInstInfo;

/* the MayLoad / MayStore / HasSideEffects flags of an instruction as llvm-mca 19 sets them
 * (inst_flags.c) */
void mca_inst_flags(const A64Inst *a, bool *may_load, bool *may_store, bool *side);

/* the instructions whose flags llvm-mca sets one by one (src/mca/inst_flags.tsv, generated at
 * build time, sorted by mnem): op = the named first operand the row is for, "-" = any */
typedef struct McaInstFlags {
    const char *mnem, *op;
    int may_load, may_store, side;
} McaInstFlags;
extern const McaInstFlags mca_inst_flags_table[];
extern const int mca_inst_flags_table_count;

/* per (iteration, instruction) timeline record; cycles are absolute, -1 = not reached.
 * ready = cycle the instruction could first issue (operands ready, >= dispatched + 1);
 * executed = its last execution cycle (llvm-mca's 'E'); eliminated/fused/nop instructions have
 * ready = issued = executed = dispatched (nothing executes). */
typedef struct McaTimelineEvent {
    int32_t dispatched, ready, issued, executed, retired;
    int32_t fetched;              /* cycle its fetch group was fetched (-1 without the front end) */
} McaTimelineEvent;

/* why dispatch stalled (counted in cycles), as llvm-mca's -dispatch-stats */
typedef enum McaStall {
    MCA_STALL_RAT,       /* register unavailable (physical register file full) */
    MCA_STALL_RCU,       /* retire control unit (ROB / coalesced retire queue) full */
    MCA_STALL_SCHEDQ,    /* scheduler queue full */
    MCA_STALL_LQ,        /* load queue full */
    MCA_STALL_SQ,        /* store queue full */
    MCA_STALL_GROUP,     /* dispatch group restriction */
    MCA_STALL_USH,       /* unknown/serializing instruction */
    MCA_NSTALLS
} McaStall;

typedef struct McaBufferUsage {   /* one scheduler / queue */
    const char *name;
    int size;
    int max_used;
    double avg_used;
    bool queue;                   /* not a scheduler (retire, load, store queue): -scheduler-stats
                                     shows it in a section of its own, after llvm-mca's table */
} McaBufferUsage;

typedef struct McaRegFileUsage {
    const char *name;             /* "Integer", "FP/SIMD", "Flags", "Rename retire queue" */
    int size;                     /* physical registers (0 = unbounded) */
    long long mappings;           /* total mappings created */
    int max_used;
    double avg_used;
} McaRegFileUsage;

typedef enum McaEventKind { MCA_FUSED, MCA_ELIMINATED } McaEventKind;
typedef struct McaFusion {        /* a fusion or elimination that happened, summed over iterations */
    uint8_t kind;                 /* McaEventKind */
    int inst;                     /* first instruction index in the block */
    int inst2;                    /* second (fusion), -1 for elimination */
    const char *rule;             /* e.g. "cmp+b.cc", "mov reg (rename)", "nop" */
    long long count;              /* how many times over all iterations */
} McaFusion;

/* simulated PMU counters, totals over all iterations (M1 event numbers in comments) */
typedef struct McaCounters {
    long long cycle;              /* 0x02 */
    long long retire_uop;         /* 0x01 */
    long long schedule_uop;       /* 0x52 */
    long long schedule_int_uop;   /* 0x53 */
    long long schedule_simd_uop;  /* 0x54 */
    long long schedule_ldst_uop;  /* 0x55 */
    long long inst_all;           /* 0x8c */
    long long l1i_miss;           /* 0xd3 L1I cache misses (lines refilled), front end */
    long long fetch_restart;      /* 0xde fetch restarts (taken branches the BTB missed) */
    long long br_taken;           /* 0x90 taken branches */
    long long itlb_miss;          /* 0xd4 L1 ITLB misses (pages fetched from that it misses) */
} McaCounters;

/* The simulated PMU counters, in display order (view_counters.c; used by json.c and by the sim
 * backend of `uarch pmu`): k in [0, mca_counter_count()), each with its M1 event id. */
int mca_counter_count(void);
const char *mca_counter_name(int k);              /* "cycle", "retire_uop", ... */
int mca_counter_event(int k);                     /* the M1 event id, e.g. 0x02 */
long long mca_counter_value(const McaCounters *c, int k);

/* why map waited for the front end (McaResult.fe_starved, in cycles) */
typedef enum McaFeWhy {
    MCA_FE_WIDTH,        /* fetch width (instructions / bytes per cycle) */
    MCA_FE_PAGE,         /* a fetch stops at a page boundary */
    MCA_FE_TAKEN,        /* taken branches per cycle */
    MCA_FE_BTB,          /* taken branch missing in the BTB (found at decode) */
    MCA_FE_L1I,          /* L1I miss: the line refilled from L2 */
    MCA_FE_ITLB,         /* L1 ITLB miss: the page's translation from the next level */
    MCA_FE_NWHY
} McaFeWhy;

typedef struct McaBottleneck {
    /* the binding limit, in words and in numbers, e.g. kind="unit", what="u1-u6 (integer ALU)",
     * cycles_per_iteration = 1.5; kind="dependency", what="x0 chain through 3 instructions",
     * cycles_per_iteration = 4 (sum of latencies) */
    const char *kind;             /* "dispatch", "unit", "dependency", "queue", "retire", "fetch" */
    char what[256];
    double cycles_per_iteration;
    /* llvm-mca's -bottleneck-analysis counters */
    long long pressure_cycles, resource_pressure_cycles, data_dep_cycles;
    int critical_len;             /* instructions on the critical dependency sequence */
    int critical[64];             /* their indices */
} McaBottleneck;

typedef struct McaResult {
    const ModelCpu *cpu;
    int n;                        /* instructions in the block */
    int iterations;
    int dispatch_width;
    long long total_cycles;
    long long total_uops;         /* retire slots over all iterations */
    double block_rthroughput;     /* static estimate, as llvm-mca's Block RThroughput */
    McaInstInfo *info;            /* [n] */

    /* resource pressure: units are the model's; mca_pressure(r, i, u) = cycles of unit u used
     * by instruction i, summed over all iterations (views divide by iterations).  Held sparse
     * (a long region takes a few cells per instruction, not nunits): instruction i has a cell
     * for each unit of pmask[i] (the units it may issue to), in unit order, from poff[i].
     * The simulation's cells are whole cycles: held in 16 bits (pcount16) when every one fits,
     * else in 32 bits (pcount) when every one fits, else in pressure; the static ones
     * (-instruction-tables) are fractions (pressure).  One of the three, the others NULL */
    int nunits;
    const char **unit_names;      /* [nunits] e.g. "u1" ... "u14" (model names) */
    double *pressure;             /* [npressure] */
    uint32_t *pcount;             /* [npressure] */
    uint16_t *pcount16;           /* [npressure] */
    uint32_t *pmask;              /* [n] */
    int32_t *poff;                /* [n] */
    int npressure;

    /* timeline: events[it * n + i] for it < timeline_iterations */
    int timeline_iterations;
    McaTimelineEvent *events;

    /* per-cycle histograms: hist[k] = cycles in which k uops were ... (index up to max_hist) */
    int max_hist;
    long long *dispatch_hist, *issue_hist, *retire_hist;   /* [max_hist + 1] */
    long long stalls[MCA_NSTALLS];
    long long fe_starved[MCA_FE_NWHY];   /* cycles map had nothing fetched, by the cause */
    bool frontend;                /* simulated with the front end */

    int nbuffers;
    McaBufferUsage *buffers;
    int nregfiles;
    McaRegFileUsage *regfiles;

    int nfusions;
    McaFusion *fusions;

    McaCounters counters;
    McaBottleneck bottleneck;

    /* --- added for the views --- */
    int rob_size;                 /* retire queue entries, as -retire-stats' "Total ROB Entries" */
    int rob_max_used;
    double rob_avg_used;          /* average entries in use per cycle */
    int max_mappings;             /* -register-file-stats: max physical registers in use at once (all files) */
    long long mem_dep_cycles;     /* part of bottleneck.data_dep_cycles caused by memory dependencies */
    long long *unit_pressure_cycles;  /* [nunits] cycles in which unit u held back dispatch (may be NULL) */

    Arena arena;                  /* owns everything above */
} McaResult;
/* (an array the simulation fills must also be listed in res_arrays() of src/mca/sim_cache.c,
 * which copies results between blocks) */

/* the index in pressure[] of instruction i's cell for unit u (u in pmask[i]) */
static inline int mca_pressure_index(const uint32_t *pmask, const int32_t *poff, int i, int u)
{
    return poff[i] + bits32(pmask[i] & ((1u << u) - 1));
}
/* the pressure of instruction i on unit u (0 where it has no cell) */
static inline double mca_pressure(const McaResult *r, int i, int u)
{
    if (!(r->pmask[i] >> u & 1))
        return 0;
    int k = mca_pressure_index(r->pmask, r->poff, i, u);
    return r->pcount16 ? (double)r->pcount16[k] : r->pcount ? (double)r->pcount[k] : r->pressure[k];
}

/* Simulate `n` instructions for opt->iterations iterations on `cpu`.  Never fails: instructions
 * without a form are simulated with their nearest form (A64Inst.approx) or as unsupported. */
void mca_simulate(const ModelCpu *cpu, const A64Inst *insts, int n, const McaOptions *opt, McaResult *out);
/* The simulated counters of the block for each of iterations[0 .. nlens) (<= 0: 100): out[l]
 * is mca_simulate's result.counters with opt->iterations = iterations[l].  The block is
 * prepared once and one result is held at a time (a snippet measured at several lengths). */
void mca_simulate_counters(const ModelCpu *cpu, const A64Inst *insts, int n, const McaOptions *opt,
                           const int *iterations, int nlens, McaCounters *out);
void mca_result_free(McaResult *r);
/* free the buffers mca_simulate keeps from one call to the next (in the calling thread) */
void mca_sim_release(void);
/* the simulator's switches in the environment (UARCH_MCA_NO_CACHE, UARCH_MCA_NO_EXTRAPOLATION:
 * opt_env_bool's rule) are well formed: else false with "$VAR: 'x' is not a boolean ..." in err */
bool mca_env_check(char *err, size_t errsz);

#endif

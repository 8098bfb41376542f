/* model.h — CPU models as data.  Each model is a folder models/<cpu>/ of TSV files, turned into
 * C at build time (tools/gen-models.c -> $(B)/gen/models.c) and embedded:
 *
 *   forms.tsv         one row per measured instruction form: latency (+ per-operand pairs),
 *                     reciprocal throughput, uops, int/mem/fp issues, units
 *   params.tsv        scalar parameters: widths, retire queues, PRF sizes, in-flight limits
 *   units.tsv         execution units: name, group (int/mem/fp), scheduler, classes executed
 *   queues.tsv        dispatch queues (sizes, widths)
 *   schedulers.tsv    schedulers (sizes, which queue feeds them, which units they issue to)
 *   fusion.tsv        fusion rules (pairs of instructions issuing as one uop)
 *   elim.tsv          elimination rules (instructions handled at rename, never issuing)
 *   latency.tsv       complex latencies (madd addend, load->load base, ...)
 *   nonpipelined.tsv  non-pipelined resources (dividers); per-form occupancy derived from tp
 * and, shared: models/registry.tsv (one line per CPU: name, aliases, description) and
 * models/classes.tsv (form-id globs -> unit classes; units of forms the source leaves unknown).
 * The formats are described in models/README.md.
 *
 * This header is the contract with the simulator (src/mca/).  The matching of rules against
 * instructions is generic C here (model_fusion_match, model_elim_match, model_lat_rule_match);
 * what is matched is data.
 *
 * OPERAND NUMBERING (per-operand latencies, as the measurement pages number them): every
 * register named in the assembly is one position, in assembly order, destination first; a
 * register list { v1, v2, v3 } counts one position per register; a memory operand [base,
 * index] counts base then index; a post-index register counts after them; implicit NZCV
 * (written by adds, read by adc/csel/b.cc) counts after all explicit registers.  Example:
 * "madd x0, x1, x2, x3": 1 = x0, 2 = x1, 3 = x2, 4 = x3 (addend).  model_opnd_pos() computes it.
 *
 * OWNER: the model layer.  Fields are the agreed minimum plus extensions; extend, don't rename.
 */
#ifndef MODEL_H
#define MODEL_H

#include "a64/a64.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define MODEL_MAX_UNITS 32
#define MODEL_MAX_LAT 8
#define MODEL_MAX_UNIT_USES 4

/* ---- unit classes: what a unit can execute (bit i = class i) ---- */
#define MODEL_CLASSES(X)                                                               \
    X(ALU, "alu")               /* integer add/logic/shift */                          \
    X(UBFM, "ubfm")             /* ubfm/sbfm (lsl/lsr/asr imm, ubfx, sxtb ...) */      \
    X(FLAGS, "flags")           /* flag-setting ops, ccmp, csel reads */               \
    X(BRANCH, "branch")         /* b, bl, b.cc, cbz, tbz */                            \
    X(ADR, "adr")               /* adr/adrp */                                         \
    X(NZCV, "nzcv")             /* msr/mrs nzcv */                                     \
    X(MRS, "mrs")               /* mrs (system registers) */                           \
    X(BR_INDIRECT, "indirect-branch") /* br/blr/ret */                                 \
    X(PTRAUTH, "ptrauth")       /* pac/aut */                                          \
    X(FROM_SIMD, "from-simd")   /* fmov/umov to general registers (int side) */        \
    X(MUL, "mul")                                                                      \
    X(DIV, "div")               /* udiv/sdiv (non-pipelined) */                        \
    X(MADD, "madd")             /* multiply-add */                                     \
    X(CRC, "crc")                                                                      \
    X(BFM, "bfm")               /* bfm/bfi/bfxil, extr */                              \
    X(LOAD, "load")                                                                    \
    X(STORE, "store")                                                                  \
    X(AMX, "amx")                                                                      \
    X(FP, "fp")                 /* fp/simd */                                          \
    X(FCSEL, "fcsel")                                                                  \
    X(TO_INT, "to-int")         /* simd -> gpr transfers (fp side) */                  \
    X(FCMP, "fcmp")             /* fcmp/fcmpe */                                       \
    X(FDIV, "fdiv")             /* fdiv (non-pipelined) */                             \
    X(RECP, "recp")             /* frecpe/frsqrte/urecpe/ursqrte */                    \
    X(SQRT, "sqrt")             /* fsqrt */                                            \
    X(SHA, "sha")               /* sha1/sha256/sha512 */                               \
    X(JCVTZS, "jcvtzs")         /* fjcvtzs */

enum {
#define X(id, s) MODEL_C_##id,
    MODEL_CLASSES(X)
#undef X
    MODEL_NCLASSES
};
#define MODEL_CLASS_BIT(c) (1ull << (c))
const char *model_class_name(int cls);        /* "alu", ... ; NULL when out of range */

typedef enum ModelGroup { MODEL_G_INT, MODEL_G_MEM, MODEL_G_FP, MODEL_NGROUPS } ModelGroup;
const char *model_group_name(int group);      /* "int", "mem", "fp" */

/* ---- forms ---- */
enum {                        /* ModelForm.lat_flags[k] and .lat_main_flags */
    MODEL_LAT_BOUND = 1,      /* "<=N": a roundtrip bound (this form + the transfer back) */
};

typedef struct ModelUnitUse { /* "2*u1-6" -> count 2, mask u1..u6; "u14?" -> uncertain */
    uint8_t count;
    bool uncertain;
    uint32_t mask;            /* bit u for unit u (1-based, as the unit names) */
} ModelUnitUse;

typedef struct ModelForm {
    const char *id;               /* page id, e.g. "ADD_reg_lsl_64" */
    float lat;                    /* main latency (to the first destination) in cycles; <0 unknown */
    uint8_t nlat;                 /* per-operand latencies (see lat_opnd) */
    uint8_t lat_opnd[MODEL_MAX_LAT];  /* written operand number (1-based, assembly order) */
    float lat_val[MODEL_MAX_LAT];
    float tp;                     /* reciprocal throughput (cycles per instruction); <0 unknown */
    uint8_t uops;                 /* retire slots (counts towards the width limit) */
    uint8_t issues_int, issues_mem, issues_fp;   /* issues per unit group (rounded up) */
    uint32_t units;               /* bitmask of capable units (bit u for unit u, 1-based) */
    uint8_t unit_count;           /* "2*u1-6" -> 2 */
    bool units_uncertain;         /* '?' in the source */
    /* ---- extensions ---- */
    const char *group;            /* the table's mnemonic group, e.g. "ADD (shifted register)" */
    uint8_t lat_main_flags;       /* MODEL_LAT_BOUND when lat is "≤N" */
    uint8_t lat_read[MODEL_MAX_LAT];  /* read operand number of pair k (the consumer's, same form) */
    uint8_t lat_flags[MODEL_MAX_LAT]; /* MODEL_LAT_* of pair k */
    float issue_int, issue_mem, issue_fp;   /* exact issue counts (can be fractional, e.g. 0.5) */
    uint8_t nunit_uses;           /* unit uses, in source order ("u8-10, u11-14?" -> 2) */
    ModelUnitUse unit_use[MODEL_MAX_UNIT_USES];
    float occupancy;              /* cycles a non-pipelined resource stays busy; 0 = pipelined */
    int8_t nonpipe;               /* index in ModelCpu.nonpipe, -1 = none */
    uint64_t classes;             /* MODEL_CLASS_BIT()s the form needs (models/classes.tsv), 0 unknown */
    bool units_derived;           /* unit_use[] derived from classes (source units unknown) */
    float rt_return;              /* roundtrip bounds "<=N": latency of the transfer back that
                                     closes them (own latency = N - rt_return); <0 none */
    float mem_chain_lat;          /* atomics: cycles from one read-modify-write to the next on the
                                     same address (measured); 0 = unknown (see atomic_mem_chain) */
} ModelForm;

/* ---- scalar parameters: MODEL_PARAMS(X) = X(field, "key") ---- */
#define MODEL_PARAMS(X)                                                                 \
    X(decode_width, "decode_width")           /* instructions decoded per cycle */      \
    X(map_width, "map_width")                 /* uops mapped/renamed per cycle */       \
    X(dispatch_width, "dispatch_width")       /* uops dispatched per cycle */           \
    X(taken_branches_per_cycle, "taken_branches_per_cycle")                             \
    X(retire_queue_groups, "retire_queue_groups")     /* coalesced retire queue size */ \
    X(retire_group_max_uops, "retire_group_max_uops")                                   \
    X(retire_group_max_issuing, "retire_group_max_issuing")                             \
    X(retire_groups_per_cycle, "retire_groups_per_cycle")                               \
    X(retire_group_mem_first, "retire_group_mem_first")   /* 1: memory uops start a group */ \
    X(retire_group_condbr_last, "retire_group_condbr_last") /* 1: cond. branches end one */ \
    X(retire_uops_per_cycle, "retire_uops_per_cycle")                                   \
    X(fused_pair_one_group, "fused_pair_one_group") /* 1: a fused pair maps within one map group (models/README.md) */ \
    X(flag_write_map_slots, "flag_write_map_slots") /* map slots of a flag writer with another result (models/README.md) */ \
    X(rename_queue, "rename_queue")           /* rename retire queue entries */         \
    X(renames_retired_per_cycle, "renames_retired_per_cycle")                           \
    X(prf_int, "prf_int")                     /* physical register files */             \
    X(prf_fp, "prf_fp")                                                                 \
    X(prf_flags, "prf_flags")                                                           \
    X(inflight_loads, "inflight_loads")                                                 \
    X(inflight_stores, "inflight_stores")                                               \
    X(inflight_branches, "inflight_branches")                                           \
    X(load_latency, "load_latency")           /* GPR load-to-use via ALU */             \
    X(int_simd_roundtrip_min, "int_simd_roundtrip_min")                                 \
    X(roundtrip_share, "roundtrip_share")     /* share of a "<=N" roundtrip bound (model_lat) */ \
    X(atomic_mem_chain, "atomic_mem_chain")   /* same-address atomic chain, forms without one */ \
    X(excl_store_restart, "excl_store_restart") /* younger instructions map this many cycles after a store-exclusive's first issue (models/README.md) */ \
    X(excl_release_new_line, "excl_release_new_line") /* cycles a store-release exclusive to a new 64-byte line adds to its gate (models/README.md) */ \
    /* front end (seed 004): fetch, taken branches, BTB, L1I, ITLB (src/mca/sim_frontend.c) */    \
    X(fetch_insts, "fetch_insts")             /* instructions fetched per cycle */      \
    X(fetch_bytes, "fetch_bytes")             /* bytes fetched per cycle */             \
    X(fetch_line_cross, "fetch_line_cross")   /* 1: a fetch may cross a cache line */   \
    X(fetch_page_bytes, "fetch_page_bytes")   /* a fetch never crosses a page of this size */ \
    X(fetch_queue, "fetch_queue")             /* cycles fetch may run ahead of map */   \
    X(taken_bubble, "taken_bubble")           /* cycles lost after a taken branch (BTB hit) */ \
    X(btb_sets, "btb_sets")                                                             \
    X(btb_ways, "btb_ways")                                                             \
    X(btb_index_lsb, "btb_index_lsb")         /* index = PC bits [lsb + log2(sets) - 1 : lsb] */ \
    X(btb_index_hash_lsb, "btb_index_hash_lsb") /* > 0: the index XORs PC bits from there in */ \
    X(btb_miss_bubble, "btb_miss_bubble")     /* extra cycles of a taken branch the BTB misses */ \
    X(btb_miss_cond_bubble, "btb_miss_cond_bubble") /* the same for a conditional one (0: as b) */ \
    X(l1i_bytes, "l1i_bytes")                                                           \
    X(l1i_sets, "l1i_sets")                                                             \
    X(l1i_ways, "l1i_ways")                                                             \
    X(l1i_line, "l1i_line")                   /* line bytes; index = PC bits above it */ \
    X(l1i_refill, "l1i_refill")               /* cycles per line fetched from L2 */     \
    X(itlb_entries, "itlb_entries")           /* L1 ITLB: pages (fetch_page_bytes), LRU */ \
    X(itlb_miss, "itlb_miss")                 /* cycles a fetch from a page it misses loses */

enum {
#define X(f, k) MODEL_P_##f,
    MODEL_PARAMS(X)
#undef X
    MODEL_NPARAMS
};

typedef struct ModelParams {      /* < 0 = unknown (the simulator uses its default / no limit) */
#define X(f, k) double f;
    MODEL_PARAMS(X)
#undef X
} ModelParams;

/* ---- units, schedulers, dispatch queues ---- */
typedef struct ModelUnit {
    const char *name;             /* "u1" .. */
    uint8_t group;                /* ModelGroup */
    int8_t sched;                 /* index in ModelCpu.scheds, -1 unknown */
    uint64_t classes;             /* MODEL_CLASS_BIT(MODEL_C_...) */
    const char *desc;             /* as the overview page lists it, e.g. "alu + mul + div" */
} ModelUnit;

typedef struct ModelSched {
    const char *name;
    int8_t queue;                 /* index in ModelCpu.queues, -1 none */
    int16_t entries;              /* <0 unknown */
    uint32_t units;               /* units fed (bit u for unit u) */
    uint8_t issue_width;          /* uops issued per cycle (= number of units, usually) */
    bool estimate;                /* sizes inferred, not measured */
} ModelSched;

typedef struct ModelQueue {       /* dispatch queue between map/rename and the schedulers */
    const char *name;
    uint8_t group;                /* ModelGroup */
    int16_t entries;              /* <0 unknown */
    uint8_t in_width;             /* uops per cycle into the queue from map/rename */
    uint8_t width;                /* uops per cycle from the queue to EACH scheduler it feeds */
    uint8_t total_width;          /* uops per cycle out of the queue in total */
    bool estimate;
} ModelQueue;

/* ---- fusion ---- */
enum {                            /* ModelFusion.conds */
    MODEL_FUSE_NO_SHIFT_EXTEND = 1,   /* first has no shift/extend modifier on any operand */
    MODEL_FUSE_NO_FLAGS_READ = 2,     /* first does not read NZCV (adc, sbc, csel, ccmp ...) */
    MODEL_FUSE_DEST_IS_OPERAND = 4,   /* second's first register == first's destination */
};
typedef struct ModelFusion {
    const char *name;             /* e.g. "cmp+b.cc" */
    const char *first;            /* mnemonic list, comma-separated; '*' globs; "@class" tokens */
    const char *second;
    const char *pattern;          /* register pattern, "" = none: "A,B;A,A" (see model_regs_match) */
    uint32_t conds;               /* MODEL_FUSE_* */
    uint8_t reads_limit, reads_window;   /* fused pairs read at most N registers per M instructions */
    uint8_t uops, issues;         /* of the fused pair */
    bool usually;                 /* the page says "usually" (not always observed) */
} ModelFusion;

/* ---- elimination ---- */
typedef struct ModelElim {
    const char *name;             /* e.g. "mov #imm" */
    /* (fields in elim.tsv column order: mnems ops pattern next next_ops limit usually rename) */
    const char *mnems;            /* mnemonic list (as ModelFusion.first) */
    const char *ops;              /* operand kinds (see model_ops_match), "" = any */
    const char *next;             /* pair rules (movz+movk): second mnemonic list, NULL = single */
    const char *next_ops;
    const char *pattern;          /* register pattern for pairs */
    uint8_t limit, window;        /* at most `limit` per `window` instructions; 0 = unlimited */
    bool usually;
    bool needs_rename;            /* writes a register (rename retire queue entry) */
} ModelElim;

/* ---- complex latencies ---- */
typedef enum ModelRole {          /* which operand of the consumer reads the value */
    MODEL_ROLE_ANY,
    MODEL_ROLE_ADDEND,            /* 4th register of madd/msub/smaddl/umaddl/... */
    MODEL_ROLE_BASE,              /* memory base register */
    MODEL_ROLE_INDEX,             /* memory index register */
    MODEL_ROLE_DATA,              /* store data */
    MODEL_NROLES
} ModelRole;
const char *model_role_name(int role);

typedef struct ModelLatRule {
    const char *name;             /* e.g. "madd->addend" */
    const char *producer;         /* mnemonic list */
    uint8_t producer_opnd;        /* written operand position (0 = any) */
    const char *consumer;         /* mnemonic list ("*" any) */
    uint8_t role;                 /* ModelRole */
    float lat;                    /* absolute latency, <0 when `delta` applies */
    float delta;                  /* added to the producer's latency */
    uint8_t producer_role;        /* MODEL_ROLE_BASE: the written register is a writeback base
                                     (latency.tsv wopnd "base"); MODEL_ROLE_ANY otherwise */
} ModelLatRule;

/* ---- non-pipelined resources ---- */
typedef struct ModelNonPipe {
    const char *name;             /* "int-div" */
    uint32_t units;               /* units hosting it */
    const char *forms;            /* form id globs (comma-separated) */
} ModelNonPipe;

/* ---- the CPU ---- */
typedef struct ModelCpu {
    const char *name;             /* "firestorm" */
    const char *aliases;          /* comma-separated, e.g. "apple-m1,apple-a14" */
    const char *desc;
    const char *source;           /* where the numbers come from */
    ModelParams p;
    bool p_estimate[MODEL_NPARAMS];   /* [MODEL_P_x]: the value is an estimate (inferred) */
    int nunits;                   /* units are numbered 1..nunits: units[u - 1] is "u<u>" */
    const ModelUnit *units;
    int nscheds;
    const ModelSched *scheds;
    int nqueues;
    const ModelQueue *queues;
    int nforms;
    const ModelForm *forms;       /* sorted by id (strcmp) */
    const int32_t *form_hash;     /* open addressing, built by the generator: slot -> form index, -1 */
    uint32_t form_hash_mask;      /* slots - 1 (a power of two minus one) */
    int nfusions;
    const ModelFusion *fusions;
    int nelims;
    const ModelElim *elims;       /* first match wins */
    int nlatrules;
    const ModelLatRule *latrules;
    int nnonpipe;
    const ModelNonPipe *nonpipe;
} ModelCpu;

/* FNV-1a (util.h's); shared by the generator (tools/gen-models.c) and model_form() */
static inline uint32_t model_hash(const char *s) { return fnv1a_str(s); }

/* the registry (generated): model_cpus[0 .. model_ncpus-1] */
extern const ModelCpu *const model_cpus[];
extern const int model_ncpus;
/* one of the registry's models (static data: safe to key caches by its address) */
bool model_in_registry(const ModelCpu *cpu);

const ModelCpu *model_find(const char *name);       /* "firestorm", "icestorm", aliases; NULL if none */
const char *model_name(const ModelCpu *cpu);
const ModelCpu *model_default(void);                 /* firestorm */
/* An llvm -mcpu name: a model or an alias of one (MODEL_CPU_EXACT); "generic", "native" or ""
 * (MODEL_CPU_DEFAULT: the default model); another Apple core that a model stands in for
 * (MODEL_CPU_STANDIN: apple-m2 ... apple-m9, apple-a15 ..., and the earlier cyclone, apple-a7 ...
 * apple-a13, apple-s4, apple-s5 -> the M1 P-core); NULL for any other name. */
enum { MODEL_CPU_EXACT, MODEL_CPU_DEFAULT, MODEL_CPU_STANDIN };
const ModelCpu *model_for_mcpu(const char *name, int *how);
/* "-mcpu=help": one line per model, "  name  (aliases)  description" */
void model_list(FILE *f);
const ModelForm *model_form(const ModelCpu *cpu, const char *form_id);   /* NULL if not in table */
int model_unit_index(const ModelCpu *cpu, const char *name);            /* "u5" -> 5; -1 */
uint32_t model_units_of_group(const ModelCpu *cpu, int group);          /* mask of all units of a group */
uint32_t model_units_of_class(const ModelCpu *cpu, int cls);

/* Latency of the value written by `f` at position `w`, read at position `r` by an instruction of
 * the same form (r = 0: any reader / other form): the exact (w, r) pair if measured, else the
 * largest exact pair of w, else the main latency, else the smallest bound pair of w ("<=N",
 * roundtrips), else an exact self-chain pair (w, w), else `dflt`.  A self-chain (a writeback
 * base read again, a lane load reading the vector it inserts into) is a property of that read,
 * so it is the result's latency only when nothing else is known.  (A writeback base without
 * pairs gets the main latency: the simulator decides what a writeback costs.) */
float model_latency(const ModelForm *f, int w, int r, float dflt);
/* The latency for the simulator: like model_latency(), but a roundtrip bound "<=N" (this form
 * plus the transfer back to the other register file) counts as the form's own estimate
 * N - f->rt_return (or N x cpu->p.roundtrip_share without rt_return), and a (w, r) pair that is
 * only a bound is still used for that read (e.g. LDR_reg_lsl_Q: base 9 - 5 = 4, index 11 - 5 =
 * 6): the (w, r) pair, else the largest exact pair of w (not a self-chain), else the main
 * latency, else the smallest bound of w, else a self-chain pair, else `dflt`. */
float model_lat(const ModelCpu *cpu, const ModelForm *f, int w, int r, float dflt);
/* units string for display, e.g. "2*u1-6" or "u8-10, u11-14?" */
void model_format_units(const ModelForm *f, char *buf, int size);

/* ---- matching rules against instructions (generic; the rules are data) ---- */
/* Operand position of a register use in the numbering above (1-based; 0 if not found). */
int model_opnd_pos(const A64Inst *inst, const A64RegUse *use, bool written);
/* Role of read operand `use` of `inst` (MODEL_ROLE_BASE for a memory base, ...). */
int model_opnd_role(const A64Inst *inst, const A64RegUse *use);
/* Mnemonic list: "add,sub,b.*,@load": names (globs with '*'), or classes: @load (loads into
 * general registers), @store, @vload (loads into vector registers), @shift (lsl/lsr/asr/ror,
 * ubfm/sbfm aliases, extr). */
bool model_mnem_match(const char *list, const A64Inst *inst);
/* Operand kinds "x,x" / "r,#0": one item per operand (missing items = any), comma-separated:
 *   x w r   64-bit / 32-bit / either general register, not sp, not zr
 *   zr sp   the zero register / the stack pointer
 *   #0 #    immediate zero / any immediate (also a label for adr/adrp)
 *   v v128  vector register (any / full 128-bit width: .16b .8h .4s .2d q)
 *   *       anything */
bool model_ops_match(const char *ops, const A64Inst *inst);
/* Register pattern "A,B;A,A": letters name registers (same letter = same register) in the
 * register positions of the first;second instruction; '*' = any; '|' separates alternatives. */
bool model_regs_match(const char *pattern, const A64Inst *a, const A64Inst *b);
/* First fusion rule for the consecutive pair (a, b), NULL if none.  The reads limit is the
 * simulator's to enforce (ModelFusion.reads_limit/window). */
const ModelFusion *model_fusion_match(const ModelCpu *cpu, const A64Inst *a, const A64Inst *b);
/* First elimination rule for `a` (next = the following instruction or NULL, for pair rules);
 * *pair set true when the rule eliminates the pair (a, next). */
const ModelElim *model_elim_match(const ModelCpu *cpu, const A64Inst *a, const A64Inst *next, bool *pair);
/* First complex-latency rule for producer p (written register `w`) -> consumer c (read `r`). */
const ModelLatRule *model_lat_rule_match(const ModelCpu *cpu, const A64Inst *p, const A64RegUse *w,
                                         const A64Inst *c, const A64RegUse *r);

#endif

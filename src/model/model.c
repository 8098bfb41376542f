/* model.c — the model layer: the registry of embedded CPU models (generated from models/ by
 * tools/gen-models.c into $(B)/gen/models.c), form lookup through the generated hash index, and
 * the generic matching of the models' data rules (fusion, elimination, complex latencies)
 * against parsed instructions.  Nothing here is CPU-specific: the rules are rows of TSV files;
 * this file only knows how to read a rule's vocabulary (mnemonic lists, operand kinds, register
 * patterns, operand roles) — see model.h for the vocabulary.
 */
#include "model/model.h"
#include "util/util.h"

#include <ctype.h>
#include <string.h>

/* ---- names ---- */
static const char *const class_names[] = {
#define X(id, s) s,
    MODEL_CLASSES(X)
#undef X
};

const char *model_class_name(int cls)
{
    return cls >= 0 && cls < MODEL_NCLASSES ? class_names[cls] : NULL;
}

const char *model_group_name(int group)
{
    static const char *const names[] = {"int", "mem", "fp"};
    return group >= 0 && group < MODEL_NGROUPS ? names[group] : NULL;
}

const char *model_role_name(int role)
{
    static const char *const names[] = {"any", "addend", "base", "index", "data"};
    return role >= 0 && role < MODEL_NROLES ? names[role] : NULL;
}

/* ---- registry ---- */
static bool in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; p && *p;) {
        size_t k = strcspn(p, ",");
        if (k == n) {
            size_t i = 0;
            while (i < n && tolower((unsigned char)p[i]) == tolower((unsigned char)name[i]))
                i++;
            if (i == n)
                return true;
        }
        p += k;
        if (*p)
            p++;
    }
    return false;
}

const ModelCpu *model_find(const char *name)
{
    if (!name)
        return NULL;
    for (int i = 0; i < model_ncpus; i++)
        if (str_ieq(model_cpus[i]->name, name))
            return model_cpus[i];
    for (int i = 0; i < model_ncpus; i++)
        if (in_list(model_cpus[i]->aliases, name))
            return model_cpus[i];
    return NULL;
}

const char *model_name(const ModelCpu *cpu) { return cpu ? cpu->name : NULL; }

const ModelCpu *model_default(void) { return model_cpus[0]; }

const ModelCpu *model_for_mcpu(const char *name, int *how)
{
    *how = MODEL_CPU_EXACT;
    const ModelCpu *c = model_find(name);
    if (c)
        return c;
    if (!name || !*name || str_ieq(name, "generic") || str_ieq(name, "native")) {
        *how = MODEL_CPU_DEFAULT;
        return model_default();
    }
    /* the other Apple cores llvm 19 names: after the M1, apple-m2 and later, apple-a15 and later;
     * before it, apple-a7 (cyclone) to apple-a13 and the watch cores apple-s4/s5 (llvm gives
     * them all its 2013 Cyclone model; their features: src/a64/features.tsv) */
    if (str_ieq(name, "cyclone") || str_ieq(name, "apple-s4") || str_ieq(name, "apple-s5")) {
        *how = MODEL_CPU_STANDIN;
        return model_default();
    }
    int v = 0;
    const char *d = NULL;
    if (!strncmp(name, "apple-m", 7))
        d = name + 7;
    else if (!strncmp(name, "apple-a", 7))
        d = name + 7;
    if (d && *d >= '1' && *d <= '9') {
        for (; *d >= '0' && *d <= '9'; d++)
            v = v * 10 + (*d - '0');
        bool other = name[6] == 'm' ? v >= 2 && v <= 9 : (v >= 7 && v <= 13) || (v >= 15 && v <= 30);
        if (other && !*d) {
            *how = MODEL_CPU_STANDIN;
            return model_default();
        }
    }
    return NULL;
}

void model_list(FILE *f)
{
    fprintf(f, "Available CPUs for this target:\n\n");
    for (int i = 0; i < model_ncpus; i++) {
        const ModelCpu *c = model_cpus[i];
        fprintf(f, "  %-12s - %s", c->name, c->desc);
        if (c->aliases && *c->aliases)
            fprintf(f, " (aliases: %s)", c->aliases);
        fprintf(f, "\n");
    }
}

const ModelForm *model_form(const ModelCpu *cpu, const char *form_id)
{
    if (!cpu || !form_id || !cpu->nforms)
        return NULL;
    uint32_t mask = cpu->form_hash_mask;
    for (uint32_t h = model_hash(form_id) & mask;; h = (h + 1) & mask) {
        int32_t i = cpu->form_hash[h];
        if (i < 0)
            return NULL;
        if (strcmp(cpu->forms[i].id, form_id) == 0)
            return &cpu->forms[i];
    }
}

int model_unit_index(const ModelCpu *cpu, const char *name)
{
    for (int i = 0; cpu && i < cpu->nunits; i++)
        if (strcmp(cpu->units[i].name, name) == 0)
            return i + 1;
    return -1;
}

uint32_t model_units_of_group(const ModelCpu *cpu, int group)
{
    uint32_t m = 0;
    for (int i = 0; i < cpu->nunits; i++)
        if (cpu->units[i].group == group)
            m |= 1u << (i + 1);
    return m;
}

uint32_t model_units_of_class(const ModelCpu *cpu, int cls)
{
    uint32_t m = 0;
    for (int i = 0; i < cpu->nunits; i++)
        if (cpu->units[i].classes & MODEL_CLASS_BIT(cls))
            m |= 1u << (i + 1);
    return m;
}

/* ---- latencies ---- */
static float own_latency(const ModelCpu *cpu, const ModelForm *f, float v, bool bound)
{
    if (!bound)
        return v;
    if (f->rt_return >= 0)
        return v > f->rt_return ? v - f->rt_return : 0;
    double share = cpu && cpu->p.roundtrip_share > 0 ? cpu->p.roundtrip_share : 1.0;
    return (float)(v * share);
}

/* model_latency() (sim false: raw values, a bound (w, r) pair is not that read's latency) and
 * model_lat() (sim true: bounds converted to the form's own estimate) */
static float lat_lookup(const ModelCpu *cpu, const ModelForm *f, int w, int r, float dflt, bool sim)
{
    if (!f)
        return dflt;
    /* bound pairs ("<=N") come from roundtrips through other instructions: never a chain of
     * this form, so they are only used when nothing else is known; an exact self-chain pair
     * (w, w) is a property of that read (writeback base, lane merge): last resort */
    float exact = -1, bound = -1, self = -1;
    for (int k = 0; k < f->nlat; k++) {
        if (f->lat_opnd[k] != w)
            continue;
        bool is_bound = f->lat_flags[k] & MODEL_LAT_BOUND;
        if (r > 0 && f->lat_read[k] == r && (sim || !is_bound))
            return sim ? own_latency(cpu, f, f->lat_val[k], is_bound) : f->lat_val[k];
        if (!is_bound && f->lat_read[k] == w) {
            if (f->lat_val[k] > self)
                self = f->lat_val[k];
        } else if (!is_bound) {
            if (f->lat_val[k] > exact)
                exact = f->lat_val[k];
        } else if (bound < 0 || f->lat_val[k] < bound) {
            bound = f->lat_val[k];
        }
    }
    if (exact >= 0)
        return exact;
    if (f->lat >= 0)
        return sim ? own_latency(cpu, f, f->lat, f->lat_main_flags & MODEL_LAT_BOUND) : f->lat;
    if (bound >= 0)
        return sim ? own_latency(cpu, f, bound, true) : bound;
    return self >= 0 ? self : dflt;
}

float model_latency(const ModelForm *f, int w, int r, float dflt)
{
    return lat_lookup(NULL, f, w, r, dflt, false);
}

float model_lat(const ModelCpu *cpu, const ModelForm *f, int w, int r, float dflt)
{
    return lat_lookup(cpu, f, w, r, dflt, true);
}

static void put_mask(char **p, char *end, uint32_t mask)
{
    int first = -1, last = -1, n = 0;
    bool contiguous = true;
    for (int u = 0; u < 32; u++) {
        if (!(mask & (1u << u)))
            continue;
        if (first < 0)
            first = u;
        else if (u != last + 1)
            contiguous = false;
        last = u;
        n++;
    }
    int w;
    if (n == 0)
        w = snprintf(*p, (size_t)(end - *p), "-");
    else if (n == 1)
        w = snprintf(*p, (size_t)(end - *p), "u%d", first);
    else if (n >= 3 && contiguous)
        w = snprintf(*p, (size_t)(end - *p), "u%d-%d", first, last);
    else {
        w = snprintf(*p, (size_t)(end - *p), "u%d", first);
        for (int u = first + 1; u <= last && w >= 0 && *p + w < end; u++)
            if (mask & (1u << u)) {
                int k = snprintf(*p + w, (size_t)(end - *p - w), "/%d", u);
                w = k < 0 ? k : w + k;
            }
    }
    if (w < 0)
        w = 0;
    *p = *p + w < end ? *p + w : end - 1;
}

void model_format_units(const ModelForm *f, char *buf, int size)
{
    if (size <= 0)
        return;
    buf[0] = 0;
    char *p = buf, *end = buf + size;
    if (!f || f->nunit_uses == 0) {
        snprintf(buf, (size_t)size, "-");
        return;
    }
    for (int k = 0; k < f->nunit_uses && p < end - 1; k++) {
        const ModelUnitUse *u = &f->unit_use[k];
        int w = 0;
        if (k)
            w = snprintf(p, (size_t)(end - p), ", ");
        if (w > 0 && p + w < end)
            p += w;
        if (u->count > 1) {
            w = snprintf(p, (size_t)(end - p), "%d*", u->count);
            if (w > 0 && p + w < end)
                p += w;
        }
        put_mask(&p, end, u->mask);
        if (u->uncertain && p < end - 1) {
            *p++ = '?';
            *p = 0;
        }
    }
}

/* ---- operands: the register positions of the measurement pages ---- */
#define REG_ZR 254      /* the zero register: a position, but no storage */

/* Explicit registers in assembly order (one per position); returns the count. */
static int reg_positions(const A64Inst *in, uint8_t *regs, uint8_t *opnd, int max)
{
    int n = 0;
#define PUSH(r, o) do { if (n < max) { regs[n] = (uint8_t)(r); opnd[n] = (uint8_t)(o); } n++; } while (0)
    for (int i = 0; i < in->nops && i < A64_MAX_OPS; i++) {
        const A64Operand *op = &in->ops[i];
        switch (op->kind) {
        case A64_OP_GPR:
            PUSH(op->u.gpr.num == 31 ? (op->u.gpr.is_sp ? A64_SP : REG_ZR) : A64_X0 + op->u.gpr.num, i + 1);
            break;
        case A64_OP_VREG:
            PUSH(A64_V0 + op->u.vreg.num, i + 1);
            break;
        case A64_OP_VLIST:
            for (int k = 0; k < op->u.vlist.count; k++)
                PUSH(A64_V0 + (op->u.vlist.first + k) % 32, i + 1);
            break;
        case A64_OP_MEM:
            PUSH(op->u.mem.base == 31 ? A64_SP : A64_X0 + op->u.mem.base, i + 1);
            if (op->u.mem.has_index)
                PUSH(op->u.mem.index == 31 ? REG_ZR : A64_X0 + op->u.mem.index, i + 1);
            if (op->u.mem.post_reg)
                PUSH(op->u.mem.post_index == 31 ? REG_ZR : A64_X0 + op->u.mem.post_index, i + 1);
            break;
        default:
            break;
        }
    }
#undef PUSH
    return n;
}

int model_opnd_pos(const A64Inst *inst, const A64RegUse *use, bool written)
{
    uint8_t regs[32], opnd[32];
    int n = reg_positions(inst, regs, opnd, 32);
    if (n > 32)
        n = 32;
    if (use->opnd == 0)
        return use->reg == A64_NZCV ? n + 1 : 0;
    /* the first position of that operand holding that register (a written memory operand is
     * the base writeback: the base comes first, so this finds it) */
    (void)written;
    for (int k = 0; k < n; k++)
        if (opnd[k] == use->opnd && regs[k] == use->reg)
            return k + 1;
    for (int k = 0; k < n; k++)
        if (opnd[k] == use->opnd)
            return k + 1;
    return 0;
}

static const char *const madd_family[] = {"madd", "msub", "smaddl", "smsubl", "umaddl", "umsubl", NULL};

static bool mnem_is(const A64Inst *in, const char *const *names)
{
    if (!in->mnem_name)
        return false;
    for (int i = 0; names[i]; i++)
        if (str_ieq(in->mnem_name, names[i]))
            return true;
    return false;
}

int model_opnd_role(const A64Inst *inst, const A64RegUse *use)
{
    if (use->opnd >= 1 && use->opnd <= inst->nops) {
        const A64Operand *op = &inst->ops[use->opnd - 1];
        if (op->kind == A64_OP_MEM) {
            int base = op->u.mem.base == 31 ? A64_SP : A64_X0 + op->u.mem.base;
            if (use->reg == base)
                return MODEL_ROLE_BASE;
            return MODEL_ROLE_INDEX;
        }
        if (mnem_is(inst, madd_family) && use->opnd == 4)
            return MODEL_ROLE_ADDEND;
        if (inst->mem.kind == A64_MEM_STORE || inst->mem.kind == A64_MEM_LOADSTORE) {
            for (int i = use->opnd; i < inst->nops; i++)
                if (inst->ops[i].kind == A64_OP_MEM)
                    return MODEL_ROLE_DATA;
        }
    }
    return MODEL_ROLE_ANY;
}

/* ---- mnemonic lists ---- */
static bool glob(const char *pat, size_t n, const char *s)
{
    /* '*' matches any run of characters; case-insensitive */
    if (n == 0)
        return *s == 0;
    if (*pat == '*') {
        for (const char *t = s;; t++) {
            if (glob(pat + 1, n - 1, t))
                return true;
            if (!*t)
                return false;
        }
    }
    if (!*s || tolower((unsigned char)*pat) != tolower((unsigned char)*s))
        return false;
    return glob(pat + 1, n - 1, s + 1);
}

static bool writes_vector(const A64Inst *in)
{
    for (int i = 0; i < in->nwrites; i++)
        if (in->writes[i].reg >= A64_V0 && in->writes[i].reg < A64_V0 + 32)
            return true;
    return false;
}

static bool writes_gpr(const A64Inst *in)
{
    for (int i = 0; i < in->nwrites; i++)
        if (in->writes[i].reg <= A64_X0 + 30 && in->writes[i].opnd > 0 &&
            in->writes[i].opnd <= in->nops && in->ops[in->writes[i].opnd - 1].kind == A64_OP_GPR)
            return true;
    return false;
}

static const char *const shift_like[] = {
    "lsl", "lsr", "asr", "ror", "lslv", "lsrv", "asrv", "rorv", "ubfm", "sbfm", "ubfx", "sbfx",
    "ubfiz", "sbfiz", "extr", "sxtb", "sxth", "sxtw", "uxtb", "uxth", NULL,
};

static bool class_match(const char *cls, size_t n, const A64Inst *in)
{
    if (n == 5 && !strncmp(cls, "@load", n))
        return in->mem.kind == A64_MEM_LOAD && writes_gpr(in);
    if (n == 6 && !strncmp(cls, "@vload", n))
        return in->mem.kind == A64_MEM_LOAD && writes_vector(in);
    if (n == 6 && !strncmp(cls, "@store", n))
        return in->mem.kind == A64_MEM_STORE;
    if (n == 6 && !strncmp(cls, "@shift", n))
        return mnem_is(in, shift_like);
    return false;
}

bool model_mnem_match(const char *list, const A64Inst *inst)
{
    if (!list || !inst)
        return false;
    const char *name = inst->mnem_name ? inst->mnem_name : "";
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, ",");
        if (*p == '@' ? class_match(p, k, inst) : glob(p, k, name))
            return true;
        p += k;
        if (*p)
            p++;
    }
    return false;
}

/* ---- the rule tables' mnemonic lists, per mnemonic name ----
 * A list matches an instruction when one of its tokens does; name globs and @shift depend on
 * the mnemonic name only, so their result is computed once per (model, name) and kept in a
 * small per-thread cache; the other class tokens (@load @vload @store) look at the instruction
 * and are evaluated each time (`cls` marks the lists having one).  Only the registry's models
 * are cached (their tables are static). */
enum { RL_FUSE1, RL_FUSE2, RL_ELIM, RL_ELIM_NEXT, RL_LATP, RL_LATC, RL_N, RL_SLOTS = 1024 };
typedef struct NameRules {
    const ModelCpu *cpu;
    char name[24];
    uint32_t glob[RL_N];          /* bit r: a name token (or @shift) of rule r's list matches */
    uint32_t cls[RL_N];           /* bit r: rule r's list has an instruction-class token */
} NameRules;
static _Thread_local NameRules name_rules[RL_SLOTS];

static void list_bits(const char *list, const char *name, const A64Inst *in, int r, uint32_t *glob_bits,
                      uint32_t *cls_bits)
{
    if (!list)
        return;
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, ",");
        if (*p != '@') {
            if (glob(p, k, name))
                *glob_bits |= 1u << r;
        } else if (k == 6 && !strncmp(p, "@shift", k)) {
            if (mnem_is(in, shift_like))
                *glob_bits |= 1u << r;
        } else {
            *cls_bits |= 1u << r;
        }
        p += k;
        if (*p)
            p++;
    }
}

bool model_in_registry(const ModelCpu *cpu)
{
    for (int c = 0; c < model_ncpus; c++)
        if (model_cpus[c] == cpu)
            return true;
    return false;
}

static const NameRules *name_rules_for(const ModelCpu *cpu, const A64Inst *in)
{
    if (cpu->nfusions > 32 || cpu->nelims > 32 || cpu->nlatrules > 32 || !model_in_registry(cpu))
        return NULL;
    const char *name = in->mnem_name ? in->mnem_name : "";
    size_t len = strlen(name);
    if (len >= sizeof name_rules[0].name)
        return NULL;
    uint32_t h = model_hash(name) ^ (uint32_t)((uintptr_t)cpu >> 4) * 0x9E3779B1u;
    NameRules *e = &name_rules[(h ^ h >> 16) & (RL_SLOTS - 1)];
    if (e->cpu == cpu && !strcmp(e->name, name))
        return e;
    memset(e, 0, sizeof *e);
    memcpy(e->name, name, len + 1);
    /* @shift is decided by the name: an instruction with only this name stands in */
    A64Inst probe;
    memset(&probe, 0, sizeof probe);
    probe.mnem_name = in->mnem_name;
    for (int r = 0; r < cpu->nfusions; r++) {
        list_bits(cpu->fusions[r].first, name, &probe, r, &e->glob[RL_FUSE1], &e->cls[RL_FUSE1]);
        list_bits(cpu->fusions[r].second, name, &probe, r, &e->glob[RL_FUSE2], &e->cls[RL_FUSE2]);
    }
    for (int r = 0; r < cpu->nelims; r++) {
        list_bits(cpu->elims[r].mnems, name, &probe, r, &e->glob[RL_ELIM], &e->cls[RL_ELIM]);
        list_bits(cpu->elims[r].next, name, &probe, r, &e->glob[RL_ELIM_NEXT], &e->cls[RL_ELIM_NEXT]);
    }
    for (int r = 0; r < cpu->nlatrules; r++) {
        list_bits(cpu->latrules[r].producer, name, &probe, r, &e->glob[RL_LATP], &e->cls[RL_LATP]);
        list_bits(cpu->latrules[r].consumer, name, &probe, r, &e->glob[RL_LATC], &e->cls[RL_LATC]);
    }
    e->cpu = cpu;
    return e;
}

/* the class tokens of a list (the name tokens are in NameRules.glob) */
static bool class_tokens_match(const char *list, const A64Inst *inst)
{
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, ",");
        if (*p == '@' && class_match(p, k, inst))
            return true;
        p += k;
        if (*p)
            p++;
    }
    return false;
}

/* model_mnem_match(list, inst) for list `kind` of rule r, with inst's NameRules `e` (or NULL) */
static inline bool rule_list_match(const NameRules *e, int kind, int r, const char *list, const A64Inst *inst)
{
    if (!e)
        return model_mnem_match(list, inst);
    if (!list)
        return false;
    if (e->glob[kind] >> r & 1)
        return true;
    return (e->cls[kind] >> r & 1) && class_tokens_match(list, inst);
}

/* ---- operand kinds ---- */
static bool full_width(int shape)
{
    return shape == A64_V_16B || shape == A64_V_8H || shape == A64_V_4S || shape == A64_V_2D ||
           shape == A64_V_1Q || shape == A64_V_Q;
}

static bool kind_match(const char *k, size_t n, const A64Operand *op)
{
#define IS(s) (n == sizeof(s) - 1 && !strncmp(k, s, n))
    if (IS("*"))
        return true;
    if (!op)
        return false;
    bool gpr = op->kind == A64_OP_GPR;
    bool real = gpr && op->u.gpr.num != 31;
    if (IS("x"))
        return real && op->u.gpr.is64;
    if (IS("w"))
        return real && !op->u.gpr.is64;
    if (IS("r"))
        return real;
    if (IS("zr"))
        return gpr && op->u.gpr.num == 31 && !op->u.gpr.is_sp;
    if (IS("sp"))
        return gpr && op->u.gpr.is_sp;
    if (IS("#0"))
        return (op->kind == A64_OP_IMM && op->u.imm.value == 0 && !op->u.imm.reloc && !op->u.imm.sym) ||
               (op->kind == A64_OP_FIMM && op->u.fimm == 0.0);
    if (IS("#"))
        return op->kind == A64_OP_IMM || op->kind == A64_OP_FIMM || op->kind == A64_OP_LABEL;
    if (IS("v"))
        return op->kind == A64_OP_VREG;
    if (IS("v128"))
        return op->kind == A64_OP_VREG && full_width(op->u.vreg.shape);
    return false;
#undef IS
}

bool model_ops_match(const char *ops, const A64Inst *inst)
{
    if (!ops || !*ops)
        return true;
    int i = 0;
    for (const char *p = ops; *p; i++) {
        size_t k = strcspn(p, ",");
        if (!kind_match(p, k, i < inst->nops ? &inst->ops[i] : NULL))
            return false;
        p += k;
        if (*p)
            p++;
    }
    return true;
}

/* ---- register patterns ---- */
static bool part_match(const char *p, size_t n, const A64Inst *in, uint8_t bind[26], bool bound[26])
{
    if (!in)
        return n == 0;
    uint8_t regs[32], opnd[32];
    int nr = reg_positions(in, regs, opnd, 32);
    int i = 0;
    for (size_t j = 0; j < n; j++) {
        char c = p[j];
        if (c == ',') {
            i++;
            continue;
        }
        if (i >= nr || i >= 32)
            return false;
        if (c == '*')
            continue;
        int l = c - 'A';
        if (l < 0 || l >= 26)
            return false;
        if (bound[l] && bind[l] != regs[i])
            return false;
        bind[l] = regs[i];
        bound[l] = true;
    }
    return true;
}

bool model_regs_match(const char *pattern, const A64Inst *a, const A64Inst *b)
{
    if (!pattern || !*pattern)
        return true;
    for (const char *alt = pattern; *alt;) {
        size_t len = strcspn(alt, "|");
        uint8_t bind[26];
        bool bound[26] = {0};
        const char *semi = memchr(alt, ';', len);
        bool ok;
        if (semi)
            ok = part_match(alt, (size_t)(semi - alt), a, bind, bound) &&
                 part_match(semi + 1, len - (size_t)(semi - alt) - 1, b, bind, bound);
        else
            ok = part_match(alt, len, a, bind, bound);
        if (ok)
            return true;
        alt += len;
        if (*alt)
            alt++;
    }
    return false;
}

/* ---- rules ---- */
static bool has_shift_extend(const A64Inst *in)
{
    for (int i = 0; i < in->nops; i++) {
        const A64Operand *op = &in->ops[i];
        if (op->kind == A64_OP_GPR && op->shift != A64_SH_NONE &&
            !(op->shift == A64_SH_LSL && op->shift_amount == 0))
            return true;
    }
    return false;
}

static bool reads_flags(const A64Inst *in)
{
    for (int i = 0; i < in->nreads; i++)
        if (in->reads[i].reg == A64_NZCV)
            return true;
    return false;
}

/* false when no rule's list of this kind can name the instruction of entry e (its name
 * matches none of their name tokens and none has class tokens); true when one may, or when
 * there is no entry (not known) */
static bool may_name(const NameRules *e, int kind)
{
    return !e || (e->glob[kind] | e->cls[kind]) != 0;
}

/* the cached rules of two instructions, each looked up once: false when no rule list of kind
 * ka can name a or none of kind kb can name b (then no rule matches the pair); else *ea, *eb
 * are the entries, or NULL for both when either is not cached.  a's entry is copied into
 * *copy first (b's lookup may take its cache slot). */
static bool name_rules_pair(const ModelCpu *cpu, const A64Inst *a, int ka, const A64Inst *b, int kb,
                            NameRules *copy, const NameRules **ea, const NameRules **eb)
{
    *ea = *eb = NULL;
    const NameRules *x = name_rules_for(cpu, a);
    if (!may_name(x, ka))
        return false;
    if (!x)
        return true;
    *copy = *x;
    const NameRules *y = name_rules_for(cpu, b);
    if (!may_name(y, kb))
        return false;
    if (y)
        *ea = copy, *eb = y;
    return true;
}

const ModelFusion *model_fusion_match(const ModelCpu *cpu, const A64Inst *a, const A64Inst *b)
{
    if (!cpu || !a || !b)
        return NULL;
    NameRules ca;
    const NameRules *ea, *eb;
    if (!name_rules_pair(cpu, a, RL_FUSE1, b, RL_FUSE2, &ca, &ea, &eb))
        return NULL;
    for (int i = 0; i < cpu->nfusions; i++) {
        const ModelFusion *r = &cpu->fusions[i];
        if (!rule_list_match(ea, RL_FUSE1, i, r->first, a) || !rule_list_match(eb, RL_FUSE2, i, r->second, b))
            continue;
        if ((r->conds & MODEL_FUSE_NO_SHIFT_EXTEND) && has_shift_extend(a))
            continue;
        if ((r->conds & MODEL_FUSE_NO_FLAGS_READ) && reads_flags(a))
            continue;
        if (!model_regs_match(r->pattern, a, b))
            continue;
        return r;
    }
    return NULL;
}

const ModelElim *model_elim_match(const ModelCpu *cpu, const A64Inst *a, const A64Inst *next, bool *pair)
{
    if (pair)
        *pair = false;
    if (!cpu || !a)
        return NULL;
    const NameRules *ea = name_rules_for(cpu, a);
    if (!may_name(ea, RL_ELIM))
        return NULL;
    NameRules ca;             /* next's entry may take a's cache slot */
    if (ea) {
        ca = *ea;
        ea = &ca;
    }
    for (int i = 0; i < cpu->nelims; i++) {
        const ModelElim *r = &cpu->elims[i];
        if (!rule_list_match(ea, RL_ELIM, i, r->mnems, a) || !model_ops_match(r->ops, a))
            continue;
        if (r->next) {
            const NameRules *en = ea && next ? name_rules_for(cpu, next) : NULL;
            if (!next || !rule_list_match(en, RL_ELIM_NEXT, i, r->next, next) || !model_ops_match(r->next_ops, next) ||
                !model_regs_match(r->pattern, a, next))
                continue;
            if (pair)
                *pair = true;
        } else if (!model_regs_match(r->pattern, a, NULL)) {
            continue;
        }
        return r;
    }
    return NULL;
}

const ModelLatRule *model_lat_rule_match(const ModelCpu *cpu, const A64Inst *p, const A64RegUse *w,
                                         const A64Inst *c, const A64RegUse *r)
{
    if (!cpu || !p || !c || !w || !r)
        return NULL;
    NameRules cp;
    const NameRules *ep, *ec;
    if (!name_rules_pair(cpu, p, RL_LATP, c, RL_LATC, &cp, &ep, &ec))
        return NULL;
    for (int i = 0; i < cpu->nlatrules; i++) {
        const ModelLatRule *x = &cpu->latrules[i];
        if (!rule_list_match(ep, RL_LATP, i, x->producer, p) || !rule_list_match(ec, RL_LATC, i, x->consumer, c))
            continue;
        if (x->producer_opnd && model_opnd_pos(p, w, true) != x->producer_opnd)
            continue;
        if (x->producer_role == MODEL_ROLE_BASE && model_opnd_role(p, w) != MODEL_ROLE_BASE)
            continue;
        if (x->role != MODEL_ROLE_ANY && model_opnd_role(c, r) != x->role)
            continue;
        return x;
    }
    return NULL;
}

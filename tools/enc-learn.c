/* enc-learn.c — dev tool: learn the A64 encodings of the instruction table from llvm-mc.
 *
 *   enc-learn LLVM-MC OUTDIR [MNEM...]
 *   enc-learn -check LLVM-MC [MNEM...]
 *   enc-learn -samples
 *
 * For every row of src/a64/isa/<name>.tsv (or only the rows of the mnemonics given), writes sample
 * instructions over the row's operand patterns (every width, arrangement and named option, random
 * registers and immediates in range), assembles them with `LLVM-MC -triple=aarch64 -mattr=+all
 * -show-encoding` (fixup bits read as zero, as llvm-mca prints them), parses each with uarch's own
 * parser (a sample counts for the row it matched) and reads its variant key and operand values
 * (a64_enc_values, src/a64/encode.c).  Per (row, key) it solves word = base XOR M.bits(values)
 * over GF(2), trying the presentations of the immediates (v, -v, v-1, ...) until one explains every
 * sample; rows no presentation explains get no layout (uarch then says it cannot encode them).
 * Output: OUTDIR/variants.tsv and OUTDIR/layouts.tsv (format: their headers), which gen-isa turns
 * into C.  The samples come from a fixed seed: the output is the same on every run.
 * -check: fresh samples (another seed) of every row, encoded by uarch (a64_encode) and by llvm-mc,
 * compared; prints the counts (and the first differences) and exits 1 on a difference.
 * -samples: twelve sample instructions of every row, "base.tsv:LINE<TAB>text" (no llvm-mc): what
 * tools/feature-tag.sh gives llvm-mc to find the feature each row needs.
 */
#include "a64/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- deterministic random numbers (splitmix64: not linear over GF(2), unlike xorshift, whose
 * output bits would satisfy the very linear relations the fit looks for) ---- */
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static int64_t rr(int64_t lo, int64_t hi)   /* uniform in [lo, hi], extremes more often */
{
    uint64_t k = rnd() % 8;
    if (k == 0) return lo;
    if (k == 1) return hi;
    return lo + (int64_t)(rnd() % (uint64_t)(hi - lo + 1));
}

/* ---- samples ---- */
typedef struct Sample {
    int row;            /* intended row */
    char *text;
    char *alt;          /* uarch's printed spelling, when llvm-mc refused `text` (prfm [x0, #-8] -> prfum) */
    uint32_t word;
    bool ok;            /* llvm assembled it */
} Sample;
static Sample *samples;
static int nsamples, capsamples;

static const char *shape_suffix(int s)
{
    static const char *n[] = {"", "b", "h", "s", "d", "q", "8b", "16b", "4h", "8h", "2s", "4s", "1d", "2d",
                              "1q", "2h", "4b", "b", "h", "s", "d"};
    return s >= 0 && s < (int)(sizeof n / sizeof n[0]) ? n[s] : "?";
}
static int shape_bytes(int s)   /* register bytes (vector) or element bytes */
{
    switch (s) {
    case A64_V_8B: case A64_V_4H: case A64_V_2S: case A64_V_1D: return 8;
    case A64_V_16B: case A64_V_8H: case A64_V_4S: case A64_V_2D: case A64_V_1Q: return 16;
    default: return a64_shape_elem_bits(s) / 8;
    }
}
static int elem_max(int s)
{
    switch (s) {
    case A64_V_ELEM_B: return 15;
    case A64_V_ELEM_H: return 7;
    case A64_V_ELEM_S: case A64_V_4B: case A64_V_2H: return 3;
    default: return 1;
    }
}
static int pick_bit(uint32_t set)
{
    int n = __builtin_popcount(set);
    if (!n) return 0;
    int k = (int)(rnd() % (uint64_t)n);
    for (int b = 0; b < 32; b++)
        if (set >> b & 1 && k-- == 0) return b;
    return 0;
}
static const char *cond_names[] = {"eq", "ne", "hs", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "al", "nv"};

static void add_sample(int row, const char *text)
{
    if (nsamples == capsamples) {
        capsamples = capsamples ? capsamples * 2 : 4096;
        samples = realloc(samples, (size_t)capsamples * sizeof *samples);
        if (!samples) { perror("enc-learn"); exit(1); }
    }
    samples[nsamples].row = row;
    samples[nsamples].text = strdup(text);
    samples[nsamples].alt = NULL;
    samples[nsamples].ok = false;
    nsamples++;
}

static uint64_t rand_bitmask(int sz)
{
    int e;
    do e = 2 << (rnd() % 6); while (e > sz);
    int ones = 1 + (int)(rnd() % (uint64_t)(e - 1)), rot = (int)(rnd() % (uint64_t)e);
    uint64_t mask = e == 64 ? ~0ull : ((1ull << e) - 1);
    uint64_t y = (1ull << ones) - 1;
    uint64_t x = rot ? ((y << rot) | (y >> (e - rot))) & mask : y;
    uint64_t v = 0;
    for (int s = 0; s < sz; s += e) v |= x << s;
    return v;
}

static double fp8_value(int code)
{
    int n = code >> 4 & 7, f = code & 15;
    int e = n < 4 ? n + 1 : n - 7;
    double x = (16.0 + f) / 16.0;
    x = e >= 0 ? x * (double)(1 << e) : x / (double)(1 << -e);
    return code & 0x80 ? -x : x;
}

/* when label_force is set, gen_text writes a label operand as the pc offset at an extreme of
 * its field (the row's label:F*S): the highest (> 0) or the lowest (< 0) */
static int label_force;

/* one random instruction text for row r; false if the row cannot be sampled */
static bool gen_text(const A64Row *r, char *buf, size_t cap)
{
    char *p = buf, *end = buf + cap;
#define OUT(...) do { int k_ = snprintf(p, (size_t)(end - p), __VA_ARGS__); if (k_ < 0 || k_ >= end - p) return false; p += k_; } while (0)
    const char *m = r->mnem;
    size_t ml = strlen(m);
    if (ml > 3 && !strcmp(m + ml - 3, ".cc")) OUT("%.*s.%s", (int)(ml - 3), m, cond_names[rnd() % 16]);
    else OUT("%s", m);
    int sz = rnd() & 1 ? 64 : 32;
    int shapes[A64_MAX_OPS] = {0};
    int first_elem_bits = 32;
    int64_t lsb = 0;
    int casp = !strncmp(m, "casp", 4);
    int casp_reg = 2 * (int)(rnd() % 15), casp_reg2 = 2 * (int)(rnd() % 15);
    int list_bytes = 0, list_ebytes = 0;
    for (int i = 0; i < r->nops; i++) {
        const A64Pat *pt = &r->ops[i];
        OUT("%s", i ? ", " : " ");
        int reg = (int)(rnd() % 32);
        if (casp && i < 4) reg = casp_reg + (i & 1) + (i >= 2 ? 0 : 0);
        if (casp && i >= 2 && i < 4) reg = casp_reg2 + (i & 1);
        switch (pt->kind) {
        case P_W: case P_X: case P_R: {
            int w = pt->kind == P_W ? 32 : pt->kind == P_X ? 64 : sz;
            if (pt->kind == P_X && pt->arg) reg = pt->arg - 1;   /* xN: that register only */
            if (reg == 31) OUT("%czr", w == 64 ? 'x' : 'w');
            else OUT("%c%d", w == 64 ? 'x' : 'w', reg);
            if (pt->set && rnd() % 3) {
                static const char *sn[] = {"", "lsl", "lsr", "asr", "ror"};
                int s = pick_bit(pt->set);
                OUT(", %s #%d", sn[s], (int)(rnd() % (uint64_t)w));
            }
            break;
        }
        case P_WSP: case P_XSP: case P_RSP: case P_SP: {
            int w = pt->kind == P_WSP ? 32 : pt->kind == P_XSP ? 64 : sz;
            if (pt->kind == P_SP || reg == 31) OUT("%s", w == 64 ? "sp" : "wsp");
            else OUT("%c%d", w == 64 ? 'x' : 'w', reg);
            break;
        }
        case P_REXT: {
            static const char *ex[] = {"uxtb", "uxth", "uxtw", "uxtx", "sxtb", "sxth", "sxtw", "sxtx", "lsl", ""};
            int e = (int)(rnd() % 10);
            bool x = sz == 64 && (e == 3 || e == 7 || e >= 8);
            if (e == 3 || e == 7) { if (sz != 64) e = 9; }
            if (e >= 8) x = sz == 64;
            if (pt->set) {   /* rext:E1|E2: one of those, on a register as wide as the one before */
                int k = i > 0 ? r->ops[i - 1].kind : P_R;
                e = pick_bit(pt->set) - A64_SH_UXTB;
                x = k == P_X || k == P_XSP || ((k == P_R || k == P_RSP) && sz == 64);
            }
            if (reg == 31) OUT("%czr", x ? 'x' : 'w');
            else OUT("%c%d", x ? 'x' : 'w', reg);
            if (e < 9) {
                OUT(", %s", ex[e]);
                if (e == 8 || rnd() % 2) OUT(" #%d", (int)(rnd() % 5));
            }
            break;
        }
        case P_FSCALAR: case P_VEC: case P_ELEM: {
            int s = pt->tie ? shapes[pt->tie - 1] : pick_bit(pt->set);
            shapes[i] = s;
            if (pt->kind == P_ELEM && pt->arg == 16) reg &= 15;
            if (pt->kind == P_FSCALAR) OUT("%s%d", shape_suffix(s), reg);
            else if (pt->kind == P_VEC) {
                OUT("v%d.%s", reg, shape_suffix(s));
                if (first_elem_bits == 32) first_elem_bits = a64_shape_elem_bits(s);
            } else {
                int lo = 0, hi = elem_max(s);
                if (pt->hi >= 0) { lo = (int)pt->lo; if (pt->hi < hi) hi = (int)pt->hi; }
                OUT("v%d.%s[%d]", reg, shape_suffix(s), (int)rr(lo, hi));
            }
            break;
        }
        case P_LIST: case P_ELIST: {
            int s = pt->tie ? shapes[pt->tie - 1] : pick_bit(pt->set);
            shapes[i] = s;
            int n = pt->arg ? pt->arg : 1 + (int)(rnd() % 4);
            OUT("{ ");
            for (int k = 0; k < n; k++) OUT("%sv%d.%s", k ? ", " : "", (reg + k) % 32, shape_suffix(s));
            OUT(" }");
            if (pt->kind == P_ELIST) OUT("[%d]", (int)rr(0, elem_max(s)));
            list_bytes += n * shape_bytes(s);
            list_ebytes += n * (pt->kind == P_ELIST ? shape_bytes(s) : a64_shape_elem_bits(s) / 8);
            break;
        }
        case P_IMM: OUT("#%d", (int)rr(0, 65535)); break;
        case P_RANGE: OUT("#%lld", (long long)rr(pt->lo, pt->hi)); break;
        case P_ZERO: OUT("#0"); break;
        case P_FZERO: OUT("#0.0"); break;
        case P_SHAMT: OUT("#%d", (int)rr(0, sz - 1)); break;
        case P_LSB: lsb = rr(0, sz - 1); OUT("#%lld", (long long)lsb); break;
        case P_WIDTH: OUT("#%lld", (long long)rr(1, sz - lsb)); break;
        case P_AIMM:
            if (rnd() % 6 == 0) OUT(":lo12:sym");
            else if (rnd() % 6 == 0) OUT(":tprel_hi12:sym");
            else OUT("#%lld", (long long)rr(0, 4095));
            break;
        case P_AIMMSH: {
            int64_t k = rr(1, 4095);
            if (rnd() % 2) OUT("#%lld, lsl #12", (long long)k);
            else OUT("#%lld", (long long)(k << 12));
            break;
        }
        case P_BIMM: case P_NBIMM: {
            uint64_t v = rand_bitmask(sz);
            if (pt->kind == P_NBIMM) v = sz == 32 ? ~v & 0xffffffffu : ~v;
            OUT("#0x%llx", (unsigned long long)v);
            break;
        }
        case P_MOVZ: case P_MOVN: {
            int hw = (int)(rnd() % (uint64_t)(sz / 16));
            uint64_t v = (uint64_t)rr(1, 65535) << 16 * hw;
            if (pt->kind == P_MOVN) v = ~v;
            if (sz == 32) v &= 0xffffffffu;
            OUT("#0x%llx", (unsigned long long)v);
            break;
        }
        case P_MOV16: {
            int k = (int)(rnd() % 6);
            if (k == 0) OUT("#:abs_g%d:sym", (int)(rnd() % (uint64_t)(sz / 16)));
            else if (k == 1) OUT("#:abs_g%d_nc:sym", (int)(rnd() % (uint64_t)(sz / 16)));
            else {
                OUT("#%lld", (long long)rr(0, 65535));
                if (k > 3) OUT(", lsl #%d", 16 * (int)(rnd() % (uint64_t)(sz / 16)));
            }
            break;
        }
        case P_FIMM8: OUT("#%.10g", fp8_value((int)(rnd() % 256))); break;
        case P_MIMM8: {
            OUT("#%lld", (long long)rr(0, 255));
            if (rnd() % 2) OUT(", lsl #%d", 8 * (int)(rnd() % (uint64_t)(first_elem_bits / 8)));
            break;
        }
        case P_MIMMMSL: OUT("#%lld, msl #%d", (long long)rr(0, 255), rnd() % 2 ? 8 : 16); break;
        case P_MIMM64: {
            uint64_t v = 0;
            int mk = (int)(rnd() % 256);
            for (int b = 0; b < 8; b++)
                if (mk >> b & 1) v |= 0xffull << 8 * b;
            OUT("#0x%llx", (unsigned long long)v);
            break;
        }
        case P_LABEL: {   /* a symbol, or a pc offset written as a number (b #8: encoded) */
            int64_t u = pt->set;
            int k = pt->arg;
            int64_t v = label_force ? (label_force > 0 ? (1ll << (k - 1)) - u : -(1ll << (k - 1)))
                                    : rr(-(1ll << (k - 1)) / u, ((1ll << (k - 1)) - 1) / u) * u;
            if (label_force || rnd() % 2) OUT("#%lld", (long long)v);
            else OUT("sym");
            break;
        }
        case P_COND: OUT("%s", cond_names[rnd() % 16]); break;
        case P_CONDNAL: OUT("%s", cond_names[rnd() % 14]); break;
        case P_NAMED: {
            int n = 1;
            for (const char *c = pt->str; *c; c++) n += *c == '|';
            int k = (int)(rnd() % (uint64_t)n);
            const char *c = pt->str;
            while (k--) c = strchr(c, '|') + 1;
            const char *e = strchr(c, '|');
            OUT("%.*s", e ? (int)(e - c) : (int)strlen(c), c);
            break;
        }
        case P_SYSOP: {   /* an operation of the kind that takes (or not) the register that follows */
            const A64Sysop *ops[512];
            int n = 0;
            for (int k = 0; k < a64_sysops_count && n < 512; k++)
                if (!strcmp(a64_sysops[k].kind, pt->str) && a64_sysops[k].reg[0] != (pt->arg ? 'n' : 'y'))
                    ops[n++] = &a64_sysops[k];
            if (!n) return false;
            OUT("%s", ops[rnd() % (uint64_t)n]->name);
            break;
        }
        case P_SYSREG:
            if (pt->str) OUT("%s", pt->str);
            else OUT("s%d_%d_c%d_c%d_%d", (int)(rnd() % 4), (int)(rnd() % 8), (int)(rnd() % 16), (int)(rnd() % 16), (int)(rnd() % 8));
            break;
        default: {
            int base = (int)(rnd() % 32);
            char b[8];
            if (base == 31) snprintf(b, sizeof b, "sp");
            else snprintf(b, sizeof b, "x%d", base);
            int S = pt->arg ? pt->arg : 1;
            switch (pt->kind) {
            case P_MEM: OUT("[%s]", b); break;
            case P_MEMOFF:
                if (rnd() % 8 == 0) OUT("[%s, :lo12:sym]", b);
                else OUT("[%s, #%lld]", b, (long long)rr(0, 4095) * S);
                break;
            case P_MEMOFF9: OUT("[%s, #%lld]", b, (long long)rr(-256, 255)); break;
            case P_MEMPRE9: OUT("[%s, #%lld]!", b, (long long)rr(-256, 255)); break;
            case P_MEMPOST9: OUT("[%s], #%lld", b, (long long)rr(-256, 255)); break;
            case P_MEMPAIR: OUT("[%s, #%lld]", b, (long long)rr(-64, 63) * S); break;
            case P_MEMPAIRPRE: OUT("[%s, #%lld]!", b, (long long)rr(-64, 63) * S); break;
            case P_MEMPAIRPOST: OUT("[%s], #%lld", b, (long long)rr(-64, 63) * S); break;
            case P_MEMOFF10: OUT("[%s, #%lld]", b, (long long)rr(-512, 511) * S); break;
            case P_MEMPRE10: OUT("[%s, #%lld]!", b, (long long)rr(-512, 511) * S); break;
            case P_MEMREG: case P_MEMSXTX: {
                static const int ext[] = {A64_SH_NONE, A64_SH_LSL, A64_SH_UXTW, A64_SH_SXTW, A64_SH_SXTX};
                static const char *en[] = {"", "lsl", "uxtw", "sxtw", "sxtx"};
                int k;
                do k = (int)(rnd() % 5);
                while (pt->kind == P_MEMSXTX ? k != 4 : (pt->set && !(pt->set & (1u << ext[k]))));
                bool w = k == 2 || k == 3;
                int idx = (int)(rnd() % 32);
                if (idx == 31) OUT("[%s, %s", b, w ? "wzr" : "xzr");
                else OUT("[%s, %c%d", b, w ? 'w' : 'x', idx);
                int l2 = S == 1 ? 0 : S == 2 ? 1 : S == 4 ? 2 : S == 8 ? 3 : 4;
                if (k) {
                    OUT(", %s", en[k]);
                    if (k == 1 || rnd() % 2) OUT(" #%d", rnd() % 3 ? l2 : 0);
                }
                OUT("]");
                break;
            }
            case P_MEMPOSTREG: OUT("[%s], x%d", b, (int)(rnd() % 31)); break;
            case P_MEMPOSTIMM: OUT("[%s], #%d", b, rnd() % 2 ? list_bytes : list_ebytes); break;
            default: return false;
            }
            break;
        }
        }
    }
    return true;
#undef OUT
}

/* ---- llvm-mc ---- */
/* assemble every sample not yet assembled (its alternative spelling when `alt`), reading each
 * word llvm-mc prints back into the sample */
static void assemble_pass(const char *llvm_mc, bool alt)
{
    char in[] = "/tmp/enc-learn-XXXXXX";
    int fd = mkstemp(in);
    if (fd < 0) { perror("mkstemp"); exit(1); }
    FILE *f = fdopen(fd, "w");
    for (int i = 0; i < nsamples; i++)
        if (!samples[i].ok && (!alt || samples[i].alt)) fprintf(f, "L%d:\n%s\n", i, alt ? samples[i].alt : samples[i].text);
    if (fclose(f)) { perror(in); exit(1); }
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s -triple=aarch64 -mattr=+all -show-encoding %s 2>/dev/null", llvm_mc, in);
    FILE *p = popen(cmd, "r");
    if (!p) { perror("popen"); exit(1); }
    char line[1024];
    int cur = -1;
    while (fgets(line, sizeof line, p)) {
        if (line[0] == 'L' && strchr(line, ':')) { cur = atoi(line + 1); continue; }
        char *e = strstr(line, "encoding: [");
        if (!e || cur < 0 || cur >= nsamples || samples[cur].ok) continue;
        e += 11;
        uint32_t w = 0;
        for (int b = 0; b < 4; b++) {
            unsigned byte = 0;
            if (*e == 'A') byte = 0, e++;
            else if (!strncmp(e, "0x", 2)) {
                byte = (unsigned)strtoul(e, &e, 16);
                if (!strncmp(e, "'A'", 3)) e += 3;   /* a byte the fixup shares: llvm-mca prints the byte */
            }
            else if (!strncmp(e, "0b", 2)) {
                e += 2;
                for (int k = 0; k < 8; k++, e++) byte = byte << 1 | (*e == '1');
            }
            w |= byte << 8 * b;
            if (*e == ',') e++;
        }
        samples[cur].word = w;
        samples[cur].ok = true;
        cur = -1;
    }
    pclose(p);
    unlink(in);
}

static bool parse_one(const char *text, A64Inst *out);

/* llvm-mc's words for the samples; a spelling llvm-mc refuses but uarch takes as another
 * instruction's (`prfm op, [x0, #-8]` is prfum, as GNU as assembles it) is assembled in the
 * spelling uarch prints, so that its row learns the word too */
static void assemble(const char *llvm_mc)
{
    assemble_pass(llvm_mc, false);
    int nalt = 0;
    Buf b;
    buf_init(&b);
    for (int i = 0; i < nsamples; i++) {
        if (samples[i].ok) continue;
        Diag d;
        A64Program prog;
        if (!a64_parse("sample", samples[i].text, strlen(samples[i].text), &prog, &d)) continue;
        buf_reset(&b);
        if (prog.ninsts == 1 && a64_print(&prog.insts[0], 0, NULL, &b) && strcmp(buf_cstr(&b), samples[i].text)) {
            samples[i].alt = strdup(buf_cstr(&b));
            nalt++;
        }
        a64_program_free(&prog);
    }
    buf_free(&b);
    if (nalt) assemble_pass(llvm_mc, true);
}

/* ---- GF(2) fit ---- */
enum { NCOL = 1 + 128 };
typedef struct Eq { uint64_t x[3]; uint32_t w; int piv; } Eq;
static int lowbit(const uint64_t *x)
{
    for (int k = 0; k < 3; k++)
        if (x[k]) return 64 * k + __builtin_ctzll(x[k]);
    return -1;
}

typedef struct Fit {
    uint32_t masks[NCOL];
    int64_t lo[A64_ENC_MAXV], hi[A64_ENC_MAXV];
    uint8_t bits[A64_ENC_MAXV];
    int nv;
    const char *why;
} Fit;

/* samples idx[0..n) of one (row, key); false if no affine map explains them */
static bool fit(const int *idx, int n, const A64Inst *insts, const A64Row *r, uint32_t tsel, Fit *F)
{
    static Eq eqs[NCOL];
    int neq = 0;
    memset(F, 0, sizeof *F);
    for (int s = 0; s < n; s++) {
        A64EncVals v;
        if (!a64_enc_values(&insts[idx[s]], r, tsel, &v)) return false;
        if (s == 0) {
            F->nv = v.n;
            for (int j = 0; j < v.n; j++) { F->bits[j] = v.bits[j]; F->lo[j] = F->hi[j] = v.v[j]; }
        }
        if (v.n != F->nv) return false;
        Eq e = {{1, 0, 0}, samples[idx[s]].word, -1};
        int col = 1;
        for (int j = 0; j < v.n; j++) {
            if (v.v[j] < F->lo[j]) F->lo[j] = v.v[j];
            if (v.v[j] > F->hi[j]) F->hi[j] = v.v[j];
            for (int b = 0; b < v.bits[j]; b++, col++)
                if ((uint64_t)v.v[j] >> b & 1) e.x[col / 64] |= 1ull << (col % 64);
            if (col > 128) return false;
        }
        for (int k = 0; k < neq; k++)
            if (e.x[eqs[k].piv / 64] >> (eqs[k].piv % 64) & 1) {
                for (int q = 0; q < 3; q++) e.x[q] ^= eqs[k].x[q];
                e.w ^= eqs[k].w;
            }
        e.piv = lowbit(e.x);
        if (e.piv < 0) {
            if (e.w) { F->why = "no affine map"; return false; }
            continue;
        }
        /* keep earlier equations free of the new pivot (reduced form) */
        for (int k = 0; k < neq; k++)
            if (eqs[k].x[e.piv / 64] >> (e.piv % 64) & 1) {
                for (int q = 0; q < 3; q++) eqs[k].x[q] ^= e.x[q];
                eqs[k].w ^= e.w;
            }
        eqs[neq++] = e;
    }
    /* free columns = 0: each pivot column's mask is its equation's word */
    for (int k = 0; k < neq; k++) F->masks[eqs[k].piv] = eqs[k].w;
    /* trusted only when over-determined: every value bit that varied is a pivot (not a copy of
     * others in these samples), and at least 8 samples more than unknowns confirmed the map */
    if (n - neq < 8) { F->why = "too few samples"; return false; }
    bool piv[NCOL] = {false};
    for (int k = 0; k < neq; k++) piv[eqs[k].piv] = true;
    bool vneg = false;
    for (int i = 0; i < A64_MAX_OPS; i++) vneg |= (tsel >> (3 * i) & 7) == A64_ENC_T_VNEG;
    int col = 1;
    for (int j = 0; j < F->nv; j++)
        for (int b = 0; b < F->bits[j]; b++, col++)
            if (!piv[col] && !vneg && (F->lo[j] >> b & 1) != (F->hi[j] >> b & 1)) {
                /* lo/hi differing in this bit is a quick proxy for "the bit varied" */
                static char whybuf[128];
                if (getenv("ENC_LEARN_DEBUG")) { for (int k = 0; k < neq; k++) fprintf(stderr, " piv%d:%d", k, eqs[k].piv); fprintf(stderr, " nv=%d bits=%d,%d,%d\n", F->nv, F->bits[0], F->bits[1], F->bits[2]); }
                snprintf(whybuf, sizeof whybuf, "bit %d of value %d is not determined by the samples", b, j);
                F->why = whybuf;
                return false;
            }
    /* the range of each value: the field width the samples span (signed when a sample was
     * negative); the parser checks the exact operand ranges */
    for (int j = 0; j < F->nv; j++) {
        int64_t lo = F->lo[j], hi = F->hi[j];
        int w = 0;
        while (w < 62 && ((hi >> w) > 0 || (lo < 0 && ((-lo - 1) >> w) > 0))) w++;
        F->lo[j] = lo < 0 ? -((int64_t)1 << w) : 0;
        F->hi[j] = ((int64_t)1 << w) - 1;
    }
    return true;
}

/* ---- output ---- */
typedef struct Layout { uint32_t tsel; Fit f; } Layout;
static Layout *layouts;
static int nlayouts, caplayouts;

static bool same_layout(const Layout *a, uint32_t tsel, const Fit *f)
{
    if (a->tsel != tsel || a->f.nv != f->nv) return false;
    int col = 1;
    for (int j = 0; j < f->nv; j++) {
        if (a->f.bits[j] != f->bits[j] || a->f.lo[j] != f->lo[j] || a->f.hi[j] != f->hi[j]) return false;
        for (int b = 0; b < f->bits[j]; b++, col++)
            if (a->f.masks[col] != f->masks[col]) return false;
    }
    return true;
}

static int layout_id(uint32_t tsel, const Fit *f)
{
    for (int i = 0; i < nlayouts; i++)
        if (same_layout(&layouts[i], tsel, f)) return i;
    if (nlayouts == caplayouts) {
        caplayouts = caplayouts ? caplayouts * 2 : 256;
        layouts = realloc(layouts, (size_t)caplayouts * sizeof *layouts);
        if (!layouts) { perror("enc-learn"); exit(1); }
    }
    layouts[nlayouts].tsel = tsel;
    layouts[nlayouts].f = *f;
    return nlayouts++;
}

/* the row's text as in the table: mnem and ops columns (read back from the .tsv line) */
static bool row_text(const A64Row *r, char *mnem, char *ops, size_t cap)
{
    char path[512];
    const char *colon = strrchr(r->src, ':');
    snprintf(path, sizeof path, "src/a64/isa/%.*s", (int)(colon - r->src), r->src);
    int want = atoi(colon + 1);
    FILE *f = fopen(path, "r");
    if (!f) return false;
    char line[4096];
    int ln = 0;
    bool ok = false;
    while (fgets(line, sizeof line, f))
        if (++ln == want) {
            char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
            if (t1 && t2) {
                snprintf(mnem, cap, "%.*s", (int)(t1 - line), line);
                snprintf(ops, cap, "%.*s", (int)(t2 - t1 - 1), t1 + 1);
                ok = true;
            }
            break;
        }
    fclose(f);
    return ok;
}

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

static const char *dupn(const char *s) { return s ? strdup(s) : NULL; }

/* parse one sample into *out (operands and their strings copied out of the program) */
static bool parse_one(const char *text, A64Inst *out)
{
    Diag d;
    A64Program prog;
    A64ParseOptions po = {.features = a64_features_every()};   /* (llvm-mc -mattr=+all) */
    if (!a64_parse_opts("sample", text, strlen(text), &po, &prog, &d)) return false;
    bool ok = prog.ninsts == 1;
    if (ok) {
        *out = prog.insts[0];
        A64Operand *ops = malloc(sizeof *ops * (out->nops ? out->nops : 1));
        memcpy(ops, prog.insts[0].ops, sizeof *ops * out->nops);
        for (int i = 0; i < out->nops; i++) {
            A64Operand *o = &ops[i];
            switch (o->kind) {
            case A64_OP_IMM: o->u.imm.reloc = dupn(o->u.imm.reloc); o->u.imm.sym = dupn(o->u.imm.sym); break;
            case A64_OP_MEM: o->u.mem.reloc = dupn(o->u.mem.reloc); o->u.mem.sym = dupn(o->u.mem.sym); break;
            case A64_OP_LABEL: o->u.label.sym = dupn(o->u.label.sym); break;
            case A64_OP_SYSREG: o->u.sysreg.name = dupn(o->u.sysreg.name); break;
            case A64_OP_NAMED: o->u.named = dupn(o->u.named); break;
            default: break;
            }
        }
        out->ops = ops;
        out->text = NULL;
        out->mnem_name = NULL;
        out->form = NULL;
    }
    a64_program_free(&prog);
    return ok;
}

static int check_mode(void)
{
    int n = 0, eq = 0, dif = 0, none = 0, shown = 0;
    for (int i = 0; i < nsamples; i++) {
        if (!samples[i].ok) continue;
        A64Inst in;
        if (!parse_one(samples[i].text, &in)) continue;
        n++;
        uint32_t w;
        const char *why;
        if (!a64_encode(&in, &w, &why)) {
            none++;
            if (shown++ < 40) printf("no encoding: %s (%s) | llvm-mc: %08x\n", samples[i].text, why, samples[i].word);
        } else if (w != samples[i].word) {
            dif++;
            if (shown++ < 40) printf("different: %s | uarch: %08x | llvm-mc: %08x\n", samples[i].text, w, samples[i].word);
        } else eq++;
    }
    printf("samples assembled by llvm-mc and parsed by uarch: %d  equal: %d  different: %d  no uarch encoding: %d\n", n, eq, dif, none);
    return dif ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "-samples")) {
        char text[512];
        for (int ri = 0; ri < a64_nrows; ri++)
            for (int k = 0, got = 0; k < 400 && got < 12; k++)
                if (gen_text(&a64_rows[ri], text, sizeof text)) {
                    printf("%s\t%s\n", a64_rows[ri].src, text);
                    got++;
                }
        return 0;
    }
    bool check = argc > 1 && !strcmp(argv[1], "-check");
    if (check) {
        if (argc < 3) { fprintf(stderr, "usage: enc-learn -check LLVM-MC [MNEM...]\n"); return 2; }
        argv[1] = argv[2];   /* then the layout of the learning call: LLVM-MC, (no OUTDIR), MNEM... */
        argv[2] = "-";
        rng = 0x2545f4914f6cdd1dull;
    }
    if (argc < 3) { fprintf(stderr, "usage: enc-learn LLVM-MC OUTDIR [MNEM...] | enc-learn -check LLVM-MC [MNEM...]\n"); return 2; }
    /* samples */
    for (int ri = 0; ri < a64_nrows; ri++) {
        const A64Row *r = &a64_rows[ri];
        if (argc > 3) {
            bool want = false;
            for (int k = 3; k < argc; k++) want |= !strcmp(argv[k], r->mnem);
            if (!want) continue;
        }
        int combos = 2;
        int bits = 8;
        for (int i = 0; i < r->nops; i++) {
            const A64Pat *p = &r->ops[i];
            if (!p->tie && (p->kind == P_FSCALAR || p->kind == P_VEC || p->kind == P_ELEM || p->kind == P_LIST || p->kind == P_ELIST))
                combos *= __builtin_popcount(p->set) * (p->kind == P_LIST && !p->arg ? 4 : 1);
            if (p->kind == P_NAMED && !(p->str[0] == 'c' && p->str[1] == '0')) {
                int n = 1;
                for (const char *c = p->str; *c; c++) n += *c == '|';
                combos *= n;
            }
            if (p->kind == P_SYSOP) {
                int n = 0;
                for (int k = 0; k < a64_sysops_count; k++) n += !strcmp(a64_sysops[k].kind, p->str);
                combos *= n;
            }
            if (p->kind == P_MEMREG) combos *= 2;
            if (p->kind == P_REXT) combos *= 4;
            bits += 16;
        }
        int n = 40 * combos + 3 * bits;
        if (n > 6000) n = 6000;
        char text[512];
        for (int k = 0; k < n; k++)
            if (gen_text(r, text, sizeof text)) add_sample(ri, text);
        bool label = false;
        for (int i = 0; i < r->nops; i++) label |= r->ops[i].kind == P_LABEL;
        for (int k = 0; label && k < 8; k++) {
            label_force = k % 2 ? 1 : -1;
            if (gen_text(r, text, sizeof text)) add_sample(ri, text);
        }
        label_force = 0;
    }
    fprintf(stderr, "enc-learn: %d samples\n", nsamples);
    assemble(argv[1]);
    if (check) return check_mode();
    /* parse; group by matched row and key */
    A64Inst *insts = calloc((size_t)nsamples, sizeof *insts);
    int *grow = malloc(sizeof(int) * (size_t)nsamples);
    int nok = 0;
    for (int i = 0; i < nsamples; i++) {
        grow[i] = -1;
        if (!samples[i].ok) continue;
        if (!parse_one(samples[i].text, &insts[i])) continue;
        int ri = insts[i].row;
        if (ri < 0) continue;
        grow[i] = ri;
        nok++;
    }
    fprintf(stderr, "enc-learn: %d assembled and parsed\n", nok);
    char path[1024];
    snprintf(path, sizeof path, "%s/variants.tsv", argv[2]);
    FILE *fv = fopen(path, "w");
    if (!fv) { perror(path); return 1; }
    fprintf(fv, "# variants.tsv — the A64 encoding of each instruction row (src/a64/isa/*.tsv) per variant.\n"
                "# Source: the Arm A64 encodings as llvm-mc-19 -show-encoding produces them (fixup bits zero),\n"
                "# learned by tools/enc-learn.c (make enc-learn); do not edit by hand.\n"
                "# key = the variant (a64_enc_values: per operand its width, arrangement or named option, hex);\n"
                "# base = the word with every operand value zero; layout = the line of layouts.tsv.\n"
                "mnem\tops\tkey\tbase\tlayout\n");
    int *idx = malloc(sizeof(int) * (size_t)nsamples);
    int rows_done = 0, rows_fail = 0;
    static A64EncVals kv;
    for (int ri = 0; ri < a64_nrows; ri++) {
        const A64Row *r = &a64_rows[ri];
        char mnem[256], ops[4096];
        /* the keys of this row */
        uint8_t keys[512][A64_ENC_KEY];
        int nkeys = 0;
        for (int i = 0; i < nsamples; i++) {
            if (grow[i] != ri) continue;
            if (!a64_enc_values(&insts[i], r, 0, &kv)) continue;
            int k;
            for (k = 0; k < nkeys; k++)
                if (!memcmp(keys[k], kv.key, A64_ENC_KEY)) break;
            if (k == nkeys && nkeys < 512) memcpy(keys[nkeys++], kv.key, A64_ENC_KEY);
        }
        if (!nkeys) continue;
        if (!row_text(r, mnem, ops, sizeof ops)) continue;
        int nimm = 0, immops[A64_MAX_OPS];
        for (int i = 0; i < r->nops; i++) {
            int k = r->ops[i].kind;
            if (k == P_IMM || k == P_RANGE || k == P_SHAMT || k == P_LSB || k == P_WIDTH) immops[nimm++] = i;
        }
        int ncomb = 1;
        for (int i = 0; i < nimm; i++) ncomb *= A64_ENC_NT;
        bool row_ok = true;
        for (int k = 0; k < nkeys; k++) {
            int n = 0;
            for (int i = 0; i < nsamples; i++) {
                if (grow[i] != ri) continue;
                if (!a64_enc_values(&insts[i], r, 0, &kv) || memcmp(kv.key, keys[k], A64_ENC_KEY)) continue;
                idx[n++] = i;
            }
            qsort(idx, (size_t)n, sizeof *idx, cmp_int);
            bool done = false;
            const char *why = "no sample";
            for (int c = 0; c < ncomb && !done; c++) {
                uint32_t tsel = 0;
                int cc = c;
                for (int i = 0; i < nimm; i++) {
                    tsel |= (uint32_t)(cc % A64_ENC_NT) << (3 * immops[i]);
                    cc /= A64_ENC_NT;
                }
                Fit F;
                if (!fit(idx, n, insts, r, tsel, &F)) {
                    if (F.why) why = F.why;
                    if (getenv("ENC_LEARN_DEBUG"))
                        for (int i = 0; i < n; i++) { A64EncVals dv; a64_enc_values(&insts[idx[i]], r, tsel, &dv); fprintf(stderr, "  %08x %s:", samples[idx[i]].word, samples[idx[i]].text); for (int q = 0; q < dv.n; q++) fprintf(stderr, " %lld", (long long)dv.v[q]); fprintf(stderr, "\n"); }
                    continue;
                }
                int lid = layout_id(tsel, &F);
                fprintf(fv, "%s\t%s\t", mnem, ops);
                for (int b = 0; b < A64_ENC_KEY; b++) fprintf(fv, "%02x", keys[k][b]);
                fprintf(fv, "\t%08x\t%d\n", F.masks[0], lid);
                done = true;
            }
            if (!done) {
                row_ok = false;
                fprintf(stderr, "enc-learn: %s: %s %s: variant", r->src, mnem, ops);
                for (int b = 0; b < A64_ENC_KEY; b++) fprintf(stderr, "%s%02x", b ? "" : " ", keys[k][b]);
                fprintf(stderr, ": %s (%d samples)\n", why, n);
            }
        }
        if (row_ok) rows_done++; else rows_fail++;
    }
    if (fclose(fv)) { perror(path); return 1; }
    snprintf(path, sizeof path, "%s/layouts.tsv", argv[2]);
    FILE *fl = fopen(path, "w");
    if (!fl) { perror(path); return 1; }
    fprintf(fl, "# layouts.tsv — where the bits of an instruction's operand values go in its A64 word.\n"
                "# Source: learned from llvm-mc-19 -show-encoding by tools/enc-learn.c; do not edit by hand.\n"
                "# id = referenced by variants.tsv; tsel = how each immediate operand is presented (3 bits per\n"
                "# operand: 0 v, 1 -v, 2 v-1, 3 v+previous-1, 4 v and -v); values = per operand value in order\n"
                "# (src/a64/encode.c a64_enc_values) `lo..hi=m,m,...`: its learned range, then for each of its\n"
                "# bits the word bit it flips (- none, 0xHEX several).\n"
                "id\ttsel\tvalues\n");
    for (int i = 0; i < nlayouts; i++) {
        const Fit *f = &layouts[i].f;
        fprintf(fl, "%d\t%x\t", i, layouts[i].tsel);
        int col = 1;
        for (int j = 0; j < f->nv; j++) {
            fprintf(fl, "%s%lld..%lld=", j ? " " : "", (long long)f->lo[j], (long long)f->hi[j]);
            for (int b = 0; b < f->bits[j]; b++, col++) {
                uint32_t m = f->masks[col];
                if (b) fputc(',', fl);
                if (!m) fputc('-', fl);
                else if (!(m & (m - 1))) fprintf(fl, "%d", __builtin_ctz(m));
                else fprintf(fl, "0x%x", m);
            }
        }
        fputc('\n', fl);
    }
    if (fclose(fl)) { perror(path); return 1; }
    fprintf(stderr, "enc-learn: %d rows encoded, %d rows with a variant not explained, %d layouts\n",
            rows_done, rows_fail, nlayouts);
    return 0;
}

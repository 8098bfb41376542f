/* exp_btb.c — `uarch bench btb`: branch target buffer levels (seed 004).
 *
 * A loop whose body is a chain of B unconditional branches, each jumping to the next, placed
 * every S bytes (.balign S between them), swept over B for several spacings S (4 B .. 64 KiB).
 * While the branches fit in the first BTB level the front end follows them at its taken-branch
 * rate; past a level's capacity each branch costs the next level's redirect (or a decode-time
 * discovery once no level holds it).  Spacing S that is a multiple of the set-index stride maps
 * the branches to fewer sets, so the capacity seen shrinks with S until only the ways of one set
 * remain: the smallest capacity over large S is the associativity.
 * The code footprint grows with the spacing, so some steps are the instruction cache or TLB,
 * not the BTB.  Findings: per spacing, its steps (step 1, 2, ...: count, cycles per taken
 * branch, footprint); then over the spacings, the steps at the same branch count (BTB level 1,
 * 2, ...) and those at the same footprint (an instruction cache or TLB).  With the cache sizes
 * of sysfs, a step whose footprint passes one is that cache, and one that passes none is a BTB
 * level even if a single spacing shows it: on Zen 4 the 32 KiB L1I ends at 8,192 branches of
 * 4 bytes, where the BTBs end too, so only the 16 B spacing shows the BTB apart.
 * The rule (btb_classify): a BTB level is a step at the same branch COUNT over spacings, a cache
 * or TLB a step at the same code BYTES.  Where the two coincide for one spacing (256 branches x
 * 8 B = 2 KiB), that spacing's step supports both and the spacings that separate them decide
 * (4 B: 256 branches in 1 KiB; 16 B: 2 KiB at 128); a limit is also refuted by another spacing's
 * curve running flat where it would have ended that spacing's level.  A footprint step below
 * every code cache, in a page or two, is the BTB's own limit on the code its branches span
 * ("BTB limit by code footprint"), and steps that no spacing separates are said in a note.
 * Three kinds of step, by how the step's branch count moves as the spacing doubles: the same
 * count, a BTB level's capacity; half the count (the same bytes) at every spacing that reaches
 * it, a cache or TLB; the count of a BTB level at the smaller spacings and half of it for each
 * doubling past one spacing S0 (the same bytes, N x S0, over the larger spacings only, no cache's
 * size), the BTB's index aliasing: its sets are indexed from address bit log2(S0) up, so branches
 * 2 S0 apart use half of them (btb_aliasing; the AMD guest's 2,048 branches to 64 B spacing, 1,024,
 * 512, 256 at 128, 256, 512 B: "BTB index aliasing: 128 KiB", no longer "instruction cache or TLB";
 * a step of one spacing alone shows no halving: "BTB limit at wide spacing", btb_alias_name).
 * The short runs that settle what the spacings cannot (the aliasing's, a lone step's: an ITLB or a
 * BTB level's count) are planned by the analysis and read in btb_check.c; this file measures them
 * (btb_check_run).
 * The zero-bubble level holds the last point at one taken branch a cycle: a knee on the climb out
 * of it, over a few points at a few branches, is no count of it (btb_zero_points).
 * The whole sweep runs in passes (3 by default) and each point keeps its fastest pass: on a
 * core shared with another hardware thread (a VM's vCPU whose sibling runs other work) the
 * front end alternates between the threads for stretches longer than a point's samples, and
 * a taken branch then costs two cycles instead of one.
 */
#include "bench/btb.h"
#include "bench/known.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* the largest chain built (bytes of code: the padding between branches is in the file; building
 * takes about 2 s per MiB, and past the L2 every spacing's curve is its code's misses: the
 * chains of 2 to 4 MiB, about 20 MiB of code to build per pass, showed no BTB level) */
#define MAX_FOOTPRINT BTB_MAX_FOOTPRINT
/* the most branches by default: past Zen 4's BTBs (8,704 branches) every taken branch waits
 * for the decoders from about 13,000 on; 32,768 leaves five points on that plateau */
#define MAX_BRANCHES 32768

typedef struct BtbOpts {
    double spacing[SWEEP_MAX_SERIES];
    int nspacing;
} BtbOpts;

static int btb_opt(void *ctx, int argc, char **argv, int i)
{
    BtbOpts *o = ctx;
    if (strcmp(argv[i], "-spacing") == 0) {
        if (i + 1 >= argc || !argv[i + 1][0]) {
            fprintf(stderr, "uarch: bench btb: option '-spacing' needs a comma list of spacings "
                    "(powers of two, 4 B .. 64 KiB)\n");
            return -1;
        }
        char *list = xstrdup(argv[i + 1]), err[512] = "";
        OptOnce seen = {"-spacing", "each spacing is measured once"};   /* (twice: two series of one) */
        o->nspacing = 0;
        for (char *t = list, *c; t && !err[0]; t = c ? c + 1 : NULL) {
            if ((c = strchr(t, ',')) != NULL)
                *c = 0;
            double v;
            char key[32];
            if (!opt_parse("-spacing", t, (OptRange){OPT_SIZE, 4, 65536}, &v, err, sizeof err))
                break;
            snprintf(key, sizeof key, "%.0f", v);
            if (v != pow(2, round(log2(v))))
                snprintf(err, sizeof err, "option '-spacing': %s is not a power of two", t);
            else if (opt_once_add(&seen, t, key, err, sizeof err) && o->nspacing == SWEEP_MAX_SERIES)
                snprintf(err, sizeof err, "at most %d spacings", SWEEP_MAX_SERIES);
            else if (!err[0])
                o->spacing[o->nspacing++] = v;
        }
        free(list);
        opt_once_free(&seen);
        if (err[0]) {
            fprintf(stderr, "uarch: bench btb: %s\n", err);
            return -1;
        }
        return 2;
    }
    return 0;
}

static const char usage[] =
    "usage: uarch bench btb [-spacing LIST] [options]\n"
    "chains of B taken unconditional branches S bytes apart, over B: BTB capacity per level\n"
    "  -spacing LIST  comma list of spacings in bytes, powers of two 4 .. 64K (default 4,16,64,1K)\n"
    "  -min/-max      branch counts (default 1 .. 32768, three points per octave; footprints\n"
    "                 above 2 MiB are skipped)\n"
    "  -passes N      sweeps over all the points, each point keeps its fastest (default 3)\n"
    "  -runs N        samples per point and pass (default 9)\n"
    "a step at one code footprint for the large spacings only (no spacing below them: a cache's, a TLB's\n"
    "or the BTB's index aliasing) is settled by a short run at 16 B spacing, a series of its own; a step of\n"
    "one spacing alone at an ITLB's reach or a BTB level's count, by one at 2 or 4 x its spacing";


/* Which limit a step is (see btb.h).  A step's partners are steps of other spacings at nearly
 * the same count (within half an octave; their footprints an octave or more apart) or at
 * nearly the same footprint (counts an octave or more apart).  The distance to a partner adds
 * the octaves between the positions and between the step heights (the ratio of the levels
 * after and before): a BTB miss costs the same at every spacing, a cache miss does not, and
 * that tells a step apart when its footprint happens to match another spacing's cache step.
 * A step is a BTB step when its nearest partner is by count, a code-size step when it is by
 * footprint (none: neither).  Where it has partners of both kinds whose distances are within
 * half an octave of each other (the heights do not tell), it is at the point where the two
 * limits coincide (a BTB of 256 branches and a limit at 2 KiB of code meet at 8 B spacing) and
 * belongs to both; a group then needs a step of its own kind, from a spacing that separates
 * the two (4 B spacing: 256 branches in 1 KiB; 16 B: 2 KiB at 128), and a group whose steps
 * all sit where the limits coincide is said not to be told (a note).  Steps of one kind are
 * grouped by single linkage (within half an octave, one per spacing).  A group of two or more
 * gives one finding: the count (or footprint) as the geometric mean of its steps, the cycles
 * per branch before it (the median over its steps, a BTB level's the lower median over those
 * whose code fits the caches but the last: a spacing whose code does not fit adds its misses;
 * a dense one may run a mixture of rates), the smallest confidence.  A code-size group whose
 * footprint passes no known code cache, below the smallest, in no more than two 4 KiB pages
 * (no TLB has fewer entries) is no cache or TLB either: it is the BTB's own limit on the code
 * its branches may span ("BTB limit by code footprint"). */
static int dbl_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int step_cmp(const void *a, const void *b)
{
    double x = ((const BtbStep *)a)->count, y = ((const BtbStep *)b)->count;
    return (x > y) - (x < y);
}

/* distance from step a to step b as a partner by count (by = 0) or footprint (1); INFINITY
 * when they are not partners */
static double step_dist(const BtbStep *a, const BtbStep *b, int by)
{
    if (a->series == b->series)
        return INFINITY;
    double dc = fabs(log2(b->count / a->count)), db = fabs(log2(b->bytes / a->bytes));
    double near = by == 0 ? dc : db, far = by == 0 ? db : dc;
    if (near > 0.5 || far < 1)
        return INFINITY;
    double ha = a->after / a->cycles, hb = b->after / b->cycles;
    double dh = ha > 0 && hb > 0 && isfinite(ha) && isfinite(hb) ? fabs(log2(hb / ha)) : 0;
    return near + dh;
}

/* the known code cache whose size the step's footprint passes (between the plateau's last
 * point and the next level's first, half an octave of slack for the grid), or -1 */
static int step_cache(const BtbStep *a, const double *spacing, const BtbCaches *c)
{
    double lo = (a->lo > 0 ? a->lo : a->count) * spacing[a->series],
           hi = (a->hi > 0 ? a->hi : a->count) * spacing[a->series];
    const double slack = 1.4142135623730951;
    for (int i = 0; c && i < c->n; i++)
        if (c->size[i] > 0 && c->size[i] >= lo / slack && c->size[i] <= hi * slack)
            return i;
    return -1;
}

/* a step (or plateau end) whose code fits one 64-byte line: a limit of taken branches per line
 * or fetch block, not of a BTB's entries (on this Emerald Rapids guest the 4 B spacing went 1.1 to
 * 1.9 cycles a branch up to 5 branches, 20 B, and 3.3 to 4.3 from 6 on, to 256 branches and past:
 * no more than 5 or so taken branches of a line are followed at speed) */
static bool in_one_line(const BtbStep *a, const double *spacing)
{
    return (a->hi > 0 ? a->hi : a->count) * spacing[a->series] <= 64;
}

/* whether spacing k's curve (series k of the sweep, none: false) is flat within 3/4 of an octave
 * of `count` branches, below `below` cycles a branch: its points there (three or more, each the
 * median of three neighbours) within 15 % of one another, where a limit at that count would
 * have made it rise to `below` */
static bool curve_flat(const Sweep *s, int k, double count, double below)
{
    if (k >= s->nseries || s->series[k].n > 256)
        return false;
    const SweepSeries *S = &s->series[k];
    double y[256], lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < S->n; i++)
        y[i] = sweep_y(s, &S->pts[i]);
    sweep_median3(y, S->n);
    int n = 0;
    for (int i = 0; i < S->n; i++)
        if (fabs(log2(S->pts[i].x / count)) <= 0.75 && isfinite(y[i]))
            n++, lo = fmin(lo, y[i]), hi = fmax(hi, y[i]);
    return n >= 3 && hi <= 1.15 * lo && hi < below;
}

/* The zero-bubble level of a count group (mem[0..nm) of kn; finding f) from its spacings' points:
 * for each (series k of the sweep: spacing k) the last point before the step's next level (its
 * hi) at one taken branch a cycle (<= 1.15 cycles, the median of three neighbours, as
 * btb_fast_plateau), the most of them over the spacings.  Where the knees' count lies more than a
 * quarter of an octave past it, or the level they give costs more than 1.15 cycles, they cut the
 * climb out of the level: at a few branches the grid's points on that climb (the AMD guest: 1.0
 * cycle to 4 branches, 1.31 at 6, 1.5 at 8, 2.0 from 11) are a mixture of branches at one a cycle
 * and branches paying a bubble, and the detector puts a spacing's step anywhere on it (6 or 8: the
 * group's mean, 6.93, no count measured).  The level then holds that point's branches, at the
 * median cost of the points up to it, and the note says what the knees gave.  Nothing without
 * the curves (btb_classify alone) or without such a point. */
static void btb_zero_points(const Sweep *s, const BtbStep *kn, const int *mem, int nm, const double *spacing,
                            SweepFinding *f)
{
    double most = 0, cost = NAN;
    int from = -1;
    for (int m = 0; m < nm; m++) {
        const BtbStep *K = &kn[mem[m]];
        if (K->series >= s->nseries || s->series[K->series].n > 256)
            continue;
        const SweepSeries *S = &s->series[K->series];
        double y[256], fast[256], upto = K->hi > 0 ? K->hi : K->count, last = 0;
        int nf = 0;
        for (int i = 0; i < S->n; i++)
            y[i] = sweep_y(s, &S->pts[i]);
        sweep_median3(y, S->n);
        for (int i = 0; i < S->n && S->pts[i].x < upto; i++)
            if (y[i] <= 1.15)
                last = S->pts[i].x, fast[nf++] = y[i];
        if (last > most)
            most = last, from = K->series, cost = stats_median(fast, (size_t)nf);
    }
    if (!(most > 0) || (fabs(log2(f->value / most)) <= 0.25 && f->cycles <= 1.15))
        return;
    char sp[32];
    svg_fmt_bytes(sp, sizeof sp, spacing[from]);
    sweep_fnote_clause(f, "the knees gave %.4g branches at %.3g cycles a branch, on the climb out of the level (a "
                       "mixture of branches at one a cycle and branches paying a bubble): the level holds the last "
                       "point at one taken branch a cycle, %.0f branches (%s spacing)", f->value, f->cycles, most, sp);
    f->value = most;
    f->cycles = cost;
}

/* whether a limit at step a's branch count (by 0) or footprint (by 1) is contradicted: another
 * spacing's curve is flat where that limit would have ended its level (AMD guest: the 4 B
 * spacing's step at 256 branches, 1 KiB of code, is no footprint limit, as the 16 B spacing runs
 * flat at 2 cycles a branch through 64 branches, 1 KiB; the 16 B spacing's at 128 branches no
 * count limit, as the 4 B spacing runs flat through 128) */
static bool step_refuted(const Sweep *s, const BtbStep *a, const double *spacing, int nspacing, int by)
{
    for (int k = 0; k < nspacing; k++)
        if (k != a->series && curve_flat(s, k, by == 0 ? a->count : a->bytes / spacing[k], a->after / 1.25))
            return true;
    return false;
}

/* a group whose steps all sit where a branch count and a code footprint limit coincide: no
 * spacing tells which it is (a note) */
static void btb_untold(Buf *untold, const BtbStep *kn, const int *mem, int nm, const double *spacing, bool *done)
{
    char sp[96] = "";
    double lg = 0, lb = 0;
    for (int m = 0; m < nm; m++) {
        const BtbStep *K = &kn[mem[m]];
        char b[32];
        svg_fmt_bytes(b, sizeof b, spacing[K->series]);
        snprintf(sp + strlen(sp), sizeof sp - strlen(sp), "%s%s", m ? ", " : "", b);
        lg += log2(K->count), lb += log2(K->bytes);
        done[mem[m]] = true;
    }
    char fp[32];
    svg_fmt_bytes(fp, sizeof fp, exp2(lb / nm));
    buf_printf(untold, "%sspacings %s at about %.0f branches, %s", untold->len ? "; " : "", sp, exp2(lg / nm), fp);
}

/* a finding of btb_classify: by count (0) or footprint (1), the BTB's code-footprint limit, the
 * spacings of its own steps (least, most; in words, "512 B, 256 B, 128 B"), their branch counts
 * in the same order ("256, 512, 1024") and the spacings of the steps that it shares with another
 * limit ("64 B", or "") */
typedef struct BtbGroup {
    int by;
    bool own;
    double spmin, spmax;
    char sp[96], counts[96], both[96];
} BtbGroup;

void btb_level_name(char *name, size_t len, double cycles)
{
    long bub = lround(cycles) - 1;
    if (bub < 0)
        bub = 0;
    if (cycles < 0.75)
        snprintf(name, len, "BTB, two taken per cycle");
    else if (bub <= 1)
        snprintf(name, len, "%s-bubble BTB", bub == 0 ? "zero" : "one");
    else
        snprintf(name, len, "%ld-bubble BTB", bub);
}

int btb_size_near(double bytes, const double *sizes, int n)
{
    for (int i = 0; i < n; i++)
        if (sizes[i] > 0 && fabs(log2(bytes / sizes[i])) < 0.5)
            return i;
    return -1;
}

/* Index aliasing (btb.h): a footprint finding (s->find[first + i], grp[i]) at B bytes whose size
 * is no known code cache's (half an octave or more from each), beside a BTB level of N branches
 * over spacings up to S', where B / N is a spacing S0 from S' to below the footprint finding's
 * least spacing (half an octave of slack each way): the level holds its N branches up to S0 and
 * half as many for each doubling past it, N x S0 bytes of code at each, which is B.  It is
 * renamed "BTB index aliasing" and its note says so (the AMD guest: the four-bubble level's
 * 2,048 branches at 16 and 64 B spacing, 1,024, 512, 256 at 128, 256, 512 B: 128 KiB each, where
 * no cache ends, named "instruction cache or TLB: 128 KiB" before).  Without such a level, the
 * first such finding whose least spacing leaves room for a smaller one (16 B or less) is chk's. */
static void btb_aliasing(Sweep *s, int first, const BtbGroup *grp, const BtbCaches *caches, BtbAliasCheck *chk)
{
    for (int i = first; i < s->nfind && i - first < SWEEP_MAX_FINDINGS; i++) {
        SweepFinding *f = &s->find[i];
        const BtbGroup *F = &grp[i - first];
        if (F->by != 1 || F->own || !(f->value > 0))
            continue;
        bool cache = caches && btb_size_near(f->value, caches->size, caches->n) >= 0;
        int lv = -1;
        double s0 = 0;
        for (int j = first; j < s->nfind && j - first < SWEEP_MAX_FINDINGS && !cache && lv < 0; j++) {
            const BtbGroup *L = &grp[j - first];
            double r = log2(f->value / s->find[j].value);   /* log2 of S0 */
            if (L->by == 0 && s->find[j].value > 0 && r >= log2(L->spmax) - 0.5 && r <= log2(F->spmin) - 0.5)
                lv = j, s0 = exp2(round(r));
        }
        if (lv < 0 && !cache && chk && chk->find < 0 && F->spmin >= 16) {
            double cs = fmin(16, F->spmin / 4);
            *chk = (BtbAliasCheck){i, f->value, F->spmin, cs, floor(f->value / F->spmin), ceil(2 * f->value / cs),
                                   F->spmax, "", ""};
            snprintf(chk->sp, sizeof chk->sp, "%s", F->sp);
            snprintf(chk->counts, sizeof chk->counts, "%s", F->counts);
            continue;   /* (btb_alias_settle's note) */
        }
        if (lv < 0 && !cache)
            btb_alias_untold(s, f, caches, "");
        if (lv < 0)
            continue;
        const SweepFinding *L = &s->find[lv];
        btb_alias_name(s, f, F->sp, F->counts, F->spmin, F->spmax, L->value, s0, L->name, caches);
        if (F->both[0])
            sweep_fnote_add(f, "; the step of spacing %s is at this footprint and at the level's branch count at "
                            "once, where the aliasing begins", F->both);
    }
}

void btb_code_limit(SweepFinding *f, const BtbCaches *caches)
{
    if (!caches || strcmp(f->name, "instruction cache or TLB") || !(f->value > 0))
        return;
    if (caches->tlb.n <= 0) {
        if (caches->tlb.none)
            sweep_fnote_clause(f, "cpuid describes no ITLB (%s): a TLB is not ruled out", caches->tlb.none);
        return;
    }
    char reach[256];
    int c = btb_size_near(f->value, caches->size, caches->n), t = sweep_itlb_match(&caches->tlb, f->value, reach, sizeof reach);
    if (t >= 0 && c < 0) {
        sweep_finding_rename(f, "ITLB");
        sweep_fnote_clause(f, "its footprint is the %s's reach, no code cache's (%s)", caches->tlb.name[t], reach);
    } else if (c >= 0 && t < 0) {
        sweep_finding_rename(f, "instruction cache");
        sweep_fnote_clause(f, "no ITLB's reach (%s): not a TLB", reach);
    } else if (c >= 0) {
        sweep_fnote_clause(f, "the %s's size and the %s's reach at once (%s)", caches->name[c], caches->tlb.name[t], reach);
    } else {
        sweep_fnote_clause(f, "no ITLB's reach either (%s): not a TLB", reach);
    }
}

void btb_classify(Sweep *s, BtbStep *kn, int nk, const double *spacing, const BtbCaches *caches, BtbAliasCheck *chk)
{
    if (chk)
        chk->find = -1;
    qsort(kn, (size_t)nk, sizeof *kn, step_cmp);   /* (levels numbered from the fewest branches) */
    int kind[SWEEP_MAX_FINDINGS];                  /* -1 none, 0 BTB, 1 code size, 2 both */
    int cache[SWEEP_MAX_FINDINGS];                 /* the known cache a step passes, or -1 */
    bool lone[SWEEP_MAX_FINDINGS];                 /* a BTB level even if no spacing lines up */
    bool by_count_refuted[SWEEP_MAX_FINDINGS];     /* a spacing runs flat where it would end */
    bool known = caches && caches->n > 0;
    for (int a = 0; a < nk; a++) {
        cache[a] = step_cache(&kn[a], spacing, caches);
        /* with the caches known, a step that passes none of them is a BTB level seen by one
         * spacing only (the others reach it where their code no longer fits), if it is the end
         * of the branches the BTBs hold: from there every taken branch waits for the decoders,
         * several times the cost (after / before >= 3; Zen 4: 2 -> 12 cycles).  A smaller step
         * alone is the density of branches in a fetch block, or code fetched from a farther
         * cache (Zen 4, 2026-11-24: the 64 B spacing past the L1I climbs 1.3 -> 2.4 cycles per
         * branch with its code in the L2, a step at 1,290 branches that, beside the 1 KiB
         * spacing's L2 step at 1,625, made a "one-bubble BTB" of 1,625 branches) */
        lone[a] = known && cache[a] < 0 && kn[a].after >= 3 * kn[a].cycles;
        if (lone[a] && in_one_line(&kn[a], spacing)) {
            lone[a] = false;
            char sp[32], fp[32];
            svg_fmt_bytes(sp, sizeof sp, spacing[kn[a].series]);
            svg_fmt_bytes(fp, sizeof fp, (kn[a].hi > 0 ? kn[a].hi : kn[a].count) * spacing[kn[a].series]);
            sweep_note(s, "the %s spacing's step at %.0f branches (%.3g -> %.3g cycles a branch, %s of code: "
                       "one 64-byte line) is a limit of taken branches per line, not a BTB's capacity",
                       sp, kn[a].count, kn[a].cycles, kn[a].after, fp);
        }
    }
    for (int a = 0; a < nk; a++) {
        double d[2] = {INFINITY, INFINITY};
        for (int by = 0; by < 2; by++)
            for (int b = 0; b < nk; b++)
                d[by] = fmin(d[by], step_dist(&kn[a], &kn[b], by));
        for (int by = 0; by < 2; by++)
            if (step_refuted(s, &kn[a], spacing, s->nseries, by))   /* (series k: spacing k) */
                d[by] = INFINITY;
        by_count_refuted[a] = isinf(d[0]) && step_refuted(s, &kn[a], spacing, s->nseries, 0);
        if (isinf(d[0]) && isinf(d[1]))
            kind[a] = lone[a] ? 0 : -1;
        else if (isfinite(d[0]) && isfinite(d[1]) && fabs(d[0] - d[1]) < 0.5)
            kind[a] = 2;   /* where a count and a footprint limit coincide: the heights do not tell */
        else
            kind[a] = d[0] <= d[1] ? 0 : 1;
    }
    bool done[2][SWEEP_MAX_FINDINGS] = {{false}};
    int nbtb = 0;
    Buf untold;   /* the groups no spacing tells (btb_untold) */
    buf_init(&untold);
    double own_cost[SWEEP_MAX_FINDINGS];   /* the costs of the BTB's code-footprint limits */
    int nown = 0;
    BtbGroup grp[SWEEP_MAX_FINDINGS];      /* the group of each finding made here (btb_aliasing) */
    int first = s->nfind;
    for (int by = 1; by >= 0; by--)   /* the code-size steps first, then the BTB levels */
        for (int a = 0; a < nk; a++) {
            if (done[by][a] || (kind[a] != by && kind[a] != 2 && !(by == 0 && kind[a] == -1)))
                continue;
            int mem[SWEEP_MAX_FINDINGS], nm = 0;
            mem[nm++] = a;
            for (int b = a + 1; b < nk && kind[a] != -1; b++) {   /* (a step of no kind stays alone) */
                if (done[by][b] || (kind[b] != by && kind[b] != 2))
                    continue;
                bool near = false, taken = false;   /* (one step per spacing) */
                for (int m = 0; m < nm; m++) {
                    const BtbStep *M = &kn[mem[m]];
                    near |= (by == 0 ? fabs(log2(kn[b].count / M->count)) : fabs(log2(kn[b].bytes / M->bytes))) <= 0.5;
                    taken |= M->series == kn[b].series;
                }
                if (near && !taken)
                    mem[nm++] = b;
            }
            /* the group's own steps: from spacings that tell the two limits apart */
            int npure = 0;
            for (int m = 0; m < nm; m++)
                npure += kind[mem[m]] == by || kind[mem[m]] == -1;
            if (npure == 0) {
                if (nm >= 2) {
                    btb_untold(&untold, kn, mem, nm, spacing, done[by]);
                    for (int m = 0; m < nm; m++)   /* (told in a note) */
                        kn[mem[m]].grouped = true;
                }
                continue;
            }
            /* a count step of one spacing, passing no cache with its code below the smallest one,
             * that rises from the cost at which the BTB's code-footprint limit (below) ended the
             * other spacings' level: the same level's end by count (AMD guest, 2026-12-01: 2
             * cycles a branch up to 256 branches at 4 B spacing, to 2 KiB of code at 16 B and 64 B) */
            bool same_level = false;
            for (int i = 0; by == 0 && nm == 1 && i < nown; i++)
                same_level |= cache[a] < 0 && !by_count_refuted[a] && kn[a].after >= 1.5 * kn[a].cycles &&
                              fabs(log2(kn[a].cycles / own_cost[i])) < 0.32 && !in_one_line(&kn[a], spacing);
            if (nm < 2 && !(by == 0 && (lone[a] || same_level)))
                continue;
            /* with the caches known, a BTB level needs a member that passes none of them and
             * costs about a bubble per branch more (lone): steps that line up by count where
             * each is a cache's or a small rise are a coincidence (Zen 4: the 1 KiB spacing
             * leaving the L2 at 1,625 branches beside a 7 % rise of the 64 B spacing there) */
            bool real = !known || by == 1;
            int rises = 0;   /* members that pass no cache and at least double in cost per branch */
            for (int m = 0; m < nm; m++) {
                real |= lone[mem[m]];
                rises += cache[mem[m]] < 0 && kn[mem[m]].after >= 1.5 * kn[mem[m]].cycles;
            }
            /* ... or two spacings whose steps line up by count, neither passing a cache, each a
             * clear rise (Zen 5, 2026-11-30: 0.47 -> 0.96 cycles at 1,024 branches for 4 B and
             * 16 B spacings, code 4 and 16 KiB: from two taken branches a cycle to one) */
            real |= (by == 0 && rises >= 2) || same_level;
            /* a code-size group with the caches known: a member passes one, or rises by a quarter
             * (the AMD guest's four-bubble level wobbles 4.1 -> 4.7 -> 3.9 cycles a branch at 4 KiB
             * of code for 16 B and 64 B spacing: not a cache, which passes none) */
            bool grows = false;
            for (int m = 0; by == 1 && known && m < nm; m++)
                grows |= cache[mem[m]] >= 0 || kn[mem[m]].after >= 1.25 * kn[mem[m]].cycles;
            if (by == 1 && known && !grows)
                continue;
            if (!real)
                continue;
            /* the figures from the group's own steps: a step where the two limits coincide
             * ends at the nearer of the two, and only supports the group */
            double lg = 0, cyc[SWEEP_MAX_FINDINGS], conf = 1, span = 0;
            char sp[96] = "", both[96] = "";
            bool cached = false;
            for (int m = 0; m < nm; m++) {
                const BtbStep *K = &kn[mem[m]];
                done[by][mem[m]] = true;
                char b[32];
                svg_fmt_bytes(b, sizeof b, spacing[K->series]);
                if (kind[mem[m]] == 2) {
                    snprintf(both + strlen(both), sizeof both - strlen(both), "%s%s", both[0] ? ", " : "", b);
                    continue;
                }
                lg += log2(by == 0 ? K->count : K->bytes);
                conf = fmin(conf, K->conf);
                cached |= cache[mem[m]] >= 0;
                span = fmax(span, (K->hi > 0 ? K->hi : K->count) * spacing[K->series]);
                snprintf(sp + strlen(sp), sizeof sp - strlen(sp), "%s%s", sp[0] ? ", " : "", b);
            }
            if (by == 1 && span <= 64)
                continue;   /* in one 64-byte line: taken branches per line, not code size */
            /* (the members' order: their own steps first, for the costs below) */
            for (int m = 0, j = 0; m < nm; m++)
                if (kind[mem[m]] != 2) {
                    int t = mem[j];
                    mem[j++] = mem[m], mem[m] = t;
                }
            for (int m = 0; m < nm; m++)   /* (members of the finding made below) */
                kn[mem[m]].grouped = true;
            nm = npure;
            char name[48];
            bool own = false;   /* a code-size step that is the BTB's (no cache, no TLB) */
            int least = -1;     /* the smallest code cache known */
            /* a BTB level's cost: the median over the spacings whose code at the step fits the
             * caches but the last (sysfs): past them each branch adds its code's misses too
             * (Zen 4's one-bubble level costs 2 cycles per branch at 16 B spacing and 15 at
             * 1 KiB, whose 8 MiB of code comes from the L3: the median of the two made it an
             * "8-bubble BTB") */
            double lim = 0, top = 0;
            for (int i = 0; known && by == 0 && i < caches->n; i++)
                top = fmax(top, caches->size[i]);
            for (int i = 0; known && by == 0 && i < caches->n; i++)
                if (caches->size[i] < top)
                    lim = fmax(lim, caches->size[i]);
            int nc = 0;
            for (int m = 0; m < nm; m++)
                if (!(lim > 0) || kn[mem[m]].bytes <= lim)
                    cyc[nc++] = kn[mem[m]].cycles;
            if (nc <= 0)
                for (int m = 0; m < nm; m++)
                    cyc[nc++] = kn[mem[m]].cycles;
            /* (the lower median: of two spacings, the one with the smaller cost, whose code
             * adds the fewer misses; Zen 4: 16 B 1.96 and 64 B 2.83 cycles, a one-bubble level) */
            qsort(cyc, (size_t)nc, sizeof *cyc, dbl_cmp);
            double cycles = cyc[(nc - 1) / 2];
            if (by == 0) {
                /* named for the cost of a taken branch it holds: a level whose branches go at
                 * one per cycle has no bubble, at two per cycle one bubble */
                btb_level_name(name, sizeof name, cycles);
                for (int i = 0; i < s->nfind; i++)
                    if (!strcmp(s->find[i].name, name))
                        snprintf(name + strlen(name), sizeof name - strlen(name), " (%d)", nbtb + 1);
                nbtb++;
            } else {
                /* below every code cache known, in a page or two: no cache or TLB ends there */
                for (int i = 0; known && i < caches->n; i++)
                    if (least < 0 || caches->size[i] < caches->size[least])
                        least = i;
                own = least >= 0 && !cached && span <= 4096 && span < caches->size[least] / 1.4142135623730951;
                snprintf(name, sizeof name, own ? "BTB limit by code footprint" : "instruction cache or TLB");
                if (own)
                    own_cost[nown++] = cycles;
            }
            if (s->nfind - first < SWEEP_MAX_FINDINGS) {
                BtbGroup *G = &grp[s->nfind - first];
                *G = (BtbGroup){by, own, INFINITY, 0, "", "", ""};
                snprintf(G->sp, sizeof G->sp, "%s", sp);
                snprintf(G->both, sizeof G->both, "%s", both);
                for (int m = 0; m < nm; m++) {
                    G->spmin = fmin(G->spmin, spacing[kn[mem[m]].series]);
                    G->spmax = fmax(G->spmax, spacing[kn[mem[m]].series]);
                    snprintf(G->counts + strlen(G->counts), sizeof G->counts - strlen(G->counts), "%s%.0f",
                             m ? ", " : "", kn[mem[m]].count);
                }
            }
            SweepFinding *f = sweep_finding(s, name, "");
            f->value = exp2(lg / nm);
            f->bytes = by == 1;
            f->off_axis = by == 1;   /* a footprint, not a branch count on the x axis */
            f->cycles = cycles;
            f->confidence = conf;
            if (own) {
                char fp[32], cs[32];
                svg_fmt_bytes(fp, sizeof fp, f->value);
                svg_fmt_bytes(cs, sizeof cs, caches->size[least]);
                sweep_fnote(f, "a step at the same code footprint for spacings %s (branch "
                         "counts far apart), at %s of code: below the %s's %s (%s) and within a page or two, "
                         "where no cache or TLB ends: the code a BTB level's branches may span, at %.3g "
                         "cycles per taken branch up to it", sp, fp, caches->name[least], cs,
                         sweep_cache_source(s->opt.cpu), cycles);
            } else if (by == 0 && nm == 1) {
                char fp[32];
                svg_fmt_bytes(fp, sizeof fp, kn[a].bytes);
                sweep_fnote(f, "a step for spacing %.12s only, at %.12s of code, "
                         "which passes no code cache (%s): the branches a BTB level holds; the "
                         "cycles per taken branch up to it%s", sp, fp, sweep_cache_source(s->opt.cpu),
                         same_level ? "; the cost at which the BTB limit by code footprint ends the level "
                                      "for the other spacings: the same level, ended by its branch count" : "");
            } else {
                sweep_fnote(f, by == 0 ?
                         "a step at the same branch count for spacings %s (footprints far apart): "
                         "the branches a BTB level holds; the cycles per taken branch up to it (1: "
                         "no bubble, 0.5: two taken a cycle)" :
                         "a step at the same code footprint for spacings %s (branch counts far "
                         "apart): the code outgrows a cache or TLB, not a BTB", sp);
            }
            if (by == 0 && !strcmp(name, "zero-bubble BTB"))
                btb_zero_points(s, kn, mem, nm, spacing, f);
            if (both[0]) {
                sweep_fnote_add(f, "; the step of spacing %s is at this %s and "
                         "at another limit's %s at once, and is left out of the figures", both,
                         by == 0 ? "branch count" : "footprint", by == 0 ? "footprint" : "branch count");
            }
            if (by == 1 && !own && cache[a] >= 0) {
                char cs[32];
                svg_fmt_bytes(cs, sizeof cs, caches->size[cache[a]]);
                sweep_fnote_add(f, "; the %s is %s (%s)", caches->name[cache[a]], cs, sweep_cache_source(s->opt.cpu));
            }
        }
    btb_aliasing(s, first, grp, caches, chk);
    for (int i = first; i < s->nfind; i++)
        btb_code_limit(&s->find[i], caches);
    if (untold.len)
        sweep_note(s, "steps that line up both by branch count and by code footprint, where no spacing tells a "
                   "BTB level from a code-size limit (-spacing with spacings 4x apart or more): %s", buf_cstr(&untold));
    buf_free(&untold);
    if (nbtb == 0)
        sweep_note(s, known ? "every step is a code cache's or lines up with another spacing's "
                              "footprint: no BTB level told apart from the caches" :
                   "no step at the same branch count for two spacings: no BTB level told apart "
                   "from the caches (-spacing with spacings 4x apart or more)");
}

void btb_zero_bubble(Sweep *s, const BtbStep *kn, int nk, const double *spacing, int nspacing,
                     const BtbCaches *caches)
{
    for (int i = 0; i < s->nfind; i++)
        if (!strcmp(s->find[i].name, "zero-bubble BTB"))
            return;   /* a level of its own */
    /* per spacing, its first step when the branches before it went at one per cycle */
    int best = -1;
    for (int k = 0; k < nspacing; k++) {
        int first = -1;
        for (int a = 0; a < nk; a++)
            if (kn[a].series == k && (first < 0 || kn[a].count < kn[first].count))
                first = a;
        if (first < 0 || !(kn[first].cycles <= 1.15) || in_one_line(&kn[first], spacing))
            continue;
        double n = kn[first].lo > 0 ? kn[first].lo : kn[first].count;
        double bn = kn[best >= 0 ? best : first].lo > 0 ? kn[best >= 0 ? best : first].lo : kn[best >= 0 ? best : first].count;
        if (best < 0 || n > bn)
            best = first;
    }
    if (best < 0)
        return;
    const BtbStep *b = &kn[best];
    double n = b->lo > 0 ? b->lo : b->count;
    int c = step_cache(b, spacing, caches);
    SweepFinding *f = sweep_finding(s, "zero-bubble BTB", "");
    f->bytes = false;
    f->value = n;
    f->cycles = b->cycles;
    char sp[32], fp[32];
    svg_fmt_bytes(sp, sizeof sp, spacing[b->series]);
    svg_fmt_bytes(fp, sizeof fp, n * spacing[b->series]);
    if (c >= 0) {
        char cs[32];
        svg_fmt_bytes(cs, sizeof cs, caches->size[c]);
        char hi[32];
        svg_fmt_bytes(hi, sizeof hi, (b->hi > 0 ? b->hi : n) * spacing[b->series]);
        sweep_fnote(f, "at least this many: the %s spacing takes one branch per cycle "
                 "up to here, and its step (its code from %s to %s) passes the %s (%s, %s): a "
                 "code cache's limit as much as a BTB's", sp, fp, hi, caches->name[c], cs, sweep_cache_source(s->opt.cpu));
    } else {
        sweep_fnote(f, "the %s spacing takes one branch per cycle up to here (code %s, "
                 "within the code caches): the branches the zero-bubble level holds", sp, fp);
    }
}

bool btb_fast_plateau(Sweep *s, int series, int index, double spacing, BtbStep *out)
{
    const SweepSeries *S = &s->series[series];
    if (S->n < 2)
        return false;
    double *y = xmalloc(sizeof *y * (size_t)S->n);
    for (int i = 0; i < S->n; i++)
        y[i] = sweep_y(s, &S->pts[i]);
    sweep_median3(y, S->n);
    /* the plateau's last point: the last at one branch per cycle while three quarters of the
     * points up to it are (a pair of disturbed points early on does not end it: in one of three
     * runs every spacing had one), and the first point past it */
    int end = -1, i = 0, nfast = 0, nall = 0;
    for (int j = 0; j < S->n; j++) {
        if (!isfinite(y[j]))
            continue;
        nall++;
        if (y[j] <= 1.15 && 4 * ++nfast >= 3 * nall)
            end = j;
    }
    for (i = end + 1; i < S->n && !isfinite(y[i]); i++)
        ;
    bool ok = end >= 0 && i < S->n;
    if (ok) {
        double *p = xmalloc(sizeof *p * (size_t)(end + 1));
        int np = 0;
        /* its cost: of the points at one branch per cycle, where it begins with a level of two a
         * cycle (Zen 5: 0.47 to 1,024 branches, then 0.96), which has its own finding */
        for (int pass = 0; pass < 2 && np == 0; pass++)
            for (int j = 0; j <= end; j++)
                if (isfinite(y[j]) && (pass == 1 || y[j] >= 0.75))
                    p[np++] = y[j];
        double lo = S->pts[end].x, hi = S->pts[i].x;
        *out = (BtbStep){index, lo, lo * spacing, stats_median(p, (size_t)np), y[i], 1, lo, hi};
        free(p);
    }
    free(y);
    return ok;
}

void btb_analyse(Sweep *s, const int *ser, const double *spacing, int nspacing, const BtbCaches *caches,
                 BtbChecks *chk)
{
    /* per spacing: its steps in order, with the footprint of each */
    static const SweepRef refs[] = {{"step 1", 0}, {"step 2", 0}, {"step 3", 0}, {"step 4", 0}};
    BtbStep kn[SWEEP_MAX_FINDINGS];
    int nk = 0;
    for (int k = 0; k < nspacing; k++) {
        int before = s->nfind;
        sweep_name_knees(s, ser[k], refs, 4, NULL, "beyond");
        /* the levels the steps come from: sweep_name_knees made one finding per step of
         * sweep_steps, in order, then "beyond" */
        const KneeResult *r = sweep_knees(s, ser[k]);
        int idx[SWEEP_MAX_FINDINGS];
        double at[SWEEP_MAX_FINDINGS];
        int ns = sweep_steps(r, idx, at, SWEEP_MAX_FINDINGS);
        for (int j = 0; j < ns && before + j < s->nfind && nk < SWEEP_MAX_FINDINGS; j++) {
            int f = before + j;
            SweepFinding *F = &s->find[f];
            double lo = r->levels[idx[j]].x_last, hi = r->levels[idx[j] + 1].x_first;
            char b[32];
            svg_fmt_bytes(b, sizeof b, F->value * spacing[k]);
            sweep_fnote_clause(F, "code footprint %s", b);
            /* the level after the step: the curve's next level, named or not (the next finding
             * skips a level whose step is not named: the 4 B spacing's 1.8 cycles, unnamed in one
             * run of three, made its step at 10 branches one from 1 to 12 cycles, "the end of
             * the BTBs", and a zero-bubble level of 10 branches) */
            double after = r->levels[idx[j] + 1].level;
            kn[nk++] = (BtbStep){k, F->value, F->value * spacing[k], F->cycles, after, F->confidence, lo, hi, f + 1,
                                 false};
        }
    }
    btb_classify(s, kn, nk, spacing, caches, chk ? &chk->alias : NULL);
    if (chk)
        btb_lone_plan(s, kn, nk, spacing, caches, &chk->lone);
    /* the zero-bubble level from each spacing's points themselves, not its first knee: the
     * detector once merged the 16 B spacing's 1, 1.5 and 2 cycles up to 8,192 branches into
     * one level, and the 64 B spacing's 645 branches stood for the level */
    BtbStep fast[SWEEP_MAX_SERIES];
    int nfast = 0;
    for (int k = 0; k < nspacing; k++)
        if (btb_fast_plateau(s, ser[k], k, spacing[k], &fast[nfast]))
            nfast++;
    btb_zero_bubble(s, fast, nfast, spacing, nspacing, caches);
}

void btb_published(Sweep *s, const BenchFrontend *fe)
{
    if (!fe || fe->btb_fast <= 0)
        return;
    bool said = false;
    for (int i = 0; i < s->nfind; i++) {
        SweepFinding *f = &s->find[i];
        bool zero = strstr(f->name, "zero-bubble BTB") != NULL, one = strstr(f->name, "one-bubble BTB") != NULL;
        bool slower = !zero && !one && strstr(f->name, "-bubble BTB") != NULL;   /* ("4-bubble BTB") */
        if (slower && fe->btb_last > 0) {
            said = true;
            sweep_fnote_add(f, "; %s (%s): a BTB level behind the one-bubble one, %d "
                     "entries", fe->uarch, fe->source, fe->btb_last);
            continue;
        }
        if (!zero && !one)
            continue;
        said = true;
        if (zero)
            sweep_fnote_add(f, "; %s (%s): zero-bubble BTB %d entries%s", fe->uarch,
                     fe->source, fe->btb_fast,
                     f->value > fe->btb_fast * 1.1 ? ": more branches than that went without a bubble here" : "");
        else
            sweep_fnote_add(f, "; %s (%s): one-bubble BTB %d entries, %d with the "
                     "zero-bubble level's %d", fe->uarch, fe->source, fe->btb_slow,
                     fe->btb_slow + fe->btb_fast, fe->btb_fast);
        /* more than half an octave from the published figure (the one-bubble level's: its own
         * or with the zero-bubble one's): said, in the words of dcache's and dtlb's references */
        double pub = zero ? fe->btb_fast : fe->btb_slow, ratio = f->value / pub;
        bool agrees = fabs(log2(ratio)) <= 0.5 || (one && fabs(log2(f->value / (pub + fe->btb_fast))) <= 0.5);
        if (isfinite(f->value) && f->value > 0 && !agrees)
            sweep_fnote_add(f, "; DISAGREES with %s: %.0f branches measured, %.0f entries there (%.3g x)",
                            fe->uarch, f->value, pub, ratio);
    }
    char pub[300];
    bench_ident_published(&s->ident, fe->uarch, pub, sizeof pub);
    if (said && pub[0])
        sweep_note(s, "BTB: %s", pub);
}

/* one point of the sweep: a chain of nb branches sp bytes apart in series ser; false: the sweep stops */
static bool btb_point(Sweep *s, int ser, long nb, int sp)
{
    Buf line, body;
    buf_init(&line), buf_init(&body);
    buf_printf(&line, "%s 2f\n.balign %d\n2:", sweep_jmp(s), sp);
    sweep_rept(&body, nb, buf_cstr(&line));
    BenchKernel kern = {.symbol = "btb", .body = buf_cstr(&body), .body_file = "<btb>",
                        .unroll = 1, .align = sp > 64 ? sp : 64};
    /* per iteration: nb chain branches + the loop branch, all taken */
    double per = (double)(nb + 1);
    /* a round's figure is its two calls together (.whole, as fetch's and icache's):
     * their difference amplified a change of the core's rate between them, and its
     * median could pair the two lengths' medians of different rounds' states; the
     * calls (2e6 branches and twice that, a millisecond or more) make their overhead
     * (a call, two counter reads: microseconds) below 0.5 % */
    SweepRun run = {.iters = (uint64_t)ceil(2e6 / per), .copies_per_iter = per,
                    .runs = s->opt.runs > 0 ? s->opt.runs : 9, .whole = true};
    bool ok = sweep_point(s, ser, &kern, &run, (double)nb, 0);
    buf_free(&line), buf_free(&body);
    return ok;
}

/* A short check run: spacing `spacing` over lo..hi branches, four points an octave, one pass, as
 * a series of its own ("16 B spacing (check)"); its series, -1 when there was no room (none
 * measured).  It stops where the sweep stops. */
static int btb_check_run(Sweep *s, double spacing, double lo, double hi)
{
    double grid[64];
    int n = sweep_grid(lo, hi, 4, 1, grid, 64);
    char nm[48], b[32];
    svg_fmt_bytes(b, sizeof b, spacing);
    snprintf(nm, sizeof nm, "%s spacing (check)", b);
    int ser = s->nseries < SWEEP_MAX_SERIES ? sweep_series(s, nm) : -1;
    s->npoints_total += ser >= 0 ? n : 0;
    for (int i = 0; i < n && ser >= 0 && !sweep_stop(s) && s->ncut == 0; i++)
        if (grid[i] * spacing > MAX_FOOTPRINT || !btb_point(s, ser, (long)grid[i], (int)spacing))
            break;
    return ser;
}

int exp_btb(int argc, char **argv)
{
    Sweep s = {.exp = "btb", .geometric = true, .passes_dflt = 3, .xrange = {OPT_COUNT, 1, 262144}};
    BtbOpts o = {.spacing = {4, 16, 64, 1024}, .nspacing = 4};
    int status;
    if (!sweep_parse(&s, argc, argv, btb_opt, &o, usage, &status))
        return status;
    s.knee.min_len = 2;   /* two thirds of an octave (a level of the L2 BTB spans less than an octave on Zen 4) */
    double grid[256];
    int n = sweep_option_grid(&s, 1, MAX_BRANCHES, 3, grid, 256);
    /* the knees of each spacing from the median of three neighbouring points: a point the
     * machine disturbed, or one whose fastest pass came out too fast (0.59 cycles per branch
     * where its neighbours take 1), made steps that lined up with another spacing's by chance */
    s.knee_median3 = true;
    s.title = "taken-branch chains: cycles per branch over branch count";
    s.best_desc = SWEEP_WHOLE_DESC;
    s.method = "B unconditional branches, each to the next, S bytes apart, in a loop";
    s.xlabel = "branches", s.ylabel = "cycles per taken branch", s.yunit = "cycles";
    s.x_int = true, s.yscale = SVG_LOG;
    s.knee.direction = 1;   /* 1 cycle per branch up to ~100 past every level */
    int ser[SWEEP_MAX_SERIES];
    int total = 0;
    for (int k = 0; k < o.nspacing; k++) {
        char nm[48], b[32];
        svg_fmt_bytes(b, sizeof b, o.spacing[k]);
        snprintf(nm, sizeof nm, "%s spacing", b);
        ser[k] = sweep_series(&s, nm);
        for (int i = 0; i < n; i++)
            if (grid[i] * o.spacing[k] <= MAX_FOOTPRINT)
                total++;
    }
    int passes = sweep_passes(&s);
    sweep_begin(&s, total * passes);
    for (s.pass = 0; s.pass < passes && !sweep_stop(&s); s.pass++) {
        for (int k = 0; k < o.nspacing && !sweep_stop(&s); k++) {
            int sp = (int)o.spacing[k];
            for (int i = 0; i < n && !sweep_stop(&s); i++) {
                long nb = (long)grid[i];
                if (nb * (double)sp > MAX_FOOTPRINT)
                    break;
                if (!btb_point(&s, ser[k], nb, sp))
                    goto done;
            }
        }
    }
done:;
    /* the code caches (none known: the steps are told apart by lining them up over spacings) */
    BtbCaches caches = {.n = 0};
    static const struct { int level; const char *type, *name; } cl[] = {
        {1, "Instruction", "L1I"}, {2, "Unified", "L2"}, {3, "Unified", "L3"}};
    for (int i = 0; i < 3; i++) {
        double b = sweep_cache_size(s.opt.cpu, cl[i].level, cl[i].type);
        if (b > 0)
            caches.size[caches.n] = b, caches.name[caches.n++] = cl[i].name;
    }
    sweep_cpuid_itlbs(&caches.tlb);
    BtbChecks chk;
    btb_analyse(&s, ser, o.spacing, o.nspacing, &caches, &chk);
    if (chk.alias.find >= 0 && !sweep_stop(&s))
        btb_alias_settle(&s, &chk.alias, btb_check_run(&s, chk.alias.spacing, chk.alias.lo, chk.alias.hi), &caches);
    if (chk.lone.find >= 0 && !sweep_stop(&s))
        btb_lone_settle(&s, &chk.lone, btb_check_run(&s, chk.lone.spacing, chk.lone.lo, chk.lone.hi), &caches);
    btb_published(&s, bench_frontend_here());
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}

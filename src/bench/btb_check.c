/* btb_check.c — the short check runs of `uarch bench btb` that settle what the sweep's spacings
 * cannot tell apart, and the names they give: a step at one code footprint for the large spacings
 * only, a cache's or TLB's or the BTB's index aliasing (btb_alias_settle); the notes and names
 * shared with the aliasing that the sweep's own spacings settle (btb_aliasing in exp_btb.c).
 * The runs themselves are measured by exp_btb.c (btb_check_run); this file only reads their
 * series.  See btb.h.
 */
#include "bench/btb.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* the note of a footprint finding f that nothing told from the BTB's index aliasing (with the
 * caches known; else only `why`, when given: what a run that tried found, after "; ") */
void btb_alias_untold(const Sweep *s, SweepFinding *f, const BtbCaches *caches, const char *why)
{
    if (caches && caches->n > 0)
        sweep_fnote_clause(f, "yet its footprint is no code cache's size (%s): a BTB's index aliasing makes "
                           "such a step too (a BTB level's branches falling into fewer of its sets as the spacing "
                           "doubles), which smaller spacings in -spacing tell apart (their level's branch count "
                           "times the spacing where the halving begins is this footprint)%s",
                           sweep_cache_source(s->opt.cpu), why);
    else if (why[0])
        sweep_fnote_clause(f, "%s", why + 2);
}

const char *btb_alias_kind_name(BtbAliasKind kind)
{
    return kind == BTB_WIDE_SPACING ? BTB_WIDE_NAME : BTB_ALIAS_NAME;
}

/* rename f by its kind, BTB_ALIASING (two spacings or more) or BTB_WIDE_SPACING (one): a level of
 * n branches (named `level`, "" for the check's) that holds them up to spacing s0 and half as many
 * for each doubling past it, footprint f->value; the kind.  One frame (the footprint, the
 * spacings, their counts, the caches' source) heads both notes, so they cannot drift apart. */
BtbAliasKind btb_alias_name(Sweep *s, SweepFinding *f, const char *sp, const char *counts, double smin, double smax,
                            double n, double s0, const char *level, const BtbCaches *caches)
{
    char fp[32], s0s[32], sm[32], ns[32];   /* (the footprint, S0, the least aliased spacing, N x S0) */
    svg_fmt_bytes(fp, sizeof fp, f->value);
    svg_fmt_bytes(ns, sizeof ns, n * s0);
    svg_fmt_bytes(s0s, sizeof s0s, s0);
    svg_fmt_bytes(sm, sizeof sm, smin);
    bool known = caches && caches->n, one = !(smax > smin);
    char frame[384];
    if (one)
        snprintf(frame, sizeof frame, "a step at code footprint %s for spacing %s only (%s branches)", fp, sp, counts);
    else
        snprintf(frame, sizeof frame, "a step at the same code footprint, %s, for spacings %s (%s branches: half as "
                 "many for each doubling of the spacing)", fp, sp, counts);
    snprintf(frame + strlen(frame), sizeof frame - strlen(frame), ", no code cache's size%s%s%s: ",
             known ? " (" : "", known ? sweep_cache_source(s->opt.cpu) : "", known ? ")" : "");
    BtbAliasKind kind = one ? BTB_WIDE_SPACING : BTB_ALIASING;
    sweep_finding_rename(f, btb_alias_kind_name(kind));
    if (one)
        sweep_fnote(f, "%sfewer branches than the %s's %.0f, and the smaller spacing's level does not end at this "
                    "footprint, so the BTB holds fewer branches spaced this wide (not a cache or TLB); the BTB's "
                    "index aliasing from %s spacing on would make it (%.0f x %s = %s), but one spacing does not "
                    "show the halving of the count for each doubling that would prove it",
                    frame, level, n, s0s, n, s0s, ns);
    else
        sweep_fnote(f, "%sthe %s's %.0f branches (%.0f x %s = %s) fall into fewer of its sets from %s spacing on, as "
                    "an index from address bit %.0f up skips sets: the BTB's index aliasing, not a cache or TLB",
                    frame, level, n, n, s0s, ns, sm, log2(s0));
    return kind;
}

/* a step of a check run's curve: the branch count at it (halfway to the next level), the cycles a
 * branch before and after */
typedef struct RunStep { double at, a, b; } RunStep;

/* the steps of the check run's series ser (-1: none measured) that rise by a tenth or more, in
 * order, into st[0..SWEEP_MAX_FINDINGS); their number, -1 when the run has too few points for
 * knees (fewer than 3).  A step counts where the knees give it a confidence of 0.5 or more, or
 * where it rises by half or more (the lone step's own measure of the end of a level): a short
 * run's last plateau is short, and the knees doubt it (the AMD guest's 4 KiB run of the defaults:
 * 19 cycles a branch to 76 branches, a climb to 45 at 152..256, 117 from 304, the 2.6x step at
 * 256 given 0.46, and the run said "no step") */
static int run_steps(Sweep *s, int ser, RunStep *st)
{
    const KneeResult *r = ser >= 0 && ser < s->nseries && s->series[ser].n >= 3 ? sweep_knees(s, ser) : NULL;
    if (!r)
        return -1;
    int n = 0;
    for (int i = 0; i + 1 < r->nlevels && n < SWEEP_MAX_FINDINGS; i++) {
        const KneeLevel *L = &r->levels[i];
        double a = L->level, b = r->levels[i + 1].level;
        if (!(a > 0) || b / a < 1.1 || (L->confidence < 0.5 && b / a < 1.5))
            continue;
        st[n++] = (RunStep){isfinite(L->x_mid) ? L->x_mid : L->x_last, a, b};
    }
    return n;
}

void btb_alias_settle(Sweep *s, const BtbAliasCheck *chk, int ser, const BtbCaches *caches)
{
    if (!chk || chk->find < 0 || chk->find >= s->nfind)
        return;
    SweepFinding *f = &s->find[chk->find];
    char cs[32], fp[32], run[192], why[512];
    svg_fmt_bytes(cs, sizeof cs, chk->spacing);
    svg_fmt_bytes(fp, sizeof fp, chk->bytes);
    snprintf(run, sizeof run, "a run at %s spacing over %.0f..%.0f branches (the sweep has no spacing below %.0f B)",
             cs, chk->lo, chk->hi, chk->spmin);
    /* the run's steps (rises by a tenth or more): one at the finding's footprint makes it a
     * code-size limit; else the largest at a count no BTB level of the sweep holds (a level the
     * large spacings hold too is no aliased one) with bytes / count a spacing S0 between the
     * run's and the least of the finding's: that level's index aliasing */
    RunStep st[SWEEP_MAX_FINDINGS];
    int ns = run_steps(s, ser, st), same = -1, best = -1;
    double rise = 1.1;
    for (int j = 0; j < ns; j++) {
        double s0 = chk->bytes / st[j].at;
        if (fabs(log2(s0 / chk->spacing)) <= 0.5 && same < 0)
            same = j;
        bool held = false;   /* a BTB level of the sweep at that count */
        for (int i = 0; i < s->nfind; i++)
            held |= i != chk->find && !s->find[i].bytes && strstr(s->find[i].name, "BTB") && s->find[i].value > 0 &&
                    fabs(log2(s->find[i].value / st[j].at)) <= 0.5;
        if (!held && st[j].b / st[j].a >= rise && log2(s0) >= log2(chk->spacing) + 0.5 &&
            log2(s0) <= log2(chk->spmin) + 0.25)
            rise = st[j].b / st[j].a, best = j;
    }
    char verdict[96] = "not told";
    if (same >= 0 || best >= 0) {
        int j = same >= 0 ? same : best;
        double n = st[j].at, a = st[j].a, b = st[j].b;
        char nb[32], sp[32];
        svg_fmt_bytes(nb, sizeof nb, n * chk->spacing);
        if (same >= 0) {
            sweep_fnote_clause(f, "%s steps at %.0f branches, %s of code (%.3g -> %.3g cycles a branch): the same "
                               "footprint, a code-size limit, not the BTB's index aliasing", run, n, nb, a, b);
            snprintf(verdict, sizeof verdict, "a code-size limit (the same footprint)");
        } else {
            svg_fmt_bytes(sp, sizeof sp, chk->spmin);
            BtbAliasKind kind = btb_alias_name(s, f, chk->sp, chk->counts, chk->spmin, chk->spmax, n,
                                               exp2(round(log2(chk->bytes / n))), "BTB level", caches);
            sweep_fnote_add(f, "; %s steps at %.0f branches (%s of code, %.3g -> %.3g cycles a branch), not at this "
                            "footprint: a BTB level of %.0f branches, %s from %s spacing on", run, n, nb, a, b, n,
                            kind == BTB_WIDE_SPACING ? "holding fewer" : "aliased", sp);
            snprintf(verdict, sizeof verdict, "%s (of a level of %.0f branches)", btb_alias_kind_name(kind), n);
        }
    } else {
        snprintf(why, sizeof why, "; %s found %s: not told", run,
                 ns < 0 ? "too few points (none with 8 series, a sweep's most)"
                    : ns ? "no step at this footprint nor one of a BTB level it would alias" : "no step");
        btb_alias_untold(s, f, caches, why);
    }
    sweep_note(s, "the step at %s of code could be a cache or TLB or the BTB's index aliasing: %s, its points the "
               "series '%s spacing (check)', says %s", fp, run, cs, verdict);
}

/* the BTB level of the sweep (a finding by branch count whose name says BTB) within half an
 * octave of `count`: its index, or -1 */
static int level_at(const Sweep *s, double count)
{
    for (int i = 0; i < s->nfind; i++)
        if (!s->find[i].bytes && strstr(s->find[i].name, "BTB") && s->find[i].value > 0 &&
            fabs(log2(s->find[i].value / count)) <= 0.5)
            return i;
    return -1;
}

void btb_lone_plan(Sweep *s, const BtbStep *st, int n, const double *spacing, const BtbCaches *caches,
                   BtbLoneCheck *chk)
{
    chk->find = -1;
    if (!caches)
        return;
    /* the clearest such step (the largest rise, at least 1.5x: the end of what a level holds) */
    int best = -1, tlb = -1, level = -1;
    for (int a = 0; a < n; a++) {
        const BtbStep *K = &st[a];
        char reach[256];
        int t = sweep_itlb_match(&caches->tlb, K->bytes, reach, sizeof reach), lv = level_at(s, K->count);
        if (K->grouped || K->find <= 0 || K->find > s->nfind || !(K->cycles > 0 && K->after >= 1.5 * K->cycles) ||
            (t < 0 && lv < 0))
            continue;
        if (best < 0 || K->after / K->cycles > st[best].after / st[best].cycles)
            best = a, tlb = t, level = lv;
    }
    if (best < 0)
        return;
    const BtbStep *K = &st[best];
    double sp = spacing[K->series], cs = 0;
    /* the run's spacing: where the branch count's footprint is no cache's size nor an ITLB's
     * reach (a step at that count is then the count's alone), and within the largest chain */
    for (int m = 2; m <= 4 && !(cs > 0); m *= 2) {
        double b = K->count * sp * m;
        if (2 * b <= BTB_MAX_FOOTPRINT && btb_size_near(b, caches->size, caches->n) < 0 &&
            btb_size_near(b, caches->tlb.reach, caches->tlb.n) < 0)
            cs = sp * m;
    }
    SweepFinding *f = &s->find[K->find - 1];
    char fp[32], b[32];
    svg_fmt_bytes(fp, sizeof fp, K->bytes);
    svg_fmt_bytes(b, sizeof b, sp);
    if (!(cs > 0)) {
        sweep_fnote_clause(f, "no other spacing's step at its branch count or its footprint, and %s of code is "
                           "%s: not told (no spacing of 2 or 4 x %s puts its count where no cache or ITLB ends, "
                           "within %.0f MiB of code)", fp, tlb >= 0 ? "an ITLB's reach" : "a BTB level's count", b,
                           BTB_MAX_FOOTPRINT / 1048576);
        return;
    }
    *chk = (BtbLoneCheck){K->find - 1, tlb, level, K->count, K->bytes, sp, K->cycles, K->after, cs,
                          floor(K->bytes / cs / 2), ceil(2 * K->count), 0, 0};
    /* without a level: another spacing's ungrouped step at its count, its code below every cache */
    double least = INFINITY;
    for (int i = 0; i < caches->n; i++)
        least = fmin(least, caches->size[i]);
    for (int a = 0; a < n && level < 0; a++)
        if (a != best && !st[a].grouped && st[a].series != K->series && fabs(log2(st[a].count / K->count)) <= 0.5 &&
            st[a].bytes < least / 1.4142135623730951 && st[a].cycles > 0 && st[a].after >= 1.5 * st[a].cycles &&
            !(chk->partner > 0))
            chk->partner = spacing[st[a].series], chk->pcycles = st[a].cycles;
}

void btb_lone_settle(Sweep *s, const BtbLoneCheck *chk, int ser, const BtbCaches *caches)
{
    if (!chk || chk->find < 0 || chk->find >= s->nfind || !caches)
        return;
    SweepFinding *f = &s->find[chk->find];
    char cs[32], fp[32], sp[32], reach[256], run[160], what[400];
    svg_fmt_bytes(cs, sizeof cs, chk->spacing);
    svg_fmt_bytes(fp, sizeof fp, chk->bytes);
    svg_fmt_bytes(sp, sizeof sp, chk->from);
    sweep_itlb_match(&caches->tlb, chk->bytes, reach, sizeof reach);
    const SweepFinding *L = chk->level >= 0 && chk->level < s->nfind ? &s->find[chk->level] : NULL;
    char lname[64], pname[64] = "", ps[32];
    svg_fmt_bytes(ps, sizeof ps, chk->partner);
    if (!L && chk->partner > 0)
        btb_level_name(pname, sizeof pname, chk->pcycles);
    snprintf(lname, sizeof lname, "%s", L ? L->name : pname[0] ? pname : "BTB level");
    snprintf(run, sizeof run, "a run at %s spacing over %.0f..%.0f branches", cs, chk->lo, chk->hi);
    /* what it could be, in words */
    size_t at = (size_t)snprintf(what, sizeof what, "the %s spacing's step at %.0f branches, %s of code (%.3g -> "
                                 "%.3g cycles a branch), ", sp, chk->count, fp, chk->cycles, chk->after);
    if (chk->tlb >= 0 && at < sizeof what)
        at += (size_t)snprintf(what + at, sizeof what - at, "at the %s's reach (%s)%s", caches->tlb.name[chk->tlb],
                               reach, L ? " and " : "");
    if (L && at < sizeof what)
        snprintf(what + at, sizeof what - at, "at the %s's %.0f branches", L->name, L->value);
    else if (!L && chk->partner > 0 && at < sizeof what)
        snprintf(what + at, sizeof what - at, "%sat the %s spacing's step's branch count", chk->tlb >= 0 ? " and " : "", ps);
    /* the run's steps at the step's branch count and at its footprint's count there: the larger
     * rise decides */
    RunStep st[SWEEP_MAX_FINDINGS];
    int ns = run_steps(s, ser, st), bycount = -1, bybytes = -1;
    double same = chk->bytes / chk->spacing;   /* (the branches of the same footprint at the run's spacing) */
    for (int j = 0; j < ns; j++) {
        double r = st[j].b / st[j].a;
        if (fabs(log2(st[j].at / chk->count)) <= 0.5 && (bycount < 0 || r > st[bycount].b / st[bycount].a))
            bycount = j;
        if (fabs(log2(st[j].at / same)) <= 0.5 && (bybytes < 0 || r > st[bybytes].b / st[bybytes].a))
            bybytes = j;
    }
    bool count = bycount >= 0 && (bybytes < 0 || st[bycount].b / st[bycount].a > st[bybytes].b / st[bybytes].a);
    int j = count ? bycount : bybytes;
    char verdict[128];
    if (j < 0) {
        snprintf(verdict, sizeof verdict, "not told (%s)", ns < 0 ? "too few points" : ns ? "no step at either" : "no step");
        sweep_fnote_clause(f, "%s found %s at %.0f branches (its count) or %.0f (its footprint): not told", run,
                           ns < 0 ? "too few points" : "no step", chk->count, same);
    } else if (count) {
        sweep_finding_rename(f, lname);
        sweep_fnote_clause(f, "%s steps at %.0f branches (%.3g -> %.3g cycles a branch), not at %.0f, where the "
                           "same footprint would end: the same branch count for code %s apart, a limit on the "
                           "branches a BTB holds%s%s", run, st[j].at, st[j].a, st[j].b, same,
                           chk->spacing / chk->from >= 4 ? "4x" : "2x", L ? ", the " : "", L ? L->name : "");
        if (pname[0])
            sweep_fnote_add(f, "; the %s spacing's step at %.0f branches too, whose code passes no cache (%.3g cycles a "
                            "branch up to it: its name)", ps, chk->count, chk->pcycles);
        if (chk->tlb >= 0)
            sweep_fnote_add(f, "; not the %s", caches->tlb.name[chk->tlb]);
        snprintf(verdict, sizeof verdict, "the same branch count: %s", lname);
    } else {
        sweep_finding_rename(f, "instruction cache or TLB");
        f->value = chk->bytes, f->bytes = true, f->off_axis = true;
        sweep_fnote_clause(f, "%s steps at %.0f branches (%.3g -> %.3g cycles a branch), %s of code as here, not at "
                           "%.0f: a code-size limit%s%s", run, st[j].at, st[j].a, st[j].b, fp, chk->count,
                           L ? ", not the " : "", L ? L->name : "");
        btb_code_limit(f, caches);
        snprintf(verdict, sizeof verdict, "the same footprint: %s", f->name);
    }
    sweep_note(s, "%s: %s, its points the series '%s spacing (check)', says %s", what, run, cs, verdict);
}

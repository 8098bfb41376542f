/* exp_itlb.c — `uarch bench itlb`: instruction TLB capacity (seed 004).
 *
 * A call into P pages of code, one unconditional branch per page jumping to the next page's
 * branch, the last one to a return.  Each branch sits on a different line of its page (line =
 * page number mod the lines per page), so the lines spread over the cache sets.  While the P
 * pages fit in the first-level ITLB a branch costs the taken-branch rate; past it every branch
 * pays a second-level ITLB lookup, and past that a page walk.
 *
 * The P virtual pages are all mappings of one physical page (a memfd, else a POSIX shared
 * memory object) whose every line holds the branch to the next page's next line: the ITLB needs
 * P entries while the physically tagged L1I holds the page's lines once.  Built from distinct
 * pages, P lines also fill the L1I at P = L1I size / 64, which on Zen 4 (32 KiB L1I: 512
 * lines, L2 ITLB: 512 entries) hid the L2 ITLB's step behind the L1I's (304-362 pages found in
 * session 8).  Where no shared mapping can be made executable, distinct copies are used and
 * the L1I's step is named as such.
 * The chain is swept at two placements, from the start of a last-level page table's span (2 MiB
 * with 4 KiB pages) and from half-way into it: on Zen 4 the L2 ITLB holds 512 pages from the
 * half-way start and about 300-360 from the boundary (a scan of the start in steps of 32
 * pages, at 362-800 pages: 512 pages at 2.1-2.7 c from starts 224-288 pages past a boundary,
 * misses from 362 pages at starts 0-128 and 448-511, partly in between), so its sets do
 * not fill alike from every start.  No placement makes a TLB hold more than it has, so the
 * larger capacity is the TLB's; both are reported.  The sweep runs in passes (3 by default)
 * and each point keeps its least disturbed one, as in btb.
 *
 * The k-th branch sits on line k mod 64 of its page, so the chain is also a layout of branches
 * whose address bits 6-11 repeat every 64 pages and bits 12 up count the pages: a structure of
 * the branch predictor indexed by those bits fills with the pages as a TLB does.  On this
 * Emerald Rapids KVM guest (Golden Cove cores) the curve rose 1 -> 2.9 cycles a branch at 64-128
 * pages and 2.9 -> 16 at 256-304, named "L1 ITLB: 64-91" and "L2 ITLB: 256", where Intel gives
 * one 256-entry ITLB (and a 2,048-entry STLB).  With the k-th branch on line (S k) mod 64 the
 * first rise came at 4-5 pages for S = 0 (one line), 32-38 for S = 2 (32 lines), 64-76 for S = 1
 * and 5 (64 lines), the one at 256 stayed (a test build: uarch bench itlb -max 300 -passes 2,
 * 15:43 UTC): the first follows the lines, the second the pages.  So a control series runs the
 * same pages with the branches on half the lines (S = 2): a TLB's step it takes at the same
 * pages, a step of the lines at half of them; a step of the chain the control does not rise
 * through at the same points (itlb_control_shift) is a "BTB step", no TLB level.
 *
 * The first step is the BTB's first level (the zero-bubble one: 1 cycle a taken branch before
 * it, the next level's 2.9-3 after), which on these cores tells branches apart by their
 * address bits below 14: two branches 16 KiB apart (the same line, pages a multiple of 4 apart)
 * share one entry, and the chain's k-th and k+64-th branches (the same line, 64 pages apart)
 * are such a pair.  Measured with chains of jumps outside uarch (distinct physical pages,
 * cycles from the on-CPU time and an add chain, 3 runs each, 21:55-22:00 UTC, other builds
 * running): 64 jumps, one a page on line k mod 64, then 64 more on the same lines d pages on: at
 * 64 jumps 0.9-2.1 cycles a jump (most 0.9-1.3); at 128 2.0-3.6 (most 2.9-3.1) for d = 4 (68 pages), 8, 12,
 * 16, 24, 32, 64, 128, 256, 512, and 0.9-2.3 (most 1.0-1.8) for d = 1, 2, 3, 6, 31, 33, 65 (up to
 * 129 pages): the address modulo 16 KiB decides it, not the pages (not the ITLB); 8 NOPs before
 * each jump (more op-cache ways a line) changed nothing (d = 64: 3.0-3.5; d = 1, 2: 1.5-1.7: not
 * the op cache); 160 jumps 64 bytes apart (the chain's lines on 3 pages, none 16 KiB apart) ran
 * at 1.3-1.5.  So the step is the layout's meeting the BTB: it comes at the number of
 * distinct pairs of line and page mod 4 of the chain (64; the control's 32; 4 on one line).
 * Its rise is the pairs': at P pages (64 < P <= 128) 2 (P - 64) of the P branches share an
 * entry, 1 + 2 x 2 (P - 64) / P cycles a branch, 1.6 at 76, 2.2 at 91, 2.6 at 108 and 3 at 128
 * pages, where uarch bench itlb measured 1.35-1.62, 1.53-2.15, 1.96-2.58 and 2.86-2.99 (5 runs,
 * 21:37-22:00 UTC): no capacity filled all at once.
 *
 * The chain's taken branches (P + 3) grow with its pages (P + 2), in the control too, so a BTB
 * level that holds fewer branches than a TLB holds pages makes a step where a TLB's would be.
 * On an AMD EPYC KVM guest (cpuid: Zen, L1 ITLB 64 entries) the chain ran 1.5 cycles a branch
 * at 2-6 pages and 4 from 7, named "L1 ITLB: 6"; a chain of as many branches in one page (bench
 * btb) leaves its zero-bubble 1.0 cycle at the same count (2.0 from 10 branches).  The curve's
 * first step out of a level below one bubble a branch is therefore a "BTB or ITLB step", no TLB
 * level (itlb_count_step; itlb.h).
 */
#define _GNU_SOURCE   /* memfd_create */
#include "bench/itlb.h"
#include "bench/sweep.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const char usage[] =
    "usage: uarch bench itlb [options]\n"
    "one taken branch per code page over the number of pages: ITLB capacity; a control runs the\n"
    "same pages with the branches on half the lines: a step it does not take is not a TLB's\n"
    "(a \"BTB step\": branches the branch target buffer does not tell apart)\n"
    "  -min/-max    page counts (default 2 .. 4096)\n"
    "  -passes N    sweeps over all the points, each point keeps its fastest (default 3)\n"
    "  knees        " SWEEP_PASS_RULE;

bool itlb_count_step(const KneeResult *r, int level)
{
    return level == 0 && r->nlevels > 1 && r->levels[0].level > 0 && r->levels[0].level < ITLB_ONE_BUBBLE;
}

void itlb_name_steps(const double *before, const double *after, const bool *lines, const bool *moves,
                     const bool *count, int n, const char **names)
{
    int last = -1, first = -1;
    bool counted = false;   /* a "BTB or ITLB step" before the last: the first TLB level may be in it */
    double rise[SWEEP_MAX_FINDINGS];
    bool out[SWEEP_MAX_FINDINGS];   /* not a TLB's */
    for (int j = 0; j < n && j < SWEEP_MAX_FINDINGS; j++) {
        rise[j] = before[j] > 0 && after[j] > 0 ? after[j] / before[j] : 0;
        out[j] = lines[j] || (moves && moves[j]) || (count && count[j]);
        if (!out[j] && (last < 0 || rise[j] > rise[last]))
            last = j;
    }
    for (int j = 0; j < last; j++) {
        if (!out[j] && (first < 0 || rise[j] > rise[first]))
            first = j;
        counted |= count && count[j] && !(moves && moves[j]);
    }
    for (int j = 0; j < n; j++)
        names[j] = lines[j] ? "L1I (lines)" : moves && moves[j] ? "BTB step" : out[j] ? "BTB or ITLB step"
                 : j == last ? (first >= 0 ? "L2 ITLB" : counted ? "ITLB" : "L1 ITLB")
                 : j == first ? "L1 ITLB" : j < last ? "step" : "page-walk step";
}

/* Where y[from..n) first crosses `mid` upwards to stay (two points in a row at or above it, or
 * the last point), interpolated on log x and log y from the point before; NAN: it does not. */
static double crossing(const double *x, const double *y, int n, int from, double mid)
{
    for (int i = from; i < n; i++) {
        if (!(y[i] >= mid) || (i + 1 < n && !(y[i + 1] >= mid)))
            continue;
        if (i == from || !(y[i - 1] > 0) || !(y[i - 1] < mid))
            return x[i];
        double f = log(mid / y[i - 1]) / log(y[i] / y[i - 1]);
        return x[i - 1] * pow(x[i] / x[i - 1], f);
    }
    return NAN;
}

double itlb_control_shift(const double *x, const double *y, const double *yc, int n, const KneeLevel *a,
                          const KneeLevel *b)
{
    if (!(a->level > 0 && b->level > a->level) || a->first < 0 || b->last >= n)
        return NAN;
    double mid = sqrt(a->level * b->level);
    int last = b->last;
    double xm = crossing(x, y, last + 1, a->last, mid);
    int seen = 0;
    for (int i = a->first; i <= last; i++)
        seen += isfinite(yc[i]);
    if (!isfinite(xm) || seen < 2)
        return NAN;
    double xc = crossing(x, yc, last + 1, a->first, mid);
    return isfinite(xc) ? log2(xm / xc) : INFINITY;
}

/* The chain: address space for `maxp` + 1 pages from `base` (the start of a last-level page
 * table's span, `region` bytes: 2 MiB with 4 KiB pages) or from `base` + region / 2; pages
 * 0 .. P-1 hold the branches, page P the returns.  fd >= 0: every page is a mapping of the fd's
 * page 0 (branches) or 1 (returns); fd < 0: private copies of img. */
typedef struct Chain {
    unsigned char *res, *base, *img;
    size_t page, maxp, region, reserved;
    int fd;
} Chain;

static void put32le(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* img (CHAIN_PAGES pages), at the start of every line: page 0 a branch to the next page's next
 * line (the last line's to the next page's first line), page 1 a return, page 2 (the control's)
 * on the even lines a branch to the next page's next even line (the last one's to its first
 * line); the rest traps (int3 / brk #0) */
#define CHAIN_PAGES 3
static void chain_image(unsigned char *img, size_t page, bool x86)
{
    size_t lines = page / 64;
    for (size_t i = 0; i < CHAIN_PAGES * page; i += 4)
        put32le(img + i, x86 ? 0xccccccccu : 0xd4200000u);
    for (size_t j = 0; j < lines; j++) {
        long delta[2] = {(long)page + (j + 1 < lines ? 64 : 64 - (long)page),
                         (long)page + (j + 2 < lines ? 128 : -(long)j * 64)};
        unsigned char *b = img + j * 64, *r = img + page + j * 64, *c = img + 2 * page + j * 64;
        if (x86) {
            b[0] = 0xe9;                       /* jmp rel32 */
            put32le(b + 1, (uint32_t)(int32_t)(delta[0] - 5));
            r[0] = 0xc3;                       /* ret */
            if (j % 2 == 0)
                c[0] = 0xe9, put32le(c + 1, (uint32_t)(int32_t)(delta[1] - 5));
        } else {
            put32le(b, 0x14000000u | ((uint32_t)(delta[0] / 4) & 0x3ffffffu));   /* b */
            put32le(r, 0xd65f03c0u);           /* ret */
            if (j % 2 == 0)
                put32le(c, 0x14000000u | ((uint32_t)(delta[1] / 4) & 0x3ffffffu));
        }
    }
}

static int chain_fd(size_t bytes)
{
    int fd = -1;
#if defined(__linux__) && defined(MFD_CLOEXEC)
    fd = memfd_create("uarch-itlb", MFD_CLOEXEC);
#endif
    if (fd < 0) {
        char name[64];
        snprintf(name, sizeof name, "/uarch-itlb-%ld", (long)getpid());
        fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
        if (fd >= 0)
            shm_unlink(name);
    }
    if (fd >= 0 && ftruncate(fd, (off_t)bytes) != 0) {
        close(fd);
        fd = -1;
    }
    return fd;
}

/* Reserve the address space, write the two pages; false with `why` set when no address space.
 * *shared tells whether the pages are aliases of one physical page (else copies, `why` says
 * why not). */
static bool chain_open(Chain *c, size_t page, size_t maxp, bool x86, bool *shared, char *why, size_t n)
{
    memset(c, 0, sizeof *c);
    c->page = page, c->maxp = maxp, c->fd = -1;
    c->img = xmalloc(CHAIN_PAGES * page);
    chain_image(c->img, page, x86);
    c->region = page / 8 * page;   /* the span of a last-level page table: page / 8 entries */
    c->reserved = (maxp + 1) * page + c->region + c->region / 2;
    void *b = mmap(NULL, c->reserved, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (b == MAP_FAILED) {
        snprintf(why, n, "cannot reserve %zu pages of address space: %s", maxp + 1, strerror(errno));
        free(c->img);
        return false;
    }
    c->res = b;
    c->base = (unsigned char *)(((uintptr_t)b + c->region - 1) & ~(uintptr_t)(c->region - 1));
    *shared = false;
    int fd = chain_fd(CHAIN_PAGES * page);
    if (fd < 0) {
        snprintf(why, n, "no memfd or shared memory object (%s)", strerror(errno));
        return true;
    }
    if (pwrite(fd, c->img, CHAIN_PAGES * page, 0) != (ssize_t)(CHAIN_PAGES * page)) {
        snprintf(why, n, "cannot write the shared page (%s)", strerror(errno));
        close(fd);
        return true;
    }
    if (mmap(c->base, page, PROT_READ | PROT_EXEC, MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED) {
        snprintf(why, n, "the shared page cannot be mapped executable (%s)", strerror(errno));
        close(fd);
        return true;
    }
    c->fd = fd;
    *shared = true;
    return true;
}

/* The first page of the chain: at the start of a page table's span, or half-way into it. */
static unsigned char *chain_start(const Chain *c, int half)
{
    return c->base + (half ? c->region / 2 : 0);
}

/* Map pages 0 .. P-1 as branches (the image's page `img`: 0, the chain's, or 2, the control's)
 * and page P as returns; false (errno set) on failure. */
static bool chain_map(Chain *c, int half, size_t P, int img)
{
    for (size_t i = 0; i <= P; i++) {
        unsigned char *at = chain_start(c, half) + i * c->page;
        off_t off = (off_t)c->page * (i < P ? img : 1);
        if (c->fd >= 0) {
            if (mmap(at, c->page, PROT_READ | PROT_EXEC, MAP_SHARED | MAP_FIXED, c->fd, off) == MAP_FAILED)
                return false;
        } else {
            if (mmap(at, c->page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
                return false;
            memcpy(at, c->img + off, c->page);
            if (mprotect(at, c->page, PROT_READ | PROT_EXEC) != 0)
                return false;
        }
        __builtin___clear_cache((char *)at, (char *)at + c->page);
    }
    return true;
}

static void chain_close(Chain *c)
{
    if (c->res)
        munmap(c->res, c->reserved);
    if (c->fd >= 0)
        close(c->fd);
    free(c->img);
}

void itlb_cpuid(Sweep *s, const ClockTlb *l1, const ClockTlb *l2)
{
    for (int i = 0; i < s->nfind; i++) {
        SweepFinding *f = &s->find[i];
        const ClockTlb *t = !strcmp(f->name, "L1 ITLB") ? l1 : !strcmp(f->name, "L2 ITLB") ? l2 : NULL;
        /* the one level of a sweep that found one ("ITLB"): the L2's when it matches that and not the L1's */
        if (!strcmp(f->name, "ITLB"))
            t = l2 && l2->entries > 0 && fabs(log2(f->value / l2->entries)) <= 0.5 &&
                !(l1 && l1->entries > 0 && fabs(log2(f->value / l1->entries)) <= 0.5) ? l2 : l1;
        if (!t || t->entries <= 0)
            continue;
        sweep_fnote_clause(f, "cpuid says %d entries (%s)%s", t->entries, t->type,
                 fabs(log2(f->value / t->entries)) <= 0.5 ? "" : ": DISAGREES");
        /* cpuid's L2 figure against the published one of the core it names (a hypervisor's
         * cpuid may give its own: the bhyve Zen 5 guest's 64 entries, AMD's 2,048) */
        char v[256];
        if (t == l2 && bench_core_itlb_verdict(&s->ident, t->entries, v, sizeof v) == 1)
            sweep_fnote_add(f, "; cpuid's figure %s", v);
    }
}

double itlb_findings(Sweep *s, int ser, int ctrl, bool shared, double l1i, size_t page)
{
    double last_tlb = NAN;
    const SweepSeries *cs = &s->series[ctrl], *ms = &s->series[ser];
    const KneeResult *r = sweep_knees(s, ser);
    int np = ms->n > 0 ? ms->n : 1;
    double *yc = xmalloc(sizeof *yc * np), *x = xmalloc(sizeof *x * np), *y = xmalloc(sizeof *y * np);
    for (int i = 0; i < ms->n; i++) {   /* the chain, and the control at its points */
        x[i] = ms->pts[i].x, y[i] = sweep_y(s, &ms->pts[i]), yc[i] = NAN;
        for (int k = 0; k < cs->n; k++)
            if (cs->pts[k].x == ms->pts[i].x)
                yc[i] = sweep_y(s, &cs->pts[k]);
    }
    /* the steps: those of sweep_steps (confidence 0.5 or more), and those from 0.25 (the
     * detector's merge_below) that the control takes too: two measurements rise there (on this
     * guest the step at 256 pages, 2.9 -> 16 cycles, scored 0.49 from the half-way start, whose
     * next level climbs on from 16 to 23 cycles at 304-1218 pages; the control passed it at the
     * same pages) */
    int idx[SWEEP_MAX_FINDINGS], ns = 0;
    double at[SWEEP_MAX_FINDINGS], before[SWEEP_MAX_FINDINGS] = {0}, after[SWEEP_MAX_FINDINGS] = {0};
    double shift[SWEEP_MAX_FINDINGS];
    bool lines[SWEEP_MAX_FINDINGS] = {0}, moves[SWEEP_MAX_FINDINGS] = {0}, count[SWEEP_MAX_FINDINGS] = {0};
    const char *names[SWEEP_MAX_FINDINGS];
    for (int i = 0; i + 1 < r->nlevels && ns < SWEEP_MAX_FINDINGS; i++) {
        const KneeLevel *L = &r->levels[i];
        double sh = itlb_control_shift(x, y, yc, ms->n, L, L + 1);
        bool mv = isfinite(sh) ? fabs(sh) >= ITLB_CONTROL_SHIFT : sh > 0;
        if (L->confidence < ITLB_CONTROL_CONF || (L->confidence < 0.5 && !(fabs(sh) < ITLB_CONTROL_SHIFT)))
            continue;
        idx[ns] = i, shift[ns] = sh;
        at[ns] = isfinite(L->x_mid) ? L->x_mid : L->x_last;
        before[ns] = L->level, after[ns] = L[1].level;
        lines[ns] = !shared && l1i > 0 && fabs(log2(at[ns] * 64 / l1i)) <= 0.5;
        moves[ns] = mv;
        count[ns] = itlb_count_step(r, i);
        ns++;
    }
    free(yc), free(x), free(y);
    itlb_name_steps(before, after, lines, moves, count, ns, names);
    for (int j = 0; j < ns; j++) {
        SweepFinding *f = sweep_finding(s, names[j], ms->name);
        sweep_finding_level(f, r, idx[j]);
        f->value = at[j];
        char ctl[320] = "";
        if (moves[j] && isfinite(shift[j]))
            snprintf(ctl, sizeof ctl, "; the control (on half the lines) passes its middle %.2g octaves %s: the "
                     "step moves with the branches' lines, not a TLB's: a BTB level that tells the branches "
                     "apart by their low address bits (the chain's k-th and k+64-th share them)", fabs(shift[j]),
                     shift[j] > 0 ? "earlier" : "later");
        else if (moves[j])
            snprintf(ctl, sizeof ctl, "; the control (on half the lines) does not take it: not a TLB's");
        else if (count[j])
            snprintf(ctl, sizeof ctl, "; the first step, out of %.3g cycles a branch (under one bubble, %.0f), at "
                     "%.0f taken branches an iteration as at %.0f pages: a zero-bubble BTB holding fewer branches "
                     "makes it as an ITLB would (the control runs as many): not told apart", before[j],
                     ITLB_ONE_BUBBLE, at[j] + 3, at[j]);
        else if (isfinite(shift[j]))
            snprintf(ctl, sizeof ctl, "; the control (on half the lines) takes it at the same pages (%+.2f octaves)",
                     -shift[j]);
        if (f->confidence < 0.5) {
            size_t k = strlen(ctl);
            snprintf(ctl + k, sizeof ctl - k, ", which holds the step of confidence %.2f", f->confidence);
        }
        char reach[64];   /* a TLB's reach; a BTB's step is in branches */
        if (moves[j])
            snprintf(reach, sizeof reach, "%.0f taken branches, one a page", f->value);
        else
            snprintf(reach, sizeof reach, "%.0f KiB of code reach", f->value * (double)page / 1024);
        sweep_fnote(f, "%s; %.3g cycles after the step%s%s%s", reach, after[j], ctl,
                 lines[j] ? "; also the L1I line count: the two cannot be told apart here" : "",
                 !strcmp(names[j], "page-walk step") ? "; past the last ITLB level: a unified second-level TLB "
                 "(Intel's STLB) or the page walks' caches" : "");
        if (strstr(names[j], "ITLB") && !count[j] && !(at[j] <= last_tlb))
            last_tlb = at[j];
    }
    if (r->nlevels > 0) {
        SweepFinding *f = sweep_finding(s, "last level", ms->name);
        sweep_finding_level(f, r, r->nlevels - 1);
    }
    return last_tlb;
}

int exp_itlb(int argc, char **argv)
{
    Sweep s = {.exp = "itlb", .geometric = true, .passes_dflt = 3, .pass_rule = true, .xrange = {OPT_COUNT, 1, 32768}};
    int status;
    if (!sweep_parse(&s, argc, argv, NULL, NULL, usage, &status))
        return status;
    bool x86 = sweep_x86(&s);
    size_t page = mem_page_size();
    double grid[256];
    int n = sweep_option_grid(&s, 2, 4096, 4, grid, 256);
    Chain chain;
    bool shared;
    char why[160];
    if (!chain_open(&chain, page, (size_t)grid[n - 1], x86, &shared, why, sizeof why)) {
        fprintf(stderr, "uarch: error: bench itlb: %s\n", why);
        sweep_free(&s);
        return 1;
    }
    s.title = "one taken branch per code page: cycles per branch over pages";
    s.best_desc = SWEEP_WHOLE_DESC;
    s.method = shared ? "P branches, one per page (each on a different line), each jumping to the next page; "
                        "the P pages map one physical page"
                      : "P branches, one per page (each on a different line), each jumping to the next page; "
                        "distinct physical pages";
    s.xlabel = "code pages", s.ylabel = "cycles per taken branch", s.yunit = "cycles";
    s.x_int = true, s.y_from_zero = true, s.yscale = SVG_LINEAR;
    s.knee.direction = 1;
    /* each point the median of it and its neighbours: a lone disturbed point makes no step nor
     * breaks a plateau (on this Emerald Rapids guest the ITLB's step at 256 pages scored 0.46-0.65
     * on the points as measured in 4 runs of the 8 series, 0.71-0.98 on their medians of three) */
    s.knee_median3 = true;
    /* two placements: the pages from the start of a page table's span, and from half-way into
     * it; how a TLB's sets fill can depend on it (on Zen 4 the L2 ITLB holds 512 pages from the
     * half-way start, about 330 from the boundary), and no placement makes a TLB hold more than
     * it has: the larger capacity is the TLB's */
    char nm[3][48], rg[16];
    svg_fmt_bytes(rg, sizeof rg, (double)chain.region);
    snprintf(nm[0], sizeof nm[0], "%d KiB pages from a %.8s boundary", (int)(page / 1024), rg);
    snprintf(nm[1], sizeof nm[1], "%d KiB pages from half-way", (int)(page / 1024));
    /* the control: the same pages from the boundary, the branches on half as many lines (the
     * k-th at line 2k mod 64, not k mod 64): a TLB sees the same pages, while a structure that
     * the branches' lines index (a BTB's sets, an op cache's) fills at half the pages; a step of
     * the chain that the control does not take at the same pages is not a TLB's */
    snprintf(nm[2], sizeof nm[2], "control: on half the lines");
    int ser[3] = {sweep_series(&s, nm[0]), sweep_series(&s, nm[1]), sweep_series(&s, nm[2])};
    int passes = sweep_passes(&s);
    sweep_begin(&s, 3 * n * passes);
    Buf init[3];
    for (int h = 0; h < 3; h++) {
        buf_init(&init[h]);
        sweep_load_addr(&s, &init[h], x86 ? "%r13" : "x26", chain_start(&chain, h == 1));
    }
    for (s.pass = 0; s.pass < passes && !sweep_stop(&s); s.pass++) {
        for (int i = 0; i < n && !sweep_stop(&s); i++) {
            for (int h = 0; h < 3 && !sweep_stop(&s); h++) {
                size_t np = (size_t)grid[i];
                if (!chain_map(&chain, h == 1, np, h == 2 ? 2 : 0)) {
                    int e = errno;
                    fprintf(stderr, "uarch: error: bench itlb: cannot map %zu code pages: %s%s\n", np + 1,
                            strerror(e), e == ENOMEM && chain.fd >= 0 ? " (each page is a mapping of its own: "
                            "the kernel's limit on mappings, vm.max_map_count, bounds -max)" : "");
                    s.failed = true;
                    goto done;
                }
                BenchKernel kern = {.symbol = "itlb", .init = buf_cstr(&init[h]), .body = x86 ? "call *%r13" : "blr x26",
                                    .body_file = "<itlb>", .unroll = 1};
                double per = (double)np + 3;   /* the page branches, the call, the return, the loop branch */
                /* a round's figure is its two calls together (.whole, as btb's): 1e6 branches
                 * and twice that, their overhead below 0.5 % */
                SweepRun run = {.iters = (uint64_t)ceil(1e6 / per), .copies_per_iter = per, .whole = true};
                if (!sweep_point(&s, ser[h], &kern, &run, (double)np, 0))
                    goto done;
            }
        }
    }
done:;
    for (int h = 0; h < 3; h++)
        buf_free(&init[h]);
    chain_close(&chain);
    double l1i = sweep_cache_size(s.opt.cpu, 1, "Instruction");
    double last_tlb[2];
    for (int h = 0; h < 2; h++)
        last_tlb[h] = itlb_findings(&s, ser[h], ser[2], shared, l1i, page);
    /* cpuid's figures beside the levels (an L2 for code: an instruction TLB, else a unified one,
     * Intel's STLB), or why there are none: the names then rest on the rises alone (on this
     * Emerald Rapids guest the half-way placement rose 1 -> 2.9 cycles at 64-128 pages, 2.9 ->
     * 16 at 256-362 and 16 -> 47 at 2,048-2,435, against Intel's 256-entry ITLB and 2,048-entry
     * STLB, and the first two were named "L1 ITLB: 91" and "L2 ITLB: 256") */
    if (page == 4096) {
        const ClockTlb *l2 = sweep_cpuid_tlb(2, "Instruction");
        itlb_cpuid(&s, sweep_cpuid_tlb(1, "Instruction"), l2 ? l2 : sweep_cpuid_tlb(2, "Unified"));
        const char *none = sweep_cpuid_tlb_none();
        if (none)
            sweep_note(&s, "cpuid describes no TLB: %s; the ITLB levels are named by the rises of the curve "
                       "that the control takes too (a BTB's limit on far-apart branches rises too)", none);
    }
    sweep_cpuid_tlbs1g_note(&s, "Instruction", (double)page);
    if (isfinite(last_tlb[0]) && isfinite(last_tlb[1]) && fabs(log2(last_tlb[0] / last_tlb[1])) > 0.2)
        sweep_note(&s, "the last-level ITLB holds %.0f pages from a %s boundary and %.0f from half-way: the "
                       "placement decides how its sets fill; its capacity is the larger", last_tlb[0], rg, last_tlb[1]);
    if (shared)
        sweep_note(&s, "the code pages are mappings of one physical page: the L1I holds its %zu lines once, "
                       "only the TLBs see %s pages", page / 64, "distinct");
    else if (l1i > 0)
        sweep_note(&s, "distinct physical pages (%s): the branch lines alone fill the L1I (%s %.0f KiB) "
                       "at %.0f pages", why, sweep_cache_source(s.opt.cpu), l1i / 1024, l1i / 64);
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}

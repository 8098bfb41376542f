/* path.c — control flow inside a region: the instructions of the block in the order they run.
 *
 * The region is the body of a loop: the end of the region falls back to its start (as without
 * the front end).  Inside it, branches whose label is in the region are followed:
 *   b label        taken; to the region's first instruction it is the back-edge (the iteration
 *                  ends there), elsewhere fetch goes on at the label (instructions jumped over
 *                  do not run);
 *   bl label       taken, the next instruction is pushed for a `ret`;
 *   ret            after a `bl` of the region: taken, back to the instruction after that bl;
 *   b.cc, cbz, cbnz, tbz, tbnz   backward taken and forward not taken, unless a comment on the
 *                  line says otherwise: `// uarch: taken`, `// uarch: not-taken`, or a ratio
 *                  `// uarch: taken N/M` (`taken P%`), followed as the fixed pattern that spreads
 *                  N taken over every M times the branch runs (3/4: taken, taken, taken, not);
 *   a label just after the region's last instruction is the region's start (the end of the
 *                  region falls back to it): a branch there goes on to the next iteration;
 *   a branch to a label outside the region (or not in the file), br/blr, and ret without a bl:
 *                  not taken (the next instruction follows).
 * One simulated iteration is one trip from the region's start back to it; when ratio patterns
 * repeat only over several trips, the path holds that many (its `period`), and the caller
 * simulates iterations / period of them.  A path that does not come back to the start within
 * MCA_PATH_MAX instructions (a backward branch taken forever) is not followed: `why` says so.
 */
#include "mca/path.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the index of the instruction at byte offset `off`, -1 when none */
static int at_offset(const A64Inst *in, int n, int64_t off)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int m = lo + (hi - lo) / 2;
        if ((int64_t)in[m].offset == off) {
            while (m > 0 && in[m - 1].offset == in[m].offset) m--;
            return m;
        }
        if ((int64_t)in[m].offset < off) lo = m + 1;
        else hi = m - 1;
    }
    return -1;
}

/* states met at the taken branches of one trip: (where fetch goes, the call stack, the ratio
 * counters) hashed; a state met twice in a trip repeats forever (the path is a function of it) */
typedef struct Seen { uint64_t h; int trip; } Seen;
typedef struct SeenSet { Seen *t; size_t cap, n; int trip; } SeenSet;

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

/* true when h was met before in this trip (entries of earlier trips count as empty) */
static bool seen_add(SeenSet *s, uint64_t h)
{
    if ((s->n + 1) * 2 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        Seen *t = xcalloc(cap, sizeof *t);
        for (size_t i = 0; i < s->cap; i++)
            if (s->t[i].trip == s->trip && s->trip) {
                size_t k = s->t[i].h & (cap - 1);
                while (t[k].trip == s->trip) k = (k + 1) & (cap - 1);
                t[k] = s->t[i];
            }
        free(s->t);
        s->t = t;
        s->cap = cap;
    }
    size_t k = h & (s->cap - 1);
    while (s->t[k].trip == s->trip) {
        if (s->t[k].h == h) return true;
        k = (k + 1) & (s->cap - 1);
    }
    s->t[k] = (Seen){h, s->trip};
    s->n++;
    return false;
}

static void push(McaPath *p, const A64Inst *x, bool taken)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 256;
        p->insts = xrealloc(p->insts, (size_t)p->cap * sizeof *p->insts);
    }
    p->insts[p->n] = *x;
    p->insts[p->n++].taken = taken;
}

bool mca_path(const A64Inst *in, int n, McaPath *p)
{
    memset(p, 0, sizeof p->why);
    p->n = 0;
    p->period = 1;
    p->followed = false;
    if (n <= 0) return true;
    for (int i = 1; i < n; i++)
        if (in[i].offset <= in[i - 1].offset) {
            snprintf(p->why, sizeof p->why, "the region's addresses go backwards (its code passes 4 GiB, or goes back to a section it left)");
            return false;
        }
    bool any = false;
    for (int i = 0; i < n && !any; i++)
        any = in[i].branch != A64_BR_NONE;
    if (!any) return true;
    int64_t start = in[0].offset, end = (int64_t)in[n - 1].offset + 4;
    int *runs = xcalloc((size_t)n, sizeof *runs);   /* times each conditional has run (mod M) */
    int stack[64], sp = 0;
    uint64_t hstack[65] = {0}, hruns = 0;   /* hstack[k]: hash of stack[0..k) */
    SeenSet seen = {0};
    long limit = MCA_PATH_MAX;
    bool ok = true;
    for (int trip = 0; ok; trip++) {
        int i = 0;
        sp = 0;
        seen.trip = trip + 1;
        seen.n = 0;
        for (;;) {
            if (i >= n) break;                              /* falls back to the start */
            if (p->n >= limit) {
                snprintf(p->why, sizeof p->why, "the path does not come back to the region's start within %ld instructions", limit);
                ok = false;
                break;
            }
            const A64Inst *x = &in[i];
            int to = x->target >= 0 ? at_offset(in, n, x->target) : -1;
            if (to < 0 && x->target == end) to = 0;   /* the region's end: where it starts again */
            bool taken = false;
            int next = i + 1;
            switch (x->branch) {
            case A64_BR_DIRECT: taken = to >= 0; break;
            case A64_BR_CALL:
                taken = to >= 0;
                if (taken && sp < (int)(sizeof stack / sizeof stack[0])) {
                    stack[sp] = i + 1;
                    hstack[sp + 1] = mix(hstack[sp] ^ (uint64_t)(i + 1));
                    sp++;
                }
                break;
            case A64_BR_RETURN:
                if (sp > 0) { taken = true; next = stack[--sp]; }
                break;
            case A64_BR_COND:
                if (x->hint_den) {
                    int c = runs[i];
                    taken = (c + 1) * x->hint_num / x->hint_den > c * x->hint_num / x->hint_den;
                    runs[i] = (c + 1) % x->hint_den;
                    hruns ^= mix(((uint64_t)i << 8 | (uint64_t)c) + 1) ^ mix(((uint64_t)i << 8 | (uint64_t)runs[i]) + 1);
                } else taken = x->target >= 0 && x->target <= (int64_t)x->offset;
                taken = taken && to >= 0;
                break;
            default: break;
            }
            if (taken && x->branch != A64_BR_RETURN) next = to;
            push(p, x, taken);
            if (taken) p->followed = true;
            if (taken && next == 0 && x->branch != A64_BR_RETURN) break;   /* the back-edge */
            if (taken && seen_add(&seen, mix((uint64_t)next * 0x9e3779b97f4a7c15ULL ^ hstack[sp] ^ hruns ^ (uint64_t)sp << 48))) {
                snprintf(p->why, sizeof p->why, "the path does not come back to the region's start (the branch at "
                         "line %d loops forever without a '// uarch: taken N/M' ratio)", x->line);
                ok = false;
                break;
            }
            if (!taken && x->branch == A64_BR_NONE) { i = next; continue; }
            i = next;
        }
        if (!ok) break;
        bool again = false;
        for (int k = 0; k < n && !again; k++) again = runs[k] != 0;
        if (!again) { p->period = trip + 1; break; }
        if (trip + 1 >= MCA_PATH_MAX_PERIOD) {
            snprintf(p->why, sizeof p->why, "the taken ratios do not repeat within %d iterations", MCA_PATH_MAX_PERIOD);
            ok = false;
        }
    }
    free(runs);
    free(seen.t);
    (void)start;
    if (!ok) { p->n = 0; p->followed = false; return false; }
    if (p->n != n || p->period != 1) p->followed = true;
    return true;
}

void mca_path_free(McaPath *p)
{
    free(p->insts);
    memset(p, 0, sizeof *p);
}

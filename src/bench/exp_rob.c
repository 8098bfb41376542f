/* exp_rob.c — `uarch bench rob`: out-of-order window sizes, Henry Wong's method.
 *
 * Two independent pointer chases through a buffer much larger than the last-level cache (each
 * load misses), with N filler instructions between them:
 *     load A ; N fillers ; load B ; N fillers ; (save the two cursors)
 * While load A waits for memory, the core keeps dispatching; if load B (N + 2 entries after A)
 * still fits in the structure the fillers consume, the two misses overlap and a copy costs one
 * memory latency; beyond that they serialize and it costs two.  The knee of cycles-per-copy over
 * N is the capacity of the structure the filler uses (H. Wong, "Measuring Reorder Buffer
 * Capacity", blog.stuffedcow.net/2013/05/measuring-rob-capacity):
 *     nop -> reorder buffer (retire queue), add -> integer register file, fadd -> FP register
 *     file, load -> load queue, store -> store queue, branch -> in-flight branches.
 * Each call starts at a random point of the cycle (the timer's low bits pick one of 4096 entry
 * points), so the lines a call walks were not brought into the caches by earlier calls.
 */
#include "bench/sweep.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Filler {
    const char *name, *resource;
} Filler;

static const Filler fillers[] = {
    {"nop", "ROB"},
    {"add", "int PRF"},
    {"fadd", "FP PRF"},
    {"load", "load queue"},
    {"store", "store queue"},
    {"branch", "branches in flight"},
};
#define NFILL ((int)ARRAY_LEN(fillers))

typedef struct RobOpts {
    bool use[NFILL];
    bool any;
    double buf;
    long step;
} RobOpts;

static int rob_opt(void *ctx, int argc, char **argv, int i)
{
    RobOpts *o = ctx;
    if (strcmp(argv[i], "-filler") == 0 && i + 1 < argc) {
        char list[256];
        snprintf(list, sizeof list, "%s", argv[i + 1]);
        for (char *t = strtok(list, ","); t; t = strtok(NULL, ",")) {
            int k = 0;
            while (k < NFILL && strcmp(fillers[k].name, t) != 0)
                k++;
            if (k == NFILL) {
                fprintf(stderr, "uarch: bench rob: unknown filler '%s' (nop, add, fadd, load, store, branch)\n", t);
                return -1;
            }
            o->use[k] = o->any = true;
        }
        return 2;
    }
    if (strcmp(argv[i], "-step") == 0 && i + 1 < argc) {
        if (!sweep_parse_int(argv[i + 1], &o->step) || o->step < 1 || o->step > 100000) {
            fprintf(stderr, "uarch: bench rob: bad step '%s'\n", argv[i + 1]);
            return -1;
        }
        return 2;
    }
    if (strcmp(argv[i], "-buf") == 0 && i + 1 < argc) {
        if (!sweep_parse_size(argv[i + 1], &o->buf) || o->buf < 65536) {
            fprintf(stderr, "uarch: bench rob: bad buffer size '%s' (at least 64K)\n", argv[i + 1]);
            return -1;
        }
        return 2;
    }
    return 0;
}

static const char usage[] =
    "usage: uarch bench rob [-filler LIST] [-buf SIZE] [options]\n"
    "two cache-missing loads N fillers apart (Henry Wong's method): the knee of the time per\n"
    "pair over N is the size of the structure the filler fills\n"
    "  -filler LIST  comma list of nop, add, fadd, load, store, branch (default: all)\n"
    "  -buf SIZE     the chased buffer (default: 2x the last-level cache, at least 64 MiB)\n"
    "  -max N        largest N (default 480 on x86-64, 1200 on AArch64)\n"
    "  -step N       step of N (default: about 60 points)";

static void filler(Buf *b, bool x86, int kind, int i)
{
    static const char *const xr[] = {"rax", "rbx", "rsi", "rdi", "rbp", "r8", "r9", "r10", "r11", "r12", "r13"};
    switch (kind) {
    case 0:
        buf_puts(b, "nop\n");
        break;
    case 1:
        if (x86)
            buf_printf(b, "add $1, %%%s\n", xr[i % 11]);
        else
            buf_printf(b, "add x%d, x%d, #1\n", 2 + i % 25, 2 + i % 25);
        break;
    case 2:
        if (x86)
            buf_printf(b, "addsd %%xmm0, %%xmm%d\n", 1 + i % 15);
        else
            buf_printf(b, "fadd d%d, d%d, d0\n", 1 + i % 31, 1 + i % 31);
        break;
    case 3:
        if (x86)
            buf_printf(b, "mov 256(%%r14), %%%s\n", xr[i % 11]);
        else
            buf_printf(b, "ldr x%d, [x27, #256]\n", 2 + i % 25);
        break;
    case 4:
        buf_puts(b, x86 ? "mov %rax, 512(%r14)\n" : "str xzr, [x27, #512]\n");
        break;
    case 5:
        buf_puts(b, x86 ? "je 1f\n1:\n" : "b.eq 1f\n1:\n");
        break;
    }
}

int exp_rob(int argc, char **argv)
{
    Sweep s = {.exp = "rob"};
    RobOpts o = {0};
    int status;
    if (!sweep_parse(&s, argc, argv, rob_opt, &o, usage, &status))
        return status;
    bool x86 = sweep_x86(&s);
    /* each call starts at a random point of the chase, so calls differ by luck, not only by
     * interference: the median of each length is the better estimate here */
    if (!s.opt.stat_set)
        s.opt.best = false;
    if (!o.any)
        for (int k = 0; k < NFILL; k++)
            o.use[k] = true;
    double llc = sweep_sysfs_cache(s.opt.cpu, 0, NULL);
    if (o.buf == 0)
        o.buf = llc * 2 > 64 * 1048576.0 ? llc * 2 : 64 * 1048576.0;
    int maxn = s.opt.max > 0 ? (int)s.opt.max : (x86 ? 480 : 1200);
    int minn = s.opt.min > 0 ? (int)s.opt.min : 0;
    int step = o.step > 0 ? (int)o.step : (maxn - minn) / 60 > 1 ? (maxn - minn) / 60 : 1;
    int npts = 0;
    for (int n = minn; n <= maxn; n += step)
        npts++;

    s.title = "out-of-order window: two cache misses N fillers apart";
    s.method = "Henry Wong's method: load A; N fillers; load B; N fillers (independent chases "
               "through a buffer beyond the last-level cache)";
    s.xlabel = "filler instructions between the two loads (N)";
    s.ylabel = "cycles per pair of loads", s.yunit = "cycles";
    s.x_int = true, s.y_from_zero = true, s.yscale = SVG_LINEAR;
    int ser[NFILL], nser = 0;
    for (int k = 0; k < NFILL; k++)
        if (o.use[k])
            ser[k] = sweep_series(&s, fillers[k].name), nser++;
    sweep_begin(&s, npts * nser);

    size_t nslots = (size_t)(o.buf / 64);
    char *buf = sweep_alloc((size_t)o.buf, true);   /* 2 MiB pages: no page walk per load */
    void **slots = xmalloc(sizeof *slots * nslots);
    for (size_t i = 0; i < nslots; i++)
        slots[i] = buf + i * 64;
    void *head = sweep_chain_addrs(slots, nslots, true, 0x70b);
    free(slots);
    void **entry = sweep_entries(head, nslots);   /* random start per call */

    bool failed = false;
    for (int k = 0; k < NFILL && !failed && !sweep_stop(&s); k++) {
        if (!o.use[k])
            continue;
        for (int n = minn; n <= maxn && !sweep_stop(&s); n += step) {
            Buf init, body;
            buf_init(&init), buf_init(&body);
            /* start each call at a random point of the cycle (timer low bits index a table of
             * 4096 entry points), so the lines a call walks are not cached by earlier calls */
            sweep_load_entry(&s, &init, entry, x86 ? "%rdx" : "x0", x86 ? "%rcx" : "x1");
            buf_puts(&body, x86 ? "mov (%rdx), %rdx\n" : "ldr x0, [x0]\n");
            for (int i = 0; i < n; i++)
                filler(&body, x86, k, i);
            buf_puts(&body, x86 ? "mov (%rcx), %rcx\n" : "ldr x1, [x1]\n");
            for (int i = 0; i < n; i++)
                filler(&body, x86, k, i + n);
            BenchProgram prog;
            bench_prog_init(&prog, s.arch, BENCH_ATT);
            BenchKernel kern = {.symbol = "rob", .init = buf_cstr(&init), .body = buf_cstr(&body),
                                .body_file = "<rob>", .unroll = 4, .align = 64};
            bench_prog_kernel(&prog, &kern);
            SweepRun run = {.symbol = "rob", .iters = 256, .copies_per_iter = 4, .timeout_s = 60,
                            .runs = s.opt.runs > 0 ? s.opt.runs : 21};
            SweepPoint pt = {.x = n};
            bool fatal;
            bool ok = sweep_measure(&s, &prog, &run, &pt, &fatal);
            bench_prog_free(&prog);
            buf_free(&init), buf_free(&body);
            if (!ok) {
                failed = fatal && !sweep_stop(&s);
                break;
            }
            sweep_add(&s, ser[k], &pt);
            sweep_progress(&s, ser[k], &pt);
        }
    }
    sweep_release(buf, (size_t)o.buf);
    free(entry);
    if (failed) {
        sweep_free(&s);
        return 1;
    }
    for (int k = 0; k < NFILL; k++) {
        if (!o.use[k])
            continue;
        const KneeResult *r = sweep_knees(&s, ser[k]);
        /* the first convincing step up: from overlapped misses to serialized ones */
        int lv = -1;
        for (int i = 0; i + 1 < r->nlevels; i++)
            if (r->levels[i].confidence >= 0.5 && r->levels[i + 1].level > r->levels[i].level * 1.3) {
                lv = i;
                break;
            }
        SweepFinding *f = sweep_finding(&s, fillers[k].resource, fillers[k].name);
        f->bytes = false;
        if (lv < 0) {
            snprintf(f->note, sizeof f->note, "no step up in N = %d..%d: the structure is larger, "
                     "or the loads did not miss (try a larger -max or -buf)", minn, maxn);
            continue;
        }
        const KneeLevel *L = &r->levels[lv];
        f->value = L->x_last + 2;
        f->cycles = L->level;
        f->confidence = L->confidence;
        snprintf(f->note, sizeof f->note, "misses overlap up to N = %.0f fillers (+ the 2 loads = "
                 "%.0f entries); %.0f -> %.0f cycles per pair", L->x_last, L->x_last + 2, L->level,
                 r->levels[lv + 1].level);
    }
    sweep_note(&s, "register files hold the architectural registers too: the physical size is "
                   "about the in-flight count plus the architectural registers of that class");
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}

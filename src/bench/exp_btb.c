/* exp_btb.c — `uarch bench btb`: branch target buffer levels (seed 004).
 *
 * A loop whose body is a chain of B unconditional branches, each jumping to the next, placed
 * every S bytes (.balign S between them), swept over B for several spacings S (4 B .. 64 KiB).
 * While the branches fit in the first BTB level the front end follows them at its taken-branch
 * rate; past a level's capacity each branch costs the next level's redirect (or a decode-time
 * discovery once no level holds it).  Spacing S that is a multiple of the set-index stride maps
 * the branches to fewer sets, so the capacity seen shrinks with S until only the ways of one set
 * remain: the smallest capacity over large S is the associativity.
 * Findings per spacing: knees named L1 BTB, L2 BTB, ... in order; cycles per taken branch.
 */
#include "bench/sweep.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct BtbOpts {
    double spacing[SWEEP_MAX_SERIES];
    int nspacing;
} BtbOpts;

static int btb_opt(void *ctx, int argc, char **argv, int i)
{
    BtbOpts *o = ctx;
    if (strcmp(argv[i], "-spacing") == 0 && i + 1 < argc) {
        char list[256];
        snprintf(list, sizeof list, "%s", argv[i + 1]);
        o->nspacing = 0;
        for (char *t = strtok(list, ","); t; t = strtok(NULL, ",")) {
            double v;
            if (!sweep_parse_size(t, &v) || v < 4 || v > 65536 || (v != pow(2, round(log2(v))))) {
                fprintf(stderr, "uarch: bench btb: bad spacing '%s' (a power of two, 4 .. 64K)\n", t);
                return -1;
            }
            if (o->nspacing == SWEEP_MAX_SERIES) {
                fprintf(stderr, "uarch: bench btb: at most %d spacings\n", SWEEP_MAX_SERIES);
                return -1;
            }
            o->spacing[o->nspacing++] = v;
        }
        return 2;
    }
    return 0;
}

static const char usage[] =
    "usage: uarch bench btb [-spacing LIST] [options]\n"
    "chains of B taken unconditional branches S bytes apart, over B: BTB capacity per level\n"
    "  -spacing LIST  comma list of spacings in bytes, powers of two 4 .. 64K (default 4,16,64,1K)\n"
    "  -min/-max      branch counts (default 1 .. 16384; footprints above 64 MiB are skipped)";

int exp_btb(int argc, char **argv)
{
    Sweep s = {.exp = "btb"};
    BtbOpts o = {.spacing = {4, 16, 64, 1024}, .nspacing = 4};
    int status;
    if (!sweep_parse(&s, argc, argv, btb_opt, &o, usage, &status))
        return status;
    s.knee.min_len = 3;   /* two points per octave */
    double grid[256];
    int n = sweep_option_grid(&s, 1, 16384, 2, grid, 256);
    s.title = "taken-branch chains: cycles per branch over branch count";
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
            if (grid[i] * o.spacing[k] <= 64 * 1048576.0)
                total++;
    }
    sweep_begin(&s, total);
    for (int k = 0; k < o.nspacing && !sweep_stop(&s); k++) {
        int sp = (int)o.spacing[k];
        for (int i = 0; i < n && !sweep_stop(&s); i++) {
            long nb = (long)grid[i];
            if (nb * (double)sp > 64 * 1048576.0)
                break;
            Buf line, body;
            buf_init(&line), buf_init(&body);
            buf_printf(&line, "%s 2f\n.balign %d\n2:", sweep_jmp(&s), sp);
            sweep_rept(&body, nb, buf_cstr(&line));
            BenchKernel kern = {.symbol = "btb", .body = buf_cstr(&body), .body_file = "<btb>",
                                .unroll = 1, .align = sp > 64 ? sp : 64};
            /* per iteration: nb chain branches + the loop branch, all taken */
            double per = (double)(nb + 1);
            SweepRun run = {.iters = (uint64_t)ceil(2e6 / per), .copies_per_iter = per};
            bool ok = sweep_point(&s, ser[k], &kern, &run, (double)nb, 0);
            buf_free(&line), buf_free(&body);
            if (!ok)
                goto done;
        }
    }
done:;
    static const SweepRef refs[] = {{"L1 BTB", 0}, {"L2 BTB", 0}, {"level 3", 0}, {"level 4", 0}};
    double smallest = INFINITY, at = 0;
    for (int k = 0; k < o.nspacing; k++) {
        int before = s.nfind;
        sweep_name_knees(&s, ser[k], refs, 4, NULL, "beyond");
        if (s.nfind > before && isfinite(s.find[before].value) && s.find[before].value < smallest)
            smallest = s.find[before].value, at = o.spacing[k];
    }
    if (isfinite(smallest) && o.nspacing > 1) {
        SweepFinding *f = sweep_finding(&s, "first-level capacity at the widest spacing", "");
        f->value = smallest;
        char b[32];
        svg_fmt_bytes(b, sizeof b, at);
        snprintf(f->note, sizeof f->note, "smallest first knee over the spacings (at %s): an upper bound "
                 "on the associativity once the spacing exceeds the set-index range", b);
    }
    int rc = sweep_finish(&s);
    sweep_free(&s);
    return rc;
}

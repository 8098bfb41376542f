/* fuzz_mca.c — libFuzzer target for the whole `uarch mca` pipeline on small inputs: the input
 * read in chunks (cut every 2 lines or not at all), pass 1 (parse, regions, warnings), pass 2
 * on the thread pool (1 or 2 threads), the simulation for 1..8 iterations on either core with
 * small queues, register files and dispatch widths, every text view or the JSON report, into
 * /dev/null through the checked output.  Built and run by `make fuzz` (tests/fuzz/fuzz.mk).
 *
 * Input: byte 0 and byte 1 choose the options (bits below), the rest is the assembly text.
 * Anything may be reported as an error; nothing may crash, leak or abort (bug()). */
#include "asm/asm.h"
#include "mca/run.h"
#include "model/model.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static char path[64];

static void remove_input(void)
{
    unlink(path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* the expansion bounds of before (a region can hold 2,000,000 instructions: an input of
     * .rept 1000000 took a second and 450 MiB, and the run made 300 inputs in 20 s, not 6000) */
    asm_max_lines = 200000;
    asm_max_bytes = 16 << 20;
    asm_max_include_bytes = 16 << 20;   /* (an input may include any regular file, or itself) */
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/uarch-fuzz-%d.s", dir && *dir && strlen(dir) < 32 ? dir : "/tmp", (int)getpid());
    atexit(remove_input);
    return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 2)
        return 0;
    unsigned f = data[0], g = data[1];
    FILE *in = fopen(path, "wb");
    if (!in)
        return 0;
    size_t n = size - 2;
    if (fwrite(data + 2, 1, n, in) != n) {
        fclose(in);
        return 0;
    }
    fclose(in);

    McaRunOptions o;
    memset(&o, 0, sizeof o);
    o.input = path;
    o.output = "/dev/null";
    o.json = f & 1;                                   /* bit 0: -json */
    o.threads = 1 + ((f >> 1) & 1);                   /* bit 1: two threads */
    o.skip = (McaSkip)((f >> 2) & 3);                 /* bits 2-3: -skip-unsupported-instructions */
    mca_view_options_default(&o.view);
    if (f & 16) {                                     /* bit 4: every view */
        McaViewOptions *v = &o.view;
        v->timeline = v->bottleneck = v->dispatch_stats = v->scheduler_stats = v->retire_stats = true;
        v->register_file_stats = v->counters = v->fusion = true;
    }
    if (f & 32) {                                     /* bit 5: a long timeline */
        o.view.timeline = true;
        /* 2000 cycles, not 0 (no limit): the seed of the 2048-branch BTB chain, run for 7
         * iterations, printed 600 MB of timeline without a limit (37 s a run under ASan) */
        o.view.timeline_max_cycles = 2000;
    }
    o.sim.iterations = 1 + (int)(g & 7);              /* g bits 0-2: iterations */
    o.sim.noalias = !(g & 8);                         /* bit 3: -noalias=false */
    if (g & 16) {                                     /* bit 4: tiny queues */
        o.sim.register_file_size = 1 + (int)(g >> 5);
        o.sim.lqueue = 1 + (int)((g >> 5) & 1);
        o.sim.squeue = 1 + (int)((g >> 6) & 1);
    }
    if (g & 32)                                       /* bit 5: a narrow dispatch */
        o.sim.dispatch_width = 1 + (int)(g >> 6);
    o.sim.want_timeline = o.view.timeline;
    o.sim.want_bottleneck = o.view.bottleneck;
    o.sim.timeline_max_iterations = o.view.timeline_max_iterations;
    o.sim.timeline_max_cycles = o.view.timeline_max_cycles;
    const ModelCpu *cpu = (f & 64) ? model_find("icestorm") : model_default();   /* bit 6 */
    setenv("UARCH_MCA_CHUNK_LINES", (f & 128) ? "2" : "4096", 1);                /* bit 7 */
    setenv("UARCH_MCA_KEEP_BYTES", (g & 128) ? "0" : "33554432", 1);
    mca_run(cpu, &o);
    return 0;
}

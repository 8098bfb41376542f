/* run.h — `uarch mca`'s whole run on an input: the chunked reader, the two passes, the thread
 * pool and the ordered writer (src/mca/run.c, chunks.c, pool.c).  src/cmd/mca.c parses the
 * command line into McaRunOptions and calls mca_run().
 *
 *   input ─► pass 1: every chunk parsed (errors, warnings; nothing on the output yet), the
 *            regions of the first chunks simulated on the worker threads meanwhile
 *         ─► pass 2: per chunk, per region: mca_simulate ─► views into a Buf ─► the output, in
 *            region order, whatever the number of threads
 */
#ifndef MCA_RUN_H
#define MCA_RUN_H

#include "mca/mca.h"
#include "mca/views.h"

typedef enum McaSkip {            /* -skip-unsupported-instructions */
    MCA_SKIP_NONE, MCA_SKIP_LACK_SCHED, MCA_SKIP_PARSE, MCA_SKIP_ANY
} McaSkip;

typedef struct McaRunOptions {
    const char *input;            /* a file, or "-" (NULL): stdin */
    const char *output;           /* -o: a file, or "-" (NULL): stdout */
    const char *mcpu;             /* -mcpu as given (-json's "CPUName"), or NULL */
    const char *triple;           /* -json's "TargetTriple" */
    A64ParseOptions parse;        /* the triple's syntax rules (comments, separators) */
    bool json;
    McaSkip skip;
    int threads;                  /* 0: one per online CPU */
    McaOptions sim;
    McaViewOptions view;
} McaRunOptions;

/* bounds on the input, each an error naming it (--help states them): a line's length, a
 * region's lines, and the instructions of a region (in a file without markers: the whole
 * file).  A region costs about 200 bytes per instruction at its peak (its parsed form, given
 * back as the simulator's is made, then the run's and the views'; more for instructions that
 * may issue to many units), so the largest takes about 420 MB */
#define MCA_LINE_MAX (1LL << 26)
#define MCA_REGION_MAX_LINES 8000000LL
#define MCA_REGION_MAX_INSTS 2000000LL
/* after a parse error, the input is parsed again without each failing line that the parser
 * cannot leave out itself, to report the errors after it: at most this many times */
#define MCA_MAX_ERRORS 100
/* stdin (or a pipe) is spooled to a temporary file, at most this many bytes */
#define MCA_SPOOL_MAX (1LL << 28)

/* analyze the input on `cpu` and write the report; returns the exit status (0, or 1 after an
 * error was printed: a located error in the input, nothing written; or a failed write) */
int mca_run(const ModelCpu *cpu, const McaRunOptions *o);

#endif

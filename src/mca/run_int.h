/* run_int.h — what the parts of mca_run share (src/mca/run.c, chunks.c, pool.c); not for
 * other layers. */
#ifndef MCA_RUN_INT_H
#define MCA_RUN_INT_H

#include "mca/run.h"
#include "util/util.h"

#include <pthread.h>
#include <stdio.h>

typedef struct Seen {          /* warn once per key (keys copied) */
    char **keys;
    int n, cap;
} Seen;

/* ---- the run: the input in chunks, parsed and analyzed one at a time ----
 * The input is read in chunks of about CHUNK_LINES lines, cut only where no code region is
 * open, so every region lies in one chunk.  Pass 1 parses every chunk (errors and warnings,
 * before any output), pass 2 re-reads and analyzes them one by one: memory does not grow with
 * the number of regions.  Pass 1 keeps chunks 0 .. NSLOT-1 (in slot[]) and queues their
 * regions at once, so the worker threads simulate them while it parses the rest (in
 * `scratch`); their outputs are only buffered until pass 1 has succeeded, and are discarded
 * if it fails or falls back to parsing the whole file at once.  The chunks after those are
 * kept parsed too while they fit in KEEP_BYTES (`kept`), so pass 2 re-reads and re-parses only
 * what lies beyond: memory stays bounded, and a file of a few hundred KiB is parsed once.  stdin
 * is spooled to a temporary file so it can be read twice. */
enum { CHUNK_LINES = 4096 };
/* (the bounds on the input: run.h) */
/* chunks kept from pass 1 (their regions run while it parses the rest): enough to keep a
 * worker busy through pass 1, which parses about four times faster than a thread simulates */
enum { NSLOT = 4 };
/* the text of the chunks in flight (queued, their regions simulated, outputs waiting) beyond
 * the one being written: the queue is bounded by bytes as well as by NSLOT (a chunk of long
 * regions holds as much as many of short ones) */
#define MCA_INFLIGHT_BYTES ((size_t)1 << 20)
/* an output buffer is kept for the next jobs only up to this size, and a thread's kept
 * buffers up to this many bytes in all (a worker running ahead holds a buffer per job in
 * flight, each grown to the longest output it has held: kept without a bound, they grew
 * with the input) */
#define MCA_SPARE_BYTES ((size_t)1 << 20)
#define MCA_SPARE_TOTAL ((size_t)4 << 20)
/* the memory for chunks kept parsed after those (texts and programs, estimated, about 7 times
 * the text).  A chunk beyond it is parsed twice (pass 1, then pass 2), and the second parse
 * now costs more than the page faults of the memory that would keep it: make bench's input
 * (6.0 MB, 24,128 regions) kept whole (64 MiB) takes 4-7 % less CPU time than re-parsed beyond
 * 4 MiB (the PGO build on one thread, best of 3: 2.36 against 2.53 s), for a peak RSS of 80 MB,
 * not 32; callgrind, the first 8,000 regions of an earlier such input: 2,746 against 2,862 M Ir.
 * (In an earlier state of the parser, with a 3.7 MB input, 4 MiB had been the faster.)  The
 * bound does not grow with the input: a larger one is re-parsed beyond it.
 * UARCH_MCA_KEEP_BYTES=N in the environment sets another (0: re-parse them all, for tests) */
#define KEEP_BYTES ((size_t)64 << 20)

typedef struct Chunk {
    long off;                     /* file offset */
    size_t len;
    int line0;                    /* lines before the chunk */
    int lines;                    /* its lines (0: the whole text, not counted) */
    A64ParseStart start;          /* where the chunks before it left the parser: the code offset
                                     (addresses go on across chunks), the section, the regions
                                     before it (an END with none open is then an error) */
} Chunk;

/* one chunk's text, program and the instructions left out of the analysis */
typedef struct Slot {
    Buf text;
    A64Program prog;
    bool have_prog;
    bool *drop;                   /* [prog.ninsts] skipped instructions */
    int drop_cap;
} Slot;

typedef struct Run {
    const McaRunOptions *c;
    const ModelCpu *cpu;
    const char *fname;
    FILE *in;
    SrcMap map;                   /* the lines of `in` when it is a copy with included files spliced in */
    Slot slot[NSLOT];             /* chunk k is in slot[k % NSLOT] while its regions run; pass 2
                                     parses the next chunk while the last one runs */
    Slot scratch;                 /* pass 1: chunks NSLOT.. that are not kept */
    Slot **kept;                  /* [nchunks] pass 1: chunk k >= NSLOT kept parsed, or NULL */
    int kept_cap;
    size_t kept_bytes, keep_max;
    int chunk_lines;              /* CHUNK_LINES, or UARCH_MCA_CHUNK_LINES (tests, fuzzing) */
    int first_marker;             /* the input's first region marker: 1 BEGIN, -1 END (it ends the
                                     implicit region of the file: no chunk cut before it), 0 none */
    Slot *cur;                    /* the chunk being read, parsed */
    A64ParseStart next_start;     /* pass 1: where the last chunk parsed left the parser */
    Chunk *chunks;
    int nchunks, cap;
    int *skipped;                 /* lines blanked by -skip-unsupported-instructions */
    int nskipped, skipcap;
    long in_len;                  /* the bytes of the input read: all, or up to its first NUL */
    bool failed;                  /* pass 1 printed a located error */
    bool has_markers;             /* the file has LLVM-MCA markers: code outside regions is ignored */
    int chunk_regions;
    Seen seen;
    bool warned_branch;
    bool warned_layout;          /* an instruction or a branch target off a 4-byte boundary (once) */
    int warned_lines;             /* pass 1: the parser's warnings of lines 1..this are printed */
    A64Warned warned;             /* the parser's warnings printed (a64_print_warnings) */
    A64Inst *tmp;
    int region_index;
    Out out;
    Buf b;
    Json j;
    char *units[MODEL_MAX_UNITS];
    int nunits;
} Run;


/* chunks.c: reading and parsing the input in chunks */
bool mca_scan_input(Run *run);
bool mca_read_next_chunk(Run *run, int *depth, int *line);
void mca_reread_chunk(Run *run, int k);
bool mca_parse_chunk(Run *run, int k, bool first, bool report);
void mca_slot_release(Slot *sl);
void mca_slot_free(Slot *sl);
void mca_slot_move(Slot *dst, Slot *src);
void mca_keep_chunk(Run *run, int k);
void mca_kept_free(Run *run);
void mca_run_free(Run *run);

/* ---- pass 2: regions simulated in parallel, chunks in a pipeline ----
 * Every region is a job: simulate, then render its views (or its JSON object) into the job's
 * own buffer.  While the main thread writes chunk k, the jobs of chunks k .. k+NSLOT-1 wait in
 * a shared queue (the main thread loads or parses them again as slots free up); it writes the
 * outputs in region order as they complete (running queued jobs itself while it waits), so
 * the output does not depend on the number of threads.  At most NSLOT chunks are in flight,
 * and the chunks kept parsed from pass 1 hold at most KEEP_BYTES: memory stays bounded.  The
 * workers start before pass 1, which queues the first NSLOT chunks as it parses them (see
 * cmd_mca).  Output buffers go back to the thread that allocated them, and the writer and the
 * workers wait on separate conditions, so no thread is woken for nothing. */
#define PASS2_MAX_THREADS 64   /* threads running jobs, the main thread included */

typedef struct Job {
    const Slot *slot;             /* the chunk's program and dropped instructions */
    McaRegion rg;
    int index;                    /* region number in the whole input */
    uint64_t program;             /* the chunk's program: an id of its own (mca_inst_display_memo) */
    bool last;                    /* -json: the last job of its chunk keeps the unit names */
    bool own;                     /* the chunk's only job: it may free the chunk's instructions
                                     once they are simulated (see run_job) */
    bool done;                    /* under Pass2.mu */
    int thread;                   /* the thread that runs it (0 main, 1.. the workers) */
    Buf out;
    bool streamed;                /* part of its output went out as it was made (see pool.c) */
    FILE *spill;                  /* its text beyond MCA_HOLD_BYTES while it is not the head (pool.c) */
    int nunits;
    char *units[MODEL_MAX_UNITS];
} Job;

typedef struct Pass2 Pass2;
struct Pass2 {
    Run *run;
    pthread_mutex_t mu;
    pthread_cond_t cv;            /* a job queued, or the end (the workers wait for it) */
    pthread_cond_t cv_done;       /* a job done (the writer waits for it) */
    Job **queue;                  /* jobs not started, in region order */
    int qhead, qtail, qcap;
    int busy;                     /* jobs taken from the queue and not done yet */
    bool stop;
    Json jbase;                   /* -json: the writer's state at a region (read-only here) */
    pthread_t th[PASS2_MAX_THREADS - 1];   /* the workers (the main thread runs jobs too) */
    int started;                  /* worker threads */
    Job *jobs[NSLOT];             /* chunk k's jobs (in region order) are jobs[k % NSLOT] ... */
    int nj[NSLOT];
    int nqueued;                  /* ... for the chunks k < nqueued not written yet */
    Job *writing;                 /* under mu: the job the writer waits for, everything before it
                                     written (its thread may write its text out as it comes) */
    /* output buffers written already, for the next jobs: a job's output is allocated by the
     * thread that runs it and written by the main thread; freeing it there would lock the
     * worker's malloc arena against the worker at every region */
    struct Spare { Buf *b; int n, cap; size_t bytes; } spare[PASS2_MAX_THREADS];   /* per thread: 0 main, 1.. the workers */
    struct Worker { struct Pass2 *p; int idx; } w[PASS2_MAX_THREADS - 1];
};


/* pool.c: the worker threads, their queue and the ordered writer */
void mca_pool_start(Pass2 *p, Run *run);
void mca_pool_queue_chunk(Pass2 *p, Slot *sl, int k);
bool mca_pool_room(const Pass2 *p, int k);
void mca_pool_discard(Pass2 *p);
void mca_pool_run(Pass2 *p);
void mca_pool_end(Pass2 *p);

#endif

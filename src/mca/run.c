/* run.c — mca_run: the input opened (stdin spooled), pass 1 over its chunks, then pass 2 on
 * the thread pool into the checked output (see run.h and run_int.h). */
#include "mca/run_int.h"
#include "asm/asm.h"
#include "util/opt.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* glibc's malloc gives blocks above its mmap threshold fresh pages from the kernel on every
 * allocation and returns free memory at the top of a heap at once: the per-chunk and
 * per-region buffers, allocated and freed thousands of times, then cost a page fault per page
 * each time.  Memory stays bounded by the live allocations (the chunks in flight). */
static void malloc_tune(void)
{
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_TOP_PAD, 4 << 20);
#endif
}

/* the input into run->in: a regular file as it is; anything else (stdin, a pipe, a device)
 * spooled to a temporary file, as it is read twice: up to its first NUL byte outside a line
 * comment (the parser reports it; /dev/zero is one NUL), at most MCA_SPOOL_MAX bytes (an error
 * past it) */
static bool open_input(Run *run, const char *path)
{
    FILE *src = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    struct stat st;
    if (src && fstat(fileno(src), &st) == 0 && S_ISDIR(st.st_mode)) {
        if (src != stdin)
            fclose(src);
        src = NULL;
        errno = EISDIR;
    }
    bool too_big = false;
    if (src && S_ISREG(st.st_mode) && fseek(src, 0, SEEK_SET) == 0) {
        run->in = src;
    } else if (src && (run->in = tmpfile())) {
        char blk[65536];
        size_t n;
        long long total = 0;
        TextNulScan scan = {false, '\n'};
        while (!too_big && (n = fread(blk, 1, sizeof blk, src)) > 0) {
            const char *z = text_nul(&scan, blk, blk + n);
            if (z)
                n = (size_t)(z - blk) + 1;
            too_big = (total += (long long)n) > MCA_SPOOL_MAX;
            if (fwrite(blk, 1, n, run->in) != n || z)
                break;
        }
        if (too_big || ferror(src) || fflush(run->in) != 0 || fseek(run->in, 0, SEEK_SET) != 0) {
            fclose(run->in);
            run->in = NULL;
        }
    }
    if (src && src != stdin && src != run->in)
        fclose(src);
    if (too_big) {
        fprintf(stderr, "%s: error: '%s' is longer than %lld MiB (the bound for a stream, which "
                "is kept in a temporary file): give it as a regular file\n", util_progname,
                run->fname, MCA_SPOOL_MAX >> 20);
        return false;
    }
    if (!run->in) {
        fprintf(stderr, "%s: error: cannot read '%s': %s\n", util_progname, run->fname, strerror(errno));
        return false;
    }
    return true;
}

/* a file without markers is one region, parsed whole: its instructions are counted first, a
 * chunk at a time, so one over MCA_REGION_MAX_INSTS is an error before the memory for them
 * is taken (a chunk that does not parse alone is left to the whole parse) */
static bool count_insts(Run *run)
{
    struct stat st;
    if (fstat(fileno(run->in), &st) != 0 || st.st_size < (off_t)(MCA_REGION_MAX_INSTS * 8))
        return true;          /* (an instruction takes at least 8 bytes: "ret\n" is not 2) */
    long long n = 0;
    int depth = run->first_marker < 0, line = 0;
    bool ok = true;
    while (ok && mca_read_next_chunk(run, &depth, &line)) {
        A64Program prog;
        Diag err;
        const Chunk *ch = &run->chunks[run->nchunks - 1];
        const Buf *t = &run->cur->text;
        if (!a64_parse_opts(run->fname, t->len ? t->data : "", t->len, &run->c->parse, &prog, &err))
            continue;
        if (n + prog.ninsts > MCA_REGION_MAX_INSTS) {
            Diag d;
            diag_set(&d, run->fname, prog.insts[MCA_REGION_MAX_INSTS - n].line + ch->line0, 0, NULL,
                     "more than %lld instructions in one region (the bound): mark shorter regions "
                     "with # LLVM-MCA-BEGIN / # LLVM-MCA-END", MCA_REGION_MAX_INSTS);
            diag_print(stderr, &d, "error");
            ok = false;
        }
        n += prog.ninsts;
        a64_program_free(&prog);
    }
    run->nchunks = 0;
    rewind(run->in);
    return ok && !run->failed;
}

int mca_run(const ModelCpu *cpu, const McaRunOptions *c)
{
    malloc_tune();
    /* the input: a file, or stdin spooled to a temporary file */
    const char *path = c->input ? c->input : "-";
    const char *fname = strcmp(path, "-") ? path : "<stdin>";
    Run run = {.c = c, .cpu = cpu, .fname = fname, .keep_max = KEEP_BYTES, .warned = A64_WARNED_INIT};
    /* (small chunks, nothing kept: for tests and fuzzing; a bad value is an error, not the default) */
    double keep = (double)KEEP_BYTES, lines = CHUNK_LINES;
    char err[300];
    if (!opt_env("UARCH_MCA_KEEP_BYTES", (OptRange){OPT_SIZE, 0, 9007199254740992.0}, &keep, err, sizeof err) ||
        !opt_env("UARCH_MCA_CHUNK_LINES", (OptRange){OPT_INT, 1, 2147483647.0}, &lines, err, sizeof err) ||
        !mca_env_check(err, sizeof err)) {
        fprintf(stderr, "%s: error: %s\n", util_progname, err);
        return 1;
    }
    run.keep_max = (size_t)keep;
    run.chunk_lines = (int)lines;
    run.cur = &run.slot[0];
    if (!open_input(&run, path))
        return 1;
    if (!asm_include_open(run.fname, &run.in, (AsmDialect)run.c->parse.dialect, &run.map)) {
        mca_run_free(&run);
        return 1;
    }
    run.in_len = LONG_MAX;
    run.has_markers = mca_scan_input(&run);
    if (run.failed || (!run.has_markers && !count_insts(&run))) {
        mca_run_free(&run);
        return 1;
    }

    /* the worker threads start now: pass 1 queues the first NSLOT chunks as soon as they
     * parse, and their jobs are simulated while it parses the rest (outputs wait in memory) */
    json_init(&run.j, &run.b, true);
    if (c->json)
        mca_json_begin(&run.j);
    Pass2 p2;
    mca_pool_start(&p2, &run);

    /* pass 1: every chunk parsed once; errors and warnings before any output.  Chunks are a
     * memory bound only: a file without markers is one region, and a chunk that fails (e.g. a
     * numeric label defined in the next chunk) is decided by parsing the whole file at once. */
    long long nregions = 0;
    int depth = run.first_marker < 0, line = 0;
    bool whole = false;
    while (!whole && run.has_markers && mca_read_next_chunk(&run, &depth, &line)) {
        int k = run.nchunks - 1;
        mca_slot_release(run.cur);
        if (!mca_parse_chunk(&run, k, true, false)) {
            if (run.failed)
                goto fail;
            whole = true;
        } else {
            nregions += run.chunk_regions;
            if (k == p2.nqueued && mca_pool_room(&p2, 0)) {   /* its regions simulated from now on */
                mca_pool_queue_chunk(&p2, run.cur, k);
                run.cur = k + 1 < NSLOT ? &run.slot[k + 1] : &run.scratch;
            } else {
                mca_keep_chunk(&run, k);
                mca_slot_release(run.cur);
                run.cur = &run.scratch;
            }
        }
    }
    mca_slot_free(&run.scratch);
    if (run.failed)
        goto fail;
    /* a CFI frame left open at the end: the whole parse says so, with any other error */
    if (run.has_markers && (run.next_start.cfi_last || a64_start_files_gap(&run.next_start)))
        whole = true;
    if (whole || !run.has_markers) {
        mca_pool_discard(&p2);           /* the chunks' regions are not necessarily the file's */
        mca_kept_free(&run);
        for (int k = 0; k < NSLOT; k++)
            mca_slot_release(&run.slot[k]);
        run.cur = &run.slot[0];
        if (fseek(run.in, 0, SEEK_END) != 0) {
            fprintf(stderr, "%s: error: cannot read '%s': %s\n", util_progname, path, strerror(errno));
            goto fail;
        }
        if (!run.chunks)
            run.chunks = xmalloc(sizeof *run.chunks);
        long len = ftell(run.in);
        run.chunks[0] = (Chunk){0, (size_t)(len < run.in_len ? len : run.in_len), 0, 0};
        run.nchunks = 1;
        run.has_markers = false;      /* the whole program: its own regions, or all of it */
        mca_reread_chunk(&run, 0);
        if (!mca_parse_chunk(&run, 0, true, true)) {
            goto fail;
        }
        nregions = run.chunk_regions;
    }
    a64_print_warnings_more(stderr, fname, &run.warned);   /* (however the text was cut) */
    if (nregions == 0) {
        fprintf(stderr, "%s: error: no assembly instructions found\n", fname);
        goto fail;
    }

    /* pass 2: the chunks again (re-read unless there is only one), regions on threads */
    if (!out_open(&run.out, c->output)) {
        goto fail;
    }
    mca_pool_run(&p2);
    mca_pool_end(&p2);
    if (c->json) {
        /* (-march: the triple's architecture, as llvm-mca names it: arm64-apple-* is "arm64") */
        const char *march = c->triple && !strncmp(c->triple, "arm64", 5) ? "arm64" : "aarch64";
        McaJsonParams p = {march, c->mcpu ? c->mcpu : model_name(cpu), c->triple ? c->triple : "aarch64", model_name(cpu)};
        mca_json_end(&run.j, &p, (const char *const *)run.units, run.nunits);
        out_buf(&run.out, &run.b);
    }
    bool ok = out_close(&run.out);
    mca_run_free(&run);
    mca_sim_release();
    mca_views_release();
    return ok ? 0 : 1;
fail:   /* an error before any output (pass 1, or -o): nothing was written */
    mca_pool_end(&p2);
    mca_run_free(&run);
    return 1;
}

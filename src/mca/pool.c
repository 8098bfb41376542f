/* pool.c — pass 2 of `uarch mca`: regions simulated on worker threads, chunks in a pipeline,
 * outputs written in region order (see run_int.h). */
#include "mca/run_int.h"
#include "mca/path.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A job's text streams out while it is made once it is the one the writer waits for: its
 * views hand it their Buf at the end of rows (mca_view_flush), and the complete lines go to
 * the output from the job's thread, the writer being blocked until the job is done.  Other
 * jobs (and every job during pass 1, whose outputs wait for its end) keep their text, up to
 * MCA_HOLD_BYTES in memory and the rest in a temporary file (a timeline without a cycle bound
 * is rows times cycles: a 4,000-branch region took 1.2 GB on two threads), which goes out
 * first when the job's text does. */
#define MCA_HOLD_BYTES ((size_t)8 << 20)
typedef struct JobStream {
    McaStream st;
    Pass2 *p;
    Job *job;
    bool head;                    /* the writer waits for this job (then for good) */
    size_t next_check;            /* not the head yet: look again at this many bytes */
} JobStream;

/* the job's spilled text to the output (the writer is blocked on this job meanwhile) */
static void spill_out(Pass2 *p, Job *job)
{
    char blk[65536];
    size_t n;
    if (fflush(job->spill) != 0 || fseek(job->spill, 0, SEEK_SET) != 0)
        die("cannot read back a temporary file: %s", strerror(errno));
    while ((n = fread(blk, 1, sizeof blk, job->spill)) > 0)
        out_put(&p->run->out, blk, n);
    if (ferror(job->spill))
        die("cannot read back a temporary file: %s", strerror(errno));
    fclose(job->spill);
    job->spill = NULL;
}

/* complete lines of out: their end (0: none) */
static size_t lines_end(const Buf *out)
{
    size_t e = out->len;
    while (e > 0 && out->data[e - 1] != '\n')
        e--;
    return e;
}

static void drop_front(Buf *out, size_t e)
{
    memmove(out->data, out->data + e, out->len - e);
    out->len -= e;
    out->data[out->len] = 0;
}

static void job_flush(McaStream *st, Buf *out)
{
    JobStream *js = (JobStream *)st;
    if (!js->head) {
        if (out->len < js->next_check)
            return;
        pthread_mutex_lock(&js->p->mu);
        js->head = js->p->writing == js->job;
        pthread_mutex_unlock(&js->p->mu);
        if (!js->head) {
            size_t e;
            if (out->len >= MCA_HOLD_BYTES && (e = lines_end(out)) > 0 &&
                (js->job->spill || (js->job->spill = tmpfile()))) {   /* (none: kept in memory) */
                if (fwrite(out->data, 1, e, js->job->spill) != e)
                    die("cannot write a temporary file: %s", strerror(errno));
                drop_front(out, e);
                js->job->streamed = true;
            }
            js->next_check = out->len + MCA_STREAM_BYTES;
            return;
        }
        if (js->job->spill)
            spill_out(js->p, js->job);
    }
    size_t e = lines_end(out);
    if (e == 0)
        return;
    out_put(&js->p->run->out, out->data, e);
    drop_front(out, e);
    js->job->streamed = true;
}

/* A long region is not held twice (McaRelease: when only this job reads the chunk's program
 * and no view needs the instructions; the display texts are made before) */
#define JOB_FREE_INSTS 4096     /* (shorter regions: not worth it) */

static void run_job(Pass2 *p, Job *job, A64Inst **tmp)
{
    Run *run = p->run;
    const McaRunOptions *c = run->c;
    const A64Program *prog = &job->slot->prog;
    const bool *drop = job->slot->drop;
    const McaRegion *rg = &job->rg;
    const A64Inst *insts = prog->insts + rg->begin;
    int n = rg->end - rg->begin, kept = 0;
    for (int i = rg->begin; i < rg->end; i++)
        kept += !drop[i];
    if (kept != n) {
        *tmp = xrealloc(*tmp, (size_t)kept * sizeof **tmp);
        int k = 0;
        for (int i = rg->begin; i < rg->end; i++)
            if (!drop[i])
                (*tmp)[k++] = prog->insts[i];
        insts = *tmp;
        n = kept;
    }
    /* the front end: the instructions in the order they run (branches in the region followed) */
    McaPath path;
    memset(&path, 0, sizeof path);
    McaOptions so = c->sim;
    if (!so.no_frontend && !so.instruction_tables && mca_path(insts, n, &path) && path.followed) {
        insts = path.insts;
        n = path.n;
        so.iterations = ((so.iterations > 0 ? so.iterations : 100) + path.period - 1) / path.period;
    }
    Arena tarena = {0};
    const char **texts = arena_alloc(&tarena, (size_t)n * sizeof *texts);
    for (int i = 0; i < n; i++)
        texts[i] = mca_inst_display_memo(&insts[i], job->program, (c->view.print_imm_hex ? A64_PRINT_HEX : 0u) |
                                         (c->view.print_apple ? A64_PRINT_APPLE : 0u),
                                         &c->parse.features, &tarena);
    const char *name = arena_strndup(&tarena, rg->name, strlen(rg->name));
    /* the views that read the instructions themselves: the critical sequence's registers,
     * barriers, encodings */
    const A64Inst *view_insts = insts;
    McaRelease ji = {NULL, NULL, NULL, NULL};
    if (!c->view.bottleneck && !c->view.show_barriers && !c->view.show_encoding && n >= JOB_FREE_INSTS) {
        ji = (McaRelease){job->own ? (A64Program *)prog : NULL, tmp, &path, NULL};
        /* (the chunk's program, when other jobs read it too, stays whole) */
        if (insts == path.insts || insts == *tmp || job->own)
            ji.insts = (A64Inst *)insts;
        mca_release_hooks(&so, &ji);
        view_insts = NULL;
    }
    McaResult res;
    memset(&res, 0, sizeof res);
    mca_simulate(run->cpu, insts, n, &so, &res);
    JobStream js = {{job_flush}, p, job, false, 0};
    McaRegionData rd = {job->index, name, rg->is_explicit, n, view_insts, texts, &res, &js.st};
    if (c->json) {
        /* the writer's state at this point of the array: a comma unless it is the first */
        Json j = p->jbase;
        j.out = &job->out;
        j.need_comma[j.depth] = job->index > 0;
        mca_json_region(&j, &c->view, &rd);
        if (job->last) {
            job->nunits = res.nunits < MODEL_MAX_UNITS ? res.nunits : MODEL_MAX_UNITS;
            for (int u = 0; u < job->nunits; u++)
                job->units[u] = xstrdup(res.unit_names[u]);
        }
    } else {
        mca_view_report(&job->out, &c->view, &rd);
    }
    mca_result_free(&res);
    arena_free(&tarena);
    mca_path_free(&path);
}

/* take the next queued job (NULL: none now; with `wait`, sleeps until one comes or the end) */
static Job *pass2_take(Pass2 *p, bool wait, int thread)
{
    while (p->qhead == p->qtail && wait && !p->stop)
        pthread_cond_wait(&p->cv, &p->mu);
    if (p->qhead == p->qtail)
        return NULL;
    p->busy++;
    Job *job = p->queue[p->qhead++];
    struct Spare *sp = &p->spare[thread];
    if (sp->n > 0) {
        job->out = sp->b[--sp->n];
        sp->bytes -= job->out.cap;
    }
    job->thread = thread;
    return job;
}

/* run a job outside the lock, then mark it done */
static void pass2_run(Pass2 *p, Job *job, A64Inst **tmp)
{
    pthread_mutex_unlock(&p->mu);
    run_job(p, job, tmp);
    pthread_mutex_lock(&p->mu);
    job->done = true;
    p->busy--;
    pthread_cond_broadcast(&p->cv_done);
}

static void *pass2_worker(void *arg)
{
    struct Worker *w = arg;
    Pass2 *p = w->p;
    A64Inst *tmp = NULL;
    pthread_mutex_lock(&p->mu);
    for (Job *job; (job = pass2_take(p, true, w->idx));)
        pass2_run(p, job, &tmp);
    pthread_mutex_unlock(&p->mu);
    free(tmp);
    mca_sim_release();
    mca_views_release();
    return NULL;
}

static int thread_count(const McaRunOptions *c)
{
    if (c->threads > 0)
        return c->threads > PASS2_MAX_THREADS ? PASS2_MAX_THREADS : c->threads;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > PASS2_MAX_THREADS ? PASS2_MAX_THREADS : (int)n;
}

/* the queue and the worker threads, idle until jobs come (run->j is the writer at the first
 * region: -json's beginning is written into run->b already) */
void mca_pool_start(Pass2 *p, Run *run)
{
    memset(p, 0, sizeof *p);
    p->run = run;
    p->jbase = run->j;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    pthread_cond_init(&p->cv_done, NULL);
    int nt = thread_count(run->c);
    for (int t = 1; t < nt; t++) {
        p->w[p->started] = (struct Worker){p, p->started + 1};
        if (pthread_create(&p->th[p->started], NULL, pass2_worker, &p->w[p->started]) == 0)
            p->started++;
    }
}

/* the ids of the programs queued in the process (Job.program) */
static atomic_uint_fast64_t program_serial;

/* queue the jobs of chunk k (== p->nqueued), parsed into `sl`, as p->jobs[k % NSLOT] */
void mca_pool_queue_chunk(Pass2 *p, Slot *sl, int k)
{
    Run *run = p->run;
    McaRegion *regions = NULL;
    int nr = mca_regions(&sl->prog, !run->has_markers, &regions);
    /* (a chunk parsed again, or the whole file parsed after a discard, is another program) */
    uint64_t program = atomic_fetch_add(&program_serial, 1) + 1;
    Job *js = xcalloc((size_t)(nr > 0 ? nr : 1), sizeof *js);
    int nj = 0;
    for (int g = 0; g < nr; g++) {
        bool any = false;
        for (int i = regions[g].begin; i < regions[g].end && !any; i++)
            any = !sl->drop[i];
        if (any)
            js[nj++] = (Job){.slot = sl, .rg = regions[g], .index = run->region_index++, .program = program};
    }
    free(regions);   /* region names point into the program, not into this array */
    if (nj > 0)
        js[nj - 1].last = true;
    if (nj == 1)
        js[0].own = true;
    pthread_mutex_lock(&p->mu);
    if (p->qtail + nj > p->qcap) {
        int live = p->qtail - p->qhead;
        if (live > 0)
            memmove(p->queue, p->queue + p->qhead, (size_t)live * sizeof *p->queue);
        p->qhead = 0;
        p->qtail = live;
        if (live + nj > p->qcap) {
            p->qcap = live + nj;
            p->queue = xrealloc(p->queue, (size_t)p->qcap * sizeof *p->queue);
        }
    }
    for (int i = 0; i < nj; i++)
        p->queue[p->qtail++] = &js[i];
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    p->jobs[k % NSLOT] = js;
    p->nj[k % NSLOT] = nj;
    p->nqueued = k + 1;
}

/* may chunk p->nqueued be queued while chunk k (the oldest not written) is?  Chunk k always;
 * others while at most NSLOT chunks and MCA_INFLIGHT_BYTES of text beyond chunk k are in flight */
bool mca_pool_room(const Pass2 *p, int k)
{
    const Run *run = p->run;
    int q = p->nqueued;
    if (q >= run->nchunks || q >= k + NSLOT)
        return false;
    size_t bytes = 0;
    for (int j = k + 1; j <= q; j++)
        bytes += run->chunks[j].len;
    return q == k || bytes <= MCA_INFLIGHT_BYTES;
}

static void free_jobs(Job *jobs, int nj)
{
    for (int i = 0; i < nj; i++) {
        buf_free(&jobs[i].out);
        if (jobs[i].spill)
            fclose(jobs[i].spill);
        for (int u = 0; u < jobs[i].nunits; u++)
            free(jobs[i].units[u]);
    }
    free(jobs);
}

/* forget the queued chunks (pass 1 failed, or parses the whole file instead): the jobs not
 * started are dropped, the running ones waited for, all outputs freed */
void mca_pool_discard(Pass2 *p)
{
    pthread_mutex_lock(&p->mu);
    p->qhead = p->qtail = 0;
    while (p->busy > 0)
        pthread_cond_wait(&p->cv_done, &p->mu);
    pthread_mutex_unlock(&p->mu);
    for (int a = 0; a < NSLOT; a++) {
        free_jobs(p->jobs[a], p->nj[a]);
        p->jobs[a] = NULL;
        p->nj[a] = 0;
    }
    p->nqueued = 0;
    p->run->region_index = 0;
}

/* discard what is left, stop and join the workers */
void mca_pool_end(Pass2 *p)
{
    mca_pool_discard(p);
    pthread_mutex_lock(&p->mu);
    p->stop = true;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (int t = 0; t < p->started; t++)
        pthread_join(p->th[t], NULL);
    free(p->queue);
    for (int t = 0; t <= p->started; t++) {
        for (int k = 0; k < p->spare[t].n; k++)
            buf_free(&p->spare[t].b[k]);
        free(p->spare[t].b);
    }
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    pthread_cond_destroy(&p->cv_done);
}

/* write the jobs of a chunk in order, each once it is done (running queued jobs meanwhile) */
static void write_chunk(Pass2 *p, Job *jobs, int nj)
{
    Run *run = p->run;
    out_buf(&run->out, &run->b);   /* what the writer has before the regions (-json) */
    for (int k = 0; k < nj; k++) {
        Job *job = &jobs[k];
        pthread_mutex_lock(&p->mu);
        p->writing = job;   /* (its thread may write its text out from now on) */
        while (!job->done) {
            Job *other = pass2_take(p, false, 0);
            if (other)
                pass2_run(p, other, &run->tmp);
            else
                pthread_cond_wait(&p->cv_done, &p->mu);
        }
        p->writing = NULL;
        pthread_mutex_unlock(&p->mu);
        if (run->c->json && (job->out.len > 0 || job->streamed))
            run->j.need_comma[run->j.depth] = true;
        if (job->spill)
            spill_out(p, job);
        out_buf(&run->out, &job->out);
        if (job->out.cap > MCA_SPARE_BYTES) {   /* (a long region's: not kept) */
            buf_free(&job->out);
        } else {
            pthread_mutex_lock(&p->mu);
            struct Spare *sp = &p->spare[job->thread];   /* (back to the thread that allocated it) */
            if (sp->bytes + job->out.cap <= MCA_SPARE_TOTAL) {
                if (sp->n == sp->cap) {
                    sp->cap = sp->cap * 2 + 16;
                    sp->b = xrealloc(sp->b, (size_t)sp->cap * sizeof *sp->b);
                }
                sp->b[sp->n++] = job->out;
                sp->bytes += job->out.cap;
                buf_init(&job->out);
            }
            pthread_mutex_unlock(&p->mu);
            buf_free(&job->out);   /* (not kept: freed outside the lock) */
        }
        buf_init(&job->out);
        if (job->nunits > 0) {
            for (int u = 0; u < run->nunits; u++)
                free(run->units[u]);
            run->nunits = job->nunits;
            memcpy(run->units, job->units, sizeof job->units);
            job->nunits = 0;
        }
    }
}

/* chunk k of the input into `sl`, parsed (pass 2: the chunks parsed once already): kept from
 * pass 1, or read and parsed again */
static void load_chunk(Run *run, Slot *sl, int k)
{
    run->cur = sl;
    if (k < run->kept_cap && run->kept[k]) {
        mca_slot_move(sl, run->kept[k]);
        free(run->kept[k]);
        run->kept[k] = NULL;
        return;
    }
    mca_slot_release(sl);
    mca_reread_chunk(run, k);
    if (!mca_parse_chunk(run, k, false, false))
        bug("chunk %d of '%s' parsed once but not twice", k, run->fname);
}

/* after pass 1: chunks 0 .. nqueued-1 are queued already (a whole-file chunk 0 is in slot[0]);
 * then, while chunk k is written, chunks up to k + NSLOT - 1 are queued (loaded, or parsed
 * again) as long as their text stays under MCA_INFLIGHT_BYTES, so a worker seldom runs out of
 * jobs while the writer waits for one, and memory stays bounded */
void mca_pool_run(Pass2 *p)
{
    Run *run = p->run;
    if (p->nqueued == 0)
        mca_pool_queue_chunk(p, &run->slot[0], 0);
    for (int k = 0; k < run->nchunks; k++) {
        int a = k % NSLOT;
        while (mca_pool_room(p, k)) {
            int b = p->nqueued % NSLOT;   /* (free: chunk nqueued - NSLOT has been written) */
            load_chunk(run, &run->slot[b], p->nqueued);
            mca_pool_queue_chunk(p, &run->slot[b], p->nqueued);
        }
        write_chunk(p, p->jobs[a], p->nj[a]);
        free_jobs(p->jobs[a], p->nj[a]);
        p->jobs[a] = NULL;
        p->nj[a] = 0;
        mca_slot_release(&run->slot[a]);
    }
}

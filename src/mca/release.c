/* release.c — a long block's parsed instructions given back as mca_simulate reads them
 * (path.h: McaRelease), so that a region or a snippet of millions of instructions is not held
 * twice, parsed and prepared. */
#include "mca/mca.h"
#include "mca/path.h"

#include <stdlib.h>

static void release_read(void *ctx, int upto)
{
    McaRelease *r = ctx;
    if (r->insts)
        mem_discard(r->insts, (size_t)upto * sizeof *r->insts);
}

static void release_done(void *ctx)
{
    McaRelease *r = ctx;
    if (r->prog) {   /* (their texts and operands too: what a view shows of them is a copy) */
        free(r->prog->insts);
        r->prog->insts = NULL;
        arena_free(&r->prog->arena);
    }
    if (r->tmp) {
        free(*r->tmp);
        *r->tmp = NULL;
    }
    if (r->path) {
        free(r->path->insts);
        r->path->insts = NULL;
        r->path->cap = 0;
    }
}

void mca_release_hooks(McaOptions *o, McaRelease *r)
{
    o->insts_done = release_done;
    o->insts_read = release_read;
    o->insts_ctx = r;
}

/* path.h — the instructions of a region in the order they run (src/mca/path.c). */
#ifndef MCA_PATH_H
#define MCA_PATH_H

#include "a64/a64.h"

#define MCA_PATH_MAX (1L << 18)      /* instructions in one path, at most (copies: ~50 MB) */
#define MCA_PATH_MAX_PERIOD 100      /* iterations a path of taken ratios may span */

typedef struct McaPath {
    A64Inst *insts;                  /* the path: copies, A64Inst.taken set */
    int n, cap;
    int period;                      /* loop iterations the path holds */
    bool followed;                   /* a branch was taken or an instruction left out: insts
                                        differ from the region's (else insts is empty) */
    char why[160];                   /* mca_path false: why the branches are not followed */
} McaPath;

/* the path of the region in[0..n-1] (keep p's buffer between calls: it grows; zero it first).
 * False when it cannot be followed (p->why): the region then runs as straight-line code. */
bool mca_path(const A64Inst *in, int n, McaPath *p);
void mca_path_free(McaPath *p);

/* A long block is not held twice (src/mca/release.c): as mca_simulate prepares its own form of
 * the instructions, their parsed form goes, page by page, then its texts and operands.  The
 * caller fills what it owns and hands the hooks to McaOptions (mca_release_hooks); after
 * mca_simulate, prog->insts and path->insts are NULL and must not be read. */
typedef struct McaRelease {
    A64Program *prog;             /* the program the instructions come from, when the caller
                                     owns it (else NULL) */
    A64Inst **tmp;                /* a copy of some of them (NULL none) */
    McaPath *path;                /* the path (its copies, when it was followed) */
    A64Inst *insts;               /* the instructions simulated, when they are one of those
                                     (their memory goes back as they are read: else NULL) */
} McaRelease;
struct McaOptions;
void mca_release_hooks(struct McaOptions *o, McaRelease *r);

#endif

/* region.c — which code regions `uarch mca` analyzes and how instructions are displayed.
 *
 * Regions follow llvm-mca (Code Regions in its manual): LLVM-MCA-BEGIN [name] / LLVM-MCA-END
 * [name] markers, parsed by the front end into A64Program.regions (named, nested and
 * overlapping regions are instruction ranges); regions without instructions are skipped and
 * do not take an index; a file without markers is one implicit anonymous region, printed
 * without a "[0] Code Region" header.
 *
 * Display text is what llvm-mca's instruction printer shows: "mnemonic<TAB>operands", rebuilt
 * from the operands (a64_print), or where they cannot be, the text as written with its
 * whitespace collapsed. */
#include "mca/views.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int mca_regions(const A64Program *prog, bool whole_file_if_none, McaRegion **out)
{
    int cap = prog->nregions > 0 ? prog->nregions : 1, n = 0;
    McaRegion *r = xcalloc((size_t)cap, sizeof *r);
    if (prog->nregions == 0) {
        if (prog->ninsts > 0 && whole_file_if_none)
            r[n++] = (McaRegion){"", 0, prog->ninsts, false};
    } else {
        for (int i = 0; i < prog->nregions; i++) {
            const A64Region *g = &prog->regions[i];
            if (g->end <= g->begin)
                continue;
            r[n++] = (McaRegion){g->name ? g->name : "", g->begin, g->end, g->line > 0};
        }
    }
    *out = r;
    return n;
}

/* the C locale's isspace (the program never calls setlocale) */
static inline bool c_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static _Thread_local Buf pb;   /* the printer's text (freed by mca_views_release) */

/* ---- the display texts of a program's instructions, remembered ----
 * Compiler output repeats about half of its instructions, and the parser makes a repeated line a
 * copy of its first instance that shares its text and operands (src/a64/parse.c's instruction
 * memo): the same pointers, the same display.  Within one chunk of make bench's input (4,096
 * lines) 39 % of the instructions are such copies.  A direct-mapped table keyed by the two
 * pointers, each slot tagged with the program's id, as the pointers are unique only while the
 * program lives; the texts stay in the thread's arena until its first call for another
 * program, up to DISPLAY_BYTES of them (a longer program's other texts go to the caller's
 * arena, not remembered). */
#define DISPLAY_SLOTS ((size_t)1 << 14)   /* (ptr_hash's top 14 bits) */
#define DISPLAY_BYTES ((size_t)8 << 20)
typedef struct DisplaySlot {
    uint64_t program;             /* 0: empty */
    const char *text;
    const A64Operand *ops;
    const char *disp;
} DisplaySlot;
static _Thread_local struct {
    DisplaySlot *slot;            /* [DISPLAY_SLOTS] */
    uint64_t program;             /* the program whose texts `arena` holds */
    Arena arena;
    size_t bytes;
} memo;

void mca_display_release(void)
{
    buf_free(&pb);
    free(memo.slot);
    arena_free(&memo.arena);
    memset(&memo, 0, sizeof memo);
}

const char *mca_inst_display_memo(const A64Inst *inst, uint64_t program, uint64_t flags,
                                  const A64Features *features, Arena *arena)
{
    if (!inst->text || program == 0)
        return mca_inst_display(inst, flags, features, arena);
    if (memo.program != program) {   /* (the last program's texts are not read any more) */
        arena_free(&memo.arena);
        memo.bytes = 0;
        memo.program = program;
        if (!memo.slot)
            memo.slot = xcalloc(DISPLAY_SLOTS, sizeof *memo.slot);
    }
    DisplaySlot *d = &memo.slot[ptr_hash(inst->text) >> 50];
    if (d->program == program && d->text == inst->text && d->ops == inst->ops)
        return d->disp;
    if (memo.bytes >= DISPLAY_BYTES)
        return mca_inst_display(inst, flags, features, arena);
    char *t = mca_inst_display(inst, flags, features, &memo.arena);
    memo.bytes += strlen(t) + 1;
    *d = (DisplaySlot){program, inst->text, inst->ops, t};
    return t;
}

char *mca_inst_display(const A64Inst *inst, uint64_t flags, const A64Features *features, Arena *arena)
{
    buf_reset(&pb);
    if (a64_print(inst, flags, features, &pb))
        return arena_strndup(arena, pb.data, pb.len);
    const char *s = inst->text ? inst->text : "";
    size_t len = strlen(s);
    /* drop a trailing // comment (outside brackets/quotes is enough for assembler output) */
    const char *c = strstr(s, "//");
    if (c)
        len = (size_t)(c - s);
    char *d = arena_alloc(arena, len + 2);
    size_t i = 0, k = 0;
    while (i < len && c_space((unsigned char)s[i]))
        i++;
    while (i < len && !c_space((unsigned char)s[i]))
        d[k++] = ascii_lower(s[i++]);
    while (i < len && c_space((unsigned char)s[i]))
        i++;
    if (i < len) {
        d[k++] = '\t';
        bool space = false;
        for (; i < len; i++) {
            if (c_space((unsigned char)s[i])) {
                space = true;
                continue;
            }
            if (space)
                d[k++] = ' ';
            space = false;
            d[k++] = s[i];
        }
    }
    d[k] = 0;
    return d;
}

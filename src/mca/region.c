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

void mca_display_release(void)
{
    buf_free(&pb);
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

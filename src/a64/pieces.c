/* pieces.c — a file parsed a piece at a time (a64_parse_pieces, for `uarch decode`): memory
 * stays flat in the file's size, the result is the whole parse's.
 *
 * A piece is about `lines` lines; the parser starts it where the one before left it (the code
 * offset, the section, the labels defined so far: A64ParseStart), and tells where it stopped.
 * A piece that does not parse alone (a numeric label defined beyond it, a macro used after
 * its definition in an earlier piece), or whose end the next piece cannot start from (an open
 * region, block comment or .pushsection, assembler symbols defined), grows by its size and is
 * parsed again.  Pass 1 parses every piece (an error stops before anything is given) and
 * keeps where each starts and the labels each defines; pass 2 reads and parses each again,
 * the branch targets resolved with every label of the file, and gives it to the caller.  A
 * text that does not cut (a piece that grows to the end and still fails, a label defined in
 * two pieces) is parsed whole, as a64_parse would, and given as one piece.
 */
#include "a64/a64.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct Piece {
    long off;                     /* file offset */
    size_t len;
    int line0;                    /* lines before it */
    A64ParseStart start;
} Piece;

typedef struct Label { char *name; int64_t off; int piece; } Label;

typedef struct Pieces {
    Piece *p;
    int n, cap;
    Label *lab;                   /* open addressing, name NULL = empty */
    size_t nlab, caplab;
    int cur;                      /* the piece being parsed */
} Pieces;

static Label *lab_slot(Pieces *P, const char *s, size_t n)
{
    size_t k = fnv1a(s, n) & (P->caplab - 1);
    while (P->lab[k].name && (strncmp(P->lab[k].name, s, n) || P->lab[k].name[n]))
        k = (k + 1) & (P->caplab - 1);
    return &P->lab[k];
}

/* a label of piece `piece`; false when an earlier piece defined it already */
static bool lab_add(Pieces *P, const char *s, int64_t off, int piece)
{
    if ((P->nlab + 1) * 2 > P->caplab) {
        Label *old = P->lab;
        size_t oc = P->caplab;
        P->caplab = oc ? oc * 2 : 1024;
        P->lab = xcalloc(P->caplab, sizeof *P->lab);
        for (size_t i = 0; i < oc; i++)
            if (old[i].name)
                *lab_slot(P, old[i].name, strlen(old[i].name)) = old[i];
        free(old);
    }
    Label *l = lab_slot(P, s, strlen(s));
    if (l->name)
        return false;
    *l = (Label){xstrdup(s), off, piece};
    P->nlab++;
    return true;
}

static int64_t lab_find(void *ctx, const char *s, size_t n, bool before)
{
    Pieces *P = ctx;
    if (!P->caplab)
        return -2;
    const Label *l = lab_slot(P, s, n);
    if (!l->name || (before && l->piece >= P->cur))
        return -2;
    return l->off;
}

static void pieces_free(Pieces *P)
{
    for (size_t i = 0; i < P->caplab; i++)
        free(P->lab[i].name);
    free(P->lab);
    free(P->p);
}

/* up to `lines` more lines of `in` appended to t; false at the end of the input */
static bool read_lines(FILE *in, Buf *t, int lines, char **line, size_t *cap)
{
    for (int k = 0; k < lines; k++) {
        ssize_t r = getline(line, cap, in);
        if (r <= 0)
            return false;
        buf_put(t, *line, (size_t)r);
    }
    return true;
}

static int count_lines(const Buf *t)
{
    int n = 0;
    for (const char *p = t->data, *e = t->data + t->len; p < e && (p = memchr(p, '\n', (size_t)(e - p))); p++)
        n++;
    return n;
}

/* the piece's lines as the whole text's */
static void shift(A64Program *g, const Piece *pc)
{
    for (int i = 0; i < g->ninsts; i++)
        g->insts[i].line += pc->line0;
    for (int r = 0; r < g->nregions; r++)
        g->regions[r].line += pc->line0;
    for (int w = 0; w < g->nwarnings; w++)
        g->warnings[w].line += pc->line0;
    for (int w = 0; w < g->nmore; w++)
        g->more[w].line += pc->line0;
}

/* the whole text at once (read up to its first NUL outside a line comment, which the parser reports) */
static bool parse_whole(const char *file, FILE *in, const A64ParseOptions *opt, A64PieceFn each, void *ctx, Diag *err)
{
    Buf t;
    buf_init(&t);
    rewind(in);
    char block[65536];
    size_t r;
    TextNulScan scan = {false, '\n'};
    while ((r = fread(block, 1, sizeof block, in)) > 0) {
        const char *z = text_nul(&scan, block, block + r);
        buf_put(&t, block, z ? (size_t)(z - block) + 1 : r);
        if (z)
            break;
    }
    if (ferror(in))
        die("cannot read '%s': %s", file, strerror(errno));
    A64ParseOptions o = opt ? *opt : (A64ParseOptions){0};
    o.start = NULL;
    A64Program g;
    bool ok = a64_parse_opts(file, t.len ? t.data : "", t.len, &o, &g, err);
    buf_free(&t);
    if (!ok && !o.keep_warnings)
        return false;
    each(ctx, &g);                       /* (failed: its warnings only, to print before the error) */
    a64_program_free(&g);
    return ok;
}

bool a64_parse_pieces(const char *file, FILE *in, const A64ParseOptions *opt, int lines, A64PieceFn each, void *ctx,
                      Diag *err)
{
    Pieces P;
    memset(&P, 0, sizeof P);
    A64ParseStart start = {0, false, false, 0, 0, lab_find, &P};
    A64ParseOptions o = opt ? *opt : (A64ParseOptions){0};
    o.start = &start;
    o.keep_warnings = false;             /* (a failing piece: the whole parse reports it) */
    Buf t;
    buf_init(&t);
    char *line = NULL;
    size_t linecap = 0;
    bool whole = false;
    int line0 = 0;
    rewind(in);
    /* pass 1: cut the text, every piece parsed once */
    for (bool more = true; more && !whole;) {
        long off = ftell(in);
        buf_reset(&t);
        more = read_lines(in, &t, lines, &line, &linecap);
        if (t.len == 0)
            break;
        P.cur = P.n;
        for (int grow = lines;;) {
            A64Program g;
            Diag e;
            bool ok = a64_parse_opts(file, t.data, t.len, &o, &g, &e);   /* (an error: the whole parse reports it) */
            if (ok && (!g.end_open || !more)) {   /* (at the end: nothing needs its state) */
                for (int i = 0; i < g.nlabels && !whole; i++)
                    whole = !lab_add(&P, g.labels[i], g.label_off[i], P.n);
                if (P.n == P.cap)
                    P.p = xrealloc(P.p, (size_t)(P.cap = P.cap * 2 + 16) * sizeof *P.p);
                P.p[P.n++] = (Piece){off, t.len, line0, start};
                start.offset = g.end->offset;
                start.data = g.end->data;
                start.prev_data = g.end->prev_data;
                start.prev_none = g.end->prev_none;
                start.insts = g.end->insts;
                start.regions = g.end->regions;
                start.tmps = g.end->tmps;
                start.arch = g.end->arch;
                start.features = g.end->features;
                start.sys = g.end->sys;
                start.cfi_open = g.end->cfi_open;
                start.cfi_data = g.end->cfi_data;
                start.cfi_last = g.end->cfi_last;
                start.files[0] = g.end->files[0];
                start.files[1] = g.end->files[1];
                start.files_more = g.end->files_more;
                start.md5_with = g.end->md5_with;
                start.md5_without = g.end->md5_without;
                start.file_made = g.end->file_made;
                start.md5_said = g.end->md5_said;
                line0 += count_lines(&t);
                a64_program_free(&g);
                break;
            }
            if (ok)
                a64_program_free(&g);
            if (!more) {          /* to the end and still not cut: the whole text decides */
                whole = true;
                break;
            }
            more = read_lines(in, &t, grow, &line, &linecap);
            grow *= 2;
        }
    }
    free(line);
    if (start.cfi_last || a64_start_files_gap(&start))   /* a CFI frame left open at the end, a DWARF
                                                              file number left out: the whole parse's error */
        whole = true;
    if (ferror(in))
        die("cannot read '%s': %s", file, strerror(errno));
    bool ok = true;
    if (whole || P.n == 0) {
        ok = parse_whole(file, in, opt, each, ctx, err);
    } else {
        /* pass 2: each piece again, every label known */
        for (int k = 0; k < P.n; k++) {
            const Piece *pc = &P.p[k];
            buf_reset(&t);
            buf_reserve(&t, pc->len + 1);
            if (fseek(in, pc->off, SEEK_SET) != 0 || fread(t.data, 1, pc->len, in) != pc->len)
                die("cannot re-read '%s': %s", file, errno ? strerror(errno) : "it changed");
            t.len = pc->len;
            t.data[t.len] = 0;
            P.cur = k;
            start = pc->start;
            A64Program g;
            Diag e;
            if (!a64_parse_opts(file, t.data, t.len, &o, &g, &e))
                bug("a piece of '%s' parsed once but not twice: %s", file, e.msg);
            shift(&g, pc);
            each(ctx, &g);
            a64_program_free(&g);
        }
    }
    buf_free(&t);
    pieces_free(&P);
    return ok;
}

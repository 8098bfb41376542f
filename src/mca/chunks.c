/* chunks.c — the input of `uarch mca` in chunks: read, cut between regions, parsed (pass 1
 * prints errors and warnings), kept parsed within a memory budget or re-read (see run_int.h). */
#include "mca/run_int.h"
#include "a64/a64.h"
#include "asm/asm.h"
#include "mca/path.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static bool seen_add(Seen *s, const char *k)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->keys[i], k))
            return false;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        s->keys = xrealloc(s->keys, (size_t)s->cap * sizeof *s->keys);
    }
    s->keys[s->n++] = xstrdup(k);
    return true;
}

/* +1 for an LLVM-MCA-BEGIN marker, -1 for LLVM-MCA-END, 0 otherwise; comments as the front
 * end reads them (src/a64/parse.c): `#` first on the line, `//` outside strings, or a `;`
 * piece that starts with the marker */
static int marker_at(const char *c, const char *e)
{
    while (c < e && (*c == ' ' || *c == '\t'))
        c++;
    size_t n = (size_t)(e - c);
    if (n >= 14 && !memcmp(c, "LLVM-MCA-BEGIN", 14))   /* (BEGINname: region "name", as llvm-mca) */
        return 1;
    if (n >= 12 && !memcmp(c, "LLVM-MCA-END", 12))
        return -1;
    return 0;
}

static int line_marker(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    if (p < e && *p == '#')
        return marker_at(p + 1, e);
    bool quote = false;
    for (; p < e; p++) {
        if (quote) {
            if (*p == '\\' && p + 1 < e)
                p++;
            else if (*p == '"')
                quote = false;
        } else if (*p == '"') {
            quote = true;
        } else if (*p == '/' && p + 1 < e && p[1] == '/') {
            return marker_at(p + 2, e);
        } else if (*p == ';' && marker_at(p + 1, e)) {
            return marker_at(p + 1, e);
        }
    }
    return 0;
}

/* is a block comment open after [p, e), from `open` (open at p)?  (a string's quotes and a
 * line comment as the parser reads them) */
static bool comment_after(const char *p, const char *e, bool open)
{
    for (bool quote = false; p < e; p++) {
        if (open) {
            if (*p == '*' && p + 1 < e && p[1] == '/') open = false, p++;
        } else if (quote) {
            if (*p == '\\') p++;
            else if (*p == '"') quote = false;
        } else if (*p == '"') {
            quote = true;
        } else if (*p == '/' && p + 1 < e && p[1] == '/') {
            break;
        } else if (*p == '/' && p + 1 < e && p[1] == '*') {
            open = true, p++;
        }
    }
    return open;
}

/* the line at p in [p, e): its end (after the newline) and *marker = line_marker of it; NULL
 * when its newline is not in [p, e).  Most lines neither start with `#` nor hold any of
 * " / ; before their newline: one pass finds their end, and they have no marker.  A line that
 * leaves a string open is read with the lines the string spans, as the parser reads them
 * (asm_statement_end; *more: the lines after the first; a marker inside the string is none):
 * NULL while no quote in [p, e) closes it, unless `final` (e is the end of the input) or the
 * lines would pass MCA_LINE_MAX (then the line alone: the parser's error), and when its last
 * line ends at e (the caller reads on, or takes the rest as the last line).  So does a line
 * that leaves a block comment open: the statement goes on after the comment. */
static const char *scan_line(const char *p, const char *e, bool final, bool darwin, int *marker, int *more)
{
    const char *c = p;
    *more = 0;
    while (c < e && (*c == ' ' || *c == '\t'))
        c++;
    const char *q = c < e && *c == '#' ? c : a64_plain_end(c, e);
    if (q < e && *q == '\n') {
        *marker = 0;
        return q + 1;
    }
    const char *nl = q < e ? memchr(q, '\n', (size_t)(e - q)) : NULL;
    if (!nl)
        return NULL;
    if (q < nl && (memchr(q, '"', (size_t)(nl - q)) || memchr(q, '*', (size_t)(nl - q)))) {
        const char *se = asm_statement_end(p, nl, e, darwin, more);
        if (se == e || (!se && !final && e - p <= MCA_LINE_MAX))
            return NULL;          /* (read on: its end is not read yet; at the end, the rest) */
        if (se && *c != '#' && !final && e - p <= MCA_LINE_MAX && comment_after(p, se, false))
            return NULL;          /* (a block comment not closed yet: its statement goes on after it) */
        if (se && se - p <= MCA_LINE_MAX)
            nl = se;
        else
            *more = 0;
    }
    *marker = line_marker(p, nl + 1);
    return nl + 1;
}

/* the lines [*first, *last] (1-based) of the statement of `text` that holds line `line`: one
 * line, or the lines a string or a block comment spans (as the parser reads them:
 * asm_statement_end, not inside a block comment never closed) */
static void statement_lines(const Buf *text, int line, bool darwin, int *first, int *last)
{
    const char *p = text->data, *end = p + text->len;
    bool cmt = false;
    *first = *last = line;
    for (int l = 1; p < end && l <= line;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end, *se;
        int more = 0;
        if (!cmt && (memchr(p, '"', (size_t)(le - p)) || memchr(p, '*', (size_t)(le - p))) &&
            (se = asm_statement_end(p, le, end, darwin, &more)))
            le = se;
        if (more || cmt || memchr(p, '/', (size_t)(le - p)))
            cmt = comment_after(p, le, cmt);
        if (line <= l + more) {
            *first = l, *last = l + more;
            return;
        }
        l += 1 + more;
        p = le + 1;
    }
}

/* blank out line `line` (1-based, of the chunk) keeping its newline, so line numbers stay,
 * with the other lines of its statement (a string across them), or with every line after it
 * when `to_end`; false when there was nothing on them to blank */
static bool blank_line(Buf *text, int line, bool darwin, bool to_end)
{
    int l = 1, first, last;
    size_t i = 0;
    bool changed = false;
    if (memchr(text->data, '"', text->len) || memchr(text->data, '*', text->len))
        statement_lines(text, line, darwin, &first, &last);
    else
        first = last = line;
    while (i < text->len && l < first)
        if (text->data[i++] == '\n')
            l++;
    for (; i < text->len && (to_end || l < last || text->data[i] != '\n'); i++) {
        if (text->data[i] == '\n') {
            l++;
            continue;
        }
        changed |= text->data[i] != ' ';
        text->data[i] = ' ';
    }
    return changed;
}

/* a located error of the input at `line` (1-based), nothing else on it: pass 1 stops */
static void input_error(Run *run, int line, const char *what, long long bound)
{
    Diag d;
    diag_set(&d, run->fname, line, 0, NULL, what, bound);
    diag_print(stderr, &d, "error");
    run->failed = true;
}

/* keep only the bytes of t from `from` up to its first NUL outside a line comment (included),
 * and stop the input there: the parser reports the NUL, nothing after it is read.  `scan` has
 * seen t up to `from`. */
static bool cut_at_nul(Run *run, TextNulScan *scan, Buf *t, size_t from, long t_off)
{
    const char *z = text_nul(scan, t->data + from, t->data + t->len);
    if (!z)
        return false;
    t->len = (size_t)(z - t->data) + 1;
    t->data[t->len] = 0;
    run->in_len = t_off + (long)t->len;
    return true;
}

/* read the next chunk (pass 1) into run->cur->text and record it; false at end of input, or
 * with run->failed after a located error (a line longer than MCA_LINE_MAX, a region longer
 * than MCA_REGION_MAX_LINES).  The input is read in blocks straight into the chunk's text,
 * split into lines there, and cut after the line that ends the chunk: the file position goes
 * back to that point (the input is a regular or a temporary file) and the bytes read beyond
 * it are dropped.  Nothing after a NUL byte is read (see cut_at_nul). */
bool mca_read_next_chunk(Run *run, int *depth, int *line)
{
    enum { BLOCK = 16384 };
    Buf *t = &run->cur->text;
    buf_reset(t);
    buf_reserve(t, BLOCK);
    long off = ftell(run->in);
    int lines = 0;
    size_t ls = 0;                /* the start of the next line in t */
    bool cut = false, eof = false;
    TextNulScan scan = {false, '\n'};   /* (a chunk starts at a line) */
    bool darwin = run->c->parse.dialect == ASM_DARWIN;
    while (!cut) {
        const char *l = t->data + ls, *end = t->data + t->len;
        int m, more = 0;
        const char *le = scan_line(l, end, eof, darwin, &m, &more);
        if (le && (size_t)(le - l) - 1 > (size_t)MCA_LINE_MAX) {   /* (a whole line read in one block) */
            input_error(run, *line + lines + 1, "a line longer than %lld bytes (the bound)", MCA_LINE_MAX);
            return false;
        }
        if (!le) {
            if (t->len - ls > MCA_LINE_MAX) {
                input_error(run, *line + lines + 1, "a line longer than %lld bytes (the bound)", MCA_LINE_MAX);
                return false;
            }
            if (!eof) {           /* no whole line left: read on (as much as the line has: a long
                                   * line is not scanned again per block) */
                size_t blk = t->len - ls > BLOCK ? t->len - ls : BLOCK;
                buf_reserve(t, blk);
                long left = run->in_len - (off + (long)t->len);
                size_t want = left < (long)blk ? (size_t)(left > 0 ? left : 0) : blk;
                size_t n = want ? fread(t->data + t->len, 1, want, run->in) : 0;
                size_t from = t->len;
                t->len += n;
                t->data[t->len] = 0;
                eof = n == 0 || cut_at_nul(run, &scan, t, from, off);
                continue;
            }
            if (l == end)
                break;
            le = end;             /* the last line, without its newline */
            m = line_marker(l, le);
        }
        if (m > 0)
            (*depth)++;
        else if (m < 0)
            *depth = *depth > 0 ? *depth - 1 : 0;
        lines += 1 + more;
        ls = (size_t)(le - t->data);
        /* a cut right after a region's end: a label before a region (at its first address,
         * a back-edge's target) stays in the region's chunk; a long stretch without one is
         * cut anyway (the chunks' memory bound) */
        cut = *depth == 0 && lines >= run->chunk_lines && (m < 0 || lines >= 16 * run->chunk_lines);
        if (!cut && lines >= MCA_REGION_MAX_LINES) {
            input_error(run, *line + lines, "a code region longer than %lld lines (the bound): "
                        "mark shorter regions with # LLVM-MCA-BEGIN / # LLVM-MCA-END", MCA_REGION_MAX_LINES);
            return false;
        }
    }
    if (ls < t->len) {            /* read beyond the cut */
        t->len = ls;
        t->data[ls] = 0;
        if (fseek(run->in, off + (long)ls, SEEK_SET) != 0)
            die("cannot read '%s': %s", run->fname, strerror(errno));
    }
    if (lines == 0 && run->nchunks > 0)
        return false;
    if (run->nchunks == run->cap)
        run->chunks = xrealloc(run->chunks, (size_t)(run->cap = run->cap ? 2 * run->cap : 8) * sizeof *run->chunks);
    run->chunks[run->nchunks++] = (Chunk){off, run->cur->text.len, *line, lines, run->next_start};
    *line += lines;
    return true;
}

/* before pass 1: does the input have region markers?  (decides whether code outside regions
 * is ignored; a file without markers is one region).  Read in blocks up to the first marker;
 * the first NUL byte outside a line comment ends the input (run->in_len: the parser reports it, nothing after it is
 * read), a line longer than MCA_LINE_MAX is an error (run->failed). */
bool mca_scan_input(Run *run)
{
    enum { BLOCK = 65536 };
    Buf t;
    buf_init(&t);
    buf_reserve(&t, BLOCK);
    long off = 0;                 /* file offset of t.data[0] */
    int line = 1;
    bool found = false, eof = false;
    size_t ls = 0;
    TextNulScan scan = {false, '\n'};
    bool darwin = run->c->parse.dialect == ASM_DARWIN;
    while (!found && !run->failed) {
        int m, more = 0;
        const char *le = scan_line(t.data + ls, t.data + t.len, eof, darwin, &m, &more);
        if ((le ? (size_t)(le - t.data) - ls - 1 : t.len - ls) > (size_t)MCA_LINE_MAX) {
            input_error(run, line, "a line longer than %lld bytes (the bound)", MCA_LINE_MAX);
            break;
        }
        if (!le) {
            if (eof) {
                if (ls < t.len)
                    found = (run->first_marker = line_marker(t.data + ls, t.data + t.len)) != 0;
                break;
            }
            if (ls > 0) {         /* drop the lines done */
                memmove(t.data, t.data + ls, t.len - ls);
                t.len -= ls;
                off += (long)ls;
                ls = 0;
            }
            size_t blk = t.len > BLOCK ? t.len : BLOCK;   /* (a long line: not scanned again per block) */
            buf_reserve(&t, blk);
            size_t n = fread(t.data + t.len, 1, blk, run->in);
            size_t from = t.len;
            t.len += n;
            t.data[t.len] = 0;
            eof = n == 0 || cut_at_nul(run, &scan, &t, from, off);
            continue;
        }
        found = m != 0;
        run->first_marker = m;
        ls = (size_t)(le - t.data);
        line += 1 + more;
    }
    buf_free(&t);
    if (ferror(run->in))
        die("cannot read '%s': %s", run->fname, strerror(errno));
    rewind(run->in);
    return found;
}

/* re-read chunk k (pass 2), with the skipped lines blanked again */
void mca_reread_chunk(Run *run, int k)
{
    const Chunk *ch = &run->chunks[k];
    buf_reset(&run->cur->text);
    buf_reserve(&run->cur->text, ch->len + 1);
    if (fseek(run->in, ch->off, SEEK_SET) != 0 || fread(run->cur->text.data, 1, ch->len, run->in) != ch->len)
        die("cannot re-read '%s': %s", run->fname, strerror(errno));
    run->cur->text.len = ch->len;
    run->cur->text.data[ch->len] = 0;
    for (int s = 0; s < run->nskipped; s++)
        if (run->skipped[s] > ch->line0)
            blank_line(&run->cur->text, run->skipped[s] - ch->line0, run->c->parse.dialect == ASM_DARWIN, false);
}

static void warn_at(Run *run, int line0, const A64Inst *in, const char *fmt, const char *a, const char *b)
{
    const char *p = run->cur->text.data, *end = run->cur->text.data + run->cur->text.len;
    for (int l = 1; l < in->line - line0 && p < end; p++)
        if (*p == '\n')
            l++;
    Diag d;
    diag_set(&d, run->fname, in->line, in->col, p < end ? p : NULL, fmt, a, b);
    diag_print(stderr, &d, "warning");
}

/* line `line` of the file is left out (-skip-unsupported-instructions): pass 2 reads it blank */
static void add_skipped(Run *run, int line)
{
    if (run->nskipped == run->skipcap)
        run->skipped = xrealloc(run->skipped, (size_t)(run->skipcap = run->skipcap ? 2 * run->skipcap : 16) * sizeof *run->skipped);
    run->skipped[run->nskipped++] = line;
}

/* an error of the parse: printed; *asm_errors set when it is the assembler's (a region marker's,
 * A64_DIAG_REGION, is not: neither skipped by -skip-unsupported-instructions nor closed by
 * llvm-mca's "Assembly input parsing had errors") */
static void parse_diag(const Diag *d, const char *severity, bool *asm_errors)
{
    diag_print(stderr, d, severity);
    if (!strcmp(severity, "error") && d->kind != A64_DIAG_REGION)
        *asm_errors = true;
}

/* an error of a line parsed again blank, with the warnings of that line's statement that its
 * failed parse made before it (their lines the input's), and the count of those past the cap
 * on printed warnings (A64Program.more) from line more_line on */
/* the column an error is said at among its line's warnings (Diag.order_col) */
static int order_col(int col, int order) { return order > col ? order : col; }

typedef struct Held { Diag err; Diag *warns; int nwarns; long more; int more_line; } Held;

/* err held (in line order: a line before one held, the parse that failed on it went past that
 * one; the errors of a line's earlier statements come inside err, first: the parser's
 * skipped_join, which orders within a line what this order of lines cannot see), with the warnings of g (the failed parse, lines of the chunk at line0) from line `from`
 * on, which the text blanked from there drops */
static void held_add(Held **held, int *nheld, const Diag *err, A64Program *g, int from, int line0)
{
    if (*nheld % 8 == 0)
        *held = xrealloc(*held, (size_t)(*nheld + 8) * sizeof **held);
    int at = (*nheld)++;
    for (; at > 0 && (*held)[at - 1].err.line > err->line; at--) (*held)[at] = (*held)[at - 1];
    Held *h = &(*held)[at];
    *h = (Held){*err, NULL, 0, 0, 0};
    /* (g->more's lines are the input's, also for a file the parser read for `.include`: one
     * read by a line before `from` is read again by the parse without the line, which counts
     * its warnings past the cap, so they are not counted here too) */
    for (int k = 0; k < g->nmore; k++)
        if (g->more[k].line >= from) {
            if (!h->more) h->more_line = g->more[k].line + line0;
            h->more += g->more[k].n;
        }
    int w = 0;
    while (w < g->nwarnings && (g->warnings[w].own || g->warnings[w].line < from)) w++;
    if (w < g->nwarnings) {
        h->nwarns = g->nwarnings - w;
        h->warns = xmalloc((size_t)h->nwarns * sizeof *h->warns);
        memcpy(h->warns, g->warnings + w, (size_t)h->nwarns * sizeof *h->warns);
        for (int k = 0; k < h->nwarns; k++) h->warns[k].line += line0;
    }
}

/* held error h printed (an error when collecting, else a warning of a line skipped), after
 * its statement's warnings (`warn`: pass 1, or collecting) */
static void held_print(Run *run, const Held *h, bool collect, bool warn, bool *asm_errors)
{
    for (int k = 0; warn && k < h->nwarns; k++)
        a64_print_warning(stderr, &h->warns[k], run->warned_lines, &run->warned);
    if (warn && h->more && h->more_line > run->warned_lines) run->warned.more += h->more;
    parse_diag(&h->err, collect ? "error" : "warning", asm_errors);
}

static void held_free(Held *held, int nheld)
{
    for (int h = 0; h < nheld; h++) free(held[h].warns);
    free(held);
}

/* the parse failed: llvm-mca 19's closing line after the assembler's errors, where skipping the
 * failing lines was not asked for, after the count of the warnings past the cap (the run ends) */
static bool parse_failed(const Run *run, bool asm_errors)
{
    if (asm_errors && run->c->skip != MCA_SKIP_PARSE && run->c->skip != MCA_SKIP_ANY) {
        a64_print_warnings_more(stderr, run->fname, &run->warned);
        fprintf(stderr, "%s: error: Assembly input parsing had errors, use -skip-unsupported-instructions="
                "parse-failure to drop failing lines from the input.\n", util_progname);
    }
    return false;
}

/* parse chunk k (its text is in run->cur->text); pass 1 (`first`) prints errors and warnings */
bool mca_parse_chunk(Run *run, int k, bool first, bool report)
{
    const McaRunOptions *c = run->c;
    const Chunk *ch = &run->chunks[k];
    Diag err;
    A64ParseOptions po = c->parse;
    /* the chunk goes on from where the one before it stopped; the whole text (no markers, or
     * chunks that did not parse alone) starts at its beginning and takes any section */
    po.start = run->has_markers ? &ch->start : NULL;
    /* the parser leaves out a failing line itself when nothing else on it took effect; the
     * others are blanked here and the chunk parsed again.  Without -skip-unsupported-
     * instructions, a parse that prints its error (`report`) goes on the same way to find the
     * others, printed as errors as llvm-mc does (at most MCA_MAX_ERRORS; it then fails) */
    bool skip = c->skip == MCA_SKIP_PARSE || c->skip == MCA_SKIP_ANY, skipping = first && skip;
    bool collect = false;
    /* (pass 2 reads the lines skipped blank, but for those of a file the parser reads for
     * `.include`: the parser leaves them out again, unsaid) */
    po.skip_errors = skip;
    po.keep_warnings = true;
    Held *held = NULL;            /* the lines parsed again without them, their diagnostics */
    int nheld = 0;
    for (;;) {
        a64_program_free(&run->cur->prog);   /* (a failed parse's warnings) */
        if (a64_parse_opts(run->fname, run->cur->text.len ? run->cur->text.data : "", run->cur->text.len, &po,
                           &run->cur->prog, &err))
            break;
        /* an error of llvm's MCContext (a CFI frame's), or of a statement that took effect: no
         * line to leave out, the parse goes on past it where errors are collected (the parser
         * lists it) */
        if ((err.kind == A64_DIAG_CONTEXT || err.kind == A64_DIAG_UNFINISHED || err.kind == A64_DIAG_KEPT) && report &&
            !po.skip_errors) {
            collect = po.skip_errors = true;
            continue;
        }
        int local = err.kind == A64_DIAG_INCLUDED ? 0 : err.line;   /* (0: no line of the input) */
        if (local) err.line += ch->line0;
        /* a line that fails to parse is skipped, and the chunk parsed again; not a bound of the
         * expansions (A64_CAUSE_EXPANSIONS): skipping a line of a body would replay them again, nor
         * a second code section (the whole parse takes it), nor a line already blank (an
         * error that skipping cannot end) */
        bool again = local > 0 && err.cause != A64_CAUSE_EXPANSIONS && err.cause != A64_CAUSE_WHOLE;
        /* (parsed again first as it is: the parser leaves out the failing line itself, with the
         * warnings of its other statements, where it can; else the line is blanked below) */
        if (!skipping && !collect && report && again) {
            collect = po.skip_errors = true;
            continue;
        }
        /* (a macro's or repetition's body without its end: it and every line after it, which
         * llvm reads into the body) */
        bool to_end = err.cause == A64_CAUSE_OPEN_BODY;
        bool darwin = c->parse.dialect == ASM_DARWIN;
        int from = local, last;
        if (local && memchr(run->cur->text.data, '"', run->cur->text.len))
            statement_lines(&run->cur->text, local, darwin, &from, &last);
        if ((skipping || (collect && nheld < MCA_MAX_ERRORS)) && again &&
            blank_line(&run->cur->text, local, darwin, to_end)) {
            if (!collect) {
                size_t ml = strlen(err.msg);
                snprintf(err.msg + ml, sizeof err.msg - ml, "; line skipped");
                add_skipped(run, err.line);
            }
            held_add(&held, &nheld, &err, &run->cur->prog, from, ch->line0);
            continue;
        }
        /* (the warnings of the parse that failed among the errors held, in line order) */
        bool asm_errors = false, warn = report && (first || collect);   /* (else a whole parse says them) */
        int wi = 0;
        for (int h = 0; h < nheld; h++) {
            if (warn)
                wi = a64_print_warnings_before(stderr, &run->cur->prog, ch->line0, run->warned_lines, &run->warned,
                                               wi, held[h].err.line, order_col(held[h].err.col, held[h].err.order_col));
            held_print(run, &held[h], collect, warn, &asm_errors);
        }
        held_free(held, nheld);
        if (warn)
            a64_print_warnings_before(stderr, &run->cur->prog, ch->line0, run->warned_lines, &run->warned, wi,
                                      INT_MAX, INT_MAX);
        a64_program_free(&run->cur->prog);
        if (report)
            parse_diag(&err, "error", &asm_errors);
        return parse_failed(run, asm_errors);
    }
    run->cur->have_prog = true;
    A64Program *prog = &run->cur->prog;
    /* the lines left out, the parser's and those parsed again without, in line order (pass 2
     * reads them blank); when collecting, the errors of the parse */
    const char *l = run->cur->text.data, *end = l + run->cur->text.len;
    bool asm_errors = false, region_failed = false;
    /* (when collecting, or in pass 1, the parser's warnings among the errors and the lines
     * skipped, in line order, as llvm-mc prints them: wi the next) */
    bool inter = collect || first;
    int wi = 0;
    for (int i = 0, h = 0, at = 1; i < prog->nskipped || h < nheld;) {
        if (h < nheld && (i == prog->nskipped || held[h].err.line <= prog->skipped[i].line + ch->line0)) {
            if (inter)
                wi = a64_print_warnings_before(stderr, prog, ch->line0, run->warned_lines, &run->warned, wi,
                                               held[h].err.line, order_col(held[h].err.col, held[h].err.order_col));
            held_print(run, &held[h++], collect, inter, &asm_errors);
            continue;
        }
        const struct A64Skipped *sk = &prog->skipped[i++];
        /* (llvm's MCContext's: an error, but with -skip-unsupported-instructions llvm goes on
         * past it; "Unfinished frame!" only when no statement failed) */
        bool context = sk->kind == A64_DIAG_CONTEXT || sk->kind == A64_DIAG_UNFINISHED;
        if (sk->kind == A64_DIAG_UNFINISHED && nheld > 0)
            continue;
        if (inter)
            wi = a64_print_warnings_before(stderr, prog, ch->line0, run->warned_lines, &run->warned, wi,
                                           sk->file ? INT_MIN : sk->line + ch->line0, order_col(sk->col, sk->order_col));
        if (!first)
            continue;
        /* (a region marker's error is no line to skip: llvm-mca fails with any -skip-unsupported-
         * instructions) */
        bool fails = collect || sk->kind == A64_DIAG_REGION;
        region_failed |= fails;
        if (sk->file) {           /* a line of a file the parser read: its own (none of the input) */
            diag_set(&err, sk->file, sk->fline, sk->col, sk->src, fails || context ? "%s" : "%s; line skipped", sk->msg);
        } else {
            if (sk->line < at) l = run->cur->text.data, at = 1;
            for (; at < sk->line && l && l < end; at++)
                l = (l = memchr(l, '\n', (size_t)(end - l))) ? l + 1 : NULL;
            diag_set(&err, run->fname, sk->line + ch->line0, sk->col, l && l < end ? l : NULL,
                     fails || context ? "%s" : "%s; line skipped", sk->msg);
        }
        err.col_end = sk->col_end;
        err.kind = sk->kind;
        err.own = sk->file != NULL;
        if (sk->notes) snprintf(err.notes, sizeof err.notes, "%s", sk->notes);
        err.cut = sk->cut;
        parse_diag(&err, fails || context ? "error" : "warning", &asm_errors);
        if (!fails && !sk->file && !context)
            add_skipped(run, err.line);
    }
    held_free(held, nheld);
    if (collect)
        a64_print_warnings_before(stderr, prog, ch->line0, run->warned_lines, &run->warned, wi, INT_MAX, INT_MAX);
    if (region_failed && !collect)
        run->failed = true;          /* (printed: no whole-file parse to print them again) */
    if (collect || region_failed)
        return parse_failed(run, asm_errors);
    if (first) {   /* (a whole parse after chunks: the lines they warned about are not again) */
        a64_print_warnings_before(stderr, prog, ch->line0, run->warned_lines, &run->warned, wi, INT_MAX, INT_MAX);
        if (ch->line0 + ch->lines > run->warned_lines)
            run->warned_lines = ch->line0 + ch->lines;
    }
    if (first && prog->end) {     /* (instructions are counted from the chunk's first: insts 0) */
        run->next_start = *prog->end;
        run->next_start.insts = 0;
        run->next_start.label = NULL;
        run->next_start.ctx = NULL;
    }
    for (int i = 0; i < prog->ninsts; i++)
        prog->insts[i].line += ch->line0;
    if (prog->ninsts + 1 > run->cur->drop_cap) {
        run->cur->drop_cap = prog->ninsts + 1;
        run->cur->drop = xrealloc(run->cur->drop, (size_t)run->cur->drop_cap * sizeof *run->cur->drop);
    }
    /* only instructions inside the regions analyzed matter (code outside markers is ignored) */
    McaRegion *regions = NULL;
    int nr = mca_regions(prog, !run->has_markers, &regions);
    memset(run->cur->drop, 1, (size_t)(prog->ninsts + 1) * sizeof *run->cur->drop);
    int bad_target = -1;          /* a branch to an offset off a 4-byte boundary */
    for (int g = 0; g < nr; g++)
        memset(run->cur->drop + regions[g].begin, 0, (size_t)(regions[g].end - regions[g].begin) * sizeof *run->cur->drop);
    for (int i = 0; i < prog->ninsts; i++) {
        if (run->cur->drop[i])
            continue;
        const A64Inst *in = &prog->insts[i];
        const char *mn = in->mnem_name ? in->mnem_name : "?";
        if (!in->form) {
            bool skip = c->skip == MCA_SKIP_LACK_SCHED || c->skip == MCA_SKIP_ANY;
            run->cur->drop[i] = skip;
            if (first && seen_add(&run->seen, mn))
                warn_at(run, ch->line0, in, skip ? "no measured form for '%s'%s; skipped (-skip-unsupported-instructions)"
                        : "no measured form for '%s'%s; simulated as a 1-uop, 1-cycle instruction", mn, "");
        } else if (first && in->approx && seen_add(&run->seen, in->form)) {
            warn_at(run, ch->line0, in, "no measured form for '%s'; using the nearest form '%s'", mn, in->form);
        }
        if (first && c->view.show_encoding && !run->cur->drop[i] && c->view.instruction_info) {
            uint32_t w;
            const char *why;
            if (!a64_encode(in, &w, &why) && seen_add(&run->seen, a64_inst_row(in) ? a64_inst_row(in) : mn))
                warn_at(run, ch->line0, in, "no A64 encoding for '%s' in uarch (%s); its Encodings column shows '-'", in->text, why);
        }
        /* with the front end, addresses matter: an instruction off a 4-byte boundary is said
         * (once per run); a branch to such an offset, after the loop */
        if (first && !c->sim.no_frontend && !run->warned_layout && !run->cur->drop[i]) {
            if (in->offset & 3) {
                char what[32];
                snprintf(what, sizeof what, "0x%x", (unsigned)in->offset);
                run->warned_layout = true;
                warn_at(run, ch->line0, in, "'%s' is at offset %s, not a multiple of 4 (a data directive before it): "
                        "the front end takes that address, as llvm-mc places it (GNU as pads to a multiple of 4)",
                        in->text, what);
            } else if (bad_target < 0 && in->branch != A64_BR_NONE && in->target >= 0 && (in->target & 3)) {
                bad_target = i;
            }
        }
        if (first && in->branch != A64_BR_NONE && !run->warned_branch && !run->cur->drop[i] && c->sim.no_frontend) {
            run->warned_branch = true;
            warn_at(run, ch->line0, in, "branches are not followed: '%s' and any other branch run as "
                    "straight-line code, as in llvm-mca%s", mn, "");
        }
    }
    /* every instruction of the chunk on a 4-byte boundary: no instruction starts where such a
     * branch goes, and the path does not follow it */
    if (bad_target >= 0 && !run->warned_layout) {
        const A64Inst *in = &prog->insts[bad_target];
        char what[32];
        snprintf(what, sizeof what, "0x%llx", (unsigned long long)in->target);
        run->warned_layout = true;
        warn_at(run, ch->line0, in, "'%s' goes to offset %s, not a multiple of 4 (no instruction starts there): "
                "the front end does not follow it", in->text, what);
    }
    for (int g = 0; g < nr; g++)
        if (regions[g].end - regions[g].begin > MCA_REGION_MAX_INSTS) {
            const A64Inst *in = &prog->insts[regions[g].begin + MCA_REGION_MAX_INSTS];
            free(regions);
            if (report || first)
                input_error(run, in->line, "more than %lld instructions in one region (the bound): mark "
                            "shorter regions with # LLVM-MCA-BEGIN / # LLVM-MCA-END", MCA_REGION_MAX_INSTS);
            return false;
        }
    /* with the front end: a region whose branches cannot be followed says why (once per run) */
    for (int g = 0; first && !c->sim.no_frontend && !run->warned_branch && g < nr; g++) {
        int b = regions[g].begin, e = regions[g].end, k = 0;
        /* the region's instructions kept: a copy only when some are dropped (a long region is
         * not held twice) */
        A64Inst *tmp = NULL;
        for (int i = b; i < e && !tmp; i++)
            if (run->cur->drop[i]) {
                tmp = xmalloc((size_t)(e - b) * sizeof *tmp);
                memcpy(tmp, &prog->insts[b], (size_t)(i - b) * sizeof *tmp);
                k = i - b;
                for (; i < e; i++)
                    if (!run->cur->drop[i]) tmp[k++] = prog->insts[i];
            }
        McaPath path;
        memset(&path, 0, sizeof path);
        if (!mca_path(tmp ? tmp : &prog->insts[b], tmp ? k : e - b, &path)) {
            run->warned_branch = true;
            warn_at(run, ch->line0, &prog->insts[b], "branches are not followed in this region: %s; it runs "
                    "as straight-line code%s", path.why, "");
        }
        mca_path_free(&path);
        free(tmp);
    }
    /* regions that will be analyzed (non-empty after dropping) */
    run->chunk_regions = 0;
    for (int g = 0; g < nr; g++)
        for (int i = regions[g].begin; i < regions[g].end; i++)
            if (!run->cur->drop[i]) {
                run->chunk_regions++;
                break;
            }
    free(regions);
    /* the text of a long chunk is not kept beside its program (nothing reads it now; the
     * next chunk is read into a fresh buffer) */
    if (run->cur->text.cap > MCA_SPARE_BYTES)
        buf_free(&run->cur->text);
    return true;
}

void mca_slot_release(Slot *sl)
{
    if (sl->have_prog)
        a64_program_free(&sl->prog);
    sl->have_prog = false;
}

void mca_slot_free(Slot *sl)
{
    mca_slot_release(sl);
    free(sl->drop);
    sl->drop = NULL;
    sl->drop_cap = 0;
    buf_free(&sl->text);
}

/* dst takes src's chunk (what dst held is freed); src is left empty */
void mca_slot_move(Slot *dst, Slot *src)
{
    mca_slot_free(dst);
    *dst = *src;
    memset(src, 0, sizeof *src);
}

/* the memory a parsed chunk holds (its text, instructions and their strings, estimated) */
static size_t slot_bytes(const Slot *sl)
{
    return sl->text.cap + (size_t)sl->prog.cap * sizeof(A64Inst) * 3 / 2 + (size_t)sl->drop_cap;
}

/* pass 1: keep the chunk in run->cur (not queued) parsed for pass 2 if it fits in the budget */
void mca_keep_chunk(Run *run, int k)
{
    size_t b = slot_bytes(run->cur);
    if (run->kept_bytes + b > run->keep_max)
        return;
    if (k >= run->kept_cap) {
        int cap = run->kept_cap ? run->kept_cap : 16;
        while (cap <= k) cap *= 2;
        run->kept = xrealloc(run->kept, (size_t)cap * sizeof *run->kept);
        memset(run->kept + run->kept_cap, 0, (size_t)(cap - run->kept_cap) * sizeof *run->kept);
        run->kept_cap = cap;
    }
    run->kept[k] = xcalloc(1, sizeof **run->kept);
    mca_slot_move(run->kept[k], run->cur);              /* the slot starts afresh */
    run->kept_bytes += b;
}

void mca_kept_free(Run *run)
{
    for (int k = 0; k < run->kept_cap; k++)
        if (run->kept[k]) {
            mca_slot_free(run->kept[k]);
            free(run->kept[k]);
            run->kept[k] = NULL;
        }
    run->kept_bytes = 0;
}

void mca_run_free(Run *run)
{
    for (int k = 0; k < NSLOT; k++)
        mca_slot_free(&run->slot[k]);
    mca_slot_free(&run->scratch);
    mca_kept_free(run);
    free(run->kept);
    for (int u = 0; u < run->nunits; u++)
        free(run->units[u]);
    for (int i = 0; i < run->seen.n; i++)
        free(run->seen.keys[i]);
    free(run->seen.keys);
    free(run->chunks);
    free(run->skipped);
    free(run->tmp);
    buf_free(&run->b);
    if (run->in && run->in != stdin)
        fclose(run->in);
    asm_include_done(&run->map);
}

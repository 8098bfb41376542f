/* diag.c — located diagnostics in the chibicc style: file:line:col, the source line, a caret;
 * the lines of a text made of several files (SrcMap: an input with its `.include`d files
 * spliced in) printed at each file's own. */
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* control characters (escape sequences among them) are never sent to the terminal as they
 * are: printed as \xNN, four columns */
static bool is_ctrl(unsigned char c) { return (c < 0x20 && c != '\t') || c == 0x7f; }

/* the columns character c takes on the screen at column x, as llvm's SourceMgr shows a source
 * line: a tab to the next multiple of 8, a UTF-8 continuation byte none */
static int width_at(unsigned char c, int x)
{
    return c == '\t' ? 8 - x % 8 : is_ctrl(c) ? 4 : (c & 0xc0) == 0x80 ? 0 : 1;
}

/* the source line src as llvm shows it: tabs expanded to spaces (control characters are
 * escaped when printed) */
static void put_expanded(FILE *f, const char *src)
{
    int x = 0;
    const char *end = src + strlen(src);
    for (const char *c = src; *c;) {
        size_t k = text_printable(c, end);
        if (*c == '\t') fprintf(f, "%*s", 8 - x % 8, ""), x += 8 - x % 8;
        else if (!k) fprintf(f, "\\x%02x", (unsigned char)*c), x += 4;
        else fwrite(c, 1, k, f), x++;
        c += k ? k : 1;
    }
}

/* the caret line under column col (1-based, a byte of src), and '~' under the rest of the
 * range [col, col_end) when col_end > col (llvm's underline of a whole statement); none for a
 * line with a byte of UTF-8 (a byte order mark, 'é'), as llvm's SourceMgr, whose columns are
 * bytes */
static void put_caret(FILE *f, const char *src, int col, int col_end)
{
    for (const char *c = src; *c; c++)
        if ((unsigned char)*c >= 0x80) return;
    int x = 0, n = (int)strlen(src);
    for (int i = 0; i < col - 1; i++)
        x += i < n ? width_at((unsigned char)src[i], x) : 1;
    fprintf(f, "%*s^", x, "");
    x += col - 1 < n ? width_at((unsigned char)src[col - 1], x) : 1;
    int x0 = x;
    for (int i = col; i < col_end - 1 && i < n; i++)
        x += width_at((unsigned char)src[i], x);
    for (int i = x0; i < x; i++) fputc('~', f);
    fputc('\n', f);
}

void diag_set(Diag *d, const char *file, int line, int col, const char *line_start,
              const char *fmt, ...)
{
    snprintf(d->file, sizeof d->file, "%s", file ? file : "<input>");
    d->line = line;
    d->col = col;
    d->col_end = 0;
    d->order_col = 0;
    d->kind = 0;
    d->cause = 0;
    d->own = false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    d->src_line[0] = 0;
    d->notes[0] = 0;
    d->cut = 0;
    if (line_start) {
        size_t n = 0;
        while (line_start[n] && line_start[n] != '\n' && line_start[n] != '\r' &&
               n + 1 < sizeof d->src_line)
            n++;
        memcpy(d->src_line, line_start, n);
        d->src_line[n] = 0;
    }
}

bool diag_text_nul(Diag *d, const char *file, const char *text, size_t len)
{
    const char *nul = text && len ? memchr(text, 0, len) : NULL;
    if (!nul)
        return false;
    const char *ls = text;
    int line = 1;
    for (const char *p = text; p < nul; p++)
        if (*p == '\n')
            line++, ls = p + 1;
    diag_set(d, file, line, (int)(nul - ls) + 1, ls, "unexpected NUL character");
    return true;
}

/* in a note's text: the severity its diagnostic is printed with (diag_add's NULL) */
#define SAME_SEVERITY '\x01'

static void put_escaped(FILE *f, const char *s)
{
    /* (a newline stays one: a name from a string that spans lines, as llvm prints it) */
    text_put(f, s, strlen(s), true);
}

/* ---- SrcMap ---- */
int srcmap_file(SrcMap *m, const char *name)
{
    for (int i = 0; i < m->nfiles; i++)
        if (!strcmp(m->files[i], name))
            return i;
    if (m->nfiles % 16 == 0)
        m->files = xrealloc(m->files, (size_t)(m->nfiles + 16) * sizeof *m->files);
    m->files[m->nfiles] = xstrdup(name);
    return m->nfiles++;
}

void srcmap_seg(SrcMap *m, int line, int file, int fline, int inc)
{
    if (m->nseg && m->seg[m->nseg - 1].line == line)   /* (an empty segment: the next replaces it) */
        free(m->seg[--m->nseg].src);
    if (m->nseg == m->capseg)
        m->seg = xrealloc(m->seg, (size_t)(m->capseg = m->capseg ? 2 * m->capseg : 16) * sizeof *m->seg);
    m->seg[m->nseg++] = (SrcSeg){line, file, fline, inc, NULL};
}

void srcmap_seg_src(SrcMap *m, int line, int file, int fline, int inc, const char *src, size_t n)
{
    srcmap_seg(m, line, file, fline, inc);
    const char *nl = memchr(src, '\n', n);
    if (nl) n = (size_t)(nl - src);
    if (n >= sizeof ((Diag *)0)->src_line) n = sizeof ((Diag *)0)->src_line - 1;   /* (what a Diag shows) */
    char *c = xmalloc(n + 1);
    memcpy(c, src, n);
    c[n] = 0;
    m->seg[m->nseg - 1].src = c;
}

int srcmap_inc(SrcMap *m, int file, int line, int up)
{
    if (m->ninc == m->capinc)
        m->inc = xrealloc(m->inc, (size_t)(m->capinc = m->capinc ? 2 * m->capinc : 16) * sizeof *m->inc);
    m->inc[m->ninc] = (SrcInc){file, line, up};
    return m->ninc++;
}

/* the segment of text line `line`, or NULL */
static const SrcSeg *seg_of(const SrcMap *m, int line)
{
    int lo = 0, hi = m->nseg;     /* the last segment that starts at or before `line` */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (m->seg[mid].line <= line) lo = mid + 1;
        else hi = mid;
    }
    return lo == 0 || line < 1 ? NULL : &m->seg[lo - 1];
}

const char *srcmap_locate(const SrcMap *m, int line, int *fline, int *inc)
{
    const SrcSeg *s = seg_of(m, line);
    if (!s)
        return NULL;
    *fline = s->fline + (line - s->line);
    *inc = s->inc;
    return m->files[s->file];
}

void srcmap_free(SrcMap *m)
{
    for (int i = 0; i < m->nfiles; i++)
        free(m->files[i]);
    for (int i = 0; i < m->nseg; i++)
        free(m->seg[i].src);
    free(m->files);
    free(m->seg);
    free(m->inc);
    memset(m, 0, sizeof *m);
}

/* the input whose lines are mapped (diag_use_map) */
static char *map_name;
static const SrcMap *map;

void diag_use_map(const char *file, const SrcMap *m)
{
    free(map_name);
    map_name = m ? xstrdup(file) : NULL;
    map = m;
}

/* llvm's "Included from file:line:" lines of include `inc`, the outermost first */
static void put_included(FILE *f, int inc)
{
    if (inc < 0)
        return;
    put_included(f, map->inc[inc].up);
    fputs("Included from ", f);
    put_escaped(f, map->files[map->inc[inc].file]);
    fprintf(f, ":%d:\n", map->inc[inc].line);
}

/* file:line, and the lines that include it (to f), where the map has them; *line mapped, and
 * *src the line as written when the text has it otherwise (else left) */
static const char *put_located(FILE *f, const char *file, int *line, const char **src)
{
    int fl, inc;
    const char *n;
    if (!map || !file || strncmp(file, map_name, sizeof ((Diag *)0)->file - 1) ||
        !(n = srcmap_locate(map, *line, &fl, &inc)))
        return file;
    const SrcSeg *s = seg_of(map, *line);
    if (s->src && s->line == *line)
        *src = s->src;
    put_included(f, inc);
    *line = fl;
    return n;
}

/* diag_add's note; `own`: file:line are the file's own (not mapped: see Diag.own) */
static void vadd(Diag *d, bool own, const char *severity, const char *file, int line, int col, int col_end,
                 const char *line_start, const char *fmt, va_list ap)
{
    char msg[300], src[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    size_t n = 0;
    while (line_start && line_start[n] && line_start[n] != '\n' && line_start[n] != '\r' && n + 1 < sizeof src)
        n++;
    if (line_start) memcpy(src, line_start, n);
    src[n] = 0;
    size_t used = strlen(d->notes);
    if (used + 1 >= sizeof d->notes) {
        d->cut++;
        return;
    }
    /* rendered now (the line expanded, the caret): the notes are text */
    FILE *m = fmemopen(d->notes + used, sizeof d->notes - used, "w");
    if (!m)
        return;
    setvbuf(m, NULL, _IONBF, 0);
    /* (the text escaped now: a control character left in the notes is SAME_SEVERITY) */
    file = file ? file : "<input>";
    const char *shown = src;
    if (!own) file = put_located(m, file, &line, &shown);
    put_escaped(m, file);
    fprintf(m, ":%d", line);
    if (col > 0) fprintf(m, ":%d", col);
    if (severity) fprintf(m, ": %s: ", severity);
    else fprintf(m, ": %c: ", SAME_SEVERITY);
    put_escaped(m, msg);
    fputc('\n', m);
    if (col > 0) {
        put_expanded(m, shown);
        fputc('\n', m);
        put_caret(m, shown, col, col_end);
    }
    long w = ftell(m);
    bool whole = !ferror(m) && w >= 0 && (size_t)w + 1 < sizeof d->notes - used;
    fclose(m);
    if (!whole) {
        d->notes[used] = 0;               /* a note that does not fit whole is left out (counted) */
        d->cut++;
    } else
        d->notes[used + (size_t)w] = 0;
}

void diag_add(Diag *d, const char *severity, const char *file, int line, int col, const char *line_start,
              const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vadd(d, false, severity, file, line, col, 0, line_start, fmt, ap);
    va_end(ap);
}

void diag_note_file(Diag *d, bool own, const char *file, int line, int col, const char *line_start, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vadd(d, own, "note", file, line, col, 0, line_start, fmt, ap);
    va_end(ap);
}

static void add_fmt(Diag *d, bool own, int col_end, const char *line_start, const Diag *e, const char *fmt, ...)
    PRINTF_LIKE(6, 7);
static void add_fmt(Diag *d, bool own, int col_end, const char *line_start, const Diag *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vadd(d, own, NULL, e->file, e->line, e->col, col_end, line_start, fmt, ap);
    va_end(ap);
}

/* the diagnostics in notes: those printed with their Diag's severity, and the notes */
static int notes_count(const char *notes)
{
    int n = 0;
    for (const char *c = notes; (c = strpbrk(c, "\x01:")); c++)
        n += *c == SAME_SEVERITY || !strncmp(c, ": note: ", 8);
    return n;
}

void diag_append(Diag *d, const Diag *e)
{
    add_fmt(d, e->own, e->col_end, e->src_line, e, "%s", e->msg);
    size_t used = strlen(d->notes), n = strlen(e->notes);
    if (used + n < sizeof d->notes) memcpy(d->notes + used, e->notes, n + 1);
    else d->cut += notes_count(e->notes);
    d->cut += e->cut;
}

static void render(FILE *f, const Diag *d, const char *severity)
{
    int line = d->line;
    const char *src = d->src_line;
    const char *file = d->own ? d->file : put_located(f, d->file, &line, &src);
    put_escaped(f, file);
    if (!d->src_line[0] && d->col <= 0)
        src = d->src_line;            /* (no line shown: none mapped either) */
    if (d->col > 0)
        fprintf(f, ":%d:%d: %s: ", line, d->col, severity);
    else
        fprintf(f, ":%d: %s: ", line, severity);
    put_escaped(f, d->msg);
    fputc('\n', f);
    if (src[0] || d->col > 0) {
        put_expanded(f, src);            /* tabs expanded, as llvm shows the line */
        fputc('\n', f);
        if (d->col > 0)
            put_caret(f, src, d->col, d->col_end);
    }
    for (const char *c = d->notes; *c; c++) {   /* the notes' lines (escaped by diag_add) */
        if (*c == SAME_SEVERITY)
            fputs(severity, f);
        else
            fputc(*c, f);
    }
    if (d->cut > 0) {                    /* (not silent: what did not fit is said) */
        put_escaped(f, file);
        fprintf(f, ":%d: note: %d more diagnostic%s of this line not shown (uarch keeps %zu bytes of them)\n",
                line, d->cut, d->cut == 1 ? "" : "s", sizeof d->notes);
    }
}

void diag_print(FILE *f, const Diag *d, const char *severity)
{
    /* rendered in memory, then written at once: stderr is unbuffered, and a character at a
     * time was a write(2) each (10,000 warnings of -skip-unsupported-instructions: a second) */
    char *p = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&p, &n);
    if (!m) {
        render(f, d, severity);
        return;
    }
    render(m, d, severity);
    if (fclose(m) == 0)
        fwrite(p, 1, n, f);
    else
        render(f, d, severity);
    free(p);
}

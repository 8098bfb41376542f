/* diag.c — located diagnostics in the chibicc style: file:line:col, the source line, a caret. */
#include "util.h"

#include <stdlib.h>
#include <string.h>

void diag_set(Diag *d, const char *file, int line, int col, const char *line_start,
              const char *fmt, ...)
{
    snprintf(d->file, sizeof d->file, "%s", file ? file : "<input>");
    d->line = line;
    d->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    d->src_line[0] = 0;
    d->notes[0] = 0;
    if (line_start) {
        size_t n = 0;
        while (line_start[n] && line_start[n] != '\n' && line_start[n] != '\r' &&
               n + 1 < sizeof d->src_line)
            n++;
        memcpy(d->src_line, line_start, n);
        d->src_line[n] = 0;
    }
}

void diag_note(Diag *d, const char *file, int line, int col, const char *line_start,
               const char *fmt, ...)
{
    char msg[300], src[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    size_t n = 0;
    while (line_start && line_start[n] && line_start[n] != '\n' && line_start[n] != '\r' && n + 1 < sizeof src)
        n++;
    if (line_start) memcpy(src, line_start, n);
    src[n] = 0;
    char caret[512];
    int k = 0;
    for (; k < col - 1 && k < (int)sizeof caret - 2; k++)
        caret[k] = k < (int)n && src[k] == '\t' ? '\t' : ' ';
    caret[k++] = '^';
    caret[k] = 0;
    size_t used = strlen(d->notes);
    if (used + 1 >= sizeof d->notes)
        return;
    int w = col > 0 ? snprintf(d->notes + used, sizeof d->notes - used, "%s:%d:%d: note: %s\n%s\n%s\n",
                               file ? file : "<input>", line, col, msg, src, caret)
                    : snprintf(d->notes + used, sizeof d->notes - used, "%s:%d: note: %s\n",
                               file ? file : "<input>", line, msg);
    if (w < 0 || (size_t)w >= sizeof d->notes - used)
        d->notes[used] = 0;               /* a note that does not fit whole is left out */
}

/* control characters (escape sequences among them) are never sent to the terminal as they
 * are: printed as \xNN (a tab stays a tab) */
static bool is_ctrl(unsigned char c) { return (c < 0x20 && c != '\t') || c == 0x7f; }

static void put_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (is_ctrl((unsigned char)*s))
            fprintf(f, "\\x%02x", (unsigned char)*s);
        else
            fputc(*s, f);
    }
}

static void render(FILE *f, const Diag *d, const char *severity)
{
    put_escaped(f, d->file);
    if (d->col > 0)
        fprintf(f, ":%d:%d: %s: ", d->line, d->col, severity);
    else
        fprintf(f, ":%d: %s: ", d->line, severity);
    put_escaped(f, d->msg);
    fputc('\n', f);
    if (d->src_line[0] || d->col > 0) {
        put_escaped(f, d->src_line);
        fputc('\n', f);
        if (d->col > 0) {
            /* keep tabs so the caret lines up under tab-indented source; an escaped
             * character is four columns wide */
            int n = (int)strlen(d->src_line);
            for (int i = 0; i < d->col - 1; i++) {
                unsigned char c = i < n ? (unsigned char)d->src_line[i] : ' ';
                fputs(c == '\t' ? "\t" : is_ctrl(c) ? "    " : " ", f);
            }
            fputs("^\n", f);
        }
    }
    for (const char *c = d->notes; *c; c++) {   /* the notes' lines, escaped as the rest */
        if (*c == '\n' || !is_ctrl((unsigned char)*c))
            fputc(*c, f);
        else
            fprintf(f, "\\x%02x", (unsigned char)*c);
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

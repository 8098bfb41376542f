/* diag.c — located diagnostics in the chibicc style: file:line:col, the source line, a caret. */
#include "util.h"

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

void diag_print(FILE *f, const Diag *d, const char *severity)
{
    if (d->col > 0)
        fprintf(f, "%s:%d:%d: %s: %s\n", d->file, d->line, d->col, severity, d->msg);
    else
        fprintf(f, "%s:%d: %s: %s\n", d->file, d->line, severity, d->msg);
    if (d->src_line[0] || d->col > 0) {
        fprintf(f, "%s\n", d->src_line);
        if (d->col > 0) {
            /* keep tabs so the caret lines up under tab-indented source */
            int n = (int)strlen(d->src_line);
            for (int i = 0; i < d->col - 1; i++)
                fputc(i < n && d->src_line[i] == '\t' ? '\t' : ' ', f);
            fputs("^\n", f);
        }
    }
    fputs(d->notes, f);
}

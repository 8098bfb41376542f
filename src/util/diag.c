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
    if (line_start) {
        size_t n = 0;
        while (line_start[n] && line_start[n] != '\n' && line_start[n] != '\r' &&
               n + 1 < sizeof d->src_line)
            n++;
        memcpy(d->src_line, line_start, n);
        d->src_line[n] = 0;
    }
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

void diag_print(FILE *f, const Diag *d, const char *severity)
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
}

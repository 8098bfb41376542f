/* tsv.c — a reader for the project's tab-separated data files.
 * Lines starting with '#' before the header are comments (the file's provenance header);
 * after the header, '#' lines are comments too.  Empty lines are skipped. */
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static bool split_line(Tsv *t)
{
    for (;;) {
        if (!t->cursor || !*t->cursor)
            return false;
        char *line = t->cursor;
        char *nl = strchr(line, '\n');
        if (nl) {
            *nl = 0;
            t->cursor = nl + 1;
        } else {
            t->cursor = line + strlen(line);
        }
        t->line++;
        size_t len = strlen(line);
        if (len && line[len - 1] == '\r')
            line[--len] = 0;
        if (len == 0 || line[0] == '#')
            continue;
        t->ncells = 0;
        char *p = line;
        for (;;) {
            if (t->ncells == t->cap) {
                t->cap = t->cap ? t->cap * 2 : 16;
                t->cells = xrealloc(t->cells, (size_t)t->cap * sizeof *t->cells);
            }
            t->cells[t->ncells++] = p;
            char *tab = strchr(p, '\t');
            if (!tab)
                break;
            *tab = 0;
            p = tab + 1;
        }
        return true;
    }
}

bool tsv_open_text(Tsv *t, const char *path, const char *text, size_t len, Diag *err)
{
    memset(t, 0, sizeof *t);
    t->path = path;
    t->text = xstrndup(text, len);
    t->cursor = t->text;
    if (!split_line(t)) {
        diag_set(err, path, 1, 0, NULL, "no header line");
        free(t->text);
        t->text = NULL;
        return false;
    }
    t->nheader = t->ncells;
    t->header = xmalloc((size_t)t->nheader * sizeof *t->header);
    memcpy(t->header, t->cells, (size_t)t->nheader * sizeof *t->header);
    return true;
}

bool tsv_open(Tsv *t, const char *path, Diag *err)
{
    Buf b;
    buf_init(&b);
    if (!read_file(path, &b)) {
        diag_set(err, path, 0, 0, NULL, "cannot read: %s", strerror(errno));
        buf_free(&b);
        return false;
    }
    bool ok = tsv_open_text(t, path, b.data ? b.data : "", b.len, err);
    buf_free(&b);
    return ok;
}

bool tsv_next(Tsv *t) { return split_line(t); }

int tsv_col(const Tsv *t, const char *name)
{
    for (int i = 0; i < t->nheader; i++)
        if (strcmp(t->header[i], name) == 0)
            return i;
    return -1;
}

const char *tsv_get(const Tsv *t, int col) { return col >= 0 && col < t->ncells ? t->cells[col] : ""; }

void tsv_close(Tsv *t)
{
    free(t->text);
    free(t->cells);
    free(t->header);
    memset(t, 0, sizeof *t);
}

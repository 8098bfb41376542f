/* view_pressure.c — the resource pressure view (llvm-mca's ResourcePressureView): the list of
 * resources ("[0]   - u1"), pressure per iteration and by instruction.  Our resources are the
 * model's execution units, one unit per resource, so indices carry no ".sub" part. */
#include "mca/views.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void column_names(Buf *out, const McaResult *r)
{
    int col = mca_column(out), cur = col;   /* the column is tracked, not rescanned */
    for (int u = 0; u < r->nunits; u++) {
        col += 7;
        char cell[32];
        size_t k = 0;
        cell[k++] = '[';
        k += fmt_llong(cell + k, u);
        cell[k++] = ']';
        buf_put(out, cell, k);
        cur += (int)k;
        int pad = col - cur > 1 ? col - cur : 1;
        buf_fill(out, ' ', (size_t)pad);
        cur += pad;
    }
}

/* the cells of the common case (" - ", or a value below 1e13: K / 100 with K an integer) into
 * reserved space; returns the end, or NULL for a cell pressure_cell() must write */
static char *quick_cell(char *d, double p, int col, int *cur)
{
    int n;
    if (!(p >= 0.005)) {
        memcpy(d, " - ", 3);
        n = 3;
    } else if (p < 1e13) {
        unsigned long long k = (unsigned long long)floor(p * 100 + 0.5);
        char tmp[24];
        int nd = (int)fmt_ullong(tmp, k);
        n = 0;
        if (nd < 3) {
            d[n++] = '0';
            d[n++] = '.';
            if (nd < 2) d[n++] = '0';
            memcpy(d + n, tmp, (size_t)nd);
            n += nd;
        } else {
            memcpy(d, tmp, (size_t)(nd - 2));
            n = nd - 2;
            d[n++] = '.';
            d[n++] = tmp[nd - 2];
            d[n++] = tmp[nd - 1];
        }
    } else {
        return NULL;
    }
    *cur += n;
    int pad = col - *cur > 1 ? col - *cur : 1;
    memset(d + n, ' ', (size_t)pad);
    *cur += pad;
    return d + n + pad;
}

/* one cell, padded to column `col`; `*cur` is the current column (rows are long: the column
 * is tracked here instead of rescanning the line) */
static void pressure_cell(Buf *out, double p, int col, int *cur)
{
    buf_reserve(out, 64 + (col > *cur ? (size_t)(col - *cur) : 0));
    char *e = quick_cell(out->data + out->len, p, col, cur);
    if (!e) {   /* a huge value: printf's "%.2f" */
        char cell[400];
        int n = snprintf(cell, sizeof cell, "%.2f", floor(p * 100 + 0.5) / 100);
        *cur += n;
        int pad = col - *cur > 1 ? col - *cur : 1;
        buf_put(out, cell, (size_t)n);
        buf_fill(out, ' ', (size_t)pad);
        *cur += pad;
        return;
    }
    out->len = (size_t)(e - out->data);
    out->data[out->len] = 0;
}

/* one row of cells (values already divided by the iterations) */
static void pressure_row(Buf *out, const double *row, int nunits, double it)
{
    int cur = 0;
    buf_reserve(out, (size_t)nunits * 40 + 8);
    char *d = out->data + out->len;
    for (int u = 0; u < nunits; u++) {
        double p = row[u] / it;
        if (!(p >= 0.005) && cur == u * 7) {   /* the most common cell, at its column */
            memcpy(d, " -     ", 7);
            d += 7;
            cur += 7;
            continue;
        }
        char *e = quick_cell(d, p, (u + 1) * 7, &cur);
        if (e) {
            d = e;
            continue;
        }
        out->len = (size_t)(d - out->data);
        pressure_cell(out, p, (u + 1) * 7, &cur);
        buf_reserve(out, (size_t)(nunits - u) * 40 + 8);
        d = out->data + out->len;
    }
    out->len = (size_t)(d - out->data);
    out->data[out->len] = 0;
}

/* the list of resources and the column names (at the start of a line) are the same for every
 * region of a model: they are kept per thread, keyed by the unit name array's contents */
static _Thread_local struct {
    int nunits;
    const char *names[64];
    Buf list, cols;
} head_cache;

void mca_views_release(void)
{
    buf_free(&head_cache.list);
    buf_free(&head_cache.cols);
    head_cache.nunits = 0;
    mca_display_release();
}

static bool head_cached(const McaResult *r)
{
    if (r->nunits > 64 || r->nunits != head_cache.nunits || head_cache.list.len == 0)
        return false;
    for (int u = 0; u < r->nunits; u++)
        if (r->unit_names[u] != head_cache.names[u])
            return false;
    return true;
}

static void resources_list(Buf *out, const McaResult *r)
{
    for (int u = 0; u < r->nunits; u++) {
        char cell[32];
        size_t k = 0;
        cell[k++] = '[';
        k += fmt_llong(cell + k, u);
        cell[k++] = ']';
        int pad = 6 - (int)k;   /* the line starts here: its column is k */
        if (pad < 1)
            pad = 1;
        buf_put(out, cell, k);
        buf_fill(out, ' ', (size_t)pad);
        buf_put(out, "- ", 2);
        buf_puts(out, r->unit_names[u]);
        buf_putc(out, '\n');
    }
}

void mca_view_resource_pressure(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    double it = r->iterations > 0 ? r->iterations : 1;
    if (!head_cached(r) && r->nunits <= 64) {
        buf_reset(&head_cache.list);
        buf_reset(&head_cache.cols);
        resources_list(&head_cache.list, r);
        column_names(&head_cache.cols, r);
        head_cache.nunits = r->nunits;
        memcpy(head_cache.names, r->unit_names, sizeof(char *) * (size_t)r->nunits);
    }
    bool cached = head_cached(r);
    buf_puts(out, "\n\nResources:\n");
    if (cached)
        buf_put(out, head_cache.list.data, head_cache.list.len);
    else
        resources_list(out, r);
    buf_puts(out, "\n\nResource pressure per iteration:\n");
    if (cached)
        buf_put(out, head_cache.cols.data, head_cache.cols.len);
    else
        column_names(out, r);
    buf_putc(out, '\n');
    int cur = 0;
    if (r->nunits <= 64) {
        double sum[64] = {0};   /* per unit, over the instructions in order (as by columns) */
        for (int i = 0; i < rd->n; i++)
            for (int u = 0; u < r->nunits; u++)
                sum[u] += mca_pressure(r, i, u);
        pressure_row(out, sum, r->nunits, it);
    } else {
        for (int u = 0; u < r->nunits; u++) {
            double sum = 0;
            for (int i = 0; i < rd->n; i++)
                sum += mca_pressure(r, i, u);
            pressure_cell(out, sum / it, (u + 1) * 7, &cur);
        }
    }
    buf_putc(out, '\n');

    buf_puts(out, "\nResource pressure by instruction:\n");
    if (cached)
        buf_put(out, head_cache.cols.data, head_cache.cols.len);
    else
        column_names(out, r);
    buf_puts(out, "Instructions:\n");
    double *row = xmalloc(sizeof(double) * (size_t)(r->nunits > 0 ? r->nunits : 1));
    for (int i = 0; i < rd->n; i++) {
        for (int u = 0; u < r->nunits; u++)
            row[u] = mca_pressure(r, i, u);
        pressure_row(out, row, r->nunits, it);
        buf_puts(out, rd->text[i]);
        buf_putc(out, '\n');
        mca_view_flush(out, rd);
    }
    free(row);
}

/* view_pressure.c — the resource pressure view (llvm-mca's ResourcePressureView): the list of
 * resources ("[0]   - u1"), pressure per iteration and by instruction.  Our resources are the
 * model's execution units, one unit per resource, so indices carry no ".sub" part. */
#include "mca/views.h"

#include <math.h>
#include <stdio.h>

static void column_names(Buf *out, const McaResult *r)
{
    int col = mca_column(out);
    for (int u = 0; u < r->nunits; u++) {
        col += 7;
        buf_printf(out, "[%d]", u);
        mca_pad_to(out, col);
    }
}

/* one cell, padded to column `col`; `*cur` is the current column (rows are long: the column
 * is tracked here instead of rescanning the line) */
static void pressure_cell(Buf *out, double p, int col, int *cur)
{
    char cell[32];
    int n;
    if (!(p >= 0.005))
        n = snprintf(cell, sizeof cell, " - ");
    else
        n = snprintf(cell, sizeof cell, "%.2f", floor(p * 100 + 0.5) / 100);
    buf_put(out, cell, (size_t)n);
    *cur += n;
    int pad = col - *cur > 1 ? col - *cur : 1;
    for (int i = 0; i < pad; i++)
        buf_putc(out, ' ');
    *cur += pad;
}

void mca_view_resource_pressure(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    double it = r->iterations > 0 ? r->iterations : 1;
    buf_puts(out, "\n\nResources:\n");
    for (int u = 0; u < r->nunits; u++) {
        buf_printf(out, "[%d]", u);
        mca_pad_to(out, 6);
        buf_printf(out, "- %s\n", r->unit_names[u]);
    }
    buf_puts(out, "\n\nResource pressure per iteration:\n");
    column_names(out, r);
    buf_putc(out, '\n');
    int cur = 0;
    for (int u = 0; u < r->nunits; u++) {
        double sum = 0;
        for (int i = 0; i < rd->n; i++)
            sum += r->pressure[(size_t)i * r->nunits + u];
        pressure_cell(out, sum / it, (u + 1) * 7, &cur);
    }
    buf_putc(out, '\n');

    buf_puts(out, "\nResource pressure by instruction:\n");
    column_names(out, r);
    buf_puts(out, "Instructions:\n");
    for (int i = 0; i < rd->n; i++) {
        cur = 0;
        for (int u = 0; u < r->nunits; u++)
            pressure_cell(out, r->pressure[(size_t)i * r->nunits + u] / it, (u + 1) * 7, &cur);
        buf_printf(out, "%s\n", rd->text[i]);
    }
}

/* view_report.c — one region's text report: the views in llvm-mca's order, then ours.
 *
 * llvm-mca 14 (PipelinePrinter::printReport) prints, per region: the "[i] Code Region - name"
 * header (explicit regions only), then summary, bottleneck analysis, instruction info, dispatch
 * stats, scheduler stats, retire stats, register file stats, resource pressure, timeline.  Our
 * additions (binding limit, retire/load/store queue usage, fusions/eliminations, simulated
 * counters) come after, so tools that parse llvm-mca's text see the same layout.
 *
 * Also the layout helpers every view uses: the display column of the current line (tabs to the
 * next multiple of 8, as llvm's formatted_raw_ostream) and PadToColumn (at least one space). */
#include "mca/views.h"

#include <math.h>
#include <string.h>

void mca_view_options_default(McaViewOptions *o)
{
    memset(o, 0, sizeof *o);
    o->summary = o->instruction_info = o->resource_pressure = true;
    o->timeline_max_iterations = 10;
    o->timeline_max_cycles = 80;
}

int mca_column(const Buf *out)
{
    size_t start = out->len;
    while (start > 0 && out->data[start - 1] != '\n')
        start--;
    int col = 0;
    for (size_t i = start; i < out->len; i++)
        col = out->data[i] == '\t' ? (col + 8) & ~7 : col + 1;
    return col;
}

void mca_pad_to(Buf *out, int col)
{
    int n = col - mca_column(out);
    if (n < 1)
        n = 1;
    for (int i = 0; i < n; i++)
        buf_putc(out, ' ');
}

void mca_putf_round(Buf *out, const char *fmt, double v, double scale)
{
    double x = floor(v * scale + 0.5) / scale;
    /* the common formats "%.Nf" without other text: the cheap formatter (same bytes) */
    if (fmt[0] == '%' && fmt[1] == '.' && fmt[2] >= '0' && fmt[2] <= '9' && fmt[3] == 'f' && !fmt[4]) {
        buf_put_fixed(out, x, fmt[2] - '0');
        return;
    }
    buf_printf(out, fmt, x);
}

void mca_view_report(Buf *out, const McaViewOptions *o, const McaRegionData *rd)
{
    if (rd->is_explicit) {
        buf_puts(out, "\n[");
        buf_put_llong(out, rd->index);
        buf_puts(out, "] Code Region");
        if (rd->name && rd->name[0]) {
            buf_puts(out, " - ");
            buf_puts(out, rd->name);
        }
        buf_puts(out, "\n\n");
    }
    if (o->summary)
        mca_view_summary(out, rd);
    if (o->bottleneck)
        mca_view_bottleneck(out, rd);
    if (o->instruction_info)
        mca_view_instruction_info(out, o, rd);
    if (o->dispatch_stats)
        mca_view_dispatch_stats(out, rd);
    if (o->scheduler_stats)
        mca_view_scheduler_stats(out, rd);
    if (o->retire_stats)
        mca_view_retire_stats(out, rd);
    if (o->register_file_stats)
        mca_view_register_file_stats(out, rd);
    if (o->resource_pressure)
        mca_view_resource_pressure(out, rd);
    if (o->timeline)
        mca_view_timeline(out, o, rd);
    /* ours */
    if (o->bottleneck)
        mca_view_binding_limit(out, rd);
    if (o->scheduler_stats)
        mca_view_queue_usage(out, rd);
    if (o->fusion)
        mca_view_fusion(out, rd);
    if (o->counters)
        mca_view_counters(out, rd);
}

/* view_summary.c — the summary view (llvm-mca's SummaryView): iterations, instructions, cycles,
 * uops, dispatch width, uops per cycle, IPC and the block's static reciprocal throughput. */
#include "mca/views.h"

void mca_view_summary(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    long long insts = (long long)r->n * r->iterations;
    double cycles = r->total_cycles > 0 ? (double)r->total_cycles : 1;
    buf_puts(out, "Iterations:        ");
    buf_put_llong(out, r->iterations);
    buf_puts(out, "\nInstructions:      ");
    buf_put_llong(out, insts);
    buf_puts(out, "\nTotal Cycles:      ");
    buf_put_llong(out, r->total_cycles);
    buf_puts(out, "\nTotal uOps:        ");
    buf_put_llong(out, r->total_uops);
    buf_puts(out, "\n\nDispatch Width:    ");
    buf_put_llong(out, r->dispatch_width);
    buf_puts(out, "\nuOps Per Cycle:    ");
    mca_putf_round(out, "%.2f", (double)r->total_uops / cycles, 100);
    buf_puts(out, "\nIPC:               ");
    mca_putf_round(out, "%.2f", (double)insts / cycles, 100);
    buf_puts(out, "\nBlock RThroughput: ");
    mca_putf_round(out, "%.1f", r->block_rthroughput, 10);
    buf_putc(out, '\n');
}

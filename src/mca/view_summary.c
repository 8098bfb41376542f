/* view_summary.c — the summary view (llvm-mca's SummaryView): iterations, instructions, cycles,
 * uops, dispatch width, uops per cycle, IPC and the block's static reciprocal throughput. */
#include "mca/views.h"

void mca_view_summary(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    long long insts = (long long)r->n * r->iterations;
    double cycles = r->total_cycles > 0 ? (double)r->total_cycles : 1;
    buf_printf(out, "Iterations:        %d", r->iterations);
    buf_printf(out, "\nInstructions:      %lld", insts);
    buf_printf(out, "\nTotal Cycles:      %lld", r->total_cycles);
    buf_printf(out, "\nTotal uOps:        %lld\n", r->total_uops);
    buf_printf(out, "\nDispatch Width:    %d", r->dispatch_width);
    buf_puts(out, "\nuOps Per Cycle:    ");
    mca_putf_round(out, "%.2f", (double)r->total_uops / cycles, 100);
    buf_puts(out, "\nIPC:               ");
    mca_putf_round(out, "%.2f", (double)insts / cycles, 100);
    buf_puts(out, "\nBlock RThroughput: ");
    mca_putf_round(out, "%.1f", r->block_rthroughput, 10);
    buf_putc(out, '\n');
}

/* view_instinfo.c — the instruction info view (llvm-mca's InstructionInfoView): per instruction
 * #uOps, latency, reciprocal throughput, may-load, may-store, unmodeled side effects. */
#include "mca/views.h"

void mca_view_instruction_info(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    if (rd->n == 0)
        return;
    buf_puts(out, "\n\nInstruction Info:\n"
                  "[1]: #uOps\n[2]: Latency\n[3]: RThroughput\n"
                  "[4]: MayLoad\n[5]: MayStore\n[6]: HasSideEffects (U)\n"
                  "\n[1]    [2]    [3]    [4]    [5]    [6]    Instructions:\n");
    for (int i = 0; i < rd->n; i++) {
        const McaInstInfo *in = &r->info[i];
        buf_printf(out, " %d    ", in->uops);
        buf_puts(out, in->uops < 10 ? "  " : in->uops < 100 ? " " : "");
        buf_printf(out, "%d   ", in->latency);
        buf_puts(out, in->latency < 10 ? "  " : in->latency < 100 ? " " : "");
        double rt = in->rthroughput;
        if (rt >= 0) {
            buf_printf(out, "%.2f ", rt);
            buf_puts(out, rt < 10.0 ? "  " : rt < 100.0 ? " " : "");
        } else {
            buf_puts(out, " -     ");
        }
        buf_puts(out, in->may_load ? " *     " : "       ");
        buf_puts(out, in->may_store ? " *     " : "       ");
        buf_puts(out, in->has_side_effects ? " U     " : "       ");
        buf_printf(out, "%s\n", rd->text[i]);
    }
}

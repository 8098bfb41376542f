/* view_instinfo.c — the instruction info view (llvm-mca's InstructionInfoView): per instruction
 * #uOps, latency, reciprocal throughput, may-load, may-store, unmodeled side effects, and with
 * -show-encoding the encoding size and bytes (a64_encode; '-' where uarch has no encoding, which
 * pass 1 reported as a warning). */
#include "mca/views.h"

#include <string.h>

void mca_view_instruction_info(Buf *out, const McaViewOptions *o, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    if (rd->n == 0)
        return;
    buf_puts(out, "\n\nInstruction Info:\n"
                  "[1]: #uOps\n[2]: Latency\n[3]: RThroughput\n"
                  "[4]: MayLoad\n[5]: MayStore\n[6]: HasSideEffects (U)\n");
    if (o->show_encoding)
        buf_puts(out, "[7]: Encoding Size\n"
                      "\n[1]    [2]    [3]    [4]    [5]    [6]    [7]    Encodings:                    Instructions:\n");
    else
        buf_puts(out, "\n[1]    [2]    [3]    [4]    [5]    [6]    Instructions:\n");
    for (int i = 0; i < rd->n; i++) {
        const McaInstInfo *in = &r->info[i];
        /* " %d    " + pad, "%d   " + pad, "%.2f " + pad or " -     ", flags, text */
        buf_reserve(out, 96);
        char *p = out->data + out->len;
        *p++ = ' ';
        p += fmt_llong(p, in->uops);
        memcpy(p, "    ", 4), p += 4;
        if (in->uops < 100) *p++ = ' ';
        if (in->uops < 10) *p++ = ' ';
        p += fmt_llong(p, in->latency);
        memcpy(p, "   ", 3), p += 3;
        if (in->latency < 100) *p++ = ' ';
        if (in->latency < 10) *p++ = ' ';
        double rt = in->rthroughput;
        int k;
        if (rt >= 0 && (k = fmt_fixed(p, rt, 2)) >= 0) {
            p += k;
            *p++ = ' ';
            if (rt < 100.0) *p++ = ' ';
            if (rt < 10.0) *p++ = ' ';
            out->len = (size_t)(p - out->data);
        } else {
            out->len = (size_t)(p - out->data);
            if (rt >= 0) {
                buf_printf(out, "%.2f ", rt);
                buf_puts(out, rt < 10.0 ? "  " : rt < 100.0 ? " " : "");
            } else {
                buf_puts(out, " -     ");
            }
            buf_reserve(out, 32);
            p = out->data + out->len;
        }
        memcpy(p, in->may_load ? " *     " : "       ", 7), p += 7;
        memcpy(p, in->may_store ? " *     " : "       ", 7), p += 7;
        memcpy(p, in->has_side_effects ? " U     " : "       ", 7), p += 7;
        out->len = (size_t)(p - out->data);
        if (o->show_encoding) {
            /* llvm-mca: " <size>     ", then "%02x " per byte, padded to 30 columns */
            uint32_t w;
            if (a64_encode(&rd->insts[i], &w, NULL))
                buf_printf(out, " 4     %02x %02x %02x %02x                   ", w & 0xff, w >> 8 & 0xff, w >> 16 & 0xff, w >> 24);
            else
                buf_puts(out, " -     -                             ");
        }
        buf_puts(out, rd->text[i]);
        buf_putc(out, '\n');
    }
}

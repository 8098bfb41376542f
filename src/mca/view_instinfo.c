/* view_instinfo.c — the instruction info view (llvm-mca's InstructionInfoView): per instruction
 * #uOps, latency, reciprocal throughput, may-load, may-store, unmodeled side effects, with
 * -show-barriers load/store barrier, and with -show-encoding the encoding size and bytes (a64_encode; '-' where uarch has no encoding, which
 * pass 1 reported as a warning). */
#include "mca/views.h"

#include <string.h>
#include <strings.h>

/* -show-barriers: 1 = orders loads, 2 = stores, 3 = both.  dmb/dsb by their option (the
 * *ld options order loads, *st stores, the others both; #imm: CRm's low two bits).  llvm-mca 19
 * marks barriers only on targets with an instruction post-processor (x86), so on AArch64 its
 * columns stay empty; uarch shows what the instruction orders. */
static int barrier_kind(const A64Inst *in)
{
    const char *m = in->mnem_name;
    if (!m || (strcmp(m, "dmb") && strcmp(m, "dsb")) || in->nops < 1)
        return 0;
    const A64Operand *op = &in->ops[0];
    if (op->kind == A64_OP_IMM) {
        int k = (int)(op->u.imm.value & 3);
        return k == 0 ? 3 : k;
    }
    if (op->kind != A64_OP_NAMED || !op->u.named)
        return 3;
    size_t n = strlen(op->u.named);
    if (n >= 2 && !strcasecmp(op->u.named + n - 2, "ld"))
        return 1;
    if (n >= 2 && !strcasecmp(op->u.named + n - 2, "st"))
        return 2;
    return 3;
}

void mca_view_instruction_info(Buf *out, const McaViewOptions *o, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    if (rd->n == 0)
        return;
    buf_puts(out, "\n\nInstruction Info:\n"
                  "[1]: #uOps\n[2]: Latency\n[3]: RThroughput\n"
                  "[4]: MayLoad\n[5]: MayStore\n[6]: HasSideEffects (U)\n");
    if (o->show_barriers)
        buf_puts(out, "[7]: LoadBarrier\n[8]: StoreBarrier\n");
    if (o->show_encoding)
        buf_puts(out, o->show_barriers ? "[9]: Encoding Size\n" : "[7]: Encoding Size\n");
    buf_puts(out, "\n[1]    [2]    [3]    [4]    [5]    [6]    ");
    if (o->show_barriers)
        buf_puts(out, "[7]    [8]    ");
    if (o->show_encoding)
        buf_puts(out, o->show_barriers ? "[9]    Encodings:                    " : "[7]    Encodings:                    ");
    buf_puts(out, "Instructions:\n");
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
        if (o->show_barriers) {
            int b = barrier_kind(&rd->insts[i]);
            buf_puts(out, b & 1 ? " *     " : "       ");
            buf_puts(out, b & 2 ? " *     " : "       ");
        }
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
        mca_view_flush(out, rd);
    }
}

/* view_fusion.c — -fusion-info (ours): which fusions (cmp+b.cc, alu+cbz, aese+aesmc, ...) and
 * eliminations at rename (mov reg, mov #imm, movi #0, nop, ...) happened, how often. */
#include "mca/views.h"

void mca_view_fusion(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    buf_printf(out, "\n\nFusions and eliminations (over %d iterations):\n", r->iterations);
    if (r->nfusions == 0) {
        buf_puts(out, "No fusion or elimination happened.\n");
        return;
    }
    buf_puts(out, "[1]: Kind\n[2]: Count\n[3]: Rule\n\n[1]          [2]        [3]                  Instructions:\n");
    for (int k = 0; k < r->nfusions; k++) {
        const McaFusion *f = &r->fusions[k];
        buf_puts(out, f->kind == MCA_FUSED ? "fused" : "eliminated");
        mca_pad_to(out, 13);
        buf_printf(out, "%lld", f->count);
        mca_pad_to(out, 24);
        buf_puts(out, f->rule ? f->rule : "");
        mca_pad_to(out, 45);
        if (f->inst >= 0 && f->inst < rd->n)
            buf_printf(out, "%d. %s", f->inst, rd->text[f->inst]);
        if (f->inst2 >= 0 && f->inst2 < rd->n)
            buf_printf(out, "  +  %d. %s", f->inst2, rd->text[f->inst2]);
        buf_putc(out, '\n');
    }
}

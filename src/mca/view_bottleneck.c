/* view_bottleneck.c — -bottleneck-analysis: llvm-mca's BottleneckAnalysis text (backend
 * pressure, its split into resource pressure and data dependencies, the critical sequence)
 * and, printed after llvm-mca's views, ours: the binding limit named (a unit class, the decode
 * width, a dependency chain with its latency sum, a queue) with its cycles per iteration. */
#include "mca/views.h"

#include <stdlib.h>

static void pct(Buf *out, long long part, double total)
{
    buf_puts(out, "[ ");
    mca_putf_round(out, "%.2f", (double)part * 100 / total, 100);
    buf_puts(out, "% ]");
}

/* llvm-mca's printInstruction of the critical sequence: pad to column 14, the text */
static void inst_at(Buf *out, const McaRegionData *rd, int i)
{
    mca_pad_to(out, 14);
    buf_puts(out, rd->text[i]);
}

/* the register use written by `a` and read by `b`, or NULL */
static const A64RegUse *dep_use(const A64Inst *a, const A64Inst *b)
{
    for (int w = 0; w < a->nwrites; w++)
        for (int r = 0; r < b->nreads; r++)
            if (a->writes[w].reg == b->reads[r].reg && a->writes[w].reg != A64_NOREG)
                return &a->writes[w];
    return NULL;
}

/* the register as the MC printer names it: x0/w0/sp, b0..q0 for scalars, q0/d0 for vectors */
static void reg_text(Buf *out, const A64Inst *in, const A64RegUse *u)
{
    const A64Operand *op = u->opnd >= 1 && u->opnd <= in->nops ? &in->ops[u->opnd - 1] : NULL;
    if (op && op->kind == A64_OP_GPR && u->reg <= A64_SP) {
        if (op->u.gpr.num == 31 && op->u.gpr.is_sp)
            buf_puts(out, op->u.gpr.is64 ? "sp" : "wsp");
        else
            buf_printf(out, "%c%d", op->u.gpr.is64 ? 'x' : 'w', op->u.gpr.num);
        return;
    }
    if (op && op->kind == A64_OP_VREG && u->reg >= A64_V0 && u->reg < A64_V0 + 32) {
        static const char scalar[] = {[A64_V_B] = 'b', [A64_V_H] = 'h', [A64_V_S] = 's', [A64_V_D] = 'd',
                                      [A64_V_Q] = 'q', [A64_V_8B] = 'd', [A64_V_4H] = 'd', [A64_V_2S] = 'd',
                                      [A64_V_1D] = 'd', [A64_V_16B] = 'q', [A64_V_8H] = 'q', [A64_V_4S] = 'q',
                                      [A64_V_2D] = 'q', [A64_V_1Q] = 'q'};
        char c = op->u.vreg.shape < sizeof scalar ? scalar[op->u.vreg.shape] : 0;
        if (c) {
            buf_printf(out, "%c%d", c, u->reg - A64_V0);
            return;
        }
    }
    buf_puts(out, a64_reg_name(u->reg));
}

static void dep_info(Buf *out, const McaRegionData *rd, int from, int to)
{
    mca_pad_to(out, 58);
    const A64RegUse *u = rd->insts ? dep_use(&rd->insts[from], &rd->insts[to]) : NULL;
    if (u) {
        buf_puts(out, "## REGISTER dependency:  ");
        reg_text(out, &rd->insts[from], u);
    } else {
        buf_puts(out, "## MEMORY dependency.");
    }
}

static void critical_sequence(Buf *out, const McaRegionData *rd)
{
    const McaBottleneck *b = &rd->res->bottleneck;
    int len = b->critical_len < 64 ? b->critical_len : 64;
    if (len < 1 || !b->pressure_cycles)
        return;
    for (int k = 0; k < len; k++)
        if (b->critical[k] < 0 || b->critical[k] >= rd->n)
            bug("critical sequence names instruction %d of a %d-instruction region", b->critical[k], rd->n);
    /* edges: consecutive chain members, preceded by the loop-carried edge last -> first */
    int from[65], to[65], ne = 0;
    int first = b->critical[0], lastc = b->critical[len - 1];
    bool carried = len == 1 || (rd->insts && dep_use(&rd->insts[lastc], &rd->insts[first]));
    if (carried) {
        from[ne] = lastc; to[ne++] = first;
    }
    for (int k = 0; k + 1 < len; k++) {
        from[ne] = b->critical[k]; to[ne++] = b->critical[k + 1];
    }
    int n = rd->n;
    buf_puts(out, "\nCritical sequence based on the simulation:\n\n");
    mca_pad_to(out, 14);
    buf_puts(out, "Instruction");
    mca_pad_to(out, 58);
    buf_puts(out, "Dependency Information");

    int fromi = from[0], cur = 0;
    if (fromi >= to[0]) {
        buf_printf(out, "\n +----< %d.", fromi);
        inst_at(out, rd, fromi);
        buf_puts(out, "\n |\n |    < loop carried > \n |");
    } else {
        while (cur < fromi) {
            buf_printf(out, "\n        %d.", cur);
            inst_at(out, rd, cur);
            cur++;
        }
        buf_printf(out, "\n +----< %d.", cur);
        inst_at(out, rd, cur);
        cur++;
    }
    for (int e = 0; e < ne; e++) {
        int toi = to[e];
        int lastiid = cur > toi ? n : toi;
        while (cur < lastiid) {
            buf_printf(out, "\n |      %d.", cur);
            inst_at(out, rd, cur);
            cur++;
        }
        if (cur == toi) {
            buf_printf(out, "\n +----> %d.", toi);
        } else {
            buf_printf(out, "\n |\n |    < loop carried > \n |\n +----> %d.", toi);
            cur = toi;
        }
        inst_at(out, rd, toi);
        dep_info(out, rd, from[e], toi);
        cur++;
    }
    while (cur < n) {
        buf_printf(out, "\n        %d.", cur);
        inst_at(out, rd, cur);
        cur++;
    }
    buf_putc(out, '\n');
}

void mca_view_bottleneck(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    const McaBottleneck *b = &r->bottleneck;
    if (!b->resource_pressure_cycles && !b->data_dep_cycles) {
        buf_puts(out, "\n\nNo resource or data dependency bottlenecks discovered.\n");
        return;
    }
    double total = r->total_cycles > 0 ? (double)r->total_cycles : 1;
    buf_puts(out, "\n\nCycles with backend pressure increase ");
    pct(out, b->pressure_cycles, total);
    buf_puts(out, "\nThroughput Bottlenecks: \n  Resource Pressure       ");
    pct(out, b->resource_pressure_cycles, total);
    if (b->resource_pressure_cycles && r->unit_pressure_cycles) {
        for (int u = 0; u < r->nunits; u++) {
            if (!r->unit_pressure_cycles[u])
                continue;
            buf_printf(out, "\n  - %s  ", r->unit_names[u]);
            pct(out, r->unit_pressure_cycles[u], total);
        }
    }
    buf_puts(out, "\n  Data Dependencies:      ");
    pct(out, b->data_dep_cycles, total);
    buf_puts(out, "\n  - Register Dependencies ");
    pct(out, b->data_dep_cycles - r->mem_dep_cycles, total);
    buf_puts(out, "\n  - Memory Dependencies   ");
    pct(out, r->mem_dep_cycles, total);
    buf_putc(out, '\n');
    critical_sequence(out, rd);
}

void mca_view_binding_limit(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    const McaBottleneck *b = &r->bottleneck;
    buf_puts(out, "\n\nBinding limit:\n");
    buf_printf(out, "  Kind:                   %s\n", b->kind && b->kind[0] ? b->kind : "none");
    buf_printf(out, "  Limit:                  %s\n", b->what[0] ? b->what : "-");
    buf_printf(out, "  Cycles per iteration:   %.2f (bound)", b->cycles_per_iteration);
    buf_printf(out, ", %.2f (simulated)\n",
               r->iterations > 0 ? (double)r->total_cycles / r->iterations : 0.0);
}

/* view_stats.c — llvm-mca's hardware statistics views: -dispatch-stats (stall cycles by cause
 * and the dispatch histogram), -scheduler-stats (issue histogram and queue usage),
 * -retire-stats (retire histogram and ROB usage) and -register-file-stats. */
#include "mca/views.h"

#include <math.h>

static double cycles_of(const McaResult *r)
{
    return r->total_cycles > 0 ? (double)r->total_cycles : 1;
}

/* one stall count, and its share of the cycles when it is not 0 (llvm-mca's printStalls) */
static void stall(Buf *out, const char *label, long long n, const McaResult *r)
{
    buf_puts(out, label);
    buf_printf(out, "%lld", n);
    if (!n)
        return;
    buf_puts(out, "  (");
    mca_putf_round(out, "%.1f", (double)n / cycles_of(r) * 100.0, 10);
    buf_puts(out, "%)");
}

void mca_view_dispatch_stats(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    buf_puts(out, "\n\nDynamic Dispatch Stall Cycles:\n");
    stall(out, "RAT     - Register unavailable:                      ", r->stalls[MCA_STALL_RAT], r);
    stall(out, "\nRCU     - Retire tokens unavailable:                 ", r->stalls[MCA_STALL_RCU], r);
    stall(out, "\nSCHEDQ  - Scheduler full:                            ", r->stalls[MCA_STALL_SCHEDQ], r);
    stall(out, "\nLQ      - Load queue full:                           ", r->stalls[MCA_STALL_LQ], r);
    stall(out, "\nSQ      - Store queue full:                          ", r->stalls[MCA_STALL_SQ], r);
    stall(out, "\nGROUP   - Static restrictions on the dispatch group: ", r->stalls[MCA_STALL_GROUP], r);
    stall(out, "\nUSH     - Uncategorised Structural Hazard:           ", r->stalls[MCA_STALL_USH], r);
    buf_putc(out, '\n');

    buf_puts(out, "\n\nDispatch Logic - number of cycles where we saw N micro opcodes dispatched:\n");
    buf_puts(out, "[# dispatched], [# cycles]\n");
    for (int k = 0; r->dispatch_hist && k <= r->max_hist; k++) {
        long long c = r->dispatch_hist[k];
        if (!c)
            continue;
        buf_printf(out, " %d,              %lld  (", k, c);
        mca_putf_round(out, "%.1f", (double)c / cycles_of(r) * 100.0, 10);
        buf_puts(out, "%)\n");
    }
}

/* the rows of the schedulers (queue false) or of the other queues */
static void usage_rows(Buf *out, const McaResult *r, bool queue)
{
    for (int b = 0; b < r->nbuffers; b++) {
        const McaBufferUsage *u = &r->buffers[b];
        if (u->size <= 0 || u->queue != queue)
            continue;
        buf_puts(out, u->name);
        mca_pad_to(out, 17);
        buf_printf(out, "%u", (unsigned)(floor(u->avg_used * 10 + 0.5) / 10));
        mca_pad_to(out, 28);
        buf_printf(out, "%d", u->max_used);
        mca_pad_to(out, 39);
        buf_printf(out, "%d\n", u->size);
    }
}

void mca_view_scheduler_stats(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    buf_puts(out, "\n\nSchedulers - number of cycles where we saw N micro opcodes issued:\n");
    buf_puts(out, "[# issued], [# cycles]\n");
    for (int k = 0; r->issue_hist && k <= r->max_hist; k++) {
        long long c = r->issue_hist[k];
        if (c)
            buf_printf(out, " %d,          %lld  (%.1f%%)\n", k, c, (double)c / cycles_of(r) * 100);
    }
    buf_puts(out, "\nScheduler's queue usage:\n");
    bool any = false;
    for (int b = 0; b < r->nbuffers; b++)
        any |= !r->buffers[b].queue && r->buffers[b].max_used > 0;
    if (!any) {
        buf_puts(out, "No scheduler resources used.\n");
        return;
    }
    buf_puts(out, "[1] Resource name.\n"
                  "[2] Average number of used buffer entries.\n"
                  "[3] Maximum number of used buffer entries.\n"
                  "[4] Total number of buffer entries.\n\n"
                  " [1]            [2]        [3]        [4]\n");
    usage_rows(out, r, false);
}

/* ours: the retire, load and store queues, in llvm-mca's four columns (names without spaces) */
void mca_view_queue_usage(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    bool any = false;
    for (int b = 0; b < r->nbuffers; b++)
        any |= r->buffers[b].queue && r->buffers[b].size > 0;
    if (!any)
        return;
    buf_puts(out, "\n\nQueue usage (uarch; the retire queue counts retire groups):\n"
                  "[1] Queue name.\n"
                  "[2] Average number of used entries.\n"
                  "[3] Maximum number of used entries.\n"
                  "[4] Total number of entries.\n\n"
                  " [1]            [2]        [3]        [4]\n");
    usage_rows(out, r, true);
}

void mca_view_retire_stats(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    buf_puts(out, "\n\nRetire Control Unit - number of cycles where we saw N instructions retired:\n");
    buf_puts(out, "[# retired], [# cycles]\n");
    for (int k = 0; r->retire_hist && k <= r->max_hist; k++) {
        long long c = r->retire_hist[k];
        if (!c)
            continue;
        buf_printf(out, " %d%s%lld  (%.1f%%)\n", k, k < 10 ? ",           " : ",          ", c,
                   (double)c / cycles_of(r) * 100.0);
    }
    unsigned avg = (unsigned)r->rob_avg_used;
    double size = r->rob_size > 0 ? r->rob_size : 1;
    buf_printf(out, "\nTotal ROB Entries:                %d", r->rob_size);
    buf_printf(out, "\nMax Used ROB Entries:             %d", r->rob_max_used);
    mca_putf_round(out, "  ( %.1f%% )", r->rob_max_used / size * 100.0, 10);
    buf_printf(out, "\nAverage Used ROB Entries per cy:  %u", avg);
    mca_putf_round(out, "  ( %.1f%% )", avg / size * 100.0, 10);
    buf_putc(out, '\n');
}

void mca_view_register_file_stats(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    long long total = 0;
    for (int f = 0; f < r->nregfiles; f++)
        total += r->regfiles[f].mappings;
    buf_puts(out, "\n\nRegister File statistics:");
    buf_printf(out, "\nTotal number of mappings created:    %lld", total);
    buf_printf(out, "\nMax number of mappings used:         %d\n", r->max_mappings);
    for (int f = 0; f < r->nregfiles; f++) {
        const McaRegFileUsage *u = &r->regfiles[f];
        if (u->size <= 0)
            continue;
        buf_printf(out, "\n*  Register File #%d -- %s:", f + 1, u->name);
        buf_printf(out, "\n   Number of physical registers:     %d", u->size);
        buf_printf(out, "\n   Total number of mappings created: %lld", u->mappings);
        buf_printf(out, "\n   Max number of mappings used:      %d\n", u->max_used);
    }
}

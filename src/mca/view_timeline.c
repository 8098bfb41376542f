/* view_timeline.c — the timeline view and the average wait times (llvm-mca's TimelineView).
 *
 * The simulator records real cycles for the first McaResult.timeline_iterations iterations;
 * this view applies llvm-mca's window: min(iterations, -timeline-max-iterations) iterations,
 * events at cycles >= -timeline-max-cycles are not drawn (a retire past the limit ends the
 * display with "Truncated display due to cycle limit"), while the wait-time averages use every
 * recorded entry, as llvm-mca does. */
#include "mca/views.h"

#include <limits.h>
#include <stdlib.h>

int mca_timeline_iterations(const McaViewOptions *o, const McaResult *r)
{
    int it = o->timeline_max_iterations > 0 ? o->timeline_max_iterations : 10;
    if (it > r->iterations)
        it = r->iterations;
    if (it > r->timeline_iterations)
        it = r->timeline_iterations;
    return it < 0 ? 0 : it;
}

static void header(Buf *out, int last)
{
    buf_puts(out, "\n\nTimeline view:\n");
    if (last >= 10) {
        mca_pad_to(out, 10);
        for (int i = 0; i <= last; i++)
            buf_putc(out, ((i / 10) & 1) == 0 ? ' ' : (char)('0' + i % 10));
        buf_putc(out, '\n');
    }
    buf_puts(out, "Index");
    mca_pad_to(out, 10);
    for (int i = 0; i <= last; i++)
        buf_putc(out, ((i / 10) & 1) == 0 ? (char)('0' + i % 10) : ' ');
    buf_putc(out, '\n');
}

/* one row; `e` already has retired = 0 when past the cycle limit */
static void entry(Buf *out, const McaTimelineEvent *e, int it, int idx, int last)
{
    if (it == 0 && idx == 0)
        buf_putc(out, '\n');
    buf_printf(out, "[%d,%d]", it, idx);
    mca_pad_to(out, 10);
    int d = e->dispatched;
    for (int i = 0; i < d; i++)   /* F: fetched (front end), when before the dispatch cycle */
        buf_putc(out, e->fetched >= 0 && i == e->fetched ? 'F' : i % 5 == 0 ? '.' : ' ');
    buf_putc(out, 'D');
    if (d != e->executed) {
        for (int i = d + 1; i < e->issued; i++)
            buf_putc(out, '=');
        if (e->issued == e->executed) {
            buf_putc(out, 'E');
        } else {
            if (d != e->issued)
                buf_putc(out, 'e');
            for (int i = e->issued + 1; i < e->executed; i++)
                buf_putc(out, 'e');
            buf_putc(out, 'E');
        }
    }
    for (int i = e->executed + 1; i < e->retired; i++)
        buf_putc(out, '-');
    if (e->executed < e->retired)
        buf_putc(out, 'R');
    for (int i = e->retired + 1; i <= last; i++)
        buf_putc(out, (i % 5 == 0 || i == last) ? '.' : ' ');
}

typedef struct Wait { long long sched, ready, wb; } Wait;

static void wait_entry(Buf *out, const Wait *w, int idx, int n, int executions, int cumulative)
{
    if (idx != n)
        buf_printf(out, "%d.", idx);
    mca_pad_to(out, 7);
    double c = cumulative > 0 ? cumulative : 1;
    buf_printf(out, "%d", executions);
    mca_pad_to(out, 13);
    mca_putf_round(out, "%.1f", (double)w->sched / c, 10);
    mca_pad_to(out, 20);
    mca_putf_round(out, "%.1f", (double)w->ready / c, 10);
    mca_pad_to(out, 27);
    mca_putf_round(out, "%.1f", (double)w->wb / c, 10);
    mca_pad_to(out, 34);
}

void mca_view_timeline(Buf *out, const McaViewOptions *o, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    int n = rd->n;
    int its = mca_timeline_iterations(o, r);
    int maxc = o->timeline_max_cycles > 0 ? o->timeline_max_cycles : INT_MAX;
    int total = its * n;

    int last = 0;
    for (int k = 0; k < total; k++) {
        const McaTimelineEvent *e = &r->events[k];
        int c[5] = {e->dispatched, e->ready, e->issued, e->executed, e->retired};
        for (int q = 0; q < 5; q++)
            if (c[q] >= 0 && c[q] < maxc && c[q] > last)
                last = c[q];
    }

    header(out, last);
    for (int k = 0; k < total; k++) {
        McaTimelineEvent e = r->events[k];
        if (e.retired >= maxc || e.retired < 0)
            e.retired = 0;
        if (e.retired == 0 && e.executed != 0) {
            buf_puts(out, "Truncated display due to cycle limit\n");
            break;
        }
        entry(out, &e, k / n, k % n, last);
        buf_printf(out, "   %s\n", rd->text[k % n]);
        mca_view_flush(out, rd);
    }

    /* average wait times over the recorded entries */
    Wait *w = xcalloc((size_t)n + 1, sizeof *w);
    for (int k = 0; k < total; k++) {
        const McaTimelineEvent *e = &r->events[k];
        Wait *x = &w[k % n];
        if (e->retired < 0)
            continue;
        x->sched += e->issued - e->dispatched;
        x->ready += e->issued - e->ready;
        if (e->retired > e->executed)
            x->wb += (e->retired - 1) - e->executed;
    }
    buf_puts(out, "\n\nAverage Wait times (based on the timeline view):\n"
                  "[0]: Executions\n"
                  "[1]: Average time spent waiting in a scheduler's queue\n"
                  "[2]: Average time spent waiting in a scheduler's queue while ready\n"
                  "[3]: Average time elapsed from WB until retire stage\n\n"
                  "      [0]    [1]    [2]    [3]\n");
    for (int i = 0; i < n; i++) {
        wait_entry(out, &w[i], i, n, its, its);
        buf_printf(out, "   %s\n", rd->text[i]);
        mca_view_flush(out, rd);
        w[n].sched += w[i].sched;
        w[n].ready += w[i].ready;
        w[n].wb += w[i].wb;
    }
    if (n != 1) {
        wait_entry(out, &w[n], n, n, its, total);
        buf_puts(out, "   <total>\n");
    }
    free(w);
}

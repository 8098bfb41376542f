/* view_counters.c — -counters (ours, also part of -all-stats): the Apple M1 PMU events the
 * simulator reproduces, totals over all iterations, with their event numbers (see
 * ../shared/seeds 001, M1 PMU).  The same numbers are "SimulatedCounters" in -json. */
#include "mca/views.h"

#include <stddef.h>

typedef struct CounterDef { const char *name; int event; size_t off; } CounterDef;

#define C(name, ev) {#name, ev, offsetof(McaCounters, name)}
static const CounterDef counters[] = {
    C(cycle, 0x02), C(retire_uop, 0x01), C(schedule_uop, 0x52), C(schedule_int_uop, 0x53),
    C(schedule_simd_uop, 0x54), C(schedule_ldst_uop, 0x55), C(inst_all, 0x8c),
    C(l1i_miss, 0xd3), C(itlb_miss, 0xd4), C(fetch_restart, 0xde), C(br_taken, 0x90),   /* the front end's */
};
#undef C

int mca_counter_count(void) { return (int)ARRAY_LEN(counters); }
const char *mca_counter_name(int k) { return counters[k].name; }
int mca_counter_event(int k) { return counters[k].event; }
long long mca_counter_value(const McaCounters *c, int k)
{
    return *(const long long *)((const char *)c + counters[k].off);
}

void mca_view_counters(Buf *out, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    double it = r->iterations > 0 ? r->iterations : 1;
    buf_printf(out, "\n\nSimulated PMU counters (totals over %d iterations):\n", r->iterations);
    buf_puts(out, "[1]: Event number\n[2]: Count\n[3]: Per iteration\n\n"
                  "Event                [1]     [2]            [3]\n");
    for (size_t k = 0; k < ARRAY_LEN(counters); k++) {
        long long v = mca_counter_value(&r->counters, (int)k);
        buf_puts(out, counters[k].name);
        mca_pad_to(out, 21);
        buf_printf(out, "0x%02x", counters[k].event);
        mca_pad_to(out, 29);
        buf_printf(out, "%lld", v);
        mca_pad_to(out, 44);
        buf_printf(out, "%.2f\n", v / it);
    }
}

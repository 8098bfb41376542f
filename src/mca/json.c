/* json.c — `uarch mca -json`: llvm-mca's -json shape, keys in its (sorted) order:
 *   {"CodeRegions": [{"InstructionInfoView", "Instructions", "Name", "ResourcePressureView",
 *                     "SummaryView", "TimelineView"?, "DispatchStatistics"?, ...}],
 *    "SimulationParameters": {"-march", "-mcpu", "-mtriple"}, "TargetInfo": {"CPUName", "Resources"}}
 * plus ours in every region: "SimulatedCounters" (always), "FusionsAndEliminations"
 * (-fusion-info) and "Bottleneck" (-bottleneck-analysis).  Regions are written one at a time
 * (the caller streams the buffer out between regions). */
#include "mca/views.h"

#include <stdlib.h>
#include <string.h>

static void num(Json *j, const char *key, double v)
{
    json_key(j, key);
    json_numf(j, "%.17g", v);
}

/* a float (a table's figure, e.g. 0.333) as its shortest decimal, not the double it widens
 * to (0.33300000429153442) */
static void num_float(Json *j, const char *key, float v)
{
    char b[32];
    for (int prec = 1; prec <= 9; prec++) {
        snprintf(b, sizeof b, "%.*g", prec, (double)v);
        if (strtof(b, NULL) == v) break;
    }
    json_key(j, key);
    json_num(j, strtod(b, NULL));
}

void mca_json_begin(Json *j)
{
    json_obj_begin(j);
    json_key(j, "CodeRegions");
    json_arr_begin(j);
}

static void bottleneck(Json *j, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    const McaBottleneck *b = &r->bottleneck;
    json_key(j, "Bottleneck");
    json_obj_begin(j);
    json_key(j, "CriticalSequence");
    json_arr_begin(j);
    for (int k = 0; k < b->critical_len && k < 64; k++)
        json_int(j, b->critical[k]);
    json_arr_end(j);
    num(j, "CyclesPerIteration", b->cycles_per_iteration);
    json_kint(j, "DataDependencyCycles", b->data_dep_cycles);
    json_kstr(j, "Kind", b->kind ? b->kind : "none");
    json_kstr(j, "Limit", b->what);
    json_kint(j, "MemoryDependencyCycles", r->mem_dep_cycles);
    json_kint(j, "PressureIncreaseCycles", b->pressure_cycles);
    json_kint(j, "ResourcePressureCycles", b->resource_pressure_cycles);
    json_obj_end(j);
}

static void fusions(Json *j, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    json_key(j, "FusionsAndEliminations");
    json_arr_begin(j);
    for (int k = 0; k < r->nfusions; k++) {
        const McaFusion *f = &r->fusions[k];
        json_obj_begin(j);
        json_kint(j, "Count", f->count);
        json_kint(j, "Instruction", f->inst);
        if (f->inst2 >= 0)
            json_kint(j, "Instruction2", f->inst2);
        json_kstr(j, "Kind", f->kind == MCA_FUSED ? "fused" : "eliminated");
        json_kstr(j, "Rule", f->rule ? f->rule : "");
        json_obj_end(j);
    }
    json_arr_end(j);
}

static void counters(Json *j, const McaRegionData *rd)
{
    int n = mca_counter_count(), order[16];
    for (int k = 0; k < n; k++)
        order[k] = k;
    for (int a = 1; a < n; a++)       /* insertion sort by name: llvm's keys are sorted */
        for (int b = a; b > 0 && strcmp(mca_counter_name(order[b - 1]), mca_counter_name(order[b])) > 0; b--) {
            int t = order[b]; order[b] = order[b - 1]; order[b - 1] = t;
        }
    json_key(j, "SimulatedCounters");
    json_obj_begin(j);
    for (int k = 0; k < n; k++)
        json_kint(j, mca_counter_name(order[k]), mca_counter_value(&rd->res->counters, order[k]));
    json_obj_end(j);
}

void mca_json_region(Json *j, const McaViewOptions *o, const McaRegionData *rd)
{
    const McaResult *r = rd->res;
    int n = rd->n;
    double it = r->iterations > 0 ? r->iterations : 1;
    json_obj_begin(j);
    if (o->bottleneck)
        bottleneck(j, rd);
    if (o->dispatch_stats) {
        json_key(j, "DispatchStatistics");
        json_obj_begin(j);
        json_kint(j, "GROUP", r->stalls[MCA_STALL_GROUP]);
        json_kint(j, "LQ", r->stalls[MCA_STALL_LQ]);
        json_kint(j, "RAT", r->stalls[MCA_STALL_RAT]);
        json_kint(j, "RCU", r->stalls[MCA_STALL_RCU]);
        json_kint(j, "SCHEDQ", r->stalls[MCA_STALL_SCHEDQ]);
        json_kint(j, "SQ", r->stalls[MCA_STALL_SQ]);
        json_kint(j, "USH", r->stalls[MCA_STALL_USH]);
        json_obj_end(j);
    }
    if (o->fusion)
        fusions(j, rd);
    if (o->instruction_info) {
        json_key(j, "InstructionInfoView");
        json_obj_begin(j);
        json_key(j, "InstructionList");
        json_arr_begin(j);
        for (int i = 0; i < n; i++) {
            const McaInstInfo *in = &r->info[i];
            json_obj_begin(j);
            json_kint(j, "Instruction", i);
            json_kint(j, "Latency", in->latency);
            json_kint(j, "NumMicroOpcodes", in->uops);
            num_float(j, "RThroughput", in->rthroughput >= 0 ? in->rthroughput : 0);
            json_kbool(j, "hasUnmodeledSideEffects", in->has_side_effects);
            json_kbool(j, "mayLoad", in->may_load);
            json_kbool(j, "mayStore", in->may_store);
            json_obj_end(j);
            mca_view_flush(j->out, rd);
        }
        json_arr_end(j);
        json_obj_end(j);
    }
    json_key(j, "Instructions");
    json_arr_begin(j);
    for (int i = 0; i < n; i++) {
        json_str(j, rd->text[i]);
        mca_view_flush(j->out, rd);
    }
    json_arr_end(j);
    json_kstr(j, "Name", rd->name ? rd->name : "");
    if (o->resource_pressure) {
        json_key(j, "ResourcePressureView");
        json_obj_begin(j);
        json_key(j, "ResourcePressureInfo");
        json_arr_begin(j);
        for (int i = 0; i <= n; i++) {          /* row n = the per-iteration totals */
            for (int u = 0; u < r->nunits; u++) {
                double v = 0;
                if (i < n)
                    v = mca_pressure(r, i, u);
                else
                    for (int k = 0; k < n; k++)
                        v += mca_pressure(r, k, u);
                if (v == 0)
                    continue;
                json_obj_begin(j);
                json_kint(j, "InstructionIndex", i);
                json_kint(j, "ResourceIndex", u);
                num(j, "ResourceUsage", v / it);
                json_obj_end(j);
            }
            mca_view_flush(j->out, rd);
        }
        json_arr_end(j);
        json_obj_end(j);
    }
    if (!o->instruction_tables)   /* (nothing simulated) */
        counters(j, rd);
    if (o->summary) {
        long long insts = (long long)n * r->iterations;
        double cycles = r->total_cycles > 0 ? (double)r->total_cycles : 1;
        json_key(j, "SummaryView");
        json_obj_begin(j);
        num(j, "BlockRThroughput", r->block_rthroughput);
        json_kint(j, "DispatchWidth", r->dispatch_width);
        num(j, "IPC", (double)insts / cycles);
        json_kint(j, "Instructions", insts);
        json_kint(j, "Iterations", r->iterations);
        json_kint(j, "TotalCycles", r->total_cycles);
        json_kint(j, "TotaluOps", r->total_uops);
        num(j, "uOpsPerCycle", (double)r->total_uops / cycles);
        json_obj_end(j);
    }
    if (o->timeline) {
        int its = mca_timeline_iterations(o, r);
        int maxc = o->timeline_max_cycles > 0 ? o->timeline_max_cycles : -1;
        json_key(j, "TimelineView");
        json_obj_begin(j);
        json_key(j, "TimelineInfo");
        json_arr_begin(j);
        for (int k = 0; k < its * n; k++) {
            const McaTimelineEvent *e = &r->events[k];
            int ret = e->retired;
            if (ret < 0 || (maxc > 0 && ret >= maxc))
                ret = 0;
            json_obj_begin(j);
            json_kint(j, "CycleDispatched", e->dispatched);
            json_kint(j, "CycleExecuted", e->executed);
            json_kint(j, "CycleIssued", e->issued);
            json_kint(j, "CycleReady", e->ready);
            json_kint(j, "CycleRetired", ret);
            json_obj_end(j);
            mca_view_flush(j->out, rd);
        }
        json_arr_end(j);
        json_obj_end(j);
    }
    json_obj_end(j);
}

void mca_json_end(Json *j, const McaJsonParams *p, const char *const *units, int nunits)
{
    json_arr_end(j);
    json_key(j, "SimulationParameters");
    json_obj_begin(j);
    json_kstr(j, "-march", p->march);
    json_kstr(j, "-mcpu", p->mcpu);
    json_kstr(j, "-mtriple", p->mtriple);
    json_obj_end(j);
    json_key(j, "TargetInfo");
    json_obj_begin(j);
    json_kstr(j, "CPUName", p->cpu_name ? p->cpu_name : p->mcpu);
    json_key(j, "Resources");
    json_arr_begin(j);
    for (int u = 0; u < nunits; u++)
        json_str(j, units[u]);
    json_arr_end(j);
    json_obj_end(j);
    json_obj_end(j);
}

/* test_views.c — the text views and the JSON against a hand-made McaResult.
 *
 * The expected text is llvm-mca 14's output (llvm-mca -mtriple=aarch64 -mcpu=apple-m1
 * -iterations=3 -timeline -dispatch-stats -retire-stats -resource-pressure=false) for
 *     ldr x2, [x0], #8 / add x1, x1, x2 / subs x3, x3, #1
 * and the McaResult carries the same numbers (taken from its -json output), so the layout of
 * every view is checked character by character. */
#include "t.h"
#include "mca/views.h"

#include <stdlib.h>

static const char *llvm14_expected =
    "Iterations:        3\n"
    "Instructions:      9\n"
    "Total Cycles:      13\n"
    "Total uOps:        12\n"
    "\n"
    "Dispatch Width:    6\n"
    "uOps Per Cycle:    0.92\n"
    "IPC:               0.69\n"
    "Block RThroughput: 1.0\n"
    "\n"
    "\n"
    "Instruction Info:\n"
    "[1]: #uOps\n"
    "[2]: Latency\n"
    "[3]: RThroughput\n"
    "[4]: MayLoad\n"
    "[5]: MayStore\n"
    "[6]: HasSideEffects (U)\n"
    "\n"
    "[1]    [2]    [3]    [4]    [5]    [6]    Instructions:\n"
    " 2      4     0.50    *                   ldr\tx2, [x0], #8\n"
    " 1      2     1.00                        add\tx1, x1, x2\n"
    " 1      1     0.25                        subs\tx3, x3, #1\n"
    "\n"
    "\n"
    "Dynamic Dispatch Stall Cycles:\n"
    "RAT     - Register unavailable:                      0\n"
    "RCU     - Retire tokens unavailable:                 0\n"
    "SCHEDQ  - Scheduler full:                            0\n"
    "LQ      - Load queue full:                           0\n"
    "SQ      - Store queue full:                          0\n"
    "GROUP   - Static restrictions on the dispatch group: 0\n"
    "USH     - Uncategorised Structural Hazard:           0\n"
    "\n"
    "\n"
    "Dispatch Logic - number of cycles where we saw N micro opcodes dispatched:\n"
    "[# dispatched], [# cycles]\n"
    " 0,              11  (84.6%)\n"
    " 6,              2  (15.4%)\n"
    "\n"
    "\n"
    "Retire Control Unit - number of cycles where we saw N instructions retired:\n"
    "[# retired], [# cycles]\n"
    " 0,           9  (69.2%)\n"
    " 1,           1  (7.7%)\n"
    " 2,           1  (7.7%)\n"
    " 3,           2  (15.4%)\n"
    "\n"
    "Total ROB Entries:                192\n"
    "Max Used ROB Entries:             12  ( 6.3% )\n"
    "Average Used ROB Entries per cy:  7  ( 3.6% )\n"
    "\n"
    "\n"
    "Timeline view:\n"
    "                    012\n"
    "Index     0123456789   \n"
    "\n"
    "[0,0]     DeeeeER   . .   ldr\tx2, [x0], #8\n"
    "[0,1]     D====eeER . .   add\tx1, x1, x2\n"
    "[0,2]     DeE-----R . .   subs\tx3, x3, #1\n"
    "[1,0]     D=eeeeE-R . .   ldr\tx2, [x0], #8\n"
    "[1,1]     .D=====eeER .   add\tx1, x1, x2\n"
    "[1,2]     .DeE------R .   subs\tx3, x3, #1\n"
    "[2,0]     .D=eeeeE--R .   ldr\tx2, [x0], #8\n"
    "[2,1]     .D=======eeER   add\tx1, x1, x2\n"
    "[2,2]     .D=eE-------R   subs\tx3, x3, #1\n"
    "\n"
    "\n"
    "Average Wait times (based on the timeline view):\n"
    "[0]: Executions\n"
    "[1]: Average time spent waiting in a scheduler's queue\n"
    "[2]: Average time spent waiting in a scheduler's queue while ready\n"
    "[3]: Average time elapsed from WB until retire stage\n"
    "\n"
    "      [0]    [1]    [2]    [3]\n"
    "0.     3     1.7    0.3    1.0       ldr\tx2, [x0], #8\n"
    "1.     3     6.3    0.0    0.0       add\tx1, x1, x2\n"
    "2.     3     1.3    0.3    6.0       subs\tx3, x3, #1\n"
    "       3     3.1    0.2    2.3       <total>\n";

static const char *texts[] = {"ldr\tx2, [x0], #8", "add\tx1, x1, x2", "subs\tx3, x3, #1"};

/* the region above, as the simulator would fill it */
static void fill(McaResult *r, McaInstInfo *info, McaTimelineEvent *ev, long long *hist)
{
    memset(r, 0, sizeof *r);
    r->n = 3;
    r->iterations = 3;
    r->dispatch_width = 6;
    r->total_cycles = 13;
    r->total_uops = 12;
    r->block_rthroughput = 1.0;
    McaInstInfo in[3] = {
        {.uops = 2, .latency = 4, .rthroughput = 0.5, .may_load = true},
        {.uops = 1, .latency = 2, .rthroughput = 1.0},
        {.uops = 1, .latency = 1, .rthroughput = 0.25},
    };
    memcpy(info, in, sizeof in);
    r->info = info;
    static const int tl[9][5] = {   /* dispatched, ready, issued, executed, retired */
        {0, 0, 1, 5, 6}, {0, 5, 5, 7, 8}, {0, 0, 1, 2, 8},
        {0, 2, 2, 6, 8}, {1, 7, 7, 9, 10}, {1, 2, 2, 3, 10},
        {1, 3, 3, 7, 10}, {1, 9, 9, 11, 12}, {1, 3, 3, 4, 12},
    };
    for (int k = 0; k < 9; k++)
        ev[k] = (McaTimelineEvent){tl[k][0], tl[k][1], tl[k][2], tl[k][3], tl[k][4], -1};   /* no front end */
    r->events = ev;
    r->timeline_iterations = 3;
    r->max_hist = 8;
    memset(hist, 0, 3 * 9 * sizeof *hist);
    r->dispatch_hist = hist;
    r->issue_hist = hist + 9;
    r->retire_hist = hist + 18;
    r->dispatch_hist[0] = 11; r->dispatch_hist[6] = 2;
    r->issue_hist[0] = 7; r->issue_hist[1] = 3; r->issue_hist[3] = 3;
    r->retire_hist[0] = 9; r->retire_hist[1] = 1; r->retire_hist[2] = 1; r->retire_hist[3] = 2;
    r->rob_size = 192;
    r->rob_max_used = 12;
    r->rob_avg_used = 7.4;
}

TEST(views_match_llvm_mca_14_layout)
{
    McaResult r; McaInstInfo info[3]; McaTimelineEvent ev[9]; long long hist[27];
    fill(&r, info, ev, hist);
    McaRegionData rd = {0, "", false, 3, NULL, texts, &r};
    McaViewOptions o;
    mca_view_options_default(&o);
    o.timeline = o.dispatch_stats = o.retire_stats = true;
    o.resource_pressure = false;
    Buf b; buf_init(&b);
    mca_view_report(&b, &o, &rd);
    CHECK_STR(buf_cstr(&b), llvm14_expected);
    buf_free(&b);
}

TEST(views_region_header_and_truncated_timeline)
{
    McaResult r; McaInstInfo info[3]; McaTimelineEvent ev[9]; long long hist[27];
    fill(&r, info, ev, hist);
    McaRegionData rd = {2, "loop", true, 3, NULL, texts, &r};
    McaViewOptions o;
    mca_view_options_default(&o);
    o.summary = o.instruction_info = o.resource_pressure = false;
    o.timeline = true;
    o.timeline_max_cycles = 9;
    Buf b; buf_init(&b);
    mca_view_report(&b, &o, &rd);
    /* llvm-mca 14, same input, -timeline -timeline-max-cycles=9 and the other views off; the
     * wait times still use every recorded entry */
    CHECK_STR(buf_cstr(&b),
        "\n[2] Code Region - loop\n\n"
        "\n"
        "\n"
        "Timeline view:\n"
        "Index     012345678\n"
        "\n"
        "[0,0]     DeeeeER .   ldr\tx2, [x0], #8\n"
        "[0,1]     D====eeER   add\tx1, x1, x2\n"
        "[0,2]     DeE-----R   subs\tx3, x3, #1\n"
        "[1,0]     D=eeeeE-R   ldr\tx2, [x0], #8\n"
        "Truncated display due to cycle limit\n"
        "\n"
        "\n"
        "Average Wait times (based on the timeline view):\n"
        "[0]: Executions\n"
        "[1]: Average time spent waiting in a scheduler's queue\n"
        "[2]: Average time spent waiting in a scheduler's queue while ready\n"
        "[3]: Average time elapsed from WB until retire stage\n"
        "\n"
        "      [0]    [1]    [2]    [3]\n"
        "0.     3     1.7    0.3    1.0       ldr\tx2, [x0], #8\n"
        "1.     3     6.3    0.0    0.0       add\tx1, x1, x2\n"
        "2.     3     1.3    0.3    6.0       subs\tx3, x3, #1\n"
        "       3     3.1    0.2    2.3       <total>\n");
    buf_free(&b);
}

TEST(views_resource_pressure_columns)
{
    McaResult r; McaInstInfo info[3]; McaTimelineEvent ev[9]; long long hist[27];
    fill(&r, info, ev, hist);
    const char *units[2] = {"u1", "u2"};
    double p[6] = {3, 0, 1.5, 1.5, 0, 0.003};
    uint32_t pm[3] = {3, 3, 3}; int32_t po[3] = {0, 2, 4};   /* every cell held */
    r.nunits = 2; r.unit_names = units; r.pressure = p; r.pmask = pm; r.poff = po; r.npressure = 6;
    McaRegionData rd = {0, "", false, 3, NULL, texts, &r};
    Buf b; buf_init(&b);
    mca_view_resource_pressure(&b, &rd);
    CHECK_STR(buf_cstr(&b),
        "\n\nResources:\n[0]   - u1\n[1]   - u2\n\n\n"
        "Resource pressure per iteration:\n[0]    [1]    \n1.50   0.50   \n\n"
        "Resource pressure by instruction:\n[0]    [1]    Instructions:\n"
        "1.00    -     ldr\tx2, [x0], #8\n"
        "0.50   0.50   add\tx1, x1, x2\n"
        " -      -     subs\tx3, x3, #1\n");
    buf_free(&b);
}

TEST(views_json_has_llvm_keys_and_counters)
{
    McaResult r; McaInstInfo info[3]; McaTimelineEvent ev[9]; long long hist[27];
    fill(&r, info, ev, hist);
    const char *units[1] = {"u1"};
    double p[3] = {1, 2, 0};
    uint32_t pm[3] = {1, 1, 0}; int32_t po[3] = {0, 1, 2};   /* instruction 2: no cell */
    r.nunits = 1; r.unit_names = units; r.pressure = p; r.pmask = pm; r.poff = po; r.npressure = 2;
    r.counters.cycle = 13; r.counters.inst_all = 9;
    McaRegionData rd = {0, "loop", true, 3, NULL, texts, &r};
    McaViewOptions o;
    mca_view_options_default(&o);
    o.timeline = true;
    Buf b; buf_init(&b);
    Json j; json_init(&j, &b, true);
    mca_json_begin(&j);
    mca_json_region(&j, &o, &rd);
    McaJsonParams jp = {"aarch64", "apple-m1", "aarch64", "firestorm"};
    mca_json_end(&j, &jp, units, 1);
    const char *s = buf_cstr(&b);
    const char *keys[] = {"\"CodeRegions\": [", "\"InstructionInfoView\": {", "\"InstructionList\": [",
        "\"NumMicroOpcodes\": 2", "\"RThroughput\": 0.25", "\"Instructions\": [", "\"ldr\\tx2, [x0], #8\"",
        "\"Name\": \"loop\"", "\"ResourcePressureInfo\": [", "\"ResourceUsage\": 0.33333333333333331",
        "\"SimulatedCounters\": {\n        \"br_taken\": 0,\n        \"cycle\": 13,\n        \"fetch_restart\": 0,\n        \"inst_all\": 9,",
        "\"SummaryView\": {\n        \"BlockRThroughput\": 1,", "\"IPC\": 0.69230769230769229",
        "\"TimelineInfo\": [", "\"CycleRetired\": 12", "\"SimulationParameters\": {",
        "\"-mcpu\": \"apple-m1\"", "\"TargetInfo\": {\n    \"CPUName\": \"firestorm\",\n    \"Resources\": [\n      \"u1\"\n    ]"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        if (!strstr(s, keys[k]))
            t_fail(__FILE__, __LINE__, "json lacks %s", keys[k]);
    CHECK(s[b.len - 2] == '}' && s[b.len - 1] == '\n');
    buf_free(&b);
}

TEST(views_inst_display_is_mnemonic_tab_operands)
{
    Arena a = {0};
    A64Inst in; memset(&in, 0, sizeof in);
    in.text = "LDR   x2,  [x0],   #8  // load";
    CHECK_STR(mca_inst_display(&in, 0, NULL, &a), "ldr\tx2, [x0], #8");
    in.text = "ret";
    CHECK_STR(mca_inst_display(&in, 0, NULL, &a), "ret");
    arena_free(&a);
}

/* llvm-mca 14 -bottleneck-analysis -iterations=50 on
 *   fmadd d0, d0, d1, d2 / fmadd d0, d0, d1, d2 / add x1, x1, x2
 * prints the lines checked below (its critical sequence then repeats the loop-carried edge;
 * ours stops after the chain and lists the remaining instructions, in the same layout). */
TEST(views_bottleneck_layout)
{
    static const char *bt[] = {"fmadd\td0, d0, d1, d2", "fmadd\td0, d0, d1, d2", "add\tx1, x1, x2"};
    A64Inst in[3];
    static A64Operand ops[2][4];   /* A64Inst.ops points at its operands (the parser's arena) */
    memset(in, 0, sizeof in);
    for (int i = 0; i < 2; i++) {
        in[i].ops = ops[i];
        in[i].nops = 4;
        for (int k = 0; k < 4; k++) {
            in[i].ops[k].kind = A64_OP_VREG;
            in[i].ops[k].u.vreg.shape = A64_V_D;
            in[i].ops[k].u.vreg.num = (uint8_t)(k == 0 ? 0 : k - 1);
        }
        in[i].nwrites = 1;
        in[i].writes[0] = (A64RegUse){A64_V0, 1, 64};
        in[i].nreads = 3;
        in[i].reads[0] = (A64RegUse){A64_V0, 2, 64};
        in[i].reads[1] = (A64RegUse){A64_V0 + 1, 3, 64};
        in[i].reads[2] = (A64RegUse){A64_V0 + 2, 4, 64};
    }
    McaResult r;
    memset(&r, 0, sizeof r);
    r.n = 3; r.iterations = 50; r.total_cycles = 508;
    r.bottleneck.pressure_cycles = 336;
    r.bottleneck.data_dep_cycles = 336;
    r.bottleneck.critical_len = 2;
    r.bottleneck.critical[0] = 0;
    r.bottleneck.critical[1] = 1;
    McaRegionData rd = {0, "", false, 3, in, bt, &r};
    Buf b; buf_init(&b);
    mca_view_bottleneck(&b, &rd);
    CHECK_STR(buf_cstr(&b),
        "\n\nCycles with backend pressure increase [ 66.14% ]\n"
        "Throughput Bottlenecks: \n"
        "  Resource Pressure       [ 0.00% ]\n"
        "  Data Dependencies:      [ 66.14% ]\n"
        "  - Register Dependencies [ 66.14% ]\n"
        "  - Memory Dependencies   [ 0.00% ]\n"
        "\nCritical sequence based on the simulation:\n\n"
        "              Instruction                                 Dependency Information\n"
        " +----< 1.    fmadd\td0, d0, d1, d2\n"
        " |\n"
        " |    < loop carried > \n"
        " |\n"
        " +----> 0.    fmadd\td0, d0, d1, d2                    ## REGISTER dependency:  d0\n"
        " +----> 1.    fmadd\td0, d0, d1, d2                    ## REGISTER dependency:  d0\n"
        "        2.    add\tx1, x1, x2\n");
    buf_reset(&b);
    r.bottleneck.data_dep_cycles = 0;
    mca_view_bottleneck(&b, &rd);
    CHECK_STR(buf_cstr(&b), "\n\nNo resource or data dependency bottlenecks discovered.\n");
    buf_free(&b);
}

TEST(views_regions_skip_empty_and_implicit)
{
    A64Program p;
    memset(&p, 0, sizeof p);
    A64Region rg[3] = {{"a", 0, 2, 3}, {"empty", 2, 2, 5}, {"", 1, 3, 7}};
    p.ninsts = 3;
    p.regions = rg;
    p.nregions = 3;
    McaRegion *r;
    CHECK_INT(mca_regions(&p, true, &r), 2);
    CHECK_STR(r[0].name, "a"); CHECK(r[0].is_explicit);
    CHECK_INT(r[1].begin, 1); CHECK_INT(r[1].end, 3);
    free(r);
    p.nregions = 0;
    CHECK_INT(mca_regions(&p, true, &r), 1);
    CHECK(!r[0].is_explicit); CHECK_INT(r[0].end, 3);
    free(r);
    CHECK_INT(mca_regions(&p, false, &r), 0);
    free(r);
}

/* -scheduler-stats: llvm-mca 14 prints, for the region of views_match_llvm_mca_14_layout,
 *   " 0,          7  (53.8%)" ... and queue rows such as "CyUnitI          2          7          48" */
TEST(views_scheduler_stats_layout)
{
    McaResult r; McaInstInfo info[3]; McaTimelineEvent ev[9]; long long hist[27];
    fill(&r, info, ev, hist);
    McaBufferUsage bu[2] = {{"CyUnitB", 24, 0, 0.0}, {"CyUnitI", 48, 7, 2.3}};
    r.buffers = bu;
    r.nbuffers = 2;
    McaRegionData rd = {0, "", false, 3, NULL, texts, &r};
    Buf b; buf_init(&b);
    mca_view_scheduler_stats(&b, &rd);
    CHECK_STR(buf_cstr(&b),
        "\n\nSchedulers - number of cycles where we saw N micro opcodes issued:\n"
        "[# issued], [# cycles]\n"
        " 0,          7  (53.8%)\n"
        " 1,          3  (23.1%)\n"
        " 3,          3  (23.1%)\n"
        "\nScheduler's queue usage:\n"
        "[1] Resource name.\n"
        "[2] Average number of used buffer entries.\n"
        "[3] Maximum number of used buffer entries.\n"
        "[4] Total number of buffer entries.\n\n"
        " [1]            [2]        [3]        [4]\n"
        "CyUnitB          0          0          24\n"
        "CyUnitI          2          7          48\n");
    buf_reset(&b);
    bu[1].max_used = 0;
    mca_view_scheduler_stats(&b, &rd);
    CHECK(strstr(buf_cstr(&b), "\nScheduler's queue usage:\nNo scheduler resources used.\n") != NULL);
    buf_free(&b);
}

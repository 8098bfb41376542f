/* test_nbconfig.c — nanoBench counter configuration files (-config): events turned into the
 * perf spelling of the core PMU, comments and blank lines skipped, errors located. */
#include "t.h"
#include "bench/bench.h"

#include <string.h>

TEST(nbconfig_events_to_perf_terms)
{
    const char *text =
        "# Skylake, from nanoBench's configs\n"
        "\n"
        "0E.01 UOPS_ISSUED.ANY\n"
        "  0E.01.CMSK=1.INV UOPS_ISSUED.STALL_CYCLES   # a comment after the event\n"
        "0D.03.CMSK=1.EDG INT_MISC.RECOVERY_CYCLES\r\n"
        "3C.00.AnyT CPU_CLK_UNHALTED.THREAD_ANY\n"
        "0c0.00 RETIRED_INSTRUCTIONS\n"
        "A1.1 P0\t\n";
    BenchConfigEvent ev[8];
    Buf specs;
    buf_init(&specs);
    Diag d;
    memset(&d, 0, sizeof d);
    int n = bench_config_parse("skl.txt", text, "cpu", &specs, ev, 8, &d);
    CHECK_INT(n, 6);
    CHECK_STR(ev[0].name, "UOPS_ISSUED.ANY");
    CHECK_STR(ev[0].spec, "cpu/event=0xe,umask=0x1,name=UOPS_ISSUED.ANY/");
    CHECK_INT(ev[0].line, 3);
    CHECK_STR(ev[1].spec, "cpu/event=0xe,umask=0x1,cmask=0x1,inv=1,name=UOPS_ISSUED.STALL_CYCLES/");
    CHECK_STR(ev[2].spec, "cpu/event=0xd,umask=0x3,cmask=0x1,edge=1,name=INT_MISC.RECOVERY_CYCLES/");
    CHECK_STR(ev[3].spec, "cpu/event=0x3c,umask=0x0,any=1,name=CPU_CLK_UNHALTED.THREAD_ANY/");
    CHECK_STR(ev[4].spec, "cpu/event=0xc0,umask=0x0,name=RETIRED_INSTRUCTIONS/");   /* AMD: 3 digits */
    CHECK_STR(ev[5].spec, "cpu/event=0xa1,umask=0x1,name=P0/");
    CHECK_INT(ev[5].line, 8);
    CHECK(strncmp(buf_cstr(&specs), "cpu/event=0xe,umask=0x1,name=UOPS_ISSUED.ANY/,cpu/event=0xe,", 60) == 0);
    buf_free(&specs);
    /* nothing but comments: no events, no error */
    CHECK_INT(bench_config_parse("c.txt", "# only\n\n   # comments\n", "cpu", NULL, ev, 8, &d), 0);
}

static void bad(const char *text, int max, int line, int col, const char *msg_part)
{
    BenchConfigEvent ev[4];
    Diag d;
    memset(&d, 0, sizeof d);
    CHECK_INT(bench_config_parse("f.txt", text, "cpu", NULL, ev, max, &d), -1);
    CHECK_INT(d.line, line);
    CHECK_INT(d.col, col);
    CHECK(strstr(d.msg, msg_part) != NULL);
    if (!strstr(d.msg, msg_part))
        fprintf(stderr, "  got: %s\n", d.msg);
}

TEST(nbconfig_errors_located)
{
    bad("0E.01 A\nZZ.01 B\n", 4, 2, 1, "expected an event select in hex");
    bad("1234.01 A\n", 4, 1, 1, "expected an event select");
    bad("0E A\n", 4, 1, 3, "expected '.' and a unit mask");
    bad("0E.123 A\n", 4, 1, 4, "expected a unit mask");
    bad("0E.01.CMSK=300 A\n", 4, 1, 12, "bad counter mask '300'");
    bad("0E.01.CMSK= A\n", 4, 1, 12, "bad counter mask");
    bad("D1.01.MSR_3F6H=0x5 LOAD_LATENCY\n", 4, 1, 7, "attribute 'MSR_3F6H=0x5' is not supported");
    bad("D1.01.TakenAlone X\n", 4, 1, 7, "attribute 'TakenAlone' is not supported");
    bad("D1.01.FOO X\n", 4, 1, 7, "unknown attribute 'FOO'");
    bad("D1.01\n", 4, 1, 6, "missing the event's name");
    bad("D1.01x NAME\n", 4, 1, 6, "unexpected 'x' in the event code");
    bad("D1.01 NAME extra\n", 4, 1, 12, "unexpected text after the event's name");
    bad("D1.01 A,B\n", 4, 1, 8, "character ',' in an event name");
    bad("01.00 A\n02.00 B\n03.00 C\n", 2, 3, 1, "more than 2 events");
}

TEST(counters_split_keeps_pmu_terms)
{
    char spec[BENCH_MAX_COUNTERS][BENCH_COUNTER_SPEC], name[BENCH_MAX_COUNTERS][BENCH_COUNTER_NAME], why[256];
    int n = bench_counters_split("page-faults, cpu/event=0x3c,umask=0x0/,msr/tsc/,cycles,"
                                 "cpu/event=0xe,umask=0x1,name=UOPS_ISSUED.ANY/,cpu/name=X,event=0x1/",
                                 spec, name, BENCH_MAX_COUNTERS, why, sizeof why);
    CHECK_INT(n, 6);
    CHECK_STR(spec[0], "cycles");
    CHECK_STR(spec[1], "page-faults");
    CHECK_STR(name[1], "page-faults");
    CHECK_STR(spec[2], "cpu/event=0x3c,umask=0x0/");
    CHECK_STR(name[2], "cpu/event=0x3c,umask=0x0/");
    CHECK_STR(spec[3], "msr/tsc/");
    CHECK_STR(spec[4], "cpu/event=0xe,umask=0x1/");   /* name= is perf stat's: taken out */
    CHECK_STR(name[4], "UOPS_ISSUED.ANY");
    CHECK_STR(spec[5], "cpu/event=0x1/");
    CHECK_STR(name[5], "X");
    CHECK_INT(bench_counters_split(NULL, spec, name, BENCH_MAX_COUNTERS, why, sizeof why), 1);
    /* errors: more than the harness holds (never dropped silently), an unclosed PMU, empty name= */
    CHECK_INT(bench_counters_split("a,b,c", spec, name, 3, why, sizeof why), -1);
    CHECK(strstr(why, "more than 2 counters besides the cycles") != NULL);
    CHECK_INT(bench_counters_split("cpu/event=0x3c,umask=0", spec, name, 8, why, sizeof why), -1);
    CHECK(strstr(why, "no closing '/'") != NULL);
    CHECK_INT(bench_counters_split("cpu/event=0x3c,name=/", spec, name, 8, why, sizeof why), -1);
    CHECK(strstr(why, "empty name=") != NULL);
    /* a name twice: two rows, and one key twice in the JSON object of -json (it was accepted) */
    CHECK_INT(bench_counters_split("page-faults,msr/tsc/,page-faults", spec, name, 8, why, sizeof why), -1);
    CHECK_STR(why, "option '-counters': 'page-faults' is given twice: each is counted once, under its name (a name= "
                   "term tells two spellings apart)");
    CHECK_INT(bench_counters_split("msr/tsc/,cpu/event=0x3c,name=X/,cpu/event=0x1,name=X/", spec, name, 8, why, sizeof why), -1);
    CHECK_INT(bench_counters_split("cpu/event=0x3c,name=cycles/", spec, name, 8, why, sizeof why), -1);
    CHECK_STR(why, "counter 'cpu/event=0x3c,name=cycles/': 'cycles' is the name of counter 0 (the cycles are always "
                   "counted)");
    /* plain "cycles" is counter 0 (accepted, nothing added), once like every entry */
    CHECK_INT(bench_counters_split("cycles,page-faults", spec, name, 8, why, sizeof why), 2);
    CHECK_INT(bench_counters_split("cycles,cycles,page-faults", spec, name, 8, why, sizeof why), -1);
    CHECK(strstr(why, "'cycles' is given twice") != NULL);
}

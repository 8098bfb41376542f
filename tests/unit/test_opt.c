/* test_opt.c — util/opt.c: every numeric option goes through it, so its edges are tested here:
 * nan, inf, overflow, trailing junk, fractions, suffixes, and the range in every message. */
#include "t.h"
#include "util/opt.h"

#include <stdio.h>
#include <stdlib.h>

static const OptRange sizes = {OPT_SIZE, 64, 1073741824.0};
static const OptRange ints = {OPT_INT, 1, 100000};

static bool parses(const char *v, OptRange r, double want)
{
    char err[256];
    double x = -1;
    return opt_parse("-x", v, r, &x, err, sizeof err) && x == want;
}

static const char *error_of(const char *v, OptRange r)
{
    static char err[256];
    double x;
    err[0] = 0;
    if (opt_parse("-max", v, r, &x, err, sizeof err))
        return "(accepted)";
    return err;
}

TEST(opt_sizes_and_suffixes)
{
    CHECK(parses("32K", sizes, 32768));
    CHECK(parses("4KiB", sizes, 4096));
    CHECK(parses("1.5M", sizes, 1572864));
    CHECK(parses("64B", sizes, 64));
    CHECK(parses("1G", sizes, 1073741824.0));
    CHECK(parses("4096", sizes, 4096));
    CHECK(parses("0x10", (OptRange){OPT_COUNT, 1, 1e6}, 16));
    CHECK(parses("4K", (OptRange){OPT_COUNT, 1, 1e6}, 4096));
    CHECK(parses("1M", (OptRange){OPT_COUNT, 1, 1e7}, 1048576));
    CHECK(parses("100", ints, 100));
    CHECK(parses("010", ints, 8));                 /* radixes as llvm's options read them */
    CHECK(parses("0b11", ints, 3));
    CHECK(parses("-3", (OptRange){OPT_INT, -5, 5}, -3));
    CHECK(parses("1e4", (OptRange){OPT_REAL, 0, 1e5}, 10000));
    CHECK(parses("0.25", (OptRange){OPT_REAL, 0.01, 60}, 0.25));
}

TEST(opt_errors_name_the_range)
{
    CHECK_STR(error_of("1e300", sizes), "option '-max': 1e300 is out of range (64 B .. 1 GiB)");
    CHECK_STR(error_of("2G", sizes), "option '-max': 2G is out of range (64 B .. 1 GiB)");
    CHECK_STR(error_of("1e999", sizes), "option '-max': 1e999 is out of range (64 B .. 1 GiB)");
    CHECK_STR(error_of("inf", sizes), "option '-max': 'inf' is not a size (64 B .. 1 GiB; K, M, G suffixes)");
    CHECK_STR(error_of("nan", sizes), "option '-max': 'nan' is not a size (64 B .. 1 GiB; K, M, G suffixes)");
    CHECK_STR(error_of("", sizes), "option '-max': '' is not a size (64 B .. 1 GiB; K, M, G suffixes)");
    CHECK_STR(error_of("12Q", sizes), "option '-max': '12Q' is not a size (64 B .. 1 GiB; K, M, G suffixes)");
    CHECK_STR(error_of("0x40", sizes), "option '-max': '0x40' is not a size (64 B .. 1 GiB; K, M, G suffixes)");
    CHECK_STR(error_of("100.5", sizes), "option '-max': 100.5 is not a whole number of bytes (64 B .. 1 GiB)");
    CHECK_STR(error_of("0", ints), "option '-max': 0 is out of range (1 .. 100000)");
    CHECK_STR(error_of("12x", ints), "option '-max': '12x' is not an integer (1 .. 100000)");
    CHECK_STR(error_of("1.5", ints), "option '-max': '1.5' is not an integer (1 .. 100000)");
    CHECK_STR(error_of("4K", ints), "option '-max': '4K' is not an integer (1 .. 100000)");
    CHECK_STR(error_of("99999999999999999999999", ints), "option '-max': 99999999999999999999999 is out of range (1 .. 100000)");
    CHECK_STR(error_of("\033[31m", ints), "option '-max': '\\x1b[31m' is not an integer (1 .. 100000)");
    CHECK_STR(error_of("-1", (OptRange){OPT_REAL, 0.01, 60}), "option '-max': -1 is out of range (0.01 .. 60)");
}

TEST(opt_one_integer_text)
{
    /* an integer is its digits, as llvm's options read it: no sign where the range has no
     * negative numbers, no '+', exponent or blank (clock -cpu took "-0", "+1", "1e0", " 1"); a
     * real is decimal (a probe file's 0x1p3 was 8) */
    static const char *const cpu_refused[] = {"-0", "+1", "1e0", " 1", "1 ", "-1"};
    char want[128];
    for (size_t i = 0; i < sizeof cpu_refused / sizeof *cpu_refused; i++) {
        snprintf(want, sizeof want, "option '-max': '%s' is not an integer (0 .. 4095)", cpu_refused[i]);
        CHECK_STR(error_of(cpu_refused[i], (OptRange){OPT_INT, 0, 4095}), want);
    }
    static const struct { const char *v; OptRange r; const char *err; } refused[] = {
        {"1e3", {OPT_COUNT, 1, 1e6}, "option '-max': '1e3' is not a count (1 .. 1000000; K, M, G suffixes)"},
        {"K", {OPT_COUNT, 1, 1e6}, "option '-max': 'K' is not a count (1 .. 1000000; K, M, G suffixes)"},
        {" 4K", {OPT_SIZE, 64, 1073741824.0}, "option '-max': ' 4K' is not a size (64 B .. 1 GiB; K, M, G suffixes)"},
        {"+0.5", {OPT_REAL, 0.01, 60}, "option '-max': '+0.5' is not a number (0.01 .. 60)"},
        {"0x1p3", {OPT_REAL, 0.01, 60}, "option '-max': '0x1p3' is not a number (0.01 .. 60)"},
        {"  ", {OPT_INT, 1, 100000}, "option '-max': '  ' is not an integer (1 .. 100000)"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
        CHECK_STR(error_of(refused[i].v, refused[i].r), refused[i].err);
}

TEST(opt_uint_text_and_quote)
{
    unsigned long long v = 0;
    CHECK(opt_uint_text("18446744073709551615", &v) && v == 18446744073709551615ull);
    CHECK(!opt_uint_text("18446744073709551616", &v));   /* past 64 bits */
    CHECK(opt_uint_text("0x1f", &v) && v == 31);
    CHECK(!opt_uint_text("+1", &v) && !opt_uint_text("-1", &v) && !opt_uint_text(" 1", &v) && !opt_uint_text("", &v));
    /* one escaping rule (util.h text_printable): UTF-8 text as it is; control bytes, C1 controls
     * (0xc2 0x9b), bytes of no well-formed UTF-8 (a lone 0x9b, 0xe9; an overlong 0xc0 0xaf) escaped */
    char q[200];
    opt_quote("caf\xc3\xa9|\x9b|\xc2\x9b|\xe9x|\xc0\xaf|\x1b[1m|\x7f", q, sizeof q);
    CHECK_STR(q, "caf\xc3\xa9|\\x9b|\\xc2\\x9b|\\xe9x|\\xc0\\xaf|\\x1b[1m|\\x7f");
}

TEST(opt_env_names_the_variable)
{
    char err[256] = "";
    double x = 7;
    unsetenv("UARCH_TEST_OPT_ENV");
    CHECK(opt_env("UARCH_TEST_OPT_ENV", ints, &x, err, sizeof err) && x == 7);   /* unset: untouched */
    setenv("UARCH_TEST_OPT_ENV", "", 1);
    CHECK(opt_env("UARCH_TEST_OPT_ENV", ints, &x, err, sizeof err) && x == 7);   /* empty: as unset */
    setenv("UARCH_TEST_OPT_ENV", "12", 1);
    CHECK(opt_env("UARCH_TEST_OPT_ENV", ints, &x, err, sizeof err) && x == 12);
    setenv("UARCH_TEST_OPT_ENV", "12x", 1);
    CHECK(!opt_env("UARCH_TEST_OPT_ENV", ints, &x, err, sizeof err) && x == 12);
    CHECK_STR(err, "$UARCH_TEST_OPT_ENV: '12x' is not an integer (1 .. 100000)");
    unsetenv("UARCH_TEST_OPT_ENV");
}

/* one rule for the boolean UARCH_* switches (UARCH_MCA_NO_CACHE=false was on: any text but 0) */
TEST(opt_env_bool_words)
{
    char err[256] = "";
    bool on = true;
    unsetenv("UARCH_TEST_OPT_BOOL");
    CHECK(opt_env_bool("UARCH_TEST_OPT_BOOL", &on, err, sizeof err) && !on);
    static const char *const off[] = {"", "0", "false", "no", "off", "FALSE", "No"}, *const yes[] = {"1", "true", "yes", "on", "ON", "True"};
    for (size_t i = 0; i < sizeof off / sizeof *off; i++) {
        setenv("UARCH_TEST_OPT_BOOL", off[i], 1);
        on = true;
        CHECK(opt_env_bool("UARCH_TEST_OPT_BOOL", &on, err, sizeof err) && !on);
    }
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
        setenv("UARCH_TEST_OPT_BOOL", yes[i], 1);
        on = false;
        CHECK(opt_env_bool("UARCH_TEST_OPT_BOOL", &on, err, sizeof err) && on);
    }
    setenv("UARCH_TEST_OPT_BOOL", "2", 1);
    CHECK(!opt_env_bool("UARCH_TEST_OPT_BOOL", &on, err, sizeof err) && !on);
    CHECK_STR(err, "$UARCH_TEST_OPT_BOOL: '2' is not a boolean (1, true, yes, on; 0, false, no, off)");
    unsetenv("UARCH_TEST_OPT_BOOL");
}

TEST(opt_int_clamps_to_int)
{
    char err[256];
    int x = 0;
    CHECK(!opt_parse_int("-n", "3000000000", (OptRange){OPT_INT, 0, 1e12}, &x, err, sizeof err));
    CHECK_STR(err, "option '-n': 3000000000 is out of range (0 .. 2147483647)");
    CHECK(opt_parse_int("-n", "2147483647", (OptRange){OPT_INT, 0, 1e12}, &x, err, sizeof err) && x == 2147483647);
}

TEST(opt_once_refuses_an_entry_given_twice)
{
    char err[256] = "";
    OptOnce o = {"-spacing", "each spacing is measured once"};
    CHECK(opt_once_add(&o, "4K", "4096", err, sizeof err));
    CHECK(opt_once_add(&o, "16", "16", err, sizeof err));
    CHECK_STR(err, "");
    CHECK(!opt_once_add(&o, "16", "16", err, sizeof err));
    CHECK_STR(err, "option '-spacing': '16' is given twice: each spacing is measured once");
    CHECK(!opt_once_add(&o, "4096", "4096", err, sizeof err));   /* the first spelling named */
    CHECK_STR(err, "option '-spacing': '4096' is given twice (as '4K'): each spacing is measured once");
    for (int k = 0; k < 100; k++) {   /* (grows) */
        char key[16];
        snprintf(key, sizeof key, "k%d", k);
        CHECK(opt_once_add(&o, key, key, err, sizeof err));
    }
    CHECK(!opt_once_add(&o, "\033[31m", "k7", err, sizeof err));
    CHECK_STR(err, "option '-spacing': '\\x1b[31m' is given twice (as 'k7'): each spacing is measured once");
    opt_once_free(&o);
    CHECK_INT(o.n, 0);
    CHECK(opt_once_add(&o, "16", "16", err, sizeof err));
    opt_once_free(&o);
}

static void count_cpu(int cpu, void *ctx)
{
    int *seen = ctx;
    seen[0]++;
    seen[1] = cpu;
}

TEST(opt_cpu_list_sysfs)
{
    CHECK_INT(opt_cpu_list("1\n", NULL, NULL), 1);
    CHECK_INT(opt_cpu_list("0-1", NULL, NULL), 2);
    CHECK_INT(opt_cpu_list("0-3,8,10-11\n", NULL, NULL), 7);
    CHECK_INT(opt_cpu_list("3-1", NULL, NULL), -1);
    CHECK_INT(opt_cpu_list("x", NULL, NULL), -1);
    /* the CPUs before a fault are given (pmu stat pins to them, as before) */
    int seen[2] = {0, -1};
    CHECK_INT(opt_cpu_list("4-6,9x", count_cpu, seen), -1);
    CHECK_INT(seen[0], 4);
    CHECK_INT(seen[1], 9);
}

/* the one reader of option words (mca, bench run, pmu, and opt_split_eq's commands) */
TEST(opt_word_reads)
{
    OptWord w;
    CHECK(opt_word("-json", &w));
    CHECK_INT((int)w.len, 4);
    CHECK_INT(w.dashes, 1);
    CHECK(w.value == NULL);
    CHECK(opt_word_is(&w, "json"));
    CHECK(!opt_word_is(&w, "jso"));
    CHECK(!opt_word_is(&w, "jsonx"));
    CHECK(opt_word("--iterations=10", &w));
    CHECK_INT(w.dashes, 2);
    CHECK(opt_word_is(&w, "iterations"));
    CHECK_STR(w.value, "10");
    /* the first '=' ends the name; the value may hold more, or be empty */
    CHECK(opt_word("-csv=a=b.csv", &w));
    CHECK(opt_word_is(&w, "csv"));
    CHECK_STR(w.value, "a=b.csv");
    CHECK(opt_word("-o=", &w));
    CHECK(opt_word_is(&w, "o"));
    CHECK_STR(w.value, "");
    /* "-x v": the value is the next word, the caller's to take */
    CHECK(opt_word("-x", &w));
    CHECK(w.value == NULL);
    /* no option: a positional word, and "-" (stdin) */
    CHECK(!opt_word("file.s", &w));
    CHECK(!opt_word("-", &w));
    CHECK(!opt_word("", &w));
    /* "--" is one with an empty name; "---x" names "-x"; "-=3" an empty name with a value */
    CHECK(opt_word("--", &w));
    CHECK_INT((int)w.len, 0);
    CHECK(opt_word_is(&w, ""));
    CHECK(opt_word("---x", &w));
    CHECK(opt_word_is(&w, "-x"));
    CHECK(!opt_word_is(&w, "x"));
    CHECK(opt_word("-=3", &w));
    CHECK_INT((int)w.len, 0);
    CHECK_STR(w.value, "3");
}

/* "-name=value" split for the commands that read "-name value" (bench's experiments, clock) */
TEST(opt_split_eq_words)
{
    char *in[] = {"dcache", "-min=4K", "-max", "8K", "-csv=a=b.csv", "-q", "x=1", "-=3", "-9=1", "--json=1",
                  "-a.b=1", "-run_s-2=", "-", NULL};
    int n = 13;
    char **out = opt_split_eq(&n, in);
    CHECK_INT(n, 16);
    const char *want[] = {"dcache", "-min", "4K", "-max", "8K", "-csv", "a=b.csv", "-q", "x=1", "-=3", "-9=1",
                          "--json=1", "-a.b=1", "-run_s-2", "", "-"};
    for (int i = 0; i < n && i < 16; i++)
        CHECK_STR(out[i], want[i]);
    CHECK(out[16] == NULL);
    free(out);
}
